"""yakubook.engine.evaluation's less travelled paths: a Result with no reading, an enabled yaku
without a body, a shape with no condition, a check with no prefilter, and a ruleset's
supplied number on the path where a body asks for the other yaku."""

from __future__ import annotations

import dataclasses
import random

import pytest
from engine_hands import random_win

from yakubook.engine import decompose, registry
from yakubook.engine.evaluation import Result, _plan, _selector, _shapes, evaluate, live_checks
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win
from yakubook.errors import InputError

ONLY = '[ruleset]\nothers = "off"\n'


def test_a_result_without_a_reading_has_no_standard_yaku_and_a_null_interpretation():
    win = Win.make("123m456p789s11122z", "2z")
    r = Result(win, (), None, 0.0, ())
    assert r.standard == ()
    assert r.to_json() == {
        "yaku": [],
        "interpretation": None,
        "standard_yaku": [],
        "not_implemented": [],
    }


def test_an_enabled_yaku_without_a_body_is_reported_not_implemented(monkeypatch):
    registry.load_bodies()
    monkeypatch.delitem(registry.BODIES, "3-13-01")
    rs = Ruleset.from_toml(ONLY + '[yaku."3-13-01"]\nvalue = "b"\n')
    r = evaluate(Win.make("123m456p789s11122z", "2z"), rs)
    assert r.not_implemented == ("3-13-01",)
    assert r.to_json()["not_implemented"] == ["3-13-01"]


def test_a_shape_registered_without_a_condition_is_read_on_every_hand():
    # register_shape: no ``yaku`` means always run; no ``when`` means no test skips it.
    kind = "yb_test_unconditional"

    def finder(w: Win, counts: tuple[int, ...]):
        return ()

    try:
        decompose.register_shape(kind, finder)
        read = _shapes(Ruleset.default())
        rng = random.Random(5)
        for w in [random_win(rng) for _ in range(20)]:
            assert kind in read(w)
    finally:
        decompose.unregister_shape(kind)
    assert kind not in _shapes(Ruleset.default())(random_win(random.Random(5)))


def test_a_check_without_a_prefilter_is_live_wherever_its_gate_passes(monkeypatch):
    registry.load_bodies()
    body = registry.BODIES["3-13-01"]
    monkeypatch.setitem(registry.BODIES, "3-13-01", dataclasses.replace(body, prefilter=None))
    rs = Ruleset.from_toml(ONLY + '[yaku."3-13-01"]\nvalue = "b"\n')
    plan, _ = _plan(rs)
    ((gate, filtered, always),) = plan
    assert filtered == () and len(always) == 1
    select = _selector(rs)
    rng = random.Random(6)
    for w in [random_win(rng) for _ in range(200)]:
        expected = list(always) if gate is None or gate(w) else []
        assert select(w) == live_checks(w, plan) == expected


def test_a_supplied_number_holds_where_a_body_asks_for_the_others():
    # 皆素 (3-14-13), whose 翻 lost its digit, supplied as 2 han, with 人和 (3-15-01, a body
    # asking for the other local yaku) live on the same hand (a non-dealer's ron before
    # any own draw): the supplied number stands, and the score counts it.
    rs = Ruleset.from_toml(
        ONLY + '[yaku."3-15-01"]\nvalue = "d"\n[yaku."3-14-13"]\nvalue = "b"\nhan = 2\n'
    )
    win = Win.make("123m55p789p456678s", "2m", seat_wind="S", turn=0)
    assert len(_selector(rs)(win)) == 2  # both bodies are live: the asking path
    r = evaluate(win, rs, score=True)
    given = {a.id: a for a in r.yaku}
    assert given["3-14-13"].value["han"] == 2 and not given["3-14-13"].value["lost"]
    assert r.score is not None and r.score.win
    assert ("3-14-13 皆素", "2 han") in r.score.counted


def test_the_reading_worth_more_is_reported_though_another_comes_first():
    # 333 444 555 777p 99p: three triplets in a row (三連刻, 3-11-01, 2 han) and 333 555 777
    # (跳牌刻, 3-11-06, 2 han): 4 han. Read as 345p three times, 777p and 99p it is 一色三順
    # (3-10-01, 2 han) alone. The decomposition lists the runs' reading first.
    win = Win.make("33344455577799p", "7p")
    kinds = [[b.kind for b in i.blocks] for i in decompose.interpretations(win)]
    assert kinds[0].count("sequence") == 3 and kinds[1].count("triplet") == 4
    three = "".join(f'[yaku."{y}"]\nvalue = "b"\n' for y in ("3-10-01", "3-11-01", "3-11-06"))
    # these three alone (no body that asks for the others), and the documented defaults
    # (the same with two red 5p at a table whose set has one: the score is refused, the
    # local yaku are still those of the reading worth more)
    red = Win.make("33344400577799p", "7p")
    for rs in (Ruleset.from_toml(ONLY + three), None,
               Ruleset.from_toml(ONLY + three + "[scoring]\naka_dora = 1\n")):
        for hand in (win, red):
            r = evaluate(hand, rs)
            assert sorted(a.id for a in r.yaku) == ["3-11-01", "3-11-06"], rs
            assert r.total == 4.0
    with pytest.raises(InputError, match="2 red fives held"):
        evaluate(red, Ruleset.from_toml("[scoring]\naka_dora = 1\n"), score=True)
