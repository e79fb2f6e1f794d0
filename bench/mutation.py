"""Mutation testing of yakubook/engine/ (the engine and the bodies) with Cosmic Ray.

    python bench/mutation.py [--sample N] [--seed S] [--jobs J] [--module NAME ...]

Cosmic Ray (pinned in the `test` extra) enumerates every mutation its operators can make
in yakubook/engine/**/*.py (comparison, arithmetic and boolean operators swapped, numbers shifted,
`break`/`continue` exchanged, loops skipped, decorators removed …), leaving out type
annotations (never evaluated here). A seeded random sample of them is applied one at a
time in a scratch copy of the project (the working tree is never touched), and each
mutant runs the fast tests relevant to its module: a body module 3-NN runs the examples,
gates and filter rows of its section plus its own test file, then the yaku tests that do
not name their cases by section (BODY_TESTS_UNNAMED); an engine module runs
tests/engine and the yaku tests that go through it (ENGINE_TESTS). A mutant the tests fail
on (or that times out) is killed; one they pass on survived. Survivors judged equivalent
(no test can tell them apart from the original) are listed, each with a reason, in
bench/mutation_equivalent.toml, keyed by file, enclosing function, operator and a digest of
the mutated line (not its number, so edits elsewhere keep the keys); they count as killed in
the score and are listed apart.

Prints each survivor as a diff, the killed-outright figure (equivalents counted as
survivors) and `mutation score: X%` (equivalents counted as killed) as the last line. Not
part of `make test` (a 150-mutant sample takes tens of minutes on two cores). To measure
the suite honestly, freeze the equivalents file first and run seeds not used before.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from attrs import evolve
from cosmic_ray.commands.init import _all_work_items
from cosmic_ray.mutating import mutate_and_test
from cosmic_ray.work_item import TestOutcome, WorkerOutcome
from mutation_harmless import harmless

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.toml")
# Operators with arguments (none configured) are skipped by Cosmic Ray itself.
OPERATOR_ARGS: dict = {}


# Engine modules: the engine tests and the yaku tests that go through the engine (the
# examples first: they kill most mutants within seconds, and -x stops there).
ENGINE_TESTS = [
    "tests/yaku/test_examples.py",
    "tests/engine",
    "tests/yaku/test_rules.py",
    "tests/yaku/test_shapes.py",
    "tests/yaku/test_evaluate_cli.py",
    "tests/yaku/test_strength.py",
    "tests/yaku/test_interplay.py",
    "tests/yaku/test_award_values.py",
    "tests/yaku/test_filter_rows.py",
    "tests/yaku/test_score.py",
    "tests/yaku/test_winning.py",
    "tests/yaku/test_named_options.py",
    "tests/yaku/test_letters.py",
    # asking bodies, caps and the rules' decided readings, scored hands, the section gates:
    # through the engine too (a run on award/interplay/winning found mutants these kill)
    "tests/yaku/test_asking_each_other.py",
    "tests/yaku/test_back_four_live.py",
    "tests/yaku/test_readings_decided.py",
    "tests/yaku/test_score_round2.py",
    "tests/yaku/test_gates.py",
]
SPECIAL_TESTS = {
    "status": ["tests/build/test_status.py", "tests/build/test_build_cli.py"],
    # The names a player types are read by `yakubook show` and its "did you mean": those
    # tests are the package's (a seed-20261215 run let two mutants of names.py through
    # that they fail on).
    "names": [*ENGINE_TESTS, "tests/package/test_player_commands.py"],
}


def tests_for(module: str) -> list[str]:
    """pytest arguments: the fast tests that exercise this yaku module."""
    if module.startswith("s3_"):
        section = "3-" + module[3:]
        args = ["tests/yaku/test_examples.py", "tests/yaku/test_gates.py",
                "tests/yaku/test_strength.py", "tests/yaku/test_filter_rows.py"]
        own = f"tests/yaku/test_{module}.py"
        if (ROOT / own).exists():
            args.append(own)
        # test_examples/test_gates name their cases "<yaku ID>@<file> #<n>"; the gates'
        # random-hand sweep covers every section; test_strength is small and mixed;
        # test_filter_rows names its rows after the yaku and its coverage test [s3_NN].
        return [*args, "-k",
                f"{section}- or {module} or random_hands or test_strength"]
    return SPECIAL_TESTS.get(module, ENGINE_TESTS)


def copy_project(dest: Path) -> None:
    """The tracked files of the working tree (as they are now), without caches."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / name.decode()
        if src.is_file():
            target = dest / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    # The C accelerator `make` built in place is not tracked, but the tests check that it
    # was built and that the CLI names it: the copy carries it (the mutants still run the
    # pure engine, forced by YAKUBOOK_PURE in main).
    for built in (ROOT / "yakubook" / "engine").glob("_speedups*.so"):
        shutil.copy2(built, dest / "yakubook" / "engine" / built.name)


