"""Hand-picked examples for each standard helper (the differential test covers breadth)."""

from __future__ import annotations

from typing import Any

import pytest

from yakubook.engine import standard as S
from yakubook.engine.decompose import interpretations
from yakubook.engine.win import Win


def holds(name: str, hand: str, win: str, melds: tuple[str, ...] = (), **kw: Any) -> bool:
    """True when some interpretation has the yaku."""
    w = Win.make(hand, win, list(melds), **kw)
    return any(S.STANDARD_YAKU[name](w, i) for i in interpretations(w))


@pytest.mark.parametrize(
    ("name", "hand", "win", "melds"),
    [
        ("tanyao", "234m456p678s22255s", "5s", ()),
        ("tanyao", "234m456p22255s", "5s", ("chi 678s",)),
        ("chiniisou", "11123455678999m", "5m", ()),
        ("honiisou", "123456789m11z", "1z", ("pon 777z",)),
        ("toitoi", "111m99p", "9p", ("pon 222s", "pon 777z", "kan 3333p")),
        ("chiitoitsu", "1133m5577p2244s66z", "6z", ()),
        ("ittsuu", "123456789p11555z", "1z", ()),
        ("sanshoku_doujun", "345m345p345s11z", "1z", ("pon 777z",)),
        ("sanshoku_doukou", "222m222p11z", "1z", ("pon 222s", "chi 789s")),
        ("iipeikou", "112233m456p789s55z", "2m", ()),
        ("ryanpeikou", "112233m445566p77z", "7z", ()),
        ("junchan", "123m789m123p99s", "9s", ("pon 111s",)),
        ("chanta", "123m789m11z", "1z", ("chi 123p", "pon 999s")),
        ("honroutou", "111m999p11z", "1z", ("pon 111s", "pon 777z")),
        ("chinroutou", "111m999p11s", "1s", ("pon 999s", "pon 111p")),
        ("tsuuiisou", "111z22z", "2z", ("pon 333z", "pon 555z", "pon 777z")),
        ("sanankou", "111m222p333s456s77z", "5s", ()),
        ("suuankou", "111m222p333s444s77z", "7z", ()),
        ("suuankou_tanki", "111m222p333s444s77z", "7z", ()),
        ("sankantsu", "123m55z", "5z", ("kan 1111p", "ankan 2222p", "kakan 3333p")),
        ("suukantsu", "55z", "5z", ("kan 1111p", "ankan 2222p", "kakan 3333p", "kan 9999s")),
        ("daisangen", "555z666z123m44p", "4p", ("pon 777z",)),
        ("shousangen", "555z66z123m456p", "6z", ("pon 777z",)),
        ("daisuushii", "111z222z333z99m", "9m", ("pon 444z",)),
        ("shousuushii", "111z222z44z", "4z", ("pon 333z", "chi 123m")),
        ("pinfu", "123456m234p678s55p", "4m", ()),
        ("kokushi", "19m19p19s12345677z", "1m", ()),
        ("kokushi13", "19m19p19s12345677z", "7z", ()),
        ("chuuren", "11123455678999m", "2m", ()),
        ("chuuren_junsei", "11123455678999m", "5m", ()),
        ("ryuuiisou", "234s234s666s888s66z", "6z", ()),
        ("menzen", "123m456p789s11z", "1z", ("ankan 7777z",)),
    ],
)
def test_positive(name: str, hand: str, win: str, melds: tuple[str, ...]) -> None:
    assert holds(name, hand, win, melds)


@pytest.mark.parametrize(
    ("name", "hand", "win", "melds", "why"),
    [
        ("tanyao", "234m456p678s22299s", "9s", (), "terminal pair"),
        ("honiisou", "11123455678999m", "5m", (), "chiniisou instead"),
        ("chiniisou", "123456789m11z", "1z", ("pon 777z",), "honors present"),
        ("iipeikou", "112233m445566p77z", "7z", (), "ryanpeikou instead"),
        ("iipeikou", "123m456p789s11z", "1z", ("chi 123m",), "open hand"),
        ("ryanpeikou", "123456p77z", "7z", ("chi 123m", "chi 456m"), "open hand"),
        ("chanta", "123m789m123p99s", "9s", ("pon 111s",), "junchan instead"),
        ("chanta", "111m999p11z", "1z", ("pon 111s", "pon 777z"), "no sequence"),
        ("honroutou", "111m999p11s", "1s", ("pon 999s", "pon 111p"), "no honor"),
        ("sanankou", "111m222p333s456s77z", "1m", (), "ron makes 111m open"),
        ("suuankou", "111m222p333s444s77z", "1m", (), "ron on the shanpon"),
        ("suuankou_tanki", "111m222p333s444s77z", "1m", (), "not tanki"),
        ("shousangen", "555z666z123m44p", "4p", ("pon 777z",), "daisangen"),
        ("pinfu", "123456m234p678s55p", "3p", (), "kanchan"),
        ("pinfu", "123456m234p678s55z", "4m", (), "yakuhai pair"),
        ("pinfu", "123456m234p678s11z", "4m", (), "seat wind pair (east by default)"),
        ("pinfu", "123456m234p55p", "4m", ("chi 678s",), "open"),
        ("chuuren", "11123455678999m", "2m", (), "is fine; junsei is not"),
        ("kokushi13", "19m19p19s12345677z", "1m", (), "single wait"),
        (
            "sankantsu",
            "55z",
            "5z",
            ("kan 1111p", "ankan 2222p", "kakan 3333p", "kan 9999s"),
            "four",
        ),
    ],
)
def test_negative(name: str, hand: str, win: str, melds: tuple[str, ...], why: str) -> None:
    if why == "is fine; junsei is not":
        assert not holds("chuuren_junsei", hand, win, melds)
        return
    assert not holds(name, hand, win, melds), why


def test_sanankou_ron_with_a_sequence_reading() -> None:
    assert holds("sanankou", "234444m111p999s55z", "4m")


def test_pinfu_with_non_value_wind_pair() -> None:
    assert holds("pinfu", "123456m234p678s22z", "4m", seat_wind="W", round_wind="E")


def test_yakuhai_counts_han() -> None:
    w = Win.make("111z555z123m44p", "4p", ["pon 777z"], seat_wind="E", round_wind="E")
    (interp,) = interpretations(w)
    assert S.yakuhai(w, interp) == 4  # double east + haku + chun
    w = Win.make("222z123m456p44p", "4p", ["pon 333z"], seat_wind="E", round_wind="E")
    assert {S.yakuhai(w, i) for i in interpretations(w)} == {0}


def test_yakuman_names_are_helpers() -> None:
    assert set(S.YAKUMAN) <= set(S.STANDARD_YAKU)
