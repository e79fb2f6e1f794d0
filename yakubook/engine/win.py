"""A winning hand and the situation it was won in (see WIN_FORMAT.md for the JSON form).

``Win`` is validated once on construction, so every later stage (decomposition, the yaku
predicates) may assume a well-formed hand and never has to raise.

Adding a situation field: give it a default of type bool, int, str or None in ``Win``.
Type checking (bool fields take bools, int fields ints) and the JSON form (key = field
name) follow from the default; an int field needs its bound in ``INT_BOUNDS``; add a
consistency rule to ``_check_situation`` if it needs one, and document the key (and the
bound) in WIN_FORMAT.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any

from yakubook.bounded import quote
from yakubook.engine import _accel
from yakubook.engine.melds import Meld, parse_meld
from yakubook.engine.tiles import (
    EAST,
    NUM_TILES,
    YAOCHUU_MASK,
    check_tile,
    format_tiles,
    is_wind,
    parse_tiles,
    tile_from_str,
    tile_name,
    wind_from_str,
    wind_letter,
)
from yakubook.errors import InputError

RIICHI_KINDS: tuple[str, ...] = ("none", "riichi", "double", "open", "open_double")
# Who discarded the winning tile (or added the robbed kan), seen from the winner:
# 下家 plays right after the winner, 對家 opposite, 上家 right before.
DISCARDERS: tuple[str, ...] = ("", "next", "across", "previous")
# The discarder's riichi: none; the winning tile is their riichi declaration tile; declared
# before (or, with the winner not in riichi, simply in riichi); declared after the winner.
DISCARDER_RIICHI: tuple[str, ...] = ("none", "declaring", "riichi", "riichi_after")
# The current dealership's earlier hands: W = the dealer won, D = drawn, the dealer stayed.
DEALER_RESULTS = frozenset("WD")
# 不吃不碰 (declared no calls), 自摸專 (declared tsumo only), 報知 (announced single wait).
DECLARATIONS = frozenset({"no_calls", "tsumo_only", "single_wait"})
MAX_FLOWERS = 8
# Upper bounds of the integer fields (the lower bound is 0, ``min_han``'s 1). They are far
# above anything a table sees and keep every later loop and string small; WIN_FORMAT.md
# lists them.
INT_BOUNDS: dict[str, int] = {
    "turn": 30,  # a player draws at most 18 tiles from a 136-tile wall, plus kan draws
    "consecutive_kans": 4,
    "visible_copies": 3,
    "flowers": MAX_FLOWERS,
    "dealer_streak": 64,
    "honba": 99,
    "called_pairs": 6,
    "min_han": 13,
    "discarder_kans": 4,
    "red": 4,
    "riichi_sticks": 99,
}
# The dora indicator and kan dora indicators: one, plus one per kan on the table.
MAX_INDICATORS = 5
# The dealer_history string: one letter per earlier hand of the dealership, each of which
# added a honba, so it is no longer than the honba bound.
MAX_DEALER_HISTORY = 99
# Seats in turn order from the dealer: East 0, South 1, West 2, North 3.
_SEAT_OFFSET = {"next": 1, "across": 2, "previous": 3}
# The latest own draw (turn) at which a win on the last tile is refused. The wall has 70
# live draws (136 tiles, 14 in the dead wall, 52 dealt; at most 4 kans take one each);
# the other three draw at most 3 between two draws of the winner, and 3 more for each of
# at most 16 calls that skip the winner's draw. So by the winner's 3rd draw they have made
# at most 3 x (3 + 16) = 57 draws, not the 63 a haitei there needs; likewise for a houtei
# before the 3rd draw. (Issue #35 keeps to these two bounds, below where the count rules
# a last tile out.)
_LAST_TILE_TURN = {"haitei": 3, "houtei": 2}


@dataclass(frozen=True, kw_only=True, init=False)
class Win:
    """A complete hand plus the game facts local yaku look at.

    ``concealed`` holds the concealed tiles INCLUDING the winning tile (so 14 - 3 x melds
    of them); ``melds`` the declared sets, ankan included. ``red`` counts red fives among
    the concealed tiles (melds carry their own). The dealer is whoever sits East: see
    ``dealer``. ``concealed`` is stored sorted, so equal hands compare equal.
    """

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = EAST
    round_wind: int = EAST
    red: int = 0
    riichi: str = "none"
    ippatsu: bool = False
    # The first go-around with no call by anyone: the tenhou/chiihou/renhou context.
    first_go_around: bool = False
    # The winner's own draw number (1 = first draw); 0 = won by ron before any own draw.
    turn: int | None = None
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    # Kans the winner declared in a row before the rinshan win (連槓開花 needs two).
    consecutive_kans: int = 0
    chankan: bool = False
    # Copies of the winning tile the winner can already see (discards, others' melds).
    visible_copies: int = 0
    flowers: int = 0
    # The current dealer's consecutive wins, counting this one when the dealer won it.
    dealer_streak: int = 0
    honba: int = 0
    declarations: frozenset[str] = frozenset()
    # Pairs of a seven-pairs hand claimed from discards (鳴牌七對子's 明對子); their tiles
    # are written in ``concealed`` like the others.
    called_pairs: int = 0
    # The minimum han (dora excluded) a hand needs to win: 2 under 二翻縛.
    min_han: int = 1
    # -- the discard the winner claimed (ron only) --
    discarder: str = ""  # one of DISCARDERS; "" = not given
    discarder_riichi: str = "none"  # one of DISCARDER_RIICHI
    # The discarder had no safe tile: every tile of their hand dealt in.
    discarder_forced: bool = False
    # Kans the discarder declared in a row just before discarding the winning tile (槓振).
    discarder_kans: int = 0
    # The winning tile is the discarder's replacement (rinshan) tile, discarded as drawn.
    discarder_rinshan: bool = False
    # A call by the discarder ended the winner's ippatsu just before this discard.
    discarder_broke_ippatsu: bool = False
    # -- the game --
    # The rinshan win's kan was declared on the last wall draw but one (再見，本壘打).
    penultimate_kan: bool = False
    # Letters of DEALER_RESULTS; "" = the dealership is the dealer_streak wins alone.
    dealer_history: str = ""
    # Holding seven flowers, the winner claims the eighth another player set aside (七搶一).
    robbed_flower: bool = False
    # The winner is furiten (may not ron; a 七搶一 claim can still be made under some rules).
    furiten: bool = False
    # -- what scoring needs (yakubook.engine.score) --
    dora: str = ""  # dora indicator tiles, MPSZ ("1m7z"): the tile after each is dora
    ura: str = ""  # ura dora indicators, counted with a riichi
    riichi_sticks: int = 0  # riichi sticks on the table (1,000 points each to the winner)

    # Derived once, here, because every predicate needs them and Win is immutable.
    concealed_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    tile_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    tile_mask: int = field(init=False, repr=False, compare=False)
    # Tiles held at least twice / three times (melds included): cheap prefilters for
    # pairs and triplets, as bit masks like tile_mask.
    mask2: int = field(init=False, repr=False, compare=False)
    mask3: int = field(init=False, repr=False, compare=False)
    # Sum of the numbers on the number tiles (melds included; honors have none).
    number_total: int = field(init=False, repr=False, compare=False)
    quads: int = field(init=False, repr=False, compare=False)
    # No open meld and no called pair (an ankan keeps the hand closed).
    is_closed: bool = field(init=False, repr=False, compare=False)
    # Number suits present (0 to 3).
    suit_count: int = field(init=False, repr=False, compare=False)
    # Any game fact beyond the hand, winds and tsumo/ron: riichi, first go-around, last
    # tile, kans, flowers, the dealer's run, declarations, who discarded … (cheap gate for
    # the situational yaku).
    situational: bool = field(init=False, repr=False, compare=False)

    def __init__(
        self,
        *,
        concealed: Sequence[int],
        win_tile: int,
        melds: Sequence[Meld] = (),
        **situation: Any,
    ) -> None:
        if not _SITUATION_KEYS.issuperset(situation):
            unknown = sorted(set(situation) - _SITUATION_KEYS)[0]
            raise TypeError(f"Win.__init__() got an unexpected keyword argument {unknown!r}")
        _init(self, _tile_tuple(concealed), win_tile, melds, situation)

    # -- derived facts -------------------------------------------------------------------

    @property
    def dealer(self) -> bool:
        """The dealer always sits East, so this follows from ``seat_wind``."""
        return self.seat_wind == EAST

    @property
    def ron(self) -> bool:
        """Won on another player's discard (not ``tsumo``)."""
        return not self.tsumo

    @property
    def total_red(self) -> int:
        """Red fives in the whole hand, melds included."""
        return self.red + sum(m.red for m in self.melds)

    @property
    def riichi_declared(self) -> bool:
        """The winner declared riichi of any kind (``riichi`` is not ``"none"``)."""
        return self.riichi != "none"

    # -- construction from text ----------------------------------------------------------

    @classmethod
    def make(
        cls,
        hand: str | Sequence[int],
        win: str | int,
        melds: Iterable[str | Meld] = (),
        **situation: Any,
    ) -> Win:
        """Build from notation: ``Win.make("123m456p789s1122z", "1z", tsumo=True)``.

        ``hand`` may also be a list or tuple of tile ids; red fives written as 0 in the
        notation set ``red``.
        ``seat_wind``/``round_wind`` may be given as E/S/W/N or 1z..4z; every other
        keyword is a ``Win`` field.
        """
        if isinstance(hand, str):
            parsed = parse_tiles(hand)
            concealed: object = parsed.tiles
            situation.setdefault("red", parsed.red)
        else:
            concealed = hand
        win_tile = tile_from_str(win) if isinstance(win, str) else win
        if not isinstance(melds, (list, tuple)):
            raise InputError(f"melds must be a list of strings like 'pon 777z', got {quote(melds)}")
        meld_objs = tuple(parse_meld(m) if isinstance(m, str) else m for m in melds)
        for key in ("seat_wind", "round_wind"):
            if isinstance(situation.get(key), str):
                situation[key] = wind_from_str(situation[key])
        unknown = sorted(set(situation) - _INIT_FIELDS)
        if unknown:
            raise InputError(f"unknown Win field {unknown[0]!r}")
        return cls(concealed=concealed, win_tile=win_tile, melds=meld_objs, **situation)  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Win:
        """The JSON form documented in WIN_FORMAT.md. Unknown keys are an error."""
        if _FAST_FROM_JSON is not None:
            # The C accelerator builds a plain, valid win; None sends it down this path.
            win = _FAST_FROM_JSON(cls, obj)
            if win is not None:
                return win
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise InputError(f"a win must be a JSON object, got {type(obj).__name__}")
        _check_json_shape(obj)
        if not _JSON_KEY_SET.issuperset(obj):
            for key in obj:
                if key not in _JSON_KEY_SET:
                    raise InputError(
                        f"unknown key {key!r} in win (known: {', '.join(JSON_KEYS)})"
                    )
        for key in ("hand", "win"):
            if key not in obj:
                raise InputError(f"win is missing the required key {key!r}")
        parsed = parse_tiles(_json_str(obj, "hand"))
        situation: dict[str, Any] = {"red": parsed.red}
        win_tile = tile_from_str(_json_str(obj, "win"))
        melds = obj.get("melds", [])
        if not isinstance(melds, list):
            raise InputError(
                f"key 'melds' must be a list of strings like 'pon 777z', got {quote(melds)}"
            )
        meld_objs = tuple([parse_meld(m) for m in melds])
        if "seat" in obj:
            situation["seat_wind"] = wind_from_str(_json_str(obj, "seat"))
        if "round" in obj:
            situation["round_wind"] = wind_from_str(_json_str(obj, "round"))
        if "declarations" in obj:
            decl = obj["declarations"]
            if not isinstance(decl, list) or not all(isinstance(d, str) for d in decl):
                raise InputError(f"key 'declarations' must be a list of strings, got {quote(decl)}")
            situation["declarations"] = frozenset(decl)
        plain = [key for key in obj if key in _PLAIN_JSON_SET]
        if plain:
            if not all(_json_type_ok(key, obj[key]) for key in plain):
                for key in _PLAIN_JSON_FIELDS:  # the first wrong key in field order
                    if key in obj:
                        _json_plain(key, obj[key])
            for key in plain:
                situation[key] = obj[key]
        # parse_tiles gives tile ids in range, so sorting is all _tile_tuple would do.
        win = object.__new__(cls)
        _init(win, tuple(sorted(parsed.tiles)), win_tile, meld_objs, situation)
        return win

    def to_json(self) -> dict[str, Any]:
        """Inverse of from_json; fields at their default are left out."""
        out: dict[str, Any] = {
            "hand": format_tiles(self.concealed, self.red),
            "win": tile_name(self.win_tile),
        }
        if self.melds:
            out["melds"] = [str(m) for m in self.melds]
        if self.seat_wind != EAST:
            out["seat"] = wind_letter(self.seat_wind)
        if self.round_wind != EAST:
            out["round"] = wind_letter(self.round_wind)
        for key in _PLAIN_JSON_FIELDS:
            value = getattr(self, key)
            if value != _DEFAULTS[key]:
                out[key] = value
        if self.declarations:
            out["declarations"] = sorted(self.declarations)
        return out


