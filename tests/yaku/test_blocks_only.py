"""Bodies that say they read only a reading's blocks (``implements(..., blocks_only=True)``).

``evaluate`` gives a reading the answer such a body gave the reading before it when the
two share their blocks (the winning tile in another block: a one-suit hand has ~3.7
readings over ~2 sets of blocks), so a body that says so must answer every such reading
the same. Checked three ways: its source, with the module helpers it calls, reads none
of what differs between them; on hands with several readings over one set of blocks,
under every option variant, it answers each the same; and evaluate answers the same
with the reuse and without.
"""

from __future__ import annotations

import ast
import inspect
import random
import sys
from pathlib import Path

import pytest

from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import _hand_parts, evaluate, prepare
from yakubook.engine.rules import Ruleset, option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.evaluate_vs_mahjong import make_mix  # noqa: E402

# What differs between two readings of one set of blocks, as a body would read it.
READING_ONLY = {"wait", "winning_block", "win_block", "concealed_triplets", "ron_opened", "interp"}
# Standard yaku that read only the tiles or the kind and blocks (yakubook/engine/standard.py).
BLOCK_STANDARD = {"chiniisou", "honiisou", "junchan", "ryanpeikou", "toitoi"}


def _blocks_only() -> list[registry.Body]:
    registry.load_bodies()
    return [b for b in registry.BODIES.values() if b.blocks_only]


def _reads(fn) -> tuple[set[str], set[str]]:
    """The attributes the body and the module helpers it calls read, and the standard
    yaku it asks ``std`` for (a non-literal name counts as ``?``)."""
    module = sys.modules[fn.__module__]
    tree = ast.parse(inspect.getsource(module))
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    attrs: set[str] = set()
    asked: set[str] = set()
    seen: set[str] = set()
    todo = [fn.__name__]
    while todo:
        name = todo.pop()
        if name in seen or name not in funcs:
            continue
        seen.add(name)
        for node in ast.walk(funcs[name]):
            if isinstance(node, ast.Attribute):
                attrs.add(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                todo.append(node.func.id)
            is_method = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if is_method and node.func.attr == "std":
                arg = node.args[0] if node.args else None
                asked.add(arg.value if isinstance(arg, ast.Constant) else "?")
    return attrs, asked


def test_some_bodies_say_so():
    assert len(_blocks_only()) >= 15


@pytest.mark.parametrize("body", _blocks_only(), ids=lambda b: b.id)
def test_the_source_reads_only_the_blocks(body):
    attrs, asked = _reads(body.fn)
    assert not attrs & READING_ONLY, (body.id, attrs & READING_ONLY)
    assert asked <= BLOCK_STANDARD, (body.id, asked - BLOCK_STANDARD)


def _shared_block_readings(n: int) -> list[tuple[Win, list]]:
    """Hands with two or more readings over one set of blocks: one-suit hands (the bench's
    mix) and a few written out."""
    hands = make_mix("one-suit, many readings", n, 3808)
    hands += [
        {"hand": "11122233344455m", "win": "2m"},
        {"hand": "11122233344455m", "win": "2m", "tsumo": True},
        {"hand": "12312312345655p", "win": "3p"},
        {"hand": "22233344455577s", "win": "4s", "melds": []},
        {"hand": "11123456789999m", "win": "5m", "tsumo": True},
        {"hand": "22334455667788m", "win": "5m"},
    ]
    out = []
    for obj in hands:
        win = Win.from_json(obj)
        readings = interpretations(win)
        groups: dict = {}
        for r in readings:
            groups.setdefault((r.kind, r.blocks), []).append(r)
        shared = [g for g in groups.values() if len(g) > 1]
        if shared:
            out.append((win, shared))
    return out


def test_each_answers_the_readings_of_one_set_of_blocks_the_same():
    hands = _shared_block_readings(160)
    assert len(hands) > 100
    rng = random.Random(38)
    for body in _blocks_only():
        variants = option_variants(body.id)
        if len(variants) > 24:
            variants = rng.sample(variants, 24)
        fn = body.fn
        kwargs = {"inclusive": True} if "inclusive" in body.context else {}
        for win, shared in hands:
            for group in shared:
                for opts in variants:
                    answers = set()
                    for reading in group:
                        try:
                            answers.add(repr(fn(HandView(win, reading), opts, **kwargs)))
                        except Exception as error:  # a 無 option may raise: the same each time
                            answers.add(f"raises {type(error).__name__}")
                    assert len(answers) == 1, (body.id, win.to_json(), group, opts, answers)


@pytest.mark.parametrize("ruleset", [None, "small-house.toml"])
def test_evaluate_answers_the_same_without_the_reuse(ruleset):
    rs = prepare(Ruleset.from_toml((ROOT / "rulesets" / ruleset).read_text()) if ruleset else None)
    parts = _hand_parts(rs)
    assert parts.blocks_only
    for win, _ in _shared_block_readings(120):
        reused = evaluate(win, rs, score=True)
        object.__setattr__(rs, "_hand_parts", parts._replace(blocks_only=frozenset()))
        try:
            plain = evaluate(win, rs, score=True)
        finally:
            object.__setattr__(rs, "_hand_parts", parts)
        assert reused.to_json() == plain.to_json(), win.to_json()
        assert reused.interpretation == plain.interpretation and reused.total == plain.total
