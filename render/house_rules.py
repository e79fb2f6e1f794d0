"""Render stage for the house-rules page: catalog -> the page, its data and its scripts.

Outputs (all under site/docs, committed like every page):
- `house-rules.md`: the page (a rule sheet editor, a printable sheet, a hand checker);
- `en/house-rules.md`: its English edition (#10): the same scripts and data, told by
  `data-lang="en"` on its root to show the English texts; each page has the language switch
  the other pages have, pointing at the other;
- `assets/house-rules/data.json`: every yaku's value options and rule questions with the
  documented defaults, the shipped presets (rulesets/*.toml) resolved to letters, names in
  both scripts and romaji, implemented status; and for the English edition each text's
  English from catalog/translations/en.toml (render.site.english.English), `null` where the
  translation is stale or missing (the page then shows the Chinese marked "translation
  pending", as the English site does), each yaku's English title from names.toml;
  The `[scoring]` keys the engine reads, with their documented defaults and the values
  each takes, come from `yakubook.engine.score` (`scoring_controls`), so the page's "Scoring"
  controls offer exactly what `yakubook evaluate --rules` accepts; so do the numbers a
  ruleset may supply where the source lost one (`han`, `fu`, `multiple`: `suppliable`,
  and each option's `lost_numbers`);
- `assets/house-rules/*.js|*.css`: hand-written, copied from render/templates/site/house_rules.

The engine the page runs (the project's `yaku` + `generated` in Pyodide) is not here: it is
built into the site by `render.house_rules_engine` after MkDocs (`make`), so a source change
rebuilds it with everything else and nothing binary is committed.

Pure and deterministic: same catalog, names, status and rulesets, same bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import catalog as catalog_pkg
from catalog import translations
from render.site import english
from render.site.values import lost_numbers

TEMPLATES = Path(__file__).parent / "templates" / "site" / "house_rules"
DOCS = "site/docs/"
PAGE = "house-rules.md"
PAGE_EN = english.PREFIX + PAGE
ASSETS = "assets/house-rules/"
DATA = ASSETS + "data.json"
STATUS_PATH = "catalog/STATUS.json"
RULESETS = "rulesets"
# Copied byte for byte into site/docs/assets/house-rules/ (the page's scripts and styles).
STATIC = ("house-rules.js", "hr-scoring.js", "house-rules.css", "hr-worker.js")
# Where a yaku's page is, relative to the site root ({id}; {section} may be used too).
YAKU_URL = "yaku/{id}/"
CATALOG = "catalog/catalog.json"
ID = re.compile(r"^\d+(?:-\d+)*$")
LETTER = re.compile(r"^[a-z]$")


class HouseRulesError(catalog_pkg.CuratedError):
    """A preset or a catalog entry the page cannot offer: `file:line: what is wrong`."""


def _text(obj: dict[str, Any] | None) -> dict[str, str]:
    if obj is None:
        return {"hant": "", "hans": ""}
    hant = obj.get("zh-Hant", obj.get("source", ""))
    return {"hant": hant, "hans": obj.get("zh-Hans", hant)}


def none_letter(options: list[dict[str, Any]]) -> str | None:
    return next(
        (o["letter"] for o in options if o["value"] and o["value"]["kind"] == "none"), None
    )


def _words_en(en: english.English, node: str, letter: str,
              value: dict[str, Any] | None) -> dict[str, str | None]:
    """The English of the words inside an option's value (its cases, what it adds), by the
    field of their text key (`when1`, `plus`)."""
    return {field: en.current(f"{node}/{letter}/{field}")
            for field, _ in translations.value_texts(value)}


def menus(cat: dict[str, Any], names: dict[str, catalog_pkg.Name],
          status: dict[str, Any], en: english.English | None = None,
          ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(sections, yaku): every yaku with its value menu and its rule questions, each text
    with its English (`en`, None where pending) when `en` is given."""
    nodes = cat["nodes"]
    by_status = {yid: s.get("status", "") for yid, s in (status.get("yaku") or {}).items()}

    def tr(key: str) -> dict[str, str | None]:
        return {"en_text": en.current(key)} if en is not None else {}

    sections = [
        {"id": n["id"], **_text(n["name"]), **tr(f"{n['id']}/name")}
        for n in nodes if n["kind"] == "section"
    ]
    yaku = []
    for node in nodes:
        if node["kind"] != "yaku":
            continue
        yid = node["id"]
        if not ID.match(yid):
            raise HouseRulesError(CATALOG, None, f"{yid!r}: not a catalog ID")
        opts = node["options"]
        if not opts:
            raise HouseRulesError(CATALOG, None, f"{yid}: a yaku without value options")
        name = names.get(yid)
        rules = []
        for r in catalog_pkg.entry(nodes, yid):
            if r["kind"] != "rule" or not r["options"]:
                continue
            conditions = r.get("applies_if", [])
            rules.append({
                "id": r["id"],
                **_text(r["name"]),
                **tr(f"{r['id']}/name"),
                "if": [_text(a)["hant"] for a in conditions],
                **({"if_en": [en.current(f"{r['id']}/if{i}")
                              for i in range(1, len(conditions) + 1)]} if en else {}),
                "options": [{"letter": o["letter"], **_text(o["text"]),
                             **tr(f"{r['id']}/{o['letter']}")} for o in r["options"]],
            })
        yaku.append({
            "id": yid,
            "section": node["section"],
            **_text(node["name"]),
            "romaji": name.romaji if name else yid,
            "en": name.en if name else "",
            **({"title_en": english.title_text(name.name_en if name else "",
                                               name.romaji if name else "", yid)}
               if en is not None else {}),
            "status": by_status.get(yid, "missing"),
            "default": catalog_pkg.default_letter(opts),
            "none": none_letter(opts),
            "options": [
                {"letter": o["letter"], **_text(o["text"]), "value": o["value"],
                 "lost_numbers": lost_numbers(o["value"]),
                 **({"en_text": en.current(f"{yid}/{o['letter']}"),
                     "words_en": _words_en(en, yid, o["letter"], o["value"])}
                    if en is not None else {})}
                for o in opts
            ],
            "rules": rules,
        })
    return sections, yaku


