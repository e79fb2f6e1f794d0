"""Swap two options of one menu in a copy of the sources: the curated names go stale.

3-10-04-01 (金門橋 役成立條件) reads `ａ 仅限门前` / `ｂ 鸣牌后也可`; swapping the two
texts keeps the letters but changes what each letter means, so the names closed_only (a)
and open_ok (b) no longer describe their options. `yakubook build` must say so, and
`yakubook status` (text and --json) must list both, like the stale body of 3-10-04.
"""

from __future__ import annotations

import json

import pytest

from yakubook.build import run
from yakubook.status_cmd import run_status

# Each test runs whole builds of a scratch copy: slow (`make test` runs them; the fast
# suite stays under two minutes on two cores).
pytestmark = pytest.mark.slow

CH003 = "sources/003_388799bb76bda1be.txt"
MENU = "3-10-04-01 役成立条件\nａ 仅限门前\nｂ 鸣牌后也可\n"
SWAPPED = "3-10-04-01 役成立条件\nａ 鸣牌后也可\nｂ 仅限门前\n"


def _line_of(text: str, table: str, needle: str) -> int:
    """The line of the first ``needle`` after the table header ``[table]``."""
    lines = text.splitlines()
    start = lines.index(f'["{table}"]')
    return next(i for i in range(start, len(lines)) if needle in lines[i]) + 1


def test_swapping_two_options_marks_their_names_stale(project_copy, capsys):
    assert run(project_copy, check=False) == 0
    capsys.readouterr()
    path = project_copy / CH003
    original = path.read_bytes()
    text = original.decode("utf-8")
    assert text.count(MENU) == 1
    path.write_text(text.replace(MENU, SWAPPED), encoding="utf-8")

    assert run(project_copy, check=False, accept=True) == 0
    out, err = capsys.readouterr()
    assert "option changed: 3-10-04-01 a 僅限門前 -> 鳴牌後也可" in out
    idents = (project_copy / "catalog" / "identifiers.toml").read_text(encoding="utf-8")
    line_a = _line_of(idents, "3-10-04-01", 'a = { name = "closed_only", text = "僅限門前"')
    stale = [ln for ln in err.splitlines() if "identifier stale" in ln]
    assert stale == [
        f"warning: identifier stale: catalog/identifiers.toml:{line_a}: 3-10-04-01 a "
        "closed_only is stale: named for '僅限門前', the text is now '鳴牌後也可'",
        f"warning: identifier stale: catalog/identifiers.toml:{line_a + 1}: 3-10-04-01 b "
        "open_ok is stale: named for '鳴牌後也可', the text is now '僅限門前'",
    ]
    assert "body of 3-10-04 is stale" in err
    # The stale names are still used (like a stale body, the code keeps running).
    generated = (project_copy / "generated" / "s3_10.py").read_text(encoding="utf-8")
    assert "CLOSED_ONLY = ('a', '鳴牌後也可')" in generated

    assert run_status(project_copy, as_json=True) == 0
    status = json.loads(capsys.readouterr().out)
    got = [(f["node"], f["letter"], f["name"]) for f in status["identifiers"]["stale"]]
    assert got == [("3-10-04-01", "a", "closed_only"), ("3-10-04-01", "b", "open_ok")]
    assert status["identifiers"]["missing"] == [] and status["identifiers"]["unknown"] == []
    assert status["yaku"]["3-10-04"]["status"] == "stale"
    assert run_status(project_copy, as_json=False) == 0
    table = capsys.readouterr().out
    assert "0 missing" in table and ", 2 stale," in table
    assert "3-10-04-01 a closed_only is stale" in table
    assert "3-10-04-01 b open_ok is stale" in table

    # Restoring the sources makes the original names fresh again.
    path.write_bytes(original)
    assert run(project_copy, check=False, accept=True) == 0
    out, err = capsys.readouterr()
    assert "identifier" not in err
    assert run_status(project_copy, as_json=True) == 0
    assert json.loads(capsys.readouterr().out)["identifiers"]["stale"] == []
