"""Squad action A. Invoke (rules ce-invoke, ce-invoke-pay, ce-invoke-place, ce-invoke-move,
ce-blood-eye-invoke): the Necromancer squad plays cards of its player's hand, paying their cost
from its own resources, into itself or a squad next to it, or as a new squad beside it. The hand
is filled by conjuring (Phase 2: :mod:`.turn`'s ``deal``, ``keep`` and ``conjure`` steps).
"""

from __future__ import annotations

from necro.core import CHANCE

from . import awaken as aw
from . import awakening as ak
from . import conjuration as cj
from . import loot as lt
from . import wizard as wz
from .basics import amounts, cost_text, in_phase_3
from .creatures import catalogue, movement_creature
from .hexes import Hex, neighbours
from .movement import Squad, fits, squad_id


def hand_cards(state, player: int) -> list[tuple[str, str]]:
    """``(deck, card)`` of each card in ``player``'s hand, sorted."""
    return [tuple(x.split(":", 1)) for x in state.hands[player]]


def invoke_options(state) -> list[str]:
    """Every card of the turn player's hand its Necromancer squad may invoke now, and where
    (rules ce-invoke, ce-invoke-place): into squad N, into a squad next to N with room, or
    as a new squad on the first free control card next to N (creatures only). A split Black
    Wizard away from squad N may invoke instead, next to its own squad (``... from II``: rule
    ce-power-split-action)."""
    if not in_phase_3(state):
        return []
    return [a + wz.suffix(n) for n in wz.casters(state, state.turn) if not (n.acted and not state.invoking)
            for a in _invoke_from(state, n)]


def _invoke_from(state, n: Squad) -> list[str]:
    """What the wizard of squad ``n`` may invoke, and where."""
    p = state.turn
    out = []
    near = [s for s in state.squads.of(p) if s.hex in neighbours(n.hex)]
    free = [c for c in state.squads.free_cards(p) if c != "N"]
    spots = sorted(h for h in neighbours(n.hex) if state.ground.is_open(h) and state.squads.at(h) is None
                   and h not in state.ground.spawn_pits and state.ground.crystals.get(h, p) == p)
    cards = catalogue()
    for card_id in sorted({c for _, c in hand_cards(state, p)}):
        cost = cj.conjuration_spec()[card_id].cost
        if not lt.affords(n, cost):
            continue
        if card_id in cards.creatures:
            new = movement_creature(cards.creature(card_id), "new")
            for s in [n] + near:
                if fits(s.creatures + [new]):
                    out.append(f"invoke {card_id} {s.card}")
            if free:
                out += [f"invoke {card_id} new {h}" for h in spots]
        else:
            for s in [n] + near:
                if any(lt.can_hold(c, card_id) for c in s.creatures):
                    out.append(f"invoke {card_id} {s.card}")
    return out


def apply_invoke(state, card_id: str, where: str, at: Hex | None, source: str | None = None) -> None:
    """``invoke C II`` / ``invoke C new +1-2`` (``... from II``: a split wizard): the card is paid
    from squad N's resources and played; a creature moves the Blood Eye (rules ce-invoke, ce-
    invoke-pay, ce-invoke-place, ce-blood-eye-invoke)."""
    p = state.turn
    n = state.squads[squad_id(p, source or "N")]
    wz.take_action(state, n)
    state.hands[p].remove(next(x for x in state.hands[p] if x.split(":", 1)[1] == card_id))
    spec = cj.conjuration_spec()[card_id]
    lt.pay(n, spec.cost)
    for r, k in spec.cost.items():
        state.ledger[r] -= k
    for c in n.creatures:
        c.acted = True
    state.invoking = True
    cards = catalogue()
    moved_before = wizard_moved(n)
    if card_id in cards.creatures:
        ids = {c.id for s in state.squads for c in s.creatures} | {d["id"] for d in state.dead}
        cid = next(f"{card_id}-{p + 1}-{k}" for k in range(1, 10_000) if f"{card_id}-{p + 1}-{k}" not in ids)
        creature = movement_creature(cards.creature(card_id), cid)
        creature.card = card_id
        if where == "new":
            card = [c for c in state.squads.free_cards(p) if c != "N"][0]
            target = state.squads.add(Squad(squad_id(p, card), p, at, [creature], card))
        else:
            target = state.squads[squad_id(p, where)]
            target.creatures.append(creature)
            creature.acted = target.id == n.id  # squad N's action is spent, the newcomer's with it
        if target.id not in state.invoked_into:  # squad N too: it may not break up this turn (ce-invoke-move)
            state.invoked_into.append(target.id)
        if target.id != n.id:
            if moved_before:  # rule ce-invoke-move: the Necromancer moved, so these may not
                _halt(target)
            elif any(c.moved for c in target.creatures if c is not creature):  # ... or they moved, so it may not
                _halt(n)
        state.cycle_invoked = True
        state.note("ce-invoke", f"Player {p + 1}'s Necromancer invokes {spec.name} into squad {target.card} "
                                f"(paying {cost_text(spec.cost)}).")
        ak.advance_eye(state, aw.invoke_spaces(1), "ce-blood-eye-invoke")
    else:
        target = state.squads[squad_id(p, where)]
        holder = next(c for c in target.creatures if lt.can_hold(c, card_id))
        lt.give(holder, card_id)
        state.ledger[f"item:{card_id}"] += 1
        state.note("ce-invoke", f"Player {p + 1}'s Necromancer invokes {spec.name} for {holder.id} of squad "
                                f"{target.card} (paying {cost_text(spec.cost)}).")




