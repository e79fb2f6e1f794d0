"""The irregular shapes of yakubook/engine/shapes.py: what each finder accepts, the blocks it
writes, and that it stays out of ordinary hands."""

from __future__ import annotations

import random

import pytest

import catalog
from bench.evaluate_vs_mahjong import random_win
from yakubook.engine import shapes
from yakubook.engine.decompose import (
    SHAPE_CONDITIONS,
    interpretations,
    registered_shapes,
    shapes_needed,
)
from yakubook.engine.evaluation import _shapes, compile_ruleset
from yakubook.engine.rules import Ruleset
from yakubook.engine.tiles import HONOR_MASK, SUIT_MASKS
from yakubook.engine.win import Win
from yakubook.errors import InputError

FIRST = {"tsumo": True, "first_go_around": True}


def kinds(win: Win) -> set[str]:
    return {i.kind for i in interpretations(win)}


def test_all_registered() -> None:
    assert set(shapes.FINDERS) <= set(registered_shapes())


@pytest.mark.parametrize(
    ("kind", "hand", "win", "situation"),
    [
        (shapes.SHIISANPUUTAA, "147m258p369s12344z", "9s", FIRST),
        (shapes.SHIISANPUUTAA, "19m19p19s12345677z", "1m", FIRST),
        (shapes.SHIISANUUKAO, "147m258p369s12345z", "5z", FIRST),
        (shapes.JUUSHI_RENKAN, "1357m2468p123457s", "7s", FIRST),
        (shapes.BACK_FOUR, "1111m4444p7777s55z", "5z", {}),
        (shapes.BACK_FOUR, "1234m5678p3456s99s", "9s", {}),
        (shapes.CHIISHII, "1234567m1234567z", "7z", {}),
        (shapes.NANBOKU_SENSOU_2, "1168m1568p222444z", "4z", {}),
        (shapes.NANBOKU_SENSOU_3, "1188m55p66s222444z", "1m", {}),
        (shapes.KNITTING, "1234567m1234567p", "7p", {}),
    ],
)
def test_shape_found(kind: str, hand: str, win: str, situation: dict) -> None:
    w = Win.make(hand, win, **situation)
    found = [i for i in interpretations(w) if i.kind == kind]
    assert found
    for interp in found:
        assert interp.wait == "other"
        assert interp.tiles() == sorted(w.concealed)
        assert interp.winning_block.contains(w.win_tile)


@pytest.mark.parametrize(
    ("hand", "start"),
    [("1234567m1234567z", 1), ("1234567p1234567z", 1), ("2345678s1234567z", 2),
     ("3456789p1234567z", 3)],
)
def test_chiishii_start_is_the_number_the_run_starts_on(hand: str, start: int) -> None:
    counts = Win.make(hand, "7z").concealed_counts
    assert shapes.chiishii_start(counts) == start


def test_blocks() -> None:
    (interp,) = [
        i
        for i in interpretations(Win.make("147m258p369s12344z", "4z", **FIRST))
        if i.kind == shapes.SHIISANPUUTAA
    ]
    assert [b.kind for b in interp.blocks].count("pair") == 1
    assert interp.winning_block.kind == "pair"
    called = Win.make("11156688m444z", "4z", melds=["pon 222z"])
    (interp,) = [i for i in interpretations(called) if i.kind == shapes.NANBOKU_SENSOU_2]
    assert sorted(b.tile for b in interp.blocks if b.kind == "triplet") == [28, 30]
    assert interp.concealed_triplets == 0  # the pon is open, the North triplet won by ron


def test_first_draw_shapes_need_the_first_draw() -> None:
    # A shape only at the first uninterrupted draw: otherwise the hand is incomplete.
    for hand, win in (("147m258p369s12345z", "1z"), ("1357m2468p123457s", "7s")):
        assert interpretations(Win.make(hand, win)) == ()
        assert interpretations(Win.make(hand, win, tsumo=True)) == ()


def test_near_misses() -> None:
    assert not kinds(Win.make("147m258p368s12344z", "8s", **FIRST))  # 6s-8s 搭子
    assert not kinds(Win.make("1357m2468p123456s", "6s", **FIRST))
    assert not kinds(Win.make("1111m4444p7777s56z", "6z"))
    assert not kinds(Win.make("1234568m1234567z", "8m"))
    assert not kinds(Win.make("1234567m1234568p", "8p"))
    assert not kinds(Win.make("11146688m222444z", "2z"))


