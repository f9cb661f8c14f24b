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
     ``@jupyter-widgets/html-manager``, with one change (``EMBED_PATCHES``):
     the validator of the widget state is told that the schema's union types
     are meant, so that no page logs two warnings about them;
   * ``anywidget.js``: the AMD build that the Python ``anywidget`` package
     ships for the classic notebook (``anywidget/nbextension/index.js``), so
     its version always matches the Python side that wrote the widget state;
   * ``mathjax/``: MathJax 3 (``tex-chtml.js`` with the extensions and fonts
     it loads on demand) from the npm package ``mathjax``, for pages with
     math (``mathjax_path`` in ``_config.yml``);
   * ``engine/``: the rules engines for the reader's browser (see
     :mod:`necro.widget.browser`), loaded only when a board needs them:
     ``pyodide/`` (CPython in WebAssembly, from the npm package ``pyodide``,
     version pinned in ``package.json``), ``packages/`` (``necro`` without this
     publishing package, and the pure-Python libraries the engines import, ``ENGINE_PACKAGES``, as zip
     archives built reproducibly from the installed files: sorted, fixed
     dates, compiled by Pyodide's own CPython to sourceless hash-based
     ``.pyc`` files when Node is there (``engine_compile.mjs``), named by their content hash; Pyodide's
     standard library ``python_stdlib.zip`` is compiled the same way and
     shipped there too, since the npm package's holds sources that every start
     would compile again), ``manifest.json`` (what to load) and ``worker.js`` (the Web Worker,
     ``widgets/engine-worker.js``).

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

    python -m necro.book.build assets [--dest DIR]
    python -m necro.book.build execute book/some/chapter.ipynb [...]
    python -m necro.book.build build [--path DIR] [jupyter-book build options, e.g. --all]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

REPO = pathlib.Path(__file__).resolve().parents[2]
ASSETS_SUBDIR = "necro-js"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"

# Runs after require.js and before embed-amd.js (see _config.yml).
CONFIG_JS = """\
// Written by necro.book.build. Makes the Jupyter widget manager load every
// widget module from this folder, never from a CDN.
(function () {
  var script = document.currentScript;
  var here = script.src.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  window.requirejs.config({
    // A widget manager module's id decides where webpack looks for its icon
    // fonts: the folder they were copied to, not one beside the page.
    // embed-amd.js defines two copies of the manager, ".../dist/libembed-amd"
    // and "@jupyter-widgets/html-manager" (a module name, no file: the path
    // only places its fonts).
    paths: {
      anywidget: here + "anywidget",
      "@jupyter-widgets/html-manager/dist": here + "html-manager",
      "@jupyter-widgets/html-manager": here + "html-manager/html-manager",
    },
  });
  // The html-manager falls back to a CDN for modules RequireJS cannot find;
  // point that fallback at a local folder that does not exist, so a missing
  // module fails loudly instead of going to the network.
  script.setAttribute("data-jupyter-widgets-cdn", here + "no-cdn/");
})();
"""


EMBED_PATCHES = (
    # The widget manager validates the widget state with Ajv, created with no options; Ajv's
    # strict mode then logs "strict mode: use allowUnionTypes ..." (twice: embed-amd.js holds
    # two copies of the manager) for the schema's `"type": ["string", "number"]`, which is
    # meant. Allowing union types changes no validation, only silences that.
    (re.compile(r"([\w$]+)=new\(([\w$]+)\(\)\)(?=[;,](?:[\w$]+=)?\1\.compile\()"),
     r"\1=new(\2())({allowUnionTypes:!0})", 2),
)
"""``(pattern, replacement, count)``: what ``prepare_assets`` changes in the widget manager's
``embed-amd.js``; a count that does not match (a new version of the npm package) stops the
copy, so that a patch never silently stops applying."""


def patched_embed(text: str) -> str:
    """``embed-amd.js`` with ``EMBED_PATCHES`` applied (each exactly as often as expected)."""
    for pattern, replacement, count in EMBED_PATCHES:
        text, done = pattern.subn(replacement, text)
        if done != count:
            raise RuntimeError(f"necro.book.build: {pattern.pattern!r} matched {done} times in "
                               f"embed-amd.js, expected {count}: update EMBED_PATCHES")
    return text


