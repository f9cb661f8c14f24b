"""Squad action G. Ranged Combat (rules ce-shoot, ce-shoot-alone, ce-shoot-first,
ce-shoot-defence, ce-shoot-miss): a shot is fought as a fight (:mod:`.fighting`) by the shooting
creatures only; a missed shot spares the shooters unless the target shot back.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import fighting as fg
from . import fights as fx
from . import loot as lt
from . import picking as pk
from .basics import is_emperor, squad_name
from .combat import ATTACKER, DEFENDER
from .movement import squad_id


def explain_shoot(state, g) -> tuple[str, str]:
    """Why ``shoot ...`` is refused (rules ce-shoot, ce-shoot-alone, ce-line-of-sight)."""
    cards = g[0].split(",")
    shooters = [squad_id(state.turn, c) for c in cards]
    for sid, card in zip(shooters, cards):
        if sid not in state.squads:
            return "ce-control-cards", f"player {state.turn + 1} has no squad on card {card}"
    if state.must_fight:
        return "ce-shoot-alone", ("Phase 1 is fought hand to hand: first every squad that began the turn next to "
                                  "an enemy must fight (" + ", ".join(state.squads[s].card for s in state.must_fight) + ")")
    refusal = fx.shoot_refusal(state.ground, state.squads, state.turn, shooters, g[1], state.crystals(),
                               lt.large_hexes(state.loot))
    if refusal:
        return refusal.rule, refusal.reason
    if state.power_turn and is_emperor(state, g[1]):
        return "ce-power", "no Awakened Evil is defeated in a turn its Necromancer used its once-per-game power"
    return "ce-shoot", "name the shooting squads in card order (N, I, II, III, IV, V)"


def apply_shoot(state, shooters: list[str], did: str, subdue: bool = False) -> None:
    """``shoot II w:A`` (or a subdue by shot): only the shooting creatures fight, with the first
    attribute their cards fix; the target may shoot back (rules ce-shoot, ce-shoot-first, ce-
    shoot-defence); it is the shooters' action."""
    crystals = state.crystals()
    if state.must_fight:
        raise IllegalAction(f"shoot {did}", *explain_shoot(state, (",".join(state.squads[s].card for s in shooters
                                                                            if s in state.squads), did)))
    refusal = fx.shoot_refusal(state.ground, state.squads, state.turn, shooters, did, crystals, lt.large_hexes(state.loot))
    if refusal:
        raise IllegalAction(f"shoot {did}", refusal.rule, refusal.reason)
    if fx.is_crystal(did):
        _, defenders = fx.engagement(state.ground, state.squads, state.turn, shooters, did, 3, crystals)
    else:
        defenders = [did]
    for sid in defenders:  # as in a fight hand to hand (ruling ce-wandering-pick)
        if sid in state.squads:
            pk.monster_takes_up(state, state.squads[sid])
    state.combat = fx.shot_record(state.squads, shooters, did, crystals, defenders)
    state.items_used += fx.once_a_turn(state.combat, state.items_used)
    if subdue:
        state.combat["subdue"] = True
    state._fight = None
    state.last_combat = None
    cards = [state.squads[a].card for a in shooters]
    who = f"Squad {cards[0]}" if len(cards) == 1 else "Squads " + ", ".join(cards[:-1]) + f" and {cards[-1]}"
    where = crystals[fx.crystal_owner(did)] if fx.is_crystal(did) else state.squads[did].hex
    aim = ", ".join(f["id"] for m in state.combat["sides"][ATTACKER] for f in m)
    verb = (f"shoot{'s' if len(cards) == 1 else ''} to subdue" if subdue else
            f"shoot{'s' if len(cards) == 1 else ''} at")
    state.note("ce-subdue" if subdue else "ce-shoot", f"{who} {verb} {squad_name(state, did)} at {where}: "
                                                      f"only {aim} fight{'s' if ',' not in aim else ''}.")
    firsts = fx.firsts_of(state.combat)
    if firsts and state.fight.stabbist:
        state.note("ce-stabbist", "The target's Stabbist picks every attribute: the shooters must follow its choice.")
    elif firsts:
        state.note("ce-shoot-first", f"The shooters' cards fix the first attribute: {' or '.join(firsts)}.")
    if state.combat.get("defence") == "ranged":
        back = ", ".join(f["id"] for f in state.combat["sides"][DEFENDER][0])
        state.note("ce-shoot-defence", f"The target shoots back: only {back} defend{'s' if ',' not in back else ''}, "
                                       "and if it wins the shooters die.")
    fg.note_sides(state, [], defenders)
    fg.spend_action(state, shooters, who, len(cards))
    fg.pay_to_use(state)
