"""`yakubook build`: sources -> catalog -> generated/ and site/docs, written only if changed.

Everything is computed in memory first, and every curated and input file is validated, so
bad input leaves every output exactly as it was. Then the build publishes all-or-nothing:
each changed file is written beside its target as a temporary `.tmp-*` file, a journal
naming them (with the change report) is written, the files are moved into place and the
journal is deleted. A build killed before the journal exists leaves the old outputs and
temporary files, which the next build removes; one killed after leaves a journal, which
the next build completes (and prints its change report). One build at a time: a lock on
the project root; a second build exits 2.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import json
import os
import pickle
import signal
import stat
import sys
import sysconfig
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

# The pipeline's modules are imported where they are used: a build with nothing changed
# answers from its stamp (see ``tree_digest``) without loading them (about a second).
if TYPE_CHECKING:
    from extract.build import SourceChange

Outputs = dict[str, bytes]

JOURNAL = ".yakubook-journal.json"
TMP_PREFIX = ".tmp-"
# Where the build writes, so where an interrupted build can have left temporary files.
OUTPUT_DIRS = ("catalog", "generated", "site/docs", "sources")
MANIFEST = "sources/manifest.toml"
PROCEDURE = "catalog/procedure.toml"

# Moves a staged file into place; a name of its own so a test can interrupt the build here.
_replace = os.replace


@dataclass
class BuildResult:
    outputs: Outputs
    warnings: list[str] = field(default_factory=list)
    catalog: dict[str, Any] = field(default_factory=dict)
    source_changes: list[SourceChange] = field(default_factory=list)


class BuildLocked(Exception):
    """Another build holds the project's lock."""


