"""One notion of a winning yaku (issue #22): local yaku count as "other yaku" and toward a
minimum (八連莊 3-15-03-02 b, 八仙過海 3-15-07-01 d, BACK FOUR b, 槓振 c), unless their
option says 不認為是和牌役; 人和's caps (3-15-01 d/e/f) see the hand's full value, local
yaku and yakuman included. Expected answers are written from the rule text."""

from __future__ import annotations

import pytest

from tests.yaku.test_interplay import ids, on, only
from yakubook import generated
from yakubook.engine.award import Award
from yakubook.engine.win import Win
from yakubook.engine.winning import is_winning_yaku, value_han

# An open hand whose only yaku is the local 北榮和祭 (3-14-11, won on North by ron, 滿貫):
# chi 123m, no yakuhai (North is neither seat nor round wind for East in East), no tanyao.
PEIRON_ONLY = dict(hand="567m456p789s44z", win="4z", melds=["chi 123m"])
PEIRON = on("3-14-11")  # b 滿貫


def paarenchan_win(**extra) -> Win:
    # the dealer's eighth win in a row
    return Win.make(**PEIRON_ONLY, dealer_streak=8, **extra)


def test_paarenchan_b_counts_a_local_yaku_as_the_winning_yaku():
    # 3-15-03-02 b「和牌役要能滿足此場的縛」: 北榮和祭 is a yaku, so the minimum (1) is met.
    paarenchan_b = on("3-15-03", **{"3-15-03-02": "b"})
    assert ids(paarenchan_win(), only(paarenchan_b, PEIRON)) == {"3-15-03", "3-14-11"}
    # without the local yaku the hand has no winning yaku: no 八連莊
    assert ids(paarenchan_win(), only(paarenchan_b)) == set()


def test_paarenchan_b_under_a_two_han_minimum_counts_the_local_yakus_value():
    # 北榮和祭 is worth 滿貫 (5 han and more), above a two-han minimum
    paarenchan_b = on("3-15-03", **{"3-15-03-02": "b"})
    win = paarenchan_win(min_han=2)
    assert ids(win, only(paarenchan_b, PEIRON)) == {"3-15-03", "3-14-11"}


def test_hassen_kakai_d_counts_a_local_yaku_as_the_other_yaku():
    # 3-15-07-01 d「必須有其他役」: 北榮和祭 is another yaku
    hassen_d = on("3-15-07", **{"3-15-07-01": "d"})
    win = Win.make(**PEIRON_ONLY, flowers=8)
    assert ids(win, only(hassen_d, PEIRON)) == {"3-15-07", "3-14-11"}
    assert ids(win, only(hassen_d)) == set()


@pytest.mark.parametrize(
    ("yaku_id", "options", "situation"),
    [
        ("3-15-07", {"3-15-07-01": "d"}, {"flowers": 8}),  # 八仙過海 d「必須有其他役」
        ("3-15-03", {"3-15-03-02": "b"}, {"dealer_streak": 8}),  # 八連莊 b: 滿足此場的縛
        ("3-15-04", {"value": "c"}, {"discarder_kans": 1}),  # 槓振 c: 不認為是和牌役
    ],
)
def test_the_other_yaku_must_reach_the_minimum_and_no_more(yaku_id, options, situation):
    # These count only when the other winning yaku reach the table's minimum (min_han).
    # Closed, riichi, ron on 9p (a penchan, a 白 pair: no 平和; 1m and 9p: no 斷幺九; no
    # 一氣通貫): riichi alone, 1 han. At a one-han minimum it is enough; at two it is not.
    rule = on(yaku_id, **options)
    hand = dict(hand="123m456m789p234s55z", win="9p", riichi="riichi", **situation)
    assert ids(Win.make(**hand), only(rule)) == {yaku_id}
    assert ids(Win.make(**hand, min_han=2), only(rule)) == set()


