"""`mkdocs build --strict` of freshly rendered pages: passes and keeps every anchor.

(How long the build takes is measured, not asserted: see bench/RESULTS.md, "Site build time".)"""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.slow


def test_mkdocs_strict_build_passes(built_site):
    assert (built_site.public / "index.html").is_file()


def test_every_node_anchor_is_in_the_built_pages(built_site, cat):
    html_by_section: dict[str, str] = {}
    for n in cat["nodes"]:
        sec = n["section"]
        if sec not in html_by_section:
            path = built_site.public / "sections" / sec / "index.html"
            html_by_section[sec] = path.read_text(encoding="utf-8")
        assert f'id="{n["id"]}"' in html_by_section[sec], n["id"]
        if n["kind"] != "section":
            page = built_site.public / "yaku" / (n["yaku"] or n["id"]) / "index.html"
            assert f'id="{n["id"]}"' in page.read_text(encoding="utf-8"), n["id"]


def test_navigation_reaches_every_section_page(built_site, cat):
    home = (built_site.public / "index.html").read_text(encoding="utf-8")
    nav = home[home.index('class="md-nav md-nav--primary"'):]
    for n in cat["nodes"]:
        if n["kind"] == "section":
            assert re.search(rf'href="sections/{n["id"]}/"', nav), n["id"]
    for page in ("by-value", "by-name", "by-status", "status"):
        assert f'href="{page}/"' in nav
    assert "各節" in nav  # the hook's Chinese title for the sections folder
    # the English edition is its own build (mkdocs.en.yml): not a folder of this navigation
    sidebar = nav[:nav.index('class="md-content"')]
    assert not re.search(r">\s*En\s*<", sidebar) and 'href="en/' not in sidebar
    en_home = (built_site.public / "en" / "index.html").read_text(encoding="utf-8")
    en_nav = en_home[en_home.index('class="md-nav md-nav--primary"'):]
    for n in cat["nodes"]:
        if n["kind"] == "section":
            assert re.search(rf'href="sections/{n["id"]}/"', en_nav), n["id"]
    assert re.search(r">\s*Sections\s*<", en_nav) and "各節" not in en_nav


def test_search_index_is_segmented_and_holds_both_scripts(built_site):
    index = json.loads((built_site.public / "search" / "search_index.json").read_text("utf-8"))
    assert index["config"]["lang"] == ["zh"]
    docs = {d["location"]: d for d in index["docs"]}
    entry = docs["yaku/3-13-01/#3-13-01"]
    tokens = set(re.split(index["config"]["separator"], entry["title"] + " " + entry["text"]))
    # the user dictionary keeps the names whole, in both scripts
    assert {"加賀百萬石", "加贺百万石"} <= tokens
    assert "Kaga" in entry["text"]
    assert any("满贯" in d["text"] for d in index["docs"])
    # the yaku page's entry carries its search keys (site/overrides/hooks/search_keys.py);
    # listing pages carry none
    keys = docs["yaku/3-13-01/"]["tags"][0].split()
    assert {"加賀百萬石(1)", "加贺百万石(1)", "kagahyakumangoku(1)"} <= set(keys)
    # a part of the name starts a key (a Latin word that starts a longer key of the page,
    # kaga of kagahyakumangoku, is not a key of its own: it matches as that key's prefix)
    for part in ("百萬石", "百万石", "賀百萬", "hyakuman", "kaga"):
        assert any(k.startswith(part) for k in keys), part
    assert not any("tags" in d for loc, d in docs.items() if not loc.startswith("yaku/"))
    assert not any(loc.startswith("en/") for loc in docs)  # the English edition's own index:
    en_index = json.loads((built_site.public / "en" / "search" / "search_index.json")
                          .read_text("utf-8"))
    assert en_index["config"]["lang"] == ["en"]
    en_docs = {d["location"]: d for d in en_index["docs"]}
    # its yaku pages carry their English and romaji names (render/site/english.py)
    en_keys = en_docs["yaku/3-13-01/"]["tags"][0].split()
    assert "kagahyakumangoku(1)" in en_keys and any(k.startswith("kaga") for k in en_keys)
    # repair records (garbled damaged text) are kept out of the index
    assert not any("GBK bytes re-read" in d["text"] for d in index["docs"])


def test_jieba_dictionary_is_not_published(built_site):
    assert not (built_site.public / "assets" / "search").exists()
    assert (built_site.public / "assets" / "tiles" / "0p.svg").is_file()


def test_lost_value_boxes_show_their_toml_as_a_code_block(built_site):
    """The sample ruleset in the lost-value box is a fenced block (pymdownx.superfences),
    not a line of inline code (#25), on every such page of both editions."""
    pages = sorted(built_site.public.glob("yaku/*/index.html")) + sorted(
        built_site.public.glob("en/yaku/*/index.html"))
    boxed = 0
    for path in pages:
        html = path.read_text(encoding="utf-8")
        if "admonition warning" not in html:
            continue
        box = html[html.index("admonition warning"):]
        box = box[:box.index("<table>")]
        boxed += 1
        assert re.search(r'<div class="highlight"><pre><span></span><code>', box), path
        assert not re.search(r"<p><code>\s*toml", box), path
        # three lines: the table, the value, the number under the key the engine takes
        # for it (鳴牌七對子 lost a fu, 十三龍門 a multiple, the others a han)
        code = re.sub(r"<[^>]+>", "", box.split("<code>", 1)[1].split("</code>", 1)[0])
        lines = [line for line in code.splitlines() if line.strip()]
        number = {"3-09-12": "fu = 25", "3-16-04": "multiple = 2"}.get(path.parent.name,
                                                                     "han = 2")
        assert len(lines) == 3 and lines[1].startswith("value = ") and lines[2].startswith(
            number + " "), (path, lines)
    assert boxed >= 2 * 40, boxed  # 42 lost-value pages per edition when this was written
