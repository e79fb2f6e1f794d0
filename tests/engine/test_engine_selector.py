"""The generated check selector of a ruleset picks exactly what the plan's loop picks."""

from __future__ import annotations

import random

from engine_hands import random_win

from yakubook.engine.evaluation import _plan, _selector, evaluate, live_checks, prepare
from yakubook.engine.rules import Ruleset


def test_selector_matches_the_loop_over_the_plan() -> None:
    rng = random.Random(21)
    rulesets = [
        Ruleset.default(),
        Ruleset.from_toml('[ruleset]\nothers = "off"\n'),
    ]
    for rs in rulesets:
        wins = [random_win(rng) for _ in range(400)]
        plan, _ = _plan(rs)
        select = _selector(rs)
        picked = 0
        for w in wins:
            assert select(w) == live_checks(w, plan)
            picked += len(select(w))
        assert picked > 0 or not rs.enabled


def test_prepare_compiles_up_front_and_changes_no_answer() -> None:
    """``prepare`` leaves on the ruleset what the first ``evaluate`` would otherwise build,
    and a prepared ruleset answers as a fresh one."""
    rng = random.Random(22)
    prepared = prepare(Ruleset.default())
    assert {"_compiled", "_plan", "_adjust", "_selector", "_shapes"} <= set(vars(prepared))
    fresh = Ruleset.default()  # builds all that on its first evaluate, inside the loop
    assert "_selector" not in vars(fresh)
    for _ in range(200):
        w = random_win(rng)
        assert evaluate(w, prepared).to_json() == evaluate(w, fresh).to_json()