def scoring_controls() -> list[dict[str, Any]]:
    """The engine's `[scoring]` keys as the page's controls, in the engine's order: each
    key's kind (a checkbox for true/false, a menu otherwise), its documented default and
    the values it takes. A key of another kind stops the build: the page cannot offer it."""
    # The scoring rules are the engine's (yakubook/engine/score.py): read, never copied.
    # yakubook.engine.score
    # imports only the engine's low-level modules, not the generated code this build writes.
    from yakubook.engine import score

    defaults = score.Scoring()
    menus = {"kazoe": list(score.KAZOE), "limit_yaku": list(score.LIMIT_YAKU),
             "aka_dora": list(range(score.MAX_AKA + 1))}
    out: list[dict[str, Any]] = []
    for key in score.SCORING_KEYS:
        default = getattr(defaults, key)
        if isinstance(default, bool):
            out.append({"key": key, "kind": "bool", "default": default, "choices": None})
        elif key in menus and default in menus[key]:
            kind = "int" if isinstance(default, int) else "choice"
            out.append({"key": key, "kind": kind, "default": default, "choices": menus[key]})
        else:
            raise HouseRulesError(
                "yakubook/engine/score.py", None,
                f"[scoring] {key}: the house-rules page has no control for "
                f"{score.SCORING_KEYS[key]} (render/house_rules.py scoring_controls)")
    return out


def suppliable() -> dict[str, int]:
    """{han: 13, fu: 200, multiple: 6}: the numbers a ruleset may supply, in the engine's
    order, each with the largest it accepts (the page's number inputs take these)."""
    from yakubook.engine.score import SUPPLIABLE

    return dict(SUPPLIABLE)


