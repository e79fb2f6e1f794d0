"""Texts in both scripts and structured values as labels and badges."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from extract.normalize import s2t
from render.site.escape import esc

LIMIT_NAMES = {
    "mangan": ("滿貫", "满贯"), "haneman": ("跳滿", "跳满"),
    "baiman": ("倍滿", "倍满"), "sanbaiman": ("三倍滿", "三倍满"),
}
LIMIT_UNITS = {"mangan": 1.0, "haneman": 1.5, "baiman": 2.0, "sanbaiman": 3.0}

@dataclass(frozen=True)
class Text:
    hant: str
    hans: str
    source: str

    @property
    def differs(self) -> bool:
        return self.hans != self.hant

    @property
    def source_differs(self) -> bool:
        return self.source not in (self.hant, self.hans)


def text(obj: dict[str, Any] | None) -> Text | None:
    if obj is None:
        return None
    hant = obj.get("zh-Hant", obj.get("source", ""))
    return Text(hant, obj.get("zh-Hans", hant), obj.get("source", hant))


def to_hant(s: str) -> str:
    """The few strings inside a structured value are stored zh-Hans only."""
    # The extract stage's converter: loading OpenCC's dictionaries again would cost more
    # than the handful of strings converted here.
    return s2t(s) if s else s


def _num(n: int | None) -> str:
    return "?" if n is None else str(n)


def value_label(v: dict[str, Any]) -> str:
    """A structured value as a short zh-Hant label: 2翻 (鳴牌1翻), 役滿 ×2, 25符1翻, ?翻."""
    kind = v.get("kind")
    if kind == "none":
        return "無"
    if kind == "adopted":
        return "有"
    if kind == "lost":
        return "?"
    if kind == "han":
        out = f"{_num(v.get('han'))}翻"
        if v.get("open_han") is not None:
            out += f" (鳴牌{v['open_han']}翻)"
        return out
    if kind == "yakuman":
        m = v.get("multiple")
        out = "役滿" if m == 1 else f"役滿 ×{_num(m)}"
        if v.get("open"):
            out += f" (鳴牌 {value_label(v['open'])})"
        return out
    if kind == "limit":
        name = LIMIT_NAMES.get(v.get("limit", ""), (str(v.get("limit")),))[0]
        m = v.get("multiple")
        return name if m == 1 else f"{name} ×{_num(m)}"
    if kind == "fu_han":
        return f"{_num(v.get('fu'))}符{_num(v.get('han'))}翻"
    if kind == "additive":
        return f"{_num(v.get('han'))}翻 + {to_hant(str(v.get('plus', '')))}"
    if kind == "conditional":
        return " / ".join(
            f"{to_hant(c['when'])}：{value_label(c['value'])}" for c in v.get("cases", [])
        )
    return str(kind)


def value_class(v: dict[str, Any]) -> str:
    kind = v.get("kind", "none")
    if kind == "conditional":
        kinds = {c["value"].get("kind") for c in v.get("cases", [])}
        return "yakuman" if "yakuman" in kinds else "limit" if "limit" in kinds else "han"
    if kind in ("fu_han", "additive"):
        return "han"
    return str(kind)


def value_rank(v: dict[str, Any] | None) -> tuple[int, float]:
    """Order of values for "the highest value": yakuman > limit > han-like > yes > none."""
    if v is None:
        return (0, 0.0)
    kind = v.get("kind")
    if kind == "yakuman":
        return (5, float(v.get("multiple") or 1))
    if kind == "limit":
        return (4, LIMIT_UNITS.get(v.get("limit", ""), 1.0) * (v.get("multiple") or 1))
    if kind in ("han", "fu_han", "additive"):
        return (3, float(v.get("han") or 0))
    if kind == "conditional":
        return max((value_rank(c["value"]) for c in v.get("cases", [])), default=(0, 0.0))
    if kind == "adopted":
        return (2, 0.0)
    if kind == "lost":
        return (1, 0.0)
    return (0, 0.0)


def is_lost(v: dict[str, Any]) -> bool:
    if v.get("lost"):
        return True
    if v.get("kind") == "conditional":
        return any(is_lost(c["value"]) for c in v.get("cases", []))
    return bool(v.get("open") and is_lost(v["open"]))


def lost_numbers(value: dict[str, Any] | None) -> list[str]:
    """The numbers a ruleset may supply for a value option, in the engine's order (`han`,
    `fu`, `multiple`): those the sources lost in it (`?翻`, `?5符1翻`, `?倍滿貫`), as
    yakubook.engine.rules accepts them (a number the value has, set to null, the value
    marked lost)."""
    from yakubook.engine.score import SUPPLIABLE

    if not value or not value.get("lost"):
        return []
    return [key for key in SUPPLIABLE if key in value and value[key] is None]


def badge(v: dict[str, Any] | None) -> Markup:
    if v is None:
        return Markup("")
    cls = value_class(v) + (" yb-v-lost" if is_lost(v) else "")
    if v.get("kind") == "conditional":
        cls += " yb-v-wrap"  # long: may wrap on a phone
    return Markup(f'<span class="yb-v yb-v-{esc(cls)}">{esc(value_label(v))}</span>')

