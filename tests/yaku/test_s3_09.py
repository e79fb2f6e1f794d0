"""Section 3-09 beyond the examples: 清一色七對子's values from its nested rule questions,
Set七對子's shape and notes, and prefilters that never reject what their body accepts."""

from __future__ import annotations

import dataclasses
import random

import pytest
from yakubook.generated.s3_09 import SetChiitoitsuSetBonus, SetChiitoitsuTerminalSets

import catalog
from tests.yaku.soundness import check_prefilters
from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.award import is_none, rank
from yakubook.engine.bodies.s3_09 import set_chiitoitsu_shapes
from yakubook.engine.decompose import Block, interpretations
from yakubook.engine.melds import Meld
from yakubook.engine.tiles import parse_tiles, tile_from_str
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()
CHINIISOU = "3-09-01"
INFO = generated.REGISTRY[CHINIISOU]


def best(yid: str, win: Win, opts):
    awards = [registry.call(yid, HandView(win, i), opts) for i in interpretations(win)]
    awards = [a for a in awards if a is not None]
    return max(awards, key=lambda a: rank(a.value)) if awards else None


def chiniisou_opts(**letters: str):
    """3-09-01 options at value b (有) with rule questions set by field name."""
    opts = INFO.options()
    changes = {}
    for field, letter in letters.items():
        menu = type(getattr(opts, field))
        changes[field] = next(m for m in menu if m.letter == letter)
    return dataclasses.replace(opts, **changes)


NESTED_EXAMPLES = [
    ex
    for ex in catalog.examples()
    if ex["yaku"] == CHINIISOU and ex["holds"] and ex.get("case") in INFO.rules
    # 3-09-01-02 e adds a yakuman for pinzu: that award is not the composition's option
    # (test_pinzu_adds_a_yakuman_under_e; the example's `awards` states it).
    and ex.get("options", {}).get("3-09-01-02") != "e"
]


def _win(ex: dict) -> Win:
    obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
    obj.update(ex.get("situation", {}))
    return Win.from_json(obj)


def test_the_examples_name_every_composition():
    named = {ex["case"] for ex in NESTED_EXAMPLES}
    assert named == {rid for rid in INFO.rules if rid.startswith("3-09-01-01-")}


# The compositions' option texts (3-09-01-01-01 … -07), read as values: what the award must
# be, written from the text rather than taken from the catalog's parsed value.
WRITTEN_VALUES = {
    "三倍滿": ("limit", "sanbaiman"),
    "役滿": ("yakuman", 1),
    "兩倍役滿": ("yakuman", 2),
}


@pytest.mark.parametrize("ex", NESTED_EXAMPLES, ids=[e["where"] for e in NESTED_EXAMPLES])
def test_the_award_is_the_chosen_option_of_the_composition(ex):
    """Over every option of the rule question the hand's composition names: its value
    (無: the yaku does not hold), with id, name and option letter of 3-09-01 itself."""
    win = _win(ex)
    pinned = {INFO.rules[rid][0]: letter for rid, letter in ex["options"].items()}
    field, menu, values = INFO.rules[ex["case"]]
    for m in menu:
        opts = chiniisou_opts(**(pinned | {field: m.letter}))
        got = best(CHINIISOU, win, opts)
        if is_none(values[m.letter]):
            assert got is None, (ex["where"], m.letter)
            continue
        assert got is not None, (ex["where"], m.letter)
        kind, detail = WRITTEN_VALUES[m.text]
        assert got.value["kind"] == kind, (ex["where"], m.letter, got.value)
        assert got.value.get("limit", got.value.get("multiple")) == detail, (
            ex["where"],
            m.letter,
            got.value,
        )
        assert (got.id, got.letter, got.name) == (CHINIISOU, "b", INFO.name_hant)
        assert ex["case"] in got.note


def test_defaults_award_nothing():
    """Every composition defaults to 無, so 清一色七對子 at its defaults never holds."""
    for ex in NESTED_EXAMPLES:
        assert best(CHINIISOU, _win(ex), INFO.options()) is None


def test_pinzu_adds_a_yakuman_under_e():
    big_wheel = Win.make("22334455667788p", "8p")
    got = best(CHINIISOU, big_wheel, chiniisou_opts(pairs_2_to_8="c", suit="e"))
    assert got.value["kind"] == "yakuman" and got.value["multiple"] == 3
    run_1_to_7 = Win.make("11223344556677p", "7p")
    got = best(CHINIISOU, run_1_to_7, chiniisou_opts(pairs_1_to_7="b", suit="e"))
    assert got.value == {
        "kind": "yakuman",
        "multiple": 1,
        "open": None,
        "lost": False,
        "notes": [],
    }
    for other_suit in ("m", "s"):  # only pinzu adds the yakuman
        hand = Win.make("22334455667788" + other_suit, "8" + other_suit)
        got = best(CHINIISOU, hand, chiniisou_opts(pairs_2_to_8="b", suit="e"))
        assert got.value == INFO.rules["3-09-01-01-01"][2]["b"], other_suit
    assert best(CHINIISOU, big_wheel, chiniisou_opts(suit="e")) is None


