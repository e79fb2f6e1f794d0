"""Property tests: notation round trips, decomposition invariants, and robustness
(whatever comes in, the engine raises InputError or nothing).

Each property counts how often it reaches its main assertion (``REACHED``), and its test
checks that count after the run: a strategy that mostly produces inputs the property
returns early on (an InputError, a hand that is not complete) would otherwise pass while
checking almost nothing. Round trips run on strategies that build valid inputs; the
robustness properties, fed garbage on purpose, must still reach both outcomes.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from typing import Any

from engine_hands import random_win
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from yakubook.engine.decompose import interpretations
from yakubook.engine.melds import MELD_KINDS, format_meld, parse_meld
from yakubook.engine.tiles import FIVES, format_tiles, parse_tiles
from yakubook.engine.win import Win
from yakubook.errors import InputError

# No example database (nothing written into the tree), no deadlines (no timing in tests),
# derandomized: the same inputs every run, so the counts of reached assertions are stable.
PROPS = settings(
    max_examples=300,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

tile = st.integers(0, 33)
REACHED: Counter[str] = Counter()


def reached(prop, *names: str) -> Counter[str]:
    """Run a hypothesis property and return how often it reached each named point."""
    for name in names:
        REACHED[name] = 0
    prop()
    return Counter({name: REACHED[name] for name in names})


@st.composite
def tile_multisets(draw: st.DrawFn, max_size: int = 18) -> list[int]:
    tiles = draw(st.lists(tile, max_size=max_size))
    counts = Counter(tiles)
    return [t for t in tiles if counts[t] <= 4] or [0]


@PROPS
@given(tile_multisets(), st.integers(0, 12))
def _notation_round_trip(tiles: list[int], red_wish: int) -> None:
    red = min(red_wish, sum(1 for t in tiles if t in FIVES))
    text = format_tiles(tiles, red)
    parsed = parse_tiles(text)
    assert sorted(parsed.tiles) == sorted(tiles)
    assert parsed.red == red
    assert format_tiles(parsed.tiles, parsed.red) == text
    REACHED["round trip"] += 1
    REACHED["red"] += red > 0


def test_notation_round_trip() -> None:
    got = reached(_notation_round_trip, "round trip", "red")
    assert got["round trip"] >= 250 and got["red"] >= 30, got


@PROPS
@given(
    st.text(alphabet="0123456789mpsz zx\n", max_size=20)
    | st.lists(st.from_regex(r"[0-9]{1,4}[mps]|[1-7]{1,4}z", fullmatch=True), max_size=5).map(
        "".join
    )
)
def _parse_tiles_only_raises_input_error(text: str) -> None:
    try:
        parsed = parse_tiles(text)
    except InputError:
        REACHED["refused"] += 1
        return
    again = parse_tiles(format_tiles(parsed.tiles, parsed.red))
    assert sorted(again.tiles) == sorted(parsed.tiles) and again.red == parsed.red
    REACHED["parsed"] += 1


def test_parse_tiles_only_raises_input_error() -> None:
    got = reached(_parse_tiles_only_raises_input_error, "refused", "parsed")
    assert got["refused"] >= 20 and got["parsed"] >= 150, got


@st.composite
def valid_melds(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(MELD_KINDS))
    suit = draw(st.sampled_from("mpsz"))
    if kind == "chi":
        suit = draw(st.sampled_from("mps"))
        start = draw(st.integers(1, 7))
        digits = [start, start + 1, start + 2]
    else:
        digits = [draw(st.integers(1, 7 if suit == "z" else 9))] * (3 if kind == "pon" else 4)
    text = "".join(map(str, digits))
    if suit != "z" and 5 in digits and draw(st.booleans()):
        text = text.replace("5", "0", 1)  # one red five
    if draw(st.booleans()):
        text = "".join(draw(st.permutations(list(text))))
    return f"{kind} {text}{suit}"


@PROPS
@given(valid_melds())
def _meld_round_trip(text: str) -> None:
    meld = parse_meld(text)
    assert format_meld(meld).split()[0] == text.split()[0]
    assert sorted(format_meld(meld).split()[1]) == sorted(text.split()[1])
    assert parse_meld(format_meld(meld)) == meld
    REACHED["round trip"] += 1
    REACHED["red"] += meld.red > 0


def test_meld_round_trip() -> None:
    got = reached(_meld_round_trip, "round trip", "red")
    assert got["round trip"] >= 250 and got["red"] >= 10, got


garbage_meld_texts = st.builds(
    lambda kind, tiles: f"{kind} {tiles}",
    st.sampled_from([*MELD_KINDS, "peng"]),
    st.text(alphabet="0123456789mpsz", max_size=6),
)


@PROPS
@given(garbage_meld_texts | valid_melds())
def _meld_text_parses_or_raises_input_error(text: str) -> None:
    try:
        meld = parse_meld(text)
    except InputError:
        REACHED["refused"] += 1
        return
    assert parse_meld(format_meld(meld)) == meld
    REACHED["parsed"] += 1


def test_meld_text_parses_or_raises_input_error() -> None:
    # Half garbage (nearly always refused, never a crash), half valid melds in any order:
    # both branches must be reached, or the round trip would check nothing.
    got = reached(_meld_text_parses_or_raises_input_error, "refused", "parsed")
    assert got["refused"] >= 100 and got["parsed"] >= 100, got


@PROPS
@given(st.integers(0, 2**32 - 1))
def _interpretations_use_exactly_the_hand(seed: int) -> None:
    win = random_win(random.Random(seed))
    every_tile = sorted(list(win.concealed) + [t for m in win.melds for t in m.tiles])
    interps = interpretations(win)
    assert interps
    assert len(set(interps)) == len(interps)
    for interp in interps:
        assert interp.tiles() == every_tile
        assert interp.winning_block.contains(win.win_tile)
        assert not interp.winning_block.from_meld
        if interp.kind == "standard":
            assert sum(1 for b in interp.blocks if b.kind == "pair") == 1
            assert len(interp.sets) == 4
            assert 0 <= interp.concealed_triplets <= 4
    REACHED["checked"] += 1


def test_interpretations_use_exactly_the_hand() -> None:
    got = reached(_interpretations_use_exactly_the_hand, "checked")
    assert got["checked"] >= 250, got


KINDS_1M_TO_7M_EW = [0, 1, 2, 3, 4, 5, 6, 27, 28]  # 1m..7m, East, South


@st.composite
def near_winning_hands(draw: st.DrawFn) -> list[int]:
    """Fourteen tiles of nine kinds, at most four of each: half built from four sets and a
    pair (then perhaps one tile swapped), half drawn one by one."""
    counts: Counter[int] = Counter()
    if draw(st.booleans()):
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.integers(0, 4))
                block = [start, start + 1, start + 2]
            else:
                block = [draw(st.sampled_from(KINDS_1M_TO_7M_EW))] * 3
            counts.update(block)
        counts.update([draw(st.sampled_from(KINDS_1M_TO_7M_EW))] * 2)
        if draw(st.integers(0, 3)) == 0:
            counts[draw(st.sampled_from(sorted(counts)))] -= 1
            counts[draw(st.sampled_from(KINDS_1M_TO_7M_EW))] += 1
        if max(counts.values()) <= 4 and min(counts.values()) >= 0:
            return sorted(counts.elements())
        counts.clear()
    while sum(counts.values()) < 14:
        t = draw(st.sampled_from([k for k in KINDS_1M_TO_7M_EW if counts[k] < 4]))
        counts[t] += 1
    return sorted(counts.elements())


@PROPS
@given(near_winning_hands(), st.integers(0, 13), st.booleans())
def _complete_exactly_when_the_library_agrees(tiles: list[int], pick: int, tsumo: bool) -> None:
    win = Win(concealed=tuple(tiles), win_tile=tiles[pick], tsumo=tsumo)
    counts = list(win.concealed_counts)
    complete = bool(interpretations(win))
    assert complete == Agari.is_agari(counts)
    for interp in interpretations(win):
        assert interp.tiles() == sorted(tiles)
    REACHED["complete" if complete else "incomplete"] += 1


def test_complete_exactly_when_the_library_agrees() -> None:
    got = reached(_complete_exactly_when_the_library_agrees, "complete", "incomplete")
    assert got["complete"] >= 40 and got["incomplete"] >= 60, got


meld_texts = st.builds(
    lambda kind, start, n: (
        f"{kind} "
        + "".join(f"{x % 9 + 1}{'mpsz'[min(x // 9, 3)]}" for x in range(start, start + n))
    ),
    st.sampled_from(MELD_KINDS),
    st.integers(0, 35),
    st.integers(2, 4),
) | st.builds(
    lambda kind, t, n: f"{kind} " + f"{t % 9 + 1}{'mpsz'[t // 9]}" * n,
    st.sampled_from(MELD_KINDS),
    tile,
    st.integers(2, 5),
)


situation_extras = st.dictionaries(
    st.sampled_from(
        [
            "riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
            "visible_copies",
            "flowers",
            "consecutive_kans",
            "turn",
            "seat_wind",
            "round_wind",
            "red",
            "declarations",
            "first_go_around",
        ]
    ),
    st.none()
    | st.booleans()
    | st.integers(-2, 40)
    | st.sampled_from(["riichi", "open", "none", "E", "S", "9z", "x"])
    | st.lists(st.sampled_from(["no_calls", "bogus"]), max_size=2),
    max_size=3,
)

garbage_hands = st.tuples(
    st.lists(st.integers(-1, 34) | tile | tile, max_size=18),
    st.integers(-1, 34) | tile,
    st.lists(meld_texts, max_size=5),
    st.booleans(),
    situation_extras,
)


@st.composite
def win_make_arguments(draw: st.DrawFn) -> tuple[Any, ...]:
    """Garbage, or a valid win written as Win.make's arguments, with or without a situation
    that may not fit it (a seeded draw decides: `a | b` leans heavily to its first branch)."""
    mode = draw(st.integers(0, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    if mode == 3:
        return draw(garbage_hands)
    win = random_win(random.Random(seed))
    extra = draw(situation_extras) if mode == 2 else {}
    as_json = win.to_json()
    return as_json["hand"], as_json["win"], as_json.get("melds", []), win.tsumo, extra


@PROPS
@given(win_make_arguments())
def _any_input_raises_only_input_error(args: tuple[Any, ...]) -> None:
    tiles, win_tile, melds, tsumo, extra = args
    try:
        win = Win.make(tiles, win_tile, melds, tsumo=tsumo, **extra)
    except InputError:
        REACHED["refused"] += 1
        return
    interpretations(win)
    interpretations(win, allow_four_of_a_kind_pairs=True)
    assert Win.from_json(win.to_json()) == win
    REACHED["accepted"] += 1


def test_any_input_raises_only_input_error() -> None:
    # Garbage (tile ids out of range, impossible melds and situations) and real wins with
    # or without a situation that may not fit them: both outcomes must be reached.
    got = reached(_any_input_raises_only_input_error, "refused", "accepted")
    assert got["refused"] >= 100 and got["accepted"] >= 75, got


SITUATIONS = st.fixed_dictionaries(
    {},
    optional={
        "tsumo": st.booleans(),
        "seat_wind": st.sampled_from([27, 28, 29, 30]),
        "round_wind": st.sampled_from([27, 28, 29, 30]),
        "riichi": st.sampled_from(["none", "riichi", "double", "open"]),
        "turn": st.none() | st.integers(1, 18),
        "visible_copies": st.integers(0, 2),
        "flowers": st.integers(0, 8),
        "dealer_streak": st.integers(0, 9),
        "honba": st.integers(0, 9),
        "min_han": st.integers(1, 2),
        "furiten": st.booleans(),
        "declarations": st.sets(st.sampled_from(["no_calls"]), max_size=1).map(frozenset),
    },
)


@st.composite
def fitting_wins(draw: st.DrawFn) -> tuple[Win, dict[str, Any]]:
    """A random valid win and a situation drawn to fit it: the rules of Win that tie a
    situation to its hand are kept by construction (no riichi or no-calls vow with an open
    meld, furiten only on a tsumo, no more visible copies of the winning tile than exist
    outside the hand), so nearly every example reaches the round trip."""
    base = random_win(random.Random(draw(st.integers(0, 2**32 - 1))))
    situation = dict(draw(SITUATIONS))
    if any(m.is_open for m in base.melds):
        situation.pop("riichi", None)
        situation.pop("declarations", None)
    if not situation.get("tsumo", base.tsumo):
        situation.pop("furiten", None)
    if "visible_copies" in situation:
        unseen = 4 - base.tile_counts[base.win_tile]
        situation["visible_copies"] = min(situation["visible_copies"], unseen)
    return base, situation


@PROPS
@given(fitting_wins())
def _win_json_round_trip(drawn: tuple[Win, dict[str, Any]]) -> None:
    base, situation = drawn
    try:
        win = dataclasses.replace(base, **situation)
    except InputError:
        REACHED["refused"] += 1  # a rule the strategy does not know of: measured below
        return
    assert Win.from_json(win.to_json()) == win
    assert Win.from_json(json.loads(json.dumps(win.to_json()))) == win
    REACHED["round trip"] += 1


def test_win_json_round_trip() -> None:
    # The situations fit their hands by construction: at least 90% of the 300 examples
    # must reach the round trip (the count does not depend on which modules happen to be
    # loaded, as Hypothesis's generation can).
    got = reached(_win_json_round_trip, "round trip", "refused")
    assert got["round trip"] >= 270, got


@st.composite
def complete_fourteen(draw: st.DrawFn) -> list[int]:
    """Fourteen ids built as four sets and a pair, or seven pairs (a kind may repeat past
    four: such hands must be refused, the rest read)."""
    if draw(st.booleans()):
        pairs = draw(st.lists(tile, min_size=7, max_size=7, unique=True))
        return sorted(t for t in pairs for _ in (0, 1))
    # Distinct triplet and pair kinds; only runs crossing a triplet's kind twice can still
    # pass four copies.
    kinds = draw(st.lists(tile, min_size=5, max_size=5, unique=True))
    tiles = [kinds[4]] * 2
    for kind in kinds[:4]:
        if draw(st.booleans()):
            start = draw(st.sampled_from(ALL_SEQ_STARTS))
            tiles += [start, start + 1, start + 2]
        else:
            tiles += [kind] * 3
    return sorted(tiles)


ALL_SEQ_STARTS = [base + n for base in (0, 9, 18) for n in range(7)]


@PROPS
@given(
    tiles=st.lists(tile, min_size=14, max_size=14) | complete_fourteen() | complete_fourteen(),
    win_index=st.integers(0, 13),
)
def _fourteen_valid_ids_raise_only_input_error(tiles: list[int], win_index: int) -> None:
    try:
        win = Win(concealed=tuple(tiles), win_tile=tiles[win_index])
    except InputError as exc:
        assert "appears" in str(exc)
        REACHED["refused"] += 1
        return
    REACHED["accepted"] += 1
    for interp in interpretations(win, allow_four_of_a_kind_pairs=True):
        assert interp.tiles() == sorted(tiles)
        REACHED["read"] += 1


def test_fourteen_valid_ids_raise_only_input_error() -> None:
    got = reached(_fourteen_valid_ids_raise_only_input_error, "refused", "accepted", "read")
    # Random ids are almost never a win; the built half must be read (a reading per hand
    # at least), or the tiles-of-every-reading assertion would never run.
    assert got["refused"] >= 1 and got["accepted"] >= 200 and got["read"] >= 150, got


@PROPS
@given(near_winning_hands(), st.integers(0, 13))
def _four_of_a_kind_pairs_only_add_readings(tiles: list[int], win_index: int) -> None:
    win = Win(concealed=tuple(tiles), win_tile=tiles[win_index])
    plain = set(interpretations(win))
    wider = set(interpretations(win, allow_four_of_a_kind_pairs=True))
    assert plain <= wider
    for interp in wider:
        assert interp.tiles() == sorted(tiles)
    REACHED["read" if wider else "none"] += 1


def test_four_of_a_kind_pairs_only_add_readings() -> None:
    got = reached(_four_of_a_kind_pairs_only_add_readings, "read", "none")
    assert got["read"] >= 60, got


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


# Values a Win JSON key may really take (WIN_FORMAT.md), so that a base hand with a few of
# them is accepted often enough for the round trip to be checked.
VALID_JSON_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "tsumo": st.booleans(),
    "seat": st.sampled_from(["E", "S", "W", "N"]),
    "round": st.sampled_from(["E", "S"]),
    "riichi": st.sampled_from(["none", "riichi"]),
    "turn": st.integers(2, 18),
    "flowers": st.integers(0, 8),
}

BASE_WIN = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}

valid_json_items = (
    st.dictionaries(st.sampled_from(sorted(VALID_JSON_VALUES)), st.just(None), max_size=3)
    .flatmap(lambda keys: st.fixed_dictionaries({key: VALID_JSON_VALUES[key] for key in keys}))
    .map(lambda items: {**BASE_WIN, **items})
)


@PROPS
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "hand",
                "win",
                "melds",
                "tsumo",
                "seat",
                "round",
                "riichi",
                "turn",
                "declarations",
                "flowers",
                "bogus",
            ]
        ),
        json_values,
        max_size=6,
    )
    | valid_json_items
    | valid_json_items,
    st.booleans(),
)
def _from_json_raises_only_input_error(obj: dict[str, Any], base: bool) -> None:
    if base:
        obj = {**BASE_WIN, **obj}
    try:
        win = Win.from_json(obj)
    except InputError:
        REACHED["refused"] += 1
        return
    assert Win.from_json(win.to_json()) == win
    REACHED["accepted"] += 1


def test_from_json_raises_only_input_error() -> None:
    got = reached(_from_json_raises_only_input_error, "refused", "accepted")
    # Garbage keys and values, or real values on the base hand: both outcomes reached.
    assert got["refused"] >= 100 and got["accepted"] >= 120, got
