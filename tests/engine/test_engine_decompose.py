from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable

import pytest
from engine_hands import random_win
from mahjong.agari import Agari

from yakubook.engine import decompose
from yakubook.engine.decompose import (
    Block,
    Interpretation,
    interpretations,
    register_shape,
    registered_shapes,
    standard_shapes,
    unregister_shape,
)
from yakubook.engine.tiles import parse_tiles, tile_from_str
from yakubook.engine.win import Win


def summary(win: Win, **kwargs: bool) -> set[tuple[str, str, tuple[tuple[str, int], ...]]]:
    """(kind, wait, blocks as (kind, tile)) for each interpretation."""
    return {
        (i.kind, i.wait, tuple((b.kind, b.tile) for b in i.blocks))
        for i in interpretations(win, **kwargs)
    }


def t(text: str) -> int:
    return tile_from_str(text)


def test_triplets_or_sequences() -> None:
    win = Win.make("111222333m789p55s", "3m")
    found = {(i.wait, tuple(b.kind for b in i.blocks[:3])) for i in interpretations(win)}
    assert found == {
        ("shanpon", ("triplet", "triplet", "triplet")),
        ("penchan", ("sequence", "sequence", "sequence")),
    }


def test_concealed_triplets_ron_and_tsumo() -> None:
    ron = Win.make("111222333m789p55s", "3m")
    tsumo = Win.make("111222333m789p55s", "3m", tsumo=True)
    by_shape = {i.blocks[0].kind: i for i in interpretations(ron)}
    assert by_shape["triplet"].concealed_triplets == 2
    assert by_shape["triplet"].ron_opened == 2
    assert not by_shape["triplet"].is_concealed_triplet(2)
    assert by_shape["triplet"].is_concealed_triplet(0)
    assert by_shape["sequence"].concealed_triplets == 0
    assert {i.concealed_triplets for i in interpretations(tsumo)} == {0, 3}


def test_ron_triplet_stays_concealed_when_the_tile_also_fits_a_sequence() -> None:
    # 234m + 444m: the ron 4m may be read as completing 234m, so 444m stays concealed.
    win = Win.make("234444m111p999s55z", "4m")
    interps = interpretations(win)
    assert {i.wait for i in interps} == {"ryanmen", "shanpon"}
    assert {i.concealed_triplets for i in interps} == {3}
    assert all(i.ron_opened == -1 for i in interps)


@pytest.mark.parametrize(
    ("hand", "concealed", "opened"),
    [
        ("444456m111p999s55z", 3, False),  # 4m lowest of 456m: 444m stays concealed
        ("344445m111p999s55z", 3, False),  # 4m middle of 345m
        ("234444m111p999s55z", 3, False),  # 4m highest of 234m
        ("444567m111p999s55z", 2, True),  # 567m cannot take the 4m: the ron opens 444m
        ("123444m111p999s55z", 2, True),  # nor can 123m
    ],
)
def test_a_ron_opens_the_triplet_unless_a_sequence_holds_the_tile(
    hand: str, concealed: int, opened: bool
) -> None:
    # Ron on 4m with a concealed 444m: the triplet counts as concealed when the 4m can be
    # read as completing a concealed sequence (lowest, middle or highest tile of it).
    interps = interpretations(Win.make(hand, "4m"))
    assert {i.concealed_triplets for i in interps} == {concealed}
    triplet = next(n for n, b in enumerate(interps[0].blocks) if b == Block("triplet", t("4m")))
    assert {i.ron_opened for i in interps} == {triplet if opened else -1}


@pytest.mark.parametrize(
    ("win_tile", "waits"),
    [("1m", {"ryanmen"}), ("3m", {"tanki"}), ("4m", {"ryanmen"})],
)
def test_2223m_waits(win_tile: str, waits: set[str]) -> None:
    rest = {"1m": "12223m", "3m": "22233m", "4m": "22234m"}[win_tile]
    win = Win.make(rest + "456p789s", win_tile, melds=["pon 777z"])
    assert {i.wait for i in interpretations(win)} == waits


@pytest.mark.parametrize(
    ("hand", "win_tile", "wait"),
    [
        ("123m456p789s11z", "2m", "kanchan"),
        ("123m456p789s11z", "3m", "penchan"),
        ("123m456p789s11z", "1m", "ryanmen"),
        ("123m456p789s11z", "7s", "penchan"),
        ("123m456p789s11z", "9s", "ryanmen"),
        ("123m456p789s11z", "1z", "tanki"),
    ],
)
def test_sequence_waits(hand: str, win_tile: str, wait: str) -> None:
    win = Win.make(hand, win_tile, melds=["pon 777z"])
    (interp,) = interpretations(win)
    assert interp.wait == wait
    assert interp.winning_block.contains(t(win_tile))


