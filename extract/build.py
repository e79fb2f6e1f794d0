"""The extract pipeline: sources/ -> catalog document (pure: files in, data out).

Stages run in order per chapter: repair -> clean -> parse -> normalize -> values, then the
digit-evidence pass over the whole compendium. Writing files is the caller's business.
"""

from __future__ import annotations

import hashlib
import html
import importlib.util
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from catalog import CONTROL, CuratedError, excerpt, read_bytes, read_toml
from extract import repair as repair_stage
from extract.clean import EntityError, clean_line
from extract.context import LOST, ContextModel
from extract.normalize import both_scripts, to_hans
from extract.parse import Chapter, Line, ParseError, parse_chapter
from extract.values import ValueGrammarError, parse_value, try_parse_value

FORMAT = 1


# Limits on what a source may be (documented in README "Bad input"). The four chapters are
# 6-15 KB, their longest line 69 characters, their longest option 40 and name 42.
MAX_SOURCE_BYTES = 1024 * 1024
MAX_LINE_CHARS = 500
MAX_OPTION_CHARS = 200
MAX_NAME_CHARS = 100
MANIFEST = "sources/manifest.toml"
EDITORIAL = "sources/editorial.toml"
SOURCE_FILE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.txt$")
SHA256 = re.compile(r"^[0-9a-f]{64}$")
SECTION_ID = re.compile(r"^3-[0-9][0-9]$")


class SourceError(CuratedError):
    """Bad input: `file:line: what is wrong`."""


@dataclass(frozen=True)
class ChapterInfo:
    file: str
    title: str
    script: str
    sections: tuple[str, ...]
    sha256: str
    sha256_line: int | None = None


def read_manifest(root: Path) -> list[ChapterInfo]:
    """sources/manifest.toml: the chapters, what they hold and the hash each is locked to."""
    doc = read_toml(root / MANIFEST, MANIFEST)
    chapters_data = doc.data.get("chapter")
    if not isinstance(chapters_data, list) or not chapters_data:
        raise doc.error(("chapter",), "no [[chapter]] entries")
    for key in doc.data:
        if key != "chapter":
            raise doc.error((key,), f"unknown key {excerpt(key)} (only [[chapter]] tables)")
    chapters = []
    files: set[str] = set()
    for i, ch in enumerate(chapters_data):
        at = ("chapter", i)
        ch = doc.table(at, ch)
        for key in ("file", "title", "script", "sections", "sha256"):
            if key not in ch:
                raise doc.error(at, f"chapter {i + 1} has no {key}")
        for key in ch:
            if key not in ("file", "title", "script", "sections", "sha256"):
                raise doc.error((*at, key), f"chapter {i + 1}: unknown key {excerpt(key)}")
        file = doc.string((*at, "file"), ch["file"])
        if not SOURCE_FILE.match(file):
            raise doc.error(
                (*at, "file"), f"file {excerpt(file)} must be a .txt file name in sources/"
            )
        if file in files:
            raise doc.error((*at, "file"), f"{file} is listed twice")
        files.add(file)
        title = doc.string((*at, "title"), ch["title"])
        script = doc.string((*at, "script"), ch["script"])
        if script not in ("Hant", "Hans"):
            raise doc.error((*at, "script"), f"script must be Hant or Hans, not {excerpt(script)}")
        sections = doc.strings((*at, "sections"), ch["sections"])
        bad = [x for x in sections if not SECTION_ID.match(x)]
        if not sections or bad:
            raise doc.error(
                (*at, "sections"), f"sections must list section IDs (3-NN), got {excerpt(str(bad))}"
            )
        digest = doc.string((*at, "sha256"), ch["sha256"])
        if not SHA256.match(digest):
            raise doc.error((*at, "sha256"), "sha256 must be 64 lowercase hex digits")
        chapters.append(
            ChapterInfo(file, title, script, tuple(sections), digest, doc.line(*at, "sha256"))
        )
    return sorted(chapters, key=lambda c: c.sections[0])


@dataclass(frozen=True)
class Editorial:
    """An editor's restoration of a character the context model left lost."""

    id: str
    letter: str
    text: str  # the option text as it must read (source form; lost digits stay U+FFFD)
    evidence: str
    line: int | None = None


