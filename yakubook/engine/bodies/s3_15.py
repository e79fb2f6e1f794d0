"""Section 3-15 與和牌牌型無關特殊役: yaku that do not depend on the hand's shape.

They read the game: the first go-around (``first_go_around``, ``turn``, ``discarder``),
the dealer's record (``dealer_history``, ``dealer_streak``, ``honba``), the discard after
a kan (``discarder_kans``), flowers (``flowers``, ``robbed_flower``), declarations.

The Win is always a complete hand. The flower yaku that some rules let end the hand
without one (拔花牌時成立, 與手牌無關) can be evaluated here only for a complete hand,
where they hold.

"Other yaku" (a hand that must win by other yaku, a 縛) are its winning yaku besides the
asking one, standard and local (``yakubook.engine.winning.winning_yaku_han``), against
``Win.min_han``; 人和's caps read the hand's full value (``yakubook.engine.winning``).
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.decompose import interpretations
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.standard import yaku_han
from yakubook.engine.tiles import EAST
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.engine.winning import OtherYaku, winning_yaku_han
from yakubook.generated.s3_15 import (
    HaPaarenchanOptions,
    HassenKakaiCondition,
    HassenKakaiOptions,
    KanburiAfterTwoKans,
    KanburiDiscard,
    KanburiOptions,
    KanburiValue,
    PaarenchanAfterPaarenchan,
    PaarenchanCounting,
    PaarenchanOptions,
    PaarenchanWinCondition,
    PuuchiiPuuponAnkan,
    PuuchiiPuuponOptions,
    PuuchiiPuuponTsumo,
    RenhouOptions,
    RenhouOwnFirstDrawTsumo,
    RenhouRonAfterCallOrLaterDiscard,
    RenhouRonAfterOwnFirstDraw,
    RenhouRonOnDealerFirstDiscard,
    RenhouRonOnNondealerFirstDiscard,
    RenhouValue,
    ShichisouIchiFuriten,
    ShichisouIchiOptions,
    ShikaKaireiOptions,
    TeihouOptions,
    TeihouWho,
)

_SEAT_OFFSET = {"next": 1, "across": 2, "previous": 3}
# The other yaku above which a capped 人和 (滿貫/跳滿/倍滿) is not counted: more than the cap.
_RENHOU_CAP_EXCEEDED = {RenhouValue.MANGAN: 6, RenhouValue.HANEMAN: 8, RenhouValue.BAIMAN: 11}


def _discarder_is_dealer(w: Win) -> bool | None:
    """Whether the discarder of the winning tile is the dealer; None when unknown."""
    if w.discarder:
        return (w.seat_wind - EAST + _SEAT_OFFSET[w.discarder]) % 4 == 0
    if w.first_go_around and w.turn == 0 and w.seat_wind == EAST + 1:
        return True  # before South's first draw only the dealer has discarded
    return None


def _renhou_case(w: Win, opts: RenhouOptions) -> bool:
    """Whether the rule questions count this first-go-around win (one ``_when_renhou``
    admits) as 人和."""
    if w.tsumo:  # 3-15-01-03: a non-dealer's win on the first draw, no call before
        return (
            opts.own_first_draw_tsumo is RenhouOwnFirstDrawTsumo.COUNTS
            and not w.dealer
            and w.turn == 1
            and w.first_go_around
        )
    if w.turn == 0:
        if not w.first_go_around:  # 3-15-01-05: a call, or not the discarder's first
            return opts.ron_after_call_or_later_discard is RenhouRonAfterCallOrLaterDiscard.COUNTS
        dealer = _discarder_is_dealer(w)
        possible = (True, False) if dealer is None else (dealer,)
        # 3-15-01-01 the dealer's first discard, 3-15-01-02 a non-dealer's
        counts = {
            True: opts.ron_on_dealer_first_discard is RenhouRonOnDealerFirstDiscard.COUNTS,
            False: opts.ron_on_nondealer_first_discard is RenhouRonOnNondealerFirstDiscard.COUNTS,
        }
        return all(counts[d] for d in possible)
    # Left: turn 1 in the first go-around (``_when_renhou``; turn is never negative).
    # 3-15-01-04: ron after one's first draw.
    return opts.ron_after_own_first_draw is RenhouRonAfterOwnFirstDraw.COUNTS


def _when_renhou(w: Win) -> bool:
    return w.turn is not None and w.turn <= 1 and (w.first_go_around or w.turn == 0)


# Every 3-15 yaku needs a fact beyond the hand (first go-around, dealer run, kan,
# flowers, declaration).
section_gate(__name__, lambda w: w.situational)


@implements(
    "3-15-01",
    fingerprint="7207747715ba0f47aef768e74a86a2abc5e7f38073bc274a27cf32f67ff1fc1e",
    prefilter=_when_renhou,
    asks=lambda opts: opts.value in _RENHOU_CAP_EXCEEDED,
)
def renhou(
    win: HandView, opts: RenhouOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """A win in the first go-around (人和), in whichever of the five situations the rule
    questions count.

    Ron before one's first draw with no call by anyone: on the
    dealer's first discard (3-15-01-01) or a non-dealer's (3-15-01-02). Which one it was
    comes from who discarded; for South it can only be the dealer's; when it is not known
    both questions must count it. A dealer's ankan before that discard is a call (it
    ends the first go-around without calls), so 3-15-01-01's 莊家沒有暗槓 holds by construction and
    that case falls to 3-15-01-05. Ron before one's first draw after a call (so
    the go-around had a call; then the tile may also not be the discarder's first
    discard): 3-15-01-05. A non-dealer's tsumo on the first draw with no call: 3-15-01-03
    (the dealer's is 天和, not this). Ron on a non-dealer's first discard after one's own
    first draw, no call by anyone (the dealer included): 3-15-01-04. Nothing
    else is 人和.
    The capped values (d 滿貫, e 跳滿, f 倍滿) say that when the other yaku are worth more
    than the cap, only they count: then 人和 is not awarded. Other yaku: the hand's full
    value on the reading that counts (the best one), standard and local yaku, yakuman
    included (a BACK FOUR 役滿 too), dora excluded (without the other local yaku at hand,
    the standard yaku only); a yaku that holds only because 人和 is its other yaku is not
    one of them (the value is what the hand is worth apart from 人和).
    That value is counted as the table's score counts it: when a limit yaku counts at
    least its limit (the default) a local 滿貫 yaku beside 2 han of other yaku is worth
    滿貫, not 7 han, so it is not above 人和 d's 滿貫 and 人和 stands; when the limits add
    up, the same is 7 han, above 滿貫, and only the others count. The reason: the
    cap compares what the other yaku are worth, and the score is where the table says
    that; judging 7 han where the payment counts 滿貫 would drop 人和 for a value the hand
    is never paid.
    """
    w = win.win
    if not _when_renhou(w) or not _renhou_case(w, opts):
        return None
    cap = _RENHOU_CAP_EXCEEDED.get(opts.value)
    if cap is not None and (
        _best_yaku_han(w) >= cap or (others is not None and others.best_value >= cap)
    ):
        return None
    return award(win, opts)


def _best_yaku_han(w: Win) -> int:
    """The other yaku's han on the reading that counts for them: the best one. A cap is
    judged on it, not on whichever reading this body is running on (a reading where the
    other yaku stay under the cap must not award 人和 when another reading beats it)."""
    return max(yaku_han(HandView(w, i)) for i in interpretations(w))


def _when_teihou(w: Win) -> bool:
    return w.ron and w.first_go_around and w.turn == 1


@implements(
    "3-15-02",
    fingerprint="b47b6fef3b247ed68e30ee1a31288301528c1c4917f71ae04e16c0f2f8784260",
    prefilter=_when_teihou,
)
def teihou(win: HandView, opts: TeihouOptions) -> Award | None:
    """Ron on a non-dealer's first discard after one's own first draw (底和), void once
    anyone has called: on one's first draw, no call by anyone (then every discard after
    one's first draw is a non-dealer's first). 3-15-02-01 b: the dealer only."""
    w = win.win
    if not _when_teihou(w) or (opts.who is TeihouWho.DEALER_ONLY and not w.dealer):
        return None
    return award(win, opts)


# -- 八連莊 ------------------------------------------------------------------------------


def _dealership(w: Win) -> str:
    """The current dealership's hands before this one (W won by the dealer, D drawn)."""
    if w.dealer_history:
        return w.dealer_history
    return "W" * max(w.dealer_streak - w.dealer, 0)


