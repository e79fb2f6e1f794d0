"""The wheel outside the checkout (issue #24): `python -m build` makes an sdist and a wheel;
installed into a clean venv with nothing but the wheel, from another directory, the engine,
`yakubook evaluate` and `yakubook status` answer what the checkout answers, and no builder
package and no generic top-level name comes with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from render.house_rules_engine import build_distributions
from tests.conftest import ROOT

# One worker builds the wheel and its venv (the `dist` and `venv` fixtures), not both
# (`make test` runs pytest with --dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

HERE = Path(__file__).resolve().parent
# Distributions of the `build` extra and what they pull in; none may come with the wheel.
BUILDER_DISTS = {"beautifulsoup4", "opencc-python-reimplemented", "jinja2", "mkdocs",
                 "mkdocs-material", "jieba", "markdown", "pygments", "pymdown-extensions",
                 "soupsieve", "markupsafe", "pyyaml", "click"}
GENERIC_NAMES = ("catalog", "generated", "extract", "render")


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}


def _run(args: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = _clean_env()
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"{args} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    proc = build_distributions(ROOT, out, env=_clean_env(), cwd=ROOT)
    assert proc.returncode == 0, f"python -m build failed:\n{proc.stdout}\n{proc.stderr}"
    return out


def _pip(venv: Path, *args: str) -> list[str]:
    """The checkout's pip acting on venv's interpreter (`pip --python`): the venv is made
    without pip (ensurepip's install of pip was most of the fixture's time), so it holds
    nothing but what is installed into it."""
    return [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), *args]


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("clean")
    _run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip",
          str(where / "v")], cwd=where)
    wheel = next(dist.glob("*.whl"))
    # --no-index: the plain install needs nothing but the wheel itself
    _run(_pip(where / "v", "install", "-q", "--no-index", str(wheel)), cwd=where)
    return where / "v"


def test_build_makes_an_sdist_and_a_wheel_with_only_project_names(dist: Path) -> None:
    (sdist,) = dist.glob("yakubook-*.tar.gz")
    # A platform wheel: it carries the C accelerator built by this machine's gcc (#27).
    (wheel,) = dist.glob("yakubook-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        assert [n for n in names if n.startswith("yakubook/engine/_speedups.") and
        n.endswith(".so")]
        top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
        assert top == {"yakubook"}
        for needed in ("yakubook/py.typed", "yakubook/engine/data/catalog.json",
        "yakubook/engine/data/families.toml",
                       "yakubook/generated/__init__.py", "yakubook/generated/s3_13.py",
                       "yakubook/engine/bodies/s3_13.py"):
            assert needed in names
        # the generated code itself, not the checkout's alias of it
        assert zf.read("yakubook/generated/s3_13.py") == (ROOT / "generated/s3_13.py").read_bytes()
        assert zf.read("yakubook/engine/data/catalog.json") == (
            ROOT / "catalog/catalog.json").read_bytes()
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    plain = [line for line in metadata.splitlines()
             if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert plain == []
    # the builder's extra as ranges (requirements.lock pins the exact versions `make` uses)
    assert 'Requires-Dist: mkdocs<2,>=1.6; extra == "build"' in metadata
    with tarfile.open(sdist) as tar:
        members = {m.name.split("/", 1)[1] for m in tar.getmembers() if "/" in m.name}
    assert {"setup.py", "pyproject.toml", "generated/s3_13.py", "catalog/catalog.json",
            "catalog/families.toml", "yakubook/engine/bodies/s3_13.py"} <= members


def test_clean_venv_lists_no_builder_package(venv: Path) -> None:
    listed = json.loads(_run(_pip(venv, "list", "--format=json"), cwd=venv).stdout)
    names = {d["name"].lower() for d in listed}
    assert "yakubook" in names
    assert not names & BUILDER_DISTS
    show = _run(_pip(venv, "show", "yakubook"), cwd=venv).stdout
    requires = [line for line in show.splitlines() if line.startswith("Requires:")]
    assert requires == ["Requires: "] or requires == ["Requires:"]
    code = f"import importlib.util as u; print([n for n in {GENERIC_NAMES!r} if u.find_spec(n)])"
    assert _run([str(venv / "bin/python"), "-c", code], cwd=venv).stdout.strip() == "[]"


def test_evaluate_cli_outside_the_checkout_matches_the_checkout(venv: Path, tmp_path: Path
                                                                ) -> None:
    win = tmp_path / "win.json"
    win.write_bytes((ROOT / "examples/win.json").read_bytes())
    got = _run([str(venv / "bin/yakubook"), "evaluate", str(win), "--json"], cwd=tmp_path)
    want = _run([str(ROOT / ".venv/bin/yakubook"), "evaluate", str(win), "--json"],
                cwd=ROOT)
    assert got.stdout == want.stdout
    # 55666777888999m won on 9m by tsumo: 加賀百萬石 (sum 100, the rule's 100 exactly) and
    # 四連刻 (four consecutive triplets), from the rule text of 3-13-01 and 3-11-02
    ids = [a["id"] for a in json.loads(got.stdout)["yaku"]]
    assert ids == ["3-11-02", "3-13-01"]
    text = _run([str(venv / "bin/yakubook"), "evaluate", str(win)], cwd=tmp_path).stdout
    assert "3-13-01  加賀百萬石(1)  option b: yakuman" in text


def test_api_on_100_example_hands_matches_the_checkout(venv: Path, tmp_path: Path) -> None:
    import catalog

    wins = []
    for ex in catalog.examples()[:100]:
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", []),
               **ex.get("situation", {})}
        if "tsumo" in ex:
            obj["tsumo"] = ex["tsumo"]
        wins.append(obj)
    assert len(wins) == 100
    data = tmp_path / "wins.json"
    data.write_text(json.dumps(wins), encoding="utf-8")
    script = HERE / "evaluate_examples.py"
    got = json.loads(_run([str(venv / "bin/python"), str(script), str(data)],
                          cwd=tmp_path).stdout)
    want = json.loads(_run([sys.executable, str(script), str(data)], cwd=tmp_path).stdout)
    assert got["file"].startswith(str(venv)) and want["file"].startswith(str(ROOT))
    assert got["generated"] == "yakubook.generated"  # the wheel's own package, no alias
    assert got["all"] == ["Award", "InputError", "Result", "Ruleset", "Score", "Win", "evaluate",
                          "score"]
    assert got["results"] == want["results"]
    awarded = sum(1 for r in got["results"] if r.get("yaku"))
    assert awarded >= 50, awarded  # the examples mostly hold: the comparison is not vacuous


def test_status_outside_the_checkout_is_the_wheels_status(venv: Path, tmp_path: Path) -> None:
    got = _run([str(venv / "bin/yakubook"), "status", "--json"], cwd=tmp_path)
    want = json.loads(_run([str(ROOT / ".venv/bin/yakubook"), "status", "--json"],
                           cwd=ROOT).stdout)
    # The examples' note counts read the checkout's curated examples, and the Chinese
    # edition's prose its zh.toml and body sources, which the wheel does not carry;
    # everything else is the same status.
    assert "example_notes" in want and "chinese_prose" in want
    del want["example_notes"], want["chinese_prose"]
    assert json.loads(got.stdout) == want
    table = _run([str(venv / "bin/yakubook"), "status"], cwd=tmp_path).stdout
    assert table.startswith("id ") and "3-13-01" in table and "\ntotal " in table


def test_build_without_the_builder_says_which_extra_to_install(venv: Path, tmp_path: Path
                                                               ) -> None:
    proc = _run([str(venv / "bin/yakubook"), "build"], cwd=tmp_path, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "pip install 'yakubook[build]'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_installed_wheel_runs_the_accelerator(venv: Path, tmp_path: Path) -> None:
    out = _run([str(venv / "bin/yakubook"), "--version"], cwd=tmp_path).stdout
    assert out.strip() == "yakubook 0.1.0 (engine: c)"


def test_the_platform_wheel_repairs_to_a_manylinux_tag(dist: Path, tmp_path: Path) -> None:
    """`make dist`'s last step: auditwheel turns the linux_x86_64 wheel into a manylinux one
    (PyPI refuses a plain linux tag), with the same files inside."""
    (wheel,) = dist.glob("yakubook-*-linux_*.whl")
    bin_dir = Path(sys.executable).parent
    env = {**_clean_env(), "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.run([str(bin_dir / "auditwheel"), "repair", "--wheel-dir", str(tmp_path),
                           str(wheel)], env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (fixed,) = tmp_path.glob("yakubook-*.whl")
    assert "manylinux" in fixed.name and "linux_x86_64" not in fixed.name.replace(
        "manylinux", ""), fixed.name
    with zipfile.ZipFile(wheel) as before, zipfile.ZipFile(fixed) as after:
        def files(zf: zipfile.ZipFile) -> set[str]:
            return {n for n in zf.namelist() if ".dist-info/" not in n and not n.endswith("/")}
        assert files(after) == files(before)
