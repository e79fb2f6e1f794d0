"""The house-rules page in Debian's Chromium, offline: every request outside the local server
is blocked. Hands from catalog/examples.toml under the three shipped rulesets give in the
browser exactly what `yakubook evaluate --json` gives; a sheet exported from the page gives
the CLI the same results; a shared link reproduces the sheet; invalid hands and rule sheets
show the engine's own messages. Screenshots go to test-artifacts/."""

from __future__ import annotations

import contextlib
import io
import json
import re
import tomllib
from pathlib import Path

import pytest
from site_helpers import serving, without_search_index

from render import house_rules_engine
from yakubook.cli import main as cli_main
from yakubook.engine.rules import Ruleset

# One worker starts Pyodide for these (the `engine_page` fixture), not both (--dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("house-rules-engine")]

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("rulesets/everything-on.toml", "rulesets/open-friendly.toml",
            "rulesets/small-house.toml")
ENGINE_TIMEOUT = 240_000  # ms: Pyodide's first start on a busy 2-core machine


@pytest.fixture(scope="module")
def base_url(hr_public):
    with serving(hr_public) as url:
        yield url



@pytest.fixture(scope="module")
def artifacts() -> Path:
    out = ROOT / "test-artifacts"
    out.mkdir(exist_ok=True)
    return out


class Offline:
    """A browser context that lets only the local server answer; what else was asked is kept."""

    def __init__(self, browser, base_url: str, **kwargs):
        self.context = browser.new_context(**{"viewport": {"width": 1280, "height": 1000},
                                              **kwargs})
        self.blocked: list[str] = []
        self.errors: list[str] = []

        def route(r):
            if r.request.url.startswith(base_url):
                r.continue_()
            else:
                self.blocked.append(r.request.url)
                r.abort()

        self.context.route("**/*", route)
        without_search_index(self.context)  # no test here searches
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str):
        self.page.goto(url)
        self.page.wait_for_selector("#yb-hr[data-ready]", timeout=60_000)
        return self.page


@pytest.fixture(scope="module")
def engine_page(browser, base_url):
    """One offline page whose engine is started once and shared by the tests below."""
    off = Offline(browser, base_url)
    off.open(base_url + "house-rules/")
    try:
        yield off
    finally:
        off.context.close()


# What the result box shows, read in one round trip.
READ_RESULT = """() => {
    const box = document.querySelector("#yb-hr-result");
    if (box.dataset.state === "error")
        return {error: box.querySelector(".yb-hr-error-text").innerText};
    const all = sel => Array.from(box.querySelectorAll(sel));
    return {
        yaku: all("tr.yb-hr-award").map(
            r => [r.dataset.id, r.dataset.option, JSON.parse(r.dataset.value)]),
        reading: all(".yb-hr-reading").map(r => [r.dataset.kind, r.dataset.wait]),
        score: all(".yb-hr-score").map(s => [
            s.dataset.win === "true", Number(s.dataset.han), Number(s.dataset.fu),
            Number(s.dataset.yakuman), s.dataset.limit, JSON.parse(s.dataset.payment)]),
    };
}"""


def check(page, win: dict) -> dict:
    """Enter a Win JSON through the page's JSON box, check it, and read what the page shows."""
    # A check the sheet's last change scheduled writes its own hand into the JSON box when it
    # starts: let it finish first, or it overwrites the hand filled in below (seen once: a
    # hand checked as the one before it).
    page.wait_for_function("window.ybHouseRules.settled()", timeout=ENGINE_TIMEOUT)
    before = page.evaluate("document.querySelector('.yb-hr-jsonbox').open = true,"
                           " window.ybHouseRules.evaluations")
    page.fill("#yb-hr-json", json.dumps(win))
    page.click("#yb-hr-load-json")
    page.wait_for_function(
        f"window.ybHouseRules.evaluations > {before} && window.ybHouseRules.settled()",
        timeout=ENGINE_TIMEOUT)
    return _result(page.evaluate(READ_RESULT))


def _result(shown: dict) -> dict:
    if "error" in shown:
        # A sheet the engine refuses is named "ruleset" in the page, by its path in the CLI.
        return {"error": shown["error"].removeprefix("ruleset: ")}
    return {"yaku": shown["yaku"], "reading": shown["reading"][0] if shown["reading"] else None,
            "score": shown["score"][0] if shown["score"] else None}


# ``check`` for many hands in one round trip: the same steps in the page (wait until the
# page is settled, open the JSON box, set the hand, press its button, wait for that
# evaluation to settle, read the result box), without a Playwright call between them.
def many_checks_js(read: str, open_json_box: bool = True) -> str:
    """The page function that checks many hands in one call (``[wins, timeout]`` ->
    what ``read``, a function of no arguments, gives after each); ``open_json_box``
    opens the JSON box first, as a player does (the numbers tests leave it as it is)."""
    opened = '        document.querySelector(".yb-hr-jsonbox").open = true;\n'
    return (_MANY_CHECKS.replace("READ", read, 1)
            .replace("OPEN_BOX", opened if open_json_box else ""))


