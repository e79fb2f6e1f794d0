"""Each yaku page opens with a two-line summary in the reader's language (issue #41, point
7): what the hand is, its value under the default option, and whether it may be open, as
the source says it; before the name table, the source text and the verification detail."""

from __future__ import annotations

import html
import re

import pytest
from site_helpers import markdown_to_html


def _shown(md: str) -> str:
    """The page's text as a reader sees it (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markdown_to_html(md)))


def _summary(md: str) -> str:
    found = re.search(r'<p class="yb-summary">(.*?)</p>', markdown_to_html(md), re.S)
    assert found, "no summary"
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", "\n", found.group(1))))


def _node(cat, yid):
    return next(n for n in cat["nodes"] if n["id"] == yid)


# 3-10-05: default value closed-only; 3-06-07: the default states its open value;
# 3-14-05: a rule question asks it; 3-02-01: the source does not say.
@pytest.mark.parametrize("yid, zh, en", [
    ("3-10-05", "限門前（不可副露）", "closed hands only"),
    ("3-06-07", "可副露", "open hands allowed"),
    ("3-14-05", "可否副露見規則問題 3-14-05-", "closed or open: see rule question 3-14-05-"),
    ("3-02-01", "來源未說明可否副露", "the source does not say whether the hand may be open"),
])
def test_the_summary_says_the_hand_its_default_value_and_open_or_closed(
        all_pages, cat, names, yid, zh, en):
    node = _node(cat, yid)
    zh_summary = _summary(all_pages[f"yaku/{yid}.md"])
    en_summary = _summary(all_pages[f"en/yaku/{yid}.md"])
    zh_lines, en_lines = zh_summary.splitlines(), en_summary.splitlines()
    assert len(zh_lines) == 2 and len(en_lines) == 2, (zh_summary, en_summary)
    # line 1: the hand (the source's 內容; the English gist of names.toml)
    assert zh_lines[0].startswith("這手牌") and node["content"]["zh-Hant"] in zh_lines[0]
    assert en_lines[0] == f"The hand {names[yid].en}"
    # line 2: the default option's value, and open or closed
    assert zh_lines[1].startswith("預設的值") and en_lines[1].startswith("Default value")
    assert re.search(r"\(選項 [a-z]\)", zh_lines[1]) and re.search(r"\(option [a-z]\)", en_lines[1])
    assert zh in zh_lines[1] and en in en_lines[1]
    assert not re.search(r"[\u4e00-\u9fff]", en_summary)


@pytest.mark.parametrize("edition", ["", "en/"])
def test_the_summary_comes_before_the_names_and_the_source(all_pages, edition):
    for yid in ("3-02-01", "3-13-01", "3-08-01-07"):
        page = markdown_to_html(all_pages[f"{edition}yaku/{yid}.md"])
        summary = page.index('class="yb-summary"')
        assert summary < page.index("<table"), yid
        assert summary < page.index("sources/"), yid
    shown = _shown(all_pages[f"{edition}yaku/3-13-01.md"])
    assert shown.index("這手牌" if not edition else "The hand") < shown.index("Rōmaji")


# The verification detail (#41 point 7: "repair statistics, file paths and hashes belong
# lower, or on the status page"): a source file path (sources/<n>_<hash>.txt), the repairs
# and the body's file:line.
VERIFICATION = re.compile(r"sources/\d+_[0-9a-f]+\.txt|修復記錄|Repairs \(|yakubook/engine/bodies/")


@pytest.mark.parametrize("edition", ["", "en/"])
def test_the_verification_detail_is_at_the_foot_of_the_page(all_pages, edition):
    pages = {k: v for k, v in all_pages.items()
             if k.startswith(f"{edition}yaku/") and k.count("/") == edition.count("/") + 1}
    assert len(pages) > 100
    for path, md in pages.items():
        shown = html.unescape(markdown_to_html(md))
        foot = shown.index('id="verification"')
        # nothing of it above the foot: the reader's part (summary, names, rules, reading,
        # examples, family, related yaku) comes first, whole
        assert not VERIFICATION.search(shown[:foot]), (path, VERIFICATION.search(shown[:foot]))
        for heading in ("implementation", "rules", "examples", "family", "related"):
            if f'id="{heading}"' in shown:
                assert shown.index(f'id="{heading}"') < foot, (path, heading)
        # and all of it below: every rule's source position, the body's location
        assert shown.count("sources/", foot) >= md.count("{ #3-"), path
    zh_or_en = all_pages[f"{edition}yaku/3-09-01.md"]
    foot = html.unescape(markdown_to_html(zh_or_en)).split('id="verification"', 1)[1]
    assert "yakubook/engine/bodies/s3_09.py:" in foot
    if not edition:
        assert "修復記錄" in foot


def test_every_chinese_summary_says_the_hand_first(all_pages, cat):
    """A yaku whose source gives no 內容 (3-09-02 混一色七對子: its name is the hand) still
    opens with 這手牌, saying so, rather than with its value alone."""
    yaku = [n["id"] for n in cat["nodes"] if n["kind"] == "yaku"]
    for yid in yaku:
        lines = _summary(all_pages[f"yaku/{yid}.md"]).splitlines()
        assert lines[0].startswith("這手牌") and lines[-1].startswith("預設的值"), (yid, lines)
    lines = _summary(all_pages["yaku/3-09-02.md"]).splitlines()
    assert lines[0].startswith("這手牌 七對子形的特殊役：來源沒有另寫內容"), lines


@pytest.mark.parametrize("yid, said", [
    ("3-14-10", "有9的暗刻時，8的雙碰聽的和牌\n僅限門前"),
    ("3-16-07", None),
    ("3-10-12", "門前清一色、純全帶幺、二杯口"),
])
def test_a_hand_whose_own_text_says_closed_only_is_summarised_closed(all_pages, cat, yid, said):
    """3-14-10's 內容 ends 僅限門前 (closed only), 3-16-07's 條件 is 僅限門前, 3-10-12 is a
    門前清一色: the summary says closed, not 'the source does not say'."""
    node = _node(cat, yid)
    if said:
        assert node["content"]["zh-Hant"] == said
    else:
        assert node["condition"]["zh-Hant"] == "僅限門前"
    assert "限門前（不可副露）" in _summary(all_pages[f"yaku/{yid}.md"])
    assert "closed hands only" in _summary(all_pages[f"en/yaku/{yid}.md"])
