"""Shared helpers of the Cave Evil game tests: invariants, and play by the digger bot's choices."""

from __future__ import annotations

from necro.core import Rng
from necro.cave_evil.bots import eager
from necro.cave_evil.ground import UNDUG
from necro.cave_evil.state import FINISHING, PLAY, full_deck

from .test_random_ground import check_invariants

BAD = ("no such move", "move V +0+0", "dig IV", "continue II with III", "hall +0+0 r0", "place +0+0 r0",
       "step +0+0", "first 9", "d12 13", "face-down nothing", "draw nothing")


def check_map(state) -> None:
    """The map invariants: tiles never over a spawn pit, a Lair or its shell; the ground graph is
    the open hexes; rocks never negative; every excavation card in exactly one place; no more
    tiles of a kind than the box holds; squads on open or collapsed ground."""
    g = state.ground
    check_invariants(g)
    for tile_id, n in g.used().items():
        assert n <= g.tiles[tile_id].count, tile_id
    for dig in state.digs.values():
        assert 0 <= dig.rocks <= 3 and (dig.rocks > 0) == (dig.stage == "digging")
        assert dig.stage != "done"
    assert sum(1 for d in state.digs.values() if d.stage in FINISHING) <= 1
    assert state.accounted() == full_deck(), "an excavation card is missing or in two places"
    for s in state.squads:
        assert g.status_of(s.hex) != UNDUG and s.hex not in g.shell
    if state.phase == PLAY:
        for p in range(state.game.players):
            assert (p in state.out) != any(s.card == "N" for s in state.squads.of(p))


def play_eager(state, seed: int, steps: int | None = None, recorded: bool = True, until=None):
    """Play on with :func:`eager` choices (chance from the state) for ``steps`` steps, until
    ``until(state)`` holds, or to the end."""
    rng = Rng(seed)
    n = 0
    while not state.is_terminal() and (steps is None or n < steps) and not (until and until(state)):
        if state.is_chance_node():
            state.play_chance() if recorded else state.resolve_chance_unchecked()
        else:
            a = eager(state, rng)
            state.apply(a) if recorded else state.apply_unchecked(a)
        n += 1
    return state
