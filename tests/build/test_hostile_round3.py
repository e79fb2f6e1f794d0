"""Hostile inputs, round 3 (issue #42), the command line's and the build's side: a
terminal that shows only ASCII, a tree holding huge files, special files and links, a
damaged generated/, a read-only tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.build.conftest import copy_built
from tests.conftest import copy_project

ROOT = Path(__file__).resolve().parents[2]
WIN = ROOT / "examples" / "win.json"


def yakubook(*args: str, cwd: Path = ROOT, timeout: float = 300,
             **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *args],
        capture_output=True, text=True, timeout=timeout, cwd=cwd,
        env={**os.environ, **env}, errors="strict",
    )


# -- point 7: PYTHONIOENCODING=ascii ------------------------------------------------------


@pytest.mark.parametrize("command", [("evaluate", str(WIN)), ("status",)],
                         ids=["evaluate", "status"])
def test_an_ascii_terminal_gets_escapes_not_a_traceback(command):
    proc = yakubook(*command, PYTHONIOENCODING="ascii")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == ""
    assert proc.stdout.isascii()
    # every line a UTF-8 terminal gets, with what ASCII lacks escaped
    wide = yakubook(*command, PYTHONIOENCODING="utf-8")
    expected = wide.stdout.encode("ascii", "backslashreplace").decode("ascii")
    assert proc.stdout == expected
    assert "\\u" in proc.stdout  # the yaku's Chinese names were there, escaped


@pytest.mark.parametrize("command", [("evaluate", str(WIN), "--json"), ("status", "--json")],
                         ids=["evaluate", "status"])
def test_json_for_an_ascii_terminal_parses_to_the_same_data(command):
    proc = yakubook(*command, PYTHONIOENCODING="ascii")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.isascii()
    wide = yakubook(*command, PYTHONIOENCODING="utf-8")
    assert json.loads(proc.stdout) == json.loads(wide.stdout)


# -- point 3: a damaged generated/ ---------------------------------------------------------


def build_in(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`yakubook build` of the copy with the copy's own package (PYTHONPATH): its
    yakubook/generated links to its generated/, as a checkout's install maps it."""
    link = copy / "yakubook" / "generated"
    if not link.exists():
        link.symlink_to(Path("..") / "generated")
    return yakubook("build", "--root", str(copy), *args, cwd=copy, PYTHONPATH=str(copy))


def conflict(text: str) -> str:
    at = text.index("\nclass ")
    return text[:at] + "\n<<<<<<< HEAD\nX = 1\n=======\nX = 2\n>>>>>>> theirs\n" + text[at:]


@pytest.mark.slow  # builds the whole project in a scratch copy (make test runs it)
@pytest.mark.parametrize(
    ("module", "damage"),
    [("s3_13.py", None), ("s3_13.py", conflict), ("__init__.py", None)],
    ids=["module deleted", "module conflicted", "init deleted"],
)
def test_a_damaged_generated_folder_is_repaired_by_a_build(project_copy, module, damage):
    path = project_copy / "generated" / module
    intact = path.read_text(encoding="utf-8")
    if damage is None:
        path.unlink()
    else:
        path.write_text(damage(intact), encoding="utf-8")
    check = build_in(project_copy, "--check")
    assert check.returncode == 1, check.stderr[-2000:]
    assert "Traceback" not in check.stderr and f"  generated/{module}\n" in check.stdout
    proc = build_in(project_copy)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert proc.stdout.endswith(f"wrote 1 file(s):\n  generated/{module}\n")
    assert path.read_text(encoding="utf-8") == intact
    assert build_in(project_copy, "--check").returncode == 0


# -- point 2: what sits in the tree ---------------------------------------------------------

MEMORY_CAP = 1 << 30  # the child's address space: reading a huge file whole fails in it


