"""The website stage (render/site/): pages, anchors, escaping, lost digits, search data."""

from __future__ import annotations

import copy
import functools
import html
import json
import os
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from site_helpers import FALLBACK_EXAMPLES, markdown_to_html, mini_catalog

from render import site

ANCHOR = re.compile(r"\{ #([^ }]+) \}\s*$", re.M)
LINK = re.compile(r"\]\(([^)\s]*)\)")


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: Counter[str] = Counter()

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        for k, v in attrs:
            if k == "id" and v:
                self.ids.append(v)


# Memoized: several tests below read the same page.
@functools.cache
def html_ids(md: str) -> tuple[list[str], Counter[str]]:
    p = _Ids()
    p.feed(markdown_to_html(md))
    return p.ids, p.tags


def test_outputs_are_site_docs_and_deterministic(cat, names, status_outputs, rendered, tmp_path):
    assert rendered and all(k.startswith("site/docs/") for k in rendered)
    again, _ = site.stage(tmp_path, cat, names, status_outputs)
    first, _ = site.stage(tmp_path, cat, names, status_outputs)
    assert again == first
    # the project's own data renders the same way twice too
    assert set(again) == set(rendered)
    for rel in ("site/docs/index.md", "site/docs/by-value.md", "site/docs/by-name.md",
                "site/docs/status.md", "site/docs/by-status.md", f"site/docs/{site.CHART}",
                f"site/docs/{site.JIEBA_DICT}", f"site/docs/{site.CSS}"):
        assert rel in rendered


def test_project_data_renders_without_warnings(cat, names, status_outputs, root):
    _, warnings = site.stage(root, cat, names, status_outputs)
    assert warnings == []


def page_of(n: dict) -> str:
    """The page that shows a node: its yaku's page, or the section page for a section."""
    if n["kind"] == "section":
        return f"sections/{n['id']}.md"
    return f"yaku/{n['id'] if n['kind'] == 'yaku' else n['yaku']}.md"


def built_ids(public: Path, md_path: str) -> list[str]:
    """The element ids of a rendered page as the built site shows it (mkdocs' own HTML of
    that Markdown, built once per run by the ``built_site`` fixture: rendering all ~500
    pages again with Python-Markdown here took 40 s of a worker)."""
    stem = md_path.removesuffix(".md")
    rel = "index.html" if stem == "index" else (
        stem.removesuffix("index") + "index.html" if stem.endswith("/index")
        else f"{stem}/index.html")
    p = _Ids()
    p.feed((public / rel).read_text(encoding="utf-8"))
    p.close()
    return p.ids


@pytest.mark.slow  # reads every page of both editions as the built site shows it
@pytest.mark.xdist_group("pages-to-html")
def test_every_node_has_its_page_and_keeps_its_section_anchor(cat, pages, built_site):
    section_pages = {k: v for k, v in pages.items() if k.startswith("sections/")}
    assert sorted(section_pages) == sorted(
        f"sections/{n['id']}.md" for n in cat["nodes"] if n["kind"] == "section")
    assert sorted(k for k in pages if k.startswith("yaku/")) == sorted(
        f"yaku/{n['id']}.md" for n in cat["nodes"] if n["kind"] == "yaku")
    where: dict[str, list[str]] = {}
    for path in pages:
        for i in built_ids(built_site.public, path):
            where.setdefault(i, []).append(path)
    for n in cat["nodes"]:
        # the old link sections/3-13/#3-13-01 still lands on an anchor of that ID, and the
        # node is shown (as a heading with its ID) on its own page
        expected = sorted({f"sections/{n['section']}.md", page_of(n)})
        assert sorted(where.get(n["id"], [])) == expected, n["id"]
    for n in cat["nodes"]:
        if n["kind"] != "section":
            md = section_pages[f"sections/{n['section']}.md"]
            link = f"(../{page_of(n)}" + ("" if n["kind"] == "yaku" else f"#{n['id']}") + ")"
            assert f"{link}{{ #{n['id']} .yb-moved }}" in md, n["id"]


