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
    editor_class = ShovelfightEditor

    legacy = False
    """True for a game saved before the option ``fall_path`` existed (issue 25), which goes on
    by the rules it was played by: falling wizards pass over holes for free (sf-fall-path,
    ``fall_path="holes"``) and the game ended the moment one wizard stood, even with that wizard
    still to leap (the first sf-simultaneous, see ``ShovelfightState._legacy_end``). Without
    that, such a save's history would no longer lead to its stored position, and it would be
    refused. Its spec is written without ``fall_path`` again, so it stays what it is."""

    @classmethod
    def from_spec(cls, reader):
        game = super().from_spec(reader)
        if "fall_path" not in (reader.value.get("options") or {}):
            game.options["fall_path"] = "holes"
            game.legacy = True
        return game

    def spec(self) -> dict:
        spec = super().spec()
        if self.legacy:
            del spec["options"]["fall_path"]
        return spec

    def bots(self):
        from necro.core.bots import RandomBot

        from .bots import HeuristicBot, SearchBot

        return {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
