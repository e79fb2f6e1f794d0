"""The score path's shortcuts (issue #38) answer what the slow way answers.

``score._reading_yaku`` reads a reading's standard yaku in one pass over its blocks, the
tile-colour ones once per hand; ``score.names_by_checks`` asks every check of
``standard.STANDARD_YAKU`` in turn, as the score did before. ``score.appraise`` gives a
reading's place in rule 8's order without building its Score, and counts the fu once.
The first tests state yaku from the rules on hands written by hand; the others compare the
shortcuts with the slow way on many generated hands.
"""

from __future__ import annotations

import random

import pytest
from engine_hands import random_win

from yakubook.engine._accel import speedups
from yakubook.engine.decompose import Block, interpretations
from yakubook.engine.score import (
    SET_YAKU,
    Scoring,
    _reading_yaku,
    _total,
    appraise,
    names_by_checks,
    paying_key,
    payment,
    score_reading,
    set_yaku_py,
)
from yakubook.engine.win import Win


def _readings(obj: dict) -> tuple[Win, list]:
    win = Win.from_json(obj)
    return win, interpretations(win)


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        # 234m 567m 234p 567s 88p by ron on 4m (the 234m's third tile: a two-sided wait on
        # 1-4m), closed, the pair no value tile: all simples and pinfu, nothing else.
        ({"hand": "234567m234p88p567s", "win": "4m"}, ["tanyao", "pinfu"]),
        # 123m 456m 789m 123p 99s: a pure straight in man, and 123 in man and pin.
        ({"hand": "123456789m123p99s", "win": "9s", "tsumo": True}, ["ittsuu"]),
        # 111m 999p 111s 555z and the pair 11z, by tsumo on 1z: four concealed triplets
        # won on the pair (suuankou tanki), all triplets, only terminals and honors.
        ({"hand": "111m999p111s555z11z", "win": "1z", "tsumo": True},
         ["toitoi", "honroutou", "suuankou", "suuankou_tanki"]),
        # 123m 123m 789p 789p 55s: two pairs of identical sequences (closed).
        ({"hand": "112233m778899p55s", "win": "5s", "tsumo": True}, ["ryanpeikou"]),
        # 555z 666z 77z + 123m 789m: two dragon triplets and a dragon pair; with honors
        # and one suit: little three dragons and half flush; 123m and 789m with the honors:
        # every block holds a terminal or honor and there is a sequence: chanta.
        ({"hand": "123789m555666z77z", "win": "7z", "tsumo": True},
         ["chanta", "shousangen", "honiisou"]),
        # seven pairs of simples in one suit.
        ({"hand": "22334455667788m", "win": "2m", "tsumo": True},
         ["tanyao", "chiitoitsu", "chiniisou"]),
    ],
)
def test_the_yaku_of_a_reading_as_the_rules_state_them(obj, expected):
    win, readings = _readings(obj)
    best = [sorted(_reading_yaku(win, r)) for r in readings]
    assert sorted(expected) in best


def test_one_pass_names_every_reading_as_the_checks_do():
    # Generated hands of every style (engine_hands: flushes, honors, kans, peikou, seven
    # pairs, thirteen orphans, nine gates …), every reading, the same names in the same order.
    rng = random.Random(3802)
    seen = set()
    for _ in range(6000):
        win = random_win(rng)
        for reading in interpretations(win):
            fast = list(_reading_yaku(win, reading))
            assert fast == names_by_checks(win, reading), (win.to_json(), reading)
            seen.update(fast)
    # The comparison covered the yaku it is about, not only hands with none.
    assert {"pinfu", "iipeikou", "ryanpeikou", "ittsuu", "sanshoku_doujun",
            "sanshoku_doukou", "toitoi", "sanankou", "chanta", "junchan", "shousangen",
            "suuankou", "daisangen", "chiitoitsu", "chiniisou", "honiisou"} <= seen


