"""One page per yaku (yaku/<ID>.md): its names in every form, value menu, rule questions,
how the code reads it, examples that say what they award, and related yaku."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup

from render.site.common import HEADER
from render.site.escape import esc
from render.site.examples import ExampleView
from render.site.model import Node, Site
from render.site.values import badge, to_hant


def _award(y: Node, ex: ExampleView) -> Markup:
    """What a holding example awards: the yaku's default value option, or the case of a
    conditional value the example names."""
    default = next((o for o in y.options if o.is_default), None)
    if default is None or default.value is None:
        return Markup("有 · yes")
    v = default.value
    if v.get("kind") == "conditional" and ex.case:
        for c in v.get("cases", []):
            if ex.case in (c.get("when"), to_hant(str(c.get("when", "")))):
                return badge(c["value"])
    return default.badge + Markup(f' <span class="yb-optletter">({esc(default.letter)})</span>')


def render(env: jinja2.Environment, common: dict[str, Any], site: Site) -> dict[str, str]:
    tpl = env.get_template("yaku.md.j2")
    by_id = {n.id: n for n in site.nodes}
    sections = {s.id: s for s in site.sections}

    def option_text(rule_id: str, letter: str) -> Markup:
        rule = by_id.get(rule_id)
        if rule is None:
            return Markup("")
        opt = next((o for o in rule.options if o.letter == letter), None)
        return esc(opt.text.hant) if opt else Markup("")

    pages = {}
    for y in site.yaku:
        parent = next((r for r in site.yaku if r.id != y.id and any(
            rel.id == r.id and "belongs" in rel.why for rel in y.related)), None)
        forms = y.forms.by_form() if y.forms else {"zh-Hant": [y.name.hant],
                                                   "zh-Hans": [y.name.hans]}
        pages[y.page] = tpl.render(
            common, y=y, section=sections[y.section], parent=parent, forms=forms,
            rules=y.rules, option_text=option_text, award=lambda ex, y=y: _award(y, ex),
            header=Markup(HEADER.format(what=f"yaku {y.id}, ", sha=site.cat_sha)),
        )
    return pages
