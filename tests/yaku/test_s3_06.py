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


WINDOWS = [
    (yid, n, trip, pair)
    for yid, n in (("3-06-09", 5), ("3-06-10", 8))
    for trip in "mps"
    for pair in "mps"
    if trip != pair
]


@pytest.mark.parametrize(
    ("yid", "number", "triplet_suit", "pair_suit"),
    WINDOWS,
    ids=[f"{y}-{n}{t}-triplet-{n}{p}-pair" for y, n, t, p in WINDOWS],
)
def test_windows_holds_whatever_the_suits_of_its_triplet_and_pair(
    yid: str, number: int, triplet_suit: str, pair_suit: str
) -> None:
    # Windows 95 (98): triplets of 9-man, 9-pin and 9-sou, a triplet of 5 (8) and a pair
    # of 5 (8); the rule names no suit for them. Through evaluate, so that the selector's
    # cheap tests in front of the body (issue #38) are seen to let every such hand through.
    hand = f"999m999p999s{number}{number}{number}{triplet_suit}{number}{number}{pair_suit}"
    win = Win.make(hand, f"{number}{pair_suit}")
    assert yid in {a.id for a in evaluate(win).yaku}
