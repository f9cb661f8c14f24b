"""The advanced rules' actions and activities: 1. boxing a card of the hand for a resource (rule
ce-adv-discard), J. Sacrifice Minions (rule ce-adv-sacrifice), 5. abandoning a squad or a creature
(rule ce-adv-abandon). Advanced rule 4 (hiring one creature) is :mod:`.hiring`'s, K. Flank
Excavation is :mod:`.digging`'s.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import bank as bk
from . import conjuration as cj
from . import digging as dg
from . import invoking as inv
from . import loot as lt
from . import protectors as px
from . import spawn as sp
from . import wizard as wz
from .basics import cost_text, in_phase_3
from .hexes import Hex, neighbours, parse_hex
from .movement import RESOURCE_NAMES, Squad, squad_id
from .sight import count_away

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
    one creature (not the Necromancer) of a squad of several, walking to where its count of spaces
    away from the squad ends (``abandon ratman-1-1 +2-3``). A squad holding the Necromancer (a split
    Black Wizard's half) is never abandoned, nor one on a Chthonic Crystal with no free hex beside it
    (no Wandering Monster ever stands on a crystal)."""
    p = state.turn
    if not (state.game.options["abandon"] and in_phase_3(state)):
        return []
    out = []
    for s in sorted(state.squads.of(p), key=lambda x: x.id):
        if (s.card != "N" and not any(px.is_protector_card(c.card) or c.necromancer for c in s.creatures)
                and _wild_spot(state, s) is not None):
            out.append(f"abandon {s.card}")
        if len(s.creatures) > 1:  # never a subdued Protector (ce-protector-subdue)
            out += [f"abandon {c.id} {h}" for c in s.creatures if not c.necromancer and not px.is_protector_card(c.card)
                    for h in abandon_spots(state, s, c)]
    return out


def _free(state, h: Hex) -> bool:
    """An open hex a new Wandering Monster may stand on: nobody there, no pit, no crystal."""
    return state.ground.is_open(h) and state.squads.at(h) is None and h not in state.ground.spawn_pits \
        and state.ground.crystals.get(h) is None


def _abandon_spot(state, squad: Squad) -> Hex | None:
    """The first free open hex beside ``squad``: no pit, no crystal (or None)."""
    return next((h for h in sorted(neighbours(squad.hex)) if _free(state, h)), None)


def abandon_spots(state, squad: Squad, creature) -> list[Hex]:
    """Where a creature abandoned out of ``squad`` may end (rule ce-adv-abandon): it walks the movement it
    has left this turn away from its squad, each space further from it (as an event counts spaces, rule
    ce-count-away), and the player picks where the count ends among the free hexes there; with no
    movement left, or no free end, it steps onto a free hex beside the squad."""
    left = creature.left
    ends = [h for h, n in count_away(state.ground, squad.hex, left).items() if n > 0 and _free(state, h)] if left else []
    return ends or sorted(h for h in neighbours(squad.hex) if _free(state, h))


def _wild_spot(state, squad: Squad) -> Hex | None:
    """Where an abandoned whole squad turns wild: where it stands, or, on a Chthonic Crystal (where no
    enemy ever stands: rule ce-crystal-attack), the first free hex beside it (or None)."""
    return squad.hex if state.ground.crystals.get(squad.hex) is None else _abandon_spot(state, squad)


def apply_abandon(state, what: str, to: str | None = None) -> None:
    """``abandon II`` / ``abandon c +2-3``: a squad or one creature turns Wandering Monster (rule ce-adv-
    abandon); an own squad beside it that has not acted must fight it now (rule ce-combat-must)."""
    p = state.turn
    marker = sp.next_marker(state.squads)
    if what in {s.card for s in state.squads.of(p)} and to is None:
        spot = _wild_spot(state, state.squads[squad_id(p, what)])
        squad = state.squads.remove(squad_id(p, what))
        if squad.id in state.digs:
            dg.drop_dig(state, squad.id, "ce-dig-leave")
        for c in squad.creatures:
            c.moved, c.acted, c.halted = 0, False, False
        state.squads.add(Squad(squad_id(None, marker), None, spot, squad.creatures, marker, dict(squad.resources)))
        state.note("ce-adv-abandon", f"Player {p + 1} abandons squad {what}: it turns Wandering Monster {marker} "
                                     f"at {spot}.")
        _to_fight(state, squad_id(None, marker))
        return
    squad = next(s for s in state.squads.of(p) if any(c.id == what for c in s.creatures))
    creature = squad.creature(what)
    spot = parse_hex(to) if to is not None else None
    if spot not in abandon_spots(state, squad, creature):
        raise IllegalAction(f"abandon {what}", "ce-adv-abandon",
                            f"{what} walks its whole movement left away from its squad: it ends on one of "
                            + ", ".join(str(h) for h in abandon_spots(state, squad, creature)))
    squad.creatures.remove(creature)
    creature.moved, creature.acted, creature.halted = 0, False, False
    state.squads.add(Squad(squad_id(None, marker), None, spot, [creature], marker))
    state.note("ce-adv-abandon", f"Player {p + 1} abandons {what}: it walks away to {spot} as Wandering Monster "
                                 f"{marker}.")
    dg.check_abandoned(state)  # its last pick-axe gone, the squad's dig is abandoned (rule ce-dig-leave)
    _to_fight(state, squad_id(None, marker))


def _to_fight(state, wid: str) -> None:
    """The new Wandering Monster ``wid`` is one the player's squads beside it that have not acted must
    fight this turn (rules ce-adv-abandon, ce-combat-must); those that have acted meet it in the next
    Phase 1."""
    state.abandoned.append(wid)
    due = [s.card for s in state.squads.of(state.turn) if not s.acted and s.hex in neighbours(state.squads[wid].hex)]
    if due:
        state.note("ce-adv-abandon", f"Squad {', '.join(due)} has not acted: it must fight Wandering Monster "
                                     f"{state.squads[wid].card} now.")
