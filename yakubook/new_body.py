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
import os
import sys
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import Any

from yakubook.bounded import excerpt
from yakubook.report import terminal_safe

LINE_LENGTH = 100  # pyproject.toml [tool.ruff]


def run_new_body(root: Path, yaku_id: str) -> int:
    if not (root / "sources" / "manifest.toml").is_file():
        print(f"error: yakubook new-body writes into a checkout of the project (no "
              f"sources/manifest.toml in {root})", file=sys.stderr)
        return 2
    try:
        path, text = skeleton_into(root, yaku_id)
        _replace_atomically(path, text.encode("utf-8"), path.relative_to(root).as_posix())
    except NewBodyError as e:
        print(f"error: {terminal_safe(str(e))}", file=sys.stderr)
        return 2
    print(f"{path.relative_to(root).as_posix()}: skeleton of {yaku_id} written; "
          "write the rule, then run the tests")
    return 0


class NewBodyError(ValueError):
    pass


def _replace_atomically(path: Path, data: bytes, rel: str) -> None:
    """Write data to a new file beside path, then rename it over path: the module is the
    old one or the new one, never half written. The temporary name is fresh and created
    exclusively (mkstemp: O_EXCL), so a link planted beside the module is never followed,
    and it is removed whatever goes wrong (a read-only folder, a full disk)."""
    try:
        mode = path.stat().st_mode & 0o777
        fd, tmp_name = tempfile.mkstemp(prefix=f".tmp-{path.stem}-", suffix=".py",
                                        dir=path.parent)
    except OSError as e:
        raise NewBodyError(f"{rel}: cannot write: {e.strerror}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)  # mkstemp makes 0600; the module keeps its permissions
        os.replace(tmp, path)
    except OSError as e:
        with suppress(OSError):
            tmp.unlink()
        raise NewBodyError(f"{rel}: cannot write: {e.strerror}") from None


def skeleton_into(root: Path, yaku_id: str) -> tuple[Path, str]:
    """(module path, its new text) with the skeleton of yaku_id's body."""
    import catalog as catalog_pkg
    from yakubook.engine.status import declared_bodies
    from yakubook.suggest import did_you_mean

    generated = _generated()

    info = generated.REGISTRY.get(yaku_id)
    if info is None:
        raise NewBodyError(f"{excerpt(yaku_id)} is not a yaku of the generated code "
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
    rel = path.relative_to(root).as_posix()
    source = _read(path, rel)
    tree = _parse(source, rel)
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
    try:
        compile(text, str(path), "exec")  # never write a module that does not compile
    except SyntaxError as e:
        raise NewBodyError(f"{rel}:{e.lineno}: the skeleton would not compile ({e.msg})") from None
    return path, text


def _generated() -> Any:
    """yakubook.generated, or NewBodyError when the build's output does not import (a
    deleted or conflicted stub module: `yakubook build` repairs it)."""
    try:
        from yakubook import generated
    except (ImportError, SyntaxError) as e:
        where = getattr(e, "filename", None) or getattr(e, "name", None) or "generated/"
        raise NewBodyError(
            f"generated/ does not import ({excerpt(str(where))}: "
            f"{excerpt(getattr(e, 'msg', None) or str(e))}); run `yakubook build` to repair it"
        ) from None
    return generated


def _read(path: Path, rel: str) -> str:
    from yakubook.bounded import CuratedError, read_text

    try:
        return read_text(path, rel)
    except CuratedError as e:
        raise NewBodyError(str(e)) from None


def _parse(source: str, rel: str) -> ast.Module:
    try:
        return ast.parse(source, rel)
    except SyntaxError as e:
        raise NewBodyError(
            f"{rel}:{e.lineno}: the module does not parse ({e.msg}); fix it first"
        ) from None


def _catalog_nodes(root: Path) -> list[dict[str, Any]]:
    from yakubook.bounded import CuratedError, read_json

    rel = "catalog/catalog.json"
    try:
        nodes = read_json(root / rel, rel, 64 * 1024 * 1024)["nodes"]
    except CuratedError as e:
        raise NewBodyError(str(e)) from None
    except (KeyError, TypeError):
        raise NewBodyError(f'{rel}: not a catalog: no "nodes" list') from None
    return nodes


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
