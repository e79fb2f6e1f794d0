"""Fixtures for the website tests: the real catalog, a tiny fabricated one, and a built site.

The slow fixture `built_site` renders site/docs afresh into a temporary project (the
checked-in site/docs is not trusted to be current), copies the hand-written mkdocs.yml and
hooks beside it and runs `mkdocs build --strict` once per session.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

_HERE = Path(__file__).resolve().parent
ROOT = _HERE.parents[1]
for _path in (str(ROOT), str(_HERE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from site_helpers import FALLBACK_EXAMPLES, without_search_index  # noqa: E402

import catalog  # noqa: E402
from render import site  # noqa: E402
from yakubook.serve import build_site  # noqa: E402


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def _read_catalog() -> dict[str, Any]:
    return json.loads((ROOT / "catalog" / "catalog.json").read_text(encoding="utf-8"))


def _read_names() -> dict[str, catalog.Name]:
    return catalog.parse_names((ROOT / "catalog" / "names.toml").read_text(encoding="utf-8"))


def _read_status_outputs() -> dict[str, bytes]:
    path = ROOT / "catalog" / "STATUS.json"
    return {"catalog/STATUS.json": path.read_bytes()} if path.exists() else {}


@pytest.fixture(scope="session")
def cat() -> dict[str, Any]:
    return _read_catalog()


@pytest.fixture(scope="session")
def names() -> dict[str, catalog.Name]:
    return _read_names()


@pytest.fixture(scope="session")
def status_outputs() -> dict[str, bytes]:
    return _read_status_outputs()


@pytest.fixture(scope="session")
def hr_outputs(cat, names, status_outputs) -> dict[str, bytes]:
    """The house-rules stage's outputs (both editions' pages, data.json, scripts)."""
    from render import house_rules

    return house_rules.stage(ROOT, cat, names, status_outputs)


@pytest.fixture(scope="session")
def data(hr_outputs) -> dict:
    """The house-rules page's data.json."""
    from render import house_rules

    return json.loads(hr_outputs[house_rules.DOCS + house_rules.DATA])


def _examples_root(tmp: Path) -> Path:
    """The project root if it has examples; else a temporary root with FALLBACK_EXAMPLES."""
    if site.example_files(ROOT):
        return ROOT
    fake = tmp / "examples-root"
    (fake / "catalog").mkdir(parents=True)
    (fake / "catalog" / "examples.toml").write_text(FALLBACK_EXAMPLES, encoding="utf-8")
    return fake


def _render(tmp: Path) -> dict[str, bytes]:
    """The site stage's outputs for the real catalog (a function, not only a fixture: the
    prebuild process renders them too)."""
    out, _warnings = site.stage(
        _examples_root(tmp), _read_catalog(), _read_names(), _read_status_outputs()
    )
    return out


@pytest.fixture(scope="session")
def rendered(tmp_path_factory) -> dict[str, bytes]:
    """The stage's outputs for the real catalog (with examples)."""
    return _render(tmp_path_factory.mktemp("examples"))


@pytest.fixture(scope="session")
def pages(rendered) -> dict[str, str]:
    """Markdown pages of the Chinese edition by path relative to site/docs (the English
    edition under en/ has its own tests: test_site_english*.py)."""
    return {
        k.removeprefix(site.DOCS): v.decode("utf-8")
        for k, v in rendered.items()
        if k.endswith(".md") and not k.startswith(site.DOCS + "en/")
    }


@pytest.fixture(scope="session")
def all_pages(rendered) -> dict[str, str]:
    """Markdown pages of both editions (the English one under en/) by path."""
    return {k.removeprefix(site.DOCS): v.decode("utf-8")
            for k, v in rendered.items() if k.endswith(".md")}


@dataclass
class BuiltSite:
    project: Path
    public: Path
    seconds: float


