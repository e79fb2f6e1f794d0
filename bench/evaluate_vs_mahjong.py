"""Benchmark, end to end: our evaluate (local yaku) against mahjong's estimate_hand_value.

    python bench/evaluate_vs_mahjong.py [--hands 4000] [--repeats 5] [--seed 2026]
                                        [--memory-hands 100000] [--no-memory]

Both sides start from the same neutral input, one JSON-like dict per hand in MPSZ
notation (``{"hand": "123m…", "win": "5m", "melds": ["chi 123m"], "tsumo": …,
"seat": "S", "round": "E", "riichi": "riichi"}``), and each side parses it with its own
parser *inside* the timer: ours with ``Win.from_json`` then ``evaluate``, mahjong with its
``TilesConverter`` and ``Meld`` then ``HandCalculator.estimate_hand_value``.

Hands come in separate mixes, each timed on its own:
- closed: four sets and a pair, no call;
- open: at least one called meld;
- seven pairs;
- one-suit, many readings: closed one-suit hands with at least three readings;
- honors-heavy: at least two honor sets;
- realistic: a mix of closed (half of them with riichi) and open hands, kept only when
  mahjong finds at least one standard yaku or the hand has riichi: the hands a table
  actually scores.
Per mix, timing alternates in batches (ours, theirs, then theirs, ours, …) so drift in
machine load hits both; the whole is repeated and the ratio's min / median / max over the
repeats is printed. Two more lines show the fixed cost: our evaluate with no local yaku
enabled and with ten; two more time the full score (``evaluate(..., score=True)``: han, fu,
limit, payments) against mahjong's, which always scores, with no local yaku and with all.

Memory: the cold peak (tracemalloc) of each side over --memory-hands hands of the
realistic mix. The parent writes the neutral inputs to a file; each side runs in a fresh
process that reads them, starts tracing, imports and sets up its library (ours: the engine,
the 149 bodies, the decomposition tables and the compiled default ruleset; mahjong: its
modules and a HandCalculator) and then evaluates every hand. The peak above the loaded
library counts every cache a side fills and everything a hand needs at once; the loading
is printed on its own line for both sides (paid once per process, whatever the number of
hands).

If ``riichienv`` (a Rust-core evaluator on PyPI) is importable it is timed on the same
inputs as a native reference line; it is not a dependency of the project.

The last line is ``ratio (ours / mahjong): X``, the median over the repeats for the
realistic mix.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Hand = dict[str, Any]
SUITS = "mps"
WINDS = "ESWN"


# --------------------------------------------------------------------- neutral inputs


def _tile(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}" if t < 27 else f"{t - 26}z"


def _tiles(ts: Sequence[int]) -> str:
    return "".join(_tile(t) for t in sorted(ts))


def _meld(kind: str, ts: Sequence[int]) -> str:
    return f"{kind} {_tiles(ts)}"


def _standard_hand(
    rng: random.Random,
    *,
    n_open: int,
    suits: Sequence[int] = (0, 1, 2),
    honor_sets: int = 0,
    seq_share: float = 0.6,
) -> Hand | None:
    counts = [0] * 34
    blocks: list[tuple[str, int]] = []
    for i in range(4):
        if i < honor_sets:
            blocks.append(("trip", 27 + rng.randrange(7)))
        elif rng.random() < seq_share:
            blocks.append(("seq", rng.choice(suits) * 9 + rng.randrange(7)))
        else:
            blocks.append(("trip", rng.choice(suits) * 9 + rng.randrange(9)))
    pair = rng.choice(suits) * 9 + rng.randrange(9) if honor_sets < 2 else 27 + rng.randrange(7)
    for kind, t in blocks:
        for x in (t, t + 1, t + 2) if kind == "seq" else (t, t, t):
            counts[x] += 1
    counts[pair] += 2
    if any(c > 4 for c in counts):
        return None
    melds: list[str] = []
    concealed = [pair, pair]
    rng.shuffle(blocks)
    for i, (kind, t) in enumerate(blocks):
        if i < n_open:
            if kind == "seq":
                melds.append(_meld("chi", (t, t + 1, t + 2)))
            elif counts[t] == 3 and rng.random() < 0.15:
                melds.append(_meld("kan", (t,) * 4))
                counts[t] += 1
            else:
                melds.append(_meld("pon", (t,) * 3))
        else:
            concealed += [t, t + 1, t + 2] if kind == "seq" else [t] * 3
    return {
        "hand": _tiles(concealed),
        "win": _tile(rng.choice(concealed)),
        "melds": melds,
        "tsumo": rng.random() < 0.5,
        "seat": rng.choice(WINDS),
        "round": rng.choice(WINDS[:2]),
    }


def _seven_pairs(rng: random.Random) -> Hand:
    pairs = rng.sample(range(34), 7)
    tiles = [p for p in pairs for _ in (0, 1)]
    return {
        "hand": _tiles(tiles),
        "win": _tile(rng.choice(tiles)),
        "melds": [],
        "tsumo": rng.random() < 0.5,
        "seat": rng.choice(WINDS),
        "round": rng.choice(WINDS[:2]),
    }


def _readings(hand: Hand) -> int:
    from yaku.decompose import interpretations
    from yaku.win import Win

    return len(interpretations(Win.from_json(hand)))


def _has_standard_yaku(hand: Hand) -> bool:
    result = theirs_one(hand)
    return bool(getattr(result, "yaku", None))


def make_mix(name: str, n: int, seed: int) -> list[Hand]:
    """``n`` hands of one mix, the same for a given seed."""
    rng = random.Random(f"{seed}-{name}")
    out: list[Hand] = []
    while len(out) < n:
        hand: Hand | None
        if name == "closed":
            hand = _standard_hand(rng, n_open=0)
        elif name == "open":
            hand = _standard_hand(rng, n_open=rng.choice((1, 2, 3, 4)))
        elif name == "seven pairs":
            hand = _seven_pairs(rng)
        elif name == "one-suit, many readings":
            hand = _standard_hand(rng, n_open=0, suits=(rng.randrange(3),), seq_share=0.7)
            if hand is not None and _readings(hand) < 3:
                hand = None
        elif name == "honors-heavy":
            hand = _standard_hand(rng, n_open=rng.choice((0, 0, 1, 2)), honor_sets=2)
        elif name == "realistic":
            if rng.random() < 0.05:
                hand = _seven_pairs(rng)
            else:
                hand = _standard_hand(rng, n_open=rng.choice((0, 0, 0, 1, 2, 3)))
            if hand is not None and not hand["melds"] and rng.random() < 0.5:
                hand["riichi"] = "riichi"
            if hand is not None and "riichi" not in hand and not _has_standard_yaku(hand):
                hand = None
        else:
            raise ValueError(name)
        if hand is not None:
            out.append(hand)
    return out


MIXES = (
    "closed",
    "open",
    "seven pairs",
    "one-suit, many readings",
    "honors-heavy",
    "realistic",
)


def random_win(rng: random.Random) -> Any:
    """A ``Win`` built directly (no parsing), for tests and bench/record_outputs.py: their
    recorded hands depend on this exact sequence of random draws, so it stays as it was."""
    from yaku.melds import Meld
    from yaku.win import Win

    return _random_win(rng, Win, Meld)


def _random_win(rng: random.Random, Win: Any, Meld: Any) -> Any:
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


# ------------------------------------------------------------------------- the two sides

_calc: Any = None


def theirs_one(hand: Hand) -> Any:
    """mahjong: parse the neutral form with its own converter, then estimate."""
    global _calc
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    if _calc is None:
        _calc = HandCalculator()
    meld_strings = [m.split() for m in hand["melds"]]
    all_tiles = TilesConverter.one_line_string_to_136_array(
        hand["hand"] + "".join(t for _, t in meld_strings)
    )
    # The converter numbers copies in order of appearance per tile kind; hand a meld the
    # copies not yet given to the concealed part or an earlier meld.
    pool: dict[int, list[int]] = {}
    for tid in all_tiles:
        pool.setdefault(tid // 4, []).append(tid)
    concealed = [
        pool[t // 4].pop(0) for t in TilesConverter.one_line_string_to_136_array(hand["hand"])
    ]
    melds = []
    for kind, tiles in meld_strings:
        ids = [pool[t // 4].pop(0) for t in TilesConverter.one_line_string_to_136_array(tiles)]
        mtype = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[kind]
        melds.append(Meld(meld_type=mtype, tiles=ids, opened=True))
    win34 = TilesConverter.one_line_string_to_136_array(hand["win"])[0] // 4
    win_id = next(t for t in concealed if t // 4 == win34)
    seat = 27 + WINDS.index(hand["seat"])
    config = HandConfig(
        is_tsumo=hand["tsumo"],
        is_riichi=hand.get("riichi") == "riichi",
        player_wind=seat,
        round_wind=27 + WINDS.index(hand["round"]),
    )
    return _calc.estimate_hand_value(
        concealed + [i for m in melds for i in m.tiles], win_id, melds=melds, config=config
    )


def ours_factory(ruleset: Any = None, score: bool = False) -> Callable[[Hand], Any]:
    """Ours: parse, evaluate; with ``score``, also the full score (han, fu, limit,
    payments: yaku/score.py), which is what mahjong's estimate_hand_value always does."""
    from yaku.evaluation import evaluate
    from yaku.win import Win

    def ours_one(hand: Hand) -> Any:
        return evaluate(Win.from_json(hand), ruleset, score=score)

    return ours_one