def build_capped(copy: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """`yakubook build` of the copy (the installed package) with 1 GiB of address space:
    a file read whole beyond that is a MemoryError, not a slow success."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", "build", "--root", str(copy), *args],
        capture_output=True, text=True, timeout=timeout, cwd=copy, preexec_fn=cap,
    )


def refused_one_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    return proc.stderr


def outputs_of(copy: Path) -> dict[str, bytes]:
    return {p.relative_to(copy).as_posix(): p.read_bytes()
            for folder in ("catalog", "generated", "site/docs")
            for p in sorted((copy / folder).rglob("*")) if p.is_file()}


# Every test that uses ``built_tree`` carries this mark: `--dist loadgroup` then runs them
# on one worker, which builds the tree once (each worker built its own).
BUILT_TREE_GROUP = pytest.mark.xdist_group("hostile-built-tree")


@pytest.fixture(scope="module")
def built_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch copy of the project built (stamped) once, under the same memory cap: the
    tree each test below starts from (a build is deterministic, so one build serves them
    all; each test gets its own copy)."""
    copy = copy_project(tmp_path_factory.mktemp("built") / "project")
    first = build_capped(copy)
    assert first.returncode == 0, first.stderr[-2000:]
    return copy


@pytest.fixture()
def built_copy(built_tree: Path, tmp_path: Path) -> Path:
    """The built tree copied as it is (links as links, permission bits and the stamp kept:
    the stamp hashes contents and relative paths, so the next build replays, reading the
    whole tree)."""
    return copy_built(built_tree, tmp_path / "project")


def sparse(path: Path, size: int) -> None:
    with path.open("wb") as f:
        f.truncate(size)


@BUILT_TREE_GROUP
@pytest.mark.slow  # builds the whole project in a scratch copy (make test runs it)
@pytest.mark.parametrize(
    ("where", "plant", "says"),
    [
        ("sources/huge.txt", lambda p: sparse(p, 4 << 30),
         "sources/huge.txt: 4294967296 bytes, more than the 67108864 a build reads"),
        ("rulesets/zero.toml", lambda p: p.symlink_to("/dev/zero"),
         "rulesets/zero.toml: a link leaving the project tree (to '/dev/zero')"),
        ("catalog/zero.toml", lambda p: p.symlink_to("/dev/zero"),
         "catalog/zero.toml: is a symbolic link"),  # where the build writes: its words
        ("site/overrides/fifo", os.mkfifo,
         "site/overrides/fifo: a FIFO, not a regular file"),
        ("yakubook/engine/outside", lambda p: p.symlink_to("/etc"),
         "yakubook/engine/outside: a link leaving the project tree (to '/etc')"),
    ],
    ids=["4 GB file", "link to /dev/zero", "link among outputs", "FIFO",
         "link to a folder outside"],
)
def test_what_a_build_must_not_read_is_refused_in_one_line(built_copy, where, plant, says):
    project_copy = built_copy
    before = outputs_of(project_copy)
    path = project_copy / where
    path.parent.mkdir(parents=True, exist_ok=True)
    plant(path)
    for args in ((), ("--check",)):
        err = refused_one_line(build_capped(project_copy, *args, timeout=120))
        assert err.startswith(f"error: {says}"), err
    assert outputs_of(project_copy) == before


@BUILT_TREE_GROUP
@pytest.mark.slow  # builds the whole project in a scratch copy (make test runs it)
@pytest.mark.parametrize(
    ("where", "plant"),
    [
        ("huge.bin", lambda p: sparse(p, 4 << 30)),
        ("tests/zero", lambda p: p.symlink_to("/dev/zero")),
        ("tests/fifo", os.mkfifo),
    ],
    ids=["4 GB file at the root", "link to /dev/zero in tests", "FIFO in tests"],
)
def test_what_the_build_does_not_need_is_never_opened(built_copy, where, plant):
    project_copy = built_copy
    before = outputs_of(project_copy)
    path = project_copy / where
    path.parent.mkdir(parents=True, exist_ok=True)
    plant(path)
    proc = build_capped(project_copy, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.endswith("nothing changed\n")
    assert outputs_of(project_copy) == before


# -- point 9: a read-only tree with nothing to change ----------------------------------------


def read_only_build(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The build of the copy with the copy mounted read-only (a mount namespace of its own:
    as root, permission bits do not stop a write, a read-only mount does)."""
    script = (
        f'mount --bind "{copy}" "{copy}" && mount -o remount,bind,ro "{copy}" && '
        f'exec "{sys.executable}" -m yakubook.cli build --root "{copy}" {" ".join(args)}'
    )
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, timeout=300,
        cwd=copy, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


def can_mount_read_only(tmp: Path) -> bool:
    probe = tmp / "probe"
    probe.mkdir()
    try:
        proc = subprocess.run(
            ["unshare", "-m", "sh", "-c",
             f'mount --bind "{probe}" "{probe}" && mount -o remount,bind,ro "{probe}" && '
             f'! touch "{probe}/x" 2>/dev/null'],
            capture_output=True, timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0


@BUILT_TREE_GROUP
@pytest.mark.slow  # builds the whole project in a scratch copy (make test runs it)
@pytest.mark.parametrize("stamped", [True, False], ids=["stamped", "no stamp"])
def test_a_read_only_tree_with_nothing_to_change_exits_0(built_copy, tmp_path, stamped):
    if not can_mount_read_only(tmp_path):
        pytest.skip("no read-only bind mount here (unshare -m needs CAP_SYS_ADMIN)")
    project_copy = built_copy
    before = outputs_of(project_copy)
    if not stamped:
        (project_copy / ".yakubook-stamp.json").unlink()  # the full build runs
    proc = read_only_build(project_copy)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.endswith("nothing changed\n") and "Traceback" not in proc.stderr
    assert outputs_of(project_copy) == before
    # A change it would have to write is still one line, exit 2.
    names = project_copy / "catalog" / "names.toml"
    names.write_bytes(names.read_bytes().replace(b'en = "', b'en = "X', 1))
    proc = read_only_build(project_copy)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1
    assert "Read-only file system" in proc.stderr


def test_evaluate_a_fifo_nobody_writes_to_is_one_line_not_a_hang(tmp_path):
    fifo = tmp_path / "win.json"
    os.mkfifo(fifo)
    proc = yakubook("evaluate", str(fifo), timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"error: {fifo}: not valid JSON") and proc.stdout == ""
    assert proc.stderr.count("\n") == 1
