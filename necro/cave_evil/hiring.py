"""Squad action H. Hire (rules ce-hire, ce-hire-whole, ce-hire-card, ce-hire-pit, ce-hire-fresh;
advanced rule 4, ce-adv-hire-one): a squad next to a Wandering Monster pays its cost from its own
resources and takes it onto an empty control card; one on a spawn pit steps off at once.
"""

from __future__ import annotations

from dataclasses import replace

from necro.core import IllegalAction

from . import fighting as fg
from . import fights as fx
from . import loot as lt
from .basics import amounts, is_evil_squad, own_squads, squad_name
from .ground import Refusal
from .hexes import Hex, neighbours, parse_hex
from .movement import Squad, fits, squad_id, step_refusal, trapped
from .movement import step as step_to


def hire_options(state) -> list[str]:
    """``hire N w:A`` for every own squad next to a Wandering Monster it may hire now (rule ce-hire)."""
    out = []
    for squad in own_squads(state):
        for other in state.squads:
            if other.wandering and other.hex in neighbours(squad.hex) and \
                    hire_refusal(state, squad.id, other.id) is None:
                out.append(f"hire {squad.card} {other.id}")
            if state.game.options["hire_one"] and other.wandering and other.hex in neighbours(squad.hex) \
                    and len(other.creatures) > 1:
                for c in other.creatures:
                    if hire_refusal(state, squad.id, other.id, c.id) is None:
                        out += [f"hire {squad.card} {other.id} {c.id} {h}"
                                for h in hire_one_spots(state, other, squad, c)]
    return out


def hire_one_spots(state, monster: Squad, hirer: Squad | None = None, creature=None) -> list[Hex]:
    """Where a creature hired out of a Wandering Monster squad steps (advanced rule 4, rule
    ce-adv-hire-one): a free open hex beside its old squad, no pit, no crystal, to take on the rest
    of it; or into the hiring squad (``hirer``, beside the monster), if ``creature`` fits there."""
    out = [h for h in neighbours(monster.hex) if state.ground.is_open(h) and state.squads.at(h) is None
           and h not in state.ground.spawn_pits and h not in state.ground.crystals]
    if _may_join(state, monster, hirer, creature):
        out.append(hirer.hex)
    return sorted(out)


def _may_join(state, monster: Squad, hirer: Squad | None, creature) -> bool:
    """Whether a creature hired out of ``monster`` may step into the hiring squad (advanced rule 4)."""
    return hirer is not None and creature is not None and hirer.hex in neighbours(monster.hex) \
        and not trapped(state.ground, hirer) and fits(list(hirer.creatures) + [creature])


def apply_hire_one(state, sid: str, did: str, cid: str, to: Hex) -> None:
    """``hire N w:A c +1-2``: one creature hired out of a Wandering Monster squad steps beside it as
    a new squad (advanced rule 4, ruling ce-adv-hire-one)."""
    refusal = hire_refusal(state, sid, did, cid)
    if refusal:
        raise IllegalAction(f"hire {did} {cid}", refusal.rule, refusal.reason)
    hirer, monster = state.squads[sid], state.squads[did]
    creature = monster.creature(cid)
    if to not in hire_one_spots(state, monster, hirer, creature):
        raise IllegalAction(f"hire {did} {cid} {to}", "ce-adv-hire-one", f"{to} is not a free hex beside {did}")
    cost = dict(lt.catalogue().creature(creature.card).cost)
    lt.pay(hirer, cost)
    state.ledger.subtract(cost)
    monster.creatures.remove(creature)
    if to == hirer.hex:
        creature.moved = 0
        hirer.creatures.append(creature)
        state.note("ce-adv-hire-one", f"Squad {hirer.card} hires {cid} out of Wandering Monster {monster.card} for "
                                      f"{amounts(cost)}: it joins squad {hirer.card}, which deals with the rest of "
                                      "the monster squad at its next Phase 1.")
        hired_by(state, sid)
        return
    # it steps beside its old squad and must now take it on (rule ce-combat-must sees the step)
    creature.moved, creature.acted, creature.halted = 1, False, False
    card = [c for c in state.squads.free_cards(state.turn) if c != "N"][0]
    state.squads.add(Squad(squad_id(state.turn, card), state.turn, to, [creature], card))
    state.note("ce-adv-hire-one", f"Squad {hirer.card} hires {cid} out of Wandering Monster {monster.card} for "
                                  f"{amounts(cost)}: it steps to {to} as squad {card} and must now fight, hire or "
                                  f"subdue the rest of {monster.card}.")
    hired_by(state, sid)


