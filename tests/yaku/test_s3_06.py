"""Section 3-06 (one-suit and one-color hands): what the examples cannot say."""

from __future__ import annotations

from yaku import registry
from yaku.evaluation import evaluate
from yaku.win import Win

registry.load_bodies()


def test_chouhai_chiniisou_is_one_suit() -> None:
    # 跳牌清一色: a full flush (清一色) of 1, 3, 5, 7, 9. The same odd triplets and pair
    # in manzu and souzu together are not a flush.
    assert "3-06-15" in {a.id for a in evaluate(Win.make("11133355577799m", "9m")).yaku}
    two_suits = Win.make("111333m55577799s", "9s")
    assert "3-06-15" not in {a.id for a in evaluate(two_suits).yaku}
