"""Parse stage: cleaned logical lines of one chapter -> catalog nodes.

Line kinds: chapter title, section `3-NN`, entry `3-NN-NN[-NN…]`, 【內容】 (continued on
indented lines), 【條件】, option ａ…ｇ, conditional header `（如果…）`, free note, and the
ignorable separator (a lone `?` between sections). Anything else is an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from catalog import excerpt

LETTERS = "ａｂｃｄｅｆｇｈ"
SPACE = " \u3000"

TITLE = re.compile(r"^麻雀[規规][則则]全集\((\d+)\)\s*(.+)$")
SECTION = re.compile(r"^(3-\d\d)[ \u3000]+(.+)$")
ENTRY = re.compile(r"^(3-\d\d(?:-\d\d)+)[ \u3000]+(.+)$")
CONTENT = re.compile(r"^[ \u3000]*【[內内]容】[ \u3000]*(.*)$")
CONDITION = re.compile(r"^[ \u3000]*【[條条]件】[ \u3000]*(.*)$")
OPTION = re.compile(r"^[ \u3000]*([ａ-ｈ])[ \u3000]+(.*)$")
HEADER = re.compile(r"^（(如果.+)）$")
SEPARATOR = "?"


class ParseError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class Line:
    number: int  # source line number
    part: int  # logical line within the source line (split at <br/>)
    text: str
    indented: bool


@dataclass
class Node:
    id: str
    kind: str
    name: str
    line: int
    parent: str | None = None
    content: list[tuple[str, int]] = field(default_factory=list)
    condition: list[tuple[str, int]] = field(default_factory=list)
    notes: list[tuple[str, int]] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)
    applies_if: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class Chapter:
    title: tuple[str, int] | None
    nodes: list[Node]
    separators: list[int]


def _id_key(node_id: str) -> tuple[int, ...]:
    return tuple(int(p) for p in node_id.split("-"))


def parse_chapter(lines: list[Line]) -> Chapter:
    nodes: list[Node] = []
    by_id: dict[str, Node] = {}
    title = None
    separators: list[int] = []
    headers: list[tuple[int, str, int]] = []  # (depth, text, line) of headers in force
    pending_header: tuple[str, int] | None = None
    current: Node | None = None
    last_field: str | None = None  # "content" while 【內容】 may continue

    for ln in lines:
        text = ln.text.strip(SPACE)
        if not text:
            continue
        if text == SEPARATOR:
            separators.append(ln.number)
            last_field = None
            continue
        m = TITLE.match(text)
        if m and not nodes and title is None:
            title = (text, ln.number)
            continue
        m = ENTRY.match(text) or SECTION.match(text)
        if m and not ln.indented:
            node_id, name = m.group(1), m.group(2).strip(SPACE)
            if node_id in by_id:
                raise ParseError(ln.number, f"duplicate ID {node_id}")
            if nodes and _id_key(node_id) <= _id_key(nodes[-1].id):
                raise ParseError(ln.number, f"ID {node_id} out of order after {nodes[-1].id}")
            depth = node_id.count("-")
            parent = None
            parts = node_id.split("-")
            for k in range(len(parts) - 1, 1, -1):
                cand = "-".join(parts[:k])
                if cand in by_id:
                    parent = cand
                    break
            if depth >= 2 and parent is None:
                raise ParseError(ln.number, f"ID {node_id} has no parent entry before it")
            if depth >= 3 and parent is not None and parent.count("-") != depth - 1:
                raise ParseError(ln.number, f"ID {node_id} skips a level under {parent}")
            kind = "section" if depth == 1 else ("yaku" if depth == 2 else "rule")
            node = Node(node_id, kind, name, ln.number, parent)
            headers = [h for h in headers if h[0] <= depth]
            if pending_header is not None:
                headers = [h for h in headers if h[0] < depth]
                headers.append((depth, pending_header[0], pending_header[1]))
                pending_header = None
            if kind == "rule":
                node.applies_if = [(t, n) for _, t, n in headers]
            if depth <= 2:
                headers = []
            nodes.append(node)
            by_id[node_id] = node
            current = node
            last_field = None
            continue
        if current is None:
            raise ParseError(ln.number, f"text before the first section: {excerpt(text)}")
        m = CONTENT.match(ln.text)
        if m:
            current.content.append((m.group(1).strip(SPACE), ln.number))
            if current.kind == "rule":
                current.kind = "yaku"  # a nested entry with its own 【內容】 is a yaku
            last_field = "content"
            continue
        m = CONDITION.match(ln.text)
        if m:
            current.condition.append((m.group(1).strip(SPACE), ln.number))
            last_field = None
            continue
        m = OPTION.match(ln.text)
        if m:
            letter = m.group(1)
            expected = LETTERS[len(current.options)]
            if letter != expected:
                ascii_of = "abcdefgh"
                raise ParseError(
                    ln.number,
                    f"option {ascii_of[LETTERS.index(letter)]} of {current.id} where "
                    f"{ascii_of[len(current.options)]} was expected (gap or disorder in option "
                    "letters)",
                )
            current.options.append(
                {
                    "letter": "abcdefgh"[LETTERS.index(letter)],
                    "text": m.group(2).strip(SPACE),
                    "line": ln.number,
                    "part": ln.part,
                    "notes": [],
                }
            )
            last_field = None
            continue
        m = HEADER.match(text)
        if m:
            pending_header = (m.group(1), ln.number)
            last_field = None
            continue
        if last_field == "content" and ln.indented:
            current.content.append((text, ln.number))
            continue
        if re.match(r"^[ \u3000]*[a-zA-Z0-9\-]*[<>]", ln.text) or text == "\ufffd":
            raise ParseError(ln.number, f"line of unknown shape: {excerpt(text)}")
        if text.startswith("（") and text.endswith("）") and current.options:
            # A parenthesized remark right after an option explains that option.
            current.options[-1]["notes"].append((text, ln.number))
            continue
        if _looks_like_note(text):
            current.notes.append((text, ln.number))
            last_field = None
            continue
        raise ParseError(ln.number, f"line of unknown shape: {excerpt(text)}")
    if pending_header is not None:
        raise ParseError(pending_header[1], "conditional header with no entry after it")
    return Chapter(title, nodes, separators)


def _looks_like_note(text: str) -> bool:
    """A free note: prose in CJK, not an ID, option, tag or stray fragment."""
    cjk = sum(1 for c in text if "\u3400" <= c <= "\u9fff")
    return cjk >= 3 and not re.match(r"^[0-9\-]+$", text)
