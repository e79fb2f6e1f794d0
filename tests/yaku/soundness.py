"""Shared check for the cheap tests in front of the bodies: a body's prefilter, and its
module's section gate, may reject only hands the body itself rejects."""

from __future__ import annotations

import random
from collections.abc import Iterable

from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.melds import Meld
from yakubook.engine.rules import option_variants
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.errors import InputError

registry.load_bodies()


def check_prefilters(ids: Iterable[str], hands: Iterable[Win | None], count: int) -> dict[str, int]:
    """Run ``count`` usable hands through the bodies of ``ids`` under every option
    variant; fail on a hand a body awards that its prefilter or gate rejects, and fail if
    some body awarded none of them (the check would have been vacuous for it). Returns how
    many hands each body awarded."""
    ids = list(ids)
    variants = {yid: option_variants(yid) for yid in ids}
    held = dict.fromkeys(ids, 0)
    tried = 0
    for win in hands:
        if tried >= count:
            break
        if win is None or not interpretations(win):
            continue
        tried += 1
        views = [HandView(win, i) for i in interpretations(win)]
        for yid in ids:
            body = registry.BODIES[yid]
            if not any(body.fn(v, o) for v in views for o in variants[yid]):
                continue
            held[yid] += 1
            assert body.prefilter is None or body.prefilter(win), (yid, win.to_json())
            gate = registry.GATES.get(body.fn.__module__)
            assert gate is None or gate(win), ("gate", yid, win.to_json())
    assert tried == count, f"only {tried} usable hands"
    rare = [yid for yid, k in held.items() if k == 0]
    assert not rare, f"random hands never reached {rare}"
    return held


def finish_win(rng: random.Random, counts: list[int], concealed: list[int],
               melds: list[Meld], pair: int) -> Win | None:
    """A random hand's four groups completed with ``pair``: a concealed tsumo or ron on one
    of its concealed tiles, or None if a tile would be held five times or Win refuses it."""
    counts[pair] += 2
    concealed += [pair, pair]
    if max(counts) > 4:
        return None
    try:
        return Win(concealed=tuple(concealed), win_tile=rng.choice(concealed),
                   melds=tuple(melds), tsumo=rng.random() < 0.5)
    except InputError:
        return None
