"""The C accelerator (yakubook/engine/_speedups.c) beside the pure-Python engine (issue #27).

Expected splits below are written from the rules of a standard hand and the order
decompose.py documents (per tile: no triplet or pair first, then the pair, then the
triplet; within a tile sequences, then the triplet, then the pair), not computed by either
engine. The same expectations are checked on both engines; other tests compare the two.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from tests.conftest import ENGINES
from yakubook.engine import _accel, decompose
from yakubook.engine.decompose import Block
from yakubook.engine.tiles import parse_tiles
from yakubook.engine.win import Win
from yakubook.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
BUILT = find_spec("yakubook.engine._speedups") is not None
def _cli(*args: str, pure: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "YAKUBOOK_PURE"}
    if pure:
        env["YAKUBOOK_PURE"] = "1"
    return subprocess.run([sys.executable, "-m", "yakubook.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_make_builds_the_accelerator_in_place():
    # `make`'s editable install compiles yakubook/engine/_speedups.c next to the sources.
    assert BUILT, ("yakubook.engine._speedups is not built: run make (needs gcc and the "
                   "Python headers)")


def test_version_and_json_say_which_engine_ran():
    assert _cli("--version", pure=True).stdout.strip() == "yakubook 0.1.0 (engine: python)"
    assert _cli("--version", pure=False).stdout.strip() == "yakubook 0.1.0 (engine: c)"
    pure = json.loads(_cli("evaluate", "examples/win.json", "--json", pure=True).stdout)
    fast = json.loads(_cli("evaluate", "examples/win.json", "--json", pure=False).stdout)
    assert (pure.pop("engine"), fast.pop("engine")) == ("python", "c")
    assert pure == fast


def test_pure_switch_leaves_the_accelerator_unloaded():
    # win.py's hook is then the Python engine's own fast path (_FAST_FROM_JSON_py), and the
    # C module is never imported.
    code = ("import sys; from yakubook.engine import _accel, win; "
            "print(_accel.ENGINE, win._FAST_FROM_JSON.__name__, "
            "'yakubook.engine._speedups' in sys.modules)")
    env = {**os.environ, "YAKUBOOK_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["python", "_from_plain_json", "False"]


def _blocks(*spec: tuple[str, int]) -> tuple[Block, ...]:
    return tuple(Block(kind, tile) for kind, tile in spec)


def test_triplets_or_sequences_in_search_order(engine):
    # 111222333m 456p 11z: three sequences 123m (first: tile 1 starts no triplet), or three
    # triplets; then 4p's sequence and East's pair.
    win = Win.make("111222333m456p11z", "3m")
    assert decompose.standard_block_sets(win.concealed_counts) == (
        _blocks(("sequence", 0), ("sequence", 0), ("sequence", 0), ("sequence", 12),
                ("pair", 27)),
        _blocks(("triplet", 0), ("triplet", 1), ("triplet", 2), ("sequence", 12),
                ("pair", 27)),
    )


def test_pair_after_the_sequence_of_its_tile(engine):
    # 11123m: the pair 11m and the sequence 123m (the triplet 111m leaves 23m unmatched).
    win = Win.make("11123m456p789s111z", "1z")
    assert decompose.standard_block_sets(win.concealed_counts) == (
        _blocks(("sequence", 0), ("pair", 0), ("sequence", 12), ("sequence", 24),
                ("triplet", 27)),
    )


def test_products_over_two_suits_first_suit_slowest(engine):
    # 111222333m and 111222333p each read two ways; the m reading changes slowest.
    counts = [0] * 34
    for t in (0, 1, 2, 9, 10, 11):
        counts[t] = 3
    counts[31] = 2
    seq_m = _blocks(("sequence", 0), ("sequence", 0), ("sequence", 0))
    trip_m = _blocks(("triplet", 0), ("triplet", 1), ("triplet", 2))
    seq_p = _blocks(("sequence", 9), ("sequence", 9), ("sequence", 9))
    trip_p = _blocks(("triplet", 9), ("triplet", 10), ("triplet", 11))
    pair = _blocks(("pair", 31))
    # 20 tiles: beyond any hand, so both engines answer through the Python function (the C
    # code declines over 14 tiles), which still gives the product in this order.
    assert decompose.standard_block_sets(tuple(counts)) == (
        seq_m + seq_p + pair, seq_m + trip_p + pair, trip_m + seq_p + pair,
        trip_m + trip_p + pair,
    )


@pytest.mark.parametrize("hand", ["1234567m1234567p", "119m19p19s1234567z", "13579m13579p1357s",
                                  "1112345678999m", "111222333444556p"])
def test_no_standard_split(engine, hand):
    # 14 tiles in no four sets and a pair; 13 tiles (1 mod 3); 15 tiles (0 mod 3).
    counts = [0] * 34
    for t in parse_tiles(hand).tiles:
        counts[t] += 1
    assert decompose.standard_block_sets(tuple(counts)) == ()


def test_blocks_are_the_decompose_singletons(engine):
    win = Win.make("123m456p789s11122z", "2z")
    (blocks,) = decompose.standard_block_sets(win.concealed_counts)
    assert all(b is decompose._BLOCKS[b.kind, b.tile] for b in blocks)


def test_c_and_python_splits_agree_on_random_counts():
    if _accel.speedups is None:
        pytest.skip("the C accelerator is not built")
    rng = random.Random(27)
    checked = with_splits = 0
    for _ in range(4000):
        counts = [0] * 34
        suits = rng.sample(range(4), rng.choice((1, 1, 2, 3)))
        while sum(counts) < 14:
            suit = rng.choice(suits)
            t = 9 * suit + rng.randrange(7 if suit == 3 else 9)  # 3: the honors
            if counts[t] < 4:
                counts[t] += 1
        fast = _accel.speedups.standard_block_sets(tuple(counts))
        slow = decompose.standard_block_sets_py(tuple(counts))
        assert fast == slow, counts
        checked += 1
        with_splits += bool(slow)
    assert checked == 4000 and with_splits > 20


HAND = "123m456p789s11222z"  # 14 tiles, a plain closed hand
INVALID = [
    {"hand": HAND, "win": "5z"},  # the winning tile is not in the hand
    {"hand": "123m456p789s1122z", "win": "1z"},  # 13 tiles
    {"hand": "11111m456p789s111z", "win": "1z"},  # five 1m
    {"hand": "123m456p789s11q", "win": "1z"},  # unknown letter
    {"hand": "123m456p789s1180z", "win": "1z"},  # 8z
    {"hand": "123m456p999s11z", "win": "1z", "melds": ["pon 999s"]},  # six 9s
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 999s", "chi 12m"]},  # bad chi
    {"hand": "123m456p789s11z22", "win": "1z"},  # digits without a letter
    {"hand": HAND, "win": "1z", "tsumo": 1},  # an int for a bool
    {"hand": HAND, "win": "1z", "riichi": "maybe"},
    {"hand": HAND, "win": "1z", "ippatsu": True},  # ippatsu without riichi
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 999s", "chi 789s"],
     "riichi": "riichi"},  # riichi on an open hand
    {"hand": HAND, "win": "1z", "seat": "X"},
    {"hand": HAND, "win": "1z", "round": 3},
    {"hand": HAND, "win": "1z", "tsumoo": True},  # unknown key
    {"hand": "00m123456p789s11z", "win": "1z"},  # 13 tiles
    {"hand": "00m123456p789s111z", "win": "1z"},  # both 5m red: valid, red = 2
    {"hand": HAND},  # no winning tile
    {"hand": HAND, "win": "12z"},
    {"hand": HAND, "win": "1z", "melds": "pon 111z"},
    {"hand": HAND, "win": "1z", "melds": ["pon" + " " * 300 + "777z"]},  # too long an item
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"], "riichi": "open"},
    {"hand": HAND, "win": "1z", "riichi": None},
    {"hand": "123mm456p789s11222z", "win": "1z"},  # a letter without digits (issue #43)
    {"hand": "m123456p789s11222z", "win": "1z"},  # a letter before any digit
]


def _outcome(obj: dict):
    try:
        return "ok", Win.from_json(obj).to_json()
    except InputError as e:
        return "error", str(e)


@pytest.mark.parametrize("obj", INVALID, ids=lambda o: json.dumps(o)[:60])
def test_bad_input_gets_the_python_error_on_both_engines(obj):
    outcomes = []
    for name in ENGINES:
        _accel.use(name)
        try:
            outcomes.append(_outcome(obj))
        finally:
            _accel.use(ENGINES[0])
    assert all(o == outcomes[0] for o in outcomes)
    if _accel.speedups is not None and outcomes[0][0] == "error":
        # the C path declined it: the error is the Python's
        assert _accel.speedups.win_from_json(Win, obj) is None


def test_the_error_messages_are_the_documented_ones(engine):
    with pytest.raises(InputError, match="winning tile 5z is not among the concealed tiles"):
        Win.from_json(INVALID[0])
    with pytest.raises(InputError, match="tile 1m appears 5 times"):
        Win.from_json(INVALID[2])
    with pytest.raises(InputError, match="field 'ippatsu' needs a riichi"):
        Win.from_json(INVALID[10])
    with pytest.raises(InputError, match=r"riichi \(riichi\) with the open meld"):
        Win.from_json(INVALID[11])


DECLINED_BUT_VALID = [
    {"hand": "123m 456p 789s 11222z", "win": "1z"},  # spaces: the checked loop
    {"hand": HAND, "win": "1z", "seat": "2z"},  # a wind as a tile
    {"hand": HAND, "win": "1z", "honba": 3},  # a game fact
    {"hand": HAND, "win": "1z", "declarations": []},
]


@pytest.mark.parametrize("obj", DECLINED_BUT_VALID, ids=lambda o: json.dumps(o)[:60])
def test_declined_wins_are_built_by_python(obj):
    if _accel.speedups is None:
        pytest.skip("the C accelerator is not built")
    assert _accel.speedups.win_from_json(Win, obj) is None
    assert Win.from_json(obj).to_json()["hand"] == HAND


ACCEPTED = [
    {"hand": "123m406p789s11222z", "win": "2z", "tsumo": True, "seat": "S", "round": "W"},
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 999s", "chi 789s"]},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["ankan 5555m"], "riichi": "double",
     "ippatsu": True},
    {"hand": "55m", "win": "5m", "melds": ["kan 0555p", "kakan 1111z", "pon 222z",
                                          "chi 406s"]},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2z2z", "win": "1z"},
]


@pytest.mark.parametrize("obj", ACCEPTED, ids=lambda o: json.dumps(o)[:60])
def test_plain_wins_are_built_alike(obj):
    if _accel.speedups is None:
        pytest.skip("the C accelerator is not built")
    fast = _accel.speedups.win_from_json(Win, obj)
    assert fast is not None
    _accel.use("python")
    try:
        slow = Win.from_json(obj)
    finally:
        _accel.use("c")
    assert list(vars(fast).items()) == list(vars(slow).items())
    assert [type(v) for v in vars(fast).values()] == [type(v) for v in vars(slow).values()]


def test_a_plain_win_has_the_facts_its_hand_gives(engine):
    # 1m2m3m 4p0p6p 7s8s9s 1z1z 2z2z2z, tsumo, seat South, round West; 0p is a red 5p.
    win = Win.from_json(ACCEPTED[0])
    assert win.concealed == (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28, 28)
    assert win.red == 1 and win.seat_wind == 28 and win.round_wind == 29 and win.tsumo
    assert win.number_total == (1 + 2 + 3) + (4 + 5 + 6) + (7 + 8 + 9)
    assert win.suit_count == 3 and win.is_closed and win.quads == 0
    assert win.mask2 == (1 << 27) | (1 << 28) and win.mask3 == 1 << 28
    assert not win.situational


def test_melds_count_in_the_facts(engine):
    # 5m5m + open kan 5p (one red), added kan East, pon South, chi 4s0s6s (one red).
    win = Win.from_json(ACCEPTED[3])
    assert win.quads == 2 and not win.is_closed and win.red == 0 and win.total_red == 2
    assert win.tile_counts[13] == 4 and win.tile_counts[27] == 4 and win.tile_counts[4] == 2
    assert win.number_total == 5 * 2 + 5 * 4 + (4 + 5 + 6)
