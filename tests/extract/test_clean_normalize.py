from extract.clean import clean_line, strip_pinyin
from extract.normalize import HANT_CORRECTIONS, both_scripts, to_hans, to_hant


def test_br_splits_one_line_into_two_options():
    parts = clean_line("\u3000\u3000ａ\u3000成立<br/> \u3000\u3000ｂ\u3000不成立</p>")
    assert [p.text.strip(" \u3000") for p in parts] == ["ａ\u3000成立", "ｂ\u3000不成立"]
    assert [p.part for p in parts] == [0, 1]
    assert "<br/>" in parts[0].removed and "</p>" in parts[0].removed


def test_pinyin_annotations_go_real_parentheses_stay():
    assert strip_pinyin("麻雀規(guī)則全集(5)")[0] == "麻雀規則全集(5)"
    assert strip_pinyin("南北戰(zhàn)爭(2)")[0] == "南北戰爭(2)"
    assert strip_pinyin("加賀百萬石(1)")[0] == "加賀百萬石(1)"
    assert strip_pinyin("（如果有加賀百萬石）")[0] == "（如果有加賀百萬石）"
    # Not after a CJK character, or no tone mark: not an annotation.
    assert strip_pinyin("Windows (ni)")[0] == "Windows (ni)"
    assert strip_pinyin("役(yi)")[0] == "役(yi)"


def test_every_text_gets_both_scripts_and_keeps_the_source():
    t = both_scripts("東北新干線", "Hant")
    assert t == {"source": "東北新干線", "zh-Hant": "東北新幹線", "zh-Hans": "东北新干线"}
    assert to_hans("鳴牌后") == "鸣牌后" and to_hant("鸣牌后") == "鳴牌後"


def test_project_table_corrects_opencc_for_mahjong_terms():
    assert HANT_CORRECTIONS["舍牌"] == "捨牌"
    assert to_hant("莊家的第1舍牌") == "莊家的第1捨牌"
    assert to_hant("宿舍") == "宿舍"  # only the mahjong term changes


def test_remnants_split_as_the_html_parser_splits_them():
    # split_html splits a line of only <br/> and </p> remnants itself; BeautifulSoup is the
    # reference for every such line (whitespace between tags included).
    import random

    from bs4 import BeautifulSoup

    from extract.clean import REMNANTS_ONLY, split_html

    def parser_split(text: str) -> list[str]:
        parts = [""]
        for node in BeautifulSoup(text, "html.parser").contents:
            if getattr(node, "name", None) == "br":
                parts.append("")
            else:
                parts[-1] += str(node)
        return parts

    pieces = [" ", "  ", "\t", "\n", "\r", "\x0c", "\u3000", "a", "ａ", "成立", "?", "\ufffd",
              "/", "p>", "<br/>", "</p>"]
    rng = random.Random(20261130)
    lines = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(3000)]
    lines += ["\u3000\u3000ａ\u3000成立<br/> \u3000\u3000ｂ\u3000不成立</p>", "<br/><br/>", "</p>"]
    checked = 0
    for line in lines:
        if "<" in line and REMNANTS_ONLY.fullmatch(line):
            assert split_html(line) == parser_split(line), repr(line)
            checked += 1
    assert checked > 1000
