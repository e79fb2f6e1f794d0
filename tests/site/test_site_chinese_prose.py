"""The Chinese edition's key prose in Chinese (issue #41, point 3): each body's reading ("How
the code reads it") and each procedure note, written in Chinese from the same English the
English edition shows (catalog/translations/zh.toml), bound to that English's fingerprint so
that a changed English turns its Chinese stale; the English edition is left as it was.

Acceptance: "Chinese readings: written in Chinese." The issue counted 205 of 207 reading
paragraphs in English on the Chinese edition."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from catalog import translations
from extract.normalize import to_hans
from render.site.model import Node, chinese_prose
from render.site.values import Text

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN = re.compile(r"[A-Za-z]")
# Three or more English words in a row: a sentence (or most of one) left untranslated. The
# names a reading may keep in Latin letters are one or two words (BACK FOUR, Gold Rush,
# Windows 95, Route 246, Superman); tile codes (123m) and option letters are single letters.
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[ '’-]+[A-Za-z]{2,}){2,}")
TAG = re.compile(r"<[^>]+>")
PENDING = ("中文待補", "中文待更新")
# A reading paragraph is "written in Chinese" when at least this share of its letters are
# Chinese characters (the lowest today, BACK FOUR's "BACK FOUR：門前；三組四張的組合加一個雀頭。",
# is 0.64; an English paragraph with a Chinese term or two is below 0.2).
MIN_HAN_SHARE = 0.5


def _plain(fragment: str) -> str:
    # the pages write Markdown-significant characters as character references
    return html.unescape(TAG.sub("", fragment)).strip()


def _reading_block(md: str) -> str:
    start = md.find('<div class="yb-reading"')
    return md[start:md.index("</div>", start)] if start >= 0 else ""


def _paragraphs(block: str) -> list[str]:
    body = block.split("markdown>", 1)[1] if block else ""
    return [t for p in body.split("{ .yb-reading-para }") if (t := _plain(p))]


def _traditional_and_simplified(md: str) -> tuple[list[str], list[str]]:
    block = _reading_block(md)
    hant, _, hans = block.partition("<details")
    return _paragraphs(hant), _paragraphs(hans.replace("<summary>简体</summary>", ""))


def han_share(text: str) -> float:
    han, latin = len(HAN.findall(text)), len(LATIN.findall(text))
    return han / (han + latin) if han + latin else 1.0


def test_the_checks_tell_chinese_from_english():
    english = ("Ron on the very first discard after one's riichi: the 下家's. "
               "The value includes 一發's 1翻.")
    assert han_share(english) < 0.2 and ENGLISH_RUN.search(english)
    chinese = "立直後榮和下一張打出的牌：下家打出的那張。"
    assert han_share(chinese) == 1.0 and not ENGLISH_RUN.search(chinese)
    for kept in ("BACK FOUR：門前；三組四張的組合加一個雀頭。",
                 "Windows 95：9萬、9筒、9索的刻子，一組5的刻子和一對5的雀頭。",
                 "Gold Rush：字牌只有發的筒子混一色一氣通貫（發作刻子或雀頭）。",
                 "三組相同的順子（同花色、同數字），例如 123m 123m 123m。",
                 "3-14-06-03 b：必須立直。"):
        assert han_share(kept) >= MIN_HAN_SHARE and not ENGLISH_RUN.search(kept), kept


def _chinese_yaku_pages(pages: dict[str, str]) -> dict[str, str]:
    return {p: md for p, md in sorted(pages.items()) if p.startswith("yaku/")}


def test_every_chinese_reading_is_written_in_chinese(pages):
    seen, bad = 0, []
    for path, md in _chinese_yaku_pages(pages).items():
        block = _reading_block(md)
        if not block:
            continue
        assert 'lang="zh-Hant"' in block.split(">", 1)[0], path
        hant, _ = _traditional_and_simplified(md)
        for para in hant:
            seen += 1
            if han_share(para) < MIN_HAN_SHARE or ENGLISH_RUN.search(para):
                bad.append((path, para[:70]))
        if any(tag in block for tag in PENDING):
            bad.append((path, "a paragraph marked pending (its Chinese stale or missing)"))
    assert seen >= 200, seen  # 209 paragraphs of 149 readings today
    assert not bad, f"{len(bad)} reading paragraphs not in Chinese, e.g. {bad[:5]}"


def test_the_simplified_form_is_the_traditional_converted(pages):
    pairs = 0
    for path, md in _chinese_yaku_pages(pages).items():
        hant, hans = _traditional_and_simplified(md)
        if not hant:
            continue
        assert hans == [to_hans(p) for p in hant], path
        pairs += len(hans)
    assert pairs >= 200
    # e.g. 一發 (3-02-01): the Simplified edition's readers see 一发
    hant, hans = _traditional_and_simplified(pages["yaku/3-02-02.md"])
    assert "一發" in hant[1] and "一发" in hans[1]


def test_procedure_notes_are_written_in_chinese(pages):
    lines = [(path, line) for path, md in _chinese_yaku_pages(pages).items()
             for line in md.splitlines() if "yb-label-proc" in line]
    assert len(lines) >= 12  # the procedure-only rule questions of catalog/procedure.toml
    for path, line in lines:
        note = _plain(line.partition("*table procedure only*")[2])
        assert note.startswith("："), (path, line)
        assert 'lang="en"' not in line and not any(tag in line for tag in PENDING), (path, line)
        assert han_share(note) >= MIN_HAN_SHARE and not ENGLISH_RUN.search(note), (path, note)
    assert any("開立直放在桌上的立直棒" in line for _, line in lines)


def test_the_english_edition_keeps_its_english_readings(all_pages):
    chinese = {e.zh for e in translations.load_zh_entries(Path(__file__).parents[2]).values()}
    assert len(chinese) >= 200
    english = {p: md for p, md in all_pages.items() if p.startswith("en/yaku/")}
    compared = 0
    for path, md in sorted(english.items()):
        block = _reading_block(md)
        if not block:
            continue
        assert 'lang="en"' in block.split(">", 1)[0] and "<details" not in block, path
        en_paras = _paragraphs(block)
        zh_paras, _ = _traditional_and_simplified(all_pages[path.removeprefix("en/")])
        assert len(en_paras) == len(zh_paras), path
        for para in en_paras:
            compared += 1
            assert han_share(para) < MIN_HAN_SHARE, (path, para[:70])
            assert not any(zh in para for zh in chinese), (path, para[:70])
    assert compared >= 200


# ---------------------------------------------------------- stale and missing (the binding)

ENGLISH = "Ron on the tile another player discards to declare riichi."
CHINESE = "榮和他家為宣告立直而打出的牌。"


def _zh_toml(en: str, zh: str) -> str:
    fp = translations.fingerprint(en)
    return f'["3-99-01/reading1"]\nen = "{en}"\nfp = "{fp}"\nzh = "{zh}"\n'


def _root_with(tmp_path: Path, toml: str) -> Path:
    (tmp_path / "catalog" / "translations").mkdir(parents=True)
    (tmp_path / translations.ZH_REL).write_text(toml, encoding="utf-8")
    return tmp_path


def _yaku_node() -> Node:
    name = Text("測試", "测试", "測試")
    return Node(id="3-99-01", kind="yaku", depth=2, level=2, section="3-99", yaku="3-99-01",
                name=name, source="x:1", content=None, condition=None, notes=[],
                applies_if=[], options=[], has_values=False, repairs=[])


CAT = {"nodes": [{"id": "3-99-01", "kind": "yaku"}]}


def test_a_reading_bound_to_todays_english_is_shown_in_chinese(tmp_path):
    root = _root_with(tmp_path, _zh_toml(ENGLISH, CHINESE))
    node = _yaku_node()
    node.reading = ENGLISH
    chinese_prose(root, CAT, [node], {"3-99-01": ENGLISH}, [])
    (p,) = node.reading_zh
    assert p.status == "translated" and p.zh is not None and p.zh.hant == CHINESE
    assert p.zh.hans == "荣和他家为宣告立直而打出的牌。"


def test_a_changed_english_reading_turns_its_chinese_stale(tmp_path):
    """The English edition's reading changed (a body's docstring was edited): the Chinese,
    written for the old English, is stale; the page shows today's English, marked."""
    root = _root_with(tmp_path, _zh_toml(ENGLISH, CHINESE))
    changed = "Ron on the tile another player discards to declare riichi, open riichi too."
    node = _yaku_node()
    node.reading = changed
    chinese_prose(root, CAT, [node], {"3-99-01": changed}, [])
    (p,) = node.reading_zh
    assert (p.status, p.zh, p.en) == ("stale", None, changed)
    texts = translations.prose_texts(CAT, {"3-99-01": changed})
    entries = translations.load_zh_entries(root)
    assert translations.prose_report(texts, entries) == [
        "  translation went stale (zh): 3-99-01/reading1: the English changed since its "
        "Chinese was written (catalog/translations/zh.toml:1)",
        "translations (zh): 1 stale, 0 missing of 1 (see `yakubook status`)",
    ]
    # re-wrapping a docstring is no change of its English
    rewrapped = ENGLISH.replace(" another ", "\n    another ")
    assert translations.prose_report(translations.prose_texts(CAT, {"3-99-01": rewrapped}),
                                     entries) == []


