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


def on_nav(nav, config, files):
    """Give the auto-generated top-level folders of the navigation their titles."""
    titles = TITLES.get(config.theme.get("language"), TITLES["zh"])
    for item in nav.items:
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