def riichienv_factory() -> Callable[[Hand], Any] | None:
    """riichienv's Rust core on the same neutral input, when it is installed."""
    try:
        from riichienv import _riichienv as rc
    except ImportError:
        return None
    kinds = {"chi": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "kan": rc.MeldType.Daiminkan}
    winds = (rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North)

    def ids136(text: str, used: dict[int, int]) -> list[int]:
        out, digits = [], []
        for ch in text:
            if ch.isdigit():
                digits.append(int(ch) or 5)
            else:
                base = {"m": 0, "p": 9, "s": 18, "z": 27}[ch]
                for d in digits:
                    t = base + d - 1
                    out.append(t * 4 + used.get(t, 0))
                    used[t] = used.get(t, 0) + 1
                digits = []
        return out

    def native_one(hand: Hand) -> Any:
        used: dict[int, int] = {}
        melds = []
        for m in hand["melds"]:
            kind, tiles = m.split()
            melds.append(rc.Meld(kinds[kind], ids136(tiles, used), True))
        concealed = ids136(hand["hand"], used)
        win = next(t for t in concealed if t // 4 == ids136(hand["win"], {})[0] // 4)
        cond = rc.Conditions(
            tsumo=hand["tsumo"],
            riichi=hand.get("riichi") == "riichi",
            player_wind=winds[WINDS.index(hand["seat"])],
            round_wind=winds[WINDS.index(hand["round"])],
        )
        return rc.HandEvaluator(concealed, melds).calc(win, [], [], cond)

    return native_one


# ------------------------------------------------------------------------------ timing


def ten_yaku_ruleset() -> Any:
    """The fixed-cost line's ruleset: ten of the default ruleset's local yaku, spread over
    the catalog (every fourteenth or so), at their default options; the others off."""
    from yaku.rules import Ruleset

    everything = Ruleset.default()
    ten_ids = list(everything.enabled)[:: max(1, len(everything.enabled) // 10)][:10]
    return Ruleset.from_toml(
        '[ruleset]\nothers = "off"\n'
        + "".join(
            f'[yaku."{yid}"]\nvalue = "{everything.options[yid].value.letter}"\n' for yid in ten_ids
        )
    )


def _time(fn: Callable[[Hand], Any], hands: Sequence[Hand]) -> float:
    start = time.perf_counter()
    for h in hands:
        fn(h)
    return time.perf_counter() - start


def interleaved(
    a: Callable[[Hand], Any], b: Callable[[Hand], Any], hands: Sequence[Hand], batch: int
) -> tuple[float, float]:
    ta = tb = 0.0
    for k, start in enumerate(range(0, len(hands), batch)):
        part = hands[start : start + batch]
        if k % 2 == 0:
            ta += _time(a, part)
            tb += _time(b, part)
        else:
            tb += _time(b, part)
            ta += _time(a, part)
    return ta, tb


def _spread(values: list[float]) -> str:
    return f"min {min(values):.2f}  median {statistics.median(values):.2f}  max {max(values):.2f}"


# ------------------------------------------------------------------------------ memory


def memory_child(side: str, inputs_path: str) -> dict[str, int]:
    """In a fresh process that has imported neither library: the bytes importing and
    setting up one side allocates (``load``: ours imports the engine, loads the 149 bodies
    and compiles the default ruleset; mahjong imports and builds its HandCalculator), then
    the peak above that while evaluating the hands (``peak``): every cache a side fills and
    everything one hand needs at once."""
    import tracemalloc

    with open(inputs_path, encoding="utf-8") as f:
        inputs = json.load(f)
    tracemalloc.start()
    if side == "ours":
        from yaku import registry
        from yaku.evaluation import prepare

        registry.load_bodies()
        fn = ours_factory(prepare())
    else:
        global _calc
        from mahjong.hand_calculating.hand import HandCalculator

        _calc = HandCalculator()
        fn = theirs_one
    loaded, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for h in inputs:
        fn(h)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"load": loaded, "peak": peak - loaded}


def cold_peak(side: str, hands: Sequence[Hand]) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.json"
        path.write_text(json.dumps(list(hands)), encoding="utf-8")
        out = subprocess.run(
            [sys.executable, __file__, "--memory-child", side, "--memory-inputs", str(path)],
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(out.stdout.strip().splitlines()[-1])


# -------------------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per mix")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--memory-hands", type=int, default=100_000)
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--memory-child", choices=("ours", "theirs"), help=argparse.SUPPRESS)
    parser.add_argument("--memory-inputs", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.memory_child:
        print(json.dumps(memory_child(args.memory_child, args.memory_inputs)))
        return 0

    from importlib.metadata import version

    from yaku.evaluation import prepare
    from yaku.rules import Ruleset

    everything = Ruleset.default()
    ours = ours_factory(everything)
    mixes = {name: make_mix(name, args.hands, args.seed) for name in MIXES}
    # Warm both sides once (imports, compiled ruleset), outside every timer.
    for hand in mixes["realistic"][:50]:
        ours(hand)
        theirs_one(hand)

    print(
        f"yakubook evaluate ({len(everything.enabled)} local yaku on) vs mahjong "
        f"{version('mahjong')} estimate_hand_value (standard yaku); end to end from MPSZ "
        f"text; {args.hands} hands per mix, {args.repeats} repeats, seed {args.seed}"
    )
    print(f"{'mix':<26}{'ours µs/hand':>14}{'mahjong µs/hand':>17}   ratio (ours/mahjong)")
    last: list[float] = []
    for name, hands in mixes.items():
        ratios, per_ours, per_theirs = [], [], []
        for _ in range(args.repeats):
            t_ours, t_theirs = interleaved(ours, theirs_one, hands, args.batch)
            ratios.append(t_theirs / t_ours)
            per_ours.append(t_ours / len(hands) * 1e6)
            per_theirs.append(t_theirs / len(hands) * 1e6)
        print(
            f"{name:<26}{statistics.median(per_ours):>14.1f}{statistics.median(per_theirs):>17.1f}"
            f"   {_spread(ratios)}"
        )
        last = ratios

    # Fixed cost: the same realistic hands with no local yaku, and with ten.
    off = Ruleset.from_toml('[ruleset]\nothers = "off"\n')
    ten = ten_yaku_ruleset()
    for label, rs in (("no local yaku on", off), (f"{len(ten.enabled)} local yaku on", ten)):
        prepare(rs)  # compiled outside the timer, like the ruleset of the mixes above
        fn = ours_factory(rs)
        ratios = []
        for _ in range(args.repeats):
            t_ours, t_theirs = interleaved(fn, theirs_one, mixes["realistic"], args.batch)
            ratios.append(t_theirs / t_ours)
        print(f"{'realistic, ' + label:<43}   {_spread(ratios)}")

    # The full score on both sides: ours with score=True (mahjong always scores).
    for label, rs in (("no local yaku on", off), ("every local yaku on", everything)):
        fn = ours_factory(rs, score=True)
        ratios = []
        for _ in range(args.repeats):
            t_ours, t_theirs = interleaved(fn, theirs_one, mixes["realistic"], args.batch)
            ratios.append(t_theirs / t_ours)
        print(f"{'realistic, full score, ' + label:<43}   {_spread(ratios)}")

    native = riichienv_factory()
    if native is None:
        print("riichienv: not installed (pip install riichienv for the native reference line)")
    else:
        ratios = []
        for _ in range(args.repeats):
            t_native, t_theirs = interleaved(native, theirs_one, mixes["realistic"], args.batch)
            ratios.append(t_theirs / t_native)
        print(f"{'riichienv (native reference), realistic':<43}   {_spread(ratios)}")

    if not args.no_memory:
        memory_hands = make_mix("realistic", args.memory_hands, args.seed)
        ours_mem = cold_peak("ours", memory_hands)
        theirs_mem = cold_peak("theirs", memory_hands)
        print(
            f"cold peak memory while evaluating {args.memory_hands} realistic hands, fresh "
            f"process, above the loaded library: ours {ours_mem['peak'] / 2**20:.2f} MiB, "
            f"mahjong {theirs_mem['peak'] / 2**20:.2f} MiB, ratio (ours / mahjong) "
            f"{ours_mem['peak'] / theirs_mem['peak']:.2f}"
        )
        print(
            f"loading, once per process: ours {ours_mem['load'] / 2**20:.2f} MiB (engine, "
            f"149 bodies, split tables, compiled default ruleset), mahjong "
            f"{theirs_mem['load'] / 2**20:.2f} MiB (import, HandCalculator)"
        )
    print(f"ratio (ours / mahjong): {statistics.median(last):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
