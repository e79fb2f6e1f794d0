"""Yaku that ask for other yaku see each other (issue #35 point 1; the rule is stated in
yakubook/engine/winning.py): an asking yaku sees every other award that holds, asking or
not, as the hand is without itself, and not a yaku it supersedes. Expected answers come
from the rule text: 八連莊 3-15-03-02 a「即使沒有役也能和牌」is a yaku, 八仙過海 3-15-07-01 d
「必須有其他役」, BACK FOUR b「有其他役時可以和牌」, 槓振 c「但不認為是和牌役」, 人和 d/e/f
「人和以外的役比滿貫（跳滿、倍滿）高時只計算人和以外的部分」."""

from __future__ import annotations

import pytest

from tests.yaku.test_interplay import ids, on, only
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win

PAARENCHAN, HASSEN_KAKAI, SHIKA_KAIREI, KANBURI = "3-15-03", "3-15-07", "3-15-05", "3-15-04"
RENHOU, BACK_FOUR = "3-15-01", "3-16-07"

# The issue's hand: the dealer (East), open (chi 123p), ron on 6m from across; no
# standard yaku (no 斷幺九 with 1p and 3p, no 役牌, open so no 平和/門前).
ISSUE_HAND = dict(
    hand="456m678s234s99p", win="6m", melds=["chi 123p"], discarder="across", seat_wind="E"
)


def issue_win(**extra) -> Win:
    return Win.make(**ISSUE_HAND, **extra)


def test_the_issues_example_paarenchan_is_the_other_yaku_of_hassen_kakai_d():
    # The documented defaults, 3-15-07-01 d and 四華開嶺 off: 八連莊 (3-15-03-02 a: it holds
    # without a yaku, and it is one) is 八仙過海 d's other yaku, so both hold.
    rs = Ruleset.from_toml(
        '[yaku."3-15-07"]\n"3-15-07-01" = "d"\n[yaku."3-15-05"]\nvalue = "a"\n'
    )
    win = issue_win(dealer_streak=8, flowers=8)
    assert ids(win, rs) == {PAARENCHAN, HASSEN_KAKAI}


def test_two_yaku_that_each_need_the_other_do_not_hold_in_a_circle():
    # 八連莊 b (和牌役要能滿足此場的縛) and 八仙過海 d (必須有其他役) with no third yaku:
    # each would hold only through the other; the hand has no yaku of its own.
    paarenchan_b = on(PAARENCHAN, **{"3-15-03-02": "b"})
    hassen_d = on(HASSEN_KAKAI, **{"3-15-07-01": "d"})
    win = issue_win(dealer_streak=8, flowers=8)
    assert ids(win, only(paarenchan_b, hassen_d)) == set()
    # 八連莊 a asks for nothing: it holds, and 八仙過海 d has its other yaku
    paarenchan_a = on(PAARENCHAN, **{"3-15-03-02": "a"})
    assert ids(win, only(paarenchan_a, hassen_d)) == {PAARENCHAN, HASSEN_KAKAI}


def test_kanburi_c_wins_by_an_asking_yaku():
    # 槓振 c is no winning yaku: the hand must win by another one. 八仙過海 (3-15-07-01 a:
    # 拔花牌時成立, no other yaku needed) is one, though its body asks for the others.
    kanburi_c = on(KANBURI, value="c")
    hassen = on(HASSEN_KAKAI)
    win = issue_win(flowers=8, discarder_kans=1)
    assert ids(win, only(kanburi_c, hassen)) == {KANBURI, HASSEN_KAKAI}
    # 八仙過海 d needs another winning yaku; 槓振 c is none: neither holds
    hassen_d = on(HASSEN_KAKAI, **{"3-15-07-01": "d"})
    assert ids(win, only(kanburi_c, hassen_d)) == set()


