"""BACK FOUR's pairs (yakubook.engine.shapes.back_four_pairs), on both engines (issue #27).

BACK FOUR (3-16-07) is a closed hand of a pair and three four-tile groups, each four
identical tiles or (under 3-16-07-01 b) four consecutive number tiles of one suit. The
expected answers below are written from that rule, not computed by either engine; the
last tests compare the C function with the Python reference on many hands.
"""

from __future__ import annotations

import itertools
import random

import pytest

from yakubook.engine import _accel, shapes
from yakubook.engine.tiles import parse_tiles


def _counts(text: str) -> tuple[int, ...]:
    counts = [0] * 34
    for t in parse_tiles(text).tiles:
        counts[t] += 1
    return tuple(counts)


FEASIBLE = [  # (hand, the tiles that can be its pair)
    ("11112222333355m", "5m"),  # three fours and a pair, one suit
    ("1111m2222p3333s55z", "5z"),  # a four per suit, the pair an honor
    ("1111z2222z3333z55m", "5m"),  # honor fours, a number pair
    ("12341234123455m", "1m5m"),  # 1234 x3 + 55, or 11 + 1234 + 2345 x2
    ("11112345678999m", "9m"),  # 1111 2345 6789 99
    ("1234m5678p6789s11z", "1z"),  # a run in each suit
    ("1234m1111p2222p77z", "7z"),  # the pair among the honors, a run and two fours
    ("234555m1111z2222z", "5m"),  # the pair inside the run's suit: 2345 + 55
    ("11112233445555m", "1m5m"),  # 11 + 1234 1234 5555, or 1111 + 2345 2345 + 55
]

NOT_FEASIBLE = [
    "123m456m789m123p55s",  # an ordinary hand: sets of three
    "11223344556677m",  # seven pairs
    "19m19p19s1234567z1m",  # thirteen orphans
    "1111m2222m3333m5p5s",  # two lone tiles, no pair
    "11112222333345m",  # 4 and 5 alone: no pair leaves three groups
    "1234m1234m1235m55m",  # 1235 is no run
    "1111z2222z333z555z",  # honors by threes
    "1111m2222p33s33z55z",  # two pairs beside the fours
    "6789m6789m1235p55p",  # 1235p is no group of four
    "11112222m55m11z22z",  # the honors by pairs (four tiles, no group) beside the pair
    "11112222m55m1z333z",  # the honors one and three
]


@pytest.mark.parametrize(("hand", "pairs"), FEASIBLE)
def test_a_pair_and_three_four_tile_groups_give_the_pair(engine, hand, pairs):
    counts = _counts(hand)
    assert sum(counts) == 14
    assert shapes.back_four_pairs(counts) == tuple(parse_tiles(pairs).tiles)


@pytest.mark.parametrize("hand", NOT_FEASIBLE)
def test_hands_without_such_a_split_give_none(engine, hand):
    counts = _counts(hand)
    assert sum(counts) == 14
    assert shapes.back_four_pairs(counts) == ()


def _one_suit_patterns():
    """Every count pattern of fourteen tiles in one suit (at most four of a number)."""
    for combo in itertools.combinations_with_replacement(range(9), 14):
        counts = [0] * 9
        for i in combo:
            counts[i] += 1
        if max(counts) <= 4:
            yield counts


@pytest.mark.slow  # a sweep of both engines (the fast tests above hold the rules)
@pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built")
def test_c_equals_the_python_on_every_one_suit_hand_and_random_hands():
    c_pairs = _accel.speedups.back_four_pairs
    checked = found = 0
    for pattern in _one_suit_patterns():  # in souzu: the C reads each suit at its offset
        counts = [0] * 34
        counts[18:27] = pattern
        key = tuple(counts)
        expected = shapes.back_four_pairs_py(key)
        assert c_pairs(key) == expected, key
        checked += 1
        found += bool(expected)
    rng = random.Random(27)
    groups = [("four", t) for t in range(34)] + [
        ("run", s + i) for s in (0, 9, 18) for i in range(6)
    ]
    for n in range(20_000):
        counts = [0] * 34
        if n % 2:  # built from three groups and a pair, most of them feasible
            for kind, t in rng.sample(groups, 3):
                for u in (t,) * 4 if kind == "four" else range(t, t + 4):
                    counts[u] += 1
            counts[rng.randrange(34)] += 2
        else:  # fourteen tiles at random
            for t in rng.sample([t for t in range(34) for _ in range(4)], 14):
                counts[t] += 1
        if max(counts) > 4:
            continue
        key = tuple(counts)
        expected = shapes.back_four_pairs_py(key)
        assert c_pairs(key) == expected, key
        checked += 1
        found += bool(expected)
    assert checked > 120_000 and found > 5_000


@pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built")
def test_c_hands_what_it_does_not_handle_to_the_python():
    c_pairs = _accel.speedups.back_four_pairs
    sixteen = _counts("1111222233335555m")  # not fourteen tiles: the Python's answer
    assert c_pairs(sixteen) == shapes.back_four_pairs_py(sixteen)
    assert c_pairs(list(_counts("1111m2222p3333s55z"))) == (31,)  # a list: the Python's
    with pytest.raises(TypeError):  # the Python's own error for a non-sequence
        c_pairs(None)


# -- the BACK FOUR readings the finder gives (shapes.find_back_four) -----------------------


def _back_four_readings(hand: str, win: str):
    from yakubook.engine.win import Win

    w = Win.make(hand, win=win, tsumo=True)
    return shapes.find_back_four(w, w.concealed_counts)


def test_the_reading_is_the_pair_and_the_other_tiles_one_by_one_winning_tile_placed():
    # 3-16-07: 1111 2222 3333 and the pair 55. The finder reads the pair as a pair and the
    # twelve other tiles as singles (the groups are the body's to find), in tile order;
    # the winning tile sits in the pair when it is the pair's tile, else in the first
    # single of its tile.
    (on_pair,) = _back_four_readings("11112222333355m", "5m")
    assert on_pair.kind == shapes.BACK_FOUR
    assert [(b.kind, b.tile) for b in on_pair.blocks] == [
        *[("single", t) for t in (0,) * 4 + (1,) * 4 + (2,) * 4],
        ("pair", 4),
    ]
    assert on_pair.win_block == 12 and on_pair.wait == "other"
    assert on_pair.concealed_triplets == 0 and on_pair.ron_opened == -1
    (on_two,) = _back_four_readings("11112222333355m", "2m")
    assert on_two.blocks == on_pair.blocks and on_two.win_block == 4


def test_a_pair_below_other_tiles_and_beside_singles_of_its_own_tile():
    # 11 + 1234 1234 5555, or 1111 + 2345 2345 + 55: two readings, one per pair; with the
    # pair 1m, the pair sorts before the two 1m singles left beside it.
    low, high = _back_four_readings("11112233445555m", "1m")
    assert [(b.kind, b.tile) for b in low.blocks[:3]] == [
        ("pair", 0),
        ("single", 0),
        ("single", 0),
    ]
    assert low.win_block == 0
    assert [(b.kind, b.tile) for b in high.blocks[-3:]] == [
        ("pair", 4),
        ("single", 4),
        ("single", 4),
    ]
    assert high.win_block == 0  # the first 1m single


def test_the_readings_are_those_of_the_general_reading_builder():
    # The finder builds its readings straight in order; the general builder (sort the
    # blocks, find the winning block) must give the same on every hand and winning tile.
    from yakubook.engine.win import Win

    hands = [h for h, _ in FEASIBLE] + ["11112222333344m", "12341234123455m"]
    checked = 0
    for hand in hands:
        for tile in sorted(set(parse_tiles(hand).tiles)):
            w = Win.make(hand, win=tile, tsumo=True)
            expected = tuple(
                shapes._interpretation(
                    shapes.BACK_FOUR,
                    [shapes.Block("pair", p), *shapes._singles_less_pair(w.concealed_counts, p)],
                    w,
                )
                for p in shapes.back_four_pairs(w.concealed_counts)
            )
            assert shapes.find_back_four(w, w.concealed_counts) == expected, (hand, tile)
            checked += len(expected)
    assert checked > 40


def test_the_pure_engine_s_pairs_by_parts_equal_the_reference():
    """``_back_four_pairs_by_parts`` (the pure engine's ``back_four_pairs``, one lookup per
    part) against ``back_four_pairs_py`` (every split listed): each one-suit pattern of
    fourteen tiles in one of the three suits in turn, and random hands of 13 to 16 tiles,
    built from groups or drawn at random, honors among them."""
    checked = found = 0
    for n, pattern in enumerate(_one_suit_patterns()):
        base = 9 * (n % 3)
        counts = [0] * 34
        counts[base : base + 9] = pattern
        key = tuple(counts)
        expected = shapes.back_four_pairs_py(key)
        assert shapes._back_four_pairs_by_parts(key) == expected, key
        checked += 1
        found += bool(expected)
    rng = random.Random(38)
    groups = [("four", t) for t in range(34)] + [
        ("run", s + i) for s in (0, 9, 18) for i in range(6)
    ]
    for n in range(20_000):
        counts = [0] * 34
        if n % 2:
            for kind, t in rng.sample(groups, rng.choice((2, 3, 3, 3, 4))):
                for u in (t,) * 4 if kind == "four" else range(t, t + 4):
                    counts[u] += 1
            counts[rng.randrange(34)] += 2
        else:
            for t in rng.sample([t for t in range(34) for _ in range(4)], rng.choice((13, 14, 16))):
                counts[t] += 1
        if max(counts) > 4:
            continue
        key = tuple(counts)
        expected = shapes.back_four_pairs_py(key)
        assert shapes._back_four_pairs_by_parts(key) == expected, key
        checked += 1
        found += bool(expected)
    assert checked > 50_000 and found > 5_000
