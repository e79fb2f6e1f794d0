"""Implementation status of every yaku, read statically from the bodies in yakubook/engine/bodies/.

The bodies are found by reading the source (`@implements("ID", fingerprint="…")`), not by
importing it, so status also works for a tree whose generated code is stale.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # this is a build stage: it reads the checkout's catalog package
    import catalog as catalog_pkg
    from catalog import identifiers as identifiers_pkg
    from catalog import translations
except ModuleNotFoundError:  # the installed wheel has none: `yakubook status` there prints
    # the STATUS.json this stage wrote, shipped in yakubook.engine.data; only the names below are
    # used.
    catalog_pkg = identifiers_pkg = translations = None  # type: ignore[assignment]

VERDICTS = ("implemented", "stale", "missing", "orphan", "unnamed")
# How a yaku's status note lists its procedure-only rule questions (the Chinese edition
# says it in Chinese: render/site/model.py).
PROCEDURE_NOTE = "procedure-only rule questions, outside the evaluator: "
# catalog.translations.VERDICTS, for the wheel (tests/yaku/test_package.py checks they agree).
EN_VERDICTS = ("translated", "stale", "missing")


@dataclass(frozen=True)
class Declared:
    id: str
    fingerprint: str
    where: str  # file:line
    function: str
    note: str
    doc: str = ""  # the docstring, as the site shows it: how the code reads the rule


def _const(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def declared_bodies(root: Path) -> list[Declared]:
    """Every @implements(...) in the hand-written body modules (yakubook/engine/bodies/)."""
    found: list[Declared] = []
    for path in sorted((root / "yakubook" / "engine" / "bodies").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except SyntaxError:
            continue
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for dec in fn.decorator_list:
                if not (isinstance(dec, ast.Call) and _name(dec.func) == "implements"):
                    continue
                if not dec.args:
                    continue
                yid = _const(dec.args[0])
                kw = {k.arg: _const(k.value) for k in dec.keywords}
                rel = path.relative_to(root).as_posix()
                note = kw.get("note") or ""
                found.append(
                    Declared(
                        str(yid),
                        str(kw.get("fingerprint", "")),
                        f"{rel}:{fn.lineno}",
                        fn.name,
                        note,
                        (ast.get_docstring(fn) or "").strip(),
                    )
                )
    return found


def readings(root: Path) -> dict[str, str]:
    """Each body's reading (its docstring) read from the source, as the site shows it
    through the registry: what the Chinese edition's readings (catalog/translations/zh.toml)
    are bound to."""
    return {d.id: d.doc for d in declared_bodies(root)}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def compute(root: Path, cat: dict[str, Any], names: dict[str, catalog_pkg.Name]) -> dict[str, Any]:
    nodes = cat["nodes"]
    fps = catalog_pkg.fingerprints(nodes)
    bodies = {d.id: d for d in declared_bodies(root)}
    yaku: dict[str, dict[str, Any]] = {}
    for node in nodes:
        if node["kind"] != "yaku":
            continue
        yid = node["id"]
        body = bodies.get(yid)
        if yid not in names:
            verdict = "unnamed"
        elif body is None:
            verdict = "missing"
        elif body.fingerprint != fps[yid]:
            verdict = "stale"
        else:
            verdict = "implemented"
        procedure = [n["id"] for n in catalog_pkg.entry(nodes, yid) if n.get("procedure_only")]
        note = body.note if body and body.note else None
        if procedure and verdict == "implemented":
            note = ((note + "; ") if note else "") + (
                PROCEDURE_NOTE + ", ".join(procedure)
            )
        yaku[yid] = {
            "status": verdict,
            "section": node["section"],
            "slug": names[yid].slug if yid in names else catalog_pkg.fallback_slug(yid),
            "body": body.where if body else None,
            "note": note,
            "default": catalog_pkg.default_letter(node["options"]),
            "playable_default": catalog_pkg.playable_default(node["options"]),
        }
    for yid, body in sorted(bodies.items()):
        if yid not in fps:
            yaku[yid] = {
                "status": "orphan",
                "section": yid[:4],
                "slug": body.function,
                "body": body.where,
                "note": "a body for an ID the catalog no longer has",
            }
    sections: dict[str, dict[str, int]] = {}
    total = dict.fromkeys(VERDICTS, 0) | {"total": 0}
    for info in yaku.values():
        sec = sections.setdefault(info["section"], dict.fromkeys(VERDICTS, 0) | {"total": 0})
        sec[info["status"]] += 1
        sec["total"] += 1
        total[info["status"]] += 1
        total["total"] += 1
    return {
        "yaku": yaku,
        "sections": dict(sorted(sections.items())),
        "total": total,
        "translations": _translation_column(root, cat, yaku),
        "identifiers": identifier_status(root, cat),
        # Yaku whose every non-無 value option lost its number: the default awards "?翻".
        "no_playable_default": sorted(
            yid for yid, info in yaku.items() if info.get("playable_default") is False
        ),
    }


def _translation_column(
    root: Path, cat: dict[str, Any], yaku: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """English edition: per yaku (into `yaku`), per section and in total; stale/missing keys.

    A yaku's counts cover its own texts and its rule questions' (its name is in names.toml).
    """
    summary = translations.summary(cat, translations.load_entries(root))
    for yid, info in yaku.items():
        info["translation"] = summary["yaku"].get(
            yid, dict.fromkeys(translations.VERDICTS, 0) | {"total": 0}
        )
    return {k: summary[k] for k in ("sections", "total", "stale", "missing", "orphans")}


def identifier_status(root: Path, cat: dict[str, Any]) -> dict[str, Any]:
    """The curated names of rule questions and options (catalog/identifiers.toml) that no
    longer match the catalog's text (stale), that are missing, or name nothing (unknown)."""
    resolved = identifiers_pkg.resolve(identifiers_pkg.load(root), cat["nodes"])
    out: dict[str, Any] = {"named": len(resolved.questions) + len(resolved.options)}
    for kind in ("stale", "missing", "unknown"):
        out[kind] = [f.to_json() | {"message": f.describe()} for f in resolved.of(kind)]
    return out


def identifier_lines(status: dict[str, Any]) -> list[str]:
    """One line per stale, missing or unknown identifier, for build and status output."""
    ids = status["identifiers"]
    return [
        f"identifier {kind}: {f['message']}"
        for kind in ("stale", "missing", "unknown")
        for f in ids[kind]
    ]


def stage(root: Path, cat: dict[str, Any], names, outputs) -> tuple[dict[str, bytes], list[str]]:
    status = compute(root, cat, names)
    data = json.dumps(status, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    warnings = [
        f"{info['body']}: body of {yid} is {info['status']}"
        for yid, info in status["yaku"].items()
        if info["status"] in ("stale", "orphan")
    ]
    return {"catalog/STATUS.json": data.encode()}, warnings + identifier_lines(status)


def stale_after(root: Path, old: dict[str, Any] | None, new: dict[str, Any]) -> list[str]:
    """Bodies that matched the previous catalog and no longer match the new one."""
    if old is None:
        return []
    fp_old = catalog_pkg.fingerprints(old["nodes"])
    fp_new = catalog_pkg.fingerprints(new["nodes"])
    out = []
    for d in declared_bodies(root):
        if d.fingerprint == fp_old.get(d.id) and d.fingerprint != fp_new.get(d.id):
            out.append(d.id)
    return sorted(out)
