"""How fast `yakubook replay` goes on mjai logs (issue 37).

    python bench/replay_speed.py [DIR] [--rules R.toml|NAME] [--jobs 1 2] [--repeats 1]

Replays every log under DIR (default: the 50 riichienv games committed in
tests/replay/data/riichienv) once per ``--jobs`` value, each run in fresh worker processes
(``--jobs 1`` runs in this process, after one warm-up file so the rulesets are compiled
before the clock starts, as a long run would amortise them), and prints for each:
games/s and wins/s (wall clock), and where the time went, summed over the files:
  reading  open and decompress the file, parse each JSON line, follow the events and
           rebuild the wins (everything but scoring);
  scoring  Win.from_json, then evaluate + score twice: local yaku off, and the ruleset.
With several processes the split is the sum of the workers' own clocks, so it can exceed
the wall time. The machine this ran on is shared: take the numbers as rough.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from yakubook.replay.runner import log_files, replay_file, resolve_rules, results

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "tests" / "replay" / "data" / "riichienv"


def measure(paths: list[Path], rules: str | None, jobs: int) -> dict[str, float]:
    started = time.perf_counter()
    games = wins = errors = 0
    reading = scoring = 0.0
    for r in results(paths, rules, jobs):
        games += 1
        wins += len(r.rows)
        errors += len(r.errors)
        reading += r.read_seconds
        scoring += r.score_seconds
    wall = time.perf_counter() - started
    return {"games": games, "wins": wins, "errors": errors, "wall": wall,
            "reading": reading, "scoring": scoring}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--rules", default=None)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args(argv)
    rules = resolve_rules(args.rules)
    paths = list(log_files([args.directory]))
    replay_file(str(paths[0]), rules)  # compile the rulesets in this process
    print(f"{len(paths)} logs under {args.directory}; ruleset: {args.rules or 'defaults'}")
    print(f"{'jobs':>4} {'games/s':>9} {'wins/s':>9} {'wall s':>8} {'reading s':>10} "
          f"{'scoring s':>10} {'reading %':>10}")
    for jobs in args.jobs:
        best: dict[str, float] | None = None
        for _ in range(args.repeats):
            m = measure(paths, rules, jobs)
            if best is None or m["wall"] < best["wall"]:
                best = m
        assert best is not None
        spent = best["reading"] + best["scoring"]
        print(f"{jobs:>4} {best['games'] / best['wall']:>9.1f} {best['wins'] / best['wall']:>9.1f} "
              f"{best['wall']:>8.2f} {best['reading']:>10.2f} {best['scoring']:>10.2f} "
              f"{100 * best['reading'] / spent if spent else 0:>9.0f}%")
        if best["errors"]:
            print(f"     ({best['errors']:.0f} errors reported)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
