"""The website's model: nodes, sections, names in every form, status, related yaku."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

import catalog as catalog_pkg
from render.site.common import (
    ID,
    NAMES_PATH,
    REPAIR_KINDS,
    STATUS_LABELS,
    STATUS_PATH,
    STATUSES,
    status_badge,
)
from render.site.escape import SiteError
from render.site.examples import ExampleView, read_examples
from render.site.values import (
    Text,
    badge,
    is_lost,
    lost_numbers,
    text,
    to_hant,
    value_rank,
)

# The numbers a lost-value page's ruleset snippet shows (the reader writes their table's
# own): a fu ends in the 5 that survived of 鳴牌七對子's ?5符.
SUPPLY_EXAMPLES = {"han": 2, "fu": 25, "multiple": 2}
LOST_NUMBER_WORDS = {"han": ("翻數", "翻数"), "fu": ("符數", "符数"), "multiple": ("倍數", "倍数")}


@dataclass
class Option:
    letter: str
    text: Text
    value: dict[str, Any] | None
    badge: Markup
    is_default: bool
    notes: list[Text]
    lost_note: str | None


# Words of a rule question that asks whether the hand must be closed (門前) or may be open.
OPEN_CLOSED_WORDS = ("門前", "門清", "鳴牌", "副露", "食下")
# A yaku's own 內容/條件 saying the hand is closed: 僅限門前 (closed only), 門前清 (closed,
# as in 門前清一色); not 門前 alone (3-03-05: 裸單騎或門前單騎, either).
CLOSED_WORDS = ("僅限門前", "門前清")


@dataclass
class Repair:
    line: int | None
    column: int | None
    kind: str
    damaged: str
    result: str
    evidence: str



@dataclass(frozen=True)
class NameForms:
    """Every form of a yaku's name a player might type (catalog/names.toml; absent keys are
    empty)."""

    hant: str
    hans: str
    source: str
    zh: str
    ja: str
    kana: str
    romaji: str
    name_en: str
    romaji_aliases: tuple[str, ...]
    ja_aliases: tuple[str, ...]
    en_aliases: tuple[str, ...]
    zh_aliases: tuple[str, ...]

    def by_form(self) -> dict[str, list[str]]:
        """Name forms by kind, without blanks or repeats, in a fixed order."""
        def uniq(items: list[str]) -> list[str]:
            out: list[str] = []
            for item in items:
                item = item.strip()
                if item and item not in out:
                    out.append(item)
            return out
        return {
            "zh-Hant": uniq([self.hant]),
            "zh-Hans": uniq([self.hans]),
            "zh-alias": [a for a in uniq([self.source, self.zh, *self.zh_aliases])
                         if a not in (self.hant, self.hans)],
            "ja": uniq([self.ja, *self.ja_aliases]),
            "kana": uniq([self.kana]),
            "romaji": uniq([self.romaji, *self.romaji_aliases]),
            "en": uniq([self.name_en, *self.en_aliases]),
        }

    def all(self) -> list[str]:
        out: list[str] = []
        for forms in self.by_form().values():
            out.extend(f for f in forms if f not in out)
        return out


@dataclass(frozen=True)
class Related:
    """Another yaku this one relates to, and how: `zh` and `en` say the relation with
    `{link}` where the other yaku's name goes (each edition puts its own link there)."""

    id: str
    name: str
    kind: str   # variant, parent, nested, note, note_reverse, family_larger, family_smaller
    zh: str
    en: str


@dataclass(frozen=True)
class FamilyLink:
    """A family decision of catalog/families.toml as one yaku's page shows it."""

    id: str  # the other yaku of the family
    name: str
    larger: bool  # the other yaku is the larger one (this one is dropped beside it)
    why: str
    why_zh: str = ""  # the reason in Chinese (the Chinese edition; English where missing)


@dataclass(frozen=True)
class ChineseProse:
    """A text of the Chinese edition the project writes in English first (a paragraph of a
    body's reading, a procedure note), as the Chinese page shows it: its Chinese in both
    scripts when translated for today's English; otherwise the English, with the verdict
    (stale or missing) the page marks (catalog/translations/zh.toml)."""

    status: str  # translated, stale, missing
    en: str
    zh: Text | None  # None unless translated

