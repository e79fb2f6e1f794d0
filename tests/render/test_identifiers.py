"""catalog/identifiers.toml: complete, fresh, valid; and the generated code uses it."""

from __future__ import annotations

import copy
import json
import re

import pytest

import catalog
from catalog import identifiers as ids
from render.stubs import RenderError, emit
from yakubook import generated
from yakubook.build import run

IDENTS = ids.load()


def test_every_rule_question_and_option_has_a_fresh_name(built_catalog):
    resolved = ids.resolve(IDENTS, built_catalog["nodes"])
    assert [f.describe() for f in resolved.findings] == []
    nodes = built_catalog["nodes"]
    rules = [n for n in nodes if n["kind"] == "rule"]
    options = [o for n in nodes if n["kind"] in ("yaku", "rule") for o in n["options"]]
    assert len(resolved.questions) == len(rules) == 130
    assert len(resolved.options) == len(options) == 689


def test_the_file_is_in_canonical_form(root, built_catalog):
    text = (root / "catalog" / "identifiers.toml").read_text(encoding="utf-8")
    assert ids.render_file(built_catalog["nodes"], IDENTS) == text


def test_names_are_meaningful_not_letters():
    for (node, letter), entry in IDENTS.options.items():
        assert entry.name != letter and not re.fullmatch(r"option_[a-z]", entry.name), node
    for node, entry in IDENTS.questions.items():
        assert not re.fullmatch(r"q\d\d(_\d\d)*", entry.name), node


FP = "0" * 64


def _file(question: str = "condition", a: str = "closed_only", b: str = "open_ok") -> str:
    return (
        '["3-13-01-01"]\n'
        f'name = "{question}"\ntext = "役成立條件"\nfingerprint = "{FP}"\n'
        f'a = {{ name = "{a}", text = "僅限門前", fingerprint = "{FP}" }}\n'
        f'b = {{ name = "{b}", text = "鳴牌後也可", fingerprint = "{FP}" }}\n'
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_file(a="class"), "identifiers.toml:5: 3-13-01-01 a: name 'class' is a Python keyword"),
        (_file(b="match"), "identifiers.toml:6: 3-13-01-01 b: name 'match' is a Python keyword"),
        (_file(a="2han"), "identifiers.toml:5: 3-13-01-01 a: name '2han' is not a lower snake"),
        (_file(a="Closed"), "identifiers.toml:5: 3-13-01-01 a: name 'Closed' is not a lower"),
        (_file(a="僅限"), "identifiers.toml:5: 3-13-01-01 a: name '僅限' is not a lower"),
        (_file(a="_x"), "identifiers.toml:5: 3-13-01-01 a: name '_x' is not a lower"),
        (_file(b="closed_only"), "identifiers.toml:6: 3-13-01-01 b: name 'closed_only' repeats"),
        (_file(question="for"), "identifiers.toml:1: 3-13-01-01: name 'for' is a Python keyword"),
        ('["3-13-01-01"]\nz1 = 3\n', "identifiers.toml:1: 3-13-01-01: 'z1' is not an option"),
        ('["3-13-01-01"]\na = { name = "x" }\n', "name and fingerprint must both be strings"),
        ("[x\n", "catalog/identifiers.toml:1: not valid TOML"),
    ],
)
def test_bad_names_are_errors_naming_file_and_line(text, message):
    with pytest.raises(ids.IdentifierError) as e:
        ids.parse(text)
    assert message in str(e.value)
    assert str(e.value).startswith("catalog/identifiers.toml")


def test_two_questions_of_one_yaku_may_not_share_a_name(built_catalog):
    idents = copy.deepcopy(IDENTS)
    total = idents.questions["3-13-01-02"]
    idents.questions["3-13-01-02"] = ids.Entry("condition", total.fingerprint, "", total.line)
    with pytest.raises(ids.IdentifierError, match="repeats rule question 3-13-01-01"):
        ids.resolve(idents, built_catalog["nodes"])
    idents.questions["3-13-01-02"] = ids.Entry("value", total.fingerprint, "", total.line)
    with pytest.raises(ids.IdentifierError, match="reserved for the value option"):
        ids.resolve(idents, built_catalog["nodes"])


