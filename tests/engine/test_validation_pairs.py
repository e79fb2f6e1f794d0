"""Validation as pairs: every refusal rule of `Win` and of rulesets beside the nearest input
it must accept.

A refusal tested alone passes as well when the check is too wide (it refuses the valid
neighbour too); the accepted row of each pair pins the other side, so a check loosened or
widened by one step fails here. Each row changes as little as possible between the two.
"""

from __future__ import annotations

from typing import Any

import pytest

from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win
from yakubook.errors import InputError

CLOSED = {"hand": "123m456p789s11222z", "win": "2z"}
# Four closed sets, the pair 1z … for situations that need a kan, a flower or an open meld.
WITH_ANKAN = {"hand": "123m456p789s11z", "win": "1z", "melds": ["ankan 2222z"]}
WITH_PON = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}
SEVEN_PAIRS = {"hand": "1133m2255p4477s11z", "win": "1z"}

# (rule, refused, accepted, words the refusal must name)
WIN_PAIRS: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # tiles and melds
    (
        "a tile five times",
        {"hand": "123m456p789s11z", "win": "1z", "melds": ["ankan 1111m"]},
        {"hand": "123m456p789s11z", "win": "1z", "melds": ["ankan 9999m"]},
        "appears 5 times",
    ),
    ("tile count", {"hand": "123m456p789s1122z", "win": "2z"}, CLOSED, "concealed tiles"),
    (
        "winning tile not held",
        {**CLOSED, "win": "3z"},
        CLOSED,
        "not among the concealed tiles",
    ),
    (
        "chi of non-consecutive tiles",
        {"hand": "456p789s11222z", "win": "2z", "melds": ["chi 124m"]},
        {"hand": "456p789s11222z", "win": "2z", "melds": ["chi 123m"]},
        "not a chi",
    ),
    ("unknown honor", {**CLOSED, "hand": "123m456p789s11228z"}, CLOSED, "unknown tile"),
    # riichi and its companions
    (
        "riichi with an open meld",
        {**WITH_PON, "riichi": "riichi"},
        {**WITH_ANKAN, "riichi": "riichi"},
        "open meld",
    ),
    (
        "ippatsu needs riichi",
        {**CLOSED, "ippatsu": True},
        {**CLOSED, "ippatsu": True, "riichi": "riichi"},
        "ippatsu",
    ),
    (
        "plain riichi in the first go-around",
        {**CLOSED, "riichi": "riichi", "first_go_around": True},
        {**CLOSED, "riichi": "double", "first_go_around": True},
        "double",
    ),
    (
        "riichi before the first discard (ron, turn 0)",
        {**CLOSED, "riichi": "riichi", "turn": 0},
        {**CLOSED, "riichi": "riichi", "turn": 2},
        "turn",
    ),
    (
        "riichi on a tsumo at the first draw",
        {**CLOSED, "riichi": "riichi", "tsumo": True, "turn": 1},
        {**CLOSED, "riichi": "riichi", "tsumo": True, "turn": 2},
        "turn",
    ),
    # last tile, kans
    (
        "haitei needs tsumo",
        {**CLOSED, "haitei": True},
        {**CLOSED, "haitei": True, "tsumo": True},
        "haitei",
    ),
    (
        "houtei needs ron",
        {**CLOSED, "houtei": True, "tsumo": True},
        {**CLOSED, "houtei": True},
        "houtei",
    ),
    (
        "haitei at the first draw",
        {**CLOSED, "haitei": True, "tsumo": True, "turn": 1},
        # the earliest draw issue #35 leaves possible for the last tile (not 2 or 3)
        {**CLOSED, "haitei": True, "tsumo": True, "turn": 4},
        "haitei",
    ),
    (
        "rinshan without a kan or a flower",
        {**CLOSED, "rinshan": True, "tsumo": True},
        {**WITH_ANKAN, "rinshan": True, "tsumo": True},
        "rinshan",
    ),
    (
        "rinshan on a ron",
        {**WITH_ANKAN, "rinshan": True},
        {**WITH_ANKAN, "rinshan": True, "tsumo": True},
        "rinshan",
    ),
    (
        "more kans in a row than kans",
        {**WITH_ANKAN, "rinshan": True, "tsumo": True, "consecutive_kans": 2},
        {**WITH_ANKAN, "rinshan": True, "tsumo": True, "consecutive_kans": 1},
        "consecutive_kans",
    ),
    (
        "kans in a row without rinshan",
        {**WITH_ANKAN, "tsumo": True, "consecutive_kans": 1},
        {**WITH_ANKAN, "tsumo": True, "rinshan": True, "consecutive_kans": 1},
        "consecutive_kans",
    ),
    (
        "penultimate kan without rinshan",
        {**WITH_ANKAN, "tsumo": True, "penultimate_kan": True},
        {**WITH_ANKAN, "tsumo": True, "rinshan": True, "penultimate_kan": True},
        "penultimate_kan",
    ),
    (
        "chankan needs ron",
        {"hand": "123m456p789s11223z", "win": "3z", "chankan": True, "tsumo": True},
        {"hand": "123m456p789s11223z", "win": "3z", "chankan": True},
        "chankan",
    ),
    (
        "chankan of a tile the winner holds twice",
        {**CLOSED, "chankan": True},
        {**CLOSED, "hand": "123m456p789s11223z", "win": "3z", "chankan": True},
        "chankan",
    ),
    (
        "chankan of a tile the winner holds as a pon",
        {"hand": "123m456p789s11z", "win": "1m", "melds": ["pon 111m"], "chankan": True},
        {"hand": "123m456p789s11z", "win": "3m", "melds": ["pon 111m"], "chankan": True},
        "chankan",
    ),
    (
        "chankan in the first go-around",
        {"hand": "123m456p789s11223z", "win": "3z", "chankan": True, "first_go_around": True},
        {"hand": "123m456p789s11223z", "win": "3z", "chankan": True},
        "first_go_around",
    ),
    # copies, flowers, pairs, streaks
    (
        "more copies seen than exist",
        {**CLOSED, "visible_copies": 2},
        {**CLOSED, "visible_copies": 1},
        "visible_copies",
    ),
    ("nine flowers", {**CLOSED, "flowers": 9}, {**CLOSED, "flowers": 8}, "flowers"),
    (
        "seven called pairs",
        {**SEVEN_PAIRS, "called_pairs": 7},
        {**SEVEN_PAIRS, "called_pairs": 6},
        "called_pairs",
    ),
    (
        "dealer streak past 64",
        {**CLOSED, "dealer_streak": 65},
        {**CLOSED, "dealer_streak": 64},
        "dealer_streak",
    ),
    ("honba past 99", {**CLOSED, "honba": 100}, {**CLOSED, "honba": 99}, "honba"),
    ("min_han 0", {**CLOSED, "min_han": 0}, {**CLOSED, "min_han": 1}, "min_han"),
    (
        "a dealer history that disagrees with the streak",
        {**CLOSED, "tsumo": True, "dealer_streak": 2, "dealer_history": "D"},
        {**CLOSED, "tsumo": True, "dealer_streak": 2, "dealer_history": "W"},
        "dealer_history",
    ),
    (
        "robbed flower without seven flowers",
        {**CLOSED, "robbed_flower": True, "flowers": 6},
        {**CLOSED, "robbed_flower": True, "flowers": 7},
        "robbed_flower",
    ),
    (
        "robbed flower on a tsumo",
        {**CLOSED, "robbed_flower": True, "flowers": 7, "tsumo": True},
        {**CLOSED, "robbed_flower": True, "flowers": 7},
        "robbed_flower",
    ),
    (
        "furiten ron",
        {**CLOSED, "furiten": True},
        {**CLOSED, "furiten": True, "tsumo": True},
        "furiten",
    ),
    (
        "tsumo_only without riichi",
        {**CLOSED, "tsumo": True, "declarations": ["tsumo_only"]},
        {**CLOSED, "tsumo": True, "riichi": "riichi", "declarations": ["tsumo_only"]},
        "tsumo_only",
    ),
    # the discarder
    (
        "a discarder on a tsumo",
        {**CLOSED, "tsumo": True, "discarder": "next"},
        {**CLOSED, "discarder": "next"},
        "discarder",
    ),
    (
        "discarder in riichi after the winner, winner not in riichi",
        {**CLOSED, "discarder_riichi": "riichi_after"},
        {**CLOSED, "discarder_riichi": "riichi_after", "riichi": "riichi"},
        "riichi",
    ),
    (
        "the discarder's rinshan tile without a kan",
        {**CLOSED, "discarder_rinshan": True},
        {**CLOSED, "discarder_rinshan": True, "discarder_kans": 1},
        "discarder_rinshan",
    ),
    (
        "five kans by the discarder",
        {**CLOSED, "discarder_kans": 5},
        {**CLOSED, "discarder_kans": 4},
        "discarder_kans",
    ),
    (
        "the discarder broke an ippatsu the winner did not have",
        {**CLOSED, "discarder_broke_ippatsu": True},
        {**CLOSED, "discarder_broke_ippatsu": True, "riichi": "riichi"},
        "riichi",
    ),
    (
        "chankan of a tile added as a riichi declaration",
        {
            "hand": "123m456p789s11223z",
            "win": "3z",
            "chankan": True,
            "discarder_riichi": "declaring",
        },
        {"hand": "123m456p789s11223z", "win": "3z", "chankan": True},
        "declaring",
    ),
    # turn order in the first go-around (South wins by ron at turn 0)
    (
        "a discard from a seat that has not played yet",
        {**CLOSED, "seat": "S", "first_go_around": True, "turn": 0, "discarder": "next"},
        {**CLOSED, "seat": "S", "first_go_around": True, "turn": 0, "discarder": "previous"},
        "discard",
    ),
    # JSON shape
    ("unknown key", {**CLOSED, "tsumoo": True}, {**CLOSED, "tsumo": True}, "unknown key"),
    ("a number for a bool", {**CLOSED, "tsumo": 1}, {**CLOSED, "tsumo": True}, "tsumo"),
    ("a bool for a number", {**CLOSED, "flowers": True}, {**CLOSED, "flowers": 1}, "flowers"),
]


