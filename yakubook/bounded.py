"""Bounded input: every TOML and JSON the project reads goes through here first.

The engine reads untrusted input (`--rules`, the page's import, a winning hand's JSON) and the
build reads the curated files with the same rules, so this module lives in the engine and
needs the standard library only (it ships in the wheel and runs in Pyodide); `catalog`
re-exports it for the builder.

Two costs are paid before any parser runs, so no input can exhaust memory or the stack:

- `read_capped` reads a file in chunks and stops one byte past its cap, so `/dev/zero`, a
  FIFO or a 300 MB file costs at most the cap (a `stat` size is not trusted: devices and
  pipes report 0).
- `check_toml_shape` scans TOML text once, linearly, and refuses a dotted key with more than
  MAX_KEY_PARTS parts or data nested deeper than MAX_TOML_DEPTH. tomllib's cost grows with
  the square of a key's parts (`a.a.a…`: 4,000 parts take seconds, 120 KB of them exhaust
  memory), and it recurses once per nested array or inline table (RecursionError).

Errors are `CuratedError(file, line, message)`: `file:line: what is wrong`.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

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
    with _open_without_waiting(path) as f:
        while size <= limit:
            chunk = f.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            parts.append(chunk)
            size += len(chunk)
    if size > limit:
        raise BoundedInputError(None, f"more than the {limit} bytes allowed")
    return b"".join(parts)


def _open_without_waiting(path: Path) -> BinaryIO:
    """path opened for reading in binary. A FIFO nobody writes to would block open() for
    ever; opened with O_NONBLOCK it opens at once and reads as empty (a pipe with a
    writer, `<(cat win.json)`, reads as usual: blocking is switched back on)."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    if not isinstance(path, (str, os.PathLike)) or not nonblocking:
        return path.open("rb")  # a file-like path of a test, or a system without FIFOs
    fd = os.open(path, os.O_RDONLY | nonblocking)
    try:
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


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


MAX_CURATED_BYTES = 4 * 1024 * 1024  # a curated file is hand-kept: a few hundred KiB at most
MAX_CURATED_STRING = 2000  # characters in one value
QUOTE_LIMIT = 80  # characters of offending text an error message quotes

# Characters no curated text needs and a terminal or a page must never receive: C0/C1
# controls (tab and line feed excepted; a line feed is refused in one-line fields, see
# TomlDoc.string), DEL, line/paragraph separators, and every format character (Unicode
# category Cf, as of Unicode 14: bidirectional marks, overrides and isolates, U+061C,
# zero-width characters, the BOM, tags). tests/build/test_limits.py checks the Cf list
# against unicodedata.
FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f"
)
CONTROL = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{FORMAT_CHARACTERS}]")


def excerpt(text: str, limit: int = QUOTE_LIMIT) -> str:
    """At most `limit` characters of `text`, quoted, control characters escaped."""
    short = text if len(text) <= limit else text[:limit] + "…"
    return repr(short)


# Containers are shown by their first items and nesting is cut, so that quoting a
# 400,000-item list or a tuple nested 100,000 deep costs no more than quoting a short one.
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = _SHORT_REPR.maxlong = QUOTE_LIMIT
for _name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_SHORT_REPR, _name, QUOTE_LIMIT // 2)  # enough items to fill the limit


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Any value as an error message quotes it: at most `limit` characters of its repr
    (a string: `excerpt`), whatever its size or depth."""
    if isinstance(value, str):
        return excerpt(value, limit)
    try:
        shown = _SHORT_REPR.repr(value)
    except Exception:  # a caller's object whose __repr__ fails: its type is enough
        shown = f"<{type(value).__name__}>"
    return shown if len(shown) <= limit else shown[:limit] + "…"


def show_key(key: str) -> str:
    """A key as an error message names it: plain when it is a short ASCII word or ID,
    quoted and escaped otherwise."""
    return key if re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", key) else excerpt(key)


class CuratedError(ValueError):
    """A curated or input file is wrong: `file:line: what is wrong`."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {message}")


_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY_PART = rf"(?:{_QUOTED}|{_BARE})"
_DOTTED = rf"{_KEY_PART}(?:\s*\.\s*{_KEY_PART})*"
_HEADER_LINE = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?\s*(?:#.*)?$")
_KEY_LINE = re.compile(rf"^\s*({_DOTTED})\s*=")
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column \d+\)$")


