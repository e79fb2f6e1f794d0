"""The standard yaku that local yaku build on, as predicates of one interpretation.

Definitions follow the ``mahjong`` library (v2.1.0) so the two agree (a differential test
checks this), with these deliberate choices, which agree with the library once its
suppression rules are applied:

* yaku are shape facts: open-hand availability (kuitan) is a ruleset question, so
  ``tanyao`` holds for open hands too; closed-only yaku (iipeikou, ryanpeikou, pinfu)
  do check ``menzen``;
* mutually exclusive pairs exclude each other here, as in scoring: honiisou is false for
  a chiniisou hand, chanta for a junchan hand, iipeikou for a ryanpeikou hand;
* honroutou and shousangen need their full mixed form (terminals AND honors; exactly two
  dragon triplets and a dragon pair), so they are false for the yakuman that contain
  them (chinroutou, tsuuiisou, daisangen), where the library reports them only to drop
  them again.

Tile-colour yaku (tanyao, the flushes, the all-terminal/honor/green families, chuuren)
look at the tiles, so they apply to any interpretation kind; set yaku need ``standard``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yakubook.engine.award import YAKUMAN_HAN
from yakubook.engine.decompose import Interpretation
from yakubook.engine.tiles import (
    GREEN_MASK,
    HONOR_MASK,
    SUIT_MASKS,
    TERMINAL_MASK,
    YAOCHUU_MASK,
    is_dragon,
    is_wind,
)
from yakubook.engine.win import Win

if TYPE_CHECKING:  # the view reads this module: only its type here
    from yakubook.engine.view import HandView

_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _standard(interp: Interpretation) -> bool:
    return interp.kind == "standard"


def _one_suit(mask: int) -> bool:
    suited = mask & ~HONOR_MASK
    return suited != 0 and any(suited & ~m == 0 for m in SUIT_MASKS)


# -- hand state --------------------------------------------------------------------------


def menzen(win: Win, interp: Interpretation | None = None) -> bool:
    """門前: no open meld; an ankan keeps the hand closed."""
    return win.is_closed


# -- tile colour -------------------------------------------------------------------------


def tanyao(win: Win, interp: Interpretation | None = None) -> bool:
    """斷幺九: no terminal or honor anywhere (open hands included: kuitan is a rule)."""
    return win.tile_mask & YAOCHUU_MASK == 0


def chiniisou(win: Win, interp: Interpretation | None = None) -> bool:
    """清一色: one suit, no honors."""
    return win.tile_mask & HONOR_MASK == 0 and _one_suit(win.tile_mask)


def honiisou(win: Win, interp: Interpretation | None = None) -> bool:
    """混一色: one suit plus honors (so never together with chiniisou or tsuuiisou)."""
    return win.tile_mask & HONOR_MASK != 0 and _one_suit(win.tile_mask)


def tsuuiisou(win: Win, interp: Interpretation | None = None) -> bool:
    """字一色: honors only."""
    return win.tile_mask & ~HONOR_MASK == 0


def chinroutou(win: Win, interp: Interpretation | None = None) -> bool:
    """清老頭: terminals only."""
    return win.tile_mask & ~TERMINAL_MASK == 0


def honroutou(win: Win, interp: Interpretation | None = None) -> bool:
    """混老頭: terminals and honors only, with both present."""
    mask = win.tile_mask
    return mask & ~YAOCHUU_MASK == 0 and mask & HONOR_MASK != 0 and mask & TERMINAL_MASK != 0


def ryuuiisou(win: Win, interp: Interpretation | None = None) -> bool:
    """綠一色: only 2s 3s 4s 6s 8s and 發 (發 not required, as in the library)."""
    return win.tile_mask & ~GREEN_MASK == 0


def chuuren(win: Win, interp: Interpretation | None = None) -> bool:
    """九蓮寶燈: no meld at all (not even ankan), 1112345678999 plus one tile of one suit."""
    if win.melds or not chiniisou(win):
        return False
    base = win.concealed[0] - win.concealed[0] % 9
    counts = win.concealed_counts[base : base + 9]
    extra = [n - need for n, need in zip(counts, _CHUUREN_BASE, strict=True)]
    return min(extra) == 0 and sum(extra) == 1


def chuuren_junsei(win: Win, interp: Interpretation | None = None) -> bool:
    """純正九蓮寶燈: chuuren whose winning tile is the extra one (a nine-sided wait)."""
    if not chuuren(win):
        return False
    base = win.win_tile - win.win_tile % 9
    return win.concealed_counts[win.win_tile] - 1 == _CHUUREN_BASE[win.win_tile - base]


# -- shapes ------------------------------------------------------------------------------


# The readings that are 七對子: seven distinct pairs, and Set七對子's (3-09-08) four of a
# kind as two pairs. The latter is found only under a ruleset where Set七對子 is on and is a
# winning hand only where its option c 有 holds (yakubook/engine/score.py rule 0), so
# wherever it is read it is a seven-pairs hand: to the score, the standard yaku and the
# bodies that ask for seven pairs alike.
SEVEN_PAIRS_KINDS = frozenset({"chiitoitsu", "chiitoitsu_set"})


def chiitoitsu(win: Win, interp: Interpretation) -> bool:
    """七對子."""
    return interp.kind in SEVEN_PAIRS_KINDS


def kokushi(win: Win, interp: Interpretation) -> bool:
    """國士無雙."""
    return interp.kind == "kokushi"


def kokushi13(win: Win, interp: Interpretation) -> bool:
    """國士無雙十三面: won on the thirteen-sided wait."""
    return interp.kind == "kokushi" and interp.wait == "kokushi13"


# -- sets --------------------------------------------------------------------------------


def _sequence_starts(interp: Interpretation) -> list[int]:
    return [b.tile for b in interp.blocks if b.kind == "sequence"]


def _triplet_tiles(interp: Interpretation) -> list[int]:
    return [b.tile for b in interp.blocks if b.is_triplet_like]


def toitoi(win: Win, interp: Interpretation) -> bool:
    """對對和: four triplets or quads."""
    return _standard(interp) and len(_triplet_tiles(interp)) == 4


def ittsuu(win: Win, interp: Interpretation) -> bool:
    """一氣通貫: 123, 456, 789 of one suit."""
    if not _standard(interp):
        return False
    starts = set(_sequence_starts(interp))
    return any({b, b + 3, b + 6} <= starts for b in (0, 9, 18))


def sanshoku_doujun(win: Win, interp: Interpretation) -> bool:
    """三色同順: the same sequence in all three suits."""
    if not _standard(interp):
        return False
    starts = set(_sequence_starts(interp))
    return any(n in starts and n + 9 in starts and n + 18 in starts for n in range(7))


def sanshoku_doukou(win: Win, interp: Interpretation) -> bool:
    """三色同刻: the same-numbered triplet (or quad) in all three suits."""
    if not _standard(interp):
        return False
    tiles = set(_triplet_tiles(interp))
    return any(n in tiles and n + 9 in tiles and n + 18 in tiles for n in range(9))


def _identical_sequence_pairs(interp: Interpretation) -> int:
    starts = _sequence_starts(interp)
    return sum(starts.count(s) // 2 for s in set(starts))


def ryanpeikou(win: Win, interp: Interpretation) -> bool:
    """二杯口: two pairs of identical sequences, closed (four identical count as two)."""
    return _standard(interp) and win.is_closed and _identical_sequence_pairs(interp) >= 2


def iipeikou(win: Win, interp: Interpretation) -> bool:
    """一杯口: two identical sequences, closed, and not ryanpeikou."""
    return _standard(interp) and win.is_closed and _identical_sequence_pairs(interp) == 1


def _outside(interp: Interpretation, honors_ok: bool) -> tuple[bool, bool]:
    """(every block holds a terminal or honor, some block is honor) over a standard hand."""
    has_honor = False
    for b in interp.blocks:
        if b.tile >= 27:
            if not honors_ok:
                return False, True
            has_honor = True
        elif b.kind == "sequence":
            if b.tile % 9 not in (0, 6):
                return False, has_honor
        elif b.tile % 9 not in (0, 8):
            return False, has_honor
    return True, has_honor


def junchan(win: Win, interp: Interpretation) -> bool:
    """純全帶幺: a terminal in every block, no honors, at least one sequence."""
    if not _standard(interp) or not _sequence_starts(interp):
        return False
    return _outside(interp, honors_ok=False)[0]


def chanta(win: Win, interp: Interpretation) -> bool:
    """混全帶幺: a terminal or honor in every block, some honor, at least one sequence
    (so never junchan, and never honroutou, which has no sequence)."""
    if not _standard(interp) or not _sequence_starts(interp):
        return False
    ok, has_honor = _outside(interp, honors_ok=True)
    return ok and has_honor


def sanankou(win: Win, interp: Interpretation) -> bool:
    """三暗刻: exactly three concealed triplets or quads (ron rule applied)."""
    return _standard(interp) and interp.concealed_triplets == 3


def suuankou(win: Win, interp: Interpretation) -> bool:
    """四暗刻: four concealed triplets or quads (ron rule applied)."""
    return _standard(interp) and interp.concealed_triplets == 4


def suuankou_tanki(win: Win, interp: Interpretation) -> bool:
    """四暗刻單騎: suuankou won on the pair."""
    return suuankou(win, interp) and interp.wait == "tanki"


def _quads(interp: Interpretation) -> int:
    return sum(1 for b in interp.blocks if b.kind == "quad")


def sankantsu(win: Win, interp: Interpretation) -> bool:
    """三槓子: exactly three quads."""
    return _quads(interp) == 3


def suukantsu(win: Win, interp: Interpretation) -> bool:
    """四槓子: four quads."""
    return _quads(interp) == 4


# -- honors ------------------------------------------------------------------------------


def _count_honor_blocks(interp: Interpretation, wind: bool) -> tuple[int, int]:
    """(triplets/quads, pairs) of winds (wind=True) or dragons in a standard hand."""
    test = is_wind if wind else is_dragon
    sets = pairs = 0
    for b in interp.blocks:
        if test(b.tile):
            if b.is_triplet_like:
                sets += 1
            elif b.kind == "pair":
                pairs += 1
    return sets, pairs


def daisangen(win: Win, interp: Interpretation) -> bool:
    """大三元: triplets of all three dragons."""
    return _standard(interp) and _count_honor_blocks(interp, wind=False)[0] == 3


def shousangen(win: Win, interp: Interpretation) -> bool:
    """小三元: two dragon triplets and a dragon pair."""
    return _standard(interp) and _count_honor_blocks(interp, wind=False) == (2, 1)


def daisuushii(win: Win, interp: Interpretation) -> bool:
    """大四喜: triplets of all four winds."""
    return _standard(interp) and _count_honor_blocks(interp, wind=True)[0] == 4


def shousuushii(win: Win, interp: Interpretation) -> bool:
    """小四喜: three wind triplets and a wind pair."""
    return _standard(interp) and _count_honor_blocks(interp, wind=True) == (3, 1)


def yakuhai_value(win: Win, tile: int) -> int:
    """Han a triplet of ``tile`` is worth: dragons 1, seat wind 1, round wind 1 (added)."""
    if tile < 27:
        return 0
    return is_dragon(tile) + (tile == win.seat_wind) + (tile == win.round_wind)


def yakuhai(win: Win, interp: Interpretation) -> int:
    """役牌: han from dragon, seat-wind and round-wind triplets/quads (a double wind is 2)."""
    if not _standard(interp):
        return 0
    return sum(yakuhai_value(win, b.tile) for b in interp.blocks if b.is_triplet_like)


def pinfu(win: Win, interp: Interpretation) -> bool:
    """平和: closed, four sequences, a pair that is no yakuhai, won on a two-sided wait."""
    if not _standard(interp) or not win.is_closed or interp.wait != "ryanmen":
        return False
    for b in interp.blocks:
        if b.kind == "pair":
            if yakuhai_value(win, b.tile):
                return False
        elif b.kind != "sequence":
            return False
    return True


STANDARD_YAKU = {
    "menzen": menzen,
    "tanyao": tanyao,
    "pinfu": pinfu,
    "iipeikou": iipeikou,
    "ryanpeikou": ryanpeikou,
    "chiitoitsu": chiitoitsu,
    "ittsuu": ittsuu,
    "sanshoku_doujun": sanshoku_doujun,
    "sanshoku_doukou": sanshoku_doukou,
    "toitoi": toitoi,
    "sanankou": sanankou,
    "sankantsu": sankantsu,
    "chanta": chanta,
    "junchan": junchan,
    "honroutou": honroutou,
    "shousangen": shousangen,
    "honiisou": honiisou,
    "chiniisou": chiniisou,
    "kokushi": kokushi,
    "kokushi13": kokushi13,
    "suuankou": suuankou,
    "suuankou_tanki": suuankou_tanki,
    "daisangen": daisangen,
    "shousuushii": shousuushii,
    "daisuushii": daisuushii,
    "tsuuiisou": tsuuiisou,
    "ryuuiisou": ryuuiisou,
    "chinroutou": chinroutou,
    "chuuren": chuuren,
    "chuuren_junsei": chuuren_junsei,
    "suukantsu": suukantsu,
}
"""Every boolean helper by name (``yakuhai`` counts han, so it is separate)."""

YAKUMAN = frozenset(
    {
        "kokushi",
        "kokushi13",
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "chuuren_junsei",
        "suukantsu",
    }
)


# -- the han of the standard yaku (for 縛 questions and caps) ---------------------------

RIICHI_HAN = {"none": 0, "riichi": 1, "double": 2, "open": 1, "open_double": 2}
# Standard yaku by name: (closed han, open han); 0 = closed only.
SHAPE_HAN: tuple[tuple[str, int, int], ...] = (
    ("tanyao", 1, 1),
    ("pinfu", 1, 0),
    ("iipeikou", 1, 0),
    ("ryanpeikou", 3, 0),
    ("chiitoitsu", 2, 0),
    ("ittsuu", 2, 1),
    ("sanshoku_doujun", 2, 1),
    ("sanshoku_doukou", 2, 2),
    ("toitoi", 2, 2),
    ("sanankou", 2, 2),
    ("sankantsu", 2, 2),
    ("chanta", 2, 1),
    ("junchan", 3, 2),
    ("honroutou", 2, 2),
    ("shousangen", 2, 2),
    ("honiisou", 3, 2),
    ("chiniisou", 6, 5),
)


def yaku_han(win: HandView, *, ippatsu: bool = True) -> int:
    """Han of the hand's standard yaku, dora excluded (a yakuman counts as 13).

    Riichi (double riichi 2; an open riichi as a plain riichi), ippatsu unless left out,
    menzen tsumo, haitei, houtei, rinshan, chankan, yakuhai and the shape yaku. This is
    The standard part of what a 縛 (minimum han) is checked against; yakubook.engine.winning adds
    the local yaku (``winning_yaku_han``).
    """
    w = win.win
    if any(win.std(name) for name in YAKUMAN):
        return YAKUMAN_HAN
    han = RIICHI_HAN[w.riichi] + (ippatsu and w.ippatsu) + (w.tsumo and w.is_closed)
    han += w.haitei + w.houtei + w.rinshan + w.chankan + yakuhai(w, win.interp)
    closed = w.is_closed
    for name, closed_han, open_han in SHAPE_HAN:
        if win.std(name):
            han += closed_han if closed else open_han
    return han
