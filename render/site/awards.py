"""What each example awards, computed by the engine (the yaku's body, through the registry),
under the example's rule settings and each value option of its yaku.

Rendering reads the engine like it reads the bodies' docstrings: lazily, after `yakubook
build` has written generated/ and the status stage has imported the bodies. Without an
importable engine (a catalog under test that the generated code does not know) the pages say
the value from the catalog instead.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def example_awards(example: dict[str, Any]) -> list[tuple[str, dict[str, Any] | None]] | None:
    """(value letter, awarded value or None) for every value option that is not 無, the
    example's pinned rule options applied; None when the engine cannot evaluate it."""
    try:
        import generated
        from yaku import registry
        from yaku.award import is_none, rank
        from yaku.decompose import interpretations
        from yaku.view import HandView
        from yaku.win import Win
    except Exception:  # the engine is optional for rendering
        return None
    yid = example["yaku"]
    info = generated.REGISTRY.get(yid)
    if info is None or yid not in registry.BODIES:
        return None
    try:
        registry.load_bodies()
        obj = {"hand": example["hand"], "win": example["win"],
               "melds": example.get("melds", []), **example.get("situation", {})}
        if "tsumo" in example:
            obj["tsumo"] = example["tsumo"]
        win = Win.from_json(obj)
        changes = {}
        for rule_id, letter in example.get("options", {}).items():
            field, menu, _ = info.rules[rule_id]
            changes[field] = next(m for m in menu if m.letter == letter)
        base = dataclasses.replace(info.options(), **changes)
        out: list[tuple[str, dict[str, Any] | None]] = []
        views = [HandView(win, i) for i in interpretations(win)]
        for menu_item in type(base.value):
            if is_none(info.values[menu_item.letter]):
                continue
            opts = dataclasses.replace(base, value=menu_item)
            awards = [a for a in (registry.call(yid, v, opts) for v in views) if a is not None]
            best = max(awards, key=lambda a: rank(a.value)) if awards else None
            out.append((menu_item.letter, dict(best.value) if best else None))
        return out
    except Exception:  # an example the engine rejects is shown without computed awards
        return None
