"""Curated English identifiers for rule questions and options (catalog/identifiers.toml).

The generated option types name their fields after the rule question (`opts.total`) and
their enum members after the option (`KagaHyakumangoku1Total.MORE_THAN_100`), so a body
reads like the compendium's sentence. The names are kept by hand, one table per catalog
node in source order::

    ["3-13-01-02"]                  # a rule question: its field name, and its options
    name = "total"
    text = "合計值的條件"
    fingerprint = "…"
    a = { name = "exactly_100", text = "僅合計剛好100時成立", fingerprint = "…" }

A yaku's table names its value options only (the yaku itself is named in names.toml).
`text` is for the reader; `fingerprint` is `option_fingerprint` / `question_fingerprint`
of the text the name was chosen for. When the sources change that text (or the options of
a menu shift letters), the fingerprint no longer matches and the name is *stale*: it is
still used, and `yakubook build` and `yakubook status` report it, like a stale body.

A name that is not a valid identifier, is a Python keyword, repeats within its menu (or
within the rule questions of a yaku), or is a table that cannot be read is an error. A
catalog node without a name gets a fallback (`q01`, `option_a`) and is reported missing.
"""

from __future__ import annotations

import json
import keyword
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import catalog as catalog_pkg

IDENTIFIERS_PATH = Path(__file__).parent / "identifiers.toml"
WHERE = "catalog/identifiers.toml"
# A leading letter: an enum member named `_x_` or `__x` would mean something else to enum.
IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
LETTER = re.compile(r"^[a-z]$")
NODE_ID = re.compile(r"^3-\d\d(-\d\d)+$")
# Field names the generated options dataclass already uses.
RESERVED_FIELDS = frozenset({"value"})


class IdentifierError(ValueError):
    """A curated identifier that cannot be used: `catalog/identifiers.toml:line: what`."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(f"{WHERE}:{line}: {message}" if line else f"{WHERE}: {message}")


def valid_identifier(name: str) -> bool:
    """Lower snake case ASCII, not a Python keyword (nor a soft keyword such as `match`)."""
    return (
        bool(IDENT.match(name))
        and name.isascii()
        and not keyword.iskeyword(name)
        and not keyword.issoftkeyword(name)
    )


def option_fingerprint(letter: str, text: dict[str, Any]) -> str:
    """What an option's name stands for: its letter and its text (every script)."""
    return catalog_pkg.content_fingerprint({"letter": letter, "text": text})


def question_fingerprint(name: dict[str, Any]) -> str:
    """What a rule question's name stands for: the question's own text."""
    return catalog_pkg.content_fingerprint({"question": name})


@dataclass(frozen=True)
class Entry:
    name: str
    fingerprint: str
    text: str  # the text the name was chosen for, as the file records it
    line: int


@dataclass
class Identifiers:
    questions: dict[str, Entry] = field(default_factory=dict)  # rule ID -> field name
    options: dict[tuple[str, str], Entry] = field(default_factory=dict)  # (node ID, letter)
    tables: dict[str, int] = field(default_factory=dict)  # node ID -> line of its header


def _lines(text: str) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    """Line numbers of table headers and of option keys, for messages."""
    headers: dict[str, int] = {}
    keys: dict[tuple[str, str], int] = {}
    current = ""
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        m = re.match(r'^\[\s*"?([^"\]]+)"?\s*\]', line)
        if m:
            current = m.group(1)
            headers[current] = n
            continue
        m = re.match(r"^([a-z])\s*=", line)
        if m and current:
            keys[(current, m.group(1))] = n
    return headers, keys


def _entry(obj: Any, line: int, what: str) -> Entry:
    if not isinstance(obj, dict):
        raise IdentifierError(line, f"{what}: expected a table with name and fingerprint")
    unknown = set(obj) - {"name", "text", "fingerprint"}
    if unknown:
        raise IdentifierError(line, f"{what}: unknown key(s) {sorted(unknown)}")
    name, fp = obj.get("name"), obj.get("fingerprint")
    if not isinstance(name, str) or not isinstance(fp, str):
        raise IdentifierError(line, f"{what}: name and fingerprint must both be strings")
    if not valid_identifier(name):
        why = "a Python keyword" if keyword.iskeyword(name) or keyword.issoftkeyword(name) else (
            "not a lower snake_case ASCII identifier"
        )
        raise IdentifierError(line, f"{what}: name {name!r} is {why}")
    if not re.fullmatch(r"[0-9a-f]{64}", fp):
        raise IdentifierError(line, f"{what}: fingerprint must be 64 hex digits")
    return Entry(name, fp, str(obj.get("text", "")), line)


