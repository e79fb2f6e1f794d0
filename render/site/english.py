"""The English edition of the site: the same pages under en/, from the same model.

Every text a reader sees comes from catalog/translations/en.toml (catalog.translations):
a text whose translation is stale or missing is shown in Chinese inside a
`yb-pending` span with a visible "translation pending" tag, never silently. Yaku names come
from catalog/names.toml (English name and romaji as the title; the Chinese and Japanese
forms are shown as names). Each page links to the same page of the other edition
(`switch_link`), so a reader switching language stays on the same yaku.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

import catalog as catalog_pkg
from catalog import translations
from render.site.common import HEADER
from render.site.escape import esc
from render.site.examples import ExampleView, awards_line
from render.site.index_pages import by_value_groups
from render.site.model import Node, Related, Site
from render.site.values import is_lost, to_hant, value_class

PREFIX = "en/"
STATUS_EN = {
    "implemented": "implemented", "stale": "stale (needs review)", "missing": "not implemented",
    "unnamed": "unnamed", "orphan": "orphan",
}
LIMIT_EN = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman",
            "sanbaiman": "sanbaiman"}
PENDING = Markup('<span class="yb-pending-tag" title="translation pending">'
                 "translation pending</span>")


def title_text(name_en: str, romaji: str, fallback: str) -> str:
    """A yaku's English title: English name and romaji, "Seven Pairs (Chiitoitsu)"; either
    alone if the other is blank or the same; the fallback (its ID) if both are blank."""
    en, romaji = name_en.strip(), romaji.strip()
    if en and romaji and en.lower() != romaji.lower():
        return f"{en} ({romaji})"
    return en or romaji or fallback


def page_url(page: str) -> str:
    """The URL MkDocs gives a page (use_directory_urls), relative to its edition's root:
    yaku/3-02-01.md -> yaku/3-02-01/, index.md -> "" ."""
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def switch_link(page: str, to_english: bool) -> Markup:
    """The language switch: a link from a page to the same page of the other edition.

    `page` is the Chinese page's path under docs/ (yaku/3-02-01.md). Each edition is its
    own MkDocs build (site/mkdocs.yml, site/mkdocs.en.yml), so the link crosses from one
    build to the other and is written as the URL the page will have, relative to the page
    that prints it (it works wherever the site is served; the built-site link check
    follows it)."""
    url = page_url(page)
    depth = url.count("/")
    if to_english:
        href, label, lang = "../" * depth + PREFIX + url, "English", "en"
    else:
        href, label, lang = "../" * (depth + 1) + url, "中文", "zh-Hant"
    return Markup(f'<a class="yb-lang-switch" href="{esc(href or "./")}" hreflang="{lang}" '
                  f'lang="{lang}">{esc(label)}</a>')


def switch_line(page: str, to_english: bool) -> Markup:
    # not part of the page's search entry: its text would be the result's excerpt ("English")
    return switch_link(page, to_english) + Markup("\n{ .yb-lang data-search-exclude }")


class English:
    """Translations of the catalog's text nodes, as the templates print them."""

    def __init__(self, root: Path, cat: dict[str, Any]) -> None:
        entries = translations.load_entries(root)
        self.verdicts = {v.node.key: v for v in translations.judge(cat, entries)}
        # value words (the cases and additions inside a value) by their Chinese, for badges
        # of values that come without their option (computed awards)
        self.words: dict[str, str] = {}
        for v in self.verdicts.values():
            if v.status == "translated" and v.entry is not None and re.search(
                    r"/(when\d+|plus)$", v.node.key):
                self.words.setdefault(v.node.zh, v.entry.en)

    def text(self, key: str, zh: str = "") -> Markup:
        """The English of one text node, or its Chinese marked "translation pending"."""
        v = self.verdicts.get(key)
        if v is not None and v.status == "translated" and v.entry is not None:
            return esc(v.entry.en)
        shown = v.node.zh if v is not None else zh
        return (Markup('<span class="yb-pending" lang="zh-Hant">') + esc(shown)
                + Markup("</span> ") + PENDING)

    def current(self, key: str) -> str | None:
        """The English of one text node if its translation is current, else None (stale,
        missing, or no such node): the caller shows the Chinese marked "translation pending"."""
        v = self.verdicts.get(key)
        if v is not None and v.status == "translated" and v.entry is not None:
            return v.entry.en
        return None

    def plain(self, key: str, zh: str = "") -> str:
        """The English of a text node as plain text (page titles), or the Chinese + a mark."""
        v = self.verdicts.get(key)
        if v is not None and v.status == "translated" and v.entry is not None:
            return v.entry.en
        return f"{v.node.zh if v is not None else zh} (translation pending)"

    def word(self, zh: str, key: str | None = None) -> Markup:
        if key is not None and key in self.verdicts:
            return self.text(key, zh)
        for form in (zh, to_hant(zh)):
            if form in self.words:
                return esc(self.words[form])
        return self.text("", zh)

    # ------------------------------------------------------------------ values

    def label(self, v: dict[str, Any], node: str = "", letter: str = "") -> Markup:
        kind = v.get("kind")
        num = (lambda n: "?" if n is None else str(n))  # noqa: E731
        if kind == "none":
            return Markup("not used")
        if kind == "adopted":
            return Markup("yes")
        if kind == "lost":
            return Markup("?")
        if kind == "han":
            out = esc(f"{num(v.get('han'))} han")
            if v.get("open_han") is not None:
                out += esc(f" ({v['open_han']} han open)")
            return out
        if kind == "yakuman":
            m = v.get("multiple")
            out = esc("yakuman" if m == 1 else f"yakuman ×{num(m)}")
            if v.get("open"):
                out += Markup(" (open: ") + self.label(v["open"]) + Markup(")")
            return out
        if kind == "limit":
            name = LIMIT_EN.get(v.get("limit", ""), str(v.get("limit")))
            m = v.get("multiple")
            return esc(name if m == 1 else f"{name} ×{num(m)}")
        if kind == "fu_han":
            return esc(f"{num(v.get('fu'))} fu {num(v.get('han'))} han")
        if kind == "additive":
            key = f"{node}/{letter}/plus" if node else None
            return esc(f"{num(v.get('han'))} han + ") + self.word(str(v.get("plus", "")), key)
        if kind == "conditional":
            parts = []
            for i, c in enumerate(v.get("cases", []), start=1):
                key = f"{node}/{letter}/when{i}" if node else None
                parts.append(self.word(str(c["when"]), key) + Markup(": ")
                             + self.label(c["value"]))
            return Markup(" / ").join(parts)
        return esc(str(kind))

    def badge(self, v: dict[str, Any] | None, node: str = "", letter: str = "") -> Markup:
        if v is None:
            return Markup("")
        cls = value_class(v) + (" yb-v-lost" if is_lost(v) else "")
        if v.get("kind") == "conditional":
            cls += " yb-v-wrap"
        return (Markup(f'<span class="yb-v yb-v-{esc(cls)}">') + self.label(v, node, letter)
                + Markup("</span>"))

    def max_badge(self, y: Node) -> Markup:
        best = y.max_value
        if best is None:
            return Markup("")
        letter = next((o.letter for o in y.options if o.value is best), "")
        return self.badge(best, y.id, letter)

    # ------------------------------------------------------------------ names

    @staticmethod
    def title(y: Node) -> str:
        """English name and romaji: "Seven Pairs (Chiitoitsu)"; either alone if one is blank."""
        return title_text(y.forms.name_en if y.forms else "", y.romaji, y.id)

    def node_name(self, n: Node) -> Markup:
        if n.kind == "yaku":
            return esc(self.title(n))
        return self.text(f"{n.id}/name", n.name.hant)


