"""Rulesets: the shipped examples load; bad ones name what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from yakubook import generated
from yakubook.engine.rules import Ruleset
from yakubook.errors import InputError

RULESETS = sorted((Path(__file__).resolve().parents[2] / "rulesets").glob("*.toml"))


def test_three_example_rulesets_ship():
    assert len(RULESETS) >= 3


@pytest.mark.parametrize("path", RULESETS, ids=[p.name for p in RULESETS])
def test_shipped_rulesets_load(path):
    rs = Ruleset.load(path)
    assert rs.name and set(rs.options) == set(generated.REGISTRY)


def test_a_path_given_as_text_loads_the_same_ruleset():
    # Ruleset.load("rulesets/x.toml") from a user's program: it raised AttributeError
    # ('str' object has no attribute 'open') before.
    path = RULESETS[0]
    assert Ruleset.load(str(path)) == Ruleset.load(path)
    with pytest.raises(InputError, match=r"no-such\.toml"):
        Ruleset.load(str(path.with_name("no-such.toml")))


def test_no_file_means_the_documented_defaults():
    # site/guide/rulesets.md "Defaults": the first non-無 option whose number the sources
    # kept; where every non-無 option lost it, the first non-無 one.
    rs = Ruleset.load(None)
    for yid, info in generated.REGISTRY.items():
        opts = rs.options[yid]
        on = [m for m in type(opts.value) if info.values[m.letter]["kind"] != "none"]
        known = [m for m in on if not info.values[m.letter].get("lost")]
        assert opts.value is (known or on)[0], yid
        for field, _menu, _ in info.rules.values():
            assert getattr(opts, field).letter == "a"


def test_defaults_give_a_number_where_the_sources_kept_one():
    # issue #22: 東北新幹線 b is ?翻, c 2翻: the default is c, and the hand scores 2翻.
    from yakubook.engine.evaluation import evaluate
    from yakubook.engine.win import Win

    assert Ruleset.load(None).options["3-08-01"].value.letter == "c"
    got = [a for a in evaluate(Win.make("123456789m11144z", "4z")).yaku if a.id == "3-08-01"]
    assert [(a.letter, a.value["kind"], a.value["han"]) for a in got] == [("c", "han", 2)]
    # 皆素 (a 無, b ?翻) has no option with a number: it stays at b, its number lost
    assert Ruleset.load(None).options["3-14-13"].value.letter == "b"


def test_the_none_option_turns_a_yaku_off():
    rs = Ruleset.from_toml('[yaku."3-13-01"]\nvalue = "a"\n')
    assert "3-13-01" not in rs.enabled and "3-13-02" in rs.enabled


def test_others_off():
    rs = Ruleset.load(Path(RULESETS[0]).parent / "small-house.toml")
    assert "3-05-02" in rs.enabled and "3-13-01" not in rs.enabled
    assert rs.options["3-15-03"].counting.letter == "b"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[yaku."3-99-01"]\nvalue = "b"', "unknown yaku '3-99-01'"),
        ('[yaku."3-13-01"]\n"3-13-02-01" = "a"', "'3-13-02-01' is not a rule question of 3-13-01"),
        ('[yaku."3-13-01"]\nvalue = "z"', "no option 'z'"),
        ('[yaku."3-13-01"]\n"3-13-01-01" = "c"', "no option 'c'"),
        ('[yaku."3-13-01"]\nvalue = 2', "must be a letter"),
        ('[yaku]\n"3-13-01" = "b"', "yaku.'3-13-01'. must be a table"),
        ("[yaku", "not valid TOML"),
        ('[ruleset]\nothers = "maybe"', "others"),
        ("[rules]\nx = 1", "unknown table"),
    ],
)
def test_bad_rulesets_name_the_problem(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Ruleset.from_toml(text, "bad.toml")


@pytest.mark.parametrize(("key", "field", "letter"),
                         [("value", "value", "c"), ('"3-13-01-01"', "condition", "b")])
def test_letters_are_read_whatever_their_case(key, field, letter):
    # issue #43: a sheet written `value = "C"` means option c (it was refused: "no option 'C'")
    upper = Ruleset.from_toml(f'[yaku."3-13-01"]\n{key} = "{letter.upper()}"\n', "upper.toml")
    assert getattr(upper.options["3-13-01"], field).letter == letter
    assert getattr(Ruleset.default().options["3-13-01"], field).letter != letter  # a change


def test_an_unknown_key_message_lists_the_yakus_rule_questions():
    with pytest.raises(InputError) as e:
        Ruleset.from_toml('[yaku."3-13-01"]\n"3-13-02-01" = "a"', "bad.toml")
    assert str(e.value) == (
        "bad.toml: '3-13-02-01' is not a rule question of 3-13-01 (it has 3-13-01-01, "
        "3-13-01-02, 3-13-01-03; other keys: value, han, fu, multiple); it is a rule "
        "question of 3-13-02: put it under [yaku.'3-13-02']"
    )
    # 3-02-04 asks no rule question.
    with pytest.raises(InputError) as e:
        Ruleset.from_toml('[yaku."3-02-04"]\nx = "a"', "bad.toml")
    assert str(e.value) == (
        "bad.toml: 'x' is not a rule question of 3-02-04 "
        "(it has none; other keys: value, han, fu, multiple)"
    )


def test_a_short_number_is_quoted_whole():
    with pytest.raises(InputError) as e:
        Ruleset.from_toml('[yaku."3-13-01"]\nhan = 0', "bad.toml")
    assert str(e.value) == "bad.toml: [yaku.'3-13-01'] han must be an integer 1 to 13, got 0"
    with pytest.raises(InputError) as e:
        Ruleset.from_toml('[yaku."3-13-01"]\nvalue = [1, 2]', "bad.toml")
    assert str(e.value) == "bad.toml: 3-13-01 value: option must be a letter, not [1, 2]"


def test_a_long_unknown_yaku_id_is_quoted_to_80_characters():
    yid = "3-99-01" * 15  # 105 characters
    with pytest.raises(InputError) as e:
        Ruleset.from_toml(f'[yaku."{yid}"]\nvalue = "a"', "bad.toml")
    assert str(e.value) == (
        "bad.toml: unknown yaku '3-99-013-99-013-99-013-99-013-99-013-99-013-99-013-99-013-99-"
        "013-99-013-99-013-9…' (not in the catalog)"
    )


def test_a_long_value_that_is_no_string_is_quoted_to_80_characters():
    numbers = ", ".join(str(n) for n in range(1, 41))
    with pytest.raises(InputError) as e:
        Ruleset.from_toml(f'[yaku."3-13-01"]\nhan = [{numbers}]', "bad.toml")
    assert str(e.value) == (
        "bad.toml: [yaku.'3-13-01'] han must be an integer 1 to 13, got "
        "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, …"
    )


@pytest.mark.parametrize(
    ("yid", "key", "high"),
    [
        ("3-02-07", "han", 13),  # option b: ?翻
        ("3-09-12", "fu", 200),  # option b: ?5符1翻, the tens of the fu lost
        ("3-16-04", "multiple", 6),  # option b: a mangan whose multiple the source lost
    ],
)
def test_a_supplied_number_is_an_integer_from_one_to_its_cap(yid: str, key: str, high: int):
    for n in (1, 2, high - 1, high):
        rs = Ruleset.from_toml(f'[yaku."{yid}"]\nvalue = "b"\n{key} = {n}\n', "r.toml")
        assert rs.supplied == {yid: {key: n}}
    for n in (0, -1, high + 1):
        with pytest.raises(InputError) as e:
            Ruleset.from_toml(f'[yaku."{yid}"]\nvalue = "b"\n{key} = {n}\n', "r.toml")
        assert str(e.value) == (
            f"r.toml: [yaku.'{yid}'] {key} must be an integer 1 to {high}, got {n}"
        )


def test_others_off_leaves_on_a_yaku_that_has_no_none_option():
    # 「其余关闭」 picks each yaku's 無 option; a yaku without one cannot be turned off and
    # keeps its default option.
    import types

    from yakubook import generated
    from yakubook.engine.rules import _none_member

    info = generated.REGISTRY["3-13-01"]
    assert _none_member(info).letter == "a"  # 3-13-01's a is 無
    without = types.SimpleNamespace(
        options=info.options, values={**info.values, "a": None}
    )
    assert _none_member(without) is info.options().value


def test_supply_fills_only_the_lost_numbers_and_keeps_a_value_lost_while_one_is_missing():
    # supply: "the value with the table's numbers in place of the lost ones" -- a number
    # the source kept stays, and a value with a number still lost stays lost.
    from yakubook.engine.rules import supply

    kept_han = {"kind": "fu_han", "han": 1, "fu": None, "lost": True, "notes": []}
    filled = supply(kept_han, {"han": 3, "fu": 30})
    assert (filled["han"], filled["fu"], filled["lost"]) == (1, 30, False)
    both_lost = {"kind": "fu_han", "han": None, "fu": None, "lost": True, "notes": []}
    half = supply(both_lost, {"han": 2})
    assert (half["han"], half["fu"], half["lost"]) == (2, None, True)
    assert "supplied_by_ruleset" not in half


@pytest.mark.parametrize(("text", "message"), [
    # a name where the ID goes: the ID it names
    ('[yaku."加賀百萬石"]\nvalue = "b"',
     "bad.toml: unknown yaku '加賀百萬石' (not in the catalog); did you mean '3-13-01' "
     "(加賀百萬石(1))?"),
    # a mistyped ID: the closest IDs
    ('[yaku."3-13-1"]\nvalue = "b"', "did you mean '3-13-01'"),
    # an option's text or value where its letter goes (3-13-01 b is 役滿, yakuman)
    ('[yaku."3-13-01"]\nvalue = "役滿"',
     "bad.toml: 3-13-01 value: no option '役滿' (options: a, b, c); did you mean 'b' (役滿)?"),
    ('[yaku."3-13-01"]\nvalue = "yakuman"', "did you mean 'b' (役滿)?"),
    # a misspelled key
    ('[ruleset]\nnmae = "x"',
     "bad.toml: [ruleset] has no key 'nmae' (keys: name, others, supersession); did you "
     "mean 'name'?"),
    ('[yaku."3-13-01"]\nvaleu = "b"', "did you mean 'value'?"),
    ('[scorng]\nkazoe = "yakuman"', "did you mean 'scoring'?"),
])
def test_unknown_names_keys_and_letters_say_what_was_meant(text, message):
    with pytest.raises(InputError) as e:
        Ruleset.from_toml(text, "bad.toml")
    assert message in str(e.value)


def test_a_misspelled_scoring_key_says_what_was_meant():
    with pytest.raises(InputError) as e:
        Ruleset.from_toml("[scoring]\nkirage = true", "bad.toml")
    assert str(e.value).endswith("; did you mean 'kiriage'?")
