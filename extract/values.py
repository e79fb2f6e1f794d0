"""Values stage: a yaku option's text becomes a structured value.

The grammar works on the zh-Hans form (one script for all four chapters). Kinds:

- ``none`` 無, ``adopted`` 有
- ``han``: ``{"han": 2, "open_han": 1}``; ``open_han`` is null when the text says nothing
  about an open hand
- ``yakuman``: ``{"multiple": 2, "open": <value or null>}``
- ``limit``: ``{"limit": "mangan"|"haneman"|"baiman"|"sanbaiman", "multiple": N}`` (N倍滿貫
  is ``limit: "mangan", multiple: N``)
- ``fu_han``: ``{"fu": 25, "han": 1}``
- ``additive``: ``{"han": 2, "plus": "七对子"}`` (2翻＋七對子的翻數)
- ``conditional``: ``{"cases": [{"when": "…", "value": …}, …]}``
- ``lost``: the whole value text was lost in the source

Every value has ``notes``: qualifiers in structured form (includes, combines_with,
not_combined_with, not_winning_yaku, closed_only, only_when, counts_as, remark). A digit
lost in the source gives a null number and ``"lost": true``. Text the grammar cannot
read raises ValueGrammarError; there is no silent "other".
"""

from __future__ import annotations

import re
from typing import Any

from catalog import excerpt

LOST = "\ufffd"
NUM = r"(\d+|" + LOST + r"\d*)"
CN_MULTIPLE = {"": 1, "两倍": 2, "三倍": 3, "双倍": 2}
LIMITS = {"满贯": "mangan", "跳满": "haneman", "倍满": "baiman", "三倍满": "sanbaiman"}

Value = dict[str, Any]


class ValueGrammarError(ValueError):
    pass


def _number(text: str) -> tuple[int | None, bool]:
    if LOST in text:
        return None, True
    return int(text), False


def _split_paren(text: str) -> tuple[str, str | None]:
    """'2翻（鸣牌后1翻）' -> ('2翻', '鸣牌后1翻'); nested parentheses are kept inside."""
    if text.endswith("）") and "（" in text:
        depth = 0
        for i in range(len(text) - 1, -1, -1):
            if text[i] == "）":
                depth += 1
            elif text[i] == "（":
                depth -= 1
                if depth == 0:
                    return text[:i], text[i + 1 : -1]
    return text, None


def _core(text: str) -> Value | None:
    """The value of a bare value phrase, or None if it is not one."""
    value = _bare(text)
    if value is not None:
        value.setdefault("lost", False)
        value.setdefault("notes", [])
    return value


def _bare(text: str) -> Value | None:
    if text and set(text) == {LOST}:
        # The whole value was lost in the source: say so instead of guessing.
        return {"kind": "lost", "lost": True}
    if text == "无":
        return {"kind": "none"}
    if text == "有":
        return {"kind": "adopted"}
    m = re.fullmatch(NUM + "翻", text)
    if m:
        han, lost = _number(m.group(1))
        return {"kind": "han", "han": han, "open_han": None, "lost": lost}
    m = re.fullmatch(r"(两倍|三倍|双倍)?役满", text)
    if m:
        return {"kind": "yakuman", "multiple": CN_MULTIPLE[m.group(1) or ""], "open": None}
    if text in LIMITS:
        return {"kind": "limit", "limit": LIMITS[text], "multiple": 1, "lost": False}
    m = re.fullmatch(NUM + "倍满贯", text)
    if m:
        mult, lost = _number(m.group(1))
        return {"kind": "limit", "limit": "mangan", "multiple": mult, "lost": lost}
    m = re.fullmatch(NUM + "符" + NUM + "翻", text)
    if m:
        fu, lost_fu = _number(m.group(1))
        han, lost_han = _number(m.group(2))
        return {"kind": "fu_han", "fu": fu, "han": han, "lost": lost_fu or lost_han}
    m = re.fullmatch(NUM + "翻＋(.+)的翻数", text)
    if m:
        han, lost = _number(m.group(1))
        return {"kind": "additive", "han": han, "plus": m.group(2), "lost": lost}
    return None


