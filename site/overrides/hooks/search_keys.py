"""Search keys for the yaku pages: every name form a player types finds the yaku's page first.

How Material's search (9.x) treats a query, read from its worker source
(integrations/search/_/index.ts, query/segment, query/transform): each run of Han
characters in the query is cut greedily into pieces that are already tokens of the index
(never counting the run's last character; when no piece is found the run stays whole),
then the query is split at the separator, and every term gets a trailing wildcard: a page
matches a term when one of its tokens starts with it. Pages are tokenized in the browser at
the same separator (jieba's cuts are marked with U+200B by the plugin). So a partial name
(百萬石) is not found when the page only holds 加賀百萬石, and the cut of a query depends on
every other page's tokens.

What this module adds, after the search plugin wrote search_index.json: to the page entry
of each yaku (yaku/<ID>/) a `tags` field (boost 1e6 in Material's defaults, hidden in the
result list by yakubook.css) holding that yaku's keys: each name form whole and joined, the
words of Latin forms, every suffix of a Han run (so any part of a name is the start of a
key), and, repeated until nothing changes, every term the browser would make of one of
its name forms that no key starts with yet. The full forms come four times, so an exact
name outranks a longer name that contains it. Listing pages carry no keys, so they never
outrank a yaku page for its own name.

How lunr ranks (lunr 2.3.9 as Material configures it: BM25 with b = 0, so no field-length
normalisation; k1 = 1.2, so repeating a key raises its weight at most 2.2 times): a term
with a wildcard scores the sum over every index token it expands to. A page with many keys
starting with a common word (chi: chiitoitsu, chiniisou, their joined forms) therefore
outranked the page whose name was typed (ho-chi). Two things answer that: a Latin key that
is the start of a longer key of the same page is dropped (it matches nothing the longer
one does not), and assets/search_query.js (search_query.js beside this file) adds to a
Latin query its words joined as an exact, boosted term, which only the pages holding that
name whole have.

`query_terms` mirrors the browser's cut; tests/site/test_site_search.py checks it against
Chromium.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# Han script (as \p{sc=Han} in the worker): CJK ideographs, extensions, compatibility
# ideographs, 々〆〇 and the Hangzhou numerals.
HAN = (r"\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u3005\u3007\u3021-\u3029\u3038-\u303b"
       r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufa6d\ufa70-\ufad9\U00020000-\U0003134f")
HAN_RUN = re.compile(f"[{HAN}]+")
TAG = re.compile(r"(<[^>]*>)")
MAX_ROUNDS = 12
# Appended to an index token that is a part of a name but not its end (三色 of 三色同刻): the
# token still matches the query 三色 (a prefix), but it is no longer equal to a piece the
# browser could cut a name query into, so a full name query stays whole.
MARK = "\u2060"  # word joiner: invisible, not a separator


def segment(query: str, tokens: set[str]) -> list[str]:
    """Material's `segment` (query/segment/index.ts), statement by statement."""
    segments: list[str] = []

    def add(s: str) -> None:
        if s not in segments:
            segments.append(s)

    n = len(query)
    wordcuts = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if query[i:j] in tokens:
                wordcuts[i] = j - i
    stack = [0]
    while stack:
        p = stack.pop()
        for q in range(1, wordcuts[p]):
            if wordcuts[p + q] > wordcuts[p] - q:
                add(query[p:p + q])
                stack.append(p + q)
        q = p + wordcuts[p]
        if q < n and wordcuts[q] and q < n - 1:
            stack.append(q)
        add(query[p:q])
    if "" in segments:
        return [query]
    return segments


def query_terms(query: str, tokens: set[str], separator: re.Pattern[str]) -> list[str]:
    """The lowercased terms (without their wildcard) the browser searches for."""
    cut = HAN_RUN.sub(lambda m: "* ".join(segment(m.group(0), tokens)), query.strip())
    terms = []
    for part in cut.split():
        for piece in re.split(r"[\s\-]+", part):  # lunr's QueryLexer term separator
            for term in separator.split(piece):
                term = term.rstrip("*").lower()
                if term and term not in terms:
                    terms.append(term)
    return terms


def index_tokens(docs: Iterable[dict[str, Any]], separator: re.Pattern[str]) -> set[str]:
    tokens: set[str] = set()
    for doc in docs:
        for field in ("title", "text"):
            tokens.update(t.lower() for t in separator.split(TAG.sub(" ", doc.get(field, "")))
                          if t)
        for tag in doc.get("tags", []):
            tokens.update(t.lower() for t in separator.split(tag) if t)
    return tokens


def base_keys(forms: Iterable[str], separator: re.Pattern[str]) -> list[str]:
    keys: list[str] = []

    def add(k: str) -> None:
        k = k.lower()
        if k and k not in keys:
            keys.append(k)

    for form in forms:
        words = [w for w in re.split(r"[\s\-]+", form) for w in separator.split(w) if w]
        for w in words:
            add(w)
        add("".join(words))
        for w in words:
            # every suffix that starts on a Han character, at least two characters long
            for i in range(1, len(w) - 1):
                if HAN_RUN.match(w[i]):
                    add(w[i:])
    return keys


