"""Every way to read a winning hand: blocks, which block the winning tile completed, the wait.

Built-in shapes are the standard hand (four sets and a pair), seven pairs and thirteen
orphans; other modules add irregular shapes with ``register_shape``. The structural part
(how the concealed tiles split into blocks) depends only on tile counts, suit by suit: a
table made once at import holds every split of a suit into at most four sets (2,869
patterns), and a suit holding the pair is looked up once per tile that could be the pair.
Nothing is cached per hand, so memory stays flat however many hands are seen.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from yakubook.engine import _accel
from yakubook.engine.melds import MELD_KINDS, QUAD_KINDS, Meld
from yakubook.engine.tiles import YAOCHUU
from yakubook.engine.win import Win

BLOCK_KINDS: tuple[str, ...] = ("sequence", "triplet", "quad", "pair", "single")
BUILTIN_KINDS: tuple[str, ...] = ("standard", "chiitoitsu", "kokushi")
WAITS: tuple[str, ...] = (
    "ryanmen",
    "kanchan",
    "penchan",
    "tanki",
    "shanpon",
    "kokushi",
    "kokushi13",
    "other",
)
_SIZE = {"sequence": 3, "triplet": 3, "quad": 4, "pair": 2, "single": 1}
_RANK = {kind: i for i, kind in enumerate(BLOCK_KINDS)}

# A shape as found in the tile counts: (kind, lowest tile) per block, sorted.
Shape = tuple[tuple[str, int], ...]
ShapeFinder = Callable[[Win, tuple[int, ...]], Iterable["Interpretation"]]


class Block(NamedTuple):
    """One group of an interpretation. ``tile`` is the lowest tile.

    ``single`` exists for shapes made of lone tiles (thirteen orphans, irregular shapes).
    ``open`` means called from a discard; an ankan is ``from_meld`` but not ``open``.
    Whether a concealed triplet still counts as concealed after a ron depends on the
    whole interpretation: see ``Interpretation.is_concealed_triplet``.

    A named tuple (immutable, hashable, cheap to build: decomposition makes many).
    """

    kind: str
    tile: int
    open: bool = False
    from_meld: bool = False

    @property
    def size(self) -> int:
        return _SIZE[self.kind]

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "sequence":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * _SIZE[self.kind]

    @property
    def is_set(self) -> bool:
        """Sequence, triplet or quad (what counts toward the four sets)."""
        return self.kind in ("sequence", "triplet", "quad")

    @property
    def is_triplet_like(self) -> bool:
        return self.kind in ("triplet", "quad")

    def contains(self, tile: int) -> bool:
        if self.kind == "sequence":
            return self.tile <= tile <= self.tile + 2
        return tile == self.tile


def _block_key(block: Block) -> tuple[int, int, bool, bool]:
    return (block.tile, _RANK[block.kind], block.open, block.from_meld)


class Interpretation(NamedTuple):
    """One reading of a hand, with the winning tile placed in ``blocks[win_block]``.

    ``concealed_triplets`` follows the standard riichi rule as the ``mahjong`` library
    applies it: triplets and quads not called from a discard count, except that on a ron
    the triplet of the winning tile counts as open unless, in this same set of blocks,
    the winning tile also sits in a concealed sequence (then the player may say the ron
    completed the sequence). That exception does not depend on ``win_block``.
    ``ron_opened`` is the index of the triplet that ron made open, or -1.
    """

    kind: str
    blocks: tuple[Block, ...]
    win_block: int
    wait: str
    concealed_triplets: int = 0
    ron_opened: int = -1

    @property
    def winning_block(self) -> Block:
        return self.blocks[self.win_block]

    @property
    def pair(self) -> Block | None:
        """The (first) pair block, the head of a standard hand."""
        for b in self.blocks:
            if b.kind == "pair":
                return b
        return None

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple([b for b in self.blocks if b.is_set])

    @property
    def has_duplicate_pair(self) -> bool:
        """Seven pairs counting four identical tiles as two pairs."""
        pairs = [b.tile for b in self.blocks if b.kind == "pair"]
        return len(pairs) != len(set(pairs))

    def is_concealed_triplet(self, index: int) -> bool:
        b = self.blocks[index]
        return b.is_triplet_like and not b.open and index != self.ron_opened

    def tiles(self) -> list[int]:
        """Every tile of every block (quads as four), sorted."""
        return sorted(t for b in self.blocks for t in b.tiles)


# -- structure: counts -> shapes ----------------------------------------------------------

# A suit's counts packed one byte per tile (tile 1 lowest): the key of the split tables.
SuitKey = int


def _suit_key(counts9: tuple[int, ...]) -> SuitKey:
    return int.from_bytes(bytes(counts9), "little")


def _search_order(shape: Shape) -> tuple[int, ...]:
    """Where a split comes in a depth-first search over tiles 1..9 that decides, at each
    tile, the blocks starting there: first no triplet and no pair, then the pair, then the
    triplet, then both. The key is, per tile, 2 x triplets + pairs; the splits of one suit
    are listed in this order."""
    order = [0] * 9
    for kind, tile in shape:
        if kind == "triplet":
            order[tile] += 2
        elif kind == "pair":
            order[tile] += 1
    return tuple(order)


def _set_split_shapes() -> dict[SuitKey, tuple[Shape, ...]]:
    """Every split into at most four sequences and triplets of one suit, by the counts it
    makes (2,869 patterns, 2,967 splits): built from the blocks, so no pattern is searched.
    A hand's suit needs more than four sets never (four sets and a pair is the whole hand).
    """
    found: dict[SuitKey, list[Shape]] = {}
    starts = [("sequence", i) for i in range(7)] + [("triplet", i) for i in range(9)]

    def add(first: int, sets: int, counts: list[int], acc: list[tuple[str, int]]) -> None:
        found.setdefault(_suit_key(tuple(counts)), []).append(
            tuple(sorted(acc, key=lambda b: (b[1], _RANK[b[0]])))
        )
        if sets == 4:
            return
        for j in range(first, len(starts)):
            kind, i = starts[j]
            covered = (i, i + 1, i + 2) if kind == "sequence" else (i, i, i)
            for t in covered:
                counts[t] += 1
            if max(counts) <= 4:
                acc.append(starts[j])
                add(j, sets + 1, counts, acc)
                acc.pop()
            for t in covered:
                counts[t] -= 1

    add(0, 0, [0] * 9, [])
    return {key: tuple(sorted(shapes, key=_search_order)) for key, shapes in found.items()}


def _suit_shapes(counts9: tuple[int, ...]) -> tuple[Shape, ...]:
    """All splits of one suit into sequences/triplets and (if its total is 2 mod 3) a
    pair, in search order (``_search_order``), as (kind, tile number - 1) per block."""
    return tuple(tuple((b.kind, b.tile) for b in blocks) for blocks in _suit_blocks(counts9, 0))


def _set_blocks_tables() -> dict[int, dict[SuitKey, tuple[tuple[Block, ...], ...]]]:
    """Per suit base (0, 9, 18): ``_set_split_shapes`` as that suit's blocks. The three
    tables share their keys and blocks; the shapes themselves are not kept."""
    shapes = _set_split_shapes()
    return {
        base: {
            key: tuple(tuple([_BLOCKS[kind, tile + base] for kind, tile in s]) for s in splits)
            for key, splits in shapes.items()
        }
        for base in (0, 9, 18)
    }


def _suit_blocks(counts9: tuple[int, ...], base: int) -> tuple[tuple[Block, ...], ...]:
    """``_suit_shapes`` as concealed blocks of the suit starting at ``base``."""
    table = _SET_BLOCKS[base]
    key = _suit_key(counts9)
    splits = table.get(key)
    return splits if splits is not None else _suit_blocks_with_pair(table, key, counts9, base)


def _suit_blocks_with_pair(
    table: dict[SuitKey, tuple[tuple[Block, ...], ...]],
    key: SuitKey,
    counts9: tuple[int, ...],
    base: int,
) -> tuple[tuple[Block, ...], ...]:
    """The splits of a suit holding the pair: one lookup per tile that could be it."""
    out: list[tuple[Block, ...]] = []
    for i in range(_pair_residue(counts9), 9, 3):
        if counts9[i] >= 2:
            for blocks in table.get(key - (2 << 8 * i), ()):
                pair = _BLOCKS["pair", base + i]
                # The pair goes after the blocks at or below its tile (block order).
                at = sum(1 for b in blocks if b.tile <= base + i)
                out.append((*blocks[:at], pair, *blocks[at:]))
    if len(out) > 1:
        out.sort(key=lambda blocks: _search_order(tuple((b.kind, b.tile - base) for b in blocks)))
    return tuple(out)


_NO_HONORS = (0,) * 7


def _honor_blocks(counts: tuple[int, ...]) -> tuple[Block, ...] | None:
    """The honor pairs and triplets of concealed counts, or None if an honor count is 1
    or 4 (honors make no sequence, so their blocks are forced)."""
    if counts[27:] == _NO_HONORS:
        return ()
    blocks: list[Block] = []
    for t in range(27, 34):
        n = counts[t]
        if n == 2:
            blocks.append(_BLOCKS["pair", t])
        elif n == 3:
            blocks.append(_BLOCKS["triplet", t])
        elif n:
            return None
    return tuple(blocks)


def _suit_options(counts: tuple[int, ...]) -> list[tuple[tuple[Block, ...], ...]] | None:
    """Per suit holding tiles, its splits (honors last, forced); None if some suit cannot
    be split or the hand has not exactly one pair."""
    if sum(counts) % 3 != 2:
        return None
    honors = _honor_blocks(counts)
    if honors is None:
        return None
    pairs = 0
    for b in honors:
        pairs += b.kind == "pair"
    if pairs > 1:
        return None
    groups: list[tuple[tuple[Block, ...], ...]] = []
    for base in (0, 9, 18):
        part = counts[base : base + 9]
        key = _suit_key(part)
        if not key:
            continue
        table = _SET_BLOCKS[base]
        options = table.get(key)
        if options is None:  # no split into sets alone: the suit must hold the pair
            if pairs:  # the one pair is elsewhere already
                return None
            options = _suit_blocks_with_pair(table, key, part, base)
            if not options:
                return None
            pairs += 1
        groups.append(options)
    if pairs != 1:
        return None
    groups.append((honors,))
    return groups


def standard_block_sets(counts: tuple[int, ...]) -> tuple[tuple[Block, ...], ...]:
    """Every split of concealed tile counts into sets plus exactly one pair, as concealed
    blocks in tile order (suit by suit, then honors)."""
    groups = _suit_options(counts)
    if groups is None:
        return ()
    # Suits are disjoint, so every combination is a distinct split; blocks come out in
    # tile order suit by suit, the order the product gives.
    if all(len(g) == 1 for g in groups):
        return (tuple([b for g in groups for b in g[0]]),)
    return tuple(
        [tuple([b for part in parts for b in part]) for parts in itertools.product(*groups)]
    )


def is_standard_complete(counts: tuple[int, ...]) -> bool:
    """Whether the counts split into sets and one pair at all (``standard_shapes``
    non-empty)."""
    return _suit_options(counts) is not None


def standard_waits(counts: tuple[int, ...]) -> list[int]:
    """The tiles (held fewer than four times) that make concealed counts of 3n + 1 tiles
    a standard hand, ascending. Adding a tile changes one suit (or the honors), so every
    other part must already split into sets, or sets and the one pair; each suit is
    judged by a lookup in the split table."""
    if sum(counts) % 3 != 1:
        return []
    parts = [counts[base : base + 9] for base in (0, 9, 18)]
    honor_counts = counts[27:]
    # Per part: split into sets (0), into sets and a pair (1), or not at all (None).
    pairs_in = [_suit_pairs(_suit_key(p), sum(p)) for p in parts]
    honor_pairs = _honor_pairs(honor_counts)
    pairs_in.append(honor_pairs)
    broken = [i for i, n in enumerate(pairs_in) if n is None]
    if len(broken) > 1:
        return []
    table = _SET_BLOCKS[0]
    out: list[int] = []
    for i in broken or range(4):
        others = 0
        for j, n in enumerate(pairs_in):
            if j != i:
                others += n  # type: ignore[operator]  (None only at i)
        if others > 1:
            continue
        if i == 3:
            for t in range(7):
                if honor_counts[t] < 4:
                    c = list(honor_counts)
                    c[t] += 1
                    if _honor_pairs(tuple(c)) == 1 - others:
                        out.append(27 + t)
            continue
        part, base = parts[i], 9 * i
        key, n = _suit_key(part), sum(part) + 1
        if n % 3 == 0 and others == 1:
            out += [base + t for t in range(9) if part[t] < 4 and key + (1 << 8 * t) in table]
        elif n % 3 == 2 and others == 0:
            # As in _suit_pairs, the pair's tile number mod 3 follows from the counts; the
            # added tile t moves that sum by t mod 3.
            weight = sum(part[1::3]) + 2 * sum(part[2::3])
            for t in range(9):
                if part[t] >= 4:
                    continue
                added = key + (1 << 8 * t)
                for p in range(2 * (weight + t % 3) % 3, 9, 3):
                    if part[p] + (p == t) >= 2:
                        rest = added - (2 << 8 * p)
                        if rest == 0 or rest in table:
                            out.append(base + t)
                            break
    return sorted(out)


def _suit_pairs(key: SuitKey, n: int) -> int | None:
    """0 if a suit of ``n`` tiles splits into sets, 1 if into sets and a pair, else None."""
    if n % 3 == 0:
        return 0 if key == 0 or key in _SET_BLOCKS[0] else None
    if n % 3 == 2:
        table = _SET_BLOCKS[0]
        counts9 = key.to_bytes(9, "little")
        for i in range(_pair_residue(counts9), 9, 3):
            if counts9[i] >= 2:
                rest = key - (2 << 8 * i)
                if rest == 0 or rest in table:
                    return 1
    return None


def _pair_residue(counts9: Sequence[int]) -> int:
    """Tile number (0-8) mod 3 of the pair of a suit that splits into sets and a pair: a
    sequence (3i + 3) or triplet (3i) adds a multiple of 3 to the sum of tile number x
    count, the pair 2p, so that sum is 2p mod 3, and p is twice the sum mod 3."""
    return 2 * (sum(counts9[1::3]) + 2 * sum(counts9[2::3])) % 3


def _honor_pairs(counts: tuple[int, ...]) -> int | None:
    """The pairs among honor counts that are all pairs or triplets, else None."""
    if 1 in counts or 4 in counts:
        return None
    return counts.count(2)


def standard_shapes(counts: tuple[int, ...]) -> tuple[Shape, ...]:
    """Every split of concealed tile counts into sets plus exactly one pair, as
    (kind, lowest tile) per block."""
    return tuple(
        tuple((b.kind, b.tile) for b in blocks) for blocks in standard_block_sets(counts)
    )


def chiitoitsu_pairs(counts: tuple[int, ...], allow_four: bool = False) -> tuple[int, ...]:
    """The tiles of seven pairs (a tile twice if four of a kind and allowed), or ()."""
    if counts.count(2) == 7 and counts.count(0) == len(counts) - 7:  # counted in C
        return tuple([t for t, n in enumerate(counts) if n])
    pairs: list[int] = []
    for t, n in enumerate(counts):
        if n == 2 or (n == 4 and allow_four):
            pairs.extend([t] * (n // 2))
        elif n:
            return ()
    return tuple(pairs) if len(pairs) == 7 else ()


def kokushi_pair(counts: tuple[int, ...]) -> int | None:
    """The doubled tile of a thirteen-orphans hand, or None."""
    if sum(counts) != 14 or any(counts[t] == 0 for t in YAOCHUU):
        return None
    doubled = [t for t in YAOCHUU if counts[t] == 2]
    return doubled[0] if len(doubled) == 1 and sum(counts[t] for t in YAOCHUU) == 14 else None


# -- placing the winning tile ------------------------------------------------------------


def meld_block(meld: Meld) -> Block:
    return _MELD_BLOCKS[meld.kind, meld.tiles[0]]


def _meld_block(kind: str, tile: int) -> Block:
    if kind == "chi":
        return Block("sequence", tile, True, True)
    return Block("quad" if kind in QUAD_KINDS else "triplet", tile, kind != "ankan", True)


# The block of every meld there can be (by kind and lowest tile), made once.
_MELD_BLOCKS: dict[tuple[str, int], Block] = {
    (kind, tile): _meld_block(kind, tile) for kind in MELD_KINDS for tile in range(34)
}


def sequence_wait(block: Block, tile: int) -> str:
    """The wait a sequence had before ``tile`` completed it."""
    if tile == block.tile + 1:
        return "kanchan"
    start = block.tile % 9
    if (start == 0 and tile == block.tile + 2) or (start == 6 and tile == block.tile):
        return "penchan"
    return "ryanmen"


def _wait(block: Block, tile: int) -> str:
    if block.kind == "sequence":
        return sequence_wait(block, tile)
    if block.kind == "pair":
        return "tanki"
    return "shanpon"


# Every concealed block there can be, made once: shapes turn into blocks by lookup, and
# identical blocks are the same object.
_BLOCKS: dict[tuple[str, int], Block] = {
    (kind, tile): Block(kind, tile) for kind in BLOCK_KINDS for tile in range(34)
}
_SET_BLOCKS = _set_blocks_tables()
# The Python functions, the references the C accelerator is tested against. The names
# without _py are hooks: yakubook/engine/_accel.py points them (and _FAST_STANDARD, the C
# accelerator's standard readings of a closed hand) at the C functions when it runs.
standard_block_sets_py = standard_block_sets
standard_waits_py = standard_waits
_FAST_STANDARD: Callable[[tuple[int, ...], int, bool], list[Interpretation] | None] | None = None
# The C accelerator's whole built-in answer for a closed hand that can be neither seven
# pairs nor thirteen orphans (most hands): its standard readings as a tuple, or None.
ClosedReadings = Callable[[tuple[int, ...], int, bool, bool], "tuple[Interpretation, ...] | None"]
_FAST_CLOSED: ClosedReadings | None = None


def _standard(
    blocks: tuple[Block, ...], melds: tuple[Block, ...], win_tile: int, tsumo: bool
) -> list[Interpretation]:
    if melds:
        blocks = tuple(sorted(blocks + melds, key=_block_key))
    ron_opened = -1
    if not tsumo:
        in_sequence = False
        for b in blocks:
            if b.kind == "sequence" and not b.open and b.tile <= win_tile <= b.tile + 2:
                in_sequence = True
                break
        if not in_sequence:
            for i, b in enumerate(blocks):
                if b.kind == "triplet" and not b.open and b.tile == win_tile:
                    ron_opened = i
    concealed = -(ron_opened >= 0)
    for b in blocks:
        if (b.kind == "triplet" or b.kind == "quad") and not b.open:
            concealed += 1
    out: list[Interpretation] = []
    seen: list[Block] = []
    for i, b in enumerate(blocks):
        # A meld was complete before; identical blocks give identical interpretations.
        if b.from_meld:
            continue
        if b.kind == "sequence":
            if not b.tile <= win_tile <= b.tile + 2:
                continue
        elif b.tile != win_tile:
            continue
        if b in seen:
            continue
        seen.append(b)
        out.append(Interpretation("standard", blocks, i, _wait(b, win_tile), concealed, ron_opened))
    return out


def _builtin(
    counts: tuple[int, ...], melds: tuple[Meld, ...], win_tile: int, tsumo: bool, allow_four: bool
) -> tuple[Interpretation, ...]:
    # A closed hand's standard readings come from C when the accelerator runs (None: it
    # declined, and the Python works them out).
    fast = _FAST_STANDARD if not melds else None
    out: list[Interpretation] | None = fast(counts, win_tile, tsumo) if fast else None
    if out is None:
        meld_blocks = tuple([meld_block(m) for m in melds])
        out = []
        for blocks in standard_block_sets(counts):
            out.extend(_standard(blocks, meld_blocks, win_tile, tsumo))
    if not melds:
        # Counted in C first: seven pairs hold seven 2s (or 4s when allowed), thirteen
        # orphans exactly 13 kinds (21 empty counts).
        if counts.count(2) + 2 * allow_four * counts.count(4) >= 7:
            pairs = chiitoitsu_pairs(counts, allow_four)
            if pairs:
                blocks = tuple([_BLOCKS["pair", t] for t in pairs])
                out.append(Interpretation("chiitoitsu", blocks, pairs.index(win_tile), "tanki"))
        doubled = kokushi_pair(counts) if counts.count(0) == 21 else None
        if doubled is not None:
            blocks = tuple(Block("pair" if t == doubled else "single", t) for t in sorted(YAOCHUU))
            wait = "kokushi13" if win_tile == doubled else "kokushi"
            out.append(Interpretation("kokushi", blocks, sorted(YAOCHUU).index(win_tile), wait))
    return tuple(out)


# -- plug-in shapes ----------------------------------------------------------------------

_SHAPES: dict[str, ShapeFinder] = {}
# The yaku IDs whose bodies read a shape kind (register_shape's ``yaku``); a kind missing
# here is needed by every ruleset.
SHAPE_USERS: dict[str, frozenset[str]] = {}
# register_shape's ``when``: per kind, a test every hand of that shape passes.
SHAPE_CONDITIONS: dict[str, Callable[[Win], object]] = {}
_version = [0]


def register_shape(
    kind: str,
    finder: ShapeFinder,
    yaku: Iterable[str] = (),
    when: Callable[[Win], object] | None = None,
) -> None:
    """Add an irregular shape. ``finder(win, concealed_counts)`` yields Interpretations
    of that ``kind``; it is called on every ``interpretations`` call that asks for the
    kind (not cached), so it should return quickly when the counts cannot match.
    ``yaku``: the IDs of the yaku that read this shape; ``yaku.evaluate`` then runs the
    finder only under a ruleset with one of them enabled (a hand of that shape is no win
    without a yaku that names it). Empty: always run. ``when``: a test of the Win that
    holds whenever the finder finds anything (a necessary condition, best one expression:
    ``yaku.evaluate`` writes it into its shape selector and asks only for the kinds whose
    test holds). Registering a kind again replaces its finder.
    """
    if kind in BUILTIN_KINDS:
        raise ValueError(f"shape kind {kind!r} is built in")
    _SHAPES[kind] = finder
    _version[0] += 1
    users = frozenset(yaku)
    if users:
        SHAPE_USERS[kind] = users
    else:
        SHAPE_USERS.pop(kind, None)
    if when is None:
        SHAPE_CONDITIONS.pop(kind, None)
    else:
        SHAPE_CONDITIONS[kind] = when


def unregister_shape(kind: str) -> None:
    _SHAPES.pop(kind, None)
    SHAPE_USERS.pop(kind, None)
    SHAPE_CONDITIONS.pop(kind, None)
    _version[0] += 1


def registered_shapes() -> tuple[str, ...]:
    return tuple(_SHAPES)


def shapes_needed(enabled: Iterable[str]) -> tuple[str, ...]:
    """The registered shape kinds a ruleset with the yaku ``enabled`` needs found."""
    on = set(enabled)
    return tuple(k for k in _SHAPES if k not in SHAPE_USERS or SHAPE_USERS[k] & on)


def shapes_version() -> int:
    """Changes whenever a shape is registered or unregistered (for callers that keep
    ``shapes_needed``'s answer)."""
    return _version[0]


def interpretations(
    win: Win, allow_four_of_a_kind_pairs: bool = False, shapes: Iterable[str] | None = None
) -> tuple[Interpretation, ...]:
    """All distinct interpretations: standard ones, seven pairs, thirteen orphans, then
    each registered shape (only the kinds in ``shapes`` when given). Empty if the hand is
    not complete in any known shape.

    Seven pairs need seven distinct pairs unless ``allow_four_of_a_kind_pairs``.
    """
    melds = win.melds
    found = None
    if not melds and _FAST_CLOSED is not None:
        found = _FAST_CLOSED(
            win.concealed_counts, win.win_tile, win.tsumo, allow_four_of_a_kind_pairs
        )
    if found is None:
        found = _builtin(
            win.concealed_counts, melds, win.win_tile, win.tsumo, allow_four_of_a_kind_pairs
        )
    kinds = _SHAPES if shapes is None else shapes
    if not kinds:
        return found
    extra: list[Interpretation] = []
    for kind in kinds:
        finder = _SHAPES.get(kind)
        if finder is None:
            continue
        for interp in finder(win, win.concealed_counts):
            if interp.kind != kind:
                raise ValueError(f"shape finder for {kind!r} returned kind {interp.kind!r}")
            if interp not in extra:
                extra.append(interp)
    return found + tuple(extra)


_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
