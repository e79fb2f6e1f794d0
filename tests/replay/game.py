"""Write small mjai games by hand for the rebuild tests: a builder of events."""

from __future__ import annotations

import json
from typing import Any

# South (seat 1 with East dealing) waits on 5s alone (a closed wait, 嵌張): 123m 456p 789s
# 46s and a pair of 白; no copy of 5s anywhere else in the hand.
WAITING = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "4s", "6s", "P", "P"]
# Hands that only draw and throw the drawn tile away.
IDLE = [
    ["1m", "1m", "9m", "9m", "1p", "1p", "9p", "9p", "E", "E", "S", "S", "W"],
    ["2m", "2m", "8m", "8m", "2p", "2p", "8p", "8p", "2s", "2s", "8s", "8s", "W"],
    ["3m", "3m", "7m", "7m", "3p", "3p", "7p", "7p", "3s", "3s", "7s", "7s", "N"],
]
# The tile idle draws bring (and send away again): 中, which no test hand waits on.
IDLE_TILE = "C"


class Game:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = [{"type": "start_game"}]

    def start(
        self,
        tehais: list[list[str]],
        *,
        oya: int = 0,
        bakaze: str = "E",
        kyoku: int = 1,
        honba: int = 0,
        kyotaku: int = 0,
        dora_marker: str = "9m",
    ) -> Game:
        self.events.append({
            "type": "start_kyoku", "bakaze": bakaze, "kyoku": kyoku, "honba": honba,
            "kyotaku": kyotaku, "oya": oya, "dora_marker": dora_marker,
            "scores": [25000] * 4, "tehais": [list(h) for h in tehais],
        })
        return self

    def add(self, **event: Any) -> Game:
        self.events.append(event)
        return self

    def draw(self, actor: int, pai: str = IDLE_TILE) -> Game:
        return self.add(type="tsumo", actor=actor, pai=pai)

    def discard(self, actor: int, pai: str = IDLE_TILE, tsumogiri: bool = True) -> Game:
        return self.add(type="dahai", actor=actor, pai=pai, tsumogiri=tsumogiri)

    def idle(self, *actors: int) -> Game:
        """Each actor draws a 中 and throws it away."""
        for actor in actors:
            self.draw(actor).discard(actor)
        return self

    def riichi(self, actor: int, pai: str = IDLE_TILE) -> Game:
        self.draw(actor, pai).add(type="reach", actor=actor)
        self.discard(actor, pai)
        return self.add(type="reach_accepted", actor=actor)

    def hora(
        self, actor: int, target: int, deltas: list[int] | None = None,
        ura: list[str] | None = None,
    ) -> Game:
        event: dict[str, Any] = {"type": "hora", "actor": actor, "target": target,
                                 "deltas": deltas or [0, 0, 0, 0]}
        if ura is not None:
            event["ura_markers"] = ura
        return self.add(**event)

    def end(self) -> Game:
        return self.add(type="end_kyoku")

    def lines(self) -> list[tuple[int, dict[str, Any]]]:
        return list(enumerate(self.events, start=1))

    def jsonl(self) -> str:
        return "".join(json.dumps(e) + "\n" for e in self.events)


def table(south: list[str] = WAITING) -> list[list[str]]:
    """East, South, West, North's start hands: South's given, the others idle."""
    return [IDLE[0], list(south), IDLE[1], IDLE[2]]
