"""`yakubook evaluate`: the README's example works; bad input is a clean exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from yaku.evaluation import evaluate
from yaku.rules import Ruleset
from yaku.win import Win

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


def test_python_api_matches_the_cli():
    import yaku

    win = Win.from_json(json.loads((ROOT / "examples" / "win.json").read_text()))
    result = yaku.evaluate(win, yaku.Ruleset.default())
    assert result.to_json() == evaluate(win, Ruleset.default()).to_json()
