"""Benchmark: our evaluate (all local yaku on) against mahjong 2.1's estimate_hand_value.

    python bench/evaluate_vs_mahjong.py [--hands 20000] [--seed 2026] [--batch 500]

Both sides get the same seeded random valid winning hands (closed and open, tsumo and
ron, random winds). Timing alternates in batches (ours, theirs, then theirs, ours, …) so
that drift in machine load hits both. Prints hands/second for each, the ratio, and the
peak memory each side allocates over the whole set (tracemalloc, measured in a separate,
untimed pass).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig  # noqa: E402
from mahjong.meld import Meld as LibMeld  # noqa: E402

from yaku.evaluation import compile_ruleset, evaluate  # noqa: E402
from yaku.melds import Meld  # noqa: E402
from yaku.rules import Ruleset  # noqa: E402
from yaku.win import Win  # noqa: E402

LIB_KIND = {
    "chi": LibMeld.CHI,
    "pon": LibMeld.PON,
    "kan": LibMeld.KAN,
    "ankan": LibMeld.KAN,
    "kakan": LibMeld.SHOUMINKAN,
}


def random_win(rng: random.Random) -> Win:
    """A uniformly built valid winning hand: four sets and a pair (5% seven pairs)."""
    while True:
        counts = [0] * 34
        if rng.random() < 0.05:
            pairs = rng.sample(range(34), 7)
            tiles = [t for p in pairs for t in (p, p)]
            return Win(
                concealed=tuple(tiles),
                win_tile=rng.choice(tiles),
                tsumo=rng.random() < 0.5,
                seat_wind=27 + rng.randrange(4),
                round_wind=27 + rng.randrange(2),
            )
        blocks: list[tuple[str, int]] = []
        ok = True
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                blocks.append(("seq", start))
                for t in range(start, start + 3):
                    counts[t] += 1
            else:
                t = rng.randrange(34)
                blocks.append(("trip", t))
                counts[t] += 3
        pair = rng.randrange(34)
        counts[pair] += 2
        if any(c > 4 for c in counts):
            ok = False
        if not ok:
            continue
        melds: list[Meld] = []
        concealed: list[int] = [pair, pair]
        n_open = rng.choice((0, 0, 0, 1, 2, 3))
        for i, (kind, t) in enumerate(blocks):
            if i < n_open:
                if kind == "seq":
                    melds.append(Meld("chi", (t, t + 1, t + 2)))
                elif counts[t] == 3 and rng.random() < 0.15:
                    melds.append(Meld(rng.choice(("kan", "ankan")), (t,) * 4))
                    counts[t] += 1
                else:
                    melds.append(Meld("pon", (t,) * 3))
            else:
                concealed += [t, t + 1, t + 2] if kind == "seq" else [t] * 3
        return Win(
            concealed=tuple(sorted(concealed)),
            win_tile=rng.choice(concealed),
            melds=tuple(melds),
            tsumo=rng.random() < 0.5,
            seat_wind=27 + rng.randrange(4),
            round_wind=27 + rng.randrange(2),
        )


def to_library(win: Win) -> tuple[list[int], int, list[LibMeld], HandConfig]:
    used = [0] * 34

    def take(tile: int) -> int:
        used[tile] += 1
        return tile * 4 + used[tile] - 1

    melds, tiles = [], []
    for m in win.melds:
        ids = [take(t) for t in m.tiles]
        melds.append(LibMeld(meld_type=LIB_KIND[m.kind], tiles=ids, opened=m.is_open))
        tiles += ids
    concealed = [take(t) for t in win.concealed]
    tiles += concealed
    win_id = concealed[win.concealed.index(win.win_tile)]
    config = HandConfig(is_tsumo=win.tsumo, player_wind=win.seat_wind, round_wind=win.round_wind)
    return tiles, win_id, melds, config


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def peak_memory(fn: Callable[[], object]) -> int:
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    wins = [random_win(rng) for _ in range(args.hands)]
    lib_inputs = [to_library(w) for w in wins]
    ruleset = Ruleset.default()  # "everything on": every yaku at its first non-無 value
    checks, missing = compile_ruleset(ruleset)
    calc = HandCalculator()

    def ours(batch: range) -> None:
        for i in batch:
            evaluate(wins[i], ruleset)

    def theirs(batch: range) -> None:
        for i in batch:
            tiles, win_id, melds, config = lib_inputs[i]
            calc.estimate_hand_value(tiles, win_id, melds=melds, config=config)

    t_ours = t_theirs = 0.0
    for k, start in enumerate(range(0, args.hands, args.batch)):
        batch = range(start, min(start + args.batch, args.hands))
        if k % 2 == 0:
            t_ours += timed(lambda b=batch: ours(b))
            t_theirs += timed(lambda b=batch: theirs(b))
        else:
            t_theirs += timed(lambda b=batch: theirs(b))
            t_ours += timed(lambda b=batch: ours(b))
    every = range(args.hands)
    mem_ours = peak_memory(lambda: ours(every))
    mem_theirs = peak_memory(lambda: theirs(every))

    ours_rate = args.hands / t_ours
    theirs_rate = args.hands / t_theirs
    opened = sum(1 for w in wins if not w.is_closed)
    print(f"hands: {args.hands} (seed {args.seed}; {opened} open, {args.hands - opened} closed)")
    print(
        f"yakubook evaluate: {ours_rate:10,.0f} hands/s  ({len(checks)} local yaku checked"
        f"{f', {len(missing)} without body' if missing else ''})  peak {mem_ours / 1024:,.0f} KiB"
    )
    print(
        f"mahjong {_lib_version()}:     {theirs_rate:10,.0f} hands/s  (standard yaku)"
        f"            peak {mem_theirs / 1024:,.0f} KiB"
    )
    print(f"ratio (ours / mahjong): {ours_rate / theirs_rate:.2f}")
    return 0


def _lib_version() -> str:
    from importlib.metadata import version

    return version("mahjong")


if __name__ == "__main__":
    sys.exit(main())
