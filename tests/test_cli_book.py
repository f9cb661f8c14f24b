"""``necro book``: quiet by default, every request with --verbose, and Ctrl-C stops it
even when it was started as a background job of a script (SIGINT ignored)."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from necro.book import build as bookbuild

REPO = pathlib.Path(__file__).resolve().parents[1]


def tiny_built_book(root: pathlib.Path) -> pathlib.Path:
    """A folder `necro book --no-build` can serve: the book's two files and a built page."""
    (root / "_config.yml").write_text("title: t\n")
    (root / "_toc.yml").write_text("format: jb-book\nroot: index\n")
    html = root / "_build" / "html"
    html.mkdir(parents=True)
    (html / "index.html").write_text("<!doctype html><title>t</title>")
    return root


class BookProcess:
    def __init__(self, root: pathlib.Path, *extra: str, ignore_sigint: bool = False):
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.out = root / "book.out"
        with open(self.out, "w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "necro.cli", "book", "--no-build", "--no-open", "--port", "0",
                 *extra],
                cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                # what a non-interactive shell does to `necro book &`
                preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignore_sigint else None,
            )
        self.url = self.wait_for_url()

    def output(self) -> str:
        return self.out.read_text()

    def wait_for_url(self) -> str:
        deadline = time.monotonic() + 60
        while True:
            for line in self.output().splitlines():
                if line.strip().startswith("http://127.0.0.1:"):
                    return line.strip()
            assert self.process.poll() is None, self.output()
            assert time.monotonic() < deadline, self.output()
            time.sleep(0.05)

    def fetch(self, times: int = 3) -> None:
        for _ in range(times):
            with urllib.request.urlopen(self.url, timeout=10) as reply:
                assert reply.status == 200

    def stop(self, signum: int) -> int:
        self.process.send_signal(signum)
        try:
            return self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"necro book ignored signal {signum}:\n{self.output()}")


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_necro_book_started_with_sigint_ignored(tmp_path):
    book = BookProcess(tiny_built_book(tmp_path), ignore_sigint=True)
    book.fetch(1)
    assert book.stop(signal.SIGINT) == 0
    assert "stopped" in book.output()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_sigterm_stops_necro_book(tmp_path):
    book = BookProcess(tiny_built_book(tmp_path))
    assert book.stop(signal.SIGTERM) == 0


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("verbose", [False, True])
def test_necro_book_logs_requests_only_when_verbose(verbose, tmp_path):
    book = BookProcess(tiny_built_book(tmp_path), *(["--verbose"] if verbose else []))
    book.fetch(3)
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(book.url.replace("index.html", "missing.html"), timeout=10)
    book.stop(signal.SIGTERM)
    output = book.output()
    assert output.count('"GET /index.html') == (3 if verbose else 0), output
    assert "missing.html" in output  # an error is worth a line either way


def fake_jupyter_book(monkeypatch, code: int) -> None:
    """bookbuild.build_book with a stand-in for Jupyter Book: prints its banner, exits ``code``."""
    banner = "Finished generating HTML for book.\nOr paste this line directly into your browser bar:\n" \
             "file:///somewhere/_build/html/index.html\n"
    monkeypatch.setattr(bookbuild, "prepare_assets", lambda **kw: None)
    monkeypatch.setattr(bookbuild, "jupyter_book_command", lambda path, *extra: [
        sys.executable, "-c", f"import sys; sys.stdout.write({banner!r}); sys.exit({code})"])


def test_a_quiet_build_hides_jupyter_books_banner(tmp_path, monkeypatch, capfd):
    """The banner's file:// link gives the boards without their engine: a quiet build
    (necro book, necro live) does not show it just before the URL that has the engine."""
    fake_jupyter_book(monkeypatch, 0)
    assert bookbuild.build_book(tmp_path, quiet=True) == 0
    assert "file:///" not in capfd.readouterr().out
    assert bookbuild.build_book(tmp_path) == 0  # `python -m necro.book.build build`, --verbose
    assert "file:///" in capfd.readouterr().out


def test_a_quiet_build_that_fails_shows_the_builds_output(tmp_path, monkeypatch, capfd):
    fake_jupyter_book(monkeypatch, 1)
    assert bookbuild.build_book(tmp_path, quiet=True) == 1
    assert "Finished generating" in capfd.readouterr().err
