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


import pytest  # noqa: E402

from yaku import decompose  # noqa: E402


@pytest.fixture(autouse=True)
def _builtin_shapes_only():
    """The engine core is compared with the `mahjong` library, which knows only the
    built-in shapes: the irregular shapes that body modules register (when another test
    module loaded them) stay out of these tests and come back afterwards."""
    saved = dict(decompose._SHAPES)
    decompose._SHAPES.clear()
    try:
        yield
    finally:
        decompose._SHAPES.clear()
        decompose._SHAPES.update(saved)
