"""The shipped rulesets (``rulesets/*.toml``), by name: ``--rules small-house``.

In a checkout they are read from its rulesets/ folder; the wheel carries copies in
yakubook/engine/data/rulesets/ (setup.py). ``--rules`` takes a preset's name or a path:
an existing file wins, then a preset of that name; a name like neither is an error with
the presets that come closest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from yakubook import bounded, checkout
from yakubook.engine import data
from yakubook.engine.rules import Ruleset
from yakubook.errors import InputError
from yakubook.suggest import did_you_mean

FOLDER = "rulesets"  # in the checkout and inside yakubook/engine/data/ (setup.py's PRESETS)


@dataclass(frozen=True)
class Preset:
    name: str  # the file's stem: small-house
    where: str  # how messages name the file: rulesets/small-house.toml
    text: str

    def title(self) -> str:
        """The ruleset's own `name` ([ruleset] name), or the preset's name without one."""
        try:
            meta = bounded.load_toml(self.text, self.where).get("ruleset", {})
        except bounded.CuratedError:
            return self.name
        title = meta.get("name") if isinstance(meta, dict) else None
        return title if isinstance(title, str) else self.name

    def description(self) -> str:
        """The file's opening comment as one line (what the preset is for)."""
        lines = []
        for line in self.text.splitlines():
            if not line.startswith("#"):
                break
            lines.append(line.lstrip("#").strip())
        return re.sub(r"\s+", " ", " ".join(lines)).strip()


def _files() -> list[tuple[str, str]]:
    """(file name, text) of every preset, sorted by name."""
    if data.packaged():
        folder = resources.files(data.__name__).joinpath(FOLDER)
        entries = [(p.name, p) for p in folder.iterdir() if p.name.endswith(".toml")]
        return sorted((name, p.read_text(encoding="utf-8")) for name, p in entries)
    paths = sorted((checkout.ROOT / FOLDER).glob("*.toml"))
    return [(p.name, bounded.read_text(p, f"{FOLDER}/{p.name}")) for p in paths]


def presets() -> dict[str, Preset]:
    """Name -> preset, sorted by name."""
    return {name[: -len(".toml")]: Preset(name[: -len(".toml")], f"{FOLDER}/{name}", text)
            for name, text in _files()}


def looks_like_a_path(argument: str) -> bool:
    return "/" in argument or argument.endswith(".toml") or argument.startswith(".")


def load(argument: str | None) -> Ruleset:
    """The ruleset ``--rules`` names: None -> the documented defaults; an existing file;
    a preset's name; otherwise an InputError naming the presets."""
    if argument is None:
        return Ruleset.load(None)
    if Path(argument).is_file() or looks_like_a_path(argument):
        return Ruleset.load(argument)
    known = presets()
    preset = known.get(argument)
    if preset is None:
        raise InputError(
            f"--rules {bounded.excerpt(argument)}: no such file and no such preset (presets: "
            f"{', '.join(known)}; `yakubook rules` lists them){did_you_mean(argument, known)}"
        )
    return Ruleset.from_toml(preset.text, preset.where)
