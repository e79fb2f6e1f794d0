"""Search the built website (site/public) in Debian's Chromium for every name form of every
yaku, typed with key events, and print how often the yaku's own page is the first visible
result, per form (zh-Hant, zh-Hans, Japanese, kana, romaji, English; the last four from
catalog/names.toml). Build first: `make`.

    .venv/bin/python bench/site_search.py [--public DIR] [--misses]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "site")]

from site_helpers import (  # noqa: E402
    FORM_KINDS,
    name_queries,
    partial_queries,
    run_name_search,
)

# Queries from issue 9: partial names, the Japanese spellings, tile notation, option words.
SPOT_CHECKS = ("百萬石", "百万石", "一發", "八連莊", "kaga", "258m", "役滿", "限門前")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--public", type=Path, default=ROOT / "site" / "public")
    ap.add_argument("--misses", action="store_true", help="list every query that missed")
    args = ap.parse_args()
    if not (args.public / "search" / "search_index.json").exists():
        print(f"error: {args.public} has no built site: run `make` first", file=sys.stderr)
        return 2
    cat = json.loads((ROOT / "catalog" / "catalog.json").read_text(encoding="utf-8"))
    queries = name_queries(ROOT, cat)
    partial = partial_queries(cat)
    spot = [("", "spot", q) for q in SPOT_CHECKS]
    start = time.monotonic()
    results = run_name_search(args.public, queries + partial + spot)
    spots = [r for r in results if r[1] == "spot"]
    partials = [r for r in results if r[1] == "partial"]
    results = [r for r in results if r[1] in FORM_KINDS]
    seconds = time.monotonic() - start
    print(f"{len(results)} queries typed in Chromium in {seconds:.0f} s")
    print(f"{'form':<8} {'queries':>7} {'first':>6} {'rate':>7}")
    for kind in FORM_KINDS:
        rows = [r for r in results if r[1] == kind]
        if not rows:
            print(f"{kind:<8} {0:>7} {'-':>6} {'(none in names.toml)':>7}")
            continue
        hits = sum(r[3] for r in rows)
        print(f"{kind:<8} {len(rows):>7} {hits:>6} {100 * hits / len(rows):>6.1f}%")
    hits = sum(r[3] for r in results)
    print(f"{'all':<8} {len(results):>7} {hits:>6} {100 * hits / max(len(results), 1):>6.1f}%")
    hits = sum(r[3] for r in partials)
    print(f"partial names unique to one yaku (2+ characters): {hits} / {len(partials)} first"
          f" ({100 * hits / max(len(partials), 1):.1f}%)")
    for _yid, _kind, q, _hit, links in spots:
        first = links[0].split("/", 3)[-1] if links else "(nothing)"
        print(f"  {q!r:<10} first: {first}")
    if args.misses:
        results += partials
        for yid, kind, q, hit, links in results:
            if not hit:
                print(f"miss {yid} {kind} {q!r}: {links}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
