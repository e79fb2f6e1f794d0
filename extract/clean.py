"""Clean stage: HTML remnants and pinyin annotations.

A `<br/>` joined two source lines (two options on one line); it splits them again. A `</p>`
closes nothing the catalog needs. A converter inserted pinyin after some characters
(`規(guī)則`); those annotations go, real parentheses (`加賀百萬石(1)`, `（如果有…）`) stay.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from extract.repair import PINYIN_VOWELS

# ASCII parentheses holding one tone-marked pinyin syllable, right after a CJK character.
PINYIN_ANNOTATION = re.compile(
    r"(?<=[\u3400-\u9fff\uf900-\ufaff])\((?:[a-zü]*[" + PINYIN_VOWELS + r"][a-zü]*)\)"
)
HTML_HINT = re.compile(r"</?[a-zA-Z][^>]*>")
# A character reference, decoded the same way on every line (the HTML parser decodes them
# on lines that hold a tag; html.unescape does on the others).
ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufffd]")


class EntityError(ValueError):
    """A character reference that stands for a control character or nothing."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def entities(text: str) -> list[str]:
    """The character references of a line; EntityError for one that decodes to a control
    character or to U+FFFD (which the catalog reserves for characters the sources lost)."""
    found = []
    for m in ENTITY.finditer(text):
        ref = m.group()
        decoded = html.unescape(ref)
        if decoded == ref:
            continue  # not a name HTML knows: plain text
        # html.unescape drops references to most control characters and turns others into
        # U+FFFD or a Windows-1252 character: say which code point the source wrote.
        if ref.startswith("&#"):
            digits = ref[2:-1]
            code = int(digits[1:], 16) if digits[:1] in "xX" else int(digits)
            written = chr(code) if code <= 0x10FFFF else "\ufffd"
        else:
            written = decoded
        if not decoded or FORBIDDEN.search(decoded) or FORBIDDEN.search(written):
            code = ord(written[0]) if written else 0
            what = "the mark of a lost character" if code == 0xFFFD else "a control character"
            raise EntityError(f"HTML entity {ref[:20]} stands for U+{code:04X} ({what})")
        found.append(ref)
    return found


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
    if REMNANTS_ONLY.fullmatch(text):
        return _split_remnants(text)
    from bs4 import BeautifulSoup  # a tenth of a second to import: only when needed

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


# The chapters' HTML remnants are `<br/>` and `</p>` in plain text (no other markup, no
# character reference): such a line is split here exactly as the HTML parser would split it
# (`test_remnants_split_as_the_html_parser_splits_them`), without loading the parser.
REMNANTS_ONLY = re.compile(r"(?:[^<>&]|<br/>|</p>)*")
REMNANT = re.compile(r"(<br/>|</p>)")
# The parser (BeautifulSoup) turns a text between two tags that is nothing but these ASCII
# spaces into one space, or one newline if it holds one.
ASCII_SPACES = frozenset("\x20\x0a\x09\x0c\x0d")


def _split_remnants(text: str) -> list[str]:
    parts = [""]
    for piece in REMNANT.split(text):
        if piece == "<br/>":
            parts.append("")
        elif piece != "</p>" and piece:
            if ASCII_SPACES.issuperset(piece):
                piece = "\n" if "\n" in piece else " "
            parts[-1] += piece
    return parts


def clean_line(text: str) -> list[CleanPart]:
    text, pinyin = strip_pinyin(text)
    refs = entities(text)
    removed = tuple(f"pinyin {p}" for p in pinyin)
    tags = tuple(HTML_HINT.findall(text))
    parts = split_html(text) if tags else [html.unescape(text) if refs else text]
    removed += tags + tuple(refs)
    out = []
    for i, part in enumerate(parts):
        part = part.rstrip(" \u3000") if i < len(parts) - 1 else part
        out.append(CleanPart(part, i, removed if i == 0 else ()))
    return out
