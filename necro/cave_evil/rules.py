"""The rules of Cave Evil implemented so far (the ground floor: map, tiles, placement,
line of sight), in this book's words.

Ids are stable: the engine's refusals name them and the chapter will carry a
MyST label for each. Kind ``rule`` is stated by the rule text; ``ruling`` is
our decision where the text is silent or its pictures are lost (the summary
says what we decided, why, and the alternative).
"""

from necro.core import Rule, RuleBook

CHAPTER = "book/cave-evil/index"

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
])
