"""Crawl the built site: every internal link resolves, and every page and anchor the site
had before the yaku got pages of their own (tests/site/data/old_links.json, saved from the
site built at commit 71af5ab) still reaches the same content: a yaku or rule-question anchor
of a section page (sections/3-13/#3-13-01) is a link to the node's new place (followed by
assets/yakubook.js), where an element with that ID shows the same name."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from bs4 import BeautifulSoup, SoupStrainer

# One worker crawls the built site (the `crawl` fixture), not both (--dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("site-crawl")]

DATA = Path(__file__).parent / "data" / "old_links.json"
NODE_ID = re.compile(r"^\d+(?:-\d+)+$")


class _LinksAndIds(HTMLParser):
    """A page's link targets and element ids, read without building its tree (the crawl's
    first test parsed each of ~500 pages into BeautifulSoup for these alone)."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.add(value)
            elif name == "href" and tag == "a":
                self.hrefs.append(value or "")


class Crawl:
    def __init__(self, public: Path) -> None:
        self.public = public
        self._soups: dict[str, BeautifulSoup] = {}
        self._ids: dict[str, dict[str, object]] = {}
        self._links: dict[str, _LinksAndIds] = {}

    def links_and_ids(self, url_path: str) -> _LinksAndIds:
        if url_path not in self._links:
            parser = _LinksAndIds()
            parser.feed(self.file_of(url_path).read_text(encoding="utf-8"))
            parser.close()
            self._links[url_path] = parser
        return self._links[url_path]

    def file_of(self, url_path: str) -> Path:
        rel = unquote(url_path).lstrip("/")
        path = self.public / rel
        return path / "index.html" if rel == "" or rel.endswith("/") else path

    def soup(self, url_path: str) -> BeautifulSoup:
        if url_path not in self._soups:
            # Only elements with an id (and what is inside them) are ever looked up: the
            # tree of the rest of a ~250-page crawl is not built (half its time).
            self._soups[url_path] = BeautifulSoup(
                self.file_of(url_path).read_text(encoding="utf-8"), "html.parser",
                parse_only=SoupStrainer(id=True))
        return self._soups[url_path]

    def element(self, url_path: str, anchor: str):  # type: ignore[no-untyped-def]
        # Every element with an id, once per page (the first of equal ids, as find does):
        # a search of the whole page per link made this crawl take minutes.
        if url_path not in self._ids:
            ids: dict[str, object] = {}
            for el in self.soup(url_path).find_all(id=True):
                ids.setdefault(el["id"], el)
            self._ids[url_path] = ids
        return self._ids[url_path].get(anchor)


@pytest.fixture(scope="module")
def crawl(built_site) -> Crawl:
    return Crawl(built_site.public)


def _text(el) -> str:  # type: ignore[no-untyped-def]
    return " ".join(el.get_text(" ", strip=True).replace("¶", "").split())


def test_every_internal_link_resolves(crawl, built_site):
    pages = sorted(p for p in built_site.public.rglob("*.html") if p.name != "404.html")
    checked = 0
    for page in pages:
        url = "/" + page.relative_to(built_site.public).as_posix().removesuffix("index.html")
        for href in crawl.links_and_ids(url).hrefs:
            target = urlparse(urljoin(f"http://site{url}", href))
            if target.netloc != "site" or target.scheme not in ("http", ""):
                continue
            file = crawl.file_of(target.path)
            assert file.exists(), f"{url}: link {href} to a missing page"
            if target.fragment:
                assert unquote(target.fragment) in crawl.links_and_ids(target.path).ids, \
                    f"{url}: link {href} to a missing anchor"
            checked += 1
    assert checked > 3000


def test_old_pages_and_anchors_reach_the_same_content(crawl):
    old = json.loads(DATA.read_text(encoding="utf-8"))
    for page in old["pages"]:
        assert crawl.file_of(page).exists(), page
    moved = 0
    for link, text in old["anchors"].items():
        page, anchor = link.split("#", 1)
        broken = re.search(r"\{ #([\w-]+) \}$", text)
        if broken:
            # a heading that showed its attribute list as text (issue 9, point 9) had an
            # anchor made of its words and count (implemented149-implemented), which changed
            # with every count; the intended anchor is the one it spelled out
            assert crawl.element(page, broken.group(1)) is not None, link
            continue
        el = crawl.element(page, anchor)
        assert el is not None, f"{link} no longer exists"
        if not NODE_ID.match(anchor) or page == "/":
            continue
        name = text.removeprefix(anchor).strip()
        if el.name == "a" and "yb-moved" in el.get("class", []):
            target = urlparse(urljoin(f"http://site{page}", el["href"]))
            fragment = unquote(target.fragment) or anchor
            assert fragment == anchor, link
            new = crawl.element(target.path, fragment)
            assert new is not None, f"{link} moved to {el['href']}, which lacks #{anchor}"
            moved += 1
        else:
            new = el
        assert name in _text(new), f"{link}: {name!r} not in {_text(new)!r}"
    assert moved > 250


def test_the_redirect_script_follows_a_moved_anchor(built_site):
    script = (built_site.public / "assets" / "yakubook.js").read_text(encoding="utf-8")
    assert "yb-moved" in script and "location.replace" in script
    html = (built_site.public / "sections" / "3-13" / "index.html").read_text(encoding="utf-8")
    assert "assets/yakubook.js" in html
