"""Repair stage: read the damaged (mojibake) runs of a chapter in step again.

A damaged run is GBK text that was decoded one byte out of step. It starts with a `?`
(one byte the decoder could not use) after the indentation and ends cleanly when a trail
byte happens to be ASCII or 0x80, or lossily with a `?` where a real ASCII character was
swallowed together with the trail byte of the character before it. Re-encoding the run
and pairing the bytes in step gives the text back; bytes that were lost leave characters
known by one byte only, and those are chosen with the context model or marked lost.

One chapter also dropped the private-use characters (GBK user-defined pairs) of its runs;
there the pair is restored as a gap of two unknown bytes wherever the decoded text shows
that something is missing.

The stage is pure: text in, repaired lines and repair records out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from types import MappingProxyType

from catalog import excerpt
from extract import gbk
from extract.context import LOST, ContextModel

PINYIN_VOWELS = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
PINYIN = re.compile(r"\(([a-zü]*[" + PINYIN_VOWELS + r"][a-zü]*)\)")
# The same annotation after its "(" was swallowed by a lossy end.
PINYIN_OPEN_LOST = re.compile(r"([a-zü]*[" + PINYIN_VOWELS + r"][a-zü]*)\)")
ANNOTATED = re.compile(r"([\u3400-\u9fff])\(([a-zü]*[" + PINYIN_VOWELS + r"][a-zü]*)\)")
MARKUP_AFTER = ("br/>", "/p>")
# Where a lossy end is followed by one of these, the swallowed ASCII character was a digit:
# they are counters and units that the compendium always writes after a number.
NEEDS_NUMBER = frozenset("0123456789翻符倍次巡張点點回本筒萬万索～")
WHITESPACE = " \u3000"


@dataclass(frozen=True)
class Repair:
    kind: str
    line: int
    column: int
    damaged: str
    result: str
    evidence: str = ""
    # For a lost character: where it sits in the repaired line and what it could be.
    position: int = -1
    candidates: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "line": self.line,
            "column": self.column,
            "damaged": self.damaged,
            "result": self.result,
            "evidence": self.evidence,
        }
        if self.kind == "char_lost":
            out["candidates"] = "".join(self.candidates)  # what the surviving byte allows
        return out


@dataclass(frozen=True)
class RepairedLine:
    number: int
    source: str
    text: str
    repairs: tuple[Repair, ...] = ()


class DamageError(ValueError):
    """A damaged run that does not follow the known damage pattern."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


# --- reading a damaged run ----------------------------------------------------------

@dataclass
class _Gap:
    """Two unknown bytes that were dropped from the out-of-step stream."""

    allowed: tuple[tuple[int, int], ...] | None  # None: any user-defined pair
    reason: str


@dataclass
class _Run:
    start: int  # column of the leading `?`
    end: int  # column after the run (after its closing character)
    items: list[int | _Gap | None] = field(default_factory=list)
    tail: str = ""  # "clean", "lossy" or "eol"
    after_pinyin: str | None = None  # pinyin annotation right after a clean end

    def text(self, line: str) -> str:
        return line[self.start : self.end]


def pinyin_readings(texts: Sequence[str]) -> dict[str, frozenset[str]]:
    """Pinyin -> characters, learned from the annotations in the intact text."""
    readings: dict[str, set[str]] = {}
    for text in texts:
        for m in ANNOTATED.finditer(text):
            readings.setdefault(m.group(2), set()).add(m.group(1))
    return {k: frozenset(v) for k, v in readings.items()}


def _is_run_start(line: str, i: int) -> bool:
    if line[i] != "?" or i + 1 >= len(line):
        return False
    before = line[:i]
    if before and before[-1] not in WHITESPACE:
        return False
    nxt = line[i + 1]
    return ord(nxt) >= 0x80 and gbk.encode_damaged(nxt) is not None


