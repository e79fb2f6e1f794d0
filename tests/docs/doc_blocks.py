"""Reading the documentation as data: its fenced code blocks and its links (issue #40)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDE = ROOT / "site" / "guide"
WIN_FORMAT = ROOT / "yakubook" / "engine" / "WIN_FORMAT.md"

# A fence opens with ``` and a language, and closes with a bare ``` (none of these files
# nests fences).
_FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<code>.*?)^```[ \t]*$", re.M | re.S)
# [text](target) and ![alt](target); the target up to the first space or ")"
LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # the line of the opening fence
    lang: str
    code: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def documents() -> list[Path]:
    """The README and every page of the user guide (the Win format included)."""
    return [README, *sorted(GUIDE.glob("*.md")), WIN_FORMAT]


def blocks(path: Path, lang: str) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    return [
        Block(path, text.count("\n", 0, m.start()) + 1, m["lang"], m["code"])
        for m in _FENCE.finditer(text)
        if m["lang"] == lang
    ]


def all_blocks(lang: str) -> list[Block]:
    return [b for path in documents() for b in blocks(path, lang)]


def shell_commands(block: Block) -> list[tuple[int, str]]:
    """(line, command) for each command of a sh block: comments dropped, `a && b` split."""
    out = []
    for offset, raw in enumerate(block.code.splitlines(), start=1):
        line = re.sub(r"\s+#.*$", "", raw).strip()
        if not line or line.startswith("#"):
            continue
        out += [(block.line + offset, part.strip()) for part in line.split("&&")]
    return out


def slug(heading: str) -> str:
    """The anchor GitHub (and MkDocs' toc) gives a heading: lower case, punctuation
    dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m[1]) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*$", text, re.M)}
