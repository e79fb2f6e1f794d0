"""Section 3-14 與聽牌形相關的特殊役: yaku decided by how the hand waited.

The wait is the interpretation's (``win.wait``): a hand that reads several ways gets the
yaku when one reading has the wanted wait, as the player may choose. Where a rule
speaks of everything the hand waited on (僅聽5萬, 聽牌剩餘1張), ``wait_tiles`` lists
every tile that would have completed it before the win (standard hand, seven pairs,
thirteen orphans), leaving out tiles the winner already held all four of.

裸單騎 (naked tanki) is four declared melds and the lone tile left waiting for its
partner. 3-14-05-01 asks whether an ankan may be one of the four; 金雞獨立 and 獨釣寒江雪
have no such question and take the default reading (an ankan may be one).

"The last live tile" (欠牌和, 獨釣寒江雪's 地獄單騎): the Win records only how many copies
of the *winning* tile the winner could see (``visible_copies``), so a wait on more than
one kind of tile counts as exhausted only when the winner holds all four of each other
kind. A per-tile visibility fact in Win would lift this limit.

"Other yaku" (皆素, and BACK FOUR's shape-only value in 3-16): the standard riichi yaku —
every helper of yakubook/engine/standard.py but 門前 alone (tanyao counted for open hands too, as
standard.py does), 役牌, and the situation yaku 立直/雙立直, 一發, 門前清自摸和, 海底,
河底, 嶺上開花, 搶槓. Dora are no yaku; local yaku of other sections are not visible here.
"""

from __future__ import annotations

from yakubook.engine import decompose, standard
from yakubook.engine.award import Award
from yakubook.engine.decompose import kokushi_pair
from yakubook.engine.registry import award, implements
from yakubook.engine.tiles import (
    DRAGON_MASK,
    HAKU,
    NORTH,
    SUIT_MASKS,
    YAOCHUU,
    YAOCHUU_MASK,
)
from yakubook.engine.view import HandView, per_hand
from yakubook.engine.win import Win
from yakubook.generated.s3_14 import (
    AnagoOptions,
    ByoutotsuMoushinOptions,
    DokuchouKankousetsuJigokuTanki,
    DokuchouKankousetsuOptions,
    DokuchouKankousetsuTsumo,
    GiantBabaOptions,
    GoryuuMeidouOptions,
    GoryuuMeidouTsumo,
    GoryuuMeidouWait,
    HadakaTankiAnkan,
    HadakaTankiOptions,
    KaisoOptions,
    KeppaihouOptions,
    KeppaihouRiichi,
    KeppaihouWait,
    KeppaihouWaitTileInHand,
    KinkeiDasshokuOptions,
    KinkeiDasshokuRiichi,
    KinkeiDasshokuWait,
    KinkeiDokuritsuOptions,
    PeironMatsuriOptions,
    SupermanOptions,
    UushinTonkanOptions,
    UushinTonkanSuit,
)

MAN_MASK = SUIT_MASKS[0]
ONE_SOU, THREE_SOU, FOUR_MAN, FIVE_MAN, EIGHT_MAN = 18, 20, 3, 4, 7

# 聽牌形的條件 (3-14-06-01, 3-14-07-01): 邊張/嵌張; also 單騎 (the single wait of
# 國士無雙 included); any wait (None).
_EDGE_CLOSED = frozenset({"penchan", "kanchan"})
_EDGE_CLOSED_SINGLE = _EDGE_CLOSED | {"tanki", "kokushi"}
_KEPPAIHOU_WAITS: dict[KeppaihouWait, frozenset[str] | None] = {
    KeppaihouWait.PENCHAN_OR_KANCHAN: _EDGE_CLOSED,
    KeppaihouWait.PENCHAN_KANCHAN_OR_TANKI: _EDGE_CLOSED_SINGLE,
    KeppaihouWait.ANY: None,
}
_KINKEI_DASSHOKU_WAITS: dict[KinkeiDasshokuWait, frozenset[str] | None] = {
    KinkeiDasshokuWait.PENCHAN_OR_KANCHAN: _EDGE_CLOSED,
    KinkeiDasshokuWait.PENCHAN_KANCHAN_OR_TANKI: _EDGE_CLOSED_SINGLE,
    KinkeiDasshokuWait.ANY: None,
}


def _wait_allowed(wait: str, allowed: frozenset[str] | None) -> bool:
    return allowed is None or wait in allowed


# -- what the hand waited on -----------------------------------------------------------------


