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

``full`` (only in the full game, option ``game="full"``: :func:`full_view`)
    the part of the turn and what may be done now, the hand shown (with faces for its
    cards), every player's hand size by deck, purse and kill points, the decks and discard
    piles, the card being looked at, the Awaken Track with the Blood Eye and its icons, the
    Awakening Evil (named only once revealed), the events set aside and the queue of steps.
    It is read from the *masked* position, so it never holds what its viewer may not see.

Nothing here decides anything: the board draws these and plays only the engine's actions.
"""

from __future__ import annotations

from . import awaken as aw
from . import conjuration as cj
from . import events as ev
from . import turn as tn
from .awaken_rules import AWAKEN_RULES
from .creatures import ATTRIBUTES, SHORT, CreatureCard, ItemCard, catalogue
from .deck import deck_spec
from .fights import card_id_of, card_of
from .movement import CARDS, Creature, fits
from .tiles import tile_set

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
        entry = {"id": c.id, "card": card.id, "size": c.size, "necromancer": c.necromancer,
                 "items": list(c.items)}
        lasting = [{k: v for k, v in e.items() if k in ("card", "turns", "by")}
                   for e in getattr(state, "effects", ()) if e["creature"] == c.id]
        if lasting:  # permanent effects and Turn Markers on the creature (effects.py)
            entry["effects"] = lasting
            for e in lasting:
                add_item(e["card"])
        return entry

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
        if squad is not None and squad.id in getattr(state, "homes", {}):
            out["guards"] = str(state.homes[squad.id])  # a Protector and its pit (protectors.py)
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


# ====================================================================== the full game
PART_NAMES = {"setup": "Set-up", "fights": "Phase 1: fights", "conjure": "Phase 2: conjuring",
              "actions": "Phase 3: squad actions", "events": "Phase 4: events", "over": "Game over"}
PART_PHASE = {"fights": 1, "conjure": 2, "actions": 3, "events": 4}
PART_RULE = {"setup": "ce-start-resources", "fights": "ce-combat-phase1", "conjure": "ce-phase-conjure",
             "actions": "ce-phase-actions", "events": "ce-event-phase4", "over": "ce-turn-order"}
HIDDEN = "?"
"""What the masked position writes for a card its viewer may not see (state.hide, turn.mask_hand)."""
_THEN = {"hand": "for the starting hand", "keep": "to look at (conjuring)", "meditate": "by meditation"}
_ROLL = {"beginning": "set-up", "regular": "regular", "resource": "Resource", "excavation": "Excavation"}


def full_view(state, position: dict) -> dict:
    """What the board shows of the full game (option game="full"): ``position["map"]["full"]``.

    Everything secret is read from the masked ``position`` (``state.hide`` has turned other
    players' hand cards into ``deck:?``, a card being looked at by someone else into ``?`` and the
    face-down Awakening Evil into ``?``); ``state`` is asked only for the number of players. In the
    unmasked position of a hot-seat board (no viewer), the hand shown is that of the player who
    decides now (the turn player while chance decides) and the other hands are shown as counts,
    as players passing the screen would see them; the Evil stays "face down" until revealed.
    Keys (all JSON):

    ``part``, ``phase``, ``title``, ``rule``, ``now``
        the part of the turn (setup, fights, conjure, actions, events, over), its phase number
        (1-4, or None), its title ("Phase 2: conjuring"), the rule behind it, and one line
        saying what may be done now.
    ``turn``, ``cycle``
        the turn player and the cycle.
    ``hand``
        ``{"player", "seen_as", "cards"}``: whose hand is shown (None: nobody's), ``"turn"``
        (the player deciding now: hot-seat play), ``"viewer"`` (a board's fixed seat, not on
        turn) or ``"table"`` (a spectator, or an empty hand: no cards shown), and its cards in
        order, ``{"deck", "card", "name", "kind", "cost"}``, each with a face in ``cards``.
    ``players``
        per seat: ``out``, ``turn`` (on turn now), ``kill_points``, ``resources`` (what squad N
        carries, the only purse that pays; None once the Necromancer is dead), ``hand`` (how many
        cards) and ``by_deck`` (how many from each deck: the backs everybody sees).
    ``decks``
        the four Conjuration Decks in table order: ``left`` (face-down cards), ``discards`` (the
        face-up pile's size), ``top`` and ``top_name`` (its top card, None when empty); and
        ``necromonks``, the Necromonk deck's cards left.
    ``looking``
        while a conjured card is being looked at: ``{"player", "deck", "card"}`` (``card`` is
        None for the others) and its ``choices`` are the engine's keep/trade actions.
    ``track``
        the Awaken Track: ``length``, ``start``, ``position`` (spaces moved since set-up),
        ``space`` (where the Blood Eye stands, 0-based clockwise), ``lap``, ``alive`` (living
        Necromancers), ``reveal``/``awaken``/``doom`` (progress at which each fires for them),
        ``reveal_space``/``awaken_space`` (their spaces on the loop), ``icons`` (every count's
        icons) and the flags ``reveal_due``, ``revealed``, ``awakened``, ``stopped``, ``doomed``.
    ``evil``
        ``{"drawn", "face_down", "id", "name", "card", "does", "rule"}``: id, name and what it
        does (the rule of that Evil, in this book's words) only once revealed; else
        ``does`` is "face down".
    ``events``
        the events set aside this turn for Phase 4, in order: ``id``, ``name``, ``text`` and
        ``steps`` (:func:`.events.describe`), and ``from`` (conjuration or excavation).
    ``queue``, ``head``
        the steps of the procedure under way, head first, each ``{"do", "player", "text",
        "rule"}`` (plus ``card``/``deck`` where public); ``head`` is the first (None when the
        queue is empty).
    ``cards``
        faces (as in ``map.cards``) of the cards shown here: the hand, the discard piles' top
        cards, the card being looked at, a spawned card waiting for its space, a revealed Evil.
    """
    hands = [list(h) for h in position.get("hands") or [[] for _ in range(state.game.players)]]
    piles = position.get("piles") or {}
    queue = list(position.get("queue") or [])
    out = list(position.get("out") or [])
    turn = position.get("turn")
    faces = _Faces()
    hand = _hand_view(hands, piles, queue, turn, faces)
    players = _players_view(position, hands, out, turn)
    decks, necromonks = _decks_view(piles, faces)
    steps = [_step_view(q, faces.name_of, turn) for q in queue]
    for q in queue:
        if q["do"] in ("keep", "spot") and q.get("card") not in (None, HIDDEN):
            faces.face(q["card"])
    looking = None
    if queue and queue[0]["do"] == "keep":
        card_id = queue[0].get("card")
        looking = {"player": queue[0].get("player"), "deck": queue[0].get("deck"),
                   "card": None if card_id in (None, HIDDEN) else card_id, "name": faces.name_of(card_id)}
    track = _track_view(position, len(hands) - len(out))
    evil = _evil_view(position, track, faces)
    events = [_event_view(e) for e in position.get("events") or []]  # waiting for Phase 4
    part = _part(position, queue)
    head = steps[0] if steps else None
    return {
        "part": part, "phase": PART_PHASE.get(part), "title": PART_NAMES.get(part, part), "rule": PART_RULE.get(part),
        "now": _now(position, part, head, looking, events), "turn": turn, "cycle": position.get("cycle"),
        "hand": hand, "players": players, "decks": decks, "necromonks": necromonks, "looking": looking,
        "track": track, "evil": evil, "events": events, "queue": steps, "head": head,
        "invoking": bool(position.get("invoking")), "cards": faces.faces,
    }


class _Faces:
    """The faces of the cards the full game's panel shows, gathered as they are met."""

    def __init__(self):
        self.spec = cj.conjuration_spec()
        self.faces: dict[str, dict] = {}

    def name_of(self, card_id: str | None) -> str | None:
        if card_id is None or card_id == HIDDEN:
            return None
        return self.spec[card_id].name if card_id in self.spec else card_id

    def face(self, card_id: str | None) -> None:
        if card_id and card_id != HIDDEN and card_id not in self.faces:
            cat = catalogue()
            if card_id in cat.creatures:
                self.faces[card_id] = creature_face(cat.creature(card_id))
            elif card_id in cat.items:
                self.faces[card_id] = item_face(cat.item(card_id))


def _hand_view(hands: list, piles: dict, queue: list, turn, faces: _Faces) -> dict:
    """Whose hand is shown, as whom, and its cards (:func:`full_view`'s ``hand``)."""
    spec = faces.spec
    head_step = queue[0] if queue else None
    decider = head_step.get("player") if head_step and head_step["do"] in tn.PLAYER_STEPS else None
    decider = turn if decider is None else decider
    masked = "left" in piles  # a view: only the viewer's own hand shows its cards
    if masked:
        seen = [p for p, h in enumerate(hands) if h and not any(x.endswith(":" + HIDDEN) for x in h)]
        viewer = seen[0] if len(seen) == 1 else None
    else:
        viewer = decider
    seen_as = "table" if viewer is None else ("turn" if viewer == decider else "viewer")
    hand_cards = []
    if viewer is not None and viewer < len(hands):
        for entry in hands[viewer]:
            deck, _, card_id = entry.partition(":")
            if card_id == HIDDEN:
                continue
            faces.face(card_id)
            card = spec[card_id] if card_id in spec else None
            hand_cards.append({"deck": deck, "card": card_id, "name": faces.name_of(card_id),
                               "kind": card.kind if card else None, "cost": dict(card.cost) if card else {}})
    return {"player": viewer, "seen_as": seen_as, "cards": hand_cards}


def _players_view(position: dict, hands: list, out: list, turn) -> list[dict]:
    """Per seat: out or not, on turn, kill points, squad N's purse, the hand's size and backs."""
    squads = {s["id"]: s for s in position.get("squads") or []}
    kill_points = list(position.get("kill_points") or [0.0] * len(hands))
    players = []
    for p, hand in enumerate(hands):
        n_squad = squads.get(f"{p}:N")
        by_deck: dict[str, int] = {}
        for entry in hand:
            deck = entry.partition(":")[0]
            by_deck[deck] = by_deck.get(deck, 0) + 1
        players.append({"player": p, "out": p in out, "turn": p == turn and position.get("phase") == "play",
                        "kill_points": kill_points[p] if p < len(kill_points) else 0,
                        "resources": dict(sorted((n_squad.get("resources") or {}).items())) if n_squad else None,
                        "hand": len(hand), "by_deck": dict(sorted(by_deck.items()))})
    return players


def _decks_view(piles: dict, faces: _Faces) -> tuple[list[dict], int]:
    """The four Conjuration Decks in table order, and the Necromonk deck's cards left."""
    masked = "left" in piles
    decks = []
    for d in cj.DECKS:
        pile = piles.get("discards", {}).get(d, [])
        left = piles["left"].get(d, 0) if masked else sum((piles.get("piles", {}).get(d) or {}).values())
        top = pile[-1] if pile else None
        faces.face(top)
        decks.append({"deck": d, "left": left, "discards": len(pile), "top": top, "top_name": faces.name_of(top)})
    monks = piles.get("necromonks", 0)
    return decks, monks if isinstance(monks, int) else sum(monks.values())


def _track_view(position: dict, alive: int) -> dict:
    """The Awaken Track as the board draws it (:func:`full_view`'s ``track``)."""
    layout = aw.awaken_data().track
    track_pos = dict(position.get("track") or {})
    counts = sorted(layout.icons)
    icons_for = min(max(alive, counts[0]), counts[-1])
    reveal, awaken = layout.reveal(icons_for), layout.awaken(icons_for)
    progress = int(track_pos.get("position", 0))
    track = {"length": layout.length, "start": layout.start, "position": progress,
             "space": (layout.start + progress) % layout.length, "lap": progress // layout.length,
             "alive": alive, "reveal": reveal, "awaken": awaken, "doom": layout.length + reveal,
             "reveal_space": (layout.start + reveal) % layout.length,
             "awaken_space": (layout.start + awaken) % layout.length,
             "icons": {str(n): {"reveal": layout.reveal(n), "awaken": layout.awaken(n)} for n in counts},
             "rule": "ce-awaken-track"}
    for flag in ("reveal_due", "revealed", "awakened", "stopped", "doomed"):
        track[flag] = bool(track_pos.get(flag, False))
    return track


def _evil_view(position: dict, track: dict, faces: _Faces) -> dict:
    """The Awakening Evil: face down until revealed, then what it does (:func:`full_view`'s ``evil``)."""
    evil_id = position.get("evil")
    evil = {"drawn": evil_id is not None, "face_down": True, "id": None, "name": None, "card": None,
            "does": "face down" if evil_id is not None else "not drawn yet", "rule": "ce-awaken-draw"}
    if evil_id not in (None, HIDDEN) and track["revealed"] and evil_id in aw.awaken_data():
        card = aw.awaken_data()[evil_id]
        rule = _evil_rule(card.name)
        evil.update(face_down=False, id=evil_id, name=card.name, card=card.card,
                    does=rule.summary if rule else card.why, rule=rule.id if rule else "ce-awaken-reveal")
        faces.face(card.card)
    return evil


def _part(position: dict, queue: list) -> str:
    """The part of the turn: set-up until the Awakening Evil is drawn, then the phases."""
    if position.get("phase") in ("setup", "over"):
        return position["phase"]
    if any(q["do"] == "awakening" for q in queue):  # the full game's set-up steps end with it
        return "setup"
    part = position.get("part")
    if part == "conjure" and (position.get("must_fight") or position.get("combat")):
        return "fights"
    return part or "actions"


def _step_view(step: dict, name_of, turn) -> dict:
    """One queued step for the board: who, a line of text, the rule."""
    kind = step["do"]
    who = step.get("player", turn)
    p = f"Player {who + 1}" if isinstance(who, int) else "The player"
    card = name_of(step.get("card")) if kind in ("keep", "spot") else None
    deck = step.get("deck")
    if kind == "deal":
        text = f"Chance: {p.lower()} is dealt a card from the {deck} deck {_THEN.get(step.get('then'), '')}".rstrip()
    elif kind == "keep":
        text = (f"{p} looks at {card or 'a card'} from the {deck} deck: keep it, or lay it on the discard pile "
                "for one amount of its cost")
    elif kind == "conjure":
        text = f"{p} conjures: draws from a deck or takes the top card of a discard pile"
    elif kind == "resources":
        text = f"{p} takes three resources (any mix of metals, gore and shadowflame)"
    elif kind == "awakening":
        text = "Chance: the Awakening Evil card is drawn and laid face down"
    elif kind == "spawn":
        where = step.get("at") or "?"
        text = f"Chance: a {_ROLL.get(step.get('roll'), step.get('roll'))} Spawn Roll at {where}"
    elif kind == "spawn-draw":
        text = f"Chance: the spawn draws from the {deck} deck (events are skipped)"
    elif kind == "spot" and "off" in step:
        text = f"{p} moves what was pushed off The Pit to one of {len(step.get('hexes') or [])} spaces beside it"
    elif kind == "spot":
        text = f"{p} puts {card or 'the spawned card'} on one of {len(step.get('hexes') or [])} spaces"
    elif kind == "die":
        text = f"Chance: the event rolls a D{step.get('sides')}"
    elif kind == "count":
        text = f"{p} picks where the count ends ({len(step.get('hexes') or [])} spaces)"
    elif kind == "tile-draw":
        text = "Chance: an Excavation tile is drawn for the event"
    elif kind == "tile":
        text = f"{p} lays the {_tile_name(step.get('tile'))} next to dug ground"
    elif kind == "wander":
        left = step.get("left") or ["?"]
        text = f"{p} moves Wandering Monster {left[0]} up to {step.get('roll')} spaces, or leaves it"
    elif kind == "event":
        text = f"Event: {ev.event(step['card']).name}" if step.get("card") in ev.event_spec() else "An event"
    elif kind == "eye":
        n = step.get("spaces")
        text = f"The Blood Eye moves {n} space{'s' if n != 1 else ''}"
    else:
        text = tn.step_text(step).rstrip(".")
    out = {"do": kind, "player": who if kind in tn.PLAYER_STEPS else None, "text": text + ".",
           "rule": tn.STEP_RULE.get(kind, "ce-turn-order"), "chance": kind in tn.CHANCE_STEPS}
    if card:
        out["card"] = step["card"]
    if deck:
        out["deck"] = deck
    return out


def _tile_name(tile_id) -> str:
    return tile_set()[tile_id].name if tile_id in tile_set() else "tile"


def _event_view(card_id: str) -> dict:
    """An event set aside: a conjuration event card, or an Excavation Deck event card (its family's card)."""
    if card_id in cj.conjuration_spec():
        event_id, source = card_id, "conjuration"
    else:
        spec = deck_spec()
        event_id = spec[card_id].event if card_id in spec.cards else card_id
        source = "excavation"
    if event_id not in ev.event_spec():
        return {"id": card_id, "event": event_id, "name": card_id, "text": "", "steps": [], "from": source}
    card = ev.event(event_id)
    return {"id": card_id, "event": event_id, "name": card.name, "text": card.text, "steps": card.lines(),
            "from": source}


EVIL_RULES = ("ce-evil-pit", "ce-evil-bitch", "ce-evil-statue", "ce-evil-emperor", "ce-evil-goat")
"""The rule that says what each Awakening Evil does, one per Evil (awaken_rules.py)."""


def _evil_rule(name: str):
    return next((r for r in AWAKEN_RULES if r.id in EVIL_RULES and r.title.removeprefix("The ") == name), None)


def _now(position: dict, part: str, head: dict | None, looking: dict | None, events: list) -> str:
    """One line: what may be done now."""
    turn = position.get("turn")
    p = f"Player {turn + 1}" if isinstance(turn, int) else "The player"
    if part == "over":
        winner = position.get("winner")
        return f"The game is over: player {winner + 1} wins." if isinstance(winner, int) else "The game is over."
    if part == "setup" and position.get("phase") == "setup":
        return "Set-up: the cave is being laid."
    if head is not None:
        return head["text"]
    if position.get("combat"):
        return f"Combat (Phase {1 if part == 'fights' else 3}): the fight goes on round by round."
    if part == "fights":
        fighters = ", ".join(str(s).split(":")[-1] for s in position.get("must_fight") or [])
        return f"Phase 1: {p}'s squads {fighters} began next to an enemy and must fight first."
    pending = position.get("pending")
    if pending:
        squad = str(pending.get("squad", "")).split(":")[-1]
        return f"{p}: squad {squad} is {'moving' if pending.get('kind') == 'move' else pending.get('kind')}: pick where."
    if part == "actions":
        waiting = len(events)
        invoking = " Squad N is invoking: more cards may follow." if position.get("invoking") else ""
        return (f"Phase 3: {p}'s squads may move and each take one action; squad N may invoke cards from the "
                f"hand or meditate.{invoking} Ending the turn goes on to Phase 4 "
                f"({waiting} event{'s' if waiting != 1 else ''} waiting).")
    if part == "events":
        return "Phase 4: the events drawn this turn are resolved in order."
    return f"{p}'s turn."
