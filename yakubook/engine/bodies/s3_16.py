"""Section 3-16 非聽牌形的特殊役: winning shapes outside four sets and a pair.

The shapes themselves live in yakubook/engine/shapes.py (imported here, so they are registered
whenever the bodies load); each body checks its interpretation kind and the situation.
十三龍門 is the built-in thirteen-orphans shape won at the very start.

The first uninterrupted draw (第1純正巡自摸): ``first_go_around`` and a tsumo — for the
dealer the fourteen dealt tiles (the 天和 moment), for the others their first draw (地和).
人和 is a ron in the first go-around by a non-dealer before any own draw (``turn`` 0 or
not given).

Fu questions (3-16-07-02/03, 3-16-09-02/03, one option each) say how to count fu for
BACK FOUR and 七喜: their bodies work the fu out and state it in the award's value
(``fu``), which the score uses as the reading's fu (yakubook/engine/score.py rule 6).
"""

from __future__ import annotations

from dataclasses import replace

from yakubook.engine import shapes
from yakubook.engine.award import Award
from yakubook.engine.bodies.s3_14 import has_standard_yaku
from yakubook.engine.decompose import kokushi_pair
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.shapes import back_four_possible
from yakubook.engine.tiles import HONOR_MASK, NORTH, SOUTH, YAOCHUU_MASK, is_dragon
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.engine.winning import OtherYaku
from yakubook.generated.s3_16 import (
    BackFourFourTileSets,
    BackFourOptions,
    BackFourValue,
    ChiishiiNumbers,
    ChiishiiOptions,
    JuusanRyuumonChiihou,
    JuusanRyuumonOptions,
    JuusanRyuumonRenhou,
    JuusanRyuumonTenhou,
    JuusanRyuumonThirteenSidedWait,
    JuushiRenkanOptions,
    KnittingOptions,
    NanbokuSensou2Ankan,
    NanbokuSensou2Condition,
    NanbokuSensou2Options,
    NanbokuSensou2SameSuit,
    NanbokuSensou2Wait,
    NanbokuSensou2YearSuits,
    NanbokuSensou3Options,
    ShiisanpuutaaNondealer,
    ShiisanpuutaaNondealerPair,
    ShiisanpuutaaOptions,
    ShiisanpuutaaWithKokushi,
    ShiisanuukaoOptions,
)


def _south_north(w: Win) -> bool:
    return w.tile_counts[SOUTH] >= 3 and w.tile_counts[NORTH] >= 3


# 3-16: the first go-around (十三不搭 …, 十三龍門), a hand with no meld (BACK FOUR, 編織,
# 七喜), or South and North held three times (南北戰爭).
_SOUTH_NORTH = 1 << 28 | 1 << 30
section_gate(
    __name__, lambda w: w.situational or not w.melds or w.mask3 & _SOUTH_NORTH == _SOUTH_NORTH
)


@implements(
    "3-16-01",
    fingerprint="71b246211636d61d7b0246cb929dec34c6f3c14b7502fa33a5d4cc7728ba73e9",
    prefilter=lambda w: (  # the first draw (no meld), thirteen kinds
        w.tile_mask.bit_count() == 13 and w.first_go_around and w.tsumo and not w.melds
    ),
)
def shiisanpuutaa(win: HandView, opts: ShiisanpuutaaOptions) -> Award | None:
    """十三不搭: at the first uninterrupted draw, no 搭子 at all and one pair.

    3-16-01-01 a: a thirteen-orphans hand (itself a 十三不搭 shape) is 國士無雙 only; b
    (天和或地和＋國士無雙＋十三不搭) it is both, so 十三不搭 holds on its thirteen-orphans
    reading too: the one reading that counts (the best-paying) has all three.
    3-16-01-02 b: the dealer's yaku only. 3-16-01-02-01 (a non-dealer; the turn digit is
    lost, read as the first draw): a the first draw brought the pair — the winning tile
    is the pair's; b the pair may already be in the dealt tiles.
    """
    w = win.win
    with_kokushi = opts.with_kokushi is not ShiisanpuutaaWithKokushi.NOT_COUNTED
    on_kokushi = with_kokushi and win.kind == "kokushi" and w.first_go_around and w.tsumo
    if win.kind != shapes.SHIISANPUUTAA and not on_kokushi:
        return None  # (the shape itself holds only at the first draw: shapes.CONDITIONS)
    if not with_kokushi and kokushi_pair(w.concealed_counts) is not None:
        return None
    if not w.dealer:
        if opts.nondealer is ShiisanpuutaaNondealer.DEALER_ONLY:
            return None
        if (
            opts.nondealer_pair is ShiisanpuutaaNondealerPair.PAIR_FROM_FIRST_DRAW
            and win.pair != w.win_tile
        ):
            return None
    return award(win, opts)


