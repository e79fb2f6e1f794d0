"""`yakubook status` verdicts on a tree with planted bodies."""

from __future__ import annotations

import json

import catalog
from yakubook.engine.status import compute, stage
from yakubook.status_cmd import run_status

BODY = """
from yakubook.engine.registry import implements


@implements({yid!r}, fingerprint={fp!r})
def {name}(win, opts):
    return None
"""


def plant(root, filename: str, bodies: list[tuple[str, str, str]]) -> None:
    text = "".join(BODY.format(yid=y, fp=f, name=n) for y, f, n in bodies)
    (root / "yakubook" / "engine" / "bodies" / filename).write_text(text, encoding="utf-8")


def test_each_verdict(project_copy, built_catalog):
    for p in (project_copy / "yakubook" / "engine" / "bodies").glob("s3_*.py"):
        p.unlink()
    fps = catalog.fingerprints(built_catalog["nodes"])
    plant(
        project_copy,
        "s3_16.py",
        [
            ("3-16-08", fps["3-16-08"], "knitting"),
            ("3-16-09", "0" * 64, "chiishii"),
            ("3-99-01", "f" * 64, "ghost"),
        ],
    )
    names_text = (project_copy / "catalog" / "names.toml").read_text(encoding="utf-8")
    names = catalog.parse_names(names_text)
    del names["3-16-07"]
    status = compute(project_copy, built_catalog, names)
    verdict = {k: v["status"] for k, v in status["yaku"].items()}
    assert verdict["3-16-08"] == "implemented"
    assert verdict["3-16-09"] == "stale"
    assert verdict["3-99-01"] == "orphan"
    assert verdict["3-16-07"] == "unnamed"
    assert verdict["3-16-01"] == "missing"
    planted_path = project_copy / "yakubook" / "engine" / "bodies" / "s3_16.py"
    planted = planted_path.read_text(encoding="utf-8").splitlines()
    def_line = planted.index("def chiishii(win, opts):") + 1
    assert status["yaku"]["3-16-09"]["body"] == f"yakubook/engine/bodies/s3_16.py:{def_line}"
    sec = status["sections"]["3-16"]
    assert sec["implemented"] == 1 and sec["stale"] == 1 and sec["unnamed"] == 1
    assert status["total"]["total"] == len(verdict)
    assert sum(
        status["total"][k] for k in ("implemented", "stale", "missing", "orphan", "unnamed")
    ) == len(verdict)
    # The build's status stage writes that status and warns of each stale or orphan body
    # (and of identifier findings: none on the project's own identifiers.toml).
    outputs, warnings = stage(project_copy, built_catalog, names, {})
    assert json.loads(outputs["catalog/STATUS.json"]) == status
    ghost_line = planted.index("def ghost(win, opts):") + 1
    assert warnings == [
        f"yakubook/engine/bodies/s3_16.py:{def_line}: body of 3-16-09 is stale",
        f"yakubook/engine/bodies/s3_16.py:{ghost_line}: body of 3-99-01 is orphan",
    ]


def test_status_command_table_and_json(root, capsys):
    assert run_status(root, as_json=True) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "yaku", "sections", "total", "translations", "identifiers", "example_notes",
        "chinese_prose", "no_playable_default",
    }
    # the Chinese edition's readings and procedure notes (catalog/translations/zh.toml, #41)
    prose = data["chinese_prose"]["total"]
    assert prose["translated"] == prose["total"] >= 220 and prose["stale"] == 0
    notes = data["example_notes"]["total"]
    assert notes["translated"] == notes["total"] >= 780 and notes["stale"] == 0
    # issue #22: 皆素 (無, ?翻) has no option with a number; 東北新幹線 (無, ?翻, 2翻, 役滿) has
    assert "3-14-13" in data["no_playable_default"]
    assert "3-08-01" not in data["no_playable_default"]
    assert data["yaku"]["3-08-01"]["default"] == "c"
    assert data["yaku"]["3-13-01"]["translation"]["total"] > 0
    assert data["identifiers"]["named"] == 819
    assert data["identifiers"]["stale"] == data["identifiers"]["missing"] == []
    assert run_status(root, as_json=False) == 0
    out = capsys.readouterr().out
    assert "3-13-01" in out and "total" in out
    assert "819 named, 0 stale, 0 missing, 0 unknown" in out
    assert f"example notes (catalog/examples*.toml, zh + en): {notes['total']} translated" in out
    assert f"catalog/translations/zh.toml): {prose['total']} translated, 0 stale, 0 missing" in out
    assert "24 yaku have no such option" in out and "  3-14-13      option b  皆素" in out


NOTED_BODY = """
from yakubook.engine.registry import implements


@implements({yid!r}, fingerprint={fp!r}, note="reads the open riichi as declared at once")
def kaiiriichi(win, opts):
    return None
"""