ENGINE_SUBDIR = "engine"
ENGINE_PACKAGES = ("networkx",)
"""Pure-Python distributions the engines import, shipped to the browser beside ``necro``
(the version installed here, the one the book's notebooks ran with)."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB = "python_stdlib"
"""Pyodide's standard library zip, shipped compiled to bytecode beside the packages
(``packages/python_stdlib-<version>-<hash>.zip``, ``stdlib`` in the manifest)."""
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _node_modules(repo: pathlib.Path) -> pathlib.Path:
    node_modules = repo / "node_modules"
    for package in ("@jupyter-widgets/html-manager", "requirejs", "mathjax", "pyodide"):
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


def _write_if_changed(dst: pathlib.Path, text: str) -> None:
    if dst.is_file() and dst.read_text(encoding="utf-8") == text:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")


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
    embed = patched_embed((manager_dist / "embed-amd.js").read_text(encoding="utf-8"))
    _write_if_changed(out / "html-manager" / "embed-amd.js", embed)
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
    _write_if_changed(out / "necro-widgets-config.js", CONFIG_JS)
    prepare_engine(out / ENGINE_SUBDIR, repo, node_modules)
    icon = dest / "favicon.ico"  # browsers ask for /favicon.ico: answer it, no 404 in the console
    if not icon.is_file() or icon.read_bytes() != favicon_ico():
        icon.write_bytes(favicon_ico())
    return out


def favicon_ico() -> bytes:
    """A 16x16 icon (a pale tombstone on a dark square), drawn here so the book ships no binary."""
    import struct

    size = 16
    rows = []
    for y in range(size):  # BMP rows go bottom to top
        top = size - 1 - y
        row = b""
        for x in range(size):
            stone = 4 <= x <= 11 and 3 <= top <= 13 and not (top < 6 and (x - 7.5) ** 2 + (top - 6) ** 2 > 13)
            row += bytes((220, 220, 210, 255)) if stone else bytes((40, 30, 30, 255))
        rows.append(row)
    pixels = b"".join(rows)
    mask = bytes(4 * size)  # 1 bit a pixel, rows padded to 4 bytes: all opaque
    header = struct.pack("<IiiHHIIiiII", 40, size, size * 2, 1, 32, 0, len(pixels) + len(mask), 0, 0, 0, 0)
    image = header + pixels + mask
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 22) + image


def _deterministic_zip(files: list[tuple[str, pathlib.Path]]) -> bytes:
    """A zip of ``(name in archive, file)`` whose bytes depend only on the names and contents."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in sorted(files):
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def _shipped(path: pathlib.Path) -> bool:
    parts = path.parts
    return "__pycache__" not in parts and "tests" not in parts and path.suffix not in {".pyc", ".pyo"}


def engine_archives(repo: pathlib.Path | None = None) -> list[tuple[str, str, bytes]]:
    """``(name, version, zip bytes)`` of every Python package the in-browser engine loads:
    ``necro`` from the source tree, then ``ENGINE_PACKAGES`` from their installed files.
    Each archive unpacks into site-packages. ``necro`` goes without this publishing
    package (``necro/book/``), which no engine or widget in the browser imports."""
    repo = pathlib.Path(repo) if repo else REPO
    package = repo / "necro"
    files = [(path.relative_to(repo).as_posix(), path) for path in sorted(package.rglob("*"))
             if path.is_file() and _shipped(path.relative_to(repo))
             and not path.is_relative_to(package / "book")]
    archives = [("necro", _project_version(repo), _deterministic_zip(files))]
    for name in ENGINE_PACKAGES:
        dist = importlib.metadata.distribution(name)
        base = pathlib.Path(dist.locate_file(""))
        files = []
        for entry in dist.files or ():
            relative = pathlib.PurePosixPath(str(entry))
            if relative.parts[0].endswith(".dist-info"):
                if relative.name not in {"METADATA", "top_level.txt", "entry_points.txt", "WHEEL"}:
                    continue
            elif not _shipped(pathlib.Path(relative)) or relative.parts[0] in {"..", "bin"}:
                continue
            path = base / relative
            if path.is_file():
                files.append((relative.as_posix(), path))
        archives.append((name, dist.version, _deterministic_zip(files)))
    return archives


