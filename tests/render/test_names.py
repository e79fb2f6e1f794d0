import keyword
import re

import catalog


def test_every_catalog_yaku_has_exactly_one_name_entry(built_catalog, root):
    names = catalog.parse_names((root / "catalog" / "names.toml").read_text(encoding="utf-8"))
    yaku = {n["id"] for n in built_catalog["nodes"] if n["kind"] == "yaku"}
    assert set(names) == yaku


def test_slugs_are_unique_valid_identifiers():
    names = catalog.names()
    slugs = [n.slug for n in names.values()]
    assert len(slugs) == len(set(slugs))
    for slug in slugs:
        assert re.fullmatch(r"[a-z_][a-z0-9_]*", slug) and not keyword.iskeyword(slug), slug
    for n in names.values():
        assert n.romaji.isascii() and n.en.isascii() and n.romaji and n.en


def test_known_hepburn_slugs():
    names = catalog.names()
    assert names["3-13-01"].slug == "kaga_hyakumangoku_1"
    assert names["3-05-02"].slug == "beni_kujaku_1"
    assert names["3-08-01"].slug == "tohoku_shinkansen"
