"""Hostile inputs, round 3 (issue #42), the command line's and the build's side: a
terminal that shows only ASCII, a tree holding huge files, special files and links, a
damaged generated/, a read-only tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIN = ROOT / "examples" / "win.json"


def yakubook(*args: str, cwd: Path = ROOT, timeout: float = 300,
             **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *args],
        capture_output=True, text=True, timeout=timeout, cwd=cwd,
        env={**os.environ, **env}, errors="strict",
    )


# -- point 7: PYTHONIOENCODING=ascii ------------------------------------------------------


@pytest.mark.parametrize("command", [("evaluate", str(WIN)), ("status",)],
                         ids=["evaluate", "status"])
def test_an_ascii_terminal_gets_escapes_not_a_traceback(command):
    proc = yakubook(*command, PYTHONIOENCODING="ascii")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == ""
    assert proc.stdout.isascii()
    # every line a UTF-8 terminal gets, with what ASCII lacks escaped
    wide = yakubook(*command, PYTHONIOENCODING="utf-8")
    expected = wide.stdout.encode("ascii", "backslashreplace").decode("ascii")
    assert proc.stdout == expected
    assert "\\u" in proc.stdout  # the yaku's Chinese names were there, escaped


@pytest.mark.parametrize("command", [("evaluate", str(WIN), "--json"), ("status", "--json")],
                         ids=["evaluate", "status"])
def test_json_for_an_ascii_terminal_parses_to_the_same_data(command):
    proc = yakubook(*command, PYTHONIOENCODING="ascii")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.isascii()
    wide = yakubook(*command, PYTHONIOENCODING="utf-8")
    assert json.loads(proc.stdout) == json.loads(wide.stdout)
