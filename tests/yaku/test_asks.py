"""A body that takes ``others`` says under which options it reads them (``implements``'
``asks``). Under the options where it says it does not, ``evaluate`` runs the hand on its
plain path (not the asking one, which runs every other body first) and calls the body
without ``others``; so each such body is held to its word both ways, on hands of its
own situation: under options it says it does not ask, it never reads the other yaku;
under options it says it asks, some of those hands make it read them."""

from __future__ import annotations

from typing import Any

import pytest

from yakubook.engine import evaluation, registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import _asking, compile_ruleset, evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()

PLAIN = dict(hand="123m456p789s234s55z", win="5z")  # no standard yaku of its own closed + ron
# Hands of each asking yaku's situation, reaching the line where its rule looks at the
# other yaku under the options that ask (the rule text in each body's docstring).
HANDS: dict[str, list[Win]] = {
    "3-02-01": [  # ippatsu under 二翻縛 (min_han 2): ron and tsumo
        Win.make(**PLAIN, riichi="riichi", ippatsu=True, min_han=2, discarder="across"),
        Win.make(**PLAIN, riichi="riichi", ippatsu=True, min_han=2, tsumo=True),
    ],
    "3-02-03": [Win.make(**PLAIN, riichi="open", min_han=2, tsumo=True)],
    "3-15-01": [  # 人和: ron on the dealer's first discard, before South's first draw
        Win.make(**PLAIN, seat_wind="S", turn=0, first_go_around=True, discarder="previous"),
        Win.make(**PLAIN, seat_wind="W", turn=0, first_go_around=True, discarder="previous"),
        Win.make(**PLAIN, seat_wind="S", turn=1, first_go_around=True, tsumo=True),
        Win.make(**PLAIN, seat_wind="S", turn=0, discarder="previous"),
    ],
    "3-15-03": [  # 八連莊: the dealer's eighth win
        Win.make(**PLAIN, seat_wind="E", dealer_streak=8, discarder="across"),
        Win.make(**PLAIN, seat_wind="E", dealer_streak=9, discarder="across"),
    ],
    "3-15-04": [  # 槓振: ron on the discard after a kan (one, two; the rinshan tile)
        Win.make(**PLAIN, discarder="across", discarder_kans=1),
        Win.make(**PLAIN, discarder="across", discarder_kans=2, discarder_rinshan=True),
    ],
    "3-15-07": [Win.make(**PLAIN, flowers=8, discarder="across")],  # 八仙過海
    "3-16-07": [  # BACK FOUR's shape, no standard yaku: ron and tsumo
        Win.make("1111m2222p3333s55z", "5z", discarder="across"),
        Win.make("1111m2222p3333s55z", "5z", tsumo=True),
    ],
}


class _Watched:
    """``others`` that notes whether the body read it (nothing of the other yaku holds)."""

    def __init__(self) -> None:
        self.read = False

    @property
    def winning_han(self) -> float:
        self.read = True
        return 0.0

    @property
    def best_value(self) -> float:
        self.read = True
        return 0.0


def _variants(opts: Any) -> list[Any]:
    """The defaults and every options object one field away from them."""
    out = [opts]
    for name in opts.__match_args__:
        for member in type(getattr(opts, name)):
            if member is not getattr(opts, name):
                out.append(type(opts)(**{n: getattr(opts, n) for n in opts.__match_args__}
                                      | {name: member}))
    return out


def _reads(body: registry.Body, opts: Any, win: Win) -> tuple[bool, list, list]:
    """Whether the body read ``others`` on some reading of ``win``, and its answers with
    the watched ``others`` and without any."""
    read, with_others, alone = False, [], []
    for interp in interpretations(win):
        view = HandView(win, interp)
        watched = _Watched()
        with_others.append(body.fn(view, opts, others=watched))
        alone.append(body.fn(view, opts))
        read |= watched.read
    return read, with_others, alone


ASKING = sorted(i for i, b in registry.BODIES.items() if "others" in b.context)


def test_every_body_that_takes_others_says_when_it_reads_them_and_has_hands_here():
    assert sorted(HANDS) == ASKING
    assert all(registry.BODIES[i].asks is not None for i in ASKING)


@pytest.mark.parametrize("yid", ASKING)
def test_a_body_reads_the_other_yaku_exactly_under_the_options_it_says(yid):
    body = registry.BODIES[yid]
    asked = unasked = 0
    for opts in _variants(Ruleset.default().options[yid]):
        runs = [_reads(body, opts, win) for win in HANDS[yid]]
        if body.asks(opts):
            asked += 1
            assert any(read for read, _, _ in runs), (yid, opts)
        else:
            unasked += 1
            assert not any(read for read, _, _ in runs), (yid, opts)
            assert all(a == b for _, a, b in runs), (yid, opts)
    assert asked and unasked, (yid, asked, unasked)  # both kinds of options were tried


def test_a_hand_whose_asking_body_does_not_ask_under_its_options_takes_the_plain_path(
    monkeypatch,
):
    # BACK FOUR's shape in one suit (four-tile runs as groups too: 3-16-07-01 b): under the
    # default value d (役滿) nothing asks, under b (有其他役時可以和牌) BACK FOUR asks.
    win = Win.make("11112222333355m", "5m")
    yakuman = Ruleset.from_toml('[yaku."3-16-07"]\n"3-16-07-01" = "b"\n')
    with_other = Ruleset.from_toml(
        '[yaku."3-16-07"]\nvalue = "b"\n"3-16-07-01" = "b"\n'
    )
    back_four = {c.fn for c in compile_ruleset(yakuman)[0] if c.id == "3-16-07"}
    assert not back_four & _asking(yakuman)
    assert {c.fn for c in compile_ruleset(with_other)[0] if c.id == "3-16-07"} <= _asking(
        with_other
    )
    plain = evaluate(win, yakuman)
    assert "3-16-07" in {a.id for a in plain.yaku}

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("asking path taken")

    monkeypatch.setattr(evaluation, "_evaluate_asking", refuse)
    assert evaluate(win, yakuman).yaku == plain.yaku
    with pytest.raises(AssertionError, match="asking path"):
        evaluate(win, with_other)
