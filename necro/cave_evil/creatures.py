"""Cave Evil's creatures, items and spells as data: ``creatures.json``, loaded and validated.

The rule text never prints the card lists. It only mentions cards in
passing, in examples: the Combat Example gives three attributes of five
creatures, the Sacrifice example two costs, a movement example a speed. So,
like the tiles and the Excavation Deck, the cards are data an owner of the
game can correct, and every entry says, per group of fields, where its
numbers come from (rule ce-creature-data):

- ``"rules"``: the text states the number (the Necromonk's strength 3);
- ``"faq"``: a published answer of the designers states it;
- ``"inferred"``: the text implies it without stating it (three creatures
  sharing one squad must be small, by the squad size limits);
- ``"book"``: made up by this book so that the card can be played.

A creature in the file::

    {"id": "necromonk", "name": "Necromonk", "kind": "creature", "size": "small",
     "movement": 3, "pick": 1, "items": {"count": 1, "use": true}, "spellcaster": true,
     "attributes": {"strength": 3, "special": 8, "dodge": 4,
                    "bloodthirst": 2, "armor": 3, "weapon": 2},
     "ranged": null,                      # or {"range": 3, "attribute": "weapon"}
     "effects": [{"kind": "binding", "attribute": "strength", "amount": -3,
                  "to": "enemies", "when": "always"}],
     "cost": {"metals": 3, "gore": 2},    # at most the three resources, none when free
     "deck": "necromonk", "species": ["necro"],
     "provenance": {"size": "rules", "attributes": {"strength": "rules", ...}, ...},
     "why": "...", "notes": "..."}

Attributes are listed by name; in code they are kept in ring order (rule
ce-combat-attributes, :data:`ATTRIBUTES`). An item or spell has an id, a
name, a ``kind`` (``item``/``spell``), a ``size`` (``trinket`` items need no
hands, ``large`` ones block sight), how it is used (``always``, ``pay``,
``discard``: the three item symbols), effects, cost, deck, the items it
cancels (rule ce-item-cancel) and the same provenance.

Effects are the part of the cards the combat engine reads
(:mod:`necro.cave_evil.combat`):

- ``modifier`` changes one attribute of the creature itself (``to: self``),
  or is added to its side's total (``side``) or to the opposing side's
  total (``opponent``);
- ``binding`` changes one attribute of every creature of the opposing side
  (``enemies``) or of the creature's own squad (``friends``) (rule ce-binding).

``when`` says whether the effect works always, only when attacking or only
when defending (rule ce-ability-when). An ability that is not a number on an
attribute is played by its own module, by card id (the Attacktite tearing
squads apart: :mod:`.ripping`); those the engine does not model yet (a
Stabbist picking every attribute) are described in ``notes`` only.

:func:`movement_creature` turns a card into the small record the map layer
moves (:class:`necro.cave_evil.movement.Creature`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from necro.core import Reader, read_json_file

from .movement import MAX_SPEED, SIZES, Creature

HERE = Path(__file__).resolve().parent
CREATURES_FILE = HERE / "creatures.json"
FORMAT = "cave-evil-creatures"
VERSION = 1

ATTRIBUTES = ("strength", "special", "dodge", "bloodthirst", "armor", "weapon")
"""The six combat attributes in the order they sit round a card's barbed hex (rule ce-combat-attributes)."""
SHORT = {"strength": "st", "special": "sp", "dodge": "dd", "bloodthirst": "bt", "armor": "ar", "weapon": "wp"}
"""The text's two-letter abbreviations."""

PROVENANCE = ("rules", "faq", "inferred", "book")
KINDS = ("creature", "necromancer", "protector", "awakened-evil")
ITEM_KINDS = ("item", "spell")
ITEM_SIZES = ("trinket", "normal", "large")
ITEM_USES = ("always", "pay", "discard")
DECKS = ("bribe", "construct", "summon", "abyss", "necromonk", "necromancer", "protector", "awakening")
CONJURATION = {"bribe": "metals", "construct": "gore", "summon": "shadowflame", "abyss": None}
"""The four Conjuration Decks and the resource every card of the deck shows (rule ce-creature-deck-resource)."""
RESOURCES = ("metals", "gore", "shadowflame")
EXPANSIONS = ("protectors",)
WHEN = ("always", "attacking", "defending")
TARGETS = {"modifier": ("self", "side", "opponent"), "binding": ("enemies", "friends")}
MAX_ATTRIBUTE = 30
MAX_ITEMS = 8

CREATURE_GROUPS = ("size", "movement", "pick", "items", "spellcaster", "attributes", "ranged",
                   "effects", "cost", "deck", "species")