def read_editorial(root: Path) -> list[Editorial]:
    """sources/editorial.toml: characters an editor restored, with the evidence named."""
    path = root / EDITORIAL
    if not path.exists():
        return []
    doc = read_toml(path, EDITORIAL)
    entries = doc.data.get("restore", [])
    if not isinstance(entries, list):
        raise doc.error(("restore",), "restore must be an array of tables ([[restore]])")
    for key in doc.data:
        if key != "restore":
            raise doc.error((key,), f"unknown key {excerpt(key)} (only [[restore]] tables)")
    out = []
    for i, entry in enumerate(entries):
        at = ("restore", i)
        entry = doc.table(at, entry)
        for key in ("id", "letter", "text", "evidence"):
            if key not in entry:
                raise doc.error(at, f"restore {i + 1} has no {key}")
        for key in entry:
            if key not in ("id", "letter", "text", "evidence"):
                raise doc.error((*at, key), f"restore {i + 1}: unknown key {excerpt(key)}")
        values = {
            k: doc.string((*at, k), entry[k], required=k != "text")
            for k in ("id", "letter", "text")
        }
        evidence = entry["evidence"]
        if not isinstance(evidence, str) or not evidence.strip():
            raise doc.error(
                (*at, "evidence"),
                f"restore {i + 1} ({values['id']} {values['letter']}): no evidence",
            )
        doc.string((*at, "evidence"), evidence)
        out.append(Editorial(**values, evidence=evidence, line=doc.line(*at, "text")))
    return out


def _apply_editorial(
    nodes: list[dict[str, Any]], editorial: list[Editorial], all_repairs: list[dict[str, Any]]
) -> None:
    """Restore the editor's characters: each must fill exactly one lost character of its
    option and be one the surviving GBK byte allows there (the repair's candidates)."""
    by_id = {n["id"]: n for n in nodes}
    for ed in editorial:
        where = f"restore {ed.id} {ed.letter}"
        node = by_id.get(ed.id)
        opt = next((o for o in node["options"] if o["letter"] == ed.letter), None) if node else None
        if opt is None:
            raise SourceError(EDITORIAL, ed.line, f"{where}: no such option in the catalog")
        cur = opt["text"]["source"]
        diff = [i for i, (a, b) in enumerate(zip(cur, ed.text, strict=False)) if a != b]
        if len(cur) != len(ed.text) or len(diff) != 1 or cur[diff[0]] != LOST:
            raise SourceError(
                EDITORIAL,
                ed.line,
                f"{where}: {excerpt(ed.text)} must fill one lost character of {excerpt(cur)}",
            )
        char = ed.text[diff[0]]
        lost = [r for r in opt["repairs"] if r["kind"] == "char_lost" and char in r["candidates"]]
        if not lost:
            raise SourceError(
                EDITORIAL, ed.line, f"{where}: the surviving byte does not allow {char!r} there"
            )
        record = lost[0]
        for r in all_repairs:
            if r["kind"] == "char_lost" and r["line"] == record["line"] and (
                r["column"] == record["column"] and r["file"] == opt["source"]["file"]
            ):
                r["kind"], r["result"] = "char_restored", char
                r["evidence"] = f"editorial: {ed.evidence}"
                break
        record.pop("candidates")
        record["kind"], record["result"] = "char_restored", char
        record["evidence"] = f"editorial: {ed.evidence}"
        opt["text"] = both_scripts(ed.text, "")


@cache
def _fold_table() -> dict[str, str]:
    import opencc

    path = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    table = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        trad, simp = line.split("\t")
        table[trad] = simp.split()[0]
    return table


# A word of two to four characters and its frequency, at the start of a line of jieba's
# dict.txt ("word frequency tag").
_DICT_LINE = re.compile(r"^([^ \n]{2,4}) (\d+)", re.MULTILINE)


@cache
def _word_list() -> dict[str, str]:
    """jieba's words of two to four characters and their frequencies (as digits)."""
    # Only its data file is read: importing jieba itself costs a tenth of a second
    # (pkg_resources), so the package is found without running it.
    spec = importlib.util.find_spec("jieba")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("No module named 'jieba'", name="jieba")
    path = Path(spec.origin).parent / "dict.txt"
    return dict(_DICT_LINE.findall(path.read_text(encoding="utf-8")))


