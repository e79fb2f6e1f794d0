"""The tables the engine keeps from hand to hand, and one call that empties them all.

Readings of a suit's pattern, han of a set of yaku names, awards of an option: each is
worked out once and kept, bounded, in a table that starts again when full (the modules
that fill them say what each holds). ``clear`` empties every one, so that a run starts
as a fresh process's would: the benchmarks empty ours before each trial as they empty
mahjong's cache (tests/yaku/test_kept.py finds every bounded table and cache of the
engine and checks that ``clear`` empties it).

This module imports nothing of the engine: the lowest modules register their tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_Table = TypeVar("_Table", bound=dict[Any, Any])
_Cached = TypeVar("_Cached")

_CLEARS: list[Callable[[], None]] = []


def table(kept: _Table) -> _Table:
    """Register a module's table (a dict it bounds itself); return it."""
    _CLEARS.append(kept.clear)
    return kept


def cache(fn: _Cached) -> _Cached:
    """Register an ``lru_cache``-wrapped function (apply above the ``lru_cache``)."""
    _CLEARS.append(fn.cache_clear)  # type: ignore[attr-defined]
    return fn


def clear() -> None:
    """Empty every table and cache the engine keeps from hand to hand."""
    for clear_one in _CLEARS:
        clear_one()
