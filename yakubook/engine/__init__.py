"""The engine: tiles, hands, situations, rulesets, evaluation, scoring and the bodies.

The top-level ``yakubook`` package's names but ``score`` (here the name of the scoring
module), loaded lazily, so the low-level modules import without the generated code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yakubook.engine.award import Award
    from yakubook.engine.evaluation import Result, evaluate
    from yakubook.engine.rules import Ruleset
    from yakubook.engine.win import Win
    from yakubook.errors import InputError

__all__ = ["Award", "InputError", "Result", "Ruleset", "Win", "evaluate"]

# name -> the module defining it, imported on first use
_HOMES = {
    "Award": "yakubook.engine.award",
    "InputError": "yakubook.errors",
    "Result": "yakubook.engine.evaluation",
    "Ruleset": "yakubook.engine.rules",
    "Win": "yakubook.engine.win",
    "evaluate": "yakubook.engine.evaluation",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'yakubook.engine' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
