"""Prefilters written into the selector (yakubook.engine.inline) test exactly what their calls
do."""

from __future__ import annotations

import math
import random
from functools import partial
from types import FunctionType

import pytest
from engine_hands import random_win

from yakubook.engine.evaluation import _WIN_FIELDS, _WIN_PROPERTIES, _plan, _selector, prepare
from yakubook.engine.inline import inline
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win

LIMIT = 3
NEGATIVE = -3


def _helper(x: int) -> bool:
    return x > LIMIT


def _returns_one_expression(w: object) -> bool:
    """A docstring is allowed."""
    return _helper(len(str(w))) and not isinstance(w, int)


def _two_statements(w: object) -> bool:
    n = len(str(w))
    return n > LIMIT


# The return comes first, yet the unreachable assignment makes LIMIT a local: a call
# raises UnboundLocalError, where the expression alone would read the global.
def _return_then_dead_code(w: object) -> bool:
    return w > LIMIT  # noqa: F823
    LIMIT = 0  # noqa: F841


def _made(least: int):
    def prefilter(w: object) -> bool:
        return len(str(w)) >= least

    return prefilter


def _evaluate(source: str, names: dict, value: object) -> object:
    return eval(source, dict(names), {"win": value})


def test_expressions_are_inlined_with_their_names_bound() -> None:
    simple = lambda w: w + LIMIT  # noqa: E731
    cases = [(simple, 2), (_returns_one_expression, "abcde"), (_made(4), "abc"), (_made(2), "ab")]
    for fn, value in cases:
        got = inline(fn, "p0")
        assert got is not None, fn
        assert "win" in got.source and all(k.startswith("p0_") for k in got.names)
        assert _evaluate(got.source, got.names, value) == fn(value)
    # The closure's cell is read when inlining: two prefilters from one factory differ,
    # each with its number written in.
    assert inline(_made(4), "a").source == "(a_len(a_str(win)) >= 4)"
    assert inline(_made(2), "b").source == "(b_len(b_str(win)) >= 2)"
    # A negative number stays a name (written in, -1 .bit_count() would read otherwise).
    got = inline(lambda w: NEGATIVE.bit_count() + w, "n")
    assert got.source == "(n_NEGATIVE.bit_count() + win)" and got.names["n_NEGATIVE"] == -3
    assert _evaluate(got.source, got.names, 1) == 3


class _Facts:
    mask = 6
    other = 1
    extra = "yes"


def test_fields_are_read_ahead_as_locals() -> None:
    read_ahead = frozenset({"mask", "other"})
    got = inline(lambda w: w.mask & 2 == 2 and w.other and w.extra, "p", read_ahead)
    assert got.source == "(win_mask & 2 == 2 and win_other and win.extra)"
    assert got.reads == {"mask", "other"}
    facts = _Facts()
    assert eval(got.source, {}, {"win": facts, "win_mask": 6, "win_other": 1}) == "yes"


def test_what_is_not_one_plain_expression_stays_a_call() -> None:
    assert inline(_two_statements, "p") is None
    # A return followed by more statements: only the lone return of a body is its test.
    with pytest.raises(UnboundLocalError):
        _return_then_dead_code(5)
    assert inline(_return_then_dead_code, "p") is None
    assert inline(lambda w: any(c == "a" for c in w), "p") is None  # binds its own name
    assert inline(lambda w: (n := len(w)) > n - 1, "p") is None
    assert inline(partial(_helper), "p") is None
    assert inline(len, "p") is None
    assert inline(lambda w, v=1: w > v, "p") is None
    assert inline(lambda w, *more: w > 1, "p") is None  # a call could pass it more
    assert inline(lambda w, **named: w > 1, "p") is None
    # Two lambdas of one name on one line: which is which is not certain.
    pair = (lambda w: w > 1, lambda w: w < 1)
    assert inline(pair[0], "p") is None and inline(pair[1], "p") is None


def test_every_inlined_prefilter_agrees_with_its_call() -> None:
    """Each of the default ruleset's gates and prefilters that is inlined, evaluated as
    the selector would, against calling it, on seeded random wins."""
    rs = prepare(Ruleset.default())
    plan, _ = _plan(rs)
    tests = [g for g, _, _ in plan if g is not None] + [pf for _, f, _ in plan for pf, _ in f]
    # As the selector inlines them: fields read ahead, helpers and properties written in.
    inlined = [
        (fn, inline(fn, f"t{i}", _WIN_FIELDS, None, _WIN_PROPERTIES))
        for i, fn in enumerate(tests)
    ]
    inlined = [(fn, got) for fn, got in inlined if got is not None]
    assert len(inlined) > 100
    rng = random.Random(5)
    wins = [random_win(rng) for _ in range(300)]
    fired = 0
    for fn, got in inlined:
        code = compile(got.source, "<test>", "eval")
        for w in wins:
            expected = bool(fn(w))
            ahead = {f"win_{name}": getattr(w, name) for name in got.reads}
            assert bool(eval(code, dict(got.names), {"win": w, **ahead})) == expected
            fired += expected
    assert fired > 300


