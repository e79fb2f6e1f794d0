"""Win construction skips checks that cannot fire: the fast paths agree with the full ones.

``_plain_situation`` lets a win with every game fact at its default skip the consistency
checks, ``parse_tiles`` parses plain notation by table lookup, ``_tile_tuple`` validates
int tiles in one pass: each is compared here with the path it stands in for.
"""

from __future__ import annotations

import random

import pytest
from engine_hands import random_win

from yakubook.engine import tiles as tiles_module
from yakubook.engine import win as win_module
from yakubook.engine.tiles import _parse_tiles_slowly, parse_tiles, plain_tiles
from yakubook.engine.win import Win
from yakubook.errors import InputError


def _outcome(fn, *args):  # type: ignore[no-untyped-def]
    try:
        return ("ok", fn(*args))
    except InputError as e:
        return ("error", str(e))


def test_plain_situations_pass_the_full_checks() -> None:
    rng = random.Random(13)
    plain = 0
    for _ in range(3000):
        w = random_win(rng)
        if win_module._plain_situation(w):
            plain += 1
            win_module._check_situation_fully(w)  # raises if the shortcut was wrong
    assert plain > 300  # the shortcut is actually taken


@pytest.mark.parametrize("riichi", ["none", *win_module.RIICHI_KINDS[1:], "nonsense", 1])
@pytest.mark.parametrize("ippatsu", [False, True, 0])
@pytest.mark.parametrize("called", [False, True])
def test_the_riichi_shortcut_agrees_with_the_full_checks(
    riichi: object, ippatsu: object, called: bool
) -> None:
    """A win whose only facts off their default are the winner's riichi and ippatsu takes
    the shortcut exactly when the full checks pass: riichi and ippatsu set afterwards on
    an otherwise valid win (closed or with a called pon), compared both ways."""
    melds = ["pon 777s"] if called else []
    hand = "123m456p789s11z" if called else "123m456p789s777s11z"
    win = Win.make(hand, "1z", melds=melds)
    object.__setattr__(win, "riichi", riichi)
    object.__setattr__(win, "ippatsu", ippatsu)
    full = _outcome(win_module._check_situation_fully, win)
    assert win_module._plain_situation(win) is (full[0] == "ok")
    if riichi != "none" and riichi in win_module.RIICHI_KINDS and not called:
        assert win_module._plain_situation(win) is (type(ippatsu) is bool)  # taken


def test_long_notation_takes_the_checked_loop() -> None:
    """Text longer than any hand's notation is parsed by the checked loop, with the same
    answer."""
    text = "1" * 3 + "m" + "2" * 70 + "p"
    assert parse_tiles(text) == _parse_tiles_slowly(text)
    assert len(text) > tiles_module._FAST_TEXT


@pytest.mark.parametrize(
    "situation",
    [
        {"red": 2},  # the hand holds one five
        {"seat_wind": 5},
        {"round_wind": True},
        {"ippatsu": 0},
        {"ippatsu": True},  # without riichi
        {"turn": 0},  # the dealer, before any own draw
        {"visible_copies": 4},
        {"min_han": 0},
        {"declarations": ["tsumo_only"]},
        {"dealer_history": None},
        {"riichi": "riichi", "melds": ["pon 777s"]},
    ],
)
def test_a_fact_off_its_default_is_still_checked(situation: dict) -> None:
    Win.make("123m456p789s789s11z", "1z")  # the base hand itself is fine
    if "melds" in situation:
        hand = "123m456p789s11z"
        Win.make(hand, "1z", melds=situation["melds"])
    else:
        hand = "123m456p789s789s11z"
    with pytest.raises(InputError):
        Win.make(hand, "1z", **situation)


def test_plain_notation_parses_like_the_character_loop() -> None:
    rng = random.Random(5)
    for text in ["123m406p789s1122z", "0m", "5z", "1m 2m", "99z", "12", "m", "0z", "8z"]:
        assert _outcome(parse_tiles, text) == _outcome(_parse_tiles_slowly, text)
    for _ in range(20000):
        text = "".join(rng.choice("0123456789mpsz z") for _ in range(rng.randint(1, 9)))
        assert _outcome(parse_tiles, text) == _outcome(_parse_tiles_slowly, text), text
    # Well-formed notation, as groups (406p) and as one letter per tile (4p0p6p), the two
    # forms the fast parse reads differently.
    for _ in range(5000):
        groups = []
        for _ in range(rng.randint(1, 6)):
            letter = rng.choice("mpsz")
            digits = "1234567" if letter == "z" else "0123456789"
            groups.append("".join(rng.choices(digits, k=rng.randint(1, 5))) + letter)
        text = "".join(groups)
        per_tile = "".join(d + g[-1] for g in groups for d in g[:-1])
        for t in (text, per_tile):
            assert _outcome(parse_tiles, t) == _outcome(_parse_tiles_slowly, t), t