_MANY_CHECKS = """async ([wins, timeout]) => {
    const hr = window.ybHouseRules;
    const read = READ;
    const until = (done) => new Promise((resolve, reject) => {
        const started = performance.now();
        const poll = () => {
            if (done()) resolve();
            else if (performance.now() - started > timeout)
                reject(new Error("the page did not settle in " + timeout + " ms"));
            else setTimeout(poll, 1);
        };
        poll();
    });
    const out = [];
    for (const win of wins) {
        await until(() => hr.settled());
OPEN_BOX        const before = hr.evaluations;
        document.querySelector("#yb-hr-json").value = win;
        document.querySelector("#yb-hr-load-json").click();
        await until(() => hr.evaluations > before && hr.settled());
        out.push(read());
    }
    return out;
}"""
CHECK_MANY = many_checks_js(READ_RESULT)


def check_many(page, wins: list[dict]) -> list[dict]:
    """``check`` of each hand, in order, as one call into the page (the hands of a
    comparison with the CLI: a round trip per step was most of their time)."""
    shown = page.evaluate(CHECK_MANY, [[json.dumps(w) for w in wins], ENGINE_TIMEOUT])
    return [_result(s) for s in shown]


def cli(tmp_path: Path, win: dict, rules: Path | None) -> dict:
    """`yakubook evaluate WIN.json [--rules R] --json`, as a user runs it."""
    path = tmp_path / "win.json"
    path.write_text(json.dumps(win), encoding="utf-8")
    argv = ["evaluate", str(path), "--json"] + (["--rules", str(rules)] if rules else [])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv)
    if code != 0:
        message = err.getvalue().strip().removeprefix("error: ").removeprefix(f"{path}: ")
        message = message.removeprefix(f"{rules}: ")
        return {"error": message}
    result = json.loads(out.getvalue())
    interp = result["interpretation"]
    sc = result["score"]
    return {"yaku": [[a["id"], a["option"], a["value"]] for a in result["yaku"]],
            "reading": [interp["kind"], interp["wait"]] if interp else None,
            "score": [sc["win"], sc["han"], sc["fu"], sc["yakuman"], sc["limit"], sc["payment"]]}


