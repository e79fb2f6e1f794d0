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
    buffered = io.BufferedReader(stream) if not isinstance(stream, io.BufferedIOBase) else stream
    number = 0
    while True:
        try:
            raw = buffered.readline(MAX_LINE + 1)
        except (OSError, EOFError) as e:  # a truncated or corrupt gzip stream
            yield number + 1, _unreadable(f"cannot read the file: {e}")
            return
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            yield number, _unreadable(f"line longer than {MAX_LINE} bytes")
            # Skip the rest of the long line.
            while raw and not raw.endswith(b"\n"):
                raw = buffered.readline(MAX_LINE)
            continue
        text = raw.strip()
        if not text:
            continue
        try:
            event = json.loads(text)
        except (ValueError, RecursionError) as e:
            yield number, _unreadable(f"not a JSON event: {e}")
            continue
        if not isinstance(event, dict):
            yield number, _unreadable("an mjai event must be a JSON object")
            continue
        yield number, event


def _unreadable(message: str) -> dict[str, Any]:
    return {"type": UNREADABLE, "message": message}


def player_names(first_event: dict[str, Any]) -> list[str] | None:
    """The names a ``start_game`` event gives, if any."""
    names = first_event.get("names")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names):
        return [n[:40] for n in names]
    return None
