"""Section 3-14 (wait shapes): what the examples cannot say.

The wait set every "only waited on" rule reads, 皆素's notion of other yaku, and that a
prefilter only rejects hands its body would reject (on every example hand of 3-14 and
3-16 under varied situations, for every option variant).
"""

from __future__ import annotations

import itertools

import pytest

import catalog
from yakubook.engine import registry
from yakubook.engine.bodies.s3_14 import has_standard_yaku, wait_tiles
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset, option_variants
from yakubook.engine.tiles import parse_tiles
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()
MINE = sorted(k for k in registry.BODIES if k[:4] in ("3-14", "3-16"))


def tiles(text: str) -> frozenset[int]:
    return frozenset(parse_tiles(text).tiles)


def test_wait_tiles() -> None:
    assert wait_tiles(Win.make("123m456p789s11122z", "5p")) == tiles("5p")
    assert wait_tiles(Win.make("123m456p789s11122z", "6p")) == tiles("36p")
    # 1112345678999m + 5m: the nine-sided wait of 九蓮寶燈.
    assert wait_tiles(Win.make("11123455678999m", "5m")) == tiles("123456789m")
    # Seven pairs and thirteen orphans count; tiles held four times do not.
    assert wait_tiles(Win.make("1133557799m1122z", "2z")) == tiles("2z")
    assert wait_tiles(Win.make("19m19p19s12345677z", "7z")) == tiles("19m19p19s1234567z")
    assert wait_tiles(Win.make("123m456p789s11z", "6p", melds=["ankan 3333p"])) == tiles("6p")
    # All terminals and honors, yet no thirteen-orphans wait: only the tanki tile.
    assert wait_tiles(Win.make("111m999m111p999p11z", "1z")) == tiles("1z")


def test_other_yaku() -> None:
    def held(win: Win) -> bool:
        return any(has_standard_yaku(HandView(win, i)) for i in interpretations(win))

    assert not held(Win.make("123m55p789p456678s", "2m"))
    assert held(Win.make("123m55p789p456678s", "2m", tsumo=True))  # 門前清自摸和
    assert held(Win.make("234m55p456p456678s", "3m"))  # 斷幺九
    assert held(Win.make("123m55p789p456678s", "2m", houtei=True))
    assert held(Win.make("1133557799m1122z", "2z"))  # 七對子
    assert held(Win.make("19m19p19s12345677z", "7z"))  # 國士無雙
    # An open 一氣通貫 is the only yaku of these hands, in each of the three suits.
    for a, b, c in ("msp", "pms", "spm"):
        ittsuu = Win.make(f"456789{a}234{b}55{c}", f"5{c}", melds=[f"chi 123{a}"])
        assert held(ittsuu), a


def test_other_yaku_of_an_irregular_reading() -> None:
    # A BACK FOUR reading (no standard reading) holds the tile yaku: 清老頭 here, none in
    # the second hand (three suits, no situation yaku).
    def held(win: Win) -> bool:
        readings = interpretations(win, shapes=["back_four"])
        assert readings and all(i.kind == "back_four" for i in readings)
        return any(has_standard_yaku(HandView(win, i)) for i in readings)

    assert held(Win.make("1111m9999m1111p99p", "9p"))
    assert not held(Win.make("1111m2345p6666s99s", "9s"))


def test_kaiso_through_evaluate() -> None:
    # 皆素 only without other yaku: the local 三色通貫 (3-10-03) this hand also holds
    # is one (issue #11), so it needs a table without 三色通貫.
    alone = Ruleset.from_toml('[ruleset]\nothers = "off"\n[yaku."3-14-13"]\nvalue = "b"\n')
    plain = evaluate(Win.make("123m55p789p456678s", "2m"), alone)
    assert "3-14-13" in {a.id for a in plain.yaku}
    riichi = evaluate(Win.make("123m55p789p456678s", "2m", riichi="riichi"), alone)
    assert "3-14-13" not in {a.id for a in riichi.yaku}
    with_local = evaluate(Win.make("123m55p789p456678s", "2m"))
    assert {a.id for a in with_local.yaku} == {"3-10-03"}




