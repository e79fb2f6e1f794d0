"""Exhaustive check: every closed one-suit winning hand through every body.

Enumerates every multiset of 14 tiles of a single suit that forms four sets and a pair or
seven pairs (13,277 of them), builds a closed tsumo win on each with each distinct tile as
the winning tile, evaluates it with the "everything on" ruleset, and writes how many hands
each yaku fires on to bench/one_suit_rarity.md (a regression net and a first rarity table).

    python bench/one_suit.py [--suit m|p|s|all]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from yakubook.engine.decompose import chiitoitsu_pairs, standard_shapes  # noqa: E402


def _multisets(kinds: int, size: int, cap: int) -> Iterator[tuple[int, ...]]:
    def rec(i: int, left: int, acc: list[int]) -> Iterator[tuple[int, ...]]:
        if i == kinds - 1:
            if left <= cap:
                yield (*acc, left)
            return
        for n in range(min(cap, left) + 1):
            yield from rec(i + 1, left - n, [*acc, n])

    yield from rec(0, size, [])


def one_suit_hands() -> list[tuple[int, ...]]:
    """Every complete 14-tile count vector of one suit (counts of 1..9), in a fixed order."""
    out = []
    for counts9 in _multisets(9, 14, 4):
        counts = counts9 + (0,) * 25
        if standard_shapes(counts) or chiitoitsu_pairs(counts):
            out.append(counts9)
    return out


def main() -> int:
    from yakubook.engine.evaluation import evaluate
    from yakubook.engine.win import Win

    parser = argparse.ArgumentParser()
    parser.add_argument("--suit", default="all", choices=["m", "p", "s", "all"])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "one_suit_rarity.md")
    args = parser.parse_args()
    suits = "mps" if args.suit == "all" else args.suit
    hands = one_suit_hands()
    print(f"{len(hands)} distinct one-suit winning tile multisets")
    fired: Counter[str] = Counter()
    names: dict[str, str] = {}
    wins = 0
    start = time.perf_counter()
    for suit in suits:
        base = "mps".index(suit) * 9
        for counts9 in hands:
            tiles = [base + i for i, n in enumerate(counts9) for _ in range(n)]
            for win_tile in sorted(set(tiles)):
                win = Win(concealed=tuple(tiles), win_tile=win_tile, tsumo=True)
                wins += 1
                for a in evaluate(win).yaku:
                    fired[a.id] += 1
                    names[a.id] = a.name
    elapsed = time.perf_counter() - start
    print(f"{wins} wins evaluated in {elapsed:.1f} s ({wins / elapsed:,.0f} hands/s), no exception")
    lines = [
        "# One-suit rarity table",
        "",
        f"Written by `python bench/one_suit.py`: {len(hands)} one-suit tile multisets x "
        f"suits {', '.join(suits)} x each distinct winning tile = {wins} closed tsumo wins, "
        "evaluated with the default ruleset (every yaku at its first non-無 option).",
        "",
        "| yaku | name | wins it fires on | share |",
        "|---|---|---:|---:|",
    ]
    for yid, n in sorted(fired.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| {yid} | {names[yid]} | {n} | {n / wins:.2%} |")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
