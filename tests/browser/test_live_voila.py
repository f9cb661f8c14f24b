"""Live mode (necro.book.live): the book and Voila from one token-protected server.

One ``python -m necro.book.live`` process serves a two-page book built from the
fixture notebooks (its first start also checks that live mode builds a missing
book): a bare anywidget counter and a toy game in a ``GameWidget``. Chromium
opens a page, presses "Play live", and clicks the widget in the Voila app. The
kernels write what they see to ``NECRO_LIVE_PROBE`` (the count; the number of
steps the engine played), so the test knows the click reached Python, which no
page-side JavaScript could fake. The timings land in
tests/browser/artifacts/live_timings.json.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from necro.book import live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
NOTEBOOK = "widget_counter.ipynb"
PAGE = "widget_counter.html"
GAME_NOTEBOOK = "widget_game.ipynb"
MYST_NOTEBOOK = "myst_page.ipynb"
MYST_MARKDOWN = """# A MyST page

(live-target)=
## A target

Back to {ref}`live-target`, on to {doc}`the counter <widget_counter>`.
A widget links a rule to <a href="/book/myst_page.html#live-target">its book section</a>.

```{admonition} Ruling: a test ruling
:class: note

Ruled in {ref}`this section <live-target>`.
```
"""


def write_myst_notebook(path: pathlib.Path) -> None:
    """A chapter-like page in MyST: a target, references, a ruling, a hidden cell."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell(MYST_MARKDOWN),
        nbformat.v4.new_code_cell("print('hidden ' + 'setup')", metadata={"tags": ["remove-cell"]}),
        nbformat.v4.new_code_cell("print('shown ' + 'output')"),
    ]
    nbformat.write(nb, path)
TIMINGS: dict[str, float] = {}


def fixture_config() -> str:
    """The repository's _config.yml, with the necro.book.live Sphinx extension listed."""
    text = (REPO / "_config.yml").read_text()
    if "necro.book.live" not in text:
        text, count = re.subn(
            r"(\n(\s+)- sphinx_multitoc_numbering\n)", r"\1\2- necro.book.live\n", text
        )
        assert count == 1, "cannot find the Sphinx extension list in _config.yml"
    return text


