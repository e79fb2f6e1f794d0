"""Helpers shared by the website tests (imported by name: conftest puts this folder on
sys.path, as tests/engine does for its own helpers)."""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

# A holding example and a failing one for 3-13-01 (manzu totalling exactly 100 / 98), used
# when the project has no examples of its own, so the browser test always has tiles to draw.
FALLBACK_EXAMPLES = """
[[example]]
yaku = "3-13-01"
hand = "55666777888999m"
win = "9m"
tsumo = true
holds = true
note = "manzu totalling exactly 100"

[[example]]
yaku = "3-13-01"
hand = "44666777888m"
win = "8m"
melds = ["ankan 9999m"]
holds = false
note = "totals 98"
"""



@functools.lru_cache(maxsize=1024)
def markdown_to_html(md: str) -> str:
    """Convert one page with the Markdown extensions configured in site/mkdocs.yml (each
    page once per process: several tests read the same pages)."""
    body = md.split("\n---\n", 1)[1] if md.startswith("---\n") else md
    converter = _markdown()
    converter.reset()
    return converter.convert(body)


@functools.cache
def _markdown() -> Any:
    """One converter for every page (loading the extensions is most of a page's time)."""
    import markdown
    import yaml

    config = yaml.safe_load((ROOT / "site" / "mkdocs.yml").read_text(encoding="utf-8"))
    names: list[str] = []
    configs: dict[str, Any] = {}
    for ext in config["markdown_extensions"]:
        if isinstance(ext, dict):
            (key, value), = ext.items()
            names.append(key)
            configs[key] = value or {}
        else:
            names.append(ext)
    return markdown.Markdown(extensions=names, extension_configs=configs)


def text(s: str) -> dict[str, str]:
    return {"source": s, "zh-Hant": s, "zh-Hans": s}


def mini_catalog(name: str = "名<script>alert(1)</script>",
                 content: str = "內容 {{ x }} {% if %} | a*b*c_d_ [l](http://x) <b>粗</b> `c` #h",
                 option: str = "選項 | 兩 | 格 &amp; \\*") -> dict[str, Any]:
    """A one-section, one-yaku, one-rule catalog whose texts are full of syntax."""
    src = {"file": "sources/x_y.txt", "line": 1}
    value = {"kind": "han", "han": 2, "open_han": None, "lost": False, "notes": []}
    lost = {"kind": "han", "han": None, "open_han": None, "lost": True, "notes": []}
    return {
        "title": "t", "format": 1, "ignored_lines": [],
        "chapters": [{"file": "sources/x_y.txt", "script": "Hant", "sections": ["3-99"],
                      "title": text("章<i>"), "title_line": None, "sha256": "0"}],
        "stats": {"sections": 1, "yaku": 1, "rules": 1, "options": 4, "lost_characters": 1,
                  "repairs": {"realigned": 1}},
        "nodes": [
            {"id": "3-99", "kind": "section", "parent": None, "section": "3-99", "yaku": None,
             "depth": 1, "name": text("節 <em>|</em> {{ s }}"), "source": src,
             "content": None, "condition": None, "notes": [], "applies_if": [],
             "options": [], "repairs": []},
            {"id": "3-99-01", "kind": "yaku", "parent": "3-99", "section": "3-99",
             "yaku": "3-99-01", "depth": 2, "name": text(name), "source": src,
             "content": {**text(content), "lines": [2]},
             "condition": {**text("條件\n第二行 <hr>"), "lines": [3]},
             "notes": [{**text("註 ]]> <!-- x -->"), "line": 4}], "applies_if": [],
             "options": [
                 {"letter": "a", "text": text("無"), "source": src, "notes": [], "repairs": [],
                  "value": {"kind": "none", "lost": False, "notes": []}},
                 {"letter": "b", "text": text(option), "source": src, "notes": [],
                  "repairs": [{"kind": "realigned", "line": 6, "column": 2,
                               "damaged": "<br/>?\ufffd", "result": "|**|",
                               "evidence": "{{ e }}"}],
                  "value": value},
                 {"letter": "c", "text": text("\ufffd翻"), "source": {**src, "line": 7},
                  "notes": [], "value": lost,
                  "repairs": [{"kind": "digit_lost", "line": 7, "column": 2,
                               "damaged": "?", "result": "\ufffd",
                               "evidence": "ASCII character swallowed"}]},
             ],
             "repairs": []},
            {"id": "3-99-01-01", "kind": "rule", "parent": "3-99-01", "section": "3-99",
             "yaku": "3-99-01", "depth": 3, "name": text("規則 [x] <script>"), "source": src,
             "content": None, "condition": None, "notes": [],
             "applies_if": [{**text("如果有 <b>"), "line": 8}],
             "options": [{"letter": "a", "text": text("是 | 否"), "source": src, "notes": [],
                          "repairs": [], "value": None}],
             "repairs": []},
        ],
    }


