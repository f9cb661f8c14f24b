"""Computer players for Cave Evil, while the game is still the map alone.

``random`` picks any legal action. ``digger`` is a busy excavator: it goes on
with every dig it has, starts one three times in four when it may, seldom
collapses, and otherwise wanders (moves, breakaways) until it ends its turn,
one time in six or when nothing else is left. Random play ends most turns at
once and hardly ever finishes a dig; the digger fills the map, which is what
the chapter's demonstrations, the playout tests and the benchmark's crowded
map want. Neither plays to win: there is nothing to win before combat.
"""

from __future__ import annotations

from necro.core import RandomBot, Rng


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


BOTS = {"random": RandomBot, "digger": DiggerBot}
