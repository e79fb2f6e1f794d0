"""Import paths for the engine tests, whatever pytest's import mode.

The repository root makes ``yaku`` importable when the package is not installed; this
directory makes the shared hand generator ``engine_hands`` importable under
``--import-mode=importlib``, which does not put test directories on sys.path.
"""

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
for _path in (str(_HERE.parents[1]), str(_HERE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402

import pytest  # noqa: E402

from yakubook.engine import decompose, registry  # noqa: E402


@contextmanager
def builtin_shapes_only() -> Iterator[None]:
    """The built-in shapes alone inside; every registered shape back afterwards.

    The body modules register their irregular shapes when they are first imported, which
    happens once per process. They are imported here first: a body module first loaded
    inside (an engine test that evaluates under a ruleset) would register into the
    emptied table, and its shapes would be gone for every later test of the process (seen:
    a house-rules browser test on the same pytest worker then found 南北戰爭(2)'s hand "not
    a complete hand in any known shape"). Registering and unregistering go through
    decompose's functions, so the version that rulesets' cached shape selectors check moves.
    """
    registry.load_bodies()
    saved = [
        (kind, finder, decompose.SHAPE_USERS.get(kind, ()), decompose.SHAPE_CONDITIONS.get(kind))
        for kind, finder in decompose._SHAPES.items()
    ]
    for kind, *_ in saved:
        decompose.unregister_shape(kind)
    try:
        yield
    finally:
        for kind in decompose.registered_shapes():
            decompose.unregister_shape(kind)
        for kind, finder, users, when in saved:
            decompose.register_shape(kind, finder, users, when)


@pytest.fixture(autouse=True)
def _builtin_shapes_only():
    """The engine core is compared with the `mahjong` library, which knows only the
    built-in shapes: the irregular shapes that body modules register stay out of these
    tests and come back afterwards."""
    with builtin_shapes_only():
        yield
