"""Static book benchmark: per chapter page, how soon its boards can be clicked,
and how long a click takes, in headless Debian chromium (no kernel).

    python benchmarks/static_pages.py [--runs N]    # needs a built book (necro book / ./dev.sh test)

For each page with game boards it prints: page bytes, the embedded widget
state, time from navigation until every board has drawn its legal actions
(interactive: a click is already answered from the precomputed graph),
until every board has settled in static mode (it first waits up to 400 ms for
a kernel), and the median time of a click on a board's first action (the
toolkit's redraw, measured inside the page). Medians over --runs loads.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import pathlib
import statistics
import threading
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
HTML = REPO / "_build" / "html"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root: pathlib.Path) -> str:
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def measure(page, url: str) -> dict:
    start = time.monotonic()
    page.goto(url)
    count = page.evaluate("document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]').length")
    page.wait_for_function(
        f"document.querySelectorAll('.necro-w .necro-action').length > 0 && "
        f"[...document.querySelectorAll('.necro-w')].length >= {count} && "
        f"[...document.querySelectorAll('.necro-w')].every(w => w.querySelector('.necro-action') || w.querySelector('.necro-status'))",
        timeout=60_000)
    interactive = time.monotonic() - start
    page.wait_for_function(
        f"document.querySelectorAll('.necro-w[data-mode=static]').length >= {count}", timeout=60_000)
    settled = time.monotonic() - start
    click_ms = page.evaluate("""() => {
        const b = document.querySelector('.necro-w .necro-action');
        const t = performance.now(); b.click(); return performance.now() - t; }""")
    return {"boards": count, "interactive": interactive, "settled": settled, "click_ms": click_ms}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pages = sorted(p for p in HTML.glob("book/*/*.html") if b"necro-w" in p.read_bytes()
                   or b"GameWidget" in p.read_bytes())
    base = serve(HTML)
    print(f"{'page':38} {'KB':>6} {'boards':>6} {'interactive s':>13} {'settled s':>9} {'click ms':>8}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        for path in pages:
            rel = path.relative_to(HTML).as_posix()
            runs = []
            for _ in range(args.runs):
                page = browser.new_page()
                runs.append(measure(page, base + rel))
                page.close()
            if not runs[0]["boards"]:
                continue
            med = {k: statistics.median(r[k] for r in runs) for k in ("interactive", "settled", "click_ms")}
            print(f"{rel:38} {path.stat().st_size / 1000:6.0f} {runs[0]['boards']:6d} "
                  f"{med['interactive']:13.2f} {med['settled']:9.2f} {med['click_ms']:8.1f}")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