def resolve_scoring(doc: catalog_pkg.TomlDoc, where: str) -> dict[str, Any]:
    """A preset's `[scoring]` table, checked by the engine's own reader (an error names the
    line of the key it is about): the keys that differ from the defaults."""
    from yakubook.engine import score
    from yakubook.errors import InputError

    table = doc.data.get("scoring", {})
    try:
        for key, value in table.items() if isinstance(table, dict) else ():
            try:
                score.parse_scoring({key: value}, where)
            except InputError as e:
                raise HouseRulesError(where, doc.line("scoring", key),
                                      str(e).removeprefix(f"{where}: ")) from None
        parsed = score.parse_scoring(table, where)
    except InputError as e:
        message = str(e).removeprefix(f"{where}: ")
        raise HouseRulesError(where, doc.line("scoring"), message) from None
    defaults = score.Scoring()
    return {key: getattr(parsed, key) for key in score.SCORING_KEYS
            if getattr(parsed, key) != getattr(defaults, key)}


def resolve_preset(text: str, where: str, yaku: list[dict[str, Any]]) -> dict[str, Any]:
    """A ruleset file as the page's state: name, base (default / off) and, per yaku, the
    letters that differ from that base. Checked against the catalog like the engine does,
    errors with their line."""
    try:
        doc = catalog_pkg.parse_toml(text.encode("utf-8"), where)
    except catalog_pkg.CuratedError as e:
        raise HouseRulesError(e.file, e.line, e.message) from None

    def error(path: tuple[str, ...], message: str) -> HouseRulesError:
        return HouseRulesError(where, doc.line(*path), message)

    data = doc.data
    meta = data.get("ruleset", {})
    if not isinstance(meta, dict):
        raise error(("ruleset",), "ruleset must be a table: [ruleset]")
    others = meta.get("others", "default")
    if others not in ("default", "off"):
        raise error(("ruleset", "others"), f"[ruleset] others = {_quote(others)}")
    tables = data.get("yaku", {})
    if not isinstance(tables, dict):
        raise error(("yaku",), 'yaku must be tables [yaku."ID"]')
    from yakubook.engine.score import SUPPLIABLE

    by_id = {y["id"]: y for y in yaku}
    choices: dict[str, str] = {}
    numbers: dict[str, dict[str, int]] = {}
    for yid, table in sorted(tables.items()):
        y = by_id.get(yid)
        if y is None or not isinstance(table, dict):
            raise error(("yaku", yid), f"unknown yaku {_quote(yid)}")
        rules = {r["id"]: r for r in y["rules"]}
        for key, val in table.items():
            at = ("yaku", yid, key)
            if key == "value":
                letters = [o["letter"] for o in y["options"]]
            elif key in SUPPLIABLE:
                if not isinstance(val, int) or isinstance(val, bool):
                    raise error(at, f"{yid} {key} must be an integer")
                numbers.setdefault(yid, {})[key] = val
                continue
            elif key in rules:
                letters = [o["letter"] for o in rules[key]["options"]]
            else:
                raise error(at, f"{_quote(key)} is not a rule question of {yid}")
            if not isinstance(val, str) or val.lower() not in letters:
                raise error(at, f"{catalog_pkg.show_key(key)} has no option {_quote(val)}")
            choices[yid if key == "value" else key] = val.lower()
    supersession = meta.get("supersession", "drop")
    if supersession not in ("drop", "award both"):
        raise error(("ruleset", "supersession"),
                    f"[ruleset] supersession = {_quote(supersession)}; use 'drop' or 'award both'")
    scoring = resolve_scoring(doc, where)
    return {"name": str(meta.get("name", where)), "base": others, "supersession": supersession,
            "scoring": scoring, "choices": choices, "numbers": numbers}


def _quote(value: Any) -> str:
    return catalog_pkg.excerpt(value) if isinstance(value, str) else repr(value)[:80]


def presets(root: Path, yaku: list[dict[str, Any]]) -> list[dict[str, Any]]:
    folder = root / RULESETS
    out = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        rel = path.relative_to(root).as_posix()
        preset = resolve_preset(catalog_pkg.read_text(path, rel), rel, yaku)
        out.append({"file": rel, **preset})
    return out


