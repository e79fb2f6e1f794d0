"""The numbers a ruleset supplies where the source lost them (`han`, `fu`, `multiple`) on
the house-rules page, in Debian's Chromium, quickly (fast suite: the page's own scripts and
data.json, the real bridge answering in this process in Pyodide's place, as in
test_house_rules_page.py).

Issue #36 point 7: the page could set `han` only, and an imported `fu = 25` or `multiple = 2`
was dropped, so the page scored 鳴牌七對子 b ("?5符1翻") as lost where the CLI scored it
with 25 fu. Each number has its input (labelled in the edition's language), goes through
import, edit, export, the link and the stored copy, and the page scores with it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_house_rules import SUPPLIED_TOML
from test_house_rules_page import ORIGIN, PAGES, site_files

from yakubook.engine.rules import Ruleset

# On the worker of test_house_rules_page.py, whose browser it shares (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("house-rules-page")

# The issue's hand: seven pairs, two of them called (鳴牌七對子), won by ron from South (not
# the dealer). Under 3-09-12 b with `fu = 25` it is 1 han 25 fu: base 25 x 2^(1+2) = 200,
# a non-dealer's ron 4 x 200 = 800 (site/guide/scoring.md, "Payments").
ISSUE_HAND = {"hand": "11m33m55p77p99s22s44s", "win": "4s", "called_pairs": 2, "seat": "S"}
FU_TOML = '[yaku."3-09-12"]\nvalue = "b"\nfu = 25\n'
# With 十三龍門 b ("?倍滿貫") and 東北新幹線 b ("?翻"): the bridge's test ruleset.
NUMBERS_TOML = SUPPLIED_TOML
NUMBERS = {"3-09-12": {"fu": 25}, "3-16-04": {"multiple": 2}, "3-08-01": {"han": 3}}


def new_context(browser: Any, files: dict[str, tuple[bytes, str]], bridge: Any) -> Any:
    """A fresh browser profile (nothing stored) that knows only ORIGIN, answered from
    memory, the bridge's calls by the bridge itself."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})

    def answer(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("#", 1)[0].split("?", 1)[0]
        if path.startswith("__bridge__/"):
            call = getattr(bridge, path.removeprefix("__bridge__/"))
            route.fulfill(status=200, content_type="application/json",
                          body=call(*json.loads(route.request.post_data or "[]")))
        elif path in files:
            body, content_type = files[path]
            route.fulfill(status=200, content_type=content_type, body=body)
        else:
            route.fulfill(status=404, body="")

    ctx.route("**/*", answer)
    return ctx


@pytest.fixture(scope="module")
def files(hr_outputs) -> dict[str, tuple[bytes, str]]:
    return site_files(hr_outputs)


@pytest.fixture(scope="module")
def kept_page(browser, files, bridge) -> Iterator[Any]:
    """One profile and page for the module's tests, emptied by ``fresh_page`` before each
    (a new page starts a renderer process, ~1.3 s of CPU more than a load in a kept one:
    conftest.KeptPages)."""
    ctx = new_context(browser, files, bridge)
    try:
        yield new_page(ctx)
    finally:
        ctx.close()


def _loaded(pg: Any, lang: str, hash_: str) -> Any:
    pg.goto(ORIGIN + PAGES[lang] + hash_)
    pg.wait_for_selector("#yb-hr[data-ready]", timeout=60_000)
    return pg


def visit(pg: Any, lang: str, hash_: str = "") -> Any:
    """pg loaded as a new document; what its profile stored is kept."""
    pg.goto("about:blank")
    pg.errors.clear()
    return _loaded(pg, lang, hash_)


def fresh_page(pg: Any, lang: str, hash_: str = "") -> Any:
    """The kept page as a new profile shows it: the origin's local storage (the page's only
    store: the sheet) cleared, then the page loaded as a new document."""
    if pg.url.startswith(ORIGIN):
        pg.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    pg.context.clear_cookies()
    return visit(pg, lang, hash_)


def new_page(ctx: Any) -> Any:
    """A new page of ``ctx``, keeping the errors it reports."""
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    return pg


def import_toml(pg: Any, text: str) -> str:
    pg.evaluate("document.querySelector('.yb-hr-io').open = true")
    pg.fill("#yb-hr-toml", text)
    pg.click("#yb-hr-import")
    pg.wait_for_selector("#yb-hr-import-msg.yb-hr-ok, #yb-hr-import-msg.yb-hr-error",
                         timeout=30_000)
    return pg.inner_text("#yb-hr-import-msg")


def supplied(pg: Any) -> dict[str, dict[str, int]]:
    """The numbers of the page's TOML export, as the CLI's loader reads them (each beside
    its yaku's option b, the option that lost them)."""
    rs = Ruleset.from_toml(pg.evaluate("window.ybHouseRules.toml()"))
    assert all(rs.options[yid].value.letter == "b" for yid in rs.supplied)
    return rs.supplied


def shown_score(pg: Any, win: dict[str, Any]) -> dict[str, str]:
    """Check a Win JSON through the page's JSON box; what the score box and the award rows
    say, as text."""
    before = pg.evaluate("""win => {
        const before = window.ybHouseRules.evaluations;
        document.querySelector("#yb-hr-json").value = win;
        document.querySelector("#yb-hr-load-json").click();
        return before;
    }""", json.dumps(win))
    pg.wait_for_function(
        f"window.ybHouseRules.evaluations > {before} && window.ybHouseRules.settled()",
        timeout=30_000)
    return pg.evaluate("""() => {
        const box = document.querySelector("#yb-hr-result");
        const text = (sel) => { const n = box.querySelector(sel); return n ? n.textContent : ""; };
        return {worth: text(".yb-hr-score-worth"), pay: text(".yb-hr-score-pay"),
                awards: Array.from(box.querySelectorAll("tr.yb-hr-award"),
                    r => r.dataset.id + " " + r.querySelector(".yb-hr-badge").textContent)};
    }""")


def number_input(pg: Any, yid: str, key: str) -> Any:
    return pg.locator(f'input[data-number="{yid}"][data-key="{key}"]')


@pytest.mark.parametrize(("lang", "worth", "pay", "badge"), [
    ("zh", "1翻25符", "榮和：放銃者付 800 · ron: the discarder pays 800; 合計 total 800",
     "3-09-12 25符1翻"),
    ("en", "1 han 25 fu", "ron: the discarder pays 800; total 800", "3-09-12 25 fu 1 han"),
])
def test_an_imported_fu_is_kept_and_scored(kept_page, lang, worth, pay, badge):
    pg = fresh_page(kept_page, lang)
    import_toml(pg, FU_TOML)
    assert pg.get_attribute("#yb-hr-import-msg", "class").endswith("yb-hr-ok")
    shown = shown_score(pg, ISSUE_HAND)
    assert (shown["worth"], shown["pay"]) == (worth, pay)
    assert shown["awards"] == [badge]
    assert number_input(pg, "3-09-12", "fu").input_value() == "25"
    assert number_input(pg, "3-09-12", "fu").is_visible()
    assert supplied(pg) == {"3-09-12": {"fu": 25}}
    assert pg.errors == []


def test_every_supplied_number_goes_through_import_edit_export_and_link(kept_page, browser,
                                                                         files, bridge):
    pg = fresh_page(kept_page, "zh")
    import_toml(pg, NUMBERS_TOML)
    assert pg.evaluate("window.ybHouseRules.state().numbers") == NUMBERS
    for yid, numbers in NUMBERS.items():
        for key, n in numbers.items():
            assert number_input(pg, yid, key).input_value() == str(n), (yid, key)
    assert supplied(pg) == NUMBERS
    # edit: the numbers typed into the sheet's inputs
    number_input(pg, "3-09-12", "fu").fill("40")
    number_input(pg, "3-16-04", "multiple").fill("3")
    number_input(pg, "3-08-01", "han").fill("1")
    edited = {"3-09-12": {"fu": 40}, "3-16-04": {"multiple": 3}, "3-08-01": {"han": 1}}
    toml = pg.evaluate("window.ybHouseRules.toml()")
    assert Ruleset.from_toml(toml).supplied == edited  # the CLI's loader reads them back
    link = pg.evaluate("window.ybHouseRules.shareUrl()")
    assert "h=3-08-01_1.3-09-12_fu40.3-16-04_multiple3" in link, link
    # the printed sheet says them
    sheet = pg.inner_text("#yb-hr-sheet")
    for text in ("= 40符", "= 3倍", "= 1翻"):
        assert text in sheet, text
    # the link, in a fresh profile, on either edition
    other = new_context(browser, files, bridge)
    try:
        shared = new_page(other)
        for lang in ("zh", "en"):
            visit(shared, lang, "#" + link.split("#", 1)[1])
            assert shared.evaluate("window.ybHouseRules.state().numbers") == edited, lang
            assert shared.evaluate("window.ybHouseRules.toml()") == toml, lang
            assert number_input(shared, "3-09-12", "fu").input_value() == "40"
            assert not shared.locator("#yb-hr-unknown").count()
        # the stored copy: a plain visit brings the sheet back
        plain = visit(shared, "zh")
        assert plain.evaluate("window.ybHouseRules.state().numbers") == edited
        # 25 fu scores as 25, 40 as 40 (1 han 40 fu: 40 x 8 = 320 base, ron 1300)
        assert shown_score(plain, ISSUE_HAND)["worth"] == "1翻40符"
    finally:
        other.close()
    # another option of the yaku, then back: a number the new option did not lose is dropped
    pg.select_option('select[data-choice="3-09-12"]', "a")
    assert not number_input(pg, "3-09-12", "fu").is_visible()
    assert "3-09-12" not in pg.evaluate("window.ybHouseRules.state().numbers")
    assert "fu" not in pg.evaluate("window.ybHouseRules.toml()")
    assert pg.errors == []


@pytest.mark.parametrize(("lang", "labels"), [
    ("zh", {"han": "遺失數字 lost number:  翻", "fu": "遺失數字 lost number:  符",
            "multiple": "遺失數字 lost number:  倍"}),
    ("en", {"han": "lost number:  han", "fu": "lost number:  fu",
            "multiple": "lost number:  times"}),
])
def test_each_number_is_asked_for_in_the_editions_words(kept_page, lang, labels):
    pg = fresh_page(kept_page, lang)
    for yid, key in (("3-08-01", "han"), ("3-09-12", "fu"), ("3-16-04", "multiple")):
        pg.select_option(f'select[data-choice="{yid}"]', "b")
        box = pg.locator(f'.yb-hr-yaku[data-id="{yid}"] .yb-hr-lost[data-key="{key}"]')
        assert box.is_visible(), (yid, key)
        assert re.sub(r"\s+", " ", box.inner_text()).strip() == re.sub(
            r"\s+", " ", labels[key]).strip(), box.inner_text()
        # its bounds are the engine's (han 1-13, fu 1-200, multiple 1-6)
        bounds = number_input(pg, yid, key).evaluate("i => [i.min, i.max]")
        assert bounds == ["1", str({"han": 13, "fu": 200, "multiple": 6}[key])]
        # the row has no input for a number its options did not lose
        assert pg.locator(f'.yb-hr-yaku[data-id="{yid}"] input[data-number]').count() == 1
    assert pg.errors == []


def test_old_links_still_give_a_han(kept_page):
    # `h=ID_N` (a han, as links always wrote it) opens as before; an unknown key is named
    pg = fresh_page(kept_page, "zh", "#c=3-08-01b&h=3-08-01_3.3-09-12_lots5")
    assert pg.evaluate("window.ybHouseRules.state().numbers") == {"3-08-01": {"han": 3}}
    assert "3-09-12_lots5" in pg.inner_text("#yb-hr-unknown")
