"""A replay (necro/widget/replay.py): a board at the start of a recorded game, its ``replay`` trait
(the recorded moves from there, chance outcomes included) and a precomputed graph that holds the
whole game, so the static book steps through it (the presenter view's arrow keys) with no engine."""

from __future__ import annotations

import random

import pytest

from necro.book.chapter import replay
from necro.day_of_the_dead import DayOfTheDead
from necro.graveyard_shift import GraveyardShift
from necro.graveyard_shift.bots import GreedyBot
from necro.widget import HOT_SEAT
from necro.widget.replay import ReplayError, replay_start
from necro.widget.view import expand_view


def greedy_game(seed: int = 0):
    """A one-round Graveyard Shift game between two greedy bots, with its history."""
    state = GraveyardShift(rounds=1).new_initial_state(seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 100)]
    while not state.is_terminal():
        state.play_chance() if state.is_chance_node() else state.apply(bots[state.current_player()].choose(state))
    return state


def same_position(view, game) -> bool:
    """Whether a page's view shows the game's position (the view adds what the board draws)."""
    return all(view["position"][key] == value for key, value in game.position().items())


def test_the_board_opens_at_the_start_of_the_recorded_game():
    game = greedy_game()
    board = replay(game)
    assert board.replay["line"] == [step.action for step in game.steps]
    assert board.replay["start"] == 0
    assert board.state.steps == [] and board.view["step"] == 0
    assert not board.state.can_redo()  # the page steps by playing the line, alike in every mode
    assert board.auto_chance is False  # the deal waits for the recorded one
    assert game.is_terminal() and len(game.steps) > 10  # the game itself is left as it was


def test_the_graph_holds_the_whole_game_the_shuffled_deal_included():
    game = greedy_game()
    board = replay(game)
    root = board.graph["nodes"][board.graph["root"]]
    deal = game.steps[0].action
    assert game.steps[0].by == "roll" and deal.startswith("deal ")
    # the deal lists no outcome (a shuffle): the recorded one is the node's action, which a roll takes
    assert [(a["a"], a.get("forced")) for a in root["actions"]] == [(deal, True)]
    view = expand_view(board.graph, board.replay["line"])
    assert view["terminal"] and view["status"] == game.status()
    assert same_position(view, game)


def test_a_replay_may_open_part_way_through():
    game = greedy_game(1)
    board = replay(game, start=5)
    assert board.view["step"] == 5 and board.replay["start"] == 5
    assert board.replay["line"] == [step.action for step in game.steps[5:]]
    assert [step.action for step in board.state.steps] == [step.action for step in game.steps[:5]]
    assert same_position(expand_view(board.graph, board.replay["line"]), game)


def test_the_log_notations_of_a_hidden_deal_are_what_the_page_compares():
    """Day of the Dead draws name the card: the line plays them, ``shown`` is how the log (the
    table's) writes them, which the page compares to tell whether the board is still on the game."""
    state = DayOfTheDead().new_initial_state(3)
    rng = random.Random(3)
    while len(state.steps) < 24:
        state.play_chance() if state.is_chance_node() else state.apply(rng.choice(state.legal_actions()))
    board = replay(state)
    spec = board.replay
    assert board.player is HOT_SEAT  # a replay shows the game as played, each decider's hand in turn
    assert spec["line"][0].startswith("draw ") and spec["shown"][0] != spec["line"][0]
    logged = {entry["step"]: entry["a"] for entry in expand_view(board.graph, spec["line"])["log"]}
    assert all(logged[number] == spec["shown"][number - 1] for number in logged if number > 0)


def test_a_game_without_a_history_or_a_step_it_does_not_have_is_refused():
    game = greedy_game()
    with pytest.raises(ReplayError, match="starts at a step of the game"):
        replay_start(game, len(game.steps) + 1)
    fast = GraveyardShift(rounds=1).new_initial_state(0)
    fast.resolve_chance_unchecked()
    with pytest.raises(ReplayError, match="no replayable history"):
        replay(fast)


def test_a_kernel_steps_through_the_replay_as_the_page_asks():
    """With a kernel the presenter's keys are ordinary requests: the recorded moves one by one
    (the deal by its notation), undo, redo and reset, to the recorded end."""
    game = greedy_game(2)
    board = replay(game)
    line = board.replay["line"]
    for notation in line[:3]:
        board.handle({"type": "act", "a": notation})
    assert board.view["step"] == 3 and not board.error
    board.handle({"type": "undo"})
    board.handle({"type": "redo"})
    assert [step.action for step in board.state.steps] == line[:3]
    for notation in line[3:]:
        board.handle({"type": "act", "a": notation})
    assert board.view["terminal"] and board.view["status"] == game.status() and not board.error
    board.handle({"type": "reset"})
    assert board.view["step"] == 0 and board.view["to_move"] == "chance"