def test_one_pass_names_every_one_suit_reading_as_the_checks_do():
    # Closed one-suit hands have the most readings (pinfu on one, iipeikou on another).
    from bench.one_suit import one_suit_hands

    for n, counts9 in enumerate(one_suit_hands()):
        if n % 7:
            continue
        tiles = tuple(9 + i for i, c in enumerate(counts9) for _ in range(c))
        for win_tile, tsumo in ((tiles[0], True), (tiles[-1], False)):
            win = Win(concealed=tiles, win_tile=win_tile, tsumo=tsumo)
            for reading in interpretations(win):
                assert list(_reading_yaku(win, reading)) == names_by_checks(win, reading)


@pytest.mark.parametrize("tsumo", [True, False])
@pytest.mark.parametrize("seat", ["E", "S"])
@pytest.mark.parametrize("base", [0, 240, 320, 1920, 2000, 8000])
def test_the_total_is_the_payments_total(tsumo, seat, base):
    win = Win.from_json({"hand": "234567m234p88p567s", "win": "4m", "tsumo": tsumo,
                         "seat": seat, "honba": 2, "riichi_sticks": 1})
    assert _total(win, base) == payment(win, base, win.riichi_sticks).total


def test_appraise_keys_and_scores_as_score_reading_and_paying_key():
    rng = random.Random(3803)
    for scoring in (Scoring(), Scoring(kazoe="multiple", kuitan=False, multiple_yakuman=False)):
        for _ in range(3000):
            win = random_win(rng)
            for reading in interpretations(win):
                key, build = appraise(win, reading, [], scoring)
                s = score_reading(win, reading, [], scoring)
                assert build() == s
                assert key == paying_key(win, reading, s)


# -- the C set_yaku beside its reference set_yaku_py ---------------------------------------

needs_c = pytest.mark.skipif(speedups is None, reason="the C accelerator is not built")


def _args(win: Win, reading) -> tuple:
    return (reading.blocks, reading.wait, reading.concealed_triplets, win.is_closed,
            win.seat_wind, win.round_wind)


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        # 123m 456m 789m 234p 55s by ron on 4p (two-sided): closed, four sequences, a plain
        # pair: pinfu and the pure straight.
        ({"hand": "123456789m234p55s", "win": "4p"}, {"pinfu", "ittsuu"}),
        # 111m 111p 111s 999m 77z by tsumo on 7z: three coloured triplets of 1, four
        # concealed triplets won on the pair (tanki), all triplets.
        ({"hand": "111999m111p111s77z", "win": "7z", "tsumo": True},
         {"sanshoku_doukou", "toitoi", "suuankou", "suuankou_tanki"}),
        # 555z 666z 777z 123m 11p: the three dragon triplets.
        ({"hand": "123m11p555666777z", "win": "1p", "tsumo": True},
         {"sanankou", "daisangen", "chanta"}),
    ],
)
@pytest.mark.parametrize("engine", ["c", "python"])
def test_set_yaku_bits_name_the_rules_yaku(obj, expected, engine):
    if engine == "c" and speedups is None:
        pytest.skip("the C accelerator is not built")
    fn = speedups.set_yaku if engine == "c" else set_yaku_py
    win, readings = _readings(obj)
    named = [{n for i, n in enumerate(SET_YAKU) if fn(*_args(win, r)) >> i & 1}
             for r in readings]
    assert expected in named


@needs_c
def test_c_and_python_set_yaku_agree_on_generated_readings():
    rng = random.Random(3804)
    for _ in range(6000):
        win = random_win(rng)
        for reading in interpretations(win):
            if reading.kind == "standard":
                args = _args(win, reading)
                assert speedups.set_yaku(*args) == set_yaku_py(*args), (win.to_json(), reading)


class _Kind(str):
    pass


B = Block  # hostile blocks are decompose.Block with wrong fields (or plain tuples)


