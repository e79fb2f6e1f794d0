"""Section 3-07 混一色、對對和形的特殊役: half flushes (混一色) of all triplets (對對和).

The section's shape is both: one number suit plus honors, four triplets (or quads) and
a pair. As in 3-05, 只有 X lists the tiles the hand may use; a tile is required only
where the text says so or the shape needs it.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import HONOR_MASK, SOUTH, SUIT_MASKS, WEST
from yakubook.engine.view import HandView, tiles_mask
from yakubook.engine.win import Win
from yakubook.generated.s3_07 import (
    AonodoumonOptions,
    BeniKujaku2Options,
    SaigouNanshuuCondition,
    SaigouNanshuuOptions,
)

BENI_KUJAKU_TILES = tiles_mask("1579s", "7z")
AONODOUMON_TILES = tiles_mask("248p", "12346z")
SAIGOU = (1 << WEST) | (1 << SOUTH)


def _half_flush(w: Win) -> bool:
    """One number suit and honors, both present."""
    mask = w.tile_mask
    numbers = mask & ~HONOR_MASK
    return bool(mask & HONOR_MASK) and any(numbers and numbers & ~m == 0 for m in SUIT_MASKS)


def _half_flush_toitoi(win: HandView) -> bool:
    return _half_flush(win.win) and win.std("toitoi")


# 混一色·對對和形: one number suit at most.
section_gate(__name__, lambda w: w.suit_count <= 1)


@implements(
    "3-07-01",
    fingerprint="c38de017df69c82dceb099f0a7727c3aa4be2f4c9ac3bda454538ecf978573a8",
    prefilter=lambda w: w.tile_mask & ~BENI_KUJAKU_TILES == 0,
)
def beni_kujaku_2(win: HandView, opts: BeniKujaku2Options) -> Award | None:
    """紅孔雀(2): only 1, 5, 7, 9-sou and 中 (open allowed).

    These tiles make no sequence and no seven pairs, and four tiles of souzu cannot fill
    four triplets and a pair, so every such hand is a souzu half flush of all triplets
    with 中.
    """
    if win.only(BENI_KUJAKU_TILES) and _half_flush_toitoi(win):
        return award(win, opts)
    return None


@implements(
    "3-07-02",
    fingerprint="588e7c14e88d02ed03a0a82392d03ae1f4fb152c30ce8994205c539907e802c5",
    prefilter=lambda w: w.tile_mask & ~AONODOUMON_TILES == 0 and _half_flush(w),
)
def aonodoumon(win: HandView, opts: AonodoumonOptions) -> Award | None:
    """青洞門: all triplets of 2, 4, 8-pin, 發 and winds only, a pinzu half flush.

    只有 limits the tiles: the text requires neither 發 nor all of 2, 4, 8-pin (some
    Japanese lists do, with a single wind). The section's half flush needs pinzu, so
    an all-honor hand of 發 and winds does not count.
    """
    if win.only(AONODOUMON_TILES) and _half_flush_toitoi(win):
        return award(win, opts)
    return None


@implements(
    "3-07-03",
    fingerprint="fb5ceb89d79f5a99c7824596faf476a9fc76979f2b325e04a0ddff1e6373833c",
    prefilter=lambda w: w.tile_mask & SAIGOU == SAIGOU and _half_flush(w),
)
def saigou_nanshuu(win: HandView, opts: SaigouNanshuuOptions) -> Award | None:
    """西鄉南州: a half flush of all triplets holding 西 and 南.

    3-07-03-01: a both 西 and 南 are triplets / b one of them may be the pair.
    """
    if not _half_flush_toitoi(win):
        return None
    trips = win.triplets
    pair = win.pair if opts.condition is SaigouNanshuuCondition.ONE_MAY_BE_PAIR else None
    if all(t in trips or t == pair for t in (WEST, SOUTH)):
        return award(win, opts)
    return None
