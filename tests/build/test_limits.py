"""Input limits: control characters, file size, line and option length, HTML entities;
errors quote at most ~80 characters; nothing reaches the terminal raw."""

from __future__ import annotations

import pytest

from extract.build import MAX_LINE_CHARS, MAX_OPTION_CHARS, MAX_SOURCE_BYTES
from extract.clean import EntityError, clean_line
from tests.build.test_build_cli import CH000, snapshot
from yakubook.build import run
from yakubook.report import terminal_safe

FOLDERS = ("catalog", "generated", "site/docs", "sources")
ANCHOR = "3-13-02　紀州五十五萬石"  # a line of chapter 000


def put(root, old: str, new: str) -> int:
    """Replace `old` in chapter 000 by `new`; the line number where `new` starts."""
    path = root / CH000
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def build_fails(root, capsys) -> str:
    edited = snapshot(root, FOLDERS)
    capsys.readouterr()
    assert run(root, check=False) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 1
    assert snapshot(root, FOLDERS) == edited  # nothing written
    return captured.err


@pytest.mark.parametrize(
    ("char", "code"),
    [
        ("\x00", "U+0000"),
        ("\x1b[2J", "U+001B"),
        ("\x7f", "U+007F"),
        ("\u2028", "U+2028"),
        ("\u202e", "U+202E"),
        ("\x85", "U+0085"),
    ],
)
def test_a_control_character_in_a_source_is_an_error(project_copy, capsys, char, code):
    line = put(project_copy, ANCHOR, ANCHOR[:8] + char + ANCHOR[8:])
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}:{line}: control character {code} at column 9")
    assert char[0] not in err  # quoted escaped, never raw


def test_a_ten_megabyte_line_is_refused_by_size_at_once(project_copy, capsys):
    put(project_copy, ANCHOR, ANCHOR + "無" * (10 * 1024 * 1024 // 3))
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}: ")
    assert f"more than the {MAX_SOURCE_BYTES} bytes allowed" in err
    assert len(err) < 200


def test_a_long_line_is_an_error_quoting_80_characters(project_copy, capsys):
    line = put(project_copy, ANCHOR, ANCHOR + "無" * MAX_LINE_CHARS)
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}:{line}: line is {MAX_LINE_CHARS + len(ANCHOR)} ")
    assert f"(limit {MAX_LINE_CHARS})" in err
    assert "無" * 81 not in err and len(err) < 200


def test_a_long_option_is_an_error(project_copy, capsys):
    text = "兩倍" * (MAX_OPTION_CHARS // 2 + 1)
    line = put(project_copy, "　　ｂ　役滿\n", f"　　ｂ　{text}\n")
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}:{line}: option 3-13-01 b is {len(text)} characters")
    assert f"(limit {MAX_OPTION_CHARS})" in err and len(err) < 250


def test_a_line_of_unknown_shape_is_quoted_short(project_copy, capsys):
    line = put(project_copy, ANCHOR + "\n", ANCHOR + "\n" + "#" * 400 + "\n")
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}:{line + 1}: line of unknown shape: '")
    assert "#" * 81 not in err and len(err) < 200


def test_an_entity_for_a_control_character_is_an_error(project_copy, capsys):
    line = put(project_copy, ANCHOR, ANCHOR + "&#27;[31m")
    err = build_fails(project_copy, capsys)
    assert err.startswith(f"error: {CH000}:{line}: HTML entity &#27; stands for U+001B (a control")


@pytest.mark.parametrize("entity", ["&#0;", "&#x1b;", "&#xfffd;", "&#127;"])
def test_entities_that_would_forge_a_control_or_a_lost_character(entity):
    with pytest.raises(EntityError):
        clean_line("役滿" + entity)


def test_entities_are_decoded_alike_with_or_without_a_tag():
    plain = clean_line("甲&amp;乙&lt;丙")
    tagged = clean_line("甲&amp;乙&lt;丙</p>")
    assert [p.text for p in plain] == [p.text for p in tagged] == ["甲&乙<丙"]
    assert "&amp;" in plain[0].removed and "&lt;" in tagged[0].removed
    assert [p.text for p in clean_line("甲&unknown;乙")] == ["甲&unknown;乙"]  # not an entity


def test_nothing_reaches_the_terminal_raw():
    hostile = "name\x1b]0;title\x07\x1b[2J\x00\x7f\x9b\u2028\u202e\u2066end"
    shown = terminal_safe(hostile)
    assert all(ch.isprintable() for ch in shown)
    assert shown.startswith("name\\x1b]0;title\\x07\\x1b[2J") and shown.endswith("end")
    assert terminal_safe("紅孔雀 (1) 3-05-02 a 役滿") == "紅孔雀 (1) 3-05-02 a 役滿"
