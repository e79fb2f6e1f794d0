"""bench/mutation_harmless.py: which mutations it leaves out of the sample as unable to
change a result, and which it must keep (each case is a spot in a small module written
here, with the operator Cosmic Ray would put there)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from mutation_harmless import harmless

MODULE = '''\
import enum

class Plain(enum.Enum):
    A = 1
    B = 2

class Number(enum.IntEnum):
    A = 1

LOW = 1 << 3
HIGH = 1 << 5
BOTH = LOW | HIGH
MIXED = LOW | BOTH
CHAIN = 1 << 1 | 1 << 2 | 1 << 4
SHADOWED = 1 << 7

def f(x, SHADOWED=4):
    a = x is Plain.A
    b = x is Number.A
    c = x == None
    d = x is HIGH
    e = SHADOWED | HIGH
    return a, b, c, d, e
'''


def spot(tmp_path: Path, line_text: str, token: str, op: str, nth: int = 1) -> SimpleNamespace:
    """A Cosmic Ray-like spec: the nth `token` on the line that starts with `line_text`."""
    lines = MODULE.splitlines()
    number = next(i for i, s in enumerate(lines, 1) if s.strip().startswith(line_text))
    col = -1
    for _ in range(nth):
        col = lines[number - 1].index(token, col + 1)
    return SimpleNamespace(module_path=f"{tmp_path.name}/m.py", start_pos=(number, col),
                           end_pos=(number, col + len(token)), operator_name=f"core/{op}")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A project root of its own per test (the checks cache per root), holding the package
    <tmp_path.name> (a name no other test imports) with the module m.py."""
    package = tmp_path / "root" / tmp_path.name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "m.py").write_text(MODULE)
    return tmp_path / "root"


CASES = [
    ("a = x is Plain.A", "is", "ReplaceComparisonOperator_Is_Eq", 1, "enum member"),
    ("b = x is Number.A", "is", "ReplaceComparisonOperator_Is_Eq", 1, None),  # int == 1
    ("c = x == None", "==", "ReplaceComparisonOperator_Eq_Is", 1, "None"),
    ("d = x is HIGH", "is", "ReplaceComparisonOperator_Is_Eq", 1, None),  # an int: kept
    ("a = x is Plain.A", "is", "ReplaceComparisonOperator_Is_IsNot", 1, None),
    ("BOTH = LOW | HIGH", "|", "ReplaceBinaryOperator_BitOr_BitXor", 1, "no common bit"),
    ("BOTH = LOW | HIGH", "|", "ReplaceBinaryOperator_BitOr_Add", 1, "no common bit"),
    ("MIXED = LOW | BOTH", "|", "ReplaceBinaryOperator_BitOr_Add", 1, None),  # bit 3 shared
    ("CHAIN = 1 << 1", "|", "ReplaceBinaryOperator_BitOr_BitXor", 1, "no common bit"),
    # `^` binds tighter than `|`: 1 << 1 | (1 << 2 ^ 1 << 4), other operands: kept
    ("CHAIN = 1 << 1", "|", "ReplaceBinaryOperator_BitOr_BitXor", 2, None),
    # `+` binds tighter than `<<`: regrouped
    ("CHAIN = 1 << 1", "|", "ReplaceBinaryOperator_BitOr_Add", 1, None),
    # a name some function binds (here a parameter) is not taken for the module's constant
    ("e = SHADOWED | HIGH", "|", "ReplaceBinaryOperator_BitOr_BitXor", 1, None),
]


@pytest.mark.parametrize(("line", "token", "op", "nth", "reason"), CASES,
                         ids=[f"{c[0]}-{c[2].split('_', 1)[1]}-{c[3]}" for c in CASES])
def test_left_out_only_where_the_proof_holds(root, tmp_path, line, token, op, nth, reason):
    found = harmless(spot(tmp_path, line, token, op, nth), root)
    if reason is None:
        assert found is None
    else:
        assert found is not None and reason in found


def test_a_hand_written_eq_in_the_engine_keeps_every_identity_mutant(root, tmp_path):
    (root / "yakubook" / "engine").mkdir(parents=True, exist_ok=True)
    (root / "yakubook" / "engine" / "odd.py").write_text(
        "class Odd:\n    def __eq__(self, other):\n        return True\n")
    assert harmless(spot(tmp_path, "a = x is Plain.A", "is",
                         "ReplaceComparisonOperator_Is_Eq"), root) is None
