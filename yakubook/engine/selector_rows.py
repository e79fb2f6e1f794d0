"""A ruleset's check selector as a table of rows, for the C accelerator (issue #38).

The generated straight-line selector (``yakubook.engine.evaluation._selector``) is the
reference and what the pure-Python engine runs. Most of its ~90 tests per hand are
integer arithmetic on Win fields (``win.mask3 & X == X``, ``win.suit_count <= 1``,
``(w.mask3 & w.mask3 >> 1 & w.mask3 >> 2 & RUNS)``); as Python each costs about what a
call does. Here each gate and prefilter, as the selector writes it in (the very syntax
tree ``yakubook.engine.inline`` made for it), is split into its conjuncts: those made
only of such arithmetic are compiled into the row's ``code`` for a small stack machine
the C side runs on 64-bit integers; the rest stay Python (``rest``: one function of the
Win, asked only when the code holds). A conjunct is a pure test of the immutable Win, so
asking the code first changes no answer; the conjuncts left in Python keep their written
order, so a guard still guards what follows it. Where the machine cannot follow Python
exactly (a value past 64 bits, an index out of range, a field that is not what its
annotation says) it declines the whole hand, and the straight-line selector answers
instead.

The program: ``fields``, what the code reads of the Win, each read at most once per hand
and only when reached (``(name, kind)`` or ``(name, kind, argument)``: ``FIELD_READS``);
``rows``, in the selector's order, each ``(skip, code, rest, checks)``:
- ``code``: a tuple of ints, opcodes (``OPCODES``) and their operands, leaving the
  truth of the row's translated conjuncts (empty: it holds);
- ``rest``: None, or a function of the Win whose truth is also required;
- ``checks``: what the row adds to the live list when it holds;
- ``skip``: for a section gate, the rows of its section, passed over when it fails.

``Program.selector(fallback)`` is the C side's callable made of it (``_COMPILE_ROWS``,
the hook yakubook/engine/_accel.py sets; None under the pure engine, which runs the
straight-line selector, faster in Python). ``select_rows_py`` runs a program in Python:
the reference the C run is tested against.
"""

from __future__ import annotations

import ast
import builtins
import copy
import sys
from collections.abc import Callable
from dataclasses import fields
from itertools import count
from types import FunctionType
from typing import Any

from yakubook.engine import _accel
from yakubook.engine.inline import inline_tree
from yakubook.engine.win import Win

# The binary opcodes: each pops b and a and pushes ``a OP b``; its ``<OP>_C`` form takes b
# as its operand instead (``x & MASK == MASK`` is FIELD x, AND_C MASK, EQ_C MASK: three
# steps of the machine where the stack form takes five; most tests compare a field's
# masked bits with a constant).
_BINARY_NAMES = ("AND", "OR", "XOR", "LSHIFT", "RSHIFT", "ADD", "SUB", "MOD",
                 "EQ", "NE", "LT", "LE", "GT", "GE")  # fmt: skip
# The stack machine's opcodes, by number (the C side's order). FIELD f and CONST c take one
# operand; JUMP_IF_FALSE and JUMP_IF_TRUE how far to jump forward past the operand (the
# value on top stays when jumping, else is popped); IN_CONSTS n, then n constants; INDEX f takes
# the tuple field f (kind "tuple"); the ``_C`` forms their constant. The others work on the
# stack, but for the fused steps below, each one step of the machine where the plain
# opcodes take two or three (each machine step costs a dispatch, most of the machine's
# time): FIELD_TRUTH f and FIELD_NOT f push field f's truth or its negation; FIELD_AND f c
# and FIELD_RSHIFT f c push ``field & c`` and ``field >> c``; AND_FIELD_RSHIFT f c ands the
# top with ``field >> c`` (``m & m >> 1 & m >> 2``, the runs of a mask, is three steps).
OPCODES = (
    "FIELD", "CONST", "AND", "OR", "XOR", "LSHIFT", "RSHIFT", "ADD", "SUB", "MOD",
    "INVERT", "NEG", "BIT_COUNT", "NOT", "TRUTH", "EQ", "NE", "LT", "LE", "GT", "GE",
    "JUMP_IF_FALSE", "JUMP_IF_TRUE", "IN_CONSTS", "INDEX", "BIT_LENGTH",
    *(f"{name}_C" for name in _BINARY_NAMES),
    "FIELD_TRUTH", "FIELD_NOT", "FIELD_AND", "FIELD_RSHIFT", "AND_FIELD_RSHIFT",
)  # fmt: skip
OP = {name: n for n, name in enumerate(OPCODES)}
_BINARY = {
    ast.BitAnd: "AND", ast.BitOr: "OR", ast.BitXor: "XOR", ast.LShift: "LSHIFT",
    ast.RShift: "RSHIFT", ast.Add: "ADD", ast.Sub: "SUB", ast.Mod: "MOD",
}  # fmt: skip
_COMPARE = {ast.Eq: "EQ", ast.NotEq: "NE", ast.Lt: "LT", ast.LtE: "LE", ast.Gt: "GT",
            ast.GtE: "GE"}  # fmt: skip
