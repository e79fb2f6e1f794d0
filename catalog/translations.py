"""The English edition: curated translations of every text node of the catalog.

`catalog/translations/en.toml` holds one table per text node a reader sees, keyed by the
node's *text key* (`3-02-01/content`, `3-02-01-01/name`, `3-02-01-01/a`, …):

    ["3-02-01/content"]
    zh = "立直後第1純正巡內和牌"      # the zh-Hant text translated (for the reviewer)
    fp = "5afccea372c575a0"           # fingerprint(zh): what the translation was written for
    en = "Win within the first uninterrupted go-around after declaring riichi"

Like the predicate bodies, a translation is bound to the fingerprint of the Chinese it
translates: when a source change alters the Chinese, the entry turns *stale* until someone
reviews it and records the new text and fingerprint. A missing or stale translation never
fails the build; it is reported (build summary, `yakubook status`) and marked as such in
the generated `catalog/catalog.en.json`.

Yaku names are not here: their English lives in catalog/names.toml.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import catalog as catalog_pkg

HERE = Path(__file__).parent
EN_REL = "catalog/translations/en.toml"
GLOSSARY_REL = "catalog/translations/glossary.toml"
EN_JSON_REL = "catalog/catalog.en.json"
EN_SCHEMA_REL = "catalog/catalog.en.schema.json"
LOST = "\ufffd"

VERDICTS = ("translated", "stale", "missing")


def fingerprint(zh: str) -> str:
    """What a translation is bound to: the first 16 hex digits of sha256 of the zh-Hant text."""
    return hashlib.sha256(zh.encode("utf-8")).hexdigest()[:16]


class TranslationError(ValueError):
    """Malformed translation data: `file:line: what is wrong`."""

    def __init__(self, where: str, line: int | None, message: str) -> None:
        self.where, self.line, self.message = where, line, message
        super().__init__(f"{where}:{line}: {message}" if line else f"{where}: {message}")


# ---------------------------------------------------------------------------- text nodes


@dataclass(frozen=True)
class TextNode:
    """One piece of Chinese a reader sees, with the catalog node it belongs to."""

    key: str  # "3-02-01/content", "3-02-01-01/a", "catalog/title"
    node: str  # the catalog node ID, or "catalog"
    yaku: str | None  # the yaku the text belongs to (None: a section or the catalog itself)
    section: str | None
    field: str  # the part of the key after the node ID
    zh: str  # zh-Hant (value words: the catalog's folded form, which is all it keeps)
    hans: str  # zh-Hans


def _forms(text: Any) -> tuple[str, str] | None:
    if not isinstance(text, dict):
        return None
    hant = str(text.get("zh-Hant") or "")
    if not hant:
        return None
    return hant, str(text.get("zh-Hans") or hant)


def value_texts(value: Any) -> list[tuple[str, str]]:
    """The words inside a structured value that a value badge shows (cases, additive yaku)."""
    if not isinstance(value, dict):
        return []
    out: list[tuple[str, str]] = []
    if isinstance(value.get("plus"), str) and value["plus"]:
        out.append(("plus", value["plus"]))
    for i, case in enumerate(value.get("cases") or [], start=1):
        if isinstance(case.get("when"), str) and case["when"]:
            out.append((f"when{i}", case["when"]))
    return out


def text_nodes(cat: dict[str, Any]) -> list[TextNode]:
    """Every text node of the catalog a reader sees, in source order; yaku names excepted."""
    out: list[TextNode] = []

    def add(node: str, yaku: str | None, section: str | None, field: str, text: Any) -> None:
        forms = _forms(text)
        if forms:
            out.append(TextNode(f"{node}/{field}", node, yaku, section, field, *forms))

    add("catalog", None, None, "title", cat.get("title"))
    for chapter in cat.get("chapters", []):
        sections = chapter.get("sections") or []
        if sections:
            add("catalog", None, None, f"chapter/{sections[0]}", chapter.get("title"))
    for n in cat["nodes"]:
        nid, kind, yaku, section = n["id"], n["kind"], n.get("yaku"), n.get("section")
        if kind != "yaku":  # a yaku's own name is translated in names.toml
            add(nid, yaku, section, "name", n.get("name"))
        for i, cond in enumerate(n.get("applies_if") or [], start=1):
            add(nid, yaku, section, f"if{i}", cond)
        add(nid, yaku, section, "content", n.get("content"))
        add(nid, yaku, section, "condition", n.get("condition"))
        for i, note in enumerate(n.get("notes") or [], start=1):
            add(nid, yaku, section, f"note{i}", note)
        for o in n.get("options") or []:
            letter = o["letter"]
            add(nid, yaku, section, letter, o.get("text"))
            for i, note in enumerate(o.get("notes") or [], start=1):
                add(nid, yaku, section, f"{letter}/note{i}", note)
            for field, words in value_texts(o.get("value")):
                out.append(
                    TextNode(
                        f"{nid}/{letter}/{field}", nid, yaku, section, f"{letter}/{field}",
                        words, words,
                    )
                )
    return out


# ---------------------------------------------------------------------------- en.toml


@dataclass(frozen=True)
class Entry:
    key: str
    zh: str
    fp: str
    en: str
    line: int | None


_HEADER = re.compile(r'^\s*\[\s*"([^"]+)"\s*\]\s*(#.*)?$')
_FP = re.compile(r"^[0-9a-f]{16}$")
ENTRY_KEYS = {"zh", "fp", "en"}


def parse_entries(text: str, where: str = EN_REL, bound_to: str = "zh") -> dict[str, Entry]:
    """The tables of en.toml, checked for shape; a malformed entry is a TranslationError.

    `bound_to` is the language the fingerprint binds: the Chinese in en.toml, the English
    in zh.toml (the Chinese edition's prose, which the project writes in English first)."""
    return dict(_parse_entries(text, where, bound_to))


# One build reads en.toml in four stages; the entries are immutable, so the parse of the
# same text is shared (a new text, e.g. after an edit, is parsed anew).
@lru_cache(maxsize=4)
def _parse_entries(text: str, where: str, bound_to: str = "zh") -> dict[str, Entry]:
    try:
        data = catalog_pkg.load_toml(text, where)
    except catalog_pkg.CuratedError as e:
        raise TranslationError(where, e.line, e.message) from None
    lines: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        m = _HEADER.match(raw)
        if m:
            lines.setdefault(m.group(1), number)
    out: dict[str, Entry] = {}
    for key, table in data.items():
        line = lines.get(key)
        if not isinstance(table, dict):
            raise TranslationError(where, line, f"{key}: expected a table [\"{key}\"]")
        unknown, missing = set(table) - ENTRY_KEYS, ENTRY_KEYS - set(table)
        if unknown or missing:
            raise TranslationError(
                where, line, f"{key}: unknown {sorted(unknown)} missing {sorted(missing)}"
            )
        if not all(isinstance(table[k], str) for k in ENTRY_KEYS):
            raise TranslationError(where, line, f"{key}: zh, fp and en must be strings")
        if not _FP.match(table["fp"]):
            raise TranslationError(where, line, f"{key}: fp must be 16 lower-case hex digits")
        if table["fp"] != fingerprint(table[bound_to]):
            raise TranslationError(
                where, line,
                f"{key}: fp is not the fingerprint of {bound_to} "
                f"(expected {fingerprint(table[bound_to])});"
                " when you review a stale entry, update zh, fp and en together",
            )
        out[key] = Entry(key, table["zh"], table["fp"], table["en"], line)
    return out


def load_entries(root: Path) -> dict[str, Entry]:
    path = root / EN_REL
    if not path.exists():
        return {}
    return parse_entries(path.read_text(encoding="utf-8"), EN_REL)


# ---------------------------------------------------------------------------- verdicts


@dataclass(frozen=True)
class Verdict:
    node: TextNode
    status: str  # one of VERDICTS
    entry: Entry | None


def judge(cat: dict[str, Any], entries: dict[str, Entry]) -> list[Verdict]:
    """Each text node: translated (entry bound to today's Chinese), stale, or missing."""
    out = []
    for tn in text_nodes(cat):
        e = entries.get(tn.key)
        if e is None or not e.en.strip():
            out.append(Verdict(tn, "missing", e))
        elif e.fp != fingerprint(tn.zh):
            out.append(Verdict(tn, "stale", e))
        else:
            out.append(Verdict(tn, "translated", e))
    return out


def orphans(cat: dict[str, Any], entries: dict[str, Entry]) -> list[str]:
    """Entries for text nodes the catalog no longer has."""
    keys = {tn.key for tn in text_nodes(cat)}
    return sorted(k for k in entries if k not in keys)


def counts(verdicts: list[Verdict] | list[ProseVerdict]) -> dict[str, int]:
    c = dict.fromkeys(VERDICTS, 0)
    for v in verdicts:
        c[v.status] += 1
    return c | {"total": len(verdicts)}


def summary(cat: dict[str, Any], entries: dict[str, Entry]) -> dict[str, Any]:
    """Counts per yaku (its rule questions included), per section, in total; the open keys."""
    verdicts = judge(cat, entries)
    per_yaku: dict[str, list[Verdict]] = {}
    per_section: dict[str, list[Verdict]] = {}
    for v in verdicts:
        if v.node.yaku:
            per_yaku.setdefault(v.node.yaku, []).append(v)
        per_section.setdefault(v.node.section or "catalog", []).append(v)
    return {
        "yaku": {y: counts(vs) for y, vs in per_yaku.items()},
        "sections": {s: counts(vs) for s, vs in sorted(per_section.items())},
        "total": counts(verdicts),
        "stale": [v.node.key for v in verdicts if v.status == "stale"],
        "missing": [v.node.key for v in verdicts if v.status == "missing"],
        "orphans": orphans(cat, entries),
    }


def went_stale(
    old: dict[str, Any] | None, new: dict[str, Any], entries: dict[str, Entry]
) -> list[str]:
    """Change-summary lines: translations that matched the previous catalog and no longer do."""
    if old is None:
        return []
    before = {tn.key: tn.zh for tn in text_nodes(old)}
    lines = []
    for tn in text_nodes(new):
        e = entries.get(tn.key)
        if e is None or tn.key not in before:
            continue
        if e.fp == fingerprint(before[tn.key]) and e.fp != fingerprint(tn.zh):
            lines.append(f"  translation went stale: {tn.key} {before[tn.key]} -> {tn.zh}")
    return lines


# ---------------------------------------------------------------------------- zh.toml

# The Chinese edition's prose the project writes in English first: each body's reading
# ("How the code reads it": its docstring, one entry per paragraph) and the reason of each
# procedure-only rule question (catalog/procedure.toml). catalog/translations/zh.toml holds
# their Chinese the same way en.toml holds the catalog's English, the other way round: `en`
# is the English translated, `fp` its fingerprint, `zh` the Chinese (Traditional; the
# Simplified form is converted when the page is rendered).
#
#     ["3-02-04/reading1"]
#     en = "Ron on the tile another player discards to declare riichi."
#     fp = "…"                          # fingerprint(en)
#     zh = "榮和他家宣告立直時打出的那張牌。"
#
# When a docstring or a procedure note changes, its Chinese is *stale* until reviewed; a
# text without an entry is *missing*. Neither fails the build: the build's summary and
# `yakubook status` report them, and the Chinese edition shows the English, marked.
ZH_REL = "catalog/translations/zh.toml"


def load_zh_entries(root: Path) -> dict[str, Entry]:
    path = root / ZH_REL
    if not path.exists():
        return {}
    return parse_entries(path.read_text(encoding="utf-8"), ZH_REL, bound_to="en")


def paragraphs(doc: str) -> list[str]:
    """A docstring's paragraphs as a page shows them: split at blank lines, each on one
    line (re-wrapping a docstring does not make its translation stale)."""
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", doc) if p.strip()]


def reading_key(yaku_id: str, number: int) -> str:
    return f"{yaku_id}/reading{number}"


def prose_texts(cat: dict[str, Any], readings: dict[str, str]) -> dict[str, str]:
    """Key -> English of every text of the Chinese edition written in English first, in
    catalog order: the readings' paragraphs (`ID/readingN`) and the procedure notes
    (`ID/procedure`)."""
    out: dict[str, str] = {}
    for n in cat["nodes"]:
        if n["kind"] == "yaku":
            for i, para in enumerate(paragraphs(readings.get(n["id"], "")), start=1):
                out[reading_key(n["id"], i)] = para
        why = str(n.get("procedure_why") or "").strip()
        if n.get("procedure_only") and why:
            out[f"{n['id']}/procedure"] = why
    return out


@dataclass(frozen=True)
class ProseVerdict:
    key: str
    en: str  # today's English
    status: str  # one of VERDICTS
    entry: Entry | None


def judge_prose(texts: dict[str, str], entries: dict[str, Entry]) -> list[ProseVerdict]:
    """Each text: translated (its Chinese written for today's English), stale, or missing."""
    out = []
    for key, en in texts.items():
        e = entries.get(key)
        if e is None or not e.zh.strip():
            status = "missing"
        elif e.fp != fingerprint(en):
            status = "stale"
        else:
            status = "translated"
        out.append(ProseVerdict(key, en, status, e))
    return out


def prose_summary(texts: dict[str, str], entries: dict[str, Entry]) -> dict[str, Any]:
    """Counts, the open keys and the entries for texts that no longer exist."""
    verdicts = judge_prose(texts, entries)
    return {
        "total": counts(verdicts),
        "stale": [v.key for v in verdicts if v.status == "stale"],
        "missing": [v.key for v in verdicts if v.status == "missing"],
        "orphans": sorted(k for k in entries if k not in texts),
    }


def prose_report(texts: dict[str, str], entries: dict[str, Entry]) -> list[str]:
    """Build-summary lines for the Chinese edition's prose: each stale text, and a count
    of the open ones (never an error)."""
    summary = prose_summary(texts, entries)
    lines = []
    for key in summary["stale"]:
        line = entries[key].line
        lines.append(f"  translation went stale (zh): {key}: the English changed since its "
                     f"Chinese was written ({ZH_REL}:{line})")
    total = summary["total"]
    if total["stale"] or total["missing"]:
        lines.append(
            f"translations (zh): {total['stale']} stale, {total['missing']} missing "
            f"of {total['total']} (see `yakubook status`)"
        )
    return lines


# ---------------------------------------------------------------------------- catalog.en.json


def _text(v: Verdict) -> dict[str, Any]:
    """One text in English, marked: a stale translation is kept but flagged; missing is null."""
    return {
        "key": v.node.key,
        "en": v.entry.en if v.entry is not None and v.entry.en.strip() else None,
        "status": v.status,
        "zh-Hant": v.node.zh,
    }


def english_catalog(
    cat: dict[str, Any], entries: dict[str, Entry], names: dict[str, Any]
) -> dict[str, Any]:
    """catalog.en.json: the catalog's structure with the English of every text node."""
    by_key = {v.node.key: v for v in judge(cat, entries)}

    def text(key: str) -> dict[str, Any] | None:
        v = by_key.get(key)
        return _text(v) if v else None

    def listed(prefix: str) -> list[dict[str, Any]]:
        out, i = [], 1
        while f"{prefix}{i}" in by_key:
            out.append(_text(by_key[f"{prefix}{i}"]))
            i += 1
        return out

    nodes = []
    for n in cat["nodes"]:
        nid = n["id"]
        if n["kind"] == "yaku":
            nm = names.get(nid)
            name: dict[str, Any] = {
                "key": f"names.toml/{nid}",
                "en": (nm.en or None) if nm else None,
                "romaji": nm.romaji if nm else None,
                "status": "translated" if nm and nm.en else "missing",
                "zh-Hant": n["name"]["zh-Hant"],
            }
        else:
            name = text(f"{nid}/name") or {}
        options = []
        for o in n.get("options") or []:
            letter = o["letter"]
            words = {
                field: text(f"{nid}/{letter}/{field}")
                for field, _ in value_texts(o.get("value"))
            }
            options.append(
                {
                    "letter": letter,
                    "text": text(f"{nid}/{letter}"),
                    "notes": listed(f"{nid}/{letter}/note"),
                    "value_words": words,
                }
            )
        nodes.append(
            {
                "id": nid,
                "kind": n["kind"],
                "parent": n.get("parent"),
                "yaku": n.get("yaku"),
                "section": n.get("section"),
                "name": name,
                "applies_if": listed(f"{nid}/if"),
                "content": text(f"{nid}/content"),
                "condition": text(f"{nid}/condition"),
                "notes": listed(f"{nid}/note"),
                "options": options,
            }
        )
    chapters = [
        {"sections": c.get("sections") or [], "title": text(f"catalog/chapter/{c['sections'][0]}")}
        for c in cat.get("chapters", [])
        if c.get("sections")
    ]
    return {
        "format": 1,
        "language": "en",
        "catalog": "catalog.json",
        "title": text("catalog/title"),
        "chapters": chapters,
        "counts": counts(list(by_key.values())),
        "nodes": nodes,
    }


_TEXT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One text node in English. `status` says whether `en` translates today's "
    "Chinese (translated), an earlier version of it (stale: show it marked, or the Chinese "
    "with a 'translation pending' mark), or nothing yet (missing: `en` is null).",
    "required": ["key", "en", "status", "zh-Hant"],
    "additionalProperties": False,
    "properties": {
        "key": {"type": "string", "description": "the entry's key in en.toml"},
        "en": {"type": ["string", "null"]},
        "romaji": {"type": ["string", "null"], "description": "yaku names only"},
        "status": {"enum": list(VERDICTS)},
        "zh-Hant": {"type": "string", "description": "the Chinese text it stands for"},
    },
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "catalog.en.schema.json",
    "title": "yakubook catalog, English edition",
    "description": "Generated by `yakubook build` from catalog.json, names.toml and "
    "translations/en.toml. Nodes are those of catalog.json, in the same order, with the "
    "English of every text a reader sees.",
    "type": "object",
    "required": ["format", "language", "catalog", "title", "chapters", "counts", "nodes"],
    "additionalProperties": False,
    "$defs": {
        "text": _TEXT_SCHEMA,
        "texts": {"type": "array", "items": {"$ref": "#/$defs/text"}},
        "maybe_text": {"oneOf": [{"$ref": "#/$defs/text"}, {"type": "null"}]},
    },
    "properties": {
        "format": {"const": 1},
        "language": {"const": "en"},
        "catalog": {"const": "catalog.json"},
        "title": {"$ref": "#/$defs/maybe_text"},
        "chapters": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["sections", "title"],
                "additionalProperties": False,
                "properties": {
                    "sections": {"type": "array", "items": {"type": "string"}},
                    "title": {"$ref": "#/$defs/maybe_text"},
                },
            },
        },
        "counts": {
            "type": "object",
            "required": [*VERDICTS, "total"],
            "additionalProperties": False,
            "properties": {k: {"type": "integer", "minimum": 0} for k in (*VERDICTS, "total")},
        },
        "nodes": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "id", "kind", "parent", "yaku", "section", "name", "applies_if",
                    "content", "condition", "notes", "options",
                ],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": r"^3-\d\d(-\d\d)*$"},
                    "kind": {"enum": ["section", "yaku", "rule"]},
                    "parent": {"type": ["string", "null"]},
                    "yaku": {"type": ["string", "null"]},
                    "section": {"type": ["string", "null"]},
                    "name": {"$ref": "#/$defs/text"},
                    "applies_if": {"$ref": "#/$defs/texts"},
                    "content": {"$ref": "#/$defs/maybe_text"},
                    "condition": {"$ref": "#/$defs/maybe_text"},
                    "notes": {"$ref": "#/$defs/texts"},
                    "options": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["letter", "text", "notes", "value_words"],
                            "additionalProperties": False,
                            "properties": {
                                "letter": {"type": "string", "pattern": "^[a-z]$"},
                                "text": {"$ref": "#/$defs/text"},
                                "notes": {"$ref": "#/$defs/texts"},
                                "value_words": {
                                    "type": "object",
                                    "description": "words inside the structured value "
                                    "(plus: the yaku whose han are added; whenN: the N-th "
                                    "case of a conditional value); their zh-Hant is the "
                                    "form the catalog stores in the value (zh-Hans)",
                                    "additionalProperties": {"$ref": "#/$defs/text"},
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


def _json_bytes(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def stage(
    root: Path, cat: dict[str, Any], names: dict[str, Any], outputs: dict[str, bytes]
) -> tuple[dict[str, bytes], list[str]]:
    """Build stage: catalog.en.json and its schema. Missing or stale entries never fail it."""
    entries = load_entries(root)
    en = english_catalog(cat, entries, names)
    return {EN_JSON_REL: _json_bytes(en), EN_SCHEMA_REL: _json_bytes(SCHEMA)}, []


# ---------------------------------------------------------------------------- glossary


@dataclass(frozen=True)
class Term:
    zh: str  # zh-Hant
    en: str  # the English term
    forms: tuple[str, ...]  # what counts as using it in a translation (lower case)
    unless: tuple[str, ...]  # zh contexts where the characters are not this term


def load_glossary(root: Path) -> list[Term]:
    data = catalog_pkg.read_toml(root / GLOSSARY_REL, GLOSSARY_REL).data
    out = []
    for zh, t in data.get("term", {}).items():
        forms = tuple(f.lower() for f in [t["en"], *t.get("forms", [])])
        out.append(Term(zh, t["en"], forms, tuple(t.get("unless", []))))
    return out


def name_masks(cat: dict[str, Any], terms: list[Term]) -> list[str]:
    """Local yaku names (rendered by their romaji, not term by term), longest first.

    A name that is itself a glossary term (裸單騎, 人和, 八連莊) is not masked.
    """
    term_words = {t.zh for t in terms}
    found = {n["name"]["zh-Hant"] for n in cat["nodes"] if n["kind"] == "yaku"}
    return sorted((w for w in found if w not in term_words), key=lambda w: (-len(w), w))


def uses_term(zh: str, term: Term, masks: list[str] | None = None) -> bool:
    """Whether zh contains the term outside yaku names and the term's `unless` contexts."""
    if term.zh not in zh:  # most texts use few of the terms: masking is the cost
        return False
    masked = zh
    for ctx in [*term.unless, *(masks or [])]:
        masked = masked.replace(ctx, "\0" * len(ctx))
    return term.zh in masked


def glossary_violations(
    cat: dict[str, Any], entries: dict[str, Entry], terms: list[Term]
) -> list[str]:
    """`key: term -> english` for every translation that does not use a term its Chinese uses."""
    masks = name_masks(cat, terms)
    out = []
    for tn in text_nodes(cat):
        e = entries.get(tn.key)
        if e is None:
            continue
        en = e.en.lower()
        for t in terms:
            if uses_term(tn.zh, t, masks) and not any(f in en for f in t.forms):
                out.append(f"{tn.key}: {t.zh} -> {t.en} not in {e.en!r}")
    return out


# ---------------------------------------------------------------------------- formulaic values

_MULTIPLES_ZH = {1: "", 2: "兩倍", 3: "三倍"}
_MULTIPLES_EN = {1: "", 2: "Double ", 3: "Triple "}
_LIMITS = {
    "mangan": ("滿貫", "Mangan"), "haneman": ("跳滿", "Haneman"),
    "baiman": ("倍滿", "Baiman"), "sanbaiman": ("三倍滿", "Sanbaiman"),
}
LOST_HAN_EN = "? han (digit lost in the source)"


def _han_zh(han: int | None) -> str:
    return f"{LOST if han is None else han}翻"


def _han_en(han: int | None) -> str:
    return LOST_HAN_EN if han is None else f"{han} han"


def formulaic(text: str, value: Any) -> str | None:
    """The English of a value option whose whole text is the formula of its structured value.

    The Chinese is rendered back from the value and must equal the option's text exactly, so
    a qualifier the value does not carry (（包含…）, （僅限門前）) is never dropped: such
    options are translated by hand.
    """
    if not isinstance(value, dict):
        return None
    for zh, en in _formula(value):
        if zh == text:
            return en
    return None


def _formula(v: dict[str, Any]) -> list[tuple[str, str]]:
    kind = v.get("kind")
    if kind == "none":
        return [("無", "Not used")]
    if kind == "adopted":
        return [("有", "Used")]
    if kind == "han":
        han, open_han = v.get("han"), v.get("open_han")
        if open_han is None:
            return [(_han_zh(han), _han_en(han))]
        if han is None:
            return []
        if open_han == han:
            return [(f"{han}翻（鳴牌後也{han}翻）", f"{han} han (also {han} han when open)")]
        return [(f"{han}翻（鳴牌後{open_han}翻）", f"{han} han ({open_han} han when open)")]
    if kind == "yakuman":
        m = v.get("multiple")
        if m not in _MULTIPLES_ZH:
            return []
        zh, en = f"{_MULTIPLES_ZH[m]}役滿", f"{_MULTIPLES_EN[m]}yakuman".capitalize()
        op = v.get("open")
        if op is None:
            return [(zh, en)]
        if op.get("kind") == "han" and op.get("han") is not None and op.get("open_han") is None:
            return [(f"{zh}（鳴牌後{op['han']}翻）", f"{en} ({op['han']} han when open)")]
        if op.get("kind") == "yakuman" and op.get("open") is None:
            om = op.get("multiple")
            if om == m == 1:
                return [(f"{zh}（鳴牌也是役滿）", f"{en} (also yakuman when open)")]
            if om in _MULTIPLES_ZH:
                oz = f"{_MULTIPLES_ZH[om]}役滿"
                oe = f"{_MULTIPLES_EN[om]}yakuman".lower()
                return [(f"{zh}（鳴牌後{oz}）", f"{en} ({oe} when open)")]
        return []
    if kind == "limit" and v.get("limit") in _LIMITS and v.get("multiple") == 1:
        return [_LIMITS[v["limit"]]]
    return []


# ---------------------------------------------------------------------------- maintenance


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def render_entries(cat: dict[str, Any], entries: dict[str, Entry]) -> str:
    """en.toml in catalog order, one comment line per section and yaku; orphans last."""
    names_by_id = {n["id"]: n["name"]["zh-Hant"] for n in cat["nodes"]}
    out = [
        "# English edition of the catalog: one table per text node, keyed by catalog ID and",
        "# field (name, content, condition, ifN, noteN, option letter, letter/noteN,",
        "# letter/whenN, letter/plus). zh is the Chinese translated, fp its fingerprint",
        "# (catalog.translations.fingerprint). Edit en by hand; refresh zh and fp only after",
        "# reviewing the translation against the new Chinese. See catalog/translations.py.",
        "",
    ]
    heading = None
    groups = {tn.key: tn.yaku or tn.node for tn in text_nodes(cat)}
    keys = list(groups)
    for key in keys + [k for k in sorted(entries) if k not in groups]:
        e = entries.get(key)
        if e is None:
            continue
        group = groups.get(key, heading)
        if group != heading:
            heading = group
            out.append(f"# ---- {group} {names_by_id.get(group, '')}".rstrip())
            out.append("")
        out += [
            f"[{_toml_str(key)}]",
            f"zh = {_toml_str(e.zh)}",
            f"fp = {_toml_str(e.fp)}",
            f"en = {_toml_str(e.en)}",
            "",
        ]
    return "\n".join(out)


def render_zh_entries(texts: dict[str, str], entries: dict[str, Entry]) -> str:
    """zh.toml in catalog order (the order of `texts`, prose_texts), one comment line per
    yaku; entries whose text no longer exists last."""
    out = [
        "# The Chinese edition's prose written in English first: the bodies' readings (\"How",
        "# the code reads it\", one table per paragraph: ID/readingN) and the procedure notes",
        "# (ID/procedure, catalog/procedure.toml). en is the English translated, fp its",
        "# fingerprint (catalog.translations.fingerprint), zh the Chinese (Traditional; the",
        "# site converts the Simplified form). Edit zh by hand; refresh en and fp only after",
        "# reviewing the Chinese against the new English. See catalog/translations.py.",
        "",
    ]
    heading = None
    for key in [*texts, *sorted(k for k in entries if k not in texts)]:
        e = entries.get(key)
        if e is None:
            continue
        node = key.split("/")[0]
        yaku = "-".join(node.split("-")[:3]) if key in texts else "texts that no longer exist"
        if yaku != heading:
            heading = yaku
            out += [f"# ---- {yaku}", ""]
        out += [f"[{_toml_str(key)}]", f"en = {_toml_str(e.en)}", f"fp = {_toml_str(e.fp)}",
                f"zh = {_toml_str(e.zh)}", ""]
    return "\n".join(out)


def _escape(s: str) -> str:
    return s.replace("\n", "\\n")


def _main(argv: list[str]) -> int:
    """`python -m catalog.translations todo | formulaic | merge FILE.tsv` (run from the
    root).

    todo: the missing and stale keys with their Chinese. formulaic: add entries for value
    options whose text is exactly the formula of their value. merge: set the English of
    the keys in FILE.tsv (`key<TAB>english`, `\\n` for a line break), bound to the Chinese
    of today's catalog. The Chinese edition's prose (catalog/translations/zh.toml) has its
    own commands in render/zh_prose.py: its English comes from the bodies, a higher stage.
    """
    root = Path.cwd()
    cat = json.loads((root / "catalog" / "catalog.json").read_text(encoding="utf-8"))
    entries = load_entries(root)
    nodes = {tn.key: tn for tn in text_nodes(cat)}
    if not argv or argv[0] not in ("todo", "formulaic", "merge"):
        print(_main.__doc__)
        return 2
    if argv[0] == "todo":
        for v in judge(cat, entries):
            if v.status != "translated":
                print(f"{v.status}\t{v.node.key}\t{_escape(v.node.zh)}")
        return 0
    if argv[0] == "formulaic":
        for n in cat["nodes"]:
            for o in n.get("options") or []:
                key = f"{n['id']}/{o['letter']}"
                en = formulaic(o["text"]["zh-Hant"], o.get("value"))
                if en and key not in entries:
                    zh = nodes[key].zh
                    entries[key] = Entry(key, zh, fingerprint(zh), en, None)
    else:
        path = Path(argv[1])
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not raw.strip() or raw.startswith("#"):
                continue
            key, sep, en = raw.partition("\t")
            if not sep or key not in nodes or not en.strip():
                print(f"{path}:{number}: expected a known key, a tab and English: {raw!r}")
                return 2
            zh = nodes[key].zh
            entries[key] = Entry(key, zh, fingerprint(zh), en.strip().replace("\\n", "\n"), None)
    (root / EN_REL).write_text(render_entries(cat, entries), encoding="utf-8")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(_main(sys.argv[1:]))