def hired_by(state, sid: str) -> None:
    """The hiring squad's part is done: its Phase 1 duty or its action of Phase 3; either way it
    neither moves nor acts again this turn (rules ce-hire, ce-combat-halts)."""
    state.must_fight = [s for s in state.must_fight if s != sid]
    fg.spend_action(state, [sid], f"Squad {state.squads[sid].card}", 1)


def hire_cost(state, did: str) -> dict:
    """What hiring Wandering Monster ``did`` costs: the costs of all its creature cards added up
    (ruling ce-hire-whole)."""
    total: dict = {}
    for c in state.squads[did].creatures:
        if c.card is not None and c.card in lt.catalogue().creatures:
            lt.add_resources(total, dict(lt.catalogue().creature(c.card).cost))
    return dict(sorted(total.items()))


def off_pit(state, sid: str) -> list[Hex]:
    """Where a hired squad on a spawn pit may step off to (rule ce-hire-pit): a neighbouring open
    hex that is no pit, empty or holding a friendly squad with room."""
    return [h for h in neighbours(state.squads[sid].hex) if step_refusal(state.ground, state.squads, sid, h) is None]


def hire_refusal(state, sid: str, did: str, one: str | None = None) -> Refusal | None:
    """Why the turn player's squad ``sid`` may not hire ``did`` (or only its creature ``one``,
    advanced rule 4) now (None: it may)."""
    if sid not in state.squads or state.squads[sid].owner != state.turn:
        return Refusal("ce-control-cards", f"player {state.turn + 1} has no squad {sid}")
    if did not in state.squads or not state.squads[did].wandering:
        return Refusal("ce-hire", f"there is no Wandering Monster {did} to hire")
    if is_evil_squad(state, did):
        return Refusal("ce-evil-statue", "an Awakened Evil is neither hired nor subdued: it is fought")
    if did in state.homes:
        return Refusal("ce-protector-hire", f"{squad_name(state, did)} stands guard, and a Protector is never hired")
    phase = 1 if state.must_fight else 3
    if phase == 1 and sid not in state.must_fight:
        return Refusal("ce-combat-phase1", "Phase 1: only the squads that must fight may hire instead")
    refusal = fx.fighter_refusal(state.ground, state.squads, sid, state.turn, phase) or \
        fx.target_refusal(state.ground, state.squads, state.squads[sid], did)
    if refusal:
        return Refusal("ce-hire" if refusal.rule == "ce-combat-attacker" else refusal.rule,
                       refusal.reason.replace("attack", "hire"))
    monster = state.squads[did]
    if one is not None:
        if not state.game.options["hire_one"]:
            return Refusal("ce-adv-hire-one", "advanced rule 4 is not in play (option hire_one=True)")
        if one not in {c.id for c in monster.creatures} or len(monster.creatures) < 2:
            return Refusal("ce-adv-hire-one", f"Wandering Monster {monster.card} is no squad of several with {one} in it")
        joins = _may_join(state, monster, state.squads[sid], monster.creature(one))
        if not hire_one_spots(state, monster, state.squads[sid], monster.creature(one)):
            return Refusal("ce-adv-hire-one", f"no free hex beside Wandering Monster {monster.card}")
        monster = Squad(did, None, monster.hex, [monster.creature(one)], monster.card)
    if any(c.card is None or c.card not in lt.catalogue().creatures for c in monster.creatures):
        return Refusal("ce-hire", f"Wandering Monster {monster.card} has no card with a cost")
    if not [c for c in state.squads.free_cards(state.turn) if c != "N"] and not (one is not None and joins):
        return Refusal("ce-hire-card", f"player {state.turn + 1} has no empty control card for the monster")
    cost = hire_cost(state, did) if one is None else dict(lt.catalogue().creature(monster.creatures[0].card).cost)
    if not lt.affords(state.squads[sid], cost):
        have = state.squads[sid].resources
        return Refusal("ce-hire", f"the monster costs {amounts(cost)}; squad {state.squads[sid].card} "
                                       f"carries {amounts(have)}")
    if monster.hex in state.ground.spawn_pits and one is None:
        trial = state.squads.copy()
        trial.remove(did)
        trial.add(Squad("hire-trial", state.turn, monster.hex, [replace(c) for c in monster.creatures], "V"))
        if not [h for h in neighbours(monster.hex) if step_refusal(state.ground, trial, "hire-trial", h) is None]:
            return Refusal("ce-hire-pit", "the monster stands on a spawn pit and has nowhere to step off to")
    return None


