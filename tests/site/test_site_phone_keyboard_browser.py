"""A phone's keyboard in Debian's Chromium at 390 px (issue #41, point 5): the closed
navigation drawer, slid off screen, takes no Tab stops (its ~170 links used to), opened it
does; the house-rules page offers a skip link to the hand input among the first Tab stops."""

from __future__ import annotations

import pytest
from site_helpers import serving

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
TABS = 25  # more than the header's controls: the walk reaches the page's own links

FOCUSED = """() => {
    const e = document.activeElement;
    return {inDrawer: !!e.closest(".md-sidebar--primary"), inArticle: !!e.closest("article"),
            text: (e.innerText || e.value || e.getAttribute("aria-label") || "").trim(),
            id: e.id || "", cls: e.className || ""};
}"""


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def _walk(page, presses: int) -> list[dict]:
    seen = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
    return seen


@pytest.mark.parametrize("path", ["yaku/3-05-01/", "en/yaku/3-05-01/"])
def test_the_closed_drawer_takes_no_tab_stops(phone, base_url, path):
    phone.goto(base_url + path)
    walk = _walk(phone, TABS)
    assert [w for w in walk if w["inDrawer"]] == []
    assert any(w["inArticle"] for w in walk), walk  # Tab reached the page itself
    # opened, its links are reachable and read as the navigation
    phone.evaluate("document.activeElement.blur()")  # a focused skip link covers the header
    phone.click("label.md-header__button[for='__drawer']")
    phone.wait_for_timeout(400)  # the drawer's slide (0.25 s)
    assert phone.locator(".md-sidebar--primary").is_visible()
    walk = _walk(phone, TABS)
    inside = [w["text"] for w in walk if w["inDrawer"]]
    assert any(inside), walk


@pytest.mark.parametrize("path, label", [
    ("house-rules/", "跳到手牌檢查 · 跳到手牌检查 · Skip to the hand checker"),
    ("en/house-rules/", "Skip to the hand checker")])
def test_a_skip_link_leads_to_the_hand_input(phone, base_url, path, label):
    phone.goto(base_url + path)
    phone.wait_for_selector("#yb-hr-hand")
    walk: list[dict] = []
    while len(walk) < 3 and not (walk and "yb-skip" in walk[-1]["cls"]):
        walk += _walk(phone, 1)
    assert "yb-skip" in walk[-1]["cls"], walk  # among the first three Tab stops
    assert walk[-1]["text"] == label
    skip = phone.locator("a.yb-skip")
    box = skip.bounding_box()
    assert box and box["y"] >= 0 and box["x"] + box["width"] <= PHONE["width"]  # seen
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "yb-hr-hand"
    assert phone.locator("#yb-hr-hand").is_visible()
