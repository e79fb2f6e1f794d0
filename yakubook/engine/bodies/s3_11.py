"""Section 3-11 刻子系的特殊役: yaku made of particular triplets.

"刻子" counts a quad as well (as 三色同刻 does). The number patterns are kept as bit masks
over tile ids: a pattern holds when its mask is a subset of the mask of the hand's
triplets. Prefilters test the same masks on the tiles held three or more times, which
every triplet needs.

Winds: the seat wind (自風) and the round wind (場風) are value winds; the other winds are
the guest winds (客風). Three guest winds exist only when the seat wind is the round wind
(the East-round dealer, the South-round South player …); otherwise there are two.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import CHUN, EAST, HAKU, HATSU, NORTH, SOUTH, WEST, WIND_MASK
from yakubook.engine.tiles import HONOR_MASK as HONOR_BITS
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_11 import (
    ChouhaiKouCondition,
    ChouhaiKouOptions,
    ChousankouCondition,
    ChousankouOptions,
    ChousankouSuit,
    DairinkanOptions,
    GoshinTsuukanOptions,
    NakanishiKunCondition,
    NakanishiKunHonitsu,
    NakanishiKunOptions,
    NanHakuCondition,
    NanHakuHonitsu,
    NanHakuOptions,
    NishinakajimaMinamigataOptions,
    OtakazeSankouOptions,
    OtakazeSankouRoundWind,
    OtakazeSankouWho,
    OtakazeShousanfonOptions,
    PandaOptions,
    QTaroOptions,
    RenfonOptions,
    SanfonOptions,
    SanrenfonOptions,
    SanrenkouOptions,
    SanshokuRenkouCondition,
    SanshokuRenkouOptions,
    SanshokuShoudoukouOptions,
    SeikanTonneruOptions,
    SeishunNiKuinashiOptions,
    ShinnumaKenjiOptions,
    ShousanfonOptions,
    SujihaiKouCondition,
    SujihaiKouOptions,
    SuuChouhaiKouOptions,
    SuurenkouOptions,
    SuurenkouPair,
    TonHatsuCondition,
    TonHatsuHonitsu,
    TonHatsuOptions,
)

PIN_1 = 9
SOU_1, SOU_3 = 18, 20
SUIT_BASES = (0, 9, 18)


def _bits(*tiles: int) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


def _in_one_suit(starts: range, offsets: tuple[int, ...]) -> tuple[int, ...]:
    """Masks of ``start + offset`` for every start in every suit (numbers 0-based)."""
    return tuple(_bits(*(base + n + o for o in offsets)) for base in SUIT_BASES for n in starts)


SANRENKOU = _in_one_suit(range(7), (0, 1, 2))
SANRENKOU_STARTS = sum(1 << base + n for base in SUIT_BASES for n in range(7))  # 1-7 of a suit
SUURENKOU = _in_one_suit(range(6), (0, 1, 2, 3))
SANSHOKU_RENKOU = tuple(
    _bits(a + n, b + n + 1, c + n + 2) for n in range(7) for a, b, c in permutations(SUIT_BASES)
)
SUJI = _in_one_suit(range(3), (0, 3, 6))
CHOUSANKOU_MAN = _bits(0, 4, 8)
CHOUSANKOU = _in_one_suit(range(1), (0, 4, 8))
CHOUHAI = _in_one_suit(range(5), (0, 2, 4))
SUU_CHOUHAI = _in_one_suit(range(3), (0, 2, 4, 6))
GOSHIN = _bits(4, 13, 22)
SANRENFON = (_bits(EAST, SOUTH, WEST), _bits(SOUTH, WEST, NORTH))


def _could_fn(masks: tuple[int, ...]):
    """Prefilter: some pattern has three or more of each of its tiles (the patterns'
    smallest size first, as a cheap gate)."""
    least = min(m.bit_count() for m in masks)
    anywhere = 0
    for m in masks:
        anywhere |= m
    # Only the patterns' tiles can complete one: count those first.
    return lambda w: (w.mask3 & anywhere).bit_count() >= least and _holds_one(w.mask3, masks)


def _could_in_one_suit(starts: range, offsets: tuple[int, ...]) -> Callable[[Win], bool]:
    """Prefilter: ``_could_fn(_in_one_suit(starts, offsets))``'s answer as one mask test,
    which the selector writes in (yakubook.engine.inline) instead of looping over up to 21
    patterns in ``_holds_one`` (issue #38). Every tile of the pattern starting on tile t
    is held three times exactly when bit t of ``mask3 >> o`` is set for every offset o;
    t ranges over the starts of each suit, and each pattern stays inside its suit."""
    if offsets[0] != 0 or len(offsets) not in (3, 4) or max(starts) + offsets[-1] > 8:
        raise ValueError(f"not a pattern of three or four tiles in one suit: {offsets}")
    at = sum(1 << (base + n) for base in SUIT_BASES for n in starts)
    _, a, b, *more = offsets
    if not more:
        return lambda w: w.mask3 & w.mask3 >> a & w.mask3 >> b & at != 0
    c = more[0]
    return lambda w: w.mask3 & w.mask3 >> a & w.mask3 >> b & w.mask3 >> c & at != 0


def _sanshoku_renkou_could(w: Win) -> bool:
    """``_holds_one(w.mask3, SANSHOKU_RENKOU)`` as one mask test (issue #38): tiles n, n+1,
    n+2 (n = 0..6) of suits a, b, c held three times, for some order (a, b, c) of the
    suits, is bit n of ``mask3 >> a & mask3 >> b + 1 & mask3 >> c + 2``; the six orders
    of the suit bases 0, 9, 18, each term written with its shifts added up."""
    return (
        w.mask3 & w.mask3 >> 10 & w.mask3 >> 20
        | w.mask3 & w.mask3 >> 19 & w.mask3 >> 11
        | w.mask3 >> 9 & w.mask3 >> 1 & w.mask3 >> 20
        | w.mask3 >> 9 & w.mask3 >> 19 & w.mask3 >> 2
        | w.mask3 >> 18 & w.mask3 >> 1 & w.mask3 >> 11
        | w.mask3 >> 18 & w.mask3 >> 10 & w.mask3 >> 2
    ) & 0x7F != 0


def _holds_one(held: int, masks: tuple[int, ...]) -> bool:
    # A loop, not any() over a generator (SIM110): the selector asks on most hands.
    for m in masks:  # noqa: SIM110
        if held & m == m:
            return True
    return False


def _triplet_mask(win: HandView) -> int:
    """Bits of the tiles of the reading's triplets and quads (``win.triplets`` as a mask).

    Read off the blocks, not ``win.triplets``: that sorted tuple costs more to build than
    the mask it would give (issue #38)."""
    tm = 0
    for b in win.blocks:  # the blocks alone: blocks_only bodies read it
        if b.kind == "triplet" or b.kind == "quad":  # Block.is_triplet_like, written out
            tm |= 1 << b.tile
    return tm


def _found(win: HandView, masks: tuple[int, ...]) -> int:
    """The first pattern all of whose tiles are triplets in this reading, or 0."""
    tm = _triplet_mask(win)
    for m in masks:
        if tm & m == m:
            return m
    return 0


def _toitoi_ok(win: HandView, toitoi_required: bool) -> bool:
    """役成立條件: TOITOI_NOT_REQUIRED (不是對對和也可) or TOITOI_REQUIRED (必須是對對和)."""
    return not toitoi_required or win.std("toitoi")


def _all_triplets(win: HandView, *tiles: int) -> bool:
    triplets = win.triplets
    return all(t in triplets for t in tiles)


NISHINAKAJIMA = 1 << WEST | 1 << CHUN | 1 << SOUTH
DAIRINKAN = 1 << CHUN | 1 << SOUTH | 1 << EAST
PANDA = 1 << HAKU | 1 << PIN_1
SEISHUN = 1 << HATSU | 1 << CHUN
SEIKAN = 1 << EAST | 1 << PIN_1


# -- number patterns in one suit ------------------------------------------------------


# 刻子系: a tile held three times, or (東加上發-like yaku in 七對子) two honor pairs.
section_gate(__name__, lambda w: w.mask3 != 0 or (w.mask2 & HONOR_BITS).bit_count() >= 2)


@implements(
    "3-11-01",
    fingerprint="4912560c9128e1045614b14eca986fb8387cae6da7f97f91c2610b41a3532936",
    prefilter=_could_in_one_suit(range(7), (0, 1, 2)),  # SANRENKOU's
    blocks_only=True,
)
def sanrenkou(win: HandView, opts: SanrenkouOptions) -> Award | None:
    """Triplets of three consecutive numbers in one suit (e.g. 222m 333m 444m)."""
    tm = _triplet_mask(win)
    # ``_found(win, SANRENKOU)`` as one mask test, not a loop over its 21 patterns: tiles
    # t, t+1, t+2 are triplets when bit t of tm & tm >> 1 & tm >> 2 is set, and t starts
    # a run inside its suit when it is 1-7 of that suit.
    return award(win, opts) if tm & tm >> 1 & tm >> 2 & SANRENKOU_STARTS else None


@implements(
    "3-11-02",
    fingerprint="347b7036de589122dba32bd2afdd706644fbc16702a3a676e68edb321cf4d8ba",
    prefilter=_could_in_one_suit(range(6), (0, 1, 2, 3)),  # SUURENKOU's
    blocks_only=True,
)
def suurenkou(win: HandView, opts: SuurenkouOptions) -> Award | None:
    """Triplets of four consecutive numbers in one suit (so also 對對和).

    3-11-02-01 (the pair): a anything; b the pair is of the run's suit (the hand is then
    清一色); c of the run's suit and continuing the run: one below its lowest or one
    above its highest number (2345 + a pair of 1 or 6).
    """
    run = _found(win, SUURENKOU)
    if not run:
        return None
    rule = opts.pair
    if rule is not SuurenkouPair.ANY:
        low = run.bit_length() - 4  # the run's lowest tile: four consecutive bits
        pair = win.pair
        if pair is None or pair // 9 != low // 9:
            return None
        if rule is SuurenkouPair.SAME_SUIT_CONTINUING and pair not in (low - 1, low + 4):
            return None
    return award(win, opts)


@implements(
    "3-11-03",
    fingerprint="fa424317a4d78fa17dd0c2f8a2d96b63ca562cb4ad685e7a7d1ae9770bf2c1df",
    # A triplet in every suit first (cheap, and most hands have none), then the patterns.
    prefilter=lambda w: (
        w.mask3 & 0x1FF and w.mask3 >> 9 & 0x1FF and w.mask3 >> 18 & 0x1FF
        and _sanshoku_renkou_could(w)
    ),
)
def sanshoku_renkou(win: HandView, opts: SanshokuRenkouOptions) -> Award | None:
    """Triplets of three consecutive numbers, one in each suit (e.g. 3m 4p 5s, any order
    of suits). 3-11-03-01 b: the hand must also be 對對和."""
    toitoi_required = opts.condition is SanshokuRenkouCondition.TOITOI_REQUIRED
    if not _found(win, SANSHOKU_RENKOU) or not _toitoi_ok(win, toitoi_required):
        return None
    return award(win, opts)


@implements(
    "3-11-04",
    fingerprint="0aa756cfaf9ccc7b6ad668a34b18ab30025be6f933b434ce7707a50f12bdd2e5",
    prefilter=_could_in_one_suit(range(3), (0, 3, 6)),  # SUJI's
    blocks_only=True,
)
def sujihai_kou(win: HandView, opts: SujihaiKouOptions) -> Award | None:
    """Triplets of 1-4-7, 2-5-8 or 3-6-9 of one suit. 3-11-04-01 b: also 對對和."""
    toitoi_required = opts.condition is SujihaiKouCondition.TOITOI_REQUIRED
    if not _found(win, SUJI) or not _toitoi_ok(win, toitoi_required):
        return None
    return award(win, opts)


@implements(
    "3-11-05",
    fingerprint="681c8f47b0d4b00b635da6cd41355b9abc7d2dbda8a3bd1dc728abafed6d10ce",
    prefilter=_could_in_one_suit(range(1), (0, 4, 8)),  # CHOUSANKOU's
)
def chousankou(win: HandView, opts: ChousankouOptions) -> Award | None:
    """Triplets of 1, 5 and 9 of one suit.

    3-11-05-01 b: also 對對和. 3-11-05-02: a manzu only, b pinzu or souzu as well.
    """
    masks = (CHOUSANKOU_MAN,) if opts.suit is ChousankouSuit.MANZU_ONLY else CHOUSANKOU
    toitoi_required = opts.condition is ChousankouCondition.TOITOI_REQUIRED
    if not _found(win, masks) or not _toitoi_ok(win, toitoi_required):
        return None
    return award(win, opts)


@implements(
    "3-11-06",
    fingerprint="8bc30b583f1958f3dcc01e3adf7e58940a6c2559424849bedef3f53e13dfb1cb",
    prefilter=_could_in_one_suit(range(5), (0, 2, 4)),  # CHOUHAI's
    blocks_only=True,
)
def chouhai_kou(win: HandView, opts: ChouhaiKouOptions) -> Award | None:
    """Triplets of three numbers two apart in one suit (135, 246, 357, 468, 579).
    3-11-06-01 b: also 對對和."""
    toitoi_required = opts.condition is ChouhaiKouCondition.TOITOI_REQUIRED
    if not _found(win, CHOUHAI) or not _toitoi_ok(win, toitoi_required):
        return None
    return award(win, opts)


@implements(
    "3-11-07",
    fingerprint="5e1e81489851b6df391f875e23edbbae55e722d4edb2d620490441c8aec23d9e",
    prefilter=_could_in_one_suit(range(3), (0, 2, 4, 6)),  # SUU_CHOUHAI's
)
def suu_chouhai_kou(win: HandView, opts: SuuChouhaiKouOptions) -> Award | None:
    """Triplets of 1357, 2468 or 3579 of one suit (so also 對對和)."""
    return award(win, opts) if _found(win, SUU_CHOUHAI) else None


@implements(
    "3-11-08",
    fingerprint="e40feec777124042197349c60a4dfbcc571bab5def2d8bf4aef7873b4d480aeb",
    prefilter=_could_fn((GOSHIN,)),
)
def goshin_tsuukan(win: HandView, opts: GoshinTsuukanOptions) -> Award | None:
    """三色同刻 of the fives: triplets of 5m, 5p and 5s."""
    return award(win, opts) if _found(win, (GOSHIN,)) else None


def _could_be_small_doukou(w: Win) -> bool:
    """Some number is held 3+ times in two suits and 2+ times in the third: held twice or
    more in all three suits (mask2's bits, count >= 2) and three times or more in two of
    them (mask3's, count >= 3), for one number n (bit n of each suit's nine). One
    expression of the masks, so that the selector writes it in (yakubook.engine.inline;
    the loop over the counts it replaces cost ~3 µs a call, issue #38)."""
    return bool(
        w.mask2 & w.mask2 >> 9 & w.mask2 >> 18
        & (w.mask3 & w.mask3 >> 9 | w.mask3 & w.mask3 >> 18 | w.mask3 >> 9 & w.mask3 >> 18)
        & 0x1FF
    )


@implements(
    "3-11-14",
    fingerprint="e5c3debf070b0b7cbc8999f0214a5a9868781e97f9f0759c61920abe4543467f",
    # Its first test, written out so the selector asks it without a call.
    prefilter=lambda w: (
        bool(
            w.mask3 & (w.mask3 >> 9 | w.mask3 >> 18) & 0x1FF | w.mask3 >> 9 & w.mask3 >> 18 & 0x1FF
        )
        and _could_be_small_doukou(w)
    ),
)
def sanshoku_shoudoukou(win: HandView, opts: SanshokuShoudoukouOptions) -> Award | None:
    """三色同刻 with one of the three as the pair: triplets of one number in two suits and
    the pair of that number in the third suit (222m 222p 22s)."""
    pair = win.pair
    if pair is None or pair >= 27:
        return None
    n = pair % 9
    others = [base + n for base in SUIT_BASES if base != pair - n]
    return award(win, opts) if _all_triplets(win, *others) else None


# -- winds ----------------------------------------------------------------------------


def _wind_triplets(win: HandView) -> int:
    return _triplet_mask(win) & WIND_MASK


def _two_winds_or_more(w: Win) -> bool:
    return (w.mask3 & WIND_MASK).bit_count() >= 2


def _three_winds(w: Win) -> bool:
    return (w.mask3 & WIND_MASK).bit_count() >= 3


@implements(
    "3-11-09",
    fingerprint="36e7748322b39ba2eb0e651a9038eb7202153004337da618097c68dce36d41e1",
    prefilter=_could_fn(SANRENFON),
)
def sanrenfon(win: HandView, opts: SanrenfonOptions) -> Award | None:
    """Triplets of East, South, West or of South, West, North (no wrapping round to East)."""
    return award(win, opts) if _found(win, SANRENFON) else None


@implements(
    "3-11-10",
    fingerprint="72d41b82bf2134f0779e9b90867a493f13ff7c1c8a6c41770a80d6d7d1a4d75b",
    prefilter=_three_winds,
)
def sanfon(win: HandView, opts: SanfonOptions) -> Award | None:
    """Triplets of any three winds (a fourth wind triplet, 大四喜, still has three)."""
    return award(win, opts) if _wind_triplets(win).bit_count() >= 3 else None


@implements(
    "3-11-11",
    fingerprint="823f92ff241a72461153bb9ae261b27d6570a283a3305437443fb6e4cf10a782",
    prefilter=_two_winds_or_more,
)
def shousanfon(win: HandView, opts: ShousanfonOptions) -> Award | None:
    """Two wind triplets and a wind pair.

    Read like 小三元: exactly two wind triplets; with three wind triplets and a wind pair
    the hand is 小四喜 (and has 三風), not the "small" three winds.
    """
    pair = win.pair
    if pair is None or not (1 << pair) & WIND_MASK:
        return None
    return award(win, opts) if _wind_triplets(win).bit_count() == 2 else None


def _guest_winds(w: Win) -> int:
    """Mask of the winds that are neither the seat wind nor the round wind."""
    return WIND_MASK & ~(1 << w.seat_wind) & ~(1 << w.round_wind)


def _seat_is_round(w: Win) -> bool:
    return w.seat_wind == w.round_wind


@implements(
    "3-11-12",
    fingerprint="05538f8532cf947dfb2dc3f88531770a8e6c493f9db86fcb1cec8e6f78eb64db",
    prefilter=_three_winds,
)
def otakaze_sankou(win: HandView, opts: OtakazeSankouOptions) -> Award | None:
    """Triplets of the three guest winds (客風三刻).

    Three guest winds exist only when the seat wind is the round wind. 3-11-12-01 (who):
    a only the dealer in the East round (East seat, East round); b also South seat in the
    South round, West in West, North in North. 3-11-12-02 b lets the three winds include
    the round wind, i.e. they are the three winds other than the seat wind, and (as the
    option says) anyone may then win it, so 3-11-12-01 no longer restricts who.
    """
    w = win.win
    if opts.round_wind is OtakazeSankouRoundWind.INCLUDED:
        winds = WIND_MASK & ~(1 << w.seat_wind)
    else:
        east_only = opts.who is OtakazeSankouWho.EAST_ROUND_DEALER_ONLY
        if not _seat_is_round(w) or (east_only and w.seat_wind != EAST):
            return None
        winds = _guest_winds(w)
    return award(win, opts) if _wind_triplets(win) & winds == winds else None


@implements(
    "3-11-13",
    fingerprint="d81961307397fc8903a3118c5a9b1188200539957c38ea659ebe012111a69635",
    prefilter=lambda w: _seat_is_round(w) and _two_winds_or_more(w),
)
def otakaze_shousanfon(win: HandView, opts: OtakazeShousanfonOptions) -> Award | None:
    """Of the three guest winds, two as triplets and the third as the pair.

    Three guest winds exist only when the seat wind is the round wind (any such seat:
    this entry has no 人的限制 question).
    """
    w = win.win
    if not _seat_is_round(w):
        return None
    guests = _guest_winds(w)
    pair = win.pair
    if pair is None or not (1 << pair) & guests:
        return None
    return award(win, opts) if _wind_triplets(win) & guests == guests & ~(1 << pair) else None


@implements(
    "3-11-15",
    fingerprint="280c36f46937a8d8094a9ea2f4abbd2b36ca6fac64390bf78e73dfc2e3d957aa",
    prefilter=lambda w: (
        {w.round_wind, w.seat_wind} == {SOUTH, WEST} and w.mask3 & NISHINAKAJIMA == NISHINAKAJIMA
    ),
)
def nishinakajima_minamigata(win: HandView, opts: NishinakajimaMinamigataOptions) -> Award | None:
    """Triplets of West, 中 and South (西中島南方), only for the West seat in the South
    round or the South seat in the West round."""
    w = win.win
    if {w.round_wind, w.seat_wind} != {SOUTH, WEST}:
        return None
    return award(win, opts) if _all_triplets(win, WEST, CHUN, SOUTH) else None


@implements(
    "3-11-17",
    fingerprint="61d9fec6d2f493b9483d968efddffecd01c574e270cb1721a640b60d9aba692d",
    # Seat and round wind each held three times (mask3).
    prefilter=lambda w: (
        w.seat_wind != w.round_wind and bool(w.mask3 >> w.seat_wind & w.mask3 >> w.round_wind & 1)
    ),
)
def renfon(win: HandView, opts: RenfonOptions) -> Award | None:
    """Triplets of both the round wind and the seat wind.

    "兩個刻子": two different triplets, so the seat wind must differ from the round wind
    (a double-wind triplet is one triplet).
    """
    w = win.win
    if w.seat_wind == w.round_wind:
        return None
    return award(win, opts) if _all_triplets(win, w.seat_wind, w.round_wind) else None


@implements(
    "3-11-25",
    fingerprint="fe5e7abf3f74e35de507701e1abdfe58794ccc88a81a1297b6735dddbb04b758",
    prefilter=lambda w: w.mask3 & DAIRINKAN == DAIRINKAN,
)
def dairinkan(win: HandView, opts: DairinkanOptions) -> Award | None:
    """Triplets of 中, South and East (大林間), for any seat and round."""
    return award(win, opts) if _all_triplets(win, CHUN, SOUTH, EAST) else None


# -- particular tiles -----------------------------------------------------------------


@implements(
    "3-11-16",
    fingerprint="b335cb8d2d6fd8b524c02f5db8ee8d5b1a4778aca4e7bf27350c245cafee8605",
    prefilter=lambda w: w.mask3 & PANDA == PANDA,
)
def panda(win: HandView, opts: PandaOptions) -> Award | None:
    """Triplets of 白 and 1p (熊貓: black and white)."""
    return award(win, opts) if _all_triplets(win, HAKU, PIN_1) else None


@implements(
    "3-11-18",
    fingerprint="2aefa178ce48533fc7f7a8903b9a0b2c175b2b75af916f9386d4b5c7ef650611",
    prefilter=lambda w: w.mask3 >> HAKU & 1 and w.tile_mask >> SOU_3 & 1,
)
def q_taro(win: HandView, opts: QTaroOptions) -> Award | None:
    """With a triplet of 白, one han per 3s tile in the hand (melds included).

    With no 3s the yaku adds nothing, so it does not hold. The han count goes in the
    award's note.
    """
    n = win.counts[SOU_3]
    if not n or HAKU not in win.triplets:
        return None
    return award(win, opts, note=f"{n}翻 (3索×{n})")


@implements(
    "3-11-19",
    fingerprint="bad48d951059d7bba07af34cd3b2228923c74d632c7b31a992b135ec7e85d610",
    prefilter=lambda w: w.mask3 >> SOU_1 & 1,
    blocks_only=True,
)
def shinnuma_kenji(win: HandView, opts: ShinnumaKenjiOptions) -> Award | None:
    """A triplet of 1s is worth 1 han, as a value tile (役牌) is."""
    # The blocks' mask, not ``SOU_1 in win.triplets``, which builds the sorted tuple.
    return award(win, opts, note="1翻") if _triplet_mask(win) >> SOU_1 & 1 else None


def _honor_pair_yaku(
    win: HandView, a: int, b: int, both_triplets: bool, honitsu_required: bool
) -> bool:
    """東加上發 and its kin: the hand uses honors ``a`` and ``b``.

    役成立條件 BOTH_TRIPLETS: both are triplets; ONE_MAY_BE_PAIR: not necessarily, i.e.
    one may be the pair and the other a triplet, or both pairs of 七對子 (each must still
    be a triplet or a pair: a single tile of 國士無雙 does not count). 是否僅限混一色
    REQUIRED: the hand must be 混一色.
    """
    if honitsu_required and not win.std("honiisou"):
        return False
    triplets = win.triplets
    if both_triplets:
        return a in triplets and b in triplets
    pairs = win.pairs
    return (a in triplets or a in pairs) and (b in triplets or b in pairs)


def _holds_both(a: int, b: int):
    both = 1 << a | 1 << b
    return lambda w: w.mask2 & both == both


@implements(
    "3-11-20",
    fingerprint="ba799d2acc41d24fa8304c84406b130e545f2c5b8d9e66b4cecd462247893753",
    prefilter=_holds_both(EAST, HATSU),
)
def ton_hatsu(win: HandView, opts: TonHatsuOptions) -> Award | None:
    """A hand using East and 發; the rule questions say how (as triplets or a pair, open or
    closed)."""
    ok = _honor_pair_yaku(
        win,
        EAST,
        HATSU,
        both_triplets=opts.condition is TonHatsuCondition.BOTH_TRIPLETS,
        honitsu_required=opts.honitsu is TonHatsuHonitsu.REQUIRED,
    )
    return award(win, opts) if ok else None


@implements(
    "3-11-21",
    fingerprint="860e8338d66b11c98d7bd830bc045d93f21919f966f929d60ae01b455abf8a2d",
    prefilter=_holds_both(SOUTH, HAKU),
)
def nan_haku(win: HandView, opts: NanHakuOptions) -> Award | None:
    """A hand using South and 白; the rule questions say how (as triplets or a pair, open or
    closed)."""
    ok = _honor_pair_yaku(
        win,
        SOUTH,
        HAKU,
        both_triplets=opts.condition is NanHakuCondition.BOTH_TRIPLETS,
        honitsu_required=opts.honitsu is NanHakuHonitsu.REQUIRED,
    )
    return award(win, opts) if ok else None


@implements(
    "3-11-22",
    fingerprint="e5e7448c236831722f8d2cf4a9615cc9b46bc724417cf73fb83d065681988dfe",
    prefilter=_holds_both(CHUN, WEST),
)
def nakanishi_kun(win: HandView, opts: NakanishiKunOptions) -> Award | None:
    """A hand using 中 and West; the rule questions say how (as triplets or a pair, open or
    closed)."""
    ok = _honor_pair_yaku(
        win,
        CHUN,
        WEST,
        both_triplets=opts.condition is NakanishiKunCondition.BOTH_TRIPLETS,
        honitsu_required=opts.honitsu is NakanishiKunHonitsu.REQUIRED,
    )
    return award(win, opts) if ok else None


def _quad_meld_of(w: Win, tile: int) -> bool:
    return any(m.is_quad and m.tile == tile for m in w.melds)


@implements(
    "3-11-23",
    fingerprint="ff949b38284b548c04f3e4b395c8a1f067b9b9f93024f39b258d65fe1077df3b",
    prefilter=lambda w: w.quads and w.mask3 & SEIKAN == SEIKAN and _quad_meld_of(w, HATSU),
)
def seikan_tonneru(win: HandView, opts: SeikanTonneruOptions) -> Award | None:
    """A quad of 發 (open or concealed), an open triplet or open quad of East, and a
    triplet of 1p (青函隧道).

    明刻 is read as in fu counting: a called pon, or a concealed triplet that a ron
    completed; an ankan of East is 暗槓 and does not count.
    """
    if HATSU not in win.quads or PIN_1 not in win.triplets:
        return None
    interp = win.interp
    east_open = any(
        b.tile == EAST and b.is_triplet_like and not interp.is_concealed_triplet(i)
        for i, b in enumerate(interp.blocks)
    )
    return award(win, opts) if east_open else None


@implements(
    "3-11-24",
    fingerprint="58b7d969870b911fa65416e9365b66117fa89c7da769cdc76b1ddf234fe78c8b",
    prefilter=lambda w: w.mask3 & SEISHUN == SEISHUN,
)
def seishun_ni_kuinashi(win: HandView, opts: SeishunNiKuinashiOptions) -> Award | None:
    """Concealed triplets (暗刻, ankan included) of 發 and 中 (青春無悔: 青 and 紅)."""
    concealed = win.concealed_triplets
    return award(win, opts) if HATSU in concealed and CHUN in concealed else None
