"""A small character context model for choosing lost characters.

Built from the intact text of all four chapters (the compendium's own vocabulary weighs
most) and a general word list (jieba's dictionary). Texts are compared folded to
Simplified character by character, so a Traditional candidate matches Simplified
evidence and vice versa.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

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


class _FoldedStrings(dict[str, str]):
    """Folded text by text, each text folded the first time it is seen."""

    def __init__(self, fold: Callable[[str], str]) -> None:
        super().__init__()
        self._fold = fold

    def __missing__(self, text: str) -> str:
        out = self[text] = self._fold(text)
        return out


class ContextModel:
    def __init__(
        self,
        intact_texts: Iterable[str],
        words: Mapping[str, int | str] | Iterable[tuple[str, int | str]],
        fold_char: Callable[[str], str],
    ) -> None:
        """`words`: word -> frequency (or (word, frequency) pairs), the frequency as an int
        or its digits (the word list is read as text; only the words a context asks for are
        converted)."""
        self._fold_char = fold_char
        self._folded = _FoldTable(self._fold)
        # The same candidates and contexts are folded again and again.
        self._folded_strings = _FoldedStrings(self.fold)
        self.grams: Counter[str] = Counter()
        for text in intact_texts:
            folded = self.fold(text)
            for n in (1, 2, 3):
                for i in range(len(folded) - n + 1):
                    gram = folded[i : i + n]
                    if LOST not in gram:
                        self.grams[gram] += 1
        # Words of two to four characters count. The window around a one-character
        # candidate always spells one of those lengths, so the word list (a third of a
        # million words) is taken as it is and only a longer or empty candidate's words
        # are checked for their length.
        self.words = dict(words)
        # Folded (left, right) -> folded candidate -> score: the repair asks for the same
        # context again and again (each dropped-pair hypothesis re-reads its run).
        self._cache: dict[tuple[str, str], dict[str, float]] = {}

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
        folded = self._folded_strings
        c = folded[cand]
        return self._folded_scores(folded[left[-3:]], folded[right[:3]], (c,))[c]

    def scores(self, left: str, cands: Iterable[str], right: str) -> list[tuple[float, str]]:
        """(score, candidate) for each candidate between the same `left` and `right`."""
        folded = self._folded_strings
        pairs = [(folded[c], c) for c in cands]
        known = self._folded_scores(
            folded[left[-3:]], folded[right[:3]], [f for f, _ in pairs]
        )
        return [(known[f], c) for f, c in pairs]

    def _folded_scores(self, left: str, right: str, cands: Iterable[str]) -> dict[str, float]:
        """Folded candidate -> score between folded `left` and `right`, for (at least)
        every one of the folded `cands`.

        One context has a hundred or more candidates (every character a surviving byte
        allows), so its windows are worked out once and each window is looked up for all
        candidates in turn; a candidate's terms are added in the same order as one at a
        time would (gram windows, then word windows), so the sums are the same floats.
        """
        known = self._cache.get((left, right))
        if known is None:
            known = self._cache[(left, right)] = {}
        todo = [c for c in dict.fromkeys(cands) if c not in known]
        if not todo:
            return known
        gram_windows, word_windows = self._windows(left, right)
        new = dict.fromkeys(todo, 0.0)
        # A window or candidate holding a lost character (or, for n-grams, a digit's class:
        # it says too little about its neighbour) matches nothing; dropping those here
        # leaves exactly the lookups a gram holding neither could succeed with. Most
        # candidates are characters the compendium never uses (not one of its 1-grams), so
        # no n-gram of it holds them either.
        grams, words = self.grams, self.words
        usable = [c for c in todo if LOST not in c]
        for_grams = [c for c in usable if "0" not in c and (len(c) != 1 or c in grams)]
        # One character between the windows spells a word of two to four characters; a
        # candidate of another length is checked for that (see `words` above).
        single = [c for c in usable if len(c) == 1]
        other = [c for c in usable if len(c) != 1]
        for before, after, weight in gram_windows:
            if LOST in before or LOST in after or "0" in before or "0" in after:
                continue
            get = grams.get
            hits = [(c, n) for c in for_grams if (n := get(before + c + after))]
            for c, n in hits:
                new[c] += 2.0 * weight * (1.0 + math.log(n))  # the compendium's own idiom
        for before, after, weight in word_windows:
            if LOST in before or LOST in after:
                continue
            get = words.get
            found = [(c, f) for c in single if (f := get(before + c + after)) is not None]
            found += [
                (c, f)
                for c in other
                if 2 <= len(word := before + c + after) <= 4 and (f := get(word)) is not None
            ]
            for c, f in found:
                new[c] += weight * math.log(int(f) + 1)
        known.update(new)
        return known

    def _windows(
        self, left: str, right: str
    ) -> tuple[list[tuple[str, str, float]], list[tuple[str, str, float]]]:
        """The (before, after, weight) contexts a candidate is scored in between `left` and
        `right`: character n-grams of the compendium, then words of the word list."""
        grams, words = _window_shapes(len(left), len(right))
        return (
            [(left[len(left) - b :], right[:a], w) for b, a, w in grams],
            [(left[len(left) - b :], right[:a], w) for b, a, w in words],
        )

    def choose(self, left: str, candidates: Iterable[str], right: str) -> Choice:
        scored = sorted(self.scores(left, set(candidates), right), key=lambda sc: (-sc[0], sc[1]))
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


_Shape = list[tuple[int, int, float]]


@cache
def _window_shapes(left: int, right: int) -> tuple[_Shape, _Shape]:
    """(characters before, characters after, weight) of each window, for a left and right
    context of these lengths; the same few lengths come back for every candidate."""
    grams: _Shape = []
    if left:
        grams.append((1, 0, 1.0))
    if right:
        grams.append((0, 1, 1.0))
    if left >= 2:
        grams.append((2, 0, 2.0))
    if left and right:
        grams.append((1, 1, 2.0))
    if right >= 2:
        grams.append((0, 2, 2.0))
    words: _Shape = []
    for size in (2, 3, 4):
        for start in range(size):
            before = size - 1 - start
            if before > left or start > right:
                continue
            words.append((before, start, 0.5 * (size - 1)))
    return grams, words
