"""The C accelerator and the pure-Python engine give the same answers (issue #27).

Both run in this process, switched with ``yakubook.engine._accel.use``: every Win (all its fields
and
derived facts) and every ``evaluate`` result, with all 149 local yaku on (the bodies'
irregular shapes registered), must be equal on 100,000 seeded random wins, on every
catalog example, and on corrupted inputs, whose InputError text must be the same. The
decomposition is also compared on every one-suit hand of 14 tiles. Skipped when the
accelerator is not built (test_speedups.py fails then, in a checkout made by `make`).
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import catalog
from yakubook.engine import _accel, decompose, registry
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hands import random_win

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(_accel.speedups is None, reason="the C accelerator is not built"),
]
# 100,000 wins in four seeded parts, so that the two pytest workers can share them.
PARTS = 4
WINS_PER_PART = 25_000


def typed(value: Any) -> Any:
    """`value` with the type of every part beside it: `==` alone takes 1 for True and 1.0,
    and a list for a tuple nowhere, but a caller of the engine sees the difference."""
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(typed(v) for v in value))
    if isinstance(value, (frozenset, set)):
        return (type(value).__name__, tuple(sorted(repr(typed(v)) for v in value)))
    if isinstance(value, dict):
        return (type(value).__name__, tuple((typed(k), typed(v)) for k, v in value.items()))
    return (type(value).__name__, value)


def _answer(obj: Any, ruleset: Ruleset) -> tuple:
    """What one engine makes of a JSON win: the Win's fields and the result, or the error
    (its type and text: any exception, so that one engine's TypeError against the other's
    InputError is a difference, not a crash of the test)."""
    try:
        win = Win.from_json(obj)
    except Exception as e:  # any exception: its type is compared
        return ("error", type(e).__name__, str(e))
    fields = typed(list(vars(win).items()))
    try:  # a win in no known shape is refused here
        r = evaluate(win, ruleset)
    except Exception as e:
        return ("evaluate error", fields, type(e).__name__, str(e))
    # The result's own fields (Award and Interpretation compare by value), not to_json():
    # the standard yaku it adds are computed from the Win and the interpretation compared
    # here by code neither engine replaces, and cost as much as the rest of the comparison.
    return ("ok", fields, typed((r.yaku, r.interpretation, r.total, r.not_implemented)))


def _both(obj: Any, ruleset: Ruleset) -> tuple[tuple, tuple]:
    _accel.use("c")
    fast = _answer(obj, ruleset)
    _accel.use("python")
    try:
        slow = _answer(obj, ruleset)
    finally:
        _accel.use("c")
    return fast, slow


@pytest.fixture(scope="module")
def everything() -> Ruleset:
    registry.load_bodies()
    return Ruleset.default()


@pytest.mark.parametrize("part", range(PARTS))
def test_random_wins(everything, part):
    rng = random.Random(2027 + part)
    differ = []
    readings = 0
    for _ in range(WINS_PER_PART):
        obj = random_win(rng).to_json()
        fast, slow = _both(obj, everything)
        if fast != slow:
            differ.append(obj)
        readings += fast[0] == "ok" and fast[2][1][1][1] is not None  # the interpretation
    assert differ == []
    assert readings == WINS_PER_PART  # every generated win is complete and read


def _corrupt(obj: dict, rng: random.Random) -> dict:
    out = dict(obj)
    how = rng.randrange(10)
    hand = out["hand"]
    if how == 0:
        out["hand"] = hand[1:]  # a tile less (or a letter without digits)
    elif how == 8:
        # A suit letter without digits, the tile count unchanged ("123mm456p"): the C
        # parser once read it as a valid hand, which the Python refuses.
        at = rng.choice([i for i, c in enumerate(hand) if c in "mpsz"])
        out["hand"] = hand[: at + 1] + hand[at] + hand[at + 1 :]
    elif how == 9:
        out["hand"] = rng.choice("mpsz") + hand  # a letter before any digit
    elif how == 1:
        out["hand"] = "1" + hand  # a tile more
    elif how == 2:
        out["win"] = rng.choice(["1m", "9p", "7z", "0s", "8z", "", "1x"])
    elif how == 3:
        out[rng.choice(["tsumo", "ippatsu"])] = rng.choice([1, "yes", None, True])
    elif how == 4:
        out["riichi"] = rng.choice(["riichi", "double", "open", "nope", 3])
    elif how == 5:
        out["melds"] = [*out.get("melds", []), rng.choice(["pon 111z", "chi 12m", "kan 5555p"])]
    elif how == 6:
        out[rng.choice(["seat", "round"])] = rng.choice(["E", "S", "X", "2z", "5z", 1])
    else:
        out[rng.choice(["honba", "tsumoo", "flowers"])] = rng.choice([1, -1, True])
    return out


def test_corrupted_wins_get_the_same_answer_or_error(everything):
    rng = random.Random(27)
    errors = differ = 0
    for _ in range(5000):
        obj = _corrupt(random_win(rng).to_json(), rng)
        fast, slow = _both(obj, everything)
        differ += fast != slow
        errors += fast[0] == "error"
    assert differ == 0
    assert errors > 2000  # most corruptions are errors, and those came out alike


def test_every_catalog_example(everything):
    examples = catalog.examples()
    off_others = Ruleset.from_toml('[ruleset]\nothers = "off"\n')
    read = 0
    for ex in examples:
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        for rs in (everything, off_others):
            fast, slow = _both(obj, rs)
            assert fast == slow, obj
            read += fast[0] == "ok"
    assert len(examples) > 500 and read > 1000


def test_every_one_suit_hand_splits_alike():
    checked = 0
    for counts9 in itertools.product(range(5), repeat=9):
        if sum(counts9) != 14:
            continue
        for base in (0, 9, 18):
            counts = [0] * 34
            counts[base : base + 9] = counts9
            key = tuple(counts)
            assert _accel.speedups.standard_block_sets(key) == \
                decompose.standard_block_sets_py(key), counts9
        checked += 1
    assert checked > 10_000
