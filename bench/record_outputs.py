"""Record what the bodies and `yaku.evaluate` answer, to compare two versions of the code.

A refactoring of the bodies (issue #15: options read by name instead of by letter) must
not change a single answer. This script runs

- ``examples``: every example of catalog/examples.toml through its body (best award over
  the interpretations) under every value option and every rule-question letter, one
  question at a time, and through `yaku.evaluate` with the documented defaults and the
  three shipped rulesets;
- ``option_matrix``: seeded random hands (bench/evaluate_vs_mahjong.py's generator)
  through every body under every variant of `yakubook.engine.rules.option_variants`;
- ``one_suit``: every closed one-suit winning hand (bench/one_suit.py; tsumo on each
  distinct winning tile, plus the exhaustive test's ron on the last tile) through
  `yaku.evaluate`;
- ``differential``: the differential test's seeded hands (tests/engine/engine_hands.py)
  through `yaku.evaluate` (local and standard yaku);

and writes one JSON file per run into a folder (labels use option letters, which a rename
keeps). With ``--score`` every `yaku.evaluate` call asks for the score too
(``score=True``: han, fu, limit, payments and the best-paying reading), to check a change
of the scoring path. ``--compare DIR`` then compares the fresh files with those in DIR
byte for byte.

    python bench/record_outputs.py --out /tmp/i15-before
    python bench/record_outputs.py --out /tmp/i15-after --compare /tmp/i15-before
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests" / "engine"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

import catalog  # noqa: E402
from yakubook import generated  # noqa: E402
from yakubook.engine import registry  # noqa: E402
from yakubook.engine.award import Award, rank  # noqa: E402
from yakubook.engine.decompose import interpretations  # noqa: E402
from yakubook.engine.evaluation import evaluate  # noqa: E402
from yakubook.engine.rules import Ruleset, option_variants  # noqa: E402
from yakubook.engine.view import HandView  # noqa: E402
from yakubook.engine.win import Win  # noqa: E402
from yakubook.errors import InputError  # noqa: E402

RANDOM_HANDS = 1500
# Whether evaluate is asked for the score too (--score); set once by main().
SCORE = False
DIFFERENTIAL_HANDS = 5000
DIFFERENTIAL_SEED = 20240601  # tests/engine/test_standard_vs_mahjong.py


def _labelled(opts: Any) -> str:
    """The chosen letters of an options instance in field order (`b/a/c`): field names
    may change in a refactoring, letters may not."""
    return "/".join(getattr(opts, f.name).letter for f in dataclasses.fields(opts))


def _award(a: Award | None) -> Any:
    return None if a is None else a.to_json() | {"letter": a.letter}


def _call(yid: str, view: HandView, opts: Any) -> Award | dict[str, str] | None:
    """The body's answer, or the exception it raises (a body may raise on its 無 option,
    which `evaluate` never runs; the exception is behaviour too)."""
    try:
        return registry.call(yid, view, opts)
    except Exception as e:  # recorded, not handled
        return {"raises": f"{type(e).__name__}: {e}"}


def _best(yid: str, views: list[HandView], opts: Any) -> Any:
    answers = [_call(yid, v, opts) for v in views]
    raised = [a for a in answers if isinstance(a, dict)]
    if raised:
        return raised[0]
    found = [a for a in answers if isinstance(a, Award)]
    return _award(max(found, key=lambda a: rank(a.value))) if found else None


def _every_award(yid: str, views: list[HandView], opts: Any) -> list[Any]:
    return [a if isinstance(a, dict) else _award(a) for a in (_call(yid, v, opts) for v in views)]


def _evaluated(win: Win, ruleset: Ruleset) -> Any:
    try:
        return evaluate(win, ruleset, score=SCORE).to_json()
    except InputError as e:  # a near-miss example may be no complete hand at all
        return {"raises": str(e)}


def _win(ex: dict[str, Any]) -> Win:
    obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
    obj.update(ex.get("situation", {}))
    return Win.from_json(obj)


def _variants_by_letter(yid: str) -> Iterator[Any]:
    """Every value letter alone and with each rule-question letter (one at a time)."""
    info = generated.REGISTRY[yid]
    base = info.options()
    for vm in type(base.value):
        opts = dataclasses.replace(base, value=vm)
        yield opts
        for field, menu, _ in info.rules.values():
            for m in menu:
                yield dataclasses.replace(opts, **{field: m})


def _rulesets() -> dict[str, Ruleset]:
    out = {"defaults": Ruleset.load(None)}
    for path in sorted((ROOT / "rulesets").glob("*.toml")):
        out[path.stem] = Ruleset.load(path)
    return out


def record_examples() -> dict[str, Any]:
    rulesets = _rulesets()
    out: dict[str, Any] = {}
    for ex in catalog.examples():
        win = _win(ex)
        views = [HandView(win, i) for i in interpretations(win)]
        yid = ex["yaku"]
        out[ex["where"]] = {
            "yaku": yid,
            "body": {_labelled(o): _best(yid, views, o) for o in _variants_by_letter(yid)},
            "evaluate": {name: _evaluated(win, rs) for name, rs in rulesets.items()},
        }
    return out


def _random_wins(seed: int, count: int, make: Callable[[random.Random], Win | None]) -> list[Win]:
    rng = random.Random(seed)
    wins: list[Win] = []
    while len(wins) < count:
        win = make(rng)
        if win is not None and interpretations(win):
            wins.append(win)
    return wins


def record_option_matrix() -> dict[str, Any]:
    from bench.evaluate_vs_mahjong import random_win

    registry.load_bodies()
    variants = {yid: option_variants(yid) for yid in sorted(registry.BODIES)}
    out: dict[str, Any] = {}
    for n, win in enumerate(_random_wins(7, RANDOM_HANDS, random_win)):
        views = [HandView(win, i) for i in interpretations(win)]
        hits: dict[str, Any] = {}
        for yid, opts_list in variants.items():
            for opts in opts_list:
                awards = _every_award(yid, views, opts)
                if any(a is not None for a in awards):
                    hits[f"{yid} {_labelled(opts)}"] = awards
        out[f"{n} {json.dumps(win.to_json(), ensure_ascii=False, sort_keys=True)}"] = hits
    return out


def record_one_suit() -> dict[str, Any]:
    from bench.one_suit import one_suit_hands

    out: dict[str, Any] = {}
    for base in (0, 9, 18):
        for counts9 in one_suit_hands():
            tiles = tuple(base + i for i, n in enumerate(counts9) for _ in range(n))
            wins = [(t, True) for t in sorted(set(tiles))] + [(tiles[-1], False)]
            for win_tile, tsumo in wins:
                win = Win(concealed=tiles, win_tile=win_tile, tsumo=tsumo)
                result = evaluate(win, score=SCORE)
                if result.yaku or result.score is not None:
                    key = f"{base} {''.join(map(str, counts9))} {win_tile} {tsumo}"
                    out[key] = [a.to_json() for a in result.yaku]
                    if result.score is not None:
                        out[key].append(result.score.to_json())
    return out


def record_differential() -> dict[str, Any]:
    from engine_hands import random_win

    rng = random.Random(DIFFERENTIAL_SEED)
    everything = Ruleset.load(ROOT / "rulesets" / "everything-on.toml")
    out: dict[str, Any] = {}
    for n in range(DIFFERENTIAL_HANDS):
        win = random_win(rng)
        key = f"{n} {json.dumps(win.to_json(), ensure_ascii=False, sort_keys=True)}"
        out[key] = {
            "defaults": evaluate(win, score=SCORE).to_json(),
            "everything-on": evaluate(win, everything, score=SCORE).to_json(),
        }
    return out


RUNS: dict[str, Callable[[], dict[str, Any]]] = {
    "examples": record_examples,
    "option_matrix": record_option_matrix,
    "one_suit": record_one_suit,
    "differential": record_differential,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write the JSON into")
    parser.add_argument("--compare", type=Path, help="folder of an earlier recording")
    parser.add_argument("--only", choices=sorted(RUNS), action="append")
    parser.add_argument(
        "--score", action="store_true", help="ask evaluate for the score too (score=True)"
    )
    args = parser.parse_args()
    global SCORE
    SCORE = args.score
    registry.load_bodies()
    args.out.mkdir(parents=True, exist_ok=True)
    differ = 0
    for name in args.only or RUNS:
        data = RUNS[name]()
        text = json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n"
        path = args.out / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        line = f"{name}: {len(data)} entries, {len(text.encode()):,} bytes"
        if args.compare:
            old = args.compare / f"{name}.json"
            same = old.exists() and old.read_bytes() == path.read_bytes()
            differ += not same
            line += " — identical" if same else f" — DIFFERS from {old}"
        print(line, flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
