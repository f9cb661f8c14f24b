"""The advanced rules' actions and activities: 1. boxing a card of the hand for a resource (rule
ce-adv-discard), J. Sacrifice Minions (rule ce-adv-sacrifice), 5. abandoning a squad or a creature
(rule ce-adv-abandon). Advanced rule 4 (hiring one creature) is :mod:`.hiring`'s, K. Flank
Excavation is :mod:`.digging`'s.
"""

from __future__ import annotations

from . import bank as bk
from . import conjuration as cj
from . import digging as dg
from . import invoking as inv
from . import loot as lt
from . import protectors as px
from . import spawn as sp
from . import wizard as wz
from .basics import cost_text, in_phase_3
from .hexes import Hex, neighbours
from .movement import RESOURCE_NAMES, Squad, squad_id

DECK_RESOURCE = {"bribe": "metals", "construct": "gore", "summon": "shadowflame"}
"""What a card of each deck is worth when boxed from the hand (advanced rule 1: rule ce-adv-discard);
an Abyss card of its own is worth any one resource."""


def discard_options(state) -> list[str]:
    """Advanced rule 1 (rule ce-adv-discard): box a card of the hand for one resource of its deck;
    a free activity of Phase 3 while the Necromancer lives."""
    p = state.turn
    if not (state.game.options["discard"] and in_phase_3(state)) or squad_id(p, "N") not in state.squads:
        return []
    out = []
    for card_id in sorted({c for d, c in inv.hand_cards(state, p) if d != cj.NECROMONK}):
        home = cj.deck_of(card_id)
        out += [f"discard {card_id}"] if home in DECK_RESOURCE else [f"discard {card_id} {r}" for r in RESOURCE_NAMES]
    return out


def apply_discard(state, card_id: str, resource: str | None) -> None:
    """``discard C`` (``discard C metals``): advanced rule 1, a card of the hand boxed for one
    resource of its deck, to squad N (rule ce-adv-discard)."""
    p = state.turn
    entry = next(x for x in state.hands[p] if x.split(":", 1)[1] == card_id and not x.startswith(cj.NECROMONK))
    state.hands[p].remove(entry)
    state.conj_box[card_id] += 1
    resource = resource or DECK_RESOURCE[cj.deck_of(card_id)]
    got = bk.pay(state, resource, 1, "the boxed card")
    lt.add_resources(state.squads[squad_id(p, "N")].resources, {resource: got})
    state.ledger[resource] += got
    state.note("ce-adv-discard", f"Player {p + 1} boxes {cj.conjuration_spec()[card_id].name} from the hand: "
                                 f"1 {resource} for the Necromancer.")


def sacrifice_options(state) -> list[str]:
    """Advanced rule 2 (rule ce-adv-sacrifice): squad N's action may be to sacrifice its player's
    creatures (with a cost), items and spells in squad N or a squad next to it, as many as it likes."""
    p = state.turn
    n = state.squads.by_id.get(squad_id(p, "N"))
    if not (state.game.options["sacrifice"] and in_phase_3(state)) or n is None:
        return []
    if (n.acted and not state.sacrificing) or wz.action_taken(state, p) not in (None, "N"):
        return []  # the split wizards share one Necromancer action (rule ce-power-split-action)
    spec = cj.conjuration_spec()
    out = []
    for s in [n] + [x for x in state.squads.of(p) if x.hex in neighbours(n.hex)]:
        for c in s.creatures:
            if not c.necromancer and c.card in spec and spec[c.card].cost:
                out.append(f"sacrifice {c.id}")
            out += [f"sacrifice {i} of {c.id}" for i in sorted(set(c.items)) if i in spec and spec[i].cost]
    return out


