"""HandView, the bodies' reading of one hand: each block category holds exactly its blocks."""

from __future__ import annotations

from yakubook.engine.decompose import interpretations
from yakubook.engine.tiles import tile_from_str as t
from yakubook.engine.view import HandView
from yakubook.engine.win import Win


def _only_view(obj: dict) -> HandView:
    win = Win.from_json(obj)
    (interp,) = interpretations(win)
    return HandView(win, interp)


def test_every_block_kind_lands_in_its_own_category() -> None:
    # 123m run, 11z pair, an open kan of 5p, a closed kan of 中, an open pon of 3s; won on
    # 3m (the 1-2 edge wait).
    v = _only_view({"hand": "123m11z", "win": "3m",
                    "melds": ["kan 5555p", "ankan 7777z", "pon 333s"]})
    assert v.kind == "standard"
    assert v.sequences == (t("1m"),)
    assert v.pairs == (t("1z"),) and v.pair == t("1z")
    assert v.triplets == (t("5p"), t("3s"), t("7z"))  # quads are sets of identical tiles too
    assert v.quads == (t("5p"), t("7z"))
    assert v.concealed_quads == (t("7z"),)
    assert v.concealed_triplets == (t("7z"),)  # the closed kan only: the others are called
    assert v.wait == "penchan"
    assert v.suits == frozenset("mps") and v.has_honors
    assert v.is_open and not v.menzen


def test_a_closed_hand_of_runs_and_a_pair_has_no_sets_of_identical_tiles() -> None:
    v = _only_view({"hand": "123456789m234p55s", "win": "3p"})
    assert v.sequences == (t("1m"), t("4m"), t("7m"), t("2p"))
    assert v.pairs == (t("5s"),)
    assert v.triplets == () and v.quads == () and v.concealed_quads == ()
    assert v.wait == "kanchan" and v.menzen and not v.has_honors


def test_has_is_true_exactly_for_the_tiles_the_hand_holds_melds_included() -> None:
    # 123m 11z in hand, kan 5p, closed kan 中 (7z), pon 3s: these seven kinds and no other.
    v = _only_view({"hand": "123m11z", "win": "3m",
                    "melds": ["kan 5555p", "ankan 7777z", "pon 333s"]})
    held = {t(s) for s in ("1m", "2m", "3m", "1z", "5p", "7z", "3s")}
    assert [tile for tile in range(34) if v.has(tile)] == sorted(held)


def test_a_cached_fact_read_on_the_class_is_its_descriptor() -> None:
    # As with functools.cached_property (which _cached stands in for): no instance, no value.
    assert HandView.suits is HandView.__dict__["suits"]
    assert HandView.suits.__doc__ == HandView.__dict__["suits"].fn.__doc__


def test_blocks_are_the_reading_s_blocks_and_honors_sum_to_zero() -> None:
    win = Win.from_json({"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]})
    (interp,) = interpretations(win)
    v = HandView(win, interp)
    assert v.blocks == interp.blocks and len(v.blocks) == 5
    # number_sum: honors carry no numbers; the suits sum 1+2+3, 4+5+6, 7+8+9.
    assert v.number_sum("z") == 0
    assert (v.number_sum("m"), v.number_sum("p"), v.number_sum("s")) == (6, 15, 24)
    assert v.number_sum() == 45
