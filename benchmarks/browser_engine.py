"""In-browser engine benchmark: the built book's boards live in headless chromium, no kernel.

    python benchmarks/browser_engine.py [--clicks N] [--runs N]   # needs a built book (necro book)

Prints, for a chapter page of each game served over http like `necro book`:

- start: seconds from the first click on a board to the board live in the
  browser (Pyodide started in its Web Worker, packages loaded, the board's
  session replayed), on a cold cache (a fresh browser profile) and warm (the
  same profile, on disk, page opened again in a new tab); medians over --runs.
  The page starts the engine by itself when a board is in view and the page
  is idle (widgets/core/engine.js, prestartEngine), so the reader's click may find it
  running already: the script clicks as soon as the board is drawn (in static
  mode, which a page reaches 0.4 s after load when no kernel answers), the
  worst case for a reader, and prints how long before the click the engine
  had been started ("head start");
- the worker's own split (runtime, packages, imports) as it reports it;
- click: milliseconds from a click on a legal action to the board redrawn with
  the engine's answer, over N random clicks of a Graveyard Shift match
  (median, p95, max), and the actions per second that makes;
- strong move: seconds for the computer's move (Graveyard Shift's alpha-beta
  bot, its default 0.4 s budget) from the click on Computer move to the redraw;
- the bytes the engine adds to the built book, and the bytes a cold start
  downloads.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import tempfile
import time

from static_pages import serve  # the same quiet local http server (benchmarks/ is on the path)

REPO = pathlib.Path(__file__).resolve().parent.parent
HTML = REPO / "_build" / "html"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
PAGES = {"graveyard-shift": "book/graveyard-shift/index.html",
         "shambling-dead": "book/shambling-dead/survival.html",
         "shovelfight": "book/shovelfight/play.html",
         "day-of-the-dead": "book/day-of-the-dead/play.html"}

CLICK_JS = """(b) => new Promise((resolve) => {
  const t = performance.now();
  const done = () => requestAnimationFrame(() => resolve(performance.now() - t));
  const o = new MutationObserver(() => { if (b.dataset.busy === '0') { o.disconnect(); done(); } });
  o.observe(b, { attributes: true, attributeFilter: ['data-busy'] });
  b.__pick.click();
})"""


def board(page):
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode=static]').length > 0", timeout=60_000)
    box = page.locator(".necro-w:has(.necro-bot-move:not([hidden]))").first
    box.scroll_into_view_if_needed()
    return box


def start_time(page, url: str) -> tuple[float, dict, int]:
    """Seconds from the first click to live, the engine's stats (the worker's split, and
    ``headStart``: seconds the engine had been starting before the click), and engine
    bytes downloaded."""
    engine_bytes = []
    page.on("response", lambda r: engine_bytes.append(int(r.headers.get("content-length", 0)))
            if "/necro-js/engine/" in r.url else None)
    page.goto(url)
    box = board(page)
    clicked = page.evaluate("performance.now()")
    start = time.monotonic()
    box.locator(".necro-action").first.click()
    box.page.wait_for_function("(b) => b.dataset.mode === 'browser'", arg=box.element_handle(), timeout=120_000)
    seconds = time.monotonic() - start
    stats = page.evaluate("globalThis.__necroEngine.stats")
    stats["headStart"] = max(0.0, (clicked - stats.get("start", clicked)) / 1000)
    return seconds, stats, sum(engine_bytes)


def clicks(page, count: int, rng: random.Random) -> list[float]:
    box = board(page)
    box.locator(".necro-seats").select_option("")
    page.wait_for_function("(b) => b.dataset.busy !== '1'", arg=box.element_handle())
    times = []
    while len(times) < count:
        if "Match over" in box.locator(".necro-status").inner_text():
            box.locator(".necro-reset").click()
            page.wait_for_function("(b) => b.dataset.busy === '0'", arg=box.element_handle())
        buttons = box.locator(".necro-actions button")
        n = buttons.count()
        pick = buttons.nth(rng.randrange(n)).element_handle()
        box.evaluate("(b, p) => { b.__pick = p; }", pick)
        times.append(box.evaluate(CLICK_JS))
    return times


def strong_moves(page, count: int) -> list[float]:
    box = board(page)
    box.locator(".necro-seats").select_option(index=1)  # the computer plays the other seat
    page.wait_for_function("(b) => b.dataset.busy !== '1'", arg=box.element_handle())
    times = []
    for _ in range(count):
        if "Match over" in box.locator(".necro-status").inner_text():
            break
        box.evaluate("(b) => { b.__pick = b.querySelector('.necro-bot-move'); }")
        times.append(box.evaluate(CLICK_JS) / 1000)
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not (HTML / "necro-js" / "engine" / "manifest.json").is_file():
        print("no built book with the engine: run necro book (or python -m necro.book.build build)")
        return 1
    from playwright.sync_api import sync_playwright

    import json

    from necro.book.build import PYODIDE_FILES

    engine = HTML / "necro-js" / "engine"
    manifest = json.loads((engine / "manifest.json").read_text())
    # what the manifest names: _build may keep older archives too
    stdlib = manifest["stdlib"]["bytes"] if manifest.get("stdlib") else 0
    runtime = sum((engine / "pyodide" / name).stat().st_size for name in PYODIDE_FILES) + stdlib
    packages = sum(p["bytes"] for p in manifest["packages"])
    total = runtime + packages + sum((engine / name).stat().st_size for name in ("manifest.json", "worker.js"))
    print(f"engine in the built book: {total / 1e6:.1f} MB (Pyodide runtime {runtime / 1e6:.1f} MB, of which"
          f" its standard library as bytecode {stdlib / 1e6:.1f} MB; Python packages as bytecode"
          f" {packages / 1e6:.2f} MB)")
    base = serve(HTML)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        print(f"{'game':16} {'cold s':>7} {'warm s':>7}  worker split (cold: runtime/packages/imports ms)"
              f"  head start cold/warm s  downloaded cold")
        for game, rel in PAGES.items():
            cold, warm, splits, heads, downloaded = [], [], [], [], 0
            for _ in range(args.runs):
                # a fresh profile on disk each run (HTTP cache and V8's code cache, as a browser keeps them)
                with tempfile.TemporaryDirectory() as profile:
                    context = pw.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS,
                        viewport={"width": 1200, "height": 900})
                    page = context.new_page()
                    seconds, stats, downloaded = start_time(page, base + rel)
                    cold.append(seconds)
                    ms = stats.get("worker") or {}
                    splits.append((ms.get("runtime", 0), ms.get("packages", 0), ms.get("import", 0)))
                    page.close()
                    page = context.new_page()
                    seconds, warm_stats, _ = start_time(page, base + rel)
                    warm.append(seconds)
                    heads.append((stats["headStart"], warm_stats["headStart"]))
                    context.close()
            split = "/".join(f"{statistics.median(s[i] for s in splits):.0f}" for i in range(3))
            head = "/".join(f"{statistics.median(h[i] for h in heads):.2f}" for i in range(2))
            print(f"{game:16} {statistics.median(cold):7.2f} {statistics.median(warm):7.2f}  {split:>28}"
                  f"  {head:>22}  {downloaded / 1e6:.1f} MB")
            sys.stdout.flush()
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.goto(base + PAGES["graveyard-shift"])
        board(page).hover()
        page.wait_for_function("document.querySelector('.necro-w[data-mode=browser]')", timeout=120_000)
        times = sorted(clicks(page, args.clicks, random.Random(1)))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"click to redraw (Graveyard Shift, {len(times)} clicks): median {statistics.median(times):.0f} ms,"
              f" p95 {p95:.0f} ms, max {times[-1]:.0f} ms; {1000 / statistics.mean(times):.0f} actions/s")
        page.reload()
        board(page).hover()
        page.wait_for_function("document.querySelector('.necro-w[data-mode=browser]')", timeout=120_000)
        moves = strong_moves(page, 8)
        if moves:
            print(f"strong computer move (Graveyard Shift, {len(moves)} moves): median"
                  f" {statistics.median(moves):.2f} s, max {max(moves):.2f} s")
        context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
