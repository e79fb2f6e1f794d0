"""Hostile inputs, round 2 (issue #23): no TOML or JSON input can exhaust memory or the
stack, and every such failure is `file:line: what is wrong`, exit 2, no traceback.

The memory cases run the command line in a child process whose address space is capped
(`ulimit -v`, through resource.setrlimit): before the fix they ran out of memory (a
MemoryError traceback, exit 1) or ran for minutes; now they stop in seconds with exit 2.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import catalog
from catalog import CuratedError
from tests.build.test_build_cli import snapshot
from yakubook.bounded import MAX_KEY_PARTS, MAX_TOML_DEPTH
from yakubook.build import run
from yakubook.engine.rules import Ruleset
from yakubook.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
WIN = ROOT / "examples" / "win.json"
MEMORY_CAP = 1 << 30  # 1 GiB of address space: a build or evaluate needs a few hundred MB
FOLDERS = ("catalog", "generated", "site/docs", "sources")


def yakubook_capped(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`yakubook ARGS` in a child limited to MEMORY_CAP bytes of address space."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
        cwd=ROOT,
    )


def refused(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert len(proc.stderr) < 400
    return proc.stderr


def test_the_capped_child_can_evaluate_a_hand():
    # The control: the cap leaves room for ordinary work, so the refusals below are the
    # program's, not the cap's.
    proc = yakubook_capped("evaluate", str(WIN))
    assert proc.returncode == 0, proc.stderr


def test_a_40_kb_dotted_key_in_rules_is_refused_in_seconds(tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text("a" + ".a" * 20_000 + " = 1\n", encoding="utf-8")
    err = refused(yakubook_capped("evaluate", str(WIN), "--rules", str(rules), timeout=60))
    assert err == f"error: {rules}:1: a key with more than {MAX_KEY_PARTS} dotted parts\n"


def test_a_dotted_table_header_in_rules_is_refused(tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text('name = "x"\n\n[yaku' + ".a" * 50_000 + "]\n", encoding="utf-8")
    err = refused(yakubook_capped("evaluate", str(WIN), "--rules", str(rules), timeout=60))
    assert err.startswith(f"error: {rules}:3: a key with more than")


def test_deeply_nested_rules_are_refused_not_a_recursion_error(tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    err = refused(yakubook_capped("evaluate", str(WIN), "--rules", str(rules), timeout=60))
    assert err == f"error: {rules}:1: data nested more than {MAX_TOML_DEPTH} levels deep\n"


def test_evaluate_dev_zero_stops_at_the_cap():
    err = refused(yakubook_capped("evaluate", "/dev/zero", timeout=60))
    assert err == "error: /dev/zero: more than the 65536 bytes allowed\n"


def test_a_win_padded_with_whitespace_is_refused_by_size(tmp_path):
    win = tmp_path / "win.json"
    win.write_text(" " * (1 << 20) + WIN.read_text(encoding="utf-8"), encoding="utf-8")
    err = refused(yakubook_capped("evaluate", str(win), timeout=60))
    assert "more than the 65536 bytes allowed" in err


def test_a_dotted_header_appended_to_names_stops_the_build(project_copy):
    names = project_copy / "catalog" / "names.toml"
    text = names.read_text(encoding="utf-8")
    line = text.count("\n") + 2
    names.write_text(text + '\n["3-02-01"' + ".a" * 120_000 + "]\n", encoding="utf-8")
    before = snapshot(project_copy, FOLDERS)
    err = refused(yakubook_capped("build", "--root", str(project_copy), timeout=300))
    assert err.startswith(f"error: catalog/names.toml:{line}: a key with more than")
    assert snapshot(project_copy, FOLDERS) == before


# -- the one TOML reader, in process ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("a = 1\nb" + ".b" * MAX_KEY_PARTS + " = 1\n", 2, "dotted parts"),
        ("[a" + ".a" * MAX_KEY_PARTS + "]\n", 1, "dotted parts"),
        ("a = {" + "b." * MAX_KEY_PARTS + "c = 1}\n", 1, "dotted parts"),
        ('s = """\n\n"""\nx = ' + "[" * 40 + "]" * 40, 4, "nested more than"),
        ("x = " + "{a = " * 40 + "1" + "}" * 40, 1, "nested more than"),
        ("[[" + ".".join("a" * 8) + "]]\nz = [[[[[[[[1]]]]]]]]\n", 2, "nested more than"),
    ],
)
def test_load_toml_refuses_long_keys_and_deep_nesting_with_the_line(text, line, message):
    with pytest.raises(CuratedError) as e:
        catalog.load_toml(text, "x.toml")
    assert e.value.file == "x.toml" and e.value.line == line
    assert message in e.value.message


@pytest.mark.parametrize(
    "text",
    [
        # dots and brackets inside strings, comments and values are not structure
        'a = "x.y.z.[[[[[[[[[[[[[[[[[[[[" # .[.[.[.[.[.[.[.[.[.[.[.[.[.[.[.[.[.[\n',
        "a = '''\n" + "[" * 40 + "\n'''\nb = 1.5\n",
        'a = """\n' + "{" * 40 + '\\"""\n"""\n',
        '"a.b.c.d.e.f.g.h.i.j.k.l.m" = 1\n',
        "a.b.c = 1\n[x.y]\nz = [[1, 2], [3]]\n[[t.u]]\nv = {w.x = 1}\n",
        "d = 1979-05-27T07:32:00.999\nf = 6.626e-34\n",
    ],
)
def test_load_toml_accepts_what_only_looks_long_or_deep(text):
    import tomllib

    assert catalog.load_toml(text, "x.toml") == tomllib.loads(text)