PAGE_TEXT = """\
---
title: 自訂規則 · 自订规则 · House rules
---

{switch}

# 自訂規則 · 自订规则 · House rules

選擇你們桌上採用的地方役與規則，分享連結、列印規則表，並用同一個判定引擎檢查一手牌。

选择你们桌上采用的地方役与规则，分享链接、打印规则表，并用同一个判定引擎检查一手牌。

Pick your table's local yaku and rule answers, share the link, print the sheet, and check a
hand under it with the project's own engine (running in your browser, offline).

<link rel="stylesheet" href="../assets/house-rules/house-rules.css">
<div id="yb-hr" data-data="../assets/house-rules/data.json"
     data-runtime="../assets/house-rules/runtime/" data-tiles="../assets/tiles/"
     data-site="../" data-catalog="{sha}">
<noscript>這一頁需要 JavaScript · 这一页需要 JavaScript · This page needs JavaScript.</noscript>
<p class="yb-hr-loading">載入中 · 载入中 · loading…</p>
</div>
<script src="../assets/house-rules/hr-scoring.js"></script>
<script src="../assets/house-rules/house-rules.js"></script>
"""

# The English edition: one folder deeper (en/house-rules/), so the shared assets are two
# levels up; its yaku links (data-site) go to the English yaku pages.
PAGE_TEXT_EN = """\
---
title: House rules
---

{switch}

# House rules

Pick your table's local yaku and the answers to their rule questions, share the link, print
the sheet, and check a hand under it with the project's own engine (running in your browser,
offline). A link or an exported file opens the same sheet on the Chinese page.

<link rel="stylesheet" href="../../assets/house-rules/house-rules.css">
<div id="yb-hr" data-lang="en" data-data="../../assets/house-rules/data.json"
     data-runtime="../../assets/house-rules/runtime/" data-tiles="../../assets/tiles/"
     data-site="../" data-catalog="{sha}">
<noscript>This page needs JavaScript.</noscript>
<p class="yb-hr-loading">loading…</p>
</div>
<script src="../../assets/house-rules/hr-scoring.js"></script>
<script src="../../assets/house-rules/house-rules.js"></script>
"""


def stage(root: Path, cat: dict[str, Any], names: dict[str, catalog_pkg.Name],
          outputs: dict[str, bytes]) -> dict[str, bytes]:
    """{path: bytes} of the page, its data and its static assets."""
    status_bytes = outputs.get(STATUS_PATH)
    if status_bytes is None and (root / STATUS_PATH).exists():
        status_bytes = (root / STATUS_PATH).read_bytes()
    status = json.loads(status_bytes) if status_bytes else {}
    en = english.English(root, cat)
    sections, yaku = menus(cat, names, status, en)
    catalog_sha = hashlib.sha256(catalog_pkg.canonical_json(cat).encode()).hexdigest()[:16]
    data = {
        "format": 1,
        "catalog": catalog_sha,
        "yaku_url": YAKU_URL,
        "sections": sections,
        "yaku": yaku,
        "presets": presets(root, yaku),
        "scoring": scoring_controls(),
        # the numbers a ruleset may supply where the source lost them, each with its
        # largest value (`lost_numbers` of an option names those it lost)
        "suppliable": suppliable(),
        # value words by their Chinese, for the badges of computed awards (as english.py)
        "value_words_en": dict(sorted(en.words.items())),
    }

    def page(text: str, to_english: bool) -> bytes:
        switch = str(english.switch_line(PAGE, to_english=to_english))
        return text.replace("{switch}", switch).replace("{sha}", catalog_sha).encode("utf-8")

    files = {
        DOCS + PAGE: page(PAGE_TEXT, to_english=True),
        DOCS + PAGE_EN: page(PAGE_TEXT_EN, to_english=False),
        DOCS + DATA: (json.dumps(data, ensure_ascii=False, sort_keys=True,
                                 separators=(",", ":")) + "\n").encode("utf-8"),
    }
    for name in STATIC:
        files[DOCS + ASSETS + name] = (TEMPLATES / name).read_bytes()
    return dict(sorted(files.items()))