SITUATIONS = [
    {},
    {"tsumo": True},
    {"tsumo": True, "first_go_around": True},
    {"tsumo": True, "first_go_around": True, "seat_wind": "S"},
    {"first_go_around": True, "seat_wind": "W", "turn": 0},
    {"riichi": "riichi", "chankan": True},
    {"riichi": "riichi"},
]


def _hands():
    for ex in catalog.examples():
        if ex["yaku"][:4] not in ("3-14", "3-16"):
            continue
        for situation in SITUATIONS:
            try:
                yield Win.make(ex["hand"], ex["win"], ex.get("melds", []), **situation)
            except ValueError:  # e.g. first_go_around with a called meld
                continue


def test_prefilters_only_reject_what_the_bodies_reject() -> None:
    for win, yid in itertools.product(list(_hands()), MINE):
        body = registry.BODIES[yid]
        if body.prefilter is None or body.prefilter(win):
            continue
        for interp in interpretations(win):
            view = HandView(win, interp)
            for opts in option_variants(yid):
                assert body.fn(view, opts) is None, (yid, win.to_json(), opts)


def test_fast_standard_yaku_check_agrees_with_asking_every_helper():
    """has_standard_yaku's bit-mask shortcuts never change its answer."""
    import random

    from bench.evaluate_vs_mahjong import random_win
    from yakubook.engine import standard
    from yakubook.engine.bodies.s3_14 import _situation_yaku, has_standard_yaku
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.view import HandView

    rng = random.Random(14)
    checked = with_yaku = 0
    for _ in range(3000):
        w = random_win(rng)
        for interp in interpretations(w):
            view = HandView(w, interp)
            naive = (
                _situation_yaku(w)
                or any(view.std(n) for n in standard.STANDARD_YAKU if n != "menzen")
                or standard.yakuhai(w, interp) > 0
            )
            assert has_standard_yaku(view) == naive, w
            checked += 1
            with_yaku += naive
    assert checked > 3000 and 0 < with_yaku < checked


def test_wait_tiles_match_trying_every_tile():
    """wait_tiles' candidate pruning never loses a wait (against all 34 tiles)."""
    import random

    from bench.evaluate_vs_mahjong import random_win
    from yakubook.engine.bodies.s3_14 import wait_tiles
    from yakubook.engine.decompose import chiitoitsu_pairs, kokushi_pair, standard_shapes

    rng = random.Random(6)
    multi = 0
    for _ in range(2000):
        w = random_win(rng)
        before = list(w.concealed_counts)
        before[w.win_tile] -= 1
        naive = set()
        for t in range(34):
            if before[t] >= 4:
                continue
            before[t] += 1
            key = tuple(before)
            if standard_shapes(key) or (
                not w.melds and (chiitoitsu_pairs(key) or kokushi_pair(key) is not None)
            ):
                naive.add(t)
            before[t] -= 1
        naive = {t for t in naive if w.tile_counts[t] - (t == w.win_tile) < 4}
        assert wait_tiles(w) == naive, w
        multi += len(naive) > 1
    assert multi > 100


def test_goryuu_meidou_needs_a_closed_hand() -> None:
    # 五龍鳴動 is a closed manzu flush (門前萬子清一色) whose only wait was 5m: the hand of
    # the first 3-14-09 example with its 333m called is a manzu flush won on 5m, 5m its
    # only wait (4m-6m), by tsumo, but open.
    closed = Win.make("33345677888999m", "5m", tsumo=True)
    called = Win.make("45677888999m", "5m", melds=["pon 333m"], tsumo=True)
    assert wait_tiles(called) == tiles("5m")
    assert "3-14-09" in {a.id for a in evaluate(closed).yaku}
    assert "3-14-09" not in {a.id for a in evaluate(called).yaku}


@pytest.mark.parametrize(("hand", "win_tile"), [
    ("123m456m999p888s77z", "8s"),
    ("123p456p999m888s77z", "8s"),
    ("123m456m999s888p77z", "8p"),
], ids=["999p", "999m", "999s"])
def test_giant_baba_takes_a_nine_of_any_suit(hand: str, win_tile: str) -> None:
    # Giant馬場: 有9的暗刻時，8的雙碰聽的和牌 (僅限門前); the text names no suit. The
    # concealed 9 is each suit's in turn; the hand is won by ron on an 8 of another suit,
    # waiting on that 8's pair and 77z.
    win = Win.make(hand, win_tile)
    assert "3-14-10" in {a.id for a in evaluate(win).yaku}