def test_back_four_b_counts_a_local_yaku_as_the_other_yaku():
    # BACK FOUR b「有其他役時可以和牌」: three four-tile groups and a North pair, closed, ron
    # on North: no standard yaku, but 北榮和祭
    win = Win.make("1111m2222p3333s44z", "4z")
    back_four_b = on("3-16-07", value="b")
    assert ids(win, only(back_four_b, PEIRON)) == {"3-16-07", "3-14-11"}
    assert ids(win, only(back_four_b)) == set()


def test_kanburi_c_is_no_winning_yaku_but_a_local_one_lets_it_win():
    # 槓振 c「但不認為是和牌役」: the hand must win by another yaku; 北榮和祭 is one
    kanburi_c = on("3-15-04", value="c")
    win = Win.make(**PEIRON_ONLY, discarder_kans=1)
    assert ids(win, only(kanburi_c, PEIRON)) == {"3-15-04", "3-14-11"}
    assert ids(win, only(kanburi_c)) == set()


def test_an_option_saying_not_a_winning_yaku_is_none():
    info = generated.REGISTRY["3-15-04"]  # 槓振: b ?翻, c ?翻但不認為是和牌役
    as_b = Award("3-15-04", info.name_hant, "b", info.values["b"])
    as_c = Award("3-15-04", info.name_hant, "c", info.values["c"])
    assert is_winning_yaku(as_b)
    assert not is_winning_yaku(as_c)
    # a lost number counts as one han, the least a yaku is worth
    assert value_han(info.values["b"]) == 1


# 人和 situations: South, before its first draw, on the dealer's first discard.
RENHOU = dict(seat_wind="S", turn=0, first_go_around=True, discarder="previous")


def test_renhou_mangan_cap_sees_a_local_haneman():
    # 連字混一色 (3-05-06, 跳滿): a manzu half flush with a 中 triplet. The standard yaku
    # (混一色 3, 中 1) stay under 滿貫; with the local 跳滿 the others are above it, so
    # 人和 d (滿貫, only while the others are not higher) is not awarded.
    win = Win.make("123m345m678m99m777z", "3m", **RENHOU)
    renji = on("3-05-06")
    assert ids(win, only(on("3-15-01", value="d"), renji)) == {"3-05-06"}
    assert ids(win, only(on("3-15-01", value="d"))) == {"3-15-01"}
    # 倍滿 cap: 跳滿 and the standard 4 han are not above 倍滿, both are awarded
    assert ids(win, only(on("3-15-01", value="f"), renji)) == {"3-15-01", "3-05-06"}


def test_renhou_baiman_cap_sees_a_local_yakuman():
    # 紅孔雀(1) (3-05-02, 役滿): only 2 3 4 6 8萬 and 中. Standard yaku 混一色 一盃口 中
    # (5 han) are under 倍滿; the local yakuman is above it: 人和 f is not awarded.
    win = Win.make("22334466688m777z", "6m", **RENHOU)
    kujaku = on("3-05-02")
    assert ids(win, only(on("3-15-01", value="f"), kujaku)) == {"3-05-02"}
    assert ids(win, only(on("3-15-01", value="f"))) == {"3-15-01"}


def test_other_yaku_given_as_functions_are_worked_out_on_first_read_only():
    # evaluate hands an asking body (BACK FOUR, 3-16-07-01 b) what the other yaku are
    # worth as functions: most readings are not the body's shape and it returns before
    # it looks, so nothing is worked out for them; what it reads is worked out once.
    from yakubook.engine.winning import OtherYaku

    asked: list[str] = []

    def han() -> float:
        asked.append("winning_han")
        return 2.0

    def best() -> float:
        asked.append("best_value")
        return 7.0

    others = OtherYaku(han, best)
    assert asked == []
    assert others.winning_han == 2.0 and others.winning_han == 2.0
    assert asked == ["winning_han"]
    assert others.best_value == 7.0 and others.best_value == 7.0
    assert asked == ["winning_han", "best_value"]
    assert OtherYaku(1.5, 3.0).winning_han == 1.5  # plain numbers as before
