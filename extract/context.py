"""A small character context model for choosing lost characters.

Built from the intact text of all four chapters (the compendium's own vocabulary weighs
most) and a general word list (jieba's dictionary). Texts are compared folded to
Simplified character by character, so a Traditional candidate matches Simplified
evidence and vice versa.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

LOST = "\ufffd"


@dataclass(frozen=True)
class Choice:
    best: str | None
    score: float
    runner_up: str | None
    runner_up_score: float
    clear: bool


class _FoldTable(dict[int, str]):
    """A str.translate table that folds each character the first time it is seen."""

    def __init__(self, fold: Callable[[str], str]) -> None:
        super().__init__()
        self._fold = fold

    def __missing__(self, code: int) -> str:
        out = self[code] = self._fold(chr(code))
        return out


class ContextModel:
    def __init__(
        self,
        intact_texts: Iterable[str],
        words: Iterable[tuple[str, int | str]],
        fold_char: Callable[[str], str],
    ) -> None:
        """`words`: (word, frequency) pairs, the frequency as an int or its digits (the
        word list is read as text; only the words a context asks for are converted)."""
        self._fold_char = fold_char
        self._folded = _FoldTable(self._fold)
        self.grams: Counter[str] = Counter()
        for text in intact_texts:
            folded = self.fold(text)
            for n in (1, 2, 3):
                for i in range(len(folded) - n + 1):
                    gram = folded[i : i + n]
                    if LOST not in gram:
                        self.grams[gram] += 1
        self.words = {w: f for w, f in words if 2 <= len(w) <= 4}
        self._cache: dict[tuple[str, str, str], float] = {}
        self._window_cache: dict[
            tuple[str, str], tuple[list[tuple[str, str, float]], list[tuple[str, str, float]]]
        ] = {}

    def fold(self, text: str) -> str:
        return text.translate(self._folded)

    def _fold(self, c: str) -> str:
        # Classes, not characters, matter for digits, option letters and spaces: "ｂ　2翻"
        # is evidence for "ｆ　5翻".
        if c.isascii() and c.isdigit():
            return "0"
        if "\uff41" <= c <= "\uff47":
            return "\uff41"
        if c == " ":
            return "\u3000"
        return self._fold_char(c)

    def score(self, left: str, cand: str, right: str) -> float:
        """How well `cand` fits between `left` and `right` (higher is better)."""
        return self._folded_score(self.fold(left[-3:]), self.fold(cand), self.fold(right[:3]))

    def scores(self, left: str, cands: Iterable[str], right: str) -> list[tuple[float, str]]:
        """(score, candidate) for each candidate between the same `left` and `right`."""
        folded_left, folded_right = self.fold(left[-3:]), self.fold(right[:3])
        return [(self._folded_score(folded_left, self.fold(c), folded_right), c) for c in cands]

    def _folded_score(self, left: str, c: str, right: str) -> float:
        key = (left, c, right)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._cache[key] = self._score(left, c, right)
        return cached

    def _score(self, left: str, c: str, right: str) -> float:
        """The score of folded `c` between folded `left` and `right`."""
        grams, words = self.grams, self.words
        s = 0.0
        gram_windows, word_windows = self._windows(left, right)
        for before, after, weight in gram_windows:
            gram = before + c + after
            if LOST in gram or "0" in gram:
                continue  # a lost digit's class says too little about its neighbour
            n = grams.get(gram, 0)
            if n:
                s += 2.0 * weight * (1.0 + math.log(n))  # the compendium speaks its own idiom
        for before, after, weight in word_windows:
            word = before + c + after
            if LOST not in word and word in words:
                s += weight * math.log(int(words[word]) + 1)
        return s

    def _windows(
        self, left: str, right: str
    ) -> tuple[list[tuple[str, str, float]], list[tuple[str, str, float]]]:
        """The (before, after, weight) contexts a candidate is scored in between `left` and
        `right`: character n-grams of the compendium, then words of the word list."""
        key = (left, right)
        hit = self._window_cache.get(key)
        if hit is not None:
            return hit
        grams: list[tuple[str, str, float]] = []
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
        words: list[tuple[str, str, float]] = []
        for size in (2, 3, 4):
            for start in range(size):
                before = size - 1 - start
                if before > len(left) or start > len(right):
                    continue
                words.append((left[len(left) - before :], right[:start], 0.5 * (size - 1)))
        hit = self._window_cache[key] = (grams, words)
        return hit

    def choose(self, left: str, candidates: Iterable[str], right: str) -> Choice:
        folded_left, folded_right = self.fold(left[-3:]), self.fold(right[:3])
        scored = sorted(
            ((self._folded_score(folded_left, self.fold(c), folded_right), c)
             for c in set(candidates)),
            key=lambda sc: (-sc[0], sc[1]),
        )
        if not scored:
            return Choice(None, 0.0, None, 0.0, False)
        best_score, best = scored[0]
        second_score, second = scored[1] if len(scored) > 1 else (0.0, None)
        clear = best_score >= 2.0 and best_score - second_score >= max(1.5, 0.25 * best_score)
        return Choice(best, best_score, second, second_score, clear)

    def plausibility(self, text: str) -> float:
        """Share of adjacent character pairs of `text` the corpus or word list knows."""
        folded = self.fold(text)
        pairs = [folded[i : i + 2] for i in range(len(folded) - 1)]
        pairs = [p for p in pairs if LOST not in p]
        if not pairs:
            return 0.0
        known = sum(1 for p in pairs if p in self.grams or p in self.words)
        return known / len(pairs)