@pytest.mark.slow  # reads every page of both editions as the built site shows it
@pytest.mark.xdist_group("pages-to-html")
def test_every_link_to_a_node_resolves(all_pages, built_site):
    pages = all_pages  # both editions: the language switch links across them
    anchors = {path: set(built_ids(built_site.public, path)) for path in pages}
    checked = 0
    for path, md in pages.items():
        for target in LINK.findall(md):
            if target.startswith(("http:", "https:")) or target.endswith(".svg"):
                continue
            file, _, frag = target.partition("#")
            dest = path if not file else os.path.normpath(str(Path(path).parent / file))
            assert dest in pages, f"{path}: link to missing page {target}"
            if frag:
                assert frag in anchors[dest], f"{path}: link to missing anchor {target}"
                checked += 1
    assert checked > 300


def test_headings_use_ids_starting_with_a_digit(pages):
    ids, _ = html_ids(pages["sections/3-13.md"])
    assert "3-13" in ids and "3-13-01" in ids and "3-13-01-01" in ids
    ids, _ = html_ids(pages["yaku/3-13-01.md"])
    assert "3-13-01" in ids and "3-13-01-01" in ids


def _lost_han_option(cat):
    for n in cat["nodes"]:
        for o in n["options"]:
            v = o["value"]
            if n["kind"] == "yaku" and v and v["kind"] == "han" and v["lost"]:
                return n, o
    pytest.fail("the catalog has no han value with a lost digit")


def test_lost_digit_shows_question_mark_and_explanation(cat, pages):
    node, opt = _lost_han_option(cat)
    md = pages[f"yaku/{node['id']}.md"]
    block = md[md.index(f"{{ #{node['id']} }}"):]
    block = block[:block.index("{ #implementation }")]
    row = next(line for line in block.splitlines() if line.startswith(f"| **{opt['letter']}**"))
    assert '<span class="yb-v yb-v-han yb-v-lost">?翻</span>' in row
    assert "此數字在來源中遺失" in row and "lost in the source" in row
    # where it was lost: the line in the row; the file (a path with a hash) at the foot of
    # the page with the repairs, as verification detail (#41 point 7)
    assert opt["source"]["file"] not in html.unescape(row)
    lost_at = next(r for r in opt["repairs"] if r["kind"] == "digit_lost")
    assert f"來源第{lost_at['line']}行" in row and f"source line {lost_at['line']}" in row
    foot = html.unescape(md[md.index("{ #verification }"):])
    assert opt["source"]["file"] in foot and f"第{lost_at['line']}行" in foot
    for md in pages.values():
        assert "None" not in md and "?\u7ffb" not in md.replace("?翻", "")


def test_lost_digit_known_case_3_02_03(cat, pages):
    node = next(n for n in cat["nodes"] if n["id"] == "3-02-03")
    lost = [o["letter"] for o in node["options"] if o["value"] and o["value"]["lost"]]
    assert lost, "3-02-03 no longer has lost digits; pick another example"
    rendered = markdown_to_html(pages["yaku/3-02-03.md"])
    assert rendered.count("this digit was lost in the source") >= len(lost)
    # said plainly in the page header, with how a ruleset supplies the number
    head = rendered[:rendered.index("yb-name-table") if "yb-name-table" in rendered else 3000]
    # the sample ruleset is a highlighted code block: its text, tags aside
    assert "值的數字遺失" in rendered and "han = 2" in re.sub(r"<[^>]+>", "", rendered)
    # before the options table (the opening summary names the default option: #41)
    assert rendered.index("值的數字遺失") < re.search(r"<th[^>]*>選項</th>", rendered).start()
    del head


def test_lost_values_are_marked_in_the_indexes(cat, pages):
    lost = [n["id"] for n in cat["nodes"] if n["kind"] == "yaku" and any(
        o["value"] and site.is_lost(o["value"]) for o in n["options"])]
    assert lost
    for page in ("by-value.md", "by-name.md", "by-status.md"):
        md = pages[page]
        for yid in lost:
            line = next(x for x in md.splitlines() if f"(yaku/{yid}.md)" in x and "yb-id" in x)
            assert "值遺失 ?翻" in line, (page, yid)
    assert 'han = N' in pages["by-value.md"]


