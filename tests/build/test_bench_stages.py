"""bench/stages.py runs and its table adds up (a smoke test on a few hands, not a timing)."""

from __future__ import annotations

from bench import stages
from bench.evaluate_vs_mahjong import MIXES


def test_stages_table_has_every_mix_and_consistent_figures(capsys):
    assert stages.main(["--hands", "20", "--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line[:26].strip(): line[26:] for line in lines[2:-1]}
    ten = "realistic, 10 yaku, 10x"
    assert set(rows) == {*MIXES, ten}
    for mix, line in rows.items():
        cells = line.split()
        mahjong, budget, ours, parse, select, decompose, bodies, rest = map(float, cells[:8])
        assert abs(budget - mahjong / (10 if mix == ten else 3)) < 0.1
        assert min(mahjong, ours, parse, select, decompose, bodies) > 0
        assert abs(parse + select + decompose + bodies + rest - ours) < 0.5
        python, _, shown_budget, _, ratio = cells[10:15]
        assert abs(float(python) - (select + bodies)) < 0.2
        # the ratio is printed from unrounded figures: allow the rounding of the two shown
        # (0.05 each) as well as the ratio's own (0.005)
        shown = float(python) / float(shown_budget)
        slack = 0.006 + shown * (0.05 / float(python) + 0.05 / float(shown_budget))
        assert abs(float(ratio) - shown) < slack