# -- validation helpers ------------------------------------------------------------------


def _init(
    win: Win,
    concealed: tuple[int, ...],
    win_tile: int,
    melds: Sequence[Meld],
    situation: dict[str, Any],
) -> None:
    """Validate and fill a new Win: every field and derived fact goes into one dict, set
    as the instance's ``__dict__`` in one step. Win is built once per evaluated hand
    (bench/evaluate_vs_mahjong.py), and a frozen dataclass's own ``__init__`` would set its
    34 fields one by one, each through ``object.__setattr__``."""
    check_tile(win_tile, "winning tile")
    if type(melds) is not tuple or not all(type(m) is Meld for m in melds):
        melds = _meld_tuple(melds)
    _check_counts(concealed, melds)
    state = _STATE.copy()
    if situation:
        state.update(situation)
    # One pass over the tiles for every derived fact.
    counts = [0] * NUM_TILES
    for t in concealed:
        counts[t] += 1
    concealed_counts = tuple(counts)
    quads = 0
    closed = state["called_pairs"] == 0
    present = set(concealed)
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
        present.update(m.tiles)
        if m.kind != "ankan":
            closed = False
            if m.kind != "chi" and m.kind != "pon":
                quads += 1
        else:
            quads += 1
    mask = mask2 = mask3 = total = 0
    for t in present:
        n = counts[t]
        if n > 4:
            _too_many(counts)
        bit = 1 << t
        mask |= bit
        total += _NUMBER_OF[t] * n
        if n >= 2:
            mask2 |= bit
            if n >= 3:
                mask3 |= bit
    if not concealed_counts[win_tile]:
        raise InputError(
            f"winning tile {tile_name(win_tile)} is not among the concealed tiles "
            f"{format_tiles(concealed)} (the hand must include the winning tile)"
        )
    state["concealed"] = concealed
    state["win_tile"] = win_tile
    state["melds"] = melds
    state["concealed_counts"] = concealed_counts
    state["tile_counts"] = tuple(counts)
    state["tile_mask"] = mask
    state["mask2"] = mask2
    state["mask3"] = mask3
    state["number_total"] = total
    state["quads"] = quads
    state["is_closed"] = closed
    state["suit_count"] = (
        (mask & 0x1FF != 0) + (mask >> 9 & 0x1FF != 0) + (mask >> 18 & 0x1FF != 0)
    )
    declarations = state["declarations"]
    if isinstance(declarations, (set, list, tuple)):
        try:
            state["declarations"] = frozenset(declarations)
        except TypeError:
            raise InputError(
                f"field 'declarations' = {declarations!r}: a set of names like 'no_calls'"
            ) from None
    object.__setattr__(win, "__dict__", state)
    # Given only the core of the hand (winds, tsumo, red fives) and the winner's riichi,
    # every other game fact is at its default by construction.
    core_only = _CORE_KEYS.issuperset(situation)
    if core_only:
        state["situational"] = bool(state["riichi"] != "none" or state["ippatsu"])
    else:
        state["situational"] = _is_situational(win)
    if not (_plain_core(win) if core_only else _plain_situation(win)):
        _check_situation_fully(win)


