"""The "page not found" page in Debian's Chromium (issue #41, point 4): a static host serves
the root 404.html for every missing URL (yakubook.serve does the same), so a missing page
of the English edition (/en/…) must read in English and lead back into the English
edition, a missing Chinese page in Chinese; the English build's own en/404.html is English
even without scripts."""

from __future__ import annotations

import re

import pytest
from site_helpers import serving

pytestmark = pytest.mark.slow

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


def _main_text(page) -> str:
    return page.inner_text("main")


def test_a_missing_english_page_says_so_in_english(page, base_url):
    response = page.goto(base_url + "en/yaku/9-99-99/")
    assert response.status == 404
    assert page.locator("article h1:visible").inner_text() == "404 · Page not found"
    assert "There is no page at this address" in _main_text(page)
    assert not HAN.search(_main_text(page)), _main_text(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Page not found" in page.title()
    # the Chinese edition's navigation is not offered to the English reader
    assert not page.locator(".md-sidebar--primary").is_visible()
    page.get_by_role("link", name="Yaku by name").click()
    page.wait_for_url(base_url + "en/by-name/")
    assert not HAN.search(page.locator("article h1:visible").inner_text())


def test_a_missing_chinese_page_says_so_in_chinese(page, base_url):
    response = page.goto(base_url + "yaku/9-99-99/")
    assert response.status == 404
    assert "找不到這一頁" in page.locator("article h1:visible").inner_text()
    assert "Page not found" not in _main_text(page)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    page.get_by_role("link", name="English edition").click()
    page.wait_for_url(base_url + "en/")


def test_the_english_builds_own_404_is_english_without_scripts(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "en/404.html")
        assert page.locator("article h1:visible").inner_text() == "404 · Page not found"
        assert not HAN.search(_main_text(page)), _main_text(page)
        hrefs = page.locator("article a:visible").evaluate_all("els => els.map(e => e.href)")
        assert hrefs and all(h.startswith(base_url + "en/") for h in hrefs), hrefs
    finally:
        context.close()