def example_wins(count: int) -> list[dict]:
    """`count` distinct hands spread over catalog/examples.toml (every n-th, in file order)."""
    examples = tomllib.loads((ROOT / "catalog" / "examples.toml").read_text("utf-8"))["example"]
    wins: list[dict] = []
    seen: set[str] = set()
    step = max(1, len(examples) // count)
    for ex in examples[::step] + examples:
        win = {"hand": ex["hand"], "win": ex["win"], **ex.get("situation", {})}
        if ex.get("melds"):
            win["melds"] = ex["melds"]
        key = json.dumps(win, sort_keys=True)
        if key not in seen:
            seen.add(key)
            wins.append(win)
        if len(wins) == count:
            break
    return wins


def select_preset(page, preset: str) -> None:
    page.select_option("#yb-hr-preset", preset)
    page.wait_for_function("!document.querySelector('#yb-hr-preset').value")


def sheet_letters(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "select[data-choice]", "ss => Object.fromEntries(ss.map(s => [s.dataset.choice, s.value]))")


def exported_toml(page) -> str:
    page.evaluate("document.querySelector('.yb-hr-io').open = true")
    with page.expect_download():
        page.click("#yb-hr-export")
    return page.input_value("#yb-hr-toml")


def engine_letters(rs: Ruleset) -> dict[str, str]:
    from yakubook import generated

    out = {}
    for yid, opts in rs.options.items():
        out[yid] = opts.value.letter
        for rid, (field, _menu, _values) in generated.REGISTRY[yid].rules.items():
            out[rid] = getattr(opts, field).letter
    return out


# ---------------------------------------------------------------------------- the tests


def test_page_loads_and_evaluates_offline(engine_page, artifacts):
    page = engine_page.page
    page.fill("#yb-hr-hand", "55666777888999m")
    page.fill("#yb-hr-win", "9m")
    page.check("[data-field=tsumo]")
    page.click("#yb-hr-check")
    page.wait_for_selector("#yb-hr-result[data-state=ok]", timeout=ENGINE_TIMEOUT)
    ids = page.eval_on_selector_all("tr.yb-hr-award", "rs => rs.map(r => r.dataset.id)")
    assert "3-13-01" in ids  # 加賀百萬石: manzu totalling 5+5+6*3+7*3+8*3+9*3 = 100
    assert page.get_attribute("#yb-hr-engine", "data-state") == "ready"
    assert page.evaluate("window.ybHouseRules.engine.from") == "snapshot"
    page.screenshot(path=str(artifacts / "house-rules-checker.png"), full_page=False)
    assert engine_page.blocked == [], engine_page.blocked
    assert engine_page.errors == []


def test_an_empty_winning_tile_is_said_to_be_the_hands_last(engine_page):
    """#41: the checker filled an empty winning tile silently; it says which tile it took."""
    page = engine_page.page
    page.fill("#yb-hr-hand", "55666777888999m")
    page.fill("#yb-hr-win", "")
    page.click("#yb-hr-check")
    page.wait_for_selector("#yb-hr-result[data-state=ok]", timeout=ENGINE_TIMEOUT)
    note = page.inner_text("#yb-hr-result .yb-hr-filled-win")
    assert "和了牌未填" in note and "the hand's last tile, 9m, is taken as the winning tile" in note
    page.fill("#yb-hr-win", "9m")
    page.click("#yb-hr-check")
    page.wait_for_selector("#yb-hr-result .yb-hr-filled-win", state="detached",
                           timeout=ENGINE_TIMEOUT)
    assert page.get_attribute("#yb-hr-result", "data-state") == "ok"


@pytest.mark.parametrize("rules", RULESETS)
def test_example_hands_match_the_cli(engine_page, rules, tmp_path):
    page = engine_page.page
    select_preset(page, rules)
    wins = example_wins(60)
    assert len(wins) == 60
    browser_results = check_many(page, wins)
    cli_results = [cli(tmp_path, w, ROOT / rules) for w in wins]
    mismatches = [(w, b, c) for w, b, c in zip(wins, browser_results, cli_results, strict=True)
                  if b != c]
    assert not mismatches, mismatches[:3]
    awarded = sum(1 for r in cli_results if r.get("yaku"))
    # The score is compared above with the rest; it must also say something.
    paid = [r["score"][5]["total"] for r in cli_results if r.get("score") and r["score"][0]]
    assert len(paid) >= 10 and len(set(paid)) >= 3, paid
    # small-house enables 8 yaku; the other two most of them
    assert awarded >= 3, f"only {awarded} of 60 hands score a local yaku under {rules}"
    assert engine_page.blocked == []


def test_presets_export_as_the_rulesets_they_came_from(engine_page):
    page = engine_page.page
    for rules in RULESETS:
        select_preset(page, rules)
        toml = exported_toml(page)
        assert engine_letters(Ruleset.from_toml(toml)) == engine_letters(
            Ruleset.load(ROOT / rules)), rules


def make_custom_sheet(page) -> None:
    select_preset(page, "rulesets/open-friendly.toml")
    page.fill("#yb-hr-name", 'Friday "table" \\ 金曜')
    page.select_option('select[data-choice="3-13-01"]', "c")       # 加賀百萬石: conditional
    page.select_option('select[data-choice="3-13-01-02"]', "b")    # its rule question
    page.select_option('select[data-choice="3-11-01"]', "a")       # 三連刻 off
    page.select_option('select[data-choice="3-10-01"]', "d")       # 一色三順 3翻 (open 2)
    page.select_option('select[data-choice="3-02-01-01"]', "b")


def test_exported_sheet_gives_the_cli_the_same_results(engine_page, tmp_path):
    page = engine_page.page
    make_custom_sheet(page)
    toml = exported_toml(page)
    rules = tmp_path / "exported.toml"
    rules.write_text(toml, encoding="utf-8")
    rs = Ruleset.load(rules)  # the CLI's loader accepts it
    assert rs.name == 'Friday "table" \\ 金曜'
    assert engine_letters(rs) == sheet_letters(page)
    wins = example_wins(60)[::3] + [
        {"hand": "55666777888999m", "win": "9m", "tsumo": True},
        {"hand": "111222333m456p77s", "win": "7s"},
    ]
    for w, shown in zip(wins, check_many(page, wins), strict=True):
        assert shown == cli(tmp_path, w, rules), w


def test_shared_link_reproduces_the_sheet(engine_page, browser, base_url, artifacts):
    page = engine_page.page
    make_custom_sheet(page)
    page.select_option("#yb-hr-base", "off")  # the same sheet written from "others = off"
    letters = sheet_letters(page)
    toml = exported_toml(page)
    page.click("text=複製連結 copy link")
    link = page.input_value("#yb-hr-share")
    assert "#" in link and link.startswith(base_url)
    other = Offline(browser, base_url)  # a fresh profile: nothing in localStorage
    try:
        shared = other.open(link)
        assert sheet_letters(shared) == letters
        assert shared.input_value("#yb-hr-name") == 'Friday "table" \\ 金曜'
        assert exported_toml(shared) == toml
        assert not shared.locator("#yb-hr-unknown").count()
        shared.screenshot(path=str(artifacts / "house-rules-shared.png"))
        # A plain visit in that profile brings the sheet back from localStorage.
        plain = other.open(base_url + "house-rules/")
        assert sheet_letters(plain) == letters
    finally:
        other.context.close()
    assert 'others = "off"' in toml


def test_unknown_ids_in_a_link_are_named(browser, base_url):
    off = Offline(browser, base_url)
    try:
        page = off.open(base_url + "house-rules/#c=3-13-01c.3-99-01b.3-13-01-02z")
        assert page.input_value('select[data-choice="3-13-01"]') == "c"
        note = page.inner_text("#yb-hr-unknown")
        assert "3-99-01b" in note and "3-13-01-02z" in note
    finally:
        off.context.close()


INVALID = [
    {"hand": "123m456p789s18z", "win": "1z"},
    {"hand": "123m456p789s1111z", "win": "1z"},
    {"hand": "11111m456p789s11z", "win": "1m"},
    {"hand": "123m456p789s11z", "win": "9m"},
    {"hand": "123m456p789s11z", "win": "1z", "tsumoo": True},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["chi 124m"]},
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 777z"], "riichi": "riichi"},
    {"hand": "123m456p789s11z", "win": "1z", "haitei": True},
    {"hand": "123m456p789s11z", "win": "1z", "seat": "X"},
    {"hand": "123m456p789s11z", "win": "1z", "flowers": True},
    {"hand": "13579m2468p1357s", "win": "1m"},
]


