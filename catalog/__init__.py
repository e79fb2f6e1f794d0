"""Typed access to catalog/catalog.json and its curated companions (names, examples).

Every curated TOML file is read with `read_toml(path, rel)` (or `parse_toml(bytes, rel)`):
size limit, UTF-8 and TOML syntax errors with their line, and a `TomlDoc` that knows the
line of every table and key, so a validator can say `file:line: what is wrong`:

    doc = read_toml(root / "catalog" / "translations" / "en.toml", "catalog/translations/en.toml")
    for key, entry in doc.data.items():
        entry = doc.table((key,), entry)              # CuratedError with the line if not
        text = doc.string((key, "text"), entry.get("text"))
        if ...:
            raise doc.error((key, "text"), "what is wrong")
"""

from __future__ import annotations

import hashlib
import json
import keyword
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from yakubook.bounded import (
    CONTROL as CONTROL,
)
from yakubook.bounded import (
    FORMAT_CHARACTERS as FORMAT_CHARACTERS,
)
from yakubook.bounded import (
    MAX_CURATED_BYTES as MAX_CURATED_BYTES,
)
from yakubook.bounded import (
    MAX_CURATED_STRING as MAX_CURATED_STRING,
)
from yakubook.bounded import (
    MAX_KEY_PARTS as MAX_KEY_PARTS,
)
from yakubook.bounded import (
    QUOTE_LIMIT as QUOTE_LIMIT,
)
from yakubook.bounded import (  # the one bounded reader, shared with the engine
    BoundedInputError as BoundedInputError,
)
from yakubook.bounded import (
    CuratedError as CuratedError,
)
from yakubook.bounded import (
    TomlDoc as TomlDoc,
)
from yakubook.bounded import (
    check_text_size as check_text_size,
)
from yakubook.bounded import (
    check_toml_shape as check_toml_shape,
)
from yakubook.bounded import (
    decode_utf8 as decode_utf8,
)
from yakubook.bounded import (
    excerpt as excerpt,
)
from yakubook.bounded import (
    load_json as load_json,
)
from yakubook.bounded import (
    load_toml as load_toml,
)
from yakubook.bounded import (
    parse_toml as parse_toml,
)
from yakubook.bounded import (
    read_bytes as read_bytes,
)
from yakubook.bounded import (
    read_capped as read_capped,
)
from yakubook.bounded import (
    read_json as read_json,
)
from yakubook.bounded import (
    read_text as read_text,
)
from yakubook.bounded import (
    read_toml as read_toml,
)
from yakubook.bounded import (
    show_key as show_key,
)

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


def content_fingerprint(obj: Any) -> str:
    """sha256 of the canonical JSON of catalog content, without provenance: what bodies
    and curated identifiers record to notice that the text they were written for changed."""
    return hashlib.sha256(canonical_json(_strip(obj)).encode()).hexdigest()


def fingerprint(nodes: list[dict[str, Any]], yaku_id: str) -> str:
    return content_fingerprint(entry(nodes, yaku_id))


def fingerprints(nodes: list[dict[str, Any]]) -> dict[str, str]:
    return {n["id"]: fingerprint(nodes, n["id"]) for n in nodes if n["kind"] == "yaku"}


# ------------------------------------------------------------------ curated TOML files

# ------------------------------------------------------------------------------ names

YAKU_ID = re.compile(r"^3-\d\d-\d\d(-\d\d)*$")
SLUG = re.compile(r"^[a-z][a-z0-9_]*$")
NAME_STRINGS = ("zh", "romaji", "en", "name_en", "ja", "kana")
NAME_LISTS = ("romaji_aliases", "ja_aliases", "en_aliases", "zh_aliases")


@dataclass(frozen=True)
class Name:
    zh: str
    slug: str
    romaji: str
    en: str
    name_en: str = ""
    ja: str = ""
    kana: str = ""
    romaji_aliases: tuple[str, ...] = ()
    ja_aliases: tuple[str, ...] = ()
    en_aliases: tuple[str, ...] = ()
    zh_aliases: tuple[str, ...] = ()


def _valued(option: dict[str, Any]) -> bool:
    return bool(option.get("value")) and option["value"].get("kind") != "none"


def default_letter(options: list[dict[str, Any]]) -> str:
    """A yaku's documented default value option: the first that is not 無 and whose number
    the sources kept, so the default plays with a number; where every non-無 option lost
    its number (``playable_default`` false), the first non-無 one; with none, the first.
    The one place the stubs, the pages and the house-rules page take it from."""
    valued = [o for o in options if _valued(o)]
    known = [o for o in valued if not o["value"].get("lost")]
    return (known or valued or options)[0]["letter"]


def playable_default(options: list[dict[str, Any]]) -> bool:
    """Whether the default value option gives a number (False: every non-無 option lost it,
    so the default awards "?翻" unless a ruleset supplies it)."""
    return any(_valued(o) and not o["value"].get("lost") for o in options)


