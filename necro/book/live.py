"""Live mode of the book: the static pages plus a kernel behind every chapter.

``necro live`` (or ``python -m necro.book.live``) serves the built book and a
token-protected Jupyter Server with Voila from one origin on 127.0.0.1:

* ``/book/...``          the static book (``_build/html``), behind the token;
* ``/book/necro-live.json`` a small JSON document that tells a page it is
  served live (where Voila is, the token);
* ``/voila/render/<notebook>`` a chapter notebook as a Voila app: the same
  widgets as the static page, but bound to the rules engines in a kernel.

Every chapter page built from a notebook carries the script
``_static/necro-live.js``; when it finds ``necro-live.json`` it shows a
"Play live" button that opens the chapter in Voila. On static hosting or from
``file://`` it shows a one-line note instead, true to where the page is (the
boards play whole games in the browser over http, only the stored moves from a
file) and naming this command for a kernel.

Why one server and one origin: the login cookie that the token sets on the
first visit then covers the book, Voila and the kernel websockets alike, and
the page script can read ``necro-live.json`` without any cross-origin
exception. The book is served by a tiny Jupyter Server extension defined in
this module (``_load_jupyter_server_extension``), so the server process is a
plain ``jupyter_server`` with ``voila`` and ``necro.book.live`` enabled.

Why a child process: ``main`` builds the book if needed, starts the server in
its own session, waits until it answers, prints the URL and then just waits.
Ctrl-C reaches only ``main``, which stops the server with SIGTERM: Jupyter
Server then shuts its kernels down cleanly instead of asking "Shutdown this
Jupyter server (y/[n])?" as it does on a terminal's SIGINT.

This module has a third role: it is also a small Sphinx extension (``setup``)
that the book's ``_config.yml`` lists. It adds ``necro-live.js`` to every page
and marks pages built from a notebook with
``<meta name="necro-notebook" content="book/<game>/<chapter>.ipynb">``, so the
script knows which notebook to open without guessing from the URL.

Voila renders Markdown as plain CommonMark, so before it runs a chapter the
server passes the notebook through ``necro.book.live_markdown`` (Voila's
``prelaunch_hook``): MyST targets, ``{ref}``/``{doc}`` links and admonitions
come out as anchors, links into the served book and titled block quotes. The
Voila template ``necro`` (``necro/book/live_share``) drops Voila's CDN stylesheets
and links the app back to the book.

Kernels: a chapter's kernel stops when the reader leaves its Voila page
(Voila's beacon, which needs the ``_xsrf`` cookie that the book pages set).
Kernels left behind otherwise (a crashed browser, the REST API) are culled
after ``--cull-idle`` seconds without activity (default 10 minutes, checked
every minute); a kernel whose Voila tab is still open counts as connected and
is kept, so a game survives a coffee break, unless ``--cull-connected``.
Chapters render progressively (text at once, outputs as their cells run)
unless ``--no-progressive``.

Quiet by default: the terminal shows the URL and what needs the reader, not
Jupyter's routine notices. The server and its kernels write into a pipe that
``main`` reads; blocks of their log matching ``QUIET`` (a notebook "not
trusted", a kernel on TCP "without encryption", a tab closed while Voila was
still sending, a kernel stopped in mid-cell) are dropped (``LogFilter``), and
the websocket ping timeout is set equal to its interval, so tornado has
nothing to correct. The book build prints only whether it failed.
``--verbose`` shows everything, and the server's informational log too;
``--log FILE`` writes it all to a file.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import secrets
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Iterable

from necro.book.interrupt import Terminated, stop_on_signals

REPO = pathlib.Path(__file__).resolve().parents[2]
STATIC_DIR = pathlib.Path(__file__).resolve().parent / "live_static"
# A Jupyter data folder with the Voila template "necro" (see its index.html.j2).
SHARE_DIR = pathlib.Path(__file__).resolve().parent / "live_share"
VOILA_TEMPLATE = "necro"
PAGE_SCRIPT = "necro-live.js"
LIVE_JSON = "necro-live.json"
BOOK_PREFIX = "book"  # the static book is served at <base_url>book/
NOTEBOOK_META = "necro-notebook"
LIVE_COOKIE = "necro_live"

DEFAULT_CULL_IDLE = 600
DEFAULT_CULL_INTERVAL = 60
READY_TIMEOUT = 120.0

# Blocks of the server's and kernels' log that tell the one local reader nothing (see LogFilter).
QUIET = (
    # Trust only decides whether Jupyter's own UI runs a notebook's stored HTML and JavaScript;
    # Voila runs the chapter itself, and the book is ours.
    re.compile(r"Notebook \S+ is not trusted"),
    # ipykernel on every start; the server and its kernels listen on 127.0.0.1 only.
    re.compile(r"Kernel is running over TCP without encryption"),
    # A reader closed a tab while Voila was still sending it the chapter.
    re.compile(r"WebSocketClosedError|StreamClosedError"),
    # A kernel stopped by the shutdown while it ran a cell.
    re.compile(r"Socket operation on non-socket"),
    # The server's echo of the SIGTERM with which `necro live` stops it (we say so ourselves).
    re.compile(r"received signal \d+, stopping"),
)
FLUSH_AFTER = 0.25
"""Seconds of silence after which LogFilter prints the block it holds (a lone line, at once)."""

# Server extensions that a live book does not need: JupyterLab is opt-in
# (--lab), terminals would be a shell behind the token.
UNUSED_EXTENSIONS = ("jupyter_lsp", "jupyter_server_terminals", "notebook_shim")


# --------------------------------------------------------------------------- the book


def html_dir(root: pathlib.Path) -> pathlib.Path:
    return root / "_build" / "html"


def book_sources(root: pathlib.Path) -> Iterable[pathlib.Path]:
    """The files whose change makes the built book stale.

    The book's configuration, everything below ``book/`` (chapters, their
    assets) and this module's page script, which the build copies.
    """
    for name in ("_config.yml", "_toc.yml"):
        if (root / name).is_file():
            yield root / name
    for folder in (root / "book", STATIC_DIR):
        if not folder.is_dir():
            continue
        for path in folder.rglob("*"):
            if ".ipynb_checkpoints" in path.parts or "__pycache__" in path.parts:
                continue
            if path.is_file():
                yield path


def built_at(html: pathlib.Path) -> float | None:
    """When the book in ``html`` was last built, or None if it is not there.

    Sphinx only rewrites the pages that changed, but rewrites its inventory
    and search index on every build, so the newest of these is the build time.
    """
    if not (html / "index.html").is_file():
        return None
    marks = [html / name for name in ("index.html", "objects.inv", "searchindex.js", ".buildinfo")]
    return max(path.stat().st_mtime for path in marks if path.exists())


def stale_sources(root: pathlib.Path) -> list[pathlib.Path]:
    """Sources newer than the built book (all of them if it was never built)."""
    when = built_at(html_dir(root))
    sources = list(book_sources(root))
    if when is None:
        return sources
    return [path for path in sources if path.stat().st_mtime > when]


def _shown(path: pathlib.Path, root: pathlib.Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:  # the page script lives in the package, not in the book
        return str(path)


def ensure_built(root: pathlib.Path, *, rebuild: bool = False, build: bool = True,
                 quiet: bool = False) -> pathlib.Path:
    """Build the book at ``root`` if it is missing or stale; return its html folder.

    A build that fails (warnings are errors) while an older html folder exists
    is reported and the older pages are served: live mode should not refuse to
    start over a broken cross-reference.
    """
    from necro.book.build import build_book

    html = html_dir(root)
    stale = stale_sources(root)
    if build and (rebuild or stale):
        reason = "--rebuild" if rebuild else (
            "no built book" if built_at(html) is None else
            f"{len(stale)} source file(s) changed, e.g. {_shown(stale[0], root)}"
        )
        print(f"necro live: building the book ({reason}) ...", flush=True)
        code = build_book(root, quiet=quiet)
        if code != 0:
            print(f"necro live: the book build exited with {code}", file=sys.stderr, flush=True)
    elif stale and built_at(html) is not None:
        print(f"necro live: serving the book as last built; {len(stale)} source file(s) "
              f"changed since (e.g. {_shown(stale[0], root)})", file=sys.stderr, flush=True)
    if not (html / "index.html").is_file():
        raise SystemExit(f"necro live: no built book in {html} (run `necro book`)")
    return html


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_command(
    *,
    port: int,
    token: str,
    root: pathlib.Path,
    html: pathlib.Path,
    cull_idle: int = DEFAULT_CULL_IDLE,
    cull_interval: int = DEFAULT_CULL_INTERVAL,
    cull_connected: bool = False,
    lab: bool = False,
    verbose: bool = False,
    progressive: bool = True,
) -> list[str]:
    """The command line of the one Jupyter Server process of live mode."""
    extensions = {"voila": True, "necro.book.live": True, "jupyterlab": lab}
    extensions.update({name: False for name in UNUSED_EXTENSIONS})
    command = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.open_browser=False",
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.default_url=/{BOOK_PREFIX}/",
        "--ServerApp.terminals_enabled=False",
        f"--IdentityProvider.token={token}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        f"--MappingKernelManager.cull_connected={cull_connected}",
        # A chapter that raises should say why, to the one local user.
        "--VoilaConfiguration.show_tracebacks=True",
        f"--VoilaConfiguration.template={VOILA_TEMPLATE}",
        # Show the chapter's text at once and fill in the outputs as their
        # cells run, instead of a spinner until the last cell is done (a
        # statistics chapter may compute for 20 s).
        f"--VoilaConfiguration.progressive_rendering={progressive}",
        f"--ServerApp.log_level={'INFO' if verbose else 'WARN'}",
        f"--NecroLive.html_dir={html}",
        f"--NecroLive.book_root={root}",
        f"--NecroLive.lab={lab}",
        f"--NecroLive.parent_pid={os.getpid()}",
    ]
    command += [f"--ServerApp.jpserver_extensions={name}={on}" for name, on in extensions.items()]
    if os.name == "posix" and os.geteuid() == 0:
        command.append("--ServerApp.allow_root=True")
    return command


def server_environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The server's environment: our Voila template first on the Jupyter path."""
    env = dict(os.environ if base is None else base, JUPYTER_PLATFORM_DIRS="1")
    env["JUPYTER_PATH"] = os.pathsep.join(
        path for path in (str(SHARE_DIR), env.get("JUPYTER_PATH", "")) if path
    )
    return env


