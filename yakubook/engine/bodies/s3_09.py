"""Section 3-09 七對子形的特殊役: yaku of the seven-pairs shape.

Seven pairs here means a seven-pairs reading (``standard.SEVEN_PAIRS_KINDS``): the built-in
"chiitoitsu" reading, seven distinct pairs, no meld (鳴牌七對子's called pairs allowed, see
3-09-12), or the shape "chiitoitsu_set" this module registers for Set七對子 (3-09-08), four
identical tiles as two pairs. That reading is looked for only when Set七對子 is on and wins
only where Set七對子 holds (its option c 有; yakubook/engine/score.py rule 0), so every body
that asks for seven pairs reads it as seven pairs (issue #35). 清一色七對子 (3-09-01) reads
tile counts, since its menu covers 二杯口 shapes too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from yakubook import generated
from yakubook.engine.award import Award, is_none, rank, resolve
from yakubook.engine.decompose import Block, Interpretation, chiitoitsu_pairs, register_shape
from yakubook.engine.registry import award, implements, info_for, section_gate
from yakubook.engine.standard import SEVEN_PAIRS_KINDS
from yakubook.engine.tiles import (
    DRAGON_MASK,
    EAST,
    HONOR_MASK,
    NORTH,
    SOUTH,
    SUIT_MASKS,
    TERMINAL_MASK,
    WEST,
    WIND_MASK,
    YAOCHUU_MASK,
)
from yakubook.engine.view import MAN, PIN, SOU, HandView
from yakubook.engine.win import Win
from yakubook.generated.s3_09 import (
    ChiishinOptions,
    ChiniisouChiitoitsuOptions,
    ChiniisouChiitoitsuSuit,
    HoniisouChiitoitsuOptions,
    HonroutouChiitoitsuOptions,
    NakiChiitoitsuOptions,
    SangenChiitoitsuOptions,
    SanshokuDouNitoiOptions,
    SanshokuDoutoiOptions,
    SanshokuINitoiOptions,
    SekaiichiOptions,
    SetChiitoitsuOptions,
    SetChiitoitsuSetBonus,
    SetChiitoitsuTerminalSets,
    SuufonChiitoitsuOptions,
)

SEKAIICHI_MASK = sum(1 << t for t in (MAN, PIN, SOU, EAST, SOUTH, WEST, NORTH))
NINE = 0x1FF  # the nine numbers of one suit, as bits
JUNCHAN_CLOSED_HAN = 3  # 純全帶幺, closed (a seven-pairs hand has no meld)


def _seven_pairs(win: HandView) -> bool:
    """A seven-pairs reading: seven distinct pairs, or Set七對子's (standard.py)."""
    return win.kind in SEVEN_PAIRS_KINDS


def _same_numbers(mask: int) -> int:
    """Numbers present in all three suits, as a 9-bit mask: ``m & p & s`` of the suits'
    nine bits, as one expression, which the selector writes in (issue #38)."""
    return mask & mask >> PIN & mask >> SOU & NINE


def _three_suits(w: Win) -> bool:
    return not w.melds and w.suit_count == 3


# -- 3-09-01 清一色七對子 -----------------------------------------------------------------

# 連七對 by the two numbers missing (0-based): 2-8, 1-7, 3-9 each twice.
RUNS = {(0, 8): "3-09-01-01-01", (7, 8): "3-09-01-01-02", (0, 1): "3-09-01-01-03"}
ONE_GAP, OTHER = "3-09-01-01-04", "3-09-01-01-05"  # when four of a kind are not pairs
TANYAO_PEIKOU, OTHER_PEIKOU = "3-09-01-01-06", "3-09-01-01-07"  # when they are
SUIT_RULE = {
    ChiniisouChiitoitsuSuit.PINZU_ONLY: (PIN,),
    ChiniisouChiitoitsuSuit.SOUZU_ONLY: (SOU,),
    ChiniisouChiitoitsuSuit.PINZU_OR_SOUZU: (PIN, SOU),
    ChiniisouChiitoitsuSuit.ANY_SUIT: (MAN, PIN, SOU),
    ChiniisouChiitoitsuSuit.ANY_SUIT_PINZU_EXTRA_YAKUMAN: (MAN, PIN, SOU),
}
_CHINIISOU_RULES = generated.REGISTRY["3-09-01"].rules


