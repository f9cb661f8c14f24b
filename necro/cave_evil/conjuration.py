"""The four Conjuration Decks and the Necromonk deck: ``conjuration.json``, loaded and validated, and the decks in play.

What the rule text fixes (rules ce-conj-decks, ce-conj-deck-character): four
decks, Bribe, Construct, Summon and Abyss, 70 cards each; metals on every
Bribe card, gore on every Construct card, shadowflame on every Summon card;
events rare in Bribe, commoner in Construct and Summon, most common in the
Abyss, which also holds copies of the other decks' cards; black-diamond
cards that only advanced games play (ce-conj-black-diamond); a list of
cards a first game may leave out (ce-conj-first-game); a small Necromonk
deck of four cards, one dealt to each player (ce-necromonk-deck). What it
does not give is the card lists, so the mix is data, each deck and any
entry the text backs saying where it comes from (ce-conj-deck-data).

A deck in the file::

    "bribe": {"provenance": "book", "why": "...",
              "cards": [{"card": "ratman", "count": 7, "provenance": "rules", "why": "..."},
                        {"card": "lich-elite", "count": 1, "black_diamond": true},
                        {"card": "tremor", "count": 1}, ...]}

Card ids are those of ``creatures.json`` (creatures, items and spells) and
the twelve :data:`EVENTS` shared with the event data. A black-diamond entry
may repeat a card that also has a regular entry: it stands for extra copies
that only come in with the black-diamond cards.

In play (:class:`Piles`) each deck is a face-down pile, kept as a multiset
because nobody knows its order (a draw is a chance outcome weighted by what
is left, rule ce-conj-deck-draw), and a face-up discard pile, kept in order
because its top card may be taken (ce-conj-discard-pile).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from necro.core import IllegalAction, Reader, read_json_file

from .creatures import CONJURATION, PROVENANCE, RESOURCES, Catalogue, catalogue

HERE = Path(__file__).resolve().parent
CONJURATION_FILE = HERE / "conjuration.json"
FORMAT = "cave-evil-conjuration"
VERSION = 1

DECKS = ("bribe", "construct", "summon", "abyss")
"""The four Conjuration Decks, in the order they lie on the table and the D4 numbers them (rule ce-conj-decks)."""
DECK_SIZE = 70
NECROMONK = "necromonk"
EVENTS = ("pit-belch", "throneroom-spew", "pits-overflow", "resource-seep", "tremor", "deep-quake",
          "monsters-roam", "count-from-pit", "count-from-necromancer", "eye-quickens", "abyss-vomit",
          "fractal-rift")
"""The event cards of the Conjuration Decks (ids shared with the event data)."""
STARTING_HAND = (NECROMONK, "bribe", "bribe", "construct", "summon")
"""Where a starting hand comes from, card by card (rule ce-starting-hand)."""


@dataclass(frozen=True)
class ConjCard:
    """One kind of card that a Conjuration Deck (or the Necromonk deck) holds.

    ``home`` is the deck icon the card shows (rule ce-abyss-icon): the deck of
    its ``creatures.json`` entry; events show none. ``decks`` are the decks
    that hold copies of it, in table order.
    """

    id: str
    name: str
    kind: str                                   # creature, item, spell or event
    cost: dict = field(hash=False)              # resource -> amount; {} for events and Necromonks
    decks: tuple[str, ...]
    home: str | None
    black_diamond: bool = False                 # the card itself is a black-diamond card

    @property
    def is_event(self) -> bool:
        return self.kind == "event"

    def resource_choices(self) -> list[tuple[str, int]]:
        """The amounts discarding this card in Phase 2 may earn, one per resource of its cost; the
        player takes ONE of them (rule ce-conj-one-resource). Events and free cards give nothing."""
        return [(r, self.cost[r]) for r in RESOURCES if r in self.cost]


@dataclass(frozen=True)
class Entry:
    """One line of a deck listing: so many copies of a card, regular or black-diamond."""

    card: str
    count: int
    black_diamond: bool = False
    provenance: str = "book"
    why: str = ""


@dataclass(frozen=True)
class ConjurationSpec:
    """The decks as the box holds them: every card kind, every deck's listing, the first-game removals."""

    cards: dict                                 # id -> ConjCard
    listings: dict                              # deck (DECKS and "necromonk") -> tuple[Entry, ...]
    provenance: dict                            # deck -> (source, why)
    first_game: dict                            # deck -> frozenset of card ids a first game may leave out

    def __getitem__(self, card_id: str) -> ConjCard:
        return self.cards[card_id]

    def __contains__(self, card_id) -> bool:
        return card_id in self.cards

    def is_event(self, card_id: str) -> bool:
        return card_id in self.cards and self.cards[card_id].is_event

    def contents(self, deck: str, black_diamond: bool = False, first_game: bool = False) -> Counter:
        """How many of each card a fresh ``deck`` holds: without the black-diamond entries unless asked
        (rule ce-conj-black-diamond), and without the first-game list if asked (ce-conj-first-game)."""
        if deck not in self.listings:
            raise KeyError(deck)
        out = Counter()
        for e in self.listings[deck]:
            if (black_diamond or not e.black_diamond) and not (first_game and e.card in self.first_game.get(deck, ())):
                out[e.card] += e.count
        return out

    @property
    def necromonks(self) -> Counter:
        """The Necromonk deck (rule ce-necromonk-deck)."""
        return self.contents(NECROMONK)

    def total(self, black_diamond: bool = False, first_game: bool = False) -> Counter:
        """Every card of the four decks and the Necromonk deck together: what the game conserves."""
        out = Counter()
        for deck in DECKS:
            out += self.contents(deck, black_diamond, first_game)
        return out + self.necromonks

    def resource_choices(self, card_id: str) -> list[tuple[str, int]]:
        return self.cards[card_id].resource_choices()