class LogFilter:
    """Forward a log stream, leaving out the blocks that match ``QUIET``.

    A block is a line starting with "[" (how Jupyter, Voila and ipykernel start a record)
    and the lines after it that do not (its traceback): a block is judged whole, so a
    dropped notice takes its traceback with it, and any other block is printed whole.
    """

    def __init__(self, out, quiet=QUIET):
        self.out = out
        self.quiet = quiet
        self.block: list[str] = []

    def feed(self, line: str) -> None:
        if line.startswith("["):
            self.flush()
        self.block.append(line)

    def flush(self) -> None:
        text = "".join(self.block)
        self.block = []
        if text and not any(pattern.search(text) for pattern in self.quiet):
            self.out.write(text)
            self.out.flush()


def pump(fd: int, log_filter: LogFilter) -> None:
    """Read the server's output from ``fd`` until every writer has closed it, through
    ``log_filter``; a block is printed once the stream is quiet for ``FLUSH_AFTER`` s."""
    pending = b""
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], FLUSH_AFTER)
            if not ready:
                log_filter.flush()
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                log_filter.feed(line.decode("utf-8", "replace") + "\n")
        if pending:
            log_filter.feed(pending.decode("utf-8", "replace"))
        log_filter.flush()
    finally:
        os.close(fd)