class LiveProcess:
    """A running ``python -m necro.book.live`` and what it needs to be checked."""

    def __init__(self, root: pathlib.Path, workdir: pathlib.Path, *extra: str):
        self.root = root
        self.token = secrets.token_hex(16)
        self.port = live.free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.probe = workdir / "count.txt"
        self.stdout = workdir / "live.out"
        self.server_log = workdir / "server.log"
        # Kernels inherit the environment: the marker finds them in /proc.
        self.marker = secrets.token_hex(8)
        env = dict(
            os.environ,
            NECRO_LIVE_PROBE=str(self.probe),
            NECRO_LIVE_TEST_MARKER=self.marker,
            JUPYTER_PLATFORM_DIRS="1",
            JUPYTER_CONFIG_DIR=str(workdir / "jupyter-config"),
            JUPYTER_RUNTIME_DIR=str(workdir / "jupyter-runtime"),
        )
        command = [
            sys.executable, "-m", "necro.book.live", "--root", str(root), "--port", str(self.port),
            "--token", self.token, "--log", str(self.server_log), "--no-open", *extra,
        ]
        self.started = time.monotonic()
        with open(self.stdout, "w") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=workdir
            )

    def output(self) -> str:
        text = self.stdout.read_text() if self.stdout.exists() else ""
        log = self.server_log.read_text() if self.server_log.exists() else ""
        return f"--- necro live\n{text[-4000:]}\n--- server log\n{log[-4000:]}"

    def wait_ready(self, timeout: float = 600) -> float:
        """Wait for the "served live" line; return seconds since the command started."""
        deadline = self.started + timeout
        while "served live at" not in (self.stdout.read_text() if self.stdout.exists() else ""):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                pytest.fail(f"necro live did not start:\n{self.output()}")
            time.sleep(0.1)
        return time.monotonic() - self.started

    def get(self, path: str, token: bool = True) -> tuple[int, str, str]:
        """GET without following redirects: (status, Location header, body)."""
        url = self.url + path
        if token:
            url += ("&" if "?" in url else "?") + f"token={self.token}"

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(url, timeout=10) as reply:
                return reply.status, reply.headers.get("Location", ""), reply.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", ""), ""

    def api(self, method: str, path: str) -> object:
        request = urllib.request.Request(
            self.url + path, method=method, data=b"{}" if method == "POST" else None,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
            return json.loads(body) if body else None

    def marked_processes(self) -> list[int]:
        """Processes (server, kernels) that carry this instance's environment marker."""
        found = []
        needle = f"NECRO_LIVE_TEST_MARKER={self.marker}".encode()
        for proc in pathlib.Path("/proc").iterdir():
            if not proc.name.isdigit() or int(proc.name) == os.getpid():
                continue
            try:
                if needle in (proc / "environ").read_bytes().split(b"\0"):
                    found.append(int(proc.name))
            except OSError:
                continue
        return found

    def interrupt(self, timeout: float = 40) -> int:
        """Ctrl-C, as a terminal would send it to the command."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail(f"necro live ignored Ctrl-C:\n{self.output()}")


@pytest.fixture(scope="module")
def live_root(tmp_path_factory) -> pathlib.Path:
    """A book root with the fixture notebook and no built book yet."""
    root = tmp_path_factory.mktemp("live-book")
    (root / "_config.yml").write_text(fixture_config())
    (root / "_toc.yml").write_text(
        f"format: jb-book\nroot: {NOTEBOOK[:-6]}\nchapters:\n  - file: {GAME_NOTEBOOK[:-6]}\n"
        f"  - file: {MYST_NOTEBOOK[:-6]}\n"
    )
    for name in (NOTEBOOK, GAME_NOTEBOOK):
        shutil.copy(FIXTURES / name, root / name)
    write_myst_notebook(root / MYST_NOTEBOOK)
    return root


@pytest.fixture(scope="module")
def live_server(live_root, tmp_path_factory):
    server = LiveProcess(live_root, tmp_path_factory.mktemp("live"))
    TIMINGS["start_with_build_s"] = server.wait_ready()
    yield server
    server.interrupt()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "live_timings.json").write_text(json.dumps(TIMINGS, indent=2) + "\n")


def test_live_builds_missing_book_and_marks_notebook_pages(live_server):
    html = live_server.root / "_build" / "html"
    page = (html / PAGE).read_text()
    assert "building the book" in live_server.stdout.read_text()
    assert f'<meta name="necro-notebook" content="{NOTEBOOK}"' in page
    assert "_static/necro-live.js" in page
    assert (html / "_static" / "necro-live.js").is_file()
    assert f"http://127.0.0.1:{live_server.port}/book/?token={live_server.token}" in (
        live_server.stdout.read_text()
    )


def test_live_everything_needs_the_token(live_server):
    for path in ("book/", f"book/{PAGE}", "book/necro-live.json", "voila/render/" + NOTEBOOK):
        status, location, _ = live_server.get(path, token=False)
        assert status in (302, 403), (path, status)
        if status == 302:
            assert "/login" in location, (path, location)
    status, _, body = live_server.get("book/necro-live.json")
    assert status == 200
    info = json.loads(body)
    assert info["live"] is True
    assert info["voila_url"] == "/voila/render/"
    assert info["notebook_prefix"] == ""
    assert info["token"] == live_server.token
    assert live_server.get("", token=False)[1].startswith("/book/")  # the root is the book


def test_live_server_is_lean(live_server):
    """JupyterLab (without --lab) and terminals are off: a book, not a workstation."""
    assert live_server.get("lab")[0] == 404
    assert live_server.get("api/terminals")[0] == 404
    assert live_server.get(f"book/{PAGE}")[0] == 200


def test_play_live_runs_the_chapter_in_a_kernel(live_server, page):
    page.goto(f"{live_server.url}book/{PAGE}?token={live_server.token}")
    button = page.locator("a.necro-live-button")
    button.wait_for(state="visible", timeout=30_000)
    assert button.inner_text().strip().endswith("Play live")
    assert f"/voila/render/{NOTEBOOK}?token=" in button.get_attribute("href")
    assert page.locator(".necro-live-note").count() == 0

    clicked = time.monotonic()
    button.click()
    widget = page.locator(".necro-fixture-button")
    widget.wait_for(state="visible", timeout=180_000)
    TIMINGS["voila_first_render_s"] = time.monotonic() - clicked
    assert "/voila/render/" in page.url
    count = page.locator(".necro-fixture-count")
    assert count.inner_text() == "count: 3"  # the notebook ran: Counter(count=3)

    widget.click()
    page.wait_for_function(
        "document.querySelector('.necro-fixture-count').textContent === 'count: 4'"
    )
    deadline = time.monotonic() + 30
    while not (live_server.probe.exists() and live_server.probe.read_text() == "4"):
        assert time.monotonic() < deadline, "the kernel never saw the click"
        time.sleep(0.1)
    widget.click()
    deadline = time.monotonic() + 30
    while live_server.probe.read_text() != "5":
        assert time.monotonic() < deadline, "the kernel missed the second click"
        time.sleep(0.1)
    assert not page.necro_log.page_errors, page.necro_log.page_errors
    page.necro_log.assert_local_only()
    # The kernel's websocket waits for a pong as long as tornado allows: nothing to correct.
    assert "websocket_ping_timeout" not in live_server.server_log.read_text()




def test_play_live_game_widget_moves_the_engine(live_server, page, wait_for_text):
    """A GameWidget chapter: a click on a legal action is played by the engine in the kernel."""
    steps = pathlib.Path(str(live_server.probe) + ".steps")
    page.goto(f"{live_server.url}book/{GAME_NOTEBOOK[:-6]}.html?token={live_server.token}")
    button = page.locator("a.necro-live-button")
    button.wait_for(state="visible", timeout=30_000)
    clicked = time.monotonic()
    button.click()
    box = page.locator(".necro-w[data-mode=live]").first  # the fixture's first widget
    box.wait_for(state="visible", timeout=180_000)
    page.get_by_text("steps at start: 0").wait_for(timeout=60_000)
    TIMINGS["voila_first_render_game_widget_s"] = time.monotonic() - clicked
    assert box.locator(".necro-status").inner_text() == "Chance decides."

    start = time.monotonic()
    box.locator(".necro-action[data-a='2']").click()
    assert wait_for_text(steps, "1") == "1", "the engine never played the chance outcome"
    # The new status is the engine's sentence, sent back by the kernel.
    page.wait_for_function(
        "document.querySelector('.necro-w .necro-status').textContent === 'Player 1 to act.'"
    )
    TIMINGS["game_click_to_redraw_s"] = time.monotonic() - start
    box.locator(".necro-action[data-a='bank']").click()
    assert wait_for_text(steps, "2") == "2"
    box.locator(".necro-log").get_by_text("player 1 banks 2").wait_for(timeout=10_000)  # the log (the live region says it too)
    # In Voila too, "because of rule X" leads to the rule's section of the served book.
    rule_link = box.locator("a[href*='#toy-bank']").first
    assert rule_link.get_attribute("href").startswith("/book/")
    back = page.locator("a.necro-live-back")
    assert back.get_attribute("href").startswith(f"{live_server.url}book/{GAME_NOTEBOOK[:-6]}")
    assert not page.necro_log.page_errors, page.necro_log.page_errors

    # Leaving the app shuts its kernel down (Voila's beacon needs the _xsrf
    # cookie that the book pages set), instead of leaving it to the culler.
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    assert kernel in [k["id"] for k in live_server.api("GET", "api/kernels")]
    back.click()
    page.locator("a.necro-live-button").wait_for(state="visible", timeout=30_000)
    deadline = time.monotonic() + 20
    while kernel in [k["id"] for k in live_server.api("GET", "api/kernels")]:
        assert time.monotonic() < deadline, "the kernel outlived its page"
        time.sleep(0.2)
    page.necro_log.assert_local_only()


def test_play_live_shows_myst_as_the_book_does(live_server, page):
    """Voila renders CommonMark: live mode rewrites the chapter's MyST first."""
    page.goto(f"{live_server.url}book/{MYST_NOTEBOOK[:-6]}.html?token={live_server.token}")
    page.locator("a.necro-live-button").click()
    page.get_by_text("shown output").wait_for(timeout=180_000)
    page.wait_for_function("document.title === 'A MyST page \u00b7 necro live'")
    cells = page.locator("#rendered_cells")
    text = cells.inner_text()
    assert "(live-target)=" not in text and "{ref}" not in text and "{admonition}" not in text
    assert "hidden setup" not in text  # remove-cell: it ran, but shows nothing
    assert page.locator("a#live-target").count() == 1
    assert page.locator("a[href='#live-target']").count() == 2
    assert page.locator("a[href='/book/widget_counter.html']").inner_text() == "the counter"
    ruling = page.locator("blockquote", has_text="Ruling: a test ruling")
    assert ruling.count() == 1 and ":class:" not in ruling.inner_text()
    # An in-page link stays in the page (and in the kernel's session) ...
    voila_url = page.url
    page.locator("a[href='#live-target']").first.click()
    assert page.url.split("#")[0] == voila_url.split("#")[0]
    assert len(page.context.pages) == 1
    # ... and so does a link to a book section that this page shows too (rule links).
    page.evaluate("window.scrollTo(0, 0); window.location.hash = ''")
    page.locator("a[href='/book/myst_page.html#live-target']").click()
    page.wait_for_function("window.location.hash === '#live-target'")
    assert len(page.context.pages) == 1
    # ... a link into the book opens a new tab, so the live page keeps its kernel.
    with page.context.expect_page() as new_tab:
        page.locator("a[href='/book/widget_counter.html']").click()
    new_tab.value.wait_for_load_state()
    assert new_tab.value.url.endswith("/book/widget_counter.html")
    assert page.url.split("#")[0] == voila_url.split("#")[0]
    assert not page.necro_log.page_errors, page.necro_log.page_errors
    page.necro_log.assert_local_only()


def test_static_page_has_no_play_live_button(live_server, static_server, page):
    """Served by a plain web server (the published book): a note, no button, no fetch."""
    html = live_server.root / "_build" / "html"
    for url in (static_server(html) + PAGE, (html / PAGE).as_uri()):
        page.goto(url)
        page.locator(".necro-live-note").wait_for(state="visible", timeout=30_000)
        assert "necro live" in page.locator(".necro-live-note").inner_text()
        assert page.locator(".necro-live-button").count() == 0
    assert not [u for u in page.necro_log.urls if "necro-live.json" in u]
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_ctrl_c_stops_server_and_kernels_and_idle_kernels_are_culled(
    live_server, live_root, tmp_path
):
    """A second instance on the built book: no rebuild, culling, clean Ctrl-C."""
    other = LiveProcess(live_root, tmp_path, "--cull-idle", "2", "--cull-interval", "1")
    TIMINGS["start_built_book_s"] = other.wait_ready(timeout=120)
    try:
        assert "building the book" not in other.stdout.read_text()
        kernel = other.api("POST", "api/kernels")
        deadline = time.monotonic() + 60
        while other.api("GET", "api/kernels"):
            assert time.monotonic() < deadline, "the idle kernel was never culled"
            time.sleep(0.5)
        other.api("POST", "api/kernels")
        deadline = time.monotonic() + 30
        while len(other.marked_processes()) < 3:  # necro live, the server, the kernel
            assert time.monotonic() < deadline, "no kernel process found"
            time.sleep(0.2)
    finally:
        code = other.interrupt()
    assert code == 0, other.output()
    assert "stopped" in other.stdout.read_text()
    assert kernel["id"]
    deadline = time.monotonic() + 10
    while other.marked_processes():
        assert time.monotonic() < deadline, f"left running: {other.marked_processes()}"
        time.sleep(0.2)


def test_server_and_kernels_stop_when_necro_live_is_killed(live_server, live_root, tmp_path):
    """No orphans: kill -9 of the command still ends the server and its kernels."""
    other = LiveProcess(live_root, tmp_path)
    other.wait_ready(timeout=120)
    other.api("POST", "api/kernels")
    deadline = time.monotonic() + 30
    while len(other.marked_processes()) < 3:  # necro live, the server, the kernel
        assert time.monotonic() < deadline, "no kernel process found"
        time.sleep(0.2)
    other.process.kill()
    other.process.wait()
    deadline = time.monotonic() + 30
    while other.marked_processes():
        assert time.monotonic() < deadline, f"orphans: {other.marked_processes()}\n{other.output()}"
        time.sleep(0.2)
