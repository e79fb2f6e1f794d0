"""Render stage: the hand-written user guide -> both editions of the website.

The guide is written by hand, in English, in `site/guide/*.md` (committed), plus the Win
format, whose one source is `yakubook/engine/WIN_FORMAT.md` (it ships in the wheel). This
stage copies each page into `site/docs/en/guide/` (the English edition) and
`site/docs/guide/` (the Chinese edition, which says at the top that the page is in English
for now), with its title and the language switch. So the guide pages are build outputs like
every other file under `site/docs`: written only when their bytes change, removed by the
build when their source goes, and reported by `yakubook build --check` when stale; edit
`site/guide/`, never `site/docs/`.

A guide page starts with a front matter block giving both titles:

    ---
    title: Command line
    zh: 命令列 · 命令行
    ---
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from render.site.common import DOCS
from render.site.english import PREFIX, switch_line
from yakubook.bounded import CuratedError

GUIDE_SOURCE = "site/guide"
GUIDE = "guide/"
# Pages of the guide whose source lives elsewhere: page name -> (source, title, zh title).
BORROWED = {
    "win-format.md": ("yakubook/engine/WIN_FORMAT.md", "Win format", "和牌 JSON 格式"),
}
# What the Chinese edition says above a page the guide has only in English (both scripts).
ENGLISH_ONLY = (
    '!!! note "本頁暫只有英文 · 本页暂只有英文"\n'
    "    使用指南目前以英文撰寫，中文版日後補上。"
    " · 使用指南目前以英文撰写，中文版日后补上。\n"
)
_FRONT = re.compile(r"\A---\n(?P<head>.*?)\n---\n", re.S)


class GuideError(CuratedError):
    """A guide page without the front matter this stage needs (`file:line: what is wrong`):
    the build stops with it, exit 2."""


def stage(root: Path, cat: dict[str, Any], names: Any,
          outputs: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    """{path: bytes} for every guide page of both editions (the catalog is not read)."""
    out: dict[str, bytes] = {}
    for name, (title, zh_title, body) in sorted(read_pages(root).items()):
        page = GUIDE + name
        out[DOCS + PREFIX + page] = _page(title, switch_line(page, to_english=False), body)
        out[DOCS + page] = _page(f"{zh_title} · {title}", switch_line(page, to_english=True),
                                 ENGLISH_ONLY + "\n" + body)
    return out, []


def read_pages(root: Path) -> dict[str, tuple[str, str, str]]:
    """page name -> (English title, Chinese title, Markdown body) for every guide page."""
    pages: dict[str, tuple[str, str, str]] = {}
    source = root / GUIDE_SOURCE
    for path in sorted(source.glob("*.md")) if source.is_dir() else []:
        rel = path.relative_to(root).as_posix()
        title, zh_title, body = _split(rel, path.read_text(encoding="utf-8"))
        pages[path.name] = (title, zh_title, body)
    for name, (rel, title, zh_title) in BORROWED.items():
        path = root / rel
        if path.is_file():
            pages[name] = (title, zh_title, path.read_text(encoding="utf-8"))
    return pages


def _split(rel: str, text: str) -> tuple[str, str, str]:
    match = _FRONT.match(text)
    if match is None:
        raise GuideError(rel, 1, "a guide page starts with front matter: ---, title: …, zh: …, ---")
    head: dict[str, str] = {}
    for number, line in enumerate(match["head"].splitlines(), start=2):
        key, sep, value = line.partition(":")
        if not sep:
            raise GuideError(rel, number, f"front matter line {line[:80]!r} is not 'key: value'")
        head[key.strip()] = value.strip()
    missing = [k for k in ("title", "zh") if not head.get(k)]
    if missing:
        raise GuideError(rel, 1, f"front matter lacks {', '.join(missing)}")
    return head["title"], head["zh"], text[match.end():].lstrip("\n")


def _page(title: str, switch: object, body: str) -> bytes:
    # the title as a JSON string, as every generated page writes it (no YAML surprises);
    # the switch is Markup, made a plain str first (Markup + str would escape the page)
    head = f"---\ntitle: {json.dumps(title, ensure_ascii=False)}\n---\n\n"
    return (head + str(switch) + "\n\n" + body.rstrip("\n") + "\n").encode("utf-8")
