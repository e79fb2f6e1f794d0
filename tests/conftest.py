"""Shared fixtures: the project root, the built catalog, a scratch copy of the project."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from yakubook.engine import _accel, evaluation

ROOT = Path(__file__).resolve().parent.parent

# Under the C engine a ruleset selects with its rows (yakubook/engine/selector_rows.py)
# from its first hand here, not its ROWS_AFTER-th: most tests evaluate a few hands a
# ruleset, and the rows must answer them (their translations are kept per test function:
# a ruleset's rows cost ~0.3 ms).
evaluation.ROWS_AFTER = 1


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def built_catalog() -> dict:
    """The catalog as a fresh build computes it (not the file on disk)."""
    from extract.build import build_catalog
    from yakubook.build import curate_procedure

    cat, _ = build_catalog(ROOT)
    curate_procedure(ROOT, cat)
    return cat


@pytest.fixture(scope="session")
def disk_catalog() -> dict:
    return json.loads((ROOT / "catalog" / "catalog.json").read_text(encoding="utf-8"))


def copy_project(dest: Path) -> Path:
    """A scratch copy of what a build reads and writes (no .venv, no site/public)."""
    for name in ("sources", "catalog", "generated", "yakubook", "site", "rulesets"):
        src = ROOT / name
        if src.exists():
            shutil.copytree(
                src, dest / name,
                ignore=shutil.ignore_patterns("__pycache__", "public", ".cache"),
            )
    # the outputs the committed build wrote: what a later build may remove
    shutil.copy2(ROOT / ".yakubook-outputs.json", dest / ".yakubook-outputs.json")
    return dest


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


# The engines of this checkout: the C accelerator (when built) and the pure-Python reference.
ENGINES = ["c", "python"] if _accel.speedups is not None else ["python"]


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest):
    """Runs the test once per engine (yakubook.engine._accel.use), restoring the one before."""
    before = _accel.ENGINE
    _accel.use(request.param)
    try:
        yield request.param
    finally:
        _accel.use(before)


# Scratch files (tmp_path, and the temporary files of the CLIs and browsers the tests start)
# go to a RAM file system when the machine has one with room and TMPDIR does not say
# otherwise: the suites make about 27,000 files (scratch copies of the project), and each
# created on this machine's disk cost 0.3-0.8 ms of CPU against 0.06 on tmpfs.
SCRATCH_RAM = Path("/dev/shm")
SCRATCH_RAM_ROOM = 2 << 30  # bytes free; a Docker default /dev/shm (64 MiB) is too small


def _scratch_in_ram() -> bool:
    try:
        free = os.statvfs(SCRATCH_RAM)
    except OSError:
        return False
    return free.f_bavail * free.f_frsize >= SCRATCH_RAM_ROOM and os.access(
        SCRATCH_RAM, os.W_OK | os.X_OK
    )


def pytest_configure(config: pytest.Config) -> None:
    # The controller runs this before pytest-xdist starts its workers, which inherit TMPDIR.
    if "TMPDIR" not in os.environ and _scratch_in_ram():
        os.environ["TMPDIR"] = str(SCRATCH_RAM)
        tempfile.tempdir = None  # gettempdir() reads TMPDIR again


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests first, each file's tests in their order. pytest-xdist hands the tests out
    in this order as the workers ask for more: long ones at the start, while short ones
    remain to fill whichever worker finishes its long ones first, so the two workers end
    together (with the browser groups last, one worker ran alone for minutes)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# YAKUBOOK_TEST_TIMELINE=FILE: each worker appends "worker start end nodeid" per test (its
# setup, call and teardown), to see where a run's wall time goes (docs/testing.md).
_TIMELINE = os.environ.get("YAKUBOOK_TEST_TIMELINE")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    if not _TIMELINE:
        return (yield)
    start = time.time()
    try:
        return (yield)
    finally:
        with open(_TIMELINE, "a", encoding="utf-8") as out:
            worker = os.environ.get("PYTEST_XDIST_WORKER", "master")
            out.write(f"{worker} {start:.3f} {time.time():.3f} {item.nodeid}\n")