def test_values_are_labelled():
    label = site.value_label
    assert label({"kind": "han", "han": 2, "open_han": None}) == "2翻"
    assert label({"kind": "han", "han": 2, "open_han": 1}) == "2翻 (鳴牌1翻)"
    assert label({"kind": "yakuman", "multiple": 2, "open": None}) == "役滿 ×2"
    assert label({"kind": "yakuman", "multiple": 1,
                  "open": {"kind": "han", "han": 2, "open_han": None}}) == "役滿 (鳴牌 2翻)"
    assert label({"kind": "limit", "limit": "mangan", "multiple": 1}) == "滿貫"
    assert label({"kind": "limit", "limit": "mangan", "multiple": None}) == "滿貫 ×?"
    assert label({"kind": "fu_han", "fu": 25, "han": 1}) == "25符1翻"
    assert label({"kind": "fu_han", "fu": None, "han": 1}) == "?符1翻"
    assert label({"kind": "additive", "han": 2, "plus": "七对子"}) == "2翻 + 七對子"
    assert label({"kind": "conditional", "cases": [
        {"when": "海底捞月", "value": {"kind": "yakuman", "multiple": 2}},
        {"when": "河底捞鱼", "value": {"kind": "yakuman", "multiple": 1}}]}) == \
        "海底撈月：役滿 ×2 / 河底撈魚：役滿"
    assert label({"kind": "lost"}) == "?"
    assert site.value_rank({"kind": "yakuman", "multiple": 2}) > site.value_rank(
        {"kind": "limit", "limit": "sanbaiman", "multiple": 1})


def test_default_option_is_first_non_none_for_yaku_and_a_for_rules(pages):
    md = pages["yaku/3-13-01.md"]
    yaku = md[md.index("{ #3-13-01 }"):md.index("{ #3-13-01-01 }")]
    assert re.search(r"\| \*\*b\*\*<br><span class=\"yb-default\"", yaku)
    rule = md[md.index("{ #3-13-01-01 }"):md.index("{ #3-13-01-02 }")]
    assert re.search(r"\| \*\*a\*\*<br><span class=\"yb-default\"", rule)


def test_syntax_in_catalog_text_is_escaped(tmp_path):
    cat = mini_catalog()
    out, warnings = site.stage(tmp_path, cat, {}, {})
    assert warnings == []
    md = out["site/docs/yaku/3-99-01.md"].decode()
    for raw in ("<script", "{{", "{%", "<b>", "<em>", "<hr>", "<i>", "[l](", "`c`", "<!--  x"):
        assert raw not in md.replace("<!-- Code generated", ""), raw
    page = markdown_to_html(md)
    ids, tags = html_ids(md)
    assert {"3-99-01", "3-99-01-01"} <= set(ids)
    for tag in ("script", "b", "em", "hr", "i", "a", "strong"):
        if tag in ("a", "strong", "em"):
            continue  # the page's own links, option letters and English glosses use these
        assert tags[tag] == 0, tag
    shown = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "名<script>alert(1)</script>" in shown
    assert "內容 {{ x }} {% if %} | a*b*c_d_ [l](http://x) <b>粗</b> `c` #h" in shown
    assert "選項 | 兩 | 格 &amp; \\*" in shown
    assert "規則 [x] <script>" in shown
    assert "<br/>?" in shown and "{{ e }}" in shown
    # the option with pipes stays one row of three cells
    row = next(r for r in page.split("<tr>") if "選項 |" in html.unescape(r))
    assert row.count("<td") == 3
    # titles are safe for a theme that prints them unescaped
    front = md.split("---\n")[1]
    title = yaml.safe_load(front)["title"]
    assert "<" not in title and ">" not in title and "&" not in title
    for rel in ("index.md", "by-value.md", "by-name.md", "by-status.md", "status.md",
                "sections/3-99.md"):
        other = out[f"site/docs/{rel}"].decode()
        assert "<script" not in other and "{{" not in other and "<em>|" not in other


def test_lost_character_and_digit_in_mini_catalog(tmp_path):
    out, _ = site.stage(tmp_path, mini_catalog(), {}, {})
    md = out["site/docs/yaku/3-99-01.md"].decode()
    assert "\ufffd" not in md
    # the lost digit's place: its line and column beside it, the file at the foot (#41)
    assert "來源第7行第2列" in md and "source line 7, column 2" in md
    foot = md[md.index("{ #verification }"):]
    assert "sources/x&#95;y.txt" in foot and "第7行第2列" in foot
    assert '<span class="yb-lost"' in md


def test_status_absent_says_so_and_counts_missing(tmp_path):
    out, _ = site.stage(tmp_path, mini_catalog(), {}, {})
    by_status = out["site/docs/by-status.md"].decode()
    assert "沒有狀態資料" in by_status and "No status data" in by_status
    assert "沒有狀態資料" in out["site/docs/status.md"].decode()
    assert "yb-status-missing" in out["site/docs/sections/3-99.md"].decode()


