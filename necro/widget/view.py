"""The view: everything a widget front end needs to draw one position.

A view is plain JSON, built in Python from the engine, so the JavaScript holds
no rules at all: it draws ``position``, offers ``actions`` as buttons and shows
``log`` with links to the rules. The same builder serves the live widget (one
view per update) and the static explorer (one trimmed view per precomputed
node), so a reader of the offline book sees exactly what a kernel would show.

This module imports nothing from Jupyter, so scripts and tests can build views
and graphs without a notebook.
"""

from __future__ import annotations

from typing import Mapping

from ..core.explore import explore
from ..core.game import CHANCE, TERMINAL, State

VIEW_KEYS = ("game", "title", "status", "step", "to_move", "terminal", "winner", "players",
             "position", "actions", "log", "can_undo", "can_redo")

# Keys of a view that do not change from one node of a graph to the next, or
# that the front end recomputes from its own path through the graph: stored
# once per graph instead of once per node.
_GRAPH_COMMON = ("game", "title", "players")
_GRAPH_DROPPED = ("log", "can_undo", "can_redo")


def bot_name(bot) -> str:
    """A short name for a bot, for the seat selector ("random", "greedy", ...)."""
    return str(getattr(bot, "name", None) or type(bot).__name__)


def rule_link(state: State, rule_id: str) -> str | None:
    """The rule's link relative to the book root, or None for an unknown id.

    An unknown id is a bug in the game's log, but the widget must still show
    the line, so it is shown without a link rather than failing the view.
    """
    try:
        return state.game.rules.href(rule_id)
    except KeyError:
        return None


def rule_title(state: State, rule_id: str) -> str | None:
    try:
        return state.game.rules[rule_id].title
    except KeyError:
        return None


def to_move(state: State):
    """``to_move`` of a view: a seat index, ``"chance"``, or None when the game is over."""
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return player


def action_entries(state: State) -> list[dict]:
    """The legal actions as ``{"a", "hint", "p", "rule"}`` in the state's stable order.

    ``p`` is the exact probability (``"1/6"``) at a chance node, else None. At a
    chance node whose outcomes cannot be listed (a shuffle) the list is empty:
    the front end then offers only "roll".
    """
    player = state.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if outcomes is None:
            return []
        probs = {str(a): str(p) for a, p in outcomes}
        actions = state.legal_actions()
    else:
        probs = {}
        actions = state.legal_actions()
    entries = []
    for action in actions:
        notation = str(action)
        entries.append({
            "a": notation,
            "hint": state.describe_action(action) or {},
            "p": probs.get(notation),
            "rule": state.action_rule(action),
        })
    return entries


def log_entries(state: State) -> list[dict]:
    """Every log line so far: ``{"rule", "text", "href", "title", "step"}``.

    ``step`` is the 1-based number of the step that wrote the line, so the
    front end can group lines under the action that caused them.
    """
    entries = []
    for number, step in enumerate(state.steps, start=1):
        for entry in step.log:
            entries.append({"rule": entry.rule, "text": entry.text, "href": rule_link(state, entry.rule),
                            "title": rule_title(state, entry.rule), "step": number, "a": step.action})
    return entries


def players(state: State, bots: Mapping[int, object] | None = None) -> list[dict]:
    bots = bots or {}
    return [{"seat": seat, "name": f"Player {seat + 1}",
             "bot": bot_name(bots[seat]) if seat in bots else None}
            for seat in range(state.game.players)]


def build_view(state: State, *, viewer: int | None = None,
               bots: Mapping[int, object] | None = None) -> dict:
    """The view dict of ``state`` as seen by ``viewer`` (None: everything).

    ``bots`` maps the seats played by the computer to their bots; they are
    named in ``players`` so the front end can say who is thinking.
    """
    position = state.position() if viewer is None else state.view(viewer)
    return {
        "game": state.game.id,
        "title": state.game.title,
        "status": state.status(),
        "step": len(state.steps),
        "to_move": to_move(state),
        "terminal": state.is_terminal(),
        "winner": state.winner(),
        "players": players(state, bots),
        "position": position,
        "actions": action_entries(state),
        "log": log_entries(state),
        "can_undo": state.can_undo(),
        "can_redo": state.can_redo(),
    }


def build_graph(state: State, depth: int, *, max_nodes: int = 400, viewer: int | None = None,
                bots: Mapping[int, object] | None = None) -> dict:
    """The static explorable graph of the positions within ``depth`` steps of ``state``.

    Built with :func:`necro.core.explore.explore` and the same view builder as
    the live widget, then trimmed for embedding in a page:

    - ``common``: the view keys that are the same at every node (game, title,
      players), stored once;
    - each node's ``view`` drops ``log``, ``can_undo`` and ``can_redo``: the
      front end rebuilds them from its path (the root's ``log`` is
      ``root_log``; each edge carries the lines it wrote as ``[rule, text]``);
    - ``rules``: ``{rule id: [href, title]}`` for every rule named by a log
      line or an action, so links are not repeated on every line;
    - edges keep ``a`` (notation) and ``to`` (node index); their probability
      is in the node's ``actions`` already, and ``log`` only when not empty.

    Nodes are ``{"view", "edges", "frontier"}``; a frontier node is where the
    depth or the node budget stopped the walk (the front end points to live mode).
    """
    root_view = build_view(state, viewer=viewer, bots=bots)

    def render(s: State) -> dict:
        view = build_view(s, viewer=viewer, bots=bots)
        for key in _GRAPH_COMMON + _GRAPH_DROPPED:
            view.pop(key, None)
        return view

    raw = explore(state, depth=depth, max_nodes=max_nodes, render=render)
    rules: dict[str, list] = {}

    def remember(rule_id: str) -> None:
        if rule_id not in rules:
            rules[rule_id] = [rule_link(state, rule_id), rule_title(state, rule_id)]

    nodes = []
    for node in raw["nodes"]:
        edges = []
        for edge in node["edges"]:
            slim = {"a": edge["a"], "to": edge["to"]}
            if edge["log"]:
                slim["log"] = edge["log"]
                for rule_id, _ in edge["log"]:
                    remember(rule_id)
            edges.append(slim)
        for action in node["view"]["actions"]:
            remember(action["rule"])
        out = {"view": node["view"], "edges": edges}
        if node["frontier"]:
            out["frontier"] = True
        nodes.append(out)
    for entry in root_view["log"]:
        remember(entry["rule"])
    return {
        "root": raw["root"],
        "depth": depth,
        "max_nodes": max_nodes,
        "common": {key: root_view[key] for key in _GRAPH_COMMON},
        "root_log": [[e["rule"], e["text"], e["step"], e["a"]] for e in root_view["log"]],
        "root_step": root_view["step"],
        "rules": rules,
        "nodes": nodes,
    }