def test_back_four_splits() -> None:
    counts = Win.make("1111m2222m3333m44p", "4p").concealed_counts
    splits = shapes.back_four_splits(counts)
    # The 4p pair and three fours: no 4m, so no run.
    assert splits == ((12, (("four", 0), ("four", 1), ("four", 2))),)
    runs = Win.make("1234m2345m3456m99s", "9s").concealed_counts
    assert (26, (("run", 0), ("run", 1), ("run", 2))) in shapes.back_four_splits(runs)


def test_knitting_is_never_standard() -> None:
    rng = random.Random(7)
    for _ in range(200):
        numbers = [rng.randrange(9) for _ in range(7)]
        if max(numbers.count(n) for n in numbers) > 4:
            continue
        text = "".join(str(n + 1) for n in numbers)
        w = Win.make(f"{text}m{text}s", f"{numbers[0] + 1}s")
        assert kinds(w) == {shapes.KNITTING}


def test_back_four_runs_are_of_one_number_suit() -> None:
    # 1234z is no run: winds and dragons make no sequence, so eight honors in pairs with a
    # four and a pair of man is no BACK FOUR hand.
    counts = Win.make("111155m11223344z", "5m").concealed_counts
    assert shapes.back_four_splits(counts) == ()
    assert shapes.find_back_four(Win.make("111155m11223344z", "5m"), counts) == ()


def test_a_finders_kind_is_compared_by_value() -> None:
    # A finder may build its kind at run time (a string equal to, not the same object as,
    # the registered one); a different kind is still refused.
    from yakubook.engine.decompose import register_shape, unregister_shape

    kind = "yb_test_" + "".join(["sha", "pe"])
    win = Win.make("19m19p19s12345677z", "7z")

    def equal_kind(w: Win, counts: tuple[int, ...]):
        return (shapes._interpretation("".join(["yb_test_", "shape"]), shapes._singles(counts), w),)

    def other_kind(w: Win, counts: tuple[int, ...]):
        return (shapes._interpretation("yb_other", shapes._singles(counts), w),)

    try:
        register_shape(kind, equal_kind)
        found = [i for i in interpretations(win, shapes=[kind]) if i.kind == kind]
        assert len(found) == 1
        register_shape(kind, other_kind)
        with pytest.raises(ValueError, match="returned kind 'yb_other'"):
            interpretations(win, shapes=[kind])
    finally:
        unregister_shape(kind)


def _one_suit_patterns(total: int) -> list[tuple[int, ...]]:
    """Every count of one suit's nine tiles (each 0-4) that adds up to ``total``."""
    out: list[tuple[int, ...]] = []

    def fill(prefix: list[int], left: int) -> None:
        if len(prefix) == 9:
            if not left:
                out.append(tuple(prefix))
            return
        for n in range(min(4, left) + 1):
            fill([*prefix, n], left - n)

    fill([], total)
    return out


def test_back_four_table_matches_the_search() -> None:
    # Every 9th one-suit hand of fourteen tiles, and seeded hands of a pair and three
    # groups over all suits and honors, half of them with one tile moved: the table gives
    # what the search finds, in the same order.
    hands = [(*p, *[0] * 25) for p in _one_suit_patterns(14)[::9]]
    rng = random.Random(2026)
    groups = [("four", t) for t in range(34)] + [
        ("run", base + i) for base in (0, 9, 18) for i in range(6)
    ]
    while len(hands) < 13_200 + 4_000:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for kind, t in rng.sample(groups, 3):
            for k in (t,) * 4 if kind == "four" else range(t, t + 4):
                counts[k] += 1
        if rng.random() < 0.5:
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            hands.append(tuple(counts))
    found = 0
    for counts in hands:
        splits = shapes.back_four_splits(counts)
        assert splits == shapes.back_four_search(counts), counts
        found += bool(splits)
    assert found > 1_000  # the comparison covers many hands that have the shape


def test_every_shape_condition_holds_where_its_finder_finds_the_shape() -> None:
    """register_shape's ``when`` lets the evaluator skip a finder: it must hold for every
    hand the finder reads. Every catalog example (holding or not, each of these shapes
    among them) and seeded random wins."""
    import catalog
    from bench.evaluate_vs_mahjong import random_win
    from yakubook.engine import registry
    from yakubook.engine.decompose import _SHAPES, SHAPE_CONDITIONS

    registry.load_bodies()
    wins = []
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        wins.append(Win.from_json(obj))
    rng = random.Random(9)
    wins += [random_win(rng) for _ in range(3000)]
    found = dict.fromkeys(SHAPE_CONDITIONS, 0)
    for w in wins:
        for kind, when in SHAPE_CONDITIONS.items():
            if tuple(_SHAPES[kind](w, w.concealed_counts)):
                assert when(w), (kind, w.to_json())
                found[kind] += 1
    assert len(found) == 10 and all(found.values()), found  # each shape was seen


