"""The left navigation groups the yaku by section (issue #41, point 6: it was one flat list
of 149 yaku): in both editions, under the yaku folder, each yaku's link sits in a group
whose label is its section's title (as the section's page is titled), in source order."""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.slow

YAKU_HREF = re.compile(r"yaku/(\d+-\d+)-[\d-]+/$")


def _groups(html: str, page: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(group label as shown, [(link text, href)]) for each nested group of the primary
    navigation that holds yaku links."""
    soup = BeautifulSoup(html, "html.parser")
    nav = soup.select_one("nav.md-nav--primary")
    out = []
    for item in nav.select("li.md-nav__item--nested"):
        label = item.find("label", recursive=False) or item.select_one(".md-nav__link")
        inner = item.find("nav", recursive=False)
        if inner is None:
            continue
        links = [(a.get_text(" ", strip=True), urljoin(page, a["href"]))
                 for a in inner.find("ul").find_all("a", recursive=True)
                 if YAKU_HREF.search(urljoin(page, a["href"]))]
        if links and not inner.select("li.md-nav__item--nested"):
            out.append((label.get_text(" ", strip=True), links))
    return out


@pytest.mark.parametrize("edition, section_title", [
    ("", "3-13 數牌的數字的合計的特殊役"),
    ("en/", "3-13 Special yaku of the total of the numbers on the number tiles")])
def test_yaku_are_grouped_by_section(built_site, cat, edition, section_title):
    html = (built_site.public / edition / "yaku" / "3-13-01" / "index.html").read_text(
        encoding="utf-8")
    groups = _groups(html, "/yaku/3-13-01/")
    sections = [n["id"] for n in cat["nodes"] if n["kind"] == "section"]
    assert [label.split(" ")[0] for label, _ in groups] == sections
    for label, links in groups:
        sid = label.split(" ")[0]
        assert all(YAKU_HREF.search(href).group(1) == sid for _, href in links), label
    by_label = dict(groups)
    assert section_title in by_label
    texts = [t for t, _ in by_label[section_title]]
    expected = "加賀百萬石(1)" if not edition else "Kaga Million Koku (1)"
    assert texts[0].startswith(expected), texts
    assert sum(len(links) for _, links in groups) == sum(
        1 for n in cat["nodes"] if n["kind"] == "yaku")
