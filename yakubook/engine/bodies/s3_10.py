"""Section 3-10 順子系的特殊役: yaku built from particular sequences (順子).

A sequence is named by its lowest tile (``win.sequences``, chi melds included), so
``t // 9`` is its suit and ``t % 9`` its number minus one. Every body needs a standard
hand; the prefilters look for the tile runs the sequences need in ``tile_mask`` (a run
of three tiles starting at t sets bit t of ``_runs``).

Upper and lower forms: a sequence held four times is 一色四順, not also 一色三順 (the
two are exclusive, as standard.py treats 一杯口 / 二杯口). 一色三步 is read literally
("has three stepped sequences"), so it also holds inside 一色四步, whose only value is a
yakuman that makes the extra han moot.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements
from yakubook.engine.tiles import HONOR_MASK, SUIT_MASKS
from yakubook.engine.view import HandView, tiles_mask
from yakubook.engine.win import Win
from yakubook.generated.s3_10 import (
    ChinpeikouOptions,
    ChinpeikouValue,
    IsshokuSanjunOptions,
    IsshokuSanpoOptions,
    IsshokuYonjunOptions,
    IsshokuYonpoCondition,
    IsshokuYonpoFlush,
    IsshokuYonpoOptions,
    KinmonkyouCondition,
    KinmonkyouFlush,
    KinmonkyouOptions,
    SanshokuIttsuuOptions,
    SanshokuSanpoOptions,
    SeikaikoOptions,
    ShanronChonchu1Options,
    ShanronChonchu2Options,
    ShanronChonchu3Options,
)

MAN, PIN, SOU = 0, 1, 2
# Bits of the tiles a sequence can start on: 1..7 of each suit.
SEQ_STARTS = sum(0b1111111 << (9 * s) for s in range(3))
# Bits of the tiles three (four) stepped runs can start on: 1..5 (1..4) of each suit. Runs
# on t, t+1, t+2 (bits t, t+1, t+2 of ``_runs``) are tiles t..t+4 of one suit, so the
# prefilters of 一色三步 and 一色四步 test the tiles directly, as one expression.
THREE_STEP_STARTS = sum(0b11111 << (9 * s) for s in range(3))
FOUR_STEP_STARTS = sum(0b1111 << (9 * s) for s in range(3))
# Tiles a 純全帶幺 flush can hold: 1 2 3 7 8 9 of a suit.
MIDDLE_MASK = tiles_mask("456m", "456p", "456s")


def _runs(mask: int) -> int:
    """Bit t set when tiles t, t+1, t+2 of one suit are all present."""
    return mask & (mask >> 1) & (mask >> 2) & SEQ_STARTS


def _count_runs(w: Win, least: int) -> list[int]:
    """Starts t whose three tiles each appear at least ``least`` times."""
    runs = _runs(w.tile_mask)
    c = w.tile_counts
    out = []
    while runs:
        t = (runs & -runs).bit_length() - 1
        runs &= runs - 1
        if c[t] >= least and c[t + 1] >= least and c[t + 2] >= least:
            out.append(t)
    return out


# 1 << t for each tile t: a tuple index is cheaper than a shift in the loop below.
_BIT = tuple(1 << t for t in range(34))


def _start_bits(starts: tuple[int, ...]) -> int:
    """The sequence starts as a bit mask (bit t: a sequence starts on tile t)."""
    bits = 0
    for t in starts:
        bits |= _BIT[t]
    return bits


def _one_per_suit(starts: tuple[int, ...], numbers: tuple[int, int, int]) -> bool:
    """The three numbers appear as sequences, each in a different suit (any order)."""
    # As bits: m, p, s hold each suit's starts from bit 0, and the six orders of the suits
    # are written out (a, b, c < 9, so bit 0 of ``m >> a`` is manzu's number a). The set,
    # permutations and zips this replaced cost ~6 µs a call.
    bits = _start_bits(starts)
    m, p, s = bits, bits >> 9, bits >> 18
    a, b, c = numbers
    return bool(
        (
            m >> a & (p >> b & s >> c | s >> b & p >> c)
            | p >> a & (m >> b & s >> c | s >> b & m >> c)
            | s >> a & (m >> b & p >> c | p >> b & m >> c)
        )
        & 1
    )


def _runs_in_every_suit(mask: int) -> bool:
    """Cheap gate: each suit has three consecutive tiles somewhere. ``_runs(mask)`` per
    suit, written out (a suit's seven bits of SEQ_STARTS are all set), as one expression
    so that the selector writes it in rather than calling it (yakubook.engine.inline)."""
    return bool(
        mask & mask >> 1 & mask >> 2 & 0x7F
        and mask >> 9 & mask >> 10 & mask >> 11 & 0x7F
        and mask >> 18 & mask >> 19 & mask >> 20 & 0x7F
    )


def _ittsuu_runs(runs: int) -> bool:
    """123, 456, 789 present as runs, one per suit: in some order of the suits, the first
    has the run on 1, the second on 4, the third on 7. Bit 0 of
    ``runs >> 9a & runs >> 9b + 3 & runs >> 9c + 6`` for some order (a, b, c): the six
    orders written out, one expression, so that the C engine's selector computes it
    (yakubook/engine/selector_rows.py; issue #38) rather than calling it."""
    return bool(
        (
            runs & runs >> 12 & runs >> 24
            | runs & runs >> 21 & runs >> 15
            | runs >> 9 & runs >> 3 & runs >> 24
            | runs >> 9 & runs >> 21 & runs >> 6
            | runs >> 18 & runs >> 3 & runs >> 15
            | runs >> 18 & runs >> 12 & runs >> 6
        )
        & 1
    )


def _sanpo_runs(runs: int) -> bool:
    """Runs n, n+1, n+2 present, one per suit: in some order of the suits, a number n
    has the first suit's run on n, the second's on n+1, the third's on n+2. A bit n < 5 of
    ``runs >> 9a & runs >> 9b + 1 & runs >> 9c + 2`` for some order (a, b, c) (a run
    starts on a number up to 7: n + 2 < 7), written out as _ittsuu_runs."""
    return bool(
        (
            runs & runs >> 10 & runs >> 20
            | runs & runs >> 19 & runs >> 11
            | runs >> 9 & runs >> 1 & runs >> 20
            | runs >> 9 & runs >> 19 & runs >> 2
            | runs >> 18 & runs >> 1 & runs >> 11
            | runs >> 18 & runs >> 10 & runs >> 2
        )
        & 0x1F
    )


# -- identical sequences -------------------------------------------------------------------


@implements(
    "3-10-01",
    fingerprint="f7a10e7c49a3258a3c4abb1838e4f141b2fd8e6906df207d72401a62417909e0",
    prefilter=lambda w: bool(w.mask3 & w.mask3 >> 1 & w.mask3 >> 2 & SEQ_STARTS),  # _runs
    blocks_only=True,
)
def isshoku_sanjun(
    win: HandView, opts: IsshokuSanjunOptions, *, inclusive: bool = False
) -> Award | None:
    """Three identical sequences (the same suit and numbers), e.g. 123m 123m 123m.

    When a hand is evaluated, four identical sequences hold three as well, and the
    engine drops this when 一色四順 (3-10-02) is awarded (it includes this yaku), so it
    stands when 一色四順 is off. Judged on its own it answers as under the default rules: exactly
    three, a sequence held four times being 一色四順.
    """
    # win.sequences is sorted (view.py): a start held three times fills s[0..2] or s[1..3]
    # of its at most four, and four times s[0..3]. Compares, not counting (~1 µs a call).
    s = win.sequences
    three = len(s) >= 3 and (s[0] == s[2] or s[-3] == s[-1])
    four = len(s) == 4 and s[0] == s[3]
    return award(win, opts) if three and (inclusive or not four) else None


@implements(
    "3-10-02",
    fingerprint="7f83fb27b27ae3cc8d4a2a98cd84aa7c6fb645ad2c8fd19c12f221f10fa334a3",
    prefilter=lambda w: (
        bool(w.mask3 & w.mask3 >> 1 & w.mask3 >> 2 & SEQ_STARTS) and bool(_count_runs(w, 4))
    ),
    blocks_only=True,
)
def isshoku_yonjun(win: HandView, opts: IsshokuYonjunOptions) -> Award | None:
    """Four identical sequences, e.g. 234p four times, plus any pair."""
    s = win.sequences  # sorted (view.py), at most four: the same start four times
    return award(win, opts) if len(s) == 4 and s[0] == s[3] else None


# -- sequences spread over the suits -------------------------------------------------------


@implements(
    "3-10-03",
    fingerprint="36daa5005e7aaa8864507f7cf0ca3e7bf4a3fc2f8280a19474b58f50046880e3",
    prefilter=lambda w: (
        w.suit_count == 3 and _runs_in_every_suit(w.tile_mask) and _ittsuu_runs(_runs(w.tile_mask))
    ),
    blocks_only=True,
)
def sanshoku_ittsuu(win: HandView, opts: SanshokuIttsuuOptions) -> Award | None:
    """123, 456 and 789 as sequences, each in a different suit (which suit is which is
    free: 123p 456s 789m counts)."""
    return award(win, opts) if _one_per_suit(win.sequences, (0, 3, 6)) else None


@implements(
    "3-10-06",
    fingerprint="f1ae1c943fa66c553115596e3775f2c9353f119ccc759f3a90e829ff52f71f27",
    prefilter=lambda w: (
        w.suit_count == 3 and _runs_in_every_suit(w.tile_mask) and _sanpo_runs(_runs(w.tile_mask))
    ),
    blocks_only=True,
)
def sanshoku_sanpo(win: HandView, opts: SanshokuSanpoOptions) -> Award | None:
    """One sequence in each suit, their numbers stepping up by one (e.g. 123m 234p 345s,
    in any assignment of suits to steps)."""
    # The starts as bits are runs of the sequences themselves, so the prefilter's test of
    # the tiles' runs (_sanpo_runs: one mask expression, the six orders of the suits
    # written out) answers it: five _one_per_suit calls cost ~35 µs.
    if _sanpo_runs(_start_bits(win.sequences)):
        return award(win, opts)
    return None


# -- one suit ------------------------------------------------------------------------------


# Sequences on 1, 3, 5 and 7 of a suit, as start bits of manzu.
KINMON = 0b1010101


def _kinmonkyou_shape(w: Win) -> bool:
    """Runs on 1, 3, 5 and 7 of a suit: that is, all nine numbers of the suit."""
    return (
        w.tile_mask & 0x1FF == 0x1FF
        or w.tile_mask >> 9 & 0x1FF == 0x1FF
        or w.tile_mask >> 18 & 0x1FF == 0x1FF
    )


@implements(
    "3-10-04",
    fingerprint="ccaa0d41f41eb3dbf36748d38ff284c66a2fc97d76b89f467fa5c579ad532673",
    prefilter=_kinmonkyou_shape,
    blocks_only=True,
)
def kinmonkyou(win: HandView, opts: KinmonkyouOptions) -> Award | None:
    """金門橋: 123 345 567 789 of one suit (the four sets), plus a pair.

    3-10-04-02 b (清一色) means the pair is of that suit too, i.e. the whole hand is
    chiniisou; under a the pair may be anything.
    """
    if opts.condition is KinmonkyouCondition.CLOSED_ONLY and win.is_open:
        return None
    # Starts 1, 3, 5, 7 of one suit: bits 0, 2, 4, 6 of its nine (masks, not sets).
    starts = _start_bits(win.sequences)
    if not (
        starts & KINMON == KINMON
        or starts >> 9 & KINMON == KINMON
        or starts >> 18 & KINMON == KINMON
    ):
        return None
    if opts.flush is KinmonkyouFlush.REQUIRED and not win.std("chiniisou"):
        return None
    return award(win, opts)


@implements(
    "3-10-07",
    fingerprint="dcfd4ba4e3ebf72bd2f0d0dec826e95948b7321d1228267cb962df737276b506",
    # Runs on t, t+1 and t+2 of one suit: tiles t..t+4 (bool((r := _runs(mask)) & r >> 1 & r >> 2)).
    prefilter=lambda w: bool(
        w.tile_mask
        & w.tile_mask >> 1
        & w.tile_mask >> 2
        & w.tile_mask >> 3
        & w.tile_mask >> 4
        & THREE_STEP_STARTS
    ),
    blocks_only=True,
)
def isshoku_sanpo(win: HandView, opts: IsshokuSanpoOptions) -> Award | None:
    """Three sequences of one suit whose numbers step up by one, e.g. 123m 234m 345m.

    Read literally: it also holds when a fourth step follows (一色四步 shape).
    """
    # Sequences starting on t, t+1 and t+2 of one suit (t a 1..5), as bits of the starts.
    starts = _start_bits(win.sequences)
    if starts & starts >> 1 & starts >> 2 & THREE_STEP_STARTS:
        return award(win, opts)
    return None


@implements(
    "3-10-08",
    fingerprint="60298b84384a046e7781f83cc7082b986281c57092c2e92e158ab45849ed89c4",
    # Runs on t .. t+3 of one suit: tiles t..t+5.
    prefilter=lambda w: bool(
        w.tile_mask
        & w.tile_mask >> 1
        & w.tile_mask >> 2
        & w.tile_mask >> 3
        & w.tile_mask >> 4
        & w.tile_mask >> 5
        & FOUR_STEP_STARTS
    ),
    blocks_only=True,
)
def isshoku_yonpo(win: HandView, opts: IsshokuYonpoOptions) -> Award | None:
    """Four sequences of one suit stepping up by one, e.g. 234 345 456 567s, plus a pair.

    3-10-08-02: a = the pair may be anything; b = 清一色 (the pair of the same suit, any
    number); c = 清一色 and the pair's number continues the run of numbers the sequences
    cover, just below or just above it (234..567 covers 2-7, so the pair is 11 or 88).
    """
    if opts.condition is IsshokuYonpoCondition.CLOSED_ONLY and win.is_open:
        return None
    # Sequences starting on t .. t+3 of one suit (t a 1..4): four sequences, one such t.
    starts = _start_bits(win.sequences)
    steps = starts & starts >> 1 & starts >> 2 & starts >> 3 & FOUR_STEP_STARTS
    if not steps:
        return None
    low = steps.bit_length() - 1
    flush = opts.flush
    if flush is not IsshokuYonpoFlush.NOT_REQUIRED and not win.std("chiniisou"):
        return None
    if flush is IsshokuYonpoFlush.REQUIRED_WITH_ADJACENT_PAIR:
        base = low - low % 9
        ends = {t for t in (low - 1, low + 6) if base <= t < base + 9}
        if win.pair not in ends:
            return None
    return award(win, opts)


# -- two iipeikou of two suits -------------------------------------------------------------


def _same_number_runs(runs: int) -> bool:
    """Two of the runs (``_runs``' bits) have the same numbers, in different suits: a
    start number's bit set in two suits' seven. With ``_runs(w.mask2)`` (a run whose
    three tiles are each held twice or more: ``_count_runs(w, 2)``'s starts), the two
    iipeikou test; one expression, so that the C engine's selector computes it (issue
    #38: the list and set it replaced cost ~1 µs a call)."""
    return bool((runs & (runs >> 9 | runs >> 18) | runs >> 9 & runs >> 18) & 0x7F)


@implements(
    "3-10-05",
    fingerprint="8fd2d6a15220cef22e9e3f850439bfd56581060f1012d7b47dcba9e18283592d",
    prefilter=lambda w: (
        (w.mask2 & w.mask2 >> 1 & w.mask2 >> 2 & SEQ_STARTS).bit_count() >= 2  # _runs
        and _same_number_runs(_runs(w.mask2))
    ),
)
def chinpeikou(win: HandView, opts: ChinpeikouOptions) -> Award | None:
    """二杯口 whose two 一杯口 are the same numbers in two different suits, e.g. 123m 123m
    123p 123p plus a pair.

    Values b and c say 僅限門前 (closed only); d says an open hand keeps 2 han; e says
    nothing about calls, so it applies to open hands as well (like d).
    """
    closed_only = (ChinpeikouValue.HAN_1_CLOSED_ONLY, ChinpeikouValue.HAN_2_CLOSED_ONLY)
    if opts.value in closed_only and win.is_open:
        return None
    # win.sequences is sorted (view.py): two starts held twice each are s[0] = s[1] and
    # s[2] = s[3] of its four; the same number in another suit is 9 or 18 tiles above.
    # Compares, not a Counter (~2 µs a call).
    s = win.sequences
    if len(s) == 4 and s[0] == s[1] and s[2] == s[3] and s[2] - s[0] in (9, 18):
        return award(win, opts)
    return None


# -- 雙龍爭珠: a pinzu pair (the pearl) between two manzu and two souzu sequences ------------

PIN_MASK = SUIT_MASKS[PIN]


def _dragons_and_pearl(w: Win) -> bool:
    """Prefilter: no honors, pinzu only as one pair, both manzu and souzu present."""
    # One expression with a one-line docstring: the selector writes it in
    # (yakubook/engine/inline.py).
    return (
        w.tile_mask & HONOR_MASK == 0
        and w.suit_count == 3
        and (w.tile_mask & PIN_MASK).bit_count() == 1
        and w.tile_counts[(w.tile_mask & PIN_MASK).bit_length() - 1] == 2
    )


def _dragons(win: HandView) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(manzu numbers, souzu numbers), each sorted, when the hand is a pinzu pair with two
    manzu and two souzu sequences; else None."""
    pair = win.pair
    if pair is None or pair // 9 != PIN or not win.standard_shape:
        return None
    # win.sequences is sorted (view.py): manzu first, souzu last, so two of each and no
    # pinzu is four starts, the second below 9 and the third from 18 (no per-suit lists).
    s = win.sequences
    if len(s) != 4 or s[1] >= 9 or s[2] < 18:
        return None
    return (s[0], s[1]), (s[2] - 18, s[3] - 18)


@implements(
    "3-10-09",
    fingerprint="a7f3001c40ee72994bb0a9acada5a67827b4de5a0de9d16c0e8915efdcdd5276",
    prefilter=_dragons_and_pearl,
)
def shanron_chonchu_1(win: HandView, opts: ShanronChonchu1Options) -> Award | None:
    """Pinzu pair, two manzu and two souzu sequences with the same numbers in both suits,
    the two sequences of a suit sharing no number (123 567, not 234 456)."""
    found = _dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man == sou and man[1] - man[0] >= 3 else None


@implements(
    "3-10-10",
    fingerprint="6af329c3ac2b573d3d0712e103a86e6b1fbe5a8fccadc7eb211e495866be1a0f",
    prefilter=_dragons_and_pearl,
)
def shanron_chonchu_2(win: HandView, opts: ShanronChonchu2Options) -> Award | None:
    """Pinzu pair, two manzu and two souzu sequences, the two of each suit consecutive.

    連續 is read as the two sequences joining into six consecutive numbers (123 456,
    345 678), the 連六 "dragon"; the numbers of the two suits may differ.
    """
    found = _dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man[1] - man[0] == 3 and sou[1] - sou[0] == 3 else None


@implements(
    "3-10-11",
    fingerprint="33c085082b6a58236a8f834e221928d17847a5d321a80e4519d6aab8860ac9da",
    prefilter=_dragons_and_pearl,
)
def shanron_chonchu_3(win: HandView, opts: ShanronChonchu3Options) -> Award | None:
    """Pinzu pair, the same six consecutive numbers as two sequences in manzu and in souzu
    (e.g. 123 456m 123 456s); 連續 read as in 3-10-10."""
    found = _dragons(win)
    if found is None:
        return None
    man, sou = found
    return award(win, opts) if man == sou and man[1] - man[0] == 3 else None


# -- 清海湖 ----------------------------------------------------------------------------------


def _one_suit_outside(w: Win) -> bool:
    return w.tile_mask & (HONOR_MASK | MIDDLE_MASK) == 0 and w.suit_count == 1 and w.is_closed


@implements(
    "3-10-12",
    fingerprint="edfccc67df2f0bcd94f1376f4ec3dfb38d0f107c87e5f9834a56422fed6717c4",
    prefilter=_one_suit_outside,
    blocks_only=True,
)
def seikaiko(win: HandView, opts: SeikaikoOptions) -> Award | None:
    """Closed 清一色 + 純全帶幺 + 二杯口, e.g. 112233 778899m 99m."""
    if win.std("chiniisou") and win.std("junchan") and win.std("ryanpeikou"):
        return award(win, opts)
    return None
