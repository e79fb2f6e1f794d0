"""The house-rules page's scripts at work in Debian's Chromium, quickly (fast suite): the
page, its scripts and data.json as the build writes them, served by Playwright from memory;
only Pyodide is a stand-in, whose `yb_bridge` calls run in this very process through the
real bridge (render/templates/site/house_rules/yb_bridge.py). So house-rules.js,
hr-scoring.js and hr-worker.js run as a reader's browser runs them, without the minute
Pyodide takes to start (test_house_rules_browser.py, slow, runs the real engine).

What a reader sees is checked against the rules of payment written down here: the payment
line of both editions for ron and tsumo, dealer and non-dealer, with honba and riichi sticks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from render import house_rules

# The module's browser context and both editions' pages are made once (seconds: the
# Chinese page's layout is slow) on the one worker that runs its tests.
pytestmark = pytest.mark.xdist_group("house-rules-page")

ORIGIN = "http://yb.test/"
PAGES = {"zh": "house-rules/", "en": "en/house-rules/"}

# Pyodide as hr-worker.js uses it, its Python calls answered by the test process: each call
# of the bridge is a synchronous request (allowed in a worker) the route below answers.
PYODIDE_STAND_IN = """
function callBridge(name, args) {
  const request = new XMLHttpRequest();
  request.open("POST", "/__bridge__/" + name, false);
  request.send(JSON.stringify(args));
  if (request.status !== 200) throw new Error(request.responseText);
  return request.responseText;
}
self.loadPyodide = async () => ({
  unpackArchive() {}, FS: { writeFile() {} }, runPython() {},
  pyimport: () => ({
    info: () => callBridge("info", []),
    check_rules: (toml) => callBridge("check_rules", [toml]),
    check_hand: (win, toml) => callBridge("check_hand", [win, toml]),
  }),
});
"""


def page_html(markdown: str) -> str:
    """The page's HTML part (from the stylesheet link on) as MkDocs passes it through."""
    body = markdown[markdown.index('<link rel="stylesheet"'):]
    return f'<!doctype html><html><head><meta charset="utf-8"></head><body>{body}</body></html>'


def site_files(hr_outputs: dict[str, bytes]) -> dict[str, tuple[bytes, str]]:
    """URL path -> (body, content type) for the two pages and their assets."""
    files: dict[str, tuple[bytes, str]] = {}
    for lang, url in PAGES.items():
        rel = house_rules.PAGE if lang == "zh" else house_rules.PAGE_EN
        md = hr_outputs[house_rules.DOCS + rel].decode("utf-8")
        files[url] = (page_html(md).encode("utf-8"), "text/html; charset=utf-8")
    types = {".js": "text/javascript", ".css": "text/css", ".json": "application/json"}
    for rel, body in hr_outputs.items():
        if rel.startswith(house_rules.DOCS + house_rules.ASSETS):
            suffix = rel[rel.rindex("."):]
            files[rel.removeprefix(house_rules.DOCS)] = (body, types.get(suffix, "text/plain"))
    runtime = house_rules.ASSETS + "runtime/"
    files[runtime + "pyodide.js"] = (PYODIDE_STAND_IN.encode(), "text/javascript")
    files[runtime + "runtime.json"] = (b"{}", "application/json")  # no start-up snapshot
    files[runtime + "engine.zip"] = (b"", "application/zip")
    files[runtime + "yb_bridge.py"] = (b"", "text/plain")
    return files


@pytest.fixture(scope="module")
def context(browser, hr_outputs, bridge) -> Iterator[Any]:
    """A browser context that knows only ORIGIN, answered from memory."""
    files = site_files(hr_outputs)
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
        else:  # tile images, the site's other pages: not needed here
            route.fulfill(status=404, body="")

    ctx.route("**/*", answer)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def hr_pages(context) -> dict[str, Any]:
    """Both editions' hr_pages, loaded once, with the page errors each reported."""
    out = {}
    for lang, url in PAGES.items():
        pg = context.new_page()
        pg.errors = []
        pg.on("pageerror", lambda e, pg=pg: pg.errors.append(str(e)))
        pg.goto(ORIGIN + url)
        pg.wait_for_selector("#yb-hr[data-ready]", timeout=60_000)
        out[lang] = pg
    return out


def shown_payment(page: Any, win: dict[str, Any]) -> str:
    """Enter a Win JSON through the page's JSON box, check it, and read the payment line
    (in script, as one round trip each: Playwright's clicks wait for layout, and the
    Chinese page's layout is slow)."""
    before = page.evaluate("""win => {
        const before = window.ybHouseRules.evaluations;
        document.querySelector("#yb-hr-json").value = win;
        document.querySelector("#yb-hr-load-json").click();
        return before;
    }""", json.dumps(win))
    page.wait_for_function(
        f"window.ybHouseRules.evaluations > {before} && window.ybHouseRules.settled()",
        timeout=30_000)
    return page.evaluate(
        "document.querySelector('#yb-hr-result .yb-hr-score-pay').textContent")


# One closed hand, 123456m 234p 567s 99s won on 7s with riichi, dora indicator 8s (two 9s
# dora): pinfu + riichi + 2 dora, 4 han 30 fu by ron; with menzen tsumo 5 han, mangan.
HAND = {"hand": "123456m234p56799s", "win": "7s", "riichi": "riichi", "dora": "8s"}
SOUTH, EAST = {"seat": "S"}, {"seat": "E"}  # the dealer is whoever sits East

