"""Squads on the map and how they move, merge and break up.

Only what movement needs is modelled here: a squad is an id, an owner (a
player index, or None for a Wandering Monster squad), a control card, a hex
and its creatures; a creature is its size, speed and pick-axe (excavation)
speed, plus what it has done this turn: movement points spent, whether it
has taken an action, whether its movement is over (``halted``), its card
and the items it holds. Combat values are read from the card (:mod:`.creatures`,
:mod:`.fights`), not kept here.

Movement points are kept per creature, which is what the text's merging
examples need: a squad moves as far as its slowest member still can
(rules ce-move-rate, ce-merge).

Movement is over open ground only (rule ce-open-ground), one point a hex,
so the reachable hexes are a breadth-first search over the ground's
networkx graph with a few local rules on top:

- a hex holding an enemy squad or a Wandering Monster is never entered
  (rule ce-move-occupied);
- a hex next to one, unless it is trapped in a collapse, is entered but not
  left: the squad stops there (rules ce-move-stop, ce-collapse-trapped);
- a spawn pit may be crossed but not stopped on (rule ce-move-pit);
- a friendly squad's hex may be crossed, or stopped on to merge, only if
  both together fit in one squad (rules ce-move-through, ce-merge).

Functions that change squads change the :class:`Squads` in place (as
:class:`~necro.cave_evil.ground.Ground` does); states copy them by JSON.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from necro.core import IllegalAction, Reader

from .ground import COLLAPSED, Ground, Refusal
from .hexes import Hex, neighbours, read_hex

SIZES = ("large", "medium", "small", "trinket")
CARDS = ("N", "I", "II", "III", "IV", "V")
"""A player's six control cards: the Necromancer's and five more (rule ce-control-cards)."""
MAX_SPEED = 20
MAX_HELD = 64
"""The most item and spell cards a loaded creature may hold: a bound against hostile JSON, not a
rule. Trinket items take no room (rule ce-item-trinket), so a creature may hold any number of them
besides what its card counts."""
SPLIT_WIZARD = "split-black-wizard"
"""The one Necromancer that may stand off the N card: half of a split Black Wizard (rule ce-power-split)."""

# Every legal squad, counted without trinkets (rule ce-squad-size).
_ALLOWED = {(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3), (0, 1, 0), (0, 1, 1), (1, 0, 0)}


@dataclass
class Creature:
    """A creature card, as far as movement and digging care."""

    id: str
    size: str
    speed: int
    pick: int = 0
    necromancer: bool = False
    moved: int = 0          # movement points spent this turn
    acted: bool = False     # has taken an action this turn
    halted: bool = False    # may not move again this turn
    card: str | None = None  # its creature card in creatures.json (None: a bare record, as in old positions)
    items: tuple = ()        # item and spell cards it holds (ids in creatures.json)

    @property
    def left(self) -> int:
        """Movement points left this turn."""
        return 0 if self.halted else max(0, self.speed - self.moved)

    def to_json(self) -> dict:
        data = {"id": self.id, "size": self.size, "speed": self.speed}
        if self.card is not None:
            data["card"] = self.card
        if self.items:
            data["items"] = list(self.items)
        if self.pick:
            data["pick"] = self.pick
        if self.necromancer:
            data["necromancer"] = True
        for key in ("moved", "acted", "halted"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data


@dataclass
class Squad:
    """A squad marker on the map and the creatures on its control card."""

    id: str
    owner: int | None
    hex: Hex
    creatures: list[Creature] = field(default_factory=list)
    card: str | None = None
    resources: dict = field(default_factory=dict)  # metals / gore / shadowflame it carries (none kept at 0)

    @property
    def wandering(self) -> bool:
        return self.owner is None

    @property
    def has_necromancer(self) -> bool:
        return any(c.necromancer for c in self.creatures)

    @property
    def rate(self) -> int:
        """The squad's speed: its slowest creature's (rule ce-move-rate)."""
        return min((c.speed for c in self.creatures), default=0)

    @property
    def left(self) -> int:
        """How far the squad may still move this turn: the least any member has left."""
        return min((c.left for c in self.creatures), default=0)

    @property
    def pick(self) -> int:
        """Excavation speed: the pick-axe speeds of all its creatures added up (rule ce-dig-excavator)."""
        return sum(c.pick for c in self.creatures)

    @property
    def acted(self) -> bool:
        """Whether the squad has used its action: any member has (rule ce-merge-acted)."""
        return any(c.acted for c in self.creatures)

    def creature(self, creature_id: str) -> Creature:
        for c in self.creatures:
            if c.id == creature_id:
                return c
        raise KeyError(creature_id)

    def to_json(self) -> dict:
        data = {"id": self.id, "owner": self.owner, "at": str(self.hex),
                "creatures": [c.to_json() for c in self.creatures]}
        if self.card is not None:
            data["card"] = self.card
        if any(self.resources.values()):
            data["resources"] = {k: v for k, v in sorted(self.resources.items()) if v}
        return data


RESOURCE_NAMES = ("metals", "gore", "shadowflame")


def add_resources(into: dict, more: dict) -> None:
    """Add ``more`` to the resources ``into`` (in place), keeping no zero entries."""
    for k, v in more.items():
        if into.get(k, 0) + v:
            into[k] = into.get(k, 0) + v
        else:
            into.pop(k, None)


def squad_id(owner: int | None, card: str) -> str:
    """The id of a player's squad on ``card`` (``"0:N"``), or of a Wandering squad (``"w:B"``)."""
    return f"w:{card}" if owner is None else f"{owner}:{card}"


