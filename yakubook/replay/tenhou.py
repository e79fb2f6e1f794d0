"""Tenhou JSON logs (the tenhou.net/6 log object) as mjai events.

A log is ``{"title", "name", "rule", "log": [round, ...]}``; each round is::

    [[hand index, honba, sticks], scores, dora indicators, ura indicators,
     start hand 0, draws 0, discards 0, ... (the same for seats 1-3),
     [result, deltas, detail, (deltas, detail of a second winner) ...]]

Tiles are numbers: 11-19 characters, 21-29 circles, 31-39 bamboo, 41-47 winds and
dragons, 51-53 the red fives. A draw list holds a call as a string (``"c121314"`` chi,
``"p"`` pon, ``"m"`` open kan) whose letter stands before the claimed tile, at the place
of the seat it came from (first: the previous seat, second: across, third: the next
seat); a discard list holds ``60`` for the drawn tile discarded as drawn, ``"r"`` before
a riichi discard, ``0`` after an open kan, and the added and concealed kans (``"k"``,
``"a"``). A win's detail is ``[winner, from, pao, "30符1飜1000点", "立直(1飜)", ...]``.

The rounds list no global order, so the turns are replayed: the dealer draws first; after
each discard the seat whose next draw is a call on it takes the turn, else the next seat
draws. The dora indicators of a round are all that were shown when it ended, so every one
of them applies to its win(s): each is announced just before the ``hora``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from yakubook.replay.common import SEATS, EventStream, LogError

# What a Tenhou log names a standard yaku, as the engine names it (score.py's counted
# names). Winds are listed per wind below; dora have their own names.
TENHOU_YAKU: dict[str, str] = {
    "門前清自摸和": "menzen tsumo",
    "立直": "riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "嶺上開花": "rinshan",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "一盃口": "iipeikou",
    "両立直": "double riichi",
    "七対子": "chiitoitsu",
    "混全帯幺九": "chanta",
    "一気通貫": "ittsuu",
    "三色同順": "sanshoku_doujun",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "小三元": "shousangen",
    "混老頭": "honroutou",
    "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan",
    "混一色": "honiisou",
    "清一色": "chiniisou",
    "天和": "tenhou",
    "地和": "chiihou",
    "大三元": "daisangen",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "chuuren_junsei",
    "国士無双": "kokushi",
    "国士無双１３面": "kokushi13",
    "大四喜": "daisuushii",
    "小四喜": "shousuushii",
    "四槓子": "suukantsu",
    "ドラ": "dora",
    "裏ドラ": "ura dora",
    "赤ドラ": "aka dora",
}
# 自風 東, 場風 南, 役牌 中 …: all one yakuhai entry per tile in the engine, its han the sum.
YAKUHAI_TILES = {"東": "East", "南": "South", "西": "West", "北": "North",
                 "白": "White", "發": "Green", "中": "Red"}
_YAKU_TEXT = re.compile(r"^(.+)\((\d+)飜\)$|^(.+)\(役満\)$")
_FU_HAN = re.compile(r"^(\d+)符(\d+)飜")
HONOR_LETTERS = ("E", "S", "W", "N", "P", "F", "C")
ROUND_WINDS = ("E", "S", "W", "N")


def load(data: bytes) -> dict[str, Any]:
    """A Tenhou JSON log's object (with its ``log`` list of rounds), or a ``LogError``."""
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError) as e:
        raise LogError(1, f"neither an mjai log nor Tenhou JSON: {e}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise LogError(1, "not a Tenhou JSON log (no 'log' list) nor an mjai log")
    return obj


def player_names(obj: dict[str, Any]) -> list[str] | None:
    """The four players' names the log gives (at most 40 characters each), or None."""
    names = obj.get("name")
    if isinstance(names, list) and len(names) == SEATS and all(isinstance(n, str) for n in names):
        return [n[:40] for n in names]
    return None


def tile(value: object, where: str) -> str:
    """A Tenhou tile number as an mjai tile (``15`` -> ``"5m"``, ``51`` -> ``"5mr"``)."""
    if type(value) is int:
        if 51 <= value <= 53:
            return "5" + "mps"[value - 51] + "r"
        suit, number = divmod(value, 10)
        if 1 <= suit <= 3 and 1 <= number <= 9:
            return f"{number}{'mps'[suit - 1]}"
        if suit == 4 and 1 <= number <= 7:
            return HONOR_LETTERS[number - 1]
    raise ValueError(f"{where}: unknown Tenhou tile {value!r}")


def events(obj: dict[str, Any]) -> EventStream:
    """mjai events for every round; the line of each is 1 (a Tenhou log is one object) and
    a problem names its round: ``log[3]``."""
    yield 1, {"type": "start_game", **({"names": obj["name"]} if player_names(obj) else {})}
    for number, round_log in enumerate(obj["log"]):
        try:
            yield from ((1, ev) for ev in _round_events(round_log, f"log[{number}]"))
        except (ValueError, TypeError, IndexError, KeyError) as e:
            yield 1, {"type": "unreadable line", "message": f"log[{number}]: {e}"}


def _round_events(r: list[Any], where: str) -> Iterator[dict[str, Any]]:
    if not isinstance(r, list) or len(r) < 17:
        raise ValueError("a round needs 17 entries (its header, 4 x 3 lists and its result)")
    head, _scores, dora, ura = r[0], r[1], r[2], r[3]
    index, honba, sticks = head
    oya = index % SEATS
    hands = [[tile(t, where) for t in r[4 + 3 * s]] for s in range(SEATS)]
    draws = [list(r[5 + 3 * s]) for s in range(SEATS)]
    discards = [list(r[6 + 3 * s]) for s in range(SEATS)]
    result = r[16]
    yield {
        "type": "start_kyoku",
        "bakaze": ROUND_WINDS[index // SEATS],
        "kyoku": index % SEATS + 1,
        "honba": honba,
        "kyotaku": sticks,
        "oya": oya,
        "dora_marker": tile(dora[0], where),
        "tehais": hands,
    }
    turns = _Turns(draws, discards, where)
    yield from turns.play(oya)
    if result and result[0] == "和了":
        for extra in dora[1:]:
            yield {"type": "dora", "dora_marker": tile(extra, where)}
        for i in range(1, len(result) - 1, 2):
            deltas, detail = result[i], result[i + 1]
            who, source = detail[0], detail[1]
            yield {
                "type": "hora",
                "actor": who,
                "target": source,
                "deltas": deltas,
                "ura_markers": [tile(t, where) for t in ura],
                "tenhou": recorded(detail),
            }
    yield {"type": "end_kyoku"}


class _Turns:
    """Replays one round's draws and discards in turn order."""

    def __init__(self, draws: list[list[Any]], discards: list[list[Any]], where: str) -> None:
        self.draws = draws
        self.discards = discards
        self.where = where
        self.last_draw = ["" for _ in range(SEATS)]
        self.last_discard: tuple[int, str] = (-1, "")
        # A riichi discard is accepted once play goes on past it (a ron on it cancels it).
        self.reach_pending: int | None = None

    def play(self, oya: int) -> Iterator[dict[str, Any]]:
        seat = oya
        called = False  # the seat took its turn by a chi or pon (no draw)
        while True:
            if not called:
                if not self.draws[seat]:
                    return  # the round ended (a win on the last discard, or a draw)
                entry = self.draws[seat].pop(0)
                if isinstance(entry, str):
                    raise ValueError(f"seat {seat} calls {entry!r} where a draw is due")
                drawn = tile(entry, self.where)
                self.last_draw[seat] = drawn
                yield from self._accept()
                yield {"type": "tsumo", "actor": seat, "pai": drawn}
            called = False
            if not self.discards[seat]:
                return  # the seat won on its draw (tsumo), or the log ends here
            entry = self.discards[seat].pop(0)
            if isinstance(entry, str) and ("a" in entry or "k" in entry):
                yield from self._accept()
                yield self._closed_kan(seat, entry)
                continue  # the replacement draw comes next
            yield from self._discard(seat, entry)
            caller = self._caller(seat)
            if caller is None:
                seat = (seat + 1) % SEATS
                continue
            yield from self._accept()
            yield caller
            seat = caller["actor"]
            if caller["type"] == "daiminkan":
                # The open kan's discard slot holds 0; the replacement draw comes next.
                if self.discards[seat] and self.discards[seat][0] == 0:
                    self.discards[seat].pop(0)
                continue
            called = True

    def _accept(self) -> Iterator[dict[str, Any]]:
        if self.reach_pending is not None:
            yield {"type": "reach_accepted", "actor": self.reach_pending}
            self.reach_pending = None

    def _discard(self, seat: int, entry: Any) -> Iterator[dict[str, Any]]:
        riichi = isinstance(entry, str) and entry.startswith("r")
        number = int(entry[1:]) if riichi else entry
        tsumogiri = number == 60
        pai = self.last_draw[seat] if tsumogiri else tile(number, self.where)
        if riichi:
            yield {"type": "reach", "actor": seat}
        yield {"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": tsumogiri}
        self.last_discard = (seat, pai)
        self.last_draw[seat] = ""
        if riichi:
            self.reach_pending = seat

    def _caller(self, discarder: int) -> dict[str, Any] | None:
        """The event of the seat whose next draw claims this discard, if any (a pon or kan
        before a chi)."""
        pai = self.last_discard[1]
        found: dict[str, Any] | None = None
        for offset in (1, 2, 3):
            seat = (discarder + offset) % SEATS
            if not self.draws[seat] or not isinstance(self.draws[seat][0], str):
                continue
            kind, tiles, claimed, source_offset = _parse_call(self.draws[seat][0], self.where)
            if (seat + source_offset) % SEATS != discarder or _base(claimed) != _base(pai):
                continue
            if kind == "chi" and found is not None:
                continue
            consumed = list(tiles)
            consumed.remove(claimed)
            event = {"type": kind, "actor": seat, "target": discarder, "pai": claimed,
                     "consumed": consumed}
            if found is None or kind != "chi":
                found = event
            if kind != "chi":
                break
        if found is not None:
            self.draws[found["actor"]].pop(0)
        return found

    def _closed_kan(self, seat: int, entry: str) -> dict[str, Any]:
        kind, tiles, claimed, _ = _parse_call(entry, self.where)
        if kind == "ankan":
            return {"type": "ankan", "actor": seat, "consumed": tiles}
        consumed = list(tiles)
        consumed.remove(claimed)
        return {"type": "kakan", "actor": seat, "pai": claimed, "consumed": consumed}


def _base(mjai_tile: str) -> str:
    return mjai_tile[:2]


_CALL_LETTERS = {"c": "chi", "p": "pon", "m": "daiminkan", "k": "kakan", "a": "ankan"}


def _parse_call(call: str, where: str) -> tuple[str, list[str], str, int]:
    """(kind, every tile, the claimed or added tile, source seat offset: 3 previous,
    2 across, 1 next) of a Tenhou call string."""
    letters = [c for c in call if c in _CALL_LETTERS]
    if len(letters) != 1:
        raise ValueError(f"{where}: unknown call {call!r}")
    kind = _CALL_LETTERS[letters[0]]
    at = call.index(letters[0])
    if at % 2:
        raise ValueError(f"{where}: malformed call {call!r}")
    digits = call[:at] + call[at + 1:]
    if len(digits) % 2 or not digits.isdigit():
        raise ValueError(f"{where}: malformed call {call!r}")
    tiles = [tile(int(digits[i:i + 2]), where) for i in range(0, len(digits), 2)]
    claimed = tiles[at // 2]
    # The letter's place tells the seat: first = previous (3), second = across (2),
    # third or fourth (a kan from the next seat) = next (1).
    source = {0: 3, 1: 2, 2: 1, 3: 1}[at // 2]
    return kind, tiles, claimed, source


def recorded(detail: list[Any]) -> dict[str, Any]:
    """What a win's detail records: han, fu (when the points text gives them), yakuman and
    every yaku with its han (yakuhai per tile, as the engine counts them)."""
    points = detail[3] if len(detail) > 3 and isinstance(detail[3], str) else ""
    yaku: dict[str, int] = {}
    han = 0
    yakuman = 0
    for text in detail[4:]:
        m = _YAKU_TEXT.match(text) if isinstance(text, str) else None
        if m is None:
            raise ValueError(f"unknown yaku text {text!r}")
        if m.group(3) is not None:
            name = _yaku_name(m.group(3))
            yaku[name] = 13
            yakuman += 1
            continue
        name, n = _yaku_name(m.group(1)), int(m.group(2))
        han += n
        if n:
            yaku[name] = yaku.get(name, 0) + n
    fu_han = _FU_HAN.match(points)
    out: dict[str, Any] = {"points": points, "han": han, "yaku": yaku}
    if fu_han:
        out["fu"] = int(fu_han.group(1))
    if yakuman:
        out["yakuman"] = yakuman
    return out


def _yaku_name(text: str) -> str:
    for prefix in ("自風 ", "場風 ", "役牌 "):
        if text.startswith(prefix) and text[len(prefix):] in YAKUHAI_TILES:
            return f"yakuhai {YAKUHAI_TILES[text[len(prefix):]]}"
    if text in TENHOU_YAKU:
        return TENHOU_YAKU[text]
    raise ValueError(f"unknown Tenhou yaku {text!r}")


def same_yaku(recorded: dict[str, Any], score: Any) -> bool:
    """The log's yaku and han against the engine's counted ones (yakuman by name)."""
    ours: dict[str, int] = {}
    for name, value in (*score.counted,):
        if value.endswith("yakuman"):
            ours[name] = 13
        elif value.endswith(" han"):
            n = int(value.split()[0])
            if n:
                ours[name] = n
    if score.yakuman:
        ours = {name: 13 for name, _ in score.counted}
        theirs = {k: v for k, v in recorded["yaku"].items() if v == 13}
        return ours.keys() == theirs.keys()
    return ours == recorded["yaku"]
