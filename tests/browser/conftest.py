"""Browser test infrastructure: static servers, Debian's chromium, JupyterLab.

* Chromium is Debian's ``/usr/bin/chromium`` (``apt-get install chromium``),
  driven by the Python Playwright package; Playwright's own browser download
  is never used. Without chromium the tests skip, unless
  ``NECRO_REQUIRE_BROWSER=1`` (set by ``./dev.sh test``) or ``CI`` is set, in
  which case they fail.
* Every page made by the ``page`` fixture records its requests. Requests that
  would leave the machine (anything but 127.0.0.1/localhost/file/data/blob)
  are aborted, and the test fails at teardown if there was any.
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

import pytest

from necro.book import build

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"
ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("NECRO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # file:// pages may load their own folder's scripts as the book does
    "--allow-file-access-from-files",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
LOCAL_SCHEMES = {"file", "data", "blob", "about", "chrome-error"}


def is_local_url(url: str) -> bool:
    """True for URLs that stay on this machine."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    if parts.scheme in {"http", "https", "ws", "wss"}:
        return parts.hostname in LOCAL_HOSTS
    return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --------------------------------------------------------------------------- servers


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


class StaticServer:
    """A threaded static file server on 127.0.0.1 (stop() when done)."""

    def __init__(self, root: pathlib.Path):
        self.root = pathlib.Path(root)
        handler = functools.partial(_QuietHandler, directory=str(self.root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def static_server():
    """Factory: ``static_server(root)`` serves ``root`` on 127.0.0.1, returns its URL."""
    servers: list[StaticServer] = []

    def start(root) -> str:
        server = StaticServer(root)
        servers.append(server)
        return server.url

    yield start
    for server in servers:
        server.stop()


# --------------------------------------------------------------------------- books


def build_book_at(root: pathlib.Path) -> pathlib.Path:
    """Build the book whose _config.yml/_toc.yml are in ``root``; return its html folder."""
    build.prepare_assets(dest=root / "book" / "_assets")
    result = subprocess.run(
        build.jupyter_book_command(root), capture_output=True, text=True, timeout=900
    )
    if result.returncode != 0:
        pytest.fail(f"book build failed in {root}:\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}")
    return root / "_build" / "html"


@pytest.fixture(scope="session")
def fixture_book(tmp_path_factory) -> pathlib.Path:
    """The fixture notebook built as a one-page book with the repository's _config.yml.

    Returns the ``_build/html`` folder; the page is ``widget_counter.html``.
    """
    root = tmp_path_factory.mktemp("fixture-book")
    shutil.copy(REPO / "_config.yml", root / "_config.yml")
    (root / "_toc.yml").write_text("format: jb-book\nroot: widget_counter\n")
    shutil.copy(FIXTURES / "widget_counter.ipynb", root / "widget_counter.ipynb")
    return build_book_at(root)


@pytest.fixture(scope="session")
def built_book() -> pathlib.Path:
    """The repository's own book in ``_build/html`` (built here if it is missing).

    ``./dev.sh test`` builds it with warnings as errors just before these tests;
    set ``NECRO_REBUILD_BOOK=1`` to force a rebuild.
    """
    html = REPO / "_build" / "html"
    if os.environ.get("NECRO_REBUILD_BOOK") or not (html / "index.html").is_file():
        build_book_at(REPO)
    return html


# --------------------------------------------------------------------------- chromium


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing: apt-get install -y chromium (./dev.sh test does)"
        if os.environ.get("NECRO_REQUIRE_BROWSER") or os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_executable):
    """Debian's chromium, headless, launched by Playwright (never its own browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


class RequestLog:
    """Every request a page made, and the ones that were not local."""

    def __init__(self):
        self.urls: list[str] = []
        self.blocked: list[str] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        self.console_warnings: list[str] = []
        self.failed: list[str] = []  # "status url" of every response that was an error (a 404 ...)

    def assert_local_only(self) -> None:
        assert not self.blocked, "requests left the machine:\n" + "\n".join(self.blocked)
        remote = [url for url in self.urls if not is_local_url(url)]
        assert not remote, "non-local requests:\n" + "\n".join(remote)

    def assert_quiet(self, where: str = "") -> None:
        """Nothing for a reader's console: no uncaught error, no console error or warning,
        no failed request (a 404 for a font counts), nothing sent off the machine."""
        assert not self.page_errors, (where, self.page_errors)
        assert not self.console_errors, (where, self.console_errors, self.failed)
        assert not self.console_warnings, (where, self.console_warnings)
        assert not self.failed, (where, self.failed)
        self.assert_local_only()


@pytest.fixture
def page(browser, request):
    """A fresh page whose requests are recorded; non-local ones are aborted and fail.

    ``page.necro_log`` is the ``RequestLog``. A screenshot lands in
    tests/browser/artifacts/<test name>.png at the end of each test.
    """
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    log = RequestLog()

    def route(route):
        url = route.request.url
        if is_local_url(url):
            route.continue_()
        else:
            log.blocked.append(url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("request", lambda req: log.urls.append(req.url))
    page.on("response", lambda r: log.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda exc: log.page_errors.append(str(exc)))
    def console(msg) -> None:
        if msg.type == "error":
            log.console_errors.append(msg.text)
        elif msg.type == "warning":
            log.console_warnings.append(msg.text)

    page.on("console", console)
    page.necro_log = log
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"))
    except Exception:  # a crashed page still reports its requests below
        pass
    context.close()
    log.assert_local_only()


# --------------------------------------------------------------------------- JupyterLab


class LabServer:
    def __init__(self, url: str, token: str, root_dir: pathlib.Path, probe: pathlib.Path):
        self.url = url
        self.token = token
        self.root_dir = root_dir
        self.probe = probe

    def notebook_url(self, name: str) -> str:
        """URL that opens ``name`` alone, in a fresh workspace.

        The server is shared by the whole session: without its own empty workspace a
        page would also restore the notebooks an earlier test left open, and
        ``shell.currentWidget`` could be one of those.
        """
        workspace = f"necro-{secrets.token_hex(6)}"
        return f"{self.url}lab/workspaces/{workspace}/tree/{name}?reset&token={self.token}"

    def open_and_run_all(self, page, name: str, timeout_ms: int = 90_000) -> None:
        """Open notebook ``name``, wait for its idle kernel, start "Run All Cells".

        The command is started, not awaited: ``page.evaluate`` has no timeout, and
        the command's promise only resolves when every cell has finished.
        """
        page.goto(self.notebook_url(name))
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell"
            " && document.querySelector('.jp-Notebook .jp-Cell')",
            timeout=timeout_ms,
        )
        page.wait_for_function(
            """() => {
                const widget = window.jupyterapp.shell.currentWidget;
                const kernel = widget && widget.sessionContext && widget.sessionContext.session
                    && widget.sessionContext.session.kernel;
                return kernel && kernel.status === 'idle';
            }""",
            timeout=timeout_ms,
        )
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


def lab_command(port: int, token: str, root_dir: pathlib.Path) -> list[str]:
    """JupyterLab on 127.0.0.1 only, with a token, offline-friendly, root allowed."""
    return [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--ServerApp.allow_root=True",
        f"--ServerApp.root_dir={root_dir}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
    ]


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server over a temp copy of tests/browser/fixtures.

    Its kernels get ``NECRO_LIVE_PROBE``, a file the fixture notebook writes the
    counter value to, so a test can see what the kernel saw.
    """
    root = tmp_path_factory.mktemp("lab")
    for notebook in FIXTURES.glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    probe = tmp_path_factory.mktemp("probe") / "count.txt"
    token = secrets.token_hex(16)
    port = free_port()
    env = dict(os.environ, NECRO_LIVE_PROBE=str(probe), JUPYTER_PLATFORM_DIRS="1")
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path_factory.mktemp("jupyter-config"))
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(tmp_path_factory.mktemp("workspaces"))
    settings = tmp_path_factory.mktemp("lab-settings")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text('{"fetchNews": "false"}')  # no "Jupyter news?" pop-up
    log_path = tmp_path_factory.mktemp("lab-log") / "lab.log"
    with open(log_path, "w") as log_file:
        process = subprocess.Popen(
            lab_command(port, token, root), stdout=log_file, stderr=subprocess.STDOUT, env=env
        )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}api/status?token={token}", timeout=2):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"JupyterLab did not start:\n{log_path.read_text()[-4000:]}")
            time.sleep(0.3)
    yield LabServer(url, token, root, probe)
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def _wait_for_text(path, expected: str, timeout: float = 30.0) -> str | None:
    """Poll a probe file the kernel writes until it holds ``expected`` (or time runs out);
    returns the last text read, so a failing assert shows what the kernel wrote."""
    deadline = time.monotonic() + timeout
    text = None
    while time.monotonic() < deadline:
        if path.is_file():
            text = path.read_text()
            if text == expected:
                return text
        time.sleep(0.1)
    return text


@pytest.fixture
def wait_for_text():
    """The probe-file poller, for tests where a kernel reports what the engine did."""
    return _wait_for_text
