"""Follow one game's mjai events and rebuild every win as a Win (WIN_FORMAT.md).

The rebuild keeps, per hand (kyoku): each player's concealed tiles, melds, discards and
draws, the riichi declarations, which ippatsu chances are still alive, whether anyone has
called yet, the kans made in a row, how many tiles the live wall has given, the dora
indicators and the sticks on the table; and, across hands, the current dealer's record.
From that each ``hora`` event becomes one ``RebuiltWin``.

What the log cannot say is left at the format's default: no flowers, no declarations,
``min_han`` 1, ``discarder_forced`` false. ``furiten`` (for a tsumo) is the winner's own
discard furiten: a missed ron is not tracked.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from yakubook.engine.decompose import standard_waits
from yakubook.engine.melds import format_meld, parse_meld
from yakubook.engine.tiles import parse_tiles
from yakubook.errors import InputError
from yakubook.replay.common import (
    SEATS,
    WIND_LETTERS,
    EventStream,
    LogError,
    RebuiltWin,
    kind_of,
    mpsz,
)

# 136 tiles less the 14 of the dead wall less 4 x 13 dealt: the live wall's draws. A kan's
# replacement comes from the dead wall, which takes one tile back from the live wall, so
# every draw (replacement or not) uses one of these.
LIVE_WALL = 70
HAND_SIZE = 13
SEAT_NAMES = ("E", "S", "W", "N")
RELATIVE = {1: "next", 2: "across", 3: "previous"}
OPEN_CALLS = ("chi", "pon", "daiminkan")


@dataclass
class Player:
    """What the log has shown of one seat in the current hand."""

    hand: list[str] = field(default_factory=list)  # MPSZ tiles, red fives as 0
    melds: list[tuple[str, list[str]]] = field(default_factory=list)  # (kind, tiles)
    discards: list[str] = field(default_factory=list)  # every discard, claimed or not
    river: list[str] = field(default_factory=list)  # the discards no one claimed
    draws: int = 0  # own draws, a replacement draw counting with its kan
    riichi: str = "none"  # "none", "riichi", "double"
    riichi_order: int = 0  # when the riichi was accepted (for riichi_after)
    declaring: bool = False  # a reach announced whose discard is not yet accepted
    ippatsu: bool = False  # the ippatsu chance is alive
    # The call that ended this player's ippatsu chance: who made it and how many discards
    # the hand had seen then (for discarder_broke_ippatsu).
    broke_by: int | None = None
    broke_at: int = 0
    kans_in_row: int = 0  # kans since the last ordinary draw
    replacement_due: bool = False  # a kan was declared; the next draw is a replacement
    last_draw: str = ""
    last_draw_replacement: bool = False
    last_discard_kans: int = 0  # kans declared just before the last discard (槓振)
    last_discard_replacement: bool = False  # the last discard was the replacement as drawn


@dataclass
class Dealership:
    """The current dealer's record across hands (for dealer_streak, dealer_history)."""

    key: tuple[str, int] | None = None  # (round wind, hand number) of the last hand
    history: str = ""  # W = the dealer won, D = drawn with the dealer staying
    known: bool = False  # the log showed the dealership from its start
    dealer_won_last: bool = False