def size_counts(creatures) -> tuple[int, int, int]:
    """How many large, medium and small creatures (a plain loop: every combat checks its squads)."""
    large = medium = small = 0
    for c in creatures:
        size = c.size
        if size == "small":
            small += 1
        elif size == "medium":
            medium += 1
        elif size == "large":
            large += 1
    return large, medium, small


def fits(creatures) -> bool:
    """Whether these creatures may form one squad: three smalls, a small and a medium, or one
    large, trinkets not counting (rule ce-squad-size; the Necromancer is small, ce-necromancer-small)."""
    return size_counts(creatures) in _ALLOWED


class Squads:
    """Every squad on the map, by id."""

    def __init__(self, squads=()):
        self.by_id: dict[str, Squad] = {}
        for s in squads:
            self.add(s)

    def add(self, squad: Squad) -> Squad:
        if squad.id in self.by_id:
            raise ValueError(f"squad {squad.id} is already on the map")
        if self.at(squad.hex) is not None:
            raise IllegalAction(squad.id, "ce-move-occupied", f"{squad.hex} already holds a squad")
        if not fits(squad.creatures):
            raise IllegalAction(squad.id, "ce-squad-size", "these creatures do not fit in one squad")
        self.by_id[squad.id] = squad
        return squad

    def remove(self, sid: str) -> Squad:
        return self.by_id.pop(sid)

    def relocate(self, sid: str, to: Hex) -> Squad:
        """Put squad ``sid`` on ``to`` as it is (an Evil's march, a teleport, a Protector's walk),
        checked as :meth:`add` checks a newcomer; the squad is unchanged if ``to`` is taken."""
        squad = self.remove(sid)
        at = squad.hex
        squad.hex = to
        try:
            return self.add(squad)
        except IllegalAction:
            squad.hex = at
            self.by_id[sid] = squad
            raise

    def __getitem__(self, sid: str) -> Squad:
        return self.by_id[sid]

    def __contains__(self, sid) -> bool:
        return sid in self.by_id

    def __iter__(self):
        """In id order, whatever order the squads came and went in: a loaded position (sorted) and
        the live one it was saved from must do the same things in the same order."""
        return iter([self.by_id[k] for k in sorted(self.by_id)])

    def __len__(self) -> int:
        return len(self.by_id)

    def at(self, h: Hex) -> Squad | None:
        for s in self.by_id.values():
            if s.hex == h:
                return s
        return None

    def of(self, owner: int) -> list[Squad]:
        """The owner's squads, in id order (see ``__iter__``)."""
        return [s for s in self if s.owner == owner]

    def player_hexes(self) -> set[Hex]:
        """Where player squads stand (a new spawn pit may not land there: rule ce-pit-under-squad)."""
        return {s.hex for s in self.by_id.values() if s.owner is not None}

    def free_cards(self, owner: int) -> list[str]:
        """The owner's control cards with no squad on them (rule ce-control-cards)."""
        used = {s.card for s in self.of(owner)}
        return [c for c in CARDS if c not in used]

    def new_turn(self, owner: int | None) -> None:
        """Clear what the owner's creatures did last turn (movement, actions, halts)."""
        for s in self.by_id.values():
            if s.owner == owner:
                for c in s.creatures:
                    c.moved, c.acted, c.halted = 0, False, False

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> list:
        return [s.to_json() for s in sorted(self.by_id.values(), key=lambda s: s.id)]

    @classmethod
    def from_json(cls, data, path: str = "squads", players: int = 4) -> "Squads":
        out = cls()
        creature_ids = set()
        for item in Reader(data, path).list(max_length=200):
            item.obj(allowed=("id", "owner", "at", "creatures", "card", "resources"))
            owner_r = item["owner"]
            owner = None if owner_r.value is None else owner_r.int(0, players - 1)
            card = item.get("card", None).optional()
            card = card.str(choices=CARDS if owner is not None else None, max_length=8) if card else None
            if owner is not None and card is None:
                item["card"].fail("a player's squad sits on one of its control cards")
            sid = item["id"].str(max_length=40)
            if card is not None and sid != squad_id(owner, card):
                item["id"].fail(f"the squad on card {card} is called {squad_id(owner, card)!r}")
            h = read_hex(item["at"])
            creatures = []
            for cr in item["creatures"].list(min_length=1, max_length=20):
                cr.obj(allowed=("id", "card", "items", "size", "speed", "pick", "necromancer", "moved", "acted",
                                "halted"))
                card_r = cr.get("card", None).optional()
                c = Creature(cr["id"].str(max_length=40), cr["size"].str(choices=SIZES), cr["speed"].int(0, MAX_SPEED),
                             cr.get("pick", 0).int(0, MAX_SPEED), cr.get("necromancer", False).bool(),
                             cr.get("moved", 0).int(0, MAX_SPEED), cr.get("acted", False).bool(),
                             cr.get("halted", False).bool(), card_r.str(max_length=40) if card_r else None,
                             tuple(x.str(max_length=40) for x in cr.get("items", []).list(max_length=MAX_HELD)))
                if c.id in creature_ids:
                    cr["id"].fail(f"creature {c.id!r} is in two places")
                if c.necromancer and (c.size != "small" or owner is None or (card != "N" and c.card != SPLIT_WIZARD)):
                    cr.fail("the Necromancer is a small creature on its owner's N card (rules ce-necromancer-small, ce-break)")
                creature_ids.add(c.id)
                creatures.append(c)
            if sid in out:
                item["id"].fail(f"squad {sid!r} is listed twice")
            if out.at(h) is not None:
                item["at"].fail(f"two squads on {h} (rule ce-move-occupied)")
            if not fits(creatures):
                item["creatures"].fail("these creatures do not fit in one squad (rule ce-squad-size)")
            if card == "N" and owner is not None and not any(c.necromancer for c in creatures):  # N: a marker too
                item["card"].fail("only the Necromancer's squad sits on the N card")
            res_r = item.get("resources", {}).obj(allowed=RESOURCE_NAMES)
            resources = {k: res_r[k].int(1, 999) for k in RESOURCE_NAMES if k in res_r.value}
            out.by_id[sid] = Squad(sid, owner, h, creatures, card, resources)
        return out

    def copy(self) -> "Squads":
        return Squads.from_json(self.to_json(), players=99)

    def __eq__(self, other):
        return isinstance(other, Squads) and other.to_json() == self.to_json()

    __hash__ = None


