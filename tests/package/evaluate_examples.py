"""Run by test_wheel.py under two interpreters (the checkout's and a clean venv's with the
wheel installed): every winning hand of a JSON file through `yaku.evaluate` at the
documented defaults, and through every public name; the results as JSON on stdout."""

import json
import sys
from pathlib import Path

import yaku

wins = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
ruleset = yaku.Ruleset.load(None)
out = []
for obj in wins:
    try:
        out.append(yaku.evaluate(yaku.Win.from_json(obj), ruleset).to_json())
    except yaku.InputError as e:
        out.append({"error": str(e)})
print(json.dumps({"results": out, "all": sorted(yaku.__all__),
                  "generated": yaku.generated.__name__, "file": yaku.__file__}))