def _scan_run(line: str, i: int, readings: dict[str, frozenset[str]], number: int) -> _Run:
    run = _Run(start=i, end=i + 1, items=[None])
    j = i + 1
    while j < len(line):
        ch = line[j]
        if ch == "?":
            m = PINYIN.match(line, j + 1) or PINYIN_OPEN_LOST.match(line, j + 1)
            nxt = line[m.end()] if m and m.end() < len(line) else ""
            if m and nxt and ord(nxt) >= 0x80:
                # A lost out-of-step character whose pinyin annotation survived.
                chars = readings.get(m.group(1), frozenset())
                pairs = tuple(
                    sorted((raw[0], raw[1]) for c in chars if (raw := gbk.encode_damaged(c)))
                )
                run.items.append(_Gap(pairs, f"pinyin ({m.group(1)}) of a lost character"))
                j = m.end()
                continue
            run.items.append(None)  # trail byte swallowed with the next ASCII character
            run.tail = "lossy"
            run.end = j + 1
            return run
        raw = gbk.encode_damaged(ch)
        if raw is None:
            raise DamageError(number, f"character {excerpt(ch)} cannot be part of a damaged run")
        run.items.extend(raw)
        if len(raw) == 1:
            if not gbk.is_trail(raw[0]):
                raise DamageError(
                    number, f"damaged run ends in {excerpt(ch)}, not a GBK trail byte"
                )
            run.tail = "clean"
            run.end = j + 1
            m = PINYIN.match(line, j + 1)
            if m:
                run.after_pinyin = m.group(1)
            return run
        j += 1
    run.items.append(None)
    run.tail = "eol"
    run.end = len(line)
    return run


def _find_runs(line: str, readings: dict[str, frozenset[str]], number: int) -> list[_Run]:
    runs = []
    i = 0
    while i < len(line):
        if _is_run_start(line, i):
            run = _scan_run(line, i, readings, number)
            runs.append(run)
            i = run.end
        else:
            i += 1
    return runs


# --- hypotheses about dropped pairs ----------------------------------------------------


def _with_gaps(items: list[int | _Gap | None], positions: Sequence[int]) -> list:
    out = list(items)
    for p in sorted(positions, reverse=True):
        out.insert(p, _Gap(None, "dropped private-use pair"))
    return out


def _pairs(items: list) -> Iterator[tuple]:
    flat: list = []
    for it in items:
        if isinstance(it, _Gap):
            flat.extend((("gap", it, 0), ("gap", it, 1)))
        else:
            flat.append(it)
    if len(flat) % 2:
        return
    for k in range(0, len(flat), 2):
        yield flat[k], flat[k + 1]


@dataclass
class _Slot:
    """One in-step character of a run: known, or chosen among candidates."""

    known: str | None
    candidates: Mapping[str, tuple[int, int]]  # char -> (lead, trail)
    gap: _Gap | None = None
    gap_side: int = -1


def _slots(items: list) -> list[_Slot] | None:
    slots: list[_Slot] = []
    flat_pairs = list(_pairs(items))
    if not flat_pairs:
        return None
    for a, b in flat_pairs:
        if isinstance(a, int) and isinstance(b, int):
            ch = gbk.decode_pair(a, b)
            if ch is None:
                return None
            slots.append(_Slot(ch, {ch: (a, b)}))
        elif isinstance(a, int):
            gap, side = (b[1], 0) if isinstance(b, tuple) else (None, -1)
            cands = _known_byte_candidates(a, 0, gap is not None, gap.allowed if gap else None)
            slots.append(_Slot(None, cands, gap, side))
        elif isinstance(b, int):
            gap, side = (a[1], 1) if isinstance(a, tuple) else (None, -1)
            cands = _known_byte_candidates(b, 1, gap is not None, gap.allowed if gap else None)
            slots.append(_Slot(None, cands, gap, side))
        else:
            return None  # two unknown bytes in one character: nothing to go on
    return slots


@cache
def _known_byte_candidates(
    byte: int, position: int, next_to_gap: bool, allowed: tuple[tuple[int, int], ...] | None
) -> Mapping[str, tuple[int, int]]:
    """char -> (lead, trail) of every character whose lead (position 0) or trail byte
    (position 1) is the known `byte`; next to a dropped pair, only those whose other byte
    the pair can hold (`allowed`, as in _Gap). The same few bytes come back in every
    hypothesis about a run, so each answer is worked out once; it is read-only."""
    if position == 0:
        cands = {ch: (byte, t) for t, ch in gbk.chars_with_lead(byte)}
    else:
        cands = {ch: (ld, byte) for ld, ch in gbk.chars_with_trail(byte)}
    if next_to_gap:
        other = 1 - position
        cands = {c: lt for c, lt in cands.items() if _gap_byte_ok(allowed, position, lt[other])}
    return MappingProxyType(cands)


