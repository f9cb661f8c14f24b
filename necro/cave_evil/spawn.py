"""Spawn rolls, and where what they bring goes: pure functions with explicit chance.

A spawn is two rolls of the D4 (rule ce-spawn-roll). The first says what
comes: 1 metals, 2 gore, 3 shadowflame, 4 a Conjuration card. The second
says how many of the resource, or from which deck the card is drawn: 1
Bribe, 2 Construct, 3 Summon, 4 Abyss. So a spawn is two chance steps,
:func:`first_die_outcomes` then :func:`second_die_outcomes`, and
:func:`result` turns the two faces into a :class:`SpawnResult`. A card is
then drawn from that deck, skipping events (:func:`card_draw_outcomes`,
ruling ce-spawn-events-ignored).

The four kinds of roll differ in what they allow and where things go:

- ``regular``: everything lands on the space where the spawn happens,
  usually a spawn pit (rule ce-spawn-place);
- ``excavation``: the same rolls, but resources go straight to the digging
  squad and cards to the new tile's space farthest from it (rule
  ce-spawn-excavation);
- ``resource``: only the resource results count; a 4 on the first die is
  rolled again (ruling ce-spawn-resource-reroll), so the first die is, in
  effect, a fair choice of the three resources;
- ``beginning``: the set-up roll for every spawn pit, the Pit included; as
  regular (rule ce-spawn-beginning).

In every kind an event drawn is not played: it goes to the box and the
player draws again from the same deck (ruling ce-spawn-events-ignored).

Placing a new Wandering Monster (rules ce-spawn-stack, ce-spawn-not-on-squads
and rulings ce-spawn-adjacent, ce-spawn-nowhere): :func:`monster_spots` and
:func:`excavation_spots` list the hexes it may go to, the spawning player
choosing among them; :func:`spawn_creature` puts it there, starting a
Wandering Monster squad under a new marker (:func:`next_marker`, rule
ce-spawn-markers) or joining the one already there. :func:`answering_player`
says who must deal with a monster that lands beside player squads (rules
ce-spawn-answer, ce-spawn-between).

Nothing here rolls a die: the caller passes the faces, from
:class:`~necro.core.Rng` or forced. Functions that change squads or loot
change them in place, as :mod:`.movement` and :mod:`.loot` do.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import count, product
from typing import Callable, Iterable, Mapping

from necro.core import IllegalAction, NotationError, Reader

from .creatures import catalogue, movement_creature
from .ground import Ground
from .hexes import Hex, neighbours
from .loot import put
from .movement import SIZES, Creature, Squad, Squads, add_resources, fits, squad_id

KINDS = ("regular", "excavation", "resource", "beginning")
"""The spawn rolls the text names (rule ce-spawn-roll and the three after it)."""
FIRST = {1: "metals", 2: "gore", 3: "shadowflame", 4: "card"}
"""What the first die's faces bring (rule ce-spawn-roll)."""
DECKS = {1: "bribe", 2: "construct", 3: "summon", 4: "abyss"}
"""The deck the second die picks after a 4 on the first (rule ce-spawn-roll)."""
DECK_NAMES = {"bribe": "Bribe", "construct": "Construct", "summon": "Summon", "abyss": "Abyss"}
D4 = 4

BOX_LETTERS = "ABCDEFGHIKLMNOP"
"""The box's Wandering Marker pairs: A to P, with no J (rule ce-spawn-markers)."""
_ALPHABET = "ABCDEFGHIKLMNOPQRSTUVWXYZ"
"""Marker letters in the order they are handed out: the box's, then the rest of the
alphabet, still without J (ruling ce-spawn-marker-letters)."""

_ROLL = re.compile(r"^spawn rolls (\d{1,2})$")


