"""Where a Shovelfight turn can stand: the phases a position is in, and the words that name them.

The state (:mod:`necro.shovelfight.state`) plays through these phases and the
loader (:mod:`necro.shovelfight.load`) checks a document against them; both
read them from here, so neither module imports the other's.
"""

PHASES = ("first", "place", "act", "move", "step", "shovel", "turn", "card", "hit", "shamble",
          "worm", "leap", "split", "land", "over")
CHANCE_PHASES = ("first", "move", "shovel", "turn", "worm", "split")
SETUP_PHASES = ("first", "place")
THEN = ("act", "shamble", "end")
"""Where a turn goes on once a hit or a fall is settled."""
CARD_VERB = {"A": "ace", "2": "two", "4": "four", "5": "five", "Jo": "joker"}
"""The dug cards that ask for a choice (phase ``card``), and the verb of that choice."""
