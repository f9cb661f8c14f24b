"""The extra activities Picking Up, Passing and Dropping (rules ce-pick-up, ce-pick-items, ce-pass,
ce-drop, ce-loot-when, ce-move-pit): resources, items and spells between the map and the squads,
and between neighbouring squads of one player. The bookkeeping of what lies where is :mod:`.loot`.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import loot as lt
from .basics import RESOURCE_WORDS, own_squads
from .ground import Refusal
from .hexes import neighbours
from .movement import Squad, squad_id, trapped


def loot_options(state) -> list[str]:
    """Picking up, passing and dropping (rules ce-pick-up, ce-pick-items, ce-pass, ce-drop): every
    count of a resource, every distinct item."""
    out = []
    own = own_squads(state)
    for squad in own:
        card = squad.card
        spot = state.loot.get(str(squad.hex))
        if spot:
            out += [f"pick {card} {r}" for r in RESOURCE_WORDS if spot.get(r, 0)]
            out += [f"pick {card} {i}" for i in sorted(set(spot["items"])) if lt.holder(squad, i)]
        held = sorted({i for c in squad.creatures for i in c.items})
        for other in own:
            if other.hex in neighbours(squad.hex) and not _buried(state, squad, other):
                for r in RESOURCE_WORDS:
                    out += [f"pass {card} {other.card} {r} {n}" for n in range(1, squad.resources.get(r, 0) + 1)]
                out += [f"pass {card} {other.card} {i}" for i in held if lt.holder(other, i)]
        for r in RESOURCE_WORDS:
            out += [f"drop {card} {r} {n}" for n in range(1, squad.resources.get(r, 0) + 1)]
        out += [f"drop {card} {i}" for i in held]
    return out


def loot_refusal(state, kind: str, g) -> Refusal | None:
    """Why a well-formed pick, pass or drop of the turn player is refused now (None: legal)."""
    sid = squad_id(state.turn, g[0])
    if sid not in state.squads:
        return Refusal("ce-control-cards", f"player {state.turn + 1} has no squad on card {g[0]}")
    squad = state.squads[sid]
    what = g[2] if kind == "pass" else g[1]
    count = g[3] if kind == "pass" else g[2]
    resource = what in RESOURCE_WORDS
    if what not in lt.catalogue().items and not resource:
        return Refusal("ce-pick-up", f"{what!r} is neither a resource (metals, gore, shadowflame) nor an item or spell card")
    if resource and kind != "pick" and count is None:
        return Refusal("ce-pass" if kind == "pass" else "ce-drop", f"say how many {what}: e.g. '{kind} ... {what} 2'")
    if (not resource or kind == "pick") and count is not None:
        return Refusal("ce-pick-up" if kind == "pick" else ("ce-pass" if kind == "pass" else "ce-drop"),
                       "a count goes only with a resource passed or dropped; picking up takes all of it")
    n = int(count) if count is not None else 0
    if kind == "pick":
        spot = state.loot.get(str(squad.hex), {"gore": 0, "items": []})
        if resource and not spot.get(what, 0):
            return Refusal("ce-pick-up", f"no {what} lies on {squad.hex}, where squad {g[0]} stands")
        if not resource and what not in spot["items"]:
            return Refusal("ce-pick-up", f"no {what} lies on {squad.hex}, where squad {g[0]} stands")
        if not resource and lt.holder(squad, what) is None:
            return Refusal("ce-pick-items", f"no creature of squad {g[0]} can hold {what} "
                                            "(its card holds no items, or its hands are full)")
        return None
    if resource and not 1 <= n <= squad.resources.get(what, 0):
        return Refusal("ce-pass" if kind == "pass" else "ce-drop",
                       f"squad {g[0]} carries {squad.resources.get(what, 0)} {what}, not {n}")
    if not resource and lt.owner_of(squad, what) is None:
        return Refusal("ce-pass" if kind == "pass" else "ce-drop", f"no creature of squad {g[0]} holds {what}")
    if kind == "pass":
        to = squad_id(state.turn, g[1])
        if to not in state.squads:
            return Refusal("ce-pass", f"player {state.turn + 1} has no squad on card {g[1]} (passing is between "
                                      "one's own squads)")
        if state.squads[to].hex not in neighbours(squad.hex):
            return Refusal("ce-pass", f"squad {g[1]} is not next to squad {g[0]}")
        if _buried(state, squad, state.squads[to]):
            return Refusal("ce-collapse-trapped", "nothing is passed to or from a squad trapped in a collapse")
        if not resource and lt.holder(state.squads[to], what) is None:
            return Refusal("ce-pick-items", f"no creature of squad {g[1]} can hold {what}")
    return None


def _buried(state, *squads: Squad) -> bool:
    """Whether one of ``squads`` is trapped in a collapse (rule ce-collapse-trapped: no passing)."""
    return any(trapped(state.ground, s) for s in squads)


def carry_use(state, before: str, after: str, item: str) -> None:
    """An item used in a fight this turn stays used when it changes hands (rule ce-item-once): its
    mark ``before:item`` (a creature id, or ``@hex`` for an item lying on the map) becomes
    ``after:item``, so a second creature, of this squad or another, cannot use it again this turn."""
    key = f"{before}:{item}"
    if key in state.items_used:
        state.items_used[state.items_used.index(key)] = f"{after}:{item}"


def pick_all(state, squad: Squad, key: str) -> None:
    """A squad crossing a spawn pit picks up what lies there (rule ce-move-pit): every resource,
    and each item or spell a creature of the squad can hold (the rest stays)."""
    spot = state.loot[key]
    taken = {r: spot[r] for r in RESOURCE_WORDS if spot.get(r, 0)}
    for r, n in taken.items():
        lt.remove(state.loot, key, r, n)
    lt.add_resources(squad.resources, taken)
    items = []
    for item in sorted(spot["items"]):
        c = lt.holder(squad, item)
        if c is not None:
            lt.remove(state.loot, key, item=item)
            lt.give(c, item)
            carry_use(state, f"@{key}", c.id, item)
            items.append(f"{item} ({c.id})")
    got = [f"{n} {r}" for r, n in taken.items()] + items
    state.note("ce-move-pit", f"Squad {squad.card} crosses the spawn pit at {key} and picks up "
                             + (", ".join(got) if got else "nothing it can hold") + ".")


def monster_takes_up(state, squad: Squad) -> None:
    """A Wandering Monster that can carry and use items takes up the items and spells lying on its
    space (rule ce-wandering-items; ruling ce-wandering-pick: as it is placed there, spawned or
    stopping after a wander): each to the first creature with room, the rest and the resources
    stay. It uses them in its fights from then on; a Spellcaster carries its spells."""
    key = str(squad.hex)
    if not squad.wandering or key not in state.loot:
        return
    taken = []
    for item in sorted(state.loot[key]["items"]):
        c = lt.holder(squad, item)
        if c is not None and item != lt.EYES and lt.item_count(c) > 0:
            lt.remove(state.loot, key, item=item)
            lt.give(c, item)
            carry_use(state, f"@{key}", c.id, item)
            taken.append(f"{item} ({c.id})")
    if taken:
        state.note("ce-wandering-pick", f"Wandering Monster {squad.card} takes up what lies on {key}: "
                                        + ", ".join(taken) + ".")


def apply_loot(state, kind: str, g) -> None:
    """``pick``, ``pass``, ``drop``: resources, items and spells between the map and the squads
    (rules ce-pick-up, ce-pick-items, ce-pass, ce-drop, ce-loot-when)."""
    refusal = loot_refusal(state, kind, g) if state.combat is None and state.pending is None else \
        Refusal("ce-loot-when", "not in the middle of another decision")
    if refusal is None and (state.must_fight or state.finishing() is not None):
        refusal = Refusal("ce-loot-when", "picking up, passing and dropping wait for Phase 3 and a finished dig")
    if refusal:
        raise IllegalAction(" ".join(x for x in g if x), refusal.rule, refusal.reason)
    squad = state.squads[squad_id(state.turn, g[0])]
    key = str(squad.hex)
    if kind == "pick":
        what = g[1]
        if what in RESOURCE_WORDS:
            n = state.loot[key][what]
            lt.remove(state.loot, key, what, n)
            lt.add_resources(squad.resources, {what: n})
            state.note("ce-pick-up", f"Squad {g[0]} picks up {n} {what} on {key}.")
        else:
            c = lt.holder(squad, what)
            lt.remove(state.loot, key, item=what)
            lt.give(c, what)
            carry_use(state, f"@{key}", c.id, what)
            state.note("ce-pick-items", f"Squad {g[0]}'s {c.id} picks up {what} on {key}.")
    elif kind == "pass":
        what, other = g[2], state.squads[squad_id(state.turn, g[1])]
        if what in RESOURCE_WORDS:
            n = int(g[3])
            lt.add_resources(squad.resources, {what: -n})
            lt.add_resources(other.resources, {what: n})
            state.note("ce-pass", f"Squad {g[0]} passes {n} {what} to squad {g[1]}.")
        else:
            giver, taker = lt.owner_of(squad, what), lt.holder(other, what)
            lt.take(giver, what)
            lt.give(taker, what)
            carry_use(state, giver.id, taker.id, what)
            state.note("ce-pass", f"Squad {g[0]}'s {giver.id} passes {what} to {taker.id} of squad {g[1]}.")
    else:
        what = g[1]
        if what in RESOURCE_WORDS:
            n = int(g[2])
            lt.add_resources(squad.resources, {what: -n})
            lt.put(state.loot, key, {what: n})
            state.note("ce-drop", f"Squad {g[0]} drops {n} {what} on {key}.")
        else:
            c = lt.owner_of(squad, what)
            lt.take(c, what)
            lt.put(state.loot, key, items=[what])
            carry_use(state, c.id, f"@{key}", what)
            state.note("ce-drop", f"Squad {g[0]}'s {c.id} drops {what} on {key}, under a wandering marker.")
