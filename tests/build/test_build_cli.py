"""`yakubook build` on a scratch copy: determinism, --check, bad input, hand-written files."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.build.conftest import REFERENCE_GROUP, copy_built
from yakubook.build import run

CH000 = "sources/000_22e2f9a84c18da83.txt"


def snapshot(root: Path, folders=("catalog", "generated", "site/docs")) -> dict[str, str]:
    out = {}
    for folder in folders:
        for p in sorted((root / folder).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                out[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def mtimes(root: Path) -> dict[str, int]:
    return {
        p.relative_to(root).as_posix(): p.stat().st_mtime_ns
        for folder in ("catalog", "generated", "site/docs")
        for p in (root / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.mark.slow  # a whole build of a scratch copy
@REFERENCE_GROUP
def test_a_build_with_nothing_changed_rewrites_nothing(tmp_path, edited_reference, capsys):
    root = copy_built(edited_reference[0], tmp_path / "project")  # up to date already
    before = mtimes(root)
    first = snapshot(root)
    capsys.readouterr()
    assert run(root, check=False) == 0
    assert "nothing changed" in capsys.readouterr().out
    assert mtimes(root) == before
    assert snapshot(root) == first


@pytest.mark.slow  # whole builds of a scratch copy
def test_two_builds_from_scratch_are_byte_identical(tmp_path, project_copy):
    import shutil

    other = tmp_path / "other"
    shutil.copytree(project_copy, other)
    for root in (project_copy, other):
        shutil.rmtree(root / "generated")
        (root / "catalog" / "catalog.json").unlink()
        assert run(root, check=False) == 0
    assert snapshot(project_copy) == snapshot(other)


@pytest.mark.slow  # whole builds of a scratch copy
def test_check_reports_stale_files_and_exits_1(project_copy, capsys):
    target = project_copy / "generated" / "s3_13.py"
    target.write_text(target.read_text(encoding="utf-8") + "\n# edited by hand\n", "utf-8")
    capsys.readouterr()
    assert run(project_copy, check=True) == 1
    out = capsys.readouterr().out
    assert "generated/s3_13.py" in out and "stale" in out
    assert "edited by hand" in target.read_text(encoding="utf-8")  # --check writes nothing


def _edit(root: Path, rel: str, old: str, new: str) -> None:
    p = root / rel
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


BAD_INPUTS = {
    "not_utf8": None,
    "truncated": None,
    "duplicate": (
        "3-13-02　紀州五十五萬石",
        "3-13-01　紀州五十五萬石",
        ":26: duplicate ID 3-13-01",
    ),
    "out_of_order": ("3-13-03　水戶三十五萬石", "3-13-09　水戶三十五萬石", "out of order"),
    "letter_gap": ("　　ｂ　役滿\n　?。恪『嫌", "　　ｄ　役滿\n　?。恪『嫌", ":7: option d"),
    "unknown_shape": (
        "3-13-02　紀州五十五萬石\n",
        "3-13-02　紀州五十五萬石\n#####\n",
        "unknown shape",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_file_line_and_leaves_outputs_alone(case, project_copy, capsys):
    before = snapshot(project_copy)
    path = project_copy / CH000
    if case == "not_utf8":
        data = path.read_bytes().split(b"\n")
        data[4] = data[4] + b"\xff\xfe"
        path.write_bytes(b"\n".join(data))
        expect = f"{CH000}:5: not UTF-8"
    elif case == "truncated":
        lines = path.read_text(encoding="utf-8").split("\n")
        path.write_text("\n".join(lines[:120]), encoding="utf-8")
        expect = "truncated"
    else:
        old, new, expect = BAD_INPUTS[case]
        _edit(project_copy, CH000, old, new)
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {CH000}")
    assert expect in err
    assert "Traceback" not in err
    assert snapshot(project_copy) == before


@pytest.mark.slow  # whole builds of a scratch copy
def test_the_build_never_writes_a_hand_written_file(project_copy):
    import shutil

    from yakubook.build import OUTPUT_LIST

    shutil.rmtree(project_copy / "generated")
    (project_copy / "catalog" / "STATUS.json").unlink(missing_ok=True)

    def hand_written() -> dict[str, str]:
        out = {}
        for p in sorted(project_copy.rglob("*")):
            rel = p.relative_to(project_copy).as_posix()
            generated = (
                rel.startswith(("generated/", "site/docs/"))
                or (rel.startswith("catalog/") and rel.endswith((".json", ".md")))
                or "__pycache__" in rel
                or rel == OUTPUT_LIST  # the build's own record of what it wrote
            )
            if p.is_file() and not generated:
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
        return out

    before = hand_written()
    assert run(project_copy, check=False) == 0
    assert hand_written() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("不知", "the surviving byte does not allow '知'"),
        ("不限限", "must fill one lost character"),
    ],
)
def test_an_editorial_restoration_must_fit_the_damage(project_copy, capsys, text, message):
    path = project_copy / "sources" / "editorial.toml"
    data = path.read_text(encoding="utf-8")
    assert 'text = "不限"' in data
    before = snapshot(project_copy)
    path.write_text(data.replace('text = "不限"', f'text = "{text}"'), encoding="utf-8")
    line = data[: data.index('text = "不限"')].count("\n") + 1
    capsys.readouterr()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: sources/editorial.toml:{line}: restore 3-16-05-04-01 b")
    assert message in err
    assert snapshot(project_copy) == before
