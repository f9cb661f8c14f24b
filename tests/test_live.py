"""necro.book.live without a browser: staleness, the server command, the Sphinx hook.

The browser tests (tests/browser/test_live_voila.py) run the real server; these
check the decisions it is built from, in milliseconds.
"""

from __future__ import annotations

import io
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import threading
import time
from types import SimpleNamespace

import pytest

from necro.book import build, live


def make_book(root: pathlib.Path) -> pathlib.Path:
    (root / "_config.yml").write_text("title: t\n")
    (root / "_toc.yml").write_text("format: jb-book\nroot: book/a\n")
    (root / "book").mkdir()
    (root / "book" / "a.ipynb").write_text("{}")
    return root


def fake_build(root: pathlib.Path, when: float) -> None:
    html = root / "_build" / "html"
    html.mkdir(parents=True, exist_ok=True)
    for name in ("index.html", "objects.inv"):
        (html / name).write_text("x")
        os.utime(html / name, (when, when))


def age_sources(root: pathlib.Path, when: float) -> None:
    for path in live.book_sources(root):
        if root in path.parents:  # never touch the repository's own files
            os.utime(path, (when, when))


def test_a_never_built_book_is_all_stale(tmp_path):
    root = make_book(tmp_path)
    assert live.built_at(root / "_build" / "html") is None
    stale = live.stale_sources(root)
    assert root / "book" / "a.ipynb" in stale and root / "_config.yml" in stale


def test_a_changed_chapter_makes_the_book_stale(tmp_path):
    root = make_book(tmp_path)
    now = time.time()
    age_sources(root, now - 100)
    fake_build(root, now + 1000)  # newer than the repository's page script too
    assert live.stale_sources(root) == []
    os.utime(root / "book" / "a.ipynb", (now + 2000, now + 2000))
    assert live.stale_sources(root) == [root / "book" / "a.ipynb"]


def test_checkpoints_do_not_make_the_book_stale(tmp_path):
    root = make_book(tmp_path)
    now = time.time()
    age_sources(root, now - 100)
    fake_build(root, now + 1000)
    checkpoint = root / "book" / ".ipynb_checkpoints" / "a-checkpoint.ipynb"
    checkpoint.parent.mkdir()
    checkpoint.write_text("{}")
    os.utime(checkpoint, (now + 2000, now + 2000))
    assert live.stale_sources(root) == []


def test_ensure_built_builds_only_when_needed(tmp_path, monkeypatch):
    root = make_book(tmp_path)
    calls = []

    def build_book(path, quiet=False):
        calls.append(path)
        fake_build(path, time.time() + 1000)
        return 0

    monkeypatch.setattr(build, "build_book", build_book)
    assert live.ensure_built(root) == root / "_build" / "html"
    assert calls == [root]
    live.ensure_built(root)
    assert calls == [root]  # up to date now
    live.ensure_built(root, rebuild=True)
    assert calls == [root, root]


def test_ensure_built_serves_an_old_book_when_the_build_fails(tmp_path, monkeypatch, capsys):
    root = make_book(tmp_path)
    fake_build(root, time.time() - 10_000)  # older than the chapter: stale
    monkeypatch.setattr(build, "build_book", lambda path, quiet=False: 1)
    assert live.ensure_built(root) == root / "_build" / "html"
    assert "exited with 1" in capsys.readouterr().err


def test_no_build_serves_a_stale_book_with_a_warning(tmp_path, monkeypatch, capsys):
    root = make_book(tmp_path)
    fake_build(root, time.time() - 10_000)
    monkeypatch.setattr(build, "build_book", lambda path, quiet=False: pytest.fail("must not build"))
    assert live.ensure_built(root, build=False) == root / "_build" / "html"
    assert "as last built" in capsys.readouterr().err


def test_a_changed_page_script_rebuilds_any_book(tmp_path, monkeypatch, capsys):
    """The page script lives in the package, outside the book: still a reason to rebuild."""
    root = make_book(tmp_path)
    script = live.STATIC_DIR / live.PAGE_SCRIPT
    built = script.stat().st_mtime - 100
    age_sources(root, built - 100)
    fake_build(root, built)
    assert live.stale_sources(root) == [script]
    monkeypatch.setattr(build, "build_book", lambda path, quiet=False: 0)
    live.ensure_built(root)
    assert str(script) in capsys.readouterr().out


def test_no_build_and_no_book_is_an_error(tmp_path, monkeypatch):
    root = make_book(tmp_path)
    monkeypatch.setattr(build, "build_book", lambda path, quiet=False: pytest.fail("must not build"))
    with pytest.raises(SystemExit, match="no built book"):
        live.ensure_built(root, build=False)


