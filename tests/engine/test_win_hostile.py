"""Win's checks of malformed input not reached elsewhere: each feeds the bad value and
asserts the exact message (WIN_FORMAT.md: every malformed win is an InputError naming
the field)."""

from __future__ import annotations

from typing import Any

import pytest

from yakubook.engine.melds import parse_meld
from yakubook.engine.win import Win, read_json
from yakubook.errors import InputError

BASE = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}
HAND = "11123455678999m"


# (rule, Win.make's arguments, the exact message)
MAKE_REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("melds as one string", {"melds": "pon 777z"},
     "melds must be a list of strings like 'pon 777z', got 'pon 777z'"),
    ("unhashable declarations", {"declarations": [["no_calls"]]},
     "field 'declarations' = [['no_calls']]: a set of names like 'no_calls'"),
    ("turn not an integer", {"turn": 1.5}, "field 'turn' must be null or an integer, got 1.5"),
    ("called pairs beside a meld", {**BASE, "called_pairs": 1},
     "field 'called_pairs' = 1: 0 to 6 pairs of a seven-pairs hand, with no meld"),
    ("dora not a string", {"dora": 3}, "field 'dora' must be a string of tiles like '3m7z', got 3"),
]


@pytest.mark.parametrize(
    ("given", "message"), [row[1:] for row in MAKE_REFUSALS], ids=[row[0] for row in MAKE_REFUSALS]
)
def test_make_refuses_with_the_exact_message(given: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as e:
        Win.make(**{"hand": HAND, "win": "5m", **given})
    assert str(e.value) == message


def test_direct_construction_refuses_melds_given_as_one_string() -> None:
    with pytest.raises(InputError) as e:
        Win(concealed=(0,) * 11, win_tile=0, melds="pon 777z")  # type: ignore[arg-type]
    assert str(e.value) == "melds must be a tuple of Meld, got 'pon 777z'"


def test_direct_construction_takes_a_list_of_melds_as_a_tuple() -> None:
    pon = parse_meld("pon 777z")
    win = Win(concealed=(0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27), win_tile=27, melds=[pon])
    assert win.melds == (pon,) and type(win.melds) is tuple


def test_json_declarations_must_be_a_list() -> None:
    with pytest.raises(InputError) as e:
        Win.from_json({**BASE, "declarations": "no_calls"})
    assert str(e.value) == "key 'declarations' must be a list of strings, got 'no_calls'"


def test_read_json_refuses_broken_json() -> None:
    with pytest.raises(InputError) as e:
        read_json('{"hand": ')
    assert str(e.value).startswith("not valid JSON: ")


def test_an_overlong_key_is_refused_before_it_is_quoted() -> None:
    with pytest.raises(InputError) as e:
        Win.from_json({**BASE, "x" * 41: 1})
    assert str(e.value) == "a key of 41 characters; no key of a win is longer than 40"
    # 40 characters is within the cap: then it is just an unknown key.
    with pytest.raises(InputError, match=r"unknown key 'x{40}'"):
        Win.from_json({**BASE, "x" * 40: 1})


def test_a_float_value_is_the_wrong_type() -> None:
    with pytest.raises(InputError) as e:
        Win.from_json({**BASE, "honba": 1.5})
    assert str(e.value) == "key 'honba' has the wrong type: 1.5"


@pytest.mark.parametrize(
    "extra",
    [
        {"tsumo": True, "honba": 1.5, "flowers": "2"},
        {"honba": 1.5, "flowers": "2", "tsumo": True},
    ],
)
def test_the_first_wrong_key_in_field_order_is_named(extra: dict[str, Any]) -> None:
    # 'flowers' comes before 'honba' among Win's fields, whatever the JSON's order.
    with pytest.raises(InputError) as e:
        Win.from_json({**BASE, **extra})
    assert str(e.value) == "key 'flowers' has the wrong type: '2'"


def test_a_wrong_tile_count_names_the_tiles_found_melds_included() -> None:
    # 10 concealed tiles and a pon: 13 tiles where 14 are needed; with a kan, 14 of 15.
    with pytest.raises(InputError) as e:
        Win.make("123m456p78s11z", "1z", melds=["pon 777z"])
    assert str(e.value) == (
        "hand 123m456p78s11z has 10 concealed tiles; with 1 meld(s) it needs 11 "
        "(14 tiles in all with 0 quad(s), found 13)"
    )
    with pytest.raises(InputError, match=r"\(15 tiles in all with 1 quad\(s\), found 14\)$"):
        Win.make("123m456p78s11z", "1z", melds=["kan 7777z"])


@pytest.mark.parametrize(
    ("name", "value"),
    [("discarder", "next"), ("discarder_riichi", "declaring"),
     ("discarder_riichi", "riichi"), ("discarder_forced", True), ("discarder_kans", 1),
     ("discarder_rinshan", True), ("discarder_broke_ippatsu", True)],
)
def test_a_fact_of_the_discarder_needs_a_ron(name: str, value: object) -> None:
    # WIN_FORMAT.md: the discarder's facts describe a claimed discard; a tsumo has none.
    with pytest.raises(InputError) as e:
        Win.make(HAND, "5m", riichi="riichi", tsumo=True, **{name: value})
    assert str(e.value) == f"field {name!r} describes a claimed discard: it needs a ron win"
