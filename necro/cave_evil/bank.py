"""The box's counted pieces: the resource bank and the rock markers (rules ce-bank, ce-bank-rocks;
ruling ce-bank-how; game option ``bank``).

The contents list gives each resource 16 counters of five, 20 of three and 30 of one: 170 a
resource, changed freely among themselves; and 18 rock markers, three on every dig under way.
With ``bank="counted"`` (the default) nothing the bank pays can take a resource past 170 in play
(carried by squads or lying on the map: the loot ledger, :attr:`CaveEvilState.ledger`), and a dig
that needs rocks waits for three free markers. With ``bank="unbounded"`` neither runs out.
"""

from __future__ import annotations

from .excavation import IMMEDIATE, ROCKS
from .ground import Refusal

COUNTERS = {5: 16, 3: 20, 1: 30}
"""The bank's counters of each resource, by value (the contents list)."""
PER_RESOURCE = sum(v * n for v, n in COUNTERS.items())
"""What the bank holds of each resource: 170."""
ROCK_MARKERS = 18
"""Rock markers in the box: three cover each dig under way (rule ce-dig-declare)."""


def counted(state) -> bool:
    """Whether the bank and the rock markers are limited in this game (option ``bank``)."""
    return state.game.options.get("bank", "counted") == "counted"


def in_bank(state, resource: str) -> int | None:
    """What the bank still holds of ``resource`` (None: unbounded)."""
    if not counted(state):
        return None
    return max(0, PER_RESOURCE - state.ledger[resource])


def pay(state, resource: str, n: int, what: str) -> int:
    """How much of ``n`` ``resource`` the bank pays for ``what`` (rule ce-bank; ruling ce-bank-how):
    all of it, or what is left in the bank, saying so in the log when it falls short."""
    left = in_bank(state, resource)
    if left is None or left >= n:
        return n
    state.note("ce-bank-how", f"The bank has only {left} {resource} left: {what} brings {left} of {n}.")
    return left


def rocks_in_use(state) -> int:
    """Rock markers lying on digs under way."""
    return sum(d.rocks for d in state.digs.values())


def rock_refusal(state, sid: str) -> Refusal | None:
    """Why squad ``sid`` may not declare a dig for want of rock markers (rule ce-bank-rocks); None:
    it may (an immediate excavator needs none)."""
    if not counted(state) or state.squads[sid].pick >= IMMEDIATE:
        return None
    free = ROCK_MARKERS - rocks_in_use(state)
    if free < ROCKS:
        return Refusal("ce-bank-rocks", f"all {ROCK_MARKERS} rock markers lie on digs under way ({free} free): "
                                        "a new dig waits until one is finished")
    return None
