"""`make` installs the system packages the tests need (or says how), tested with fake probes.

The probes are Makefile variables, so these tests can point them at paths that do not
exist and an `apt-get` that only records its arguments, without touching the machine.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

PACKAGES = "chromium-headless-shell fonts-wqy-microhei"


@pytest.fixture()
def fake_apt(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "apt.log"
    script = tmp_path / "apt-get"
    script.write_text(f'#!/bin/sh\necho "$@" >> {log}\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, log


def make(root: Path, target: str, **variables: str) -> subprocess.CompletedProcess[str]:
    args = ["make", "-s", "-C", str(root), target] + [f"{k}={v}" for k, v in variables.items()]
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)


def missing(tmp_path: Path) -> dict[str, str]:
    return {"CHROMIUM": str(tmp_path / "no-chromium"), "CJK_FONT": str(tmp_path / "no-font")}


def test_as_root_missing_packages_are_installed_with_apt_get(root, tmp_path, fake_apt):
    apt, log = fake_apt
    result = make(root, "system", APT_GET=str(apt), USER_ID="0", **missing(tmp_path))
    assert result.returncode == 0, result.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    assert calls == ["update -qq", f"install -y -qq {PACKAGES}"]


def test_as_root_only_the_missing_package_is_installed(root, tmp_path, fake_apt):
    apt, log = fake_apt
    result = make(
        root, "system", APT_GET=str(apt), USER_ID="0", CHROMIUM=str(tmp_path / "no-chromium")
    )
    assert result.returncode == 0, result.stderr
    last = log.read_text(encoding="utf-8").splitlines()[-1]
    assert last == "install -y -qq chromium-headless-shell"


def test_a_failing_apt_get_stops_make(root, tmp_path):
    apt = tmp_path / "apt-get"
    apt.write_text("#!/bin/sh\nexit 100\n", encoding="utf-8")
    apt.chmod(0o755)
    result = make(root, "system", APT_GET=str(apt), USER_ID="0", **missing(tmp_path))
    assert result.returncode != 0


def test_not_root_prints_the_exact_command_in_one_line_and_fails(root, tmp_path, fake_apt):
    apt, log = fake_apt
    result = make(root, "system", APT_GET=str(apt), USER_ID="1000", **missing(tmp_path))
    assert result.returncode != 0
    ours = [ln for ln in result.stderr.splitlines() if not ln.startswith("make")]
    assert ours == [
        f"error: missing system packages: {PACKAGES}; install them with: "
        f"sudo apt-get update && sudo apt-get install -y {PACKAGES}"
    ]
    assert not log.exists()  # nothing was attempted


def test_nothing_is_installed_when_everything_is_present(root, tmp_path, fake_apt):
    apt, log = fake_apt
    present = tmp_path / "present"
    present.write_text("", encoding="utf-8")
    present.chmod(0o755)
    result = make(
        root, "system", APT_GET=str(apt), USER_ID="0", CHROMIUM=str(present), CJK_FONT=str(present)
    )
    assert result.returncode == 0, result.stderr
    assert not log.exists()


@pytest.mark.parametrize("target", ["all", "test", "build"])
def test_make_and_make_test_check_the_system_packages_first(root, tmp_path, target):
    # As a non-root user on a machine without chromium, every entry point stops at the
    # setup check with the command to run, before building or testing anything.
    result = make(root, target, USER_ID="1000", **missing(tmp_path))
    assert result.returncode != 0
    assert f"sudo apt-get install -y {PACKAGES}" in result.stderr


def test_ci_runs_just_the_readme_commands(root):
    readme = (root / "README.md").read_text(encoding="utf-8")
    quickstart = readme[readme.index("## Quickstart") :]
    start = quickstart.index("```sh") + len("```sh")
    block = quickstart[start : quickstart.index("```", start)]
    readme_commands = [ln.split("#")[0].strip() for ln in block.strip().splitlines()]
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    ci_commands = [
        ln.strip()
        for ln in ci.splitlines()
        if ln.strip() and not ln.lstrip().startswith("#") and not re.match(r"(set|cd) ", ln)
    ]
    # `make test` first: it checks the committed build before `make` rebuilds it.
    assert ci_commands == ["make test", "make"]
    assert set(ci_commands) == set(readme_commands)


def test_after_the_install_the_next_make_finds_everything(root, tmp_path):
    # An apt-get that "installs" by creating what the probes look for: the first make
    # installs, the second finds nothing missing and calls apt-get no more.
    chromium, font, log = tmp_path / "chromium", tmp_path / "font.ttc", tmp_path / "apt.log"
    apt = tmp_path / "apt-get"
    apt.write_text(
        f'#!/bin/sh\necho "$@" >> {log}\n'
        f'if [ "$1" = install ]; then touch {font}; printf "#!/bin/sh\\n" > {chromium}; '
        f"chmod +x {chromium}; fi\n",
        encoding="utf-8",
    )
    apt.chmod(0o755)
    probes = {"CHROMIUM": str(chromium), "CJK_FONT": str(font), "APT_GET": str(apt)}
    assert make(root, "system", USER_ID="0", **probes).returncode == 0
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2
    assert make(root, "system", USER_ID="1000", **probes).returncode == 0
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2


def test_the_c_toolchain_is_a_system_package_too(root, tmp_path, fake_apt):
    # gcc and the Python headers build yakubook/engine/_speedups.c (issue #27).
    apt, log = fake_apt
    present = tmp_path / "present"
    present.write_text("", encoding="utf-8")
    present.chmod(0o755)
    result = make(root, "system", APT_GET=str(apt), USER_ID="0", CHROMIUM=str(present),
                  CJK_FONT=str(present), C_COMPILER=str(tmp_path / "no-gcc"),
                  PYTHON_H=str(tmp_path / "no-Python.h"))
    assert result.returncode == 0, result.stderr
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "install -y -qq gcc python3-dev"
