"""Section 3-03 海底撈月及河底撈魚的相關特殊役: yaku of the last tile.

海底撈月 is a tsumo on the last wall tile (``haitei``), 河底撈魚 a ron on the last discard
(``houtei``). Every body here asks for one of the two and, at most, the winning tile, the
riichi or the wait.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import HAKU, tile_from_str
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_03 import (
    HijoushokuOptions,
    IipinMoyueCondition,
    IipinMoyueOptions,
    IshinouedeSannenOptions,
    IshinouedeSannenValue,
    LastOrderMaboDofuCondition,
    LastOrderMaboDofuOptions,
    RyanpinHouteiOptions,
)

PIN1 = tile_from_str("1p")
PIN2 = tile_from_str("2p")
DOUBLE_RIICHI = ("double", "open_double")


def _last_tile(w: Win) -> bool:
    return w.haitei or w.houtei


def _when_iipin_moyue(w: Win) -> bool:
    return w.win_tile == PIN1 and _last_tile(w)


# 海底撈月 / 河底撈魚 yaku need the last tile.
section_gate(__name__, lambda w: w.haitei or w.houtei)


@implements(
    "3-03-01",
    fingerprint="fb802cb84af257fb359b328f8156c4afbd52ce3bcf71663ef189e7added70bc8",
    prefilter=_when_iipin_moyue,
)
def iipin_moyue(win: HandView, opts: IipinMoyueOptions) -> Award | None:
    """海底撈月 on 1筒 (the moon in the sea); 3-03-01-01 b also counts 河底撈魚 on 1筒."""
    if not _when_iipin_moyue(win.win):
        return None
    if win.win.houtei and opts.condition is IipinMoyueCondition.HAITEI_ONLY:
        return None
    return award(win, opts)


def _when_ryanpin_houtei(w: Win) -> bool:
    return w.win_tile == PIN2 and w.houtei


@implements(
    "3-03-02",
    fingerprint="76113dae42f95f8bee8a71b796a9e31f887cb99b04c5128fd1855fac33c015ff",
    prefilter=_when_ryanpin_houtei,
)
def ryanpin_houtei(win: HandView, opts: RyanpinHouteiOptions) -> Award | None:
    """河底撈魚: a ron on the last discard, a 2筒."""
    if not _when_ryanpin_houtei(win.win):
        return None
    return award(win, opts)


def _when_last_order_mabo_dofu(w: Win) -> bool:
    return w.win_tile == HAKU and _last_tile(w)


@implements(
    "3-03-03",
    fingerprint="5005d8861c8857b7734bb8d6613265be04ee6ff3254be678922b4b55524fed82",
    prefilter=_when_last_order_mabo_dofu,
)
def last_order_mabo_dofu(win: HandView, opts: LastOrderMaboDofuOptions) -> Award | None:
    """The last tile, a 白 (tofu): 3-03-03-01 a = only by 河底撈魚, b = 海底撈月 too."""
    if not _when_last_order_mabo_dofu(win.win):
        return None
    if win.win.haitei and opts.condition is LastOrderMaboDofuCondition.HOUTEI_ONLY:
        return None
    return award(win, opts)


def _when_ishinouede_sannen(w: Win) -> bool:
    return w.riichi in DOUBLE_RIICHI and _last_tile(w)


@implements(
    "3-03-04",
    fingerprint="a61e474791bd5687db566eb0c9d2718183e8f513f9f1daa4cc10e9d5d00a67cd",
    prefilter=_when_ishinouede_sannen,
)
def ishinouede_sannen(win: HandView, opts: IshinouedeSannenOptions) -> Award | None:
    """Double riichi (an open one too) won on the last tile (three years on a stone).

    Value b holds for 海底撈月 only (限海底撈月); value c is two yakuman by 海底撈月 and
    one by 河底撈魚.
    """
    if not _when_ishinouede_sannen(win.win):
        return None
    haitei = win.win.haitei
    if opts.value is IshinouedeSannenValue.HAITEI_ONLY_YAKUMAN:
        return award(win, opts) if haitei else None
    return award(win, opts, case="海底捞月" if haitei else "河底捞鱼")


def _when_hijoushoku(w: Win) -> bool:
    return _last_tile(w) and (w.is_closed or len(w.melds) == 4)


@implements(
    "3-03-05",
    fingerprint="299876ee383413be84b07ee87284d33d593ae76bf0aed7ce0bea766ebe6733de",
    prefilter=_when_hijoushoku,
)
def hijoushoku(win: HandView, opts: HijoushokuOptions) -> Award | None:
    """A single wait won on the last tile: 裸單騎 (four melds, the lone tile waiting for
    its pair) or a closed hand on a single wait (門前單騎; seven pairs waits that way too).

    An open hand with fewer than four melds does not count, whatever its wait.
    """
    if not _when_hijoushoku(win.win):
        return None
    return award(win, opts) if win.wait == "tanki" else None
