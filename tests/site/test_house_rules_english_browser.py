"""The house-rules page's English edition in Debian's Chromium, offline (#10, #14): every
label, option and rule text it shows is English (names may show their Chinese original, in
an element marked lang="zh-…"); a sheet made there follows the language switch to the
Chinese page unchanged (the URL, the stored copy and the TOML export have one format); a
hand checked there by the engine in Pyodide gives what the Chinese page and the CLI give;
the print sheet is English. Fixtures and helpers are those of test_house_rules_browser.py.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import re

import pytest
import test_house_rules_browser as hr_browser
from test_house_rules_browser import (
    ENGINE_TIMEOUT,
    ROOT,
    Offline,
    check,
    check_many,
    cli,
    engine_letters,
    exported_toml,
    select_preset,
    sheet_letters,
)

from yakubook.engine.rules import Ruleset

pytestmark = pytest.mark.slow

# The Chinese page's fixtures, shared (pytest finds a fixture by its name in the module): the
# built site with the engine installed as `make` leaves it, its local server, test-artifacts/.
base_url = hr_browser.base_url
artifacts = hr_browser.artifacts

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]")
EN_PAGE = "en/house-rules/"
ZH_PAGE = "house-rules/"

# Everything the page shows as text (labels, option texts of every menu, placeholders,
# button captions, tooltips), leaving out what may be Chinese: names and originals marked
# lang="zh-…", and the switch's 中文 label.
VISIBLE_TEXT = """(sel) => {
  const root = document.querySelector(sel).cloneNode(true);
  root.querySelectorAll('[lang^=zh]').forEach((n) => n.remove());
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) out.push(walk.currentNode.textContent);
  root.querySelectorAll('[placeholder],[title],[aria-label]').forEach((n) => {
    for (const a of ['placeholder', 'title', 'aria-label']) {
      if (n.hasAttribute(a)) out.push(n.getAttribute(a));
    }
  });
  return out.map((t) => t.trim()).filter(Boolean);
}"""


def untranslated(page, selector: str = "#yb-hr") -> list[str]:
    return [t for t in page.evaluate(VISIBLE_TEXT, selector) if CJK.search(t)]


@pytest.fixture(scope="module")
def en_data(hr_public) -> dict:
    return json.loads((hr_public / "assets" / "house-rules" / "data.json").read_text("utf-8"))


def test_english_page_shows_english_labels_options_and_rules(browser, base_url, en_data,
                                                             artifacts):
    off = Offline(browser, base_url)
    try:
        page = off.open(base_url + EN_PAGE)
        assert page.get_attribute("#yb-hr", "lang") == "en"
        for d in ("details.yb-hr-io", "details.yb-hr-more", "details.yb-hr-jsonbox"):
            page.evaluate(f"document.querySelector('{d}').open = true")
        bad = untranslated(page)
        assert bad == [], bad[:10]
        # every menu's every option, not only the chosen one
        options = page.eval_on_selector_all("#yb-hr option", "os => os.map(o => o.textContent)")
        catalog_options = sum(len(y["options"]) + sum(len(r["options"]) for r in y["rules"])
                              for y in en_data["yaku"])
        assert catalog_options > 600 and len(options) > catalog_options
        assert [o for o in options if CJK.search(o)] == []
        # the English of the data, as the page shows it
        row = page.locator('.yb-hr-yaku[data-id="3-05-01"]')
        assert row.locator(".yb-hr-name").inner_text() == "One Red Dot (Kouitten)"
        assert row.locator('[lang="zh-Hant"]').inner_text().strip() == "紅一點"
        assert page.locator('.yb-hr-section[data-section="3-02"] h3').inner_text() == \
            "3-02 Special yaku related to riichi"
        rule = next(r for y in en_data["yaku"] for r in y["rules"] if r["id"] == "3-02-01-01")
        menu = page.eval_on_selector_all('select[data-choice="3-02-01-01"] option',
                                         "os => os.map(o => o.textContent)")
        assert menu == [f"{o['letter']} · {o['en_text']}" for o in rule["options"]]
        assert rule["en_text"] in page.inner_text('.yb-hr-yaku[data-id="3-02-01"]')
        for label in ("The rule sheet", "Check a hand", "copy link", "preview sheet", "print",
                      "export TOML", "check", "clear"):
            assert page.get_by_text(label, exact=True).count() >= 1, label
        assert page.inner_text(".yb-hr-counter").startswith("shown 149 / 149 yaku")
        # a lost number: asked for in English
        yid, letter = next((y["id"], o["letter"]) for y in en_data["yaku"]
                           for o in y["options"] if "han" in o["lost_numbers"])
        page.select_option(f'select[data-choice="{yid}"]', letter)
        lost_box = page.locator(f'.yb-hr-yaku[data-id="{yid}"] .yb-hr-lost')
        assert lost_box.is_visible() and lost_box.inner_text().startswith("lost number")
        badge = page.inner_text(f'.yb-hr-yaku[data-id="{yid}"] .yb-hr-badge')
        assert "? han" in badge, badge
        assert untranslated(page) == []
        page.screenshot(path=str(artifacts / "house-rules-en.png"))
        assert off.blocked == [] and off.errors == []
    finally:
        off.context.close()


def make_sheet(page) -> None:
    select_preset(page, "rulesets/open-friendly.toml")
    page.fill("#yb-hr-name", "Friday table")
    page.select_option('select[data-choice="3-13-01"]', "c")
    page.select_option('select[data-choice="3-13-01-02"]', "b")
    page.select_option('select[data-choice="3-02-01-01"]', "b")
    page.select_option('select[data-choice="3-11-01"]', "a")


def test_language_switch_keeps_the_sheet(browser, base_url):
    # A fresh profile each way, so the sheet can only travel in the link (localStorage,
    # shared by both editions, is tested by the Chinese page's own test).
    off = Offline(browser, base_url)
    try:
        page = off.open(base_url + EN_PAGE)
        make_sheet(page)
        letters = sheet_letters(page)
        toml = exported_toml(page)
        share = page.evaluate("window.ybHouseRules.shareUrl()")
        href = page.get_attribute("a.yb-lang-switch", "href")
        assert "c=" in href and href.split("#")[1] == share.split("#")[1]
        page.evaluate("localStorage.clear()")
        page.click("a.yb-lang-switch")
        page.wait_for_url(re.compile(re.escape(base_url + ZH_PAGE) + "#.+"))
        page.wait_for_selector("#yb-hr[data-ready]")
        assert sheet_letters(page) == letters
        assert page.input_value("#yb-hr-name") == "Friday table"
        assert exported_toml(page) == toml  # one format in both languages
        assert page.get_by_text("複製連結 copy link", exact=True).count() == 1
        # back again
        page.evaluate("localStorage.clear()")
        page.click("a.yb-lang-switch")
        page.wait_for_url(re.compile(re.escape(base_url + EN_PAGE) + "#.+"))
        page.wait_for_selector("#yb-hr[data-ready]")
        assert sheet_letters(page) == letters
        assert off.errors == []
    finally:
        off.context.close()
    # a link shared from the English page, opened on the Chinese page in another profile
    other = Offline(browser, base_url)
    try:
        zh = other.open(share.replace(EN_PAGE, ZH_PAGE))
        assert sheet_letters(zh) == letters and exported_toml(zh) == toml
        assert not zh.locator("#yb-hr-unknown").count()
    finally:
        other.context.close()
    assert engine_letters(Ruleset.from_toml(toml)) == letters


HANDS = [
    {"hand": "55666777888999m", "win": "9m", "tsumo": True},   # 3-13-01 (a total of 100)
    {"hand": "111222333m456p77s", "win": "7s"},
    {"hand": "123m456p789s18z", "win": "1z"},                    # invalid: the engine's message
]


def test_a_hand_gives_the_same_result_on_both_editions(browser, base_url, tmp_path,
                                                       artifacts):
    rules = "rulesets/everything-on.toml"
    results = {}
    for path in (EN_PAGE, ZH_PAGE):
        off = Offline(browser, base_url)
        try:
            page = off.open(base_url + path)
            select_preset(page, "rulesets/small-house.toml")
            select_preset(page, rules)
            results[path] = check_many(page, HANDS)
            if path == EN_PAGE:
                page.wait_for_selector("#yb-hr-engine[data-state=ready]", timeout=ENGINE_TIMEOUT)
                assert page.inner_text("#yb-hr-engine").startswith("engine ready")
                # the last hand is invalid: the engine's own message, an English label
                assert page.inner_text("#yb-hr-result .yb-hr-error b").strip() == "invalid hand:"
                check(page, HANDS[0])
                box = page.locator("#yb-hr-result")
                assert box.locator("thead").inner_text().split() == ["ID", "yaku", "option",
                                                                     "value"]
                row = box.locator('tr.yb-hr-award[data-id="3-13-01"]')
                assert "Kaga Million Koku (1)" in row.inner_text()
                assert untranslated(page, "#yb-hr-result") == []
                page.locator("#yb-hr-checker").screenshot(
                    path=str(artifacts / "house-rules-en-checker.png"))
                # 123 in every suit, four sequences, a two-sided wait: pinfu and 三色同順,
                # named as players say it; the engine's name stays in the title
                check(page, {"hand": "123m123p12345699s", "win": "6s"})
                std = box.locator(".yb-hr-std")
                assert std.inner_text() == "standard yaku: pinfu, sanshoku doujun"
                assert std.locator("span").nth(1).get_attribute("title") == "sanshoku_doujun"
                counted = box.locator(".yb-hr-score-counted").inner_text()
                assert "sanshoku doujun 2 han" in counted and "_" not in counted, counted
            assert off.blocked == [] and off.errors == []
        finally:
            off.context.close()
    assert results[EN_PAGE] == results[ZH_PAGE]
    assert results[EN_PAGE] == [cli(tmp_path, w, ROOT / rules) for w in HANDS]
    assert "3-13-01" in [row[0] for row in results[EN_PAGE][0]["yaku"]]
    assert "error" in results[EN_PAGE][2]


def test_print_sheet_in_english(browser, base_url, artifacts):
    off = Offline(browser, base_url)
    try:
        page = off.open(base_url + EN_PAGE)
        select_preset(page, "rulesets/small-house.toml")
        page.emulate_media(media="print")
        assert page.locator("#yb-hr-sheet").is_visible()
        assert not page.locator("#yb-hr-editor").is_visible()
        assert not page.locator(".yb-lang").is_visible()
        ids = page.eval_on_selector_all("#yb-hr-sheet tr[data-id]",
                                        "rs => rs.map(r => r.dataset.id)")
        assert ids == list(Ruleset.load(ROOT / "rulesets" / "small-house.toml").enabled)
        text = page.inner_text("#yb-hr-sheet")
        assert "Small house set · rule sheet" in text
        assert "Red Peacock (1) (Beni Kujaku (1))" in text and "紅孔雀(1)" in text
        assert "yaku not listed are off" in text or "other yaku at the book's defaults" in text
        assert page.evaluate("window.ybHouseRules.shareUrl()") in text
        assert untranslated(page, "#yb-hr-sheet") == []
        pdf = page.pdf(format="A4")
        (artifacts / "house-rules-en-small-house.pdf").write_bytes(pdf)
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages == 1, f"the English small-house sheet prints on {pages} A4 pages"
    finally:
        off.context.close()
