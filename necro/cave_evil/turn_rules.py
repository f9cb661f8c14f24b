"""The rules of the full game's turn (Cave Evil part III: :mod:`.turn` and the modules of each
squad action, the Necromancers' powers, the advanced rules), in this book's words.

They are part of :data:`necro.cave_evil.rules.RULES` (``PART_III``) and taught on the chapter's
turn page, those of the Awakening Evils on its awakening page. Kind ``rule``: stated by the rule
text; ``ruling``: decided here, with what, why and the alternative.
"""

from necro.core import Rule

TURN_RULES = [
    Rule("ce-game-full", "The whole game, or the map and combat alone",
         "Our choice: the book plays Cave Evil two ways. The full game deals hands, conjures, invokes, "
         "spawns, resolves events and runs the Blood Eye round the Awaken Track. The map-and-combat game, used "
         "by the chapter's first pages, leaves all that out: squad N starts with a Necromonk and a cycle limit "
         "ends the game. Alternative: teach every page on the full game, where positions carry hands and decks "
         "that distract from digging and fighting.", "ruling"),
    Rule("ce-start-resources", "Three resources to start",
         "At set-up each Necromancer takes any three resources of one each, in any mix of metals, gore and "
         "shadowflame, and carries them in its squad."),
    Rule("ce-phase-conjure", "Phase 2: conjuring",
         "After the fights of Phase 1 the player must conjure: draw the top card of one of the four decks, look "
         "at it, and keep it in hand or lay it face up on that deck's discard pile for one of the amounts of its "
         "cost; or take the top card of a discard pile instead, which must be kept. Hands have no limit."),
    Rule("ce-phase-actions", "Phase 3: squad actions",
         "Then each squad may take one action (invoke and meditation for squad N only, digging, fighting, "
         "hiring, subduing, casting spells), and every squad may move, pick up, pass and drop freely, in any order. Ending the "
         "turn ('end') goes on to Phase 4, the events drawn this turn."),
    Rule("ce-invoke", "Invoking",
         "Squad N's action may be to invoke: bring cards from the hand into play by paying their cost. Several "
         "cards may be invoked in that one action, each paid on its own; a creature moves the Blood Eye one "
         "space, an item or spell does not."),
    Rule("ce-invoke-pay", "Who pays",
         "Only the resources squad N carries pay, and the paid resources go back to the piles. Other squads may "
         "pass resources to squad N first."),
    Rule("ce-invoke-place", "Where invoked cards go",
         "An invoked creature joins squad N, or a squad of its player next to squad N with room, or starts a new "
         "squad on an empty control card, its marker next to squad N. A new squad may act at once; a squad that "
         "receives one may still act if it has not. Items and spells go to a creature of squad N or of a squad "
         "next to it that can hold them."),
    Rule("ce-invoke-move", "Invoking and moving",
         "Either the Necromancer or a squad that received invoked creatures may move this turn, not both: should "
         "the Necromancer itself move, before its invoking or after it, those squads stay where they are (new "
         "squads may still act); should one of them move, before or after, the Necromancer stays. Creatures "
         "that merge into squad N are not the Necromancer moving. Invoking into squad N does not stop it "
         "moving, but squad N then does not break into separate squads until the next turn."),
    Rule("ce-invoke-whole", "An Invoke is one action",
         "Our ruling: the text places the Necromancer's movement before or after invoking, so all the cards of "
         "one Invoke are played together: once the Necromancer moves after invoking, it invokes nothing more "
         "that turn (moving first and then invoking several cards is fine). Why: the Invoke is a single squad "
         "action and the movement rule speaks of one moment, before or after it. Alternative: let cards be "
         "invoked on both sides of a move, each receiving squad held back if the Necromancer moved later.",
         "ruling"),
    Rule("ce-meditate", "Meditation",
         "If squad N has not moved this turn, its action may be to meditate: draw one card from a deck of "
         "choice and keep it (events are set aside for Phase 4 and the deck is drawn again). Meditating ends "
         "the squad's movement for the turn."),
    Rule("ce-item-box", "Used-up cards",
         "Our choice: an item or spell discarded after use goes to the box, like a resolved event, so it "
         "never comes back. The text says only that it is discarded. Alternative: put it on the discard pile "
         "of its deck, where a player could take it again.", "ruling"),
    Rule("ce-adv-discard", "Advanced: cards of the hand for resources",
         "With advanced rule 1, during Phase 3 a player may put cards of the hand in the box, at no action, "
         "each for one resource carried by squad N: a metal for a Bribe card, a gore for a Construct card, a "
         "shadowflame for a Summon card, any one for a card of the Abyss's own. Our choice: the Necromonk of the "
         "starting hand is worth nothing, as it comes from no Conjuration Deck. Alternative: a resource of "
         "the player's choice for it.", "ruling"),
    Rule("ce-adv-sacrifice", "Advanced: sacrifice",
         "With advanced rule 2, squad N's action may be to sacrifice: creatures with a cost, items and spells "
         "of its player, in squad N or in a squad next to it, go to the box, and squad N takes each one's "
         "cost. It may sacrifice as many as it likes, and does nothing else that turn. Our choice: a sacrificed "
         "creature's items fall on its hex, and a squad left empty leaves the map, dropping what it carried. "
         "Alternative: the items go to the box with it.", "ruling"),
    Rule("ce-evil-bitch-second", "Who answers for the Darkest Evil Bitch",
         "Our choice: the text lets her opponents pick her second attribute; the player after the one she "
         "fights, in turn order, picks it (in a 2-player game, simply the other player). Her fight comes at the "
         "start of the cycle, before the first player's turn. Alternative: the players other than her victim "
         "agree, or the attribute least good for the victim is taken.", "ruling"),
    Rule("ce-evil-statue-how", "How the Statue is played here",
         "Our choice: the awake Statue stands on The Pit as a monster of its own that never moves: squads "
         "beside it at the start of a turn must fight it (as a Wandering Monster), it cannot be hired or "
         "subdued, it shoots back at range 8, and killing it earns wandering kill points. Its Glowing Eyes lie "
         "on The Pit with its gore, any creature may carry them (a move crossing The Pit picks them up), and "
         "the first squad standing on its own crystal with them wins. When an Evil takes The Pit (the Goat when "
         "revealed, the Statue, the Emperor), a squad standing there and whatever lay there move together to a "
         "free hex beside it (if none is free, to one of the nearest free open hexes), and the current player "
         "picks which: the player whose turn it is, or, when the Evil takes The Pit between turns (a card "
         "turned at the end of a turn, the Blood Eye passing its icon at the end of a cycle), the player who "
         "just ended that turn or cycle. Why: the Goat's text has the current player move everything off The "
         "Pit, and the same words serve for the Statue and the Emperor, which name nobody; between turns the "
         "player who ended the turn is still the current player, the next one's turn not yet begun. "
         "Alternative: the first free hex beside The Pit, chosen by nobody (the engine's earlier reading).", "ruling"),
    Rule("ce-power", "Once per game",
         "Each Necromancer has a power it may use once in the game, but never on the turn an Awakened Evil is "
         "conquered: a turn in which it was used cannot also win by the Evil (the Pit leap, the Statue's eyes "
         "brought home, kneeling to the Goat), nor fight the Emperor (as its target, as a flanking defender or "
         "with a shot) or slay the Goat; and no power is used "
         "against the Emperor or the Goat."),
    Rule("ce-power-when", "When the powers are used here",
         "Our choice: a power is used on its owner's own turn, in Phase 3, as a free activity, and on another "
         "player's turn at one moment: when a fight or a shot falls on a squad of a player whose power is unused, "
         "that player answers before any die is rolled, once the attacker has opened (the answer where spells "
         "are announced: 'defender casts nothing' keeps the power). On its own turn a power may also stand in "
         "for a fight that a squad which walked up to a foe owes (rule ce-combat-must): a blast burns the "
         "foe, a teleport takes squad N away from it. The Ice Dead Sorceress enthralls a squad "
         "she reaches (enthrall N 1:I), the attacker for one: the fight is then off, and the squad, now hers, "
         "meets its neighbours under the usual rules (beside its former master's squads, it fights them in "
         "Phase 1 of her next turn unless they attack it first); a squad outside the fight changes sides and "
         "the fight goes on. The Psychomancer of Fire blasts (blast N) when an attacking squad stands beside "
         "it, and the fight is off, whoever lives. The Rotten Magi teleports squad N away (teleport N +2-1) "
         "when N is the squad attacked, and the fight is off. The attackers have spent their action and the "
         "spells they announced. The Black Wizard's split is not offered: it changes nothing in the fight. No "
         "power answers a fight with an Awakened Evil, the Emperor or the Goat in it, nor the Statue's stare, "
         "and a power used by a defender marks the turn as one with a power used: no Awakened Evil is won in "
         "it (rule ce-power). Why: the text allows any moment, even another player's turn, and names the "
         "Sorceress attacked; the engine asks one player at a time, and an attack on its squads is when a "
         "power on another's turn matters most. Alternative (the text to the letter): offer each unused power "
         "at every decision of every player.", "ruling"),
    Rule("ce-power-teleport", "The Rotten Magi",
         "The Rotten Magi takes its whole squad up to 5 spaces away, through rock if need be, onto dug ground "
         "with nobody on it and never onto a spawn pit; it may move before or after."),
    Rule("ce-power-blast", "The Psychomancer of Fire",
         "The Psychomancer of Fire destroys every squad on the spaces next to it, friends and Necromancers "
         "too, but never the Emperor or the Goat (no power is used against them); its own squad and what it "
         "carries are spared. Our choice: enemies and monsters slain count as "
         "kills of its player, as in a fight, and its own dead earn nothing. Alternative: nobody earns kill "
         "points from the blast.", "ruling"),
    Rule("ce-power-blast-loot", "What the blast leaves",
         "Our choice: the squads burnt by the Psychomancer of Fire leave their gore, items, spells and "
         "resources on their spaces, as the slain of a fight do, and what already lay beside it stays. The "
         "text says the blast destroys everything but the Psychomancer and the cards of its own squad, which "
         "may mean the others' cards burn as well. Alternative: the burnt squads' cards go to the box and "
         "their resources back to the stock, and the loot beside it burns too.", "ruling"),
    Rule("ce-power-enthrall", "The Ice Dead Sorceress",
         "The Ice Dead Sorceress takes one enemy squad within 3 spaces, other than a Necromancer's, for good; "
         "its player needs an empty control card for it. Its fights then follow the usual rules."),
    Rule("ce-power-enthrall-range", "The Sorceress's 3 spaces",
         "Our choice: the Sorceress reaches a squad at most 3 spaces away as the crow flies, through rock, "
         "provided some open way joins the two squads, however long. The text gives the range alone. "
         "Alternative: count the 3 spaces along open ground, as a walk.", "ruling"),
    Rule("ce-power-split", "The Black Wizard",
         "Once in the game the Black Wizard may become two smaller wizards (split N II +2-3), provided its "
         "player has an empty control card for the second one. Each half is a Necromancer with 6 in every "
         "attribute, and the second may move and take an action on the turn it appears. No Awakened Evil "
         "is won on that turn (rule ce-power)."),
    Rule("ce-power-split-how", "How the split is played here",
         "Our choice: the Black Wizard card leaves play and both halves are Split Black Wizard cards; the one "
         "in squad N keeps its items, moves and action, and the new one, empty-handed, steps onto a dug, empty "
         "space beside squad N (not a spawn pit, not another player's crystal) on the first empty control "
         "card, as a freshly invoked squad would. Markers never share a space, so it cannot start on squad "
         "N's own hex. Alternative: let the Black Wizard card stay in squad N, a second figure joining it.",
         "ruling"),
    Rule("ce-power-split-action", "One Necromancer action for two wizards",
         "After the split the two wizards share a single Necromancer action each turn: invoking, meditating "
         "(and sacrificing under advanced rule 2) belong to whichever takes it first. Our choice: the wizard "
         "away from squad N invokes next to its own squad and pays with what its squad carries, written "
         "invoke ratman new +1-2 from II (meditate summon from II); sacrificing stays squad N's. "
         "Alternative: let only squad N's wizard take Necromancer actions.", "ruling"),
    Rule("ce-power-split-join", "Together but never one",
         "The two halves may stand in one squad, but never become a single wizard again. One of them always "
         "keeps the N card: a wizard's squad that walks into squad N joins it, and squad N keeps its card."),
    Rule("ce-power-split-death", "When a split wizard dies",
         "If squad N's wizard dies, the other wizard's squad takes the N card at once, where its marker "
         "stands; the player is out only when both halves are dead. Our choice: what slays the Necromancer "
         "rather than its squad slays both halves, namely a crushed crystal and the Darkest Evil Bitch "
         "waking while its player has no enemy kill points. Alternative: the other half lives on then too.",
         "ruling"),
    Rule("ce-power-split-bitch", "The Bitch and the split wizards",
         "When the Darkest Evil Bitch seeks a split Black Wizard's player she fights one half a cycle: squad "
         "N's, then, at the start of a later cycle, the other (squad N by then), if that player still has the "
         "fewest enemy kill points. Our choice: two halves standing in one squad fight her together. "
         "Alternative: the halves of one squad still face her one per cycle.", "ruling"),
    Rule("ce-necromancer-deal", "Dealing the Necromancers",
         "With the option necromancers='random', the five Necromancer cards are shuffled and each player is "
         "dealt one; the fifth stays in the box. Our choice: the deal is the first step of the full game's "
         "set-up once the cave is built, the Necromancer already standing on its crystal, each card still "
         "in the deck as likely as the others, and everyone sees it. Alternative: deal before building, "
         "which changes nothing in play.", "ruling"),
    Rule("ce-evil-emperor-how", "How the Emperor is played here",
         "Our choice: the Emperor rises on The Pit as a monster of his own that is fought, never hired or "
         "subdued. At the start of each later cycle his prey is declared, then he walks up to 4 spaces "
         "by the shortest way (rock counted like open ground, since he digs it) to the hex next to the prey's "
         "squad N or onto its crystal, whichever is nearer. He fights every squad standing on that way. A "
         "player's squad opens, without items or spells, and his second attribute is picked as a Wandering "
         "Monster's. A Wandering Monster is fought with him attacking: the player who moves him (whoever "
         "declared his prey, or the cycle's first player when the Lair roll named it) opens for him, and the "
         "monster, with no items or spells either, answers as Wandering Monsters do. A monster that loses dies "
         "and nobody earns its kill points; if he loses to it he dies and nobody wins by it. If he wins he "
         "walks on; on the crystal he crushes it. Whoever kills him, on his march or by attacking him, wins. "
         "His tiles may cover spawn pits (which are then gone), Lair spaces and their shells (then open "
         "ground), but never The Pit or a Chthonic Crystal. Alternative: the player his fight falls to is the "
         "monster's side, or a neighbour picks for him.", "ruling"),
    Rule("ce-evil-goat-how", "How the Goat is played here",
         "Our choice: the revealed Goat sits on The Pit as a monster of his own. Asleep, nobody fights him and "
         "nobody stops beside him, and a Necromancer with 27 enemy kill points standing next to him may kneel "
         "(kneel N) and win. Awake, each later cycle's D4 sends him 3 spaces that way (the player with most kill "
         "points steering where the hex lines zigzag). He tears apart every squad that ends beside him, or that "
         "he comes beside: its cards go to the box, what it carried back to the stock, and a Necromancer alone "
         "survives; then he runs on, as the text says. He stops only where he cannot go on: before a "
         "Necromancer left standing, before a Chthonic Crystal, or before rock he cannot dig (a Lair's shell, "
         "or a tile that fits nowhere). Only squad N fights him (slay N, its action): its companions are torn "
         "apart first, then the Necromancer attacks with no items, his second attribute picked for him. "
         "Killing him wins. Alternative: let him go round a Necromancer or a crystal in his way.", "ruling"),
    Rule("ce-evil-dig-who", "Who lays the Evil's tile",
         "Our choice: when rock (undug or collapsed) is in the Emperor's or the Goat's way, the top Excavation "
         "card is drawn, events discarded and drawn again, and the tile is laid with its first space on that "
         "hex, turned as the player moving the Evil likes (the Emperor's mover; for the Goat whoever threw his "
         "D4 or steered him): at most six ways. The card's spawn is ignored. The Goat's tile follows the "
         "usual placement rules; the Emperor's may cover pits, Lairs and shells. A tile that fits nowhere "
         "stops the Evil for this cycle, its card discarded. Why: the text says the tile goes down beside him "
         "but not who turns it nor how; putting its first space in his way keeps him moving, as a dig puts its "
         "first space beside the diggers. Alternative: any placement touching him, or the player with most "
         "kill points laying it.", "ruling"),
    Rule("ce-evil-dig-singles", "Option: the Evils dig a Single at a time",
         "With the option evil_digging=\"singles\" the Emperor and the Goat dig through rock a single space at "
         "a time with the Single tiles left in the box (with none left they keep to dug ground), going round "
         "spawn pits, Lairs and their shells: no card is drawn and nobody turns a tile, which plays faster. "
         "The default follows the text: Excavation tiles (ruling ce-evil-dig-who). Alternative: the default.",
         "ruling"),
    Rule("ce-adv-abandon", "Advanced: abandoning creatures",
         "With advanced rule 5, a player tired of a creature or of a whole squad may abandon it on their turn: "
         "it becomes a Wandering Monster under a free marker, with what it carries. A single creature first "
         "walks the movement it has left this turn away from its squad, the player naming where it ends "
         "(abandon ratman-1-1 +2-3); with none left it stays beside the squad. A squad of the player's that has "
         "not acted and has the new monster beside it must fight it this turn (rule ce-combat-must); one that has "
         "acted meets it in the next Phase 1. Our choice: abandoning is a free activity of Phase 3; the walk is "
         "counted as an event counts spaces, each further from the squad (rule ce-count-away), and ends only on "
         "a free space (no squad, pit or crystal), else beside the squad; a whole squad turns wild where it "
         "stands (on its own Chthonic Crystal, where no enemy stands, on the first free hex beside it); a "
         "Necromancer is never abandoned, nor a squad holding one (a split Black Wizard's), and items are left "
         "with drop. A dig whose last pick-axe is abandoned is abandoned too. Alternative: walk the creature "
         "step by step as a move, past squads as movement allows.", "ruling"),
    Rule("ce-adv-hire-one", "Advanced: hiring one of several",
         "With advanced rule 4, a squad may hire a single creature out of a Wandering Monster squad of several, "
         "paying that creature's cost, and the hiring squad's action is spent. The hired creature steps at once "
         "to a free hex beside its old squad, on an empty control card (hire II w:A ratman-a-1 +2-3), and must "
         "then fight, hire or subdue the rest of that squad (rule ce-combat-must holds the turn until it does); "
         "or it joins the hiring squad where it has room (hire II w:A ratman-a-1 with the hiring squad's "
         "own hex), and that squad deals with the rest of the monsters at its next Phase 1."),
    Rule("ce-battle-on", "The Battle On!!! variant",
         "With the variant, a player whose Necromancer dies keeps playing with the squads it has left: no "
         "conjuring and no Necromancer's actions, only fights, digging and the rest; its crystal is dark and "
         "cannot be attacked. If one of its squads holding a spellcaster crushes an enemy crystal, the "
         "Necromancer comes back: it takes the spellcaster's place in that squad, now squad N, on the crushed "
         "crystal's hex, and its own crystal burns again. A player with no squad left is out. Our choice: the "
         "game ends when a single player has anything left on the map, or with no winner once no Necromancer is "
         "left alive; the spellcaster goes to the box; creatures of squad N that outlive their Necromancer (a "
         "bomb-immune Vapor after a blast) go on as a squad on the player's first free control card, or wander "
         "if none is free; the fallen count as no Necromancer for the Awakening Evils and the Blood Eye's icons "
         "(which keep their 2-player places while the fallen play on). Alternative: end the game when one "
         "Necromancer is left standing, variant or not.", "ruling"),
    # ------------------------------------------------------------ C. Cast Spells, lasting effects (spells.py, effects.py)
    Rule("ce-cast", "Casting spells as an action",
         "A squad with a spellcaster that carries a spell may cast it as its action in Phase 3. Only spells the "
         "squad carries are cast, and its spellcasters cast as many spells in that action as they can use items. "
         "Squad N cannot cast a spell it invoked that turn (the invoke was its action), but it may pass the spell "
         "to a squad with a spellcaster that has not acted, which casts it the same turn; spells found in the cave "
         "or on a spawn pit are picked up and cast like any other. A cast spell goes to the box. Our choice: a "
         "spell reaches an enemy squad or Wandering Monster beside the caster or in its line of sight, and "
         "casting does not end the squad's movement. Alternative: adjacent targets only, or casting halting it "
         "as a fight does.", "ruling"),
    Rule("ce-cast-combat", "Spells cast in combat",
         "Spells are also cast in combat, without the action, announced before any die is rolled. Our choice: "
         "each side announces its spells with its attribute: the attacker with the first (the text lets the "
         "attacker decide timing), the defender with the second, knowing the attacker's; a Wandering Monster "
         "casts every spell it can when it picks. No spell is cast against an Awakened Evil. Alternative: both "
         "sides name their spells at once, in secret, when the fight is set up.", "ruling"),
    Rule("ce-spell-combat-only", "Combat spells are cast in combat",
         "Our choice: a spell whose card is a change to combat totals (Blinding Prism, Deceit, Stare Blast, "
         "Darkest Soul, Lightning Speed, Ghastly Knowledge, Hideous Blessing, Death Beyond Death) is cast only in "
         "a fight, so the Cast Spells action is not offered for it: outside a fight it would do nothing. "
         "Alternative: let it be cast as an action to last until the squad's next fight.", "ruling"),
    Rule("ce-spell-effects", "What Incur Wrath, Slave Revolt, Mind Control and Obscene Romance do",
         "The text names these four spells and prints no card, so their effects are the book's, cast as an "
         "action: Slave Revolt turns an enemy squad without its Necromancer, off any crystal, into a Wandering "
         "Monster where it stands; Mind Control seizes one enemy or wandering creature (never a Necromancer) for "
         "a D4 of the caster's turns, in which it will not fight for its squad (its attributes count 0); Incur "
         "Wrath (-2 strength, armor and weapon) and Obscene Romance (-3 dodge and special) are permanent "
         "effects. No spell touches an Awakened Evil. Alternative: type in the printed cards.", "ruling"),
    Rule("ce-effect-permanent", "Permanent effects",
         "A card with a permanent effect is attached to one creature of the targeted squad, which the player "
         "receiving it declares (the caster, for a Wandering Monster). It takes no room in the squad, stays "
         "when the creature turns Wandering Monster, and ends only when that creature dies."),
    Rule("ce-turn-markers", "Turn Markers",
         "An effect lasting a D4 number of turns carries a Turn Marker (1 to 4) showing the turns left. Our "
         "choice: it counts down at the end of each turn of the player who caused it, and as the game has two "
         "sets of markers at most two such effects run at once. Alternative: count every player's turn, or "
         "only whole cycles.", "ruling"),
    # ------------------------------------------------------------ the box's counted pieces
    Rule("ce-bank", "The resource bank",
         "The box holds, for each of metals, gore and shadowflame, 16 counters of five, 20 of three and 30 of one: "
         "170 of each resource."),
    Rule("ce-bank-rocks", "Rock markers",
         "The box holds 18 rock markers; three go on every dig under way until its squad has dug them off."),
    Rule("ce-bank-how", "When the bank or the rocks run out",
         "Our choice (game option bank, default counted): the counters are changed freely, so only the total "
         "counts: nothing the bank pays (spawned resources, the gore of the slain, a card discarded or boxed for "
         "resources, a sacrifice) takes a resource past 170 in play, carried or on the map; the bank pays what it "
         "has and the rest is lost; what is paid back (invoking, hiring, the Goat) fills it again. A dig needing "
         "rocks is declared only while three markers are free (an immediate excavator needs none). The text "
         "lists the pieces and says nothing of running out. Alternative (bank=unbounded): neither runs out, as "
         "if more counters and rocks were improvised.", "ruling"),
]
TURN_RULE_IDS = frozenset(r.id for r in TURN_RULES)
