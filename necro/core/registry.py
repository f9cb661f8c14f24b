"""The games necro knows, by id, imported lazily so one broken or slow game
never stops the others (or the command line) from loading."""

from __future__ import annotations

import importlib

GAMES = {
    "graveyard-shift": "necro.graveyard_shift:GraveyardShift",
    "shovelfight": "necro.shovelfight:Shovelfight",
    "shambling-dead": "necro.shambling_dead:ShamblingDead",
    "day-of-the-dead": "necro.day_of_the_dead:DayOfTheDead",
    "cave-evil": "necro.cave_evil:CaveEvil",
}


def game_class(game_id: str):
    """The Game class registered as ``game_id`` (KeyError if unknown)."""
    module, name = GAMES[game_id].split(":")
    return getattr(importlib.import_module(module), name)


def game_classes():
    """Every registered game class that imports."""
    found = []
    for game_id in GAMES:
        try:
            found.append(game_class(game_id))
        except ImportError:
            continue
    return found
