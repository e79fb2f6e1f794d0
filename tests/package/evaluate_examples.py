"""Run by test_wheel.py under two interpreters (the checkout's and a clean venv's with the
wheel installed): every winning hand of a JSON file through `yakubook.evaluate` at the
documented defaults, and through every public name; the results as JSON on stdout."""

import json
import sys
from pathlib import Path

import yakubook

wins = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
ruleset = yakubook.Ruleset.load(None)
out = []
for obj in wins:
    try:
        out.append(yakubook.evaluate(yakubook.Win.from_json(obj), ruleset).to_json())
    except yakubook.InputError as e:
        out.append({"error": str(e)})
print(json.dumps({"results": out, "all": sorted(yakubook.__all__),
                  "generated": yakubook.generated.__name__, "file": yakubook.__file__}))
