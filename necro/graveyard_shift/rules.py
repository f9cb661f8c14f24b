"""The rules of Graveyard Shift, each with a stable id, in teaching order.

Summaries are this book's own words. Kind "rule" is stated by the rule text
(Isaiah Tanenbaum, 2011, CC BY-SA 2.5); kind "ruling" is a decision we made
where the text is silent, ambiguous or leaves a case open. Where players could
reasonably decide otherwise, the ruling is also a game option (see
``game.py``), and its summary names the alternative.
"""

from necro.core import Rule, RuleBook

CHAPTER = "book/graveyard-shift/index"

RULES = RuleBook("graveyard-shift", CHAPTER, [
    # --- components and set-up
    Rule("gs-board", "The graveyard",
         "A 4x4 grid. The four corners are entrances (gates, no graves), the four centre squares are "
         "mausoleums that hold two parts at set-up, and the other eight squares are single graves. "
         "Squares are named a1 to d4 like a chessboard: files a-d left to right, ranks 1-4 bottom to top."),
    Rule("gs-parts", "Body parts",
         "Sixteen stackable parts, four of each kind: brain (B), heart (H), chest (C) and legs (L). "
         "The parts on a square form an ordered stack, read from bottom to top."),
    Rule("gs-setup-deal", "Dealing the graveyard",
         "Two parts of each kind are shuffled and stacked two high on the four mausoleums; the other "
         "eight are shuffled and laid one per grave. The deal is chance; a scenario may force a layout."),
    Rule("gs-setup-enter", "Placing the pawns",
         "The first player puts their pawn on any entrance; the second player then puts theirs on a "
         "different entrance. Each placement is that player's turn."),
    # --- movement
    Rule("gs-enter", "Entering from off the map",
         "A pawn that is off the map spends its turn being placed on an entrance of its owner's choice."),
    Rule("gs-move-empty", "Moving with nothing",
         "A pawn standing on a square without parts steps one square north, east, south or west."),
    Rule("gs-move-one", "Moving with one part",
         "A pawn standing on a single part steps one square orthogonally, taking the part along."),
    Rule("gs-move-stack", "Moving a stack",
         "A pawn standing on a stack of n parts picks a direction and travels n squares in a straight "
         "line, or fewer if the edge of the board comes first."),
    Rule("gs-sow", "Dropping parts on the way",
         "While moving a stack, the pawn leaves the bottom part of its stack on every square it passes "
         "through after its starting square, so it arrives with one part unless the edge cut the trip "
         "short, in which case it arrives with all the parts it has not dropped."),
    # --- attacking
    Rule("gs-attack", "Attacking",
         "A pawn that ends its turn on the other pawn's square puts itself and whatever it carries on "
         "top of the stack there (if any)."),
    Rule("gs-extra-turn", "The attacker's extra turn",
         "After an attack the attacker moves again at once, carrying the whole combined stack."),
    # --- delivery
    Rule("gs-deliver", "Delivering",
         "A pawn that ends its turn on an entrance while carrying parts delivers them to its master."),
    Rule("gs-master-takes", "The master takes one part",
         "From a delivery the master keeps one part of a kind not yet collected by that player."),
    Rule("gs-put-back", "Putting parts back",
         "Every other delivered part returns to the board, one at a time, the two players taking turns "
         "to place them, beginning with the deliverer's opponent."),
    Rule("gs-leave-map", "Leaving the map",
         "After a delivery that gave the master a new kind, the pawn leaves the board; on its next "
         "turn it enters again at any entrance."),
    Rule("gs-deliver-known", "Delivering nothing new",
         "If the master already has every kind in the delivery, all the parts are put back and the "
         "pawn stays where it is."),
    # --- end
    Rule("gs-win-round", "Winning a round",
         "The first player whose master holds all four kinds wins the round immediately."),
    Rule("gs-match", "A match of three rounds",
         "Rounds are short, so the text recommends playing three. Each round is dealt afresh; the "
         "player who wins more rounds wins the match."),
    # --- rulings
    Rule("gs-ruling-first-player", "Who starts the first round",
         "The text lets the best 'yes, master' start. The engine cannot judge that, so player 1 starts "
         "round one; a table simply seats its best Igor as player 1. The alternative is to let chance "
         "(a die) pick who starts.", "ruling"),
    Rule("gs-ruling-stack-order", "Parts go on top",
         "The text does not say where a dropped or arriving part goes on a square that already has "
         "parts. We put it on top, as a physical stack would be built, so the parts that were already "
         "there are the first to be dropped when that stack moves. The alternative, sliding new parts "
         "under the stack, would make a part that has just arrived the first to leave again.", "ruling"),
    Rule("gs-ruling-no-entrance-drops", "No parts are dropped on an entrance",
         "The text does not say whether a part may be dropped on an entrance. It never arises: every "
         "straight line through a corner ends there, and a stack never drops on its first or last "
         "square. So an entrance only ever holds parts at the moment of a delivery.", "ruling"),
    Rule("gs-ruling-always-a-move", "A pawn always has a move",
         "The text does not cover a pawn that cannot move. On a 4x4 board every square has at least "
         "two open directions and an entrance is always free, so it cannot happen and no pass is "
         "needed (the tests check this in every position they reach).", "ruling"),
    Rule("gs-ruling-pass-over", "Passing over the other pawn",
         "The text does not say what happens when a moving stack passes the other pawn. We let it pass "
         "and drop a part there as on any square (the part joins what that pawn carries); only ending "
         "on the pawn is an attack. Variant: the move stops on the other pawn's square, as an attack.",
         "ruling"),
    Rule("gs-ruling-enter-on-pawn", "Entering on the other pawn",
         "Only the first placements must use different entrances. Later, 'any entrance' includes the "
         "other pawn's, and ending there is an attack with its extra turn. Variant: forbid it.",
         "ruling"),
    Rule("gs-ruling-entrance-attack", "Attacking on an entrance",
         "Ending with parts on the other pawn's entrance is both an attack and a delivery. The "
         "delivery is resolved first and then the attacker still takes the extra turn. Variant: the "
         "delivery ends the turn and there is no extra turn.", "ruling"),
    Rule("gs-ruling-master-choice", "Which new kind the master takes",
         "When a delivery holds several new kinds the text does not say which one the master keeps. "
         "The delivering player chooses. Variant: the topmost part of a new kind is taken.",
         "ruling"),
    Rule("gs-ruling-put-back-order", "Who puts back what",
         "Each player, on their placement, chooses which of the remaining parts to put back and where; "
         "the deliverer's opponent places first. Put-backs are not turns and do not trigger attacks "
         "or deliveries.", "ruling"),
    Rule("gs-ruling-put-back-squares", "Where parts may be put back",
         "'Any legal spot as per the set-up' we read as any grave or mausoleum (never an entrance), on "
         "top of what is there, but not under a pawn, since no pawn stands on the board at set-up. "
         "Variant: only squares holding fewer parts than at set-up (one per grave, two per mausoleum), "
         "falling back to any grave or mausoleum when none has room.", "ruling"),
    Rule("gs-ruling-next-round", "Who starts later rounds",
         "The text is silent. The loser of the previous round starts the next one, to balance the "
         "first player's tempo; after a drawn round the other player starts. Variants: strictly "
         "alternate, or the winner starts.", "ruling"),
    Rule("gs-ruling-match-end", "Ending the match early",
         "A match stops as soon as one player has won more than half of its rounds, since the rest "
         "could not change the winner.", "ruling"),
    Rule("gs-ruling-turn-limit", "Endless rounds",
         "Nothing in the text stops two players from circling forever. A round in which 200 pawn "
         "moves and placements have been made without a winner is drawn (counts for nobody). The "
         "limit is an option; 0 means no limit.", "ruling"),
])
