"""Section 3-12 槓子系的特殊役: yaku built from kans (槓子).

A kan exists only as a declared meld (``kan`` open, ``kakan`` added, ``ankan``
concealed); four identical concealed tiles are not a kan. So every body reads the melds
of the Win, never the interpretation, and tests exactly what its prefilter tests (a body
must stand alone; the prefilter only spares the call).

How many: 二槓子 is exactly two kans (three is the standard 三槓子) and 二暗槓 exactly two
ankan (three is 三暗槓); the other kans may be of any kind, since 二暗槓 combines with
二槓子 and 三槓子. 三暗槓 is three or more ankan: 四暗槓's own value says it does not
combine with 三暗槓, so the compendium counts a four-ankan hand as holding 三暗槓 too, and
evaluate drops 三暗槓 when 四暗槓 is awarded.
"""

from __future__ import annotations

from collections.abc import Callable

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import DRAGON_MASK, HAKU, NORTH, SUIT_MASKS, WIND_MASK
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_12 import (
    AnchuuMosakuOptions,
    AnchuuMosakuWin,
    ChouSangenOptions,
    ChouSuushiiOptions,
    HatsukanOptions,
    HokkyokuShirokumaOptions,
    RyanAnkanOptions,
    RyankantsuOptions,
    SanAnkanOptions,
    SanshokuDoukanOptions,
    SuuAnkanOptions,
)

SOU_MASK = SUIT_MASKS[2]
POLAR_BEAR = (1 << NORTH) | (1 << HAKU) | (1 << 8)  # 北, 白, 9m


def _kan_mask(w: Win) -> int:
    """Bit t set when the hand holds a kan (of any kind) of tile t."""
    mask = 0
    for m in w.melds:
        if m.is_quad:
            mask |= 1 << m.tile
    return mask


def _ankans(w: Win) -> int:
    return sum(1 for m in w.melds if m.kind == "ankan")


def _kans_of(tiles: int) -> Callable[[Win], bool]:
    """The test "the hand holds a kan of every tile in the mask ``tiles``"."""
    need = tiles.bit_count()
    return lambda w: w.quads >= need and _kan_mask(w) & tiles == tiles


_HAS_DRAGON_KANS = _kans_of(DRAGON_MASK)
_HAS_WIND_KANS = _kans_of(WIND_MASK)
_HAS_POLAR_BEAR = _kans_of(POLAR_BEAR)


# -- kans of particular tiles --------------------------------------------------------------


# 杠子系: a declared kan.
section_gate(__name__, lambda w: w.quads > 0)


@implements(
    "3-12-01",
    fingerprint="cc4503b702e3e0e46a568612beefd66ad5d116e387e433132a3aed874c833e6f",
    prefilter=_HAS_DRAGON_KANS,
)
def chou_sangen(win: HandView, opts: ChouSangenOptions) -> Award | None:
    """Kans (open or concealed) of 白, 發 and 中."""
    return award(win, opts) if _HAS_DRAGON_KANS(win.win) else None


@implements(
    "3-12-02",
    fingerprint="21c695af7ad034edfd2937e6afd0aa5f567bc2a50b86ef371b8727343184edc3",
    prefilter=_HAS_WIND_KANS,
)
def chou_suushii(win: HandView, opts: ChouSuushiiOptions) -> Award | None:
    """Kans (open or concealed) of 東, 南, 西 and 北."""
    return award(win, opts) if _HAS_WIND_KANS(win.win) else None


@implements(
    "3-12-03",
    fingerprint="37e383fe57f7ea2ec2500bbd0a7694ed00638caa6f3b140e5b8a31d63220d154",
    prefilter=_HAS_POLAR_BEAR,
)
def hokkyoku_shirokuma(win: HandView, opts: HokkyokuShirokumaOptions) -> Award | None:
    """Kans of 北, 白 and 9m (北極白熊, the polar bear). An open kan makes the hand open,
    and the value drops to 5 han; ankan keep it closed."""
    return award(win, opts) if _HAS_POLAR_BEAR(win.win) else None


def _same_number_kans(w: Win) -> bool:
    kans = _kan_mask(w)
    return w.quads >= 3 and bool(kans & (kans >> 9) & (kans >> 18) & SUIT_MASKS[0])


@implements(
    "3-12-10",
    fingerprint="4bee05c6160f33f202084c8f03692a0dac8445f0061f5a10c9a32fd19b372624",
    prefilter=_same_number_kans,
)
def sanshoku_doukan(win: HandView, opts: SanshokuDoukanOptions) -> Award | None:
    """三色同刻 whose three same-numbered sets are all kans (of any kind), e.g. kans of
    7m, 7p and 7s."""
    return award(win, opts) if _same_number_kans(win.win) else None


