"""The engine contract shared by every game (see :mod:`necro.core.game`)."""

from .bots import Bot, RandomBot, play
from .errors import FormatError, IllegalAction, NecroError, NotationError, OptionError
from .game import (CHANCE, SPECTATOR, TERMINAL, Game, LogEntry, NothingToUndo, Option, SharedActions, State, Step,
                   load_state)
from .reader import Reader, read_json_file
from .rng import Rng, die
from .rules import Rule, RuleBook, taught_on

__all__ = [
    "Bot", "RandomBot", "play", "FormatError", "IllegalAction", "NecroError", "NotationError", "OptionError",
    "CHANCE", "SPECTATOR", "TERMINAL", "Game", "LogEntry", "NothingToUndo", "Option", "SharedActions", "State", "Step",
    "load_state",
    "Reader", "read_json_file", "Rng", "die", "Rule", "RuleBook", "taught_on",
]
