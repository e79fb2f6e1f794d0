"""`yakubook new-body ID` (issue #24): a body's skeleton in the right module of
yakubook/engine/bodies/,
bound to today's fingerprint, its generated names imported, refusing an existing body."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.conftest import ROOT
from yakubook.cli import main


def _remove_body(root, module: str, yaku_id: str, next_id: str, prefix: str) -> str:
    """Take yaku_id's body out of a scratch copy (and the generated names only it used);
    the removed text."""
    path = root / "yakubook" / "engine" / "bodies" / f"{module}.py"
    text = path.read_text(encoding="utf-8")
    start = text.index(f'@implements(\n    "{yaku_id}",')
    end = text.index(f'@implements(\n    "{next_id}",')
    removed, text = text[start:end], text[:start] + text[end:]
    for name in sorted(set(re.findall(rf"\b{prefix}\w*", removed))):
        if not re.search(rf"\b{name}\b", text.replace(f"    {name},\n", "")):
            text = text.replace(f"    {name},\n", "", 1)
    path.write_text(text, encoding="utf-8")
    return removed


def _ruff(path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--config",
                           str(ROOT / "pyproject.toml"), str(path)],
                          capture_output=True, text=True, check=False)


def test_a_skeleton_with_rule_questions(project_copy, capsys):
    removed = _remove_body(project_copy, "s3_13", "3-13-01", "3-13-02", "KagaHyakumangoku1")
    path = project_copy / "yakubook" / "engine" / "bodies" / "s3_13.py"
    assert "KagaHyakumangoku1Total" not in path.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["new-body", "3-13-01", "--root", str(project_copy)]) == 0
    assert "yakubook/engine/bodies/s3_13.py: skeleton of 3-13-01 written" in capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    # the fingerprint the hand-written body was bound to (today's catalog entry)
    fingerprint = re.search(r'fingerprint="([0-9a-f]{64})"', removed).group(1)
    assert f'@implements(\n    "3-13-01",\n    fingerprint="{fingerprint}",\n)\n' in text
    assert ("def kaga_hyakumangoku_1(win: HandView, opts: KagaHyakumangoku1Options)"
            " -> Award | None:") in text
    # before 3-13-02's body, as the sections' bodies are in ID order
    assert text.index('"3-13-01"') < text.index('"3-13-02"')
    # the docstring is the rule: text, rule questions and their options
    assert "內容: 萬子的數字合計在100或以上" in text
    assert "  c  MORE_THAN_100  合計大於100時成立" in text
    for field, enum, member in (("condition", "KagaHyakumangoku1Condition", "CLOSED_ONLY"),
                                ("total", "KagaHyakumangoku1Total", "EXACTLY_100"),
                                ("kinds", "KagaHyakumangoku1Kinds", "CHINITSU_ONLY")):
        assert f"    if opts.{field} is {enum}.{member}:" in text
        assert f"    {enum},\n" in text  # imported, in the module's generated import
    assert "raise NotImplementedError('3-13-01: body not written yet')" in text
    lint = _ruff(path)
    assert lint.returncode == 0, lint.stdout


def test_a_skeleton_without_rule_questions_and_a_second_call_refused(project_copy, capsys):
    _remove_body(project_copy, "s3_16", "3-16-08", "3-16-09", "Knitting")
    path = project_copy / "yakubook" / "engine" / "bodies" / "s3_16.py"
    assert main(["new-body", "3-16-08", "--root", str(project_copy)]) == 0
    text = path.read_text(encoding="utf-8")
    assert "    KnittingOptions,\n" in text and "內容: 二色一組的七對子" in text
    assert _ruff(path).returncode == 0
    capsys.readouterr()
    assert main(["new-body", "3-16-08", "--root", str(project_copy)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: 3-16-08 already has a body: yakubook/engine/bodies/s3_16.py:")
    assert path.read_text(encoding="utf-8") == text  # nothing written


def test_an_existing_body_or_an_unknown_id_is_refused(capsys):
    before = (ROOT / "yakubook/engine/bodies/s3_13.py").read_bytes()
    assert main(["new-body", "3-13-01", "--root", str(ROOT)]) == 2
    assert "3-13-01 already has a body: yakubook/engine/bodies/s3_13.py:" in capsys.readouterr().err
    assert main(["new-body", "3-99-01", "--root", str(ROOT)]) == 2
    assert "'3-99-01' is not a yaku" in capsys.readouterr().err
    assert (ROOT / "yakubook/engine/bodies/s3_13.py").read_bytes() == before
