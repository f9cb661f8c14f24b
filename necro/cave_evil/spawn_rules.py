"""The rules and rulings of spawn rolls and of where spawned things go, in this book's words.

:mod:`.spawn` names these ids in its refusals. They are part of
:data:`necro.cave_evil.rules.RULES` (``PART_III``) and taught on the chapter's spawns page.
Kind ``rule``: stated by the rule text; ``ruling``: decided here, with what, why and the
alternative.
"""

from necro.core import Rule

SPAWN_RULES = [
    # ------------------------------------------------------------------ the rolls
    Rule("ce-spawn-roll", "The spawn roll",
         "A spawn is two throws of the D4, made by the player whose turn it is. The first decides the "
         "kind: 1 metals, 2 gore, 3 shadowflame, 4 a Conjuration card. After a resource the second "
         "throw is how many of it come (1 to 4); after a card it names the deck to draw one from: "
         "1 Bribe, 2 Construct, 3 Summon, 4 Abyss. Three gore, for instance, has a chance of 1 in 16."),
    Rule("ce-spawn-resource-roll", "The Resource Spawn Roll",
         "Some cards and events call for a spawn of resources only: the same two throws, but only a "
         "first result of 1, 2 or 3 is used."),
    Rule("ce-spawn-resource-reroll", "A 4 on a Resource Spawn Roll",
         "Our choice: a 4 on the first die of a Resource Spawn Roll is thrown again until it shows a "
         "resource, so each of the three resources comes with a chance of one third and this roll "
         "always brings something. Why: the text asks for resources from it and names no empty "
         "result. Alternative: a 4 brings nothing.", "ruling"),
    Rule("ce-spawn-excavation", "The Excavation Spawn Roll",
         "When a finished dig's card asks for a spawn roll, it is thrown as usual, but resources are "
         "handed straight to the digging squad, and a creature, item or spell goes to the new tile's "
         "space farthest from that squad, with its pair of markers."),
    Rule("ce-spawn-beginning", "The set-up spawn",
         "Once the cave is built, the first player makes one spawn roll for every spawn pit, the Pit "
         "included, and lays what comes on that pit. An event drawn then leaves the game and another "
         "card is drawn in its place."),
    Rule("ce-spawn-events-ignored", "Events drawn by a spawn",
         "Our choice: whatever the kind of spawn roll, an event drawn for it is never played; it goes "
         "to the box and the player draws again from the same deck until a creature, item or spell "
         "turns up. That card is equally likely to be any of the deck's non-event cards. Why: the "
         "set-up spawn and the dealing of hands both send such events to the box, and a face-up "
         "discard pile would let a player take an event as a card later. Alternative: put them on the "
         "deck's discard pile.", "ruling"),
    Rule("ce-spawn-deck-empty", "A deck with nothing to give",
         "Our choice: if the deck the second die names holds no card but events (once refilled as the "
         "decks allow), the spawn brings nothing. The text never lets a deck run dry. Alternative: "
         "throw the second die again for another deck.", "ruling"),
    # --------------------------------------------------------------- placement
    Rule("ce-spawn-place", "Where a spawn lands",
         "What a spawn brings is laid on the space where it happens, usually a spawn pit: resources "
         "as tokens, an item or spell as loot. A card is laid face up beside the map with a Wandering "
         "Marker on it and the matching marker on its space; a creature so placed is a Wandering "
         "Monster. Spawns only ever land on dug ground, never in undug rock, and a monster on the "
         "same space as an item or spell it can use may fight with it."),
    Rule("ce-spawn-stack", "Monsters sharing a space",
         "A new Wandering Monster landing where another one already stands must join it if the two "
         "make a legal squad (three smalls, a small and a medium, or one large, trinkets aside); if "
         "they cannot, it goes to a neighbouring space the spawning player picks."),
    Rule("ce-spawn-not-on-squads", "Never onto a player's squad",
         "A new Wandering Monster is never put on a player's squad: it goes beside it instead, and "
         "that squad will have to deal with it. Nor is it put on a Chthonic Crystal, where no enemy of "
         "the crystal's owner may stand (rule ce-crystal-attack): a spawn there goes beside it too."),
    Rule("ce-spawn-adjacent", "Which neighbouring spaces",
         "Our choice: a displaced monster may go to any neighbouring space of dug ground that holds no "
         "player's squad and is not a spawn pit: an empty one, or one where a Wandering Monster stands "
         "that it can legally join. Why: the joining rule applies wherever a monster comes to stand, "
         "and a monster pushed off its spawn point should not settle on another pit. Alternative: "
         "empty neighbouring spaces only.", "ruling"),
    Rule("ce-spawn-nowhere", "No neighbouring space free",
         "Our choice: when no neighbouring space can take the monster, it goes to the nearest spaces "
         "that can, counted in steps over dug ground from the spawn point; when no space joined to it "
         "can, the card goes to the box. The text never meets this case. Alternative: the spawn is "
         "lost as soon as the neighbours are full.", "ruling"),
    Rule("ce-spawn-frozen", "Monsters on spawn pits",
         "Unlike every other creature, a Wandering Monster may stay on a spawn pit, frozen there until "
         "an event or an action moves it away. After that it can never end a move on a spawn pit again."),
    Rule("ce-spawn-markers", "Wandering Markers",
         "Wandering Markers come in matching pairs, one on the map where the card lies, one on the "
         "card set beside the map. The box holds fifteen pairs, lettered A to P with no J. They also "
         "mark items, spells and resources left on the map."),
    Rule("ce-spawn-marker-letters", "Which marker",
         "Our choice: a new Wandering Monster takes the first letter, in the box's order, that no "
         "monster on the map or loot uses; when all fifteen pairs are out we go on past the box with "
         "Q to Z, then AA, AB and so on, J always left out. The text never runs out of markers. "
         "Alternative: spawn no more monsters until a pair comes back.", "ruling"),
    # ------------------------------------------------------------ who deals with it
    Rule("ce-spawn-answer", "Dealing with a new monster",
         "Our reading: a squad of the spawning player beside a new Wandering Monster may fight, hire "
         "or subdue it at once if it has not yet acted this turn; otherwise the monster waits for the "
         "mandatory first phase of the next turn of a player with a squad beside it. Why: the fuller "
         "section on spawns says 'may', while the section on digging says 'must'. Alternative: make it "
         "compulsory for a squad that has not acted.", "ruling"),
    Rule("ce-spawn-between", "A new monster between two players",
         "In the rare case of a new Wandering Monster beside squads of two different players, the "
         "player who plays next deals with it in that turn's first phase."),
    Rule("ce-spawn-between-how", "Who plays next",
         "Our choice: counting turns from the player after the current one, the first player with a "
         "squad beside the monster deals with it; the current player counts last, since its own first "
         "phase is already over. This also covers three or more players. Alternative: the next player "
         "in turn order whether or not they stand beside it.", "ruling"),
]

SPAWN_RULE_IDS = frozenset(r.id for r in SPAWN_RULES)
