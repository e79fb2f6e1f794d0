"""A yaku page on paper (issue #41, point 6: "a yaku page prints on 15 A4 pages"), printed by
Debian's Chromium as a reader's "Print to PDF" does (Playwright's page.pdf, A4): the
longest yaku pages of both editions fit in a few sheets; the paper keeps what a player
reads (title, summary, rules, reading, examples) and leaves out the screen's chrome
(header, navigation, search, language switch) and the verification detail; a reader in
dark mode still gets dark text on white paper."""

from __future__ import annotations

import re

import pytest
from site_helpers import serving, without_search_index

pytestmark = pytest.mark.slow

# Measured (Chromium 2026-12, A4, the catalog of this commit): the longest yaku page printed
# on 21-22 sheets (3-09-01, 3-02-03) before the print stylesheet, on 5-6 after; the bound
# leaves one sheet for a font or a longer reading.
MAX_SHEETS = 7
LONGEST = 3  # the longest pages of each edition, by the length of their Markdown


def _sheets(pdf: bytes) -> int:
    """The number of pages of a PDF (its /Type /Page objects; /Pages is the tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _longest(all_pages: dict[str, str], edition: str) -> list[str]:
    pages = [p for p in all_pages
             if re.fullmatch(rf"{edition}yaku/3-[\d-]+\.md", p)]
    pages.sort(key=lambda p: -len(all_pages[p]))
    return [p.removesuffix(".md") + "/" for p in pages[:LONGEST]]


# What the pages are printed after: the load event (goto returns at it: every image, style
# sheet and script in) and the fonts. Only the search's files come later (the index, its
# scripts, the name vocabulary: nothing the paper shows); waiting for the network to be
# idle for that added half a second to each page.
FONTS_READY = "document.fonts.ready.then(() => null)"


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


def test_the_count_helper_counts_pages_not_the_page_tree():
    pdf = b"<< /Type /Pages /Kids [3 0 R 4 0 R] >> << /Type /Page >> << /Type/Page /X 1 >>"
    assert _sheets(pdf) == 2


@pytest.mark.parametrize("edition", ["", "en/"])
def test_the_longest_yaku_pages_print_on_a_few_a4_sheets(browser, base_url, all_pages,
                                                          edition):
    context = browser.new_context()
    without_search_index(context)  # no test here searches
    page = context.new_page()
    try:
        sheets = {}
        for path in _longest(all_pages, edition):
            page.goto(base_url + path)
            page.evaluate(FONTS_READY)
            sheets[path] = _sheets(page.pdf(format="A4"))
        assert all(0 < n <= MAX_SHEETS for n in sheets.values()), sheets
    finally:
        context.close()


# What a reader sees on paper: the visible text of the page in print media.
PRINTED = """() => {
  const shown = (sel) => Array.from(document.querySelectorAll(sel)).some((e) => {
    const r = e.getBoundingClientRect();
    return e.checkVisibility() && r.width > 0 && r.height > 0;
  });
  const style = getComputedStyle(document.querySelector('.md-typeset'));
  return {
    text: document.body.innerText,
    header: shown('.md-header'), nav: shown('.md-sidebar--primary'),
    toc: shown('.md-sidebar--secondary'), search: shown('.md-search'),
    footer: shown('.md-footer'), lang: shown('.yb-lang'),
    verification: shown('.yb-verification') || shown('#verification'),
    summary: shown('.yb-summary'), examples: shown('.yb-example'),
    fontPt: parseFloat(style.fontSize) * 72 / 96, color: style.color,
  };
}"""


def _luminance(css_color: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css_color)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize(("edition", "scheme"), [("", "light"), ("en/", "light"),
                                                 ("", "dark"), ("en/", "dark")])
def test_paper_keeps_the_reading_and_drops_the_chrome(browser, base_url, edition, scheme):
    context = browser.new_context(color_scheme=scheme)
    without_search_index(context)  # no test here searches
    page = context.new_page()
    try:
        page.goto(base_url + f"{edition}yaku/3-09-01/")
        page.evaluate(FONTS_READY)
        page.emulate_media(media="print", color_scheme=scheme)
        seen = page.evaluate(PRINTED)
    finally:
        context.close()
    chrome = {k: seen[k] for k in ("header", "nav", "toc", "search", "footer", "lang")}
    assert not any(chrome.values()), chrome
    assert not seen["verification"]
    assert seen["summary"] and seen["examples"]
    text = seen["text"]
    if edition:
        for said in ("Full Flush Seven Pairs", "Default value", "How the code reads it",
                     "Rule questions", "Examples", "Example 1"):
            assert said in text, said
        assert "Source and verification" not in text
    else:
        for said in ("清一色七對子", "預設的值", "程式的理解", "規則問題", "例子", "例 1"):
            assert said in text, said
        assert "來源與核對" not in text
    assert not re.search(r"sources/\d+_[0-9a-f]+\.txt|yakubook/engine/bodies/", text)
    assert 8 <= seen["fontPt"] <= 11, seen["fontPt"]
    # dark on screen, dark text on paper all the same (a browser prints no background)
    assert _luminance(seen["color"]) < 0.3, seen["color"]
