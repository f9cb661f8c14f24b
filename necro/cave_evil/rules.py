"""The rules of Cave Evil, in this book's words: the ground floor (map, tiles, placement, line of
sight) here, combat in :mod:`.combat_rules`, and the full game's part III (the turn, the decks,
spawns, events and the Awaken Track) in the five lists joined below.

Ids are stable: the engine's refusals name them and the chapter will carry a
MyST label for each. Kind ``rule`` is stated by the rule text; ``ruling`` is
our decision where the text is silent or its pictures are lost (the summary
says what we decided, why, and the alternative).
"""

from necro.core import Rule, RuleBook

from .awaken_rules import AWAKEN_RULES
from .combat_rules import COMBAT_RULES
from .conjure_rules import CONJURE_RULES
from .event_rules import EVENT_RULES
from .protector_rules import PROTECTOR_RULES
from .spawn_rules import SPAWN_RULES
from .turn_rules import TURN_RULES

CHAPTER = "book/cave-evil/index"

PART_III = TURN_RULES + CONJURE_RULES + SPAWN_RULES + EVENT_RULES + AWAKEN_RULES + PROTECTOR_RULES
"""The full game's rules (option game="full"), once staged apart, now taught on the pages turn,
spawns and awakening."""
_AWAKENING = tuple(r.id for r in AWAKEN_RULES) + tuple(
    r.id for r in TURN_RULES if r.id.split("-")[1] in ("evil", "awaken", "blood"))
"""The Awaken Track's and the Awakening Evils' rules and rulings, whichever list holds them (the
turn's list has one for the Darkest Evil Bitch): the awakening page teaches them."""

# The page of the chapter that teaches each rule, by exact id (an id is also a prefix of the ids
# that extend it, such as ce-merge of ce-merge-acted); ids not listed are taught on the chapter's
# first page, CHAPTER. New ids taught on another page must be added here.
_TAUGHT = {
    "book/cave-evil/setup": (
        "ce-setup-order", "ce-first-player", "ce-seats", "ce-setup-tile", "ce-setup-undug",
        "ce-setup-ends", "ce-hall-start", "ce-hall-apart", "ce-hall-apart-measure", "ce-lair-at-hall",
        "ce-tunnel-start", "ce-tunnel-clear", "ce-throneroom-at-tunnel", "ce-throneroom-clear",
        "ce-setup-clear", "ce-setup-both-ways", "ce-setup-room", "ce-setup-stuck", "ce-setup-two",
        "ce-setup-three", "ce-throneroom-numbers", "ce-quick-setup"),
    "book/cave-evil/movement": (
        "ce-squad-size", "ce-necromancer-small", "ce-control-cards", "ce-open-ground", "ce-move-rate",
        "ce-move-stop", "ce-move-engaged", "ce-move-occupied", "ce-move-pit", "ce-move-through",
        "ce-move-halted", "ce-merge", "ce-break", "ce-line-of-sight", "ce-los-line", "ce-los-squads",
        "ce-count-away", "ce-count-stuck"),
    "book/cave-evil/excavation": (
        "ce-one-action", "ce-dig-excavator", "ce-dig-declare", "ce-dig-continue", "ce-dig-add",
        "ce-dig-busy", "ce-dig-leave", "ce-dig-finish", "ce-dig-ride", "ce-dig-step", "ce-dig-immediate",
        "ce-dig-no-tile", "ce-dig-spawn", "ce-excavate-start", "ce-excavate-fails", "ce-collapse-start",
        "ce-collapse-trapped", "ce-collapse-death", "ce-collapse-self", "ce-flank-excavation",
        "ce-dig-item-pick"),
    "book/cave-evil/combat": tuple(r.id for r in COMBAT_RULES),
    "book/cave-evil/turn": tuple(r.id for r in TURN_RULES + CONJURE_RULES + PROTECTOR_RULES if r.id not in _AWAKENING),
    "book/cave-evil/spawns": tuple(r.id for r in SPAWN_RULES + EVENT_RULES),
    "book/cave-evil/awakening": _AWAKENING,
}
PAGES = {rule_id: page for page, ids in _TAUGHT.items() for rule_id in ids}