# ------------------------------------------------------------------ loading
ENTRY_KEYS = ("card", "count", "black_diamond", "provenance", "why")


def _why(r: Reader) -> str:
    text = r.str(max_length=400)
    if not text.strip() or "\n" in text:
        r.fail("give a one-line reason")
    return text


def _listing(r: Reader, deck: str, cat: Catalogue) -> tuple[tuple[Entry, ...], tuple[str, str]]:
    r.obj(allowed=("provenance", "why", "cards"))
    source = (r["provenance"].str(choices=PROVENANCE), _why(r["why"]))
    entries: list[Entry] = []
    seen = set()
    for e_r in r["cards"].list(min_length=1, max_length=200):
        e_r.obj(allowed=ENTRY_KEYS)
        card_id = e_r["card"].str(max_length=40)
        count = e_r["count"].int(1, DECK_SIZE)
        bd = e_r.get("black_diamond", False).bool()
        if (card_id, bd) in seen:
            e_r["card"].fail(f"{card_id!r} is listed twice in the {deck} deck: give one count")
        seen.add((card_id, bd))
        prov, why = "book", ""
        if e_r.has("provenance"):
            prov, why = e_r["provenance"].str(choices=PROVENANCE), _why(e_r["why"])
        elif e_r.has("why"):
            e_r["why"].fail("a why goes with a provenance")
        if card_id in EVENTS:
            if card_id in cat:
                e_r["card"].fail(f"{card_id!r} names both an event and a card of creatures.json")
            if deck == NECROMONK:
                e_r["card"].fail("the Necromonk deck holds Necromonks only (rule ce-necromonk-deck)")
        elif card_id not in cat:
            e_r["card"].fail(f"no card is called {card_id!r}: not in creatures.json and not an event")
        else:
            card = cat[card_id]
            home = card.deck
            if deck == NECROMONK:
                if home != NECROMONK:
                    e_r["card"].fail("the Necromonk deck holds Necromonks only (rule ce-necromonk-deck)")
            elif getattr(card, "kind", None) not in ("creature", "item", "spell"):
                e_r["card"].fail(f"a {card.kind} card is not part of a Conjuration Deck")
            elif deck == "abyss":
                if home not in DECKS:
                    e_r["card"].fail(f"the Abyss holds its own cards and the other decks' (rule ce-abyss-icon), "
                                     f"not a card of the {home} deck")
            elif home != deck:
                e_r["card"].fail(f"{card_id!r} is a card of the {home} deck, not of the {deck} deck")
            if deck in DECKS and CONJURATION.get(deck) and CONJURATION[deck] not in dict(card.cost):
                e_r["card"].fail(f"every {deck} card shows {CONJURATION[deck]} in its cost (rule ce-conj-deck-character)")
            if card.black_diamond and not bd:
                e_r.get("black_diamond", False).fail(f"{card_id!r} is a black-diamond card: mark its entry (rule ce-conj-black-diamond)")
        entries.append(Entry(card_id, count, bd, prov, why))
    return tuple(entries), source


