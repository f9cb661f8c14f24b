"""Computer opponents: random, greedy (one move ahead) and a strong alpha-beta player.

Inside a round Graveyard Shift has no chance and no hidden information (the
only chance step is the deal that opens each round), so a round is a
two-player game of perfect information and plain minimax applies. The
strong bot searches the current round with alpha-beta and iterative
deepening under a time budget; extra turns and put-backs are simply plies
whose player is not the alternating one, which minimax handles by asking
``pos.turn`` at every node instead of alternating signs.

Every bot searches on the compact :class:`~necro.graveyard_shift.board.Pos`,
never on the recorded state, and draws ties from its own seeded ``Rng``.
"""

from __future__ import annotations

import time

from necro.core import RandomBot, Rng

from .board import DISTANCES, ENTRANCE_DISTANCE, ENTRANCES, KINDS, MOVING, RETURNING, TAKING, Enter, Move, Pos

__all__ = ["RandomBot", "GreedyBot", "StrongBot", "evaluate", "simple_evaluate"]

WIN = 100_000


def _approach(pos: Pos, player: int, square: int | None) -> int:
    """Distance from ``square`` (or from the nearest entrance when off the map) to a new kind.

    The search calls this for every position it scores, so distances come from tables and a
    stack holds a new kind when stripping the collected kinds leaves something.
    """
    got = pos.got[player]
    near = ENTRANCE_DISTANCE if square is None else DISTANCES[square]
    best = 9
    for q, s in enumerate(pos.stacks):
        if s and near[q] < best and s.strip(got):
            best = near[q]
    return best + (1 if square is None else 0)


def simple_evaluate(pos: Pos, me: int) -> float:
    """The greedy bot's score of ``pos`` for player ``me`` (higher is better).

    Collected kinds dominate; then carrying new kinds close to an entrance;
    then being close to a square that holds a kind one still needs.
    """
    score = 0.0
    for x in (0, 1):
        got = pos.got[x]
        v = 1000 * len(got)
        if pos.phase == TAKING and pos.turn == x:
            v += 1000
        sq = pos.pawns[x]
        if sq is not None:
            stack = pos.stacks[sq]
            new = sum(1 for k in KINDS if k in stack and k not in got)
            if new:
                v += 300 + 60 * (new - 1) - 50 * ENTRANCE_DISTANCE[sq] - 5 * len(stack)
            else:
                v -= 15 * _approach(pos, x, sq)
        else:
            v -= 15 * _approach(pos, x, None)
        score += v if x == me else -v
    return score


def _delivers_next(pos: Pos, x: int) -> bool:
    """Can ``x``'s pawn deliver a kind it needs with its next move (ignoring the other pawn)?"""
    sq = pos.pawns[x]
    stack = pos.stacks[sq]
    got = pos.got[x]
    for dest, path in pos.move_targets(x):
        if dest in ENTRANCES:
            arriving = stack[min(len(path) - 1, max(len(stack) - 1, 0)):]
            if any(k not in got for k in arriving):
                return True
    return False


def _reaches(pos: Pos, x: int, target: int) -> bool:
    return any(dest == target for dest, _ in pos.move_targets(x))


def evaluate(pos: Pos, me: int) -> float:
    """The strong bot's score of ``pos`` for player ``me`` at the leaves of its search.

    On top of the greedy score's terms it looks one move ahead for each pawn:
    a pawn that can deliver a needed kind with its next move is nearly a
    collected kind (more so when it is its turn), and a pawn carrying
    needed parts that the other pawn can land on, with the other to move,
    is about to lose them.
    """
    score = 0.0
    phase = pos.phase
    for x in (0, 1):
        got = pos.got[x]
        v = 1000 * len(got)
        if phase == TAKING and pos.turn == x:
            v += 1000
        sq = pos.pawns[x]
        if sq is None:
            v -= 20 * _approach(pos, x, None)
        else:
            stack = pos.stacks[sq]
            new = sum(1 for k in KINDS if k in stack and k not in got)
            if new:
                v += 250 + 40 * (new - 1)
                if phase == MOVING and _delivers_next(pos, x):
                    v += 550 if pos.turn == x else 250
                else:
                    v -= 40 * ENTRANCE_DISTANCE[sq] + 5 * len(stack)
                other = pos.pawns[1 - x]
                if phase == MOVING and pos.turn != x and other is not None and other != sq \
                        and _reaches(pos, 1 - x, sq):
                    v -= 350
            else:
                v -= 20 * _approach(pos, x, sq)
        score += v if x == me else -v
    return score


def _round_result(pos: Pos, me: int, results_at_root: int, ply: int) -> float | None:
    if len(pos.results) == results_at_root:
        return None
    winner = pos.results[-1]
    if winner is None:
        return 0.0
    return (WIN - ply) if winner == me else -(WIN - ply)