def test_status_present_is_shown(tmp_path):
    status = {"yaku": {
        "3-99-01": {"status": "stale", "note": "catalog entry changed", "slug": "x",
                    "section": "3-99"},
        "3-99-02": {"status": "orphan", "note": "no such yaku", "slug": "gone",
                    "section": "3-99"}},
        "sections": {}, "total": {}}
    out, warnings = site.stage(tmp_path, mini_catalog(), {},
                               {"catalog/STATUS.json": json.dumps(status).encode()})
    assert warnings == []
    by_status = out["site/docs/by-status.md"].decode()
    assert "沒有狀態資料" not in by_status
    assert "catalog entry changed" in by_status and "3-99-02" in by_status
    assert "yb-status-stale" in out["site/docs/sections/3-99.md"].decode()
    chart = out[f"site/docs/{site.CHART}"].decode()
    assert site.STATUS_COLOURS["stale"] in chart


def test_a_phone_leaves_out_a_status_column_only_where_the_page_names_the_status(tmp_path):
    """A section of one stale and one implemented yaku keeps its status column on a phone
    (the line above the table names two statuses); a section whose yaku all have one
    status leaves it out (the line names it), as do the by-status tables (their heading
    names it); the status table leaves out the statuses no yaku has and names them under
    the table. (tests/site/test_site_browser.py checks what a phone shows.)"""
    cat = mini_catalog()
    second = copy.deepcopy(next(n for n in cat["nodes"] if n["id"] == "3-99-01"))
    second.update(id="3-99-02", yaku="3-99-02")
    cat["nodes"].insert(2, second)
    status = {"yaku": {
        "3-99-01": {"status": "stale", "note": "", "slug": "x", "section": "3-99"},
        "3-99-02": {"status": "implemented", "note": "", "slug": "y", "section": "3-99"}},
        "sections": {}, "total": {}}
    out, _ = site.stage(tmp_path / "two", cat, {},
                        {"catalog/STATUS.json": json.dumps(status).encode()})
    del status["yaku"]["3-99-02"]
    one, _ = site.stage(tmp_path / "one", mini_catalog(), {},
                        {"catalog/STATUS.json": json.dumps(status).encode()})
    for edition, word in (("", "狀態"), ("en/", "Status")):
        mixed = out[f"site/docs/{edition}sections/3-99.md"].decode()
        assert f"| {word} |" in mixed and "yb-phone-hide" not in mixed, edition
        single = one[f"site/docs/{edition}sections/3-99.md"].decode()
        assert f'| <span class="yb-phone-hide">{word}</span> |' in single, edition
        by_status = out[f"site/docs/{edition}by-status.md"].decode()
        assert f'| <span class="yb-phone-hide">{word}</span> |' in by_status, edition
        table = out[f"site/docs/{edition}status.md"].decode()
        head = next(line for line in table.splitlines()
                    if line.startswith(("| 節 |", "| Section |")))
        hidden = re.findall(r'<span class="yb-phone-hide">([^<]+)</span>', head)
        assert hidden == (["未實現", "未命名", "孤立"] if not edition
                          else ["not implemented", "unnamed", "orphan"]), head
        note = next(line for line in table.splitlines()
                    if line.startswith(("沒有", "No yaku is")))
        assert all(name in note for name in hidden), note
        # the two statuses some yaku have are not named
        assert not re.search(r"需更新|已實現|stale|(?<!not )implemented", note), note
        assert table.index(note) < table.index("{ .yb-phone-only }")


def test_examples_are_drawn_as_tiles(cat, names, tmp_path):
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "examples.toml").write_text(
        FALLBACK_EXAMPLES + '\n[[example]]\nyaku = "3-13-01"\nhand = "12x"\nwin = "1m"\n'
        '\n[[example]]\nyaku = "9-99-99"\nhand = "1m"\nwin = "1m"\n', encoding="utf-8")
    out, warnings = site.stage(tmp_path, cat, names, {})
    assert len(warnings) == 2 and all("catalog/examples.toml: example" in w for w in warnings)
    md = out["site/docs/yaku/3-13-01.md"].decode()
    block = md[md.index("{ #examples }"):]
    assert "例 1 · 成立" in block and "不成立" in block
    assert "](../assets/tiles/9m.svg){ .yb-tile .yb-win }" in block
    assert "](../assets/tiles/back.svg){ .yb-tile }" in block  # the concealed kan
    assert block.index("成立 holds") < block.index("does not hold")
    tiles = re.findall(r"\]\(\.\./(assets/tiles/[^)]+)\)", md)
    assert tiles and all(f"site/docs/{t}" in out for t in tiles)


