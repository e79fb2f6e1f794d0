"""Search in Debian's Chromium, typed with key events: every name form of every yaku
(zh-Hant and zh-Hans from the catalog; Japanese, kana, romaji and English from
catalog/names.toml) gives the yaku's page as the first visible result, for at least 98% of
the forms; partial names unique to one yaku do too; listing pages never come first for a
yaku's name. Also the browser's cut of a query, mirrored in
site/overrides/hooks/search_keys.py, is checked (fast) against Material's own code paths."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from site_helpers import FORM_KINDS, name_queries, partial_queries, run_name_search

ROOT = Path(__file__).resolve().parents[2]
THRESHOLD = 0.98


def _search_keys():  # type: ignore[no-untyped-def]
    path = ROOT / "site" / "overrides" / "hooks" / "search_keys.py"
    spec = importlib.util.spec_from_file_location("search_keys_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SEPARATOR = re.compile(r"[\s\u200b\u3000\-、。，．？！；]+")


def test_segment_mirrors_materials_greedy_cut():
    keys = _search_keys()
    # no index token is a prefix: the run stays whole (Material's "hotfix" branch)
    assert keys.segment("加賀百萬石", set()) == ["加賀百萬石"]
    # the longest token from the start, and never the run's last character
    assert keys.segment("青函連絡船", {"青"}) == ["青"]
    assert keys.segment("加賀百萬石", {"加賀", "百萬", "百萬石"}) == ["加賀", "百萬"]
    assert keys.segment("三色同刻", {"三色", "同刻", "同"}) == ["三色", "同"]
    assert keys.query_terms("Sujihai-kou", set(), SEPARATOR) == ["sujihai", "kou"]
    assert keys.query_terms("燕返し", {"燕"}, SEPARATOR) == ["燕し"]


def test_keys_make_every_form_a_prefix_match():
    keys = _search_keys()
    index = {"config": {"separator": SEPARATOR.pattern},
             "docs": [{"location": "yaku/a/", "title": "三色\u200b同刻", "text": "三\u200b色"},
                      {"location": "yaku/b/", "title": "三色\u200b同順", "text": ""},
                      {"location": "by-name/", "title": "x", "text": "三色\u200b同刻 三"}]}
    names = {"yaku/a/": {"forms": {"zh-Hant": ["三色同刻"], "ja": ["三色同刻し"]}},
             "yaku/b/": {"forms": {"zh-Hant": ["三色同順"]}}}
    keys.add_keys(index, names)
    docs = {d["location"]: d for d in index["docs"]}
    assert "tags" in docs["yaku/a/"] and "tags" not in docs["by-name/"]
    tokens = keys.index_tokens(index["docs"], SEPARATOR)
    # pieces of a name that stop before its end are no longer index tokens, so the
    # browser keeps the whole name as one term and only the yaku's key starts with it
    assert "三" not in tokens and "三色" not in tokens
    for loc, forms in (("yaku/a/", ["三色同刻", "三色同刻し"]), ("yaku/b/", ["三色同順"])):
        own = SEPARATOR.split(docs[loc]["tags"][0])
        for form in forms:
            for term in keys.query_terms(form, tokens, SEPARATOR):
                assert any(k.startswith(term) for k in own), (form, term)
        other = SEPARATOR.split(docs["yaku/b/" if loc == "yaku/a/" else "yaku/a/"]["tags"][0])
        assert not any(k.startswith(forms[0]) for k in other)


def test_words_the_browser_looks_up_exactly():
    keys = _search_keys()
    # `ho-chi*`: lunr splits at the hyphen, and only the last piece keeps the wildcard
    assert keys.exact_words(["ho-chi", "Shichi-go-san", "chou sangen"], SEPARATOR) == {
        "ho", "shichi", "go"}
    assert keys.exact_words(["renho-"], SEPARATOR) == set()


def test_a_latin_key_that_starts_a_longer_key_is_dropped():
    keys = _search_keys()
    tokens = ["chi", "chiitoi", "chiitoitsu", "ho", "hochi", "chiitoitsu", "七対子", "七"]
    # chi and chiitoi match nothing chiitoitsu does not; ho is looked up exactly; Han
    # pieces stay (the browser's cut of a Han query depends on them)
    assert keys.drop_prefix_keys(tokens, {"ho"}) == [
        "chiitoitsu", "ho", "hochi", "chiitoitsu", "七対子", "七"]
    assert keys.drop_prefix_keys(["aruchu", "aruchuu"], {"aruchu"}) == ["aruchu", "aruchuu"]


def test_an_exact_name_outweighs_a_longer_name_sharing_its_word():
    keys = _search_keys()
    index = {"config": {"separator": SEPARATOR.pattern},
             "docs": [{"location": "yaku/a/", "title": "一發", "text": ""},
                      {"location": "yaku/b/", "title": "超一發", "text": ""}]}
    names = {"yaku/a/": {"forms": {"romaji": ["Ippatsu"]}},
             "yaku/b/": {"forms": {"romaji": ["Chou-ippatsu", "chou ippatsu",
                                              "cho ippatsu", "super ippatsu"]}}}
    keys.add_keys(index, names)
    tags = {d["location"]: d["tags"][0].split() for d in index["docs"]}
    assert tags["yaku/a/"].count("ippatsu") > tags["yaku/b/"].count("ippatsu") > 0
    assert "chou" in tags["yaku/b/"]  # looked up exactly in `chou-ippatsu*`
    assert tags["yaku/b/"].count("chouippatsu") >= 4  # whole, the joined term a query adds


@pytest.fixture(scope="module")
def typed(built_site, cat):
    queries = name_queries(ROOT, cat)
    partial = partial_queries(cat)
    results = run_name_search(built_site.public, queries + partial)
    return ([r for r in results if r[1] in FORM_KINDS],
            [r for r in results if r[1] == "partial"])


@pytest.mark.slow
def test_every_name_form_finds_its_page_first(typed, cat):
    results, _ = typed
    yaku = [n for n in cat["nodes"] if n["kind"] == "yaku"]
    assert len(results) >= 3 * len(yaku)  # at least zh-Hant, zh-Hans, romaji for all
    rates = {}
    for kind in FORM_KINDS:
        rows = [r for r in results if r[1] == kind]
        if rows:
            rates[kind] = sum(r[3] for r in rows) / len(rows)
    misses = [(r[0], r[1], r[2], r[4][:1]) for r in results if not r[3]]
    rate = sum(r[3] for r in results) / len(results)
    assert rate >= THRESHOLD, (rate, rates, misses[:30])


@pytest.mark.slow
def test_listing_pages_never_come_first_for_a_name(typed):
    results, _ = typed
    listing = re.compile(r"/(by-name|by-value|by-status|status|sections/[^/]+)/|:\d+/(\?|$)")
    first = [(r[2], r[4][0]) for r in results if r[4]]
    assert [f for f in first if listing.search(f[1])] == []


@pytest.mark.slow
def test_partial_names_find_their_yaku(typed):
    _, partial = typed
    assert partial
    rate = sum(r[3] for r in partial) / len(partial)
    assert rate >= THRESHOLD, (rate, [(r[0], r[2], r[4][:1]) for r in partial if not r[3]])


@pytest.mark.slow
def test_a_name_numbered_variants_share_finds_them_all(built_site, cat):
    """紅孔雀 (without its number) gives one of 紅孔雀(1)/(2) first, the others in the top 3."""
    groups: dict[str, set[str]] = {}
    for n in cat["nodes"]:
        if n["kind"] == "yaku":
            for key in ("zh-Hant", "zh-Hans"):
                base = re.sub(r"[(（]\d+[)）]$", "", n["name"][key])
                if base != n["name"][key]:
                    groups.setdefault(base, set()).add(n["id"])
    shared = {base: ids for base, ids in groups.items() if len(ids) > 1}
    assert shared
    queries = [(sorted(ids)[0], "variant", base) for base, ids in sorted(shared.items())]
    results = run_name_search(built_site.public, queries)
    from site_helpers import top_pages

    for (_, _, base, _, links), ids in zip(results, [shared[q[2]] for q in queries],
                                           strict=True):
        top = top_pages(links, 3)
        assert top and top[0] in ids, (base, links)
        assert ids <= set(top) or len(ids) > 3, (base, top)
