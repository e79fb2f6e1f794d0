"""The catalog data the engine reads, wherever the engine is installed.

The wheel carries copies of the build's outputs in this package (setup.py puts
``catalog.json``, ``families.toml``, ``names.toml`` and ``STATUS.json`` here), read with
``importlib.resources``; in the checkout they are read from ``catalog/`` through the
``catalog`` package (yakubook/checkout.py makes it importable), so the engine, the build and the
tests share one cached catalog.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from yakubook import checkout

# The files setup.py copies from catalog/ into this package.
FILES = ("catalog.json", "families.toml", "names.toml", "STATUS.json")


def packaged() -> bool:
    """Whether this is an installed wheel (the data sits in this package) or the checkout."""
    return resources.files(__name__).joinpath("catalog.json").is_file()


def read_text(name: str) -> str:
    """One of FILES as text, from the package or else from the checkout's catalog/."""
    if name not in FILES:
        raise ValueError(f"{name!r} is not one of the engine's data files {FILES}")
    if packaged():
        return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    checkout.enter()
    import catalog

    return (catalog.HERE / name).read_text(encoding="utf-8")


@cache
def _packaged_catalog() -> dict[str, Any]:
    return json.loads(read_text("catalog.json"))


def load_catalog() -> dict[str, Any]:
    """catalog.json, parsed once."""
    if packaged():
        return _packaged_catalog()
    checkout.enter()
    import catalog

    return catalog.load()
