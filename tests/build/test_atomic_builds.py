"""Builds publish all-or-nothing under a lock: kill -9 at any point, two builds at once,
permissions that follow the umask, leftovers removed and reported by --check."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.build.conftest import FOLDERS, REFERENCE_GROUP, copy_built, edit_source
from tests.build.test_build_cli import snapshot
from tests.conftest import ROOT
from yakubook.build import JOURNAL, leftovers, run

# Each test runs whole builds of a scratch copy: slow (`make test` runs them; the fast
# suite stays under two minutes on two cores).
pytestmark = pytest.mark.slow

# Runs `yakubook build` in a process of its own, with a hook that kills it with SIGKILL
# after its Nth staged file or its Nth file moved into place, or that holds the build lock
# until told to go on.
DRIVER = """
import os, signal, sys, time
from pathlib import Path
import yakubook.build as b
from yakubook.checkout import enter

root, mode, arg = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
enter(root)  # the stage packages (catalog, extract, render), as the CLI makes them importable
count = [0]
if mode == "kill-staging":
    write = b._write_new
    def staged(path, data):
        write(path, data)
        count[0] += 1
        if count[0] == int(arg):
            os.kill(os.getpid(), signal.SIGKILL)
    b._write_new = staged
elif mode == "kill-publish":
    replace = b._replace
    def moved(src, dst):
        replace(src, dst)
        if Path(dst).name != b.JOURNAL:
            count[0] += 1
            if count[0] == int(arg):
                os.kill(os.getpid(), signal.SIGKILL)
    b._replace = moved
elif mode == "hold":
    compute = b.compute
    def held(*a, **k):
        Path(arg + ".held").touch()
        while not Path(arg + ".go").exists():
            time.sleep(0.02)
        return compute(*a, **k)
    b.compute = held
