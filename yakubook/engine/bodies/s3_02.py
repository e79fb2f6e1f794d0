"""Section 3-02 立直的相關特殊役: yaku of the riichi declaration and what follows it.

These are facts of the game, not of the tiles: each body reads the situation of the Win
(``riichi``, ``ippatsu``, the claimed discard's ``discarder*`` fields, ``declarations``,
``min_han``) and looks at the tiles only where the rule names one (注記's 白) or where a
declaration must be true (報知's single wait).

二翻縛 questions (may a hand win with only this yaku under a two-han minimum?) are read
against ``Win.min_han``: when the answer is "no" and the hand's other yaku do not reach the
minimum, the hand is no win, and the body awards nothing. "Other yaku" are the hand's
winning yaku, standard and local (``yakubook.engine.winning.winning_yaku_han``; the engine passes
the local ones as ``others``).
"""

from __future__ import annotations

from typing import Any

from yakubook.engine.award import Award
from yakubook.engine.decompose import chiitoitsu_pairs, kokushi_pair, standard_shapes
from yakubook.engine.registry import award, implements, info_for, section_gate
from yakubook.engine.standard import RIICHI_HAN, YAKUMAN
from yakubook.engine.tiles import HAKU, NUM_TILES
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.engine.winning import OtherYaku, winning_yaku_han
from yakubook.generated.s3_02 import (
    ChouIppatsuChankan,
    ChouIppatsuOptions,
    ChouIppatsuScope,
    ChuukiOptions,
    HouchiOptions,
    IppatsuChankan,
    IppatsuOptions,
    IppatsuScope,
    IppatsuTwoHanMinimum,
    KaikaiRiichiOptions,
    OpenRiichiDealIn,
    OpenRiichiDealInYakuman,
    OpenRiichiForcedDealIn,
    OpenRiichiOptions,
    OpenRiichiTwoHanMinimum,
    OpenRiichiWithDoubleRiichi,
    OpenRiichiYakumanHand,
    TsubameGaeshi1Options,
    TsubameGaeshi2Options,
    TsumosenOptions,
)

OPEN_RIICHI = ("open", "open_double")
CLOSED_RIICHI = ("riichi", "double")

def below_minimum(win: HandView, others: OtherYaku | None, *, ippatsu: bool = True) -> bool:
    """Under a minimum of 2 han or more, the other winning yaku do not reach it."""
    need = win.win.min_han
    return need >= 2 and winning_yaku_han(win, others, ippatsu=ippatsu) < need


def custom_award(win: HandView, opts: Any, value: dict[str, Any], note: str) -> Award:
    """An award whose value a rule question sets, not the value option."""
    info = info_for(opts)
    return Award(info.id, info.name_hant, opts.value.letter, value, note)


def _yakuman(remark: str) -> dict[str, Any]:
    return {
        "kind": "yakuman",
        "multiple": 1,
        "open": None,
        "lost": False,
        "notes": [{"kind": "remark", "text": remark}],
    }


def waits(w: Win) -> int:
    """How many tile kinds the hand waited on (standard, seven pairs, thirteen orphans).

    A tile the hand already holds all four of is no wait.
    """
    counts = list(w.concealed_counts)
    counts[w.win_tile] -= 1
    found = 0
    for t in range(NUM_TILES):
        if w.tile_counts[t] - (t == w.win_tile) >= 4:
            continue
        counts[t] += 1
        c = tuple(counts)
        if standard_shapes(c) or (
            not w.melds and (chiitoitsu_pairs(c) or kokushi_pair(c) is not None)
        ):
            found += 1
        counts[t] -= 1
    return found


# -- the bodies ------------------------------------------------------------------------


def _when_ippatsu(w: Win) -> bool:
    return w.ippatsu or w.discarder_broke_ippatsu


# Every riichi yaku needs a riichi, a declaration or a fact about the discarder.
section_gate(__name__, lambda w: w.situational)


