"""Refresh the widget JavaScript stored in executed notebooks, without re-running them.

A chapter's static page renders the widget state saved in its notebook
(``metadata.widgets``), and that state holds each GameWidget's ``_esm``: the
toolkit and board module *as they were when the notebook ran*. After a change
to ``widgets/core/`` or a board module, this rewrites the stored ``_esm``
of every GameWidget from the current files (chosen by the stored game id and
board name; the first widget of a game gets the full module, the others a
stub), leaving outputs, views and graphs alone. Re-executing the
notebook also works; this is the quick way for front-end-only changes.

Command line::

    python -m necro.widget.refresh book/*/*.ipynb      # prints what changed
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from .assets import assemble, stub_esm

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_ID = "necro.widget.widget.GameWidget"


def refresh_notebook(path, write: bool = True) -> int:
    """Rewrite the stored ``_esm`` of the GameWidgets in one notebook; returns how many changed.

    With ``write=False`` nothing is written: the count says how many are stale.

    The first widget of each game (and board) carries the full module, the
    others a stub, as in a live session (see :class:`necro.widget.assets.Code`).
    """
    path = pathlib.Path(path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    models = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    changed = 0
    carried: set[str] = set()
    for model in models.values():
        state = model.get("state", {})
        if state.get("_anywidget_id") != WIDGET_ID:
            continue
        game_id = (state.get("view") or {}).get("game")
        board = state.get("_board") or None
        if not game_id or board == "inline":
            continue  # an inline board cannot be found again: re-execute that notebook
        code = assemble(game_id, board)
        esm = stub_esm(code.key) if code.key in carried else code.full
        carried.add(code.key)
        if state.get("_esm") != esm:
            state["_esm"] = esm
            changed += 1
    if changed and write:
        # nbformat writes notebooks with an indent of 1 and a final newline
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m necro.widget.refresh", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+")
    args = parser.parse_args(argv)
    for notebook in args.notebooks:
        print(f"{notebook}: {refresh_notebook(notebook)} widget(s) refreshed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
