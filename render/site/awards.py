"""What each example awards, computed by the engine (the yaku's body, through the registry),
under the example's rule settings and each value option of its yaku.

The engine is the one of the build being rendered (render/site/engine.py): inside the
site stage, one that runs the generated code and catalog this build made. Without an
importable engine (a catalog under test that the generated code does not know) the pages say
the value from the catalog instead.
"""

from __future__ import annotations

from typing import Any

from render.site import engine


def example_awards(example: dict[str, Any]) -> list[tuple[str, dict[str, Any] | None]] | None:
    """(value letter, awarded value or None) for every value option that is not 無, the
    example's pinned rule options applied; None when the engine cannot evaluate it."""
    return engine.current().awards(example)
