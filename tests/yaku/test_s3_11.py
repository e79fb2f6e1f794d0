"""Section 3-11 (triplet patterns): what the examples cannot say.

A prefilter may only reject hands its body would reject: checked on random triplet-heavy
hands under every option variant. Q太郎 reports its han count in the note.
"""

from __future__ import annotations

import dataclasses
import random

from yakubook.generated.s3_11 import SuurenkouOptions, SuurenkouPair

from tests.yaku.soundness import check_prefilters
from yakubook import evaluate, generated
from yakubook.engine import registry
from yakubook.engine.bodies import s3_11
from yakubook.engine.decompose import interpretations
from yakubook.engine.melds import Meld
from yakubook.engine.view import HandView
from yakubook.engine.win import Win

registry.load_bodies()
IDS = sorted(k for k in registry.BODIES if k.startswith("3-11-"))




def _bits_to_tiles(mask: int) -> tuple[int, ...]:
    return tuple(t for t in range(34) if mask >> t & 1)


# Triplet patterns the bodies look for, so that random hands reach the rare ones.
PATTERNS = [
    _bits_to_tiles(m)
    for group in (s3_11.SANRENKOU, s3_11.SUURENKOU, s3_11.SANSHOKU_RENKOU, s3_11.SUJI,
                  s3_11.CHOUSANKOU, s3_11.CHOUHAI, s3_11.SUU_CHOUHAI, (s3_11.GOSHIN,),
                  s3_11.SANRENFON)
    for m in group
] + [(29, 33, 28), (31, 9), (33, 28, 27), (32, 33), (27, 32), (32, 27, 9), (28, 29, 30),
     (27, 29, 30), (27, 28, 30), (28, 31), (33, 29), (18,), (31, 20)]


def _random_win(rng: random.Random) -> Win | None:
    """Four sets (mostly triplets, some called) and a pair, or None if too many copies.

    Half the hands start from the triplets of a pattern some body looks for.
    """
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    seeded = list(rng.choice(PATTERNS)) if rng.random() < 0.5 else []
    for _ in range(4):
        if seeded or rng.random() < 0.75:
            t = seeded.pop() if seeded else rng.randrange(34)
            size = 4 if rng.random() < 0.15 else 3
            counts[t] += size
            kind = rng.choice(("kan", "ankan", "kakan")) if size == 4 else "pon"
            if size == 3 and rng.random() < 0.6:
                concealed += [t] * 3
            else:
                melds.append(Meld(kind, (t,) * size))
        else:
            t = rng.choice([b + n for b in (0, 9, 18) for n in range(7)])
            for u in (t, t + 1, t + 2):
                counts[u] += 1
            if rng.random() < 0.3:
                melds.append(Meld("chi", (t, t + 1, t + 2)))
            else:
                concealed += [t, t + 1, t + 2]
    p = rng.randrange(34)
    counts[p] += 2
    concealed += [p, p]
    if max(counts) > 4:
        return None
    winds = (27, 28, 29, 30)
    return Win(
        concealed=tuple(concealed),
        win_tile=rng.choice(concealed),
        melds=tuple(melds),
        tsumo=rng.random() < 0.5,
        seat_wind=rng.choice(winds),
        round_wind=rng.choice(winds),
    )


def test_prefilters_never_reject_a_hand_the_body_accepts():
    rng = random.Random(311)
    check_prefilters(IDS, iter(lambda: _random_win(rng), 0), 3000)


def test_q_taro_counts_every_3s_in_its_note():
    win = Win.make("123m456p333s11z", "1z", melds=["pon 555z"])
    opts = generated.REGISTRY["3-11-18"].options()
    notes = {registry.BODIES["3-11-18"].fn(HandView(win, i), opts).note
             for i in interpretations(win)}
    assert notes == {"3翻 (3索×3)"}


def test_suurenkou_pair_must_be_in_the_run_suit_even_when_next_in_tile_order():
    # 6789m with a pair of 1p: tile 1p follows 9m in tile ids but is another suit.
    win = Win.make("666777888999m11p", "1p")
    body = registry.BODIES["3-11-02"].fn
    for pair, holds in (
        (SuurenkouPair.ANY, True),
        (SuurenkouPair.SAME_SUIT, False),
        (SuurenkouPair.SAME_SUIT_CONTINUING, False),
    ):
        opts = dataclasses.replace(SuurenkouOptions(), pair=pair)
        got = [body(HandView(win, i), opts) for i in interpretations(win)]
        assert any(got) is holds, pair


def test_chousankou_is_only_one_five_nine_of_one_suit():
    # 頂三刻: triplets of 1, 5 and 9 of one suit. 2m 6m and 1p are four apart in tile order
    # but not 1-5-9 of a suit, so they are no 頂三刻 even when any suit is allowed.
    body = registry.BODIES["3-11-05"].fn
    opts = dataclasses.replace(generated.s3_11.ChousankouOptions(),
                               suit=generated.s3_11.ChousankouSuit.ANY_SUIT)

    def holds(win: Win) -> bool:
        return any(body(HandView(win, i), opts) for i in interpretations(win))

    assert holds(Win.make("111555999p333s55z", "5z"))
    assert not holds(Win.make("222666m111p333s55z", "5z"))


@dataclasses.dataclass(frozen=True)
class _Held:
    mask3: int


PATTERN_PREFILTERS = {
    "3-11-01": s3_11.SANRENKOU,
    "3-11-02": s3_11.SUURENKOU,
    "3-11-03": s3_11.SANSHOKU_RENKOU,
    "3-11-04": s3_11.SUJI,
    "3-11-05": s3_11.CHOUSANKOU,
    "3-11-06": s3_11.CHOUHAI,
    "3-11-07": s3_11.SUU_CHOUHAI,
}


def test_pattern_prefilters_answer_as_the_pattern_lists():
    """The prefilters of the triplet-pattern yaku are mask tests (issue #38): each must
    pass a hand exactly when some pattern of its yaku (the lists the bodies read) has all
    its tiles held three times. Every 9-bit suit field in each suit, with random other
    suits, and random whole masks."""
    rng = random.Random(38)
    numbers = (1 << 27) - 1
    masks = [rng.getrandbits(34) & rng.getrandbits(34) for _ in range(4000)]
    for base in (0, 9, 18):
        others = numbers & ~(0x1FF << base)
        masks += [v << base | rng.getrandbits(27) & rng.getrandbits(27) & others
                  for v in range(512)]
    for yid, patterns in PATTERN_PREFILTERS.items():
        prefilter = registry.BODIES[yid].prefilter
        held = 0
        for m in masks:
            expected = any(m & p == p for p in patterns)
            assert bool(prefilter(_Held(m))) == expected, (yid, bin(m))
            held += expected
        assert held > 20, yid  # the masks reach the patterns


def test_little_triple_pung_holds_beside_an_honor_triplet():
    # 三色小同刻 (3-11-14, on by default at 1 han): 111m and 111s triplets, the 11p pair.
    # The other sets are 222m and an East triplet; a prefilter that read the honors' bits
    # of the held-three-times mask as manzu missed it.
    # 999m 999p 99s: the nines too (the search over numbers reaches 9)
    for hand, win in (("111222m11p111s111z", "2m"), ("111m11p111s555s777z", "5s"),
                      ("456999m999p12399s", "5m")):
        found = {a.id for a in evaluate(Win.make(hand, win)).yaku}
        assert "3-11-14" in found, hand
