"""The built site in Debian's Chromium (Playwright, no browser download): search folds
Simplified to Traditional, romaji finds a yaku, an old section anchor follows the yaku to its
page, example tiles render, and at a phone's 390 px nothing is cut off. Screenshots go to
test-artifacts/. A missing /usr/bin/chromium-headless-shell fails the test: `make` installs it."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_helpers import serving, without_search_index

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


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
    # Material shows 正在初始化搜尋引擎 until then. Wait for it, then enter the query (again,
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
    hits = [h for h in links if "/yaku/" in h or "/sections/" in h]
    assert hits, links
    page.goto(hits[0])
    page.wait_for_load_state("load")
    assert "滿貫" in page.inner_text("article")
    page.screenshot(path=str(artifacts / "site-search-simplified-result.png"))


def test_romaji_query_reaches_the_yaku(page, base_url, artifacts):
    links = search(page, base_url, "kaga")
    page.screenshot(path=str(artifacts / "site-search-romaji.png"))
    assert "/yaku/3-13-0" in links[0], links
    # The Chinese edition's page (the English one, /en/yaku/…, is found too).
    target = next((h for h in links if "/yaku/3-13-01/" in h and "/en/" not in h), None)
    assert target, links
    page.goto(target)
    heading = page.locator('[id="3-13-01"]')
    heading.wait_for()
    assert "加賀百萬石(1)" in heading.inner_text()
    assert heading.is_visible()
    page.screenshot(path=str(artifacts / "site-yaku-3-13-01.png"))


def test_old_section_anchor_lands_on_the_rule_question(page_without_search, base_url):
    page = page_without_search
    page.goto(f"{base_url}sections/3-13/#3-13-01-02")
    page.wait_for_url("**/yaku/3-13-01/#3-13-01-02")
    heading = page.locator('[id="3-13-01-02"]')
    heading.wait_for()
    assert "合計值的條件" in heading.inner_text()


def test_example_tiles_render(page_without_search, base_url, built_site, artifacts):
    page = page_without_search
    yaku = sorted((built_site.project / "site" / "docs" / "yaku").glob("*.md"))
    with_examples = [p.stem for p in yaku if "yb-example" in p.read_text("utf-8")]
    assert with_examples, "no yaku page has an example"
    page.goto(f"{base_url}yaku/{with_examples[0]}/")
    page.wait_for_load_state("load")
    example = page.locator(".yb-example").first
    example.scroll_into_view_if_needed()
    tiles = example.locator("img.yb-tile")
    assert tiles.count() >= 13
    sizes = tiles.evaluate_all(
        "imgs => imgs.map(i => [i.complete, i.naturalWidth, i.getBoundingClientRect().width])")
    assert all(done and natural > 0 and shown > 0 for done, natural, shown in sizes), sizes
    example.screenshot(path=str(artifacts / "site-example-tiles.png"))
    page.screenshot(path=str(artifacts / "site-yaku-page.png"))


PHONE_PAGES = ("", "by-value/", "by-name/", "by-status/", "status/", "sections/3-13/",
               "yaku/3-13-01/", "yaku/3-02-03/", "yaku/3-09-01/", "yaku/3-15-03/",
               "yaku/3-08-01-07/", "en/yaku/3-09-01/", "en/status/", "en/by-status/",
               "en/by-name/", "en/sections/3-16/", "en/sections/3-09/", "sections/3-09/",
               "en/", "en/by-value/")

# Per page: the page's own width, and every table and value badge that does not fit on
# the screen and is not inside a box that scrolls sideways.
CUT_OFF = """() => {
  const vw = document.documentElement.clientWidth;
  const scrolls = el => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if ((o === "auto" || o === "scroll") && p.getBoundingClientRect().right <= vw + 1)
        return true;
    }
    return false;
  };
  const cut = [];
  for (const el of document.querySelectorAll("article table, article .yb-v")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    if ((r.left < -1 || r.right > vw + 1) && !scrolls(el))
      cut.push(el.tagName + " " + el.className + " " + el.textContent.slice(0, 40));
  }
  const tables = [...document.querySelectorAll("article table")].filter(t => !scrolls(t));
  // a first-column header (Optio-n), a status badge (imple-mente-d), a count (14-9), a
  // Rōmaji (Ippat-su), a Latin header word (Chin-ese), a value badge (yakuma-n ×2) or a
  // linked name (Spe-c-i-al) is never broken inside a word: each word's characters lie
  // on one line
  const broken = [];
  const cells = document.querySelectorAll(
    "article th:first-child, article td .yb-status, article td[style*='text-align: right'], " +
    "article table .yb-word, article table .yb-v, article table td a");
  for (const el of cells) {
    if (el.getBoundingClientRect().width === 0) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[A-Za-z0-9\u00C0-\u024F]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1)
          broken.push(m[0]);
      }
    }
  }
  return {page: document.documentElement.scrollWidth, vw, cut, broken,
          unwrapped: tables.map(t => t.textContent.slice(0, 40))};
}"""


def test_phone_width_cuts_nothing_off(browser, base_url, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  device_scale_factor=1, is_mobile=True, has_touch=True)
    without_search_index(context)  # this test does not search
    page = context.new_page()
    try:
        for path in PHONE_PAGES:
            page.goto(base_url + path)
            page.wait_for_load_state("load")
            page.wait_for_selector("article")
            found = page.evaluate(CUT_OFF)
            assert found["vw"] <= 390, found
            assert found["page"] <= found["vw"], (path, found)
            assert found["cut"] == [], (path, found["cut"])
            assert found["unwrapped"] == [], (path, found["unwrapped"])
            assert found["broken"] == [], (path, found["broken"])
            name = path.strip("/").replace("/", "-") or "home"
            page.screenshot(path=str(artifacts / f"site-phone-{name}.png"), full_page=True)
    finally:
        context.close()


# The first table's header cells (shown or not), its last row's cells, and the notes a
# reader sees under it.
COLUMNS = """() => {
  const table = document.querySelector("article table");
  const heads = [...table.querySelectorAll("thead th")];
  const last = [...table.querySelectorAll("tbody tr")].at(-1);
  const notes = [...document.querySelectorAll("article p")]
    .filter(p => p.getClientRects().length > 0 && /^(No yaku is|沒有)/.test(p.textContent.trim()));
  return {heads: heads.map(th => th.textContent.trim()),
          shown: heads.map(th => th.getClientRects().length > 0),
          rows: [...table.querySelectorAll("tbody tr")].map(
            tr => [...tr.children].map(td => td.textContent.trim())),
          last: [...last.children].map(td => td.textContent.trim()),
          notes: notes.map(p => p.textContent.trim())};
}"""


# Each catalog ID in the table's last column (the notes) -> the line boxes it is drawn on.
ID_LINES = r"""() => {
  const out = {};
  for (const td of document.querySelectorAll("article table tbody td:last-child")) {
    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/\d+(?:-\d+)+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        out[m[0] + " @" + Object.keys(out).length] = tops.size;
      }
    }
  }
  return out;
}"""


def test_a_phone_leaves_out_only_columns_the_page_says_elsewhere(browser, base_url):
    """On a desktop every column shows. On a phone the status table leaves out each status
    whose total (its last row) is 0, and a note under it names those; the by-status and
    one-status section tables leave out the status column (a heading or the line above
    names it); the by-value tables leave out the highest value (the heading names it, the
    options column holds it); the English by-name table the Rōmaji (each name holds it),
    the Chinese by-status and by-value tables too (each yaku's page and section give it)."""
    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844},
                                device_scale_factor=1, is_mobile=True, has_touch=True)
    without_search_index(desk)
    without_search_index(phone)
    wide, narrow = desk.new_page(), phone.new_page()

    def columns(page, path: str) -> dict:
        page.goto(base_url + path)
        page.wait_for_selector("article table")
        return page.evaluate(COLUMNS)

    try:
        for path in ("status/", "en/status/"):
            d, p = columns(wide, path), columns(narrow, path)
            assert all(d["shown"]) and d["notes"] == [], (path, d)
            totals = dict(zip(d["heads"], d["last"], strict=True))
            empty = [head for head in d["heads"][2:-1] if totals[head] == "0"]
            assert empty, (path, totals)  # else this page has nothing to leave out
            assert p["shown"] == [totals[head] != "0" for head in d["heads"]], (path, p)
            assert len(p["notes"]) == 1 and all(head in p["notes"][0] for head in empty), p
        # The Chinese index tables' Rōmaji: each yaku's page and its section's table give it.
        for path, status, hidden in (("by-status/", "狀態", {"狀態", "Rōmaji"}),
                                     ("en/by-status/", "Status", {"Status"}),
                                     ("sections/3-16/", "狀態", {"狀態"}),
                                     ("en/sections/3-16/", "Status", {"Status"})):
            d, p = columns(wide, path), columns(narrow, path)
            assert all(d["shown"]) and status in hidden and hidden <= set(d["heads"]), (path, d)
            assert p["shown"] == [head not in hidden for head in d["heads"]], (path, p)
            if path == "by-status/":
                # The notes' rule-question IDs each stay on one line (a browser breaks a
                # line after a hyphen: 3- / 02-03-07-01 on a phone).
                lines = narrow.evaluate(ID_LINES)
                assert len(lines) > 10 and set(lines.values()) == {1}, lines
        # The by-value tables' highest value: the heading names it, the options column holds it.
        for path, high, hidden in (("by-value/", "最高值", {"最高值", "Rōmaji"}),
                                   ("en/by-value/", "Highest value", {"Highest value"})):
            d, p = columns(wide, path), columns(narrow, path)
            assert all(d["shown"]) and hidden <= set(d["heads"]), (path, d["heads"])
            assert p["shown"] == [head not in hidden for head in d["heads"]], (path, p)
            at = d["heads"].index(high)  # the options are the last column
            assert d["rows"] and all(row[at] and row[at] in row[-1] for row in d["rows"]), path
        # The English names' Rōmaji column: each name already ends in its Rōmaji in brackets.
        d, p = columns(wide, "en/by-name/"), columns(narrow, "en/by-name/")
        assert all(d["shown"]) and d["heads"][:2] == ["Name", "Rōmaji"], d["heads"]
        assert p["shown"] == [head != "Rōmaji" for head in d["heads"]], p
        assert len(d["rows"]) > 100
        for name, romaji, *_ in d["rows"]:
            assert romaji and (f"({romaji})" in name or name.startswith(romaji)), (name, romaji)
    finally:
        desk.close()
        phone.close()