def test_invalid_hands_show_the_engines_message(engine_page, tmp_path, artifacts):
    page = engine_page.page
    select_preset(page, "defaults")
    for win, shown in zip(INVALID, check_many(page, INVALID), strict=True):
        want = cli(tmp_path, win, None)
        assert "error" in want, win
        assert shown == want, win
    page.locator("#yb-hr-checker").screenshot(path=str(artifacts / "house-rules-invalid.png"))


def test_import_names_unknown_ids_and_letters(engine_page):
    page = engine_page.page
    page.evaluate("document.querySelector('.yb-hr-io').open = true")
    bad = '[yaku."3-99-01"]\nvalue = "b"\n\n[yaku."3-13-01"]\nvalue = "z"\n"3-13-01-02" = "q"\n'
    page.fill("#yb-hr-toml", bad)
    page.click("#yb-hr-import")
    page.wait_for_selector("#yb-hr-import-msg.yb-hr-error", timeout=ENGINE_TIMEOUT)
    msg = page.inner_text("#yb-hr-import-msg")
    with pytest.raises(ValueError) as engine_error:
        Ruleset.from_toml(bad)
    assert str(engine_error.value) in msg
    for piece in ("3-99-01", "no option 'z'", "no option 'q'"):
        assert piece in msg, msg
    good = (ROOT / "rulesets" / "small-house.toml").read_text("utf-8")
    page.fill("#yb-hr-toml", good)
    page.click("#yb-hr-import")
    page.wait_for_selector("#yb-hr-import-msg.yb-hr-ok", timeout=ENGINE_TIMEOUT)
    assert sheet_letters(page) == {k: v for k, v in engine_letters(
        Ruleset.from_toml(good)).items()}


def test_lost_number_goes_into_the_export(engine_page, hr_public, tmp_path):
    page = engine_page.page
    select_preset(page, "defaults")
    data = json.loads((hr_public / "assets" / "house-rules" / "data.json").read_text("utf-8"))
    yid, letter = next((y["id"], o["letter"]) for y in data["yaku"] for o in y["options"]
                       if "han" in o["lost_numbers"])
    number = page.locator(f'input[data-number="{yid}"]')
    page.select_option(f'select[data-choice="{yid}"]', letter)
    assert number.is_visible()
    number.fill("3")
    toml = exported_toml(page)
    table = tomllib.loads(toml)["yaku"][yid]
    assert table == {"value": letter, "han": 3} or table == {"han": 3}
    assert f"h={yid}_3" in page.evaluate("window.ybHouseRules.shareUrl()")
    # The page and the CLI treat that sheet alike (accepted once the engine reads `han`, or
    # both refusing it with the same message).
    rules = tmp_path / "lost.toml"
    rules.write_text(toml, encoding="utf-8")
    win = {"hand": "55666777888999m", "win": "9m", "tsumo": True}
    assert check(page, win) == cli(tmp_path, win, rules)


def test_print_sheet(engine_page, artifacts):
    page = engine_page.page
    select_preset(page, "rulesets/small-house.toml")
    page.emulate_media(media="print")
    try:
        assert page.locator("#yb-hr-sheet").is_visible()
        assert not page.locator("#yb-hr-editor").is_visible()
        assert not page.locator("#yb-hr-checker").is_visible()
        ids = page.eval_on_selector_all("#yb-hr-sheet tr[data-id]",
                                        "rs => rs.map(r => r.dataset.id)")
        rs = Ruleset.load(ROOT / "rulesets" / "small-house.toml")
        assert ids == list(rs.enabled)
        text = page.inner_text("#yb-hr-sheet")
        assert "紅孔雀(1)" in text and "红孔雀(1)" in text and "Beni Kujaku (1)" in text
        assert page.evaluate("window.ybHouseRules.shareUrl()") in text
        pdf = page.pdf(format="A4")
        (artifacts / "house-rules-small-house.pdf").write_bytes(pdf)
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages == 1, f"the small-house sheet prints on {pages} A4 pages"
    finally:
        page.emulate_media(media="screen")


@pytest.mark.parametrize(("path", "shot"), [("house-rules/", "house-rules"),
                                             ("en/house-rules/", "house-rules-en")])
def test_narrow_screen(browser, base_url, artifacts, path, shot):
    off = Offline(browser, base_url, viewport={"width": 390, "height": 844},
                  device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        page = off.open(base_url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways: {width}px"
        page.screenshot(path=str(artifacts / f"{shot}-390.png"))
        page.locator("#yb-hr-checker").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"{shot}-390-checker.png"))
        scoring = page.locator("#yb-hr-scoring")  # the Scoring fieldset (issue #28)
        scoring.scroll_into_view_if_needed()
        box = scoring.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        page.screenshot(path=str(artifacts / f"{shot}-390-scoring.png"))
        assert off.blocked == []
    finally:
        off.context.close()


