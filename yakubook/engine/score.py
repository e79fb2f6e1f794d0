"""What a winning hand is worth under a ruleset: han, fu, the limit and the payments.

Every rule for how values combine is written here, once (the user guide's "How the score is
worked out", site/guide/scoring.md, states the same rules; tests/yaku/test_score.py checks each):

0. A reading is a complete hand when it is a standard shape (four sets and a pair, seven
   pairs, thirteen orphans) or a local shape (十三不搭, BACK FOUR, Set七對子 …) that a
   yaku which reads it holds on; any other reading is "not a winning hand", whatever
   else holds (so under standard rules no local shape wins). Set七對子's reading, where
   it holds (3-09-08 c 有), is seven pairs: 七對子's 2 han and 25 fu.
1. Standard yaku (``yakubook.engine.standard``, plus the situation yaku riichi, ippatsu, menzen
   tsumo, haitei, houtei, rinshan, chankan, tenhou, chiihou) count their usual han
   (tenhou and chiihou not beside 十三無靠 or 十四連嵌: 與天和、地和不復合); dora,
   ura dora (with a riichi), red fives (``aka_dora``) and flowers (``flower_dora``) add one
   han each but never make a hand a win on their own.
2. A local yaku worth N han adds N han.
3. Yakuman: local yakuman add their multiples to the standard ones; any yakuman drops
   every han yaku, dora and limit-valued yaku (as standard yakuman do). With
   ``multiple_yakuman`` off the hand is one yakuman at most; with ``double_yakuman`` off
   the four standard double hands count one.
4. A local yaku whose value is a limit (滿貫, 跳滿, 倍滿, 三倍滿) sets the hand to at least
   that limit; under ``limit_yaku = "at least"`` (the default) other han do not add onto
   it: the hand is worth the limit, or what everything else is worth when that is more.
   This follows the compendium's only wording on it, 人和's options d-f
   (人和以外的役比滿貫高時只計算人和以外的部分: when the other yaku are worth more than the
   limit, only they count). ``limit_yaku = "add"`` counts a limit as its han instead
   (滿貫 5, 跳滿 6, 倍滿 8, 三倍滿 11) and adds it to the rest.
5. A local yaku that says it includes, does not count or only is a standard yaku
   (包含立直的1翻, 不計字一色, 七星 c 僅字一色; two may be joined by 和) takes that standard
   yaku out of the count; the compendium's 一發 (3-02-01) is the standard ippatsu itself
   and is counted once.
6. Fu as the `mahjong` library counts them (``fu_of``), unless a local yaku's value
   states the hand's fu (鳴牌七對子's 25符1翻, BACK FOUR's and 七喜's fu questions): then
   that fu. Limits from han and fu as the `mahjong` library (2.1.0) counts them: 5 han or a base of
   more than 2,000 points is mangan (with ``kiriage`` also 4 han 30 fu and 3 han 60 fu),
   6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13 or more counted (kazoe) yakuman, or
   sanbaiman, or one yakuman per 13 han (``kazoe``). At most six yakuman are paid.
7. Payment: base points fu x 2^(han+2); ron: the discarder pays 4x the base (6x to a
   dealer) rounded up to 100, plus 300 per honba; tsumo: the dealer pays 2x and each other
   player 1x (a dealer's tsumo: everyone 2x), each rounded up to 100, plus 100 per honba
   each; the winner also takes 1,000 per riichi stick on the table.
8. The reading (interpretation) that pays the most counts, as at a real table; on equal
   points a real yakuman beats a counted one, then more han, then more fu; between
   readings that pay exactly the same, the one whose local yaku rank highest. ``evaluate``
   reports that one reading's local yaku, standard yaku and interpretation with the score.

Scoring is opt-in (``evaluate(win, ruleset, score=True)`` or ``score(win, ruleset)``), so
plain evaluation costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import partial
from typing import Any

from yakubook.bounded import quote
from yakubook.engine import _accel, kept
from yakubook.engine.award import LIMIT_HAN, Award, rank
from yakubook.engine.decompose import SHAPE_USERS, Block, Interpretation
from yakubook.engine.standard import (
    RIICHI_HAN,
    SEVEN_PAIRS_KINDS,
    SHAPE_HAN,
    STANDARD_YAKU,
    YAKUMAN,
    chuuren,
    chuuren_junsei,
)
from yakubook.engine.tiles import (
    EAST,
    GREEN_MASK,
    HONOR_MASK,
    SUIT_MASKS,
    TERMINAL_MASK,
    YAOCHUU_MASK,
    is_dragon,
    parse_tiles,
)
from yakubook.engine.view import per_hand
from yakubook.engine.win import Win
from yakubook.errors import InputError
from yakubook.suggest import did_you_mean

# -- the ruleset's scoring keys ----------------------------------------------------------

KAZOE = ("yakuman", "sanbaiman", "multiple")
LIMIT_YAKU = ("at least", "add")
MAX_AKA = 4
# Numbers a ruleset may supply for a value option whose number the source lost, by the
# value's field, each with the largest it takes: `han = 3` beside `value = "b"` when b is
# "?翻". Here, among the low-level modules, so the house-rules page's build reads them
# without importing the generated code (yakubook.engine.rules checks them).
SUPPLIABLE = {"han": 13, "fu": 200, "multiple": 6}


@dataclass(frozen=True)
class Scoring:
    """The table rules for scoring (``[scoring]`` in a ruleset file)."""

    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu are mangan
    kazoe: str = "yakuman"  # 13+ han: "yakuman", "sanbaiman", or "multiple" (per 13 han)
    multiple_yakuman: bool = True  # yakuman add up (2x, 3x …); off: one yakuman at most
    double_yakuman: bool = True  # kokushi 13-wait, suuankou tanki, junsei chuuren, daisuushii
    aka_dora: int = 3  # red fives in the set (each held is one han); 0 = no red fives
    kuitan: bool = True  # tanyao counts on an open hand
    flower_dora: bool = True  # each flower held is one han
    limit_yaku: str = "at least"  # how a limit-valued local yaku meets other han


SCORING_KEYS: dict[str, str] = {
    "kiriage": "true or false",
    "kazoe": "'yakuman', 'sanbaiman' or 'multiple'",
    "multiple_yakuman": "true or false",
    "double_yakuman": "true or false",
    "aka_dora": f"an integer 0 to {MAX_AKA}",
    "kuitan": "true or false",
    "flower_dora": "true or false",
    "limit_yaku": "'at least' or 'add'",
}


def parse_scoring(table: object, where: str) -> Scoring:
    """The ``[scoring]`` table of a ruleset file; any unknown key or wrong value is an
    InputError naming it."""
    if not isinstance(table, Mapping):
        raise InputError(f"{where}: 'scoring' must be a table: [scoring], got {quote(table)}")
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key not in SCORING_KEYS:
            raise InputError(
                f"{where}: [scoring] has no key {quote(key)} (keys: {', '.join(SCORING_KEYS)})"
                + did_you_mean(key, SCORING_KEYS)
            )
        default = getattr(Scoring(), key)
        ok = type(value) is type(default)
        if key == "kazoe":
            ok = value in KAZOE
        elif key == "limit_yaku":
            ok = value in LIMIT_YAKU
        elif key == "aka_dora":
            ok = type(value) is int and 0 <= value <= MAX_AKA
        if not ok:
            raise InputError(
                f"{where}: [scoring] {key} must be {SCORING_KEYS[key]}, got {quote(value)}"
            )
        values[key] = value
    return Scoring(**values)


# -- standard han ------------------------------------------------------------------------

# (closed han, open han); open None: closed only. The table of yakubook/engine/standard.py, which
# the minimum-han rules (yaku_han) read too.
STANDARD_HAN: dict[str, tuple[int, int | None]] = {
    name: (closed, open_han or None) for name, closed, open_han in SHAPE_HAN
}
# Yakuman multiples; the four double hands count 1 with ``double_yakuman`` off. The
# kokushi13 / suuankou_tanki / chuuren_junsei helpers name the double form beside the
# single one, which then does not count again.
YAKUMAN_MULTIPLE: dict[str, int] = {name: 1 for name in YAKUMAN} | {
    "kokushi13": 2,
    "suuankou_tanki": 2,
    "chuuren_junsei": 2,
    "daisuushii": 2,
}
_DOUBLE_OF = {"kokushi13": "kokushi", "suuankou_tanki": "suuankou", "chuuren_junsei": "chuuren"}
# Names the compendium's notes use for standard yaku (zh-Hans), for "includes" and
# "not counted" notes.
STANDARD_NAMES: dict[str, str] = {
    "立直": "riichi",
    "一发": "ippatsu",
    "岭上开花": "rinshan",
    "海底捞月": "haitei",
    "字一色": "tsuuiisou",
    "混一色": "honiisou",
    "清一色": "chiniisou",
    "七对子": "chiitoitsu",
    "混老头": "honroutou",
    "清老头": "chinroutou",
}
# Local entries that are a standard yaku itself, counted once (by the standard table).
SAME_AS_STANDARD: dict[str, str] = {"3-02-01": "ippatsu"}
# Local yaku whose 【內容】 says 與天和、地和不復合 (3-16-02 十三無靠, 3-16-03 十四連嵌): a
# hand they award is paid without tenhou or chiihou, whatever the value option.
NOT_WITH_TENHOU = frozenset({"3-16-02", "3-16-03"})
YAKUMAN_HAN = 13
MAX_YAKUMAN = 6
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman")
LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}
YAKUMAN_BASE = 8000


@dataclass(frozen=True)
class Payment:
    """Who pays what (honba included in each payer's share)."""

    ron: int = 0  # the discarder pays (ron only)
    dealer: int = 0  # the dealer pays (a non-dealer's tsumo)
    each: int = 0  # each other player pays (tsumo: non-dealers; a dealer's tsumo: all three)
    honba: int = 0  # of the above, the honba part in total
    riichi_sticks: int = 0  # 1,000 per stick on the table
    total: int = 0  # what the winner gains

    def to_json(self) -> dict[str, int]:
        """Every field of the payments, by name."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class Score:
    """A hand's worth under a ruleset.

    Attributes:
        win: The hand has a yaku to win on (dora alone win nothing) and enough han.
        han: Han counted (0 for a yakuman hand).
        fu: Fu of the reading.
        yakuman: The yakuman multiple (0: none; counted yakuman are not here).
        limit: ``""``, ``"mangan"`` … ``"sanbaiman"``, ``"yakuman"``, ``"2x yakuman"``,
            ``"kazoe yakuman"`` …
        base: Base points.
        payment: Who pays what (``Payment``: ``ron``, ``dealer``, ``each``, ``total`` …).
        counted: ``(name, value)`` of everything counted, in order.
        interpretation: The best-paying reading (it may differ from ``Result``'s).
        not_counted: Local yaku that hold but add nothing here, with why.
        reason: Why the hand does not win, or why a limit yaku set the value.
    """

    win: bool  # the hand has a yaku (dora alone win nothing) and enough han
    han: int  # han counted (0 for a yakuman hand)
    fu: int
    yakuman: int  # yakuman multiple (0: none; counted yakuman are not here)
    limit: str  # "", mangan … sanbaiman, "yakuman", "2x yakuman", "kazoe yakuman" …
    base: int  # base points
    payment: Payment
    # (name, han or yakuman multiple as "Nx yakuman") of everything counted, in order.
    counted: tuple[tuple[str, str], ...]
    interpretation: Interpretation | None
    # Local yaku that hold but add nothing here, with why (lost numbers, superseded …).
    not_counted: tuple[tuple[str, str], ...] = ()
    reason: str = ""  # why the hand does not win, or why a limit yaku set the value

    def to_json(self) -> dict[str, Any]:
        """The JSON form ``yakubook evaluate --json`` prints under ``"score"``."""
        out: dict[str, Any] = {
            "win": self.win,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "base_points": self.base,
            "payment": self.payment.to_json(),
            "counted": [{"name": n, "value": v} for n, v in self.counted],
        }
        if self.not_counted:
            out["not_counted"] = [{"name": n, "why": w} for n, w in self.not_counted]
        if self.reason:
            out["note"] = self.reason
        if self.interpretation is not None:
            out["interpretation"] = {
                "kind": self.interpretation.kind,
                "wait": self.interpretation.wait,
            }
        return out

    def lines(self) -> list[str]:
        """The score as text (``yakubook evaluate``)."""
        if not self.win:
            return [f"score: no win ({self.reason})"]
        if self.yakuman:
            head = f"score: {self.limit}"
        else:
            head = f"score: {self.han} han {self.fu} fu" + (f", {self.limit}" if self.limit else "")
        p = self.payment
        if p.ron:
            pay = f"ron: the discarder pays {p.ron}"
        elif p.dealer:
            pay = f"tsumo: the dealer pays {p.dealer}, each other player {p.each}"
        else:
            pay = f"tsumo: each player pays {p.each}"
        sticks = f" + {p.riichi_sticks} for the riichi sticks" if p.riichi_sticks else ""
        out = [head, f"  {pay}{sticks}; total {p.total}"]
        out.append("  counted: " + ", ".join(f"{n} {v}" for n, v in self.counted))
        for name, why in self.not_counted:
            out.append(f"  not counted: {name} ({why})")
        if self.reason:
            out.append(f"  ({self.reason})")
        return out


# -- dora --------------------------------------------------------------------------------


def dora_of(indicator: int) -> int:
    """The tile an indicator makes dora: the next in its suit, 9 -> 1, winds E S W N E,
    dragons 白 發 中 白."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator <= 30:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def indicator_tiles(text: str) -> list[int]:
    return parse_tiles(text).tiles if text else []


def count_dora(win: Win, indicators: Iterable[int]) -> int:
    return sum(win.tile_counts[dora_of(t)] for t in indicators)


# -- fu ----------------------------------------------------------------------------------


def fu_of(win: Win, interp: Interpretation) -> tuple[int, int]:
    """(fu rounded up to 10, fu before rounding) of one reading, counted as the ``mahjong``
    library counts them: seven pairs 25; thirteen orphans 0 (a yakuman: fu do not matter);
    any other shape has no set fu beyond base, tsumo and the closed-ron 10."""
    if interp.kind in SEVEN_PAIRS_KINDS:
        return 25, 25
    if interp.kind == "kokushi":
        return 0, 0
    open_block = False
    if win.is_closed:
        for b in interp.blocks:
            if b.open:
                open_block = True
                break
    set_fu = _set_fu(win, interp) if interp.kind == "standard" else 0
    return _rounded_fu(win, set_fu, open_block)


def _set_fu(win: Win, interp: Interpretation) -> int:
    return blocks_fu(
        interp.blocks, interp.wait, interp.win_block, win.tsumo, win.seat_wind, win.round_wind
    )


def blocks_fu(
    blocks: tuple[Block, ...],
    wait: str,
    win_block: int,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
) -> int:
    """The fu of a standard reading's wait, pair and sets (before base, tsumo and rounding),
    as the rules state them; ``reading_facts_py`` counts the same in its one pass (tests
    hold the two equal)."""
    fu = 2 if wait in ("kanchan", "penchan", "tanki") else 0
    for i, b in enumerate(blocks):
        kind = b.kind
        if kind == "sequence":  # no fu
            continue
        t = b.tile
        if kind == "pair":
            fu += 2 * (is_dragon(t) + (t == seat_wind) + (t == round_wind))
        elif kind == "triplet" or kind == "quad":
            concealed = not b.open and (tsumo or i != win_block)
            value = 2 * (1 + concealed)
            if kind == "quad":
                value *= 4
            if t >= 27 or t % 9 in (0, 8):
                value *= 2
            fu += value
    return fu


def _rounded_fu(win: Win, set_fu: int, open_block: bool) -> tuple[int, int]:
    """(fu rounded up to 10, fu before rounding) of a reading whose sets and wait are worth
    ``set_fu`` (0 but for a standard shape): tsumo, the open hand's minimum, base and the
    closed-ron 10 added (an open block, or an open win, makes it open)."""
    closed = win.is_closed and not open_block
    fu = set_fu
    if win.tsumo and fu:
        fu += 2
    if not closed and fu == 0:
        fu = 2  # an open hand of no fu is 30 fu, not 20
    fu += 20 if (not closed or win.tsumo) else 30
    return (fu + 9) // 10 * 10, fu


# -- one reading -------------------------------------------------------------------------


class _Tally:
    """One reading's count. A plain class with slots, not a dataclass: one is made for
    every reading of every hand scored, and a dataclass's ``__init__`` with three list
    factories costs about a microsecond more."""

    __slots__ = ("counted", "floor", "floor_by", "han", "not_counted", "yakuman", "yakuman_counted")

    def __init__(self) -> None:
        self.han = 0  # yaku han (no dora)
        self.yakuman = 0
        self.floor = ""  # the highest limit a local yaku set
        self.floor_by = ""
        self.counted: list[tuple[str, str]] = []
        self.yakuman_counted: list[tuple[str, str]] = []
        self.not_counted: list[tuple[str, str]] = []


def standard_names(win: Win, interp: Interpretation, scoring: Scoring) -> dict[str, int]:
    """Standard yaku of one reading and their han (yakuman as 13 x multiple), situation
    yaku included, before any local yaku takes one out."""
    found = _reading_yaku(win, interp)
    names = found if type(found) is tuple else tuple(found)
    # A copy: local yaku take standard ones out of it.
    out = dict(_shape_han_of(names, win.is_closed, scoring.kuitan))
    tenhou, situation = _situation_items(win)
    out.update(tenhou)
    if interp.kind == "standard":
        for b in interp.blocks:
            if b.tile >= 27 and b.is_triplet_like:
                han = yakuhai_han(win, b.tile)
                if han:
                    out[f"yakuhai {_TILE_NAMES[b.tile - 27]}"] = han
    out.update(situation)
    return out


def _shape_han_of(names: tuple[str, ...], closed: bool, kuitan: bool) -> dict[str, int]:
    """``_shape_han``, kept per combination (``_HAN_OF``): the same dict for the same
    combination, so a caller that changes it copies it first."""
    key = (names, closed, kuitan)
    shape_han = _HAN_OF.get(key)
    if shape_han is None:
        if len(_HAN_OF) >= _MAX_NAMES_KEPT:
            _HAN_OF.clear()
        shape_han = _HAN_OF[key] = _shape_han(*key)
    return shape_han


Items = tuple[tuple[str, int], ...]


@per_hand
def _situation_items(win: Win) -> tuple[Items, Items]:
    """The yaku of the hand's situation, the same on every reading, once per hand:
    (tenhou or chiihou, if it holds; riichi, ippatsu, menzen tsumo … in the order the
    Score lists them), each (name, han)."""
    # A hand with no game fact beyond its tiles, winds and tsumo (``win.situational``
    # false) has no tenhou, riichi, ippatsu, haitei, houtei, rinshan or chankan.
    situational = win.situational
    tenhou: Items = ()
    if situational and win.first_go_around and win.tsumo and not win.melds:
        tenhou = (("tenhou" if win.seat_wind == EAST else "chiihou", YAKUMAN_HAN),)
    out: list[tuple[str, int]] = []
    if not situational:
        if win.tsumo and win.is_closed:
            out.append(("menzen tsumo", 1))
        return tenhou, tuple(out)
    if win.riichi != "none":
        out.append(
            ("double riichi" if win.riichi.endswith("double") else "riichi", RIICHI_HAN[win.riichi])
        )
    # One test each, in this order (the order the Score lists).
    if win.ippatsu:
        out.append(("ippatsu", 1))
    if win.tsumo and win.is_closed:
        out.append(("menzen tsumo", 1))
    if win.haitei:
        out.append(("haitei", 1))
    if win.houtei:
        out.append(("houtei", 1))
    if win.rinshan:
        out.append(("rinshan", 1))
    if win.chankan:
        out.append(("chankan", 1))
    return tenhou, tuple(out)


def _shape_han(names: tuple[str, ...], closed: bool, kuitan: bool) -> dict[str, int]:
    """The han of a reading's standard yaku (``names``, in order): yakuman as 13 x their
    multiple, the double forms replacing the single ones, tanyao nothing on an open hand
    without kuitan, closed-only yaku nothing on an open hand."""
    out: dict[str, int] = {}
    is_open = not closed
    for name in names:
        if name in YAKUMAN:
            out[name] = YAKUMAN_HAN * YAKUMAN_MULTIPLE[name]
            continue
        closed_han, open_han = STANDARD_HAN[name]
        if name == "tanyao" and is_open and not kuitan:
            continue
        han = open_han if is_open else closed_han
        if han:
            out[name] = han
    for double, single in _DOUBLE_OF.items():
        if double in out:
            out.pop(single, None)
    return out


# (the names of a reading's standard yaku, closed, kuitan) -> their han (``_shape_han``);
# at most _MAX_NAMES_KEPT, then it starts again.
_HAN_OF: dict[tuple[tuple[str, ...], bool, bool], dict[str, int]] = kept.table({})


def names_by_checks(win: Win, interp: Interpretation) -> list[str]:
    """The standard yaku (menzen aside) that hold on one reading, each of
    ``standard.STANDARD_YAKU``'s checks asked in turn: the reference ``_reading_yaku``
    answers the same as, in one pass over the blocks (tests compare the two)."""
    if interp.kind not in _READ_BY_STANDARD_YAKU:
        # An irregular shape: only the tile-colour yaku read it.
        return [n for n in _TILE_COLOUR if STANDARD_YAKU[n](win, interp)]
    return [n for n, f in STANDARD_YAKU.items() if n != "menzen" and f(win, interp)]


@per_hand
def _colour_yaku(win: Win) -> tuple[bool, ...]:
    """The standard yaku that read the tiles alone (``_COLOUR_ORDER``), once per hand: they
    are the same on every reading. The tile-mask tests are ``yakubook.engine.standard``'s
    (``tanyao`` … ``chinroutou``) written out; nine gates is asked only of a one-suit hand
    with no meld, the only hand it can hold on."""
    mask = win.tile_mask
    honors = mask & HONOR_MASK
    suited = mask & ~HONOR_MASK
    one_suit = suited != 0 and (
        suited & _NOT_MAN == 0 or suited & _NOT_PIN == 0 or suited & _NOT_SOU == 0
    )
    chini = not honors and one_suit
    chuu = chini and not win.melds and chuuren(win)
    return (
        mask & YAOCHUU_MASK == 0,
        mask & ~YAOCHUU_MASK == 0 and honors != 0 and mask & TERMINAL_MASK != 0,
        honors != 0 and one_suit,
        chini,
        suited == 0,
        mask & ~GREEN_MASK == 0,
        mask & ~TERMINAL_MASK == 0,
        chuu,
        chuu and chuuren_junsei(win),
    )


_NOT_MAN, _NOT_PIN, _NOT_SOU = (~mask for mask in SUIT_MASKS)  # a one-suit hand: one is 0

# The checks of STANDARD_YAKU that read the Win alone, whatever the reading.
_COLOUR_ORDER = (
    "tanyao",
    "honroutou",
    "honiisou",
    "chiniisou",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "chuuren_junsei",
)


def _reading_yaku(win: Win, interp: Interpretation) -> Sequence[str]:
    """``names_by_checks``'s answer (in ``STANDARD_YAKU``'s order), worked out in one pass
    over a standard reading's blocks or a seven-pairs reading's pairs, the tile-colour
    yaku once per hand; any other reading asks every check (``names_by_checks``)."""
    kind = interp.kind
    if kind == "standard":
        return _standard_reading_yaku(win, interp)
    if kind in SEVEN_PAIRS_KINDS and all(b.kind == "pair" for b in interp.blocks):
        # No set yaku reads pairs: seven pairs and the tile-colour yaku.
        tan, honrou, honi, chini, tsuu, ryuu, chinrou, chuu, junsei = _colour_yaku(win)
        names = ["tanyao"] if tan else []
        names.append("chiitoitsu")
        for name, holds in (
            ("honroutou", honrou),
            ("honiisou", honi),
            ("chiniisou", chini),
            ("tsuuiisou", tsuu),
            ("ryuuiisou", ryuu),
            ("chinroutou", chinrou),
            ("chuuren", chuu),
            ("chuuren_junsei", junsei),
        ):
            if holds:
                names.append(name)
        return names
    return names_by_checks(win, interp)


def _standard_reading_yaku(win: Win, interp: Interpretation) -> Sequence[str]:
    """``names_by_checks`` of a reading of four sets and a pair: its set yaku as bits
    (``set_yaku``: C, or ``set_yaku_py``), the tile-colour yaku once per hand, and the
    names of those two in ``STANDARD_YAKU``'s order, kept per combination."""
    bits = set_yaku(*_set_yaku_args(win, interp))
    if bits is None:  # the C declined: the Python decides
        bits = set_yaku_py(*_set_yaku_args(win, interp))
    if bits is None:  # a block no standard reading has: ask every check
        return names_by_checks(win, interp)
    key = (bits, _colour_yaku(win))
    names = _NAMES_OF.get(key)
    if names is None:
        if len(_NAMES_OF) >= _MAX_NAMES_KEPT:
            _NAMES_OF.clear()
        names = _NAMES_OF[key] = _names_of(*key)
    return names


def _set_yaku_args(win: Win, interp: Interpretation) -> tuple[Any, ...]:
    return (
        interp.blocks,
        interp.wait,
        interp.concealed_triplets,
        win.is_closed,
        win.seat_wind,
        win.round_wind,
    )


# (set-yaku bits, tile-colour yaku) -> the names in STANDARD_YAKU's order; at most
# _MAX_NAMES_KEPT combinations, then it starts again (few occur: a few hundred in 100,000
# random hands).
_NAMES_OF: dict[tuple[int, tuple[bool, ...]], tuple[str, ...]] = kept.table({})
_MAX_NAMES_KEPT = 4096

# The set yaku in STANDARD_YAKU's order; bit i of ``set_yaku``'s answer is the i-th.
SET_YAKU = (
    "pinfu",
    "iipeikou",
    "ryanpeikou",
    "ittsuu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "toitoi",
    "sanankou",
    "sankantsu",
    "chanta",
    "junchan",
    "shousangen",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "suukantsu",
)
_SET_BIT = {name: 1 << i for i, name in enumerate(SET_YAKU)}
_COLOUR_INDEX = {name: i for i, name in enumerate(_COLOUR_ORDER)}


def _names_of(bits: int, colour: tuple[bool, ...]) -> tuple[str, ...]:
    """The standard yaku these set-yaku bits and tile-colour answers name, in
    ``STANDARD_YAKU``'s order (no others hold on a standard reading: seven pairs and the
    thirteen orphans read other shapes)."""
    out = []
    for name in STANDARD_YAKU:
        if name in _SET_BIT:
            if bits & _SET_BIT[name]:
                out.append(name)
        elif name in _COLOUR_INDEX and colour[_COLOUR_INDEX[name]]:
            out.append(name)
    return tuple(out)


def set_yaku_py(
    blocks: tuple[Block, ...],
    wait: str,
    concealed_triplets: int,
    closed: bool,
    seat_wind: int,
    round_wind: int,
) -> int | None:
    """The set yaku of a standard reading's blocks as bits (``SET_YAKU``'s order), or None
    for a block no standard reading has: ``reading_facts_py``'s first answer (the fu it
    also counts read the winning block and tsumo, which no set yaku does). The reference
    of the C ``set_yaku``."""
    facts = reading_facts_py(
        blocks, wait, -1, concealed_triplets, closed, True, seat_wind, round_wind
    )
    return None if facts is None else facts[0]


# The three runs of a pure straight (ittsuu) as masks of sequence starts, one per suit.
_ITTSUU_MAN, _ITTSUU_PIN, _ITTSUU_SOU = (0b1001001 << base for base in (0, 9, 18))
# Sequence starts that hold no terminal (2 to 6 of a suit: the run 2-3-4 … 6-7-8).
_INNER_STARTS = sum(0b111110 << base for base in (0, 9, 18))

# The engine's hook (yakubook/engine/_accel.py): the C set_yaku, or set_yaku_py.
set_yaku = set_yaku_py


# (set-yaku bits, honor sets, set fu, an open block) of a standard reading: ``reading_facts``.
Facts = tuple[int, int, int, bool]


def reading_facts_py(
    blocks: tuple[Block, ...],
    wait: str,
    win_block: int,
    concealed_triplets: int,
    closed: bool,
    tsumo: bool,
    seat_wind: int,
    round_wind: int,
) -> Facts | None:
    """What scoring reads of a standard reading's blocks, in one pass over them: its set
    yaku as bits (``SET_YAKU``'s order; ``yakubook.engine.standard`` states each yaku,
    this reads the same facts), its honor triplets and quads in block order (each tile as
    ``tile - 26``, a base-8 digit, the first block's the highest: yakuhai), the fu of its
    wait and blocks (``blocks_fu``) and whether a block is open. None for a block no
    standard reading has. The reference of the C ``reading_facts``.

    The sets are kept as tile masks (bit ``t`` for a sequence starting on ``t``, for a
    triplet or quad of ``t``), so each yaku that compares sets is a mask test: this runs
    on every standard reading the pure engine scores."""
    starts = odd_starts = peikou = 0  # sequence starts; those seen an odd number of times
    sets = others = 0  # triplet and quad tiles; pair, triplet and quad tiles
    n_starts = n_sets = quads = 0
    dragon_sets = dragon_pairs = wind_sets = wind_pairs = 0
    pinfu_blocks = True  # every set a sequence and the pair no yakuhai
    fu = 2 if wait == "kanchan" or wait == "penchan" or wait == "tanki" else 0
    honor_sets = 0
    open_block = False
    i = -1
    for kind, t, opened, _ in blocks:
        i += 1
        if opened:
            open_block = True
        bit = 1 << t
        if kind == "sequence":  # most blocks: no fu
            if odd_starts & bit:
                peikou += 1
            odd_starts ^= bit
            starts |= bit
            n_starts += 1
            continue
        others |= bit
        if kind == "pair":
            if t >= 27:
                if t >= 31:
                    dragon_pairs += 1
                    pinfu_blocks = False
                    fu += 2
                else:
                    wind_pairs += 1
                if t == seat_wind:
                    pinfu_blocks = False
                    fu += 2
                if t == round_wind:
                    pinfu_blocks = False
                    fu += 2
            continue
        if kind == "triplet":
            value = 2
        elif kind == "quad":
            value = 8
            quads += 1
        else:
            return None
        sets |= bit
        n_sets += 1
        pinfu_blocks = False
        if not opened and (tsumo or i != win_block):
            value *= 2  # a concealed set
        if t >= 27:
            value *= 2
            honor_sets = honor_sets * 8 + t - 26
            if t >= 31:
                dragon_sets += 1
            else:
                wind_sets += 1
        elif bit & TERMINAL_MASK:
            value *= 2
        fu += value
    bits = 0
    if pinfu_blocks and closed and wait == "ryanmen":
        bits |= 1 << 0
    if closed and peikou:
        bits |= 1 << 1 if peikou == 1 else 1 << 2
    if n_starts >= 3:
        if starts & _ITTSUU_MAN == _ITTSUU_MAN or starts & _ITTSUU_PIN == _ITTSUU_PIN or (
            starts & _ITTSUU_SOU == _ITTSUU_SOU
        ):
            bits |= 1 << 3
        if starts & starts >> 9 & starts >> 18 & 0x7F:
            bits |= 1 << 4
    if n_sets >= 3:
        if sets & sets >> 9 & sets >> 18 & 0x1FF:
            bits |= 1 << 5
        if n_sets == 4:
            bits |= 1 << 6
    if concealed_triplets == 3:
        bits |= 1 << 7
    if quads == 3:
        bits |= 1 << 8
    if n_starts and not starts & _INNER_STARTS and not others & ~YAOCHUU_MASK:
        bits |= 1 << 9 if others & HONOR_MASK else 1 << 10
    if dragon_sets == 2 and dragon_pairs == 1:
        bits |= 1 << 11
    if concealed_triplets == 4:
        bits |= 1 << 12
        if wait == "tanki":
            bits |= 1 << 13
    if dragon_sets == 3:
        bits |= 1 << 14
    if wind_sets == 3 and wind_pairs == 1:
        bits |= 1 << 15
    if wind_sets == 4:
        bits |= 1 << 16
    if quads == 4:
        bits |= 1 << 17
    return bits, honor_sets, fu, open_block


# The engine's hook (yakubook/engine/_accel.py): the C reading_facts, or reading_facts_py.
reading_facts = reading_facts_py


def _standard_facts(win: Win, interp: Interpretation) -> Facts | None:
    args = (interp.blocks, interp.wait, interp.win_block, interp.concealed_triplets,
            win.is_closed, win.tsumo, win.seat_wind, win.round_wind)
    facts = reading_facts(*args)
    if facts is None:  # the C declined: the Python decides
        facts = reading_facts_py(*args)
    return facts


# The readings every standard yaku reads: the built-in shapes and Set七對子's seven pairs.
_READ_BY_STANDARD_YAKU = frozenset({"standard", "kokushi"}) | SEVEN_PAIRS_KINDS
# The standard yaku that look only at the tiles, so read an irregular shape too.
_TILE_COLOUR = (
    "tanyao",
    "honiisou",
    "chiniisou",
    "honroutou",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
)
_TILE_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")


def yakuhai_han(win: Win, tile: int) -> int:
    return _yakuhai_han(tile, win.seat_wind, win.round_wind)


def _yakuhai_han(tile: int, seat_wind: int, round_wind: int) -> int:
    return is_dragon(tile) + (tile == seat_wind) + (tile == round_wind)


def _tally(win: Win, interp: Interpretation, awards: Iterable[Award], scoring: Scoring) -> _Tally:
    """One reading's count of standard and local yaku (rules 1-5): the reference of
    ``_plain_tally``, which ``appraise`` asks first."""
    awards = list(awards)
    std = standard_names(win, interp, scoring)
    # Rule 5: a local yaku that includes (or does not count) a standard one takes it out.
    for a in awards:
        for name in _taken_out(a):
            if name == "riichi":
                std.pop("riichi", None)
                std.pop("double riichi", None)
            else:
                std.pop(name, None)
        if a.id in NOT_WITH_TENHOU:
            std.pop("tenhou", None)
            std.pop("chiihou", None)
    t = _Tally()
    _count_standard(t, std.items(), scoring.double_yakuman)
    for a in awards:
        _add_local(t, a, std, scoring)
    return t


def _count_standard(t: _Tally, std: Iterable[tuple[str, int]], double_yakuman: bool) -> None:
    """Rules 1 and 3: the standard yaku ``(name, han)`` into ``t``, yakuman apart."""
    for name, han in std:
        if han >= YAKUMAN_HAN and (name in YAKUMAN or name in ("tenhou", "chiihou")):
            multiple = han // YAKUMAN_HAN
            if multiple > 1 and not double_yakuman:
                multiple = 1
            t.yakuman += multiple
            t.yakuman_counted.append((name, f"{multiple}x yakuman"))
        else:
            t.han += han
            t.counted.append((name, f"{han} han"))


# ``_count_standard``'s answer kept: (han, yakuman, counted, yakuman counted).
Counted = tuple[int, int, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]


def _counted(std: Iterable[tuple[str, int]], double_yakuman: bool) -> Counted:
    t = _Tally()
    _count_standard(t, std, double_yakuman)
    return t.han, t.yakuman, tuple(t.counted), tuple(t.yakuman_counted)


def _plain_tally(win: Win, awards: list[Award], scoring: Scoring, shape: Counted) -> _Tally | None:
    """``_tally`` of a standard or seven-pairs reading whose local yaku take no standard
    yaku out (and add to none: ``_is_plain``), from two counts kept: the reading's own
    standard yaku by combination (``shape``: ``_shape_counted`` or
    ``_seven_pairs_counted``) and the hand's situation yaku (``_situation_counted``).
    They are ``standard_names``'s entries in its order (the shape's yaku and yakuhai, then
    tenhou, riichi …: tenhou, a yakuman, is listed apart), so the count is the same. None
    when a local yaku is not plain: ``_tally`` counts it in full."""
    for a in awards:
        if not _is_plain(a):
            return None
    han, yakuman, counted, yakuman_counted = shape
    s_han, s_yakuman, s_counted, s_yakuman_counted = _situation_counted(win)
    t = _Tally()
    t.han = han + s_han
    t.yakuman = yakuman + s_yakuman
    t.counted = [*counted, *s_counted]
    t.yakuman_counted = [*yakuman_counted, *s_yakuman_counted]
    for a in awards:
        _add_local(t, a, _NO_STANDARD, scoring)
    return t


_NO_STANDARD: Mapping[str, int] = {}  # what a plain award's _add_local never reads


def _is_plain(a: Award) -> bool:
    """A local award that takes no standard yaku out (rule 5), is not one that drops
    tenhou, and does not add to a standard yaku (``additive``): counting it needs only
    its own value. Kept on the Award, as ``_taken_out``."""
    kept = a.__dict__.get("_is_plain")
    if kept is None:
        kept = a.__dict__["_is_plain"] = (
            not _taken_out(a)
            and a.id not in NOT_WITH_TENHOU
            and a.value.get("kind") != "additive"
        )
    return kept


def _shape_counted(win: Win, facts: Facts, scoring: Scoring) -> Counted:
    """The count of a standard reading's own standard yaku (set and tile-colour yaku,
    yakuhai), kept per combination of what decides it."""
    key = (
        facts[0],
        facts[1],
        _colour_yaku(win),
        win.is_closed,
        win.seat_wind,
        win.round_wind,
        scoring.kuitan,
        scoring.double_yakuman,
    )
    kept = _SHAPE_COUNTED.get(key)
    if kept is None:
        if len(_SHAPE_COUNTED) >= _MAX_NAMES_KEPT:
            _SHAPE_COUNTED.clear()
        kept = _SHAPE_COUNTED[key] = _count_shape(*key)
    return kept


def _count_shape(
    bits: int,
    honor_sets: int,
    colour: tuple[bool, ...],
    closed: bool,
    seat_wind: int,
    round_wind: int,
    kuitan: bool,
    double_yakuman: bool,
) -> Counted:
    """``standard_names``'s shape and yakuhai entries of a reading, counted."""
    std = dict(_shape_han_of(_names_of(bits, colour), closed, kuitan))
    honors = []
    while honor_sets:
        honors.append(honor_sets % 8 + 26)
        honor_sets //= 8
    for tile in reversed(honors):  # the first block's digit is the highest
        han = _yakuhai_han(tile, seat_wind, round_wind)
        if han:
            std[f"yakuhai {_TILE_NAMES[tile - 27]}"] = han
    return _counted(std.items(), double_yakuman)


def _seven_pairs_counted(win: Win, interp: Interpretation, scoring: Scoring) -> Counted | None:
    """The count of a seven-pairs reading's standard yaku (seven pairs and the tile-colour
    yaku: ``_reading_yaku``), kept per combination; None for a reading of that kind with a
    block that is not a pair (``_reading_yaku`` asks every check of it)."""
    for b in interp.blocks:
        if b.kind != "pair":
            return None
    key = (_colour_yaku(win), win.is_closed, scoring.kuitan, scoring.double_yakuman)
    kept = _SEVEN_PAIRS_COUNTED.get(key)
    if kept is None:
        if len(_SEVEN_PAIRS_COUNTED) >= _MAX_NAMES_KEPT:
            _SEVEN_PAIRS_COUNTED.clear()
        names = tuple(_reading_yaku(win, interp))
        std = _shape_han_of(names, win.is_closed, scoring.kuitan)
        kept = _SEVEN_PAIRS_COUNTED[key] = _counted(std.items(), scoring.double_yakuman)
    return kept


# (tile-colour yaku, closed, kuitan, double_yakuman) -> ``_seven_pairs_counted``.
_SEVEN_PAIRS_COUNTED: dict[tuple[Any, ...], Counted] = kept.table({})

# (set-yaku bits, honor sets, tile-colour yaku, closed, seat wind, round wind, kuitan,
# double_yakuman) -> ``_count_shape``; at most _MAX_NAMES_KEPT, then it starts again.
_SHAPE_COUNTED: dict[tuple[Any, ...], Counted] = kept.table({})


def _situation_counted(win: Win) -> Counted:
    """The count of the hand's situation yaku (tenhou … chankan), kept per combination
    (few occur)."""
    tenhou, situation = _situation_items(win)
    items = tenhou + situation if tenhou else situation
    kept = _SITUATION_COUNTED.get(items)
    if kept is None:
        if len(_SITUATION_COUNTED) >= _MAX_NAMES_KEPT:
            _SITUATION_COUNTED.clear()
        # Tenhou is one yakuman, double yakuman or not.
        kept = _SITUATION_COUNTED[items] = _counted(items, True)
    return kept


_SITUATION_COUNTED: dict[Items, Counted] = kept.table({})


def _taken_out(a: Award) -> tuple[str, ...]:
    """The standard yaku a local award's notes take out of the count: those it includes
    (包含…), does not count (不計…), or is (僅字一色: 七星 c is the 字一色 yakuman itself,
    once). A note may name two joined by 和 or 、 (包含了混老頭和七對子的翻數). Read once per
    Award and kept on it (an Award never changes; ``registry.award`` reuses them)."""
    kept = a.__dict__.get("_taken_out")
    if kept is None:
        kept = a.__dict__["_taken_out"] = tuple(_names_taken_out(a))
    return kept


def _names_taken_out(a: Award) -> list[str]:
    out = []
    for note in a.combination + tuple(a.value.get("notes", [])):
        kind = note["kind"]
        if kind not in ("includes", "not_counted", "only"):
            continue
        for arg in note.get("args", []):
            for part in arg.replace("和", "、").split("、"):
                name = STANDARD_NAMES.get(part.strip())
                # 僅 (only) names the yakuman the award is; 石上三年's 限海底撈月 is a
                # condition on a yakuman, not the same yaku, so only yakuman are meant.
                if name is not None and (kind != "only" or name in YAKUMAN):
                    out.append(name)
    return out


def _add_local(t: _Tally, a: Award, std: Mapping[str, int], scoring: Scoring) -> None:
    label = f"{a.id} {a.name}"
    if a.id in SAME_AS_STANDARD:
        t.not_counted.append((label, f"the standard {SAME_AS_STANDARD[a.id]}, counted once"))
        return
    value = a.value
    kind = value["kind"]
    if value.get("lost"):
        t.not_counted.append((label, "its number is lost in the source; a ruleset can supply it"))
        return
    if kind in ("han", "fu_han"):
        if value["han"]:
            t.han += value["han"]
            t.counted.append((label, f"{value['han']} han"))
    elif kind == "additive":
        plus = STANDARD_NAMES.get(value["plus"].replace("七對子", "七对子"))
        han = value["han"] or 0
        if plus not in std:  # the standard yaku it adds to is not counted by itself
            han += STANDARD_HAN.get(plus or "", (0, None))[0]
        t.han += han
        t.counted.append((label, f"{han} han"))
    elif kind == "adopted" and value.get("han"):
        # Adopted (有) with han its rule questions add (Set七對子 3-09-08-01 b, -02 b).
        t.han += value["han"]
        t.counted.append((label, f"{value['han']} han"))
    elif kind == "yakuman":
        t.yakuman += value["multiple"]
        t.yakuman_counted.append((label, f"{value['multiple']}x yakuman"))
    elif kind == "limit":
        limit = value["limit"]
        if scoring.limit_yaku == "add":
            han = LIMIT_HAN[limit] * (value.get("multiple") or 1)
            t.han += han
            t.counted.append((label, f"{han} han ({limit})"))
        else:
            if not t.floor or LIMIT_BASE[limit] > LIMIT_BASE[t.floor]:
                t.floor, t.floor_by = limit, label
            t.counted.append((label, f"at least {limit}"))
    else:
        t.not_counted.append((label, f"a {kind} value carries no han"))


def base_points(han: int, fu: int, scoring: Scoring) -> tuple[int, str]:
    """(base points, limit) of a non-yakuman hand."""
    if han >= YAKUMAN_HAN:
        if scoring.kazoe == "yakuman":
            return YAKUMAN_BASE, "kazoe yakuman"
        if scoring.kazoe == "multiple":
            n = min(han // YAKUMAN_HAN, MAX_YAKUMAN)
            return YAKUMAN_BASE * n, "kazoe yakuman" if n == 1 else f"{n}x kazoe yakuman"
        return LIMIT_BASE["sanbaiman"], "kazoe sanbaiman"
    if han >= 11:
        return LIMIT_BASE["sanbaiman"], "sanbaiman"
    if han >= 8:
        return LIMIT_BASE["baiman"], "baiman"
    if han >= 6:
        return LIMIT_BASE["haneman"], "haneman"
    if han >= 5:
        return LIMIT_BASE["mangan"], "mangan"
    base = fu * 2 ** (han + 2)
    if scoring.kiriage and (han, fu) in ((4, 30), (3, 60)):
        return LIMIT_BASE["mangan"], "mangan (kiriage)"
    if base > LIMIT_BASE["mangan"]:
        return LIMIT_BASE["mangan"], "mangan"
    return base, ""


def _up(points: int) -> int:
    return (points + 99) // 100 * 100


def payment(win: Win, base: int, sticks: int) -> Payment:
    honba = win.honba
    dealer = win.seat_wind == EAST
    if not win.tsumo:
        ron = _up(base * (6 if dealer else 4)) + 300 * honba
        return _new_payment(ron, 0, 0, 300 * honba, 1000 * sticks, ron + 1000 * sticks)
    if dealer:
        each = _up(2 * base) + 100 * honba
        return _new_payment(0, 0, each, 300 * honba, 1000 * sticks, 3 * each + 1000 * sticks)
    from_dealer = _up(2 * base) + 100 * honba
    each = _up(base) + 100 * honba
    return _new_payment(
        0, from_dealer, each, 300 * honba, 1000 * sticks, from_dealer + 2 * each + 1000 * sticks
    )


def _new_payment(
    ron: int, dealer: int, each: int, honba: int, riichi_sticks: int, total: int
) -> Payment:
    """``Payment(ron, dealer, each, honba, riichi_sticks, total)`` with its fields set in one
    step (a frozen dataclass's ``__init__`` sets them one by one: 1 µs more), as ``Win`` is
    built; the same object to everything that reads it (equality, repr, hash)."""
    made = _NEW(Payment)
    _SET(
        made,
        "__dict__",
        {
            "ron": ron,
            "dealer": dealer,
            "each": each,
            "honba": honba,
            "riichi_sticks": riichi_sticks,
            "total": total,
        },
    )
    return made


def _new_score(
    win: bool,
    han: int,
    fu: int,
    yakuman: int,
    limit: str,
    base: int,
    payment: Payment,
    counted: tuple[tuple[str, str], ...],
    interpretation: Interpretation | None,
    not_counted: tuple[tuple[str, str], ...],
    reason: str,
) -> Score:
    """``Score(...)`` with its fields set in one step (see ``_new_payment``), in the
    dataclass's order (``_SCORE_FIELDS``: tests check the two agree)."""
    made = _NEW(Score)
    _SET(
        made,
        "__dict__",
        {
            "win": win,
            "han": han,
            "fu": fu,
            "yakuman": yakuman,
            "limit": limit,
            "base": base,
            "payment": payment,
            "counted": counted,
            "interpretation": interpretation,
            "not_counted": not_counted,
            "reason": reason,
        },
    )
    return made


_NEW = object.__new__
_SET = object.__setattr__
_SCORE_FIELDS = tuple(f.name for f in fields(Score))


def score_reading(
    win: Win, interp: Interpretation, awards: Iterable[Award], scoring: Scoring
) -> Score:
    """The score of one reading with the local yaku it awards."""
    return appraise(win, interp, list(awards), scoring)[1]()


# Rule 8's order of a reading (``paying_key``): wins, total paid, a real yakuman, han, fu,
# fu before rounding.
PayingKey = tuple[bool, int, bool, int, int, int]


def appraise(
    win: Win, interp: Interpretation, awards: list[Award], scoring: Scoring
) -> tuple[PayingKey, Callable[[], Score]]:
    """One reading's place in rule 8's order (what ``paying_key`` gives of its score) and
    a function that builds that ``Score``: the han, fu and payments are counted here, the
    Score is built only for the reading that is kept. The fu are counted once."""
    if _FAST_APPRAISE is not None:
        # The C appraisal of a plain standard or seven-pairs reading (most readings);
        # None: this code counts it.
        fast = _FAST_APPRAISE(win, interp, awards, scoring)
        if fast is not None:
            return fast
    return _appraise(win, interp, awards, scoring)


def appraise_key(
    win: Win, interp: Interpretation, awards: list[Award], scoring: Scoring
) -> PayingKey:
    """``appraise(...)[0]``: one reading's place in rule 8's order alone, for choosing
    the reading when no Score is wanted (``evaluate`` without ``score``)."""
    if _FAST_APPRAISE is not None:
        # The C appraisal's key alone (key_only): none of the Score's entries made.
        fast = _FAST_APPRAISE(win, interp, awards, scoring, True)
        if fast is not None:
            return fast
    return _appraise(win, interp, awards, scoring)[0]


def _appraise(
    win: Win, interp: Interpretation, awards: list[Award], scoring: Scoring
) -> tuple[PayingKey, Callable[[], Score]]:
    """``appraise`` in Python: every reading the C appraisal declines, and all of them
    under the Python engine."""
    facts = _standard_facts(win, interp) if interp.kind == "standard" else None
    if facts is None:
        fu, raw_fu = fu_of(win, interp)
    else:
        fu, raw_fu = _rounded_fu(win, facts[2], facts[3])
    if awards:
        fu = _stated_fu(awards) or fu
    # Only a registered local shape can be unread (``_unread_shape``).
    unread = _unread_shape(interp, awards) if interp.kind in SHAPE_USERS else ""
    if unread:
        return (False, 0, False, 0, fu, raw_fu), partial(
            _new_score, False, 0, fu, 0, "", 0, Payment(), (), interp, (), unread
        )
    # A standard reading whose local yaku take no standard one out is counted from parts
    # kept per combination; any other, in full.
    if facts is not None:
        shape = _shape_counted(win, facts, scoring)
    elif interp.kind in SEVEN_PAIRS_KINDS:
        shape = _seven_pairs_counted(win, interp, scoring)
    else:
        shape = None
    if shape is not None and not awards:
        # No local yaku (most readings scored): the two kept counts are the whole count.
        situation = _situation_counted(win)
        if not (shape[1] or situation[1]):
            return _appraise_counted(win, interp, scoring, shape, situation, fu, raw_fu)
    t = _plain_tally(win, awards, scoring, shape) if shape is not None else None
    if t is None:
        t = _tally(win, interp, awards, scoring)
    if t.yakuman:
        n = t.yakuman if scoring.multiple_yakuman else 1
        n = min(n, MAX_YAKUMAN)
        base = YAKUMAN_BASE * n
        return (True, _total(win, base), True, 0, fu, raw_fu), partial(
            _new_score,
            True,
            0,
            fu,
            n,
            "yakuman" if n == 1 else f"{n}x yakuman",
            base,
            payment(win, base, win.riichi_sticks),
            tuple(t.yakuman_counted),
            interp,
            tuple(t.not_counted)
            + tuple((name, "a yakuman drops the han yaku") for name, _ in t.counted),
            "",
        )
    if t.han < win.min_han and not t.floor:
        return (False, 0, False, t.han, fu, raw_fu), partial(
            _build_short, win, interp, t.han, (t.counted,), tuple(t.not_counted), fu
        )
    dora_han, dora_counted = _dora_worth(win, scoring)
    han = t.han + dora_han
    base, limit = base_points(han, fu, scoring)
    reason = ""
    if t.floor and LIMIT_BASE[t.floor] > base:
        base, limit = LIMIT_BASE[t.floor], t.floor
        reason = f"{t.floor_by} sets the hand to {t.floor}; the other han do not add onto it"

    return (True, _total(win, base), False, han, fu, raw_fu), partial(
        _build_winning,
        win,
        interp,
        (t.counted, dora_counted),
        tuple(t.not_counted),
        han,
        fu,
        limit,
        base,
        reason,
    )


def _appraise_counted(
    win: Win,
    interp: Interpretation,
    scoring: Scoring,
    shape: Counted,
    situation: Counted,
    fu: int,
    raw_fu: int,
) -> tuple[PayingKey, Callable[[], Score]]:
    """``_appraise``'s end for a reading with no local yaku and no yakuman: its count is
    the reading's kept standard count and the hand's situation count added up (what
    ``_plain_tally`` would make of them, without a ``_Tally``)."""
    han = shape[0] + situation[0]
    if han < win.min_han:
        return (False, 0, False, han, fu, raw_fu), partial(
            _build_short, win, interp, han, (shape[2], situation[2]), (), fu
        )
    dora_han, dora_counted = _dora_worth(win, scoring)
    han += dora_han
    base, limit = base_points(han, fu, scoring)
    return (True, _total(win, base), False, han, fu, raw_fu), partial(
        _build_winning,
        win,
        interp,
        (shape[2], situation[2], dora_counted),
        (),
        han,
        fu,
        limit,
        base,
        "",
    )


# The engine's hook (yakubook/engine/_accel.py): the C ``appraise_standard``, which answers
# as ``appraise`` for a standard or seven-pairs reading whose local yaku are plain
# (``_is_plain``) and state no fu and no limit, on a hand without dora or ura indicators,
# and declines (None) anything else; None under the Python engine (no second Python copy).
_FAST_APPRAISE: Callable[..., tuple[PayingKey, Callable[[], Score]] | None] | None = None


def _build_short(
    win: Win,
    interp: Interpretation,
    han: int,
    counted: tuple[Sequence[tuple[str, str]], ...],
    not_counted: tuple[tuple[str, str], ...],
    fu: int,
) -> Score:
    """The Score of a reading without yakuman that has too few han of yaku to win; its
    counted entries are ``counted``'s parts joined."""
    why = "no yaku" if han == 0 else f"{han} han of yaku, the table needs {win.min_han}"
    return _new_score(
        False, han, fu, 0, "", 0, Payment(), _joined(counted), interp, not_counted, why
    )


def _build_winning(
    win: Win,
    interp: Interpretation,
    counted: tuple[Sequence[tuple[str, str]], ...],
    not_counted: tuple[tuple[str, str], ...],
    han: int,
    fu: int,
    limit: str,
    base: int,
    reason: str,
) -> Score:
    """The Score of a winning reading without yakuman, as ``appraise`` counted it; its
    counted entries are ``counted``'s parts joined."""
    return _new_score(
        True,
        han,
        fu,
        0,
        limit,
        base,
        payment(win, base, win.riichi_sticks),
        _joined(counted),
        interp,
        not_counted,
        reason,
    )


def _joined(parts: tuple[Sequence[tuple[str, str]], ...]) -> tuple[tuple[str, str], ...]:
    """The counted entries of a Score, its parts in order: joined only for the reading
    that is kept (a builder's work, not the appraisal's)."""
    return tuple([entry for part in parts for entry in part])


def _total(win: Win, base: int) -> int:
    """What the winner gains on ``base`` points: ``payment(win, base, sticks).total``
    without building the Payment (rule 7)."""
    honba = win.honba
    sticks = 1000 * win.riichi_sticks
    if not win.tsumo:
        return _up(base * (6 if win.seat_wind == EAST else 4)) + 300 * honba + sticks
    if win.seat_wind == EAST:
        return 3 * (_up(2 * base) + 100 * honba) + sticks
    return _up(2 * base) + 2 * _up(base) + 300 * honba + sticks


def _stated_fu(awards: list[Award]) -> int | None:
    """Rule 6: the fu a local yaku's value states for the hand (鳴牌七對子 b 25符1翻, with
    its lost digit supplied by the ruleset's ``fu``; BACK FOUR's and 七喜's fu questions,
    worked out by their bodies): the reading's fu, the most when several state one."""
    stated = [a.value["fu"] for a in awards if isinstance(a.value.get("fu"), int)]
    return max(stated) if stated else None


def _unread_shape(interp: Interpretation, awards: list[Award]) -> str:
    """Why a reading in a shape only local yaku read is no win here ("" when it is one).

    Rule 0: the standard shapes (four sets and a pair, seven pairs, thirteen orphans) are
    complete hands; a registered local shape (十三不搭, BACK FOUR, Set七對子 …) is
    complete only when a yaku that reads it is on and holds on this reading, as the
    standard rules, which know no such shape, would have it."""
    users = SHAPE_USERS.get(interp.kind)
    if users is None or any(a.id in users for a in awards):
        return ""
    return (
        f"not a winning hand: the {interp.kind} shape is complete only with "
        f"{', '.join(sorted(users))}, which does not hold"
    )


def _dora(win: Win, scoring: Scoring) -> list[tuple[str, int]]:
    dora, red, flowers = _dora_counts(win)
    out = [("dora", dora)]
    if win.riichi != "none":
        out.append(("ura dora", count_dora(win, indicator_tiles(win.ura)) if win.ura else 0))
    if scoring.aka_dora:
        if red > scoring.aka_dora:
            raise InputError(
                f"{red} red fives held, but the ruleset's set has aka_dora = "
                f"{scoring.aka_dora}"
            )
        out.append(("aka dora", red))
    if scoring.flower_dora:
        out.append(("flowers", flowers))
    return out


def _dora_worth(win: Win, scoring: Scoring) -> tuple[int, tuple[tuple[str, str], ...]]:
    """(han, counted entries) of ``_dora``, kept for the last hand and scoring asked about
    (every reading of a hand asks the same); ``_dora``'s InputError is raised every time."""
    if not (win.dora or win.ura or win.total_red or win.flowers):
        return 0, ()  # nothing to count (and no red five to be over the set's)
    seen_win, seen_scoring, answer = _DORA_KEPT[0]
    if seen_win is win and seen_scoring is scoring:
        return answer
    dora = tuple(_dora(win, scoring))
    answer = _DORA_WORTH.get(dora)
    if answer is None:
        if len(_DORA_WORTH) >= _MAX_NAMES_KEPT:
            _DORA_WORTH.clear()
        answer = _DORA_WORTH[dora] = (
            sum(n for _, n in dora),
            tuple((name, f"{n} han") for name, n in dora if n),
        )
    _DORA_KEPT[0] = (win, scoring, answer)  # one tuple, replaced whole (as per_hand)
    return answer


# The last (win, scoring, answer) of _dora_worth; the kept references stop the ids from
# being reused.
_DORA_KEPT: list[tuple[Any, Any, Any]] = [(None, None, None)]
# _dora's entries -> _dora_worth's answer (few combinations occur).
_DORA_WORTH: dict[tuple[tuple[str, int], ...], tuple[int, tuple[tuple[str, str], ...]]] = (
    kept.table({})
)


@per_hand
def _dora_counts(win: Win) -> tuple[int, int, int]:
    """(dora, red fives, flowers) the hand holds, once per hand: the same on every reading
    and under every ruleset."""
    dora = count_dora(win, indicator_tiles(win.dora)) if win.dora else 0
    return dora, win.total_red, win.flowers


def paying_key(win: Win, interp: Interpretation, s: Score) -> tuple[int, int, bool, int, int, int]:
    """Rule 8's order of readings: what the hand pays, then a real yakuman, more han, more
    fu, then more fu before rounding (as the ``mahjong`` library breaks ties)."""
    return (s.win, s.payment.total, s.yakuman > 0, s.han, s.fu, fu_of(win, interp)[1])


def paying_reading(
    win: Win,
    readings: Sequence[tuple[Interpretation, list[Award]]],
    scoring: Scoring,
    score: bool = True,
) -> tuple[Interpretation, list[Award], Callable[[], Score] | None]:
    """Rule 8: the reading that pays the most (then a real yakuman, more han, more fu;
    then more fu before rounding, as the ``mahjong`` library breaks ties), with its awards
    and, with ``score``, what builds its score (without, None: each reading's paying key
    alone is worked out, ``appraise_key``). Between readings that pay exactly the same
    (same payment, han and fu: two readings over one limit, say), and among readings
    that do not win, the one whose local yaku rank highest (the first of equals): the
    table is paid the same, and the reader is shown the local yaku that hold rather than
    a reading that hides them. ``evaluate`` chooses its reading with this."""
    if len(readings) == 1:  # most hands: nothing to compare it with
        interp, awards = readings[0]
        return interp, awards, appraise(win, interp, awards, scoring)[1]
    best: tuple[tuple, float, Interpretation, list[Award], Callable[[], Score] | None] | None
    best = None
    for interp, awards in readings:
        if score:
            paying, build = appraise(win, interp, awards, scoring)
        else:
            paying, build = appraise_key(win, interp, awards, scoring), None
        # A reading that wins beats one that does not; between equals, the local yaku rank
        # (summed only for a reading that is not already behind).
        key = (True, *paying) if paying[0] else (False,)
        if best is not None and key < best[0]:
            continue
        local = sum(rank(a.value) for a in awards) if awards else 0
        if best is None or key > best[0] or local > best[1]:
            best = (key, local, interp, awards, build)
    if best is None:
        raise InputError("no reading of the hand to score")
    return best[2], best[3], best[4]


def best_score(
    win: Win, readings: Iterable[tuple[Interpretation, Iterable[Award]]], scoring: Scoring
) -> Score:
    """The score of the reading rule 8 chooses (``paying_reading``, as ``evaluate``
    chooses it)."""
    build = paying_reading(win, [(i, list(a)) for i, a in readings], scoring)[2]
    assert build is not None  # asked with the score
    return build()


def _c_appraisal_parts() -> tuple[Any, ...]:
    """What the C ``appraise_standard`` reads and builds (``_accel`` gives it once): the
    types it checks and makes, the counts it reads as this module keeps them, the rules'
    tables, and the tile masks of ``_colour_yaku``."""
    return (
        Win,
        Award,
        Score,
        Payment,
        _SHAPE_COUNTED,
        _SEVEN_PAIRS_COUNTED,
        SEVEN_PAIRS_KINDS,
        SAME_AS_STANDARD,
        SHAPE_USERS,
        _is_plain,
        partial,
        (HONOR_MASK, TERMINAL_MASK, YAOCHUU_MASK, GREEN_MASK, *SUIT_MASKS),
    )


_accel.install(__name__)  # the engine's hooks (yakubook/engine/_accel.py)
