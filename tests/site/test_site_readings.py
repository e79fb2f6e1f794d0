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


# ------------------------------------------- English readings without Chinese terms (#41)

_HAN_RUN = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_GLOSS = re.compile(r"\([^()]*\)")


def _paragraphs(md: str) -> list[str]:
    text = re.sub(r"<[^>]+>", "", _readings(md))
    return [p.replace("{ .yb-reading-para }", "").strip() for p in text.split("\n\n")
            if p.replace("{ .yb-reading-para }", "").strip()]


def _chinese_outside_glosses(paragraph: str) -> list[str]:
    """The Chinese runs of an English paragraph that are not a gloss in parentheses."""
    return _HAN_RUN.findall(_GLOSS.sub("", paragraph))


def test_the_offender_count_sees_chinese_outside_parentheses():
    assert _chinese_outside_glosses("only 1, 3, 5-pin and 白") == ["白"]
    assert _chinese_outside_glosses("only 1, 3, 5-pin and white dragon (白)") == []
    assert _chinese_outside_glosses("by a 嵌張 wait, the 下家's discard") == ["嵌張", "下家"]


def test_a_reading_writes_each_chinese_term_in_english_with_the_original_as_a_gloss():
    from render.site.english import reading_en, reading_vocabulary, translate_run

    vocabulary = reading_vocabulary({"翻": "han", "一發": "ippatsu"},
                                    {"紅孔雀(1)": "Benikujaku (1)"})
    assert translate_run("嵌張", vocabulary) == "kanchan"
    assert translate_run("紅孔雀", vocabulary) == "Benikujaku"
    assert translate_run("某某", vocabulary) is None  # unknown: kept as an original
    shown = re.sub(r"<[^>]+>", "", str(reading_en(
        "only 1-pin and 白, by a 嵌張 wait, the 下家's discard, includes 一發's 1翻; "
        "(a gloss 嵌張 stays)", vocabulary)))
    assert html.unescape(shown) == (
        "only 1-pin and white dragon (白), by a kanchan (嵌張) wait, the player to your right "
        "(下家)'s discard, includes ippatsu (一發)'s 1 han (翻); (a gloss 嵌張 stays)")


# None left: a quoted option of the source (3-13-01-02 c's 合計大于100時成立) follows its
# English in parentheses, as a gloss.
MAX_ENGLISH_PARAGRAPHS_WITH_CHINESE = 0


def test_english_readings_carry_chinese_only_as_glosses(all_pages):
    """The issue counted 108 of 207 English reading paragraphs with Chinese terms a reader
    cannot read; each term is now written in English, the original in parentheses."""
    paragraphs = [p for path, md in sorted(all_pages.items()) if path.startswith("en/yaku/")
                  for p in _paragraphs(md)]
    assert len(paragraphs) >= 200
    offenders = [(p[:80], _chinese_outside_glosses(p)) for p in paragraphs
                 if _chinese_outside_glosses(p)]
    assert len(offenders) <= MAX_ENGLISH_PARAGRAPHS_WITH_CHINESE, offenders
    text = " ".join(paragraphs)
    for example in ("by a kanchan (嵌張) wait", "white dragon (白)"):
        assert example in text, example
