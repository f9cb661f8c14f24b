"""The ``necro`` command.

    necro --version
    necro book [--port P] [--no-open] [--no-build] [--verbose]   build the static book, serve it
    necro lab [--port P] [--no-open]                  JupyterLab on the book, 127.0.0.1 only
    necro live [--port P] [--no-build] [--lab] ...    the book + Voila: "Play live" on chapters
    necro simulate GAME [--games N] [--bot B ...] [--option N=V ...]   seeded games between bots
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.metadata
import os
import pathlib
import secrets
import sys
import webbrowser

from necro.book.interrupt import stop_on_signals

REPO = pathlib.Path(__file__).resolve().parent.parent


def _version() -> str:
    try:
        return importlib.metadata.version("necro")
    except importlib.metadata.PackageNotFoundError:  # a checkout used without installing
        from necro import __version__

        return __version__


def _book_root() -> pathlib.Path:
    """The folder with _config.yml: the checkout (the book is not in the wheel)."""
    for candidate in (pathlib.Path.cwd(), REPO):
        if (candidate / "_config.yml").is_file() and (candidate / "_toc.yml").is_file():
            return candidate
    raise SystemExit("necro: no _config.yml/_toc.yml here or in the checkout: run from the repo")


def _headless() -> bool:
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class _BookRequestHandler(http.server.SimpleHTTPRequestHandler):
    """The static book's files; a line per request only with ``necro book --verbose``
    (a session asks for some 700 files), a line per error always (a missing file)."""

    verbose = False

    def log_request(self, code="-", size="-"):
        if self.verbose:
            super().log_request(code, size)

    def log_error(self, format, *args):  # noqa: A002 - the base class's signature
        self.log_message("%s %s: " + format, self.command, self.path, *args)


def cmd_book(args: argparse.Namespace) -> int:
    from necro.book.build import build_book

    root = _book_root()
    if not args.no_build:
        if not args.verbose:
            print("necro book: building the book (a minute or two the first time) ...", flush=True)
        code = build_book(root, quiet=not args.verbose)
        if code != 0:
            print(f"necro: the book build failed (exit {code})", file=sys.stderr)
            return code
    html = root / "_build" / "html"
    index = html / "index.html"
    stop_on_signals()
    class Handler(_BookRequestHandler):
        verbose = args.verbose

    handler = functools.partial(Handler, directory=str(html))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    url = f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    print(f"The book is in {index}; opened from there (file://) its boards play only the moves\n"
          "stored with the pages. Served over http they play whole games in your browser:\n\n"
          f"    {url}\n\n(Ctrl-C stops the server)", flush=True)
    if not args.no_open and not _headless():
        webbrowser.open(url)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        print("necro book: stopped.", flush=True)
    finally:
        httpd.server_close()
    return 0


def lab_argv(root: pathlib.Path, port: int, token: str, open_browser: bool) -> list[str]:
    """Arguments of ``jupyter lab``: 127.0.0.1 only, a token, root allowed when root."""
    argv = [
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--ServerApp.allow_root=True")
    if not open_browser:
        argv.append("--no-browser")
    return argv


def cmd_lab(args: argparse.Namespace) -> int:
    root = _book_root()
    token = args.token or secrets.token_hex(24)
    open_browser = not args.no_open and not _headless()
    start = "lab/tree/book" if (root / "book").is_dir() else "lab"
    print(
        f"JupyterLab on the book: http://127.0.0.1:{args.port}/{start}?token={token}\n"
        "(if that port is taken, JupyterLab picks the next one and prints its own URL)",
        flush=True,
    )
    argv = [sys.executable, "-m", "jupyterlab", *lab_argv(root, args.port, token, open_browser)]
    os.execv(sys.executable, argv)
    return 0  # not reached


def cmd_simulate(args: argparse.Namespace, rest: list[str]) -> int:
    # Imported here so the rest of the CLI works while the engines are elsewhere broken.
    from necro.core.simulate import main as simulate_main

    return simulate_main(rest) or 0


def cmd_live(rest: list[str]) -> int:
    # necro.book.live has its own argument parser (see: necro live --help).
    from necro.book.live import main as live_main

    return live_main(rest) or 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="necro", description="The necro book and its engines.")
    parser.add_argument("--version", action="version", version=f"necro {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p_book = sub.add_parser("book", help="build the static book and serve it on 127.0.0.1")
    p_book.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    p_book.add_argument("--no-open", action="store_true", help="do not open a web browser")
    p_book.add_argument("--no-build", action="store_true", help="serve the last build")
    p_book.add_argument("-v", "--verbose", action="store_true",
                        help="show the book build's output and a line for every request served")

    p_lab = sub.add_parser("lab", help="open the book live in JupyterLab on 127.0.0.1")
    p_lab.add_argument("--port", type=int, default=8888)
    p_lab.add_argument("--no-open", action="store_true", help="do not open a web browser")
    p_lab.add_argument("--token", default=None, help="default: a new random token")

    sub.add_parser(
        "live",
        help="serve the book with a live kernel behind every chapter (Voila; see: necro live --help)",
        add_help=False,
    )
    sub.add_parser(
        "simulate",
        help="play many seeded games between bots (see: necro simulate --help)",
        add_help=False,
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if argv and argv[0] == "simulate":
        try:
            return cmd_simulate(argparse.Namespace(), argv[1:])
        except BrokenPipeError:  # `necro simulate ... | head`: the reader has all it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if argv and argv[0] == "live":
        return cmd_live(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "book":
        return cmd_book(args)
    if args.command == "lab":
        return cmd_lab(args)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
