"""One page per yaku (yaku/<ID>.md): its names in every form, value menu, rule questions,
how the code reads it, examples that say what they award, and related yaku."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup

from render.site.common import HEADER
from render.site.escape import esc
from render.site.examples import ExampleView, awards_line
from render.site.model import Node, Related, Site
from render.site.values import badge, to_hant


def _award(y: Node, ex: ExampleView, rule_link: Any) -> Markup:
    """What a holding example awards under its settings, per value option, as the engine
    computes it; from the catalog's default value option when the engine cannot say."""
    computed = ex.awards
    if computed:
        return awards_line(y, computed, badge, "不成立 · none", "選")
    default = next((o for o in y.options if o.is_default), None)
    if default is None or default.value is None:
        out = Markup("有 · yes")
    else:
        out = default.badge + Markup(
            f' <span class="yb-optletter">(選項 {esc(default.letter)})</span>')
    if not ex.case:
        return out
    for o in y.options:
        v = o.value or {}
        for c in v.get("cases", []) if v.get("kind") == "conditional" else []:
            if ex.case in (c.get("when"), to_hant(str(c.get("when", "")))):
                return out + Markup(
                    f' · 若選 {esc(o.letter)}（{esc(to_hant(str(c.get("when"))))}）'
                    f" with option {esc(o.letter)}: ") + badge(c["value"])
    return out + Markup(" · ") + rule_link(ex.case)


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

    def rule_link(rule_id: str) -> Markup:
        rule = by_id.get(rule_id)
        if rule is None or rule.kind != "rule":
            return esc(rule_id)
        return Markup(f"[{esc(rule_id)}](#{esc(rule_id)}) ") + esc(rule.name.hant)

    def rel_link(rel: Related, with_id: bool = True) -> Markup:
        """The related yaku's name linked to its page (with its ID the first time)."""
        out = Markup(f"[{esc(rel.name)}]({esc(rel.id)}.md)")
        return out + Markup(f' <span class="yb-id">{esc(rel.id)}</span>') if with_id else out

    pages = {}
    for y in site.yaku:
        parent = next((by_id[rel.id] for rel in y.related if rel.kind == "parent"), None)
        forms = y.forms.by_form() if y.forms else {"zh-Hant": [y.name.hant],
                                                   "zh-Hans": [y.name.hans]}
        pages[y.page] = tpl.render(
            common, y=y, section=sections[y.section], parent=parent, forms=forms,
            rules=y.rules, option_text=option_text, badge=badge, rel_link=rel_link,
            award=lambda ex, y=y: _award(y, ex, rule_link),
            header=Markup(HEADER.format(what=f"yaku {y.id}, ", sha=site.cat_sha)),
        )
    return pages
