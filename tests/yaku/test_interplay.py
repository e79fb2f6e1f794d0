"""Rule interplay (issue #11): nested entries follow their parent, one supersession policy
(catalog notes + catalog/families.toml, tested both ways per family), alone-only yaku,
caps on the reading that counts, strict rulesets and numbers a table supplies."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from yakubook import generated
from yakubook.engine.evaluation import evaluate
from yakubook.engine.interplay import ALONE, FAMILIES, PARENTS, parse_families
from yakubook.engine.registry import CONTEXT_KEYWORDS, RegistrationError, implements
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win
from yakubook.errors import InputError


def only(*tables: str, extra: str = "") -> Ruleset:
    """A table with every yaku off but the given [yaku."ID"] bodies (TOML text)."""
    return Ruleset.from_toml('[ruleset]\nothers = "off"\n' + extra + "\n" + "\n".join(tables))


def on(yid: str, **keys: str | int) -> str:
    first = next(m for m in type(generated.REGISTRY[yid].options().value) if m.letter != "a")
    keys.setdefault("value", first.letter)
    body = "\n".join(
        f'"{k}" = {v!r}' if isinstance(v, str) else f'"{k}" = {v}' for k, v in keys.items()
    )
    return f'[yaku."{yid}"]\n{body.replace(chr(39), chr(34))}\n'


def ids(win: Win, rs: Ruleset) -> set[str]:
    return {a.id for a in evaluate(win, rs).yaku}


# -- parents -------------------------------------------------------------------------------

GURIINSHA = Win.make("13456789m2s11144z", "2s")  # 2m swapped for 2s, North triplet
GURIINSHA_OPEN = Win.make("12356789m4s44z", "4s", melds=["pon 111z"])


def test_the_nested_entries_come_from_the_catalog():
    assert {k: (p.parent, p.counts_as) for k, p in PARENTS.items()} == {
        "3-08-01-07": ("3-08-01", True),
        "3-15-03-06": ("3-15-03", False),
    }
    assert PARENTS["3-08-01-07"].condition == "如果有東北新幹線"


def test_guriinsha_needs_tohoku_shinkansen_on():
    assert ids(GURIINSHA, only(on("3-08-01-07"), on("3-08-01"))) == {"3-08-01-07"}
    assert ids(GURIINSHA, only(on("3-08-01-07"))) == set()
    # with the default table too, turning the parent off turns the child off
    assert "3-08-01-07" not in ids(GURIINSHA, Ruleset.from_toml('[yaku."3-08-01"]\nvalue = "a"'))


def test_guriinsha_follows_the_parents_rule_questions():
    closed_only = only(on("3-08-01-07"), on("3-08-01"))  # 3-08-01-01 a: closed only
    open_ok = only(on("3-08-01-07"), on("3-08-01", **{"3-08-01-01": "b"}))
    assert ids(GURIINSHA_OPEN, closed_only) == set()
    assert ids(GURIINSHA_OPEN, open_ok) == {"3-08-01-07"}
    # 3-08-01-02 b: the pair must be North
    north_pair = only(on("3-08-01-07"), on("3-08-01", **{"3-08-01-02": "b"}))
    assert ids(GURIINSHA, north_pair) == {"3-08-01-07"}  # 111z 44z
    assert ids(Win.make("12345679m8s11444z", "1z", tsumo=True), north_pair) == set()
    # 3-08-01-04 b: pinzu only, and 綠皮車's straight is manzu
    assert ids(GURIINSHA, only(on("3-08-01-07"), on("3-08-01", **{"3-08-01-04": "b"}))) == set()
    assert ids(GURIINSHA, only(on("3-08-01-07"), on("3-08-01", **{"3-08-01-04": "a"}))) == {
        "3-08-01-07"
    }


@pytest.mark.parametrize(
    ("parent_value", "expected"),
    [
        ("c", {"kind": "han", "han": 2}),
        ("d", {"kind": "yakuman", "multiple": 1}),
    ],
)
def test_guriinsha_is_awarded_its_parents_value(parent_value, expected):
    rs = only(on("3-08-01-07"), on("3-08-01", value=parent_value))
    (a,) = evaluate(GURIINSHA, rs).yaku
    assert a.id == "3-08-01-07" and a.letter == "b"
    assert {k: a.value[k] for k in expected} == expected
    assert "counts as 3-08-01" in a.note


def test_guriinsha_with_the_parents_lost_number():
    lost = evaluate(GURIINSHA, only(on("3-08-01-07"), on("3-08-01", value="b"))).yaku[0]
    assert lost.value["lost"] and lost.value["han"] is None
    supplied = only(on("3-08-01-07"), on("3-08-01", value="b", han=3))
    a = evaluate(GURIINSHA, supplied).yaku[0]
    assert a.value["han"] == 3 and not a.value["lost"]


NON_DEALER = {"seat_wind": "S"}
HAND = ("123567m456p789s11z", "5m")


def test_ha_paarenchan_needs_paarenchan_on():
    w = Win.make(*HAND, dealer_streak=7, **NON_DEALER)
    assert ids(w, only(on("3-15-03-06"), on("3-15-03"))) == {"3-15-03-06"}
    assert ids(w, only(on("3-15-03-06"))) == set()


@pytest.mark.parametrize(
    ("situation", "counting", "holds"),
    [
        ({"honba": 7}, "a", False),  # no run of wins at all
        ({"honba": 7}, "d", True),  # the dealer at 7 honba would have had it
        ({"honba": 7}, "e", False),
        ({"honba": 8}, "e", True),
        ({"dealer_history": "DWWWWWWW"}, "a", False),  # a: from the dealership's first hand
        ({"dealer_history": "DWWWWWWW"}, "b", True),  # b: seven in a row after the draw
    ],
)
def test_ha_paarenchan_is_judged_by_the_tables_counting(situation, counting, holds):
    w = Win.make(*HAND, **NON_DEALER, **situation)
    rs = only(on("3-15-03-06"), on("3-15-03", **{"3-15-03-01": counting}))
    assert ("3-15-03-06" in ids(w, rs)) is holds


# -- supersession: every family both ways -------------------------------------------------

FAMILY_HANDS = {
    ("3-10-02", "3-10-01"): Win.make("111122223333m55s", "5s"),
    ("3-11-02", "3-11-01"): Win.make("222333444555m11z", "1z"),
    ("3-11-07", "3-11-06"): Win.make("222444666888m11z", "1z"),
    ("3-11-09", "3-11-10"): Win.make("111222333z123m55p", "5p"),
    ("3-11-12", "3-11-10"): Win.make("222333444z123m55p", "5p"),
    ("3-11-13", "3-11-11"): Win.make("22233344z123m456p", "4z"),
    ("3-12-08", "3-12-07"): Win.make(
        "234s11z", "1z", melds=["ankan 1111m", "ankan 9999p", "ankan 5555z"]
    ),
    ("3-12-09", "3-12-07"): Win.make(
        "55s", "5s", melds=["ankan 1111m", "ankan 9999p", "ankan 5555z", "ankan 2222s"]
    ),
    # issue #22's decisions: 123 234 345 456m steps by one four times (and three)
    ("3-10-08", "3-10-07"): Win.make("122333444556m55p", "6m"),
    # a 裸單騎 won on 1索 is 金雞獨立
    ("3-14-01", "3-14-05"): Win.make(
        "11s", "1s", melds=["pon 222m", "pon 333p", "chi 456s", "pon 777z"]
    ),
    # issue #35: a 裸單騎 won on 白 with the other two 白 out (3-14-02-01 a 地獄單騎) is
    # 獨釣寒江雪 (白裸單騎和牌), as one won on 1索 is 金雞獨立
    ("3-14-02", "3-14-05"): Win.make(
        "55z", "5z", melds=["pon 222m", "pon 333p", "chi 456s", "pon 777z"], visible_copies=2
    ),
    # 一氣通貫 in manzu won on 5m by the 4-6 嵌張 is 五心通貫, and a 嵌張 on a 5 (穴子)
    ("3-14-08", "3-14-03"): Win.make("123456789m11p222s", "5m"),
    # eight flowers set aside are also four
    ("3-15-07", "3-15-05"): Win.make("123m456p789s11122z", "3m", flowers=8),
}


def test_every_family_has_a_test_hand():
    assert {(f.larger, f.smaller) for f in FAMILIES} == set(FAMILY_HANDS)


@pytest.mark.parametrize(("larger", "smaller"), sorted(FAMILY_HANDS))
def test_family_both_ways(larger, smaller):
    win = FAMILY_HANDS[(larger, smaller)]
    # the larger is awarded: the smaller is dropped
    assert ids(win, only(on(larger), on(smaller))) == {larger}
    # the larger is off: the smaller holds on its own terms
    assert ids(win, only(on(smaller))) == {smaller}
    # a table that awards both
    both = only(on(larger), on(smaller), extra='supersession = "award both"')
    assert ids(win, both) == {larger, smaller}


def test_the_larger_not_holding_leaves_the_smaller():
    # 四連刻 3-11-02-01 c: the pair must continue the run; 2345m + 9m pair does not.
    win = Win.make("22233344455599m", "9m")
    rs = only(on("3-11-02", **{"3-11-02-01": "c"}), on("3-11-01"))
    assert ids(win, rs) == {"3-11-01"}


def test_catalog_notes_still_supersede_when_a_table_awards_both():
    # 四暗槓's own option: 與三暗槓不復合.
    win = FAMILY_HANDS[("3-12-09", "3-12-07")]
    both = only(on("3-12-09"), on("3-12-08"), extra='supersession = "award both"')
    assert ids(win, both) == {"3-12-09"}


def test_four_identical_sequences_hold_three_under_the_defaults_only_as_isshoku_yonjun():
    # BACK FOUR is off here: its default is its 役滿 (d, the first option with a number),
    # and 111122223333m read as three four-tile groups is worth more than 一色四順.
    no_back_four = '[yaku."3-16-07"]\nvalue = "a"\n'
    got = ids(FAMILY_HANDS[("3-10-02", "3-10-01")], Ruleset.from_toml(no_back_four))
    assert "3-10-02" in got and "3-10-01" not in got
    off = Ruleset.from_toml(no_back_four + '[yaku."3-10-02"]\nvalue = "a"')
    assert "3-10-01" in ids(FAMILY_HANDS[("3-10-02", "3-10-01")], off)


# -- alone-only yaku and caps --------------------------------------------------------------


def test_kaiso_is_dropped_beside_another_local_yaku():
    assert ALONE == {"3-14-13": "僅限沒有其他役時"}
    set_chiitoitsu = Win.make("1111m2233p445566s", "1m")  # Set七對子: no standard yaku
    # With Set七對子 off the hand is complete in no shape the rules know: not a winning
    # hand, so nothing holds (issue #36.1; score.py rule 0).
    assert ids(set_chiitoitsu, only(on("3-14-13"))) == set()
    set_on = on("3-09-08", value="c")  # c 有 (a and b are 無 with a note)
    assert ids(set_chiitoitsu, only(on("3-14-13"), set_on)) == {"3-09-08"}
    both = only(on("3-14-13"), set_on, extra='supersession = "award both"')
    assert ids(set_chiitoitsu, both) == {"3-09-08"}  # not a family: the text says so


def test_renhou_cap_is_judged_on_the_reading_that_counts():
    # 二盃口 清一色 reading: 11 han of other yaku (above 倍滿); the seven-pairs reading
    # has 9. 人和 f (倍滿, only while the others are lower) must not be awarded.
    win = Win.make(
        "223344m556677m88m",
        "2m",
        seat_wind="S",
        turn=0,
        first_go_around=True,
        discarder="previous",
    )
    assert ids(win, only(on("3-15-01", value="f"))) == set()
    assert ids(win, only(on("3-15-01", value="g"))) == {"3-15-01"}  # uncapped yakuman
    cheap = Win.make(
        "123m456p789s11122z",
        "3m",
        seat_wind="S",
        turn=0,
        first_go_around=True,
        discarder="previous",
    )
    assert ids(cheap, only(on("3-15-01", value="f"))) == {"3-15-01"}


def test_paarenchan_at_7_honba_without_riichi():
    # The section gate ignored honba, so only a riichi in the hand let the body run.
    win = Win.make(*HAND, honba=7)
    rs = only(on("3-15-03", **{"3-15-03-01": "d"}))
    assert ids(win, rs) == {"3-15-03"}
    assert ids(Win.make(*HAND, honba=8), only(on("3-15-03", **{"3-15-03-01": "e"}))) == {"3-15-03"}
    assert ids(Win.make(*HAND, honba=6), rs) == set()


# -- families.toml is checked ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[family]]\nlarger = "9-99"\nsmaller = "3-10-01"\nwhy = "x"', "unknown yaku '9-99'"),
        ('[[family]]\nlarger = "3-10-02"\nsmaller = "3-10-01"', "exactly larger, smaller, why"),
        ('[[alone]]\nyaku = "3-14-13"\nevidence = "僅限門前"', "is not in 3-14-13's 內容"),
        ("[[other]]\n", "unknown table"),
    ],
)
def test_families_file_errors_name_the_entry(text, message):
    with pytest.raises(ValueError, match=message):
        parse_families(text)


# The second [[alone]] table is valid: an error in the first must name the first's line.
SECOND_ALONE_OK = '\n[[alone]]\nyaku = "3-14-13"\nevidence = "僅限沒有其他役時"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[alone]]\nyaku = "3-14-13"\n' + SECOND_ALONE_OK,
         "catalog/families.toml:1: alone 1: needs a catalog yaku and its evidence"),
        ('[[alone]]\nyaku = "3-14-13"\nevidence = "僅限門前"\n' + SECOND_ALONE_OK,
         "catalog/families.toml:3: alone 1: '僅限門前' is not in 3-14-13's 內容"),
        ('[[alone]]\nyaku = "3-14-13"\nevidence = "僅限沒有其他役時"\n'
         '\n[[alone]]\nyaku = "9-99"\nevidence = "x"\n',
         "catalog/families.toml:5: alone 2: needs a catalog yaku and its evidence"),
    ],
)
def test_an_alone_table_error_names_that_tables_line(text, message):
    with pytest.raises(ValueError) as e:
        parse_families(text)
    assert str(e.value) == message


FIRST_FAMILY_OK = '[[family]]\nlarger = "3-10-02"\nsmaller = "3-10-01"\nwhy = "x"\n\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (FIRST_FAMILY_OK + '[[family]]\nlarger = "9-99"\nsmaller = "3-10-01"\nwhy = "x"\n',
         "catalog/families.toml:7: family 2: unknown yaku '9-99'"),
        (FIRST_FAMILY_OK + '[[family]]\nlarger = "3-10-02"\n',
         "catalog/families.toml:6: family 2: needs exactly larger, smaller, why (and why_zh)"),
    ],
)
def test_a_family_table_error_names_that_tables_line(text, message):
    with pytest.raises(ValueError) as e:
        parse_families(text)
    assert str(e.value) == message


@pytest.mark.parametrize("key", ["family", "alone"])
def test_a_families_key_that_is_no_array_of_tables_is_refused(key):
    with pytest.raises(ValueError) as e:
        parse_families(f'{key} = "x"\n')
    assert str(e.value) == (
        f"catalog/families.toml:1: {key} must be an array of tables ([[{key}]])"
    )


def test_each_table_of_families_file_is_optional():
    only_families = '[[family]]\nlarger = "3-10-02"\nsmaller = "3-10-01"\nwhy = "x"\n'
    families, alone = parse_families(only_families)
    assert [(f.larger, f.smaller) for f in families] == [("3-10-02", "3-10-01")] and alone == {}
    assert parse_families("") == ((), {})


def test_the_shipped_families_file_parses():
    text = (Path(__file__).parents[2] / "catalog" / "families.toml").read_text(encoding="utf-8")
    families, alone = parse_families(text)
    assert families == FAMILIES and alone == ALONE


# -- strict rulesets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[ruleset]\notherz = "off"', "has no key 'otherz'"),
        ('ruleset = "x"', "'ruleset' must be a table"),
        ("[ruleset]\nname = 3", "name must be a string"),
        ('[ruleset]\nsupersession = "both"', "supersession = 'both'"),
        ("yaku = 3", "yaku must be tables"),
        ('[yaku."3-08-01"]\nvalue = 2', "option must be a letter"),
        ('[yaku."3-08-01"]\nvalu = "b"', "'valu' is not a rule question of 3-08-01"),
        ('[yaku."3-08-01"]\nvalue = "c"\nhan = 3', "option 'c' has no lost han"),
        ('[yaku."3-08-01"]\nvalue = "b"\nhan = "3"', "han must be an integer 1 to 13"),
        ('[yaku."3-08-01"]\nvalue = "b"\nhan = 0', "han must be an integer 1 to 13"),
        ('[yaku."3-08-01"]\nvalue = "b"\nfu = 30', "option 'b' has no lost fu"),
        ('[yaku."3-09-12"]\nvalue = "b"\nfu = 25', None),  # �5符1翻: the fu digit is lost
    ],
)
def test_ruleset_errors_name_the_key(text, message):
    if message is None:
        assert Ruleset.from_toml(text).supplied == {"3-09-12": {"fu": 25}}
        return
    with pytest.raises(InputError, match=message):
        Ruleset.from_toml(text)


def test_a_supplied_number_makes_the_value_concrete():
    win = Win.make("123m55p789p456678s", "2m")  # 皆素, whose �翻 lost its digit
    lost = evaluate(win, only(on("3-14-13"))).yaku[0]
    assert lost.value["lost"] and lost.value["han"] is None
    given = evaluate(win, only(on("3-14-13", han=2))).yaku[0]
    assert given.value["han"] == 2 and not given.value["lost"]
    assert given.value["supplied_by_ruleset"] == ["han"]


def test_cli_says_the_value_is_lost_or_supplied(tmp_path, capsys):
    from yakubook.evaluate_cmd import run_evaluate

    hand = tmp_path / "win.json"
    hand.write_text('{"hand": "123m55p789p456678s", "win": "2m"}', encoding="utf-8")
    rules = tmp_path / "r.toml"
    rules.write_text('[ruleset]\nothers = "off"\n[yaku."3-14-13"]\nvalue = "b"\n', "utf-8")
    assert run_evaluate(hand, rules, False) == 0
    assert "value lost in the source" in capsys.readouterr().out
    rules.write_text('[ruleset]\nothers = "off"\n[yaku."3-14-13"]\nvalue = "b"\nhan = 2\n', "utf-8")
    assert run_evaluate(hand, rules, False) == 0
    assert "2 han (number supplied by the ruleset)" in capsys.readouterr().out


# -- the registry's context keywords ---------------------------------------------------------


def test_bodies_may_only_ask_for_known_context():
    assert CONTEXT_KEYWORDS == ("parent", "inclusive", "others")
    with pytest.raises(RegistrationError, match="keyword-only parameter 'table'"):

        @implements("3-10-01", fingerprint="x")
        def bad(win, opts, *, table=None):
            return None

    from yakubook.engine.bodies import s3_02, s3_08, s3_10, s3_12, s3_15, s3_16

    asked = {
        f.__name__: tuple(
            n for n, p in inspect.signature(f).parameters.items() if p.kind is p.KEYWORD_ONLY
        )
        for f in (
            s3_08.guriinsha,
            s3_15.ha_paarenchan,
            s3_10.isshoku_sanjun,
            s3_12.ryan_ankan,
            s3_15.paarenchan,
            s3_15.hassen_kakai,
            s3_15.kanburi,
            s3_15.renhou,
            s3_16.back_four,
            s3_02.ippatsu,
            s3_02.open_riichi,
        )
    }
    # every rule that asks for other yaku, a minimum or a cap asks for ``others``
    assert asked == {
        "guriinsha": ("parent",),
        "ha_paarenchan": ("parent",),
        "isshoku_sanjun": ("inclusive",),
        "ryan_ankan": ("inclusive",),
        "paarenchan": ("others",),
        "hassen_kakai": ("others",),
        "kanburi": ("others",),
        "renhou": ("others",),
        "back_four": ("others",),
        "ippatsu": ("others",),
        "open_riichi": ("others",),
    }


@pytest.mark.parametrize("params", ["win", "win, opts, extra", "opts, win"])
def test_a_body_whose_parameters_differ_from_the_stub_is_refused(params):
    # Fewer, more or reordered parameters: each differs from the stub's (win, opts).
    namespace: dict = {}
    exec(f"def body({params}):\n    return None\n", namespace)
    with pytest.raises(RegistrationError, match="does not match the stub"):
        implements("3-10-01", fingerprint="x")(namespace["body"])
