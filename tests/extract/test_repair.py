"""Repair stage: synthetic damage made with the same byte arithmetic, and the real chapters."""

from __future__ import annotations

import pytest

from extract import gbk
from extract.build import build_model, read_manifest
from extract.context import ContextModel
from extract.repair import LOST, repair_line, repair_text


@pytest.fixture(scope="module")
def model_and_readings(root):
    texts = [(root / "sources" / c.file).read_text(encoding="utf-8") for c in read_manifest(root)]
    return build_model(texts)


def damage(text: str, swallow_digit: bool = False) -> str:
    """Decode `text`'s GBK bytes one byte out of step, as the chapters were damaged.

    The first byte after the indentation is lost as `?`; the run ends cleanly at an ASCII
    trail byte or, when `swallow_digit`, lossily with the trail byte and an ASCII digit.
    """
    raw = text.encode("gbk")
    out = "\u3000?"
    i = 3  # after the first full-width space and one lost byte
    while i < len(raw):
        if raw[i] < 0x80:
            out += chr(raw[i]) + raw[i + 1 :].decode("gbk")
            return out
        if i + 1 < len(raw) and raw[i + 1] < 0x40:
            out += "?" + raw[i + 2 :].decode("gbk")  # trail + ASCII character swallowed
            return out
        pair = bytes(raw[i : i + 2])
        out += pair.decode("gb18030")
        i += 2
    return out


def test_damage_helper_reproduces_a_real_line():
    assert damage("\u3000\u3000ａ\u3000無") == "\u3000?。帷\ue524o"


@pytest.mark.parametrize(
    "original",
    ["\u3000\u3000ｂ\u3000役滿", "\u3000\u3000ａ\u3000僅限門前", "\u3000\u3000ｃ\u3000滿貫"],
)
def test_clean_runs_are_read_in_step(model_and_readings, original):
    model, readings = model_and_readings
    damaged = damage(original)
    assert damaged != original
    rl = repair_line(1, damaged, model, readings, drops_private_use=False)
    assert rl.text == original
    assert rl.repairs[0].kind == "realigned"


def test_a_swallowed_digit_becomes_lost_never_guessed(model_and_readings):
    model, readings = model_and_readings
    damaged = damage("\u3000\u3000ｂ\u30002翻", swallow_digit=True)
    assert damaged.endswith("?翻")
    rl = repair_line(7, damaged, model, readings, drops_private_use=False)
    assert rl.text == "\u3000\u3000ｂ\u3000" + LOST + "翻"
    assert any(r.kind == "digit_lost" and r.line == 7 for r in rl.repairs)


def test_a_swallowed_lt_before_br_is_restored(model_and_readings):
    model, readings = model_and_readings
    rl = repair_line(1, "\u3000?。帷〕闪?br/>", model, readings, drops_private_use=False)
    assert rl.text == "\u3000\u3000ａ\u3000成立<br/>"
    assert [r.kind for r in rl.repairs].count("markup_restored") == 1


def test_pinyin_after_a_clean_end_is_evidence(model_and_readings):
    # Chapter 001 dropped the private-use pair; the annotation (wú) names the character.
    model, readings = model_and_readings
    rl = repair_line(6, "?。帷o(wú)", model, readings, drops_private_use=True)
    assert rl.text.startswith("\u3000ａ\u3000無")


def test_gbk_candidates_follow_the_surviving_byte():
    leads = {ch for _, ch in gbk.chars_with_lead(0xD3)}
    assert {"于", "有", "用", "計"} <= leads
    assert all(gbk.decode_pair(0xA1, t) != "\ue524" for t in range(0x40, 0xFF))
    assert gbk.is_user_defined(0xA1, 0x9F) and not gbk.is_user_defined(0xA1, 0xA1)


def test_context_model_prefers_the_compendiums_idiom():
    model = ContextModel(["鳴牌后也可", "僅限門前"], [("门前", 100)], lambda c: c)
    choice = model.choose("僅限門", ["前", "後", "口"], "")
    assert choice.best == "前"


def test_real_chapters_read_without_damage_left(root, model_and_readings):
    model, readings = model_and_readings
    for info in read_manifest(root):
        text = (root / "sources" / info.file).read_text(encoding="utf-8")
        lines = repair_text(text, model, readings, drops_private_use=info.file.startswith("001"))
        for rl in lines:
            rest = rl.text.strip(" \u3000")
            if rest == "?":
                continue  # the separator lines between sections
            assert "?" not in rl.text, f"{info.file}:{rl.number}: {rl.text}"
            assert not any("\ue000" <= c <= "\uf8ff" for c in rl.text), f"{info.file}:{rl.number}"


def test_batched_context_scores_are_the_one_at_a_time_sums():
    # The model scores all candidates of a context together; each score must be the very
    # float the definition gives one candidate at a time: n-gram windows then word windows,
    # skipping any holding a lost character (n-grams also a digit's class), words of two
    # to four characters only (here also for candidates of other lengths).
    import math
    import random

    def reference(model, left, c, right):
        left, c, right = model.fold(left[-3:]), model.fold(c), model.fold(right[:3])
        s = 0.0
        grams = []
        if left:
            grams.append((left[-1], "", 1.0))
        if right:
            grams.append(("", right[0], 1.0))
        if len(left) >= 2:
            grams.append((left[-2:], "", 2.0))
        if left and right:
            grams.append((left[-1], right[0], 2.0))
        if len(right) >= 2:
            grams.append(("", right[:2], 2.0))
        for before, after, weight in grams:
            gram = before + c + after
            if LOST in gram or "0" in gram:
                continue
            n = model.grams.get(gram, 0)
            if n:
                s += 2.0 * weight * (1.0 + math.log(n))
        for size in (2, 3, 4):
            for start in range(size):
                before = size - 1 - start
                if before > len(left) or start > len(right):
                    continue
                word = left[len(left) - before :] + c + right[:start]
                if LOST not in word and 2 <= len(word) <= 4 and word in words:
                    s += 0.5 * (size - 1) * math.log(int(words[word]) + 1)
        return s

    rng = random.Random(7)
    alphabet = "門前後口有無限僅0" + LOST
    texts = ["".join(rng.choice(alphabet) for _ in range(40)) for _ in range(5)]
    words = {
        "".join(rng.choice(alphabet[:-1]) for _ in range(rng.randint(1, 5))): rng.randint(0, 99)
        for _ in range(300)
    }
    model = ContextModel(texts, words, lambda c: c)
    cands = [*alphabet, "", "門前", "前後口", "x"]
    for _ in range(300):
        left = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4)))
        right = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4)))
        some = rng.sample(cands, rng.randint(1, len(cands)))
        for score, c in model.scores(left, some, right):
            assert score == reference(model, left, c, right), (left, c, right)
        c = rng.choice(cands)
        assert model.score(left, c, right) == reference(model, left, c, right)
