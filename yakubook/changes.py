"""What a build changed against the previous catalog, down to the option level.

Losses come first: a source that lost entries (a chapter cut short) must not hide them
among the edits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import catalog as catalog_pkg

UNCHANGED = "changes: catalog content unchanged"


def _yaku(cat: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    if not cat:
        return {}
    nodes = cat["nodes"]
    return {n["id"]: catalog_pkg.entry(nodes, n["id"]) for n in nodes if n["kind"] == "yaku"}


def _rules(cat: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n["id"]: n for n in cat["nodes"] if n["kind"] == "rule"}


def _options(entry: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = {}
    for node in entry:
        for o in node["options"]:
            out[f"{node['id']} {o['letter']}"] = {"text": o["text"]["zh-Hant"], "value": o["value"]}
    return out


def _name(node: dict[str, Any]) -> str:
    return node["name"]["zh-Hant"]


def diff_catalogs(old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    if old is None:
        return ["changes: no previous catalog"]
    before, after = _yaku(old), _yaku(new)
    rules_before, rules_after = _rules(old), _rules(new)
    fp_old = catalog_pkg.fingerprints(old["nodes"])
    fp_new = catalog_pkg.fingerprints(new["nodes"])
    lost = [f"  yaku removed: {y} {_name(before[y][0])}" for y in before if y not in after]
    lost += [
        f"  rule removed: {r} {_name(rules_before[r])} (of {rules_before[r].get('yaku')})"
        for r in rules_before
        if r not in rules_after
    ]
    lines = []
    for yid in after:
        if yid not in before:
            lines.append(f"  yaku added: {yid} {_name(after[yid][0])}")
    for rid in rules_after:
        if rid not in rules_before:
            lines.append(
                f"  rule added: {rid} {_name(rules_after[rid])} (of {rules_after[rid].get('yaku')})"
            )
    for yid in after:
        if yid in before and fp_old.get(yid) != fp_new.get(yid):
            lines.append(f"  yaku changed: {yid} {_name(after[yid][0])}")
            o_old, o_new = _options(before[yid]), _options(after[yid])
            for key in o_new:
                if key not in o_old:
                    lines.append(f"    option added: {key} {o_new[key]['text']}")
                elif o_old[key] != o_new[key]:
                    lines.append(
                        f"    option changed: {key} {o_old[key]['text']} -> {o_new[key]['text']}"
                    )
            for key in o_old:
                if key not in o_new:
                    lines.append(f"    option removed: {key} {o_old[key]['text']}")
            if o_old == o_new:
                lines.append("    (name, 內容, 條件, notes or rule questions changed)")
    if not lost and not lines:
        return [UNCHANGED]
    return ["changes:"] + lost + lines


def summarize_changes(root: Path, old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    if old is not None and old == new:
        # What most builds find. Equal catalogs have equal fingerprints, so nothing changed
        # and no body went stale; fingerprinting both (twice) and reading the bodies would
        # cost a tenth of a second to say so.
        return [UNCHANGED]
    lines = diff_catalogs(old, new)
    try:
        from yakubook.engine.status import stale_after
    except ImportError:
        return lines
    went_stale = stale_after(root, old, new)
    for yid in went_stale:
        lines.append(f"  body went stale: {yid}")
    return lines
