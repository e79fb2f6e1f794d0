from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from yakubook.engine.melds import parse_meld
from yakubook.engine.tiles import EAST, SOUTH, WEST
from yakubook.engine.win import JSON_KEYS, Win
from yakubook.errors import InputError

BASE = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}


def test_from_json_example() -> None:
    win = Win.from_json({**BASE, "tsumo": True, "seat": "S", "round": "E", "riichi": "none"})
    assert win.concealed == (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27)
    assert win.win_tile == EAST
    assert win.melds == (parse_meld("pon 777z"),)
    assert win.tsumo and win.seat_wind == SOUTH and win.round_wind == EAST
    assert not win.dealer and not win.is_closed
    assert win.tile_counts[33] == 3 and win.concealed_counts[33] == 0
    assert win.quads == 0


def test_json_round_trip_with_every_field() -> None:
    obj: dict[str, Any] = {
        "hand": "123055m99s",
        "win": "5m",
        "melds": ["ankan 1111z", "ankan 0555s"],
        "tsumo": True,
        "seat": "W",
        "round": "S",
        "riichi": "double",
        "ippatsu": True,
        "turn": 3,
        "haitei": False,
        "rinshan": True,
        "consecutive_kans": 1,
        "visible_copies": 1,
        "flowers": 2,
        "dealer_streak": 4,
        "honba": 2,
        "declarations": ["single_wait", "no_calls"],
    }
    win = Win.from_json(obj)
    assert win.red == 1 and win.total_red == 2 and win.seat_wind == WEST
    assert win.declarations == frozenset({"no_calls", "single_wait"})
    again = Win.from_json(json.loads(json.dumps(win.to_json())))
    assert again == win
    assert win.to_json()["declarations"] == ["no_calls", "single_wait"]


def test_defaults_are_omitted_from_json() -> None:
    assert Win.make("11123455678999m", "5m").to_json() == {"hand": "11123455678999m", "win": "5m"}


def test_make_and_from_json_agree() -> None:
    made = Win.make("123m456p789s11z", "1z", melds=["pon 777z"], tsumo=True, seat_wind="S")
    assert made == Win.from_json({**BASE, "tsumo": True, "seat": "S"})
    assert made == Win.from_json(made.to_json())


def test_concealed_is_stored_sorted() -> None:
    a = Win.make("11z789s456p123m", "1z", melds=["pon 777z"])
    b = Win.make("123m456p789s11z", "1z", melds=["pon 777z"])
    assert a == b and hash(a) == hash(b)


def test_dealer_follows_the_seat() -> None:
    assert Win.make("11123455678999m", "5m").dealer
    assert not Win.make("11123455678999m", "5m", seat_wind="N").dealer


def test_replace_revalidates() -> None:
    win = Win.make("11123455678999m", "5m")
    assert dataclasses.replace(win, tsumo=True).tsumo
    with pytest.raises(InputError, match="winning tile 7z"):
        dataclasses.replace(win, win_tile=33)


# -- the error cases, each naming what is wrong -------------------------------------------


