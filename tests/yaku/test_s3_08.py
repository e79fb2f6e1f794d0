"""Section 3-08 beyond the examples: the 綠皮車 shape the module registers."""

from __future__ import annotations

import pytest

from yakubook.engine import registry
from yakubook.engine.bodies.s3_08 import guriinsha_shapes
from yakubook.engine.decompose import Block, interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.tiles import EAST, NORTH, tile_from_str
from yakubook.engine.win import Win

registry.load_bodies()


def t(name: str) -> int:
    return tile_from_str(name)


def guriinsha(win: Win):
    return [i for i in interpretations(win) if i.kind == "guriinsha"]


def test_the_swapped_straight_is_read_as_singles_and_sets() -> None:
    win = Win.make("13456789m2s11144z", "2s")
    (interp,) = guriinsha(win)
    assert interp.tiles() == sorted(win.concealed)
    singles = [b.tile for b in interp.blocks if b.kind == "single"]
    assert singles == [t("1m"), t("3m"), t("2s")]
    assert Block("sequence", t("4m")) in interp.blocks
    assert Block("triplet", EAST) in interp.blocks and Block("pair", NORTH) in interp.blocks
    # 2s stands for the 2m of 123m: a kanchan.
    assert interp.winning_block == Block("single", t("2s")) and interp.wait == "kanchan"


@pytest.mark.parametrize(("swap", "green"), [
    ("2", True), ("3", True), ("4", True), ("6", True), ("8", True), ("5", False), ("7", False),
])
def test_the_swapped_tile_is_a_green_souzu(swap: str, green: bool) -> None:
    # 綠皮車 (3-08-01-07): the manzu straight with one tile swapped for the same souzu, which
    # must be green (綠一色's 2 3 4 6 8 sou), plus East and North.
    numbers = "123456789".replace(swap, "")
    win = Win.make(f"{numbers}m{swap}s11144z", "4z")
    assert bool(guriinsha(win)) == green


@pytest.mark.parametrize(("won", "holds"), [
    ("2p", True), ("4p", True), ("6p", True), ("3p", False), ("7p", False),
])
def test_route_246_is_won_on_a_2_4_or_6(won: str, holds: bool) -> None:
    # Route 246 (3-08-06): 混一色 一氣通貫 won on a 2, 4 or 6 (123456789p with East and South).
    win = Win.make("123456789p11122z", won)
    assert ("3-08-06" in {a.id for a in evaluate(win).yaku}) == holds


@pytest.mark.parametrize(
    ("hand", "win", "wait"),
    [
        ("13456789m2s11144z", "3m", "penchan"),
        ("13456789m2s11144z", "5m", "kanchan"),
        ("13456789m2s11144z", "4z", "tanki"),
        ("12345679m8s11444z", "9m", "ryanmen"),
    ],
)
def test_waits(hand: str, win: str, wait: str) -> None:
    (interp,) = guriinsha(Win.make(hand, win))
    assert interp.wait == wait


def test_ron_on_the_honor_triplet_opens_it() -> None:
    ron = Win.make("13456789m2s11144z", "1z")
    (interp,) = guriinsha(ron)
    assert interp.wait == "shanpon" and interp.concealed_triplets == 0
    assert interp.ron_opened == interp.win_block
    tsumo = Win.make("13456789m2s11144z", "1z", tsumo=True)
    (interp,) = guriinsha(tsumo)
    assert interp.concealed_triplets == 1 and interp.ron_opened == -1


def test_ron_on_the_pair_or_the_straight_opens_no_set() -> None:
    # Only a set completed by the ron counts as called; a ron on the pair (tanki) or on
    # the broken run leaves the East triplet concealed.
    for won in ("4z", "2s", "5m"):
        (interp,) = guriinsha(Win.make("13456789m2s11144z", won))
        assert interp.ron_opened == -1 and interp.concealed_triplets == 1, won


def test_melds_that_fit_and_melds_that_do_not() -> None:
    called = Win.make("13456789m2s44z", "4z", melds=["pon 111z"])
    (interp,) = guriinsha(called)
    assert Block("triplet", EAST, True, True) in interp.blocks
    chi = Win.make("13456m2s11144z", "1m", melds=["chi 789m"])
    (interp,) = guriinsha(chi)
    assert Block("sequence", t("7m"), True, True) in interp.blocks
    # 234m is not one of the straight's sequences (6m is swapped for 6s here).
    off = Win.make("15789m6s11144z", "1m", melds=["chi 234m"])
    assert guriinsha(off) == []
    # The broken sequence cannot be called: 4m swapped, 456m called is impossible, and a
    # chi of the intact 123m leaves 5m 6m 4s concealed, which is still the shape.
    ok = Win.make("56789m4s11144z", "5m", melds=["chi 123m"])
    assert len(guriinsha(ok)) == 1


@pytest.mark.parametrize(
    "hand",
    [
        "12346789m5s11144z",  # 5 is not green
        "13456789m2p11144z",  # pinzu, not souzu
        "13456789m2s11155z",  # White instead of North
        "13456789m2s11114z",  # four East, one North
    ],
)
def test_no_guriinsha(hand: str) -> None:
    win = Win.make(hand, hand[0] + "m")
    assert list(guriinsha_shapes(win, win.concealed_counts)) == []


def test_evaluate_awards_guriinsha_on_a_hand_only_that_shape_completes() -> None:
    result = evaluate(Win.make("13456789m2s11144z", "2s"), Ruleset.default())
    assert result.interpretation is not None and result.interpretation.kind == "guriinsha"
    assert "3-08-01-07" in {a.id for a in result.yaku}


@pytest.mark.parametrize("hand", ["113456789m2s1144z", "13456789m22s1144z"])
def test_a_straight_tile_held_twice_is_no_guriinsha(hand: str) -> None:
    # 綠皮車 (3-08): the straight's nine tiles once each (one 2m swapped for a 2s); the
    # tile kinds alone fit, but here one is doubled and East/North are two pairs.
    assert guriinsha(Win.make(hand, "1z")) == []
