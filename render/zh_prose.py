"""`python -m render.zh_prose zh-todo | zh-merge FILE.tsv` (run from the root): the
Chinese edition's prose (catalog/translations/zh.toml) that has no Chinese yet, and a
file of new Chinese bound to today's English.

Here, not in catalog/translations.py beside the English commands: the English these
texts translate is the bodies' readings (yakubook/engine), a stage above the catalog,
which never imports the engine.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from catalog.translations import (
    ZH_REL,
    Entry,
    fingerprint,
    judge_prose,
    load_zh_entries,
    prose_texts,
    render_zh_entries,
)
from yakubook.engine.status import readings


def _run(root: Path, cat: dict[str, Any], argv: list[str]) -> int:
    """zh-todo: the Chinese edition's open prose keys with their English. zh-merge FILE.tsv:
    set the Chinese of the keys in FILE.tsv (`key<TAB>chinese`), bound to today's English."""
    texts = prose_texts(cat, readings(root))
    entries = load_zh_entries(root)
    if argv[0] == "zh-todo":
        for v in judge_prose(texts, entries):
            if v.status != "translated":
                print(f"{v.status}\t{v.key}\t{v.en}")
        return 0
    path = Path(argv[1])
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        key, sep, zh = raw.partition("\t")
        if not sep or key not in texts or not zh.strip():
            print(f"{path}:{number}: expected a known key, a tab and Chinese: {raw!r}")
            return 2
        entries[key] = Entry(key, zh.strip(), fingerprint(texts[key]), texts[key], None)
    (root / ZH_REL).write_text(render_zh_entries(texts, entries), encoding="utf-8")
    return 0


def main(argv: list[str]) -> int:
    if not argv or len(argv) != {"zh-todo": 1, "zh-merge": 2}.get(argv[0]):
        print(__doc__)
        return 2
    root = Path.cwd()
    cat = json.loads((root / "catalog" / "catalog.json").read_text(encoding="utf-8"))
    return _run(root, cat, argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
