"""Where a Shovelfight turn can stand: the phases a position is in, and the words that name them.

The state (:mod:`necro.shovelfight.state`) plays through these phases and the
loader (:mod:`necro.shovelfight.load`) checks a document against them; both
read them from here, so neither module imports the other's.
"""

PHASES = ("first", "place", "act", "move", "step", "shovel", "turn", "card", "hit", "shamble",
          "worm", "leap", "split", "land", "over")
CHANCE_PHASES = ("first", "move", "shovel", "turn", "worm", "split")
SETUP_PHASES = ("first", "place")
FALLING = ("leap", "split", "land")
"""The decisions inside one worm roll or one fall (rule sf-simultaneous): wizards leaping off eaten
graves, chance keeping a part, wizards landing. Until they are all taken the ground is still
moving, so the game's end is judged only once they are done, and the last wizards it takes,
in whichever of its steps, die together (``since`` remembers when it began to kill)."""
THEN = ("act", "shamble", "end")
"""Where a turn goes on once a hit or a fall is settled."""
CARD_VERB = {"A": "ace", "2": "two", "4": "four", "5": "five", "Jo": "joker"}
"""The dug cards that ask for a choice (phase ``card``), and the verb of that choice."""