class Hand:
    """One hand (kyoku) being followed."""

    def __init__(self, line: int, event: dict[str, Any], dealership: Dealership) -> None:
        self.line = line
        self.bakaze = _field(event, "bakaze", str, line)
        if self.bakaze not in WIND_LETTERS:
            raise LogError(line, f"start_kyoku: bakaze {self.bakaze!r} is not E, S, W or N")
        self.kyoku = _field(event, "kyoku", int, line)
        self.honba = _field(event, "honba", int, line)
        self.sticks = _field(event, "kyotaku", int, line)
        self.oya = _seat(event, "oya", line)
        self.dora = [mpsz_at(event.get("dora_marker"), line)]
        tehais = event.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != SEATS:
            raise LogError(line, "start_kyoku: tehais must be four hands")
        self.players = [Player() for _ in range(SEATS)]
        for seat, tiles in enumerate(tehais):
            if not isinstance(tiles, list) or len(tiles) != HAND_SIZE:
                raise LogError(line, f"start_kyoku: hand {seat} must have 13 tiles")
            self.players[seat].hand = [mpsz_at(t, line) for t in tiles]
        self.dealership = dealership
        self.wall_draws = 0
        self.callers: set[int] = set()  # who called (chi, pon, any kan) in this hand
        self.riichi_count = 0
        self.last_discard: tuple[int, str] | None = None  # (seat, tile)
        self.pending_kakan: tuple[int, str] | None = None  # an added kan not yet completed
        self.wins = 0
        self.dealer_won = False
        self.discard_count = 0

    @property
    def round_name(self) -> str:
        """The round and its honba as the table says it (E1-0, S3-2 …)."""
        return f"{self.bakaze}{self.kyoku}-{self.honba}"

    def seat_wind(self, seat: int) -> str:
        """The seat wind of a player in this hand (E, S, W or N)."""
        return SEAT_NAMES[(seat - self.oya) % SEATS]

    # -- events ---------------------------------------------------------------------------

    def on_tsumo(self, line: int, ev: dict[str, Any]) -> None:
        """A draw: it counts against the live wall (haitei) and as the player's own draw
        (``turn``), a replacement draw with its kan."""
        self._complete_kakan()
        seat = _seat(ev, "actor", line)
        p = self.players[seat]
        tile = mpsz_at(ev.get("pai"), line)
        self.wall_draws += 1
        if self.wall_draws > LIVE_WALL:
            raise LogError(line, f"tsumo: more than {LIVE_WALL} draws from the wall")
        replacement = p.replacement_due
        if not replacement:
            p.kans_in_row = 0
        if not replacement or p.draws == 0:
            # A replacement draw belongs to the draw of its kan (WIN_FORMAT: turn), but a
            # kan called before any own draw makes its replacement the first draw.
            p.draws += 1
        p.replacement_due = False
        p.last_draw = tile
        p.last_draw_replacement = replacement
        p.hand.append(tile)

    def on_dahai(self, line: int, ev: dict[str, Any]) -> None:
        """A discard: into the river; the riichi player's next discard ends its ippatsu
        chance."""
        self._complete_kakan()
        seat = _seat(ev, "actor", line)
        p = self.players[seat]
        tile = mpsz_at(ev.get("pai"), line)
        _take(p.hand, tile, line, f"dahai: player {seat} does not hold {tile}")
        if p.riichi != "none" and not p.declaring:
            p.ippatsu = False  # the riichi player's next discard ends the chance
        p.discards.append(tile)
        p.river.append(tile)
        self.discard_count += 1
        p.last_discard_kans = p.kans_in_row
        p.last_discard_replacement = p.last_draw_replacement and ev.get("tsumogiri") is True
        p.last_draw_replacement = False
        self.last_discard = (seat, tile)

    def on_reach(self, line: int, ev: dict[str, Any]) -> None:
        """A riichi announced (its discard not yet accepted)."""
        seat = _seat(ev, "actor", line)
        p = self.players[seat]
        if p.melds and any(kind != "ankan" for kind, _ in p.melds):
            raise LogError(line, f"reach: player {seat} has an open meld")
        # A riichi with the player's first discard and no call before it is double.
        p.riichi = "double" if not p.discards and not self.callers else "riichi"
        p.declaring = True

    def on_reach_accepted(self, line: int, ev: dict[str, Any]) -> None:
        """A riichi accepted: the stick is on the table."""
        seat = _seat(ev, "actor", line)
        p = self.players[seat]
        if not p.declaring:
            raise LogError(line, f"reach_accepted: player {seat} declared no riichi")
        p.declaring = False
        p.ippatsu = True
        self.riichi_count += 1
        p.riichi_order = self.riichi_count
        self.sticks += 1

    def on_call(self, line: int, ev: dict[str, Any], kind: str) -> None:
        """chi, pon, daiminkan: a discard claimed into an open meld."""
        self._complete_kakan()
        seat = _seat(ev, "actor", line)
        target = _seat(ev, "target", line)
        tile = mpsz_at(ev.get("pai"), line)
        consumed = _tiles(ev.get("consumed"), line, kind)
        if self.last_discard != (target, tile):
            raise LogError(line, f"{kind}: {tile} is not player {target}'s last discard")
        p = self.players[seat]
        for t in consumed:
            _take(p.hand, t, line, f"{kind}: player {seat} does not hold {t}")
        p.melds.append(("kan" if kind == "daiminkan" else kind, [*consumed, tile]))
        self.players[target].river.pop()
        self._call_made(seat)
        self.last_discard = None
        if kind == "daiminkan":
            self._kan_declared(p)

    def on_ankan(self, line: int, ev: dict[str, Any]) -> None:
        """A concealed kan: a call for the ippatsu chances, a replacement draw due."""
        self._complete_kakan()
        seat = _seat(ev, "actor", line)
        consumed = _tiles(ev.get("consumed"), line, "ankan")
        p = self.players[seat]
        for t in consumed:
            _take(p.hand, t, line, f"ankan: player {seat} does not hold {t}")
        p.melds.append(("ankan", consumed))
        self._call_made(seat)
        self._kan_declared(p)

    def on_kakan(self, line: int, ev: dict[str, Any]) -> None:
        """An added kan (robbable: chankan)."""
        self._complete_kakan()
        seat = _seat(ev, "actor", line)
        tile = mpsz_at(ev.get("pai"), line)
        p = self.players[seat]
        _take(p.hand, tile, line, f"kakan: player {seat} does not hold {tile}")
        for i, (kind, tiles) in enumerate(p.melds):
            if kind == "pon" and kind_of(tiles[0]) == kind_of(tile):
                p.melds[i] = ("kakan", [*tiles, tile])
                break
        else:
            raise LogError(line, f"kakan: player {seat} has no pon of {kind_of(tile)}")
        self._kan_declared(p)
        # The kan is robbable (chankan) until the next event: only then does it count as
        # a call (and robbing it leaves an ippatsu chance alive: WIN_FORMAT, ippatsu).
        self.pending_kakan = (seat, tile)

    def on_dora(self, line: int, ev: dict[str, Any]) -> None:
        """A new dora indicator after a kan."""
        self.dora.append(mpsz_at(ev.get("dora_marker"), line))

    def _kan_declared(self, p: Player) -> None:
        p.kans_in_row += 1
        p.replacement_due = True

    def _call_made(self, seat: int) -> None:
        self.callers.add(seat)
        for other in self.players:
            if other.ippatsu:
                other.ippatsu = False
                other.broke_by = seat
                other.broke_at = self.discard_count

    def _complete_kakan(self) -> None:
        if self.pending_kakan is not None:
            self._call_made(self.pending_kakan[0])
            self.pending_kakan = None

    # -- the win --------------------------------------------------------------------------

    def on_hora(self, line: int, ev: dict[str, Any]) -> RebuiltWin:
        """A win: rebuilt as the engine's Win with what the log records for it."""
        seat = _seat(ev, "actor", line)
        target = _seat(ev, "target", line)
        deltas = ev.get("deltas")
        if (
            not isinstance(deltas, list)
            or len(deltas) != SEATS
            or not all(type(d) is int for d in deltas)
        ):
            raise LogError(line, "hora: deltas must be four integers")
        p = self.players[seat]
        tsumo = target == seat
        chankan = False
        if tsumo:
            if not p.last_draw or len(p.hand) % 3 != 2:
                raise LogError(line, f"hora: player {seat} won by tsumo without a drawn tile")
            win_tile = p.last_draw
            concealed = list(p.hand)
        else:
            if self.pending_kakan is not None and self.pending_kakan[0] == target:
                win_tile = self.pending_kakan[1]
                chankan = True
            elif self.last_discard is not None and self.last_discard[0] == target:
                win_tile = self.last_discard[1]
            else:
                raise LogError(line, f"hora: player {target} has no discard to win on")
            concealed = [*p.hand, win_tile]
        named = ev.get("pai")
        if named is not None and kind_of(mpsz_at(named, line)) != kind_of(win_tile):
            raise LogError(line, f"hora: pai {named!r}, but the winning tile is {win_tile}")
        obj = self._situation(p, seat, target, tsumo, chankan, win_tile, ev, line)
        obj["hand"] = "".join(concealed)
        obj["win"] = win_tile
        obj["melds"] = [format_meld(parse_meld(f"{kind} {''.join(tiles)}"))
                        for kind, tiles in p.melds]
        self.wins += 1
        if seat == self.oya:
            self.dealer_won = True
        return RebuiltWin(
            line=line,
            round_name=self.round_name,
            winner=seat,
            target=target,
            # Left out at the format's default (turn's is None: its 0 stays).
            win_json={
                k: v for k, v in obj.items()
                if k == "turn" or v not in (False, 0, "", "none", [])
            },
            recorded_deltas=list(deltas),
            takes_bonus=self.wins == 1,
            honba=self.honba,
            recorded=recorded if isinstance(recorded := ev.get("tenhou"), dict) else {},
        )

    def _situation(
        self,
        p: Player,
        seat: int,
        target: int,
        tsumo: bool,
        chankan: bool,
        win_tile: str,
        ev: dict[str, Any],
        line: int,
    ) -> dict[str, Any]:
        others_called = bool(self.callers - {seat})
        first = not others_called and not any(
            kind != "ankan" for kind, _ in p.melds
        ) and all(len(q.discards) <= 1 for q in self.players)
        if tsumo:
            first = first and p.draws == 1 and not p.discards
        else:
            d = self.players[target]
            first = first and len(d.discards) == 1 and not chankan
        last_tile = self.wall_draws == LIVE_WALL
        rinshan = tsumo and p.last_draw_replacement
        obj: dict[str, Any] = {
            "tsumo": tsumo,
            "seat": self.seat_wind(seat),
            "round": self.bakaze,
            "riichi": p.riichi if not p.declaring else "none",
            "ippatsu": p.ippatsu and p.riichi != "none" and not p.declaring,
            "first_go_around": first,
            "turn": p.draws,
            "haitei": tsumo and last_tile and not rinshan,
            "houtei": not tsumo and last_tile and not chankan,
            "rinshan": rinshan,
            "consecutive_kans": p.kans_in_row if rinshan else 0,
            "chankan": chankan,
            "honba": self.honba,
            "riichi_sticks": self.sticks if self.wins == 0 else 0,
            "dora": "".join(self.dora),
            "furiten": tsumo and _discard_furiten(p, win_tile),
        }
        if obj["riichi"] != "none":
            # riichienv and Mortal write ura_markers; the original mjai, uradora_markers.
            ura = ev.get("ura_markers") or ev.get("uradora_markers") or []
            if not isinstance(ura, list):
                raise LogError(line, "hora: ura_markers must be a list of tiles")
            # A log may show more ura indicators than kans revealed; the format keeps one
            # per dora indicator.
            obj["ura"] = "".join(mpsz_at(t, line) for t in ura[: len(self.dora)])
        obj["visible_copies"] = self._visible_copies(seat, win_tile, tsumo or chankan)
        if not tsumo:
            obj.update(self._discarder(p, seat, target, chankan))
        obj.update(self._dealer_record(seat))
        return obj

    def _discarder(self, p: Player, seat: int, target: int, chankan: bool) -> dict[str, Any]:
        d = self.players[target]
        if d.declaring and not chankan:
            riichi = "declaring"
        elif d.riichi != "none" and not d.declaring:
            riichi = "riichi_after" if p.riichi != "none" and d.riichi_order > p.riichi_order \
                and not p.declaring else "riichi"
        else:
            riichi = "none"
        out: dict[str, Any] = {
            "discarder": RELATIVE[(target - seat) % SEATS],
            "discarder_riichi": riichi,
        }
        if not chankan:
            out["discarder_kans"] = d.last_discard_kans
            out["discarder_rinshan"] = d.last_discard_replacement and d.last_discard_kans > 0
        # The discarder's call ended the chance and the winning tile is the one discard
        # made since that call.
        out["discarder_broke_ippatsu"] = (
            not chankan
            and p.riichi != "none"
            and p.broke_by == target
            and self.discard_count == p.broke_at + 1
        )
        return out

    def _visible_copies(self, seat: int, win_tile: str, not_a_discard: bool) -> int:
        """Copies of the winning tile in the discards and in the other players' melds."""
        want = kind_of(win_tile)
        seen = 0
        for i, q in enumerate(self.players):
            seen += sum(1 for t in q.river if kind_of(t) == want)
            if i != seat:
                seen += sum(1 for _, tiles in q.melds for t in tiles if kind_of(t) == want)
        if not not_a_discard:
            seen -= 1  # the winning discard itself is in the hand now
        held = sum(1 for t in self.players[seat].hand if kind_of(t) == want)
        held += len(self.players[seat].hand) % 3 == 1  # a ron: the winning tile joins the hand
        held += sum(1 for _, tiles in self.players[seat].melds for t in tiles
                    if kind_of(t) == want)
        return max(0, min(seen, 4 - held, 3))

    def _dealer_record(self, seat: int) -> dict[str, Any]:
        d = self.dealership
        if not d.known:
            return {}
        streak = len(d.history) - len(d.history.rstrip("W")) + (seat == self.oya)
        return {"dealer_history": d.history, "dealer_streak": streak}


