"""Section 3-03 (last-tile yaku): what the examples cannot say.

石上三年 by 河底撈魚 holds under value c (one yakuman) but not under value b
(限海底撈月), so no example can pin it for every value option.
"""

from __future__ import annotations

import dataclasses

from yakubook.generated.s3_03 import IshinouedeSannenOptions, IshinouedeSannenValue

from yakubook.engine import registry
from yakubook.engine.bodies.s3_03 import ishinouede_sannen
from yakubook.engine.decompose import interpretations
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()


def _award(value: IshinouedeSannenValue, **situation):
    w = Win.make("123567m456p789s11z", "5m", riichi="double", **situation)
    opts = dataclasses.replace(IshinouedeSannenOptions(), value=value)
    return ishinouede_sannen(HandView(w, interpretations(w)[0]), opts)


def test_houtei_counts_under_value_c_only() -> None:
    assert _award(IshinouedeSannenValue.HAITEI_ONLY_YAKUMAN, houtei=True) is None
    got = _award(IshinouedeSannenValue.DOUBLE_ON_HAITEI, houtei=True)
    assert got is not None and got.value["kind"] == "yakuman" and got.value["multiple"] == 1


def test_haitei_is_double_yakuman_under_value_c() -> None:
    got = _award(IshinouedeSannenValue.DOUBLE_ON_HAITEI, tsumo=True, haitei=True)
    assert got is not None and got.value["multiple"] == 2
    got = _award(IshinouedeSannenValue.HAITEI_ONLY_YAKUMAN, tsumo=True, haitei=True)
    assert got is not None and got.value["multiple"] == 1
