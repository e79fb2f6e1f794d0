"""Values, not just names: what a nested entry is awarded through the front door.

A nested entry (如果有X, held only under its parent X) takes the parent's chosen value only
where one of its options says it counts as the parent (綠皮車 under 東北新幹線); otherwise it
keeps its own chosen option (破八連莊 under 八連莊). Expected values are written from the
option texts quoted beside them.
"""

from __future__ import annotations

import pytest

from tests.yaku.test_score import PINFU_HAND, local, score
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win

# South wins while the dealer had won seven in a row: 破八連莊 (3-15-03-06) holds.
HA_PAARENCHAN_WIN = Win.make("123567m456p789s11z", "5m", seat_wind="S", dealer_streak=7)
# 3-15-03 八連莊 and 3-15-03-06 破八連莊 share one menu text: a 無, b 滿貫, c 倍滿, d 役滿.
WRITTEN = {"b": ("limit", "mangan"), "c": ("limit", "baiman"), "d": ("yakuman", 1)}


def _ruleset(own: str, parent: str) -> Ruleset:
    return Ruleset.from_toml(
        '[ruleset]\nothers = "off"\n'
        f'[yaku."3-15-03"]\nvalue = "{parent}"\n'
        f'[yaku."3-15-03-06"]\nvalue = "{own}"\n'
    )


@pytest.mark.parametrize("own", ["b", "c", "d"])
@pytest.mark.parametrize("parent", ["b", "c", "d"])
def test_ha_paarenchan_keeps_its_own_value_whatever_the_parents(own, parent):
    (award,) = [
        a for a in evaluate(HA_PAARENCHAN_WIN, _ruleset(own, parent)).yaku if a.id == "3-15-03-06"
    ]
    kind, detail = WRITTEN[own]
    assert award.letter == own
    assert award.value["kind"] == kind
    assert award.value.get("limit", award.value.get("multiple")) == detail
    assert "counts as" not in award.note


# 人和 (3-15-01) d 滿貫 / e 跳滿 / f 倍滿: 人和以外的役比滿貫/跳滿/倍滿高時只計算人和以外的
# 部分 — only while the other yaku are worth no more than the cap. "More than" a limit, in
# han: more than 滿貫 is 6 and up, more than 跳滿 8 and up, more than 倍滿 11 and up. Each
# hand below is a ron by South on the dealer's first discard, before South's first draw, and
# its standard yaku (counted by hand, and checked once against the `mahjong` library) are
# exactly the han given.
RENHOU_HANDS = {
    5: ("1133557799m1122z", "2z"),  # chiitoitsu 2 + honitsu 3
    6: ("11112334556799m", "9m"),  # chinitsu 6
    7: ("23344566667888m", "2m"),  # chinitsu 6 + tanyao 1
    8: ("11223344557799m", "9m"),  # chinitsu 6 + chiitoitsu 2
    10: ("11223355778899m", "1m"),  # chinitsu 6 + ryanpeikou 3 + pinfu 1
    11: ("22334455667788m", "8m"),  # chinitsu 6 + ryanpeikou 3 + tanyao 1 + pinfu 1
}
# (value letter, han of the other yaku, 人和 awarded)
RENHOU_CAPS = [
    ("d", 5, True),
    ("d", 6, False),
    ("e", 7, True),
    ("e", 8, False),
    ("f", 10, True),
    ("f", 11, False),
]


@pytest.mark.parametrize(("letter", "han", "awarded"), RENHOU_CAPS)
def test_renhou_cap_at_and_past_its_limit(letter, han, awarded):
    hand, win = RENHOU_HANDS[han]
    w = Win.make(hand, win, seat_wind="S", turn=0, first_go_around=True, discarder="previous")
    rs = Ruleset.from_toml(f'[ruleset]\nothers = "off"\n[yaku."3-15-01"]\nvalue = "{letter}"\n')
    got = [a for a in evaluate(w, rs).yaku if a.id == "3-15-01"]
    assert bool(got) is awarded, (letter, han)
    if awarded:
        limit = {"d": "mangan", "e": "haneman", "f": "baiman"}[letter]
        assert got[0].value["kind"] == "limit" and got[0].value["limit"] == limit


def test_a_limit_value_is_a_floor_not_han_by_default() -> None:
    # limit_yaku = "at least" (the default): riichi, tanyao, pinfu (3 han 30 fu) with a 滿貫
    # yaku is mangan, 8,000 from the discarder, and the 滿貫 adds no han (as 5 han it would
    # make 8 han, baiman).
    s = score(PINFU_HAND, local({"kind": "limit", "limit": "mangan", "multiple": 1}))
    assert (s.han, s.limit, s.payment.ron) == (3, "mangan", 8000)


def test_an_adopted_value_adds_no_han() -> None:
    # An option that only adopts the yaku (採用, no number) carries no han: riichi, tanyao,
    # pinfu stay 3 han 30 fu, 3,900 from the discarder, and the yaku is listed as not counted.
    s = score(PINFU_HAND, local({"kind": "adopted"}))
    assert (s.han, s.limit, s.payment.ron) == (3, "", 3900)
    assert ("3-99-99 test yaku", "a adopted value carries no han") in s.not_counted