# Tiles outside thirteen orphans, as a tuple and as bits.
_NOT_YAOCHUU = tuple(t for t in range(34) if t not in YAOCHUU)
_NOT_YAOCHUU_MASK = sum(1 << t for t in _NOT_YAOCHUU)


@per_hand  # of the hand, not the reading: worked out once for all its readings
def wait_tiles(w: Win) -> frozenset[int]:
    """The tiles the hand waited on before the winning tile came (standard hand, seven
    pairs, thirteen orphans), without tiles the winner held all four of."""
    t, c = w.win_tile, w.concealed_counts
    before = c[:t] + (c[t] - 1,) + c[t + 1 :]
    tiles = decompose.standard_waits(before)  # through the module: C or Python
    if w.melds:
        # A meld may hold copies of a tile the concealed part waits on (standard_waits
        # saw only the concealed ones); seven pairs and thirteen orphans take no meld.
        return frozenset([x for x in tiles if w.tile_counts[x] - (x == t) < 4])
    # No meld: the concealed counts are all the tiles, and standard_waits gives only
    # tiles held fewer than four times, so every tile found is live.
    if before.count(2) == 6 and before.count(1) == 1:
        # Seven pairs wait on the single beside six pairs (no other tile is held).
        tiles = [*tiles, before.index(1)]
    # Thirteen orphans wait only when every tile before the win is a terminal or honor;
    # the bits (held tiles but the winning one) test that first without a loop.
    if not w.tile_mask & _NOT_YAOCHUU_MASK & ~(1 << t):
        tiles = [*tiles, *_orphans_waits(before)]
    return frozenset(tiles)


def _orphans_waits(before: tuple[int, ...]) -> list[int]:
    """The terminals and honors that make thirteen orphans of ``before`` (13 concealed
    tiles), if it holds terminals and honors only."""
    if any(before[t] for t in _NOT_YAOCHUU):
        return []
    out = []
    for t in YAOCHUU:
        after = before[:t] + (before[t] + 1,) + before[t + 1 :]
        if before[t] < 4 and kokushi_pair(after) is not None:
            out.append(t)
    return out


def _only_live_tile(win: HandView, own_copies_count: bool) -> bool:
    """The winning tile was the last live tile of the whole wait (欠牌和).

    Every other copy of it is seen (``visible_copies``) or in the winner's hand; with
    ``own_copies_count`` False the hand may hold none beyond the wait shape itself (the
    tanki tile, the shanpon pair). Every other tile of the wait must be exhausted, which
    the Win shows only when the winner holds all four of it (see the module docstring)."""
    w = win.win
    t = w.win_tile
    if w.visible_copies != 4 - w.tile_counts[t]:
        return False
    if not own_copies_count and w.tile_counts[t] != win.winning_block.tiles.count(t):
        return False
    return wait_tiles(w) == {t}


# -- other yaku ------------------------------------------------------------------------------


def _situation_yaku(w: Win) -> bool:
    """A standard yaku from the situation alone: riichi, ippatsu, menzen tsumo, haitei,
    houtei, rinshan, chankan."""
    return (
        w.riichi_declared
        or w.ippatsu
        or (w.tsumo and w.is_closed)
        or w.haitei
        or w.houtei
        or w.rinshan
        or w.chankan
    )


_NUMBERS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]


def has_standard_yaku(win: HandView) -> bool:
    """Whether this reading of the hand holds any standard riichi yaku (module docstring).

    Cheap tests go first: a situation yaku, a value-tile triplet (an honor held three
    times is always a triplet), 斷幺九 by the tiles alone; every other standard yaku is
    asked only when a bit-mask test says it could hold (tests/yaku/test_s3_14.py checks
    this against asking every helper). A standard reading's set yaku are worked out in
    one pass over its blocks (``_standard_sets``) rather than helper by helper.
    """
    w = win.win
    if _situation_yaku(w):
        return True
    tiles, m3 = w.tile_mask, w.mask3
    kind = win.kind
    if kind == "standard" and m3 & (DRAGON_MASK | 1 << w.seat_wind | 1 << w.round_wind):
        return True
    if tiles & YAOCHUU_MASK == 0:
        return True  # 斷幺九 (open 斷幺九 counts, as in standard.py)
    std = win.std
    if kind == "standard":
        if _standard_sets(win, w):
            return True
    elif std("chiitoitsu"):  # seven distinct pairs or Set七對子's (standard.py)
        return True
    # Of another reading only the tile yaku below can hold: 國士無雙 is always 混老頭 too;
    # the set yaku (平和, 一杯口/二杯口, 一氣通貫, 三色, 對對和, 暗刻, 混全/純全帶幺, 三元/四喜,
    # 役牌) need a standard reading (standard.py); and 三槓子/四槓子 need three quads, which
    # only kan melds make, while the shapes that take melds (綠皮車, 南北戰爭) take at most
    # two kans (of East/North, of South/North).
    if tiles & ~YAOCHUU_MASK == 0 and (std("honroutou") or std("chinroutou")):
        return True
    # Last the one-suit yaku. 九蓮寶燈 (純正 too) is a 清一色, and 綠一色 a 混一色 or 清一色
    # (its numbers are all souzu), so they need no question of their own. 役牌 was asked
    # with the value-tile triplets (a reading of another kind has none; 三元/四喜 are
    # standard readings, answered above by 役牌, 對對和 or 混一色).
    return w.suit_count <= 1 and (std("honiisou") or std("chiniisou") or std("tsuuiisou"))


