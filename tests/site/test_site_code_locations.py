"""Each yaku page's "body:" location names the hand-written function that implements that
yaku, in the checkout as it is now (after the engine's move to yakubook/engine/)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.conftest import ROOT

DOCS = ROOT / "site" / "docs"
BODY = re.compile(r"body: <code>([^<]+)</code>")


def _locations(page: Path) -> list[tuple[str, int]]:
    out = []
    for text in BODY.findall(page.read_text(encoding="utf-8")):
        path, _, line = html.unescape(text).rpartition(":")
        out.append((path, int(line)))
    return out


def _implements_above(lines: list[str], def_index: int) -> str:
    """The decorator lines right above a def (the @implements call may span lines)."""
    start = def_index
    while start > 0 and (lines[start - 1].startswith(("@", " ", ")")) and
                         not lines[start - 1].startswith("def ")):
        start -= 1
    return "\n".join(lines[start:def_index])


PAGES = sorted((DOCS / "yaku").glob("*.md")) + sorted((DOCS / "en" / "yaku").glob("*.md"))


def test_pages_name_body_locations():
    assert sum(len(_locations(p)) for p in PAGES) >= 2 * 140  # 149 yaku, nearly all done


def _wrong(page: Path) -> list[str]:
    wrong = []
    for path, line in _locations(page):
        file = ROOT / path
        if not path.startswith("yakubook/engine/bodies/") or not file.is_file():
            wrong.append(f"{page.name}: {path} is not a body module")
            continue
        lines = file.read_text(encoding="utf-8").splitlines()
        if not (0 < line <= len(lines) and lines[line - 1].startswith("def ")
                and f'"{page.stem}"' in _implements_above(lines, line - 1)):
            wrong.append(f"{page.name}: {path}:{line} is not the def implementing {page.stem}")
    return wrong


def test_each_body_location_is_the_def_implementing_the_page_s_yaku():
    assert [w for page in PAGES for w in _wrong(page)] == []


def test_a_moved_location_is_found(tmp_path: Path):
    # A line next to 3-13-01's def (where it stood before an edit above it) and a module
    # that moved: both wrong. The line is found from today's file, not written in.
    lines = (ROOT / "yakubook/engine/bodies/s3_13.py").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("def kaga_hyakumangoku_1("))
    moved = at + 2  # 1-based: the line after the def
    page = tmp_path / "3-13-01.md"
    page.write_text(f"body: <code>yakubook/engine/bodies/s3&#95;13.py&#58;{moved}</code>\n"
                    "body: <code>yaku/bodies/s3&#95;13.py&#58;60</code>\n", encoding="utf-8")
    assert len(_wrong(page)) == 2
