"""How the checkout stands in for the wheel's layout (issue #24): yakubook.generated is the
top-level generated package itself, yakubook.engine.data reads catalog/, and the CLI's refusals."""

from __future__ import annotations

import hashlib
import sys

import pytest

import catalog
from tests.conftest import ROOT
from yakubook import cli, generated
from yakubook.engine import data as catalog_data


def test_yaku_generated_is_the_generated_package_not_a_copy():
    import yakubook.generated
    import yakubook.generated.s3_13
    from yakubook.generated.s3_13 import KagaHyakumangoku1Total
    from yakubook.generated.s3_13 import KagaHyakumangoku1Total as Total

    assert yakubook.generated is generated
    assert yakubook.generated.s3_13 is generated.s3_13
    assert Total is KagaHyakumangoku1Total


def test_the_generated_sources_are_recorded_as_imported():
    files = sorted((ROOT / "generated").glob("*.py"))
    assert len(files) == 16  # __init__ and the 15 sections 3-02 … 3-16
    assert {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files
    } == generated.SOURCE_SHA256


def test_catalog_data_in_the_checkout_is_the_catalog_packages():
    assert not catalog_data.packaged()
    assert catalog_data.load_catalog() is catalog.load()
    assert catalog_data.read_text("families.toml") == (
        ROOT / "catalog" / "families.toml").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="not one of the engine's data files"):
        catalog_data.read_text("../sources/manifest.toml")


def test_status_english_verdicts_agree_with_the_translations():
    from catalog.translations import VERDICTS
    from yakubook.engine.status import EN_VERDICTS

    assert EN_VERDICTS == VERDICTS


def test_build_without_a_builder_module_names_the_extra(monkeypatch, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jieba" else real(name, *a))
    assert cli.missing_builder_modules() == ["jieba"]
    assert cli.main(["build", "--check"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("error: yakubook build needs the builder's dependencies (no module "
                            "jieba): pip install 'yakubook[build]'\n")


def test_build_outside_a_checkout_says_so(tmp_path, capsys):
    assert cli.main(["build", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: yakubook build runs in a checkout of the project")
    assert err.count("\n") == 1 and list(tmp_path.iterdir()) == []


def test_status_outside_a_checkout_prints_the_wheels_table(tmp_path, capsys):
    """From an installed wheel `yakubook status` reads the STATUS.json it ships: the table
    prints without the checkout-only parts (the examples' notes)."""
    from yakubook.status_cmd import run_status

    assert run_status(tmp_path, False) == 0
    out = capsys.readouterr().out
    assert "3-13-01" in out and "identifiers (catalog/identifiers.toml)" in out
    assert "example notes" not in out


def test_entering_a_checkout_does_not_ask_the_editable_install(monkeypatch, tmp_path):
    """The stages of this checkout are found in it; the editable install's record (its
    direct_url.json, read through importlib.metadata: ~20 ms of every start, issue #38)
    is asked only when neither the given root nor this package's checkout holds them."""
    from yakubook import checkout

    def no_asking() -> None:
        raise AssertionError("the editable install was asked")

    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(checkout, "installed_checkout", no_asking)
    checkout.enter(ROOT)
    assert str(ROOT) in sys.path

    elsewhere = tmp_path / "install"
    (elsewhere / "extract").mkdir(parents=True)
    monkeypatch.setattr(checkout, "ROOT", tmp_path / "no-stages")
    monkeypatch.setattr(checkout, "installed_checkout", lambda: elsewhere)
    checkout.enter(tmp_path / "no-stages")
    assert sys.path[-1] == str(elsewhere)


def test_a_wheels_data_is_read_from_its_folder(monkeypatch, tmp_path):
    """A wheel's data files sit in yakubook/engine/data/: read from that folder as it
    is on disk (importlib.resources, ~7 ms of every start, only for a zip; issue #38)."""
    fake = tmp_path / "data"
    fake.mkdir()
    (fake / "catalog.json").write_text('{"nodes": []}', encoding="utf-8")
    (fake / "families.toml").write_text("# the wheel's copy\n", encoding="utf-8")
    monkeypatch.setattr(catalog_data, "__file__", str(fake / "__init__.py"))
    monkeypatch.setitem(sys.modules, "importlib.resources", None)  # importing it fails
    assert catalog_data.packaged()
    assert catalog_data.read_text("families.toml") == "# the wheel's copy\n"
