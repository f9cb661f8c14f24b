"""Every chance outcome a game lists is taken back by its notation (issue 28, item 14), and the
playout harness's cheaper round trip still proves what it did.

The check is ``necro.core.testing.check_chance_notation``; the shared harness runs it at every
deep step of every game's playouts (``random_playouts(..., chance_notation=True)``, the default).
Here each game plays short seeded games with it at every step, and Cave Evil's known fault is
a strict expected failure: the fix makes it pass, and strict makes the fix remove the mark.
"""

import json
from fractions import Fraction

import pytest

from necro.cave_evil import CaveEvil
from necro.core import load_state
from necro.core.registry import game_class
from necro.core.testing import LoaderRefusal, check_chance_notation, check_round_trip, random_playouts

from .toy import Toy, ToyState

# short games of every registered game: (players, options, seeds)
SHORT_GAMES = {
    "graveyard-shift": (None, {}, range(2)),
    "shovelfight": (3, {}, range(1)),
    "shambling-dead": (None, {}, range(2)),
    "day-of-the-dead": (None, {}, range(1)),
    "cave-evil": (2, {"setup": "quick", "cycles": 1}, range(1)),
}


@pytest.mark.parametrize("game_id", sorted(SHORT_GAMES))
def test_random_play_lists_only_outcomes_its_notation_takes_back(game_id):
    players, options, seeds = SHORT_GAMES[game_id]
    game = game_class(game_id)(players, **options)
    report = random_playouts(lambda seed: game.new_initial_state(seed), seeds, deep_every=1, chance_notation=True)
    assert report.games == len(seeds)


def cave_evil_with_a_die_queued(sides: int):
    """A full Cave Evil game's position in cycle 3 with an event's wander die of ``sides`` sides
    at the head of its queue, saved and loaded as a position (the loader accepts it)."""
    game = CaveEvil(2, game="full", setup="quick")
    state = game.new_initial_state(1)
    bots = [game.bots()["heuristic"](seed=1), game.bots()["heuristic"](seed=2)]
    while len(state.steps) < 60 or state.is_chance_node() or state.position()["queue"]:
        state.play_chance() if state.is_chance_node() else state.apply(bots[state.current_player()].choose(state))
    doc = state.to_json(history=False)
    doc["position"]["queue"] = [{"do": "die", "sides": sides, "then": {"do": "wander"}}]
    return load_state(json.dumps(doc), CaveEvil)


@pytest.mark.parametrize("sides", [4, 12])
def test_cave_evil_takes_back_the_wander_dice_of_its_events(sides):
    state = cave_evil_with_a_die_queued(sides)
    assert [str(o) for o, _ in state.chance_outcomes()] == [f"d{sides} {n}" for n in range(1, sides + 1)]
    check_chance_notation(state)


def test_cave_evil_takes_back_a_d6_wander_die():
    """Issue 28 item 14: the loader takes a die of any sides, so its outcomes 'd6 1'...'d6 6' are
    taken back by apply() and force() too."""
    state = cave_evil_with_a_die_queued(6)
    assert [str(o) for o, _ in state.chance_outcomes()] == [f"d6 {n}" for n in range(1, 7)]
    check_chance_notation(state)


# ------------------------------------------------------------------ the check catches faults
class RefusedOutcome(ToyState):
    """Lists a roll of 3 that its validation then refuses (as Cave Evil's d6)."""

    def is_legal(self, action):
        return not (self.is_chance_node() and action == 3) and super().is_legal(action)


class LopsidedDie(ToyState):
    def chance_outcomes(self):
        return [(1, Fraction(1, 2)), (2, Fraction(1, 4)), (3, Fraction(1, 8))]


class ForceQueuesElsewhere(ToyState):
    """force() of a listed outcome lands somewhere else than apply() of it."""

    def parse_action(self, text):
        if self.forced and text == self.forced[0] and text == "2":
            return 1
        return super().parse_action(text)


@pytest.mark.parametrize("state_class, message, unseen", [
    (RefusedOutcome, "refuse its notation", False),  # the harness's redo of a rolled 3 would refuse it too
    (LopsidedDie, "sum to 1", True),
    (ForceQueuesElsewhere, "different positions", True),
])
def test_the_check_catches_an_outcome_not_taken_back(monkeypatch, state_class, message, unseen):
    monkeypatch.setattr(Toy, "state_class", state_class)
    state = Toy().new_initial_state(3)
    assert state.is_chance_node()
    before = state.to_json()
    with pytest.raises(AssertionError, match=message):
        check_chance_notation(state, applied=None)
    assert state.to_json() == before
    with pytest.raises(AssertionError, match=message):
        random_playouts(lambda seed: Toy().new_initial_state(seed), range(2))
    if unseen:  # nothing else in the harness sees it
        random_playouts(lambda seed: Toy().new_initial_state(seed), range(2), chance_notation=False)


def test_the_round_trip_replays_the_history_once_and_compares_every_position(monkeypatch):
    """The harness replays the whole history once a game (at the end), not at every step, so a
    game costs in proportion to its length, not its square; and that one replay is compared
    position by position, so a history whose replay passes through another position is caught
    even when it ends on the same one."""
    replays = []
    original = ToyState._replay
    monkeypatch.setattr(ToyState, "_replay", lambda self, step: (replays.append(step), original(self, step))[1])
    report = random_playouts(lambda seed: Toy(target=8).new_initial_state(seed), range(5), deep_every=1)
    # one redo a step (the harness's undo/redo check) and one whole replay a game
    assert len(replays) == 2 * report.steps
    state = Toy().new_initial_state(3)
    for _ in range(6):
        state.play_chance() if state.is_chance_node() else state.apply("bank")
    check_round_trip(state)
    position, rng, forced = json.loads(state._undo[2])
    position["scores"][0] += 1
    state._undo[2] = json.dumps([position, rng, forced])
    with pytest.raises(AssertionError, match="before step 3"):
        check_round_trip(state)
    check_round_trip(state, history=False)  # the position alone knows nothing of the history


def test_a_position_the_loader_refuses_is_named_as_such():
    state = Toy().new_initial_state(0)
    state.scores[0] = 500
    with pytest.raises(LoaderRefusal, match="refuses the position"):
        check_round_trip(state, history=False)
