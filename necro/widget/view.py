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

import json
from typing import Callable, Mapping

from ..core.explore import explore
from ..core.game import CHANCE, SPECTATOR, TERMINAL, State

VIEW_KEYS = ("game", "title", "status", "step", "to_move", "terminal", "winner", "players", "seat",
             "position", "actions", "log", "can_undo", "can_redo")
INSIGHT_KEY = "insight"
"""Optional key of a view: what a widget's ``insight(state)`` computed for this
position (``{"title", "columns", "rows", "note"}``), present only when not None."""
HIDDEN_KEY = "hidden_choices"
"""Optional key of a view, True when ``actions`` is empty because the choices of the player
deciding (or a hidden deck's draws) are not this view's seat's to see
(:meth:`~necro.core.State.choices_hidden_from`)."""
OPTIONAL_KEYS = (INSIGHT_KEY, HIDDEN_KEY)

# Keys of a view that do not change from one node of a graph to the next, or
# that the front end recomputes from its own path through the graph: stored
# once per graph instead of once per node.
_GRAPH_COMMON = ("game", "title", "players")
_GRAPH_DROPPED = ("log", "can_undo", "can_redo")
# Dictionaries inside a view's position that only grow from node to node (the
# faces of the cards shown, keyed by card id): stored once per graph as their
# union, and put back into each node's position by the page.
_GRAPH_POOLED = ("cards",)


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


def log_entries(state: State, viewer: int | None = None) -> list[dict]:
    """Every log line so far: ``{"rule", "text", "href", "title", "step"}``.

    ``step`` is the 1-based number of the step that wrote the line, so the
    front end can group lines under the action that caused them; step 0 is
    the prelude (what a loaded position did before its first decision). With a
    ``viewer``, notations of steps that player may not see are masked
    (:meth:`State.mask_notation`).
    """
    entries = [{"rule": e.rule, "text": e.text, "href": rule_link(state, e.rule), "title": rule_title(state, e.rule),
                "step": 0, "a": ""} for e in state.prelude]
    for number, step in enumerate(state.steps, start=1):
        notation = step.action if viewer is None else state.mask_notation(step.action, step.player, viewer)
        for entry in step.log:
            entries.append({"rule": entry.rule, "text": entry.text, "href": rule_link(state, entry.rule),
                            "title": rule_title(state, entry.rule), "step": number, "a": notation})
    return entries


def players(state: State, bots: Mapping[int, object] | None = None) -> list[dict]:
    bots = bots or {}
    return [{"seat": seat, "name": f"Player {seat + 1}",
             "bot": bot_name(bots[seat]) if seat in bots else None}
            for seat in range(state.game.players)]


def hot_seat(state: State) -> int:
    """Whose secrets a board with no fixed seat shows: the player deciding now, who sits at the
    screen in hot-seat play; at a chance step or once the game is over, nobody's
    (:data:`~necro.core.SPECTATOR`)."""
    player = state.current_player()
    return player if player >= 0 else SPECTATOR


def unlist_others(view: dict, viewer: int | None) -> dict:
    """A view of a board that shows seat ``viewer`` while a lesson plays the other seats: where
    another seat decides, none of its choices is listed (not even those the engine would show,
    a conversion's keep or convert), and the view says they are hidden. The same in the stored
    graph (:func:`build_graph`), with a kernel and in the page's engine (``Play.others_unlisted``)."""
    if viewer is not None and viewer >= 0 and isinstance(view["to_move"], int) and view["to_move"] != viewer:
        view["actions"] = []
        view[HIDDEN_KEY] = True
    return view


