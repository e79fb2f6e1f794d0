"""Catalog-derived tests: every example expanded over the option matrix of its yaku.

For each example and each value option of its yaku, the body's award must equal the
catalog's parsed value for that option (open-hand value applied) when the example holds,
and be absent when it does not; the 無 option turns the yaku off in `evaluate`. Rule
questions the example does not pin are varied one at a time over all their letters, so
an example that silently depends on a rule question fails.

An example's `case` names the case of a conditional value it gets (its `when` text), or,
for a yaku whose values live in a rule question (3-09-01's compositions), that rule's ID.
"""

from __future__ import annotations

import dataclasses

import pytest

import catalog
import generated
from yaku import registry
from yaku.award import is_none, pick_case, rank, resolve
from yaku.decompose import interpretations
from yaku.evaluation import evaluate
from yaku.rules import Ruleset
from yaku.view import HandView
from yaku.win import Win

registry.load_bodies()
EXAMPLES = catalog.examples()


def make_win(ex: dict) -> Win:
    obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
    obj.update(ex.get("situation", {}))
    return Win.from_json(obj)


def option_variants(ex: dict):
    """(label, options instance) for every value letter x one-at-a-time rule variation."""
    info = generated.REGISTRY[ex["yaku"]]
    pinned = dict(ex.get("options", {}))
    base_changes = {}
    for rule_id, letter in pinned.items():
        field, menu, _ = info.rules[rule_id]
        base_changes[field] = next(m for m in menu if m.letter == letter)
    base = dataclasses.replace(info.options(), **base_changes)
    value_menu = type(base.value)
    free = [(rid, r) for rid, r in info.rules.items() if rid not in pinned]
    for vm in value_menu:
        opts = dataclasses.replace(base, value=vm)
        yield f"value={vm.letter}", opts
        for rid, (field, menu, _) in free:
            for m in menu:
                if m is not next(iter(menu)):
                    yield (
                        f"value={vm.letter},{rid}={m.letter}",
                        dataclasses.replace(opts, **{field: m}),
                    )


def body_award(yid: str, win: Win, opts):
    """The yaku's best award over the hand's interpretations (None if it never holds)."""
    awards = [registry.call(yid, HandView(win, i), opts) for i in interpretations(win)]
    awards = [a for a in awards if a is not None]
    return max(awards, key=lambda a: rank(a.value)) if awards else None


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e["where"] for e in EXAMPLES])
def test_example_over_the_option_matrix(ex):
    yid = ex["yaku"]
    assert yid in generated.REGISTRY, f"{ex['where']}: unknown yaku {yid}"
    assert yid in registry.BODIES, f"{ex['where']}: {yid} has no body"
    win = make_win(ex)
    info = generated.REGISTRY[yid]
    for label, opts in option_variants(ex):
        value = info.values[opts.value.letter]
        if is_none(value):
            continue
        got = body_award(yid, win, opts)
        expected = value
        if ex["holds"] and ex.get("case") in info.rules:
            # The value is the chosen option of a rule question with values (3-09-01's
            # compositions); its 無 means the yaku does not hold.
            field, _, values = info.rules[ex["case"]]
            expected = values[getattr(opts, field).letter]
        if not ex["holds"] or is_none(expected):
            assert got is None, f"{ex['where']} ({label}): {yid} must not hold: {ex.get('note')}"
            continue
        assert got is not None, f"{ex['where']} ({label}): {yid} must hold: {ex.get('note')}"
        if value["kind"] == "conditional":
            assert ex.get("case"), f"{ex['where']}: a conditional value needs the example's case"
            expected = pick_case(value, ex["case"])
        assert got.value == resolve(expected, not win.is_closed), f"{ex['where']} ({label})"
        assert got.id == yid and got.letter == opts.value.letter


@pytest.mark.parametrize(
    "ex", [e for e in EXAMPLES if e["holds"]], ids=[e["where"] for e in EXAMPLES if e["holds"]]
)
def test_the_none_option_turns_the_yaku_off(ex):
    yid = ex["yaku"]
    info = generated.REGISTRY[yid]
    none = [m for m in type(info.options().value) if is_none(info.values[m.letter])]
    if not none:
        pytest.skip(f"{yid} has no 無 option")
    rules = "\n".join(f'"{k}" = "{v}"' for k, v in ex.get("options", {}).items())
    rs = Ruleset.from_toml(f'[yaku."{yid}"]\nvalue = "{none[0].letter}"\n{rules}\n')
    result = evaluate(make_win(ex), rs)
    assert yid not in {a.id for a in result.yaku}


def test_every_implemented_yaku_has_holding_and_failing_examples():
    held = {e["yaku"] for e in EXAMPLES if e["holds"]}
    failing = {e["yaku"] for e in EXAMPLES if not e["holds"]}
    for yid in registry.BODIES:
        assert yid in held, f"{yid} has a body but no example that holds"
        assert yid in failing, f"{yid} has a body but no near miss that must not hold"
