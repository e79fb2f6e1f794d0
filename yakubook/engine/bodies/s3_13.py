"""Section 3-13 數牌的數字的合計的特殊役: yaku decided by the sum of the tile numbers.

A quad counts all four tiles; honors have no number. The sums do not depend on how the
hand is read, so every body looks at tile counts only.
"""

from __future__ import annotations

from yakubook.engine.award import Award
from yakubook.engine.registry import award, implements, section_gate
from yakubook.engine.tiles import HATSU, HONOR_MASK, SUIT_MASKS
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_13 import (
    BeijuOptions,
    KagaHyakumangoku1Condition,
    KagaHyakumangoku1Kinds,
    KagaHyakumangoku1Options,
    KagaHyakumangoku1Total,
    KagaHyakumangoku1Value,
    KishuuGojuugomangokuKinds,
    KishuuGojuugomangokuOptions,
    KishuuGojuugomangokuTotal,
    KujuukuriOptions,
    MiseinenHonors,
    MiseinenOptions,
    MitoSanjuugomangokuCondition,
    MitoSanjuugomangokuOptions,
    SeijinshikiHonors,
    SeijinshikiOptions,
)

MAN_MASK = SUIT_MASKS[0]
HATSU_BIT = 1 << HATSU


def _one_suit_only(w: Win) -> bool:
    return w.suit_count == 1


def _man_flush(w: Win) -> bool:
    """Manzu and perhaps honors, nothing else: the 清一色/混一色 of manzu."""
    return w.tile_mask & ~(MAN_MASK | HONOR_MASK) == 0 and bool(w.tile_mask & MAN_MASK)


def _man_only(w: Win) -> bool:
    return w.tile_mask & ~MAN_MASK == 0


# 3-13: one number suit, a small total (未成年/成人式) or a manzu total of 100+.
section_gate(__name__, lambda w: w.suit_count <= 1 or w.number_total <= 20 or w.number_total >= 100)


@implements(
    "3-13-01",
    fingerprint="32d25fc684f700d273a97c946a91f44c0d6060be91a2a3ee9a30392ae4f7da53",
    # Every total option needs 100 or more in manzu, so at least that in all numbers.
    prefilter=lambda w: bool(w.tile_mask & MAN_MASK) and w.number_total >= 100,
    blocks_only=True,
)
def kaga_hyakumangoku_1(win: HandView, opts: KagaHyakumangoku1Options) -> Award | None:
    """Manzu numbers total 100 or more.

    3-13-01-02 c, "holds when the total is more than 100" (合計大于100時成立): more than
    100 (the character 于 is an editorial restoration of one the source lost).
    """
    if opts.condition is KagaHyakumangoku1Condition.CLOSED_ONLY and win.is_open:
        return None
    if not win.mask & MAN_MASK:
        return None
    kinds = opts.kinds
    if kinds is KagaHyakumangoku1Kinds.CHINITSU_ONLY and not _man_only(win.win):
        return None
    if kinds is KagaHyakumangoku1Kinds.CHINITSU_OR_HONITSU and not _man_flush(win.win):
        return None
    total = win.number_sum("m")
    rule = opts.total
    if (
        (rule is KagaHyakumangoku1Total.EXACTLY_100 and total != 100)
        or (rule is KagaHyakumangoku1Total.AT_LEAST_100 and total < 100)
        or (rule is KagaHyakumangoku1Total.MORE_THAN_100 and total <= 100)
    ):
        return None
    if opts.value is KagaHyakumangoku1Value.DOUBLE_AT_EXACTLY_100:
        return award(win, opts, case="合计刚好100" if total == 100 else "101以上")
    return award(win, opts)