def apply_hire(state, sid: str, did: str) -> None:
    """``hire N w:A``: the whole monster squad is paid for and goes on an empty control card (rules
    ce-hire, ce-hire-whole, ce-hire-card, ce-hire-pit, ce-hire-fresh)."""
    refusal = hire_refusal(state, sid, did)
    if refusal:
        raise IllegalAction(f"hire {did}", refusal.rule, refusal.reason)
    cost = hire_cost(state, did)
    hirer, monster = state.squads[sid], state.squads.remove(did)
    lt.pay(hirer, cost)
    state.ledger.subtract(cost)
    card = [c for c in state.squads.free_cards(state.turn) if c != "N"][0]
    for c in monster.creatures:
        c.moved, c.acted, c.halted = 0, False, False
    new = state.squads.add(Squad(squad_id(state.turn, card), state.turn, monster.hex, monster.creatures, card,
                                 dict(monster.resources)))
    names = ", ".join(c.id for c in new.creatures)
    state.note("ce-hire", f"Squad {hirer.card} hires Wandering Monster {monster.card} ({names}) for "
                          f"{amounts(cost)}: it goes on control card {card}.")
    hired_by(state, sid)
    if new.hex in state.ground.spawn_pits:
        state.pending = {"kind": "off-pit", "squad": new.id}
        state.note("ce-hire-pit", f"Squad {card} stands on a spawn pit: it steps off at once, for free.")
    else:
        state.note("ce-hire-fresh", f"Squad {card} may move and act in full this turn.")


def apply_off_pit(state, to: Hex) -> None:
    """The hired squad steps off its spawn pit to ``to``, joining a friendly squad there (rule ce-
    hire-pit)."""
    sid = state.pending["squad"]
    card = state.squads[sid].card
    moved = step_to(state.ground, state.squads, sid, to)
    state.pending = None
    keeper = state.squads[moved.squad].card
    state.note("ce-hire-pit", f"Squad {card} steps off the pit to {to}" +
               (f" and joins squad {keeper}." if moved.merged else " (no movement spent)."))
    if not moved.merged:
        state.note("ce-hire-fresh", f"Squad {card} may move and act in full this turn.")


def explain_off_pit(state, kind, g) -> tuple[str, str]:
    """Why an action is refused while a hired squad must step off its spawn pit (rule ce-hire-pit)."""
    pending = state.pending
    card = state.squads[pending["squad"]].card
    if kind != "move-to" or g[0] != card:
        return "ce-hire-pit", f"the hired squad {card} must first step off the spawn pit (move {card} +q+r)"
    refusal = step_refusal(state.ground, state.squads, pending["squad"], parse_hex(g[1]))
    return (refusal.rule, refusal.reason) if refusal else ("ce-hire-pit", "not a hex next to the pit")


def step_off_pit(state, kind, g, action) -> None:
    """``move II +1-1``: the hired squad steps off its spawn pit, for free (rule ce-hire-pit)."""
    if g[0] != state.squads[state.pending["squad"]].card or parse_hex(g[1]) not in off_pit(state, state.pending["squad"]):
        raise IllegalAction(action, *explain_off_pit(state, kind, g))
    apply_off_pit(state, parse_hex(g[1]))


def hire(state, kind, g, action) -> None:
    """``hire N w:A`` (or, advanced rule 4, ``hire N w:A creature +1-2``)."""
    if g[2]:
        apply_hire_one(state, squad_id(state.turn, g[0]), g[1], g[2], parse_hex(g[3]))
    else:
        apply_hire(state, squad_id(state.turn, g[0]), g[1])
