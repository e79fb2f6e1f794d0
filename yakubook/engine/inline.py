"""A prefilter's test as an expression the generated selector can hold in place of a call.

A ruleset's selector (``yakubook.engine.evaluation._selector``) runs some 150 prefilters per hand,
and a Python call costs more than most of them compute (a mask or two compared). A
prefilter that is one expression of its single argument (``lambda w: w.mask3 & X == X``,
or a ``def`` that only returns one) is written into the selector instead: its argument
renamed to the selector's ``win``, every other name bound to the object it names now.

Only what is certainly the same test is inlined; anything else stays a call:
- the source is found by the code object's first line and accepted only if compiling it
  again gives the same bytecode, names and constants (only the top-level statement
  holding that line is parsed, not the whole file: parsing the bodies' files took ~0.1 s
  of every process's start, issue #38; the whole file when that statement cannot be
  told);
- the expression holds no comprehension, lambda or ``:=`` (they bind names of their own);
- its free names resolve now: the closure's cells, the module's globals, the builtins.
Binding now means a module global reassigned after a test is first inlined is not seen
by the selectors built from it; the bodies' modules only assign their helpers once, at
import.

A helper the test calls with one argument, its own (``_south_north(w)``) or a name or
constant (``_runs_in_every_suit(w.tile_mask)`` with the field read ahead), and a property
of the argument the caller names (``w.dealer``), are written in the same way when they
are one expression themselves, under the same rules: a Python call costs more than most
of them compute (issue #38: such calls were over half of the selector's time).
"""

from __future__ import annotations

import ast
import builtins
import copy
import inspect
import sys
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from types import CodeType, FunctionType, ModuleType
from typing import Any, TypeVar
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
    parsed: dict[str, _FileNodes] | None = None,
    properties: Mapping[str, Callable[[Any], Any]] | None = None,
) -> Inlined | None:
    """``test`` as an expression of ``win`` with its other names renamed ``{prefix}_…``,
    or None where it must stay a call. Names bound to a plain constant (a non-negative
    int, a string, True, False, None) are written as that constant. ``fields``: attributes
    of the argument the caller reads once beforehand into a local ``win_<field>`` (the
    argument must be immutable), written so in the expression (``Inlined.reads``).
    ``parsed``: where to keep what was parsed of the source files between calls (a
    caller inlining many tests passes one dict and drops it when done; none are kept
    here). ``properties``: getters of the argument's properties (its type's), each written
    in as a helper is (module docstring) where it is one expression.

    What a test's source says is worked out once per test function (kept while the
    function lives), so compiling another ruleset reads no source file again."""
    got = _inline_tree(
        test, prefix, fields, {} if parsed is None else parsed, properties or {}, frozenset()
    )
    if got is None:
        return None
    out, names, reads = got
    return Inlined(f"({ast.unparse(out)})", names, frozenset(reads))


def inline_tree(
    test: Callable[[Any], Any],
    prefix: str,
    fields: frozenset[str] = frozenset(),
    parsed: dict[str, _FileNodes] | None = None,
    properties: Mapping[str, Callable[[Any], Any]] | None = None,
) -> tuple[ast.expr, dict[str, Any]] | None:
    """``inline``'s expression as a syntax tree (a new one, the caller's), with what its
    names stand for, or None where the test must stay a call: for a caller that reads the
    tree (the C engine's selector rows, yakubook/engine/selector_rows.py) rather than the
    source, which is not written."""
    got = _inline_tree(
        test, prefix, fields, {} if parsed is None else parsed, properties or {}, frozenset()
    )
    return None if got is None else (got[0], got[1])


def _inline_tree(
    test: Callable[[Any], Any],
    prefix: str,
    fields: frozenset[str],
    parsed: dict[str, _FileNodes],
    properties: Mapping[str, Callable[[Any], Any]],
    within: frozenset[CodeType],
) -> tuple[ast.expr, dict[str, Any], set[str]] | None:
    """``inline``'s work, as a tree: the expression, what the names it reads stand for
    (a helper written in is not called, so not named) and the fields it reads;
    ``within``: the helpers being written in around it (one of them called again stays
    a call)."""
    try:
        found = _FOUND[test]
    except (KeyError, TypeError):  # TypeError: not weakly referable (no function)
        found = _find(test, parsed)
        with suppress(TypeError):
            _FOUND[test] = found
    if found is None or test.__code__ in within:
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
    helpers = _Helpers(prefix, values, fields, parsed, properties, within | {test.__code__})
    rename = _Rename(arg, renamed, constants, fields, helpers)
    out = rename.visit(expr)
    names = {name: value for name, value in names.items() if name in rename.named}
    names.update(helpers.names)
    return out, names, rename.reads | helpers.reads


