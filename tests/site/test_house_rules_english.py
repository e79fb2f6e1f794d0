"""The house-rules page's English edition (#10, #14), build side: en/house-rules.md uses the
same scripts and data as the Chinese page, one folder deeper; data.json carries the English
of every text the page shows (from catalog/translations/en.toml, `null` where the translation
is stale or missing, so that the page shows the Chinese marked "translation pending"); both
pages carry the language switch, pointing at each other. The page in Chromium:
test_house_rules_english_browser.py."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

from test_site_english import CJK, untranslated

from catalog import translations
from render import house_rules
from render.site import english

ROOT = Path(__file__).resolve().parents[2]
SWITCH = re.compile(r'<a class="yb-lang-switch" href="([^"]*)" hreflang="([^"]*)" lang="[^"]*">'
                    r"(English|中文)</a>\n\{ \.yb-lang data-search-exclude \}")




def page(outputs: dict[str, bytes], rel: str) -> str:
    return outputs[house_rules.DOCS + rel].decode("utf-8")


def shown_texts(data: dict) -> list[tuple[str, dict]]:
    """(text key, the data.json object that carries that text's `en_text`) for every catalog
    text the page shows: section names, option texts, rule questions and their options."""
    out = [(f"{s['id']}/name", s) for s in data["sections"]]
    for y in data["yaku"]:
        out += [(f"{y['id']}/{o['letter']}", o) for o in y["options"]]
        for r in y["rules"]:
            out.append((f"{r['id']}/name", r))
            out += [(f"{r['id']}/{o['letter']}", o) for o in r["options"]]
    return out


def test_english_page_uses_the_same_assets_one_folder_deeper(hr_outputs):
    zh = page(hr_outputs, house_rules.PAGE)
    en = page(hr_outputs, house_rules.PAGE_EN)
    assert house_rules.PAGE_EN == "en/house-rules.md"
    assets = re.compile(r'(?:href|src|data-(?!lang)[a-z]+)="([^"]*)"')
    # the language switch (the first reference) links the other edition's page: below
    zh_refs, en_refs = assets.findall(zh)[1:], assets.findall(en)[1:]
    assert len(zh_refs) == len(en_refs) == 8
    for z, e in zip(zh_refs, en_refs, strict=True):
        if z.startswith("../assets/"):
            assert e == "../" + z  # the same file, seen from en/house-rules/
        elif z == "../":
            assert e == "../"  # the site root of its own edition: en/ for the English page
        else:
            assert e == z  # the catalog fingerprint
    assert 'data-lang="en"' in en and "data-lang" not in zh
    for rel in ("assets/house-rules/data.json", "assets/house-rules/house-rules.js",
                "assets/house-rules/hr-scoring.js", "assets/house-rules/house-rules.css"):
        assert house_rules.DOCS + rel in hr_outputs
    assert "title: House rules\n" in en
    # the English page shows no Chinese (the switch's 中文 label aside)
    assert untranslated(en) == []


def test_both_pages_carry_the_switch_to_each_other(hr_outputs):
    zh = SWITCH.findall(page(hr_outputs, house_rules.PAGE))
    en = SWITCH.findall(page(hr_outputs, house_rules.PAGE_EN))
    # the URL of the other edition's page (each edition is its own MkDocs build), from
    # house-rules/ and en/house-rules/
    assert zh == [("../en/house-rules/", "en", "English")]
    assert en == [("../../house-rules/", "zh-Hant", "中文")]
    # the very line the other pages print (english.switch_line), before the title
    for rel, to_english in ((house_rules.PAGE, True), (house_rules.PAGE_EN, False)):
        md = page(hr_outputs, rel)
        line = str(english.switch_line(house_rules.PAGE, to_english=to_english))
        assert line in md and md.index(line) < md.index("\n# ")


def test_chinese_page_is_unchanged_but_for_the_switch(hr_outputs):
    zh = page(hr_outputs, house_rules.PAGE)
    sha = re.search(r'data-catalog="([0-9a-f]{16})"', zh).group(1)
    switch = str(english.switch_line(house_rules.PAGE, to_english=True))
    assert zh == house_rules.PAGE_TEXT.replace("{switch}", switch).replace("{sha}", sha)
    assert zh.replace(switch + "\n\n", "").startswith(
        "---\ntitle: 自訂規則 · 自订规则 · House rules\n---\n\n# 自訂規則")


def test_every_current_translation_is_in_the_data_in_english(root, cat, data):
    verdicts = {v.node.key: v for v in translations.judge(cat, translations.load_entries(root))}
    texts = shown_texts(data)
    # every section, every option (of yaku and of rule questions), every rule question
    # with options: the page's choices
    nodes = cat["nodes"]
    assert len(texts) == (sum(n["kind"] == "section" for n in nodes)
                          + sum(len(n["options"]) for n in nodes)
                          + sum(n["kind"] == "rule" and bool(n["options"]) for n in nodes))
    checked = 0
    for key, obj in texts:
        assert "en_text" in obj, key
        v = verdicts[key]
        assert v.node.zh == obj["hant"], key
        if v.status == "translated":
            assert obj["en_text"] == v.entry.en, key
            assert not CJK.search(obj["en_text"]), (key, obj["en_text"])
            checked += 1
        else:
            assert obj["en_text"] is None, key
    # today every text is translated (test_translations checks the data itself)
    assert checked == len(texts)
    conditions = 0
    for y in data["yaku"]:
        for r in y["rules"]:
            assert len(r["if_en"]) == len(r["if"]), r["id"]
            for i, (zh, en) in enumerate(zip(r["if"], r["if_en"], strict=True), start=1):
                v = verdicts[f"{r['id']}/if{i}"]
                assert v.node.zh == zh and en == v.entry.en and not CJK.search(en)
                conditions += 1
        for o in y["options"]:
            for field, en in o["words_en"].items():
                assert en == verdicts[f"{y['id']}/{o['letter']}/{field}"].entry.en
                assert not CJK.search(en), (y["id"], o["letter"], field, en)
    assert conditions > 50
    for zh, en in data["value_words_en"].items():
        assert CJK.search(zh) and not CJK.search(en), (zh, en)


def test_yaku_titles_are_the_english_sites(data, names):
    by_id = {y["id"]: y for y in data["yaku"]}
    assert by_id["3-05-01"]["title_en"] == "One Red Dot (Kouitten)"
    assert by_id["3-06-09"]["title_en"] == "Windows 95"  # English name = romaji: once
    for yid, y in by_id.items():
        n = names[yid]
        assert y["title_en"] == english.title_text(n.name_en, n.romaji, yid)
        assert n.name_en and n.name_en in y["title_en"], yid


def test_lost_digits_stay_marked_lost_in_english(data):
    lost = [(k, o) for k, o in shown_texts(data) if "\ufffd" in o["hant"]]
    assert len(lost) > 20
    for key, o in lost:
        en = o["en_text"]
        assert "?" in en or "lost" in en.lower(), (key, en)
    numbers = [o for y in data["yaku"] for o in y["options"] if "han" in o["lost_numbers"]]
    assert numbers and all("? han" in o["en_text"] or "?" in o["en_text"] for o in numbers)


def test_a_stale_translation_is_null_and_the_chinese_is_kept(root, cat, names,
                                                              status_outputs, data):
    changed = copy.deepcopy(cat)
    node = next(n for n in changed["nodes"] if n["id"] == "3-05-01")
    option = next(o for o in node["options"] if o["letter"] == "b")
    option["text"] = {"zh-Hant": "役滿（測試用的新文字）", "zh-Hans": "役满（测试用的新文字）",
                      "source": "役滿（測試用的新文字）"}
    rule = next(n for n in changed["nodes"] if n["id"] == "3-02-01-01")
    rule["name"] = {"zh-Hant": "新的問題", "zh-Hans": "新的问题", "source": "新的問題"}
    out = house_rules.stage(root, changed, names, status_outputs)
    got = json.loads(out[house_rules.DOCS + house_rules.DATA])
    y = next(y for y in got["yaku"] if y["id"] == "3-05-01")
    b = next(o for o in y["options"] if o["letter"] == "b")
    assert b["en_text"] is None and b["hant"] == "役滿（測試用的新文字）"
    a = next(o for o in y["options"] if o["letter"] == "a")
    assert a["en_text"] == "Not used"  # its neighbour keeps its English
    r = next(r for y in got["yaku"] for r in y["rules"] if r["id"] == "3-02-01-01")
    assert r["en_text"] is None and r["hant"] == "新的問題"
    assert r["options"][0]["en_text"]  # its options did not change
    # nothing else moved
    before = dict(shown_texts(data))
    after = dict(shown_texts(got))
    moved = sorted(k for k in before if before[k]["en_text"] != after[k]["en_text"])
    assert moved == ["3-02-01-01/name", "3-05-01/b"]


def test_without_translations_everything_is_pending(tmp_path, cat, names, status_outputs):
    out = house_rules.stage(tmp_path, cat, names, status_outputs)  # no en.toml under root
    got = json.loads(out[house_rules.DOCS + house_rules.DATA])
    assert all(o["en_text"] is None for _k, o in shown_texts(got))
    assert got["value_words_en"] == {}
    assert house_rules.DOCS + house_rules.PAGE_EN in out


def test_english_data_is_deterministic(cat, names, status_outputs, hr_outputs):
    again = house_rules.stage(ROOT, cat, names, status_outputs)
    assert again == hr_outputs
    assert sorted(k for k in hr_outputs if k.endswith(".md")) == [
        house_rules.DOCS + house_rules.PAGE_EN, house_rules.DOCS + house_rules.PAGE]
