"""The Protectors mini-expansion's rules (:mod:`.protectors`), in this book's words.

Kind ``rule``: stated by the rule text; ``ruling``: decided here, with what, why and the
alternative. The printed Protector cards are not in the text, so how a Protector wakes and
fights is mostly ruling.
"""

from necro.core import Rule

PROTECTOR_RULES = [
    Rule("ce-protector", "The Protectors",
         "A mini-expansion (option protectors, full game): four black-diamond excavation cards that find "
         "Shrines and Temples go into the Excavation Deck (ruling ce-deck-protectors), and a deck of five "
         "Protector cards waits beside it. Protectors are monsters bred to guard the spawn pits of those "
         "rooms. They belong to no player, and they are not Wandering Monsters: events that move, place or "
         "count Wandering Monsters leave them alone."),
    Rule("ce-protector-draw", "A Protector on the new pit",
         "When a Shrine or Temple is dug up, a Protector card is drawn and its creature takes the room's spawn "
         "pit, under a Wandering Marker of its own; then the card's two or three spawn rolls are made on that "
         "pit. A spawned monster that fits stacks with the Protector, in its squad; one that does not goes "
         "beside it, the digging player choosing where among the nearest free spaces. Our choice: a monster "
         "stacked with a Protector shares its fate: it wakes, walks, fights, goes home and is subdued with it. "
         "Alternative: let it stay on the pit as a Wandering Monster of its own when the Protector walks off.",
         "ruling"),
    Rule("ce-protector-wake", "What wakes a Protector",
         "Protectors react to squads that come too close and walk straight up to them. The real cards each "
         "say what wakes them; the text does not. Our choice, one rule for all five: after any action of the "
         "player whose turn it is (in Phase 3), a Protector whose pit is within its movement rate of one of "
         "that player's squads, counted over open ground, wakes. It walks to the free space beside the "
         "nearest such squad that it reaches in the fewest steps, or as close as its movement allows. It wakes "
         "at most once a turn, so it stays woken for the rest of the turn even if the squad that woke it dies "
         "fighting it. Alternative: type each printed card's activation into the data.", "ruling"),
    Rule("ce-protector-attack", "The Protector attacks",
         "The player may still move its other squads after a Protector has moved; the attack comes after. Our "
         "choice: when the player ends Phase 3, each Protector it woke attacks the squad it walked up to (or "
         "the first squad of that player still beside it), before the events of Phase 4. The attacked squad "
         "must fight it as in Phase 1, and the player's other squads beside the Protector may flank, as the "
         "text allows. The player opens the fight, as against the Eternal Evil Emperor, and the Protector "
         "picks its second attribute as a Wandering Monster does. The squad may try to subdue it instead. "
         "Alternative: the Protector opens, with the next player picking for it.", "ruling"),
    Rule("ce-protector-return", "A victorious Protector goes home",
         "A Protector that wins a fight goes back to its spawn pit, if nothing stands on it. A Protector that "
         "loses dies, and its killer earns kill points as for a Wandering Monster."),
    Rule("ce-protector-hire", "Protectors are never hired",
         "A Protector on guard cannot be hired."),
    Rule("ce-protector-subdue", "A subdued Protector",
         "A Protector can be subdued. It then becomes one of the player's creatures like any other, its "
         "marker leaves the map, and it stops guarding. A subdued Protector is never abandoned nor "
         "sacrificed. Our choice: if it is set free again (its player out, a Slave Revolt, a crushed "
         "crystal), it has no pit left to guard and is a Wandering Monster like any other: it can be hired "
         "and events move it. Alternative: it walks back to guard its old pit.", "ruling"),
]
