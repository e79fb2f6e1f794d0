"""The yaku engine: tiles, hands, situations, rulesets, evaluation and the bodies.

The public API is ``__all__`` (and the README's "Evaluating a hand"):
``yaku.evaluate(win, ruleset=None)`` returns a ``Result`` (``.yaku``: the ``Award``s,
``.to_json()``: what ``yakubook evaluate --json`` prints); ``yaku.Win`` and ``yaku.Ruleset``
build its inputs; bad input raises ``yaku.InputError``. The generated option types are in
``yaku.generated``. They load lazily, so the low-level modules import without the generated
code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yaku.award import Award
    from yaku.errors import InputError
    from yaku.evaluation import Result, evaluate
    from yaku.rules import Ruleset
    from yaku.win import Win

__all__ = ["Award", "InputError", "Result", "Ruleset", "Win", "evaluate"]

# name -> the module defining it, imported on first use
_HOMES = {
    "Award": "yaku.award",
    "InputError": "yaku.errors",
    "Result": "yaku.evaluation",
    "Ruleset": "yaku.rules",
    "Win": "yaku.win",
    "evaluate": "yaku.evaluation",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'yaku' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