def test_melds_are_blocks() -> None:
    win = Win.make("123m456p55s", "5s", melds=["chi 789s", "ankan 1111z"])
    (interp,) = interpretations(win)
    assert Block("sequence", t("7s"), open=True, from_meld=True) in interp.blocks
    assert Block("quad", t("1z"), open=False, from_meld=True) in interp.blocks
    assert interp.concealed_triplets == 1  # the ankan
    assert interp.pair == Block("pair", t("5s"))
    assert len(interp.sets) == 4


def test_identical_blocks_give_one_interpretation() -> None:
    win = Win.make("112233m456p789s55z", "2m")
    (interp,) = interpretations(win)
    assert interp.wait == "kanchan"


def test_chiitoitsu_and_ryanpeikou_shapes() -> None:
    win = Win.make("112233m445566p77z", "7z")
    kinds = sorted(i.kind for i in interpretations(win))
    assert kinds == ["chiitoitsu", "standard"]
    chiitoi = next(i for i in interpretations(win) if i.kind == "chiitoitsu")
    assert chiitoi.wait == "tanki" and chiitoi.winning_block == Block("pair", t("7z"))
    assert len(chiitoi.blocks) == 7 and not chiitoi.has_duplicate_pair
    # Only pairs count: the run 123m starts on the pair's tile in the standard reading.
    std = next(i for i in interpretations(Win.make("11123m123p123s999s", "9s"))
               if i.kind == "standard")
    assert std.pair is not None and not std.has_duplicate_pair


def test_four_of_a_kind_pairs_only_on_request() -> None:
    win = Win.make("1111m2233p445566s", "1m")
    assert summary(win) == set()
    (interp,) = interpretations(win, allow_four_of_a_kind_pairs=True)
    assert interp.kind == "chiitoitsu" and interp.has_duplicate_pair
    assert interp.tiles() == sorted(win.concealed)


def test_kokushi() -> None:
    single = Win.make("19m19p19s12345677z", "1m")
    (interp,) = interpretations(single)
    assert (interp.kind, interp.wait) == ("kokushi", "kokushi")
    assert interp.winning_block == Block("single", t("1m"))
    thirteen = Win.make("19m19p19s12345677z", "7z")
    (interp,) = interpretations(thirteen)
    assert interp.wait == "kokushi13" and interp.winning_block == Block("pair", t("7z"))
    assert interp.tiles() == sorted(thirteen.concealed)


def test_not_a_winning_hand() -> None:
    assert interpretations(Win.make("123m456p789s12z333z", "3z")) == ()
    assert interpretations(Win.make("11112222333344m", "4m")) != ()
    assert interpretations(Win.make("1111m222333444p5z", "5z")) == ()


def test_suit_splits_are_shared_and_nothing_is_cached_per_hand() -> None:
    win = Win.make("11122233344455m", "5m")
    again = Win.make("11122233344455m", "5m")
    assert interpretations(win) == interpretations(again)
    counts = win.concealed_counts
    # 111 222 333 444 55 / 123 123 123 444 55 / 111 234 234 234 55 / 111 22 234 345 345
    assert len(standard_shapes(counts)) == 4
    # Splits come from fixed tables made at import: the same pattern gives the same blocks.
    other = Win.make("11122233344455m", "5m", melds=[])
    first = decompose.standard_block_sets(counts)
    assert decompose.standard_block_sets(other.concealed_counts)[0][0] is first[0][0]
    sizes = [len(table) for table in decompose._SET_BLOCKS.values()]
    rng = random.Random(7)
    for _ in range(500):
        interpretations(random_win(rng))
    assert [len(table) for table in decompose._SET_BLOCKS.values()] == sizes == [2869] * 3
    assert not hasattr(standard_shapes, "cache_info")
    assert not hasattr(decompose._suit_blocks, "cache_info")


def _searched_splits(counts9: tuple[int, ...]) -> list[tuple[tuple[str, int], ...]]:
    """The reference: a depth-first search over tiles 1..9 deciding at each tile the
    blocks starting there (the engine's search before its tables)."""
    out: list[tuple[tuple[str, int], ...]] = []
    rest = sum(counts9) % 3
    if rest == 1:
        return out

    def search(c: list[int], i: int, need_pair: bool, acc: list[tuple[str, int]]) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            if not need_pair:
                out.append(tuple(acc))
            return
        n = c[i]
        for trip in (0, 1) if n >= 3 else (0,):
            for pair in (0, 1) if need_pair else (0,):
                seqs = n - 3 * trip - 2 * pair
                if seqs < 0 or (seqs and (i > 6 or c[i + 1] < seqs or c[i + 2] < seqs)):
                    continue
                added = [("sequence", i)] * seqs + [("triplet", i)] * trip + [("pair", i)] * pair
                c[i] = 0
                c[i + 1 : i + 3] = [x - seqs for x in c[i + 1 : i + 3]]
                search(c, i + 1, need_pair and not pair, acc + added)
                c[i] = n
                c[i + 1 : i + 3] = [x + seqs for x in c[i + 1 : i + 3]]

    search(list(counts9), 0, rest == 2, [])
    return out