_SUITS_EN = {"m": "man", "p": "pin", "s": "sou"}
_HONORS_EN = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")
_MELDS_EN = {"吃": "chii", "碰": "pon", "明槓": "open kan", "暗槓": "closed kan",
             "加槓": "added kan"}
_TILE_IMG = re.compile(r"!\[[^\]]*\]\(([^)\s]*/tiles/(\w+)\.svg)\)")
_MELD_KIND = re.compile(r'<span class="yb-meld-kind">([^<]*)</span>')
_IDEOGRAPHS = re.compile(r"[\u3000-\u30ff\uff00-\uffef\u3400-\u9fff\uf900-\ufaff]+")


def tile_en(code: str) -> str:
    """English name of a tile code: 1-man, red 5-pin, East, Red dragon, tile back."""
    if code == "back":
        return "tile back"
    n, suit = int(code[0]), code[1]
    if suit == "z":
        return _HONORS_EN[n - 1]
    return f"red 5-{_SUITS_EN[suit]}" if n == 0 else f"{n}-{_SUITS_EN[suit]}"


def tiles_en(md: Markup) -> Markup:
    """A hand as the model draws it (tile pictures with Chinese alt text, meld kinds in
    Chinese), with English alt text and meld kinds. The alt text is rebuilt from the tile
    code in the picture's path, never from the Chinese."""
    # the English edition is its own MkDocs build with its own copy of the pictures
    # (en/assets/tiles/, see english_assets), at the same relative place as the Chinese ones
    out = _TILE_IMG.sub(lambda m: f"![{tile_en(m.group(2))}]({m.group(1)})", str(md))
    out = _MELD_KIND.sub(lambda m: '<span class="yb-meld-kind">'
                         f"{_MELDS_EN.get(m.group(1), m.group(1))}</span>", out)
    return Markup(out)


