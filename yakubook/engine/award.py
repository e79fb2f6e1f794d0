"""What a yaku awards: the catalog's structured value for the chosen option, resolved.

Values come from the catalog (see extract/values.py for the kinds). Resolving applies the
open-hand value (`2翻（鳴牌后1翻）` on an open hand is 1翻) and the conditional cases a
body selects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Value = dict[str, Any]

# Rough han equivalents, only to rank interpretations and to order a report; the
# compendium's values themselves are reported unchanged.
LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11}
YAKUMAN_HAN = 13
STANDARD_HAN = {"七对子": 2, "七對子": 2}


@dataclass(frozen=True)
class Award:
    """One local yaku that holds, with the value it awards."""

    id: str
    name: str
    letter: str  # the chosen value option
    value: Value
    note: str = ""
    # Notes of the option that say how it combines (包含…的翻數, 可與…復合, 與…不復合 …).
    combination: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The JSON form of one award: ``id``, ``name``, ``option``, ``value`` and the rest
        of what ``yakubook evaluate --json`` lists per yaku."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "option": self.letter,
            "value": self.value,
        }
        if self.note:
            out["note"] = self.note
        if self.combination:
            out["combination"] = [n["text"] for n in self.combination]
        return out


def resolve(value: Value, is_open: bool) -> Value:
    """The value an open or closed hand gets from a catalog value."""
    kind = value["kind"]
    if not is_open:
        return value
    if kind == "han" and value.get("open_han") is not None:
        resolved = dict(value)
        resolved["han"] = value["open_han"]
        resolved["open_applied"] = True
        return resolved
    if kind == "yakuman" and value.get("open") is not None:
        resolved = dict(value["open"])
        resolved["open_applied"] = True
        resolved.setdefault("notes", value.get("notes", []))
        return resolved
    return value


def pick_case(value: Value, when: str) -> Value:
    """The case of a conditional value whose condition text is `when` (zh-Hans)."""
    for case in value.get("cases", []):
        if case["when"] == when:
            return case["value"]
    raise KeyError(f"no case {when!r} in {value!r}")


def rank(value: Value) -> float:
    """A han-like number for comparing awards (yakuman ≫ limits ≫ han)."""
    kind = value["kind"]
    if value.get("lost"):
        return 0.5  # a lost number still counts as something: the yaku holds
    if kind == "han" or kind == "fu_han":
        return float(value["han"] or 0)
    if kind == "additive":
        return float((value["han"] or 0) + STANDARD_HAN.get(value["plus"], 0))
    if kind == "yakuman":
        return float(YAKUMAN_HAN * value["multiple"])
    if kind == "limit":
        return float(LIMIT_HAN[value["limit"]] * (value["multiple"] or 1))
    if kind == "conditional":
        return max(rank(c["value"]) for c in value["cases"])
    if kind == "adopted":
        return 1.0 + (value.get("han") or 0)  # han its rule questions add (Set七對子)
    return 0.0


def is_none(value: Value | None) -> bool:
    return value is None or value["kind"] == "none"
