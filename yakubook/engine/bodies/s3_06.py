"""Section 3-06 對對和形的特殊役: yaku in the shape of all triplets (對對和).

Every hand of this section is four triplets (or quads) and a pair, even where the
【內容】 does not say 對對和 (the section's shape; most of those hands can be nothing
else anyway), so seven pairs never count. "A 1", "a 7" and so on mean that number in any
suit (數牌不要求同色). Where the text lists more named tiles than a hand has sets, one of
them is the pair.
"""

from __future__ import annotations

from collections.abc import Iterable

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import (
    CHUN,
    DRAGON_MASK,
    HAKU,
    HONOR_MASK,
    NORTH,
    SOUTH,
    SUIT_MASKS,
    WEST,
    WINDS,
    is_dragon,
)
from yakubook.engine.view import HandView, tiles_mask
from yakubook.engine.win import Win
from yakubook.generated.s3_06 import (
    AruchuuOptions,
    ChouhaiChiniisouOptions,
    FuukaSetsugetsuOptions,
    FuukaSetsugetsuWind,
    HakuiisouOptions,
    HoukouKaihou1Options,
    HoukouKaihou2Options,
    HousetsuHouSoufuuOptions,
    KachouFuugetsuCondition,
    KachouFuugetsuOptions,
    KachouFuugetsuWind,
    KyuukyuushaOptions,
    NanbokuSensou1Options,
    NidoukouOptions,
    SeinanSensouOptions,
    ShichigosanOptions,
    UumenchiiOptions,
    Windows95Options,
    Windows98Options,
)

P1, P5, S1 = 9, 13, 18  # 1-pin, 5-pin, 1-sou
ONES = (0, 9, 18)
NINES = (8, 17, 26)
MAN, PIN, SOU = SUIT_MASKS


def _bits(*tiles: int) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


# Prefilter masks (tiles that must be held at least twice or three times).
ONES_BITS = _bits(*ONES)
NINES_BITS = _bits(*NINES)
ARUCHUU_BITS = _bits(1, 10, 19, CHUN)
KACHOU_BITS = _bits(P5, S1, P1)
FUUKA_BITS = _bits(P5, HAKU, P1)
HAKU_CHUN = _bits(HAKU, CHUN)
HOUSETSU_BITS = _bits(S1, HAKU, P1)
KYUUKYUU_BITS = _bits(*NINES, HAKU)
WEST_SOUTH = _bits(WEST, SOUTH)
SOUTH_NORTH = _bits(SOUTH, NORTH)
SHICHIGOSAN_TILES = tiles_mask("357m", "357p", "357s")
ODD_TILES = tiles_mask("13579m", "13579p", "13579s")
HAKUIISOU_TILES = tiles_mask("89m", "89p", "89s", "5z")


def _toitoi(win: HandView) -> bool:
    return win.std("toitoi")


def _same_number(n: int) -> tuple[int, int, int]:
    """The tile of number ``n`` in manzu, pinzu and souzu."""
    return (n - 1, n + 8, n + 17)


def _label(tile: int) -> int:
    """A number tile by its number (1-9, any suit), an honor by its own id (27-33)."""
    return tile if tile >= 27 else tile % 9 + 1


def _without(labels: list[int], wanted: Iterable[int]) -> list[int] | None:
    """``labels`` with one of each ``wanted`` taken out, or None if one is missing."""
    rest = list(labels)
    for want in wanted:
        if want not in rest:
            return None
        rest.remove(want)
    return rest


# 對對和形: at least two tiles held three times or more.
section_gate(__name__, lambda w: w.mask3.bit_count() >= 2)


@implements(
    "3-06-01",
    fingerprint="4426e00266b293734d1aa433a881eb18934efb6763bc65661b9ff26d9940c2b6",
    prefilter=lambda w: w.mask3 & ARUCHUU_BITS == ARUCHUU_BITS,
)
def aruchuu(win: HandView, opts: AruchuuOptions) -> Award | None:
    """中二: triplets of 2-man, 2-pin, 2-sou (三色同刻 of 2) and of 中; any pair."""
    trips = win.triplets
    if all(t in trips for t in (*_same_number(2), CHUN)):
        return award(win, opts)
    return None