def _json_bytes(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode()


def compute(root: Path, accept: bool = False) -> BuildResult:
    """Every output of the build, as bytes by path relative to the project root.

    Raises CuratedError (SourceError is one) for any bad source or curated file.
    """
    import catalog as catalog_pkg
    from extract.build import accept_sources, source_changes
    from extract.schema import SCHEMA
    from yakubook import curated
    from yakubook.report import render_report

    extracting = _start_extract(root)
    try:
        changes = source_changes(root)
        # The curated files are read (and their syntax and types checked) before the
        # extract stage's result is taken, so their errors come first; what they refer to
        # is checked against the catalog after it.
        names_doc = catalog_pkg.read_toml(root / "catalog" / "names.toml", "catalog/names.toml")
        names = catalog_pkg.names_from(names_doc)
        # Each examples file is read and parsed once (a large one takes tens of
        # milliseconds): checked on its own here, against the catalog below.
        example_docs = []
        for path, rel in catalog_pkg.example_files(root):
            example_docs.append(catalog_pkg.read_toml(path, rel))
            catalog_pkg.examples_from(example_docs[-1])
        cat, warnings = _finish_extract(root, extracting)
    finally:
        if extracting is not None:
            extracting.stop()  # the child is done unless this build is failing
    curate_procedure(root, cat)
    outputs: Outputs = {
        "catalog/catalog.json": _json_bytes(cat),
        "catalog/catalog.schema.json": _json_bytes(SCHEMA),
        "catalog/REPORT.md": render_report(cat).encode(),
    }
    if changes and accept:
        outputs[MANIFEST] = accept_sources(root, changes)
    yaku_ids = {n["id"] for n in cat["nodes"] if n["kind"] == "yaku"}
    for yaku_id in names:
        if yaku_id not in yaku_ids:
            warnings.append(
                f"catalog/names.toml:{names_doc.line(yaku_id)}: {yaku_id} is not a yaku of the "
                "catalog"
            )
    for doc in example_docs:  # validated here; the site only reads them
        catalog_pkg.examples_from(doc, cat, warnings)
    # The stubs first: the checks below run the engine, which imports generated/, and a
    # damaged generated/ (a deleted module, merge-conflict markers) is this build's to
    # repair, so the engine then imports the stubs this build is about to write.
    from render import stubs

    stub_result = stubs.stage(root, cat, names, outputs)
    _import_generated(stub_result[0])
    # What the engine reads at run time, checked so that it fails here, not on a page.
    curated.check_families(root, cat)
    curated.check_examples(example_docs)
    curated.check_bodies()
    for stage in _render_stages():
        if stage is stubs.stage:
            stage_out, stage_warnings = stub_result
        else:
            stage_out, stage_warnings = stage(root, cat, names, outputs)
        outputs.update(stage_out)
        warnings.extend(stage_warnings)
    return BuildResult(outputs, warnings, cat, changes)


# ------------------------------------------------------- a damaged generated/ repaired

GENERATED_PACKAGE = "yakubook.generated"
_staged_generated: list[Any] = []  # the staging folder's TemporaryDirectory, kept alive


def _import_generated(stub_outputs: Outputs) -> None:
    """Import yakubook.generated; when the tree's copy does not import (a module deleted,
    a merge conflict in one: the build's own output, damaged), import the stubs this build
    has just rendered instead, from a staging folder. The build then runs, checks and
    publishes exactly as it would have, and its publish repairs the tree."""
    import importlib

    try:
        # (imported already when a module imported it whole: a module that fails is not kept)
        module = importlib.import_module(GENERATED_PACKAGE)
        if getattr(module, "__file__", None) is not None:
            return
        # no __init__.py: a namespace package, without the registry
    except Exception:  # any failure of the build's own output: it is rewritten below
        pass
    _forget_generated()
    import tempfile

    staging = tempfile.TemporaryDirectory(prefix="yakubook-generated-")
    _staged_generated.append(staging)
    folder = Path(staging.name)
    for rel, data in stub_outputs.items():
        if rel.startswith("generated/") and rel.count("/") == 1:
            (folder / rel.split("/", 1)[1]).write_bytes(data)
    spec = importlib.util.spec_from_file_location(
        GENERATED_PACKAGE, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[GENERATED_PACKAGE] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        _forget_generated()
        raise
    import yakubook

    yakubook.generated = module  # type: ignore[attr-defined]


def _forget_generated() -> None:
    """Drop what a failed import of yakubook.generated left (its modules that did import)."""
    for name in [n for n in sys.modules if n == GENERATED_PACKAGE or
                 n.startswith(GENERATED_PACKAGE + ".")]:
        del sys.modules[name]


# ------------------------------------------------------------------ extract, overlapped

# Whether this process has prepared the stages after extract (see ``_prepare_stages``).
_prepared = False


def _start_extract(root: Path) -> _Child | None:
    """Start the slow half of the extract stage (reading and repairing the sources) in a
    child process, or None: then all of it runs here.

    The repair is the slowest step of a build, and the stages after extract first import
    their modules, compile the site's templates and load the engine: almost half a second
    that does not depend on the catalog. So the first build in a process forks at its
    start: the child repairs the sources and hands the result back through a pipe
    (pickled), while this process reads the curated files and prepares the later stages,
    then takes the extract stage on from the child's result. The child only computes;
    whatever it does not deliver (an error in the sources, a child that died) is computed
    here, failing or succeeding exactly as without a child. A process with other threads
    (which must not fork), or whose stages are prepared already (nothing left to overlap),
    extracts here.
    """
    if _prepared or threading.active_count() > 1 or not hasattr(os, "fork"):
        return None
    from extract.build import repair_sources

    return _Child.start(repair_sources, root)


def _finish_extract(root: Path, child: _Child | None) -> tuple[dict[str, Any], list[str]]:
    """The extract stage's catalog and warnings: from the child's repaired sources once
    this process has prepared the later stages, or all computed here (see
    ``_start_extract``)."""
    from extract.build import build_catalog, catalog_from, remember

    if child is None:
        return build_catalog(root)
    _prepare_stages(root)
    repaired = child.result()
    if repaired is None:
        return build_catalog(root)
    remember(repaired)
    return catalog_from(repaired)


def _prepare_stages(root: Path) -> None:
    """Load what the stages after extract need that does not depend on the catalog, each
    kept for the process: their modules, the compiled templates, the engine (the bodies
    through the registry, as the site reads them), the English edition's entries and the
    script converters (the site converts a few texts).

    Something that fails to load here fails again, the same way, where a stage needs it;
    only then does it count.
    """
    global _prepared
    _prepared = True

    def engine() -> None:
        from yakubook.engine import registry

        registry.load_bodies()

    def translations() -> None:
        from catalog import translations

        translations.load_entries(root)  # parsed once per text

    def templates() -> None:
        from render import site, stubs

        stubs.environment()
        site.compile_templates()

    def converters() -> None:
        from extract.normalize import load_converters

        load_converters()

    for prepare in (_render_stages, templates, engine, translations, converters):
        with suppress(Exception):
            prepare()


class _Child:
    """A forked child process that computes one value for its parent."""

    def __init__(self, pid: int, pipe: int) -> None:
        self.pid = pid
        self.pipe = pipe
        self.running = True  # not reaped yet: its pid is still ours

    @classmethod
    def start(cls, fn: Callable[..., Any], *args: Any) -> _Child | None:
        """Fork a child computing ``fn(*args)``; None if no child can be started."""
        try:
            read_end, write_end = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            return None
        if pid == 0:  # the child: it never returns from here
            status = 1
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it outright
                # Whatever goes wrong is the parent's to report: it computes fn again.
                with suppress(BaseException):
                    os.close(read_end)
                    data = pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL)
                    with open(write_end, "wb") as out:
                        out.write(data)
                    status = 0
            finally:
                # Leave at once: the parent's exit handlers, buffered output and open files
                # (the build lock) are the parent's business.
                os._exit(status)
        os.close(write_end)
        return cls(pid, read_end)

    def result(self) -> Any | None:
        """Wait for the child: the value it computed, or None if it delivered none."""
        status = 0
        try:
            with open(self.pipe, "rb") as pipe:
                data = pipe.read()
        finally:
            self.running = False
            with suppress(ChildProcessError):  # already reaped (SIGCHLD ignored)
                _, status = os.waitpid(self.pid, 0)
        if status != 0 or not data:
            return None
        try:
            return pickle.loads(data)
        except Exception:  # cut short: the child was killed while writing
            return None

    def stop(self) -> None:
        """End the child if its result was not taken (this process is failing); reap it."""
        if not self.running:
            return
        self.running = False
        with suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        os.close(self.pipe)
        with suppress(ChildProcessError):
            os.waitpid(self.pid, 0)


def curate_procedure(root: Path, cat: dict[str, Any]) -> None:
    """Mark the curated procedure-only rule questions (catalog/procedure.toml)."""
    import catalog as catalog_pkg
    from catalog import excerpt

    path = root / PROCEDURE
    if not path.exists():
        return
    doc = catalog_pkg.read_toml(path, PROCEDURE)
    by_id = {n["id"]: n for n in cat["nodes"]}
    for rule_id, entry in doc.data.items():
        node = by_id.get(rule_id)
        if node is None or node["kind"] != "rule":
            raise doc.error((rule_id,), f"{catalog_pkg.show_key(rule_id)} is not a rule question")
        entry = doc.table((rule_id,), entry)
        for key in entry:
            if key != "why":
                raise doc.error((rule_id, key), f"{rule_id}: unknown key {excerpt(key)}")
        node["procedure_only"] = True
        node["procedure_why"] = doc.string((rule_id, "why"), entry.get("why", ""), required=False)


def _render_stages() -> list[Callable[..., tuple[Outputs, list[str]]]]:
    """The stages after extract, in order; each returns (outputs, warnings).

    Status sits between the stubs and the site because the website shows it.
    """
    from render import stubs
    from yakubook.engine import status

    stages: list[Callable[..., tuple[Outputs, list[str]]]] = [
        stubs.stage, _translations_stage, status.stage,
    ]
    try:
        from render import site
    except ImportError:  # the website stage is optional while it is being written
        return stages
    from render import guide  # the hand-written user guide, copied into both editions

    stages += [site.stage, guide.stage]
    return stages


def _translations_stage(
    root: Path, cat: dict[str, Any], names: Any, outputs: Outputs
) -> tuple[Outputs, list[str]]:
    """catalog.en.json (English edition); a malformed translations file (en.toml, or the
    Chinese edition's zh.toml) is bad input."""
    from catalog import translations
    from extract.build import SourceError

    try:
        translations.load_zh_entries(root)  # the Chinese edition's prose: read by the site
        return translations.stage(root, cat, names, outputs)
    except translations.TranslationError as e:
        raise SourceError(e.where, e.line, e.message) from e


def _translations_report(
    root: Path, old: dict[str, Any] | None, new: dict[str, Any]
) -> list[str]:
    """Translations this build made stale, and a count of the open ones (never an error)."""
    from catalog import translations

    entries = translations.load_entries(root)  # well-formed: the stage has read it
    lines = translations.went_stale(old, new, entries)
    total = translations.counts(translations.judge(new, entries))
    if total["stale"] or total["missing"]:
        lines.append(
            f"translations (en): {total['stale']} stale, {total['missing']} missing "
            f"of {total['total']} (see `yakubook status`)"
        )
    return lines + _chinese_prose_report(root, new)


def _chinese_prose_report(root: Path, cat: dict[str, Any]) -> list[str]:
    """The Chinese edition's prose written in English first (the bodies' readings, the
    procedure notes): which Chinese is stale or missing (catalog/translations/zh.toml)."""
    from catalog import translations
    from yakubook.engine.status import readings

    try:
        entries = translations.load_zh_entries(root)
    except translations.TranslationError as e:  # the site stage reports it as bad input
        return [f"translations (zh): {e}"]
    return translations.prose_report(translations.prose_texts(cat, readings(root)), entries)


def stale(root: Path, outputs: Outputs) -> list[str]:
    out = []
    for rel, data in sorted(outputs.items()):
        path = root / rel
        if not path.exists() or path.read_bytes() != data:
            out.append(rel)
    return out


def orphans(root: Path, outputs: Outputs) -> list[str]:
    """Generated files on disk that the build no longer produces (found without following
    symbolic links: a link is never entered, and never listed)."""
    found = []
    for folder in ("generated", "site/docs"):
        for rel in _real_files(root, folder):
            if _generated_area(rel) and rel not in outputs:
                found.append(rel)
    return found


def _generated_area(rel: str) -> bool:
    """Where the build's own files live, so where it may remove one it no longer makes."""
    p = PurePosixPath(rel)
    if "__pycache__" in p.parts or p.name.startswith(TMP_PREFIX) or ".." in p.parts:
        return False
    if p.parent == PurePosixPath("generated"):
        return p.suffix == ".py"
    return rel.startswith("site/docs/") and not _hand_written(rel)


def _hand_written(rel: str) -> bool:
    return rel.startswith("site/docs/assets/extra")


def _real_files(root: Path, folder: str) -> Iterator[str]:
    """Files under root/folder (relative to root, sorted), never through a symbolic link."""
    base = root / folder
    if base.is_symlink() or not base.is_dir():
        return
    found = []
    for current, dirs, files in os.walk(base):  # os.walk does not follow links
        here = Path(current)
        dirs[:] = sorted(d for d in dirs if not (here / d).is_symlink())
        found += [
            (here / f).relative_to(root).as_posix()
            for f in files
            if not (here / f).is_symlink()
        ]
    yield from sorted(found)


# The outputs of the last build, by path: what a build may remove once it no longer makes
# them. Never checked in (each checkout records what its own builds made); without it a
# build removes nothing and names the files it leaves.
OUTPUT_LIST = ".yakubook-outputs.json"


def written_before(root: Path) -> set[str]:
    try:
        listed = json.loads(_read_small(root / OUTPUT_LIST))
    except (OSError, ValueError):
        return set()
    if not isinstance(listed, list):
        return set()
    return {rel for rel in listed if isinstance(rel, str) and _inside(rel)}


def _read_small(path: Path) -> str:
    from catalog import CuratedError, read_text

    try:
        return read_text(path, path.name, 16 * 1024 * 1024)
    except CuratedError as e:
        raise ValueError(str(e)) from None


def _record_outputs(root: Path, outputs: Outputs) -> None:
    data = _json_bytes(sorted(outputs))
    path = root / OUTPUT_LIST
    with suppress(OSError):
        if not path.is_symlink() and path.read_bytes() == data:
            return
    tmp = root / (TMP_PREFIX + OUTPUT_LIST)
    _write_new(tmp, data)
    _replace(tmp, path)


class SymlinkRefused(Exception):
    """An output path, or a folder on it, is a symbolic link."""

    def __init__(self, rel: str) -> None:
        self.rel = rel
        super().__init__(
            f"{rel}: is a symbolic link; the build writes and removes only real files in "
            "the project's own folders (replace the link by a folder or file)"
        )


def refuse_symlinks(root: Path, rels: Iterable[str]) -> None:
    """SymlinkRefused if any of `rels`, or any folder between the root and it, is a
    symbolic link: writing or removing through it would reach outside the tree."""
    seen: set[str] = set()
    for rel in rels:
        parts = PurePosixPath(rel).parts
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            if prefix in seen:
                continue
            seen.add(prefix)
            if (root / prefix).is_symlink():
                raise SymlinkRefused(prefix)


# ------------------------------------------------------------------ locking, publishing


@contextmanager
def build_lock(root: Path) -> Iterator[None]:
    """Hold the project's build lock (an flock on the root directory: no lock file to
    leave behind, and the kernel releases it when a build dies)."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildLocked from None
        yield
    finally:
        os.close(fd)


def _write_new(path: Path, data: bytes) -> None:
    """Write a new file with the permissions the umask gives (0644 by default)."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def leftovers(root: Path) -> list[str]:
    """Temporary files an interrupted build left (none while no build runs)."""
    found = [
        p.relative_to(root).as_posix()
        for p in root.glob(TMP_PREFIX + "*")
        if p.is_file() and not p.is_symlink()
    ]
    for folder in OUTPUT_DIRS:
        found += [
            rel for rel in _real_files(root, folder)
            if PurePosixPath(rel).name.startswith(TMP_PREFIX)
        ]
    return sorted(found)


def _inside(rel: Any) -> bool:
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    p = PurePosixPath(rel)
    return not p.is_absolute() and ".." not in p.parts and "." not in rel.split("/")


def _staged_name(rel: str) -> str:
    p = PurePosixPath(rel)
    return (p.parent / f"{TMP_PREFIX}{p.name}").as_posix()


def _output_target(rel: Any) -> bool:
    """A path the build publishes to: inside one of its output folders."""
    return _inside(rel) and (
        rel == MANIFEST or any(rel.startswith(d + "/") for d in OUTPUT_DIRS if d != "sources")
    )


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class _Untrusted(Exception):
    """A journal this build did not write, or whose files are not what it recorded."""


def _read_journal(root: Path) -> dict[str, Any] | None:
    """The journal of an interrupted build, checked before anything in it is done: every
    file it publishes is a staged file of the build (its temporary name beside an output
    path) with the content hash recorded when it was staged (or, already moved, the
    output with that hash), and everything it removes is a generated file. A journal that
    fails is _Untrusted: reported and ignored, never executed."""
    path = root / JOURNAL
    if not path.exists() and not path.is_symlink():
        return None
    if path.is_symlink():
        raise _Untrusted("it is a symbolic link")
    try:
        journal = json.loads(_read_small(path))
        publish_list, remove, report = journal["publish"], journal["remove"], journal["report"]
        if not (isinstance(publish_list, list) and isinstance(remove, list)
                and isinstance(report, list)):
            raise TypeError("publish, remove and report must be lists")
    except (ValueError, KeyError, TypeError) as e:
        raise _Untrusted(f"not a journal of yakubook build ({str(e)[:80]})") from None
    for entry in publish_list:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise _Untrusted("a publish entry is not [staged file, output, sha256]")
        tmp, rel, digest = entry
        if not _output_target(rel) or tmp != _staged_name(rel):
            raise _Untrusted(f"{_show(rel)} is not an output of the build")
        refuse = _symlink_on(root, (tmp, rel))
        if refuse:
            raise _Untrusted(f"{refuse} is a symbolic link")
        if (root / tmp).exists():
            if _sha256(root / tmp) != digest:
                raise _Untrusted(f"{_show(tmp)} is not the file the build staged")
        elif _sha256(root / rel) != digest:
            raise _Untrusted(f"{_show(rel)} is not the file the build staged")
    for rel in remove:
        if not (_inside(rel) and _generated_area(rel)) or _symlink_on(root, (rel,)):
            raise _Untrusted(f"{_show(rel)} is not a generated file the build may remove")
    if not all(isinstance(line, str) for line in report):
        raise _Untrusted("its report is not text")
    return journal


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= 80 else text[:80] + "…")