_INT64 = range(-(1 << 63), 1 << 63)
# A test of a value against more constants than this reads a field's membership once
# ("in") rather than comparing on the machine (IN_CONSTS); IN_CONSTS takes at most
# _MAX_IN_CONSTS.
_IN_CONSTS_AT_MOST = 8
_MAX_IN_CONSTS = 64

# What a field read gives (an int), by kind; anything else declines the hand (the types
# are exact: a subclass could answer ``len`` or ``&`` otherwise):
# "int": an int or bool field; "len": a tuple's or str's length (its truth: not empty);
# "item": a tuple field's item at the argument; "is_none": 1 when the field is None;
# "eq": 1 when the str field equals the argument; "in": 1 when the str, int or bool field
# is in the argument (a tuple, frozenset, set or dict's keys); "has": 1 when the set or tuple
# field holds the argument (a str or int); "tuple": the tuple itself, read only by INDEX.
FIELD_READS = ("int", "len", "item", "is_none", "eq", "in", "has", "tuple")


def _field_types() -> dict[str, str]:
    """Each Win field's type as the machine sees it: "int" (int, bool), "optint" (``int |
    None``: read as an int where a guard keeps None out, the read declining if not),
    "tuple", "str", "set"; fields of other types are not read."""
    out = {}
    for f in fields(Win):
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if kind in ("int", "bool"):
            out[f.name] = "int"
        elif kind == "int | None":
            out[f.name] = "optint"
        elif kind.startswith("tuple["):
            out[f.name] = "tuple"
        elif kind == "str":
            out[f.name] = "str"
        elif kind.startswith("frozenset["):
            out[f.name] = "set"
    return out


FIELD_TYPES = _field_types()
_WIN_FIELDS = frozenset(f.name for f in fields(Win))
# Win's properties, written in where one expression (as evaluation._WIN_PROPERTIES).
_WIN_PROPERTIES = {
    name: value.fget for name, value in vars(Win).items() if isinstance(value, property)
}


class Program:
    """A selector as rows (the module's docstring). A plain class (a dataclass took
    ~0.5 ms of every process's import, the pure engine's too)."""

    __slots__ = ("fields", "rows")

    def __init__(
        self, fields: tuple[tuple, ...], rows: tuple[tuple[int, tuple[int, ...], Any, tuple], ...]
    ) -> None:
        self.fields = fields
        self.rows = rows

    def selector(self, fallback: Callable[[Win], list]) -> Callable[[Win], list] | None:
        """The C side's selector of the program: called with a win, its live list, or
        ``fallback(win)``'s where the machine declines the hand; None without the
        accelerator."""
        compile_rows = _COMPILE_ROWS
        return None if compile_rows is None else compile_rows(self.fields, self.rows, fallback)


class Declined(Exception):
    """The machine cannot follow Python here: the straight-line selector answers."""