def fallback_slug(yaku_id: str) -> str:
    return "yaku_" + yaku_id.replace("-", "_")


def names_from(doc: TomlDoc) -> dict[str, Name]:
    """Validate catalog/names.toml: one table per yaku ID, a unique ASCII slug, and only
    the known name forms (strings, or lists of strings for the aliases)."""
    out: dict[str, Name] = {}
    slugs: dict[str, str] = {}
    for yaku_id, entry in doc.data.items():
        if not YAKU_ID.match(yaku_id):
            raise doc.error((yaku_id,), f"{excerpt(yaku_id)} is not a yaku ID (3-NN-NN)")
        entry = doc.table((yaku_id,), entry)
        for key in entry:
            if key not in ("slug", *NAME_STRINGS, *NAME_LISTS):
                known = ", ".join(("slug", *NAME_STRINGS, *NAME_LISTS))
                raise doc.error(
                    (yaku_id, key), f"{yaku_id}: unknown key {excerpt(key)} (known: {known})"
                )
        if "slug" not in entry:
            raise doc.error((yaku_id,), f"{yaku_id} has no slug")
        slug = doc.string((yaku_id, "slug"), entry["slug"])
        if not SLUG.match(slug) or keyword.iskeyword(slug):
            raise doc.error(
                (yaku_id, "slug"),
                f"{yaku_id}.slug {excerpt(slug)} must be an ASCII identifier "
                "(a-z, 0-9, _; not a Python keyword)",
            )
        if slug in slugs:
            raise doc.error((yaku_id, "slug"), f"slug {slug!r} is also used by {slugs[slug]}")
        slugs[slug] = yaku_id
        strings = {
            k: doc.string((yaku_id, k), entry[k], required=False)
            for k in NAME_STRINGS
            if k in entry
        }
        lists = {k: tuple(doc.strings((yaku_id, k), entry[k])) for k in NAME_LISTS if k in entry}
        strings.setdefault("romaji", slug)
        out[yaku_id] = Name(
            zh=strings.get("zh", ""),
            slug=slug,
            romaji=strings["romaji"],
            en=strings.get("en", ""),
            **{k: v for k, v in strings.items() if k not in ("zh", "romaji", "en")},
            **lists,
        )
    return out


def parse_names(text: str, rel: str = "catalog/names.toml") -> dict[str, Name]:
    return names_from(parse_toml(text.encode("utf-8"), rel))


def read_names(root: Path) -> dict[str, Name]:
    return names_from(read_toml(root / "catalog" / "names.toml", "catalog/names.toml"))


@cache
def load() -> dict[str, Any]:
    return read_catalog(CATALOG_PATH, "catalog/catalog.json")


MAX_CATALOG_BYTES = 64 * 1024 * 1024  # the catalog is under 1 MiB; room to grow, not to abuse


def read_catalog(path: Path, rel: str) -> dict[str, Any]:
    """catalog.json, or CuratedError when it is unreadable, not JSON or not a catalog."""
    data = read_json(path, rel, MAX_CATALOG_BYTES)
    nodes = data.get("nodes") if isinstance(data, dict) else None
    if not isinstance(nodes, list) or not all(
        isinstance(n, dict) and isinstance(n.get("id"), str) and isinstance(n.get("kind"), str)
        for n in nodes
    ):
        raise CuratedError(rel, None, 'not a catalog: no "nodes" list of nodes with id and kind')
    return data


@cache
def names() -> dict[str, Name]:
    return names_from(read_toml(NAMES_PATH, "catalog/names.toml"))


# ---------------------------------------------------------------------------- examples

EXAMPLES_PATH = HERE / "examples.toml"
EXAMPLE_REQUIRED = ("yaku", "hand", "holds")
# Tiles in MPSZ notation (0 = red five; honors 1-7).
MPSZ = re.compile(r"^(?:[0-9]+[mps]|[1-7]+z)+$")
MELD = re.compile(r"^(chi|pon|kan|ankan|kakan) ((?:[0-9]+[mps]|[1-7]+z)+)$")


