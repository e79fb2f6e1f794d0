"""A winning hand and the situation it was won in (see WIN_FORMAT.md for the JSON form).

``Win`` is validated once on construction, so every later stage (decomposition, the yaku
predicates) may assume a well-formed hand and never has to raise. The module is split by
concern: this file holds the type, its construction (``make``, ``from_json`` and its
checked path ``_from_json_checked``, ``_init``) and the fast paths for a plain win
(``_plain_situation``, which skips the full checks; the ``_FAST_FROM_JSON`` hook, which
reads a plain win's JSON in one pass: the C accelerator's ``win_from_json``, or the Python
engine's ``_from_plain_json``); situation.py holds the game facts' vocabulary, bounds and
consistency rules; win_json.py reads a win's JSON text under its size and shape caps.
Their public names stay importable from here.

Adding a situation field: give it a default of type bool, int, str or None in ``Win``.
Type checking (bool fields take bools, int fields ints) and the JSON form (key = field
name) follow from the default; an int field needs its bound in ``INT_BOUNDS``
(situation.py); add a consistency rule to situation.py's ``_check_game_facts`` if it
needs one, and document the key (and the bound) in WIN_FORMAT.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any

from yakubook.bounded import quote
from yakubook.engine import _accel
from yakubook.engine.melds import Meld, parse_meld
from yakubook.engine.situation import (  # noqa: F401  (re-exported names)
    DEALER_RESULTS,
    DECLARATIONS,
    DISCARDER_RIICHI,
    DISCARDERS,
    INT_BOUNDS,
    MAX_DEALER_HISTORY,
    MAX_FLOWERS,
    MAX_INDICATORS,
    MAX_KANS_ON_TABLE,
    RIICHI_KINDS,
    _check_game_facts,
    _check_int,
)
from yakubook.engine.tiles import (
    _SINGLE_TILE,
    EAST,
    NUM_TILES,
    check_tile,
    format_tiles,
    is_wind,
    parse_tiles,
    plain_tiles,
    tile_from_str,
    tile_name,
    wind_from_str,
    wind_letter,
)
from yakubook.engine.win_json import (  # noqa: F401  (re-exported names)
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    MAX_JSON_KEY,
    MAX_JSON_LIST,
    MAX_JSON_STRING,
    _check_json_shape,
    _json_str,
    read_json,
)
from yakubook.errors import InputError


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
            # The engine's fast path (the C accelerator's, or _from_plain_json) builds a
            # plain, valid win; None sends it down the checked path.
            win = _FAST_FROM_JSON(cls, obj)
            if win is not None:
                return win
        return _from_json_checked(cls, obj)

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


def _from_json_checked(cls: type[Win], obj: Mapping[str, Any]) -> Win:
    """``Win.from_json`` checking everything: it builds any valid win, and it names the
    first thing wrong with any other input (the errors of WIN_FORMAT.md)."""
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
    closed = state["called_pairs"] == 0
    present = set(concealed)
    quads, melds_closed = _add_melds(counts, present, melds)
    if not melds_closed:
        closed = False
    facts = _held_facts(counts, present)
    if facts is None:
        _too_many(counts)
    if not concealed_counts[win_tile]:
        raise InputError(
            f"winning tile {tile_name(win_tile)} is not among the concealed tiles "
            f"{format_tiles(concealed)} (the hand must include the winning tile)"
        )
    state["concealed"] = concealed
    state["win_tile"] = win_tile
    state["melds"] = melds
    _set_held(state, concealed_counts, counts, facts, quads, closed)
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


def _add_melds(counts: list[int], present: set[int], melds: Sequence[Meld]) -> tuple[int, bool]:
    """Count the melds' tiles into ``counts`` and ``present``; their quads, and whether
    every meld keeps the hand closed (an ankan does)."""
    quads = 0
    closed = True
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
    return quads, closed


def _set_held(
    state: dict[str, Any],
    concealed_counts: tuple[int, ...],
    counts: list[int],
    facts: tuple[int, int, int, int, int],
    quads: int,
    closed: bool,
) -> None:
    """Write the facts of the tiles held into a win's ``state``, in field order (both
    ``_init`` and the plain path fill a win's ``__dict__`` with them)."""
    state["concealed_counts"] = concealed_counts
    state["tile_counts"] = tuple(counts)
    (
        state["tile_mask"],
        state["mask2"],
        state["mask3"],
        state["number_total"],
        state["suit_count"],
    ) = facts
    state["quads"] = quads
    state["is_closed"] = closed


