"""The English edition's chrome is English (issue #25, item 3): every built English page
declares lang="en", and its site title, navigation, search box and search strings, table of
contents and footer hold no Chinese; names of yaku (the yb-name spans) and quoted originals
aside, the article's example notes hold none either. The Chinese edition keeps its own."""

from __future__ import annotations

import json
import re

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.slow

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
# the parts of a Material page around the article
CHROME = ("title", "header.md-header", "nav.md-nav--primary", ".md-search", "footer",
          "nav.md-nav--secondary > label.md-nav__title")


def _english_pages(built_site):
    return sorted((built_site.public / "en").rglob("*.html"))


def test_english_pages_declare_english_and_their_chrome_is_english(built_site):
    pages = _english_pages(built_site)
    assert len(pages) >= 170  # 149 yaku, 15 sections, home, indexes, status, house rules, 404
    bad = []
    for path in pages:
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        where = str(path.relative_to(built_site.public))
        assert soup.html.get("lang") == "en", where
        for selector in CHROME:
            for el in soup.select(selector):
                if CJK.search(el.get_text(" ", strip=True)):
                    bad.append((where, selector, el.get_text(" ", strip=True)[:80]))
        config = json.loads(soup.select_one("script#__config").string)
        if CJK.search(json.dumps(config["translations"], ensure_ascii=False)):
            bad.append((where, "search strings", config["translations"]))
        for note in soup.select(".yb-ex-note"):
            if CJK.search(note.get_text()):
                bad.append((where, "example note", note.get_text()[:80]))
    assert not bad, bad[:10]


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
