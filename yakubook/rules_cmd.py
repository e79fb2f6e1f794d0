"""`yakubook rules`: the preset rulesets, one line each (what `--rules NAME` takes)."""

from __future__ import annotations

import sys

from yakubook.presets import presets


def run_rules() -> int:
    known = presets()
    if not known:  # a wheel built without rulesets/: say so rather than print nothing
        print("error: no preset rulesets are installed", file=sys.stderr)
        return 2
    width = max(len(name) for name in known)
    for name, preset in known.items():
        title, described = preset.title(), preset.description()
        if described.lower().startswith(title.lower()):  # "Everything on: every yaku …"
            described = described[len(title):].lstrip(" :—-")
        line = f"{name:<{width}}  {title}"
        print(f"{line} — {described}" if described else line)
    return 0
