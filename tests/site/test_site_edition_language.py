"""Each edition speaks its own language in its examples (issue #25, item 3): on the English
edition no Chinese in an example's note or its situation line (names are written in romaji
there), on the Chinese edition every note in Chinese."""

from __future__ import annotations

import html
import re

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
NOTE = re.compile(r'<span class="yb-ex-note[^"]*"[^>]*>(.*?)</span>', re.S)
TAG = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    return html.unescape(TAG.sub("", fragment))


def _heads(md: str) -> list[str]:
    """The line above each `{ .yb-ex-head }`: Example n · holds · ron · the situation."""
    lines = md.splitlines()
    return [_text(lines[i - 1]) for i, line in enumerate(lines) if line == "{ .yb-ex-head }"]


def _yaku_pages(all_pages, english: bool) -> dict[str, str]:
    prefix = "en/yaku/" if english else "yaku/"
    return {p: md for p, md in all_pages.items() if p.startswith(prefix)}


def test_english_example_notes_and_situations_hold_no_chinese(all_pages):
    pages = _yaku_pages(all_pages, english=True)
    notes = heads = 0
    bad = []
    for path, md in sorted(pages.items()):
        for note in NOTE.findall(md):
            notes += 1
            if CJK.search(_text(note)):
                bad.append((path, _text(note)))
        for head in _heads(md):
            heads += 1
            if CJK.search(head):
                bad.append((path, head))
    assert notes >= 780 and heads >= 780, (notes, heads)
    assert not bad, bad[:10]


def test_english_situations_say_each_number_once(all_pages):
    """The situation line was once the Chinese half stripped off a bilingual phrase,
    leaving "2 2 han needed to win"."""
    doubled = [(p, h) for p, md in _yaku_pages(all_pages, english=True).items()
               for h in _heads(md) if re.search(r"\b(\d+) \1 (?:han|flowers|kans|honba)\b", h)]
    assert not doubled, doubled[:5]
    with_minimum = [h for md in _yaku_pages(all_pages, english=True).values()
                    for h in _heads(md) if "minimum of 2 han" in h]
    assert with_minimum  # 3-02-01's 二翻縛 examples say it


def test_chinese_example_notes_are_in_chinese(all_pages):
    pages = _yaku_pages(all_pages, english=False)
    notes = [(p, _text(n)) for p, md in sorted(pages.items()) for n in NOTE.findall(md)]
    assert len(notes) >= 780
    without = [(p, n) for p, n in notes if not HAN.search(n)]
    assert not without, f"{len(without)} notes without Chinese, e.g. {without[:5]}"
