"""Three readings the compendium leaves open, decided in issue #35 point 5 (each reason is
on the yaku's page: the body's docstring, or catalog/families.toml's `why`).

1. 人和's caps (3-15-01 d/e/f「人和以外的役比滿貫高時只計算人和以外的部分」) count the other
   yaku as the score does: under limit_yaku = "at least" a local 滿貫 beside 2 han is
   滿貫, not above 人和 d's 滿貫; under "add" it is 7 han, above it.
2. 獨釣寒江雪 (白裸單騎和牌) and 裸單騎 (裸單騎和牌) are one family, as 金雞獨立
   (1索裸單騎和牌) and 裸單騎 are.
3. 朱鷺「有北的混一色」and Gold Rush「有發的筒子混一色」: North / 發 is the flush's only
   honor, as the section's other trains name theirs (朝日 有白和北, 東北新幹線 有東和北).
"""

from __future__ import annotations

import pytest

from tests.yaku.test_interplay import ids, on, only
from yakubook.engine.interplay import FAMILIES
from yakubook.engine.win import Win

RENHOU, PEIRON = "3-15-01", "3-14-11"

# South, ron on the dealer's first discard (人和). Closed 234m 234p 234s 678s and a North
# pair won on North: 三色同順 2 han, nothing else standard (no 斷幺九 with North, no 平和
# on a pair wait); 北榮和祭 (3-14-11 b, 滿貫) for the ron on North.
SANSHOKU_ON_NORTH = Win.make(
    "234m234p234s678s44z", "4z", seat_wind="S", turn=0, first_go_around=True,
    discarder="previous",
)


@pytest.mark.parametrize(
    ("limit_yaku", "expected"),
    [("at least", {RENHOU, PEIRON}), ("add", {PEIRON})],
)
def test_renhou_mangan_cap_counts_a_limit_as_the_score_does(limit_yaku, expected):
    # 滿貫 + 2 han: 滿貫 under "at least" (not above 人和 d's 滿貫, so 人和 stands), 7 han
    # under "add" (above 滿貫: only the other yaku count)
    scoring = f'[scoring]\nlimit_yaku = "{limit_yaku}"\n'
    rs = only(on(RENHOU, value="d"), on(PEIRON), scoring)
    assert ids(SANSHOKU_ON_NORTH, rs) == expected


def test_other_han_above_the_cap_drop_renhou_under_either_rule():
    # "at least" keeps han yaku as han: closed pinzu 清一色 (6) 一氣通貫 (2) 一盃口 (1) are
    # above 滿貫 however limits are counted, so only they count.
    win = Win.make(
        "123456789p11p789p", "9p", seat_wind="S", turn=0, first_go_around=True,
        discarder="previous",
    )
    for limit_yaku in ("at least", "add"):
        rs = only(on(RENHOU, value="d"), f'[scoring]\nlimit_yaku = "{limit_yaku}"\n')
        assert ids(win, rs) == set()


def test_dokuchou_kankousetsu_and_hadaka_tanki_are_one_family():
    assert any(f.larger == "3-14-02" and f.smaller == "3-14-05" for f in FAMILIES)
    # 裸單騎 won on 白 with both other 白 out (地獄單騎, 3-14-02-01 a): 獨釣寒江雪 only
    win = Win.make(
        "55z", "5z", melds=["pon 222m", "pon 333p", "chi 456s", "pon 777z"], visible_copies=2
    )
    assert ids(win, only(on("3-14-02"), on("3-14-05"))) == {"3-14-02"}
    # won on 白 without 地獄單騎: 獨釣寒江雪 a does not hold, 裸單騎 does
    not_jigoku = Win.make("55z", "5z", melds=["pon 222m", "pon 333p", "chi 456s", "pon 777z"])
    assert ids(not_jigoku, only(on("3-14-02"), on("3-14-05"))) == {"3-14-05"}


TOKI, ASAHI, GOLD_RUSH, SEIKAN = "3-08-03", "3-08-02", "3-08-05", "3-08-04"


def test_toki_wants_north_as_the_only_honor():
    # souzu straight, North triplet: 朱鷺
    assert ids(Win.make("12345678955s444z", "9s"), only(on(TOKI), on(ASAHI))) == {TOKI}
    # a White pair beside the North triplet is 朝日 (有白和北), not also 朱鷺
    assert ids(Win.make("123456789s44455z", "9s"), only(on(TOKI), on(ASAHI))) == {ASAHI}


def test_gold_rush_wants_hatsu_as_the_only_honor():
    # pinzu straight, 發 triplet, 5p pair: Gold Rush
    assert ids(Win.make("12345678955p666z", "9p"), only(on(GOLD_RUSH))) == {GOLD_RUSH}
    # a pinzu 青函連絡船 (發 quad, North pair) is not also Gold Rush
    seikan = Win.make("123456789p44z", "4z", melds=["ankan 6666z"])
    assert ids(seikan, only(on(GOLD_RUSH), on(SEIKAN))) == {SEIKAN}
    # nor a 發 triplet beside a White pair
    assert ids(Win.make("123456789p55666z", "9p"), only(on(GOLD_RUSH))) == set()
