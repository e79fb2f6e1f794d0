"""The checkout this package runs from, if any, and its stage folders on the import path.

An installed wheel is the engine and the CLI alone. In a checkout (an editable install,
``make``'s), the CLI's ``build``, ``new-body``, ``status`` and ``serve`` and the engine's
catalog reader also use the stage packages beside this one (``extract``, ``catalog``,
``render``): ``enter()`` makes them importable. The editable install itself maps only
``yakubook`` (and ``generated/`` as ``yakubook.generated``), so no stage folder becomes an
installed top-level name.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# yakubook/checkout.py -> the folder holding yakubook/ (through the links of a strict
# editable install: resolve() reaches the checkout's own file)
ROOT = Path(__file__).resolve().parent.parent


def is_checkout(root: Path = ROOT) -> bool:
    """Whether root is a checkout of the project (its sources and build stages are there)."""
    return (root / "sources" / "manifest.toml").is_file() and (root / "extract").is_dir()


def installed_checkout() -> Path | None:
    """The folder an editable install of yakubook was made from (its direct_url.json)."""
    # imported here: importlib.metadata alone took ~20 ms of the engine's import (#38)
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    try:
        text = metadata.distribution("yakubook").read_text("direct_url.json")
        info = json.loads(text or "{}")
    except (metadata.PackageNotFoundError, ValueError, OSError):
        return None
    url = info.get("url", "") if isinstance(info, dict) else ""
    if not url.startswith("file://") or not info.get("dir_info", {}).get("editable"):
        return None
    return Path(unquote(urlparse(url).path))


def enter(root: Path = ROOT) -> Path:
    """Make the checkout's stage packages importable: root and this package's checkout,
    those that hold the stages, else the editable install's folder, go at the end of
    sys.path (what the path already finds first stays first: a build's engine worker
    puts its staging folder before them)."""
    holding = [folder for folder in (root, ROOT) if (folder / "extract").is_dir()]
    if not holding:  # only then the editable install's (importlib.metadata: ~20 ms, #38)
        folder = installed_checkout()
        holding = [folder] if folder is not None and (folder / "extract").is_dir() else []
    for folder in holding:
        entry = str(folder)
        if entry not in sys.path:
            sys.path.append(entry)
    return root
