"""Situations that cannot occur at a table, round 3 (issue #35 point 4): each is refused
with a one-line InputError naming the two facts, on both engines (the C accelerator
declines every win with one of these keys, so Python's checks run after it), and each
has valid but unusual neighbours that stay accepted. Each refusal is the conflict a row
of yakubook/engine/WIN_FORMAT.md's table names."""

from __future__ import annotations

import pytest

from yakubook.engine.win import Win
from yakubook.errors import InputError

BASE = {"hand": "123m456p789s11122z", "win": "3m"}
# 11 concealed tiles and one kan of East; kind per test
KAN = {"hand": "123m456p789s22z", "win": "2z"}


def with_kan(kind: str) -> dict:
    return {**KAN, "melds": [f"{kind} 1111z"]}


REFUSED = [
    # 1. the dealer's first discard comes before any call: a riichi on it is a double one
    ("dealer's plain riichi, ron at turn 1", BASE, {"riichi": "riichi", "turn": 1},
     ["'riichi' = 'riichi' for the dealer", "'turn' = 1"]),
    ("dealer's open riichi, ron at turn 1", BASE, {"riichi": "open", "turn": 1},
     ["'riichi' = 'open' for the dealer", "'open_double'"]),
    # 2. nobody discards before the dealer's first discard, so nobody declared before it
    ("dealer's double riichi, discarder declared earlier", BASE,
     {"riichi": "double", "discarder_riichi": "riichi"},
     ["'discarder_riichi' = 'riichi'", "the dealer's 'riichi' = 'double'"]),
    ("dealer's double riichi, discarder declared earlier, later turn", BASE,
     {"riichi": "double", "turn": 6, "discarder": "next", "discarder_riichi": "riichi"},
     ["'discarder_riichi' = 'riichi'", "the dealer's 'riichi' = 'double'"]),
    # likewise a seat after the winner: its first discard follows the winner's double riichi
    ("South's double riichi, West declared earlier", BASE,
     {"seat": "S", "riichi": "double", "discarder": "next", "discarder_riichi": "riichi"},
     ["'discarder_riichi' = 'riichi'", "seat S's 'riichi' = 'double'", "seat W discards after"]),
    # 3. West's double riichi: in the first go-around only North discards after it
    ("West in double riichi, ron on East in the first go-around", BASE,
     {"seat": "W", "riichi": "double", "first_go_around": True, "discarder": "across"},
     ["'discarder' = 'across' (seat E)", "seat W's 'riichi' = 'double'"]),
    ("West in double riichi, ron on South in the first go-around", BASE,
     {"seat": "W", "riichi": "double", "first_go_around": True, "discarder": "previous"},
     ["'discarder' = 'previous' (seat S)", "'first_go_around'"]),
    # 4. North's double riichi is the first go-around's last discard
    ("North in double riichi, ron in the first go-around", BASE,
     {"seat": "N", "riichi": "double", "first_go_around": True},
     ["seat N with 'riichi' = 'double'", "'first_go_around'"]),
    # 5-7. a kan in the hand: an own draw came before the win
    ("turn 0 with an ankan", with_kan("ankan"), {"seat": "S", "turn": 0},
     ["'turn' = 0", "'ankan 1111z'"]),
    ("turn 0 with a daiminkan", with_kan("kan"), {"seat": "S", "turn": 0},
     ["'turn' = 0", "'kan 1111z'"]),
    ("turn 0 with a kakan", with_kan("kakan"), {"seat": "S", "turn": 0},
     ["'turn' = 0", "'kakan 1111z'"]),
    # 8-9. the eighth flower is set aside, not discarded
    ("robbed flower with houtei", BASE,
     {"robbed_flower": True, "flowers": 7, "houtei": True, "turn": 12},
     ["'robbed_flower' with 'houtei'"]),
    ("robbed flower on a riichi declaration tile", BASE,
     {"robbed_flower": True, "flowers": 7, "discarder_riichi": "declaring"},
     ["'robbed_flower' with 'discarder_riichi' = 'declaring'"]),
    # 10. 再見，本壘打's kan: a flower's replacement draw has none
    ("penultimate kan on a flower-only rinshan", BASE,
     {"tsumo": True, "rinshan": True, "flowers": 1, "penultimate_kan": True, "turn": 17},
     ["'penultimate_kan'", "no kan in the hand"]),
    # 11-12. the wall cannot run out that early
    ("haitei at the winner's 3rd draw", BASE, {"haitei": True, "tsumo": True, "turn": 3},
     ["'haitei'", "'turn' = 3"]),
    ("haitei at the winner's 2nd draw", BASE, {"haitei": True, "tsumo": True, "turn": 2},
     ["'haitei'", "'turn' = 2"]),
    ("houtei at the winner's 2nd draw", BASE, {"houtei": True, "turn": 2},
     ["'houtei'", "'turn' = 2"]),
    # 13. no riichi on the last discard: no draw is left
    ("houtei on a riichi declaration tile", BASE,
     {"houtei": True, "turn": 12, "discarder_riichi": "declaring"},
     ["'houtei' with 'discarder_riichi' = 'declaring'"]),
    # 14. a rinshan tile comes from the dead wall
    ("haitei with rinshan", with_kan("ankan"),
     {"tsumo": True, "haitei": True, "rinshan": True, "turn": 15},
     ["'haitei' with 'rinshan'"]),
]