def parse(text: str) -> Identifiers:
    """Read the file; every name is checked on its own and within its menu."""
    try:
        data = catalog_pkg.load_toml(text, "catalog/identifiers.toml")
    except catalog_pkg.CuratedError as e:
        raise IdentifierError(e.line, e.message) from None
    headers, keys = _lines(text)
    out = Identifiers()
    for node_id, table in data.items():
        line = headers.get(node_id, 0)
        out.tables[node_id] = line
        if not NODE_ID.match(node_id) or not isinstance(table, dict):
            raise IdentifierError(line, f"[{node_id!r}] is not a catalog ID with a table")
        if "name" in table or "fingerprint" in table:
            question = {k: table[k] for k in ("name", "text", "fingerprint") if k in table}
            out.questions[node_id] = _entry(question, line, node_id)
        seen: dict[str, str] = {}
        for key, obj in table.items():
            if key in ("name", "text", "fingerprint"):
                continue
            kline = keys.get((node_id, key), line)
            if not LETTER.match(key):
                raise IdentifierError(kline, f"{node_id}: {key!r} is not an option letter")
            e = _entry(obj, kline, f"{node_id} {key}")
            if e.name in seen:
                raise IdentifierError(
                    kline, f"{node_id} {key}: name {e.name!r} repeats option {seen[e.name]}"
                )
            seen[e.name] = key
            out.options[(node_id, key)] = e
    return out


