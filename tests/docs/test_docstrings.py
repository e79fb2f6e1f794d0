"""The API reference is generated from the docstrings (issue #40), so a public name without
one would be a hole in it: every name of `yakubook.__all__`, and every public method or
property of its classes, has a docstring of its own."""

from __future__ import annotations

import dataclasses
import inspect
from functools import cached_property

import yakubook


def _own_doc(obj: object, name: str) -> str:
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj) and doc.startswith(f"{name}("):
        return ""  # the signature dataclasses writes when the class has no docstring
    return doc.strip()


def _members(cls: type) -> dict[str, object]:
    """The public functions, class/static methods and properties a class defines itself."""
    out = {}
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, (classmethod, staticmethod)):
            out[name] = value.__func__
        elif isinstance(value, property):
            out[name] = value.fget
        elif isinstance(value, cached_property):
            out[name] = value.func
        elif inspect.isfunction(value):
            out[name] = value
    return out


def undocumented(names: list[str], namespace: object) -> list[str]:
    missing = []
    for name in names:
        obj = getattr(namespace, name)
        if not _own_doc(obj, name):
            missing.append(name)
        if inspect.isclass(obj):
            missing += [f"{name}.{m}" for m, f in _members(obj).items() if not inspect.getdoc(f)]
    return missing


def test_every_public_name_has_a_docstring():
    assert sorted(yakubook.__all__) == sorted(set(yakubook.__all__))
    assert undocumented(yakubook.__all__, yakubook) == []


def test_the_check_finds_a_missing_docstring():
    @dataclasses.dataclass
    class Bare:
        x: int = 0

        def method(self) -> int:
            return self.x

        @property
        def prop(self) -> int:
            return self.x

    def function() -> None:
        pass

    class Namespace:
        pass

    Namespace.Bare, Namespace.function = Bare, function
    assert undocumented(["Bare", "function"], Namespace) == [
        "Bare", "Bare.method", "Bare.prop", "function"]


REPLAY_MODULES = ("runner", "rebuild", "mjai", "tenhou", "scoring", "common")


def test_every_public_name_of_the_replay_api_has_a_docstring():
    """The replay API (the reference's last section): each public function and class its
    modules define, and their public methods."""
    import importlib

    missing = []
    for short in REPLAY_MODULES:
        module = importlib.import_module(f"yakubook.replay.{short}")
        names = [n for n, o in vars(module).items()
                 if not n.startswith("_") and getattr(o, "__module__", None) == module.__name__
                 and (inspect.isfunction(o) or inspect.isclass(o))]
        missing += [f"{short}.{m}" for m in undocumented(names, module)]
    assert missing == []
