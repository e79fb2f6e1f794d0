"""Section 3-02 (riichi yaku): what the examples cannot say, and the Win facts it added.

Dealing into an open riichi and winning a yakuman hand with open riichi change the award
itself (a yakuman instead of the value option), so they are checked here; so are the
二翻縛 helper, the wait count behind 報知, 超一發 superseding 一發 in evaluate, and the
validation of the situation fields these sections added to Win.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from yakubook.generated.s3_02 import (
    OpenRiichiDealIn,
    OpenRiichiDealInYakuman,
    OpenRiichiForcedDealIn,
    OpenRiichiOptions,
    OpenRiichiTwoHanMinimum,
    OpenRiichiYakumanHand,
)

from yakubook.engine import registry
from yakubook.engine.bodies.s3_02 import open_riichi, waits
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.score import Scoring, score_reading
from yakubook.engine.standard import yaku_han
from yakubook.engine.view import HandView
from yakubook.engine.win import JSON_KEYS, Win
from yakubook.errors import InputError

registry.load_bodies()
PLAIN = "123567m456p789s11z"  # riichi is its only standard yaku


def view(hand: str = PLAIN, win: str = "5m", **situation) -> HandView:
    w = Win.make(hand, win, **situation)
    return HandView(w, interpretations(w)[0])


def opts(**rules) -> OpenRiichiOptions:
    return dataclasses.replace(OpenRiichiOptions(), **rules)


# -- 開立直: a deal-in --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "state", "yakuman"),
    [
        (OpenRiichiDealIn.YAKUMAN_ALWAYS, "none", True),
        (OpenRiichiDealIn.YAKUMAN_ALWAYS, "riichi", True),
        (OpenRiichiDealIn.YAKUMAN_UNLESS_RIICHI_BEFORE, "none", True),
        (OpenRiichiDealIn.YAKUMAN_UNLESS_RIICHI_BEFORE, "riichi_after", True),
        (OpenRiichiDealIn.YAKUMAN_UNLESS_RIICHI_BEFORE, "riichi", False),
        (OpenRiichiDealIn.YAKUMAN_IF_NO_RIICHI, "none", True),
        (OpenRiichiDealIn.YAKUMAN_IF_NO_RIICHI, "declaring", True),
        (OpenRiichiDealIn.YAKUMAN_IF_NO_RIICHI, "riichi_after", False),
        (OpenRiichiDealIn.NO_YAKUMAN, "none", False),
        (OpenRiichiDealIn.DISCARD_FORBIDDEN, "riichi", False),
    ],
)
def test_dealing_into_open_riichi(rule, state, yakuman) -> None:
    got = open_riichi(view(riichi="open", discarder_riichi=state), opts(deal_in=rule))
    assert got is not None
    assert (got.value["kind"] == "yakuman") == yakuman
    if not yakuman:
        assert got.value == registry.info_for(opts()).values["b"]  # the value option


def test_dealing_in_under_e_is_no_win_for_a_player_not_in_riichi() -> None:
    for state in ("none", "declaring"):
        v = view(riichi="open", discarder_riichi=state)
        assert open_riichi(v, opts(deal_in=OpenRiichiDealIn.DISCARD_FORBIDDEN)) is None


def test_counted_yakuman_and_the_forced_deal_in() -> None:
    v = view(riichi="open", discarder_forced=True)
    got = open_riichi(v, opts(deal_in_yakuman=OpenRiichiDealInYakuman.COUNTED_YAKUMAN))
    assert got is not None and got.value["kind"] == "yakuman"
    assert got.value["notes"][0]["text"].endswith("累计役满")
    got = open_riichi(v, opts(forced_deal_in=OpenRiichiForcedDealIn.NO_YAKUMAN))
    assert got is not None and got.value["kind"] == "han"  # the value option, no yakuman
    assert open_riichi(view(riichi="open", tsumo=True), opts()).value["kind"] == "han"


def test_yakuman_hand_with_open_riichi() -> None:
    v = view("111m999p111s22244z", "4z", riichi="open", tsumo=True)  # 四暗刻
    plain = open_riichi(v, opts(yakuman_hand=OpenRiichiYakumanHand.YAKUMAN))
    assert plain is not None and plain.value["kind"] == "han" and "合計役滿" in plain.note
    double = open_riichi(v, opts(yakuman_hand=OpenRiichiYakumanHand.DOUBLE_YAKUMAN))
    assert double is not None and double.value["kind"] == "yakuman"


def test_open_riichi_yakuman_awards_score_as_yakuman() -> None:
    """The deal-in yakuman and the double yakuman are whole yakuman: the score counts them
    (not set aside as a number the source lost)."""
    v = view(riichi="open", discarder_riichi="none")
    got = open_riichi(v, opts(deal_in=OpenRiichiDealIn.YAKUMAN_ALWAYS))
    assert got is not None
    s = score_reading(v.win, v.interp, [got], Scoring())
    assert (s.win, s.yakuman, s.limit) == (True, 1, "yakuman")
    v = view("111m999p111s22244z", "1m", riichi="open", tsumo=True)  # 四暗刻, shanpon wait
    got = open_riichi(v, opts(yakuman_hand=OpenRiichiYakumanHand.DOUBLE_YAKUMAN))
    assert got is not None
    assert score_reading(v.win, v.interp, [got], Scoring()).yakuman == 2  # 四暗刻 + 1


def test_open_double_riichi_notes_the_total() -> None:
    got = open_riichi(view(riichi="open_double", tsumo=True), opts())
    assert got is not None and "3翻" in got.note


def test_minimum_han_for_open_riichi() -> None:
    v = view(riichi="open", min_han=2, discarder_riichi="riichi")
    rules = {"deal_in": OpenRiichiDealIn.NO_YAKUMAN}
    cannot_win = OpenRiichiTwoHanMinimum.CANNOT_WIN
    no_minimum = OpenRiichiTwoHanMinimum.NO_TWO_HAN_MINIMUM
    assert open_riichi(v, opts(two_han_minimum=cannot_win, **rules)) is None
    assert open_riichi(v, opts(two_han_minimum=no_minimum, **rules)) is not None
    # a minimum above 2 (三翻縛) is a minimum of 2 han or more too
    v3 = view(riichi="open", min_han=3, discarder_riichi="riichi")
    assert open_riichi(v3, opts(two_han_minimum=cannot_win, **rules)) is None
    assert open_riichi(v3, opts(two_han_minimum=no_minimum, **rules)) is not None
    # a deal-in yakuman needs no minimum
    assert open_riichi(v, opts(two_han_minimum=OpenRiichiTwoHanMinimum.CANNOT_WIN)) is not None


# -- helpers -----------------------------------------------------------------------------


def test_yaku_han_counts_standard_yaku_without_dora() -> None:
    assert yaku_han(view()) == 0
    assert yaku_han(view(riichi="riichi", ippatsu=True, tsumo=True)) == 3
    assert yaku_han(view(riichi="riichi", ippatsu=True), ippatsu=False) == 1
    assert yaku_han(view(riichi="double", houtei=True)) == 3
    assert yaku_han(view("234567m234p66888s", "6s")) == 1  # tanyao, won on the pair
    assert yaku_han(view("111m999p111s22244z", "4z", tsumo=True)) == 13


@pytest.mark.parametrize(
    ("hand", "win", "n"),
    [
        ("123456m456p789s11z", "5m", 1),  # kanchan
        ("234567m456p789s11z", "7m", 3),  # 1m 4m 7m
        ("1144m3399p5577s66z", "6z", 1),  # seven pairs
        ("19m19p19s1234567z1m", "1m", 13),  # thirteen orphans, thirteen-sided
        ("123m456p789s11z", "1z", 1),  # with a meld: the pair wait only
    ],
)
def test_waits(hand: str, win: str, n: int) -> None:
    melds = ["pon 777z"] if len(hand.replace("m", "").replace("p", "")) < 14 else []
    assert waits(Win.make(hand, win, melds)) == n


def test_waits_count_the_fourth_copy_but_never_a_fifth() -> None:
    # 11123m456p789s11z waits on 1m (1111m: 111 + 123), 4m (111 + 234) and 1z (11 + 123 and
    # 111z): the fourth 1m, the tile won on, is a wait like any other
    assert waits(Win.make("111123m456p789s11z", "1m")) == 3
    # 1111m2233m456p99s waits on 4m (111 + 123 + 234) and 9s (11 + 123 + 123 + 999s); a
    # fifth 1m would complete it too (111 + 123 + 123), but all four are held: no wait
    assert waits(Win.make("111122334m456p99s", "4m")) == 2


@pytest.mark.parametrize(("riichi", "holds"), [
    ("none", True), ("riichi", False), ("double", False), ("open", False),
])
def test_tsubame_gaeshi_2_is_for_a_winner_not_in_riichi(riichi: str, holds: bool) -> None:
    # 3-02-05: a player in riichi deals into a player who is not. West wins on South's
    # discard, South in riichi; West itself in riichi (of any kind) is not this yaku.
    w = Win.make(PLAIN, "5m", riichi=riichi, discarder_riichi="riichi", seat_wind="W",
                 discarder="previous")
    assert ("3-02-05" in {a.id for a in evaluate(w).yaku}) == holds


# -- evaluate ----------------------------------------------------------------------------


def test_chou_ippatsu_supersedes_ippatsu() -> None:
    w = Win.make(PLAIN, "5m", riichi="riichi", ippatsu=True, discarder="next")
    ids = {a.id for a in evaluate(w).yaku}
    assert "3-02-02" in ids and "3-02-01" not in ids
    w = Win.make(PLAIN, "5m", riichi="riichi", ippatsu=True, discarder="across")
    assert "3-02-01" in {a.id for a in evaluate(w).yaku}


# -- the Win facts -----------------------------------------------------------------------

NEW_KEYS = {
    "min_han": 2,
    "discarder": "next",
    "discarder_riichi": "riichi_after",
    "discarder_forced": True,
    "discarder_kans": 2,
    "discarder_rinshan": True,
    "discarder_broke_ippatsu": True,
}


def test_new_keys_round_trip() -> None:
    obj = {"hand": PLAIN, "win": "5m", "riichi": "riichi", **NEW_KEYS}
    win = Win.from_json(obj)
    assert Win.from_json(json.loads(json.dumps(win.to_json()))) == win
    assert win.to_json() == obj
    other = {
        "hand": "567m456p789s11z",
        "win": "5m",
        "melds": ["ankan 1111s"],
        "seat": "S",
        "tsumo": True,
        "rinshan": True,
        "penultimate_kan": True,
        "dealer_history": "WWDW",
        "dealer_streak": 1,
        "furiten": True,
    }
    win = Win.from_json(other)
    assert win.to_json() == other
    claim = {"hand": PLAIN, "win": "5m", "flowers": 7, "robbed_flower": True, "furiten": True}
    assert Win.from_json(claim).to_json() == claim
    assert set(NEW_KEYS) | {"penultimate_kan", "dealer_history", "robbed_flower"} <= set(JSON_KEYS)


@pytest.mark.parametrize(
    ("situation", "needle"),
    [
        ({"discarder": "left"}, "'discarder'"),
        ({"discarder": 1}, "'discarder'"),
        ({"discarder": "next", "tsumo": True}, "'discarder' .*ron"),
        ({"discarder_riichi": "yes"}, "'discarder_riichi'"),
        ({"discarder_riichi": "riichi_after"}, "'discarder_riichi' .*winner's riichi"),
        ({"discarder_forced": True, "tsumo": True}, "'discarder_forced'"),
        ({"discarder_kans": 5}, "'discarder_kans'"),
        ({"discarder_kans": 1, "chankan": True}, "'discarder_kans'"),
        ({"discarder_rinshan": True}, "'discarder_rinshan'"),
        ({"discarder_broke_ippatsu": True}, "'discarder_broke_ippatsu'"),
        (
            {"discarder_broke_ippatsu": True, "riichi": "riichi", "ippatsu": True},
            "'discarder_broke_ippatsu'",
        ),
        ({"min_han": 0}, "'min_han'"),
        ({"min_han": True}, "'min_han'"),
        ({"penultimate_kan": True}, "'penultimate_kan'"),
        ({"dealer_history": "WLW"}, "'dealer_history'"),
        ({"dealer_history": "WWD", "dealer_streak": 3}, "'dealer_streak' = 3 .*gives 1"),
        ({"robbed_flower": True, "flowers": 6}, "'robbed_flower'"),
        ({"furiten": True}, "'furiten'"),
        ({"turn": 0, "seat_wind": "S", "tsumo": True}, "'turn' = 0"),
        ({"turn": 0}, "'turn' = 0"),
        ({"turn": 2, "first_go_around": True}, "'first_go_around' with 'turn' = 2"),
        ({"declarations": ["tsumo_only"], "tsumo": True}, "'tsumo_only' is declared with a"),
        ({"declarations": ["single_wait"]}, "'single_wait' is declared with a"),
        ({"declarations": ["tsumo_only"], "riichi": "riichi"}, "no ron win"),
    ],
)
def test_impossible_situations(situation: dict, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        Win.make(PLAIN, "5m", **situation)


def test_streak_agrees_with_history() -> None:
    assert Win.make(PLAIN, "5m", dealer_history="WWDWW", dealer_streak=3).dealer_streak == 3
    assert Win.make(PLAIN, "5m", seat_wind="S", dealer_history="WWDWW", dealer_streak=2)
