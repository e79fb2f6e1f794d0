"""Every way pip installs yakubook works (issue #39): `pip install -e .` (the default editable
mode, no config settings), the strict editable mode, `pip install .`, the sdist, the wheel,
and the sdist built without a compiler (the pure wheel). Each goes into a fresh venv, and
from another directory the command line evaluates a hand typed in MPSZ under a preset by
name, lists the presets, shows a yaku, and the documented API answers.

The installs build from a copy of the checkout (a build writes build/, egg-info and, for an
editable install, the accelerator in place: never into the checkout the tests run from).
Each venv gets setuptools from a wheelhouse filled once from pip's cache and installs with
`--no-build-isolation --no-deps`, so nothing but the project is built or fetched.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("installs")]

# What a build reads; the rest of the checkout (tests, site, bench …) stays behind.
COPIED = ("pyproject.toml", "setup.py", "MANIFEST.in", "LICENSE", "requirements.lock",
          "docs", "generated", "catalog", "yakubook", "rulesets", "sources", "extract",
          "render")
IGNORED = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info", "public", ".cache")
GENERIC_NAMES = ("catalog", "generated", "extract", "render", "yaku")
PRESETS = ["everything-on", "open-friendly", "small-house"]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, **extra}


def _run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
         stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env or _env(), input=stdin,
                          capture_output=True, text=True, check=False, timeout=600)
    if proc.returncode != 0:
        raise AssertionError(f"{args} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return proc


def _copy_checkout(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=IGNORED)
        else:
            shutil.copy2(source, dest / name)
    return dest


def _pip(venv: Path, *args: str | Path, cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    """The checkout's pip acting on venv's interpreter (`pip --python`): a venv made
    without pip is ready in a fraction of the time ensurepip takes."""
    return _run([sys.executable, "-m", "pip", "--python", venv / "bin/python", *args],
                cwd=cwd, env=env)


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """setuptools, at the version the checkout builds with, as a wheel (pip's cache has
    it: `make` installed it)."""
    out = tmp_path_factory.mktemp("wheelhouse")
    version = metadata.version("setuptools")
    _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", out,
          f"setuptools=={version}"], cwd=out)
    return out


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory, wheelhouse: Path
               ) -> Callable[..., Path]:
    """A new venv holding setuptools alone (the build backend for --no-build-isolation), or
    nothing at all for a wheel's install (which builds nothing; ~1.5 s of CPU less)."""

    def make(name: str, setuptools: bool = True) -> Path:
        where = tmp_path_factory.mktemp(name) / "venv"
        _run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip",
              where], cwd=where.parent)
        if setuptools:
            _pip(where, "install", "-q", "--no-index", "--find-links", wheelhouse,
                 "setuptools", cwd=where.parent)
        return where

    return make


def _install(venv: Path, *target: str | Path, env: dict[str, str] | None = None) -> Path:
    _pip(venv, "install", "-q", "--no-build-isolation", "--no-deps", *target,
         cwd=venv.parent, env=env)
    return venv


@pytest.fixture(scope="module")
def editable_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy_checkout(tmp_path_factory.mktemp("editable") / "checkout")


@pytest.fixture(scope="module")
def build_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy_checkout(tmp_path_factory.mktemp("build") / "checkout")


@pytest.fixture(scope="module")
def dists(build_source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the platform wheel built from it (`python -m build --no-isolation`)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, build_source],
         cwd=out)
    return out


@pytest.fixture(scope="module")
def pure_wheel(dists: Path, tmp_path_factory: pytest.TempPathFactory,
               fresh_venv: Callable[..., Path]) -> Path:
    """The wheel pip builds from the sdist on a machine whose C compiler fails."""
    out = tmp_path_factory.mktemp("pure")
    (sdist,) = dists.glob("*.tar.gz")
    builder = fresh_venv("pure-builder")
    _pip(builder, "wheel", "-q", "--no-build-isolation", "--no-deps", "-w", out, sdist,
         cwd=out, env=_env(CC="false"))
    (wheel,) = out.glob("*.whl")
    return wheel


# -- one venv per install kind ---------------------------------------------------------------

@pytest.fixture(scope="module")
def editable(fresh_venv: Callable[..., Path], editable_source: Path) -> Path:
    # the default mode: no --config-settings (the issue's `ModuleNotFoundError: generated`)
    return _install(fresh_venv("editable"), "-e", editable_source)


@pytest.fixture(scope="module")
def editable_strict(fresh_venv: Callable[..., Path], editable_source: Path) -> Path:
    return _install(fresh_venv("strict"), "--config-settings", "editable_mode=strict",
                    "-e", editable_source)


@pytest.fixture(scope="module")
def from_tree(fresh_venv: Callable[..., Path], build_source: Path) -> Path:
    return _install(fresh_venv("tree"), build_source)


@pytest.fixture(scope="module")
def from_sdist(fresh_venv: Callable[..., Path], dists: Path) -> Path:
    return _install(fresh_venv("sdist"), next(dists.glob("*.tar.gz")))


@pytest.fixture(scope="module")
def from_wheel(fresh_venv: Callable[..., Path], dists: Path) -> Path:
    return _install(fresh_venv("wheel", setuptools=False), next(dists.glob("*.whl")))


@pytest.fixture(scope="module")
def from_pure_wheel(fresh_venv: Callable[..., Path], pure_wheel: Path) -> Path:
    return _install(fresh_venv("purewheel", setuptools=False), pure_wheel)


# kind -> the engine its install runs (the accelerator is compiled except without a compiler)
KINDS = {"editable": "c", "editable_strict": "c", "from_tree": "c", "from_sdist": "c",
         "from_wheel": "c", "from_pure_wheel": "python"}