def _tile_tuple(value: object) -> tuple[int, ...]:
    if not isinstance(value, (tuple, list)):
        raise InputError(f"concealed tiles must be a tuple of tile ids, got {value!r}")
    ordered = sorted(value) if set(map(type, value)) <= _INTS else ()
    if ordered and ordered[0] >= 0 and ordered[-1] < NUM_TILES:
        return tuple(ordered)
    return tuple(sorted(check_tile(t) for t in value))


_INTS = frozenset({int})
# The number on each tile (honors: 0), for ``number_total``.
_NUMBER_OF: tuple[int, ...] = tuple(t % 9 + 1 if t < 27 else 0 for t in range(NUM_TILES))


def _too_many(counts: list[int]) -> None:
    for t, n in enumerate(counts):
        if n > 4:
            raise InputError(f"tile {tile_name(t)} appears {n} times (hand + melds); max 4")


def _meld_tuple(value: object) -> tuple[Meld, ...]:
    if not isinstance(value, (tuple, list)):
        raise InputError(f"melds must be a tuple of Meld, got {value!r}")
    for m in value:
        if not isinstance(m, Meld):
            raise InputError(f"meld {m!r} is not a Meld (parse text with parse_meld)")
    return tuple(value)


def _is_situational(w: Win) -> bool:
    """Any game fact off its default (``_SITUATION`` holds the same fields as the test
    below; for a well-typed Win the two agree, and the test below is the definition)."""
    return _SITUATION(w) != _SITUATION_DEFAULTS and _is_situational_by_field(w)