def _symlink_on(root: Path, rels: Iterable[str]) -> str | None:
    try:
        refuse_symlinks(root, rels)
    except SymlinkRefused as e:
        return e.rel
    return None


def _apply(root: Path, journal: dict[str, Any]) -> None:
    """Move the staged files into place and remove what is no longer generated; safe to
    repeat, so a build killed while doing this is finished by the next one."""
    for tmp, rel, _ in journal["publish"]:
        if (root / tmp).exists():
            _replace(root / tmp, root / rel)
    for rel in journal["remove"]:
        (root / rel).unlink(missing_ok=True)
    (root / JOURNAL).unlink()


def publish(root: Path, changed: Outputs, remove: list[str], report: list[str]) -> None:
    """Write `changed` and delete `remove`, all-or-nothing (see the module docstring)."""
    if not changed and not remove:
        return  # nothing to commit: no journal either (a read-only tree builds, exit 0)
    staged: list[tuple[str, str, str]] = []
    try:
        for rel, data in sorted(changed.items()):
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = _staged_name(rel)
            staged.append((tmp, rel, hashlib.sha256(data).hexdigest()))
            _write_new(root / tmp, data)
        journal = {"publish": staged, "remove": remove, "report": report}
        tmp_journal = root / (TMP_PREFIX + JOURNAL)
        _write_new(tmp_journal, _json_bytes(journal))
        _replace(tmp_journal, root / JOURNAL)  # the commit point
    except BaseException:
        for tmp, _, _ in staged:
            (root / tmp).unlink(missing_ok=True)
        (root / (TMP_PREFIX + JOURNAL)).unlink(missing_ok=True)
        raise
    _apply(root, journal)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def fix_modes(root: Path, rels: list[str]) -> list[str]:
    """Outputs an older build left at 0600 (it wrote with mkstemp, whatever the umask):
    give them the mode the umask gives, without rewriting them."""
    wanted = 0o666 & ~_umask()
    fixed = []
    for rel in rels:
        path = root / rel
        if path.is_file() and path.stat().st_mode & 0o777 == 0o600 != wanted:
            path.chmod(wanted)
            fixed.append(rel)
    return fixed


