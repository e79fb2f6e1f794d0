"""One notion of a winning yaku (和牌役) and of a hand's full value, for every rule that asks.

A winning yaku is a standard yaku (riichi included), or a local yaku that holds, unless
its chosen option says it is none (the catalog's ``not_winning_yaku`` note, 槓振 c
「但不認為是和牌役」). The compendium says so only where a local yaku is *not* one, so by
default local yaku are. Rules that ask for other yaku (BACK FOUR b「有其他役時可以和牌」,
八仙過海 d「必須有其他役」) or for the table's minimum (八連莊 b「和牌役要能滿足此場的縛」,
槓振 c, the 二翻縛 questions of 3-02) read ``winning_yaku_han``; 人和's caps (3-15-01
d/e/f「人和以外的役比滿貫…高時」) read ``OtherYaku.best_value``, the full value
(standard + local, yakuman included) on the reading that counts: the best one.

Which other yaku an asking yaku sees (issue #35). A body asks for what the other local
yaku award with the keyword ``others`` (``yakubook.engine.registry.CONTEXT_KEYWORDS``);
the rule is:

1. An asking yaku sees every other award that holds, asking or not: 八連莊 a (即使沒有役也
   能和牌, a yaku) is the other yaku 八仙過海 d asks for, and a BACK FOUR yakuman is part
   of the value 人和's cap is judged on.
2. It sees the hand as it is *without itself*: the other awards are those that hold once
   it is taken away, the other asking yaku judged by this same rule. So no yaku counts
   itself, not even through another: two yaku that each hold only if the other does
   (八連莊 b and 八仙過海 d with no third yaku) support each other in a circle, and
   neither holds; and 人和以外的役 are what the hand is worth apart from 人和 (a yaku
   that holds only because 人和 is its other yaku does not push 人和 over its cap).
3. It does not count a yaku it supersedes (包含/不復合, catalog/families.toml, the
   alone-only yaku): 八仙過海 d does not take 四華開嶺, which it includes, as its other
   yaku.
4. What holds in the end is every asking yaku judged so, with the awards it sees; then
   supersession as everywhere (``yakubook.engine.interplay.superseded``).

For yaku that only need more (the 縛 and 「有其他役」 rules) this is the least fixed
point: start from the yaku that ask for nothing, add each asking yaku whose condition the
awards so far meet, until none is added. Rule 2 also settles 人和's caps, the one rule that
needs less, without a circle. ``yakubook.engine.evaluation._AskingReadings`` does it.
The value a cap compares is counted as the score counts it (``limit_yaku``): under "at
least" a local 滿貫 beside 2 standard han is worth 滿貫, not 7 han (``hand_value``).

Called alone, a body gets ``others=None`` and sees the standard yaku only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from yakubook.engine.award import Award, Value, rank
from yakubook.engine.standard import yaku_han

if TYPE_CHECKING:
    from yakubook.engine.view import HandView


class OtherYaku:
    """What the other local yaku of a hand award, as a body that asks for them sees it:
    ``winning_han``, the local winning yaku of this reading, their han summed, and
    ``best_value``, the best reading's standard + local value (every local yaku), worked
    out on first use (only a cap reads it, and it reads every reading's standard yaku).
    Either may be given as a function, asked on first use: most asking bodies return on
    a reading not of their shape before they look (BACK FOUR on every standard reading)."""

    __slots__ = ("_best", "_best_value", "_han", "_winning_han")

    def __init__(
        self, winning_han: float | Callable[[], float], best_value: float | Callable[[], float]
    ) -> None:
        self._han = winning_han
        self._winning_han: float | None = None
        self._best = best_value
        self._best_value: float | None = None

    @property
    def winning_han(self) -> float:
        if self._winning_han is None:
            han = self._han
            self._winning_han = han() if callable(han) else han
        return self._winning_han

    @property
    def best_value(self) -> float:
        if self._best_value is None:
            self._best_value = self._best() if callable(self._best) else float(self._best)
        return self._best_value


def value_han(value: Value) -> float:
    """The han a local yaku's value is worth toward a minimum or a cap: ``rank``'s figure,
    but a lost number counts as 1, the least any yaku is worth (the yaku holds; what it
    adds above 1 is unknown, so a minimum above that is not taken as reached)."""
    return max(rank(value), 1.0) if value.get("lost") else rank(value)


def is_winning_yaku(a: Award) -> bool:
    """Whether a local award is a winning yaku: unless its option says 不認為是和牌役."""
    return not any(n["kind"] == "not_winning_yaku" for n in a.value.get("notes", ()))


def local_winning_han(awards: Iterable[Award]) -> float:
    """The han the winning yaku among these local awards add up to."""
    return sum(value_han(a.value) for a in awards if is_winning_yaku(a))


def local_value(awards: Iterable[Award]) -> float:
    """The han every local award adds up to (winning yaku or not): the hand's value."""
    return sum(value_han(a.value) for a in awards)


def winning_yaku_han(
    view: HandView, others: OtherYaku | None = None, *, ippatsu: bool = True
) -> float:
    """Han of the hand's winning yaku besides the asking one, dora excluded: the standard
    yaku (``yakubook.engine.standard.yaku_han``; ippatsu unless left out) plus the local winning
    yaku in ``others``. What every 縛 and 「有其他役」 is checked against."""
    return yaku_han(view, ippatsu=ippatsu) + (others.winning_han if others else 0.0)


def hand_value(view: HandView, awards: Iterable[Award], limit_yaku: str = "at least") -> float:
    """The full value of one reading, dora excluded, in han as the score counts it: its
    standard yaku and every local award (yakuman 13 han each, limits as
    ``yakubook.engine.award.LIMIT_HAN``). Under ``limit_yaku = "at least"`` (the score's
    rule 4) a limit-valued yaku sets a floor the other han do not add onto: 滿貫 beside 2
    han is worth 滿貫 (5), not 7; under "add" a limit counts as its han and adds up."""
    if limit_yaku == "add":
        return yaku_han(view) + local_value(awards)
    han = float(yaku_han(view))
    floor = 0.0
    for a in awards:
        if a.value["kind"] == "limit" and not a.value.get("lost"):
            floor = max(floor, value_han(a.value))
        else:
            han += value_han(a.value)
    return max(han, floor)
