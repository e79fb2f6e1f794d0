"""The English edition in Debian's Chromium (Playwright, no browser download): the language
switch keeps the reader on the same yaku in both directions, and the search box of an
English page finds yaku by English name, by romaji, and by words of their rules."""

from __future__ import annotations

import re

import pytest
from site_helpers import SearchBox, serving, yaku_of

pytestmark = pytest.mark.slow

# yaku whose English name and romaji are searched for; the names come from names.toml.
SAMPLE = ("3-02-01", "3-05-01", "3-06-01", "3-09-04", "3-13-01", "3-16-01")
RULE_WORDS = ("seven pairs", "red dragon", "last tile")


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


@pytest.mark.parametrize("path", ["yaku/3-05-01/", "yaku/3-13-01/", "sections/3-02/", ""])
def test_language_switch_keeps_the_reader_on_the_same_page(page_without_search, base_url, path):
    page = page_without_search
    page.goto(base_url + path)
    zh_title = page.inner_text("article h1")
    page.click("a.yb-lang-switch")
    page.wait_for_url(base_url + "en/" + path)
    en_title = page.inner_text("article h1")
    assert en_title != zh_title and not re.search(r"[\u4e00-\u9fff]", en_title)
    assert page.get_attribute("a.yb-lang-switch", "hreflang") == "zh-Hant"
    page.click("a.yb-lang-switch")
    page.wait_for_url(base_url + path)
    assert page.inner_text("article h1") == zh_title


def test_yaku_page_switch_shows_the_english_name(page_without_search, base_url, names):
    page = page_without_search
    for yid in ("3-05-01", "3-16-01"):
        page.goto(f"{base_url}yaku/{yid}/")
        page.click("a.yb-lang-switch")
        page.wait_for_url(f"{base_url}en/yaku/{yid}/")
        h1 = page.inner_text("article h1")
        assert names[yid].name_en in h1 and names[yid].romaji in h1, h1


def test_english_search_finds_yaku_by_english_name_and_romaji(page, base_url, names):
    # An English yaku page carries its English names as search keys, so an English name
    # finds it first, or right after the Chinese page of the same yaku (which carries the
    # same keys among all its others). Romaji keys sit on the Chinese yaku page only, so a
    # romaji name finds that yaku's Chinese page first; its language switch leads on.
    box = SearchBox(page, base_url + "en/")
    misses = []
    for yid in SAMPLE:
        links = box.search(names[yid].name_en)
        pages = list(dict.fromkeys(p.split("?")[0].split("#")[0] for p in links))
        if not pages or yaku_of(pages[0]) != yid or f"{base_url}en/yaku/{yid}/" not in pages[:2]:
            misses.append((yid, names[yid].name_en, pages[:3]))
        links = box.search(names[yid].romaji)
        pages = list(dict.fromkeys(p.split("?")[0].split("#")[0] for p in links))
        if not pages or yaku_of(pages[0]) != yid:
            misses.append((yid, names[yid].romaji, pages[:3]))
    assert misses == []


def test_english_search_finds_yaku_by_rule_words(page, base_url, all_pages):
    box = SearchBox(page, base_url + "en/")
    for words in RULE_WORDS:
        links = box.search(words)
        pages = list(dict.fromkeys(p.split("?")[0] for p in links))  # result pages, in order
        english = [p for p in pages if p.startswith(base_url + "en/yaku/")]
        assert english, (words, pages[:5])
        assert pages.index(english[0]) < 10, (words, pages[:10])
        # the best English yaku page holds the words together (lunr also finds pages that
        # hold only one of them, further down)
        md = all_pages[english[0].removeprefix(base_url).removesuffix("/") + ".md"]
        assert words in md.lower(), (words, english[0])
