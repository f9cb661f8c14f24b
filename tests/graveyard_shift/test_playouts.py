"""Seeded random matches with the contract checks and the game's invariants after every step."""

import pytest

from necro.core import IllegalAction, NotationError
from necro.core.testing import random_playouts
from necro.graveyard_shift import GraveyardShift
from necro.graveyard_shift.board import DEAL, MOVING, RETURNING, TAKING

from .helpers import INVARIANTS


def bad_inputs(state):
    """Inputs that must be refused here: nonsense, and real actions of the wrong kind."""
    phase = state.pos.phase
    bad = ["no such move", "a1-e5", "put X b2", "deal B"]
    if phase == MOVING:
        bad += ["take B", "put B b2"]
        if state.pos.pawns[state.pos.turn] is not None:
            bad.append("enter b2")
    elif phase in (TAKING, RETURNING):
        bad += ["a1-a2", "enter a1"]
    elif phase == DEAL:
        bad += ["enter a1", "deal B.B.B.BB.BH.H.H.HC.CC.C.L.L"]
    return bad


def test_random_matches_default_rules():
    report = random_playouts(lambda seed: GraveyardShift().new_initial_state(seed), range(12),
                             invariants=INVARIANTS, deep_every=3, bad_inputs=bad_inputs)
    assert report.games == 12
    assert set(report.winners) <= {0, 1, None} and {0, 1} <= set(report.winners)


@pytest.mark.parametrize("options", [
    {"master_takes": "top", "put_back": "capacity"},
    {"pass_over": "stop", "enter_on_pawn": "forbidden", "entrance_extra_turn": False},
    {"next_round": "alternate", "rounds": 5, "turn_limit": 100},
])
def test_random_matches_variants(options):
    report = random_playouts(lambda seed: GraveyardShift(**options).new_initial_state(seed), range(100, 104),
                             invariants=INVARIANTS, deep_every=5, bad_inputs=bad_inputs)
    assert report.games == 4


def test_many_fast_matches_keep_invariants():
    """Many more matches on the unchecked fast path, with the invariants only."""
    from necro.core import RandomBot

    seen_extra, seen_take = 0, 0
    for seed in range(150):
        state = GraveyardShift().new_initial_state(seed)
        bots = [RandomBot(seed), RandomBot(seed + 10_000)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance_unchecked()
            else:
                mover = state.current_player()
                state.apply_unchecked(bots[mover].choose(state))
                seen_extra += state.current_player() == mover and state.pos.phase == MOVING
                seen_take += state.pos.phase == TAKING
            for invariant in INVARIANTS:
                invariant(state)
    assert seen_extra > 0 and seen_take > 0  # the playouts do reach attacks and choices


def test_notation_round_trip_and_garbage():
    state = GraveyardShift().new_initial_state(3).play_chance()
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    for text in ("", "b2-", "enter", "take Z", "put B z9", "deal 1.2"):
        with pytest.raises(NotationError):
            state.apply(text)
    with pytest.raises(IllegalAction):
        state.apply(17)