def wait_until_ready(url: str, token: str, process: subprocess.Popen, timeout: float) -> None:
    """Poll ``/api/status`` until the server answers; raise if it dies or times out."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"{url}api/status?token={token}", timeout=2) as reply:
                if reply.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        if process.poll() is not None:
            raise RuntimeError(f"the Jupyter server exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise TimeoutError(f"the Jupyter server did not answer within {timeout:.0f} s")
        time.sleep(0.1)


def stop(process: subprocess.Popen, timeout: float = 20.0) -> int:
    """Stop the server like its own SIGTERM handler wants: kernels first, then exit."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


# --------------------------------------------------------------------------- command line


def default_root() -> pathlib.Path:
    """The book root like ``necro book`` finds it: here if it is a book, else the checkout."""
    here = pathlib.Path.cwd()
    if (here / "_config.yml").is_file() and (here / "_toc.yml").is_file():
        return here
    return REPO


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="necro live",
        description="Serve the book with a live kernel behind every chapter (Voila), "
        "on 127.0.0.1 behind a token.",
    )
    parser.add_argument("--port", type=int, default=0, help="TCP port (default: a free one)")
    parser.add_argument("--root", type=pathlib.Path, default=None,
                        help="book root with _config.yml (default: the current folder if it "
                        "has one, else the checkout)")
    parser.add_argument("--token", default=None,
                        help="login token (default: a new random one; for scripts and tests)")
    build = parser.add_mutually_exclusive_group()
    build.add_argument("--no-build", action="store_true",
                       help="serve _build/html as it is, even if stale")
    build.add_argument("--rebuild", action="store_true", help="build the book even if up to date")
    parser.add_argument("--cull-idle", type=int, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
                        help="shut down kernels idle this long (default: %(default)s; 0: never)")
    parser.add_argument("--cull-interval", type=int, default=DEFAULT_CULL_INTERVAL,
                        metavar="SECONDS", help="how often to look for idle kernels")
    parser.add_argument("--cull-connected", action="store_true",
                        help="also cull idle kernels whose Voila tab is still open")
    parser.add_argument("--no-progressive", action="store_true",
                        help="show a chapter only once all its cells have run (Voila's "
                        "default) instead of as they run")
    parser.add_argument("--lab", action="store_true",
                        help="also enable JupyterLab (an 'Open in JupyterLab' link appears)")
    parser.add_argument("--no-open", action="store_true",
                        help="do not open the book in a web browser (never opened without a "
                        "display)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="show the book build's output and the server's whole log (its "
                        "informational lines, and the routine notices left out by default)")
    parser.add_argument("--log", type=pathlib.Path, default=None,
                        help="write the server's log to this file instead of the terminal")
    return parser.parse_args(argv)


def start_server(args: argparse.Namespace, root: pathlib.Path, html: pathlib.Path, token: str,
                 log) -> tuple[subprocess.Popen, str]:
    """Start the server and wait until it answers; return it and its URL.

    With a random port, a port taken between our check and the server's bind
    just means another try on another port.
    """
    attempts = 1 if args.port else 3
    for attempt in range(1, attempts + 1):
        port = args.port or free_port()
        url = f"http://127.0.0.1:{port}/"
        command = server_command(
            port=port, token=token, root=root, html=html, cull_idle=args.cull_idle,
            cull_interval=args.cull_interval, cull_connected=args.cull_connected, lab=args.lab,
            verbose=args.verbose, progressive=not args.no_progressive,
        )
        # Quiet: the server's and its kernels' output comes through a pipe and LogFilter.
        filtered = log is None and not args.verbose and os.name == "posix"
        read_fd, write_fd = os.pipe() if filtered else (None, None)
        # Own session: a terminal's Ctrl-C goes to us, not to the server (see module doc).
        try:
            process = subprocess.Popen(
                command, env=server_environment(), cwd=root, start_new_session=True,
                stdout=write_fd if filtered else log,
                stderr=subprocess.STDOUT if (log or filtered) else None,
            )
        except BaseException:
            if filtered:
                os.close(read_fd)
            raise
        finally:
            if filtered:
                os.close(write_fd)  # the server and its kernels hold it now
        if filtered:
            process.log_pump = threading.Thread(target=pump, args=(read_fd, LogFilter(sys.stderr)),
                                                daemon=True, name="necro-live-log")
            process.log_pump.start()
        try:
            wait_until_ready(url, token, process, READY_TIMEOUT)
            return process, url
        except RuntimeError as error:  # the server died: maybe the port was taken
            if attempt == attempts:
                raise
            print(f"necro live: {error}; trying another port", file=sys.stderr, flush=True)
        except BaseException:
            stop(process)
            raise
    raise AssertionError("not reached")


def main(argv: list[str] | None = None) -> int:
    """Build if needed, start the server, print the book URL, serve until Ctrl-C."""
    started = time.monotonic()
    args = parse_args(argv)
    root = (args.root or default_root()).resolve()
    if not (root / "_config.yml").is_file():
        print(f"necro live: {root} has no _config.yml", file=sys.stderr)
        return 2
    html = ensure_built(root, rebuild=args.rebuild, build=not args.no_build, quiet=not args.verbose)
    built = time.monotonic()
    token = args.token or secrets.token_hex(24)
    # `kill` and a closed terminal stop us as cleanly as Ctrl-C, and Ctrl-C works even when
    # whoever started us ignored it (a shell script's background job). (If we are killed
    # outright, the server notices that its parent is gone and stops.)
    stop_on_signals()
    log = open(args.log, "w") if args.log else None
    process = None
    try:
        try:
            process, url = start_server(args, root, html, token, log)
        except (RuntimeError, TimeoutError) as error:
            print(f"necro live: {error}", file=sys.stderr, flush=True)
            return 1
        ready = time.monotonic()
        print(
            "\nnecro live: the book is served live at\n\n"
            f"    {url}{BOOK_PREFIX}/?token={token}\n\n"
            "Open a chapter and press \"Play live\". "
            f"Server ready in {ready - built:.1f} s "
            f"({ready - started:.1f} s with the build check). Ctrl-C stops it.\n",
            flush=True,
        )
        if not args.no_open and _has_display():
            import webbrowser

            webbrowser.open(f"{url}{BOOK_PREFIX}/?token={token}")
        process.wait()
        print(f"necro live: the server exited with {process.returncode}", file=sys.stderr)
        return process.returncode or 1
    except KeyboardInterrupt as stop_signal:
        if process is None:
            return 130
        # Only a terminal's Ctrl-C can be pressed again; SIGTERM and SIGHUP come from elsewhere.
        again = "" if isinstance(stop_signal, Terminated) else " (Ctrl-C again to kill it)"
        print(f"\nnecro live: stopping the server and its kernels{again} ...", flush=True)
        try:
            code = stop(process)
        except KeyboardInterrupt:
            process.kill()  # its kernels exit by themselves when their parent is gone
            code = process.wait()
        print(f"necro live: stopped (server exit code {code}).", flush=True)
        return 0
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        if process is not None and hasattr(process, "log_pump"):
            process.log_pump.join(timeout=2)  # the server's last lines (its kernels may linger)
        if log:
            log.close()


def _has_display() -> bool:
    if os.name != "posix" or sys.platform == "darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# --------------------------------------------------------------------------- server extension
# Everything below runs inside the Jupyter Server process (never in main's).


def _jupyter_server_extension_points():
    return [{"module": "necro.book.live"}]


def _link_jupyter_server_extension(serverapp) -> None:
    """Before any extension loads: give Voila our notebook hook (see _voila_prelaunch)."""
    serverapp.config.VoilaConfiguration.prelaunch_hook = _voila_prelaunch


def _voila_prelaunch(handler, notebook, cwd):
    """Voila's prelaunch hook: rewrite the chapter's MyST for Voila (necro.book.live_markdown).

    Never fails the page: on any surprise the notebook is shown unchanged.
    """
    try:
        from jupyter_server.utils import url_path_join

        from necro.book import live_markdown

        info = handler.settings.get("necro_live")
        if info is None:
            return None
        render = url_path_join(info["base_url"], "voila/render") + "/"
        path = urllib.parse.unquote(handler.request.path)
        if not path.startswith(render) or info["notebook_prefix"] is None:
            return None
        docname = path[len(render):]
        if not docname.startswith(info["notebook_prefix"]):
            return None  # a notebook outside the book: nothing to resolve against
        docname = docname[len(info["notebook_prefix"]):].rsplit(".", 1)[0]
        inventory = _inventory(pathlib.Path(info["html_dir"]) / "objects.inv")
        return live_markdown.prepare_notebook(notebook, docname, inventory, info["book_url"])
    except Exception:  # noqa: BLE001 - a plain page beats an error page
        handler.log.warning("necro live: could not rewrite %s for Voila", handler.request.path,
                            exc_info=True)
        return None


_INVENTORY_CACHE: dict[str, tuple[float, object]] = {}


def _inventory(path: pathlib.Path):
    """The book's Sphinx inventory, re-read only when the book was rebuilt."""
    from necro.book import live_markdown

    mtime = path.stat().st_mtime if path.is_file() else 0.0
    cached = _INVENTORY_CACHE.get(str(path))
    if cached is None or cached[0] != mtime:
        inventory = live_markdown.read_inventory(path) if mtime else live_markdown.Inventory()
        cached = _INVENTORY_CACHE[str(path)] = (mtime, inventory)
    return cached[1]


def _load_jupyter_server_extension(serverapp) -> None:
    """Mount the static book and ``necro-live.json`` under ``<base_url>book/``."""
    from jupyter_server.utils import url_path_join

    handlers = _handlers()
    settings = _settings_class()(parent=serverapp)
    html = pathlib.Path(settings.html_dir or html_dir(REPO)).resolve()
    book_root = pathlib.Path(settings.book_root or REPO).resolve()
    server_root = pathlib.Path(serverapp.root_dir).resolve()
    try:
        prefix = book_root.relative_to(server_root).as_posix()
        prefix = "" if prefix == "." else prefix + "/"
    except ValueError:
        serverapp.log.warning("necro live: book root %s is outside the server root", book_root)
        prefix = None
    # Voila's front end takes MathJax from a CDN unless both settings are the
    # string "null"; then it uses the MathJax bundled with Voila.
    serverapp.web_app.settings.setdefault("mathjax_url", "null")
    serverapp.web_app.settings.setdefault("mathjax_config", "null")
    # Jupyter's websockets wait for a pong three ping intervals by default, which tornado
    # refuses (and says so on every first connection): wait one, tornado's own default.
    from jupyter_server.base.websocket import WS_PING_INTERVAL

    web_settings = serverapp.web_app.settings
    web_settings.setdefault("ws_ping_timeout", web_settings.get("ws_ping_interval", WS_PING_INTERVAL))
    base_url = serverapp.base_url
    book_url = url_path_join(base_url, BOOK_PREFIX) + "/"
    info = {
        "live": True,
        "base_url": base_url,
        "book_url": book_url,
        "voila_url": url_path_join(base_url, "voila/render") + "/",
        "lab_url": url_path_join(base_url, "lab/tree") + "/" if settings.lab else None,
        "notebook_prefix": prefix,
        "token": serverapp.identity_provider.token,
    }
    serverapp.web_app.settings["necro_live"] = {
        **info, "html_dir": str(html), "book_root": str(book_root),
    }
    serverapp.web_app.add_handlers(
        ".*$",
        [
            (url_path_join(book_url, LIVE_JSON), handlers.LiveInfoHandler, {"info": info}),
            (url_path_join(base_url, BOOK_PREFIX), handlers.BookRedirectHandler,
             {"url": book_url}),
            (url_path_join(book_url, "(.*)"), handlers.BookHandler,
             {"path": str(html), "default_filename": "index.html"}),
        ],
    )
    serverapp.log.info("necro live: serving the book in %s at %s", html, book_url)
    if settings.parent_pid:
        _watch_parent(serverapp, settings.parent_pid)


def _watch_parent(serverapp, parent_pid: int) -> None:
    """Stop the server (and so its kernels) if ``necro live`` dies without stopping us.

    ``necro live`` starts the server in a session of its own so that Ctrl-C
    reaches only ``necro live``; the price is that nothing else would stop an
    orphaned server.
    """
    from tornado.ioloop import PeriodicCallback

    def check() -> None:
        if os.getppid() != parent_pid:
            serverapp.log.warning("necro live: the parent process is gone, stopping")
            watcher.stop()
            serverapp.stop()

    watcher = PeriodicCallback(check, 2000)
    watcher.start()


def _settings_class():
    from traitlets import Bool, Int, Unicode
    from traitlets.config import Configurable

    class NecroLive(Configurable):
        """Settings of the live book, given on the server's command line."""

        html_dir = Unicode("", help="the built book (_build/html)").tag(config=True)
        book_root = Unicode("", help="the book's source root (with _config.yml)").tag(config=True)
        lab = Bool(False, help="JupyterLab is enabled too").tag(config=True)
        parent_pid = Int(0, help="stop when this process (necro live) is gone").tag(config=True)

    return NecroLive


def _handlers():
    """The tornado handlers, built lazily so that importing this module stays cheap."""
    from types import SimpleNamespace

    from jupyter_server.auth.decorator import authorized
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web

    class BookHandler(JupyterHandler, web.StaticFileHandler):
        """The static book, for logged-in users only.

        Unlike Jupyter's AuthenticatedFileHandler this does not sandbox the
        pages: the book is our own trusted HTML, and its scripts need their
        origin (localStorage for the theme, same-origin fetch of
        necro-live.json). It also sets a readable cookie naming this
        host:port, so the page script only asks for necro-live.json where it
        can exist and never causes a 404 on static hosting.
        """

        auth_resource = "contents"

        @web.authenticated
        @authorized
        def get(self, path: str, include_body: bool = True):
            self.set_cookie(LIVE_COOKIE, self.request.host, path="/", samesite="Strict")
            # Reading the token sets the _xsrf cookie, which Voila's page needs to
            # shut its kernel down when the reader leaves it (sendBeacon on
            # beforeunload); without it those kernels linger until culled.
            self.xsrf_token  # noqa: B018 - the property sets the cookie
            return web.StaticFileHandler.get(self, path, include_body=include_body)

        @web.authenticated
        @authorized
        def head(self, path: str):
            return web.StaticFileHandler.get(self, path, include_body=False)

        def set_headers(self) -> None:
            super().set_headers()
            self.add_header("Cache-Control", "no-cache")

        def compute_etag(self):
            return None

    class LiveInfoHandler(JupyterHandler):
        """``necro-live.json``: the page is served live, here is Voila."""

        auth_resource = "contents"

        def initialize(self, info: dict) -> None:
            self.info = info

        @web.authenticated
        @authorized
        def get(self) -> None:
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie (see BookHandler.get)
            self.set_header("Content-Type", "application/json; charset=UTF-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(self.info))

    class BookRedirectHandler(JupyterHandler):
        def initialize(self, url: str) -> None:
            self.url = url

        def get(self) -> None:
            query = f"?{self.request.query}" if self.request.query else ""
            self.redirect(self.url + query)

    return SimpleNamespace(
        BookHandler=BookHandler, LiveInfoHandler=LiveInfoHandler,
        BookRedirectHandler=BookRedirectHandler,
    )


# --------------------------------------------------------------------------- Sphinx extension


def setup(app):
    """Sphinx: ship necro-live.js on every page and name each page's notebook."""
    app.connect("config-inited", _add_static_path)
    app.connect("html-page-context", _add_notebook_meta)
    app.add_js_file(PAGE_SCRIPT, loading_method="defer")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def _add_static_path(app, config) -> None:
    config.html_static_path = [*config.html_static_path, str(STATIC_DIR)]


def _add_notebook_meta(app, pagename, templatename, context, doctree) -> None:
    if doctree is None:
        return
    source = pathlib.Path(app.env.doc2path(pagename))
    if source.suffix != ".ipynb":
        return
    relative = source.resolve().relative_to(pathlib.Path(app.srcdir).resolve()).as_posix()
    tag = f'<meta name="{NOTEBOOK_META}" content="{relative}" />\n'
    context["metatags"] = context.get("metatags", "") + tag


if __name__ == "__main__":
    sys.exit(main())
