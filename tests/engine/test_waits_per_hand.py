"""The waits in C (decompose.standard_waits) and the per-hand helper (view.per_hand),
issue #27.

Expected waits are written from the rules of a standard hand (four sets and a pair),
not computed by either engine; the last test compares the C function with the Python
reference on many hands.
"""

from __future__ import annotations

import itertools
import random

import pytest

from yakubook.engine import _accel, decompose
from yakubook.engine.tiles import parse_tiles
from yakubook.engine.view import per_hand
from yakubook.engine.win import Win


def _counts(text: str) -> tuple[int, ...]:
    counts = [0] * 34
    for t in parse_tiles(text).tiles:
        counts[t] += 1
    return tuple(counts)


WAITS = [
    ("1112345678999m", "123456789m"),  # 九蓮寶燈: every number of the suit
    ("123m456m789m123p5s", "5s"),  # 單騎
    ("123m456m789m11p23s", "14s"),  # 兩面
    ("123m456m789m11p13s", "2s"),  # 嵌張
    ("123m456m789m11p12s", "3s"),  # 邊張
    ("123m456m789m11p22z", "1p2z"),  # 雙碰
    ("2345678m123p333z", "258m"),  # 2345678: 2, 5 or 8 (a pair and two sequences)
    ("1111m2345m678p99s", "36m"),  # 111 + 123 + 45: 3 or 6
    ("123m456m789m1234z", ""),  # four lone honors: no standard wait
    ("19m19p19s1234567z", ""),  # thirteen orphans' wait is no standard wait
]


@pytest.mark.parametrize(("hand", "waits"), WAITS)
def test_standard_waits_are_the_rules(engine, hand, waits):
    counts = _counts(hand)
    assert sum(counts) == 13
    expected = sorted(parse_tiles(waits).tiles) if waits else []
    assert decompose.standard_waits(counts) == expected


def test_fourteen_tiles_wait_on_nothing(engine):
    assert decompose.standard_waits(_counts("11123456789999m")) == []


@pytest.mark.slow  # a sweep of both engines (the fast tests above hold the rules)
@pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built")
def test_c_equals_the_python_on_every_one_suit_hand_and_random_hands():
    c_waits = _accel.speedups.standard_waits
    checked = waiting = 0
    for combo in itertools.combinations_with_replacement(range(9), 13):
        counts = [0] * 34
        for i in combo:
            counts[9 + i] += 1  # pinzu
        if max(counts) > 4:
            continue
        key = tuple(counts)
        expected = decompose.standard_waits_py(key)
        assert c_waits(key) == expected, key
        checked += 1
        waiting += bool(expected)
    rng = random.Random(2027)
    wall = [t for t in range(34) for _ in range(4)]
    for n in range(20_000):
        size = (1, 4, 7, 10, 13)[n % 5]  # what is left beside 0-4 melds
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        key = tuple(counts)
        expected = decompose.standard_waits_py(key)
        assert c_waits(key) == expected, key
        checked += 1
        waiting += bool(expected)
    assert checked > 60_000 and waiting > 10_000


@pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built")
def test_c_hands_what_it_does_not_handle_to_the_python():
    c_waits = _accel.speedups.standard_waits
    sixteen = _counts("1111222233334444m")  # more tiles than any hand waits with
    assert c_waits(sixteen) == decompose.standard_waits_py(sixteen)
    assert c_waits(list(_counts("123m456m789m123p5s"))) == [parse_tiles("5s").tiles[0]]
    with pytest.raises(TypeError):  # the Python's own error for a non-sequence
        c_waits(None)


def test_per_hand_works_a_win_out_once_and_each_new_win_again():
    calls: list[Win] = []

    @per_hand
    def tiles(win: Win) -> int:
        """How many tiles."""
        calls.append(win)
        return sum(win.tile_counts)

    a = Win.from_json({"hand": "123m456m789m123p55s", "win": "5s"})
    b = Win.from_json({"hand": "123m456m789m123p55s", "win": "5s"})  # equal, not the same
    assert [tiles(a), tiles(a), tiles(a)] == [14, 14, 14]
    assert calls == [a]
    assert tiles(b) == 14 and calls[-1] is b and len(calls) == 2
    assert tiles(a) == 14 and len(calls) == 3  # one entry: a was replaced by b
    assert tiles.__doc__ == "How many tiles." and tiles.__name__ == "tiles"
