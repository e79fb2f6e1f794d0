"""`yakubook replay PATH... [--rules R.toml|NAME] [--json] [--jobs N]`.

Each file is read, rebuilt and scored on its own (in a worker process with ``--jobs``
above 1), and its results come back whole, in the order the files were named (a
directory's files in name order); so memory holds one file's wins per worker, whatever
the number of files.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from yakubook.errors import InputError
from yakubook.replay.common import SEATS, LogError, RebuiltWin

# Files a directory walk takes: mjai JSONL (plain or gzip) and Tenhou JSON.
LOG_SUFFIXES = (".json", ".jsonl", ".mjson", ".log", ".gz")
# The largest Tenhou JSON read whole (a hanchan's log is some tens of KB).
MAX_TENHOU_BYTES = 8 * 1024 * 1024


@dataclass
class FileResult:
    """One log file replayed: a row per win (the ``--json`` object), the ``file:line``
    errors, the players' names when the log gives them, and the seconds spent reading
    (parsing and rebuilding) and scoring."""

    path: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    names: list[str] | None = None
    read_seconds: float = 0.0
    score_seconds: float = 0.0


# -- one file -------------------------------------------------------------------------------

_RULESETS: dict[str, Any] = {}


def _rulesets(rules: str | None) -> tuple[Any, Any]:
    """(standard, house) rulesets, loaded and compiled once per process."""
    key = rules or ""
    if key not in _RULESETS:
        from yakubook import presets
        from yakubook.engine.evaluation import prepare
        from yakubook.replay.scoring import standard_ruleset

        _RULESETS[key] = (prepare(standard_ruleset()), prepare(presets.load(rules)))
    return _RULESETS[key]


def replay_file(path: str, rules: str | None) -> FileResult:
    """Read one log, rebuild and score its wins."""
    result = FileResult(path)
    started = time.perf_counter()
    try:
        events, names = _events(Path(path))
        result.names = names
        for item in _rebuilt(events):
            if isinstance(item, LogError):
                result.errors.append(f"{path}:{item.line}: {item.message}")
                continue
            t0 = time.perf_counter()
            row = _score(path, len(result.rows), item, rules)
            result.score_seconds += time.perf_counter() - t0
            if isinstance(row, str):
                result.errors.append(row)
            else:
                result.rows.append(row)
    except LogError as e:
        result.errors.append(f"{path}:{e.line}: {e.message}")
    except OSError as e:
        result.errors.append(f"{path}: cannot read: {e.strerror or e}")
    result.read_seconds = time.perf_counter() - started - result.score_seconds
    return result


def _events(path: Path) -> tuple[Iterable[Any], list[str] | None]:
    """The file's events (mjai or Tenhou, told apart by the first line) and any names."""
    from yakubook.replay import mjai, tenhou

    stream = mjai.open_log(path)
    first = stream.peek(64 * 1024)[:64 * 1024] if hasattr(stream, "peek") else b""
    first_line = first.split(b"\n", 1)[0].strip()
    try:
        head = json.loads(first_line) if first_line else None
    except ValueError:
        head = None
    if isinstance(head, dict) and "type" in head:
        return _closing(mjai.read_events(stream), stream), mjai.player_names(head)
    data = stream.read(MAX_TENHOU_BYTES + 1)
    stream.close()
    if len(data) > MAX_TENHOU_BYTES:
        raise LogError(
            1, f"not an mjai log, and over {MAX_TENHOU_BYTES} bytes for a Tenhou JSON log"
        )
    obj = tenhou.load(data)
    return tenhou.events(obj), tenhou.player_names(obj)


def _closing(events: Iterator[Any], stream: IO[bytes]) -> Iterator[Any]:
    try:
        yield from events
    finally:
        stream.close()


def _rebuilt(events: Iterable[Any]) -> Iterator[RebuiltWin | LogError]:
    from yakubook.replay.rebuild import rebuild_wins

    return rebuild_wins(iter(events))