def quoted(text: str) -> Markup:
    """English prose that quotes the Chinese or Japanese original of a term (example notes,
    the readings of the bodies): escaped, each quoted run marked as an original."""
    out, last = Markup(""), 0
    for m in _IDEOGRAPHS.finditer(text):
        out += esc(text[last:m.start()]) + Markup('<span class="yb-orig" lang="zh-Hant">') \
            + esc(m.group(0)) + Markup("</span>")
        last = m.end()
    return out + esc(text[last:])


# Words of the bodies' readings ("How the code reads it") that are not compendium terms of
# the glossary (catalog/translations/glossary.toml): tiles, seats and plain words the
# docstrings quote in Chinese. The English edition writes each in English with the
# original as a gloss in parentheses: "by a kanchan (嵌張) wait".
READING_WORDS = {
    "白": "white dragon", "發": "green dragon", "中": "red dragon",
    "東": "East", "南": "South", "西": "West", "北": "North",
    "萬": "man", "筒": "pin", "索": "sou",
    "下家": "player to your right", "上家": "player to your left",
    "對家": "player opposite", "搭子": "taatsu", "單騎": "tanki",
    "嵌張": "kanchan", "邊張": "penchan", "雙碰": "shanpon", "槓子": "kan",
    "連續": "in a row", "僅有": "only", "只有": "only", "無": "none", "內容": "content",
    "混一色": "honitsu", "清一色": "chinitsu", "一氣通貫": "ittsuu", "對對和": "toitoi",
    "海底撈月": "haitei", "河底撈魚": "houtei", "嶺上開花": "rinshan kaihou",
    "二杯口": "ryanpeikou", "天和": "tenhou", "地和": "chiihou", "國士無雙": "kokushi musou",
    "純全帶幺": "junchan", "斷幺九": "tanyao", "三色同刻": "sanshoku doukou",
    "一發": "ippatsu", "綠一色": "ryuuiisou", "七對子": "chiitoitsu", "混老頭": "honroutou",
    "小三元": "shousangen", "小四喜": "shousuushii", "明刻": "open triplet",
    "兩個刻子": "two triplets", "僅限門前": "closed hands only", "地獄單騎": "jigoku tanki",
    "莊家沒有暗槓": "the dealer has no closed kan", "連六": "six in a row",
    "有中和白": "with red dragon and white dragon", "有北的混一色": "honitsu with North",
    "【內容】": "rule text", "馬場": "Baba",
}
_PAREN = re.compile(r"\([^()]*\)")


