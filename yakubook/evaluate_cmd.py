"""`yakubook evaluate`: winning hands as a player types them, or as Win JSON.

    yakubook evaluate 234567m345p67888s --win 6s --tsumo --seat S [--meld "pon 777z"] …
    yakubook evaluate win.json [more.json …] | wins.jsonl | -   (stdin)

An argument that is an existing file (or looks like a path) is read as JSON: one win
object (WIN_FORMAT.md), or JSON Lines, one win object a line (a file over one win's 64 KB
is read as JSON Lines only when named .jsonl or .ndjson). Any other argument is a
hand in MPSZ, its situation given by the flags. Every input is read and checked before
anything is evaluated, so bad input prints one line and nothing else.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yakubook import bounded
from yakubook.engine import _accel
from yakubook.errors import InputError
from yakubook.report import stdout_shows_unicode
from yakubook.suggest import did_you_mean

# A JSON Lines file (named so, or standard input) holds many wins, each line held to the
# one-win cap (win.py's MAX_JSON_BYTES, which any other file is held to as a whole).
MAX_JSONL_BYTES = 16 * 1024 * 1024
JSON_LINES_SUFFIXES = (".jsonl", ".ndjson")
MAX_WINS = 100_000
# what --seat and --round take (WIN_FORMAT.md's seat and round)
WINDS = ("E", "S", "W", "N", "1z", "2z", "3z", "4z")


@dataclass(frozen=True)
class HandFlags:
    """The situation of a hand typed in MPSZ (the flags beside it on the command line)."""

    win: str | None = None
    tsumo: bool = False
    seat: str | None = None
    round: str | None = None
    melds: list[str] = field(default_factory=list)
    riichi: bool = False
    dora: list[str] = field(default_factory=list)

    def given(self) -> list[str]:
        """The flags set, as typed (they describe an MPSZ hand, not a JSON file)."""
        flags = {"--win": self.win, "--tsumo": self.tsumo, "--seat": self.seat,
                 "--round": self.round, "--meld": self.melds, "--riichi": self.riichi,
                 "--dora": self.dora}
        return [name for name, value in flags.items() if value]

    def win_json(self, hand: str) -> dict[str, Any]:
        """The Win JSON object (WIN_FORMAT.md) of hand with these flags."""
        if self.win is None:
            raise InputError(f"{hand}: a hand typed in MPSZ needs --win TILE (the winning "
                             "tile, one of the hand's tiles)")
        for flag, wind in (("--seat", self.seat), ("--round", self.round)):
            if wind is not None and wind not in WINDS:
                raise InputError(f"{flag} {bounded.excerpt(wind)}: not a wind (use E, S, W or N)"
                                 + did_you_mean(wind.upper(), WINDS[:4], n=1))
        obj: dict[str, Any] = {"hand": hand, "win": self.win}
        if self.melds:
            obj["melds"] = list(self.melds)
        if self.tsumo:
            obj["tsumo"] = True
        if self.seat is not None:
            obj["seat"] = self.seat
        if self.round is not None:
            obj["round"] = self.round
        if self.riichi:
            obj["riichi"] = "riichi"
        if self.dora:
            obj["dora"] = "".join(self.dora)
        return obj


def describe_value(value: dict) -> str:
    """A value option's structured value in words: ``2 han``, ``2x yakuman`` …"""
    kind = value["kind"]
    if value.get("lost"):
        return "? (value lost in the source; a ruleset can supply it, e.g. han = 2)"
    if value.get("supplied_by_ruleset"):
        plain = describe_value({k: v for k, v in value.items() if k != "supplied_by_ruleset"})
        return f"{plain} (number supplied by the ruleset)"
    if kind == "han":
        return f"{value['han']} han"
    if kind == "fu_han":
        return f"{value['fu']} fu {value['han']} han"
    if kind == "additive":
        return f"{value['han']} han + the han of {value['plus']}"
    if kind == "yakuman":
        return "yakuman" if value["multiple"] == 1 else f"{value['multiple']}x yakuman"
    if kind == "limit":
        m = value.get("multiple") or 1
        return value["limit"] if m == 1 else f"{m}x {value['limit']}"
    if kind == "adopted":
        return "adopted"
    if kind == "none":
        return "off"
    if kind == "conditional":
        return "; ".join(f"{case['when']}: {describe_value(case['value'])}"
                         for case in value.get("cases", ()))
    return kind


def looks_like_a_file(argument: str) -> bool:
    """Whether an argument names a file (read as JSON) rather than a hand in MPSZ."""
    return (argument == "-" or Path(argument).is_file() or "/" in argument
            or "." in argument)


