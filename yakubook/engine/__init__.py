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


def __getattr__(name: str) -> Any:
    # the top-level package knows where each name lives and imports it on first use
    if name not in __all__:
        raise AttributeError(f"module 'yakubook.engine' has no attribute {name!r}")
    import yakubook

    return getattr(yakubook, name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
