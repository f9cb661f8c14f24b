"""Resources, items and spells on squads and on the map: picking up, passing, dropping.

A squad carries resources (metals, gore, shadowflame) as counts on the squad
(:attr:`necro.cave_evil.movement.Squad.resources`); its creatures hold item and
spell cards (:attr:`~necro.cave_evil.movement.Creature.items`). A hex holds
*loot*: ``{"gore": n, "items": [...]}`` with ``"metals"`` and ``"shadowflame"``
only when some lie there (the state's ``loot``, by hex name).

The three free activities of Phase 3 (rules ce-pick-up, ce-pick-items, ce-pass,
ce-drop), in notation:

- ``pick II gore``: squad II takes all the gore on its hex; ``pick II spiked-shield``: one item;
- ``pass II III metals 2``: two metals from squad II to the adjacent squad III;
  ``pass II III spiked-shield``: an item;
- ``drop II gore 1``, ``drop II spiked-shield``: onto the squad's hex.

An item goes to the first creature of the receiving squad that can hold it
(ruling ce-carry-count). :func:`holdings` counts everything carried or lying
on the map, which only the rules change (gore spilled, items used up).
"""

from __future__ import annotations

from collections import Counter

from .creatures import RESOURCES, catalogue
from .hexes import parse_hex
from .movement import Creature, Squad, Squads, add_resources


def item_count(c: Creature) -> int:
    """How many items and spells the creature's card lets it hold (0: a bare record or none)."""
    if c.card is None or c.card not in catalogue().creatures:
        return 0
    return catalogue().creature(c.card).item_count


def hands_used(items) -> int:
    """Items that take room: all but trinket items (rule ce-item-trinket; spells always take room)."""
    cards = catalogue()
    return sum(1 for i in items if not (i in cards.items and cards.item(i).trinket))


EYES = "glowing-eyes"
"""The Darkest Statue of Death's eyes: any creature may carry them (rule ce-evil-statue)."""


def can_hold(c: Creature, item: str) -> bool:
    """Whether ``c`` may take ``item`` now (ruling ce-carry-count): its card holds items, and a
    non-trinket item still has room under the card's count; the Statue's eyes, any creature."""
    if item == EYES:
        return True
    count = item_count(c)
    if count < 1:
        return False
    trinket = item in catalogue().items and catalogue().item(item).trinket
    return trinket or hands_used(c.items) < count


def holder(squad: Squad, item: str) -> Creature | None:
    """The creature of ``squad`` that takes ``item``: the first in squad order with room (ruling ce-carry-count)."""
    return next((c for c in squad.creatures if can_hold(c, item)), None)


def owner_of(squad: Squad, item: str) -> Creature | None:
    """The first creature of ``squad`` holding ``item``."""
    return next((c for c in squad.creatures if item in c.items), None)


def give(c: Creature, item: str) -> None:
    c.items = tuple(sorted(c.items + (item,)))


def take(c: Creature, item: str) -> None:
    left = list(c.items)
    left.remove(item)
    c.items = tuple(left)


# ------------------------------------------------------------------ hexes
def spot_of(loot: dict, key: str) -> dict:
    return loot.get(key) or {"gore": 0, "items": []}


def has_loot(loot: dict, key: str) -> bool:
    """Whether anything lies on hex ``key`` (empty spots are never kept)."""
    return key in loot


def put(loot: dict, key: str, resources: dict | None = None, items=()) -> None:
    """Lay resources and items on hex ``key`` (in place)."""
    spot = dict(spot_of(loot, key))
    for r, n in (resources or {}).items():
        spot[r] = spot.get(r, 0) + n
    spot["items"] = sorted(list(spot["items"]) + list(items))
    _keep(loot, key, spot)


def remove(loot: dict, key: str, resource: str | None = None, n: int = 0, item: str | None = None) -> None:
    """Take ``n`` of ``resource`` or one ``item`` off hex ``key`` (in place)."""
    spot = dict(spot_of(loot, key))
    if resource is not None:
        spot[resource] = spot.get(resource, 0) - n
    if item is not None:
        items = list(spot["items"])
        items.remove(item)
        spot["items"] = items
    _keep(loot, key, spot)


def _keep(loot: dict, key: str, spot: dict) -> None:
    spot = {"gore": spot.get("gore", 0), "items": list(spot.get("items", [])),
            **{r: spot[r] for r in ("metals", "shadowflame") if spot.get(r)}}
    if spot["gore"] or spot["items"] or len(spot) > 2:
        loot[key] = spot
    else:
        loot.pop(key, None)


def copy_loot(loot: dict) -> dict:
    return {h: dict(v, items=list(v["items"])) for h, v in loot.items()}


def drop_all(loot: dict, squad: Squad, gone=()) -> tuple[dict, list[str]]:
    """Lay everything ``squad`` carries on its hex (items in ``gone``, ``(creature id, item)``
    pairs, excepted): what was laid down, resources and items."""
    items = [i for c in squad.creatures for i in c.items if (c.id, i) not in set(gone)]
    resources = {k: v for k, v in squad.resources.items() if v}
    if items or resources:
        put(loot, str(squad.hex), resources, items)
    return resources, items


def large_hexes(loot: dict) -> frozenset:
    """The hexes where a Large Item lies: they block line of sight (rule ce-line-of-sight)."""
    items = catalogue().items
    return frozenset(parse_hex(k) for k, spot in loot.items() if any(i in items and items[i].large for i in spot["items"]))


# ------------------------------------------------------------------ counting
def holdings(squads: Squads, loot: dict) -> Counter:
    """Every resource and item card on the map: carried by squads or lying on hexes
    (items counted as ``item:<id>``)."""
    out = Counter()
    for s in squads:
        out.update(s.resources)
        out.update(f"item:{i}" for c in s.creatures for i in c.items)
    for spot in loot.values():
        out.update({r: spot.get(r, 0) for r in RESOURCES})
        out.update(f"item:{i}" for i in spot["items"])
    return +out


def pay(squad: Squad, cost: dict) -> None:
    """Take ``cost`` out of the squad's resources (in place; the caller checked it can pay)."""
    add_resources(squad.resources, {k: -v for k, v in cost.items()})


def affords(squad: Squad, cost: dict) -> bool:
    return all(squad.resources.get(k, 0) >= v for k, v in cost.items())
