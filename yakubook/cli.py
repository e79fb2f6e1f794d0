"""yakubook: look up local yaku, choose house rules, evaluate and score winning hands."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import NoReturn

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


# --- the player's commands (evaluate, show, list, rules): help and parsers ---------------

EXIT_CODES = """exit codes:
  0  done
  1  `build --check` found something stale
  2  bad input (a one-line error on stderr; nothing else is printed)"""


class HelpFormatter(argparse.HelpFormatter):
    """Wraps a one-paragraph description; keeps text with its own line breaks (the examples,
    the exit codes) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, whose refusal of a mistyped command or choice says what was meant."""

    def error(self, message: str) -> NoReturn:
        from yakubook.suggest import did_you_mean

        match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if match:
            message += did_you_mean(match.group(1), re.findall(r"'([^']*)'", match.group(2)))
        super().error(message)


def win_format_path() -> Path:
    """WIN_FORMAT.md, the winning-hand JSON format (installed beside the engine)."""
    from yakubook import engine

    return Path(engine.__file__).resolve().parent / "WIN_FORMAT.md"


def epilog() -> str:
    return (f"A winning hand as JSON (`evaluate FILE`, `-`): its keys are described in "
            f"{win_format_path()}.\n`yakubook COMMAND --help` describes each command.\n\n"
            f"{EXIT_CODES}")


def add_evaluate_parser(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser(
        "evaluate", help="evaluate and score winning hands under house rules",
        description="Evaluate winning hands: the local yaku that hold under the house rules "
        "and what the hand scores. Type the hand in MPSZ with its situation as flags, or "
        "give Win JSON files (one object, or JSON Lines: one object a line).",
        epilog=f"examples:\n  yakubook evaluate 234567m345p67888s --win 6s --tsumo --seat S\n"
        f"  yakubook evaluate 123m456p789s11z --win 1z --meld 'pon 777z' --rules small-house\n"
        f"  yakubook evaluate win.json more.jsonl --json\n\nThe Win JSON format: "
        f"{win_format_path()}\n\n{EXIT_CODES}",
        formatter_class=HelpFormatter)
    e.add_argument("inputs", nargs="+", metavar="HAND|FILE|-",
                   help="a hand in MPSZ (concealed tiles including the winning one, e.g. "
                   "234567m345p67888s), or Win JSON files (several, or JSON Lines, are "
                   "evaluated in turn), or - for JSON on standard input")
    e.add_argument("--win", metavar="TILE", help="the winning tile of an MPSZ hand (e.g. 6s)")
    e.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    e.add_argument("--seat", metavar="WIND", help="the winner's seat wind: E, S, W or N "
                   "(default E, the dealer)")
    e.add_argument("--round", metavar="WIND", help="the round wind: E, S, W or N (default E)")
    e.add_argument("--meld", action="append", default=[], metavar="MELD",
                   help="a declared meld, repeatable: 'chi 123m', 'pon 777z', 'kan 5555s', "
                   "'ankan 1111p', 'kakan 2222m'")
    e.add_argument("--riichi", action="store_true", help="riichi was declared")
    e.add_argument("--dora", action="append", default=[], metavar="TILE",
                   help="a dora indicator tile, repeatable (1m: 2m is dora)")
    e.add_argument("--rules", metavar="PRESET|FILE",
                   help="house rules: a preset's name (`yakubook rules` lists them) or a "
                   "ruleset TOML file (default: every yaku at its documented default)")
    e.add_argument("--json", action="store_true",
                   help="print the result as JSON (one result a line for several hands)")


def add_lookup_parsers(sub: argparse._SubParsersAction) -> None:
    w = sub.add_parser("show", help="a yaku's names, options, rule questions and TOML",
                       description="Show a yaku: its names, its value options with letters "
                       "and values, its rule questions, and a TOML snippet for a ruleset.",
                       epilog=EXIT_CODES, formatter_class=HelpFormatter)
    w.add_argument("name", metavar="NAME|ID",
                   help="any name of the yaku (Chinese, Japanese, kana, romaji with or without "
                   "macrons, English) or its ID (3-13-01)")
    li = sub.add_parser("list", help="list the yaku (ID, name, English name, meaning)",
                        epilog=EXIT_CODES, formatter_class=HelpFormatter)
    li.add_argument("--search", metavar="TEXT",
                    help="only yaku with TEXT in a name, alias or English description")
    li.add_argument("--section", metavar="SECTION",
                    help="only the yaku of one section of the compendium (3-02 … 3-16)")
    sub.add_parser("rules", help="list the preset rulesets --rules takes by name",
                   epilog=EXIT_CODES, formatter_class=HelpFormatter)


def run_player_command(args: argparse.Namespace) -> int | None:
    """The player's commands; None for any other command."""
    if args.command == "evaluate":
        from yakubook.evaluate_cmd import HandFlags, run_evaluate

        flags = HandFlags(win=args.win, tsumo=args.tsumo, seat=args.seat, round=args.round,
                          melds=args.meld, riichi=args.riichi, dora=args.dora)
        return run_evaluate(args.inputs, args.rules, args.json, flags)
    if args.command == "show":
        from yakubook.show_cmd import run_show

        return run_show(args.name)
    if args.command == "list":
        from yakubook.show_cmd import run_list

        return run_list(args.search, args.section)
    if args.command == "rules":
        from yakubook.rules_cmd import run_rules

        return run_rules()
    return None


# --- end of the player's commands ----------------------------------------------------------


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
    parser = ArgumentParser(prog="yakubook", description=__doc__, epilog=epilog(),
                                     formatter_class=HelpFormatter)
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
    s.add_argument("--json", action="store_true", help="print the status as JSON")
    add_evaluate_parser(sub)
    add_lookup_parsers(sub)
    n = sub.add_parser(
        "new-body", help="write the skeleton of a yaku's body into yakubook/engine/bodies/")
    n.add_argument("yaku_id", metavar="ID", help="the yaku's catalog ID (3-13-01)")
    n.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    v = sub.add_parser("serve", help="serve the built website on localhost")
    v.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    # -- replay (yakubook/replay/runner.py) --
    rp = sub.add_parser(
        "replay", help="replay game logs (mjai JSONL, Tenhou JSON): re-score every win")
    rp.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                    help="a log file, or a directory of them")
    rp.add_argument("--rules", metavar="R.toml|NAME",
                    help="the house rules: a ruleset file or a preset name (see `yakubook rules`)")
    rp.add_argument("--json", action="store_true", help="JSON Lines, one object per win")
    rp.add_argument("--jobs", type=int, metavar="N", help="processes (default: the cores)")
    # -- end replay --
    args = parser.parse_args(argv)
    answered = run_player_command(args)
    if answered is not None:
        return answered
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
    if args.command == "new-body":
        enter(args.root)
        from yakubook.new_body import run_new_body

        return run_new_body(args.root, args.yaku_id)
    if args.command == "replay":
        from yakubook.replay.runner import run_replay

        return run_replay(args.paths, args.rules, args.json, args.jobs)
    if args.command == "serve":
        enter(ROOT)
        from yakubook.serve import run_serve

        return run_serve(ROOT, args.port)
    return 2


if __name__ == "__main__":
    sys.exit(main())