_INDEX_CONFIGS: dict[str, Any] = {}  # search index URL -> its config, fetched once


def without_search_index(context: Any) -> None:
    """Answer Material's search index with its own config and no documents, in a context
    whose tests never search. On every page load Material's search worker fetches
    search/search_index.json (1.6 MB, ~1,000 documents) and builds a lunr index from it:
    ~0.3 s of CPU a load, measured (#43); the page itself is the same (the search dialog is
    closed). The search tests (test_site_search.py, test_site_browser.py, the English
    search, the accessibility of the open results) keep the real index.

    The context's close first drops this route without waiting for an answer in flight: a
    test that closes its context while a worker asks for the index (seen: "Route.fetch:
    Request context disposed") would otherwise fail on the answer nobody waits for."""

    def answer(route: Any) -> None:
        url = route.request.url
        if url not in _INDEX_CONFIGS:
            _INDEX_CONFIGS[url] = json.loads(route.fetch().text())["config"]
        route.fulfill(json={"config": _INDEX_CONFIGS[url], "docs": []})

    context.route("**/search/search_index.json", answer)
    close = context.close

    def close_without_waiting(*args: Any, **kwargs: Any) -> None:
        context.unroute_all(behavior="ignoreErrors")
        close(*args, **kwargs)

    context.close = close_without_waiting


# ---------------------------------------------------------------------------- search in Chromium

# Debian's chromium-headless-shell: the same Blink and V8 as its chromium, without the
# browser's windowing layers (Playwright's own headless default is this shell). Measured on
# this 2-core machine (/proc/stat, #43): a new page and its load ~1.3 s of CPU against ~2.2 s
# in chromium --headless, the accessibility module 151 s of CPU against 180 s.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
FORM_KINDS = ("zh-Hant", "zh-Hans", "ja", "kana", "romaji", "en")


