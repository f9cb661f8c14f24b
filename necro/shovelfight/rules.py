"""Every rule of Necromancer Shovelfight (version 6.4+), in this book's words.

Ids are stable: the engine's log names them and the chapter carries a MyST
label for each. Kind ``rule`` is stated by Jackson Tegu's text, ``ruling`` is
our decision where the text is silent or unclear (the summary says what we
decided, why, and the alternative), ``variant`` a switchable alternative.
"""

from necro.core import Rule, RuleBook, taught_on

CHAPTER = "book/shovelfight/index"

FOLDER = "book/shovelfight"
# Which page of the chapter teaches each rule, in the order a new player meets them.
PAGES = {
    f"{FOLDER}/index": ["sf-deck", "sf-jack-colours", "sf-board", "sf-deal-when-dug", "sf-start-graves",
                        "sf-first-player", "sf-worm-holder", "sf-hit-boxes", "sf-teams"],
    f"{FOLDER}/turn": ["sf-turn", "sf-two-actions", "sf-second-action", "sf-move", "sf-dig", "sf-shovel",
                       "sf-shovel-target", "sf-shamble", "sf-zombie-hit", "sf-hit", "sf-lost-zombies"],
    f"{FOLDER}/digging": ["sf-dig-order", "sf-colour-chart", "sf-stick-figure", "sf-card-ace", "sf-card-two",
                          "sf-card-three", "sf-card-four", "sf-card-five", "sf-card-six", "sf-card-queen",
                          "sf-card-joker", "sf-joker-wizards", "sf-card-choices"],
    f"{FOLDER}/worm": ["sf-worm-die", "sf-worm-eats", "sf-worm-leap", "sf-stranded-wizard", "sf-leap-order",
                       "sf-fall", "sf-split", "sf-split-many", "sf-fall-path"],
    f"{FOLDER}/death": ["sf-death", "sf-chomped", "sf-whacked", "sf-whacked-takeover", "sf-ghost-turn",
                        "sf-empty-turn", "sf-win", "sf-simultaneous"],
    f"{FOLDER}/edge-cases": ["sf-any-stack", "sf-no-max", "sf-team-size", "sf-worm-always",
                             "sf-stranded-zombie"],
}

