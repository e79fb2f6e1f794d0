"""The C ``appraise_standard`` against its reference, ``score.appraise``'s Python (#38).

The C answers ``appraise`` for a standard or seven-pairs reading whose local yaku are
plain (``_is_plain``): the paying key and the Score, counted straight from the Win, the
Interpretation and the Awards (the situation yaku, the tile-colour yaku, the red fives
and flowers, the local values, the limit, the payments), with the reading's own standard
yaku read from the counts score.py keeps. It declines (None) anything else. Every test
here compares it with the Python (the hook off) on the same reading: the key, its types
and the Score must be the same, and on generated hands the C must answer most readings
(a C that declined everything would pass the comparisons vacuously).
"""

from __future__ import annotations

import random

import pytest
from engine_hands import random_win

from yakubook.engine import score
from yakubook.engine._accel import speedups
from yakubook.engine.award import Award
from yakubook.engine.evaluation import _evaluate, prepare
from yakubook.engine.rules import Ruleset
from yakubook.engine.score import Scoring
from yakubook.engine.win import Win

pytestmark = pytest.mark.skipif(speedups is None, reason="the C accelerator is not built")

SCORINGS = (
    Scoring(),
    Scoring(kiriage=True, kazoe="multiple", aka_dora=0, flower_dora=False, kuitan=False),
    Scoring(multiple_yakuman=False, double_yakuman=False, kazoe="sanbaiman", aka_dora=1),
    Scoring(aka_dora=4, limit_yaku="add"),
)


def _python(win: Win, reading, awards: list, scoring: Scoring, monkeypatch) -> tuple:
    """What the Python counts: (key, Score), or the exception it raises."""
    with monkeypatch.context() as m:
        m.setattr(score, "_FAST_APPRAISE", None)
        try:
            key, build = score.appraise(win, reading, awards, scoring)
        except Exception as error:  # compared with the C's answer
            return ("raises", type(error))
        return key, build()


def _same_or_declined(
    win: Win, reading, awards: list, scoring: Scoring, monkeypatch, c_first: bool = False
) -> bool:
    """The C's answer equals the Python's, or the C declined; True when it answered.
    ``c_first``: the C asked before the Python has kept anything on the Awards."""
    # The key alone (key_only, score.appraise_key), asked beside the whole (what score.py
    # has kept the same): declined exactly when the whole is, else the whole's key.
    if c_first:
        got = speedups.appraise_standard(win, reading, awards, scoring)
        key_only = speedups.appraise_standard(win, reading, awards, scoring, True)
        expected = _python(win, reading, awards, scoring, monkeypatch)
    else:
        expected = _python(win, reading, awards, scoring, monkeypatch)
        key_only = speedups.appraise_standard(win, reading, awards, scoring, True)
        got = speedups.appraise_standard(win, reading, awards, scoring)
    if got is None:
        assert key_only is None, (win.to_json(), reading, awards, scoring)
        return False
    assert expected[0] != "raises", (win.to_json(), reading, awards, expected)
    key, made = got[0], got[1]()
    where = (win.to_json(), reading, awards, scoring)
    assert key == expected[0], where
    assert [type(x) for x in key] == [type(x) for x in expected[0]], where
    assert key_only == key, where
    assert [type(x) for x in key_only] == [type(x) for x in key], where
    assert made == expected[1], where
    assert made.to_json() == expected[1].to_json(), where
    assert type(made) is score.Score and type(made.payment) is score.Payment
    assert made.payment == expected[1].payment and made.counted == expected[1].counted
    assert made.not_counted == expected[1].not_counted and made.reason == expected[1].reason
    return True


