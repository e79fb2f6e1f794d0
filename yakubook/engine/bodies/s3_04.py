"""Section 3-04 嶺上開花的相關特殊役: yaku of the win on a kan's replacement tile.

Every body needs ``rinshan`` (a tsumo on the replacement tile) and then looks at the
winning tile, the kans in the hand or the turn. With several kans the Win does not say
which one gave the replacement tile; a body asking for a particular ankan accepts it when
the hand holds that ankan.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import tile_from_str
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_04 import (
    DaichikubiOptions,
    DaichikubiRiichi,
    RenkanKaihouCondition,
    RenkanKaihouOptions,
    SayonaraHomerunOptions,
    ShouchikubiOptions,
    ShouchikubiRiichi,
    ToukanhouDealerAnkan,
    ToukanhouNondealerAnkan,
    ToukanhouNondealerDaiminkan,
    ToukanhouOptions,
    UupinKaihouOptions,
)

PIN1 = tile_from_str("1p")
PIN5 = tile_from_str("5p")
SOU7 = tile_from_str("7s")


def _has_ankan(w: Win, tile: int) -> bool:
    return any(m.kind == "ankan" and m.tile == tile for m in w.melds)


def _when_uupin_kaihou(w: Win) -> bool:
    return w.rinshan and w.win_tile == PIN5


# 嶺上開花 yaku need a win on a replacement tile.
section_gate(__name__, lambda w: w.rinshan)


@implements(
    "3-04-01",
    fingerprint="0ec45bcb647d67c5006b4651b2faa5071318f1f1d02dd6e122af5874f3051d3f",
    prefilter=_when_uupin_kaihou,
)
def uupin_kaihou(win: HandView, opts: UupinKaihouOptions) -> Award | None:
    """嶺上開花 on a 5筒 (a red one too)."""
    if not _when_uupin_kaihou(win.win):
        return None
    return award(win, opts)


def _when_toukanhou(w: Win) -> bool:
    return w.rinshan and w.turn == 1 and w.quads > 0


@implements(
    "3-04-02",
    fingerprint="7c262a02697f80dd751926b563d41e8ec517ae3b7a9f0e39eb1e757686ec0416",
    prefilter=_when_toukanhou,
)
def toukanhou(win: HandView, opts: ToukanhouOptions) -> Award | None:
    """嶺上開花 before one's first discard: on the first draw.

    Before the first discard a hand can only hold kans: ankan from the first draw, or a
    non-dealer's daiminkan of a discard before that first draw (after which the
    replacement tile is the first draw); a pon, chi or added kan means a discard was
    made, so the hand must hold kans only, at most one of them open and none added.
    The three cases are the rule questions: 3-04-02-01 the dealer's ankan from the dealt
    tiles, 3-04-02-02 a non-dealer's ankan after the first draw, 3-04-02-03 a
    non-dealer's daiminkan before the first draw; each counts under a.
    """
    if not _when_toukanhou(win.win):
        return None
    w = win.win
    kinds = [m.kind for m in w.melds]
    if any(k not in ("ankan", "kan") for k in kinds) or kinds.count("kan") > 1:
        return None
    if "kan" in kinds:
        if w.dealer:
            return None  # the dealer discards before any daiminkan is possible
        counts = opts.nondealer_daiminkan is ToukanhouNondealerDaiminkan.COUNTS
    elif w.dealer:
        counts = opts.dealer_ankan is ToukanhouDealerAnkan.COUNTS
    else:
        counts = opts.nondealer_ankan is ToukanhouNondealerAnkan.COUNTS
    return award(win, opts) if counts else None


def _when_renkan_kaihou(w: Win) -> bool:
    return w.consecutive_kans >= 2


@implements(
    "3-04-03",
    fingerprint="1056953b732290f48bfd3dd0be83750bc960f1a1987f48a182c7150acaff5a2d",
    prefilter=_when_renkan_kaihou,
)
def renkan_kaihou(win: HandView, opts: RenkanKaihouOptions) -> Award | None:
    """A kan, another kan with the replacement tile, and the win on the second
    replacement tile (two kans or more in a row). 3-04-03-01 a: closed hands only."""
    if not _when_renkan_kaihou(win.win):
        return None
    if opts.condition is RenkanKaihouCondition.CLOSED_ONLY and win.is_open:
        return None
    return award(win, opts)


def _when_sayonara_homerun(w: Win) -> bool:
    return w.penultimate_kan


@implements(
    "3-04-04",
    fingerprint="5a50c5483fdf2babfd73e38d89f37f0dbc48d5a3f6932c935500584a50d1d238",
    prefilter=_when_sayonara_homerun,
)
def sayonara_homerun(win: HandView, opts: SayonaraHomerunOptions) -> Award | None:
    """A kan on the tile drawn just before the last one, won on its
    replacement tile: the walk-off home run."""
    if not _when_sayonara_homerun(win.win):
        return None
    return award(win, opts)


def _chikubi(win: HandView, riichi_needed: bool) -> bool:
    return not riichi_needed or win.win.riichi_declared


def _when_shouchikubi(w: Win) -> bool:
    return w.rinshan and _has_ankan(w, SOU7)


@implements(
    "3-04-05",
    fingerprint="508f477ee96ac7316db53b3aa84a8e158004279b8220b6cd18f8f7bdcd0ccf41",
    prefilter=_when_shouchikubi,
)
def shouchikubi(win: HandView, opts: ShouchikubiOptions) -> Award | None:
    """嶺上開花 after an ankan of 7索. 3-04-05-01 a: only with a riichi declared before."""
    if not _when_shouchikubi(win.win):
        return None
    riichi_needed = opts.riichi is ShouchikubiRiichi.EARLY_RIICHI_ONLY
    return award(win, opts) if _chikubi(win, riichi_needed) else None


def _when_daichikubi(w: Win) -> bool:
    return w.rinshan and _has_ankan(w, PIN1)


@implements(
    "3-04-06",
    fingerprint="eab901cf422a51c803fea2c2662f694c72b1a3499419a14549336faaa51ee9a0",
    prefilter=_when_daichikubi,
)
def daichikubi(win: HandView, opts: DaichikubiOptions) -> Award | None:
    """嶺上開花 after an ankan of 1筒. 3-04-06-01 a: only with a riichi declared before."""
    if not _when_daichikubi(win.win):
        return None
    riichi_needed = opts.riichi is DaichikubiRiichi.EARLY_RIICHI_ONLY
    return award(win, opts) if _chikubi(win, riichi_needed) else None
