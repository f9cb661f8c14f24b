"""The rules and rulings of Cave Evil's event cards and Phase 4, in this book's words.

The card data and the map helpers are :mod:`.events`; the engine's Phase 4 names
these ids in its log and refusals. Kind ``rule``: stated by the rule text;
``ruling``: decided here, with what, why and the alternative. Counting spaces
itself is ce-count-away and ce-count-stuck (in :mod:`.rules`); these rules say
how events use it.
"""

from necro.core import Rule

EVENT_RULES = [
    Rule("ce-event-cards", "Event cards",
         "Each Conjuration Deck and the Excavation Deck hide event cards among the others: upheavals of the "
         "cave set off by the Necromancers' conjuring and digging, sometimes a windfall, often a disaster. "
         "An event is never kept in hand or spent: when one turns up it is laid face up by its player and "
         "carried out in Phase 4."),
    Rule("ce-event-data", "Event cards the text does not print",
         "Our choice: the rule text says what events do but prints no card, so our event cards "
         "(events.json) are made up, each marked as ours with a reason. They use only the kinds of step "
         "the text shows events taking: spawn rolls (at The Pit, at a Throneroom picked with a D4, at "
         "every pit, or where a D12 count ends), tiles laid from the Excavation Deck, Wandering Monsters "
         "moved, and, on two cards, the Blood Eye pushed on. Alternative: an owner of the game types the "
         "printed cards in; the engine runs any card written with these steps.", "ruling"),
    Rule("ce-event-steps", "How a card's steps are carried out",
         "Our choice: a card's steps are done one after another as listed. A step done several times is "
         "repeated whole with fresh dice each time (a new D4 for the Throneroom, a new D12 count). A step "
         "for every pit rolls on The Pit first, then on the other pits in the order their tiles were laid. "
         "The current player rolls every die and makes every choice, as the text gives the spawn rolls of "
         "a turn to the player whose turn it is. Alternative: roll once and reuse that result for every "
         "repetition.", "ruling"),
    Rule("ce-event-phase4", "Phase 4: event outcomes",
         "Phase 4 follows the squad actions and happens only if events were set aside during the turn, "
         "but then it cannot be skipped. The events are carried out in the order in which they turned up, "
         "each read out and followed to the end before the next. When the last one is done the turn is "
         "over."),
    Rule("ce-event-redraw-phase4", "Events met during Phase 4",
         "An event card that turns up while Phase 4 is under way (when a step draws from a deck) has no "
         "effect: it is put aside at once and another card drawn in its place, as often as needed."),
    Rule("ce-event-redraw-where", "Where an event skipped in Phase 4 goes",
         "Our choice: an event skipped this way while drawing Excavation cards for a tile goes to the "
         "Excavation Deck's discard pile, not to the box: the text says to discard it, and only events "
         "that were carried out are boxed. It may come up again after a reshuffle (ce-deck-reshuffle). "
         "Events met while drawing a spawned card follow the spawn rules. Alternative: box every event "
         "drawn in Phase 4.", "ruling"),
    Rule("ce-event-excavated-only", "Spawns only on dug ground",
         "Whatever an event spawns lands on open, excavated ground, never on undug rock or a collapse."),
    Rule("ce-event-throneroom", "Which Throneroom a D4 names",
         "Our choice: a D4 names a Throneroom by its set-up number (ce-throneroom-numbers). Thronerooms "
         "found later by digging carry no number, so only a step for every pit reaches them. A numbered "
         "Throneroom whose spaces were later dug over or collapsed keeps its pit, since no tile may cover "
         "a spawn pit, and the roll is made there as usual. Alternative: number the dug-up Thronerooms 5 "
         "and up, and roll the D4 again when it names a room that is mostly collapsed.", "ruling"),
    Rule("ce-event-count", "Counting spaces for an event",
         "Some events roll a D12 and count that many spaces from a point, The Pit or the current "
         "player's Necromancer squad, and spawn on the space where the count stops. The count follows "
         "ce-count-away: each space one step further from the point than the one before, over dug "
         "ground, never doubling back; the current player picks among the ways."),
    Rule("ce-event-count-short", "An event count that cannot go the distance",
         "Our ruling: a count that cannot go the full number ends where the longest ways end "
         "(ce-count-stuck). If it cannot take a single step because its starting point lies in rock (a "
         "Necromancer caught in a collapse with no open space beside it), it ends on the open spaces "
         "nearest that point, the current player picking, since a spawn needs excavated ground. "
         "Alternative: the spawn is lost.", "ruling"),
    Rule("ce-event-count-origin", "Counting from a Necromancer who is gone",
         "Our choice: when a count should start from the current player's Necromancer and it is not on "
         "the map (its player plays on without it, in the Battle On!!! variant), the count starts from "
         "The Pit instead. Alternative: start from that player's Chthonic Crystal.", "ruling"),
    Rule("ce-event-wander", "Events that move Wandering Monsters",
         "When an event moves Wandering Monsters, the current player moves them, picking each path and "
         "where it ends, under the ordinary movement rules: they stop beside players' squads they meet "
         "and never end on a spawn pit. A squad of monsters with different speeds moves together as far as the "
         "slowest, then the faster ones go on alone. Protectors are not Wandering Monsters and stay put."),
    Rule("ce-event-wander-reach", "How far an event moves the monsters",
         "Our reading: a wander step rolls its die once for all the monsters; each may move up to that "
         "many spaces but never further than its own movement rate, and the current player may also leave "
         "a monster where it stands. The roll is a limit, since the text keeps the normal movement rules. "
         "A squad of mixed speeds moves together first (as far as its slowest, or less); wherever it stops, "
         "those with movement left may split off as a new Wandering Monster squad and go on, or stay with it; "
         "a squad left where it stands does not split. "
         "Alternative: the roll replaces each monster's movement rate.", "ruling"),
    Rule("ce-event-wander-frozen", "Frozen monsters and wander events",
         "Our reading: monsters waiting frozen on a spawn pit may be moved by such an event, since the "
         "text names an event as one thing that sets them loose; once off the pit they never stop on one "
         "again. Monsters caught in a collapse cannot move. Alternative: frozen monsters ignore the "
         "event.", "ruling"),
    Rule("ce-event-tiles", "Events that lay tiles",
         "When an event lays a tile, Excavation cards are drawn until one shows a tile, and the current "
         "player lays that tile where it likes next to ground already dug, on the hex grid, never over a "
         "spawn pit, never inside a Lair and never over a Lair's rim. Only the tile counts: the rest of "
         "the card, its spawn roll included, is ignored."),
    Rule("ce-event-tiles-where", "What 'next to dug ground' means",
         "Our reading: the tile goes tunnel side up with its first space on an undug or collapsed hex "
         "touching open ground, as if a squad standing on that ground had dug it; from there it may cross "
         "open ground and other tiles as an excavation may, and a spawn pit it brings may not land under a "
         "player's squad. Whatever it covers is put on top of it, and its card goes to the discard pile. "
         "If no tile of that kind is left in the box, or it fits nowhere, nothing is laid. Alternative: let "
         "the tile start on open ground too, only touching the dug area.", "ruling"),
    Rule("ce-event-blood-eye", "Events that hurry the Blood Eye",
         "Our choice: the text never has an event move the Blood Eye, but the track measures how far the "
         "Necromancers' meddling has woken the Evil One, so two of our cards push it on by one space. That "
         "advance has the same consequences as one for invoking, and does nothing once the track has "
         "stopped. Alternative: no event touches the track.", "ruling"),
    Rule("ce-event-box", "Resolved events leave the game",
         "Once carried out, an event card goes back into the box: it is out of the game, and its deck "
         "holds one event fewer from then on."),
    Rule("ce-fractal-spawn", "Fractal Spawn",
         "A player who draws an event while conjuring lays it face up and takes another card from that deck, "
         "and keeps on until a creature, an item or a spell (a card with a cost) comes. A run of several events "
         "in a row is a Fractal Spawn: the cave shakes, the events wait face up in the order drawn, and "
         "all of them take effect in Phase 4. Meditating works the same way, and so does an excavation "
         "card that proves to be an event: it is set aside for Phase 4 and another card drawn."),
]

EVENT_RULE_IDS = tuple(r.id for r in EVENT_RULES)
