"""Catalog examples: every example expanded over the option matrix of its yaku, through the
body and through `yaku.evaluate` (section gate, prefilter, the reported interpretation).

A holding example writes down what it awards under each value option (`awards`, keyed by
the value letter: "2 han", "1 han open" for an open hand's reduced value, "yakuman x2",
"mangan", "? han" for a lost number …). Those strings were derived once from the catalog's
option values, reviewed and committed as data; the test compares the engine's award with
them and computes no expectation with engine code. An example that does not hold must
award nothing under any value option.

Rule questions the example does not pin are varied one at a time over all their letters, so
an example that silently depends on a rule question fails.

An example's `case` names the case of a conditional value it gets (its `when` text), or,
for a yaku whose values live in a rule question (3-09-01's compositions), that rule's ID.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

import pytest

import catalog
from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.errors import InputError

ROOT = Path(__file__).resolve().parents[2]

registry.load_bodies()
EXAMPLES = catalog.examples()
HOLDING = [e for e in EXAMPLES if e["holds"]]


def example_id(ex: dict) -> str:
    # The yaku ID leads, so that `-k 3-13-` selects one section (bench/mutation.py does).
    return f"{ex['yaku']}@{ex['where']}"


def make_win(ex: dict) -> Win:
    obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
    obj.update(ex.get("situation", {}))
    return Win.from_json(obj)


def none_letters(yid: str) -> set[str]:
    values = generated.REGISTRY[yid].values
    return {k for k, v in values.items() if v is None or v["kind"] == "none"}


def option_variants(ex: dict):
    """(label, options) for every non-無 value letter x one-at-a-time rule variation."""
    info = generated.REGISTRY[ex["yaku"]]
    pinned = dict(ex.get("options", {}))
    base_changes = {}
    for rule_id, letter in pinned.items():
        field, menu, _ = info.rules[rule_id]
        base_changes[field] = next(m for m in menu if m.letter == letter)
    base = dataclasses.replace(info.options(), **base_changes)
    none = none_letters(ex["yaku"])
    free = [(rid, r) for rid, r in info.rules.items() if rid not in pinned]
    for vm in type(base.value):
        if vm.letter in none:
            continue
        opts = dataclasses.replace(base, value=vm)
        yield f"value={vm.letter}", opts
        for rid, (field, menu, _) in free:
            for m in menu:
                if m is not next(iter(menu)):
                    yield (
                        f"value={vm.letter},{rid}={m.letter}",
                        dataclasses.replace(opts, **{field: m}),
                    )


def _n(x: Any) -> str:
    return "?" if x is None else str(x)


def describe(value: dict) -> str:
    """An awarded value in the examples' notation (independent of the engine's code)."""
    kind = value["kind"]
    if kind == "han":
        text = f"{_n(value['han'])} han"
    elif kind == "yakuman":
        m = value["multiple"]
        text = "yakuman" if m == 1 else f"yakuman x{_n(m)}"
    elif kind == "limit":
        m = value["multiple"]
        text = value["limit"] if m == 1 else f"{value['limit']} x{_n(m)}"
    elif kind == "adopted":
        text = "adopted"
    elif kind == "additive":
        text = f"{_n(value['han'])} han + {value['plus']}"
    elif kind == "fu_han":
        text = f"{_n(value['fu'])} fu {_n(value['han'])} han"
    else:
        text = f"<{kind}>"  # a conditional or 無 value is never a valid award
    return text + (" open" if value.get("open_applied") else "")


def body_award(yid: str, win: Win, opts):
    """The yaku's best award over the hand's interpretations (None if it never holds)."""
    awards = [registry.call(yid, HandView(win, i), opts) for i in interpretations(win)]
    awards = [a for a in awards if a is not None]
    if not awards:
        return None
    return max(awards, key=lambda a: _order(a.value))


def _order(value: dict) -> tuple:
    # Only to pick among one yaku's awards on several readings: yakuman > limits > han.
    kind = value["kind"]
    if kind == "yakuman":
        return (3, value["multiple"] or 0)
    if kind == "limit":
        return (2, ["mangan", "haneman", "baiman", "sanbaiman"].index(value["limit"]))
    return (1, value.get("han") or 0)


# The curated interplay data (catalog/families.toml, read here on its own, not through the
# engine): a smaller family member is dropped beside its larger one, an alone-only yaku
# beside any other; a nested entry (如果有X) exists only while its parent X is on.
_FAMILIES = tomllib.loads((ROOT / "catalog" / "families.toml").read_text("utf-8"))
LARGER: dict[str, list[str]] = {}
for _f in _FAMILIES.get("family", []):
    LARGER.setdefault(_f["smaller"], []).append(_f["larger"])
ALONE = {a["yaku"] for a in _FAMILIES.get("alone", [])}
PARENT = {
    n["id"]: n["parent"]
    for n in catalog.load()["nodes"]
    if n["kind"] == "yaku" and n.get("applies_if") and n["parent"] in generated.REGISTRY
}


def alone(yid: str, opts) -> Ruleset:
    """This yaku under these options, with what it exists beside at the documented
    defaults: its parent (a nested entry holds only under it) and the larger members of its
    families (which the smaller one gives way to: 一色三順 in a 一色四順 hand)."""
    others = [*LARGER.get(yid, []), *([PARENT[yid]] if yid in PARENT else [])]
    chosen = {o: generated.REGISTRY[o].options() for o in others}
    return Ruleset(f"only {yid}", {**chosen, yid: opts})


@pytest.mark.parametrize("ex", HOLDING, ids=[example_id(e) for e in HOLDING])
def test_holding_example_states_its_award_for_every_value_option(ex):
    yid = ex["yaku"]
    info = generated.REGISTRY[yid]
    want = set(info.values) - none_letters(yid)
    assert set(ex.get("awards", {})) == want, (
        f"{ex['where']}: `awards` must give the award of every non-無 value option of {yid} "
        f"({', '.join(sorted(want))})"
    )
    if ex.get("case") in info.rules:
        assert ex["case"] in ex.get("options", {}), f"{ex['where']}: pin the case rule question"


@pytest.mark.parametrize("ex", EXAMPLES, ids=[example_id(e) for e in EXAMPLES])
def test_example_over_the_option_matrix(ex):
    yid = ex["yaku"]
    assert yid in generated.REGISTRY, f"{ex['where']}: unknown yaku {yid}"
    assert yid in registry.BODIES, f"{ex['where']}: {yid} has no body"
    win = make_win(ex)
    complete = bool(interpretations(win))
    assert complete or not ex["holds"], f"{ex['where']}: holds, yet the hand is in no shape"
    checked = 0
    for label, opts in option_variants(ex):
        where = f"{ex['where']} ({label})"
        got = body_award(yid, win, opts)
        if not complete:
            # The front door refuses a hand in no shape at all (a near miss by shape).
            with pytest.raises(InputError, match="not a complete hand"):
                evaluate(win, alone(yid, opts))
            through = []
        else:
            through = [a for a in evaluate(win, alone(yid, opts)).yaku if a.id == yid]
        if not ex["holds"]:
            assert got is None, f"{where}: {yid} must not hold: {ex.get('note')}"
            assert not through, f"{where}: evaluate awards {yid}, which must not hold"
            checked += 1
            continue
        want = ex["awards"][opts.value.letter]
        assert got is not None, f"{where}: {yid} must hold: {ex.get('note')}"
        assert describe(got.value) == want, f"{where}: the body awards {describe(got.value)}"
        assert got.id == yid and got.letter == opts.value.letter
        if yid in PARENT:
            # Through the front door a nested entry follows its parent's rule questions and
            # (when it counts as the parent) takes the parent's value: the body alone knows
            # neither, so tests/yaku/test_interplay.py checks those awards.
            checked += 1
            continue
        if not through and any(
            a.id in LARGER.get(yid, []) for a in evaluate(win, alone(yid, opts)).yaku
        ):
            checked += 1  # the larger member of its family holds: this one gives way to it
            continue
        assert len(through) == 1, f"{where}: evaluate drops {yid} (gate or prefilter?)"
        assert describe(through[0].value) == want, f"{where}: evaluate awards another value"
        checked += 1
    assert checked, f"{ex['where']}: no value option of {yid} was checked"


def _replaced_by(yid: str, awards) -> list[str]:
    """Reported awards whose option says it includes or does not combine with ``yid``
    (by name in its notes), or that belong to the same parent yaku."""
    name = generated.REGISTRY[yid].name_hans.split("(")[0]
    out = []
    for a in awards:
        named = any(name in n.get("text", "") or name in " ".join(n.get("args", []))
                    for n in a.combination)
        family = a.id.startswith(yid + "-") or yid.startswith(a.id + "-")
        larger = a.id in LARGER.get(yid, [])
        if named or family or larger or (yid in ALONE and a.id != yid):
            out.append(a.id)
    return out


@pytest.mark.parametrize("ex", HOLDING, ids=[example_id(e) for e in HOLDING])
def test_holding_example_with_every_yaku_on(ex):
    """Through the front door with every other yaku at its default: the yaku is reported
    with its stated award, unless the reported reading of the hand is one it does not
    hold on (another reading scored better) or a reported award replaces it."""
    yid = ex["yaku"]
    rules = "\n".join(f'"{k}" = "{v}"' for k, v in ex.get("options", {}).items())
    ruleset = Ruleset.from_toml(f'[yaku."{yid}"]\n{rules}\n')
    win = make_win(ex)
    result = evaluate(win, ruleset)
    opts = ruleset.options[yid]
    # No reported award includes, or refuses to combine with, another reported one.
    for a in result.yaku:
        notes = [n["text"] for n in a.combination
                 if n["kind"] in ("includes", "not_combined_with")]
        for b in result.yaku:
            name = generated.REGISTRY[b.id].name_hans.split("(")[0]
            assert b.id == a.id or not any(name in t for t in notes), (
                f"{ex['where']}: {a.id} replaces {b.id}, yet both are reported"
            )
    mine = [a for a in result.yaku if a.id == yid]
    if yid in PARENT:
        return  # its award under the parent's rules is tested in tests/yaku/test_interplay.py
    if mine:
        assert describe(mine[0].value) == ex["awards"][opts.value.letter], ex["where"]
        return
    here = registry.call(yid, HandView(win, result.interpretation), opts)
    if here is None:
        return  # the best total came from a reading this yaku does not hold on
    value = generated.REGISTRY[yid].values[opts.value.letter]
    if any(n["kind"] == "capped" for n in value.get("notes", [])) and result.yaku:
        # 人和以外的役比滿貫…高時只計算人和以外的部分: the cap is judged on the whole hand,
        # local yaku included (tests/yaku/test_winning.py), which the body alone cannot see
        return
    assert _replaced_by(yid, result.yaku), (
        f"{ex['where']}: {yid} holds on the reported reading but is not reported, and no "
        f"reported award ({', '.join(a.id for a in result.yaku)}) replaces it"
    )


@pytest.mark.parametrize("ex", HOLDING, ids=[example_id(e) for e in HOLDING])
def test_the_none_option_turns_the_yaku_off(ex):
    yid = ex["yaku"]
    none = sorted(none_letters(yid))
    if not none:
        pytest.skip(f"{yid} has no 無 option")
    rules = "\n".join(f'"{k}" = "{v}"' for k, v in ex.get("options", {}).items())
    off = Ruleset.from_toml(f'[yaku."{yid}"]\nvalue = "{none[0]}"\n{rules}\n')
    assert yid not in {a.id for a in evaluate(make_win(ex), off).yaku}


def test_every_implemented_yaku_has_holding_and_failing_examples():
    held = {e["yaku"] for e in EXAMPLES if e["holds"]}
    failing = {e["yaku"] for e in EXAMPLES if not e["holds"]}
    for yid in registry.BODIES:
        assert yid in held, f"{yid} has a body but no example that holds"
        assert yid in failing, f"{yid} has a body but no near miss that must not hold"


def test_every_yaku_has_a_near_miss_its_body_refuses():
    """A counter-example that is a complete hand (some reading exists, so the body runs and
    says no) for every implemented yaku: a near miss that no shape fits would pass even a
    body that always holds."""
    body_refuses = set()
    for ex in EXAMPLES:
        if ex["holds"] or ex["yaku"] not in registry.BODIES:
            continue
        win = make_win(ex)
        if interpretations(win):
            body_refuses.add(ex["yaku"])
    assert sorted(set(registry.BODIES) - body_refuses) == []