def _build_site(rendered: dict[str, bytes], project: Path) -> BuiltSite:
    """`mkdocs build --strict` of both editions of the rendered pages, in project."""
    (project / "site").mkdir(parents=True)
    for config in ("mkdocs.yml", "mkdocs.en.yml"):  # one build per edition
        shutil.copy(ROOT / "site" / config, project / "site" / config)
    shutil.copytree(ROOT / "site" / "overrides", project / "site" / "overrides",
                    ignore=shutil.ignore_patterns("__pycache__"))
    # the user guide's pages (render/guide.py, #40) too, so the crawl and the chrome checks
    # see them; not in `rendered`, whose Markdown the edition tests read page by page
    from render import guide

    for rel, data in {**rendered, **guide.stage(ROOT, {}, {}, {})[0]}.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    public = project / "public"
    start = time.monotonic()
    code = build_site(project, public)
    seconds = time.monotonic() - start
    assert code == 0, "mkdocs build --strict failed"
    return BuiltSite(project, public, seconds)


def _site_key(rendered: dict[str, bytes]) -> str:
    """What a build of the site depends on: the rendered pages, the configs, the overrides."""
    digest = hashlib.sha256()
    inputs = dict(rendered)
    for path in [ROOT / "site" / "mkdocs.yml", ROOT / "site" / "mkdocs.en.yml",
                 *sorted((ROOT / "site" / "overrides").rglob("*"))]:
        if path.is_file() and "__pycache__" not in path.parts:
            inputs[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    for rel in sorted(inputs):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(inputs[rel]).digest())
    return digest.hexdigest()[:16]


def _shared_folder(run_folder: Path, rendered: dict[str, bytes]) -> Path:
    """Where this run's workers share the built site: in the run's temporary folder, beside
    their own."""
    return run_folder / f"built-site-{_site_key(rendered)}"