def test_a_hand_in_both_branches_takes_the_better_chosen_option():
    # 123 123 567 567 88: one number missing in the run (04) and a 二杯口 shape (07).
    win = Win.make("11223355667788p", "8p")
    only_04 = best(CHINIISOU, win, chiniisou_opts(one_number_skipped="b"))
    assert only_04.value["limit"] == "sanbaiman" and "3-09-01-01-04" in only_04.note
    only_07 = best(CHINIISOU, win, chiniisou_opts(ryanpeikou_not_tanyao="d"))
    assert only_07.value["multiple"] == 2 and "3-09-01-01-07" in only_07.note
    both = best(CHINIISOU, win, chiniisou_opts(one_number_skipped="b", ryanpeikou_not_tanyao="c"))
    assert both.value["kind"] == "yakuman" and "3-09-01-01-07" in both.note
    # and the other way round: 04 the yakuman, 07 the sanbaiman
    both = best(CHINIISOU, win, chiniisou_opts(one_number_skipped="c", ryanpeikou_not_tanyao="b"))
    assert both.value["kind"] == "yakuman" and "3-09-01-01-04" in both.note


def test_called_pairs_open_the_hand():
    win = Win.make("22334455667788p", "8p", called_pairs=1)
    assert best(CHINIISOU, win, chiniisou_opts(pairs_2_to_8="b")) is None


# -- Set七對子 ---------------------------------------------------------------------------


def test_set_shape_counts_four_of_a_kind_as_two_pairs():
    win = Win.make("1111m2233p445566s", "1m")
    (interp,) = list(set_chiitoitsu_shapes(win, win.concealed_counts))
    assert interp.kind == "chiitoitsu_set" and interp.has_duplicate_pair
    assert interp.tiles() == sorted(win.concealed)
    assert interp.winning_block == Block("pair", tile_from_str("1m"))
    for plain in (Win.make("1122m2233p445566s", "1m"), Win.make("111123m445566p77s", "7s")):
        assert list(set_chiitoitsu_shapes(plain, plain.concealed_counts)) == []


def test_set_notes_carry_the_rule_questions():
    info = generated.REGISTRY["3-09-08"]
    two_sets = Win.make("1111m3333p445566s", "4s")
    opts = dataclasses.replace(info.options(), set_bonus=SetChiitoitsuSetBonus.HAN_PER_SET)
    got = best("3-09-08", two_sets, opts)
    # 3-09-08-01 b 每使用4張相同的牌（Set），增加1翻: two Sets, 2 han (issue #36.3).
    assert (got.value["kind"], got.value["han"]) == ("adopted", 2) and "+2翻" in got.note
    terminals = Win.make("1111m99m11p99p11s99s", "9s", tsumo=True)
    for member in SetChiitoitsuTerminalSets:
        opts = dataclasses.replace(info.options(), terminal_sets=member)
        assert member.text in best("3-09-08", terminals, opts).note
    # 3-09-08-02 b 計純全帶幺: the all-terminal Set hand is worth 純全帶幺's 3 han (closed:
    # seven pairs hold no meld) in the adopted value.
    junchan = dataclasses.replace(info.options(), terminal_sets=SetChiitoitsuTerminalSets.JUNCHAN)
    got = best("3-09-08", terminals, junchan)
    assert (got.value["kind"], got.value["han"]) == ("adopted", 3)
    assert best("3-09-08", two_sets, info.options()).note == ""


# -- prefilters --------------------------------------------------------------------------




def _pairs_win(rng: random.Random, pool: list[int]) -> Win | None:
    """Seven pairs from ``pool`` (now and then a Set, or some called pairs)."""
    kinds = rng.sample(pool, min(7, len(pool)))
    kinds += rng.sample([t for t in range(34) if t not in kinds], 7 - len(kinds))
    if rng.random() < 0.2:
        kinds[-1] = kinds[0]
    tiles = [t for t in kinds for _ in range(2)]
    if max(tiles.count(t) for t in tiles) > 4:
        return None
    return Win(
        concealed=tuple(tiles),
        win_tile=rng.choice(tiles),
        tsumo=rng.random() < 0.5,
        called_pairs=rng.choice((0, 0, 1, 3)),
    )


