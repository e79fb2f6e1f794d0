"""The game facts a win may state, their bounds, and the rules between them.

``Win`` (win.py) holds the facts; the checks here refuse a situation no table can reach
(each names the two facts that cannot go together: WIN_FORMAT.md lists them). They read
a built ``Win`` and import nothing of it, so win.py imports this module, not the reverse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yakubook.engine.tiles import (
    EAST,
    YAOCHUU_MASK,
    format_tiles,
    parse_tiles,
    tile_name,
)
from yakubook.errors import InputError

if TYPE_CHECKING:
    from yakubook.engine.win import Win


def _default(win: Win, name: str) -> object:
    """A field's default, as ``Win`` declares it."""
    return type(win).__dataclass_fields__[name].default


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
        if getattr(win, name) != _default(win, name) and win.tsumo:
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