@needs_c
@pytest.mark.parametrize(
    "args",
    [
        (),
        ([("sequence", 0)], "ryanmen", 0, True, 27, 27),  # a list, not a tuple
        ((B("sequence", 0),), 5, 0, True, 27, 27),  # the wait not text
        ((B("sequence", 0),), "ryanmen", 0, 1, 27, 27),  # closed not a bool
        ((B("sequence", 0),), "ryanmen", 9, True, 27, 27),  # nine concealed triplets
        ((B("sequence", 0),), "ryanmen", -1, True, 27, 27),
        ((B("sequence", 0),), "ryanmen", 0, True, 2**70, 27),
        ((B("sequence", 0),), "ryanmen", 0, True, 27, None),
        ((B("sequence", True),), "ryanmen", 0, True, 27, 27),  # a bool tile
        ((B("sequence", 34),), "ryanmen", 0, True, 27, 27),  # no such tile
        ((B("sequence", -1),), "ryanmen", 0, True, 27, 27),
        ((B("sequence", 2**80),), "ryanmen", 0, True, 27, 27),
        ((B("sequence", 27),), "ryanmen", 0, True, 27, 27),  # a run of winds
        ((B("single", 0),), "ryanmen", 0, True, 27, 27),  # no standard reading's block
        ((B(b"pair", 0),), "tanki", 0, True, 27, 27),
        ((B(0, "pair"),), "tanki", 0, True, 27, 27),
        ((("pair",),), "tanki", 0, True, 27, 27),  # too short
        ((0,), "tanki", 0, True, 27, 27),  # not a tuple
        ((B(_Kind("pair"), 3),), "tanki", 0, True, 27, 27),  # text of a str subclass
        ((B("triplet", 27),) * 9, "tanki", 0, True, 27, 27),  # more blocks than a hand has
        ((B("triplet", 27),) * 8, "tanki", 4, True, 27, 27),
        ((B("quad", 31), B("quad", 32), B("quad", 33), B("quad", 27), B("pair", 28)),
         "tanki", 4, True, 27, 27),
        ((B("sequence", "0"),), "ryanmen", 0, True, 27, 27),
        ((B("sequence", 0, True, True),), "ry\udc80", 0, False, 27, 27),  # lone surrogate
        ((("sequence", 0),), "ryanmen", 0, True, 27, 27),  # a plain tuple, not a Block
    ],
)
def test_c_set_yaku_declines_or_agrees_on_hostile_input(args):
    # The C answers what the Python answers, or None (then the Python decides); it never
    # crashes nor raises where the Python would answer.
    try:
        expected = set_yaku_py(*args)
    except Exception:  # the reference refuses it: the C must only decline or agree
        expected = None
    got = speedups.set_yaku(*args)
    assert got is None or got == expected


def test_a_declined_reading_is_named_by_the_python(monkeypatch):
    # When the hook declines, the names are the reference's.
    from yakubook.engine import score

    monkeypatch.setattr(score, "set_yaku", lambda *args: None)
    win, readings = _readings({"hand": "123456789m234p55s", "win": "4p"})
    for r in readings:
        assert list(_reading_yaku(win, r)) == names_by_checks(win, r)


def test_results_scores_and_payments_are_their_dataclasses_own():
    # Built with their fields in one step, they equal, print and read as the dataclass's
    # own __init__ would make them.
    from dataclasses import fields

    from yakubook.engine.evaluation import Result, evaluate
    from yakubook.engine.score import Payment, Score

    for obj in ({"hand": "234567m234p88p567s", "win": "4m", "seat": "E", "honba": 1},
                {"hand": "111222333m44455p", "win": "4p", "tsumo": True, "seat": "S"}):
        got = evaluate(Win.from_json(obj), score=True)
        for made, cls in ((got, Result), (got.score, Score), (got.score.payment, Payment)):
            again = cls(*[getattr(made, f.name) for f in fields(cls)])
            assert made == again and repr(made) == repr(again)
            assert vars(made) == vars(again)
        assert got.standard  # the cached property still caches