def _category(tile: int) -> int:
    """0 manzu, 1 pinzu, 2 souzu, 3 dragon, 4 wind."""
    return tile // 9 if tile < 27 else 3 if is_dragon(tile) else 4


@implements(
    "3-06-02",
    fingerprint="d3249bdc9f2f609515c21e61b601adefbfb701fd1305d080c7741c25e942bf0d",
    prefilter=lambda w: (
        w.mask2 >> w.seat_wind & 1
        and w.tile_mask & DRAGON_MASK
        and w.tile_mask & MAN
        and w.tile_mask & PIN
        and w.tile_mask & SOU
    ),
)
def uumenchii(win: HandView, opts: UumenchiiOptions) -> Award | None:
    """五門齊: one triplet each of manzu, pinzu, souzu and a dragon, and the seat wind as
    the pair (刻子 governs all four kinds, so no sequence)."""
    if not _toitoi(win) or win.pair != win.win.seat_wind:
        return None
    if sorted(_category(t) for t in win.triplets) != [0, 1, 2, 3]:
        return None
    return award(win, opts)


@implements(
    "3-06-03",
    fingerprint="ffbd922b3f7ffad64647e7e0efcfa4b1ca96c824798efd44c6c322b2d9d66a42",
    prefilter=lambda w: (
        w.mask2 & KACHOU_BITS == KACHOU_BITS
        and (w.mask2 >> w.seat_wind & 1 or w.mask2 >> w.round_wind & 1)
    ),
)
def kachou_fuugetsu(win: HandView, opts: KachouFuugetsuOptions) -> Award | None:
    """花鳥風月: all triplets with 5-pin, 1-sou, the wind and 1-pin.

    3-06-03-01 (its first digit is lost in the source, 5 by the 【內容】): a the four are
    all triplets / b one of them may be the pair instead. 3-06-03-02: a the wind is the
    seat wind / b the seat wind or the round wind (a double wind is both).
    """
    if not _toitoi(win):
        return None
    trips = win.triplets
    pair = win.pair if opts.condition is KachouFuugetsuCondition.ONE_MAY_BE_PAIR else None
    w = win.win
    if opts.wind is KachouFuugetsuWind.SEAT_WIND_ONLY:
        winds: tuple[int, ...] = (w.seat_wind,)
    else:
        winds = (w.seat_wind, w.round_wind)

    def held(tile: int) -> bool:
        return tile in trips or tile == pair

    if held(P5) and held(S1) and held(P1) and any(held(t) for t in winds):
        return award(win, opts)
    return None


@implements(
    "3-06-04",
    fingerprint="888a7f0b41015eb28ee7c8f4a8f8e6bccfd241244dcfe750367daf567415777b",
    prefilter=lambda w: w.mask3 & FUUKA_BITS == FUUKA_BITS,
)
def fuuka_setsugetsu(win: HandView, opts: FuukaSetsugetsuOptions) -> Award | None:
    """風花雪月: triplets of a wind, 5-pin, 白 and 1-pin; any pair.

    3-06-04-01: a the wind triplet is the seat wind / b any wind.
    """
    trips = win.triplets
    if not all(t in trips for t in (P5, HAKU, P1)):
        return None
    winds = (win.win.seat_wind,) if opts.wind is FuukaSetsugetsuWind.SEAT_WIND_ONLY else WINDS
    if not any(t in trips for t in winds):
        return None
    return award(win, opts)


@implements(
    "3-06-05",
    fingerprint="05238f8d6dc4871ba894192135fd6b1cb5116a53703826da21eb8520161af159",
    prefilter=lambda w: w.mask3 & HAKU_CHUN == HAKU_CHUN and w.mask2 & ONES_BITS == ONES_BITS,
)
def houkou_kaihou_1(win: HandView, opts: HoukouKaihou1Options) -> Award | None:
    """寶紅開花(1): triplets of 白 and 中, two of 1-man, 1-pin, 1-sou as triplets and the
    third as the pair."""
    trips = win.triplets
    pair = win.pair
    if HAKU not in trips or CHUN not in trips or pair not in ONES:
        return None
    if all(t in trips for t in ONES if t != pair):
        return award(win, opts)
    return None


