"""The house-rules page and the CLI give the same numbers (issue #36's acceptance): for
rulesets covering every value of every `[scoring]` key and every `fu`, `multiple` and `han`
a ruleset can supply, the same hands checked on the page (the real engine in Pyodide, the
ruleset imported through the page's import box) and by `yakubook evaluate --json` give the
same han, fu, limit, payments and awards. The page's side is read from what a player sees
(the score box's text, the award rows' IDs, options and value badges), the CLI's from its
JSON. Fixtures and helpers are those of test_house_rules_browser.py."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import test_house_rules_browser as hr_browser
from test_house_rules_browser import ENGINE_TIMEOUT, SCORING_HANDS, Offline, import_toml

from yakubook.cli import main as cli_main
from yakubook.engine import score as engine_score
from yakubook.engine.rules import SUPPLIABLE

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("house-rules-engine")]

# The Chinese page's fixtures, shared (pytest finds a fixture by its name in the module).
base_url = hr_browser.base_url
engine_page = hr_browser.engine_page

# Every value of every [scoring] key other than its default, one ruleset each.
SCORING_VARIANTS = [
    ("kiriage", True), ("kazoe", "sanbaiman"), ("kazoe", "multiple"),
    ("multiple_yakuman", False), ("double_yakuman", False),
    ("aka_dora", 0), ("aka_dora", 1), ("aka_dora", 2), ("aka_dora", 4),
    ("kuitan", False), ("flower_dora", False), ("limit_yaku", "add"),
]

# The numbers a ruleset supplies where the source lost them, two sets: every option that
# lost a fu or a multiple (鳴牌七對子 b "?5符1翻", 十三龍門 b "?倍滿貫") and options that lost
# a han of each kind (東北新幹線 b "?翻", 七對子 + ?翻 of 3-09-03 c, 開立直 b). 人和 at d
# (滿貫) in both, so `limit_yaku` has a limit-valued local yaku to act on.
# Each yaku's option b, but 3-09-03's c.
OPTIONS = {"3-09-12": "b", "3-16-04": "b", "3-08-01": "b", "3-09-03": "c", "3-02-03": "b"}
NUMBERS = [
    {"3-09-12": {"fu": 25}, "3-16-04": {"multiple": 2}, "3-08-01": {"han": 3},
     "3-09-03": {"han": 2}, "3-02-03": {"han": 2}},
    {"3-09-12": {"fu": 40}, "3-16-04": {"multiple": 3}, "3-08-01": {"han": 1},
     "3-09-03": {"han": 4}, "3-02-03": {"han": 1}},
]
LIMIT_YAKU = {"3-15-01": "d"}


def ruleset_toml(numbers: dict[str, dict[str, int]], scoring: dict[str, Any]) -> str:
    lines = ["[ruleset]", 'name = "numbers"']
    for yid, letter in LIMIT_YAKU.items():
        lines += ["", f'[yaku."{yid}"]', f'value = "{letter}"']
    for yid, supplied in numbers.items():
        lines += ["", f'[yaku."{yid}"]', f'value = "{OPTIONS[yid]}"']
        lines += [f"{key} = {n}" for key, n in supplied.items()]
    if scoring:
        lines += ["", "[scoring]"]
        lines += [f"{key} = {json.dumps(value)}" for key, value in scoring.items()]
    return "\n".join(lines) + "\n"


# (name, TOML): the two sets of numbers at the default scoring, then each scoring value.
RULESETS = [(f"numbers {i + 1}", ruleset_toml(n, {})) for i, n in enumerate(NUMBERS)] + [
    (f"{key} = {value}", ruleset_toml(NUMBERS[i % 2], {key: value}))
    for i, (key, value) in enumerate(SCORING_VARIANTS)
]

# The issue's hand (鳴牌七對子 with two called pairs, ron by South) and hands for each
# supplied number, beside the hands of the [scoring] test (one per key whose score it
# changes), with honba, riichi sticks, dealer and non-dealer tsumo among them.
NUMBER_HANDS = [
    {"hand": "11m33m55p77p99s22s44s", "win": "4s", "called_pairs": 2, "seat": "S"},
    {"hand": "223344m556677p88s", "win": "8s", "called_pairs": 1, "seat": "S"},
    {"hand": "11m33m55p77p99s22s44s", "win": "4s", "called_pairs": 2, "tsumo": True,
     "honba": 1, "riichi_sticks": 1},
    {"hand": "123456789m11144z", "win": "9m"},
    {"hand": "123456789m11144z", "win": "9m", "tsumo": True, "seat": "N", "honba": 2},
    {"hand": "1199m1199p112233z", "win": "3z", "seat": "W"},
    {"hand": "123567m456p789s11z", "win": "5m", "riichi": "open", "tsumo": True},
    {"hand": "19m19p19s12345677z", "win": "1m", "tsumo": True, "first_go_around": True},
    {"hand": "19m19p19s12345677z", "win": "7z", "tsumo": True, "first_go_around": True,
     "seat": "S"},
    # two, three and four red fives: over the set's count under aka_dora = 1, 2 and 3 (an
    # error on both sides)
    {"hand": "234m406p40667888s", "win": "8s", "riichi": "riichi", "seat": "S"},
    {"hand": "406m406p40667888s", "win": "8s", "riichi": "riichi", "seat": "S"},
    {"hand": "406m440066p40688s", "win": "8s", "riichi": "riichi", "seat": "S"},
    # 14 han of yaku (double riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu) and 12 of
    # dora: 26 han, twice 13 (kazoe = "multiple": two yakuman)
    {"hand": "22334455667788m", "win": "2m", "riichi": "double", "tsumo": True,
     "dora": "1m4m7m", "ura": "1m4m7m", "seat": "S"},
]
HANDS = SCORING_HANDS + NUMBER_HANDS

# What a player reads, in each edition: the score's worth and payment line, "no win: why".
WORTH = {"zh": re.compile(r"^(\d+)翻(\d+)符(?:，(.+))?$"),
         "en": re.compile(r"^(\d+) han (\d+) fu(?:, (.+))?$")}
PAY = {
    "zh": {"ron": r"榮和：放銃者付 (\d+)", "dealer": r"自摸：莊家付 (\d+)，其他各付 (\d+)",
           "each": r"自摸：各付 (\d+)", "sticks": r" \+ (\d+) （立直棒）",
           "total": r"; 合計 total (\d+)$"},
    "en": {"ron": r"^ron: the discarder pays (\d+)",
           "dealer": r"^tsumo: the dealer pays (\d+), each other player (\d+)",
           "each": r"^tsumo: each player pays (\d+)", "sticks": r" \+ (\d+) for the riichi sticks",
           "total": r"; total (\d+)$"},
}
NO_WIN = {"zh": "不成和了：", "en": "no win: "}
# The Chinese page names the limits in Chinese (the game's own words); the CLI in romaji.
LIMITS_ZH = {"滿貫": "mangan", "跳滿": "haneman", "倍滿": "baiman", "三倍滿": "sanbaiman",
             "役滿": "yakuman", "累計役滿": "kazoe yakuman"}
TIMES_ZH = {"兩": 2, "三": 3, "四": 4, "五": 5, "六": 6}


def limit_of(text: str, lang: str) -> str:
    """A limit as the CLI's JSON names it, from the page's text in either edition."""
    if lang == "en" or not text:
        return text
    many = re.fullmatch(r"(.)倍(累計)?役滿", text)
    if many and many[1] in TIMES_ZH:
        return f"{TIMES_ZH[many[1]]}x {'kazoe ' if many[2] else ''}yakuman"
    return LIMITS_ZH.get(text, text)
# The numbers a value badge shows, in the order it shows them ("25符1翻", "滿貫 ×2").
BADGE_NUMBERS = {"fu_han": ("fu", "han"), "han": ("han",), "additive": ("han",),
                 "limit": ("multiple",)}

READ_SHOWN = """() => {
    const box = document.querySelector("#yb-hr-result");
    const text = (sel) => { const n = box.querySelector(sel); return n ? n.textContent : null; };
    return {
        error: box.dataset.state === "error" ? text(".yb-hr-error-text") : null,
        head: text(".yb-hr-score-head"), worth: text(".yb-hr-score-worth"),
        pay: text(".yb-hr-score-pay"),
        awards: Array.from(box.querySelectorAll("tr.yb-hr-award"), r => [
            r.querySelector("td code").textContent,
            r.querySelectorAll("td")[2].textContent.trim()[0],
            r.querySelector(".yb-hr-badge").textContent]),
    };
}"""


# Each hand checked through the page's JSON box, as a player pastes one (wait until the page
# is settled, set the hand, press its button, wait for that evaluation to settle, read what
# the page shows), all of a ruleset's hands in one call into the page: three round trips a
# hand, each wait polled at the next animation frame, were a third of these tests' time.
SHOW_MANY = hr_browser.many_checks_js(READ_SHOWN, open_json_box=False)


def shown(page, wins: list[dict], lang: str) -> list[dict]:
    """Check each Win JSON through the page's JSON box; the numbers the page shows."""
    return [_numbers(seen, lang) for seen in page.evaluate(
        SHOW_MANY, [[json.dumps(w) for w in wins], ENGINE_TIMEOUT])]


