"""`yakubook build` with nothing changed answers from its stamp, and only then.

The command line passes ``reuse=True``: a successful build stamps the project tree
(``tree_digest``); a later build or check of an identical tree prints the stamped summary
without computing anything. Any change to an input, an output or the code must send it
back to a full build, and ``--check`` must still find an edited output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import yakubook.build as b

pytestmark = pytest.mark.slow


def _no_compute(root: Path, accept: bool = False) -> b.BuildResult:
    raise AssertionError("the build computed although nothing changed")


def test_a_second_build_replays_and_a_change_rebuilds(project_copy, capsys, monkeypatch):
    root = project_copy
    assert b.run(root, check=False, reuse=True) == 0
    first = capsys.readouterr()
    assert (root / b.STAMP).exists()
    # Nothing changed: the summary comes from the stamp, compute is never called.
    with monkeypatch.context() as m:
        m.setattr(b, "compute", _no_compute)
        assert b.run(root, check=False, reuse=True) == 0
        again = capsys.readouterr()
        assert b.run(root, check=True, reuse=True) == 0
        checked = capsys.readouterr()
    assert again.out.endswith("nothing changed\n")
    assert again.err == first.err
    assert checked.out.splitlines()[-1] == b.CHECK_PASSED
    assert checked.out.splitlines()[:-1] == again.out.splitlines()[:-1]

    # A full build of the same tree prints the same summary.
    assert b.run(root, check=False) == 0
    full = capsys.readouterr()
    assert full.out == again.out and full.err == again.err

    # An edited output: the check must see it (no replay), and the build restores it.
    report = root / "catalog" / "REPORT.md"
    original = report.read_bytes()
    report.write_bytes(original + b"\nedited\n")
    assert b.run(root, check=True, reuse=True) == 1
    assert "catalog/REPORT.md" in capsys.readouterr().out
    assert b.run(root, check=False, reuse=True) == 0
    assert report.read_bytes() == original
    capsys.readouterr()

    # A stray file among the outputs is an orphan a replay would miss.
    stray = root / "generated" / "stray.py"
    stray.write_text("x = 1\n", encoding="utf-8")
    assert b.run(root, check=True, reuse=True) == 1
    assert "generated/stray.py" in capsys.readouterr().out
    stray.unlink()

    # An edited input (a curated file) is built again.
    names = root / "catalog" / "names.toml"
    names.write_bytes(names.read_bytes() + b"\n# a comment\n")
    calls = []
    compute = b.compute

    def counted(root: Path, accept: bool = False) -> b.BuildResult:
        calls.append(1)
        return compute(root, accept)

    monkeypatch.setattr(b, "compute", counted)
    assert b.run(root, check=False, reuse=True) == 0
    assert calls == [1]


def test_without_reuse_no_stamp_is_written(project_copy, capsys):
    assert b.run(project_copy, check=False) == 0
    assert not (project_copy / b.STAMP).exists()


def test_a_broken_stamp_means_a_full_build(project_copy, capsys, monkeypatch):
    (project_copy / b.STAMP).write_text("{not json", encoding="utf-8")
    calls = []
    compute = b.compute

    def counted(root: Path, accept: bool = False) -> b.BuildResult:
        calls.append(1)
        return compute(root, accept)

    monkeypatch.setattr(b, "compute", counted)
    assert b.run(project_copy, check=True, reuse=True) in (0, 1)
    assert calls == [1]
