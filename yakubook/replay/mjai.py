"""mjai JSONL logs: one event per line (``start_kyoku``, ``tsumo``, ``dahai`` … ``hora``),
as riichienv and Mortal write them; gzip-compressed files (``.gz``, as Mortal keeps its
logs) are read as they are. Lines are read one at a time: a log of any length runs in
bounded memory."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path
from typing import IO, Any

from yakubook.replay.common import EventStream
from yakubook.replay.rebuild import UNREADABLE

# A longer line is no mjai event (the longest, start_kyoku, is well under 1 KB).
MAX_LINE = 64 * 1024
GZIP_MAGIC = b"\x1f\x8b"


def open_log(path: Path) -> IO[bytes]:
    """The file's bytes, uncompressed when it is gzip (by its first bytes, not its name)."""
    raw = path.open("rb")
    if raw.peek(2)[:2] == GZIP_MAGIC:
        return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    return raw


def read_events(stream: IO[bytes]) -> EventStream:
    """(line, event) for every non-blank line; a line that is not a JSON object becomes an
    ``unreadable line`` event carrying what is wrong."""
    # A text layer decodes in C; a byte that is not UTF-8 becomes U+FFFD, so its line
    # fails as JSON (or names an unknown tile) instead of ending the file.
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)  # type: ignore[arg-type]
    number = 0
    while True:
        try:
            line = text.readline(MAX_LINE + 1)
        except (OSError, EOFError) as e:  # a truncated or corrupt gzip stream
            yield number + 1, _unreadable(f"cannot read the file: {e}")
            return
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            yield number, _unreadable(f"line longer than {MAX_LINE} characters")
            while line and not line.endswith("\n"):  # the rest of the long line
                line = text.readline(MAX_LINE)
            continue
        if line.isspace():
            continue
        try:
            event = _decode(line)
        except (ValueError, RecursionError) as e:
            yield number, _unreadable(f"not a JSON event: {e}")
            continue
        if type(event) is not dict:
            yield number, _unreadable("an mjai event must be a JSON object")
            continue
        yield number, event


_decode = json.JSONDecoder().decode


def _unreadable(message: str) -> dict[str, Any]:
    return {"type": UNREADABLE, "message": message}


def player_names(first_event: dict[str, Any]) -> list[str] | None:
    """The names a ``start_game`` event gives, if any."""
    names = first_event.get("names")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
        return [n[:40] for n in names]
    return None
