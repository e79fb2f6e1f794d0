"""The faster forms of a few bodies of 3-09, 3-11 and 3-16 give the old answers (issue #38).

Each rewritten body or helper is checked against its former implementation, kept here as
the reference: 三連刻 (one mask test instead of a loop over its 21 patterns) and 新沼謙治
(the blocks' triplet mask), with ``_triplet_mask`` itself, which the other 3-11 bodies
read, now built from the blocks; 清一色七對子 (its suit told from the lowest tile);
三色異二對 (the suits' bits without a tuple); BACK FOUR (its all-identical split told from
the counts). Helpers on every input that matters (exhaustive where small), bodies on every
reading of random wins, one-suit hands of the benchmark, BACK FOUR hands and the catalog's
examples, under the default options and every other value of each option.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from yakubook.generated.s3_09 import (
    ChiniisouChiitoitsuOptions,
    ChiniisouChiitoitsuSuit,
    SanshokuINitoiOptions,
)
from yakubook.generated.s3_11 import SanrenkouOptions, ShinnumaKenjiOptions
from yakubook.generated.s3_16 import BackFourFourTileSets, BackFourOptions, BackFourValue

import catalog
from bench.evaluate_vs_mahjong import make_mix
from yakubook.engine import registry, shapes
from yakubook.engine.award import Award, is_none, rank, resolve
from yakubook.engine.bodies import s3_09, s3_11, s3_16
from yakubook.engine.decompose import Block, Interpretation, interpretations, registered_shapes
from yakubook.engine.registry import award
from yakubook.engine.tiles import SUIT_MASKS, format_tiles
from yakubook.engine.view import MAN, PIN, SOU, HandView
from yakubook.engine.win import InputError, Win

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from engine_hands import random_win

registry.load_bodies()


# -- the former implementations -------------------------------------------------------


def _reference_triplet_mask(win: HandView) -> int:
    return s3_11._bits(*win.triplets)


def _reference_sanrenkou(win: HandView, opts: SanrenkouOptions) -> Award | None:
    tm = _reference_triplet_mask(win)
    found = next((m for m in s3_11.SANRENKOU if tm & m == m), 0)
    return award(win, opts) if found else None


def _reference_shinnuma_kenji(win: HandView, opts: ShinnumaKenjiOptions) -> Award | None:
    return award(win, opts, note="1翻") if s3_11.SOU_1 in win.triplets else None


def _reference_only_suit(mask: int) -> int | None:
    return next((b for b in (MAN, PIN, SOU) if mask & ~SUIT_MASKS[b // 9] == 0), None)


def _reference_chiniisou_chiitoitsu(
    win: HandView, opts: ChiniisouChiitoitsuOptions
) -> Award | None:
    if not win.menzen or win.win.melds:
        return None
    base = next((b for b in (MAN, PIN, SOU) if win.only(SUIT_MASKS[b // 9])), None)
    if base is None or base not in s3_09.SUIT_RULE[opts.suit]:
        return None
    best: tuple[str, dict] | None = None
    for rule_id in s3_09._compositions_of(win.counts[base : base + 9]):
        field, _, values = s3_09._CHINIISOU_RULES[rule_id]
        value = values[getattr(opts, field).letter]
        if not is_none(value) and (best is None or rank(value) > rank(best[1])):
            best = (rule_id, value)
    if best is None:
        return None
    rule_id, value = best
    note = rule_id
    if opts.suit is ChiniisouChiitoitsuSuit.ANY_SUIT_PINZU_EXTRA_YAKUMAN and base == PIN:
        multiple = value["multiple"] + 1 if value["kind"] == "yakuman" else 1
        value = {"kind": "yakuman", "multiple": multiple, "open": None, "lost": False, "notes": []}
        note += " + 3-09-01-02 e (筒子加計役滿)"
    return dataclasses.replace(award(win, opts), value=resolve(value, win.is_open), note=note)


def _reference_suit_bits(mask: int) -> tuple[int, int, int]:
    return (mask & s3_09.NINE, (mask >> s3_09.PIN) & s3_09.NINE, (mask >> s3_09.SOU) & s3_09.NINE)


def _reference_different_two_of_three(mask: int) -> bool:
    return s3_09._different_two_of_three_bits(*_reference_suit_bits(mask))


def _reference_sanshoku_i_nitoi(win: HandView, opts: SanshokuINitoiOptions) -> Award | None:
    if not s3_09._seven_pairs(win) or not _reference_different_two_of_three(win.mask):
        return None
    return award(win, opts)


def _reference_back_four(win: HandView, opts: BackFourOptions) -> Award | None:
    if win.kind != shapes.BACK_FOUR:
        return None
    counts = win.win.concealed_counts
    splits = [groups for pair, groups in shapes.back_four_splits(counts) if pair == win.pair]
    if opts.four_tile_sets is BackFourFourTileSets.IDENTICAL_ONLY:
        splits = [g for g in splits if all(kind == "four" for kind, _ in g)]
    if not splits:
        return None
    if (
        opts.value is BackFourValue.HAN_LOST_TENPAI_SHAPE_WITH_OTHER_YAKU
        and not s3_16.has_standard_yaku(win)
    ):
        return None
    return s3_16._with_fu(award(win, opts), max(s3_16._back_four_fu(win, g) for g in splits))


# -- the options ----------------------------------------------------------------------


def _option_sets(cls: type) -> list[Any]:
    """The defaults, then every other value of each option with the rest at default, then
    a few seeded mixes of all of them."""
    default = cls()
    fields = [f.name for f in dataclasses.fields(cls)]
    out = [default]
    for name in fields:
        for member in type(getattr(default, name)):
            if member is not getattr(default, name):
                out.append(dataclasses.replace(default, **{name: member}))
    rng = random.Random(f"options-{cls.__name__}")
    for _ in range(6):
        out.append(cls(**{n: rng.choice(list(type(getattr(default, n)))) for n in fields}))
    return out


BodyPair = tuple[Callable[..., Award | None], Callable[..., Award | None], list[Any]]
PAIRS: dict[str, BodyPair] = {
    "sanrenkou": (s3_11.sanrenkou, _reference_sanrenkou, _option_sets(SanrenkouOptions)),
    "shinnuma_kenji": (
        s3_11.shinnuma_kenji,
        _reference_shinnuma_kenji,
        _option_sets(ShinnumaKenjiOptions),
    ),
    "chiniisou_chiitoitsu": (
        s3_09.chiniisou_chiitoitsu,
        _reference_chiniisou_chiitoitsu,
        _option_sets(ChiniisouChiitoitsuOptions),
    ),
    "sanshoku_i_nitoi": (
        s3_09.sanshoku_i_nitoi,
        _reference_sanshoku_i_nitoi,
        _option_sets(SanshokuINitoiOptions),
    ),
    "back_four": (s3_16.back_four, _reference_back_four, _option_sets(BackFourOptions)),
}


# -- the hands ------------------------------------------------------------------------


def _back_four_wins(n: int, seed: int) -> Iterator[Win]:
    """Closed hands of three four-tile groups (four identical tiles or a run of four) and a
    pair, some with every group identical."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        counts = [0] * 34
        for _ in range(3):
            if rng.random() < 0.5:
                counts[rng.randrange(34)] += 4
            else:
                start = 9 * rng.randrange(3) + rng.randrange(6)
                for t in range(start, start + 4):
                    counts[t] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        tiles = [t for t, c in enumerate(counts) for _ in range(c)]
        made += 1
        yield Win.make(format_tiles(tiles), format_tiles([rng.choice(tiles)]))


