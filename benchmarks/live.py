"""Benchmark of live mode: how long until the book is served, and until a chapter runs.

    python benchmarks/live.py [--root DIR] [--chapter book/x/y.ipynb ...] [--runs N]

Starts ``python -m necro.book.live`` (building the book first if it is stale, which
is timed separately), then, with Debian's chromium through Playwright, opens
each chapter notebook as its "Play live" Voila app and times, from the click
on "Play live": the page shown (live mode renders progressively, so this is
before the cells have run), the first live GameWidget, and the kernel going
idle after the last cell. Every chapter is opened ``--runs`` times (each run
is a fresh kernel).

Prints one line per figure. Without chromium it prints the server figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from necro.book import live  # noqa: E402

CHROMIUM = os.environ.get("NECRO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chapters_of(root: pathlib.Path) -> list[str]:
    """Notebook pages of the built book (the pages that offer "Play live")."""
    html = root / "_build" / "html"
    found = []
    for page in sorted(html.rglob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        marker = f'<meta name="{live.NOTEBOOK_META}" content="'
        if marker in text:
            found.append(text.split(marker, 1)[1].split('"', 1)[0])
    return found


def start(root: pathlib.Path, workdir: pathlib.Path, *extra: str):
    token = secrets.token_hex(16)
    port = live.free_port()
    out = workdir / "live.out"
    begun = time.monotonic()
    with open(out, "w") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "necro.book.live", "--root", str(root), "--port", str(port),
             "--token", token, "--log", str(workdir / "server.log"), "--no-open", *extra],
            stdout=handle, stderr=subprocess.STDOUT, cwd=REPO,
        )
    while "served live at" not in out.read_text():
        if process.poll() is not None:
            raise SystemExit(f"necro live failed:\n{out.read_text()[-3000:]}")
        time.sleep(0.05)
    return process, f"http://127.0.0.1:{port}/", token, time.monotonic() - begun


def stop(process) -> float:
    begun = time.monotonic()
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    return time.monotonic() - begun


def wait_idle(url: str, token: str, kernel: str, settle: float = 1.0) -> float:
    """When the kernel went idle for good (no activity for ``settle`` seconds)."""
    quiet_since = None
    while True:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel}?token={token}") as reply:
            state = json.load(reply)["execution_state"]
        now = time.monotonic()
        if state != "idle":
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= settle:
            return quiet_since
        time.sleep(0.05)


def first_renders(url: str, token: str, chapters: list[str], runs: int,
                  with_widgets: set[str]) -> dict[str, list]:
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        for chapter in chapters:
            page_url = f"{url}book/{chapter[:-len('.ipynb')]}.html?token={token}"
            for _ in range(runs):
                context = browser.new_context()
                context.route("**/*", lambda route: route.continue_()
                              if route.request.url.startswith(url) else route.abort())
                page = context.new_page()
                page.goto(page_url)
                button = page.locator("a.necro-live-button")
                button.wait_for(state="visible", timeout=30_000)
                clicked = time.monotonic()
                button.click()
                page.locator("#rendered_cells").wait_for(state="visible", timeout=300_000)
                shown = time.monotonic() - clicked
                kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
                widget = None
                if chapter in with_widgets:
                    page.locator(".necro-w[data-mode=live]").first.wait_for(timeout=300_000)
                    widget = time.monotonic() - clicked
                idle = wait_idle(url, token, kernel) - clicked  # quiet_since: order is moot
                times.setdefault(chapter, []).append((shown, widget, idle))
                page.goto("about:blank")  # Voila shuts the kernel down when its page goes
                context.close()
        browser.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=pathlib.Path, default=REPO)
    parser.add_argument("--chapter", action="append", default=None,
                        help="notebook path relative to the root (default: every chapter)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    root = args.root.resolve()

    begun = time.monotonic()
    live.ensure_built(root)
    build = time.monotonic() - begun
    with tempfile.TemporaryDirectory() as tmp:
        process, url, token, ready = start(root, pathlib.Path(tmp), "--no-build")
        try:
            print(f"build check (and build if stale): {build:6.2f} s")
            print(f"necro live start to server ready:  {ready:6.2f} s  (book already built)")
            with urllib.request.urlopen(f"{url}book/{live.LIVE_JSON}?token={token}") as reply:
                assert json.load(reply)["live"] is True
            chapters = args.chapter or chapters_of(root)
            if not os.access(CHROMIUM, os.X_OK):
                print(f"{CHROMIUM} missing: no Voila render figures")
            elif not chapters:
                print("no notebook chapters in the book: no Voila render figures")
            else:
                print("Voila, from the click on Play live (best of the runs): "
                      "page shown / first live widget / all cells run")
                with_widgets = {c for c in chapters if "necro.widget" in (root / c).read_text()}
                renders = first_renders(url, token, chapters, args.runs, with_widgets)
                for chapter, runs in renders.items():
                    shown = min(r[0] for r in runs)
                    widgets = [r[1] for r in runs if r[1] is not None]
                    widget = f"{min(widgets):6.2f} s" if widgets else "     -  "
                    idle = min(r[2] for r in runs)
                    print(f"  {chapter}: {shown:6.2f} s / {widget} / {idle:6.2f} s")
        finally:
            print(f"Ctrl-C to stopped (server and kernels): {stop(process):6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
