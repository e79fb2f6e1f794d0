"""yaku_han (yakubook/engine/standard.py), the standard han a minimum-han rule and 人和's cap read:
value-tile triplets, each han written from the standard rule (one per dragon triplet, one
for the seat wind's and one for the round wind's, none for a guest wind's)."""

from __future__ import annotations

from yakubook.engine.decompose import interpretations
from yakubook.engine.standard import yaku_han
from yakubook.engine.view import HandView
from yakubook.engine.win import Win


def best(win: Win) -> int:
    return max(yaku_han(HandView(win, i)) for i in interpretations(win))


def test_value_tile_triplets_are_a_han_each() -> None:
    rest = "123m456p789s11m"  # sequences in three suits and a 1m pair: no other yaku
    assert best(Win.make(rest, "9s", melds=["pon 555z"])) == 1  # 白
    assert best(Win.make("123m456p11m", "1m", melds=["pon 555z", "pon 777z"])) == 2  # 白 中
    east = {"seat_wind": "E", "round_wind": "E"}
    assert best(Win.make(rest, "9s", melds=["pon 111z"], **east)) == 2  # seat and round
    assert best(Win.make(rest, "9s", melds=["pon 222z"], **east)) == 0  # a guest wind


def test_haitei_adds_its_han_to_a_value_triplet() -> None:
    # Open hand won on the last tile by tsumo: haitei 1 + 白 triplet 1 (no menzen tsumo).
    win = Win.make("123m456p789s11m", "9s", melds=["pon 555z"], tsumo=True, haitei=True)
    assert best(win) == 2


def test_houtei_adds_its_han_to_a_value_triplet() -> None:
    # Open hand won by ron on the last discard: houtei 1 + 白 triplet 1.
    win = Win.make("123m456p789s11m", "9s", melds=["pon 555z"], houtei=True)
    assert best(win) == 2
