"""Section 3-12 (kan yaku): what the examples cannot say.

A prefilter may only reject hands its body would reject: checked on random kan-heavy
hands in random situations. With four ankan, evaluate keeps 四暗槓 and drops 三暗槓
(四暗槓's value says they do not combine).
"""

from __future__ import annotations

import random

from tests.yaku.soundness import check_prefilters
from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.decompose import interpretations
from yakubook.engine.evaluation import evaluate
from yakubook.engine.melds import Meld
from yakubook.engine.rules import Ruleset
from yakubook.engine.view import HandView
from yakubook.engine.win import Win
from yakubook.errors import InputError

registry.load_bodies()
IDS = sorted(k for k in registry.BODIES if k.startswith("3-12-"))
KINDS = ("kan", "ankan", "ankan", "kakan", "pon", "chi")
# Tiles the bodies look for: dragons, winds, 北白9m, same-number triples.
FAVOURED = (31, 32, 33, 27, 28, 29, 30, 30, 31, 8, 6, 15, 24, 0, 9, 18)




def _random_win(rng: random.Random) -> Win | None:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        kind = rng.choice(KINDS + (None,))
        t = rng.choice(FAVOURED) if rng.random() < 0.7 else rng.randrange(34)
        if kind == "chi" or (kind is None and rng.random() < 0.5):
            t = 9 * rng.randrange(3) + rng.randrange(7)
            tiles = (t, t + 1, t + 2)
        else:
            tiles = (t,) * (4 if kind in ("kan", "ankan", "kakan") else 3)
        for x in tiles:
            counts[x] += 1
        if kind is None:
            concealed += tiles
        else:
            melds.append(Meld(kind, tiles))
    pair = rng.randrange(34)
    counts[pair] += 2
    concealed += [pair, pair]
    if max(counts) > 4:
        return None
    tsumo = rng.random() < 0.6
    quads = any(m.is_quad for m in melds)
    situation = {
        "tsumo": tsumo,
        "rinshan": tsumo and quads and rng.random() < 0.5,
        "turn": rng.choice([None, 0, 1, 1, 2, 5]),
        "first_go_around": rng.random() < 0.4,
        "seat_wind": rng.choice([27, 28, 29, 30]),
    }
    try:
        return Win(concealed=tuple(concealed), win_tile=rng.choice(concealed),
                   melds=tuple(melds), **situation)
    except InputError:
        return None


def test_prefilters_never_reject_a_hand_the_body_accepts():
    rng = random.Random(312)
    check_prefilters(IDS, iter(lambda: _random_win(rng), 0), 20000)


def test_four_ankan_is_suu_ankan_not_also_san_ankan():
    only_kans = "\n".join(f'[yaku."{y}"]\nvalue = "b"' for y in ("3-12-08", "3-12-09"))
    rules = Ruleset.from_toml(f'[ruleset]\nothers = "off"\n{only_kans}\n')
    win = Win.make("11z", "1z", melds=["ankan 1111m", "ankan 9999p", "ankan 5555z",
                                       "ankan 2222s"])
    assert {a.id for a in evaluate(win, rules).yaku} == {"3-12-09"}
    win = Win.make("11z", "1z", melds=["ankan 1111m", "ankan 9999p", "ankan 5555z",
                                       "kakan 2222s"])
    assert {a.id for a in evaluate(win, rules).yaku} == {"3-12-08"}


def test_hatsukan_reads_only_what_the_win_records():
    ankan = ["ankan 1111m"]
    hand = "234567p789s55z"
    # dealer: turn 1 suffices; non-dealer also needs first_go_around (no call before)
    for seat, turn, fga, holds in (("E", 1, False, True), ("S", 1, True, True),
                                   ("S", 1, False, False), ("E", None, False, False),
                                   ("E", 3, False, False)):
        win = Win.make(hand, "5z", melds=ankan, seat_wind=seat, turn=turn,
                       first_go_around=fga)
        body = registry.BODIES["3-12-05"]
        got = any(body.fn(HandView(win, i), generated.REGISTRY["3-12-05"].options())
                  for i in interpretations(win))
        assert got is holds, (seat, turn, fga)


def test_polar_bear_needs_kans_of_north_haku_and_9m():
    body = registry.BODIES["3-12-03"]
    opts = generated.REGISTRY["3-12-03"].options()

    def holds(kans: list[str], hand: str) -> bool:
        win = Win.make(hand, "2p", melds=kans)
        return any(body.fn(HandView(win, i), opts) for i in interpretations(win))

    assert holds(["ankan 9999m", "ankan 4444z", "ankan 5555z"], "234p55s")
    # one of the three missing (a triplet of 北 is no kan): no polar bear
    assert not holds(["ankan 9999m", "ankan 5555z"], "234p444z55s")
    assert not holds(["ankan 9999m", "ankan 4444z"], "234p555z55s")
    assert not holds(["ankan 9999m"], "234p444z555z55s")
