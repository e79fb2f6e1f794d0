"""Reading a win's JSON text: the size, nesting and length caps, checked before parsing
and before any message quotes a value (WIN_FORMAT.md's limits). ``Win.from_json``
(win.py) builds the win from the object read here."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from yakubook.bounded import quote
from yakubook.errors import InputError

# A win is an object of strings, numbers, booleans and lists of strings: two levels of
# nesting. Deeper input is refused before anything recurses into it (json.loads and repr
# would hit Python's recursion limit); long strings and lists before any parsing loop.
MAX_JSON_DEPTH = 2


MAX_JSON_STRING = 200


MAX_JSON_LIST = 16


MAX_JSON_KEY = 40  # the longest key of WIN_FORMAT.md has 23 characters


# A win written out in full is a few hundred bytes; whitespace or padding beyond this is
# refused before parsing (json would build the whole text's objects first).
MAX_JSON_BYTES = 64 * 1024


def read_json(text: str) -> Any:
    """Parse the text of a winning-hand JSON file, refusing absurd size and nesting up front."""
    if len(text) > MAX_JSON_BYTES:
        raise InputError(f"more than the {MAX_JSON_BYTES} bytes a winning hand may take")
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise InputError(
                    f"JSON nested more than {MAX_JSON_DEPTH} levels deep; a win is an object "
                    "whose values are plain or lists of strings"
                )
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicate_keys)
    except InputError:
        raise
    except ValueError as e:
        raise InputError(f"not valid JSON: {e}") from None


def _check_json_shape(obj: Mapping[str, Any]) -> None:
    for key, value in obj.items():
        if type(key) is not str:  # a Python caller's dict: JSON keys are strings
            raise InputError(f"a key of a win must be a string, got {quote(key)}")
        if len(key) > MAX_JSON_KEY:  # before any message quotes it
            raise InputError(
                f"a key of {len(key)} characters; no key of a win is longer than {MAX_JSON_KEY}"
            )
        kind = type(value)
        if kind is bool or kind is int or value is None:
            continue
        if kind is str and len(value) <= MAX_JSON_STRING:
            continue
        if isinstance(value, Mapping):
            raise InputError(f"key {key!r} must not be an object")
        if isinstance(value, str) and len(value) > MAX_JSON_STRING:
            raise InputError(f"key {key!r}: a string of {len(value)} characters is too long")
        if isinstance(value, list):
            if len(value) > MAX_JSON_LIST:
                raise InputError(f"key {key!r}: a list of {len(value)} items is too long")
            for item in value:
                if not isinstance(item, _JSON_SCALARS):
                    raise InputError(
                        f"key {key!r} must hold strings, not nested lists or objects "
                        f"(JSON nested more than {MAX_JSON_DEPTH} levels deep)"
                    )
                if isinstance(item, str) and len(item) > MAX_JSON_STRING:
                    raise InputError(f"key {key!r}: an item of {len(item)} characters is too long")
        elif not isinstance(value, _JSON_SCALARS):
            # A Python caller's tuple, set or object (a tuple nested 100,000 deep made the
            # messages below recurse): JSON has no such value.
            raise InputError(f"key {key!r}: a {type(value).__name__} is not a JSON value")


_JSON_SCALARS = (str, int, float, type(None))


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object_pairs_hook: the last of two equal keys silently won before."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InputError(f"the key {quote(key)} is given twice in one object")
            seen.add(key)
    return obj


def _json_str(obj: Mapping[str, Any], key: str) -> str:
    value = obj[key]
    if not isinstance(value, str):
        raise InputError(f"key {key!r} must be a string, got {quote(value)}")
    return value