@dataclass
class Node:
    id: str
    kind: str
    depth: int
    level: int
    section: str
    yaku: str | None
    name: Text
    source: str
    content: Text | None
    condition: Text | None
    notes: list[Text]
    applies_if: list[Text]
    options: list[Option]
    has_values: bool
    repairs: list[Repair]
    slug: str = ""
    romaji: str = ""
    en: str = ""
    status: str = "missing"
    status_note: str | None = None
    status_note_zh: Text | None = None  # the same note as the Chinese edition says it
    procedure: str | None = None
    examples: list[ExampleView] = field(default_factory=list)
    parent: str | None = None
    forms: NameForms | None = None
    body: str | None = None          # where the body lives (file:line), from STATUS.json
    reading: str = ""                # the body's docstring: how the code reads the rule
    reading_zh: list[ChineseProse] = field(default_factory=list)  # its paragraphs in Chinese
    procedure_zh: ChineseProse | None = None  # a procedure note in Chinese
    rules: list[Node] = field(default_factory=list)      # rule questions of this yaku
    related: list[Related] = field(default_factory=list)
    families: list[FamilyLink] = field(default_factory=list)
    # False: every non-無 value option lost its number, so the default awards "?翻".
    playable_default: bool = True
    raw_value_notes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def page(self) -> str:
        """The Markdown file that shows this node, relative to site/docs."""
        if self.kind == "yaku":
            return f"yaku/{self.id}.md"
        if self.kind == "rule" and self.yaku:
            return f"yaku/{self.yaku}.md"
        return f"sections/{self.section}.md"

    @property
    def lost_value(self) -> bool:
        """A value option whose number the sources lost (shown as ?翻)."""
        return any(o.value is not None and is_lost(o.value) for o in self.options)

    @property
    def lost_letters(self) -> list[str]:
        return [o.letter for o in self.options if o.value is not None and is_lost(o.value)]

    @property
    def lost_supply(self) -> list[tuple[str, int, str, str]]:
        """What a ruleset writes to supply the numbers of the first option that lost one:
        each key the engine takes for it (``han``, ``fu``, ``multiple``), an example, and
        what the number is called (zh-Hant, zh-Hans)."""
        first = next(o for o in self.options if o.value is not None and is_lost(o.value))
        keys = lost_numbers(first.value) or ["han"]  # a case's or open value's han
        return [(key, SUPPLY_EXAMPLES[key], *LOST_NUMBER_WORDS[key]) for key in keys]

    @property
    def lost_words(self) -> dict[str, str]:
        """What the lost numbers are called in the page's sentence (翻數, 符數, 倍數), by
        script (``hant``, ``hans``)."""
        supply = self.lost_supply
        return {"hant": "、".join(hant for _, _, hant, _ in supply),
                "hans": "、".join(hans for _, _, _, hans in supply)}

    @property
    def hashes(self) -> Markup:
        return Markup("#" * self.level)

    @property
    def max_value(self) -> dict[str, Any] | None:
        values = [o.value for o in self.options if o.value is not None]
        return max(values, key=value_rank, default=None)

    @property
    def max_badge(self) -> Markup:
        """The highest value; of a conditional value, its highest case, marked as such."""
        v = self.max_value
        if v is None or v.get("kind") != "conditional" or not v.get("cases"):
            return badge(v)
        best = max((c["value"] for c in v["cases"]), key=value_rank)
        return badge(best) + Markup(
            '<sup class="yb-cond-mark" title="依情況而定 · 依情况而定 · depends on the case">'
            "依條件</sup>"
        )

    @property
    def open_or_closed(self) -> tuple[str, Node | None]:
        """What the source says about an open hand, for the page's opening summary:
        ("closed", None) when the default value is for closed hands only; ("open", None)
        when the default value states its open value; ("rule", question) when a rule
        question of the yaku asks it (門前, 鳴牌, 副露 in its name); ("closed", None) too when
        the yaku's own text says it (僅限門前, 門前清…); ("unstated", None)
        otherwise (nothing is inferred)."""
        default = self.default_option
        value = default.value if default and default.value else {}
        if any(n.get("kind") == "closed_only" for n in value.get("notes", [])):
            return "closed", None
        if value.get("open_han") is not None or value.get("open") is not None:
            return "open", None
        # the hand's own text may say it: 僅限門前 (closed only), 門前清一色 (a closed flush)
        said = " ".join(t.hant for t in (self.content, self.condition) if t)
        if any(w in said for w in CLOSED_WORDS):
            return "closed", None
        for rule in self.rules:
            if any(w in rule.name.hant for w in OPEN_CLOSED_WORDS):
                return "rule", rule
        return "unstated", None

    @property
    def default_option(self) -> Option | None:
        return next((o for o in self.options if o.is_default), None)

    @property
    def value_range(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The lowest and highest value of the menu whose numbers are known (無 and lost
        numbers left out), or None when fewer than two such values differ."""
        values = [o.value for o in self.options
                  if o.value is not None and o.value.get("kind") != "none" and not is_lost(o.value)]
        if not values:
            return None
        low, high = min(values, key=value_rank), max(values, key=value_rank)
        return None if value_rank(low) == value_rank(high) else (low, high)

    @property
    def status_badge(self) -> Markup:
        """The Chinese edition's badge (the English one writes its own), its note in Chinese."""
        note = self.status_note_zh.hant if self.status_note_zh else self.status_note
        return status_badge(self.status, note)


@dataclass
class Section:
    id: str
    name: Text
    source: str
    chapter: Text | None
    script: str
    nodes: list[Node]
    counts: dict[str, int]
    sha: str

    @property
    def yaku(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "yaku"]

    @property
    def rules(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "rule"]

    @property
    def one_status(self) -> bool:
        """Every yaku of the section has one status, which the line above its table names:
        a phone leaves out the table's status column."""
        return sum(1 for st in STATUSES if self.counts[st]) == 1


def _src(obj: dict[str, Any] | None) -> str:
    if not obj:
        return "?"
    return f"{obj.get('file', '?')}:{obj.get('line', '?')}"


def _lost_note(node: dict[str, Any], opt: dict[str, Any]) -> str | None:
    """The options table's word on a lost number: where in the source it was lost, by line
    and column only; the file (a path with a hash) is verification detail, listed at the
    foot of the page with the repairs (#41 point 7)."""
    v = opt.get("value")
    if not v or not is_lost(v):
        return None
    source = opt.get("source") or node.get("source") or {}
    line, column = source.get("line"), None
    for r in opt.get("repairs", []):
        if r.get("kind") == "digit_lost" and r.get("line") is not None:
            line, column = r["line"], r.get("column")
            break
    shown_line = "?" if line is None else line
    zh_col, en_col = ("", "") if column is None else (f"第{column}列", f", column {column}")
    where = (f"（來源第{shown_line}行{zh_col}，見頁末 · "
             f"source line {shown_line}{en_col}: see the foot of the page）")
    if v.get("kind") == "lost":
        return (f"? ＝ 整個值在來源中遺失，未作猜測 · "
                f"the whole value was lost in the source, not guessed {where}")
    return (f"? ＝ 此數字在來源中遺失，未作猜測 · "
            f"this digit was lost in the source, not guessed {where}")


def _repairs(objs: list[dict[str, Any]]) -> list[Repair]:
    out = []
    for r in objs:
        out.append(Repair(
            line=r.get("line"),
            column=r.get("column"),
            kind=REPAIR_KINDS.get(r.get("kind", ""), str(r.get("kind", "?"))),
            damaged=str(r.get("damaged", "")),
            result=str(r.get("result", "")),
            evidence=str(r.get("evidence", "")),
        ))
    return out


def _default_letter(node: dict[str, Any]) -> str | None:
    opts = node.get("options", [])
    if not opts:
        return None
    if node["kind"] == "rule":
        return opts[0]["letter"]
    return catalog_pkg.default_letter(opts)


def build_node(n: dict[str, Any]) -> Node:
    default = _default_letter(n)
    options = []
    repairs = list(n.get("repairs", []))
    for o in n.get("options", []):
        options.append(Option(
            letter=o["letter"],
            text=text(o["text"]) or Text("", "", ""),
            value=o.get("value"),
            badge=badge(o.get("value")),
            is_default=o["letter"] == default,
            notes=[t for t in (text(x) for x in o.get("notes", [])) if t],
            lost_note=_lost_note(n, o),
        ))
        repairs.extend(o.get("repairs", []))
    repairs.sort(key=lambda r: (r.get("line") or 0, r.get("column") or 0))
    return Node(
        id=n["id"],
        kind=n["kind"],
        depth=n.get("depth", 1),
        level=min(max(n.get("depth", 1), 1), 6),
        section=n.get("section") or n["id"][:4],
        yaku=n.get("yaku"),
        name=text(n["name"]) or Text(n["id"], n["id"], n["id"]),
        source=_src(n.get("source")),
        content=text(n.get("content")),
        condition=text(n.get("condition")),
        notes=[t for t in (text(x) for x in n.get("notes", [])) if t],
        applies_if=[t for t in (text(x) for x in n.get("applies_if", [])) if t],
        options=options,
        has_values=any(o.value is not None for o in options),
        repairs=_repairs(repairs),
        procedure=str(n.get("procedure_why") or "") if n.get("procedure_only") else None,
        playable_default=n["kind"] != "yaku" or catalog_pkg.playable_default(n["options"]),
        parent=n.get("parent"),
        raw_value_notes=[note for o in n.get("options", [])
                         for note in (o.get("value") or {}).get("notes", [])],
    )


def _sha(obj: Any) -> str:
    return hashlib.sha256(catalog_pkg.canonical_json(obj).encode()).hexdigest()


# ---------------------------------------------------------------------------- status


@dataclass
class Status:
    known: bool
    yaku: dict[str, dict[str, Any]]
    orphans: list[dict[str, Any]]


def read_status(outputs: dict[str, bytes], yaku_ids: list[str], warnings: list[str]) -> Status:
    raw = outputs.get(STATUS_PATH)
    if raw is None:
        return Status(False, {y: {"status": "missing", "note": None} for y in yaku_ids}, [])
    try:
        data = json.loads(raw)
        entries = data["yaku"]
    except (ValueError, KeyError, TypeError) as e:
        warnings.append(f"{STATUS_PATH}: unreadable ({e}); every yaku shown as missing")
        return Status(False, {y: {"status": "missing", "note": None} for y in yaku_ids}, [])
    known = set(yaku_ids)
    out: dict[str, dict[str, Any]] = {}
    for y in yaku_ids:
        e = entries.get(y) or {}
        st = e.get("status", "missing")
        if st not in STATUS_LABELS:
            warnings.append(f"{STATUS_PATH}: {y} has unknown status {st!r}")
        out[y] = {"status": st, "note": e.get("note"), "body": e.get("body")}
    orphans = [
        {"id": k, "status": v.get("status", "orphan"), "note": v.get("note"),
         "slug": v.get("slug") or "", "section": v.get("section") or ""}
        for k, v in sorted(entries.items()) if k not in known
    ]
    return Status(True, out, orphans)

@dataclass
class Site:
    sections: list[Section]
    nodes: list[Node]
    status: Status
    cat_sha: str
    stats: dict[str, Any]
    chapters: list[dict[str, Any]]
    examples_count: int

    @property
    def yaku(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "yaku"]

    @property
    def rules(self) -> list[Node]:
        return [n for n in self.nodes if n.kind == "rule"]

    @property
    def totals(self) -> dict[str, int]:
        """Yaku per status over every section, and "total"."""
        return {st: sum(s.counts[st] for s in self.sections) for st in (*STATUSES, "total")}

    @property
    def empty_statuses(self) -> list[str]:
        """The statuses no yaku has: a column of zeros that a phone leaves out of the
        status table, naming them under it instead."""
        totals = self.totals
        return [st for st in STATUSES if not totals[st]]

    @property
    def status_groups(self) -> list[dict[str, Any]]:
        """The yaku of each status, in STATUSES order (the by-status pages)."""
        return [{"status": st, "members": [y for y in self.yaku if y.status == st]}
                for st in STATUSES]


def build_model(root: Path, cat: dict[str, Any], names: dict[str, catalog_pkg.Name],
                outputs: dict[str, bytes], warnings: list[str]) -> Site:
    raw_nodes = cat.get("nodes", [])
    bad = sorted(str(n.get("id")) for n in raw_nodes if not ID.match(str(n.get("id"))))
    if bad:
        raise SiteError(f"catalog IDs that cannot be anchors: {', '.join(bad)}")
    ids = Counter(n["id"] for n in raw_nodes)
    dupes = sorted(k for k, c in ids.items() if c > 1)
    if dupes:
        raise SiteError(f"catalog IDs appear more than once: {', '.join(dupes)}")
    nodes = [build_node(n) for n in raw_nodes]
    yaku_ids = [n.id for n in nodes if n.kind == "yaku"]
    status = read_status(outputs, yaku_ids, warnings)
    examples = read_examples(root, set(yaku_ids), warnings)
    extra = read_name_forms(root, warnings)
    readings = body_readings(set(yaku_ids), warnings) if status.known else {}
    for n in nodes:
        if n.kind != "yaku":
            continue
        name = names.get(n.id)
        n.slug = name.slug if name else catalog_pkg.fallback_slug(n.id)
        n.romaji = name.romaji if name else ""
        n.en = name.en if name else ""
        n.forms = name_forms(n, name, extra.get(n.id, {}))
        n.status = status.yaku[n.id]["status"]
        n.status_note = status.yaku[n.id]["note"]
        n.body = status.yaku[n.id].get("body")
        n.reading = readings.get(n.id, "")
        n.examples = examples.get(n.id, [])
        n.rules = [r for r in nodes if r.kind == "rule" and r.yaku == n.id]
    chinese_prose(root, cat, nodes, readings, warnings)
    families = engine_families() if status.known else []
    if status.known:  # the engine is read only once the build has checked the bodies
        apply_engine_defaults(nodes, engine_default_letters())
    link_related(nodes, families)
    link_families(nodes, families)
    chapters = cat.get("chapters", [])
    by_section_chapter = {s: c for c in chapters for s in c.get("sections", [])}
    sections = []
    for n in nodes:
        if n.kind != "section":
            continue
        members = [m for m in nodes if m.section == n.id and m.kind != "section"]
        counts = Counter(m.status for m in members if m.kind == "yaku")
        chapter = by_section_chapter.get(n.id, {})
        slice_nodes = [r for r in raw_nodes if r.get("section") == n.id]
        sections.append(Section(
            id=n.id,
            name=n.name,
            source=n.source,
            chapter=text(chapter.get("title")),
            script={"Hant": "繁體", "Hans": "简体"}.get(chapter.get("script", ""), "?"),
            nodes=members,
            counts={s: counts.get(s, 0) for s in STATUSES} | {"total": sum(counts.values())},
            sha=_sha(slice_nodes),
        ))
    orphans_in = {n.section for n in nodes} - {s.id for s in sections}
    if orphans_in:
        raise SiteError(f"nodes in sections with no section node: {sorted(orphans_in)}")
    return Site(
        sections=sections,
        nodes=nodes,
        status=status,
        cat_sha=_sha(cat),
        stats=cat.get("stats", {}),
        chapters=chapters,
        examples_count=sum(len(v) for v in examples.values()),
    )



# ---------------------------------------------------------------------------- names


def read_name_forms(root: Path, warnings: list[str]) -> dict[str, dict[str, Any]]:
    """The raw entries of catalog/names.toml, for the name forms the loader does not carry
    (name_en, ja, kana, *_aliases). A missing or unreadable file gives no extra forms."""
    path = root / NAMES_PATH
    if not path.is_file():
        return {}
    try:
        data = catalog_pkg.read_toml(path, NAMES_PATH).data
    except catalog_pkg.CuratedError as e:
        warnings.append(f"{NAMES_PATH}: cannot read ({e}); names shown without other forms")
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def _str(entry: dict[str, Any], key: str) -> str:
    v = entry.get(key, "")
    return v if isinstance(v, str) else ""


def _strs(entry: dict[str, Any], key: str) -> tuple[str, ...]:
    v = entry.get(key, [])
    if isinstance(v, str):
        return (v,)
    return tuple(x for x in v if isinstance(x, str)) if isinstance(v, list) else ()


def name_forms(n: Node, name: catalog_pkg.Name | None, entry: dict[str, Any]) -> NameForms:
    return NameForms(
        hant=n.name.hant, hans=n.name.hans, source=n.name.source,
        zh=name.zh if name else "",
        ja=_str(entry, "ja"), kana=_str(entry, "kana"),
        romaji=name.romaji if name else _str(entry, "romaji"),
        name_en=_str(entry, "name_en"),
        romaji_aliases=_strs(entry, "romaji_aliases"), ja_aliases=_strs(entry, "ja_aliases"),
        en_aliases=_strs(entry, "en_aliases"), zh_aliases=_strs(entry, "zh_aliases"),
    )


# ---------------------------------------------------------------------------- readings


def body_readings(yaku_ids: set[str], warnings: list[str]) -> dict[str, str]:
    """Each implemented body's docstring, through the registry: how the code reads the
    rule where the text leaves room. Empty, with a warning, when the engine cannot be
    imported (a catalog the generated code does not know yet)."""
    from render.site import engine

    try:
        return engine.current().readings(yaku_ids)
    except Exception as e:  # the engine is optional for rendering; pages then show no reading
        warnings.append(f"site: the engine could not be imported ({type(e).__name__}: {e}); "
                        "the pages show no code readings and the catalog's values instead "
                        "of what the engine awards")
        return {}


def chinese_prose(root: Path, cat: dict[str, Any], nodes: list[Node],
                  readings: dict[str, str], warnings: list[str]) -> None:
    """Each yaku's reading and each procedure note in Chinese, from
    catalog/translations/zh.toml, bound to the English it was written for."""
    from catalog import translations
    from extract.normalize import to_hans

    try:
        entries = translations.load_zh_entries(root)
    except translations.TranslationError as e:  # the build refuses it before (bad input)
        warnings.append(f"site: {e}; the Chinese edition shows the English readings")
        entries = {}
    verdicts = {v.key: v for v in translations.judge_prose(
        translations.prose_texts(cat, readings), entries)}

    def prose(key: str) -> ChineseProse | None:
        v = verdicts.get(key)
        if v is None:
            return None
        if v.status != "translated" or v.entry is None:
            return ChineseProse(v.status, v.en, None)
        hant = v.entry.zh.strip()
        return ChineseProse(v.status, v.en, Text(hant, to_hans(hant), hant))

    for n in nodes:
        if n.kind == "yaku":
            n.status_note_zh = status_note_zh(n.status_note, to_hans)
            n.reading_zh = [p for i in range(1, len(translations.paragraphs(n.reading)) + 1)
                            if (p := prose(translations.reading_key(n.id, i)))]
        if n.procedure:
            n.procedure_zh = prose(f"{n.id}/procedure")


# The status note's list of procedure-only rule questions (yakubook/engine/status.py) in
# the Chinese edition's words; a body's own note (@implements(note=…)) is shown as written.
PROCEDURE_NOTE_ZH = "只關於牌桌程序、不作判定的規則問題："


def status_note_zh(note: str | None, to_hans: Callable[[str], str]) -> Text | None:
    from yakubook.engine.status import PROCEDURE_NOTE

    if not note:
        return None
    parts = []
    for part in note.split("; "):
        if part.startswith(PROCEDURE_NOTE):
            part = PROCEDURE_NOTE_ZH + "、".join(part.removeprefix(PROCEDURE_NOTE).split(", "))
        parts.append(part)
    hant = "；".join(parts)
    return Text(hant, to_hans(hant), hant)


# ---------------------------------------------------------------------------- related

_NUMBERED = re.compile(r"\s*[(（]\s*\d+\s*[)）]\s*$")
# Value notes whose arguments name other yaku (包含…的翻數, 與…不復合, 限…, 算作…): the
# relation as this yaku's page says it, and as the named yaku's page says it back.
# `{link}` is where the other yaku's name goes.
_NOTE_LINKS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "includes": (("包含{link}：成立時取代它", "includes {link}: awarded instead of it"),
                 ("{link}成立時不計此役（它的選項 {opt} 包含此役）",
                  "dropped when {link} is awarded (its value option {opt} includes this one)")),
    "not_combined_with": (("與{link}不複合：成立時取代它",
                           "does not combine with {link}: awarded instead of it"),
                          ("{link}成立時不計此役（它的選項 {opt} 不與此役複合）",
                           "dropped when {link} is awarded (its value option {opt} does not "
                           "combine with this one)")),
    "combines_with": (("可與{link}複合", "combines with {link}"),
                      ("可與{link}複合（它的選項 {opt}）",
                       "combines with {link} (its value option {opt})")),
    "combines_with_all_but": (("不與{link}複合", "does not combine with {link}"),
                              ("{link}不與此役複合（它的選項 {opt}）",
                               "{link} does not combine with it (its value option {opt})")),
    "counts_as": (("算作{link}", "counts as {link}"),
                  ("{link}算作此役（它的選項 {opt}）",
                   "{link} counts as this yaku (its value option {opt})")),
    "counts_as_combination": (("算作與{link}的複合", "counts as the combination with {link}"),
                              ("{link}算作與此役的複合（它的選項 {opt}）",
                               "{link} counts as a combination with this yaku "
                               "(its value option {opt})")),
    "only": (("限{link}", "only with {link}"),
             ("{link}只與此役一起成立（它的選項 {opt}）",
              "{link} holds only together with this yaku (its value option {opt})")),
    "not_counted": (("不計{link}", "{link} is not counted with it"),
                    ("{link}成立時不計此役（它的選項 {opt}）",
                     "not counted when {link} is awarded (its value option {opt})")),
}
# 與A複合，與B不複合: the first argument combines, the rest do not (yakubook.engine.interplay drops
# them)
_COMBINES_AND_NOT = ("combines_with", "not_combined_with")
# Relations the site says in the same words on both pages of a pair of yaku.
_FIXED = {
    "variant": ("同名的另一種規則：{link}", "another rule of the same name: {link}"),
    "parent": ("屬於{link}：只在它之下存在", "belongs to {link}: exists only under it"),
    "nested": ("{link}附屬於此役", "{link} is nested under this yaku"),
    "family_larger": ("包含{link}：成立時取代它", "includes {link}: awarded instead of it"),
    "family_smaller": ("{link}成立時不計此役", "dropped when {link} is awarded"),
}