def build_model(texts: list[str]) -> tuple[ContextModel, dict[str, frozenset[str]]]:
    intact = [p for t in texts for p in repair_stage.intact_text(t)]
    fold = _fold_table()
    model = ContextModel(intact, _word_list(), lambda c: fold.get(c, c))
    return model, repair_stage.pinyin_readings(texts)


def _read_source(root: Path, info: ChapterInfo) -> tuple[str, str]:
    """A chapter's text, checked against the limits: size, UTF-8, line length, and no
    control characters (they would reach the terminal and the pages)."""
    rel = f"sources/{info.file}"
    path = root / rel
    raw = _read_capped(path, rel)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise SourceError(rel, line, f"not UTF-8 (byte 0x{raw[e.start]:02x})") from e
    for number, line_text in enumerate(text.split("\n"), start=1):
        if len(line_text) > MAX_LINE_CHARS:
            raise SourceError(
                rel,
                number,
                f"line is {len(line_text)} characters long (limit {MAX_LINE_CHARS}): "
                f"{excerpt(line_text)}",
            )
        _check_controls(rel, number, line_text)
    return rel, text


def _check_controls(rel: str, number: int, text: str, why: str = "") -> None:
    bad = CONTROL.search(text.replace("\t", " "))
    if bad:
        raise SourceError(
            rel,
            number,
            f"control character U+{ord(bad.group()):04X}{why} at column {bad.start() + 1}: "
            f"{excerpt(text)}",
        )


@dataclass(frozen=True)
class SourceChange:
    """A chapter whose bytes differ from the hash sources/manifest.toml locks it to."""

    file: str
    expected: str
    actual: str
    line: int | None  # of its sha256 in the manifest


def _read_capped(path: Path, rel: str) -> bytes:
    """A source's bytes, read no further than the size limit (a 300 MB file, a FIFO or a
    link to /dev/zero stops there, before anything is hashed or decoded)."""
    try:
        return read_bytes(path, rel, MAX_SOURCE_BYTES)
    except CuratedError as e:
        raise SourceError(e.file, e.line, e.message) from None


def source_changes(root: Path) -> list[SourceChange]:
    out = []
    for info in read_manifest(root):
        rel = f"sources/{info.file}"
        digest = hashlib.sha256(_read_capped(root / rel, rel)).hexdigest()
        if digest != info.sha256:
            out.append(SourceChange(rel, info.sha256, digest, info.sha256_line))
    return out


def accept_sources(root: Path, changes: list[SourceChange]) -> bytes:
    """sources/manifest.toml with the changed chapters' hashes replaced, nothing else."""
    lines = (root / MANIFEST).read_bytes().decode("utf-8").split("\n")
    for change in changes:
        if change.line is None or change.expected not in lines[change.line - 1]:
            raise SourceError(MANIFEST, change.line, f"cannot find the sha256 of {change.file}")
        lines[change.line - 1] = lines[change.line - 1].replace(change.expected, change.actual)
    return "\n".join(lines).encode("utf-8")


def _text(s: str, script: str) -> dict[str, str]:
    return both_scripts(s, script)


def build_catalog(root: Path) -> tuple[dict[str, Any], list[str]]:
    """Run every stage; return the catalog document and warnings. Raises SourceError."""
    return catalog_from(repair_sources(root))


@dataclass(frozen=True)
class Repaired:
    """The sources read and repaired: the slow half of the extract stage (the context
    model and the repair), which `catalog_from` takes on to the catalog. Plain data, so a
    child process can compute it (see yakubook.build)."""

    chapters: list[ChapterInfo]
    loaded: list[tuple[str, str]]  # (path, text) of each chapter
    editorial: list[Editorial]
    # Each chapter's repaired lines, up to one whose damage could not be read: for that
    # one, (line, message), which `catalog_from` raises in its turn (after whatever the
    # chapters before it raise); the chapters after it are not repaired.
    repaired: list[list[repair_stage.RepairedLine] | tuple[int, str]]


