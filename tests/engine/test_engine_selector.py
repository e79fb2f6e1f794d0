"""The generated check selector of a ruleset picks exactly what the plan's loop picks."""

from __future__ import annotations

import random
from pathlib import Path
from weakref import WeakKeyDictionary

from engine_hands import random_win

from yakubook.engine import evaluation
from yakubook.engine.evaluation import _plan, _selector, evaluate, live_checks, prepare
from yakubook.engine.rules import Ruleset

ROOT = Path(__file__).resolve().parents[2]


def test_selector_matches_the_loop_over_the_plan() -> None:
    rng = random.Random(21)
    # the small house set after the default: its tests stand at other places of its
    # selector, written from what the default's selector kept of each (_written)
    rulesets = [
        Ruleset.default(),
        Ruleset.from_toml('[ruleset]\nothers = "off"\n'),
        Ruleset.from_toml((ROOT / "rulesets" / "small-house.toml").read_text("utf-8")),
        Ruleset.from_toml((ROOT / "rulesets" / "everything-on.toml").read_text("utf-8")),
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


def test_a_test_is_worked_out_once_for_all_the_rulesets(monkeypatch) -> None:
    """What the selector writes of a gate or prefilter is kept by the test (a new ruleset
    cost milliseconds of writing the same tests again, thousands of times a test run):
    another ruleset asks the inliner nothing about a test it already wrote."""
    seen: list[object] = []
    inline = evaluation.inline

    def counted(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(fn)
        return inline(fn, *args, **kwargs)

    monkeypatch.setattr(evaluation, "inline", counted)
    monkeypatch.setattr(evaluation, "_WRITTEN", WeakKeyDictionary())  # as in a new process
    text = (ROOT / "rulesets" / "everything-on.toml").read_text("utf-8")
    _selector(Ruleset.from_toml(text))
    first = len(seen)
    assert first > 100  # ~150 gates and prefilters
    _selector(Ruleset.from_toml(text))  # a new ruleset: its selector is built again
    _selector(Ruleset.default())
    assert len(seen) == first and len(set(map(id, seen))) == len(seen)


def test_rulesets_differing_in_values_share_one_compiled_selector() -> None:
    """Two sheets that turn on the same yaku with other values write the same selector
    text: it is compiled once (``_compiled``), and each runs with its own objects (the
    checks it picks are its own plan's, not the other's)."""
    rng = random.Random(23)
    one = Ruleset.default()
    two = Ruleset.from_toml('[yaku."3-10-01"]\nvalue = "e"\n')
    first, second = _selector(one), _selector(two)
    assert first.__code__ is second.__code__
    picked = 0
    for _ in range(300):
        w = random_win(rng)
        for select, rs in ((first, one), (second, two)):
            got, want = select(w), live_checks(w, _plan(rs)[0])
            assert len(got) == len(want) and all(a is b for a, b in zip(got, want, strict=True))
            picked += len(got)
    assert picked > 0
