"""MkDocs hooks for the yakubook site (hand-written; referenced from site/mkdocs.yml).

on_config: resolve the search plugin's jieba dictionary paths against this config file.
Material's search plugin opens `jieba_dict` / `jieba_dict_user` relative to the current
working directory, so the same mkdocs.yml would work from the project root and fail from
site/. It runs before the plugin (higher priority) and makes a relative path
relative to the directory of mkdocs.yml instead. It also quiets jieba's start-up chatter.

on_nav: give the auto-generated "Sections" folder of the navigation a Chinese title.
"""

from __future__ import annotations

import logging
import os

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


def on_nav(nav, config, files):
    """Give the auto-generated "Sections" folder of the navigation a Chinese title."""
    for item in nav.items:
        if getattr(item, "is_section", False) and item.title == "Sections":
            item.title = "各節 · 各节"
    return nav