def _numbers(seen: dict, lang: str) -> dict:
    """The numbers in what the page shows of one hand (READ_SHOWN)."""
    if seen["error"] is not None:
        return {"error": seen["error"].removeprefix("ruleset: ")}
    out: dict[str, Any] = {"awards": [[i, o, [int(n) for n in re.findall(r"\d+", badge)]]
                                      for i, o, badge in seen["awards"]]}
    if seen["worth"] is None:
        out["score"] = {"win": False, "why": seen["head"].removeprefix(NO_WIN[lang])}
        return out
    worth = WORTH[lang].match(seen["worth"])
    score: dict[str, Any] = ({"win": True, "han": int(worth[1]), "fu": int(worth[2]),
                              "limit": limit_of(worth[3] or "", lang)} if worth
                             else {"win": True, "limit": limit_of(seen["worth"], lang)})
    for key, pattern in PAY[lang].items():
        found = re.search(pattern, seen["pay"])
        if found:
            score[key] = [int(n) for n in found.groups()]
    score.setdefault("sticks", [0])
    out["score"] = score
    return out


def cli_json(tmp_path: Path, win: dict, rules: Path) -> dict:
    """`yakubook evaluate WIN.json --rules R --json`: its JSON, or its one-line error."""
    path = tmp_path / "win.json"
    path.write_text(json.dumps(win), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(["evaluate", str(path), "--rules", str(rules), "--json"])
    if code != 0:
        message = err.getvalue().strip().removeprefix("error: ")
        return {"error": message.removeprefix(f"{path}: ").removeprefix(f"{rules}: ")}
    return json.loads(out.getvalue())


def badge_numbers(value: dict) -> list[int]:
    """The numbers a value's badge shows: 25符1翻 [25, 1], 3翻 [3], 滿貫 ×2 [2], 滿貫 []."""
    numbers = [value[key] for key in BADGE_NUMBERS[value["kind"]]]
    return [] if value["kind"] == "limit" and numbers == [1] else numbers


def cli_seen(result: dict) -> dict:
    """The CLI's JSON as the same numbers the page's text gives."""
    if "error" in result:
        return result
    # the badge numbers of the awards whose number the ruleset supplies (None: not compared)
    awards = [[a["id"], a["option"], badge_numbers(a["value"]) if a["id"] in NUMBERS[0] else None]
              for a in result["yaku"]]
    sc = result["score"]
    if not sc["win"]:
        return {"awards": awards, "score": {"win": False, "why": sc["note"]}}
    p = sc["payment"]
    score: dict[str, Any] = ({"win": True, "limit": sc["limit"]} if sc["yakuman"]
                             else {"win": True, "han": sc["han"], "fu": sc["fu"],
                                   "limit": sc["limit"]})
    if p["ron"]:
        score["ron"] = [p["ron"]]
    elif p["dealer"]:
        score["dealer"] = [p["dealer"], p["each"]]
    else:
        score["each"] = [p["each"]]
    score["sticks"] = [p["riichi_sticks"]]
    score["total"] = [p["total"]]
    return {"awards": awards, "score": score}


def in_chinese(cli: dict, page_seen: dict) -> dict:
    """The CLI's answer as the Chinese page words it: a no-win's reason is the engine's note
    in Chinese there (the English page compares it word for word), so it must be Chinese
    and is otherwise not compared."""
    sc = cli.get("score")
    if not sc or sc["win"] or page_seen.get("score", {}).get("win") is not False:
        return cli
    why = page_seen["score"]["why"]
    if not re.search(r"[\u4e00-\u9fff]", why):
        return cli  # not Chinese: compared as it is, so the test fails
    return {**cli, "score": {**sc, "why": why}}


def same(page_seen: dict, cli: dict) -> bool:
    """Equal, but where the CLI gives no badge numbers to compare (an award whose value is
    not one a ruleset supplies a number for), only the ID and option are."""
    if "error" in cli or "error" in page_seen:
        return page_seen == cli
    if page_seen["score"] != cli["score"] or len(page_seen["awards"]) != len(cli["awards"]):
        return False
    return all(p[:2] == c[:2] and (c[2] is None or p[2] == c[2])
               for p, c in zip(page_seen["awards"], cli["awards"], strict=True))


def test_the_rulesets_cover_every_scoring_value_and_every_suppliable_number():
    for key, choices in ((s["key"], s["choices"]) for s in _scoring_spec()):
        values = choices or [True, False]
        default = getattr(engine_score.Scoring(), key)
        assert {v for k, v in SCORING_VARIANTS if k == key} == set(values) - {default}, key
    assert {k for n in NUMBERS for supplied in n.values() for k in supplied} == set(SUPPLIABLE)


def _scoring_spec() -> list[dict]:
    from render import house_rules

    return house_rules.scoring_controls()


@pytest.fixture(scope="module")
def cli_results(tmp_path_factory) -> dict[str, list[dict]]:
    """Every hand under every ruleset, by the CLI."""
    tmp = tmp_path_factory.mktemp("numbers")
    out = {}
    for name, toml in RULESETS:
        rules = tmp / "rules.toml"
        rules.write_text(toml, encoding="utf-8")
        out[name] = [cli_seen(cli_json(tmp, w, rules)) for w in HANDS]
    return out


def test_every_ruleset_changes_what_some_hand_is_worth(cli_results):
    """The comparison below is not empty: each scoring value changes the CLI's score of some
    hand against the same numbers at the default scoring, and each supplied number
    (han, fu, multiple) changes some hand's score or award between the two sets."""
    for i, (key, value) in enumerate(SCORING_VARIANTS):
        base = cli_results[f"numbers {i % 2 + 1}"]
        assert cli_results[f"{key} = {value}"] != base, (key, value)
    one, two = cli_results["numbers 1"], cli_results["numbers 2"]
    changed = {award[0] for a, b in zip(one, two, strict=True) if a != b and "awards" in a
               for award in a["awards"] if award[0] in NUMBERS[0]}
    assert changed == set(NUMBERS[0]), changed
    # the issue's hand: 1 han 25 fu, a non-dealer's ron 4 x 25 x 2^3 = 800
    issue = one[len(SCORING_HANDS)]
    assert issue["score"] == {"win": True, "han": 1, "fu": 25, "limit": "", "ron": [800],
                              "sticks": [0], "total": [800]}


@pytest.mark.parametrize(("name", "toml"), RULESETS, ids=[name for name, _ in RULESETS])
def test_the_page_gives_the_clis_numbers(engine_page, cli_results, name, toml):
    page = engine_page.page
    import_toml(page, toml)  # through the page's import box, as a player does
    mismatches = [(w, got, want) for w, got, want in zip(
                      HANDS, shown(page, HANDS, "zh"), cli_results[name], strict=True)
                  if not same(got, in_chinese(want, got))]
    assert not mismatches, mismatches[:3]
    assert engine_page.errors == []


def test_the_english_page_gives_the_same_numbers(browser, base_url, cli_results):
    off = Offline(browser, base_url)
    try:
        page = off.open(base_url + "en/house-rules/")
        for name, toml in (RULESETS[0], RULESETS[-1]):
            import_toml(page, toml)
            mismatches = [(w, got, want) for w, got, want in zip(
                              HANDS, shown(page, HANDS, "en"), cli_results[name], strict=True)
                          if not same(got, want)]
            assert not mismatches, (name, mismatches[:3])
        assert off.blocked == [] and off.errors == []
    finally:
        off.context.close()