# The yaku tests that run bodies through the engine but do not name their cases after a
# section (values at a cap, interplay, what counts as a winning yaku, the fu a body states:
# BACK FOUR's and 七喜's are scored in test_score_round2.py): a body module's mutant that its
# section's tests pass runs these too.
BODY_TESTS_UNNAMED = [
    "tests/yaku/test_award_values.py",
    "tests/yaku/test_interplay.py",
    "tests/yaku/test_winning.py",
    "tests/yaku/test_score_round2.py",
]


def pytest_command(module: str) -> str:
    run = f"{sys.executable} -m pytest -x -q -p no:cacheprovider -m 'not slow'"
    command = f"{run} " + " ".join(f"'{a}'" for a in tests_for(module))
    if module.startswith("s3_"):
        command += f" && {run} " + " ".join(f"'{a}'" for a in BODY_TESTS_UNNAMED)
    return command


def annotation_spans(path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the module's type annotations are: with `from __future__ import annotations`
    they are never evaluated, so a mutant there is equivalent by construction."""
    tree = ast.parse(path.read_text("utf-8"))
    if not any(
        isinstance(n, ast.ImportFrom) and n.module == "__future__"
        and any(a.name == "annotations" for a in n.names)
        for n in tree.body
    ):
        return []  # evaluated at import: a mutant there is a real one
    spans = []
    for node in ast.walk(tree):
        notes = []
        if isinstance(node, ast.arg) and node.annotation:
            notes.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            notes.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for n in notes:
            spans.append(((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)))
    return spans


def in_annotation(spec, spans) -> bool:
    return any(a <= tuple(spec.start_pos) and tuple(spec.end_pos) <= b for a, b in spans)


def _scopes(path: Path) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function and class of a module."""
    out: list[tuple[int, int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                out.append((child.lineno, child.end_lineno or child.lineno, name))
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text("utf-8")), "")
    return out


def mutation_keys(specs: list, root: Path) -> dict[int, str]:
    """A name for each mutation that survives edits elsewhere in its module: the file, the
    innermost function or class around it, the operator, and a digest of the source line
    and the mutated span's place in it (`#n` tells apart equal ones in one scope). Line
    numbers would move with every edit above the mutant and orphan the equivalents file."""
    sources: dict[Path, list[str]] = {}
    scopes: dict[Path, list[tuple[int, int, str]]] = {}
    keys: dict[int, str] = {}
    seen: dict[str, int] = {}
    for spec in specs:
        rel = Path(spec.module_path)
        if rel not in sources:
            sources[rel] = (root / rel).read_text("utf-8").splitlines()
            scopes[rel] = _scopes(root / rel)
        line_no, col = spec.start_pos
        line = sources[rel][line_no - 1]
        end_col = spec.end_pos[1] if spec.end_pos[0] == line_no else len(line)
        indent = len(line) - len(line.lstrip())
        anchor = f"{line.strip()}|{col - indent}:{end_col - indent}"
        digest = hashlib.sha1(anchor.encode()).hexdigest()[:10]
        inner = [name for first, last, name in scopes[rel] if first <= line_no <= last]
        scope = inner[-1] if inner else "<module>"
        op = spec.operator_name.removeprefix("core/")
        base = f"{rel.name}:{scope}:{op}:{digest}"
        seen[base] = seen.get(base, 0) + 1
        keys[id(spec)] = base if seen[base] == 1 else f"{base}#{seen[base]}"
    return keys


def main(argv: list[str] | None = None) -> int:
    # The mutants are of the Python engine: with the C accelerator (yakubook/engine/_speedups.c) its
    # plain-win and decomposition paths would not run, so every test runs the pure engine.
    os.environ["YAKUBOOK_PURE"] = "1"
    # A mutant may keep its file's size and modification second: a cached .pyc of the
    # original would then be run instead of the mutant.
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    os.environ.pop("PYTHONPYCACHEPREFIX", None)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=300, help="mutants to run (0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (one copy each)")
    ap.add_argument("--module", action="append", help="only these yaku modules (e.g. s3_13)")
    ap.add_argument("--only", action="append",
                    help="rerun only these mutants, by the key a run prints (no sampling)")
    ap.add_argument("--show-harmless", action="store_true",
                    help="list each mutation left out as harmless (bench/mutation_harmless.py)")
    args = ap.parse_args(argv)

    equivalent = tomllib.loads(EQUIVALENT.read_text("utf-8")) if EQUIVALENT.exists() else {}
    with tempfile.TemporaryDirectory(prefix="yakubook-mutation-") as tmp:
        copies = [Path(tmp) / f"copy{i}" for i in range(args.jobs)]
        for c in copies:
            copy_project(c)
        modules = sorted(
            p for p in (copies[0] / "yakubook" / "engine").rglob("*.py") if "__pycache__" not in
            p.parts
        )
        if args.module:
            modules = [p for p in modules if p.stem in args.module]
        items = [
            item.mutations[0]
            for item in _all_work_items([p.relative_to(copies[0]) for p in modules], OPERATOR_ARGS)
        ]
        spans = {p.relative_to(copies[0]): annotation_spans(p) for p in modules}
        items = [m for m in items if not in_annotation(m, spans[Path(m.module_path)])]
        items.sort(key=lambda m: (str(m.module_path), m.operator_name, m.occurrence))
        # Keys before anything is left out, so a key's `#n` does not depend on what is.
        keys = mutation_keys(items, copies[0])
        current = set(keys.values())
        stale = sorted(k for k in equivalent if k not in current)
        # Classes of mutation that cannot change a result (bench/mutation_harmless.py says
        # which and why) are left out before sampling, and counted.
        left_out: dict[str, list] = {}
        kept = []
        for m in items:
            reason = harmless(m, ROOT)
            if reason is None:
                kept.append(m)
            else:
                left_out.setdefault(reason, []).append(m)
        items = kept
        total = len(items)
        if args.only:
            items = [m for m in items if keys[id(m)] in set(args.only)]
        elif args.sample and args.sample < total:
            items = random.Random(args.seed).sample(items, args.sample)
        print(f"{total} mutations in {len(modules)} modules; running {len(items)} "
              f"(seed {args.seed})", flush=True)
        for reason, found in sorted(left_out.items()):
            print(f"left out, cannot change a result ({reason}): {len(found)}", flush=True)
            if args.show_harmless:
                for m in found:
                    print(f"  {keys[id(m)]}", flush=True)
        if stale:
            # Their code changed since they were reviewed: they can no longer match.
            print(f"{len(stale)} entries of {EQUIVALENT.name} match no mutation of today's "
                  "code", flush=True)

        # Unmutated, each module's tests must pass; their time sets the timeout.
        # Modules that share a test command share one baseline run; the baselines run
        # --jobs at a time, one per (still unmutated) copy.
        free = list(copies)
        modules_of: dict[str, list[str]] = {}
        for module in sorted({Path(m.module_path).stem for m in items}):
            modules_of.setdefault(pytest_command(module), []).append(module)

        def baseline(command: str) -> tuple[str, float, subprocess.CompletedProcess]:
            copy = free.pop()
            try:
                start = time.monotonic()
                done = subprocess.run(command, shell=True, cwd=copy,
                                      capture_output=True, text=True)
                return command, time.monotonic() - start, done
            finally:
                free.append(copy)

        timeouts: dict[str, float] = {}
        with ThreadPoolExecutor(args.jobs) as pool:
            for command, seconds, done in pool.map(baseline, sorted(modules_of)):
                if done.returncode != 0:
                    print(done.stdout[-3000:], file=sys.stderr)
                    print(f"the tests of {modules_of[command][0]} fail without any mutation",
                          file=sys.stderr)
                    return 2
                for module in modules_of[command]:
                    timeouts[module] = 3 * seconds + 30
        print(f"baselines: {len(modules_of)} test commands pass unmutated", flush=True)

        results: list[tuple] = []

        def run(spec):
            copy = free.pop()
            try:
                local = evolve(spec, module_path=copy / spec.module_path)
                module = Path(spec.module_path).stem
                # Cosmic Ray runs the command in the current directory: give it the copy's.
                command = f"sh -c 'cd {copy} && {pytest_command(module).replace(chr(39), chr(34))}'"
                return spec, mutate_and_test([local], command, timeouts[module])
            finally:
                free.append(copy)

        with ThreadPoolExecutor(args.jobs) as pool:
            for n, (spec, result) in enumerate(pool.map(run, items), start=1):
                results.append((spec, result))
                if n % 10 == 0:
                    print(f"  {n}/{len(items)}", flush=True)

    killed = survived = skipped = 0
    timed_out: list[str] = []
    accepted: list[str] = []
    survivors: list[tuple[str, str]] = []
    for spec, result in results:
        key = keys[id(spec)]
        if result.worker_outcome != WorkerOutcome.NORMAL:
            skipped += 1  # no mutation possible at that spot, or the tool failed
            if result.worker_outcome == WorkerOutcome.EXCEPTION:
                print(f"{key}: tool error\n{result.output}", file=sys.stderr)
            continue
        if result.test_outcome == TestOutcome.KILLED:
            killed += 1
            if result.output == "timeout":  # Cosmic Ray's word for a run past the timeout
                timed_out.append(key)
        elif key in equivalent:
            accepted.append(f"{key}: {equivalent[key]}")
        else:
            survived += 1
            survivors.append((key, result.diff))
    for key, diff in survivors:
        print(f"\nSURVIVED {key}\n{diff}")
    if accepted:
        print(f"\n{len(accepted)} survivors listed as equivalent in {EQUIVALENT.name}:")
        for line in accepted:
            print(f"  {line}")
    if timed_out:
        # A mutant that loops forever is killed; one that only ran slowly on a loaded
        # machine is not: rerun these with --only on a quiet machine to tell them apart.
        print(f"\nkilled by the timeout ({len(timed_out)}):")
        for key in timed_out:
            print(f"  {key}")
    scored = killed + survived + len(accepted)
    score = 100.0 * (killed + len(accepted)) / scored if scored else 0.0
    outright = 100.0 * killed / scored if scored else 0.0
    print(f"\nkilled {killed} ({len(timed_out)} by the timeout), survived {survived}, "
          f"equivalent {len(accepted)}, not run {skipped}")
    print(f"killed outright (equivalents counted as survivors): {outright:.1f}%")
    print(f"mutation score: {score:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
