"""The Protectors at play (the mini-expansion; rules ce-protector-wake, ce-protector-attack,
ce-protector-return): a Protector wakes when a squad comes near its pit, attacks as the turn's
actions end, and goes home after a win. Their cards, deck and reach are :mod:`.protectors`.
"""

from __future__ import annotations

from . import fights as fx
from . import protectors as px
from .basics import PLAY, card_key, squad_name, squad_title


def watch(state) -> None:
    """After each action of the turn player: a Protector with one of its squads within reach of
    its pit wakes and walks up to the nearest (ruling ce-protector-wake), once a turn."""
    if state.phase != PLAY or state.turn is None or state.queue or state.combat is not None or state.guard \
            or state.part != "actions" or state.must_fight or state.pending is not None or state.finishing():
        return
    for pid, home in sorted(state.homes.items()):
        if pid in state.roused or pid not in state.squads:
            continue
        guard = state.squads[pid]
        near = px.intruders(state.ground, state.squads, guard, home, state.turn)
        if not near:
            continue
        target = state.squads[near[0]]
        to = px.approach(state.ground, state.squads, guard, target)
        state.roused[pid] = target.id
        if to != guard.hex:
            state.squads.relocate(pid, to)
        state.note("ce-protector-wake", f"{squad_title(state, target.id)} comes within {px.reach(guard)} spaces of "
                                        f"Protector {guard.card}'s pit: it wakes and stands at {to}; it attacks "
                                        "when the turn's actions end.")
        state._cache = None


def protector_attacks(state) -> bool:
    """As the turn player ends Phase 3, a Protector it woke that stands beside one of its squads
    attacks (ruling ce-protector-attack): the squad it woke for, or else the first beside it.
    Whether a fight is now due (the turn then ends after it)."""
    for pid, woke in sorted(state.roused.items()):
        guard = state.squads.by_id.get(pid)
        if guard is None:
            continue
        beside = sorted((s.id for s in state.squads.of(state.turn)
                         if fx.target_refusal(state.ground, state.squads, s, pid) is None),
                        key=lambda sid: (sid != woke, card_key(state, sid)))
        if not beside:
            continue
        del state.roused[pid]
        state.guard, state.must_fight = pid, [beside[0]]
        state._cache = None
        if not state._legal_actions():
            state.guard, state.must_fight, state._cache = None, [], None
            continue
        state.note("ce-protector-attack", f"Protector {guard.card} attacks {squad_name(state, beside[0])}: "
                                          "it must be fought now, and squads beside the Protector may flank.")
        return True
    return False


def protector_home(state, sid: str) -> None:
    """A Protector that won a fight goes back to its pit, if nothing stands there (rule
    ce-protector-return)."""
    home, guard = state.homes[sid], state.squads[sid]
    if guard.hex != home and state.squads.at(home) is None:
        state.squads.relocate(sid, home)
        state.note("ce-protector-return", f"Protector {guard.card} has won: it returns to its pit at {home}.")