@pytest.mark.parametrize(
    ("what", "base", "situation", "named"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_impossible_situation_is_refused_on_both_engines(engine, what, base, situation, named):
    with pytest.raises(InputError) as e:
        Win.from_json({**base, **situation})
    message = str(e.value)
    assert "\n" not in message
    for fact in named:
        assert fact in message, (what, message)


@pytest.mark.parametrize(
    ("what", "base", "situation", "named"), REFUSED, ids=[r[0] for r in REFUSED]
)
def test_impossible_situation_is_refused_by_make(what, base, situation, named):
    extra = dict(situation)
    if "seat" in extra:
        extra["seat_wind"] = extra.pop("seat")
    with pytest.raises(InputError) as e:
        Win.make(base["hand"], base["win"], base.get("melds", []), **extra)
    assert all(fact in str(e.value) for fact in named), (what, str(e.value))


ACCEPTED = [
    # riichi and turn order
    ("non-dealer's plain riichi, ron at turn 1 after a call", BASE,
     {"seat": "S", "riichi": "riichi", "turn": 1}),
    ("dealer's double riichi, ron at turn 1", BASE, {"riichi": "double", "turn": 1}),
    ("dealer's open double riichi, ron at turn 1", BASE, {"riichi": "open_double", "turn": 1}),
    ("dealer's plain riichi, ron at turn 2", BASE, {"riichi": "riichi", "turn": 2}),
    ("dealer's plain riichi, discarder declared earlier", BASE,
     {"riichi": "riichi", "turn": 5, "discarder_riichi": "riichi"}),
    ("dealer's double riichi, discarder declared after", BASE,
     {"riichi": "double", "discarder_riichi": "riichi_after"}),
    ("South's double riichi, the dealer declared before it", BASE,
     {"seat": "S", "riichi": "double", "discarder": "previous", "discarder_riichi": "riichi"}),
    ("West in double riichi, ron on North's first discard", BASE,
     {"seat": "W", "riichi": "double", "first_go_around": True, "discarder": "next"}),
    ("West in double riichi, ron in the first go-around, discarder not given", BASE,
     {"seat": "W", "riichi": "double", "first_go_around": True}),
    ("South in double riichi, ron in the first go-around", BASE,
     {"seat": "S", "riichi": "double", "first_go_around": True, "discarder": "across"}),
    ("North in double riichi, ron after the first go-around", BASE,
     {"seat": "N", "riichi": "double", "turn": 2}),
    # calls and kans before any own draw
    ("turn 0 with a pon", {**KAN, "melds": ["pon 111z"]}, {"seat": "S", "turn": 0}),
    ("a daiminkan's replacement as the first draw", with_kan("kan"),
     {"seat": "S", "turn": 1, "tsumo": True, "rinshan": True}),
    ("an ankan on the first draw", with_kan("ankan"),
     {"seat": "S", "turn": 1, "tsumo": True, "rinshan": True}),
    # the claimed flower
    ("robbed flower, the flower's owner in riichi", BASE,
     {"robbed_flower": True, "flowers": 7, "discarder_riichi": "riichi"}),
    ("robbed flower late in the hand", BASE, {"robbed_flower": True, "flowers": 7, "turn": 12}),
    # flowers, kans and the last tiles
    ("penultimate kan with a kan and flowers", with_kan("ankan"),
     {"tsumo": True, "rinshan": True, "flowers": 2, "penultimate_kan": True, "turn": 17}),
    ("rinshan on a flower, no penultimate kan", BASE,
     {"tsumo": True, "rinshan": True, "flowers": 1, "turn": 5}),
    ("haitei at the winner's 4th draw", BASE, {"haitei": True, "tsumo": True, "turn": 4}),
    ("houtei at the winner's 3rd draw", BASE, {"houtei": True, "turn": 3}),
    ("haitei, turn not given", BASE, {"haitei": True, "tsumo": True}),
    ("houtei on a discard of a player in riichi", BASE,
     {"houtei": True, "turn": 12, "discarder_riichi": "riichi"}),
    ("rinshan late in the hand", with_kan("ankan"), {"tsumo": True, "rinshan": True, "turn": 15}),
]


@pytest.mark.parametrize(("what", "base", "situation"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_valid_but_unusual_situation_is_accepted_on_both_engines(engine, what, base, situation):
    win = Win.from_json({**base, **situation})
    assert Win.from_json(win.to_json()) == win


def _changed(base: dict, **change) -> dict:
    return {**base, **change}


# Each refusal beside the nearest input it must accept (one fact changed), as
# tests/engine/test_validation_pairs.py does: a check one step too wide fails here.
DEALER_RIICHI = {**BASE, "riichi": "riichi", "turn": 1}
DEALER_DOUBLE = {**BASE, "riichi": "double", "discarder_riichi": "riichi"}
WEST_DOUBLE = {**BASE, "seat": "W", "riichi": "double", "first_go_around": True}
NORTH_DOUBLE = {**BASE, "seat": "N", "riichi": "double", "first_go_around": True}
ROBBED = {**BASE, "robbed_flower": True, "flowers": 7, "turn": 12}
FLOWER_RINSHAN = {"tsumo": True, "rinshan": True, "flowers": 1, "turn": 17}
PAIRS = [
    ("dealer's riichi at turn 1", DEALER_RIICHI, _changed(DEALER_RIICHI, turn=2)),
    ("dealer's double riichi after a riichi", DEALER_DOUBLE,
     _changed(DEALER_DOUBLE, discarder_riichi="riichi_after")),
    ("West's double riichi, ron on East", _changed(WEST_DOUBLE, discarder="across"),
     _changed(WEST_DOUBLE, discarder="next")),
    ("North's double riichi in the first go-around", NORTH_DOUBLE,
     _changed(NORTH_DOUBLE, seat="W")),
    *[
        (f"turn 0 with {kind}", _changed(with_kan(kind), seat="S", turn=0),
         _changed(with_kan(kind), seat="S", turn=1))
        for kind in ("ankan", "kan", "kakan")
    ],
    ("robbed flower with houtei", _changed(ROBBED, houtei=True), ROBBED),
    ("robbed flower declaring", _changed(ROBBED, discarder_riichi="declaring"),
     _changed(ROBBED, discarder_riichi="riichi")),
    ("penultimate kan after a flower", {**BASE, **FLOWER_RINSHAN, "penultimate_kan": True},
     {**with_kan("ankan"), **FLOWER_RINSHAN, "penultimate_kan": True}),
    ("haitei at draw 3", {**BASE, "tsumo": True, "haitei": True, "turn": 3},
     {**BASE, "tsumo": True, "haitei": True, "turn": 4}),
    ("houtei at draw 2", {**BASE, "houtei": True, "turn": 2}, {**BASE, "houtei": True, "turn": 3}),
    ("houtei declaring", {**BASE, "houtei": True, "turn": 9, "discarder_riichi": "declaring"},
     {**BASE, "houtei": True, "turn": 9, "discarder_riichi": "riichi"}),
    ("haitei with rinshan",
     {**with_kan("ankan"), "tsumo": True, "rinshan": True, "haitei": True, "turn": 9},
     {**with_kan("ankan"), "tsumo": True, "rinshan": True, "turn": 9}),
]


@pytest.mark.parametrize(("what", "refused", "accepted"), PAIRS, ids=[p[0] for p in PAIRS])
def test_each_refusal_beside_its_nearest_valid_neighbour(engine, what, refused, accepted):
    Win.from_json(accepted)
    with pytest.raises(InputError):
        Win.from_json(refused)