# ------------------------------------------------------------------ relations
def hostile(a: Squad, b: Squad) -> bool:
    """Enemies: squads of different players, or a player's squad and a Wandering Monster."""
    return a.owner != b.owner


def trapped(ground: Ground, squad: Squad) -> bool:
    """Caught in a collapse: standing on collapsed ground (rule ce-collapse-trapped)."""
    return ground.status_of(squad.hex) == COLLAPSED


GOAT = "evil-black-old-goat"
"""The Evil Black Old Goat's card: squads walk up to it without stopping, and only a Necromancer
fights it (rules ce-evil-goat, ce-evil-goat-how)."""


def is_goat(squad: Squad) -> bool:
    return any(c.card == GOAT for c in squad.creatures)


STATUE_ASLEEP = "darkest-statue-asleep"
"""The revealed Darkest Statue of Death on The Pit before it wakes (advanced play): nobody fights it
and squads pass beside it without stopping (rule ce-evil-statue)."""


def is_asleep_statue(squad: Squad) -> bool:
    return any(c.card == STATUE_ASLEEP for c in squad.creatures)


def blockers(ground: Ground, squads: Squads, mover: Squad) -> set[Hex]:
    """Hexes whose neighbours a moving ``mover`` must stop on: hostile squads not trapped (the
    Goat excepted)."""
    return {s.hex for s in squads if s.id != mover.id and hostile(mover, s) and not trapped(ground, s)
            and not is_goat(s) and not is_asleep_statue(s)}