RULES = RuleBook("cave-evil", CHAPTER, [
    # ------------------------------------------------------------ components
    Rule("ce-components", "The tiles in the box",
         "The box holds 72 excavation tiles: 4 Lairs, 8 Great Halls, 6 Thronerooms, 26 Tunnels, "
         "4 Alcoves, 4 Crooks, 4 Antechambers, 2 Shrines, 2 Temples and 12 single-space tiles. "
         "The Pit Room is not among them: it is printed on the map."),
    Rule("ce-map", "The map and the grid beyond it",
         "The map is a hex grid of undug ground round the Pit Room. Tiles must sit exactly on its "
         "hexes, but they may run off the map and over the Awaken Track: the grid simply carries "
         "on. Undug or collapsed ground is never walked through."),
    Rule("ce-hex-grid", "Drawing and naming hexes",
         "Our choice: hexes are drawn flat-topped, so north and south are straight lines of hexes "
         "(the text's map picture is lost; only drawing and compass moves depend on this). A hex "
         "is named by its two axial coordinates with their signs: +0+0 is the Pit, +3-1 the hex "
         "three steps south-east of it and then one north. The signs let the name read back "
         "without a separator. Alternative: pointy-topped hexes with east and west as lines.",
         "ruling"),
    Rule("ce-map-size", "How big the printed map is",
         "Our choice: we draw the map as every hex within 12 steps of the Pit, so a distance rolled "
         "on a D12 from the Pit stays on it. Nothing in the rules depends on the edge, since "
         "tiles may go past it. Alternative: any other size; only pictures change.", "ruling"),
    Rule("ce-pit-room", "The Pit Room",
         "The Pit Room is printed at the centre of the map, already dug. The Pit in its middle is "
         "a spawn pit like those on tiles."),
    Rule("ce-pit-room-shape", "The shape of the Pit Room",
         "Our choice: the Pit and every hex within two steps of it, 19 spaces. Set-up starts four "
         "Great Halls and up to five Tunnels from the room's edge, halls at least three hexes "
         "apart; the 18 hexes round this room leave space for that, the 12 round a room of 7 "
         "would not. Alternative: a room of 7.", "ruling"),
    Rule("ce-pit-room-cover", "Tiles over the Pit Room",
         "The text protects spawn pits and Lairs from being dug or collapsed, and says nothing "
         "else of the Pit Room. So later tiles may overlap the room's spaces, and a collapse may "
         "bury them, but never the Pit itself. Alternative: treat the whole room as protected.",
         "ruling"),
    # ------------------------------------------------------------------ tiles
    Rule("ce-tiles", "Tiles are hexes",
         "Each space on a tile counts as one hex of the grid once laid, even where the tile shows "
         "no hex lines. A tile is laid from its first space and may be turned to any of the six "
         "directions the grid allows."),
    Rule("ce-spawn-pits", "Spawn pits",
         "Thronerooms, Shrines and Temples each have one spawn pit, and so does the Pit Room (the "
         "Pit). What comes out of the deep appears there. No other tile has one."),
    Rule("ce-lair", "Lairs",
         "A Lair has ten interior spaces and a single opening three hexes wide; the rest of its "
         "rim is a shell of frozen corrupted steel that nothing can dig through. Its Chthonic "
         "Crystal is one of the interior spaces, where the Necromancer starts."),
    Rule("ce-lair-shell", "Where a Lair's shell lies",
         "Our choice: the shell is every hex touching the interior except the four hexes in front "
         "of the opening. Then a Lair can only ever be entered through its opening, which is "
         "what the text wants, and a tile laid next to it cannot make a second door. The shell's "
         "jagged outline is lost; alternative: a thicker or partial shell.", "ruling"),
    Rule("ce-shape-lair", "The Lair's layout",
         "Our choice: the ten interior spaces in rows of three, four and three, the front row of "
         "three being the opening and the first space its middle, the crystal in the middle of the "
         "back row, two steps from the opening. A hall's end space then touches at most two lair "
         "spaces, as set-up asks. Alternative: a triangle of ten with a side of four.", "ruling"),
    Rule("ce-shape-great-hall", "The Great Hall's shape",
         "Our choice: eight spaces, two wide, between a single first space and a single end space "
         "(set-up starts a hall at the Pit Room and puts a Lair at its other end). Alternative: "
         "a longer one-wide hall.", "ruling"),
    Rule("ce-shape-throneroom", "The Throneroom's shape",
         "Our choice: a round room of seven (a hex and its six neighbours) entered on its rim, "
         "with its spawn pit on the far side of the rim, so the room's middle stays walkable. "
         "Alternative: the pit in the middle.", "ruling"),
    Rule("ce-shape-tunnel", "The Tunnel's shape",
         "Our choice: a straight line of four spaces. Set-up puts a Throneroom at a tunnel's end "
         "touching at most two of its spaces, which only a narrow tunnel makes a real limit. "
         "Alternative: three or five long.", "ruling"),
    Rule("ce-shape-alcove", "The Alcove's shape",
         "Our choice: a pocket of three spaces in a triangle. Alternative: two spaces.", "ruling"),
    Rule("ce-shape-crook", "The Crook's shape",
         "Our choice: a bent tunnel of four spaces, one step then a 60-degree turn and two more. "
         "It is not symmetric, so its black side (a mirror image) bends the other way. "
         "Alternative: a hook of five curling back like a shepherd's crook.",
         "ruling"),
    Rule("ce-shape-antechamber", "The Antechamber's shape",
         "Our choice: a diamond of four spaces entered at a point. Alternative: a line of two "
         "widening to three.", "ruling"),
    Rule("ce-shape-shrine", "The Shrine's shape",
         "Our choice: one of the two large tiles with a spawn pit: a passage of two spaces into a "
         "round room of seven with the pit in its middle, nine in all. Alternative: the Throneroom's "
         "room with a longer passage.", "ruling"),
    Rule("ce-shape-temple", "The Temple's shape",
         "Our choice: the largest tile, thirteen spaces: a nave three wide with one space jutting "
         "out at the front as a porch and one at the back holding the spawn pit (the altar). "
         "Alternative: the pit in the middle of the nave.", "ruling"),
    Rule("ce-tile-single", "Single tiles",
         "A single tile is one space. The rules use them to open one hex, for instance under a "
         "Necromancer that must be reached."),
    Rule("ce-black-side", "The black side of a tile",
         "Our reading: collapsing lays a tile black side up, which is the tile turned over, so its "
         "outline is the mirror image of its tunnel side, from the same first space; the black side "
         "is rubble, with no spawn pits and no end. Lairs and the Pit Room are never used this "
         "way. Alternative: the black side has the same outline as the front (it differs only for "
         "tiles that are not symmetric, here the Crook and the Great Hall).", "ruling"),
    # ---------------------------------------------------------------- ground
    Rule("ce-ground", "Undug, open and collapsed ground",
         "Every hex is undug rock until a tile opens it. A collapse buries open ground again: the "
         "hex is rock once more, though what was caught there stays on it, trapped. Squads move "
         "and see only through open hexes."),
    Rule("ce-collapse-undug", "Digging collapsed ground",
         "The text says collapses can be dug again and calls them undug ground again. So an "
         "excavation may start on, and open, collapsed hexes just like undug ones. Alternative: "
         "only fresh undug rock may be dug, which the text's wording does not support.", "ruling"),
    Rule("ce-open-ground", "Counting over open ground",
         "Distances for movement are counted hex by hex over open ground: two open hexes touching "
         "each other are one step apart, and no way passes through undug or collapsed rock."),
    # ------------------------------------------------------------- placement
    Rule("ce-overlap", "Tiles may overlap",
         "A new tile may be laid over earlier tiles (and over squads, monsters and loot, which end "
         "up on top of it), turned any way the grid allows."),
    Rule("ce-protect-pit", "Spawn pits are never covered",
         "No tile, dug or collapsed, may cover any spawn pit, the Pit included."),
    Rule("ce-protect-lair", "Lairs are never covered",
         "No tile may be laid on any space inside a Lair."),
    Rule("ce-protect-shell", "A Lair's shell is never covered",
         "No tile may be laid over the steel shell round a Lair: digging or collapsing into it is "
         "useless."),
    Rule("ce-lair-ground", "Lairs go on undug rock",
         "Our choice: a Lair and its shell are laid on undug hexes only, never over another tile. "
         "The text only places Lairs at set-up, at the end of a Great Hall; overlapping an earlier "
         "tile would bury part of the cave in steel. Alternative: let the Lair's interior overlap "
         "open ground.", "ruling"),
    Rule("ce-pit-under-squad", "No spawn pit under a squad",
         "A tile with a spawn pit may be laid over player squads only if its pit does not land "
         "under one of them."),
    Rule("ce-excavate-start", "Where an excavated tile starts",
         "An excavated tile is laid tunnel side up with its first space on an undug hex next to "
         "the digging squad. From there it may run over open and undug ground alike."),
    Rule("ce-collapse-start", "Where a collapse tile starts",
         "A collapse is laid black side up with its first space on an open hex next to the "
         "digging squad; beyond that it may cover open and undug ground alike."),
    Rule("ce-excavate-fails", "A dig with nowhere to go",
         "If the tile cannot be laid in any legal way next to the squad, because every way runs "
         "into a Lair, its shell or a spawn pit, the dig fails and must be begun again."),
    # ----------------------------------------------------------- line of sight
    Rule("ce-line-of-sight", "Line of sight",
         "A ranged attack needs a straight line from the centre of the attacker's hex to the "
         "centre of the target's. Undug and collapsed hexes block it; a squad in the way becomes "
         "the target instead; loot other than large items does not block."),
    Rule("ce-los-line", "Which hexes a line crosses",
         "Our choice: the line visits the hexes met at evenly spaced points along it, one per "
         "step of distance, the usual way of drawing a line on a hex grid. Where it runs exactly "
         "along the edge between two hexes, it is blocked only if both of them block: a line that "
         "just grazes a rock face gets through. Alternatives: blocked if either side blocks; or "
         "count every hex the line touches, even at a corner.", "ruling"),
    Rule("ce-los-squads", "Squads in the way of a shot",
         "The text makes the first squad on the line the target. Our reading: that holds for enemy "
         "squads and Wandering Monsters; a friendly squad in the way spoils the shot, since nobody "
         "shoots their own creatures. Where the line runs along an edge, the shooter uses the better "
         "side: a clear side reaches the aim, otherwise it hits an enemy met first on either side, "
         "its choice. Alternative: friendly squads are hit like any other.", "ruling"),
    Rule("ce-count-away", "Counting spaces away from a point",
         "When an event counts a number of spaces from a point, every space counted is one step "
         "further from that point than the one before, so a count never turns back, and it runs over "
         "dug ground. The current player picks the way."),
    Rule("ce-count-stuck", "A count that runs out of dug ground",
         "Our ruling: if no way of counting reaches the full number over open ground, the count ends "
         "where the longest ways end, since what it places can never stand on undug rock. "
         "Alternative: count on through the rock and place on the nearest open space.", "ruling"),
    # ------------------------------------------------------- excavation deck
    Rule("ce-excavation-deck", "The Excavation Deck",
         "A deck of 42 cards. Each tile card names the tile a finished dig lays and the spawn roll "
         "that follows; some cards are events instead. Event cards leave the game once they have "
         "been carried out."),
    Rule("ce-deck-contents", "What the Excavation Deck holds",
         "Our choice, since the text never lists the cards: 36 tile cards (16 Tunnels, 4 Crooks, "
         "4 Alcoves, 4 Antechambers, 3 Great Halls, 2 Thronerooms, 3 singles) and 6 events. No tile "
         "appears on more cards than the box still has after the biggest set-up, so every card can "
         "be laid at least once; no card shows a Lair. Most cards ask for the Excavation Spawn Roll, "
         "a few for a Resource Spawn Roll or none, as the text's 'usually' suggests. Alternative: "
         "any other mix an owner of the game types into excavation_deck.json.", "ruling"),
    Rule("ce-deck-protectors", "The Protectors' cards",
         "The Protector mini-expansion adds four black-diamond excavation cards that find Shrines and "
         "Temples, with two or three spawn rolls on the new pit and a Protector. Our choice: two "
         "Shrine cards rolling twice and two Temple cards rolling three times, one per tile in the "
         "box, and no Shrine or Temple in the base deck. Alternative: some Shrine or Temple cards "
         "in the base deck without Protectors.", "ruling"),
    Rule("ce-deck-draw", "Drawing excavation cards",
         "Our modelling: a draw takes one of the cards still in the pile, each equally likely, "
         "which is what drawing the top of a well-shuffled pile amounts to; a rolled or forced draw "
         "names the card. Alternative: keep a shuffled order, which adds hidden state and changes "
         "no chance.", "ruling"),
    Rule("ce-deck-reshuffle", "When the Excavation Deck runs out",
         "Our choice: tile cards go to a discard pile after their dig, and when the pile to draw "
         "from is empty the discards are shuffled to form a new one; events are boxed once used. If "
         "nothing at all is left to draw, a dig waiting for a card fails. The text never says. "
         "Alternative: no more digging once the deck is spent.", "ruling"),
    # ----------------------------------------------------------------- digging
    Rule("ce-one-action", "One action per squad",
         "Each squad takes at most one action a turn; moving, picking up and passing are not actions."),
    Rule("ce-dig-excavator", "Who digs",
         "Only a squad holding a creature with a pick-axe may dig or collapse. Its digging speed is "
         "the pick-axe numbers of all its creatures added together, and of the items they carry."),
    Rule("ce-dig-item-pick", "An item's pick-axe",
         "Our choice: an item with a pick-axe adds its number to the speed of the squad that carries it, "
         "but a squad with no digging creature does not become an excavator by carrying one, since only "
         "creatures with digging ability dig and the text speaks of an item added into an excavating squad. "
         "Alternative: the item alone lets any squad dig.", "ruling"),
    Rule("ce-dig-declare", "Starting a dig",
         "As its action a squad says whether it excavates or collapses (saying nothing means "
         "excavating). It must touch undug ground to excavate. The top excavation card is put on "
         "the squad unseen, three rocks on top, and the squad is done for the turn."),
    Rule("ce-dig-declare-collapse", "Starting a collapse",
         "Our choice: a squad may start a collapse only if it touches open ground, since the "
         "finished collapse must begin on such a hex. The text states the condition only for "
         "excavating. Alternative: let any digger start one and fail at the end.", "ruling"),
    Rule("ce-dig-continue", "Going on digging",
         "On each later turn the digging squad, as its action, takes off as many rocks as its "
         "digging speed; otherwise its card and rocks are thrown away. Our reading: a turn that "
         "passes without digging loses the dig at its end (another action loses it at once: rule "
         "ce-dig-busy). Alternative: lose it only when the squad does something else.", "ruling"),
    Rule("ce-dig-add", "More diggers join",
         "Creatures that join a digging squad add their pick-axes to its speed, if they have not "
         "acted this turn (one that has acted stops the whole squad acting: rule ce-merge-acted)."),
    Rule("ce-dig-busy", "A digging squad stays put",
         "Until the dig is over the squad neither moves nor takes another action; if it does, the "
         "dig is abandoned at once and its card and rocks discarded. Picking up and passing are still fine."),
    Rule("ce-dig-leave", "Leaving a digging squad",
         "Before the squad has dug this turn, creatures may leave it, for a new squad or another "
         "one, as long as a creature with a pick-axe stays; when the last one leaves, the dig is "
         "abandoned. Once it has dug this turn, the creatures that dug move no more; one that "
         "joined it afterwards may still leave with what movement it has left (it has not dug)."),
    Rule("ce-dig-finish", "Finishing a dig",
         "When the last rock comes off, in the same action, the card is turned up. An event is put "
         "aside for the player's Phase 4 and another card drawn, again and again, until a tile card "
         "appears. Our reading: events are set aside this way for collapses too, since only the "
         "card's own text is ignored. Alternative: drop events met while collapsing.", "ruling"),
    Rule("ce-dig-ride", "What the new tile covers",
         "Squads, Wandering Monsters and loot on hexes the new tile covers stay on the same hexes, "
         "on top of it. A squad on collapsed ground that an excavation reopens is free again."),
    Rule("ce-dig-step", "Breaking through",
         "After laying an excavated tile the diggers may step one hex onto it, but no further, and "
         "take no other action."),
    Rule("ce-dig-step-how", "How the breakthrough step works",
         "Our choice: the step goes to a space of the new tile touching the squad, costs no movement "
         "and follows the other movement rules: not onto a spawn pit or an enemy, into a friendly "
         "squad only if both fit, never out of a collapse, and not when an enemy is adjacent. A "
         "collapse gives no step. Alternative: any hex of the new tile within one step.", "ruling"),
    Rule("ce-dig-immediate", "Immediate excavators",
         "A squad with a digging speed of 4 or more declares and finishes in the same action, with "
         "no rocks at all. It may move into position first."),
    Rule("ce-dig-immediate-step", "The immediate excavators' step",
         "An immediate excavator takes its one step onto the new tile only if it still had movement "
         "left when it began the dig."),
    Rule("ce-dig-no-tile", "No tile left in the box",
         "Our choice: if every tile of the kind the card shows is already on the map, the dig fails "
         "as if the tile fitted nowhere. The text never runs out of tiles. Alternative: lay another "
         "tile of the player's choice.", "ruling"),
    Rule("ce-dig-spawn", "The card's spawn roll",
         "After an excavation the card says which spawn roll to make: resources go to the digging "
         "squad, creatures, items and spells to the new tile's space farthest from it. A collapse "
         "ignores the card's text, and so does a card drawn for an event."),
    Rule("ce-dig-spawn-far", "Farthest from the diggers",
         "Our choice: 'farthest' is counted in steps over open ground from the digging squad, the "
         "way movement counts, and the player picks among equally far spaces. Alternative: count "
         "straight hex distance.", "ruling"),
    Rule("ce-collapse-trapped", "Caught in a collapse",
         "Creatures on ground a collapse buries are trapped: they may still act (a trapped "
         "Necromancer may invoke into hexes beside it) but may neither move nor fight, and nothing "
         "is passed to or from them. Other squads may walk past trapped enemies without stopping."),
    Rule("ce-collapse-death", "Death in a collapse (optional)",
         "With this optional rule each squad caught under a collapse rolls a D12 and dies on a 1. "
         "Our reading: one roll for the whole squad, since a 1 kills the squad; Wandering Monsters "
         "roll too, and so does the collapsing squad if it buries itself. Alternative: one roll "
         "per creature.", "variant"),
    Rule("ce-collapse-self", "Burying yourself",
         "Our choice: only a collapse's first space must touch the squad, so its tile may cover the "
         "squad's own hex, trapping it. Nothing in the text forbids it. Alternative: forbid a "
         "collapse over its own diggers.", "ruling"),
    Rule("ce-flank-excavation", "Flank excavation (advanced)",
         "In the advanced game, squads with pick-axes next to a digging squad may spend their "
         "action helping: their pick-axes add to the rocks removed. The tile still starts next to "
         "the squad that declared. Our choice: helpers join when rocks are removed, not at the "
         "declaration, and do not make a dig immediate; a squad with its own dig cannot help. "
         "Alternative: count helpers at the declaration too.", "variant"),
    # ------------------------------------------------------------------ squads
    Rule("ce-squad-size", "How big a squad may be",
         "A squad is one large creature, or one medium and one small, or up to three smalls; "
         "trinket creatures never count."),
    Rule("ce-necromancer-small", "The Necromancer's size",
         "The Necromancer takes room in its squad like a small creature."),
    Rule("ce-control-cards", "Six control cards",
         "A player has six control cards, the Necromancer's and five more, so at most six squads."),
    Rule("ce-move-rate", "How far a squad moves",
         "A squad moves hex by hex up to the speed of its slowest creature. Our bookkeeping: "
         "movement points are spent per creature, and a squad may go as far as its most spent "
         "member still can, which gives exactly the text's merging examples. Alternative: count the "
         "movement of each squad marker as a whole, which leaves open how far a merged squad may go on.", "ruling"),
    Rule("ce-move-stop", "Stopping next to enemies",
         "Whenever a moving squad comes to a hex beside an enemy squad or a Wandering Monster, it halts "
         "there for the rest of the turn: nobody slips past without a fight."),
    Rule("ce-move-engaged", "Starting next to an enemy",
         "Our choice: a squad that already stands next to an enemy or Wandering Monster that is not "
         "trapped cannot move away, because the text makes it deal with it (in Phase 1 if need "
         "be). Alternative: let it walk off.", "ruling"),
    Rule("ce-move-occupied", "One squad to a hex",
         "Two squads never share a hex; squads of the same player may merge instead. No squad "
         "enters a hex held by an enemy or a Wandering Monster."),
    Rule("ce-move-pit", "Spawn pits",
         "A squad may cross a spawn pit, picking up what lies there, but never ends its move on one."),
    Rule("ce-move-pit-stop", "A pit where the squad would have to stop",
         "Our choice: a spawn pit next to an enemy cannot be entered at all, since the squad would "
         "have to stop on it. Alternative: let it stop on the pit in that one case.", "ruling"),
    Rule("ce-move-through", "Walking through friends",
         "A squad may pass through a friendly squad's hex only if both together would fit in one "
         "squad; otherwise they have to split up first."),
    Rule("ce-move-halted", "When movement is over",
         "A squad moves no more this turn after fighting, hiring, subduing or digging, or after "
         "stopping next to an enemy."),
    Rule("ce-merge", "Merging squads",
         "A squad that ends its move on a friendly squad joins it, if the size limits allow. The "
         "joined squad may move on only as far as its slowest member allows and no creature "
         "beyond its own remaining points: three points spent of a speed of 4 leaves 1 for the "
         "whole squad."),
    Rule("ce-merge-acted", "Merging and actions",
         "Merging or splitting never gives a creature a second action, and a squad holding any "
         "creature that has already acted this turn takes no action."),
    Rule("ce-merge-keeps", "Which card a merged squad keeps",
         "Our choice: the squad already on the hex keeps its control card, unless the Necromancer's "
         "squad moved in, which always stays on its N card; the other card is freed. Alternative: "
         "the player picks.", "ruling"),
    Rule("ce-break", "Breaking away",
         "Creatures may leave their squad and move on as a new squad if a control card is free (or "
         "into another friendly squad). The Necromancer never leaves its N card."),
    Rule("ce-break-movement", "How far a creature that breaks away moves",
         "Our reading: it may use what is left of its own speed this turn, so a speed-5 creature "
         "that has moved 2 with a slow squad goes 3 more. The text's 'full movement rate' could "
         "also mean 5 more, but a creature never moves beyond its rate in a turn. "
         "Alternative: a fresh full move.", "ruling"),
    Rule("ce-break-card", "The card a breakaway squad takes",
         "Our choice: creatures breaking away to an empty hex go onto the first free control card "
         "(I, then II, ...); onto a friendly squad they simply join it. The cards only name squads, "
         "so nothing turns on which one. Alternative: the player picks the card.", "ruling"),
    # ------------------------------------------------------------------ set-up (setup.py)
    Rule("ce-setup-order", "The order of set-up",
         "First the players find out who goes first. Then, starting with the first player and going "
         "clockwise, each lays a Great Hall out from the Pit Room and at once a Lair at its far end. "
         "Then, starting with the last player (the one to the first player's right) and going "
         "counter-clockwise, each lays a Tunnel out from the Pit Room and a Throneroom at its end. "
         "Three players first lay a neutral pair; two players lay a second pair each."),
    Rule("ce-first-player", "The first player",
         "Everyone rolls a D12 and the highest roll goes first, taking the Start Player token; every "
         "cycle begins with that player. Our ruling for ties (the text has none): the tied players "
         "roll again. Every player is then equally likely to start, so the engine draws the first "
         "player as one chance step. Alternative: the owner of the game breaks ties.", "ruling"),
    Rule("ce-seats", "Seats round the map",
         "Our choice, so that clockwise means something on the map: player 2 sits clockwise of "
         "player 1, and so on. Seen from above with north at the top, player 1 sits at the south edge "
         "of the map, then west, north and east; two players sit south and north, three leave the east "
         "seat empty. Clockwise round the Pit is the way a compass bearing grows (north 0, east 90 "
         "degrees). Alternative: any other seating, which only turns the quick layouts and the "
         "Throneroom numbers.", "ruling"),
    Rule("ce-setup-tile", "Set-up tiles",
         "Each player gets a Great Hall, a Lair, a Tunnel and a Throneroom for set-up (two Tunnels "
         "and two Thronerooms with two players). Each step lays the tile it names, tunnel side up, "
         "on the hex grid, turned any of six ways. A Lair may spill off the map."),
    Rule("ce-setup-undug", "Set-up tiles go on bare rock",
         "Our reading: a set-up tile never overlaps the Pit Room or an earlier tile. The text forbids "
         "a Tunnel over a Hall and keeps Thronerooms clear of everything; the rest only makes sense "
         "with the pieces side by side. Alternative: allow overlaps that no stated distance forbids, "
         "such as two Tunnels crossing.", "ruling"),
    Rule("ce-setup-ends", "Which end of a Hall or Tunnel is which",
         "Our reading: a Hall or Tunnel starts with its first space on a hex touching the Pit Room, "
         "and its far end is the tile's end space, where the Lair or Throneroom goes. A straight "
         "Tunnel laid along the room may have both ends touching it; the end space is still the one "
         "that counts. Alternative: any space may touch the room and either end may take the next "
         "tile.", "ruling"),
    Rule("ce-hall-start", "Where a Great Hall starts",
         "A Great Hall begins on a hex next to the Pit Room and may touch at most two of the room's "
         "hexes, so it leads away from the room instead of hugging it."),
    Rule("ce-hall-apart", "Great Halls keep apart",
         "Each player's Great Hall stays clear of every other player's: at least 3 hexes apart with "
         "three or four players, at least 6 with two."),
    Rule("ce-hall-apart-measure", "How 'apart' is measured",
         "Our reading: two Halls are n hexes apart when the nearest spaces of the two are n steps "
         "from each other on the grid, so 3 apart leaves two hexes of rock between them. "
         "Alternatives: n clear hexes between them (one more step), or measuring from the first "
         "spaces only.", "ruling"),
    Rule("ce-lair-at-hall", "The Lair at the end of its Hall",
         "The Lair goes at the far end of its owner's Hall: a space of its opening touches the Hall's "
         "end space, and no more than two Lair spaces touch that end space."),
    Rule("ce-tunnel-start", "Where a Tunnel starts",
         "A Tunnel begins on a hex next to the Pit Room."),
    Rule("ce-tunnel-clear", "Tunnels keep off the Halls",
         "A Tunnel stays at least one hex away from every Great Hall; it may never lie over one."),
    Rule("ce-throneroom-at-tunnel", "The Throneroom at the end of its Tunnel",
         "A Throneroom is laid right after its Tunnel, touching the Tunnel's end space, and touches "
         "at most two of that Tunnel's spaces."),
    Rule("ce-throneroom-clear", "Thronerooms keep apart",
         "A Throneroom stays at least one hex away from every Lair (shell included), Hall, other "
         "Tunnel and other Throneroom."),
    Rule("ce-setup-clear", "What 'one hex away' means",
         "Our reading: pieces that must stay at least one hex away from each other may touch but "
         "never share a hex, as the text's own aside on Tunnels and Halls (no overlap) suggests. "
         "With our guessed tile shapes the stricter reading often leaves no room for four Tunnels. "
         "Alternative (option clearance=gap): a hex of rock must lie between them.", "ruling"),
    Rule("ce-setup-both-ways", "Distances hold both ways",
         "Our reading: the distances between kinds of piece hold whichever is laid first. With three "
         "players the neutral Tunnel and Throneroom come before any Hall, so Halls keep the Tunnel "
         "distance from them and Lairs the Throneroom distance, and a second Tunnel keeps it from "
         "Thronerooms already laid. Alternative: check only the later piece's own sentence.",
         "ruling"),
    Rule("ce-setup-room", "Leave room for the next tile",
         "Our ruling: a Hall may only go where its Lair can then be laid at its end, and a Tunnel only "
         "where a Throneroom can follow, since each pair is laid together. Alternative: lay it anyway "
         "and pick it up again if the second tile does not fit.", "ruling"),
    Rule("ce-setup-stuck", "When a piece has nowhere to go",
         "Our ruling, for a dead end the text never meets: if no placement obeys every set-up rule, "
         "the rules give way one step at a time until one does. A Hall's distance from other Halls "
         "comes down by one hex at a time; a player's Tunnel may start next to any open space of the "
         "cave instead of the Pit Room; last, with option clearance=gap, pieces need only not "
         "overlap. If even that fails, the cave cannot be built. Alternative: start set-up again.",
         "ruling"),
    Rule("ce-setup-two", "Set-up with two players",
         "With two players four Thronerooms are still laid: each player lays two Tunnels and two "
         "Thronerooms. Our ruling on the order, which the text leaves open: after both first pairs, "
         "the players lay their second pairs in the same order (option extras=turns). Halls keep 6 "
         "hexes apart. Alternative (extras=together): each lays both pairs one after the other.",
         "ruling"),
    Rule("ce-setup-three", "Set-up with three players",
         "With three players a neutral Tunnel is laid out from the Pit Room before anyone's Hall, "
         "pointing at the empty seat, and a Throneroom at its end, so four Thronerooms are in play. "
         "Our rulings: the last player lays this pair; 'pointing at the empty seat' means the "
         "Tunnel's end lies in that seat's quarter of the map (bearing within 45 degrees of east). "
         "Alternative: all players agree on another direction, as the text also allows.", "ruling"),
    Rule("ce-throneroom-numbers", "Throneroom numbers",
         "Once the cave is built the four Thronerooms are numbered: 1 is the one nearest the first "
         "player, then 2, 3 and 4 going clockwise. Our reading of 'nearest': the Throneroom whose "
         "middle lies in the compass direction from the Pit closest to the first player's seat (a "
         "tie goes clockwise), then by growing bearing. Alternative: the one closest in a straight "
         "line to that player's edge of the table.", "ruling"),
    Rule("ce-quick-setup", "Quick set-up",
         "The text lets players copy a ready-made diagram instead of placing pieces. Its diagrams are "
         "lost, so ours were found by this engine's own search: for 2, 3 and 4 players each player's "
         "Hall and Lair face their seat, and every piece obeys the set-up rules under both readings "
         "of the distances. The layout belongs to the seats, whoever rolls highest. Alternative: "
         "the printed diagrams, if someone types them in.", "ruling"),
    # ------------------------------------------------------------ the game so far (state.py)
    Rule("ce-turn-order", "Cycles and turns",
         "Play goes in cycles. In each cycle every player has one turn, starting with the first "
         "player and going clockwise; the first player starts every cycle. A turn has four phases: "
         "fights for the squads that start it beside enemies (Phase 1), conjuring (Phase 2), the "
         "squads' moves and actions (Phase 3: each squad may move as its movement allows and take at "
         "most one action; 'end' closes it) and the events drawn in the turn (Phase 4). The map-and-"
         "combat game plays phases 1 and 3 only."),
    Rule("ce-start-squad", "The squad each player starts with",
         "Once the cave is built, each player's Necromancer squad (card N) stands on the Chthonic Crystal "
         "of their Lair, as the text says. Our ruling: in the full game the Necromancer stands alone and "
         "the Necromonk is a card of the starting hand, invoked like any other; in the map-and-combat "
         "game, which has no hands, the Necromonk already stands in squad N (small, speed 3, pick-axe 1) "
         "so that someone can dig. The text deals the Necromancer cards at random; by default we give them "
         "by seat (the Rotten Magi, the Ice Dead Sorceress, the Blood Sorcerer, the Psychomancer of Fire), "
         "so that the same seat always teaches the same power; the full game's option necromancers='random' "
         "deals all five instead, the Black Wizard among them (rule ce-necromancer-deal). Alternative: "
         "always deal them at random.",
         "ruling"),
    Rule("ce-events-later", "Events in the map-and-combat game",
         "Our ruling: the map-and-combat game has no Phase 4, so an event card turned up while a dig is "
         "finished is set aside, as the rules say, and at the end of the turn goes to the box without "
         "effect; the full game resolves it in Phase 4. Alternative: discard it, so it can come up again.",
         "ruling"),
    Rule("ce-cycle-limit", "How a game without the awakening ends",
         "Our ruling for the map-and-combat game, which has no Awaken Track: unless a single Necromancer is "
         "left standing first, the game ends after a chosen number of cycles (an option, 6 by default) and "
         "nobody wins; all results are 0. The full game ends as the text says. Alternative: no limit, which "
         "would never end.", "ruling"),
    Rule("ce-last-standing", "The last Necromancer",
         "A player whose Necromancer dies (in a fight, by its crystal crushed, or otherwise) is out of the "
         "game, and every creature it still controlled turns into a Wandering Monster where it stands. "
         "When a single Necromancer is left, its player wins at once."),
] + COMBAT_RULES + PART_III, pages=PAGES)
