"""Where a hand's time goes, per mix, against the 3x budget of issue #13.

    python bench/stages.py [--hands 2000] [--repeats 5] [--seed 2026]

For each mix of bench/evaluate_vs_mahjong.py (the same hands), measured in this run:
- mahjong: its end-to-end time per hand (parse the MPSZ form, estimate_hand_value), and a
  third of it, the budget per hand for 3x;
- ours: the end-to-end time (``Win.from_json`` then ``evaluate``, all 149 local yaku on),
  and the stages of it, each timed on its own over the same hands:
  parse     ``Win.from_json`` (the tiles, the melds, the situation, the derived facts);
  select    the compiled selector: section gates and the bodies' prefilters (the one
            evaluate runs: the C engine's rows, yakubook/engine/selector_rows.py, or the
            straight-line function);
  decompose every reading of the hand (``interpretations``, with the shapes it needs);
  bodies    a ``HandView`` per reading and every live body called on it;
  rest      end to end less those four: evaluate's own work (awards finished,
            supersession, the result) and what the stages cost more when they run one
            after the other per hand than each in a loop of its own (the interpreter's
            caches; about 6 µs of a closed hand's rest, measured by timing the three middle
            stages in one loop).
The last columns add up what is hand-written Python under this project's design (the
bodies and their prefilters, i.e. select + bodies) and compare it with the budget: where
that alone is over the budget, no faster parse or decomposition reaches 3x. A last row
does the same for the realistic mix under a ruleset of ten local yaku, against the 10x
goal (budget = mahjong / 10): there parse alone is the telling figure.

Times are the minimum over the repeats, each stage in a loop of its own: the stage figures
are the most favourable ones, so "select + bodies over the budget" is not an artefact of
the measurement.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.evaluate_vs_mahjong import (  # noqa: E402
    MIXES,
    _time,
    make_mix,
    ten_yaku_ruleset,
    theirs_one,
)


def _best(fn: Callable[[Any], Any], items: Sequence[Any], repeats: int) -> float:
    """Minimum over ``repeats`` of the µs per item of ``fn`` over ``items``."""
    return min(_time(fn, items) for _ in range(repeats)) / len(items) * 1e6


def stages(
    mix: str, hands: int, repeats: int, seed: int, ruleset: Any = None
) -> dict[str, float]:
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.evaluation import _hand_parts, _shapes, evaluate, prepare
    from yakubook.engine.view import HandView
    from yakubook.engine.win import Win

    rs = prepare(ruleset)
    select, shapes = _hand_parts(rs).select, _shapes(rs)  # the selection evaluate runs
    inputs = make_mix(mix, hands, seed)
    wins = [Win.from_json(h) for h in inputs]
    work = [(w, select(w), interpretations(w, shapes=shapes(w))) for w in wins]

    def bodies(item: tuple) -> None:
        win, live, readings = item
        for interp in readings:
            view = HandView(win, interp)
            for fn, opts in live:
                fn(view, opts)

    out = {
        "mahjong": _best(theirs_one, inputs, repeats),
        "ours": _best(lambda h: evaluate(Win.from_json(h), rs), inputs, repeats),
        "parse": _best(Win.from_json, inputs, repeats),
        "select": _best(select, wins, repeats),
        "decompose": _best(lambda w: interpretations(w, shapes=shapes(w)), wins, repeats),
        "bodies": _best(bodies, work, repeats),
        "readings": sum(len(r) for _, _, r in work) / len(work),
        "calls": sum(len(r) * len(live) for _, live, r in work) / len(work),
    }
    out["rest"] = out["ours"] - out["parse"] - out["select"] - out["decompose"] - out["bodies"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    print(
        f"µs per hand, minimum of {args.repeats} repeats over {args.hands} hands per mix "
        f"(seed {args.seed}); budget = mahjong / 3"
    )
    head = ("mix", "mahjong", "budget", "ours", "parse", "select", "decomp", "bodies", "rest")
    print(f"{head[0]:26s}" + "".join(f"{h:>9s}" for h in head[1:]) + "   readings  calls"
          "   select+bodies / budget")  # fmt: skip
    rows = [(mix, None, 3) for mix in MIXES] + [("realistic", ten_yaku_ruleset(), 10)]
    for mix, ruleset, goal in rows:
        s = stages(mix, args.hands, args.repeats, args.seed, ruleset)
        budget = s["mahjong"] / goal
        if ruleset is not None:
            mix = f"{mix}, {len(ruleset.enabled)} yaku, 10x"
        figures = (s["mahjong"], budget, s["ours"], s["parse"], s["select"], s["decompose"],
                   s["bodies"], s["rest"])  # fmt: skip
        python = s["select"] + s["bodies"]
        print(
            f"{mix:26s}"
            + "".join(f"{x:9.1f}" for x in figures)
            + f"   {s['readings']:8.2f} {s['calls']:6.1f}"
            + f"   {python:5.1f} / {budget:5.1f} = {python / budget:4.2f}"
        )
    print(
        "the last row: the ten local yaku of evaluate_vs_mahjong.py's fixed-cost line, budget "
        "= mahjong / 10"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