# -- how many kans -------------------------------------------------------------------------


@implements(
    "3-12-06",
    fingerprint="f535002dc58b124f4029ccd58d6a86ab43ca5ca3306801a6b9184eb10c6340c4",
    prefilter=lambda w: w.quads == 2,
)
def ryankantsu(win: HandView, opts: RyankantsuOptions) -> Award | None:
    """Exactly two kans of any kind (three is the standard 三槓子)."""
    return award(win, opts) if win.win.quads == 2 else None


@implements(
    "3-12-07",
    fingerprint="43ac60d782daeb5c325f2674ce3d624993fe8494c957149bba03a1111c243078",
    prefilter=lambda w: _ankans(w) >= 2,
)
def ryan_ankan(win: HandView, opts: RyanAnkanOptions, *, inclusive: bool = False) -> Award | None:
    """Two ankan; open kans besides them are allowed (it combines with 二槓子 and a
    non-yakuman 三槓子). When a hand is evaluated, three or four ankan hold two as
    well, and the engine drops this when 三暗槓 or 四暗槓 is awarded (they include it).
    Judged on its own it answers as under the default rules: exactly two."""
    n = _ankans(win.win)
    return award(win, opts) if n == 2 or (inclusive and n > 2) else None


@implements(
    "3-12-08",
    fingerprint="e38a799364dbc62e7e214b7f622de833d40591f8d79138194184684c52b76aaa",
    prefilter=lambda w: _ankans(w) >= 3,
)
def san_ankan(win: HandView, opts: SanAnkanOptions) -> Award | None:
    """Three ankan (a fourth kan of any kind allowed; with four ankan 四暗槓 supersedes
    it through its 與三暗槓不復合)."""
    return award(win, opts) if _ankans(win.win) >= 3 else None


@implements(
    "3-12-09",
    fingerprint="de9cc4cad56e7a49b031a249430c140f763580bd727c912b4901002639286686",
    prefilter=lambda w: _ankans(w) == 4,
)
def suu_ankan(win: HandView, opts: SuuAnkanOptions) -> Award | None:
    """Four ankan."""
    return award(win, opts) if _ankans(win.win) == 4 else None


# -- kans and the situation ----------------------------------------------------------------


def _sou_tsumo_with_ankan(w: Win) -> bool:
    return w.tsumo and bool(SOU_MASK >> w.win_tile & 1) and _ankans(w) > 0


@implements(
    "3-12-04",
    fingerprint="bb173dceeb3be995219587e33b02d60aa33ab2adaccd633633bf3f4a40dfa2cf",
    prefilter=_sou_tsumo_with_ankan,
)
def anchuu_mosaku(win: HandView, opts: AnchuuMosakuOptions) -> Award | None:
    """暗中模索 ("groping in the dark", 暗 = ankan, 索 = souzu): holding an ankan, win by
    tsumo on a souzu tile.

    3-12-04-01 a: any souzu tsumo while the hand holds an ankan. b: the win must be the
    rinshan (replacement) tile after the kan. The winning hand's record does not say which kan
    was the last one declared; a hand that holds an ankan and wins on rinshan is read as
    drawing that tile after an ankan.
    """
    if not _sou_tsumo_with_ankan(win.win):
        return None
    if opts.win is AnchuuMosakuWin.RINSHAN_REQUIRED and not win.win.rinshan:
        return None
    return award(win, opts)


def _first_draw_ankan(w: Win) -> bool:
    return w.turn == 1 and _ankans(w) > 0 and (w.dealer or w.first_go_around)


@implements(
    "3-12-05",
    fingerprint="7ab245ec277571f3b4ddfe616d0c9972e718cf256045f67673e3f36273cbad28",
    prefilter=_first_draw_ankan,
)
def hatsukan(win: HandView, opts: HatsukanOptions) -> Award | None:
    """初槓: an ankan declared by the dealer from the dealt tiles, or by a non-dealer on the
    first draw with no call made before it.

    The winning hand's record does not say when a kan was declared, so this holds only when
    the win itself proves it: the win came on the first draw (the winner has drawn once; a
    rinshan replacement is part of that same turn, and the dealer's 14th dealt tile is draw
    1), so any ankan in the hand was declared at the deal / first draw. For a non-dealer
    the "no call before it" condition is read as "first go-around, no calls" (no call by
    anyone up to the win); nothing can be called before the dealer's first turn, so the
    dealer needs no flag. An ankan declared at the first draw of a hand won later (or on a
    draw not recorded) is not seen.
    """
    return award(win, opts) if _first_draw_ankan(win.win) else None