sys.exit(b.run(root, check=False, accept=True))
"""


def start(tmp_path: Path, root: Path, mode: str, arg: str) -> subprocess.Popen[str]:
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, str(driver), str(root), mode, arg],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture()
def edited_pair(
    project_copy: Path, edited_reference: tuple[Path, dict[str, str]]
) -> tuple[Path, dict[str, str], dict[str, str]]:
    """The project with the source edit, not built yet; the outputs as they were and as
    a build that is never interrupted makes them (the shared reference)."""
    edit_source(project_copy)
    return project_copy, snapshot(project_copy, FOLDERS), edited_reference[1]


def modes(root: Path, rels) -> set[int]:
    return {stat.S_IMODE((root / rel).stat().st_mode) for rel in rels}


@REFERENCE_GROUP
def test_kill_9_while_staging_leaves_the_old_outputs_and_the_next_build_cleans_up(
    tmp_path, edited_pair, capsys
):
    root, before, reference = edited_pair
    proc = start(tmp_path, root, "kill-staging", "3")
    proc.communicate(timeout=600)
    assert proc.returncode == -signal.SIGKILL
    left = leftovers(root)
    assert len(left) == 3 and all(Path(p).name.startswith(".tmp-") for p in left)
    assert not (root / JOURNAL).exists()
    outputs = {k: v for k, v in snapshot(root, FOLDERS).items() if k not in left}
    assert outputs == before  # nothing published
    capsys.readouterr()
    assert run(root, check=True) == 1
    out = capsys.readouterr().out
    assert all(rel in out for rel in left)
    assert run(root, check=False, accept=True) == 0
    out = capsys.readouterr().out
    assert "recovered: removed 3 temporary file(s) of an interrupted build" in out
    assert "option changed: 3-13-01 b 役滿 -> 兩倍役滿" in out
    assert leftovers(root) == []
    assert snapshot(root, FOLDERS) == reference
    assert run(root, check=True) == 0


@REFERENCE_GROUP
def test_kill_9_while_publishing_is_finished_by_the_next_build_with_its_report(
    tmp_path, edited_pair, capsys
):
    root, before, reference = edited_pair
    proc = start(tmp_path, root, "kill-publish", "3")
    proc.communicate(timeout=600)
    assert proc.returncode == -signal.SIGKILL
    assert (root / JOURNAL).exists()
    mixed = snapshot(root, FOLDERS)
    assert mixed != before and mixed != reference  # killed half way: a mix on disk
    capsys.readouterr()
    assert run(root, check=True) == 1
    assert JOURNAL in capsys.readouterr().out
    # The catalog on disk is already the new one: only the journal still knows what the
    # source edit changed, and the next build reports it.
    assert run(root, check=False) == 0
    out = capsys.readouterr().out
    assert "recovered: an interrupted build is finished now" in out
    assert "option changed: 3-13-01 b 役滿 -> 兩倍役滿" in out
    assert not (root / JOURNAL).exists() and leftovers(root) == []
    assert snapshot(root, FOLDERS) == reference
    assert run(root, check=True) == 0


def test_a_second_build_while_one_runs_exits_2(tmp_path, project_copy, capsys):
    signal_base = str(tmp_path / "lock")
    proc = start(tmp_path, project_copy, "hold", signal_base)
    try:
        deadline = time.monotonic() + 600
        while not Path(signal_base + ".held").exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        capsys.readouterr()
        assert run(project_copy, check=False) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: another build is running in ")
        assert run(project_copy, check=True) == 2
    finally:
        Path(signal_base + ".go").touch()
        _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    capsys.readouterr()
    assert run(project_copy, check=False) == 0
    assert "nothing changed" in capsys.readouterr().out


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640)])
def test_written_files_follow_the_umask(project_copy, capsys, umask, mode):
    shutil.rmtree(project_copy / "generated")
    old = os.umask(umask)
    try:
        assert run(project_copy, check=False) == 0
    finally:
        os.umask(old)
    written = [
        line.strip()
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("  generated/")
    ]
    assert len(written) == 16
    assert modes(project_copy, written) == {mode}


def test_leftover_temporary_files_are_reported_then_removed(project_copy, capsys):
    stray = project_copy / "generated" / ".tmp-k2j3h4"  # as an older build's mkstemp left
    stray.write_bytes(b"half")
    capsys.readouterr()
    assert run(project_copy, check=True) == 1
    assert "generated/.tmp-k2j3h4 (a temporary file" in capsys.readouterr().out
    assert run(project_copy, check=False) == 0
    assert "removed 1 temporary file(s)" in capsys.readouterr().out
    assert not stray.exists()
    assert run(project_copy, check=True) == 0


@pytest.mark.parametrize(
    ("journal", "why"),
    [
        ("{not json", "not a journal of yakubook build"),
        ('{"publish": [[".tmp-x", "../../etc/passwd", "0"]], "remove": [], "report": []}',
         "'../../etc/passwd' is not an output of the build"),
        ('{"publish": [], "remove": ["/etc/passwd"], "report": []}',
         "'/etc/passwd' is not a generated file the build may remove"),
        ('{"publish": [["catalog/catalog.json", "generated/x.py", "0"]], "remove": [], '
         '"report": []}', "'generated/x.py' is not an output of the build"),
        # what a planted journal did before: delete hand-written files, exit 0
        ('{"publish": [], "remove": ["yakubook/engine/win.py"], "report": []}',
         "'yakubook/engine/win.py' is not a generated file"),
        ('{"publish": [], "remove": ["generated/../yaku/win.py"], "report": []}',
         "is not a generated file"),
        # a staged file whose content is not what the journal recorded
        ('{"publish": [["site/docs/.tmp-index.md", "site/docs/index.md", "' + "0" * 64
         + '"]], "remove": [], "report": []}', "'site/docs/.tmp-index.md' is not the file"),
    ],
)
def test_a_journal_that_is_not_ours_is_reported_and_ignored(project_copy, capsys, journal, why):
    (project_copy / JOURNAL).write_text(journal, encoding="utf-8")
    (project_copy / "site" / "docs" / ".tmp-index.md").write_text("planted", encoding="utf-8")
    before = snapshot(project_copy, (*FOLDERS, "yakubook"))
    del before["site/docs/.tmp-index.md"]  # a leftover temporary file: removed
    capsys.readouterr()
    assert run(project_copy, check=False) == 0
    err = capsys.readouterr().err
    assert f"warning: {JOURNAL} ignored, not executed: " in err and why in err
    assert not (project_copy / JOURNAL).exists()
    assert snapshot(project_copy, (*FOLDERS, "yakubook")) == before


def test_a_file_that_cannot_be_written_is_an_error_and_nothing_is_published(project_copy, capsys):
    if os.geteuid() == 0:
        # root writes into read-only folders; a file in the way of a folder still fails.
        shutil.rmtree(project_copy / "site" / "docs" / "sections")
        (project_copy / "site" / "docs" / "sections").write_text("in the way", encoding="utf-8")
    else:
        (project_copy / "site" / "docs" / "sections").chmod(0o555)
    edit_source(project_copy)
    before = snapshot(project_copy, ("catalog", "generated", "sources"))
    capsys.readouterr()
    assert run(project_copy, check=False, accept=True) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: site/docs/sections") and "Traceback" not in err
    assert snapshot(project_copy, ("catalog", "generated", "sources")) == before
    assert leftovers(project_copy) == [] and not (project_copy / JOURNAL).exists()


@REFERENCE_GROUP
def test_outputs_an_older_build_left_at_0600_get_normal_modes_without_a_rewrite(
    tmp_path, edited_reference, capsys
):
    from tests.build.test_build_cli import mtimes

    root = copy_built(edited_reference[0], tmp_path / "project")  # up to date already
    targets = ["catalog/catalog.json", "generated/s3_13.py", "site/docs/index.md"]
    for rel in targets:
        (root / rel).chmod(0o600)
    before = mtimes(root)
    old = os.umask(0o022)
    try:
        capsys.readouterr()
        assert run(root, check=False) == 0
    finally:
        os.umask(old)
    out = capsys.readouterr().out
    assert "permissions: 3 output(s) an older build left at 0600" in out
    assert "nothing changed" in out
    assert modes(root, targets) == {0o644}
    assert mtimes(root) == before