def _is_situational_by_field(w: Win) -> bool:
    return bool(
        w.riichi != "none"
        or w.ippatsu
        or w.first_go_around
        or w.turn is not None
        or w.haitei
        or w.houtei
        or w.rinshan
        or w.chankan
        or w.flowers
        or w.dealer_streak
        or w.honba
        or w.dealer_history
        or w.declarations
        or w.discarder
        or w.discarder_riichi != "none"
        or w.discarder_forced
        or w.discarder_kans
        or w.discarder_rinshan
        or w.discarder_broke_ippatsu
        or w.penultimate_kan
        or w.robbed_flower
        or w.furiten
    )


def _check_counts(concealed: tuple[int, ...], melds: tuple[Meld, ...]) -> None:
    if len(melds) > 4:
        raise InputError(f"{len(melds)} melds: a hand has at most 4")
    need = 14 - 3 * len(melds)
    if len(concealed) != need:
        quads = sum(1 for m in melds if m.is_quad)
        total = len(concealed) + sum(len(m.tiles) for m in melds)
        raise InputError(
            f"hand {format_tiles(concealed)} has {len(concealed)} concealed tiles; with "
            f"{len(melds)} meld(s) it needs {need} ({14 + quads} tiles in all with "
            f"{quads} quad(s), found {total})"
        )


def _plain_situation(win: Win) -> bool:
    """Every game fact at its default (as value and type) but perhaps the winner's own
    riichi and ippatsu, the winds wind tiles and the red fives in range: such a win passes
    every check of ``_check_situation_fully`` once the few rules about a riichi hold (a
    closed hand; ippatsu only with a riichi), whatever its tiles, so the full checks are
    not run (tests/engine/test_win_fast_path.py compares the two)."""
    facts = _QUIET_FACTS(win)
    return facts == _QUIET_DEFAULTS and tuple(map(type, facts)) == _QUIET_TYPES and _plain_core(win)


def _plain_core(win: Win) -> bool:
    """``_plain_situation`` for a win whose quiet facts are known to be at their defaults
    (built from the core keys alone): tsumo, the winds, the red fives, the riichi."""
    red = win.red
    seat, round_ = win.seat_wind, win.round_wind
    counts = win.concealed_counts
    if not (
        type(win.tsumo) is bool
        and type(red) is int
        and 0 <= red <= min(INT_BOUNDS["red"], counts[4] + counts[13] + counts[22])
        and type(seat) is int
        and is_wind(seat)
        and type(round_) is int
        and is_wind(round_)
    ):
        return False
    riichi, ippatsu = win.riichi, win.ippatsu
    if type(riichi) is not str or type(ippatsu) is not bool:
        return False
    if riichi == "none":
        return not ippatsu
    return riichi in _RIICHI_KINDS and win.is_closed


def _check_situation_fully(win: Win) -> None:
    for name in _BOOL_FIELDS:
        if type(getattr(win, name)) is not bool:
            raise InputError(f"field {name!r} must be true or false, got {getattr(win, name)!r}")
    for name in _INT_FIELDS:
        _check_int(name, getattr(win, name))
    if win.turn is not None:
        if type(win.turn) is not int:
            raise InputError(f"field 'turn' must be null or an integer, got {win.turn!r}")
        _check_int("turn", win.turn)
    for name in ("seat_wind", "round_wind"):
        if not (type(getattr(win, name)) is int and is_wind(getattr(win, name))):
            raise InputError(
                f"field {name!r} must be a wind tile 27..30, got {getattr(win, name)!r}"
            )
    fives = sum(win.concealed_counts[t] for t in (4, 13, 22))
    if win.red > fives:
        raise InputError(f"{win.red} red fives but the concealed tiles hold {fives} five(s)")
    _check_game_facts(win)


def _check_int(name: str, value: object) -> None:
    if type(value) is not int:
        raise InputError(f"field {name!r} must be an integer, got {value!r}")
    low, high = (1 if name == "min_han" else 0), INT_BOUNDS[name]
    if not low <= value <= high:
        raise InputError(f"field {name!r} = {value} is out of range: {low} to {high}")


def _check_game_facts(win: Win) -> None:
    if win.riichi not in RIICHI_KINDS:
        raise InputError(
            f"field 'riichi' must be one of {', '.join(RIICHI_KINDS)}, got {win.riichi!r}"
        )
    open_melds = [m for m in win.melds if m.is_open]
    if win.riichi != "none" and open_melds:
        raise InputError(f"riichi ({win.riichi}) with the open meld '{open_melds[0]}'")
    if win.ippatsu and win.riichi == "none":
        raise InputError("field 'ippatsu' needs a riichi")
    for name, needs_tsumo in (
        ("haitei", True),
        ("rinshan", True),
        ("houtei", False),
        ("chankan", False),
    ):
        if getattr(win, name) and win.tsumo != needs_tsumo:
            raise InputError(f"field {name!r} needs a {'tsumo' if needs_tsumo else 'ron'} win")
    if win.rinshan and not (win.quads or win.flowers):
        raise InputError("field 'rinshan' needs a kan (or a flower) to draw the replacement tile")
    if win.consecutive_kans > win.quads or (win.consecutive_kans and not win.rinshan):
        raise InputError(
            f"field 'consecutive_kans' = {win.consecutive_kans} needs a rinshan win and at "
            f"most as many kans as the hand holds ({win.quads})"
        )
    calls = [m for m in win.melds if m.is_open]
    if win.first_go_around and (calls or win.called_pairs):
        what = f"the meld '{calls[0]}'" if calls else "a called pair"
        raise InputError(f"field 'first_go_around' with {what} (a call ends it)")
    if win.called_pairs and win.melds:
        raise InputError(
            f"field 'called_pairs' = {win.called_pairs}: 0 to 6 pairs of a seven-pairs hand, "
            "with no meld"
        )
    unseen = 4 - win.tile_counts[win.win_tile]
    if win.visible_copies > unseen:
        raise InputError(
            f"field 'visible_copies' = {win.visible_copies} but only {unseen} other "
            f"{tile_name(win.win_tile)} exist outside the hand"
        )
    if not isinstance(win.declarations, frozenset) or not win.declarations <= DECLARATIONS:
        allowed = ", ".join(sorted(DECLARATIONS))
        raise InputError(f"field 'declarations' = {win.declarations!r}; allowed: {allowed}")
    if win.declarations & {"tsumo_only", "single_wait"} and win.riichi == "none":
        what = sorted(win.declarations & {"tsumo_only", "single_wait"})[0]
        raise InputError(f"field 'declarations': {what!r} is declared with a riichi")
    if "tsumo_only" in win.declarations and not win.tsumo:
        raise InputError("field 'declarations': 'tsumo_only' was declared, so no ron win")
    _check_turn(win)
    _check_discard(win)
    _check_first_discard(win)  # after _check_discard has validated 'discarder'
    _check_double_riichi(win)
    _check_claimed_tile(win)
    _check_game(win)
    _check_calls(win)
    _check_first_go_around_discard(win)
    _check_kans(win)


