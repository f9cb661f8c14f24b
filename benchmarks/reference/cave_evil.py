"""Cave Evil's combat as a bare loop: the yardstick for the engine's fast path (issue: engine speed).

Only the combat is covered: the six-attribute D12 fight that the odds (``necro/cave_evil/odds.py``),
the bots and every fight on the map stand on. The map game itself (15,000 lines of set-up,
digging, moving, conjuring, events, Awakened Evils) has no reference loop: random play of it would
need every phase's legal actions in the engine's order, a second engine rather than a bare loop,
so it is not compared here. Shots (the first attribute fixed by the shooters' cards, rule
ce-shoot-first), the Wandering Monster's own reply (ruling ce-wandering-second), abilities given
by hand and everything the card data does not model are not exercised either.

A "game" is one combat of a pool of seeded random match-ups (``benchmarks/cave_evil_combat.py``:
one or two legal squads a side drawn from the card file, sometimes with items and a spell, the
defender a player's squad or a Wandering Monster): ``play(seed)`` fights match-up
``seed % POOL`` with the generator ``Rng(seed)``. The attacker opens with a random attribute
(``randbelow(6)``), the defender replies with a random neighbour (``randbelow(2)``), each round
throws the attacker's D12 then the defender's (``randbelow(12) + 1``) until the scores differ; two
round wins kill the whole other side, which gives kill points (to a player only) and gore, and
drops its items and spells but those spent by use. A defending Stabbist (rule ce-stabbist) replies
with any attribute not fought yet (``randbelow(5)``) and picks the third as well (``randbelow(4)``).

The match-ups are turned into plain tuples once, outside the timed part (a creature's printed
attributes in ring order, its size, its card's effects; an item's effects, what it cancels, how it
is used), as the engine's ``Side`` values are built once. Per combat the loop does what the engine
does per combat: it filters the effects that work for each side's role and the items the other
side does not cancel (rules ce-ability-when, ce-item-cancel), and makes a total (rules
ce-combat-total, ce-binding, ce-ability-own-squad, floors ce-combat-floor, ce-combat-floor-total)
for each attribute fought, when it is first fought. No validation, no log, no per-round objects.

:func:`engine_game` fights the same match-up with ``necro.cave_evil.combat.fight_random`` and the
same seed (the engine's fast path: it checks both sides, as every ``Combat`` does, but not the
choices and dice it draws itself), so both fight the same combat (tests/cave_evil/test_reference.py checks the winner, the
attributes and totals of every round, the throws, the dead, kill points, gore and drops): the loop
cannot drift from the engine's rules.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

from necro.cave_evil.combat import fight_random
from necro.core.rng import Rng

WHAT = "one combat: a random opening and reply, seeded match-ups from the card file"
POOL = 200
"""Match-ups in the pool (the benchmark's default)."""

RING = ("strength", "special", "dodge", "bloodthirst", "armor", "weapon")
ROLES = ("attacker", "defender")
KILL_POINTS = {True: {"large": 9.0, "medium": 6.0, "small": 3.0, "trinket": 1.5},   # a player's creatures
               False: {"large": 3.0, "medium": 2.0, "small": 1.0, "trinket": 0.5}}  # a monster's
GORE = {"large": 3, "medium": 2, "small": 1, "trinket": 0}
FLOOR = 0
"""What a creature adds at least to a total, whatever binds it (rule ce-combat-floor)."""
ALWAYS, ATTACKING = "always", "attacking"


# ------------------------------------------------------------------ the match-ups, as plain tuples
def _plain_effects(effects) -> tuple:
    return tuple((RING.index(e.attribute), e.amount, e.to, e.when) for e in effects)


def plain(side) -> tuple:
    """``(player?, fighters, cards, stabbist?)`` of an engine ``Side``: each fighter ``(squad, attributes,
    size, effects)``, each item or spell ``(id, effects, cancels, dropped?)`` (abilities given by
    hand come last, as cards that cancel nothing and are never dropped)."""
    fighters = tuple((i, f.card.attributes, f.card.size, _plain_effects(f.card.effects))
                     for i, squad in enumerate(side.squads) for f in squad)
    cards = tuple((c.id, _plain_effects(c.effects), c.cancels, c.use != "discard") for c in side.items + side.spells)
    cards += tuple((source, _plain_effects((e,)), (), False) for source, e in side.extra)
    stabbist = any(f.card.id == "stabbist" for squad in side.squads for f in squad)
    return side.control == "player", fighters, cards, stabbist


@lru_cache(maxsize=1)
def pool() -> tuple[list, list]:
    """The engine's match-ups and the same as plain tuples (built once)."""
    path = Path(__file__).resolve().parents[1] / "cave_evil_combat.py"
    spec = importlib.util.spec_from_file_location("cave_evil_combat", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sides = module.matchups(POOL)
    return sides, [(plain(a), plain(d)) for a, d in sides]


# ------------------------------------------------------------------ the combat
def in_force(side: tuple, attacking: bool, opponent: tuple) -> list:
    """The effects of ``side`` that work in this combat: ``(attribute, amount, to, squad, fighter)``,
    squad and fighter -1 for items and spells (they reach the whole side)."""
    theirs = {c[0] for c in opponent[2]}
    out = []
    for k, (squad, _, _, effects) in enumerate(side[1]):
        for a, amount, to, when in effects:
            if when == ALWAYS or (when == ATTACKING) == attacking:
                out.append((a, amount, to, squad, k))
    for _, effects, cancels, _ in side[2]:
        if not theirs.intersection(cancels):
            for a, amount, to, when in effects:
                if when == ALWAYS or (when == ATTACKING) == attacking:
                    out.append((a, amount, to, -1, -1))
    return out


def total(fighters: tuple, mine: list, hostile: list, a: int) -> int:
    """A side's total for attribute ``a``: each creature's printed value and what reaches it, floored,
    then the flat modifiers, the sum floored at 0."""
    flat = bound = 0
    for ea, amount, to, _, _ in hostile:
        if ea == a:
            if to == "enemies":
                bound += amount
            elif to == "opponent":
                flat += amount
    for ea, amount, to, _, _ in mine:
        if ea == a and to == "side":
            flat += amount
    s = 0
    for k, (squad, attributes, _, _) in enumerate(fighters):
        v = attributes[a] + bound
        for ea, amount, to, sq, fk in mine:
            if ea == a and ((to == "friends" and sq in (-1, squad)) or (to == "self" and fk == k)):
                v += amount
        if v > FLOOR:
            s += v
    s += flat
    return s if s > 0 else 0


def fight(att: tuple, dfd: tuple, rng: Rng) -> tuple:
    """One combat: ``(winner, rounds, throws, dead, kill points, gore, dropped)``, ``winner``
    ``"attacker"`` or ``"defender"``, ``rounds`` the ``(attribute, attacker total, defender total)``
    of each round."""
    randbelow = rng.randbelow
    mine, theirs = in_force(att, True, dfd), in_force(dfd, False, att)
    first = randbelow(6)
    order = [first]
    wins = [0, 0]
    rounds = []
    throws = 0
    while wins[0] < 2 and wins[1] < 2:
        a = order[len(rounds)]
        ta, td = total(att[1], mine, theirs, a), total(dfd[1], theirs, mine, a)
        while True:
            throws += 1
            x = randbelow(12) + 1
            y = randbelow(12) + 1
            if ta + x != td + y:
                break
        wins[ta + x < td + y] += 1
        rounds.append((RING[a], ta, td))
        if dfd[3] and len(rounds) < 3:  # a defending Stabbist picks any attribute not fought yet (rule ce-stabbist)
            left = [i for i in range(6) if i not in order]
            order.append(left[randbelow(len(left))])
        elif len(rounds) == 1:
            order.append((first - 1) % 6 if randbelow(2) == 0 else (first + 1) % 6)
        elif len(rounds) == 2:
            order.append((2 * first - order[1]) % 6)  # the neighbour left over
    winner = 0 if wins[0] == 2 else 1
    loser = dfd if winner == 0 else att
    dead = loser[1]
    points = 0.0
    if (att, dfd)[winner][0]:
        table = KILL_POINTS[loser[0]]
        points = sum(table[f[2]] for f in dead)
    return (ROLES[winner], tuple(rounds), throws, len(dead), points, sum(GORE[f[2]] for f in dead),
            tuple(c[0] for c in loser[2] if c[3]))


def play(seed: int) -> tuple:
    """Match-up ``seed % POOL`` fought with ``Rng(seed)``."""
    att, dfd = pool()[1][seed % POOL]
    return fight(att, dfd, Rng(seed))


def engine_game(seed: int) -> tuple:
    """The same combat with the engine's ``fight_random``, summed up as :func:`play` does."""
    att, dfd = pool()[0][seed % POOL]
    res = fight_random(att, dfd, Rng(seed))
    rounds = tuple((r.attribute, r.attacker.total, r.defender.total) for r in res.rounds)
    return (res.winner, rounds, sum(len(r.rolls) for r in res.rounds), len(res.dead), res.kill_points, res.gore,
            res.dropped)