@pytest.mark.parametrize(
    ("obj", "needle"),
    [
        ({**BASE, "hand": "123m456p789s18z"}, "'8z'"),
        ({**BASE, "win": "0z"}, "'0z'"),
        ({**BASE, "melds": ["pon 999z"]}, "'9z'"),
        ({"hand": "1111m456p789s1z", "win": "1z", "melds": ["pon 111m"]}, "tile 1m appears 7"),
        (
            {"hand": "1m456p789s1z", "win": "1z", "melds": ["chi 123m", "kan 1111m"]},
            "tile 1m appears 6",
        ),
        (
            {"hand": "123m456p789s11222z", "win": "1z", "melds": ["kan 7777z"]},
            "has 14 concealed tiles; with 1 meld.* needs 11 .*15 tiles in all with 1 quad",
        ),
        ({"hand": "123m456p789s1z", "win": "1z", "melds": ["kan 7777z"]}, "has 10 concealed"),
        ({"hand": "123m456p789s11z", "win": "1z", "melds": []}, "has 11 concealed tiles"),
        ({**BASE, "win": "9m"}, "winning tile 9m is not among"),
        ({**BASE, "tsumoo": True}, "unknown key 'tsumoo'"),
        ({**BASE, "red": 1}, "unknown key 'red'"),
        ({**BASE, "riichi": "riichi"}, "open meld 'pon 777z'"),
        ({**BASE, "riichi": "maybe"}, "'riichi'"),
        ({**BASE, "tsumo": "yes"}, "'tsumo'"),
        ({**BASE, "turn": True}, "'turn'"),
        ({**BASE, "honba": -1}, "'honba'"),
        ({**BASE, "seat": "X"}, "'X' is not a wind"),
        ({**BASE, "melds": "pon 777z"}, "'melds'"),
        ({**BASE, "melds": [7]}, "7"),
        ({**BASE, "declarations": ["riichi"]}, "'declarations'"),
        ({**BASE, "ippatsu": True}, "'ippatsu' needs a riichi"),
        ({**BASE, "haitei": True}, "'haitei' needs a tsumo"),
        ({**BASE, "tsumo": True, "houtei": True}, "'houtei' needs a ron"),
        ({**BASE, "tsumo": True, "chankan": True}, "'chankan' needs a ron"),
        ({**BASE, "tsumo": True, "rinshan": True}, "'rinshan' needs a kan"),
        ({**BASE, "first_go_around": True}, "'first_go_around' with the meld 'pon 777z'"),
        ({**BASE, "visible_copies": 3}, "only 2 other 1z"),
        ({"win": "1z"}, "required key 'hand'"),
        ({"hand": "123m456p789s11z"}, "required key 'win'"),
        ([], "JSON object"),
    ],
)
def test_bad_json(obj: Any, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        Win.from_json(obj)


def test_bad_direct_construction() -> None:
    with pytest.raises(InputError, match="not a tile id"):
        Win(concealed=(0, 1, 2, 99), win_tile=0)
    with pytest.raises(InputError, match="winning tile"):
        Win(concealed=(0,) * 14, win_tile=-1)
    with pytest.raises(InputError, match="5 melds"):
        Win(concealed=(0,), win_tile=0, melds=(parse_meld("chi 123p"),) * 5)
    with pytest.raises(InputError, match="not a Meld"):
        Win(concealed=(0,) * 11, win_tile=0, melds=("pon 777z",))  # type: ignore[arg-type]
    with pytest.raises(InputError, match="seat_wind"):
        Win.make("11123455678999m", "5m", seat_wind=31)
    with pytest.raises(InputError, match="red fives"):
        Win.make("11123455678999m", "5m", red=3)
    with pytest.raises(InputError, match="unknown Win field 'tsumoo'"):
        Win.make("11123455678999m", "5m", tsumoo=True)
    with pytest.raises(InputError, match="concealed tiles must be"):
        Win(concealed="123m", win_tile=0)  # type: ignore[arg-type]


def test_ankan_keeps_riichi_legal() -> None:
    win = Win.make(
        "123m456p789s11z",
        "1z",
        melds=["ankan 7777z"],
        riichi="riichi",
        tsumo=True,
        rinshan=True,
        consecutive_kans=1,
    )
    assert win.is_closed and win.quads == 1
    with pytest.raises(InputError, match="consecutive_kans"):
        Win.make(
            "123m456p789s11z",
            "1z",
            melds=["ankan 7777z"],
            tsumo=True,
            rinshan=True,
            consecutive_kans=2,
        )


def test_format_document_matches_the_code() -> None:
    engine = Path(__file__).resolve().parents[2] / "yakubook" / "engine"
    doc = (engine / "WIN_FORMAT.md").read_text("utf-8")
    example = doc.split("```json", 1)[1].split("```", 1)[0]
    assert Win.from_json(json.loads(example)).seat_wind == SOUTH
    documented = set(re.findall(r"^\| `(\w+)` \|", doc, flags=re.MULTILINE))
    assert documented == set(JSON_KEYS)


def test_a_tile_id_past_the_last_tile_is_refused_in_a_tile_tuple():
    # 34 and above are no tiles, also on the sorted-tuple fast path of Win().
    for bad in (34, 35, 99):
        with pytest.raises(InputError):
            Win(concealed=(0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, bad), win_tile=0)


def test_robbed_flower_needs_exactly_seven_flowers():
    hand = {"hand": "123m456p789s11122z", "win": "1z"}
    assert Win.from_json({**hand, "flowers": 7, "robbed_flower": True}).robbed_flower
    for flowers in (6, 8):
        with pytest.raises(InputError, match="robbed_flower"):
            Win.from_json({**hand, "flowers": flowers, "robbed_flower": True})


def test_ura_indicators_are_read_from_a_json_string() -> None:
    # 'ura' is a string of tiles like 'dora'; 'visible_copies' an integer, never null.
    closed = {"hand": "123m456p789s11z222z", "win": "1z", "riichi": "riichi"}
    win = Win.from_json({**closed, "dora": "1m", "ura": "2p"})
    assert win.ura == "2p"
    with pytest.raises(InputError, match="'visible_copies' has the wrong type"):
        Win.from_json({**BASE, "visible_copies": None})


def test_an_unknown_keyword_to_win_is_named_in_the_type_error() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Win(concealed=(0,) * 14, win_tile=0, colour=1)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("hand", "melds", "total"),
    [
        ("123m406p789s11z222z", [], 1),  # one red five in the hand
        ("123m456p789s11z", ["pon 505m"], 1),  # one in a meld, none in the hand
        ("123m406p789s11z", ["pon 505m"], 2),  # one in each
        ("123m406p789s11z", ["pon 550m"], 2),  # the same, the red five written last
        ("123m406p11z", ["pon 505m", "kan 0550s"], 4),  # one in the hand, three in melds
    ],
)
def test_total_red_counts_the_red_fives_of_the_hand_and_of_every_meld(
    hand: str, melds: list[str], total: int
) -> None:
    assert Win.make(hand, "1z", melds=melds).total_red == total


