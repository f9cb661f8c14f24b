"""Day of the Dead (2012): a six-turn card duel of undead fighters and spirits (see ``book/day-of-the-dead``)."""

from .board import Act
from .cards import Card, CardSet, card_set
from .game import DayOfTheDead
from .rules import RULES
from .state import DayOfTheDeadState

__all__ = ["DayOfTheDead", "DayOfTheDeadState", "Act", "RULES", "Card", "CardSet", "card_set"]