def recover(root: Path) -> list[str]:
    """Finish an interrupted build (its journal) and remove its temporary files."""
    lines = []
    try:
        journal = _read_journal(root)
    except _Untrusted as e:
        _err(f"warning: {JOURNAL} ignored, not executed: {e}; removed")
        (root / JOURNAL).unlink()
        journal = None
    if journal is not None:
        _apply(root, journal)
        lines.append(
            f"recovered: an interrupted build is finished now "
            f"({len(journal['publish'])} file(s) written, {len(journal['remove'])} removed); "
            "its change report follows"
        )
        lines += journal["report"]
    left = leftovers(root)
    for rel in left:
        (root / rel).unlink()
    if left:
        lines.append(f"recovered: removed {len(left)} temporary file(s) of an interrupted build")
    return lines


# ----------------------------------------------------------------------------- command


def run(root: Path, check: bool, accept: bool = False, reuse: bool = False) -> int:
    """Build (or with ``check`` compare) the project at ``root``; the exit code.

    ``reuse`` (the command line): when the project tree is exactly as the last build left
    it (its stamp, ``tree_digest``), print that build's summary instead of building again,
    and stamp the tree after a successful build.
    """
    try:
        with build_lock(root):
            check_build_tree(root)
            if reuse and not accept and _replay(root, check):
                return 0
            return _run_locked(root, check, accept, reuse)
    except BuildLocked:
        _err(f"error: another build is running in {root}; try again when it has finished")
        return 2
    except (SymlinkRefused, TreeRefused) as e:
        _err(f"error: {e}")
        return 2
    except OSError as e:  # a disk full or a file that cannot be written: no traceback
        where = Path(os.fsdecode(e.filename)) if e.filename else root
        if where.is_relative_to(root):
            where = where.relative_to(root)
        _err(f"error: {where}: cannot write: {e.strerror}")
        return 2
    except Exception as e:
        from catalog import CuratedError
        from catalog.identifiers import IdentifierError

        if isinstance(e, (CuratedError, IdentifierError)):
            _err(f"error: {e}")
            return 2
        raise


