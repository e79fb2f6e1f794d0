"""How fast the house-rules page's hand checker answers, and what it adds to the site.

    .venv/bin/python bench/site_checker.py [--runs 3] [--later 30] [--public site/public]

Needs the built site with its engine (`make`). Serves it on 127.0.0.1, drives Debian's
Chromium headless with every request outside the local server blocked, and for each run
(a fresh browser context: empty cache, like a first visit):
- opens /house-rules/, enters a hand as soon as the page is ready and checks it: the time
  from navigation start to the first result on screen (Pyodide's download and start-up,
  the engine's imports and the first evaluation included);
- then changes the hand or the sheet `--later` times: each evaluation's time from the
  change to the result on screen, measured in the page (performance.now());
- then loads the page again in the same profile and checks a hand: a return visit.
Prints the figures, the targets (first <= 5 s, later <= 100 ms), the bytes the page and its
engine add to the built site and what one visit transfers. The load average is printed too:
the machine is shared, and start-up time moves with it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from yakubook.serve import _Handler, make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium-headless-shell"  # what `make` installs (tests/site/site_helpers.py)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
FIRST_TARGET_S = 5.0
LATER_TARGET_MS = 100.0
HANDS = [
    {"hand": "55666777888999m", "win": "9m", "tsumo": True},
    {"hand": "123567m456p789s11z", "win": "5m", "riichi": "riichi", "ippatsu": True},
    {"hand": "111222333m456p77s", "win": "7s"},
    {"hand": "22334455667788p", "win": "8p", "tsumo": True},
    {"hand": "123m456p11z", "win": "1z", "melds": ["pon 777z", "chi 789s"]},
]
PRESETS = ["rulesets/everything-on.toml", "rulesets/open-friendly.toml",
           "rulesets/small-house.toml", "defaults"]


def _quiet(*_args: object) -> None:
    pass


def added_bytes(public: Path) -> dict[str, int]:
    folder = public / "assets" / "house-rules"
    sizes = {p.relative_to(public).as_posix(): p.stat().st_size
             for p in sorted(folder.rglob("*")) if p.is_file()}
    page = public / "house-rules" / "index.html"
    sizes[page.relative_to(public).as_posix()] = page.stat().st_size
    return sizes


def one_run(browser, base: str, later: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    blocked: list[str] = []
    transferred = {"page": 0, "engine": 0, "rest": 0}
    phase = {"now": "page"}

    def route(r):
        if r.request.url.startswith(base):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    def on_response(response):
        # Redirects and aborted requests have no body.
        with contextlib.suppress(Exception):
            transferred[phase["now"]] += len(response.body())

    context.route("**/*", route)
    page = context.new_page()
    page.on("response", on_response)
    try:
        page.goto(base + "house-rules/")
        page.wait_for_selector("#yb-hr[data-ready]", timeout=60_000)
        phase["now"] = "engine"
        page.fill("#yb-hr-hand", HANDS[0]["hand"])
        page.fill("#yb-hr-win", HANDS[0]["win"])
        page.check("[data-field=tsumo]")
        page.click("#yb-hr-check")
        page.wait_for_selector("#yb-hr-result[data-state=ok]", timeout=300_000)
        timings = page.evaluate("window.ybHouseRules.timings")
        engine = page.evaluate("window.ybHouseRules.engine")
        phase["now"] = "rest"
        laters = []
        for i in range(later):
            before = page.evaluate("window.ybHouseRules.evaluations")
            if i % 3 == 2:
                page.select_option("#yb-hr-preset", PRESETS[(i // 3) % len(PRESETS)])
            else:
                hand = HANDS[(i + 1) % len(HANDS)]
                page.evaluate("document.querySelector('.yb-hr-jsonbox').open = true")
                page.fill("#yb-hr-json", json.dumps(hand))
                page.click("#yb-hr-load-json")
            page.wait_for_function(
                f"window.ybHouseRules.evaluations > {before} && window.ybHouseRules.settled()",
                timeout=60_000)
            if page.get_attribute("#yb-hr-result", "data-state") != "ok":
                raise RuntimeError(page.inner_text("#yb-hr-result"))
            laters.append(page.evaluate("window.ybHouseRules.timings.last"))
        # A return visit: the same browser profile (HTTP cache, V8's wasm code cache) loads
        # the page again.
        page.goto(base + "house-rules/")
        page.wait_for_selector("#yb-hr[data-ready]", timeout=60_000)
        page.fill("#yb-hr-hand", HANDS[0]["hand"])
        page.fill("#yb-hr-win", HANDS[0]["win"])
        page.check("[data-field=tsumo]")
        page.click("#yb-hr-check")
        page.wait_for_selector("#yb-hr-result[data-state=ok]", timeout=300_000)
        again = page.evaluate("window.ybHouseRules.timings.firstResult")
    finally:
        context.close()
    return {
        "ready_ms": timings["ready"],
        "worker_start_ms": timings["workerStart"],
        "engine_ready_ms": timings["engineReady"],
        "first_result_ms": timings["firstResult"],
        "return_visit_ms": again,
        "engine_phases_ms": engine.get("phases", {}),
        "engine_from": engine.get("from", "?"),
        "later_ms": laters,
        "blocked": blocked,
        "transferred": transferred,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--later", type=int, default=30)
    parser.add_argument("--public", type=Path, default=ROOT / "site" / "public")
    args = parser.parse_args(argv)
    runtime = args.public / "assets" / "house-rules" / "runtime" / "engine.zip"
    if not runtime.exists():
        print(f"error: {runtime} is missing: run `make` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    _Handler.log_message = _quiet  # type: ignore[method-assign]
    server = make_server(args.public, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    runs = []
    load_before = os.getloadavg()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for _ in range(args.runs):
                    runs.append(one_run(browser, base, args.later))
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    load_after = os.getloadavg()

    print(f"house-rules checker, {args.runs} cold run(s) in Chromium, outside requests blocked")
    print(f"load average before/after: {load_before[0]:.2f} / {load_after[0]:.2f} "
          f"({os.cpu_count()} cores, shared)")
    for i, r in enumerate(runs, 1):
        phases = ", ".join(f"{k} {v / 1000:.2f} s" for k, v in r["engine_phases_ms"].items())
        phases += f"; from {r['engine_from']}"
        print(f"run {i}: page ready {r['ready_ms'] / 1000:.2f} s, first result "
              f"{r['first_result_ms'] / 1000:.2f} s after navigation start "
              f"(engine start-up: {phases}); return visit {r['return_visit_ms'] / 1000:.2f} s")
    firsts = [r["first_result_ms"] / 1000 for r in runs]
    laters = [ms for r in runs for ms in r["later_ms"]]
    returns = [r["return_visit_ms"] / 1000 for r in runs]
    print(f"first result: min {min(firsts):.2f} s, median {statistics.median(firsts):.2f} s, "
          f"max {max(firsts):.2f} s   (target <= {FIRST_TARGET_S:.0f} s: "
          f"{'met' if statistics.median(firsts) <= FIRST_TARGET_S else 'NOT met'} by the median)")
    print(f"first result on a return visit (same profile): median "
          f"{statistics.median(returns):.2f} s")
    if laters:
        print(f"later evaluations ({len(laters)}): min {min(laters):.1f} ms, median "
              f"{statistics.median(laters):.1f} ms, max {max(laters):.1f} ms   (target <= "
              f"{LATER_TARGET_MS:.0f} ms: "
              f"{'met' if statistics.median(laters) <= LATER_TARGET_MS else 'NOT met'} "
              f"by the median)")
    sizes = added_bytes(args.public)
    runtime_total = sum(v for k, v in sizes.items() if "/runtime/" in k)
    page_total = sum(v for k, v in sizes.items() if "/runtime/" not in k)
    print(f"added to the built site: {page_total + runtime_total:,} bytes "
          f"(page, data, scripts {page_total:,}; engine runtime {runtime_total:,})")
    for name, size in sizes.items():
        print(f"  {size:>12,}  {name}")
    t = runs[0]["transferred"]
    print(f"one visit transfers {t['page']:,} bytes before the first check (whole page, "
          f"theme included) and {t['engine']:,} bytes for the engine on the first check")
    blocked = sorted({u for r in runs for u in r["blocked"]})
    print(f"requests outside the local server: {len(blocked)}" +
          (": " + ", ".join(blocked) if blocked else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
