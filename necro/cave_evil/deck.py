"""The Excavation Deck: ``excavation_deck.json``, loaded and validated, and the deck in play.

The rule text fixes a few facts about the deck (42 cards; each card shows
the tile a finished dig lays and says which spawn roll follows; events are
shuffled in; the Protector mini-expansion adds four black-diamond cards that
find Shrines and Temples) but never lists the cards. So, like the tile
shapes, the mix is data an owner of the game can correct, each entry saying
which of its facts are the text's (``"rules"``) and which ours (``"book"``),
with a one-line reason (rule ce-deck-contents).

A card entry in the file::

    {"id": "tunnel", "kind": "tile", "tile": "tunnel", "count": 12,
     "spawn": {"roll": "excavation", "times": 1, "at": "farthest"},
     "provenance": {"count": "book", "tile": "book", "spawn": "book"}, "why": "..."}
    {"id": "event-spawn", "kind": "event", "event": "spawn", "count": 2, ...}

``expansion: "protectors"`` marks the four black-diamond cards, which are in
the deck only when Protectors are played (rule ce-deck-protectors).

The deck in play (:class:`Deck`) is a *multiset*: how many of each card are
left to draw and how many lie in the discard pile. A shuffled pile drawn
from the top gives every remaining card the same chance of coming next, so
a draw is a chance node whose outcomes are the card ids weighted by how many
remain (:meth:`Deck.outcomes`); that keeps chance explicit and forceable
and no hidden order has to be saved. When the pile is empty the discards are
shuffled back in (rule ce-deck-reshuffle).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from necro.core import IllegalAction, Reader, read_json_file

from .tiles import PROVENANCE, TileSet, tile_set

HERE = Path(__file__).resolve().parent
DECK_FILE = HERE / "excavation_deck.json"
FORMAT = "cave-evil-excavation-deck"
VERSION = 1

KINDS = ("tile", "event")
ROLLS = ("excavation", "resource", "regular", "none")
"""Spawn rolls a card may ask for: the Excavation Spawn Roll (resources to the
digging squad, cards to the far end of the new tile), the Resource Spawn Roll
(resources only), the regular Spawn Roll (everything on the spot), or none."""
SPAWN_AT = ("farthest", "spawn-pit")
EVENTS = ("spawn", "tiles", "wander", "count")
"""The families of event the text describes: spawn rolls at the pits, new
tiles from this deck, Wandering Monsters moved, D12 spaces counted out."""
EXPANSIONS = ("protectors",)
ASPECTS = ("count", "tile", "spawn", "event")
CARD_KEYS = ("id", "kind", "tile", "event", "count", "spawn", "protector", "expansion", "provenance", "why")

SETUP_USE = {"lair": 4, "great-hall": 4, "throneroom": 4, "tunnel": 4}
"""The most tiles of a kind any set-up lays: four Lairs and four Great Halls
(four players); four Thronerooms (always four in play) and four Tunnels (one
each for four, one each plus the neutral one for three, two each for two).
The deck may not show more of a tile than the box has left after that."""


@dataclass(frozen=True)
class Spawn:
    """The spawn roll a tile card asks for once its tile is laid by a dig."""

    roll: str
    times: int
    at: str

    def to_json(self) -> dict:
        return {"roll": self.roll, "times": self.times, "at": self.at}


@dataclass(frozen=True)
class Card:
    """One kind of excavation card and how many the deck holds."""

    id: str
    kind: str
    count: int
    tile: str | None = None
    event: str | None = None
    spawn: Spawn | None = None
    protector: bool = False
    expansion: str | None = None
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""

    @property
    def is_event(self) -> bool:
        return self.kind == "event"


@dataclass(frozen=True)
class DeckSpec:
    """Every kind of excavation card, by id, in file order."""

    cards: dict
    base_total: int

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __contains__(self, card_id) -> bool:
        return card_id in self.cards

    def __iter__(self):
        return iter(self.cards.values())

    def contents(self, protectors: bool = False) -> Counter:
        """How many of each card a fresh deck holds (with the black-diamond cards if asked)."""
        return Counter({c.id: c.count for c in self.cards.values()
                        if c.expansion is None or (protectors and c.expansion == "protectors")})


# ------------------------------------------------------------------ loading
def _card(r: Reader, tiles: TileSet) -> Card:
    r.obj(allowed=CARD_KEYS)
    card_id = r["id"].str(max_length=40)
    if not card_id or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in card_id) or card_id[0] == "-":
        r["id"].fail("a card id is lowercase words joined by hyphens")
    kind = r["kind"].str(choices=KINDS)
    count = r["count"].int(1, 42)
    tile = event = spawn = None
    protector = r.get("protector", False).bool()
    expansion = r.get("expansion", None).optional()
    expansion = expansion.str(choices=EXPANSIONS) if expansion else None
    if kind == "tile":
        tile = r["tile"].str(max_length=40)
        if tile not in tiles:
            r["tile"].fail(f"no tile is called {tile!r}")
        if tiles[tile].is_lair or tiles[tile].printed:
            r["tile"].fail(f"a {tiles[tile].name} is never found by digging")
        if r.has("event"):
            r["event"].fail("a tile card is not an event")
        s = r["spawn"].obj(allowed=("roll", "times", "at"))
        spawn = Spawn(s["roll"].str(choices=ROLLS), s["times"].int(0, 3), s["at"].str(choices=SPAWN_AT))
        if (spawn.roll == "none") != (spawn.times == 0):
            s["times"].fail("a card with no spawn roll rolls 0 times, any other at least once")
        if spawn.at == "spawn-pit" and not tiles[tile].spawn_pits:
            s["at"].fail(f"a {tiles[tile].name} has no spawn pit to spawn on")
        if protector and not (expansion == "protectors" and tiles[tile].spawn_pits):
            r["protector"].fail("only the Protectors' black-diamond cards, finding a room with a pit, call a Protector")
    else:
        for key in ("tile", "spawn", "protector"):
            if r.has(key):
                r[key].fail("an event card shows no tile and asks for no dig spawn")
        event = r["event"].str(choices=EVENTS)
    prov = r["provenance"].obj(allowed=ASPECTS)
    provenance = tuple((k, prov[k].str(choices=PROVENANCE)) for k in ASPECTS if prov.has(k))
    needed = ("count", "tile", "spawn") if kind == "tile" else ("count", "event")
    for key in needed:
        if not prov.has(key):
            prov.get(key, None).fail("say where this comes from: rules or book")
    why = r["why"].str(max_length=300)
    if not why.strip() or "\n" in why:
        r["why"].fail("give a one-line reason")
    return Card(card_id, kind, count, tile, event, spawn, protector, expansion, provenance, why)


def deck_from_json(data, path: str = "excavation_deck", tiles: TileSet | None = None) -> DeckSpec:
    """A validated :class:`DeckSpec` from the parsed JSON of a deck file.

    Besides each card's own checks: the base deck (no expansion cards) holds
    exactly ``base_total`` cards, 42 by the component list (rule
    ce-excavation-deck); it has at least one event (the text says it does);
    no tile is shown by more cards than the box has left after the largest
    set-up (rule ce-deck-contents).
    """
    tiles = tiles if tiles is not None else tile_set()
    r = Reader(data, path).obj(allowed=("format", "version", "about", "base_total", "cards"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    base_total = r["base_total"].int(42, 42)
    cards: dict[str, Card] = {}
    for item in r["cards"].list(min_length=1, max_length=100):
        card = _card(item, tiles)
        if card.id in cards:
            item["id"].fail(f"card id {card.id!r} is used twice")
        cards[card.id] = card
    base = [c for c in cards.values() if c.expansion is None]
    counted = sum(c.count for c in base)
    if counted != base_total:
        r["base_total"].fail(f"the base deck's cards add up to {counted}, not {base_total}")
    if not any(c.is_event for c in base):
        r["cards"].fail("the Excavation Deck holds event cards (rule ce-excavation-deck)")
    if sum(c.count for c in cards.values() if c.expansion == "protectors") not in (0, 4):
        r["cards"].fail("the Protectors add exactly four black-diamond cards (rule ce-deck-protectors)")
    shown = Counter()
    for c in cards.values():
        if c.tile:
            shown[c.tile] += c.count
    for tile_id, n in sorted(shown.items()):
        left = tiles[tile_id].count - SETUP_USE.get(tile_id, 0)
        if n > left:
            r["cards"].fail(f"{n} cards show a {tiles[tile_id].name}, but only {left} are left in the box after set-up")
    return DeckSpec(cards, base_total)


def load_deck(path: str | Path | None = None, tiles: TileSet | None = None) -> DeckSpec:
    """Read and validate a deck file (the packaged ``excavation_deck.json`` by default)."""
    path = Path(path) if path else DECK_FILE
    return deck_from_json(read_json_file(path), path.stem, tiles)


@lru_cache(maxsize=1)
def deck_spec() -> DeckSpec:
    """The packaged deck, loaded once."""
    return load_deck()


# ------------------------------------------------------------ the deck in play
class Deck:
    """The Excavation Deck during a game: the cards left to draw and the discards.

    Cards that leave the deck otherwise (a face-down card on a dig, an event
    set aside for Phase 4, which then goes to the box) are simply not here.
    """

    def __init__(self, spec: DeckSpec, pile: Counter, discard: Counter | None = None):
        self.spec = spec
        self.pile = Counter({k: v for k, v in pile.items() if v})
        self.discard = Counter({k: v for k, v in (discard or {}).items() if v})

    @classmethod
    def new(cls, spec: DeckSpec | None = None, protectors: bool = False) -> "Deck":
        spec = spec if spec is not None else deck_spec()
        return cls(spec, spec.contents(protectors))

    def __len__(self) -> int:
        return sum(self.pile.values())

    def _refill(self) -> None:
        if not self.pile and self.discard:
            self.pile, self.discard = self.discard, Counter()

    def outcomes(self) -> list[tuple[str, Fraction]]:
        """The cards the next draw may give, each with its exact chance (rule ce-deck-draw).

        An empty pile is first refilled from the discards (rule ce-deck-reshuffle);
        with both empty there is nothing to draw (an empty list).
        """
        pile = self.pile or self.discard
        total = sum(pile.values())
        return [(card, Fraction(n, total)) for card, n in sorted(pile.items())]

    def draw(self, card_id: str) -> Card:
        """Take ``card_id`` off the deck: the outcome of a draw, rolled or forced."""
        self._refill()
        if self.pile.get(card_id, 0) <= 0:
            raise IllegalAction(card_id, "ce-deck-draw", f"no {card_id!r} card is left to draw")
        self.pile[card_id] -= 1
        if not self.pile[card_id]:
            del self.pile[card_id]
        return self.spec[card_id]

    def draw_random(self, rng) -> Card:
        outcomes = self.outcomes()
        if not outcomes:
            raise IllegalAction("(draw)", "ce-deck-draw", "the Excavation Deck and its discards are empty")
        return self.draw(rng.weighted(outcomes))

    def put_in_discard(self, card_id: str) -> None:
        if card_id not in self.spec:
            raise KeyError(card_id)
        self.discard[card_id] += 1

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict:
        return {"pile": dict(sorted(self.pile.items())), "discard": dict(sorted(self.discard.items()))}

    @classmethod
    def from_json(cls, data, path: str = "deck", spec: DeckSpec | None = None, protectors: bool = False) -> "Deck":
        """Rebuild a deck; no card may appear more often than the deck holds it."""
        spec = spec if spec is not None else deck_spec()
        r = Reader(data, path).obj(allowed=("pile", "discard"))
        full = spec.contents(protectors)
        seen = Counter()
        parts = []
        for key in ("pile", "discard"):
            part = r[key].obj()
            counts = Counter()
            for card_id in part.value:
                if card_id not in full:
                    part[card_id].fail(f"this deck holds no {card_id!r} card")
                counts[card_id] = part[card_id].int(0, full[card_id])
            seen += counts
            parts.append(counts)
        for card_id, n in seen.items():
            if n > full[card_id]:
                r.fail(f"{n} {card_id!r} cards, but the deck holds only {full[card_id]}")
        return cls(spec, parts[0], parts[1])

    def copy(self) -> "Deck":
        return Deck(self.spec, Counter(self.pile), Counter(self.discard))

    def __eq__(self, other):
        return isinstance(other, Deck) and (self.pile, self.discard) == (other.pile, other.discard)

    __hash__ = None

    def __repr__(self):
        return f"<Deck: {len(self)} to draw, {sum(self.discard.values())} discarded>"