def _gap_byte_ok(allowed: tuple[tuple[int, int], ...] | None, side: int, byte: int) -> bool:
    """Whether a dropped pair (its `allowed` pairs, None for any user-defined one) can
    have `byte` as its byte on `side` (0: first, 1: second)."""
    if allowed is None:
        if side == 0:
            return 0xA1 <= byte <= 0xA7 or 0xAA <= byte <= 0xAF or 0xF8 <= byte <= 0xFE
        return True
    return any(pair[side] == byte for pair in allowed)


def _gap_pair_ok(gap: _Gap, first: int, second: int) -> bool:
    if gap.allowed is None:
        return gbk.is_user_defined(first, second)
    return (first, second) in gap.allowed


@dataclass
class _Reading:
    text: str
    lost: list[int]  # indexes into text of characters that stay lost
    candidates: dict[int, tuple[str, ...]]
    chosen: list[tuple[int, str, str]]  # (index, char, evidence)
    plausibility: float
    gaps: int


def _read(
    slots: list[_Slot],
    left: str,
    right: str,
    model: ContextModel,
    final_pinyin: frozenset[str] | None,
    ngaps: int,
) -> _Reading | None:
    chars: list[str | None] = [s.known for s in slots]
    if final_pinyin is not None and slots:
        last = slots[-1]
        if last.known is not None and last.known not in final_pinyin:
            return None
        if last.known is None:
            last.candidates = {c: v for c, v in last.candidates.items() if c in final_pinyin}
            if not last.candidates:
                return None
    lost: list[int] = []
    chosen: list[tuple[int, str, str]] = []

    def ctx(k: int) -> tuple[str, str]:
        lt = left + "".join(c or LOST for c in chars[:k])
        rt = "".join(c or LOST for c in chars[k + 1 :]) + right
        return lt, rt

    k = 0
    while k < len(slots):
        s = slots[k]
        if s.known is not None:
            k += 1
            continue
        nxt = slots[k + 1] if k + 1 < len(slots) else None
        if s.gap is not None and s.gap_side == 0 and nxt is not None and nxt.gap is s.gap:
            lt, _ = ctx(k)
            _, rt = ctx(k + 1)
            firsts = model_rank(model, lt, s.candidates, LOST + rt)
            seconds = model_rank(model, lt + LOST, nxt.candidates, rt)
            pairs = [
                (ca, cb)
                for (_sa, ca), (_sb, cb) in product(firsts[:12], seconds[:12])
                if _gap_pair_ok(s.gap, s.candidates[ca][1], nxt.candidates[cb][0])
            ]
            combos = [
                (before + after, ca, cb)
                for (ca, cb), before, after in zip(
                    pairs, *_pair_scores(model, lt, pairs, rt), strict=True
                )
            ]
            combos.sort(key=lambda x: (-x[0], x[1], x[2]))
            if combos:
                best = combos[0]
                second = combos[1][0] if len(combos) > 1 else 0.0
                clear = best[0] >= 4.0 and best[0] >= 2.0 * second and best[0] - second >= 2.0
                chars[k], chars[k + 1] = best[1], best[2]
                if clear:
                    chosen.append((k, best[1], f"context (score {best[0]:.1f} vs {second:.1f})"))
                    chosen.append(
                        (k + 1, best[2], f"context (score {best[0]:.1f} vs {second:.1f})")
                    )
                else:
                    lost.extend((k, k + 1))
            else:
                lost.extend((k, k + 1))
            k += 2
            continue
        lt, rt = ctx(k)
        choice = model.choose(lt, s.candidates, rt)
        chars[k] = choice.best
        if choice.best is not None and (choice.clear or len(s.candidates) == 1):
            why = (
                "only candidate"
                if len(s.candidates) == 1
                else f"context (score {choice.score:.1f} vs {choice.runner_up_score:.1f}"
                f" for {choice.runner_up})"
            )
            if final_pinyin is not None and k == len(slots) - 1:
                why = "pinyin annotation; " + why
            chosen.append((k, choice.best, why))
        else:
            lost.append(k)
        k += 1
    text = "".join(c or LOST for c in chars)
    shown = "".join(LOST if i in lost else c for i, c in enumerate(text))
    cands = {i: tuple(sorted(slots[i].candidates)) for i in lost}
    return _Reading(shown, lost, cands, chosen, model.plausibility(left + text + right), ngaps)


