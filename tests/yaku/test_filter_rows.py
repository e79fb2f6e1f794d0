"""The cheap filters in front of the bodies reject what they are written to reject.

A body's ``prefilter``, a section's ``section_gate`` and a shape's ``when`` are necessary
conditions (tests/yaku/test_gates.py checks that none rejects a holding hand). That alone
cannot fail when a filter stops filtering: ``a and b`` read as ``a or b``, a mask bit
dropped, ``> 0`` read as ``>= 0``. The evaluator's answers stay right, but every hand
then runs bodies it need not run, which is what the filters are for (#27).

So each section's file in filter_rows/ lists hands the rule itself rules out, each naming
what the hand lacks: the filter must reject it, and (so that the row cannot be wrong about
the rule) the bodies behind the filter must award nothing on it under any option. Where a
filter is a conjunction (``a and b and …``), every condition must be the only one that
fails on at least one row, so that each is seen to matter, unless the file lists it under
``[[implied]]``: a condition the others imply (a cheap early exit before a call that tests
it again), which no hand can fail alone. Such an entry names the filter (``yaku``, ``gate``
or ``shape``), the ``condition`` as the test prints it and the ``reason`` a reader can check;
the test refuses an entry that names no condition of the filter, and one that a row or a
seeded random hand fails alone.

Row keys: one of ``yaku`` (its prefilter), ``gate`` (a body module such as "s3_11") or
``shape`` (a registered shape kind's ``when``); ``lacks`` (what the rule needs and the hand
has not); the rest is the win in WIN_FORMAT.md's JSON form (``hand``, ``win``, ``melds``,
``seat``, ``round``, situation fields).
"""

from __future__ import annotations

import ast
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from yakubook.engine import decompose, registry
from yakubook.engine._accel import speedups
from yakubook.engine.decompose import interpretations
from yakubook.engine.inline import _find
from yakubook.engine.rules import option_variants
from yakubook.engine.selector_rows import filter_program, select_rows_py
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()

ROWS_DIR = Path(__file__).parent / "filter_rows"
TARGET_KEYS = ("yaku", "gate", "shape")


