"""Bots: anything with ``choose(state) -> action``.

One small interface, so the widgets' "play against the computer", the
simulator and the tests drive every bot the same way. Bots get their own
seeded generator; they never touch the state's chance generator.
"""

from __future__ import annotations

from typing import Protocol

from .rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, state):
        """A legal action for ``state.current_player()``."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        return self.rng.choice(state.legal_actions())


def play(state, bots, max_steps: int = 100_000, recorded: bool = False):
    """Play ``state`` to the end with one bot per player; chance draws from the state.

    ``recorded=False`` uses the unchecked fast path (no log, no undo), which
    is what simulations want; ``recorded=True`` keeps the full history.
    Returns the number of steps taken (chance draws included).
    """
    for steps in range(max_steps):
        player = state.current_player()
        if state.is_terminal():
            return steps
        if state.is_chance_node():
            if recorded:
                state.play_chance()
            else:
                state.resolve_chance_unchecked()
            continue
        action = bots[player].choose(state)
        if recorded:
            state.apply(action)
        else:
            state.apply_unchecked(action)
    raise RuntimeError(f"game did not end within {max_steps} steps")


def random_playout(state, players: Rng) -> int:
    """Play ``state`` to its end on the fast path at random: chance from the state's own
    generator, each decision ``players.randbelow`` over the legal actions in their stable order.
    This is what the speed benchmark times against each game's bare reference loop (which makes
    the very same calls, so both play the same game). Returns the number of decisions made."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance_unchecked()
        else:
            actions = state.legal_actions()
            state.apply_unchecked(actions[players.randbelow(len(actions))])
            decisions += 1
    return decisions
