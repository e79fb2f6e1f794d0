"""Files of a pinned npm package, fetched once with `npm pack` into build/ and checked.

    python -m render.npm_package axe-core      # fetch a package of PINNED into build/

The tarball `npm pack` downloads from the npm registry must match the pinned integrity
(`npm view NAME@VERSION dist.integrity`, sha512) byte for byte; only the files asked for
are kept, under build/NAME-VERSION/, with a stamp of the integrity they came from, so a
second call finds them and downloads nothing. Used for Pyodide (the house-rules page's
engine, render/house_rules_engine.py) and axe-core (the accessibility test,
tests/site/test_site_a11y_browser.py).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path


class FetchError(RuntimeError):
    pass


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    integrity: str  # `npm view NAME@VERSION dist.integrity`
    files: tuple[str, ...]  # paths inside the tarball's package/ folder

    @property
    def cache(self) -> Path:
        """Where the files live, relative to the project root."""
        return Path("build") / f"{self.name}-{self.version}"


AXE_CORE = Pin(
    "axe-core", "4.14.1",
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
    ("axe.min.js",),
)
PINNED = {AXE_CORE.name: AXE_CORE}


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def ensure(root: Path, pin: Pin, hint: str = "") -> Path:
    """The folder holding pin's files under root, fetched with `npm pack` when missing."""
    cache = root / pin.cache
    stamp = cache / ".integrity"
    if stamp.exists() and stamp.read_text() == pin.integrity and all(
        (cache / f).exists() for f in pin.files
    ):
        return cache
    spec = f"{pin.name}@{pin.version}"
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError(f"npm is needed once to fetch {spec}: install Node.js "
                         f"(apt-get install npm){hint}")
    with tempfile.TemporaryDirectory(prefix=f"{pin.name}-") as tmp:
        proc = subprocess.run(
            [npm, "pack", spec, "--pack-destination", tmp, "--silent"],
            capture_output=True, text=True, check=False,
        )
        tarballs = sorted(Path(tmp).glob("*.tgz"))
        if proc.returncode != 0 or len(tarballs) != 1:
            raise FetchError(f"npm pack {spec} failed: "
                             f"{(proc.stderr or proc.stdout).strip()[-500:]}")
        data = tarballs[0].read_bytes()
        got = integrity(data)
        if got != pin.integrity:
            raise FetchError(f"{pin.name}-{pin.version}.tgz: integrity {got} is not the "
                             f"pinned {pin.integrity}")
        cache.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{pin.name}-", dir=cache.parent))
        try:
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
                for name in pin.files:
                    try:
                        member = tar.extractfile(f"package/{name}")
                    except KeyError:
                        member = None
                    if member is None:
                        raise FetchError(f"{pin.name}-{pin.version}.tgz has no {name}")
                    (staging / name).write_bytes(member.read())
            (staging / ".integrity").write_text(pin.integrity)
            if cache.exists():
                shutil.rmtree(cache)
            os.replace(staging, cache)
        finally:
            if staging.exists():
                shutil.rmtree(staging)
    return cache


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.npm_package",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("package", choices=sorted(PINNED))
    parser.add_argument("--root", type=Path, default=Path("."))
    args = parser.parse_args(argv)
    pin = PINNED[args.package]
    try:
        print(f"{pin.name} {pin.version}: {ensure(args.root.resolve(), pin)}")
    except FetchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
