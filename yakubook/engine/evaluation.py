"""Evaluate a winning hand under a ruleset: which local yaku hold, and what they award.

The ruleset is compiled once into the list of enabled checks (body, options, prefilter).
Per hand: prefilters run once on the Win; then every interpretation is read once
(HandView caches its features) and the enabled bodies run on it; the interpretation that
pays the most under the ruleset is reported (``evaluate``: one reading answers everything),
its local yaku ranked by ``award.rank`` only between readings that do not win.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property, lru_cache, partial
from itertools import count
from types import CodeType
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from yakubook import generated
from yakubook.engine import registry, selector_rows
from yakubook.engine.award import Award, rank, resolve
from yakubook.engine.decompose import (
    SHAPE_CONDITIONS,
    SHAPE_USERS,
    Interpretation,
    interpretations,
    shapes_needed,
    shapes_version,
)
from yakubook.engine.inline import Inlined, inline, inline_tree
from yakubook.engine.interplay import PARENTS, superseded
from yakubook.engine.registry import COMBINATION_NOTES
from yakubook.engine.rules import Ruleset, supply
from yakubook.engine.score import Score, paying_reading
from yakubook.engine.standard import STANDARD_YAKU, YAKUMAN
from yakubook.engine.tiles import format_tiles
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.engine.winning import OtherYaku, hand_value, local_winning_han
from yakubook.errors import InputError


@dataclass(frozen=True)
class Check:
    id: str
    fn: Any  # the body, with the context it asked for (parent options …) bound
    opts: Any
    prefilter: Any
    module: str
    blocks_only: bool = False  # registry.implements' blocks_only


@dataclass(frozen=True)
class Result:
    """What ``evaluate`` found in a winning hand under a ruleset.

    Attributes:
        win: The hand that was evaluated.
        yaku: The local yaku awarded on the reported reading, one ``Award`` each (its
            chosen option and value), after supersession and the winning-yaku rules.
        interpretation: The reading of the hand (sets and pair, seven pairs, an irregular
            shape) that gives the best total, or ``None`` when the hand has no reading.
        total: That reading's total of the awarded local yaku, a han-like rank used to
            choose it (``award.rank``: yakuman above limits above han).
        not_implemented: IDs of yaku on in the ruleset whose rule has no body yet.
        score: What the hand is worth (``Score``), only when ``evaluate`` was asked with
            ``score=True``; ``None`` otherwise or when no reading has a yaku to win on.
    """

    win: Win
    yaku: tuple[Award, ...]
    interpretation: Interpretation | None
    total: float
    not_implemented: tuple[str, ...]
    # What the hand is worth (yakubook.engine.score), when asked for: evaluate(..., score=True).
    score: Score | None = None

    @cached_property
    def standard(self) -> tuple[str, ...]:
        """Standard yaku of the reported interpretation (for context; not computed unless
        asked, since evaluate's callers mostly want the local yaku)."""
        if self.interpretation is None or _unread(self.interpretation, self.yaku):
            return ()  # not a winning hand: no yaku of any kind
        view = HandView(self.win, self.interpretation)
        names = tuple(n for n in STANDARD_YAKU if n != "menzen" and view.std(n))
        if any(n in YAKUMAN for n in names):
            names = tuple(n for n in names if n in YAKUMAN)
        return names

    def to_json(self) -> dict[str, Any]:
        """The JSON form ``yakubook evaluate --json`` prints: ``yaku``, ``interpretation``,
        ``standard_yaku``, ``not_implemented`` and, when scored, ``score``."""
        interp = None
        if self.interpretation is not None:
            interp = {
                "kind": self.interpretation.kind,
                "wait": self.interpretation.wait,
                "blocks": [
                    {"kind": b.kind, "tiles": format_tiles(b.tiles), "open": b.open}
                    for b in self.interpretation.blocks
                ],
            }
        return {
            "yaku": [a.to_json() for a in self.yaku],
            "interpretation": interp,
            "standard_yaku": list(self.standard),
            "not_implemented": list(self.not_implemented),
        } | ({"score": self.score.to_json()} if self.score is not None else {})


def _new_result(
    win: Win,
    yaku: tuple[Award, ...],
    interpretation: Interpretation | None,
    total: float,
    not_implemented: tuple[str, ...],
    score: Score | None,
) -> Result:
    """``Result(...)`` with its fields set in one step (a frozen dataclass's ``__init__``
    sets them one by one), as ``Win`` is built; the same object to everything that reads it.
    ``Result.standard`` still finds its cache in the instance's dict."""
    made = _NEW(Result)
    _SET(
        made,
        "__dict__",
        {
            "win": win,
            "yaku": yaku,
            "interpretation": interpretation,
            "total": total,
            "not_implemented": not_implemented,
            "score": score,
        },
    )
    return made


_NEW = object.__new__
_SET = object.__setattr__


def compile_ruleset(ruleset: Ruleset) -> tuple[tuple[Check, ...], tuple[str, ...]]:
    """The enabled checks of a ruleset, compiled once and kept on the ruleset.

    A nested entry (yakubook.engine.interplay.PARENTS) is compiled only when its parent is on, with
    the parent's options bound when its body asks for them; a smaller family member's body
    is asked to hold on its own terms (``inclusive``), supersession deciding afterwards.
    """
    hit = ruleset.__dict__.get("_compiled")
    if hit is not None:
        return hit
    registry.load_bodies()
    checks = []
    missing = []
    for yid in ruleset.enabled:
        link = PARENTS.get(yid)
        if link is not None and not ruleset.is_on(link.parent):
            continue
        body = registry.BODIES.get(yid)
        if body is None:
            missing.append(yid)
            continue
        context: dict[str, Any] = {}
        if "parent" in body.context and link is not None:
            context["parent"] = ruleset.options[link.parent]
        if "inclusive" in body.context:
            context["inclusive"] = True
        fn = partial(body.fn, **context) if context else body.fn
        checks.append(
            Check(
                yid, fn, ruleset.options[yid], body.prefilter, body.fn.__module__, body.blocks_only
            )
        )
    out = (tuple(checks), tuple(missing))
    object.__setattr__(ruleset, "_compiled", out)  # a cache, not state: Ruleset stays frozen
    return out


def _adjustments(ruleset: Ruleset) -> dict[str, Any]:
    """Per yaku ID, how its award's value is finished under this ruleset: the parent's
    value for an entry that counts as its parent, numbers the table supplied for a lost
    one. Kept on the ruleset like the compiled checks."""
    hit = ruleset.__dict__.get("_adjust")
    if hit is not None:
        return hit
    out: dict[str, Any] = {}
    for yid in ruleset.enabled:
        link = PARENTS.get(yid)
        if link is not None and link.counts_as and ruleset.is_on(link.parent):
            out[yid] = partial(_counted_as_parent, ruleset, link.parent)
        elif yid in ruleset.supplied:
            out[yid] = partial(_with_supplied, ruleset.supplied[yid])
    object.__setattr__(ruleset, "_adjust", out)
    return out


def _counted_as_parent(ruleset: Ruleset, parent: str, view: HandView, a: Award) -> Award:
    info = generated.REGISTRY[parent]
    letter = ruleset.options[parent].value.letter
    value = info.values[letter]
    if parent in ruleset.supplied:
        value = supply(value, ruleset.supplied[parent])
    combination = tuple(n for n in value.get("notes", []) if n["kind"] in COMBINATION_NOTES)
    note = f"counts as {parent} {info.name_hant} (its option {letter})"
    return replace(
        a, value=resolve(value, view.is_open), note=note, combination=a.combination + combination
    )


def _with_supplied(numbers: dict[str, int], view: HandView, a: Award) -> Award:
    return replace(a, value=supply(a.value, numbers)) if a.value.get("lost") else a


@cache
def default_ruleset() -> Ruleset:
    return Ruleset.default()


def _plan(ruleset: Ruleset) -> tuple[tuple, tuple[str, ...]]:
    """The compiled checks grouped for the hot loop, and the enabled yaku without a body.

    Checks are grouped by their module's section gate (None: no gate); per group, the
    checks with a prefilter as (prefilter, (body, options)) pairs and those without as
    ready (body, options) pairs.
    """
    hit = ruleset.__dict__.get("_plan")
    if hit is None:
        checks, missing = compile_ruleset(ruleset)
        groups: dict[str, list] = {}
        for c in checks:
            groups.setdefault(c.module, []).append(c)
        plan = tuple(
            (
                registry.GATES.get(module),
                tuple((c.prefilter, (c.fn, c.opts)) for c in items if c.prefilter),
                tuple((c.fn, c.opts) for c in items if not c.prefilter),
            )
            for module, items in groups.items()
        )
        hit = (plan, missing)
        object.__setattr__(ruleset, "_plan", hit)
    return hit


def _shapes(ruleset: Ruleset) -> Any:
    """The registered shape kinds the ruleset's checks read (the other finders do not
    run), as a function of the Win giving those whose condition (register_shape's
    ``when``) the hand passes, written like ``_selector``'s code. Kept on the ruleset
    until a shape is registered or unregistered (each of which moves
    ``shapes_version``)."""
    key = shapes_version()
    hit = ruleset.__dict__.get("_shapes")
    if hit is None or hit[0] != key:
        checks, _ = compile_ruleset(ruleset)
        kinds = shapes_needed(c.id for c in checks)
        namespace: dict[str, Any] = {}
        parsed: dict = {}
        reads: set[str] = set()
        lines = []
        for i, kind in enumerate(kinds):
            namespace[f"k{i}"] = kind
            when = SHAPE_CONDITIONS.get(kind)
            if when is None:
                lines.append(f"    out.append(k{i})")
                continue
            test = _written(when, namespace, parsed, reads)
            lines += [f"    if {test}:", f"        out.append(k{i})"]
        lines.append("    return out")
        # As in _selector: each field the conditions read is read once, into a local.
        head = ["def shapes(win):", "    out = []"]
        lines = head + [f"    win_{f} = win.{f}" for f in sorted(reads)] + lines
        code = _compiled("\n".join(lines) + "\n", "<yakubook.engine.evaluation shapes>")
        exec(code, namespace)
        hit = (key, namespace["shapes"])
        object.__setattr__(ruleset, "_shapes", hit)
    return hit[1]


def live_checks(win: Win, plan: tuple) -> list[tuple]:
    """(body, options) of every check whose gate and prefilter pass for this hand."""
    live: list[tuple] = []
    for gate, filtered, always in plan:
        if gate is not None and not gate(win):
            continue
        if always:
            live.extend(always)
        for pf, check in filtered:
            if pf(win):
                live.append(check)
    return live


# The fields of Win (plain values set once, at construction) a selector may read ahead.
_WIN_FIELDS = frozenset(f.name for f in fields(Win))
# Win's properties (``dealer``, ``ron`` …): a selector writes in those that are one
# expression of the fields, as it does the prefilters (yakubook.engine.inline).
_WIN_PROPERTIES = {
    name: value.fget for name, value in vars(Win).items() if isinstance(value, property)
}


# What ``_written`` made of each test, by the test, for as long as the test function lives:
# every ruleset's selector and shapes function write ~150 tests in, and working each out
# again for every ruleset was most of what a new ruleset cost (a few ms; the test suite
# and the house-rules page make thousands). A test's names in the code are its own label
# (``t<n>``, given at first sight), so what was written for it fits any selector.
_WRITTEN: WeakKeyDictionary[Any, dict[bool, Inlined | None]] = WeakKeyDictionary()
_LABELS: WeakKeyDictionary[Any, str] = WeakKeyDictionary()
_next_label = count()


@lru_cache(maxsize=64)
def _compiled(source: str, filename: str) -> CodeType:
    """A generated function's code, compiled once per text: rulesets that differ only in
    their options' values write the same selector (its objects come in through the
    namespace each is run in), and compiling it was most of a new ruleset's cost."""
    return compile(source, filename, "exec")


def _label(fn: Any) -> str:
    """The name ``fn``'s test goes by in generated code, the same in every selector."""
    try:
        return _LABELS[fn]
    except KeyError:
        return _LABELS.setdefault(fn, f"t{next(_next_label)}")
    except TypeError:  # not weakly referable: a name for this once
        return f"t{next(_next_label)}"


def _written(fn: Any, namespace: dict[str, Any], parsed: dict, reads: set[str] | None = None
             ) -> str:
    """Generated code's test of ``fn`` on ``win``: its expression written in
    (``yakubook.engine.inline``; with ``reads``, the Win fields it reads as locals
    ``win_<field>``, added to ``reads``, and Win's properties written in), or a call of
    ``fn`` bound as its label. Either way what the code names is put in ``namespace``."""
    name = _label(fn)
    written = _inlined(fn, name, parsed, reads is not None)
    if written is None:
        namespace[name] = fn
        return f"{name}(win)"
    namespace.update(written.names)
    if reads is not None:
        reads.update(written.reads)
    return written.source


def _inlined(fn: Any, name: str, parsed: dict, with_fields: bool) -> Inlined | None:
    """What ``inline`` makes of ``fn`` under its label ``name`` (with the Win's fields and
    properties, or neither), kept in ``_WRITTEN``; None: it stays a call."""
    try:
        return _WRITTEN[fn][with_fields]
    except (KeyError, TypeError):
        if with_fields:
            written = inline(fn, name, _WIN_FIELDS, parsed, _WIN_PROPERTIES)
        else:
            written = inline(fn, name, frozenset(), parsed)
        with suppress(TypeError):  # kept without fn itself, which would then live forever
            _WRITTEN.setdefault(fn, {})[with_fields] = written
        return written


# What the C engine's rows make of each test (selector_rows.translate: its code and its
# Python rest), by the test, as _WRITTEN: made once per test function, not per ruleset
# (translating ~150 tests and compiling their rests took ~10 ms a ruleset).
_TRANSLATED: WeakKeyDictionary[Any, selector_rows.Translated] = WeakKeyDictionary()


def _translated(fn: Any, parsed: dict) -> selector_rows.Translated:
    """``fn``'s test as the selector writes it in (``_written`` with the Win's fields),
    translated for the rows, or its call ``<label>(win)`` left to Python."""
    try:
        return _TRANSLATED[fn]
    except (KeyError, TypeError):
        pass
    name = _label(fn)
    # inline's tree of the expression the selector writes in (the same every time a test
    # is inlined), made again here: the selector keeps only its text (_WRITTEN; the trees
    # of ~150 tests kept for good made the process's first full garbage collection, in the
    # first selector's build, ~15 ms longer)
    written = inline_tree(fn, name, _WIN_FIELDS, parsed, _WIN_PROPERTIES)
    if written is None:
        # the call alone: the rest is fn itself (not kept: the entry would keep fn alive)
        call = ast.Call(ast.Name(name, ast.Load()), [ast.Name("win", ast.Load())], [])
        return selector_rows.translate(call, {name: fn})
    hit = selector_rows.translate(*written)
    with suppress(TypeError):
        _TRANSLATED[fn] = hit
    return hit


def _selector(ruleset: Ruleset) -> Any:
    """``live_checks`` for this ruleset's plan as one straight-line function (built once
    and kept on the ruleset): no loop, no tuple unpacking per check, and each gate and
    prefilter that is a single expression written in place of its call
    (``yakubook.engine.inline``), which is most of what ~150 prefilters per hand cost; checks in a
    row sharing one prefilter ask it once (a prefilter is a function of the immutable
    Win, so asking again would answer the same). The code names
    only generated local names (each test's label t0 …, c0 …); the objects come in through
    the namespace."""
    hit = ruleset.__dict__.get("_selector")
    if hit is not None:
        return hit
    plan, _ = _plan(ruleset)
    namespace: dict[str, Any] = {}

    reads: set[str] = set()  # fields read before the first gate
    parsed: dict = {}  # the bodies' syntax trees, dropped with this function's frame
    groups: list[tuple[str | None, set[str], list[str]]] = []
    n = 0
    for g, (gate, filtered, always) in enumerate(plan):
        indent = "    "
        test = None
        if gate is not None:
            test = _written(gate, namespace, parsed, reads)
            indent = "        "
        body = []
        inside: set[str] = set()  # the fields this group's own tests read
        if always:
            namespace[f"a{g}"] = always
            body.append(f"{indent}live.extend(a{g})")
        last = None
        for pf, check in filtered:
            namespace[f"c{n}"] = check
            if pf is not last:  # checks in a row with one prefilter (3-10-09..11) test it once
                body.append(f"{indent}if {_written(pf, namespace, parsed, inside)}:")
                last = pf
            body.append(f"{indent}    add(c{n})")
            n += 1
        groups.append((test, inside, body or [f"{indent}pass"]))
    # Win is immutable: each field the tests read is read once, into a local: at the top
    # when a gate, an ungated test or two groups read it, else inside the one gated group
    # that does (most hands pass few gates: the situation's fields, say, are read only on
    # a hand with a situation).
    places: dict[str, int] = {}
    for test, inside, _ in groups:
        for f in inside:
            places[f] = places.get(f, 0) + (2 if test is None else 1)
    reads |= {f for f, count in places.items() if count > 1}
    lines = ["def select(win):", "    live = []", "    add = live.append"]
    lines += [f"    win_{f} = win.{f}" for f in sorted(reads)]
    for test, inside, body in groups:
        if test is not None:
            lines.append(f"    if {test}:")
            lines += [f"        win_{f} = win.{f}" for f in sorted(inside - reads)]
        lines += body
    lines.append("    return live")
    code = _compiled("\n".join(lines) + "\n", "<yakubook.engine.evaluation selector>")
    exec(code, namespace)
    hit = namespace["select"]
    object.__setattr__(ruleset, "_selector", hit)
    return hit


def _rows(ruleset: Ruleset) -> selector_rows.Program:
    """``_selector``'s tests as rows (yakubook.engine.selector_rows), in its order, each
    the very expression it writes in: what the C accelerator selects by. Kept on the
    ruleset like the selector."""
    hit = ruleset.__dict__.get("_rows")
    if hit is not None:
        return hit
    plan, _ = _plan(ruleset)
    parsed: dict = {}
    build = selector_rows.Builder()
    for gate, filtered, always in plan:
        start = None if gate is None else build.add(_translated(gate, parsed), ())
        if always:
            build.add(None, always)
        last = None
        for pf, check in filtered:
            if pf is last:  # as _selector: checks in a row with one prefilter test it once
                build.rows[-1][3] += (check,)
            else:
                build.add(_translated(pf, parsed), (check,))
                last = pf
        if start is not None:
            build.rows[start][0] = len(build.rows) - start - 1  # passed over when it fails
    hit = build.program()
    object.__setattr__(ruleset, "_rows", hit)
    return hit


# Hands a ruleset not prepared (``prepare``) selects for with the straight-line selector
# before its rows are built: the first rows of a process translate every test (~20-25 ms,
# then ~0.3 ms a ruleset) and save ~3 µs a hand, so a process evaluating a few hands (the
# CLI, bench/import_time.py's first answer) is not made to wait for them.
ROWS_AFTER = 256


def _select(ruleset: Ruleset) -> Any:
    """The selection the engine in use runs: under the C accelerator the rows' C
    selector (``_rows``; the straight-line selector answers the hands it declines), once
    built (``prepare``, or the ``ROWS_AFTER``-th hand: ``_warming``); else the
    straight-line selector itself."""
    select = _selector(ruleset)
    if selector_rows._COMPILE_ROWS is None:
        return select
    if "_rows" not in ruleset.__dict__:
        # one count per ruleset, kept across engine switches (_accel.use makes the kept
        # parts again: a benchmark switching every 200 hands would otherwise never get
        # to the rows)
        warming = ruleset.__dict__.get("_warming")
        if warming is None:
            warming = _Warming(ruleset, select)
            object.__setattr__(ruleset, "_warming", warming)
        return warming
    return _rows(ruleset).selector(select)


class _Warming:
    """The straight-line selector for a ruleset's next ``ROWS_AFTER`` hands, then the
    ruleset's rows built and put in its kept parts (``_hand_parts``) for the hands after."""

    __slots__ = ("left", "ruleset", "select")

    def __init__(self, ruleset: Ruleset, select: Callable[[Win], list[tuple]]) -> None:
        self.ruleset = ruleset
        self.select = select
        self.left = ROWS_AFTER

    def __call__(self, win: Win) -> list[tuple]:
        self.left -= 1
        if self.left == 0:
            parts = self.ruleset.__dict__.get("_hand_parts")
            rows = _rows(self.ruleset).selector(self.select)
            if parts is not None and parts.select is self and rows is not None:
                object.__setattr__(self.ruleset, "_hand_parts", parts._replace(select=rows))
        return self.select(win)


def prepare(ruleset: Ruleset | None = None) -> Ruleset:
    """Compile everything ``evaluate`` keeps on a ruleset (its checks, their order, the
    award adjustments, the shapes it reads, the selection the engine in use runs) now
    rather than on its first hand: for a server, or a benchmark that counts loading apart
    from evaluating."""
    rs = ruleset if ruleset is not None else default_ruleset()
    _plan(rs)
    _adjustments(rs)
    _asking(rs)
    _selector(rs)
    _shapes(rs)
    if selector_rows._COMPILE_ROWS is not None:
        _rows(rs)  # now, not after ROWS_AFTER hands
        parts = rs.__dict__.get("_hand_parts")
        if parts is not None and isinstance(parts.select, _Warming):
            object.__delattr__(rs, "_hand_parts")  # made before the rows: made again
    _hand_parts(rs)
    return rs


def _asking(ruleset: Ruleset) -> frozenset:
    """The compiled checks whose body asks for the other local yaku (``others``) under the
    ruleset's options (``implements``' ``asks``): run after the rest
    (yakubook.engine.winning). Kept on the ruleset like the compiled checks."""
    hit = ruleset.__dict__.get("_asking")
    if hit is None:
        registry.load_bodies()
        checks, _ = compile_ruleset(ruleset)
        bodies = registry.BODIES
        hit = frozenset(
            c.fn
            for c in checks
            if "others" in bodies[c.id].context
            and (bodies[c.id].asks is None or bodies[c.id].asks(c.opts))
        )
        object.__setattr__(ruleset, "_asking", hit)
    return hit


class _HandParts(NamedTuple):
    """What ``_evaluate`` reads of a ruleset on every hand, found with one lookup."""

    version: int  # shapes_version() when made: ``shapes`` is made again when it moves
    # selector_rows._COMPILE_ROWS when made: ``select`` is made again when the engine is
    # switched (_accel.use)
    rows_hook: Any
    missing: tuple[str, ...]
    adjust: dict[str, Any]
    select: Any
    shapes: Any
    asking: frozenset
    # The ids of the live entries ((body, options), the plan's own tuples, which the
    # selector adds) whose body asks: one set test per hand finds an asking hand.
    asking_checks: frozenset[int]
    # The ids of the live entries whose body reads only a reading's blocks (blocks_only).
    blocks_only: frozenset[int]


def _hand_parts(ruleset: Ruleset) -> _HandParts:
    """``_plan``, ``_adjustments``, ``_select``, ``_shapes`` and ``_asking`` together,
    kept on the ruleset: five lookups and a generator per hand were ~0.5 µs of a ~20 µs
    evaluation."""
    hit = ruleset.__dict__.get("_hand_parts")
    version = shapes_version()
    if hit is None or hit.version != version or hit.rows_hook is not selector_rows._COMPILE_ROWS:
        plan, missing = _plan(ruleset)
        asking = _asking(ruleset)
        checks = [c for _, filtered, always in plan for c in (*always, *(c for _, c in filtered))]
        by_fn = {c.fn: c.blocks_only for c in compile_ruleset(ruleset)[0]}
        hit = _HandParts(
            version,
            selector_rows._COMPILE_ROWS,
            missing,
            _adjustments(ruleset),
            _select(ruleset),
            _shapes(ruleset),
            asking,
            frozenset(id(c) for c in checks if c[0] in asking),
            frozenset(id(c) for c in checks if by_fn[c[0]]),
        )
        object.__setattr__(ruleset, "_hand_parts", hit)
    return hit


def evaluate(win: Win, ruleset: Ruleset | None = None, score: bool = False) -> Result:
    """The local yaku of the reading that counts; with ``score``, also what the hand is
    worth (``Result.score``: yakubook/engine/score.py).

    One reading answers everything: the one that pays the most under the ruleset
    (standard and local yaku together, score.py rule 8), as at a real table. Its local
    yaku, interpretation, standard yaku and score are reported together; between readings
    that do not win, the local yaku's rank decides.

    Args:
        win: The winning hand and its situation (``Win.make`` or ``Win.from_json``).
        ruleset: The house rules; ``None`` means the documented defaults
            (``Ruleset.default()``).
        score: Also report the score (han, fu, limit, payments) in ``Result.score``.

    Returns:
        The ``Result``: the awarded local yaku, the reading chosen, and the score if asked.
    """
    rs = ruleset if ruleset is not None else default_ruleset()
    readings: list[tuple[Interpretation, list[Award]]] = []
    parts = _hand_parts(rs)
    result = _evaluate(win, rs, readings, parts)
    if result is not None and len(readings) == 1 and not score:
        return result
    missing = parts.missing
    try:
        interp, awards, build = paying_reading(win, readings, rs.scoring, score)
        worth = build() if build is not None else None  # built only when asked for
    except InputError:
        if score:
            raise
        # a hand the table's scoring refuses (more red fives than its set): the reading
        # whose local yaku rank highest
        return result if result is not None else _local_best(win, readings, missing)
    if result is not None:  # the one reading, its Result just made: the score is set on it
        result.__dict__["score"] = worth  # before the Result is handed out (_new_result)
        return result
    total = sum(rank(a.value) for a in awards)
    return _new_result(win, tuple(awards), interp, total, missing, worth)


def _local_best(
    win: Win, readings: list[tuple[Interpretation, list[Award]]], missing: tuple[str, ...]
) -> Result:
    """The reading whose local yaku rank highest (the first of equals) as the Result."""
    best: tuple[float, Interpretation, list[Award]] | None = None
    for interp, awards in readings:
        total = sum(rank(a.value) for a in awards) if awards else 0
        if best is None or total > best[0]:
            best = (total, interp, awards)
    assert best is not None
    total, interp, awards = best
    return _new_result(win, tuple(awards), interp, total, missing, None)


def score(win: Win, ruleset: Ruleset | None = None) -> Score | None:
    """What the hand is worth under ``ruleset`` (the default ruleset when ``None``): the
    best-paying reading's han, fu and payments, or ``None`` when no reading of the hand has
    a yaku (standard or local) to win on. The same as ``evaluate(win, ruleset,
    score=True).score``.

    Args:
        win: The winning hand and its situation.
        ruleset: The house rules, their ``[scoring]`` table included; ``None`` means the
            documented defaults.

    Returns:
        The ``Score`` (total han, fu, the limit, who pays what), or ``None``.
    """
    return evaluate(win, ruleset, score=True).score


def _evaluate(
    win: Win,
    rs: Ruleset,
    readings: list[tuple[Interpretation, list[Award]]],
    parts: _HandParts | None = None,
) -> Result | None:
    """Every reading of the hand with its awards, appended to ``readings``; the Result when
    there is one reading, else None: ``paying_reading`` chooses (or, when the table refuses
    the score, ``_local_best``). ``parts``: ``_hand_parts(rs)``, when the caller has it."""
    if parts is None:
        parts = _hand_parts(rs)
    missing = parts.missing
    adjust = parts.adjust
    live = parts.select(win)
    interps = interpretations(win, shapes=parts.shapes(win))
    if not interps:
        # Complete only in a shape no enabled yaku reads: still read it (the finders left
        # out above are skipped for speed, not to reject hands), so the result stays
        # what it would be with every finder run.
        interps = interpretations(win)
    if not interps:
        raise InputError(f"{format_tiles(win.concealed)}: not a complete hand in any known shape")
    if parts.asking_checks and not parts.asking_checks.isdisjoint(map(id, live)):
        return _evaluate_asking(win, rs, live, interps, parts.asking, missing, readings)
    reuse: list[bool] | None = None  # per live entry: blocks_only, once a hand needs it
    raw: list[Award | None] = []
    last: Interpretation | None = None
    for interp in interps:
        view = HandView(win, interp)
        if (
            last is not None
            and interp.blocks is last.blocks
            and interp.kind == last.kind
            and parts.blocks_only
        ):
            # The blocks of the reading before, the winning tile in another of them: a
            # body that reads only the blocks answers as it did there.
            if reuse is None:
                reuse = [id(check) in parts.blocks_only for check in live]
            raw = [
                before if same else fn(view, opts)
                for (fn, opts), same, before in zip(live, reuse, raw, strict=True)
            ]
        else:
            raw = [fn(view, opts) for fn, opts in live]
        last = interp
        awards = []
        for a in raw:
            if a is not None:
                finish = adjust.get(a.id)
                awards.append(finish(view, a) if finish else a)
        if len(awards) > 1:
            drop = superseded(awards, rs.award_both)
            if drop:
                awards = [a for a in awards if a.id not in drop]
        if awards and interp.kind in SHAPE_USERS:  # only a local shape can be unread
            awards = complete_only(interp, awards)
        readings.append((interp, awards))
        if len(interps) == 1:
            total = sum(rank(a.value) for a in awards) if awards else 0
            return _new_result(win, tuple(awards), interp, total, missing, None)
    return None


def _unread(interp: Interpretation, awards: Iterable[Award]) -> bool:
    """Whether a reading is a shape only local yaku read with none of them holding on it:
    no complete hand under the rules (yakubook/engine/score.py rule 0)."""
    users = SHAPE_USERS.get(interp.kind)
    return users is not None and not any(a.id in users for a in awards)


def complete_only(interp: Interpretation, awards: list[Award]) -> list[Award]:
    """The awards of a reading: all of them, or none on a reading that is no complete
    hand under the rules (``_unread``)."""
    return [] if awards and _unread(interp, awards) else awards


def _kept(awards: list[Award | None], award_both: bool) -> list[Award]:
    """The awards that hold, less those supersession drops."""
    held = [a for a in awards if a is not None]
    drop = superseded(held, award_both) if len(held) > 1 else set()
    return [a for a in held if a.id not in drop]


class _AskingReadings:
    """The asking yaku of one hand as yakubook.engine.winning's rule decides them: each
    sees the hand as it is without itself (its ``others``), worked out by leaving yaku out.

    ``holds(r, i, left_out)`` is asking check ``i`` on reading ``r`` while the asking
    checks in ``left_out`` are taken away: its body runs with the awards that hold then
    without ``i`` (the non-asking ones, and every other asking one judged the same way with
    ``i`` left out too), less those it supersedes. Each step leaves one more check out, so
    the recursion ends; with k asking checks live (mostly one, rarely three) it asks at
    most k·2^(k-1) questions per reading, each answered once.
    """

    def __init__(
        self,
        rs: Ruleset,
        readings: list[tuple[HandView, list[Award | None]]],
        asked: list[tuple[int, Any, Any]],
    ) -> None:
        self.award_both = rs.award_both
        self.limit_yaku = rs.scoring.limit_yaku
        self.adjust = _adjustments(rs)
        self.readings = readings
        self.asked = asked
        self._holds: dict[tuple[int, int, frozenset[int]], Award | None] = {}
        self._seen: dict[tuple[int, int, frozenset[int]], list[Award]] = {}
        self._best: dict[tuple[int, frozenset[int], frozenset[str]], float] = {}
        self._base: dict[int, list[Award]] = {}

    def final(self, r: int) -> list[Award]:
        """Reading ``r``'s awards: every asking check judged with none left out."""
        return self._with(r, {i: self.holds(r, i, frozenset()) for i in range(len(self.asked))})

    def _with(self, r: int, asking: dict[int, Award | None]) -> list[Award]:
        """Reading ``r``'s non-asking awards and these asking ones, less supersession.
        Mostly no asking one holds (BACK FOUR's shape with another reading's blocks, say):
        then the non-asking ones alone, kept once per reading."""
        if not any(asking.values()):
            if r not in self._base:
                self._base[r] = _kept(self.readings[r][1], self.award_both)
            return self._base[r]
        slots = list(self.readings[r][1])
        for i, a in asking.items():
            slots[self.asked[i][0]] = a
        return _kept(slots, self.award_both)

    def holds(self, r: int, i: int, left_out: frozenset[int]) -> Award | None:
        key = (r, i, left_out)
        if key not in self._holds:
            self._holds[key] = self._judge(r, i, left_out)
        return self._holds[key]

    def _judge(self, r: int, i: int, left_out: frozenset[int]) -> Award | None:
        view = self.readings[r][0]
        _, fn, opts = self.asked[i]
        a = self._finished(view, fn(view, opts, others=self._others(r, i, left_out, set())))
        if a is None:
            return None
        # What this award supersedes is no other yaku of its own: judged again without it.
        seen = self.seen(r, i, left_out)
        drop = superseded([*seen, a], self.award_both) - superseded(seen, self.award_both)
        drop.discard(a.id)
        if not drop:
            return a
        return self._finished(view, fn(view, opts, others=self._others(r, i, left_out, drop)))

    def _finished(self, view: HandView, a: Award | None) -> Award | None:
        if a is None or a.id not in self.adjust:
            return a
        return self.adjust[a.id](view, a)

    def seen(self, r: int, i: int, left_out: frozenset[int]) -> list[Award]:
        """The awards that hold on reading ``r`` without check ``i`` (and ``left_out``)."""
        key = (r, i, left_out)
        hit = self._seen.get(key)
        if hit is None:
            without = left_out | {i}
            others = {
                j: self.holds(r, j, without) for j in range(len(self.asked)) if j not in without
            }
            hit = self._seen[key] = self._with(r, others)
        return hit

    def _others(self, r: int, i: int, left_out: frozenset[int], drop: set[str]) -> OtherYaku:
        """What check ``i`` sees on reading ``r``, each part worked out when it reads it."""
        return OtherYaku(
            partial(self._winning_han, r, i, left_out, drop),
            partial(self._best_value, i, left_out, drop),
        )

    def _winning_han(self, r: int, i: int, left_out: frozenset[int], drop: set[str]) -> float:
        return local_winning_han(a for a in self.seen(r, i, left_out) if a.id not in drop)

    def _best_value(self, i: int, left_out: frozenset[int], drop: set[str]) -> float:
        """The best reading's full value as check ``i`` sees it (only a cap reads it, so
        only then is every reading valued; once per check, not per reading)."""
        key = (i, left_out, frozenset(drop))
        hit = self._best.get(key)
        if hit is None:
            hit = self._best[key] = max(
                hand_value(
                    view,
                    [a for a in self.seen(s, i, left_out) if a.id not in drop],
                    self.limit_yaku,
                )
                for s, (view, _) in enumerate(self.readings)
            )
        return hit


def _evaluate_asking(
    win: Win,
    rs: Ruleset,
    live: list[tuple],
    interps: list[Interpretation],
    asking: frozenset,
    missing: tuple[str, ...],
    scored: list[tuple[Interpretation, list[Award]]],
) -> Result | None:
    """``evaluate`` for a hand where a body asks for the other yaku (yakubook.engine.winning):
    every reading's other bodies first, then the asking ones, each seeing every other award
    that holds without it (``_AskingReadings``), in the order ``live`` gives (a report's
    order does not depend on which bodies ask). As ``_evaluate``: each reading's awards
    appended to ``scored``, the Result when there is one reading, else None."""
    adjust = _adjustments(rs)
    asked = [(i, fn, opts) for i, (fn, opts) in enumerate(live) if fn in asking]
    readings: list[tuple[HandView, list[Award | None]]] = []
    for interp in interps:
        view = HandView(win, interp)
        slots: list[Award | None] = []
        for fn, opts in live:
            a = None if fn in asking else fn(view, opts)
            if a is not None and a.id in adjust:
                a = adjust[a.id](view, a)
            slots.append(a)
        readings.append((view, slots))
    judged = _AskingReadings(rs, readings, asked)
    for r, (view, _) in enumerate(readings):
        scored.append((view.interp, complete_only(view.interp, judged.final(r))))
    if len(scored) == 1:
        interp, awards = scored[0]
        total = sum(rank(a.value) for a in awards)
        return _new_result(win, tuple(awards), interp, total, missing, None)
    return None