def load(root: Path | None = None) -> Identifiers:
    path = (root / "catalog" / "identifiers.toml") if root else IDENTIFIERS_PATH
    if not path.exists():
        return Identifiers()
    return parse(path.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Finding:
    """A name that is stale, missing or left over, for build and status output."""

    kind: str  # "stale" | "missing" | "unknown"
    node: str
    letter: str | None  # None: the rule question itself
    name: str
    line: int
    was: str  # the text the name was chosen for (stale), else ""
    now: str  # the catalog's text now, else ""

    def key(self) -> str:
        return self.node + (f" {self.letter}" if self.letter else "")

    def describe(self) -> str:
        where = f"{WHERE}:{self.line}" if self.line else WHERE
        if self.kind == "stale":
            return (
                f"{where}: {self.key()} {self.name} is stale: named for {self.was!r}, "
                f"the text is now {self.now!r}"
            )
        if self.kind == "missing":
            return f"{where}: {self.key()} {self.now!r} has no name; using {self.name}"
        return f"{where}: {self.key()} {self.name}: the catalog has no such node or option"

    def to_json(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "letter": self.letter,
            "name": self.name,
            "line": self.line,
            "was": self.was,
            "now": self.now,
        }


@dataclass
class Resolved:
    """The names the generated code uses, and what is wrong with the curated file."""

    questions: dict[str, str]  # rule ID -> field name
    options: dict[tuple[str, str], str]  # (node ID, letter) -> option name
    findings: list[Finding]

    def of(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]


def fallback_question(rule_id: str, yaku_id: str) -> str:
    return "q" + rule_id[len(yaku_id) + 1 :].replace("-", "_")


def fallback_option(letter: str) -> str:
    return f"option_{letter}"


def resolve(idents: Identifiers, nodes: list[dict[str, Any]]) -> Resolved:
    """Every rule question and option of the catalog with its name (curated, else a
    fallback), and the findings; names that collide within a yaku are an error."""
    questions: dict[str, str] = {}
    options: dict[tuple[str, str], str] = {}
    findings: list[Finding] = []
    known: set[tuple[str, str | None]] = set()
    for node in nodes:
        if node["kind"] not in ("yaku", "rule"):
            continue
        nid = node["id"]
        line = idents.tables.get(nid, 0)
        if node["kind"] == "rule":
            known.add((nid, None))
            entry = idents.questions.get(nid)
            now = node["name"]["zh-Hant"]
            if entry is None:
                name = fallback_question(nid, node["yaku"])
                findings.append(Finding("missing", nid, None, name, line, "", now))
            else:
                name = entry.name
                if entry.fingerprint != question_fingerprint(node["name"]):
                    findings.append(Finding("stale", nid, None, name, entry.line, entry.text, now))
            questions[nid] = name
        for o in node["options"]:
            letter = o["letter"]
            known.add((nid, letter))
            entry = idents.options.get((nid, letter))
            now = o["text"]["zh-Hant"]
            if entry is None:
                name = fallback_option(letter)
                findings.append(Finding("missing", nid, letter, name, line, "", now))
            else:
                name = entry.name
                if entry.fingerprint != option_fingerprint(letter, o["text"]):
                    findings.append(
                        Finding("stale", nid, letter, name, entry.line, entry.text, now)
                    )
            options[(nid, letter)] = name
        menu = [options[(nid, o["letter"])] for o in node["options"]]
        if len(set(menu)) != len(menu):
            dup = next(n for n in menu if menu.count(n) > 1)
            raise IdentifierError(line, f"{nid}: option name {dup!r} repeats in its menu")
    for nid, entry in idents.questions.items():
        if (nid, None) not in known:
            findings.append(Finding("unknown", nid, None, entry.name, entry.line, entry.text, ""))
    for (nid, letter), entry in idents.options.items():
        if (nid, letter) not in known:
            findings.append(
                Finding("unknown", nid, letter, entry.name, entry.line, entry.text, "")
            )
    _check_fields(nodes, questions, idents)
    return Resolved(questions, options, findings)


def _check_fields(
    nodes: list[dict[str, Any]], questions: dict[str, str], idents: Identifiers
) -> None:
    """The rule questions of one yaku become fields of one dataclass: distinct, not `value`."""
    by_yaku: dict[str, dict[str, str]] = {}
    for node in nodes:
        if node["kind"] != "rule":
            continue
        name = questions[node["id"]]
        line = idents.tables.get(node["id"], 0)
        if name in RESERVED_FIELDS:
            raise IdentifierError(line, f"{node['id']}: {name!r} is reserved for the value option")
        fields = by_yaku.setdefault(node["yaku"], {})
        if name in fields:
            raise IdentifierError(
                line,
                f"{node['id']}: name {name!r} repeats rule question {fields[name]} of "
                f"{node['yaku']}",
            )
        fields[name] = node["id"]


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a TOML basic string


FILE_HEADER = """\
# Curated English identifiers for the generated option types (see catalog/identifiers.py).
# One table per yaku (its value options) and per rule question (its field name and its
# options), in catalog order. `text` is what the name was chosen for; `fingerprint` checks
# it against the catalog: after a source change, review the name, then accept it with
#   .venv/bin/python -m catalog.identifiers --accept 3-13-01-02
"""


def render_file(
    nodes: list[dict[str, Any]],
    idents: Identifiers,
    accept: frozenset[str] | set[str] = frozenset(),
    names: dict[tuple[str, str | None], str] | None = None,
) -> str:
    """The file in canonical form. Entries keep their recorded text and fingerprint unless
    their node is in ``accept`` (then both are taken from the catalog now, and a node
    without a name gets its fallback); ``names`` overrides names (used to write the file)."""
    names = names or {}
    out = [FILE_HEADER]
    yaku_names = {n["id"]: n["name"]["zh-Hant"] for n in nodes if n["kind"] == "yaku"}

    def line(nid: str, letter: str | None, entry: Entry | None, text: str, fp: str) -> str:
        name = names.get((nid, letter)) or (entry.name if entry else None)
        if name is None:
            node = by_id[nid]
            name = fallback_option(letter) if letter else fallback_question(nid, node["yaku"])
        if entry is not None and nid not in accept and (nid, letter) not in names:
            text, fp = entry.text, entry.fingerprint
        fields = [f"{k} = {_toml_str(v)}" for k, v in (("name", name), ("text", text),
                                                        ("fingerprint", fp))]
        if letter is None:
            return "\n".join(fields)
        return f"{letter} = {{ {', '.join(fields)} }}"

    by_id = {n["id"]: n for n in nodes}
    for node in nodes:
        nid = node["id"]
        if node["kind"] not in ("yaku", "rule"):
            continue
        body: list[str] = []
        if node["kind"] == "rule":
            entry = idents.questions.get(nid)
            if entry or nid in accept or (nid, None) in names:
                body.append(line(nid, None, entry, node["name"]["zh-Hant"],
                                 question_fingerprint(node["name"])))
        for o in node["options"]:
            letter = o["letter"]
            entry = idents.options.get((nid, letter))
            if entry or nid in accept or (nid, letter) in names:
                body.append(line(nid, letter, entry, o["text"]["zh-Hant"],
                                 option_fingerprint(letter, o["text"])))
        if not body:
            continue
        if node["kind"] == "yaku":
            out.append(f"# {nid} {yaku_names[nid]}")
        out.append(f"[{_toml_str(nid)}]")
        out.extend(body)
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """`python -m catalog.identifiers --accept ID …`: after reviewing the names of these
    catalog nodes, record the catalog's current text and fingerprint for them."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--accept", nargs="+", required=True, metavar="ID")
    args = parser.parse_args(argv)
    nodes = catalog_pkg.load()["nodes"]
    ids = {n["id"] for n in nodes}
    unknown = [i for i in args.accept if i not in ids]
    if unknown:
        print(f"error: not catalog IDs: {', '.join(unknown)}", file=sys.stderr)
        return 2
    try:
        idents = load()
    except IdentifierError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    IDENTIFIERS_PATH.write_text(render_file(nodes, idents, set(args.accept)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