@implements(
    "3-06-06",
    fingerprint="da691ac7389b6e7bede97a98a80f9135b13cc2667abf5ffa374ce2e533deff55",
    prefilter=lambda w: w.mask3 & HAKU_CHUN == HAKU_CHUN and w.mask2 & ONES_BITS,
)
def houkou_kaihou_2(win: HandView, opts: HoukouKaihou2Options) -> Award | None:
    """寶紅開花(2): all triplets with 白 and 中 triplets and a 1 (any suit) as the pair."""
    trips = win.triplets
    if _toitoi(win) and HAKU in trips and CHUN in trips and win.pair in ONES:
        return award(win, opts)
    return None


@implements(
    "3-06-07",
    fingerprint="e3e416983129b75c1baf89d23314067df2735155561b36bb421d0bf576fcc320",
    prefilter=lambda w: (
        w.mask2 & HOUSETSU_BITS == HOUSETSU_BITS
        and w.mask2 >> w.round_wind & 1
        and w.mask2 >> w.seat_wind & 1
    ),
)
def housetsu_hou_soufuu(win: HandView, opts: HousetsuHouSoufuuOptions) -> Award | None:
    """鳳雪寶雙風: all triplets holding 1-sou, 白, 1-pin, the round wind and the seat wind.

    Five tiles over four triplets and a pair: each is a triplet or the pair. When the
    round and seat wind are the same tile (a double wind) it is one triplet and the
    pair is free.
    """
    if not _toitoi(win):
        return None
    trips = win.triplets
    pair = win.pair
    w = win.win
    if all(t in trips or t == pair for t in (S1, HAKU, P1, w.round_wind, w.seat_wind)):
        return award(win, opts)
    return None


@implements(
    "3-06-08",
    fingerprint="38252cf7973a3248ca97e88bb45ff65918b58021578e620b2ca52e4305ea778d",
    prefilter=lambda w: w.tile_mask & ~SHICHIGOSAN_TILES == 0,
)
def shichigosan(win: HandView, opts: ShichigosanOptions) -> Award | None:
    """七五三: all triplets of 7s, 5s and 3s only (any suits; 僅有 limits the tiles, it
    does not require all three numbers)."""
    if win.only(SHICHIGOSAN_TILES) and _toitoi(win):
        return award(win, opts)
    return None


def _windows(win: HandView, n: int) -> bool:
    """三色同刻 of 9, a triplet of ``n`` and a pair of ``n`` (two different suits)."""
    trips = win.triplets
    fives = _same_number(n)
    return all(t in trips for t in NINES) and any(t in trips for t in fives) and win.pair in fives


def _windows_candidate(w: Win, n: int) -> bool:
    if w.mask3 & NINES_BITS != NINES_BITS:
        return False
    counts = w.tile_counts
    return sum(counts[t] for t in _same_number(n)) >= 5


@implements(
    "3-06-09",
    fingerprint="34d4854d6665678e4bc9b5bd7cc1c0fde663e72caedfb345715f3cc454a4fe10",
    # _windows_candidate's own first test, asked before its call (issue #38).
    prefilter=lambda w: w.mask3 & NINES_BITS == NINES_BITS and _windows_candidate(w, 5),
)
def windows_95(win: HandView, opts: Windows95Options) -> Award | None:
    """Windows 95: triplets of 9-man, 9-pin, 9-sou, a triplet of 5 and a pair of 5."""
    return award(win, opts) if _windows(win, 5) else None


@implements(
    "3-06-10",
    fingerprint="b4558918507acbf11dccbf5b927e9944e4b8ada2cfdb203a996073d6356c2f0a",
    # _windows_candidate's own first test, asked before its call (issue #38).
    prefilter=lambda w: w.mask3 & NINES_BITS == NINES_BITS and _windows_candidate(w, 8),
)
def windows_98(win: HandView, opts: Windows98Options) -> Award | None:
    """Windows 98: triplets of 9-man, 9-pin, 9-sou, a triplet of 8 and a pair of 8."""
    return award(win, opts) if _windows(win, 8) else None


@implements(
    "3-06-11",
    fingerprint="41f3fbae56600ab2193a018800b1aa75aedfdf94d9e148c8b940f5b2a03a34bb",
    prefilter=lambda w: w.mask3 & KYUUKYUU_BITS == KYUUKYUU_BITS and w.mask2 >> CHUN & 1,
)
def kyuukyuusha(win: HandView, opts: KyuukyuushaOptions) -> Award | None:
    """急救車: triplets of 9-man, 9-pin, 9-sou and 白, and 中 as the pair."""
    trips = win.triplets
    if all(t in trips for t in (*NINES, HAKU)) and win.pair == CHUN:
        return award(win, opts)
    return None


