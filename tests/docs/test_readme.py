"""The README is a front door (issue #40): under 250 lines, no section over 60, and every
relative link in it (pictures included) resolves to a file inside the repository, with its
#anchor when it names one; so do those of the developer guide, bench/RESULTS.md and the
changelog."""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from tests.docs.doc_blocks import LINK, README, ROOT, anchors

MAX_LINES = 250
MAX_SECTION = 60


def _sections(text: str) -> dict[str, int]:
    """Lines per section: the part before the first `## ` heading, then each `## ` one."""
    counts: dict[str, int] = {}
    name = "(introduction)"
    in_fence = False
    for line in text.splitlines():
        in_fence ^= line.startswith("```")
        if line.startswith("## ") and not in_fence:
            name = line
            counts[name] = 0
        counts[name] = counts.get(name, 0) + 1
    return counts


def _relative_links(text: str) -> list[str]:
    return [m["target"] for m in LINK.finditer(text)
            if not re.match(r"[a-z][a-z0-9+.-]*:", m["target"]) and not m["target"].startswith("#")]


def test_readme_is_short_and_its_sections_are_short():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_LINES
    long = {name: n for name, n in _sections(text).items() if n > MAX_SECTION}
    assert long == {}


def test_the_section_count_sees_a_long_section():
    assert _sections("# t\n## a\n" + "x\n" * 61) == {"(introduction)": 1, "## a": 62}


# The README and the documents it sends readers to, inside the repository.
LINKED_DOCS = [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "RESULTS.md",
               ROOT / "CHANGELOG.md"]


@pytest.mark.parametrize("doc", LINKED_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve_inside_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    links = _relative_links(text)
    if doc == README:
        assert len(links) >= 10  # the screenshots, the guides, bench/RESULTS.md, CHANGELOG.md …
    bad = []
    for link in links:
        target, _, fragment = unquote(link).partition("#")
        path = (doc.parent / target).resolve()
        outside = not path.is_relative_to(ROOT) or not path.exists()
        if outside or (fragment and path.suffix == ".md" and fragment not in anchors(path)):
            bad.append(link)
    assert bad == []


def test_link_check_reads_pictures_and_skips_web_links():
    text = "![a](docs/x.png) [b](https://example.org) [c](#here) [d](a/b.md#c)"
    assert _relative_links(text) == ["docs/x.png", "a/b.md#c"]


def test_readme_shows_the_two_screenshots():
    text = README.read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", text)
    assert pictures == ["docs/images/yaku-page.png", "docs/images/house-rules.png"]
    for picture in pictures:
        data = (ROOT / picture).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 200_000, picture
