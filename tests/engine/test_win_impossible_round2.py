"""Situations that cannot occur at a table, round 2 (issue #22): each is refused with an
InputError naming the conflict, and each has valid but unusual neighbours that stay
accepted. Expected messages are the conflict each rule names (yakubook/engine/WIN_FORMAT.md)."""

from __future__ import annotations

import pytest

from yakubook.engine.win import Win
from yakubook.errors import InputError

BASE = {"hand": "123m456p789s11122z", "win": "3m"}  # 3m held once: chankan fits
SEVEN_PAIRS = {"hand": "1122m3344p5566s77z", "win": "7z"}
KOKUSHI = {"hand": "19m19p19s12345677z", "win": "1m"}


def win(base: dict | None = None, **situation) -> Win:
    return Win.from_json({**(base or BASE), **situation})


REFUSED = [
    # called pairs: a call, in a seven-pairs hand
    (
        "called pair with riichi",
        SEVEN_PAIRS,
        {"called_pairs": 1, "riichi": "riichi"},
        "an open hand cannot riichi",
    ),
    (  # every riichi kind, "double" too (it sorts before "none")
        "called pair with double riichi",
        SEVEN_PAIRS,
        {"called_pairs": 1, "riichi": "double"},
        "an open hand cannot riichi",
    ),
    (
        "called pair with no_calls",
        SEVEN_PAIRS,
        {"called_pairs": 2, "declarations": ["no_calls"]},
        "claiming a pair is a call",
    ),
    ("called pair, not seven pairs", BASE, {"called_pairs": 1}, "not all pairs"),
    # the no-calls vow with a call
    (
        "no_calls with a chi",
        {"hand": "456p789s11122z", "win": "2z", "melds": ["chi 123m"]},
        {"declarations": ["no_calls"]},
        "'no_calls' with the open meld 'chi 123m'",
    ),
    (
        "no_calls with an open kan",
        {"hand": "456p789s11122z", "win": "2z", "melds": ["kan 1111m"]},
        {"declarations": ["no_calls"]},
        "'no_calls' with the open meld 'kan 1111m'",
    ),
    # 七搶一's claimed flower is no robbed kan
    (
        "robbed_flower with chankan",
        BASE,
        {"robbed_flower": True, "flowers": 7, "chankan": True},
        "'robbed_flower' with 'chankan'",
    ),
    # the first go-around: every discard is its player's first, no call
    (
        "first go-around, discarder already in riichi",
        BASE,
        {
            "first_go_around": True,
            "seat": "N",
            "turn": 0,
            "discarder": "previous",
            "discarder_riichi": "riichi",
        },
        "'discarder_riichi' = 'riichi' with 'first_go_around'",
    ),
    (
        "first go-around, riichi_after",
        BASE,
        {
            "first_go_around": True,
            "seat": "S",
            "turn": 1,
            "riichi": "double",
            "discarder": "next",
            "discarder_riichi": "riichi_after",
        },
        "'discarder_riichi' = 'riichi_after' with 'first_go_around'",
    ),
    (
        "first go-around, discarder broke ippatsu",
        BASE,
        {
            "first_go_around": True,
            "seat": "S",
            "turn": 1,
            "riichi": "double",
            "discarder": "next",
            "discarder_broke_ippatsu": True,
        },
        "'discarder_broke_ippatsu' with 'first_go_around'",
    ),
    # North's turn 1 in the first go-around has no discard after it
    (
        "North ron at turn 1, discarder not given",
        BASE,
        {"first_go_around": True, "seat": "N", "turn": 1},
        "no seat discards after North's first draw",
    ),
    # kans on the table
    (
        "five kans on the table",
        {
            "hand": "11z",
            "win": "1z",
            "melds": ["ankan 1111m", "ankan 2222p", "ankan 3333s", "kan 4444m"],
        },
        {"discarder_kans": 1},
        "at most 4 kans",
    ),
    (
        "robbing a riichi player's added kan",
        BASE,
        {"chankan": True, "discarder_riichi": "riichi"},
        "a hand in riichi holds none",
    ),
    (
        "robbing an added kan after a riichi_after",
        BASE,
        {"chankan": True, "riichi": "riichi", "discarder_riichi": "riichi_after"},
        "a hand in riichi holds none",
    ),
    # the last discard is no robbed kan
    ("houtei with chankan", BASE, {"houtei": True, "chankan": True}, "'houtei' with 'chankan'"),
    # the kan on the last draw but one is not in the first turns
    (
        "penultimate kan in the first go-around",
        {"hand": "123m456p789s22z", "win": "2z", "melds": ["ankan 1111z"]},
        {"tsumo": True, "rinshan": True, "penultimate_kan": True, "first_go_around": True},
        "'penultimate_kan' with 'first_go_around'",
    ),
    (
        "penultimate kan on the first draw",
        {"hand": "123m456p789s22z", "win": "2z", "melds": ["ankan 1111z"]},
        {"tsumo": True, "rinshan": True, "penultimate_kan": True, "turn": 1},
        "'penultimate_kan' with 'first_go_around' or 'turn' = 1",
    ),
]


