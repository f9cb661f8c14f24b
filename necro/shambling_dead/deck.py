"""A player's deck (or the table's shared one) during a night: a draw pile and its discards.

Its own module because the state (:mod:`necro.shambling_dead.state`) plays with it and the
loader (:mod:`necro.shambling_dead.load`) rebuilds it from a document; both import it from
here, so neither imports the other's.
"""

from __future__ import annotations

from .tables import DECK


class Deck:
    """A draw pile and its discards; together always the 41 cards."""

    __slots__ = ("pile", "discard")

    def __init__(self, pile=None, discard=None):
        self.pile = list(DECK) if pile is None else pile
        self.discard = [] if discard is None else discard

    def copy(self) -> "Deck":
        return Deck(list(self.pile), list(self.discard))