def test_one_letter_per_tile_parses_like_the_character_loop() -> None:
    """plain_tiles reads ``1m2m…`` by translating its bytes: every near miss (a character
    out of place or of another kind, ``0z``, ``8z``, a digit that is not ASCII) is read as
    the character loop reads it, or declined to it."""
    rng = random.Random(40)
    for _ in range(30_000):
        text = "".join(
            rng.choice("0123456789") + rng.choice("mpsz") for _ in range(rng.randint(1, 8))
        )
        if rng.random() < 0.5:
            i = rng.randrange(len(text))
            text = text[:i] + rng.choice("0123456789mpszZ ５x") + text[i + 1 :]
        tiles = plain_tiles(text)
        try:
            slow = _parse_tiles_slowly(text).tiles
        except InputError:
            assert tiles is None, text
            continue
        assert tiles is None or tiles == slow, text
    for text in ("1m0z", "0z", "8z1m", "1m9z", "1m2", "1mm", "５m", "1m\n"):
        assert plain_tiles(text) is None


@pytest.mark.parametrize("tiles", [(0, 1, 34), (-1, 2), (True, 3), (1.0, 2), ("1m",)])
def test_bad_tile_ids_are_refused_as_before(tiles: tuple) -> None:
    with pytest.raises(InputError, match="is not a tile id"):
        win_module._tile_tuple(tiles)


@pytest.mark.parametrize(
    "hand",
    ["123m406m789p555z11z", "123m406p789p555z11z", "123m406s789p555z11z", "406m406p789p555z11z"],
)
def test_red_fives_the_hand_holds_take_the_shortcut(hand: str) -> None:
    """Every red five written (0) is a five the concealed tiles hold, whichever suits they
    are in: in range, so the win takes the shortcut."""
    win = Win.make(hand, "1z")
    assert win.red == hand.count("0")
    assert win_module._plain_situation(win)


@pytest.mark.parametrize(
    ("hand", "fives"),
    [
        ("234m678m789p789s11z", 0),  # 4m and 6m, the tiles beside 5m: no five
        ("234p678p789m789s11z", 0),
        ("234s678s789m789p11z", 0),
        ("345m678m789p789s11z", 1),
        ("345p678p789m789s11z", 1),
        ("345s678s789m789p11z", 1),
    ],
)
def test_a_red_five_needs_a_five_in_the_concealed_tiles(hand: str, fives: int) -> None:
    """`red` counts red fives among the concealed tiles: one more than the fives held (only
    the 5m, 5p and 5s count, not the tiles beside them) is refused, on the shortcut too."""
    if fives:
        assert Win.make(hand, "1z", red=fives).red == fives
    with pytest.raises(
        InputError, match=rf"^{fives + 1} red fives but the concealed tiles hold {fives} five"
    ):
        Win.make(hand, "1z", red=fives + 1)


def _held_facts_tile_by_tile(counts: list[int]) -> tuple[int, int, int, int, int] | None:
    """_init's facts of the tiles held as it computed them before _HELD packed them."""
    mask = mask2 = mask3 = total = 0
    for t, n in enumerate(counts):
        if n > 4:
            return None
        if n:
            mask |= 1 << t
            total += (t % 9 + 1) * n if t < 27 else 0
        if n >= 2:
            mask2 |= 1 << t
        if n >= 3:
            mask3 |= 1 << t
    suits = sum(any(counts[9 * s : 9 * s + 9]) for s in range(3))
    return mask, mask2, mask3, total, suits


def test_held_facts_agree_with_a_tile_by_tile_count() -> None:
    rng = random.Random(41)
    for _ in range(5000):
        counts = [0] * 34
        for _ in range(rng.randint(0, 40)):
            counts[rng.randrange(34)] += 1
        present = {t for t, n in enumerate(counts) if n}
        assert win_module._held_facts(counts, present) == _held_facts_tile_by_tile(counts)
