"""`make test` relies on `--dist loadgroup` to keep tests that share a costly fixture or
write the checkout's build folder (the wheel, the Pyodide page, the name search) on one
worker. pytest 9.2 with pytest-xdist 3.8 silently stopped grouping (the tests then ran on
both workers at once: twice the work, and two builds of the checkout deleting each other's
files). This runs a small suite the way `make test` runs ours and checks that a group
stays on one worker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SUITE = '''
import os
import pathlib
import time

import pytest

OUT = pathlib.Path(__file__).with_name("workers")


def record(name):
    with OUT.open("a") as f:
        f.write(f"{name} {os.environ['PYTEST_XDIST_WORKER']}\\n")
    time.sleep(0.2)


@pytest.mark.xdist_group("shared")
@pytest.mark.parametrize("i", range(6))
def test_grouped(i):
    record(f"grouped{i}")


@pytest.mark.parametrize("i", range(6))
def test_free(i):
    record(f"free{i}")
'''


@pytest.mark.slow  # a pytest run of its own with two workers: make test runs it
def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_suite.py").write_text(SUITE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "loadgroup",
         "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = dict(line.split() for line in (tmp_path / "workers").read_text().splitlines())
    assert len(rows) == 12
    grouped = {w for name, w in rows.items() if name.startswith("grouped")}
    assert len(grouped) == 1, rows
    # the rest is shared out, so a run that put everything on one worker proves nothing
    assert set(rows.values()) == {"gw0", "gw1"}, rows
