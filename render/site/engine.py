"""The engine a build's pages ask (what an example awards, how a body reads its rule): the
engine of *that build's* catalog and generated code, never an older one (issue #24).

The build imports the engine before the stubs stage has written the new generated/ (it
cannot write anything before the whole build succeeds), so when a source change alters the
generated code, the engine in this process is the previous build's: its examples would show
the old values and the next `yakubook build --check` would find those pages stale.
``of_build`` therefore compares the staged outputs with the code this process imported; when
they differ (or the built tree's yakubook/engine/ is other code), the questions go to a worker
process that
imports the engine from a staging folder holding the new generated/ and catalog data, ahead
of the built tree on its sys.path. Both paths answer through the same functions below and
pass the answers through JSON, so a page is the same bytes whichever path computed it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# The worker's program (`-m render.site.engine` would import this module twice).
_SERVE = "import sys; from render.site.engine import serve; sys.exit(serve())"
# The catalog files the engine reads (yakubook.engine.data.FILES) that a build does not write.
_CATALOG_INPUTS = ("families.toml", "names.toml")


# ------------------------------------------------------------- questions, in any process


def compute_awards(example: dict[str, Any]) -> list[tuple[str, dict[str, Any] | None]] | None:
    """(value letter, awarded value or None) for every value option that is not 無, the
    example's pinned rule options applied; None when the engine cannot evaluate it."""
    try:
        from yakubook import generated
        from yakubook.engine import registry
        from yakubook.engine.award import is_none, rank
        from yakubook.engine.decompose import interpretations
        from yakubook.engine.view import HandView
        from yakubook.engine.win import Win
    except Exception:  # the engine is optional for rendering
        return None
    yid = example["yaku"]
    info = generated.REGISTRY.get(yid)
    try:
        registry.load_bodies()
        if info is None or yid not in registry.BODIES:
            return None
        obj = {"hand": example["hand"], "win": example["win"],
               "melds": example.get("melds", []), **example.get("situation", {})}
        if "tsumo" in example:
            obj["tsumo"] = example["tsumo"]
        win = Win.from_json(obj)
        changes = {}
        for rule_id, letter in example.get("options", {}).items():
            field, menu, _ = info.rules[rule_id]
            changes[field] = next(m for m in menu if m.letter == letter)
        base = dataclasses.replace(info.options(), **changes)
        out: list[tuple[str, dict[str, Any] | None]] = []
        views = [HandView(win, i) for i in interpretations(win)]
        for menu_item in type(base.value):
            if is_none(info.values[menu_item.letter]):
                continue
            opts = dataclasses.replace(base, value=menu_item)
            awards = [a for a in (registry.call(yid, v, opts) for v in views) if a is not None]
            best = max(awards, key=lambda a: rank(a.value)) if awards else None
            out.append((menu_item.letter, dict(best.value) if best else None))
        return out
    except Exception:  # an example the engine rejects is shown without computed awards
        return None


def compute_readings(yaku_ids: list[str]) -> dict[str, str]:
    """Each implemented body's docstring, through the registry (raises when the engine
    cannot be imported: the caller says so)."""
    from yakubook.engine import registry

    registry.load_bodies()
    return {yid: (inspect.getdoc(body.fn) or "").strip()
            for yid, body in sorted(registry.BODIES.items()) if yid in yaku_ids}


def _plain(value: Any) -> Any:
    """The answer as JSON gives it back (tuples become lists), on both paths alike."""
    return json.loads(json.dumps(value, ensure_ascii=False, sort_keys=True))


# ------------------------------------------------------------------------ the two paths


class InProcess:
    """The engine this process imported: its generated code is the build's."""

    def awards(self, example: dict[str, Any]) -> Any:
        return _plain(compute_awards(example))

    def readings(self, yaku_ids: set[str]) -> dict[str, str]:
        return compute_readings(sorted(yaku_ids))


class Worker:
    """A child process whose engine imports the staged generated/ and catalog data."""

    def __init__(self, root: Path, outputs: dict[str, bytes]) -> None:
        self._staging = Path(tempfile.mkdtemp(prefix="yb-engine-"))
        try:
            _stage(self._staging, root, outputs)
            path = [str(self._staging), str(root), *sys.path]
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p)}
            # its stderr (Python's warnings, a crash) is kept, not printed: the build prints
            # only through its own filter, and a failure reaches it as an answer's error
            self._stderr = (self._staging / "stderr.txt").open("w+", encoding="utf-8")
            self._proc = subprocess.Popen(
                [sys.executable, "-c", _SERVE], cwd=self._staging, env=env,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                text=True, encoding="utf-8",
            )
        except BaseException:
            if hasattr(self, "_stderr"):
                self._stderr.close()
            shutil.rmtree(self._staging, ignore_errors=True)
            raise

    def _ask(self, request: dict[str, Any]) -> Any:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        try:
            self._proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        except OSError:  # a worker that died: its pipe is closed
            line = ""
        if not line:
            self._stderr.seek(0)
            last = self._stderr.read().strip().splitlines()[-1:] or [""]
            raise RuntimeError(f"the engine worker exited ({self._proc.wait()}): {last[0]}")
        answer = json.loads(line)
        if "error" in answer:
            raise ImportError(answer["error"])
        return answer["value"]

    def awards(self, example: dict[str, Any]) -> Any:
        try:
            return self._ask({"op": "awards", "example": example})
        except (RuntimeError, ImportError):  # as in process: the page shows catalog values
            return None

    def readings(self, yaku_ids: set[str]) -> dict[str, str]:
        return self._ask({"op": "readings", "ids": sorted(yaku_ids)})

    def close(self) -> None:
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        finally:
            self._stderr.close()
            shutil.rmtree(self._staging, ignore_errors=True)


