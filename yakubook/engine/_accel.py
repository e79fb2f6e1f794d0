"""Which engine runs: the C accelerator ``yakubook.engine._speedups`` beside the pure Python.

The Python in ``yakubook/engine/`` is the reference (and what Pyodide runs in the
browser); the C module (yakubook/engine/_speedups.c) does nine hot paths faster on
CPython, ``Win.from_json`` for plain wins, ``standard_block_sets``, a closed hand's
standard readings (``closed_interpretations``: its whole built-in answer when it can be
neither seven pairs nor thirteen orphans), ``standard_waits``, BACK FOUR's
``back_four_pairs`` and the score's ``set_yaku`` (a standard reading's set yaku),
``reading_facts`` (its set yaku, honor sets, fu and open blocks),
``appraise_standard`` (``appraise`` of a standard or seven-pairs reading with plain local
yaku, or ``appraise_key``'s key alone) and the check selector's rows
(``selector_rows``' ``compile_rows``: each gate's and prefilter's integer tests on a small
stack machine, the straight-line selector answering any hand it declines), and declines
anything else to the Python.
It is used when it was built (an optional extension: setup.py) and ``YAKUBOOK_PURE`` is
unset, empty or ``0``; otherwise everything runs in Python, silently. ``ENGINE`` says
which: ``"c"`` or ``"python"`` (``yakubook --version`` and ``yakubook evaluate --json``
report it).

This module is the one place the hooks are chosen, and it imports no engine module (so
there is no import circle): ``HOOKS`` names each hook, the hooked modules (win.py,
decompose.py, shapes.py, score.py, selector_rows.py) hold pure-Python defaults and end with
``install(__name__)``, and ``use()`` switches every hooked module loaded so far (a
ruleset's selector follows: evaluation's ``_hand_parts`` is made again when the hook it
was made under is not the one in place).
"""

from __future__ import annotations

import os
import sys
from types import ModuleType

# module -> {hook attribute: the C function it becomes}; under the Python engine a hook is
# the module's ``<attribute>_py`` function when it has one, else None (no fast path).
HOOKS: dict[str, dict[str, str]] = {
    "yakubook.engine.win": {"_FAST_FROM_JSON": "win_from_json"},
    "yakubook.engine.decompose": {
        "standard_block_sets": "standard_block_sets",
        "standard_waits": "standard_waits",
        "_FAST_STANDARD": "standard_interpretations",
        "_FAST_CLOSED": "closed_interpretations",
    },
    "yakubook.engine.shapes": {"_FAST_BACK_FOUR": "back_four_pairs"},
    "yakubook.engine.score": {
        "set_yaku": "set_yaku",
        "reading_facts": "reading_facts",
        "_FAST_APPRAISE": "appraise_standard",
    },
    "yakubook.engine.selector_rows": {"_COMPILE_ROWS": "compile_rows"},
}


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


def _connect(module: ModuleType) -> None:
    """Give the C side the Python objects it builds and falls back on, for one module."""
    assert speedups is not None
    name = module.__name__
    if name == "yakubook.engine.win":
        speedups.init_win(module._STATE, module.parse_meld, module.Meld)
    elif name == "yakubook.engine.decompose":
        speedups.init_blocks(module._BLOCKS, module.standard_block_sets_py,
                             module.standard_waits_py)
        speedups.init_interpretations(module.Interpretation)
    elif name == "yakubook.engine.shapes":
        speedups.init_back_four(module.back_four_pairs_py)
    elif name == "yakubook.engine.score":
        speedups.init_score(*module._c_appraisal_parts())


def _set_hooks(module: ModuleType, engine: str) -> None:
    for attr, c_name in HOOKS[module.__name__].items():
        if engine == "c":
            assert speedups is not None
            value = getattr(speedups, c_name)
        else:
            value = getattr(module, f"{attr}_py", None)
        setattr(module, attr, value)


def install(name: str) -> None:
    """Called by each hooked module as its last line: its hooks under the engine in use."""
    module = sys.modules[name]
    if speedups is not None:
        _connect(module)
    _set_hooks(module, ENGINE)


def use(engine: str) -> None:
    """Switch this process to ``"c"`` or ``"python"`` (the benchmark and the differential
    test run both engines in one process). Only the hooks of ``HOOKS`` change."""
    global ENGINE
    if engine not in ("c", "python"):
        raise ValueError(f"engine {engine!r}: 'c' or 'python'")
    if engine == "c" and speedups is None:
        raise RuntimeError("the C accelerator yakubook.engine._speedups is not loaded")
    ENGINE = engine
    for name in HOOKS:
        module = sys.modules.get(name)
        if module is not None:
            _set_hooks(module, engine)
