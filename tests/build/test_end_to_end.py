"""Edit a chapter, build, see exactly those changes; restore, build, clean again."""

from __future__ import annotations

import hashlib

import pytest

from tests.build.test_build_cli import CH000
from yakubook.build import run

# Each test runs whole builds of a scratch copy: slow (`make test` runs them; the fast
# suite stays under two minutes on two cores).
pytestmark = pytest.mark.slow


def digest(root, rel):
    return hashlib.sha256((root / rel).read_bytes()).hexdigest()


def test_source_change_flows_to_summary_stubs_and_status(project_copy, capsys):
    import json

    import catalog
    from yakubook.engine.status import compute

    assert run(project_copy, check=False) == 0
    path = project_copy / CH000
    original = path.read_bytes()
    before = {
        p.name: digest(project_copy, f"generated/{p.name}")
        for p in (project_copy / "generated").glob("*.py")
    }
    text = original.decode("utf-8")
    # 1. change an option's value: 3-13-01 b 役滿 -> 兩倍役滿 (line 7)
    text = text.replace("　　ｂ　役滿\n　?。恪『嫌", "　　ｂ　兩倍役滿\n　?。恪『嫌", 1)
    # 2. add an option: 3-13-04 九十九里 gets c
    text = text.replace("3-13-05　米壽", "3-13-05　米壽", 1)
    lines = text.split("\n")
    i = lines.index("3-13-04　九十九里")
    lines.insert(i + 5, "　　ｃ　兩倍役滿")
    # 3. delete a yaku: 3-13-05 米壽 (its six lines)
    j = lines.index("3-13-05　米壽")
    del lines[j : j + 7]
    path.write_text("\n".join(lines), encoding="utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False, accept=True) == 0
    out = capsys.readouterr().out
    changes = out[out.index("changes:") :]
    assert "yaku changed: 3-13-01" in changes
    assert "option changed: 3-13-01 b 役滿 -> 兩倍役滿" in changes
    assert "yaku changed: 3-13-04" in changes and "option added: 3-13-04 c" in changes
    assert "yaku removed: 3-13-05" in changes
    changed_yaku = [ln for ln in changes.splitlines() if "yaku " in ln]
    assert len(changed_yaku) == 3, changed_yaku
    assert "body went stale: 3-13-01" in changes and "body went stale: 3-13-04" in changes
    after = {
        p.name: digest(project_copy, f"generated/{p.name}")
        for p in (project_copy / "generated").glob("*.py")
    }
    assert {n for n in after if after[n] != before.get(n)} == {"s3_13.py", "__init__.py"}
    cat = json.loads((project_copy / "catalog" / "catalog.json").read_text(encoding="utf-8"))
    status = compute(
        project_copy,
        cat,
        catalog.parse_names((project_copy / "catalog" / "names.toml").read_text(encoding="utf-8")),
    )["yaku"]
    assert status["3-13-01"]["status"] == "stale"
    assert status["3-13-04"]["status"] == "stale"
    assert status["3-13-05"]["status"] == "orphan"
    assert status["3-13-02"]["status"] == "implemented"
    # restore
    path.write_bytes(original)
    assert run(project_copy, check=False, accept=True) == 0
    assert run(project_copy, check=True) == 0
    restored = {
        p.name: digest(project_copy, f"generated/{p.name}")
        for p in (project_copy / "generated").glob("*.py")
    }
    assert restored == before
