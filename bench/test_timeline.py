"""Where a test run's wall time went, from YAKUBOOK_TEST_TIMELINE's file (tests/conftest.py):
per worker, its busy time, when it finished and its gaps between tests; the run's tail (one
worker alone at the end); the modules by time.

usage: YAKUBOOK_TEST_TIMELINE=/tmp/t.txt make test; python bench/test_timeline.py /tmp/t.txt
"""

from __future__ import annotations

import sys
from collections import defaultdict


def main(path: str) -> int:
    runs: dict[str, list[tuple[float, float, str]]] = defaultdict(list)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            worker, start, end, nodeid = line.rstrip("\n").split(" ", 3)
            runs[worker].append((float(start), float(end), nodeid))
    first = min(s for tests in runs.values() for s, _, _ in tests)
    last = max(e for tests in runs.values() for _, e, _ in tests)
    print(f"wall {last - first:.0f} s from the first test's start to the last one's end")
    ends = []
    for worker, tests in sorted(runs.items()):
        tests.sort()
        busy = sum(e - s for s, e, _ in tests)
        gaps = [(tests[i + 1][0] - tests[i][1], tests[i + 1][2]) for i in range(len(tests) - 1)]
        long_gaps = [(g, n) for g, n in gaps if g > 2]
        ends.append(tests[-1][1])
        print(f"{worker}: {len(tests)} tests, busy {busy:.0f} s, started +{tests[0][0] - first:.0f}"
              f" s, ended +{tests[-1][1] - first:.0f} s, {len(long_gaps)} gaps over 2 s"
              f" ({sum(g for g, _ in long_gaps):.0f} s)")
        for gap, nodeid in sorted(long_gaps, reverse=True)[:5]:
            print(f"    {gap:6.1f} s before {nodeid[:100]}")
    if len(ends) > 1:
        print(f"tail: {max(ends) - sorted(ends)[-2]:.0f} s with one worker alone at the end")
    modules: dict[str, float] = defaultdict(float)
    for tests in runs.values():
        for s, e, nodeid in tests:
            modules[nodeid.split("::")[0]] += e - s
    print("modules by time:")
    for module, seconds in sorted(modules.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {seconds:7.1f} s  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
