"""The graveyard: the deck of grave cards and the staggered board they are laid on.

The board is a grid of columns of face-down cards. Every other column is
shifted by half a card, so a grave away from the edge touches six others,
like a hex map. We give each grave a name like ``c3`` (column letter, row
number from the top) and keep a doubled vertical coordinate ``y2`` (twice the
card's height in half-cards), so adjacency is simple integer arithmetic:

- same column, ``y2`` two apart (the cards above and below);
- neighbouring column, ``y2`` one apart (the two shifted cards beside).

3-4 players use five columns of 5-4-5-4-5 cards (23 graves, the big pile);
5-6 players use seven columns of 4-5-4-5-4-5-4 (31 graves, both piles).
The column sizes add up to the deck sizes exactly, which is how we know the
layout the missing illustration showed.

The adjacency graph of the *original* board is also kept as a networkx graph
(for checks and drawings). Falling ground (the connected parts of the
standing graves, :func:`parts`) and a falling wizard's way to solid ground
(a cheapest path over the full grid, :func:`escape`) are searched directly
over the ``neighbours`` table instead: they run inside random playouts, where
building networkx subgraph views cost more than the rest of the rules, and
tests/shovelfight/test_board_search.py checks them against networkx.
"""

from __future__ import annotations

from collections import Counter

from dataclasses import dataclass
from functools import lru_cache
from heapq import heappop, heappush

import networkx as nx

# ------------------------------------------------------------------ cards
# A card is written rank + colour: "Ar" red Ace, "6b" black Six, "Qr", "Jb"
# (a Jack, which plays as a Queen), and "Jo" for the Joker (no colour).
BIG_PILE = (
    "Ar", "Ab", "Ab", "3r", "3b", "3b", "5r", "5b", "5b",   # one red, two black
    "2r", "2r", "2b", "4r", "4r", "4b", "6r", "6r", "6b",   # two red, one black
    "Qr", "Qr", "Qb", "Qb",                                 # all four Queens
    "Jo",                                                   # the Joker
)
# The rest of each rank A-6 (a full deck has two red and two black of each),
# plus two Jacks: we rule one red and one black (rule sf-jack-colours).
LITTLE_PILE = ("Ar", "2b", "3r", "4b", "5r", "6b", "Jr", "Jb")

CARDS = frozenset(BIG_PILE + LITTLE_PILE)


def deck(players: int) -> tuple[str, ...]:
    """The cards used by ``players`` players, in a fixed (unshuffled) order."""
    return BIG_PILE if players <= 4 else BIG_PILE + LITTLE_PILE


_COUNTS: dict[int, dict[str, int]] = {}


def deck_counts(players: int) -> dict[str, int]:
    """How many copies of each card the deck for ``players`` players holds (do not change it)."""
    counts = _COUNTS.get(players)
    if counts is None:
        counts = _COUNTS[players] = dict(sorted(Counter(deck(players)).items()))
    return counts


def colour(card: str) -> str | None:
    """``"r"``, ``"b"`` or ``None`` (the Joker has no colour)."""
    return None if card == "Jo" else card[1]


def rank(card: str) -> str:
    """``"A"``, ``"2"`` ... ``"6"``, ``"Q"`` (Queens and Jacks alike) or ``"Jo"``."""
    if card == "Jo":
        return "Jo"
    return "Q" if card[0] in "QJ" else card[0]


def worm_number(card: str) -> int | None:
    """The worm-die face that eats this grave once dug (A is 1; Q, J and Joker never)."""
    r = card[0]
    if r == "A":
        return 1
    return int(r) if r.isdigit() else None


CARD_NAMES = {"A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
              "Q": "Queen", "J": "Jack"}


def card_name(card: str) -> str:
    if card == "Jo":
        return "the Joker"
    return f"the {'red' if card[1] == 'r' else 'black'} {CARD_NAMES[card[0]]}"


# ------------------------------------------------------------------ board
@dataclass(frozen=True)
class Board:
    """The geometry of one board size: grave names, coordinates, neighbours."""

    columns: int
    graves: tuple[str, ...]                      # in reading order: column by column
    xy: dict                                     # grave -> (column, y2)
    neighbours: dict                             # grave -> tuple of adjacent graves
    graph: nx.Graph
    starts: dict                                 # players -> start graves, seat by seat
    marks: tuple                                 # every start grave of this board (the Xs)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]


# Start graves: the rule text marks them with an X on a picture we do not
# have (rule sf-start-graves). We spread the wizards round the edge of the
# board, no two adjacent, each with room to move.
_STARTS = {
    3: ("b1", "d1", "c5"),
    4: ("b1", "d1", "d4", "b4"),
    5: ("a1", "d1", "g1", "f5", "b5"),
    6: ("a1", "d1", "g1", "g4", "d5", "a4"),
}