def test_the_page_import_refuses_hostile_rules_with_an_input_error():
    # The house-rules page imports a ruleset through Ruleset.from_toml (in Pyodide): a
    # RecursionError there broke the engine until the page was reloaded.
    with pytest.raises(InputError, match=r"^ruleset:1: data nested more than"):
        Ruleset.from_toml("x = " + "[" * 3000, "ruleset")
    with pytest.raises(InputError, match=r"^ruleset:1: a key with more than"):
        Ruleset.from_toml("a" + ".a" * 5000 + " = 1", "ruleset")


def test_the_page_bridge_answers_hostile_input_with_a_message():
    import importlib.util

    bridge_path = ROOT / "render" / "templates" / "site" / "house_rules" / "yb_bridge.py"
    spec = importlib.util.spec_from_file_location("yb_bridge_under_test", bridge_path)
    assert spec is not None and spec.loader is not None
    bridge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bridge)
    answer = json.loads(bridge.check_rules("x = " + "{a = " * 3000))
    assert answer["ok"] is False and "nested more than" in answer["error"]
    answer = json.loads(bridge.check_hand(" " * 100_000 + "{}", ""))
    assert answer["ok"] is False and "more than the 65536 bytes" in answer["error"]


# -- files the engine reads at run time are validated by the build ------------------------


def build_refuses(root: Path, capsys) -> str:
    edited = snapshot(root, FOLDERS)
    capsys.readouterr()
    assert run(root, check=False) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and len(captured.err.splitlines()) == 1
    assert snapshot(root, FOLDERS) == edited  # nothing written
    return captured.err


def test_a_syntax_error_in_families_stops_the_build(project_copy, capsys):
    path = project_copy / "catalog" / "families.toml"
    text = path.read_text(encoding="utf-8")
    old = 'smaller = "3-10-01"'
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, 'smaller = "3-10-01', 1), encoding="utf-8")
    err = build_refuses(project_copy, capsys)
    assert err.startswith(f"error: catalog/families.toml:{line}: not valid TOML")


def test_an_unknown_yaku_in_families_stops_the_build(project_copy, capsys):
    path = project_copy / "catalog" / "families.toml"
    text = path.read_text(encoding="utf-8")
    old = 'larger = "3-10-02"'
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, 'larger = "3-99-02"', 1), encoding="utf-8")
    err = build_refuses(project_copy, capsys)
    assert err == f"error: catalog/families.toml:{line}: family 1: unknown yaku '3-99-02'\n"


