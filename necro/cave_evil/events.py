"""Cave Evil's event cards as data (``events.json``), and the map helpers their steps need.

The rule text says that every Conjuration Deck and the Excavation Deck hold
event cards, that they are carried out in Phase 4 in the order drawn, and what
kinds of thing they do: spawn rolls at the pits, spaces counted out from a
point, Wandering Monsters moved, tiles laid. It never prints one card. So the
cards are data this book made up (rule ce-event-data), each built from a
small vocabulary of *steps* the engine can run, done in order:

- ``{"do": "spawn", "roll": "regular"|"resource", "at": WHERE, "times": n}``:
  n spawn rolls (each with its own dice) at WHERE, one of ``the-pit``,
  ``throneroom-d4`` (a D4 names the Throneroom, rule ce-event-throneroom),
  ``every-pit`` (n rolls on each spawn pit, The Pit first: :func:`every_pit`),
  ``count-from-pit`` / ``count-from-necromancer`` (a D12 counted out from The
  Pit or the current player's Necromancer squad: :func:`count_spaces`);
- ``{"do": "tile", "times": n}``: n Excavation Deck tiles, laid by the current
  player next to dug ground (rule ce-event-tiles: :func:`tile_placements`);
- ``{"do": "wander", "die": "d4"|"d12"}``: one roll; every Wandering Monster
  may move up to that many spaces (rule ce-event-wander: :func:`wanderers`,
  :func:`wander_limits`);
- ``{"do": "blood-eye", "spaces": n}``: the Blood Eye advances n (1-3) spaces
  on the Awaken Track (rule ce-event-blood-eye).

Every card has the same shape as the other data files: an id, a name, its
text in our words, its steps, a provenance (``rules``, ``faq``, ``inferred``,
``book``) and a one-line ``why``. The twelve ids the Conjuration Decks use and
the four event families of ``excavation_deck.json`` must all be present
(:data:`REQUIRED`), and each Excavation Deck event must do what its family
says (a ``count`` card counts, a ``tiles`` card lays tiles...).

The helpers below are pure functions of the map: the engine asks them where a
step may put things and lets the current player (or chance) pick.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from necro.core import IllegalAction, Reader, read_json_file

from .creatures import PROVENANCE
from .deck import EVENTS as DECK_EVENTS
from .ground import Ground
from .hexes import Hex, distance, neighbours
from .movement import Squad, Squads, is_asleep_statue, is_goat, trapped
from .sight import count_away
from .tiles import Placement

HERE = Path(__file__).resolve().parent
EVENTS_FILE = HERE / "events.json"
FORMAT = "cave-evil-events"
VERSION = 1

CONJURATION_EVENTS = ("pit-belch", "throneroom-spew", "pits-overflow", "resource-seep", "tremor", "deep-quake",
                      "monsters-roam", "count-from-pit", "count-from-necromancer", "eye-quickens", "abyss-vomit",
                      "fractal-rift")
"""The event ids the Conjuration Decks hold (fixed: the deck data names them)."""
REQUIRED = CONJURATION_EVENTS + DECK_EVENTS
"""Every event id the file must define: the conjuration events and the Excavation Deck's four."""

DOES = ("spawn", "tile", "wander", "blood-eye")
ROLLS = ("regular", "resource")
WHERE = ("the-pit", "throneroom-d4", "every-pit", "count-from-pit", "count-from-necromancer")
DICE = {"d4": 4, "d12": 12}
STEP_KEYS = {"spawn": ("do", "roll", "at", "times"), "tile": ("do", "times"), "wander": ("do", "die"),
             "blood-eye": ("do", "spaces")}
MAX_TIMES = {"spawn": 4, "tile": 3}
MAX_EYE = 3
MAX_STEPS = 6
THRONEROOMS = 4
"""Set-up always lays four numbered Thronerooms (rule ce-throneroom-numbers): what a D4 picks from."""
CARD_KEYS = ("id", "name", "text", "effects", "provenance", "why")


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class Effect:
    """One step of an event card; the fields a kind of step does not use are None."""

    do: str
    roll: str | None = None      # spawn: "regular" or "resource"
    at: str | None = None        # spawn: one of WHERE
    times: int = 1               # spawn, tile: how often the whole step is done
    die: str | None = None       # wander: "d4" or "d12"
    spaces: int | None = None    # blood-eye: 1-3

    @property
    def counts(self) -> bool:
        """Whether the step counts D12 spaces out from a point."""
        return self.at in ("count-from-pit", "count-from-necromancer")

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in STEP_KEYS[self.do]}

    @classmethod
    def from_json(cls, data, path: str = "effect") -> "Effect":
        """A validated step (for a saved Phase 4 part-way through a card)."""
        return _effect(Reader(data, path))