def test_the_split_tables_agree_with_a_search_on_every_suit_pattern() -> None:
    """Every count pattern of one suit with at most 14 tiles (and no count above 4): the
    table lookup gives the searched splits, in the search's order."""
    checked = complete = 0
    for counts9 in itertools.product(range(5), repeat=9):
        total = sum(counts9)
        if total > 14 or total % 3 == 1:
            continue
        want = _searched_splits(counts9)
        assert list(decompose._suit_shapes(counts9)) == want, counts9
        if checked % 7 == 0:  # the block form, for one suit base each time
            base = (0, 9, 18)[checked % 3]
            blocks = decompose._suit_blocks(counts9, base)
            assert [tuple((b.kind, b.tile - base) for b in s) for s in blocks] == want
        checked += 1
        complete += bool(want)
    assert complete == 21743  # the empty suit included
    assert checked > 100_000


def test_shapes_run_only_when_asked() -> None:
    hand = parse_tiles("147m258p369s12345z")
    win = Win(concealed=tuple(hand.tiles), win_tile=t("1z"))
    calls: list[int] = []

    def counting(w: Win, counts: tuple[int, ...]) -> Iterable[Interpretation]:
        calls.append(1)
        return _all_singles(w, counts)

    register_shape("test_singles", counting, yaku=("9-99",))
    try:
        assert decompose.shapes_needed(["1-01"]) == ()
        assert decompose.shapes_needed(["1-01", "9-99"]) == ("test_singles",)
        assert interpretations(win, shapes=()) == () and not calls
        assert [i.kind for i in interpretations(win, shapes=("test_singles",))] == [
            "test_singles"
        ]
        assert len(calls) == 1
    finally:
        unregister_shape("test_singles")
    assert "test_singles" not in decompose.SHAPE_USERS


def test_every_interpretation_uses_the_hand_tiles() -> None:
    win = Win.make("11122233344455m", "5m", melds=[])
    for interp in interpretations(win):
        assert interp.tiles() == sorted(win.concealed)


# -- the plug-in hook ---------------------------------------------------------------------


def _all_singles(win: Win, counts: tuple[int, ...]) -> Iterable[Interpretation]:
    if win.melds or any(n > 1 for n in counts):
        return ()
    blocks = tuple(Block("single", tile) for tile in sorted(win.concealed))
    index = next(i for i, b in enumerate(blocks) if b.tile == win.win_tile)
    return (Interpretation("test_singles", blocks, index, "other"),)


def test_registered_shape_shows_up() -> None:
    hand = parse_tiles("147m258p369s12345z")
    win = Win(concealed=tuple(hand.tiles), win_tile=t("1z"))
    assert interpretations(win) == ()
    register_shape("test_singles", _all_singles)
    try:
        assert "test_singles" in registered_shapes()
        (interp,) = interpretations(win)
        assert interp.kind == "test_singles" and interp.wait == "other"
        assert interp.tiles() == sorted(win.concealed)
        # Built-in results come first and stay.
        normal = Win.make("123m456p789s11z", "1z", melds=["pon 777z"])
        assert [i.kind for i in interpretations(normal)] == ["standard"]
    finally:
        unregister_shape("test_singles")
    assert interpretations(win) == ()


def test_hook_guards() -> None:
    with pytest.raises(ValueError, match="built in"):
        register_shape("standard", _all_singles)
    register_shape("test_wrong_kind", lambda win, counts: _all_singles(win, counts))
    try:
        hand = parse_tiles("147m258p369s12345z")
        with pytest.raises(ValueError, match="returned kind 'test_singles'"):
            interpretations(Win(concealed=tuple(hand.tiles), win_tile=t("1z")))
    finally:
        unregister_shape("test_wrong_kind")


def test_completeness_matches_the_library_on_near_winning_hands() -> None:
    """Winning hands with one tile swapped are complete about as often as not: a sharp
    test of the shape search against an independent implementation."""
    rng = random.Random(7)
    checked = complete = 0
    while checked < 4000:
        win = random_win(rng)
        if win.melds:
            continue
        tiles = list(win.concealed)
        tiles[rng.randrange(14)] = rng.choice([t for t in tiles if t < 27] or tiles) + rng.choice(
            (-1, 0, 1)
        )
        tiles = [min(max(t, 0), 33) for t in tiles]
        if max(Counter(tiles).values()) > 4:
            continue
        swapped = Win(concealed=tuple(tiles), win_tile=tiles[0])
        found = interpretations(swapped)
        assert bool(found) == Agari.is_agari(list(swapped.concealed_counts)), swapped.to_json()
        checked += 1
        complete += bool(found)
    assert 500 < complete < 3500


