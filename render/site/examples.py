"""Curated examples (catalog/examples.toml) as views for the yaku pages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from markupsafe import Markup

import catalog as catalog_pkg
from catalog.example_notes import Note, note_of
from render import tiles
from render.site.awards import example_awards
from render.site.common import EXAMPLES_PATH, TILE_DIR
from render.site.escape import esc


@dataclass
class ExampleView:
    number: int
    holds: bool
    tsumo: bool
    concealed: Markup
    win: Markup
    melds: list[Markup]
    options: list[tuple[str, str]]   # (rule question ID, letter), shown by option text
    situation: list[tuple[str, str]]  # the situation in words: (zh-Hant, English) each
    case: str
    note: Note | None                # what it shows, in both languages (catalog.example_notes)
    hand: str
    same_as: int | None = None       # an earlier example of this yaku with the same hand
    key: tuple[str, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @cached_property
    def awards(self) -> list[tuple[str, dict[str, Any] | None]] | None:
        """What the engine awards this example (render.site.awards), computed once for both
        editions of its page."""
        return example_awards(self.raw) if self.raw else None


def _tile_img(code: str, extra: str = "") -> str:
    cls = ".yb-tile" + (f" {extra}" if extra else "")
    return f"![{tiles.label(code)}](../{TILE_DIR}/{code}.svg){{ {cls} }}"


def _tiles_md(codes: list[str], extra: str = "") -> Markup:
    return Markup("".join(_tile_img(c, extra) for c in codes))


WINDS = {"E": ("東", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North"),
         "1z": ("東", "East"), "2z": ("南", "South"), "3z": ("西", "West"), "4z": ("北", "North")}
RIICHI = {"riichi": ("立直", "riichi"), "double": ("兩立直", "double riichi"),
          "open": ("開立直", "open riichi"), "open_double": ("開兩立直", "open double riichi")}
DISCARDER = {"next": ("下家", "the next player"), "across": ("對家", "the player across"),
             "previous": ("上家", "the previous player")}
DISCARDER_RIICHI = {
    "declaring": ("放銃牌是對方的立直宣言牌", "the tile is their riichi declaration"),
    "riichi": ("放銃者已立直", "the discarder is in riichi"),
    "riichi_after": ("放銃者在你之後立直", "the discarder declared riichi after you"),
}
DECLARATIONS = {"no_calls": ("宣言不吃不碰", "declared no calls"),
                "tsumo_only": ("宣言自摸專", "declared tsumo only"),
                "single_wait": ("報知單騎", "announced the single wait")}


def _dealer_history(h: str) -> tuple[str, str]:
    wins = h.count("W")
    draws = h.count("D")
    zh = f"此前莊家和了 {wins} 次" + (f"、流局連莊 {draws} 次" if draws else "")
    en = f"the dealer had won {wins} hands" + (f" and kept the deal on {draws} draws"
                                                if draws else "")
    if "D" in h:
        en += f" (order: {' '.join('won' if c == 'W' else 'draw' for c in h)})"
    return zh, en


def situation_words(situation: dict[str, Any]) -> list[tuple[str, str]]:
    """The winning situation in words, each as (zh-Hant, English), never engine field names:
    each edition shows its own half."""
    out: list[tuple[str, str]] = []
    for k, v in sorted(situation.items()):
        if v is False or v is None or v == 0 or v == [] or v == "" or v == "none":
            continue
        if k == "riichi":
            out.append(RIICHI.get(str(v), (f"立直 {v}", f"riichi {v}")))
        elif k in ("seat", "round"):
            zh, en = WINDS.get(str(v), (str(v), str(v)))
            out.append((f"自風{zh}", f"seat wind {en}") if k == "seat"
                       else (f"場風{zh}", f"round wind {en}"))
        elif k == "dealer_history":
            out.append(_dealer_history(str(v)))
        elif k == "declarations":
            out.extend(DECLARATIONS.get(str(d), (str(d), str(d))) for d in v)
        elif k == "discarder":
            zh, en = DISCARDER.get(str(v), (str(v), str(v)))
            out.append((f"{zh}放銃", f"{en} dealt in"))
        elif k == "discarder_riichi":
            out.append(DISCARDER_RIICHI.get(str(v), (str(v), str(v))))
        else:
            label = SITUATION_WORDS.get(k)
            if label is None:
                out.append((f"{k} {v}", f"{k} {v}"))
            elif v is True:
                out.append(label)
            else:
                out.append(tuple(  # type: ignore[arg-type]
                    part.format(v=v) if "{v}" in part else f"{part} {v}" for part in label))
    return out


SITUATION_WORDS: dict[str, tuple[str, str]] = {
    "ippatsu": ("一發：立直後一巡內和了", "within one go-around after riichi"),
    "first_go_around": ("第一巡、無人鳴牌", "in the first go-around, no calls"),
    "turn": ("第 {v} 次摸牌", "on draw {v}"),
    "haitei": ("海底：摸到最後一張牌", "on the last wall tile"),
    "houtei": ("河底：最後一張捨牌", "on the last discard"),
    "rinshan": ("嶺上：槓後補牌和了", "on the replacement tile after a kan"),
    "consecutive_kans": ("連續 {v} 次槓", "after {v} kans in a row"),
    "chankan": ("搶槓", "robbing a kan"),
    "visible_copies": ("已見 {v} 張和了牌", "{v} copies of the winning tile visible"),
    "flowers": ("花牌 {v} 張", "{v} flowers"),
    "dealer_streak": ("莊家連莊 {v} 次", "the dealer's win number {v} in a row"),
    "honba": ("{v} 本場", "{v} honba"),
    "called_pairs": ("鳴牌對子 {v} 組", "{v} called pairs"),
    "min_han": ("二翻縛：需要 {v} 翻", "a minimum of {v} han to win"),
    "penultimate_kan": ("倒數第二張牌時開槓", "kan on the last draw but one"),
    "robbed_flower": ("七搶一：搶第八張花", "claims the eighth flower"),
    "furiten": ("振聽", "furiten"),
    "discarder_forced": ("放銃者無安全牌", "the discarder had no safe tile"),
    "discarder_kans": ("放銃者連續開槓 {v} 次", "the discarder declared {v} kans in a row"),
    "discarder_rinshan": ("放銃牌是對方的嶺上牌", "the discard is their replacement tile"),
    "discarder_broke_ippatsu": ("放銃者鳴牌打斷一發", "the discarder's call broke the ippatsu"),
}


def example_files(root: Path) -> list[Path]:
    """catalog/examples.toml and catalog/examples/*.toml, in a fixed order."""
    single = root / EXAMPLES_PATH
    folder = root / EXAMPLES_PATH.removesuffix(".toml")
    files = [single] if single.is_file() else []
    if folder.is_dir():
        files += sorted(p for p in folder.glob("*.toml") if p.is_file())
    return files


def read_examples(root: Path, yaku_ids: set[str],
                  warnings: list[str]) -> dict[str, list[ExampleView]]:
    out: dict[str, list[ExampleView]] = {}
    for path in example_files(root):
        rel = path.relative_to(root).as_posix()
        try:
            data = catalog_pkg.read_toml(path, rel).data
        except catalog_pkg.CuratedError as e:
            warnings.append(f"{rel}: cannot read ({e}); its examples are not shown")
            continue
        examples = data.get("example", [])
        if not isinstance(examples, list):
            warnings.append(f"{rel}: [[example]] must be an array of tables")
            continue
        for i, ex in enumerate(examples, 1):
            try:
                view = _example_view(ex, yaku_ids)
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                warnings.append(f"{rel}: example {i}: {e}; not shown")
                continue
            out.setdefault(ex["yaku"], []).append(view)
    for views in out.values():
        views.sort(key=lambda v: not v.holds)  # stable: file order within each group
        first: dict[tuple[str, ...], int] = {}
        for k, v in enumerate(views, 1):
            v.number = k
            v.same_as = first.setdefault(v.key, k) if v.key in first else None
            first.setdefault(v.key, k)
    return out


def _example_view(ex: dict[str, Any], yaku_ids: set[str]) -> ExampleView:
    if not isinstance(ex, dict):
        raise ValueError("an example must be a table")
    yid = ex["yaku"]
    if yid not in yaku_ids:
        raise ValueError(f"yaku {yid!r} is not in the catalog")
    hand = tiles.parse_mpsz(str(ex["hand"]))
    win_codes = tiles.parse_mpsz(str(ex["win"]))
    if len(win_codes) != 1:
        raise ValueError(f"win must be one tile, got {ex['win']!r}")
    win = win_codes[0]
    idx = next((k for k, c in enumerate(hand) if c == win), None)
    if idx is None:
        idx = next((k for k, c in enumerate(hand) if tiles.same_tile(c, win)), None)
    if idx is None:
        raise ValueError(f"the winning tile {win} is not in the hand {ex['hand']!r}")
    concealed = hand[:idx] + hand[idx + 1:]
    melds = []
    for m in ex.get("melds", []):
        kind, codes = tiles.parse_meld(str(m))
        shown = ["back", *codes[1:3], "back"] if kind == "ankan" else codes
        label = esc(tiles.MELD_LABELS[kind])
        melds.append(Markup(f'<span class="yb-meld"><span class="yb-meld-kind">{label}</span>')
                     + _tiles_md(shown) + Markup("</span>"))
    opts = ex.get("options", {})
    situation = dict(ex.get("situation", {}))
    if not isinstance(opts, dict) or not isinstance(situation, dict):
        raise ValueError("options and situation must be tables")
    if "tsumo" in ex:
        situation["tsumo"] = ex["tsumo"]
    tsumo = bool(situation.pop("tsumo", False))
    holds = ex.get("holds", True)
    if not isinstance(holds, bool):
        raise ValueError("holds must be true or false")
    return ExampleView(
        number=0,
        holds=holds,
        tsumo=tsumo,
        concealed=_tiles_md(concealed),
        win=_tiles_md([win], ".yb-win"),
        melds=melds,
        options=[(str(k), str(v)) for k, v in sorted(opts.items())],
        situation=situation_words(situation),
        case=str(ex.get("case", "")),
        note=note_of(ex.get("note")),
        hand=str(ex["hand"]) + "".join(f" + {m}" for m in ex.get("melds", []))
        + f" · 和了 win {ex['win']}",
        key=(str(ex["hand"]), str(ex["win"]), *map(str, ex.get("melds", []))),
        raw=dict(ex),
    )


def awards_line(y: Any, computed: list[tuple[str, dict[str, Any] | None]],
                badge: Callable[[dict[str, Any]], Markup], none: str, option_word: str) -> Markup:
    """An example's engine awards, one span per value option (the default one marked), in
    either edition: its badge renderer, its word for "does not hold" and for "option"."""
    parts = []
    for letter, value in computed:
        shown = badge(value) if value is not None else Markup(none)
        default = " yb-default-opt" if any(
            o.letter == letter and o.is_default for o in y.options) else ""
        parts.append(Markup(f'<span class="yb-award{default}">{option_word} {esc(letter)} → ')
                     + shown + Markup("</span>"))
    return Markup(" · ").join(parts)