def examples_from(
    doc: TomlDoc, cat: dict[str, Any] | None = None, warnings: list[str] | None = None
) -> list[dict[str, Any]]:
    """`[[example]]` tables: a hand, the options it needs, and whether the yaku holds.

    Checked: the required keys and their types, tile notation, and (given the catalog)
    that the yaku and each rule question and letter exist. Other keys are left to the
    readers that use them, so new kinds of expectation can be added. Given `warnings`, an
    example naming what the catalog no longer has (the sources lost it, as a body can be
    left orphan) is dropped with a warning instead of an error.
    """
    by_id = {n["id"]: n for n in cat["nodes"]} if cat else {}
    examples = doc.data.get("example", [])
    if not isinstance(examples, list):
        raise doc.error(("example",), "example must be an array of tables ([[example]])")
    out = []
    for i, ex in enumerate(examples):
        at = ("example", i)
        ex = doc.table(at, ex)
        for key in EXAMPLE_REQUIRED:
            if key not in ex:
                raise doc.error(at, f"example {i + 1} has no {key}")
        yaku_id = doc.string((*at, "yaku"), ex["yaku"])
        if not YAKU_ID.match(yaku_id):
            raise doc.error((*at, "yaku"), f"example {i + 1}: {excerpt(yaku_id)} is not a yaku ID")
        try:
            _check_example_refs(doc, at, ex, by_id)
        except _Orphan as e:
            if warnings is None:
                raise
            warnings.append(f"{e}; the example is left out")
            continue
        for key in ("hand", "win"):
            if key in ex and not MPSZ.match(doc.string((*at, key), ex[key])):
                raise doc.error(
                    (*at, key), f"example {i + 1}: {key} {excerpt(ex[key])} is not MPSZ tiles"
                )
        if "win" in ex and len(re.sub(r"[mpsz]", "", ex["win"])) != 1:
            raise doc.error((*at, "win"), f"example {i + 1}: win must be one tile")
        if not isinstance(ex["holds"], bool):
            raise doc.error((*at, "holds"), f"example {i + 1}: holds must be true or false")
        for k, meld in enumerate(doc.strings((*at, "melds"), ex["melds"]) if "melds" in ex else []):
            if not MELD.match(meld):
                raise doc.error(
                    (*at, "melds", k),
                    f"example {i + 1}: meld {excerpt(meld)} is not `chi|pon|kan|ankan|kakan TILES`",
                )
        if "case" in ex:
            doc.string((*at, "case"), ex["case"], required=False)
        if "note" in ex:
            _check_note(doc, (*at, "note"), ex["note"], i + 1)
        if "situation" in ex:
            doc.table((*at, "situation"), ex["situation"])
        out.append(ex | {"where": f"{doc.rel} #{i + 1}"})
    return out


def _check_note(doc: TomlDoc, at: tuple[Any, ...], note: Any, number: int) -> None:
    """A note is an English string (the old form) or a table of its texts in both
    languages, {zh, en, fp} (catalog/example_notes.py)."""
    if isinstance(note, str):
        doc.string(at, note, required=False)
        return
    note = doc.table(at, note)
    unknown = sorted(set(note) - {"zh", "en", "fp"})
    if unknown:
        raise doc.error(at, f"example {number}: note has no key {excerpt(unknown[0])} "
                            "(keys: zh, en, fp)")
    for key, value in note.items():
        doc.string((*at, key), value, required=False)


class _Orphan(CuratedError):
    """An example of a yaku the catalog does not have."""


def _check_example_refs(
    doc: TomlDoc, at: tuple[Any, ...], ex: dict[str, Any], by_id: dict[str, Any]
) -> None:
    """The example's yaku, rule questions and letters exist (when the catalog is given).

    Raises _Orphan for a yaku the catalog does not have: like a body, such an example may
    be left over from an accepted change of the sources, and is left out with a warning.
    """
    number, yaku_id = at[1] + 1, ex["yaku"]
    if by_id and (yaku_id not in by_id or by_id[yaku_id]["kind"] != "yaku"):
        raise _Orphan(
            doc.rel, doc.line(*at, "yaku"), f"example {number}: no yaku {excerpt(yaku_id)}"
        )
    options = doc.table((*at, "options"), ex["options"]) if "options" in ex else {}
    for rule_id, letter in options.items():
        where = (*at, "options", rule_id)
        letter = doc.string(where, letter)
        if not by_id:
            continue
        node = by_id.get(rule_id if rule_id != "value" else yaku_id)
        if node is None or (
            rule_id != "value" and (node["kind"] != "rule" or node["yaku"] != yaku_id)
        ):
            raise doc.error(
                where, f"example {number}: {excerpt(rule_id)} is not a rule question of {yaku_id}"
            )
        if letter not in [o["letter"] for o in node["options"]]:
            raise doc.error(where, f"example {number}: {rule_id} has no option {excerpt(letter)}")


def parse_examples(text: str, where: str = "examples.toml") -> list[dict[str, Any]]:
    return examples_from(parse_toml(text.encode("utf-8"), where))


def example_files(root: Path) -> list[tuple[Path, str]]:
    """catalog/examples.toml and catalog/examples/*.toml (path, path relative to root)."""
    base = root / "catalog"
    files = [base / "examples.toml"] + sorted((base / "examples").glob("*.toml"))
    return [(p, p.relative_to(root).as_posix()) for p in files if p.is_file()]


def read_examples(
    root: Path, cat: dict[str, Any] | None = None, warnings: list[str] | None = None
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path, rel in example_files(root):
        out += examples_from(read_toml(path, rel), cat, warnings)
    return out


def examples(root: Path | None = None) -> list[dict[str, Any]]:
    base_root = root if root else HERE.parent
    out: list[dict[str, Any]] = []
    for path, rel in example_files(base_root):
        out += examples_from(read_toml(path, rel))
    return out