def _load(table: str) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(ROWS_DIR.glob("s3_*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for n, row in enumerate(data.get(table, []), 1):
            rows.append({**row, "where": f"{path.name} [[{table}]] #{n}"})
    return rows


ROWS = _load("row")
IMPLIED = _load("implied")


def _row_id(row: dict[str, Any]) -> str:
    target = row.get("yaku") or row.get("gate") or row.get("shape")
    # The yaku ID first, so bench/mutation.py's "-k 3-NN-" selects a section's rows.
    section = row.get("yaku") or _section_of(row)
    return f"{section}@{row['where']}" if section != target else f"{target}@{row['where']}"


def _section_of(row: dict[str, Any]) -> str:
    if "gate" in row:
        return "3-" + row["gate"][3:] + "-gate"
    users = sorted(decompose.SHAPE_USERS.get(row.get("shape", ""), ()))
    return (users[0] + "-shape") if users else str(row.get("shape"))


def _win(row: dict[str, Any]) -> Win:
    obj = {k: v for k, v in row.items() if k not in (*TARGET_KEYS, "lacks", "where")}
    return Win.from_json(obj)


def _filter(row: dict[str, Any]):
    if "yaku" in row:
        return registry.BODIES[row["yaku"]].prefilter
    if "gate" in row:
        return registry.GATES[f"yakubook.engine.bodies.{row['gate']}"]
    return decompose.SHAPE_CONDITIONS[row["shape"]]


def _bodies(row: dict[str, Any]) -> list[registry.Body]:
    if "yaku" in row:
        return [registry.BODIES[row["yaku"]]]
    if "gate" in row:
        module = f"yakubook.engine.bodies.{row['gate']}"
        return [b for b in registry.BODIES.values() if b.fn.__module__ == module]
    return [registry.BODIES[y] for y in sorted(decompose.SHAPE_USERS[row["shape"]])]


def test_rows_are_well_formed():
    assert ROWS, "no rows in tests/yaku/filter_rows"
    for row in ROWS:
        targets = [k for k in TARGET_KEYS if k in row]
        assert len(targets) == 1, f"{row['where']}: name exactly one of {TARGET_KEYS}"
        assert str(row.get("lacks", "")).strip(), f"{row['where']}: say what the hand lacks"
        assert _filter(row) is not None, f"{row['where']}: {row[targets[0]]} has no filter"


@pytest.mark.parametrize("row", ROWS, ids=[_row_id(r) for r in ROWS])
def test_the_filter_rejects_a_hand_the_rule_rules_out(row):
    win = _win(row)
    assert not _filter(row)(win), f"{row['where']}: the filter passes a hand lacking {row['lacks']}"
    # The rule agrees: nothing behind the filter awards this hand, on any reading (the
    # shape's own readings included) under any option.
    kinds = decompose.registered_shapes()
    views = [HandView(win, i) for four in (False, True)
             for i in interpretations(win, four, kinds)]
    for body in _bodies(row):
        for opts in option_variants(body.id):
            awarded = [v for v in views if body.fn(v, opts) is not None]
            assert not awarded, f"{row['where']}: {body.id} holds on it, so the row is wrong"
    if "shape" in row:
        finder = decompose._SHAPES[row["shape"]]
        assert not tuple(finder(win, win.concealed_counts)), f"{row['where']}: shape found"


SELECTED_ROWS = [r for r in ROWS if "shape" not in r]


@pytest.mark.parametrize("row", SELECTED_ROWS, ids=[_row_id(r) for r in SELECTED_ROWS])
def test_the_selectors_row_rejects_it_too(row):
    """Under the C engine a gate or prefilter runs as a row of the selector's program
    (yakubook/engine/selector_rows.py): that row, in Python and in C, rejects the hand."""
    win = _win(row)
    program = filter_program(_filter(row))
    assert select_rows_py(win, program) == [], f"{row['where']}: the row passes it"
    if speedups is not None:
        run = speedups.compile_rows(program.fields, program.rows, lambda w: None)
        assert run(win) == [], f"{row['where']}: C passes"


def _conjuncts(test) -> list[tuple[str, Any]] | None:
    """A filter written as ``a and b and …``: each condition as (source, test of a Win).
    Read the way the selector inlines it (yakubook.engine.inline); None for any other filter."""
    found = _find(test, {})
    if found is None:
        return None
    expr, arg, values = found
    if not (isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.And)):
        return None
    out = []
    for value in expr.values:
        source = ast.unparse(value)
        code = compile(f"lambda {arg}: {source}", "<conjunct>", "eval")
        out.append((source, eval(code, {**values, "__builtins__": __builtins__})))
    return out


def _filters() -> dict[str, dict[tuple[str, str], Any]]:
    """Per body module: its filters, keyed (target key, target)."""
    out: dict[str, dict[tuple[str, str], Any]] = {}
    for yid, body in registry.BODIES.items():
        if body.prefilter is not None:
            out.setdefault(body.fn.__module__, {})[("yaku", yid)] = body.prefilter
    for module, gate in registry.GATES.items():
        out.setdefault(module, {})[("gate", module.rsplit(".", 1)[1])] = gate
    for kind, when in decompose.SHAPE_CONDITIONS.items():
        module = decompose._SHAPES[kind].__module__
        out.setdefault(module, {})[("shape", kind)] = when
    return out


FILTERS = _filters()
MODULES = sorted(FILTERS)


def _holds(condition: Any, win: Win) -> bool | None:
    """The condition's verdict; None where it cannot be asked alone (a condition after a
    guard such as ``w.turn is not None`` raises on the hands the guard keeps out)."""
    try:
        return bool(condition(win))
    except TypeError:
        return None


def _key(entry: dict[str, Any]) -> tuple[str, str]:
    return next((k, entry[k]) for k in TARGET_KEYS if k in entry)


@pytest.fixture(scope="module")
def row_wins() -> dict[tuple[str, str], list[Win]]:
    """Per filter (target key, target): the wins of its rows."""
    rows: dict[tuple[str, str], list[Win]] = {}
    for row in ROWS:
        rows.setdefault(_key(row), []).append(_win(row))
    return rows


@pytest.fixture(scope="module")
def corpus(row_wins) -> list[Win]:
    """Every row's hand and 1,500 seeded random wins: where an implied condition could be
    seen failing alone."""
    from bench.evaluate_vs_mahjong import random_win

    rng = random.Random(20261202)
    return [w for wins in row_wins.values() for w in wins] + [
        random_win(rng) for _ in range(1500)]


@pytest.mark.parametrize("module", MODULES, ids=[m.rsplit(".", 1)[1] for m in MODULES])
def test_every_filter_has_rows_and_every_condition_is_seen_to_matter(module, row_wins,
                                                                     corpus):
    rows = row_wins
    implied = {(_key(e), e["condition"]): e for e in IMPLIED}
    filters = FILTERS[module]
    problems = [f"{k} {t}: no row" for k, t in sorted(set(filters) - set(rows))]
    for key, test in sorted(filters.items()):
        parts = _conjuncts(test) or []
        for i, (source, part) in enumerate(parts):
            others = [p for j, (_, p) in enumerate(parts) if j != i]
            alone = [w for w in (corpus if (key, source) in implied else rows.get(key, []))
                     if _holds(part, w) is False and all(_holds(p, w) for p in others)]
            entry = implied.pop((key, source), None)
            if entry is not None:
                assert str(entry.get("reason", "")).strip(), f"{entry['where']}: no reason"
                if alone:
                    problems.append(f"{entry['where']}: {source} fails alone on {alone[0]}")
            elif not alone and key in rows:
                problems.append(f"{key[0]} {key[1]}: no row fails only on {source}")
    stale = [e["where"] for (key, _), e in implied.items() if key in filters]
    problems += [f"{where}: names no condition of its filter" for where in stale]
    assert not problems, "\n".join(problems)