# ------------------------------------------------------------------ the rolls
@dataclass(frozen=True)
class SpawnResult:
    """What one spawn brings: ``amount`` of a ``resource``, or a card to draw from ``deck``."""

    resource: str | None = None
    amount: int = 0
    deck: str | None = None

    def __post_init__(self):
        if (self.resource is None) == (self.deck is None):
            raise ValueError("a spawn brings either a resource or a card")
        if self.resource is not None and (self.resource not in FIRST.values() or self.resource == "card"
                                          or not 1 <= self.amount <= D4):
            raise ValueError(f"{self.amount} {self.resource} is not a spawn of resources")
        if self.deck is not None and (self.deck not in DECK_NAMES or self.amount):
            raise ValueError(f"{self.deck!r} is not a Conjuration Deck a spawn draws from")

    @property
    def is_card(self) -> bool:
        return self.deck is not None

    def text(self) -> str:
        """``3 gore``, ``a card from the Bribe deck``."""
        return f"a card from the {DECK_NAMES[self.deck]} deck" if self.is_card else f"{self.amount} {self.resource}"

    def to_json(self) -> dict:
        return {"deck": self.deck} if self.is_card else {"resource": self.resource, "amount": self.amount}

    @classmethod
    def from_json(cls, data, path: str = "spawn") -> "SpawnResult":
        r = Reader(data, path).obj(allowed=("resource", "amount", "deck"))
        if r.has("deck"):
            if r.has("resource") or r.has("amount"):
                r.fail("a spawn brings a card or a resource, not both (rule ce-spawn-roll)")
            return cls(deck=r["deck"].str(choices=list(DECK_NAMES)))
        resource = r["resource"].str(choices=[v for v in FIRST.values() if v != "card"])
        return cls(resource=resource, amount=r["amount"].int(1, D4))

    def copy(self) -> "SpawnResult":
        return self  # frozen


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise IllegalAction(kind, "ce-spawn-roll", f"a spawn roll is one of {', '.join(KINDS)}")
    return kind


def _face(face, what: str) -> int:
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= D4:
        raise IllegalAction(f"spawn rolls {face}", "ce-spawn-roll", f"the {what} D4 shows 1 to 4")
    return face


def first_die_outcomes(kind: str = "regular") -> list[tuple[int, Fraction]]:
    """The first die: what comes. A Resource Spawn Roll rolls a 4 again until it shows a
    resource, which makes the three resources equally likely (ruling ce-spawn-resource-reroll)."""
    faces = (1, 2, 3) if _kind(kind) == "resource" else (1, 2, 3, 4)
    return [(f, Fraction(1, len(faces))) for f in faces]


def second_die_outcomes(kind: str, first: int) -> list[tuple[int, Fraction]]:
    """The second die, after ``first``: the amount of the resource, or the deck; always a fair D4."""
    _check_first(kind, first)
    return [(f, Fraction(1, D4)) for f in range(1, D4 + 1)]


def _check_first(kind: str, first: int) -> None:
    _face(first, "first")
    if _kind(kind) == "resource" and FIRST[first] == "card":
        raise IllegalAction(f"spawn rolls {first}", "ce-spawn-resource-reroll",
                            "a Resource Spawn Roll counts only 1 to 3: a 4 is rolled again")


def result(first: int, second: int, kind: str = "regular") -> SpawnResult:
    """What the faces ``first`` and ``second`` bring (rule ce-spawn-roll)."""
    _check_first(kind, first)
    _face(second, "second")
    if FIRST[first] == "card":
        return SpawnResult(deck=DECKS[second])
    return SpawnResult(resource=FIRST[first], amount=second)


# ---------------------------------------------------------------- notation
def roll_notation(face: int) -> str:
    """The chance action for one face of either die: ``spawn rolls 2``."""
    return f"spawn rolls {_face(face, 'spawn')}"


def parse_roll(text: str) -> int:
    """The face named by ``spawn rolls N`` (:class:`NotationError` otherwise)."""
    m = _ROLL.match(text) if isinstance(text, str) else None
    if m is None or not 1 <= int(m.group(1)) <= D4:
        raise NotationError(text, "ce-spawn-roll", "a spawn die is written 'spawn rolls N', N from 1 to 4")
    return int(m.group(1))


def roll_actions(kind: str = "regular", first: int | None = None) -> list[tuple[str, Fraction]]:
    """The engine's chance actions for the next die: the first if ``first`` is None, else the second."""
    outcomes = first_die_outcomes(kind) if first is None else second_die_outcomes(kind, first)
    return [(roll_notation(f), p) for f, p in outcomes]