@implements(
    "3-13-02",
    fingerprint="389cf73fdf7d5875f5a92df256943072316886aba273aa268c160ee0a93feadc",
    # _man_flush, and every total option needs 55 or more (all numbers are manzu here).
    prefilter=lambda w: (
        w.tile_mask & ~(MAN_MASK | HONOR_MASK) == 0
        and bool(w.tile_mask & MAN_MASK)
        and w.number_total >= 55
    ),
    blocks_only=True,
)
def kishuu_gojuugomangoku(win: HandView, opts: KishuuGojuugomangokuOptions) -> Award | None:
    """Manzu 清一色 or 混一色 whose numbers total 55 or more.

    3-13-02-01 c, "holds when the total is more than 55" (合計大于55時成立): more than 55
    (the character 于 restored editorially).
    """
    if not _man_flush(win.win):
        return None
    kinds = opts.kinds
    if kinds is KishuuGojuugomangokuKinds.CHINITSU_ONLY and not _man_only(win.win):
        return None
    honors = win.mask & HONOR_MASK
    if (
        kinds is KishuuGojuugomangokuKinds.CHINITSU_OR_HATSU_HONITSU
        and honors
        and (honors != HATSU_BIT or HATSU not in win.triplets)
    ):
        return None  # the only honor allowed is a triplet of 發
    # Every number tile is manzu (_man_flush), so the hand's number total is the manzu
    # total: read off the Win, not summed again per suit (number_sum("m")).
    total = win.win.number_total
    rule = opts.total
    if (
        (rule is KishuuGojuugomangokuTotal.EXACTLY_55 and total != 55)
        or (rule is KishuuGojuugomangokuTotal.AT_LEAST_55 and total < 55)
        or (rule is KishuuGojuugomangokuTotal.MORE_THAN_55 and total <= 55)
    ):
        return None
    return award(win, opts)


@implements(
    "3-13-03",
    fingerprint="48963d4a7650dce7b95d8e31d79a1e9e7c62d70f5dbca5fe4fb5e4e86c42f614",
    # _man_only, with 35 or less (all numbers are manzu here).
    prefilter=lambda w: w.tile_mask & ~MAN_MASK == 0 and w.number_total <= 35,
    blocks_only=True,
)
def mito_sanjuugomangoku(win: HandView, opts: MitoSanjuugomangokuOptions) -> Award | None:
    """Manzu 清一色 whose numbers total 35 or less (exactly 35: double yakuman)."""
    if not _man_only(win.win):
        return None
    if opts.condition is MitoSanjuugomangokuCondition.CLOSED_ONLY and win.is_open:
        return None
    total = win.number_sum("m")
    if total > 35:
        return None
    return award(win, opts, case="合计刚好35" if total == 35 else "34以下")


@implements(
    "3-13-04",
    fingerprint="d566b69d40ff10d9ddc21017b21b66bad6c29017ed6a0113735ad93f22bf81eb",
    prefilter=lambda w: (
        w.number_total == 99 and w.tile_mask & HONOR_MASK == 0 and _one_suit_only(w)
    ),
    blocks_only=True,
)
def kujuukuri(win: HandView, opts: KujuukuriOptions) -> Award | None:
    """清一色 whose numbers total exactly 99."""
    if not win.std("chiniisou"):
        return None
    return award(win, opts) if win.number_sum() == 99 else None


@implements(
    "3-13-05",
    fingerprint="cbc71ee9fa685eec872c48a5612fe630e11505d37aa0c9df9a503be06d4b8ac6",
    prefilter=lambda w: (
        w.number_total == 88 and w.tile_mask & HONOR_MASK == 0 and _one_suit_only(w)
    ),
    blocks_only=True,
)
def beiju(win: HandView, opts: BeijuOptions) -> Award | None:
    """清一色 whose numbers total exactly 88 (米壽, the 88th birthday)."""
    if not win.std("chiniisou"):
        return None
    return award(win, opts) if win.number_sum() == 88 else None


@implements(
    "3-13-06",
    fingerprint="42f2f71bc54829bf0288b0f66d437b6e34da7f753b076e7504b3e705aeefe117",
    prefilter=lambda w: w.number_total < 20,
)
def miseinen(win: HandView, opts: MiseinenOptions) -> Award | None:
    """The numbers total less than 20 (未成年, under age)."""
    if opts.honors is MiseinenHonors.NOT_ALLOWED and win.has_honors:
        return None
    return award(win, opts) if win.number_sum() < 20 else None


@implements(
    "3-13-07",
    fingerprint="fc16c462ff53267d9c732c0ab6e0561a2448eeabbda8626324581b2cac12f1ef",
    prefilter=lambda w: w.number_total == 20,
)
def seijinshiki(win: HandView, opts: SeijinshikiOptions) -> Award | None:
    """The numbers total exactly 20 (成人式, coming of age)."""
    if opts.honors is SeijinshikiHonors.NOT_ALLOWED and win.has_honors:
        return None
    return award(win, opts) if win.number_sum() == 20 else None
