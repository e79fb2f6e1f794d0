"""kept.clear empties every table and cache the engine keeps from hand to hand.

The benchmark empties them before each trial (as it empties mahjong's cache), so a table
left out of the registry would let our side start a trial warm. The tables are found in
the engine's source, not listed here: a module-level name that code bounds with
``if len(NAME) >= …`` (the tables start again when full), and every ``lru_cache`` with a
size. Each must fill when hands are evaluated (so the search finds live tables) and be
empty after ``clear``.
"""

from __future__ import annotations

import ast
import importlib
import random
import sys
from pathlib import Path

from yakubook.engine import _accel, kept, registry
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win
from yakubook.errors import InputError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hands import random_win

ENGINE = Path(__file__).resolve().parents[2] / "yakubook" / "engine"
# lru_caches of a ruleset's setup, not of hands: kept for the process on purpose.
SETUP_CACHES = {("evaluation", "_compiled")}


def _kept_names() -> list[tuple[str, str]]:
    """(module, name) of each bounded table and sized lru_cache in the engine's source."""
    found: set[tuple[str, str]] = set()
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = path.stem
        for node in ast.walk(tree):
            if (isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.GtE)
                    and isinstance(node.left, ast.Call)
                    and isinstance(node.left.func, ast.Name) and node.left.func.id == "len"
                    and isinstance(node.left.args[0], ast.Name)
                    and node.left.args[0].id.startswith("_")
                    and node.left.args[0].id.lstrip("_").isupper()):
                found.add((module, node.left.args[0].id))
            if isinstance(node, ast.FunctionDef):
                for deco in node.decorator_list:
                    if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name)
                            and deco.func.id == "lru_cache"
                            and (module, node.name) not in SETUP_CACHES):
                        found.add((module, node.name))
    return sorted(found)


def _size(module: str, name: str) -> int:
    obj = getattr(importlib.import_module(f"yakubook.engine.{module}"), name)
    return obj.cache_info().currsize if hasattr(obj, "cache_info") else len(obj)


def _fill() -> None:
    """Evaluate and score enough hands to reach every table: random wins (melds, dora,
    the standard yaku's names as a report asks them),
    a South-North war hand (1861 and 1865 beside the winds) for nanboku_suits, and a
    local yaku that is not plain for the names of a reading counted in full."""
    registry.load_bodies()
    ruleset = Ruleset.default()
    rng = random.Random(38)
    for _ in range(400):
        obj = random_win(rng).to_json()
        try:  # a dora indicator that would be a fifth tile is refused: try the next
            win = Win.from_json(obj | {"dora": rng.choice(("1m", "4z", "9s"))})
        except InputError:
            win = Win.from_json(obj)
        evaluate(win, ruleset, score=True).standard  # noqa: B018 (the names are worked out)
    evaluate(Win.from_json({"hand": "11156688m222444z", "win": "1m"}), ruleset, score=True)
    # a local yaku that takes a standard one out (3-02-02 takes ippatsu): counted in full
    evaluate(Win.from_json({"hand": "123567m456p789s11z", "win": "5m", "riichi": "riichi",
                            "ippatsu": True, "discarder": "next"}), ruleset, score=True)


def test_the_search_finds_the_engines_tables() -> None:
    names = _kept_names()
    # the ones known when this was written; a rename must be found again, not lost
    for known in [("decompose", "_PAIR_PARTS"), ("decompose", "_HONOR_PARTS"),
                  ("registry", "_AWARDS"), ("score", "_HAN_OF"), ("score", "_DORA_WORTH"),
                  ("melds", "_parse_meld_text"), ("shapes", "nanboku_suits")]:
        assert known in names
    registered = []
    for module, name in names:
        obj = getattr(importlib.import_module(f"yakubook.engine.{module}"), name)
        registered.append(obj.cache_clear if hasattr(obj, "cache_clear") else obj.clear)
    # every one registered, and nothing else (each import above has run its registration)
    assert all(clear in kept._CLEARS for clear in registered), names
    assert len(kept._CLEARS) == len(registered)


def test_clear_empties_every_table() -> None:
    # both engines: some tables only one of them fills (the C engine reads suits itself;
    # the pure engine's scoring names a reading's standard yaku in one pass without them)
    engines = ["python"] + ["c"] * (_accel.speedups is not None)
    was = _accel.ENGINE
    filled = {}
    names = _kept_names()
    try:
        for engine in engines:
            _accel.use(engine)
            kept.clear()
            _fill()
            filled[engine] = {key: _size(*key) for key in names}
    finally:
        _accel.use(was)
    reached = {key for key in names if any(sizes[key] for sizes in filled.values())}
    assert reached == set(names), filled
    kept.clear()
    assert {key: _size(*key) for key in names} == dict.fromkeys(names, 0)
