"""The busy excavator of the map game (``digger``): see :mod:`necro.cave_evil.bots`."""

from __future__ import annotations

from necro.core import Rng


def eager(state, rng: Rng) -> str:
    """The digger's choice among ``state``'s legal actions, drawing on ``rng``."""
    actions = state.legal_actions()
    goes = [a for a in actions if a.startswith("continue ")]
    if goes:
        return rng.choice(goes)
    digs = [a for a in actions if a.startswith("dig ")]
    if digs and rng.randbelow(4):
        return rng.choice(digs)
    others = [a for a in actions if a != "end" and (not a.startswith("collapse ") or rng.randbelow(4) == 0)]
    if not others or ("end" in actions and rng.randbelow(6) == 0):
        return "end"
    return rng.choice(others)


class DiggerBot:
    """The busy excavator of :func:`eager` as a bot."""

    name = "digger"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state) -> str:
        return eager(state, self.rng)