def _is_ryanpeikou_shape(c: list[int]) -> bool:
    """Two pairs of identical sequences plus a pair (four identical count as two)."""
    for a in range(7):
        for b in range(a, 7):
            rest = c[:]
            for start in (a, a, b, b):
                for t in range(start, start + 3):
                    rest[t] -= 1
            if min(rest) >= 0 and max(rest) == 2:  # the two tiles left are the pair
                return True
    return False


def chiniisou_compositions(c: list[int]) -> tuple[str, ...]:
    """The rule questions of 3-09-01-01 whose composition the 9 counts of one suit match.

    Seven distinct pairs: 2-8 / 1-7 / 3-9 each twice (連七對, 01-03); otherwise one number
    missing inside the run (04) or not (05), and also 06/07 if the pairs are a 二杯口.
    Four of a kind (two pairs of one tile): only the 二杯口 forms 06/07 describe it.
    """
    if any(n not in (0, 2, 4) for n in c) or sum(c) != 14:
        return ()
    missing = tuple(i for i, n in enumerate(c) if n == 0)
    if missing in RUNS:
        return (RUNS[missing],)
    found = []
    if len(missing) == 2:  # seven distinct pairs
        inside = [i for i in missing if 0 < i < 8]  # a hole in the run, not an end
        found.append(ONE_GAP if len(inside) == 1 else OTHER)
    if _is_ryanpeikou_shape(c):
        found.append(TANYAO_PEIKOU if c[0] == c[8] == 0 else OTHER_PEIKOU)
    return tuple(found)


# chiniisou_compositions of each count vector of its domain (counts of 0, 2 and 4 summing to
# 14: a few hundred) judged so far. The answer depends on the counts alone, and the 二杯口
# search costs more than the rest of 3-09-01's body, which runs on every reading.
_COMPOSITIONS: dict[tuple[int, ...], tuple[str, ...]] = {}


def _compositions_of(counts: tuple[int, ...]) -> tuple[str, ...]:
    known = _COMPOSITIONS.get(counts)
    if known is not None:
        return known
    found = chiniisou_compositions(list(counts))
    if sum(counts) == 14 and all(n in (0, 2, 4) for n in counts):
        _COMPOSITIONS[counts] = found
    return found