def inner_parts(forms: Iterable[str]) -> set[str]:
    """Every piece of a Han run of a name form that stops before the run's end."""
    parts: set[str] = set()
    for form in forms:
        for run in HAN_RUN.findall(form.lower()):
            for i in range(len(run)):
                for j in range(i + 1, len(run)):
                    parts.add(run[i:j])
    return parts


def mark_tokens(s: str, parts: set[str], separator: re.Pattern[str]) -> str:
    """s (HTML) with MARK after every token of its text that is in parts."""
    word = re.compile(separator.pattern.replace("[", "[^", 1).removesuffix("+") + "+")
    out = []
    for piece in TAG.split(s):
        if piece.startswith("<") and piece.endswith(">"):
            out.append(piece)
        else:
            out.append(word.sub(
                lambda m: m.group(0) + MARK if m.group(0).lower() in parts else m.group(0),
                piece))
    return "".join(out)


LATIN = re.compile(r"[a-z0-9]+")

# Kana folding, the same as foldKana in search_query.js: katakana as hiragana, long-vowel
# marks dropped, so パーレンチャン, ぱーれんちゃん and ぱれんちゃん are one key.
KATAKANA = re.compile("[\u30a1-\u30f6]")
LONG_VOWEL = re.compile("[\u30fc\uff70]")
HIRAGANA_OFFSET = 0x60


def fold_kana(s: str) -> str:
    """s with katakana written as hiragana and long-vowel marks (ー) dropped."""
    s = KATAKANA.sub(lambda m: chr(ord(m.group(0)) - HIRAGANA_OFFSET), s)
    return LONG_VOWEL.sub("", s)


def with_folded(forms: Iterable[str]) -> list[str]:
    """forms, each followed by its kana-folded spelling where that differs."""
    out: list[str] = []
    for form in forms:
        for f in (form, fold_kana(form)):
            if f not in out:
                out.append(f)
    return out


# Romaji typed with macrons or circumflexes (pārenchan, kōitten, chītoitsu): the same as
# foldRomaji in search_query.js. The accent is dropped and a long vowel written twice
# (aa ii uu ee oo) or as ou is written once, so pārenchan, Paarenchan and parenchan are one
# key, as are kōitten, Kouitten and koitten.
ACCENTED = str.maketrans("āīūēōâîûêôĀĪŪĒŌÂÎÛÊÔ", "aiueoaiueoAIUEOAIUEO")
LONG_VOWELS = re.compile(r"aa|ii|uu|ee|oo|ou")
MACRON = re.compile("[āīūēōâîûêôĀĪŪĒŌÂÎÛÊÔ]")


def fold_romaji(s: str) -> str:
    """s lowercased, without macrons, each long vowel written once (see ACCENTED)."""
    return LONG_VOWELS.sub(lambda m: m.group(0)[0], s.translate(ACCENTED).lower())


def romaji_folded(entry: dict[str, Any]) -> list[str]:
    """The folded spellings of a yaku's romaji forms (the key a macron query looks up)."""
    return [fold_romaji(f) for f in entry.get("forms", {}).get("romaji", [])
            if re.fullmatch(r"[A-Za-z0-9 ()\-]+", f)]


# The shortest Latin word search_query.js corrects (a shorter one is too close to too many
# names: ron, kan, chi), and the vocabulary it corrects against.
MIN_TYPO_WORD = 4


def vocabulary(index: dict[str, Any], keys: dict[str, list[str]]) -> dict[str, list[str]]:
    """What search_query.js needs to correct a one-letter misspelling: `known`, every Latin
    token of the index (a query word that starts one of them is not corrected), and
    `names`, the Latin words and joined forms of the yaku names (the corrections)."""
    separator = re.compile(index["config"]["separator"])
    known = {t.rstrip(MARK) for t in index_tokens(index["docs"], separator)}
    names = {k.rstrip(MARK) for ks in keys.values() for k in ks}
    return {"known": sorted(t for t in known if LATIN.fullmatch(t)),
            "names": sorted(t for t in names
                            if LATIN.fullmatch(t) and len(t) >= MIN_TYPO_WORD)}


def exact_words(forms: Iterable[str], separator: re.Pattern[str]) -> set[str]:
    """The words of forms the browser looks up exactly, without a wildcard: Material's
    transform (query/transform) appends `*` to each space-separated part, and lunr's query
    lexer then splits the part at `-`, so in `ho-chi*` only the last piece is a prefix."""
    words: set[str] = set()
    for form in forms:
        for part in form.lower().split():
            pieces = [w for p in part.split("-") for w in separator.split(p) if w]
            words.update(pieces[:-1])
    return words


def drop_prefix_keys(tokens: list[str], exact: set[str]) -> list[str]:
    """tokens without a Latin key that is the start of a longer key of the same page.

    lunr scores a query term with a wildcard (`chi*`) by summing over every token it
    expands to, so a page with ten keys starting with `chi` (chiitoitsu, chiniisou, their
    joined forms) outranked 報知's own `chi` ten times over. A shorter key adds nothing
    the longer one does not already match as a prefix, unless the browser looks the word
    up exactly (exact)."""
    latin = {t for t in tokens if LATIN.fullmatch(t)}
    longer = {t for t in latin if t not in exact
              and any(u != t and u.startswith(t) for u in latin)}
    return [t for t in tokens if t not in longer]


