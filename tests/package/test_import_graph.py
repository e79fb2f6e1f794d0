"""The layout shows the architecture: the bounded reader and the error type sit at the
bottom, lower stages never import the engine, and the engine's modules import each other
without a circle (the accelerator's hooks are chosen in one place, _accel.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT


def _module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module the file imports, at its top or inside a function (a lazy import is
    still a dependency); only what stands under ``if TYPE_CHECKING`` is left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    found: set[str] = set()
    for sub in ast.walk(tree):
        if isinstance(sub, ast.Import):
            found.update(a.name for a in sub.names)
        elif isinstance(sub, ast.ImportFrom) and sub.module and sub.level == 0:
            found.add(sub.module)
            found.update(f"{sub.module}.{a.name}" for a in sub.names)
    return found


def _graph(folder: str, root: Path = ROOT) -> dict[str, set[str]]:
    files = sorted((root / folder).rglob("*.py"))
    names = {_module_name(p, root): p for p in files if "__pycache__" not in p.parts}
    return {name: {m for m in _imports(path) if m in names and m != name}
            for name, path in names.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_engine_modules_import_each_other_without_a_circle():
    graph = _graph("yakubook")
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_accelerator_imports_no_engine_module():
    imported = _imports(ROOT / "yakubook" / "engine" / "_accel.py")
    # its own C module aside (yakubook.engine._speedups, built from _speedups.c)
    assert not {m for m in imported if m.startswith("yakubook")} - {
        "yakubook.engine", "yakubook.engine._speedups"}


def test_the_bottom_modules_import_nothing_of_the_project():
    for name in ("bounded.py", "errors.py", "checkout.py"):
        imported = _imports(ROOT / "yakubook" / name)
        assert not {m for m in imported if m.split(".")[0] in
                    ("yakubook", "catalog", "extract", "render", "generated")}, name


def test_lower_stages_never_import_the_engine_or_the_cli():
    for stage in ("extract", "catalog"):
        for path in sorted((ROOT / stage).rglob("*.py")):
            imported = _imports(path)
            upward = {m for m in imported
                      if m.startswith(("yakubook.engine", "yakubook.cli", "render"))}
            assert not upward, f"{path.relative_to(ROOT)} imports {sorted(upward)}"