@dataclass
class _Helpers:
    """What writing a test's helpers in needs (the test's names' values, the caller's
    fields, properties and parsed files), and what it gathers: the helpers' own names and
    the fields they read. Each helper written in gets its names under ``{prefix}_{n}_``:
    a digit after the separator, so no name of the test itself (``{prefix}_{name}``) can
    be the same."""

    prefix: str
    values: dict[str, Any]
    fields: frozenset[str]
    parsed: dict[str, _FileNodes]
    properties: Mapping[str, Callable[[Any], Any]]
    within: frozenset[CodeType]
    count: int = 0
    names: dict[str, Any] = field(default_factory=dict)
    reads: set[str] = field(default_factory=set)

    def written(self, helper: Any, on: ast.expr | None = None) -> ast.expr | None:
        """``helper`` applied to the test's argument (``on`` None), as an expression of
        ``win``, or applied to ``on``; None where it must stay a call."""
        if not isinstance(helper, FunctionType):
            return None
        prefix = f"{self.prefix}_{self.count}"
        self.count += 1
        if on is None:
            inner = _inline_tree(
                helper, prefix, self.fields, self.parsed, self.properties, self.within
            )
        else:  # not the Win: none of its fields or properties
            inner = _inline_tree(helper, prefix, frozenset(), self.parsed, {}, self.within)
        if inner is None:
            return None
        expr, names, reads = inner
        self.names.update(names)
        self.reads.update(reads)
        return expr if on is None else _Substitute(on).visit(expr)


class _Substitute(ast.NodeTransformer):
    """An inlined helper's expression with ``on`` for its argument (written ``win``; its
    other names all carry the helper's prefix)."""

    def __init__(self, on: ast.expr) -> None:
        self.on = on

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return copy.copy(self.on) if node.id == "win" else node


# Per test function: its expression, argument name and what its other names stand for
# (None: it stays a call).
_FOUND: WeakKeyDictionary[Callable[[Any], Any], tuple[ast.expr, str, dict[str, Any]] | None]
_FOUND = WeakKeyDictionary()