def _project_version(repo: pathlib.Path) -> str:
    for line in (repo / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    return "0"


def prepare_engine(out: pathlib.Path, repo: pathlib.Path | None = None,
                   node_modules: pathlib.Path | None = None) -> pathlib.Path:
    """Write the in-browser engine into ``out`` (``necro-js/engine``); see the module doc."""
    repo = pathlib.Path(repo) if repo else REPO
    node_modules = node_modules or _node_modules(repo)
    pyodide = node_modules / "pyodide"
    for name in PYODIDE_FILES:
        _copy_if_changed(pyodide / name, out / "pyodide" / name)
    (out / "pyodide" / f"{STDLIB}.zip").unlink(missing_ok=True)  # shipped compiled, below
    pyodide_version = json.loads((pyodide / "package.json").read_text())["version"]
    packages_dir = out / "packages"
    packages_dir.mkdir(parents=True, exist_ok=True)
    packages = []
    archives = engine_archives(repo) + [(STDLIB, pyodide_version, (pyodide / f"{STDLIB}.zip").read_bytes())]
    compiled = _compiled_archives(archives, pyodide, pyodide_version, node_modules)
    for (name, version, _source), data in zip(archives, compiled):
        digest = hashlib.sha256(data).hexdigest()
        file = f"{name}-{version}-{digest[:12]}.zip"
        target = packages_dir / file
        if not target.is_file() or target.read_bytes() != data:
            target.write_bytes(data)
        packages.append({"name": name, "version": version, "file": f"packages/{file}",
                         "sha256": digest, "bytes": len(data)})
    keep = {pathlib.PurePosixPath(p["file"]).name for p in packages}
    for stale in packages_dir.iterdir():
        if stale.name not in keep:
            stale.unlink()
    from .frontend import frontend_path

    _copy_if_changed(frontend_path("engine-worker.js"), out / "worker.js")
    stdlib = packages.pop()
    manifest = {"pyodide": pyodide_version, "pyodide_dir": "pyodide/", "stdlib": stdlib, "packages": packages}
    text = json.dumps(manifest, indent=1) + "\n"
    path = out / "manifest.json"
    if not path.is_file() or path.read_text() != text:
        path.write_text(text)
    return out


def _compiled_archives(archives, pyodide: pathlib.Path, pyodide_version: str,
                       node_modules: pathlib.Path) -> list[bytes]:
    """The archives compiled to bytecode for Pyodide (``necro/book/engine_compile.mjs``),
    cached in ``node_modules/.cache/necro-engine`` by source hash and Pyodide version;
    the sources themselves when Node cannot run (imports are then slower, nothing else).
    The last archive may be Pyodide's standard library (``STDLIB``), compiled for its own place."""
    import tempfile

    cache = node_modules / ".cache" / "necro-engine"
    keys = [hashlib.sha256(data + pyodide_version.encode()).hexdigest()[:24] for _n, _v, data in archives]
    missing = [i for i, key in enumerate(keys) if not (cache / f"{key}.zip").is_file()]
    node = shutil.which("node")
    if missing and node:
        with tempfile.TemporaryDirectory() as tmp:
            inputs = []
            for i in missing:
                path = pathlib.Path(tmp) / f"{keys[i]}.zip"
                path.write_bytes(archives[i][2])
                inputs.append(("stdlib:" if archives[i][0] == STDLIB else "") + str(path))
            result = subprocess.run([node, str(pathlib.Path(__file__).parent / "engine_compile.mjs"),
                                     str(pyodide), str(cache), *inputs], capture_output=True, text=True)
            if result.returncode != 0:
                print(f"necro.book.build: could not compile the engine's packages, shipping sources:\n"
                      f"{result.stderr[-2000:]}", file=sys.stderr)
    return [(cache / f"{key}.zip").read_bytes() if (cache / f"{key}.zip").is_file() else data
            for key, (_n, _v, data) in zip(keys, archives)]


def engine_size(out: pathlib.Path) -> int:
    """Bytes of the in-browser engine folder (what it adds to a built book)."""
    return sum(p.stat().st_size for p in pathlib.Path(out).rglob("*") if p.is_file())


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


def build_book(path: str | os.PathLike[str] | None = None, *extra: str, quiet: bool = False) -> int:
    """Prepare the assets and build the static book at ``path`` (default: repo).

    ``quiet`` (``necro book`` and ``necro live`` unless ``--verbose``): Jupyter Book's output
    is shown only if the build fails. Its closing banner points at ``file://.../index.html``,
    which gives the boards without their engine, just before those commands print the URL
    that has it.
    """
    path = pathlib.Path(path) if path else REPO
    prepare_assets(dest=path / "book" / "_assets")
    if not quiet:
        return subprocess.call(jupyter_book_command(path, *extra))
    result = subprocess.run(jupyter_book_command(path, *extra), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace")
    if result.returncode != 0:
        sys.stderr.write(result.stdout)
        sys.stderr.flush()
    return result.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m necro.book.build", description=__doc__,
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
