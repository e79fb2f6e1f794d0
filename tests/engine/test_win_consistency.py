"""Situations that cannot occur at a table are refused, naming the conflict (issue #11),
and every integer field has a bound."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from yakubook.engine.tiles import EAST
from yakubook.engine.win import INT_BOUNDS, MAX_JSON_DEPTH, Win, read_json
from yakubook.errors import InputError

HAND = "123m456p789s11122z"  # a plain closed hand
BASE = {"hand": "123m456p789s11122z", "win": "3m"}  # 3m held once: chankan fits


def win(**situation) -> Win:
    return Win.from_json({**BASE, **situation})


@pytest.mark.parametrize(
    ("situation", "named"),
    [
        # a riichi (plain or open) in the first go-around would be a double riichi
        ({"riichi": "riichi", "first_go_around": True, "turn": 1}, "'riichi' = 'riichi'"),
        ({"riichi": "open", "first_go_around": True}, "'open_double'"),
        ({"riichi": "riichi", "first_go_around": True}, "first go-around is 'double'"),
        ({"riichi": "riichi", "seat": "E", "turn": 1}, "a riichi on it is 'double'"),
        ({"riichi": "open", "seat": "E", "turn": 1}, "a riichi on it is 'open_double'"),
        # riichi or ippatsu with a win before any own draw, or by tsumo on the first draw
        ({"riichi": "double", "turn": 0, "seat": "S"}, "before any own draw"),
        ({"riichi": "double", "ippatsu": True, "turn": 1, "tsumo": True}, "first own draw"),
        ({"riichi": "riichi", "turn": 1, "tsumo": True}, "first own draw"),
        ({"riichi": "double", "first_go_around": True, "tsumo": True}, "first own draw"),
        # the last tile in the first go-around or on draw 1
        ({"haitei": True, "tsumo": True, "first_go_around": True}, "'haitei'"),
        ({"haitei": True, "tsumo": True, "turn": 1}, "'haitei'"),
        ({"houtei": True, "first_go_around": True, "seat": "S"}, "'houtei'"),
        ({"houtei": True, "turn": 0, "seat": "S"}, "'houtei'"),
        # chankan or another player's kan in the first go-around (both need a call)
        ({"chankan": True, "first_go_around": True, "seat": "S"}, "'chankan'"),
        ({"discarder_kans": 1, "first_go_around": True, "seat": "S"}, "'discarder_kans'"),
        # a robbed kan tile described as a riichi declaration tile
        ({"chankan": True, "discarder_riichi": "declaring"}, "'declaring'"),
    ],
)
def test_impossible_situations_are_refused(situation, named):
    with pytest.raises(InputError) as e:
        win(**situation)
    assert named in str(e.value)


@pytest.mark.parametrize(
    "situation",
    [
        {"riichi": "double", "first_go_around": True, "turn": 1, "seat": "S", "discarder": "next"},
        {"riichi": "open_double", "first_go_around": True},
        {"riichi": "riichi", "turn": 2, "tsumo": True},
        {"riichi": "double", "ippatsu": True, "turn": 1},  # ron after the first discard
        {"haitei": True, "tsumo": True, "turn": 18},
        {"chankan": True},
        {"discarder_kans": 1, "seat": "S"},
    ],
)
def test_their_possible_neighbours_are_accepted(situation):
    win(**situation)


# Seat, turn and discarder in the first go-around: (seat, turn, discarder, possible).
# Turn order is East, South, West, North; turn 0 = before the winner's first draw (only
# the seats before it have discarded), turn 1 = after it (only the seats after it).
FIRST_DISCARDS = [
    ("S", 0, "previous", True),  # East discarded first
    ("S", 0, "next", False),  # West has not discarded yet
    ("S", 0, "across", False),  # nor North
    ("N", 0, "next", True),  # East, next to North
    ("N", 0, "across", True),  # South
    ("N", 0, "previous", True),  # West
    ("W", 0, "next", False),  # North comes after West
    ("E", 1, "next", True),  # South's first discard, after the dealer's
    ("E", 1, "previous", True),  # North
    ("S", 1, "previous", False),  # East discarded before South drew: that is turn 0
    ("S", 1, "next", True),  # West
    ("N", 1, "previous", False),  # nobody discards after North in the first go-around
    ("N", 1, "next", False),
]


@pytest.mark.parametrize(("seat", "turn", "discarder", "possible"), FIRST_DISCARDS)
def test_ron_in_the_first_go_around_follows_turn_order(seat, turn, discarder, possible):
    situation = {"seat": seat, "turn": turn, "discarder": discarder, "first_go_around": True}
    if possible:
        win(**situation)
    else:
        with pytest.raises(InputError, match="no discard yet"):
            win(**situation)


def test_after_a_call_turn_order_no_longer_applies():
    # West pons East's first discard and discards before South draws: South may ron it.
    win(seat="S", turn=0, discarder="next")


def test_chankan_needs_the_other_three_copies():
    # 2z twice in the hand: the added kan of 2z would need three more.
    with pytest.raises(InputError, match="'chankan': the winner holds 2 2z"):
        Win.from_json({"hand": "123m456p789s11122z", "win": "2z", "chankan": True})
    with pytest.raises(InputError, match="holds 2 5m"):
        Win.from_json({"hand": "123455m456p789s11z", "win": "5m", "chankan": True})
    win(chankan=True)


@pytest.mark.parametrize(("field", "high"), sorted(INT_BOUNDS.items()))
def test_every_integer_field_is_bounded(field, high):
    low = 1 if field == "min_han" else 0
    for bad in (high + 1, 10**42, low - 1):
        with pytest.raises(InputError) as e:
            Win.make("123m456p789s11122z", "3m", **{field: bad})
        assert repr(field) in str(e.value)


def test_a_huge_dealer_streak_is_refused_at_once():
    for streak in (65, 100_000_000, 10**42):
        with pytest.raises(InputError, match=r"'dealer_streak' = .* out of range: 0 to 64"):
            win(dealer_streak=streak)
    win(dealer_streak=64)
    with pytest.raises(InputError, match="'dealer_history' has 100 hands"):
        win(dealer_history="W" * 100)


def test_json_nesting_is_limited():
    deep = '{"hand": ' + "[" * 30_000 + "]" * 30_000 + "}"  # within the 64 KiB size cap
    with pytest.raises(InputError, match=f"nested more than {MAX_JSON_DEPTH} levels"):
        read_json(deep)
    with pytest.raises(InputError, match="nested"):
        Win.from_json({**BASE, "melds": [["pon 777z"]]})
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(InputError):
        Win.from_json({**BASE, "melds": nested})
    with pytest.raises(InputError, match="too long"):
        Win.from_json({**BASE, "hand": "1m" * 1000})
    assert read_json('{"hand": "1m", "x": "[[[[[[", "melds": ["pon 777z"]}')["x"] == "[[[[[["


def test_json_nesting_is_counted_after_a_string_with_an_escape():
    # An escaped quote does not end the string; the quote after it does, and the brackets
    # after that are structure again: three levels here, one too many.
    with pytest.raises(InputError, match=f"nested more than {MAX_JSON_DEPTH} levels"):
        read_json('{"hand": "a\\"b", "x": [[["1m"]]]}')
    with pytest.raises(InputError, match=f"nested more than {MAX_JSON_DEPTH} levels"):
        read_json('{"hand": "a\\nb", "x": [[["1m"]]]}')


def test_cli_refuses_deep_json_with_exit_2(tmp_path: Path):
    path = tmp_path / "deep.json"
    path.write_text('{"hand": ' + "[" * 30_000 + "]" * 30_000 + "}", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "yakubook.cli", "evaluate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "nested more than" in done.stderr and "Traceback" not in done.stderr


def test_honba_alone_makes_a_hand_situational():
    # The bug behind 八連莊 at 7 honba: the section gate ignored honba.
    assert Win.make(HAND, "3m", honba=7).situational
    assert json.loads(json.dumps(Win.make(HAND, "3m", honba=7).to_json()))["honba"] == 7


@pytest.mark.parametrize(
    "fact",
    [{"first_go_around": True}, {"turn": 3}, {"honba": 2}, {"flowers": 1},
     {"dealer_streak": 1, "seat_wind": EAST}, {"declarations": ["no_calls"]},
     {"riichi": "riichi"}, {"discarder": "next"}],
    ids=lambda fact: next(iter(fact)),
)
def test_each_game_fact_alone_makes_a_hand_situational(fact):
    # The gates of 3-02 and 3-15 pass only situational hands: each fact off its default
    # must count on its own.
    assert not Win.make(HAND, "3m").situational
    assert Win.make(HAND, "3m", **fact).situational


def test_four_kans_in_a_row_is_the_most_there_can_be():
    four_kans = {"hand": "11z", "win": "1z", "tsumo": True, "rinshan": True,
                 "melds": ["ankan 1111m", "ankan 2222p", "ankan 3333s", "ankan 4444z"]}
    assert Win.from_json({**four_kans, "consecutive_kans": 4}).consecutive_kans == 4
    with pytest.raises(InputError, match="consecutive_kans"):
        Win.from_json({**four_kans, "consecutive_kans": 5})


def test_the_last_tile_can_come_after_the_first_go_around():
    last = {"hand": "123m456p789s11222z", "win": "2z", "tsumo": True, "haitei": True}
    with pytest.raises(InputError, match="first go-around"):
        Win.from_json({**last, "turn": 1})
    # issue #35: nor at the 2nd or 3rd draw (70 wall draws cannot run out so early)
    with pytest.raises(InputError, match="cannot run out that early"):
        Win.from_json({**last, "turn": 3})
    assert Win.from_json({**last, "turn": 4}).haitei


def test_suit_count_counts_the_number_suits_present():
    for hand, suits in (("123m456m789m11222z", 1), ("123s456s789s11222z", 1),
                        ("123m456m789s11222z", 2), ("123m456p789p11222z", 2),
                        ("123p456p789s11222z", 2), ("123m456p789s11222z", 3),
                        ("11122233344455z", 0)):
        assert Win.from_json({"hand": hand, "win": "2z", "tsumo": True}).suit_count == suits, hand


# The ranges WIN_FORMAT.md documents for the integer fields (the lower bound is 0,
# min_han's 1). The hand holds ten fives, so four red ones fit it.
DOCUMENTED_RANGES = {
    "turn": 30, "consecutive_kans": 4, "visible_copies": 3, "flowers": 8,
    "dealer_streak": 64, "honba": 99, "called_pairs": 6, "min_han": 13,
    "discarder_kans": 4, "red": 4, "riichi_sticks": 99,
}  # fmt: skip
FIVES = "123555m555p555s11z"


@pytest.mark.parametrize(("field", "high"), sorted(DOCUMENTED_RANGES.items()))
def test_one_past_the_documented_range_is_refused_naming_the_range(field, high):
    low = 1 if field == "min_han" else 0
    with pytest.raises(InputError) as e:
        Win.make(FIVES, "1z", **{field: high + 1})
    assert str(e.value) == f"field {field!r} = {high + 1} is out of range: {low} to {high}"


def test_four_red_fives_and_four_kans_by_the_discarder_are_the_most_accepted():
    assert Win.make(FIVES, "1z", red=4).total_red == 4
    assert Win.make(FIVES, "1z", discarder_kans=4).discarder_kans == 4


def test_north_cannot_ron_in_the_first_go_around_after_its_own_first_draw():
    # No discarder given: the first go-around ends with North's first discard, so no seat
    # discards after North's first draw (turn 1) within it.
    with pytest.raises(InputError) as e:
        win(seat="N", turn=1, first_go_around=True)
    assert str(e.value) == (
        "seat N, ron, 'first_go_around' and 'turn' = 1: the first go-around ends with "
        "North's own first discard, so no seat discards after North's first draw in it"
    )
    win(seat="N", turn=0, first_go_around=True)  # before North's draw: East, South, West
    win(seat="W", turn=1, first_go_around=True)  # after West's draw: North discards


@pytest.mark.parametrize(("count", "accepted"), [(1, True), (5, True), (6, False), (7, False)])
def test_at_most_five_dora_indicators(count, accepted):
    # One indicator, plus one per kan: four kans at most, so five indicators.
    dora = "1m2m3m4m5m6m7m"[: 2 * count]
    if accepted:
        assert win(dora=dora).dora == dora
        return
    with pytest.raises(InputError) as e:
        win(dora=dora)
    assert str(e.value) == (
        f"field 'dora' = {dora!r} has {count} indicators; at most 5 (one, plus one per kan)"
    )


@pytest.mark.parametrize("derived", ["mask2", "suit_count", "tile_counts", "situational"])
def test_a_derived_fact_is_no_keyword_of_win(derived):
    # Derived from the tiles and the facts; a caller cannot set it.
    with pytest.raises(TypeError) as e:
        Win(concealed=(0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9), win_tile=0, **{derived: 1})
    assert str(e.value) == f"Win.__init__() got an unexpected keyword argument {derived!r}"


def test_a_winning_hand_file_may_take_64_kib_and_no_more():
    # site/guide/command-line.md "Input limits": a winning-hand JSON file, 64 KiB. Padding
    # after the object.
    body = json.dumps({"hand": HAND, "win": "3m"})
    at_cap = body + " " * (64 * 1024 - len(body))
    assert read_json(at_cap) == {"hand": HAND, "win": "3m"}
    with pytest.raises(InputError, match="more than the 65536 bytes"):
        read_json(at_cap + " ")
