"""The engine the house-rules page runs: Pyodide (pinned, from the npm registry) and this
project's own wheel, the very file `pip install` installs, installed into the built site.

    python -m render.house_rules_engine [--root .] [--public site/public]

`make` runs it after `mkdocs build` (MkDocs empties site/public first). Nothing here is
committed: Pyodide's core files are fetched once with `npm pack` into build/ (checked
against the pinned integrity) and the wheel is rebuilt from the sources each time
(`python -m build`, sdist then wheel, timestamps fixed by SOURCE_DATE_EPOCH), so the page
and `pip install` run byte-identical engine code. The page unpacks the wheel (served as
engine.zip: a wheel is a zip) onto its sys.path, beside the small bridge yb_bridge.py.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from render import npm_package

PYODIDE_VERSION = "0.29.5"
# `npm view pyodide@0.29.5 dist.integrity`: the tarball must match it byte for byte.
PYODIDE_INTEGRITY = (
    "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
# Pyodide's core: enough for a stdlib-only package (no micropip, no wheels).
PYODIDE_FILES = (
    "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
# Node needs the ES module to build the start-up snapshot; the browser does not.
CACHE_FILES = (*PYODIDE_FILES, "pyodide.mjs")
CACHE = Path("build") / f"pyodide-{PYODIDE_VERSION}"
RUNTIME = Path("assets") / "house-rules" / "runtime"
ENGINE_ZIP = "engine.zip"
SNAPSHOT = "engine.snapshot"
BRIDGE = Path(__file__).parent / "templates" / "site" / "house_rules" / "yb_bridge.py"
MAKE_SNAPSHOT = BRIDGE.with_name("make_snapshot.mjs")
# The wheel's zip entries carry this date (1980-01-01, the earliest a zip can hold).
SOURCE_DATE_EPOCH = "315532800"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class EngineError(RuntimeError):
    pass


@contextlib.contextmanager
def source_build_lock(root: Path) -> Iterator[None]:
    """Held while `python -m build` runs on root: setuptools writes the sdist's staging
    folder (yakubook-<version>/) and yakubook.egg-info/ into root itself, so two builds of
    one tree at once delete each other's files. The lock lives in root's build/ folder,
    which setuptools uses anyway (and .gitignore skips)."""
    lock_dir = root / "build"
    lock_dir.mkdir(exist_ok=True)
    with open(lock_dir / ".source-build.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build_distributions(
    root: Path, outdir: Path, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m build --no-isolation --outdir outdir root` (the sdist, then the wheel
    from it), under root's source_build_lock; its output captured, never raising."""
    with source_build_lock(root):
        return subprocess.run(
            [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(outdir), str(root)],
            capture_output=True, text=True, check=False, env=env, cwd=cwd,
        )


