"""Every curated and input file is validated: `file:line: what is wrong`, exit 2, nothing
written, no traceback (names.toml, examples, editorial.toml, manifest, procedure.toml)."""

from __future__ import annotations

import re

import pytest

import catalog
from catalog import CuratedError
from tests.build.test_build_cli import snapshot
from yakubook.build import run

NAMES = "catalog/names.toml"
EXAMPLES = "catalog/examples.toml"
EDITORIAL = "sources/editorial.toml"
MANIFEST = "sources/manifest.toml"
PROCEDURE = "catalog/procedure.toml"


def line_of(text: str, needle: str) -> int:
    assert needle in text, needle
    return text[: text.index(needle)].count("\n") + 1


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# (file, old, new, the line the error must name (found by this text in the edited file,
# or an int), what the message must say)
CASES = {
    "names_syntax": (
        NAMES,
        'slug = "ippatsu"',
        'slug = "ippatsu',
        'slug = "ippatsu',
        "not valid TOML",
    ),
    "names_wrong_type": (NAMES, 'slug = "ippatsu"', "slug = 7", "slug = 7", "must be a string"),
    "names_missing_slug": (
        NAMES,
        'slug = "ippatsu"\n',
        "",
        '["3-02-01"]',
        "3-02-01 has no slug",
    ),
    "names_unknown_key": (
        NAMES,
        'slug = "ippatsu"\n',
        'slug = "ippatsu"\nnickname = "x"\n',
        "nickname",
        "unknown key 'nickname'",
    ),
    "names_alias_not_a_list": (
        NAMES,
        'slug = "ippatsu"\n',
        'slug = "ippatsu"\nen_aliases = "one-shot"\n',
        'en_aliases = "one-shot"',
        "must be a list of strings",
    ),
    "names_alias_not_strings": (
        NAMES,
        'slug = "ippatsu"\n',
        'slug = "ippatsu"\nja_aliases = ["一発", 3]\n',
        'ja_aliases = ["一発", 3]',
        "ja_aliases[2] must be a string",
    ),
    "names_bad_slug": (
        NAMES,
        'slug = "ippatsu"',
        'slug = "ippatsu; import os"',
        "slug = ",
        "ASCII identifier",
    ),
    "names_duplicate_slug": (
        NAMES,
        'slug = "chou_ippatsu"',
        'slug = "ippatsu"',
        '["3-02-02"]\nzh = "超一發"\nslug',
        "also used by 3-02-01",
    ),
    "names_control_character": (
        NAMES,
        'romaji = "Ippatsu"',
        'romaji = "Ip\\u001b[31mpatsu"',
        'romaji = "Ip',
        "control character U+001B",
    ),
    "names_not_an_id": (NAMES, '["3-02-01"]', '["ippatsu"]', '["ippatsu"]', "not a yaku ID"),
    "examples_syntax": (EXAMPLES, "holds = true", "holds = ", "holds = \n", "not valid TOML"),
    "examples_holds_type": (
        EXAMPLES,
        "holds = true",
        'holds = "yes"',
        'holds = "yes"',
        "holds must be",
    ),
    "examples_missing_hand": (
        EXAMPLES,
        'hand = "123567m456p789s11z"\n',
        "",
        1,
        "has no hand",
    ),
    "examples_bad_tiles": (
        EXAMPLES,
        'hand = "123567m456p789s11z"',
        'hand = "123567m456p789s11x"',
        'hand = "123567m456p789s11x"',
        "not MPSZ tiles",
    ),
    "examples_unknown_rule_question": (
        EXAMPLES,
        '"3-02-01-01" = "b"',
        '"3-02-09-09" = "b"',
        '"3-02-09-09"',
        "is not a rule question of 3-02-01",
    ),
    "examples_unknown_letter": (
        EXAMPLES,
        '"3-02-01-01" = "b"',
        '"3-02-01-01" = "z"',
        '"3-02-01-01" = "z"',
        "no option 'z'",
    ),
    "editorial_no_evidence": (
        EDITORIAL,
        'evidence = "僅限萬子 (a) against 不? (b): 不限 (any suit), as the menus 3-15-04-02 and '
        '3-16-04-01 answer 限 / 不限"',
        'evidence = " "',
        'evidence = " "',
        "no evidence",
    ),
    "editorial_wrong_type": (
        EDITORIAL,
        'letter = "b"',
        "letter = 2",
        "letter = 2",
        "must be a string",
    ),
    "editorial_unknown_key": (
        EDITORIAL,
        'letter = "b"',
        'letter = "b"\nlettre = "b"',
        "lettre",
        "unknown key",
    ),
    "manifest_bad_hash": (
        MANIFEST,
        'sha256 = "8f8b',
        'sha256 = "XX8f8b',
        'sha256 = "XX',
        "64 lowercase hex",
    ),
    "manifest_path_outside_sources": (
        MANIFEST,
        'file = "000_22e2f9a84c18da83.txt"',
        'file = "../000_22e2f9a84c18da83.txt"',
        'file = "../',
        "must be a .txt file name in sources/",
    ),
    "manifest_script": (
        MANIFEST,
        'script = "Hans"',
        'script = "Latn"',
        'script = "Latn"',
        "Hant or Hans",
    ),
    "manifest_missing_key": (
        MANIFEST,
        'title = "特殊役 (3-13 … 3-16)"\n',
        "",
        "[[chapter]]",
        "has no title",
    ),
    "procedure_not_a_rule": (
        PROCEDURE,
        '["3-02-03-02"]',
        '["3-99-03-02"]',
        '["3-99-03-02"]',
        "is not a rule question",
    ),
    "procedure_wrong_type": (
        PROCEDURE,
        'why = "The deposit',
        'why = 3 # "The deposit',
        "why = 3",
        "must be a string",
    ),
}