@implements(
    "3-16-02",
    fingerprint="97df0c82976a26ed2980c4424b4e57acdb24e070b14872ef9b4ae15e2cb84675",
    prefilter=lambda w: (  # the first draw (no meld), fourteen kinds
        w.tile_mask.bit_count() == 14 and w.first_go_around and w.tsumo and not w.melds
    ),
)
def shiisanuukao(win: HandView, opts: ShiisanuukaoOptions) -> Award | None:
    """十三無靠: at the first uninterrupted draw, fourteen tiles with no 搭子 and no pair.
    (Its text adds that it does not combine with 天和/地和, standard yaku outside this
    engine.)"""
    return award(win, opts) if win.kind == shapes.SHIISANUUKAO else None


@implements(
    "3-16-03",
    fingerprint="5c30842d476e828eacc65302fe92973457dda67d6d57e0763d74162233d7eddb",
    prefilter=lambda w: (  # the first draw (no meld), no honors
        w.first_go_around and w.tsumo and not w.melds and not w.tile_mask & HONOR_MASK
    ),
)
def juushi_renkan(win: HandView, opts: JuushiRenkanOptions) -> Award | None:
    """十四連嵌: at the first uninterrupted draw, the whole hand is seven 嵌張 搭子
    (1-3, 4-6 …; read as a split of all fourteen tiles into such pairs of tiles)."""
    return award(win, opts) if win.kind == shapes.JUUSHI_RENKAN else None


@implements(
    "3-16-04",
    fingerprint="33912f235bd38230289092d0a69ee124f6fa6f7968c6c0eee0f789473bc0115e",
    prefilter=lambda w: w.first_go_around and not w.melds and w.tile_mask == YAOCHUU_MASK,
)
def juusan_ryuumon(win: HandView, opts: JuusanRyuumonOptions) -> Award | None:
    """十三龍門: 國士無雙 won as 天和, 地和 or 人和.

    3-16-04-02/03/04 b: not when won as 天和 / 地和 / 人和 respectively. 3-16-04-01 a: only
    the thirteen-sided wait; a 天和 has no one winning tile (all fourteen were dealt), so
    it always counts as thirteen-sided.
    """
    w = win.win
    if win.kind != "kokushi" or not w.first_go_around:
        return None
    if w.tsumo and w.dealer:
        case, holds = "tenhou", opts.tenhou is JuusanRyuumonTenhou.HOLDS
    elif w.tsumo:
        case, holds = "chiihou", opts.chiihou is JuusanRyuumonChiihou.HOLDS
    elif not w.dealer and w.turn in (None, 0):
        case, holds = "renhou", opts.renhou is JuusanRyuumonRenhou.HOLDS
    else:
        return None
    if not holds:
        return None
    thirteen_sided_only = (
        opts.thirteen_sided_wait is JuusanRyuumonThirteenSidedWait.REQUIRED
    )
    if thirteen_sided_only and case != "tenhou" and win.wait != "kokushi13":
        return None
    return award(win, opts)


@implements(
    "3-16-05",
    fingerprint="056ea097f72c8add7c181eb7b69cbdd9631ad47529d8246d80fd176d94d71798",
    prefilter=_south_north,
)
def nanboku_sensou_2(win: HandView, opts: NanbokuSensou2Options) -> Award | None:
    """南北戰爭(2) (1861-1865, the American Civil War): triplets of South and North plus
    the number tiles 1-8-6-1 and 1-8-6-5.

    3-16-05-01 a: closed (the triplets may be pon only under b). 3-16-05-02 b: won on
    South or North (只能聽南或北; 北 restored editorially). 3-16-05-03 b: South and
    North may not be ankan (read literally: an open kan is a call, governed by
    3-16-05-01). 3-16-05-04: the suits of 1861 and 1865 are a the same, b
    different, c either; 3-16-05-04-01 (when the same): a manzu only, b any suit.
    """
    if win.kind != shapes.NANBOKU_SENSOU_2:
        return None
    w = win.win
    if opts.condition is NanbokuSensou2Condition.CLOSED_ONLY and win.is_open:
        return None
    if opts.wait is NanbokuSensou2Wait.SOUTH_OR_NORTH and w.win_tile not in (SOUTH, NORTH):
        return None
    if opts.ankan is NanbokuSensou2Ankan.NOT_ALLOWED and any(
        m.kind == "ankan" for m in w.melds
    ):
        return None
    rule = opts.year_suits
    manzu_only = opts.same_suit is NanbokuSensou2SameSuit.MANZU_ONLY
    for x, y in shapes.nanboku_suits(tuple(w.concealed_counts[:27])):
        if rule is NanbokuSensou2YearSuits.SAME and (x != y or (manzu_only and x != 0)):
            continue
        if rule is NanbokuSensou2YearSuits.DIFFERENT and x == y:
            continue
        return award(win, opts)
    return None


