"""Day of the Dead's cards as data: one JSON file a deck, loaded and validated.

The rule text names about twenty cards but prints no card list, so the cards
live in ``cards/double.json``, ``cards/power-up.json`` and
``cards/unearth.json``, in a small effect vocabulary that an owner of the real
game can type the real cards into. Every card records its provenance:

- ``rules``: name, back or numbers stated by the rule text;
- ``faq``: implied by a FAQ entry (the entry fixes how it behaves);
- ``book``: made up for this book so that a deck is complete and plays well.

A deck file::

    {"back": "double", "size": 38,
     "cards": [{"name": "Oaf", "power": 7, "copies": 3, "text": "No effect.",
                "effect": [], "provenance": "rules", "why": "..."}, ...]}

``effect`` is a list of steps run in order each time the fighter uses its
effect (a Double spirit runs the whole list twice). A step is an object with
exactly one verb key and an optional ``"if"`` condition:

=====================  ===============================================================
``{"power": n}``        this fighter gets +n power for this fight (n may be negative)
``{"power_per": n,      +n power for each card counted by ``count``: ``own-active``,
"count": c}``           ``own-fallen``, ``opp-active``, ``opp-fallen``, ``own-hand``,
                        ``opp-hand`` (fighters in slots; the fight's own pair counts)
``{"gain": n}``         you gain n victory points
``{"gain_div": d}``     you gain your score divided by d, rounded down (Greed: 10)
``{"drain": n}``        your opponent loses n victory points (never below 0)
``{"drain_div": d}``    your opponent loses their score divided by d, rounded down
                        (Famine: 5)
``{"win": true}``       you win this fight now: it ends at once (Nemesis, Challenge)
``{"stop": true}``      the opposing fighter uses no effect for the rest of this fight
``{"cancel_next":       neither fighter of the next fight this turn uses an effect
true}``
``{"extra_next": n}``   your next fighter this turn uses its effect n more times
``{"cultivate": n}``    your next fighter this turn gets +n x its printed power, checked
                        when that fight adds up power
``{"copy": w}``         use the effect of another active fighter now, as this fighter;
                        ``w`` is ``opponent``, ``own`` or ``any``; with ``"quiet":
                        true`` the copied card loses its effect for the rest of the turn
``{"return": true}``    swap this fighter for the top card of its back's discard pile
``{"unearth": w}``      Unearth (the keyword): ``own`` card in play, ``any`` card in
                        play (Spook), or ``self`` (this fighter)
``{"dig": true}``       Dig (the keyword): draw from any deck, then discard a card of
                        that back from your hand
``{"after": w}``        after the fight's result: ``spy`` (you may Unearth this fighter)
                        or ``moody`` (your opponent may make you Unearth it)
=====================  ===============================================================

Conditions (``"if"``): ``behind`` / ``ahead`` (your score against your
opponent's, checked at that moment), ``priority`` / ``no-priority``,
``opp-stronger`` / ``opp-weaker`` (the opposing fighter's printed power against
this fighter's), ``first-fight`` (the newest slot), ``last-fight`` (slot 1),
``spirit-double`` / ``spirit-power-up`` / ``spirit-unearth`` (your own spirit's back).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from necro.core import FormatError, Reader

HERE = Path(__file__).resolve().parent / "cards"

BACKS = ("double", "power-up", "unearth")
LETTER = {"double": "D", "power-up": "P", "unearth": "U"}
BACK_OF_LETTER = {v: k for k, v in LETTER.items()}
BACK_NAMES = {"double": "Double", "power-up": "Power Up", "unearth": "Unearth"}
PROVENANCE = ("rules", "faq", "book")
DECK_SIZE = 38

COUNTS = ("own-active", "own-fallen", "opp-active", "opp-fallen", "own-hand", "opp-hand")
CONDITIONS = ("behind", "ahead", "priority", "no-priority", "opp-stronger", "opp-weaker", "first-fight",
              "last-fight", "spirit-double", "spirit-power-up", "spirit-unearth")
# verb -> how its value is checked
VERBS = {
    "power": "int", "power_per": "int", "gain": "nat", "gain_div": "pos", "drain": "nat", "drain_div": "pos",
    "win": "true", "stop": "true", "cancel_next": "true", "extra_next": "pos", "cultivate": "pos",
    "copy": ("opponent", "own", "any"), "return": "true", "unearth": ("own", "any", "self"), "dig": "true",
    "after": ("spy", "moody"),
}
EXTRA_KEYS = {"power_per": ("count",), "copy": ("quiet",)}
_NAME = re.compile(r"^[A-Z][A-Za-z' -]{0,30}$")


@dataclass(frozen=True)
class Card:
    """One physical card: ``id`` like ``D07`` (back letter and its place in the deck)."""

    id: str
    name: str
    back: str
    power: int
    text: str
    effect: tuple = ()
    provenance: str = "book"
    why: str = ""

    @property
    def letter(self) -> str:
        return LETTER[self.back]

    @property
    def has_effect(self) -> bool:
        return bool(self.effect)

    @cached_property
    def verbs(self) -> tuple[str, ...]:
        """The verb of each effect step, worked out once (effects run often)."""
        return tuple(next(k for k in step if k in VERBS) for step in self.effect)

    @cached_property
    def steps(self) -> tuple[tuple, ...]:
        """Each effect step as ``(verb, value, condition or None, the step)``, worked out once."""
        return tuple((verb, step[verb], step.get("if"), step) for verb, step in zip(self.verbs, self.effect))

    @cached_property
    def copyable(self) -> bool:
        """Whether a copy may read this card's effect (it has one, and no copy of its own)."""
        return bool(self.effect) and "copy" not in self.verbs

    def face(self) -> dict:
        """What a face-up card shows, for views: name, power, back, text, provenance."""
        return {"name": self.name, "power": self.power, "back": self.back, "text": self.text,
                "provenance": self.provenance}