def build_view(state: State, *, viewer: int | None = None,
               bots: Mapping[int, object] | None = None, insight: Callable | None = None) -> dict:
    """The view dict of ``state`` as seen by ``viewer``.

    ``viewer`` is a seat, :data:`~necro.core.SPECTATOR`, or None for hot-seat play: the
    position as the player deciding now sees it (:func:`hot_seat`), the log as the table
    sees it. A view never holds what its ``seat`` may not see, so a page that stores views
    (the static book) carries no other player's hand and no face-down card.

    ``bots`` maps the seats played by the computer to their bots; they are
    named in ``players`` so the front end can say who is thinking.
    ``insight(state)`` may return a small table for the page to show next to
    the decisions (see :func:`check_insight`); the view has ``insight`` only
    when it returns one.
    """
    seat = hot_seat(state) if viewer is None else viewer
    position = state.decorate_view(state.view(seat))
    # A fixed seat does not see another player's choices (or a hidden deck's draws) listed when
    # they would name its secrets; hot-seat play shows the decider's own, as at the table.
    withheld = viewer is not None and state.choices_hidden_from(viewer)
    view = {
        "game": state.game.id,
        "title": state.game.title,
        "status": state.status(),
        "step": len(state.steps),
        "to_move": to_move(state),
        "terminal": state.is_terminal(),
        "winner": state.winner(),
        "players": players(state, bots),
        "seat": seat if seat >= 0 else None,
        "position": position,
        "actions": [] if withheld else action_entries(state),
        "log": log_entries(state, SPECTATOR if viewer is None else viewer),
        "can_undo": state.can_undo(),
        "can_redo": state.can_redo(),
    }
    if withheld:
        view[HIDDEN_KEY] = True
    if insight is not None:
        table = insight(state)
        if table is not None:
            view[INSIGHT_KEY] = check_insight(table)
    return view


def check_insight(table) -> dict:
    """An insight table as the page draws it: ``title`` (text), ``columns``
    (header texts), ``rows`` (lists of cells, each text or a number, one per
    column; the first cell names the row) and an optional ``note``. The page
    shows the cells as given, so format numbers in Python."""
    if not isinstance(table, dict):
        raise TypeError(f"an insight is a dict or None, not {type(table).__name__}")
    columns = [str(c) for c in table.get("columns", [])]
    rows = []
    for row in table.get("rows", []):
        cells = [c if isinstance(c, (int, float)) and not isinstance(c, bool) else str(c) for c in row]
        if columns and len(cells) != len(columns):
            raise ValueError(f"insight row {cells!r} has {len(cells)} cells for {len(columns)} columns")
        rows.append(cells)
    out = {"title": str(table.get("title", "")), "columns": columns, "rows": rows}
    if table.get("note"):
        out["note"] = str(table["note"])
    return out