def wizard_moved(n: Squad) -> bool:
    """Whether the Necromancer (the wizard) of squad ``n`` has itself moved this turn: creatures
    that merged into its squad do not count (rules ce-invoke-move, ce-meditate)."""
    return any(c.moved for c in n.creatures if c.necromancer)


def _halt(squad: Squad) -> None:
    for c in squad.creatures:
        c.halted = True


def after_move(state, card: str, wizard: bool) -> None:
    """Squad ``card`` (holding a wizard or not) has just moved. Rule ce-invoke-move: either the
    Necromancer or the squads it invoked into may move, not both, so the one that moved halts the
    other; ruling ce-invoke-whole: the wizard that invoked moving ends its Invoke."""
    taken = wz.action_taken(state, state.turn)
    if taken is None:
        return
    caster = state.squads.by_id.get(squad_id(state.turn, taken))
    if wizard and card == taken:
        state.invoking = False
        for sid in state.invoked_into:
            if sid in state.squads and not state.squads[sid].has_necromancer:
                _halt(state.squads[sid])
    elif not wizard and squad_id(state.turn, card) in state.invoked_into and caster is not None:
        _halt(caster)


def move_refusal(state, sid: str) -> tuple[str, str] | None:
    """Why squad ``sid`` may not move under rule ce-invoke-move, if that is why."""
    squad = state.squads.by_id.get(sid)
    if squad is None or not any(c.halted for c in squad.creatures):
        return None
    if squad.has_necromancer:
        movers = [state.squads[s].card for s in state.invoked_into if s in state.squads
                  and not state.squads[s].has_necromancer and any(c.moved for c in state.squads[s].creatures)]
        if movers:
            return "ce-invoke-move", (f"squad {movers[0]} received invoked creatures and moved: the Necromancer "
                                      "may not move as well this turn")
    elif sid in state.invoked_into:
        return "ce-invoke-move", (f"squad {squad.card} received invoked creatures and the Necromancer moved: it "
                                  "may not move this turn")
    return None


def _invoked_this_turn(state) -> bool:
    """Whether the turn player's steps since its turn began include an invoke (read from the
    record of steps, which a state rebuilt from a bare position may lack: then False)."""
    for step in reversed(state.steps):
        if step.player not in (state.turn, CHANCE):
            return False
        if step.action.startswith("invoke "):
            return True
    return False


def may_break(state, squad: Squad) -> bool:
    """Rule ce-invoke-move: a wizard's squad that received an invoked creature this turn does not
    break into separate squads until the next turn."""
    return not (squad.has_necromancer and squad.id in state.invoked_into)


def explain_invoke(state, kind, g) -> tuple[str, str]:
    """Why ``invoke ...`` or ``meditate ...`` is refused (rules ce-game-full, ce-phase-actions, ce-
    invoke, ce-invoke-pay, ce-invoke-place, ce-meditate)."""
    if not state.full:
        return "ce-game-full", "invoking and meditating belong to the full game (option game='full')"
    source = g[3] if kind == "invoke" else g[1]
    n = state.squads.by_id.get(squad_id(state.turn, source or "N"))
    if state.part != "actions" or state.must_fight or state.pending is not None or state.combat is not None:
        return "ce-phase-actions", "the Necromancer acts in Phase 3, after the fights of Phase 1 and conjuring"
    if n is None and source is None:
        return "ce-last-standing", "this player's Necromancer is dead"
    refusal = wz.caster_refusal(state, source)
    if refusal:
        return refusal
    if kind == "meditate":
        if n.acted:
            return "ce-meditate", f"squad {n.card} has already taken its action this turn"
        if wizard_moved(n):
            return "ce-meditate", "the Necromancer meditates only if its squad has not moved this turn"
        return "ce-conj-refill", f"the {g[0]} deck and its discard pile are empty"
    card_id = g[0]
    if card_id not in {c for _, c in hand_cards(state, state.turn)}:
        return "ce-invoke", f"there is no {card_id!r} card in player {state.turn + 1}'s hand"
    if n.acted and not state.invoking:
        if wizard_moved(n) and _invoked_this_turn(state):
            return "ce-invoke-whole", ("an Invoke is one action: the Necromancer moved after invoking, so it "
                                       "invokes nothing more this turn")
        return "ce-invoke", f"squad {n.card} has already taken another action this turn"
    cost = cj.conjuration_spec()[card_id].cost
    if not lt.affords(n, cost):
        return "ce-invoke-pay", (f"squad N carries {amounts(n.resources)} but {card_id} costs {amounts(cost)}; "
                                 "only squad N's own resources pay")
    return "ce-invoke-place", "the card cannot be placed there: into squad N or a squad next to it with room, " \
                              "or as a new squad on an empty control card next to N (creatures only)"
