"""Accessibility and phone layout of the built site, in Debian's Chromium (issue #25).

axe-core (pinned in render/npm_package.py, fetched by `make` into build/) is injected into
one page of each kind in both editions, on a desktop and on a 390 px phone, in light and in
dark mode (#41), and must report no violation of WCAG 2.1 A/AA (tags wcag2a, wcag2aa,
wcag21a, wcag21aa). Every focusable kind
of control must show a visible focus when reached with the keyboard. At 390 px, no table or
block of the pages a phone reader needs (a lost-value yaku page, the house-rules page, and
the other kinds) reaches past the viewport or scrolls sideways inside itself.

Time (#43): one page kept per viewport for the module and navigated by each test (a new
page is a new renderer process, conftest.KeptPages); one load per page and viewport
(light, then dark switched in place), axe
injected once per load and run once per scheme with all the rules, the phone's sideways
check on the phone's own load, the Tab presses sent without a round trip each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from site_helpers import serving

from render import npm_package

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / npm_package.AXE_CORE.cache / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LOST_VALUE_PAGE = "yaku/3-02-03/"  # 3-02-03's option b lost its han count in the source
PAGE_KINDS = {
    "home": "",
    "section": "sections/3-13/",
    "yaku": "yaku/3-13-01/",
    "lost-value yaku": LOST_VALUE_PAGE,
    "index by name": "by-name/",
    "index by value": "by-value/",
    "index by status": "by-status/",
    "status": "status/",
    "house rules": "house-rules/",
}
PAGES = [(f"{edition}{kind}", prefix + path)
         for edition, prefix in (("", ""), ("en ", "en/"))
         for kind, path in PAGE_KINDS.items()]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 1000}

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


def _open(kept_pages, url: str, viewport: dict[str, int],  # type: ignore[no-untyped-def]
          search_index: bool = False):
    """The module's kept page for this viewport, navigated afresh (conftest.KeptPages); the
    search dialog stays closed but in the search test, so the others' search index has no
    documents (site_helpers.without_search_index)."""
    page = kept_pages.open(url, search_index=search_index, viewport=viewport)
    if "/house-rules/" in url:
        page.wait_for_selector("#yb-hr[data-ready='1']", timeout=60_000)
    return page


# Best-practice rules outside the WCAG tags that the issue named: the search dialog's name
# and the names table's empty header cell.
EXTRA_RULES = ["aria-dialog-name", "empty-table-header"]


def _violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """axe's violations of the WCAG tags and EXTRA_RULES, in one run (axe is injected once
    per page load; only violations are detailed, the rest is not collected)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async ([tags, rules]) => {
            const r = await axe.run(document, {
              runOnly: {type: "tag", values: tags},
              rules: Object.fromEntries(rules.map((id) => [id, {enabled: true}])),
              resultTypes: ["violations"]});
            const ran = [r.violations, r.passes, r.incomplete, r.inapplicable]
              .flat().map((v) => v.id);
            return {ran, violations: r.violations.map((v) => `${v.id} (${v.impact}): ` +
              `${v.help}; ` + v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " " +
                (n.any.concat(n.all)[0] || {}).message).join(" | "))};
        }""", [WCAG_AA, EXTRA_RULES])
    missing = [rule for rule in EXTRA_RULES if rule not in found["ran"]]
    assert not missing, f"axe did not run {missing}"
    return list(found["violations"])


def test_axe_core_is_the_pinned_file():
    assert AXE.exists(), "run `make` (target axe-core) to fetch axe-core into build/"
    stamp = AXE.with_name(".integrity").read_text()
    assert stamp == npm_package.AXE_CORE.integrity


# The header's light/dark toggle (#41): its name says what it switches to, in the
# edition's language (mkdocs.yml / mkdocs.en.yml palette toggles).
TO_DARK = {"": "深色模式 · Dark mode", "en/": "Dark mode"}
TO_LIGHT = {"": "淺色模式 · 浅色模式 · Light mode", "en/": "Light mode"}


def _switch_to_dark(page, edition: str) -> None:  # type: ignore[no-untyped-def]
    """Click the header's visible palette toggle, as a reader does; dark mode is on."""
    toggle = page.locator("form[data-md-component=palette] label:visible")
    assert toggle.get_attribute("title") == TO_DARK[edition]
    toggle.click()
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    after = page.locator("form[data-md-component=palette] label:visible")
    assert after.get_attribute("title") == TO_LIGHT[edition]


# At 390 px: every block of the content that reaches past the viewport or scrolls sideways.
OVERFLOW = """() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    const blocks = document.querySelectorAll(
      ".md-content table, .md-content pre, .md-content p, .md-content li, .md-content td," +
      ".md-content .admonition, .md-content .md-typeset__scrollwrap, .md-content h1," +
      ".md-content h2, .md-content h3, .md-content div, .md-content section, .md-content label");
    for (const el of blocks) {
      const r = el.getBoundingClientRect();
      if (!r.width || getComputedStyle(el).visibility === "hidden") continue;
      if (el.closest("details:not([open])")) continue;
      const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
        (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "");
      if (r.right > width + 1 || r.left < -1)
        out.push(`${name} spans ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
        out.push(`${name} scrolls sideways: ${el.scrollWidth} in ${el.clientWidth}`);
    }
    if (document.documentElement.scrollWidth > width)
      out.unshift(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    return out.slice(0, 20);
}"""


def _edition(path: str) -> str:
    return "en/" if path.startswith("en/") else ""


