"""The Day of the Dead game: options (the rulings players may switch) and bots."""

from __future__ import annotations

from necro.core import Game, Option

from .editor import DayOfTheDeadEditor
from .rules import RULES
from .state import DayOfTheDeadState


class DayOfTheDead(Game):
    """Day of the Dead (2012): two necromancers, a six-turn duel of undead fighters and spirits.

    One state is a whole game: the deal, six turns, the winner. Every draw is
    a chance step over the cards left in that deck.
    """

    id = "day-of-the-dead"
    title = "Day of the Dead"
    rules = RULES
    state_class = DayOfTheDeadState
    editor_class = DayOfTheDeadEditor
    options_spec = (
        Option("spirit_fills", "fallen", ("fallen", "active"),
               "After a conversion, the old spirit fills the end of the line face down, or active "
               "(and scores at rewards).", "dotd-ruling-spirit-fills"),
        Option("unearth_spirit", True, (True, False),
               "May an Unearth spirit pick itself as the card to replace?", "dotd-ruling-unearth-self"),
        Option("win_convert", True, (True, False),
               "May a fighter beaten outright (Challenge, Nemesis) become the new spirit?",
               "dotd-ruling-win-convert"),
        Option("final_tie", "draw", ("draw", "fighters"),
               "Equal scores after six turns: a draw, or more active fighters wins.", "dotd-ruling-final-tie"),
        Option("cards", "book", ("book",), "The card set: the book's (see the chapter's card list).",
               "dotd-ruling-card-set"),
    )

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)