@pytest.fixture(params=list(KINDS))
def installed(request: pytest.FixtureRequest) -> tuple[str, Path]:
    return request.param, request.getfixturevalue(request.param)


def test_it_runs_the_expected_engine(installed: tuple[str, Path], tmp_path: Path) -> None:
    kind, venv = installed
    out = _run([venv / "bin/yakubook", "--version"], cwd=tmp_path).stdout
    assert out.strip() == f"yakubook 0.1.0 (engine: {KINDS[kind]})"


def test_it_evaluates_a_typed_hand_under_a_preset_from_another_directory(
        installed: tuple[str, Path], tmp_path: Path) -> None:
    _, venv = installed
    # rulesets/small-house.toml: others off, 四連刻 (3-11-02) on at option e (yakuman);
    # 666 777 888 999m are four consecutive triplets, and 加賀百萬石 (3-13-01) is off.
    out = _run([venv / "bin/yakubook", "evaluate", "55666777888999m", "--win", "9m", "--tsumo",
                "--seat", "S", "--rules", "small-house", "--json"], cwd=tmp_path).stdout
    result = json.loads(out)
    assert [(a["id"], a["option"]) for a in result["yaku"]] == [("3-11-02", "e")]
    # under the documented defaults 加賀百萬石 holds too (5+5+6*3+7*3+8*3+9*3 = 100)
    out = _run([venv / "bin/yakubook", "evaluate", "55666777888999m", "--win", "9m", "--tsumo",
                "--seat", "S", "--json"], cwd=tmp_path).stdout
    assert [a["id"] for a in json.loads(out)["yaku"]] == ["3-11-02", "3-13-01"]


def test_it_lists_the_presets_and_shows_a_yaku(installed: tuple[str, Path],
                                                tmp_path: Path) -> None:
    _, venv = installed
    lines = _run([venv / "bin/yakubook", "rules"], cwd=tmp_path).stdout.splitlines()
    assert [line.split()[0] for line in lines] == PRESETS
    shown = _run([venv / "bin/yakubook", "show", "Kaga Hyakuman-goku"], cwd=tmp_path).stdout
    assert shown.startswith("3-13-01  加賀百萬石(1)")
    assert '[yaku."3-13-01"]' in shown


def test_the_api_answers_and_no_generic_name_is_installed(installed: tuple[str, Path],
                                                          tmp_path: Path) -> None:
    _, venv = installed
    # The installed names first: an editable install's engine puts its checkout's stage
    # folders on sys.path when it reads the catalog there (yakubook/checkout.py).
    code = ("import importlib.util as u, json\n"
            f"importable = [n for n in {GENERIC_NAMES!r} if u.find_spec(n)]\n"
            "from yakubook import Ruleset, Win, evaluate\n"
            "win = Win.make('55666777888999m', '9m', tsumo=True, seat_wind='S')\n"
            "result = evaluate(win, Ruleset.load(None))\n"
            "print(json.dumps([[a.id for a in result.yaku], importable]))")
    ids, importable = json.loads(_run([venv / "bin/python", "-c", code], cwd=tmp_path).stdout)
    assert ids == ["3-11-02", "3-13-01"]
    assert importable == []


def test_an_editable_install_reads_the_checkouts_presets(editable_strict: Path,
                                                         editable_source: Path,
                                                         tmp_path: Path) -> None:
    """No copy made at install time: a preset added to the checkout is listed at once."""
    added = editable_source / "rulesets" / "zz-test.toml"
    added.write_text('# Only a test.\n[ruleset]\nname = "Test"\n', encoding="utf-8")
    try:
        out = _run([editable_strict / "bin/yakubook", "rules"], cwd=tmp_path).stdout
    finally:
        added.unlink()
    assert out.splitlines()[-1].split() == ["zz-test", "Test", "—", "Only", "a", "test."]


# -- what the distributions are --------------------------------------------------------------

def _metadata(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as zf:
        return zf.read(next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
                       ).decode()


def test_the_platform_wheel_carries_the_accelerator_the_pure_one_none(
        dists: Path, pure_wheel: Path) -> None:
    (wheel,) = dists.glob("*.whl")
    assert not wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert [n for n in zf.namelist() if n.endswith(".so")]
    # built where the compile failed: no accelerator, so no platform tag either
    assert pure_wheel.name == "yakubook-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(pure_wheel) as zf:
        assert not [n for n in zf.namelist() if n.endswith(".so")]
        assert "Root-Is-Purelib: true" in zf.read("yakubook-0.1.0.dist-info/WHEEL").decode()


def test_the_wheel_ships_the_presets_and_names(dists: Path) -> None:
    (wheel,) = dists.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    for preset in PRESETS:
        assert f"yakubook/engine/data/rulesets/{preset}.toml" in names
    assert "yakubook/engine/data/names.toml" in names
    assert "yakubook-0.1.0.dist-info/licenses/LICENSE" in names


def test_the_public_metadata(dists: Path) -> None:
    text = _metadata(next(dists.glob("*.whl")))
    head, _, description = text.partition("\n\n")
    assert "License-Expression: MIT" in head
    assert "License-File: LICENSE" in head
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in head
    assert "Description-Content-Type: text/markdown" in head
    # the test tools are no extra, and no requirement is pinned to one version
    assert 'extra == "test"' not in head and "Provides-Extra: test" not in head
    requires = [line for line in head.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and not [line for line in requires if "==" in line.split(";")[0]]
    # a short description that credits the compendium, not the checkout's README
    assert "麻雀規則全集" in description and "3-02 … 3-16" in description
    assert len(description) < 5000 < len((ROOT / "README.md").read_text(encoding="utf-8"))
