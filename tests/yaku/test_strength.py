"""Tests added for survivors of bench/mutation.py: behaviour the example and engine tests
did not pin down (the option sweep's coverage, the standard-yaku han table behind the 縛
questions, Win validation limits)."""

from __future__ import annotations

import pytest

from yakubook import generated
from yakubook.engine import standard
from yakubook.engine.rules import option_variants
from yakubook.engine.win import Win
from yakubook.errors import InputError


def test_option_variants_sweep_every_value_but_none():
    for yid, info in generated.REGISTRY.items():
        want = {k for k, v in info.values.items() if v is not None and v["kind"] != "none"}
        got = {o.value.letter for o in option_variants(yid)}
        assert got == want, yid
        rule_letters = {(rid, m.letter) for rid, (_, menu, _) in info.rules.items() for m in menu}
        seen = {
            (rid, getattr(o, field).letter)
            for o in option_variants(yid)
            for rid, (field, _, _) in info.rules.items()
        }
        assert rule_letters <= seen, yid


# The han of the standard shape yaku (closed, open; 0 = closed only), as the riichi rules
# give them, written down independently of yakubook/engine/bodies/s3_02.py.
STANDARD_HAN = {
    "tanyao": (1, 1),
    "pinfu": (1, 0),
    "iipeikou": (1, 0),
    "ryanpeikou": (3, 0),
    "chiitoitsu": (2, 0),
    "ittsuu": (2, 1),
    "sanshoku_doujun": (2, 1),
    "sanshoku_doukou": (2, 2),
    "toitoi": (2, 2),
    "sanankou": (2, 2),
    "sankantsu": (2, 2),
    "chanta": (2, 1),
    "junchan": (3, 2),
    "honroutou": (2, 2),
    "shousangen": (2, 2),
    "honiisou": (3, 2),
    "chiniisou": (6, 5),
}


def test_the_standard_han_behind_the_minimum_han_questions():
    assert {name: (c, o) for name, c, o in standard.SHAPE_HAN} == STANDARD_HAN


@pytest.mark.parametrize("pairs", [7, -1])
def test_called_pairs_beyond_a_seven_pairs_hand_are_refused(pairs):
    with pytest.raises(InputError, match="called_pairs"):
        Win.make("11223344556677z", "7z", called_pairs=pairs)
    Win.make("11223344556677z", "7z", called_pairs=6)


@pytest.mark.parametrize(
    ("history", "streak", "dealer", "ok"),
    [
        ("WW", 3, True, True),  # two wins before this one, won by the dealer now
        ("WW", 2, True, False),
        ("WW", 2, False, True),  # a non-dealer wins: the run stays at two
        ("WW", 3, False, False),
        ("DWW", 3, True, True),
        ("WDW", 3, True, False),
    ],
)
def test_dealer_streak_must_agree_with_the_history(history, streak, dealer, ok):
    seat = "E" if dealer else "S"
    obj = {"hand": "123567m456p789s11z", "win": "5m", "seat": seat,
           "dealer_history": history, "dealer_streak": streak}
    if ok:
        assert Win.from_json(obj).dealer_streak == streak
    else:
        with pytest.raises(InputError, match="dealer_streak"):
            Win.from_json(obj)


def test_three_quads_alone_are_a_standard_yaku():
    """三槓子 is the only standard yaku here (a 1m quad breaks 斷幺九, one run breaks 對對和,
    no value tile): 3-14-13 (no other yaku) must not see it as yakuless."""
    from yakubook.engine import registry
    from yakubook.engine.bodies.s3_14 import has_standard_yaku
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.view import HandView

    registry.load_bodies()
    win = Win.make("88p", "8p", melds=["kan 1111m", "kan 3333p", "kan 4444s", "chi 567m"])
    views = [HandView(win, i) for i in interpretations(win)]
    assert views and all(v.std("sankantsu") for v in views)
    assert all(has_standard_yaku(v) for v in views)