def repair_sources(root: Path) -> Repaired:
    """Read the manifest, the chapters and the editorial restorations, and repair the
    chapters. Raises SourceError for what it reads; the damage that stops the repair is
    kept for `catalog_from`, to be raised where a chapter-by-chapter build meets it."""
    chapters = read_manifest(root)
    loaded = [_read_source(root, info) for info in chapters]
    editorial = read_editorial(root)
    texts = tuple(t for _, t in loaded)
    if _last_repair is not None and _last_repair[0] == texts:
        return Repaired(chapters, loaded, editorial, list(_last_repair[1]))
    model, readings = build_model(list(texts))
    repaired: list[list[repair_stage.RepairedLine] | tuple[int, str]] = []
    for _, text in loaded:
        try:
            repaired.append(
                repair_stage.repair_text(
                    text, model, readings, drops_private_use=_drops_private_use(text)
                )
            )
        except repair_stage.DamageError as e:
            repaired.append((e.line, str(e)))
            break
    sources = Repaired(chapters, loaded, editorial, repaired)
    remember(sources)
    return sources


# The last chapters repaired in this process, by their texts: the repair is a function of
# the texts alone (the context model is built from them, with jieba's and OpenCC's data),
# and a process that builds again with the same sources (the test suite, most of whose
# builds change something else) takes it from here instead of a second of repairing.
_last_repair: tuple[tuple[str, ...], list[list[repair_stage.RepairedLine] | tuple[int, str]]] \
    | None = None


def remember(sources: Repaired) -> None:
    """Keep ``sources``' repair for the next build of this process with the same texts
    (also the repair a forked child made: yakubook.build)."""
    global _last_repair
    _last_repair = (tuple(t for _, t in sources.loaded), list(sources.repaired))


def catalog_from(sources: Repaired) -> tuple[dict[str, Any], list[str]]:
    """The catalog document and warnings from the repaired chapters. Raises SourceError."""
    chapters, loaded, editorial = sources.chapters, sources.loaded, sources.editorial
    warnings: list[str] = []
    nodes_out: list[dict[str, Any]] = []
    chapters_out: list[dict[str, Any]] = []
    ignored: list[dict[str, Any]] = []
    all_repairs: list[dict[str, Any]] = []
    seen_ids: dict[str, str] = {}
    # (Cut short at a damaged chapter, `repaired` ends the loop there: it raises.)
    for info, (rel, text), repaired in zip(chapters, loaded, sources.repaired, strict=False):
        if isinstance(repaired, tuple):
            damage = repair_stage.DamageError(*repaired)
            raise SourceError(rel, damage.line, str(damage)) from damage
        try:
            lines, repairs_by_part = _clean(repaired)
        except EntityError as e:
            raise SourceError(rel, e.line, str(e)) from e
        for ln in lines:
            _check_controls(rel, ln.number, ln.text, " (from an HTML entity)")
        for rl in repaired:
            for r in rl.repairs:
                all_repairs.append({"file": rel, **r.to_json()})
        try:
            chapter = parse_chapter(lines)
        except ParseError as e:
            raise SourceError(rel, e.line, str(e)) from e
        _check_chapter(rel, info, chapter, len(repaired))
        _check_lengths(rel, chapter)
        for sep in chapter.separators:
            ignored.append({"file": rel, "line": sep, "kind": "separator"})
        title = chapter.title
        chapters_out.append(
            {
                "file": rel,
                "title": _text(title[0], info.script) if title else _text(info.title, info.script),
                "title_line": title[1] if title else None,
                "script": info.script,
                "sections": list(info.sections),
                # The bytes read (UTF-8 round-trips exactly): the hash the manifest locks
                # to, or the one an accepted change puts there.
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
            }
        )
        for node in chapter.nodes:
            if node.id in seen_ids:
                raise SourceError(
                    rel, node.line, f"duplicate ID {node.id} (also in {seen_ids[node.id]})"
                )
            seen_ids[node.id] = rel
            nodes_out.append(_node_json(rel, info.script, node, repairs_by_part))
    _link_yaku(nodes_out)
    _apply_editorial(nodes_out, editorial, all_repairs)
    _restore_digits(nodes_out, all_repairs)
    catalog = {
        "format": FORMAT,
        "title": {"zh-Hant": "麻雀規則全集 第3章 特殊役", "zh-Hans": "麻雀规则全集 第3章 特殊役"},
        "chapters": chapters_out,
        "nodes": nodes_out,
        "ignored_lines": ignored,
        "stats": _stats(nodes_out, all_repairs),
    }
    return catalog, warnings


