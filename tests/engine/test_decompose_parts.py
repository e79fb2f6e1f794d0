"""decompose's closed-hand readings part by part (``_closed_standard``, ``_parts``) against
the reference (``_standard`` over ``standard_block_sets_py``), and the bounded tables they
keep.

The readings must be the reference's field by field, in its order, and the readings of
one split must share one blocks tuple as the reference's do (evaluate reuses a body's
answer when ``interp.blocks is last.blocks``). The tables are checked cold, warm and
while they evict.
"""

from __future__ import annotations

import itertools
import random
import sys
import threading
from collections.abc import Iterator

import pytest
from engine_hands import random_win

from yakubook.engine import _accel, decompose
from yakubook.engine.decompose import Block, Interpretation
from yakubook.engine.tiles import YAOCHUU

Counts = tuple[int, ...]


def _reference(counts: Counts, win_tile: int, tsumo: bool) -> list[Interpretation]:
    out: list[Interpretation] = []
    for blocks in decompose.standard_block_sets_py(counts):
        out.extend(decompose._standard(blocks, (), win_tile, tsumo))
    return out


def _sharing(readings: list[Interpretation]) -> list[bool]:
    return [a.blocks is b.blocks for a, b in itertools.pairwise(readings)]


def _check(counts: Counts, win_tile: int, tsumo: bool) -> int:
    got = decompose._closed_standard(counts, win_tile, tsumo)
    want = _reference(counts, win_tile, tsumo)
    assert got == want, (counts, win_tile, tsumo)
    assert all(type(r) is Interpretation for r in got)
    assert _sharing(got) == _sharing(want), (counts, win_tile, tsumo)
    assert decompose._block_sets_of_parts(counts) == decompose.standard_block_sets_py(counts)
    return len(got)


def _counts(tiles: list[int]) -> Counts:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def _hands(rng: random.Random, n: int) -> Iterator[Counts]:
    """Closed hands of fourteen tiles: complete ones (the engine tests' generator, sets
    and a pair within one suit or across suits) and near misses (a tile swapped)."""
    for i in range(n):
        kind = i % 4
        if kind == 0:
            win = random_win(rng)
            if win.melds:
                continue
            counts = list(win.concealed_counts)
        else:
            base = rng.choice((0, 9, 18))
            tiles = []
            for _ in range(4):
                t = base + rng.randrange(9) if kind != 3 else rng.randrange(34)
                step = 1 if t < 27 and t % 9 <= 6 and rng.random() < 0.6 else 0
                tiles += [t, t + step, t + 2 * step]
            tiles += [base + rng.randrange(9)] * 2
            counts = list(_counts(tiles))
            if kind == 2:  # swap a tile: mostly not a standard hand any more
                held = [t for t in range(34) if counts[t]]
                counts[rng.choice(held)] -= 1
                counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            yield tuple(counts)


def test_closed_readings_are_the_reference_s_on_every_tile_ron_and_tsumo() -> None:
    readings = hands = 0
    for counts in _hands(random.Random(3801), 4000):
        for tile in range(34):
            if counts[tile]:
                for tsumo in (False, True):
                    readings += _check(counts, tile, tsumo)
        hands += 1
    assert hands > 2000 and readings > 25_000


def test_every_one_suit_hand_reads_as_the_reference_in_each_suit() -> None:
    """The 13,259 complete one-suit hands of fourteen tiles (many readings each), each in
    one of the three suits, won on one of its tiles, ron or tsumo, in turn."""
    checked = 0
    for i, counts9 in enumerate(
        c for c in itertools.product(range(5), repeat=9) if sum(c) == 14
    ):
        base = 9 * (i % 3)
        counts = (0,) * base + counts9 + (0,) * (25 - base)
        if not decompose.standard_block_sets_py(counts):
            continue
        held = [base + t for t in range(9) if counts9[t]]
        _check(counts, held[i % len(held)], bool(i & 1))
        checked += 1
    assert checked == 13_259


def _with_pair_patterns() -> set[Counts]:
    """Every count pattern of one suit that splits into sets and a pair (at most fourteen
    tiles): a pattern of sets alone from the table, and a pair added."""
    found = set()
    for key in decompose._SET_BLOCKS[0]:
        counts9 = tuple(key.to_bytes(9, "little"))
        if sum(counts9) <= 12:
            for i in range(9):
                if counts9[i] <= 2:
                    found.add(counts9[:i] + (counts9[i] + 2,) + counts9[i + 1 :])
    return found


def test_the_pair_part_is_the_reference_s_for_every_suit_that_holds_a_pair() -> None:
    """``_find_pair_part`` against ``_suit_blocks_with_pair`` in each suit for every
    pattern that splits into sets and a pair, and for patterns of 2 mod 3 tiles that do
    not; its triplets counted from its blocks."""
    complete = _with_pair_patterns()
    assert len(complete) == 21_743 - 2_869  # the complete patterns but those of sets alone
    rng = random.Random(11)
    others = set()
    while len(others) < 3000:
        counts9 = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if sum(counts9) <= 14 and sum(counts9) % 3 == 2 and counts9 not in complete:
            others.add(counts9)
    for counts9 in sorted(complete | others):
        key = decompose._suit_key(counts9)
        for base in (0, 9, 18):
            want = decompose._suit_blocks_with_pair(decompose._SET_BLOCKS[base], key, counts9, base)
            part = decompose._find_pair_part(key, base)
            assert bool(want) == (counts9 in complete)
            if not want:
                assert part is None, counts9
                continue
            assert part is not None and part[0] == want, (counts9, base)
            assert part[1] == tuple(sum(b.kind == "triplet" for b in s) for s in want)


