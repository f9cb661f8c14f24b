"""The rules and rulings of Cave Evil's Awaken Track and Awakening Evils, in this book's words.

The pure logic that applies them is :mod:`.awaken` (data in ``awaken.json``). Kind ``rule``:
stated by the rule text; ``ruling``: decided here, with what, why and the alternative;
``variant``: an advanced rule players may switch on.
"""

from necro.core import Rule

AWAKEN_RULES = [
    # ------------------------------------------------------------ the track
    Rule("ce-awaken-track", "The Awaken Track and the Blood Eye",
         "A loop of vortex spaces runs round the edge of the map. At set-up the Blood Eye, a red bead, "
         "goes on the Awaken icon in the map's upper-left corner; during the game it only ever moves "
         "forward, clockwise. On the loop sit a Reveal icon, about halfway round, and the Awaken icon. "
         "Tiles laid over the track do not interrupt it: the Blood Eye carries on over them."),
    Rule("ce-awaken-track-data", "How long the track is and where its icons sit",
         "Our choice: the track and its icons are printed on the map, whose picture the text lacks. We "
         "give the loop 60 spaces. With 4 Necromancers the Reveal icon is 30 spaces on and the Evil wakes "
         "when the Blood Eye completes its circuit (60); with 2 or 3 the Reveal icon is at 24 and the "
         "Awaken icon at 48, since the text says the Awaken icon comes earlier there and that there are "
         "two Reveal icons by player count. Sixty spaces at about three a cycle give some twenty cycles "
         "before the Evil wakes. We count the Blood Eye's progress in spaces since set-up, so a second "
         "pass of the Reveal icon is simply 60 more. The numbers are data an owner of the game can "
         "correct. Alternative: any other length and positions, which change only the game's pace.",
         "ruling"),
    Rule("ce-blood-eye-invoke", "Invoking creatures moves the Blood Eye",
         "Each creature invoked moves the Blood Eye one space forward, at once. Items and spells invoked "
         "do not move it, nor do creatures hired or subdued. In the text's example a Necromancer invokes "
         "three creatures, two items and a spell: the Blood Eye moves three spaces."),
    Rule("ce-blood-eye-cycle", "The end of a cycle moves the Blood Eye",
         "When every player has had a turn, the cycle ends and the Blood Eye moves one space forward."),
    Rule("ce-awaken-extended", "A longer game (advanced rule 6)",
         "With this advanced rule the Blood Eye still moves one space per creature invoked, but at the end "
         "of a cycle it moves only if nobody invoked a creature during that cycle. The text recommends it "
         "to players who know the game; it can drag for beginners.", "variant"),
    # ------------------------------------------------------------ reveal, awaken, doom
    Rule("ce-awaken-draw", "The hidden Evil",
         "At the end of set-up the first player takes the top card of the shuffled Awakening Evil deck "
         "and lays it face down by the track without looking; nobody may look at it until it is revealed. "
         "Each card of the deck is equally likely."),
    Rule("ce-awaken-basic", "The Goat only in advanced play",
         "Our choice: without advanced play the Evil Black Old Goat is left out of the Awakening Evil deck, "
         "so one of the other four is drawn. His card is marked for the advanced game only, and the set-up "
         "lists him among the cards a first game may leave out. Alternative: keep him in whenever players "
         "do not choose to remove him.", "ruling"),
    Rule("ce-awaken-short", "A short game",
         "For a shorter game the text recommends shuffling only two Evils, the Pit of Infinite Shadow and "
         "the Darkest Evil Bitch, and drawing the hidden card from those."),
    Rule("ce-awaken-reveal", "Revealing the Evil",
         "When the Blood Eye moves onto or past the Reveal icon, the hidden card is turned face up at the "
         "end of that turn, and whatever its reveal says happens then."),
    Rule("ce-awaken-reveal-when", "When the card turns",
         "Our choice: when the step onto the Reveal icon is the one at the end of a cycle, no turn is left "
         "to end, so the card is turned at once, before the next cycle begins. If the Blood Eye reaches the "
         "Awaken icon while the card still waits to be turned, it is turned as the Evil wakes. "
         "Alternative: wait for the end of the next turn.", "ruling"),
    Rule("ce-awaken-awaken", "The Evil wakes",
         "Once the Blood Eye gets to the Awaken icon, the Evil is awake: its card's orders apply, and a "
         "player who meets its demands wins. With 2 or 3 Necromancers the Awaken icon comes earlier."),
    Rule("ce-awaken-adjust", "Fewer Necromancers, earlier icons",
         "The Reveal and Awaken icons that count are those for the number of Necromancers still alive; "
         "when one dies, the icons for the smaller game apply."),
    Rule("ce-awaken-adjust-how", "An icon already behind the Blood Eye",
         "Our choice: when a death brings in icons the Blood Eye already stands on or past, those not yet "
         "fired fire at once, as if it had just reached them (a reveal at the end of that turn). Icons only "
         "move earlier as players die, so nothing that happened is undone. Alternative: wait until the "
         "Blood Eye comes round to them again, which would push the Evil a whole circuit away.", "ruling"),
    Rule("ce-awaken-stop", "A track that stops",
         "Our reading: for the Darkest Evil Bitch and the Eternal Evil Emperor the text says the track need "
         "not advance once they wake. We stop the Blood Eye on the Awaken icon for good, so no doom can "
         "come and the game ends only when she or he is beaten or one Necromancer is left. Alternative: "
         "keep moving it, with doom still possible.", "ruling"),
    Rule("ce-awaken-doom", "Doom",
         "The Blood Eye keeps moving after the Evil wakes. If it reaches the Reveal icon a second time "
         "before anyone has conquered the Evil or a single Necromancer is left, every Necromancer is "
         "destroyed and nobody wins."),
    Rule("ce-awaken-no-ability", "No once-per-game ability to finish the Evil",
         "A Necromancer's once-per-game ability may not be used during the turn in which the Evil's "
         "demands are met, so it can never be what conquers the Evil. Against the Statue such abilities "
         "may help kill it, only not in the turn its eyes reach home."),
    # ------------------------------------------------------------ the five Evils
    Rule("ce-evil-pit", "The Pit of Infinite Shadow",
         "Revealed, it does nothing: players just know the goal. Awake, its marker goes on the Pit, and "
         "from the start of the next cycle the first Necromancer to move onto the Pit wins: enemies or "
         "Wandering Monsters beside it do not hold it back and no fight is needed. Doom applies."),
    Rule("ce-evil-bitch", "The Darkest Evil Bitch",
         "Revealed, she does nothing. As she wakes, every player without enemy kill points dies, and the "
         "track stops. At the start of each cycle she appears beside the Necromancer with the fewest enemy "
         "kill points (ties: fewest wandering kill points, then the lowest D12) and fights its squad. The "
         "Necromancer attacks and picks the first attribute, the other players her second; only the "
         "Necromancer's own squad fights, nobody flanks, no items or spells or once-per-game abilities, "
         "and her binding takes 3 from its strength, dodge and armor. Mind abilities do not work on her. "
         "Beating her wins. A Necromancer walled in by squads or collapse has them destroyed; single-space "
         "tiles are laid where undug ground would prevent the fight."),
    Rule("ce-evil-bitch-none", "When nobody has enemy kill points",
         "Our choice: the text's 'no enemy kill points, you die' applies even when it kills every "
         "Necromancer: then nobody wins, as at doom; if one survives, that player is the last standing and "
         "wins. Alternative: spare everybody when nobody has any.", "ruling"),
    Rule("ce-evil-bitch-room", "When her Necromancer is hemmed in",
         "Our choice: a Necromancer with no free open space beside it (squads, rock or collapse all round) "
         "has every squad beside it destroyed as she comes, its own, enemies' and Wandering Monsters alike: "
         "nobody earns kill points, the dead leave gore and what they carried, and a Necromancer among them "
         "dies. Her fight is fought off the map (she leaves no marker), so the single-space tiles the text "
         "lays under her or the Necromancer when rock or a collapse leaves no room are not laid: they would "
         "change nothing in the fight. The text says she 'destroys everything' without saying whether that "
         "is all around or only the space she takes. Alternative: she destroys only the squad on one space "
         "beside it, the one she then stands on.", "ruling"),
    Rule("ce-evil-statue", "The Darkest Statue of Death",
         "Revealed (advanced play only; others ignore this), the Statue goes on the Pit and whatever is "
         "there moves beside it; spawns on the Pit go beside it. Nobody fights it yet, and squads may stop "
         "beside it freely. A Necromancer beside it with 18 kill points (enemy or wandering) may bathe it, "
         "sending those 18 points' cards to the box: its eyes then shoot 8 spaces, with line of sight, "
         "at the first squad or Wandering Monster the Necromancer aims at, attacking with weapon; nobody "
         "earns kill points from the shot. Awake, it can no longer be bathed and may be fought at once "
         "with anything, once-per-game abilities included. Whoever kills it leaves its eyes and its 3 gore "
         "on the Pit; the first squad to carry the eyes onto its own Necromancer's Chthonic Crystal wins. "
         "A squad killed with the eyes drops them where it dies. Doom applies."),
    Rule("ce-evil-statue-basic", "The Statue without the advanced reveal",
         "Our choice: when the reveal is ignored (no advanced play) the Statue is put on the Pit as it "
         "wakes, moving what stands there beside it, so that it can be fought. Alternative: leave it off "
         "the map, which would make it impossible to conquer.", "ruling"),
    Rule("ce-evil-statue-bath", "How the Statue's bath is played here",
         "Our choice: advanced play, where the reveal counts, is the game with all five Evils "
         "(awakening=advanced). Bathing is squad N's action in Phase 3, written bathe N 2:III, and names "
         "the squad the eyes strike: any squad or Wandering Monster within 8 spaces of the Statue with a "
         "line to it that no rock and no other squad blocks (the first squad on the path the player picks), "
         "the player's own included. The cards that go to the box are worth at least 18 kill points and as "
         "little more as possible. The stare is a shot opened with weapon; the target defends with its whole "
         "squad and picks the second attribute (a Wandering Monster's is picked for it); if the Statue wins the "
         "target dies and nobody earns kill points, otherwise nothing happens. The Statue wakes where it "
         "stands. The text says neither whether bathing is an action nor which cards go when they do not make "
         "exactly 18. Alternatives: a bath as a free activity; the player choosing the cards.", "ruling"),
    Rule("ce-evil-emperor", "The Eternal Evil Emperor",
         "Revealed, he does nothing. As he wakes his marker goes on the Pit and the track stops. At the "
         "start of every cycle the player with most enemy kill points (ties: the highest D12) names a "
         "Necromancer, possibly his own, and the Emperor moves toward whichever is closer, that "
         "Necromancer's squad or its Chthonic Crystal. The focus holds until that Necromancer dies (the "
         "player with most enemy kill points then names another) or another player has more enemy kill "
         "points at the start of a cycle. He fights every squad in his path and walks on; ground in his way "
         "is dug at once with the top Excavation tile (events redrawn, card text ignored), even over spawn "
         "pits, Lairs and Lair shells. The first player to kill him wins; no items, spells, mind abilities "
         "or once-per-game abilities may be used against him."),
    Rule("ce-evil-emperor-control", "Keeping the Emperor's focus",
         "Our choice: the player who controls the focus keeps it unless another player has strictly more "
         "enemy kill points at the start of a cycle; equalling him is not enough. The text hands the focus "
         "on when someone has 'more'. Alternative: a tie with the controller forces a new D12 roll.",
         "ruling"),
    Rule("ce-evil-emperor-lair", "The Emperor's lair roll",
         "When nobody has enemy kill points, the Lairs are counted clockwise from the first player's and a "
         "D4 picks one; the Emperor hunts its Necromancer, rerolling numbers beyond the Lairs in smaller "
         "games. The focus then holds until some player has most enemy kill points at the start of a "
         "cycle. Our choice: only the Lairs of living Necromancers are counted (from the next living player "
         "clockwise if the first player is dead), since he must hunt a living one; every living "
         "Necromancer is then equally likely. Alternative: count every Lair and reroll a dead one's, with "
         "the same odds.", "ruling"),
    Rule("ce-evil-goat", "The Evil Black Old Goat",
         "Advanced play only. Revealed, the Goat goes on the Pit (the current player moves what stands "
         "there beside it) and stays until he wakes, whatever the events say; what spawns on the Pit goes beside "
         "it, where the spawning player chooses; nobody fights him and squads may stop beside him. A "
         "Necromancer with 27 enemy kill points who moves beside him and kneels wins. Awake, he no longer "
         "blesses anyone and the track keeps moving. At the start of every cycle the first player rolls a "
         "D4 (1 north, 2 east, 3 south, 4 west) and the Goat moves all 3 of his spaces that way, digging "
         "the top Excavation tile (events redrawn, card text ignored) into undug ground in his way. Any "
         "squad he comes beside, or that comes beside him, is destroyed without a fight and its cards go "
         "to the box, Necromancers excepted. Only a Necromancer beside him may fight him, attacking, alone "
         "(the creatures of its squad are destroyed first), with no items, spells or ability; killing him "
         "wins. Doom applies."),
    Rule("ce-evil-goat-move", "Moving the Goat due east or west",
         "Our choice: on our flat-topped hexes north and south are straight lines, east and west are not: "
         "each step goes to one of the two hexes that way. The Goat stays within half a row of the "
         "straight line through where his move began: on the line the steering player picks either hex, "
         "off it he must step back toward it, so he zigzags along the line. Alternative: let the steering "
         "player pick freely at every step, which can take him 60 degrees off course.", "ruling"),
    Rule("ce-evil-goat-decider", "Who steers the Goat",
         "Our choice: 'most kill points' for steering the Goat counts enemy and wandering kill points "
         "together, since the text names no kind here while it says 'enemy' where it means them; ties roll "
         "a D12 and the highest steers. Alternative: enemy kill points only.", "ruling"),
    Rule("ce-evil-roll-off", "D12 roll-offs between tied players",
         "Our choice: when a D12 roll-off between tied players ties again on the deciding number, those "
         "players roll again, so each tied player is equally likely to be picked (as for the first "
         "player). Alternative: the player whose turn it is breaks the tie.", "ruling"),
]