@dataclass(frozen=True)
class CardSet:
    """The three decks: every card by id, and each deck's ids in file order."""

    name: str
    cards: dict = field(default_factory=dict)
    decks: dict = field(default_factory=dict)

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    @cached_property
    def sorted_decks(self) -> dict:
        """Each deck's ids in sorted order, by back: sorted once, not for every new game (whose
        decks are kept sorted)."""
        return {back: tuple(sorted(ids)) for back, ids in self.decks.items()}

    def __contains__(self, card_id) -> bool:
        return card_id in self.cards

    def by_name(self, name: str) -> list[Card]:
        return [c for c in self.cards.values() if c.name == name]

    def first(self, name: str) -> str:
        """The id of the first copy of the card called ``name`` (KeyError if none)."""
        for card in self.cards.values():
            if card.name == name:
                return card.id
        raise KeyError(f"no card called {name!r} in the {self.name} card set")


def _step(r: Reader) -> dict:
    r.obj()
    verbs = [k for k in r.value if k in VERBS]
    if len(verbs) != 1:
        r.fail(f"an effect step has exactly one verb of {', '.join(VERBS)}; got {sorted(r.value)}")
    verb = verbs[0]
    allowed = (verb, "if") + EXTRA_KEYS.get(verb, ())
    r.obj(allowed=allowed)
    kind, v = VERBS[verb], r[verb]
    if kind == "int":
        v.int(-20, 20)
    elif kind == "nat":
        v.int(0, 50)
    elif kind == "pos":
        v.int(1, 50)
    elif kind == "true":
        if v.value is not True:
            v.fail("write true")
    else:
        v.str(choices=kind)
    if verb == "power_per":
        r["count"].str(choices=COUNTS)
    if verb == "copy" and r.has("quiet"):
        r["quiet"].bool()
    if r.has("if"):
        r["if"].str(choices=CONDITIONS)
    return dict(r.value)


def load_deck(data, back: str, path: str = "") -> list[Card]:
    """The cards of one deck file's data (already parsed JSON), validated."""
    r = Reader(data, path).obj(allowed=("back", "size", "cards", "about"))
    r["back"].str(choices=[back])
    size = r["size"].int(1, 200)
    cards: list[Card] = []
    names = set()
    for item in r["cards"].list(min_length=1):
        item.obj(allowed=("name", "power", "copies", "text", "effect", "provenance", "why"))
        name = item["name"].str(max_length=31)
        if not _NAME.match(name):
            item["name"].fail("a name starts with a capital and has only letters, spaces, ' and -")
        if name in names:
            item["name"].fail(f"{name!r} is listed twice (use copies)")
        names.add(name)
        power = item["power"].int(0, 20)
        copies = item.get("copies", 1).int(1, size)
        text = item["text"].str(max_length=300)
        effect = tuple(_step(s) for s in item.get("effect", []).list(max_length=8))
        provenance = item["provenance"].str(choices=PROVENANCE)
        why = item.get("why", "").str(max_length=500)
        for _ in range(copies):
            card_id = f"{LETTER[back]}{len(cards) + 1:02d}"
            cards.append(Card(card_id, name, back, power, text, effect, provenance, why))
    if len(cards) != size:
        r["cards"].fail(f"the {back} deck lists {len(cards)} cards (copies counted), not its size {size}")
    return cards


@lru_cache(maxsize=None)
def card_set(name: str = "book") -> CardSet:
    """The named card set (``book``: the files shipped with necro), loaded once."""
    if name != "book":
        raise KeyError(f"unknown card set {name!r}")
    return card_set_from_folder(HERE, name)


def card_set_from_folder(folder: Path, name: str = "custom") -> CardSet:
    """Load the three deck files of a folder (a typed-in real deck, say), validated."""
    cards: dict[str, Card] = {}
    decks: dict[str, tuple[str, ...]] = {}
    seen: dict[str, str] = {}
    for back in BACKS:
        path = Path(folder) / f"{back}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise FormatError(str(path), f"cannot read the {back} deck: {exc}") from None
        except json.JSONDecodeError as exc:
            raise FormatError(str(path), f"not JSON: {exc}") from None
        deck = load_deck(data, back, path.name)
        for card in deck:
            if card.name in seen and seen[card.name] != back:
                raise FormatError(path.name, f"{card.name!r} is also in the {seen[card.name]} deck")
            seen[card.name] = back
            cards[card.id] = card
        decks[back] = tuple(c.id for c in deck)
    return CardSet(name, cards, decks)
