"""Irregular winning shapes of section 3-16 (非聽牌形的特殊役), added to the decomposer.

Importing this module registers one shape finder per kind with
``yakubook.engine.decompose.register_shape``; yakubook/engine/bodies/s3_16.py imports it, so the
shapes exist whenever
the bodies are loaded. ``yaku.evaluate`` runs a finder only under a ruleset that enables
its yaku (``USERS``); then it sees every hand, so each one rejects on a bit test or a
count before doing any work, and the bodies re-check the situation.

The engine has no block kind for a two- or four-tile group that is not a pair or a kan,
so such groups are written as ``single`` blocks (one per tile, sorted); a ``quad`` block
always means a declared kan. Every shape has the wait ``other``.

* 十三不搭 (``shiisanpuutaa``): thirteen kinds, one of them doubled (the pair), no two of
  them forming a 搭子 — two number tiles of one suit at most two apart. The pair's tile
  too must stand apart from the others (a pair that also makes a 搭子 spoils it).
* 十三無靠 (``shiisanuukao``): fourteen kinds, each once, none forming a 搭子.
* 十四連嵌 (``juushi_renkan``): the fourteen tiles split into seven 嵌張 搭子 (two number
  tiles of one suit two apart, such as 1-3); the split, if any, is unique.

  These three are hands "at the first uninterrupted draw" (第1純正巡自摸時): they are a
  winning shape only on a tsumo with ``first_go_around``, so outside it a hand such as
  147m258p369s12345z stays incomplete.
* BACK FOUR (``back_four``): a pair and three four-tile groups, each four identical tiles
  (not declared as a kan) or four consecutive number tiles of one suit. No meld.
* 七喜 (``chiishii``): each of the seven honors once and seven consecutive number tiles of
  one suit. No meld.
* 南北戰爭(2) (``nanboku_sensou_2``): a triplet (or kan) each of South and North and the
  number tiles 1-8-6-1 of one suit and 1-8-6-5 of one suit (the same or another); the
  triplets may be melds.
* 南北戰爭(3) (``nanboku_sensou_3``): a triplet (or kan) each of South and North and pairs
  of a 1, a 5, a 6 and an 8 (any suits).
* 編織 (``knitting``): seven "knitted pairs", each two tiles of the same number in two
  suits, only those two suits in the hand (1m1p 2m2p ...): two suits with the same count
  per number, no honors, no meld.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from yakubook.engine import _accel, kept
from yakubook.engine.decompose import Block, Interpretation, meld_block, register_shape
from yakubook.engine.tiles import HONOR_MASK, NORTH, SOUTH
from yakubook.engine.view import per_hand
from yakubook.engine.win import Win

SHIISANPUUTAA = "shiisanpuutaa"
SHIISANUUKAO = "shiisanuukao"
JUUSHI_RENKAN = "juushi_renkan"
BACK_FOUR = "back_four"
CHIISHII = "chiishii"
NANBOKU_SENSOU_2 = "nanboku_sensou_2"
NANBOKU_SENSOU_3 = "nanboku_sensou_3"
KNITTING = "knitting"

_RANK = {"sequence": 0, "triplet": 1, "quad": 2, "pair": 3, "single": 4}
_SUIT_BITS = 0x1FF
_SOUTH_NORTH = (1 << SOUTH) | (1 << NORTH)
_OTHER_HONORS = HONOR_MASK & ~_SOUTH_NORTH


def _interpretation(
    kind: str, blocks: Iterable[Block], win: Win, ron_opens_triplet: bool = False
) -> Interpretation:
    """Blocks sorted by tile; the winning tile placed in the first concealed block holding
    it. ``ron_opens_triplet``: a concealed triplet completed by ron counts as open."""
    ordered = tuple(sorted(blocks, key=lambda b: (b.tile, _RANK[b.kind], b.open, b.from_meld)))
    win_block = next(
        i for i, b in enumerate(ordered) if not b.from_meld and b.contains(win.win_tile)
    )
    ron_opened = -1
    if ron_opens_triplet and win.ron and ordered[win_block].kind == "triplet":
        ron_opened = win_block
    concealed = sum(1 for b in ordered if b.is_triplet_like and not b.open) - (ron_opened >= 0)
    return Interpretation(kind, ordered, win_block, "other", concealed, ron_opened)


def _singles(counts: tuple[int, ...], skip: int = -1) -> list[Block]:
    return [Block("single", t) for t, n in enumerate(counts) if t != skip for _ in range(n)]


def unconnected(mask: int) -> bool:
    """No two number tiles of one suit in ``mask`` are at most two apart (no 搭子)."""
    for base in (0, 9, 18):
        s = (mask >> base) & _SUIT_BITS
        if s & (s >> 1) or s & (s >> 2):
            return False
    return True


def _first_draw(win: Win) -> bool:
    return win.first_go_around and win.tsumo and not win.melds


# -- 十三不搭, 十三無靠, 十四連嵌 -------------------------------------------------------------


def find_shiisanpuutaa(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    mask = win.tile_mask
    if mask.bit_count() != 13 or not _first_draw(win) or not unconnected(mask):
        return ()
    pair = counts.index(2)  # 14 tiles of 13 kinds: exactly one kind twice
    blocks = [Block("pair", pair), *_singles(counts, skip=pair)]
    return (_interpretation(SHIISANPUUTAA, blocks, win),)


def find_shiisanuukao(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    mask = win.tile_mask
    if mask.bit_count() != 14 or not _first_draw(win) or not unconnected(mask):
        return ()
    return (_interpretation(SHIISANUUKAO, _singles(counts), win),)


def kanchan_split(counts: tuple[int, ...]) -> bool:
    """The number tiles split into 嵌張 搭子 (t, t+2): the lowest tile left must go with
    the tile two above it, so the split is unique when it exists."""
    c = list(counts[:27])
    for base in (0, 9, 18):
        for i in range(base, base + 9):
            n = c[i]
            if n:
                if i - base > 6 or c[i + 2] < n:
                    return False
                c[i + 2] -= n
    return True


def find_juushi_renkan(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    mask = win.tile_mask
    if mask & HONOR_MASK or not _first_draw(win):
        return ()
    for base in (0, 9, 18):  # every tile needs a partner two away in its suit
        s = (mask >> base) & _SUIT_BITS
        if s & ~((s >> 2) | (s << 2)):
            return ()
    if not kanchan_split(counts):
        return ()
    return (_interpretation(JUUSHI_RENKAN, _singles(counts), win),)


# -- BACK FOUR -------------------------------------------------------------------------------

# A four-tile group: ("four", t) = t t t t, ("run", t) = t t+1 t+2 t+3 of one suit.
Group = tuple[str, int]


def _groups(c: list[int], acc: list[Group], out: set[tuple[Group, ...]]) -> None:
    i = next((t for t in range(34) if c[t]), 34)
    if i == 34:
        out.add(tuple(sorted(acc)))
        return
    if c[i] >= 4:
        c[i] -= 4
        acc.append(("four", i))
        _groups(c, acc, out)
        acc.pop()
        c[i] += 4
    if i < 27 and i % 9 <= 5 and c[i + 1] and c[i + 2] and c[i + 3]:
        for k in range(4):
            c[i + k] -= 1
        acc.append(("run", i))
        _groups(c, acc, out)
        acc.pop()
        for k in range(4):
            c[i + k] += 1


def _four_group_splits() -> dict[int, dict[int, tuple[tuple[Group, ...], ...]]]:
    """Per suit base (0, 9, 18): every split of that suit into at most three four-tile
    groups, by the suit's counts packed one byte per tile (as yakubook.engine.decompose keys its
    tables). What is left of fourteen tiles after the pair holds at most three groups."""
    groups = [("four", i) for i in range(9)] + [("run", i) for i in range(6)]
    found: dict[int, list[tuple[Group, ...]]] = {}
    for n in range(1, 4):
        for combo in itertools.combinations_with_replacement(groups, n):
            counts = [0] * 9
            for kind, i in combo:
                for t in (i,) * 4 if kind == "four" else range(i, i + 4):
                    counts[t] += 1
            if max(counts) <= 4:
                found.setdefault(int.from_bytes(bytes(counts), "little"), []).append(combo)
    return {
        base: {
            key: tuple(tuple([(kind, base + i) for kind, i in split]) for split in splits)
            for key, splits in found.items()
        }
        for base in (0, 9, 18)
    }


_FOUR_GROUP_SPLITS = _four_group_splits()


@per_hand  # asked by the finder and by the body on each BACK FOUR reading of one hand
def back_four_splits(counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Every (pair tile, three four-tile groups) split of fourteen concealed tiles.

    Groups stay within a suit (or the honors), so the pair sits in the one part whose
    tile count is 2 mod 4 and every other part splits as it is; each suit's splits come
    from a table made at import."""
    parts = [counts[base : base + 9] for base in (0, 9, 18)]
    honors = counts[27:]
    with_pair = [i for i, part in enumerate([*parts, honors]) if sum(part) % 4]
    if len(with_pair) != 1 or sum((parts + [honors])[with_pair[0]]) % 4 != 2:
        return ()
    where = with_pair[0]
    fixed: list[tuple[tuple[Group, ...], ...]] = []
    for i, part in enumerate(parts):
        key = int.from_bytes(bytes(part), "little")
        if i == where or not key:
            continue
        splits = _FOUR_GROUP_SPLITS[9 * i].get(key)
        if splits is None:
            return ()
        fixed.append(splits)
    out: list[tuple[int, tuple[Group, ...]]] = []
    if where == 3:
        if any(n != 0 and n != 2 and n != 4 for n in honors) or honors.count(2) != 1:
            return ()
        pair = 27 + honors.index(2)
        fours = tuple([("four", 27 + t) for t, n in enumerate(honors) if n == 4])
        options = [(fours,), *fixed]
    else:
        if any(n != 0 and n != 4 for n in honors):
            return ()
        fours = tuple([("four", 27 + t) for t, n in enumerate(honors) if n])
        part, base = parts[where], 9 * where
        key = int.from_bytes(bytes(part), "little")
        for i, n in enumerate(part):
            if n >= 2:
                rest = key - (2 << 8 * i)
                splits = _FOUR_GROUP_SPLITS[base].get(rest) if rest else ((),)
                if splits is not None:
                    _combine(base + i, [(fours,), splits, *fixed], out)
        return tuple(out)
    _combine(pair, options, out)
    return tuple(out)


