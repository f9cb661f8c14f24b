"""The rules of Day of the Dead, each with a stable id, in teaching order.

Summaries are this book's own words. Kind "rule" is stated by the rule text
(Day of the Dead, 2012); kind "ruling" is a decision this book made where the
text is silent, unclear or contradicts itself. Where players could reasonably
decide otherwise, the ruling is also a game option (see ``game.py``) and its
summary names the alternative. The effect rules (``dotd-effect-*``) cover the
effect vocabulary of ``cards.py``, each with the FAQ entries that fix it.
"""

from necro.core import Rule, RuleBook

CHAPTER = "book/day-of-the-dead/index"

PAGES = {"dotd-effect-": "book/day-of-the-dead/effects", "dotd-ruling-": "book/day-of-the-dead/rulings"}

RULES = RuleBook("day-of-the-dead", CHAPTER, [
    # --- components and set-up
    Rule("dotd-components", "Three decks by back",
         "Every card is a fighter with a name, a printed power and usually an effect. Its back is Double "
         "(black), Power Up (grey) or Unearth (white), and the three backs form three decks of 38 cards."),
    Rule("dotd-setup-deal", "Dealing",
         "Each deck is shuffled on its own, and each player is dealt three cards from each: a hand of nine, "
         "three of each back. Every draw is a chance step."),
    Rule("dotd-reshuffle", "An empty deck",
         "When a deck runs out, its discard pile is shuffled to become the new deck."),
    Rule("dotd-setup-priority", "Priority",
         "Scores start at 0. Chance picks who starts with the priority counter; its holder uses effects "
         "first during the turn."),
    # --- summoning
    Rule("dotd-turn", "Six turns of three parts",
         "A game is six turns. Each turn is summoning, fighting and rewards, in that order."),
    Rule("dotd-open-slot", "A new slot opens",
         "Each turn both players add a slot at the end of their line. On turn 1 each player fills it with a "
         "card from hand, face down (fallen); on later turns last turn's spirit moves into it, face down."),
    Rule("dotd-spirit", "A new spirit",
         "Each player then lays a card from hand face down as the new spirit, set apart from the line."),
    Rule("dotd-back-limit", "Two of each back",
         "A player may have at most two cards of each back in play (line and spirit). On turn 6 this limit "
         "no longer applies."),
    Rule("dotd-activate", "The field becomes active",
         "Every card in the lines turns face up (active); spirits stay face down."),
    Rule("dotd-spirit-unearth", "An Unearth spirit acts at once",
         "A player whose new spirit has an Unearth back uses it right after the field becomes active; if both "
         "do, the priority holder goes first. A spirit that arrives by a conversion mid-turn acts the moment "
         "it arrives (one that arrives by an Unearth does not: see the rulings)."),
    # --- fighting
    Rule("dotd-fight-order", "The order of fights",
         "Fights go slot by slot, from the newest slot down to slot 1; in each, the two fighters in that "
         "slot face each other."),
    Rule("dotd-effects", "Using effects",
         "Both fighters must use their effects, the priority holder's first."),
    Rule("dotd-double", "Double spirit",
         "A player whose spirit has a Double back uses each of their fighters' effects a second time, right "
         "after the first."),
    Rule("dotd-power", "Adding up power",
         "A fighter's power in a fight is its printed power plus every bonus effects gave it."),
    Rule("dotd-power-up", "Power Up spirit",
         "A player whose spirit has a Power Up back adds +2 power in each of their fights."),
    Rule("dotd-compare", "Comparing power",
         "The fighter with more power wins and stays active; the other loses and turns face down (fallen)."),
    Rule("dotd-tie", "A tie",
         "With equal power both fighters count as winners and stay active."),
    Rule("dotd-convert", "A loser may become the spirit",
         "The owner of the fighter that lost may pull it from the line: the fighters that already fought "
         "(the newer slots) move down one slot to close the gap, the old spirit goes into the empty slot at "
         "the end of the line, and the loser becomes the new spirit. A new Unearth spirit acts at once."),
    Rule("dotd-next-fight", "The next fight",
         "Fighting goes on until every filled slot has had its fight."),
    # --- rewards
    Rule("dotd-score", "Scoring",
         "Each player scores the printed power of every active fighter in their line, fighters that tied "
         "included; fallen cards score nothing."),
    Rule("dotd-pass-priority", "Passing priority",
         "The priority counter passes to the other player, and the turn ends."),
    Rule("dotd-win", "The winner",
         "After the sixth turn the player with more victory points wins."),
    # --- the Unearth procedure and the keywords
    Rule("dotd-unearth", "Unearthing",
         "To Unearth, pick one of your cards in play, look at the top three cards of the deck with its back, "
         "and put one of them in its place, in the same state (spirit, fallen or active). The replaced card "
         "and the two others are discarded."),
    Rule("dotd-keyword-dig", "Dig",
         "Draw a card from any deck, then discard a card of that back from your hand (possibly the one "
         "just drawn)."),
    Rule("dotd-keyword-unearth", "Unearth on a fighter",
         "A fighter with the Unearth keyword unearths one of its owner's cards in play, as the spirit does."),
    # --- effects (the vocabulary of cards.py; FAQ entries say how the named cards behave)
    Rule("dotd-effect-power", "Power bonuses",
         "An effect may add power (or take it away) for this fight only. Bonuses belong to the side of the "
         "fight, so they stay if the fighter is replaced (the Spook FAQ: Anger's +5 stays with Paranoid)."),
    Rule("dotd-effect-points", "Gaining and losing points",
         "An effect may give its owner victory points or take them from the opponent. An opponent with no "
         "points loses none (FAQ: Grief and Vampire take nothing from an opponent at 0; Vampire still gets its "
         "power; a smaller score than the amount is a ruling). "
         "Amounts that depend on the scores are worked out each time the effect is used (FAQ: Greed and "
         "Famine under a Double spirit)."),
    Rule("dotd-effect-win", "Winning outright",
         "An effect that wins the fight ends it at once: no Double repeat, no effect of the other fighter if "
         "it has not acted yet, and no comparison of power (FAQ: Challenge and Nemesis)."),
    Rule("dotd-effect-stop", "Stopping the opponent",
         "An effect may stop the opposing fighter's effect for the rest of the fight; an opponent with "
         "priority has already used it (FAQ: Troll)."),
    Rule("dotd-effect-cancel", "Cancelling the next fight",
         "An effect may cancel the next fight's effects: neither fighter there uses one, even if the fighters "
         "change before it begins (FAQ: Cancel)."),
    Rule("dotd-effect-next", "Helping the next fighter",
         "An effect may help your next fighter this turn: an extra use of its effect (FAQ: Alchemy) or a power "
         "bonus worked out from it (FAQ: Cultivate). It helps whatever card fights in that slot when the time "
         "comes, even a card that was unearthed into it."),
    Rule("dotd-effect-copy", "Copying an effect",
         "An effect may use another card's effect as if it were its own. A card with no effect cannot be "
         "copied. Control and Forget also silence the card they copy for the rest of the turn (it gets its "
         "ability back next turn); under a Double spirit the same card may be chosen twice (FAQ)."),
    Rule("dotd-effect-return", "Return",
         "Return swaps itself for the top card of the discard pile with its back; with no such card nothing "
         "happens. With a Double spirit, Return's effect is followed by the new fighter's (FAQ): the newcomer "
         "takes the remaining uses, the one exception to dotd-ruling-replaced-uses."),
    Rule("dotd-effect-unearth", "Unearthing any card",
         "An effect may Unearth any card in play, the opponent's too; the effect's owner still chooses the "
         "replacement. A replacement for a fighter that already used its effect this fight does not use one, "
         "but its printed power counts (FAQ: Spook), nor any repeat left (dotd-ruling-replaced-uses)."),
    Rule("dotd-effect-after", "Unearthing after the fight",
         "Some fighters may be unearthed once their fight is decided, won or lost: by their owner (Spy) or at "
         "the opponent's wish (Moody). The owner picks the replacement; it is fallen if the fighter lost and "
         "active if it won, so it may score at rewards (FAQ). The Unearth goes with the card: if it has left "
         "its slot meanwhile, nothing is unearthed (dotd-ruling-after-card)."),
    # --- rulings
    Rule("dotd-ruling-deck-size", "38 cards, 36 characters",
         "The box lists 38 cards a deck, and the Unearth example finds three Oafs in the Double deck, so "
         "some cards come more than once. This book's deck is 36 characters, one of which (the plain power-7 "
         "card of that back) comes three times: a choice of this book, not a count from a source. The "
         "alternative, 38 different characters, is only a different deck file.", "ruling"),
    Rule("dotd-ruling-card-set", "The book's card set",
         "The rule text prints no card list. The book ships every card the text names, with the numbers it "
         "states or implies, and makes up the rest; each card records where it comes from (rules, FAQ, or "
         "this book). An owner of the game can type the real cards into the deck files.", "ruling"),
    Rule("dotd-ruling-nemesis-back", "Nemesis's back",
         "The Unearth example finds Nemesis in the Double deck, while the spirit example calls a Power Up "
         "card 'something like Nemesis'. We read the second as 'a card as strong as Nemesis' and put Nemesis "
         "in the Double deck; the other reading would move one card to another file.", "ruling"),
    Rule("dotd-ruling-hidden-order", "Face-down choices at once",
         "At the table both players lay their face-down cards (turn 1's fighter, each new spirit) at once. "
         "The engine asks the priority holder first, but the second chooser sees nothing of that card, not "
         "even its back, until both are laid (its view and its computer player keep the card in its owner's "
         "hand, and the log tells both backs with the second card), so the choices are simultaneous in "
         "effect. Seeing the back would tell the second chooser, say, that a Double spirit is coming. "
         "Variant: in turn, the second chooser seeing the first card's back.", "ruling"),
    Rule("dotd-ruling-spirit-fills", "The old spirit in the line",
         "The text does not say whether the old spirit that fills the gap after a conversion is fallen or "
         "active. We put it in face down (fallen), like the spirit that opens a slot at the start of a turn, "
         "so it scores nothing this turn. Variant: it enters active and scores at rewards.", "ruling"),
    Rule("dotd-ruling-conversions", "Several conversions in one turn",
         "Every fight's loser may be converted, so a player may change spirits several times in one turn. "
         "Each new spirit counts from the next fight on (as the turn-1 example says of the new Double spirit), "
         "and each new Unearth spirit acts when it arrives.", "ruling"),
    Rule("dotd-ruling-unearth-self", "Unearth picking the spirit itself",
         "The text lets Unearth replace a spirit, so an Unearth spirit may pick itself: a card of the same "
         "back takes its place as spirit, and it does not act again. Variant: the Unearth spirit must pick "
         "another card.", "ruling"),
    Rule("dotd-ruling-effect-order", "Order of simultaneous effects",
         "The priority holder's fighter uses its effect (with all its repeats) before the other fighter. "
         "Effects after the result (Spy, Moody) come before the loser is converted, the priority holder's "
         "first. An effect that needs a choice is decided by the effect's owner.", "ruling"),
    Rule("dotd-ruling-win-convert", "A loser by Challenge or Nemesis",
         "The Challenge FAQ says that after an outright win 'you never compare power or any of the other "
         "parts of fighting', and the rulebook lists 'the loser may become a spirit' as step D of fighting. "
         "So the loser turns face down (it lost) but may not be converted. Variant: it may be converted, "
         "reading conversion as a step of the turn rather than of the fight (this book's rule until "
         "2026-11-27).", "ruling"),
    Rule("dotd-ruling-unearth-timing", "When the unearthed card is discarded",
         "The Unearth example discards the old card before looking at the deck. Here it stays in its place "
         "until the replacement is chosen and then goes to the discard pile with the two others; the only "
         "difference is that it cannot come back in the same Unearth when a deck is reshuffled.", "ruling"),
    Rule("dotd-ruling-copy", "What can be copied",
         "Copying reads the printed effect of an active fighter in a line (spirits and face-down cards show no "
         "effect). Copying effects cannot themselves be copied, which keeps copies from chaining. A silenced "
         "card (by Cancel, Troll, Control or Forget) can still be copied, as the Cancel FAQ says.", "ruling"),
    Rule("dotd-ruling-no-legal-spirit", "No card fits the back limit",
         "If no card in hand would keep two of each back in play, any card may be played. It cannot happen "
         "with this card set (Dig keeps a hand's backs), but a custom deck could make it happen.", "ruling"),
    Rule("dotd-ruling-final-tie", "A tie after six turns",
         "The text names no winner on equal scores. The game is a draw. Variant: more active fighters after "
         "the last rewards wins, and only then is it a draw.", "ruling"),
    Rule("dotd-ruling-replaced-uses", "A newcomer takes no remaining uses",
         "An effect may be used more than once in a fight (a Double spirit, Alchemy's extra uses). If the "
         "fighter is replaced after its first use (Spook, an Unearth of itself, the book's self-unearthing "
         "cards), the replacement uses none of the uses left and only its printed power counts, as the Spook "
         "FAQ says of a card that has already used its effect. Return is the exception its own FAQ makes: "
         "under a Double spirit Return's effect is followed by the new fighter's, so a fighter brought in by "
         "Return takes the remaining uses. A card brought in before its slot's first use (Alchemy FAQ) uses "
         "them all. Variant: every replacement takes the remaining uses, Return's FAQ read as the general "
         "case (this book's rule until 2026-11-27).", "ruling"),
    Rule("dotd-ruling-after-card", "Spy's Unearth goes with Spy",
         "The FAQ says 'you may unearth Spy' (Moody: 'make you Unearth Moody'), so the after-fight Unearth "
         "belongs to the card: if the opponent's Spook replaced it during the fight, the card now in the "
         "slot is not unearthed. Variant: the Unearth follows the slot (this book's rule until 2026-11-27).",
         "ruling"),
    Rule("dotd-ruling-after-outright", "Spy after an outright win",
         "When Spy (or Moody) used its effect before the opponent's Challenge or Nemesis won outright, the "
         "after-fight Unearth is still offered: it was promised by an effect already used, and unearthing is "
         "not one of the parts of fighting the Challenge FAQ skips. The other reading would drop it along "
         "with the conversion.", "ruling"),
    Rule("dotd-ruling-unearthed-spirit", "An Unearth spirit that comes by an Unearth",
         "The text has an Unearth spirit act 'as soon as you get' it, and says when: at summoning and after a "
         "conversion. A card of the Unearth back put in the spirit's place by an Unearth (a keyword, Spook, "
         "Spy, the spirit picking itself) does not act that turn: otherwise an Unearth spirit picking itself "
         "could go on replacing itself from the deck. Variant: it acts at once (then it should not pick "
         "itself).", "ruling"),
    Rule("dotd-ruling-reshuffle", "When an empty deck is reshuffled",
         "'If a deck ever runs out' does not say when to shuffle. Here the discard pile becomes the new deck "
         "when a card must next be drawn from the empty deck, so cards discarded after it ran out go in too. "
         "Variant: reshuffle the moment it runs out. It rarely matters: no random game of 40 reshuffled.",
         "ruling"),
    Rule("dotd-ruling-empty-deck", "Nothing left to draw",
         "If a deck and its discard pile are both empty, nothing is drawn: a Dig gets no card, an Unearth "
         "looks at the cards there are, and with none the card stays. It cannot happen with the book's decks "
         "(every card keeps its back, so at most nine of a back are ever out of its deck and pile: three a "
         "player, three being looked at), only with a custom one.", "ruling"),
    Rule("dotd-ruling-drain-clamp", "Taking more points than there are",
         "The FAQ says an opponent with no points loses none (Grief, Vampire). An opponent with fewer points "
         "than the effect takes loses what they have and goes to 0. Variant: all or nothing.", "ruling"),
    Rule("dotd-ruling-memory", "What a player remembers",
         "A fighter that loses turns face down after both players saw it, and a Spook's chooser knows the "
         "face-down card it put in. The board shows such a card face down (as the table does; remembering is "
         "the player's part), but the computer player keeps in mind every card its seat has seen and does "
         "not guess at it again. Variant: the board could show remembered faces.", "ruling"),
], pages=PAGES)
