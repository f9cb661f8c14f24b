"""The searches over falling ground (board.parts, board.escape) walk the neighbour table by hand
for speed; here they are checked against networkx's components and Dijkstra on random boards."""

from __future__ import annotations

import networkx as nx
import pytest

from necro.core import Rng
from necro.shovelfight.board import _BIG, board_for, escape, parts


def networkx_parts(board, standing):
    sub = board.graph.subgraph(standing)
    return sorted((sorted(c) for c in nx.connected_components(sub)), key=lambda c: c[0])


def networkx_escape(board, start, falling, solid):
    falling, solid = set(falling), set(solid)
    if not solid:
        return 0, []
    air = board.graph.subgraph(g for g in board.graves if g not in solid)
    dist = nx.single_source_dijkstra_path_length(
        air, start, weight=lambda _u, v, _d: 1 + (_BIG if v in falling else 0))
    start_cost = _BIG if start in falling else 0
    best = {}
    for g, d in dist.items():
        for t in board.neighbours[g]:
            if t in solid and d + start_cost + 1 < best.get(t, d + start_cost + 2):
                best[t] = d + start_cost + 1
    if not best:
        return 0, []
    low = min(best.values())
    return low // _BIG, sorted(t for t, c in best.items() if c == low)


@pytest.mark.parametrize("players", [4, 6])
def test_the_searches_agree_with_networkx(players):
    board = board_for(players)
    rng = Rng(players)
    for _ in range(150):
        # some graves gone, some falling, the rest solid ground
        fate = [rng.randbelow(3) for _ in board.graves]
        gone = [g for g, f in zip(board.graves, fate) if f == 0]
        standing = [g for g in board.graves if g not in gone]
        assert parts(board, standing) == networkx_parts(board, standing)
        falling = [g for g, f in zip(board.graves, fate) if f == 1]
        solid = [g for g, f in zip(board.graves, fate) if f == 2]
        for start in gone + falling:
            assert escape(board, start, falling, solid) == networkx_escape(board, start, falling, solid)


def networkx_grave_by_grave(board, start, falling, solid):
    """fall_path="adjacent" by networkx: a leap goes to a standing neighbour, or over one gone
    neighbour to a standing grave beside it; the holes rule when that reaches no solid ground."""
    falling, solid = set(falling), set(solid)
    here = falling | solid
    leaps = nx.DiGraph()
    for g in here | {start}:
        for h in board.neighbours[g]:
            for t in ([h] if h in here else board.neighbours[h]):
                if t != g and t in here:
                    leaps.add_edge(g, t, weight=1 + (_BIG if t in falling else 0))
    if start not in leaps:
        return networkx_escape(board, start, falling, solid)
    dist = nx.single_source_dijkstra_path_length(
        leaps.subgraph([start] + [g for g in leaps if g not in solid or g == start]).copy(), start)
    start_cost = _BIG if start in falling else 0
    best = {}
    for g, d in dist.items():
        for t in leaps.successors(g):
            if t in solid and d + start_cost + 1 < best.get(t, d + start_cost + 2):
                best[t] = d + start_cost + 1
    if not best:
        return networkx_escape(board, start, falling, solid)
    low = min(best.values())
    return low // _BIG, sorted(t for t, c in best.items() if c == low)


@pytest.mark.parametrize("players", [4, 6])
def test_the_grave_by_grave_way_agrees_with_networkx(players):
    board = board_for(players)
    rng = Rng(players + 10)
    for _ in range(150):
        fate = [rng.randbelow(3) for _ in board.graves]
        gone = [g for g, f in zip(board.graves, fate) if f == 0]
        falling = [g for g, f in zip(board.graves, fate) if f == 1]
        solid = [g for g, f in zip(board.graves, fate) if f == 2]
        for start in gone + falling:
            assert (escape(board, start, falling, solid, "adjacent")
                    == networkx_grave_by_grave(board, start, falling, solid)), start
