"""Every closed one-suit winning hand through every body: no exception."""

from __future__ import annotations

import pytest

from bench.one_suit import one_suit_hands
from yakubook.engine.evaluation import evaluate
from yakubook.engine.win import Win


def test_there_are_13277_one_suit_winning_multisets():
    assert len(one_suit_hands()) == 13_277


@pytest.mark.slow
def test_every_body_runs_on_every_one_suit_hand():
    hands = one_suit_hands()
    fired: set[str] = set()
    for base in (0, 9, 18):
        for counts9 in hands:
            tiles = tuple(base + i for i, n in enumerate(counts9) for _ in range(n))
            for win_tile, tsumo in ((tiles[0], True), (tiles[-1], False)):
                result = evaluate(Win(concealed=tiles, win_tile=win_tile, tsumo=tsumo))
                fired.update(a.id for a in result.yaku)
    # One-suit yaku that these hands must reach (九十九里, 米壽, 水戶三十五萬石, 一色三順,
    # 一色四順, 金門橋, 三連刻, 四連刻, 清海湖).
    assert {"3-13-04", "3-13-05", "3-13-03", "3-10-01", "3-10-02", "3-10-04", "3-11-01",
            "3-11-02", "3-10-12"} <= fired
