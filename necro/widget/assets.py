"""Assemble the widget's single ES module: the toolkit plus one game's board.

The static book and offline pages cannot resolve relative imports (anywidget
loads ``_esm`` from a blob URL), so Python builds one module string: the
toolkit (``core.js``) followed by one line that defines ``BOARD_SOURCE``, the
text of the game's board module. The toolkit imports that text from a blob URL
of its own, so a board module keeps its own scope (its helper names can never
clash with the toolkit's) and is written as an ordinary ES module exporting
``drawBoard(container, view, ui)``.

A module may be written as several files, one concern each: :data:`MODULES`
names its parts, in a folder of the same name (``widgets/core/*.js`` for
``core.js``), and :func:`read_frontend` concatenates them in that order, each
after a comment naming it. The parts share one scope, as if they were one
file; no bundler is involved.

A page with several boards of one game carries that module once: see
:class:`Code` and :func:`stub_esm`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import pathlib
from dataclasses import dataclass

from ..book.frontend import frontend_path

GENERIC = "generic.js"

# Modules written as several files: the parts, in the order they are concatenated. The first
# part opens with the module's overview; a part may use the names of any other (they run as one
# module), but code that runs while the module loads may only use what earlier parts defined.
MODULES: dict[str, tuple[str, ...]] = {
    "core.js": ("base.js", "style.js", "widget.js", "engine.js", "static.js", "panels.js", "editor.js", "share.js", "presenter.js",
                "lesson.js"),
    "cave_evil.js": ("map.js", "combat.js", "cards.js", "squads.js", "full.js"),
}


def board_file(game_id: str) -> str:
    """The board module's file name for a game id (``graveyard-shift`` -> ``graveyard_shift.js``)."""
    return game_id.replace("-", "_") + ".js"


@functools.lru_cache(maxsize=None)
def _read(path: str, mtime: float) -> str:
    return pathlib.Path(path).read_text(encoding="utf-8")


def _read_file(name: str) -> str:
    path = frontend_path(name)
    return _read(str(path), path.stat().st_mtime)


def module_parts(name: str) -> tuple[str, ...]:
    """The files a front-end module is made of: ``("core/base.js", ...)``, or ``(name,)`` for one file."""
    parts = MODULES.get(name)
    if parts is None:
        return (name,)
    folder = name.removesuffix(".js")
    return tuple(f"{folder}/{part}" for part in parts)


def read_frontend(name: str) -> str:
    """The text of a front-end module: its file, or its parts concatenated in order
    (see :data:`MODULES`; re-read when a file changes, for development)."""
    parts = module_parts(name)
    if len(parts) == 1:
        return _read_file(parts[0])
    return "\n".join(f"// ==== widgets/{part}\n{_read_file(part)}" for part in parts)


def board_source(game_id: str, board: str | pathlib.Path | None = None) -> tuple[str, str]:
    """``(name, source)`` of the board module for ``game_id``.

    ``board`` overrides the choice: a file name in the front-end folder
    (``"generic.js"``), a path to a ``.js`` file, or the module's source text
    itself (anything containing ``drawBoard``). Without it the game's own
    module is used when it exists, else the generic text board.
    """
    if isinstance(board, pathlib.Path):
        return board.name, board.read_text(encoding="utf-8")
    if isinstance(board, str):
        if "drawBoard" in board:
            return "inline", board
        name = board if board.endswith(".js") else board + ".js"
        return name, read_frontend(name)
    name = board_file(game_id)
    try:
        return name, read_frontend(name)
    except FileNotFoundError:
        return GENERIC, read_frontend(GENERIC)


@dataclass(frozen=True)
class Code:
    """A widget's front-end code: the board's name, the full module and its key.

    ``key`` is a hash of the module's text. The first widget of a page carries
    the full module, which registers itself under its key when it loads; the
    other widgets of the same game carry only :func:`stub_esm`, which waits for
    that registration (a chapter with seven boards ships the code once, not
    seven times). A stub whose full module never appears asks the kernel for
    it (``need-code``), so a closed or lost first widget cannot break a page
    that is live.
    """

    name: str
    key: str
    full: str


def assemble(game_id: str, board: str | pathlib.Path | None = None) -> Code:
    """The :class:`Code` of a game's widget (see :func:`board_source` for ``board``)."""
    name, source = board_source(game_id, board)
    core = read_frontend("core.js")
    source = source + f"\n//# sourceURL=necro-board-{name}\n"
    body = (f"{core}\n// Board module ({name}), imported by the toolkit from a blob URL.\n"
            f"const BOARD_NAME = {json.dumps(name)};\n"
            f"const BOARD_SOURCE = {json.dumps(source)};\n")
    key = hashlib.sha256(body.encode("utf-8")).hexdigest()[:20]
    full = body + f"const CODE_KEY = {json.dumps(key)};\nregisterNecroCode(CODE_KEY);\n"
    return Code(name, key, full)


def assemble_esm(game_id: str, board: str | pathlib.Path | None = None, *, with_name: bool = False):
    """The full ES module string of a game's widget
    (``(board name, module)`` with ``with_name``)."""
    code = assemble(game_id, board)
    return (code.name, code.full) if with_name else code.full


STUB = """\
// necro widget stub: the full module (toolkit + board) is carried by another
// widget of this page; it registers itself under KEY when it loads.
const KEY = %s;
const WAIT_MS = 3000;

function slot() {
  const all = (globalThis.__necroWidgetCode = globalThis.__necroWidgetCode || {});
  if (!all[KEY]) {
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    all[KEY] = { promise, resolve };
  }
  return all[KEY];
}

function render(ctx) {
  const { model, el } = ctx;
  let dead = false;
  let cleanup = null;
  const note = document.createElement("div");
  note.textContent = "drawing the board...";
  el.append(note);
  const onMessage = (msg) => {
    if (!msg || msg.type !== "code" || msg.key !== KEY) return;
    const url = URL.createObjectURL(new Blob([msg.esm], { type: "text/javascript" }));
    import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url));
  };
  model.on("msg:custom", onMessage);
  const timer = setTimeout(() => {
    try { model.send({ type: "need-code", key: KEY }); } catch (err) { /* no kernel */ }
    note.textContent = "The code of this board is missing from the page. If the notebook is live it is"
      + " on its way; otherwise re-run the notebook (or python -m necro.widget.refresh) and rebuild.";
  }, WAIT_MS);
  slot().promise.then((widget) => {
    if (dead) return;
    clearTimeout(timer);
    note.remove();
    cleanup = widget.render(ctx);
  });
  return () => {
    dead = true;
    clearTimeout(timer);
    model.off("msg:custom", onMessage);
    if (typeof cleanup === "function") cleanup();
  };
}

export default { render };
"""


def stub_esm(key: str) -> str:
    """The small module of a widget whose full code another widget of the page carries."""
    return STUB % json.dumps(key)