@dataclass(frozen=True)
class EventCard:
    """One event card: its steps, done in order in Phase 4 (rule ce-event-phase4)."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    provenance: str = "book"
    why: str = ""

    def lines(self) -> list[str]:
        """The card's steps as log lines (:func:`describe`)."""
        return [describe(e) for e in self.effects]

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "text": self.text,
                "effects": [e.to_json() for e in self.effects], "provenance": self.provenance, "why": self.why}


@dataclass(frozen=True)
class EventSpec:
    """Every event card, by id, in file order."""

    cards: dict

    def __getitem__(self, event_id: str) -> EventCard:
        return self.cards[event_id]

    def __contains__(self, event_id) -> bool:
        return event_id in self.cards

    def __iter__(self):
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def to_json(self) -> dict:
        """The file this spec was read from (``about`` aside): ``events_from_json`` reads it back."""
        return {"format": FORMAT, "version": VERSION, "events": [c.to_json() for c in self.cards.values()]}


# ------------------------------------------------------------------ loading
def _one_line(r: Reader, max_length: int) -> str:
    text = r.str(max_length=max_length)
    if not text.strip() or "\n" in text:
        r.fail("give one line of text")
    return text


def _effect(r: Reader) -> Effect:
    r.obj()
    do = r["do"].str(choices=DOES)
    extra = sorted(set(r.value) - set(STEP_KEYS[do]))
    if extra:
        r.fail(f"a {do} step takes only {', '.join(STEP_KEYS[do])}, not {', '.join(extra)}")
    if do == "spawn":
        return Effect(do, roll=r["roll"].str(choices=ROLLS), at=r["at"].str(choices=WHERE),
                      times=r.get("times", 1).int(1, MAX_TIMES[do]))
    if do == "tile":
        return Effect(do, times=r.get("times", 1).int(1, MAX_TIMES[do]))
    if do == "wander":
        return Effect(do, die=r["die"].str(choices=DICE))
    return Effect(do, spaces=r["spaces"].int(1, MAX_EYE))


FAMILY = {"spawn": lambda e: e.do == "spawn", "tiles": lambda e: e.do == "tile",
          "wander": lambda e: e.do == "wander", "count": lambda e: e.counts}
"""What an Excavation Deck event of each family must do at least once (deck.EVENTS)."""


def _card(r: Reader) -> EventCard:
    r.obj(allowed=CARD_KEYS)
    event_id = r["id"].str(max_length=40)
    if not event_id or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in event_id) \
            or event_id[0] == "-" or event_id[-1] == "-" or "--" in event_id:
        r["id"].fail("an event id is lowercase words joined by hyphens")
    name = _one_line(r["name"], 60)
    text = _one_line(r["text"], 300)
    effects = tuple(_effect(e) for e in r["effects"].list(min_length=1, max_length=MAX_STEPS))
    provenance = r["provenance"].str(choices=PROVENANCE)
    why = _one_line(r["why"], 300)
    if event_id in FAMILY and not any(FAMILY[event_id](e) for e in effects):
        r["effects"].fail(f"the Excavation Deck's {event_id!r} event must do what its family says (deck.EVENTS)")
    return EventCard(event_id, name, text, effects, provenance, why)