def word_runs(words: list[str]) -> list[str]:
    """Each run of two or more consecutive Latin words, joined, shorter than all of them."""
    if not all(LATIN.fullmatch(w) for w in words):
        return []
    n = len(words)
    return ["".join(words[i:j]) for i in range(n) for j in range(i + 2, n + 1)
            if j - i < n]


# The order a result's excerpt lists a yaku's names in (names.json's form kinds).
EXCERPT_FORMS = ("zh-Hant", "zh-Hans", "ja", "kana", "romaji", "en")


def excerpt(entry: dict[str, Any]) -> str:
    """The text of a yaku page's own search entry, shown under its title in the results:
    the first name of each form kind (its main name; the spelling variants are keys only),
    each once, in the order of EXCERPT_FORMS (HTML, escaped).

    The entry's text would otherwise be whatever the page holds before its title (the
    language switch once made every excerpt read "English"); the keys themselves stay in
    `tags`, which assets/search_query.js keeps out of the result list."""
    seen: list[str] = []
    forms = entry.get("forms", {})
    order = tuple(entry.get("excerpt", EXCERPT_FORMS))  # the English edition: English first
    for kind in order + tuple(sorted(set(forms) - set(order))):
        for form in forms.get(kind, [])[:1]:
            if form not in seen:
                seen.append(form)
    return f"<p>{html.escape(' · '.join(seen), quote=False)}</p>" if seen else ""


def add_keys(index: dict[str, Any], names: dict[str, Any]) -> dict[str, list[str]]:
    """Give each yaku page entry of a search index its keys (in place); the keys by page."""
    separator = re.compile(index["config"]["separator"])
    docs = index["docs"]
    pages = {d["location"]: d for d in docs if d["location"] in names}
    for loc, doc in pages.items():
        doc["text"] = excerpt(names[loc])
    forms = {loc: list(dict.fromkeys(
                 with_folded(f for fs in entry["forms"].values() for f in fs)
                 + romaji_folded(entry)))
             for loc, entry in names.items()}
    parts = inner_parts(f for fs in forms.values() for f in fs)
    for doc in docs:
        for field in ("title", "text"):
            if doc.get(field):
                doc[field] = mark_tokens(doc[field], parts, separator)
    keys = {loc: [k + MARK if k in parts else k for k in base_keys(forms[loc], separator)]
            for loc in pages}
    for _ in range(MAX_ROUNDS):
        tokens = index_tokens(docs, separator)
        for ks in keys.values():
            tokens.update(ks)
        changed = False
        for loc in sorted(keys):
            for form in forms[loc]:
                for term in query_terms(form, tokens, separator):
                    if not any(k.startswith(term) for k in keys[loc]):
                        keys[loc].append(term + MARK if term in parts else term)
                        changed = True
        if not changed:
            break
    for loc, doc in pages.items():
        # Each name form whole (its words joined: the term assets/search_query.js adds to a
        # Latin query, boosted and without a wildcard) comes four times, and each word of a
        # form of several words twice (once more, however many forms share it: 超一發's
        # "chou ippatsu", "cho ippatsu" must not outweigh 一發's own "ippatsu"), so the
        # exact name outranks a page whose key merely starts with the query.
        # Each run of two or more words of a Latin name (seven pairs in Full Flush Seven
        # Pairs) joined, once: the exact term the rewrite adds to a query of those words,
        # so rule words typed in English rank the yaku whose name holds them first.
        whole, words, runs = [], [], []
        for f in forms[loc]:
            ws = [w for w in re.split(r"[\s\-]+", f.lower()) if w]
            whole.append("".join(ws))
            words += ws if len(ws) > 1 else []
            runs += word_runs(ws)
        runs = [r for r in dict.fromkeys(runs) if r not in whole]
        extra = [w + MARK if w in parts else w
                 for w in whole * 3 + list(dict.fromkeys(words)) + runs]
        tokens = drop_prefix_keys(keys[loc] + extra,
                                  exact_words(forms[loc], separator) | set(whole) | set(runs))
        # Material inserts result fields as HTML (utilities/h: innerHTML), as the plugin
        # escapes the pages' text, so must the keys be.
        doc["tags"] = [html.escape(" ".join(tokens), quote=False)]
    return keys


VOCABULARY = "name_vocabulary.json"  # beside search_index.json, read by search_query.js


def rewrite(site_dir: str, names_path: Path) -> None:
    path = Path(site_dir) / "search" / "search_index.json"
    if not path.exists() or not names_path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    names = json.loads(names_path.read_text(encoding="utf-8"))
    keys = add_keys(index, names)
    path.write_text(json.dumps(index, separators=(",", ":"), default=str), encoding="utf-8")
    path.with_name(VOCABULARY).write_text(
        json.dumps(vocabulary(index, keys), ensure_ascii=False, separators=(",", ":")),
        encoding="utf-8")
