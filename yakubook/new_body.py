"""`yakubook new-body ID`: the skeleton of a body for a yaku that has none.

Written into the yaku's section module of yakubook/engine/bodies/ (before the first body with a
later ID): the ``@implements`` line with the fingerprint of today's catalog entry, the
stub's signature, the stub's docstring (the rule text and the option menus), one branch
per rule question naming its generated enum, and ``raise NotImplementedError`` until the
rule is written (so nothing reports the skeleton as a working body). The generated names
and the engine's names it uses are added to the module's imports, in ruff's order.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path
from typing import Any

LINE_LENGTH = 100  # pyproject.toml [tool.ruff]


def run_new_body(root: Path, yaku_id: str) -> int:
    if not (root / "sources" / "manifest.toml").is_file():
        print(f"error: yakubook new-body writes into a checkout of the project (no "
              f"sources/manifest.toml in {root})", file=sys.stderr)
        return 2
    try:
        path, text = skeleton_into(root, yaku_id)
    except NewBodyError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    tmp = path.with_name(f".tmp-{path.name}")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    print(f"{path.relative_to(root).as_posix()}: skeleton of {yaku_id} written; "
          "write the rule, then run the tests")
    return 0


class NewBodyError(ValueError):
    pass


def skeleton_into(root: Path, yaku_id: str) -> tuple[Path, str]:
    """(module path, its new text) with the skeleton of yaku_id's body."""
    import catalog as catalog_pkg
    from yakubook import generated
    from yakubook.engine.status import declared_bodies
    from yakubook.suggest import did_you_mean

    info = generated.REGISTRY.get(yaku_id)
    if info is None:
        raise NewBodyError(f"{yaku_id!r} is not a yaku of the generated code "
                           "(an ID like 3-13-01; run `yakubook build` after a source change)"
                           + did_you_mean(yaku_id, generated.REGISTRY))
    for d in declared_bodies(root):
        if d.id == yaku_id:
            raise NewBodyError(f"{yaku_id} already has a body: {d.where} ({d.function})")
    fingerprint = catalog_pkg.fingerprint(_catalog_nodes(root), yaku_id)
    if fingerprint != info.fingerprint:
        raise NewBodyError(f"{yaku_id}: generated/ is older than catalog/catalog.json "
                           "(run `yakubook build` first)")
    module = info.stub.__module__.rsplit(".", 1)[-1]
    path = root / "yakubook" / "engine" / "bodies" / f"{module}.py"
    if not path.is_file():
        raise NewBodyError(f"{path}: no body module for section {info.section}")
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, str(path))
    rules = [(rule_id, field, menu) for rule_id, (field, menu, _) in info.rules.items()]
    gen_module = f"yakubook.generated.{module}"
    needed = [("yakubook.engine.award", "Award"), ("yakubook.engine.registry", "implements"),
              ("yakubook.engine.view", "HandView"), (gen_module, info.options.__name__),
              *((gen_module, menu.__name__) for _, _, menu in rules)]
    lines = source.split("\n")
    body = _body_lines(yaku_id, info, rules)
    at = _insert_at(tree, yaku_id, len(lines))
    lines[at:at] = body
    lines = _with_imports(lines, tree, needed)
    text = "\n".join(lines)
    compile(text, str(path), "exec")  # never write a module that does not compile
    return path, text


def _catalog_nodes(root: Path) -> list[dict[str, Any]]:
    import json

    return json.loads((root / "catalog" / "catalog.json").read_text(encoding="utf-8"))["nodes"]


def _body_lines(yaku_id: str, info: Any, rules: list[tuple[str, str, Any]]) -> list[str]:
    params = list(inspect.signature(info.stub).parameters)
    doc = (inspect.getdoc(info.stub) or "").replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    out = ["@implements(", f"    {yaku_id!r},".replace("'", '"'),
           f'    fingerprint="{info.fingerprint}",', ")",
           f"def {info.slug}({params[0]}: HandView, {params[1]}: {info.options.__name__})"
           " -> Award | None:"]
    doc_lines = doc.split("\n")
    out.append(f'    """{doc_lines[0]}')
    out += [f"    {line}".rstrip() for line in doc_lines[1:]]
    out.append('    """')
    for rule_id, field, menu in rules:
        first = next(iter(menu))
        out += [f"    if {params[1]}.{field} is {menu.__name__}.{first.name}:  # {rule_id}",
                "        ...  # TODO: each member of the menu, as the docstring lists them"]
    out += [f"    raise NotImplementedError({(yaku_id + ': body not written yet')!r})", "", ""]
    return out


def _insert_at(tree: ast.Module, yaku_id: str, end: int) -> int:
    """The line index before the first body declared for a later ID (its decorators'
    first line), else the end of the module."""
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for dec in node.decorator_list:
            if (isinstance(dec, ast.Call) and getattr(dec.func, "id", "") == "implements"
                    and dec.args and isinstance(dec.args[0], ast.Constant)
                    and str(dec.args[0].value) > yaku_id):
                return node.decorator_list[0].lineno - 1
    return end


def _isort_key(name: str) -> tuple[int, str]:
    """ruff's order within one import: CONSTANTS, Classes, then everything else."""
    if name.isupper() and len(name) > 1:
        return (0, name)
    return (1, name) if name[:1].isupper() else (2, name)


def _import_lines(module: str, names: list[str]) -> list[str]:
    names = sorted(set(names), key=_isort_key)
    one = f"from {module} import {', '.join(names)}"
    if len(one) <= LINE_LENGTH:
        return [one]
    return [f"from {module} import (", *(f"    {n}," for n in names), ")"]


def _with_imports(lines: list[str], tree: ast.Module, needed: list[tuple[str, str]]
                  ) -> list[str]:
    """lines with every (module, name) of needed imported at the top level: merged into
    the module's `from module import …` without aliases, or a new statement in order."""
    imports = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module]
    have = {(n.module, a.asname or a.name) for n in imports for a in n.names}
    missing: dict[str, list[str]] = {}
    for module, name in needed:
        if (module, name) not in have:
            missing.setdefault(module, []).append(name)
    # bottom-up, so the line numbers of statements above stay right
    edits: list[tuple[int, int, list[str]]] = []
    for module, names in missing.items():
        plain = [n for n in imports if n.module == module and all(a.asname is None
                                                                  for a in n.names)]
        if plain:
            node = plain[0]
            current = [a.name for a in node.names]
            edits.append((node.lineno - 1, node.end_lineno or node.lineno,
                          _import_lines(module, current + names)))
            continue
        later = [n for n in imports if n.module.startswith("yaku") and n.module > module]
        before = [n for n in imports if n.module.startswith("yaku") and n.module < module]
        if later:
            at = later[0].lineno - 1
        elif before:
            at = before[-1].end_lineno or before[-1].lineno
        else:
            at = (imports[-1].end_lineno or imports[-1].lineno) if imports else 0
        edits.append((at, at, _import_lines(module, names)))
    for start, stop, new in sorted(edits, key=lambda e: e[0], reverse=True):
        lines[start:stop] = new
    return lines
