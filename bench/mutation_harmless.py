"""Classes of mutation that cannot change a result, left out of bench/mutation.py's sample.

Issue #26 allows the tool to exclude "a class of mutation that cannot change a result", with
the reason here. Each class below is decided on the unmutated source and module, per mutant,
and only when its proof holds for that very spot; anything the check cannot establish stays
in the sample (the check errs towards keeping a mutant, never towards dropping one).

1. **Identity and equality against an enum member or None**
   (``==`` ↔ ``is``, ``!=`` ↔ ``is not``, Cosmic Ray's ``*_Eq_Is``, ``*_Is_Eq``,
   ``*_NotEq_IsNot``, ``*_IsNot_NotEq``), when one operand is the literal ``None`` or names
   (``Name.Attr…``, a module global, never bound inside a function of the module) a member of
   a plain ``enum.Enum`` (its type's ``__eq__`` is ``object.__eq__``: not an IntEnum or
   StrEnum). Why it cannot change a result: ``x == m`` first asks ``type(x).__eq__(x, m)``.
   For ``int``, ``str``, ``float``, ``tuple``, ``frozenset``, ``None``, enum members and
   dataclass instances that answer is ``NotImplemented`` whenever ``m`` is not an object of
   their own kind, and then Python asks ``m.__eq__(x)``, which is ``object.__eq__``:
   identity. An enum member is the only object of its kind equal to itself, and None is a
   singleton. So ``x == m`` is ``x is m`` unless some type defines an ``__eq__`` that says
   True to a foreign object; the check therefore requires that no module under ``yakubook/engine/``
   or
   ``generated/`` defines ``__eq__`` (dataclasses' generated one compares only objects of
   the same class), and it gives up otherwise.

2. **``|``, ``^`` and ``+`` exchanged between disjoint constants**
   (``*_BitOr_BitXor``, ``*_BitOr_Add``, ``*_BitXor_BitOr``, ``*_BitXor_Add``,
   ``*_Add_BitOr``, ``*_Add_BitXor``), when both operands are constant expressions (int
   literals, module globals bound once at module level and never inside a function,
   attribute chains on them, constant subscripts, unary and binary operators of these)
   whose values are non-negative ints with no bit in common, and the mutated text parses to
   the same two operands around the new operator (``a | b + c`` would regroup). For
   non-negative ``a``, ``b`` with ``a & b == 0`` there is no carry, so
   ``a | b == a ^ b == a + b``.
"""

from __future__ import annotations

import ast
import enum
import importlib
import itertools
import sys
from functools import cache
from pathlib import Path

_IDENTITY_OPS = {
    "ReplaceComparisonOperator_Eq_Is",
    "ReplaceComparisonOperator_Is_Eq",
    "ReplaceComparisonOperator_NotEq_IsNot",
    "ReplaceComparisonOperator_IsNot_NotEq",
}
_BIT_OPS = {
    "ReplaceBinaryOperator_BitOr_BitXor": "^",
    "ReplaceBinaryOperator_BitOr_Add": "+",
    "ReplaceBinaryOperator_BitXor_BitOr": "|",
    "ReplaceBinaryOperator_BitXor_Add": "+",
    "ReplaceBinaryOperator_Add_BitOr": "|",
    "ReplaceBinaryOperator_Add_BitXor": "^",
}
_BIT_NODES = {ast.BitOr: "|", ast.BitXor: "^", ast.Add: "+"}
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_CONSTANT_NODES = (ast.Constant, ast.Name, ast.Attribute, ast.BinOp, ast.UnaryOp,
                   ast.Subscript, ast.Load, ast.operator, ast.unaryop)


class _Module:
    """What the checks need to know of one source file of yakubook/engine/."""

    def __init__(self, root: Path, rel: Path) -> None:
        self.root, self.rel = root, rel
        self.text = (root / rel).read_text("utf-8")
        self.lines = self.text.splitlines()
        self.tree = ast.parse(self.text)
        top: dict[str, int] = {}
        for node in self.tree.body:
            for target in _bound_names(node, top_level=True):
                top[target] = top.get(target, 0) + 1
        self.bound_once_at_top = {name for name, n in top.items() if n == 1}
        self.bound_in_functions = {
            name
            for node in ast.walk(self.tree)
            # a class body's names shadow the module's inside it: counted too
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                                 ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
            for name in _bound_names(node, top_level=False)
        }
        self._namespace: dict | None = None

    def namespace(self) -> dict:
        if self._namespace is None:
            name = ".".join(self.rel.with_suffix("").parts)
            if str(self.root) not in sys.path:
                sys.path.insert(0, str(self.root))
            self._namespace = vars(importlib.import_module(name))
        return self._namespace

    def offset(self, line: int, col: int) -> int:
        """Cosmic Ray's (line, character column) as an index into the text."""
        return sum(len(x) + 1 for x in self.lines[: line - 1]) + col


