"""Normalize stage: every text in zh-Hant and zh-Hans, with the source form kept.

OpenCC converts; a small project table corrects it where it is wrong for a mahjong term.
"""

from __future__ import annotations

from functools import cache

from opencc import OpenCC

# OpenCC keeps 舍牌 in Traditional, but the mahjong term (a discard) is 捨牌; 舍 alone is
# a house. Applied to the zh-Hant form after conversion.
HANT_CORRECTIONS: dict[str, str] = {
    "舍牌": "捨牌",
}
# OpenCC's t2s keeps 麼 -> 么 in 幺九 contexts fine; nothing to correct in zh-Hans yet, the
# table exists so that a correction has one place to go and a test.
HANS_CORRECTIONS: dict[str, str] = {}


@cache
def _converters() -> tuple[OpenCC, OpenCC]:
    return OpenCC("s2t"), OpenCC("t2s")


def load_converters() -> None:
    """Read OpenCC's dictionaries now rather than at the first conversion."""
    _converters()


# OpenCC's conversions, remembered per text: OpenCC is pure Python and a conversion depends
# on the text alone, while a build converts the same names and option texts again and again
# (about 3,600 conversions of 1,500 texts).
@cache
def s2t(text: str) -> str:
    """OpenCC's Simplified -> Traditional conversion (without the project's corrections)."""
    return _converters()[0].convert(text)


@cache
def _t2s(text: str) -> str:
    return _converters()[1].convert(text)


def _apply(text: str, table: dict[str, str]) -> str:
    for wrong, right in table.items():
        text = text.replace(wrong, right)
    return text


def to_hant(text: str) -> str:
    return _apply(s2t(text), HANT_CORRECTIONS)


def to_hans(text: str) -> str:
    return _apply(_t2s(text), HANS_CORRECTIONS)


def both_scripts(text: str, script: str) -> dict[str, str]:
    """The catalog's text object: source form plus both scripts.

    `script` is the chapter's script ("Hant" or "Hans"); a Traditional chapter's stray
    Simplified characters (后, 于, 干) are converted like the rest.
    """
    return {"source": text, "zh-Hant": to_hant(text), "zh-Hans": to_hans(text)}