def test_code_that_differs_from_its_source_line_stays_a_call() -> None:
    above = lambda w: w > LIMIT  # noqa: E731
    # Same bytecode, another global: the source line no longer says what the code does.
    changed = FunctionType(above.__code__.replace(co_names=("NEGATIVE",)), globals())
    assert changed(0) and not above(0)
    assert inline(above, "p") is not None
    assert inline(changed, "p") is None


def test_a_name_that_resolves_nowhere_stays_a_call() -> None:
    # Its free names must resolve now (closure, globals, builtins); this one does not.
    assert inline(lambda w: w > _NOT_DEFINED_ANYWHERE, "p") is None  # noqa: F821


def test_a_test_whose_source_file_cannot_be_read_stays_a_call(tmp_path) -> None:
    # The source is found by the code's first line; with no file to read there is none.
    missing = tmp_path / "gone.py"
    fn = eval(compile("lambda w: w > 1", str(missing), "eval"))
    assert inline(fn, "p") is None
    missing.write_text("lambda w: w > 1\n", encoding="utf-8")
    again = eval(compile("lambda w: w > 1", str(missing), "eval"))
    assert inline(again, "p") is not None  # the same test, its file present: inlined



def _module(path, source: str) -> dict:
    """The namespace of ``source`` run as if imported from ``path`` (written there)."""
    path.write_text(source, encoding="utf-8")
    namespace: dict = {}
    exec(compile(source, str(path), "exec"), namespace)
    return namespace


PLACES = '''\
LIMIT = 3
PREFILTERS = []


def implements(prefilter):
    PREFILTERS.append(prefilter)
    return lambda fn: fn


@implements(
    prefilter=lambda w: w > LIMIT,
)
def body(w):
    inner = lambda v: v < LIMIT  # noqa: E731
    return inner


TEXT = """
after = "not this line: it is in a string"
"""
after = (lambda w: w + LIMIT,
)
if LIMIT:
    pass
else:
    pass
closing = (lambda w: w - LIMIT,
)
pairs = (
    """
x = 1
""",
    lambda w: w * LIMIT,
)
'''


def test_a_test_is_found_wherever_it_sits_in_its_file(tmp_path) -> None:
    """Only the statement holding a test is parsed (issue #38), yet every place a test
    can sit is found as the whole file says: a decorator's argument, a function inside
    a decorated def, after a string whose lines start at column 0, after an else, and
    below such a line of a string (where the lines cannot tell the statement's start)."""
    ns = _module(tmp_path / "places.py", PLACES)
    parsed: dict = {}
    tests = {
        "decorator": (ns["PREFILTERS"][0], "(win > 3)"),
        "inside the decorated def": (ns["body"](0), "(win < 3)"),
        "after a string": (ns["after"][0], "(win + 3)"),
        "after an else": (ns["closing"][0], "(win - 3)"),
        "after a line of a string at column 0": (ns["pairs"][1], "(win * 3)"),
    }
    for where, (fn, source) in tests.items():
        got = inline(fn, "p", parsed=parsed)
        assert got is not None and got.source == source, where


def test_the_rest_of_the_file_is_not_parsed(tmp_path) -> None:
    """A test is inlined from its own statement even when another statement of its file
    no longer parses (the file edited since): the code it compiles to is the proof."""
    ns = _module(tmp_path / "edited.py", "LIMIT = 3\nabove = lambda w: w > LIMIT\n")
    (tmp_path / "edited.py").write_text(
        "LIMIT = 3\nabove = lambda w: w > LIMIT\nbroken = (\n", encoding="utf-8"
    )
    got = inline(ns["above"], "p")
    assert got is not None and got.source == "(win > 3)"


# -- helpers and properties written in (issue #38) ------------------------------------------


def _big(w: object) -> bool:
    return w > LIMIT


def _low_bits(mask: int) -> int:
    return mask & 3


def _ping(w: object) -> bool:
    return w == 0 or _pong(w)


def _pong(w: object) -> bool:
    return w == 1 or _ping(w)


def _two_lines(w: object) -> bool:
    """A docstring over
    two lines."""
    return (
        w
        > LIMIT
    )


class _Described:
    mask = 6

    @property
    def doubled(self) -> int:
        """Twice the mask (a getter over several lines: its code has a no-op where the
        expression goes on to the next line)."""
        return (
            self.mask
            * 2
        )


