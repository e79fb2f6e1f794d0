"""`yakubook status`: which yaku have bodies and English, per section and in total."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import catalog as catalog_pkg
from catalog.identifiers import IdentifierError
from catalog.translations import VERDICTS as EN_VERDICTS
from catalog.translations import TranslationError
from yaku.status import VERDICTS, compute, identifier_lines


def translation_word(counts: dict[str, int]) -> str:
    """One word for a yaku's English: stale beats missing beats translated."""
    if counts["stale"]:
        return "stale"
    if counts["missing"]:
        return "missing"
    return "translated"


def run_status(root: Path, as_json: bool) -> int:
    try:
        cat = json.loads((root / "catalog" / "catalog.json").read_text(encoding="utf-8"))
        names = catalog_pkg.parse_names((root / "catalog" / "names.toml").read_text("utf-8"))
    except (OSError, ValueError) as e:
        print(f"error: cannot read the catalog: {e} (run `yakubook build`)", file=sys.stderr)
        return 2
    try:
        status = compute(root, cat, names)
    except (TranslationError, IdentifierError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(status, ensure_ascii=False, indent=1, sort_keys=True))
        return 0
    names_by_id = {n["id"]: n["name"]["zh-Hant"] for n in cat["nodes"]}
    print(f"{'id':<12} {'status':<12} {'english':<17} {'slug':<28} name")
    for yid, info in status["yaku"].items():
        note = f"  ({info['note']})" if info["note"] else ""
        en = info["translation"]
        english = f"{translation_word(en)} {en['translated']}/{en['total']}"
        print(
            f"{yid:<12} {info['status']:<12} {english:<17} {info['slug']:<28} "
            f"{names_by_id.get(yid, '')}{note}"
        )
    print()
    print(f"{'section':<8} " + " ".join(f"{v:>11}" for v in VERDICTS) + f" {'total':>6}")
    rows = list(status["sections"].items()) + [("total", status["total"])]
    for sec, counts in rows:
        print(
            f"{sec:<8} " + " ".join(f"{counts[v]:>11}" for v in VERDICTS) + f" {counts['total']:>6}"
        )
    _print_default_lines(status, names_by_id)
    _print_translations(status["translations"])
    ids = status["identifiers"]
    print()
    print(
        f"identifiers (catalog/identifiers.toml): {ids['named']} named, "
        f"{len(ids['stale'])} stale, {len(ids['missing'])} missing, {len(ids['unknown'])} unknown"
    )
    for line in identifier_lines(status):
        print(f"  {line}")
    return 0


def _print_default_lines(status: dict[str, Any], names_by_id: dict[str, str]) -> None:
    """The yaku whose default cannot give a number (catalog.default_letter)."""
    lost = status["no_playable_default"]
    print()
    print(
        f"defaults (first non-無 option with a known number): {len(lost)} yaku have no such "
        "option; their default awards ?翻 unless a ruleset supplies the number (han = N)"
    )
    for yid in lost:
        print(f"  {yid:<12} option {status['yaku'][yid]['default']}  {names_by_id.get(yid, '')}")


def _print_translations(tr: dict[str, Any]) -> None:
    print()
    print("English edition (text nodes: section titles, rule text, questions, options, notes)")
    print(f"{'section':<8} " + " ".join(f"{v:>11}" for v in EN_VERDICTS) + f" {'total':>6}")
    for sec, counts in [*tr["sections"].items(), ("total", tr["total"])]:
        print(
            f"{sec:<8} "
            + " ".join(f"{counts[v]:>11}" for v in EN_VERDICTS)
            + f" {counts['total']:>6}"
        )
    for key in tr["stale"]:
        print(f"stale translation: {key}")
    for key in tr["missing"]:
        print(f"missing translation: {key}")
    for key in tr["orphans"]:
        print(f"translation of a text the catalog no longer has: {key}")
