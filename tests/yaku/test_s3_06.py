"""Section 3-06 (one-suit and one-color hands): what the examples cannot say."""

from __future__ import annotations

import pytest

from yakubook.engine import registry
from yakubook.engine.evaluation import evaluate
from yakubook.engine.win import Win

registry.load_bodies()


def test_chouhai_chiniisou_is_one_suit() -> None:
    # 跳牌清一色: a full flush (清一色) of 1, 3, 5, 7, 9. The same odd triplets and pair
    # in manzu and souzu together are not a flush.
    assert "3-06-15" in {a.id for a in evaluate(Win.make("11133355577799m", "9m")).yaku}
    two_suits = Win.make("111333m55577799s", "9s")
    assert "3-06-15" not in {a.id for a in evaluate(two_suits).yaku}


@pytest.mark.parametrize(
    "hand",
    ["222555m222555p11z", "222555m222555s11z", "222555p222555s11z"],
    ids=["manzu-pinzu", "manzu-souzu", "pinzu-souzu"],
)
def test_nidoukou_holds_in_every_pair_of_suits(hand: str) -> None:
    # 二同刻: two numbers (2 and 5) each a triplet in the same two suits, whichever two.
    assert "3-06-12" in {a.id for a in evaluate(Win.make(hand, "1z", tsumo=True)).yaku}
