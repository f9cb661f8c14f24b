"""Squad action I. Subdue (rules ce-subdue, ce-subdue-alone, ce-subdue-after): a fight (or a shot)
at a Wandering Monster, alone, that takes it captive instead of killing it. The fight itself is
:mod:`.fighting`'s; what a win means is :func:`capture`.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import death as de
from . import fights as fx
from . import loot as lt
from .basics import card_key, fight_notation, fight_options, is_evil_squad
from .ground import Refusal
from .hexes import Hex, neighbours, parse_hex
from .movement import Squad, squad_id, step_refusal
from .movement import step as step_to


def subdue_options(state) -> list[str]:
    """Every fight or shot at a Wandering Monster that may subdue it instead of killing it
    (rules ce-subdue, ce-subdue-alone): alone or flanking, hand to hand or by a shot."""
    melee = [(att, did) for att, did in fight_options(state) if did.startswith("w:")]
    shots = [] if state.must_fight else [
        (att, did) for att, did in fx.shoot_options(state.ground, state.squads, state.turn, order=lambda sid: card_key(state, sid),
                                                    crystals=state.crystals(), large=lt.large_hexes(state.loot))
        if did.startswith("w:")]
    out = [fight_notation(state, att, did, "subdue") for att, did in melee
           if subdue_refusal(state, list(att), did) is None]
    out += [fight_notation(state, att, did, "subdue") + " by shot" for att, did in shots
            if subdue_refusal(state, list(att), did, shot=True) is None]
    return out


def subdue_refusal(state, sids: list[str], did: str, shot: bool = False) -> Refusal | None:
    """Why the turn player's squads ``sids`` may not try to subdue ``did`` now, hand to hand or
    (``shot``) by a shot (rules ce-subdue, ce-subdue-alone)."""
    for sid in sids:
        if sid not in state.squads or state.squads[sid].owner != state.turn:
            return Refusal("ce-control-cards", f"player {state.turn + 1} has no squad {sid}")
    if did not in state.squads or not state.squads[did].wandering:
        return Refusal("ce-subdue", f"there is no Wandering Monster {did} to subdue")
    if is_evil_squad(state, did):
        return Refusal("ce-evil-statue", "an Awakened Evil is neither hired nor subdued: it is fought")
    phase = 1 if state.must_fight else 3
    if shot:
        if state.must_fight:
            return Refusal("ce-shoot-alone", "Phase 1 fights are hand to hand: a shot waits for Phase 3")
        refusal = fx.shoot_refusal(state.ground, state.squads, state.turn, sids, did, state.crystals(),
                                   lt.large_hexes(state.loot))
    else:
        refusal = fx.fight_refusal(state.ground, state.squads, state.turn, sids, did, phase, state.must_fight or None,
                                   state.crystals())
    if refusal:
        return refusal
    if not [c for c in state.squads.free_cards(state.turn) if c != "N"]:
        return Refusal("ce-hire-card", f"player {state.turn + 1} has no empty control card for a subdued monster")
    if not shot:
        side, defenders = fx.engagement(state.ground, state.squads, state.turn, sids, did, phase, state.crystals())
        if list(side) != list(sids) or list(defenders) != [did]:
            return Refusal("ce-subdue-alone", "other squads would join this fight: it can only be fought to the death")
    return None


def subdued_steps(state, sid: str) -> list[Hex]:
    """Where a subdued squad may step (rule ce-subdue-after): off its spawn pit to any free
    neighbouring hex, or into a neighbouring friendly squad with room."""
    squad = state.squads[sid]
    on_pit = squad.hex in state.ground.spawn_pits
    return [h for h in neighbours(squad.hex) if step_refusal(state.ground, state.squads, sid, h) is None
            and (on_pit or state.squads.at(h) is not None)]


def capture(state, did: str) -> None:
    """A subdued monster joins the turn player on its first empty control card, its creatures
    done for the turn (rule ce-subdue-after); on a spawn pit with nowhere to go, it dies."""
    monster = state.squads.remove(did)
    card = [c for c in state.squads.free_cards(state.turn) if c != "N"][0]
    for c in monster.creatures:
        c.moved, c.acted, c.halted = 0, True, True
    new = state.squads.add(Squad(squad_id(state.turn, card), state.turn, monster.hex, monster.creatures, card,
                                 dict(monster.resources)))
    state.note("ce-subdue", f"Wandering Monster {monster.card} is beaten into submission: it goes on control card "
                            f"{card}, and neither moves nor acts this turn.")
    steps = subdued_steps(state, new.id)
    if monster.hex in state.ground.spawn_pits and not steps:
        state.squads.remove(new.id)
        points = de.bury(state, monster, state.turn, set())  # it dies a Wandering Monster
        state.kill_points[state.turn] += points
        state.note("ce-subdue-after", f"Squad {card} is stuck on its spawn pit with nowhere to go: it dies "
                                      f"({points:g} kill points).")
    elif steps or monster.hex in state.ground.spawn_pits:
        state.pending = {"kind": "subdued", "squad": new.id}


def apply_subdued_step(state, kind: str, to: Hex | None) -> None:
    """The subdued squad steps to ``to`` (off its pit, or into a friendly squad), or stays (rule ce-
    subdue-after)."""
    sid = state.pending["squad"]
    card = state.squads[sid].card
    state.pending = None
    if to is None:
        state.note("ce-subdue-after", f"Squad {card} stays where it was subdued.")
        return
    moved = step_to(state.ground, state.squads, sid, to)
    keeper = state.squads[moved.squad].card
    state.note("ce-subdue-after", f"Squad {card} " + (f"joins squad {keeper} at {to}." if moved.merged
                                                       else f"steps off the spawn pit to {to}."))


def explain_subdued(state, kind, g) -> tuple[str, str]:
    """Why an action is refused while a subdued squad steps (rule ce-subdue-after)."""
    pending = state.pending
    card = state.squads[pending["squad"]].card
    if kind == "stay" or (kind == "move-to" and g[0] == card):
        return "ce-subdue-after", ("a subdued squad only steps off its spawn pit or into a friendly squad "
                                   "next to it, with room")
    return "ce-subdue-after", f"the subdued squad {card} joins a friendly squad next to it (move {card} +q+r) or stays"


def step_subdued(state, kind, g, action) -> None:
    """``move II +1-1`` or ``stay``: the subdued squad steps off its pit or into a friendly squad, or
    stays (rule ce-subdue-after)."""
    if action not in state._legal_actions_fresh():
        raise IllegalAction(action, *explain_subdued(state, kind, g))
    apply_subdued_step(state, kind, parse_hex(g[1]) if kind == "move-to" else None)
