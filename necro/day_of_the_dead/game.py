"""The Day of the Dead game: options (the rulings players may switch) and bots."""

from __future__ import annotations

from necro.core import Game, Option
from necro.core.reader import Reader

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
        Option("win_convert", False, (False, True),
               "May a fighter beaten outright (Challenge, Nemesis) become the new spirit? (The Challenge FAQ "
               "skips every other part of fighting, conversion included.)", "dotd-ruling-win-convert"),
        Option("replaced_uses", "lapse", ("lapse", "newcomer"),
               "A fighter replaced after its effect was used (Spook, an Unearth of itself): its remaining uses "
               "(Double spirit, Alchemy) lapse, as the Spook FAQ says, or the newcomer takes them.",
               "dotd-ruling-replaced-uses"),
        Option("after_unearth", "card", ("card", "slot"),
               "Spy's and Moody's after-fight Unearth: only while that card is still in its slot, or whatever "
               "card the slot holds then.", "dotd-ruling-after-card"),
        Option("face_down_choices", "simultaneous", ("simultaneous", "in-turn"),
               "Face-down cards chosen by both players (turn 1's fighter, each new spirit): as if at once (the "
               "second chooser sees nothing of the first card until both are laid), or in turn (the second "
               "sees the first card's back).", "dotd-ruling-hidden-order"),
        Option("final_tie", "draw", ("draw", "fighters"),
               "Equal scores after six turns: a draw, or more active fighters wins.", "dotd-ruling-final-tie"),
        Option("cards", "book", ("book",), "The card set: the book's (see the chapter's card list).",
               "dotd-ruling-card-set"),
    )

    LEGACY_OPTIONS = {"win_convert": True, "replaced_uses": "newcomer", "after_unearth": "slot",
                      "face_down_choices": "in-turn"}
    """The rules games saved before 2026-11-27 were played under (see :meth:`from_spec`)."""

    @classmethod
    def from_spec(cls, reader):
        """As :meth:`Game.from_spec`, with a migration: a saved game lists every option it was played
        with, so a spec that lists options but not those added on 2026-11-27 was written before them
        and is loaded with the rules it was played under (:data:`LEGACY_OPTIONS`), which its history
        replays to. A spec that names no option at all gets today's defaults."""
        doc = reader.value
        options = doc.get("options") if isinstance(doc, dict) else None
        if isinstance(options, dict) and options and "replaced_uses" not in options:
            reader = Reader(dict(doc, options={**cls.LEGACY_OPTIONS, **options}), reader.path)
        return super().from_spec(reader)

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)