@implements(
    "3-02-01",
    fingerprint="03c14517e52f48d6aa307b12346f1987cb38dd10623a0abb825a751f652aa483",
    prefilter=_when_ippatsu,
    asks=lambda opts: opts.two_han_minimum is IppatsuTwoHanMinimum.CANNOT_WIN,
)
def ippatsu(
    win: HandView, opts: IppatsuOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """A win within one uninterrupted go-around after riichi.

    3-02-01-01: a call breaks ippatsu at once (a), or only once the caller has discarded
    (b), so b still counts a ron on the caller's own next discard. 3-02-01-02: whether
    robbing an added kan in the go-around counts. 3-02-01-03 under 二翻縛 (a table minimum
    of 2 han): a = ippatsu does not count toward the minimum, so riichi + ippatsu alone is
    no win and nothing is awarded; b and c (no 二翻縛 at this table) put no restriction.
    """
    if not _when_ippatsu(win.win):
        return None
    w = win.win
    if w.discarder_broke_ippatsu and opts.scope is IppatsuScope.ENDS_WHEN_BROKEN:
        return None
    if w.chankan and opts.chankan is IppatsuChankan.NOT_COUNTED:
        return None
    if (
        opts.two_han_minimum is IppatsuTwoHanMinimum.CANNOT_WIN
        and below_minimum(win, others, ippatsu=False)
    ):
        return None
    return award(win, opts)


def _when_chou_ippatsu(w: Win) -> bool:
    return w.discarder == "next" and (w.ippatsu or w.discarder_broke_ippatsu)


@implements(
    "3-02-02",
    fingerprint="b38787ad3be8d7334baea0865c4278ff8ef2545376620b847cb910511cf1871a",
    prefilter=_when_chou_ippatsu,
)
def chou_ippatsu(win: HandView, opts: ChouIppatsuOptions) -> Award | None:
    """Ron on the very first discard after one's riichi: the 下家's.

    Within the uninterrupted go-around the 下家's discard is the first one
    after the riichi. 3-02-02-01: if the 下家 broke ippatsu with a call (say, a chi of the
    riichi tile) and then discarded, a = no 超一發, b = it
    still holds. 3-02-02-02: robbing the 下家's added kan right after the riichi
    counts under a only. The value includes 一發's 1翻.
    """
    if not _when_chou_ippatsu(win.win):
        return None
    w = win.win
    if w.discarder_broke_ippatsu and opts.scope is ChouIppatsuScope.VOID_AFTER_NEXT_BREAKS:
        return None
    if w.chankan and opts.chankan is ChouIppatsuChankan.NOT_COUNTED:
        return None
    return award(win, opts)


def _deal_in_yakuman(w: Win, opts: OpenRiichiOptions) -> bool:
    rule = opts.deal_in
    state = w.discarder_riichi
    if rule is OpenRiichiDealIn.YAKUMAN_ALWAYS:
        counts = True
    elif rule is OpenRiichiDealIn.YAKUMAN_UNLESS_RIICHI_BEFORE:
        counts = state != "riichi"
    elif rule is OpenRiichiDealIn.YAKUMAN_IF_NO_RIICHI:
        counts = state in ("none", "declaring")
    else:
        counts = False
    return counts and not (
        w.discarder_forced and opts.forced_deal_in is OpenRiichiForcedDealIn.NO_YAKUMAN
    )


def _when_open_riichi(w: Win) -> bool:
    return w.riichi in OPEN_RIICHI


@implements(
    "3-02-03",
    fingerprint="fc5ae0f5c9881799c55732760d42799d656aed57938101028a76cbf551539aa6",
    prefilter=_when_open_riichi,
    asks=lambda opts: opts.two_han_minimum is OpenRiichiTwoHanMinimum.CANNOT_WIN,
)
def open_riichi(
    win: HandView, opts: OpenRiichiOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """Riichi declared with the hand shown (open riichi, or open double riichi).

    3-02-03-05, dealing into an open riichi (a ron): the award becomes a yakuman when the
    discarder's riichi state allows it (a: any; b not when they were
    in riichi before the open riichi; c only when not in riichi, a riichi declaration tile
    counting as not yet in riichi; d never), unless the discarder had no safe tile
    and 3-02-03-05-02 is b. 3-02-03-05-01 names it a yakuman yaku
    (a, c) or a counted yakuman (b: the remark 累计役满). Under e the tile may not be
    discarded and a player who does gives up winning: a non-riichi player's discard is
    then no win for the open riichi (nothing awarded); a riichi player's discard (forced)
    is an ordinary ron.
    3-02-03-09, a yakuman hand (a standard yakuman) won with open riichi: a = the hand stays
    one yakuman (the value option, noted); b = two yakuman, so open riichi awards one.
    3-02-03-01, with double riichi (open double riichi): the total 3翻 or (立直＋開)×2 is given
    in the note; the award stays the value option's.
    3-02-03-06 under 二翻縛 (a table minimum of 2 han): a = open riichi's own han do not count,
    so without other yaku reaching the minimum the hand is no win.
    Procedure-only, not evaluated: 3-02-03-02 (the deposit), 3-02-03-03 and 3-02-03-04
    (when the declaration may be made: a declared open riichi is taken as valid),
    3-02-03-07, 3-02-03-07-01 and 3-02-03-07-02 (which tiles to show, penalties for wrong
    ones),
    3-02-03-08 (others' mistaken wins).
    """
    if not _when_open_riichi(win.win):
        return None
    w = win.win
    if w.ron:
        if (
            opts.deal_in is OpenRiichiDealIn.DISCARD_FORBIDDEN
            and w.discarder_riichi in ("none", "declaring")
        ):
            return None
        if _deal_in_yakuman(w, opts):
            counted = opts.deal_in_yakuman is OpenRiichiDealInYakuman.COUNTED_YAKUMAN
            value = _yakuman("向开立直放铳，" + ("累计役满" if counted else "役满"))
            note = "向開立直放銃：" + ("累計役滿" if counted else "役滿")
            return custom_award(win, opts, value, note)
    if opts.two_han_minimum is OpenRiichiTwoHanMinimum.CANNOT_WIN and below_minimum(win, others):
        return None
    if any(win.std(name) for name in YAKUMAN):
        if opts.yakuman_hand is OpenRiichiYakumanHand.DOUBLE_YAKUMAN:
            return custom_award(win, opts, _yakuman("役满开立直"), "役滿開立直：合計兩倍役滿")
        return award(win, opts, note="役滿開立直：合計役滿")
    if w.riichi == "open_double":
        note = f"與兩立直復合：{opts.with_double_riichi.text}"
        if opts.with_double_riichi is OpenRiichiWithDoubleRiichi.RIICHI_DOUBLED_PLUS_OPEN:
            return custom_award(win, opts, _open_double_value(opts), note)
        return award(win, opts, note=note)  # b: (立直＋開)×2, a number the source lost
    return award(win, opts)


OPEN_DOUBLE_TOTAL_HAN = 3  # 3-02-03-01 a 3翻（立直的2倍＋開）


def _open_double_value(opts: OpenRiichiOptions) -> dict[str, Any]:
    """The value option's value with the han 3-02-03-01 a makes the riichi and open
    together: 3 han in all. Under c (包含立直的1翻) the award holds them all and its
    note takes the double riichi out of the count; under b (與立直相同) the standard
    double riichi counts its 2 and the award the rest."""
    value = dict(info_for(opts).values[opts.value.letter])
    includes_riichi = any(
        n["kind"] == "includes" and "立直" in n.get("args", []) for n in value.get("notes", [])
    )
    han = OPEN_DOUBLE_TOTAL_HAN - (0 if includes_riichi else RIICHI_HAN["double"])
    return value | {"han": han, "lost": False}


def _when_tsubame_gaeshi_1(w: Win) -> bool:
    return w.discarder_riichi == "declaring"


@implements(
    "3-02-04",
    fingerprint="4d5f5391de549c798179605340a31cc4f031f2131660d3838e74048a4f1ef0dc",
    prefilter=_when_tsubame_gaeshi_1,
)
def tsubame_gaeshi_1(win: HandView, opts: TsubameGaeshi1Options) -> Award | None:
    """Ron on the tile another player discards to declare riichi."""
    if not _when_tsubame_gaeshi_1(win.win):
        return None
    return award(win, opts)


def _when_tsubame_gaeshi_2(w: Win) -> bool:
    return w.riichi == "none" and w.discarder_riichi == "riichi"


@implements(
    "3-02-05",
    fingerprint="1b3eea537d927f04452f325cee35f53b65ceacf09465d8605a542696fa658933",
    prefilter=_when_tsubame_gaeshi_2,
)
def tsubame_gaeshi_2(win: HandView, opts: TsubameGaeshi2Options) -> Award | None:
    """A player in riichi deals into a player who is not: the riichi's 1翻 and the
    ura-dora go to the winner.

    The discarder's riichi must stand (they were already in riichi); a declaration tile
    that deals in leaves no riichi to pass on (that is 燕返(1)).
    """
    if not _when_tsubame_gaeshi_2(win.win):
        return None
    return award(win, opts, note="立直的1翻及裏寶牌移至和牌者")


def _when_tsumosen(w: Win) -> bool:
    return "tsumo_only" in w.declarations and w.riichi in CLOSED_RIICHI


@implements(
    "3-02-06",
    fingerprint="95844db87ef55dcd337b31f94ef346682939af286729210e0118183860f64950",
    prefilter=_when_tsumosen,
)
def tsumosen(win: HandView, opts: TsumosenOptions) -> Award | None:
    """Riichi declared for a self-drawn win only (so the win
    must be a tsumo). An open riichi so declared is 開開立直 instead."""
    if not _when_tsumosen(win.win):
        return None
    return award(win, opts)


def _when_kaikai_riichi(w: Win) -> bool:
    return "tsumo_only" in w.declarations and w.riichi in OPEN_RIICHI


@implements(
    "3-02-07",
    fingerprint="fadde3006ed5fcee8e0c48b46ab8a1d1603d9281427c3951f2f8e47de7f07259",
    prefilter=_when_kaikai_riichi,
)
def kaikai_riichi(win: HandView, opts: KaikaiRiichiOptions) -> Award | None:
    """Open riichi declared for a self-drawn win only."""
    if not _when_kaikai_riichi(win.win):
        return None
    return award(win, opts)


def _when_houchi(w: Win) -> bool:
    return "single_wait" in w.declarations


@implements(
    "3-02-08",
    fingerprint="a677acd86725adbb5824d6f3132dfa459f040ca10deaf0072abc057f711b3863",
    prefilter=_when_houchi,
)
def houchi(win: HandView, opts: HouchiOptions) -> Award | None:
    """Riichi declared with the announcement that it waits on one tile kind only. The
    announcement must be true: a hand that waited on more than one kind earns nothing."""
    if not _when_houchi(win.win):
        return None
    return award(win, opts) if waits(win.win) == 1 else None


def _when_chuuki(w: Win) -> bool:
    return w.ippatsu and w.tsumo and w.win_tile == HAKU


@implements(
    "3-02-09",
    fingerprint="b0574d094cc30b94bb679ae3df6b4b8c9f15f4bcf976ef2fb77b2bd180f3c143",
    prefilter=_when_chuuki,
)
def chuuki(win: HandView, opts: ChuukiOptions) -> Award | None:
    """Riichi, ippatsu, and the self-drawn winning tile is 白."""
    if not _when_chuuki(win.win):
        return None
    return award(win, opts)