def test_a_hand_entered_by_clicking_tiles(engine_page, tmp_path, artifacts):
    page = engine_page.page
    select_preset(page, "defaults")
    page.click("text=清除 clear")
    page.check('input[name=yb-hr-target][value=hand]')
    for tile in ["5m", "5m", "6m", "6m", "6m", "7m", "7m", "7m", "8m", "8m", "8m", "9m", "9m",
                 "1z", "9m"]:
        page.click(f'#yb-hr-palette button[data-tile="{tile}"]')
    assert page.input_value("#yb-hr-hand") == "5566677788899m1z9m"
    page.click('#yb-hr-handview button[data-tile="1z"]')  # a tile in the hand: removed
    assert page.input_value("#yb-hr-hand") == "55666777888999m"
    page.check('input[name=yb-hr-target][value=win]')
    page.click('#yb-hr-palette button[data-tile="9m"]')
    assert page.input_value("#yb-hr-win") == "9m"
    page.check("[data-field=tsumo]")
    page.click("#yb-hr-check")
    page.wait_for_function("window.ybHouseRules.settled()", timeout=ENGINE_TIMEOUT)
    page.wait_for_selector("#yb-hr-result[data-state=ok]", timeout=ENGINE_TIMEOUT)
    shown = page.eval_on_selector_all(
        "#yb-hr-result tr.yb-hr-award",
        "rs => rs.map(r => [r.dataset.id, r.dataset.option, JSON.parse(r.dataset.value)])")
    sent = json.loads(page.input_value("#yb-hr-json"))
    assert sent == {"hand": "55666777888999m", "win": "9m", "tsumo": True}
    assert shown == cli(tmp_path, sent, None)["yaku"]
    assert "3-13-01" in [row[0] for row in shown]
    assert page.locator("#yb-hr-handview img").count() == 14
    # A meld built from the tile pictures, then the hand it belongs to.
    page.check('input[name=yb-hr-target][value=meld]')
    page.select_option("#yb-hr-meld-kind", "pon")
    for _ in range(3):
        page.click('#yb-hr-palette button[data-tile="7z"]')
    page.click("text=加副露 add meld")
    assert page.input_value("#yb-hr-melds") == "pon 777z"
    page.fill("#yb-hr-hand", "123m456p789s11z")
    page.fill("#yb-hr-win", "1z")
    page.uncheck("[data-field=tsumo]")
    page.wait_for_function("window.ybHouseRules.settled()", timeout=ENGINE_TIMEOUT)
    win = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}
    assert json.loads(page.input_value("#yb-hr-json")) == win
    sent_text = json.dumps(win, separators=(",", ":"))  # as JSON.stringify writes it
    page.wait_for_function(
        f"document.querySelector('#yb-hr-result').dataset.win === {json.dumps(sent_text)}",
        timeout=ENGINE_TIMEOUT)
    shown = page.eval_on_selector_all(
        "#yb-hr-result tr.yb-hr-award",
        "rs => rs.map(r => [r.dataset.id, r.dataset.option, JSON.parse(r.dataset.value)])")
    assert shown == cli(tmp_path, win, None)["yaku"]
    page.locator("#yb-hr-checker").screenshot(path=str(artifacts / "house-rules-clicked.png"))


def test_engine_starts_without_the_snapshot(browser, base_url, hr_public, tmp_path):
    """A build without Node has no start-up snapshot: the worker starts Pyodide the plain way
    and gives the same answers."""
    meta = json.loads((hr_public / "assets" / "house-rules" / "runtime" / "runtime.json")
                      .read_text("utf-8"))
    assert meta["snapshot"] == house_rules_engine.SNAPSHOT  # `make` made one here
    off = Offline(browser, base_url)
    off.context.route("**/engine.snapshot", lambda r: r.abort())
    try:
        page = off.open(base_url + "house-rules/")
        win = {"hand": "55666777888999m", "win": "9m", "tsumo": True}
        assert check(page, win) == cli(tmp_path, win, None)
        assert page.evaluate("window.ybHouseRules.engine.from") == "plain start"
    finally:
        off.context.close()


