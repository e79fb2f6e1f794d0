"""The engine tests' built-in-shapes fixture gives every registered shape back, even when
the body modules are first imported inside it (which registers their shapes there)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
sys.path[:0] = [{root!r}, {here!r}]
from conftest import builtin_shapes_only
from yakubook.engine import decompose
from yakubook.engine.evaluation import evaluate
from yakubook.engine.rules import Ruleset
from yakubook.engine.win import Win

assert decompose.registered_shapes() == (), "no body module is loaded yet"
with builtin_shapes_only():
    assert decompose.registered_shapes() == ()
    evaluate(Win.make("123m456p789s11122z", "2z"), Ruleset.default())  # loads the bodies
    assert decompose.registered_shapes() == ()
after = decompose.registered_shapes()
assert "nanboku_sensou_2" in after, after
# 南北戰爭(2): South called, North triplet, 111 5 66 88m; a hand only that shape reads
result = evaluate(Win.make("11156688m444z", "8m", melds=["pon 222z"]),
                  Ruleset.load(__import__("pathlib").Path({rules!r})))
print(sorted(a.id for a in result.yaku))
"""


def test_shapes_are_back_after_bodies_first_loaded_inside() -> None:
    code = PROBE.format(root=str(ROOT), here=str(Path(__file__).parent),
                        rules=str(ROOT / "rulesets" / "open-friendly.toml"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[-2] == "['3-16-05']"