RULES = RuleBook("shovelfight", CHAPTER, [
    # ---------------------------------------------------------------- set-up
    Rule("sf-deck", "The grave deck",
         "Three or four players use the big pile of 23 cards: Aces, 3s and 5s as one red and two "
         "black each; 2s, 4s and 6s as two red and one black each; the four Queens; one Joker. "
         "Five or six players shuffle in the little pile as well (the other Ace-to-6 cards and two "
         "Jacks that count as Queens): 31 cards."),
    Rule("sf-jack-colours", "The colour of the two Jacks",
         "The text asks for two Jacks without saying which; colour matters for the stick figures. "
         "We use one red and one black Jack, so the little pile stays balanced like the Queens. "
         "Alternative: two of one colour, which would tilt five- and six-player games towards "
         "lids or pants.", "ruling"),
    Rule("sf-board", "The staggered graveyard",
         "The text gives five columns (three or four players) or seven (five or six), staggered so "
         "that an inner grave touches six, and leaves the rest to a picture we do not have. We lay "
         "5-4-5-4-5 and 4-5-4-5-4-5-4 cards, the short columns half a card lower: the only "
         "alternating columns that hold exactly the 23 and 31 cards of the two decks, with every "
         "column as long as its neighbours or one shorter. Graves are named by column letter and row "
         "number. Alternative: long columns inside (4-5-5-5-4 has no room for the stagger on both "
         "sides) or a ragged last column; players with the picture should lay it as drawn.",
         "ruling"),
    Rule("sf-deal-when-dug", "A card is dealt when it is dug",
         "Nobody looks at a face-down grave until it is dug, so the engine deals no card at the "
         "start: a dug grave's card comes from the cards no grave shows yet, each as likely as its "
         "copies among them. The same game in every respect; a page or saved game then holds no "
         "face-down card. Alternative: deal the whole shuffle first (it plays exactly alike).",
         "ruling"),
    Rule("sf-start-graves", "Start graves",
         "Each wizard starts on its own start grave with one of its zombies. The text marks these "
         "graves on a picture we do not have, so we chose them: spread round the edge, never two "
         "side by side, given out seat by seat (3 players: b1, d1, c5; 4: b1, d1, d4, b4; "
         "5: a1, d1, g1, f5, b5; 6: a1, d1, g1, g4, d5, a4). Variant start=choose: all these "
         "graves of the board are marked, and after the first-player draw each player in turn "
         "picks a free one.",
         "ruling"),
    Rule("sf-first-player", "First player",
         "Chance picks the first player; turns then pass to the left (seat 1, 2, 3, ... round)."),
    Rule("sf-worm-holder", "Who starts with the worm die",
         "The player who will go last (the one to the right of the first player) starts with the "
         "worm die in front of them."),
    Rule("sf-hit-boxes", "Hit boxes",
         "Every wizard starts with five hit boxes. Each hit checks one off; a wizard with every "
         "box checked is dead."),
    Rule("sf-teams", "Teams",
         "A team is one wizard and its zombies, all in one colour or mark; wizards and zombies look "
         "different at a glance."),
    # ------------------------------------------------------------- the turn
    Rule("sf-turn", "The three phases of a turn",
         "A turn is: the wizard action, then the zombie shamble, then (if you hold it) the worm die."),
    Rule("sf-two-actions", "Two different wizard actions",
         "Your wizard does two of move, dig and shovel hit, in the order you like, never the same "
         "one twice."),
    Rule("sf-second-action", "When no second action is possible",
         "Moving is always possible (you may roll and stay put), so a second action is missing "
         "only after a move when you are neither on an undug grave nor sharing one with any piece. "
         "We then end the wizard action after one action. A wizard that dies during its first "
         "action takes no second one.", "ruling"),
    Rule("sf-move", "Move",
         "Roll the action die and halve the result, rounding up (1-2 give 1, 3-4 give 2, 5-6 give "
         "3). Step to an adjacent grave up to that many times; you may stop early. A wizard does "
         "no harm by arriving."),
    Rule("sf-dig", "Dig",
         "Only a face-down grave under your own wizard can be dug: turn it up and apply the colour "
         "chart and the number chart."),
    Rule("sf-dig-order", "Which chart first",
         "The text says to use both charts without an order. We apply the colour chart first, "
         "then the number chart, as they are printed. It rarely matters: a red Ace that completes "
         "a figure raises your zombie first, so the foe's zombie you push onto your grave may "
         "hit it. Alternative: number chart first.", "ruling"),
    Rule("sf-colour-chart", "Colour chart: lids and pants",
         "A red card draws the top half of a stick figure (a lid), a black card the bottom half "
         "(pants); the Joker draws nothing. A new half always completes a waiting opposite half "
         "rather than starting a second unfinished one."),
    Rule("sf-stick-figure", "A completed stick figure",
         "Completing a stick figure raises one of your zombies from off the board onto your "
         "wizard's grave, and the worm die moves in front of you."),
    Rule("sf-card-ace", "Ace: push a foe's zombie",
         "Move one opponent's zombie to an adjacent grave. If something is there, that zombie "
         "hits one thing on it."),
    Rule("sf-card-two", "Two: an extra shamble",
         "Move one of your zombies to an adjacent grave now (hitting on arrival as in a shamble); "
         "it still shambles again later this turn, so it can hit twice."),
    Rule("sf-card-three", "Three: an extra hit box",
         "Draw one more hit box on your index card; nothing limits how many boxes a wizard may "
         "collect this way."),
    Rule("sf-card-four", "Four: convert a zombie",
         "Replace one opponent's zombie with one of your own from off the board."),
    Rule("sf-card-five", "Five: shove a wizard",
         "Move one opponent's wizard to an adjacent grave (it does not hit on arrival)."),
    Rule("sf-card-six", "Six: explosion",
         "Every piece on every grave adjacent to this one takes a hit, whoever owns it; the dug "
         "grave itself is spared."),
    Rule("sf-card-queen", "Queen or Jack: raise a zombie",
         "Put one of your zombies from off the board on your wizard's grave and take the worm die "
         "if you do not already hold it."),
    Rule("sf-card-joker", "Joker: two graves fall",
         "Choose two graves adjacent to this one; they fall away even if undug, and any ground "
         "cut off by that falls as after a worm roll. With only one adjacent grave left, it "
         "alone falls; with none, nothing happens (our ruling)."),
    Rule("sf-joker-wizards", "Wizards on graves the Joker drops",
         "The text says the Joker's two graves fall away but not what happens to a wizard on "
         "them. We treat them as falling ground, like ground cut off after a worm roll: the "
         "wizard takes a hit for the grave it stands on, and one for each other falling grave it "
         "lands on, as it leaps to solid ground (sf-fall-path); zombies there are lost. "
         "Alternative: treat them as eaten graves (one hit, then a leap to any adjacent grave), "
         "which is the same for a wizard with solid ground next to it.", "ruling"),
    Rule("sf-card-choices", "Who decides a card's effect",
         "The digger makes every choice a card offers, including what a pushed foe's zombie "
         "hits (the text gives the Ace's hit no chooser; the card is the digger's, so is the "
         "choice). A pushed zombie never hits a zombie of its own team, as in a shamble. A card "
         "with nothing to act on does nothing.", "ruling"),
    Rule("sf-shovel", "Shovel hit",
         "If anything else is on your wizard's grave, roll the action die: 3 or more hits it. A "
         "wizard checks a box; a zombie leaves the board."),
    Rule("sf-shovel-target", "Choosing the shovel's target",
         "You name the target before rolling (the text is silent; naming first keeps the roll "
         "honest). Any other wizard or any zombie on your grave may be named, your own zombies "
         "too (the teaching notes warn new players against it), but not your own wizard.",
         "ruling"),
    Rule("sf-shamble", "The zombie shamble",
         "After the wizard action, every one of your zombies must move to an adjacent grave, one "
         "at a time in the order you choose."),
    Rule("sf-zombie-hit", "Zombies hit on arrival",
         "A zombie arriving where something stands must hit one thing there of its owner's "
         "choice: any wizard (its own included) or another team's zombie, never a zombie of its "
         "own team. If only its own zombies are there, it hits nothing."),
    Rule("sf-hit", "What a hit does",
         "A zombie that takes a hit is taken off the board; a wizard that takes a hit checks "
         "off a box."),
    Rule("sf-lost-zombies", "Where a removed zombie goes",
         "A zombie that is hit, converted or falls goes back to its owner's pile off the board, "
         "from where that owner may raise it again. The text only says it leaves the board; "
         "returning it matters only with the eight-zombie variant (sf-team-size).", "ruling"),
    Rule("sf-stranded-zombie", "A zombie with nowhere to go",
         "Once the graveyard has shrunk to one grave, a zombie there has no adjacent grave: it "
         "stays where it is and hits nothing. The text says all zombies must move, which is "
         "then impossible; removing the zombie instead would punish its owner for the worms' "
         "work.", "ruling"),
    # ---------------------------------------------------------- the worm die
    Rule("sf-worm-die", "The worm die",
         "At the end of your turn, if the worm die is in front of you, roll it."),
    Rule("sf-worm-eats", "The worms eat dug graves",
         "Every dug (face-up) grave whose number matches the roll is removed: an Ace is 1, the "
         "others their number; Queens, Jacks and the Joker are never eaten. Zombies on them are "
         "lost."),
    Rule("sf-worm-leap", "Leaping off an eaten grave",
         "A wizard on an eaten grave takes one hit and, if it lives, leaps to an adjacent grave "
         "of its player's choice."),
    Rule("sf-stranded-wizard", "A wizard with no adjacent grave to leap to",
         "If every grave next to an eaten one is gone, the text gives no way out. By default "
         "(stranded=nearest) the wizard leaps over the pit to the nearest standing grave "
         "(its player picks among equally near ones) with no further hit, as falling wizards "
         "leap to solid ground. Variant stranded=falls: it falls with the grave and dies.",
         "ruling"),
    Rule("sf-fall", "Cut-off ground falls",
         "After graves are removed, any grave no longer connected to the main graveyard falls "
         "away too. Zombies on falling graves are lost; wizards leap to solid ground (sf-fall-path)."),
    Rule("sf-leap-order", "Several wizards leaping at once",
         "When the worms eat several wizards' graves, or ground with several wizards on it falls, "
         "the text does not say who leaps first. They leap (and land) one at a time in turn "
         "order, starting with the player whose turn it is, each seeing where the earlier ones "
         "went. It matters rarely (a later leap can land on ground an earlier one has chosen); "
         "turn order is the order every other shared step of the game uses. Alternative: all "
         "choose at once, in secret.", "ruling"),
    Rule("sf-split", "When the graveyard splits",
         "If the graveyard breaks in two, the part with more graves stays. On equal size, the "
         "part with more wizards stays; then the part with more zombies; if still equal, chance "
         "decides."),
    Rule("sf-split-many", "Splitting into three or more parts",
         "The text speaks of two sides only. When the ground breaks into three or more parts, "
         "we keep one part only, picked by the same order (most graves, then most wizards, then "
         "most zombies, then chance among those still tied); all others fall. Alternative: "
         "compare pairs one after another, which gives the same winner but is harder to follow.",
         "ruling"),
    Rule("sf-fall-path", "A wizard's way off falling ground",
         "A wizard on falling ground takes one hit for each falling grave it leaps onto, the one it "
         "stands on included, until it reaches solid ground. By default (fall_path=adjacent) it "
         "leaps grave by grave as the text has it: each leap lands on a neighbouring grave, or, "
         "where that one is already gone, on a grave just across that single gap; it takes the way "
         "with the fewest hits (then the fewest leaps), and its player picks the landing among "
         "equally good ones. Only if no such way exists (a gap two graves wide all round) does it "
         "leap the wider gap as a stranded wizard does. Variant fall_path=holes (this book's first "
         "ruling, kept by games saved before the option): it passes over any number of holes for "
         "free, so from the far end of a falling strip it may leave with one hit. If no ground is "
         "left anywhere, it falls and dies.",
         "ruling"),
    # ----------------------------------------------------------------- death
    Rule("sf-death", "A dead wizard",
         "A wizard whose last box is checked is dead and leaves the board."),
    Rule("sf-chomped", "Chomped or fallen",
         "A wizard killed by a zombie, an explosion or falling ground just leaves; its player "
         "keeps its zombies and goes on playing them."),
    Rule("sf-whacked", "Whacked by a shovel",
         "A wizard killed by a shovel is replaced, along with every zombie of its team, by "
         "zombies of the wizard that whacked it."),
    Rule("sf-whacked-takeover", "The whacker always takes the team",
         "The text says the whacker \"gets to\" replace the dead wizard and its zombies, which could "
         "be read as a choice. We make the replacement happen every time: new zombies are almost "
         "always worth having, so the choice would be a formality, and a zombie that would hit its own "
         "wizard can be shovelled away later. Alternative: the whacker may decline, leaving the dead "
         "wizard's zombies to their player.", "ruling"),
    Rule("sf-ghost-turn", "Playing on without a wizard",
         "A player whose wizard is dead skips the wizard action but still shambles any zombies "
         "and still rolls the worm die if it is in front of them."),
    Rule("sf-empty-turn", "A player with nothing left",
         "A player with no wizard, no zombies and no worm die has nothing to do; their turn is "
         "passed over.", "ruling"),
    Rule("sf-win", "Winning",
         "The game ends as soon as at most one wizard has an unchecked box. That wizard's player "
         "wins."),
    Rule("sf-simultaneous", "Wizards dying at the same moment",
         "If the last wizards die together (one explosion, or one worm roll or fall, with the leaps "
         "and landings it asks for), the text names no winner. By default (last_stand=share) those "
         "last wizards share the win; variant last_stand=nobody: nobody wins. A worm roll or fall is "
         "one event: the game's end is judged once the ground has settled, so a last wizard who "
         "must still leap plays it out (if every way loses it too, the win is shared; if it can "
         "get away for sure, it wins at once), whether or not its leap was a choice.", "ruling"),
    # ------------------------------------------------------ the FAQ restated
    Rule("sf-any-stack", "Any number of pieces on a grave",
         "A grave can hold any number of wizards and zombies at once."),
    Rule("sf-no-max", "No maximum number of zombies",
         "A player may have any number of zombies at the same time."),
    Rule("sf-team-size", "Eight zombie tokens versus no maximum",
         "The craft project makes eight zombies per team, but the questions section says there is "
         "no maximum. By default (team_size=unlimited) the FAQ wins: make more tokens if you run "
         "out. Variant team_size=eight: a player never has more than eight zombies on the board; "
         "a raise or a conversion beyond that does nothing, and a shovel kill converts only as "
         "many pieces as fit.", "ruling"),
    Rule("sf-worm-always", "The worm die is always rolled",
         "The worm die is rolled even if the player holding it has lost their wizard and all "
         "their zombies."),
], pages=taught_on(PAGES))