def select_rows_py(win: Win, program: Program) -> list | None:
    """The live list the program gives for the win, in Python (what the C side does,
    step for step); None where the machine declines the hand."""
    values: dict[int, Any] = {}

    def read(f: int) -> Any:
        if f not in values:
            values[f] = _read_field(win, program.fields[f])
        return values[f]

    live: list = []
    rows = program.rows
    i = 0
    try:
        while i < len(rows):
            skip, code, rest, checks = rows[i]
            i += 1
            if (not code or run_code(code, read)) and (rest is None or rest(win)):
                live.extend(checks)
            else:
                i += skip
    except Declined:
        return None
    return live


def _read_field(win: Win, spec: tuple) -> Any:
    name, kind, *argument = spec
    v = win.__dict__[name] if name in win.__dict__ else _decline()
    if kind == "int":
        return _int64(v) if type(v) in (int, bool) else _decline()
    if kind == "is_none":
        return int(v is None)
    if kind == "tuple":
        return v if type(v) is tuple else _decline()
    if kind == "len":
        return len(v) if type(v) in (tuple, str) else _decline()
    if kind == "item":
        if type(v) is not tuple or not -len(v) <= argument[0] < len(v):
            _decline()
        item = v[argument[0]]
        return _int64(item) if type(item) in (int, bool) else _decline()
    if kind == "eq":
        return int(v == argument[0]) if type(v) is str else _decline()
    if kind == "in":
        return int(v in argument[0]) if type(v) in (str, int, bool) else _decline()
    if kind == "has":
        return int(argument[0] in v) if type(v) in (set, frozenset, tuple) else _decline()
    raise ValueError(f"field read {kind!r}")


def _decline() -> Any:
    raise Declined


def _int64(v: int) -> int:
    return int(v) if v in _INT64 else _decline()


def run_code(code: tuple[int, ...], read: Callable[[int], Any]) -> int:
    """The value the code leaves: ``read(f)`` gives field f's value."""
    stack: list[int] = []
    pc = 0
    while pc < len(code):
        op = OPCODES[code[pc]]
        pc += 1
        if op == "FIELD":
            stack.append(read(code[pc]))
            pc += 1
        elif op in ("FIELD_TRUTH", "FIELD_NOT"):
            stack.append(_unary(op[6:], read(code[pc])))
            pc += 1
        elif op in ("FIELD_AND", "FIELD_RSHIFT"):
            stack.append(_binary(op[6:], read(code[pc]), code[pc + 1]))
            pc += 2
        elif op == "AND_FIELD_RSHIFT":
            stack.append(stack.pop() & _binary("RSHIFT", read(code[pc]), code[pc + 1]))
            pc += 2
        elif op == "CONST":
            stack.append(code[pc])
            pc += 1
        elif op in ("JUMP_IF_FALSE", "JUMP_IF_TRUE"):
            if bool(stack[-1]) == (op == "JUMP_IF_TRUE"):
                pc += 1 + code[pc]
            else:
                stack.pop()
                pc += 1
        elif op == "IN_CONSTS":
            n = code[pc]
            stack.append(int(stack.pop() in code[pc + 1 : pc + 1 + n]))
            pc += 1 + n
        elif op == "INDEX":
            items = read(code[pc])
            pc += 1
            i = stack.pop()
            if not -len(items) <= i < len(items) or type(items[i]) not in (int, bool):
                _decline()
            stack.append(_int64(items[i]))
        elif op.endswith("_C"):
            stack.append(_binary(op[:-2], stack.pop(), code[pc]))
            pc += 1
        elif op in ("INVERT", "NEG", "BIT_COUNT", "NOT", "TRUTH", "BIT_LENGTH"):
            v = stack.pop()
            stack.append(_unary(op, v))
        else:
            b = stack.pop()
            a = stack.pop()
            stack.append(_binary(op, a, b))
    return stack.pop()


def _unary(op: str, v: int) -> int:
    if op == "INVERT":
        return ~v
    if op == "NEG":
        return _int64(-v)
    if op == "BIT_COUNT":
        return v.bit_count()
    if op == "BIT_LENGTH":
        return v.bit_length()
    return int(not v) if op == "NOT" else int(bool(v))


