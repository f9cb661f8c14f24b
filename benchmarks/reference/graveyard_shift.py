"""Graveyard Shift as a bare loop: the yardstick for the engine's fast path (issue: engine speed).

Plain lists, strings and ints; no validation, no log, no action objects (an action is a tuple),
the book's default rulings (a passing stack drops a part and goes on, entering on the other pawn
attacks, an attack on an entrance delivers and keeps the extra turn, the master chooses, parts go
back to any free grave or mausoleum, 200 moves draw a round). It plays random games with the same
generator calls as the engine driven by :func:`engine_game`, so on the same seed both play the same
game (tests/graveyard_shift/test_reference.py checks it): the reference cannot drift from the rules.
"""

from __future__ import annotations

from necro.core.rng import Rng

ENTRANCES = (0, 3, 12, 15)
MAUSOLEUMS = (5, 6, 9, 10)
DEAL_SQUARES = tuple(i for i in range(16) if i not in ENTRANCES)
KINDS = "BHCL"
LIMIT = 200
WHAT = "single-round games, random play"


def _ray(sq, dx, dy):
    x, y, out = sq % 4, sq // 4, []
    while 0 <= x + dx < 4 and 0 <= y + dy < 4:
        x, y = x + dx, y + dy
        out.append(4 * y + x)
    return out


RAYS = [[r for r in (_ray(sq, 0, 1), _ray(sq, 1, 0), _ray(sq, 0, -1), _ray(sq, -1, 0)) if r] for sq in range(16)]


def play(seed: int, rounds: int = 1) -> tuple[list, int]:
    """One random match: ``(results, decisions)``. Chance draws from ``Rng(seed)`` (the state's
    generator), the players from ``Rng(seed + 1)``."""
    chance, players = Rng(seed), Rng(seed + 1)
    results, wins, starter, steps = [], [0, 0], 0, 0
    needed = rounds // 2 + 1
    while True:
        # the deal
        centre, graves = list("BBHHCCLL"), list("BBHHCCLL")
        chance.shuffle(centre)
        chance.shuffle(graves)
        stacks = [""] * 16
        for sq in DEAL_SQUARES:
            stacks[sq] = centre.pop(0) + centre.pop(0) if sq in MAUSOLEUMS else graves.pop(0)
        pawns, got, entered = [None, None], ["", ""], [False, False]
        turn, pool, after, plies, phase, winner = starter, "", 0, 0, "move", None
        while winner is None:
            p = turn
            if phase == "move":
                other = pawns[1 - p]
                if pawns[p] is None:
                    options = [e for e in ENTRANCES if not (other == e and not entered[p])]
                    to = options[players.randbelow(len(options))]
                    pawns[p], entered[p] = to, True
                    plies += 1
                    turn = p if other == to else 1 - p
                else:
                    frm = pawns[p]
                    length = max(len(stacks[frm]), 1)
                    targets = sorted((ray[:length][-1], ray[:length]) for ray in RAYS[frm])
                    to, path = targets[players.randbelow(len(targets))]
                    carried, stacks[frm] = stacks[frm], ""
                    for q in path[:-1]:
                        if len(carried) > 1:
                            stacks[q] += carried[0]
                            carried = carried[1:]
                    stacks[to] += carried
                    pawns[p] = to
                    plies += 1
                    attack = other == to
                    if to in ENTRANCES and stacks[to]:
                        pool, stacks[to] = stacks[to], ""
                        after = p if attack else 1 - p
                        new = [k for k in KINDS if k in pool and k not in got[p]]
                        turn = p
                        if len(new) > 1:
                            phase = "take"
                        elif new:
                            phase, winner = _take(new[0], p, got, pawns)
                            i = pool.rindex(new[0])
                            pool = pool[:i] + pool[i + 1:]
                        if winner is None and phase != "take":
                            phase, turn = ("return", 1 - p) if pool else ("move", after)
                    else:
                        turn = p if attack else 1 - p
                if winner is None and phase == "move" and plies >= LIMIT:
                    winner = -1
            elif phase == "take":
                new = [k for k in KINDS if k in pool and k not in got[p]]
                kind = new[players.randbelow(len(new))]
                i = pool.rindex(kind)
                pool = pool[:i] + pool[i + 1:]
                phase, winner = _take(kind, p, got, pawns)
                if winner is None:
                    phase, turn = ("return", 1 - p) if pool else ("move", after)
            else:  # return: put one waiting part back
                free = [q for q in DEAL_SQUARES if q != pawns[0] and q != pawns[1]]
                options = [(k, q) for k in KINDS if k in pool for q in free]
                kind, q = options[players.randbelow(len(options))]
                i = pool.index(kind)
                pool = pool[:i] + pool[i + 1:]
                stacks[q] += kind
                if pool:
                    turn = 1 - p
                else:
                    phase, turn = "move", after
            steps += 1
        results.append(None if winner < 0 else winner)
        if winner >= 0:
            wins[winner] += 1
        if max(wins) >= needed or len(results) >= rounds:
            return results, steps
        starter = 1 - starter if winner < 0 else 1 - winner  # the loser starts the next round


def _take(kind, p, got, pawns):
    """The master keeps ``kind``; returns ``(phase, winner)`` (winner None: the round goes on)."""
    got[p] += kind
    if len(got[p]) == 4:
        return "over", p
    pawns[p] = None
    return "return", None


def engine_game(seed: int, rounds: int = 1):
    """The same random match on the engine's fast path: ``(results, decisions)``."""
    from necro.core.bots import random_playout
    from necro.graveyard_shift import GraveyardShift

    state = GraveyardShift(rounds=rounds).new_initial_state(seed)
    steps = random_playout(state, Rng(seed + 1))
    return list(state.pos.results), steps