def _score(path: str, index: int, rebuilt: RebuiltWin, rules: str | None) -> dict | str:
    from yakubook.engine.evaluation import evaluate
    from yakubook.engine.win import Win
    from yakubook.replay.scoring import describe, disagreement, seat_deltas

    standard_rules, house = _rulesets(rules)
    try:
        win = Win.from_json(rebuilt.win_json)
        standard = evaluate(win, standard_rules, score=True)
        result = evaluate(win, house, score=True)
    except InputError as e:
        return f"{path}:{rebuilt.line}: the win cannot be rebuilt: {e}"
    standard_deltas = seat_deltas(rebuilt, win, standard.score)
    house_deltas = seat_deltas(rebuilt, win, result.score)
    agrees = standard_deltas == rebuilt.recorded_deltas
    row: dict[str, Any] = {
        "file": path,
        "index": index,
        "line": rebuilt.line,
        "round": rebuilt.round_name,
        "winner": rebuilt.winner,
        "from": None if win.tsumo else rebuilt.target,
        "win": win.to_json(),
        "recorded_deltas": rebuilt.recorded_deltas,
        "standard_deltas": standard_deltas,
        "agrees": agrees,
        "standard": describe(standard.score).data,
        "yaku": [a.to_json() for a in result.yaku],
        "deltas": house_deltas,
        "house": describe(result.score).data,
    }
    if rebuilt.recorded:
        row["recorded"] = rebuilt.recorded
        row["agrees"] = agrees = agrees and _recorded_agrees(rebuilt.recorded, standard.score)
    if not agrees:
        row["reason"] = disagreement(rebuilt, standard_deltas, standard.score)
    return row


def _recorded_agrees(recorded: dict[str, Any], score: Any) -> bool:
    """A Tenhou log's han, fu and yaku names against ours (yakubook/replay/tenhou.py)."""
    from yakubook.replay.tenhou import same_yaku

    if score is None or not score.win:
        return False
    if recorded.get("yakuman"):
        return score.yakuman > 0 and same_yaku(recorded, score)
    # A limit hand's points text (満貫8000点) gives no fu.
    return (
        recorded.get("han") == score.han
        and recorded.get("fu", score.fu) == score.fu
        and same_yaku(recorded, score)
    )


# -- many files -----------------------------------------------------------------------------


def log_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The named files, and the log files under each named directory in name order; one
    directory's names are listed at a time."""
    for path in paths:
        if path.is_dir():
            yield from _walk(path)
        else:
            yield path


def _walk(directory: Path) -> Iterator[Path]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir():
            yield from _walk(Path(entry.path))
        elif entry.name.endswith(LOG_SUFFIXES):
            yield Path(entry.path)


def _work(args: tuple[str, str | None]) -> FileResult:
    return replay_file(*args)


def results(paths: Iterable[Path], rules: str | None, jobs: int) -> Iterator[FileResult]:
    """Every file's result in the order of ``paths``."""
    tasks = ((str(p), rules) for p in paths)
    if jobs <= 1:
        yield from map(_work, tasks)
        return
    import multiprocessing

    with multiprocessing.get_context("fork" if os.name == "posix" else "spawn").Pool(
        jobs
    ) as pool:
        yield from pool.imap(_work, tasks, chunksize=1)


# -- output ---------------------------------------------------------------------------------


@dataclass
class Totals:
    """The summary over every file: wins, agreement with the logs, the local yaku seen
    and each player's point swing under the house rules."""

    files: int = 0
    unread_files: int = 0
    errors: int = 0
    wins: int = 0
    agree: int = 0
    read_seconds: float = 0.0
    score_seconds: float = 0.0
    yaku: Counter = field(default_factory=Counter)
    swing: Counter = field(default_factory=Counter)
    disagreements: list[str] = field(default_factory=list)

    def add(self, r: FileResult) -> None:
        """Count one file's results in."""
        self.files += 1
        self.unread_files += bool(r.errors)
        self.errors += len(r.errors)
        self.wins += len(r.rows)
        self.read_seconds += r.read_seconds
        self.score_seconds += r.score_seconds
        for row in r.rows:
            self.agree += row["agrees"]
            if not row["agrees"]:
                self.disagreements.append(
                    f"{row['file']}:{row['line']} {row['round']}: {row.get('reason', '')}"
                )
            for a in row["yaku"]:
                self.yaku[f"{a['id']} {a['name']}"] += 1
            for seat in range(SEATS):
                who = r.names[seat] if r.names else f"seat {seat}"
                self.swing[who] += row["deltas"][seat] - row["standard_deltas"][seat]


