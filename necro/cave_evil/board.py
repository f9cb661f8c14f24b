"""What the Cave Evil board shows of cards: creature card faces and the players' control cards.

Display only: :func:`card_faces` reads a :class:`~necro.cave_evil.state.CaveEvilState` and
returns two entries that ``CaveEvilState.decorate_view`` adds to ``position["map"]``:

``cards``
    a face for every card the board may show, keyed by card id: every creature on the map
    (and every fighter of the fight under way or just over), and every item or spell they
    hold. A creature face::

        {"id": "necromonk", "kind": "creature", "name": "Necromonk", "size": "small",
         "movement": 3, "pick": 1, "items": {"count": 1, "use": true}, "spellcaster": true,
         "ranged": null,                                  # or {"range": 8, "attribute": "weapon"}
         "attributes": [{"name": "strength", "short": "st", "value": 3, "source": "rules"}, ...],
         "abilities": ["binding: every enemy -3 strength"], "notes": "...",
         "cost": {"metals": 2}, "deck": "bribe", "species": ["goblin"],
         "sources": {"size": "rules", "movement": "book", ...}}

    ``attributes`` is in ring order (rule ce-combat-attributes), so neighbours in the list
    (the last and the first included) are the neighbours combat chooses between.
    ``source`` and ``sources`` say where each number comes from (rules, faq, inferred, book:
    see :mod:`.creatures`). A creature with no known card gets a blank face
    (``"blank": true``, every attribute 0), as it fights (:func:`.fights.card_of`). An item or
    spell face has id, kind (item, spell), name, size, use (always, pay, discard), abilities,
    cost, deck and sources.

``control``
    one entry per player, in seat order, then one for the Wandering Monsters when any are on
    the map::

        {"player": 0, "out": false,
         "cards": [{"card": "N", "squad": "0:N",
                    "creatures": [{"id": "necromancer-1", "card": "rotten-magi", "size": "small",
                                   "necromancer": true, "items": []}, ...],
                    "full": false, "room": ["small"]},
                   {"card": "I", "squad": null, "creatures": [], "full": false,
                    "room": ["large", "medium", "small"]}, ...]}

    A player always has the six control cards N, I..V (rule ce-control-cards), empty or not.
    ``room`` lists the sizes that could still join the squad (rule ce-squad-size,
    :func:`.movement.fits`; trinkets always may), and ``full`` is true when none can;
    ``resources`` (only when it carries some) is what the squad carries (:mod:`.loot`). The
    Wandering Monsters' entry has ``"player": null`` and only the squads on the map. Where a
    squad stands is left to ``position["squads"]``, so that the entry (stored once in a static
    graph when nodes repeat it) changes only when a squad's creatures do.

Nothing here decides anything: the board draws these and plays only the engine's actions.
"""

from __future__ import annotations

from .creatures import ATTRIBUTES, SHORT, CreatureCard, ItemCard, catalogue
from .fights import card_id_of, card_of
from .movement import CARDS, Creature, fits

JOIN_SIZES = ("large", "medium", "small")
"""The sizes that count against a squad's limit; trinkets ride free (rule ce-squad-size)."""