def build_graph(state: State, depth: int, *, max_nodes: int = 400, viewer: int | None = None,
                bots: Mapping[int, object] | None = None, insight: Callable | None = None,
                lines: tuple = (), others_unlisted: bool = False) -> dict:
    """The static explorable graph of the positions within ``depth`` steps of ``state``.

    Built with :func:`necro.core.explore.explore` and the same view builder as
    the live widget, then packed for embedding in a page (the budget is about
    300 KB per widget), without losing anything the page shows:

    - ``common``: the view keys that are the same at every node (game, title,
      players), stored once;
    - ``rules``: ``{rule id: [href, title]}`` for every rule a log line or an
      action names, so links and titles are not repeated on every line;
    - ``root_log``: the log so far, ``[rule, text, step, notation]`` per line;
    - ``pooled`` (only when a position has one): the union over all nodes of
      the position's growing dictionaries (``cards``: card faces by id),
      taken out of each node and put back by the page;
    - ``shared`` (only when some are): the big parts of positions that several
      nodes repeat (a board's ground, a map, a deck: a move changes one part and
      leaves the rest), each stored once; a node's position names the ones it
      uses in ``$shared``, ``{"key": index}`` or ``{"key.sub": index}`` for a
      part of a dictionary (``map.hexes``), and the page puts them back;
    - ``nodes``: ``{"view", "actions", "frontier"?}``. ``view`` is the live
      view without ``actions``, ``log``, ``can_undo``, ``can_redo``, ``step``
      (the page rebuilds them from its path: one position reached by two
      paths is stored once) and without ``terminal``/``winner`` unless set.
      ``actions`` are the live view's actions, each with ``to`` (the child
      node) and ``log`` (the lines the step wrote, ``[rule, text]``) when the
      walk followed it, and ``m``, the notation as the viewer's log writes it,
      where that differs (a card the other player laid face down); ``hint``
      and ``p`` only when not empty. ``view`` has
      ``insight`` only where ``insight(state)`` returned a table. ``line`` (only at a node
      whose choices the viewer may not see listed, on one of ``lines``): the actions those
      lines play there (another player's move, a hidden draw), packed the same way, which the
      page follows when asked (a lesson plays them) but never offers among the decisions.

    The widget adds ``viewing`` (in a game that hides something): the seat the views were
    built for, which the page's selector starts from.

    ``lines``: paths followed to their end whatever the depth (a lesson's main line, a replay's
    recorded game, see :func:`necro.core.explore.explore`); where a line passes a chance step that
    lists no outcome (a shuffle), its outcome is the node's one action, marked ``forced``.

    ``others_unlisted`` (a board that shows one seat while a lesson plays the others): where
    another seat decides, the page lists none of its choices, even those the engine would show
    (a conversion's keep or convert); the view says they are hidden, and the lines' moves there
    are stored in ``line``.

    A frontier node is where the depth or the node budget stopped the walk
    (the page then points to the live mode). :func:`expand_view` turns a node
    back into exactly the view the live widget would show.
    """
    root_view = build_view(state, viewer=viewer, bots=bots)

    def render(s: State) -> dict:
        view = build_view(s, viewer=viewer, bots=bots, insight=insight)
        for key in _GRAPH_COMMON + _GRAPH_DROPPED + ("step",):
            view.pop(key, None)
        if not view["terminal"]:
            del view["terminal"]
        if view["winner"] is None:
            del view["winner"]
        return view

    # a position whose choices this seat may not see is where the page's graph ends (the
    # engine, in the kernel or the browser, plays on from there)
    raw = explore(state, depth=depth, max_nodes=max_nodes, render=render,
                  stop=lambda view: view.get(HIDDEN_KEY, False), lines=lines)
    pooled: dict[str, dict] = {}
    for node in raw["nodes"]:
        position = node["view"].get("position")
        if isinstance(position, dict):
            for key in _GRAPH_POOLED:
                if isinstance(position.get(key), dict):
                    pooled.setdefault(key, {}).update(position.pop(key))
    shared = _share_repeats([node["view"]["position"] for node in raw["nodes"]
                             if isinstance(node["view"].get("position"), dict)])
    rules: dict[str, list] = {}

    def remember(rule_id: str) -> None:
        if rule_id not in rules:
            rules[rule_id] = [rule_link(state, rule_id), rule_title(state, rule_id)]

    def follow(packed: dict, edge: dict) -> dict:
        """``packed`` (an action of a node) with what the walk found along it: ``to``, ``forced``,
        ``m`` and ``log``."""
        packed["to"] = edge["to"]
        remember(packed["rule"])
        if edge.get("forced"):
            packed["forced"] = True
        # how the viewer's log writes this step (a secret card hidden)
        masked = state.mask_notation(packed["a"], edge["by"], SPECTATOR if viewer is None else viewer)
        if masked != packed["a"]:
            packed["m"] = masked
        if edge["log"]:
            packed["log"] = edge["log"]
            for rule_id, _ in edge["log"]:
                remember(rule_id)
        return packed

    nodes = []
    for node in raw["nodes"]:
        view = node["view"]
        edges = {edge["a"]: edge for edge in node["edges"]}
        actions = []
        if others_unlisted:
            unlist_others(view, viewer)
        for action in view.pop("actions"):
            packed = {"a": action["a"], "rule": action["rule"]}
            remember(action["rule"])
            if action["hint"]:
                packed["hint"] = action["hint"]
            if action["p"] is not None:
                packed["p"] = action["p"]
            edge = edges.pop(action["a"], None)
            if edge is not None:
                follow(packed, edge)
            actions.append(packed)
        if edges and not actions and view.get("to_move") == "chance" and not view.get(HIDDEN_KEY):
            # a line's outcome of a chance step that lists none (a shuffle, a deal): the page's
            # roll takes the recorded one, as a scenario's forced outcome
            for a, edge in edges.items():
                actions.append(dict(follow({"a": a, "rule": edge["rule"]}, edge), forced=True))
            edges = {}
        # A line (a lesson's) through choices this seat may not see listed: the other players' moves
        # and the hidden draws it plays are stored apart, followed but never offered as decisions.
        unlisted = [follow({"a": a, "rule": edge["rule"]}, edge) for a, edge in edges.items()] \
            if view.get(HIDDEN_KEY) else []
        if edges and not unlisted:  # an edge for no listed action would be an engine bug: keep it visible
            raise ValueError(f"explored actions {sorted(edges)} are not among the legal actions")
        out = {"view": view, "actions": actions}
        if unlisted:
            out["line"] = unlisted
        if node["frontier"]:
            out["frontier"] = True
        nodes.append(out)
    for entry in root_view["log"]:
        remember(entry["rule"])
    graph = {
        "format": 1,
        "root": raw["root"],
        "depth": depth,
        "max_nodes": max_nodes,
        "common": {key: root_view[key] for key in _GRAPH_COMMON},
        "root_log": [[e["rule"], e["text"], e["step"], e["a"]] for e in root_view["log"]],
        "root_step": root_view["step"],
        "rules": rules,
        "nodes": nodes,
    }
    if pooled:
        graph["pooled"] = {key: dict(sorted(value.items())) for key, value in pooled.items()}
    if shared:
        graph["shared"] = shared
    return graph


