"""`yakubook evaluate`: the README's and the guide's example works (tests/docs runs every
one); bad input is a clean exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "yakubook.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_readme_example_evaluates_as_json():
    r = cli("evaluate", "examples/win.json", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) >= {"yaku", "interpretation"}
    for y in out["yaku"]:
        assert set(y) >= {"id", "name", "value"}


def test_readme_example_as_text_with_a_ruleset():
    r = cli("evaluate", "examples/win.json", "--rules", "rulesets/small-house.toml")
    assert r.returncode == 0, r.stderr
    assert "interpretation:" in r.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"hand": "123m456p789s11z", "win": "1z", "tsumoo": true}', "tsumoo"),
        ('{"hand": "123m456p789s11q", "win": "1z"}', "11q"),
        ('{"hand": "11111m456p789s11z", "win": "1z"}', "1m"),
        ('{"hand": "13579m2468p13579s", "win": "1m"}', "not a complete hand"),
        ('["a list"]', "JSON object"),
    ],
)
def test_bad_win_files_exit_2_without_traceback(tmp_path, content, message):
    path = tmp_path / "win.json"
    path.write_text(content, encoding="utf-8")
    r = cli("evaluate", str(path))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert message in r.stderr and r.stderr.startswith("error: ")


def test_bad_rules_file_exits_2(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text('[yaku."3-99-99"]\nvalue = "b"\n', encoding="utf-8")
    r = cli("evaluate", "examples/win.json", "--rules", str(rules))
    assert r.returncode == 2 and "3-99-99" in r.stderr and "Traceback" not in r.stderr
    r = cli("evaluate", str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "cannot read" in r.stderr


@pytest.mark.parametrize("rules, ids", [
    # 四連刻 (666 777 888 999m) and 加賀百萬石 (all manzu, 55 666 777 888 999m sums to
    # 10 + 18 + 21 + 24 + 27 = 100) under the defaults; the small house set has 四連刻 only
    (None, ["3-11-02", "3-13-01"]),
    ("rulesets/small-house.toml", ["3-11-02"]),
])
def test_python_api_matches_the_cli(rules, ids):
    """The documented API (``from yakubook import evaluate, Win, Ruleset``) answers what the
    command line prints for the same hand and rules: the CLI runs in its own process."""
    from yakubook import Ruleset as PublicRuleset
    from yakubook import Win as PublicWin
    from yakubook import evaluate as public_evaluate

    args = ["evaluate", "examples/win.json", "--json"] + (["--rules", rules] if rules else [])
    r = cli(*args)
    assert r.returncode == 0, r.stderr
    printed = json.loads(r.stdout)
    win = PublicWin.from_json(json.loads((ROOT / "examples" / "win.json").read_text()))
    ruleset = PublicRuleset.load(ROOT / rules if rules else None)
    mine = public_evaluate(win, ruleset, score=True).to_json()
    printed.pop("engine", None)  # which engine the CLI ran: not part of the result
    assert printed == mine
    assert [a["id"] for a in printed["yaku"]] == ids
    assert printed["score"]["payment"]["total"] == mine["score"]["payment"]["total"] > 0


# -- a hand as a player types it, several inputs, standard input (issue #39) -----------------

def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`yakubook ARGS` in this process: (exit code, stdout, stderr)."""
    from yakubook import cli

    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def api_result(obj: dict, rules: Path | None = None) -> dict:
    """What the documented API answers for the Win JSON object obj."""
    from yakubook import Ruleset, Win, evaluate

    return evaluate(Win.from_json(obj), Ruleset.load(rules), score=True).to_json()


def without_engine(printed: dict) -> dict:
    return {k: v for k, v in printed.items() if k not in ("engine", "input")}


@pytest.mark.parametrize(("typed", "obj"), [
    # the example: the flags are the Win JSON keys of WIN_FORMAT.md
    (["234567m345p67888s", "--win", "6s", "--tsumo", "--seat", "S"],
     {"hand": "234567m345p67888s", "win": "6s", "tsumo": True, "seat": "S"}),
    (["123m456p789s11z", "--win", "1z", "--meld", "pon 777z", "--seat", "W", "--round", "S",
      "--dora", "1m", "--dora", "3p"],
     {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"], "seat": "W",
      "round": "S", "dora": "1m3p"}),
    (["234567m345p67888s", "--win", "6s", "--riichi", "--tsumo"],
     {"hand": "234567m345p67888s", "win": "6s", "riichi": "riichi", "tsumo": True}),
    (["11m", "--win", "1m", "--meld", "pon 777z", "--meld", "chi 123p", "--meld", "kan 5555s",
      "--meld", "ankan 9999m"],
     {"hand": "11m", "win": "1m", "melds": ["pon 777z", "chi 123p", "kan 5555s",
                                            "ankan 9999m"]}),
])
def test_a_typed_hand_is_the_win_its_flags_describe(capsys, typed, obj):
    code, out, err = run(capsys, "evaluate", *typed, "--json")
    assert (code, err) == (0, "")
    assert without_engine(json.loads(out)) == api_result(obj)


def test_the_readme_hand_typed_in_mpsz():
    """55666777888999m won on 9m by tsumo: 四連刻 (3-11-02) and 加賀百萬石 (3-13-01, the manzu
    numbers total 100) under the defaults; the small house set turns 3-13-01 off."""
    r = cli("evaluate", "55666777888999m", "--win", "9m", "--tsumo", "--seat", "S")
    assert r.returncode == 0, r.stderr
    assert "3-11-02  四連刻" in r.stdout and "3-13-01  加賀百萬石(1)" in r.stdout
    r = cli("evaluate", "55666777888999m", "--win", "9m", "--tsumo", "--seat", "S",
            "--rules", "small-house", "--json")
    assert r.returncode == 0, r.stderr
    assert [a["id"] for a in json.loads(r.stdout)["yaku"]] == ["3-11-02"]


