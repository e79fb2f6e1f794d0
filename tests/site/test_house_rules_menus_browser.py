"""The house-rules page's menus in Debian's Chromium (issue #41, point 6): options whose
digits the source lost read the same ("b · ?000點", "c · ?000點"); each menu's labels are
told apart, saying which lost-digit option each is, in the edition's language."""

from __future__ import annotations

import pytest
from site_helpers import serving

pytestmark = pytest.mark.slow

MENUS = """() => Array.from(document.querySelectorAll("#yb-hr select[data-choice]"),
    s => ({id: s.dataset.choice, labels: Array.from(s.options, o => o.textContent)}))"""


@pytest.fixture(scope="module")
def base_url(built_site):
    with serving(built_site.public) as url:
        yield url


@pytest.mark.parametrize("path, lost_c, lost_d", [
    ("house-rules/", "c · ?翻（包含嶺上開花的翻數）（遺失數字的選項 1/2）",
     "d · ?翻（包含嶺上開花的翻數）（遺失數字的選項 2/2）"),
    ("en/house-rules/",
     "c · ? han (digit lost in the source; including the han of rinshan kaihou)"
     " (lost digit, option 1 of 2)",
     "d · ? han (digit lost in the source; including the han of rinshan kaihou)"
     " (lost digit, option 2 of 2)")])
def test_every_menu_tells_its_options_apart(page_without_search, base_url, path, lost_c,
                                            lost_d):
    page = page_without_search
    page.goto(base_url + path)
    page.wait_for_selector("#yb-hr select[data-choice]")
    menus = page.evaluate(MENUS)
    assert len(menus) > 100
    alike = [(m["id"], m["labels"]) for m in menus
             if len({label.split(" · ", 1)[-1] for label in m["labels"]}) < len(m["labels"])]
    assert alike == []
    # 3-04-03: options c and d both lost their han count
    labels = next(m["labels"] for m in menus if m["id"] == "3-04-03")
    assert lost_c in labels and lost_d in labels, labels


CHECKER_MENUS = """() => ({
    riichi: Array.from(document.querySelectorAll("select[data-field=riichi] option"),
                       o => o.textContent),
    discarder_riichi: Array.from(
        document.querySelectorAll("select[data-field=discarder_riichi] option"),
        o => o.textContent),
    declarations: Array.from(document.querySelectorAll("input[data-field=declarations]"),
                             i => i.parentElement.textContent.trim()),
    text: document.querySelector("#yb-hr").textContent})"""


@pytest.mark.parametrize("path, double_open, after, vow", [
    ("house-rules/", "開兩立直 open double riichi", "已立直（比你晚） in riichi (after yours)",
     "不吃不碰 vowed no calls"),
    ("en/house-rules/", "open double riichi", "in riichi (after yours)", "vowed no calls")])
def test_the_hand_checker_speaks_a_players_words(page_without_search, base_url, path,
                                                  double_open, after, vow):
    """#41: the checker's menus showed the engine's vocabulary (no_calls, open_double,
    riichi_after, "dealer history (W/D)")."""
    page = page_without_search
    page.goto(base_url + path)
    page.wait_for_selector("select[data-field=riichi]", state="attached")
    menus = page.evaluate(CHECKER_MENUS)
    assert double_open in menus["riichi"] and after in menus["discarder_riichi"]
    assert vow in menus["declarations"]
    for engine_word in ("no_calls", "open_double", "riichi_after", "tsumo_only", "(W/D)"):
        assert engine_word not in menus["text"], engine_word
    assert "W: dealer won, D: draw, dealer stays" in menus["text"]
    # the values the engine reads are unchanged
    page.select_option("select[data-field=riichi]", "open_double")
