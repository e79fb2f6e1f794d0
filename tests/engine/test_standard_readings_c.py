"""A closed hand's standard readings in C (decompose._FAST_STANDARD), issue #27.

The first test's readings are written from the rules (which block the winning tile
completed, its wait, the concealed triplets after a ron), not computed by either engine;
the other compares the C readings with the Python's on many closed hands.
"""

from __future__ import annotations

import itertools
import random

import pytest

from yakubook.engine import _accel, decompose
from yakubook.engine.decompose import Block, Interpretation

pytestmark = pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built")

S, T, P = "sequence", "triplet", "pair"


def _counts(tiles: list[int]) -> tuple[int, ...]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def _python(counts: tuple[int, ...], win_tile: int, tsumo: bool) -> list[Interpretation]:
    out: list[Interpretation] = []
    for blocks in decompose.standard_block_sets_py(counts):
        out.extend(decompose._standard(blocks, (), win_tile, tsumo))
    return out


def test_readings_are_the_rules():
    c_readings = _accel.speedups.standard_interpretations
    # 111222333m 456p 99p, ron on 3m: as three 123m the 3 closed 1-2 (邊張); as three
    # triplets it made 333m by ron, which is then not concealed (two concealed left).
    hand = _counts([0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 17, 17])
    seqs = (Block(S, 0), Block(S, 0), Block(S, 0), Block(S, 12), Block(P, 17))
    trips = (Block(T, 0), Block(T, 1), Block(T, 2), Block(S, 12), Block(P, 17))
    assert c_readings(hand, 2, False) == [
        Interpretation("standard", seqs, 0, "penchan", 0, -1),
        Interpretation("standard", trips, 2, "shanpon", 2, 2),
    ]
    # The same on tsumo: the triplet stays concealed.
    assert c_readings(hand, 2, True)[1] == Interpretation("standard", trips, 2, "shanpon", 3, -1)
    # Won on 5p: only the 456p sequence holds it, closed in the middle (嵌張).
    found = [(r.win_block, r.wait) for r in c_readings(hand, 13, False)]
    assert found == [(3, "kanchan"), (3, "kanchan")]
    # Won on 9p: the pair (單騎), once per set of blocks.
    found = [(r.win_block, r.wait) for r in c_readings(hand, 17, True)]
    assert found == [(4, "tanki"), (4, "tanki")]


@pytest.mark.slow  # a sweep of both engines (the fast tests above hold the rules)
def test_c_equals_the_python_on_closed_hands():
    c_readings = _accel.speedups.standard_interpretations
    checked = readings = 0
    # every fourteen-tile pattern of one suit (in manzu), won on one of its tiles in turn
    for n, combo in enumerate(itertools.combinations_with_replacement(range(9), 14)):
        counts = _counts(list(combo))
        if max(counts) > 4:
            continue
        held = sorted(set(combo))
        win_tile, tsumo = held[n % len(held)], bool(n % 2)
        expected = _python(counts, win_tile, tsumo)
        assert c_readings(counts, win_tile, tsumo) == expected, (combo, win_tile, tsumo)
        checked += 1
        readings += len(expected)
    # random closed hands over every suit and the honors, most of them complete
    rng = random.Random(1127)
    for n in range(20_000):
        tiles = _sets_and_a_pair(rng)
        counts = _counts(tiles)
        if max(counts) > 4:
            continue
        win_tile, tsumo = rng.choice(tiles), bool(n % 2)
        expected = _python(counts, win_tile, tsumo)
        assert c_readings(counts, win_tile, tsumo) == expected, (tiles, win_tile, tsumo)
        checked += 1
        readings += len(expected)
    assert checked > 100_000 and readings > 30_000


def test_c_declines_what_it_does_not_handle():
    c_readings = _accel.speedups.standard_interpretations
    hand = _counts([0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 17, 17])
    assert c_readings(hand, 2, 1) is None  # tsumo not a bool
    assert c_readings(hand, 34, True) is None  # no such tile
    assert c_readings(list(hand), 2, True) == _python(hand, 2, True)  # via the Python splits


def _sets_and_a_pair(rng: random.Random) -> list[int]:
    """Four random sets (runs 60% of the time where one fits) and a pair: tiles, in order."""
    tiles: list[int] = []
    for _ in range(4):
        t = rng.randrange(34)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
            tiles += [t, t + 1, t + 2]
        else:
            tiles += [t] * 3
    return tiles + [rng.randrange(34)] * 2


def _builtin_python(counts: tuple[int, ...], win_tile: int, tsumo: bool, allow_four: bool):
    """decompose._builtin of a closed hand with every C hook off: the reference."""
    before = _accel.ENGINE
    _accel.use("python")
    try:
        return decompose._builtin(counts, (), win_tile, tsumo, allow_four)
    finally:
        _accel.use(before)


def _closed_hands(rng: random.Random, n: int):
    """Closed hands of fourteen tiles, mostly complete: sets and a pair, seven pairs (some
    with a pair twice, a four of a kind), thirteen orphans, and a few random tiles."""
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    for i in range(n):
        shape = i % 5
        if shape <= 1:
            tiles = _sets_and_a_pair(rng)
        elif shape == 2:
            pairs = rng.sample(range(34), 6)
            tiles = [t for p in [*pairs, rng.choice(pairs)] for t in (p, p)]
        elif shape == 3:
            tiles = [*orphans, rng.choice(orphans)]
        else:
            tiles = [rng.randrange(34) for _ in range(14)]
        counts = _counts(tiles)
        if max(counts) <= 4:
            yield counts, rng.choice(tiles), bool(i % 2), rng.random() < 0.5


def test_closed_readings_equal_the_python():
    # decompose._FAST_CLOSED: the whole built-in answer for a closed hand that can be
    # neither seven pairs nor thirteen orphans, the Python's tuple in the Python's order;
    # None (the Python's turn) exactly for the hands that could be.
    closed = _accel.speedups.closed_interpretations
    answered = declined = 0
    for counts, win_tile, tsumo, allow_four in _closed_hands(random.Random(3807), 6000):
        got = closed(counts, win_tile, tsumo, allow_four)
        candidate = (
            counts.count(2) + 2 * allow_four * counts.count(4) >= 7 or counts.count(0) == 21
        )
        if candidate:
            assert got is None, (counts, win_tile)
            declined += 1
            continue
        expected = _builtin_python(counts, win_tile, tsumo, allow_four)
        assert type(got) is tuple and got == expected, (counts, win_tile, tsumo, allow_four)
        answered += 1
    assert answered > 3000 and declined > 1000


def test_closed_readings_decline_what_they_do_not_handle():
    closed = _accel.speedups.closed_interpretations
    hand = _counts([0, 0, 0, 1, 1, 1, 2, 2, 2, 12, 13, 14, 17, 17])
    assert closed(hand, 2, True, False) == _builtin_python(hand, 2, True, False)
    assert closed(hand, 2, True, 0) is None  # allow_four not a bool
    assert closed(list(hand), 2, True, False) is None  # not a tuple
    assert closed(hand[:33], 2, True, False) is None  # not 34 counts
    assert closed((*hand[:33], 5), 2, True, False) is None  # a count above 4
    assert closed(hand, 2, 1, False) is None  # tsumo not a bool (standard_interpretations)
    # 1122m 3344p 5566s 77z 8899m: seven pairs with 2222m counted twice only when allowed
    four = _counts([0, 0, 0, 0, 11, 11, 12, 12, 22, 22, 23, 23, 33, 33])
    assert closed(four, 33, True, False) == _builtin_python(four, 33, True, False)
    assert closed(four, 33, True, True) is None
