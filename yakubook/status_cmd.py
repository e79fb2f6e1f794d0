"""`yakubook status`: which yaku have bodies and English, per section and in total."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from yakubook.engine.status import EN_VERDICTS, VERDICTS, identifier_lines
from yakubook.report import stdout_shows_unicode


def translation_word(counts: dict[str, int]) -> str:
    """One word for a yaku's English: stale beats missing beats translated."""
    if counts["stale"]:
        return "stale"
    if counts["missing"]:
        return "missing"
    return "translated"


def is_checkout(root: Path) -> bool:
    """Whether root is the project's checkout (sources and the catalog package beside the
    CLI) rather than an installed wheel's site-packages."""
    return (root / "sources" / "manifest.toml").is_file() and (root / "catalog").is_dir()


def _computed(root: Path) -> tuple[dict[str, Any], dict[str, Any]] | int:
    """(status, catalog) of the checkout's bodies as they are now, or the exit code."""
    import catalog as catalog_pkg
    from catalog import example_notes, translations
    from catalog.identifiers import IdentifierError
    from catalog.translations import TranslationError
    from yakubook.engine.status import compute, readings

    try:
        cat = catalog_pkg.read_catalog(root / "catalog" / "catalog.json", "catalog/catalog.json")
        names = catalog_pkg.read_names(root)
    except catalog_pkg.CuratedError as e:
        print(f"error: cannot read the catalog: {e} (run `yakubook build`)", file=sys.stderr)
        return 2
    try:
        status = compute(root, cat, names)
        status["example_notes"] = example_notes.summary(
            catalog_pkg.read_examples(root, cat, warnings=[]))
        status["chinese_prose"] = translations.prose_summary(
            translations.prose_texts(cat, readings(root)), translations.load_zh_entries(root))
        return status, cat
    except (TranslationError, IdentifierError, catalog_pkg.CuratedError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _packaged() -> tuple[dict[str, Any], dict[str, Any]]:
    """(status, catalog) an installed wheel carries: the STATUS.json its build wrote for
    the very bodies it ships (they cannot change without another wheel)."""
    from yakubook.engine import data

    return json.loads(data.read_text("STATUS.json")), data.load_catalog()


def run_status(root: Path, as_json: bool) -> int:
    if is_checkout(root):
        got = _computed(root)
        if isinstance(got, int):
            return got
        status, cat = got
    else:
        status, cat = _packaged()
    if as_json:
        print(json.dumps(status, ensure_ascii=not stdout_shows_unicode(), indent=1, sort_keys=True))
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
    if "example_notes" in status:  # counted from the checkout's examples; a wheel has none
        _print_example_notes(status["example_notes"])
    if "chinese_prose" in status:  # bound to the checkout's bodies; a wheel has none
        _print_chinese_prose(status["chinese_prose"])
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


def _print_bound(heading: str, part: dict[str, Any], lines: dict[str, str]) -> None:
    """Texts each bound to the text they translate: the totals, then each key of a kind
    (stale, missing, orphans) on a line saying what that kind means."""
    total = part["total"]
    print()
    print(
        f"{heading}: {total['translated']} translated, {total['stale']} stale, "
        f"{total['missing']} missing, of {total['total']}"
    )
    for kind, words in lines.items():
        for key in part.get(kind, ()):
            print(f"{words}: {key}")


def _print_chinese_prose(prose: dict[str, Any]) -> None:
    """The Chinese edition's readings and procedure notes, each bound to its English."""
    _print_bound(
        "Chinese edition prose (readings, procedure notes; catalog/translations/zh.toml)",
        prose,
        {"stale": "stale Chinese (the English changed since)", "missing": "missing Chinese",
         "orphans": "Chinese for a text that no longer exists"},
    )


def _print_example_notes(notes: dict[str, Any]) -> None:
    """The examples' notes: Chinese and English each, the English bound to the Chinese."""
    _print_bound(
        "example notes (catalog/examples*.toml, zh + en)",
        notes,
        {"stale": "stale example note (the Chinese changed since its English)",
         "missing": "example note missing a language"},
    )
