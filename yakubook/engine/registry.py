"""Binding hand-written bodies to the generated stubs (the "generation gap").

A body declares the catalog ID it implements and the fingerprint of the catalog entry it
was written for::

    @implements("3-13-01", fingerprint="…", prefilter=lambda w: w.tile_mask & MAN_MASK)
    def kaga_hyakumangoku_1(win, opts): ...

At import the registry checks the ID exists and the signature matches the stub, and
compares the fingerprint (a mismatch makes the body *stale*: it still runs, and `yakubook
status` says so). ``prefilter`` is an optional cheap test on the Win alone (tile mask,
counts, situation), run once per hand before any interpretation is read.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from yakubook import generated
from yakubook.engine import kept
from yakubook.engine.award import Award, pick_case, resolve
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

Prefilter = Callable[[Win], bool]
COMBINATION_NOTES = frozenset(
    {
        "includes",
        "combines_with",
        "combines_with_all_but",
        "combines_and_not",
        "not_combined_with",
        "counts_as_combination",
        "not_counted",
        "capped",
        "total_with",
        "not_winning_yaku",
        "counts_as",
    }
)


# What a body may ask the engine for, beyond the hand and its own options, as keyword-only
# parameters with a default (the default is what a call without a ruleset gets):
#   parent     the chosen options of the yaku a nested entry lives under (如果有X; see
#              yakubook.engine.interplay.PARENTS); None when called alone.
#   inclusive  True: a smaller yaku of a family (yakubook.engine.interplay.FAMILIES) holds on its
#              own terms also inside a larger one's hand ("three identical sequences" in a
#              four-sequence hand); the engine then drops it when the larger is awarded.
#              False (alone): it answers as under the default rules, larger yaku on.
#   others     what the other local yaku of the hand award (yakubook.engine.winning.OtherYaku), for
# a
#              rule that asks for other yaku, a minimum han or a cap; the engine runs such
#              a body after the others. None when called alone: standard yaku only.
CONTEXT_KEYWORDS = ("parent", "inclusive", "others")


class RegistrationError(TypeError):
    pass


@dataclass(frozen=True)
class Body:
    id: str
    fn: Callable[..., Award | None]
    fingerprint: str
    stale: bool
    prefilter: Prefilter | None
    note: str
    # Keyword-only parameters the engine fills from the ruleset (see CONTEXT_KEYWORDS).
    context: tuple[str, ...] = ()
    # The body reads nothing of a reading but its blocks (implements' ``blocks_only``).
    blocks_only: bool = False
    # For a body that takes ``others``: whether it reads them under these options
    # (implements' ``asks``); None: under any options.
    asks: Callable[[Any], bool] | None = None


BODIES: dict[str, Body] = {}
ORPHANS: dict[str, Body] = {}
# A body module may declare one cheap necessary condition shared by all its bodies; the
# evaluator tests it once per hand before the bodies' own prefilters (tests/yaku/
# test_gates.py checks that no body awards a hand its module's gate rejects).
GATES: dict[str, Prefilter] = {}


def section_gate(module: str, gate: Prefilter) -> None:
    """Declare ``gate`` as a necessary condition for every body of ``module``."""
    GATES[module] = gate


_BY_OPTIONS: dict[type, generated.StubInfo] = {
    info.options: info for info in generated.REGISTRY.values()
}


def implements(
    yaku_id: str,
    *,
    fingerprint: str,
    prefilter: Prefilter | None = None,
    note: str = "",
    blocks_only: bool = False,
    asks: Callable[[Any], bool] | None = None,
) -> Callable[[Callable[..., Award | None]], Callable[..., Award | None]]:
    """Register ``fn`` as the body of ``yaku_id`` (module docstring).

    ``blocks_only``: the body reads nothing of the reading it is given but its kind and
    blocks (and what HandView makes of them alone: triplets, sequences, pairs, pair,
    quads), besides the Win and its options: never the wait, the winning block, the
    concealed triplets, ``interp`` itself or a standard yaku (``std``) that reads one of
    those. Then two readings with the same blocks get the same answer, and ``evaluate``
    gives a reading the answer of the reading before it when the two share their blocks
    (a one-suit hand has ~3.7 readings of ~2 sets of blocks: the winning tile in another
    block). tests/yaku/test_blocks_only.py checks every body that says so.

    ``asks``: for a body that takes ``others``, whether it reads them under the options it
    is given (its rule asks for the other yaku under some options only: BACK FOUR's value
    b, say). Under options where it does not, ``evaluate`` runs the hand on its plain path
    rather than the asking one (every other body first, then this one with their awards:
    several times the work), and calls the body without ``others``.
    tests/yaku/test_asks.py holds each such body to it, both ways.
    """

    def bind(fn: Callable[..., Award | None]) -> Callable[..., Award | None]:
        info = generated.REGISTRY.get(yaku_id)
        where = f"{fn.__module__}.{fn.__qualname__}"
        if info is None:
            ORPHANS[yaku_id] = Body(yaku_id, fn, fingerprint, True, prefilter, note)
            warnings.warn(
                f"{where}: @implements({yaku_id!r}): the catalog has no yaku {yaku_id} "
                "(orphan body; it will not run)",
                stacklevel=2,
            )
            return fn
        want = list(inspect.signature(info.stub).parameters)
        params = inspect.signature(fn).parameters
        got = [n for n, p in params.items() if p.kind is not p.KEYWORD_ONLY]
        context = tuple(n for n, p in params.items() if p.kind is p.KEYWORD_ONLY)
        for name in context:
            if name not in CONTEXT_KEYWORDS or params[name].default is params[name].empty:
                raise RegistrationError(
                    f"{where}: keyword-only parameter {name!r}: the engine fills only "
                    f"{', '.join(CONTEXT_KEYWORDS)}, each with a default for a call alone"
                )
        if got != want:
            raise RegistrationError(
                f"{where}: signature ({', '.join(got)}) does not match the stub "
                f"{info.slug}({', '.join(want)}) of {yaku_id}"
            )
        if asks is not None and "others" not in context:
            raise RegistrationError(f"{where}: asks= is for a body that takes others")
        if yaku_id in BODIES:
            raise RegistrationError(f"{where}: {yaku_id} already has a body")
        BODIES[yaku_id] = Body(
            yaku_id,
            fn,
            fingerprint,
            fingerprint != info.fingerprint,
            prefilter,
            note,
            context,
            blocks_only,
            asks,
        )
        return fn

    return bind


def info_for(opts: Any) -> generated.StubInfo:
    info = _BY_OPTIONS.get(type(opts))
    if info is None:
        raise TypeError(f"{type(opts).__name__} is not a generated options type")
    return info


# The awards made so far (an Award and its value are never changed once made), by what
# decides one: the options' type, its chosen value (by id: an enum member lives as long as
# its class, which the key keeps), case, note and whether the hand is open. A body awards
# on many hands; building the Award again each time was a good part of its cost.
_AWARDS: dict[tuple[Any, ...], Award] = kept.table({})
_AWARDS_KEPT = 4096  # then start again: notes may vary with the hand


def award(win: HandView, opts: Any, *, case: str | None = None, note: str = "") -> Award:
    """The award of the yaku whose options are ``opts``, for its chosen value option.

    ``case`` picks a case of a conditional value by its condition text (zh-Hans, as in
    the catalog); the open-hand value applies when the hand is open.
    """
    key = (type(opts), id(opts.value), case, note, win.is_open)
    hit = _AWARDS.get(key)
    if hit is not None:
        return hit
    made = _award(win, opts, case, note)
    if len(_AWARDS) >= _AWARDS_KEPT:
        _AWARDS.clear()
    _AWARDS[key] = made
    return made


def _award(win: HandView, opts: Any, case: str | None, note: str) -> Award:
    info = info_for(opts)
    letter = opts.value.letter
    value = info.values[letter]
    combination = tuple(n for n in value.get("notes", []) if n["kind"] in COMBINATION_NOTES)
    if case is not None:
        value = pick_case(value, case)
    return Award(info.id, info.name_hant, letter, resolve(value, win.is_open), note, combination)


def call(yaku_id: str, view: HandView, opts: Any) -> Award | None:
    """Run a yaku's body; a yaku without one raises NotImplementedError naming it."""
    body = BODIES.get(yaku_id)
    if body is None:
        return generated.REGISTRY[yaku_id].stub(view, opts)
    return body.fn(view, opts)


_BODIES_LOADED: list[bool] = []


def load_bodies() -> None:
    """Import every body module (yakubook/engine/bodies/, one per section like generated/) so that
    their @implements run. Only the first call looks: listing the folder costs more than
    the site's hundreds of example evaluations that ask for it."""
    if _BODIES_LOADED:
        return
    import importlib
    import pkgutil

    from yakubook.engine import bodies

    for mod in pkgutil.iter_modules(bodies.__path__):
        if mod.name.startswith("s3_"):
            importlib.import_module(f"yakubook.engine.bodies.{mod.name}")
    _BODIES_LOADED.append(True)