ITEM_GROUPS = ("kind", "size", "use", "effects", "cost", "deck", "cancels")
CREATURE_EXTRAS = ("bomb_immune", "dread")
"""Card fields only some creature cards have; a card that has one says where it comes from."""
ITEM_EXTRAS = ("pick", "pay", "bomb")
"""Card fields only some items have (a pick-axe, a price for each use, a bomb's blast); each
present one says where it comes from."""
CREATURE_KEYS = ("id", "name", "kind", "size", "movement", "pick", "items", "spellcaster", "attributes",
                 "ranged", "effects", "cost", "deck", "species", "expansion", "black_diamond",
                 "provenance", "why", "notes") + CREATURE_EXTRAS
ITEM_KEYS = ("id", "name", "kind", "size", "use", "effects", "cost", "deck", "cancels", "black_diamond",
             "provenance", "why", "notes") + ITEM_EXTRAS
_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Effect:
    """One numeric effect of a card on combat (see the module docstring)."""

    kind: str           # "modifier" or "binding"
    attribute: str
    amount: int
    to: str             # self / side / opponent (modifier), enemies / friends (binding)
    when: str = "always"

    def applies(self, role: str) -> bool:
        """Whether the effect works for a side fighting as ``role`` ("attacker" or "defender")."""
        return self.when == "always" or (self.when == "attacking") == (role == "attacker")

    def to_json(self) -> dict:
        return {"kind": self.kind, "attribute": self.attribute, "amount": self.amount, "to": self.to,
                "when": self.when}


@dataclass(frozen=True)
class Ranged:
    """A ranged combat ability: how far, and the attribute its first round must use (None: any)."""

    range: int
    attribute: str | None = None


@dataclass(frozen=True)
class CreatureCard:
    """A creature card (Necromancers, Protectors and Awakened Evils included)."""

    id: str
    name: str
    kind: str
    size: str
    movement: int
    pick: int
    item_count: int
    item_use: bool
    spellcaster: bool
    attributes: tuple[int, ...]       # in ring order, see ATTRIBUTES
    ranged: Ranged | None
    effects: tuple[Effect, ...]
    cost: tuple[tuple[str, int], ...]
    deck: str | None
    species: tuple[str, ...]
    expansion: str | None = None
    black_diamond: bool = False
    provenance: tuple[tuple[str, object], ...] = ()   # group -> source, or per attribute pairs
    why: str = ""
    notes: str = ""
    bomb_immune: bool = False   # one of the few creatures a bomb's blast spares (rule ce-bomb)
    dread: int = 0              # the range other species' squads must leave when it appears (rule ce-necrotic-devil)

    def attribute(self, name: str) -> int:
        return self.attributes[ATTRIBUTES.index(name)]

    @property
    def necromancer(self) -> bool:
        return self.kind == "necromancer"

    def source(self, group: str, attribute: str | None = None) -> str:
        """Where a field group's numbers come from; for ``attributes`` per attribute."""
        value = dict(self.provenance)[group]
        if isinstance(value, tuple):  # one source per attribute
            return dict(value)[attribute] if attribute else "mixed"
        return value


@dataclass(frozen=True)
class Bomb:
    """A bomb card's blast (rule ce-bomb): thrown up to ``range`` spaces, it destroys everything
    within ``radius`` spaces of where it lands."""

    radius: int
    range: int


@dataclass(frozen=True)
class ItemCard:
    """An item or a spell card."""

    id: str
    name: str
    kind: str
    size: str
    use: str
    effects: tuple[Effect, ...]
    cost: tuple[tuple[str, int], ...]
    deck: str | None
    cancels: tuple[str, ...] = ()
    black_diamond: bool = False
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""
    notes: str = ""
    pick: int = 0                                  # a pick-axe: adds to its squad's excavation speed (rule ce-dig-excavator)
    pay: tuple[tuple[str, int], ...] = ()          # "Pay to Use": what each use costs (rule ce-item-pay)
    bomb: Bomb | None = None                       # a bomb's blast (rule ce-bomb)

    @property
    def trinket(self) -> bool:
        return self.size == "trinket"

    @property
    def large(self) -> bool:
        """A Large Item blocks line of sight where it lies (rule ce-line-of-sight)."""
        return self.size == "large"

    def source(self, group: str) -> str:
        return dict(self.provenance)[group]


@dataclass(frozen=True)
class Catalogue:
    """Every creature and item card, by id, in file order."""

    creatures: dict
    items: dict

    def __getitem__(self, card_id: str):
        if card_id in self.creatures:
            return self.creatures[card_id]
        return self.items[card_id]

    def __contains__(self, card_id) -> bool:
        return card_id in self.creatures or card_id in self.items

    def creature(self, card_id: str) -> CreatureCard:
        return self.creatures[card_id]

    def item(self, card_id: str) -> ItemCard:
        return self.items[card_id]


