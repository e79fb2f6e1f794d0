"""Section 3-10's mask and compare forms answer as the forms they replaced.

The helpers and bodies of yakubook/engine/bodies/s3_10.py that were rewritten for speed
(bit masks of the sequence starts instead of sets and permutations; compares on the
sorted starts instead of counting) are checked against the old code, kept here as the
reference: on every multiset of up to four sequence starts (12,650 of them), through a
stand-in view that holds only the starts, and on seeded random winning hands and every
catalog example, read every way, under every option variant.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import combinations_with_replacement, permutations
from pathlib import Path
from typing import Any

from yakubook.generated.s3_10 import ChinpeikouValue, KinmonkyouCondition, KinmonkyouFlush

import catalog
from yakubook.engine import registry
from yakubook.engine.award import Award
from yakubook.engine.bodies import s3_10
from yakubook.engine.bodies.s3_10 import PIN, award
from yakubook.engine.decompose import interpretations
from yakubook.engine.rules import option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hands import random_win

registry.load_bodies()

# Every sequence start: 1..7 of each suit.
STARTS = [9 * s + n for s in range(3) for n in range(7)]
# Every multiset of up to four starts, sorted as HandView.sequences is.
MULTISETS = [c for k in range(5) for c in combinations_with_replacement(STARTS, k)]
# The numbers _one_per_suit is asked about: 三色一通's and 三色三步's.
NUMBERS = [(0, 3, 6)] + [(n, n + 1, n + 2) for n in range(5)]


# -- the old forms (the reference) -----------------------------------------------------------


def _reference_start_bits(starts: tuple[int, ...]) -> int:
    bits = 0
    for t in starts:
        bits |= 1 << t
    return bits


def _reference_by_suit(starts: tuple[int, ...]) -> list[list[int]]:
    out: list[list[int]] = [[], [], []]
    for t in starts:
        out[t // 9].append(t % 9)
    return out


def _reference_one_per_suit(starts: tuple[int, ...], numbers: tuple[int, int, int]) -> bool:
    have = set(starts)
    return any(
        all(9 * s + n in have for s, n in zip(suits, numbers, strict=True))
        for suits in permutations(range(3))
    )


def _reference_isshoku_sanjun(win: Any, opts: Any, *, inclusive: bool = False) -> Award | None:
    starts = win.sequences
    most = max(map(starts.count, starts), default=0)
    return award(win, opts) if most == 3 or (inclusive and most == 4) else None


def _reference_isshoku_yonjun(win: Any, opts: Any) -> Award | None:
    counts = Counter(win.sequences)
    return award(win, opts) if 4 in counts.values() else None


def _reference_sanshoku_ittsuu(win: Any, opts: Any) -> Award | None:
    return award(win, opts) if _reference_one_per_suit(win.sequences, (0, 3, 6)) else None


def _reference_sanshoku_sanpo(win: Any, opts: Any) -> Award | None:
    starts = win.sequences
    if any(_reference_one_per_suit(starts, (n, n + 1, n + 2)) for n in range(5)):
        return award(win, opts)
    return None


def _reference_kinmonkyou(win: Any, opts: Any) -> Award | None:
    if opts.condition is KinmonkyouCondition.CLOSED_ONLY and win.is_open:
        return None
    starts = set(win.sequences)
    if not any({b, b + 2, b + 4, b + 6} <= starts for b in (0, 9, 18)):
        return None
    if opts.flush is KinmonkyouFlush.REQUIRED and not win.std("chiniisou"):
        return None
    return award(win, opts)


def _reference_chinpeikou(win: Any, opts: Any) -> Award | None:
    closed_only = (ChinpeikouValue.HAN_1_CLOSED_ONLY, ChinpeikouValue.HAN_2_CLOSED_ONLY)
    if opts.value in closed_only and win.is_open:
        return None
    counts = Counter(win.sequences)
    doubled = sorted(t for t, n in counts.items() if n == 2)
    if (
        len(doubled) == 2
        and doubled[0] // 9 != doubled[1] // 9
        and (doubled[0] % 9 == doubled[1] % 9)
    ):
        return award(win, opts)
    return None


def _reference_dragons(win: Any) -> tuple[list[int], list[int]] | None:
    pair = win.pair
    if pair is None or pair // 9 != PIN or not win.standard_shape:
        return None
    man, pin, sou = _reference_by_suit(win.sequences)
    if len(man) != 2 or len(sou) != 2 or pin:
        return None
    return sorted(man), sorted(sou)


def _reference_shanron_chonchu_1(win: Any, opts: Any) -> Award | None:
    found = _reference_dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man == sou and man[1] - man[0] >= 3 else None


def _reference_shanron_chonchu_2(win: Any, opts: Any) -> Award | None:
    found = _reference_dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man[1] - man[0] == 3 and sou[1] - sou[0] == 3 else None


def _reference_shanron_chonchu_3(win: Any, opts: Any) -> Award | None:
    found = _reference_dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man == sou and man[1] - man[0] == 3 else None


Body = Callable[..., Award | None]
# (yaku id, new body, old body); 一色三順 both ways of its context flag.
PAIRS: list[tuple[str, Body, Body]] = [
    ("3-10-01", s3_10.isshoku_sanjun, _reference_isshoku_sanjun),
    (
        "3-10-01",
        partial(s3_10.isshoku_sanjun, inclusive=True),
        partial(_reference_isshoku_sanjun, inclusive=True),
    ),
    ("3-10-02", s3_10.isshoku_yonjun, _reference_isshoku_yonjun),
    ("3-10-03", s3_10.sanshoku_ittsuu, _reference_sanshoku_ittsuu),
    ("3-10-04", s3_10.kinmonkyou, _reference_kinmonkyou),
    ("3-10-05", s3_10.chinpeikou, _reference_chinpeikou),
    ("3-10-06", s3_10.sanshoku_sanpo, _reference_sanshoku_sanpo),
    ("3-10-09", s3_10.shanron_chonchu_1, _reference_shanron_chonchu_1),
    ("3-10-10", s3_10.shanron_chonchu_2, _reference_shanron_chonchu_2),
    ("3-10-11", s3_10.shanron_chonchu_3, _reference_shanron_chonchu_3),
]
VARIANTS = {yid: option_variants(yid) for yid, _, _ in PAIRS}


class _Starts:
    """A stand-in view: the sequence starts and what the bodies above read besides (a
    pinzu pair in a standard hand, for 雙龍爭珠; every standard yaku held, so that the
    flush options pass on to the award)."""

    standard_shape = True

    def __init__(self, sequences: tuple[int, ...], is_open: bool, pair: int) -> None:
        self.sequences = sequences
        self.is_open = is_open
        self.pair = pair

    def std(self, name: str) -> bool:
        return True


# -- the helpers, on every multiset of starts ----------------------------------------------


def test_start_bits_and_one_per_suit_on_every_multiset_of_starts():
    for starts in MULTISETS:
        assert s3_10._start_bits(starts) == _reference_start_bits(starts), starts
        if len({t // 9 for t in starts}) < 3:
            # no start in some suit: the old form cannot hold (one number per suit), and
            # calling it for every number here was a third of this file's time
            assert not any(s3_10._one_per_suit(starts, n) for n in NUMBERS), starts
            continue
        for numbers in NUMBERS:
            want = _reference_one_per_suit(starts, numbers)
            assert s3_10._one_per_suit(starts, numbers) is want, (starts, numbers)


def test_dragons_on_every_multiset_of_starts():
    for starts in MULTISETS:
        for pair in (4, 13, 22, None):
            view = _Starts(starts, False, pair)  # type: ignore[arg-type]
            want = _reference_dragons(view)
            got = s3_10._dragons(view)  # type: ignore[arg-type]
            assert (got and tuple(map(list, got))) == (want and tuple(want)), (starts, pair)


# -- the bodies, on every multiset of starts and on hands ------------------------------------


def test_bodies_on_every_multiset_of_starts():
    # Under the default options (their first variant whose value is not 無), closed: the
    # option variants and open hands on the hands below (the options decide apart from
    # the starts, in code the new forms kept).
    defaults = {yid: VARIANTS[yid][0] for yid, _, _ in PAIRS}
    awarded: Counter[str] = Counter()
    for starts in MULTISETS:
        view = _Starts(starts, False, 13)
        for yid, new, old in PAIRS:
            want = old(view, defaults[yid])
            assert new(view, defaults[yid]) == want, (yid, starts)
            awarded[yid] += want is not None
    # every body holds somewhere, so that the comparison is not of Nones only
    assert all(awarded[yid] for yid, _, _ in PAIRS), awarded


def _compare_on(wins: list[Win]) -> Counter[str]:
    awarded: Counter[str] = Counter()
    for win in wins:
        for interp in interpretations(win):
            view = HandView(win, interp)
            for yid, new, old in PAIRS:
                for opts in VARIANTS[yid]:
                    want = old(view, opts)
                    assert new(view, opts) == want, (yid, win.to_json(), interp, opts)
                    awarded[yid] += want is not None
    return awarded


def test_bodies_on_random_wins():
    rng = random.Random(310_2026)
    awarded = _compare_on([random_win(rng) for _ in range(1200)])
    assert sum(awarded.values()) > 100, awarded


def test_bodies_on_catalog_examples():
    wins = []
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        wins.append(Win.from_json(obj))
    awarded = _compare_on(wins)
    assert len(wins) > 500 and all(awarded[yid] for yid, _, _ in PAIRS), awarded