# ------------------------------------------------------------------ the no-op build

STAMP = ".yakubook-stamp.json"
CHECK_PASSED = "check: everything checked in matches a fresh build"
# Never read or written by a build: version control, the virtual environment, caches,
# test scratch; at the root also what other tools build (site/public: mkdocs).
_NOT_INPUT_DIRS = frozenset(
    {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis",
     "test-artifacts", "node_modules", ".cache"}
)  # fmt: skip
_NOT_INPUT_PATHS = frozenset({"build", "site/public"})
# The packages a build runs: their code counts wherever it is imported from.
_CODE_PACKAGES = ("catalog", "extract", "render", "yakubook")


# The top-level folders a build reads or writes; the tree digest covers these (and the
# build's own files at the root), nothing else: a 4 GB file, a FIFO or a link to /dev/zero
# in tests/ or at the root is no business of the build and is never opened.
BUILD_FOLDERS = frozenset(
    {"catalog", "extract", "generated", "render", "rulesets", "site", "sources", "yakubook"}
)
# No file a build reads comes near this (the largest, catalog/catalog.json, is ~1 MB).
MAX_BUILD_FILE = 64 * 1024 * 1024
_DIGEST_CHUNK = 1 << 20


class TreeRefused(Exception):
    """Something in the build's folders a build must not read: a link leaving the tree,
    a special file (FIFO, device, socket), a file over MAX_BUILD_FILE."""


