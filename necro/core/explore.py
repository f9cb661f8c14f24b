"""Precompute the positions reachable from a scenario, for the static book.

A reader of the published HTML has no kernel, yet should still be able to
click a move and see what the rules do. So at build time the engine walks
the graph of positions reachable from a scenario within a depth: every legal
action and every chance outcome (with its probability), each distinct
position stored once (keyed by its canonical JSON), each edge labelled with
the action's notation and the log lines (with rule ids) it produced. The
widget's JavaScript only navigates this graph; it contains no rules.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Callable

from .game import CHANCE, State


def canonical(state: State) -> str:
    """A node's key: its position, and the chance outcomes still forced on it (if any)."""
    key = [state.position(), state.forced] if state.forced else state.position()
    return json.dumps(key, sort_keys=True, separators=(",", ":"))


def explore(state: State, depth: int = 2, max_nodes: int = 400,
            render: Callable[[State], dict] | None = None,
            stop: Callable[[dict], bool] | None = None, lines: tuple = ()) -> dict:
    """The graph of positions within ``depth`` steps of ``state``.

    Returns ``{"root": 0, "nodes": [...]}``; each node is
    ``{"view": render(state), "edges": [...], "frontier": bool}`` and each
    edge ``{"a": notation, "p": probability or None, "to": node, "log":
    [[rule, text], ...]}``. A node is a frontier when the depth or the node
    budget stopped the walk there (the widget then points to the live mode).
    Chance nodes whose outcomes cannot be listed (shuffles) are frontiers too, and so are the
    nodes whose rendered view ``stop(view)`` says to leave (choices the viewer may not see).
    ``lines`` are paths (lists of notations, chance outcomes included) followed to their end
    whatever the depth, each node on them stored with the edge it follows: a lesson's main line
    (see :mod:`necro.core.lesson`) plays in a page with no engine.
    Where the state has forced outcomes queued (a scenario fixing the next
    cards), only the forced outcome is followed, and its edge says ``forced``.
    """
    render = render or (lambda s: {"position": s.position(), "status": s.status()})
    ids: dict[str, int] = {}
    nodes: list[dict] = []

    def add(s: State) -> tuple[int, bool]:
        key = canonical(s)
        if key in ids:
            return ids[key], False
        ids[key] = len(nodes)
        nodes.append({"view": render(s), "edges": [], "frontier": False})
        return ids[key], True

    root, _ = add(state)
    queue = deque([(state, root, 0)])
    while queue:
        s, node_id, d = queue.popleft()
        node = nodes[node_id]
        if s.is_terminal():
            continue
        if d >= depth or (stop is not None and stop(node["view"])):
            node["frontier"] = True
            continue
        forced = s.current_player() == CHANCE and _forced_is_legal(s)
        if forced:  # a scenario fixed the next outcome(s): follow only that one
            moves = [(s.parse_action(s.forced[0]), "1")]
        elif s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            if outcomes is None:
                node["frontier"] = True
                continue
            moves = [(a, str(p)) for a, p in outcomes]
        else:
            moves = [(a, None) for a in s.legal_actions()]
        for action, prob in moves:
            if len(nodes) >= max_nodes and canonical_child_unknown(s, action, ids):
                node["frontier"] = True
                continue
            child = s.copy()
            if forced:
                child.play_chance()  # uses and removes the forced outcome
            else:
                child.apply(action)
            step = child.steps[-1]
            child_id, new = add(child)
            edge = {"a": str(action), "p": prob, "to": child_id, "log": [e.to_json() for e in step.log],
                    "rule": step.rule, "by": step.player}
            if forced:
                edge["forced"] = True
            node["edges"].append(edge)
            if new:
                queue.append((child, child_id, d + 1))
    for line in lines:
        s, node_id = state.copy(), root
        for notation in line:
            before = s.copy()
            s.apply(notation)
            step = s.steps[-1]
            child_id, new = add(s)
            node = nodes[node_id]
            if not any(edge["a"] == step.action for edge in node["edges"]):
                prob = None
                if before.current_player() == CHANCE:
                    outcomes = before.chance_outcomes() or []
                    prob = next((str(p) for a, p in outcomes if str(a) == step.action), None)
                node["edges"].append({"a": step.action, "p": prob, "to": child_id,
                                      "log": [e.to_json() for e in step.log], "rule": step.rule, "by": step.player})
            if new:
                nodes[child_id]["frontier"] = not s.is_terminal()
            node_id = child_id
    return {"root": root, "nodes": nodes}


def _forced_is_legal(s: State) -> bool:
    """Whether the next forced outcome can be played here (a stale one is ignored by the walk)."""
    if not s.forced:
        return False
    try:
        return s.is_legal(s.parse_action(s.forced[0]))
    except ValueError:
        return False


def canonical_child_unknown(s: State, action, ids: dict) -> bool:
    child = s.copy()
    child.apply(action)
    return canonical(child) not in ids
