"""HandView: what a predicate body sees — one winning hand under one interpretation.

Features are computed once per view (lazily) so that ~150 bodies looking at the same hand
share the work: tile counts, suits, triplets, sequences, the pair, the wait, and the
standard yaku of the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from operator import mul
from typing import TYPE_CHECKING, Any, TypeVar

from yakubook.engine import standard
from yakubook.engine.decompose import Block, Interpretation
from yakubook.engine.tiles import HONOR_MASK, SUIT_MASKS
from yakubook.engine.win import Win

K = TypeVar("K")
T = TypeVar("T")
MAN, PIN, SOU = 0, 9, 18
_SUIT_BASE = {"m": MAN, "p": PIN, "s": SOU}
_NUMBERS = range(1, 10)
_TRIPLET_LIKE = ("triplet", "quad")  # Block.is_triplet_like's kinds


def tiles_mask(*groups: str) -> int:
    """Bit mask of tiles written in MPSZ notation, e.g. tiles_mask("234568s", "7z")."""
    from yakubook.engine.tiles import parse_tiles

    mask = 0
    for g in groups:
        for t in parse_tiles(g).tiles:
            mask |= 1 << t
    return mask


def per_hand(fn: Callable[[K], T]) -> Callable[[K], T]:
    """``fn`` of a Win (or of one of its tuples, such as its concealed counts), worked out
    once per hand instead of once per reading: the answer for the last object it was
    asked about is kept and given again for that very object.

    For what bodies read of the hand alone (the tiles it waited on, its number sums):
    ``evaluate`` runs the live bodies on every reading of one Win in turn, so consecutive
    calls get the same object. The key is the object, not its value (no hashing, one
    ``is``); a Win and its tuples never change, and the kept reference stops the id from
    being reused. One entry: memory does not grow with the hands evaluated."""
    last: list[tuple[Any, Any]] = [(None, None)]

    @wraps(fn)
    def once(win: K) -> T:
        seen, answer = last[0]  # one tuple, replaced whole: no thread sees half of one
        if seen is win:
            return answer
        answer = fn(win)
        last[0] = (win, answer)
        return answer

    return once


@per_hand
def _suit_number_sums(win: Win) -> tuple[int, ...]:
    """Per suit (man, pin, sou), the sum of the numbers on its tiles."""
    c = win.tile_counts
    return tuple([sum(map(mul, c[base : base + 9], _NUMBERS)) for base in (MAN, PIN, SOU)])


if TYPE_CHECKING:  # typed as what it stands in for
    from functools import cached_property as _cached
else:

    class _cached:
        """``functools.cached_property`` without the lock Python 3.11's takes on every first
        read (3.12 dropped it): the method's answer is stored in the instance's ``__dict__``
        under its name, where later reads find it without calling anything. A view belongs
        to one thread (evaluate makes it), so there is nothing to lock."""

        def __init__(self, fn: Callable[[Any], Any]) -> None:
            self.fn = fn
            self.name = fn.__name__
            self.__doc__ = fn.__doc__

        def __set_name__(self, owner: type, name: str) -> None:
            self.name = name

        def __get__(self, obj: Any, owner: type | None = None) -> Any:
            if obj is None:
                return self
            value = obj.__dict__[self.name] = self.fn(obj)
            return value


class HandView:
    """A winning hand read one way. Bodies receive it as their ``win`` argument."""

    def __init__(self, win: Win, interp: Interpretation) -> None:
        self.win = win
        self.interp = interp

    # -- the hand as tiles ---------------------------------------------------------------

    @property
    def counts(self) -> tuple[int, ...]:
        return self.win.tile_counts

    @property
    def mask(self) -> int:
        return self.win.tile_mask

    def only(self, mask: int) -> bool:
        """Every tile of the hand is in ``mask``."""
        return self.win.tile_mask & ~mask == 0

    def has(self, tile: int) -> bool:
        return self.win.tile_counts[tile] > 0

    @_cached
    def suits(self) -> frozenset[str]:
        """Number suits present ('m', 'p', 's')."""
        return frozenset(s for s, m in zip("mps", SUIT_MASKS, strict=False) if self.mask & m)

    @property
    def has_honors(self) -> bool:
        return bool(self.mask & HONOR_MASK)

    @property
    def is_open(self) -> bool:
        return not self.win.is_closed

    @property
    def menzen(self) -> bool:
        return self.win.is_closed

    @property
    def kind(self) -> str:
        return self.interp.kind

    # -- the hand as blocks --------------------------------------------------------------

    @property
    def blocks(self) -> tuple[Block, ...]:
        return self.interp.blocks

    @_cached
    def triplets(self) -> tuple[int, ...]:
        """Tiles of the triplets and quads (sets of three or four identical tiles)."""
        # A list, not a generator, and the kind test written out (Block.is_triplet_like):
        # features are read on every reading of every hand.
        return tuple(sorted([b.tile for b in self.interp.blocks if b.kind in _TRIPLET_LIKE]))

    @_cached
    def concealed_triplets(self) -> tuple[int, ...]:
        return tuple(
            sorted(
                b.tile
                for i, b in enumerate(self.interp.blocks)
                if self.interp.is_concealed_triplet(i)
            )
        )

    @_cached
    def quads(self) -> tuple[int, ...]:
        return tuple(sorted([b.tile for b in self.interp.blocks if b.kind == "quad"]))

    @_cached
    def concealed_quads(self) -> tuple[int, ...]:
        """Tiles of the ankan."""
        return tuple(sorted(m.tiles[0] for m in self.win.melds if m.kind == "ankan"))

    @_cached
    def sequences(self) -> tuple[int, ...]:
        """Lowest tile of each sequence."""
        return tuple(sorted([b.tile for b in self.interp.blocks if b.kind == "sequence"]))

    @_cached
    def pairs(self) -> tuple[int, ...]:
        return tuple(sorted([b.tile for b in self.interp.blocks if b.kind == "pair"]))

    @property
    def pair(self) -> int | None:
        p = self.interp.pair
        return p.tile if p is not None else None

    @property
    def wait(self) -> str:
        return self.interp.wait

    @property
    def win_tile(self) -> int:
        return self.win.win_tile

    @property
    def winning_block(self) -> Block:
        return self.interp.winning_block

    @property
    def standard_shape(self) -> bool:
        return self.interp.kind == "standard"

    # -- standard yaku -------------------------------------------------------------------

    def std(self, name: str) -> bool:
        """Whether the standard yaku ``name`` (see yakubook/engine/standard.py) holds."""
        cache = self.__dict__.setdefault("_std", {})
        if name not in cache:
            cache[name] = bool(standard.STANDARD_YAKU[name](self.win, self.interp))
        return cache[name]

    def number_sum(self, suit_letter: str | None = None) -> int:
        """Sum of the numbers on the number tiles (of one suit, or all)."""
        if suit_letter is None:
            return self.win.number_total
        base = _SUIT_BASE.get(suit_letter)
        if base is None:  # honors ("z") or no suit: no numbers
            return 0
        return _suit_number_sums(self.win)[base // 9]
