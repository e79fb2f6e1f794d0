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

import copyreg
import dataclasses
import io
import itertools
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import catalog
from yakubook.engine import _accel, decompose, registry
from yakubook.engine.award import Award
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.score import Scoring
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


def _award_fields(award: Award) -> tuple:
    """An Award as its class and its fields: not what the engine keeps on it besides
    (score._is_plain's ``_is_plain`` and ``_taken_out``, worked out by the same Python
    function for both engines and kept on the one Award object every evaluation shares,
    so whether it is there yet depends on which hands came before, not on the engine)."""
    return Award, tuple(getattr(award, f.name) for f in dataclasses.fields(Award))


_DISPATCH = {**copyreg.dispatch_table, Award: _award_fields}


def typed(value: Any) -> bytes:
    """`value` as pickle writes it: every part with its type (`==` alone takes 1 for True
    and 1.0, and a list for a tuple, but a caller of the engine sees the difference), the
    engine's objects with their class and every field, in one pass in C. Fast mode writes
    no memo, so a part one engine shares and the other builds twice reads the same; a set
    must be sorted first (``_fields``), since two equal sets may iterate apart."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dispatch_table = _DISPATCH
    pickler.dump(value)
    return buf.getvalue()


def _fields(win: Win) -> bytes:
    """A Win's fields and derived facts, typed; its sets (the declarations) sorted."""
    return typed([
        (k, type(v).__name__, sorted(v) if isinstance(v, (set, frozenset)) else v)
        for k, v in vars(win).items()
    ])


def _answer(obj: Any, ruleset: Ruleset) -> tuple:
    """What one engine makes of a JSON win: the Win's fields and the result, or the error
    (its type and text: any exception, so that one engine's TypeError against the other's
    InputError is a difference, not a crash of the test)."""
    try:
        win = Win.from_json(obj)
    except Exception as e:  # any exception: its type is compared
        return ("error", type(e).__name__, str(e))
    fields = _fields(win)
    try:  # a win in no known shape is refused here
        r = evaluate(win, ruleset)
    except Exception as e:
        return ("evaluate error", fields, type(e).__name__, str(e))
    # The result's own fields (Award and Interpretation compare by value), not to_json():
    # the standard yaku it adds are computed from the Win and the interpretation compared
    # here by code neither engine replaces, and cost as much as the rest of the comparison.
    read = r.interpretation is not None
    return ("ok", fields, typed((r.yaku, r.interpretation, r.total, r.not_implemented)), read)


def _both(objs: list[Any], rulesets: list[Ruleset],
          answer: Callable[[Any, Ruleset], tuple] = _answer) -> Iterator[tuple[tuple, tuple]]:
    """What the C engine and then the pure one answer for each JSON win, under the ruleset
    beside it, win by win. The engines take turns by the thousand wins: a switch of engine
    (_accel.use) rebuilds what a ruleset keeps for its hands (selector, plans), and a switch
    there and back for each win was half of these tests' time."""
    for start in range(0, len(objs), 1000):
        part = list(zip(objs[start:start + 1000], rulesets[start:start + 1000], strict=True))
        answers: dict[str, list[tuple]] = {}
        try:
            for engine in ("c", "python"):
                _accel.use(engine)
                answers[engine] = [answer(obj, rs) for obj, rs in part]
        finally:
            _accel.use("c")
        yield from zip(answers["c"], answers["python"], strict=True)


