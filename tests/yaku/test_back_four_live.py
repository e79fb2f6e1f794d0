"""BACK FOUR (3-16-07) is live only on hands that can be one (issue #27).

Its body asks for the other local yaku (yakubook.engine.winning), so a hand where it is live goes
down evaluate's asking path, which costs more; with the prefilter ``not w.melds`` alone
that was every closed hand. Its prefilter now also asks the shape's feasibility.
"""

from __future__ import annotations

from yakubook.engine.evaluation import _selector, compile_ruleset, default_ruleset, evaluate
from yakubook.engine.win import Win


def test_a_closed_hand_without_the_shape_does_not_make_back_four_live(engine):
    # BACK FOUR's body asks for the other yaku; while it was live on every closed hand,
    # every closed hand took evaluate's slower asking path.
    rs = default_ruleset()
    back_four = {c.fn for c in compile_ruleset(rs)[0] if c.id == "3-16-07"}
    assert len(back_four) == 1
    select = _selector(rs)
    plain = Win.from_json({"hand": "123m456m789m123p55s", "win": "5s"})
    shaped = Win.from_json({"hand": "1111m2222p3333s55z", "win": "5z"})
    assert not back_four & {fn for fn, _ in select(plain)}
    assert back_four & {fn for fn, _ in select(shaped)}
    assert "3-16-07" in {a.id for a in evaluate(shaped, rs).yaku}
