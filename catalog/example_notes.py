"""Example notes in both languages: what a curated example shows, in each edition's words.

Each `[[example]]` of catalog/examples.toml (and catalog/examples/*.toml) says in a note
what the hand is about, in Chinese for the Chinese edition and in English for the English
one:

    note = { zh = "立直後一巡內榮和", en = "ron within the go-around after riichi", fp = "…" }

Like the translations of catalog/translations/en.toml, the English is bound to the
fingerprint of the Chinese it was written for (`fp`, catalog.translations.fingerprint of
`zh`): when someone edits the Chinese and leaves the fingerprint, the English is *stale*
until reviewed; a note without one of its languages is *missing* it (a plain string, the
form notes had before, is English only). Neither fails the build: `yakubook status`
counts them and the English edition marks such a note "translation pending".

`python -m catalog.example_notes todo` lists the open notes; `merge FILE.tsv` writes notes
from `english<TAB>chinese[<TAB>new english]` lines: every note whose English is the first
column becomes a table with that Chinese (and the new English, if given), bound to it.
"""

from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catalog.translations import fingerprint

VERDICTS = ("translated", "stale", "missing")
NOTE_KEYS = ("zh", "en", "fp")


@dataclass(frozen=True)
class Note:
    zh: str
    en: str
    fp: str

    @property
    def status(self) -> str:
        """translated: both texts, the English bound to today's Chinese; stale: the Chinese
        changed since the English was written; missing: a language has no text."""
        if not self.zh.strip() or not self.en.strip():
            return "missing"
        return "translated" if self.fp == fingerprint(self.zh) else "stale"


def note_of(raw: Any) -> Note | None:
    """An example's note as read from TOML: a table {zh, en, fp}, an English string (the old
    form: its Chinese is missing), or nothing."""
    if raw is None:
        return None
    if isinstance(raw, str):
        return Note("", raw, "") if raw.strip() else None
    if isinstance(raw, dict):
        return Note(*(str(raw.get(k, "")) for k in NOTE_KEYS))
    raise TypeError(f"note must be a string or a table {{zh, en, fp}}, got {raw!r}")


def counts(notes: list[Note]) -> dict[str, int]:
    c = dict.fromkeys(VERDICTS, 0)
    for n in notes:
        c[n.status] += 1
    return c | {"total": len(notes)}


def summary(examples: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per yaku and in total, and where each open note is (`file #n`)."""
    per_yaku: dict[str, list[Note]] = {}
    open_: dict[str, list[str]] = {"stale": [], "missing": []}
    for ex in examples:
        note = note_of(ex.get("note"))
        if note is None:
            continue
        per_yaku.setdefault(ex["yaku"], []).append(note)
        if note.status != "translated":
            open_[note.status].append(f"{ex.get('where', '?')} ({ex['yaku']})")
    everything = [n for ns in per_yaku.values() for n in ns]
    return {"yaku": {y: counts(ns) for y, ns in sorted(per_yaku.items())},
            "total": counts(everything), **open_}


# ---------------------------------------------------------------------------- maintenance


def _toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def note_line(zh: str, en: str) -> str:
    """The TOML line of a note bound to its Chinese."""
    return (f"note = {{ zh = {_toml_str(zh)}, en = {_toml_str(en)}, "
            f"fp = {_toml_str(fingerprint(zh))} }}")


def merge(text: str, rows: dict[str, tuple[str, str]]) -> tuple[str, int]:
    """`text` (an examples file) with every plain-string note found in `rows` (english ->
    (chinese, english to keep)) turned into a bound table; and how many were turned."""
    out, done = [], 0
    for line in text.splitlines(keepends=True):
        if line.startswith("note = \""):
            en = tomllib.loads(line)["note"]
            if en in rows:
                zh, new_en = rows[en]
                line = note_line(zh, new_en) + "\n"
                done += 1
        out.append(line)
    return "".join(out), done


def _read_rows(path: Path) -> dict[str, tuple[str, str]]:
    rows = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cols = raw.split("\t")
        if len(cols) not in (2, 3) or not all(c.strip() for c in cols):
            raise ValueError(f"{path}:{number}: expected english<TAB>chinese[<TAB>new english]")
        rows[cols[0]] = (cols[1].strip(), (cols[2] if len(cols) == 3 else cols[0]).strip())
    return rows


def _main(argv: list[str]) -> int:
    import catalog

    root = Path.cwd()
    if not argv or argv[0] not in ("todo", "merge") or (argv[0] == "merge") != (len(argv) == 2):
        print(__doc__)
        return 2
    if argv[0] == "todo":
        for status in ("stale", "missing"):
            for where in summary(catalog.read_examples(root))[status]:
                print(f"{status}\t{where}")
        return 0
    try:
        rows = _read_rows(Path(argv[1]))
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for path, rel in catalog.example_files(root):
        text, done = merge(path.read_text(encoding="utf-8"), rows)
        if done:
            path.write_text(text, encoding="utf-8")
            print(f"{rel}: {done} notes")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