def _pair_scores(
    model: ContextModel, left: str, pairs: list[tuple[str, str]], right: str
) -> tuple[list[float], list[float]]:
    """For each (first, second) pair filling a dropped pair between `left` and `right`:
    the score of `first` before `second`, and of `second` after `first`.

    Asked one context at a time (every first character before one second character, then
    every second character after one first character), which the model scores in a batch.
    """
    by_second: dict[str, list[str]] = {}
    by_first: dict[str, list[str]] = {}
    for ca, cb in pairs:
        by_second.setdefault(cb, []).append(ca)
        by_first.setdefault(ca, []).append(cb)
    first_score = {
        (ca, cb): sc
        for cb, firsts in by_second.items()
        for sc, ca in model.scores(left, firsts, cb + right)
    }
    second_score = {
        (ca, cb): sc
        for ca, seconds in by_first.items()
        for sc, cb in model.scores(left + ca, seconds, right)
    }
    return [first_score[p] for p in pairs], [second_score[p] for p in pairs]


def model_rank(model: ContextModel, left: str, cands: Mapping[str, object], right: str) -> list:
    """Candidates with their context scores, best first (ties by character)."""
    return sorted(model.scores(left, cands, right), key=lambda x: (-x[0], x[1]))


# --- the stage ----------------------------------------------------------------------


def repair_line(
    number: int,
    line: str,
    model: ContextModel,
    readings: dict[str, frozenset[str]],
    drops_private_use: bool,
) -> RepairedLine:
    runs = _find_runs(line, readings, number)
    if not runs:
        return RepairedLine(number, line, line)
    out: list[str] = []
    repairs: list[Repair] = []
    pos = 0
    for run in runs:
        out.append(line[pos : run.start])
        left = "".join(out)[-3:]
        right_raw = line[run.end :]
        if run.after_pinyin:
            right_raw = right_raw[len(run.after_pinyin) + 2 :]
        tail_text = ""
        if run.tail == "lossy":
            if right_raw.startswith(MARKUP_AFTER):
                tail_text = "<"
            elif right_raw[:1] in NEEDS_NUMBER:
                tail_text = LOST
        # A swallowed digit still tells the context model that a number stood there.
        right = ("0" if tail_text == LOST else tail_text) + _strip_pinyin(right_raw)[:3]
        final_pinyin = None
        if run.after_pinyin:
            final_pinyin = readings.get(run.after_pinyin)
        reading = _best_reading(run, left, right, model, final_pinyin, drops_private_use, number)
        text = reading.text
        damaged = run.text(line)
        result = text + tail_text
        col = run.start + 1
        repairs.append(
            Repair(
                "realigned",
                number,
                col,
                damaged,
                result,
                f"GBK bytes re-read in step ({reading.gaps} dropped pair(s) restored)"
                if reading.gaps
                else "GBK bytes re-read in step",
            )
        )
        for _k, ch, why in reading.chosen:
            repairs.append(Repair("char_restored", number, col, damaged, ch, why))
        offset = len("".join(out))
        for k in reading.lost:
            repairs.append(
                Repair(
                    "char_lost",
                    number,
                    col,
                    damaged,
                    LOST,
                    "no clear choice among candidates",
                    offset + k,
                    reading.candidates[k],
                )
            )
        if tail_text == "<":
            repairs.append(
                Repair("markup_restored", number, col, damaged, "<", "followed by br/> or /p>")
            )
        elif tail_text == LOST:
            repairs.append(
                Repair("digit_lost", number, col, damaged, LOST, "ASCII character swallowed")
            )
        out.append(result)
        pos = run.end
    out.append(line[pos:])
    return RepairedLine(number, line, "".join(out), tuple(repairs))


def _strip_pinyin(text: str) -> str:
    return PINYIN.sub("", text)


def _best_reading(
    run: _Run,
    left: str,
    right: str,
    model: ContextModel,
    final_pinyin: frozenset[str] | None,
    drops_private_use: bool,
    number: int,
) -> _Reading:
    candidates: list[_Reading] = []
    base = _slots(run.items)
    if base is not None:
        plain = _read(base, left, right, model, final_pinyin, 0)
        if plain is not None:
            candidates.append(plain)
    if drops_private_use:
        positions = _gap_positions(run.items)
        for pos in positions:
            slots = _slots(_with_gaps(run.items, [pos]))
            if slots is None:
                continue
            r = _read(slots, left, right, model, final_pinyin, 1)
            if r is not None:
                candidates.append(r)
    if not candidates:
        raise DamageError(number, f"damaged run {excerpt(str(run.items))} cannot be read in step")

    # The reading whose character pairs the corpus knows best wins; each character left
    # lost and each dropped pair assumed costs a little, so a reading has to earn them.
    def rank(r: _Reading) -> tuple:
        return (-r.plausibility + 0.15 * len(r.lost) + 0.05 * r.gaps, r.gaps, r.text)

    candidates.sort(key=rank)
    return candidates[0]