def _held_facts(
    counts: list[int], present: set[int]
) -> tuple[int, int, int, int, int] | None:
    """``tile_mask``, ``mask2``, ``mask3``, ``number_total`` and ``suit_count`` of the tiles
    held (``counts`` of the tiles in ``present``), or None when a tile is held more than
    four times. One addition per tile: ``_HELD`` packs the first four into one int."""
    packed = 0
    for t in present:
        n = counts[t]
        if n > 4:
            return None
        packed += _HELD[t][n]
    mask = packed & _ALL_TILES
    return (
        mask,
        packed >> _MASK2_AT & _ALL_TILES,
        packed >> _MASK3_AT & _ALL_TILES,
        packed >> _TOTAL_AT,
        (mask & 0x1FF != 0) + (mask >> 9 & 0x1FF != 0) + (mask >> 18 & 0x1FF != 0),
    )


# What a tile held n times (0 to 4) adds to each fact of _held_facts, side by side in one
# int: its bit in tile_mask (n >= 1), in mask2 (n >= 2) and in mask3 (n >= 3), and n times
# its number toward number_total. Each mask field has 34 bits, so no sum carries into the
# next field; the total is the top field.
_ALL_TILES = (1 << NUM_TILES) - 1
_MASK2_AT = NUM_TILES
_MASK3_AT = 2 * NUM_TILES
_TOTAL_AT = 3 * NUM_TILES
_HELD: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (n >= 1) << t | (n >= 2) << (_MASK2_AT + t) | (n >= 3) << (_MASK3_AT + t)
        | _NUMBER_OF[t] * n << _TOTAL_AT
        for n in range(5)
    )
    for t in range(NUM_TILES)
)


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


# -- the Python engine's fast path for a plain win ---------------------------------------

# The keys of a plain win: the hand, the winds, tsumo and the winner's riichi. Another key
# (a game fact) sends the win down the checked path.
_PLAIN_KEYS = frozenset({"hand", "win", "melds", "seat", "round", "tsumo", "riichi", "ippatsu"})
# A seat or round written as wind_from_str reads it with no whitespace.
_WIND_OF_TEXT: dict[str, int] = {
    **{letter: EAST + i for i, letter in enumerate("ESWN")},
    **{f"{i + 1}z": EAST + i for i in range(4)},
}


