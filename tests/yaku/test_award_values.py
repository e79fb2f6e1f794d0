"""Values, not just names: what a nested entry is awarded through the front door.

A nested entry (如果有X, held only under its parent X) takes the parent's chosen value only
where one of its options says it counts as the parent (綠皮車 under 東北新幹線); otherwise it
keeps its own chosen option (破八連莊 under 八連莊). Expected values are written from the
option texts quoted beside them.
"""

from __future__ import annotations

import pytest

from yaku.evaluation import evaluate
from yaku.rules import Ruleset
from yaku.win import Win

# South wins while the dealer had won seven in a row: 破八連莊 (3-15-03-06) holds.
HA_PAARENCHAN_WIN = Win.make("123567m456p789s11z", "5m", seat_wind="S", dealer_streak=7)
# 3-15-03 八連莊 and 3-15-03-06 破八連莊 share one menu text: a 無, b 滿貫, c 倍滿, d 役滿.
WRITTEN = {"b": ("limit", "mangan"), "c": ("limit", "baiman"), "d": ("yakuman", 1)}


def _ruleset(own: str, parent: str) -> Ruleset:
    return Ruleset.from_toml(
        '[ruleset]\nothers = "off"\n'
        f'[yaku."3-15-03"]\nvalue = "{parent}"\n'
        f'[yaku."3-15-03-06"]\nvalue = "{own}"\n'
    )


@pytest.mark.parametrize("own", ["b", "c", "d"])
@pytest.mark.parametrize("parent", ["b", "c", "d"])
def test_ha_paarenchan_keeps_its_own_value_whatever_the_parents(own, parent):
    (award,) = [
        a for a in evaluate(HA_PAARENCHAN_WIN, _ruleset(own, parent)).yaku if a.id == "3-15-03-06"
    ]
    kind, detail = WRITTEN[own]
    assert award.letter == own
    assert award.value["kind"] == kind
    assert award.value.get("limit", award.value.get("multiple")) == detail
    assert "counts as" not in award.note
