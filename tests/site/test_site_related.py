"""Related yaku, both ways and with the relation said, and a page header that says what its
value badge shows (issue #25, item 6)."""

from __future__ import annotations

import html
import re
import tomllib

import pytest
from conftest import ROOT

from render.site.model import Node, link_related

CJK = re.compile(r"[\u4e00-\u9fff]")

TAG = re.compile(r"<[^>]+>")


def _related(md: str) -> list[str]:
    """The related-yaku list of a page as plain text lines, each keeping its links' targets."""
    if "{ #related }" not in md:
        return []
    block = md[md.index("{ #related }"):]
    lines = [line for line in block.splitlines() if line.startswith("- ")]
    return [html.unescape(TAG.sub("", line[2:])) for line in lines]


def _families() -> list[dict[str, str]]:
    return tomllib.loads((ROOT / "catalog" / "families.toml").read_text("utf-8"))["family"]


@pytest.mark.parametrize("family", _families(), ids=lambda f: f"{f['larger']}>{f['smaller']}")
def test_every_family_is_linked_both_ways_with_the_relation_said(all_pages, family):
    larger, smaller = family["larger"], family["smaller"]
    on_larger = [r for r in _related(all_pages[f"en/yaku/{larger}.md"]) if f"({smaller}.md)" in r]
    assert on_larger and on_larger[0].startswith("includes ["), on_larger
    assert "awarded instead of it" in on_larger[0] and family["why"] in on_larger[0]
    on_smaller = [r for r in _related(all_pages[f"en/yaku/{smaller}.md"]) if f"({larger}.md)" in r]
    assert on_smaller and on_smaller[0].startswith("dropped when ["), on_smaller
    zh_larger = [r for r in _related(all_pages[f"yaku/{larger}.md"]) if f"({smaller}.md)" in r]
    assert zh_larger and zh_larger[0].startswith("包含["), zh_larger
    zh_smaller = [r for r in _related(all_pages[f"yaku/{smaller}.md"]) if f"({larger}.md)" in r]
    assert zh_smaller and "成立時不計此役" in zh_smaller[0], zh_smaller


def test_four_consecutive_triplets_says_it_drops_three(all_pages):
    # the issue's own example: 四連刻 (3-11-02) over 三連刻 (3-11-01)
    assert any(r.startswith("包含[三連刻](3-11-01.md)")
               for r in _related(all_pages["yaku/3-11-02.md"]))
    assert any(r.startswith("[四連刻](3-11-02.md) 3-11-02成立時不計此役")
               for r in _related(all_pages["yaku/3-11-01.md"]))


def test_a_value_note_is_said_on_both_pages(all_pages):
    # 3-02-02 超一發 b: 包含一發的1翻 -> 一發 (3-02-01) is dropped when 超一發 is awarded
    on_note = _related(all_pages["en/yaku/3-02-02.md"])
    assert any(r.startswith("includes [") and "(3-02-01.md)" in r for r in on_note), on_note
    back = _related(all_pages["en/yaku/3-02-01.md"])
    assert any(r.startswith("dropped when [") and "(3-02-02.md)" in r
               and "value option b includes this one" in r for r in back), back
    # 3-12-09 四暗槓 b: 與四槓子複合，與三暗槓不複合 -> 三暗槓 (3-12-08) is dropped
    assert any(r.startswith("does not combine with [") and "(3-12-08.md)" in r
               for r in _related(all_pages["en/yaku/3-12-09.md"]))
    assert any(r.startswith("dropped when [") and "(3-12-09.md)" in r
               and "does not combine" in r for r in _related(all_pages["en/yaku/3-12-08.md"]))


def _node(yid: str, name: str) -> Node:
    from render.site.values import Text

    return Node(id=yid, kind="yaku", depth=1, level=2, section=yid[:4], yaku=None,
                name=Text(name, name, name), source="?", content=None, condition=None,
                notes=[], applies_if=[], options=[], has_values=False, repairs=[])


def test_a_new_family_appears_on_both_pages_without_other_changes():
    a, b = _node("3-90-01", "甲役"), _node("3-90-02", "乙役")
    link_related([a, b], [("3-90-02", "3-90-01", "two of them include one", "兩個包含一個")])
    assert [(r.id, r.kind) for r in a.related] == [("3-90-02", "family_smaller")]
    assert [(r.id, r.kind) for r in b.related] == [("3-90-01", "family_larger")]
    assert "two of them include one" in b.related[0].en
    assert "兩個包含一個" in b.related[0].zh and "兩個包含一個" in a.related[0].zh


def test_every_family_gives_its_reason_in_chinese_on_the_chinese_pages(all_pages):
    # The Chinese edition speaks Chinese (#41): each family of catalog/families.toml has
    # its reason in Chinese (why_zh), shown on both yaku's Chinese pages.
    families = tomllib.loads((ROOT / "catalog" / "families.toml").read_text("utf-8"))["family"]
    assert families
    for f in families:
        assert CJK.search(f.get("why_zh", "")), f
        for yid in (f["larger"], f["smaller"]):
            assert f["why_zh"] in all_pages[f"yaku/{yid}.md"], (yid, f["why_zh"])


def _head(md: str) -> str:
    lines = md.splitlines()
    return html.unescape(TAG.sub("", lines[lines.index("{ .yb-yaku-head }") - 1]))


def test_header_says_default_and_range(all_pages):
    from yakubook.engine.rules import Ruleset

    # 東北新幹線: a 無, b ?翻 (lost), c 2翻, d 役滿 — the range is the known values 2翻 … 役滿;
    # the default is whatever the engine's default ruleset chooses
    letter = Ruleset.default().options["3-08-01"].value.letter
    shown = {"b": "?翻", "c": "2翻", "d": "役滿"}[letter]
    head = _head(all_pages["yaku/3-08-01.md"])
    assert f"預設 · default {shown} ({letter})" in head, head
    assert "範圍 · range 2翻 – 役滿" in head, head
    en_shown = {"b": "? han", "c": "2 han", "d": "yakuman"}[letter]
    en_head = _head(all_pages["en/yaku/3-08-01.md"])
    assert f"default {en_shown} (option {letter})" in en_head, en_head
    assert "range 2 han – yakuman" in en_head, en_head


def test_every_yaku_header_names_the_default_the_engine_uses(all_pages):
    from yakubook.engine.rules import Ruleset

    defaults = Ruleset.default().options
    for path, md in all_pages.items():
        m = re.fullmatch(r"yaku/(3-[\d-]+)\.md", path)
        if not m or m.group(1) not in defaults:
            continue
        head = _head(md)
        assert f"({defaults[m.group(1)].value.letter})" in head, (path, head)
