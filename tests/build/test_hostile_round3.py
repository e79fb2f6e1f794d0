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


# -- point 3: a damaged generated/ ---------------------------------------------------------


def build_in(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`yakubook build` of the copy with the copy's own package (PYTHONPATH): its
    yakubook/generated links to its generated/, as a checkout's install maps it."""
    link = copy / "yakubook" / "generated"
    if not link.exists():
        link.symlink_to(Path("..") / "generated")
    return yakubook("build", "--root", str(copy), *args, cwd=copy, PYTHONPATH=str(copy))


def conflict(text: str) -> str:
    at = text.index("\nclass ")
    return text[:at] + "\n<<<<<<< HEAD\nX = 1\n=======\nX = 2\n>>>>>>> theirs\n" + text[at:]


@pytest.mark.parametrize(
    ("module", "damage"),
    [("s3_13.py", None), ("s3_13.py", conflict), ("__init__.py", None)],
    ids=["module deleted", "module conflicted", "init deleted"],
)
def test_a_damaged_generated_folder_is_repaired_by_a_build(project_copy, module, damage):
    path = project_copy / "generated" / module
    intact = path.read_text(encoding="utf-8")
    if damage is None:
        path.unlink()
    else:
        path.write_text(damage(intact), encoding="utf-8")
    check = build_in(project_copy, "--check")
    assert check.returncode == 1, check.stderr[-2000:]
    assert "Traceback" not in check.stderr and f"  generated/{module}\n" in check.stdout
    proc = build_in(project_copy)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert proc.stdout.endswith(f"wrote 1 file(s):\n  generated/{module}\n")
    assert path.read_text(encoding="utf-8") == intact
    assert build_in(project_copy, "--check").returncode == 0