def _check_turn(win: Win) -> None:
    if win.turn == 0 and (win.tsumo or win.dealer):
        raise InputError(
            "field 'turn' = 0 (before any own draw) needs a ron by a non-dealer (the dealer's "
            "deal is draw 1)"
        )
    if win.first_go_around and win.turn is not None and win.turn > 1:
        raise InputError(
            f"field 'first_go_around' with 'turn' = {win.turn}: the first go-around ends "
            "before the winner's second draw"
        )
    # A riichi is declared with a discard, so the winner has drawn and discarded first: no
    # win before any own draw, no tsumo on the first draw.
    # (A tsumo in the first go-around is the first draw, whatever 'turn' says.)
    first_draw = win.tsumo and (win.turn == 1 or win.first_go_around)
    if win.riichi != "none" and (win.turn == 0 or first_draw):
        when = "before any own draw" if win.turn == 0 else "by tsumo on the first own draw"
        raise InputError(
            f"field 'riichi' = {win.riichi!r} with a win {when} ('turn' = {win.turn}): the "
            "riichi needs a discard of the winner's own first"
        )
    # In the first go-around the winner's riichi can only be the one declared on the first
    # discard: a double riichi.
    if win.first_go_around and win.riichi in ("riichi", "open"):
        double = "double" if win.riichi == "riichi" else "open_double"
        raise InputError(
            f"field 'riichi' = {win.riichi!r} with 'first_go_around': a riichi declared in "
            f"the first go-around is {double!r}"
        )
    if win.dealer and win.riichi in ("riichi", "open") and win.turn == 1:
        double = "double" if win.riichi == "riichi" else "open_double"
        raise InputError(
            f"field 'riichi' = {win.riichi!r} for the dealer (seat E) with 'turn' = 1: the "
            f"dealer's first discard comes before any call, so a riichi on it is {double!r}"
        )
    for name in ("haitei", "houtei"):
        if getattr(win, name) and (win.first_go_around or (win.turn is not None and win.turn <= 1)):
            raise InputError(
                f"field {name!r} (the last tile) with 'first_go_around' or 'turn' <= 1: the "
                "wall cannot run out in the first go-around"
            )
        if getattr(win, name) and win.turn is not None and win.turn <= _LAST_TILE_TURN[name]:
            raise InputError(
                f"field {name!r} (the last tile) with 'turn' = {win.turn}: the wall cannot run "
                f"out that early (70 draws; the others draw at most 3 per draw of the winner "
                "or call)"
            )
    kans = [m for m in win.melds if m.is_quad]
    if win.turn == 0 and kans:
        raise InputError(
            f"field 'turn' = 0 (before any own draw) with the meld '{kans[0]}': an ankan or "
            "kakan is declared after an own draw, and a daiminkan's replacement draw is the "
            "winner's first"
        )
    if win.first_go_around and (win.chankan or win.discarder_kans):
        what = "'chankan'" if win.chankan else "'discarder_kans'"
        raise InputError(
            f"field {what} with 'first_go_around': another player's kan needs an earlier call "
            "(a pon) or ends the first go-around itself"
        )


def _check_first_discard(win: Win) -> None:
    """A ron in the first go-around takes the discarder's first discard; with the winner's
    ``turn`` known, that discarder must sit where turn order has them discard by then.

    Seats in turn order from the dealer (East 0 … North 3). Before the winner's first draw
    (turn 0) only the seats before the winner have discarded; after it (turn 1, before the
    second draw) the first go-around ends with North, so only the seats after the winner.
    """
    if not (win.first_go_around and win.ron and win.discarder and win.turn is not None):
        return
    seat = win.seat_wind - EAST
    by = (seat + _SEAT_OFFSET[win.discarder]) % 4
    ok = by < seat if win.turn == 0 else by > seat
    if not ok:
        names = "ESWN"
        raise InputError(
            f"field 'discarder' = {win.discarder!r} (seat {names[by]}) with 'first_go_around' "
            f"and 'turn' = {win.turn} for seat {names[seat]}: in turn order that seat has made "
            "no discard yet to ron on"
        )


def _check_double_riichi(win: Win) -> None:
    """A double riichi is declared on the winner's first discard, with no call before it:
    in the first go-around, then, only the seats after the winner discard after it, and
    only the seats before it can have declared a riichi earlier. North's first discard is
    the first go-around's last; nobody declares before the dealer's first discard."""
    if win.riichi not in ("double", "open_double"):
        return
    seat = win.seat_wind - EAST
    names = "ESWN"
    by = (seat + _SEAT_OFFSET[win.discarder]) % 4 if win.discarder else None
    if win.discarder_riichi == "riichi" and (seat == 0 or (by is not None and by > seat)):
        who = "the dealer's" if seat == 0 else f"seat {names[seat]}'s"
        after = "" if by is None else f" and seat {names[by]} discards after it"
        raise InputError(
            f"field 'discarder_riichi' = 'riichi' (declared before the winner's riichi) with "
            f"{who} 'riichi' = {win.riichi!r}: the double riichi is on the winner's first "
            f"discard{after}" + ("; the dealer's is the hand's first" if seat == 0 else "")
        )
    if not (win.first_go_around and win.ron):
        return
    if seat == 3:
        raise InputError(
            f"seat N with 'riichi' = {win.riichi!r}, ron and 'first_go_around': North's "
            "double riichi is the first go-around's last discard, so none follows in it"
        )
    if by is not None and by < seat:
        raise InputError(
            f"field 'discarder' = {win.discarder!r} (seat {names[by]}) with seat "
            f"{names[seat]}'s 'riichi' = {win.riichi!r} in 'first_go_around': the riichi is "
            "on the winner's first discard, and that seat discarded before it"
        )


