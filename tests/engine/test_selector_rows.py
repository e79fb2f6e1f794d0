"""The selector's rows (yakubook/engine/selector_rows.py, issue #38) pick what the
straight-line selector picks, and the C stack machine computes as Python's ints do.

The contract, from the module: a program's live list for a hand is exactly the
straight-line selector's (the reference), in its order; where the machine cannot follow
Python (a value past 64 bits, an index out of range, a field not of its annotated type) it
declines the hand rather than answer differently (the straight-line selector then
answers: here a fallback answering None shows the decline). The C run (``compile_rows``'
selector) and the Python ``select_rows_py`` are run on the same programs and hands.
"""

from __future__ import annotations

import copy
import random

import pytest
from engine_hands import random_win

from bench.evaluate_vs_mahjong import MIXES, make_mix
from yakubook.engine import _accel, evaluation, selector_rows
from yakubook.engine._accel import speedups
from yakubook.engine.evaluation import _hand_parts, _rows, _selector, evaluate, prepare
from yakubook.engine.rules import Ruleset
from yakubook.engine.selector_rows import OP, Program, filter_program, select_rows_py
from yakubook.engine.win import Win

needs_c = pytest.mark.skipif(speedups is None, reason="the C accelerator is not built")


def _declined(win: Win) -> None:
    """The fallback of the C runs below: None shows where the machine declined."""
    return None


_C_RUNS: dict[int, tuple[Program, object]] = {}


def c_run(win: Win, program: Program) -> list | None:
    """The C run of the program on the win (made once per program), None where it
    declines."""
    hit = _C_RUNS.get(id(program))
    if hit is None or hit[0] is not program:
        assert speedups is not None
        hit = _C_RUNS[id(program)] = (
            program, speedups.compile_rows(program.fields, program.rows, _declined)
        )
    return hit[1](win)

RULESETS = {
    "default": Ruleset.default,
    "others off": lambda: Ruleset.from_toml('[ruleset]\nothers = "off"\n'),
}


def _wins(seed: int, n: int) -> list[Win]:
    rng = random.Random(seed)
    wins = [random_win(rng) for _ in range(n)]
    for mix in MIXES:
        wins += [Win.from_json(h) for h in make_mix(mix, 60, seed)]
    return wins


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_rows_pick_what_the_straight_line_selector_picks(name):
    rs = RULESETS[name]()
    program, select = _rows(rs), _selector(rs)
    for win in _wins(31, 600):
        expected = select(win)
        assert select_rows_py(win, program) == expected
        if speedups is not None:
            assert c_run(win, program) == expected


def test_most_tests_run_on_the_machine():
    """The point of the rows: of the default ruleset's gates and prefilters, most are
    wholly on the machine (no Python rest)."""
    program = _rows(Ruleset.default())
    tested = [row for row in program.rows if row[1] or row[2] is not None]
    machine_only = [row for row in tested if row[2] is None]
    assert len(machine_only) > len(tested) / 2


def _with(win: Win, **fields: object) -> Win:
    """The win with some fields replaced (a Win is frozen: a copy is changed)."""
    other = copy.copy(win)
    for name, value in fields.items():
        object.__setattr__(other, name, value)
    return other


# Tests of Win fields written as a prefilter is, one lambda a line (yakubook.engine.inline
# finds a test's source by its first line).
ARITHMETIC = [
    lambda w: w.mask3 % 7 == 3,
    lambda w: w.mask3 % -7 == -4,
    lambda w: -w.mask3 % 9 >= 4,
    lambda w: w.mask3 >> w.quads & 1,
    lambda w: 1 << w.quads & w.mask2,
    lambda w: w.mask2 << 20 > 1 << 50,
    lambda w: w.mask3 - w.mask2 < 0,
    lambda w: (w.mask3 + w.mask2) % 2 == 1,
    lambda w: (~w.mask3).bit_count() >= 2,
    lambda w: (w.mask3 - w.mask2).bit_length() == 3,
    lambda w: w.win_tile in (3, 7, 31),
    lambda w: w.win_tile not in (3, 7, 31),
    lambda w: w.tile_counts[w.win_tile] >= 2,
    lambda w: w.tile_counts[w.quads - 3] == 0,
    lambda w: w.tile_counts[-1] == 0,
    lambda w: not w.melds or len(w.melds) == 2,
    lambda w: (w.turn is not None and w.turn <= 1) or w.turn == 0,
    lambda w: w.turn != 2,
    lambda w: w.riichi == "none" and "no_calls" not in w.declarations,
    lambda w: w.discarder in ("next", "across") or w.mask3 ^ w.mask2 == w.mask3 | w.mask2,
    lambda w: bool(w.mask3 & w.mask3 >> 1 & w.mask3 >> 2 & 0o777),
]  # fmt: skip

