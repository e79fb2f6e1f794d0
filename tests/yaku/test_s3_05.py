"""Sections 3-05, 3-06 and 3-07 (half-flush and all-triplet shapes): what examples cannot say.

A prefilter may only reject hands its body would reject. Checked on random hands built
from the tiles of the sections' examples (so the rare hands come up), with triplets,
some sequences, calls and seven pairs, under every option variant.
"""

from __future__ import annotations

import random

import pytest

import catalog
from tests.yaku.soundness import check_prefilters
from yakubook.engine import registry
from yakubook.engine.melds import Meld
from yakubook.engine.tiles import WINDS, parse_tiles
from yakubook.engine.win import Win

registry.load_bodies()
SECTIONS = ("3-05", "3-06", "3-07")




def _pools(section: str) -> list[list[int]]:
    """The distinct tiles of each example of the section (melds included)."""
    out = []
    for ex in catalog.examples():
        if ex["yaku"].startswith(section + "-"):
            text = ex["hand"] + "".join(m.split()[1] for m in ex.get("melds", []))
            out.append(sorted(set(parse_tiles(text).tiles)))
    return out


def _random_win(rng: random.Random, pool: list[int]) -> Win | None:
    """Seven pairs or four sets and a pair from ``pool`` (or None if too many copies)."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    if rng.random() < 0.1:
        pairs = rng.sample(pool, min(7, len(pool)))
        pairs += rng.sample([t for t in range(34) if t not in pairs], 7 - len(pairs))
        concealed = [t for t in pairs for _ in range(2)]
    else:
        # Distinct tiles first, so that an example's own hand comes up often.
        order = rng.sample(pool, len(pool))
        for i in range(4):
            t = order[i] if i < len(order) else rng.choice(pool)
            if rng.random() < 0.25 and t < 27 and t % 9 < 7:
                block: tuple[int, ...] = (t, t + 1, t + 2)
                kind = "chi"
            else:
                size = 4 if rng.random() < 0.1 else 3
                block = (t,) * size
                kind = rng.choice(("kan", "ankan", "kakan")) if size == 4 else "pon"
            for u in block:
                counts[u] += 1
            if len(block) == 3 and rng.random() < 0.7:
                concealed += block
            else:
                melds.append(Meld(kind, block))
        p = order[4] if len(order) > 4 and rng.random() < 0.7 else rng.choice(pool)
        counts[p] += 2
        concealed += [p, p]
    if max(counts) > 4:
        return None
    return Win(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        melds=tuple(melds),
        tsumo=rng.random() < 0.5,
        seat_wind=rng.choice(WINDS),
        round_wind=rng.choice(WINDS),
    )


@pytest.mark.parametrize("section", SECTIONS)
def test_prefilters_never_reject_a_hand_the_body_accepts(section):
    ids = sorted(k for k in registry.BODIES if k.startswith(section + "-"))
    assert ids, section
    pools = _pools(section)
    rng = random.Random(305)

    def hands():
        while True:
            pool = rng.choice(pools) if rng.random() < 0.8 else rng.sample(range(34), 6)
            yield _random_win(rng, pool)

    check_prefilters(ids, hands(), 2000)