def base_name(name: str) -> str:
    """A yaku name without its variant number: 紅孔雀(2) -> 紅孔雀."""
    return _NUMBERED.sub("", name)


def link_families(nodes: list[Node], families: list[tuple[str, str, str, str]]) -> None:
    """Fill each yaku's `families`: the decisions of catalog/families.toml with their
    reasons, from the engine's reading of the file (engine_families)."""
    by_id = {n.id: n for n in nodes if n.kind == "yaku"}
    for larger_id, smaller_id, why, why_zh in families:
        larger, smaller = by_id.get(larger_id), by_id.get(smaller_id)
        if larger is None or smaller is None:
            continue  # the build checks families.toml against the catalog first
        larger.families.append(FamilyLink(smaller.id, smaller.name.hant, False, why, why_zh))
        smaller.families.append(FamilyLink(larger.id, larger.name.hant, True, why, why_zh))


def engine_families() -> list[tuple[str, str, str, str]]:
    """(larger, smaller, why, why_zh) of every family in catalog/families.toml, as the engine reads
    it (yakubook.engine.interplay), so that a new family shows up on both pages; none when the
    engine
    cannot be imported (body_readings says so)."""
    try:
        from yakubook.engine import interplay
    except Exception:  # the engine is optional for rendering
        return []
    return [(f.larger, f.smaller, f.why, f.why_zh) for f in interplay.FAMILIES]