def _dense_one_suit(rng: random.Random, total: int) -> list[int]:
    """Counts of ``total`` tiles of one random suit, each tile at most four times."""
    counts = [0] * 34
    base = 9 * rng.randrange(3)
    while sum(counts) < total:
        t = base + rng.randrange(9)
        counts[t] = min(4, counts[t] + 1)
    return counts


def test_is_standard_complete_agrees_with_the_splits() -> None:
    rng = random.Random(11)
    complete = 0
    for _ in range(3000):
        counts = [0] * 34
        for t in rng.sample(range(34), rng.randint(2, 7)):
            counts[t] = rng.randint(1, 4)
        while sum(counts) > 14:
            t = rng.choice([t for t, n in enumerate(counts) if n])
            counts[t] -= 1
        key = tuple(counts)
        assert decompose.is_standard_complete(key) == bool(standard_shapes(key))
        complete += decompose.is_standard_complete(key)
    for win in (random_win(rng) for _ in range(300)):
        counts = win.concealed_counts
        assert decompose.is_standard_complete(counts) == bool(standard_shapes(counts))
        complete += decompose.is_standard_complete(counts)
    assert complete > 100  # both answers occur
    # Dense one-suit counts, where a suit has many splits (the early exit matters there).
    dense = 0
    for _ in range(3000):
        key = tuple(_dense_one_suit(rng, 14))
        assert decompose.is_standard_complete(key) == bool(standard_shapes(key))
        dense += decompose.is_standard_complete(key)
    assert dense > 30


def test_kokushi_pair_needs_all_thirteen_kinds_even_with_fourteen_terminals():
    # 11m 999m 9p1p 1s9s 12345z: fourteen terminals and honors, one pair, but 6z and 7z
    # are missing (bodies of 3-02, 3-14 and 3-16 ask kokushi_pair directly).
    from yakubook.engine.decompose import kokushi_pair
    from yakubook.engine.win import Win

    counts = Win.make("11999m19p19s12345z", "5z").concealed_counts
    assert sum(counts) == 14
    assert kokushi_pair(counts) is None
    assert kokushi_pair(Win.make("119m19p19s1234567z", "7z").concealed_counts) == 0


def test_standard_waits_are_the_tiles_that_complete_the_hand() -> None:
    """Against adding each tile and asking is_standard_complete (itself checked against
    the splits and mahjong's Agari above): winning hands less one tile
    (sometimes with another tile moved, so no wait at all), over every suit and honors,
    and dense one-suit hands with many waits."""
    rng = random.Random(13)
    hands: list[list[int]] = []
    while len(hands) < 3000:
        win = random_win(rng)
        if win.melds:
            continue
        counts = list(win.concealed_counts)
        counts[rng.choice(win.concealed)] -= 1
        if rng.random() < 0.3:
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            hands.append(counts)
    for _ in range(2000):
        hands.append(_dense_one_suit(rng, 13))
    waiting = several = 0
    for counts in hands:
        expected = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if decompose.is_standard_complete(tuple(counts)):
                    expected.append(t)
                counts[t] -= 1
        assert decompose.standard_waits(tuple(counts)) == expected, counts
        waiting += bool(expected)
        several += len(expected) >= 3
    assert waiting > 1500 and several > 300  # hands with waits, many with several


def test_a_block_contains_exactly_its_own_tiles():
    for kind in ("sequence", "triplet", "quad", "pair", "single"):
        block = decompose.Block(kind, 12)
        for tile in range(34):
            assert block.contains(tile) == (tile in block.tiles), (kind, tile)


def test_a_block_s_size_is_its_number_of_tiles() -> None:
    win = Win.make("123m456p55s", "5s", melds=["chi 789s", "ankan 1111z"])
    (interp,) = interpretations(win)
    sizes = sorted((b.kind, b.size) for b in interp.blocks)
    assert sizes == [("pair", 2), ("quad", 4), ("sequence", 3), ("sequence", 3), ("sequence", 3)]
    assert Block("triplet", t("1z")).size == 3 and Block("single", t("1z")).size == 1


def test_a_shape_kind_no_finder_is_registered_for_adds_nothing() -> None:
    # Only the kinds in `shapes` are looked for; a kind with no finder finds nothing.
    win = Win.make("123m456p789s11222z", "2z")
    assert interpretations(win, shapes=("no_such_shape",)) == interpretations(win, shapes=())
    assert len(interpretations(win, shapes=("no_such_shape",))) == 1
