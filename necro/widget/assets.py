"""Assemble the widget's single ES module: the toolkit plus one game's board.

The static book and offline pages cannot resolve relative imports (anywidget
loads ``_esm`` from a blob URL), so Python builds one module string:
``widgets/core.js`` (the toolkit) followed by one line that defines
``BOARD_SOURCE``, the text of the game's board module. The toolkit imports
that text from a blob URL of its own, so a board module keeps its own scope
(its helper names can never clash with the toolkit's) and is written as an
ordinary ES module exporting ``drawBoard(container, view, ui)``.
"""

from __future__ import annotations

import functools
import json
import pathlib

from ..frontend import frontend_path

GENERIC = "generic.js"


def board_file(game_id: str) -> str:
    """The board module's file name for a game id (``graveyard-shift`` -> ``graveyard_shift.js``)."""
    return game_id.replace("-", "_") + ".js"


@functools.lru_cache(maxsize=None)
def _read(path: str, mtime: float) -> str:
    return pathlib.Path(path).read_text(encoding="utf-8")


def read_frontend(name: str) -> str:
    """The text of a front-end file (re-read when the file changes, for development)."""
    path = frontend_path(name)
    return _read(str(path), path.stat().st_mtime)


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


def assemble_esm(game_id: str, board: str | pathlib.Path | None = None, *, with_name: bool = False):
    """The one ES module string given to anywidget as ``_esm``
    (``(board name, module)`` with ``with_name``)."""
    name, source = board_source(game_id, board)
    core = read_frontend("core.js")
    source = source + f"\n//# sourceURL=necro-board-{name}\n"
    esm = (f"{core}\n// Board module ({name}), imported by the toolkit from a blob URL.\n"
           f"const BOARD_NAME = {json.dumps(name)};\n"
           f"const BOARD_SOURCE = {json.dumps(source)};\n")
    return (name, esm) if with_name else esm