def _open_value(text: str) -> Value | None:
    """'鸣牌后1翻', '鸣牌后也2翻', '鸣牌也是役满', '鸣牌后两倍役满' -> the open-hand value."""
    m = re.fullmatch(r"鸣牌(?:后也|也是|后)(.+)", text)
    if not m:
        return None
    return _core(m.group(1))


def _qualifier(text: str) -> dict[str, Any]:
    """One qualifier clause as a structured note."""
    patterns: list[tuple[str, str]] = [
        (r"包含了?(.+?)的(?:\d+翻|翻数|役满)", "includes"),
        (r"可复合(.+?)以外的其他役", "combines_with_all_but"),
        (r"可与(.+?)复合", "combines_with"),
        (r"与(.+?)复合，与(.+?)不复合", "combines_and_not"),
        (r"与(.+?)不复合", "not_combined_with"),
        (r"与(.+?)复合", "combines_with"),
        (r"计(.+?)的复合", "counts_as_combination"),
        (r"不计(.+)", "not_counted"),
        (r"仅(.+)", "only"),
        (r"认为是(.+)", "counts_as"),
        (r"承认是(.+)", "counts_as"),
        (r"(.+?)以外的役比(.+?)高时只计算(.+?)以外的部分", "capped"),
        (r"与二杯口合计(\d+)翻", "total_with"),
        (r"门前时与二杯口合计(\d+)翻", "total_with"),
    ]
    if text == "仅限门前":
        return {"kind": "closed_only", "text": text}
    if text == "不认为是和牌役":
        return {"kind": "not_winning_yaku", "text": text}
    for pat, kind in patterns:
        m = re.fullmatch(pat, text)
        if m:
            return {"kind": kind, "args": list(m.groups()), "text": text}
    return {"kind": "remark", "text": text}


def _notes(paren: str) -> tuple[Value | None, list[dict[str, Any]]]:
    open_value = None
    notes = []
    for clause in re.split(r"[；，、]", paren) if "鸣牌" in paren else re.split(r"；", paren):
        clause = clause.strip()
        if not clause:
            continue
        ov = _open_value(clause)
        if ov is not None and open_value is None:
            open_value = ov
            continue
        notes.append(_qualifier(clause))
    return open_value, notes


def parse_value(text: str) -> Value:
    """Parse a yaku option (zh-Hans) into a structured value."""
    text = text.strip()
    body, paren = _split_paren(text)
    # Conditional values: '合计刚好100时两倍役满，101以上时役满'
    if "时" in body and "，" in body:
        cases = []
        for clause in body.split("，"):
            m = re.fullmatch(r"(.+?)时(.+)", clause)
            core = _core(m.group(2)) if m else None
            if core is None:
                raise ValueGrammarError(f"cannot read conditional value {excerpt(text)}")
            cases.append({"when": m.group(1), "value": core})
        lost = any(c["value"]["lost"] for c in cases)
        return {"kind": "conditional", "cases": cases, "lost": lost, "notes": []}
    # A restriction before the value: '限海底捞月，役满'
    m = re.fullmatch(r"(限.+?)，(.+)", body)
    if m:
        core = _core(m.group(2))
        if core is None:
            raise ValueGrammarError(f"cannot read value {excerpt(text)}")
        core["notes"] = [{"kind": "only", "args": [m.group(1)[1:]], "text": m.group(1)}]
        return core
    # '1翻但不认为是和牌役'
    m = re.fullmatch(r"(.+?)但(.+)", body)
    trailing = None
    if m:
        body, trailing = m.group(1), m.group(2)
    core = _core(body)
    if core is None:
        raise ValueGrammarError(f"cannot read value {excerpt(text)}")
    notes: list[dict[str, Any]] = []
    if paren is not None:
        open_value, notes = _notes(paren)
        if open_value is not None:
            if core["kind"] == "han" and open_value["kind"] == "han":
                core["open_han"] = open_value["han"]
                core["lost"] = core["lost"] or open_value["lost"]
            elif core["kind"] == "yakuman":
                core["open"] = open_value
            else:
                raise ValueGrammarError(f"open-hand value does not fit {excerpt(text)}")
    if trailing is not None:
        notes.append(_qualifier(trailing))
    core["notes"] = notes
    return core


def try_parse_value(text: str) -> Value | None:
    try:
        return parse_value(text)
    except ValueGrammarError:
        return None