def check_build_tree(root: Path) -> None:
    """TreeRefused for the first thing in the build's folders a build must not read (see
    ``_build_files``); run before anything is read, so the refusal comes first, alike for
    every build and check."""
    for _ in _build_files(root.resolve(), ""):
        pass


def tree_digest(root: Path) -> str:
    """A hash of everything a build reads or writes: every file in the build's folders
    and the build's own files at the root (path, permission bits, content; a link's
    target text, never what it points to; the stamp itself left out), the code of the
    pipeline's packages wherever they are imported from, the Python version and the
    installed distributions. An unchanged digest means a build would find exactly what
    the last one left, so it would compute the same outputs (the build is deterministic)
    and change nothing. Files are read in chunks; TreeRefused as ``check_build_tree``."""
    h = hashlib.sha256()
    h.update(sys.version.encode() + b"\0")
    purelib = Path(sysconfig.get_paths()["purelib"])
    if purelib.is_dir():
        dists = sorted(n for n in os.listdir(purelib) if n.endswith(".dist-info"))
        h.update("\n".join(dists).encode() + b"\0")
    base = root.resolve()
    folders = [(base, "")]
    for name in _CODE_PACKAGES:
        spec = importlib.util.find_spec(name)
        for location in (spec.submodule_search_locations or []) if spec else []:
            folder = Path(location).resolve()
            if not folder.is_relative_to(base):
                folders.append((folder, f"{name}:"))
    for folder, label in folders:
        for rel, path, info in _build_files(folder, label):
            if not label and rel == STAMP:
                continue
            mode = info.st_mode & 0o7777
            if stat.S_ISLNK(info.st_mode):
                h.update(f"{label}{rel}\0link\0{os.readlink(path)}\0".encode())
                continue
            h.update(f"{label}{rel}\0{mode:o}\0{info.st_size}\0".encode())
            _hash_file(h, path, info.st_size)
    return h.hexdigest()