def _key_path(dotted: str) -> tuple[str, ...]:
    """The keys of a dotted TOML key as TOML reads them (quotes and escapes resolved);
    () for text that only looks like a key (inside a string the line scan misread)."""
    if re.fullmatch(_BARE, dotted):
        return (dotted,)
    if re.fullmatch(r'"[^"\\]*"', dotted):
        return (dotted[1:-1],)
    if len(dotted) > 2000 or dotted.count(".") > 4 * MAX_KEY_PARTS:
        # Not a key the file has (the shape check refused longer ones before parsing):
        # text inside a string the line scan misread, kept from tomllib's quadratic cost.
        return ()
    try:
        node: Any = tomllib.loads(f"{dotted} = 0")
    except tomllib.TOMLDecodeError:
        return ()
    path = []
    while isinstance(node, dict):
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return tuple(path)


@dataclass
class TomlDoc:
    """A parsed TOML file that knows on which line each table and key was written.

    Paths are tuples of keys, with a 0-based index for each `[[array]]` table:
    ("example", 3, "hand") is the `hand` of the fourth `[[example]]`.
    """

    rel: str
    data: dict[str, Any]
    lines: dict[tuple[Any, ...], int]

    def line(self, *path: Any) -> int | None:
        for i in range(len(path), 0, -1):
            found = self.lines.get(tuple(path[:i]))
            if found is not None:
                return found
        return None

    def error(self, path: tuple[Any, ...], message: str) -> CuratedError:
        return CuratedError(self.rel, self.line(*path), message)

    def string(
        self, path: tuple[Any, ...], value: Any, *, required: bool = True, lines: bool = False
    ) -> str:
        """`value` checked to be a string without control characters, within the limit;
        one line unless `lines`."""
        if not isinstance(value, str):
            raise self.error(path, f"{_dotted(path)} must be a string, not {_toml_type(value)}")
        if required and not value.strip():
            raise self.error(path, f"{_dotted(path)} is empty")
        if len(value) > MAX_CURATED_STRING:
            raise self.error(
                path,
                f"{_dotted(path)} is {len(value)} characters long "
                f"(limit {MAX_CURATED_STRING}): {excerpt(value)}",
            )
        bad = CONTROL.search(value) or (None if lines else re.search("\n", value))
        if bad:
            raise self.error(
                path, f"{_dotted(path)} holds control character U+{ord(bad.group()):04X}"
            )
        return value

    def strings(self, path: tuple[Any, ...], value: Any) -> list[str]:
        if not isinstance(value, list):
            raise self.error(
                path, f"{_dotted(path)} must be a list of strings, not {_toml_type(value)}"
            )
        return [self.string((*path, i), v) for i, v in enumerate(value)]

    def table(self, path: tuple[Any, ...], value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(path, f"{_dotted(path)} must be a table, not {_toml_type(value)}")
        return value


def _dotted(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p + 1}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out or "the file"


def _toml_type(value: Any) -> str:
    names = {
        str: "a string",
        bool: "a boolean",
        int: "an integer",
        float: "a float",
        list: "an array",
        dict: "a table",
    }
    return names.get(type(value), type(value).__name__)


def _key_lines(text: str) -> dict[tuple[Any, ...], int]:
    lines: dict[tuple[Any, ...], int] = {}
    table: tuple[Any, ...] = ()
    arrays: dict[tuple[Any, ...], int] = {}
    in_multiline = False
    for number, raw in enumerate(text.split("\n"), start=1):
        quotes = raw.count('"""') + raw.count("'''")
        if in_multiline:
            in_multiline = quotes % 2 == 0
            continue
        header = _HEADER_LINE.match(raw)
        path = _key_path(header.group(2)) if header else ()
        if header and path:
            if header.group(1) == "[[":
                index = arrays.get(path, -1) + 1
                arrays[path] = index
                table = (*path, index)
            else:
                table = path
            lines.setdefault(table, number)
            continue
        key = _KEY_LINE.match(raw)
        keys = _key_path(key.group(1)) if key else ()
        if keys:
            lines.setdefault((*table, *keys), number)
            in_multiline = quotes % 2 == 1
    return lines


def load_toml(text: str, rel: str) -> dict[str, Any]:
    """TOML text -> data, or CuratedError `rel:line: message`: the one way the project
    parses TOML (curated files, rulesets/ presets, `--rules`, the page's import). Keys with
    too many dotted parts and too deep nesting are refused before tomllib, whose cost
    grows with the square of a key's parts and which recurses once per nesting level."""
    check_text_size(text, rel, MAX_CURATED_BYTES)
    try:
        check_toml_shape(text)
    except BoundedInputError as e:
        raise CuratedError(rel, e.line, e.message) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        m = _TOML_POSITION.search(message)
        line = int(m.group(1)) if m else None
        message = _TOML_POSITION.sub("", message)
        twice = _key_given_twice(text, line) if message.startswith(_TWICE) else None
        if twice is not None:
            raise CuratedError(rel, line, f"{twice} is given twice") from None
        # tomllib quotes keys whole ("Cannot declare ('a', …) twice"): cut to the limit.
        raise CuratedError(rel, line, f"not valid TOML: {_clip(message)}") from None


# tomllib's words for a key (or table) written a second time: the last would win in a
# format without this rule, so the message names the key.
_TWICE = ("Cannot overwrite a value", "Cannot declare", "Cannot mutate")


def _key_given_twice(text: str, line: int | None) -> str | None:
    """The key (or table header) written on `line` as a message names it."""
    if line is None:
        return None
    raw = text.split("\n", line)[line - 1] if text.count("\n") >= line - 1 else ""
    found = _HEADER_LINE.match(raw) or _KEY_LINE.match(raw)
    if found is None:
        return None
    if found.re is _HEADER_LINE:
        header = found.group(2)
        shown = header if len(header) <= QUOTE_LIMIT else header[:QUOTE_LIMIT] + "…"
        return f"the table {found.group(1)}{shown}{found.group(1).replace('[', ']')}"
    return f"the key {show_key(found.group(1))}"


def _clip(message: str) -> str:
    return message if len(message) <= 2 * QUOTE_LIMIT else message[: 2 * QUOTE_LIMIT] + "…"


def check_text_size(text: str | bytes, rel: str, limit: int) -> None:
    # A character is at least one byte: a text of more than `limit` characters is over.
    if len(text) > limit:
        raise CuratedError(rel, None, f"more than the {limit} bytes allowed")


def decode_utf8(data: bytes, rel: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise CuratedError(rel, line, f"not UTF-8 (byte 0x{data[e.start]:02x})") from None


def read_bytes(path: Path, rel: str, limit: int = MAX_CURATED_BYTES) -> bytes:
    """A file's bytes, read no further than `limit` + 1 (a device or FIFO stops there)."""
    try:
        return read_capped(path, limit)
    except BoundedInputError as e:
        raise CuratedError(rel, None, e.message) from None
    except OSError as e:
        raise CuratedError(rel, None, f"cannot read: {e.strerror}") from None


def read_text(path: Path, rel: str, limit: int = MAX_CURATED_BYTES) -> str:
    return decode_utf8(read_bytes(path, rel, limit), rel)


def load_json(text: str, rel: str) -> Any:
    """JSON text -> data, or CuratedError `rel:line: message` (never a traceback: json's
    decoder recurses once per nesting level)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise CuratedError(rel, e.lineno, f"not valid JSON: {e.msg}") from None
    except RecursionError:
        raise CuratedError(rel, None, "not valid JSON: nested too deep") from None


def read_json(path: Path, rel: str, limit: int) -> Any:
    return load_json(read_text(path, rel, limit), rel)


def parse_toml(data: bytes, rel: str) -> TomlDoc:
    """Bytes of a curated TOML file -> TomlDoc, or CuratedError with the line."""
    check_text_size(data, rel, MAX_CURATED_BYTES)
    text = decode_utf8(data, rel)
    return TomlDoc(rel, load_toml(text, rel), _key_lines(text))


def read_toml(path: Path, rel: str) -> TomlDoc:
    return parse_toml(read_bytes(path, rel), rel)
