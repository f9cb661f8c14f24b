"""The Shovelfight game object: player counts, options (each tied to a ruling) and bots."""

from __future__ import annotations

from necro.core import Game, Option

from .editor import ShovelfightEditor
from .rules import RULES
from .state import ShovelfightState


class Shovelfight(Game):
    """Necromancer Shovelfight by Jackson Tegu (version 6.4+), for 3 to 6 players."""

    id = "shovelfight"
    title = "Necromancer Shovelfight"
    rules = RULES
    min_players = 3
    max_players = 6
    options_spec = (
        Option("start", "fixed", ("fixed", "choose"),
               "Wizards start on fixed graves seat by seat, or players choose among the marked ones in turn.",
               rule="sf-start-graves"),
        Option("stranded", "nearest", ("nearest", "falls"),
               "A worm-eaten wizard with no adjacent grave leaps to the nearest one, or falls and dies.",
               rule="sf-stranded-wizard"),
        Option("fall_path", "adjacent", ("adjacent", "holes"),
               "A wizard crosses falling ground grave by grave (a hit for each falling grave it lands "
               "on), or passes over any number of holes for free.",
               rule="sf-fall-path"),
        Option("team_size", "unlimited", ("unlimited", "eight"),
               "No maximum number of zombies (the FAQ), or at most the eight tokens of a team.",
               rule="sf-team-size"),
        Option("last_stand", "share", ("share", "nobody"),
               "Last wizards dying at the same moment share the win, or nobody wins.",
               rule="sf-simultaneous"),
    )
    state_class = ShovelfightState

    LEGACY_OPTIONS = {"fall_path": "holes"}
    """Options added after games were saved, with the value that keeps such a saved game's rules.
    Every spec written since names every option, so one without ``fall_path`` was saved when
    falling wizards passed over holes for free (sf-fall-path): it replays as it was played."""

    @classmethod
    def from_spec(cls, reader):
        game = super().from_spec(reader)
        written = reader.value.get("options") or {}
        for name, value in cls.LEGACY_OPTIONS.items():
            if name not in written:
                game.options[name] = value
        return game
    editor_class = ShovelfightEditor

    def bots(self):
        from necro.core.bots import RandomBot

        from .bots import HeuristicBot, SearchBot

        return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
