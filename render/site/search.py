"""What the website's search needs from the catalog.

Two files under site/docs/assets/search/ (excluded from the pages):
- jieba_user.txt: words jieba keeps whole when Material's search plugin segments the pages
  (names and terms in both scripts, plus romaji);
- names.json: every name form of every yaku, by the URL of its page. The MkDocs hook
  (site/overrides/hooks/yakubook_hooks.py) turns it into search keys on each yaku page's
  entry of the search index, so that every form a player types finds the page first.
"""

from __future__ import annotations

import json
import re
from typing import Any

import catalog as catalog_pkg
from render.site.model import Node, Section
from render.site.values import LIMIT_NAMES, to_hant

TERMS = (
    "役滿", "役满", "兩倍役滿", "两倍役满", "三倍役滿", "三倍役满", "滿貫", "满贯", "跳滿",
    "跳满", "倍滿", "倍满", "三倍滿", "三倍满", "鳴牌", "鸣牌", "門前", "门前",
    "門前清", "门前清", "自摸", "榮和", "荣和", "特殊役", "地方役", "役種", "役种", "雀頭",
    "雀头", "刻子", "順子", "顺子", "槓子", "杠子", "暗刻", "暗槓", "暗杠", "對子", "对子",
    "聽牌", "听牌", "立直", "一發", "一发", "內容", "内容", "條件", "条件",
)
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def jieba_words(nodes: list[Node], sections: list[Section],
                names: dict[str, catalog_pkg.Name], cat: dict[str, Any]) -> list[str]:
    """Words for jieba's user dictionary: names and terms in both scripts, plus romaji."""
    words: set[str] = set(TERMS)
    for label in LIMIT_NAMES.values():
        words.update(label)

    def add(s: str) -> None:
        words.update(w for w in _HAN_RUN.findall(s) if len(w) >= 2)

    for s in sections:
        add(s.name.hant)
        add(s.name.hans)
    for n in nodes:
        if n.kind != "yaku":
            continue
        for s in (n.name.hant, n.name.hans, n.name.source):
            add(s)
        name = names.get(n.id)
        if name:
            add(name.zh)
        if n.forms:
            for form in n.forms.all():
                add(form)
    for raw in cat.get("nodes", []):
        for o in raw.get("options", []):
            for note in (o.get("value") or {}).get("notes", []):
                for arg in note.get("args", []):
                    if not str(arg).isdigit() and len(str(arg)) <= 6:
                        add(str(arg))
                        add(to_hant(str(arg)))
    for name in names.values():
        words.update(w.lower() for w in re.findall(r"[A-Za-z0-9]+", name.romaji) if len(w) >= 2
                     and not w.isdigit())
    return sorted(words)



def names_json(yaku: list[Node]) -> str:
    """{"yaku/3-13-01/": {"id": …, "forms": {kind: [names]}}} for the search hook."""
    out: dict[str, Any] = {}
    for y in yaku:
        forms = y.forms.by_form() if y.forms else {"zh-Hant": [y.name.hant]}
        out[f"yaku/{y.id}/"] = {"id": y.id, "forms": forms}
    return json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
