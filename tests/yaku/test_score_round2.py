"""Scoring, round 2 (issue #36, and #35's seven pairs and one reading): the compendium's
own hands scored as the compendium says. Every expected number is worked out from the
rule text and the standard payment table, in the comment beside it, never read off the
scorer."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig

from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.award import rank
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.score import Score
from yakubook.engine.tiles import format_tiles
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

ROOT = Path(__file__).parents[2]
OFF = '[ruleset]\nothers = "off"\n'


def ruleset(text: str = "", others_off: bool = True) -> Ruleset:
    """A ruleset file: the given tables, every other yaku off (standard rules) unless
    ``others_off`` is False."""
    return Ruleset.from_toml((OFF if others_off else "") + text)


def scored(hand: dict, rs: Ruleset) -> Score:
    s = evaluate(Win.from_json(hand), rs, score=True).score
    assert s is not None
    return s


def names(s: Score) -> list[str]:
    return [name for name, _ in s.counted]


# -- #36.1: a shape only a local yaku reads is complete only when that yaku holds --------

SHIISANPUUTAA_HAND = {"hand": "147m258p9s1234567z", "win": "9s", "tsumo": True,
                      "first_go_around": True, "seat": "S"}  # fmt: skip


def test_a_local_shape_with_no_local_yaku_on_is_not_a_winning_hand() -> None:
    # Standard rules (every local yaku off): 147m258p9s1234567z is no standard shape
    # (no sets, no seven pairs, not thirteen orphans), so it is not a winning hand and
    # chiihou (a complete hand on the first draw) cannot be paid.
    s = scored(SHIISANPUUTAA_HAND, ruleset())
    assert not s.win
    assert s.payment.total == 0
    assert "not a winning hand" in s.reason


def test_a_local_shape_is_no_win_under_the_small_house_set_without_its_yaku() -> None:
    # rulesets/small-house.toml turns on 十三不搭 (3-16-01) but not 十三無靠 (3-16-02);
    # this hand has a pair-less, taatsu-less shape: 十三無靠's, whose yaku is off.
    # 1m 4m 7m / 2p 5p 8p / 9s and seven different honors: no two tiles within two of
    # each other in a suit, so no 搭子, and no pair: not 十三不搭 (which has one pair).
    rs = Ruleset.from_toml((ROOT / "rulesets/small-house.toml").read_text(encoding="utf-8"))
    s = scored(SHIISANPUUTAA_HAND, rs)
    assert not s.win and "not a winning hand" in s.reason


# -- #36.2: 十三無靠 and 十四連嵌 與天和、地和不復合 --------------------------------------------


def test_shiisanuukao_does_not_combine_with_chiihou() -> None:
    # 3-16-02 b 滿貫, 「與天和、地和不復合」: no chiihou; menzen tsumo 1 han under the 滿貫
    # floor; a non-dealer's mangan tsumo: 4,000 from the dealer, 2,000 from each other
    # player, 8,000 in all.
    s = scored(SHIISANPUUTAA_HAND, ruleset('[yaku."3-16-02"]\nvalue = "b"\n'))
    assert s.win and s.yakuman == 0
    assert "chiihou" not in names(s)
    assert (s.limit, s.payment.dealer, s.payment.each, s.payment.total) == (
        "mangan", 4000, 2000, 8000)  # fmt: skip


def test_juushi_renkan_does_not_combine_with_tenhou() -> None:
    # 3-16-03 b 役滿, 「與天和、地和不復合」: the dealer's first-draw tsumo is one yakuman,
    # not tenhou + 十四連嵌; a dealer's yakuman tsumo: 16,000 from each, 48,000.
    hand = {"hand": "1357m2468p134679s", "win": "9s", "tsumo": True,
            "first_go_around": True, "seat": "E"}  # fmt: skip
    s = scored(hand, ruleset('[yaku."3-16-03"]\nvalue = "b"\n'))
    assert s.yakuman == 1 and "tenhou" not in names(s)
    assert (s.payment.each, s.payment.total) == (16000, 48000)


# -- #36.4: 七星 c 役滿（僅字一色） is one yakuman --------------------------------------------


def test_chiishin_c_is_the_single_tsuuiisou_yakuman() -> None:
    # 3-09-04 c 役滿（僅字一色）: the hand is the 字一色 yakuman only, once; a non-dealer's
    # ron of one yakuman: 32,000 (d, 包含了字一色的役滿, would be the double).
    hand = {"hand": "11223344556677z", "win": "7z", "seat": "S"}
    s = scored(hand, ruleset('[yaku."3-09-04"]\nvalue = "c"\n'))
    assert (s.yakuman, s.payment.ron) == (1, 32000)
    s = scored(hand, ruleset('[yaku."3-09-04"]\nvalue = "d"\n'))
    assert (s.yakuman, s.payment.ron) == (2, 64000)


# -- #36.8: rules no test caught ---------------------------------------------------------


def test_more_than_six_yakuman_pay_six() -> None:
    # Four concealed honour kans and a 5z pair won by tsumo: 大四喜 (2), 字一色, 四暗刻單騎
    # (2), 四槓子 and the local yakuman of everything-on.toml: far more than six; at most
    # six are paid (score.py rule 6): base 6 x 8,000 = 48,000, a non-dealer's tsumo:
    # 96,000 from the dealer, 48,000 from each other player, 192,000.
    rs = Ruleset.from_toml((ROOT / "rulesets/everything-on.toml").read_text(encoding="utf-8"))
    hand = {"hand": "55z", "win": "5z", "seat": "S", "tsumo": True,
            "melds": ["ankan 1111z", "ankan 2222z", "ankan 3333z", "ankan 4444z"]}  # fmt: skip
    s = scored(hand, rs)
    assert (s.yakuman, s.payment.dealer, s.payment.each, s.payment.total) == (
        6, 96000, 48000, 192000)  # fmt: skip


@pytest.mark.parametrize("riichi", ["riichi", "double", "open", "open_double"])
def test_ura_dora_count_under_every_riichi(riichi: str) -> None:
    # Ura dora count for any riichi, the open ones included (README rule 1: "ura dora
    # (with a riichi)"). 234m456p678s234s55p ron, ura indicator 4p: the three 5p are ura
    # dora, 3 han more than the same hand without the indicator (the dora indicator 1z
    # makes 2z dora, which the hand has not).
    hand = {"hand": "234m456p678s234s55p", "win": "4s", "seat": "S", "riichi": riichi,
            "dora": "1z"}  # fmt: skip
    without = scored(hand, ruleset())
    with_ura = scored(hand | {"ura": "4p"}, ruleset())
    assert with_ura.han == without.han + 3
    assert ("ura dora", "3 han") in with_ura.counted


def test_a_note_naming_two_standard_yaku_takes_both_out() -> None:
    # 3-09-03 e 5翻（包含了混老頭和七對子的翻數）: 混老頭 and 七對子 are inside the 5 han, so the
    # hand is 5 han (mangan, 8,000 on a non-dealer's ron), not 5 + 2 + 2.
    hand = {"hand": "1199m1199p1199s11z", "win": "1z", "seat": "S"}
    s = scored(hand, ruleset('[yaku."3-09-03"]\nvalue = "e"\n'))
    assert "honroutou" not in names(s) and "chiitoitsu" not in names(s)
    assert (s.han, s.limit, s.payment.ron) == (5, "mangan", 8000)


def test_a_fu_and_han_value_ranks_as_its_han() -> None:
    # 鳴牌七對子 b 「25符1翻」 is worth 1 han: it ranks as a value, like 1翻.
    assert rank({"kind": "fu_han", "fu": 25, "han": 1, "lost": False}) == 1.0


def test_naki_chiitoitsu_with_its_fu_supplied_is_awarded() -> None:
    # 3-09-12 b with fu = 25: 223344m556677p88s with one pair called is a 鳴牌七對子 (its
    # seven pairs reading), 1 han; the reading that holds it is reported.
    hand = {"hand": "223344m556677p88s", "win": "8s", "called_pairs": 1, "seat": "S"}
    rs = ruleset('[yaku."3-09-12"]\nvalue = "b"\nfu = 25\n')
    result = evaluate(Win.from_json(hand), rs, score=True)
    assert [a.id for a in result.yaku] == ["3-09-12"]


# -- #36.3 / #35.2: a Set七對子 hand is a seven-pairs hand for everyone ------------------

SET_HAND = {"hand": "1111m2233p4455s66z", "win": "6z", "riichi": "riichi", "seat": "S"}
SET_ON = '[yaku."3-09-08"]\nvalue = "c"\n'


def test_a_set_chiitoitsu_hand_is_riichi_and_chiitoitsu() -> None:
    # 3-09-08 c 有: 1111m counts as two pairs, so the hand is 七對子 (2 han, 25 fu) with
    # riichi: 3 han 25 fu, base 25 x 2^5 = 800, a non-dealer's ron 3,200.
    result = evaluate(Win.from_json(SET_HAND), ruleset(SET_ON), score=True)
    s = result.score
    assert s is not None
    assert (s.han, s.fu, s.payment.ron) == (3, 25, 3200)
    assert {"riichi", "chiitoitsu"} <= set(names(s))
    assert result.standard == ("chiitoitsu",)


def test_set_bonus_adds_one_han_per_set() -> None:
    # 3-09-08-01 b 每使用4張相同的牌（Set），增加1翻: one Set, so 4 han 25 fu: base 1,600,
    # a non-dealer's ron 6,400.
    s = scored(SET_HAND, ruleset(SET_ON + '"3-09-08-01" = "b"\n'))
    assert (s.han, s.fu, s.payment.ron) == (4, 25, 6400)


TERMINAL_SET = {"hand": "1111m99m11p99p11s99s", "win": "9s", "seat": "S"}


def test_terminal_set_hand_is_chinroutou_under_a() -> None:
    # 3-09-08-02 a 清老頭: the all-terminal Set hand is the 清老頭 yakuman, 32,000.
    s = scored(TERMINAL_SET, ruleset(SET_ON))
    assert (s.yakuman, s.payment.ron) == (1, 32000)


def test_terminal_set_hand_is_junchan_under_b() -> None:
    # 3-09-08-02 b 純全帶幺: no 清老頭; 七對子 2 han + 純全帶幺 3 han (closed) = 5 han,
    # mangan, 8,000 on a non-dealer's ron.
    s = scored(TERMINAL_SET, ruleset(SET_ON + '"3-09-08-02" = "b"\n'))
    assert s.yakuman == 0 and "chinroutou" not in names(s)
    assert (s.han, s.limit, s.payment.ron) == (5, "mangan", 8000)


@pytest.mark.parametrize("letter", ["a", "b"])
def test_set_chiitoitsu_a_and_b_cannot_win(letter: str) -> None:
    # 3-09-08 a/b 無（不計七對子，不能和牌）: the Set hand is not a winning hand, riichi or not.
    s = scored(SET_HAND, ruleset(f'[yaku."3-09-08"]\nvalue = "{letter}"\n'))
    assert not s.win and s.payment.total == 0 and "not a winning hand" in s.reason


@pytest.mark.parametrize("letter", ["a", "b"])
def test_set_chiitoitsu_a_and_b_keep_their_value_under_the_set_bonus(letter: str) -> None:
    # The body asked directly (as a reader of the code or a caller of the registry does):
    # under a/b 無（不計七對子，不能和牌）the Set hand is not counted as 七對子, so the
    # bonus question's +1翻 per Set (3-09-08-01 b) has nothing to add to.
    registry.load_bodies()
    info = generated.REGISTRY["3-09-08"]
    base = info.options()
    value = next(m for m in type(base.value) if m.letter == letter)
    bonus = next(m for m in type(base.set_bonus) if m.letter == "b")
    opts = dataclasses.replace(base, value=value, set_bonus=bonus)
    win = Win.from_json(SET_HAND)
    (interp,) = [i for i in interpretations(win) if i.kind == "chiitoitsu_set"]
    a = registry.call("3-09-08", HandView(win, interp), opts)
    assert a is not None and a.value["kind"] == "none" and "han" not in a.value


def test_seven_pairs_yaku_read_a_set_hand() -> None:
    # #35.2: with 3-09-08 c, 1111m11223355p11s is 七對子, and its 1m 1p 1s pairs are
    # 三色同對 (3-09-09 b, 1翻): 七對子 2 + 三色同對 1 = 3 han 25 fu, 3,200.
    hand = {"hand": "1111m11223355p11s", "win": "5p", "seat": "S"}
    rs = ruleset(SET_ON + '[yaku."3-09-09"]\nvalue = "b"\n')
    result = evaluate(Win.from_json(hand), rs, score=True)
    assert {a.id for a in result.yaku} == {"3-09-08", "3-09-09"}
    assert result.score is not None
    assert (result.score.han, result.score.payment.ron) == (3, 3200)


# -- #36.5: fu stated by the options (BACK FOUR 3-16-07-02/03, 七喜 3-16-09-02/03) -------


def test_back_four_fu_counts_its_fours_as_ankan() -> None:
    # BACK FOUR b with han = 1, riichi, ron on 5p. 3-16-07-02 a 相同的4張牌計暗槓: 1111m and
    # 9999s are terminal ankan (32 fu each), 5555p a simple ankan (16); 3-16-07-03 a 聽相同
    # 4張牌中的1張計單騎聽: 2; the 77z (中) pair: 2; 20 + closed ron 10 = 114, 120 fu.
    # Riichi + BACK FOUR = 2 han: base 120 x 2^4 = 1,920, a non-dealer's ron 7,680 -> 7,700.
    hand = {"hand": "1111m5555p9999s77z", "win": "5p", "riichi": "riichi", "seat": "S"}
    s = scored(hand, ruleset('[yaku."3-16-07"]\nvalue = "b"\nhan = 1\n'))
    assert (s.han, s.fu, s.payment.ron) == (2, 120, 7700)


def test_back_four_fu_by_tsumo_and_with_a_number_pair() -> None:
    # BACK FOUR b with han = 1, as above. By tsumo, 1111m (terminal ankan 32), 5555p and
    # 5555s (simple ankan 16 each), the 77z (中) pair 2, won on 7z (單騎 2): 20 + tsumo 2
    # + 64 + 2 + 2 = 90, 90 fu (the tsumo's 2 fu land it on 90 exactly).
    rs = ruleset('[yaku."3-16-07"]\nvalue = "b"\nhan = 1\n')
    tsumo = {"hand": "1111m5555p5555s77z", "win": "7z", "tsumo": True, "seat": "S"}
    assert scored(tsumo, rs).fu == 90
    # A pair of a number tile is worth nothing: 2222m 5555p 8888s (simple ankan 16 each), the
    # 33s pair won by ron (單騎 2), riichi: 20 + closed ron 10 + 48 + 0 + 2 = 80, 80 fu.
    ron = {"hand": "2222m5555p338888s", "win": "3s", "riichi": "riichi", "seat": "S"}
    assert scored(ron, rs).fu == 80


def test_chiishii_fu_counts_an_honor_wait_as_tanki() -> None:
    # 七喜 c 4翻 on 1234567m + each honor once, ron on 7z by South. 3-16-09-02 a 無（0符）:
    # the hand itself has no fu; 3-16-09-03 a 聽字牌計單騎聽: 2; 20 + closed ron 10 = 32,
    # 40 fu, not a flat 30. (The hand is past mangan either way, 混一色 being read from the
    # tiles, so only the fu is asserted.)
    hand = {"hand": "1234567m1234567z", "win": "7z", "seat": "S"}
    assert scored(hand, ruleset('[yaku."3-16-09"]\nvalue = "c"\n')).fu == 40
    # By tsumo: 20 + tsumo 2 + tanki 2 = 24, 30 fu.
    assert scored(hand | {"tsumo": True}, ruleset('[yaku."3-16-09"]\nvalue = "c"\n')).fu == 30


def test_chiishii_fu_counts_an_inner_number_wait_as_kanchan() -> None:
    # 3-16-09-03 a 聽數牌計順子，同樣有…嵌張聽: 1234567m won on 4m is 3m_5m, a kanchan (2 fu):
    # 32, 40 fu; won on 7m, the end of the run (56m waiting 4m-7m), a ryanmen: 30 fu.
    rs = ruleset('[yaku."3-16-09"]\nvalue = "b"\nhan = 1\n')
    inner = {"hand": "1234567m1234567z", "win": "4m", "seat": "S", "riichi": "riichi"}
    assert scored(inner, rs).fu == 40
    assert scored(inner | {"win": "7m"}, rs).fu == 30


# -- #36.6: 開立直 with open double riichi keeps the double ------------------------------

OPEN_DOUBLE = {"hand": "234678m345p456s99s", "win": "4s", "riichi": "open_double",
               "tsumo": True, "seat": "S"}  # fmt: skip


def test_open_double_riichi_is_three_han_under_c() -> None:
    # 3-02-03 c 包含立直的1翻 with 3-02-03-01 a 3翻（立直的2倍＋開）: riichi and open
    # together are 3 han. Pinfu 1 + menzen tsumo 1 + 3 = 5 han: mangan; a non-dealer's
    # tsumo: 4,000 from the dealer, 2,000 from each other player, 8,000.
    s = scored(OPEN_DOUBLE, ruleset('[yaku."3-02-03"]\nvalue = "c"\n'))
    assert (s.han, s.limit, s.payment.total) == (5, "mangan", 8000)
    assert "double riichi" not in names(s)  # inside 開立直's 3 han


def test_open_double_riichi_is_three_han_under_b() -> None:
    # 3-02-03 b 與立直相同 (riichi counted apart) with 3-02-03-01 a: double riichi 2 + open
    # 1 = 3 han, so the same 5 han and 8,000.
    s = scored(OPEN_DOUBLE, ruleset('[yaku."3-02-03"]\nvalue = "b"\n'))
    assert (s.han, s.limit, s.payment.total) == (5, "mangan", 8000)


# -- #36.7: a ruleset's fu = N is the hand's fu ------------------------------------------


@pytest.mark.parametrize(("fu", "ron"), [(25, 800), (35, 1200)])
def test_a_supplied_fu_scores_in_the_cli(tmp_path: Path, fu: int, ron: int) -> None:
    # 3-09-12 b 「?5符1翻」: the table supplies the lost digit (fu = N); the hand is then
    # 1 han N fu: 25 fu: base 25 x 2^3 = 200, ron 800; 35 fu: 280, ron 1,120 -> 1,200.
    rules = tmp_path / "rules.toml"
    rules.write_text(OFF + f'[yaku."3-09-12"]\nvalue = "b"\nfu = {fu}\n', encoding="utf-8")
    hand = tmp_path / "win.json"
    win = {"hand": "11m33m55p77p99s22s44s", "win": "4s", "called_pairs": 2, "seat": "S"}
    hand.write_text(json.dumps(win), encoding="utf-8")
    command = ["evaluate", str(hand), "--rules", str(rules), "--json"]
    r = subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    score = json.loads(r.stdout)["score"]
    assert (score["han"], score["fu"], score["payment"]["ron"]) == (1, fu, ron)


# -- #35.3: one reading answers everything ----------------------------------------------


def test_the_reading_that_pays_is_the_one_reported() -> None:
    # 22334455667788m won on 8m reads as 22 345 345 678 678 (a 兩面 wait: 平和, 二盃口,
    # 斷幺九, 清一色, 11 han) or 234 234 567 567 88 (a 單騎 wait: no 平和, 10 han): the
    # first pays more, so the wait, the standard yaku and the score all come from it.
    hand = {"hand": "22334455667788m", "win": "8m", "seat": "S", "first_go_around": True,
            "turn": 0, "discarder": "previous"}  # fmt: skip
    result = evaluate(Win.from_json(hand), Ruleset.default(), score=True)
    assert result.score is not None
    assert result.score.interpretation == result.interpretation
    assert result.interpretation is not None and result.interpretation.wait == "ryanmen"
    assert "pinfu" in result.standard and "pinfu" in names(result.score)


def test_the_yakuman_reading_lists_its_own_local_yaku() -> None:
    # 111222333m444p55z by tsumo: as four concealed triplets won on the pair it is
    # 四暗刻單騎 (a double yakuman) and its 111 222 333m are 三連刻 (3-11-01); the
    # 123m x3 reading (一色三順, 3-10-01) pays far less, so it is not the one reported.
    hand = {"hand": "111222333m444p55z", "win": "5z", "tsumo": True}
    result = evaluate(Win.from_json(hand), Ruleset.default(), score=True)
    ids = {a.id for a in result.yaku}
    assert "3-11-01" in ids and "3-10-01" not in ids
    assert result.score is not None and result.score.yakuman == 2
    assert result.interpretation == result.score.interpretation
    # without asking for the score, the same reading is reported
    plain = evaluate(Win.from_json(hand), Ruleset.default())
    assert plain.interpretation == result.interpretation and plain.yaku == result.yaku



def test_between_readings_that_pay_the_same_the_local_yaku_show() -> None:
    # 3445555667 8m + chi 678s won on 5m by West (a non-dealer), ron: 345 456 55 678m reads
    # the 5m as a 兩面 wait on 345/456 or as the middle of 4_6 (a 嵌張 wait). Either way
    # the open hand is 斷幺九 1 han and 30 fu (20, +2 for the kanchan or +0 for the
    # ryanmen, open ron, rounded up): 1,000 both ways. 穴子 (3-14-03, 嵌張聽5的和牌) holds
    # only on the kanchan reading, and its value is lost (b �翻), so it adds nothing to
    # the payment: equal pay, and the reading that shows the yaku that holds is reported.
    hand = {"hand": "34455556678m", "melds": ["chi 678s"], "seat": "W", "win": "5m"}
    result = evaluate(Win.from_json(hand), Ruleset.default(), score=True)
    assert [a.id for a in result.yaku] == ["3-14-03"]
    assert result.interpretation is not None and result.interpretation.wait == "kanchan"
    assert result.score is not None
    assert (result.score.han, result.score.fu, result.score.payment.total) == (1, 30, 1000)

# -- #36.1 at scale: hands complete only in a local shape, against the mahjong library ---

# Three numbers of one suit no two of which are within two of each other (no 搭子).
UNCONNECTED = [
    combo
    for combo in itertools.combinations(range(9), 3)
    if all(b - a >= 3 for a, b in itertools.pairwise(combo))
]
LOCAL_SHAPE_HANDS = 2_000


def local_shape_win(rng: random.Random) -> Win | None:
    """A first-draw tsumo of tiles no two of which form a 搭子: fourteen different ones
    (十三無靠's shape) or thirteen and a pair (十三不搭's). None when the draw is a
    standard shape too (thirteen orphans) or in no known shape."""
    kinds = [27 + t for t in range(7)]
    for base in (0, 9, 18):
        kinds += [base + n for n in rng.choice(UNCONNECTED)]
    pair = rng.random() < 0.5
    chosen = rng.sample(kinds, 13 if pair else 14)
    tiles = sorted(chosen + ([rng.choice(chosen)] if pair else []))
    win = Win.make(
        format_tiles(tiles),
        format_tiles([rng.choice(tiles)]),
        tsumo=True,
        first_go_around=True,
        seat_wind=rng.choice(["E", "S", "W", "N"]),
    )
    if interpretations(win, shapes=()) or not interpretations(win):
        return None
    return win


def library_error(win: Win) -> str | None:
    """The mahjong library's verdict on a closed hand (tile ids: four copies per kind)."""
    copies = [0] * 34
    ids = []
    for t in win.concealed:
        ids.append(t * 4 + copies[t])
        copies[t] += 1
    win_id = ids[win.concealed.index(win.win_tile)]
    config = HandConfig(is_tsumo=True, player_wind=win.seat_wind, round_wind=win.round_wind)
    return HandCalculator.estimate_hand_value(ids, win_id, config=config).error


def test_hands_complete_only_in_a_local_shape_win_nothing_under_standard_rules() -> None:
    # Standard rules (every local yaku off) know no such shape: ours is "not a winning
    # hand", and the mahjong library, which knows only the standard shapes, agrees.
    registry.load_bodies()  # the local shapes register with the bodies
    rng = random.Random(36_1)
    off = ruleset()
    checked = 0
    for _ in range(4 * LOCAL_SHAPE_HANDS):  # about one draw in two is such a hand
        if checked == LOCAL_SHAPE_HANDS:
            break
        win = local_shape_win(rng)
        if win is None:
            continue
        s = scored(win.to_json(), off)
        assert not s.win and "not a winning hand" in s.reason, win.to_json()
        assert library_error(win) == HandCalculator.ERR_HAND_NOT_WINNING, win.to_json()
        checked += 1
    assert checked == LOCAL_SHAPE_HANDS