def engaged(ground: Ground, squads: Squads, squad: Squad) -> bool:
    """Whether the squad stands next to an enemy or a Wandering Monster that is not trapped."""
    near = blockers(ground, squads, squad)
    return any(n in near for n in neighbours(squad.hex))


@dataclass(frozen=True)
class Reach:
    """What a move search found: the hexes entered (with their cost) and where it may stop."""

    cost: dict          # Hex -> points to get there (hexes passed over included)
    stops: dict         # Hex -> points, the legal destinations
    parent: dict        # Hex -> previous hex on one cheapest way


def _search(ground: Ground, squads: Squads, mover: Squad, group: list[Creature], budget: int,
            start: Hex | None = None, ignore=frozenset()) -> Reach:
    """Breadth-first search of where ``group`` (standing on ``mover``'s hex, or passing ``start``)
    may go with ``budget``; the squads on ``ignore`` do not make it stop (the leap into the Pit)."""
    start = mover.hex if start is None else start
    stop_near = blockers(ground, squads, mover) - set(ignore)
    cost, stops, parent = {start: 0}, {}, {start: None}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if cost[h] >= budget:
            continue
        if h != start and any(n in stop_near for n in neighbours(h)):
            continue  # it had to stop here
        if h not in ground.graph:
            continue  # not open ground (a squad standing on collapsed rock goes nowhere)
        for n in ground.graph.neighbors(h):
            if n in cost:
                continue
            there = squads.at(n)
            if there is not None and there.id != mover.id:
                if hostile(mover, there):
                    continue  # rule ce-move-occupied
                others = [c for c in there.creatures]
                if not fits(others + group):
                    continue  # rule ce-move-through
            if n in ground.spawn_pits and any(x in stop_near for x in neighbours(n)):
                continue  # would have to stop on a spawn pit (rule ce-move-pit-stop)
            cost[n] = cost[h] + 1
            parent[n] = h
            todo.append(n)
    for h, c in cost.items():
        if h in (start, mover.hex) or h in ground.spawn_pits or ground.crystals.get(h, mover.owner) != mover.owner:
            continue  # never stop on a pit (ce-move-pit) or on an enemy's crystal (ce-crystal-attack; crossing it is
            # allowed: ruling ce-crystal-cross)
        there = squads.at(h)
        if there is not None and there.id == mover.id:
            continue
        stops[h] = c
    return Reach(cost, stops, parent)


