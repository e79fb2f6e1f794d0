"""The one escaping path for text that reaches the website's Markdown and HTML.

Every string a template prints goes through `esc` (the Jinja2 environment's `finalize`
hook), page titles in front matter through `yaml_str`, and both start with `neutralise`:
Unicode line and paragraph separators (U+2028, U+2029, U+0085, which `str.splitlines`
and YAML treat as line breaks) and every other control or format character that could
end a line, hide text or reorder it become a space; U+FFFD (a character lost in the
sources) is kept and drawn as a marked `?`. Then every ASCII character that Markdown, its
extensions (attr_list, tables, admonitions), HTML, or a template engine could read as syntax
becomes a numeric character reference, so `<script>`, `javascript:` links, `{{ }}`,
`{% %}` and `[x](y)` / `![x](y)` print as text and never become markup.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from typing import Any

import jinja2
from markupsafe import Markup

LOST = "\ufffd"
# Every ASCII character that Markdown, attr_list, tables, HTML or a template engine could
# read as syntax becomes a numeric character reference; the page shows the same character.
# ':' is among them so that no text can spell a URL scheme (javascript:) that a Markdown
# autolink or a later processor could pick up.
_ENTITIES = {c: f"&#{ord(c)};" for c in "&<>\"'\\`*_{}[]#|~^$!:()="}
_LOST_HTML = '<span class="yb-lost" title="來源中遺失的字 · lost in the source">?</span>'
# Format characters that are harmless and needed in CJK and emoji text.
_KEEP_FORMAT = {"\u200d"}  # zero-width joiner


def _neutral_char(ch: str, newline: str) -> str:
    if ch == "\n":
        return newline
    if ch in "\u2028\u2029\u0085\r\t\v\f":
        return " "
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") or (cat == "Cf" and ch not in _KEEP_FORMAT):
        return " "
    return ch


def _esc_char(ch: str) -> str:
    ch = _neutral_char(ch, "\n")
    if ch in _ENTITIES:
        return _ENTITIES[ch]
    if ch == "\n":
        return "<br>"
    if ch == LOST:
        return _LOST_HTML
    return ch


class _Table(dict[int, str]):
    """A str.translate table that computes (once) what each character becomes: the page
    text repeats a few thousand characters hundreds of thousands of times."""

    def __init__(self, rule: Callable[[str], str]) -> None:
        super().__init__()
        self._rule = rule

    def __missing__(self, code: int) -> str:
        out = self[code] = self._rule(chr(code))
        return out


def _attr_char(ch: str) -> str:
    ch = _neutral_char(ch, " ")
    return _ENTITIES.get(ch, ch)


_NEUTRAL = {newline: _Table(lambda ch, nl=newline: _neutral_char(ch, nl)) for newline in " \n"}
_ESC = _Table(_esc_char)
_ATTR = _Table(_attr_char)


def neutralise(text: str, newline: str = " ") -> str:
    """Text with every line/paragraph separator and control or format character replaced
    by a space (a plain "\\n" by `newline`, a space or "\\n"); U+FFFD stays."""
    return text.translate(_NEUTRAL[newline])


def esc(text: Any) -> Markup:
    """Catalog text as inline Markdown that renders to exactly that text (a newline in the
    text becomes <br>)."""
    if isinstance(text, Markup):
        return text
    return Markup(str(text).translate(_ESC))


def attr(text: Any) -> Markup:
    """Text for an HTML attribute value (title="…"): no markup inside, one line."""
    return Markup(str(text).translate(_ATTR))


def title_text(text: str) -> str:
    """Text for a page title in front matter: the theme prints titles unescaped, so the few
    characters HTML or a template engine could read become their fullwidth forms; an
    apostrophe becomes the typographic one (’), which English titles read as written."""
    table = str.maketrans({"<": "＜", ">": "＞", "&": "＆", '"': "＂", "{": "｛", "}": "｝",
                           "'": "\u2019", "`": "｀"})
    return neutralise(text).translate(table)


def yaml_str(text: str) -> Markup:
    # JSON is YAML; ensure_ascii keeps any remaining non-ASCII line break out of the file.
    return Markup(json.dumps(title_text(text), ensure_ascii=False))


# A catalog ID in running text (3-02-03-07-01): digits joined by hyphens.
_ID_IN_TEXT = re.compile(r"\d+(?:-\d+)+")


def ids_whole(text: Any) -> Markup:
    """``esc(text)`` with each catalog ID in it kept on one line (``yb-nowrap``): a
    browser may break a line after any hyphen, and a narrow column of notes did
    (3- / 02-03-07-01)."""
    text = str(text)
    out = []
    at = 0
    for m in _ID_IN_TEXT.finditer(text):
        out.append(esc(text[at : m.start()]))
        out.append(Markup('<span class="yb-nowrap">%s</span>') % esc(m.group()))
        at = m.end()
    out.append(esc(text[at:]))
    return Markup("").join(out)


def id_str(text: str) -> Markup:
    """A catalog ID (digits and hyphens, checked when the model is built) for anchors."""
    return esc(text)


class SiteError(ValueError):
    pass


def _finalize(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    if isinstance(value, bool) or value is None:
        raise SiteError(f"template printed {value!r}: a missing value, not text")
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        return esc(value)
    raise SiteError(f"template printed a {type(value).__name__}, not text")


def environment(templates: Any) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # autoescape makes macro output Markup; finalize escapes every other value with esc
        # (Markdown + HTML), so markupsafe's HTML-only escape never sees a plain str.
        autoescape=True,
        finalize=_finalize,
    )
    env.filters["yaml_str"] = yaml_str
    env.filters["esc"] = esc
    env.filters["ids_whole"] = ids_whole
    env.filters["attr"] = attr
    return env
