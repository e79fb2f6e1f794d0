"""Section 3-08 混一色、一氣通貫形的特殊役: half-flush pure-straight hands named after trains.

Every entry is a 一氣通貫 (123, 456, 789 of one suit) whose fourth set and pair are the
honors (or the tiles) the name stands for. "有X的混一色" is read as "a 混一色 whose honors
are X": the honors named are the only ones in the hand (so 東北新幹線 and 上越新幹線 do not
hold on each other's hands).

綠皮車 (3-08-01-07) swaps one manzu tile of the straight for a green souzu tile, which no
standard reading completes: this module registers the shape "guriinsha" for it.
"""

from __future__ import annotations

from collections.abc import Iterable

from yakubook.engine.award import Award
from yakubook.engine.decompose import (
    BLOCK_KINDS,
    Block,
    Interpretation,
    meld_block,
    register_shape,
    sequence_wait,
)
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import EAST, HAKU, HATSU, HONOR_MASK, NORTH, SUIT_MASKS
from yakubook.engine.tiles import HONOR_MASK as HONOR_BITS
from yakubook.engine.view import MAN, PIN, SOU, HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_08 import (
    GoldRushOptions,
    GuriinshaOptions,
    JouetsuShinkansenAsahiOptions,
    JouetsuShinkansenTokiCondition,
    JouetsuShinkansenTokiOptions,
    Route246Options,
    SeikanRenrakusenCondition,
    SeikanRenrakusenOptions,
    TohokuShinkansenCondition,
    TohokuShinkansenOptions,
    TohokuShinkansenPair,
    TohokuShinkansenSuit,
    TohokuShinkansenTriplet,
    TohokuShinkansenWait,
)

EAST_BIT = 1 << EAST
NORTH_BIT = 1 << NORTH
HAKU_BIT = 1 << HAKU
HATSU_BIT = 1 << HATSU
SUIT_BASE = {
    TohokuShinkansenSuit.MANZU_ONLY: MAN,
    TohokuShinkansenSuit.PINZU_ONLY: PIN,
    TohokuShinkansenSuit.SOUZU_ONLY: SOU,
}


def _flush_of(mask: int, honors: int | None) -> bool:
    """One suit plus exactly the honors ``honors`` (None: any honors, at least one).
    Its suited tiles are some and lie in one suit: the prefilters ask ``w.suit_count ==
    1`` first, the Win's own count of the suits present, so that most hands (this
    section's gate passes every hand with an honor) skip the call (issue #38)."""
    own = mask & HONOR_MASK
    if (own != honors) if honors is not None else not own:
        return False
    suited = mask & ~HONOR_MASK
    return any(suited and suited & ~m == 0 for m in SUIT_MASKS)


def _straight_flush(win: HandView, honors: int | None) -> int | None:
    """The suit (base tile) of a 混一色 一氣通貫 with honors ``honors``, or None."""
    if not win.standard_shape or not _flush_of(win.mask, honors):
        return None
    starts = win.sequences
    for base in (MAN, PIN, SOU):
        if base in starts and base + 3 in starts and base + 6 in starts:
            return base
    return None


# Every 3-08 yaku names an honor it needs.
section_gate(__name__, lambda w: w.tile_mask & HONOR_BITS != 0)


@implements(
    "3-08-01",
    fingerprint="fb8037d93642b54a615287d95981d3ddf0b775a998eb0f74e6463ef8cd034791",
    prefilter=lambda w: w.suit_count == 1 and _flush_of(w.tile_mask, EAST_BIT | NORTH_BIT),
)
def tohoku_shinkansen(win: HandView, opts: TohokuShinkansenOptions) -> Award | None:
    """東北新幹線: 混一色 一氣通貫 whose honors are East and North.

    With the straight taking three sets, East and North are the fourth set and the pair
    (one each). 3-08-01-03 b wants that honor triplet concealed (a triplet completed by ron
    is open, an ankan is concealed); 3-08-01-05 b wants the win on the East/North shanpon.
    3-08-01-06 (declare it when winning) is procedure: a winning hand records no such call.
    """
    base = _straight_flush(win, EAST_BIT | NORTH_BIT)
    if base is None or not _tohoku_rules_hold(win, opts, base):
        return None
    return award(win, opts)


def _tohoku_rules_hold(win: HandView, opts: TohokuShinkansenOptions, base: int) -> bool:
    """東北新幹線's rule questions on a reading whose straight is of suit ``base``."""
    if opts.condition is TohokuShinkansenCondition.CLOSED_ONLY and win.is_open:
        return False
    if opts.pair is TohokuShinkansenPair.NORTH_ONLY and win.pair != NORTH:
        return False
    triplet = EAST if win.pair == NORTH else NORTH
    if (
        opts.triplet is TohokuShinkansenTriplet.CONCEALED_ONLY
        and triplet not in win.concealed_triplets
    ):
        return False
    if opts.suit is not TohokuShinkansenSuit.ANY_SUIT and base != SUIT_BASE[opts.suit]:
        return False
    return opts.wait is not TohokuShinkansenWait.EAST_NORTH_SHANPON or (
        win.wait == "shanpon" and win.win_tile in (EAST, NORTH)
    )