@implements(
    "3-06-12",
    fingerprint="bd82de82809611e8a2166e7c0df3cdab4f332d39ae408629304a3ced1ff712e9",
    # Two suits sharing two numbers held three times (four number triplets or more).
    prefilter=lambda w: (
        (w.mask3 & w.mask3 >> 9 & 0x1FF).bit_count() >= 2
        or (w.mask3 & w.mask3 >> 18 & 0x1FF).bit_count() >= 2
        or (w.mask3 >> 9 & w.mask3 >> 18 & 0x1FF).bit_count() >= 2
    ),
)
def nidoukou(win: HandView, opts: NidoukouOptions) -> Award | None:
    """二同刻: in the same two suits, two numbers each made a triplet in both (two
    二色同刻 sharing their suits), e.g. 222m 222p 555m 555p."""
    trips = set(win.triplets)
    for a, b in ((0, 9), (0, 18), (9, 18)):
        shared = [n for n in range(9) if a + n in trips and b + n in trips]
        if len(shared) >= 2:
            return award(win, opts)
    return None


@implements(
    "3-06-13",
    fingerprint="0c2f15f0c9ce5ef875c8896cd0e841b97af793a8059dacde182dd3ef2f780644",
    prefilter=lambda w: w.mask3 & WEST_SOUTH == WEST_SOUTH and w.tile_mask & ~HONOR_MASK != 0,
)
def seinan_sensou(win: HandView, opts: SeinanSensouOptions) -> Award | None:
    """西南戰爭: triplets of 西, 南 and a 7, and a 1 and an 8: one of those two the last
    triplet, the other the pair (which is which is free)."""
    if not _toitoi(win) or win.pair is None:
        return None
    rest = _without([_label(t) for t in win.triplets], (WEST, SOUTH, 7))
    if rest is None or sorted([*rest, _label(win.pair)]) != [1, 8]:
        return None
    return award(win, opts)


@implements(
    "3-06-14",
    fingerprint="ae40af7871c738c6d69e597f052c6acc559b775f3cfb234d734f905498aa62a1",
    prefilter=lambda w: w.mask2 & SOUTH_NORTH == SOUTH_NORTH,
)
def nanboku_sensou_1(win: HandView, opts: NanbokuSensou1Options) -> Award | None:
    """南北戰爭(1): all triplets made of 南, 北, a 1, a 6 and an 8 (1861): five tiles over
    four triplets and a pair, any of them the pair."""
    if not _toitoi(win) or win.pair is None:
        return None
    labels = sorted(_label(t) for t in (*win.triplets, win.pair))
    if labels == sorted([SOUTH, NORTH, 1, 6, 8]):
        return award(win, opts)
    return None


def _one_suit_odd(w: Win) -> bool:
    return w.tile_mask & ~ODD_TILES == 0 and w.suit_count == 1  # one number suit


@implements(
    "3-06-15",
    fingerprint="16450623678e690d462e424fb35d75e70fa7fbacf5563c326f357a656cbe1ff0",
    prefilter=_one_suit_odd,
)
def chouhai_chiniisou(win: HandView, opts: ChouhaiChiniisouOptions) -> Award | None:
    """跳牌清一色: a full flush of 1, 3, 5, 7, 9 only (so all triplets: 清一色＋對對和形)."""
    if _one_suit_odd(win.win) and _toitoi(win):
        return award(win, opts)
    return None


@implements(
    "3-06-16",
    fingerprint="6934759a133b5f3030935f177883c251f82f433b7568e333c6d1aaa562de4c50",
    prefilter=lambda w: w.tile_mask & ~HAKUIISOU_TILES == 0,
)
def hakuiisou(win: HandView, opts: HakuiisouOptions) -> Award | None:
    """白一色: all triplets of 白, 8s and 9s only (any suits).

    僅有 limits the tiles; it does not require 白. Seven pairs of these tiles do not
    count: the section is of the 對對和 shape.
    """
    if win.only(HAKUIISOU_TILES) and _toitoi(win):
        return award(win, opts)
    return None
