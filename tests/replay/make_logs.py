"""Self-play mjai logs from riichienv (a test-only dependency): `python -m
tests.replay.make_logs OUT_DIR --games N [--first-seed S]`.

riichienv (https://github.com/smly/RiichiEnv, Apache-2.0) plays the game, scores each win
with its own engine and writes the mjai log; this script only picks the actions. The
agent keeps its hand as close to a win as it can (the discard that leaves the lowest
shanten), always wins when it may, declares riichi when offered, and makes some calls and
kans at random so that open hands, rinshan, chankan and kan dora show up in the logs.
Game i is played from seed ``first_seed + i`` for both the wall and the agent, so the
same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import random
from pathlib import Path
from typing import Any

# Chances of taking an offered call: high enough for open hands and kans to be common,
# low enough that closed riichi hands (ippatsu, ura dora) stay common too.
CALL_CHANCE = {"PON": 0.35, "CHI": 0.15, "DAIMINKAN": 0.6, "ANKAN": 0.8, "KAKAN": 0.8}
RIICHI_CHANCE = 0.9
GAME_MODE = "4p-red-half"  # a hanchan with three red fives, as Tenhou plays


ACTIONS = ("TSUMO", "RON", "RIICHI", "PON", "CHI", "DAIMINKAN", "ANKAN", "KAKAN", "DISCARD",
           "PASS")


@functools.cache
def _action_names() -> dict[int, str]:
    """The names of the ACTIONS by their riichienv action type's number (each its own), so
    that an action is told by one look-up, not by comparing it with every type (a tenth of
    a game's time)."""
    from riichienv import ActionType

    names = {int(getattr(ActionType, name)): name for name in ACTIONS}
    assert len(names) == len(ACTIONS)
    return names


def choose(obs: Any, rng: random.Random) -> Any:
    """The action of one player at one decision point."""
    from riichienv import calculate_shanten

    # riichienv lists the legal actions in no fixed order: sort them, so that the same
    # seed makes the same choices.
    actions = sorted(
        obs.legal_actions(),
        key=lambda a: (int(a.action_type), a.tile, sorted(a.consume_tiles)),
    )
    names = _action_names()
    by_type: dict[str, list[Any]] = {}
    for action in actions:
        name = names.get(int(action.action_type))
        if name is not None:
            by_type.setdefault(name, []).append(action)
    for name in ("TSUMO", "RON"):
        if name in by_type:
            return by_type[name][0]
    if "RIICHI" in by_type and rng.random() < RIICHI_CHANCE:
        return by_type["RIICHI"][0]
    for name in ("ANKAN", "KAKAN", "DAIMINKAN", "PON", "CHI"):
        if name in by_type and rng.random() < CALL_CHANCE[name]:
            return rng.choice(by_type[name])
    if "DISCARD" in by_type:
        hand = list(obs.hand)
        best: tuple[tuple[int, float], Any] | None = None
        for action in by_type["DISCARD"]:
            rest = list(hand)
            if action.tile in rest:
                rest.remove(action.tile)
            key = (calculate_shanten(rest), rng.random())
            if best is None or key < best[0]:
                best = (key, action)
        assert best is not None
        return best[1]
    if "PASS" in by_type:
        return by_type["PASS"][0]
    return actions[0]


def play(seed: int) -> list[dict[str, Any]]:
    """One seeded hanchan's mjai events."""
    from riichienv import RiichiEnv

    rng = random.Random(seed)
    env = RiichiEnv(GAME_MODE, seed=seed)
    observations = env.reset()
    while not env.done():
        observations = env.step(
            {p: choose(observations[p], rng) for p in sorted(observations)}
        )
    return list(env.mjai_log)


def write_game(events: list[dict[str, Any]], path: Path) -> None:
    lines = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
    # mtime=0: the same game writes the same bytes.
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(lines.encode("utf-8"))


def make_logs(out_dir: Path, games: int, first_seed: int = 0) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(games):
        seed = first_seed + i
        path = out_dir / f"riichienv-{seed:05d}.mjson.gz"
        write_game(play(seed), path)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    make_logs(args.out_dir, args.games, args.first_seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