def _standard_sets(win: HandView, w: Win) -> bool:
    """For a standard reading: whether it holds 平和, 一杯口/二杯口, 一氣通貫, 三色同順,
    三色同刻, 對對和, 三暗刻/四暗刻, 三槓子/四槓子, 混全帶幺/純全帶幺 or 役牌, each as
    standard.py defines it (and with the same bit-mask gates as ``has_standard_yaku``
    asks the helpers under), read off the blocks in one pass.

    The pass gathers the sequence starts, the triplet and quad tiles, whether every block
    holds a terminal or honor (混全帶幺 needs an honor block and 純全帶幺 none, so either
    holds when every block does and there is a sequence), and whether the blocks are
    sequences and a pair of no value tile (平和's shape). A triplet or quad of a value
    tile (役牌) never gets here: ``has_standard_yaku`` answered for it by ``mask3``."""
    interp = win.interp
    seqs: list[int] = []
    sets: list[int] = []  # triplets and quads
    outside = True
    pinfu_shape = True
    for b in interp.blocks:
        kind, t = b.kind, b.tile
        if kind == "sequence":
            seqs.append(t)
            if t % 9 != 0 and t % 9 != 6:
                outside = False
            continue
        if t < 27 and t % 9 != 0 and t % 9 != 8:
            outside = False
        if kind == "pair":
            if t >= 27 and standard.yakuhai_value(w, t):
                pinfu_shape = False
            continue
        pinfu_shape = False  # a triplet or quad (of no value tile: see has_standard_yaku)
        sets.append(t)
    n_seq = len(seqs)
    closed = w.is_closed
    if closed and pinfu_shape and interp.wait == "ryanmen":
        return True  # 平和
    if closed and n_seq >= 2 and len(set(seqs)) < n_seq:
        return True  # 一杯口 or 二杯口: two identical sequences
    if n_seq >= 3:
        starts = set(seqs)
        for base in (0, 9, 18):
            if base in starts and base + 3 in starts and base + 6 in starts:
                return True  # 一氣通貫
        for n in range(7):
            if n in starts and n + 9 in starts and n + 18 in starts:
                return True  # 三色同順
    if (w.mask3 & _NUMBERS).bit_count() >= 3:
        held = set(sets)
        for n in range(9):
            if n in held and n + 9 in held and n + 18 in held:
                return True  # 三色同刻
    if not n_seq and len(sets) == 4:
        return True  # 對對和
    if interp.concealed_triplets in (3, 4) and len(win.concealed_triplets) >= 3:
        return True  # 三暗刻, 四暗刻 (四暗刻單騎 is a 四暗刻)
    if w.quads >= 3:  # a standard reading's quads are the win's kan melds
        return True  # 三槓子, 四槓子
    return bool(n_seq) and outside  # 混全帶幺 or 純全帶幺


# -- naked tanki -----------------------------------------------------------------------------


def _naked_tanki(win: HandView, tile: int | None = None) -> bool:
    """Four declared melds, won on the lone tile (of ``tile``, if given)."""
    w = win.win
    return len(w.melds) == 4 and win.wait == "tanki" and (tile is None or w.win_tile == tile)


@implements(
    "3-14-01",
    fingerprint="f713100eb90133736930572c12bd582d417f904dd8b3f043c29d73fe6fd5e1b3",
    prefilter=lambda w: len(w.melds) == 4 and w.win_tile == ONE_SOU,
)
def kinkei_dokuritsu(win: HandView, opts: KinkeiDokuritsuOptions) -> Award | None:
    """金雞獨立 (the golden rooster standing on one leg, the 1-sou bird): 裸單騎 won on 1s."""
    return award(win, opts) if _naked_tanki(win, ONE_SOU) else None


