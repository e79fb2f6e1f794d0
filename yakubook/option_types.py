"""The base classes of the generated option types (yakubook.generated, written by
render/ from render/templates/section.py.j2): every value menu and rule question is a
``Menu``, every yaku's chosen options an ``Options``. One module for all fifteen
sections, at the bottom of the package (it imports nothing of yakubook).
"""

from __future__ import annotations

import enum
from dataclasses import FrozenInstanceError, fields
from typing import Any


class Menu(enum.Enum):
    """An option menu: each member, named after its option (catalog/identifiers.toml),
    carries (letter, option text); rulesets choose options by letter."""

    @property
    def letter(self) -> str:
        return self.value[0]

    @property
    def text(self) -> str:
        return self.value[1]

    @classmethod
    def by_letter(cls, letter: str) -> Any:
        for member in cls:
            if member.value[0] == letter:
                return member
        raise KeyError(f"{cls.__name__} has no option {letter!r}")


class Options:
    """What every option type shares: frozen, and pickled by its fields' values.

    Each option type behaves as the class ``@dataclass(frozen=True, slots=True)`` makes,
    but ``dataclass()`` there only collects the fields and adds the slots (``init``,
    ``repr`` and ``eq`` off, not frozen): the methods it would compile with ``exec`` at
    import, about 0.7 ms a class (issue #38), are written out instead, compiled with this
    module: ``__init__`` in each class, the others here, doing what dataclass()'s do.
    Only ``__dataclass_params__`` tells the difference (it says not frozen, no eq);
    tests/render/test_stubs.py holds each type to a real frozen slots dataclass."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()  # the fields' names, in order (dataclass() sets it)

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __repr__(self) -> str:
        inner = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.__match_args__])
        return f"{self.__class__.__qualname__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[Any]:
        return [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]

    def __setstate__(self, state: list[Any]) -> None:
        for f, value in zip(fields(self), state, strict=True):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, value)
