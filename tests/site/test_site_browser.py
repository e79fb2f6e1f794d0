"""The built site in Debian's Chromium (Playwright, no browser download): search folds
Simplified to Traditional, romaji finds a yaku, example tiles render. Screenshots go to
test-artifacts/. A missing /usr/bin/chromium fails the test: CI installs it."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from yakubook.serve import make_server

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def base_url(built_site):
    server = make_server(built_site.public, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: install Debian's chromium package"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture(scope="module")
def artifacts(root) -> Path:
    out = root / "test-artifacts"
    out.mkdir(exist_ok=True)
    return out


def search(page, base_url: str, query: str) -> list[str]:
    """Type query into the search box; the result links' absolute hrefs, best first."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(base_url)
    page.click("input.md-search__input")
    # The search worker builds its index after the page loads (seconds on a busy machine);
    # Material shows 正在初始化搜索引擎 until then. Wait for it, then enter the query (again,
    # if the first one still came too early).
    page.wait_for_function(
        """() => {
            const meta = document.querySelector(".md-search-result__meta");
            return meta && !meta.textContent.includes("初始化");
        }""",
        timeout=180_000,
    )
    for _ in range(6):
        # Material searches on key events: set the text, then press a key (typing CJK
        # text char by char sends no key event it listens to).
        page.fill("input.md-search__input", query)
        page.press("input.md-search__input", "End")
        try:
            page.wait_for_selector(".md-search-result__item", timeout=20_000)
            break
        except PlaywrightTimeout:
            continue
    else:
        raise AssertionError(f"no search result for {query!r} once search was ready")
    return page.eval_on_selector_all("a.md-search-result__link", "els => els.map(e => e.href)")


def test_simplified_query_finds_traditional_text(page, base_url, artifacts):
    links = search(page, base_url, "满贯")
    page.screenshot(path=str(artifacts / "site-search-simplified.png"))
    section_hits = [h for h in links if "/sections/" in h]
    assert section_hits, links
    page.goto(section_hits[0])
    page.wait_for_load_state("load")
    assert "滿貫" in page.inner_text("article")
    page.screenshot(path=str(artifacts / "site-search-simplified-result.png"))


def test_romaji_query_reaches_the_yaku(page, base_url, artifacts):
    links = search(page, base_url, "kaga")
    page.screenshot(path=str(artifacts / "site-search-romaji.png"))
    target = next((h for h in links if h.endswith("#3-13-01")), None)
    assert target, links
    page.goto(target)
    heading = page.locator('[id="3-13-01"]')
    heading.wait_for()
    assert "加賀百萬石(1)" in heading.inner_text()
    assert heading.is_visible()
    page.screenshot(path=str(artifacts / "site-yaku-3-13-01.png"))


def test_example_tiles_render(page, base_url, built_site, artifacts):
    sections = sorted((built_site.project / "site" / "docs" / "sections").glob("*.md"))
    with_examples = [p.stem for p in sections if "yb-example" in p.read_text("utf-8")]
    assert with_examples, "no section page has an example"
    page.goto(f"{base_url}sections/{with_examples[0]}/")
    page.wait_for_load_state("load")
    example = page.locator(".yb-example").first
    example.scroll_into_view_if_needed()
    tiles = example.locator("img.yb-tile")
    assert tiles.count() >= 13
    sizes = tiles.evaluate_all(
        "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.getBoundingClientRect().width])")
    assert all(done and natural > 0 and shown > 0 for done, natural, shown in sizes), sizes
    example.screenshot(path=str(artifacts / "site-example-tiles.png"))
    page.screenshot(path=str(artifacts / "site-section-page.png"))
