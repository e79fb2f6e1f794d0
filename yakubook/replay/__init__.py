"""Replaying game logs: `yakubook replay` (mjai JSONL and Tenhou JSON).

A log reader (``mjai``, ``tenhou``) turns a file into a stream of mjai events with the
line each came from; ``rebuild`` follows one game's events and rebuilds every win as the
engine's ``Win`` together with what the log records for it; ``runner`` scores each win
with local yaku off (to compare with the log) and under the table's ruleset, and prints
the results. Files are read one at a time, so a directory of any size runs in bounded
memory.
"""