# (situation, English payment line) from the payment rules: a ron is paid by the discarder
# (4 han 30 fu: 7700, the dealer's 11600); a non-dealer's tsumo by the dealer twice what
# each other player pays (mangan: 4000 and 2000), a dealer's tsumo by all three alike
# (4000 each); each honba adds 300 to a ron, 100 to each tsumo payer; each riichi stick on
# the table adds 1000 to what the winner takes.
PAYMENTS = [
    (SOUTH, "ron: the discarder pays 7700; total 7700"),
    (EAST, "ron: the discarder pays 11600; total 11600"),
    ({**SOUTH, "honba": 2, "riichi_sticks": 1},
     "ron: the discarder pays 8300 + 1000 for the riichi sticks; total 9300"),
    ({**SOUTH, "tsumo": True},
     "tsumo: the dealer pays 4000, each other player 2000; total 8000"),
    ({**EAST, "tsumo": True}, "tsumo: each player pays 4000; total 12000"),
    ({**SOUTH, "tsumo": True, "honba": 1, "riichi_sticks": 2},
     "tsumo: the dealer pays 4100, each other player 2100 + 2000 for the riichi sticks;"
     " total 10300"),
    ({**EAST, "tsumo": True, "honba": 3}, "tsumo: each player pays 4300; total 12900"),
]


def chinese_payment(english: str) -> str:
    """The Chinese edition's line for the same payment: each part's Chinese, then its
    English, the sticks and the total in Chinese only (house-rules.js, both labels)."""
    pay, total = english.split("; total ")
    pay, _, sticks = pay.partition(" + ")
    numbers = [w.rstrip(",") for w in pay.split() if w.rstrip(",").isdigit()]
    if pay.startswith("ron"):
        zh = f"榮和：放銃者付 {numbers[0]}"
    elif "dealer" in pay:
        zh = f"自摸：莊家付 {numbers[0]}，其他各付 {numbers[1]}"
    else:
        zh = f"自摸：各付 {numbers[0]}"
    stick_part = f" + {sticks.split()[0]} （立直棒）" if sticks else ""
    return f"{zh} · {pay}{stick_part}; 合計 total {total}"


@pytest.mark.parametrize(("situation", "english"), PAYMENTS,
                         ids=[e.split(";")[0] for _s, e in PAYMENTS])
def test_the_payment_line_says_who_pays_what(hr_pages, situation, english):
    win = {**HAND, **situation}
    assert shown_payment(hr_pages["en"], win) == english
    assert shown_payment(hr_pages["zh"], win) == chinese_payment(english)


def test_the_scripts_build_the_sheet_and_talk_to_the_engine(hr_pages, data, bridge):
    """house-rules.js draws a row per yaku from data.json, hr-scoring.js its scoring
    controls, and hr-worker.js carries the page's requests to the bridge and back."""
    for lang, pg in hr_pages.items():
        menus = pg.eval_on_selector_all("select[data-choice]", """ss => Object.fromEntries(
            ss.map(s => [s.dataset.choice, Array.from(s.options, o => o.value)]))""")
        want = {}
        for y in data["yaku"]:
            want[y["id"]] = [o["letter"] for o in y["options"]]
            want.update({r["id"]: [o["letter"] for o in r["options"]] for r in y["rules"]})
        assert menus == want, lang
        for row in data["scoring"]:
            assert pg.locator(f"[data-scoring='{row['key']}']").count() == 1, (lang, row)
        state = pg.wait_for_function(
            "() => document.querySelector('#yb-hr-engine').dataset.state", timeout=30_000)
        assert state.json_value() in ("ready", "stale"), lang  # the worker answered init
        # a scoring control changes the sheet's [scoring] table, which the engine reads
        pg.check("[data-scoring=kiriage]")
        try:
            exported = json.loads(bridge.check_rules(pg.evaluate("window.ybHouseRules.toml()")))
            assert exported["ok"] is True and exported["scoring"]["kiriage"] is True, lang
        finally:
            pg.uncheck("[data-scoring=kiriage]")
        assert pg.errors == [], lang


# 三色一通 (3-10-03) with a double East triplet, won on the South pair: an award row.
AWARDED = {"hand": "123m456p789s11122z", "win": "2z"}


def test_a_yaku_id_in_the_result_stays_on_one_line_on_a_phone(hr_pages):
    """At 390 px the award table's first column is narrow: the ID (3-10-03) stays one line,
    not broken at its hyphens, and nothing scrolls the page sideways."""
    for lang, pg in hr_pages.items():
        pg.set_viewport_size({"width": 390, "height": 844})
        try:
            shown_payment(pg, AWARDED)
            ids = pg.evaluate("""() => Array.from(document.querySelectorAll(
                '#yb-hr-result tr.yb-hr-award td:first-child code'),
                c => [c.textContent, c.getClientRects().length])""")
            assert ["3-10-03", 1] in ids, (lang, ids)
            assert all(lines == 1 for _, lines in ids), (lang, ids)
            assert pg.evaluate("document.documentElement.scrollWidth") <= 390, lang
        finally:
            pg.set_viewport_size({"width": 1280, "height": 1000})
