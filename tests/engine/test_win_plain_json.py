"""The Python engine's fast path for a plain win (win.py's ``_from_plain_json``, the
``_FAST_FROM_JSON`` hook under YAKUBOOK_PURE) held equal to the checked path
(``_from_json_checked``).

The fast path only decides when a win is plain: what it builds must be the very win the
checked path builds (every field and derived fact, in field order, of the same types, down
to the ints in a tuple), and it must decline whatever the checked path refuses, so that
every error is the checked path's own. Both are asked about each case here: the bad inputs
of the other tests, random valid wins written in several ways, and mutations of them.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

import pytest
from engine_hands import random_win

from bench.evaluate_vs_mahjong import MIXES, make_mix
from yakubook.engine import _accel
from yakubook.engine import win as win_module
from yakubook.engine.melds import Meld
from yakubook.engine.win import RIICHI_KINDS, Win, _from_json_checked, _from_plain_json
from yakubook.errors import InputError

HAND = "123m456p789s11222z"  # 14 tiles, a plain closed hand


class Text(str):
    """A str that is not exactly a str: JSON never gives one, a Python caller may."""


class Mapped(dict):  # type: ignore[type-arg]
    """A dict subclass: the checked path reads it as any Mapping."""


def _typed(value: Any) -> Any:
    """The value with the type of everything in it (so True is not 1 here)."""
    if type(value) is tuple:
        return (tuple, tuple(_typed(v) for v in value))
    if type(value) is Meld:
        return (Meld, value.kind, _typed(value.tiles), _typed(value.red))
    return (type(value), value)


def _state(win: Win) -> list[tuple[str, Any]]:
    return [(name, _typed(value)) for name, value in vars(win).items()]


def _checked(obj: Any) -> tuple[str, Any]:
    try:
        return "ok", _from_json_checked(Win, obj)
    except InputError as e:
        return "error", str(e)


def agree(obj: Any) -> bool:
    """The fast path builds the checked path's win or declines; True when it built it."""
    fast = _from_plain_json(Win, obj)
    outcome, checked = _checked(obj)
    if fast is None:
        return False
    assert outcome == "ok", (obj, checked)
    assert _state(fast) == _state(checked), obj
    return True


def _plain(win: Win) -> dict[str, Any]:
    """A valid win's JSON with only the keys a plain win has (still a valid win)."""
    return {k: v for k, v in win.to_json().items() if k in win_module._PLAIN_KEYS}


def _one_letter_per_tile(hand: str) -> str:
    """``123m11z`` written ``1m2m3m1z1z``, the other plain notation."""
    out, digits = [], []
    for ch in hand:
        if ch.isdigit():
            digits.append(ch)
        else:
            out += [d + ch for d in digits]
            digits.clear()
    return "".join(out)


