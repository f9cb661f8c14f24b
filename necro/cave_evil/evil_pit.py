"""The Pit of Infinite Shadow (rule ce-evil-pit): awake since an earlier cycle, the first Necromancer
to step onto The Pit leaps in and wins.
"""

from __future__ import annotations

from . import fights as fx
from .basics import OVER
from .hexes import neighbours
from .movement import reachable


def wakes(state) -> None:
    """It wakes: from the next cycle on, The Pit is the way to win (rule ce-evil-pit)."""
    state.note("ce-evil-pit", "From the next cycle on, the first Necromancer to step onto The Pit "
                              f"({state.ground.pit()}) wins.")


def may_jump(state, sid: str) -> bool:
    """The Pit of Infinite Shadow is awake since an earlier cycle and this Necromancer's squad can
    reach The Pit this turn (rule ce-evil-pit: no stop, no fight needed; enemies and Wandering
    Monsters beside The Pit do not stop it)."""
    if not (state.full and state.evil == "pit-of-infinite-shadow" and state.track.awakened and not state.power_turn
            and state.awake_cycle is not None and state.cycle > state.awake_cycle):
        return False
    squad = state.squads.by_id.get(sid)
    if squad is None or not squad.has_necromancer or squad.owner != state.turn:
        return False
    pit = state.ground.pit()
    if pit in neighbours(squad.hex) and squad.left > 0 and not fx.trapped(state.ground, squad):
        return True
    return pit in reachable(state.ground, state.squads, sid, ignore=neighbours(pit))  # nobody beside The Pit stops it


def jump(state, sid: str) -> None:
    """``move N <the Pit>``: the Necromancer leaps into the Pit and its player wins (rule ce-evil-pit)."""
    squad = state.squads[sid]
    state.pending = None
    state.note("ce-evil-pit", f"Player {squad.owner + 1}'s Necromancer leaps into the Pit of Infinite Shadow "
                              "and rises a deity: player " f"{squad.owner + 1} wins.")
    state.winner_player = squad.owner
    state.phase, state.turn, state.must_fight, state.queue = OVER, None, [], []
