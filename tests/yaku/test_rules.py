"""Rulesets: the shipped examples load; bad ones name what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

import generated
from yaku.errors import InputError
from yaku.rules import Ruleset

RULESETS = sorted((Path(__file__).resolve().parents[2] / "rulesets").glob("*.toml"))


def test_three_example_rulesets_ship():
    assert len(RULESETS) >= 3


@pytest.mark.parametrize("path", RULESETS, ids=[p.name for p in RULESETS])
def test_shipped_rulesets_load(path):
    rs = Ruleset.load(path)
    assert rs.name and set(rs.options) == set(generated.REGISTRY)


def test_no_file_means_the_documented_defaults():
    rs = Ruleset.load(None)
    for yid, info in generated.REGISTRY.items():
        opts = rs.options[yid]
        first_on = next(m for m in type(opts.value) if info.values[m.letter]["kind"] != "none")
        assert opts.value is first_on
        for field, _menu, _ in info.rules.values():
            assert getattr(opts, field).letter == "a"


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
        ("[yaku", "not valid TOML"),
        ('[ruleset]\nothers = "maybe"', "others"),
        ("[rules]\nx = 1", "unknown table"),
    ],
)
def test_bad_rulesets_name_the_problem(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Ruleset.from_toml(text, "bad.toml")
