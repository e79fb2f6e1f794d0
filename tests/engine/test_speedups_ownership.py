"""The C accelerator's Win.from_json owns every object it uses (issue #42, point 1).

It calls back into Python (parse_meld) once per meld. Python code running then (a profile
hook, another thread) can clear the caller's melds list or dict; before, the C code kept
reading the list it had sized before the call and the dict values it had borrowed: the
process crashed (SIGSEGV) every time. Each case runs in a child process, so a crash fails
the test instead of killing pytest; the child runs with ``-X dev`` (debug hooks on the
memory allocator: reading freed memory shows).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from yakubook.engine._accel import speedups

pytestmark = pytest.mark.skipif(speedups is None, reason="the C accelerator is not built")

# Two pons and eight concealed tiles; riichi is "none" as a fresh string (not the interned
# literal), so that the dict holds its only reference.
PRELUDE = textwrap.dedent(
    """
    import sys
    from yakubook.engine import _accel
    _accel.use("c")
    from yakubook.engine.win import Win
    from yakubook.errors import InputError

    def fresh_win():
        melds = ["pon 777z", "pon 111m"]
        riichi = "".join(["no", "ne"])
        return melds, {"hand": "234m567p88s", "win": "8s", "melds": melds, "riichi": riichi,
                       "tsumo": True}

    def outcome(obj):
        try:
            win = Win.from_json(obj)
        except InputError as e:
            return "InputError"
        return "win %d melds" % len(win.melds)
    """
)


def run_child(body: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-X", "dev", "-c", PRELUDE + textwrap.dedent(body)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_child_parses_the_win_untouched():
    # The control: without interference both melds are read.
    proc = run_child("print(outcome(fresh_win()[1]))")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == "win 2 melds\n"


def test_a_profile_hook_clearing_the_melds_and_the_dict_does_not_crash():
    proc = run_child(
        """
        melds, obj = fresh_win()

        def clear_everything(frame, event, arg):
            if event == "call" and frame.f_code.co_name == "parse_meld":
                melds.clear()
                obj.clear()

        sys.setprofile(clear_everything)
        answer = outcome(obj)
        sys.setprofile(None)
        print(answer)
        """
    )
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-2000:]}"
    # The C path read the melds as they were when it was called (its own copy) and built
    # the win, or declined to the Python path, which sees the cleared dict and refuses it.
    assert proc.stdout in ("win 2 melds\n", "InputError\n")


def test_a_thread_refilling_the_melds_and_the_dict_does_not_crash():
    proc = run_child(
        """
        import threading
        sys.setswitchinterval(1e-6)
        melds, obj = fresh_win()
        stop = threading.Event()

        def race():
            while not stop.is_set():
                melds.clear()
                melds.extend(["pon 777z", "pon 111m"])
                obj["riichi"] = "".join(["no", "ne"])
                obj["melds"] = list(melds)  # a value replaced: the old list is freed

        thread = threading.Thread(target=race)
        thread.start()
        answers = set()
        try:
            for _ in range(30_000):
                answers.add(outcome(obj))
        finally:
            stop.set()
            thread.join()
        print(sorted(answers))
        """
    )
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-2000:]}"
    assert proc.stdout.strip() in (
        "['win 2 melds']",
        "['InputError']",
        "['InputError', 'win 2 melds']",
    )


def test_a_rest_replacing_a_field_the_rows_read_does_not_crash():
    """A row selector (the check selector's rows, issue #38) reads a tuple field once per
    hand and indexes it in later rows; a row's Python rest runs in between and may replace
    the win's field (the dict then drops the only reference to the old tuple). The C run
    holds what it read: the later row still reads the old tuple's item."""
    proc = run_child(
        """
        from yakubook.engine import selector_rows
        from yakubook.engine.selector_rows import OP, Program

        win = Win.from_json({"hand": "123m456p789s11122z", "win": "2z"})
        object.__setattr__(win, "tile_counts", tuple([int("3")] * 34))  # its only holder

        def replace_counts(w):
            object.__setattr__(w, "tile_counts", tuple([0] * 34))
            return True

        index = (OP["CONST"], 27, OP["INDEX"], 0, OP["CONST"], 3, OP["EQ"])
        rows = ((0, index, replace_counts, ("first",)), (0, index, None, ("second",)))
        program = Program((("tile_counts", "tuple"),), rows)
        print(program.selector(lambda w: "declined")(win))
        """
    )
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-2000:]}"
    assert proc.stdout == "['first', 'second']\n"

