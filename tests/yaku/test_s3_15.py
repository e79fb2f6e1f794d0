"""Section 3-15 (yaku of the game): what the examples cannot say.

The capped 人和 values drop out when the other yaku are worth more than the cap; 槓振's
value c is no winning yaku, so a hand without other yaku earns nothing by it. Both hold
under some value options only. The 八連莊 counting is checked directly, and every
situational body of 3-02, 3-03, 3-04 and 3-15 stays silent on a plain hand.
"""

from __future__ import annotations

import dataclasses

import pytest
from yakubook.generated.s3_15 import (
    KanburiOptions,
    KanburiValue,
    PaarenchanAfterPaarenchan,
    PaarenchanCounting,
    RenhouOptions,
    RenhouRonOnDealerFirstDiscard,
    RenhouRonOnNondealerFirstDiscard,
    RenhouValue,
)

from yakubook.engine import registry
from yakubook.engine.bodies.s3_15 import kanburi, paarenchan_hit, renhou
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()
PLAIN = "123567m456p789s11z"


def _view(hand: str = PLAIN, win: str = "5m", **situation) -> HandView:
    w = Win.make(hand, win, **situation)
    return HandView(w, interpretations(w)[0])


@pytest.mark.parametrize(
    ("value", "holds"),
    [
        (RenhouValue.HAN_LOST_FIRST, True),
        (RenhouValue.MANGAN, False),  # other yaku 9 han: more than 滿貫
        (RenhouValue.HANEMAN, False),  # more than 跳滿
        (RenhouValue.BAIMAN, True),  # not more than 倍滿
        (RenhouValue.YAKUMAN, True),
    ],
)
def test_capped_renhou(value: RenhouValue, holds: bool) -> None:
    # 清一色 一氣通貫 一盃口 (9 han), South before its first draw, on the dealer's discard
    v = _view("11223345556789m", "9m", seat_wind="S", turn=0, first_go_around=True)
    got = renhou(v, dataclasses.replace(RenhouOptions(), value=value))
    assert (got is not None) == holds


def test_kanburi_value_c_needs_other_yaku() -> None:
    v = _view(discarder_kans=1)
    assert kanburi(v, KanburiOptions()) is not None
    not_a_winning_yaku = dataclasses.replace(
        KanburiOptions(), value=KanburiValue.HAN_LOST_NOT_A_WINNING_YAKU
    )
    assert kanburi(v, not_a_winning_yaku) is None
    v = _view(discarder_kans=1, riichi="riichi")
    assert kanburi(v, not_a_winning_yaku) is not None


@pytest.mark.parametrize(
    ("history", "honba", "counting", "after", "hit"),
    [
        ("W" * 7, 7, "a", "a", True),
        ("W" * 6, 6, "a", "a", False),
        ("D" + "W" * 7, 8, "a", "a", False),
        ("D" + "W" * 7, 8, "b", "a", True),
        ("WDWDWDWDWDWDW", 13, "c", "a", True),  # the eighth win, draws between
        ("WD" * 8, 16, "c", "a", False),  # the ninth, a draw after the eighth
        ("WD" * 8, 16, "c", "b", True),
        ("", 7, "d", "a", True),
        ("W" * 8, 8, "d", "c", False),  # c: after 7 honba the next one is at 15
        ("W" * 8, 8, "d", "a", True),  # the win at 7 honba was one; a: winning on, one again
        ("W" * 8, 8, "d", "d", False),  # d: only the first is certain
        ("W" * 15, 15, "d", "c", True),
        ("W" * 16, 16, "e", "c", False),
        ("W" * 17, 17, "e", "c", True),
        ("W" * 15, 15, "b", "c", True),
        ("W" * 14, 14, "b", "c", False),
        ("W" * 10, 10, "b", "a", True),
        ("W" * 10, 10, "b", "d", False),
        ("W" * 7, 7, "b", "d", True),
        ("W" * 7, 7, "b", "e", True),
    ],
)
def test_paarenchan_counting(history, honba, counting, after, hit) -> None:
    counting_option = PaarenchanCounting.by_letter(counting)
    after_option = PaarenchanAfterPaarenchan.by_letter(after)
    assert paarenchan_hit(history, honba, counting_option, after_option) == hit


@pytest.mark.parametrize(("after", "hit"), [("a", True), ("d", False)])
def test_paarenchan_second_run_after_a_draw(after: str, hit: bool) -> None:
    # 3-15-03-01 b counts wins in a row, so a draw starts the count again: 8 wins (the
    # first 八連莊), a draw, then the eighth win of a new run. 3-15-03-03 a: under
    # 3-15-03-01 b the new run of 8 is one again; d: after the first 八連莊 there is none.
    history = "W" * 8 + "D" + "W" * 7
    counting = PaarenchanCounting.EIGHT_IN_A_ROW
    after_option = PaarenchanAfterPaarenchan.by_letter(after)
    assert paarenchan_hit(history, len(history), counting, after_option) == hit


@pytest.mark.parametrize(("seat", "discarder", "dealer_discarded"), [
    ("W", "across", True),  # West's opposite is East
    ("S", "previous", True),  # the player before South is East
    ("N", "next", True),  # the player after North is East
    ("W", "previous", False),  # South
    ("N", "across", False),  # South
    ("N", "previous", False),  # West
])
def test_renhou_tells_the_dealers_first_discard_by_the_seats(
    seat: str, discarder: str, dealer_discarded: bool
) -> None:
    # 3-15-01-01 counts a ron on the dealer's first discard and 3-15-01-02 does not count one
    # on a non-dealer's: which one it was follows from the winner's seat and where the
    # discarder sits (next, across, previous), the dealer being East. (Before the winner's
    # first draw only the seats before it in turn order have discarded.)
    opts = dataclasses.replace(
        RenhouOptions(),
        ron_on_dealer_first_discard=RenhouRonOnDealerFirstDiscard.COUNTS,
        ron_on_nondealer_first_discard=RenhouRonOnNondealerFirstDiscard.NOT_COUNTED,
    )
    v = _view(seat_wind=seat, discarder=discarder, turn=0, first_go_around=True)
    assert (renhou(v, opts) is not None) == dealer_discarded


def test_renhou_in_evaluate() -> None:
    w = Win.make(PLAIN, "5m", seat_wind="S", turn=0, first_go_around=True)
    assert "3-15-01" in {a.id for a in evaluate(w).yaku}


SITUATIONAL = ("3-02-", "3-03-", "3-04-", "3-15-")




@pytest.mark.parametrize("hand", [(PLAIN, "5m", False), (PLAIN, "5m", True)])
def test_plain_hands_hold_none_of_them(hand) -> None:
    tiles, win, tsumo = hand
    w = Win.make(tiles, win, tsumo=tsumo)
    for yid in sorted(k for k in registry.BODIES if k.startswith(SITUATIONAL)):
        body = registry.BODIES[yid]
        assert body.prefilter is not None and not body.prefilter(w), yid
        for opts in option_variants(yid):
            for interp in interpretations(w):
                assert registry.call(yid, HandView(w, interp), opts) is None, yid
