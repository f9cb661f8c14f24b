"""The computer opponents: legal, seeded, and they see what they should."""

import pytest

from necro.core import play
from necro.core.simulate import simulate, summarize
from necro.graveyard_shift import GraveyardShift
from necro.graveyard_shift import scenarios as sc
from necro.graveyard_shift.bots import WIN, GreedyBot, StrongBot, evaluate


def test_bots_are_registered():
    bots = GraveyardShift().bots()
    assert {"random", "greedy", "strong", "strong-1", "strong-2", "strong-3"} <= set(bots)
    assert bots["strong-2"](seed=1).level == 2
    with pytest.raises(ValueError):
        StrongBot(level=9)


@pytest.mark.parametrize("make", [lambda: GreedyBot(1), lambda: StrongBot(1, level=1), lambda: StrongBot(1, level=2)])
def test_bots_take_the_winning_delivery(make):
    state = sc.winning_delivery()
    assert str(make().choose(state)) == "a2-a1"


def test_strong_bot_sees_an_attack_then_a_winning_delivery():
    # Player 1 (empty-handed on b1, needs only legs) can step onto player 2, who carries
    # the legs on c1, and use the extra turn to deliver them at d1: a win in two plies.
    position = {"board": {"c1": "L", "a2": "B", "b2": "HC", "c2": "LB", "d2": "H", "a3": "C",
                          "b3": "LH", "c3": "BC", "d3": "L"},
                "pawns": ["b1", "c1"], "collected": ["BHC", ""], "phase": "move", "turn": 0}
    state = GraveyardShift().state_from_position(position)
    bot = StrongBot(3, level=1)
    assert str(bot.choose(state)) == "b1-c1"
    assert bot.last_value > WIN - 10
    state.apply("b1-c1")
    assert str(bot.choose(state)) == "c1-d1"


def test_strong_bot_plays_a_whole_seeded_match_legally():
    state = GraveyardShift(rounds=1).new_initial_state(5)
    play(state, [StrongBot(1, level=1), GreedyBot(2)], recorded=True)
    assert state.is_terminal() and state.steps


def test_bots_are_reproducible_from_their_seed():
    def run():
        state = GraveyardShift().new_initial_state(11)
        play(state, [GreedyBot(3), StrongBot(4, level=1)])
        return state.position()
    assert run() == run()


def test_evaluate_prefers_collected_kinds():
    state = sc.known_delivery()
    assert evaluate(state.pos, 0) > 0 > evaluate(state.pos, 1)


def test_greedy_beats_random_in_seeded_simulation():
    summary = summarize(simulate("graveyard-shift", ["greedy", "random"], games=20, seed=0,
                                 processes=1, progress=False))
    assert summary["wins"][0] >= 17


def test_node_budget_makes_the_strong_bot_reproducible():
    def run():
        state = sc.opening()
        bots = [StrongBot(1, node_budget=600), StrongBot(2, node_budget=600)]
        for _ in range(10):
            state.apply(bots[state.current_player()].choose(state))
        return state.position(), [bot.depth_reached for bot in bots]
    first = run()
    assert first == run() and min(first[1]) >= 2
