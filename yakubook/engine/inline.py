"""A prefilter's test as an expression the generated selector can hold in place of a call.

A ruleset's selector (``yakubook.engine.evaluation._selector``) runs some 150 prefilters per hand,
and a Python call costs more than most of them compute (a mask or two compared). A
prefilter that is one expression of its single argument (``lambda w: w.mask3 & X == X``,
or a ``def`` that only returns one) is written into the selector instead: its argument
renamed to the selector's ``win``, every other name bound to the object it names now.

Only what is certainly the same test is inlined; anything else stays a call:
- the source is found by the code object's first line and accepted only if compiling it
  again gives the same bytecode, names and constants;
- the expression holds no comprehension, lambda or ``:=`` (they bind names of their own);
- its free names resolve now: the closure's cells, the module's globals, the builtins.
Binding now means a module global reassigned after a test is first inlined is not seen
by the selectors built from it; the bodies' modules only assign their helpers once, at
import.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from types import CodeType, FunctionType
from typing import Any
from weakref import WeakKeyDictionary

_NOT_INLINED = (ast.comprehension, ast.Lambda, ast.NamedExpr, ast.Await, ast.Yield)


@dataclass(frozen=True)
class Inlined:
    """``source``: the test as an expression of ``win``; ``names``: what its other names
    stand for (each name unique to this test, as the prefix given); ``reads``: the fields
    it reads as ``win_<field>``."""

    source: str
    names: dict[str, Any]
    reads: frozenset[str] = frozenset()


def inline(
    test: Callable[[Any], Any],
    prefix: str,
    fields: frozenset[str] = frozenset(),
    parsed: dict[str, dict[int, list[ast.Lambda | ast.FunctionDef]]] | None = None,
) -> Inlined | None:
    """``test`` as an expression of ``win`` with its other names renamed ``{prefix}_…``,
    or None where it must stay a call. Names bound to a plain constant (a non-negative
    int, a string, True, False, None) are written as that constant. ``fields``: attributes
    of the argument the caller reads once beforehand into a local ``win_<field>`` (the
    argument must be immutable), written so in the expression (``Inlined.reads``).
    ``parsed``: where to keep the source files' syntax trees between calls (a caller
    inlining many tests passes one dict and drops it when done; none are kept here).

    What a test's source says is worked out once per test function (kept while the
    function lives), so compiling another ruleset reads no source file again."""
    try:
        found = _FOUND[test]
    except (KeyError, TypeError):  # TypeError: not weakly referable (no function)
        found = _find(test, {} if parsed is None else parsed)
        with suppress(TypeError):
            _FOUND[test] = found
    if found is None:
        return None
    expr, arg, values = found
    names: dict[str, Any] = {}
    renamed: dict[str, str] = {}
    constants: dict[str, Any] = {}
    for name, value in values.items():
        renamed[name] = f"{prefix}_{name}"
        if _plain_constant(value):
            constants[renamed[name]] = value
        else:
            names[renamed[name]] = value
    rename = _Rename(arg, renamed, constants, fields)
    out = rename.visit(_copy(expr))
    return Inlined(f"({ast.unparse(out)})", names, frozenset(rename.reads))


# Per test function: its expression, argument name and what its other names stand for
# (None: it stays a call).
_FOUND: WeakKeyDictionary[Callable[[Any], Any], tuple[ast.expr, str, dict[str, Any]] | None]
_FOUND = WeakKeyDictionary()


def _find(
    test: Callable[[Any], Any],
    parsed: dict[str, dict[int, list[ast.Lambda | ast.FunctionDef]]],
) -> tuple[ast.expr, str, dict[str, Any]] | None:
    if not isinstance(test, FunctionType):
        return None
    code = test.__code__
    if (
        code.co_argcount != 1
        or code.co_posonlyargcount
        or code.co_kwonlyargcount
        or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
        or code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE)
        or code.co_cellvars
        or test.__defaults__
    ):
        return None
    node = _source_node(code, parsed)
    if node is None:
        return None
    expr = _returned_expression(node)
    if expr is None or any(isinstance(n, _NOT_INLINED) for n in ast.walk(expr)):
        return None
    arg = code.co_varnames[0]
    closure = test.__closure__ or ()
    cells = dict(zip(code.co_freevars, [c.cell_contents for c in closure], strict=True))
    values: dict[str, Any] = {}
    for n in ast.walk(expr):
        if not isinstance(n, ast.Name) or n.id == arg or n.id in values:
            continue
        if n.id in cells:
            values[n.id] = cells[n.id]
        elif n.id in test.__globals__:
            values[n.id] = test.__globals__[n.id]
        elif hasattr(builtins, n.id):
            values[n.id] = getattr(builtins, n.id)
        else:
            return None
    return _copy(expr), arg, values


def _plain_constant(value: object) -> bool:
    """A value written as itself in source that parses back the same in any position
    (a negative number would not: ``-1 .bit_count()``)."""
    kind = type(value)
    return value is None or kind is bool or kind is str or (kind is int and value >= 0)


def _copy(expr: ast.expr) -> ast.expr:
    return ast.parse(ast.unparse(expr), mode="eval").body


class _Rename(ast.NodeTransformer):
    def __init__(
        self,
        arg: str,
        renamed: dict[str, str],
        constants: dict[str, Any],
        fields: frozenset[str],
    ) -> None:
        self.arg = arg
        self.renamed = renamed
        self.constants = constants
        self.fields = fields
        self.reads: set[str] = set()

    def visit_Name(self, node: ast.Name) -> ast.expr:
        new = "win" if node.id == self.arg else self.renamed[node.id]
        if new in self.constants:
            return ast.copy_location(ast.Constant(self.constants[new]), node)
        return ast.copy_location(ast.Name(id=new, ctx=node.ctx), node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        value = node.value
        if isinstance(value, ast.Name) and value.id == self.arg and node.attr in self.fields:
            self.reads.add(node.attr)
            return ast.copy_location(ast.Name(id=f"win_{node.attr}", ctx=ast.Load()), node)
        self.generic_visit(node)
        return node


def _returned_expression(node: ast.Lambda | ast.FunctionDef) -> ast.expr | None:
    if isinstance(node, ast.Lambda):
        return node.body
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if node.decorator_list or len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    return body[0].value


def _source_node(
    code: CodeType, parsed: dict[str, dict[int, list[ast.Lambda | ast.FunctionDef]]]
) -> ast.Lambda | ast.FunctionDef | None:
    """The one lambda or def in the code's file that starts on its first line and
    compiles to the same code, else None."""
    if code.co_filename not in parsed:
        parsed[code.co_filename] = _nodes_by_line(code.co_filename)
    candidates = [
        n
        for n in parsed[code.co_filename].get(code.co_firstlineno, [])
        if (n.name if isinstance(n, ast.FunctionDef) else "<lambda>") == code.co_name
    ]
    if len(candidates) != 1 or not _same_code(candidates[0], code):
        return None
    return candidates[0]


def _nodes_by_line(filename: str) -> dict[int, list[ast.Lambda | ast.FunctionDef]]:
    try:
        with open(filename, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename)
    except (OSError, SyntaxError, ValueError):
        return {}
    out: dict[int, list[ast.Lambda | ast.FunctionDef]] = {}
    for n in ast.walk(tree):
        if isinstance(n, (ast.Lambda, ast.FunctionDef)):
            out.setdefault(n.lineno, []).append(n)
    return out


def _same_code(node: ast.Lambda | ast.FunctionDef, code: CodeType) -> bool:
    """Whether the node, compiled on its own (inside a function whose locals are the
    original's free variables, so they stay free), gives the original's code."""
    if isinstance(node, ast.Lambda):
        text = f"__f = {ast.unparse(node)}"
    else:
        text = ast.unparse(node) + f"\n__f = {node.name}"
    free = ", ".join(code.co_freevars)
    source = f"def __outer({free}):\n{textwrap.indent(text, '    ')}\n    return __f\n"
    try:
        outer = compile(source, code.co_filename, "exec")
    except SyntaxError:
        return False
    found = [
        c
        for o in outer.co_consts
        if isinstance(o, CodeType)
        for c in o.co_consts
        if isinstance(c, CodeType) and c.co_name == code.co_name
    ]
    if len(found) != 1:
        return False
    again = found[0]
    return (
        again.co_code == code.co_code
        and again.co_names == code.co_names
        and again.co_varnames == code.co_varnames
        and again.co_freevars == code.co_freevars
        and _plain_consts(again) == _plain_consts(code)
    )


def _plain_consts(code: CodeType) -> tuple[Any, ...]:
    return tuple(c for c in code.co_consts if not isinstance(c, CodeType))
