"""The yaku engine: tiles, hands, situations, rulesets, evaluation and the bodies.

`yaku.evaluate(win, ruleset=None)` is the Python API; `yaku.Win` and `yaku.Ruleset` build
its inputs. They load lazily, so the low-level modules import without the generated code.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Ruleset", "Win", "evaluate"]


def __getattr__(name: str) -> Any:
    if name == "evaluate":
        from yaku.evaluation import evaluate

        return evaluate
    if name == "Ruleset":
        from yaku.rules import Ruleset

        return Ruleset
    if name == "Win":
        from yaku.win import Win

        return Win
    raise AttributeError(name)