def test_a_preset_naming_an_unknown_yaku_stops_the_build(project_copy, capsys):
    preset = project_copy / "rulesets" / "bad.toml"
    preset.parent.mkdir(exist_ok=True)
    preset.write_text('[ruleset]\nname = "x"\n\n[yaku."3-99-99"]\nvalue = "b"\n', "utf-8")
    err = build_refuses(project_copy, capsys)
    assert err == "error: rulesets/bad.toml:4: unknown yaku '3-99-99'\n"


FIRST_EXAMPLE = '[[example]]\nyaku = "3-02-01"\nhand = "123567m456p789s11z"\n'


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('hand = "123567m456p789s11z"', 'hand = "11123567m456p789s11z"', "16 concealed tiles"),
        ("ippatsu = true }", "ippatsu = true, dealer_streak = 1000000000 }", "dealer_streak"),
    ],
)
def test_an_example_the_engine_refuses_stops_the_build(project_copy, capsys, old, new, says):
    # Before, the page said the example holds and awards the catalog's value.
    path = project_copy / "catalog" / "examples.toml"
    text = path.read_text(encoding="utf-8")
    header = text.index(FIRST_EXAMPLE)
    assert text.index("\n[[example]]\n") + 1 == header  # the file's first example
    line = text[:header].count("\n") + 1
    at = text.index(old, header)
    assert "[[example]]" not in text[header + 1 : at]
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    err = build_refuses(project_copy, capsys)
    assert err.startswith(f"error: catalog/examples.toml:{line}: example 1: the engine refuses")
    assert says in err


def test_a_damaged_catalog_json_is_a_clear_error_for_status(tmp_path, capsys):
    from yakubook.status_cmd import run_status

    (tmp_path / "catalog").mkdir()
    (tmp_path / "sources").mkdir()  # a checkout: status reads its catalog, not the wheel's
    (tmp_path / "sources" / "manifest.toml").write_text("", encoding="utf-8")
    (tmp_path / "catalog" / "catalog.json").write_text('{"nodes": [', encoding="utf-8")
    assert run_status(tmp_path, False) == 2
    err = capsys.readouterr().err
    assert "catalog/catalog.json:1: not valid JSON" in err and "Traceback" not in err
    (tmp_path / "catalog" / "catalog.json").write_text("[]", encoding="utf-8")
    assert run_status(tmp_path, False) == 2
    assert 'catalog/catalog.json: not a catalog: no "nodes" list' in capsys.readouterr().err


# -- control characters, message length, the server's log ---------------------------------


def test_every_unicode_format_character_is_a_control_character():
    import unicodedata

    format_chars = [
        chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cf"
    ]
    assert len(format_chars) > 150  # U+061C, U+200B, U+FEFF, the tags …
    missed = [f"U+{ord(c):04X}" for c in format_chars if not catalog.CONTROL.match(c)]
    assert missed == []
    for allowed in ("\t", "\n", "a", "無", "\u3000", "é"):
        assert not catalog.CONTROL.match(allowed)


@pytest.mark.parametrize(
    ("char", "code"), [("\u061c", "U+061C"), ("\u200b", "U+200B"), ("\n", "U+000A")]
)
def test_a_format_character_or_line_break_in_a_name_is_refused_with_its_line(char, code):
    escaped = char.encode("unicode_escape").decode()
    text = f'["3-02-01"]\nslug = "ippatsu"\nen = "One{escaped}shot"\n'
    with pytest.raises(CuratedError) as e:
        catalog.parse_names(text)
    assert e.value.line == 3 and f"control character {code}" in e.value.message


@pytest.mark.parametrize(("char", "code"), [("\u061c", "U+061C"), ("\u200b", "U+200B")])
def test_a_format_character_in_a_source_line_is_refused(char, code):
    from extract.build import SourceError, _check_controls

    with pytest.raises(SourceError, match=re.escape(f"control character {code} at column 3")):
        _check_controls("sources/x.txt", 7, "一色" + char + "三順")


