"""The Protectors mini-expansion (option ``protectors``; rules ce-protector-*).

Four black-diamond excavation cards find Shrines and Temples (rule
ce-deck-protectors). When one is dug up, a Protector card is drawn and its
creature stands guard on the room's spawn pit. Unlike a Wandering Monster it
ignores the events that move monsters. It wakes when a player's squad comes
too near, walks up to that squad, and attacks once the player has finished
moving. If it wins, it goes back to its pit. It may be subdued but never hired.

The printed Protector cards, each with its own activation and abilities,
are not in the text. The five creatures of ``creatures.json`` (made up for
this book) share one activation, a ruling (ce-protector-wake): a squad
ending its move within the Protector's movement rate of its pit, counted over
open ground.

This module holds what can be said without the whole game state: which
squads are Protectors, the deck, where one wakes and where it walks to.
:class:`~necro.cave_evil.state.CaveEvilState` calls it at the right moments.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .creatures import catalogue, movement_creature
from .ground import Ground
from .hexes import Hex, distance, neighbours
from .movement import Squad, Squads, _search, squad_id


def cards() -> tuple[str, ...]:
    """The Protector deck's cards, by id (five in the box: rule ce-protector)."""
    return tuple(sorted(c.id for c in catalogue().creatures.values() if c.kind == "protector"))


def new_deck() -> Counter:
    return Counter(cards())


def draw_outcomes(deck: Counter) -> list[tuple[str, Fraction]]:
    """Each card left in the Protector deck, equally likely, by id."""
    total = sum(deck.values())
    return [(c, Fraction(k, total)) for c, k in sorted(deck.items()) if k]


def is_protector_card(card_id: str | None) -> bool:
    card = catalogue().creatures.get(card_id)
    return card is not None and card.kind == "protector"


def is_protector(squad: Squad) -> bool:
    """A wandering squad with a Protector in it. On guard only if it has a pit (``state.homes``):
    one subdued and later set free (its master out, a Slave Revolt) guards nothing and is a
    Wandering Monster like any other (ruling ce-protector-subdue)."""
    return squad.wandering and any(is_protector_card(c.card) for c in squad.creatures)


def place(squads: Squads, card_id: str, at: Hex, marker: str, taken=()) -> Squad:
    """Put the Protector ``card_id`` on ``at`` as a squad of its own under Wandering Marker
    ``marker`` (ruling ce-protector-draw: nothing stacks with it)."""
    ids = {c.id for s in squads for c in s.creatures} | set(taken)
    n = 1
    while f"{card_id}-{marker.lower()}-{n}" in ids:
        n += 1
    creature = movement_creature(catalogue().creature(card_id), f"{card_id}-{marker.lower()}-{n}")
    creature.card = card_id
    return squads.add(Squad(squad_id(None, marker), None, at, [creature], marker))


def reach(guard: Squad) -> int:
    """How far the Protector's watch goes from its pit, and how far it walks: its movement rate."""
    return guard.rate


def intruders(ground: Ground, squads: Squads, guard: Squad, home: Hex, player: int) -> list[str]:
    """The squads of ``player`` within the Protector's reach of its pit over open ground, nearest
    first (then by id): those that wake it (ruling ce-protector-wake)."""
    near = ground.distances_from(home, cutoff=reach(guard))
    found = [(near[s.hex], s.id) for s in squads.of(player) if s.hex in near]
    return [sid for _, sid in sorted(found)]


def approach(ground: Ground, squads: Squads, guard: Squad, target: Squad) -> Hex:
    """Where the woken Protector goes (ruling ce-protector-wake): the free space next to ``target``
    it reaches in the fewest steps within its movement rate; if none is in reach, the reachable
    space nearest to ``target`` as the crow flies; ties by hex. It stays put if already beside it."""
    if guard.hex in neighbours(target.hex):
        return guard.hex
    stops = _search(ground, squads, guard, guard.creatures, reach(guard)).stops
    free = {h: c for h, c in stops.items() if squads.at(h) is None or h == guard.hex}
    beside = [(c, h) for h, c in free.items() if h in neighbours(target.hex)]
    if beside:
        return min(beside)[1]
    return min(free, key=lambda h: (distance(h, target.hex), free[h], h), default=guard.hex)
