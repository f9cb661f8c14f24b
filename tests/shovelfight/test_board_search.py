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
