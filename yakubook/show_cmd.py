"""`yakubook show NAME|ID` and `yakubook list [--search TEXT] [--section 3-06]`.

show prints what a table needs to decide on a yaku: its names in every form, what it asks
for, its value options (letter, the compendium's text, the value in words), its rule
questions with their options, and the TOML to paste into a ruleset (at the documented
defaults, every choice named in a comment). Names are looked up in every form
(yakubook/engine/names.py); an unknown one gets the closest names.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from yakubook import bounded, generated
from yakubook.engine import data, names
from yakubook.errors import InputError
from yakubook.evaluate_cmd import describe_value
from yakubook.suggest import did_you_mean

SCRIPT = "zh-Hant"


def _nodes() -> dict[str, dict[str, Any]]:
    return {node["id"]: node for node in data.load_catalog()["nodes"]}


def _questions(yid: str, nodes: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for n in nodes.values() if n["kind"] == "rule" and n["yaku"] == yid]


def _option_lines(node: dict[str, Any], default: str, values: dict[str, Any] | None) -> list[str]:
    lines = []
    for option in node["options"]:
        letter = option["letter"]
        text = option["text"][SCRIPT]
        value = values.get(letter) if values else None
        worth = f"  [{describe_value(value)}]" if value else ""
        mark = "  (default)" if letter == default else ""
        lines.append(f"    {letter}  {text}{worth}{mark}")
    return lines


def _choices(node: dict[str, Any]) -> str:
    return ", ".join(f"{o['letter']} {o['text'][SCRIPT]}" for o in node["options"])


def describe(yid: str) -> list[str]:
    """The lines `show` prints for one yaku."""
    info = generated.REGISTRY[yid]
    nodes = _nodes()
    node = nodes[yid]
    who = names.all_names()[yid]
    defaults = info.options()
    value_default = defaults.value.letter
    out = [f"{yid}  {who.zh}" + (f"  ({who.hans})" if who.hans != who.zh else "")]
    section = nodes.get(info.section)
    if section is not None:
        out.append(f"  section   {info.section} {section['name'][SCRIPT]}")
    if who.ja or who.kana:
        out.append(f"  Japanese  {who.ja}  {who.kana}".rstrip())
    out.append(f"  romaji    {who.romaji}")
    if who.name_en:
        out.append(f"  English   {who.name_en}")
    if who.en:
        out.append(f"  meaning   {who.en}")
    others = [a for a in who.aliases if a not in (who.zh, who.hans, info.slug)]
    if others:
        out.append(f"  also      {', '.join(others)}")
    if node.get("content"):
        out.append(f"  content   {node['content'][SCRIPT]}")
    out.append(f'value options (value = "LETTER"; default {value_default}):')
    out += _option_lines(node, value_default, info.values)
    questions = _questions(yid, nodes)
    if questions:
        out.append("rule questions:")
    for q in questions:
        field = info.rules[q["id"]][0]
        default = getattr(defaults, field).letter
        out.append(f"  {q['id']}  {q['name'][SCRIPT]}")
        out += _option_lines(q, default, None)
    out.append("in a ruleset (the defaults; change the letters):")
    out.append(f'  [yaku."{yid}"]  # {who.zh}')
    out.append(f'  value = "{value_default}"  # {_choices(node)}')
    for q in questions:
        default = getattr(defaults, info.rules[q["id"]][0]).letter
        out.append(f'  "{q["id"]}" = "{default}"  # {q["name"][SCRIPT]}: {_choices(q)}')
    return out


def lookup(query: str) -> tuple[str, ...]:
    """The yaku a name or ID names; InputError with the closest names when none."""
    found = names.find(query)
    if found:
        return found
    close = names.suggestions(query)
    hint = ("; did you mean " + " or ".join(close) + "?") if close else ""
    raise InputError(f"no yaku is called {bounded.excerpt(query)} (names in Chinese, Japanese, "
                     f"kana, romaji or English, or an ID like 3-13-01){hint}")


def run_show(query: str) -> int:
    try:
        found = lookup(query)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    blocks = ["\n".join(describe(yid)) for yid in found]
    print("\n\n".join(blocks))
    return 0


def _section_ids() -> list[str]:
    return sorted({info.section for info in generated.REGISTRY.values()})


def _section_id(written: str) -> str:
    """3-06 as written, or as 3-6 or 6."""
    match = re.fullmatch(r"(?:3-)?(\d{1,2})", written.strip())
    return f"3-{int(match.group(1)):02d}" if match else written


def run_list(search: str | None, section: str | None) -> int:
    sections = _section_ids()
    section = None if section is None else _section_id(section)
    if section is not None and section not in sections:
        print(f"error: --section {bounded.excerpt(section)}: no such section (sections: "
              f"{sections[0]} … {sections[-1]}){did_you_mean(section, sections, n=1)}",
              file=sys.stderr)
        return 2
    ids = list(generated.REGISTRY) if search is None else names.search(search)
    if section is not None:
        ids = [yid for yid in ids if generated.REGISTRY[yid].section == section]
    every = names.all_names()
    for yid in ids:
        who = every[yid]
        english = who.name_en or who.romaji
        meaning = f"  ({who.en})" if who.en else ""
        print(f"{yid}  {who.zh}  {english}{meaning}")
    if not ids:
        hint = ""
        if search is not None:
            close = names.suggestions(search)
            hint = ("; did you mean " + " or ".join(close) + "?") if close else ""
        # Nothing found is an answer, not an error (exit 1 is `build --check`'s "stale").
        print(f"no yaku matches{hint}", file=sys.stderr)
    return 0
