from __future__ import annotations

import pytest

from yakubook.engine.tiles import (
    CHUN,
    EAST,
    HAKU,
    HATSU,
    NORTH,
    SOUTH,
    WEST,
    format_tiles,
    is_dragon,
    is_honor,
    is_terminal,
    is_wind,
    is_yaochuu,
    number,
    parse_tiles,
    suit,
    tile_from_str,
    tile_name,
    wind_from_str,
    wind_letter,
)
from yakubook.errors import InputError


def test_tile_ids_follow_the_contract() -> None:
    assert [tile_from_str(s) for s in ("1m", "9m", "1p", "9p", "1s", "9s")] == [0, 8, 9, 17, 18, 26]
    assert [tile_from_str(f"{n}z") for n in range(1, 8)] == [
        EAST,
        SOUTH,
        WEST,
        NORTH,
        HAKU,
        HATSU,
        CHUN,
    ]
    assert (EAST, CHUN) == (27, 33)


def test_helpers() -> None:
    assert [suit(t) for t in (0, 9, 18, 27)] == ["m", "p", "s", "z"]
    assert [number(t) for t in (4, 17, 27, 33)] == [5, 9, 1, 7]
    assert is_honor(EAST) and not is_honor(26)
    assert is_terminal(0) and is_terminal(26) and not is_terminal(EAST) and not is_terminal(4)
    assert is_yaochuu(EAST) and is_yaochuu(9) and not is_yaochuu(10)
    assert is_wind(NORTH) and not is_wind(HAKU)
    assert is_dragon(HAKU) and is_dragon(CHUN) and not is_dragon(NORTH)
    assert tile_name(0) == "1m" and tile_name(33) == "7z"


def test_parse_keeps_order_and_counts_red() -> None:
    parsed = parse_tiles("3m12m0p55p7z")
    assert parsed.tiles == [2, 0, 1, 13, 13, 13, 33]
    assert parsed.red == 1


def test_red_five_is_a_five() -> None:
    assert tile_from_str("0s") == tile_from_str("5s") == 22


def test_format_is_canonical() -> None:
    assert format_tiles([33, 0, 9, 1, 27]) == "12m1p17z"
    assert format_tiles([4, 4, 13, 22, 22], red=2) == "05m0p55s"
    assert format_tiles([4, 4, 22], red=3) == "00m0s"
    assert format_tiles([3, 4, 5, 4], red=1) == "4056m"


@pytest.mark.parametrize(
    "text",
    ["123m456p789s1122z", "1m", "0m", "055m0p0s", "1234567z", "11112222333344m"],
)
def test_round_trip(text: str) -> None:
    parsed = parse_tiles(text)
    assert format_tiles(parsed.tiles, parsed.red) == text


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("0z", "'0z'"),
        ("8z", "'8z'"),
        ("9z", "'9z'"),
        ("123", "'123'"),
        ("12m3", "'3'"),
        ("", "no tiles"),
        ("   ", "no tiles"),
        ("m", "'m'"),
        ("12x", "'x'"),
        ("12M", "'M'"),
        ("1 2m", "'1'"),
        ("１m", "'１'"),
    ],
)
def test_bad_notation(text: str, needle: str) -> None:
    with pytest.raises(InputError, match=needle):
        parse_tiles(text)


def test_bad_values() -> None:
    with pytest.raises(InputError, match="not a tile id"):
        tile_name(34)
    with pytest.raises(InputError, match="exactly one tile"):
        tile_from_str("12m")
    with pytest.raises(InputError, match="red fives"):
        format_tiles([0, 1, 2], red=1)
    with pytest.raises(InputError, match="not a tile id"):
        format_tiles([True])  # type: ignore[list-item]
    with pytest.raises(InputError):
        parse_tiles(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["10m", "10p", "10s", "11m", "05p", "00s", "55z"])
def test_one_tile_is_one_digit_and_its_letter(text: str) -> None:
    # Two digits and a letter are two tiles ("10m" is 1m and a red 5m), never one: a win
    # tile written so is refused, not read as some other tile.
    with pytest.raises(InputError, match="exactly one tile"):
        tile_from_str(text)


def test_winds() -> None:
    assert [wind_from_str(w) for w in "ESWN"] == [EAST, SOUTH, WEST, NORTH]
    assert wind_from_str("2z") == SOUTH
    for bad in ("5z", "X", "", "e"):
        with pytest.raises(InputError, match="not a wind"):
            wind_from_str(bad)


def test_one_tile_may_stand_between_whitespace() -> None:
    # WIN_FORMAT.md: whitespace may separate groups, so " 5m" names the tile 5m too.
    assert tile_from_str(" 5m") == tile_from_str("5m ") == tile_from_str("5m") == 4
    assert tile_from_str("7z\n") == CHUN


def test_wind_letter_refuses_a_tile_that_is_no_wind() -> None:
    assert [wind_letter(w) for w in (EAST, SOUTH, WEST, NORTH)] == list("ESWN")
    for bad in (0, HAKU):
        with pytest.raises(InputError) as e:
            wind_letter(bad)
        assert str(e.value) == f"tile {bad} is not a wind"


@pytest.mark.parametrize("red", [-1, True, 1.0])
def test_format_tiles_refuses_a_red_count_that_is_no_count(red: object) -> None:
    with pytest.raises(InputError) as e:
        format_tiles([4, 4], red=red)  # type: ignore[arg-type]
    assert str(e.value) == f"red five count must be a non-negative int, got {red!r}"
