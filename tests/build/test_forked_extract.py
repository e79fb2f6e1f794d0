"""The extract stage in a forked child (while the parent prepares the later stages): the
same catalog and warnings as in-process, and any failure left to the parent, which then
fails exactly as an in-process build does."""

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
    delivered = []
    result = b._Child.result

    def recorded(self):
        value = result(self)
        delivered.append(value is not None)
        return value

    monkeypatch.setattr(b._Child, "result", recorded)
    return delivered


def test_the_child_delivers_the_catalog_the_process_would_build(project_copy, unprepared):
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
