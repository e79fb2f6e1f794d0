"""Seeded constructive generator of valid winning hands for the engine tests.

Hands are built from blocks (four sets and a pair, or seven pairs, thirteen orphans,
nine gates) drawn from style-specific pools, so that every standard yaku turns up often
enough to be compared; never more than four copies of a tile.
"""

from __future__ import annotations

import random
from collections import Counter

from yakubook.engine.melds import Meld
from yakubook.engine.tiles import DRAGONS, GREEN, HONORS, WINDS, YAOCHUU
from yakubook.engine.win import Win

SEQ, TRIP = "seq", "trip"
Block = tuple[str, int]

ALL_SEQ = [base + n for base in (0, 9, 18) for n in range(7)]
ALL_TILES = list(range(34))
STYLES = (
    "any",
    "any",
    "any",
    "flush",
    "flush",
    "outside",
    "honors",
    "winds",
    "green",
    "triplets",
    "simples",
    "sanshoku",
    "doukou",
    "ittsuu",
    "peikou",
    "kans",
    "chiitoitsu",
    "kokushi",
    "chuuren",
    "terminals",
    "sangen",
    "suushii",
    "allhonors",
)


def _suit_tiles(suit: int) -> list[int]:
    return list(range(9 * suit, 9 * suit + 9))


def _pools(style: str, rng: random.Random) -> tuple[list[int], list[int], list[int]]:
    """(sequence starts, triplet tiles, pair tiles) allowed for this hand."""
    suit = rng.randrange(3)
    if style == "flush":
        tiles = _suit_tiles(suit) + (list(HONORS) if rng.random() < 0.5 else [])
        seqs = [9 * suit + n for n in range(7)]
        return seqs, tiles, tiles
    if style == "outside":
        seqs = [base + n for base in (0, 9, 18) for n in (0, 6)]
        tiles = list(YAOCHUU) if rng.random() < 0.6 else [0, 8, 9, 17, 18, 26]
        return seqs, tiles, tiles
    if style == "honors":
        return ALL_SEQ, list(DRAGONS) * 3 + ALL_TILES, list(DRAGONS) * 3 + ALL_TILES
    if style == "winds":
        return ALL_SEQ, list(WINDS) * 4 + ALL_TILES, list(WINDS) * 4 + ALL_TILES
    if style == "green":
        return [19], list(GREEN), list(GREEN)
    if style in ("triplets", "kans", "doukou"):
        return [], ALL_TILES, ALL_TILES
    if style == "allhonors":
        return [], list(HONORS), list(HONORS)
    if style == "terminals":
        tiles = [0, 8, 9, 17, 18, 26]
        return [], tiles, tiles
    if style == "simples":
        simples = [t for t in range(27) if t % 9 not in (0, 8)]
        return [base + n for base in (0, 9, 18) for n in range(1, 6)], simples, simples
    return ALL_SEQ, ALL_TILES, ALL_TILES


def _forced(style: str, rng: random.Random) -> list[Block]:
    n = rng.randrange(7)
    if style in ("sangen", "suushii"):
        group = DRAGONS if style == "sangen" else WINDS
        big = rng.random() < 0.5
        return [(TRIP, t) for t in rng.sample(group, len(group) if big else len(group) - 1)]
    if style == "sanshoku":
        return [(SEQ, n), (SEQ, n + 9), (SEQ, n + 18)]
    if style == "doukou":
        n = rng.randrange(9)
        return [(TRIP, n), (TRIP, n + 9), (TRIP, n + 18)]
    if style == "ittsuu":
        base = 9 * rng.randrange(3)
        return [(SEQ, base), (SEQ, base + 3), (SEQ, base + 6)]
    if style == "peikou":
        start = rng.choice(ALL_SEQ)
        blocks = [(SEQ, start), (SEQ, start)]
        if rng.random() < 0.5:
            other = rng.choice(ALL_SEQ)
            blocks += [(SEQ, other), (SEQ, other)]
        return blocks
    return []


