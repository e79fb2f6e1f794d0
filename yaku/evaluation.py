"""Evaluate a winning hand under a ruleset: which local yaku hold, and what they award.

The ruleset is compiled once into the list of enabled checks (body, options, prefilter).
Per hand: prefilters run once on the Win; then every interpretation is read once
(HandView caches its features) and the enabled bodies run on it; the interpretation with
the best total is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import generated
from yaku import registry
from yaku.award import Award, rank
from yaku.decompose import Interpretation, interpretations
from yaku.errors import InputError
from yaku.rules import Ruleset
from yaku.standard import STANDARD_YAKU, YAKUMAN
from yaku.tiles import format_tiles
from yaku.view import HandView
from yaku.win import Win


@dataclass(frozen=True)
class Check:
    id: str
    fn: Any
    opts: Any
    prefilter: Any


@dataclass(frozen=True)
class Result:
    win: Win
    yaku: tuple[Award, ...]
    interpretation: Interpretation | None
    total: float
    not_implemented: tuple[str, ...]

    @cached_property
    def standard(self) -> tuple[str, ...]:
        """Standard yaku of the reported interpretation (for context; not computed unless
        asked, since evaluate's callers mostly want the local yaku)."""
        if self.interpretation is None:
            return ()
        view = HandView(self.win, self.interpretation)
        names = tuple(n for n in STANDARD_YAKU if n != "menzen" and view.std(n))
        if any(n in YAKUMAN for n in names):
            names = tuple(n for n in names if n in YAKUMAN)
        return names

    def to_json(self) -> dict[str, Any]:
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
        }


def compile_ruleset(ruleset: Ruleset) -> tuple[tuple[Check, ...], tuple[str, ...]]:
    """The enabled checks of a ruleset, compiled once and kept on the ruleset."""
    hit = ruleset.__dict__.get("_compiled")
    if hit is not None:
        return hit
    registry.load_bodies()
    checks = []
    missing = []
    for yid in ruleset.enabled:
        body = registry.BODIES.get(yid)
        if body is None:
            missing.append(yid)
            continue
        checks.append(Check(yid, body.fn, ruleset.options[yid], body.prefilter))
    out = (tuple(checks), tuple(missing))
    object.__setattr__(ruleset, "_compiled", out)  # a cache, not state: Ruleset stays frozen
    return out


@cache
def default_ruleset() -> Ruleset:
    return Ruleset.default()


@cache
def _names_to_ids() -> dict[str, str]:
    """Local yaku by name (zh-Hans, with and without a '(n)' suffix)."""
    out: dict[str, str] = {}
    for yid, info in generated.REGISTRY.items():
        out.setdefault(info.name_hans, yid)
        out.setdefault(re.sub(r"\(\d\)$", "", info.name_hans), yid)
    return out


def _superseded(awards: list[Award]) -> set[str]:
    """Local yaku that another award includes or does not combine with."""
    held = {a.id for a in awards}
    names = _names_to_ids()
    drop: set[str] = set()
    for a in awards:
        for note in a.combination:
            if note["kind"] not in ("includes", "not_combined_with", "combines_and_not"):
                continue
            args = note.get("args", [])
            targets = args[1:] if note["kind"] == "combines_and_not" else args
            for arg in targets:
                for name in re.split(r"[、和或]", arg):
                    yid = names.get(name)
                    if yid and yid in held and yid != a.id:
                        drop.add(yid)
    return drop


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
            groups.setdefault(c.fn.__module__, []).append(c)
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


def evaluate(win: Win, ruleset: Ruleset | None = None) -> Result:
    rs = ruleset if ruleset is not None else default_ruleset()
    plan, missing = _plan(rs)
    live = live_checks(win, plan)
    interps = interpretations(win)
    if not interps:
        raise InputError(f"{format_tiles(win.concealed)}: not a complete hand in any known shape")
    best: tuple[float, Interpretation, list[Award]] | None = None
    for interp in interps:
        view = HandView(win, interp)
        awards = []
        for fn, opts in live:
            a = fn(view, opts)
            if a is not None:
                awards.append(a)
        if len(awards) > 1:
            drop = _superseded(awards)
            if drop:
                awards = [a for a in awards if a.id not in drop]
        if len(interps) == 1:
            return Result(win, tuple(awards), interp, sum(rank(a.value) for a in awards), missing)
        total = sum(rank(a.value) for a in awards)
        if best is None or total > best[0]:
            best = (total, interp, awards)
    assert best is not None
    total, interp, awards = best
    return Result(win, tuple(awards), interp, total, missing)
