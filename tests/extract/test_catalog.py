"""The catalog against its contract and the issue's acceptance points."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from extract.build import accounted_lines
from extract.schema import SCHEMA

LOST = "\ufffd"
PINYIN = re.compile(r"\([a-zü]*[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ][a-zü]*\)")


def texts(cat):
    for n in cat["nodes"]:
        yield n["id"], n["name"]
        for key in ("content", "condition"):
            if n[key]:
                yield n["id"], n[key]
        for t in n["notes"] + n["applies_if"]:
            yield n["id"], t
        for o in n["options"]:
            yield f"{n['id']} {o['letter']}", o["text"]
            for t in o["notes"]:
                yield n["id"], t


def test_disk_catalog_is_what_a_build_computes(disk_catalog, built_catalog):
    assert disk_catalog == json.loads(json.dumps(built_catalog))


def test_schema_validates(built_catalog):
    jsonschema.validate(built_catalog, SCHEMA)


def test_counts_ids_and_letters(built_catalog):
    nodes = built_catalog["nodes"]
    ids = [n["id"] for n in nodes]
    assert len(ids) == len(set(ids))
    kinds = [n["kind"] for n in nodes]
    assert kinds.count("section") == 15
    assert 140 <= kinds.count("yaku") <= 160
    options = sum(len(n["options"]) for n in nodes)
    assert 670 <= options <= 710
    for n in nodes:
        letters = "".join(o["letter"] for o in n["options"])
        assert letters == "abcdefgh"[: len(letters)], n["id"]
    assert [n["id"] for n in nodes if n["kind"] == "section"] == [
        f"3-{k:02d}" for k in range(2, 17)
    ]
    by = {n["id"]: n for n in nodes}
    assert by["3-15-03-06"]["kind"] == "yaku" and by["3-08-01-07"]["kind"] == "yaku"
    assert by["3-16-01-02-01"]["kind"] == "rule"
    assert [a["zh-Hant"] for a in by["3-16-01-02-01"]["applies_if"]] == [
        "如果有十三不搭",
        "如果閑家有效",
    ]


def test_no_damage_markup_or_annotation_left_in_texts(built_catalog):
    for where, t in texts(built_catalog):
        for form in ("source", "zh-Hant", "zh-Hans"):
            s = t[form]
            assert "?" not in s and "€" not in s, (where, s)
            assert not any("\ue000" <= c <= "\uf8ff" for c in s), (where, s)
            assert not re.search(r"</?[a-zA-Z][^>]*>|br/>|/p>", s), (where, s)
            assert not PINYIN.search(s), (where, s)


def test_lost_characters_are_few_and_all_reported(built_catalog, root):
    report = (root / "catalog" / "REPORT.md").read_text(encoding="utf-8")
    lost = 0
    for where, t in texts(built_catalog):
        n = t["source"].count(LOST)
        if n:
            lost += n
            assert t["source"].replace("|", "\\|") in report, where
    assert lost == built_catalog["stats"]["lost_characters"] or lost >= 1
    assert lost < 100  # a few dozen, nearly all han digits
    non_digit = [
        (w, t["source"])
        for w, t in texts(built_catalog)
        if LOST in t["source"] and not re.search(LOST + r"(?=[\d翻倍符次巡張～點])", t["source"])
    ]
    assert len(non_digit) <= 8, non_digit


def test_repaired_options_read_as_the_compendium_meant(built_catalog):
    by = {n["id"]: n for n in built_catalog["nodes"]}
    assert [o["text"]["zh-Hant"] for o in by["3-14-06-02"]["options"]] == ["成立", "不成立"]
    c = by["3-13-01-02"]["options"][2]
    assert c["text"]["source"] == "合計大于100時成立"
    evidence = [r for r in c["repairs"] if r["kind"] == "digit_restored"]
    assert evidence and "【內容】 of 3-13-01 states 100" in evidence[0]["evidence"]
    editorial = [r for r in c["repairs"] if r["evidence"].startswith("editorial:")]
    assert [r["result"] for r in editorial] == ["于"]
    assert [o["text"]["source"] for o in by["3-02-05"]["options"]] == ["無", "有"]
    assert by["3-13-01"]["options"][2]["value"]["cases"][0]["value"]["multiple"] == 2
    assert by["3-09-12"]["options"][1]["value"] == {
        "kind": "fu_han",
        "fu": None,
        "han": 1,
        "lost": True,
        "notes": [],
    }


def test_every_nonblank_source_line_is_accounted_for(built_catalog, root):
    seen = accounted_lines(built_catalog)
    for ch in built_catalog["chapters"]:
        lines = (root / ch["file"]).read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines, start=1):
            if line.strip(" \u3000"):
                assert number in seen.get(ch["file"], set()), f"{ch['file']}:{number}: {line}"


def test_every_repair_is_attached_to_an_element(built_catalog):
    attached: dict[str, int] = {}
    for n in built_catalog["nodes"]:
        for r in n["repairs"] + [r for o in n["options"] for r in o["repairs"]]:
            attached[r["kind"]] = attached.get(r["kind"], 0) + 1
    for kind, made in built_catalog["stats"]["repairs"].items():
        assert attached.get(kind, 0) == made, kind


def test_every_editorial_restoration_is_recorded_with_its_evidence(built_catalog, root):
    import tomllib

    entries = tomllib.loads((root / "sources" / "editorial.toml").read_text("utf-8"))["restore"]
    by = {n["id"]: n for n in built_catalog["nodes"]}
    report = (root / "catalog" / "REPORT.md").read_text(encoding="utf-8")
    for e in entries:
        opt = next(o for o in by[e["id"]]["options"] if o["letter"] == e["letter"])
        assert LOST not in opt["text"]["source"] or e["text"].count(LOST)
        records = [r for r in opt["repairs"] if r["evidence"] == f"editorial: {e['evidence']}"]
        assert len(records) == 1 and records[0]["kind"] == "char_restored"
        assert f"editorial: {e['evidence']}"[:40] in report


def test_a_tile_digit_the_content_lists_in_full_is_restored_with_its_evidence(built_catalog):
    by = {n["id"]: n for n in built_catalog["nodes"]}
    # The 【內容】 lines as the source states them (read here, not from the catalog).
    assert by["3-05-04"]["content"]["source"] == "僅有2、4、8筒及風牌的和牌"
    assert by["3-06-03"]["content"]["source"] == "有5筒、1索、自風牌、1筒的對對和"
    expected = {
        ("3-05-04-02", "a"): ("2筒、4筒、8筒有沒有都可以", "names 2筒、4筒、8筒"),
        ("3-05-04-02", "b"): ("2筒、4筒、8筒全部必要", "names 2筒、4筒、8筒"),
        ("3-06-03-01", "a"): ("5筒、1索、風牌、1筒必須全部是刻子", "names 5筒、1筒"),
    }
    for (node_id, letter), (text, named) in expected.items():
        opt = next(o for o in by[node_id]["options"] if o["letter"] == letter)
        assert opt["text"]["source"] == text
        kinds = [r["kind"] for r in opt["repairs"]]
        assert "digit_lost" in kinds  # the damage stays on record
        restored = [r for r in opt["repairs"] if r["kind"] == "digit_restored"]
        assert len(restored) == 1
        assert restored[0]["damaged"] == LOST + text[1:]
        assert named in restored[0]["evidence"] and "【內容】" in restored[0]["evidence"]


@pytest.mark.parametrize(
    ("option", "content", "expected"),
    [
        (LOST + "筒、4筒、8筒", "僅有2、4、8筒", "2"),
        (LOST + "筒、1索、風牌、1筒", "有5筒、1索、自風牌、1筒", "5"),
        # The content names two tiles the option lacks: no evidence for either.
        (LOST + "筒、8筒", "2、4、8筒", None),
        # The option's intact tile is not among the content's: the lists differ.
        (LOST + "筒、9筒", "2、8筒", None),
        # Another suit, or no list at all: nothing to go on.
        (LOST + "萬、4筒", "2、4筒", None),
        (LOST + "翻", "2、4筒", None),
        # Two lost digits: never.
        (LOST + "筒、" + LOST + "筒", "2、4筒", None),
    ],
)
def test_tile_list_evidence_is_strict(option, content, expected):
    from extract.build import _tile_list_digit

    found = _tile_list_digit(option, content)
    assert (found[0] if found else None) == expected
