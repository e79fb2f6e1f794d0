"""Section 3-10 (sequence yaku): what the examples cannot say.

A prefilter may only reject hands its body would reject: checked on random sequence-heavy
hands under every option variant. 清杯口 on an open hand depends on the value option
(b and c are closed only), which an example expanded over every value cannot express.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from yakubook.generated.s3_10 import ChinpeikouOptions, ChinpeikouValue, IsshokuYonpoFlush

from tests.yaku.soundness import check_prefilters, finish_win
from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.melds import Meld
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()
IDS = sorted(k for k in registry.BODIES if k.startswith("3-10-"))




# Sequence starts (lowest tiles) the bodies look for, so random hands reach them.
PATTERNS = [
    (0, 0, 0), (4, 4, 4, 4), (0, 12, 24), (6, 9, 21), (3, 15, 18),
    (18, 20, 22, 24), (9, 11, 13, 15), (1, 1, 10, 10), (20, 20, 2, 2),
    (0, 10, 20), (13, 3, 23), (0, 1, 2), (19, 20, 21, 22), (1, 2, 3, 4),
    (0, 4, 18, 22), (0, 3, 18, 21), (2, 5, 20, 23), (1, 4, 19, 23),
    (0, 0, 6, 6), (18, 18, 24, 24),
]


def _random_win(rng: random.Random) -> Win | None:
    counts = [0] * 34
    seqs = list(rng.choice(PATTERNS)) if rng.random() < 0.7 else []
    while len(seqs) < 4:
        if rng.random() < 0.8:
            seqs.append(9 * rng.randrange(3) + rng.randrange(7))
        else:
            seqs.append(-1 - rng.randrange(34))  # a triplet of tile -1 - x
    rng.shuffle(seqs)
    concealed: list[int] = []
    melds: list[Meld] = []
    for s in seqs[:4]:
        tiles = [s, s + 1, s + 2] if s >= 0 else [-1 - s] * 3
        for t in tiles:
            counts[t] += 1
        if rng.random() < 0.15:
            melds.append(Meld("chi" if s >= 0 else "pon", tuple(tiles)))
        else:
            concealed += tiles
    roll = rng.random()
    if roll < 0.3:
        pair = rng.choice([9 * rng.randrange(3) + rng.randrange(9), rng.randrange(27, 34)])
    elif roll < 0.6:  # a pinzu pair, for 雙龍爭珠
        pair = 9 + rng.randrange(9)
    else:  # a pair of the first sequence's suit, for the flushes
        first = next((s for s in seqs if s >= 0), 0)
        pair = first - first % 9 + rng.randrange(9)
    return finish_win(rng, counts, concealed, melds, pair)


def test_prefilters_never_reject_a_hand_the_body_accepts():
    rng = random.Random(310)
    check_prefilters(IDS, iter(lambda: _random_win(rng), 0), 6000)


def _chinpeikou(letter: str, win: Win):
    opts = ChinpeikouOptions(value=next(m for m in ChinpeikouValue if m.letter == letter))
    awards = [registry.call("3-10-05", HandView(win, i), opts) for i in interpretations(win)]
    return next((a for a in awards if a is not None), None)


def test_open_chinpeikou_depends_on_the_value_option():
    win = Win.make("123m112233p55s", "5s", melds=["chi 123m"])
    assert _chinpeikou("b", win) is None  # 1翻（僅限門前）
    assert _chinpeikou("c", win) is None  # 2翻（僅限門前）
    assert _chinpeikou("d", win).value["han"] == 2  # 鳴牌也是2翻
    assert _chinpeikou("e", win).value["han"] == 3  # no word on calls: open allowed
    closed = Win.make("112233m112233p55s", "5s")
    assert all(_chinpeikou(x, closed) is not None for x in "bcde")


# 雙龍爭珠(2) (3-10-10): a pinzu pair, two manzu and two souzu sequences, "the numbers of
# a suit's two sequences consecutive": the two join into six consecutive numbers (the
# body's reading of 連續), whatever the other suit's numbers are.
SIX_IN_A_ROW = [
    ("123456", True),
    ("234567", True),
    ("345678", True),
    ("456789", True),
    ("123345", False),  # overlapping on 3
    ("234345", False),
    ("234456", False),  # overlapping on 4
    ("123567", False),  # a gap at 4
    ("234678", False),  # a gap at 5
    ("123789", False),
    ("123123", False),  # the same sequence twice
]


@pytest.mark.parametrize(("run", "holds"), SIX_IN_A_ROW, ids=[r for r, _ in SIX_IN_A_ROW])
@pytest.mark.parametrize("suit", ["m", "s"])
def test_shanron_chonchu_2_wants_six_consecutive_numbers_in_each_suit(run, holds, suit):
    other = "345678"  # six in a row, numbers unlike the tested suit's
    hand = f"{run}m{other}s55p" if suit == "m" else f"{other}m{run}s55p"
    win = Win.make(hand, "5p")
    opts = generated.REGISTRY["3-10-10"].options()  # b: 滿貫, the yaku holds
    awards = [registry.call("3-10-10", HandView(win, i), opts) for i in interpretations(win)]
    assert any(a is not None for a in awards) is holds


# 一色四步 (3-10-08): four sequences of one suit, each starting one number above the last
# (123 234 345 456). A gap anywhere in the steps (123 345 456 567) or three steps with a
# fourth sequence elsewhere is not it.
FOUR_STEPS = [
    ("123234345456m11s", True),
    ("234345456567p11s", True),
    ("456567678789s11z", True),  # the top four steps
    ("123345456567m11s", False),  # 2 skipped after 1
    ("123234456567m11s", False),  # 3 skipped
    ("123234345567m11s", False),  # 4 skipped
    ("123234345678m11s", False),  # 4 and 5 skipped
    ("234345456m789p11s", False),  # three steps, the fourth sequence in another suit
    ("123345567789m11s", False),  # steps of two (金門橋)
]


@pytest.mark.parametrize(("hand", "holds"), FOUR_STEPS, ids=[h for h, _ in FOUR_STEPS])
def test_isshoku_yonpo_wants_four_sequences_stepping_by_one(hand, holds):
    win = Win.make(hand, hand[-3] + hand[-1])
    opts = dataclasses.replace(
        generated.REGISTRY["3-10-08"].options(), flush=IsshokuYonpoFlush.NOT_REQUIRED
    )
    awards = [registry.call("3-10-08", HandView(win, i), opts) for i in interpretations(win)]
    assert any(a is not None for a in awards) is holds


# 3-10-08-02 c: 清一色 and the pair just below or above the numbers the runs cover (234..567
# covers 2-7: 11 or 88), in every suit.
@pytest.mark.parametrize("suit", "mps")
def test_isshoku_yonpo_with_the_adjacent_pair_in_each_suit(suit):
    opts = dataclasses.replace(
        generated.REGISTRY["3-10-08"].options(),
        flush=IsshokuYonpoFlush.REQUIRED_WITH_ADJACENT_PAIR,
    )

    def holds(pair: str) -> bool:
        win = Win.make(f"234345456567{pair}{suit}", f"7{suit}")
        views = [HandView(win, i) for i in interpretations(win)]
        return any(registry.call("3-10-08", v, opts) is not None for v in views)

    assert holds("11") and holds("88")
    assert not holds("99")


# 三色一通 (3-10-03): 123, 456 and 789 as sequences, each in a different suit, whichever
# suit holds which. Each of the six assignments holds, through the prefilter as well (the
# manzu holding only 789m among them too).
ITTSUU_SUITS = ["123m456p789s", "123m456s789p", "123p456m789s",
                "123p456s789m", "123s456m789p", "123s456p789m"]


@pytest.mark.parametrize("straight", ITTSUU_SUITS)
def test_sanshoku_ittsuu_holds_for_every_assignment_of_the_suits(straight):
    win = Win.make(straight + "111z22z", "2z")
    body = registry.BODIES["3-10-03"]
    assert body.prefilter(win)
    opts = generated.REGISTRY["3-10-03"].options()
    awards = [registry.call("3-10-03", HandView(win, i), opts) for i in interpretations(win)]
    assert any(a is not None for a in awards)