def _discard_furiten(p: Player, win_tile: str) -> bool:
    """The winner's own discards hold a tile the hand (less the winning tile) waits on."""
    rest = list(p.hand)
    rest.remove(win_tile)
    counts = [0] * 34
    for tile in parse_tiles("".join(rest)).tiles:
        counts[tile] += 1
    waits = set(standard_waits(tuple(counts)))
    pairs = [t for t, n in enumerate(counts) if n == 2]
    singles = [t for t, n in enumerate(counts) if n == 1]
    if len(pairs) == 6 and len(singles) == 1:
        waits.add(singles[0])  # seven pairs
    orphans = [t for t in range(34) if t >= 27 or t % 9 in (0, 8)]
    if all(counts[t] == 0 for t in range(34) if t not in orphans):
        missing = [t for t in orphans if counts[t] == 0]
        if not missing:
            waits.update(orphans)  # thirteen orphans, the 13-sided wait
        elif len(missing) == 1 and sum(counts) == 13:
            waits.add(missing[0])
    discarded = {parse_tiles(kind_of(t)).tiles[0] for t in p.discards}
    return bool(waits & discarded)


# -- the game -------------------------------------------------------------------------------


def rebuild_wins(events: EventStream) -> Iterator[RebuiltWin | LogError]:
    """Every win of a game's events, in order; a problem is yielded as a LogError and the
    rest of its hand skipped (the next ``start_kyoku`` starts afresh)."""
    dealership = Dealership()
    hand: Hand | None = None
    skipping = False
    for line, ev in events:
        kind = ev.get("type")
        if not isinstance(kind, str):
            kind = repr(kind)[:40]  # no event type: reported below as an unknown one
        try:
            if kind == "start_kyoku":
                _next_dealership(dealership, hand, ev, line)
                hand = Hand(line, ev, dealership)
                skipping = False
                continue
            if skipping or kind in _IGNORED:
                continue
            if hand is None:
                raise LogError(line, f"{kind}: an event before the first start_kyoku")
            if kind == UNREADABLE:
                raise LogError(line, str(ev.get("message")))
            if kind == "hora":
                try:
                    yield hand.on_hora(line, ev)
                except InputError as e:
                    yield e if isinstance(e, LogError) else LogError(line, str(e))
                continue
            handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
            if handler is None:
                raise LogError(line, f"unknown mjai event type {kind!r}")
            handler(hand, line, ev)
        except LogError as e:
            yield e
            skipping = True
        except InputError as e:
            yield LogError(line, f"{kind}: {e}")
            skipping = True


