"""`yakubook build`: sources -> catalog -> generated/ and site/docs, written only if changed.

Everything is computed in memory first; only then are files written (each atomically), so
bad input leaves every output exactly as it was.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import catalog as catalog_pkg
from catalog.identifiers import IdentifierError
from extract.build import SourceError, build_catalog
from extract.schema import SCHEMA
from yakubook.report import render_report

Outputs = dict[str, bytes]


@dataclass
class BuildResult:
    outputs: Outputs
    warnings: list[str] = field(default_factory=list)
    catalog: dict[str, Any] = field(default_factory=dict)


def _json_bytes(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def compute(root: Path) -> BuildResult:
    """Every output of the build, as bytes by path relative to the project root."""
    cat, warnings = build_catalog(root)
    curate_procedure(root, cat)
    outputs: Outputs = {
        "catalog/catalog.json": _json_bytes(cat),
        "catalog/catalog.schema.json": _json_bytes(SCHEMA),
        "catalog/REPORT.md": render_report(cat).encode(),
    }
    names_text = (root / "catalog" / "names.toml").read_text(encoding="utf-8")
    names = catalog_pkg.parse_names(names_text)
    for stage in _render_stages():
        stage_out, stage_warnings = stage(root, cat, names, outputs)
        outputs.update(stage_out)
        warnings.extend(stage_warnings)
    return BuildResult(outputs, warnings, cat)


def curate_procedure(root: Path, cat: dict[str, Any]) -> None:
    """Mark the curated procedure-only rule questions (catalog/procedure.toml)."""
    import tomllib

    path = root / "catalog" / "procedure.toml"
    if not path.exists():
        return
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise SourceError("catalog/procedure.toml", None, str(e)) from e
    by_id = {n["id"]: n for n in cat["nodes"]}
    for rule_id, entry in data.items():
        node = by_id.get(rule_id)
        if node is None or node["kind"] != "rule":
            raise SourceError("catalog/procedure.toml", None, f"{rule_id} is not a rule question")
        node["procedure_only"] = True
        node["procedure_why"] = str(entry.get("why", ""))


def _render_stages() -> list[Callable[..., tuple[Outputs, list[str]]]]:
    """The stages after extract, in order; each returns (outputs, warnings).

    Status sits between the stubs and the site because the website shows it.
    """
    from render import stubs
    from yaku import status

    stages: list[Callable[..., tuple[Outputs, list[str]]]] = [
        stubs.stage, _translations_stage, status.stage,
    ]
    try:
        from render import site
    except ImportError:  # the website stage is optional while it is being written
        return stages
    stages.append(site.stage)
    return stages


def _translations_stage(
    root: Path, cat: dict[str, Any], names: Any, outputs: Outputs
) -> tuple[Outputs, list[str]]:
    """catalog.en.json (English edition); a malformed translations file is bad input."""
    from catalog import translations

    try:
        return translations.stage(root, cat, names, outputs)
    except translations.TranslationError as e:
        raise SourceError(e.where, e.line, e.message) from e


def _translations_report(
    root: Path, old: dict[str, Any] | None, new: dict[str, Any]
) -> list[str]:
    """Translations this build made stale, and a count of the open ones (never an error)."""
    from catalog import translations

    entries = translations.load_entries(root)  # well-formed: the stage has read it
    lines = translations.went_stale(old, new, entries)
    total = translations.counts(translations.judge(new, entries))
    if total["stale"] or total["missing"]:
        lines.append(
            f"translations (en): {total['stale']} stale, {total['missing']} missing "
            f"of {total['total']} (see `yakubook status`)"
        )
    return lines


def stale(root: Path, outputs: Outputs) -> list[str]:
    out = []
    for rel, data in sorted(outputs.items()):
        path = root / rel
        if not path.exists() or path.read_bytes() != data:
            out.append(rel)
    return out


def orphans(root: Path, outputs: Outputs) -> list[str]:
    """Generated files on disk that the build no longer produces."""
    found = []
    for folder, pattern in (("generated", "*.py"), ("site/docs", "**/*")):
        base = root / folder
        if not base.exists():
            continue
        for p in sorted(base.glob(pattern)):
            if p.is_file() and "__pycache__" not in p.parts:
                rel = p.relative_to(root).as_posix()
                if rel not in outputs and not _hand_written(rel):
                    found.append(rel)
    return found


def _hand_written(rel: str) -> bool:
    return rel.startswith("site/docs/assets/extra")


def write_outputs(root: Path, outputs: Outputs, remove: list[str]) -> list[str]:
    written = []
    for rel in stale(root, outputs):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(outputs[rel])
        os.replace(tmp, path)
        written.append(rel)
    for rel in remove:
        (root / rel).unlink()
        written.append(rel + " (removed)")
    return written


def run(root: Path, check: bool) -> int:
    from yakubook.changes import summarize_changes

    try:
        result = compute(root)
    except (SourceError, IdentifierError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    outputs = result.outputs
    changed = stale(root, outputs)
    extra = orphans(root, outputs)
    old_catalog = None
    old_path = root / "catalog" / "catalog.json"
    if old_path.exists():
        try:
            old_catalog = json.loads(old_path.read_text(encoding="utf-8"))
        except ValueError:
            old_catalog = None
    report = summarize_changes(root, old_catalog, result.catalog)
    report += _translations_report(root, old_catalog, result.catalog)
    # Write before reporting, so that a closed stdout (`| head`) cannot leave the outputs
    # half updated.
    written = [] if check else write_outputs(root, outputs, extra)
    _print_summary(result, report, check, changed, extra, written)
    if check and (changed or extra):
        return 1
    return 0


def _print_summary(
    result: BuildResult,
    report: list[str],
    check: bool,
    changed: list[str],
    extra: list[str],
    written: list[str],
) -> None:
    for w in result.warnings:
        print(f"warning: {w}", file=sys.stderr)
    stats = result.catalog["stats"]
    print(
        f"catalog: {stats['sections']} sections, {stats['yaku']} yaku, "
        f"{stats['rules']} rule questions, {stats['options']} options, "
        f"{stats['lost_characters']} lost characters"
    )
    print("repairs: " + ", ".join(f"{k} {v}" for k, v in stats["repairs"].items()))
    for line in report:
        print(line)
    if check:
        if changed or extra:
            print(f"stale: {len(changed) + len(extra)} file(s) differ from a fresh build:")
            for rel in changed:
                print(f"  {rel}")
            for rel in extra:
                print(f"  {rel} (no longer generated)")
        else:
            print("check: everything checked in matches a fresh build")
        return
    if written:
        print(f"wrote {len(written)} file(s):")
        for rel in written:
            print(f"  {rel}")
    else:
        print("nothing changed")
