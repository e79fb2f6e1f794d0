"""The house-rules page's bridge to the engine, run in Pyodide inside a web worker.

Served beside the engine zip (the project's wheel: `yaku` with its generated code and
catalog data; render/house_rules_engine.py) and written next to it on the sys.path. It
adds no rule of its own: rulesets go through `Ruleset.from_toml`, hands through
`Win.from_json`, results through `evaluate(...).to_json()`, as `yakubook evaluate` does, and
error messages are the engine's own `InputError` texts. Every call takes and returns JSON
text, so nothing but strings crosses the worker boundary.
"""

from __future__ import annotations

import dataclasses
import json

from yakubook import bounded, generated
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import SUPPLIABLE, Ruleset
from yakubook.engine.win import Win, read_json
from yakubook.errors import InputError

WHERE = "ruleset"
_rulesets: dict[str, Ruleset] = {}


def info() -> str:
    return json.dumps({"catalog": generated.CATALOG_SHA256, "yaku": len(generated.REGISTRY)})


def _ruleset(toml_text: str) -> Ruleset:
    rs = _rulesets.get(toml_text)
    if rs is None:
        rs = Ruleset.from_toml(toml_text, WHERE)
        if len(_rulesets) > 8:
            _rulesets.clear()
        _rulesets[toml_text] = rs
    return rs


def _problems(toml_text: str) -> list[str]:
    """Every unknown yaku ID, rule question or letter in a ruleset (the engine stops at the
    first); empty when the text is not TOML (the engine's message says why)."""
    try:
        data = bounded.load_toml(toml_text, WHERE)
    except bounded.CuratedError:
        return []
    out: list[str] = []
    tables = data.get("yaku", {})
    if not isinstance(tables, dict):
        return out
    for yid, table in tables.items():
        info = generated.REGISTRY.get(yid)
        if info is None:
            out.append(f"unknown yaku {bounded.excerpt(yid)}")
            continue
        if not isinstance(table, dict):
            continue
        for key, letter in table.items():
            if key == "value":
                menu = type(info.options().value)
            elif key in info.rules:
                menu = info.rules[key][1]
            else:
                if key not in SUPPLIABLE:  # han, fu, multiple: numbers, not letters
                    out.append(f"{bounded.excerpt(key)} is not a rule question of {yid}")
                continue
            letters = [m.letter for m in menu]
            if not isinstance(letter, str) or letter.lower() not in letters:
                shown = bounded.excerpt(letter if isinstance(letter, str) else repr(letter))
                out.append(f"{key if key != 'value' else yid + ' value'}: no option {shown} "
                           f"(options: {', '.join(letters)})")
    return out


def check_rules(toml_text: str) -> str:
    """A ruleset as the page's choices: every yaku's value letter and rule letters, and the
    numbers it supplies where the source lost them (`{"3-09-12": {"fu": 25}}`)."""
    try:
        rs = _ruleset(toml_text)
    except InputError as e:
        return json.dumps({"ok": False, "error": str(e), "problems": _problems(toml_text)},
                          ensure_ascii=False)
    data = bounded.load_toml(toml_text, WHERE)  # parsed by _ruleset: cannot fail here
    meta = data.get("ruleset", {})
    letters: dict[str, str] = {}
    for yid, opts in rs.options.items():
        letters[yid] = opts.value.letter
        for rid, (field, _menu, _values) in generated.REGISTRY[yid].rules.items():
            letters[rid] = getattr(opts, field).letter
    # every number the engine took (han, fu, multiple), as it took them
    numbers = {yid: dict(supplied) for yid, supplied in rs.supplied.items()}
    # Every [ruleset] key the engine reads (yakubook.engine.rules.RULESET_KEYS) goes back to the
    # page,
    # and the [scoring] table as the engine read it (every key, defaults filled in).
    return json.dumps({"ok": True, "name": rs.name, "others": meta.get("others", "default"),
                       "supersession": "award both" if rs.award_both else "drop",
                       "scoring": dataclasses.asdict(rs.scoring),
                       "letters": letters, "numbers": numbers}, ensure_ascii=False)


def check_hand(win_text: str, toml_text: str) -> str:
    """The awards and the score of a Win JSON under a ruleset, as `yakubook evaluate --json`
    prints them."""
    try:
        obj = read_json(win_text)
        if not isinstance(obj, dict):
            raise InputError("the winning hand must be a JSON object")
        win = Win.from_json(obj)
    except InputError as e:
        return json.dumps({"ok": False, "where": "hand", "error": str(e)}, ensure_ascii=False)
    try:
        rs = _ruleset(toml_text)
    except InputError as e:
        return json.dumps({"ok": False, "where": "rules", "error": str(e)}, ensure_ascii=False)
    try:
        result = evaluate(win, rs, score=True)
    except InputError as e:
        return json.dumps({"ok": False, "where": "hand", "error": str(e)}, ensure_ascii=False)
    return json.dumps({"ok": True, "result": result.to_json()}, ensure_ascii=False)
