"""The score's combination rules (yakubook/engine/score.py, site/guide/scoring.md "What the
hand is worth"), one test each, with points written from the rules (the standard payment
table), not computed by the scorer: a non-dealer's ron pays 1,000 x ... as the usual tables
print it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yakubook.engine.award import Award
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.score import (
    Score,
    Scoring,
    base_points,
    best_score,
    dora_of,
    fu_of,
    parse_scoring,
)
from yakubook.engine.tiles import parse_tiles
from yakubook.engine.win import Win
from yakubook.errors import InputError

ROOT = Path(__file__).parents[2]

# Riichi, tanyao, pinfu: 3 han 30 fu, closed ron by South (a non-dealer): 3,900.
PINFU_HAND = {"hand": "234m456p678s234s55p", "win": "4s", "seat": "S", "riichi": "riichi"}
# 白 發 中 triplets: daisangen, a yakuman; non-dealer ron 32,000.
DAISANGEN = {"hand": "234m44p555666777z", "win": "4p", "seat": "S"}


def local(value: dict, notes: tuple = ()) -> Award:
    """A local yaku award with a given value (the combination rules do not depend on
    which yaku it is)."""
    return Award("3-99-99", "test yaku", "a", {"lost": False, "notes": [], **value}, "", notes)


def han(n: int) -> dict:
    return {"kind": "han", "han": n, "open_han": None}


def score(obj: dict, *awards: Award, **rules: object) -> Score:
    win = Win.from_json(obj)
    readings = [(i, list(awards)) for i in interpretations(win)]
    return best_score(win, readings, Scoring(**rules))  # type: ignore[arg-type]


def test_the_plain_hand_is_three_han_thirty_fu() -> None:
    s = score(PINFU_HAND)
    assert (s.han, s.fu, s.limit, s.payment.ron) == (3, 30, "", 3900)


def test_local_han_adds_to_standard_han_and_crosses_mangan() -> None:
    # 3 han + a local 2 han = 5 han: mangan, 8,000 from the discarder.
    s = score(PINFU_HAND, local(han(2)))
    assert (s.han, s.limit, s.payment.ron) == (5, "mangan", 8000)


def test_local_yakuman_adds_to_standard_yakuman() -> None:
    s = score(DAISANGEN, local({"kind": "yakuman", "multiple": 1, "open": None}))
    assert (s.yakuman, s.limit, s.payment.ron) == (2, "2x yakuman", 64000)


def test_multiple_yakuman_off_pays_one() -> None:
    award = local({"kind": "yakuman", "multiple": 1, "open": None})
    s = score(DAISANGEN, award, multiple_yakuman=False)
    assert (s.yakuman, s.payment.ron) == (1, 32000)


def test_a_local_yakuman_drops_the_han_yaku() -> None:
    s = score(PINFU_HAND, local({"kind": "yakuman", "multiple": 1, "open": None}))
    assert (s.yakuman, s.payment.ron) == (1, 32000)
    assert [name for name, _ in s.counted] == ["3-99-99 test yaku"]
    assert {"riichi", "tanyao", "pinfu"} <= {name for name, _ in s.not_counted}


def test_double_yakuman_off_counts_a_double_hand_once() -> None:
    # Suuankou won on the pair (tanki) by tsumo: a double yakuman; non-dealer tsumo of a
    # double yakuman: 32,000 from the dealer, 16,000 from each other player.
    hand = {"hand": "111m999p111s11122z", "win": "2z", "seat": "S", "tsumo": True}
    s = score(hand)
    assert (s.yakuman, s.payment.dealer, s.payment.each) == (2, 32000, 16000)
    s = score(hand, double_yakuman=False)
    assert (s.yakuman, s.payment.dealer, s.payment.each) == (1, 16000, 8000)


def test_a_limit_valued_local_yaku_sets_at_least_its_limit() -> None:
    # 3 han 30 fu (3,900) with a 滿貫 yaku: mangan, 8,000; other han do not add onto it.
    s = score(PINFU_HAND, local({"kind": "limit", "limit": "mangan", "multiple": 1}))
    assert (s.limit, s.payment.ron) == ("mangan", 8000)
    assert "do not add" in s.reason


def test_other_han_worth_more_than_the_limit_count_alone() -> None:
    # Riichi, ippatsu, tanyao, pinfu and two dora: 6 han, haneman (12,000) beats 滿貫.
    hand = PINFU_HAND | {"ippatsu": True, "dora": "1m3p"}
    s = score(hand, local({"kind": "limit", "limit": "mangan", "multiple": 1}))
    assert (s.han, s.limit, s.payment.ron) == (6, "haneman", 12000)


def test_limit_yaku_add_counts_the_limit_as_han() -> None:
    # 3 han + 滿貫 as 5 han = 8 han: baiman, 16,000.
    award = local({"kind": "limit", "limit": "mangan", "multiple": 1})
    s = score(PINFU_HAND, award, limit_yaku="add")
    assert (s.han, s.limit, s.payment.ron) == (8, "baiman", 16000)


# Riichi alone: 123m 456p 789s 234s, 5p pair, won on 8s (kanchan, no pinfu; 1m and 9s: no
# tanyao). And tanyao + pinfu without riichi: PINFU_HAND's tiles, 2 han.
ONE_HAN = {"hand": "123m456p789s234s55p", "win": "8s", "seat": "S", "riichi": "riichi"}
TWO_HAN = {k: v for k, v in PINFU_HAND.items() if k != "riichi"}


@pytest.mark.parametrize(("hand", "limit", "han", "ron"), [
    (ONE_HAN, "haneman", 7, 12000),  # 跳滿 as 6 han + 1: haneman (6-7 han)
    (TWO_HAN, "baiman", 10, 16000),  # 倍滿 as 8 han + 2: baiman (8-10 han)
    (ONE_HAN, "sanbaiman", 12, 24000),  # 三倍滿 as 11 han + 1: sanbaiman (11-12 han)
])
def test_limit_yaku_add_counts_each_limit_as_its_own_han(hand, limit, han, ron) -> None:
    # Rule 4 under "add": 跳滿 6, 倍滿 8, 三倍滿 11 han, added to the rest; each sum here
    # is one han short of the next limit, so a limit counted one han high crosses it.
    s = score(hand, local({"kind": "limit", "limit": limit, "multiple": 1}), limit_yaku="add")
    assert (s.han, s.limit, s.payment.ron) == (han, limit, ron)


def test_kiriage_rounds_four_han_thirty_fu_up_to_mangan() -> None:
    hand = PINFU_HAND | {"ippatsu": True}  # 4 han 30 fu: 7,700, or 8,000 with kiriage
    assert score(hand).payment.ron == 7700
    s = score(hand, kiriage=True)
    assert (s.limit, s.payment.ron) == ("mangan (kiriage)", 8000)


def test_kazoe_counts_thirteen_han_as_yakuman_or_caps_it() -> None:
    # Chinitsu, ryanpeikou or seven pairs, tanyao, riichi and six dora: 13 han or more.
    hand = {"hand": "22334455667788m", "win": "8m", "seat": "S", "riichi": "riichi",
            "dora": "1m1m1m"}  # fmt: skip
    s = score(hand)
    assert s.han >= 13 and (s.limit, s.payment.ron) == ("kazoe yakuman", 32000)
    s = score(hand, kazoe="sanbaiman")
    assert (s.limit, s.payment.ron) == ("kazoe sanbaiman", 24000)


def test_kazoe_multiple_counts_one_yakuman_per_thirteen_han() -> None:
    assert base_points(26, 30, Scoring(kazoe="multiple")) == (16000, "2x kazoe yakuman")
    assert base_points(26, 30, Scoring()) == (8000, "kazoe yakuman")


def test_dora_alone_win_nothing() -> None:
    # An open hand with no yaku but dora: no win.
    hand = {"hand": "234m456p678s55p", "win": "4m", "melds": ["chi 789s"], "dora": "4p"}
    s = score(hand, kuitan=False)
    assert not s.win and s.reason == "no yaku"


def test_kuitan_off_drops_open_tanyao() -> None:
    hand = {"hand": "234m456p55p", "win": "4m", "melds": ["chi 678s", "chi 234s"]}
    assert score(hand).han == 1
    assert not score(hand, kuitan=False).win


def test_a_yaku_that_includes_riichi_takes_the_riichi_out() -> None:
    note = {"kind": "includes", "args": ["立直"], "text": "包含立直的1翻"}
    s = score(PINFU_HAND, local(han(2), (note,)))
    assert s.han == 2 + 2  # tanyao, pinfu and the local 2 han; riichi not again
    assert "riichi" not in [name for name, _ in s.counted]


def test_tsumo_payments_with_honba_and_sticks() -> None:
    # Non-dealer mangan tsumo: 4,000 from the dealer, 2,000 from each other player;
    # one honba adds 100 to each; two riichi sticks add 2,000.
    hand = PINFU_HAND | {"tsumo": True, "ippatsu": True, "honba": 1, "riichi_sticks": 2}
    s = score(hand)  # riichi, ippatsu, menzen tsumo, tanyao, pinfu: 5 han
    p = s.payment
    assert (s.han, p.dealer, p.each, p.riichi_sticks, p.total) == (5, 4100, 2100, 2000, 10300)
    # The dealer's mangan tsumo: 4,000 from everyone.
    s = score(hand | {"seat": "E"})
    assert (s.payment.each, s.payment.total) == (4100, 14300)


def test_ron_pays_300_per_honba_and_the_dealer_pays_half_again() -> None:
    s = score(PINFU_HAND | {"seat": "E", "honba": 2})  # dealer 3 han 30 fu: 5,800
    assert s.payment.ron == 5800 + 600


def test_the_best_paying_reading_counts() -> None:
    # 22334455m667788p: ryanpeikou (3 han) beats seven pairs (2 han, 25 fu).
    hand = {"hand": "22334455m667788p", "win": "8p", "seat": "S"}
    s = score(hand)
    assert s.interpretation is not None and s.interpretation.kind == "standard"
    assert s.payment.ron == 8000  # tanyao, pinfu, ryanpeikou: 5 han


def test_red_fives_count_one_han_each_up_to_the_rulesets_set() -> None:
    hand = {"hand": "234m406p678s234s05p", "win": "4s", "seat": "S", "riichi": "riichi"}
    assert ("aka dora", "2 han") in score(hand).counted
    assert "aka dora" not in dict(score(hand, aka_dora=0).counted)  # no red-five dora
    with pytest.raises(InputError, match="aka_dora = 1"):
        score(hand, aka_dora=1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ura": "1m"}, "only for a riichi"),
        ({"dora": "1m2m3m4m5m6m"}, "at most 5"),
        ({"dora": "4s4s4s4s"}, "appears 5 times"),
        ({"riichi": "riichi", "dora": "1m", "ura": "1m2m"}, "each ura"),
        ({"riichi_sticks": 100}, "out of range"),
        ({"dora": 3}, "wrong type"),
    ],
)
def test_bad_scoring_fields_are_refused(changes: dict, message: str) -> None:
    with pytest.raises(InputError, match=message):
        Win.from_json({"hand": "234m456p678s234s55p", "win": "4s"} | changes)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("kiriag = true", "no key 'kiriag'"),
        ("kazoe = 'off'", "kazoe must be 'yakuman', 'sanbaiman' or 'multiple'"),
        ("aka_dora = 5", "aka_dora must be an integer 0 to 4"),
        ("kuitan = 1", "kuitan must be true or false"),
        ("limit_yaku = 'max'", "limit_yaku must be 'at least' or 'add'"),
    ],
)
def test_bad_scoring_keys_are_refused(table: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        Ruleset.from_toml(f"[scoring]\n{table}\n", "r.toml")


def test_scoring_table_is_read() -> None:
    rs = Ruleset.from_toml("[scoring]\nkiriage = true\nkazoe = 'sanbaiman'\naka_dora = 4\n")
    assert rs.scoring == Scoring(kiriage=True, kazoe="sanbaiman", aka_dora=4)


def test_evaluate_returns_the_score_only_when_asked() -> None:
    win = Win.from_json(PINFU_HAND)
    assert evaluate(win).score is None
    result = evaluate(win, Ruleset.from_toml('[ruleset]\nothers = "off"\n'), score=True)
    assert result.score is not None and result.score.payment.ron == 3900
    assert result.to_json()["score"]["payment"]["ron"] == 3900


def test_cli_prints_the_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from yakubook.evaluate_cmd import run_evaluate

    win = tmp_path / "win.json"
    win.write_text(json.dumps(PINFU_HAND))
    rules = tmp_path / "r.toml"
    rules.write_text('[ruleset]\nothers = "off"\n')
    assert run_evaluate(win, rules, as_json=False) == 0
    out = capsys.readouterr().out
    assert "score: 3 han 30 fu" in out and "the discarder pays 3900" in out
    assert run_evaluate(win, rules, as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["score"]["han"], data["score"]["fu"], data["score"]["payment"]["total"]) == (
        3,
        30,
        3900,
    )
    rules.write_text("[scoring]\nkazoe = 'off'\n")
    assert run_evaluate(win, rules, as_json=False) == 2
    assert "r.toml: [scoring] kazoe must be" in capsys.readouterr().err


def test_each_flower_is_one_han_unless_the_sheet_turns_flowers_off() -> None:
    # Flowers count by default (Scoring's flower_dora = true): riichi, tanyao, pinfu and
    # two flowers is 5 han, a mangan; with flower_dora = false the hand stays 3 han.
    hand = PINFU_HAND | {"flowers": 2}
    s = score(hand)
    assert ("flowers", "2 han") in s.counted and (s.han, s.limit) == (5, "mangan")
    s = score(hand, flower_dora=False)
    assert "flowers" not in dict(s.counted) and s.han == 3


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        # Suits: the next number, 9 wraps to 1.
        ("1m", "2m"), ("8m", "9m"), ("9m", "1m"), ("1p", "2p"), ("9p", "1p"), ("5s", "6s"),
        ("9s", "1s"),
        # Winds: East South West North East.
        ("1z", "2z"), ("2z", "3z"), ("3z", "4z"), ("4z", "1z"),
        # Dragons: 白 發 中 白.
        ("5z", "6z"), ("6z", "7z"), ("7z", "5z"),
    ],
)
def test_each_indicator_makes_the_next_tile_of_its_cycle_dora(indicator: str, dora: str) -> None:
    assert dora_of(parse_tiles(indicator).tiles[0]) == parse_tiles(dora).tiles[0]


def test_a_wind_indicator_counts_the_next_wind_as_dora_in_the_score() -> None:
    # North (4z) indicates East: the East triplet is three dora.
    hand = {"hand": "234m456p678s111z55p", "win": "5p", "seat": "S", "riichi": "riichi",
            "dora": "4z"}  # fmt: skip
    assert ("dora", "3 han") in score(hand).counted


@pytest.mark.parametrize(
    ("aka", "ok"), [(-1, False), (0, True), (1, True), (3, True), (4, True), (5, False)]
)
def test_aka_dora_takes_zero_to_four_red_fives(aka: int, ok: bool) -> None:
    # A set has no red fives (0) up to one in each suit plus a second red 5p (4).
    if ok:
        assert parse_scoring({"aka_dora": aka}, "r.toml") == Scoring(aka_dora=aka)
    else:
        with pytest.raises(InputError, match=f"aka_dora must be an integer 0 to 4, got {aka}"):
            parse_scoring({"aka_dora": aka}, "r.toml")


def test_a_hand_that_does_not_win_pays_nothing() -> None:
    hand = {"hand": "234m456p678s55p", "win": "4m", "melds": ["chi 789s"], "dora": "4p"}
    s = score(hand, kuitan=False)
    assert not s.win and (s.han, s.yakuman, s.base, s.limit) == (0, 0, 0, "")
    assert s.payment.to_json() == {
        "ron": 0, "dealer": 0, "each": 0, "honba": 0, "riichi_sticks": 0, "total": 0
    }


@pytest.mark.parametrize(
    ("riichi", "counted"),
    [
        ("none", None),
        ("riichi", ("riichi", "1 han")),
        ("double", ("double riichi", "2 han")),
        ("open", ("riichi", "1 han")),  # yakubook/engine/standard.py RIICHI_HAN: open riichi 1 han
        ("open_double", ("double riichi", "2 han")),
    ],
)
def test_riichi_and_double_riichi_are_counted_by_their_names(riichi: str, counted) -> None:
    s = score(PINFU_HAND | {"riichi": riichi})
    names = [name for name, _ in s.counted]
    if counted is None:
        assert "riichi" not in names and "double riichi" not in names
    else:
        assert counted in s.counted
        assert len([n for n in names if n in ("riichi", "double riichi")]) == 1


@pytest.mark.parametrize(
    ("honor", "seat", "round_", "counted"),
    [
        ("5z", "S", "E", ("yakuhai White", "1 han")),  # a dragon
        ("7z", "E", "E", ("yakuhai Red", "1 han")),  # a dragon, whatever the winds
        ("1z", "S", "E", ("yakuhai East", "1 han")),  # the round wind only
        ("2z", "S", "E", ("yakuhai South", "1 han")),  # the seat wind only
        ("1z", "E", "E", ("yakuhai East", "2 han")),  # seat and round: a double wind
        ("2z", "S", "S", ("yakuhai South", "2 han")),
        ("4z", "W", "S", None),  # a guest wind: no yakuhai
    ],
)
def test_an_honor_triplet_counts_one_han_per_dragon_seat_and_round(
    honor: str, seat: str, round_: str, counted
) -> None:
    hand = {"hand": f"234m456p678s{honor * 3}55p", "win": "5p", "seat": seat, "round": round_}
    s = score(hand)
    yakuhai = [c for c in s.counted if c[0].startswith("yakuhai")]
    assert yakuhai == ([counted] if counted else [])


def test_junsei_chuuren_is_a_double_yakuman() -> None:
    # 1112345678999m waiting on all nine, won on the 5m: 純正九蓮寶燈, a double yakuman;
    # a non-dealer's ron pays 64,000, or 32,000 when double yakuman count once.
    hand = {"hand": "11123455678999m", "win": "5m", "seat": "S"}
    s = score(hand)
    assert (s.yakuman, s.limit, s.payment.ron) == (2, "2x yakuman", 64000)
    assert [name for name, _ in s.counted] == ["chuuren_junsei"]
    s = score(hand, double_yakuman=False)
    assert (s.yakuman, s.payment.ron) == (1, 32000)


# Fu before rounding, from the rule: 20 base, 10 for a closed ron, 2 for a tsumo, 2 for a
# kanchan/penchan/tanki wait, 2 per yakuhai pair part (a double wind 4); a triplet 2 open or
# 4 concealed (one completed by ron counts open), doubled for terminals and honors, a quad
# four times a triplet. Seat South, round East.
@pytest.mark.parametrize(
    ("hand", "win", "melds", "extra", "raw"),
    [
        ("222m456p678s234s55p", "4s", [], {}, 20 + 10 + 4),
        ("111m456p678s234s55p", "4s", [], {}, 20 + 10 + 8),
        ("234m999p678s234s55p", "4s", [], {}, 20 + 10 + 8),
        ("222z456p678s234s55p", "4s", [], {}, 20 + 10 + 8),
        ("222m456p678s234s55p", "2m", [], {}, 20 + 10 + 2),  # ron on the shanpon
        ("222m456p678s234s55p", "2m", [], {"tsumo": True}, 20 + 4 + 2),
        ("456p678s234s55p", "4s", ["pon 222m"], {}, 20 + 2),
        ("456p678s234s55p", "4s", ["pon 111z"], {}, 20 + 4),
        ("456p678s234s55p", "4s", ["ankan 2222m"], {}, 20 + 10 + 16),
        ("456p678s234s55p", "4s", ["kan 2222m"], {}, 20 + 8),
        ("456p678s234s55p", "4s", ["ankan 1111z"], {}, 20 + 10 + 32),
        ("456p678s234m55p", "4m", ["kan 9999s"], {}, 20 + 16),
        ("234m456p678s234s55z", "4s", [], {}, 20 + 10 + 2),  # a 白 pair
        ("234m456p678s234s11z", "4s", [], {"seat": "E"}, 20 + 10 + 4),  # a double-wind pair
        ("234m456p678s234s55p", "3s", [], {}, 20 + 10 + 2),  # kanchan
    ],
)
def test_fu_of_sets_waits_and_pairs(hand: str, win: str, melds: list, extra: dict, raw: int):
    w = Win.from_json({"hand": hand, "win": win, "melds": melds, "seat": "S"} | extra)
    readings = [i for i in interpretations(w) if i.kind == "standard"]
    assert len(readings) == 1
    assert fu_of(w, readings[0]) == ((raw + 9) // 10 * 10, raw)


def test_each_honba_adds_300_points_to_the_payment() -> None:
    # 300 points per honba (100 from each payer on a tsumo): two honba are 600, on a ron,
    # a non-dealer's tsumo and the dealer's.
    p = score(PINFU_HAND | {"honba": 2}).payment
    assert (p.honba, p.ron) == (600, 3900 + 600)
    for seat in ("S", "E"):
        p = score(PINFU_HAND | {"honba": 2, "tsumo": True, "seat": seat}).payment
        assert p.honba == 600, seat


@pytest.mark.parametrize("honba", [0, 1, 3])
def test_every_payer_adds_100_per_honba_and_the_honba_part_is_300_each(honba: int) -> None:
    # Standard table: a non-dealer's 3 han 30 fu ron is 3,900; the pinfu tsumo is 4 han
    # 20 fu: 2,600 from the dealer and 1,300 from each other player, or 2,600 from
    # everyone on the dealer's tsumo. Each honba: 300 on a ron, 100 from each payer on a
    # tsumo, so the honba part is 300 per honba whoever pays.
    n = honba
    p = score(PINFU_HAND | {"honba": n}).payment
    assert (p.ron, p.honba, p.total) == (3900 + 300 * n, 300 * n, 3900 + 300 * n)
    p = score(PINFU_HAND | {"honba": n, "tsumo": True}).payment
    assert (p.dealer, p.each, p.honba, p.total) == (
        2600 + 100 * n, 1300 + 100 * n, 300 * n, 5200 + 300 * n
    )
    p = score(PINFU_HAND | {"honba": n, "tsumo": True, "seat": "E"}).payment
    assert (p.each, p.honba, p.total) == (2600 + 100 * n, 300 * n, 7800 + 300 * n)


# -- the score as text and JSON; rarer combinations ---------------------------------------


def test_the_score_text_says_who_pays_a_tsumo() -> None:
    # Non-dealer mangan tsumo with one honba: 4,100 from the dealer, 2,100 from each
    # other player; the dealer's mangan tsumo: 4,100 from each.
    hand = PINFU_HAND | {"tsumo": True, "ippatsu": True, "honba": 1}
    assert score(hand).lines()[:2] == [
        "score: 5 han 20 fu, mangan",
        "  tsumo: the dealer pays 4100, each other player 2100; total 8300",
    ]
    assert score(hand | {"seat": "E"}).lines()[1] == "  tsumo: each player pays 4100; total 12300"


def test_the_score_text_gives_the_riichi_sticks_in_points() -> None:
    # Two sticks on the table are 2,000 points to the winner: the text must not read as
    # "2000 sticks".
    hand = PINFU_HAND | {"tsumo": True, "ippatsu": True, "riichi_sticks": 2}
    assert score(hand).lines()[1] == (
        "  tsumo: the dealer pays 4000, each other player 2000"
        " + 2000 for the riichi sticks; total 10000"
    )


def test_a_yakuman_scores_by_its_name_and_lists_the_han_yaku_it_drops() -> None:
    s = score(DAISANGEN)  # daisangen; the three dragon triplets are concealed: sanankou
    lines = s.lines()
    assert lines[:3] == [
        "score: yakuman",
        "  ron: the discarder pays 32000; total 32000",
        "  counted: daisangen 1x yakuman",
    ]
    assert "  not counted: sanankou (a yakuman drops the han yaku)" in lines
    assert {"name": "sanankou", "why": "a yakuman drops the han yaku"} in s.to_json()[
        "not_counted"
    ]


def test_a_hand_without_a_yaku_says_no_win_and_why() -> None:
    # site/guide/scoring.md: flowers and dora never make a win by themselves (no yaku: no win).
    hand = {"hand": "234m456p678s55p", "win": "4m", "melds": ["chi 789s"], "dora": "4p"}
    s = score(hand, kuitan=False)
    assert s.lines() == ["score: no win (no yaku)"]
    assert s.to_json()["note"] == "no yaku"


def test_a_score_without_a_reading_reports_none() -> None:
    from yakubook.engine.score import Payment

    s = Score(False, 0, 0, 0, "", 0, Payment(), (), None)
    assert "interpretation" not in s.to_json()


def test_scoring_that_is_no_table_is_refused() -> None:
    message = r"^r\.toml: 'scoring' must be a table: \[scoring\], got 1$"
    with pytest.raises(InputError, match=message):
        parse_scoring(1, "r.toml")


def test_no_reading_at_all_is_refused() -> None:
    with pytest.raises(InputError, match=r"^no reading of the hand to score$"):
        best_score(Win.from_json(PINFU_HAND), [], Scoring())


def test_called_pairs_open_a_seven_pairs_hand_and_seven_pairs_is_closed_only() -> None:
    # WIN_FORMAT: a called pair opens the hand; 七對子 is closed only (no open han), while
    # open tanyao stays 1 han (kuitan).
    hand = {"hand": "224466m3355p7788s", "win": "8s", "seat": "S"}
    assert dict(score(hand).counted) == {"tanyao": "1 han", "chiitoitsu": "2 han"}
    s = score(hand | {"called_pairs": 1})
    assert dict(s.counted) == {"tanyao": "1 han"} and s.han == 1


def test_the_full_count_of_a_standard_reading_has_its_yakuhai() -> None:
    # ``standard_names`` is the full count ``appraise`` falls back on when a local yaku takes
    # a standard one out. 123m 456p 55s, East and 中 triplets, dealer in the East round, won
    # by ron after a riichi: East is both seat and round wind (2 han), 中 1 han, riichi 1 han;
    # no tanyao (honours), no pinfu (triplets).
    from yakubook.engine.score import standard_names

    win = Win.from_json({"hand": "123m456p55s111777z", "win": "5s", "seat": "E",
                         "riichi": "riichi"})
    (reading,) = interpretations(win)
    assert standard_names(win, reading, Scoring()) == {
        "yakuhai East": 2, "yakuhai Red": 1, "riichi": 1}


def test_an_irregular_shape_reads_only_the_tile_colour_yaku_and_base_fu() -> None:
    # BACK FOUR's shape of 123456789555s44z: half flush (3 han closed) is read off the tiles;
    # the shape has no set fu: 20 base + 10 for a closed ron = 30.
    from yakubook.engine import registry
    from yakubook.engine.score import standard_names

    registry.load_bodies()
    win = Win.from_json({"hand": "123456789555s44z", "win": "4z", "seat": "S"})
    (irregular,) = [i for i in interpretations(win) if i.kind == "back_four"]
    assert standard_names(win, irregular, Scoring()) == {"honiisou": 3}
    assert fu_of(win, irregular) == (30, 30)
    # guriinsha's shape (3-08-01-07) holds an East triplet: still no set fu (a standard
    # reading's concealed honour triplet would add 8).
    win = Win.from_json({"hand": "13456789m2s11144z", "win": "2s", "seat": "S"})
    (irregular,) = [i for i in interpretations(win) if i.kind == "guriinsha"]
    assert fu_of(win, irregular) == (30, 30)


def test_a_yaku_that_includes_a_standard_yaku_takes_it_out() -> None:
    # 包含七對子: the local yaku's han include seven pairs', so it is not counted again.
    note = {"kind": "includes", "args": ["七对子"], "text": "包含七对子的2翻"}
    pairs = {"hand": "224466m3355p7788s", "win": "8s", "seat": "S"}  # tanyao, chiitoitsu
    s = score(pairs, local(han(3), (note,)))
    assert "chiitoitsu" not in dict(s.counted) and s.han == 1 + 3


def test_the_local_ippatsu_is_the_standard_one_counted_once() -> None:
    ippatsu = Award("3-02-01", "一發", "b", {**han(1), "lost": False, "notes": []})
    s = score(PINFU_HAND | {"ippatsu": True}, ippatsu)
    assert ("3-02-01 一發", "the standard ippatsu, counted once") in s.not_counted
    assert s.han == 4 and dict(s.counted)["ippatsu"] == "1 han"  # riichi tanyao pinfu ippatsu


def test_seven_pairs_plus_one_is_one_han_more_than_the_seven_pairs_counted() -> None:
    # 「七對子+1翻」 (3-09-03 b): on a seven-pairs reading the standard 2 han are counted
    # already, so the local yaku adds 1; on a reading without seven pairs it brings them: 3.
    plus = local({"kind": "additive", "han": 1, "plus": "七對子"})
    pairs = {"hand": "224466m3355p7788s", "win": "8s", "seat": "S"}  # tanyao, chiitoitsu
    s = score(pairs, plus)
    assert ("3-99-99 test yaku", "1 han") in s.counted and s.han == 1 + 2 + 1
    s = score(PINFU_HAND, plus)
    assert ("3-99-99 test yaku", "3 han") in s.counted and s.han == 3 + 3


def test_the_higher_of_two_limit_yaku_sets_the_floor_in_either_order() -> None:
    # At least haneman and at least mangan: at least haneman, 12,000 from the discarder.
    mangan = local({"kind": "limit", "limit": "mangan", "multiple": 1})
    haneman = local({"kind": "limit", "limit": "haneman", "multiple": 1})
    for awards in ((haneman, mangan), (mangan, haneman)):
        s = score(PINFU_HAND, *awards)
        assert (s.limit, s.payment.ron) == ("haneman", 12000)
    # 3 han 30 fu is below haneman: the floor sets it, and the text says why.
    why = "3-99-99 test yaku sets the hand to haneman; the other han do not add onto it"
    assert s.lines()[-1] == f"  ({why})" and s.to_json()["note"] == why
