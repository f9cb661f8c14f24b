"""Creature abilities in combat: the Attacktite tearing a squad apart (rule ce-attacktite, ruling
ce-attacktite-how).

The text's first ability example: a squad holding an Attacktite, when it attacks, "can rip apart
Squads and fight each creature separately", the whole attacking squad taking part in each of those
combats. ``fight II 2:III apart`` starts the first of them against the defending squad's first
creature (in squad order, a Necromancer last); each combat the attackers win kills that one creature
(its kill points to the attacker, its gore and items on its hex) and the next begins at once; the
first they lose kills the attacking squad as any lost attack does, and what is left of the torn
squad lives on. A squad torn down to its last creature dies as a whole, resources and dig too.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import death as de
from . import fights as fx
from . import spells as sl
from .basics import fight_options, lone_fight, squad_name
from .combat import ATTACKER, DEFENDER
from .ground import Refusal
from .movement import Squad

ATTACKTITE = "attacktite"


def rippers(squad: Squad) -> bool:
    """Whether ``squad`` holds a creature that tears squads apart (the Attacktite)."""
    return any(c.card == ATTACKTITE for c in squad.creatures)


def order_apart(squad: Squad) -> list[str]:
    """The creatures of a torn squad in the order they are fought: squad order, the Necromancer last
    (ruling ce-attacktite-how: so a Necromancer dies only with the last of its squad)."""
    return [c.id for c in sorted(squad.creatures, key=lambda c: c.necromancer)]


def apart_refusal(state, attackers, did: str):
    """Why ``fight <card> <did> apart`` is refused now (rule ce-attacktite; ruling ce-attacktite-how);
    None: it may be fought."""
    if (tuple(attackers), did) not in fight_options(state):
        return _plain_refusal(state, attackers, did)
    if len(attackers) != 1 or not rippers(state.squads[attackers[0]]):
        return Refusal("ce-attacktite", "only a squad holding an Attacktite tears a squad apart, and it attacks alone")
    if fx.is_crystal(did) or len(state.squads[did].creatures) < 2:
        return Refusal("ce-attacktite", "only a squad of two or more creatures can be torn apart")
    if not lone_fight(state, attackers, did):
        return Refusal("ce-attacktite-how", "other squads would join this fight: a flanked fight is not torn apart")
    return None


def _plain_refusal(state, attackers, did) -> Refusal:
    """Why the plain fight itself may not be started (the fight rules' own refusal)."""
    phase = 1 if state.must_fight else 3
    refusal = fx.fight_refusal(state.ground, state.squads, state.turn, attackers, did, phase,
                               state.must_fight or None, state.crystals())
    return refusal or Refusal("ce-attacktite", "this fight may not be started now")


def apart_options(state) -> list[str]:
    """``fight II 2:III apart`` for every fight the turn player may start that an Attacktite's squad
    may tear apart (after the plain fights, in the same order)."""
    out = []
    for att, did in fight_options(state):
        if len(att) == 1 and not fx.is_crystal(did) and apart_refusal(state, att, did) is None:
            out.append(f"fight {state.squads[att[0]].card} {did} apart")
    return out


def check_apart(state, attackers: list[str], did: str) -> None:
    """Refuse ``fight II 2:III apart`` unless it may be fought now (rule ce-attacktite)."""
    refusal = apart_refusal(state, attackers, did)
    if refusal:
        raise IllegalAction(f"fight {did} apart", refusal.rule, refusal.reason)


def tear(state, attackers: list[str], did: str) -> None:
    """The attack just set up (:func:`necro.cave_evil.fighting.apply_fight`) is fought against the
    torn squad's first creature alone (rule ce-attacktite)."""
    order = order_apart(state.squads[did])
    _face(state, did, order)
    state.note("ce-attacktite", f"The Attacktite tears {squad_name(state, did)} apart: squad "
                                f"{state.squads[attackers[0]].card} fights each of its {len(order)} creatures "
                                "in a combat of its own, the whole squad in each.")


def _face(state, did: str, order: list[str]) -> None:
    """The record's defender is the torn squad's creature ``order[0]``; the rest wait their turn."""
    record = state.combat
    record["sides"][DEFENDER] = [fx.snapshot(state.squads[did], {order[0]})]
    record["apart"] = order[1:]
    state._fight = None


def torn(state, record: dict, score: str) -> bool:
    """A torn-apart combat won by the attackers: the creature fought dies alone, and the next one is
    fought at once (rule ce-attacktite). False: it was the squad's last creature, and the fight ends
    as any fight does (the whole squad dies)."""
    did = record["defenders"][0]
    squad = state.squads[did]
    if len(squad.creatures) == 1 or not record["apart"]:
        return False
    member = record["sides"][DEFENDER][0][0]
    by = state.squads[record["attackers"][0]].owner
    state.note("ce-attacktite", f"The attacker wins {score}: {squad_name(state, did)} loses one creature "
                                f"({member['card'] or member['size']}).")
    for sid, members in zip(record["attackers"], record["sides"][ATTACKER]):
        sl.use_up(state, sid, members)
    creature = squad.creature(member["id"])
    squad.creatures.remove(creature)
    alone = Squad(squad.id, squad.owner, squad.hex, [creature], squad.card)
    held = state.digs.pop(squad.id, None)  # the dig stays with what is left of the squad
    points = de.bury(state, alone, by, set(fx.spent([member])))
    if held is not None:
        state.digs[squad.id] = held
    de.award_kill_points(state, by, points)
    attackers = record["attackers"]
    state.last_combat = record
    state.combat = fx.new_record(state.squads, attackers, did, record["phase"])
    state.items_used += fx.once_a_turn(state.combat, state.items_used)
    _face(state, did, record["apart"])
    return True