def reading_vocabulary(glossary: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """Chinese -> English for a reading: the glossary's terms, READING_WORDS, and the local
    yaku names (their romaji, a numbered variant's base name too)."""
    out = dict(glossary)
    out.update(READING_WORDS)
    for zh, romaji in names.items():
        out.setdefault(zh, romaji)
        base = re.sub(r"[(（]\d+[)）]$", "", zh)
        out.setdefault(base, re.sub(r"\s*\(\d+\)$", "", romaji))
    return out


def translate_run(run: str, vocabulary: dict[str, str]) -> str | None:
    """A run of Chinese as English words, cut greedily into the longest known words; None
    when some part of it is no known word (it is then kept as an original)."""
    words, i = [], 0
    longest = max((len(k) for k in vocabulary), default=0)
    while i < len(run):
        for j in range(min(len(run), i + longest), i, -1):
            if run[i:j] in vocabulary:
                words.append(vocabulary[run[i:j]])
                i = j
                break
        else:
            return None
    return " ".join(words)


def reading_en(text: str, vocabulary: dict[str, str]) -> Markup:
    """One paragraph of a body's reading for the English edition: each Chinese run outside
    parentheses written in English with the original as a gloss, "kanchan (嵌張)"; runs
    already inside parentheses are glosses and stay; a run of unknown words stays an
    original (tests/site/test_site_readings.py counts those)."""
    out, last = Markup(""), 0
    glosses = [m.span() for m in _PAREN.finditer(text)]
    for m in _IDEOGRAPHS.finditer(text):
        out += esc(text[last:m.start()])
        orig = Markup('<span class="yb-orig" lang="zh-Hant">') + esc(m.group(0)) + Markup("</span>")
        english = None if any(a <= m.start() < b for a, b in glosses) else translate_run(
            m.group(0), vocabulary)
        if english is not None and m.start() and text[m.start() - 1].isalnum():
            english = " " + english  # "1翻" -> "1 han (翻)", "Giant馬場" -> "Giant Baba (馬場)"
        out += orig if english is None else esc(english) + Markup(" (") + orig + Markup(")")
        last = m.end()
    return out + esc(text[last:])


def search_names(yaku: list[Node]) -> str:
    """The search hook's names for the English edition's own index (its own MkDocs build,
    so the locations are relative to en/): each English yaku page carries every form of its
    name as search keys, the Chinese, Japanese and kana ones too (the page lists them), so
    a name typed on the English edition in any script finds the English page first.
    `excerpt` is the order the result list shows the names in: English first."""
    out: dict[str, Any] = {}
    for y in yaku:
        forms = y.forms.by_form() if y.forms else {}
        kept = {k: v for k, v in forms.items() if v}
        if kept:
            out[f"yaku/{y.id}/"] = {"id": y.id, "forms": kept, "excerpt": list(EXCERPT_ORDER)}
    return json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


# The order an English search result lists a yaku's names in (search_keys.EXCERPT_FORMS is
# the Chinese edition's).
EXCERPT_ORDER = ("en", "romaji", "ja", "kana", "zh-Hant", "zh-Hans")


def english_assets(out: dict[str, str]) -> dict[str, str]:
    """The shared assets the English build needs inside its own docs folder (en/): the
    style sheet, the script and the tile pictures, the same bytes as the Chinese edition's."""
    shared = ("assets/yakubook.css", "assets/yakubook-a11y.css", "assets/yakubook.js")
    return {PREFIX + k: v for k, v in out.items()
            if k in shared or k.startswith("assets/tiles/")}


def _award(en: English, y: Node, ex: ExampleView, rule_link: Any) -> Markup:
    """What a holding example awards, as the engine computes it (see yaku_pages._award)."""
    computed = ex.awards
    if computed:
        return awards_line(y, computed, en.badge, "none", "option")
    default = next((o for o in y.options if o.is_default), None)
    if default is None or default.value is None:
        out = Markup("yes")
    else:
        out = en.badge(default.value, y.id, default.letter) + Markup(
            f' <span class="yb-optletter">(option {esc(default.letter)})</span>')
    if not ex.case:
        return out
    return out + Markup(" · ") + rule_link(ex.case)


def render(env: jinja2.Environment, common: dict[str, Any], site: Site, root: Path,
           cat: dict[str, Any], names: dict[str, catalog_pkg.Name]) -> dict[str, str]:
    """Every English page, keyed by its path under docs/ (en/...)."""
    en = English(root, cat)
    by_id = {n.id: n for n in site.nodes}
    sections = {s.id: s for s in site.sections}
    head = Markup(HEADER.format(what="English edition, ", sha=site.cat_sha))
    base = dict(common, en=en, status_en=STATUS_EN, pending=PENDING)
    glossary_path = root / translations.GLOSSARY_REL
    glossary = ({t.zh: t.en for t in translations.load_glossary(root)}
                if glossary_path.exists() else {})
    vocabulary = reading_vocabulary(glossary, {
        y.name.hant: names[y.id].romaji for y in site.yaku
        if y.id in names and names[y.id].romaji})
    pages: dict[str, str] = {}

    def page(name: str, template: str, **kw: Any) -> None:
        pages[PREFIX + name] = env.get_template(f"en/{template}").render(
            base, switch=switch_line(name, to_english=False), **kw)

    def option_text(rule_id: str, letter: str) -> Markup:
        rule = by_id.get(rule_id)
        if rule is None or not any(o.letter == letter for o in rule.options):
            return Markup("")
        return en.text(f"{rule_id}/{letter}")

    def rule_link(rule_id: str) -> Markup:
        rule = by_id.get(rule_id)
        if rule is None or rule.kind != "rule":
            return esc(rule_id)
        return Markup(f"[{esc(rule_id)}](#{esc(rule_id)}) ") + en.node_name(rule)

    def rel_link(rel: Related) -> Markup:
        other = by_id.get(rel.id)
        name = en.title(other) if other is not None else rel.id
        return Markup(f"[{esc(name)}]({esc(rel.id)}.md) "
                      f'<span class="yb-id">{esc(rel.id)}</span>')

    for y in site.yaku:
        parent = next((by_id[rel.id] for rel in y.related if rel.kind == "parent"), None)
        forms = y.forms.by_form() if y.forms else {"zh-Hant": [y.name.hant],
                                                   "zh-Hans": [y.name.hans]}
        page(y.page, "yaku.md.j2", by_id=by_id, y=y, section=sections[y.section], parent=parent,
             forms=forms, rules=y.rules, option_text=option_text,
             award=lambda ex, y=y: _award(en, y, ex, rule_link),
             tiles=tiles_en, quoted=quoted, rel_link=rel_link,
             reading=lambda text: reading_en(text, vocabulary),
             header=Markup(HEADER.format(what=f"English edition, yaku {y.id}, ",
                                         sha=site.cat_sha)))
    for s in site.sections:
        page(f"sections/{s.id}.md", "section.md.j2", section=s,
             header=Markup(HEADER.format(what=f"English edition, section {s.id}, ", sha=s.sha)))
    page("index.md", "index.md.j2", header=head)
    groups = by_value_groups(site)
    page("by-value.md", "by-value.md.j2", header=head, groups=groups,
         lost=[y for y in site.yaku if y.lost_value])
    page("by-name.md", "by-name.md.j2", header=head,
         yaku=sorted(site.yaku, key=lambda y: (en.title(y).lower(), y.id)))
    page("by-status.md", "by-status.md.j2", header=head, groups=site.status_groups)
    page("status.md", "status.md.j2", header=head)
    return pages