def _find(
    test: Callable[[Any], Any], parsed: dict[str, _FileNodes]
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
    # Names the module imported (a module's attribute is called without LOAD_METHOD then):
    # the code is compiled again with them imported too (_same_code).
    modules = tuple(n for n in code.co_names if isinstance(test.__globals__.get(n), ModuleType))
    node = _source_node(code, parsed, modules)
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
    return expr, arg, values


def _plain_constant(value: object) -> bool:
    """A value written as itself in source that parses back the same in any position
    (a negative number would not: ``-1 .bit_count()``)."""
    kind = type(value)
    return value is None or kind is bool or kind is str or (kind is int and value >= 0)


class _Rename(ast.NodeTransformer):
    """The expression with its names renamed, as a new tree: each node it passes is
    copied before its children are replaced (the test's own tree, kept in ``_FOUND``,
    stays as parsed)."""

    def __init__(
        self,
        arg: str,
        renamed: dict[str, str],
        constants: dict[str, Any],
        fields: frozenset[str],
        helpers: _Helpers,
    ) -> None:
        self.arg = arg
        self.renamed = renamed
        self.constants = constants
        self.fields = fields
        self.helpers = helpers
        self.reads: set[str] = set()
        self.named: set[str] = set()  # the renamed names written (not as constants)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        """``helper(x)``, the helper one expression of its argument, and ``x`` the test's
        argument or a name or constant (a field read ahead, say): that expression, with
        ``x`` in place of the helper's argument (a name, so evaluated once either way)."""
        func, args = node.func, node.args
        if (
            isinstance(func, ast.Name)
            and func.id != self.arg
            and len(args) == 1
            and not isinstance(args[0], ast.Starred)
            and not node.keywords
        ):
            helper = self.helpers.values[func.id]
            if isinstance(args[0], ast.Name) and args[0].id == self.arg:
                written = self.helpers.written(helper)
            else:
                on = self.visit(args[0])
                plain = isinstance(on, (ast.Name, ast.Constant))
                written = self.helpers.written(helper, on) if plain else None
            if written is not None:
                return ast.copy_location(written, node)
        return self.generic_visit(node)  # type: ignore[return-value]

    def visit_Name(self, node: ast.Name) -> ast.expr:
        new = "win" if node.id == self.arg else self.renamed[node.id]
        if new in self.constants:
            return ast.copy_location(ast.Constant(self.constants[new]), node)
        self.named.add(new)
        return ast.copy_location(ast.Name(id=new, ctx=node.ctx), node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        value = node.value
        if isinstance(value, ast.Name) and value.id == self.arg and node.attr in self.fields:
            self.reads.add(node.attr)
            return ast.copy_location(ast.Name(id=f"win_{node.attr}", ctx=ast.Load()), node)
        getter = self.helpers.properties.get(node.attr)
        if isinstance(value, ast.Name) and value.id == self.arg and getter is not None:
            written = self.helpers.written(getter)
            if written is not None:
                return ast.copy_location(written, node)
        return self.generic_visit(node)  # type: ignore[return-value]

    def generic_visit(self, node: ast.AST) -> ast.AST:
        new = copy.copy(node)
        for name, old in ast.iter_fields(node):
            if isinstance(old, list):
                setattr(new, name, [self.visit(v) if isinstance(v, ast.AST) else v for v in old])
            elif isinstance(old, ast.AST):
                setattr(new, name, self.visit(old))
        return new


def _returned_expression(node: ast.Lambda | ast.FunctionDef) -> ast.expr | None:
    if isinstance(node, ast.Lambda):
        return node.body
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    # A decorator is no matter: the function inlined is the one whose code was matched
    # (a property's getter, say), not what the decorator made of it.
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    return body[0].value


def _source_node(
    code: CodeType, parsed: dict[str, _FileNodes], modules: tuple[str, ...] = ()
) -> ast.Lambda | ast.FunctionDef | None:
    """The one lambda or def in the code's file that starts on its first line and
    compiles to the same code, else None."""
    nodes = parsed.get(code.co_filename)
    if nodes is None:
        nodes = parsed[code.co_filename] = _FileNodes(code.co_filename)
    candidates = [
        n
        for n in nodes.on_line(code.co_firstlineno)
        if (n.name if isinstance(n, ast.FunctionDef) else "<lambda>") == code.co_name
    ]
    if len(candidates) != 1:
        return None
    if not _same_code(candidates[0], code) and not (
        modules and _same_code(candidates[0], code, modules)
    ):
        return None
    return candidates[0]


# A line at column 0 that goes on a statement begun above it, not one of its own.
_GOES_ON = ("else:", "else ", "elif ", "except", "finally:", "finally ", ")", "]", "}")
# Statements tried after the one holding the line before the whole file is parsed (a
# decorator and its def are two such starts).
_MORE_STATEMENTS = 3
# What a decorator is parsed over when only the decorator is wanted.
_STAND_IN = "\ndef _decorated():\n    pass\n"


class _FileNodes:
    """The lambdas and defs of one source file that start on a line, found in the
    top-level statement holding the line, parsed on its own (the whole file when a
    statement's extent cannot be told from its lines)."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        try:
            with open(filename, encoding="utf-8") as f:  # newlines read as "\n"
                # lines as the compiler counts them (str.splitlines also splits at
                # \f, \u2028 …)
                self.lines: list[str] | None = f.read().split("\n")
        except (OSError, UnicodeDecodeError):
            self.lines = None
        self.statements: dict[int, ast.Module] = {}  # by first line (0-based)
        self.whole: ast.Module | None = None

    def on_line(self, lineno: int) -> list[ast.Lambda | ast.FunctionDef]:
        if self.lines is None or not 1 <= lineno <= len(self.lines):
            return []
        if self.whole is None:
            start = self._statement_start(lineno - 1)
            tree = self.statements.get(start) or self._parse_statement(start, lineno)
            found = [] if tree is None else _starting_on(tree, lineno)
            if found:
                return found
            # not where the lines said: the file as a whole, as the compiler read it
            self.whole = self._parse(0, len(self.lines)) or ast.Module([], [])
        return _starting_on(self.whole, lineno)

    def _starts_statement(self, i: int) -> bool:
        assert self.lines is not None
        line = self.lines[i]
        return bool(line) and line[0] not in " \t#\r\n\f" and not line.startswith(_GOES_ON)

    def _statement_start(self, i: int) -> int:
        while i > 0 and not self._starts_statement(i):
            i -= 1
        return i

    def _parse_statement(self, start: int, lineno: int) -> ast.Module | None:
        """Parse from ``start`` to the next line that starts a statement, or the one
        after …; None when none of those parses (a line at column 0 inside a string).
        A decorator holding the line is parsed over a stand-in for what it decorates
        (a body's prefilter is a lambda in its @implements: the body is not read)."""
        assert self.lines is not None
        end = start
        for _ in range(1 + _MORE_STATEMENTS):
            end += 1
            while end < len(self.lines) and not self._starts_statement(end):
                end += 1
            stand_in = self.lines[start].startswith("@") and lineno <= end
            tree = self._parse(start, end, _STAND_IN if stand_in else "")
            if tree is not None:
                if not stand_in:  # another line of the statement may be asked for
                    self.statements[start] = tree
                return tree
            if end >= len(self.lines):
                return None
        return None

    def _parse(self, start: int, end: int, after: str = "") -> ast.Module | None:
        assert self.lines is not None
        # blank lines in front keep the nodes' line numbers those of the file
        text = "\n" * start + "\n".join(self.lines[start:end]) + after
        try:
            return ast.parse(text, self.filename)
        except (SyntaxError, ValueError):
            return None


def _starting_on(tree: ast.AST, lineno: int) -> list[ast.Lambda | ast.FunctionDef]:
    """The lambdas and defs of the tree that start on the line: only the nodes whose
    lines hold it are searched (a def's or class's from its first decorator)."""
    out: list[ast.Lambda | ast.FunctionDef] = []
    todo = [tree]
    while todo:
        for child in ast.iter_child_nodes(todo.pop()):
            first = getattr(child, "lineno", None)
            if first is not None:
                above = [d.lineno for d in getattr(child, "decorator_list", ())]
                first = min([first, *above])  # a decorated def's code starts at its decorator
                if not first <= lineno <= child.end_lineno:  # type: ignore[attr-defined]
                    continue
            if first == lineno and isinstance(child, (ast.Lambda, ast.FunctionDef)):
                out.append(child)
            todo.append(child)
    return out


def _same_code(
    node: ast.Lambda | ast.FunctionDef, code: CodeType, modules: tuple[str, ...] = ()
) -> bool:
    """Whether the node, compiled on its own (inside a function whose locals are the
    original's free variables, so they stay free), gives the original's code. ``modules``:
    names imported above it (Python 3.11 calls an imported module's function by
    attribute, not as a method: ``shapes.back_four_pairs(...)`` compiles otherwise).

    The node is compiled as parsed, not from its text written again: its own line
    numbers keep the no-ops Python leaves where an expression goes on to another line,
    and a docstring keeps its indentation."""
    value: ast.expr = node
    if isinstance(node, ast.FunctionDef):
        value = _placed(ast.Name(node.name, ast.Load()))
    body: list[ast.stmt] = [
        _placed(ast.Assign([_placed(ast.Name("__f", ast.Store()))], value)),
        _placed(ast.Return(_placed(ast.Name("__f", ast.Load())))),
    ]
    if isinstance(node, ast.FunctionDef):
        body.insert(0, node)
    params = ast.arguments(
        posonlyargs=[],
        args=[_placed(ast.arg(name)) for name in code.co_freevars],
        kwonlyargs=[],
        kw_defaults=[],
        defaults=[],
    )
    wrapper = _placed(ast.FunctionDef("__outer", params, body, decorator_list=[]))
    if sys.version_info >= (3, 12):
        wrapper.type_params = []
    imports: list[ast.stmt] = [_placed(ast.Import([_placed(ast.alias(n))])) for n in modules]
    try:
        outer = compile(ast.Module([*imports, wrapper], []), code.co_filename, "exec")
    except (SyntaxError, ValueError, TypeError):
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


_Node = TypeVar("_Node", bound=ast.AST)


def _placed(node: _Node) -> _Node:
    """A node made here, given a location (compile needs one; ``fix_missing_locations``
    would walk the test's whole tree for the few nodes around it)."""
    node.lineno = node.end_lineno = 1  # type: ignore[attr-defined]
    node.col_offset = node.end_col_offset = 0  # type: ignore[attr-defined]
    return node


def _plain_consts(code: CodeType) -> tuple[Any, ...]:
    return tuple(c for c in code.co_consts if not isinstance(c, CodeType))
