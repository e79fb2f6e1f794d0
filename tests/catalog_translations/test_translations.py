"""The English edition's data: complete, current, faithful to lost characters, consistent."""

from __future__ import annotations

import copy
import hashlib
import json
import re

import pytest

from catalog import translations as tr

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
CHINESE_DIGITS = {"一": 1, "二": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
                  "八": 8, "九": 9, "十": 10}


@pytest.fixture(scope="module")
def entries(root):
    return tr.load_entries(root)


@pytest.fixture(scope="module")
def terms(root):
    return tr.load_glossary(root)


def test_fingerprint_is_sha256_of_the_traditional_text_16_hex():
    assert tr.fingerprint("役滿") == hashlib.sha256("役滿".encode()).hexdigest()[:16]
    assert tr.fingerprint("役滿") != tr.fingerprint("役满")


def test_text_nodes_cover_every_kind_of_text(built_catalog):
    nodes = tr.text_nodes(built_catalog)
    stats = built_catalog["stats"]
    fields = [n.field for n in nodes]
    assert sum(1 for f in fields if re.fullmatch(r"[a-z]", f)) == stats["options"]
    rule_or_section_names = sum(1 for f in fields if f == "name")
    assert rule_or_section_names == stats["rules"] + stats["sections"]
    assert sum(1 for n in nodes if n.field == "content") == sum(
        1 for n in built_catalog["nodes"] if n["content"]
    )
    applies_if = sum(len(n["applies_if"]) for n in built_catalog["nodes"])
    assert sum(1 for f in fields if f.startswith("if")) == applies_if
    assert len({n.key for n in nodes}) == len(nodes)
    # every character the sources lost sits in some text node a reader sees
    assert sum(n.zh.count(tr.LOST) for n in nodes) == stats["lost_characters"]


def test_every_text_node_is_translated_and_current(built_catalog, entries):
    s = tr.summary(built_catalog, entries)
    assert s["missing"] == [], f"{len(s['missing'])} missing, e.g. {s['missing'][:5]}"
    assert s["stale"] == [], f"{len(s['stale'])} stale, e.g. {s['stale'][:5]}"
    assert s["orphans"] == []
    assert s["total"]["translated"] == s["total"]["total"] == len(tr.text_nodes(built_catalog))


def test_english_has_no_chinese(built_catalog, entries):
    bad = [(n.key, entries[n.key].en) for n in tr.text_nodes(built_catalog)
           if CJK.search(entries[n.key].en)]
    assert bad == []


def test_lost_characters_stay_marked_lost(built_catalog, entries):
    for n in tr.text_nodes(built_catalog):
        en = entries[n.key].en
        if tr.LOST in n.zh:
            assert "lost in the source" in en, (n.key, en)
            assert en.count("?") >= n.zh.count(tr.LOST), (n.key, en)
        else:
            assert "lost" not in en, (n.key, en)


def _numbers_in_chinese(zh: str) -> set[str]:
    folded = zh.translate(str.maketrans("０１２３４５６７８９", "0123456789"))
    found = set(re.findall(r"\d+", folded))
    return found | {str(v) for k, v in CHINESE_DIGITS.items() if k in zh}


def test_no_number_is_invented(built_catalog, entries):
    """Every number in the English is one the Chinese states (digits or numerals)."""
    bad = []
    for n in tr.text_nodes(built_catalog):
        en = entries[n.key].en
        extra = set(re.findall(r"\d+", en)) - _numbers_in_chinese(n.zh)
        if extra:
            bad.append((n.key, sorted(extra), en))
    assert bad == []


def test_glossary_terms_are_translated_consistently(built_catalog, entries, terms):
    assert tr.glossary_violations(built_catalog, entries, terms) == []


def test_every_glossary_term_occurs(built_catalog, terms):
    masks = tr.name_masks(built_catalog, terms)
    texts = [n.zh for n in tr.text_nodes(built_catalog)]
    unused = [t.zh for t in terms if not any(tr.uses_term(zh, t, masks) for zh in texts)]
    assert unused == []


