"""Rule ids of Night of the Shambling Dead, in teaching order.

Each summary restates the 2018 rule text in this book's words. ``ruling``
entries are decisions this book makes where the text is silent, ambiguous or
contradicts itself; each says what we decided, why, and the alternative (the
alternatives that players could reasonably prefer are game options).
"""

from necro.core import Rule, RuleBook, taught_on

R = Rule

FOLDER = "book/shambling-dead"
BATTLE_PAGE = f"{FOLDER}/battle"
# Rules taught on the battle page; every other rule is on the chapter's first page.
BATTLE_RULES = frozenset((
    "nsd-battle", "nsd-ruling-held-zombies", "nsd-stand-and-receive", "nsd-narrator-placement",
    "nsd-ruling-outnumbered", "nsd-counter-charge", "nsd-support-stand", "nsd-charge-drag", "nsd-rounds",
    "nsd-strike-order", "nsd-ruling-strike-order", "nsd-strength", "nsd-support-bonus", "nsd-support-strength",
    "nsd-crt", "nsd-wounds-engaged", "nsd-wound-allocation", "nsd-hero-six", "nsd-narrator-wounds",
    "nsd-two-wounds", "nsd-re-engage", "nsd-ruling-re-engage", "nsd-zone-wipe", "nsd-held-at-bay",
    "nsd-wild-charge", "nsd-ruling-hero-present", "nsd-sudden-death",
))