def test_hostile_input_gets_a_message_in_seconds_and_the_engine_keeps_working(
    engine_page, artifacts
):
    """Issue #23: a sheet nested thousands deep or with a 20,000-part key is refused by the
    engine's TOML reader (a RecursionError broke the engine until a reload); a message has
    no trailing "null"; 100,000 melds are refused before the engine (the page froze for
    minutes)."""
    import time

    page = engine_page.page
    page.evaluate("document.querySelector('.yb-hr-io').open = true")
    for bad, says in (
        ("x = " + "[" * 5000, "nested more than"),
        ("a" + ".a" * 20_000 + " = 1", "dotted parts"),
        ('[yaku."3-99-01"]\nvalue = "b"\n', "unknown yaku '3-99-01'"),
    ):
        page.fill("#yb-hr-toml", bad)
        page.click("#yb-hr-import")
        page.wait_for_selector("#yb-hr-import-msg.yb-hr-error", timeout=ENGINE_TIMEOUT)
        msg = page.inner_text("#yb-hr-import-msg")
        assert says in msg and "null" not in msg, msg
    good = (ROOT / "rulesets" / "small-house.toml").read_text("utf-8")
    page.fill("#yb-hr-toml", good)
    page.click("#yb-hr-import")
    page.wait_for_selector("#yb-hr-import-msg.yb-hr-ok", timeout=ENGINE_TIMEOUT)

    before = page.evaluate("window.ybHouseRules.evaluations")
    start = time.monotonic()
    page.fill("#yb-hr-melds", ", ".join(["pon 777z"] * 100_000))
    page.click("#yb-hr-check")
    page.wait_for_function(
        f"window.ybHouseRules.evaluations > {before} && window.ybHouseRules.settled()",
        timeout=60_000)
    assert time.monotonic() - start < 30
    box = page.locator("#yb-hr-result")
    assert box.get_attribute("data-state") == "error"
    assert "fits in 4096" in box.locator(".yb-hr-error-text").inner_text()
    assert page.locator("#yb-hr-checker .yb-hr-meld").count() <= 8
    page.locator("#yb-hr-checker").screenshot(path=str(artifacts / "house-rules-hostile.png"))
    page.fill("#yb-hr-melds", "")


# An imported sheet with every [ruleset] key the engine reads (issue #22): `supersession =
# "award both"` and a number the source lost (東北新幹線 b is "?翻").
AWARD_BOTH_TOML = """\
[ruleset]
name = "Both, and a number"
others = "default"
supersession = "award both"

[yaku."3-08-01"]
value = "b"
han = 3
"""
# 四連刻 holds 三連刻: awarded both only under "award both"; 東北新幹線 on its own.
AWARD_BOTH_HANDS = [
    {"hand": "222333444555m11z", "win": "1z"},
    {"hand": "123456789m11144z", "win": "4z"},
]


def test_imported_award_both_and_lost_han_round_trip(engine_page, browser, base_url, tmp_path):
    page = engine_page.page
    page.evaluate("document.querySelector('.yb-hr-io').open = true")
    page.fill("#yb-hr-toml", AWARD_BOTH_TOML)
    page.click("#yb-hr-import")
    page.wait_for_selector("#yb-hr-import-msg.yb-hr-ok", timeout=ENGINE_TIMEOUT)
    assert page.input_value("#yb-hr-supersession") == "award both"
    # the page evaluates the file as the CLI does
    rules = tmp_path / "both.toml"
    rules.write_text(AWARD_BOTH_TOML, encoding="utf-8")
    family = cli(tmp_path, AWARD_BOTH_HANDS[0], rules)
    assert {"3-11-01", "3-11-02"} <= {a[0] for a in family["yaku"]}  # both: the file says so
    tohoku = cli(tmp_path, AWARD_BOTH_HANDS[1], rules)
    assert ["3-08-01", "b"] in [a[:2] for a in tohoku["yaku"]]
    assert next(a[2] for a in tohoku["yaku"] if a[0] == "3-08-01")["han"] == 3
    wins = AWARD_BOTH_HANDS + example_wins(60)[::4]
    for w, shown in zip(wins, check_many(page, wins), strict=True):
        assert shown == cli(tmp_path, w, rules), w
    # export keeps both keys
    exported = tomllib.loads(exported_toml(page))
    assert exported["ruleset"]["supersession"] == "award both"
    assert exported["yaku"]["3-08-01"] == {"value": "b", "han": 3}
    # a link and a fresh profile's localStorage keep them too
    link = page.evaluate("window.ybHouseRules.shareUrl()")
    assert "s=both" in link and "h=3-08-01_3" in link
    other = Offline(browser, base_url)
    try:
        shared = other.open(link)
        assert shared.input_value("#yb-hr-supersession") == "award both"
        again = tomllib.loads(exported_toml(shared))
        assert again["ruleset"]["supersession"] == "award both"
        assert again["yaku"]["3-08-01"] == {"value": "b", "han": 3}
        plain = other.open(base_url + "house-rules/")
        assert plain.input_value("#yb-hr-supersession") == "award both"
    finally:
        other.context.close()
    # the control: back to "drop", and the export says so
    page.select_option("#yb-hr-supersession", "drop")
    assert tomllib.loads(exported_toml(page))["ruleset"]["supersession"] == "drop"
    assert "s=both" not in page.evaluate("window.ybHouseRules.shareUrl()")


# A sheet whose [scoring] table changes every key from its default (issue #28): the page
# must score with it as `yakubook evaluate --rules` does. 人和 at d (滿貫) gives a limit-valued
# local yaku for limit_yaku.
SCORING_BASE_TOML = """\
[ruleset]
name = "Scoring at our table"
others = "default"

[yaku."3-15-01"]
value = "d"
"""
SCORING_TOML = SCORING_BASE_TOML + """
[scoring]
kiriage = true
kazoe = "sanbaiman"
multiple_yakuman = false
double_yakuman = false
aka_dora = 0
kuitan = false
flower_dora = false
limit_yaku = "add"
"""
# What the page's controls show for it (a menu's value is its text).
SCORING_CONTROLS = {"kiriage": True, "kazoe": "sanbaiman", "multiple_yakuman": False,
                    "double_yakuman": False, "aka_dora": "0", "kuitan": False,
                    "flower_dora": False, "limit_yaku": "add"}