@pytest.mark.parametrize(
    ("what", "base", "situation", "named"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_impossible_situation_is_refused(what, base, situation, named):
    with pytest.raises(InputError) as e:
        win(base, **situation)
    assert named in str(e.value), what


ACCEPTED = [
    # called pairs on a seven-pairs hand, four of a kind as two pairs, no riichi
    ("called pairs on seven pairs", SEVEN_PAIRS, {"called_pairs": 3}),
    (
        "called pair, four of a kind as two pairs",
        {"hand": "1111m3344p5566s77z", "win": "7z"},
        {"called_pairs": 1},
    ),
    # the vow with a concealed kan (3-15-08-01 b allows it)
    (
        "no_calls with an ankan",
        {"hand": "456p789s11122z", "win": "2z", "melds": ["ankan 1111m"]},
        {"declarations": ["no_calls"]},
    ),
    ("no_calls, closed ron", BASE, {"declarations": ["no_calls"]}),
    ("robbed flower, plain claim", BASE, {"robbed_flower": True, "flowers": 7}),
    # the first go-around: the discard declaring a riichi is a first discard
    (
        "first go-around, discarder declaring riichi",
        BASE,
        {
            "first_go_around": True,
            "seat": "N",
            "turn": 0,
            "discarder": "previous",
            "discarder_riichi": "declaring",
        },
    ),
    (
        "first go-around, South at turn 1, discarder not given",
        BASE,
        {"first_go_around": True, "seat": "S", "turn": 1},
    ),
    (
        "North ron at turn 0 in the first go-around",
        BASE,
        {"first_go_around": True, "seat": "N", "turn": 0},
    ),
    (
        "after a call, the discarder in riichi",
        BASE,
        {"seat": "N", "turn": 1, "discarder": "previous", "discarder_riichi": "riichi"},
    ),
    # four kans on the table, not five
    (
        "four kans on the table",
        {"hand": "567m11z", "win": "1z", "melds": ["ankan 1111m", "ankan 2222p", "kan 4444m"]},
        {"discarder_kans": 1},
    ),
    # a thirteen-orphans hand robbing a riichi player's concealed kan (some rules allow it)
    (
        "kokushi robbing a riichi player's kan",
        KOKUSHI,
        {"chankan": True, "discarder_riichi": "riichi"},
    ),
    ("chankan of a player not in riichi", BASE, {"chankan": True, "discarder_riichi": "none"}),
    ("houtei without chankan", BASE, {"houtei": True, "turn": 12}),
    (
        "penultimate kan late in the hand",
        {"hand": "123m456p789s22z", "win": "2z", "melds": ["ankan 1111z"]},
        {"tsumo": True, "rinshan": True, "penultimate_kan": True, "turn": 17},
    ),
]


@pytest.mark.parametrize(("what", "base", "situation"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_valid_but_unusual_situation_is_accepted(what, base, situation):
    win(base, **situation)