def face_text(face: int, first: int | None = None) -> str:
    """What a face means, readably: first die ``2 = gore``, ``4 = a card``; second die after a
    resource ``3 = 3 gore``, after a card ``1 = Bribe deck``."""
    _face(face, "spawn")
    if first is None:
        return f"{face} = {'a card' if FIRST[face] == 'card' else FIRST[face]}"
    if FIRST[_face(first, 'first')] == "card":
        return f"{face} = {DECK_NAMES[DECKS[face]]} deck"
    return f"{face} = {face} {FIRST[first]}"


# --------------------------------------------------------------- card draws
def draw_outcomes(pile: Counter) -> list[tuple[str, Fraction]]:
    """One card off the top of a shuffled ``pile`` (events included), each card id weighted by
    its copies: the single step an engine plays; an event drawn goes to the box and the player
    draws again (ruling ce-spawn-events-ignored)."""
    total = sum(n for n in pile.values() if n > 0)
    return [(card, Fraction(n, total)) for card, n in sorted(pile.items()) if n > 0]


def card_draw_outcomes(pile: Counter, is_event: Callable[[str], bool]) -> list[tuple[str, Fraction]]:
    """The card a spawn finally keeps from ``pile``, drawing past events (ruling
    ce-spawn-events-ignored): in a shuffled pile the first card that is not an event is equally
    likely to be any of the non-event copies, however many events lie among them. Empty when
    the pile holds no card but events: the spawn brings nothing (ruling ce-spawn-deck-empty)."""
    return draw_outcomes(Counter({c: n for c, n in pile.items() if n > 0 and not is_event(c)}))


def spawn_distribution(kind: str, decks: Mapping[str, Counter], is_event: Callable[[str], bool]) -> dict:
    """Exactly what one spawn of ``kind`` brings, for a figure: ``{outcome: probability}`` with
    outcomes ``("resource", "gore", 3)``, ``("card", "bribe", "ratman")`` and, for a deck with no
    card to keep, ``("nothing", "bribe", None)``. ``decks`` gives each Conjuration Deck's pile."""
    missing = [d for d in DECKS.values() if d not in decks]
    if missing:
        raise ValueError(f"no pile given for the {', '.join(missing)} deck(s)")
    out: dict = {}
    for first, p in first_die_outcomes(kind):
        for second, q in second_die_outcomes(kind, first):
            res = result(first, second, kind)
            if not res.is_card:
                key = ("resource", res.resource, res.amount)
                out[key] = out.get(key, 0) + p * q
                continue
            cards = card_draw_outcomes(decks[res.deck], is_event)
            if not cards:
                out[("nothing", res.deck, None)] = out.get(("nothing", res.deck, None), 0) + p * q
            for card, r in cards:
                key = ("card", res.deck, card)
                out[key] = out.get(key, 0) + p * q * r
    return out


# ------------------------------------------------------------------ resources
def put_resources(res: SpawnResult, loot: dict, squads: Squads, at: Hex | None = None,
                  digger: str | None = None) -> None:
    """Lay a resource spawn where it belongs (in place): on the digging squad ``digger`` after a
    dig (rule ce-spawn-excavation: any roll an Excavation card asks for), else on the hex ``at``
    where the spawn happens (rule ce-spawn-place). Exactly one of the two is given."""
    if res.is_card:
        raise ValueError("a card spawn is placed with spawn_creature or spawn_item")
    if (at is None) == (digger is None):
        raise ValueError("a resource spawn goes to a digging squad or onto a hex: give one of them")
    if digger is not None:
        if digger not in squads or squads[digger].wandering:
            raise IllegalAction(f"spawn {res.text()}", "ce-spawn-excavation",
                                "a dig's spawned resources go to the player's digging squad")
        add_resources(squads[digger].resources, {res.resource: res.amount})
    else:
        put(loot, str(at), {res.resource: res.amount})


