"""Clean stage: HTML remnants and pinyin annotations.

A `<br/>` joined two source lines (two options on one line); it splits them again. A `</p>`
closes nothing the catalog needs. A converter inserted pinyin after some characters
(`規(guī)則`); those annotations go, real parentheses (`加賀百萬石(1)`, `（如果有…）`) stay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup

from extract.repair import PINYIN_VOWELS

# ASCII parentheses holding one tone-marked pinyin syllable, right after a CJK character.
PINYIN_ANNOTATION = re.compile(
    r"(?<=[\u3400-\u9fff\uf900-\ufaff])\((?:[a-zü]*[" + PINYIN_VOWELS + r"][a-zü]*)\)"
)
HTML_HINT = re.compile(r"</?[a-zA-Z][^>]*>")


@dataclass(frozen=True)
class CleanPart:
    text: str
    part: int  # 0 for the first logical line of a source line, 1 after the first <br/>, ...
    removed: tuple[str, ...]  # what the stage removed, for the repair report


def strip_pinyin(text: str) -> tuple[str, list[str]]:
    found = PINYIN_ANNOTATION.findall(text)
    return PINYIN_ANNOTATION.sub("", text), found


def split_html(text: str) -> list[str]:
    """Split a line at its <br/> tags and drop closing tags, via the HTML parser."""
    if not HTML_HINT.search(text):
        return [text]
    soup = BeautifulSoup(text, "html.parser")
    parts: list[str] = [""]
    for node in soup.contents:
        name = getattr(node, "name", None)
        if name == "br":
            parts.append("")
        elif name is None:
            parts[-1] += str(node)
        else:
            # A tag we do not expect wraps text: keep the text, lose the markup.
            parts[-1] += node.get_text()
    return parts


def clean_line(text: str) -> list[CleanPart]:
    text, pinyin = strip_pinyin(text)
    removed = tuple(f"pinyin {p}" for p in pinyin)
    html = tuple(HTML_HINT.findall(text))
    parts = split_html(text)
    out = []
    for i, part in enumerate(parts):
        part = part.rstrip(" \u3000") if i < len(parts) - 1 else part
        out.append(CleanPart(part, i, (removed + html) if i == 0 else ()))
    return out
