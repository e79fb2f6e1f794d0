"""Section pages: an overview of the section's yaku and rule questions, linking to the yaku
pages. They keep every anchor the section pages had before the yaku got pages of their own
(sections/3-13/#3-13-01, #3-13-01-02), each on a link to its new place."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup

from render.site.common import HEADER
from render.site.model import Site


def render(env: jinja2.Environment, common: dict[str, Any], site: Site) -> dict[str, str]:
    tpl = env.get_template("section.md.j2")
    return {
        f"sections/{s.id}.md": tpl.render(
            common, section=s,
            header=Markup(HEADER.format(what=f"section {s.id}, ", sha=s.sha)))
        for s in site.sections
    }