def name_queries(root: Path, cat: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(yaku ID, form kind, query) for every name form of every yaku: zh-Hant and zh-Hans
    from the catalog, the rest from catalog/names.toml (ja + ja_aliases, kana, romaji +
    romaji_aliases, name_en + en_aliases; absent keys give no query)."""
    import tomllib

    names = tomllib.loads((root / "catalog" / "names.toml").read_text(encoding="utf-8"))
    out: list[tuple[str, str, str]] = []
    for node in cat["nodes"]:
        if node["kind"] != "yaku":
            continue
        entry = names.get(node["id"], {})

        def strs(*keys: str, entry: dict[str, Any] = entry) -> list[str]:
            found: list[str] = []
            for key in keys:
                v = entry.get(key, [])
                for s in [v] if isinstance(v, str) else v:
                    if s.strip() and s.strip() not in found:
                        found.append(s.strip())
            return found

        forms = {
            "zh-Hant": [node["name"]["zh-Hant"]],
            "zh-Hans": [node["name"]["zh-Hans"]],
            "ja": strs("ja", "ja_aliases"),
            "kana": strs("kana"),
            "romaji": strs("romaji", "romaji_aliases"),
            "en": strs("name_en", "en_aliases"),
        }
        for kind in FORM_KINDS:
            for q in forms[kind]:
                out.append((node["id"], kind, q))
    return out


def yaku_of(href: str) -> str | None:
    """The yaku ID of a result link (…/yaku/3-13-01/…), else None."""
    import re

    m = re.search(r"/yaku/(\d+(?:-\d+)+)/", href)
    return m.group(1) if m else None


def is_hit(yaku_id: str, query: str, links: list[str],
           owners: dict[str, set[str]]) -> bool:
    """The yaku's page is the first result; for a name several yaku share (numbered
    variants), one of them is first and this one is in the top 3."""
    if not links:
        return False
    first = yaku_of(links[0])
    if first == yaku_id:
        return True
    sharing = owners.get(query.casefold(), set())
    return len(sharing) > 1 and first in sharing and yaku_id in top_pages(links, 3)


def top_pages(links: list[str], k: int) -> list[str | None]:
    """The first k result pages (a page's sections shown under it count once)."""
    pages: list[str] = []
    for href in links:
        page = href.split("#", 1)[0].split("?", 1)[0]
        if page not in pages:
            pages.append(page)
    return [yaku_of(p + "/") if not p.endswith("/") else yaku_of(p) for p in pages[:k]]


class SearchBox:
    """Material's search box on one page: type a query with key events, read the results.

    Material searches when a key is released and the query differs from the last one, and
    renders each answer by setting the result meta line (then the first results, in the
    same task). A MutationObserver counts those renders, so a typed query's answer is the
    first render after it: one wait per query, no clearing of the box in between. A query
    Material would not search again (the same as the last, once trimmed) falls back to
    clearing the box first."""

    COUNT_RENDERS = """() => {
        window.__ybRenders = 0;
        window.__ybOnRender = null;  // search_many's waiting query, told of each render
        new MutationObserver(() => {
            window.__ybRenders += 1;
            if (window.__ybOnRender) window.__ybOnRender();
        }).observe(
            document.querySelector(".md-search-result__meta"),
            {childList: true, characterData: true, subtree: true});
    }"""
    ANSWER = """n => window.__ybRenders > n && {
        n: window.__ybRenders,
        links: Array.from(document.querySelectorAll("a.md-search-result__link"), e => e.href)
    }"""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        page.goto(base_url)
        page.click("input.md-search__input")
        # The worker builds its index after the page loads; until then the meta line says
        # 正在初始化搜尋引擎 (Initializing search on the English edition, mkdocs.en.yml).
        page.wait_for_function(
            """() => {
                const meta = document.querySelector(".md-search-result__meta");
                return meta && !meta.textContent.includes("初始化")
                    && !meta.textContent.includes("Initializing");
            }""", timeout=180_000)
        page.evaluate(self.COUNT_RENDERS)
        self.renders = 0
        self.last = ""

    def _type(self, query: str, timeout: float) -> list[str]:
        # Material searches on key events: set the text, then press a key.
        self.page.fill("input.md-search__input", query)
        self.page.press("input.md-search__input", "End")
        got = self.page.wait_for_function(self.ANSWER, arg=self.renders,
                                          timeout=timeout).json_value()
        self.renders = got["n"]
        self.last = query
        return got["links"]

    # Many queries typed in the page itself, one round trip for all: per query the text is
    # set and a key released on the box (Material searches on `keyup` when the text
    # changed), and the answer is the first render after it, read as the render's
    # mutations are reported (the same task that sets the meta line appends the first
    # results; a timer polling for the render added up to 4 ms a query). A query Material
    # would not search again (the same as the last, once trimmed) is typed after clearing
    # the box, and one not answered in time is typed again after clearing it, as `search`
    # does.
    SEARCH_MANY = """async ([queries, timeout]) => {
        const input = document.querySelector("input.md-search__input");
        const links = () => Array.from(
            document.querySelectorAll("a.md-search-result__link"), e => e.href);
        const type = (query) => new Promise((resolve) => {
            const before = window.__ybRenders;
            const done = (answer) => {
                clearTimeout(timer);
                window.__ybOnRender = null;
                resolve(answer);
            };
            const timer = setTimeout(() => done(null), timeout);
            window.__ybOnRender = () => { if (window.__ybRenders > before) done(links()); };
            input.value = query;
            input.dispatchEvent(new KeyboardEvent("keyup", {key: "End", bubbles: true}));
        });
        const out = [];
        let last = input.value;
        for (const query of queries) {
            let got = query.trim() !== last.trim() ? await type(query) : null;
            if (got === null) {
                await type("");
                got = await type(query);
            }
            last = query;
            out.push(got === null ? null : got.slice(0, 60));
        }
        return out;
    }"""

    def search_many(self, queries: list[str], chunk: int = 100) -> list[list[str]]:
        """The result links of each query (as `search`), typed in the page in chunks."""
        out: list[list[str]] = []
        for start in range(0, len(queries), chunk):
            part = queries[start:start + chunk]
            got = self.page.evaluate(self.SEARCH_MANY, [part, 10_000])
            # where the page's typing left the box, for `search` (which waits for the
            # render after the count it knows)
            self.renders = self.page.evaluate("window.__ybRenders")
            self.last = part[-1]
            for query, links in zip(part, got, strict=True):
                out.append(links if links is not None else self.search(query))
        return out

    def search(self, query: str) -> list[str]:
        """The result links (absolute hrefs), best first; [] when nothing is found."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        if query.strip() != self.last.strip():
            try:
                return self._type(query, 10_000)
            except PlaywrightTimeout:
                pass  # not searched again (or slow): clear the box and type it afresh
        self._type("", 30_000)
        return self._type(query, 30_000)


def run_name_search(public: Path, queries: list[tuple[str, str, str]], edition: str = "",
                    browser: Any = None) -> list[tuple[str, str, str, bool, list[str]]]:
    """Serve public, type every query into the search box of Debian's Chromium on the home
    page of an edition ("" Chinese, "en/" English); per query (yaku ID, kind, query, hit,
    first 60 result links)."""
    return run_name_searches(public, [queries], edition, browser)[0]


def run_name_searches(public: Path, lists: list[list[tuple[str, str, str]]],
                      edition: str = "", browser: Any = None,
                      ) -> list[list[tuple[str, str, str, bool, list[str]]]]:
    """run_name_search for several lists of queries in one browser (the tests' own, or one
    started here), one page and one search index (starting them takes seconds each); each
    list is judged on its own (which yaku share a name is counted per list)."""
    # A query several lists (or forms of several yaku) share is typed once: the answer to
    # a text typed into the box is the same each time (about one query in eight repeats
    # another: a zh-Hans name written as the zh-Hant one, a Japanese name as the Chinese).
    distinct = list(dict.fromkeys(q for queries in lists for _yid, _kind, q in queries))
    with serving(public) as url, contextlib.ExitStack() as stack:
        if browser is None:
            from playwright.sync_api import sync_playwright

            p = stack.enter_context(sync_playwright())
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            stack.callback(browser.close)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        stack.callback(context.close)
        typed = dict(zip(distinct, SearchBox(context.new_page(), url + edition).search_many(
            distinct), strict=True))
    out = []
    for queries in lists:
        owners: dict[str, set[str]] = {}
        for yid, _kind, q in queries:
            owners.setdefault(q.casefold(), set()).add(yid)
        out.append([(yid, kind, q, is_hit(yid, q, typed[q], owners), typed[q][:60])
                    for yid, kind, q in queries])
    return out


def partial_queries(cat: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(yaku ID, "partial", query): per yaku and script, the longest part of its name (two
    or more characters, shorter than the name, variant number dropped) that no other yaku's
    name contains."""
    import re

    names = {n["id"]: (re.sub(r"[(（]\d+[)）]$", "", n["name"]["zh-Hant"]),
                       re.sub(r"[(（]\d+[)）]$", "", n["name"]["zh-Hans"]))
             for n in cat["nodes"] if n["kind"] == "yaku"}
    out = []
    for yid, forms in names.items():
        for form in dict.fromkeys(forms):
            parts = sorted({form[i:j] for i in range(len(form))
                            for j in range(i + 2, len(form) + 1)} - {form},
                           key=lambda p: (-len(p), p))
            for part in parts:
                owners = {o for o, fs in names.items() if any(part in f for f in fs)}
                if owners == {yid}:
                    out.append((yid, "partial", part))
                    break
    return out


@contextlib.contextmanager
def serving(public: Path) -> Iterator[str]:
    """A built site served on a free localhost port, for the browser tests: its base URL."""
    from tests.serving import running
    from yakubook.serve import make_server

    with running(make_server(public, 0, quiet=True)) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
