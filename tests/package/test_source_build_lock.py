"""Builds of one source tree take turns: `python -m build` writes its sdist staging folder
and egg-info into the tree, and two at once (two pytest workers, two `make`s) delete each
other's files. A CI run failed that way (FileNotFoundError on the staging SOURCES.txt)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from render.house_rules_engine import source_build_lock

TRY_LOCK = """
import fcntl, sys
with open(sys.argv[1], "a") as f:
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("held")
    else:
        print("free")
"""


def _other_process_sees(lock_file: Path) -> str:
    return subprocess.run([sys.executable, "-c", TRY_LOCK, str(lock_file)],
                          capture_output=True, text=True, check=True).stdout.strip()


def test_another_process_cannot_build_the_tree_while_one_builds(tmp_path: Path) -> None:
    lock_file = tmp_path / "build" / ".source-build.lock"
    with source_build_lock(tmp_path):
        assert _other_process_sees(lock_file) == "held"
    assert _other_process_sees(lock_file) == "free"
