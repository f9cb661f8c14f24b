"""Live and static widgets for necro games (an anywidget binding; views only, no rules).

``GameWidget(state, bots={seat: bot}, player=None, auto_chance=True,
explore_depth=None, board=None)`` draws any game. The view builders in
:mod:`necro.widget.view` import nothing from Jupyter; ``GameWidget`` (which
needs anywidget) is imported on first use.
"""

from __future__ import annotations

from .view import build_graph, build_view, expand_view

__all__ = ["GameWidget", "build_graph", "build_view", "expand_view"]


def __getattr__(name):
    if name == "GameWidget":
        from .widget import GameWidget

        return GameWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
