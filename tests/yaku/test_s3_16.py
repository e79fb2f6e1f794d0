"""Section 3-16 (non-tenpai shapes): what the examples cannot say.

BACK FOUR's value b accepts the shape but still needs another yaku, so one hand holds
under value c and not under b; and the irregular hands go through evaluate.
"""

from __future__ import annotations

import dataclasses

from yakubook.generated.s3_16 import BackFourOptions, BackFourValue

from yakubook.engine import registry
from yakubook.engine.bodies.s3_16 import back_four
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()


def _best(win: Win, opts: BackFourOptions):
    awards = [back_four(HandView(win, i), opts) for i in interpretations(win)]
    return [a for a in awards if a is not None]


def test_back_four_value_b_needs_another_yaku() -> None:
    ron = Win.make("1111m4444p7777s55z", "5z")  # no yaku besides the shape
    tsumo = Win.make("1111m4444p7777s55z", "5z", tsumo=True)  # 門前清自摸和
    b = dataclasses.replace(
        BackFourOptions(), value=BackFourValue.HAN_LOST_TENPAI_SHAPE_WITH_OTHER_YAKU
    )
    c = dataclasses.replace(b, value=BackFourValue.HAN_LOST)
    assert b.value.letter == "b"
    assert _best(ron, b) == []
    assert _best(tsumo, b)
    assert _best(ron, c)


def test_irregular_hands_evaluate() -> None:
    cases = {
        "3-16-01": Win.make("147m258p369s12344z", "9s", tsumo=True, first_go_around=True),
        "3-16-02": Win.make("147m258p369s12345z", "5z", tsumo=True, first_go_around=True),
        "3-16-03": Win.make("1357m2468p123457s", "7s", tsumo=True, first_go_around=True),
        "3-16-05": Win.make("11156688m222444z", "2z"),
        "3-16-06": Win.make("1188m55p66s222444z", "1m"),
        "3-16-08": Win.make("1234567m1234567p", "7p"),
        "3-16-09": Win.make("1234567m1234567z", "7z"),
    }
    for yid, win in cases.items():
        result = evaluate(win)
        assert yid in {a.id for a in result.yaku}, (yid, result.to_json())


def test_back_four_through_evaluate() -> None:
    # Four identical tiles three times and a pair is also a seven-pairs-with-quads hand
    # (3-09-08); as a yakuman BACK FOUR is the better reading.
    rules = Ruleset.from_toml('[yaku."3-16-07"]\nvalue = "d"\n')
    result = evaluate(Win.make("1111m4444p7777s55z", "5z"), rules)
    assert "3-16-07" in {a.id for a in result.yaku}
    assert result.interpretation is not None and result.interpretation.kind == "back_four"


def test_juushi_renkan_is_not_seven_pairs() -> None:
    # 十四連嵌: the whole hand is seven 嵌張 搭子 (13m, 57m …). Seven pairs of number tiles
    # at the first uninterrupted draw are not.
    first = {"tsumo": True, "first_go_around": True}
    ok = Win.make("1357m2468p123457s", "7s", **first)
    assert "3-16-03" in {a.id for a in evaluate(ok).yaku}
    pairs = Win.make("1133557799m1133p", "3p", **first)
    assert "3-16-03" not in {a.id for a in evaluate(pairs).yaku}


def test_nanboku_sensou_takes_a_south_ankan() -> None:
    # 南北戰爭(2) (南、北的刻子 + 1861 + 1865) and 南北戰爭(3) (南、北的暗刻 + pairs of 1, 5,
    # 6, 8): a South ankan is South held as a concealed set (3-16-05-03 a allows ankan;
    # an ankan counts as 暗刻), so four Souths do as well as three.
    melds = ["ankan 2222z"]
    sensou_2 = evaluate(Win.make("11156688m444z", "1m", melds))
    sensou_3 = evaluate(Win.make("1188m55p66s444z", "1m", melds))
    assert "3-16-05" in {a.id for a in sensou_2.yaku}
    assert "3-16-06" in {a.id for a in sensou_3.yaku}