def _plain_wins(seed: int, n: int) -> list[dict[str, Any]]:
    """Random valid plain wins, written each way the fast path reads: the hand grouped or
    one letter per tile, the winds as letters or tiles, keys at their default or given."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        obj = _plain(random_win(rng))
        if rng.random() < 0.5:
            obj["hand"] = _one_letter_per_tile(obj["hand"])
        for key in ("seat", "round"):
            if key in obj and rng.random() < 0.3:
                obj[key] = f"{'ESWN'.index(obj[key]) + 1}z"
            elif key not in obj and rng.random() < 0.3:
                obj[key] = rng.choice(("E", "1z"))
        for key, default in (("tsumo", False), ("riichi", "none"), ("ippatsu", False)):
            if key not in obj and rng.random() < 0.3:
                obj[key] = default
        if not obj.get("melds") and rng.random() < 0.3:
            obj["melds"] = []
        out.append(obj)
    return out


# -- the other tests' bad inputs, unusual valid ones, and some only a Python caller passes

BAD = [
    {"hand": HAND, "win": "5z"},  # the winning tile is not in the hand
    {"hand": "123m456p789s1122z", "win": "1z"},  # 13 tiles
    {"hand": "11111m456p789s111z", "win": "1z"},  # five 1m
    {"hand": "123m456p789s11q", "win": "1z"},
    {"hand": "123m456p789s1180z", "win": "1z"},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2z0z", "win": "1z"},  # 0z one letter per tile
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2z8z", "win": "1z"},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2z2", "win": "1z"},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2zz", "win": "1z"},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2Z", "win": "1z"},
    {"hand": "1m2m3m4p5p6p7s8s9s1z1z2z2z５z", "win": "1z"},
    {"hand": "123m456p999s11z", "win": "1z", "melds": ["pon 999s"]},  # six 9s
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 999s", "chi 12m"]},
    {"hand": "123m456p789s11z22", "win": "1z"},
    {"hand": HAND, "win": "1z", "tsumo": 1},
    {"hand": HAND, "win": "1z", "tsumo": None},
    {"hand": HAND, "win": "1z", "riichi": "maybe"},
    {"hand": HAND, "win": "1z", "riichi": None},
    {"hand": HAND, "win": "1z", "riichi": Text("riichi")},
    {"hand": HAND, "win": "1z", "ippatsu": True},  # without riichi
    {"hand": HAND, "win": "1z", "riichi": "none", "ippatsu": True},
    {"hand": HAND, "win": "1z", "riichi": "riichi", "ippatsu": 1},
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 999s", "chi 789s"], "riichi": "riichi"},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"], "riichi": "open"},
    {"hand": HAND, "win": "1z", "seat": "X"},
    {"hand": HAND, "win": "1z", "seat": "5z"},
    {"hand": HAND, "win": "1z", "seat": "0z"},
    {"hand": HAND, "win": "1z", "seat": Text("E")},
    {"hand": HAND, "win": "1z", "seat": ["E"]},  # unhashable
    {"hand": HAND, "win": "1z", "round": 3},
    {"hand": HAND, "win": "1z", "round": None},
    {"hand": HAND, "win": "1z", "tsumoo": True},
    {"hand": "00m123456p789s11z", "win": "1z"},
    {"hand": "000m000p000s11222z", "win": "1z"},  # nine red fives (at most 4)
    {"hand": "0000m123p789s11222z", "win": "1z"},  # four: valid
    {"hand": "123m406p789s11222z", "win": "1z", "red": 1},  # red is no JSON key
    {"hand": HAND},
    {"win": "1z"},
    {},
    {"hand": HAND, "win": "12z"},
    {"hand": HAND, "win": "1z "},
    {"hand": HAND, "win": None},
    {"hand": HAND, "win": 27},
    {"hand": HAND, "win": Text("1z")},
    {"hand": Text(HAND), "win": "1z"},
    {"hand": None, "win": "1z"},
    {"hand": list(HAND), "win": "1z"},
    {"hand": HAND + "1" * 300, "win": "1z"},
    {"hand": HAND, "win": "1z", "melds": "pon 111z"},
    {"hand": HAND, "win": "1z", "melds": None},
    {"hand": HAND, "win": "1z", "melds": ("pon 777z",)},
    {"hand": HAND, "win": "1z", "melds": ()},
    {"hand": HAND, "win": "1z", "melds": [1]},
    {"hand": HAND, "win": "1z", "melds": [["pon 777z"]]},
    {"hand": HAND, "win": "1z", "melds": [Text("pon 777z")]},
    {"hand": HAND, "win": "1z", "melds": ["pon" + " " * 300 + "777z"]},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon" + " " * 300 + "777z"]},
    {"hand": "11z", "win": "1z", "melds": ["pon 111m"] * 5},
    {"hand": HAND, "win": "1z", "melds": ["pon 777z"] * 20},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["bogus"]},
    {"hand": "123m456p789s11z", "win": "1z", "melds": ["chi 124m"]},
    {"hand": "123mm456p789s11222z", "win": "1z"},  # a letter without digits (issue #43)
    {"hand": "m123456p789s11222z", "win": "1z"},
    {"hand": "123m 456p 789s 11222z", "win": "1z"},  # valid, but not plain notation
    {"hand": HAND, "win": "1z", "honba": 3},  # valid, but a game fact
    {"hand": HAND, "win": "1z", "declarations": []},
    {1: 2, "hand": HAND, "win": "1z"},
    {Text("hand"): HAND, "win": "1z"},
    {"hand": HAND, "win": "1z", "tsumo": ((),)},
    {"hand": HAND, "win": "1z", "k" * 100: 1},
    MappingProxyType({"hand": HAND, "win": "1z"}),
    Mapped({"hand": HAND, "win": "1z"}),
    [("hand", HAND), ("win", "1z")],
    None,
]


@pytest.mark.parametrize("obj", BAD, ids=lambda o: repr(o)[:60])
def test_bad_and_unusual_input_is_left_to_the_checked_path(obj: Any) -> None:
    agree(obj)
    # and Win.from_json, through whichever hook, answers as the checked path does
    for engine in ("python", _accel.ENGINE):
        before = _accel.ENGINE
        _accel.use(engine)
        try:
            try:
                got: tuple[str, Any] = ("ok", _state(Win.from_json(obj)))
            except InputError as e:
                got = ("error", str(e))
        finally:
            _accel.use(before)
        outcome, checked = _checked(obj)
        assert got == (outcome, _state(checked) if outcome == "ok" else checked)


def test_the_unusual_but_valid_inputs_are_declined_not_misread() -> None:
    assert _from_plain_json(Win, {"hand": "123m 456p 789s 11222z", "win": "1z"}) is None
    assert _from_plain_json(Win, {"hand": HAND, "win": "1z", "honba": 3}) is None
    assert _from_plain_json(Win, Mapped({"hand": HAND, "win": "1z"})) is None


def test_random_plain_wins_are_built_alike() -> None:
    wins = _plain_wins(38, 3000)
    assert all(agree(obj) for obj in wins)  # every one is plain: none declined


@pytest.mark.parametrize("mix", MIXES)
def test_the_bench_mixes_take_the_fast_path(mix: str) -> None:
    """Every hand of bench/evaluate_vs_mahjong.py's mixes is built by the fast path, as the
    checked path builds it (a hand declined here would cost the bench its speed quietly)."""
    assert all(agree(obj) for obj in make_mix(mix, 300, 38))


# Values each plain key may be set to by a mutation: good ones, near misses, wrong types.
VALUES: dict[str, list[Any]] = {
    "win": ["1z", "0m", "5m", "9s", "7z", "8z", "0z", "1z ", "12z", "", 1, None, True, ["1z"]],
    "melds": [
        [], ["pon 777z"], ["chi 406m"], ["kan 0555p"], ["ankan 1111p"], ["kakan 2222m"],
        ["chi 124m"], ["pon 12z"], ["bogus"], [""], "pon 777z", None, [1], [None],
        ("pon 777z",), ["pon 777z"] * 5, [["pon 777z"]], [Text("pon 777z")],
    ],
    "seat": ["E", "S", "W", "N", "1z", "2z", "4z", "5z", "0z", "e", " E", "", None, 27, True],
    "round": ["E", "S", "2z", "3z", "X", None, 28, False, ["E"]],
    "tsumo": [True, False, 0, 1, None, "true"],
    "riichi": [*RIICHI_KINDS, "maybe", "", None, 1, True, Text("riichi")],
    "ippatsu": [True, False, 0, 1, None],
}
HAND_CHARS = "0123456789mpsz  z5m0"
EXTRA_KEYS: list[tuple[Any, Any]] = [
    ("honba", 0), ("tsumoo", True), ("red", 1), (1, 2), (Text("tsumo"), True), ("dora", "")
]


def _mutate(rng: random.Random, obj: dict[str, Any]) -> Any:
    obj = dict(obj)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        if roll < 0.4:
            key = rng.choice(list(VALUES))
            obj[key] = rng.choice(VALUES[key])
        elif roll < 0.7:
            hand = list(obj.get("hand") or "")
            i = rng.randrange(len(hand) + 1)
            if hand and rng.random() < 0.5:
                hand[min(i, len(hand) - 1)] = rng.choice(HAND_CHARS)
            elif hand and rng.random() < 0.5:
                del hand[min(i, len(hand) - 1)]
            else:
                hand.insert(i, rng.choice(HAND_CHARS))
            obj["hand"] = "".join(hand)
        elif roll < 0.8 and obj:
            obj.pop(rng.choice(list(obj)))
        elif roll < 0.9:
            key, value = rng.choice(EXTRA_KEYS)
            obj[key] = value
        else:  # a winning tile among the hand's digits, in any suit
            digits = [c for c in str(obj.get("hand", "")) if c.isdigit()] or ["1"]
            obj["win"] = rng.choice(digits) + rng.choice("mpsz")
    return obj


def test_mutated_plain_wins_agree() -> None:
    rng = random.Random(3838)
    base = _plain_wins(39, 400)
    built = declined = 0
    for _ in range(20_000):
        if agree(_mutate(rng, rng.choice(base))):
            built += 1
        else:
            declined += 1
    assert built > 2000 and declined > 8000  # both ways taken often


def test_the_python_engine_uses_the_fast_path() -> None:
    assert win_module._FAST_FROM_JSON_py is _from_plain_json
    before = _accel.ENGINE
    _accel.use("python")
    try:
        assert win_module._FAST_FROM_JSON is _from_plain_json
    finally:
        _accel.use(before)