def _binary(op: str, a: int, b: int) -> int:
    if op in ("LSHIFT", "RSHIFT") and b < 0:
        _decline()  # Python raises ValueError: the straight-line selector does the same
    if op == "MOD" and b == 0:
        _decline()
    value = {
        "AND": lambda: a & b, "OR": lambda: a | b, "XOR": lambda: a ^ b,
        "LSHIFT": lambda: a << min(b, 64) if a else 0, "RSHIFT": lambda: a >> min(b, 64),
        "ADD": lambda: a + b, "SUB": lambda: a - b, "MOD": lambda: a % b,
        "EQ": lambda: int(a == b), "NE": lambda: int(a != b), "LT": lambda: int(a < b),
        "LE": lambda: int(a <= b), "GT": lambda: int(a > b), "GE": lambda: int(a >= b),
    }[op]()  # fmt: skip
    return _int64(value)


class Translated:
    """One gate's or prefilter's test as a row's parts, made once per test function (by
    ``translate``) and put into any ruleset's program: ``code``, the machine's code with
    each field read written as its spec (a tuple) where a program has the field's index;
    ``rest``, the Python left over (None: nothing). A plain class, as Program."""

    __slots__ = ("code", "rest")

    def __init__(self, code: tuple, rest: Callable[[Win], Any] | None) -> None:
        self.code = code
        self.rest = rest


def translate(expr: ast.expr, names: dict[str, Any]) -> Translated:
    """The test ``expr`` (as the selector writes it in: an expression of ``win`` and its
    fields' locals ``win_<field>``, a tree of the caller's: its conjuncts left to Python
    become the rest's own) split into the
    machine's code and a Python rest; ``names``: what its other names stand for."""
    translator = _Translator(dict(names))
    parts, rest = [], []
    for conjunct in _conjuncts(expr):
        part = translator.compiled(conjunct)
        if part is None:
            rest.append(conjunct)
        else:
            parts.append(part)
    code = tuple(_joined(parts, "JUMP_IF_FALSE"))
    return Translated(code, translator.rest_function(rest) if rest else None)


class Builder:
    """A program assembled from translated tests (``add``, in the selector's order), each
    field read given its index."""

    def __init__(self) -> None:
        self.field_index: dict[tuple, int] = {}  # by spec (an id for a set or dict in it)
        self.specs: list[tuple] = []  # the fields read, by index
        self.rows: list[list] = []

    def add(self, test: Translated | None, checks: tuple) -> int:
        """A row for the test (None: it always holds) adding ``checks``; its index."""
        code: tuple = ()
        if test is not None:
            code = tuple(self._index(w) if type(w) is tuple else w for w in test.code)
        self.rows.append([0, code, None if test is None else test.rest, checks])
        return len(self.rows) - 1

    def program(self) -> Program:
        """The rows as a program."""
        return Program(tuple(self.specs), tuple((s, c, r, k) for s, c, r, k in self.rows))

    def _index(self, spec: tuple) -> int:
        # a set or dict argument (asked live) is told apart by its identity
        key = spec if spec[2:] == () or type(spec[2]) not in (set, dict) else (
            *spec[:2], id(spec[2]))  # fmt: skip
        f = self.field_index.get(key)
        if f is None:
            f = self.field_index[key] = len(self.specs)
            self.specs.append(spec)
        return f