def _next_dealership(
    d: Dealership, previous: Hand | None, ev: dict[str, Any], line: int
) -> None:
    key = (ev.get("bakaze"), ev.get("kyoku"))
    if previous is None:
        # The log starts here: the dealership's earlier hands are known only when it
        # starts with no honba.
        d.history = ""
        d.known = ev.get("honba") == 0
    elif key == d.key:
        d.history += "W" if previous.dealer_won else "D"
    else:
        d.history = ""
        d.known = True
    d.key = key  # type: ignore[assignment]


# The event a reader yields for a line it cannot read: the hand it is in is skipped.
UNREADABLE = "unreadable line"
_IGNORED = frozenset({"start_game", "end_kyoku", "end_game", "ryukyoku", "none"})


def _handlers() -> dict[str, Any]:
    return {
        "tsumo": Hand.on_tsumo,
        "dahai": Hand.on_dahai,
        "reach": Hand.on_reach,
        "reach_accepted": Hand.on_reach_accepted,
        "chi": lambda h, line, ev: h.on_call(line, ev, "chi"),
        "pon": lambda h, line, ev: h.on_call(line, ev, "pon"),
        "daiminkan": lambda h, line, ev: h.on_call(line, ev, "daiminkan"),
        "ankan": Hand.on_ankan,
        "kakan": Hand.on_kakan,
        "dora": Hand.on_dora,
    }


