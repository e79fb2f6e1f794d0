"""`yakubook new-body` against a hostile tree (issue #42, points 4 and 6): a link planted
at the temporary name, a read-only folder, a full disk, a module with a syntax error, an
ID of 100,000 characters. Each ends in exit 2 and one line (no traceback), the module as
it was, no temporary file left, nothing written outside the tree."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.build.test_new_body import _remove_body
from yakubook.cli import main

MODULE = Path("yakubook") / "engine" / "bodies" / "s3_13.py"


def without_body(root: Path) -> Path:
    """The copy with 3-13-01's body taken out: new-body has something to write."""
    _remove_body(root, "s3_13", "3-13-01", "3-13-02", "KagaHyakumangoku1")
    return root / MODULE


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".tmp-"))


def refused_in_process(root: Path, capsys, *args: str) -> str:
    capsys.readouterr()
    assert main(["new-body", *args, "--root", str(root)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert len(captured.err.splitlines()) == 1
    return captured.err


def test_a_link_planted_at_the_temporary_name_is_not_followed(project_copy, tmp_path, capsys):
    module = without_body(project_copy)
    outside = tmp_path / "outside.txt"
    outside.write_text("not yours\n", encoding="utf-8")
    planted = module.with_name(f".tmp-{module.name}")  # the name new-body used to write to
    planted.symlink_to(outside)
    assert main(["new-body", "3-13-01", "--root", str(project_copy)]) == 0
    assert outside.read_text(encoding="utf-8") == "not yours\n"
    assert planted.is_symlink() and os.readlink(planted) == str(outside)
    assert '"3-13-01"' in module.read_text(encoding="utf-8")
    assert leftovers(module.parent) == [planted.name]  # only the planted link


def test_a_syntax_error_in_the_module_is_one_line(project_copy, capsys):
    module = without_body(project_copy)
    text = module.read_text(encoding="utf-8") + "\ndef broken(:\n"
    module.write_text(text, encoding="utf-8")
    line = text.count("\n")
    err = refused_in_process(project_copy, capsys, "3-13-01")
    assert err.startswith(f"error: {MODULE.as_posix()}:{line}: the module does not parse"), err
    assert module.read_text(encoding="utf-8") == text


def test_a_read_only_folder_is_one_line(project_copy, capsys, monkeypatch):
    # The tests run as root, for whom chmod does not make a folder read-only: the refusal
    # the system gives (EROFS) is raised where the temporary file is made.
    module = without_body(project_copy)
    before = module.read_bytes()

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    err = refused_in_process(project_copy, capsys, "3-13-01")
    assert err == f"error: {MODULE.as_posix()}: cannot write: Read-only file system\n"
    assert module.read_bytes() == before and leftovers(module.parent) == []


def test_a_full_disk_leaves_no_truncated_temporary_file(project_copy):
    # A file size limit makes the write fail part way, as a full disk does (EFBIG there,
    # ENOSPC here: the same OSError path).
    module = without_body(project_copy)
    before = module.read_bytes()
    limit = len(before) // 2

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = subprocess.run(
        [sys.executable, "-m", "yakubook.cli", "new-body", "3-13-01", "--root",
         str(project_copy)],
        capture_output=True, text=True, timeout=120, preexec_fn=small_files,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr == f"error: {MODULE.as_posix()}: cannot write: File too large\n"
    assert proc.stdout == ""
    assert module.read_bytes() == before and leftovers(module.parent) == []


def test_a_100000_character_id_is_quoted_short(capsys, root):
    err = refused_in_process(root, capsys, "3" * 100_000)
    assert len(err) < 300 and "3" * 81 not in err
