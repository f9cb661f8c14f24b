"""Saving, loading and refusing hostile JSON positions."""

import json

import pytest

from necro.core import FormatError, load_state
from necro.graveyard_shift import GraveyardShift, GraveyardShiftState
from necro.graveyard_shift import scenarios as sc
from necro.graveyard_shift.bots import GreedyBot


def _played(seed=4, steps=60):
    state = GraveyardShift().new_initial_state(seed)
    bot = GreedyBot(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.play_chance()
        else:
            state.apply(bot.choose(state))
    return state


def test_round_trip_with_history_replays_and_undoes():
    state = _played()
    text = state.dumps()
    loaded = GraveyardShiftState.from_json(json.loads(text))
    assert loaded == state and loaded.log == state.log
    loaded.undo()
    state.undo()
    assert loaded == state


@pytest.mark.parametrize("name", sorted(sc.SCENARIOS))
def test_scenarios_round_trip(name):
    state = sc.SCENARIOS[name]()
    again = GraveyardShift().state_from_position(json.loads(json.dumps(state.position())))
    assert again == state and again.legal_actions() == state.legal_actions()


GOOD = sc.long_stack_edge().position()


def mutated(**changes):
    position = json.loads(json.dumps(GOOD))
    position.update(changes)
    return position


@pytest.mark.parametrize("position, path", [
    ("not a position", "position"),
    (mutated(phase="dance"), "position.phase"),
    (mutated(board={"e9": "B"}), "position.board.e9"),
    (mutated(board={**GOOD["board"], "b1": "BX"}), "position.board.b1"),
    (mutated(board={**GOOD["board"], "b1": 3}), "position.board.b1"),
    (mutated(board={**GOOD["board"], "b1": "BB"}), "position.board"),          # five brains
    (mutated(board={**GOOD["board"], "a1": "B", "b1": ""}), "position.board.a1"),  # part at rest on an entrance
    (mutated(pawns=["b2"]), "position.pawns"),
    (mutated(pawns=["b2", "z1"]), "position.pawns[1]"),
    (mutated(collected=["BB", ""]), "position.collected[0]"),
    (mutated(turn=2), "position.turn"),
    (mutated(turn=True), "position.turn"),
    (mutated(results=[0, 0]), "position.phase"),
    (mutated(results=["x"]), "position.results[0]"),
    (mutated(pool="B"), "position.board"),
    (mutated(moves=-1), "position.moves"),
    (mutated(entered=[False, True]), "position.entered[0]"),
    (mutated(extra=1), "position"),
    (mutated(phase="deal"), "position.board"),
])
def test_hostile_positions_give_format_errors_with_a_path(position, path):
    with pytest.raises(FormatError) as info:
        GraveyardShift().state_from_position(position)
    assert info.value.path == path, info.value


def test_hostile_documents():
    doc = _played().to_json()
    bad = json.loads(json.dumps(doc))
    bad["history"][5]["a"] = "a1-d4"
    with pytest.raises(FormatError) as info:
        load_state(bad, GraveyardShift)
    assert info.value.path == "history[5]"
    bad = json.loads(json.dumps(doc))
    bad["game"]["options"] = {"rounds": 4}
    with pytest.raises(FormatError):
        load_state(bad, GraveyardShift)
    bad = json.loads(json.dumps(doc))
    bad["position"]["collected"] = ["B", "H"]
    with pytest.raises(FormatError):
        load_state(bad, GraveyardShift)


def test_options_travel_with_the_document():
    state = sc.pass_over(GraveyardShift(pass_over="stop"))
    loaded = load_state(state.dumps(), GraveyardShift)
    assert loaded.game.options["pass_over"] == "stop"
    assert loaded.legal_actions() == state.legal_actions()


def test_a_pasted_view_loads_back_when_its_options_match():
    state = sc.pass_over()
    view = state.view(0)
    assert view["options"]["pass_over"] == "drop"
    assert GraveyardShift().state_from_position(view) == state
    with pytest.raises(FormatError) as info:
        GraveyardShift(pass_over="stop").state_from_position(view)
    assert info.value.path == "position.options.pass_over"
    with pytest.raises(FormatError):
        GraveyardShift().state_from_position({**view, "options": {"colour": "red"}})