@implements(
    "3-14-02",
    fingerprint="e5a07c95fa8d06dcf8d165734491d6a83bc7455e65381dbb9ba70ea3b0622e2b",
    prefilter=lambda w: len(w.melds) == 4 and w.win_tile == HAKU,
)
def dokuchou_kankousetsu(win: HandView, opts: DokuchouKankousetsuOptions) -> Award | None:
    """獨釣寒江雪 (fishing alone in the snowy river): 裸單騎 won on 白.

    One family with 裸單騎, as 金雞獨立 is: a bare single wait won on the white dragon is
    the 裸單騎 win narrowed to one tile, so 裸單騎 is not awarded beside it.

    3-14-02-01 a, 地獄單騎: both other 白 were already out on the table — 2 copies of the
    winning tile are visible (every copy the winner does not hold).
    """
    w = win.win
    if not _naked_tanki(win, HAKU):
        return None
    if (
        opts.jigoku_tanki is DokuchouKankousetsuJigokuTanki.REQUIRED
        and w.visible_copies != 4 - w.tile_counts[HAKU]
    ):
        return None
    if opts.tsumo is DokuchouKankousetsuTsumo.TSUMO_ONLY and not w.tsumo:
        return None
    return award(win, opts)


@implements(
    "3-14-05",
    fingerprint="130f9b707a04effafd3f390f080f636c1fc5cbd4795f34c5852ed6e146f1cd6d",
    prefilter=lambda w: len(w.melds) == 4,
)
def hadaka_tanki(win: HandView, opts: HadakaTankiOptions) -> Award | None:
    """裸單騎: four declared melds, won on the single tile left. 3-14-05-01 b: an ankan
    may not be one of the four."""
    if not _naked_tanki(win):
        return None
    if opts.ankan is HadakaTankiAnkan.NOT_ALLOWED and any(
        m.kind == "ankan" for m in win.win.melds
    ):
        return None
    return award(win, opts)


# -- closed waits on particular tiles --------------------------------------------------------


def _kanchan_possible(w: Win) -> bool:
    """The winning tile is a number 2..8 with both neighbours among the concealed tiles.
    One expression (the fields named again, not kept in locals), so that the selector
    writes it in rather than calling it (yakubook.engine.inline; issue #38)."""
    return (
        w.win_tile < 27
        and 0 < w.win_tile % 9 < 8
        and w.concealed_counts[w.win_tile - 1] > 0
        and w.concealed_counts[w.win_tile + 1] > 0
    )


@implements(
    "3-14-03",
    fingerprint="43964ecfd03e24aeaf161aa311d16eab28bb566c9575bd96fe936c038c4e1da7",
    prefilter=lambda w: w.win_tile < 27 and w.win_tile % 9 == 4 and _kanchan_possible(w),
)
def anago(win: HandView, opts: AnagoOptions) -> Award | None:
    """穴子: won on a 5 (any suit) by a 嵌張 wait (4-6 waiting for the 5)."""
    t = win.win_tile
    # The 4 and 6 of the 5's own suit: a shape may call a wait between tiles of two
    # suits "kanchan" too (綠皮車's 5m between 4m and 6s).
    return (
        award(win, opts)
        if t < 27 and t % 9 == 4 and win.wait == "kanchan" and _kanchan_possible(win.win)
        else None
    )


@implements(
    "3-14-04",
    fingerprint="db59fe9c5a9b027088e7c1c1cab1f05fd9817d5a39160c1443be86ec22cbfefc",
    prefilter=lambda w: w.win_tile == THREE_SOU and _kanchan_possible(w),
)
def byoutotsu_moushin(win: HandView, opts: ByoutotsuMoushinOptions) -> Award | None:
    """貓突猛進: won on 3s by a 嵌張 wait (2s-4s waiting for the 3s)."""
    return award(win, opts) if win.win_tile == THREE_SOU and win.wait == "kanchan" else None


def _five_in_straight(w: Win) -> bool:
    """Won on a 5 by a possible 嵌張, all nine numbers of its suit held. One expression, as
    _kanchan_possible."""
    return (
        w.win_tile < 27
        and w.win_tile % 9 == 4
        and _kanchan_possible(w)
        and (w.tile_mask >> (w.win_tile - 4)) & 0x1FF == 0x1FF
    )