DEFAULT_CONTROLS = {"kiriage": False, "kazoe": "yakuman", "multiple_yakuman": True,
                    "double_yakuman": True, "aka_dora": "3", "kuitan": True,
                    "flower_dora": True, "limit_yaku": "at least"}
# One hand per key whose score that key changes (checked below against the same sheet
# without [scoring]).
SCORING_HANDS = [
    # kiriage: riichi, pinfu, tanyao, iipeikou: 4 han 30 fu
    {"hand": "223344m55567p678s", "win": "8s", "riichi": "riichi"},
    # kazoe: riichi, tsumo, pinfu, tanyao, ryanpeikou, chiniisou: 13 han
    {"hand": "22334455667788m", "win": "2m", "riichi": "riichi", "tsumo": True},
    # aka_dora: a red five
    {"hand": "234m406p45667888s", "win": "8s", "riichi": "riichi"},
    # flower_dora: two flowers
    {"hand": "123m456p789s11222z", "win": "1z", "riichi": "riichi", "flowers": 2},
    # kuitan: open tanyao alone
    {"hand": "234m567p88s", "win": "8s", "melds": ["chi 345s", "pon 666p"]},
    # multiple_yakuman: daisangen and tsuuiisou
    {"hand": "11122555666777z", "win": "2z"},
    # double_yakuman: kokushi on the 13-sided wait
    {"hand": "19m19p19s1234567z1m", "win": "1m"},
    # limit_yaku: 人和 (mangan) with a dora
    {"hand": "123567m456p789s11z", "win": "5m", "seat": "S", "turn": 0,
     "first_go_around": True, "dora": "4m"},
]


def scoring_controls(page) -> dict:
    return page.eval_on_selector_all(
        "#yb-hr-scoring [data-scoring]",
        "cs => Object.fromEntries(cs.map(c => [c.dataset.scoring,"
        " c.type === 'checkbox' ? c.checked : c.value]))")


def import_toml(page, text: str, outcome: str = "ok") -> str:
    page.evaluate("document.querySelector('.yb-hr-io').open = true")
    page.fill("#yb-hr-toml", text)
    page.click("#yb-hr-import")
    page.wait_for_selector(f"#yb-hr-import-msg.yb-hr-{outcome}", timeout=ENGINE_TIMEOUT)
    return page.inner_text("#yb-hr-import-msg")


def test_a_non_default_scoring_sheet_scores_as_the_cli(engine_page, tmp_path, artifacts):
    page = engine_page.page
    import_toml(page, SCORING_TOML)
    rules = tmp_path / "scoring.toml"
    rules.write_text(SCORING_TOML, encoding="utf-8")
    base = tmp_path / "base.toml"
    base.write_text(SCORING_BASE_TOML, encoding="utf-8")
    for w, shown in zip(SCORING_HANDS, check_many(page, SCORING_HANDS), strict=True):
        want = cli(tmp_path, w, rules)
        assert want["score"] != cli(tmp_path, w, base)["score"], w  # the table rule matters
        assert shown == want, w
    # the parity test's 60 hands (test_example_hands_match_the_cli) under this sheet
    wins = example_wins(60)
    mismatches = [(w, b, c) for w, b in zip(wins, check_many(page, wins), strict=True)
                  if b != (c := cli(tmp_path, w, rules))]
    assert not mismatches, mismatches[:3]
    assert scoring_controls(page) == SCORING_CONTROLS
    page.locator("#yb-hr-scoring").screenshot(path=str(artifacts / "house-rules-scoring.png"))
    assert "defaults here" not in page.inner_text("#yb-hr-result")
    assert engine_page.errors == []