SHARE_BYTES = 200
"""Parts of positions at least this long (as JSON) are stored once when nodes repeat them."""


def _share_repeats(positions: list[dict]) -> list:
    """Take the big parts that several ``positions`` repeat out of them (in place): each
    position gets ``$shared`` naming its parts' places in the returned list. Parts are the
    position's values and, one level down, the values of its dictionaries."""
    def parts(position):
        for key, value in position.items():
            if "." in key:
                raise ValueError(f"position key {key!r}: a dot would be read as a part of a dictionary")
            yield (key,), value
            if isinstance(value, dict):
                for sub, inner in value.items():
                    yield (key, sub), inner

    counts: dict[str, int] = {}
    for position in positions:
        for _, value in parts(position):
            text = json.dumps(value, sort_keys=True)
            if len(text) >= SHARE_BYTES:
                counts[text] = counts.get(text, 0) + 1
    table: list = []
    index: dict[str, int] = {}
    for position in positions:
        refs = {}
        for path, value in list(parts(position)):
            if len(path) == 2 and path[0] in refs:
                continue  # its dictionary is shared whole
            text = json.dumps(value, sort_keys=True)
            if counts.get(text, 0) < 2:
                continue
            if text not in index:
                index[text] = len(table)
                table.append(value)
            refs[".".join(path)] = index[text]
        for name in refs:
            key, _, sub = name.partition(".")
            if sub:
                position[key] = {k: v for k, v in position[key].items() if k != sub}
            else:
                del position[key]
        if refs:
            position["$shared"] = refs
    return table


def _unshare(graph: dict, position: dict) -> dict:
    """``position`` with its shared parts put back (see :func:`build_graph`)."""
    refs = position.get("$shared")
    if not refs:
        return position
    out = {k: v for k, v in position.items() if k != "$shared"}
    for name, i in refs.items():
        key, _, sub = name.partition(".")
        if sub:
            out[key] = {**out.get(key, {}), sub: graph["shared"][i]}
        else:
            out[key] = graph["shared"][i]
    return out


def node_views(graph: dict) -> list[dict]:
    """Every node's stored view, its position with the shared and pooled parts put back: what
    the page can show at some node (tests scan them for secrets)."""
    out = []
    for node in graph["nodes"]:
        view = dict(node["view"])
        if isinstance(view.get("position"), dict):
            view["position"] = {**_unshare(graph, view["position"]), **graph.get("pooled", {})}
        out.append(view)
    return out


def expand_view(graph: dict, path: list[str]) -> dict:
    """The full view at the end of ``path`` (notations from the root), rebuilt
    from a graph exactly as the page's JavaScript does (``staticView`` in
    widgets/core/static.js). Tests use it to check the packed graph loses nothing.
    """
    rules = graph["rules"]

    def line(rule, text, step, notation):
        href, title = rules.get(rule, [None, None])
        return {"rule": rule, "text": text, "href": href, "title": title, "step": step, "a": notation}

    log = [line(*entry) for entry in graph["root_log"]]
    node = graph["nodes"][graph["root"]]
    for i, notation in enumerate(path):
        action = next(x for x in node["actions"] + node.get("line", []) if x["a"] == notation)
        if "to" not in action:
            raise KeyError(f"{notation!r} leads beyond the precomputed graph")
        shown = action.get("m", notation)
        log += [line(rule, text, graph["root_step"] + i + 1, shown) for rule, text in action.get("log", [])]
        node = graph["nodes"][action["to"]]
    view = {**graph["common"], **node["view"]}
    if "viewing" in graph:
        view["viewing"] = graph["viewing"]
    if isinstance(view.get("position"), dict):
        view["position"] = _unshare(graph, view["position"])
    if graph.get("pooled") and isinstance(view.get("position"), dict):
        view["position"] = {**view["position"], **graph["pooled"]}
    view.setdefault("terminal", False)
    view.setdefault("winner", None)
    view["step"] = graph["root_step"] + len(path)
    view["actions"] = [{"a": x["a"], "hint": x.get("hint", {}), "p": x.get("p"), "rule": x["rule"]}
                       for x in node["actions"]]
    view["log"] = log
    view["can_undo"] = bool(path)
    view["can_redo"] = False
    return {key: view[key] for key in VIEW_KEYS + OPTIONAL_KEYS if key in view}
