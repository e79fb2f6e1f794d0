"""Checks the build runs on what the engine reads at run time, so that a bad file stops
the build (`file:line: what is wrong`, exit 2) instead of degrading pages or breaking
`evaluate` and the house-rules page later: catalog/families.toml against the new catalog,
every curated example through the engine's own input checks, and the body modules'
import."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import catalog as catalog_pkg
from catalog import CuratedError

FAMILIES = "catalog/families.toml"


def check_families(root: Path, cat: dict[str, Any]) -> None:
    from yakubook.engine.interplay import parse_families

    path = root / FAMILIES
    if path.exists():
        parse_families(catalog_pkg.read_text(path, FAMILIES), FAMILIES, cat["nodes"])


def example_win(ex: dict[str, Any]) -> dict[str, Any]:
    """An example as the JSON object `yakubook evaluate` and the pages give the engine."""
    obj = {"hand": ex["hand"], "melds": ex.get("melds", []), **ex.get("situation", {})}
    if "win" in ex:
        obj["win"] = ex["win"]
    if "tsumo" in ex:
        obj["tsumo"] = ex["tsumo"]
    return obj


def check_examples(docs: list[catalog_pkg.TomlDoc]) -> None:
    """Every example is a hand the engine accepts: a refused one (17 tiles, an impossible
    situation) would be published with the catalog's value as if it held."""
    from yakubook.engine.win import Win
    from yakubook.errors import InputError

    for doc in docs:
        for i, ex in enumerate(doc.data.get("example", [])):
            try:
                Win.from_json(example_win(ex))
            except InputError as e:
                raise doc.error(
                    ("example", i), f"example {i + 1}: the engine refuses it: {e}"
                ) from None


def check_bodies() -> None:
    """The body modules import: one that does not (a syntax error, a name it lacks) would
    leave every page without its code reading. Errors raised elsewhere (the registry's own
    checks, a body for a yaku the generated code does not know yet) are left to the
    stages, which can render without the engine."""
    from yakubook.engine import bodies, registry

    folder = Path(bodies.__path__[0]).resolve()
    try:
        registry.load_bodies()
    except SyntaxError as e:
        where = _body_file(folder, e.filename)
        if where is not None:
            message = f"the body module does not import: {e.msg}"
            raise CuratedError(where, e.lineno, message) from None
    except Exception as e:
        frame = traceback.extract_tb(e.__traceback__)[-1]
        where = _body_file(folder, frame.filename)
        if where is not None:
            message = catalog_pkg.excerpt(str(e))
            raise CuratedError(
                where,
                frame.lineno,
                f"the body module does not import: {type(e).__name__}: {message}",
            ) from None


def _body_file(folder: Path, filename: str | None) -> str | None:
    """`filename` as yakubook/engine/bodies/… when it is a body module, else None."""
    if not filename:
        return None
    path = Path(filename).resolve()
    if not path.is_relative_to(folder):
        return None
    return "yakubook/engine/bodies/" + path.relative_to(folder).as_posix()