# -- 綠皮車: the straight with one green souzu tile in it --------------------------------

GREEN_SWAPS = (1, 2, 3, 5, 7)  # 2 3 4 6 8 (tile offsets in a suit)
# The whole hand's tile mask for each swap: 1-9m but the swapped number, its souzu, E, N.
_GURIINSHA_MASKS = {
    (SUIT_MASKS[0] & ~(1 << i)) | (1 << (SOU + i)) | EAST_BIT | NORTH_BIT: i for i in GREEN_SWAPS
}


def _block_key(block: Block) -> tuple[int, int, bool, bool]:
    return (block.tile, BLOCK_KINDS.index(block.kind), block.open, block.from_meld)


def guriinsha_shapes(w: Win, concealed_counts: tuple[int, ...]) -> Iterable[Interpretation]:
    """The 綠皮車 reading: the manzu straight with one of 2/3/4/6/8m replaced by the same
    souzu, plus East and North as a set and a pair. The broken sequence is three singles
    (no chi can hold it); its wait is read as if the souzu were the manzu it replaces."""
    swapped = _GURIINSHA_MASKS.get(w.tile_mask)
    if swapped is None:
        return ()
    counts = w.tile_counts
    if counts[SOU + swapped] != 1 or any(counts[t] != 1 for t in range(9) if t != swapped):
        return ()
    broken = swapped - swapped % 3
    blocks: list[Block] = []
    called: set[int] = set()
    for m in w.melds:
        # Only the intact sequences can be called (chi), and the East/North set.
        fits = (0, 3, 6) if m.is_sequence else (EAST, NORTH)
        if m.tile not in fits or m.tile == broken:
            return ()
        blocks.append(meld_block(m))
        called.add(m.tile)
    for start in (0, 3, 6):
        if start in called:
            continue
        if start == broken:
            tiles = (SOU + t if t == swapped else t for t in range(start, start + 3))
            blocks += [Block("single", t) for t in tiles]
        else:
            blocks.append(Block("sequence", start))
    # Exactly one of them is a pair: the Win holds 14 tiles plus one per quad, nine of
    # them the straight's (each once, checked above) and every quad a called East/North.
    # Both uncalled: 2 + 3 tiles. One called (a pon, or a kan and its extra tile): the
    # other is a pair. Both called would be 15 tiles and more.
    for t in (EAST, NORTH):
        if t in called:
            continue
        n = concealed_counts[t]
        if n not in (2, 3):
            return ()
        blocks.append(Block("pair" if n == 2 else "triplet", t))
    blocks.sort(key=_block_key)
    tile = w.win_tile
    index = next(i for i, b in enumerate(blocks) if not b.from_meld and b.contains(tile))
    block = blocks[index]
    if block.kind == "single":
        wait = sequence_wait(Block("sequence", broken), swapped if tile >= SOU else tile)
    elif block.kind == "sequence":
        wait = sequence_wait(block, tile)
    else:
        wait = "tanki" if block.kind == "pair" else "shanpon"
    ron_opened = index if w.ron and block.kind == "triplet" else -1
    concealed = sum(1 for b in blocks if b.is_triplet_like and not b.open) - (ron_opened >= 0)
    return (Interpretation("guriinsha", tuple(blocks), index, wait, concealed, ron_opened),)


register_shape(
    "guriinsha",
    guriinsha_shapes,
    yaku=("3-08-01-07",),
    when=lambda w: w.tile_mask in _GURIINSHA_MASKS,
)


@implements(
    "3-08-01-07",
    fingerprint="9a36d3aa898398829ac4d51763e7e9047bf17ceeb556e0fe93183a8e78c6158b",
    prefilter=lambda w: w.tile_mask in _GURIINSHA_MASKS,
)
def guriinsha(
    win: HandView, opts: GuriinshaOptions, *, parent: TohokuShinkansenOptions | None = None
) -> Award | None:
    """綠皮車: a manzu 東北新幹線 (straight, East and North) with one of 2/3/4/6/8m swapped
    for the souzu of the same number — the green tiles of 綠一色.

    It exists only under 東北新幹線 (如果有東北新幹線) and counts as that yaku, so the
    engine judges it with 東北新幹線's chosen options: their rule
    questions apply here (closed only, North pair, concealed triplet, the suit — the
    straight is manzu —, the East/North shanpon wait), and the award takes 東北新幹線's
    value. Judged on its own (without 東北新幹線) no rule question of 東北新幹線
    is applied: any hand of that shape holds, open melds allowed.
    """
    if win.kind != "guriinsha":
        return None
    if parent is not None and not _tohoku_rules_hold(win, parent, MAN):
        return None
    return award(win, opts)


# -- the other trains ---------------------------------------------------------------------


