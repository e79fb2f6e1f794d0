"""yakubook: the compendium of riichi mahjong local yaku as a library and a command line.

The public API, imported lazily (``import yakubook`` loads nothing else until a name is
used, so the low-level modules such as ``yakubook.bounded`` import on their own)::

    from yakubook import evaluate, score, Win, Ruleset

    win = Win.make("55666777888999m", "9m", tsumo=True, seat_wind=28)
    result = evaluate(win, Ruleset.load(None), score=True)

- ``evaluate(win, ruleset=None, score=False) -> Result``: the local yaku of the best
  reading (``Result.yaku``, ``Award``s) and, with ``score``, what the hand is worth;
- ``score(win, ruleset=None) -> Score | None``: the score alone;
- ``Win`` (a winning hand and its situation) and ``Ruleset`` (house rules) build the inputs;
- bad input raises ``InputError`` with a one-line message.

Layout: ``yakubook.engine`` (tiles, hands, situations, rulesets, evaluation, scoring, the
hand-written bodies and the C accelerator beside the pure Python), ``yakubook.generated``
(the generated stubs and option types: the checkout's ``generated/`` folder),
``yakubook.bounded`` and ``yakubook.errors`` (the bounded reader and the error type, at the
bottom: the engine, the catalog and the CLI all use them), and ``yakubook.cli`` (the
command line, a thin composition root over the checkout's build stages and the engine).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yakubook.engine.award import Award
    from yakubook.engine.evaluation import Result, evaluate, score
    from yakubook.engine.rules import Ruleset
    from yakubook.engine.score import Score
    from yakubook.engine.win import Win
    from yakubook.errors import InputError

# In a checkout the generated stubs are the generated/ folder beside this package; an
# install (wheel or editable) maps them to yakubook.generated (pyproject.toml's
# package-dir). Run straight from a checkout (PYTHONPATH, a build's scratch copy), the
# package also looks in its checkout's root, so yakubook.generated is that tree's own.
_HERE = os.path.dirname(os.path.abspath(__file__))
_CHECKOUT = os.path.dirname(_HERE)
if os.path.isfile(os.path.join(_CHECKOUT, "generated", "__init__.py")) and not os.path.isdir(
    os.path.join(_HERE, "generated")
):
    __path__.append(_CHECKOUT)

__all__ = ["Award", "InputError", "Result", "Ruleset", "Score", "Win", "evaluate", "score"]

# name -> the module defining it, imported on first use
_HOMES = {
    "Award": "yakubook.engine.award",
    "InputError": "yakubook.errors",
    "Result": "yakubook.engine.evaluation",
    "Ruleset": "yakubook.engine.rules",
    "Score": "yakubook.engine.score",
    "Win": "yakubook.engine.win",
    "evaluate": "yakubook.engine.evaluation",
    "score": "yakubook.engine.evaluation",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'yakubook' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
