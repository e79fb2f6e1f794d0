"""JSON Schema of catalog/catalog.json (written beside it by the build)."""

from __future__ import annotations

from typing import Any

_TEXT = {
    "type": "object",
    "required": ["source", "zh-Hant", "zh-Hans"],
    "properties": {
        "source": {"type": "string"},
        "zh-Hant": {"type": "string"},
        "zh-Hans": {"type": "string"},
        "line": {"type": "integer"},
        "lines": {"type": "array", "items": {"type": "integer"}},
    },
}
_SOURCE = {
    "type": "object",
    "required": ["file", "line"],
    "properties": {"file": {"type": "string"}, "line": {"type": "integer", "minimum": 1}},
    "additionalProperties": False,
}
_REPAIR = {
    "type": "object",
    "required": ["kind", "line", "damaged", "result", "evidence"],
    "properties": {
        "kind": {
            "enum": [
                "realigned",
                "char_restored",
                "char_lost",
                "markup_restored",
                "digit_lost",
                "digit_restored",
                "pinyin_removed",
                "html_split",
                "html_removed",
                "html_entity",
            ]
        },
        "line": {"type": "integer"},
        "column": {"type": "integer"},
        "damaged": {"type": "string"},
        "result": {"type": "string"},
        "evidence": {"type": "string"},
    },
}
_NOTE = {
    "type": "object",
    "required": ["kind", "text"],
    "properties": {
        "kind": {"type": "string"},
        "text": {"type": "string"},
        "args": {"type": "array", "items": {"type": "string"}},
    },
}
_VALUE: dict[str, Any] = {
    "type": "object",
    "required": ["kind", "lost"],
    "properties": {
        "kind": {
            "enum": [
                "none",
                "adopted",
                "han",
                "yakuman",
                "limit",
                "fu_han",
                "additive",
                "conditional",
                "lost",
            ]
        },
        "lost": {"type": "boolean"},
        "han": {"type": ["integer", "null"]},
        "open_han": {"type": ["integer", "null"]},
        "multiple": {"type": ["integer", "null"]},
        "limit": {"enum": ["mangan", "haneman", "baiman", "sanbaiman"]},
        "fu": {"type": ["integer", "null"]},
        "plus": {"type": "string"},
        "open": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/value"}]},
        "cases": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["when", "value"],
                "properties": {"when": {"type": "string"}, "value": {"$ref": "#/$defs/value"}},
            },
        },
        "notes": {"type": "array", "items": _NOTE},
    },
}
_OPTION = {
    "type": "object",
    "required": ["letter", "text", "value", "source", "repairs", "notes"],
    "properties": {
        "letter": {"enum": list("abcdefgh")},
        "text": _TEXT,
        "value": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/value"}]},
        "source": _SOURCE,
        "repairs": {"type": "array", "items": _REPAIR},
        "notes": {"type": "array", "items": _TEXT},
    },
}
_NODE = {
    "type": "object",
    "required": ["id", "kind", "parent", "name", "source", "options", "repairs", "section"],
    "properties": {
        "id": {"type": "string", "pattern": r"^3-\d\d(-\d\d)*$"},
        "kind": {"enum": ["section", "yaku", "rule"]},
        "parent": {"type": ["string", "null"]},
        "section": {"type": "string"},
        "yaku": {"type": ["string", "null"]},
        "depth": {"type": "integer"},
        "name": _TEXT,
        "source": _SOURCE,
        "content": {"oneOf": [{"type": "null"}, _TEXT]},
        "condition": {"oneOf": [{"type": "null"}, _TEXT]},
        "notes": {"type": "array", "items": _TEXT},
        "applies_if": {"type": "array", "items": _TEXT},
        "options": {"type": "array", "items": _OPTION},
        "repairs": {"type": "array", "items": _REPAIR},
        "procedure_only": {"type": "boolean"},
        "procedure_why": {"type": "string"},
    },
}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "yakubook catalog",
    "type": "object",
    "required": ["format", "chapters", "nodes", "ignored_lines", "stats"],
    "$defs": {"value": _VALUE},
    "properties": {
        "format": {"const": 1},
        "title": {"type": "object"},
        "chapters": {"type": "array"},
        "nodes": {"type": "array", "items": _NODE},
        "ignored_lines": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["file", "line", "kind"],
                "properties": {"kind": {"enum": ["separator"]}},
            },
        },
        "stats": {"type": "object"},
    },
}
