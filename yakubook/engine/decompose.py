"""Every way to read a winning hand: blocks, which block the winning tile completed, the wait.

Built-in shapes are the standard hand (four sets and a pair), seven pairs and thirteen
orphans; other modules add irregular shapes with ``register_shape``. The structural part
(how the concealed tiles split into blocks) depends only on tile counts, suit by suit: a
table made once at import holds every split of a suit into at most four sets (2,869
patterns), and a suit holding the pair is looked up once per tile that could be the pair.
Nothing is cached per hand; two small bounded tables keep the suits holding the pair and
the honors as worked out (per suit pattern), so memory stays flat however many hands are
seen.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from yakubook.engine import _accel, kept
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
_PAIRS = tuple([_BLOCKS["pair", t] for t in range(34)])  # by tile
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


# -- a closed hand's standard readings, part by part ---------------------------------------
#
# ``_standard`` over ``standard_block_sets`` is the reference; this is the same for a
# closed hand, with less work per hand. Each part (three suits, the honors) is looked up
# once, by its counts cut from one integer of the whole hand (a byte per tile); a suit
# that splits into sets alone comes whole from the tables made at import, splits and
# triplets, so only the part holding the pair is worked out. Only the part holding the
# winning tile can hold its block (or the concealed sequence that keeps a ron's triplet
# concealed), so the readings come from that part's split alone, and the hand's blocks
# are the parts' blocks joined. Two small bounded tables keep the parts worked out (the
# honors, the suits holding the pair); nothing else grows with the hands seen.

_NINE = (1 << 72) - 1  # one suit's nine counts in the whole hand's integer


def _set_trips_table() -> dict[SuitKey, tuple[int, ...]]:
    """Per key of ``_SET_BLOCKS`` (the same in every suit): the triplets of each split."""
    shared: dict[tuple[int, ...], tuple[int, ...]] = {}
    table = {}
    for key, splits in _SET_BLOCKS[0].items():
        trips = tuple([[b.kind for b in blocks].count("triplet") for blocks in splits])
        table[key] = shared.setdefault(trips, trips)
    return table


_SET_TRIPS = _set_trips_table()

# A part of a hand as the readings need it: its splits and the triplets of each.
_Part = tuple[tuple[tuple[Block, ...], ...], tuple[int, ...]]


def _parts(counts: tuple[int, ...]) -> tuple[_Part, _Part, _Part, _Part] | None:
    """Man, pin, sou and honors of concealed counts that split into sets and exactly one
    pair (``_suit_options``' splits, in its order); None if they do not."""
    whole = int.from_bytes(bytes(counts), "little")  # a byte per tile, as SuitKey
    key = whole >> 216
    honors = _HONOR_PARTS.get(key) or _honor_part(key, counts)
    pairs = honors[2]
    if pairs > 1:  # two honor pairs, or honors that do not split (2)
        return None
    # Each suit splits into sets alone (from the tables) or holds the one pair.
    key = whole & _NINE
    splits = _SET_BLOCKS[0].get(key)
    if splits is not None:
        m: _Part | None = (splits, _SET_TRIPS[key])
    elif pairs:
        return None
    else:
        m = _PAIR_PARTS.get(key << 2) or _pair_part(key, 0)
        pairs = 1
    key = whole >> 72 & _NINE
    splits = _SET_BLOCKS[9].get(key)
    if splits is not None:
        p: _Part | None = (splits, _SET_TRIPS[key])
    elif pairs:
        return None
    else:
        p = _PAIR_PARTS.get(key << 2 | 1) or _pair_part(key, 9)
        pairs = 1
    key = whole >> 144 & _NINE
    splits = _SET_BLOCKS[18].get(key)
    if splits is not None:
        s: _Part | None = (splits, _SET_TRIPS[key])
    elif pairs:
        return None
    else:
        s = _PAIR_PARTS.get(key << 2 | 2) or _pair_part(key, 18)
        pairs = 1
    if m is None or p is None or s is None or not pairs:
        return None
    return m, p, s, honors[:2]  # type: ignore[return-value]  (splits, triplets)


_ONE_TRIPS = tuple([(n,) for n in range(5)])  # the triplets of one split, shared

# The suits holding the pair, by key << 2 | suit (0 to 2), as _pair_part makes them:
# working one out is most of a hand's decomposition, and the common patterns come again.
# At most _MAX_PAIR_PARTS, then it starts again. About 200 bytes each (the blocks
# themselves are shared): the pure engine's cold peak over 100,000 realistic hands went
# from 0.46 to 0.71 MiB with it (bench/evaluate_vs_mahjong.py's memory line; mahjong's is
# 0.43 MiB, and the goal is within twice that), so keep it small.
_PAIR_PARTS: dict[int, _Part] = kept.table({})
_MAX_PAIR_PARTS = 1024


def _pair_part(key: SuitKey, base: int) -> _Part | None:
    """``_suit_blocks_with_pair`` with each split's triplets (those of the sets left when
    the pair is taken out); None if the suit does not split that way. Kept in
    ``_PAIR_PARTS`` (when it splits: other counts come from hands that are no standard
    hand, seldom twice)."""
    part = _find_pair_part(key, base)
    if part is None:
        return None
    if len(_PAIR_PARTS) >= _MAX_PAIR_PARTS:
        # Started again, in one step: evicting some entries would iterate over the table,
        # which another thread may be filling meanwhile.
        _PAIR_PARTS.clear()
    _PAIR_PARTS[key << 2 | base // 9] = part
    return part


def _find_pair_part(key: SuitKey, base: int) -> _Part | None:
    """``_pair_part``, worked out: for each tile that can be the pair, the splits of the
    rest from the table, the pair put in; in search order (as ``_suit_blocks_with_pair``
    sorts them) when there are several."""
    # The pair's tile number mod 3 (_pair_residue) from the key: 256**3 is 1 modulo
    # 2**24 - 1, so the remainder holds in its three bytes the counts of the tiles 1, 4, 7,
    # of 2, 5, 8 and of 3, 6, 9, summed (at most 14 each: no carry).
    sums = key % 0xFFFFFF
    weight = (sums >> 8 & 0xFF) + 2 * (sums >> 16)
    table = _SET_BLOCKS[base]
    found: list[tuple[tuple[Block, ...], int]] = []
    for i in range(2 * weight % 3, 9, 3):
        if key >> 8 * i & 0xFF >= 2:
            rest = key - (2 << 8 * i)
            sets = table.get(rest)
            if sets is not None:
                _add_pair(sets, _SET_TRIPS[rest], base + i, found)
    if len(found) == 1:
        return (found[0][0],), _ONE_TRIPS[found[0][1]]
    if not found:
        return None
    found.sort(key=lambda f: _search_order(tuple((b.kind, b.tile - base) for b in f[0])))
    return tuple([f[0] for f in found]), tuple([f[1] for f in found])


def _add_pair(
    sets: tuple[tuple[Block, ...], ...],
    trips: tuple[int, ...],
    tile: int,
    found: list[tuple[tuple[Block, ...], int]],
) -> None:
    """Each split of ``sets`` with the pair of ``tile`` put in block order (after the
    blocks at or below its tile), and its triplets."""
    pair = _PAIRS[tile]
    for blocks, n in zip(sets, trips, strict=True):
        at = 0
        for b in blocks:
            if b.tile > tile:
                break
            at += 1
        found.append(((*blocks[:at], pair, *blocks[at:]), n))


# The honors of a hand by their counts (the whole hand's integer shifted past the suits):
# (splits, triplets, pairs), the splits one forced set of blocks or none (pairs 2 then).
# Few patterns occur; bounded anyway.
_HonorPart = tuple[tuple[tuple[Block, ...], ...], tuple[int, ...], int]
_HONOR_PARTS: dict[int, _HonorPart] = kept.table({})
_MAX_HONOR_PARTS = 512


def _honor_part(key: int, counts: tuple[int, ...]) -> _HonorPart:
    """The honors of ``counts`` as ``_HONOR_PARTS`` keeps them (under ``key``)."""
    blocks = _honor_blocks(counts)
    if blocks is None:
        part: _HonorPart = ((), (), 2)
    else:
        kinds = [b.kind for b in blocks]
        part = ((blocks,), (kinds.count("triplet"),), kinds.count("pair"))
    if len(_HONOR_PARTS) >= _MAX_HONOR_PARTS:
        _HONOR_PARTS.clear()
    _HONOR_PARTS[key] = part
    return part


# A split's readings: (index of the winning tile's block, wait) each, and the ron's triplet.
_Reads = tuple[list[tuple[int, str]], int]


def _reads(blocks: tuple[Block, ...], tile: int) -> _Reads:
    """``_standard``'s readings of a closed hand won on ``tile`` within the split of the
    part holding it: (index of the winning tile's block in ``blocks``, wait) per reading,
    and the index of the triplet a ron opens (-1: none, or a concealed sequence holds the
    tile and the ron may be said to complete it)."""
    found: list[tuple[int, str]] = []
    held = False
    triplet = -1
    for i, b in enumerate(blocks):
        kind, start = b[0], b[1]  # kind, tile: by index, cheaper than the named fields
        if start > tile:  # blocks come by lowest tile: none further holds it
            break
        if kind == "sequence":
            if start + 2 < tile:
                continue
            held = True
            wait = sequence_wait(b, tile)
        elif start != tile:
            continue
        elif kind == "pair":
            wait = "tanki"
        else:
            wait = "shanpon"
            triplet = i
        if b not in blocks[:i]:  # identical blocks give identical readings: the first's
            found.append((i, wait))
    return found, -1 if held else triplet


_new = tuple.__new__  # Interpretation's fields as one tuple: no NamedTuple __new__ frame


def _closed_standard(counts: tuple[int, ...], win_tile: int, tsumo: bool) -> list[Interpretation]:
    """``_standard`` over ``standard_block_sets`` for a closed hand: the same readings in
    the same order (one split per part as itertools.product picks them), the readings of
    one split sharing its blocks tuple."""
    parts = _parts(counts)
    if parts is None:
        return []
    (ms, mt), (ps, pt), (ss, st), (zs, zt) = parts
    w = win_tile // 9  # the part holding the winning tile (3: the honors)
    if len(ms) != 1 or len(ps) != 1 or len(ss) != 1 or len(zs) != 1:
        return _product_readings(parts, w, win_tile, tsumo)
    a, b, c, d = ms[0], ps[0], ss[0], zs[0]
    positions, ron = _reads((a, b, c, d)[w], win_tile)
    shift = _shift(w, a, b, c)
    concealed = mt[0] + pt[0] + st[0] + zt[0]
    if ron < 0 or tsumo:  # a tsumo opens no triplet
        ron = -1
    else:
        concealed -= 1
        ron += shift
    blocks = a + b + c + d
    out = []
    for i, wait in positions:
        out.append(_new(Interpretation, ("standard", blocks, shift + i, wait, concealed, ron)))
    return out


def _shift(w: int, a: tuple[Block, ...], b: tuple[Block, ...], c: tuple[Block, ...]) -> int:
    """How many blocks come before part ``w``'s: those of the suits before it."""
    return 0 if w == 0 else len(a) if w == 1 else len(a) + len(b) if w == 2 else len(a + b + c)


def _product_readings(
    parts: tuple[_Part, _Part, _Part, _Part], w: int, win_tile: int, tsumo: bool
) -> list[Interpretation]:
    """``_closed_standard`` when a suit splits more than one way: every pick of one split
    per suit (the honors have one), in itertools.product's order, each split of part
    ``w`` read once."""
    (ms, mt), (ps, pt), (ss, st), (zs, zt) = parts
    d, td = zs[0], zt[0]
    reads = [_reads(split, win_tile) for split in parts[w][0]]
    out: list[Interpretation] = []
    for i, a in enumerate(ms):
        for j, b in enumerate(ps):
            for k, c in enumerate(ss):
                positions, ron = reads[(i, j, k, 0)[w]]
                shift = _shift(w, a, b, c)
                concealed = mt[i] + pt[j] + st[k] + td
                if ron < 0 or tsumo:
                    ron = -1
                else:
                    concealed -= 1
                    ron += shift
                blocks = a + b + c + d
                for at, wait in positions:
                    out.append(
                        _new(Interpretation, ("standard", blocks, shift + at, wait, concealed, ron))
                    )
    return out


def _builtin(
    counts: tuple[int, ...], melds: tuple[Meld, ...], win_tile: int, tsumo: bool, allow_four: bool
) -> tuple[Interpretation, ...]:
    if melds:
        return tuple(_open_standard(counts, melds, win_tile, tsumo))
    # A closed hand's standard readings come from C when the accelerator runs (None: it
    # declined, and the Python works them out).
    fast = _FAST_STANDARD
    out: list[Interpretation] | None = fast(counts, win_tile, tsumo) if fast else None
    if out is None:
        out = _closed_standard(counts, win_tile, tsumo)
    # Seven pairs hold at most seven kinds (27 of the 34 counts empty), thirteen orphans
    # exactly 13 (21 empty): one count rules both out for most hands. Counted in C first.
    empty = counts.count(0)
    if empty >= 27 and counts.count(2) + 2 * allow_four * counts.count(4) >= 7:
        pairs = chiitoitsu_pairs(counts, allow_four)
        if pairs:
            blocks = tuple([_PAIRS[t] for t in pairs])
            out.append(
                _new(Interpretation, ("chiitoitsu", blocks, pairs.index(win_tile), "tanki", 0, -1))
            )
    elif empty == 21:
        doubled = kokushi_pair(counts)
        if doubled is not None:
            blocks = tuple(Block("pair" if t == doubled else "single", t) for t in sorted(YAOCHUU))
            wait = "kokushi13" if win_tile == doubled else "kokushi"
            out.append(Interpretation("kokushi", blocks, sorted(YAOCHUU).index(win_tile), wait))
    return tuple(out)


def _open_standard(
    counts: tuple[int, ...], melds: tuple[Meld, ...], win_tile: int, tsumo: bool
) -> list[Interpretation]:
    """The standard readings of a hand with melds: each split of its concealed tiles with
    the meld blocks, by ``_standard``. Under the Python engine the splits come from
    ``_parts`` (``_block_sets_of_parts``), else from the ``standard_block_sets`` hook (C,
    faster still)."""
    meld_blocks = tuple([meld_block(m) for m in melds])
    if standard_block_sets is standard_block_sets_py:
        sets = _block_sets_of_parts(counts)
    else:
        sets = standard_block_sets(counts)
    out: list[Interpretation] = []
    for blocks in sets:
        out += _standard(blocks, meld_blocks, win_tile, tsumo)
    return out


def _block_sets_of_parts(counts: tuple[int, ...]) -> tuple[tuple[Block, ...], ...]:
    """``standard_block_sets_py`` by ``_parts``."""
    parts = _parts(counts)
    if parts is None:
        return ()
    (ms, _), (ps, _), (ss, _), (zs, _) = parts
    if len(ms) == len(ps) == len(ss) == len(zs) == 1:
        return (ms[0] + ps[0] + ss[0] + zs[0],)
    return tuple([a + b + c + d for a, b, c, d in itertools.product(ms, ps, ss, zs)])


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
