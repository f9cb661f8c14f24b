"""Graveyard Shift's edit mode: every editable field, once accepted and once refused by the loader."""

from __future__ import annotations

import pytest

from necro.core import edit
from necro.core.edit import EditError
from necro.graveyard_shift import GraveyardShift, scenarios


def dealt():
    return scenarios.opening()  # the standard deal: b1 B, c1 H, a2 C, b2 BL, c2 CH, ...


def delivering():
    """Player 1 has just delivered B,H at a1 and chooses which one the master keeps."""
    return GraveyardShift().state_from_position({
        "board": BOARD, "pawns": ["a1", "d4"], "collected": ["", ""], "phase": "take", "turn": 0,
        "pool": "BH", "after": 1, "entered": [True, True], "moves": 12})


def returning():
    """Player 1's master kept a brain; player 2 puts back the first of H, C."""
    board = dict(BOARD)
    del board["b1"]
    return GraveyardShift().state_from_position({
        "board": board, "pawns": [None, "d4"], "collected": ["B", ""], "phase": "return", "turn": 1,
        "pool": "HC", "after": 1, "entered": [True, True], "moves": 12})


BOARD = {"b1": "C", "c1": "L", "a2": "C", "b2": "BL", "c2": "CH", "d2": "L", "a3": "B", "b3": "HC",
         "c3": "LB", "b4": "H"}


def refused(state, control, value, words):
    with pytest.raises(EditError, match=words):
        edit.edit(state, control, value)


def test_a_part_moves_onto_another_stack_and_never_onto_an_entrance():
    state = dealt()
    moved = edit.edit(state, "part.b2", "c3")
    assert moved.position()["board"]["b2"] == "B" and moved.position()["board"]["c3"].endswith("L")
    refused(state, "part.b2", "d1", "parts never rest on an entrance")
    assert edit.edit(state, "part.b2", "").position() == state.position()


def test_a_part_goes_to_a_collection_once_per_kind():
    state = dealt()
    got = edit.edit(state, "part.b1", "tray1")
    assert got.position()["collected"] == ["B", ""]
    refused(got, "part.a3", "tray1", "collects each kind once")


def test_a_collected_part_goes_back_on_the_board():
    state = edit.edit(dealt(), "part.b1", "tray2")
    back = edit.edit(state, "collected.1.B", "d3")
    assert back.position()["collected"] == ["", ""] and back.position()["board"]["d3"].endswith("B")
    refused(state, "collected.1.B", "a4", "parts never rest on an entrance")


def test_a_waiting_part_is_put_back_and_a_choice_keeps_two_new_kinds():
    moved = edit.edit(returning(), "pool.H", "b1")
    assert moved.position()["pool"] == "C" and moved.position()["board"]["b1"] == "H"
    refused(returning(), "pool.H", "a4", "parts never rest on an entrance")
    refused(delivering(), "pool.H", "b1", "at least two new kinds")


def test_pawns_go_to_any_square_or_off_the_map():
    state = dealt()
    on = edit.edit(state, "pawn.0", "b2")
    assert on.position()["pawns"][0] == "b2" and on.position()["entered"][0]
    refused(delivering(), "pawn.0", "b1", "a delivering pawn stands on an entrance")


def test_turn_and_phase():
    state = dealt()
    assert edit.edit(state, "turn", 1).current_player() == 1
    refused(state, "phase", "take", "at least two new kinds")
    refused(state, "phase", "over", "the match is not over yet")


def test_results_and_the_move_count():
    state = dealt()
    assert edit.edit(state, "results", [1]).position()["results"] == [1]
    refused(state, "results", [0, 0], "the results say the match is over")
    assert edit.edit(state, "moves", 150).position()["moves"] == 150
    refused(state, "moves", 401, "a whole number from 0 to 400")