def test_a_ruleset_error_quotes_at_most_80_characters_of_a_key():
    long_key = "k" * 1_000_000
    with pytest.raises(InputError) as e:
        Ruleset.from_toml(f'[yaku."3-13-01"]\n{long_key} = "a"\n', "r.toml")
    assert len(str(e.value)) < 400 and "k" * 81 not in str(e.value)
    with pytest.raises(InputError) as e:
        Ruleset.from_toml(f'[yaku."{long_key}"]\nvalue = "a"\n', "r.toml")
    assert len(str(e.value)) < 400


def test_serve_escapes_control_characters_of_a_request_in_its_log(tmp_path, capsys):
    import socket

    from tests.serving import running
    from yakubook.serve import make_server

    with running(make_server(tmp_path, 0)) as server, socket.create_connection(
        server.server_address[:2], timeout=10
    ) as s:
        s.sendall(b"GET /\x1b[2J\xe2\x80\xae HTTP/1.0\r\n\r\n")
        while s.recv(4096):
            pass
    err = capsys.readouterr().err
    assert "\\x1b[2J" in err
    assert "\x1b" not in err and "\u202e" not in err


def test_a_source_that_never_ends_is_refused_at_the_size_limit(project_copy):
    # Before, the manifest check hashed the whole file before the size check ran.
    from extract.build import MAX_SOURCE_BYTES
    from tests.build.test_build_cli import CH000

    (project_copy / CH000).unlink()
    # A link to /dev/zero is refused before anything reads it (issue #42: links leaving
    # the tree are refused); a link inside the tree to a device is what the cap stops.
    (project_copy / "sources" / "zero").symlink_to("/dev/zero")
    err = refused(yakubook_capped("build", "--root", str(project_copy), timeout=120))
    assert err == "error: sources/zero: a link leaving the project tree (to '/dev/zero'); a " \
        "build reads only files inside it\n"
    (project_copy / "sources" / "zero").unlink()
    (project_copy / CH000).write_bytes(b"x" * (MAX_SOURCE_BYTES + 1))
    err = refused(yakubook_capped("build", "--root", str(project_copy), timeout=120))
    assert err == f"error: {CH000}: more than the {MAX_SOURCE_BYTES} bytes allowed\n"


def test_a_long_key_in_a_win_is_not_echoed(tmp_path):
    win = tmp_path / "win.json"
    win.write_text(json.dumps({"hand": "123m", "win": "1m", "k" * 60_000: 1}), encoding="utf-8")
    err = refused(yakubook_capped("evaluate", str(win), timeout=60))
    assert err == f"error: {win}: a key of 60000 characters; no key of a win is longer than 40\n"


def test_the_line_finder_does_not_parse_a_long_key_inside_a_string():
    # `\"""` does not end the string, so the line below is string content for TOML; the
    # line finder's quote count thinks otherwise and used to hand it to tomllib as a key
    # (about 50,000 parts: minutes).
    import time

    text = 'x = """a\\"""\n' + "a" + ".a" * 50_000 + ' = 1\n"""\n'
    start = time.monotonic()
    doc = catalog.parse_toml(text.encode(), "x.toml")
    assert time.monotonic() - start < 10
    assert list(doc.data) == ["x"] and doc.line("x") == 1


def test_a_body_that_does_not_import_stops_the_build_with_its_line(project_copy):
    # The copy's own engine is imported (PYTHONPATH), as a checkout's build imports its own.
    # Before, the build exited 0 and rewrote every page without its code reading.
    import os

    body = project_copy / "yakubook" / "engine" / "bodies" / "s3_13.py"
    text = body.read_text(encoding="utf-8")
    line = text.count("\n") + 2
    body.write_text(text + "\ndef broken(:\n", encoding="utf-8")
    before = snapshot(project_copy, FOLDERS)
    proc = subprocess.run(
        [sys.executable, "-m", "yakubook.cli", "build", "--root", str(project_copy)],
        capture_output=True, text=True, timeout=600, cwd=project_copy,
        env={**os.environ, "PYTHONPATH": str(project_copy)},
    )
    err = refused(proc)
    assert err.startswith(
        f"error: yakubook/engine/bodies/s3_13.py:{line}: the body module does not import: "
    ), err
    assert snapshot(project_copy, FOLDERS) == before
