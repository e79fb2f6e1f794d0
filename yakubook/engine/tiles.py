"""Tiles as ints 0..33 and the MPSZ notation.

0-8 are 1m..9m, 9-17 are 1p..9p, 18-26 are 1s..9s, 27-33 are 1z..7z (東南西北白發中).
A red five is an ordinary five for every structural purpose; only a count of red fives
travels alongside the tiles, because that is all scoring needs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from operator import add

from yakubook.bounded import quote
from yakubook.errors import InputError

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33

NUM_TILES = 34
SUITS = "mpsz"
WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (HAKU, HATSU, CHUN)
HONORS: tuple[int, ...] = WINDS + DRAGONS
TERMINALS: tuple[int, ...] = (0, 8, 9, 17, 18, 26)
YAOCHUU: tuple[int, ...] = TERMINALS + HONORS
FIVES: tuple[int, ...] = (4, 13, 22)
# 綠一色 tiles: 2s 3s 4s 6s 8s and 發.
GREEN: tuple[int, ...] = (19, 20, 21, 23, 25, HATSU)


def _mask(tiles: Iterable[int]) -> int:
    bits = 0
    for t in tiles:
        bits |= 1 << t
    return bits


# Bit masks over tile ids: predicates on a whole hand become one AND.
SUIT_MASKS: tuple[int, int, int] = (_mask(range(9)), _mask(range(9, 18)), _mask(range(18, 27)))
HONOR_MASK = _mask(HONORS)
TERMINAL_MASK = _mask(TERMINALS)
YAOCHUU_MASK = _mask(YAOCHUU)
GREEN_MASK = _mask(GREEN)
WIND_MASK = _mask(WINDS)
DRAGON_MASK = _mask(DRAGONS)

_HONOR_DIGITS = "1234567"
_WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


@dataclass(frozen=True, slots=True)
class TileList:
    """Parsed tiles in the order written, and how many of the fives were written as 0."""

    tiles: list[int]
    red: int


def suit(tile: int) -> str:
    """'m', 'p', 's' or 'z'."""
    return SUITS[tile // 9] if tile < 27 else "z"


def number(tile: int) -> int:
    """1-9 for number tiles, 1-7 for honors (1z = East ... 7z = Chun)."""
    return tile % 9 + 1 if tile < 27 else tile - 26


def is_honor(tile: int) -> bool:
    return tile >= 27


def is_terminal(tile: int) -> bool:
    """1 or 9 of a suit (honors are not terminals)."""
    return tile < 27 and tile % 9 in (0, 8)


def is_yaochuu(tile: int) -> bool:
    """Terminal or honor (么九牌)."""
    return tile >= 27 or tile % 9 in (0, 8)


def is_wind(tile: int) -> bool:
    return EAST <= tile <= NORTH


def is_dragon(tile: int) -> bool:
    return HAKU <= tile <= CHUN


def is_tile(value: object) -> bool:
    """True for an int tile id 0..33 (bools are rejected: they are ints by accident)."""
    return type(value) is int and 0 <= value < NUM_TILES


def check_tile(value: object, what: str = "tile") -> int:
    """Return value as a tile id or raise InputError naming it."""
    if not is_tile(value):
        raise InputError(f"{what} {quote(value)} is not a tile id (expected an int 0..33)")
    return value  # type: ignore[return-value]


def tile_name(tile: int) -> str:
    """MPSZ name of one tile: 0 -> '1m', 33 -> '7z'."""
    check_tile(tile)
    return f"{number(tile)}{suit(tile)}"


# Well-formed notation without whitespace, the usual input: parsed by table lookups with
# no loop per character; anything else (spaces, errors) takes the character loop below,
# which gives the error messages.
_PLAIN_NOTATION = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
# A group of digits and its suit letter.
_GROUP = re.compile(r"([0-9]+)([mpsz])")
_TILE_OF_DIGIT: dict[tuple[str, str], int] = {
    (str(n), letter): 9 * i + (4 if n == 0 else n - 1)
    for i, letter in enumerate("mps")
    for n in range(10)
} | {(str(n), "z"): 26 + n for n in range(1, 8)}
# Per suit letter, digit -> tile; and each tile written with its own letter ("5m").
_DIGITS_OF: dict[str, dict[str, int]] = {
    letter: {d: t for (d, of), t in _TILE_OF_DIGIT.items() if of == letter} for letter in SUITS
}
_SINGLE_TILE = {f"{d}{letter}": t for (d, letter), t in _TILE_OF_DIGIT.items()}
# Each byte as a digit (its place in a suit: 0 is the red five, the fifth) and as a suit
# letter (the suit's first tile); any other byte adds _NOT_A_TILE.
_NOT_A_TILE = 100
_PLACE_OF_DIGIT = bytes(
    (4 if b == ord("0") else b - ord("1")) if chr(b) in "0123456789" else _NOT_A_TILE
    for b in range(256)
)
_FIRST_OF_LETTER = bytes(
    9 * SUITS.index(chr(b)) if chr(b) in SUITS else _NOT_A_TILE for b in range(256)
)
# Text longer than any hand's notation takes the checked loop (kept short for the one
# regular expression that checks the whole text first).
_FAST_TEXT = 64


def parse_tiles(text: str) -> TileList:
    """Parse MPSZ notation such as ``123m406p789s1122z`` (order kept, 0 = red five).

    Whitespace may separate groups but not split a run of digits from its suit letter.
    """
    if type(text) is str:
        tiles = plain_tiles(text)
        if tiles is not None:
            return TileList(tiles, text.count("0"))
    return _parse_tiles_slowly(text)


def plain_tiles(text: str) -> list[int] | None:
    """The tiles of well-formed notation without whitespace (``_PLAIN_NOTATION``, at most
    ``_FAST_TEXT`` characters) in the order written, or None for any other text, which
    ``parse_tiles`` reads with the character loop (or refuses, naming the error). Its red
    fives are ``text.count("0")``. ``text`` must be a str."""
    if len(text) > _FAST_TEXT:
        return None
    # one letter per tile: a letter second (which grouped text seldom has) is worth a try
    if len(text) % 2 == 0 and text and text[1] in SUITS and text.isascii() and "0z" not in text:
        tiles = _one_letter_per_tile(text.encode())
        if tiles is not None:
            return tiles
    if not _PLAIN_NOTATION.fullmatch(text):
        return None
    tiles = []
    for digits, letter in _GROUP.findall(text):
        tiles += map(_DIGITS_OF[letter].__getitem__, digits)
    return tiles


def _one_letter_per_tile(raw: bytes) -> list[int] | None:
    """``1m2m3m…``, each digit followed by its suit letter (an even number of ASCII bytes
    holding no ``0z``), or None. The digits translate to their place in a suit and the
    letters to the suit's first tile, and each pair adds up to its tile, all in C loops; a
    byte out of its place translates to ``_NOT_A_TILE``, so it shows as a sum of 34 or
    more (``0z``, the one pair whose sum is a tile, is looked for by the caller)."""
    tiles = list(
        map(add, raw[::2].translate(_PLACE_OF_DIGIT), raw[1::2].translate(_FIRST_OF_LETTER))
    )
    return tiles if max(tiles) < NUM_TILES else None


def _parse_tiles_slowly(text: str) -> TileList:
    if not isinstance(text, str):
        raise InputError(f"tiles must be written as a string, got {quote(text)}")
    tiles = []
    red = 0
    digits: list[str] = []
    for ch in text:
        if ch.isdigit() and ch.isascii():
            digits.append(ch)
        elif ch in SUITS:
            if not digits:
                raise InputError(f"suit letter {quote(ch)} without digits in {quote(text)}")
            for d in digits:
                tile, is_red = _tile_of(d, ch, text)
                tiles.append(tile)
                red += is_red
            digits.clear()
        elif ch.isspace():
            if digits:
                raise InputError(
                    f"digits {quote(''.join(digits))} have no suit letter in {quote(text)}"
                )
        else:
            raise InputError(f"unknown character {quote(ch)} in tiles {quote(text)}")
    if digits:
        raise InputError(f"digits {quote(''.join(digits))} have no suit letter in {quote(text)}")
    if not tiles:
        raise InputError(f"no tiles in {quote(text)}")
    return TileList(tiles, red)


def _tile_of(digit: str, suit_letter: str, text: str) -> tuple[int, bool]:
    if suit_letter == "z":
        if digit not in _HONOR_DIGITS:
            raise InputError(f"unknown tile '{digit}z' in {quote(text)} (honors are 1z..7z)")
        return 26 + int(digit), False
    base = 9 * SUITS.index(suit_letter)
    if digit == "0":
        return base + 4, True
    return base + int(digit) - 1, False


def tile_from_str(text: str) -> int:
    """One tile in MPSZ ('5m', '0p' = red 5p as a plain 5p, '7z')."""
    tile = _SINGLE_TILE.get(text) if type(text) is str else None
    if tile is not None:
        return tile
    parsed = parse_tiles(text)
    if len(parsed.tiles) != 1:
        raise InputError(f"expected exactly one tile, got {quote(text)}")
    return parsed.tiles[0]


def wind_from_str(text: str) -> int:
    """A wind written as E/S/W/N or 1z..4z."""
    if isinstance(text, str) and text in _WIND_LETTERS:
        return _WIND_LETTERS[text]
    try:
        tile = tile_from_str(text)
    except InputError:
        tile = -1
    if not is_wind(tile):
        raise InputError(f"{quote(text)} is not a wind (use E, S, W, N or 1z..4z)")
    return tile


def wind_letter(tile: int) -> str:
    """'E', 'S', 'W' or 'N'."""
    if not is_wind(tile):
        raise InputError(f"tile {quote(tile)} is not a wind")
    return "ESWN"[tile - EAST]


def format_tiles(tiles: Iterable[int], red: int = 0) -> str:
    """Canonical MPSZ: sorted, grouped m, p, s, z; ``red`` of the fives written as 0.

    Only a count of reds is known, so they go to the first five of each suit in m, p, s
    order (a second red in a suit only once every suit with a five has one), and a
    red five is written just before the plain fives of its suit.
    """
    ordered = sorted(check_tile(t) for t in tiles)
    red_per_five = _assign_reds(ordered, red)
    groups: list[str] = []
    for s in range(4):
        lo, hi = 9 * s, (9 * s + 9 if s < 3 else NUM_TILES)
        digits = []
        for t in ordered:
            if lo <= t < hi:
                digits.append(str(number(t)))
        if t_red := red_per_five.get(lo + 4, 0):
            first_five = digits.index("5")
            digits[first_five : first_five + t_red] = ["0"] * t_red
        if digits:
            groups.append("".join(digits) + SUITS[s])
    return "".join(groups)


def _assign_reds(ordered: list[int], red: int) -> dict[int, int]:
    if type(red) is not int or red < 0:
        raise InputError(f"red five count must be a non-negative int, got {quote(red)}")
    available = {five: ordered.count(five) for five in FIVES}
    if red > sum(available.values()):
        raise InputError(f"{red} red fives but only {sum(available.values())} fives in the tiles")
    assigned = dict.fromkeys(FIVES, 0)
    left = red
    while left:
        for five in FIVES:
            if left and assigned[five] < available[five]:
                assigned[five] += 1
                left -= 1
    return assigned
