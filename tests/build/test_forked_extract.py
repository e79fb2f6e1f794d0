"""The extract stage with its slow half (reading and repairing the sources) in a forked
child, while the parent prepares the later stages: the same catalog and warnings as
in-process, and any failure left to the parent, which then fails exactly as an in-process
build does."""

from __future__ import annotations

import pytest

import yakubook.build as b
from extract.build import SourceError, build_catalog
from tests.build.test_limits import ANCHOR, put


def extract(root):
    """The extract stage as `compute` runs it."""
    child = b._start_extract(root)
    try:
        return b._finish_extract(root, child)
    finally:
        if child is not None:
            child.stop()


@pytest.fixture()
def unprepared(monkeypatch):
    """This process as at the start of `yakubook build`: the stages not yet prepared, so
    the extract stage forks; records what the child delivered."""
    monkeypatch.setattr(b, "_prepared", False)
    # A build process has one thread; this test process may hold others (the site tests'
    # Playwright driver, started once per worker, keeps asyncio's child-watcher thread
    # alive), which would make the build extract here, not in a child.
    monkeypatch.setattr(b.threading, "active_count", lambda: 1)
    delivered = []
    result = b._Child.result

    def recorded(self):
        value = result(self)
        delivered.append(value is not None)
        return value

    monkeypatch.setattr(b._Child, "result", recorded)
    return delivered


def test_a_forked_extract_gives_the_in_process_catalog(project_copy, unprepared):
    forked = extract(project_copy)
    assert unprepared == [True]
    assert b._prepared
    assert forked == build_catalog(project_copy)
    assert extract(project_copy) == forked  # prepared now: extracts in-process
    assert unprepared == [True]


def test_an_error_in_the_sources_is_raised_by_the_parent_as_in_process(
    project_copy, unprepared
):
    line = put(project_copy, ANCHOR, ANCHOR[:8] + "\x7f" + ANCHOR[8:])
    with pytest.raises(SourceError) as in_process:
        build_catalog(project_copy)
    with pytest.raises(SourceError) as forked:
        extract(project_copy)
    assert unprepared == [False]  # the child delivered nothing; the parent raised
    assert str(forked.value) == str(in_process.value)
    assert f":{line}: control character U+007F" in str(forked.value)


def test_a_child_that_dies_leaves_the_extract_to_the_parent(
    project_copy, unprepared, monkeypatch
):
    def dies(root):
        import os

        os._exit(3)  # only ever called in the child: the parent's extract is the real one

    start = b._Child.start
    monkeypatch.setattr(b._Child, "start", classmethod(lambda cls, fn, *a: start(dies, *a)))
    assert extract(project_copy) == build_catalog(project_copy)
    assert unprepared == [False]


CH001 = "sources/001_7783a00915196066.txt"  # the manifest lists chapter 002 before it
CH002 = "sources/002_1ff6d0e04e9c8d25.txt"


def test_damage_is_raised_where_a_chapter_by_chapter_build_meets_it(
    project_copy, unprepared, monkeypatch
):
    # The child repairs every chapter ahead of the rest of the extract stage; damage it
    # cannot read is still raised in the chapters' order, after an earlier chapter's own
    # error, as the in-process build raises it.
    def forked(root):
        monkeypatch.setattr(b, "_prepared", False)
        return extract(root)

    path = project_copy / CH001
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[5].startswith("?。")
    lines[5] = lines[5].replace("?。", "?。😀", 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    damage = f"{CH001}:6: character '😀' cannot be part of a damaged run"
    for run in (build_catalog, forked):
        with pytest.raises(SourceError, match="^" + damage):
            run(project_copy)
    path = project_copy / CH002
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(3, "ZZZ")
    path.write_text("\n".join(lines), encoding="utf-8")
    for run in (build_catalog, forked):
        with pytest.raises(SourceError, match=f"^{CH002}:4: line of unknown shape"):
            run(project_copy)
    assert unprepared == [True, True]  # the child repaired; the parent raised in order