_HANDLERS = _handlers()


# -- small readers ------------------------------------------------------------------------


def _field(ev: dict[str, Any], key: str, kind: type, line: int) -> Any:
    value = ev.get(key)
    if type(value) is not kind:
        raise LogError(line, f"{ev.get('type')}: {key} must be {kind.__name__}, got {value!r}")
    return value


def _seat(ev: dict[str, Any], key: str, line: int) -> int:
    value = ev.get(key)
    if type(value) is not int or not 0 <= value < SEATS:
        raise LogError(line, f"{ev.get('type')}: {key} must be a seat 0-3, got {value!r}")
    return value


def mpsz_at(tile: object, line: int) -> str:
    """An mjai tile name as MPSZ text, or a ``LogError`` naming the log's line."""
    try:
        return mpsz(tile)
    except InputError as e:
        raise LogError(line, str(e)) from None


def _tiles(value: object, line: int, kind: str) -> list[str]:
    if not isinstance(value, list) or not value:
        raise LogError(line, f"{kind}: consumed must be a list of tiles")
    return [mpsz_at(t, line) for t in value]


def _take(hand: list[str], tile: str, line: int, message: str) -> None:
    """Remove a tile (a red five is a tile of its own here: the log names which)."""
    if tile in hand:
        hand.remove(tile)
        return
    raise LogError(line, message)


