"""The faster forms of 3-13/3-14 bodies and helpers give the old forms' answers.

``wait_tiles`` (behind 欠牌和, 五龍鳴動, 金雞奪食) now builds the tiles without the
per-tile loop of seven pairs and thirteen orphans on every hand, 紀州五十五萬石 reads the
manzu total as the hand's number total, and Giant馬場 looks for a concealed triplet of a 9
among the blocks in place. Each old form is kept here (``_reference_*``) and compared with
the new one on hands chosen to reach every branch, seeded random wins, one-suit hands of
the benchmark and the catalog's examples, on every reading and every option variant.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from yakubook.generated.s3_13 import (
    KishuuGojuugomangokuKinds,
    KishuuGojuugomangokuOptions,
    KishuuGojuugomangokuTotal,
)
from yakubook.generated.s3_14 import GiantBabaOptions, KeppaihouOptions, KeppaihouRiichi
from yakubook.generated.s3_14 import KeppaihouWaitTileInHand as _InHand

import catalog
from bench.evaluate_vs_mahjong import make_mix
from yakubook.engine import decompose
from yakubook.engine.award import Award
from yakubook.engine.bodies import s3_13, s3_14
from yakubook.engine.decompose import chiitoitsu_pairs, interpretations, kokushi_pair
from yakubook.engine.registry import award
from yakubook.engine.rules import option_variants
from yakubook.engine.tiles import HATSU, HONOR_MASK, YAOCHUU
from yakubook.engine.view import HandView
from yakubook.engine.win import Meld, Win

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hands import random_win

# -- the old forms ---------------------------------------------------------------------------

_NOT_YAOCHUU = tuple(t for t in range(34) if t not in YAOCHUU)


def _reference_completing(before: tuple[int, ...], melded: bool) -> set[int]:
    out = set(decompose.standard_waits(before))
    if not melded:
        c = list(before)
        candidates = []
        if before.count(1) == 1 and before.count(2) == 6:
            candidates.append(before.index(1))
        if not any(before[t] for t in _NOT_YAOCHUU):
            candidates += YAOCHUU
        for t in candidates:
            if c[t] >= 4 or t in out:
                continue
            c[t] += 1
            key = tuple(c)
            if chiitoitsu_pairs(key) or kokushi_pair(key) is not None:
                out.add(t)
            c[t] -= 1
    return out


def _reference_wait_tiles(w: Win) -> frozenset[int]:
    before = list(w.concealed_counts)
    before[w.win_tile] -= 1
    tiles = _reference_completing(tuple(before), bool(w.melds))
    return frozenset(t for t in tiles if w.tile_counts[t] - (t == w.win_tile) < 4)


def _reference_keppaihou(win: HandView, opts: KeppaihouOptions) -> Award | None:
    if opts.riichi is KeppaihouRiichi.REQUIRED and not win.win.riichi_declared:
        return None
    if not s3_14._wait_allowed(win.wait, s3_14._KEPPAIHOU_WAITS[opts.wait]):
        return None
    w = win.win
    t = w.win_tile
    if w.visible_copies != 4 - w.tile_counts[t]:
        return None
    own_copies_count = opts.wait_tile_in_hand is _InHand.HOLDS
    if not own_copies_count and w.tile_counts[t] != win.winning_block.tiles.count(t):
        return None
    return award(win, opts) if _reference_wait_tiles(w) == {t} else None


def _reference_kishuu_gojuugomangoku(
    win: HandView, opts: KishuuGojuugomangokuOptions
) -> Award | None:
    if not s3_13._man_flush(win.win):
        return None
    kinds = opts.kinds
    if kinds is KishuuGojuugomangokuKinds.CHINITSU_ONLY and not s3_13._man_only(win.win):
        return None
    honors = win.mask & HONOR_MASK
    if (
        kinds is KishuuGojuugomangokuKinds.CHINITSU_OR_HATSU_HONITSU
        and honors
        and (honors != s3_13.HATSU_BIT or HATSU not in win.triplets)
    ):
        return None
    total = win.number_sum("m")
    rule = opts.total
    if (
        (rule is KishuuGojuugomangokuTotal.EXACTLY_55 and total != 55)
        or (rule is KishuuGojuugomangokuTotal.AT_LEAST_55 and total < 55)
        or (rule is KishuuGojuugomangokuTotal.MORE_THAN_55 and total <= 55)
    ):
        return None
    return award(win, opts)


def _reference_giant_baba(win: HandView, opts: GiantBabaOptions) -> Award | None:
    if not s3_14._closed_eight_and_nines(win.win) or win.wait != "shanpon":
        return None
    if not any(t < 27 and t % 9 == 8 for t in win.concealed_triplets):
        return None
    return award(win, opts)


# yaku id -> (the body now, its old form)
PAIRS = {
    "3-14-06": (s3_14.keppaihou, _reference_keppaihou),
    "3-13-02": (s3_13.kishuu_gojuugomangoku, _reference_kishuu_gojuugomangoku),
    "3-14-10": (s3_14.giant_baba, _reference_giant_baba),
}
OPTIONS = {yid: option_variants(yid) for yid in PAIRS}

# -- hands -----------------------------------------------------------------------------------


def _with(w: Win, **facts: Any) -> Win:
    return Win.from_json({**w.to_json(), **facts})


def _live_last(w: Win) -> Win:
    """The same hand with every other copy of the winning tile seen (欠牌和's first test)."""
    return _with(w, visible_copies=4 - w.tile_counts[w.win_tile])


def _built(rng: random.Random, pool: list[int], meld_chance: float) -> Win | None:
    """Four sets and a pair of tiles from ``pool``, some sets called, won on a random
    concealed tile; None when a tile would be held more than four times."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        t = rng.choice(pool)
        seq = t < 27 and t % 9 < 7 and rng.random() < 0.5
        tiles = [t, t + 1, t + 2] if seq else [t, t, t]
        if rng.random() < meld_chance:
            if seq:
                melds.append(Meld("chi", tuple(tiles)))
            else:
                kind = rng.choice(("pon", "kan", "ankan"))
                tiles = [t] * (3 if kind == "pon" else 4)
                melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed += tiles
        for x in tiles:
            counts[x] += 1
    p = rng.choice(pool)
    concealed += [p, p]
    counts[p] += 2
    if max(counts) > 4:
        return None
    return Win(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        melds=tuple(melds),
        tsumo=rng.random() < 0.5,
        riichi="riichi" if rng.random() < 0.3 and all(not m.is_open for m in melds) else "none",
    )


def _orphans_and_pairs() -> Iterator[Win]:
    """Every thirteen-orphans win (13-sided or not) and seven-pairs wins of terminals and
    honors: the branches of wait_tiles for hands held in terminals and honors only."""
    for pair, win in itertools.product(YAOCHUU, YAOCHUU):
        yield Win(concealed=tuple(sorted([*YAOCHUU, pair])), win_tile=win)
    for seven in itertools.combinations(YAOCHUU, 7):
        for win in seven[:2]:
            yield Win(concealed=tuple(t for t in seven for _ in (0, 1)), win_tile=win)


def _hands() -> Iterator[Win]:
    rng = random.Random(1314)
    for _ in range(2500):
        yield _live_last(random_win(rng))
    for h in make_mix("one-suit, many readings", 600, 13):
        yield _live_last(Win.from_json(h))
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        try:
            w = Win.from_json(json.loads(json.dumps(obj)))
        except ValueError:  # an example of an irregular shape the parser refuses alone
            continue
        yield w
        yield _live_last(w)
    yield from _orphans_and_pairs()
    # Manzu flushes with and without honors (發 or another), totals about 55.
    for _ in range(1500):
        honors = rng.choice(([], [HATSU], [HATSU, 27], [31]))
        w = _built(rng, list(range(9)) + honors, 0.3)
        if w is not None:
            yield _live_last(w)
    # Closed hands with 8s and 9s (and kans of them): Giant馬場's shanpon on an 8.
    for _ in range(1500):
        w = _built(rng, [6, 7, 8, 16, 17, 24, 25, 26, 27], rng.choice((0.0, 0.0, 0.3)))
        if w is not None:
            yield _live_last(w)


def test_new_forms_answer_as_the_old() -> None:
    checked = multi = 0
    awarded = dict.fromkeys(PAIRS, 0)
    for w in _hands():
        new_waits = s3_14.wait_tiles(w)
        assert new_waits == _reference_wait_tiles(w), w.to_json()
        multi += len(new_waits) > 1
        for interp in interpretations(w):
            for yid, (body, reference) in PAIRS.items():
                for opts in OPTIONS[yid]:
                    got = body(HandView(w, interp), opts)
                    assert got == reference(HandView(w, interp), opts), (yid, opts, w.to_json())
                    checked += 1
                    awarded[yid] += got is not None
    # The hands reach every body's award, so a wrong answer there would be seen.
    assert multi > 500 and checked > 100_000 and min(awarded.values()) > 20, (
        multi,
        checked,
        awarded,
    )