def move_refusal(ground: Ground, squads: Squads, sid: str, creatures=None) -> Refusal | None:
    """Why squad ``sid`` (or just ``creatures`` of it, breaking away) may not move now."""
    squad = squads[sid]
    group = _group(squad, creatures)
    if isinstance(group, Refusal):
        return group
    if trapped(ground, squad):
        return Refusal("ce-collapse-trapped", f"squad {sid} is trapped in a collapse and cannot move")
    if not ground.is_open(squad.hex):
        return Refusal("ce-open-ground", f"squad {sid} is not on open ground")
    if engaged(ground, squads, squad):
        return Refusal("ce-move-engaged", f"squad {sid} stands next to an enemy it must deal with")
    halted = [c.id for c in group if c.halted]
    if halted:
        return Refusal("ce-move-halted", f"{', '.join(halted)} may not move again this turn")
    if min(c.left for c in group) <= 0:
        return Refusal("ce-move-rate", f"squad {sid} has no movement left this turn")
    return None


def _group(squad: Squad, creatures) -> list[Creature] | Refusal:
    if creatures is None:
        return list(squad.creatures)
    ids = list(creatures)
    if len(set(ids)) != len(ids) or not ids:
        return Refusal("ce-break", "name each creature that breaks away once")
    try:
        group = [squad.creature(i) for i in ids]
    except KeyError as exc:
        return Refusal("ce-break", f"squad {squad.id} has no creature {exc.args[0]!r}")
    if len(group) == len(squad.creatures):
        return list(squad.creatures)  # all of it: a plain move
    if squad.wandering:
        return Refusal("ce-break", "only a player's squads break up")
    if any(c.necromancer for c in group):
        return Refusal("ce-break", "the Necromancer never leaves its N card")
    return group


def reachable(ground: Ground, squads: Squads, sid: str, creatures=None, ignore=frozenset()) -> dict[Hex, int]:
    """Every hex the squad (or the creatures breaking away) may enter this turn, with its cost,
    passing-over hexes (spawn pits, friendly squads) included; empty if it may not move.
    ``ignore``: hexes whose squads do not make it stop."""
    if move_refusal(ground, squads, sid, creatures):
        return {}
    squad = squads[sid]
    group = _group(squad, creatures)
    reach = _search(ground, squads, squad, group, min(c.left for c in group), ignore=ignore)
    return {h: c for h, c in reach.cost.items() if h != squad.hex}


def destinations(ground: Ground, squads: Squads, sid: str, creatures=None) -> dict[Hex, int]:
    """The hexes the squad (or the creatures breaking away) may end a move on, with the cost.

    A hex holding a friendly squad means merging into it. Breaking away to
    an empty hex needs a free control card (rule ce-break).
    """
    if move_refusal(ground, squads, sid, creatures):
        return {}
    squad = squads[sid]
    group = _group(squad, creatures)
    reach = _search(ground, squads, squad, group, min(c.left for c in group))
    out = dict(reach.stops)
    if len(group) < len(squad.creatures) and not [c for c in squads.free_cards(squad.owner) if c != "N"]:
        out = {h: c for h, c in out.items() if squads.at(h) is not None}
    return out


def crossings(ground: Ground, squads: Squads, sid: str, pits) -> dict[Hex, dict[Hex, int]]:
    """For each spawn pit of ``pits`` the whole squad can cross this turn, the hexes it may stop
    on after crossing it, with the total cost (rule ce-move-pit: a squad crossing a pit picks up
    what lies there). A pit it could enter but not leave again is left out."""
    if move_refusal(ground, squads, sid):
        return {}
    squad = squads[sid]
    budget = squad.left
    first = _search(ground, squads, squad, squad.creatures, budget)
    out = {}
    for pit in pits:
        if pit not in ground.spawn_pits or pit not in first.cost or first.cost[pit] >= budget:
            continue
        spent = first.cost[pit]
        after = _search(ground, squads, squad, squad.creatures, budget - spent, start=pit)
        stops = {h: spent + c for h, c in after.stops.items()}
        if stops:
            out[pit] = stops
    return out


