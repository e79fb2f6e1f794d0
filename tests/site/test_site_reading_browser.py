"""Reading comfort in Debian's Chromium (issue #41, point 6): on a desktop the status and
by-value tables fit their column (no sideways scroll bar); on a 390 px phone every yaku ID
of the index pages (3-02-01, 3-08-01-07) reads on one line."""

from __future__ import annotations

import pytest
from site_helpers import serving, without_search_index

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

SIDEWAYS = """() => Array.from(document.querySelectorAll(
    ".md-content .md-typeset__scrollwrap, .md-content table"))
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.querySelector("th") || {}).textContent + ": " + e.scrollWidth + " in " +
            e.clientWidth)"""

WRAPPED_IDS = """() => {
  const ids = Array.from(document.querySelectorAll("article .yb-id"));
  const line = e => 1.6 * parseFloat(getComputedStyle(e).fontSize);
  return {count: ids.length,
          texts: ids.slice(0, 3).map(e => e.innerText),
          wrapped: ids.filter(e => e.getClientRects().length > 1 ||
                                   e.getBoundingClientRect().height > 1.5 * line(e))
                      .slice(0, 5).map(e => e.innerText)};
}"""


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


@pytest.mark.parametrize("path", ["status/", "by-value/", "en/status/", "en/by-value/"])
def test_desktop_tables_need_no_sideways_scroll(browser, base_url, path):
    context = browser.new_context(viewport=DESKTOP)
    without_search_index(context)  # no test here searches
    try:
        page = context.new_page()
        page.goto(base_url + path)
        assert page.locator("article table").count() > 0
        assert page.evaluate(SIDEWAYS) == []
    finally:
        context.close()


@pytest.mark.parametrize("path", ["by-status/", "by-value/", "by-name/", "en/by-value/"])
def test_yaku_ids_read_on_one_line_on_a_phone(browser, base_url, path):
    context = browser.new_context(viewport=PHONE)
    without_search_index(context)  # no test here searches
    try:
        page = context.new_page()
        page.goto(base_url + path)
        found = page.evaluate(WRAPPED_IDS)
        assert found["count"] >= 100
        assert all(t.count("-") >= 2 and "\n" not in t for t in found["texts"]), found
        assert found["wrapped"] == [], found
    finally:
        context.close()
