"""Score a rebuilt win twice: with local yaku off (to compare with the log) and under the
table's ruleset; and turn a score into the four seats' point changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yakubook.engine.rules import Ruleset
from yakubook.engine.score import Score
from yakubook.engine.win import Win
from yakubook.replay.common import SEATS, RebuiltWin

# The standard game the logs record: every local yaku off; the four double yakuman count
# one yakuman, as Tenhou and riichienv's default rules count them (their logs' points).
STANDARD_RULES = """\
[ruleset]
name = "standard (local yaku off)"
others = "off"

[scoring]
double_yakuman = false
"""


def standard_ruleset() -> Ruleset:
    """The rules a log's points are compared under: every local yaku off, the double
    yakuman counted as one (the module's conventions)."""
    return Ruleset.from_toml(STANDARD_RULES, "standard ruleset")


def seat_deltas(rebuilt: RebuiltWin, win: Win, score: Score | None) -> list[int]:
    """What each seat gains (+) or pays (-) for this win under ``score``; all zero when the
    hand does not win there. A second winner of a double ron takes no honba and no sticks
    (the first winner, next after the discarder, takes them: ``RebuiltWin.takes_bonus``)."""
    deltas = [0] * SEATS
    if score is None or not score.win:
        return deltas
    pay = score.payment
    honba_each = 0 if rebuilt.takes_bonus else win.honba
    winner = rebuilt.winner
    if not win.tsumo:
        amount = pay.ron - 300 * honba_each
        deltas[rebuilt.target] -= amount
        deltas[winner] += amount + pay.riichi_sticks
        return deltas
    dealer = (winner - _seat_index(win)) % SEATS  # the seat that sits East
    for seat in range(SEATS):
        if seat == winner:
            continue
        share = pay.dealer if seat == dealer and pay.dealer else pay.each
        share -= 100 * honba_each
        deltas[seat] -= share
        deltas[winner] += share
    deltas[winner] += pay.riichi_sticks
    return deltas


def _seat_index(win: Win) -> int:
    """The winner's seat counted from the dealer: East 0 … North 3."""
    return win.seat_wind - 27


@dataclass(frozen=True)
class Summary:
    """A score in a few words (han, fu, limit, what counted)."""

    text: str
    data: dict[str, Any]


def describe(score: Score | None) -> Summary:
    """A score as one line of text and a JSON object (han, fu, limit, yaku), or why the
    hand does not win."""
    if score is None or not score.win:
        why = score.reason if score is not None else "no yaku"
        return Summary(f"no win ({why})", {"win": False, "why": why})
    names = [name for name, _ in score.counted]
    if score.yakuman:
        head = score.limit
    else:
        head = f"{score.han} han {score.fu} fu" + (f" {score.limit}" if score.limit else "")
    data = {
        "han": score.han,
        "fu": score.fu,
        "yakuman": score.yakuman,
        "limit": score.limit,
        "counted": [{"name": n, "value": v} for n, v in score.counted],
    }
    return Summary(f"{head}: {', '.join(names)}", data)


def disagreement(
    rebuilt: RebuiltWin, standard: list[int], score: Score | None
) -> str:
    """Why our standard deltas differ from the log's, as far as the numbers tell."""
    recorded = rebuilt.recorded_deltas
    if score is None or not score.win:
        return f"no standard yaku found; the log pays {recorded}"
    ours_gain = standard[rebuilt.winner]
    log_gain = recorded[rebuilt.winner]
    payers_log = [s for s in range(SEATS) if recorded[s] < 0]
    payers_ours = [s for s in range(SEATS) if standard[s] < 0]
    if ours_gain == log_gain and payers_log != payers_ours:
        return (
            f"the same total, paid by other seats (pao, a responsibility payment?): "
            f"log {recorded}, ours {standard}"
        )
    return f"log {recorded}, ours {standard} ({describe(score).text})"
