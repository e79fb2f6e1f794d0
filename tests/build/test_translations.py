"""End to end: a source change marks exactly its translation stale in build and status."""

from __future__ import annotations

import json

import pytest

from tests.build.test_build_cli import CH000
from yakubook.build import run
from yakubook.status_cmd import run_status

# Each test runs whole builds of a scratch copy: slow (`make test` runs them; the fast
# suite stays under two minutes on two cores).
pytestmark = pytest.mark.slow

# 3-13-01-02 a, an intact line of chapter 000: 僅合計剛好100時成立
OPTION_LINE = "　　ａ　僅合計剛好100時成立\n"
CHANGED_LINE = "　　ａ　僅合計剛好100時才成立\n"


def test_source_option_change_marks_exactly_that_translation_stale(project_copy, capsys):
    assert run(project_copy, check=False) == 0
    capsys.readouterr()
    path = project_copy / CH000
    original = path.read_bytes()
    text = original.decode("utf-8")
    assert text.count(OPTION_LINE) == 1
    path.write_text(text.replace(OPTION_LINE, CHANGED_LINE), encoding="utf-8")

    # a stale translation never fails the build
    assert run(project_copy, check=False, accept=True) == 0
    out = capsys.readouterr().out
    went = [ln.strip() for ln in out.splitlines() if "translation went stale" in ln]
    assert went == [
        "translation went stale: 3-13-01-02/a 僅合計剛好100時成立 -> 僅合計剛好100時才成立"
    ]
    assert "translations (en): 1 stale, 0 missing of 1153" in out

    assert run_status(project_copy, as_json=True) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["translations"]["stale"] == ["3-13-01-02/a"]
    assert status["translations"]["missing"] == []
    assert status["translations"]["total"]["stale"] == 1
    assert status["translations"]["sections"]["3-13"]["stale"] == 1
    stale_yaku = {y for y, i in status["yaku"].items() if i["translation"]["stale"]}
    assert stale_yaku == {"3-13-01"}
    assert status["yaku"]["3-13-01"]["translation"]["stale"] == 1

    assert run_status(project_copy, as_json=False) == 0
    table = capsys.readouterr().out
    assert "stale translation: 3-13-01-02/a" in table
    row = next(ln for ln in table.splitlines() if ln.startswith("3-13-01 "))
    assert "stale" in row.split()[2]

    en = json.loads((project_copy / "catalog" / "catalog.en.json").read_text(encoding="utf-8"))
    node = next(n for n in en["nodes"] if n["id"] == "3-13-01-02")
    assert node["options"][0]["text"]["status"] == "stale"
    assert node["options"][0]["text"]["zh-Hant"] == "僅合計剛好100時才成立"
    assert en["counts"]["stale"] == 1

    # restore: current again, nothing to report, the checked-in outputs match
    path.write_bytes(original)
    assert run(project_copy, check=False, accept=True) == 0
    out = capsys.readouterr().out
    assert "translation" not in out
    assert run(project_copy, check=True) == 0


def test_malformed_translations_file_is_bad_input(project_copy, capsys):
    assert run(project_copy, check=False) == 0
    en_toml = project_copy / "catalog" / "translations" / "en.toml"
    text = en_toml.read_text(encoding="utf-8")
    before = (project_copy / "catalog" / "catalog.en.json").read_bytes()
    # give an entry an English text but the fingerprint of other Chinese
    target = '["3-02-01/content"]\n'
    line = text[: text.index(target)].count("\n") + 1
    start = text.index(target)
    fp_at = text.index("fp = ", start)
    bad = text[:fp_at] + 'fp = "0000000000000000"' + text[text.index("\n", fp_at):]
    en_toml.write_text(bad, encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: catalog/translations/en.toml:{line}: 3-02-01/content: fp is")
    assert "Traceback" not in err
    assert (project_copy / "catalog" / "catalog.en.json").read_bytes() == before
    assert run_status(project_copy, as_json=False) == 2


# 3-02-04 燕返(1): its body's whole docstring, one paragraph (the English edition's reading,
# catalog/translations/zh.toml's 3-02-04/reading1)
READING = '    """Ron on the tile another player discards to declare riichi."""\n'
CHANGED_READING = ('    """Ron on the tile another player discards to declare riichi, an open '
                   'riichi too."""\n')


def test_an_edited_reading_turns_its_chinese_stale_in_build_and_status(project_copy, capsys):
    """The Chinese edition's readings are bound to the English they translate (#41 point 3):
    after a body's docstring changes, the build and `yakubook status` report exactly that
    paragraph's Chinese stale, and the build still succeeds."""
    assert run(project_copy, check=False) == 0
    out = capsys.readouterr().out
    assert "translations (zh)" not in out  # every reading has its Chinese today
    body = project_copy / "yakubook" / "engine" / "bodies" / "s3_02.py"
    text = body.read_text(encoding="utf-8")
    assert text.count(READING) == 1
    body.write_text(text.replace(READING, CHANGED_READING), encoding="utf-8")

    assert run(project_copy, check=False) == 0
    out = capsys.readouterr().out
    went = [ln.strip() for ln in out.splitlines() if "went stale (zh)" in ln]
    assert len(went) == 1 and went[0].startswith(
        "translation went stale (zh): 3-02-04/reading1: the English changed since its Chinese "
        "was written (catalog/translations/zh.toml:"), went
    assert "translations (zh): 1 stale, 0 missing of " in out

    assert run_status(project_copy, as_json=True) == 0
    prose = json.loads(capsys.readouterr().out)["chinese_prose"]
    assert prose["stale"] == ["3-02-04/reading1"] and prose["missing"] == []
    assert run_status(project_copy, as_json=False) == 0
    assert "stale Chinese (the English changed since): 3-02-04/reading1" in capsys.readouterr().out


def test_a_malformed_chinese_translation_is_refused_with_file_and_line(project_copy, capsys):
    path = project_copy / "catalog" / "translations" / "zh.toml"
    text = path.read_text(encoding="utf-8")
    line = text.splitlines().index('["3-02-04/reading1"]') + 1
    path.write_text(text.replace('zh = "榮和他家為宣告立直而打出的牌。"', 'zh = 1', 1),
                    encoding="utf-8")
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert f"catalog/translations/zh.toml:{line}: 3-02-04/reading1: zh, fp and en must be " \
           "strings" in err, err
    assert "Traceback" not in err