def _check_claimed_tile(win: Win) -> None:
    """The last tiles and the claimed flower: a rinshan tile comes from the dead wall, not
    the last wall tile; no riichi is declared on the last discard (no draw is left); the
    flower 七搶一 claims is set aside, not discarded; 再見，本壘打's kan must be there."""
    if win.haitei and win.rinshan:
        raise InputError(
            "field 'haitei' with 'rinshan': the replacement tile comes from the dead wall, "
            "not the last tile of the wall"
        )
    if win.houtei and win.discarder_riichi == "declaring":
        raise InputError(
            "field 'houtei' with 'discarder_riichi' = 'declaring': the last discard cannot "
            "declare a riichi, no draw being left"
        )
    if win.robbed_flower and win.houtei:
        raise InputError(
            "field 'robbed_flower' with 'houtei': the claimed tile is the eighth flower, not "
            "the last discard"
        )
    if win.robbed_flower and win.discarder_riichi == "declaring":
        raise InputError(
            "field 'robbed_flower' with 'discarder_riichi' = 'declaring': a flower set aside "
            "is no discard, so it declares no riichi"
        )
    if win.penultimate_kan and win.rinshan and not win.quads:
        raise InputError(
            "field 'penultimate_kan' on a rinshan win with no kan in the hand (a flower's "
            "replacement): the field is the kan's, declared on the last wall draw but one"
        )


def _check_choice(win: Win, name: str, allowed: tuple[str, ...]) -> None:
    value = getattr(win, name)
    if type(value) is not str or value not in allowed:
        raise InputError(f"field {name!r} must be one of {allowed!r}, got {value!r}")


def _check_discard(win: Win) -> None:
    _check_choice(win, "discarder", DISCARDERS)
    _check_choice(win, "discarder_riichi", DISCARDER_RIICHI)
    for name in (
        "discarder",
        "discarder_riichi",
        "discarder_forced",
        "discarder_kans",
        "discarder_rinshan",
        "discarder_broke_ippatsu",
    ):
        if getattr(win, name) != _DEFAULTS[name] and win.tsumo:
            raise InputError(f"field {name!r} describes a claimed discard: it needs a ron win")
    if win.discarder_riichi == "riichi_after" and win.riichi == "none":
        raise InputError("field 'discarder_riichi' = 'riichi_after' needs the winner's riichi")
    if win.discarder_kans > 4 or (win.discarder_kans and win.chankan):
        raise InputError(
            f"field 'discarder_kans' = {win.discarder_kans}: at most 4, and a robbed kan is "
            "no discard"
        )
    if win.chankan and win.tile_counts[win.win_tile] != 1:
        raise InputError(
            f"field 'chankan': the winner holds {win.tile_counts[win.win_tile]} "
            f"{tile_name(win.win_tile)} counting the winning tile, but the robbed kan needs the "
            "other three copies"
        )
    if win.chankan and win.discarder_riichi == "declaring":
        raise InputError(
            "field 'discarder_riichi' = 'declaring' with 'chankan': a tile added to a kan is "
            "no discard, so it cannot declare a riichi"
        )
    if win.discarder_rinshan and not win.discarder_kans:
        raise InputError("field 'discarder_rinshan' needs 'discarder_kans' (a kan to draw it)")
    if win.discarder_broke_ippatsu and (win.riichi == "none" or win.ippatsu):
        raise InputError(
            "field 'discarder_broke_ippatsu' needs the winner's riichi, and excludes 'ippatsu'"
        )


def _check_game(win: Win) -> None:
    if win.penultimate_kan and not win.rinshan:
        raise InputError("field 'penultimate_kan' needs a rinshan win")
    history = win.dealer_history
    if type(history) is not str or not set(history) <= DEALER_RESULTS:
        raise InputError(
            f"field 'dealer_history' must be a string of W (dealer won) and D (drawn), "
            f"got {history!r}"
        )
    if len(history) > MAX_DEALER_HISTORY:
        raise InputError(
            f"field 'dealer_history' has {len(history)} hands; at most {MAX_DEALER_HISTORY}"
        )
    if history and win.dealer_streak:
        streak = len(history) - len(history.rstrip("W")) + win.dealer
        if win.dealer_streak != streak:
            raise InputError(
                f"field 'dealer_streak' = {win.dealer_streak} but 'dealer_history' "
                f"{history!r} gives {streak}"
            )
    if win.robbed_flower and (win.flowers != 7 or win.tsumo):
        raise InputError(
            "field 'robbed_flower' needs 'flowers' = 7 and a claim (tsumo false), like a ron"
        )
    if win.furiten and not win.tsumo and not win.robbed_flower:
        raise InputError("field 'furiten': a furiten hand cannot win by ron")
    _check_indicators(win)


def _check_indicators(win: Win) -> None:
    """Dora and ura indicators: tiles, at most one plus one per kan, ura only with a
    riichi, and no tile seen more than four times counting the hand."""
    seen = list(win.tile_counts)
    counts = {}
    for name in ("dora", "ura"):
        text = getattr(win, name)
        if type(text) is not str:
            raise InputError(f"field {name!r} must be a string of tiles like '3m7z', got {text!r}")
        tiles = parse_tiles(text).tiles if text else []
        if len(tiles) > MAX_INDICATORS:
            raise InputError(
                f"field {name!r} = {text!r} has {len(tiles)} indicators; at most "
                f"{MAX_INDICATORS} (one, plus one per kan)"
            )
        counts[name] = len(tiles)
        for t in tiles:
            seen[t] += 1
            if seen[t] > 4:
                raise InputError(
                    f"field {name!r}: tile {tile_name(t)} appears {seen[t]} times (hand, melds "
                    "and indicators); max 4"
                )
    if counts["ura"] and win.riichi == "none":
        raise InputError("field 'ura': ura dora indicators are turned over only for a riichi")
    if counts["ura"] > counts["dora"]:
        raise InputError(
            f"field 'ura' has {counts['ura']} indicators but 'dora' {counts['dora']}: each ura "
            "indicator lies under a dora indicator"
        )



