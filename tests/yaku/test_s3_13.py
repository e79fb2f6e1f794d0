"""3-13 (sums of tile numbers): the section gate and every prefilter are sound on random
hands built around the section's thresholds (one-suit hands of high or low numbers, with
and without honors, quads and calls)."""

from __future__ import annotations

import random

from tests.yaku.soundness import check_prefilters, finish_win
from yakubook.engine import registry
from yakubook.engine.evaluation import evaluate
from yakubook.engine.melds import Meld
from yakubook.engine.win import Win

registry.load_bodies()
IDS = sorted(k for k in registry.BODIES if k.startswith("3-13-"))
KINDS = (None, None, None, "pon", "chi", "ankan", "kan")


def _random_win(rng: random.Random) -> Win | None:
    suits = rng.choice([(0,), (0,), (0,), (1,), (2,), (0, 1), (0, 2), (0, 1, 2)])
    high = rng.random() < 0.5
    honors = rng.random() < 0.3
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        kind = rng.choice(KINDS)
        base = 9 * rng.choice(suits)
        if honors and rng.random() < 0.25:
            t = 27 + rng.randrange(7)
            tiles = (t,) * (4 if kind in ("ankan", "kan") else 3)
            kind = None if kind == "chi" else kind
        elif kind == "chi" or (kind is None and rng.random() < 0.4):
            n = rng.randrange(4, 7) if high else rng.randrange(0, 3)
            tiles = (base + n, base + n + 1, base + n + 2)
            kind = "chi" if kind == "chi" else None
        else:
            n = rng.randrange(5, 9) if high else rng.randrange(0, 4)
            tiles = (base + n,) * (4 if kind in ("ankan", "kan") else 3)
        for x in tiles:
            counts[x] += 1
        if kind is None:
            concealed += tiles
        else:
            melds.append(Meld(kind, tiles))
    pair = 27 + rng.randrange(7) if honors and rng.random() < 0.5 else (
        9 * rng.choice(suits) + (rng.randrange(4, 9) if high else rng.randrange(0, 5))
    )
    return finish_win(rng, counts, concealed, melds, pair)


def test_prefilters_and_gate_never_reject_a_hand_a_body_accepts():
    rng = random.Random(313)
    check_prefilters(IDS, iter(lambda: _random_win(rng), 0), 6000)


def test_kaga_hyakumangoku_holds_on_every_manzu_number_and_nothing_else() -> None:
    # 123m 44m 567m and closed quads of 8m and 9m: a closed manzu 清一色 holding all nine
    # numbers, total 6 + 8 + 18 + 32 + 36 = 100 (the default: exactly 100, closed, 清一色)
    w = Win.make("12344567m", "1m", ["ankan 9999m", "ankan 8888m"])
    assert "3-13-01" in {a.id for a in evaluate(w).yaku}


def _kishuu(hand: str, win: str, kinds: str) -> list[str]:
    from yakubook.engine.rules import Ruleset

    rs = Ruleset.from_toml(
        '[ruleset]\nothers = "off"\n[yaku."3-13-02"]\nvalue = "c"\n'
        f'"3-13-02-01" = "b"\n"3-13-02-02" = "{kinds}"\n'
    )
    return [a.id for a in evaluate(Win.from_json({"hand": hand, "win": win}), rs).yaku]


def test_kishuu_honitsu_needs_its_only_honor_to_be_a_hatsu_triplet() -> None:
    # 3-13-02-02 b 僅限清一色或字牌中只有發的刻子的混一色: a manzu 混一色 counts only when its
    # honors are a triplet of 發 and nothing else. 555 678 789 999m + 666z (numbers total 78,
    # 3-13-02-01 b 55 or more) holds; 555 678 789 999m with 發 as the pair (66z) does not,
    # nor does 中's triplet; under c (清一色、混一色都可以) the pair counts.
    assert _kishuu("55567788999m666z", "9m", "b") == ["3-13-02"]
    assert _kishuu("555677889999m66z", "6z", "b") == []
    assert _kishuu("55567788999m777z", "9m", "b") == []
    assert _kishuu("555677889999m66z", "6z", "c") == ["3-13-02"]