class _Translator:
    """``translate``'s work on one test: its conjuncts as code, where they can be, and
    the rest as a Python function of the win; ``namespace``, the names the test's
    expression reads (the rest's globals)."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace
        self.depth = 0
        # _folded's answers by node (ids of nodes the test's tree keeps alive meanwhile):
        # each node is asked again by every node above it
        self.folds: dict[int, int | None] = {}

    def rest_function(self, rest: list[ast.expr]) -> Callable[[Win], Any]:
        """The conjuncts ``rest`` as ``def rest(win)``: the fields they read into locals
        ``win_<field>`` as the selector does, then their ``and``; the test itself where
        the rest is just its call ``<label>(win)``. Built as a syntax tree around the
        conjuncts' own (inline makes a new tree for each test: compiling reads it, and
        only adds the locations a node made here lacks), compiled once per test
        function."""
        call = _plain_call(rest)
        if call is not None and call in self.namespace:
            return self.namespace[call]  # type: ignore[no-any-return]
        reads = sorted(
            {
                n.id[4:]
                for e in rest
                for n in ast.walk(e)
                if isinstance(n, ast.Name) and n.id.startswith("win_") and n.id[4:] in _WIN_FIELDS
            }
        )  # fmt: skip
        conjuncts = rest
        fn = copy.deepcopy(_REST_TEMPLATE)
        fn.body = [_read_into_local(f) for f in reads]
        both = conjuncts[0] if len(conjuncts) == 1 else ast.BoolOp(ast.And(), conjuncts)
        fn.body.append(ast.Return(both))
        module = ast.fix_missing_locations(ast.Module(body=[fn], type_ignores=[]))
        exec(compile(module, "<yakubook.engine.selector_rows>", "exec"), self.namespace)
        return self.namespace.pop("rest")  # type: ignore[no-any-return]

    def compiled(self, node: ast.expr) -> list | None:
        """A conjunct as code leaving its truth (0 or 1), or None where it stays Python."""
        try:
            return self._truth(node)
        except _Untranslatable:
            return None

    def _field(self, spec: tuple) -> tuple:
        """The read ``spec`` as code writes it (Builder.add puts its index there). The name
        interned: the C run finds it in the win's dict by identity (a name sliced from a
        syntax tree's ``win_<field>`` is a new string, compared char by char on every
        lookup)."""
        return (sys.intern(spec[0]), *spec[1:])

    def _win_field(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Name) and node.id.startswith("win_"):
            name = node.id[4:]
            if name in FIELD_TYPES:
                return name
        return None

    def _truth(self, node: ast.expr) -> list[Any]:
        """Code leaving 0 or 1: the node's truth."""
        if isinstance(node, ast.BoolOp):
            jump = "JUMP_IF_FALSE" if isinstance(node.op, ast.And) else "JUMP_IF_TRUE"
            return _joined([self._truth(v) for v in node.values], jump)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            read = self._plain_read(node.operand)
            if read is not None:
                return [OP["FIELD_NOT"], read]
            return [*self._truth(node.operand), OP["NOT"]]
        read = self._plain_read(node)
        if read is not None:
            return [OP["FIELD_TRUTH"], read]
        if isinstance(node, ast.Call) and self._called(node) is builtins.bool:
            return self._truth(node.args[0])
        if isinstance(node, ast.Compare):
            return self._value(node)  # 0 or 1 already
        expanded = self._expanded(node)
        if expanded is not None:
            return self._nested(self._truth, expanded)
        return [*self._value(node), OP["TRUTH"]]

    def _expanded(self, node: ast.expr) -> ast.expr | None:
        """A call of a one-expression helper on an expression (``_ittsuu_runs(runs of the
        mask)``, which the selector leaves a call: written in, Python would work the
        argument out once per use) as that expression of the argument: on the machine an
        argument worked out again costs a few steps, a Python call a microsecond. None
        where the call is not one (``yakubook.engine.inline`` decides, as for the
        selector)."""
        if not isinstance(node, ast.Call) or self.depth >= _MAX_DEPTH:
            return None
        fn = self._called(node)
        if not isinstance(fn, FunctionType):
            return None
        written = inline_tree(fn, f"x{next(_EXPANDED)}")
        if written is None:
            return None
        tree, names = written
        self.namespace.update(names)
        return _Substitute(node.args[0]).visit(tree)  # inline's tree: a new one

    def _nested(self, compile_node: Callable[[ast.expr], list[Any]], node: ast.expr) -> list[Any]:
        self.depth += 1
        try:
            return compile_node(node)
        finally:
            self.depth -= 1

    def _plain_read(self, node: ast.expr) -> int | None:
        """The field read whose truth is the node's, for a Win field named alone (an int's
        value, a tuple's length), else None."""
        name = self._win_field(node)
        if name is None:
            return None
        kind = FIELD_TYPES[name]
        if kind == "tuple":
            return self._field((name, "len"))
        return self._field((name, "int")) if kind in ("int", "optint") else None

    def _int_field(self, node: ast.expr) -> int | None:
        """The field read of an int Win field named alone, else None."""
        name = self._win_field(node)
        if name is None or FIELD_TYPES[name] not in ("int", "optint"):
            return None
        return self._field((name, "int"))

    def _called(self, node: ast.Call) -> Any:
        """What a call of one positional argument calls, by its name in the namespace."""
        if node.keywords or len(node.args) != 1 or not isinstance(node.func, ast.Name):
            return None
        if isinstance(node.args[0], ast.Starred):
            return None
        return self.namespace.get(node.func.id)

    def _folded(self, node: ast.expr) -> int | None:
        """The int a node of constants stands for, worked out now as Python does at each
        hand (``~X``, ``A | B``, ``SUIT_MASKS[1]`` of a tuple the namespace binds: the
        namespace's objects are bound for good, as in the selector), else None."""
        key = id(node)
        if key not in self.folds:
            self.folds[key] = self._fold(node)
        return self.folds[key]

    def _fold(self, node: ast.expr) -> int | None:
        if isinstance(node, ast.Constant):
            return int(node.value) if type(node.value) in (int, bool) else None
        if isinstance(node, ast.Name):
            value = self.namespace.get(node.id)
            return int(value) if type(value) in (int, bool) else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert)):
            v = self._folded(node.operand)
            if v is None:
                return None
            return -v if isinstance(node.op, ast.USub) else ~v
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            a, b = self._folded(node.left), self._folded(node.right)
            if a is None or b is None or (isinstance(node.op, (ast.LShift, ast.RShift)) and
                                          not 0 <= b < 64) or (isinstance(node.op, ast.Mod)
                                                               and b == 0):  # fmt: skip
                return None
            return _FOLD[type(node.op)](a, b)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            items = self.namespace.get(node.value.id)
            i = self._folded(node.slice)
            if type(items) is tuple and i is not None and -len(items) <= i < len(items):
                item = items[i]
                return int(item) if type(item) in (int, bool) else None
        return None

    def _value(self, node: ast.expr) -> list[Any]:
        """Code leaving the node's int value (a comparison's as 0 or 1)."""
        folded = self._folded(node)
        if folded is not None:
            if folded not in _INT64:
                raise _Untranslatable
            return [OP["CONST"], folded]
        if isinstance(node, ast.Constant):
            raise _Untranslatable
        name = self._win_field(node)
        if name is not None:
            if FIELD_TYPES[name] not in ("int", "optint"):
                raise _Untranslatable
            return [OP["FIELD"], self._field((name, "int"))]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return self._binary(node.left, _BINARY[type(node.op)], node.right)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Invert):
                return [*self._value(node.operand), OP["INVERT"]]
            if isinstance(node.op, ast.USub):
                return [*self._value(node.operand), OP["NEG"]]
            if isinstance(node.op, ast.Not):
                return self._truth(node)
            raise _Untranslatable
        if isinstance(node, ast.Compare):
            return self._comparison(node)
        if isinstance(node, ast.Call):
            expanded = self._expanded(node)
            if expanded is not None:
                return self._nested(self._value, expanded)
            return self._call(node)
        if isinstance(node, ast.Subscript):
            tuple_name = self._win_field(node.value)
            if tuple_name is None or FIELD_TYPES[tuple_name] != "tuple":
                raise _Untranslatable
            index = self._folded(node.slice)
            if index is not None:
                if index not in _INT64:
                    raise _Untranslatable
                return [OP["FIELD"], self._field((tuple_name, "item", index))]
            return [*self._value(node.slice), OP["INDEX"], self._field((tuple_name, "tuple"))]
        # a BoolOp's value is an operand, not 0 or 1; anything else is not arithmetic
        raise _Untranslatable

    def _binary(self, left: ast.expr, name: str, right: ast.expr) -> list[Any]:
        """Code leaving ``left <name> right``: its ``_C`` form when ``right`` is a constant."""
        b = self._folded(right)
        if b is not None and b in _INT64:
            f = self._int_field(left)
            if f is not None and (name == "AND" or (name == "RSHIFT" and 0 <= b < 64)):
                return [OP[f"FIELD_{name}"], f, b]
            return [*self._value(left), OP[f"{name}_C"], b]
        if name == "AND" and isinstance(right, ast.BinOp) and isinstance(right.op, ast.RShift):
            f, k = self._int_field(right.left), self._folded(right.right)
            if f is not None and k is not None and 0 <= k < 64:
                return [*self._value(left), OP["AND_FIELD_RSHIFT"], f, k]
        return [*self._value(left), *self._value(right), OP[name]]

    def _call(self, node: ast.Call) -> list[Any]:
        fn = node.func
        if (
            isinstance(fn, ast.Attribute)
            and fn.attr in ("bit_count", "bit_length")
            and not node.args
            and not node.keywords
        ):
            op = "BIT_COUNT" if fn.attr == "bit_count" else "BIT_LENGTH"
            return [*self._value(fn.value), OP[op]]
        target = self._called(node)
        if target is builtins.len:
            name = self._win_field(node.args[0])
            if name is not None and FIELD_TYPES[name] in ("tuple", "str"):
                return [OP["FIELD"], self._field((name, "len"))]
        elif target is builtins.bool:
            return self._truth(node.args[0])
        raise _Untranslatable

    def _comparison(self, node: ast.Compare) -> list[Any]:
        if len(node.ops) != 1:
            # a < b < c: a < b and b < c, b asked twice (its code has no effect to repeat)
            operands = [node.left, *node.comparators]
            pairs = [
                ast.Compare(left=operands[i], ops=[op], comparators=[operands[i + 1]])
                for i, op in enumerate(node.ops)
            ]
            return _joined([self._comparison(pair) for pair in pairs], "JUMP_IF_FALSE")
        op, left, right = node.ops[0], node.left, node.comparators[0]
        if isinstance(op, (ast.Is, ast.IsNot)):
            name = self._win_field(left)
            if name is None or not (isinstance(right, ast.Constant) and right.value is None):
                raise _Untranslatable
            code = [OP["FIELD"], self._field((name, "is_none"))]
            return code + [OP["NOT"]] if isinstance(op, ast.IsNot) else code
        if isinstance(op, (ast.In, ast.NotIn)):
            code = self._membership(left, right)
            return code + [OP["NOT"]] if isinstance(op, ast.NotIn) else code
        if type(op) not in _COMPARE:
            raise _Untranslatable
        name = self._win_field(left)
        if name is not None and FIELD_TYPES[name] == "str" and isinstance(op, (ast.Eq, ast.NotEq)):
            if not (isinstance(right, ast.Constant) and type(right.value) is str):
                raise _Untranslatable
            code = [OP["FIELD"], self._field((name, "eq", right.value))]
            return code + [OP["NOT"]] if isinstance(op, ast.NotEq) else code
        code = self._binary(left, _COMPARE[type(op)], right)
        optional = name is not None and FIELD_TYPES[name] == "optint"
        if optional and isinstance(op, (ast.Eq, ast.NotEq)):
            # None == c is False, None != c True: asked before the field is read as an int
            none = [OP["FIELD"], self._field((name, "is_none"))]
            if isinstance(op, ast.Eq):
                return _joined([[*none, OP["NOT"]], code], "JUMP_IF_FALSE")
            return _joined([none, code], "JUMP_IF_TRUE")
        return code

    def _membership(self, left: ast.expr, right: ast.expr) -> list[Any]:
        name = self._win_field(right)
        if name is not None and FIELD_TYPES[name] in ("set", "tuple"):
            # a constant in the field: a set's or tuple's own ``in`` (hashing, or == on
            # each item: what Python asks)
            if isinstance(left, ast.Constant) and type(left.value) in (str, int):
                return [OP["FIELD"], self._field((name, "has", left.value))]
            raise _Untranslatable
        container = self._container(right)
        if container is None or not all(type(c) in (int, str) for c in container):
            raise _Untranslatable
        name = self._win_field(left)
        ints = all(type(c) is int and c in _INT64 for c in container)
        if name is not None and (
            FIELD_TYPES[name] == "str" or type(container) in (set, dict)
            or (len(container) > _IN_CONSTS_AT_MOST and ints)
        ):  # fmt: skip
            # the field's value looked up in the container itself, once per hand (a set or
            # a dict's keys, which could change, are asked then, as the selector asks them)
            return [OP["FIELD"], self._field((name, "in", container))]
        if not ints or len(container) > _MAX_IN_CONSTS or type(container) in (set, dict):
            raise _Untranslatable
        items = sorted(container)
        return [*self._value(left), OP["IN_CONSTS"], len(items), *items]

    def _container(self, node: ast.expr) -> tuple | frozenset | set | dict | None:
        """A tuple written of constants, or a tuple, frozenset, set or dict (its keys) the
        namespace holds."""
        if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
            return tuple(e.value for e in node.elts)
        if isinstance(node, ast.Name):
            value = self.namespace.get(node.id)
            if type(value) in (tuple, frozenset, set, dict):
                return value
        return None


