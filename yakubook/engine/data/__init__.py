"""The catalog data the engine reads, wherever the engine is installed.

The wheel carries copies of the build's outputs in this package (setup.py puts
``catalog.json``, ``families.toml``, ``names.toml`` and ``STATUS.json`` here), read with
``importlib.resources``; in the checkout they are read from ``catalog/`` through the
``catalog`` package (yakubook/checkout.py makes it importable), so the engine, the build and the
tests share one cached catalog.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

from yakubook import checkout

# The files setup.py copies from catalog/ into this package.
FILES = ("catalog.json", "families.toml", "names.toml", "STATUS.json")


def _folder() -> str | None:
    """This package's folder when it is one on disk (not inside a zip): the files are then
    read without importlib.resources, whose import and what it imports took ~7 ms of the
    engine's start (issue #38)."""
    here = os.path.dirname(__file__)
    return here if os.path.isdir(here) else None


def packaged() -> bool:
    """Whether this is an installed wheel (the data sits in this package) or the checkout."""
    folder = _folder()
    if folder is not None:
        return os.path.isfile(os.path.join(folder, "catalog.json"))
    from importlib import resources

    return resources.files(__name__).joinpath("catalog.json").is_file()


def read_text(name: str) -> str:
    """One of FILES as text, from the package or else from the checkout's catalog/."""
    if name not in FILES:
        raise ValueError(f"{name!r} is not one of the engine's data files {FILES}")
    if packaged():
        folder = _folder()
        if folder is not None:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                return f.read()
        from importlib import resources

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
