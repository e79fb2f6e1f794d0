"""Every letter of every rule question of an implemented yaku is pinned by an example: some
example that chooses it has another outcome (holds or not, or another award) when that
one question is switched to another letter. Letters that cannot change an outcome are
listed with a reason in catalog/unpinned.toml; procedure-only questions in
catalog/procedure.toml.

A letter nothing pins is a letter a body could misread (swap b and c, loosen "more than
100" to "100 or more") without any test failing.
"""

from __future__ import annotations

import dataclasses
import tomllib
from functools import cache

import pytest

from tests.yaku.test_examples import EXAMPLES, body_award, describe, make_win, none_letters
from yakubook import generated
from yakubook.engine import registry

registry.load_bodies()


def _outcome(yid, win, opts) -> str | None:
    got = body_award(yid, win, opts)
    return None if got is None else describe(got.value)


@cache
def pinned() -> frozenset[tuple[str, str]]:
    """(rule question, letter) pairs some example pins."""
    out: set[tuple[str, str]] = set()
    for ex in EXAMPLES:
        yid = ex["yaku"]
        info = generated.REGISTRY[yid]
        chosen = ex.get("options", {})
        if not chosen:
            continue
        win = make_win(ex)
        changes = {}
        for rule_id, letter in chosen.items():
            field, menu, _ = info.rules[rule_id]
            changes[field] = next(m for m in menu if m.letter == letter)
        base = dataclasses.replace(info.options(), **changes)
        for vm in type(base.value):
            if vm.letter in none_letters(yid):
                continue
            opts = dataclasses.replace(base, value=vm)
            here = _outcome(yid, win, opts)
            for rule_id, letter in chosen.items():
                if (rule_id, letter) in out:
                    continue
                field, menu, _ = info.rules[rule_id]
                if any(
                    _outcome(yid, win, dataclasses.replace(opts, **{field: m})) != here
                    for m in menu
                    if m.letter != letter
                ):
                    out.add((rule_id, letter))
    return frozenset(out)


@pytest.fixture(scope="module")
def reasons(root) -> dict[str, dict[str, str]]:
    return tomllib.loads((root / "catalog" / "unpinned.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def procedure(root) -> set[str]:
    return set(tomllib.loads((root / "catalog" / "procedure.toml").read_text(encoding="utf-8")))


def _letters():
    for yid in sorted(registry.BODIES):
        for rule_id, (_, menu, _) in generated.REGISTRY[yid].rules.items():
            for m in menu:
                yield yid, rule_id, m.letter


def test_every_letter_is_pinned_or_has_a_reason(reasons, procedure):
    missing = [
        f"{rule_id} {letter} ({yid})"
        for yid, rule_id, letter in _letters()
        if rule_id not in procedure
        and (rule_id, letter) not in pinned()
        and not reasons.get(rule_id, {}).get(letter, "").strip()
    ]
    assert not missing, (
        "no example pins these rule-question letters (add an example where the letter "
        "changes the outcome, or a reason in catalog/unpinned.toml):\n" + "\n".join(missing)
    )


def test_every_reason_names_an_unpinned_letter(reasons, procedure):
    known = {(rule_id, letter) for _, rule_id, letter in _letters()}
    for rule_id, letters in reasons.items():
        assert rule_id not in procedure, f"{rule_id} is procedure-only already"
        for letter, why in letters.items():
            assert (rule_id, letter) in known, f"unpinned.toml: no letter {letter} in {rule_id}"
            assert why.strip(), f"unpinned.toml: {rule_id} {letter} gives no reason"
            assert (rule_id, letter) not in pinned(), (
                f"unpinned.toml: an example pins {rule_id} {letter}; remove the entry"
            )