@pytest.mark.parametrize("bad", [True, 1.0])
def test_concealed_tiles_must_be_ints_not_bools_or_floats(bad: object) -> None:
    # True and 1.0 compare like 1 (2m) but are not tile ids.
    tiles = (0, 0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, bad)
    with pytest.raises(InputError) as e:
        Win(concealed=tiles, win_tile=0)  # type: ignore[arg-type]
    assert str(e.value) == f"tile {bad!r} is not a tile id (expected an int 0..33)"


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (4, None),  # four chi of 123m and the 1z pair: a hand
        (5, "5 melds: a hand has at most 4"),
        (16, "16 melds: a hand has at most 4"),  # the longest list a win's JSON may hold
        (17, "key 'melds': a list of 17 items is too long"),
        (40, "key 'melds': a list of 40 items is too long"),
    ],
)
def test_a_json_list_holds_at_most_16_items(count: int, message: str | None) -> None:
    obj = {"hand": "11z", "win": "1z", "melds": ["chi 123m"] * count}
    if message is None:
        assert len(Win.from_json(obj).melds) == count
        return
    with pytest.raises(InputError) as e:
        Win.from_json(obj)
    assert str(e.value) == message


def test_a_tsumo_only_vow_without_a_riichi_is_refused_when_read_from_json_text() -> None:
    # json.loads builds a new "none" string, not the interned default: the check compares
    # the value, so the explicit "riichi": "none" is refused like the default one.
    text = (
        '{"hand": "123m456p789s11z222z", "win": "1z", "tsumo": true, "riichi": "none", '
        '"declarations": ["tsumo_only"]}'
    )
    with pytest.raises(InputError) as e:
        Win.from_json(json.loads(text))
    assert str(e.value) == "field 'declarations': 'tsumo_only' is declared with a riichi"


@pytest.mark.parametrize(
    ("hand", "melds", "total"),
    [
        ("123m456p789s11z222z", [], 45),  # each number once: 1 + 2 + … + 9
        ("111m999p555s11z222z", [], 3 + 27 + 15),  # triplets count each tile
        ("11z", ["chi 123m", "pon 999p", "kan 5555s", "ankan 7777z"], 6 + 27 + 20),
    ],
)
def test_number_total_sums_the_numbers_of_every_number_tile(
    hand: str, melds: list[str], total: int
) -> None:
    assert Win.make(hand, "1z", melds=melds).number_total == total