def _wins() -> Iterator[Win]:
    rng = random.Random(20261204)
    for _ in range(1500):
        yield random_win(rng)
    for obj in make_mix("one-suit, many readings", 600, 11):
        yield Win.from_json(obj)
    yield from _back_four_wins(300, 7)
    for ex in catalog.examples():
        obj = {"hand": ex["hand"], "win": ex["win"], "melds": ex.get("melds", [])}
        obj.update(ex.get("situation", {}))
        try:
            yield Win.from_json(obj)
        except InputError:
            continue  # an example of a wrong hand: no reading to compare


def _views() -> list[HandView]:
    kinds = registered_shapes()
    return [HandView(w, i) for w in _wins() for i in interpretations(w, shapes=kinds)]


VIEWS = _views()


# -- the tests ------------------------------------------------------------------------


def test_triplet_mask_is_the_triplets_as_bits() -> None:
    for view in VIEWS:
        assert s3_11._triplet_mask(view) == _reference_triplet_mask(view), view.interp


def _blocks_view(win: Win, blocks: tuple[Block, ...]) -> HandView:
    blocks += (Block("pair", 33),)
    return HandView(win, Interpretation("standard", blocks, len(blocks) - 1, "tanki"))


def test_sanrenkou_on_every_set_of_triplets() -> None:
    """Every set of up to three triplets of any tiles, of four across each suit's edge,
    and every mix of up to four triplets and quads within a suit, read as blocks: the mask
    test against the pattern loop, and 新沼謙治's triplet of 1s."""
    win = Win.make("111m222m333m444m77z", "7z")
    sanren, shinnuma = SanrenkouOptions(), ShinnumaKenjiOptions()
    views = [
        _blocks_view(win, tuple(Block("triplet", t) for t in tiles))
        for k in range(4)
        for tiles in itertools.combinations(range(34), k)
    ]
    views += [
        _blocks_view(win, tuple(Block("triplet", t) for t in tiles))
        for edge in (9, 18, 27)
        for tiles in itertools.combinations(range(edge - 4, edge + 4), 4)
    ]
    views += [
        _blocks_view(win, tuple(map(Block, kinds, tiles)))
        for base in (0, 9, 18)
        for k in range(1, 5)
        for tiles in itertools.combinations(range(base, base + 9), k)
        for kinds in itertools.product(("triplet", "quad"), repeat=k)
    ]
    for view in views:
        assert s3_11.sanrenkou(view, sanren) == _reference_sanrenkou(view, sanren), view.blocks
        assert s3_11.shinnuma_kenji(view, shinnuma) == _reference_shinnuma_kenji(view, shinnuma)