def _check_calls(win: Win) -> None:
    """Calls the other facts rule out: a called pair is a call (so no riichi and no
    不吃不碰 vow) in a seven-pairs hand; the vow rules out every open meld."""
    if win.called_pairs:
        if win.riichi != "none":
            raise InputError(
                f"field 'called_pairs' = {win.called_pairs} with 'riichi' = {win.riichi!r}: a "
                "called pair opens the hand, and an open hand cannot riichi"
            )
        if "no_calls" in win.declarations:
            raise InputError(
                f"field 'called_pairs' = {win.called_pairs} with the declaration 'no_calls': "
                "claiming a pair is a call"
            )
        if any(n % 2 for n in win.concealed_counts):
            raise InputError(
                f"field 'called_pairs' = {win.called_pairs} on {format_tiles(win.concealed)}: "
                "called pairs belong to a seven-pairs hand, and this hand is not all pairs"
            )
    open_melds = [m for m in win.melds if m.is_open]
    if open_melds and "no_calls" in win.declarations:
        raise InputError(
            f"the declaration 'no_calls' with the open meld '{open_melds[0]}': the vow is "
            "to make no call"
        )
    if win.robbed_flower and win.chankan:
        raise InputError(
            "field 'robbed_flower' with 'chankan': the claimed tile is the eighth flower, "
            "not a robbed kan"
        )


def _check_first_go_around_discard(win: Win) -> None:
    """In the first go-around every discard is its player's first, and no call is made."""
    if not (win.first_go_around and win.ron):
        return
    if win.discarder_riichi in ("riichi", "riichi_after"):
        raise InputError(
            f"field 'discarder_riichi' = {win.discarder_riichi!r} with 'first_go_around': the "
            "discarder's first discard can declare a riichi ('declaring'), not follow one"
        )
    if win.discarder_broke_ippatsu:
        raise InputError(
            "field 'discarder_broke_ippatsu' with 'first_go_around': breaking ippatsu takes a "
            "call, and a call ends the first go-around"
        )
    if win.seat_wind == EAST + 3 and win.turn == 1 and not win.discarder:
        raise InputError(
            "seat N, ron, 'first_go_around' and 'turn' = 1: the first go-around ends with "
            "North's own first discard, so no seat discards after North's first draw in it"
        )


# At most four kans in a game's hand: a fifth declaration ends the hand (or is not allowed).
MAX_KANS_ON_TABLE = 4


def _check_kans(win: Win) -> None:
    """Kans and the last tiles: no more than four on the table; a robbed added kan needs a
    pon, which a riichi hand holds none of; the last discard and the robbed kan are two
    different tiles; the kan before the last draw but one is not in the game's first turns."""
    if win.quads + win.discarder_kans > MAX_KANS_ON_TABLE:
        raise InputError(
            f"{win.quads} kan(s) in the hand and 'discarder_kans' = {win.discarder_kans}: at "
            f"most {MAX_KANS_ON_TABLE} kans are declared in a hand"
        )
    # A thirteen-orphans hand may rob a concealed kan under some rules, and a riichi hand
    # may declare one: only there can the robbed kan's owner be in riichi.
    kokushi_shaped = not win.melds and win.tile_mask & YAOCHUU_MASK == YAOCHUU_MASK
    if win.chankan and win.discarder_riichi in ("riichi", "riichi_after") and not kokushi_shaped:
        raise InputError(
            f"field 'chankan' with 'discarder_riichi' = {win.discarder_riichi!r}: the robbed "
            "added kan needs a pon, and a hand in riichi holds none"
        )
    if win.houtei and win.chankan:
        raise InputError(
            "field 'houtei' with 'chankan': houtei is won on the last discard, and a tile "
            "added to a kan is no discard"
        )
    if win.penultimate_kan and (win.first_go_around or win.turn == 1):
        raise InputError(
            "field 'penultimate_kan' with 'first_go_around' or 'turn' = 1: the last wall draw "
            "but one comes long after the winner's first draw"
        )

# A win is an object of strings, numbers, booleans and lists of strings: two levels of
# nesting. Deeper input is refused before anything recurses into it (json.loads and repr
# would hit Python's recursion limit); long strings and lists before any parsing loop.
MAX_JSON_DEPTH = 2
MAX_JSON_STRING = 200
MAX_JSON_LIST = 16
MAX_JSON_KEY = 40  # the longest key of WIN_FORMAT.md has 23 characters
# A win written out in full is a few hundred bytes; whitespace or padding beyond this is
# refused before parsing (json would build the whole text's objects first).
MAX_JSON_BYTES = 64 * 1024


def read_json(text: str) -> Any:
    """Parse the text of a winning-hand JSON file, refusing absurd size and nesting up front."""
    if len(text) > MAX_JSON_BYTES:
        raise InputError(f"more than the {MAX_JSON_BYTES} bytes a winning hand may take")
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise InputError(
                    f"JSON nested more than {MAX_JSON_DEPTH} levels deep; a win is an object "
                    "whose values are plain or lists of strings"
                )
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text, object_pairs_hook=_refuse_duplicate_keys)
    except InputError:
        raise
    except ValueError as e:
        raise InputError(f"not valid JSON: {e}") from None


