"""The Graveyard Shift game: options (the rulings players may switch) and bots."""

from __future__ import annotations

from necro.core import Game, Option

from .board import Options
from .editor import GraveyardShiftEditor
from .rules import RULES
from .state import GraveyardShiftState


class GraveyardShift(Game):
    """Graveyard Shift (Isaiah Tanenbaum, 2011): a 4x4 sowing race for body parts.

    One state is a whole match (three rounds by default); each round starts
    with a chance step that deals the graveyard.
    """

    id = "graveyard-shift"
    title = "Graveyard Shift"
    rules = RULES
    state_class = GraveyardShiftState
    editor_class = GraveyardShiftEditor
    options_spec = (
        Option("rounds", 3, (1, 3, 5), "Rounds in a match (the text recommends three).", "gs-match"),
        Option("next_round", "loser", ("loser", "alternate", "winner"),
               "Who starts each later round.", "gs-ruling-next-round"),
        Option("master_takes", "choice", ("choice", "top"),
               "Which new kind the master keeps when a delivery holds several: the player's choice, "
               "or the topmost.", "gs-ruling-master-choice"),
        Option("put_back", "any", ("any", "capacity"),
               "Where delivered parts go back: any grave or mausoleum without a pawn, or only squares "
               "below their set-up share.", "gs-ruling-put-back-squares"),
        Option("pass_over", "drop", ("drop", "stop"),
               "A stack passing the other pawn drops a part there and goes on, or stops there as an "
               "attack.", "gs-ruling-pass-over"),
        Option("enter_on_pawn", "attack", ("attack", "forbidden"),
               "After the first placements, may a pawn enter on the other pawn's entrance?",
               "gs-ruling-enter-on-pawn"),
        Option("entrance_extra_turn", True, (True, False),
               "Does an attack that is also a delivery still give the extra turn?",
               "gs-ruling-entrance-attack"),
        Option("turn_limit", 200, (0, 100, 200, 400),
               "Moves and placements after which a round without a winner is drawn (0: no limit).",
               "gs-ruling-turn-limit"),
    )

    def rules_options(self) -> Options:
        """The options as the compact frozen record the rules code reads."""
        return Options(**self.options)

    def bots(self):
        from .bots import GreedyBot, RandomBot, StrongBot

        def strong(level):
            return lambda seed=0, **kw: StrongBot(seed=seed, level=level, **kw)

        return {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot,
                "strong-1": strong(1), "strong-2": strong(2), "strong-3": strong(3)}
