"""Replaying game logs: ``yakubook replay PATH... [--rules R.toml|NAME] [--json] [--jobs N]``.

A log reader (``mjai``: mjai JSONL, plain or gzip, as riichienv, Mortal and the original
mjai write it; ``tenhou``: the tenhou.net/6 JSON object, its turns replayed into mjai
events) turns a file into mjai events with the line each came from; ``rebuild`` follows
one game's events and rebuilds every win as the engine's ``Win`` (WIN_FORMAT.md) with
what the log records for it; ``scoring`` scores each win with every local yaku off and
under the table's ruleset and turns a score into the four seats' point changes;
``runner`` does that file by file (in worker processes with ``--jobs``) and prints.
Files are read one at a time and lines one at a time, so a directory of any size runs in
bounded memory.

Conventions (what the standard score follows, and so what it is compared on):

- Local yaku off (``[ruleset] others = "off"``) and ``double_yakuman = false``: Tenhou
  and riichienv count the four double hands as one yakuman.
- The riichi sticks on the table (those left from earlier hands and those of this hand's
  accepted riichi, the winner's own included) go to the winner; on a double ron only the
  first winner (the next seat after the discarder) takes the sticks and the honba, as
  Tenhou and riichienv pay it. The second winner's ``win`` has no sticks (its honba stays:
  it describes the table; its deltas leave the honba out).
- Pao (a responsibility payment for a yakuman) is not modelled: such a win disagrees with
  the log, and the reason says the same total was paid by other seats.
- A Tenhou win also compares han, fu (when the points text gives them: a limit hand's
  does not) and the yaku names with their han; 自風/場風/役牌 of one tile are one
  ``yakuhai`` entry with their han summed, as the engine counts them.

What a log cannot tell is left at the format's default: no flowers, no declarations,
``min_han`` 1, ``discarder_forced`` false; ``furiten`` (for a tsumo) is the winner's own
discard furiten (a missed ron is not tracked); ``dealer_history``/``dealer_streak`` only
when the log shows the dealership from its start. Meld sources (who a pon came from) are
followed but the ``Win`` format has no field for them. Every event of a Tenhou log is at
line 1 (it is one JSON object): its messages name the round, ``log[3]``.

JSON Lines (``--json``), one object per win: ``file``, ``index`` (0-based among the
file's wins), ``line``, ``round`` (``E1-0``), ``winner`` and ``from`` (seat indexes;
``from`` is null for a tsumo), ``win`` (the rebuilt Win, as ``yakubook evaluate`` reads
it), ``recorded_deltas``, ``standard_deltas``, ``agrees``, ``standard`` (han, fu, limit,
what counted), ``yaku`` (the local yaku under the ruleset), ``deltas`` (under the
ruleset), ``house`` (han, fu, limit, what counted), ``recorded`` (a Tenhou win's han, fu,
yaku), and ``reason`` when it does not agree.

Errors (a file that cannot be read, a line that is not an event, a hand whose events do
not follow, a win the engine refuses) are printed as ``file:line: what is wrong`` and the
rest goes on (after a bad event, with the next hand); the exit code is 0 when every file
was read and every win rebuilt, 2 otherwise.
"""