def _drops_private_use(text: str) -> bool:
    """One chapter dropped the private-use characters of its damaged runs.

    A chapter with damaged runs but no private-use character at all is that chapter: in
    the others roughly one run in three shows one.
    """
    has_runs = "?\u3002" in text
    return has_runs and not any("\ue000" <= c <= "\uf8ff" for c in text)


def _clean(repaired: list[repair_stage.RepairedLine]) -> tuple[list[Line], dict]:
    lines: list[Line] = []
    repairs_by_part: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for rl in repaired:
        try:
            parts = clean_line(rl.text)
        except EntityError as e:
            e.line = rl.number
            raise
        # Columns where each logical part starts in the repaired line, to attribute repairs.
        starts = [0]
        for m in re.finditer(r"<br\s*/?>", rl.text):
            starts.append(m.end())
        for part in parts:
            indented = part.text[:1] in (" ", "\u3000")
            lines.append(Line(rl.number, part.part, part.text, indented))
            for removed in part.removed:
                result = ""
                if removed.startswith("pinyin"):
                    kind = "pinyin_removed"
                elif removed.startswith("&"):
                    kind, result = "html_entity", html.unescape(removed)
                elif removed == "<br/>":
                    kind = "html_split"
                else:
                    kind = "html_removed"
                repairs_by_part.setdefault((rl.number, part.part), []).append(
                    {
                        "kind": kind,
                        "line": rl.number,
                        "damaged": removed,
                        "result": result,
                        "evidence": "clean stage",
                    }
                )
        for r in rl.repairs:
            part_no = sum(1 for s in starts[1:] if r.column - 1 >= s)
            repairs_by_part.setdefault((rl.number, part_no), []).append(r.to_json())
    return lines, repairs_by_part


def _check_chapter(rel: str, info: ChapterInfo, chapter: Chapter, nlines: int) -> None:
    sections = [n.id for n in chapter.nodes if n.kind == "section"]
    if sections != list(info.sections):
        missing = [s for s in info.sections if s not in sections]
        if missing:
            raise SourceError(
                rel, nlines, f"chapter ends without section(s) {', '.join(missing)} (truncated?)"
            )
        raise SourceError(rel, None, f"sections {sections} differ from manifest {info.sections}")
    if chapter.nodes:
        last = chapter.nodes[-1]
        if not last.options:
            raise SourceError(
                rel, last.line, f"chapter ends before {last.id} has any option (truncated?)"
            )
    for node in chapter.nodes:
        if node.kind == "yaku" and not node.options:
            raise SourceError(rel, node.line, f"yaku {node.id} has no options")


def _check_lengths(rel: str, chapter: Chapter) -> None:
    for node in chapter.nodes:
        if len(node.name) > MAX_NAME_CHARS:
            raise SourceError(
                rel,
                node.line,
                f"name of {node.id} is {len(node.name)} characters long "
                f"(limit {MAX_NAME_CHARS}): {excerpt(node.name)}",
            )
        for opt in node.options:
            if len(opt["text"]) > MAX_OPTION_CHARS:
                raise SourceError(
                    rel,
                    opt["line"],
                    f"option {node.id} {opt['letter']} is {len(opt['text'])} characters long "
                    f"(limit {MAX_OPTION_CHARS}): {excerpt(opt['text'])}",
                )


def _lines_text(items: list[tuple[str, int]], script: str) -> dict[str, Any] | None:
    if not items:
        return None
    out: dict[str, Any] = dict(_text("\n".join(t for t, _ in items), script))
    out["lines"] = [n for _, n in items]
    return out


def _node_json(rel: str, script: str, node, repairs_by_part) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": node.id,
        "kind": node.kind,
        "parent": node.parent,
        "section": node.id[:4],
        "name": _text(node.name, script),
        "source": {"file": rel, "line": node.line},
        "content": _lines_text(node.content, script),
        "condition": _lines_text(node.condition, script),
        "notes": [dict(_text(t, script), line=n) for t, n in node.notes],
        "applies_if": [dict(_text(t, script), line=n) for t, n in node.applies_if],
        "options": [],
        "repairs": [],
    }
    own_lines = {node.line} | {n for _, n in node.content} | {n for _, n in node.condition}
    own_lines |= {n for _, n in node.notes}
    for ln in sorted(own_lines):
        d["repairs"].extend(repairs_by_part.get((ln, 0), []))
    for opt in node.options:
        d["options"].append(
            {
                "letter": opt["letter"],
                "text": _text(opt["text"], script),
                "source": {"file": rel, "line": opt["line"]},
                "notes": [dict(_text(t, script), line=n) for t, n in opt["notes"]],
                "repairs": list(repairs_by_part.get((opt["line"], opt["part"]), [])),
                "value": None,
            }
        )
    return d