def engine_default_letters() -> dict[str, str]:
    """Each yaku's default value option as the engine's default ruleset chooses it, so the
    site never keeps its own copy of that rule; none when the engine cannot be imported."""
    try:
        from yakubook.engine.rules import Ruleset
        defaults = Ruleset.default()
    except Exception:  # the engine is optional for rendering; the catalog's rule stands in
        return {}
    return {yid: opts.value.letter for yid, opts in defaults.options.items()}


def apply_engine_defaults(nodes: list[Node], letters: dict[str, str]) -> None:
    for n in nodes:
        letter = letters.get(n.id) if n.kind == "yaku" else None
        if letter is not None:
            for o in n.options:
                o.is_default = o.letter == letter


def _note_relations(note: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The relation kinds a value note states, each with the arguments it applies to."""
    kind = str(note.get("kind"))
    args = [str(a) for a in note.get("args", [])]
    if kind == "combines_and_not":
        return [(_COMBINES_AND_NOT[0], args[:1]), (_COMBINES_AND_NOT[1], args[1:])]
    return [(kind, args)] if kind in _NOTE_LINKS else []


def link_related(
    nodes: list[Node], families: list[tuple[str, str, str, str]] | None = None
) -> None:
    """Fill each yaku's `related`, both ways: numbered variants of the same name, the yaku
    it is nested in and the ones nested in it, the yaku its value notes name (and, on their
    pages, the yaku whose notes name them), and the families of catalog/families.toml."""
    yaku = [n for n in nodes if n.kind == "yaku"]
    by_id = {n.id: n for n in nodes}
    by_base: dict[str, list[Node]] = {}
    by_name: dict[str, Node] = {}
    for y in yaku:
        for name in {y.name.hans, y.name.hant}:
            by_base.setdefault(base_name(name), [])
            if y not in by_base[base_name(name)]:
                by_base[base_name(name)].append(y)
            by_name.setdefault(name, y)
            by_name.setdefault(base_name(name), y)

    longest_first = sorted((n for n in by_name if len(n) >= 2), key=lambda n: (-len(n), n))

    def names_in(arg: str) -> list[str]:
        found: list[str] = []
        for text_ in (arg, to_hant(arg)):
            rest = text_
            for name in longest_first:
                if name in rest:
                    found.append(name)
                    rest = rest.replace(name, "\0")
        return found

    def parent_yaku(n: Node) -> Node | None:
        p = by_id.get(n.parent or "")
        while p is not None and p.kind != "yaku":
            if p.kind == "section":
                return None
            p = by_id.get(p.parent or "")
        return p

    out: dict[str, list[Related]] = {y.id: [] for y in yaku}

    def add(owner: Node, other: Node, kind: str, zh: str, en: str) -> None:
        if other.id != owner.id and all(r.id != other.id for r in out[owner.id]):
            out[owner.id].append(Related(other.id, other.name.hant, kind, zh, en))

    for y in yaku:
        for other in by_base.get(base_name(y.name.hant), []):
            add(y, other, "variant", *_FIXED["variant"])
        parent = parent_yaku(y)
        if parent is not None:
            add(y, parent, "parent", *_FIXED["parent"])
        for child in yaku:
            if parent_yaku(child) is y:
                add(y, child, "nested", *_FIXED["nested"])
    for larger, smaller, why, why_zh in families or []:
        if larger in out and smaller in out:
            because = f"（{why_zh}）" if why_zh else ""
            zh, en = _FIXED["family_larger"]
            add(by_id[larger], by_id[smaller], "family_larger", zh + because, f"{en} ({why})")
            zh, en = _FIXED["family_smaller"]
            add(by_id[smaller], by_id[larger], "family_smaller", zh + because, f"{en} ({why})")
    for y in yaku:
        for o in y.options:
            for note in (o.value or {}).get("notes", []):
                said = to_hant(str(note.get("text", "")))
                for kind, args in _note_relations(note):
                    (zh, en), (zh_back, en_back) = _NOTE_LINKS[kind]
                    # an argument may name several yaku (三杠子、四杠子) or one inside a
                    # phrase (和东北新干线相同的役): link every local yaku name it contains
                    for name in (n for arg in args for n in names_in(arg)):
                        other = by_name[name]
                        add(y, other, "note", f"{zh}（選項 {o.letter}：{said}）",
                            f"{en} (value option {o.letter})")
                        add(other, y, "note_reverse", zh_back.replace("{opt}", o.letter),
                            en_back.replace("{opt}", o.letter))
    for y in yaku:
        y.related = out[y.id]