def _hash_file(h: Any, path: Path, size: int) -> None:
    """The bytes of a regular file into h, in chunks, at most `size` of them (read without
    following a link: the walk saw a regular file there)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        left = size
        while left > 0:
            chunk = f.read(min(_DIGEST_CHUNK, left))
            if not chunk:
                break
            h.update(chunk)
            left -= len(chunk)


def _build_files(folder: Path, label: str) -> list[tuple[str, Path, os.stat_result]]:
    """(path relative to folder, path, lstat) of every file and link a build reads in
    folder (for the project root: the build's folders and its own files at the root),
    sorted; TreeRefused for a link leaving folder, a special file or a file over
    MAX_BUILD_FILE."""
    found = []
    for current, dirs, files in os.walk(folder):
        here = Path(current)
        rel_dir = here.relative_to(folder).as_posix()
        prefix = "" if rel_dir == "." else rel_dir + "/"
        if not label and not prefix:
            dirs[:] = [d for d in dirs if d in BUILD_FOLDERS]
            files = [f for f in files if f.startswith((".yakubook-", TMP_PREFIX))]
        dirs[:] = [d for d in dirs if not _not_input(prefix, d)]
        # os.walk lists a link to a folder among the folders and does not enter it
        links = [d for d in dirs if (here / d).is_symlink()]
        dirs[:] = [d for d in dirs if d not in links]
        for name in [*files, *links]:
            path = here / name
            info = path.lstat()
            _refuse_unreadable(folder, prefix + name, path, info)
            found.append((prefix + name, path, info))
    return sorted(found, key=lambda item: item[0])


def _in_written_folder(rel: str) -> bool:
    """Whether rel is in a folder the build writes and removes files in (of OUTPUT_DIRS,
    sources/ holds only the manifest the build writes)."""
    return any(rel == d or rel.startswith(d + "/") for d in OUTPUT_DIRS if d != "sources")


def _refuse_unreadable(folder: Path, rel: str, path: Path, info: os.stat_result) -> None:
    if stat.S_ISLNK(info.st_mode):
        target = os.readlink(path)
        if not path.resolve().is_relative_to(folder):
            if _in_written_folder(rel):
                raise SymlinkRefused(rel)  # where the build writes: that refusal's words
            raise TreeRefused(
                f"{rel}: a link leaving the project tree (to {_show(target)}); a build "
                "reads only files inside it"
            )
    elif not stat.S_ISREG(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else (
            "a socket" if stat.S_ISSOCK(info.st_mode) else "a device")
        raise TreeRefused(f"{rel}: {kind}, not a regular file; a build reads only files")
    elif info.st_size > MAX_BUILD_FILE:
        raise TreeRefused(
            f"{rel}: {info.st_size} bytes, more than the {MAX_BUILD_FILE} a build reads "
            "from one file"
        )


# Folders tools make wherever they run; inside an output folder they are files the build
# reports as no longer generated, so they count there.
_TOOL_DIRS = frozenset({"node_modules", ".cache"})


def _not_input(prefix: str, name: str) -> bool:
    """Whether the folder `prefix + name` is left out of the tree digest."""
    if name.endswith(".egg-info") or prefix + name in _NOT_INPUT_PATHS:
        return True
    if name in _TOOL_DIRS and any(prefix.startswith(d + "/") for d in OUTPUT_DIRS):
        return False
    return name in _NOT_INPUT_DIRS


def _replay(root: Path, check: bool) -> bool:
    """Print the last build's summary if the tree is as it left it; whether it was."""
    try:
        stamp = json.loads(_read_small(root / STAMP))
        digest, out, err = stamp["digest"], stamp["out"], stamp["err"]
        if not (isinstance(out, list) and isinstance(err, list)):
            return False
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if digest != tree_digest(root):
        return False
    for line in err:
        print(line, file=sys.stderr)
    for line in out:
        print(line)
    print(CHECK_PASSED if check else "nothing changed")
    return True


def _write_stamp(root: Path, out: list[str], err: list[str]) -> None:
    """Record the tree as this build left it, with what a build of it prints."""
    from yakubook.report import terminal_safe

    stamp = {
        "digest": tree_digest(root),
        "out": [terminal_safe(line) for line in out],
        "err": [terminal_safe(line) for line in err],
    }
    tmp = root / (TMP_PREFIX + STAMP)
    try:
        _write_new(tmp, _json_bytes(stamp))
        _replace(tmp, root / STAMP)
    except OSError:
        # The stamp only saves the next build its work: a tree it cannot be written to (a
        # read-only checkout with nothing to change) builds in full next time, no error.
        with suppress(OSError):
            tmp.unlink()


def _run_locked(root: Path, check: bool, accept: bool, reuse: bool = False) -> int:
    from yakubook.changes import summarize_changes

    if check:
        pending = [JOURNAL] if (root / JOURNAL).exists() else []
        pending += leftovers(root)
        if pending:
            # Until a build finishes or clears what the interrupted one left, the outputs
            # are a mix of old and new: that is the finding, whatever a rebuild would say.
            _out(f"stale: {len(pending)} file(s) left by an interrupted build:")
            for rel in pending:
                what = "its journal" if rel == JOURNAL else "a temporary file"
                _out(f"  {rel} ({what}: `yakubook build` finishes or removes it)")
            return 1
        recovered: list[str] = []
    else:
        refuse_symlinks(root, OUTPUT_DIRS)
        # Printed at once: the report of the build it finishes is not lost if this one fails.
        for line in recover(root):
            _out(line)
        recovered = []
    result = compute(root, accept)
    outputs = result.outputs
    refuse_symlinks(root, outputs)
    changed = stale(root, outputs)
    extra = orphans(root, outputs)
    left: list[str] = []
    if not check:
        # Only files a build of this checkout wrote are removed (see OUTPUT_LIST).
        known = written_before(root)
        left = [rel for rel in extra if rel not in known]
        extra = [rel for rel in extra if rel in known]
    from catalog import read_catalog

    old_catalog = None
    old_path = root / "catalog" / "catalog.json"
    if old_path.exists():
        # A damaged catalog is a clear error (the engine reads this file too), not a
        # traceback in the change report.
        old_catalog = read_catalog(old_path, "catalog/catalog.json")
    report = summarize_changes(root, old_catalog, result.catalog)
    report += _translations_report(root, old_catalog, result.catalog)
    if result.source_changes and not accept:
        _refuse_changed_sources(result.source_changes, report)
        return 2
    if not check:
        # Written before the summary, so that a closed stdout (`| head`) cannot leave the
        # outputs half updated.
        publish(root, {rel: outputs[rel] for rel in changed}, extra, report)
        _record_outputs(root, outputs)
        for rel in left:
            _err(
                f"warning: {rel}: no longer generated, but not made by a build of this "
                f"checkout ({OUTPUT_LIST}); left in place, remove it by hand"
            )
        fixed = fix_modes(root, sorted(outputs))
        if fixed:
            recovered.append(
                f"permissions: {len(fixed)} output(s) an older build left at 0600 now follow "
                "the umask"
            )
    for line in recovered:
        _out(line)
    _print_summary(result, report, check, changed, extra, accept)
    if check and (changed or extra):
        return 1
    if reuse and not check and not accept:
        if "catalog/catalog.json" in changed:
            # What the next build reports: the catalog just written against itself.
            written = read_catalog(old_path, "catalog/catalog.json")
            report = summarize_changes(root, written, result.catalog)
            report += _translations_report(root, written, result.catalog)
        _write_stamp(root, *_summary_lines(result, report))
    return 0


def _refuse_changed_sources(changes: list[SourceChange], report: list[str]) -> None:
    for c in changes:
        _err(
            f"error: {c.file}: sha256 differs from {MANIFEST}:{c.line} "
            f"(locked to {c.expected[:12]}…, now {c.actual[:12]}…)"
        )
    _err("what the changed source(s) would change in the catalog:")
    for line in report:
        _err(line)
    _err(
        "error: nothing written; if the change is intended, accept it with "
        "`yakubook build --accept-sources` (updates the manifest)"
    )


def _out(line: str) -> None:
    from yakubook.report import terminal_safe

    print(terminal_safe(line))


def _err(line: str) -> None:
    from yakubook.report import terminal_safe

    print(terminal_safe(line), file=sys.stderr)


def _summary_lines(result: BuildResult, report: list[str]) -> tuple[list[str], list[str]]:
    """The summary every build prints (stdout lines, stderr lines), before its last word."""
    stats = result.catalog["stats"]
    out = [
        f"catalog: {stats['sections']} sections, {stats['yaku']} yaku, "
        f"{stats['rules']} rule questions, {stats['options']} options, "
        f"{stats['lost_characters']} lost characters",
        "repairs: " + ", ".join(f"{k} {v}" for k, v in stats["repairs"].items()),
        *report,
    ]
    return out, [f"warning: {w}" for w in result.warnings]


def _print_summary(
    result: BuildResult,
    report: list[str],
    check: bool,
    changed: list[str],
    extra: list[str],
    accept: bool,
) -> None:
    if accept and result.source_changes:
        for c in result.source_changes:
            _out(f"accepted: {c.file} (sha256 {c.expected[:12]}… -> {c.actual[:12]}…)")
        removed = [ln for ln in report if ln.startswith(("  yaku removed", "  rule removed"))]
        if removed:
            _err(
                f"warning: the accepted source(s) LOSE {len(removed)} entr"
                f"{'y' if len(removed) == 1 else 'ies'} of the catalog:"
            )
            for line in removed:
                _err(line)
    out, err = _summary_lines(result, report)
    for line in err:
        _err(line)
    for line in out:
        _out(line)
    if check:
        if changed or extra:
            _out(f"stale: {len(changed) + len(extra)} file(s) differ from a fresh build:")
            for rel in changed:
                _out(f"  {rel}")
            for rel in extra:
                _out(f"  {rel} (no longer generated)")
        else:
            _out(CHECK_PASSED)
        return
    written = changed + [rel + " (removed)" for rel in extra]
    if written:
        _out(f"wrote {len(written)} file(s):")
        for rel in written:
            _out(f"  {rel}")
    else:
        _out("nothing changed")
