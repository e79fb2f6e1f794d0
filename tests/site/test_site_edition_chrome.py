"""The English edition's chrome is English (issue #25, item 3): every built English page
declares lang="en", and its site title, navigation, search box and search strings, table of
contents and footer hold no Chinese; names of yaku (the yb-name spans) and quoted originals
aside, the article's example notes hold none either. The Chinese edition keeps its own."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.slow

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
# the parts of a Material page around the article
CHROME = ("title", "header.md-header", "nav.md-nav--primary", ".md-search", "footer",
          "nav.md-nav--secondary > label.md-nav__title")


class PageParts(HTMLParser):
    """What the check reads of one page, in one pass of the standard library's parser (the
    one BeautifulSoup's "html.parser" drives) without building the page's tree: building
    BeautifulSoup trees of the ~180 English pages (~100 KB each) and selecting in them was
    most of this test's time. The tree's rules are kept: a void element closes at once, an
    end tag closes up to its open element (a stray one is ignored), a string is a run of
    text between tags, and strings inside script, style, template, rt and rp, comments and
    declarations are no text. Read: the first <html> element's lang; per CHROME selector,
    each element it matches, as its strings (BeautifulSoup's get_text joins them); each
    example note (.yb-ex-note) the same; the text of script#__config.
    test_page_parts_read_as_beautifulsoup_reads_them holds it to BeautifulSoup."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "keygen",
                      "link", "menuitem", "meta", "param", "source", "track", "wbr",
                      "basefont", "bgsound", "command", "frame", "image", "isindex",
                      "nextid", "spacer"})
    NOT_TEXT = frozenset({"script", "style", "template", "rt", "rp"})
    KEEP_SPACE = frozenset({"pre", "textarea"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.chrome: dict[str, list[list[str]]] = {selector: [] for selector in CHROME}
        self.notes: list[list[str]] = []
        self.config: list[str] | None = None
        self._html_seen = False
        self._in_config = False
        # the open elements: tag, classes, how many of the lists below it opened
        self._open: list[tuple[str, list[str], int]] = []
        self._collecting: list[list[str]] = []  # the strings of the open matched elements
        self._not_text = 0  # open elements whose strings are no text
        self._keep_space = 0
        self._data: list[str] = []
        self._closed_void: list[str] = []

    @classmethod
    def of(cls, html: str) -> PageParts:
        parser = cls()
        parser.feed(html)
        parser.close()
        parser._end_string()
        return parser

    def text(self, strings: list[str], strip: bool = True) -> str:
        """get_text(" ", strip=True) of an element read as `strings`; get_text() unstripped."""
        if not strip:
            return "".join(strings)
        return " ".join(s for s in (s.strip() for s in strings) if s)

    def _end_string(self) -> None:
        if not self._data:
            return
        text = "".join(self._data)
        self._data = []
        if self._in_config and self.config is not None:
            self.config.append(text)
        if self._not_text or not self._collecting:
            return
        if not self._keep_space and not text.strip(" \n\t\f\r"):
            text = "\n" if "\n" in text else " "  # as BeautifulSoup keeps white space
        for strings in self._collecting:
            strings.append(text)

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self._end_string()
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "html" and not self._html_seen:
            self._html_seen = True
            self.lang = attrs.get("lang")
        parent = self._open[-1] if self._open else ("", [], 0)
        matched = [selector for selector, match in (
            ("title", tag == "title"),
            ("header.md-header", tag == "header" and "md-header" in classes),
            ("nav.md-nav--primary", tag == "nav" and "md-nav--primary" in classes),
            (".md-search", "md-search" in classes),
            ("footer", tag == "footer"),
            ("nav.md-nav--secondary > label.md-nav__title",
             tag == "label" and "md-nav__title" in classes and parent[0] == "nav"
             and "md-nav--secondary" in parent[1]),
        ) if match]
        for selector in matched:
            self.chrome[selector].append([])
            self._collecting.append(self.chrome[selector][-1])
        if "yb-ex-note" in classes:
            matched.append(".yb-ex-note")
            self.notes.append([])
            self._collecting.append(self.notes[-1])
        if tag == "script" and attrs.get("id") == "__config" and self.config is None:
            self.config = []
            self._in_config = True
        self._open.append((tag, classes, len(matched)))
        self._not_text += tag in self.NOT_TEXT
        self._keep_space += tag in self.KEEP_SPACE
        if tag in self.VOID:
            self._close(tag)
            self._closed_void.append(tag)

    def handle_startendtag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self._close(tag)

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        self._end_string()
        if tag in self._closed_void:
            self._closed_void.remove(tag)  # </br> after <br>: closed already
        else:
            self._close(tag)

    def _close(self, tag: str) -> None:
        if not any(open_tag == tag for open_tag, _, _ in self._open):
            return
        while True:
            open_tag, _, lists = self._open.pop()
            if lists:
                del self._collecting[-lists:]
            self._not_text -= open_tag in self.NOT_TEXT
            self._keep_space -= open_tag in self.KEEP_SPACE
            if open_tag == "script":
                self._in_config = False
            if open_tag == tag:
                return

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self._data.append(data)

    def handle_comment(self, data):  # type: ignore[no-untyped-def]
        self._end_string()

    def handle_decl(self, decl):  # type: ignore[no-untyped-def]
        self._end_string()

    def handle_pi(self, data):  # type: ignore[no-untyped-def]
        self._end_string()

    def unknown_decl(self, data):  # type: ignore[no-untyped-def]
        self._end_string()
        if data.startswith("CDATA["):  # text, as BeautifulSoup's CData
            self._data.append(data.removeprefix("CDATA["))
            self._end_string()


def _english_pages(built_site):
    return sorted((built_site.public / "en").rglob("*.html"))


def test_english_pages_declare_english_and_their_chrome_is_english(built_site):
    pages = _english_pages(built_site)
    assert len(pages) >= 170  # 149 yaku, 15 sections, home, indexes, status, house rules, 404
    bad = []
    for path in pages:
        page = PageParts.of(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(built_site.public))
        assert page.lang == "en", where
        for selector, elements in page.chrome.items():
            for strings in elements:
                text = page.text(strings)
                if CJK.search(text):
                    bad.append((where, selector, text[:80]))
        assert page.config is not None, where
        config = json.loads("".join(page.config))
        if CJK.search(json.dumps(config["translations"], ensure_ascii=False)):
            bad.append((where, "search strings", config["translations"]))
        for strings in page.notes:
            note = page.text(strings, strip=False)
            if CJK.search(note):
                bad.append((where, "example note", note[:80]))
    assert not bad, bad[:10]


# Pages of each kind, in both editions (the Chinese ones hold Chinese chrome and notes),
# and a page made to hold every rule of PageParts.
PARTS_PAGES = ("index.html", "yaku/3-13-01/index.html", "sections/3-13/index.html",
               "house-rules/index.html", "404.html")
TRICKY = """<!doctype html><html lang="en"><head><title>T 中</title>
<script id="__config">{"translations": {"a": "b"}}</script><style>.x{}</style></head><body>
<header class="md-header x"><svg><title>圖</title><path d="M0"/></svg> <br> 中 </br>
<p>a&amp;b<!-- 註 -->c &#20013;</p><template>中</template><ruby>x<rp>(</rp><rt>中</rt></ruby>
</header><nav class="md-nav md-nav--secondary"><label class="md-nav__title">目錄</label>
<div><label class="md-nav__title">x</label></div></nav>
<div class="yb-ex-note"> <pre> </pre>注 <b>x</b></div><span class="md-search">搜</span>
<footer>a</i>b<div>c</footer><footer>d</footer></body></html>"""


def _read_by_beautifulsoup(html: str) -> dict:
    soup = BeautifulSoup(html, "html.parser")
    config = soup.select_one("script#__config")
    return {"lang": soup.html.get("lang") if soup.html else None,
            "chrome": {s: [el.get_text(" ", strip=True) for el in soup.select(s)]
                       for s in CHROME},
            "notes": [note.get_text() for note in soup.select(".yb-ex-note")],
            "config": config.string if config else None}


def _read_by_page_parts(html: str) -> dict:
    page = PageParts.of(html)
    return {"lang": page.lang,
            "chrome": {s: [page.text(strings) for strings in elements]
                       for s, elements in page.chrome.items()},
            "notes": [page.text(strings, strip=False) for strings in page.notes],
            "config": "".join(page.config) if page.config is not None else None}


def test_page_parts_read_as_beautifulsoup_reads_them(built_site):
    """The check above reads pages with PageParts; BeautifulSoup reads the same texts (all
    built pages of both editions did when it was written)."""
    htmls = [(built_site.public / prefix / rel).read_text(encoding="utf-8")
             for prefix in ("", "en") for rel in PARTS_PAGES] + [TRICKY]
    for html in htmls:
        assert _read_by_page_parts(html) == _read_by_beautifulsoup(html)
    # what TRICKY's rules give (no text of the comment, template, rt; the svg's title is
    # a title; a stray end tag ignored, a left-open one closed by its parent's end tag)
    tricky = _read_by_page_parts(TRICKY)
    assert tricky["chrome"]["title"] == ["T 中", "圖"]
    assert tricky["chrome"]["header.md-header"] == ["圖 中 a&b c 中 x"]
    assert tricky["chrome"]["footer"] == ["a b c", "d"]
    assert tricky["chrome"]["nav.md-nav--secondary > label.md-nav__title"] == ["目錄"]
    assert tricky["notes"] == ["  注 x"] and tricky["config"] == '{"translations": {"a": "b"}}'


def test_english_search_strings_and_toc_title(built_site):

    soup = BeautifulSoup((built_site.public / "en" / "yaku" / "3-02-01" / "index.html")
                         .read_text(encoding="utf-8"), "html.parser")
    assert soup.select_one("input.md-search__input")["placeholder"] == "Search"
    assert soup.select_one("nav.md-nav--secondary > label").get_text(strip=True) == \
        "Table of contents"
    assert "Riichi Mahjong Local Yaku" in soup.select_one("header.md-header").get_text()


def test_chinese_pages_keep_chinese_chrome(built_site):
    soup = BeautifulSoup((built_site.public / "yaku" / "3-02-01" / "index.html")
                         .read_text(encoding="utf-8"), "html.parser")
    # the Traditional-first edition's own interface words (#41): 搜尋 and 目錄, not the
    # Simplified 搜索 and 目录
    assert soup.html.get("lang") == "zh-Hant"
    assert soup.select_one("input.md-search__input")["placeholder"] == "搜尋"
    assert soup.select_one("nav.md-nav--secondary > label").get_text(strip=True) == "目錄"
    switch = soup.select_one("a.yb-lang-switch")
    assert switch["href"] == "../../en/yaku/3-02-01/" and switch["hreflang"] == "en"
