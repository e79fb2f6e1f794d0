"""yakubook.engine.registry: how bodies bind to the catalog's yaku and how awards are made."""

from __future__ import annotations

import inspect

import pytest

from yakubook import generated
from yakubook.engine import registry
from yakubook.engine.registry import RegistrationError, implements
from yakubook.engine.win import Win


def test_a_body_for_a_yaku_the_catalog_lacks_is_an_orphan_that_never_runs():
    def body(win, opts):
        return None

    try:
        with pytest.warns(UserWarning, match=r"@implements\('3-99-99'\): the catalog has no yaku"):
            assert implements("3-99-99", fingerprint="x")(body) is body
        assert registry.ORPHANS["3-99-99"].fn is body
        assert "3-99-99" not in registry.BODIES
    finally:
        registry.ORPHANS.pop("3-99-99", None)


def test_a_second_body_for_one_yaku_is_refused():
    registry.load_bodies()
    namespace: dict = {}
    params = ", ".join(inspect.signature(generated.REGISTRY["3-13-01"].stub).parameters)
    exec(f"def body({params}):\n    return None\n", namespace)
    with pytest.raises(RegistrationError, match="3-13-01 already has a body"):
        implements("3-13-01", fingerprint="x")(namespace["body"])
    assert registry.BODIES["3-13-01"].fn is not namespace["body"]


def test_options_of_no_generated_type_are_refused():
    with pytest.raises(TypeError, match=r"^object is not a generated options type$"):
        registry.info_for(object())


def test_a_yaku_without_a_body_says_so_by_its_id(monkeypatch):
    registry.load_bodies()
    monkeypatch.delitem(registry.BODIES, "3-13-01")
    info = generated.REGISTRY["3-13-01"]
    with pytest.raises(NotImplementedError, match="3-13-01"):
        registry.call("3-13-01", None, info.options())


def test_the_award_memo_starts_again_when_full_and_still_answers(monkeypatch):
    from yakubook.engine.decompose import interpretations
    from yakubook.engine.view import HandView

    monkeypatch.setattr(registry, "_AWARDS", {})
    monkeypatch.setattr(registry, "_AWARDS_KEPT", 2)
    win = Win.make("123m456p789s11122z", "2z")
    view = HandView(win, next(iter(interpretations(win))))
    opts = generated.REGISTRY["3-13-01"].options()
    made = [registry.award(view, opts, note=str(i)) for i in range(5)]
    assert len(registry._AWARDS) <= 2
    assert [a.note for a in made] == ["0", "1", "2", "3", "4"]
    assert all(a.id == "3-13-01" for a in made)


@pytest.mark.parametrize("written", ["0" * 64, "f" * 64, "x"])
def test_a_body_whose_fingerprint_differs_either_way_is_stale(monkeypatch, written):
    # stale: the rule text changed since the body was written (any other fingerprint,
    # whether it sorts before or after the catalog's)
    registry.load_bodies()
    monkeypatch.delitem(registry.BODIES, "3-13-01")
    namespace: dict = {}
    params = ", ".join(inspect.signature(generated.REGISTRY["3-13-01"].stub).parameters)
    exec(f"def body({params}):\n    return None\n", namespace)
    implements("3-13-01", fingerprint=written)(namespace["body"])
    assert registry.BODIES["3-13-01"].stale is True
    monkeypatch.delitem(registry.BODIES, "3-13-01")
    implements("3-13-01", fingerprint=generated.REGISTRY["3-13-01"].fingerprint)(namespace["body"])
    assert registry.BODIES["3-13-01"].stale is False