def path_to(ground: Ground, squads: Squads, sid: str, to: Hex, creatures=None) -> list[Hex] | None:
    """One cheapest way to ``to`` (both ends included), or None if it is not a destination."""
    dest = destinations(ground, squads, sid, creatures)
    if to not in dest:
        return None
    squad = squads[sid]
    group = _group(squad, creatures)
    reach = _search(ground, squads, squad, group, min(c.left for c in group))
    out = [to]
    while reach.parent[out[-1]] is not None:
        out.append(reach.parent[out[-1]])
    return out[::-1]


@dataclass(frozen=True)
class Moved:
    """What a move did: the squad now holding the moved creatures, where, at what cost,
    whether it merged into a friendly squad or broke away from one, and whether it had to
    stop next to an enemy (its movement is then over for the turn)."""

    squad: str
    to: Hex
    cost: int
    merged: bool = False
    broke: bool = False
    stopped: bool = False


def move(ground: Ground, squads: Squads, sid: str, to: Hex, creatures=None, card: str | None = None,
         via: Hex | None = None) -> Moved:
    """Move squad ``sid`` (or only ``creatures`` of it, breaking away) to ``to``.

    Ending on a friendly squad merges them (the Necromancer's squad keeps its
    card, else the squad already there does: rule ce-merge-keeps). Breaking
    away to an empty hex makes a new squad on the free control card ``card``
    (the first free one if None). Refused with the rule if not allowed; then
    nothing changes.
    """
    refusal = move_refusal(ground, squads, sid, creatures)
    if refusal:
        raise IllegalAction(f"{sid} to {to}", refusal.rule, refusal.reason)
    squad = squads[sid]
    group = _group(squad, creatures)
    if via is not None:
        if creatures is not None and len(group) < len(squad.creatures):
            raise IllegalAction(f"{sid} to {to} via {via}", "ce-move-pit", "only a whole squad crosses a pit on its way")
        stops = crossings(ground, squads, sid, [via]).get(via)
        if stops is None:
            raise IllegalAction(f"{sid} to {to} via {via}", "ce-move-pit",
                                f"squad {sid} cannot cross a spawn pit at {via} and go on this turn")
        if to not in stops:
            raise IllegalAction(f"{sid} to {to} via {via}", "ce-move-rate",
                                f"after crossing the pit at {via}, squad {sid} cannot reach {to} this turn")
        cost = stops[to]
        for c in group:
            c.moved += cost
        return _arrive(ground, squads, squad, group, to, None, cost)
    reach = _search(ground, squads, squad, group, min(c.left for c in group))
    if to not in reach.stops:
        raise IllegalAction(f"{sid} to {to}", *_why_not(ground, squads, squad, group, to, reach))
    card = _new_card(squads, squad, group, to, card)
    cost = reach.stops[to]
    for c in group:
        c.moved += cost
    return _arrive(ground, squads, squad, group, to, card, cost)


def _new_card(squads: Squads, squad: Squad, group, to: Hex, card: str | None) -> str | None:
    if len(group) == len(squad.creatures) or squads.at(to) is not None:
        return None
    free = [c for c in squads.free_cards(squad.owner) if c != "N"]
    if not free:
        raise IllegalAction(f"{squad.id} to {to}", "ce-break", "breaking away needs an empty control card, and none is free")
    card = free[0] if card is None else card
    if card not in free:
        raise IllegalAction(f"{squad.id} to {to}", "ce-break", f"control card {card} is not free for a new squad")
    return card


def _arrive(ground: Ground, squads: Squads, squad: Squad, group, to: Hex, card, cost: int) -> Moved:
    """Put ``group`` (all or part of ``squad``) on ``to``: a plain move, a merge or a new squad."""
    breaking = len(group) < len(squad.creatures)
    stopped = any(n in blockers(ground, squads, squad) for n in neighbours(to))
    there = squads.at(to)
    if breaking:
        squad.creatures = [c for c in squad.creatures if c not in group]
    else:
        squads.remove(squad.id)
    if there is None:
        if breaking:
            keeper = Squad(squad_id(squad.owner, card), squad.owner, to, list(group), card)
        else:
            keeper = squad
            keeper.hex = to
        squads.by_id[keeper.id] = keeper
    elif squad.has_necromancer and not breaking and there.card != "N":  # squad N keeps its card (ce-power-split-join)
        squads.remove(there.id)
        squad.creatures = there.creatures + squad.creatures
        add_resources(squad.resources, there.resources)
        squad.hex = to
        squads.by_id[squad.id] = keeper = squad
    else:
        there.creatures = there.creatures + list(group)
        if not breaking:  # a merging squad brings what it carries; a breakaway leaves it behind (ce-loot-split)
            add_resources(there.resources, squad.resources)
        keeper = there
    if stopped:
        for c in keeper.creatures:
            c.halted = True
    return Moved(keeper.id, to, cost, there is not None, breaking, stopped)