def test_hassen_kakai_d_does_not_count_the_yaku_it_includes():
    # families.toml: 八仙過海 (eight flowers) includes 四華開嶺 (four). 四華開嶺 is no
    # "other" yaku of 八仙過海: d fails, and 四華開嶺 holds on its own.
    hassen_d = on(HASSEN_KAKAI, **{"3-15-07-01": "d"})
    shika = on(SHIKA_KAIREI)  # b 役滿
    win = issue_win(flowers=8)
    assert ids(win, only(hassen_d, shika)) == {SHIKA_KAIREI}
    # with a yaku it does not include (八連莊 a), d holds and drops 四華開嶺
    paarenchan_a = on(PAARENCHAN, **{"3-15-03-02": "a"})
    assert ids(issue_win(flowers=8, dealer_streak=8), only(hassen_d, shika, paarenchan_a)) == {
        PAARENCHAN,
        HASSEN_KAKAI,
    }


# 人和: South, before its first draw, ron on the dealer's first discard. BACK FOUR's shape
# (three groups of four identical tiles and a North pair), closed, no standard yaku.
RENHOU_SITUATION = dict(seat_wind="S", turn=0, first_go_around=True, discarder="previous")
BACK_FOUR_HAND = Win.make("1111m2222p3333s44z", "4z", **RENHOU_SITUATION)


@pytest.mark.parametrize("cap", ["d", "e", "f"])
def test_renhou_caps_see_a_back_four_yakuman(cap):
    # BACK FOUR d is a yakuman: the yaku other than 人和 are worth more than 滿貫, 跳滿 and
    # 倍滿, so only they count.
    back_four = on(BACK_FOUR, value="d")
    assert ids(BACK_FOUR_HAND, only(on(RENHOU, value=cap), back_four)) == {BACK_FOUR}
    # 人和 g (役滿) has no cap: both count
    assert ids(BACK_FOUR_HAND, only(on(RENHOU, value="g"), back_four)) == {RENHOU, BACK_FOUR}


def test_back_four_b_has_renhou_as_its_other_yaku():
    # BACK FOUR b holds only with another yaku; 人和 is one (and BACK FOUR b, one han at
    # most as far as anyone knows, leaves 人和 d under its cap).
    back_four_b = on(BACK_FOUR, value="b")
    assert ids(BACK_FOUR_HAND, only(on(RENHOU, value="d"), back_four_b)) == {RENHOU, BACK_FOUR}
    assert ids(BACK_FOUR_HAND, only(back_four_b)) == set()


def test_a_yaku_held_up_by_renhou_does_not_cap_it():
    # 人和以外的役 are what the hand is worth apart from 人和. Eight flowers and 八仙過海 d:
    # its other yaku can only be 人和 (closed 123m 789m 456p 789s 11s won on 3m by a
    # penchan, ron: no standard yaku). Without 人和 the hand has no yaku, so 人和 d is
    # under its cap; 八仙過海 d then has 人和 as its other yaku.
    win = Win.make("123789m456p789s11s", "3m", flowers=8, **RENHOU_SITUATION)
    hassen_d = on(HASSEN_KAKAI, **{"3-15-07-01": "d"})
    assert ids(win, only(on(RENHOU, value="d"), hassen_d)) == {RENHOU, HASSEN_KAKAI}


def test_three_asking_yaku_hold_from_the_one_that_needs_nothing():
    # The dealer's BACK FOUR shape (closed, ron on North from across: no standard yaku),
    # eight flowers, the eighth win in a row. 八連莊 a needs no yaku; 八仙過海 d and BACK
    # FOUR b each need another: 八連莊 is one for both.
    win = Win.make(
        "1111m2222p3333s44z", "4z", discarder="across", dealer_streak=8, flowers=8
    )
    hassen_d = on(HASSEN_KAKAI, **{"3-15-07-01": "d"})
    back_four_b = on(BACK_FOUR, value="b")
    paarenchan_a = on(PAARENCHAN, **{"3-15-03-02": "a"})
    assert ids(win, only(paarenchan_a, hassen_d, back_four_b)) == {
        PAARENCHAN,
        HASSEN_KAKAI,
        BACK_FOUR,
    }
    # 八連莊 b needs a yaku too: the three would only hold up one another, in a circle
    paarenchan_b = on(PAARENCHAN, **{"3-15-03-02": "b"})
    assert ids(win, only(paarenchan_b, hassen_d, back_four_b)) == set()
