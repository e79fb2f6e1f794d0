"""The command line a player types (issue #39): `show` finds a yaku by any name form and
prints its names, options, rule questions and a ruleset snippet; `list` filters;
`rules` lists the presets; unknown names get 'did you mean'; every argument is described,
`--help` points to the Win format, and the exit codes are documented."""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT
from yakubook import cli
from yakubook.engine import data

CATALOG = {node["id"]: node for node in data.load_catalog()["nodes"]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def names_entry(yaku_id: str) -> dict:
    return tomllib.loads((ROOT / "catalog/names.toml").read_text(encoding="utf-8"))[yaku_id]


# 超一發 (3-02-02) in every form catalog/names.toml gives, and as a player types them
CHOU_IPPATSU = names_entry("3-02-02")


@pytest.mark.parametrize("typed", [
    CHOU_IPPATSU["zh"],  # 超一發, the source's
    "超一发",  # Simplified
    CHOU_IPPATSU["ja"],  # 超一発
    CHOU_IPPATSU["kana"],  # チョウイッパツ
    "ちょういっぱつ",  # the kana in hiragana
    CHOU_IPPATSU["romaji"],  # Chou-ippatsu
    "Chō-ippatsu",  # with a macron
    "chou ippatsu",  # spaced, lower case
    "choippatsu",  # the macron left out
    CHOU_IPPATSU["name_en"],  # Super One Shot
    "super ippatsu",  # an English alias
    "3-02-02",  # the ID
    "3-02-02-01",  # a rule question's ID names its yaku
])
def test_show_finds_a_yaku_by_any_name(capsys, typed):
    code, out, err = run(capsys, "show", typed)
    assert (code, err) == (0, "")
    assert out.startswith("3-02-02  超一發")


def test_show_prints_names_options_questions_and_their_letters(capsys):
    code, out, _ = run(capsys, "show", "3-13-01")
    assert code == 0
    entry = names_entry("3-13-01")
    for form in (entry["zh"], entry["ja"], entry["kana"], entry["romaji"], entry["name_en"]):
        assert form in out
    for option in CATALOG["3-13-01"]["options"]:
        assert f"    {option['letter']}  {option['text']['zh-Hant']}" in out
    # the values in words: b 役滿 is yakuman, a 無 is off
    assert "    b  役滿  [yakuman]  (default)" in out
    assert "    a  無  [off]" in out
    questions = [n for n in CATALOG.values() if n["kind"] == "rule" and n["yaku"] == "3-13-01"]
    assert len(questions) == 3
    for question in questions:
        assert f"  {question['id']}  {question['name']['zh-Hant']}" in out
        for option in question["options"]:
            assert f"    {option['letter']}  {option['text']['zh-Hant']}" in out


@pytest.mark.parametrize("yaku_id", ["3-13-01", "3-02-02", "3-15-03", "3-08-01-07"])
def test_the_snippet_pastes_into_a_ruleset_as_the_defaults(capsys, yaku_id):
    from yakubook import Ruleset

    code, out, _ = run(capsys, "show", yaku_id)
    assert code == 0
    snippet = out.split("in a ruleset (the defaults; change the letters):\n", 1)[1]
    text = "\n".join(line[2:] for line in snippet.splitlines())
    pasted = Ruleset.from_toml(text, "pasted.toml")
    assert pasted.options[yaku_id] == Ruleset.default().options[yaku_id]
    # every key of the table is named: the value and each rule question
    table = tomllib.loads(text)["yaku"][yaku_id]
    questions = [n["id"] for n in CATALOG.values() if n["kind"] == "rule" and n["yaku"] == yaku_id]
    assert list(table) == ["value", *questions]


def test_show_an_unknown_name_suggests_the_closest(capsys):
    code, out, err = run(capsys, "show", "Super One Shoot")
    assert (code, out) == (2, "")
    assert err.startswith("error: no yaku is called 'Super One Shoot'")
    assert "did you mean 3-02-02 超一發 (Super One Shot)" in err
    assert err.count("\n") == 1


def test_list_a_section_is_the_catalogs_section(capsys):
    code, out, _ = run(capsys, "list", "--section", "3-06")
    assert code == 0
    want = [yid for yid, n in CATALOG.items() if n["kind"] == "yaku" and n["section"] == "3-06"]
    assert [line.split()[0] for line in out.splitlines()] == want
    assert run(capsys, "list", "--section", "3-6")[1] == out  # 3-6 is 3-06


def test_list_search_finds_names_and_meanings(capsys):
    # 紅孔雀(1) 3-05-02 and 紅孔雀(2) 3-07-01 are the Red Peacock (names.toml's name_en)
    code, out, _ = run(capsys, "list", "--search", "peacock")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == ["3-05-02", "3-07-01"]
    code, out, err = run(capsys, "list", "--search", "zzzz")
    assert (code, out) == (0, "") and err.startswith("no yaku matches")


def test_list_an_unknown_section_is_bad_input(capsys):
    code, out, err = run(capsys, "list", "--section", "3-99")
    assert (code, out) == (2, "")
    assert err.startswith("error: --section '3-99': no such section") and err.count("\n") == 1


def test_rules_lists_every_preset_with_its_name(capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0
    presets = sorted((ROOT / "rulesets").glob("*.toml"))
    lines = out.splitlines()
    assert len(lines) == len(presets) == 3
    for line, path in zip(lines, presets, strict=True):
        title = tomllib.loads(path.read_text(encoding="utf-8"))["ruleset"]["name"]
        assert re.match(rf"{re.escape(path.stem)} +{re.escape(title)} — \S", line)


# -- help --------------------------------------------------------------------------------------

class _Parsed(Exception):
    pass


def _parser(monkeypatch: pytest.MonkeyPatch) -> argparse.ArgumentParser:
    """The parser cli.main builds (caught as it starts parsing)."""
    def catch(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        raise _Parsed(self)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", catch)
    with pytest.raises(_Parsed) as caught:
        cli.main(["rules"])
    return caught.value.args[0]


def test_every_argument_of_every_command_is_described(monkeypatch):
    parser = _parser(monkeypatch)
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    undescribed = []
    for name, sub in commands.choices.items():
        helps = {c.dest: c.help for c in commands._choices_actions}
        if not helps.get(name):
            undescribed.append(name)
        for action in sub._actions:
            if action.help is None:  # argparse.SUPPRESS is a deliberate choice
                undescribed.append(f"{name} {action.option_strings or action.dest}")
    assert undescribed == []


def test_help_points_to_the_win_format_and_documents_the_exit_codes(capsys):
    for args in ([], ["evaluate"]):
        with pytest.raises(SystemExit) as done:
            cli.main([*args, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        (path,) = re.findall(r"\S+WIN_FORMAT\.md", out)
        assert Path(path).is_file()
        assert "0  done" in out and "1  `build --check` found something stale" in out
        assert "2  bad input" in out


def test_the_long_descriptions_examples_run(capsys):
    """docs/PYPI.md (the wheel's description) shows commands and a program: they work."""
    import shlex

    text = (ROOT / "docs/PYPI.md").read_text(encoding="utf-8")
    commands = re.findall(r"^yakubook (.+?)(?:\s+#.*)?$", text, flags=re.MULTILINE)
    assert len(commands) >= 4
    for command in commands:
        code, out, err = run(capsys, *shlex.split(command))
        assert (code, err) == (0, ""), command
        assert out, command
    (program,) = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    exec(compile(program, "PYPI.md", "exec"), {})
    assert capsys.readouterr().out == "['3-11-02', '3-13-01']\n"


def test_a_mistyped_command_says_what_was_meant(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["evalute", "x"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    # (the list of commands between them grows: another command may join it)
    assert "invalid choice: 'evalute'" in err
    assert err.endswith("; did you mean 'evaluate'?\n")


def test_new_body_of_a_mistyped_id_says_what_was_meant(capsys, tmp_path):
    code, out, err = run(capsys, "new-body", "3-13-1", "--root", str(ROOT))
    assert (code, out) == (2, "")
    assert "did you mean '3-13-01'" in err and err.count("\n") == 1