def apply_case(root, case: str) -> tuple[str, int, str]:
    rel, old, new, where, message = CASES[case]
    path = root / rel
    text = edit(path.read_text(encoding="utf-8"), old, new)
    path.write_text(text, encoding="utf-8")
    line = where if isinstance(where, int) else line_of(text, where)
    if case == "examples_missing_hand":
        line = line_of(text, "\n[[example]]\n") + 1
    if case == "names_duplicate_slug":
        line += 2  # the second slug
    return rel, line, message


@pytest.mark.slow  # 25 builds of a scratch copy
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_broken_curated_file_stops_the_build_with_file_line(case, project_copy, capsys):
    before = snapshot(project_copy, ("catalog", "generated", "site/docs", "sources"))
    rel, line, message = apply_case(project_copy, case)
    edited = snapshot(project_copy, ("catalog", "generated", "site/docs", "sources"))
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {rel}:{line}: "), err
    assert message in err, err
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert snapshot(project_copy, ("catalog", "generated", "site/docs", "sources")) == edited
    assert edited != before


def test_a_curated_file_that_is_not_utf8_names_its_line(project_copy, capsys):
    path = project_copy / NAMES
    data = path.read_bytes().split(b"\n")
    data[9] += b"\xff"
    path.write_bytes(b"\n".join(data))
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    assert capsys.readouterr().err.startswith(f"error: {NAMES}:10: not UTF-8 (byte 0xff)")


def test_names_accept_every_name_form():
    names = catalog.parse_names(
        '["3-02-01"]\nzh = "一發"\nslug = "ippatsu"\nromaji = "Ippatsu"\nen = "x"\n'
        'name_en = "One-shot"\nja = "一発"\nkana = "イッパツ"\n'
        'romaji_aliases = ["ipatsu", "ippatu"]\nja_aliases = ["一発"]\nen_aliases = []\n'
        'zh_aliases = ["一发"]\n'
    )
    n = names["3-02-01"]
    assert (n.name_en, n.ja, n.kana) == ("One-shot", "一発", "イッパツ")
    assert n.romaji_aliases == ("ipatsu", "ippatu") and n.zh_aliases == ("一发",)


def test_examples_accept_unknown_keys_for_future_expectations():
    examples = catalog.parse_examples(
        '[[example]]\nyaku = "3-02-01"\nhand = "123567m456p789s11z"\nwin = "5m"\n'
        'holds = true\nexpect = { value = "b", han = 1 }\n'
    )
    assert examples[0]["expect"] == {"value": "b", "han": 1}


def test_an_example_whose_yaku_the_sources_lost_is_left_out_with_a_warning(built_catalog):
    doc = catalog.parse_toml(
        b'[[example]]\nyaku = "3-99-01"\nhand = "11z"\nholds = true\n', "x.toml"
    )
    warnings: list[str] = []
    assert catalog.examples_from(doc, built_catalog, warnings) == []
    assert warnings == ["x.toml:2: example 1: no yaku '3-99-01'; the example is left out"]
    with pytest.raises(CuratedError, match=re.escape("x.toml:2: example 1: no yaku")):
        catalog.examples_from(doc, built_catalog)


def test_toml_lines_follow_tables_arrays_and_quoted_keys():
    text = (
        '# comment [[example]]\n[["a"]]\nx = 1\n[[a]]\n"y.z" = 2\ns = """\nq = 3\n"""\n'
        "[b.'c']\nd = { e = 1 }\n"
    )
    doc = catalog.parse_toml(text.encode(), "t.toml")
    assert doc.line("a", 0) == 2 and doc.line("a", 0, "x") == 3
    assert doc.line("a", 1, "y.z") == 5 and doc.line("a", 1, "s") == 6
    assert doc.line("a", 1, "q") == 4  # inside a multi-line string: not a key
    assert doc.line("b", "c", "d", "e") == 10


def test_error_messages_quote_at_most_80_characters():
    long_key = "k" * 5000
    with pytest.raises(CuratedError) as e:
        catalog.parse_names(f'["3-02-01"]\nslug = "ippatsu"\n{long_key} = "x"\n')
    assert len(str(e.value)) < 400
    assert "k" * 81 not in str(e.value)


@pytest.mark.slow  # a whole build of a scratch copy
def test_a_name_for_a_yaku_the_catalog_lacks_is_a_warning_with_its_line(project_copy, capsys):
    path = project_copy / NAMES
    text = path.read_text(encoding="utf-8") + '\n["3-99-01"]\nslug = "nowhere"\n'
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 0
    err = capsys.readouterr().err
    line = line_of(text, '["3-99-01"]')
    assert f"warning: {NAMES}:{line}: 3-99-01 is not a yaku of the catalog" in err