class GreedyBot:
    """Plays the move whose resulting position scores best, one ply ahead.

    It delivers whenever it can, attacks when that pays at once, and walks
    towards the parts it needs; it does not look at the reply.
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        pos = state.pos
        me = pos.turn
        best, best_value = [], None
        results = len(pos.results)
        for action in pos.legal():
            child = pos.copy()
            child.apply(action)
            value = _round_result(child, me, results, 0)
            if value is None:
                value = simple_evaluate(child, me)
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


class _Timeout(Exception):
    pass


_EXACT, _LOWER, _UPPER = 0, 1, 2


LEVELS = {1: (2, None), 2: (4, None), 3: (64, 0.4)}
"""Difficulty: ``level -> (maximum depth, seconds per move or None)``."""


class StrongBot:
    """Alpha-beta over the current round with iterative deepening.

    ``level`` 1 and 2 search a fixed 2 and 4 plies; level 3 deepens until its
    time budget (0.4 s per move by default, leaving room under the one-second
    target on a busy machine) runs
    out and plays the best move of the last finished depth. ``node_budget``
    replaces the clock by a count of searched positions, so that a game is
    reproducible on any machine (the book's notebooks use it). Positions that end
    the round are scored as a win or loss, earlier ones better.
    Put-backs deep in the tree are narrowed to the few most promising squares
    (the root always considers every legal action).
    """

    name = "strong"
    PUT_WIDTH = 6

    def __init__(self, seed: int = 0, level: int = 3, seconds: float | None = None,
                 node_budget: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}")
        self.rng = Rng(seed)
        self.level = level
        self.max_depth, self.seconds = LEVELS[level]
        if seconds is not None:
            self.seconds = seconds
        if node_budget is not None:
            # A budget in nodes instead of seconds: the same moves on every machine,
            # for reproducible notebooks and tests.
            self.seconds, self.max_depth = None, 64
        self.node_budget = node_budget
        self.nodes = 0
        self.depth_reached = 0
        self.last_value = 0.0

    def choose(self, state):
        return self.choose_pos(state.pos)

    def choose_pos(self, pos: Pos):
        me = pos.turn
        actions = pos.legal()
        if len(actions) == 1:
            return actions[0]
        # Shuffle first (seeded) so equal moves vary between games, then search.
        order = list(actions)
        self.rng.shuffle(order)
        self.nodes = 0
        self._deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self._me = me
        self._results = len(pos.results)
        self._table = {}
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            try:
                value, move = self._root(pos, order, depth)
            except _Timeout:
                break
            best, self.last_value, self.depth_reached = move, value, depth
            order.remove(move)
            order.insert(0, move)
            if abs(value) > WIN - 1000:
                break  # a forced result is known; deeper search cannot change it
        return best

    def _root(self, pos, order, depth):
        alpha, beta = -float("inf"), float("inf")
        best_value, best = -float("inf"), order[0]
        for action in order:
            child = pos.copy()
            child.apply(action)
            value = self._search(child, depth - 1, alpha, beta, 1)
            if value > best_value:
                best_value, best = value, action
            alpha = max(alpha, value)
        return best_value, best

    def _children(self, pos: Pos):
        actions = pos.legal()
        if pos.phase == MOVING:
            # Deliveries and attacks first: they are the moves that change the score.
            p = pos.turn
            other = pos.pawns[1 - p]

            def urgency(a):
                if type(a) is Move:
                    return -(2 if a.to in ENTRANCES and (pos.stacks[a.frm] or pos.stacks[a.to]) else 0) \
                        - (1 if a.to == other else 0)
                if type(a) is Enter:
                    return -(1 if a.to == other else 0)
                return 0

            actions.sort(key=urgency)
        elif pos.phase == RETURNING and len(actions) > self.PUT_WIDTH:
            p = pos.turn
            scored = []
            for a in actions:
                child = pos.copy()
                child.apply(a)
                scored.append((-evaluate(child, p), a))
            scored.sort(key=lambda t: t[0])
            actions = [a for _, a in scored[:self.PUT_WIDTH]]
        return actions

    def _search(self, pos: Pos, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self._deadline is not None and not self.nodes & 15 and time.perf_counter() > self._deadline:
            raise _Timeout
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _Timeout
        result = _round_result(pos, self._me, self._results, ply)
        if result is not None:
            return result
        if depth <= 0:
            return evaluate(pos, self._me)
        # Transposition table: the same position is reached by many move orders
        # (put-backs in particular), and iterative deepening revisits them all.
        key = pos.key()
        entry = self._table.get(key)
        first = None
        if entry is not None:
            stored_depth, flag, stored, first = entry
            if stored_depth >= depth and (flag == _EXACT or (flag == _LOWER and stored >= beta)
                                          or (flag == _UPPER and stored <= alpha)):
                return stored
        alpha0, beta0 = alpha, beta
        maximise = pos.turn == self._me
        value = -float("inf") if maximise else float("inf")
        children = self._children(pos)
        if first is not None and first in children:
            children.remove(first)
            children.insert(0, first)
        best = None
        for action in children:
            child = pos.copy()
            child.apply(action)
            v = self._search(child, depth - 1, alpha, beta, ply + 1)
            if maximise:
                if v > value:
                    value, best = v, action
                if value > alpha:
                    alpha = value
            else:
                if v < value:
                    value, best = v, action
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        flag = _UPPER if value <= alpha0 else _LOWER if value >= beta0 else _EXACT
        self._table[key] = (depth, flag, value, best)
        return value
