"""Safe rendering (issue 12, point 4): a catalog whose every name, text and name form is
hostile builds into a site with no active content. All text reaches Markdown/HTML through
one escaping path (render/site/escape.py); Unicode line and paragraph separators and control
characters are neutralised, so nothing breaks out of a page's front matter or a table row."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from site_helpers import markdown_to_html, mini_catalog, text

import catalog
from render import site
from yakubook.serve import build_site

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = [
    # issue 12: a separator turned into a newline by splitlines() broke out of front matter
    "甲\u2028---\ntitle: pwned\n---\n<script>alert(1)</script>",
    "乙\u2029[click](javascript:alert(1))",
    "丙\u0085![x](javascript:alert(1))",
    "丁 [link](javascript:alert(1)) <javascript:alert(1)>",
    '<a href="javascript:alert(1)">a</a>',
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "{{ config }} {{ 7*7 }} {% for x in y %}{% endfor %} {# c #}",
    "![img](x.png){ onerror=alert(1) } [l](x){: onclick=alert(1) }",
    "`code` *em* __strong__ <!-- c --> ]]> &amp; &#106;avascript:alert(1)",
    "NUL\x00ESC\x1b[31mDEL\x7f RLO\u202eLRE\u202a BOM\ufeff VT\x0b FF\x0c",
    "| a | b |\n| --- | --- |",
    "!!! warning \"x\"\n    admonition",
    "??? note \"y\"",
    "# heading { #evil }",
]
PAYLOAD = re.compile(r"alert\(|pwned", re.I)
SCHEME = re.compile(r"^\s*(javascript|vbscript|data):", re.I)


def hostile_catalog() -> dict:
    cat = mini_catalog()
    nodes = cat["nodes"]
    section, yaku, rule = nodes[0], nodes[1], nodes[2]
    section["name"] = text(HOSTILE[0])
    extra = []
    for i, s in enumerate(HOSTILE):
        node = json.loads(json.dumps(yaku))
        node["id"] = f"3-99-{i + 2:02d}"
        node["yaku"] = node["id"]
        node["name"] = text(s)
        node["content"] = {**text(s), "lines": [2]}
        node["condition"] = {**text(s), "lines": [3]}
        node["notes"] = [{**text(s), "line": 4}]
        node["options"][1]["text"] = text(s)
        r = json.loads(json.dumps(rule))
        r["id"] = f"{node['id']}-01"
        r["parent"] = r["yaku"] = node["id"]
        r["name"] = text(s)
        r["applies_if"] = [{**text(s), "line": 8}]
        r["options"][0]["text"] = text(s)
        extra += [node, r]
    cat["nodes"] = nodes + extra
    return cat


def hostile_names(cat: dict) -> dict[str, catalog.Name]:
    return {n["id"]: catalog.Name(zh=HOSTILE[k % len(HOSTILE)], slug=f"s{k}",
                                  romaji=HOSTILE[(k + 3) % len(HOSTILE)],
                                  en=HOSTILE[(k + 5) % len(HOSTILE)])
            for k, n in enumerate(x for x in cat["nodes"] if x["kind"] == "yaku")}


def write_hostile_root(root: Path, cat: dict) -> None:
    """catalog/names.toml with hostile name forms (ja, kana, aliases, English name)."""
    (root / "catalog").mkdir(parents=True, exist_ok=True)
    lines = []
    for k, n in enumerate(x for x in cat["nodes"] if x["kind"] == "yaku"):
        def q(s: str) -> str:
            return json.dumps(s)  # a JSON string is a TOML basic string (\\u escapes)
        lines += [f'["{n["id"]}"]', f"slug = {q(f's{k}')}",
                  f"ja = {q(HOSTILE[(k + 1) % len(HOSTILE)])}",
                  f"kana = {q(HOSTILE[(k + 2) % len(HOSTILE)])}",
                  f"name_en = {q(HOSTILE[(k + 4) % len(HOSTILE)])}",
                  f"romaji_aliases = [{q(HOSTILE[(k + 6) % len(HOSTILE)])}]",
                  f"en_aliases = [{q(HOSTILE[(k + 7) % len(HOSTILE)])}]", ""]
    (root / "catalog" / "names.toml").write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    cat = hostile_catalog()
    write_hostile_root(root, cat)
    out, warnings = site.stage(root, cat, hostile_names(cat), {})
    assert warnings == []
    return root, cat, out


def test_neutralise_turns_separators_and_controls_into_spaces():
    s = "a\u2028b\u2029c\u0085d\x00e\x1bf\x7fg\u202eh\ufeffi\u200bj"
    assert site.neutralise(s) == "a b c d e f g h i j"
    assert site.neutralise("x\ny") == "x y" and site.neutralise("x\ny", newline="\n") == "x\ny"
    assert site.neutralise("加\ufffd賀") == "加\ufffd賀"
    for ch in "\u2028\u2029\u0085\x00\x1b\x7f":
        assert ch not in site.esc(f"a{ch}b") and ch not in site.title_text(f"a{ch}b")
        assert ch not in site.attr(f"a{ch}b") and ch not in site.yaml_str(f"a{ch}b")


def test_hostile_pages_keep_their_front_matter_and_lines(hostile):
    _root, cat, out = hostile
    pages = {k: v.decode("utf-8") for k, v in out.items() if k.endswith(".md")}
    assert len([k for k in pages if k.startswith("site/docs/yaku/")]) == len(HOSTILE) + 1
    # the English edition (#10) has the same pages, checked by the same rules below
    assert len([k for k in pages if k.startswith("site/docs/en/yaku/")]) == len(HOSTILE) + 1
    for path, md in pages.items():
        for ch in "\u2028\u2029\u0085\x00\x1b\x7f\u202e":
            assert ch not in md, (path, repr(ch))
        assert md.startswith("---\n"), path
        front, body = md[4:].split("\n---\n", 1)
        meta = yaml.safe_load(front)
        assert list(meta) == ["title"] and "pwned" not in body.split("\n")[0], path
        assert "\n" not in meta["title"] and "<" not in meta["title"], path
    for n in cat["nodes"]:
        if n["kind"] == "yaku":
            md = pages[f"site/docs/yaku/{n['id']}.md"]
            title = yaml.safe_load(md[4:].split("\n---\n", 1)[0])["title"]
            assert title == site.title_text(n["name"]["zh-Hant"])


def test_hostile_markdown_renders_no_active_content(hostile):
    _root, _cat, out = hostile
    for path, data in out.items():
        if not path.endswith(".md"):
            continue
        html = markdown_to_html(data.decode("utf-8"))
        # The house-rules page is a form by design (its own template, no catalog text in
        # the Markdown; its scripts put names in with textContent): no hostile payload may
        # reach it, but its form and script tags are its own.
        own_form = path.endswith("/house-rules.md")
        _assert_inert(BeautifulSoup(html, "html.parser"), path, scripts_ok=own_form)


def _assert_inert(soup: BeautifulSoup, where: str, scripts_ok: bool = False) -> None:
    for el in soup.find_all(True):
        if el.name == "script":
            assert scripts_ok and (el.get("src") or not PAYLOAD.search(el.get_text())), where
        assert el.name not in ("iframe", "object", "embed", "form", "base", "meta") or \
            scripts_ok, (where, el.name)
        for name, value in el.attrs.items():
            value = " ".join(value) if isinstance(value, list) else str(value)
            assert not name.lower().startswith("on"), (where, el.name, name)
            if name in ("href", "src", "action", "formaction", "xlink:href"):
                assert not SCHEME.match(value), (where, name, value)
            if name not in ("title", "alt", "aria-label"):
                assert not PAYLOAD.search(value), (where, el.name, name, value)


@pytest.mark.slow
def test_hostile_site_builds_with_no_active_content(hostile, tmp_path):
    _root, _cat, out = hostile
    (tmp_path / "site").mkdir()
    for config in ("mkdocs.yml", "mkdocs.en.yml"):  # one build per edition
        shutil.copy(ROOT / "site" / config, tmp_path / "site" / config)
    shutil.copytree(ROOT / "site" / "overrides", tmp_path / "site" / "overrides",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for rel, data in out.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    public = tmp_path / "public"
    assert build_site(tmp_path, public) == 0, "mkdocs build --strict failed"
    pages = sorted(public.rglob("*.html"))
    assert len(pages) > len(HOSTILE)
    seen_text = 0
    for page in pages:
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        _assert_inert(soup, str(page.relative_to(public)), scripts_ok=True)
        article = soup.find("article")
        if article is not None and "alert(1)" in article.get_text():
            seen_text += 1  # the payload is shown as text
        # the title is the whole name as text, not a key the name smuggled into front matter
        assert soup.title is not None and not soup.title.get_text().startswith("pwned")
    assert seen_text >= len(HOSTILE) - 2
    # the search index: Material inserts its fields as HTML, so none may hold markup
    index = json.loads((public / "search" / "search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        for field in ("title", "text", *(["tags"] if "tags" in doc else [])):
            value = doc[field] if isinstance(doc[field], str) else " ".join(doc[field])
            fragment = BeautifulSoup(value, "html.parser")
            _assert_inert(fragment, f"search index {doc['location']} {field}")
            assert "<script" not in value and "<img" not in value, (doc["location"], field)