def _stage(staging: Path, root: Path, outputs: dict[str, bytes]) -> None:
    """generated/ as the build made it, and a catalog package (the imported one's code)
    holding the build's catalog.json beside the curated files the engine reads."""
    import catalog

    (staging / "generated").mkdir()
    for rel, data in outputs.items():
        if rel.startswith("generated/") and rel.count("/") == 1 and rel.endswith(".py"):
            (staging / rel).write_bytes(data)
    pkg = staging / "catalog"
    pkg.mkdir()
    for path in sorted(catalog.HERE.glob("*.py")):
        shutil.copyfile(path, pkg / path.name)
    (pkg / "catalog.json").write_bytes(outputs["catalog/catalog.json"])
    for name in _CATALOG_INPUTS:
        source = root / "catalog" / name
        if source.is_file():
            shutil.copyfile(source, pkg / name)
    if "catalog/STATUS.json" in outputs:
        (pkg / "STATUS.json").write_bytes(outputs["catalog/STATUS.json"])


def _sha256s(files: dict[str, bytes]) -> dict[str, str]:
    return {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())}


def imported_matches(root: Path, outputs: dict[str, bytes]) -> bool:
    """Whether the engine this process imported runs this build's code: generated/ loaded
    from the very bytes this build made (``SOURCE_SHA256``, which
    generated/__init__.py records when it is imported), and the yakubook/engine/
    of the tree being built. The generated
    code holds the sha256 of the whole catalog (CATALOG_SHA256), so equal generated code
    means the same catalog too."""
    try:
        from yakubook import generated
    except Exception:
        return False
    staged = {rel.removeprefix("generated/"): data for rel, data in outputs.items()
              if rel.startswith("generated/") and rel.count("/") == 1 and rel.endswith(".py")}
    if getattr(generated, "SOURCE_SHA256", None) != _sha256s(staged):
        return False
    return _same_engine_code(root)


def _same_engine_code(root: Path) -> bool:
    """Whether root's yakubook/engine/ (engine and bodies) is the code of the imported engine
    package: a scratch copy of the project usually is, and then needs no worker."""
    import yakubook.engine

    mine = Path(yakubook.engine.__file__).resolve().parent
    theirs = root / "yakubook" / "engine"
    if not theirs.is_dir() or theirs.resolve() == mine:
        return True

    def sources(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes()
                for p in folder.rglob("*.py") if "__pycache__" not in p.parts}

    return sources(theirs) == sources(mine)


_current: list[InProcess | Worker] = []


def current() -> InProcess | Worker:
    """The engine the pages being rendered ask: the build's (inside of_build), else this
    process's own."""
    return _current[-1] if _current else InProcess()


@contextmanager
def of_build(root: Path, outputs: dict[str, bytes]) -> Iterator[InProcess | Worker]:
    engine: InProcess | Worker
    if "catalog/catalog.json" not in outputs or imported_matches(root, outputs):
        engine = InProcess()
    else:
        engine = Worker(root, outputs)
    _current.append(engine)
    try:
        yield engine
    finally:
        _current.pop()
        if isinstance(engine, Worker):
            engine.close()


def _import_staged_generated(folder: Path) -> None:
    """yakubook.generated from the staging folder (the build's new code), not from the
    checkout's generated/ that the installed package maps it to."""
    import importlib.util

    import yakubook

    spec = importlib.util.spec_from_file_location(
        "yakubook.generated", folder / "__init__.py", submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["yakubook.generated"] = module
    spec.loader.exec_module(module)
    yakubook.generated = module  # type: ignore[attr-defined]


def serve() -> int:
    """The worker's loop: one JSON request a line in, one answer a line out."""
    broken = ""
    try:
        _import_staged_generated(Path.cwd() / "generated")
    except Exception as e:  # each answer says so, as for an engine that fails to import
        broken = f"{type(e).__name__}: {e}"
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if broken:
                answer = {"value": None} if request["op"] == "awards" else {"error": broken}
            elif request["op"] == "awards":
                answer: dict[str, Any] = {"value": _plain(compute_awards(request["example"]))}
            else:
                answer = {"value": compute_readings(request["ids"])}
        except Exception as e:  # reported to the parent, which warns as for its own engine
            answer = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0