def paarenchan_hit(
    history: str, honba: int, counting: PaarenchanCounting, after: PaarenchanAfterPaarenchan
) -> bool:
    """Whether the dealer winning now, after ``history``, scores 八連莊.

    ``counting`` is 3-15-03-01: EIGHT_IN_A_ROW_FROM_FIRST_HAND 8 wins in a row from the
    dealership's first hand, EIGHT_IN_A_ROW 8 wins in a row,
    EIGHT_IN_THE_DEALERSHIP 8 wins in the dealership, WIN_AT_HONBA_7 / WIN_AT_HONBA_8
    a win at 7 / 8 honba (the honba of earlier hands counted back one per hand). ``after``
    is 3-15-03-03, what follows a 八連莊: WHILE_WINNING every further win in an unbroken
    run is one too (a draw ends that), WHILE_DEALER_CONTINUES every further win of the
    dealership is one, COUNT_AGAIN_FROM_ONE the count starts again (the 16th win in a row
    is the second), NO_MORE after some number of them (the digit is lost in the source)
    none: only the first is certain, so later ones are not awarded, DEALERSHIP_ENDS the
    deal passes, so there is no later one.
    """
    c, a = PaarenchanCounting, PaarenchanAfterPaarenchan
    results = history + "W"
    last = len(results) - 1
    count, alive, base, extending, achieved = 0, True, 0, False, 0
    hit = False
    for i, result in enumerate(results):
        honba_here = honba - (last - i)
        if result == "D":
            alive = alive and counting is not c.EIGHT_IN_A_ROW_FROM_FIRST_HAND
            count = 0 if counting is c.EIGHT_IN_A_ROW else count
            extending = extending and after is a.WHILE_DEALER_CONTINUES
            hit = False
            continue
        if counting not in (c.WIN_AT_HONBA_7, c.WIN_AT_HONBA_8):
            count += alive
            reached = alive and count == 8
        else:
            reached = honba_here - base == (7 if counting is c.WIN_AT_HONBA_7 else 8)
        hit = reached or extending
        if not hit:
            continue
        achieved += 1
        if achieved > 1 and after in (a.NO_MORE, a.DEALERSHIP_ENDS):
            hit = False
        if after in (a.WHILE_WINNING, a.WHILE_DEALER_CONTINUES):
            extending = True
        elif after is a.COUNT_AGAIN_FROM_ONE:
            count, alive, base = 0, True, honba_here + 1
    return hit


