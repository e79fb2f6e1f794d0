"""What the log readers and the rebuild share: the event type, tiles, the error type."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from yakubook.errors import InputError

# One mjai event with the line of the file it came from (1-based).
Event = tuple[int, dict[str, Any]]
EventStream = Iterator[Event]

# mjai writes honors as letters: winds E S W N, then 白 (P), 發 (F), 中 (C).
HONOR_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
WIND_LETTERS = ("E", "S", "W", "N")
SEATS = 4


class LogError(InputError):
    """A log that cannot be read, or a win in it that cannot be rebuilt, at a line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


# Every mjai tile and its MPSZ form: a lookup per tile (a game has some 2,000 of them).
MJAI_TO_MPSZ: dict[str, str] = {
    **{f"{n}{s}": f"{n}{s}" for s in "mps" for n in range(1, 10)},
    **{f"5{s}r": f"0{s}" for s in "mps"},
    **HONOR_LETTERS,
}


def mpsz(tile: object) -> str:
    """An mjai tile (``"5m"``, ``"5mr"`` red, ``"E"``) as MPSZ (``"5m"``, ``"0m"``, ``"1z"``)."""
    try:
        return MJAI_TO_MPSZ[tile]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    if tile == "?":
        raise InputError("a hidden tile '?' (the log does not show this hand)")
    raise InputError(f"unknown mjai tile {tile!r}")


def kind_of(tile: str) -> str:
    """The tile without its redness (``"0m"`` -> ``"5m"``): what counts for sets."""
    return "5" + tile[1] if tile[0] == "0" else tile


@dataclass
class RebuiltWin:
    """One win as the log has it: the rebuilt Win's JSON and what the log records."""

    line: int  # the line of the win (the hora event)
    round_name: str  # "E1-0": round wind, hand number, honba
    winner: int  # seat index in the log (0-3)
    target: int  # who paid a ron (the winner for a tsumo)
    win_json: dict[str, Any]
    recorded_deltas: list[int]
    # The first winner of the discard takes the honba and the sticks (頭ハネ of the
    # bonus): a second winner of a double ron is paid without them.
    takes_bonus: bool = True
    honba: int = 0
    # What a Tenhou log records beside the deltas: han, fu, yaku names.
    recorded: dict[str, Any] = field(default_factory=dict)