@pytest.mark.parametrize(
    ("refused", "accepted", "words"),
    [row[1:] for row in WIN_PAIRS],
    ids=[row[0] for row in WIN_PAIRS],
)
def test_win_refuses_and_accepts_its_neighbour(refused, accepted, words):
    Win.from_json(accepted)
    with pytest.raises(InputError, match=words):
        Win.from_json(refused)


LOST_HAN = "3-02-07"  # option b: ?翻, the source lost the number
STATED_HAN = "3-02-02"  # option b: 2翻 (包含一發的1翻), a stated number
LOST_FU = "3-09-12"  # option b: ?5符1翻, the tens of the fu lost, the han stated

# (rule, refused TOML, accepted TOML, words the refusal must name)
RULESET_PAIRS: list[tuple[str, str, str, str]] = [
    (
        "han supplied where the number is stated",
        f'[yaku."{STATED_HAN}"]\nvalue = "b"\nhan = 3\n',
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = 3\n',
        "no lost han",
    ),
    (
        "han supplied where the fu is lost but the han stated",
        f'[yaku."{LOST_FU}"]\nvalue = "b"\nhan = 1\n',
        f'[yaku."{LOST_FU}"]\nvalue = "b"\nfu = 25\n',
        "no lost han",
    ),
    (
        "han = true",
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = true\n',
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = 3\n',
        "integer",
    ),
    (
        "han past 13",
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = 14\n',
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = 13\n',
        "integer 1 to 13",
    ),
    (
        "han supplied for the 無 option",
        f'[yaku."{LOST_HAN}"]\nvalue = "a"\nhan = 3\n',
        f'[yaku."{LOST_HAN}"]\nvalue = "b"\nhan = 3\n',
        "no lost han",
    ),
    (
        "unknown yaku",
        '[yaku."3-99-01"]\nvalue = "b"\n',
        '[yaku."3-13-01"]\nvalue = "b"\n',
        "unknown yaku",
    ),
    (
        "unknown letter",
        '[yaku."3-13-01"]\nvalue = "z"\n',
        '[yaku."3-13-01"]\nvalue = "c"\n',
        "no option 'z'",
    ),
    (
        "unknown rule question",
        '[yaku."3-13-01"]\nvalue = "b"\n"3-13-01-09" = "a"\n',
        '[yaku."3-13-01"]\nvalue = "b"\n"3-13-01-02" = "a"\n',
        "3-13-01-09",
    ),
    (
        "a letter given as a number",
        '[yaku."3-13-01"]\nvalue = 2\n',
        '[yaku."3-13-01"]\nvalue = "b"\n',
        "letter",
    ),
    (
        "others neither default nor off",
        '[ruleset]\nothers = "none"\n',
        '[ruleset]\nothers = "off"\n',
        "others",
    ),
    (
        "supersession neither drop nor award both",
        '[ruleset]\nsupersession = "both"\n',
        '[ruleset]\nsupersession = "award both"\n',
        "supersession",
    ),
    ("unknown [ruleset] key", '[ruleset]\nnmae = "x"\n', '[ruleset]\nname = "x"\n', "nmae"),
    (
        "unknown top-level table",
        '[yakus."3-13-01"]\nvalue = "b"\n',
        '[yaku."3-13-01"]\nvalue = "b"\n',
        "unknown table",
    ),
]


@pytest.mark.parametrize(
    ("refused", "accepted", "words"),
    [row[1:] for row in RULESET_PAIRS],
    ids=[row[0] for row in RULESET_PAIRS],
)
def test_ruleset_refuses_and_accepts_its_neighbour(refused, accepted, words):
    Ruleset.from_toml(accepted)
    with pytest.raises(InputError, match=words):
        Ruleset.from_toml(refused)