@lru_cache(maxsize=None)
def board_for(players: int) -> Board:
    """The board for a player count (cached: boards are immutable)."""
    sizes = (5, 4, 5, 4, 5) if players <= 4 else (4, 5, 4, 5, 4, 5, 4)
    xy = {}
    graves = []
    for c, size in enumerate(sizes):
        offset = 1 if size == 4 else 0            # the short columns sit half a card lower
        for r in range(size):
            name = f"{'abcdefg'[c]}{r + 1}"
            xy[name] = (c, 2 * r + offset)
            graves.append(name)
    graph = nx.Graph()
    graph.add_nodes_from(graves)
    for a in graves:
        for b in graves:
            (ca, ya), (cb, yb) = xy[a], xy[b]
            if a < b and ((ca == cb and abs(ya - yb) == 2) or (abs(ca - cb) == 1 and abs(ya - yb) == 1)):
                graph.add_edge(a, b)
    neighbours = {g: tuple(sorted(graph.neighbors(g))) for g in graves}
    starts = {n: _STARTS[n] for n in _STARTS if (n <= 4) == (players <= 4)}
    marks = tuple(sorted({g for gs in starts.values() for g in gs}))
    return Board(len(sizes), tuple(graves), xy, neighbours, graph, starts, marks)


def parts(board: Board, standing) -> list[list[str]]:
    """The connected pieces of ground among the ``standing`` graves, each sorted."""
    todo = set(standing)
    out = []
    for g in sorted(todo):
        if g not in todo:
            continue
        todo.discard(g)
        part, frontier = [g], [g]
        while frontier:
            for t in board.neighbours[frontier.pop()]:
                if t in todo:
                    todo.discard(t)
                    part.append(t)
                    frontier.append(t)
        out.append(sorted(part))
    return out  # found from their smallest grave up, so already in order of first grave


_BIG = 1000  # one hit outweighs any number of leaps over empty holes


def escape(board: Board, start: str, falling, solid, path: str = "holes") -> tuple[int, list[str]]:
    """How a wizard on ``start`` reaches solid ground (rule sf-fall-path).

    With ``path="adjacent"`` (the default of the game's option ``fall_path``) the wizard leaps
    from grave to grave as the text has it: each leap lands on a neighbouring grave, or, where
    that grave is already gone, on a grave just across that one gap; every falling grave it
    lands on costs a hit (the one it stands on too). Should no such way exist (a gap two graves
    wide), it leaps as below. With ``path="holes"`` (this book's first ruling) the wizard moves
    over the original grid and passes over any number of holes where graves have already gone
    for free. Either way it stops on the first solid grave and takes a way with the fewest
    hits and, among those, the fewest leaps. Returns ``(hits, landing graves)``; the landing
    graves are every solid grave reachable that way (the player picks one), or an empty list
    when there is no solid ground at all.
    """
    falling = set(falling)
    solid = set(solid)
    if not solid:
        return 0, []
    if path == "adjacent":
        found = _cheapest(start, falling, solid, lambda g: _leaps_from(board, g, falling, solid))
        if found[1]:
            return found
    return _cheapest(start, falling, solid, board.neighbours.__getitem__)


def _cheapest(start: str, falling: set, solid: set, leaps) -> tuple[int, list[str]]:
    """Dijkstra from ``start`` to the nearest solid graves, ``leaps(g)`` giving where a wizard on
    ``g`` can go: a falling grave costs a hit (weighed as ``_BIG`` leaps), any other place one
    leap; a solid grave is where a way ends."""
    first = _BIG if start in falling else 0
    cost, heap, best = {start: first}, [(first, start)], {}
    while heap:
        d, g = heappop(heap)
        if d > cost[g]:
            continue  # a cheaper way to g was already settled
        for t in leaps(g):
            if t in solid:
                if d + 1 < best.get(t, d + 2):
                    best[t] = d + 1
            else:
                c = d + 1 + (_BIG if t in falling else 0)
                if c < cost.get(t, c + 1):
                    cost[t] = c
                    heappush(heap, (c, t))
    if not best:
        return 0, []
    low = min(best.values())
    return low // _BIG, sorted(t for t, c in best.items() if c == low)


def _leaps_from(board: Board, g: str, falling: set, solid: set):
    """The graves a wizard on ``g`` can leap to: its standing neighbours, and across each gap
    next to it (a neighbour already gone) the standing graves beside that gap."""
    neighbours = board.neighbours
    for h in neighbours[g]:
        if h in falling or h in solid:
            yield h
        else:
            for t in neighbours[h]:
                if t != g and (t in falling or t in solid):
                    yield t
