"""Every code example of the README and the user guide works (issue #40), so the docs
cannot go stale: each ```python block runs, each `yakubook` command of a ```sh block runs
through the CLI (those that write or serve have their options checked against their
--help instead), and each ```toml ruleset and ```json win loads with the engine."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys

import pytest

from tests.docs.doc_blocks import ROOT, WIN_FORMAT, Block, all_blocks, blocks, shell_commands

# Subcommands run as written; the others write into the checkout or serve forever, so
# only their options are checked against `yakubook SUB --help`.
RUN = {"evaluate", "status", "--version", "rules", "show", "list", "replay"}
OPTIONS_ONLY = {"build", "serve", "new-body"}
# Other programs the examples may name (setting up, building the wheel); not run here.
OTHER_PROGRAMS = {"make", ".venv/bin/python", "python3", "v/bin/pip"}


def _ids(items: list[Block]) -> list[str]:
    return [b.where for b in items]


PYTHON = all_blocks("python")
SHELL = [(b, line, cmd) for b in all_blocks("sh") for line, cmd in shell_commands(b)]
TOML = all_blocks("toml")


def test_the_docs_have_examples_of_each_kind():
    # the README's three examples and the guide's: a check that finds nothing checks nothing
    assert len(PYTHON) >= 5 and len(SHELL) >= 10 and len(TOML) >= 3


@pytest.mark.parametrize("block", PYTHON, ids=_ids(PYTHON))
def test_python_example_runs(block: Block, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples name files relative to the checkout
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block.code, block.where, "exec"), {"__name__": "__doc_example__"})


def _cli(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `yakubook ARGS`: in this process, or in a new one when
    the command sets environment variables (YAKUBOOK_PURE picks the engine at import)."""
    if env:
        done = subprocess.run([sys.executable, "-m", "yakubook.cli", *args],
                              capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, **env}, timeout=300)
        return done.returncode, done.stdout, done.stderr
    from yakubook import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(args)
        except SystemExit as e:  # argparse: --help, --version
            code = e.code if isinstance(e.code, int) else 0
    return code, out.getvalue(), err.getvalue()


def _split(command: str) -> tuple[dict[str, str], str, list[str]]:
    """(environment assignments, program, arguments) of one shell command."""
    words = shlex.split(command)
    env = {}
    while words and "=" in words[0] and not words[0].startswith("-"):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    return env, words[0], words[1:]


# each distinct command once, with every place that shows it
_PLACES: dict[str, list[str]] = {}
for _block, _line, _command in SHELL:
    _PLACES.setdefault(_command, []).append(f"{_block.path.name}:{_line}")
COMMANDS = sorted(_PLACES.items())


@pytest.mark.parametrize(("command", "places"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_shell_example_runs(command: str, places: list[str], monkeypatch):
    monkeypatch.chdir(ROOT)
    env, program, args = _split(command)
    if program == "yakubook" or program.endswith("/yakubook"):
        sub = args[0] if args else ""
        if sub in RUN:
            code, _out, err = _cli(args, env)
            assert code == 0, (command, places, err)
            assert "Traceback" not in err
        else:
            assert sub in OPTIONS_ONLY, (command, places)
            code, usage, err = _cli([sub, "--help"], env)
            assert code == 0, err
            for option in (a.split("=")[0] for a in args[1:] if a.startswith("-")):
                assert option in usage, (command, option)
    else:
        assert program in OTHER_PROGRAMS, (command, places)


@pytest.mark.parametrize("block", TOML, ids=_ids(TOML))
def test_toml_example_is_a_ruleset_the_engine_reads(block: Block):
    from yakubook import Ruleset

    Ruleset.from_toml(block.code, where=block.where)  # InputError would name the problem


def test_win_format_json_examples_are_wins():
    from yakubook import Win

    found = blocks(WIN_FORMAT, "json")
    assert found
    for block in found:
        win = Win.from_json(json.loads(block.code))
        assert Win.from_json(win.to_json()) == win, block.where
