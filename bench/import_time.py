"""Fresh-process start-up: ``import yakubook`` and the first ``evaluate`` (issue #38).

    python bench/import_time.py [--runs 7] [--against DIR]

Each trial is a new Python process that times, from before its first import to after
its first answer (wall clock and the process's CPU time):
- ours, C engine:    ``import yakubook; yakubook.evaluate(yakubook.Win.make(...))``, the
                     default ruleset (all 149 local yaku on) prepared on the way;
- ours, pure engine: the same with ``YAKUBOOK_PURE=1``;
- mahjong:           ``from mahjong.hand_calculating.hand import HandCalculator`` (and its
                     tile converter and config) and one ``estimate_hand_value``;
on the same hand (123m456p789s11122z, tsumo on 2z). The three sides take turns, trial by
trial, so load on the machine hits all of them; the figures are the median (and the
minimum) over the trials. ``process`` is the whole child process as the parent saw it,
the interpreter's own start included.

Two conditions, each measured in full:
- ``bytecode cached``: every module's bytecode read from a cache (``PYTHONPYCACHEPREFIX``
  set to a scratch folder a first untimed trial per side fills), as after installing a
  wheel, whose installer compiles the modules;
- ``as this environment imports``: ``PYTHONPYCACHEPREFIX`` unset and
  ``PYTHONDONTWRITEBYTECODE=1``: a checkout whose modules were never compiled (no
  ``__pycache__``: each module is compiled from source in every process) while the
  interpreter's library and ``mahjong`` (installed by pip) read their bytecode. The line
  says whether any of ours found bytecode after all (a ``__pycache__`` in the checkout).

``--against DIR`` adds another checkout of the project (say a ``git worktree`` of an
earlier commit, its ``_speedups`` built or copied in) to the rotation, on both engines:
before and after a change, measured in one run under the same load.

The goal of issue #38 is ours ≤ 0.25 s (wall, median) ready to evaluate. Results and their
history: bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Printed by each child as JSON: wall and CPU seconds from before its first import to
# after its first answer, and whether any module of ours was read from bytecode.
OURS = """
import time
wall, cpu = time.perf_counter(), time.process_time()
import yakubook
result = yakubook.evaluate(yakubook.Win.make("123m456p789s11122z", "2z", tsumo=True))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
import json, os, sys
assert result.yaku, "the hand has local yaku under the defaults"
ours = [m for n, m in list(sys.modules.items()) if n.startswith("yakubook")]
cached = any(os.path.exists(getattr(m, "__cached__", None) or "") for m in ours)
from yakubook.engine import _accel
print(json.dumps({"wall": wall, "cpu": cpu, "bytecode": cached, "engine": _accel.ENGINE}))
"""

THEIRS = """
import time
wall, cpu = time.perf_counter(), time.process_time()
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.tile import TilesConverter
tiles = TilesConverter.one_line_string_to_136_array("123m456p789s11122z")
win_tile = TilesConverter.one_line_string_to_136_array("2z")[0]
result = HandCalculator().estimate_hand_value(tiles, win_tile, config=HandConfig(is_tsumo=True))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
import json
assert result.error is None, result.error
print(json.dumps({"wall": wall, "cpu": cpu, "bytecode": True, "engine": "mahjong"}))
"""

# side -> (the child's code, its extra environment, the folder it runs in: the checkout
# whose yakubook it imports, the first entry of its sys.path)
Side = tuple[str, dict[str, str], Path]


def sides(against: Path | None) -> dict[str, Side]:
    out = {
        "ours, C engine": (OURS, {}, ROOT),
        "ours, pure engine": (OURS, {"YAKUBOOK_PURE": "1"}, ROOT),
        "mahjong": (THEIRS, {}, ROOT),
    }
    if against is not None:
        out["against, C engine"] = (OURS, {}, against)
        out["against, pure engine"] = (OURS, {"YAKUBOOK_PURE": "1"}, against)
    return out


def _environment(extra: dict[str, str], cache: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("YAKUBOOK_PURE", "PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")}
    env.update(extra)
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def trial(code: str, env: dict[str, str], cwd: Path) -> dict[str, float]:
    """One fresh process: its own figures, and the whole process's wall time."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True, check=False)
    process = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"a trial failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout) | {"process": process}


def measure(
    runs: int, cache: Path | None, every: dict[str, Side]
) -> dict[str, list[dict[str, float]]]:
    out: dict[str, list[dict[str, float]]] = {side: [] for side in every}
    if cache is not None:  # an untimed trial per side fills the bytecode cache
        for code, extra, cwd in every.values():
            trial(code, _environment(extra, cache), cwd)
    for _ in range(runs):
        for side, (code, extra, cwd) in every.items():
            out[side].append(trial(code, _environment(extra, cache), cwd))
    return out


def _stat(values: list[float]) -> str:
    return f"{statistics.median(values):6.3f} ({min(values):.3f})"


def report(title: str, results: dict[str, list[dict[str, float]]]) -> None:
    print(f"{title}")
    print(f"  {'side':20s} {'wall s':>15s} {'CPU s':>15s} {'process s':>15s}   median (min)")
    for side, trials in results.items():
        cells = [_stat([t[k] for t in trials]) for k in ("wall", "cpu", "process")]
        note = ""
        if side.startswith(("ours", "against")):
            engines = {t["engine"] for t in trials}
            note = f"  engine {'/'.join(sorted(engines))}"
            if not all(t["bytecode"] for t in trials) and any(t["bytecode"] for t in trials):
                note += ", bytecode in some trials only"
            elif trials[0]["bytecode"]:
                note += ", ours read from bytecode"
            else:
                note += ", ours compiled from source"
        print(f"  {side:20s} {cells[0]:>15s} {cells[1]:>15s} {cells[2]:>15s}{note}")
    def wall(side: str) -> float:
        return statistics.median(t["wall"] for t in results[side])

    ours = wall("ours, C engine")
    print(f"  ours (C) / mahjong, wall: {ours / wall('mahjong'):.1f}x; goal ours <= 0.25 s: "
          + ("met" if max(ours, wall("ours, pure engine")) <= 0.25 else "not met")
          + " (both engines)")
    if "against, C engine" in results:
        print(f"  against / ours, wall: C {wall('against, C engine') / ours:.2f}x, pure "
              f"{wall('against, pure engine') / wall('ours, pure engine'):.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="trials per side and condition")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another checkout to time in the same rotation")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.against is not None and not (args.against / "yakubook" / "__init__.py").is_file():
        parser.error(f"--against {args.against}: no yakubook/__init__.py there")
    every = sides(args.against)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"fresh process: import and first evaluate; {args.runs} trials per side; "
          f"load average {load:.2f}; Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="yakubook-pycache-") as cache:
        report("bytecode cached (as an installed wheel)", measure(args.runs, Path(cache), every))
    report("as this environment imports (PYTHONDONTWRITEBYTECODE=1, no cache prefix)",
           measure(args.runs, None, every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