def run_replay(
    paths: list[Path], rules: str | None, as_json: bool, jobs: int | None,
    out: IO[str] | None = None, err: IO[str] | None = None,
) -> int:
    """``yakubook replay``: replay every log under ``paths`` (files, or directories walked
    for logs) with ``rules`` (a ruleset file, a preset's name, or ``None`` for the
    defaults) in ``jobs`` processes (``None``: the cores), printing a table per game and a
    summary, or JSON Lines with ``as_json``. Errors go to ``err`` as ``file:line: what is
    wrong``. Returns the exit code: 0 when every file was read and every win rebuilt,
    2 otherwise."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        _rulesets(rules)  # a bad ruleset is one message before any file is read
    except InputError as e:
        print(f"error: {e}", file=err)
        return 2
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        print(f"error: --jobs must be at least 1, got {jobs}", file=err)
        return 2
    missing = [p for p in paths if not p.exists()]
    if missing:
        print(f"error: {missing[0]}: no such file or directory", file=err)
        return 2
    progress = err.isatty() and _more_than_one(paths)
    total_files = sum(1 for _ in log_files(paths)) if progress else 0
    totals = Totals()
    for r in results(log_files(paths), rules, jobs):
        totals.add(r)
        if progress:
            err.write(f"\r\x1b[K[{totals.files}/{total_files}] {r.path}"[:200])
            err.flush()
        for message in r.errors:
            if progress:
                err.write("\r\x1b[K")
            print(message, file=err)
        if as_json:
            for row in r.rows:
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
        else:
            _print_game(r, out)
    if progress:
        err.write("\r\x1b[K")
        err.flush()
    if totals.files == 0:
        print(f"error: no log files in {', '.join(map(str, paths))} (looked for "
              f"{', '.join('*' + s for s in LOG_SUFFIXES)})", file=err)
        return 2
    if not as_json:
        _print_summary(totals, out)
    return 2 if totals.unread_files or totals.files == 0 else 0


def _more_than_one(paths: list[Path]) -> bool:
    files = log_files(paths)
    return next(files, None) is not None and next(files, None) is not None


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _print_game(r: FileResult, out: IO[str]) -> None:
    if not r.rows:
        return
    names = f" ({', '.join(r.names)})" if r.names else ""
    out.write(f"{r.path}{names}\n")
    out.write(
        f"  {'#':>3} {'line':>5} {'round':<6} {'win':<16} {'log deltas':<26} "
        f"{'standard':<9} {'house deltas':<26} local yaku\n"
    )
    swing = [0] * SEATS
    for row in r.rows:
        how = "tsumo" if row["from"] is None else f"ron off {row['from']}"
        mark = "agrees" if row["agrees"] else "DIFFERS"
        yaku = ", ".join(a["name"] for a in row["yaku"]) or "-"
        out.write(
            f"  {row['index']:>3} {row['line']:>5} {row['round']:<6} "
            f"{str(row['winner']) + ' ' + how:<16} "
            f"{' '.join(_signed(d) for d in row['recorded_deltas']):<26} {mark:<9} "
            f"{' '.join(_signed(d) for d in row['deltas']):<26} {yaku}\n"
        )
        for seat in range(SEATS):
            swing[seat] += row["deltas"][seat] - row["standard_deltas"][seat]
    out.write(f"  house rules swing per seat: {' '.join(_signed(s) for s in swing)}\n\n")


def _print_summary(t: Totals, out: IO[str]) -> None:
    share = f" ({100 * t.agree / t.wins:.1f}%)" if t.wins else ""
    out.write(f"files: {t.files} ({t.unread_files} with errors, {t.errors} error(s))\n")
    out.write(f"wins replayed: {t.wins}; standard score agrees with the log: {t.agree}{share}\n")
    if t.disagreements:
        out.write("disagreements:\n")
        for line in t.disagreements:
            out.write(f"  {line}\n")
    if t.yaku:
        out.write("local yaku under the house rules:\n")
        for name, n in sorted(t.yaku.items(), key=lambda kv: (-kv[1], kv[0])):
            out.write(f"  {n:>5}  {name}\n")
    else:
        out.write("local yaku under the house rules: none\n")
    if t.swing:
        out.write("point swing from the house rules per player: ")
        out.write(", ".join(f"{who} {_signed(n)}" for who, n in sorted(t.swing.items())) + "\n")
