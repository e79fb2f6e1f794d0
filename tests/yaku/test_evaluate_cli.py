"""`yakubook evaluate`: the README's and the guide's example works (tests/docs runs every
one); bad input is a clean exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_readme_example_evaluates_as_json():
    r = cli("evaluate", "examples/win.json", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) >= {"yaku", "interpretation"}
    for y in out["yaku"]:
        assert set(y) >= {"id", "name", "value"}


def test_readme_example_as_text_with_a_ruleset():
    r = cli("evaluate", "examples/win.json", "--rules", "rulesets/small-house.toml")
    assert r.returncode == 0, r.stderr
    assert "interpretation:" in r.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"hand": "123m456p789s11z", "win": "1z", "tsumoo": true}', "tsumoo"),
        ('{"hand": "123m456p789s11q", "win": "1z"}', "11q"),
        ('{"hand": "11111m456p789s11z", "win": "1z"}', "1m"),
        ('{"hand": "13579m2468p13579s", "win": "1m"}', "not a complete hand"),
        ('["a list"]', "JSON object"),
    ],
)
def test_bad_win_files_exit_2_without_traceback(tmp_path, content, message):
    path = tmp_path / "win.json"
    path.write_text(content, encoding="utf-8")
    r = cli("evaluate", str(path))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert message in r.stderr and r.stderr.startswith("error: ")


def test_bad_rules_file_exits_2(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text('[yaku."3-99-99"]\nvalue = "b"\n', encoding="utf-8")
    r = cli("evaluate", "examples/win.json", "--rules", str(rules))
    assert r.returncode == 2 and "3-99-99" in r.stderr and "Traceback" not in r.stderr
    r = cli("evaluate", str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "cannot read" in r.stderr


@pytest.mark.parametrize("rules, ids", [
    # 四連刻 (666 777 888 999m) and 加賀百萬石 (all manzu, 55 666 777 888 999m sums to
    # 10 + 18 + 21 + 24 + 27 = 100) under the defaults; the small house set has 四連刻 only
    (None, ["3-11-02", "3-13-01"]),
    ("rulesets/small-house.toml", ["3-11-02"]),
])
def test_python_api_matches_the_cli(rules, ids):
    """The documented API (``from yakubook import evaluate, Win, Ruleset``) answers what the
    command line prints for the same hand and rules: the CLI runs in its own process."""
    from yakubook import Ruleset as PublicRuleset
    from yakubook import Win as PublicWin
    from yakubook import evaluate as public_evaluate

    args = ["evaluate", "examples/win.json", "--json"] + (["--rules", rules] if rules else [])
    r = cli(*args)
    assert r.returncode == 0, r.stderr
    printed = json.loads(r.stdout)
    win = PublicWin.from_json(json.loads((ROOT / "examples" / "win.json").read_text()))
    ruleset = PublicRuleset.load(ROOT / rules if rules else None)
    mine = public_evaluate(win, ruleset, score=True).to_json()
    printed.pop("engine", None)  # which engine the CLI ran: not part of the result
    assert printed == mine
    assert [a["id"] for a in printed["yaku"]] == ids
    assert printed["score"]["payment"]["total"] == mine["score"]["payment"]["total"] > 0
