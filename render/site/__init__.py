"""Render stage: catalog -> site/docs (the Markdown pages and generated assets of the website).

Pure and deterministic: it reads the catalog and names it is given, `catalog/STATUS.json`
from the outputs of earlier stages (if any), `catalog/examples.toml` and the other name forms
of `catalog/names.toml` under root (if they exist), and the documented readings of the
bodies through the registry, and returns {path: bytes} for every file under site/docs plus
warnings.

One module per kind of page: `yaku_pages` (one page per yaku), `section_pages` (section
overviews that keep the old anchors), `index_pages` (home, indexes, status). Escaping is by
construction (`escape`): the Jinja2 environment's `finalize` hook passes every value a
template prints through `esc`, unless it is `Markup` built from escaped parts.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

import catalog as catalog_pkg
from render import house_rules, tiles
from render.site import engine, english, index_pages, section_pages, yaku_pages
from render.site.common import (
    A11Y_CSS,
    CHART,
    CSS,
    DOCS,
    EXAMPLES_PATH,
    HEADER,
    JIEBA_DICT,
    SCRIPT,
    SEARCH_NAMES,
    STATUS_COLOURS,
    STATUS_LABELS,
    STATUS_PATH,
    STATUSES,
    TEMPLATES,
    TILE_DIR,
    said,
    status_badge,
)
from render.site.escape import SiteError, attr, environment, esc, neutralise, title_text, yaml_str
from render.site.examples import example_files, read_examples
from render.site.model import Site, build_model
from render.site.search import jieba_words, names_json
from render.site.values import badge, is_lost, value_label, value_rank

__all__ = [
    "A11Y_CSS", "CHART", "CSS", "DOCS", "EXAMPLES_PATH", "HEADER", "JIEBA_DICT", "SCRIPT",
    "SEARCH_NAMES",
    "STATUSES", "STATUS_COLOURS", "STATUS_LABELS", "STATUS_PATH", "TEMPLATES", "SiteError",
    "attr", "badge", "build_model", "compile_templates", "esc", "example_files", "is_lost",
    "neutralise", "read_examples", "render_pages", "site_environment", "stage", "title_text",
    "value_label", "value_rank", "yaml_str",
]


@cache
def site_environment() -> jinja2.Environment:
    """The site's Jinja2 environment, one per process, so that each template is compiled
    once (all of them take a tenth of a second); its loader recompiles a template whose
    file has changed since."""
    return environment(TEMPLATES)


def compile_templates() -> None:
    """Compile every template of the site now, ahead of rendering (`yakubook build` does
    this while the extract stage runs)."""
    env = site_environment()
    for name in env.list_templates(extensions=["j2"]):
        env.get_template(name)


def render_pages(site: Site, names: dict[str, catalog_pkg.Name],
                 cat: dict[str, Any], root: Path | None = None) -> dict[str, str]:
    env = site_environment()
    common = {
        "site": site,
        "statuses": STATUSES,
        "status_labels": STATUS_LABELS,
        "status_badge": status_badge,
        "chart": CHART,
        "said": said,
        # the language switch: a link to the same page of the English edition (#10)
        "lang_switch": lambda page: english.switch_line(page, to_english=True),
    }
    pages: dict[str, str] = {}
    pages.update(index_pages.render(env, common, site))
    pages.update(section_pages.render(env, common, site))
    pages.update(yaku_pages.render(env, common, site))
    if root is not None:  # the English edition (#10): the same pages under en/
        pages.update(english.render(env, common, site, root, cat, names))
    out = {k: _tidy(v) for k, v in pages.items()}
    out[CHART] = index_pages.chart_svg(site)
    out[CSS] = (TEMPLATES / "yakubook.css").read_text(encoding="utf-8")
    out[A11Y_CSS] = (TEMPLATES / "yakubook-a11y.css").read_text(encoding="utf-8")
    out[SCRIPT] = (TEMPLATES / "yakubook.js").read_text(encoding="utf-8")
    words = jieba_words(site.nodes, site.sections, names, cat)
    out[JIEBA_DICT] = "\n".join(words) + "\n"
    out[SEARCH_NAMES] = names_json(site.yaku)
    for code, svg in tiles.all_svgs().items():
        out[f"{TILE_DIR}/{code}.svg"] = svg
    if root is not None:  # the English edition is its own MkDocs build (site/mkdocs.en.yml)
        out[english.PREFIX + SEARCH_NAMES] = english.search_names(site.yaku)
        out.update(english.english_assets(out))
    return out


def _tidy(md: str) -> str:
    # split on "\n" only: str.splitlines would also split on U+2028 and friends (which
    # `neutralise` already removed from every printed value).
    lines = [line.rstrip() for line in md.split("\n")]
    out = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")
    return out + "\n"


def stage(root: Path, cat: dict[str, Any], names: dict[str, catalog_pkg.Name],
          outputs: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    warnings: list[str] = []
    # The house-rules page (#14) first: a bad preset (rulesets/*.toml) stops the build
    # before the pages are rendered, not after.
    out = house_rules.stage(root, cat, names, outputs)
    # the examples' awards and the bodies' readings come from this build's engine
    with engine.of_build(root, outputs):
        site = build_model(root, cat, names, outputs, warnings)
        files = render_pages(site, names, cat, root)
    out.update({DOCS + k: v.encode("utf-8") for k, v in files.items()})
    return dict(sorted(out.items())), warnings
