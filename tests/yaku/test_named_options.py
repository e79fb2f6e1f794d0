"""Bodies read options by name (issue #15): no letter comparisons left in yakubook/engine/bodies/.

A body says `opts.total is KagaHyakumangoku1Total.MORE_THAN_100`, not
`opts.q02.letter == "c"`. The check parses every body module with `ast` and rejects

- a comparison with a `.letter` attribute on either side (`x.letter == "a"`, `!=`, `in`);
- a bare option-letter literal ("a" … "g", or a run of them such as "abc") compared with
  anything, or used as a dict key: letters standing for options;
- a field named like the fallback names (`q01`, `q05_01`): every rule question has a
  curated name.

`.letter` itself stays available (an award records the chosen letter; a note may quote it).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

BODIES = Path(__file__).resolve().parents[2] / "yakubook" / "engine" / "bodies"
LETTERS = re.compile(r"^[a-g]+$")
FALLBACK_FIELD = re.compile(r"^q\d\d(_\d\d)*$")


def _is_letter_literal(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(LETTERS.match(node.value))
    )


def _letters_in(node: ast.expr) -> bool:
    """A letter literal, or a tuple/list/set of them (`in ("b", "c")`)."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_letter_literal(e) for e in node.elts)
    return _is_letter_literal(node)


def _is_letter_attr(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "letter"


def letter_uses(source: str, filename: str = "<body>") -> list[str]:
    """`file:line: what` for every use of option letters the bodies must not make."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_letter_attr(s) for s in sides):
                found.append(f"{where}: compares an option's .letter")
            if any(_letters_in(s) for s in sides):
                found.append(f"{where}: compares with a bare option letter")
        elif isinstance(node, ast.Dict):
            if any(k is not None and _is_letter_literal(k) for k in node.keys):
                found.append(f"{where}: a dict keyed by option letters")
        elif isinstance(node, ast.Attribute) and FALLBACK_FIELD.match(node.attr):
            found.append(f"{where}: option field {node.attr} is a fallback name")
    return found


BODY_FILES = sorted(BODIES.glob("s3_*.py"))


def test_there_are_body_modules_to_check():
    assert len(BODY_FILES) == 15


@pytest.mark.parametrize("path", BODY_FILES, ids=[p.name for p in BODY_FILES])
def test_bodies_use_named_options(path: Path):
    uses = letter_uses(path.read_text(encoding="utf-8"), f"yakubook/engine/bodies/{path.name}")
    assert not uses, "\n".join(uses)


@pytest.mark.parametrize(
    "snippet",
    [
        'if opts.q01.letter == "a" and win.is_open: pass',
        "if opts.condition.letter != 'b': pass",
        "rule = opts.total.letter\nif rule == 'c': pass",
        "if opts.value.letter in ('b', 'c'): pass",
        "if counting in 'abc': pass",
        "SUIT_BASE = {'a': MAN, 'b': PIN}",
        "x = opts.q05_01",
    ],
)
def test_the_check_catches_letter_uses(snippet: str):
    assert letter_uses(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        "if opts.condition is KagaHyakumangoku1Condition.CLOSED_ONLY and win.is_open: pass",
        "note = f'{opts.terminal_sets.letter}: {opts.terminal_sets.text}'",
        "value = values[getattr(opts, field).letter]",
        'total = win.number_sum("m")',
    ],
)
def test_the_check_allows_named_options(snippet: str):
    assert letter_uses(snippet) == []