def _why_not(ground, squads, squad, group, to, reach) -> tuple[str, str]:
    if not ground.is_open(to):
        return "ce-open-ground", f"{to} is not open ground"
    there = squads.at(to)
    if there is not None and there.id == squad.id:
        return "ce-move-rate", "a move must go somewhere"
    if there is not None and hostile(squad, there):
        return "ce-move-occupied", f"{to} holds squad {there.id}"
    if there is not None and not fits(there.creatures + group):
        return "ce-move-through", f"squad {there.id} on {to} has no room for these creatures"
    if to in ground.spawn_pits:
        return "ce-move-pit", f"{to} is a spawn pit: squads cross them but never stop on one"
    if ground.crystals.get(to, squad.owner) != squad.owner:
        return "ce-crystal-attack", f"{to} is player {ground.crystals[to] + 1}'s Chthonic Crystal: no enemy stands on it"
    if to in reach.cost:
        return "ce-move-rate", f"{to} cannot be reached within this turn's movement"
    budget = min(c.left for c in group)
    free = _search(ground, Squads(), squad, group, budget)
    if to in free.cost:
        friends = Squads(s for s in squads if not hostile(squad, s) or s.id == squad.id)
        if to in _search(ground, friends, squad, group, budget).cost:
            return "ce-move-stop", f"every way to {to} passes next to an enemy, where the squad must stop"
        return "ce-move-through", f"every way to {to} passes through a friendly squad with no room for these creatures"
    return "ce-move-rate", f"{to} is more than {budget} steps away over open ground"


def step_refusal(ground: Ground, squads: Squads, sid: str, to: Hex) -> Refusal | None:
    """Why squad ``sid`` may not take one free step to the neighbouring hex ``to`` (the
    excavators' step onto the ground they opened: rule ce-dig-step). Movement points and
    halts do not matter; trapping, open ground, pits, enemies and size limits do."""
    squad = squads[sid]
    if to not in neighbours(squad.hex):
        return Refusal("ce-dig-step", f"{to} is not next to squad {sid}")
    if trapped(ground, squad):
        return Refusal("ce-collapse-trapped", f"squad {sid} is trapped in a collapse and cannot move")
    if not ground.is_open(to):
        return Refusal("ce-open-ground", f"{to} is not open ground")
    if to in ground.spawn_pits:
        return Refusal("ce-move-pit", f"{to} is a spawn pit")
    if ground.crystals.get(to, squad.owner) != squad.owner:
        return Refusal("ce-crystal-attack", f"{to} is player {ground.crystals[to] + 1}'s Chthonic Crystal")
    there = squads.at(to)
    if there is not None and hostile(squad, there):
        return Refusal("ce-move-occupied", f"{to} holds squad {there.id}")
    if there is not None and not fits(there.creatures + squad.creatures):
        return Refusal("ce-move-through", f"squad {there.id} on {to} has no room")
    return None


def step(ground: Ground, squads: Squads, sid: str, to: Hex) -> Moved:
    """Take the free step of :func:`step_refusal` (merging if a friendly squad is there)."""
    refusal = step_refusal(ground, squads, sid, to)
    if refusal:
        raise IllegalAction(f"{sid} to {to}", refusal.rule, refusal.reason)
    squad = squads[sid]
    return _arrive(ground, squads, squad, list(squad.creatures), to, None, 0)