def test_glossary_check_catches_a_wrong_term(built_catalog, entries, terms):
    doctored = dict(entries)
    e = entries["3-02-01-01/if1"]  # 如果有一發 -> If ippatsu is used
    doctored[e.key] = tr.Entry(e.key, e.zh, e.fp, "If one-shot is used", None)
    assert tr.glossary_violations(built_catalog, doctored, terms) == [
        "3-02-01-01/if1: 一發 -> ippatsu not in 'If one-shot is used'"
    ]


def test_yaku_names_are_masked_but_terms_that_are_names_are_not(built_catalog, terms):
    masks = tr.name_masks(built_catalog, terms)
    by_zh = {t.zh: t for t in terms}
    assert not tr.uses_term("如果有紅一點", by_zh["點"], masks)
    assert tr.uses_term("�000點", by_zh["點"], masks)
    assert tr.uses_term("如果有人和", by_zh["人和"], masks)


@pytest.mark.parametrize(
    ("text", "value", "english"),
    [
        ("無", {"kind": "none"}, "Not used"),
        ("有", {"kind": "adopted"}, "Used"),
        ("2翻", {"kind": "han", "han": 2, "open_han": None}, "2 han"),
        ("\ufffd翻", {"kind": "han", "han": None, "open_han": None},
         "? han (digit lost in the source)"),
        ("3翻（鳴牌後2翻）", {"kind": "han", "han": 3, "open_han": 2}, "3 han (2 han when open)"),
        ("兩倍役滿", {"kind": "yakuman", "multiple": 2, "open": None}, "Double yakuman"),
        ("三倍役滿（鳴牌後兩倍役滿）",
         {"kind": "yakuman", "multiple": 3, "open": {"kind": "yakuman", "multiple": 2,
                                                     "open": None}},
         "Triple yakuman (double yakuman when open)"),
        ("倍滿", {"kind": "limit", "limit": "baiman", "multiple": 1}, "Baiman"),
        # a qualifier the value does not carry is never dropped: no formula
        ("2翻（包含一發的1翻）", {"kind": "han", "han": 2, "open_han": None}, None),
        ("倍滿（不計字一色）", {"kind": "limit", "limit": "baiman", "multiple": 1}, None),
        ("役滿", {"kind": "han", "han": 2, "open_han": None}, None),
    ],
)
def test_formulaic_values(text, value, english):
    assert tr.formulaic(text, value) == english


def test_value_menus_use_the_formula_where_it_applies(built_catalog, entries):
    """The committed English of each formulaic value option is the generator's."""
    checked = 0
    for n in built_catalog["nodes"]:
        if n["kind"] != "yaku":
            continue
        for o in n["options"]:
            english = tr.formulaic(o["text"]["zh-Hant"], o["value"])
            if english is not None:
                assert entries[f"{n['id']}/{o['letter']}"].en == english
                checked += 1
    assert checked > 300


# ---------------------------------------------------------------------------- parsing


def _entry_toml(key: str, zh: str, fp: str | None = None, en: str = "x") -> str:
    return f'["{key}"]\nzh = "{zh}"\nfp = "{fp or tr.fingerprint(zh)}"\nen = "{en}"\n'


def test_parse_entries_reads_tables():
    text = "# c\n\n" + _entry_toml("3-02-01/a", "1翻", en="1 han")
    got = tr.parse_entries(text)
    assert got["3-02-01/a"] == tr.Entry("3-02-01/a", "1翻", tr.fingerprint("1翻"), "1 han", 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n" + _entry_toml("k/a", "無", fp="0" * 16), ":2: k/a: fp is not the fingerprint of zh"),
        ('\n\n["k/a"]\nzh = "無"\nen = "x"\n', ":3: k/a: unknown [] missing ['fp']"),
        ('["k/a"]\nzh = "無"\nfp = "ABC"\nen = "x"\nsay = 1\n', ":1: k/a: unknown ['say']"),
        ('["k/a"]\nzh = "無"\nfp = "abc"\nen = "x"\n', ":1: k/a: fp must be 16 lower-case hex"),
        ('["k/a"]\nzh = "無"\nfp = \n', "en.toml:3: "),
    ],
)
def test_parse_entries_rejects_bad_input_with_file_and_line(text, message):
    with pytest.raises(tr.TranslationError) as exc:
        tr.parse_entries(text, "catalog/translations/en.toml")
    assert str(exc.value).startswith("catalog/translations/en.toml")
    assert message in str(exc.value)