def test_the_set_triplets_are_counted_from_the_splits() -> None:
    for key, splits in decompose._SET_BLOCKS[9].items():
        want = tuple(sum(b.kind == "triplet" for b in s) for s in splits)
        assert decompose._SET_TRIPS[key] == want


def test_the_honor_parts_are_the_forced_blocks() -> None:
    for counts7 in itertools.product(range(5), repeat=7):
        if sum(counts7) > 14:
            continue
        counts = (0,) * 27 + counts7
        key = int.from_bytes(bytes(counts), "little") >> 216
        splits, trips, pairs = decompose._honor_part(key, counts)
        blocks = decompose._honor_blocks(counts)
        if blocks is None:
            assert (splits, trips, pairs) == ((), (), 2)
        else:
            assert splits == (blocks,)
            assert trips == (sum(b.kind == "triplet" for b in blocks),)
            assert pairs == sum(b.kind == "pair" for b in blocks)
    assert len(decompose._HONOR_PARTS) <= decompose._MAX_HONOR_PARTS


def test_the_kept_pair_parts_stay_right_cold_warm_and_while_evicting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same counts in two suits are two entries (their blocks differ): a hand with
    # 22m 345m ... and one with 22p 345p ... both read right, in either order.
    hands = list(_hands(random.Random(77), 600))
    monkeypatch.setattr(decompose, "_PAIR_PARTS", {})
    monkeypatch.setattr(decompose, "_MAX_PAIR_PARTS", 16)
    kept = 0
    for _ in range(2):  # cold, then warm for the last few kept
        for counts in hands:
            tile = next(t for t in range(34) if counts[t])
            _check(counts, tile, False)
            assert len(decompose._PAIR_PARTS) <= 16
            kept = max(kept, len(decompose._PAIR_PARTS))
    assert kept == 16
    pin = _counts([9, 9, 11, 12, 13, *[0, 1, 2] * 3])
    man = _counts([0, 0, 2, 3, 4, *[9, 10, 11] * 3])
    for counts in (pin, man, pin, man):
        _check(counts, 2 if counts is man else 11, True)


def _builtin_reference(
    counts: Counts, win_tile: int, tsumo: bool, allow_four: bool
) -> tuple[Interpretation, ...]:
    """``_builtin`` of a closed hand as it was written before the parts: every count
    tested, seven pairs and thirteen orphans each by their own counts."""
    out = _reference(counts, win_tile, tsumo)
    if counts.count(2) + 2 * allow_four * counts.count(4) >= 7:
        pairs = decompose.chiitoitsu_pairs(counts, allow_four)
        if pairs:
            blocks = tuple(Block("pair", t) for t in pairs)
            out.append(Interpretation("chiitoitsu", blocks, pairs.index(win_tile), "tanki"))
    doubled = decompose.kokushi_pair(counts) if counts.count(0) == 21 else None
    if doubled is not None:
        blocks = tuple(Block("pair" if t == doubled else "single", t) for t in sorted(YAOCHUU))
        wait = "kokushi13" if win_tile == doubled else "kokushi"
        out.append(Interpretation("kokushi", blocks, sorted(YAOCHUU).index(win_tile), wait))
    return tuple(out)


@pytest.mark.parametrize("engine", ["python", "as loaded"])
def test_the_builtin_readings_of_closed_hands_are_the_reference_s(engine: str) -> None:
    """Seven pairs (some with four of a kind), thirteen orphans, standard hands that are
    seven pairs too, and the rest: one count of empty tiles rules the first two out."""
    before = _accel.ENGINE
    if engine == "python":
        _accel.use("python")
    try:
        _builtin_matches_the_reference(random.Random(2718))
    finally:
        _accel.use(before)


def _builtin_matches_the_reference(rng: random.Random) -> None:
    orphans = sorted(YAOCHUU)
    seen = set()
    for i in range(4000):
        shape = i % 4
        if shape == 0:
            pairs = rng.sample(range(34), 7 - (i % 8 == 0))
            tiles = [t for p in pairs for t in (p, p)] + ([pairs[0]] * 2 if i % 8 == 0 else [])
        elif shape == 1:
            tiles = [*orphans, rng.choice(orphans)]
        elif shape == 2:
            s = 9 * rng.randrange(3)
            tiles = [s, s, s + 1, s + 1, s + 2, s + 2, s + 3, s + 3, s + 4, s + 4, s + 5, s + 5]
            tiles += [27 + rng.randrange(7)] * 2
        else:
            win = random_win(rng)
            if win.melds:
                continue
            tiles = list(win.concealed)
        counts = _counts(tiles)
        if max(counts) > 4:
            continue
        for allow_four in (False, True):
            win_tile = rng.choice(tiles)
            got = decompose._builtin(counts, (), win_tile, bool(i & 1), allow_four)
            assert got == _builtin_reference(counts, win_tile, bool(i & 1), allow_four)
            seen.update(r.kind for r in got)
    assert seen == {"standard", "chiitoitsu", "kokushi"}


def test_the_kept_pair_parts_stay_right_under_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four threads reading hands through a table of eight, switching as often as CPython
    lets them: no error, every reading right (the table starts again in one step; evicting
    part of it iterated over a dict another thread was filling, which failed here)."""
    hands = list(_hands(random.Random(9), 1500))
    monkeypatch.setattr(decompose, "_PAIR_PARTS", {})
    monkeypatch.setattr(decompose, "_MAX_PAIR_PARTS", 8)
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            for counts in random.Random(seed).sample(hands, len(hands)):
                tile = next(t for t in range(34) if counts[t])
                assert decompose._closed_standard(counts, tile, False) == _reference(
                    counts, tile, False
                )
        except BaseException as e:  # reported below, from the main thread
            errors.append(e)

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(before)
    assert not errors, errors[:3]