def spawn_item(loot: dict, card_id: str, at: Hex) -> None:
    """Lay a spawned item or spell card on ``at`` under its marker (rule ce-spawn-place): loot,
    which any squad may pick up, even on a spawn pit or beside a player's squad."""
    if card_id not in catalogue().items:
        raise IllegalAction(card_id, "ce-spawn-place", f"{card_id!r} is not an item or spell card")
    put(loot, str(at), items=[card_id])


# ------------------------------------------------------------------ placement
def _takes(squads: Squads, h: Hex, size: str, blocked) -> bool:
    """Whether a new Wandering Monster of ``size`` may stand on ``h``: nobody there, or a
    Wandering Monster squad it fits into (rules ce-spawn-stack, ce-spawn-not-on-squads)."""
    if h in blocked:
        return False
    there = squads.at(h)
    if there is None:
        return True
    return there.wandering and fits(there.creatures + [Creature("new", size, 0)])


def _spots(ground: Ground, squads: Squads, points, size: str, blocked) -> list[Hex]:
    points = sorted(set(points))
    if not points:
        raise IllegalAction("spawn", "ce-spawn-place", "a spawn happens somewhere")
    for h in points:
        if not ground.is_open(h):
            raise IllegalAction(f"spawn at {h}", "ce-spawn-place", f"{h} is not excavated ground")
    if size not in SIZES:
        raise ValueError(f"{size!r} is not a creature size")
    blocked = set(blocked) | set(ground.crystals)  # no monster stands on a crystal (rule ce-crystal-attack)
    direct = [h for h in points if _takes(squads, h, size, blocked)]
    if direct:
        return direct
    # Rings of open ground round the spawn points, nearest first
    # (rulings ce-spawn-adjacent, ce-spawn-nowhere).
    near: dict[Hex, int] = {}
    for p in points:
        for h, d in ground.distances_from(p).items():
            if d > 0 and h not in points:
                near[h] = min(d, near.get(h, d))
    for d in sorted(set(near.values())):
        ring = sorted(h for h, e in near.items() if e == d and h not in ground.spawn_pits
                      and _takes(squads, h, size, blocked))
        if ring:
            return ring
    return []


def monster_spots(ground: Ground, squads: Squads, at: Hex, creature_size: str, blocked=()) -> list[Hex]:
    """Where a new Wandering Monster of ``creature_size`` spawned at ``at`` may go, sorted.

    ``[at]`` when nobody stands there or it stacks legally with the Wandering
    Monster there (it must then: rule ce-spawn-stack); otherwise the
    neighbouring open hexes with no player's squad and no spawn pit, empty or
    holding a monster it stacks with (rule ce-spawn-not-on-squads, ruling
    ce-spawn-adjacent); if none, the nearest such hexes over open ground
    (ruling ce-spawn-nowhere); empty if there are none at all (the card then
    goes to the box, same ruling). ``blocked``:
    hexes nothing may be spawned onto (an Awakened Evil sitting on the Pit).
    """
    return _spots(ground, squads, [at], creature_size, blocked)


def excavation_spots(ground: Ground, squads: Squads, placed_far: Iterable[Hex], creature_size: str,
                     blocked=()) -> list[Hex]:
    """Where a Wandering Monster from an Excavation Spawn Roll may go: any of the new tile's
    farthest spaces (``Placed.far``, ruling ce-dig-spawn-far) that can take it, else the hexes
    next to them, by the rules of :func:`monster_spots` (rule ce-spawn-excavation)."""
    return _spots(ground, squads, placed_far, creature_size, blocked)


def frozen(ground: Ground, squad: Squad) -> bool:
    """A Wandering Monster squad sitting on a spawn pit, where it stays until something moves it
    (rule ce-spawn-frozen). Once moved it never stops on a pit again: movement already forbids
    every squad to end on one (rule ce-move-pit), and displaced spawns avoid pits (ruling
    ce-spawn-adjacent), so no memory of where it came from is needed."""
    return squad.wandering and squad.hex in ground.spawn_pits