def _could_be_paarenchan(w: Win) -> bool:
    return len(w.dealer_history) >= 7 or w.dealer_streak >= 7 or w.honba >= 7


def _when_paarenchan(w: Win) -> bool:
    return w.dealer and _could_be_paarenchan(w)


@implements(
    "3-15-03",
    fingerprint="5ab3d208b3a06cf877c3abc600751cdc602286c1d4d7c4ba5fe6d26ad040519d",
    prefilter=_when_paarenchan,
    asks=lambda opts: opts.win_condition is PaarenchanWinCondition.MINIMUM_HAN_NEEDED,
)
def paarenchan(
    win: HandView, opts: PaarenchanOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """The dealer's eighth win (八連莊), counted as 3-15-03-01 and 3-15-03-03 say, from
    the dealer's record of wins and draws (or, without it, the number of wins in a row)
    and the honba count.

    3-15-03-02: a = it holds even without other yaku; b = the hand's winning yaku,
    standard and local, must reach this table's minimum on their own.
    Procedure-only, not evaluated: 3-15-03-04 (what a mistaken win costs in such a hand),
    3-15-03-05 (whether a mistaken win voids the dealer's run: the count given for the hand
    is taken as already reflecting it).
    """
    w = win.win
    if not _when_paarenchan(w):
        return None
    if not paarenchan_hit(_dealership(w), w.honba, opts.counting, opts.after_paarenchan):
        return None
    if (
        opts.win_condition is PaarenchanWinCondition.MINIMUM_HAN_NEEDED
        and winning_yaku_han(win, others) < w.min_han
    ):
        return None
    return award(win, opts)


def _when_ha_paarenchan(w: Win) -> bool:
    return not w.dealer and _could_be_paarenchan(w)


@implements(
    "3-15-03-06",
    fingerprint="a4b0caac0b26ce039e38691c771a31e497e8cef4caf56b9d8e51f0195887522a",
    prefilter=_when_ha_paarenchan,
)
def ha_paarenchan(
    win: HandView, opts: HaPaarenchanOptions, *, parent: PaarenchanOptions | None = None
) -> Award | None:
    """A non-dealer's win in a hand where the dealer's win would have been 八連莊.

    It exists only under 八連莊 (如果有八連莊): the engine judges it with 八連莊's
    chosen options, so the dealer's win is judged by the table's 3-15-03-01
    (how it is counted: runs, or 7 / 8 honba) and 3-15-03-03 (what follows one). Judged
    on its own (without 八連莊) it counts as 3-15-03's defaults do (3-15-03-01 a, 3-15-03-03 a).
    """
    w = win.win
    if not _when_ha_paarenchan(w):
        return None
    rules = parent if parent is not None else PaarenchanOptions()
    if not paarenchan_hit(_dealership(w), w.honba, rules.counting, rules.after_paarenchan):
        return None
    return award(win, opts)


# -- 槓振, flowers, 不吃不碰 --------------------------------------------------------------


def _when_kanburi(w: Win) -> bool:
    return w.discarder_kans > 0


@implements(
    "3-15-04",
    fingerprint="9db51ae0206dba6402511f61bc3780cf88795a8bfd070985956af3aa1b88cece",
    prefilter=_when_kanburi,
    asks=lambda opts: opts.value is KanburiValue.HAN_LOST_NOT_A_WINNING_YAKU,
)
def kanburi(
    win: HandView, opts: KanburiOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """Ron on the discard made right after a kan.

    3-15-04-01 b: not after two kans or more in a row. 3-15-04-02 b: only when the
    discarded tile is the replacement tile itself. Value c is no winning yaku
    (不認為是和牌役): the hand must win by its other winning yaku, standard and local, up to
    the table's minimum.
    """
    w = win.win
    if not _when_kanburi(w):
        return None
    if w.discarder_kans >= 2 and opts.after_two_kans is KanburiAfterTwoKans.NOT_COUNTED:
        return None
    if opts.discard is KanburiDiscard.RINSHAN_DISCARD_ONLY and not w.discarder_rinshan:
        return None
    if (
        opts.value is KanburiValue.HAN_LOST_NOT_A_WINNING_YAKU
        and winning_yaku_han(win, others) < w.min_han
    ):
        return None
    return award(win, opts)


def _when_shika_kairei(w: Win) -> bool:
    return w.flowers >= 4


@implements(
    "3-15-05",
    fingerprint="1f228ad3f61698f2a71584e2505c4cc2e4f223c54c1243813ac3c380021f78ce",
    prefilter=_when_shika_kairei,
)
def shika_kairei(win: HandView, opts: ShikaKaireiOptions) -> Award | None:
    """Four flowers set aside (a hand that set more aside set four)."""
    return award(win, opts) if _when_shika_kairei(win.win) else None


def _when_shichisou_ichi(w: Win) -> bool:
    return w.robbed_flower


@implements(
    "3-15-06",
    fingerprint="384154934055e0de465ee5aae47a83ab6edbcb38ffb319fd68ef2ed33c722c1e",
    prefilter=_when_shichisou_ichi,
)
def shichisou_ichi(win: HandView, opts: ShichisouIchiOptions) -> Award | None:
    """Holding seven flowers, claiming the eighth another player sets aside.

    3-15-06-01: a (whatever the hand) and b (in tenpai) both hold for a winning hand, which is
    the tenpai hand completed by a tile it waits on; a claim with a hand not in tenpai
    cannot be a winning hand. 3-15-06-02 b: not while furiten.
    Procedure-only, not evaluated: 3-15-06-03 (a player who keeps the flower back on
    purpose), 3-15-06-04 (showing the hand after a missed claim).
    """
    w = win.win
    if not _when_shichisou_ichi(w) or (
        w.furiten and opts.furiten is ShichisouIchiFuriten.CANNOT_WIN
    ):
        return None
    return award(win, opts)


def _when_hassen_kakai(w: Win) -> bool:
    return w.flowers == 8


@implements(
    "3-15-07",
    fingerprint="f1632a66ac076f663f8b93bc7543e81a2df40469f2075a6487d2a2e4182ed5a7",
    prefilter=_when_hassen_kakai,
    asks=lambda opts: opts.condition is HassenKakaiCondition.ON_WIN_WITH_OTHER_YAKU,
)
def hassen_kakai(
    win: HandView, opts: HassenKakaiOptions, *, others: OtherYaku | None = None
) -> Award | None:
    """All eight flowers set aside.

    3-15-07-01: a (whatever the hand), b (in tenpai) and c (on winning, no other yaku
    needed) hold for every winning hand; d needs other winning yaku, standard or local,
    reaching this table's minimum.
    """
    w = win.win
    if not _when_hassen_kakai(w):
        return None
    if (
        opts.condition is HassenKakaiCondition.ON_WIN_WITH_OTHER_YAKU
        and winning_yaku_han(win, others) < w.min_han
    ):
        return None
    return award(win, opts)


def _when_puuchii_puupon(w: Win) -> bool:
    return "no_calls" in w.declarations and w.is_closed


@implements(
    "3-15-08",
    fingerprint="2f42030ae17ff2a40feba2c28e3c6b677f2fb41de0998494e93e19638f9b03cf",
    prefilter=_when_puuchii_puupon,
)
def puuchii_puupon(win: HandView, opts: PuuchiiPuuponOptions) -> Award | None:
    """A vow before the deal to make no call, kept: a closed
    hand. 3-15-08-01 a: no ankan either. 3-15-08-02 b: a tsumo win only."""
    w = win.win
    if not _when_puuchii_puupon(w):
        return None
    if opts.ankan is PuuchiiPuuponAnkan.NOT_ALLOWED and w.melds:
        return None
    if opts.tsumo is PuuchiiPuuponTsumo.TSUMO_ONLY and not w.tsumo:
        return None
    return award(win, opts)