def _light_then_dark_violations(page, path: str) -> list[str]:  # type: ignore[no-untyped-def]
    """axe in light mode, then in dark mode switched on in place with the header's toggle;
    each violation named by its scheme."""
    failures = [f"light: {v}" for v in _violations(page)]
    _switch_to_dark(page, _edition(path))
    return failures + [f"dark: {v}" for v in _violations(page)]


@pytest.mark.parametrize("kind,path", PAGES, ids=[k for k, _ in PAGES])
def test_no_wcag_aa_violation(kept_pages, base_url, kind, path):
    """Light mode, then dark mode switched on with the header's toggle (one page load)."""
    page = _open(kept_pages, base_url + path, DESKTOP)
    failures = _light_then_dark_violations(page, path)
    assert failures == [], "\n".join([f"{kind} ({path or '/'}) on a desktop", *failures])


@pytest.mark.parametrize("kind,path", PAGES, ids=[k for k, _ in PAGES])
def test_no_wcag_aa_violation_and_nothing_scrolls_sideways_on_a_phone(
        kept_pages, base_url, kind, path, tmp_path_factory):
    """#41's acceptance, the other viewport: the same pages at 390 px (the drawer closed, the
    header's own phone layout), light, then dark with the header's toggle; and, on the same
    load, before the toggle, no block reaching past the viewport or scrolling sideways."""
    page = _open(kept_pages, base_url + path, PHONE)
    failures = [f"sideways: {block}" for block in page.evaluate(OVERFLOW)]
    if path in (LOST_VALUE_PAGE, "house-rules/", "en/" + LOST_VALUE_PAGE):
        shots = tmp_path_factory.getbasetemp() / "phone-screenshots"
        shots.mkdir(exist_ok=True)
        page.screenshot(path=str(shots / (path.strip("/").replace("/", "_") + ".png")),
                        full_page=False)
    failures += _light_then_dark_violations(page, path)
    assert failures == [], "\n".join([f"{kind} ({path or '/'}) on a 390 px phone", *failures])


@pytest.mark.parametrize("path", ["", "yaku/3-13-01/", "en/house-rules/"])
def test_no_wcag_aa_violation_with_search_results_open(kept_pages, base_url, path):
    page = _open(kept_pages, base_url + path, DESKTOP, search_index=True)
    page.click("input.md-search__input")
    page.fill("input.md-search__input", "ippatsu")
    page.press("input.md-search__input", "End")
    page.wait_for_selector(".md-search-result__item", timeout=60_000)
    assert _violations(page) == []


FOCUS_STYLE = """(el) => {
    const s = getComputedStyle(el);
    return {outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0,
            shadow: s.boxShadow !== "none", tag: el.tagName, type: el.type || "",
            skip: el.classList.contains("md-skip")};
}"""


# Every element that takes the focus is logged with its style as it takes it (the Tab
# presses then need no round trip each); a second focus of one element means the Tab order
# has come round, and the rest of the presses would only see it again.
FOCUS_LOG = f"""() => {{
    const style = {FOCUS_STYLE};
    const log = window.ybFocus = {{styles: [], visited: new WeakSet(), round: false}};
    document.addEventListener("focusin", (event) => {{
      if (log.visited.has(event.target)) log.round = true;
      log.visited.add(event.target);
      log.styles.push(style(event.target));
    }}, true);
}}"""
TAB_PRESSES = 300
TABS_BETWEEN_LOOKS = 25


@pytest.mark.parametrize("path", ["house-rules/", "en/house-rules/", LOST_VALUE_PAGE])
def test_keyboard_focus_is_visible_on_every_kind_of_control(kept_pages, base_url, path):
    """Tab through the page (the skip link taken): every element reached shows an outline
    or a ring."""
    page = _open(kept_pages, base_url + path, DESKTOP)
    page.evaluate(FOCUS_LOG)
    page.keyboard.press("Tab")
    if page.evaluate("() => document.activeElement.classList.contains('md-skip')"):
        page.keyboard.press("Enter")  # past the navigation, into the page
    presses = 1
    while presses < TAB_PRESSES and not page.evaluate("() => window.ybFocus.round"):
        batch = min(TABS_BETWEEN_LOOKS, TAB_PRESSES - presses)
        for _ in range(batch):
            page.keyboard.press("Tab")
        presses += batch
    seen: dict[str, int] = {}
    invisible = []
    for style in page.evaluate("() => window.ybFocus.styles"):
        kind = f"{style['tag'].lower()}[{style['type']}]"
        seen[kind] = seen.get(kind, 0) + 1
        if not (style["outline"] or style["shadow"]):
            invisible.append(kind)
    assert "a[]" in seen, (path, seen)
    if "house-rules" in path:
        for kind in ("input[text]", "input[checkbox]", "select[select-one]", "button[button]"):
            assert kind in seen, (path, kind, seen)
    assert invisible == [], (path, sorted(set(invisible)))


@pytest.mark.parametrize("path", ["house-rules/", "en/house-rules/"])
def test_the_checker_is_a_few_tab_presses_from_the_top(kept_pages, base_url, path):
    """The skip link, then the hand input: the checker comes before the 149-row sheet."""
    page = _open(kept_pages, base_url + path, DESKTOP)
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => [document.activeElement.id,"
                                " document.activeElement.classList.contains('md-skip')]")
        if focused[0] == "yb-hr-hand":
            break
        if focused[1]:
            page.keyboard.press("Enter")
    else:
        raise AssertionError("the hand input is more than 40 Tab presses from the top")
