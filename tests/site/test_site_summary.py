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