def _bound_names(node: ast.AST, *, top_level: bool) -> set[str]:
    """Names a statement (top_level) or a function, lambda or comprehension binds."""
    names: set[str] = set()
    if top_level:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return {node.name}
        walk = [node]
    else:
        walk = list(ast.walk(node))
    for sub in walk:
        for n in ast.walk(sub) if top_level else [sub]:
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                names.add(n.id)
            elif isinstance(n, ast.arg):
                names.add(n.arg)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                names.update((a.asname or a.name).split(".")[0] for a in n.names)
            elif isinstance(n, _DEFS) and n is not node:
                names.add(n.name)
    return names


@cache
def _module(root: Path, rel: Path) -> _Module:
    return _Module(root, rel)


@cache
def _no_custom_eq(root: Path) -> bool:
    """No class of the engine or the generated stubs defines __eq__ by hand."""
    for folder in ("yakubook/engine", "generated"):
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                if isinstance(node, _DEFS) and node.name == "__eq__":
                    return False
    return True


def _span(mod: _Module, node: ast.AST) -> tuple[int, int]:
    """A node's [start, end) as indexes into the text (ast columns are UTF-8 bytes)."""
    def at(line: int, byte_col: int) -> int:
        return mod.offset(line, len(mod.lines[line - 1].encode()[:byte_col].decode()))
    return at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)


def _constant_value(mod: _Module, node: ast.expr) -> object:
    """The value of a constant expression, or a private marker when it is not one."""
    for n in ast.walk(node):
        if not isinstance(n, _CONSTANT_NODES):
            return _NOT_CONSTANT
        if isinstance(n, ast.Name) and (
            n.id in mod.bound_in_functions or n.id not in mod.bound_once_at_top
        ):
            return _NOT_CONSTANT
        if isinstance(n, ast.Subscript) and not isinstance(n.slice, ast.Constant):
            return _NOT_CONSTANT
    try:
        return eval(compile(ast.Expression(node), str(mod.rel), "eval"), dict(mod.namespace()))
    except Exception:  # any failure means "not shown constant": the mutant is kept
        return _NOT_CONSTANT


_NOT_CONSTANT = object()


def _plain_enum_member(value: object) -> bool:
    return isinstance(value, enum.Enum) and type(value).__eq__ is object.__eq__


def _compare_operands(mod: _Module, start: int) -> tuple[ast.expr, ast.expr] | None:
    """The two operands around the comparison operator that starts at text index start."""
    for node in ast.walk(mod.tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for left, right in itertools.pairwise(operands):
            if _span(mod, left)[1] <= start < _span(mod, right)[0]:
                return left, right
    return None


def _identity_with_singleton(mod: _Module, start: int, root: Path) -> str | None:
    pair = _compare_operands(mod, start)
    if pair is None or not _no_custom_eq(root):
        return None
    for side in pair:
        if isinstance(side, ast.Constant) and side.value is None:
            return "identity vs equality against None"
        if isinstance(side, ast.Attribute) and _plain_enum_member(_constant_value(mod, side)):
            return "identity vs equality against a plain enum member"
    return None


def _bit_op_on_disjoint_constants(mod: _Module, start: int, end: int, new: str) -> str | None:
    for node in ast.walk(mod.tree):
        if not (isinstance(node, ast.BinOp) and type(node.op) in _BIT_NODES):
            continue
        left, right = _span(mod, node.left), _span(mod, node.right)
        if not (left[1] <= start and end <= right[0]):
            continue
        if mod.text[left[1]:right[0]].strip() != _BIT_NODES[type(node.op)]:
            continue  # the operator between these operands is another one
        a, b = _constant_value(mod, node.left), _constant_value(mod, node.right)
        if not (type(a) is int and type(b) is int and a >= 0 and b >= 0 and a & b == 0):
            return None
        # The mutated text must keep the same two operands around the new operator.
        mutated = mod.text[:start] + new + mod.text[end:]
        shift = len(new) - (end - start)
        try:
            tree = ast.parse(mutated)
        except SyntaxError:
            return None
        for other in ast.walk(tree):
            if isinstance(other, ast.BinOp) and _BIT_NODES.get(type(other.op)) == new:
                shadow = _Shadow(mutated)
                moved = (right[0] + shift, right[1] + shift)
                if _span(shadow, other.left) == left and _span(shadow, other.right) == moved:
                    return "| ^ + exchanged between constants with no common bit"
        return None
    return None


class _Shadow(_Module):
    """Offsets into a mutated text (no module behind it)."""

    def __init__(self, text: str) -> None:
        self.text, self.lines = text, text.splitlines()


def harmless(spec, root: Path) -> str | None:
    """Why this Cosmic Ray mutation cannot change a result (one of the classes in this
    module's docstring), or None when that is not shown."""
    op = spec.operator_name.removeprefix("core/")
    if op not in _IDENTITY_OPS and op not in _BIT_OPS:
        return None
    mod = _module(root, Path(spec.module_path))
    start = mod.offset(*spec.start_pos)
    end = mod.offset(*spec.end_pos)
    if op in _IDENTITY_OPS:
        return _identity_with_singleton(mod, start, root)
    return _bit_op_on_disjoint_constants(mod, start, end, _BIT_OPS[op])
