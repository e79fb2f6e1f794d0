"""Every name a player might type for a yaku, to its catalog ID: `yakubook show 百萬石`.

The forms come from catalog/names.toml (the wheel ships a copy in yakubook/engine/data):
Chinese (the source's, Traditional, Simplified and aliases), Japanese and its kana,
romaji (with or without macrons, spaces or hyphens) and English, plus the catalog ID.
They are compared after one normalisation (``key``), so ``Chō-ippatsu``, ``chouippatsu``
and ``CHO IPPATSU`` find 超一發 alike. A numbered variant (加賀百萬石(1)) is also found by
its unnumbered name, with its siblings.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from yakubook import bounded, generated
from yakubook.engine import data
from yakubook.suggest import close_matches

# A macron (or circumflex) vowel is the vowel written twice in the romaji names.toml keeps
# (Hepburn with ou/uu): ō -> ou, ū -> uu, ā -> aa, ē -> ee, ī -> ii.
_LONG_VOWELS = str.maketrans({"ō": "ou", "ô": "ou", "ū": "uu", "û": "uu", "ā": "aa",
                              "â": "aa", "ē": "ee", "ê": "ee", "ī": "ii", "î": "ii"})
# Separators a player writes or leaves out at will: spaces, hyphens, dots, quotes,
# brackets around a variant's number, Japanese middle dots.
_SEPARATORS = re.compile(r"[\s\-‐‑–—_.,'’`()（）・·･/]+")
_NUMBER_SUFFIX = re.compile(r"\s*[(（]\s*\d+\s*[)）]\s*$")


def key(text: str) -> str:
    """The form two spellings of one name share: NFKC, lower case, hiragana as katakana,
    long vowels written twice, separators gone."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_LONG_VOWELS)
    text = "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)
    return _SEPARATORS.sub("", text)


def _short_vowel_key(text: str) -> str:
    """A macron dropped instead of doubled (Chō -> cho), as many players type it."""
    plain = unicodedata.normalize("NFKD", text)
    return key("".join(c for c in plain if not unicodedata.combining(c)))


@dataclass(frozen=True)
class Names:
    """One yaku's names (names.toml's entry; the catalog's forms for an entry it lacks)."""

    id: str
    zh: str
    hans: str
    ja: str
    kana: str
    romaji: str
    name_en: str
    en: str
    aliases: tuple[str, ...]

    def forms(self) -> tuple[str, ...]:
        """Every form, the display ones first."""
        main = (self.zh, self.hans, self.ja, self.kana, self.romaji, self.name_en)
        return tuple(dict.fromkeys(f for f in (*main, *self.aliases) if f))

    def title(self) -> str:
        """``3-13-01 加賀百萬石(1) (Kaga Million Koku (1))``: how a message names it."""
        english = self.name_en or self.romaji
        return f"{self.id} {self.zh}" + (f" ({english})" if english else "")


def _strings(entry: dict[str, object], field: str) -> tuple[str, ...]:
    value = entry.get(field, ())
    if isinstance(value, str):
        return (value,)
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


@cache
def all_names() -> dict[str, Names]:
    """Yaku ID -> its names, in catalog order."""
    try:
        table = bounded.load_toml(data.read_text("names.toml"), "names.toml")
    except bounded.CuratedError:
        table = {}
    out: dict[str, Names] = {}
    for yid, info in generated.REGISTRY.items():
        entry = table.get(yid)
        entry = entry if isinstance(entry, dict) else {}
        aliases = tuple(a for field in ("romaji_aliases", "ja_aliases", "en_aliases",
                                        "zh_aliases") for a in _strings(entry, field))
        out[yid] = Names(
            id=yid,
            zh=info.name_hant,
            hans=info.name_hans,
            ja=str(entry.get("ja", "")),
            kana=str(entry.get("kana", "")),
            romaji=str(entry.get("romaji", info.romaji)),
            name_en=str(entry.get("name_en", "")),
            en=str(entry.get("en", info.en)),
            aliases=(*_strings(entry, "zh"), info.slug, *aliases),
        )
    return out


@cache
def _index() -> dict[str, tuple[str, ...]]:
    """Normalised form -> the IDs it names (several for a numbered variant's plain name)."""
    index: dict[str, list[str]] = {}

    def add(form: str, yid: str) -> None:
        for k in {key(form), _short_vowel_key(form)}:
            if k and yid not in index.setdefault(k, []):
                index[k].append(yid)

    for yid, names in all_names().items():
        add(yid, yid)
        for form in names.forms():
            add(form, yid)
            add(_NUMBER_SUFFIX.sub("", form), yid)
    return {k: tuple(v) for k, v in index.items()}


def find(query: str) -> tuple[str, ...]:
    """The IDs a name, alias or ID names; a rule question's ID names its yaku; () if none."""
    query = query.strip()
    rule_question = re.fullmatch(r"3-\d\d-\d\d-\d\d", query) and query not in generated.REGISTRY
    if rule_question and query[:7] in generated.REGISTRY:  # 3-13-01-02: of 3-13-01
        return (query[:7],)
    return _index().get(key(query), ()) or _index().get(_short_vowel_key(query), ())


def suggestions(query: str, n: int = 3) -> list[str]:
    """Titles of the yaku whose names come closest to query (for 'did you mean')."""
    by_key = _index()
    found: list[str] = []
    for k in close_matches(key(query), by_key, n=n * 2):
        for yid in by_key[k]:
            if yid not in found:
                found.append(yid)
    names = all_names()
    return [names[yid].title() for yid in found[:n]]


def search(text: str) -> list[str]:
    """IDs whose names, aliases or English description contain text (normalised)."""
    wanted = key(text)
    hits = []
    for yid, names in all_names().items():
        haystack = [key(f) for f in (*names.forms(), names.en, yid)]
        if any(wanted in h for h in haystack):
            hits.append(yid)
    return hits
