""""How the code reads it" is prose for players (issue #25, item 5): the bodies' docstrings,
read through the registry, reach both editions without code markup or the engine's internal
names (Win fields, helper functions, module paths)."""

from __future__ import annotations

import html
import re

import pytest

# What a reader must never see in the section: inline-code markup, a snake_case or dotted
# Python name, a call, a source path, a CamelCase type name.
_INTERNAL = {
    "backticks": re.compile(r"`"),
    "code element": re.compile(r"<code>"),
    "snake_case name": re.compile(r"(?<!\w)_?[A-Za-z]\w*_\w+"),
    "dotted name": re.compile(r"\b[a-z]{2,}\.[a-z_]{2,}\b"),  # not e.g. / i.e.
    "call": re.compile(r"\b\w+\(\)"),
    "source path": re.compile(r"\b[\w/]+\.(?:py|toml|json)\b"),
    "type name": re.compile(r"\b(?:Win|HandView|Award|Ruleset|[A-Z][a-z]+[A-Z]\w*)\b"),
}


def _readings(md: str) -> str:
    start = md.find('<div class="yb-reading"')
    if start < 0:
        return ""
    # the pages write every character Markdown could read as syntax as a character
    # reference (render/site/escape.py): read the text as the browser shows it
    return html.unescape(md[start:md.index("</div>", start)].split("markdown>", 1)[1])


def _problems(text: str) -> list[str]:
    return [f"{what}: {m.group(0)!r}" for what, rx in _INTERNAL.items()
            for m in rx.finditer(text)]


@pytest.mark.parametrize("sample, found", [
    ("see ``paarenchan_hit`` for it", ["backticks", "snake_case name"]),
    ("see _honor_pair_yaku for the rule questions", ["snake_case name"]),
    ("the Win's visible copies (yaku/shapes.py)", ["dotted name", "source path", "type name"]),
    ("as in yaku.interplay, has_standard_yaku()", ["call", "dotted name", "snake_case name"]),
    ("A win within one go-around after riichi; 3-02-01-01 a: a call breaks it.", []),
])
def test_the_check_finds_markup_and_internal_names(sample, found):
    assert sorted({p.split(":")[0] for p in _problems(sample)}) == sorted(found)


def test_code_readings_are_plain_words_in_both_editions(all_pages):
    bad, seen = {}, 0
    for path, md in sorted(all_pages.items()):
        text = _readings(md)
        if not text:
            continue
        seen += 1
        if problems := _problems(text):
            bad[path] = problems
    # 124 bodies with a docstring today, shown on both editions
    assert seen >= 200, seen
    assert not bad, bad