def events_from_json(data, path: str = "events") -> EventSpec:
    """A validated :class:`EventSpec` from the parsed JSON of an events file.

    Besides each card's own checks: ids are unique and every id in
    :data:`REQUIRED` is there (the Conjuration Decks and the Excavation Deck
    name them). Errors are :class:`FormatError` naming the path, such as
    ``events.events[3].effects[0].at``.
    """
    r = Reader(data, path).obj(allowed=("format", "version", "about", "events"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    cards: dict[str, EventCard] = {}
    for item in r["events"].list(min_length=1, max_length=200):
        card = _card(item)
        if card.id in cards:
            item["id"].fail(f"event id {card.id!r} is used twice")
        cards[card.id] = card
    missing = [e for e in REQUIRED if e not in cards]
    if missing:
        r["events"].fail(f"missing the event(s) {', '.join(missing)}, which the decks hold (rule ce-event-data)")
    return EventSpec(cards)


def load_events(path: str | Path | None = None) -> EventSpec:
    """Read and validate an events file (the packaged ``events.json`` by default)."""
    path = Path(path) if path else EVENTS_FILE
    return events_from_json(read_json_file(path), path.stem)


@lru_cache(maxsize=1)
def event_spec() -> EventSpec:
    """The packaged event cards, loaded once."""
    return load_events()


def event(event_id: str) -> EventCard:
    """The packaged event card ``event_id`` (IllegalAction if there is none)."""
    spec = event_spec()
    if event_id not in spec:
        raise IllegalAction(event_id, "ce-event-data", f"no event card is called {event_id!r}")
    return spec[event_id]


# ------------------------------------------------------------------ the log
_TIMES = {1: "one", 2: "two", 3: "three", 4: "four"}
_PLACES = {"the-pit": "on The Pit",
           "throneroom-d4": "on the pit of a Throneroom picked with a D4",
           "every-pit": "on each spawn pit, The Pit first",
           "count-from-pit": "at the end of a D12 count of spaces out from The Pit",
           "count-from-necromancer": "at the end of a D12 count of spaces out from the current player's "
                                     "Necromancer squad"}


def describe(effect: Effect) -> str:
    """One readable line for a step, for the log and the card faces."""
    if effect.do == "spawn":
        kind = "Resource Spawn Roll" if effect.roll == "resource" else "Spawn Roll"
        n = effect.times
        head = f"{_TIMES[n].capitalize()} {kind}{'s' if n > 1 else ''}"
        tail = ""
        if effect.counts and n > 1:
            tail = ", each counted anew"
        elif effect.at == "throneroom-d4" and n > 1:
            tail = ", each with its own D4"
        return f"{head} {_PLACES[effect.at]}{tail}."
    if effect.do == "tile":
        n = effect.times
        what = "an Excavation tile" if n == 1 else f"{_TIMES[n]} Excavation tiles"
        return f"Lay {what} next to dug ground (draw until a tile shows; the card's text is ignored)."
    if effect.do == "wander":
        return (f"Roll a {effect.die.upper()}: every Wandering Monster may move up to that many spaces, "
                "the current player choosing the paths.")
    n = effect.spaces
    return f"The Blood Eye advances {_TIMES[n]} space{'s' if n > 1 else ''} on the Awaken Track."


def die_of(effect: Effect) -> int | None:
    """The sides of the die a step rolls before anything else (a D4 for a Throneroom, a D12 to
    count, the wander die), or None. Spawn rolls themselves are the spawn module's dice."""
    if effect.do == "wander":
        return DICE[effect.die]
    if effect.at == "throneroom-d4":
        return 4
    if effect.counts:
        return 12
    return None


# ------------------------------------------------------------------ where spawns go
def every_pit(ground: Ground) -> list[Hex]:
    """Every spawn pit on the map, The Pit first, then in the order their tiles were laid
    (rule ce-event-steps): a stable order for rolling on each of them."""
    return sorted(ground.spawn_pits, key=lambda h: (ground.spawn_pits[h], h))


def pit_of_throneroom(ground: Ground, thrones: Mapping[int, Placement], k: int) -> Hex:
    """The spawn pit of Throneroom ``k`` (1-4), given ``thrones`` as numbered by
    ``setup.throneroom_numbers`` (rule ce-throneroom-numbers).

    A Throneroom whose spaces have since been dug over or collapsed keeps its
    pit: no tile ever covers a spawn pit (rule ce-protect-pit), so the pit
    still spawns (ruling ce-event-throneroom).
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= THRONEROOMS:
        raise IllegalAction(f"throneroom {k}", "ce-event-throneroom", "a D4 names Throneroom 1, 2, 3 or 4")
    room = thrones.get(k)
    if room is None or not room.spawn_pits:
        raise IllegalAction(f"throneroom {k}", "ce-event-throneroom", f"there is no Throneroom {k} on this map")
    pit = room.spawn_pits[0]
    if pit not in ground.spawn_pits:
        raise IllegalAction(f"throneroom {k}", "ce-event-throneroom",
                            f"Throneroom {k}'s pit {pit} is not on this ground")
    return pit


def count_origin(ground: Ground, at: str, necromancer: Hex | None) -> Hex:
    """Where a count starts: The Pit, or the current player's Necromancer squad at
    ``necromancer``; with no Necromancer on the map, The Pit (ruling ce-event-count-origin)."""
    if at == "count-from-pit" or necromancer is None:
        return ground.pit()
    if at == "count-from-necromancer":
        return necromancer
    raise ValueError(f"{at!r} is not a count")


def count_spaces(ground: Ground, origin: Hex, n: int) -> list[Hex]:
    """The hexes where a count of ``n`` spaces from ``origin`` may end (rule ce-event-count),
    sorted; the current player picks one.

    The counting itself is :func:`necro.cave_evil.sight.count_away`: every space
    one step further from the origin than the last, over open ground, so the
    count never loops back; when no way goes the full ``n``, the count ends
    where the longest ways end (rule ce-count-stuck). If it cannot even leave
    its origin and the origin is not open ground (a Necromancer buried in a
    collapse), the count ends on the open hexes nearest the origin, since a
    spawn never lands on unexcavated ground (ruling ce-event-count-short).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError("a count is a whole number of spaces, never negative")
    ends = [h for h in count_away(ground, origin, n) if ground.is_open(h)]
    if ends:
        return sorted(ends)
    open_hexes = ground.open_hexes()
    if not open_hexes:
        return []
    nearest = min(distance(origin, h) for h in open_hexes)
    return sorted(h for h in open_hexes if distance(origin, h) == nearest)


# ------------------------------------------------------------------ tiles
def tile_placements(ground: Ground, tile_id: str, squads: Iterable[Hex] = ()) -> list[Placement]:
    """Every way an event may lay ``tile_id`` (rules ce-event-tiles, ce-event-tiles-where):
    tunnel side up, its first space on an undug or collapsed hex next to open ground, and
    otherwise as any tile (never over a spawn pit, inside a Lair or on its shell; a new pit
    never under a player squad, whose hexes ``squads`` are). Empty when none fits or every
    tile of the kind is on the map already (the step then lays nothing). Sorted by first
    space, then rotation."""
    tile = ground.tiles[tile_id]
    if tile.is_lair or tile.printed:
        raise IllegalAction(tile_id, "ce-event-tiles", f"a {tile.name} is never laid by an event")
    if ground.used()[tile_id] >= tile.count:
        return []
    squads = set(squads)
    starts = sorted({n for h in ground.open_hexes() for n in neighbours(h) if ground.is_diggable(n)})
    out = []
    for anchor in starts:
        for rotation in range(6):
            p = ground.placement(tile_id, anchor, rotation, "open")
            if ground.refusal(p, squads) is None:
                out.append(p)
    return out


# ------------------------------------------------------------------ wandering monsters
def wanderers(ground: Ground, squads: Squads, guards=()) -> list[str]:
    """The Wandering Monster squads a wander step may move, by id (rule ce-event-wander).

    Monsters frozen on a spawn pit are among them: an event is what the text
    names as setting them loose (ruling ce-event-wander-frozen). Monsters
    trapped in a collapse cannot move (rule ce-collapse-trapped) and Protectors
    on guard (``guards``, the squads with a pit) ignore events that move Wandering
    Monsters, so both are left out. So is the
    Evil Black Old Goat, asleep or awake: he stays on The Pit until he wakes, then
    moves only by his own rampage (rule ce-evil-goat).
    """
    return [s.id for s in sorted(squads, key=lambda s: s.id)
            if s.wandering and s.creatures and not trapped(ground, s) and s.id not in guards and not is_goat(s)
            and not is_asleep_statue(s)]


def wander_limits(squad: Squad, roll: int) -> dict[str, int]:
    """How far each creature of a wandering squad may go on a wander step that rolled ``roll``
    (ruling ce-event-wander-reach): the roll, but never past the creature's own movement rate.
    Members with different limits move together as far as the smallest, then split."""
    if isinstance(roll, bool) or not isinstance(roll, int) or roll < 1:
        raise ValueError("a wander roll is a die face, 1 or more")
    return {c.id: min(roll, c.speed) for c in squad.creatures}