def test_typed_tells_apart_what_equality_does_not() -> None:
    # The comparison below must see a bool for an int, a float for an int, a list for a
    # tuple, an int-valued dict entry turned True, and must not see sharing or set order.
    assert typed((1, 2)) != typed((True, 2))
    assert typed([1.0]) != typed([1])
    assert typed(((1,), 2)) != typed(([1], 2))
    assert typed({"han": 1}) != typed({"han": True})
    shared = (1, 2, 3)
    assert typed([shared, shared]) == typed([(1, 2, 3), tuple([1, 2, 3])])
    a = Award("3-01-01", "x", "b", {"kind": "han", "han": 2}, "")
    b = Award("3-01-01", "x", "b", {"kind": "han", "han": 2.0}, "")
    assert a == b and typed(a) != typed(b)
    assert typed(a) != typed(dataclasses.replace(a, note="x"))  # every field counts
    # what the score keeps on an Award is not one of its fields (see _award_fields)
    kept = Award("3-01-01", "x", "b", {"kind": "han", "han": 2}, "")
    kept.__dict__["_is_plain"] = True
    assert typed(kept) == typed(a)
    first, second = {"riichi", "ippatsu", "double"}, {"double", "ippatsu", "riichi"}
    win_a = Win.from_json({"hand": "123456789m12355p", "win": "5p"})
    win_b = Win.from_json({"hand": "123456789m12355p", "win": "5p"})
    object.__setattr__(win_a, "declarations", frozenset(first))
    object.__setattr__(win_b, "declarations", frozenset(second))
    assert _fields(win_a) == _fields(win_b)


@pytest.fixture(scope="module")
def everything() -> Ruleset:
    registry.load_bodies()
    return Ruleset.default()


@pytest.mark.parametrize("part", range(PARTS))
def test_random_wins(everything, part):
    rng = random.Random(2027 + part)
    objs = [random_win(rng).to_json() for _ in range(WINS_PER_PART)]
    differ = []
    readings = 0
    for obj, (fast, slow) in zip(objs, _both(objs, [everything] * len(objs)), strict=True):
        if fast != slow:
            differ.append(obj)
        readings += fast[0] == "ok" and fast[3]  # a reading was reported
    assert differ == []
    assert readings == WINS_PER_PART  # every generated win is complete and read


def _scored(obj: Any, ruleset: Ruleset) -> tuple:
    """What one engine scores of a JSON win (``score=True``: the paying reading, its
    awards and the Score), or the error."""
    try:
        r = evaluate(Win.from_json(obj), ruleset, score=True)
    except Exception as e:  # any exception: its type is compared
        return ("error", type(e).__name__, str(e))
    return ("ok", typed((r.yaku, r.interpretation, r.total, r.score)), r.score is not None)


SCORED_WINS = 10_000


def test_scored_random_wins(everything):
    # The score path (the C reading_facts and set_yaku beside the Python count: han, fu,
    # limits, payments) on random wins at random tables (dora, honba, sticks, 二翻縛)
    # under scorings that change the count.
    rng = random.Random(2031)
    rulesets = [
        everything,
        dataclasses.replace(everything, scoring=Scoring(kiriage=True, kazoe="multiple",
                                                        kuitan=False, aka_dora=0)),
        dataclasses.replace(everything, scoring=Scoring(kazoe="sanbaiman",
                                                        double_yakuman=False)),
    ]
    objs = [random_win(rng).to_json() | {
        "dora": rng.choice(("", "1m", "4z", "9s", "2p")),
        "honba": rng.choice((0, 0, 1, 4)),
        "riichi_sticks": rng.choice((0, 0, 2)),
        "min_han": rng.choice((1, 1, 1, 2)),
    } for _ in range(SCORED_WINS)]
    tables = [rulesets[i % len(rulesets)] for i in range(SCORED_WINS)]
    differ = []
    scored = 0
    for obj, (fast, slow) in zip(objs, _both(objs, tables, _scored), strict=True):
        if fast != slow:
            differ.append(obj)
        scored += fast[0] == "ok" and fast[2]
    assert differ == []
    assert scored > SCORED_WINS // 2


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
    objs = [_corrupt(random_win(rng).to_json(), rng) for _ in range(5000)]
    errors = differ = 0
    for fast, slow in _both(objs, [everything] * len(objs)):
        differ += fast != slow
        errors += fast[0] == "error"
    assert differ == 0
    assert errors > 2000  # most corruptions are errors, and those came out alike


def test_every_catalog_example(everything):
    examples = catalog.examples()
    off_others = Ruleset.from_toml('[ruleset]\nothers = "off"\n')
    objs, rulesets = [], []
    for ex in examples:
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        for rs in (everything, off_others):
            objs.append(obj)
            rulesets.append(rs)
    read = 0
    for obj, (fast, slow) in zip(objs, _both(objs, rulesets), strict=True):
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
