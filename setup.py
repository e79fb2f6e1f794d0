"""How the checkout's stage folders map into the wheel (the rest is pyproject.toml).

The wheel installs one top-level package, ``yakubook``: the engine (``yakubook.engine``),
the CLI and the low-level pieces they share. The engine's inputs from the other stages go
inside it:

- ``generated/`` becomes ``yakubook.generated`` (pyproject.toml's package-dir, which the
  editable installs honour too: there is no second top-level name);
- the catalog data the engine reads (``catalog/catalog.json``, ``families.toml``,
  ``names.toml``, ``STATUS.json``) is copied into ``yakubook/engine/data/`` below, read there with
  importlib.resources (yakubook/engine/data/__init__.py);
- the preset rulesets (``rulesets/*.toml``, ``--rules small-house``) are copied into
  ``yakubook/engine/data/rulesets/`` (yakubook/presets.py reads them there or in the checkout).

The C accelerator ``yakubook.engine._speedups`` (yakubook/engine/_speedups.c) is an optional
extension: built with the machine's C compiler and Python headers when they work, left out
(with setuptools' warning) when the compile fails, so the wheel then holds the pure-Python
engine alone. ``YAKUBOOK_PURE_WHEEL=1`` leaves it out on purpose (the house-rules page's
wheel: Pyodide runs the pure engine, and a pure wheel's bytes do not depend on the compiler).
A wheel without the accelerator, on purpose or because the compile failed, is tagged
``py3-none-any``: it runs on any Python 3.11+, and a platform tag would claim what it lacks.

``extract``, ``render`` and ``catalog`` (the builder) stay in the checkout: ``yakubook
build`` runs there, with the ``build`` extra.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# yakubook/engine/data/__init__.py's FILES: what the engine and `yakubook status` read.
CATALOG_DATA = ("catalog.json", "families.toml", "names.toml", "STATUS.json")
# yakubook/presets.py's folder for the shipped rulesets, inside yakubook/engine/data/.
PRESETS = "rulesets"


def preset_sources() -> list[Path]:
    return sorted((ROOT / PRESETS).glob("*.toml"))


class BuildPyWithCatalog(build_py):
    """build_py, then the catalog data into yakubook/engine/data/ (setuptools' package-data only
    takes files from inside a package's own folder)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            # An editable install reads catalog/ and rulesets/ in the checkout itself
            # (yakubook/engine/data/__init__.py, yakubook/presets.py): copies made now would
            # go stale at the next `yakubook build` (a strict install links the copies).
            return
        dest = Path(self.build_lib) / "yakubook" / "engine" / "data"
        dest.mkdir(parents=True, exist_ok=True)
        for name in CATALOG_DATA:
            source = ROOT / "catalog" / name
            if not source.is_file():
                raise SystemExit(f"error: {source}: missing (run `yakubook build` first)")
            shutil.copyfile(source, dest / name)
        presets = dest / PRESETS
        presets.mkdir(exist_ok=True)
        for source in preset_sources():
            shutil.copyfile(source, presets / source.name)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        if self.editable_mode:
            return super().get_outputs(include_bytecode)
        folder = Path(self.build_lib) / "yakubook" / "engine" / "data"
        data = [str(folder / name) for name in CATALOG_DATA]
        data += [str(folder / PRESETS / source.name) for source in preset_sources()]
        return [*super().get_outputs(include_bytecode), *data]


class BdistWheelTaggedByContent(bdist_wheel):
    """bdist_wheel whose tag says what the wheel holds: py3-none-any when no accelerator
    was built (the optional extension's compile failed), the platform tag when one was."""

    def run(self) -> None:
        if not self.skip_build:
            self.run_command("build")
            self.skip_build = True  # built once: the failed compile is not tried again
        if not self.root_is_pure and not self._built_an_extension():
            self.root_is_pure = True
        super().run()

    def _built_an_extension(self) -> bool:
        build_ext = self.get_finalized_command("build_ext")
        return any(Path(build_ext.get_ext_fullpath(ext.name)).is_file()
                   for ext in self.distribution.ext_modules or ())


def extensions() -> list[Extension]:
    if os.environ.get("YAKUBOOK_PURE_WHEEL", "") not in ("", "0"):
        return []
    return [Extension("yakubook.engine._speedups", ["yakubook/engine/_speedups.c"], optional=True)]


setup(cmdclass={"build_py": BuildPyWithCatalog, "bdist_wheel": BdistWheelTaggedByContent},
      ext_modules=extensions())
