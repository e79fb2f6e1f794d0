"""Differential test: our standard-yaku helpers against the ``mahjong`` library (2.1.0).

Two comparisons per hand:

1. Whole hand: the library reports the yaku of its best interpretation; some
   interpretation of ours must give exactly that set (restricted to yaku both define,
   yakuman suppressing the rest as the library does). When the library finds no yaku
   at all, every interpretation of ours must be empty too.
2. Per interpretation: the library's decompositions and winning groups must be exactly
   our interpretations, and forcing the library onto each one (by substituting its
   divider and win-group finder) must give exactly our set for it. This also catches a
   helper that is wrong only in interpretations the library would not pick.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from engine_hands import random_win
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as LibMeld

import catalog
from yakubook.engine.decompose import Interpretation, interpretations
from yakubook.engine.evaluation import evaluate as yaku_evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.standard import STANDARD_YAKU, YAKUMAN, yakuhai
from yakubook.engine.win import Win

HANDS_TO_COMPARE = 5000
SEED = 20240601

# Library yaku class -> our helper names it stands for.
LIB_TO_OURS: dict[str, tuple[str, ...]] = {
    "Tanyao": ("tanyao",),
    "Pinfu": ("pinfu",),
    "Iipeiko": ("iipeikou",),
    "Ryanpeikou": ("ryanpeikou",),
    "Chiitoitsu": ("chiitoitsu",),
    "Ittsu": ("ittsuu",),
    "Sanshoku": ("sanshoku_doujun",),
    "SanshokuDoukou": ("sanshoku_doukou",),
    "Toitoi": ("toitoi",),
    "Sanankou": ("sanankou",),
    "SanKantsu": ("sankantsu",),
    "Chantai": ("chanta",),
    "Junchan": ("junchan",),
    "Honroto": ("honroutou",),
    "Shosangen": ("shousangen",),
    "Honitsu": ("honiisou",),
    "Chinitsu": ("chiniisou",),
    "KokushiMusou": ("kokushi",),
    "DaburuKokushiMusou": ("kokushi", "kokushi13"),
    "Suuankou": ("suuankou",),
    "SuuankouTanki": ("suuankou", "suuankou_tanki"),
    "Daisangen": ("daisangen",),
    "Shousuushii": ("shousuushii",),
    "DaiSuushii": ("daisuushii",),
    "Tsuuiisou": ("tsuuiisou",),
    "Ryuuiisou": ("ryuuiisou",),
    "Chinroutou": ("chinroutou",),
    "ChuurenPoutou": ("chuuren",),
    "DaburuChuurenPoutou": ("chuuren", "chuuren_junsei"),
    "Suukantsu": ("suukantsu",),
}
YAKUHAI = {"Haku", "Hatsu", "Chun"} | {
    f"{kind}Wind{wind}" for kind in ("Seat", "Round") for wind in ("East", "South", "West", "North")
}
# Situation yaku we do not model as standard helpers.
IGNORED = {"Tsumo", "Riichi"}

Verdict = tuple[frozenset[str], int]  # (helper names that hold, yakuhai han)

_LIB_KIND = {
    "chi": LibMeld.CHI,
    "pon": LibMeld.PON,
    "kan": LibMeld.KAN,
    "ankan": LibMeld.KAN,
    "kakan": LibMeld.SHOUMINKAN,
}


def ours(win: Win, interp: Interpretation) -> Verdict:
    names = {n for n, f in STANDARD_YAKU.items() if n != "menzen" and f(win, interp)}
    if names & YAKUMAN:
        return frozenset(names & YAKUMAN), 0
    return frozenset(names), yakuhai(win, interp)


def library_verdict(hand_yaku: list[Any]) -> Verdict:
    names: set[str] = set()
    han = 0
    for y in hand_yaku:
        cls = type(y).__name__
        if cls in YAKUHAI:
            han += 1
        elif cls in LIB_TO_OURS:
            names.update(LIB_TO_OURS[cls])
        else:
            assert cls in IGNORED, f"library yaku {cls} not mapped"
    return frozenset(names), han


def to_library(win: Win) -> tuple[list[int], int, list[LibMeld], HandConfig]:
    used = [0] * 34

    def take(tile: int) -> int:
        used[tile] += 1
        return tile * 4 + used[tile] - 1

    melds = []
    tiles: list[int] = []
    for m in win.melds:
        ids = [take(t) for t in m.tiles]
        melds.append(LibMeld(meld_type=_LIB_KIND[m.kind], tiles=ids, opened=m.is_open))
        tiles += ids
    concealed = [take(t) for t in win.concealed]
    tiles += concealed
    win_id = concealed[win.concealed.index(win.win_tile)]
    config = HandConfig(
        is_tsumo=win.tsumo,
        is_riichi=win.riichi == "riichi",
        player_wind=win.seat_wind,
        round_wind=win.round_wind,
        options=OptionalRules(has_open_tanyao=True),
    )
    return tiles, win_id, melds, config


def evaluate(win: Win) -> Any:
    tiles, win_id, melds, config = to_library(win)
    return HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, config=config)


_forced: dict[str, Any] = {}


@contextmanager
def forced_library() -> Iterator[None]:
    """Make the library evaluate only the decomposition and win group in ``_forced``."""
    divide, find = HandDivider.divide_hand, HandCalculator._find_win_groups
    HandDivider.divide_hand = staticmethod(lambda *a, **k: [_forced["hand"]])  # type: ignore
    HandCalculator._find_win_groups = staticmethod(lambda *a, **k: [_forced["group"]])  # type: ignore
    try:
        yield
    finally:
        HandDivider.divide_hand = divide  # type: ignore[method-assign]
        HandCalculator._find_win_groups = find  # type: ignore[method-assign]


def library_interpretations(win: Win) -> set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    tiles, win_id, melds, _ = to_library(win)
    counts = [0] * 34
    for t in tiles:
        counts[t // 4] += 1
    opened = [m.tiles_34 for m in melds if m.opened]
    found = set()
    for hand in HandDivider.divide_hand(counts, melds):
        key = tuple(sorted(tuple(b) for b in hand))
        for group in HandCalculator._find_win_groups(win_id, hand, opened):
            found.add((key, tuple(group)))
    return found


def our_key(interp: Interpretation) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(sorted(b.tiles for b in interp.blocks)), interp.winning_block.tiles


def test_helpers_agree_with_mahjong_library() -> None:
    rng = random.Random(SEED)
    compared = no_yaku = forced_checks = 0
    seen: Counter[str] = Counter()
    failures: list[str] = []
    while compared < HANDS_TO_COMPARE:
        win = random_win(rng)
        interps = interpretations(win)
        assert interps, f"generated hand has no interpretation: {win.to_json()}"
        verdicts = [ours(win, i) for i in interps]
        result = evaluate(win)
        if result.error == HandCalculator.ERR_NO_YAKU:
            no_yaku += 1
            if any(v != (frozenset(), 0) for v in verdicts):
                failures.append(f"library: no yaku; ours {verdicts} for {win.to_json()}")
        else:
            assert result.error is None, (result.error, win.to_json())
            lib = library_verdict(result.yaku)
            compared += 1
            seen.update(lib[0])
            seen["yakuhai"] += lib[1] > 0
            if lib not in verdicts:
                failures.append(f"library {lib}; ours {verdicts} for {win.to_json()}")
        forced_checks += _compare_each_interpretation(win, interps, verdicts, failures)
        assert len(failures) < 10, "\n".join(failures)
    assert not failures, "\n".join(failures)
    assert compared >= HANDS_TO_COMPARE
    assert forced_checks >= HANDS_TO_COMPARE
    # The generator must actually exercise what is compared.
    rare_ok = {"suukantsu", "daisuushii", "chuuren_junsei", "kokushi13", "suuankou_tanki"}
    for name in set(STANDARD_YAKU) - {"menzen"} | {"yakuhai"}:
        assert seen[name] >= (3 if name in rare_ok else 20), (name, seen, no_yaku)


def _compare_each_interpretation(
    win: Win, interps: tuple[Interpretation, ...], verdicts: list[Verdict], failures: list[str]
) -> int:
    standard = [(i, v) for i, v in zip(interps, verdicts, strict=True) if i.kind != "kokushi"]
    lib_keys = library_interpretations(win)
    our_keys = {our_key(i) for i, _ in standard}
    if lib_keys != our_keys:
        failures.append(f"interpretations differ: library {lib_keys} ours {our_keys}")
        return 0
    tiles, win_id, melds, config = to_library(win)
    with forced_library():
        for interp, verdict in standard:
            _forced["hand"] = [list(b.tiles) for b in interp.blocks]
            _forced["group"] = list(interp.winning_block.tiles)
            config = to_library(win)[3]  # fresh: the library mutates yaku objects
            result = HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, config=config)
            assert result.error in (None, HandCalculator.ERR_NO_YAKU), result.error
            lib = (frozenset(), 0) if result.error else library_verdict(result.yaku)
            if lib != verdict:
                failures.append(
                    f"forced {our_key(interp)}: library {lib} ours {verdict} for {win.to_json()}"
                )
    return len(standard)


REPORTED_HANDS = 10_000
REPORTED_SEED = 20261201


def _reported_against_library(win: Win, failures: list[str]) -> tuple[str, ...] | None:
    """`evaluate`'s `standard_yaku` (Result.standard, what the CLI and the page report) for
    the reading it reports, against the library forced onto that same reading; the
    reported names. None when the reported reading is one the library does not read
    (kokushi)."""
    result = yaku_evaluate(win, NO_LOCAL_YAKU)
    interp = result.interpretation
    assert interp is not None
    if interp.kind == "kokushi":
        return None
    tiles, win_id, melds, config = to_library(win)
    with forced_library():
        _forced["hand"] = [list(b.tiles) for b in interp.blocks]
        _forced["group"] = list(interp.winning_block.tiles)
        lib_result = HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, config=config)
    lib = frozenset() if lib_result.error else library_verdict(lib_result.yaku)[0]
    if set(result.standard) != lib:
        failures.append(
            f"reported {sorted(result.standard)}; library {sorted(lib)}: {win.to_json()}"
        )
    return tuple(result.standard)


NO_LOCAL_YAKU = Ruleset.from_toml('[ruleset]\nothers = "off"\n')


@pytest.mark.slow
def test_reported_standard_yaku_agree_with_the_library() -> None:
    rng = random.Random(REPORTED_SEED)
    failures: list[str] = []
    compared = 0
    names: Counter[str] = Counter()
    while compared < REPORTED_HANDS:
        win = random_win(rng)
        reported = _reported_against_library(win, failures)
        if reported is not None:
            compared += 1
            names.update(reported)  # the names just compared (evaluating again gave them)
        assert len(failures) < 10, "\n".join(failures)
    assert not failures, "\n".join(failures)
    # the generator reaches the yaku the report names (a report that is always empty fails)
    assert sum(names.values()) >= REPORTED_HANDS and len(names) >= 20, names


def test_reported_standard_yaku_on_the_examples() -> None:
    failures: list[str] = []
    reported = 0
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        win = Win.from_json(obj)
        if not interpretations(win):
            continue
        reported += _reported_against_library(win, failures) is not None
    assert not failures, "\n".join(failures[:10])
    assert reported >= 600
