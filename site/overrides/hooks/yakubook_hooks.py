"""MkDocs hooks for the yakubook site (hand-written; referenced from site/mkdocs.yml).

on_config: resolve the search plugin's jieba dictionary paths against this config file.
Material's search plugin opens `jieba_dict` / `jieba_dict_user` relative to the current
working directory, so the same mkdocs.yml would work from the project root and fail from
site/. It runs before the plugin (higher priority) and makes a relative path
relative to the directory of mkdocs.yml instead. It also quiets jieba's start-up chatter.

on_nav: give the auto-generated top-level folders of the navigation titles ("Sections",
"Yaku", "Guide"), in the edition's language (the English edition is its own build, mkdocs.en.yml).

on_files: add the query-side part of the search (search_query.js, next to this file) to
the site as assets/search_query.js (listed under extra_javascript in mkdocs.yml).

on_post_build: give each yaku page's entry of the search index its search keys (every
name form, see search_keys.py), after the search plugin has written the index.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import re
from pathlib import Path

from mkdocs.plugins import event_priority

KEYS = ("jieba_dict", "jieba_dict_user")


@event_priority(100)
def on_config(config):
    base = os.path.dirname(os.path.abspath(config.config_file_path))
    for plugin in config.plugins.values():
        options = getattr(plugin, "config", None)
        if options is None:
            continue
        for key in KEYS:
            path = options.get(key) if hasattr(options, "get") else None
            if isinstance(path, str) and path and not os.path.isabs(path):
                options[key] = os.path.join(base, path)
    try:
        import jieba
    except ImportError:
        return config
    jieba.setLogLevel(logging.WARNING)
    return config


# per edition (theme.language of mkdocs.yml / mkdocs.en.yml)
TITLES = {
    "zh": {"Sections": "各節 · 各节", "Yaku": "各役 · Yaku", "Guide": "使用指南 · Guide"},
    "en": {"Sections": "Sections", "Yaku": "Yaku", "Guide": "Guide"},
}


YAKU_PAGE = re.compile(r"^yaku/(\d+-\d+)-[\d-]+\.md$")  # yaku/3-13-01.md: section 3-13
FRONT_TITLE = re.compile(r'^title:\s*"?(.*?)"?\s*$', re.MULTILINE)


def _section_titles(files) -> dict[str, str]:
    """Each section page's title (its front matter), by section ID: {"3-13": "3-13 …"}."""
    titles: dict[str, str] = {}
    for file in files:
        match = re.match(r"^sections/(\d+-\d+)\.md$", file.src_uri)
        if match and file.abs_src_path:
            head = Path(file.abs_src_path).read_text(encoding="utf-8")[:600]
            found = FRONT_TITLE.search(head)
            titles[match.group(1)] = found.group(1) if found else match.group(1)
    return titles


def _group_by_section(folder, titles: dict[str, str]) -> None:
    """The yaku folder's 149 pages, one flat list, as one collapsible group per section
    (titled as the section's page), in the folder's order."""
    from mkdocs.structure.nav import Section

    groups: dict[str, Section] = {}
    children = []
    for child in folder.children:
        match = YAKU_PAGE.match(getattr(getattr(child, "file", None), "src_uri", "") or "")
        if not match:
            children.append(child)
            continue
        sid = match.group(1)
        if sid not in groups:
            groups[sid] = Section(titles.get(sid, sid), [])
            groups[sid].parent = folder
            children.append(groups[sid])
        child.parent = groups[sid]
        groups[sid].children.append(child)
    folder.children = children


def on_nav(nav, config, files):
    """Give the auto-generated top-level folders of the navigation their titles, and group
    the yaku pages by section (#41: the left navigation was one flat list of 149 yaku)."""
    titles = TITLES.get(config.theme.get("language"), TITLES["en" if config.theme.get(
        "language") == "en" else "zh"])
    for item in nav.items:
        if getattr(item, "is_section", False) and item.title == "Yaku":
            _group_by_section(item, _section_titles(files))
        if getattr(item, "is_section", False) and item.title in titles:
            item.title = titles[item.title]
    return nav


QUERY_SCRIPT = "assets/search_query.js"


def on_files(files, config):
    from mkdocs.structure.files import File

    source = Path(__file__).with_name("search_query.js")
    files.append(File.generated(config, QUERY_SCRIPT, abs_src_path=str(source)))
    return files


def _search_keys():
    path = Path(__file__).with_name("search_keys.py")
    spec = importlib.util.spec_from_file_location("yakubook_search_keys", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@event_priority(-100)
def on_post_build(config):
    names = Path(config.docs_dir) / "assets" / "search" / "names.json"
    _search_keys().rewrite(config.site_dir, names)
