"""Necromancer Shovelfight: death wizards dig up graves, raise zombies and
whack each other with shovels while the worms eat the graveyard away."""

from .game import Shovelfight
from .rules import RULES
from .state import Action, ShovelfightState

__all__ = ["Shovelfight", "ShovelfightState", "Action", "RULES"]