def _block_tiles(kind: str, tile: int, size: int = 3) -> list[int]:
    return [tile, tile + 1, tile + 2] if kind == SEQ else [tile] * size


def _fits(counts: Counter[int], tiles: list[int]) -> bool:
    extra = Counter(tiles)
    return all(counts[t] + n <= 4 for t, n in extra.items())


def _standard_hand(style: str, rng: random.Random) -> Win | None:
    seqs, trips, pairs = _pools(style, rng)
    blocks = _forced(style, rng)
    while len(blocks) < 4:
        use_seq = seqs and (not trips or rng.random() < 0.55)
        blocks.append((SEQ, rng.choice(seqs)) if use_seq else (TRIP, rng.choice(trips)))
    rng.shuffle(blocks)
    n_melds = 0 if rng.random() < 0.4 else rng.randint(1, 4)
    if style == "kans":
        n_melds = rng.randint(2, 4)
    counts: Counter[int] = Counter()
    melds: list[Meld] = []
    concealed: list[int] = []
    for i, (kind, tile) in enumerate(blocks):
        if i < n_melds:
            meld = _meld_for(kind, tile, style, rng)
            if not _fits(counts, list(meld.tiles)):
                return None
            counts.update(meld.tiles)
            melds.append(meld)
        else:
            tiles = _block_tiles(kind, tile)
            if not _fits(counts, tiles):
                return None
            counts.update(tiles)
            concealed.extend(tiles)
    pair = rng.choice(pairs)
    if style in ("sangen", "suushii") and rng.random() < 0.7:
        pair = rng.choice(DRAGONS if style == "sangen" else WINDS)
    if not _fits(counts, [pair, pair]):
        return None
    concealed += [pair, pair]
    return _situation(concealed, melds, rng)


def _meld_for(kind: str, tile: int, style: str, rng: random.Random) -> Meld:
    if kind == SEQ:
        return Meld("chi", (tile, tile + 1, tile + 2))
    if style == "kans":
        meld_kind = rng.choice(("kan", "ankan", "kakan"))
    else:
        meld_kind = rng.choice(("pon", "pon", "pon", "kan", "ankan", "kakan"))
    return Meld(meld_kind, (tile,) * (3 if meld_kind == "pon" else 4))


def _situation(concealed: list[int], melds: list[Meld], rng: random.Random) -> Win:
    closed = all(not m.is_open for m in melds)
    return Win(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        melds=tuple(melds),
        tsumo=rng.random() < 0.5,
        seat_wind=rng.choice(WINDS),
        round_wind=rng.choice(WINDS[:2]) if rng.random() < 0.8 else rng.choice(WINDS),
        riichi="riichi" if closed and rng.random() < 0.3 else "none",
    )


def _chiitoitsu(rng: random.Random) -> Win:
    pool = rng.choice(
        (
            ALL_TILES,
            list(YAOCHUU),
            _suit_tiles(rng.randrange(3)) + list(HONORS),
            [t for t in range(27) if t % 9 not in (0, 8)],
        )
    )
    tiles = rng.sample(pool, 7)
    return _situation([t for t in tiles for _ in (0, 1)], [], rng)


def _kokushi(rng: random.Random) -> Win:
    return _situation(list(YAOCHUU) + [rng.choice(YAOCHUU)], [], rng)


def _chuuren(rng: random.Random) -> Win:
    base = 9 * rng.randrange(3)
    tiles = [base] * 3 + [base + n for n in range(1, 8)] + [base + 8] * 3
    return _situation(tiles + [base + rng.randrange(9)], [], rng)


def random_win(rng: random.Random) -> Win:
    """One valid winning hand (a complete standard, seven-pairs or orphans shape)."""
    while True:
        style = rng.choice(STYLES)
        if style == "chiitoitsu":
            return _chiitoitsu(rng)
        if style == "kokushi":
            return _kokushi(rng)
        if style == "chuuren":
            return _chuuren(rng)
        win = _standard_hand(style, rng)
        if win is not None:
            return win