def options(command: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for arg in command:
        if arg.startswith("--") and "=" in arg:
            key, value = arg[2:].split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_server_command_is_local_token_protected_and_culls(tmp_path):
    command = live.server_command(
        port=4321, token="sekrit", root=tmp_path, html=tmp_path / "_build" / "html",
        cull_idle=600, cull_interval=60,
    )
    assert command[1:3] == ["-m", "jupyter_server"]
    found = options(command)
    assert found["ServerApp.ip"] == ["127.0.0.1"]
    assert found["ServerApp.port"] == ["4321"]
    assert found["ServerApp.port_retries"] == ["0"]
    assert found["ServerApp.open_browser"] == ["False"]
    assert found["IdentityProvider.token"] == ["sekrit"]
    assert found["ServerApp.root_dir"] == [str(tmp_path)]
    assert found["ServerApp.terminals_enabled"] == ["False"]
    assert found["MappingKernelManager.cull_idle_timeout"] == ["600"]
    assert found["MappingKernelManager.cull_interval"] == ["60"]
    assert found["MappingKernelManager.cull_connected"] == ["False"]
    assert found["VoilaConfiguration.template"] == [live.VOILA_TEMPLATE]
    extensions = dict(item.split("=") for item in found["ServerApp.jpserver_extensions"])
    assert extensions["voila"] == "True" and extensions["necro.book.live"] == "True"
    assert extensions["jupyterlab"] == "False"
    assert ("ServerApp.allow_root" in found) == (os.geteuid() == 0)


def test_server_command_renders_progressively_unless_asked_not_to(tmp_path):
    found = options(live.server_command(port=1, token="t", root=tmp_path, html=tmp_path))
    assert found["VoilaConfiguration.progressive_rendering"] == ["True"]
    found = options(
        live.server_command(port=1, token="t", root=tmp_path, html=tmp_path, progressive=False)
    )
    assert found["VoilaConfiguration.progressive_rendering"] == ["False"]


def test_server_command_lab_is_opt_in(tmp_path):
    found = options(live.server_command(port=1, token="t", root=tmp_path, html=tmp_path, lab=True))
    extensions = dict(item.split("=") for item in found["ServerApp.jpserver_extensions"])
    assert extensions["jupyterlab"] == "True"
    assert found["NecroLive.lab"] == ["True"]


def test_server_environment_puts_our_voila_template_first():
    env = live.server_environment({"JUPYTER_PATH": "/elsewhere", "PATH": "/bin"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(live.SHARE_DIR), "/elsewhere"]
    template = live.SHARE_DIR / "voila" / "templates" / live.VOILA_TEMPLATE
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    text = (template / "index.html.j2").read_text()
    assert "href=\"http" not in text and "src=\"http" not in text  # nothing from a CDN
    assert live.server_environment({})["JUPYTER_PATH"] == str(live.SHARE_DIR)


def test_default_root_is_here_if_here_is_a_book(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert live.default_root() == live.REPO
    make_book(tmp_path)
    assert live.default_root() == tmp_path


def test_main_refuses_a_folder_without_config(tmp_path, capsys):
    assert live.main(["--root", str(tmp_path), "--no-build"]) == 2
    assert "_config.yml" in capsys.readouterr().err


def page_context(tmp_path, source: str) -> dict:
    app = SimpleNamespace(
        srcdir=str(tmp_path), env=SimpleNamespace(doc2path=lambda name: str(tmp_path / source))
    )
    context = {"metatags": '<meta charset="utf-8" />\n'}
    live._add_notebook_meta(app, "book/game/index", "page.html", context, doctree=object())
    return context


def test_sphinx_marks_notebook_pages_only(tmp_path):
    context = page_context(tmp_path, "book/game/index.ipynb")
    assert '<meta name="necro-notebook" content="book/game/index.ipynb" />' in context["metatags"]
    assert context["metatags"].startswith('<meta charset="utf-8" />')
    assert "necro-notebook" not in page_context(tmp_path, "book/intro.md")["metatags"]


def test_sphinx_adds_the_page_script_to_every_page(tmp_path):
    added, connected = [], []
    app = SimpleNamespace(
        connect=lambda event, fn: connected.append(event),
        add_js_file=lambda name, **kw: added.append((name, kw)),
    )
    meta = live.setup(app)
    assert meta["parallel_read_safe"] and meta["parallel_write_safe"]
    assert added == [(live.PAGE_SCRIPT, {"loading_method": "defer"})]
    assert set(connected) == {"config-inited", "html-page-context"}
    config = SimpleNamespace(html_static_path=["_static"])
    live._add_static_path(app, config)
    assert config.html_static_path == ["_static", str(live.STATIC_DIR)]
    assert (live.STATIC_DIR / live.PAGE_SCRIPT).is_file()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_page_script_is_valid_javascript():
    result = subprocess.run(
        ["node", "--check", str(live.STATIC_DIR / live.PAGE_SCRIPT)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------- a quiet terminal

NOISE = """\
[W 2026-11-27 13:55:32.332 ServerApp] Notebook book/shovelfight/play.ipynb is not trusted
[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication is plain text.
[E 2026-11-27 13:56:01.000 ServerApp] Uncaught exception in write_message
    Traceback (most recent call last):
      File "/x/voila/handler.py", line 10, in _send
        self.write_message(text)
    tornado.websocket.WebSocketClosedError
[IPKernelApp] ERROR | Exception in message handler:
Traceback (most recent call last):
  File "/x/zmq/sugar/socket.py", line 713, in send
zmq.error.ZMQError: Socket operation on non-socket
[C 2026-11-27 13:57:08.089 ServerApp] received signal 15, stopping
"""
KEPT = """\
[W 2026-11-27 13:58:00.000 ServerApp] 404 GET /book/missing.html (127.0.0.1) 1.00ms
[E 2026-11-27 13:58:01.000 ServerApp] Exception in a chapter
    Traceback (most recent call last):
    ValueError: a real problem
"""


def test_log_filter_drops_routine_notices_with_their_tracebacks_and_keeps_the_rest():
    out = io.StringIO()
    log_filter = live.LogFilter(out)
    for line in (NOISE + KEPT).splitlines(keepends=True):
        log_filter.feed(line)
    log_filter.flush()
    assert out.getvalue() == KEPT


def test_log_filter_passes_everything_when_nothing_is_quiet():
    out = io.StringIO()
    log_filter = live.LogFilter(out, quiet=())
    for line in NOISE.splitlines(keepends=True):
        log_filter.feed(line)
    log_filter.flush()
    assert out.getvalue() == NOISE


@pytest.mark.skipif(os.name != "posix", reason="the server's output is filtered on POSIX only")
def test_pump_prints_a_lone_line_before_the_stream_ends():
    """A block is printed once the stream falls quiet, not only when the next block comes."""
    read_fd, write_fd = os.pipe()
    out = io.StringIO()
    thread = threading.Thread(target=live.pump, args=(read_fd, live.LogFilter(out)), daemon=True)
    thread.start()
    os.write(write_fd, b"[W 1 ServerApp] Notebook a.ipynb is not trusted\n[E 2 ServerApp] boom\n")
    deadline = time.monotonic() + 5
    while "boom" not in out.getvalue():
        assert time.monotonic() < deadline, "the last block was held back"
        time.sleep(0.05)
    os.close(write_fd)
    thread.join(timeout=5)
    assert out.getvalue() == "[E 2 ServerApp] boom\n"


def fake_server_args(verbose: bool):
    return live.parse_args(["--port", "1"] + (["--verbose"] if verbose else []))


@pytest.mark.skipif(os.name != "posix", reason="the server's output is filtered on POSIX only")
@pytest.mark.parametrize("verbose", [False, True])
def test_server_output_is_quiet_unless_verbose(verbose, tmp_path, monkeypatch, capfd):
    """The server (here a stand-in printing what Jupyter prints) writes through LogFilter;
    with --verbose, straight to the terminal."""
    script = f"import sys; sys.stderr.write({NOISE + KEPT!r}); sys.stderr.flush()"
    monkeypatch.setattr(live, "server_command", lambda **kw: [sys.executable, "-c", script])
    monkeypatch.setattr(live, "wait_until_ready", lambda *a, **kw: None)
    process, _ = live.start_server(fake_server_args(verbose), tmp_path, tmp_path, "t", None)
    process.wait(timeout=30)
    if not verbose:
        process.log_pump.join(timeout=5)
    err = capfd.readouterr().err
    assert "a real problem" in err
    assert ("is not trusted" in err) == verbose
    assert ("WebSocketClosedError" in err) == verbose


@pytest.fixture
def own_signal_handlers():
    """live.main installs handlers for the process: put the test runner's back afterwards."""
    names = [name for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)]
    saved = {name: signal.getsignal(getattr(signal, name)) for name in names}
    yield
    for name, handler in saved.items():
        signal.signal(getattr(signal, name), handler)


class StandInServer:
    """What main needs of the server's Popen; its first wait() is interrupted by a signal."""

    def __init__(self, signum: int):
        self.signum = signum
        self.returncode = None

    def wait(self, timeout=None):
        if self.returncode is None and self.signum:
            signum, self.signum = self.signum, 0
            os.kill(os.getpid(), signum)  # the handler raises here, in the main thread
            time.sleep(5)
        self.returncode = 0
        return 0

    def poll(self):
        return self.returncode

    def send_signal(self, signum):
        self.returncode = 0

    def kill(self):
        self.returncode = -9


@pytest.mark.parametrize("signum, offers_a_second_ctrl_c", [(signal.SIGINT, True), (signal.SIGTERM, False)])
def test_stopping_offers_a_second_ctrl_c_only_after_ctrl_c(signum, offers_a_second_ctrl_c, tmp_path,
                                                          monkeypatch, capsys, own_signal_handlers):
    make_book(tmp_path)
    monkeypatch.setattr(live, "ensure_built", lambda root, **kw: root / "_build" / "html")
    monkeypatch.setattr(live, "start_server",
                        lambda *a, **kw: (StandInServer(signum), "http://127.0.0.1:1/"))
    assert live.main(["--root", str(tmp_path), "--no-open"]) == 0
    out = capsys.readouterr().out
    assert "stopping the server" in out and "stopped" in out
    assert ("Ctrl-C again" in out) == offers_a_second_ctrl_c