def _check_json_shape(obj: Mapping[str, Any]) -> None:
    for key, value in obj.items():
        if type(key) is not str:  # a Python caller's dict: JSON keys are strings
            raise InputError(f"a key of a win must be a string, got {quote(key)}")
        if len(key) > MAX_JSON_KEY:  # before any message quotes it
            raise InputError(
                f"a key of {len(key)} characters; no key of a win is longer than {MAX_JSON_KEY}"
            )
        kind = type(value)
        if kind is bool or kind is int or value is None:
            continue
        if kind is str and len(value) <= MAX_JSON_STRING:
            continue
        if isinstance(value, Mapping):
            raise InputError(f"key {key!r} must not be an object")
        if isinstance(value, str) and len(value) > MAX_JSON_STRING:
            raise InputError(f"key {key!r}: a string of {len(value)} characters is too long")
        if isinstance(value, list):
            if len(value) > MAX_JSON_LIST:
                raise InputError(f"key {key!r}: a list of {len(value)} items is too long")
            for item in value:
                if not isinstance(item, _JSON_SCALARS):
                    raise InputError(
                        f"key {key!r} must hold strings, not nested lists or objects "
                        f"(JSON nested more than {MAX_JSON_DEPTH} levels deep)"
                    )
                if isinstance(item, str) and len(item) > MAX_JSON_STRING:
                    raise InputError(f"key {key!r}: an item of {len(item)} characters is too long")
        elif not isinstance(value, _JSON_SCALARS):
            # A Python caller's tuple, set or object (a tuple nested 100,000 deep made the
            # messages below recurse): JSON has no such value.
            raise InputError(f"key {key!r}: a {type(value).__name__} is not a JSON value")


_JSON_SCALARS = (str, int, float, type(None))


def _refuse_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object_pairs_hook: the last of two equal keys silently won before."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InputError(f"the key {quote(key)} is given twice in one object")
            seen.add(key)
    return obj


def _json_str(obj: Mapping[str, Any], key: str) -> str:
    value = obj[key]
    if not isinstance(value, str):
        raise InputError(f"key {key!r} must be a string, got {quote(value)}")
    return value


def _json_plain(key: str, value: Any) -> None:
    # Checked here too (not only in Win) so the message names the JSON key.
    if not _json_type_ok(key, value):
        raise InputError(f"key {key!r} has the wrong type: {quote(value)}")


def _json_type_ok(key: str, value: Any) -> bool:
    if key == "turn":
        return value is None or type(value) is int
    return type(value) is _JSON_TYPES[key]


_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Win) if f.default is not MISSING}
# A new Win's __dict__ starts as a copy of this: every field in declaration order (so all
# instances lay their dicts out alike), at its default or None until _init fills it.
_STATE: dict[str, Any] = {f.name: _DEFAULTS.get(f.name) for f in fields(Win)}
# The keywords Win takes beside concealed, win_tile and melds.
_SITUATION_KEYS = frozenset(
    f.name for f in fields(Win) if f.init and f.name not in ("concealed", "win_tile", "melds")
)
# The keys _plain_core checks by itself (the core of the hand, the winner's riichi).
_CORE_KEYS = frozenset({"tsumo", "seat_wind", "round_wind", "red", "riichi", "ippatsu"})
_INIT_FIELDS = frozenset(f.name for f in fields(Win) if f.init)
_SPECIAL = frozenset(
    {"concealed", "win_tile", "melds", "seat_wind", "round_wind", "red", "declarations"}
)
_PLAIN_JSON_FIELDS: tuple[str, ...] = tuple(
    f.name for f in fields(Win) if f.init and f.name not in _SPECIAL
)
_PLAIN_JSON_SET = frozenset(_PLAIN_JSON_FIELDS)
# The type a plain key's JSON value must have: its default's (bool for the flags).
_JSON_TYPES: dict[str, type] = {k: type(_DEFAULTS[k]) for k in _PLAIN_JSON_FIELDS}
_BOOL_FIELDS = tuple(k for k in _PLAIN_JSON_FIELDS if isinstance(_DEFAULTS[k], bool))
_INT_FIELDS = tuple(k for k in _PLAIN_JSON_FIELDS if type(_DEFAULTS[k]) is int) + ("red",)
# The game facts: every situation field but the core of the hand (tiles, winds, tsumo,
# red fives). A Win whose facts all sit at their defaults passes the consistency checks
# whatever its tiles, so construction skips them (see _check_situation).
_CORE = frozenset({"tsumo", "red"})
_FACT_FIELDS: tuple[str, ...] = tuple(k for k in _PLAIN_JSON_FIELDS if k not in _CORE) + (
    "declarations",
)
# The facts but the winner's riichi and ippatsu, which _plain_situation checks itself.
_QUIET_FIELDS = tuple(k for k in _FACT_FIELDS if k not in ("riichi", "ippatsu"))
_QUIET_FACTS = attrgetter(*_QUIET_FIELDS)
_QUIET_DEFAULTS = tuple(_DEFAULTS[k] for k in _QUIET_FIELDS)
_QUIET_TYPES = tuple(type(_DEFAULTS[k]) for k in _QUIET_FIELDS)
_RIICHI_KINDS = frozenset(RIICHI_KINDS)
# The fields _is_situational_by_field looks at.
_SITUATION_FIELDS = (
    "riichi", "ippatsu", "first_go_around", "turn", "haitei", "houtei", "rinshan",
    "chankan", "flowers", "dealer_streak", "honba", "dealer_history", "declarations",
    "discarder", "discarder_riichi", "discarder_forced", "discarder_kans",
    "discarder_rinshan", "discarder_broke_ippatsu", "penultimate_kan", "robbed_flower",
    "furiten",
)  # fmt: skip
_SITUATION = attrgetter(*_SITUATION_FIELDS)
_SITUATION_DEFAULTS = tuple(_DEFAULTS[k] for k in _SITUATION_FIELDS)
JSON_KEYS: tuple[str, ...] = (
    "hand",
    "win",
    "melds",
    "seat",
    "round",
    *_PLAIN_JSON_FIELDS,
    "declarations",
)
_JSON_KEY_SET = frozenset(JSON_KEYS)


# The C accelerator's ``Win.from_json`` for plain wins when it runs (set by
# yakubook/engine/_accel.py).
_FAST_FROM_JSON: Any = None


_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