def test_a_body_note_and_procedure_only_questions_are_both_noted(project_copy, built_catalog):
    # 3-02-03 開立直: seven of its rule questions (the deposit, mistaken wins …) are
    # procedure-only in catalog/procedure.toml.
    for p in (project_copy / "yakubook" / "engine" / "bodies").glob("s3_*.py"):
        p.unlink()
    fps = catalog.fingerprints(built_catalog["nodes"])
    (project_copy / "yakubook" / "engine" / "bodies" / "s3_02.py").write_text(
        NOTED_BODY.format(yid="3-02-03", fp=fps["3-02-03"]), encoding="utf-8")
    names = catalog.parse_names(
        (project_copy / "catalog" / "names.toml").read_text(encoding="utf-8"))
    entry = compute(project_copy, built_catalog, names)["yaku"]["3-02-03"]
    assert entry["status"] == "implemented"
    assert entry["note"] == (
        "reads the open riichi as declared at once; procedure-only rule questions, outside "
        "the evaluator: 3-02-03-02, 3-02-03-03, 3-02-03-04, 3-02-03-07, 3-02-03-07-01, "
        "3-02-03-07-02, 3-02-03-08"
    )


def test_went_stale_names_only_bodies_that_matched_the_old_catalog(tmp_path, monkeypatch):
    import yakubook.engine.status as status

    (tmp_path / "yakubook" / "engine" / "bodies").mkdir(parents=True)
    plant(tmp_path, "s3_02.py", [
        ("3-02-01", "1" * 64, "matched_old"),  # fits the old catalog, not the new: went stale
        ("3-02-02", "0" * 64, "never_matched"),  # fits neither: it was stale already
        ("3-02-03", "1" * 64, "unchanged"),  # fits both
    ])
    # Fingerprints as given, so that only stale_after's comparison is under test.
    monkeypatch.setattr(status.catalog_pkg, "fingerprints", dict)
    old = {"nodes": [("3-02-01", "1" * 64), ("3-02-02", "1" * 64), ("3-02-03", "1" * 64)]}
    new = {"nodes": [("3-02-01", "2" * 64), ("3-02-02", "2" * 64), ("3-02-03", "1" * 64)]}
    assert status.stale_after(tmp_path, old, new) == ["3-02-01"]
    assert status.stale_after(tmp_path, None, new) == []


IDENTIFIERS = f"""["3-99-01"]
a = {{ name = "han_1", text = "一翻", fingerprint = "{"0" * 64}" }}

["3-99-02"]
a = {{ name = "gone", text = "x", fingerprint = "{"1" * 64}" }}
"""


def test_identifier_findings_carry_their_fields_and_message(tmp_path):
    from yakubook.engine.status import identifier_status

    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "identifiers.toml").write_text(IDENTIFIERS, encoding="utf-8")
    # One yaku with two options: `a` named for another text (stale), `b` not named
    # (missing); 3-99-02 is no catalog node (unknown).
    options = [{"letter": "a", "text": {"zh-Hant": "1翻"}},
               {"letter": "b", "text": {"zh-Hant": "無"}}]
    cat = {"nodes": [{"id": "3-99-01", "kind": "yaku", "options": options}]}
    where = "catalog/identifiers.toml"
    assert identifier_status(tmp_path, cat) == {
        "named": 2,
        "stale": [{
            "node": "3-99-01", "letter": "a", "name": "han_1", "line": 2, "was": "一翻",
            "now": "1翻",
            "message": f"{where}:2: 3-99-01 a han_1 is stale: named for '一翻', "
                       "the text is now '1翻'",
        }],
        "missing": [{
            "node": "3-99-01", "letter": "b", "name": "option_b", "line": 1, "was": "",
            "now": "無", "message": f"{where}:1: 3-99-01 b '無' has no name; using option_b",
        }],
        "unknown": [{
            "node": "3-99-02", "letter": "a", "name": "gone", "line": 5, "was": "x", "now": "",
            "message": f"{where}:5: 3-99-02 a gone: the catalog has no such node or option",
        }],
    }


def test_a_damaged_examples_file_is_a_one_line_error(project_copy, capsys):
    """issue #43: an [[example]] without its hand is `file:line: what is wrong`, exit 2, no
    traceback (it was a traceback, exit 1)."""
    path = project_copy / "catalog" / "examples.toml"
    text = path.read_text(encoding="utf-8")
    first = text.index("\n[[example]]\n") + 1
    line = text[:first].count("\n") + 1
    hand = text.index("\nhand = ", first) + 1
    path.write_text(text[:hand] + text[text.index("\n", hand) + 1:], encoding="utf-8")
    assert run_status(project_copy, False) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing half-printed before the error
    assert captured.err == f"error: catalog/examples.toml:{line}: example 1 has no hand\n"


def test_a_body_with_another_decorator_above_its_implements_is_found(project_copy, built_catalog):
    # `yakubook status` reads the bodies' source: an @implements below another decorator
    # (a cache, a wrapper) is the body all the same.
    fps = catalog.fingerprints(built_catalog["nodes"])
    path = project_copy / "yakubook" / "engine" / "bodies" / "s3_16.py"
    path.write_text(
        "from yakubook.engine.registry import implements\n\n\n"
        "def keep(fn):\n    return fn\n\n\n"
        f"@keep\n@implements('3-16-08', fingerprint={fps['3-16-08']!r})\n"
        "def knitting(win, opts):\n    return None\n",
        encoding="utf-8",
    )
    names = catalog.parse_names((project_copy / "catalog" / "names.toml").read_text("utf-8"))
    status = compute(project_copy, built_catalog, names)
    assert status["yaku"]["3-16-08"]["status"] == "implemented"
    assert status["yaku"]["3-16-08"]["body"] == "yakubook/engine/bodies/s3_16.py:10"
