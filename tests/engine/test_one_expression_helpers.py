"""Prefilter helpers rewritten as one expression (issue #38) answer as the loops they
replaced.

The C engine's selector computes a prefilter's integer tests on its stack machine and
calls Python only for what it cannot compute; a helper with a loop or locals is such a
call (``_could_be_small_doukou`` ~3 µs, ``_ittsuu_runs`` ~1 µs). These helpers became one
expression of the Win's masks and counts (yakubook.engine.inline writes them in, the rows
compute them). Each is held here to the code it replaced, kept below as the reference:
over every value of its input that matters (all 2**21 runs for the run helpers, every
count of a number in the three suits for 小同刻's) and over generated hands.
"""

from __future__ import annotations

import random
from itertools import permutations, product
from types import SimpleNamespace

import pytest
from engine_hands import random_win

from bench.evaluate_vs_mahjong import MIXES, make_mix
from yakubook.engine.bodies import s3_10, s3_11, s3_14
from yakubook.engine.win import Win

_SUIT_ORDERS = tuple(permutations(range(3)))


# -- the code replaced, as it was ---------------------------------------------------------


def ittsuu_runs_loop(runs: int) -> bool:
    r = (runs & 0x7F, runs >> 9 & 0x7F, runs >> 18 & 0x7F)
    return any(r[a] & r[b] >> 3 & r[c] >> 6 & 1 for a, b, c in _SUIT_ORDERS)


def sanpo_runs_loop(runs: int) -> bool:
    r = (runs & 0x7F, runs >> 9 & 0x7F, runs >> 18 & 0x7F)
    return any(r[a] & r[b] >> 1 & r[c] >> 2 for a, b, c in _SUIT_ORDERS)


def same_number_twice(starts: list[int]) -> bool:
    return len({t % 9 for t in starts}) < len(starts)


def starts_of(runs: int) -> list[int]:
    return [t for t in range(27) if runs >> t & 1]


def could_be_small_doukou_loop(w: Win) -> bool:
    held = w.mask3
    m, p, s = held & 0x1FF, held >> 9 & 0x1FF, held >> 18 & 0x1FF
    if not (m & p) | (m & s) | (p & s):
        return False
    c = w.tile_counts
    for n in range(9):
        low, mid, _ = sorted((c[n], c[n + 9], c[n + 18]))
        if low >= 2 and mid >= 3:
            return True
    return False


def kanchan_possible_locals(w: Win) -> bool:
    t = w.win_tile
    c = w.concealed_counts
    return t < 27 and 0 < t % 9 < 8 and c[t - 1] > 0 and c[t + 1] > 0


def five_in_straight_early_return(w: Win) -> bool:
    t = w.win_tile
    if t >= 27 or t % 9 != 4 or not kanchan_possible_locals(w):
        return False
    base = t - 4
    return (w.tile_mask >> base) & 0x1FF == 0x1FF


def closed_eight_and_nines_any(w: Win) -> bool:
    t = w.win_tile
    return (
        w.is_closed and t < 27 and t % 9 == 7 and any(w.tile_counts[n] >= 3 for n in (8, 17, 26))
    )


# -- the checks ---------------------------------------------------------------------------


def _runs_of(bits: int) -> int:
    """``runs`` is ``_runs(mask)``: 7 bits a suit (the starts 1..7), 2**21 values."""
    return (bits & 0x7F) | (bits >> 7 & 0x7F) << 9 | (bits >> 14 & 0x7F) << 18


@pytest.mark.slow
def test_the_run_helpers_answer_as_the_loops_for_every_runs_value():
    # suit by suit, each suit's run numbers listed once (starts_of for 2**21 values was
    # most of this test's time): the same references, the same 2**21 values
    numbers = [[n for n in range(7) if r >> n & 1] for r in range(1 << 7)]
    ittsuu, sanpo, same = s3_10._ittsuu_runs, s3_10._sanpo_runs, s3_10._same_number_runs
    for m in range(1 << 7):
        for p in range(1 << 7):
            low = m | p << 9
            pair = numbers[m] + numbers[p]
            for s in range(1 << 7):
                runs = low | s << 18
                assert ittsuu(runs) is ittsuu_runs_loop(runs), runs
                assert sanpo(runs) is sanpo_runs_loop(runs), runs
                assert same(runs) is same_number_twice(pair + numbers[s]), runs


def test_the_run_helpers_answer_as_the_loops_on_sampled_runs():
    """The fast suite's share of the test above: every value of two suits' bits beside a
    random third suit's, for each third suit."""
    rng = random.Random(21)
    for third in range(3):
        for pair in range(1 << 14):
            other = rng.getrandbits(7)
            low, high = pair & 0x7F, pair >> 7
            parts = [low, high]
            parts.insert(third, other)
            runs = _runs_of(parts[0] | parts[1] << 7 | parts[2] << 14)
            assert s3_10._ittsuu_runs(runs) is ittsuu_runs_loop(runs), runs
            assert s3_10._sanpo_runs(runs) is sanpo_runs_loop(runs), runs
            assert s3_10._same_number_runs(runs) is same_number_twice(starts_of(runs)), runs


def _counts_hand(counts: list[int]) -> SimpleNamespace:
    """What the 小同刻 helpers read of a Win with these tile counts (win.py's masks)."""
    mask2 = sum(1 << t for t, n in enumerate(counts) if n >= 2)
    mask3 = sum(1 << t for t, n in enumerate(counts) if n >= 3)
    return SimpleNamespace(tile_counts=tuple(counts), mask2=mask2, mask3=mask3)


def test_small_doukou_answers_as_the_loop_for_every_count_of_a_number():
    """Every count 0..4 of one number in the three suits (the test is per number), beside
    random counts of the other numbers and honors."""
    rng = random.Random(38)
    for n in range(9):
        for triple in product(range(5), repeat=3):
            for _ in range(6):
                counts = [rng.choice((0, 0, 1, 2, 3, 4)) for _ in range(34)]
                counts[n], counts[n + 9], counts[n + 18] = triple
                hand = _counts_hand(counts)
                assert s3_11._could_be_small_doukou(hand) is could_be_small_doukou_loop(hand)


def _wins() -> list[Win]:
    rng = random.Random(20261204)
    wins = [random_win(rng) for _ in range(3000)]
    for mix in MIXES:
        wins += [Win.from_json(h) for h in make_mix(mix, 300, 38)]
    return wins


def test_the_win_helpers_answer_as_before_on_generated_hands():
    """The same value (a bool, the same one) on every hand; each is true somewhere."""
    pairs = (
        (s3_14._kanchan_possible, kanchan_possible_locals),
        (s3_14._five_in_straight, five_in_straight_early_return),
        (s3_14._closed_eight_and_nines, closed_eight_and_nines_any),
        (s3_11._could_be_small_doukou, could_be_small_doukou_loop),
    )
    seen = {new: False for new, _ in pairs}
    wins = _wins()
    for win in wins:  # 3-10-05's prefilter: the runs of mask2 are _count_runs(w, 2)'s
        want = same_number_twice(s3_10._count_runs(win, 2))
        assert s3_10._same_number_runs(s3_10._runs(win.mask2)) is want, win
    for win in wins:
        for new, old in pairs:
            got = new(win)
            assert got is old(win), (new.__name__, win)
            seen[new] |= got
    assert all(seen.values()), seen