def test_a_shape_counts_no_ron_opened_triplet_without_a_ron() -> None:
    # 十三無靠 has no triplet; 南北戰爭 won by tsumo keeps both wind triplets concealed.
    (loose,) = [
        i
        for i in interpretations(Win.make("147m258p369s12345z", "5z", **FIRST))
        if i.kind == shapes.SHIISANUUKAO
    ]
    assert (loose.concealed_triplets, loose.ron_opened) == (0, -1)
    drawn = Win.make("1168m1568p222444z", "4z", tsumo=True)
    (interp,) = [i for i in interpretations(drawn) if i.kind == shapes.NANBOKU_SENSOU_2]
    assert (interp.concealed_triplets, interp.ron_opened) == (2, -1)


def test_kanchan_split_keeps_each_kanchan_in_its_suit() -> None:
    # 十四連嵌: seven 嵌張 (t, t+2) of one suit each. 6m-8m leaves an 8m whose partner
    # would be a 10m; the 1p two "above" it in tile order is no partner.
    assert not shapes.kanchan_split(Win.make("688m113p22445577s", "7s").concealed_counts)
    # 68m 13p 13p 24s 24s 57s 57s
    assert shapes.kanchan_split(Win.make("68m1133p22445577s", "7s").concealed_counts)


def test_a_pair_and_four_four_tile_groups_is_no_back_four_split() -> None:
    # BACK FOUR is a pair and THREE four-tile groups (3-16-07-01): eighteen tiles made of
    # four fours and a pair (1111 2222 3333 4444m 55p) have no such split.
    three = Win.make("1111m2222m3333m55p", "5p").concealed_counts
    assert shapes.back_four_pairs(three) == (13,)  # 55p
    counts = three[:3] + (4,) + three[4:]  # and 4444m
    assert sum(counts) == 18
    assert shapes.back_four_splits(counts) == ()
    assert shapes.back_four_pairs(counts) == ()


def test_shapes_function_matches_asking_each_condition() -> None:
    """The generated shapes function (its conditions written in, the Win's fields read
    once into locals) gives the shape kinds whose condition the hand passes, as asking
    each registered ``when`` in turn does: on the catalog's examples (the irregular
    shapes' own hands among them) and seeded random wins."""
    rng = random.Random(23)
    rs = Ruleset.default()
    checks, _ = compile_ruleset(rs)
    kinds = shapes_needed(c.id for c in checks)
    read = _shapes(rs)
    wins = [random_win(rng) for _ in range(300)]  # bench's: seven pairs among them
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        wins.append(Win.from_json(obj | ex.get("situation", {})))
    seen = set()
    for w in wins:
        expected = [k for k in kinds if SHAPE_CONDITIONS.get(k) is None or SHAPE_CONDITIONS[k](w)]
        assert read(w) == expected, w
        seen.update(expected)
    assert len(seen) >= 6  # the hands pass most conditions


def _knitting_reference(win: Win, counts: tuple[int, ...]) -> bool:
    """find_knitting's test as first written: no meld, no honor, exactly two suits, the
    same count per number in both."""
    mask = win.tile_mask
    if win.melds or mask & HONOR_MASK:
        return False
    suits = [i for i, m in enumerate(SUIT_MASKS) if mask & m]
    if len(suits) != 2:
        return False
    a, b = (9 * s for s in suits)
    return counts[a : a + 9] == counts[b : b + 9]


def test_knitting_finder_agrees_with_its_first_form() -> None:
    """Knitted hands in each pair of suits, near misses (one number off, a third suit, an
    honor) and random hands of every shape."""
    rng = random.Random(808)
    found = 0
    for i in range(3000):
        if i % 3 == 2:
            win = random_win(rng)
        else:
            numbers = [rng.randrange(9) for _ in range(7)]
            first, second = rng.sample("mps", 2)
            other = list(numbers)
            if i % 3 == 1:  # a near miss
                other[rng.randrange(7)] = rng.randrange(9)
            text = "".join(str(n + 1) for n in numbers)
            text2 = "".join(str(n + 1) for n in other)
            try:
                win = Win.make(f"{text}{first}{text2}{second}", f"{numbers[0] + 1}{first}")
            except InputError:  # five of a tile
                continue
        counts = win.concealed_counts
        want = _knitting_reference(win, counts)
        got = shapes.find_knitting(win, counts)
        assert bool(got) == want, win
        found += want
    assert found > 800
