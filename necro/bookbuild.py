"""Build steps of the static book that Jupyter Book does not do by itself.

1. ``prepare_assets``: copy the JavaScript that renders widgets in the static
   HTML into ``book/_assets/necro-js/``, so that no page loads anything from a
   CDN. ``_config.yml`` lists ``book/_assets`` in ``html_extra_path`` (copied
   as is to ``_build/html/necro-js/``) and points myst-nb's
   ``nb_ipywidgets_js`` at these files:

   * ``require.js``            from the npm package ``requirejs``;
   * ``necro-widgets-config.js`` written here: tells RequireJS that the AMD
     module ``anywidget`` is ``anywidget.js`` beside it, and sends the widget
     manager's CDN fallback to a local folder that does not exist;
   * ``html-manager/embed-amd.js`` (+ its fonts) from the npm package
     ``@jupyter-widgets/html-manager``;
   * ``anywidget.js``: the AMD build that the Python ``anywidget`` package
     ships for the classic notebook (``anywidget/nbextension/index.js``), so
     its version always matches the Python side that wrote the widget state;
   * ``mathjax/``: MathJax 3 (``tex-chtml.js`` with the extensions and fonts
     it loads on demand) from the npm package ``mathjax``, for pages with
     math (``mathjax_path`` in ``_config.yml``).

   The folder is deliberately not called ``_static``: Jupyter Book adds every
   ``.js`` file below a ``_static`` folder to every page, and loading these
   files twice or in the wrong order breaks RequireJS.

2. ``execute_notebook``: (re)execute a chapter notebook and store its outputs
   *and* the widget state (``metadata.widgets``), which is what the static
   HTML renders. The book itself is never executed at build time
   (``execute_notebooks: off``); nbval re-runs the notebooks in the tests.

3. ``build_book``: ``prepare_assets`` then ``jupyter-book build`` with
   warnings as errors, into ``_build/html``.

Command line::

    python -m necro.bookbuild assets [--dest DIR]
    python -m necro.bookbuild execute book/some/chapter.ipynb [...]
    python -m necro.bookbuild build [--path DIR] [jupyter-book build options, e.g. --all]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
ASSETS_SUBDIR = "necro-js"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"

# Runs after require.js and before embed-amd.js (see _config.yml).
CONFIG_JS = """\
// Written by necro.bookbuild. Makes the Jupyter widget manager load every
// widget module from this folder, never from a CDN.
(function () {
  var script = document.currentScript;
  var here = script.src.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  window.requirejs.config({
    paths: { anywidget: here + "anywidget" },
  });
  // The html-manager falls back to a CDN for modules RequireJS cannot find;
  // point that fallback at a local folder that does not exist, so a missing
  // module fails loudly instead of going to the network.
  script.setAttribute("data-jupyter-widgets-cdn", here + "no-cdn/");
})();
"""


def _node_modules(repo: pathlib.Path) -> pathlib.Path:
    node_modules = repo / "node_modules"
    for package in ("@jupyter-widgets/html-manager", "requirejs", "mathjax"):
        if not (node_modules / package).is_dir():
            raise FileNotFoundError(f"{node_modules} has no {package}: run `npm ci` in {repo}")
    return node_modules


def anywidget_amd_path() -> pathlib.Path:
    """The AMD build of anywidget's front end shipped inside the Python package."""
    spec = importlib.util.find_spec("anywidget")
    if spec is None or spec.origin is None:
        raise FileNotFoundError("the Python package anywidget is not installed")
    path = pathlib.Path(spec.origin).parent / "nbextension" / "index.js"
    if not path.is_file():
        raise FileNotFoundError(f"anywidget ships no AMD module at {path}")
    return path