def conjuration_from_json(data, path: str = "conjuration", cat: Catalogue | None = None) -> ConjurationSpec:
    """A validated :class:`ConjurationSpec` from the parsed JSON of a conjuration file.

    Besides each entry's own checks: every deck holds exactly 70 cards counting
    its black-diamond ones (rule ce-conj-decks); every deck holds events, and
    more of them the further right it lies (ce-conj-events-share); every card
    whose icon is a Conjuration Deck is in that deck (ce-abyss-icon); the
    Necromonk deck holds four cards (ce-necromonk-deck).
    """
    cat = cat if cat is not None else catalogue()
    r = Reader(data, path).obj(allowed=("format", "version", "about", "deck_size", "decks", "necromonk",
                                        "first_game"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    size = r["deck_size"].int(DECK_SIZE, DECK_SIZE)
    decks_r = r["decks"].obj(allowed=DECKS)
    listings, provenance = {}, {}
    for deck in DECKS:
        listings[deck], provenance[deck] = _listing(decks_r[deck], deck, cat)
        total = sum(e.count for e in listings[deck])
        if total != size:
            decks_r[deck]["cards"].fail(f"the {deck} deck holds {total} cards, not {size} (rule ce-conj-decks)")
    listings[NECROMONK], provenance[NECROMONK] = _listing(r["necromonk"], NECROMONK, cat)
    monks = sum(e.count for e in listings[NECROMONK])
    if monks != 4:
        r["necromonk"]["cards"].fail(f"the Necromonk deck holds 4 cards, one per player, not {monks} "
                                     "(rule ce-necromonk-deck)")
    events = [sum(e.count for e in listings[d] if e.card in EVENTS) for d in DECKS]
    if not all(events):
        decks_r.fail("every Conjuration Deck holds event cards (rule ce-conj-deck-character)")
    if events != sorted(set(events)):
        decks_r.fail(f"events must grow from Bribe to Abyss, got {events} (rule ce-conj-events-share)")
    listed = {(e.card, d) for d in DECKS for e in listings[d]}
    for card in list(cat.creatures.values()) + list(cat.items.values()):
        if card.deck in DECKS and (card.id, card.deck) not in listed:
            decks_r[card.deck].fail(f"{card.id!r} shows the {card.deck} icon but the {card.deck} deck "
                                    "does not hold it (rule ce-abyss-icon)")
    fg_r = r["first_game"].obj(allowed=("provenance", "why", "remove"))
    provenance["first_game"] = (fg_r["provenance"].str(choices=PROVENANCE), _why(fg_r["why"]))
    rem_r = fg_r["remove"].obj(allowed=DECKS)
    first_game = {}
    for deck in DECKS:
        if not rem_r.has(deck):
            continue
        ids = []
        for c_r in rem_r[deck].list(max_length=DECK_SIZE):
            card_id = c_r.str(max_length=40)
            if card_id not in {e.card for e in listings[deck]}:
                c_r.fail(f"the {deck} deck holds no {card_id!r} to leave out")
            ids.append(card_id)
        first_game[deck] = frozenset(ids)
    # the card kinds
    decks_of: dict[str, list[str]] = {}
    for deck in DECKS + (NECROMONK,):
        for e in listings[deck]:
            if deck not in decks_of.setdefault(e.card, []):
                decks_of[e.card].append(deck)
    cards = {}
    for card_id, where in decks_of.items():
        if card_id in EVENTS:
            cards[card_id] = ConjCard(card_id, card_id.replace("-", " ").title(), "event", {}, tuple(where), None)
        else:
            c = cat[card_id]
            kind = "creature" if card_id in cat.creatures else c.kind
            cards[card_id] = ConjCard(card_id, c.name, kind, dict(c.cost), tuple(where), c.deck, c.black_diamond)
    return ConjurationSpec(cards, listings, provenance, first_game)


def load_conjuration(path: str | Path | None = None, cat: Catalogue | None = None) -> ConjurationSpec:
    """Read and validate a conjuration file (the packaged ``conjuration.json`` by default)."""
    path = Path(path) if path else CONJURATION_FILE
    return conjuration_from_json(read_json_file(path), path.stem, cat)


@lru_cache(maxsize=1)
def conjuration_spec() -> ConjurationSpec:
    """The packaged decks, loaded once."""
    return load_conjuration()


def resource_choices(card_id: str) -> list[tuple[str, int]]:
    """What discarding a drawn ``card_id`` may earn: one (resource, amount) per resource of its cost, of
    which the player takes ONE (rule ce-conj-one-resource). The Blinding Prism gives 3 metals or 1
    shadowflame."""
    return conjuration_spec().resource_choices(card_id)


def deck_of(card_id: str) -> str | None:
    """The deck icon ``card_id`` shows, for the advanced rule that trades a card from hand for one resource
    of its deck. A copy in the Abyss shows its own deck's icon (rule ce-abyss-icon); events and the
    Necromonks show none (None)."""
    home = conjuration_spec()[card_id].home
    return home if home in DECKS else None


def starting_hand_plan() -> list[str]:
    """The decks a starting hand is dealt from, card by card (rule ce-starting-hand): an event dealt goes
    to the box and the same deck deals again."""
    return list(STARTING_HAND)


# ------------------------------------------------------------ the decks in play
class Piles:
    """The Conjuration Decks and the Necromonk deck during a game.

    Per deck: ``piles[deck]``, the face-down cards (a multiset: their order is
    unknown, so a draw is a chance outcome), and ``discards[deck]``, the
    face-up discard pile in order, top card last. ``necromonks`` is what is
    left of the Necromonk deck. Cards in hands, squads, on the map or in the
    box are not here; :meth:`accounted` lets the game check conservation
    against :meth:`ConjurationSpec.total`.
    """

    def __init__(self, spec: ConjurationSpec, piles: dict, discards: dict, necromonks: Counter,
                 black_diamond: bool = False, first_game: bool = False):
        self.spec = spec
        self.black_diamond = black_diamond
        self.first_game = first_game
        self.piles = {d: Counter({k: v for k, v in piles.get(d, {}).items() if v}) for d in DECKS}
        self.discards = {d: list(discards.get(d, [])) for d in DECKS}
        self.necromonks = Counter({k: v for k, v in necromonks.items() if v})

    @classmethod
    def new(cls, black_diamond: bool = False, first_game: bool = False,
            spec: ConjurationSpec | None = None) -> "Piles":
        """Fresh, shuffled decks for a game with or without the black-diamond cards (and the first-game list)."""
        spec = spec if spec is not None else conjuration_spec()
        return cls(spec, {d: spec.contents(d, black_diamond, first_game) for d in DECKS}, {},
                   spec.necromonks, black_diamond, first_game)

    def full(self, deck: str) -> Counter:
        """What ``deck`` holds in this game (its options applied)."""
        return self.spec.contents(deck, self.black_diamond, self.first_game)

    def _deck(self, deck: str, action) -> None:
        if deck not in DECKS:
            raise IllegalAction(action, "ce-conj-decks", f"there is no {deck!r} Conjuration Deck: "
                                f"the decks are {', '.join(DECKS)}")

    def left(self, deck: str) -> int:
        """How many face-down cards ``deck`` has."""
        return sum(self.piles[deck].values())

    # ---------------------------------------------------------------- drawing
    def outcomes(self, deck: str) -> list[tuple[str, Fraction]]:
        """The cards the next draw from ``deck`` may give, each with its exact chance, sorted by id
        (rule ce-conj-deck-draw). An empty pile is first refilled from the deck's discards (ce-conj-refill);
        with both empty the list is empty."""
        self._deck(deck, f"draw {deck}")
        pile = self.piles[deck] or Counter(self.discards[deck])
        total = sum(pile.values())
        return [(card, Fraction(n, total)) for card, n in sorted(pile.items())]

    def draw(self, deck: str, card_id: str) -> ConjCard:
        """Take ``card_id`` off ``deck``'s face-down pile: a draw's outcome, rolled or forced."""
        self._deck(deck, f"draw {deck}")
        if not self.piles[deck] and self.discards[deck]:   # rule ce-conj-refill
            self.piles[deck], self.discards[deck] = Counter(self.discards[deck]), []
        if not self.piles[deck]:
            raise IllegalAction(f"draw {deck}", "ce-conj-refill",
                                f"the {deck} deck and its discard pile are both empty")
        if self.piles[deck].get(card_id, 0) <= 0:
            raise IllegalAction(f"draw {deck} {card_id}", "ce-conj-deck-draw",
                                f"no {card_id!r} card is left in the {deck} deck")
        self.piles[deck][card_id] -= 1
        if not self.piles[deck][card_id]:
            del self.piles[deck][card_id]
        return self.spec[card_id]

    def draw_random(self, deck: str, rng) -> ConjCard:
        """A draw decided by ``rng`` (a :class:`necro.core.Rng`) from :meth:`outcomes`."""
        outcomes = self.outcomes(deck)
        if not outcomes:
            raise IllegalAction(f"draw {deck}", "ce-conj-refill", f"the {deck} deck and its discard pile are both empty")
        return self.draw(deck, rng.weighted(outcomes))

    def necromonk_outcomes(self) -> list[tuple[str, Fraction]]:
        """The cards the next deal from the Necromonk deck may give (rule ce-necromonk-deck)."""
        total = sum(self.necromonks.values())
        return [(card, Fraction(n, total)) for card, n in sorted(self.necromonks.items())]

    def draw_necromonk(self, card_id: str) -> ConjCard:
        if self.necromonks.get(card_id, 0) <= 0:
            raise IllegalAction(f"deal {card_id}", "ce-necromonk-deck", f"no {card_id!r} is left in the Necromonk deck")
        self.necromonks[card_id] -= 1
        if not self.necromonks[card_id]:
            del self.necromonks[card_id]
        return self.spec[card_id]

    # ---------------------------------------------------------------- discards
    def discard(self, deck: str, card_id: str) -> None:
        """Lay ``card_id`` face up on ``deck``'s discard pile (rules ce-conj-discard-pile, ce-conj-discard-where):
        only a creature, item or spell that ``deck`` holds, and never more copies than it holds."""
        action = f"discard {card_id} to {deck}"
        self._deck(deck, action)
        if self.spec.is_event(card_id):
            raise IllegalAction(action, "ce-conj-discard-where", "an event goes to the box, not to a discard pile")
        full = self.full(deck)
        if card_id not in full:
            raise IllegalAction(action, "ce-conj-discard-where", f"the {deck} deck holds no {card_id!r} card")
        if self.piles[deck][card_id] + self.discards[deck].count(card_id) >= full[card_id]:
            raise IllegalAction(action, "ce-conj-discard-where",
                                f"all {full[card_id]} {card_id!r} cards of the {deck} deck are already in it")
        self.discards[deck].append(card_id)

    def top_discard(self, deck: str) -> str | None:
        """The face-up card a player may take instead of drawing (None: the pile is empty)."""
        self._deck(deck, f"take {deck}")
        return self.discards[deck][-1] if self.discards[deck] else None

    def take_discard(self, deck: str) -> ConjCard:
        """Take the top card of ``deck``'s discard pile (rule ce-conj-discard-pile: it must be kept)."""
        self._deck(deck, f"take {deck}")
        if not self.discards[deck]:
            raise IllegalAction(f"take {deck}", "ce-conj-discard-pile", f"the {deck} discard pile is empty")
        return self.spec[self.discards[deck].pop()]

    # ---------------------------------------------------------------- conservation
    def count(self, card_id: str) -> int:
        """Copies of ``card_id`` in every pile, discard pile and the Necromonk deck."""
        return self.accounted()[card_id]

    def accounted(self) -> Counter:
        """Every card still in the piles, the discard piles and the Necromonk deck."""
        out = Counter(self.necromonks)
        for d in DECKS:
            out += self.piles[d]
            out.update(self.discards[d])
        return out

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict:
        return {"piles": {d: dict(sorted(self.piles[d].items())) for d in DECKS},
                "discards": {d: list(self.discards[d]) for d in DECKS},
                "necromonks": dict(sorted(self.necromonks.items()))}

    @classmethod
    def from_json(cls, data, path: str = "conjuration", black_diamond: bool = False, first_game: bool = False,
                  spec: ConjurationSpec | None = None) -> "Piles":
        """Rebuild the decks; no deck may hold a card more often than it does in this game's box."""
        spec = spec if spec is not None else conjuration_spec()
        r = Reader(data, path).obj(allowed=("piles", "discards", "necromonks"))
        piles_r = r["piles"].obj(allowed=DECKS)
        disc_r = r["discards"].obj(allowed=DECKS)
        piles, discards = {}, {}
        for d in DECKS:
            full = spec.contents(d, black_diamond, first_game)
            pile = Counter()
            p_r = piles_r[d].obj()
            for card_id in p_r.value:
                _holds(p_r[card_id], d, card_id, full, spec, black_diamond)
                pile[card_id] = p_r[card_id].int(0, full[card_id])
            discard = []
            for c_r in disc_r[d].list(max_length=DECK_SIZE):
                card_id = c_r.str(max_length=40)
                _holds(c_r, d, card_id, full, spec, black_diamond)
                if spec.is_event(card_id):
                    c_r.fail("an event goes to the box, never to a discard pile (rule ce-conj-discard-where)")
                discard.append(card_id)
            for card_id, n in sorted((pile + Counter(discard)).items()):
                if n > full[card_id]:
                    disc_r[d].fail(f"{n} {card_id!r} cards in the {d} pile and discards, but the deck holds "
                                   f"only {full[card_id]}")
            piles[d], discards[d] = pile, discard
        monks_r = r["necromonks"].obj()
        monks = Counter()
        for card_id in monks_r.value:
            if card_id not in spec.necromonks:
                monks_r[card_id].fail(f"the Necromonk deck holds no {card_id!r} card")
            monks[card_id] = monks_r[card_id].int(0, spec.necromonks[card_id])
        return cls(spec, piles, discards, monks, black_diamond, first_game)

    def copy(self) -> "Piles":
        return Piles(self.spec, {d: Counter(p) for d, p in self.piles.items()},
                     {d: list(p) for d, p in self.discards.items()}, Counter(self.necromonks),
                     self.black_diamond, self.first_game)

    def __eq__(self, other):
        return isinstance(other, Piles) and (self.piles, self.discards, self.necromonks) == (
            other.piles, other.discards, other.necromonks)

    __hash__ = None

    def __repr__(self):
        parts = ", ".join(f"{d} {self.left(d)}+{len(self.discards[d])}" for d in DECKS)
        return f"<Piles: {parts} (to draw + discarded); {sum(self.necromonks.values())} Necromonks>"


def _holds(r: Reader, deck: str, card_id: str, full: Counter, spec: ConjurationSpec, black_diamond: bool) -> None:
    """Fail unless this game's ``deck`` holds ``card_id``, saying why it does not."""
    if card_id in full:
        return
    if card_id in spec.contents(deck, black_diamond):
        r.fail(f"{card_id!r} is left out of a first game (rule ce-conj-first-game)")
    if card_id in spec.contents(deck, True):
        r.fail(f"{card_id!r} is a black-diamond card of the {deck} deck, out of this game "
               "(rule ce-conj-black-diamond)")
    r.fail(f"the {deck} deck holds no {card_id!r} card")
