"""The rules and rulings of Cave Evil's Conjuration Decks and Necromonk deck, in this book's words.

The deck model (:mod:`.conjuration`) names these ids in its refusals. The phases that
use the decks (conjuring, meditation, spawns, events) add their own rules elsewhere.
Kind ``rule``: stated by the rule text; ``ruling``: decided here, with what, why and
the alternative.
"""

from necro.core import Rule

CONJURE_RULES = [
    Rule("ce-conj-decks", "Four Conjuration Decks",
         "The box holds four Conjuration Decks of 70 cards each, told apart by their backs: Bribe, Construct, "
         "Summon and Abyss. They lie beside the map in that order, left to right, each with room in front for "
         "its discard pile; a D4 that asks for a card numbers them 1 to 4 in the same order."),
    Rule("ce-conj-deck-character", "What each deck holds",
         "Bribe cards all show metals in their cost; the deck is full of small hired creatures that dig, and "
         "seldom deals an event. Construct cards all show gore: grotesque creatures of gore, bone and slop, "
         "raised undead and many items, with some events. Summon cards all show shadowflame: bigger, more "
         "magical demons and monsters, and more events. The Abyss mixes copies of the other three decks' "
         "cards with strange cards of its own, costs in every resource, and deals the most events. Every "
         "deck holds events; every other card has a cost."),
    Rule("ce-conj-deck-data", "The card lists are ours",
         "Our choice: the rule text prints no deck list. It gives the deck size, each deck's resource and "
         "character, a few cards by name (a Ratman drawn from Bribe, a Blinding Prism from the Abyss, the "
         "first-game list) and some costs. Our data file fills each deck to 70 with cards of our own, named "
         "with phrases from the text, every deck and entry saying where it comes from (rules, faq, inferred "
         "or book) and why. Alternative: model only the cards the text names, which would leave decks of a "
         "dozen cards and make every draw meaningless.", "ruling"),
    Rule("ce-conj-events-share", "How many events each deck holds",
         "Our choice: of the 70 cards, Bribe holds 3 events, Construct 6, Summon 9 and the Abyss 14. The text "
         "only grades them, from little risk (Bribe) through some (Construct) and unspeakable ones (Summon) "
         "to many (Abyss); a draw from them then meets an event about 4%, 9%, 13% and 20% of the time. "
         "Alternative: equal shares, which the text's grading rules out, or far more in the Abyss, which "
         "would make long chains of events there the norm.", "ruling"),
    Rule("ce-conj-deck-draw", "Drawing a conjuration card",
         "Our modelling: a draw takes one of the cards left in the face-down pile, each equally likely, as "
         "drawing the top of a well-shuffled pile amounts to; a rolled or forced draw names the card. "
         "Alternative: keep a shuffled order, which adds hidden state and changes no chance.", "ruling"),
    Rule("ce-conj-one-resource", "Discarding a drawn card for ONE resource",
         "A card drawn in Phase 2 may be traded for resources: its owner lays it on the discard pile and "
         "takes the whole amount of one resource printed in its cost, never more than one. A Blinding Prism "
         "costing 3 metals and 1 shadowflame earns 3 metals or 1 shadowflame."),
    Rule("ce-conj-discard-pile", "The discard piles",
         "Each Conjuration Deck has a face-up discard pile. Instead of drawing in Phase 2, a player may take "
         "the top card of any discard pile, but must keep it: it cannot be traded for resources."),
    Rule("ce-conj-discard-where", "Which discard pile a card goes to",
         "Our choice: a card traded for resources goes on the discard pile of the deck it was drawn from, as "
         "the text's Blinding Prism goes next to the Abyss deck; an Abyss copy of a Bribe card thus lands by "
         "the Abyss. Events never go to a discard pile (they are boxed), and no deck's pile and discards "
         "together ever hold more copies of a card than the deck started with. Alternative: discard by the "
         "icon on the card, which would let the Bribe pile grow beyond its own cards.", "ruling"),
    Rule("ce-conj-refill", "When a Conjuration Deck runs out",
         "Our choice: when a card must be drawn from a deck whose face-down pile is empty, that deck's discard "
         "pile is shuffled face down to become its pile; this happens only at that moment, so until then the "
         "top discard can still be taken. If pile and discards are both empty, nothing can be drawn from that "
         "deck. The text never says. Alternative: an empty deck stays empty, which could end conjuring in a "
         "long game.", "ruling"),
    Rule("ce-conj-black-diamond", "Black-diamond cards",
         "Cards marked with a black diamond carry harder ideas. A first or regular game removes them from the "
         "decks before shuffling; the advanced rules put them back once the players know the game."),
    Rule("ce-conj-first-game", "Cards a first game may leave out",
         "A first game may also leave out, to avoid confusion, the Astral Worm, Brain Sentry, Incur Wrath and "
         "Slave Revolt of the Abyss, and the Mind Chanter, both Mind Control cards and Obscene Romance of the "
         "Summon deck. This is optional."),
    Rule("ce-necromonk-deck", "The Necromonk deck",
         "A small deck of four starter Necromonk cards, each a little different, stays apart from the "
         "Conjuration Decks; set-up deals one to each player."),
    Rule("ce-necromonk-copies", "Four alike Necromonks",
         "Our choice: the text says the four starter Necromonks differ slightly but gives the numbers of only "
         "one, so our Necromonk deck holds four copies of that card. Alternative: invent three variants, which "
         "would add numbers of our own without changing any rule.", "ruling"),
    Rule("ce-starting-hand", "The starting hand",
         "Each player is dealt, face down, one Necromonk and, from the Conjuration Decks, two Bribe cards, one "
         "Construct card and one Summon card. An event dealt is put in the box and the same deck deals another "
         "card. Hands are kept secret and have no size limit."),
    Rule("ce-abyss-icon", "The deck a card counts as",
         "Our choice: a card counts as belonging to the deck of its own kind, the one whose resource its cost "
         "shows, even when a copy of it sits in the Abyss; only the Abyss's own cards count as Abyss cards. "
         "So when an advanced player trades a card from hand for one resource of its deck, an Abyss copy of a "
         "Ratman earns a metal, while a Taker earns any resource. The text says the Abyss holds the other "
         "decks' cards, and a hand is a set of card faces, not of backs. Alternative: go by the back, which "
         "would make a player remember where each card in hand came from.", "ruling"),
]
