"""`yakubook replay`: its JSON Lines, its table, its errors and exit codes (issue 37)."""

from __future__ import annotations

import gzip
import io
import json
import shutil
from pathlib import Path

import pytest

from yakubook.cli import main
from yakubook.engine.win import Win
from yakubook.replay.runner import run_replay

DATA = Path(__file__).resolve().parent / "data"
RIICHIENV = sorted((DATA / "riichienv").glob("*.gz"))
# The fields issue 37 lists for each JSON line.
FIELDS = {"file", "index", "win", "recorded_deltas", "standard_deltas", "agrees", "yaku",
          "deltas"}


def replay(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lines_carry_the_issues_fields_and_a_win_evaluate_accepts(capsys, tmp_path):
    files = [str(p) for p in RIICHIENV[:3]]
    code, out, err = replay(capsys, "--json", "--jobs", "1", *files)
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows
    for row in rows:
        assert row.keys() >= FIELDS
        assert row["agrees"] == (row["standard_deltas"] == row["recorded_deltas"])
        assert len(row["recorded_deltas"]) == len(row["deltas"]) == 4
        Win.from_json(row["win"])
    for name in files:  # index counts each file's wins from 0
        indexes = [r["index"] for r in rows if r["file"] == name]
        assert indexes == list(range(len(indexes)))
    win_file = tmp_path / "win.json"
    win_file.write_text(json.dumps(rows[0]["win"]))
    assert main(["evaluate", str(win_file)]) == 0


def test_with_every_local_yaku_off_the_house_deltas_are_the_standard_ones(capsys, tmp_path):
    rules = tmp_path / "off.toml"
    rules.write_text('[ruleset]\nothers = "off"\n[scoring]\ndouble_yakuman = false\n')
    code, out, _ = replay(capsys, "--json", "--jobs", "1", "--rules", str(rules),
                          *map(str, RIICHIENV[:4]))
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows and all(r["yaku"] == [] and r["deltas"] == r["standard_deltas"] for r in rows)


def test_a_ruleset_may_be_named_from_rulesets(capsys):
    code, _, err = replay(capsys, "--jobs", "1", "--rules", "small-house", str(RIICHIENV[0]))
    assert code == 0, err


def test_the_table_ends_with_the_summary(capsys):
    code, out, _ = replay(capsys, "--jobs", "1", *map(str, RIICHIENV[:2]))
    assert code == 0
    assert "wins replayed: " in out
    assert "standard score agrees with the log: " in out
    assert "point swing from the house rules per player: " in out
    assert "local yaku under the house rules" in out


def _broken_copy(source: Path, target: Path, line: int) -> None:
    """The log with one line replaced by text that is no JSON."""
    lines = gzip.decompress(source.read_bytes()).decode().splitlines(keepends=True)
    lines[line - 1] = "{not json\n"
    target.write_text("".join(lines))


def test_a_bad_line_is_reported_at_its_line_and_the_rest_goes_on(capsys, tmp_path):
    good = tmp_path / "a-good.mjson.gz"
    shutil.copy(RIICHIENV[0], good)
    _broken_copy(RIICHIENV[1], tmp_path / "b-bad.mjson", 40)
    (tmp_path / "c-junk.json").write_text("hello\n")
    code, out, err = replay(capsys, "--json", "--jobs", "1", str(tmp_path))
    assert code == 2
    messages = err.splitlines()
    assert messages[0].startswith(f"{tmp_path / 'b-bad.mjson'}:40: not a JSON event")
    assert messages[-1].startswith(f"{tmp_path / 'c-junk.json'}:1: ")
    assert "Traceback" not in err
    files = {json.loads(line)["file"] for line in out.splitlines()}
    # the good file whole, and the bad one's hands other than the broken one
    assert files == {str(good), str(tmp_path / "b-bad.mjson")}


def test_a_missing_path_or_bad_option_is_one_line_and_exit_2(capsys, tmp_path):
    code, out, err = replay(capsys, str(tmp_path / "nothing.jsonl"))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "no such file" in err
    code, _, err = replay(capsys, "--jobs", "0", str(RIICHIENV[0]))
    assert code == 2 and "--jobs" in err
    bad = tmp_path / "bad.toml"
    bad.write_text("[ruleset]\nothers = 'sometimes'\n")
    code, _, err = replay(capsys, "--rules", str(bad), str(RIICHIENV[0]))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_two_processes_give_the_same_output_in_the_same_order(capsys):
    files = [str(p) for p in RIICHIENV[:6]]
    _, one, _ = replay(capsys, "--json", "--jobs", "1", *files)
    _, two, _ = replay(capsys, "--json", "--jobs", "2", *files)
    assert one == two


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("files, shown", [(2, True), (1, False)])
def test_progress_only_on_a_terminal_with_more_than_one_file(files, shown):
    err = _Terminal()
    run_replay(RIICHIENV[:files], None, True, 1, out=io.StringIO(), err=err)
    assert ("\r" in err.getvalue()) == shown
    plain = io.StringIO()
    run_replay(RIICHIENV[:files], None, True, 1, out=io.StringIO(), err=plain)
    assert plain.getvalue() == ""


def test_a_directory_without_logs_is_an_error(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("no logs here\n")
    code, out, err = replay(capsys, str(tmp_path))
    assert (code, out) == (2, "")
    assert err.startswith("error: no log files in ")


def test_a_broken_tenhou_round_names_its_round(capsys, tmp_path):
    log = json.loads((DATA / "tenhou" / "chankan.json").read_text(encoding="utf-8"))
    draws = log["log"][0][14]  # North's draws hold its pon "3636p36"
    draws[draws.index("3636p36")] = "3636x36"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    code, out, err = replay(capsys, "--json", str(broken))
    assert code == 2 and out == ""
    assert err.startswith(f"{broken}:1: log[0]: ") and "3636x36" in err


def test_a_truncated_gzip_log_is_an_error_after_what_it_held(capsys, tmp_path):
    whole = RIICHIENV[0].read_bytes()
    cut = tmp_path / "cut.mjson.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    code, out, err = replay(capsys, "--json", str(cut))
    assert code == 2
    assert err.startswith(f"{cut}:") and "cannot read the file" in err
    assert out  # the hands before the cut are still replayed
