"""How local yaku interplay: nested entries and their parents, and supersession.

Everything here is data from the catalog and from catalog/families.toml, read once:

- ``PARENTS``: an entry that exists only under a condition on another yaku (the catalog's
  ``applies_if`` 如果有X, X being the yaku it is nested under) holds only when X is on; its
  body may ask for X's chosen options (``parent``); one whose option says it counts as X
  (認為是和X相同的役) is awarded X's value.
- ``FAMILIES`` and ``ALONE``: the curated table of catalog/families.toml.
- ``superseded``: the one supersession policy: the catalog's notes (包含…的翻數, 與…不復合)
  plus the families (unless a table awards both) plus the yaku allowed only alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from yakubook import bounded, generated
from yakubook.engine import data as catalog_data
from yakubook.engine.award import Award

_SUPERSEDING_NOTES = ("includes", "not_combined_with", "combines_and_not")


@dataclass(frozen=True)
class Parent:
    parent: str  # the yaku the entry is nested under
    condition: str  # the catalog's applies_if text (zh-Hant)
    counts_as: bool  # an option says it counts as the parent (it then gets its value)


@dataclass(frozen=True)
class Family:
    larger: str
    smaller: str
    why: str
    why_zh: str = ""  # the reason in Chinese, for the Chinese edition's pages


def _parents(nodes: list[dict]) -> dict[str, Parent]:
    by_id = {n["id"]: n for n in nodes}
    out: dict[str, Parent] = {}
    for n in nodes:
        parent = by_id.get(n.get("parent") or "")
        if n["kind"] != "yaku" or parent is None or parent["kind"] != "yaku":
            continue
        names = {parent["name"][k] for k in ("zh-Hant", "zh-Hans", "source")}
        conditions = [c["zh-Hant"] for c in n["applies_if"]]
        if not any(name in c for c in conditions for name in names):
            continue
        counts_as = any(
            note["kind"] == "counts_as" and any(name in note["text"] for name in names)
            for o in n["options"]
            for note in (o.get("value") or {}).get("notes", [])
        )
        out[n["id"]] = Parent(parent["id"], conditions[0], counts_as)
    return out


def parse_families(
    text: str, where: str = "catalog/families.toml", nodes: list[dict[str, Any]] | None = None
) -> tuple[tuple[Family, ...], dict]:
    """The families and the alone-only yaku of families.toml, checked against the catalog
    (`nodes`, the one on disk by default): CuratedError `file:line: what is wrong`. The
    build runs this on the file it publishes, so the engine never meets a bad one."""
    doc = bounded.parse_toml(text.encode("utf-8"), where)
    unknown = set(doc.data) - {"family", "alone"}
    if unknown:
        first = sorted(unknown)[0]
        raise doc.error((first,), f"unknown table(s) {sorted(unknown)}; use [[family]], [[alone]]")
    contents = {
        n["id"]: (n.get("content") or {}).get("zh-Hant", "")
        for n in (catalog_data.load_catalog()["nodes"] if nodes is None else nodes)
        if n["kind"] == "yaku"
    }
    families = []
    for i, f in enumerate(_tables(doc, "family"), start=1):
        at = ("family", i - 1)
        if set(f) - {"why_zh"} != {"larger", "smaller", "why"}:
            raise doc.error(at, f"family {i}: needs exactly larger, smaller, why (and why_zh)")
        for key in ("larger", "smaller"):
            if doc.string((*at, key), f[key]) not in contents:
                raise doc.error(
                    (*at, key), f"family {i}: unknown yaku {bounded.excerpt(f[key])}"
                )
        why_zh = doc.string((*at, "why_zh"), f["why_zh"]) if "why_zh" in f else ""
        families.append(
            Family(f["larger"], f["smaller"], doc.string((*at, "why"), f["why"]), why_zh)
        )
    alone = {}
    for i, a in enumerate(_tables(doc, "alone"), start=1):
        at = ("alone", i - 1)
        if set(a) != {"yaku", "evidence"} or doc.string((*at, "yaku"), a["yaku"]) not in contents:
            raise doc.error(at, f"alone {i}: needs a catalog yaku and its evidence")
        if doc.string((*at, "evidence"), a["evidence"]) not in contents[a["yaku"]]:
            raise doc.error(
                (*at, "evidence"),
                f"alone {i}: {bounded.excerpt(a['evidence'])} is not in {a['yaku']}'s 內容",
            )
        alone[a["yaku"]] = a["evidence"]
    return tuple(families), alone


def _tables(doc: bounded.TomlDoc, key: str) -> list[dict[str, Any]]:
    """The `[[key]]` tables of `doc`, each checked to be a table."""
    value = doc.data.get(key, [])
    if not isinstance(value, list):
        raise doc.error((key,), f"{key} must be an array of tables ([[{key}]])")
    return [doc.table((key, i), t) for i, t in enumerate(value)]


PARENTS: dict[str, Parent] = _parents(catalog_data.load_catalog()["nodes"])
FAMILIES, ALONE = parse_families(catalog_data.read_text("families.toml"))
_LARGER: dict[str, tuple[str, ...]] = {}
for _f in FAMILIES:
    _LARGER[_f.smaller] = (*_LARGER.get(_f.smaller, ()), _f.larger)
SMALLER = frozenset(_LARGER)


@cache
def _names_to_ids() -> dict[str, str]:
    """Local yaku by name (zh-Hans, with and without a '(n)' suffix)."""
    out: dict[str, str] = {}
    for yid, info in generated.REGISTRY.items():
        out.setdefault(info.name_hans, yid)
        out.setdefault(re.sub(r"\(\d\)$", "", info.name_hans), yid)
    return out


def superseded(awards: list[Award], award_both: bool = False) -> set[str]:
    """The awards to drop: those another award includes or does not combine with (the
    catalog's notes), the smaller of a family whose larger is awarded (unless the table
    awards both), and an alone-only yaku beside any other award."""
    held = {a.id for a in awards}
    names = _names_to_ids()
    drop: set[str] = set()
    for a in awards:
        for note in a.combination:
            if note["kind"] not in _SUPERSEDING_NOTES:
                continue
            args = note.get("args", [])
            targets = args[1:] if note["kind"] == "combines_and_not" else args
            for arg in targets:
                for name in re.split(r"[、和或]", arg):
                    yid = names.get(name)
                    if yid and yid in held and yid != a.id:
                        drop.add(yid)
    if not award_both:
        drop.update(y for y in held & SMALLER if any(big in held for big in _LARGER[y]))
    for yid in held & ALONE.keys():
        if held - drop - {yid}:
            drop.add(yid)
    return drop
