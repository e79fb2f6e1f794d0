"""Bounded input: every TOML and JSON the project reads goes through here first.

Two costs are paid before any parser runs, so no input can exhaust memory or the stack:

- `read_capped` reads a file in chunks and stops one byte past its cap, so `/dev/zero`, a
  FIFO or a 300 MB file costs at most the cap (a `stat` size is not trusted: devices and
  pipes report 0).
- `check_toml_shape` scans TOML text once, linearly, and refuses a dotted key with more than
  MAX_KEY_PARTS parts or data nested deeper than MAX_TOML_DEPTH. tomllib's cost grows with
  the square of a key's parts (`a.a.a…`: 4,000 parts take seconds, 120 KB of them exhaust
  memory), and it recurses once per nested array or inline table (RecursionError).

Errors are `BoundedInputError(line, message)`; the callers add the file name.
"""

from __future__ import annotations

import re
from pathlib import Path

MAX_KEY_PARTS = 10  # the deepest key a curated file or preset writes has 3 parts
MAX_TOML_DEPTH = 16  # tables, arrays and inline tables, counted together
_CHUNK = 1 << 16


class BoundedInputError(ValueError):
    """Input refused before parsing; `line` is 1-based, or None for the whole file."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line, self.message = line, message
        super().__init__(f"line {line}: {message}" if line else message)


def read_capped(path: Path, limit: int) -> bytes:
    """The bytes of `path`, or BoundedInputError when it holds more than `limit` bytes.

    Reads at most limit + 1 bytes whatever the file is. OSError passes through.
    """
    parts: list[bytes] = []
    size = 0
    with path.open("rb") as f:
        while size <= limit:
            chunk = f.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
    if size > limit:
        raise BoundedInputError(None, f"more than the {limit} bytes allowed")
    return b"".join(parts)


# One token for each string or comment (skipped whole, so that brackets, dots and quotes
# inside do not count) and for each character that decides TOML's structure; bare words,
# numbers and spaces are passed over inside the regex engine. A string that does not end
# matches only its opening quotes (the *_START tokens): tomllib refuses the file there.
_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"{0,2}"""|(?P<ml_basic_start>""")'
    r"|'''.*?'{0,2}'''|(?P<ml_literal_start>''')"
    r'|"(?:[^"\\\n]|\\.)*"|(?P<basic_start>")'
    r"|'[^'\n]*'|(?P<literal_start>')"
    r"|#[^\n]*"
    r"|[\[\]{}=,.\n]",
    re.S,
)


def check_toml_shape(text: str) -> None:
    """Refuse TOML whose keys have too many parts or whose data nests too deep.

    A linear scan that follows TOML's structure closely enough to count: key parts (dots
    outside strings before `=`, or inside a `[table]` header) and the nesting of table
    headers, arrays and inline tables. It does not validate; tomllib does that after, and
    stops where this scan stops (an unterminated string).
    """
    line = 1
    stack: list[tuple[str, int]] = []  # ("[" or "{", depth of the data it holds)
    table_depth = 0  # depth of the current [table] header's data
    in_key, in_header = True, False
    parts = 1
    value_depth: int | None = None  # depth of the value after the last `=`
    tokens = _TOKEN.finditer(text)
    for m in tokens:
        char = m.group()
        if m.lastgroup:  # an unterminated string
            return
        if char[0] in "\"'#":
            if len(char) > 2:
                line += char.count("\n")
        elif char == "\n":
            line += 1
            if not stack:
                in_key, parts, value_depth = True, 1, None
        elif char == "[" and in_key and not stack and not in_header:
            in_header, parts = True, 1
            table_depth = 0
            if text.startswith("[", m.end()):  # [[array of tables]]: one level for the list
                table_depth = 1
                next(tokens)
        elif char == ".":
            if in_key:
                parts += 1
                if parts > MAX_KEY_PARTS:
                    raise BoundedInputError(
                        line, f"a key with more than {MAX_KEY_PARTS} dotted parts"
                    )
        elif char == "]" and in_header:
            in_header = in_key = False
            table_depth += parts
            _check_depth(table_depth, line)
        elif char == "=":
            if in_key:
                container = stack[-1][1] if stack else table_depth
                value_depth = container + parts
                in_key = False
        elif char in "[{":
            if value_depth is not None:
                depth, value_depth = value_depth + 1, None
            else:
                depth = (stack[-1][1] if stack else table_depth) + 1
            _check_depth(depth, line)
            stack.append((char, depth))
            if char == "{":
                in_key, parts = True, 1
        elif char in "]}":
            if stack:
                stack.pop()
            in_key = False
        elif char == "," and stack and stack[-1][0] == "{":
            in_key, parts, value_depth = True, 1, None


def _check_depth(depth: int, line: int) -> None:
    if depth > MAX_TOML_DEPTH:
        raise BoundedInputError(line, f"data nested more than {MAX_TOML_DEPTH} levels deep")