_MAX_DEPTH = 4  # helpers written in within helpers written in
_EXPANDED = count()  # the helpers written in so far: each under a prefix of its own
# A rest's def, its name and body replaced (parsed once: FunctionDef's fields differ
# between Python versions).
_REST_TEMPLATE = ast.parse("def rest(win):\n    return True\n").body[0]


class _Substitute(ast.NodeTransformer):
    """A helper's expression (of ``win``, a fresh tree: changed in place) with the call's
    argument in place of ``win``; the argument itself is shared, only read."""

    def __init__(self, arg: ast.expr) -> None:
        self.arg = arg

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.arg if node.id == "win" else node


def _read_into_local(field: str) -> ast.stmt:
    """``win_<field> = win.<field>``"""
    target = ast.Name(id=f"win_{field}", ctx=ast.Store())
    value = ast.Attribute(value=ast.Name(id="win", ctx=ast.Load()), attr=field, ctx=ast.Load())
    return ast.Assign(targets=[target], value=value)


class _Untranslatable(Exception):
    """A node the machine does not compute: its conjunct stays Python."""


def _joined(parts: list[list[Any]], jump: str) -> list[Any]:
    """``a and b and …`` (JUMP_IF_FALSE) or ``a or b or …`` (JUMP_IF_TRUE) of code
    leaving truths: each jumps to the end with its truth when it decides."""
    if not parts:
        return []
    out: list[Any] = []
    holes = []
    for part in parts[:-1]:
        out += part
        out += [OP[jump], -1]
        holes.append(len(out) - 1)
    out += parts[-1]
    for hole in holes:
        out[hole] = len(out) - hole - 1  # relative: the code may be put inside other code
    return out