RULES = RuleBook("shambling-dead", f"{FOLDER}/index", [
    # --- equipment and board
    R("nsd-equipment", "Equipment",
      "Each player runs a band of ten survivors, one of them the Hero, on a board of their own; "
      "the Narrator brings the zombies, spare survivors, one deck of cards and the dice."),
    R("nsd-zones", "Front Line and Support",
      "A board has two zones. The Front Line expects to fight; the Support zone backs it up and "
      "hopes not to be attacked directly."),
    R("nsd-front-cap", "Front Line limit",
      "A player may never have more than six survivors in the Front Line; Support holds any number."),
    R("nsd-ruling-front-cap", "Ruling: six, not ten",
      "The reinforcement rule says the Front Line may never hold more than ten figures, which "
      "contradicts the six of the equipment rule. We keep six (the rule that governs placement "
      "every turn; the ten reads like a slip). Option front_cap=10 plays the other reading.",
      "ruling"),
    R("nsd-ruling-setup", "Ruling: placing the band before hour 1",
      "The text lets players place survivors freely but does not say when. Before the first hour "
      "each player places the Hero and then the other nine, one at a time, in either zone.",
      "ruling"),
    R("nsd-deck", "The deck",
      "Forty cards, ace to ten in four suits, plus one Joker: 41 cards. An ace counts 1. "
      "Spades and clubs are black, hearts and diamonds red. Cards drawn stay out of the deck "
      "until something reshuffles it."),
    R("nsd-ruling-shared-deck", "Ruling: several players share one deck",
      "The text speaks of one deck and one Narrator. With several players the Narrator deals "
      "every draw from one shared deck, player 1 first, so one player's draws change the next "
      "one's odds. Option deck=own gives each player a deck of their own (independent nights).",
      "ruling"),
    R("nsd-ruling-deck-out", "Ruling: an empty deck",
      "If a card must be drawn and the deck is empty (a long night, several players), the "
      "discards are reshuffled into a new deck first. The text never says; any other choice "
      "would stop the game.", "ruling"),
    R("nsd-joker", "The Joker",
      "When the Joker comes up, every card, the ones drawn this hour included, goes back into the "
      "deck, which is reshuffled, and the draw the Joker interrupted is made again. What earlier "
      "cards of this hour already did stands."),
    # --- the narration track
    R("nsd-track", "The Narration Track",
      "The night lasts ten hours (turns). Each hour's event is read from the track and resolved "
      "for every player, then any battle, then the end-of-hour reorder."),
    R("nsd-ruling-hour-order", "Ruling: order within an hour",
      "Within an hour, each step of the event is done for every player in seat order before the "
      "next step; battles follow the event's draws and reinforcements; reordering comes last.",
      "ruling"),
    R("nsd-gauntlet", "Hours 1 and 8: a gauntlet",
      "The band runs through zombies: roll once on the Combat Results Table at strength 10 and "
      "the player spreads the wounds over any of their survivors (a 6 wounds the Hero first)."),
    R("nsd-assault", "Hour 2: zombie assault",
      "One card per player: its value is the number of zombies placed in that player's Front Line."),
    R("nsd-dissention", "Hour 3: dissention in the ranks",
      "One card per player. On a black card roll a die: half of it, rounded down, is how many "
      "survivors run off into the night (the player chooses who). A red card: nobody leaves."),
    R("nsd-saviours", "Hour 4: saviours",
      "A card of zombies for the Front Line, as in hour 2, and then a Replacement card."),
    R("nsd-enemy-within", "Hours 5 and 10: the enemy within",
      "One card for each wounded survivor. On black that survivor becomes a zombie in its own "
      "zone and attacks the survivors there, who can only stand and receive."),
    R("nsd-ruling-enemy-within", "Ruling: turned zombies and the whole battle",
      "A survivor who turns becomes a fresh, unwounded zombie. On hours 5 and 10 the whole battle "
      "is fought standing and receiving, also against zombies held at bay from earlier hours, "
      "since the text forbids the counter-charge for that hour's fighting.", "ruling"),
    R("nsd-surprise-assault", "Hour 6: surprise assault",
      "One card per player: that many zombies appear in the Support zone."),
    R("nsd-down-in-flames", "Hour 7: down in flames",
      "First a Replacement card, then a card of zombies for the Front Line."),
    R("nsd-final-assault", "Hour 9: the final assault",
      "Two cards per player; together their values give the zombies placed in the Front Line."),
    R("nsd-brave-new-dawn", "Hour 10: a brave new dawn",
      "The enemy within strikes one last time; if anyone on a board turned, the National Guard "
      "then draws a card for each remaining survivor of that board and shoots the ones on black. "
      "The night ends after this hour."),
    R("nsd-ruling-guard", "Ruling: when the Guard shoots",
      "The Guard shoots after the battle against the turned survivors, and only on boards where "
      "someone turned this hour.", "ruling"),
    R("nsd-ruling-dawn", "Ruling: surviving the night and the score",
      "The text never defines victory. A player survives the night if at least one survivor is "
      "alive when hour 10 ends; their score is the number of survivors then alive (the Hero counts "
      "as one). A player whose board was overrun, or who has nobody left, scores 0.", "ruling"),
    R("nsd-event-deck", "Variant: a deck of events",
      "The designer invites shuffling the events. With narration=event-deck, each of hours 1-9 "
      "draws one of the nine remaining events at random; the dawn always comes last because it "
      "ends the night.", "variant"),
    R("nsd-ruling-zombie-supply", "Ruling: how many zombies",
      "The Narrator is told to have at most ten zombies per player, but two cards in hour 9 can "
      "ask for twenty. We place what the cards say (zombie_cap=none); zombie_cap=10 caps each "
      "board at ten zombies, as if the Narrator ran out of figures.", "ruling"),
    # --- battle
    R("nsd-battle", "When a battle is fought",
      "A player with zombies on the board fights; one without zombies does not."),
    R("nsd-ruling-held-zombies", "Ruling: zombies held at bay fight every hour",
      "Zombies left from an earlier hour are still on the board, so a battle is fought in every "
      "hour that finds zombies on it, including the gauntlet and dissention hours. Zombies in a "
      "zone without survivors first move to the other zone.", "ruling"),
    R("nsd-stand-and-receive", "Stand and receive",
      "The survivors wait: the Narrator puts each zombie in contact with a survivor of its zone, "
      "one per survivor before any survivor gets a second, and the zombies strike first."),
    R("nsd-narrator-placement", "Ruling: where the Narrator puts zombies",
      "The engine plays the Narrator by a fixed policy: each zombie goes to the survivor of its "
      "zone with the fewest zombies on it; ties go to a wounded survivor, then a non-Hero, then "
      "the earliest figure. The text leaves the choice to the Narrator.", "ruling"),
    R("nsd-ruling-outnumbered", "Ruling: more survivors than zombies",
      "When zombies are fewer than survivors, some survivors have no zombie in contact. We count "
      "only figures in contact (the combat rule says so), so those survivors neither fight nor can "
      "be wounded. Option outnumbered=join lets them double up on zombies instead.", "ruling"),
    R("nsd-counter-charge", "Counter-charge",
      "Instead of waiting, the player may charge the zombies in the Front Line: the player puts "
      "survivors in contact, at least one on every zombie before doubling up, strikes first, and "
      "can keep the wounded out of the fight. Only the Front Line can counter-charge."),
    R("nsd-support-stand", "Support always stands",
      "Zombies in the Support zone cannot be charged: survivors there always stand and receive."),
    R("nsd-charge-drag", "Dragged into the charge",
      "A player who leaves any unwounded Front Line survivor out of the charge rolls 2d6, +1 if "
      "the Hero is charging. On 7 or less, 1d6 more unwounded survivors (as many as there are) "
      "must join in; the player picks them."),
    R("nsd-rounds", "Three rounds",
      "A battle lasts three rounds. In each round one side strikes, then the other; what the first "
      "side does already counts when the second strikes."),
    R("nsd-strike-order", "Who strikes first",
      "The zombies strike first, unless the survivors counter-charged, then the survivors do."),
    R("nsd-ruling-strike-order", "Ruling: two zones fighting in one round",
      "When both zones fight, the side striking first makes all its rolls (Front Line, then "
      "Support) before the other side rolls. After a counter-charge the survivors open in the Front "
      "Line, the zombies answer there and then open in Support, and the survivors answer last.",
      "ruling"),
    R("nsd-strength", "Combat strength",
      "Add up the figures in contact with an enemy: a survivor 2 (1 wounded), the Hero 3 (2 "
      "wounded), a zombie 1."),
    R("nsd-support-bonus", "Support helps the Front Line",
      "Every unwounded survivor in Support adds 1 to the Front Line's strength (never the other "
      "way round)."),
    R("nsd-support-strength", "Fighting in Support",
      "A survivor fighting in the Support zone has strength 1, Hero or not, wounded or not."),
    R("nsd-crt", "Combat Results Table",
      "The striking side rolls a die and reads the table at its strength (20 and more share one "
      "column): the result is the number of wounds the enemy takes. A side with no figure in "
      "contact does not roll."),
    R("nsd-wounds-engaged", "Who can be wounded",
      "Only figures that were in contact at the start of the round can take the wounds; wounds "
      "beyond what they can take are lost."),
    R("nsd-wound-allocation", "The defender spreads the wounds",
      "The side taking wounds decides who takes them: the player for survivors, one wound at a "
      "time. When every eligible figure must take all it can, the engine does it at once."),
    R("nsd-hero-six", "A six hits the Hero",
      "If the striking die shows 6 and a Hero is among the figures that can be wounded, the first "
      "wound goes to the Hero."),
    R("nsd-narrator-wounds", "Ruling: how the Narrator takes wounds",
      "The engine's Narrator spreads wounds to keep zombies standing: unwounded zombies first, "
      "then it finishes wounded ones, earliest first.", "ruling"),
    R("nsd-two-wounds", "Two wounds kill",
      "No figure carries more than two wounds; the second wound removes it, zombie or survivor."),
    R("nsd-re-engage", "Victors move on",
      "After a round, figures whose enemies were all destroyed move to fight others in the zone."),
    R("nsd-ruling-re-engage", "Ruling: how figures re-engage",
      "At the end of each round a survivor who was fighting and lost all its opponents joins the "
      "zombie of its zone with the fewest attackers; then every zombie without an opponent is "
      "placed by the Narrator policy. Survivors kept out of a counter-charge stay out, but free "
      "zombies may still come to them.", "ruling"),
    R("nsd-zone-wipe", "Breaking through",
      "When every survivor of a zone is dead, its zombies move into the other zone, whose "
      "survivors stand and receive for the rest of the battle."),
    R("nsd-held-at-bay", "Held at bay",
      "Zombies still alive after three rounds stay on the board, in their zone, for next hour."),
    R("nsd-wild-charge", "The wild charge",
      "After a counter-charge, even if every zombie died, roll 2d6 (+1 if the Hero charged and "
      "lives). On 7 or more all is well; below 7 roll a die: that many of the chargers (the player "
      "picks) chase into the night and are lost."),
    R("nsd-ruling-hero-present", "Ruling: when the Hero is present",
      "The +1 for the Hero in the charge rolls counts only if the Hero is one of the chargers (and "
      "alive for the second roll); a six hits the Hero only if the Hero could be wounded by that "
      "roll. The text says 'present' without saying where.", "ruling"),
    R("nsd-sudden-death", "Sudden death",
      "If at the end of a combat round a board holds zombies and no survivors, the zombies have "
      "won that board: the player's night is over."),
    R("nsd-ruling-no-survivors", "Ruling: nobody left",
      "A player whose last survivor dies or flees without zombies on the board has also lost the "
      "night; there is no one left to play.", "ruling"),
    # --- reinforcements and reordering
    R("nsd-reinforcements", "Replacement cards",
      "A Replacement card that is a heart brings as many fresh survivors as its value; any other "
      "suit brings nobody."),
    R("nsd-ruling-reinforcements", "Ruling: where newcomers go",
      "The text does not say. The player places each newcomer in either zone, one at a time, "
      "keeping to the Front Line limit. We read 'up to the value' as a ceiling the player always "
      "reaches, since nobody turns away help.", "ruling"),
    R("nsd-ten-of-hearts", "The ten of hearts",
      "With the ten of hearts, one of the newcomers is a Hero (placed first)."),
    R("nsd-reorder", "Reordering",
      "At the end of each hour a player with a living Hero may move survivors between the zones."),
    R("nsd-reorder-hero", "No Hero, no reordering",
      "A player whose Hero is dead cannot reorder: every figure stays where it is."),
    R("nsd-ruling-reorder-once", "Ruling: one move per survivor",
      "In one reorder each survivor moves at most once, so a reorder always ends.", "ruling"),
    R("nsd-ruling-forced", "Ruling: forced steps",
      "When a decision has a single legal option the engine takes it; the log still shows it.",
      "ruling"),
], pages=taught_on({BATTLE_PAGE: BATTLE_RULES}))
