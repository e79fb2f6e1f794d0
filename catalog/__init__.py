"""Typed access to catalog/catalog.json and its curated companions (names, examples)."""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CATALOG_PATH = HERE / "catalog.json"
NAMES_PATH = HERE / "names.toml"

# Keys that say where an element came from rather than what it says: a fingerprint must not
# change when an unrelated edit moves a yaku to other line numbers.
_PROVENANCE = {"source", "repairs", "line", "lines", "column"}


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _strip(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _strip(v) for k, v in obj.items() if k not in _PROVENANCE}
    if isinstance(obj, list):
        return [_strip(v) for v in obj]
    return obj


def without_provenance(obj: Any) -> Any:
    """The content of catalog elements without where they came from."""
    return _strip(obj)


def entry(nodes: list[dict[str, Any]], yaku_id: str) -> list[dict[str, Any]]:
    """A yaku's catalog entry: its node and the rule questions under it, in source order."""
    return [
        n for n in nodes if n["id"] == yaku_id or (n.get("yaku") == yaku_id and n["kind"] == "rule")
    ]


def fingerprint(nodes: list[dict[str, Any]], yaku_id: str) -> str:
    return hashlib.sha256(canonical_json(_strip(entry(nodes, yaku_id))).encode()).hexdigest()


def fingerprints(nodes: list[dict[str, Any]]) -> dict[str, str]:
    return {n["id"]: fingerprint(nodes, n["id"]) for n in nodes if n["kind"] == "yaku"}


@dataclass(frozen=True)
class Name:
    zh: str
    slug: str
    romaji: str
    en: str


def fallback_slug(yaku_id: str) -> str:
    return "yaku_" + yaku_id.replace("-", "_")


def parse_names(text: str) -> dict[str, Name]:
    data = tomllib.loads(text)
    return {
        k: Name(v.get("zh", ""), v["slug"], v.get("romaji", v["slug"]), v.get("en", ""))
        for k, v in data.items()
    }


@cache
def load() -> dict[str, Any]:
    return json.loads(CATALOG_PATH.read_text(encoding="utf-8"))


@cache
def names() -> dict[str, Name]:
    return parse_names(NAMES_PATH.read_text(encoding="utf-8"))


EXAMPLES_PATH = HERE / "examples.toml"
EXAMPLE_KEYS = {
    "yaku", "hand", "win", "melds", "situation", "options", "holds", "note", "case", "awards"
}


def parse_examples(text: str, where: str = "examples.toml") -> list[dict[str, Any]]:
    """`[[example]]` tables: a hand, the options it needs, and whether the yaku holds."""
    data = tomllib.loads(text)
    out = []
    for i, ex in enumerate(data.get("example", []), start=1):
        unknown = set(ex) - EXAMPLE_KEYS
        missing = {"yaku", "hand", "win", "holds"} - set(ex)
        if unknown or missing:
            raise ValueError(
                f"{where}: example {i}: unknown {sorted(unknown)} missing {sorted(missing)}"
            )
        out.append(ex | {"where": f"{where} #{i}"})
    return out


def examples(root: Path | None = None) -> list[dict[str, Any]]:
    base = (root / "catalog") if root else HERE
    out: list[dict[str, Any]] = []
    files = [base / "examples.toml"] + sorted((base / "examples").glob("*.toml"))
    for path in files:
        if path.exists():
            out += parse_examples(path.read_text(encoding="utf-8"), path.name)
    return out