# Field values covering what the machine must get right: negatives (floor division and
# bit counts of a magnitude), shifts past 63, sums past 64 bits, indexes out of range.
VALUES = [
    {},
    {"mask3": -10, "mask2": 3, "quads": 2},
    {"mask3": (1 << 63) - 1, "mask2": 1, "quads": 0},
    {"mask3": -(1 << 63), "mask2": 1, "quads": 5},
    {"mask3": 12345, "mask2": -(1 << 62), "quads": 70},
    {"mask3": 7, "mask2": (1 << 30) - 1, "quads": -1},
    {"turn": 0},
    {"turn": 2, "riichi": "riichi", "declarations": frozenset({"no_calls"})},
    {"quads": 40},
    {"discarder": "next", "mask3": 0},
]


def _python(test, win: Win) -> bool | None:
    try:
        return bool(test(win))
    except (ValueError, IndexError, TypeError, OverflowError):
        return None


@pytest.mark.parametrize("n", range(len(ARITHMETIC)))
def test_the_machine_computes_as_python_ints(n):
    test = ARITHMETIC[n]
    program = filter_program(test)
    (_skip, code, rest, _checks), = program.rows
    assert code and rest is None, "the test should run on the machine alone"
    base = _wins(7, 3)
    for values in VALUES:
        for win in base:
            hand = _with(win, **values)
            got = select_rows_py(hand, program)
            want = _python(test, hand)
            if got is None:  # declined: only where Python's int differs from 64 bits
                assert want is None or _overflows(values)
            else:
                assert got == ([True] if want else []), (values, want, got)
            if speedups is not None:
                assert c_run(hand, program) == got, values


def _overflows(values: dict) -> bool:
    return any((isinstance(v, int) and abs(v) >= 1 << 30) or v in (-1, 40, 70)
               for v in values.values())  # fmt: skip


def test_a_field_not_of_its_type_declines_the_hand_and_the_selection_stays_right():
    rs = Ruleset.default()
    program = _rows(rs)
    win = _wins(3, 1)[0]
    for odd in ({"tile_mask": 1 << 70}, {"suit_count": 1.0}, {"melds": list(win.melds)}):
        hand = _with(win, **odd)
        assert select_rows_py(hand, program) is None
        if speedups is not None:
            assert c_run(hand, program) is None
    hand = _with(win, suit_count=1.0)
    prepare(rs)
    assert _hand_parts(rs).select(hand) == _selector(rs)(hand)


@needs_c
@pytest.mark.parametrize(
    "code",
    [
        (OP["JUMP_IF_FALSE"], 5),  # a jump past the row's end, and an empty stack
        (OP["CONST"], 1, OP["AND"]),  # AND pops two
        (OP["FIELD"], 3),  # no field 3
        (99,),  # no such opcode
        (OP["CONST"], 1, OP["CONST"], 2),  # leaves two values
        (OP["CONST"], 1, OP["IN_CONSTS"], 4, 1),  # its constants run past the end
        # a jump whose two paths meet at different depths (taken: 1 value; not: 2)
        (OP["CONST"], 1, OP["JUMP_IF_TRUE"], 4, OP["CONST"], 1, OP["CONST"], 2,
         OP["CONST"], 3, OP["ADD"]),
        # a jump landing on a CONST's operand
        (OP["CONST"], 1, OP["JUMP_IF_TRUE"], 1, OP["CONST"], 1, OP["NOT"]),
        (OP["CONST"], 0, OP["INDEX"], 0),  # INDEX of a field not read as a tuple
    ],
)
def test_compile_rows_refuses_malformed_code(code):
    with pytest.raises(ValueError, match="compile_rows"):
        speedups.compile_rows((("mask3", "int"),), ((0, code, None, (True,)),), _declined)


@needs_c
def test_a_gate_passes_over_its_section():
    """skip: a failing gate's section is not run (its rows would add); a holding one's is."""
    gate = (OP["FIELD"], 0, OP["CONST"], 5, OP["GT"])
    rows = ((2, gate, None, ("gate",)), (0, (), None, ("a",)), (0, (), None, ("b",)),
            (0, (), None, ("after",)))  # fmt: skip
    program = Program((("quads", "int"),), rows)
    win = _wins(5, 1)[0]
    for quads, want in ((6, ["gate", "a", "b", "after"]), (1, ["after"])):
        hand = _with(win, quads=quads)
        assert select_rows_py(hand, program) == want
        assert c_run(hand, program) == want


class _Int(int):
    """An int whose ``&`` Python would run: the machine must not read it as an int."""


class _Tuple(tuple):
    pass


class _Str(str):
    pass


class _Frozenset(frozenset):
    pass


# (test, field, a value of the field's type but a subclass): each read declines.
SUBCLASSED = [
    (lambda w: w.mask3 & 1 == 0, "mask3", _Int(4)),
    (lambda w: not w.melds, "melds", _Tuple()),
    (lambda w: w.tile_counts[0] >= 0, "tile_counts", _Tuple([0] * 34)),
    (lambda w: w.tile_counts[w.win_tile] >= 0, "tile_counts", _Tuple([0] * 34)),
    (lambda w: 4 in w.concealed_counts, "concealed_counts", _Tuple([0] * 34)),
    (lambda w: w.riichi == "none", "riichi", _Str("none")),
    (lambda w: w.riichi in ("none", "riichi"), "riichi", _Str("none")),
    (lambda w: len(w.dealer_history) >= 0, "dealer_history", _Str("")),
    (lambda w: "no_calls" in w.declarations, "declarations", _Frozenset()),
]  # fmt: skip


