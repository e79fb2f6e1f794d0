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

import catalog
import generated
from yaku.award import Award

FAMILIES_PATH = catalog.HERE / "families.toml"
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


def parse_families(text: str, where: str = "families.toml") -> tuple[tuple[Family, ...], dict]:
    """The families and the alone-only yaku of families.toml, checked against the catalog."""
    data = catalog.load_toml(text, where)
    unknown = set(data) - {"family", "alone"}
    if unknown:
        raise ValueError(f"{where}: unknown table(s) {sorted(unknown)}")
    contents = {
        n["id"]: (n.get("content") or {}).get("zh-Hant", "")
        for n in catalog.load()["nodes"]
        if n["kind"] == "yaku"
    }
    families = []
    for i, f in enumerate(data.get("family", []), start=1):
        if set(f) != {"larger", "smaller", "why"}:
            raise ValueError(f"{where}: family {i}: needs exactly larger, smaller, why")
        for key in ("larger", "smaller"):
            if f[key] not in contents:
                raise ValueError(f"{where}: family {i}: unknown yaku {f[key]!r}")
        families.append(Family(f["larger"], f["smaller"], f["why"]))
    alone = {}
    for i, a in enumerate(data.get("alone", []), start=1):
        if set(a) != {"yaku", "evidence"} or a["yaku"] not in contents:
            raise ValueError(f"{where}: alone {i}: needs a catalog yaku and its evidence")
        if a["evidence"] not in contents[a["yaku"]]:
            raise ValueError(f"{where}: alone {i}: {a['evidence']!r} is not in {a['yaku']}'s 內容")
        alone[a["yaku"]] = a["evidence"]
    return tuple(families), alone


PARENTS: dict[str, Parent] = _parents(catalog.load()["nodes"])
FAMILIES, ALONE = parse_families(FAMILIES_PATH.read_text(encoding="utf-8"))
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