def test_identical_split_for_every_pair_tile() -> None:
    """BACK FOUR's all-identical split against the splits listed, for every pair tile (and
    none), on the counts of BACK FOUR hands."""
    for win in _back_four_wins(300, 9):
        counts = win.concealed_counts
        for pair in [None, *range(34)]:
            want = [
                g
                for p, g in shapes.back_four_splits(counts)
                if p == pair and all(kind == "four" for kind, _ in g)
            ]
            assert s3_16._identical_split(counts, pair) == want, (counts, pair)


def test_only_suit_on_every_mask_of_up_to_three_tiles_and_random_masks() -> None:
    masks = [sum(1 << t for t in c) for k in range(4) for c in itertools.combinations(range(34), k)]
    rng = random.Random(3)
    masks += [rng.getrandbits(34) & SUIT_MASKS[rng.randrange(3)] for _ in range(3000)]
    for mask in masks:
        assert s3_09._only_suit(mask) == _reference_only_suit(mask), bin(mask)


def test_different_two_of_three_on_random_masks() -> None:
    rng = random.Random(5)
    masks = [rng.getrandbits(27) | rng.getrandbits(34) & ~((1 << 27) - 1) for _ in range(20000)]
    masks += [sum(1 << t for t in rng.sample(range(27), 6)) for _ in range(5000)]  # 6 numbers
    for mask in masks:
        assert s3_09._different_two_of_three(mask) == _reference_different_two_of_three(mask)


def test_bodies_give_the_old_awards_on_every_reading() -> None:
    seen: dict[str, int] = dict.fromkeys(PAIRS, 0)
    for name, (new, old, option_sets) in PAIRS.items():
        for view in VIEWS:
            for opts in option_sets:
                got, want = new(view, opts), old(view, opts)
                assert got == want, (name, view.interp, opts)
                seen[name] += want is not None
    # The hands reach the awards, not only the refusals.
    assert all(seen.values()), seen
