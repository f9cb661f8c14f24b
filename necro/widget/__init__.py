"""Live and static widgets for necro games (an anywidget binding; views only, no rules).

In a chapter notebook::

    from necro.widget import GameWidget
    from necro.graveyard_shift import scenarios
    from necro.graveyard_shift.bots import GreedyBot

    board = GameWidget(scenarios.attack_extra_turn(), explore_depth=2)
    board                                  # last line of the cell: displayed

    GameWidget(scenarios.opening(), bots={1: GreedyBot(seed=1)})   # play the computer

    # A game that hides cards opens on the table's view (no hand, no face-down card); a
    # worked example that must show the hand of whoever decides says so:
    GameWidget(day_of_the_dead.scenarios.unearth_oaf(), player=HOT_SEAT)

    # a table Python computes for each position, shown under the decisions
    GameWidget(state, insight=odds_insight)    # insight(state) -> dict | None

The same widget is live in JupyterLab or Voila (every click goes through the
engine in the kernel) and static in the built book: with ``explore_depth=N``
(or ``widget.explorable(depth=N)`` after setting a position up) the positions
within N steps are precomputed and stored with the page, so a reader without
a kernel can still click, undo and reset, and, served over http, the board
goes on live in the reader's browser (the same engine run by Pyodide, see
:mod:`necro.widget.browser`) from its first interaction. Keep a graph under ~300 KB: run
``python benchmarks/widget.py`` for each scenario's size per depth; a graph
over the budget is cut to a smaller depth with a warning.

From code (and in tests): ``widget.act("b1-a1")``, ``widget.roll()``,
``widget.undo()``, ``widget.redo()``, ``widget.reset()``,
``widget.load(json_text)``, ``widget.save()``, ``widget.bot_move()``,
``widget.set_bots([1])``, ``widget.state`` (assign a new state to redraw, or
call ``widget.refresh()`` after changing it in place), ``widget.error``.

A static page shows the JavaScript stored with the notebook's widget state
when it ran. After changing ``widgets/*.js``, refresh the stored code before
building the book: ``python -m necro.widget.refresh book/*/*.ipynb`` (or
re-execute the notebooks). A page carries each game's module once: the first
widget has it, the others a small stub that waits for it.

The page side is ``widgets/core/`` (the toolkit) plus one board module per
game, ``widgets/<package>.js`` (or its parts, ``widgets/<package>/``) exporting ``drawBoard(container, view, ui)``
(see the header of core/base.js); :mod:`necro.widget.view` builds the JSON views
and graphs and imports nothing from Jupyter. ``GameWidget`` (which needs
anywidget) is imported on first use.
"""

from __future__ import annotations

from .play import HOT_SEAT
from .view import build_graph, build_view, expand_view

__all__ = ["HOT_SEAT", "GameWidget", "build_graph", "build_view", "expand_view"]


def __getattr__(name):
    if name == "GameWidget":
        from .widget import GameWidget

        return GameWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