def _only_suit(mask: int) -> int | None:
    """The base tile (MAN, PIN or SOU) of the one number suit all the tiles of ``mask`` are
    in, or None. Read from the lowest tile's suit, with one mask test, rather than trying
    ``win.only`` suit by suit (issue #38)."""
    low = (mask & -mask).bit_length() - 1  # the lowest tile; -1 for no tile at all
    if low >= 27:  # an honor: in no number suit
        return None
    base = low // 9 * 9 if low >= 0 else MAN  # no tile at all: as win.only, the first suit
    return base if mask & ~SUIT_MASKS[base // 9] == 0 else None


# 七對子形: no meld, and every tile paired (or one suit: 3-09-01 counts 二杯口 shapes).
section_gate(__name__, lambda w: not w.melds and (w.mask2 == w.tile_mask or w.suit_count <= 1))


@implements(
    "3-09-01",
    fingerprint="9f94c6417c89db111837cb03615e53b1dc1c02ce7b89d6a75da21775a90da41e",
    # Closed, one suit, every tile held at least twice (the compositions are of pairs).
    prefilter=lambda w: (
        not w.melds
        and w.is_closed
        and w.suit_count == 1
        and w.tile_mask & HONOR_MASK == 0
        and w.mask2 == w.tile_mask
    ),
    blocks_only=True,
)
def chiniisou_chiitoitsu(win: HandView, opts: ChiniisouChiitoitsuOptions) -> Award | None:
    """清一色七對子: a closed one-suit hand of pairs (or of a one-suit 二杯口 shape).

    The value is not the yaku's own option (b just says "有") but the chosen option of the
    3-09-01-01-NN rule question whose composition the hand has: 2-8 / 1-7 / 3-9 each twice;
    with seven distinct pairs, one number missing inside (04) or any other (05); a 二杯口
    shape other than those runs, 斷幺九 (06) or not (07). 04/05 sit under "if four of a
    kind may not be two pairs", 06/07 under "if they may": a hand with four of a kind can
    only be judged by 06/07; a hand of seven distinct pairs that is also a 二杯口 matches
    both branches, and the better chosen option wins (a ruleset answers one branch and
    leaves the other at 無). A composition whose chosen option is 無 is no special yaku.
    3-09-01-02 picks the suits; its e adds a yakuman for pinzu (to a limit value this
    gives one yakuman). Called pairs (鳴牌七對子) open the hand: closed only.

    The award is this yaku's chosen value option, with its value taken from the option of
    the nested rule question that describes the hand.
    """
    if not win.menzen or win.win.melds:
        return None
    base = _only_suit(win.mask)
    if base is None or base not in SUIT_RULE[opts.suit]:
        return None
    best: tuple[str, dict] | None = None
    for rule_id in _compositions_of(win.counts[base : base + 9]):
        field, _, values = _CHINIISOU_RULES[rule_id]
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


# -- colour and honor seven pairs ---------------------------------------------------------


@implements(
    "3-09-02",
    fingerprint="f402cfce8dd6d2e86fe924fd7d5dabadcf32512116b9df06bd2bfecde76ed5e3",
    prefilter=lambda w: not w.melds and bool(w.tile_mask & HONOR_MASK) and w.suit_count == 1,
)
def honiisou_chiitoitsu(win: HandView, opts: HoniisouChiitoitsuOptions) -> Award | None:
    """混一色七對子: seven pairs of one suit plus honors (both present)."""
    return award(win, opts) if _seven_pairs(win) and win.std("honiisou") else None


@implements(
    "3-09-03",
    fingerprint="426e3cb67db67ecc82388e75e9ca899409e71cef3b4f7e4b858d457c00fa255b",
    prefilter=lambda w: (
        not w.melds and w.tile_mask & ~YAOCHUU_MASK == 0 and bool(w.tile_mask & TERMINAL_MASK)
    ),
)
def honroutou_chiitoitsu(win: HandView, opts: HonroutouChiitoitsuOptions) -> Award | None:
    """混老頭七對子: seven pairs of terminals and honors (both present; seven pairs of
    honors alone is 七星)."""
    return award(win, opts) if _seven_pairs(win) and win.std("honroutou") else None


@implements(
    "3-09-04",
    fingerprint="dca49d1772691aeb2e9965b4bf66b4abe32979c46edb847fc136622f8bf3cb75",
    prefilter=lambda w: w.tile_mask == HONOR_MASK and not w.melds,
)
def chiishin(win: HandView, opts: ChiishinOptions) -> Award | None:
    """七星: seven pairs, one of each honor (a 字一色 七對子)."""
    return award(win, opts) if _seven_pairs(win) and win.mask == HONOR_MASK else None


@implements(
    "3-09-05",
    fingerprint="f8cd604685cc59121cbe0f25dc3f6768c2d0d7387c8ef488bca1fb3771df19a3",
    prefilter=lambda w: w.tile_mask & DRAGON_MASK == DRAGON_MASK and not w.melds,
)
def sangen_chiitoitsu(win: HandView, opts: SangenChiitoitsuOptions) -> Award | None:
    """三元七對子: seven pairs among which 白, 發 and 中."""
    return award(win, opts) if _seven_pairs(win) and win.mask & DRAGON_MASK == DRAGON_MASK else None


@implements(
    "3-09-06",
    fingerprint="4a477601844a9ec75bb146bf0c23e5efa9a0b1d92aa74a5a63502603e12a8d06",
    prefilter=lambda w: w.tile_mask & WIND_MASK == WIND_MASK and not w.melds,
)
def suufon_chiitoitsu(win: HandView, opts: SuufonChiitoitsuOptions) -> Award | None:
    """四風七對子: seven pairs among which East, South, West and North."""
    return award(win, opts) if _seven_pairs(win) and win.mask & WIND_MASK == WIND_MASK else None


@implements(
    "3-09-07",
    fingerprint="966d406b939b1966f531030ecab0679bd63e3083aa4fb818ac224fa8e22836d6",
    prefilter=lambda w: w.tile_mask == SEKAIICHI_MASK and not w.melds,
)
def sekaiichi(win: HandView, opts: SekaiichiOptions) -> Award | None:
    """世界第一: seven pairs of exactly 1m, 1p, 1s, East, South, West and North."""
    return award(win, opts) if _seven_pairs(win) and win.mask == SEKAIICHI_MASK else None


# -- 3-09-08 Set七對子: four of a kind as two pairs ----------------------------------------


def set_chiitoitsu_shapes(w: Win, concealed_counts: tuple[int, ...]) -> Iterable[Interpretation]:
    """Seven pairs where four identical tiles make two pairs (at least one such Set)."""
    if w.melds or 4 not in concealed_counts:
        return ()
    pairs = chiitoitsu_pairs(concealed_counts, allow_four=True)
    if not pairs:
        return ()
    blocks = tuple(Block("pair", t) for t in pairs)
    return (Interpretation("chiitoitsu_set", blocks, pairs.index(w.win_tile), "tanki"),)


register_shape(
    "chiitoitsu_set",
    set_chiitoitsu_shapes,
    yaku=("3-09-08",),
    # Every tile paired (mask2 == tile_mask): chiitoitsu_pairs needs counts of 2 and 4 only.
    when=lambda w: not w.melds and w.mask2 == w.tile_mask and 4 in w.concealed_counts,
)


@implements(
    "3-09-08",
    fingerprint="002772d88c19bca276574548253908b2b2b3f9234f81bd6d2bf5ebfeb9544695",
    prefilter=lambda w: not w.melds and w.mask2 == w.tile_mask and 4 in w.concealed_counts,
)
def set_chiitoitsu(win: HandView, opts: SetChiitoitsuOptions) -> Award | None:
    """Set七對子: seven pairs holding four identical tiles (a "Set") as two pairs.

    The award is the option's own value (有: the hand counts as 七對子, whose 2 han the
    standard count gives it); the two rule questions change what it is worth: 3-09-08-01 b
    adds 1 han per Set, and under 3-09-08-02 b the all-terminal Set hand (1m 9m 1p 9p 1s 9s,
    one of them four times) counts as 純全帶幺 (3 han, closed) instead of 清老頭 (a: the
    standard 清老頭, read from the tiles). Either puts its han in the adopted value.
    """
    if win.kind != "chiitoitsu_set":
        return None
    han = 0
    notes: list[dict[str, object]] = []
    text = []
    if opts.set_bonus is SetChiitoitsuSetBonus.HAN_PER_SET:
        sets = sum(1 for n in win.win.concealed_counts if n == 4)
        han += sets
        text.append(f"3-09-08-01 b: +{sets}翻 ({sets} Set)")
    if win.only(TERMINAL_MASK):
        text.append(f"3-09-08-02 {opts.terminal_sets.letter}: {opts.terminal_sets.text}")
        if opts.terminal_sets is SetChiitoitsuTerminalSets.JUNCHAN:
            han += JUNCHAN_CLOSED_HAN
            notes.append(
                {"kind": "not_counted", "args": ["清老头"], "text": "计纯全带幺，不计清老头"}
            )
    plain = award(win, opts, note="; ".join(text))
    if not han or plain.value["kind"] != "adopted":
        # a and b (無: not counted as 七對子, no win) keep their own value: the rule
        # questions add han only to an adopted 七對子.
        return plain
    # Still option c's 有 (the hand is adopted as 七對子), with the han the rule questions
    # add on top: the score counts an adopted value's ``han``.
    value = {"kind": "adopted", "han": han, "lost": False, "notes": notes}
    info = info_for(opts)
    return Award(info.id, info.name_hant, opts.value.letter, value, "; ".join(text))


# -- same numbers across the suits --------------------------------------------------------


@implements(
    "3-09-09",
    fingerprint="ef1fc99f0407dc7e8cee2e9a1c3baece3557152b355107b9159a5699f603ad2d",
    prefilter=lambda w: not w.melds and w.suit_count == 3 and bool(_same_numbers(w.tile_mask)),
)
def sanshoku_doutoi(win: HandView, opts: SanshokuDoutoiOptions) -> Award | None:
    """三色同對: seven pairs with the same number paired in all three suits."""
    return award(win, opts) if _seven_pairs(win) and _same_numbers(win.mask) else None


@implements(
    "3-09-10",
    fingerprint="3550699043a1ed2ba5d29d54c2eb674ccbafd5e59b4a489117a48ed7ffee59e4",
    prefilter=lambda w: (
        not w.melds and w.suit_count == 3 and _same_numbers(w.tile_mask).bit_count() >= 2
    ),
)
def sanshoku_dou_nitoi(win: HandView, opts: SanshokuDouNitoiOptions) -> Award | None:
    """三色同二對: seven pairs with two numbers each paired in all three suits (its value
    includes 三色同對, which the evaluator then drops)."""
    if not _seven_pairs(win) or _same_numbers(win.mask).bit_count() < 2:
        return None
    return award(win, opts)


def _different_two_of_three(mask: int) -> bool:
    # The suits' nine bits written out: no tuple to unpack into a call.
    return _different_two_of_three_bits(mask & NINE, mask >> PIN & NINE, mask >> SOU & NINE)


def _different_two_of_three_bits(m: int, p: int, s: int) -> bool:
    """Numbers x, y, z with each suit holding a different two of them. Calling u the number
    man and pin share, v man and sou, w pin and sou, that is: three different numbers
    u in m & p, v in m & s, w in p & s, which exist exactly when (Hall) each of the three
    sets is non-empty, any two hold two numbers between them and all three hold three."""
    u, v, w = m & p, m & s, p & s
    return bool(
        u
        and v
        and w
        and (u | v).bit_count() >= 2
        and (u | w).bit_count() >= 2
        and (v | w).bit_count() >= 2
        and (u | v | w).bit_count() >= 3
    )


@implements(
    "3-09-11",
    fingerprint="e864cb4df77cb3f22b5b0038939a41deefc7e1c8d4606615b24213ff8079e91e",
    prefilter=_three_suits,
)
def sanshoku_i_nitoi(win: HandView, opts: SanshokuINitoiOptions) -> Award | None:
    """三色異二對: three numbers x, y, z; each suit pairs a different two of them (e.g.
    1122m 1133p 2233s), so each two-number combination appears in exactly one suit."""
    if not _seven_pairs(win) or not _different_two_of_three(win.mask):
        return None
    return award(win, opts)


# -- 3-09-12 鳴牌七對子 ------------------------------------------------------------------


@implements(
    "3-09-12",
    fingerprint="af40c6b1199a6b4b1dce152e5330093babbac926ecf9bfcd38eda9b472ed2485",
    prefilter=lambda w: w.called_pairs > 0,
)
def naki_chiitoitsu(win: HandView, opts: NakiChiitoitsuOptions) -> Award | None:
    """鳴牌七對子: seven pairs, 1 to 6 of them called from discards."""
    return award(win, opts) if _seven_pairs(win) and win.win.called_pairs > 0 else None
