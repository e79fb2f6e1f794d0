"""Sources are locked to sources/manifest.toml: a changed chapter stops the build (exit 2,
with what it would change) unless accepted; losses are said loudly and listed first."""

from __future__ import annotations

import hashlib

import pytest

from tests.build.test_build_cli import CH000, snapshot
from yakubook.build import run

# Each case is a full build of a scratch copy (or two).
pytestmark = pytest.mark.slow

FOLDERS = ("catalog", "generated", "site/docs", "sources")


def cut_before(root, marker: str) -> None:
    """Cut chapter 000 at an entry boundary: everything from `marker`'s line on is gone."""
    path = root / CH000
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    path.write_text("\n".join(lines[: lines.index(marker)]), encoding="utf-8")


def test_a_chapter_cut_at_an_entry_boundary_stops_the_build(project_copy, capsys):
    cut_before(project_copy, "3-16-08　編織")
    edited = snapshot(project_copy, FOLDERS)
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.startswith(f"error: {CH000}: sha256 differs from sources/manifest.toml:")
    assert "yaku removed: 3-16-08 編織" in err and "yaku removed: 3-16-09 七喜" in err
    assert "rule removed: 3-16-09-03" in err
    assert "--accept-sources" in err and "Traceback" not in err
    assert captured.out == ""
    assert snapshot(project_copy, FOLDERS) == edited  # nothing written, manifest untouched


def test_check_also_refuses_a_changed_source(project_copy, capsys):
    cut_before(project_copy, "（如果有七喜，且需要計算符數）")
    capsys.readouterr()
    assert run(project_copy, check=True) == 2
    err = capsys.readouterr().err
    assert "rule removed: 3-16-09-02" in err and "rule removed: 3-16-09-03" in err


def test_accepting_a_source_that_lost_entries_says_so_first(project_copy, capsys):
    manifest = project_copy / "sources" / "manifest.toml"
    old_manifest = manifest.read_text(encoding="utf-8")
    old_hash = hashlib.sha256((project_copy / CH000).read_bytes()).hexdigest()
    cut_before(project_copy, "3-16-08　編織")
    new_hash = hashlib.sha256((project_copy / CH000).read_bytes()).hexdigest()
    capsys.readouterr()
    assert run(project_copy, check=False, accept=True) == 0
    captured = capsys.readouterr()
    assert f"accepted: {CH000}" in captured.out
    err_lines = captured.err.splitlines()
    assert err_lines[:6] == [
        "warning: the accepted source(s) LOSE 5 entries of the catalog:",
        "  yaku removed: 3-16-08 編織",
        "  yaku removed: 3-16-09 七喜",
        "  rule removed: 3-16-09-01 數牌的數字的限制 (of 3-16-09)",
        "  rule removed: 3-16-09-02 手牌的符 (of 3-16-09)",
        "  rule removed: 3-16-09-03 聽牌形的符 (of 3-16-09)",
    ]
    changes = captured.out[captured.out.index("changes:") :].splitlines()
    assert changes[1].startswith("  yaku removed: 3-16-08")
    # The manifest now locks the new bytes; only that hash changed.
    new_manifest = manifest.read_text(encoding="utf-8")
    assert new_manifest == old_manifest.replace(old_hash, new_hash)
    capsys.readouterr()
    assert run(project_copy, check=False) == 0
    assert "nothing changed" in capsys.readouterr().out
    assert run(project_copy, check=True) == 0


def test_accepting_an_edit_prints_it_down_to_the_option(project_copy, capsys):
    path = project_copy / CH000
    path.write_text(
        path.read_text(encoding="utf-8").replace("　　ｂ　役滿\n", "　　ｂ　兩倍役滿\n", 1),
        encoding="utf-8",
    )
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert "option changed: 3-13-01 b 役滿 -> 兩倍役滿" in err
    assert run(project_copy, check=False, accept=True) == 0
    captured = capsys.readouterr()
    assert "option changed: 3-13-01 b 役滿 -> 兩倍役滿" in captured.out
    assert "LOSE" not in captured.err