# ------------------------------------------------------------------ loading
def _id(r: Reader) -> str:
    value = r.str(max_length=40)
    if not _ID.match(value):
        r.fail("an id is lowercase words joined by hyphens")
    return value


def _one_line(r: Reader, required: bool = True) -> str:
    text = r.str(max_length=400)
    if (required and not text.strip()) or "\n" in text:
        r.fail("give a one-line text")
    return text


def _effects(r: Reader, item: bool) -> tuple[Effect, ...]:
    out = []
    for e in r.list(max_length=12):
        e.obj(allowed=("kind", "attribute", "amount", "to", "when"))
        kind = e["kind"].str(choices=TARGETS)
        attribute = e["attribute"].str(choices=ATTRIBUTES)
        amount = e["amount"].int(-MAX_ATTRIBUTE, MAX_ATTRIBUTE)
        if amount == 0:
            e["amount"].fail("an effect changes something: not 0")
        to = e["to"].str(choices=TARGETS[kind])
        if item and to == "self":
            e["to"].fail("an item or spell has no attributes of its own: use side, opponent or a binding")
        when = e.get("when", "always").str(choices=WHEN)
        out.append(Effect(kind, attribute, amount, to, when))
    return tuple(out)


def _cost(r: Reader) -> tuple[tuple[str, int], ...]:
    r.obj(allowed=RESOURCES)
    return tuple((k, r[k].int(1, 20)) for k in RESOURCES if r.has(k))


def _deck(r: Reader, cost, kinds_ok) -> str | None:
    deck_r = r.optional()
    if deck_r is None:
        return None
    deck = deck_r.str(choices=kinds_ok)
    if deck in CONJURATION:
        needed = CONJURATION[deck]
        if not cost:
            deck_r.fail(f"every card of the {deck} deck has a resource cost (rule ce-creature-deck-resource)")
        if needed and needed not in dict(cost):
            deck_r.fail(f"every card of the {deck} deck shows {needed} in its cost (rule ce-creature-deck-resource)")
    return deck


def _provenance(r: Reader, groups, extras=(), present=()) -> tuple:
    """Where each field group comes from; of the ``extras`` (fields only some cards have), those
    ``present`` on this card."""
    r.obj(allowed=tuple(groups) + tuple(extras))
    for g in extras:
        if r.has(g) and g not in present:
            r[g].fail("this card has no such field")
    out = []
    for g in tuple(groups) + tuple(g for g in extras if g in present):
        if not r.has(g):
            r.get(g, None).fail("say where this comes from: rules, faq, inferred or book")
        if g == "attributes" and isinstance(r[g].value, dict):
            per = r[g].obj(allowed=ATTRIBUTES)
            for a in ATTRIBUTES:
                if not per.has(a):
                    per.get(a, None).fail("say where this attribute comes from")
            out.append((g, tuple((a, per[a].str(choices=PROVENANCE)) for a in ATTRIBUTES)))
        else:
            out.append((g, r[g].str(choices=PROVENANCE)))
    return tuple(out)


def _creature(r: Reader) -> CreatureCard:
    r.obj(allowed=CREATURE_KEYS)
    card_id = _id(r["id"])
    name = r["name"].str(max_length=60)
    kind = r["kind"].str(choices=KINDS)
    size = r["size"].str(choices=SIZES)
    movement = r["movement"].int(0, MAX_SPEED)
    pick = r["pick"].int(0, MAX_SPEED)
    items = r["items"].obj(allowed=("count", "use"))
    count, use = items["count"].int(0, MAX_ITEMS), items["use"].bool()
    if use and not count:
        items["use"].fail("a creature that uses items can also carry them: count at least 1")
    spellcaster = r["spellcaster"].bool()
    if spellcaster and not use:
        r["spellcaster"].fail("a spellcaster casts as many spells as it can use items: it needs item use (rule ce-spell-cast)")
    attrs = r["attributes"].obj(allowed=ATTRIBUTES)
    attributes = tuple(attrs[a].int(0, MAX_ATTRIBUTE) for a in ATTRIBUTES)
    ranged = None
    ranged_r = r["ranged"].optional()
    if ranged_r is not None:
        ranged_r.obj(allowed=("range", "attribute"))
        first = ranged_r.get("attribute", None).optional()
        ranged = Ranged(ranged_r["range"].int(1, 20), first.str(choices=ATTRIBUTES) if first else None)
    effects = _effects(r["effects"], item=False)
    cost = _cost(r["cost"])
    deck = _deck(r["deck"], cost, DECKS)
    species = tuple(s.str(max_length=30) for s in r["species"].list(max_length=3))
    for s_r, s in zip(r["species"].list(), species):
        if not _ID.match(s):
            s_r.fail("a species is a lowercase word")
    expansion = r.get("expansion", None).optional()
    expansion = expansion.str(choices=EXPANSIONS) if expansion else None
    if (kind == "protector") != (expansion == "protectors"):
        r["kind"].fail("Protectors, and only they, come with the protectors expansion")
    if kind == "necromancer":
        if size != "small":
            r["size"].fail("a Necromancer counts as a small creature (rule ce-necromancer-small)")
        if not spellcaster or count < 2:
            r["items"].fail("every Necromancer casts spells and uses at least two items (rule ce-creature-necromancer)")
    black_diamond = r.get("black_diamond", False).bool()
    bomb_immune = r.get("bomb_immune", False).bool()
    dread = r.get("dread", 0).int(0, MAX_SPEED)
    provenance = _provenance(r["provenance"], CREATURE_GROUPS, CREATURE_EXTRAS, [g for g in CREATURE_EXTRAS if r.has(g)])
    why = _one_line(r["why"])
    notes = _one_line(r.get("notes", ""), required=False)
    return CreatureCard(card_id, name, kind, size, movement, pick, count, use, spellcaster, attributes, ranged,
                        effects, cost, deck, species, expansion, black_diamond, provenance, why, notes, bomb_immune,
                        dread)


