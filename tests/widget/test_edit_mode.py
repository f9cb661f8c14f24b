"""Edit mode (necro/core/edit.py) for every game, and the board's side of it (necro/widget/play.py).

Each game's editor is tried the same way on positions from seeded random play: every control
offered, with every value it offers, either gives a position the game's own loader accepts (and
that the engine can play from), or is refused with an :class:`EditError` while the state stays as
it was. The board keeps the states before each edit, so undo takes edits back.
"""

from __future__ import annotations

import random

import pytest

from necro.core import edit
from necro.core.edit import EditError
from necro.core.game import load_state
from necro.core.registry import game_classes
from necro.graveyard_shift import GraveyardShift
from necro.widget import GameWidget


def positions(game_cls, count=3, seed=7):
    """A few states of ``game_cls`` after seeded random play (set-up included)."""
    rng = random.Random(seed)
    found = []
    for i in range(count):
        state = game_cls(game_cls.min_players).new_initial_state(seed + i)
        for _ in range(rng.randrange(0, 60)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.play_chance()
            else:
                state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.mark.parametrize("game_cls", game_classes(), ids=lambda g: g.id)
def test_every_offered_edit_gives_a_playable_position_or_a_plain_refusal(game_cls):
    rng = random.Random(1)
    for state in positions(game_cls):
        before = state.to_json()
        controls = edit.controls(state)
        ids = [c.id for c in controls]
        assert len(ids) == len(set(ids)), "control ids are unique"
        assert [c.id for c in edit.controls(state)] == ids, "the same position offers the same controls"
        view = edit.edit_view(state)
        names = {key for key, _ in view["elements"]}
        for control in controls:
            assert not control.on or control.on in names, f"{control.id} belongs to an element the page can list"
            values = [v for v, _ in control.choices] if control.kind == "choice" else [control.low, control.high]
            for value in rng.sample(values, min(len(values), 4)):
                try:
                    edited = edit.edit(state, control.id, value)
                except EditError as exc:
                    assert str(exc) and exc.control == control.id
                    continue
                # the engine can play from it: legal actions listed, a JSON round trip
                edited.legal_actions() if not edited.is_terminal() else None
                assert load_state(edited.to_json()).position() == edited.position()
        assert state.to_json() == before, "editing never changes the state it starts from"


@pytest.mark.parametrize("game_cls", game_classes(), ids=lambda g: g.id)
def test_a_value_not_offered_and_an_unknown_control_are_refused(game_cls):
    state = game_cls(game_cls.min_players).new_initial_state(3)
    with pytest.raises(EditError, match="no such control"):
        edit.edit(state, "no.such.thing", 1)
    for control in edit.controls(state):
        bad = {"choice": "not a choice at all", "number": (control.high or 0) + 1}[control.kind]
        with pytest.raises(EditError, match="not one of the choices|a whole number"):
            edit.edit(state, control.id, bad)


def test_an_option_is_switched_on_the_same_position():
    state = GraveyardShift().new_initial_state(1)
    state.play_chance()
    switched = edit.edit(state, "option.pass_over", "stop")
    assert switched.game.options["pass_over"] == "stop" and switched.position() == state.position()
    assert edit.edit(state, "option.rounds", 1).game.options["rounds"] == 1


def test_the_board_edits_undoes_and_redoes_edits_then_plays_from_the_edited_position():
    start = GraveyardShift().new_initial_state(1)
    start.play_chance()
    board = GameWidget(start.copy())
    assert board.edit("turn", 1) is False and "not in edit mode" in board.error
    board.handle_play({"type": "edit_mode", "on": True})
    assert board.view["actions"] == [] and [c["id"] for c in board.view["edit"]["controls"]][0] == "part.b4"
    assert board.act(str(start.legal_actions()[0])) is False and "edit mode" in board.error
    top = start.position()["board"]["b1"]
    board.handle_play({"type": "edit", "control": "part.b1", "value": "c2"})
    assert board.error == "" and board.state.position()["board"].get("b1", "") == top[:-1]
    board.handle_play({"type": "edit", "control": "part.c2", "value": "a1"})
    assert "parts never rest on an entrance" in board.error
    assert board.state.position()["board"].get("b1", "") == top[:-1], "a refused edit changes nothing"
    board.handle_play({"type": "edit", "control": "pawn.0", "value": "a1"})
    assert board.error == "" and board.view["can_undo"]
    board.handle_play({"type": "undo"})
    assert board.state.position()["pawns"][0] is None
    board.handle_play({"type": "redo"})
    assert board.state.position()["pawns"][0] == "a1"
    board.handle_play({"type": "edit_mode", "on": False})
    assert "edit" not in board.view and board.view["actions"]
    board.act(board.view["actions"][0]["a"])
    assert board.error == "" and board.state.steps
    # undo goes back through the move, then through the two edits, to the position the board had
    for _ in range(3):
        assert board.undo()
    assert board.state.position() == start.position()
    board.undo()  # and on into that position's own history: the deal
    assert board.state.position()["phase"] == "deal"


def test_reset_leaves_edit_mode_and_forgets_the_edits():
    start = GraveyardShift().new_initial_state(1)
    start.play_chance()
    board = GameWidget(start.copy())
    board.set_editing(True)
    board.edit("turn", 1)
    board.reset()
    assert not board.editing and "edit" not in board.view and board.state.position() == start.position()
    board.undo()
    assert board.state.position()["phase"] == "deal", "undo went into the start position, not to an edit"


def test_nothing_plays_while_editing_and_a_loaded_game_ends_the_edit_history():
    from necro.graveyard_shift.bots import GreedyBot

    start = GraveyardShift().new_initial_state(1)
    board = GameWidget(start.copy(), bots={1: GreedyBot(seed=1)}, auto_chance=False)
    board.set_editing(True)
    for request in ({"type": "roll"}, {"type": "bot_move"}):
        board.handle_play(request)
        assert "edit mode" in board.error and board.state.position() == start.position()
    board.set_editing(False)
    board.roll()
    assert board.error == "" and board.state.position()["phase"] == "move"
    board.set_editing(True)
    board.edit("turn", 1)
    board.load(start.position())
    assert board.error == "" and not board.view["can_undo"], "undo does not reach behind a loaded position"


def test_a_board_of_a_game_with_secrets_looks_through_any_seat():
    from necro.core import SPECTATOR
    from necro.day_of_the_dead import DayOfTheDead

    state = DayOfTheDead().new_initial_state(1)
    while state.is_chance_node():
        state.play_chance()
    board = GameWidget(state)  # by default, the table's view: no hand shown, no choice listed
    assert board.view["viewing"] == SPECTATOR and "viewing" not in GameWidget(GraveyardShift().new_initial_state(1)).view
    assert board.view["position"] == state.decorate_view(state.view(SPECTATOR)) and board.view["hidden_choices"]
    decider = state.current_player()
    board.handle_play({"type": "viewer", "seat": None})  # hot seat: the decider's hand and choices
    assert board.error == "" and board.view["viewing"] is None and board.view["seat"] == decider
    hand = board.view["position"]
    assert hand != state.decorate_view(state.view(SPECTATOR)) and board.view["actions"]
    board.handle_play({"type": "viewer", "seat": SPECTATOR})
    assert board.error == "" and board.view["viewing"] == SPECTATOR and board.view["seat"] is None
    assert board.view["position"] == state.decorate_view(state.view(SPECTATOR)) != hand
    board.handle_play({"type": "viewer", "seat": 1 - decider})
    assert board.view["seat"] == 1 - decider
    board.handle_play({"type": "viewer", "seat": 7})
    assert "no seat 7" in board.error and board.view["seat"] == 1 - decider