def card_faces(state) -> dict:
    """``{"cards": ..., "control": ...}`` for the board (see the module docstring)."""
    cards: dict[str, dict] = {}
    control = []

    def creature_entry(c: Creature) -> dict:
        cid = card_id_of(c)
        card = card_of(cid, c.size)
        cards.setdefault(card.id, creature_face(card))
        for item in c.items:
            add_item(item)
        return {"id": c.id, "card": card.id, "size": c.size, "necromancer": c.necromancer,
                "items": list(c.items)}

    def add_item(item_id: str) -> None:
        if item_id not in cards and item_id in catalogue().items:
            cards[item_id] = item_face(catalogue().item(item_id))

    def slot(card: str, squad) -> dict:
        members = list(squad.creatures) if squad is not None else []
        room = [size for size in JOIN_SIZES if fits(members + [Creature("joining", size, 0)])]
        out = {"card": card, "squad": squad.id if squad is not None else None,
               "creatures": [creature_entry(c) for c in members], "full": not room, "room": room}
        if squad is not None and squad.resources:
            out["resources"] = dict(sorted(squad.resources.items()))  # what the squad carries (loot.py)
        return out

    for p in range(state.game.players):
        mine = {s.card: s for s in state.squads.of(p)}
        control.append({"player": p, "out": p in state.out, "cards": [slot(c, mine.get(c)) for c in CARDS]})
    wandering = [s for s in state.squads if s.owner is None]
    if wandering:
        control.append({"player": None, "out": False,
                        "cards": [slot(s.card or s.id, s) for s in sorted(wandering, key=lambda s: s.id)]})
    # fighters of the fight under way or just over (the dead have left the map)
    for record in (state.combat, state.last_combat):
        for side in (record or {}).get("sides", {}).values():
            for members in side:
                for f in members:
                    card = card_of(f.get("card"), f["size"])
                    cards.setdefault(card.id, creature_face(card))
                    for item in f.get("items", ()):
                        add_item(item)
    return {"cards": cards, "control": control}


def ability_text(effect) -> str:
    """A short line for one effect of a card (:class:`.creatures.Effect`)."""
    n = f"{effect.amount:+d} {effect.attribute}"
    text = {
        ("binding", "enemies"): f"binding: every enemy {n}",
        ("binding", "friends"): f"binding: every friend {n}",
        ("modifier", "self"): n,
        ("modifier", "side"): f"{n} to its side's total",
        ("modifier", "opponent"): f"{n} to the opponent's total",
    }[effect.kind, effect.to]
    return text if effect.when == "always" else f"{text} when {effect.when}"


def creature_face(card: CreatureCard) -> dict:
    """The face of one creature card (see the module docstring)."""
    blank = card.id.startswith("blank-")  # a creature with no known card (fights.blank)
    sources = {g: "book" for g in dict(card.provenance)} if blank else dict(card.provenance)
    per = sources.get("attributes")
    attribute_source = dict(per) if isinstance(per, tuple) else {a: per for a in ATTRIBUTES}
    abilities = [ability_text(e) for e in card.effects]
    if card.ranged is not None:
        first = f", first round {card.ranged.attribute}" if card.ranged.attribute else ""
        abilities.insert(0, f"ranged {card.ranged.range}{first}")
    face = {
        "id": card.id, "kind": card.kind, "name": card.name, "size": card.size,
        "movement": card.movement, "pick": card.pick,
        "items": {"count": card.item_count, "use": card.item_use}, "spellcaster": card.spellcaster,
        "ranged": None if card.ranged is None else {"range": card.ranged.range, "attribute": card.ranged.attribute},
        "attributes": [{"name": a, "short": SHORT[a], "value": v, "source": attribute_source.get(a) or "book"}
                       for a, v in zip(ATTRIBUTES, card.attributes)],
        "abilities": abilities, "notes": card.notes, "cost": dict(card.cost), "deck": card.deck,
        "species": list(card.species),
        "sources": {g: s for g, s in sources.items() if g != "attributes"},
    }
    if blank:
        face["blank"] = True
    return face


def item_face(card: ItemCard) -> dict:
    """The face of one item or spell card."""
    return {"id": card.id, "kind": card.kind, "name": card.name, "size": card.size, "use": card.use,
            "abilities": [ability_text(e) for e in card.effects], "notes": card.notes,
            "cost": dict(card.cost), "deck": card.deck, "sources": dict(card.provenance)}


def full_view(state, position: dict) -> dict:
    """What the board shows of the full game (option game="full"), read from the masked
    ``position`` for anything secret (hands, the face-down Evil): the turn's part, the viewer's
    hand, the decks, the Awaken Track and the events waiting for Phase 4."""
    return {"part": position.get("part"), "hands": position.get("hands"), "track": position.get("track"),
            "events": list(position.get("events", []))}
