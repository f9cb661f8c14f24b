"""Shared helpers and invariants for the Graveyard Shift tests."""

from necro.graveyard_shift import GraveyardShift
from necro.graveyard_shift.board import DEAL, ENTRANCES, KINDS, OVER, SQUARES


def board(state) -> dict:
    return state.position()["board"]


def parts_accounted(state) -> None:
    """All sixteen parts are on the board, being delivered/put back, or collected."""
    pos = state.pos
    every = "".join(pos.stacks) + pos.pool + "".join(pos.got)
    if pos.phase == DEAL:
        assert every == "", "between rounds the graveyard is empty until the deal"
        return
    for k in KINDS:
        assert every.count(k) == 4, f"{k}: {every.count(k)} parts in {state.position()}"


def entrances_clear(state) -> None:
    """No part rests on an entrance once an action is over (gs-ruling-no-entrance-drops)."""
    if state.pos.phase == OVER:
        return
    for e in ENTRANCES:
        assert not state.pos.stacks[e], f"parts {state.pos.stacks[e]} on entrance {SQUARES[e]}"


def collected_unique(state) -> None:
    for got in state.pos.got:
        assert len(set(got)) == len(got) <= 4, f"collected kinds repeat: {got}"
        if len(got) == 4:
            assert state.pos.phase == OVER, "a round with a four-kind master has ended"


INVARIANTS = (parts_accounted, entrances_clear, collected_unique)


def game(**options):
    return GraveyardShift(**options)
