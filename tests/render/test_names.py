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


# Curated names in every form (catalog/names.toml, keys described in its header).

REQUIRED_STR = ("zh", "slug", "romaji", "en", "ja", "kana", "name_en")
OPTIONAL_LISTS = ("ja_aliases", "en_aliases", "zh_aliases")
KNOWN_KEYS = {*REQUIRED_STR, "romaji_aliases", *OPTIONAL_LISTS}

# Traditional-only and Simplified-only forms whose Japanese (shinjitai) spelling differs:
# 萬→万 莊→荘 發→発 雞/鷄→鶏 戰→戦 獨→独 對→対 單→単 寶→宝 雙→双 爭→争 齊→斉 壽→寿
# 貓→猫 鄉→郷 綠→緑 戶→戸 步→歩, and Simplified-only forms (杠 发 连 风 对 龙 顺 贯 庄 战 鸡 齐
# 乡 绿 户). Characters Japanese shares with Simplified (宝 双 争 独 寿 猫 万) are not here.
NOT_JAPANESE = set("萬莊發雞鷄戰獨對單寶雙爭齊壽貓鄉綠戶步杠发连风对龙顺贯庄战鸡齐乡绿户")
# A name whose Japanese spelling really keeps one of those characters goes here, with why.
JAPANESE_EXCEPTIONS: dict[str, str] = {}

KANA = re.compile(r"[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fd\u30fe・ー]+")
ROMAJI_ALIAS = re.compile(r"[a-z0-9](?:[a-z0-9 '-]*[a-z0-9-])?")
NUMBER_SUFFIX = re.compile(r"\((\d)\)$")


def _raw_names(root):
    import tomllib

    return tomllib.loads((root / "catalog" / "names.toml").read_text(encoding="utf-8"))


def test_every_entry_has_every_name_form_with_the_right_type(root):
    for yid, entry in _raw_names(root).items():
        assert set(entry) <= KNOWN_KEYS, (yid, set(entry) - KNOWN_KEYS)
        for key in REQUIRED_STR:
            assert isinstance(entry.get(key), str) and entry[key].strip(), (yid, key)
        assert entry["name_en"].isascii(), yid
        assert isinstance(entry.get("romaji_aliases"), list), yid
        for key in ("romaji_aliases", *OPTIONAL_LISTS):
            values = entry.get(key, [])
            assert isinstance(values, list), (yid, key)
            assert all(isinstance(v, str) and v.strip() == v and v for v in values), (yid, key)
            assert len(values) == len(set(values)), (yid, key, "repeats an alias")


def test_japanese_names_use_japanese_characters(root):
    for yid, entry in _raw_names(root).items():
        for name in [entry["ja"], *entry.get("ja_aliases", [])]:
            bad = sorted(set(name) & NOT_JAPANESE)
            assert not bad or name in JAPANESE_EXCEPTIONS, (yid, name, bad)


def test_kana_is_only_kana(root):
    for yid, entry in _raw_names(root).items():
        assert KANA.fullmatch(entry["kana"]), (yid, entry["kana"])


def test_romaji_aliases_are_lowercase_ascii_and_not_the_romaji_itself(root):
    for yid, entry in _raw_names(root).items():
        for alias in entry["romaji_aliases"]:
            assert alias.isascii() and ROMAJI_ALIAS.fullmatch(alias), (yid, alias)
            assert "  " not in alias, (yid, alias)
            assert alias != entry["romaji"].lower(), (yid, alias)


def test_numbered_variants_keep_their_number_in_every_numbered_form(root):
    for yid, entry in _raw_names(root).items():
        m = NUMBER_SUFFIX.search(entry["zh"])
        number = m.group(1) if m else None
        ja = NUMBER_SUFFIX.search(entry["ja"])
        assert (ja.group(1) if ja else None) == number, (yid, entry["ja"])
        for key in ("romaji", "name_en"):
            if number:
                assert entry[key].endswith(f" ({number})"), (yid, key, entry[key])
            else:
                assert not NUMBER_SUFFIX.search(entry[key]), (yid, key, entry[key])
        assert not NUMBER_SUFFIX.search(entry["kana"]), yid


def _forms(entry, node):
    forms = [entry["zh"], entry["ja"], entry["kana"], entry["romaji"], entry["name_en"],
             *entry["romaji_aliases"]]
    for key in OPTIONAL_LISTS:
        forms += entry.get(key, [])
    if node is not None:
        forms += [node["name"]["zh-Hant"], node["name"]["zh-Hans"]]
    return {re.sub(r"\s+", "", f).casefold() for f in forms}


def _shared_forms(names, nodes) -> list[tuple[str, list[str]]]:
    """Forms claimed by yaku of different base names (numbered variants share a base)."""
    owners: dict[str, set[str]] = {}
    for yid, entry in names.items():
        for form in _forms(entry, nodes.get(yid)):
            owners.setdefault(form, set()).add(yid)
    return [
        (form, sorted(yids)) for form, yids in sorted(owners.items())
        if len({NUMBER_SUFFIX.sub("", names[y]["zh"]) for y in yids}) > 1
    ]


def _yaku_nodes(built_catalog):
    return {n["id"]: n for n in built_catalog["nodes"] if n["kind"] == "yaku"}


def test_no_name_form_is_shared_by_two_yaku_unless_numbered_variants(root, built_catalog):
    assert _shared_forms(_raw_names(root), _yaku_nodes(built_catalog)) == []


def test_sharing_check_reports_an_alias_two_yaku_claim(root, built_catalog):
    names = _raw_names(root)
    names["3-13-01"]["romaji_aliases"].append("Pa Renchan")
    names["3-06-14"]["ja_aliases"] = ["燕返し(1)"]
    shared = _shared_forms(names, _yaku_nodes(built_catalog))
    assert ("parenchan", ["3-13-01", "3-15-03"]) in shared
    assert ("燕返し(1)", ["3-02-04", "3-06-14"]) in shared
    # numbered variants of one name (南北戰爭 (1)-(3)) share "nanboku sensou" without a report
    civil_war = {"3-06-14", "3-16-05", "3-16-06"}
    assert not [f for f, yids in shared if set(yids) <= civil_war]


def test_names_players_type_for_well_known_yaku(root):
    names = _raw_names(root)
    assert (names["3-15-03"]["ja"], names["3-15-03"]["kana"]) == ("八連荘", "パーレンチャン")
    assert {"parenchan", "pa-renchan", "paa renchan"} <= set(names["3-15-03"]["romaji_aliases"])
    assert names["3-13-01"]["ja"] == "加賀百万石(1)"
    assert names["3-13-01"]["kana"] == "かがひゃくまんごく"
    assert "kaga hyakumangoku" in names["3-13-01"]["romaji_aliases"]
    assert names["3-16-01"]["ja"] == "十三不塔"
    assert names["3-02-04"]["ja"] == "燕返し(1)"
    assert names["3-02-01"]["ja"] == "一発"
    assert names["3-14-01"]["ja"] == "金鶏独立"
    assert names["3-08-01"]["ja"] == "東北新幹線"
