"""`yakubook evaluate WIN.json [--rules R.toml] [--json]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from yakubook import bounded
from yakubook.engine import _accel
from yakubook.errors import InputError
from yakubook.report import stdout_shows_unicode


def _describe(value: dict) -> str:
    kind = value["kind"]
    if value.get("lost"):
        return "? (value lost in the source; a ruleset can supply it, e.g. han = 2)"
    if value.get("supplied_by_ruleset"):
        plain = _describe({k: v for k, v in value.items() if k != "supplied_by_ruleset"})
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
    return kind


def run_evaluate(win_path: Path, rules_path: Path | None, as_json: bool) -> int:
    from yakubook.engine.evaluation import evaluate
    from yakubook.engine.rules import Ruleset
    from yakubook.engine.win import MAX_JSON_BYTES, Win, read_json

    try:
        try:
            # Read no further than the cap: `evaluate /dev/zero` stops there.
            text = bounded.read_text(win_path, str(win_path), MAX_JSON_BYTES)
        except bounded.CuratedError as e:
            raise InputError(str(e)) from None
        try:
            obj = read_json(text)
        except InputError as e:
            raise InputError(f"{win_path}: {e}") from None
        if not isinstance(obj, dict):
            raise InputError(f"{win_path}: the winning hand must be a JSON object")
        try:
            win = Win.from_json(obj)
        except InputError as e:
            raise InputError(f"{win_path}: {e}") from None
        ruleset = Ruleset.load(rules_path)
        result = evaluate(win, ruleset, score=True)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if as_json:
        # Which engine answered: "c" (the accelerator) or "python" (yakubook/engine/_accel.py).
        out = {**result.to_json(), "engine": _accel.ENGINE}
        print(json.dumps(out, ensure_ascii=not stdout_shows_unicode(), indent=1))
        return 0
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
        print(f"{a.id}  {a.name}  option {a.letter}: {_describe(a.value)}{note}{extra}")
    if result.not_implemented:
        print(f"({len(result.not_implemented)} enabled yaku have no body yet and were not checked)")
    if result.score is not None:
        print("\n".join(result.score.lines()))
    return 0
