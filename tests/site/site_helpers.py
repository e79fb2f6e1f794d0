"""Helpers shared by the website tests (imported by name: conftest puts this folder on
sys.path, as tests/engine does for its own helpers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

# A holding example and a failing one for 3-13-01 (manzu totalling exactly 100 / 98), used
# when the project has no examples of its own, so the browser test always has tiles to draw.
FALLBACK_EXAMPLES = """
[[example]]
yaku = "3-13-01"
hand = "55666777888999m"
win = "9m"
tsumo = true
holds = true
note = "manzu totalling exactly 100"

[[example]]
yaku = "3-13-01"
hand = "44666777888m"
win = "8m"
melds = ["ankan 9999m"]
holds = false
note = "totals 98"
"""



def markdown_to_html(md: str) -> str:
    """Convert one page with the Markdown extensions configured in site/mkdocs.yml."""
    import markdown
    import yaml

    config = yaml.safe_load((ROOT / "site" / "mkdocs.yml").read_text(encoding="utf-8"))
    names: list[str] = []
    configs: dict[str, Any] = {}
    for ext in config["markdown_extensions"]:
        if isinstance(ext, dict):
            (key, value), = ext.items()
            names.append(key)
            configs[key] = value or {}
        else:
            names.append(ext)
    body = md.split("\n---\n", 1)[1] if md.startswith("---\n") else md
    return markdown.markdown(body, extensions=names, extension_configs=configs)


def text(s: str) -> dict[str, str]:
    return {"source": s, "zh-Hant": s, "zh-Hans": s}


def mini_catalog(name: str = "名<script>alert(1)</script>",
                 content: str = "內容 {{ x }} {% if %} | a*b*c_d_ [l](http://x) <b>粗</b> `c` #h",
                 option: str = "選項 | 兩 | 格 &amp; \\*") -> dict[str, Any]:
    """A one-section, one-yaku, one-rule catalog whose texts are full of syntax."""
    src = {"file": "sources/x_y.txt", "line": 1}
    value = {"kind": "han", "han": 2, "open_han": None, "lost": False, "notes": []}
    lost = {"kind": "han", "han": None, "open_han": None, "lost": True, "notes": []}
    return {
        "title": "t", "format": 1, "ignored_lines": [],
        "chapters": [{"file": "sources/x_y.txt", "script": "Hant", "sections": ["3-99"],
                      "title": text("章<i>"), "title_line": None, "sha256": "0"}],
        "stats": {"sections": 1, "yaku": 1, "rules": 1, "options": 4, "lost_characters": 1,
                  "repairs": {"realigned": 1}},
        "nodes": [
            {"id": "3-99", "kind": "section", "parent": None, "section": "3-99", "yaku": None,
             "depth": 1, "name": text("節 <em>|</em> {{ s }}"), "source": src,
             "content": None, "condition": None, "notes": [], "applies_if": [],
             "options": [], "repairs": []},
            {"id": "3-99-01", "kind": "yaku", "parent": "3-99", "section": "3-99",
             "yaku": "3-99-01", "depth": 2, "name": text(name), "source": src,
             "content": {**text(content), "lines": [2]},
             "condition": {**text("條件\n第二行 <hr>"), "lines": [3]},
             "notes": [{**text("註 ]]> <!-- x -->"), "line": 4}], "applies_if": [],
             "options": [
                 {"letter": "a", "text": text("無"), "source": src, "notes": [], "repairs": [],
                  "value": {"kind": "none", "lost": False, "notes": []}},
                 {"letter": "b", "text": text(option), "source": src, "notes": [],
                  "repairs": [{"kind": "realigned", "line": 6, "column": 2,
                               "damaged": "<br/>?\ufffd", "result": "|**|",
                               "evidence": "{{ e }}"}],
                  "value": value},
                 {"letter": "c", "text": text("\ufffd翻"), "source": {**src, "line": 7},
                  "notes": [], "value": lost,
                  "repairs": [{"kind": "digit_lost", "line": 7, "column": 2,
                               "damaged": "?", "result": "\ufffd",
                               "evidence": "ASCII character swallowed"}]},
             ],
             "repairs": []},
            {"id": "3-99-01-01", "kind": "rule", "parent": "3-99-01", "section": "3-99",
             "yaku": "3-99-01", "depth": 3, "name": text("規則 [x] <script>"), "source": src,
             "content": None, "condition": None, "notes": [],
             "applies_if": [{**text("如果有 <b>"), "line": 8}],
             "options": [{"letter": "a", "text": text("是 | 否"), "source": src, "notes": [],
                          "repairs": [], "value": None}],
             "repairs": []},
        ],
    }
