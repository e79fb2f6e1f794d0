"""Which reading of a hand counts (yakubook.engine.score.best_score, rule 8 of
yakubook/engine/score.py): the one
that pays the most, and on equal points a real yakuman before a counted (kazoe) one."""

from __future__ import annotations

from yakubook.engine.decompose import interpretations
from yakubook.engine.score import Scoring, best_score
from yakubook.engine.win import Win


def test_a_real_yakuman_beats_a_counted_one_on_equal_points() -> None:
    # 111222333m444p55p by tsumo on 4p (a non-dealer): four concealed triplets (suuankou,
    # 32,000), or 123m x3 with 444p: menzen tsumo, iipeikou and 14 dora from the five
    # indicators (9m 1m 2m 3p 4p make 1m 2m 3m 4p 5p dora): 16 han, a kazoe yakuman, also
    # 32,000. The real yakuman counts.
    win = Win.from_json(
        {"hand": "111222333m44455p", "win": "4p", "seat": "S", "tsumo": True,
         "dora": "9m1m2m3p4p"}
    )
    s = best_score(win, [(i, []) for i in interpretations(win)], Scoring())
    assert (s.yakuman, s.limit, s.han, s.payment.total) == (1, "yakuman", 0, 32000)