def _is_json_lines(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return len(lines) > 1 and all(ln.startswith("{") and ln.endswith("}") for ln in lines)


def _read_input(argument: str) -> tuple[str, str]:
    """(label, text) of a file argument; `-` is standard input."""
    if argument == "-":
        data = sys.stdin.buffer.read(MAX_JSONL_BYTES + 1)
        if len(data) > MAX_JSONL_BYTES:
            raise InputError(f"<stdin>: more than the {MAX_JSONL_BYTES} bytes allowed")
        try:
            return "<stdin>", bounded.decode_utf8(data, "<stdin>")
        except bounded.CuratedError as e:
            raise InputError(str(e)) from None
    from yakubook.engine.win import MAX_JSON_BYTES

    path = Path(argument)
    # One win's cap, unless the name says JSON Lines (many wins, each held to that cap).
    limit = MAX_JSONL_BYTES if path.suffix in JSON_LINES_SUFFIXES else MAX_JSON_BYTES
    try:
        # Read no further than the cap: `evaluate /dev/zero` stops there.
        return argument, bounded.read_text(path, argument, limit)
    except bounded.CuratedError as e:
        raise InputError(str(e)) from None


def _win_objects(label: str, text: str) -> list[tuple[str, Any]]:
    """(label, parsed JSON) of each win in a file's text: one object, or JSON Lines."""
    from yakubook.engine.win import read_json

    if _is_json_lines(text):
        found = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                where = f"{label}:{number}"
                try:
                    found.append((where, read_json(line)))
                except InputError as e:
                    raise InputError(f"{where}: {e}") from None
        return found
    try:
        return [(label, read_json(text))]
    except InputError as e:
        raise InputError(f"{label}: {e}") from None


def read_wins(arguments: list[str], flags: HandFlags) -> list[tuple[str, Any]]:
    """(label, Win) of every input, in order; InputError on the first bad one."""
    from yakubook.engine.win import Win

    hands = [a for a in arguments if not looks_like_a_file(a)]
    if hands and len(arguments) > 1:
        raise InputError(f"{hands[0]}: a hand typed in MPSZ is evaluated alone (its flags "
                         "describe it); put several hands in a JSON Lines file")
    if not hands and flags.given():
        given = flags.given()
        raise InputError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for a hand "
                         "typed in MPSZ; a JSON win gives its situation itself (WIN_FORMAT.md)")
    if hands:
        objects = [(hands[0], flags.win_json(hands[0]))]
    else:
        objects = [obj for a in arguments for obj in _win_objects(*_read_input(a))]
    if len(objects) > MAX_WINS:
        raise InputError(f"more than {MAX_WINS} winning hands in one run")
    wins = []
    for label, obj in objects:
        if not isinstance(obj, dict):
            raise InputError(f"{label}: the winning hand must be a JSON object")
        try:
            wins.append((label, Win.from_json(obj)))
        except InputError as e:
            raise InputError(f"{label}: {e}") from None
    return wins


def run_evaluate(arguments: Sequence[str | os.PathLike[str]] | str | os.PathLike[str],
                 rules: str | os.PathLike[str] | None, as_json: bool,
                 flags: HandFlags | None = None) -> int:
    """Evaluate every input (one argument or several); 0, or 2 on bad input."""
    from yakubook import presets
    from yakubook.engine.evaluation import evaluate

    if isinstance(arguments, (str, os.PathLike)):
        arguments = [arguments]
    try:
        wins = read_wins([os.fspath(a) for a in arguments], flags or HandFlags())
        ruleset = presets.load(None if rules is None else os.fspath(rules))
        results = [(label, evaluate(win, ruleset, score=True)) for label, win in wins]
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if len(results) == 1:
        _print_result(results[0][1], as_json, indent=1)
        return 0
    for label, result in results:
        if as_json:  # JSON Lines: one result a line, naming its input
            print(json.dumps({"input": label, **_json(result)},
                             ensure_ascii=not stdout_shows_unicode()))
        else:
            print(f"== {label}")
            _print_result(result, as_json=False)
    return 0


def _json(result: Any) -> dict[str, Any]:
    # Which engine answered: "c" (the accelerator) or "python" (yakubook/engine/_accel.py).
    return {**result.to_json(), "engine": _accel.ENGINE}


def _print_result(result: Any, as_json: bool, indent: int | None = None) -> None:
    if as_json:
        print(json.dumps(_json(result), ensure_ascii=not stdout_shows_unicode(), indent=indent))
        return
    interp = result.interpretation
    if interp is not None:
        blocks = " ".join(
            ("(" if b.open else "")
            + "".join(str(t % 9 + 1) for t in b.tiles)
            + "mpsz"[b.tiles[0] // 9]
            + (")" if b.open else "")
            for b in interp.blocks
        )
        print(f"interpretation: {interp.kind}, wait {interp.wait}: {blocks}")
    if result.standard:
        print("standard yaku: " + ", ".join(result.standard))
    if not result.yaku:
        print("no local yaku holds under these rules")
    for a in result.yaku:
        extra = f"  [{'; '.join(n['text'] for n in a.combination)}]" if a.combination else ""
        note = f"  ({a.note})" if a.note else ""
        print(f"{a.id}  {a.name}  option {a.letter}: {describe_value(a.value)}{note}{extra}")
    if result.not_implemented:
        print(f"({len(result.not_implemented)} enabled yaku have no body yet and were not checked)")
    if result.score is not None:
        print("\n".join(result.score.lines()))
