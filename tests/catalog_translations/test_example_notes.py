"""Example notes in both languages (catalog/example_notes.py): the data is complete and each
text is in its own language; a note whose Chinese changed is stale, one without a language
missing; the loader refuses malformed notes with file:line."""

from __future__ import annotations

import hashlib
import re

import pytest

import catalog
from catalog import example_notes as notes

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def _fp(zh: str) -> str:
    return hashlib.sha256(zh.encode("utf-8")).hexdigest()[:16]


@pytest.fixture(scope="module")
def examples(root):
    return catalog.read_examples(root)


def test_every_curated_note_has_both_languages_bound_to_its_chinese(examples):
    raw = [ex["note"] for ex in examples if "note" in ex]
    assert len(raw) >= 780  # 785 notes when this was written
    assert all(isinstance(n, dict) for n in raw), "a note is still English only"
    assert all(n["fp"] == _fp(n["zh"]) for n in raw)
    summary = notes.summary(examples)
    assert summary["total"] == {"translated": len(raw), "stale": 0, "missing": 0,
                                "total": len(raw)}


def test_chinese_notes_are_chinese_and_english_notes_have_no_chinese(examples):
    for ex in examples:
        note = ex.get("note")
        if not isinstance(note, dict):
            continue
        assert HAN.search(note["zh"]), (ex["where"], note["zh"])
        assert not CJK.search(note["en"]), (ex["where"], note["en"])


@pytest.mark.parametrize("raw, status", [
    ({"zh": "立直後一巡內榮和", "en": "ron within the go-around after riichi",
      "fp": _fp("立直後一巡內榮和")}, "translated"),
    # the Chinese was edited after the English was written: the English is stale
    ({"zh": "立直後一巡內自摸", "en": "ron within the go-around after riichi",
      "fp": _fp("立直後一巡內榮和")}, "stale"),
    ({"zh": "", "en": "ron within the go-around after riichi", "fp": ""}, "missing"),
    ({"zh": "立直後一巡內榮和", "en": " ", "fp": _fp("立直後一巡內榮和")}, "missing"),
    # the old form: an English string, no Chinese
    ("ron within the go-around after riichi", "missing"),
])
def test_note_status(raw, status):
    assert notes.note_of(raw).status == status


def test_summary_counts_and_says_where_the_open_notes_are():
    exs = [
        {"yaku": "3-02-01", "where": "catalog/examples.toml #1",
         "note": {"zh": "甲", "en": "a", "fp": _fp("甲")}},
        {"yaku": "3-02-01", "where": "catalog/examples.toml #2",
         "note": {"zh": "乙", "en": "b", "fp": _fp("甲")}},
        {"yaku": "3-02-02", "where": "catalog/examples.toml #3", "note": "English only"},
        {"yaku": "3-02-02", "where": "catalog/examples.toml #4"},
    ]
    s = notes.summary(exs)
    assert s["total"] == {"translated": 1, "stale": 1, "missing": 1, "total": 3}
    assert s["yaku"]["3-02-01"] == {"translated": 1, "stale": 1, "missing": 0, "total": 2}
    assert s["stale"] == ["catalog/examples.toml #2 (3-02-01)"]
    assert s["missing"] == ["catalog/examples.toml #3 (3-02-02)"]


def test_merge_binds_plain_notes_to_their_chinese_and_leaves_the_rest():
    text = ('[[example]]\nyaku = "3-02-01"\nnote = "ron within the go-around"\n\n'
            '[[example]]\nyaku = "3-02-01"\nnote = "not in the file"\n')
    rows = {"ron within the go-around": ("一巡內榮和", "ron, one go-around")}
    out, done = notes.merge(text, rows)
    assert done == 1
    assert ('note = { zh = "一巡內榮和", en = "ron, one go-around", '
            f'fp = "{_fp("一巡內榮和")}" }}') in out
    assert 'note = "not in the file"' in out


@pytest.mark.parametrize("note, message", [
    ('{ zh = "甲", en = "a", fp = "x", de = "b" }', "note has no key 'de'"),
    ('{ zh = 1, en = "a" }', "must be a string"),
    ("3", "must be a table"),
])
def test_malformed_notes_are_refused_with_their_line(note, message):
    text = ('[[example]]\nyaku = "3-02-01"\nhand = "123567m456p789s11z"\nholds = true\n'
            f"note = {note}\n")
    with pytest.raises(catalog.CuratedError) as e:
        catalog.parse_examples(text, "catalog/examples.toml")
    assert str(e.value).startswith("catalog/examples.toml:5:"), str(e.value)
    assert message in str(e.value)
