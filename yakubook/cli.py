"""Command line entry point: `yakubook build|status|evaluate|new-body|serve`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from yakubook.checkout import ROOT, enter

# The modules of the `build` extra (pyproject.toml) a build imports: bs4, OpenCC, Jinja2,
# MkDocs + Material, jieba. The engine needs none of them.
BUILDER_MODULES = ("bs4", "opencc", "jinja2", "mkdocs", "material", "jieba")


def missing_builder_modules() -> list[str]:
    """The builder's modules this Python cannot import (without importing them: a build with
    nothing changed answers from its stamp without loading them)."""
    from importlib.util import find_spec

    return [name for name in BUILDER_MODULES if find_spec(name) is None]


def version_line() -> str:
    """``yakubook 0.1.0 (engine: c)``: the version and which engine runs
    (yakubook/engine/_accel.py)."""
    from importlib.metadata import PackageNotFoundError, version

    from yakubook.engine._accel import ENGINE

    try:
        number = version("yakubook")
    except PackageNotFoundError:  # a checkout run without installing it
        number = "unknown"
    return f"yakubook {number} (engine: {ENGINE})"


def main(argv: list[str] | None = None) -> int:
    _show_what_the_terminal_can()
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader of our output went away (`| head`): nothing is wrong with the work.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _show_what_the_terminal_can() -> None:
    """A character the output's encoding lacks (PYTHONIOENCODING=ascii, a Latin-1 terminal)
    is printed as its escape (滿 as \\u6e80), not a UnicodeEncodeError ending the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="yakubook", description=__doc__)
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="sources -> catalog -> generated code and site pages")
    b.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if anything checked in differs from a fresh build",
    )
    b.add_argument(
        "--accept-sources",
        action="store_true",
        help="accept sources whose sha256 differs from sources/manifest.toml: print what "
        "they change, update the manifest, build",
    )
    b.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    s = sub.add_parser("status", help="which yaku have bodies (implemented/stale/missing/…)")
    s.add_argument("--json", action="store_true")
    e = sub.add_parser("evaluate", help="evaluate a winning hand under house rules")
    e.add_argument("win", type=Path)
    e.add_argument("--rules", type=Path)
    e.add_argument("--json", action="store_true")
    n = sub.add_parser(
        "new-body", help="write the skeleton of a yaku's body into yakubook/engine/bodies/")
    n.add_argument("yaku_id", metavar="ID")
    n.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    v = sub.add_parser("serve", help="serve the built website on localhost")
    v.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if args.command == "build":
        missing = missing_builder_modules()
        if missing:
            print(f"error: yakubook build needs the builder's dependencies (no module "
                  f"{', '.join(missing)}): pip install 'yakubook[build]'", file=sys.stderr)
            return 2
        if not (args.root / "sources" / "manifest.toml").is_file():
            print(f"error: yakubook build runs in a checkout of the project (no "
                  f"sources/manifest.toml in {args.root}); an installed yakubook evaluates "
                  "hands and reports status only", file=sys.stderr)
            return 2
        enter(args.root)
        from yakubook.build import run

        return run(args.root, args.check, args.accept_sources, reuse=True)
    if args.command == "status":
        enter(ROOT)
        from yakubook.status_cmd import run_status

        return run_status(ROOT, args.json)
    if args.command == "evaluate":
        from yakubook.evaluate_cmd import run_evaluate

        return run_evaluate(args.win, args.rules, args.json)
    if args.command == "new-body":
        enter(args.root)
        from yakubook.new_body import run_new_body

        return run_new_body(args.root, args.yaku_id)
    if args.command == "serve":
        enter(ROOT)
        from yakubook.serve import run_serve

        return run_serve(ROOT, args.port)
    return 2


if __name__ == "__main__":
    sys.exit(main())
