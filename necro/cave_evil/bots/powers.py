"""When the heuristic player spends its Necromancer's once-per-game power (rules ce-power-teleport,
ce-power-blast, ce-power-enthrall, ce-power-split): each power's worth in the position now, in the
units of :mod:`.scoring` (None: keep it for later). A power is spent once, so each waits for a
clear gain: a jump of several spaces towards where squad N must be, a blast that burns an enemy
Necromancer or several enemy creatures, a strong enemy squad taken for good, the Black Wizard's
split in the Pit race."""

from __future__ import annotations

from ..combat import KILL_POINTS
from ..hexes import distance, neighbours, parse_hex
from ..movement import squad_id
from .knowledge import BITCH, EMPEROR, GOAT, PIT, STATUE, _squad_power

TELEPORT_GAIN = 6.0
"""The least improvement of squad N's goal (:meth:`~.plans.Plans._goal`: about two spaces a unit in a
race to The Pit, one when hunting) that a teleport must bring over the best ordinary move."""
BLAST_WORTH = 9.0
"""The least worth of a blast: enemy kill points burnt (a large creature's 9), less our own losses."""
ENTHRALL_POWER = 35
"""The least summed attributes of an enemy squad worth taking for good (a medium creature and a small
one, or a large one)."""
OWN_LOSS = 6.0
"""What each of our own creatures burnt by our blast costs, in kill points."""


def teleport_choice(t) -> tuple[float, str] | None:
    """The best teleport of squad N and its gain (the goal's improvement: squad N may still walk after
    it); None: no teleport. It waits for the Evil to wake (the race to The Pit, the eyes, fleeing or
    hunting), or for the sleeping Goat to kneel before, and never lands on its own crystal (the
    Statue's eyes must be carried onto it by a move, and no Evil is won on the power's turn)."""
    teleports = [a for a in t.actions if a.startswith("teleport ")]
    evil = t.bot._evil(t.state)
    if not teleports or t.n is None or evil is None or not (t.bot._awake(t.state) or evil == GOAT):
        return None
    home = t.state.crystals().get(t.p)
    teleports = [a for a in teleports if parse_hex(a.split()[2]) != home]
    if not teleports:
        return None
    goal = t.bot._goal(t.state, t.p, t.n.id)
    best = min(teleports, key=lambda a: (goal(parse_hex(a.split()[2])), a))
    gain = goal(t.n.hex) - goal(parse_hex(best.split()[2]))
    return (gain, best) if gain >= TELEPORT_GAIN else None


def blast_worth(t) -> float:
    """What the Psychomancer's blast would earn now: enemy kill points burnt, an enemy Necromancer (its
    player out), the Statue (its eyes torn out), less our own creatures beside it."""
    worth, evil = 0.0, t.bot._evil(t.state)
    for s in t.state.squads:
        if s.id == t.n.id or s.hex not in neighbours(t.n.hex):
            continue
        if any(c.card in (EMPEROR, GOAT) for c in s.creatures):
            continue  # no power works on them (the engine leaves them out)
        if s.owner == t.p:
            worth -= OWN_LOSS * sum(1 for c in s.creatures if not c.necromancer)
        elif s.owner is None:
            worth += 20.0 if any(c.card == STATUE for c in s.creatures) else \
                sum(KILL_POINTS["wandering"][c.size] for c in s.creatures)
        else:
            worth += sum(KILL_POINTS["enemy"][c.size] for c in s.creatures if not c.necromancer)
            worth += 50.0 if s.has_necromancer else 0.0
            if evil == BITCH and t.bot._hungry(t.state, t.p):
                worth += 20.0  # any enemy kill point saves its Necromancer when she wakes
    return worth


def enthrall_choice(t) -> tuple[float, str] | None:
    """The strongest enemy squad the Ice Dead Sorceress may take for good, if strong enough."""
    options = [a for a in t.actions if a.startswith("enthrall ")]
    if not options:
        return None
    power, best = max((_squad_power(t.state.squads[a.split()[2]]), a) for a in options)
    return (power, best) if power >= ENTHRALL_POWER else None


def score_teleport(t, action: str) -> float | None:
    if not t.power_ok:
        return None
    choice = t.teleport
    return t.POWER + choice[0] if choice is not None and choice[1] == action else None


def score_blast(t, action: str) -> float | None:
    if not t.power_ok:
        return None
    worth = blast_worth(t)
    return t.POWER + worth if worth >= BLAST_WORTH else None


def score_enthrall(t, action: str) -> float | None:
    if not t.power_ok:
        return None
    choice = t.enthrall
    return t.POWER + choice[0] / 10 if choice is not None and choice[1] == action else None


def score_split(t, action: str) -> float | None:
    """The Black Wizard splits as soon as it may in the Pit race, before the Evil wakes: two wizards,
    two ways to The Pit."""
    if not t.power_ok:
        return None
    first = next(a for a in t.actions if a.startswith("split "))
    if action == first and t.bot._evil(t.state) == PIT and not t.bot._awake(t.state):
        return t.SPLIT
    return None


DEFENCE_BAD_ODDS = 0.6
"""The attacker's chance of winning above which a defending Necromancer spends its power to escape."""


def defence_answer(bot, state, actions: list[str]) -> str | None:
    """The defender's answer before the dice (ruling ce-power-when): enthrall an attacking squad (the
    fight is off and a squad is won); blast the attackers beside squad N, or teleport squad N away,
    when the fight looks lost and the blast burns none of ours; else no power."""
    from ..odds import chance_now

    combat = state.combat
    attackers = set(combat.get("attackers", ())) if combat else set()
    enthrall = [a for a in actions if a.startswith("enthrall N ") and a.split()[2] in attackers]
    if enthrall:
        return enthrall[0]
    if float(chance_now(state.fight)) < DEFENCE_BAD_ODDS:
        return None
    p = state.current_player()
    n = state.squads.by_id.get(squad_id(p, "N"))
    if "blast N" in actions and n is not None:
        ours = [s for s in state.squads if s.owner == p and s.id != n.id and s.hex in neighbours(n.hex)]
        if not ours:
            return "blast N"
    teleports = [a for a in actions if a.startswith("teleport N ")]
    if teleports and n is not None:
        home = state.crystals().get(p, n.hex)
        return min(teleports, key=lambda a: (distance(parse_hex(a.split()[2]), home), a))
    return None