def test_a_preset_by_name_is_its_file(capsys):
    by_name = run(capsys, "evaluate", "examples/win.json", "--rules", "small-house", "--json")
    by_path = run(capsys, "evaluate", "examples/win.json", "--rules",
                  str(ROOT / "rulesets/small-house.toml"), "--json")
    assert by_name[0] == by_path[0] == 0
    assert by_name[1] == by_path[1]


def test_several_files_and_json_lines_evaluate_in_turn(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = {"hand": "55666777888999m", "win": "9m", "tsumo": True, "seat": "S"}
    second = {"hand": "234567m345p67888s", "win": "6s"}
    third = {"hand": "123m456p789s11z", "win": "1z", "melds": ["pon 777z"]}
    Path("one.json").write_text(json.dumps(first, indent=2), encoding="utf-8")
    Path("more.jsonl").write_text(f"{json.dumps(second)}\n\n{json.dumps(third)}\n",
                                  encoding="utf-8")
    code, out, err = run(capsys, "evaluate", "one.json", "more.jsonl", "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["input"] for line in lines] == ["one.json", "more.jsonl:1", "more.jsonl:3"]
    assert [without_engine(line) for line in lines] == [api_result(first), api_result(second),
                                                        api_result(third)]
    code, text, _ = run(capsys, "evaluate", "one.json", "more.jsonl")
    assert code == 0
    assert [line for line in text.splitlines() if line.startswith("== ")] == [
        "== one.json", "== more.jsonl:1", "== more.jsonl:3"]


def test_a_dash_reads_the_win_from_standard_input(capsys, monkeypatch):
    import io

    text = (ROOT / "examples/win.json").read_text(encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "evaluate", "-", "--json")
    assert (code, err) == (0, "")
    assert without_engine(json.loads(out)) == api_result(json.loads(text))


@pytest.mark.parametrize(("args", "message"), [
    (["234567m345p67888s"], "error: 234567m345p67888s: a hand typed in MPSZ needs --win TILE"),
    (["234567m345p67888q", "--win", "6s"], "unknown character 'q'"),
    (["234567m345p67888s", "--win", "6z"], "winning tile 6z is not among"),
    (["examples/win.json", "--tsumo"], "error: --tsumo is for a hand typed in MPSZ"),
    (["234567m345p67888s", "examples/win.json", "--win", "6s"], "is evaluated alone"),
    (["234567m345p67888s", "--win", "6s", "--seat", "X"],
     "error: --seat 'X': not a wind (use E, S, W or N)\n"),
    (["234567m345p67888s", "--win", "6s", "--round", "s"],
     "error: --round 's': not a wind (use E, S, W or N); did you mean 'S'?\n"),
    (["examples/win.json", "--rules", "smal-house"],
     "--rules 'smal-house': no such file and no such preset (presets: everything-on, "
     "open-friendly, small-house; `yakubook rules` lists them); did you mean 'small-house'?"),
])
def test_bad_typed_input_is_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, "evaluate", *args)
    assert (code, out) == (2, "")
    assert message in err and err.startswith("error: ") and err.count("\n") == 1


def test_a_bad_line_of_json_lines_prints_nothing_else(capsys, tmp_path):
    wins = tmp_path / "wins.jsonl"
    wins.write_text('{"hand": "55666777888999m", "win": "9m"}\n'
                    '{"hand": "55666777888999m", "win": "9m", "tsumoo": true}\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "evaluate", str(wins), "--json")
    assert (code, out) == (2, "")  # the good first line is not printed either
    assert err.startswith(f"error: {wins}:2: unknown key 'tsumoo'") and err.count("\n") == 1


def test_win_formats_command_line_examples_are_the_wins_it_names(capsys):
    """WIN_FORMAT.md's "From the command line": each typed command is the JSON win the
    section names for it (without --rules, which is no key of a win)."""
    import re
    import shlex

    doc = (ROOT / "yakubook/engine/WIN_FORMAT.md").read_text(encoding="utf-8")
    section = doc.split("## From the command line", 1)[1]
    commands = re.findall(r"^yakubook (evaluate .+)$", section, flags=re.MULTILINE)
    objects = re.findall(r"`(\{.+?\})`", section.replace("\n", " "))
    assert len(commands) == len(objects) == 2
    for command, obj in zip(commands, objects, strict=True):
        args = shlex.split(command)
        if "--rules" in args:
            del args[args.index("--rules"):args.index("--rules") + 2]
        code, out, err = run(capsys, *args, "--json")
        assert (code, err) == (0, "")
        assert without_engine(json.loads(out)) == api_result(json.loads(obj))


def test_a_json_lines_file_may_exceed_one_wins_cap_when_named_so(capsys, tmp_path):
    line = json.dumps({"hand": "234567m345p67888s", "win": "6s"}) + "\n"
    count = 65536 // len(line) + 1  # just over the 64 KB one win may take
    for name in ("wins.jsonl", "wins.json"):
        (tmp_path / name).write_text(line * count, encoding="utf-8")
    code, out, err = run(capsys, "evaluate", str(tmp_path / "wins.jsonl"), "--json")
    assert (code, err) == (0, "") and len(out.splitlines()) == count
    code, out, err = run(capsys, "evaluate", str(tmp_path / "wins.json"), "--json")
    assert (code, out) == (2, "")
    assert err == f"error: {tmp_path / 'wins.json'}: more than the 65536 bytes allowed\n"