@implements(
    "3-14-08",
    fingerprint="792d1cb3a322a686f8e39ba39632b8e61a1dcc001d1bdffaac44367b37457bd9",
    prefilter=lambda w: w.win_tile < 27 and w.win_tile % 9 == 4 and _five_in_straight(w),
)
def uushin_tonkan(win: HandView, opts: UushinTonkanOptions) -> Award | None:
    """五心通貫: 一氣通貫 won on the 5 by a 嵌張 wait — the 4-6 of the straight's own 456
    waited for it. 3-14-08-01 a: the straight must be in manzu."""
    if not _five_in_straight(win.win):
        return None
    base = win.win_tile - 4
    if opts.suit is UushinTonkanSuit.MANZU_ONLY and base != 0:
        return None
    block = win.winning_block
    if win.wait != "kanchan" or block.kind != "sequence" or block.tile != base + 3:
        return None
    starts = set(win.sequences)
    return award(win, opts) if {base, base + 3, base + 6} <= starts else None


def _closed_man_flush_on_5m(w: Win) -> bool:
    return w.win_tile == FIVE_MAN and w.is_closed and w.tile_mask & ~MAN_MASK == 0


@implements(
    "3-14-09",
    fingerprint="d54a7c733c9be94be781af4df7f069c99fdea75ecb96120b4ecf4c82739ceb92",
    prefilter=_closed_man_flush_on_5m,
)
def goryuu_meidou(win: HandView, opts: GoryuuMeidouOptions) -> Award | None:
    """五龍鳴動: closed manzu 清一色 whose only wait was 5m (and won on it).

    3-14-09-01 a: tsumo only. 3-14-09-02: a the reading's wait is 嵌張; b 嵌張 or 單騎;
    c any wait, as long as 5m was the only tile waited on.
    """
    w = win.win
    tsumo_only = opts.tsumo is GoryuuMeidouTsumo.TSUMO_ONLY
    if not _closed_man_flush_on_5m(w) or (tsumo_only and not w.tsumo):
        return None
    rule = opts.wait
    if (rule is GoryuuMeidouWait.KANCHAN_ONLY and win.wait != "kanchan") or (
        rule is GoryuuMeidouWait.KANCHAN_OR_TANKI and win.wait not in ("kanchan", "tanki")
    ):
        return None
    return award(win, opts) if wait_tiles(w) == {FIVE_MAN} else None


# -- shanpon waits ---------------------------------------------------------------------------


# The three 9s' bits (9m, 9p, 9s): mask3 has a tile's bit when three or more are held.
_NINES_BITS = 1 << 8 | 1 << 17 | 1 << 26


def _closed_eight_and_nines(w: Win) -> bool:
    """Closed, won on an 8, holding three or more of some 9. One expression, as
    _kanchan_possible (mask3 for the counts: ``tile_counts[t] >= 3`` is its bit t)."""
    return w.is_closed and w.win_tile < 27 and w.win_tile % 9 == 7 and w.mask3 & _NINES_BITS != 0


@implements(
    "3-14-10",
    fingerprint="291d0c6af30a7633086ee96cbff058d4287b9086856c4725adcad2686932d74e",
    prefilter=lambda w: (
        w.is_closed and w.win_tile < 27 and w.win_tile % 9 == 7 and _closed_eight_and_nines(w)
    ),
)
def giant_baba(win: HandView, opts: GiantBabaOptions) -> Award | None:
    """Giant馬場: closed hand with a concealed triplet of a 9, won on an 8 by a 雙碰
    wait. The text names no suit, so the 9 and the 8 may be of any suits."""
    if not _closed_eight_and_nines(win.win) or win.wait != "shanpon":
        return None
    # The blocks looked at in place, a 9's only asked whether concealed: the view's
    # concealed_triplets would ask every block and sort them, for this one question.
    interp = win.interp
    if not any(
        b.tile < 27 and b.tile % 9 == 8 and interp.is_concealed_triplet(i)
        for i, b in enumerate(interp.blocks)
    ):
        return None
    return award(win, opts)


