"""The score's per-reading shortcut (issue #38): ``reading_facts`` and the plain count.

``score.reading_facts`` (C, beside its reference ``reading_facts_py``) reads in one call
what scoring needs of a standard reading's blocks: the set yaku, the honor triplets and
quads (yakuhai), the fu of the wait and sets, and whether a block is open. ``appraise``
then counts a reading whose local yaku take no standard yaku out from parts kept per
combination (``_plain_tally``) instead of in full (``_tally``). The first tests state the
facts from the fu and yakuhai rules on hands written by hand; the others compare the C
with the Python, and the shortcut with the full count, on many generated hands.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap

import pytest
from engine_hands import random_win

from yakubook.engine._accel import speedups
from yakubook.engine.award import Award
from yakubook.engine.decompose import Block, interpretations
from yakubook.engine.score import (
    SEVEN_PAIRS_KINDS,
    Scoring,
    _plain_tally,
    _rounded_fu,
    _seven_pairs_counted,
    _shape_counted,
    _tally,
    fu_of,
    reading_facts_py,
)
from yakubook.engine.win import Win

needs_c = pytest.mark.skipif(speedups is None, reason="the C accelerator is not built")
ENGINES = ["python", pytest.param("c", marks=needs_c)]


def _facts_fn(engine: str):
    return speedups.reading_facts if engine == "c" else reading_facts_py


def _args(win: Win, reading) -> tuple:
    return (reading.blocks, reading.wait, reading.win_block, reading.concealed_triplets,
            win.is_closed, win.tsumo, win.seat_wind, win.round_wind)


def _standard_readings(obj: dict) -> tuple[Win, list]:
    win = Win.from_json(obj)
    return win, [r for r in interpretations(win) if r.kind == "standard"]


@pytest.mark.parametrize("engine", ENGINES)
def test_fu_of_a_concealed_terminal_triplet_and_a_closed_wait(engine):
    # 111m 234p 567s 55p and 7-9s waiting on 8s (kanchan), by ron, closed: the concealed
    # triplet of a terminal is 8 fu, the closed wait 2: 10 fu of sets and wait; with the
    # 20 base and the closed ron's 10, 40 fu.
    win, readings = _standard_readings({"hand": "111m234p55p567s79s8s", "win": "8s"})
    (reading,) = readings
    _bits, honor_sets, set_fu, open_block = _facts_fn(engine)(*_args(win, reading))
    assert (set_fu, open_block, honor_sets) == (10, False, 0)
    assert _rounded_fu(win, set_fu, open_block) == (40, 40)


@pytest.mark.parametrize("engine", ENGINES)
def test_honor_triplets_in_block_order_and_an_open_pon(engine):
    # A called 中 (7z) pon and a concealed 白 (5z) triplet: both dragons, each yakuhai
    # (1 han). The open pon of an honor is 4 fu, the concealed honor triplet 8, the
    # 1s pair nothing, the two-sided wait on 2m (34m) nothing: 12; the pon makes the hand
    # open.
    win, readings = _standard_readings(
        {"hand": "555z234m678p11s", "win": "2m", "melds": ["pon 777z"], "tsumo": False}
    )
    assert readings
    for reading in readings:
        bits, honor_sets, set_fu, open_block = _facts_fn(engine)(*_args(win, reading))
        tiles = [b.tile for b in reading.blocks if b.tile >= 27 and b.is_triplet_like]
        # One base-8 digit per honor set, tile - 26, the first block's the highest.
        assert honor_sets == sum((t - 26) * 8 ** i for i, t in enumerate(reversed(tiles)))
        assert sorted(tiles) == [31, 33]
        assert open_block is True
        assert set_fu == 12
        assert not bits & 1  # no pinfu on an open hand


@needs_c
def test_c_and_python_reading_facts_agree_on_generated_readings():
    rng = random.Random(3838)
    seen = 0
    for _ in range(4000):
        win = random_win(rng)
        for reading in interpretations(win):
            if reading.kind == "standard":
                args = _args(win, reading)
                got = speedups.reading_facts(*args)
                assert got == reading_facts_py(*args), (win.to_json(), reading)
                seen += 1
    assert seen > 1000


def test_reading_facts_fu_is_the_fu_of_the_reading():
    # The fu put together from the facts are fu_of's, the reference.
    rng = random.Random(3839)
    for _ in range(3000):
        win = random_win(rng)
        for reading in interpretations(win):
            if reading.kind == "standard":
                _, _, set_fu, open_block = reading_facts_py(*_args(win, reading))
                assert _rounded_fu(win, set_fu, open_block) == fu_of(win, reading)


B = Block


@needs_c
@pytest.mark.parametrize(
    "args",
    [
        (),
        ((B("sequence", 0),), "ryanmen", 0, 0, True, False, 27, 27),  # fine
        ((B("sequence", 0),), "ryanmen", 0, 0, True, 1, 27, 27),  # tsumo not a bool
        ((B("sequence", 0),), "ryanmen", -1, 0, True, False, 27, 27),  # no such block
        ((B("sequence", 0),), "ryanmen", 2**70, 0, True, False, 27, 27),
        ((B("sequence", 0),), "ryanmen", "0", 0, True, False, 27, 27),
        ((B("triplet", 27, 1),), "tanki", 0, 0, True, False, 27, 27),  # open not a bool
        ((B("triplet", 27, None),), "tanki", 0, 0, True, False, 27, 27),
        ((B("single", 0),), "ryanmen", 0, 0, True, False, 27, 27),  # no standard block
        ((("pair", 0),), "tanki", 0, 0, True, False, 27, 27),  # a plain tuple
        ([B("pair", 0)], "tanki", 0, 0, True, False, 27, 27),  # a list
        ((B("pair", 0),), 5, 0, 0, True, False, 27, 27),  # the wait not text
        ((B("pair", 0),), "tanki", 0, 0, True, False, 27, None),
        ((B("quad", 31, True, True), B("quad", 32), B("triplet", 0, False, True),
          B("sequence", 9), B("pair", 27)), "kanchan", 2, 1, False, True, 27, 28),
        ((B("sequence", 0, True, True),), "ry\udc80", 0, 0, False, False, 27, 27),
    ],
)
def test_c_reading_facts_declines_or_agrees_on_hostile_input(args):
    # The C answers what the Python answers, or None (then the Python decides); it never
    # crashes nor raises where the Python would answer.
    try:
        expected = reading_facts_py(*args)
    except Exception:  # the reference refuses it: the C must only decline or agree
        expected = None
    got = speedups.reading_facts(*args)
    assert got is None or got == expected


# Run in a child process (``-X dev``: the allocator's debug hooks), so a reference
# miscounted fails the test instead of killing pytest.
KEEPS_NO_REFERENCE = textwrap.dedent(
    """
    import sys
    from yakubook.engine._accel import speedups
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.win import Win

    win = Win.from_json({"hand": "555z234m678p11s", "win": "2m", "melds": ["pon 777z"]})
    reading = [r for r in interpretations(win) if r.kind == "standard"][0]
    args = (reading.blocks, reading.wait, reading.win_block, reading.concealed_triplets,
            win.is_closed, win.tsumo, win.seat_wind, win.round_wind)
    watched = [args[0], *args[0], args[1], True, False]
    before = [sys.getrefcount(x) for x in watched]
    for _ in range(20000):
        facts = speedups.reading_facts(*args)
    del facts
    print([sys.getrefcount(x) for x in watched] == before)
    """
)


@needs_c
def test_c_reading_facts_keeps_no_reference():
    # It owns what it returns and keeps nothing it was given: the references to its
    # arguments and to True and False are where they were after many calls.
    proc = subprocess.run(
        [sys.executable, "-X", "dev", "-c", KEEPS_NO_REFERENCE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == "True\n"


def test_plain_count_is_the_full_count_on_generated_readings():
    # ``appraise``'s shortcut counts what ``_tally`` (standard_names, rule 5, the local
    # yaku) counts, whenever it answers, under scorings that change the shape counts.
    rng = random.Random(3840)
    award = Award("3-99-99", "test", "a", {"kind": "han", "han": 2})
    limit = Award("3-99-98", "test", "a", {"kind": "limit", "limit": "baiman"})
    answered = 0
    for scoring in (Scoring(), Scoring(kuitan=False, double_yakuman=False)):
        for n in range(2500):
            win = random_win(rng)
            awards = [[], [award], [award, limit]][n % 3]
            for reading in interpretations(win):
                if reading.kind == "standard":
                    shape = _shape_counted(win, reading_facts_py(*_args(win, reading)), scoring)
                elif reading.kind in SEVEN_PAIRS_KINDS:
                    shape = _seven_pairs_counted(win, reading, scoring)
                else:
                    continue
                if shape is None:
                    continue
                plain = _plain_tally(win, list(awards), scoring, shape)
                assert plain is not None  # these awards take nothing out
                full = _tally(win, reading, awards, scoring)
                assert {k: getattr(plain, k) for k in full.__slots__} == {
                    k: getattr(full, k) for k in full.__slots__
                }, (win.to_json(), reading)
                answered += 1
    assert answered > 3000


def test_an_award_that_takes_a_standard_yaku_out_is_counted_in_full():
    # 包含立直的1翻 (rule 5): the riichi is taken out; the shortcut leaves that to _tally.
    win, readings = _standard_readings(
        {"hand": "234567m234p88p567s", "win": "4m", "riichi": "riichi"}
    )
    note = {"kind": "includes", "args": ["立直"], "text": "包含立直的1翻"}
    takes_riichi = Award("3-99-97", "test", "a", {"kind": "han", "han": 2}, combination=(note,))
    reading = readings[0]
    shape = _shape_counted(win, reading_facts_py(*_args(win, reading)), Scoring())
    assert _plain_tally(win, [takes_riichi], Scoring(), shape) is None
    full = _tally(win, reading, [takes_riichi], Scoring())
    assert "riichi" not in [name for name, _ in full.counted]