def _item(r: Reader) -> ItemCard:
    r.obj(allowed=ITEM_KEYS)
    card_id = _id(r["id"])
    name = r["name"].str(max_length=60)
    kind = r["kind"].str(choices=ITEM_KINDS)
    size = r.get("size", "normal").str(choices=ITEM_SIZES)
    use = r.get("use", "always").str(choices=ITEM_USES)
    effects = _effects(r["effects"], item=True)
    cost = _cost(r["cost"])
    deck = _deck(r["deck"], cost, tuple(CONJURATION) + ("protector", "awakening"))
    cancels = tuple(_id(c) for c in r.get("cancels", []).list(max_length=10))
    black_diamond = r.get("black_diamond", False).bool()
    pick = r.get("pick", 0).int(0, MAX_SPEED)
    pay = _cost(r["pay"]) if r.has("pay") else ()
    if (use == "pay") != bool(pay):
        r["use"].fail("a Pay to Use item, and only one, says what each use costs in 'pay' (rule ce-item-pay)")
    bomb = None
    if r.has("bomb"):
        b = r["bomb"].obj(allowed=("radius", "range"))
        bomb = Bomb(b["radius"].int(0, 6), b["range"].int(0, 6))
        if use != "discard":
            r["use"].fail("a bomb goes off once: it is discarded after use (rule ce-bomb)")
    provenance = _provenance(r["provenance"], ITEM_GROUPS, ITEM_EXTRAS, [g for g in ITEM_EXTRAS if r.has(g)])
    why = _one_line(r["why"])
    notes = _one_line(r.get("notes", ""), required=False)
    return ItemCard(card_id, name, kind, size, use, effects, cost, deck, cancels, black_diamond, provenance,
                    why, notes, pick=pick, pay=pay, bomb=bomb)


def catalogue_from_json(data, path: str = "creatures") -> Catalogue:
    """A validated :class:`Catalogue` from the parsed JSON of a creatures file.

    Besides each card's own checks: ids are unique across creatures and items,
    and an item cancels only items that exist and cancel it back (rule
    ce-item-cancel: the text's example is mutual).
    """
    r = Reader(data, path).obj(allowed=("format", "version", "about", "creatures", "items"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    creatures: dict[str, CreatureCard] = {}
    items: dict[str, ItemCard] = {}
    for item_r in r["creatures"].list(min_length=1, max_length=500):
        card = _creature(item_r)
        if card.id in creatures:
            item_r["id"].fail(f"card id {card.id!r} is used twice")
        creatures[card.id] = card
    for item_r in r["items"].list(max_length=500):
        card = _item(item_r)
        if card.id in items or card.id in creatures:
            item_r["id"].fail(f"card id {card.id!r} is used twice")
        items[card.id] = card
    for i, card in enumerate(items.values()):
        for j, other in enumerate(card.cancels):
            where = r["items"][i]["cancels"][j]
            if other not in items:
                where.fail(f"no item is called {other!r}")
            if card.id not in items[other].cancels:
                where.fail(f"{other!r} must cancel {card.id!r} too: cancelling is mutual (rule ce-item-cancel)")
    return Catalogue(creatures, items)


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """Read and validate a creatures file (the packaged ``creatures.json`` by default)."""
    path = Path(path) if path else CREATURES_FILE
    return catalogue_from_json(read_json_file(path), path.stem)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    """The packaged cards, loaded once."""
    return load_catalogue()


# ------------------------------------------------------------ the map layer
def movement_creature(card: CreatureCard, creature_id: str) -> Creature:
    """The record the map layer moves for one copy of ``card`` (its size, speed and pick-axe)."""
    return Creature(creature_id, card.size, card.movement, card.pick, necromancer=card.necromancer)