def _gap_positions(items: list) -> list[int]:
    """Offsets in the out-of-step stream where a dropped pair can have been."""
    positions = []
    offset = 0
    for idx, it in enumerate(items):
        if offset % 2 == 1 and idx > 0:
            positions.append(idx)
        offset += 2 if isinstance(it, _Gap) else 1
    return positions


def repair_text(
    text: str,
    model: ContextModel,
    readings: dict[str, frozenset[str]],
    drops_private_use: bool,
) -> list[RepairedLine]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    repaired = [
        repair_line(n, line, model, readings, drops_private_use)
        for n, line in enumerate(lines, start=1)
    ]
    return _contrast_pass(repaired, model)


# Option menus often oppose two answers; a lost character that turns its option into the
# exact opposite of a neighbouring option of the same menu is taken from that contrast.
ANTONYMS = {("有", "无"), ("无", "有"), ("是", "否"), ("否", "是")}
OPTION_TEXT = re.compile(r"^[ \u3000]*[ａ-ｈ][ \u3000]+(.*)$")
SPLIT = re.compile(r"<\s*br\s*/?>|</p>")


def _contrasts(a: str, b: str) -> bool:
    # An option's explanation in parentheses does not change what it answers.
    a, b = a.split("（")[0], b.split("（")[0]
    return a == "不" + b or b == "不" + a or (a, b) in ANTONYMS


def _option_parts(text: str) -> list[tuple[int, str]]:
    """(start offset, option text) of each option written on a repaired line."""
    parts = []
    pos = 0
    for piece in SPLIT.split(text):
        m = OPTION_TEXT.match(piece)
        if m:
            parts.append((pos + m.start(1), m.group(1)))
        pos += len(piece)
        rest = text[pos:]
        sep = SPLIT.match(rest)
        if sep:
            pos += sep.end()
    return parts


def _contrast_pass(lines: list[RepairedLine], model: ContextModel) -> list[RepairedLine]:
    out = list(lines)
    for i, rl in enumerate(lines):
        lost = [r for r in rl.repairs if r.kind == "char_lost" and r.candidates]
        if not lost:
            continue
        siblings: list[tuple[int, str]] = []
        for j in range(max(0, i - 3), min(len(lines), i + 4)):
            siblings += [
                (lines[j].number, _strip_pinyin(t)) for _, t in _option_parts(lines[j].text)
            ]
        text = rl.text
        repairs = list(rl.repairs)
        for r in lost:
            here = [
                (start, t)
                for start, t in _option_parts(text)
                if start <= r.position < start + len(t)
            ]
            if len(here) != 1 or here[0][1].count(LOST) != 1:
                continue
            own = here[0][1]
            others = [(n, t) for n, t in siblings if LOST not in t and t != own]
            fits = set()
            for c in r.candidates:
                mine = model.fold(own.replace(LOST, c))
                for n, t in others:
                    if _contrasts(mine, model.fold(t)):
                        fits.add((c, n, t))
            if len({c for c, _, _ in fits}) == 1:
                c, n, t = min(fits)
                text = text[: r.position] + c + text[r.position + 1 :]
                repairs[repairs.index(r)] = Repair(
                    "char_restored",
                    r.line,
                    r.column,
                    r.damaged,
                    c,
                    f"contrast with the option {t!r} of the same menu (line {n})",
                )
        out[i] = RepairedLine(rl.number, rl.source, text, tuple(repairs))
    return out


def intact_text(text: str) -> list[str]:
    """The parts of a chapter outside damaged runs, for the context model."""
    parts: list[str] = []
    for n, line in enumerate(text.split("\n"), start=1):
        try:
            runs = _find_runs(line, {}, n)
        except DamageError:
            continue
        pos = 0
        for run in runs:
            parts.append(line[pos : run.start])
            pos = run.end
        parts.append(line[pos:])
    return [_strip_pinyin(p) for p in parts if p.strip()]