def _combine(
    pair: int,
    options: list[tuple[tuple[Group, ...], ...]],
    out: list[tuple[int, tuple[Group, ...]]],
) -> None:
    found = {
        tuple(sorted([g for part in parts for g in part])) for parts in itertools.product(*options)
    }
    out.extend((pair, g) for g in sorted(found))


def back_four_pairs_py(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles that can be the pair of a BACK FOUR split of fourteen concealed tiles
    (``back_four_splits``' pairs), in tile order: the reference the C accelerator's
    ``back_four_pairs`` is tested against."""
    return tuple(sorted({pair for pair, _ in back_four_splits(counts)}))


# Bits of the tiles a run of four can start on: 1..6 of each suit.
_RUN_OF_FOUR_STARTS = sum(0b111111 << (9 * s) for s in range(3))


def back_four_possible(w: Win) -> bool:
    """A necessary condition of a BACK FOUR split, from fields of the Win alone (one
    expression, so the selector writes it in: yakubook.engine.inline), asked before the
    split search (``back_four_pairs``) on every closed hand:

    - the numbers of the tiles add up to an even total: four identical tiles of n add
      4n, a run of four from n adds 4n + 6, the pair of n adds 2n, honors add nothing;
    - a group that is no four identical tiles is a run of four, so the tiles hold four
      consecutive numbers of one suit, or else all three groups are four identical tiles:
      three tiles held four times, so three bits of ``mask3``.
    """
    return not w.number_total & 1 and (
        w.tile_mask & w.tile_mask >> 1 & w.tile_mask >> 2 & w.tile_mask >> 3 & _RUN_OF_FOUR_STARTS
        != 0
        or w.mask3.bit_count() >= 3
    )


def back_four_pairs(counts: tuple[int, ...]) -> tuple[int, ...]:
    """``back_four_pairs_py``, in C when the accelerator runs (yakubook/engine/_accel.py). Empty for
    most closed hands, and a hand with none can be no BACK FOUR: the shape's condition
    and the body's prefilter ask it, so that the body, which asks for the other yaku
    (yakubook.engine.winning), does not send every closed hand down ``evaluate``'s slower asking
    path, and the finder reads its pairs. Without C, ``_back_four_pairs_by_parts``."""
    fast = _FAST_BACK_FOUR
    return fast(counts) if fast is not None else _back_four_pairs_by_parts(counts)


_NINE = (1 << 72) - 1  # one suit's counts in the whole hand's integer (a byte per tile)


@per_hand  # the condition, the body's prefilter and the finder ask it of one hand
def _back_four_pairs_by_parts(counts: tuple[int, ...]) -> tuple[int, ...]:
    """``back_four_pairs_py`` without listing the splits: each suit's tiles are a multiple
    of four that splits into groups (one table lookup), but the one part holding the pair
    (2 mod 4), whose candidates are each tested by a lookup. ``back_four_splits`` builds
    every split, which only the body of a BACK FOUR hand reads."""
    whole = int.from_bytes(bytes(counts), "little")
    holder = -1
    for base in (0, 9, 18):
        key = whole >> 8 * base & _NINE
        tiles = key % 255  # the sum of the key's bytes, as 256 is 1 modulo 255
        if tiles % 4:
            if holder >= 0 or tiles % 4 != 2:
                return ()
            holder = base
        elif key and key not in _FOUR_GROUP_SPLITS[base]:
            return ()
    honors = counts[27:]
    if holder < 0:  # the pair among the honors, the other honors fours
        if honors.count(2) != 1 or honors.count(0) + honors.count(4) != 6:
            return ()
        return (27 + honors.index(2),)
    if honors.count(0) + honors.count(4) != 7:
        return ()
    key = whole >> 8 * holder & _NINE
    table = _FOUR_GROUP_SPLITS[holder]
    pairs: list[int] = []
    for i in range(9):
        if counts[holder + i] >= 2:
            rest = key - (2 << 8 * i)
            if not rest or rest in table:
                pairs.append(holder + i)
    return tuple(pairs)


def back_four_search(counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """``back_four_splits`` by a depth-first search over the tiles (the reference the
    table is tested against)."""
    out: list[tuple[int, tuple[Group, ...]]] = []
    c = list(counts)
    for pair in range(34):
        if c[pair] < 2:
            continue
        c[pair] -= 2
        found: set[tuple[Group, ...]] = set()
        _groups(c, [], found)
        c[pair] += 2
        out.extend((pair, g) for g in sorted(found))
    return tuple(out)


def find_back_four(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    if win.melds:
        return ()
    return tuple([_back_four_reading(win, counts, p) for p in back_four_pairs(counts)])


def _back_four_reading(win: Win, counts: tuple[int, ...], pair: int) -> Interpretation:
    """``_interpretation(BACK_FOUR, [Block("pair", pair), *_singles_less_pair(counts,
    pair)], win)`` built straight in its order: the singles below the pair's tile, the
    pair (a pair sorts before a single of its tile), the rest; the winning tile in the
    pair or in the first single of its tile; no triplet. The finder runs on every closed
    hand with a BACK FOUR split, each of which is read this way once per pair (tests
    compare the two)."""
    before: list[Block] = []
    after: list[Block] = []
    for t, n in enumerate(counts):
        if t == pair:
            n -= 2
        if n:
            (before if t < pair else after).extend([_SINGLE[t]] * n)
    ordered = (*before, _PAIR[pair], *after)
    tile = win.win_tile
    if tile == pair:
        win_block = len(before)
    elif tile < pair:
        win_block = before.index(_SINGLE[tile])
    else:
        win_block = len(before) + 1 + after.index(_SINGLE[tile])
    return Interpretation(BACK_FOUR, ordered, win_block, "other", 0, -1)


# One block of each kind per tile, shared (a Block never changes).
_SINGLE = tuple(Block("single", t) for t in range(34))
_PAIR = tuple(Block("pair", t) for t in range(34))


def _singles_less_pair(counts: tuple[int, ...], pair: int) -> list[Block]:
    c = list(counts)
    c[pair] -= 2
    return _singles(tuple(c))


# -- 七喜 -------------------------------------------------------------------------------------

def find_chiishii(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    # Each honor exactly once: all seven present, none twice (no meld, so the masks are
    # the concealed counts').
    if win.melds or win.tile_mask & HONOR_MASK != HONOR_MASK or win.mask2 & HONOR_MASK:
        return ()
    numbers = win.tile_mask & ~HONOR_MASK
    low = (numbers & -numbers).bit_length() - 1
    if low < 0 or low % 9 > 2 or numbers != 0x7F << low:
        return ()  # seven tiles, seven kinds: each once, consecutive in one suit
    return (_interpretation(CHIISHII, _singles(counts), win),)


def chiishii_start(counts: tuple[int, ...]) -> int:
    """The number (1..3) the seven consecutive tiles of a 七喜 hand start on."""
    return next(t for t in range(27) if counts[t]) % 9 + 1


# -- 南北戰爭(2), 南北戰爭(3) ---------------------------------------------------------------


def _south_north_sets(win: Win, counts: tuple[int, ...]) -> list[Block] | None:
    """The South and North triplets (or kans, concealed or melded), if the hand has one of
    each and no other meld or honor; None otherwise."""
    tc = win.tile_counts
    if tc[SOUTH] < 3 or tc[NORTH] < 3 or win.tile_mask & _OTHER_HONORS:
        return None
    blocks: list[Block] = []
    melded = 0
    for m in win.melds:
        if m.is_sequence or m.tile not in (SOUTH, NORTH):
            return None
        blocks.append(meld_block(m))
        melded |= 1 << m.tile
    for t in (SOUTH, NORTH):
        if counts[t] != (0 if melded >> t & 1 else 3):
            return None
        if not melded >> t & 1:
            blocks.append(Block("triplet", t))
    return blocks


def _number_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(counts[:27])


_1861 = (0, 7, 5, 0)  # 1, 8, 6, 1 as tile offsets
_1865 = (0, 7, 5, 4)


@kept.cache
@lru_cache(maxsize=256)
def nanboku_suits(numbers: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """(suit of 1861, suit of 1865) for every way the 27 number counts are 1-8-6-1 in
    one suit plus 1-8-6-5 in one suit (suits 0 = m, 1 = p, 2 = s)."""
    found = set()
    for x in range(3):
        for y in range(3):
            need = [0] * 27
            for off in _1861:
                need[9 * x + off] += 1
            for off in _1865:
                need[9 * y + off] += 1
            if tuple(need) == numbers:
                found.add((x, y))
    return frozenset(found)


def find_nanboku_sensou_2(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    sets = _south_north_sets(win, counts)
    if sets is None or not nanboku_suits(_number_counts(counts)):
        return ()
    blocks = sets + _singles(_number_counts(counts))
    return (_interpretation(NANBOKU_SENSOU_2, blocks, win, ron_opens_triplet=True),)


_PAIR_NUMBERS = (0, 4, 5, 7)  # 1, 5, 6, 8


def find_nanboku_sensou_3(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    sets = _south_north_sets(win, counts)
    if sets is None:
        return ()
    numbers = _number_counts(counts)
    pairs = [t for t, n in enumerate(numbers) if n]
    if len(pairs) != 4 or any(numbers[t] != 2 for t in pairs):
        return ()
    if tuple(sorted(t % 9 for t in pairs)) != _PAIR_NUMBERS:
        return ()
    blocks = sets + [Block("pair", t) for t in pairs]
    return (_interpretation(NANBOKU_SENSOU_3, blocks, win, ron_opens_triplet=True),)


# -- 編織 -------------------------------------------------------------------------------------


def find_knitting(win: Win, counts: tuple[int, ...]) -> tuple[Interpretation, ...]:
    mask = win.tile_mask
    if win.melds or mask & HONOR_MASK or win.suit_count != 2:
        return ()
    # The two suits: the lower is man unless man is absent, the higher sou unless sou is
    # absent (no honors here). Every number is held as often in one as in the other, so
    # first their bits must agree: one integer test turns most hands away.
    a = 0 if mask & _SUIT_BITS else 9
    b = 18 if mask >> 18 else 9
    if (mask >> a ^ mask >> b) & _SUIT_BITS or counts[a : a + 9] != counts[b : b + 9]:
        return ()
    return (_interpretation(KNITTING, _singles(counts), win),)


FINDERS = {
    SHIISANPUUTAA: find_shiisanpuutaa,
    SHIISANUUKAO: find_shiisanuukao,
    JUUSHI_RENKAN: find_juushi_renkan,
    BACK_FOUR: find_back_four,
    CHIISHII: find_chiishii,
    NANBOKU_SENSOU_2: find_nanboku_sensou_2,
    NANBOKU_SENSOU_3: find_nanboku_sensou_3,
    KNITTING: find_knitting,
}

# The yaku (3-16-xx) that read each shape: the finder runs only when one of them is on.
USERS = {
    SHIISANPUUTAA: "3-16-01",
    SHIISANUUKAO: "3-16-02",
    JUUSHI_RENKAN: "3-16-03",
    NANBOKU_SENSOU_2: "3-16-05",
    NANBOKU_SENSOU_3: "3-16-06",
    BACK_FOUR: "3-16-07",
    KNITTING: "3-16-08",
    CHIISHII: "3-16-09",
}

# What every hand of each shape has, read from the Win alone: the evaluator asks for a
# shape only when its condition holds (tests/yaku/test_shapes.py checks each is necessary).
CONDITIONS = {
    SHIISANPUUTAA: lambda w: w.tile_mask.bit_count() == 13 and _first_draw(w),
    SHIISANUUKAO: lambda w: w.tile_mask.bit_count() == 14 and _first_draw(w),
    JUUSHI_RENKAN: lambda w: not w.tile_mask & HONOR_MASK and _first_draw(w),
    NANBOKU_SENSOU_2: lambda w: (
        w.mask3 & _SOUTH_NORTH == _SOUTH_NORTH and not w.tile_mask & _OTHER_HONORS
    ),
    NANBOKU_SENSOU_3: lambda w: (
        w.mask3 & _SOUTH_NORTH == _SOUTH_NORTH and not w.tile_mask & _OTHER_HONORS
    ),
    BACK_FOUR: lambda w: (
        not w.melds and back_four_possible(w) and back_four_pairs(w.concealed_counts)
    ),
    KNITTING: lambda w: not w.melds and not w.tile_mask & HONOR_MASK and w.suit_count == 2,
    CHIISHII: lambda w: not w.melds and w.tile_mask & HONOR_MASK == HONOR_MASK,
}

for _kind, _finder in FINDERS.items():
    register_shape(_kind, _finder, yaku=(USERS[_kind],), when=CONDITIONS[_kind])


# The C accelerator's ``back_four_pairs`` when it runs (set by yakubook/engine/_accel.py).
_FAST_BACK_FOUR: Any = None


_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