def test_scoring_round_trip(engine_page, browser, base_url, tmp_path):
    page = engine_page.page
    import_toml(page, SCORING_TOML)
    # export: every key, read by the CLI as the imported file
    toml = exported_toml(page)
    assert tomllib.loads(toml)["scoring"] == {
        "kiriage": True, "kazoe": "sanbaiman", "multiple_yakuman": False,
        "double_yakuman": False, "aka_dora": 0, "kuitan": False, "flower_dora": False,
        "limit_yaku": "add"}
    exported = Ruleset.from_toml(toml)
    assert exported.scoring == Ruleset.from_toml(SCORING_TOML).scoring
    assert engine_letters(exported) == engine_letters(Ruleset.from_toml(SCORING_TOML))
    # the link carries the keys that differ from the defaults
    link = page.evaluate("window.ybHouseRules.shareUrl()")
    for part in ("kiriage=true", "kazoe=sanbaiman", "multiple_yakuman=false",
                 "double_yakuman=false", "aka_dora=0", "kuitan=false", "flower_dora=false",
                 "limit_yaku=add"):
        assert part in link, (part, link)
    other = Offline(browser, base_url)  # a fresh profile
    try:
        shared = other.open(link)
        assert scoring_controls(shared) == SCORING_CONTROLS
        assert exported_toml(shared) == toml
        # the English edition opens the same sheet, its controls labelled in English
        english = other.open(base_url + "en/house-rules/#" + link.split("#", 1)[1])
        assert scoring_controls(english) == SCORING_CONTROLS
        assert english.inner_text("#yb-hr-scoring legend") == "Scoring"
        assert "kiriage mangan (4 han 30 fu, 3 han 60 fu)" in english.inner_text("#yb-hr-scoring")
        # a plain visit brings it back from localStorage
        plain = other.open(base_url + "house-rules/")
        assert scoring_controls(plain) == SCORING_CONTROLS
        assert "計分規則" in plain.inner_text("#yb-hr-scoring legend")
    finally:
        other.context.close()
    # the controls: a change reaches the export, the link and the score
    page.uncheck("#yb-hr-scoring-kiriage")
    page.select_option("#yb-hr-scoring-kazoe", "multiple")
    changed = tomllib.loads(exported_toml(page))["scoring"]
    assert (changed["kiriage"], changed["kazoe"]) == (False, "multiple")
    assert "kiriage" not in page.evaluate("window.ybHouseRules.shareUrl()")
    rules = tmp_path / "changed.toml"
    rules.write_text(exported_toml(page), encoding="utf-8")
    for w, shown in zip(SCORING_HANDS[:2], check_many(page, SCORING_HANDS[:2]), strict=True):
        assert shown == cli(tmp_path, w, rules), w
    # back to the documented defaults: nothing of [scoring] in the link
    select_preset(page, "defaults")
    assert scoring_controls(page) == DEFAULT_CONTROLS
    assert not any(k + "=" in page.evaluate("window.ybHouseRules.shareUrl()")
                   for k in DEFAULT_CONTROLS)


def test_bad_scoring_is_named(engine_page, browser, base_url):
    page = engine_page.page
    import_toml(page, SCORING_TOML)
    for bad, says in (('[scoring]\nkiriage = "yes"\n', "[scoring] kiriage must be true or false"),
                      ("[scoring]\nura = 1\n", "[scoring] has no key 'ura'"),
                      ("[scoring]\naka_dora = 5\n", "aka_dora must be an integer 0 to 4")):
        msg = import_toml(page, bad, "error")
        assert says in msg, msg
        with pytest.raises(ValueError) as engine_error:
            Ruleset.from_toml(bad)
        assert str(engine_error.value) in msg
        assert scoring_controls(page) == SCORING_CONTROLS  # the sheet is left as it was
    off = Offline(browser, base_url)
    try:
        linked = off.open(base_url + "house-rules/#kazoe=lots&kiriage=true&aka_dora=9")
        assert scoring_controls(linked) == {**DEFAULT_CONTROLS, "kiriage": True}
        note = linked.inner_text("#yb-hr-unknown")
        assert "kazoe=lots" in note and "aka_dora=9" in note
    finally:
        off.context.close()


def test_the_chinese_page_gives_the_result_in_chinese(engine_page):
    """#41 point 3: the Chinese edition's hand checker speaks Chinese: the standard yaku by
    their Chinese names (斷么九, 平和, not "tanyao, pinfu"), the reading and wait, the
    values, the reason a hand does not win, and an error message read in Chinese before
    the engine's own words."""
    page = engine_page.page
    select_preset(page, "defaults")
    result = page.locator("#yb-hr-result")
    # all simples, four sequences, a plain pair, a two-sided wait: tanyao and pinfu
    check(page, {"hand": "234m567p345s678s55p", "win": "3s"})
    shown = result.inner_text()
    assert "一般役：斷么九、平和" in shown, shown
    assert "讀法：四面子一雀頭，聽兩面" in shown, shown
    assert "斷么九 1翻" in shown and "平和 1翻" in shown, shown
    assert "2翻30符" in shown, shown
    assert not re.search(r"tanyao|pinfu|ryanmen|standard|\bhan\b", shown), shown
    # a closed hand on a closed wait with no yaku: no win, said why
    check(page, {"hand": "123m345p678s789m22z", "win": "8m"})
    shown = result.inner_text()
    assert "不成和了：無役" in shown and "no yaku" not in shown, shown
    assert "聽嵌張" in shown, shown
    # a tile that does not exist: said in Chinese, then the engine's message as the CLI says it
    check(page, {"hand": "123m456p789s18z", "win": "1z"})
    error = result.locator(".yb-hr-error")
    assert error.locator("b").inner_text().strip() == "牌不成立："
    assert error.locator(".yb-hr-error-zh").inner_text() == \
        "「123m456p789s18z」裡有不存在的牌 8z（字牌是 1z～7z）。"
    assert error.locator(".yb-hr-error-text").inner_text().startswith("unknown tile '8z'")
    assert error.locator(".yb-hr-error-text").get_attribute("lang") == "en"
    # a message without a Chinese reading is still introduced in Chinese
    check(page, {"hand": "123m456p789s11z", "win": "1z", "turn": "x"})
    zh = result.locator(".yb-hr-error-zh").inner_text()
    assert re.search(r"[\u4e00-\u9fff]", zh) and zh.startswith(("引擎不接受", "欄位")), zh
