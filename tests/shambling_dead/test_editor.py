"""Edit mode for Night of the Shambling Dead (necro/shambling_dead/editor.py): each editable
field once accepted (the new position checked) and once refused (the message names the limit).
Every edit replays the hour shown from its first step, so a pending task never outlives it."""

from __future__ import annotations

import pytest

from necro.core import edit
from necro.core.edit import EditError

from .helpers import check_invariants, new


def at_hour_one(**options):
    """Set-up done by the first offered placements: the Hero and s2-s6 in the Front Line,
    s7-s10 in Support; hour 1 (the gauntlet) waits for its die."""
    state = new(**options)
    while state.hour == 0:
        state.apply(state.legal_actions()[0])
    return state


def figs(state, p=0):
    return state.position()["boards"][p]["figs"]


def test_the_hour_is_set_and_replayed_from_its_first_step():
    state = at_hour_one()
    edited = edit.edit(state, "hour", 5)
    pos = edited.position()
    assert pos["hour"] == 5 and pos["events"] == [1, 2, 3, 4, 5]
    # the Enemy Within finds nobody wounded and no zombie to fight: the Hero may reorder
    assert pos["task"] == {"k": "reorder", "p": 0, "moved": []}
    assert figs(edited) == figs(state)
    check_invariants(edited)
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(state, "hour", 11)


def test_the_shuffled_events_keep_those_drawn_and_fill_the_hours_skipped():
    state = at_hour_one(narration="event-deck")
    edited = edit.edit(state, "hour", 10)
    events = edited.position()["events"]
    assert events[-1] == 10 and len(set(events)) == 10
    assert edited.hour == 10


def test_a_figure_moves_to_the_other_zone_unless_the_front_line_is_full():
    state = at_hour_one()
    assert sum(1 for f in figs(state) if f[3] == "F") == 6
    moved = edit.edit(state, "place.0.2", "zone.0.S")
    assert [f for f in figs(moved) if f[0] == 2] == [[2, "S", 0, "S"]]
    check_invariants(moved)
    with pytest.raises(EditError, match="more than 6 survivors in the Front Line") as caught:
        edit.edit(state, "place.0.7", "zone.0.F")
    assert caught.value.control == "place.0.7"
    assert state.position()["boards"][0]["figs"] == figs(state)  # the state is untouched


def test_a_figure_is_taken_off_the_board():
    state = at_hour_one()
    edited = edit.edit(state, "place.0.10", "off")
    assert [f[0] for f in figs(edited)] == list(range(1, 10))
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(state, "place.0.10", "zone.1.F")  # one player: no second board


def test_a_figure_is_added_within_the_front_line_cap():
    state = at_hour_one()
    edited = edit.edit(state, "add.0.F", "Z")
    zombies = [f for f in figs(edited) if f[1] == "Z"]
    assert zombies and zombies[0][0] == 11 and zombies[0][3] == "F"
    hero = edit.edit(state, "add.0.S", "H")
    assert [11, "H", 0, "S"] in figs(hero)
    with pytest.raises(EditError, match="more than 6 survivors in the Front Line"):
        edit.edit(state, "add.0.F", "S")
    wider = edit.edit(state, "option.front_cap", 10)
    assert [11, "S", 0, "F"] in figs(edit.edit(wider, "add.0.F", "S"))


def test_a_survivor_is_wounded_once_at_most():
    state = at_hour_one()
    edited = edit.edit(state, "wounds.0.3", 1)
    assert [3, "S", 1, "F"] in figs(edited)
    assert "wounded" in next(c.label for c in edit.controls(edited) if c.id == "wounds.0.3")
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(state, "wounds.0.3", 2)
    with pytest.raises(EditError, match="no such control"):
        edit.edit(edited, "wounds.0.11", 1)  # zombies carry no wound to edit


def test_an_edit_in_a_battle_drops_its_contacts_and_fights_it_again():
    state = at_hour_one()
    for _ in range(400):  # into hour 2, a zombie assault and its battle
        if state.hour >= 2 and state.boards[0].pairs:
            break
        if state.is_chance_node():
            state.play_chance()
        else:
            state.apply(state.legal_actions()[-1])
    assert state.boards[0].pairs and state.hour == 2
    step = next(c for c in edit.controls(state) if c.id == "step")
    assert step.value == 1 and step.choices[1] == (1, "player 1's battle")
    zombie = next(f for f in figs(state) if f[1] == "Z")
    edited = edit.edit(state, f"place.0.{zombie[0]}", "off")
    pos = edited.position()
    assert edited.hour == 2 and pos["boards"][0]["pairs"] == []
    assert pos["task"] == {"k": "stance", "p": 0} and pos["queue"] == [["reorder", 0], ["endturn"]]
    check_invariants(edited)


def test_the_hour_starts_at_the_step_chosen():
    state = edit.edit(edit.edit(at_hour_one(), "hour", 2), "add.0.F", "Z")
    assert state.position()["task"]["why"] == "assault"  # the hour replayed from its assault card
    battle = edit.edit(state, "step", 1)
    assert battle.position()["task"] == {"k": "stance", "p": 0}
    assert battle.position()["events"] == [1, 2] and battle.hour == 2
    assert len(battle.boards[0].zombies()) == 1  # no card drawn: the zombie set up is the one fought
    with pytest.raises(EditError, match="not one of the choices"):
        edit.edit(state, "step", 3)  # the hour's end is the next hour, not a step


def test_an_emptied_board_ends_that_players_night_and_an_edit_brings_it_back():
    state = new()  # hour 0: nothing placed yet
    emptied = edit.edit(state, "hour", 1)
    assert emptied.is_terminal() and emptied.boards[0].out
    back = edit.edit(emptied, "add.0.F", "H")
    assert not back.is_terminal() and back.boards[0].out is None and back.hour == 1