def test_both_scripts_and_romaji_on_the_pages(cat, names, pages):
    for n in cat["nodes"]:
        md = pages[page_of(n)]
        for key in ("zh-Hant", "zh-Hans"):
            assert str(site.esc(n["name"][key])) in md, (n["id"], key)
            for o in n["options"]:
                assert str(site.esc(o["text"][key])) in md, (n["id"], o["letter"], key)
            for t in (n["content"], n["condition"], *n["notes"], *n["applies_if"]):
                if t:
                    assert str(site.esc(t[key])) in md, (n["id"], key)
        if n["kind"] == "yaku" and n["id"] in names:
            assert str(site.esc(names[n["id"]].romaji)) in md


def test_by_name_and_by_value_list_every_yaku_once(cat, pages):
    yaku = [n["id"] for n in cat["nodes"] if n["kind"] == "yaku"]
    for page in ("by-name.md", "by-value.md", "by-status.md"):
        rows = "\n".join(x for x in pages[page].splitlines() if "yb-id" in x)
        found = Counter(re.findall(r"\]\(yaku/(3-[\d-]+)\.md\)", rows))
        assert sorted(found) == sorted(yaku), page
        assert set(found.values()) == {1}, page


def test_jieba_dictionary(rendered, tmp_path):
    words = rendered[f"site/docs/{site.JIEBA_DICT}"].decode().splitlines()
    assert words == sorted(set(words))
    for w in ("加賀百萬石", "加贺百万石", "滿貫", "满贯", "役滿", "役满", "kaga"):
        assert w in words
    assert all(w and " " not in w for w in words)
    import jieba

    path = tmp_path / "dict.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    tokenizer = jieba.Tokenizer()
    tokenizer.load_userdict(str(path))
    assert "加贺百万石" in tokenizer.lcut("如果有加贺百万石")
    assert "加賀百萬石" in tokenizer.lcut("如果有加賀百萬石")