def test_a_reading_without_chinese_is_missing(tmp_path):
    root = _root_with(tmp_path, "")
    texts = translations.prose_texts(CAT, {"3-99-01": f"{ENGLISH}\n\nA second paragraph."})
    summary = translations.prose_summary(texts, translations.load_zh_entries(root))
    assert summary["missing"] == ["3-99-01/reading1", "3-99-01/reading2"]
    assert summary["total"] == {"translated": 0, "stale": 0, "missing": 2, "total": 2}


@pytest.mark.parametrize("toml, message", [
    ('["3-99-01/reading1"]\nen = "a"\nfp = "0000000000000000"\nzh = "甲"\n',
     "catalog/translations/zh.toml:1: 3-99-01/reading1: fp is not the fingerprint of en"),
    ('["3-99-01/reading1"]\nen = "a"\nzh = "甲"\n',
     "catalog/translations/zh.toml:1: 3-99-01/reading1: unknown [] missing ['fp']"),
])
def test_a_malformed_chinese_entry_is_bad_input_with_file_and_line(tmp_path, toml, message):
    root = _root_with(tmp_path, toml)
    with pytest.raises(translations.TranslationError) as e:
        translations.load_zh_entries(root)
    assert str(e.value).startswith(message)


def test_every_text_of_today_has_its_chinese(root, cat):
    """Nothing missing, nothing stale, nothing orphaned: 209 reading paragraphs and 12
    procedure notes today."""
    from yakubook.engine.status import readings

    texts = translations.prose_texts(cat, readings(root))
    summary = translations.prose_summary(texts, translations.load_zh_entries(root))
    assert summary["total"]["translated"] == summary["total"]["total"] >= 220, summary
    assert summary["orphans"] == []