def _link_yaku(nodes: list[dict[str, Any]]) -> None:
    """Every rule knows its yaku; every yaku option gets its structured value."""
    by_id = {n["id"]: n for n in nodes}
    for n in nodes:
        owner = None
        if n["kind"] == "yaku":
            owner = n["id"]
        elif n["kind"] == "rule":
            p = n["parent"]
            while p is not None and by_id[p]["kind"] == "rule":
                p = by_id[p]["parent"]
            owner = p if p is not None and by_id[p]["kind"] == "yaku" else None
        n["yaku"] = owner
        n["depth"] = n["id"].count("-")


def _parse_values(nodes: list[dict[str, Any]]) -> None:
    for n in nodes:
        for opt in n["options"]:
            text = to_hans(opt["text"]["source"])
            if n["kind"] == "yaku":
                try:
                    opt["value"] = parse_value(text)
                except ValueGrammarError as e:
                    raise SourceError(
                        opt["source"]["file"],
                        opt["source"]["line"],
                        f"option {n['id']} {opt['letter']}: {e}",
                    ) from e
            else:
                opt["value"] = try_parse_value(text)


DIGIT_LOST = re.compile(LOST + r"(\d+)")


def _restore_digits(nodes: list[dict[str, Any]], all_repairs: list[dict[str, Any]]) -> None:
    """Give a lost digit back where the compendium itself states the number.

    Three kinds of evidence count: the number, with its surviving digits, stated exactly
    once in the 【內容】 of the same yaku; a list of tiles the 【內容】 gives in full of which
    the option lost exactly one digit (`�筒、4筒、8筒` against `2、4、8筒`); or the whole
    option text standing intact elsewhere with only that digit different. Nothing else:
    digits are never guessed.
    """
    by_id = {n["id"]: n for n in nodes}
    # Option menus differ by their numbers on purpose, so a twin sentence only counts in
    # another node's rule question, never among the value options of a yaku.
    intact_options: dict[str, list[tuple[str, str, str]]] = {}
    for n in nodes:
        if n["kind"] == "yaku":
            continue
        for opt in n["options"]:
            src = opt["text"]["source"]
            if LOST not in src:
                key = to_hans(re.sub(r"\d", "#", src))
                intact_options.setdefault(key, []).append(
                    (src, f"{n['id']} {opt['letter']}", n["id"])
                )
    for n in nodes:
        yaku = by_id.get(n["yaku"]) if n.get("yaku") else None
        content = (yaku or n).get("content")
        content_text = content["source"] if content else ""
        for opt in n["options"]:
            src = opt["text"]["source"]
            if LOST not in src:
                continue
            new_src, evidence = src, []
            for m in DIGIT_LOST.finditer(src):
                rest = m.group(1)
                found = set(re.findall(r"(?<!\d)(\d)" + rest + r"(?!\d)", content_text))
                if len(found) == 1 and content:
                    digit = found.pop()
                    new_src = new_src.replace(LOST + rest, digit + rest, 1)
                    evidence.append(
                        f"【內容】 of {yaku['id'] if yaku else n['id']} states {digit}{rest} "
                        f"({(content and yaku and yaku['source']['file']) or ''}:"
                        f"{content['lines'][0]})"
                    )
            if content and LOST in new_src:
                tile = _tile_list_digit(new_src, content_text)
                if tile is not None:
                    digit, named, intact = tile
                    new_src = new_src.replace(LOST, digit, 1)
                    evidence.append(
                        f"【內容】 of {(yaku or n)['id']} names {named} "
                        f"({opt['source']['file']}:{content['lines'][0]}); the option lists "
                        f"{intact} intact, so the tile it lost is {digit}"
                    )
            if LOST in new_src and new_src.count(LOST) == 1:
                key = to_hans(re.sub(r"\d", "#", new_src.replace(LOST, "#")))
                found_twins = [t for t in intact_options.get(key, []) if t[2] != n["id"]]
                twins = {s for s, _, _ in found_twins}
                if (
                    n["kind"] != "yaku"
                    and len(twins) == 1
                    and len(re.sub(r"[\d\ufffd]", "", new_src)) >= 6
                ):
                    twin = twins.pop()
                    where = found_twins[0][1]
                    new_src = twin
                    evidence.append(f"the same sentence stands intact in {where}")
            if new_src != src:
                opt["text"] = both_scripts(new_src, "")
                rep = {
                    "kind": "digit_restored",
                    "line": opt["source"]["line"],
                    "damaged": src,
                    "result": new_src,
                    "evidence": "; ".join(evidence),
                }
                opt["repairs"].append(rep)
                all_repairs.append({"file": opt["source"]["file"], **rep})
    _parse_values(nodes)


