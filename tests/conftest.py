"""Shared fixtures: the project root, the built catalog, a scratch copy of the project."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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
    for name in ("sources", "catalog", "generated", "yaku", "site", "rulesets"):
        src = ROOT / name
        if src.exists():
            shutil.copytree(
                src, dest / name,
                ignore=shutil.ignore_patterns("__pycache__", "public", ".cache"),
            )
    return dest


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")