def _lost_value_box(md: str) -> str:
    """The lost-value warning's prose: the box without its title line and its TOML."""
    start = md.find('!!! warning "值的數字遺失')
    if start < 0:
        return ""
    lines = []
    for line in md[start:].splitlines()[1:]:
        if line and not line.startswith("    "):
            break
        lines.append(line)
    return re.sub(r"```toml.*?```", "", "\n".join(lines), flags=re.S)


def test_the_lost_value_box_speaks_chinese_in_both_scripts(pages):
    boxes = {p: box for p, md in _chinese_yaku_pages(pages).items()
             if (box := _lost_value_box(md))}
    assert len(boxes) >= 10  # every yaku with an option whose number the source lost
    for path, box in boxes.items():
        prose = _plain(box)
        assert han_share(prose) >= 0.9 and not ENGLISH_RUN.search(prose), (path, prose)
        assert "遺失" in box and '<span class="yb-hans" lang="zh-Hans">' in box, path
        assert "遗失" in box, path  # the Simplified sentence beside the Traditional one


def test_the_status_note_on_procedure_questions_is_written_in_chinese(pages):
    """The status line of a yaku with procedure-only rule questions lists them in Chinese
    (the English edition's status says it its own way)."""
    chinese = {p: md for p, md in pages.items() if p.startswith("yaku/") or p == "by-status.md"}
    assert not [p for p, md in chinese.items() if "outside the evaluator" in md]
    for yid, ids in {"3-08-01": "3-08-01-06", "3-15-06": "3-15-06-03、3-15-06-04"}.items():
        md = pages[f"yaku/{yid}.md"]
        impl = md.splitlines()[md.splitlines().index("{ .yb-impl }") - 1]
        impl = re.sub(r"<[^>]*>", "", impl)  # the text a reader sees (IDs are kept whole in spans)
        assert f"只關於牌桌程序、不作判定的規則問題：{ids}" in impl, impl
        assert f"只关于牌桌程序、不作判定的规则问题：{ids}" in impl, impl
