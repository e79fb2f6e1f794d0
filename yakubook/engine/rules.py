"""Rulesets: a group's house rules as TOML, validated against the catalog.

```toml
[ruleset]
name = "Our Friday table"
others = "default"          # or "off": yaku not listed are off

[yaku."3-13-01"]
value = "b"                 # the value option (a, b, c …); its 無 option turns it off
"3-13-01-02" = "b"          # a rule question of that yaku
```

No file means the documented defaults: every yaku at its first non-無 value option with a
known number (catalog.default_letter; site/guide/rulesets.md "Defaults"), every rule
question at `a`.

Any other key in `[ruleset]` or a yaku table is an error naming it. `[ruleset]` also
takes `supersession = "award both"` (award the smaller yaku of a family beside the larger,
see catalog/families.toml). A yaku table may supply a number the source lost in its chosen
value option: `han = 3` beside `value = "b"` when b is `?翻` (likewise `fu`, `multiple`).
A `[scoring]` table sets the table's scoring rules (kiriage, kazoe, aka_dora …; see
yakubook/engine/score.py for the keys and their defaults).
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from yakubook import bounded, generated
from yakubook.engine.score import SUPPLIABLE, Scoring, parse_scoring
from yakubook.errors import InputError
from yakubook.suggest import did_you_mean

# [ruleset] keys and what they take.
RULESET_KEYS = {
    "name": "a string",
    "others": "'default' or 'off'",
    "supersession": "'drop' or 'award both'",
}
# Numbers a table may supply for a value option whose number the source lost, by the
# value's field (`han = 3` beside `value = "b"` when b is "?翻"): score.SUPPLIABLE.


@dataclass(frozen=True)
class Ruleset:
    """A group's house rules: which local yaku are on, with which value option and rule
    answers, and the table's scoring rules.

    Build one with ``Ruleset.load(path)`` (a TOML file; ``None`` for the documented
    defaults), ``Ruleset.from_toml(text)`` or ``Ruleset.default()``. Every ID, rule
    question and letter is checked against the catalog; a bad one raises ``InputError``.

    Attributes:
        name: The ruleset's name (``[ruleset] name``).
        options: For every yaku ID, its generated options (value option and rule answers).
        award_both: ``supersession = "award both"``: the smaller yaku of a family is
            awarded beside the larger one instead of being dropped.
        supplied: Numbers the ruleset supplies where the source lost them
            (``{"3-08-01": {"han": 3}}``).
        scoring: The ``[scoring]`` table (kiriage, kazoe, red fives …).
    """

    name: str
    options: dict[str, Any]  # yaku ID -> generated options instance
    # True: the smaller yaku of a family (catalog/families.toml) is awarded beside the
    # larger one instead of being dropped.
    award_both: bool = False
    # yaku ID -> {"han": 3, …}: numbers the table supplies for its chosen value option
    # where the source lost them.
    supplied: dict[str, dict[str, int]] = dataclasses.field(default_factory=dict)
    # The table's scoring rules ([scoring], see yakubook/engine/score.py).
    scoring: Scoring = dataclasses.field(default_factory=Scoring)

    @classmethod
    def default(cls) -> Ruleset:
        """The documented defaults: every yaku at its first non-無 value option whose number
        the sources kept, every rule question at ``a``, the default ``[scoring]`` table."""
        return cls("defaults", {yid: info.options() for yid, info in generated.REGISTRY.items()})

    @classmethod
    def from_toml(cls, text: str, where: str = "ruleset") -> Ruleset:
        """The ruleset a TOML text describes (``[ruleset]``, ``[yaku."ID"]`` tables,
        ``[scoring]``).

        Args:
            text: The TOML.
            where: How error messages name the text (a file name).

        Raises:
            InputError: Bad TOML, an unknown table, key, ID, rule question or letter, or a
                value of the wrong type; the message names it.
        """
        try:
            data = bounded.load_toml(text, where)
        except bounded.CuratedError as e:
            raise InputError(str(e)) from None
        meta = data.pop("ruleset", {})
        if not isinstance(meta, dict):
            raise InputError(f"{where}: 'ruleset' must be a table: [ruleset], got {_q(meta)}")
        scoring = parse_scoring(data.pop("scoring", {}), where)
        unknown_top = set(data) - {"yaku"}
        if unknown_top:
            first = sorted(unknown_top)[0]
            raise InputError(
                f'{where}: unknown table(s) {_q(sorted(unknown_top))}; use [yaku."ID"] or [scoring]'
                + did_you_mean(first, ("yaku", "scoring", "ruleset"))
            )
        for key, value in meta.items():
            if key not in RULESET_KEYS:
                raise InputError(
                    f"{where}: [ruleset] has no key {_q(key)} (keys: {', '.join(RULESET_KEYS)})"
                    + did_you_mean(key, RULESET_KEYS)
                )
            if not isinstance(value, str):
                raise InputError(
                    f"{where}: [ruleset] {key} must be {RULESET_KEYS[key]}, got {_q(value)}"
                )
        others = meta.get("others", "default")
        if others not in ("default", "off"):
            raise InputError(f"{where}: [ruleset] others = {_q(others)}; use 'default' or 'off'")
        supersession = meta.get("supersession", "drop")
        if supersession not in ("drop", "award both"):
            raise InputError(
                f"{where}: [ruleset] supersession = {_q(supersession)}; use 'drop' or 'award both'"
            )
        chosen: dict[str, Any] = {}
        for yid, info in generated.REGISTRY.items():
            opts = info.options()
            if others == "off":
                opts = dataclasses.replace(opts, value=_none_member(info))
            chosen[yid] = opts
        tables = data.get("yaku", {})
        if not isinstance(tables, dict):
            raise InputError(f'{where}: yaku must be tables [yaku."ID"], got {_q(tables)}')
        supplied: dict[str, dict[str, int]] = {}
        for yid, table in tables.items():
            info = generated.REGISTRY.get(yid)
            if info is None:
                raise InputError(
                    f"{where}: unknown yaku {_q(yid)} (not in the catalog){_id_hint(yid)}")
            if not isinstance(table, dict):
                raise InputError(f"{where}: [yaku.{_q(yid)}] must be a table")
            changes: dict[str, Any] = {}
            numbers: dict[str, int] = {}
            for key, letter in table.items():
                if key == "value":
                    menu = type(info.options().value)
                    changes["value"] = _member(menu, letter, f"{where}: {yid} value")
                elif key in SUPPLIABLE:
                    numbers[key] = _number(key, letter, f"{where}: [yaku.{_q(yid)}] {key}")
                elif key in info.rules:
                    field, menu, _ = info.rules[key]
                    changes[field] = _member(menu, letter, f"{where}: {key}")
                else:
                    raise InputError(
                        f"{where}: {_q(key)} is not a rule question of {yid} "
                        f"(it has {', '.join(info.rules) or 'none'}; other keys: value, "
                        f"{', '.join(SUPPLIABLE)})"
                        + _key_hint(key, info)
                    )
            chosen[yid] = dataclasses.replace(chosen[yid], **changes)
            if numbers:
                letter = chosen[yid].value.letter
                _check_lost(info.values[letter], numbers, f"{where}: [yaku.{_q(yid)}]", letter)
                supplied[yid] = numbers
        return cls(
            str(meta.get("name", where)), chosen, supersession == "award both", supplied, scoring
        )

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None) -> Ruleset:
        """The ruleset of a TOML file, or the documented defaults when ``path`` is ``None``.

        Raises:
            InputError: The file cannot be read, or ``from_toml`` refuses its text.
        """
        if path is None:
            return cls.default()
        path = Path(path)  # a str names a file as well as a Path does
        try:
            text = bounded.read_text(path, str(path))
        except bounded.CuratedError as e:
            raise InputError(str(e)) from None
        return cls.from_toml(text, str(path))

    def is_on(self, yaku_id: str) -> bool:
        """Whether the yaku is on: its chosen value option is not the 無 (none) option."""
        info = generated.REGISTRY[yaku_id]
        value = info.values[self.options[yaku_id].value.letter]
        return value is not None and value["kind"] != "none"

    @cached_property
    def enabled(self) -> tuple[str, ...]:
        """The IDs of the yaku that are on, in catalog order."""
        return tuple(yid for yid in self.options if self.is_on(yid))


def _q(value: object) -> str:
    """A value from the file as a message quotes it: at most 80 characters, escaped."""
    return bounded.quote(value)


def _member(menu: type, letter: object, where: str) -> Any:
    if not isinstance(letter, str):
        raise InputError(f"{where}: option must be a letter, not {_q(letter)}")
    for m in menu:
        if m.letter == letter.lower():
            return m
    raise InputError(
        f"{where}: no option {_q(letter)} (options: {', '.join(m.letter for m in menu)})"
        + _letter_hint(menu, letter)
    )


def _letter_hint(menu: type, written: str) -> str:
    """'did you mean' for an option written as its text (`value = "役滿"`) or its value
    (`value = "yakuman"`) instead of its letter."""
    for m in menu:
        if written.strip() in (m.text, str(m.name).lower(), str(m.name)):
            return f"; did you mean {_q(m.letter)} ({m.text})?"
    return ""


def _key_hint(key: str, info: generated.StubInfo) -> str:
    """A rule question of another yaku names the table it belongs in; anything else gets
    the one closest key of this table."""
    owner = key[:7]
    if owner != info.id and owner in generated.REGISTRY and key in generated.REGISTRY[owner].rules:
        return f"; it is a rule question of {owner}: put it under [yaku.{_q(owner)}]"
    return did_you_mean(key, [*info.rules, "value", *SUPPLIABLE], n=1)


def _id_hint(written: str) -> str:
    """'did you mean' for an unknown yaku ID: the yaku a name given instead names, else the
    closest IDs."""
    from yakubook.engine import names

    found = names.find(written)
    if found:
        every = names.all_names()
        return "; did you mean " + " or ".join(
            f"{_q(yid)} ({every[yid].zh})" for yid in found) + "?"
    return did_you_mean(written, generated.REGISTRY)


def _number(key: str, value: object, where: str) -> int:
    high = SUPPLIABLE[key]
    if type(value) is not int or not 1 <= value <= high:
        raise InputError(f"{where} must be an integer 1 to {high}, got {_q(value)}")
    return value


def _check_lost(
    value: dict[str, Any] | None, numbers: dict[str, int], where: str, letter: str
) -> None:
    """A supplied number must fill a number the source lost in the chosen value option."""
    for key in numbers:
        if value is None or not value.get("lost") or key not in value or value[key] is not None:
            raise InputError(
                f"{where} {key} = {numbers[key]}: value option {_q(letter)} has no lost {key} "
                "to supply (a number is supplied only where the source lost it)"
            )


def supply(value: dict[str, Any], numbers: dict[str, int]) -> dict[str, Any]:
    """The value with the table's numbers in place of the lost ones."""
    filled = dict(value)
    for key, n in numbers.items():
        if filled.get(key, 0) is None:
            filled[key] = n
    if all(filled.get(k, 0) is not None for k in SUPPLIABLE):
        filled["lost"] = False
        filled["supplied_by_ruleset"] = sorted(numbers)
    return filled


def _none_member(info: generated.StubInfo) -> Any:
    menu = type(info.options().value)
    for m in menu:
        v = info.values[m.letter]
        if v is not None and v["kind"] == "none":
            return m
    return info.options().value  # a yaku without a 無 option cannot be turned off


def option_variants(yaku_id: str) -> list[Any]:
    """Every non-無 value option of a yaku, alone and with each rule-question letter in
    turn (one question at a time): the option matrix tests sweep."""
    import dataclasses

    info = generated.REGISTRY[yaku_id]
    base = info.options()
    out = []
    for vm in type(base.value):
        value = info.values[vm.letter]
        if value is not None and value["kind"] == "none":
            continue
        opts = dataclasses.replace(base, value=vm)
        out.append(opts)
        for field, menu, _ in info.rules.values():
            out.extend(dataclasses.replace(opts, **{field: m}) for m in menu)
    return out