def test_a_changed_text_makes_a_name_stale_and_accepting_refreshes_it(built_catalog):
    cat = copy.deepcopy(built_catalog)
    node = next(n for n in cat["nodes"] if n["id"] == "3-13-01-02")
    a, b = node["options"][0], node["options"][1]
    a["text"], b["text"] = b["text"], a["text"]
    stale = ids.resolve(IDENTS, cat["nodes"]).of("stale")
    assert [(f.node, f.letter, f.name) for f in stale] == [
        ("3-13-01-02", "a", "exactly_100"),
        ("3-13-01-02", "b", "at_least_100"),
    ]
    assert stale[0].was == "僅合計剛好100時成立" and stale[0].now == "合計100及以上時成立"
    accepted = ids.parse(ids.render_file(cat["nodes"], IDENTS, {"3-13-01-02"}))
    assert ids.resolve(accepted, cat["nodes"]).findings == []


def test_missing_and_unknown_names_are_reported_with_fallbacks(built_catalog):
    idents = copy.deepcopy(IDENTS)
    del idents.questions["3-13-01-02"]
    del idents.options[("3-13-01", "b")]
    idents.options[("3-99-01", "a")] = ids.Entry("ghost", "0" * 64, "", 1)
    resolved = ids.resolve(idents, built_catalog["nodes"])
    assert resolved.questions["3-13-01-02"] == "q02"
    assert resolved.options[("3-13-01", "b")] == "option_b"
    assert [(f.node, f.letter) for f in resolved.of("missing")] == [
        ("3-13-01", "b"),
        ("3-13-01-02", None),
    ]
    assert [(f.node, f.name) for f in resolved.of("unknown")] == [("3-99-01", "ghost")]
    outputs, _ = emit(built_catalog, catalog.names(), idents)
    assert "    q02: KagaHyakumangoku1Q02 = KagaHyakumangoku1Q02.EXACTLY_100" in (
        outputs["generated/s3_13.py"]
    )


def test_generated_types_are_named_after_the_questions_and_options():
    from yakubook.generated.s3_13 import (
        KagaHyakumangoku1Condition,
        KagaHyakumangoku1Options,
        KagaHyakumangoku1Total,
        KagaHyakumangoku1Value,
    )

    opts = KagaHyakumangoku1Options()
    assert opts.condition is KagaHyakumangoku1Condition.CLOSED_ONLY
    assert opts.total is KagaHyakumangoku1Total.EXACTLY_100
    assert opts.value is KagaHyakumangoku1Value.YAKUMAN
    member = KagaHyakumangoku1Total.MORE_THAN_100
    assert (member.letter, member.text) == ("c", "合計大於100時成立")
    assert KagaHyakumangoku1Total.by_letter("c") is member
    info = generated.REGISTRY["3-13-01"]
    assert info.rules["3-13-01-02"][:2] == ("total", KagaHyakumangoku1Total)


def test_the_docstring_shows_letter_name_and_text_together():
    doc = generated.REGISTRY["3-13-01"].stub.__doc__
    assert "opts.total: KagaHyakumangoku1Total" in doc
    assert "  a  EXACTLY_100    僅合計剛好100時成立" in doc
    assert "  c  MORE_THAN_100  合計大於100時成立" in doc
    assert "  b  YAKUMAN                役滿" in doc


def test_colliding_generated_names_are_an_error(built_catalog):
    # 3-13-01-02 named `value_x` would make KagaHyakumangoku1ValueX; clash it instead with
    # the yaku's own Options class by naming a question `options`.
    idents = copy.deepcopy(IDENTS)
    total = idents.questions["3-13-01-02"]
    idents.questions["3-13-01-02"] = ids.Entry("options", total.fingerprint, "", total.line)
    with pytest.raises(RenderError, match="KagaHyakumangoku1Options collides"):
        emit(built_catalog, catalog.names(), idents)


def test_a_bad_name_stops_the_build_with_exit_2_and_writes_nothing(project_copy, capsys):
    assert run(project_copy, check=False) == 0
    capsys.readouterr()
    path = project_copy / "catalog" / "identifiers.toml"
    text = path.read_text(encoding="utf-8")
    bad = text.replace('name = "exactly_100"', 'name = "lambda"', 1)
    path.write_text(bad, encoding="utf-8")
    before = (project_copy / "generated" / "s3_13.py").read_bytes()
    status_before = (project_copy / "catalog" / "STATUS.json").read_bytes()
    assert run(project_copy, check=False) == 2
    err = capsys.readouterr().err
    line = next(i for i, ln in enumerate(bad.splitlines(), 1) if '"lambda"' in ln)
    assert err.strip() == (
        f"error: catalog/identifiers.toml:{line}: 3-13-01-02 a: name 'lambda' is a Python "
        "keyword"
    )
    assert (project_copy / "generated" / "s3_13.py").read_bytes() == before
    assert (project_copy / "catalog" / "STATUS.json").read_bytes() == status_before
    assert json.loads(status_before)["identifiers"]["stale"] == []