def apply_sacrifice(state, what: str, holder: str | None) -> None:
    """``sacrifice C`` (``sacrifice I of C``): squad N's action, a creature, item or spell boxed for
    its cost, to squad N (rule ce-adv-sacrifice)."""
    p = state.turn
    n = state.squads[squad_id(p, "N")]
    spec = cj.conjuration_spec()
    squad = next(s for s in state.squads.of(p) if any(c.id == (holder or what) for c in s.creatures))
    creature = squad.creature(holder or what)
    if holder:
        lt.take(creature, what)
        state.ledger[f"item:{what}"] -= 1
        card_id = what
    else:
        card_id = creature.card
        squad.creatures.remove(creature)
        key = str(squad.hex)
        if creature.items:
            lt.put(state.loot, key, items=list(creature.items))
        if not squad.creatures:
            state.squads.remove(squad.id)
            if squad.resources:
                lt.put(state.loot, key, dict(squad.resources))
            if squad.id in state.digs:
                dg.drop_dig(state, squad.id, "ce-dig-leave")
    state.conj_box[card_id] += 1
    cost = spec[card_id].cost
    cost = {r: bk.pay(state, r, k, "the sacrifice") for r, k in cost.items()}
    lt.add_resources(n.resources, cost)
    state.ledger.update(cost)
    for c in n.creatures:
        c.acted = True
    wz.take_action(state, n)
    state.sacrificing = True
    state.note("ce-adv-sacrifice", f"Player {p + 1}'s Necromancer sacrifices {spec[card_id].name}"
                                   f"{f' held by {holder}' if holder else ''}: it goes to the box, and squad N takes "
                                   f"{cost_text(cost)}.")


def abandon_options(state) -> list[str]:
    """Advanced rule 5 (rule ce-adv-abandon): a free activity of Phase 3; a whole squad other than N, or
    one creature (not the Necromancer) of a squad of several, given a free hex beside it. A squad
    holding the Necromancer (a split Black Wizard's half) is never abandoned, nor one on a Chthonic
    Crystal with no free hex beside it (no Wandering Monster ever stands on a crystal)."""
    p = state.turn
    if not (state.game.options["abandon"] and in_phase_3(state)):
        return []
    out = []
    for s in sorted(state.squads.of(p), key=lambda x: x.id):
        if (s.card != "N" and not any(px.is_protector_card(c.card) or c.necromancer for c in s.creatures)
                and _wild_spot(state, s) is not None):
            out.append(f"abandon {s.card}")
        if len(s.creatures) > 1 and _abandon_spot(state, s) is not None:  # never a subdued Protector (ce-protector-subdue)
            out += [f"abandon {c.id}" for c in s.creatures if not c.necromancer and not px.is_protector_card(c.card)]
    return out


def _abandon_spot(state, squad: Squad) -> Hex | None:
    """The first free open hex beside ``squad`` for an abandoned creature: no pit, no crystal (or
    None)."""
    return next((h for h in sorted(neighbours(squad.hex)) if state.ground.is_open(h) and state.squads.at(h) is None
                 and h not in state.ground.spawn_pits and state.ground.crystals.get(h) is None), None)


def _wild_spot(state, squad: Squad) -> Hex | None:
    """Where an abandoned whole squad turns wild: where it stands, or, on a Chthonic Crystal (where no
    enemy ever stands: rule ce-crystal-attack), the first free hex beside it (or None)."""
    return squad.hex if state.ground.crystals.get(squad.hex) is None else _abandon_spot(state, squad)


def apply_abandon(state, what: str) -> None:
    """``abandon II`` / ``abandon c``: a squad or one creature turns Wandering Monster (rule ce-adv-
    abandon)."""
    p = state.turn
    marker = sp.next_marker(state.squads)
    if what in {s.card for s in state.squads.of(p)}:
        spot = _wild_spot(state, state.squads[squad_id(p, what)])
        squad = state.squads.remove(squad_id(p, what))
        if squad.id in state.digs:
            dg.drop_dig(state, squad.id, "ce-dig-leave")
        for c in squad.creatures:
            c.moved, c.acted, c.halted = 0, False, False
        state.squads.add(Squad(squad_id(None, marker), None, spot, squad.creatures, marker, dict(squad.resources)))
        state.note("ce-adv-abandon", f"Player {p + 1} abandons squad {what}: it turns Wandering Monster {marker} "
                                     f"at {spot}.")
        return
    squad = next(s for s in state.squads.of(p) if any(c.id == what for c in s.creatures))
    creature = squad.creature(what)
    spot = _abandon_spot(state, squad)
    squad.creatures.remove(creature)
    creature.moved, creature.acted, creature.halted = 0, False, False
    state.squads.add(Squad(squad_id(None, marker), None, spot, [creature], marker))
    state.note("ce-adv-abandon", f"Player {p + 1} abandons {what}: it steps to {spot} as Wandering Monster {marker}.")
    dg.check_abandoned(state)  # its last pick-axe gone, the squad's dig is abandoned (rule ce-dig-leave)
