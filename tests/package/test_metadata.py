"""The public metadata as pyproject.toml declares it (fast; test_installs.py reads the built
wheel's): a license, a short description crediting the compendium, no test extra, no
exact pin, and the Makefile installs the test tools from their dependency group."""

from __future__ import annotations

import re
import tomllib

from tests.conftest import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_code_has_a_license_and_the_description_credits_the_compendium():
    project = PROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    description = (ROOT / project["readme"]).read_text(encoding="utf-8")
    assert project["readme"] != "README.md" and len(description) < 5000
    # the title, the chapter and its four parts as catalog/catalog.json names them
    assert "麻雀規則全集" in description and "chapter 3" in description
    parts = ("麻雀規則全集(5)", "麻雀规则全集(6)", "特殊役 (3-02 … 3-04)", "特殊役 (3-13 … 3-16)")
    for part in parts:
        assert part in description
    assert "repairs" in description
    assert any(c.startswith("Programming Language :: Python :: 3.11")
               for c in project["classifiers"])


def test_no_test_extra_and_no_exact_pin_in_the_public_metadata():
    project = PROJECT["project"]
    assert set(project["optional-dependencies"]) == {"build"}
    public = [*project["dependencies"], *project["optional-dependencies"]["build"]]
    assert not [r for r in public if "==" in r]
    # the exact versions live in requirements.lock and the test group
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    for requirement in PROJECT["dependency-groups"]["test"]:
        assert re.match(r"[\w-]+==[\w.]+$", requirement), requirement
        assert requirement.lower() in lock.lower()


def test_make_installs_the_builder_and_the_test_group_at_the_locked_versions():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install -q -c requirements.lock -e '.[build]' --group test" in makefile