def _straight_win(rng: random.Random, pool: list[int]) -> Win | None:
    """A straight in one suit, a set and a pair of pool tiles, some of it called (and now
    and then one green manzu tile swapped for its souzu)."""
    base = rng.choice((0, 9, 18, 0))
    concealed: list[int] = []
    melds = []
    for start in (base, base + 3, base + 6):
        if rng.random() < 0.2:
            melds.append(Meld("chi", (start, start + 1, start + 2)))
        else:
            concealed += [start, start + 1, start + 2]
    honors = [u for u in pool if u >= 27]
    if len(honors) >= 2 and rng.random() < 0.7:
        t, p = rng.sample(honors, 2)
    else:
        t, p = rng.choice(pool), rng.choice(pool)
    roll = rng.random()
    if roll < 0.25:
        melds.append(Meld(rng.choice(("kan", "ankan", "kakan")), (t,) * 4))
    elif roll < 0.45:
        melds.append(Meld("pon", (t,) * 3))
    else:
        concealed += [t] * 3
    concealed += [p, p]
    if base == 0 and rng.random() < 0.3:
        swap = rng.choice((1, 2, 3, 5, 7))
        if swap in concealed:
            concealed[concealed.index(swap)] = 18 + swap
    counts = [0] * 34
    for u in concealed + [u for m in melds for u in m.tiles]:
        counts[u] += 1
    if max(counts) > 4:
        return None
    return Win(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        melds=tuple(melds),
        tsumo=rng.random() < 0.5,
    )


def _pools(section: str) -> list[list[int]]:
    out = []
    for ex in catalog.examples():
        if ex["yaku"].startswith(section + "-"):
            text = ex["hand"] + "".join(m.split()[1] for m in ex.get("melds", []))
            out.append(sorted(set(parse_tiles(text).tiles)))
    return out


@pytest.mark.parametrize(("section", "make"), [("3-08", _straight_win), ("3-09", _pairs_win)])
def test_prefilters_never_reject_a_hand_the_body_accepts(section, make):
    ids = sorted(k for k in registry.BODIES if k.startswith(section + "-"))
    assert ids, section
    pools = _pools(section)
    rng = random.Random(309)

    def hands():
        while True:
            pool = rng.choice(pools) if rng.random() < 0.9 else rng.sample(range(34), 6)
            yield make(rng, pool)

    check_prefilters(ids, hands(), 2000)


def test_seven_single_honors_are_not_seven_pairs():
    # 七喜 (3-16-09): 1234567m and each honor once, read as the "chiishii" shape of single
    # tiles. It holds all three dragons, all four winds and is 混一色, but has no pair, so
    # 混一色七對子, 三元七對子 and 四風七對子 (each "seven pairs among which ...") reject it.
    win = Win.make("1234567m1234567z", "7z")
    kinds = [i.kind for i in interpretations(win)]
    assert kinds == ["chiishii"]
    for yid in ("3-09-02", "3-09-05", "3-09-06"):
        assert best(yid, win, generated.REGISTRY[yid].options()) is None, yid


def test_sanshoku_i_nitoi_allows_a_suit_pairing_the_third_number_too():
    # 三色異二對 (3-09-11): three numbers 1, 2, 3; manzu pairs 1 and 2, pinzu 1 and 3,
    # souzu 2 and 3 (and 1 as well). Each suit holds a different two of the three numbers
    # (1 shared by man and pin, 2 by man and sou, 3 by pin and sou), so the yaku holds.
    win = Win.make("1122m1133p112233s", "3s")
    assert [i.kind for i in interpretations(win)].count("chiitoitsu") == 1
    held = generated.REGISTRY["3-09-11"].options()  # b: the yaku holds
    assert best("3-09-11", win, held) is not None
    # Without 3s the souzu pairs only 1 and 2, the manzu's two: no third combination.
    assert best("3-09-11", Win.make("1122m1133p1122s55z", "5z"), held) is None
    # Three numbers shared by two suits alone are not enough: the souzu shares none.
    assert best("3-09-11", Win.make("112233m112233p55s", "5s"), held) is None


# 三色異二對 (3-09-11), "each of the 3 suits pairs 2 of 3 numbers": with 1, 2, 4 as the
# three numbers, man pairs 1 and 4, pin 1 and 2, sou 2 and 4. Seven pairs leave one more
# pair, which may be the third number in any one suit (that suit still pairs its two),
# or a number none of the others has; a hand held by no such assignment does not count.
I_NITOI_CASES = [
    ("1144m1122p2244s99s", True),  # the seventh pair elsewhere
    ("112244m1122p2244s", True),  # the manzu pairs all three numbers
    ("1144m112244p2244s", True),  # the pinzu pairs all three numbers
    ("1144m1122p112244s", True),  # the souzu pairs all three numbers
    ("1144m1144p112244s", False),  # man and pin pair the same two
    ("112244m112244p55s", False),  # the souzu pairs none of them
    ("1144m2299p2244s11z", False),  # no number shared by man and pin
]


@pytest.mark.parametrize(("hand", "holds"), I_NITOI_CASES, ids=[c[0] for c in I_NITOI_CASES])
def test_sanshoku_i_nitoi_with_the_third_number_in_each_suit(hand, holds):
    win = Win.make(hand, "1m")
    held = generated.REGISTRY["3-09-11"].options()  # b: the yaku holds
    assert (best("3-09-11", win, held) is not None) is holds