def engine_wheel(root: Path) -> tuple[str, bytes]:
    """(file name, bytes) of the project's wheel built from root, as `python -m build`
    makes it (the sdist first, the wheel from the sdist, so nothing left in root's build/
    can slip in). It is the pure-Python wheel (YAKUBOOK_PURE_WHEEL, setup.py): Pyodide
    runs the pure engine, and a wheel without the C accelerator (yakubook/engine/_speedups.c) has
    the
    same bytes whatever the compiler."""
    with tempfile.TemporaryDirectory(prefix="yb-wheel-") as tmp:
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "YAKUBOOK_PURE_WHEEL": "1"}
        proc = build_distributions(root, Path(tmp), env=env, cwd=Path(tmp))
        wheels = sorted(Path(tmp).glob("*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            raise EngineError(f"python -m build {root} failed: "
                              f"{(proc.stderr or proc.stdout).strip()[-800:]}")
        return wheels[0].name, wheels[0].read_bytes()


def engine_zip(root: Path) -> bytes:
    """What the browser unpacks onto its sys.path: the wheel itself."""
    return engine_wheel(root)[1]


def ensure_pyodide(root: Path) -> Path:
    """The folder holding Pyodide's core files, fetched with `npm pack` when missing."""
    pin = npm_package.Pin("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY, CACHE_FILES)
    try:
        return npm_package.ensure(root, pin, hint=f", or put its core files in {root / CACHE}")
    except npm_package.FetchError as e:
        raise EngineError(str(e)) from None


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def snapshot(cache: Path, zip_bytes: bytes) -> bytes | None:
    """A gzip'd Pyodide memory snapshot with the engine imported, made with Node; None (the
    page then starts Pyodide the plain way) when Node is missing or the step fails.

    Not byte-identical from build to build: the interpreter's random seeds differ."""
    node = shutil.which("node")
    if node is None:
        print("note: node not found: no start-up snapshot (the checker starts slower)",
              file=sys.stderr)
        return None
    with tempfile.TemporaryDirectory(prefix="yb-snapshot-") as tmp:
        zip_path = Path(tmp) / ENGINE_ZIP
        zip_path.write_bytes(zip_bytes)
        out = Path(tmp) / "snapshot"
        proc = subprocess.run([node, str(MAKE_SNAPSHOT), str(cache.resolve()), str(zip_path),
                               str(BRIDGE), str(out)], capture_output=True, text=True,
                              check=False)
        if proc.returncode != 0 or not out.exists():
            print(f"note: no start-up snapshot: {(proc.stderr or proc.stdout).strip()[-400:]}",
                  file=sys.stderr)
            return None
        return gzip.compress(out.read_bytes(), compresslevel=6, mtime=0)


def install(root: Path, public: Path) -> dict[str, int]:
    """Write Pyodide and the engine zip into public/assets/house-rules/runtime/.

    Returns {file name: bytes}. Files whose bytes are already there are left alone."""
    if not (public / "index.html").exists():
        raise EngineError(f"{public}: no built site here (run mkdocs build first)")
    cache = ensure_pyodide(root)
    files = {name: (cache / name).read_bytes() for name in PYODIDE_FILES}
    wheel_name, files[ENGINE_ZIP] = engine_wheel(root)
    files[BRIDGE.name] = BRIDGE.read_bytes()
    snap = snapshot(cache, files[ENGINE_ZIP])
    if snap is not None:
        files[SNAPSHOT] = snap
    files["runtime.json"] = (json.dumps({
        "pyodide": PYODIDE_VERSION,
        "engine_wheel": wheel_name,
        "engine_sha256": hashlib.sha256(files[ENGINE_ZIP]).hexdigest(),
        "snapshot": SNAPSHOT if snap is not None else None,
    }, sort_keys=True, indent=1) + "\n").encode()
    dest = public / RUNTIME
    dest.mkdir(parents=True, exist_ok=True)
    if snap is None and (dest / SNAPSHOT).exists():
        (dest / SNAPSHOT).unlink()  # never a snapshot of an older engine
    for name, data in files.items():
        path = dest / name
        if not path.exists() or path.read_bytes() != data:
            tmp = path.with_name(f".tmp-{name}")
            tmp.write_bytes(data)
            os.replace(tmp, path)
    return {name: len(data) for name, data in sorted(files.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.house_rules_engine",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path("."))
    parser.add_argument("--public", type=Path, default=None, help="default: ROOT/site/public")
    parser.add_argument("--fetch-only", action="store_true",
                        help="only fetch Pyodide into build/ (for the tests)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        if args.fetch_only:
            print(f"pyodide {PYODIDE_VERSION}: {ensure_pyodide(root)}")
            return 0
        sizes = install(root, args.public or root / "site" / "public")
    except EngineError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    total = sum(sizes.values())
    snap = f", start-up snapshot {sizes[SNAPSHOT]:,} bytes" if SNAPSHOT in sizes else ""
    print(f"house-rules engine: pyodide {PYODIDE_VERSION} + {ENGINE_ZIP} (the wheel, "
          f"{sizes[ENGINE_ZIP]:,} bytes){snap}, {total:,} bytes in {RUNTIME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
