"""The build writes and removes only its own files inside the tree (issue #23): symbolic
links on output paths are refused, only files a build of this checkout wrote are removed,
the no-op stamp sees tool folders inside the outputs, and an interrupted build's change
report survives a failing next build."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from yakubook import build as b
from yakubook.build import JOURNAL, OUTPUT_LIST, run

FOLDERS = ("catalog", "generated", "site/docs", "sources")


@pytest.mark.slow  # whole builds of a scratch copy
def test_a_symlinked_folder_inside_site_docs_is_refused(project_copy, tmp_path, capsys):
    outside = tmp_path / "outside"
    shutil.move(project_copy / "site" / "docs" / "sections", outside)
    (project_copy / "site" / "docs" / "sections").symlink_to(outside)
    victim = sorted(outside.glob("*.md"))[0]
    victim.write_text("precious, not the build's\n", encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: site/docs/sections: is a symbolic link")
    assert "Traceback" not in err
    assert victim.read_text(encoding="utf-8") == "precious, not the build's\n"


@pytest.mark.slow  # whole builds of a scratch copy
def test_site_docs_itself_a_symlink_is_refused_and_nothing_there_removed(
    project_copy, tmp_path, capsys
):
    outside = tmp_path / "elsewhere"
    shutil.move(project_copy / "site" / "docs", outside)
    mine = outside / "mine.txt"
    mine.write_text("someone else's file\n", encoding="utf-8")
    (project_copy / "site" / "docs").symlink_to(outside)
    before = {p.name for p in outside.iterdir()}
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    assert capsys.readouterr().err.startswith("error: site/docs: is a symbolic link")
    assert mine.exists() and {p.name for p in outside.iterdir()} == before


@pytest.mark.slow  # whole builds of a scratch copy
def test_only_files_a_build_wrote_are_removed(project_copy, capsys):
    stray = project_copy / "site" / "docs" / "stray.md"
    stray.write_text("# not the build's\n", encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 0
    err = capsys.readouterr().err
    assert "warning: site/docs/stray.md: no longer generated, but not made by a build" in err
    assert stray.exists()
    # A file the last build wrote (in its output list) and this one no longer makes goes.
    listed = json.loads((project_copy / OUTPUT_LIST).read_text(encoding="utf-8"))
    assert "site/docs/index.md" in listed and "site/docs/stray.md" not in listed
    (project_copy / OUTPUT_LIST).write_text(json.dumps([*listed, "site/docs/stray.md"]), "utf-8")
    assert run(project_copy, check=False) == 0
    assert "  site/docs/stray.md (removed)" in capsys.readouterr().out
    assert not stray.exists()


@pytest.mark.slow  # whole builds of a scratch copy
def test_a_tool_folder_inside_site_docs_is_seen_by_the_no_op_check(project_copy, capsys):
    assert run(project_copy, check=False, reuse=True) == 0
    assert run(project_copy, check=True, reuse=True) == 0
    cache = project_copy / "site" / "docs" / "node_modules" / "left.js"
    cache.parent.mkdir()
    cache.write_text("x\n", encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=True, reuse=True) == 1
    assert "site/docs/node_modules/left.js (no longer generated)" in capsys.readouterr().out


@pytest.mark.slow  # whole builds of a scratch copy
def test_an_interrupted_builds_report_is_printed_even_when_the_next_build_fails(
    project_copy, capsys
):
    # A journal as a build killed after its commit point leaves it: one staged file, its
    # hash, and the change report it had not printed yet.
    rel = "site/docs/index.md"
    data = (project_copy / rel).read_bytes()
    (project_copy / "site" / "docs" / ".tmp-index.md").write_bytes(data)
    journal = {
        "publish": [["site/docs/.tmp-index.md", rel, hashlib.sha256(data).hexdigest()]],
        "remove": [],
        "report": ["changes: 1 yaku renamed (the interrupted build's report)"],
    }
    (project_copy / JOURNAL).write_text(json.dumps(journal), encoding="utf-8")
    names = project_copy / "catalog" / "names.toml"
    names.write_text(names.read_text(encoding="utf-8") + "\n[broken\n", encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    captured = capsys.readouterr()
    assert "changes: 1 yaku renamed (the interrupted build's report)" in captured.out
    assert "error: catalog/names.toml:" in captured.err
    assert not (project_copy / JOURNAL).exists()


def test_refuse_symlinks_names_the_first_link_on_the_path(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b").symlink_to(tmp_path)
    with pytest.raises(b.SymlinkRefused) as e:
        b.refuse_symlinks(tmp_path, ["a/b/c/d.md"])
    assert e.value.rel == "a/b"
    b.refuse_symlinks(tmp_path, ["a/c/d.md"])  # no link on the path: nothing raised


@pytest.mark.slow  # whole builds of a scratch copy
def test_a_damaged_catalog_json_is_a_clear_error_for_build(project_copy, capsys):
    (project_copy / "catalog" / "catalog.json").write_text('{"stats": 1}\n', encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith('error: catalog/catalog.json: not a catalog: no "nodes" list')
    assert len(err.splitlines()) == 1