_FOLD = {
    ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b,
    ast.BitXor: lambda a, b: a ^ b, ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b, ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b, ast.Mod: lambda a, b: a % b,
}  # fmt: skip


def _conjuncts(expr: ast.expr) -> list[ast.expr]:
    if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.And):
        return [c for v in expr.values for c in _conjuncts(v)]
    return [expr]


def _plain_call(rest: list[ast.expr]) -> str | None:
    """The name ``f`` when the rest is exactly ``f(win)``."""
    if len(rest) != 1:
        return None
    node = rest[0]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "win"
    ):
        return node.func.id
    return None


def filter_program(test: Any) -> Program:
    """One gate's or prefilter's test as a one-row program adding ``True`` when it holds,
    written in as the selector writes it (tests/yaku/test_filter_rows.py asks the rows
    the selector runs)."""
    written = inline_tree(test, "t", _WIN_FIELDS, {}, _WIN_PROPERTIES)
    if written is None:
        translated = translate(ast.parse("t(win)", mode="eval").body, {"t": test})
    else:
        translated = translate(*written)
    builder = Builder()
    builder.add(translated, (True,))
    return builder.program()


# The engine's hook (yakubook/engine/_accel.py): the C compiler of programs into
# selectors when the accelerator runs, else None (the pure engine runs the straight-line
# selector).
_COMPILE_ROWS: Any = None

_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