def _situated(win: Win, rng: random.Random) -> Win:
    """The same tiles in a random situation the C reads (or declines: dora, ura)."""
    obj = win.to_json()
    if win.is_closed and rng.random() < 0.4:
        obj["riichi"] = rng.choice(["riichi", "double", "open", "open_double"])
        obj["ippatsu"] = rng.random() < 0.3
    if rng.random() < 0.3:
        obj["honba"] = rng.randrange(5)
        obj["riichi_sticks"] = rng.randrange(3)
    if rng.random() < 0.15:
        obj["min_han"] = 2
    if rng.random() < 0.1:
        obj["flowers"] = rng.randrange(1, 4)
    roll = rng.random()
    if roll < 0.05:
        obj.update(first_go_around=True, tsumo=True, riichi="none", ippatsu=False)
    elif roll < 0.1:
        obj["haitei" if obj.get("tsumo") else "houtei"] = True
    elif roll < 0.13:
        obj["dora"] = "1m"
    elif roll < 0.16 and not obj.get("tsumo"):
        obj["chankan"] = True
    elif roll < 0.19 and obj.get("tsumo") and "kan" in str(obj.get("melds")):
        obj["rinshan"] = True
    if rng.random() < 0.1:
        obj["seat"], obj["round"] = rng.choice("ESWN"), rng.choice("ES")
    try:
        return Win.from_json(obj)
    except Exception:  # an inconsistent situation: the plain hand
        return win


def _readings(win: Win, ruleset: Ruleset) -> list:
    readings: list = []
    _evaluate(win, ruleset, readings)
    return readings


def _agreement(seed: int, hands: int, scorings: tuple, monkeypatch, awards_of=None) -> tuple:
    """(answered, asked): random situated wins, each reading under each scoring asked
    twice (the second time the counts score.py keeps are there). ``awards_of(rng, n)``
    replaces the reading's own awards; then every other hand asks the C first."""
    rng = random.Random(seed)
    ruleset = prepare()
    answered = asked = 0
    for n in range(hands):
        win = _situated(random_win(rng), rng)
        for reading, own in _readings(win, ruleset):
            awards = own if awards_of is None else awards_of(rng, n)
            for scoring in scorings:
                for again in range(2):
                    asked += 1
                    c_first = awards_of is not None and n % 2 == 0 and not again
                    answered += _same_or_declined(
                        win, reading, awards, scoring, monkeypatch, c_first=c_first
                    )
    return answered, asked


def test_c_appraisal_agrees_on_generated_hands(monkeypatch):
    answered, asked = _agreement(38, 1500, SCORINGS, monkeypatch)
    assert answered > asked / 2, (answered, asked)


def _award(rng: random.Random, i: int) -> Award:
    """A local award of every kind of value the count meets, some the C declines."""
    value = rng.choice(
        [
            {"kind": "han", "han": rng.choice([1, 2, 3, 6, 13, 0, None])},
            {"kind": "fu_han", "han": rng.randrange(1, 4)},
            {"kind": "yakuman", "multiple": rng.choice([1, 2, 3, 0])},
            {"kind": "adopted", "han": rng.choice([0, 1, 2, None])},
            {"kind": "adopted"},
            {"kind": "han", "han": 2, "lost": True},
            {"kind": "han", "han": 2, "lost": False},
            {"kind": "conditional", "cases": []},
            {"kind": "none"},
            {"kind": "limit", "limit": "mangan", "multiple": None},
            {"kind": "han", "han": 1, "fu": 25},
        ]
    )
    yid = rng.choice([f"9-99-{i:02d}", "3-02-01"])
    return Award(id=yid, name=f"yaku {i}", letter="a", value=value)


def test_c_appraisal_agrees_on_every_kind_of_local_value(monkeypatch):
    def awards_of(rng: random.Random, n: int) -> list[Award]:
        return [_award(rng, n * 10 + k) for k in range(rng.randrange(4))]

    answered, asked = _agreement(3838, 600, SCORINGS[:3], monkeypatch, awards_of)
    assert answered > asked / 3, (answered, asked)


def test_c_appraisal_counts_one_suit_and_nine_gates(monkeypatch):
    ruleset = prepare()
    hands = [
        {"hand": "11123455678999m", "win": "5m"},  # 九蓮寶燈 (the extra tile not waited)
        {"hand": "11123456789999m", "win": "9m", "tsumo": True},  # 純正: the 9 waited on
        {"hand": "11122233345699p", "win": "9p"},
        {"hand": "22334455667788s", "win": "8s", "tsumo": True},  # seven pairs or runs
        {"hand": "11223344556677z", "win": "7z"},  # 字一色's seven pairs
        {"hand": "19m19p19s1234567z7z", "win": "7z"},  # 國士: the Python's
    ]
    answered = 0
    for obj in hands:
        win = Win.from_json(obj)
        for reading, awards in _readings(win, ruleset):
            for scoring in SCORINGS:
                for _ in range(2):
                    answered += _same_or_declined(win, reading, awards, scoring, monkeypatch)
    assert answered >= 20


