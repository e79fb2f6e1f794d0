"""Which engine runs: the C accelerator ``yakubook.engine._speedups`` beside the pure-Python engine.

The Python in ``yakubook/engine/`` is the reference (and what Pyodide runs in the browser); the C
module (yakubook/engine/_speedups.c) does five hot paths faster on CPython, ``Win.from_json`` for
plain wins, ``standard_block_sets``, a closed hand's standard readings, ``standard_waits``
and BACK FOUR's ``back_four_pairs``, and declines anything else to the Python. It is used
when it was built (an optional extension: setup.py) and ``YAKUBOOK_PURE`` is unset, empty
or ``0``; otherwise everything runs in Python, silently. ``ENGINE`` says which: ``"c"``
or ``"python"`` (``yakubook --version`` and ``yakubook evaluate --json`` report it).
"""

from __future__ import annotations

import os
from types import ModuleType


def _load() -> ModuleType | None:
    if os.environ.get("YAKUBOOK_PURE", "") not in ("", "0"):
        return None
    try:
        from yakubook.engine import _speedups  # type: ignore[attr-defined]
    except ImportError:  # not built (no compiler at install time), or Pyodide
        return None
    return _speedups


speedups: ModuleType | None = _load()
ENGINE: str = "python" if speedups is None else "c"


def use(engine: str) -> None:
    """Switch this process to ``"c"`` or ``"python"`` (the benchmark and the differential
    test run both engines in one process). Only the hooks change: win.py's
    ``_FAST_FROM_JSON``, decompose.py's ``standard_block_sets``, ``standard_waits`` and
    ``_FAST_STANDARD``, and shapes.py's ``_FAST_BACK_FOUR``."""
    global ENGINE
    from yakubook.engine import decompose, shapes, win

    if engine == "c":
        if speedups is None:
            raise RuntimeError("the C accelerator yakubook.engine._speedups is not loaded")
        win._FAST_FROM_JSON = speedups.win_from_json
        decompose.standard_block_sets = speedups.standard_block_sets
        decompose.standard_waits = speedups.standard_waits
        decompose._FAST_STANDARD = speedups.standard_interpretations
        shapes._FAST_BACK_FOUR = speedups.back_four_pairs
    elif engine == "python":
        win._FAST_FROM_JSON = None
        decompose.standard_block_sets = decompose.standard_block_sets_py
        decompose.standard_waits = decompose.standard_waits_py
        decompose._FAST_STANDARD = None
        shapes._FAST_BACK_FOUR = None
    else:
        raise ValueError(f"engine {engine!r}: 'c' or 'python'")
    ENGINE = engine