# -------------------------------------------------------------------- markers
def _letters():
    """A, B, ... P (the box, no J), then Q ... Z, then AA, AB, ... (ruling ce-spawn-marker-letters)."""
    yield from _ALPHABET
    for width in count(2):
        for letters in product(_ALPHABET, repeat=width):
            yield "".join(letters)


def next_marker(squads: Squads, used: Iterable[str] = ()) -> str:
    """The first Wandering Marker letter not in use: not by a Wandering Monster squad on the map,
    nor among ``used`` (markers the caller knows lie on loot or dead squads' cards)."""
    taken = {s.card or s.id[2:] for s in squads if s.wandering} | set(used)
    return next(letter for letter in _letters() if letter not in taken)


# ------------------------------------------------------------------- creatures
def spawn_creature(squads: Squads, card_id: str, at: Hex, marker: str | None = None,
                   taken: Iterable[str] = ()) -> Squad:
    """Put a new copy of the creature card ``card_id`` on ``at`` as a Wandering Monster (in place).

    It joins the Wandering Monster squad already there, which keeps its
    marker (rule ce-spawn-stack), or starts a new squad ``w:<marker>`` under
    ``marker`` (the next free one if None: rule ce-spawn-markers). Its id is
    ``<card>-<marker>-<n>``, lowercase, with the first ``n`` not used by a
    creature on the map nor in ``taken`` (the dead, say). Refused if a
    player's squad stands on ``at`` or the creature does not fit there. The
    caller picked ``at`` among :func:`monster_spots`.
    """
    cards = catalogue()
    if card_id not in cards.creatures or cards.creature(card_id).kind != "creature":
        raise IllegalAction(card_id, "ce-spawn-place", f"{card_id!r} is not a creature card of a Conjuration Deck")
    card = cards.creature(card_id)
    there = squads.at(at)
    if there is not None and not there.wandering:
        raise IllegalAction(f"spawn {card_id} at {at}", "ce-spawn-not-on-squads",
                            f"player {there.owner + 1}'s squad stands on {at}")
    if there is not None and not fits(there.creatures + [Creature("new", card.size, 0)]):
        raise IllegalAction(f"spawn {card_id} at {at}", "ce-spawn-stack",
                            f"a {card.size} {card.name} does not fit into Wandering Monster {there.card}")
    if there is None:
        marker = next_marker(squads) if marker is None else marker
        if not re.fullmatch(r"[A-Z]{1,4}", marker or ""):
            raise IllegalAction(f"spawn {card_id} marker {marker}", "ce-spawn-markers",
                                "a Wandering Marker is a capital letter or a few")
        if squad_id(None, marker) in squads:
            raise IllegalAction(f"spawn {card_id} marker {marker}", "ce-spawn-markers",
                                f"marker {marker} already stands on the map")
    else:
        marker = there.card or there.id[2:]
    ids = {c.id for s in squads for c in s.creatures} | set(taken)
    cid = next(i for i in (f"{card_id}-{marker.lower()}-{n}" for n in count(1)) if i not in ids)
    creature = movement_creature(card, cid)
    creature.card = card_id
    if there is not None:
        there.creatures.append(creature)
        return there
    return squads.add(Squad(squad_id(None, marker), None, at, [creature], marker))


def answering_player(squads: Squads, hex: Hex, current: int, order: Iterable[int]) -> int | None:
    """Who must deal with a new Wandering Monster on ``hex`` in the Phase 1 of their turn (rules
    ce-spawn-answer, ce-spawn-between): of the players with a squad beside it, the one whose
    turn comes first after ``current``'s in turn ``order`` (players still in the game), with
    ``current`` itself last, its own Phase 1 being over (ruling ce-spawn-between-how). None if
    no player's squad stands beside it. The current player's squads beside it that have not
    acted may still take it on this turn (ruling ce-spawn-answer)."""
    order = list(order)
    if current not in order:
        raise ValueError(f"player {current} is not in the turn order {order}")
    beside = {s.owner for s in squads if not s.wandering and s.hex in neighbours(hex)}
    i = order.index(current)
    for p in order[i + 1:] + order[:i + 1]:
        if p in beside:
            return p
    return None