def _from_plain_json(cls: type[Win], obj: Mapping[str, Any]) -> Win | None:
    """``Win.from_json`` of a plain win, or None: the Python engine's ``_FAST_FROM_JSON``,
    as ``win_from_json`` is the C engine's. A plain win is a dict of ``_PLAIN_KEYS``
    alone, each value of its JSON type, the winds written as letters or tiles, the hand
    in plain notation, and a valid win. Anything else returns None, and ``from_json``
    takes the checked path, which builds the win or raises the error: this path knows
    when a win is plain, never why one is not (tests/engine/test_win_plain_json.py holds
    the two paths equal). This function reads the keys; ``_plain_win`` the tiles."""
    if type(obj) is not dict:
        return None
    for key in obj:  # the type first: hashing a key that is no str could run its code
        if type(key) is not str or key not in _PLAIN_KEYS:
            return None
    get = obj.get
    hand = get("hand")
    win_text = get("win")
    seat = get("seat", "E")
    round_ = get("round", "E")
    tsumo = get("tsumo", False)
    riichi = get("riichi", "none")
    ippatsu = get("ippatsu", False)
    if not (
        type(hand) is str
        and type(win_text) is str
        and type(seat) is str
        and type(round_) is str
        and type(tsumo) is bool
        and type(riichi) is str
        and type(ippatsu) is bool
    ):
        return None
    seat_wind = _WIND_OF_TEXT.get(seat)
    round_wind = _WIND_OF_TEXT.get(round_)
    # _plain_core's riichi rules but the closed hand (_plain_win's): ippatsu needs a riichi
    if seat_wind is None or round_wind is None or riichi not in _RIICHI_KINDS:
        return None
    if ippatsu and riichi == "none":
        return None
    situation = (tsumo, seat_wind, round_wind, riichi, ippatsu)
    return _plain_win(cls, hand, win_text, get("melds", []), situation)


def _plain_win(
    cls: type[Win],
    hand: str,
    win_text: str,
    melds: object,
    situation: tuple[bool, int, int, str, bool],
) -> Win | None:
    """The win of a plain win's tiles (``hand``, ``win_text``, the JSON ``melds``) and its
    checked ``situation`` (tsumo, seat and round wind tiles, riichi, ippatsu): every fact
    ``_init`` derives, in its ``__dict__`` (filled in field order as ``_init`` fills it);
    None when the tiles are not plain or not a valid win."""
    concealed = plain_tiles(hand)
    win_tile = _SINGLE_TILE.get(win_text)
    meld_objs = _plain_melds(melds)
    if concealed is None or win_tile is None or meld_objs is None:
        return None
    if len(concealed) != 14 - 3 * len(meld_objs):
        return None
    counts = [0] * NUM_TILES
    for t in concealed:
        counts[t] += 1
    concealed_counts = tuple(counts)
    # _plain_core's bounds on the red fives: each 0 written is a five the concealed tiles
    # hold, so only INT_BOUNDS' 4 needs a look
    red = hand.count("0")
    if not counts[win_tile] or red > INT_BOUNDS["red"]:
        return None
    present = set(concealed)
    quads, closed = _add_melds(counts, present, meld_objs) if meld_objs else (0, True)
    facts = _held_facts(counts, present)
    tsumo, seat_wind, round_wind, riichi, ippatsu = situation
    # _plain_core's last rule: a riichi only on a closed hand
    if facts is None or (riichi != "none" and not closed):
        return None
    concealed.sort()
    state = _STATE.copy()
    state["concealed"] = tuple(concealed)
    state["win_tile"] = win_tile
    state["melds"] = meld_objs
    state["tsumo"] = tsumo
    state["seat_wind"] = seat_wind
    state["round_wind"] = round_wind
    state["red"] = red
    state["riichi"] = riichi
    state["ippatsu"] = ippatsu
    _set_held(state, concealed_counts, counts, facts, quads, closed)
    state["situational"] = riichi != "none"
    win = object.__new__(cls)
    object.__setattr__(win, "__dict__", state)
    return win


def _plain_melds(melds: object) -> tuple[Meld, ...] | None:
    """The melds of a plain win (a list of at most four meld texts), or None."""
    # A fifth meld makes the win invalid: no need to parse a long list to see it.
    if type(melds) is not list or len(melds) > 4:
        return None
    parsed = []
    for text in melds:
        if type(text) is not str or len(text) > MAX_JSON_STRING:
            return None
        try:
            parsed.append(parse_meld(text))
        except InputError:
            return None
    return tuple(parsed)


# The engine's hook (yakubook/engine/_accel.py): the C accelerator's ``win_from_json``, or
# under the Python engine ``_FAST_FROM_JSON_py``.
_FAST_FROM_JSON: Any = None
_FAST_FROM_JSON_py = _from_plain_json


_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
