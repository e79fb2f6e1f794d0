"""Section 3-04 (kan yaku): what the examples cannot say."""

from __future__ import annotations

from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.rules import option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()


def _awarded(yid: str, win: Win) -> set[bool]:
    """Whether the body awards, over every reading and every option variant."""
    body = registry.BODIES[yid]
    return {
        body.fn(HandView(win, interp), opts) is not None
        for interp in interpretations(win)
        for opts in option_variants(yid)
    }


def test_toukanhou_no_dealer_daiminkan_before_the_first_discard() -> None:
    # 3-04-02: the dealer's first draw is the deal, so the dealer discards before any
    # daiminkan can be called; a non-dealer's daiminkan before the first draw may count.
    def rinshan_on_first_draw(seat: str, meld: str) -> Win:
        return Win.make("123m456p789s11z", "1z", melds=[f"{meld} 5555m"], tsumo=True,
                        rinshan=True, turn=1, seat_wind=seat)

    assert _awarded("3-04-02", rinshan_on_first_draw("E", "kan")) == {False}
    assert _awarded("3-04-02", rinshan_on_first_draw("S", "kan")) == {False, True}
    assert _awarded("3-04-02", rinshan_on_first_draw("E", "ankan")) == {False, True}
