"""Section gates are necessary conditions: no body awards a hand its module's gate rejects."""

from __future__ import annotations

import random

import pytest

import catalog
from bench.evaluate_vs_mahjong import random_win
from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.rules import option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()


def _views(win: Win) -> list[HandView]:
    """A view of each reading of the hand, as evaluate gives every body of a hand the same
    views (made once per hand, not once per body: most of the random hands' time)."""
    return [HandView(win, i) for i in interpretations(win)]


def _awards(views: list[HandView], body: registry.Body, opts_list) -> bool:
    return any(body.fn(v, o) is not None for v in views for o in opts_list)


def test_every_gated_module_has_bodies():
    modules = {b.fn.__module__ for b in registry.BODIES.values()}
    assert set(registry.GATES) <= modules
    assert len(registry.GATES) >= 10


# Every holding example, of every section (3-02 … 3-16, 3-13 included).
HOLDING = [e for e in catalog.examples() if e["holds"]]


def _win(ex: dict) -> Win:
    obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
    obj.update(ex.get("situation", {}))
    return Win.from_json(obj)


@pytest.mark.parametrize("ex", HOLDING, ids=[f"{e['yaku']}@{e['where']}" for e in HOLDING])
def test_gate_and_prefilter_pass_every_holding_example(ex):
    body = registry.BODIES[ex["yaku"]]
    win = _win(ex)
    gate = registry.GATES.get(body.fn.__module__)
    assert gate is None or gate(win), (
        f"{ex['where']}: the gate of {body.fn.__module__} rejects a holding hand"
    )
    assert body.prefilter is None or body.prefilter(win), (
        f"{ex['where']}: the prefilter of {ex['yaku']} rejects a holding hand"
    )


def test_the_sweep_reaches_every_gate_and_most_prefilters():
    modules = {registry.BODIES[e["yaku"]].fn.__module__ for e in HOLDING}
    assert set(registry.GATES) <= modules
    with_prefilter = {e["yaku"] for e in HOLDING if registry.BODIES[e["yaku"]].prefilter}
    assert with_prefilter == {y for y, b in registry.BODIES.items() if b.prefilter}


def test_gates_never_reject_a_hand_a_body_awards_on_random_hands():
    rng = random.Random(7)
    gated = [(b, registry.GATES[b.fn.__module__], option_variants(b.id))
             for b in registry.BODIES.values() if b.fn.__module__ in registry.GATES]
    fired = 0
    for _ in range(1500):
        win = random_win(rng)
        views = _views(win)
        for body, gate, opts in gated:
            awards = _awards(views, body, opts)
            if awards and not gate(win):
                pytest.fail(f"{body.id}: awarded on a hand its gate rejects: {win}")
            fired += awards
    assert fired > 20  # the random hands do reach gated bodies