# ---------------------------------------------------------------------------- verdicts


def _with_option_text(cat: dict, node_id: str, letter: str, text: str) -> dict:
    cat = copy.deepcopy(cat)
    for n in cat["nodes"]:
        if n["id"] == node_id:
            for o in n["options"]:
                if o["letter"] == letter:
                    o["text"]["zh-Hant"] = text
    return cat


def test_a_changed_text_makes_exactly_its_translation_stale(built_catalog, entries):
    changed = _with_option_text(built_catalog, "3-13-01-02", "a", "僅合計剛好100時才成立")
    s = tr.summary(changed, entries)
    assert s["stale"] == ["3-13-01-02/a"] and s["missing"] == []
    assert s["yaku"]["3-13-01"]["stale"] == 1
    assert sum(c["stale"] for c in s["yaku"].values()) == 1
    assert tr.went_stale(built_catalog, changed, entries) == [
        "  translation went stale: 3-13-01-02/a 僅合計剛好100時成立 -> 僅合計剛好100時才成立"
    ]
    # changing it back makes it current again: the verdict depends on the text only
    back = _with_option_text(changed, "3-13-01-02", "a", "僅合計剛好100時成立")
    assert tr.summary(back, entries)["stale"] == []


def test_missing_and_blank_entries_are_missing(built_catalog, entries):
    partial = {k: v for k, v in entries.items() if k != "3-02-01/content"}
    e = entries["3-02-01/a"]
    partial[e.key] = tr.Entry(e.key, e.zh, e.fp, "  ", None)
    s = tr.summary(built_catalog, partial)
    assert s["missing"] == ["3-02-01/content", "3-02-01/a"]
    assert s["yaku"]["3-02-01"]["missing"] == 2


# ---------------------------------------------------------------------------- catalog.en.json


def test_catalog_en_json_on_disk_is_valid_and_matches_the_schema(root):
    import jsonschema

    schema = json.loads((root / tr.EN_SCHEMA_REL).read_text(encoding="utf-8"))
    assert schema == tr.SCHEMA
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = json.loads((root / tr.EN_JSON_REL).read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema)
    assert doc["counts"]["missing"] == doc["counts"]["stale"] == 0


def test_catalog_en_json_follows_the_catalog_and_carries_every_text(built_catalog, entries):
    import catalog

    doc = tr.english_catalog(built_catalog, entries, catalog.names())
    assert [n["id"] for n in doc["nodes"]] == [n["id"] for n in built_catalog["nodes"]]
    keys = set()

    def walk(x):
        if isinstance(x, dict):
            if "key" in x and "status" in x:
                keys.add(x["key"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(doc)
    assert {n.key for n in tr.text_nodes(built_catalog)} <= keys
    ippatsu = next(n for n in doc["nodes"] if n["id"] == "3-02-01")
    assert ippatsu["name"]["en"] == catalog.names()["3-02-01"].en
    assert ippatsu["options"][0]["text"]["en"] == "1 han"
    assert tr.english_catalog(built_catalog, entries, catalog.names()) == doc


def test_catalog_en_json_marks_stale_and_missing(built_catalog, entries):
    import jsonschema

    import catalog

    changed = _with_option_text(built_catalog, "3-13-01-02", "a", "僅合計剛好100時才成立")
    partial = {k: v for k, v in entries.items() if k != "3-13-01-02/b"}
    doc = tr.english_catalog(changed, partial, catalog.names())
    jsonschema.validate(doc, tr.SCHEMA)
    node = next(n for n in doc["nodes"] if n["id"] == "3-13-01-02")
    a, b = node["options"][0]["text"], node["options"][1]["text"]
    assert a["status"] == "stale" and a["en"] == entries["3-13-01-02/a"].en
    assert a["zh-Hant"] == "僅合計剛好100時才成立"
    assert b == {"key": "3-13-01-02/b", "en": None, "status": "missing",
                 "zh-Hant": "合計100及以上時成立"}
    assert doc["counts"]["stale"] == 1 and doc["counts"]["missing"] == 1
