"""The home page, the three indexes (by value, by name, by status), the status page and
its chart."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup

from render.site.common import (
    HEADER,
    STATUS_COLOURS,
    STATUS_LABELS,
    STATUSES,
    TEMPLATES,
)
from render.site.model import Node, Site
from render.site.values import badge, value_rank


def by_value_groups(site: Site) -> list[dict[str, Any]]:
    groups: dict[str, list[Node]] = {}
    for y in site.yaku:
        v = y.max_value
        tier, mag = value_rank(v)
        if tier == 5:
            key = f"yakuman{int(mag)}"
        else:
            key = {4: "limit", 3: "han", 2: "adopted", 1: "lost", 0: "none"}[tier]
        groups.setdefault(key, []).append(y)
    order = sorted((k for k in groups if k.startswith("yakuman")), key=lambda k: -int(k[7:]))
    order += [k for k in ("limit", "han", "adopted", "lost", "none") if k in groups]
    titles = {
        "limit": ("滿貫級", "满贯级", "limit hands", "limit"),
        "han": ("翻數役", "翻数役", "han hands", "han"),
        "adopted": ("只有「有／無」", "只有「有／无」", "yes/no only", "adopted"),
        "lost": ("值遺失", "值遗失", "value lost in the source", "lost"),
        "none": ("無值", "无值", "no value", "none"),
    }
    out = []
    for k in order:
        if k.startswith("yakuman"):
            m = int(k[7:])
            t = ("役滿", "役满", "yakuman", "yakuman") if m == 1 else (
                f"{m}倍役滿", f"{m}倍役满", f"{m}× yakuman", "yakuman")
        else:
            t = titles[k]
        members = sorted(groups[k], key=lambda y: (tuple(-x for x in value_rank(y.max_value)),
                                                   y.id))
        out.append({"key": k, "hant": t[0], "hans": t[1], "en": t[2], "members": members})
    return out


def by_name_groups(site: Site) -> list[dict[str, Any]]:
    groups: dict[str, list[Node]] = {}
    for y in site.yaku:
        key = y.romaji[:1].upper() if y.romaji[:1].isascii() and y.romaji[:1].isalpha() else "#"
        groups.setdefault(key, []).append(y)
    return [
        {"letter": k, "anchor": "letter-" + (k.lower() if k != "#" else "other"),
         "members": sorted(groups[k], key=lambda y: (y.romaji.lower(), y.id))}
        for k in sorted(groups, key=lambda k: (k == "#", k))
    ]


def chart_svg(site: Site) -> str:
    rows = []
    width, left, bar_w, row_h = 680, 56, 560, 26
    top = 44
    max_total = max((s.counts["total"] for s in site.sections), default=0) or 1
    for i, s in enumerate(site.sections):
        y = top + i * row_h
        x = float(left)
        segs = []
        for st in STATUSES:
            c = s.counts[st]
            if not c:
                continue
            w = bar_w * c / max_total
            segs.append({"x": f"{x:.1f}", "w": f"{w:.1f}", "colour": STATUS_COLOURS[st],
                         "count": c, "status": st})
            x += w
        rows.append({"id": s.id, "y": y, "segs": segs, "total": s.counts["total"],
                     "end": f"{x + 6:.1f}"})
    legend = []
    lx = 8.0
    for st in STATUSES:
        label = f"{STATUS_LABELS[st][0]} {STATUS_LABELS[st][2]}"
        legend.append({"x": f"{lx:.0f}", "tx": f"{lx + 17:.0f}", "colour": STATUS_COLOURS[st],
                       "label": label})
        lx += 17 + sum(13 if ord(c) > 0x2e80 else 7.2 for c in label) + 16
    height = top + len(rows) * row_h + 30
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=True,
    )
    return env.get_template("status-chart.svg.j2").render(
        header=HEADER.format(what="", sha=site.cat_sha), width=width, height=height,
        rows=rows, legend=legend, row_h=row_h, known=site.status.known,
    )



def legend_rows() -> list[dict[str, Any]]:
    samples: list[tuple[dict[str, Any], str, str]] = [
        ({"kind": "han", "han": 2, "open_han": None}, "2翻", "2 han"),
        ({"kind": "han", "han": 2, "open_han": 1}, "鳴牌後減為1翻 · 鸣牌后1翻",
         "2 han closed, 1 han open"),
        ({"kind": "yakuman", "multiple": 1, "open": None}, "役滿 · 役满", "yakuman"),
        ({"kind": "yakuman", "multiple": 2, "open": None}, "兩倍役滿 · 两倍役满",
         "double yakuman"),
        ({"kind": "limit", "limit": "mangan", "multiple": 1}, "滿貫 · 满贯", "mangan"),
        ({"kind": "limit", "limit": "haneman", "multiple": 1}, "跳滿 · 跳满", "haneman"),
        ({"kind": "limit", "limit": "baiman", "multiple": 1}, "倍滿 · 倍满", "baiman"),
        ({"kind": "limit", "limit": "sanbaiman", "multiple": 1}, "三倍滿 · 三倍满",
         "sanbaiman"),
        ({"kind": "fu_han", "fu": 25, "han": 1}, "25符1翻", "fixed 25 fu 1 han"),
        ({"kind": "additive", "han": 2, "plus": "七对子"}, "2翻＋七對子的翻數 · 2翻＋七对子的翻数",
         "2 han on top of another yaku"),
        ({"kind": "conditional", "cases": [
            {"when": "海底捞月", "value": {"kind": "yakuman", "multiple": 2}},
            {"when": "河底捞鱼", "value": {"kind": "yakuman", "multiple": 1}}]},
         "依情況而定 · 依情况而定", "depends on how the hand wins"),
        ({"kind": "adopted"}, "採用（無翻數） · 采用（无翻数）", "adopted, no value given"),
        ({"kind": "none"}, "不採用 · 不采用", "not used"),
        ({"kind": "han", "han": None, "lost": True, "open_han": None},
         "數字在來源中遺失 · 数字在来源中遗失", "digit lost in the source, never guessed"),
    ]
    return [{"badge": badge(v), "hant": h, "en": e} for v, h, e in samples]



def render(env: jinja2.Environment, common: dict[str, Any], site: Site) -> dict[str, str]:
    pages: dict[str, str] = {}
    head = Markup(HEADER.format(what="", sha=site.cat_sha))
    pages["index.md"] = env.get_template("index.md.j2").render(
        common, header=head, legend=legend_rows(),
    )
    pages["by-value.md"] = env.get_template("by-value.md.j2").render(
        common, header=head, groups=by_value_groups(site),
        lost=[y for y in site.yaku if y.lost_value])
    pages["by-status.md"] = env.get_template("by-status.md.j2").render(
        common, header=head, groups=site.status_groups)
    pages["by-name.md"] = env.get_template("by-name.md.j2").render(
        common, header=head, groups=by_name_groups(site))
    pages["status.md"] = env.get_template("status.md.j2").render(common, header=head)
    return pages