def test_c_appraisal_declines_what_it_does_not_read():
    win = Win.from_json({"hand": "123m456p789s11z234m", "win": "1z", "tsumo": True})
    reading = _readings(win, prepare())[0][0]
    scoring = Scoring()
    # The C reads the count score.py keeps per combination: the Python keeps it the first
    # time it sees one (a run of this test alone starts with none kept).
    score.appraise(win, reading, [], scoring)
    whole = speedups.appraise_standard(win, reading, [], scoring)
    assert whole is not None
    # A fifth argument True asks for the key alone; anything else, the whole (key, build).
    assert speedups.appraise_standard(win, reading, [], scoring, True) == whole[0]
    for not_true in (False, 1, None):
        pair = speedups.appraise_standard(win, reading, [], scoring, not_true)
        assert pair[0] == whole[0] and pair[1]() == whole[1]()
    assert speedups.appraise_standard(win, reading, [], scoring, True, True) is None
    for args in [
        (win.to_json(), reading, [], scoring),  # not a Win
        (win, tuple(reading), [], scoring),  # not an Interpretation
        (win, reading, (), scoring),  # awards not a list
        (win, reading, ["not an award"], scoring),
        (win, reading._replace(kind="kokushi"), [], scoring),
        (win, reading._replace(blocks=("x",)), [], scoring),
        (win, reading, [], Scoring(kazoe=5)),  # type: ignore[arg-type]
        (win, reading, [], Scoring(aka_dora="3")),  # type: ignore[arg-type]
        (win, reading, [], Scoring(kuitan=1)),  # type: ignore[arg-type]
    ]:
        assert speedups.appraise_standard(*args) is None, args
    assert speedups.appraise_standard(win, reading) is None


def test_c_appraisal_caps_yakuman_and_leaves_too_many_red_fives_to_the_python(monkeypatch):
    ruleset = prepare()
    win = Win.from_json({"hand": "123m406p789s11z234m", "win": "1z", "tsumo": True})
    reading = _readings(win, ruleset)[0][0]
    many = [
        Award(id=f"9-98-0{k}", name="big", letter="a", value={"kind": "yakuman", "multiple": m})
        for k, m in enumerate((3, 3, 2))
    ]
    for scoring in (Scoring(), Scoring(multiple_yakuman=False)):
        for _ in range(2):
            assert _same_or_declined(win, reading, many, scoring, monkeypatch)
    assert speedups.appraise_standard(win, reading, many, Scoring())[1]().yakuman == 6
    # Two red fives: counted under a set of three, an error under a set of one.
    reds = Win.from_json({"hand": "123m406p789s11z340m", "win": "1z", "tsumo": True})
    reading = _readings(reds, ruleset)[0][0]
    for _ in range(2):
        assert _same_or_declined(reds, reading, [], Scoring(), monkeypatch)
        assert _python(reds, reading, [], Scoring(aka_dora=1), monkeypatch)[0] == "raises"
        assert speedups.appraise_standard(reds, reading, [], Scoring(aka_dora=1)) is None


def test_local_only_evaluation_chooses_the_reading_the_scores_choose(monkeypatch):
    # evaluate without score ranks a hand's readings by their paying keys alone
    # (score.appraise_key: the C's key_only); it must keep the reading, and the same
    # awards, that ranking the whole appraisals keeps, and appraise_key must be
    # appraise's key, with the C hook and without.
    from yakubook.engine.score import paying_reading

    ruleset = prepare()
    rng = random.Random(3839)
    several = 0
    for _ in range(400):
        win = _situated(random_win(rng), rng)
        readings = _readings(win, ruleset)
        for reading, awards in readings:
            key = score.appraise_key(win, reading, awards, ruleset.scoring)
            assert key == score.appraise(win, reading, awards, ruleset.scoring)[0]
        if len(readings) < 2:
            continue
        several += 1
        whole = paying_reading(win, readings, ruleset.scoring, True)
        keys = paying_reading(win, readings, ruleset.scoring, False)
        assert keys[:2] == whole[:2] and keys[2] is None
        with monkeypatch.context() as m:
            m.setattr(score, "_FAST_APPRAISE", None)
            assert paying_reading(win, readings, ruleset.scoring, False)[:2] == whole[:2]
    assert several > 20