SUIT = "萬万筒索"
# A run of numbered tiles of one suit, written `5筒` or with a shared suit `2、4、8筒`.
TILE_RUN = re.compile(r"(?<!\d)([\d\ufffd](?:、[\d\ufffd])*)([" + SUIT + r"])")


def _tiles(text: str) -> list[tuple[str, str]]:
    """The numbered tiles a text enumerates, as (digit, suit), lost digits as U+FFFD."""
    return [(d, m.group(2)) for m in TILE_RUN.finditer(text) for d in m.group(1).split("、")]


def _tile_list_digit(option: str, content: str) -> tuple[str, str, str] | None:
    """The digit an option lost from a list of tiles that the 【內容】 lists in full.

    Evidence only when the option has exactly one lost tile digit, enumerates as many tiles
    of that suit as the 【內容】 does, and every other tile of that suit stands intact in
    both: then the one the 【內容】 names and the option lacks is the lost one. Returns
    (digit, the 【內容】's tiles of that suit, the option's intact ones) or None.
    """
    lost = [(d, s) for d, s in _tiles(option) if d == LOST]
    if len(lost) != 1 or option.count(LOST) != 1:
        return None
    suit = lost[0][1]
    named = [d for d, s in _tiles(content) if s == suit]
    intact = [d for d, s in _tiles(option) if s == suit and d != LOST]
    if LOST in named or len(named) != len(intact) + 1:
        return None
    left = list(named)
    for d in intact:
        if d not in left:
            return None
        left.remove(d)
    digit = left[0]

    def show(digits: list[str]) -> str:
        return "、".join(d + suit for d in digits)

    return digit, show(named), show(intact)


def _stats(nodes: list[dict[str, Any]], repairs: list[dict[str, Any]]) -> dict[str, Any]:
    kinds: dict[str, int] = {}
    for r in repairs:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    lost = 0
    for n in nodes:
        texts = [n["name"]["source"]]
        texts += [n["content"]["source"]] if n["content"] else []
        texts += [o["text"]["source"] for o in n["options"]]
        lost += sum(t.count(LOST) for t in texts)
    return {
        "sections": sum(1 for n in nodes if n["kind"] == "section"),
        "yaku": sum(1 for n in nodes if n["kind"] == "yaku"),
        "rules": sum(1 for n in nodes if n["kind"] == "rule"),
        "options": sum(len(n["options"]) for n in nodes),
        "repairs": dict(sorted(kinds.items())),
        "lost_characters": lost,
    }


def accounted_lines(cat: dict[str, Any]) -> dict[str, set[int]]:
    """Source lines each catalog element (or an ignorable line kind) came from."""
    seen: dict[str, set[int]] = {}

    def add(file: str, line: int | None) -> None:
        if line:
            seen.setdefault(file, set()).add(line)

    for ch in cat["chapters"]:
        add(ch["file"], ch["title_line"])
    for ig in cat["ignored_lines"]:
        add(ig["file"], ig["line"])
    for n in cat["nodes"]:
        f = n["source"]["file"]
        add(f, n["source"]["line"])
        for key in ("content", "condition"):
            if n[key]:
                for ln in n[key]["lines"]:
                    add(f, ln)
        for t in n["notes"] + n["applies_if"]:
            add(f, t["line"])
        for o in n["options"]:
            add(o["source"]["file"], o["source"]["line"])
            for t in o["notes"]:
                add(f, t["line"])
    return seen