def _copy_if_changed(src: pathlib.Path, dst: pathlib.Path) -> None:
    if dst.is_file() and dst.stat().st_size == src.stat().st_size:
        if dst.read_bytes() == src.read_bytes():
            return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def prepare_assets(
    dest: str | os.PathLike[str] | None = None, repo: str | os.PathLike[str] | None = None
) -> pathlib.Path:
    """Copy the widget JavaScript into ``dest/necro-js`` and return that folder.

    ``dest`` defaults to ``<repo>/book/_assets`` (the ``html_extra_path`` of
    ``_config.yml``). Idempotent: unchanged files are left alone.
    """
    repo = pathlib.Path(repo) if repo else REPO
    dest = pathlib.Path(dest) if dest else repo / "book" / "_assets"
    out = dest / ASSETS_SUBDIR
    node_modules = _node_modules(repo)

    _copy_if_changed(node_modules / "requirejs" / "require.js", out / "require.js")
    manager_dist = node_modules / "@jupyter-widgets" / "html-manager" / "dist"
    _copy_if_changed(manager_dist / "embed-amd.js", out / "html-manager" / "embed-amd.js")
    for font in manager_dist.iterdir():
        # webpack resolves the icon fonts next to embed-amd.js
        if font.suffix in {".woff", ".woff2", ".ttf", ".eot", ".svg"}:
            _copy_if_changed(font, out / "html-manager" / font.name)
    _copy_if_changed(anywidget_amd_path(), out / "anywidget.js")
    mathjax = node_modules / "mathjax" / "es5"
    _copy_if_changed(mathjax / "tex-chtml.js", out / "mathjax" / "tex-chtml.js")
    for sub in ("input", "output", "ui", "a11y", "adaptors"):
        for src in sorted((mathjax / sub).rglob("*")):
            if src.is_file():
                _copy_if_changed(src, out / "mathjax" / src.relative_to(mathjax))
    config = out / "necro-widgets-config.js"
    if not config.is_file() or config.read_text() != CONFIG_JS:
        config.write_text(CONFIG_JS)
    return out


def execute_notebook(path: str | os.PathLike[str], timeout: int = 600) -> pathlib.Path:
    """Execute the notebook at ``path`` in place, storing outputs and widget state.

    The kernel runs in the notebook's folder with this interpreter's ipykernel
    (kernel ``python3``). The notebook's ``metadata.widgets`` then holds the
    ``application/vnd.jupyter.widget-state+json`` that the static book renders.
    """
    import nbformat
    from nbclient import NotebookClient

    path = pathlib.Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    nb.metadata.setdefault(
        "kernelspec", {"name": "python3", "display_name": "Python 3", "language": "python"}
    )
    nbformat.write(nb, path)
    # Store the widget code the way the static pages expect it (the full module
    # on one widget per game, stubs on the others), in a stable order.
    from necro.widget.refresh import refresh_notebook

    refresh_notebook(path)
    return path


def jupyter_book_command(path: str | os.PathLike[str], *extra: str) -> list[str]:
    """The ``jupyter-book build`` command line, warnings as errors, HTML builder."""
    return [
        sys.executable,
        "-c",
        "import sys; from jupyter_book.cli.main import main; sys.exit(main())",
        "build",
        str(path),
        "--builder",
        "html",
        "-W",
        "-n",
        "--keep-going",
        *extra,
    ]


def build_book(path: str | os.PathLike[str] | None = None, *extra: str) -> int:
    """Prepare the assets and build the static book at ``path`` (default: repo)."""
    path = pathlib.Path(path) if path else REPO
    prepare_assets(dest=path / "book" / "_assets")
    return subprocess.call(jupyter_book_command(path, *extra))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m necro.bookbuild", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p_assets = sub.add_parser("assets", help="copy the offline widget JavaScript")
    p_assets.add_argument("--dest", help="default: book/_assets")
    p_exec = sub.add_parser("execute", help="execute notebooks, storing widget state")
    p_exec.add_argument("notebooks", nargs="+")
    p_exec.add_argument("--timeout", type=int, default=600)
    p_build = sub.add_parser("build", help="assets + jupyter-book build -W")
    p_build.add_argument("--path", default=None, help="book root (default: the repository)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "build":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "assets":
        print(prepare_assets(dest=args.dest))
        return 0
    if args.command == "execute":
        for notebook in args.notebooks:
            print(f"executed {execute_notebook(notebook, timeout=args.timeout)}")
        return 0
    return build_book(args.path, *extra)


if __name__ == "__main__":
    sys.exit(main())