def test_anago_needs_a_4_and_6_of_the_5s_suit() -> None:
    # 穴子 is 嵌張聽5的和牌: the 5 won between a 4 and a 6 of its suit. This 綠皮車 hand
    # (3-08-01-07: the manzu straight with 6m swapped for 6s, East and North) is won on
    # 5m, which sits between 4m and 6s: no 4-6 嵌張, so no 穴子. (Its 綠皮車 reading gives
    # the broken run the wait of 456m, "kanchan", which the body alone would accept.)
    win = Win.make("12345789m6s11144z", "5m")
    held = {a.id for a in evaluate(win).yaku}
    assert "3-08-01-07" in held
    assert "3-14-03" not in held


def test_anago_alone_refuses_a_wait_across_two_suits() -> None:
    # 穴子 is the 4-6 of the 5's own suit. A 綠皮車 reading (3-08-01-07) calls the gap in its
    # broken run "kanchan" even where the neighbours are of two suits (5m between 4m and
    # 6s): the body must say no on its own, not only behind its prefilter.
    win = Win.make("12345789m6s11144z", "5m")
    readings = interpretations(win)
    assert any(i.wait == "kanchan" for i in readings), readings
    body = registry.BODIES["3-14-03"]
    for interp, opts in itertools.product(readings, option_variants("3-14-03")):
        assert body.fn(HandView(win, interp), opts) is None, (interp.kind, opts)


@pytest.mark.parametrize(
    ("hand", "win_tile", "chi"),
    [
        ("123s789m999p44z", "3s", "chi 123p"),
        ("123p789s999m44z", "3p", "chi 123m"),
        ("123m789p999s44z", "3m", "chi 123s"),
    ],
    ids=["123p-123s", "123m-123p", "123m-123s"],
)
def test_open_chanta_with_a_123_run_of_any_suit_is_a_yaku(
    hand: str, win_tile: str, chi: str
) -> None:
    # 混全帶幺 (open: 1 han): every block holds a terminal or honor, here a 123 run of two
    # suits, a 789 run, a 999 triplet and a North pair (no value tile for the East seat
    # in the East round). It is the hand's only standard yaku, so this penchan win is no
    # 皆素 (which needs no other yaku), whichever suits the 123 runs are in.
    win = Win.make(hand, win_tile, melds=[chi])
    assert interpretations(win)[0].wait == "penchan"
    assert any(has_standard_yaku(HandView(win, i)) for i in interpretations(win))
    alone = Ruleset.from_toml('[ruleset]\nothers = "off"\n[yaku."3-14-13"]\nvalue = "b"\n')
    assert "3-14-13" not in {a.id for a in evaluate(win, alone).yaku}


def _awarded_waits(yid: str, win: Win) -> set[tuple[str, bool]]:
    """(the reading's wait, awarded) for every reading of the hand under every variant."""
    body = registry.BODIES[yid]
    assert body.prefilter is None or body.prefilter(win)
    return {
        (interp.wait, body.fn(HandView(win, interp), opts) is not None)
        for interp in interpretations(win)
        for opts in option_variants(yid)
    }


def test_uushin_tonkan_only_on_the_kanchan_reading() -> None:
    # 五心通貫 (3-14-08): the 5m is the 4-6's 嵌張 in one reading and the 5m pair's 單騎
    # in the other; only the 嵌張 reading counts.
    win = Win.make("12345556789m789p", "5m")
    assert _awarded_waits("3-14-08", win) == {("kanchan", True), ("tanki", False)}


def test_giant_baba_needs_a_triplet_of_nines() -> None:
    # Giant馬場 (3-14-10): three 9m held, won on 8s by 雙碰 (88s/99m), but the 9m are a
    # sequence's and a pair's, not a concealed triplet.
    win = Win.make("123456p78999m888s", "8s")
    assert _awarded_waits("3-14-10", win) == {("shanpon", False)}
