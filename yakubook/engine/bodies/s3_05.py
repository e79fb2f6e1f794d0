"""Section 3-05 混一色形的特殊役: yaku in the shape of a half flush (混一色).

Most are "only these tiles" hands: 僅有 X 的和牌 lists the tiles the hand may use; a tile is
required only where the compendium says so (a 條件 such as 必須有中, or a rule question).
The section's shape is the half flush: one number suit plus honors. For the tile-only
hands the tiles already force that shape, so those bodies look at the tile mask alone
and accept any way the hand is read.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import CHUN, HAKU, HATSU, HONOR_MASK, SUIT_MASKS
from yakubook.engine.view import HandView, tiles_mask
from yakubook.engine.win import Win
from yakubook.generated.s3_05 import (
    BeniKujaku1Options,
    HakuittenOptions,
    KouhakuManjuuOptions,
    KouhakuManjuuSuit,
    KouittenChunPair,
    KouittenCondition,
    KouittenOptions,
    KuroiisouComposition,
    KuroiisouCondition,
    KuroiisouOptions,
    RenjiHoniisouOptions,
)

MAN_MASK, PIN_MASK, SOU_MASK = SUIT_MASKS
CHUN_BIT = 1 << CHUN
HAKU_BIT = 1 << HAKU

KOUITTEN_TILES = tiles_mask("23468s", "7z")
BENI_KUJAKU_TILES = tiles_mask("23468m", "7z")
HAKUITTEN_TILES = tiles_mask("135679p", "5z")
KUROIISOU_TILES = tiles_mask("248p", "1234z")
KUROIISOU_NUMBERS = tiles_mask("248p")
KOUHAKU = CHUN_BIT | HAKU_BIT
# 連字混一色: the suit of the flush and the dragon whose triplet it needs.
RENJI = ((SOU_MASK, HAKU), (PIN_MASK, HATSU), (MAN_MASK, CHUN))
RENJI_DRAGONS = 1 << HAKU | 1 << HATSU | 1 << CHUN


def _half_flush_of(w: Win, suit_mask: int) -> bool:
    """That suit and honors only, with both present (混一色 of that suit)."""
    mask = w.tile_mask
    return (
        mask & ~(suit_mask | HONOR_MASK) == 0 and bool(mask & suit_mask) and bool(mask & HONOR_MASK)
    )


# The tile tests below (every tile in a set, some required tile there) are each one
# expression, so the selector writes them in instead of calling them (yakubook/engine/inline.py).


def _kouitten_tiles(w: Win) -> bool:
    return w.tile_mask & ~KOUITTEN_TILES == 0 and w.tile_mask & CHUN_BIT == CHUN_BIT


# 混一色形: one number suit at most.
section_gate(__name__, lambda w: w.suit_count <= 1)


@implements(
    "3-05-01",
    fingerprint="9d550a7c0050ddcfa2f07ae7543f2539c1191232dba54a63c48ad96fbcaa06fc",
    prefilter=_kouitten_tiles,
)
def kouitten(win: HandView, opts: KouittenOptions) -> Award | None:
    """紅一點: only 2, 3, 4, 6, 8-sou and 中, and 中 must be there.

    3-05-01-01: a closed only / b open allowed. 3-05-01-02 (中 must be the pair):
    b means 中 is the head of a standard hand; a means 中 may be a triplet or the pair.
    """
    if not _kouitten_tiles(win.win):
        return None
    if opts.condition is KouittenCondition.CLOSED_ONLY and win.is_open:
        return None
    if opts.chun_pair is KouittenChunPair.REQUIRED and not (
        win.standard_shape and win.pair == CHUN
    ):
        return None
    return award(win, opts)


def _beni_kujaku_tiles(w: Win) -> bool:
    return w.tile_mask & ~BENI_KUJAKU_TILES == 0 and w.tile_mask & CHUN_BIT == CHUN_BIT


@implements(
    "3-05-02",
    fingerprint="d240bfa6dc9bb7bf753e58bcf96d97cb2e36a686158cfad39f14c9dc0fc13b5a",
    prefilter=_beni_kujaku_tiles,
)
def beni_kujaku_1(win: HandView, opts: BeniKujaku1Options) -> Award | None:
    """紅孔雀(1): only 2, 3, 4, 6, 8-man and 中, and 中 must be there (open allowed)."""
    return award(win, opts) if _beni_kujaku_tiles(win.win) else None


def _hakuitten_tiles(w: Win) -> bool:
    return w.tile_mask & ~HAKUITTEN_TILES == 0 and w.tile_mask & HAKU_BIT == HAKU_BIT


@implements(
    "3-05-03",
    fingerprint="a49f5df52cee40cd2626b52a2048e2fe7e960ab679bc830565ede07a6d475a4e",
    prefilter=_hakuitten_tiles,
)
def hakuitten(win: HandView, opts: HakuittenOptions) -> Award | None:
    """白一點: only 1, 3, 5, 6, 7, 9-pin and 白, and 白 must be there (seven pairs too:
    the text asks for any winning hand of these tiles)."""
    return award(win, opts) if _hakuitten_tiles(win.win) else None


def _kuroiisou_tiles(w: Win) -> bool:
    return w.tile_mask & ~KUROIISOU_TILES == 0


@implements(
    "3-05-04",
    fingerprint="7d1e291fe8fb1798caefe27e52ec3159a8b7fde223bbf2bd8532bee9d3eb9fc2",
    prefilter=_kuroiisou_tiles,
)
def kuroiisou(win: HandView, opts: KuroiisouOptions) -> Award | None:
    """黑一色: only 2, 4, 8-pin and winds.

    These tiles make no sequence, so the hand is all triplets or seven pairs.
    3-05-04-01: a either shape / b all triplets (對對和) only. 3-05-04-02 lost its
    first digit in the source (�筒、4筒、8筒); the 【內容】 names 2, 4, 8-pin, so it is 2:
    a the three need not all appear / b 2, 4 and 8-pin must all appear.
    """
    if not _kuroiisou_tiles(win.win):
        return None
    shape_ok = win.std("toitoi") or (
        opts.condition is KuroiisouCondition.TOITOI_OR_CHIITOITSU and win.std("chiitoitsu")
    )
    if not shape_ok:
        return None
    if (
        opts.composition is KuroiisouComposition.BLACK_PINS_ALL_REQUIRED
        and win.mask & KUROIISOU_NUMBERS != KUROIISOU_NUMBERS
    ):
        return None
    return award(win, opts)


def _has_kouhaku(w: Win) -> bool:
    return w.tile_mask & KOUHAKU == KOUHAKU


@implements(
    "3-05-05",
    fingerprint="e6849bbfdf226cde5fd00a553c431f8232a4246652ed59fb9742839a3923c6e5",
    prefilter=lambda w: (
        _has_kouhaku(w) and (_half_flush_of(w, MAN_MASK) or _half_flush_of(w, PIN_MASK))
    ),
)
def kouhaku_manjuu(win: HandView, opts: KouhakuManjuuOptions) -> Award | None:
    """紅白饅頭: a half flush holding 中 and 白.

    有中和白 asks only that both tiles be in the hand, as a triplet or the pair (the
    compendium says 刻子 when it wants a triplet, as in 3-05-06). 3-05-05-01 picks the
    suit: a manzu / b pinzu.
    """
    suit_mask = MAN_MASK if opts.suit is KouhakuManjuuSuit.MANZU_ONLY else PIN_MASK
    if not (_has_kouhaku(win.win) and _half_flush_of(win.win, suit_mask)):
        return None
    return award(win, opts)


def _renji_candidate(w: Win) -> bool:
    held = w.mask3
    return any(held >> dragon & 1 and _half_flush_of(w, suit_mask) for suit_mask, dragon in RENJI)


@implements(
    "3-05-06",
    fingerprint="378aba7f6f6ab49ce16a328108ac613ae1f0f595f1b449af9256b45d0736f20e",
    # A dragon triplet first (written in by the selector), then the flush of its suit.
    prefilter=lambda w: w.mask3 & RENJI_DRAGONS != 0 and _renji_candidate(w),
)
def renji_honiisou(win: HandView, opts: RenjiHoniisouOptions) -> Award | None:
    """連字混一色: a souzu half flush with a 白 triplet, a pinzu one with a 發 triplet, or
    a manzu one with a 中 triplet (a quad counts as a triplet)."""
    for suit_mask, dragon in RENJI:
        if _half_flush_of(win.win, suit_mask) and dragon in win.triplets:
            return award(win, opts)
    return None