def test_a_helper_on_the_argument_is_written_in_and_no_longer_named() -> None:
    got = inline(lambda w: _big(w) and w < 10, "p")
    assert got is not None and got.source == "(win > 3 and win < 10)"
    assert got.names == {}  # _big is not called: not bound either
    # Precedence is the tree's: a helper's ``or`` under a ``not`` keeps its parentheses.
    got = inline(lambda w: not _big(w) or w, "q")
    assert got is not None and got.source == "(not win > 3 or win)"
    got = inline(lambda w: not _ping(w), "q")
    assert got is not None and got.source.startswith("(not (win == 0 or ")


def test_a_helper_on_a_field_read_ahead_is_written_in_on_that_local() -> None:
    got = inline(lambda w: _low_bits(w.mask) == 2, "p", frozenset({"mask"}))
    assert got is not None and got.source == "(win_mask & 3 == 2)"
    assert got.reads == {"mask"}
    # An argument that is no name stays a call (it would be evaluated twice).
    got = inline(lambda w: _low_bits(w.mask + 1) == 2, "p", frozenset({"mask"}))
    assert got is not None and "p__low_bits(win_mask + 1)" in got.source


def test_helpers_that_call_each_other_are_written_in_once_then_called() -> None:
    got = inline(lambda w: _ping(w), "p")
    assert got is not None
    assert got.source == "(win == 0 or (win == 1 or p_0_0__ping(win)))"
    assert got.names == {"p_0_0__ping": _ping}
    assert [eval(got.source, dict(got.names), {"win": v}) for v in (0, 1)] == [True, True]


def test_code_over_several_lines_and_a_property_getter_are_written_in() -> None:
    assert inline(_two_lines, "p").source == "(win > 3)"
    properties = {"doubled": _Described.doubled.fget}
    got = inline(lambda w: w.doubled > 4, "p", frozenset({"mask"}), None, properties)
    assert got is not None and got.source == "(win_mask * 2 > 4)"
    assert inline(lambda w: w.doubled > 4, "p").source == "(win.doubled > 4)"  # not named


def test_a_function_of_an_imported_module_is_written_in() -> None:
    # Python 3.11 compiles math.floor(...) on an imported name as an attribute, not a method.
    got = inline(lambda w: math.floor(w) > 1, "p")
    assert got is not None and got.source == "(p_math.floor(win) > 1)"


def test_the_default_selector_calls_none_of_the_python_only_prefilter_helpers() -> None:
    """Issue #38: these ran on most hands as Python calls, each costing more than the
    integer tests around it; written in, the selector names none of them."""
    from yakubook.engine.bodies import s3_10, s3_11, s3_14, s3_15, s3_16

    select = _selector(prepare(Ruleset.default()))
    bound = {id(select.__globals__[n]) for n in select.__code__.co_names
             if n in select.__globals__}
    helpers = {
        "Win.dealer": Win.dealer.fget,
        "Win.ron": Win.ron.fget,
        "_runs_in_every_suit": s3_10._runs_in_every_suit,
        "_seat_is_round": s3_11._seat_is_round,
        "_two_winds_or_more": s3_11._two_winds_or_more,
        "_situation_yaku": s3_14._situation_yaku,
        "_could_be_paarenchan": s3_15._could_be_paarenchan,
        "_south_north": s3_16._south_north,
    }
    called = [name for name, fn in helpers.items() if id(fn) in bound]
    assert not called
    # Nor does it read a property off the Win (a getter call each time).
    assert not {"dealer", "ron", "riichi_declared"} & set(select.__code__.co_names)


def test_every_win_property_written_in_reads_as_the_property(tmp_path) -> None:
    """Each of Win's properties, read in a test as the selector's tests read them,
    written in (or left a read where it is more than one expression), answers as the
    property does on seeded random wins."""
    names = sorted(_WIN_PROPERTIES)
    source = "".join(f"def read_{n}(w):\n    return w.{n}\n\n\n" for n in names)
    ns = _module(tmp_path / "reads.py", source)
    rng = random.Random(9)
    wins = [random_win(rng) for _ in range(300)]
    written = 0
    for name in names:
        got = inline(ns[f"read_{name}"], "p", _WIN_FIELDS, None, _WIN_PROPERTIES)
        assert got is not None, name
        inlined = f"win.{name}" not in got.source
        written += inlined
        code = compile(got.source, "<test>", "eval")
        seen = set()
        for w in wins:
            ahead = {f"win_{field}": getattr(w, field) for field in got.reads}
            value = eval(code, dict(got.names), {"win": w, **ahead})
            assert value == getattr(w, name), (name, got.source)
            seen.add(value)
        assert len(seen) > 1 or not inlined, name  # the wins tell its answers apart
    assert written >= 3  # dealer, ron, riichi_declared at least