@implements(
    "3-14-12",
    fingerprint="53105c8be05b7ed468fc6e0e6ce092970211c15cad02c2a8b4c2ffe1ae6b738e",
    prefilter=lambda w: (
        w.win_tile in (FOUR_MAN, EIGHT_MAN)
        and w.tile_counts[FOUR_MAN] >= 2
        and w.tile_counts[EIGHT_MAN] >= 2
    ),
)
def superman(win: HandView, opts: SupermanOptions) -> Award | None:
    """Superman: a 雙碰 wait on 4m and 8m (the pairs 44m and 88m), won on either."""
    if win.wait != "shanpon" or {win.win_tile, win.pair} != {FOUR_MAN, EIGHT_MAN}:
        return None
    return award(win, opts)


# -- the winning tile ------------------------------------------------------------------------


@implements(
    "3-14-11",
    fingerprint="c9c817e47ef79b0d41bc093a4ffd2c679776568d2263ff2650008e4d41df9a8f",
    prefilter=lambda w: w.win_tile == NORTH and not w.tsumo,
)
def peiron_matsuri(win: HandView, opts: PeironMatsuriOptions) -> Award | None:
    """北榮和祭: won on North. The name says 北榮和 (pei-ron: ron on North, a pun on
    Nagasaki's ペーロン festival), so a ron is needed; any shape, any wait."""
    return award(win, opts) if win.win_tile == NORTH and win.win.ron else None


# -- the last tile ---------------------------------------------------------------------------


@implements(
    "3-14-06",
    fingerprint="c34a32b701767b137dbeaec81e1e3412c9725bbadaa28ee1a66d19ef96ed5917",
    prefilter=lambda w: w.visible_copies == 4 - w.tile_counts[w.win_tile],
)
def keppaihou(win: HandView, opts: KeppaihouOptions) -> Award | None:
    """欠牌和: won on the last live tile of the wait.

    3-14-06-01: the reading's wait must be a 邊張/嵌張 (a), also 單騎 (b), or any (c).
    3-14-06-02 (手牌（包含副露牌）中有聽牌時): a the copies of the winning tile in the
    winner's own hand or melds count toward exhausting it; b they spoil the yaku — the
    hand may hold no copy beyond the wait shape itself. 3-14-06-03 b: riichi needed.
    """
    if opts.riichi is KeppaihouRiichi.REQUIRED and not win.win.riichi_declared:
        return None
    if not _wait_allowed(win.wait, _KEPPAIHOU_WAITS[opts.wait]):
        return None
    own_copies_count = opts.wait_tile_in_hand is KeppaihouWaitTileInHand.HOLDS
    if not _only_live_tile(win, own_copies_count=own_copies_count):
        return None
    return award(win, opts)


@implements(
    "3-14-07",
    fingerprint="bfa54d536388b2442febe5f0f2935ab26a13d8124dcadcefeeea7c67f3b5d850",
    prefilter=lambda w: w.chankan,
)
def kinkei_dasshoku(win: HandView, opts: KinkeiDasshokuOptions) -> Award | None:
    """金雞奪食: 搶槓 when the robbed tile was the last live tile of the wait.

    Robbing an added kan takes the fourth copy (the other three sit in the pon), so the
    winning tile is always its last copy; the rest of the wait must be exhausted too
    (module docstring). 3-14-07-01 as 欠牌和's wait condition; 3-14-07-02 b: riichi needed.
    """
    w = win.win
    riichi_needed = opts.riichi is KinkeiDasshokuRiichi.REQUIRED
    if not w.chankan or (riichi_needed and not w.riichi_declared):
        return None
    if not _wait_allowed(win.wait, _KINKEI_DASSHOKU_WAITS[opts.wait]):
        return None
    return award(win, opts) if wait_tiles(w) == {w.win_tile} else None


# -- no other yaku ---------------------------------------------------------------------------


@implements(
    "3-14-13",
    fingerprint="571c34faa4df134c949964065d954ec11da0f4e645a9edf6b1f6c856f0876647",
    # A value-tile triplet (an honor held three times), a one-suit hand (混一色, 清一色,
    # 字一色) or any situation yaku is a yaku.
    prefilter=lambda w: w.suit_count >= 2
    and w.tile_mask & YAOCHUU_MASK != 0
    and not w.mask3 & (DRAGON_MASK | 1 << w.seat_wind | 1 << w.round_wind)
    and not _situation_yaku(w),
)
def kaiso(win: HandView, opts: KaisoOptions) -> Award | None:
    """皆素: won by a 邊張, 嵌張 or 單騎 wait with no other yaku (see the module docstring
    for what counts: the standard riichi yaku of this reading of the hand)."""
    if win.wait not in ("penchan", "kanchan", "tanki"):
        return None
    return None if has_standard_yaku(win) else award(win, opts)