@implements(
    "3-08-02",
    fingerprint="00641684e82cf43891391849e6b517e76c4237870556b6ec40d54f79e1389e6a",
    prefilter=lambda w: w.suit_count == 1 and _flush_of(w.tile_mask, HAKU_BIT | NORTH_BIT),
)
def jouetsu_shinkansen_asahi(win: HandView, opts: JouetsuShinkansenAsahiOptions) -> Award | None:
    """上越新幹線「朝日」: 混一色 一氣通貫 whose honors are White and North (so one is
    the fourth set, the other the pair). Any suit; open hands allowed (no rule says else)."""
    return award(win, opts) if _straight_flush(win, HAKU_BIT | NORTH_BIT) is not None else None


@implements(
    "3-08-03",
    fingerprint="ce1486d306ebf6e2b9ea2ffe3ad6f911a70433581083a472956bef0654bcf1e1",
    prefilter=lambda w: w.suit_count == 1 and _flush_of(w.tile_mask, NORTH_BIT),
)
def jouetsu_shinkansen_toki(win: HandView, opts: JouetsuShinkansenTokiOptions) -> Award | None:
    """上越新幹線「朱鷺」: 混一色 一氣通貫 whose only honor is North.

    A half flush "with North" (有北的混一色) is read as North being the only honor of the
    flush, not as "holds a North": a second honor does not qualify. The reason is the
    section itself: its trains are told apart by the honors of the flush (Asahi: white
    dragon and North, 有白和北; Tohoku Shinkansen: East and North, 有東和北). Were "with
    North" to mean "holds one", every Asahi and every Tohoku Shinkansen would also be Toki,
    one yaku inside another, which the compendium says nowhere (it writes "includes",
    包含, where it means it). 3-08-03-01 a: North is a triplet (or quad); b: a triplet or the pair.
    """
    if _straight_flush(win, NORTH_BIT) is None:
        return None
    if opts.condition is JouetsuShinkansenTokiCondition.NORTH_TRIPLET and NORTH not in win.triplets:
        return None
    return award(win, opts)


@implements(
    "3-08-04",
    fingerprint="3c22b848d39cc2d6b03f2493bf8011c36064a9c9001642fd07a2779f5f63ccfa",
    prefilter=lambda w: (
        w.quads > 0 and w.suit_count == 1 and _flush_of(w.tile_mask, HATSU_BIT | NORTH_BIT)
    ),
)
def seikan_renrakusen(win: HandView, opts: SeikanRenrakusenOptions) -> Award | None:
    """青函連絡船: a declared quad of 發, a pair of North and a 一氣通貫 (any suit).

    Four 發 held without declaring the kan are no 槓子. 3-08-04-01 a: closed only (an
    ankan keeps the hand closed, a called kan does not).
    """
    if _straight_flush(win, HATSU_BIT | NORTH_BIT) is None:
        return None
    if HATSU not in win.quads or win.pair != NORTH:
        return None
    if opts.condition is SeikanRenrakusenCondition.CLOSED_ONLY and win.is_open:
        return None
    return award(win, opts)


@implements(
    "3-08-05",
    fingerprint="7ad2865414deacf167ac3e4d2d4598312272d2776c83c49fa0f86259a8779120",
    prefilter=lambda w: (
        w.tile_mask & ~(SUIT_MASKS[1] | HATSU_BIT) == 0 and _flush_of(w.tile_mask, HATSU_BIT)
    ),
)
def gold_rush(win: HandView, opts: GoldRushOptions) -> Award | None:
    """Gold Rush: pinzu 混一色 一氣通貫 whose only honor is 發 (a triplet or the pair).

    A pinzu half flush "with green dragon" (有發的筒子混一色) is read as the green dragon
    being the only honor of the flush, not as "holds one", as Toki's "with North" is: the
    section names the honors of each train's flush (Asahi: white dragon and North; Tohoku
    Shinkansen: East and North). A second honor beside the green dragon does not qualify:
    were "with green dragon" to mean "holds one", every pinzu Seikan Ferry (a green dragon
    quad, a North pair) would also be Gold Rush.
    """
    return award(win, opts) if _straight_flush(win, HATSU_BIT) == PIN else None


def _wins_on_246(w: Win) -> bool:
    return w.win_tile < 27 and w.win_tile % 9 in (1, 3, 5)


@implements(
    "3-08-06",
    fingerprint="4a29aac1be5db29aa66127f2251aff794728a8437730102333e7101ecaf33b42",
    prefilter=lambda w: _wins_on_246(w) and w.suit_count == 1 and _flush_of(w.tile_mask, None),
)
def route_246(win: HandView, opts: Route246Options) -> Award | None:
    """Route 246: 混一色 一氣通貫 won on a 2, 4 or 6.

    混一色 is taken literally: honors must be present (a 清一色 straight does not count).
    Only the winning tile's number matters, not which block it completes.
    """
    if not _wins_on_246(win.win) or _straight_flush(win, None) is None:
        return None
    return award(win, opts)
