"""How awards are compared (yakubook.engine.award.rank): the engine picks the reading whose awards
rank highest, so the order of the value kinds is what matters."""

from __future__ import annotations

from yakubook.engine.award import rank


def han(n: int) -> dict:
    return {"kind": "han", "han": n, "open_han": None, "lost": False, "notes": []}


def limit(name: str, multiple: int | None = None) -> dict:
    return {"kind": "limit", "limit": name, "multiple": multiple, "lost": False, "notes": []}


def test_limits_rank_between_han_and_yakuman_in_their_order():
    ladder = [han(4), limit("mangan"), limit("haneman"), limit("baiman"), limit("sanbaiman"),
              {"kind": "yakuman", "multiple": 1, "lost": False, "notes": []}]
    ranks = [rank(v) for v in ladder]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks), ranks


def test_an_additive_value_counts_the_standard_yaku_it_adds_to():
    # 「七對子+1翻」: the hand's seven pairs (2 han) plus the local yaku's 1.
    plus_one = {"kind": "additive", "han": 1, "plus": "七对子", "lost": False, "notes": []}
    assert rank(plus_one) > rank(han(2))
    assert rank(plus_one) == rank(han(3))


def test_a_multiple_mangan_ranks_as_that_many_mangan():
    # N倍滿貫 is N mangan (extract/values.py): a lone mangan ranks as its 5 han, a double
    # one as 10, and a triple one (15) above a baiman (8).
    assert rank(limit("mangan")) == rank(limit("mangan", 1)) == rank(han(5))
    assert rank(limit("mangan", 2)) == rank(han(10))
    assert rank(limit("mangan", 3)) > rank(limit("baiman"))


def yakuman(multiple: int) -> dict:
    return {"kind": "yakuman", "multiple": multiple, "lost": False, "notes": []}


def test_a_double_yakuman_ranks_as_two_yakuman():
    # A yakuman ranks as 13 han; a double one (雙倍役滿) as two of them, a triple as three.
    assert rank(yakuman(1)) == 13.0
    assert rank(yakuman(2)) == 26.0
    assert rank(yakuman(3)) == 39.0


def test_an_additive_value_ranks_as_its_han_plus_the_seven_pairs_two():
    # 「七對子+N翻」 ranks as N + 2 for every N (and as the 2 alone when N is lost); the
    # Traditional spelling of 七對子 counts the same.
    for n, expected in ((None, 2.0), (1, 3.0), (2, 4.0), (3, 5.0), (4, 6.0), (6, 8.0)):
        for plus in ("七对子", "七對子"):
            value = {"kind": "additive", "han": n, "plus": plus, "lost": False, "notes": []}
            assert rank(value) == expected, (n, plus)


def test_a_held_value_without_han_ranks_above_nothing_and_below_one_han():
    # An 「採用」 (adopted) value holds the yaku but names no han: it must count for more
    # than a value that awards nothing (kind none), and for less than any han.
    adopted = {"kind": "adopted", "lost": False, "notes": []}
    none = {"kind": "none", "lost": False, "notes": []}
    assert rank(none) == 0.0
    assert 0.0 < rank(adopted) <= rank(han(1))


def test_picking_a_case_the_value_does_not_have_names_it():
    import pytest

    from yakubook.engine.award import pick_case

    value = {"kind": "conditional", "cases": [{"when": "合计刚好100", "value": han(2)}]}
    assert pick_case(value, "合计刚好100") == han(2)
    with pytest.raises(KeyError, match="no case '101以上'"):
        pick_case(value, "101以上")


def test_a_conditional_value_ranks_as_its_best_case():
    # 加賀百萬石 (3-13-01 c): double yakuman when the total is exactly 100, else yakuman.
    # Before a case is picked, the value ranks as the best case it may turn out to be.
    value = {"kind": "conditional", "lost": False, "notes": [], "cases": [
        {"when": "合计刚好100", "value": yakuman(2)},
        {"when": "101以上", "value": yakuman(1)},
    ]}
    assert rank(value) == rank(yakuman(2)) > rank(yakuman(1))
