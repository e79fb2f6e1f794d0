"""'did you mean …' for a mistyped name, ID, key or letter (difflib's close matches).

At the bottom beside yakubook.errors: the engine's ruleset reader, the name index and the
command line all append its suffix to their one-line errors.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from yakubook import bounded


def close_matches(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """Up to n of choices closest to word, closest first (difflib's ratio 0.6 or better)."""
    return difflib.get_close_matches(word, list(dict.fromkeys(choices)), n=n, cutoff=0.6)


def did_you_mean(word: object, choices: Iterable[str], n: int = 3) -> str:
    """``"; did you mean '3-13-01'?"`` (or ``… 'a' or 'b'?``), empty when nothing is close:
    appended to a message that already names the unknown word."""
    if not isinstance(word, str):
        return ""
    matches = close_matches(word, choices, n)
    if not matches:
        return ""
    return "; did you mean " + " or ".join(bounded.excerpt(m) for m in matches) + "?"