@pytest.mark.parametrize("n", range(len(SUBCLASSED)))
def test_a_field_of_a_subclass_declines(n):
    """A field of its type's subclass could answer ``&``, ``len`` or ``in`` otherwise:
    the machine reads only the exact types, and declines the hand."""
    test, field, value = SUBCLASSED[n]
    program = filter_program(test)
    (_skip, code, rest, _checks), = program.rows
    assert code and rest is None
    hand = _with(_wins(4, 1)[0], **{field: value})
    assert select_rows_py(hand, program) is None
    if speedups is not None:
        assert c_run(hand, program) is None


@needs_c
def test_a_jump_not_taken_pops_its_operand():
    """JUMP_IF_FALSE and JUMP_IF_TRUE keep the value they jump with and pop the one they
    do not (selector_rows.run_code): 7 - 0 after a jump not taken, then == 7."""
    for jump, value in (("JUMP_IF_FALSE", 1), ("JUMP_IF_TRUE", 0)):
        code = (OP["CONST"], 7, OP["CONST"], value, OP[jump], 2, OP["CONST"], 0, OP["SUB"],
                OP["EQ_C"], 7)  # fmt: skip
        program = Program((), ((0, code, None, ("holds",)),))
        win = _wins(5, 1)[0]
        assert select_rows_py(win, program) == ["holds"]
        assert c_run(win, program) == ["holds"]


def test_evaluate_answers_the_same_on_both_selections():
    """evaluate takes the rows under the C engine: the answers are the reference's."""
    rs = Ruleset.default()
    for win in _wins(11, 150):
        fast = evaluate(win, rs).to_json()
        saved = selector_rows._COMPILE_ROWS
        selector_rows._COMPILE_ROWS = None  # the straight-line selector
        try:
            slow = evaluate(win, rs).to_json()
        finally:
            selector_rows._COMPILE_ROWS = saved
        assert fast == slow


@needs_c
def test_switching_the_engine_switches_a_rulesets_selection():
    """_accel.use("python") puts the straight-line selector back on a ruleset already
    evaluated under C (its kept parts are made again), and "c" the rows'."""
    rs = prepare(Ruleset.default())
    win = _wins(2, 1)[0]
    evaluate(win, rs)
    assert type(_hand_parts(rs).select).__name__ == "RowSelector"
    try:
        _accel.use("python")
        assert _hand_parts(rs).select is _selector(rs)
        evaluate(win, rs)
    finally:
        _accel.use("c")
    assert type(_hand_parts(rs).select).__name__ == "RowSelector"


@needs_c
def test_a_ruleset_not_prepared_takes_its_rows_after_its_first_hands(monkeypatch):
    """Unprepared, a ruleset selects with the straight-line selector for ROWS_AFTER hands
    (a process evaluating a few hands does not build rows), then with its rows; prepare
    builds them at once, also on a ruleset already warming up."""
    monkeypatch.setattr(evaluation, "ROWS_AFTER", 5)
    rs = Ruleset.default()
    wins = _wins(9, 4)
    for n, win in enumerate(wins[:8]):
        assert type(_hand_parts(rs).select).__name__ == ("_Warming" if n < 5 else "RowSelector")
        # one selection per evaluate
        assert evaluate(win, rs).to_json() == evaluate(win, prepare(Ruleset.default())).to_json()
    warming = Ruleset.from_toml('[ruleset]\nothers = "off"\n')
    evaluate(wins[0], warming)
    assert type(_hand_parts(warming).select).__name__ == "_Warming"
    assert type(_hand_parts(prepare(warming)).select).__name__ == "RowSelector"
    # the count goes on across engine switches (each makes the kept parts again)
    switched = Ruleset.default()
    for n in range(8):
        _accel.use("python")
        evaluate(wins[n % 4], switched)
        _accel.use("c")
        want = "_Warming" if n < 5 else "RowSelector"
        assert type(_hand_parts(switched).select).__name__ == want
        evaluate(wins[n % 4], switched)


@needs_c
def test_a_row_selector_in_a_cycle_is_collected():
    """The C selector takes part in garbage collection (its rows and fallback are
    visited): an object holding a selector whose fallback holds the object is freed."""
    import gc
    import weakref

    class Holder:
        select: object = None

    program = filter_program(lambda w: w.mask3 & 1)

    def cycle() -> weakref.ref:
        """holder -> its selector -> the fallback (a closure) -> holder."""
        holder = Holder()
        holder.select = program.selector(lambda w: holder)
        assert holder.select is not None and gc.is_tracked(holder.select)
        return weakref.ref(holder)

    gone = cycle()
    gc.collect()
    assert gone() is None
