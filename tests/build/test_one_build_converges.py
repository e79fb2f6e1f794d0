"""A source change converges in one build (issue #24): the examples' awards and the bodies'
readings come from the engine of the build being made (its catalog and generated code),
so after one `yakubook build --accept-sources`, `--check` finds nothing stale, and the
changed value shows on the pages and in `yakubook evaluate`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.build.test_build_cli import CH000
from yakubook.build import run

# Two full builds of a scratch copy, with an engine worker each.
pytestmark = pytest.mark.slow


def _edit_chapter(root) -> None:
    path = root / CH000
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    # 1. an option's value: 3-16-08 編織 b 2翻 -> 3翻
    i = lines.index("3-16-08　編織")
    j = lines.index("　　ｂ　2翻", i)
    lines[j] = "　　ｂ　3翻"
    # 2. a yaku renamed: 3-16-03 十四連嵌 -> 十四連嵌張
    lines[lines.index("3-16-03　十四連嵌")] = "3-16-03　十四連嵌張"
    # 3. a yaku removed: 3-16-06 南北戰爭(3), up to the next entry
    k = lines.index("3-16-06　南北戰(zhàn)爭(3)")
    del lines[k : lines.index("3-16-07　BACK FOUR")]
    # 4. a yaku added at the end of the chapter
    lines += ["", "", "3-16-10　測試役", "　　【內容】　所有的牌都是字牌", "　　【條件】　僅限門前",
              "", "　　ａ　無", "　　ｂ　2翻"]
    path.write_text("\n".join(lines), encoding="utf-8")


def _remove_body(root) -> None:
    """What the maintainer does with the removed yaku's body: delete it and its import."""
    path = root / "yakubook" / "engine" / "bodies" / "s3_16.py"
    text = path.read_text(encoding="utf-8")
    text = text.replace("    NanbokuSensou3Options,\n", "", 1)
    start = text.index('@implements(\n    "3-16-06",')
    end = text.index('@implements(\n    "3-16-07",')
    path.write_text(text[:start] + text[end:], encoding="utf-8")


def test_one_build_after_a_source_change_leaves_nothing_stale(project_copy, capsys):
    _edit_chapter(project_copy)
    _remove_body(project_copy)
    capsys.readouterr()
    assert run(project_copy, check=False, accept=True) == 0
    out = capsys.readouterr().out
    assert "yaku added: 3-16-10" in out and "yaku removed: 3-16-06" in out
    assert run(project_copy, check=True) == 0, capsys.readouterr()
    docs = project_copy / "site" / "docs"
    page = (docs / "yaku" / "3-16-08.md").read_text(encoding="utf-8")
    # the examples 1234567m1234567p (7p) and 1135599m1135599s (9s, tsumo) hold: b awards 3翻
    assert page.count('選 b → <span class="yb-v yb-v-han">3翻</span>') == 2
    assert "2翻" not in page
    en = (docs / "en" / "yaku" / "3-16-08.md").read_text(encoding="utf-8")
    assert en.count('option b → <span class="yb-v yb-v-han">3 han</span>') == 2
    assert "十四連嵌張" in (docs / "yaku" / "3-16-03.md").read_text(encoding="utf-8")
    assert not (docs / "yaku" / "3-16-06.md").exists()
    assert (docs / "yaku" / "3-16-10.md").exists()

    # `yakubook evaluate` of the built tree (its yakubook/engine/ and generated/ first on the path)
    win = project_copy / "win.json"
    win.write_text(json.dumps({"hand": "1234567m1234567p", "win": "7p"}), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(project_copy)}
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from yakubook.cli import main; sys.exit(main())",
         "evaluate", str(win), "--json"],
        cwd=project_copy, env=env, capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    awarded = {a["id"]: a["value"] for a in json.loads(proc.stdout)["yaku"]}
    assert awarded["3-16-08"]["han"] == 3
