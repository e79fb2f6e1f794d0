"""Hostile inputs, round 3 (issue #42), the engine's side: what a Python caller or a file
can hand `Win.from_json`, `read_json` and `Ruleset.from_toml`.

- point 8: a dict with a non-string key, a value nested 100,000 deep: an InputError (not
  TypeError, not RecursionError), on both engines (the `engine` fixture);
- point 10: a key given twice, in a win's JSON or in a ruleset, is refused naming the key
  (before, the last one won without a word);
- point 6: an error message quotes at most 80 characters of what it was given (README,
  "Bad input"), however long the value: a 400,000-item list, a 100,000-character key.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from yakubook.engine.rules import Ruleset
from yakubook.engine.tiles import parse_tiles
from yakubook.engine.win import Win, read_json
from yakubook.errors import InputError

HAND = {"hand": "123m456p789s11222z", "win": "1z"}
QUOTED = 80


def nested_tuple(depth: int) -> tuple:
    value: tuple = ()
    for _ in range(depth):
        value = (value,)
    return value


def refusal(call, *args: Any) -> str:
    with pytest.raises(InputError) as e:
        call(*args)
    return str(e.value)


def longest_run(message: str, char: str) -> int:
    return max((len(m) for m in re.findall(f"{re.escape(char)}+", message)), default=0)


# -- point 8: what only a Python caller can pass ---------------------------------------------


def test_a_non_string_key_is_an_input_error(engine):
    message = refusal(Win.from_json, {1: 2, **HAND})
    assert message == "a key of a win must be a string, got 1"


@pytest.mark.parametrize("key", ["tsumo", "riichi", "melds", "hand", "honba"])
def test_a_value_nested_100000_deep_is_an_input_error(engine, key):
    message = refusal(Win.from_json, {**HAND, key: nested_tuple(100_000)})
    assert message == f"key {key!r}: a tuple is not a JSON value"


def test_a_deep_item_inside_the_melds_list_is_an_input_error(engine):
    message = refusal(Win.from_json, {**HAND, "melds": [nested_tuple(100_000)]})
    assert message.startswith("key 'melds' must hold strings")


# -- point 10: a key given twice --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"hand": "123m456p789s11222z", "win": "1z", "hand": "11m"}', "'hand'"),
        ('{"hand": "123m456p789s11222z", "win": "1z", "tsumo": true, "tsumo": false}',
         "'tsumo'"),
    ],
)
def test_a_key_given_twice_in_a_win_is_refused_naming_it(text, key):
    assert refusal(read_json, text) == f"the key {key} is given twice in one object"


@pytest.mark.parametrize(
    ("text", "line", "what"),
    [
        ('[yaku."3-13-01"]\nvalue = "a"\nvalue = "b"\n', 3, "the key value"),
        ("[scoring]\nkazoe = 'yakuman'\nkazoe = 'multiple'\n", 3, "the key kazoe"),
        ('[yaku."3-13-01"]\nvalue = "a"\n\n[yaku."3-13-01"]\nvalue = "b"\n', 4,
         'the table [yaku."3-13-01"]'),
    ],
)
def test_a_key_given_twice_in_a_ruleset_is_refused_naming_it(text, line, what):
    assert refusal(Ruleset.from_toml, text, "r.toml") == f"r.toml:{line}: {what} is given twice"


# -- point 6: at most 80 quoted characters -------------------------------------------------


def test_a_400000_item_kazoe_is_quoted_short():
    text = "[scoring]\nkazoe = [" + '"x",' * 400_000 + "]\n"  # 1.6 MB, under the file cap
    message = refusal(Ruleset.from_toml, text, "r.toml")
    assert message.startswith("r.toml: [scoring] kazoe must be ")
    assert len(message) < 250


@pytest.mark.parametrize(
    "text",
    [
        "[scoring]\n" + "k" * 100_000 + " = 1\n",
        "[ruleset]\n" + "k" * 100_000 + ' = "x"\n',
        '[yaku."3-13-01"]\n' + "k" * 100_000 + ' = "a"\n',
        '[yaku."' + "k" * 100_000 + '"]\nvalue = "a"\n',
        '[yaku."' + "k" * 100_000 + '"]\n[yaku."' + "k" * 100_000 + '"]\n',
        '[yaku."3-13-01"]\nvalue = "' + "k" * 100_000 + '"\n',
    ],
    ids=["scoring key", "ruleset key", "rule key", "yaku id", "table twice", "letter"],
)
def test_a_100000_character_key_or_value_in_a_ruleset_is_quoted_short(text):
    message = refusal(Ruleset.from_toml, text, "r.toml")
    assert longest_run(message, "k") <= QUOTED, message[:300]
    assert len(message) < 300


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (parse_tiles, "1" * 100_000),
        (parse_tiles, "1m" + "x" * 100_000),
        (parse_tiles, "8z" * 50_000),
        (lambda melds: Win.make("123m456p789s11z", "1z", melds), ["pon " + "1" * 100_000]),
        (lambda hand: Win.make(hand, "1z"), ["1"] * 400_000),
    ],
    ids=["digits", "unknown letters", "honors", "meld", "tile list"],
)
def test_the_engine_quotes_a_long_python_argument_short(call, argument):
    message = refusal(call, argument)
    assert len(message) < 300, message[:300]
