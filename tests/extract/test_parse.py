import pytest

from extract.parse import Line, ParseError, parse_chapter


def lines(text: str) -> list[Line]:
    out = []
    for n, t in enumerate(text.split("\n"), start=1):
        out.append(Line(n, 0, t, t[:1] in (" ", "\u3000")))
    return out


CHAPTER = """3-13　數牌的特殊役

3-13-01　加賀百萬石(1)
　　【內容】　萬子的數字合計在100或以上
　　　　　　　僅限門前
　　ａ　無
　　ｂ　役滿
（如果有加賀百萬石）
3-13-01-01　役成立條件
　　ａ　僅限門前
　　ｂ　鳴牌后也可
（如果閑家有效）
3-13-01-01-01　閑家的條件
　　ａ　甲
3-13-01-02　合計
數牌不要求同色
　　ａ　乙
3-13-01-03　破
　　【內容】　阻止
　　ａ　無
?
"""


def test_nodes_kinds_parents_and_scopes():
    ch = parse_chapter(lines(CHAPTER))
    by = {n.id: n for n in ch.nodes}
    assert [n.id for n in ch.nodes] == [
        "3-13",
        "3-13-01",
        "3-13-01-01",
        "3-13-01-01-01",
        "3-13-01-02",
        "3-13-01-03",
    ]
    assert by["3-13-01"].kind == "yaku"
    assert [t for t, _ in by["3-13-01"].content] == ["萬子的數字合計在100或以上", "僅限門前"]
    assert by["3-13-01-01"].kind == "rule"
    assert [t for t, _ in by["3-13-01-01"].applies_if] == ["如果有加賀百萬石"]
    assert [t for t, _ in by["3-13-01-01-01"].applies_if] == ["如果有加賀百萬石", "如果閑家有效"]
    assert [t for t, _ in by["3-13-01-02"].applies_if] == ["如果有加賀百萬石"]
    assert [t for t, _ in by["3-13-01-02"].notes] == ["數牌不要求同色"]
    assert by["3-13-01-03"].kind == "yaku"  # nested, with its own 【內容】
    assert ch.separators == [21]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3-13　甲\n3-13-01　乙\n　　ａ　無\n　　ｃ　有", "option c of 3-13-01 where b"),
        ("3-13　甲\n3-13-02　乙\n　　ａ　無\n3-13-01　丙\n　　ａ　無", "out of order"),
        ("3-13　甲\n3-13-01　乙\n　　ａ　無\n3-13-01　丙\n　　ａ　無", "duplicate ID 3-13-01"),
        ("3-13　甲\n3-13-01　乙\n　　ａ　無\n<<<>>>", "unknown shape"),
    ],
)
def test_bad_structure_names_the_line(text, message):
    with pytest.raises(ParseError, match=message) as e:
        parse_chapter(lines(text))
    assert e.value.line >= 3
