"""What the build tests share: a tree that a build which is never interrupted left up to
date, built once per worker instead of once per test that needs one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import copy_project
from yakubook.build import run

# The folders a build writes (and sources/, where it accepts a source edit).
FOLDERS = ("catalog", "generated", "site/docs", "sources")

# Every test that uses ``edited_reference`` carries this mark: `--dist loadgroup` then
# runs them on one worker, which builds the reference once.
REFERENCE_GROUP = pytest.mark.xdist_group("build-edited-reference")


def edit_source(root: Path) -> None:
    """One option's text changed in the sources: 3-13-01 b 役滿 -> 兩倍役滿."""
    from tests.build.test_build_cli import CH000  # that module imports this one

    path = root / CH000
    text = path.read_text(encoding="utf-8")
    assert "　　ｂ　役滿\n" in text
    path.write_text(text.replace("　　ｂ　役滿\n", "　　ｂ　兩倍役滿\n", 1), encoding="utf-8")


@pytest.fixture(scope="session")
def edited_reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The project with ``edit_source`` after a build that is never interrupted: its tree
    (up to date; tests copy it and never change it) and its outputs (``FOLDERS``)."""
    from tests.build.test_build_cli import snapshot

    root = copy_project(tmp_path_factory.mktemp("reference") / "project")
    edit_source(root)
    assert run(root, check=False, accept=True) == 0
    return root, snapshot(root, FOLDERS)


def copy_built(reference: Path, dest: Path) -> Path:
    """A copy of a built tree to change; copytree keeps the modes and mtimes."""
    shutil.copytree(reference, dest, symlinks=True)
    return dest