def _shared_built_site(rendered: dict[str, bytes], shared: Path) -> BuiltSite:
    """The site built into shared by the first worker (or prebuild) to ask, under a lock;
    the others wait for it and read it."""
    with open(f"{shared}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "built.json"
        if done.exists():
            seconds = json.loads(done.read_text())["seconds"]
            return BuiltSite(shared, shared / "public", seconds)
        if shared.exists():  # a build that failed half-way: start again
            shutil.rmtree(shared)
        site = _build_site(rendered, shared)
        done.write_text(json.dumps({"seconds": site.seconds}))
        return site


@pytest.fixture(scope="session")
def built_site(rendered, tmp_path_factory, worker_id) -> BuiltSite:
    """The site built once per test run: pytest-xdist's workers share one build (the first
    to ask builds it under a lock, the other waits for it) instead of each building its
    own, a minute of CPU each on a two-core machine. Tests only read it (the house-rules
    browser test installs the engine into a copy). Usually the prebuild (below) has
    built it by the time a test asks."""
    if worker_id == "master":  # no xdist: nothing to share
        return _build_site(rendered, tmp_path_factory.mktemp("site-project"))
    run_folder = tmp_path_factory.getbasetemp().parent
    return _shared_built_site(rendered, _shared_folder(run_folder, rendered))


@pytest.fixture(scope="module")
def bridge() -> Any:
    """The house-rules page's Python bridge (render/site/house_rules/yb_bridge.py), loaded
    as the page loads it, to run its functions outside the browser."""
    import importlib.util

    from render import house_rules_engine

    spec = importlib.util.spec_from_file_location("yb_bridge", house_rules_engine.BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def hr_public(built_site, tmp_path_factory, worker_id) -> Path:
    """The built site with the house-rules engine installed, as `make` leaves it: made once
    per test run and shared by the workers and the test modules like ``built_site`` (the
    install builds the wheel and Node's start-up snapshot, half a minute each time). A copy:
    the other tests read the built site as mkdocs wrote it. Tests only read it."""
    if worker_id == "master":
        return _install_house_rules(built_site, tmp_path_factory.mktemp("hr-site"))
    return _shared_house_rules(built_site)


def _install_house_rules(built_site: BuiltSite, folder: Path) -> Path:
    from render import house_rules_engine

    public = folder / "public"
    shutil.copytree(built_site.public, public)
    house_rules_engine.install(ROOT, public)
    return public


def _shared_house_rules(built_site: BuiltSite) -> Path:
    """The house-rules copy installed by the first worker (or prebuild) to ask, under a
    lock, as ``_shared_built_site``."""
    shared = built_site.project.parent / f"{built_site.project.name}-house-rules"
    with open(f"{shared}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "installed"
        if done.exists():
            return shared / "public"
        if shared.exists():  # an install that failed half-way: start again
            shutil.rmtree(shared)
        shared.mkdir()
        public = _install_house_rules(built_site, shared)
        done.write_text("ok\n")
        return public


def prebuild(run_folder: Path, house_rules: bool) -> None:
    """The built site, and the house-rules copy if asked, made into the run's shared
    folders (tests/site/prebuild.py runs this in a process of its own)."""
    rendered = _render(Path(tempfile.mkdtemp(dir=run_folder, prefix="prebuild-examples-")))
    site = _shared_built_site(rendered, _shared_folder(run_folder, rendered))
    if house_rules:
        _shared_house_rules(site)


def pytest_collection_finish(session: pytest.Session) -> None:
    """On an xdist worker whose collected tests use the built site: the first worker to
    get here starts the prebuild, a process that builds the site (and installs the
    house-rules engine into its copy) in the background while the workers run other tests
    (the build's, the engine's) — instead of one worker building for a minute when its
    first site test asks while the other waits for the lock. The fixtures still take the
    same locks: they wait for the prebuild if it is not done, and if it failed they build
    as they would without it and report the error."""
    if not hasattr(session.config, "workerinput") or not session.items:
        return
    used = set().union(*(getattr(item, "fixturenames", ()) for item in session.items))
    if "built_site" not in used:
        return
    factory = session.config._tmp_path_factory  # type: ignore[attr-defined]
    run_folder = factory.getbasetemp().parent
    try:  # one prebuild a run: the first worker to create the marker starts it
        (run_folder / "prebuild.started").touch(exist_ok=False)
    except FileExistsError:
        return
    log = open(run_folder / "prebuild.log", "wb")  # noqa: SIM115 (the child's, kept open)
    _prebuilds.append(subprocess.Popen(
        [sys.executable, str(_HERE / "prebuild.py"), str(run_folder),
         "house-rules" if "hr_public" in used else "site"],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT))
    log.close()


_prebuilds: list[subprocess.Popen[bytes]] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A run that stops (-x, Ctrl-C, a failure) does not leave the prebuild running; a
    worker that is just out of tests leaves it to the other, whose site tests wait for it
    (a fixture that finds it killed builds the site itself)."""
    for proc in _prebuilds:
        if exitstatus != 0 and proc.poll() is None:
            proc.terminate()
            proc.wait()


@pytest.fixture(scope="session")
def playwright():
    """Playwright's driver, started once per worker (about half a second each time)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright):
    """Debian's Chromium driven by Playwright (no browser download); one per test module,
    so that whatever a module's pages leave running ends with it."""
    from site_helpers import CHROMIUM, CHROMIUM_ARGS

    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: `make` installs it"
    b = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


class KeptPages:
    """Pages kept open for one module's tests, one per set of context options (viewport,
    colour scheme, ...), each test navigating one afresh.

    A new page starts a renderer process: measured with /proc/stat on this 2-core machine, a
    new page and its load cost ~2.2 s of CPU against ~0.9 s for the same load in a kept
    page (#43). Before each navigation the origin's local and session storage and the
    context's cookies are cleared and the page goes to about:blank (same renderer), so no
    test sees another's dark mode, sheet, search or scroll position."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._pages: dict[str, Any] = {}

    def open(self, url: str, search_index: bool = True, **context_options: Any) -> Any:
        """The kept page for these options at url; search_index=False: see
        without_search_index."""
        key = repr((search_index, sorted(context_options.items())))
        page = self._pages.get(key)
        if page is None or page.is_closed():
            context = self._browser.new_context(**context_options)
            if not search_index:
                without_search_index(context)
            page = context.new_page()
            self._pages[key] = page
        else:
            if page.url.startswith(("http://", "https://")):
                page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.context.clear_cookies()
            page.goto("about:blank")
        page.goto(url)
        return page

    def close(self) -> None:
        for page in self._pages.values():
            page.context.close()
        self._pages.clear()


@pytest.fixture(scope="module")
def kept_pages(browser):
    pages = KeptPages(browser)
    try:
        yield pages
    finally:
        pages.close()


@pytest.fixture
def page(browser):
    """A fresh desktop-sized page (a test module may define its own, e.g. with routing)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture
def page_without_search(browser):
    """``page`` for a test that never searches: each load's search index has no documents
    (site_helpers.without_search_index: the search worker's index of the real one costs
    ~0.3 s of CPU a page load, a quarter of the language switch tests' time)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    without_search_index(context)
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()
