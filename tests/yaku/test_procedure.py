"""The curated procedure-only rule questions: marked in the catalog, documented by the
body, noted by status, and a bad entry stops the build."""

from __future__ import annotations

import inspect
import tomllib

import pytest

from yakubook.engine import registry
from yakubook.engine.status import compute

registry.load_bodies()


@pytest.fixture(scope="module")
def entries(root):
    return tomllib.loads((root / "catalog" / "procedure.toml").read_text(encoding="utf-8"))


def test_every_entry_is_a_marked_rule_question_with_a_reason(entries, disk_catalog):
    by = {n["id"]: n for n in disk_catalog["nodes"]}
    assert len(entries) >= 10
    for rule_id, entry in entries.items():
        node = by[rule_id]
        assert node["kind"] == "rule" and node["procedure_only"] is True, rule_id
        assert entry["why"].strip() and node["procedure_why"] == entry["why"]
    marked = {n["id"] for n in disk_catalog["nodes"] if n.get("procedure_only")}
    assert marked == set(entries)


def test_bodies_document_and_status_notes_them(entries, disk_catalog, root):
    import catalog

    by = {n["id"]: n for n in disk_catalog["nodes"]}
    names = catalog.parse_names((root / "catalog" / "names.toml").read_text(encoding="utf-8"))
    status = compute(root, disk_catalog, names)["yaku"]
    for rule_id in entries:
        yid = by[rule_id]["yaku"]
        doc = inspect.getsource(registry.BODIES[yid].fn)
        module_doc = inspect.getmodule(registry.BODIES[yid].fn).__doc__ or ""
        assert rule_id in doc or rule_id in module_doc, (rule_id, yid)
        assert status[yid]["status"] == "implemented"
        assert rule_id in status[yid]["note"]


def test_a_procedure_entry_that_is_not_a_rule_question_stops_the_build(project_copy, capsys):
    from yakubook.build import run

    path = project_copy / "catalog" / "procedure.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n["3-13-01"]\nwhy = "no"\n', "utf-8")
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    assert "3-13-01 is not a rule question" in capsys.readouterr().err
