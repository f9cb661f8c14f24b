"""Graveyard Shift (Isaiah Tanenbaum, 2011), rules engine: see ``book/graveyard-shift``."""

from .board import Deal, Enter, Move, Put, Take
from .game import GraveyardShift
from .rules import RULES
from .state import GraveyardShiftState

__all__ = ["GraveyardShift", "GraveyardShiftState", "RULES", "Deal", "Enter", "Move", "Put", "Take"]
