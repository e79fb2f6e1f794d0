import pytest

from extract.values import ValueGrammarError, parse_value

LOST = "\ufffd"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("无", {"kind": "none"}),
        ("有", {"kind": "adopted"}),
        ("2翻（鸣牌后1翻）", {"kind": "han", "han": 2, "open_han": 1}),
        ("2翻（鸣牌后也2翻）", {"kind": "han", "han": 2, "open_han": 2}),
        ("役满", {"kind": "yakuman", "multiple": 1, "open": None}),
        ("两倍役满", {"kind": "yakuman", "multiple": 2}),
        ("三倍役满（鸣牌后两倍役满）", {"kind": "yakuman", "multiple": 3}),
        ("满贯", {"kind": "limit", "limit": "mangan", "multiple": 1}),
        ("跳满", {"kind": "limit", "limit": "haneman"}),
        ("倍满", {"kind": "limit", "limit": "baiman"}),
        ("三倍满", {"kind": "limit", "limit": "sanbaiman"}),
        ("2倍满贯", {"kind": "limit", "limit": "mangan", "multiple": 2}),
        ("25符1翻", {"kind": "fu_han", "fu": 25, "han": 1}),
        ("2翻＋七对子的翻数", {"kind": "additive", "han": 2, "plus": "七对子"}),
        (LOST + "翻", {"kind": "han", "han": None, "lost": True}),
        (LOST + "倍满贯", {"kind": "limit", "multiple": None, "lost": True}),
    ],
)
def test_value_kinds(text, expected):
    value = parse_value(text)
    for k, v in expected.items():
        assert value[k] == v, (text, k, value)


def test_conditional_values_keep_every_case():
    v = parse_value("合计刚好100时两倍役满，101以上时役满")
    assert v["kind"] == "conditional"
    assert [c["when"] for c in v["cases"]] == ["合计刚好100", "101以上"]
    assert [c["value"]["multiple"] for c in v["cases"]] == [2, 1]
    v = parse_value("海底捞月时两倍役满，河底捞鱼时役满")
    assert [c["when"] for c in v["cases"]] == ["海底捞月", "河底捞鱼"]


def test_qualifiers_are_structured_notes():
    def kinds(text: str) -> list[str]:
        return [n["kind"] for n in parse_value(text)["notes"]]

    assert kinds("2翻（包含一发的1翻）") == ["includes"]
    assert kinds("役满（可与大三元复合）") == ["combines_with"]
    assert kinds("1翻但不认为是和牌役") == ["not_winning_yaku"]
    assert kinds("1翻（仅限门前；与二杯口合计4翻）") == ["closed_only", "total_with"]
    assert kinds("两倍役满（与四杠子复合，与三暗杠不复合）") == ["combines_and_not"]
    assert parse_value("役满（鸣牌后5翻）")["open"]["han"] == 5


@pytest.mark.parametrize("text", ["很多翻", "役满满", "2翻＋", "", "七对子"])
def test_unreadable_values_fail_loudly(text):
    with pytest.raises(ValueGrammarError):
        parse_value(text)


def test_every_yaku_option_of_the_catalog_has_a_value(built_catalog):
    for n in built_catalog["nodes"]:
        if n["kind"] == "yaku":
            for o in n["options"]:
                assert o["value"] is not None, (n["id"], o["letter"])
                if "\ufffd" in o["text"]["source"]:
                    assert o["value"]["lost"], (n["id"], o["letter"])
