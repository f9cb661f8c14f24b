"""The rules and rulings of Cave Evil's creatures and combat, in this book's words.

They are part of :data:`necro.cave_evil.rules.RULES` (appended there) and taught on
the combat page of the chapter (``book/cave-evil/combat``). The combat engine
(:mod:`.combat`), the fights on the map (:mod:`.fights`, :mod:`.state`) and the card
loader (:mod:`.creatures`) name these ids in their refusals and logs. Kind ``rule``:
stated by the rule text; ``ruling``: decided here, with what, why and the alternative.
"""

from necro.core import Rule

COMBAT_RULES = [
    # ------------------------------------------------------------ creature cards
    Rule("ce-creature-card", "What a creature card shows",
         "A creature card gives a name, a speed in hexes, a size, whether and how many items it can hold, "
         "a pick-axe speed if it digs, whether it casts spells, six combat attributes round a barbed hex, "
         "its abilities, the deck it comes from, its cost in up to three resources and up to three species."),
    Rule("ce-creature-sizes", "Four sizes",
         "Creatures are large, medium, small or trinket. Size decides how they share a squad, what their "
         "death is worth in kill points and how much gore they leave."),
    Rule("ce-creature-items", "Carrying and using items",
         "A card shows whether its creature only carries items or also uses them, and how many. Anything "
         "that can use an item can carry it. Spells count as items while they are carried."),
    Rule("ce-creature-necromancer", "The Necromancer's own card",
         "Every Necromancer casts spells and holds up to two items or spells (the Blood Sorcerer four). "
         "Alone on its crystal it fights with its base attributes, twelve in each."),
    Rule("ce-creature-deck-resource", "Each deck's resource",
         "Every card of the Bribe deck has metals in its cost, every Construct card gore and every Summon "
         "card shadowflame; Abyss cards may cost anything. Creatures, items and spells in these decks all "
         "have a cost."),
    Rule("ce-creature-species", "Species",
         "A creature belongs to at most three species; some abilities single out species (Necro, Demon, "
         "Undead...)."),
    Rule("ce-creature-data", "Card numbers the text does not give",
         "Our choice: the rule text prints no card list, only numbers in its examples. Our card file keeps "
         "every number the text gives and fills the rest with our own, marking each group of fields as "
         "the text's (rules), a published answer's (faq), implied (inferred) or ours (book), with a reason. "
         "Alternative: leave unknown numbers empty and refuse to fight with such cards.", "ruling"),
    # ------------------------------------------------------------ who fights
    Rule("ce-combat-attacker", "Attacker and defender",
         "The squad that takes the combat action attacks and the enemy it stands next to defends. Against "
         "a Wandering Monster the player's squad is always the attacker. Each side needs a creature."),
    Rule("ce-combat-phase1", "Phase 1: fights that cannot wait",
         "A player whose turn starts with squads beside an enemy squad or a Wandering Monster fights with "
         "them first, before conjuring or any squad action."),
    Rule("ce-combat-must", "Walking up to a foe means a fight",
         "A squad that has not yet taken its action and moves next to an enemy squad must fight it this "
         "turn; beside a Wandering Monster, hiring or subduing it may take the fight's place. Until then "
         "the turn does not end and that squad neither digs, collapses nor (squad N) invokes, meditates or "
         "sacrifices (a Necromancer's power, such as a blast, may take the fight's place: ruling "
         "ce-power-when); picking up and passing stay open, and the player's other squads may act first, "
         "for instance to come up and flank. A squad that has already acted may walk up and wait (the fight comes in "
         "the next Phase 1)."),
    Rule("ce-combat-phase1-order", "The order of Phase 1 fights",
         "Our choice: when several squads must fight at the start of a turn, their player picks the order, "
         "one fight at a time, and may bring in other squads beside the same enemy; every squad that had to "
         "fight does so once. Alternative: the squads fight in card order (N, I, II...).", "ruling"),
    Rule("ce-flank", "Flanking",
         "Several squads of one player that all stand beside the same enemy may attack it together in one "
         "combat: every creature of every one of them adds its attribute, and they share items. Each of them "
         "spends its action, and if they lose, all of them die."),
    Rule("ce-flank-defend", "Flanking defenders",
         "When the attacking squads also stand next to other squads of the defender's player, those squads "
         "defend together with the squad attacked: all their creatures add up, and if the defence loses, all "
         "of them die."),
    Rule("ce-flank-wandering", "Wandering Monsters beside the attacker",
         "A Wandering Monster next to an attacking squad fights on the defending side, whether the target is "
         "an enemy squad beside it or another monster; several monsters beside the attacker defend together, "
         "and the attacker still picks the first attribute."),
    Rule("ce-flank-wandering-help", "A monster beside the defender only",
         "A Wandering Monster that stands next to the enemy squad attacked, but next to none of the attackers, "
         "joins the attacker: its creatures add to the attacking side, and die with it if it loses."),
    Rule("ce-flank-pair", "Squads facing each other fight apart",
         "When attacking squads and the squads that would defend against them stand so that they could pair "
         "off, each attacker beside its own enemy, they fight those separate fights instead of one big one."),
    Rule("ce-flank-pair-how", "How pairing off is decided",
         "Our choice: a flank attack is refused as soon as two of its attackers could each take on a different "
         "defending squad standing beside it; they then attack one at a time, and a squad that another able "
         "squad of the attacker could fight later keeps out of the fight. This also settles the text's rare "
         "case of many flankers against many, which it leaves to the players to agree. Alternative: let the "
         "two players agree on the pairs.", "ruling"),
    Rule("ce-flank-defend-owner", "Whose squads defend together",
         "Our choice: only the attacked player's own squads and Wandering Monsters join a defence; with three "
         "or more players, squads of a third player beside the attackers stay out. When the target is a "
         "Wandering Monster, enemy squads beside the attackers join it if they all belong to one player. Kill "
         "points go to the player on the winning side; monsters fighting beside a player earn nothing. "
         "Alternative: every hostile squad beside the attackers defends.", "ruling"),
    Rule("ce-combat-halts", "A fight is a squad's action",
         "Attacking is one of the actions a squad may take in Phase 3. A squad that has fought in Phase 3, "
         "or fought, hired or subdued in Phase 1, stays where it is for the rest of the turn and takes no "
         "action in Phase 3; picking up and passing stay open to it."),
    Rule("ce-wandering-second", "Who answers for a Wandering Monster",
         "Our choice: nobody controls a Wandering Monster, so when one defends, the second attribute is "
         "picked for it: the neighbour of the first where the attacker's chance of taking the round is "
         "lower (the earlier on the ring if equal). As the odds show, this choice never changes who is "
         "likelier to win. Alternative: another player picks for it.", "ruling"),
    Rule("ce-items-used", "Which items count",
         "Our choice: every item a creature holds and can use counts in its combat, up to its "
         "number of hands (trinkets need none), once a turn (rule ce-item-once); a spell counts only once cast (ruling ce-cast-combat). A "
         "discard-after-use item is spent by the combat. Alternative: each side names its items before "
         "the dice, as the text's announcement allows.", "ruling"),
    Rule("ce-item-once", "An item once a turn",
         "An item is used once a turn, by one creature, unless its card says otherwise: a creature that "
         "fights again in the same turn (a squad attacked twice, say) fights the second time without the "
         "items it has used already; it still holds them. The item itself is spent for the turn: passed, "
         "dropped or picked up after a fight, it serves no other creature until the next turn."),
    Rule("ce-death", "The dead leave the map",
         "Every squad of the losing side is taken off the map and its control card is empty again. A "
         "Necromancer who dies puts its player out of the game."),
    Rule("ce-combat-attributes", "The ring of attributes",
         "The six attributes sit round the card in a fixed ring: strength, special, dodge, bloodthirst, "
         "armor, weapon, and back to strength. Each has exactly two neighbours."),
    Rule("ce-combat-first", "The attacker opens",
         "The attacker picks any one of the six attributes for the first round."),
    Rule("ce-combat-second", "The defender answers",
         "After the first round the defender picks the second round's attribute, one of the two "
         "neighbours of the first."),
    Rule("ce-combat-third", "The third round",
         "If each side has won a round, a third is fought with the other neighbour of the first attribute, "
         "the one not used yet; nobody chooses."),
    Rule("ce-combat-round", "A fight round",
         "Both sides throw a D12 and add their total for the round's attribute; the higher score takes the round."),
    Rule("ce-combat-tie", "Equal scores",
         "If the scores are equal, both sides throw again until they differ."),
    Rule("ce-combat-total", "A side's total",
         "A side adds up the attribute of every creature fighting on it, then applies the effects of its "
         "items, spells and abilities, and those of the enemy that reach it."),
    Rule("ce-combat-floor", "Never below zero",
         "No item, spell or ability can push a creature's attribute under zero: a creature adds nothing, "
         "but never takes anything away from its side."),
    Rule("ce-combat-floor-total", "Flat bonuses and the zero floor",
         "Our choice: effects of items, spells and abilities that name no creature (the Cool Stretchy "
         "Headband's +3 special) are added to the side's total after the creatures, and that total never "
         "drops below zero either. The Combat Example adds the headband this way. Alternative: give such "
         "effects to the creature using the item, inside its own floor.", "ruling"),
    Rule("ce-combat-two-wins", "Two rounds win",
         "The first side to take two rounds wins the combat, and every creature on the losing side dies."),
    Rule("ce-combat-to-the-end", "No way out",
         "Once the first round has begun the combat goes on until one side has won; neither may stop it."),
    Rule("ce-combat-announce", "Items and spells are settled first",
         "What a side brings to a combat is settled before any die is thrown, and nothing joins it between "
         "rounds. The items its creatures hold and can use are taken when the fight is set up (ruling "
         "ce-items-used: every usable item counts, so nobody is asked about items); the spells it casts are "
         "announced with the attributes, the attacker's with its first pick and the defender's in its answer, "
         "before the dice (ruling ce-cast-combat). Items, spells and abilities then count in every round where "
         "they apply."),
    # ------------------------------------------------------------ abilities, items, spells
    Rule("ce-ability-when", "Attacking or defending abilities",
         "A combat ability works when attacking, when defending or in both, as its card says."),
    Rule("ce-ability-own-squad", "Whose squad an ability helps",
         "Our choice: an ability that helps a creature's friends helps its own squad only, not squads "
         "flanking beside it (the text keeps flanking squads out of another squad's abilities unless a "
         "card says otherwise); items and spells help the whole side, since flanking squads use them "
         "together. Alternative: let abilities help every squad on the side.", "ruling"),
    Rule("ce-binding", "Binding abilities",
         "A binding ability changes one attribute of every creature in the squad it targets, up or down, "
         "so it counts once per creature there: a -3 on three creatures is up to -9 in all."),
    Rule("ce-binding-floor", "Binding and the zero floor",
         "Our choice: a binding is applied to each creature's attribute before the creatures are added, "
         "each floored at zero, so a weak creature loses only what it has. The text's binding example "
         "speaks of up to -9 on three smalls, and in the Combat Example the Necromonk's strength 3 under a "
         "-3 binding adds 0 and the Horned Hellion's 7 adds 4. Alternative: take the full binding off the "
         "squad's total.", "ruling"),
    Rule("ce-binding-enemies", "Binding in a flanked fight",
         "Our choice: a binding aimed at the enemy reaches every creature of the opposing side, flanking "
         "squads included. Alternative: only the squad the binding creature faces.", "ruling"),
    Rule("ce-item-use", "Hands for items",
         "Only creatures that can use items use them in combat, each at most as many as its card shows; "
         "a side cannot use more items and spells than its creatures have hands for."),
    Rule("ce-item-trinket", "Trinket items",
         "Trinket items can be used by any creature and need no free hand."),
    Rule("ce-spell-cast", "Spells in combat",
         "Only spellcasters cast spells, at most as many as they can use items; casting in combat takes no "
         "action. A spell that is only carried does nothing."),
    Rule("ce-item-cancel", "Items that cancel out",
         "Some items undo each other: when the two sides use a pair of them, neither works."),
    # ------------------------------------------------------------ ranged combat
    Rule("ce-shoot", "Ranged combat",
         "A squad with creatures that have a ranged combat ability may, as its action, shoot at an enemy squad "
         "or Wandering Monster within their range and line of sight; the first squad the line meets is the "
         "target. Only the ranged creatures add their attributes, items and spells; the target defends with "
         "its whole squad. Several squads able to shoot may do it together."),
    Rule("ce-shoot-first", "The shooter's first attribute",
         "Most ranged creatures name the attribute the first round must use; the attacker then opens with it."),
    Rule("ce-shoot-first-mixed", "Shooters that name different attributes",
         "Our choice: when the shooting creatures' cards name different first attributes, the attacker may "
         "open with any one of them; a ranged creature whose card names none does not narrow the choice, and "
         "if none is named any of the six will do. The text speaks of one shooter's card. Alternative: let "
         "only an attribute every shooter names open the shot.", "ruling"),
    Rule("ce-shoot-miss", "A shot that fails",
         "If the target wins two rounds, the shot has simply missed: the shooters are not killed. If the "
         "shooters win, the target dies as in any fight."),
    Rule("ce-shoot-defence", "Shooting back",
         "A target that has ranged creatures itself defends with them alone, and if it then wins, the shooters "
         "die as in any fight."),
    Rule("ce-shoot-range", "Counting a range",
         "Our choice: a range counts spaces as the shortest way on the grid, whatever lies between (line of "
         "sight is a separate test), and a ranged creature adds to a shot only if its own range reaches the "
         "target. A target shoots back whenever one of its ranged creatures reaches a shooter; the text's "
         "Wandering Monsters always do, and we treat players' squads alike. Alternative: the defender "
         "chooses whether to shoot back.", "ruling"),
    Rule("ce-shoot-alone", "A shot is a duel",
         "Our choice: only the target answers a shot; squads beside the shooters or the target neither defend "
         "nor help, since nobody stands next to anybody. Shots are Phase 3 actions: the fights of Phase 1 are "
         "hand to hand. Alternative: apply the flanking cases to shots too.", "ruling"),
    # ------------------------------------------------------------ the Chthonic Crystal
    Rule("ce-crystal-attack", "Attacking a crystal",
         "A squad next to an enemy's Chthonic Crystal, or within range and sight of it for a shot, may attack "
         "the crystal; several squads around it may flank it. No enemy squad ever stands on the crystal."),
    Rule("ce-crystal-cross", "Walking across a crystal",
         "Our choice: an enemy squad never stops on another player's crystal, but its way may cross that "
         "space like any open ground. The text forbids an enemy to occupy the crystal's space, and a squad "
         "passing over it does not stay there. Alternative: make the crystal a wall that enemies walk round.",
         "ruling"),
    Rule("ce-crystal-astral", "The astral form",
         "A crystal is defended by its Necromancer's astral form: the base attributes of its card, 12 each, "
         "with no items, spells, creatures or abilities. The owner's squad standing on the crystal adds its "
         "creatures and items, as a flanking defender. The crystal never attacks."),
    Rule("ce-crystal-fail", "A failed attack on a crystal",
         "If the crystal wins, every attacking squad is destroyed."),
    Rule("ce-crystal-crushed", "A crushed crystal",
         "If the attackers win, the crystal is crushed and its Necromancer dies wherever it is: its squad drops "
         "everything as in a lost fight, the player is out, and every creature it controlled becomes a "
         "Wandering Monster."),
    Rule("ce-crystal-crushed-how", "What a crushed crystal does, exactly",
         "Our choice: the Necromancer's astral form is the Necromancer, so when its squad stands on the crystal "
         "the rest of the squad adds and the Necromancer counts once. A failed shot at a crystal kills the "
         "shooters too (the crystal's rule is the stricter). When a crystal is crushed the squad N dies as in a "
         "lost fight (gore, items on its hex, kill points to the attacker) and the player's other squads stay "
         "where they are as Wandering Monsters under free marker letters, keeping their items. A crystal is "
         "never a Phase 1 fight. Alternative: only the Necromancer dies and its companions wander too.",
         "ruling"),
    # ------------------------------------------------------------ death
    Rule("ce-kill-points", "Kill points",
         "The winner keeps the slain creature cards as kill points: a large enemy is worth 9, a medium 6, a "
         "small 3 and a trinket 1.5; a Wandering Monster or Protector 3, 2, 1 and 0.5."),
    Rule("ce-kill-points-monster", "When a monster wins",
         "Our choice: kill points go to players only, so a Wandering Monster or Protector that kills a "
         "squad earns nothing. Alternative: keep a count for the monsters too.", "ruling"),
    Rule("ce-gore", "The slain spill gore",
         "Each slain creature leaves gore on its hex: 1 for a small, 2 for a medium, 3 for a large."),
    Rule("ce-gore-where", "Where the gore of a flanked side lands",
         "Our choice: when a fight kills several squads standing on different spaces (a flanked side), each "
         "squad leaves its gore, items, spells and resources on its own space. The text puts gore on the site "
         "of the slaying, and a flanking fight has several. Alternative: heap everything on the hex of the "
         "squad that was attacked.", "ruling"),
    Rule("ce-gore-trinket", "Trinkets and gore",
         "Our choice: a slain trinket creature leaves no gore. The text gives gore for the three other "
         "sizes only, trinkets take no room in a squad, and there are no half tokens. Alternative: 1 gore, "
         "as for a small creature.", "ruling"),
    Rule("ce-death-drops", "What the dead leave behind",
         "The items, spells and resources of a slain squad fall on the hex where it died; cards used up in "
         "the combat (discard after use) are gone."),
    # ------------------------------------------------------------ loot: picking up, passing, dropping
    Rule("ce-pick-up", "Picking up resources",
         "During Phase 3 a squad may take the metals, gore and shadowflame lying on a hex it stands on or "
         "crosses. Any creature can, there is no limit to how much a squad carries, and it is not an action: "
         "it neither spends nor ends movement and may come before or after the squad's action. What a squad "
         "picks up stays with that squad; it does not go to the Necromancer by itself."),
    Rule("ce-pick-items", "Picking up items and spells",
         "Items and spells are picked up the same way, but only by a creature whose card lets it carry or "
         "use items, and only as many as the card allows."),
    Rule("ce-carry-count", "Who holds what",
         "Our choice: a creature holds at most its card's item count of items and spells; trinket items take "
         "no room, but a creature whose card holds no items takes none at all, trinkets included. When a "
         "squad takes an item, the first of its creatures (in squad order) with room holds it. The text "
         "leaves both open. Alternative: let the player name the creature, which only matters once "
         "creatures can leave a squad with their items.", "ruling"),
    Rule("ce-pick-over", "Picking up on the way",
         "Our choice: this engine moves a squad from hex to hex without naming its path, so to pick up on an "
         "ordinary hex it only crosses, the squad stops there, picks up and moves on with the points it has "
         "left, which costs the same. A spawn pit cannot be stopped on, so a move that crosses a pit with "
         "something lying on it names the pit (move II +3-2 via +0+0): the squad goes there first, picks up "
         "every resource and each item or spell one of its creatures can hold, and goes on; only a whole "
         "squad does this, and only if it can leave the pit again this turn. Alternative: follow each step "
         "of a move and let the player choose what to take.", "ruling"),
    Rule("ce-pass", "Passing",
         "During Phase 3 a squad may hand resources, items and spells to a friendly squad next to it, at "
         "once and for free, before, during or after actions. Items and spells go only to a squad with a "
         "creature that can hold them."),
    Rule("ce-pass-defender", "Not to a defender",
         "Nothing may be passed to a squad while it is defending in a combat."),
    Rule("ce-loot-when", "When picking up, passing and dropping happen",
         "Our choice: these free activities are decisions of the turn player's Phase 3 between other "
         "decisions, never inside a fight, a half-made move or the end of a dig, and never while Phase 1 "
         "fights are owed; passing is between one's own squads. The text allows them even during another "
         "squad's action; no rule we model depends on that timing. Alternative: offer them at every "
         "decision of the turn.", "ruling"),
    Rule("ce-drop", "Dropping",
         "During Phase 3 a squad may put down any of its resources, items and spells on its own hex. "
         "Resources lie there as tokens; a wandering marker shows where dropped items and spells lie."),
    Rule("ce-loot-split", "Loot when squads join or split",
         "Our choice: squads that join pool their resources; creatures breaking away take none (the squad "
         "left behind keeps them, and may pass them on), and items always stay with the creature holding "
         "them. The text says nothing. Alternative: let the player divide resources on every split.",
         "ruling"),
    Rule("ce-loot-lost-squads", "Squads lost without a fight",
         "Our choice: a squad that leaves the map without losing a fight (a collapse crushed it) leaves "
         "its resources, items and spells on its hex, as the slain do, but no "
         "gore. The text drops the things of slain creatures and of a crushed crystal's squad; nothing "
         "should vanish from the game. Alternative: they go back to the stockpile and the decks.", "ruling"),
    # ------------------------------------------------------------ hiring
    Rule("ce-hire", "Hiring a Wandering Monster",
         "Instead of fighting a Wandering Monster next to it, a squad may hire it: the squad pays the cost "
         "printed on the monster's card out of the resources it carries itself (the Necromancer's squad's "
         "resources pay only when the Necromancer hires). The monster, with what it carries, joins the "
         "player. Hiring is the hiring squad's action."),
    Rule("ce-hire-card", "An empty control card",
         "A hired monster goes on an empty control card, and without one nothing can be hired, even if the "
         "hiring squad would have room for it."),
    Rule("ce-hire-pit", "Off the spawn pit",
         "A monster hired on a spawn pit steps off it at once onto a neighbouring hex, or into the hiring "
         "squad if it fits; that step costs no movement. If it has nowhere to go, it cannot be hired."),
    Rule("ce-hire-fresh", "A hired squad acts at once",
         "The hired squad may make its full move and take an action in the turn it was hired."),
    Rule("ce-hire-whole", "What is hired, and where it goes",
         "Our choice: a Wandering Monster marker is hired whole, for the costs of all its creature cards "
         "added up, and goes on the player's first empty control card (I to V); a monster whose creatures "
         "have no card cannot be hired. The text shows single "
         "monsters only. Alternative: hire the creatures of a marker one by one, onto cards of the "
         "player's choosing.", "ruling"),
    # ------------------------------------------------------------ subduing
    Rule("ce-subdue", "Subduing a Wandering Monster",
         "Instead of fighting a Wandering Monster to the death or hiring it, a squad next to it may try to "
         "beat it into submission: an ordinary combat, in which the squad dies if it loses, but if it wins "
         "the monster is not killed. It joins the player on an empty control card, which the player must have "
         "before trying; no kill points and no gore come of it."),
    Rule("ce-subdue-after", "A subdued monster",
         "A subdued monster neither acts nor moves in the turn it was subdued, except that it may step into "
         "a friendly squad next to it that has room, and if it stands on a spawn pit it must step off it "
         "(alone, or into a friendly squad). A subdued monster that cannot leave its pit dies."),
    Rule("ce-subdue-alone", "How subduing is played here",
         "Our choice: since the text lets any won combat against a Wandering Monster end in subduing, a "
         "squad may subdue alone or with others flanking (written subdue II,III w:A), and by a shot (subdue "
         "II w:A by shot: the shot's rules, and a missed shot spares the shooters); but always one monster "
         "marker whole, in a fight no other monster or player joins: when flanking would bring more "
         "defenders in, the monster can only be fought to the death. The subdued monster goes on the first "
         "empty control card where it stands, and the step into a friendly squad or off the pit is decided "
         "at once, before anything else; the squad it joins has its movement over and counts as having "
         "acted. A subdued monster that dies on its pit counts as killed by the subduing player (kill points "
         "and gore). The text describes single squads and leaves these details open. Alternatives: subduing "
         "hand to hand and alone only, or a later join in the turn.",
         "ruling"),
    # ------------------------------------------------------------ bombs and item symbols
    Rule("ce-bomb", "Bombs",
         "A bomb destroys everything within its radius, the thrower's own squads too, except squads "
         "inside a collapsed space. Very few creatures are immune to it."),
    Rule("ce-bomb-when", "When a bomb may be used",
         "Only on its player's own turn, or when its squad is defending in a combat."),
    Rule("ce-bomb-how", "How a bomb is thrown",
         "Our choice, since the text gives no card: the Bomb card is thrown up to 2 spaces, onto open "
         "ground a line of sight reaches (its own hex included), and its blast reaches 1 space round "
         "where it lands: seven hexes. On its own turn the throw is the squad's action in Phase 3 "
         "(written bomb II at +3-2); a squad that has acted or stopped does not throw. Everything in the "
         "blast is destroyed: creatures with what they carry, and the resources and cards lying there; "
         "no gore spills. The thrower's player keeps the enemies and Wandering Monsters killed as kill "
         "points, not its own creatures; a Necromancer killed dies as in a fight (its player is out, or "
         "plays on under Battle On!!!). Chthonic Crystals are not destroyed: a crystal falls only to the "
         "attack the text describes. A Wandering Monster carrying a bomb never throws it. Alternatives: "
         "another radius or range (the card fields say), the bomb set off on its own hex, or no kill "
         "points for bombing.", "ruling"),
    Rule("ce-bomb-spares", "Who survives a bomb",
         "Our choice: the creature cards marked immune to bombs (the Vapor, of our cards) and the "
         "Awakened Evils survive a blast, and so does what stands or lies inside a collapsed space. The "
         "text says few creatures are immune without naming them. Alternative: the Awakened Evils die "
         "like any creature.", "ruling"),
    Rule("ce-bomb-defence", "A bomb thrown in defence",
         "Our choice: a squad defending in a fight throws its bomb as the defender's first decision, in "
         "place of choosing the second attribute (written the same way, bomb IV at +3-2); the fight stops "
         "at once, won by nobody; the attackers have spent their action and nothing used in it is used "
         "up. Alternative: the fight goes on between whoever survives the blast.", "ruling"),
    Rule("ce-item-pay", "Pay to Use items",
         "An item with the Pay to Use symbol costs resources each time it is used; the first payment "
         "activates it and is always due, even for an item found in the cave rather than invoked."),
    Rule("ce-item-pay-how", "Paying for an item",
         "Our choice: the price is paid from the resources of the carrier's squad when a fight it is used "
         "in is set up, each fight (an item serves once a turn); a squad that cannot pay fights without "
         "it, which then is only carried, and a Wandering Monster never pays. The Invoke's cost buys the "
         "card but does not activate it. Alternative: the player chooses whether to pay, or an invoked "
         "item counts as activated.", "ruling"),
    Rule("ce-wandering-items", "A Wandering Monster's items",
         "A Wandering Monster that can carry and use items and spells uses those lying on its own space "
         "in combat."),
    Rule("ce-wandering-pick", "When a Wandering Monster takes them up",
         "Our choice: a Wandering Monster takes up the items and spells lying on its space as it is placed "
         "there (spawned, or stopping after a wander; or, for one already standing there, as a fight with it "
         "is set up), as a player's creature would pick them up: each "
         "to the first creature with room for it; resources stay on the ground. It carries them from "
         "then on, and they go with it when it is hired or subdued, or fall on its space when it dies. "
         "Alternative: the monster uses them only while it stands on them.", "ruling"),
    # ------------------------------------------------------------ creature abilities
    Rule("ce-attacktite", "Tearing a squad apart",
         "A squad holding an Attacktite may, when it attacks, tear the defending squad apart and fight each of "
         "its creatures in a combat of its own; the whole attacking squad takes part in every one of them. "
         "Each combat won kills the one creature fought; a combat lost kills the attackers as any lost fight "
         "does, and the creatures not yet fought live on."),
    Rule("ce-attacktite-how", "How tearing apart is played here",
         "Our choice: the attacker writes fight II 2:III apart, only with the Attacktite's squad attacking "
         "alone and only against a squad of two or more creatures that no other squad would join in defending "
         "(a flanked fight is not torn). The creatures are fought in their squad's order, a Necromancer last, "
         "one combat straight after the other; the dead creature's kill points, gore and items go as in any "
         "death, and the torn squad keeps its resources and its dig until its last creature dies. Items count "
         "once a turn across the combats, as in any fights of a turn. The text gives the ability and one "
         "example, no order and no flanking case. Alternatives: the attacker picks the order, or may stop "
         "after any combat won.", "ruling"),
    Rule("ce-stabbist", "The Stabbist picks every attribute",
         "A black-diamond card. When its side defends, the Stabbist chooses the attribute of every round: "
         "three different ones, any of the six, not necessarily neighbours, and the attacker fights with them. "
         "This holds against a shot (the shooters' own opening gives way) and against a flank, and when the "
         "Stabbist is in a squad that joins the defence, its choice counts for every defending squad."),
    Rule("ce-stabbist-how", "How the Stabbist's choice is played here",
         "Our choice: the defender picks round by round, as the normal combat does: first dodge before round "
         "1, second armor before round 2, third weapon before round 3 (if one is fought), each from the "
         "attributes not fought yet. Defending, a Wandering Monster's Stabbist picks for itself, each time "
         "the attribute where the attacker is weakest. The attacker casts no spell with a first attribute it "
         "does not pick (a defender's bomb still replaces the second pick). The text does not say whether "
         "the three are named at once or one by one; since only the set of three decides who is likelier to "
         "win, the timing changes little. Alternatives: all three named before the first die; the attacker "
         "announcing its spells before the dice as the defender does.", "ruling"),
    Rule("ce-astral-worm", "The Astral Worm strikes first",
         "A black-diamond card. Before its main combat the Astral Worm may use its ability: a single round "
         "in which only special is rolled. A squad of one creature it so subdues is dead. The Bitch (in her "
         "fight with a Necromancer's squad) and the Emperor are immune to it."),
    Rule("ce-astral-worm-how", "How the Astral Worm's strike is played here",
         "Our choice: the attacking player chooses it as it starts the fight, fight II 2:III astral, beside "
         "the plain fight. The Worm's squad attacks alone, and the target is a squad of one creature that no "
         "other squad would join in defending, never a crystal, a Necromancer or an Awakened Evil. The Worm "
         "alone fights the round, its special against the creature's (ties thrown again; items and spells "
         "count as in any round). Won: the creature dies as if killed in the fight, its kill points to the "
         "attacker, its gore and items on its hex. Lost: nothing happens to the Worm, and the main combat "
         "follows at once, the Worm's whole squad against the creature, the attacker opening as usual. The "
         "subdued creature dies at once: the text's other choice, serving first in a flanking attack, is not "
         "offered. Why: the text gives the strike for a lone creature only and does not say what a bigger "
         "squad subdued would do, nor how a dying creature would flank; a Necromancer is never taken over "
         "(as it is never abandoned). Alternatives: the whole squad's special strikes; the subdued creature "
         "first joins one flanking attack of the Worm's player, then dies; a bigger squad subdued comes under "
         "the attacker's control.", "ruling"),
    Rule("ce-mind-abilities", "The Mind Chanter's and Brain Sentry's minds are not played",
         "Our choice: the Mind Chanter and the Brain Sentry fight with their numbers only. The text names "
         "their abilities just once, as mind abilities the Bitch and the Emperor are immune to, beside the "
         "Astral Worm's, and never says what they do; a guess would be a rule of our own on a card an owner "
         "can read. Their card notes say so, to be filled in from the real cards. Alternative: play them as "
         "the Astral Worm's strike (a round of special before the fight), the one mind ability the text "
         "explains.", "ruling"),
    Rule("ce-necrotic-devil", "The Necrotic Devil's dread",
         "A black-diamond card. When a Necrotic Devil appears near a player's creatures that are not of the "
         "Necro, Demon or Undead species, that player must move those squads out of the Devil's range on "
         "their next turn."),
    Rule("ce-necrotic-devil-how", "How the Devil's dread is played here",
         "Our choice: the text gives no range; the card says 2 hexes, counted straight across the map. The "
         "Devil appears when it comes onto the map (invoked or spawned); every squad of another player "
         "within its range holding a creature of none of the three species owes it a move out (a squad of "
         "spared creatures only, and the Devil's own player's squads, owe nothing). The duty falls due at "
         "the start of that player's next turn (for the player whose turn it is, the following one), and "
         "that turn cannot end while such a squad stands within range and a move of its own could take it "
         "out; it may act and fight first. A squad that cannot get out, hemmed in or halted by a fight, is "
         "excused and suffers nothing; the duty ends with that turn, or when the Devil or the squad is gone. "
         "Alternatives: range as walked over open ground; a squad that cannot leave dies or must fight the "
         "Devil; the Devil's own player's squads must leave too.", "ruling"),
]

COMBAT_RULE_IDS = frozenset(r.id for r in COMBAT_RULES)
