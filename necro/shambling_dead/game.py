"""The Game: rules, options (the rulings players may switch) and bots."""

from __future__ import annotations

from necro.core import Game, Option

from .editor import ShamblingDeadEditor
from .rules import RULES
from .state import ShamblingState


class ShamblingDead(Game):
    """Night of the Shambling Dead (Matthew Hartley, 2018): 1-4 players, each
    alone against the same night, with the engine as the Narrator."""

    id = "shambling-dead"
    title = "Night of the Shambling Dead"
    rules = RULES
    min_players = 1
    max_players = 4
    state_class = ShamblingState
    editor_class = ShamblingDeadEditor
    options_spec = (
        Option("front_cap", 6, (6, 10), "Most survivors allowed in the Front Line.", "nsd-ruling-front-cap"),
        Option("deck", "shared", ("shared", "own"), "One deck dealt to every player, or a deck each.",
               "nsd-ruling-shared-deck"),
        Option("outnumbered", "contact", ("contact", "join"),
               "Survivors without a zombie in contact stay out of the fight, or double up.",
               "nsd-ruling-outnumbered"),
        Option("narration", "track", ("track", "event-deck"),
               "The fixed Narration Track, or the designer's shuffled deck of events.", "nsd-event-deck"),
        Option("zombie_cap", 0, (0, 10), "Most zombies on one board (0: no limit).",
               "nsd-ruling-zombie-supply"),
    )

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)