def test_mkdocs_config_matches_the_stage(root):
    config = yaml.safe_load((root / "site" / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["docs_dir"] == "docs" and config["site_dir"] == "public"
    # Traditional interface words on the Traditional-first edition (#41); search stays zh
    assert config["theme"]["language"] == "zh-Hant"
    search = next(p["search"] for p in config["plugins"] if isinstance(p, dict) and "search" in p)
    assert search["lang"] == "zh"
    assert search["jieba_dict_user"] == f"docs/{site.JIEBA_DICT}"
    assert f"{site.CSS}" in config["extra_css"]
    for hook in config["hooks"]:
        assert (root / "site" / hook).is_file()
    from material.plugins.search.config import SearchConfig

    assert set(search) <= {key for key, _ in SearchConfig._schema}


def test_by_status_headings_carry_their_anchor(pages):
    html_text = markdown_to_html(pages["by-status.md"])
    assert "{ #" not in html_text and "{#" not in html_text
    ids, _ = html_ids(pages["by-status.md"])
    assert {"implemented", "stale", "missing", "unnamed", "orphan"} <= set(ids)


def test_yaku_page_shows_every_name_form(cat, names, status_outputs, tmp_path):
    """Name forms come from catalog/names.toml under the stage's root; absent keys are
    empty (a scratch names.toml here, not the project's)."""
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "names.toml").write_text(
        '["3-15-03"]\nslug = "paarenchan"\nzh = "八連莊"\nromaji = "Paarenchan"\n'
        'name_en = "Eight consecutive wins"\nja = "八連荘"\nkana = "パーレンチャン"\n'
        'romaji_aliases = ["parenchan", "pa-renchan"]\nja_aliases = ["八連チャン"]\n'
        'en_aliases = ["Paarenchan"]\nzh_aliases = ["八连庄"]\n', encoding="utf-8")
    out, warnings = site.stage(tmp_path, cat, names, status_outputs)
    assert warnings == []
    md = out["site/docs/yaku/3-15-03.md"].decode()
    shown = html.unescape(re.sub(r"<[^>]+>", "", markdown_to_html(md)))
    for form in ("八連莊", "八连庄", "八連荘", "八連チャン", "パーレンチャン", "Paarenchan",
                 "Eight consecutive wins"):
        assert form in shown, form
    # romaji_aliases are spellings a player might type (#41: "show the names, keep the
    # spellings for search only"): search keys, not names on the page
    assert "parenchan" not in shown and "pa-renchan" not in shown
    names_json = json.loads(out[f"site/docs/{site.SEARCH_NAMES}"])
    forms = names_json["yaku/3-15-03/"]["forms"]
    assert forms["romaji"] == ["Paarenchan", "parenchan", "pa-renchan"]
    assert forms["ja"] == ["八連荘", "八連チャン"] and forms["kana"] == ["パーレンチャン"]
    assert forms["en"] == ["Eight consecutive wins", "Paarenchan"]
    # a yaku with no entry still has its Chinese forms
    assert names_json["yaku/3-13-01/"]["forms"]["zh-Hant"] == ["加賀百萬石(1)"]
    assert names_json["yaku/3-13-01/"]["forms"]["ja"] == []


def test_yaku_page_reads_the_body_docstring_through_the_registry(pages, status_outputs, root):
    import inspect

    from catalog import translations
    from yakubook.engine import registry

    registry.load_bodies()
    chinese = translations.load_zh_entries(root)
    assert status_outputs, "catalog/STATUS.json is needed"
    status = json.loads(status_outputs["catalog/STATUS.json"])["yaku"]
    checked = 0
    for yid, body in sorted(registry.BODIES.items()):
        doc = inspect.getdoc(body.fn)
        md = pages.get(f"yaku/{yid}.md")
        if not doc or md is None:
            continue
        section = md[md.index("{ #implementation }"):]
        # the Chinese edition shows each paragraph in Chinese (#41 point 3): the Chinese
        # written for exactly this paragraph of the docstring (catalog/translations/zh.toml)
        for i, para in enumerate(translations.paragraphs(doc), start=1):
            entry = chinese[translations.reading_key(yid, i)]
            assert entry.fp == translations.fingerprint(para), (yid, para[:40])
            assert str(site.esc(entry.zh)) in section, (yid, para[:40])
        assert str(site.esc(status[yid]["body"])) in section, yid
        checked += 1
    assert checked > 100


def test_nested_yaku_shows_its_condition_and_parent(pages):
    md = pages["yaku/3-08-01-07.md"]
    head = md[:md.index("{ #implementation }")]
    assert "如果有東北新幹線" in head and "](../yaku/3-08-01.md)" in head
    assert "](3-15-03-06.md)" in pages["yaku/3-15-03.md"]


def test_examples_read_as_situations_and_settings(pages):
    md = pages["yaku/3-13-01.md"]
    examples = md[md.index("{ #examples }"):]
    assert "規則 [3-13-01-02](#3-13-01-02) → **a** 僅合計剛好100時成立" in examples
    assert "得 · awards" in examples and "不得此役" in examples
    # computed by the engine per value option: 100 exactly is a double yakuman under c
    first = examples[:examples.index("例 2")]
    assert '選 c → <span class="yb-v yb-v-yakuman">役滿 ×2</span>' in first
    assert '選 b → <span class="yb-v yb-v-yakuman">役滿</span>' in first
    for path, md in pages.items():
        for block in md.split('<div class="yb-example yb-holds"')[1:]:
            award = next(x for x in block.splitlines() if x.startswith("得 · awards"))
            assert "yb-v" in award, (path, award)
    for md in pages.values():
        # engine field names never reach a page
        for field in ("dealer_history", "first_go_around", "discarder_riichi", "min_han"):
            assert field not in md, field
    # a hand drawn once per page: a repeat refers to the earlier example
    for path, md in pages.items():
        titles = re.findall(r'<span class="yb-hand" title="([^"]+)"', md)
        assert len(titles) == len(set(titles)), path


# -- issue #22: family decisions and playable defaults on the pages -------------------------

FAMILIES_DECIDED = [("3-10-08", "3-10-07"), ("3-14-01", "3-14-05"), ("3-14-08", "3-14-03"),
                    ("3-15-07", "3-15-05"), ("3-14-02", "3-14-05")]  # the last: issue #35


@pytest.mark.parametrize(("larger", "smaller"), FAMILIES_DECIDED)
def test_family_decisions_are_on_both_yaku_pages_in_both_editions(all_pages, larger, smaller):
    for edition in ("", "en/"):
        for page, other in ((larger, smaller), (smaller, larger)):
            md = all_pages[f"{edition}yaku/{page}.md"]
            assert "{ #family }" in md, (edition, page)
            family = md[md.index("{ #family }"):]
            assert f"]({other}.md)" in family.split("\n## ")[0], (edition, page)


# -- issue #35: the readings decided, each with its reason on the yaku's page ------------

READINGS_DECIDED = {  # the reason as each edition says it: Chinese, English
    "3-15-01": ("說出這個價值的是牌桌的計分",  # 人和's cap and limit_yaku
                "the score is where the table says that"),
    "3-08-03": ("各列車以混一色的字牌區分",  # 朱鷺: North the only honor
                "told apart by the honors of the flush"),
    "3-08-05": ("也都會是 Gold Rush", "would also be Gold Rush"),  # Gold Rush: 發 the only honor
    "3-14-02": ("就是限定於一種牌的裸單騎和牌", "win narrowed to one tile"),  # 獨釣寒江雪 ⊃ 裸單騎
}


@pytest.mark.parametrize(("yaku", "reasons"), sorted(READINGS_DECIDED.items()))
def test_decided_readings_give_their_reason_on_the_page(all_pages, yaku, reasons):
    for edition, reason in zip(("", "en/"), reasons, strict=True):
        assert reason in all_pages[f"{edition}yaku/{yaku}.md"], (edition, yaku)


def test_the_default_is_the_first_option_with_a_number(pages, all_pages):
    # 東北新幹線: b ?翻, c 2翻 -> the default is c
    md = pages["yaku/3-08-01.md"]
    yaku = md[md.index("{ #3-08-01 }"):md.index("{ #3-08-01-01 }")]
    assert re.search(r"\| \*\*c\*\*<br><span class=\"yb-default\"", yaku)
    assert not re.search(r"\| \*\*b\*\*<br><span class=\"yb-default\"", yaku)
    # 皆素: no option with a number: the page says its default awards ?翻
    def said(md: str) -> str:
        return re.sub(r"<[^>]+>", "", md)

    assert "所以預設選項 b 計為 ?翻，" in said(pages["yaku/3-14-13.md"])
    assert "its default (option b) awards ? han unless" in said(all_pages["en/yaku/3-14-13.md"])
    assert "awards ? han" not in said(all_pages["en/yaku/3-08-01.md"])
    # 鳴牌七對子: its default b lost the tens of its fu, not a han
    assert "所以預設選項 b 計為 ?符1翻，" in said(pages["yaku/3-09-12.md"])
    assert "(option b) awards ? fu 1 han unless" in said(all_pages["en/yaku/3-09-12.md"])


LOST_SNIPPET = re.compile(r"```toml\n(.*?)```", re.S)


def test_each_lost_value_page_gives_a_ruleset_the_engine_takes(all_pages, cat):
    """The snippet a lost-value page offers supplies the number under the key the engine
    takes for that option (`han`, 鳴牌七對子's `fu`, 十三龍門's `multiple`): pasted into a
    ruleset as it stands, it loads, and the number is supplied. Before, every page said
    `han = 2`, which the engine refuses for 3-09-12 b and 3-16-04 b."""
    from yakubook.engine.rules import Ruleset

    lost = {n["id"] for n in cat["nodes"] if n["kind"] == "yaku"
            and any(o["value"] and o["value"].get("lost") for o in n["options"])}
    assert {"3-09-12", "3-16-04", "3-14-13"} <= lost
    keys = {}
    for yid in sorted(lost):
        for edition in ("", "en/"):
            found = LOST_SNIPPET.findall(all_pages[f"{edition}yaku/{yid}.md"])
            assert len(found) == 1, (edition, yid)
            snippet = "\n".join(line.strip() for line in found[0].splitlines())
            rules = Ruleset.from_toml(snippet, f"{edition}yaku/{yid}.md")
            assert list(rules.supplied) == [yid], (edition, yid, snippet)
            keys[yid] = sorted(rules.supplied[yid])
    assert keys["3-09-12"] == ["fu"] and keys["3-16-04"] == ["multiple"]
    assert keys["3-14-13"] == ["han"]