@implements(
    "3-16-06",
    fingerprint="317fa6f62a98cf7a012a615830e1df841961b93b8fb69bf77d1a3c93071948ee",
    prefilter=lambda w: w.is_closed and _south_north(w),
)
def nanboku_sensou_3(win: HandView, opts: NanbokuSensou3Options) -> Award | None:
    """南北戰爭(3): closed; concealed triplets of South and North and pairs of a 1, a 5,
    a 6 and an 8 (suits free; all one suit simply adds 混一色). A triplet completed by
    ron is not concealed; an ankan counts as concealed."""
    if win.kind != shapes.NANBOKU_SENSOU_3:
        return None
    return award(win, opts) if len(win.concealed_triplets) == 2 else None


@implements(
    "3-16-07",
    fingerprint="09d71239d7ed7c10b774fdc2155cc200f27daa7d2789d7e6d9db085296f73f7e",
    # The shape's own condition: without it every closed hand would go down evaluate's
    # asking path (this body asks for the other yaku) only to find no BACK FOUR.
    # back_four_possible first: a mask test that spares most closed hands the split search.
    prefilter=lambda w: (
        not w.melds and back_four_possible(w) and shapes.back_four_pairs(w.concealed_counts)
    ),
    # Only value b (有其他役時可以和牌) looks at the other yaku: under the others (the default
    # d, 役滿) a one-suit hand with four-tile runs stays off evaluate's asking path.
    asks=lambda opts: opts.value is BackFourValue.HAN_LOST_TENPAI_SHAPE_WITH_OTHER_YAKU,
)
def back_four(
    win: HandView, opts: BackFourOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """BACK FOUR: closed; three four-tile groups and a pair.

    3-16-07-01 a: every group is four identical tiles (not declared as a kan); b runs of
    four consecutive number tiles may be groups too. Value b (承認是聽牌形，有其他役時可以
    和牌) accepts the shape as a winning hand that still needs another yaku: it holds
    only when this reading has another winning yaku, standard or local.
    """
    if win.kind != shapes.BACK_FOUR:
        return None
    counts = win.win.concealed_counts
    if opts.four_tile_sets is BackFourFourTileSets.IDENTICAL_ONLY:
        splits = _identical_split(counts, win.pair)
    else:
        splits = [g for pair, g in shapes.back_four_splits(counts) if pair == win.pair]
    if not splits:
        return None
    if (
        opts.value is BackFourValue.HAN_LOST_TENPAI_SHAPE_WITH_OTHER_YAKU
        and not has_standard_yaku(win)
        and not (others is not None and others.winning_han > 0)
    ):
        return None
    return _with_fu(award(win, opts), max(_back_four_fu(win, g) for g in splits))


def _identical_split(counts: tuple[int, ...], pair: int | None) -> list[tuple[shapes.Group, ...]]:
    """The splits of ``back_four_splits`` with this pair whose groups are all four identical
    tiles: of fourteen tiles, the pair's two and three tiles held four times, so one split
    at most, told from the counts without listing the splits with runs (issue #38)."""
    if pair is None or counts[pair] != 2 or counts.count(4) != 3:
        return []
    return [tuple([("four", t) for t, n in enumerate(counts) if n == 4])]


@implements(
    "3-16-08",
    fingerprint="a69b2cee618539b1499349efbc2edc5523cb2e947cb887486d4662ec993a20e8",
    # The shape's own condition (find_knitting: two suits, no honor, no meld).
    prefilter=lambda w: not w.melds and w.tile_mask & HONOR_MASK == 0 and w.suit_count == 2,
)
def knitting(win: HandView, opts: KnittingOptions) -> Award | None:
    """編織 (Knitting): closed; seven knitted pairs — each two tiles of the same number in
    two suits, only those two suits in the hand (二色一組的七對子)."""
    return award(win, opts) if win.kind == shapes.KNITTING else None


@implements(
    "3-16-09",
    fingerprint="0936a6b21bcfb37ac46e309305f45d296b08a44ad26327dd3e7b32c318024a2e",
    prefilter=lambda w: not w.melds and w.tile_mask & HONOR_MASK == HONOR_MASK,
)
def chiishii(win: HandView, opts: ChiishiiOptions) -> Award | None:
    """七喜: closed; each honor once plus seven consecutive number tiles of one suit.

    3-16-09-01 a: the run is 1-7; b 1-7, 2-8 or 3-9 (the lost digit is the 1 of 1～7).
    Value b also scores the hand as a closed 混一色, which it always is.
    """
    if win.kind != shapes.CHIISHII:
        return None
    if (
        opts.numbers is ChiishiiNumbers.ONE_TO_SEVEN_ONLY
        and shapes.chiishii_start(win.win.concealed_counts) != 1
    ):
        return None
    return _with_fu(award(win, opts), _chiishii_fu(win))


# -- fu of the shapes whose options state them ---------------------------------------------

CLOSED_RON_FU = 10
TSUMO_FU = 2
WAIT_FU = 2  # 單騎, 嵌張, 邊張


def _with_fu(a: Award, fu: int) -> Award:
    """The award with the hand's fu, as its options count them, in its value (a copy:
    ``award`` shares its values)."""
    if a.value["kind"] not in ("han", "limit"):
        return a  # a yakuman's fu do not matter
    return replace(a, value={**a.value, "fu": fu})


def _round_fu(fu: int) -> int:
    return (fu + 9) // 10 * 10


def _base_fu(w: Win) -> int:
    """20 fu, plus 10 for a (necessarily closed) ron or 2 for a tsumo."""
    return 20 + (CLOSED_RON_FU if w.ron else TSUMO_FU)


def _pair_fu(w: Win, tile: int) -> int:
    return 2 * (is_dragon(tile) + (tile == w.seat_wind) + (tile == w.round_wind))


def _run_wait_fu(start: int, length: int, tile: int) -> int:
    """Wait fu of a run of ``length`` consecutive number tiles completed by ``tile``, read
    as sequences (3-16-07-03 a, 3-16-09-03 a: 同樣有兩面聽、嵌張聽、邊張聽): an inner tile
    fills a gap (嵌張, 2 fu); an end tile extends a run (兩面, 0)."""
    return 0 if tile in (start, start + length - 1) else WAIT_FU


def _back_four_fu(win: HandView, groups: tuple[shapes.Group, ...]) -> int:
    """BACK FOUR's fu for one split. 3-16-07-02 a: four identical tiles count as a
    concealed kan (16 fu, 32 of terminals or honors), four consecutive tiles as sequences
    (0); 3-16-07-03 a: a wait on one of four identical tiles is 單騎 (2), on a run as the
    sequences' waits; a wait on the pair is 單騎. Of several waits the most fu counts."""
    w = win.win
    pair = win.pair
    assert pair is not None
    fu = _base_fu(w) + _pair_fu(w, pair)
    waits = [WAIT_FU] if w.win_tile == pair else []
    for kind, tile in groups:
        if kind == "four":
            fu += 32 if YAOCHUU_MASK >> tile & 1 else 16
            if tile == w.win_tile:
                waits.append(WAIT_FU)
        elif tile <= w.win_tile <= tile + 3:
            waits.append(_run_wait_fu(tile, 4, w.win_tile))
    return _round_fu(fu + max(waits, default=0))


def _chiishii_fu(win: HandView) -> int:
    """七喜's fu. 3-16-09-02 a 無（0符）: the tiles themselves give none; 3-16-09-03 a: a
    wait on an honor is 單騎 (2), on a number as the sequences' waits."""
    w = win.win
    tile = w.win_tile
    if tile >= 27:
        wait = WAIT_FU
    else:
        wait = _run_wait_fu(next(t for t in range(27) if w.concealed_counts[t]), 7, tile)
    return _round_fu(_base_fu(w) + wait)
