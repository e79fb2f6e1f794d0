"""Property tests: notation round trips, decomposition invariants, and robustness
(whatever comes in, the engine raises InputError or nothing)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine_hands import random_win
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari

from yaku.decompose import interpretations
from yaku.errors import InputError
from yaku.melds import MELD_KINDS, format_meld, parse_meld
from yaku.tiles import FIVES, format_tiles, parse_tiles
from yaku.win import Win

# No example database (nothing written into the tree), no deadlines (no timing in tests).
PROPS = settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

tile = st.integers(0, 33)


@st.composite
def tile_multisets(draw: st.DrawFn, max_size: int = 18) -> list[int]:
    tiles = draw(st.lists(tile, max_size=max_size))
    counts = Counter(tiles)
    return [t for t in tiles if counts[t] <= 4] or [0]


@PROPS
@given(tile_multisets(), st.integers(0, 12))
def test_notation_round_trip(tiles: list[int], red_wish: int) -> None:
    red = min(red_wish, sum(1 for t in tiles if t in FIVES))
    text = format_tiles(tiles, red)
    parsed = parse_tiles(text)
    assert sorted(parsed.tiles) == sorted(tiles)
    assert parsed.red == red
    assert format_tiles(parsed.tiles, parsed.red) == text


@PROPS
@given(st.text(alphabet="0123456789mpsz zx\n", max_size=20))
def test_parse_tiles_only_raises_input_error(text: str) -> None:
    try:
        parsed = parse_tiles(text)
    except InputError:
        return
    assert format_tiles(parsed.tiles, parsed.red)


@PROPS
@given(st.sampled_from([*MELD_KINDS, "peng"]), st.text(alphabet="0123456789mpsz", max_size=6))
def test_meld_round_trip_or_input_error(kind: str, tiles: str) -> None:
    try:
        meld = parse_meld(f"{kind} {tiles}")
    except InputError:
        return
    assert parse_meld(format_meld(meld)) == meld


@PROPS
@given(st.integers(0, 2**32 - 1))
def test_interpretations_use_exactly_the_hand(seed: int) -> None:
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


@PROPS
@given(st.lists(st.integers(0, 8), min_size=14, max_size=14), st.integers(0, 13), st.booleans())
def test_complete_exactly_when_the_library_agrees(
    offsets: list[int], pick: int, tsumo: bool
) -> None:
    # One suit plus a few honors keeps winning hands frequent enough to matter.
    tiles = [o if o < 7 else 20 + o for o in offsets]  # 1m..7m, East, South
    if max(Counter(tiles).values()) > 4:
        return
    win = Win(concealed=tuple(tiles), win_tile=tiles[pick], tsumo=tsumo)
    counts = list(win.concealed_counts)
    assert bool(interpretations(win)) == Agari.is_agari(counts)
    for interp in interpretations(win):
        assert interp.tiles() == sorted(tiles)


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


@PROPS
@given(
    tiles=st.lists(st.integers(-1, 34) | tile | tile, max_size=18),
    win_tile=st.integers(-1, 34) | tile,
    melds=st.lists(meld_texts, max_size=5),
    tsumo=st.booleans(),
    extra=st.dictionaries(
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
    ),
)
def test_any_input_raises_only_input_error(
    tiles: list[int], win_tile: int, melds: list[str], tsumo: bool, extra: dict[str, Any]
) -> None:
    try:
        win = Win.make(tiles, win_tile, melds, tsumo=tsumo, **extra)
    except InputError:
        return
    interpretations(win)
    interpretations(win, allow_four_of_a_kind_pairs=True)
    assert Win.from_json(win.to_json()) == win


@PROPS
@given(
    tiles=st.lists(tile, min_size=14, max_size=14),
    win_index=st.integers(0, 13),
)
def test_fourteen_valid_ids_raise_only_input_error(tiles: list[int], win_index: int) -> None:
    try:
        win = Win(concealed=tuple(tiles), win_tile=tiles[win_index])
    except InputError as exc:
        assert "appears" in str(exc)
        return
    for interp in interpretations(win, allow_four_of_a_kind_pairs=True):
        assert interp.tiles() == sorted(tiles)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
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
    ),
    st.booleans(),
)
def test_from_json_raises_only_input_error(obj: dict[str, Any], base: bool) -> None:
    if base:
        obj = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"], **obj}
    try:
        win = Win.from_json(obj)
    except InputError:
        return
    assert Win.from_json(win.to_json()) == win
