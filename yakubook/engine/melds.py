"""Declared melds: ``chi 123m``, ``pon 777z``, ``kan 5555s``, ``ankan 1111p``, ``kakan 2222m``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from yakubook.bounded import quote
from yakubook.engine import kept
from yakubook.engine.tiles import NUM_TILES, check_tile, format_tiles, is_honor, parse_tiles
from yakubook.errors import InputError

MELD_KINDS: tuple[str, ...] = ("chi", "pon", "kan", "ankan", "kakan")
QUAD_KINDS = frozenset({"kan", "ankan", "kakan"})
_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}
_INTS = frozenset({int})


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set. ``kan`` is an open daiminkan, ``kakan`` an added kan.

    ``tiles`` is stored sorted; ``red`` counts the fives in it written as 0.
    """

    kind: str
    tiles: tuple[int, ...]
    red: int = 0

    def __post_init__(self) -> None:
        if self.kind not in _SIZES:
            raise InputError(f"unknown meld kind {quote(self.kind)} (use {', '.join(MELD_KINDS)})")
        if not isinstance(self.tiles, (tuple, list)):
            raise InputError(f"meld tiles must be a tuple of tile ids, got {quote(self.tiles)}")
        tiles = tuple(sorted(self.tiles)) if set(map(type, self.tiles)) <= _INTS else ()
        if not (tiles and tiles[0] >= 0 and tiles[-1] < NUM_TILES):
            tiles = tuple(sorted(check_tile(t, "meld tile") for t in self.tiles))
        object.__setattr__(self, "tiles", tiles)
        _check_shape(self.kind, tiles)
        fives = sum(1 for t in tiles if t < 27 and t % 9 == 4)
        if type(self.red) is not int or not 0 <= self.red <= fives:
            raise InputError(
                f"meld {self.kind} {format_tiles(tiles)}: red count {quote(self.red)} "
                f"but it holds {fives} five(s)"
            )

    @property
    def is_open(self) -> bool:
        """Called from a discard: every kind except ankan."""
        return self.kind != "ankan"

    @property
    def is_quad(self) -> bool:
        return self.kind in QUAD_KINDS

    @property
    def is_sequence(self) -> bool:
        return self.kind == "chi"

    @property
    def is_triplet_like(self) -> bool:
        """Pon or any kan: the yaku that count triplets count quads too."""
        return self.kind != "chi"

    @property
    def tile(self) -> int:
        """The lowest tile (the tile itself for pon and kan)."""
        return self.tiles[0]

    def __str__(self) -> str:
        return format_meld(self)


def _check_shape(kind: str, tiles: tuple[int, ...]) -> None:
    size = _SIZES[kind]
    if len(tiles) != size:
        raise InputError(f"meld {quote(_shown(kind, tiles))} needs {size} tiles, has {len(tiles)}")
    first = tiles[0]
    if kind == "chi":
        if is_honor(first) or first % 9 > 6 or tiles != (first, first + 1, first + 2):
            raise InputError(
                f"meld {quote(_shown(kind, tiles))} is not a chi: it needs three consecutive tiles "
                "of one suit"
            )
    elif tiles.count(first) != size:
        raise InputError(
            f"meld {quote(_shown(kind, tiles))} is not a {kind}: it needs {size} copies of one tile"
        )


def _shown(kind: str, tiles: tuple[int, ...]) -> str:
    return f"{kind} {format_tiles(tiles)}" if tiles else kind


def parse_meld(text: str) -> Meld:
    """Parse ``"<kind> <tiles>"``, e.g. ``"chi 3m4m5m"``, ``"pon 777z"``, ``"kan 0555s"``."""
    if type(text) is str:
        return _parse_meld_text(text)
    return _parse_meld(text)


# Meld notations recur (a few hundred melds, each in a few spellings) and a Meld is
# immutable, so a bounded cache hands out the same object for the same text.
@kept.cache
@lru_cache(maxsize=512)
def _parse_meld_text(text: str) -> Meld:
    return _parse_meld(text)


def _parse_meld(text: str) -> Meld:
    if not isinstance(text, str):
        raise InputError(f"a meld must be written as a string like 'pon 777z', got {quote(text)}")
    parts = text.split()
    if len(parts) != 2:
        raise InputError(f"meld {quote(text)} should look like 'pon 777z' (kind, space, tiles)")
    kind, notation = parts
    if kind not in _SIZES:
        raise InputError(
            f"unknown meld kind {quote(kind)} in {quote(text)} (use {', '.join(MELD_KINDS)})"
        )
    try:
        parsed = parse_tiles(notation)
    except InputError as exc:
        raise InputError(f"meld {quote(text)}: {exc}") from None
    return Meld(kind, tuple(parsed.tiles), parsed.red)


def format_meld(meld: Meld) -> str:
    """Inverse of parse_meld, canonical (``chi 406m`` comes back as ``chi 406m``)."""
    return f"{meld.kind} {format_tiles(meld.tiles, meld.red)}"
