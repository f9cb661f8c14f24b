"""The shared random-playout harness every game plugs into.

In the spirit of OpenSpiel's random simulation test: play many seeded games
choosing uniformly among legal actions (chance drawn from the state), and
after every step check the contract itself, plus the game's own invariants:

- legal actions are well formed: sorted in the state's order, notations
  unique, each notation parses back to its action;
- an illegal input raises ``IllegalAction`` (a ``ValueError``) and leaves the
  state unchanged;
- the JSON document round-trips to an equal state, and copies are equal;
- undo returns the earlier position and redo the later one;
- the game ends within a bound of steps.

It lives in the package (not under tests/) so each game's tests import it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .errors import IllegalAction
from .game import CHANCE, TERMINAL, State, load_state
from .rng import Rng

Invariant = Callable[[State], None]


@dataclass
class PlayoutReport:
    games: int = 0
    steps: int = 0
    lengths: list[int] = field(default_factory=list)
    winners: list = field(default_factory=list)


def json_paths(value, path=()):
    """Every path (a tuple of keys and indexes) into a JSON value, the root first: for fuzzing
    positions by replacing one part at a time."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from json_paths(v, path + (i,))


def check_actions(state: State) -> None:
    actions = state.legal_actions()
    player = state.current_player()
    if player == TERMINAL:
        assert actions == [], "a finished game has no legal actions"
        return
    if player != CHANCE:
        assert actions, f"player {player} must decide but has no legal action: {state.status()}"
        assert 0 <= player < state.game.players, f"current_player {player} out of range"
    keys = [state.action_sort_key(a) for a in actions]
    assert keys == sorted(keys), "legal actions are not in their stable order"
    notations = [str(a) for a in actions]
    assert len(set(notations)) == len(notations), f"duplicate notations: {notations}"
    for action, text in zip(actions, notations):
        assert state.parse_action(text) == action, f"notation {text!r} does not parse back"


def check_illegal_refused(state: State, bad_inputs: Iterable = ("no such move",)) -> None:
    before = state.to_json()
    for bad in bad_inputs:
        try:
            state.apply(bad)
        except IllegalAction as exc:
            assert isinstance(exc, ValueError)
            assert exc.rule and exc.reason
        else:
            raise AssertionError(f"illegal input {bad!r} was accepted")
        assert state.to_json() == before, f"refusing {bad!r} changed the state"


def check_round_trip(state: State) -> None:
    text = json.dumps(state.to_json())
    loaded = load_state(text, type(state.game))
    assert loaded == state, "JSON round trip changed the position"
    assert loaded.rng == state.rng and loaded.forced == state.forced
    assert [s.action for s in loaded.steps] == [s.action for s in state.steps]
    assert state.copy() == state, "copy is not equal"


def random_playouts(make_state: Callable[[int], State], seeds: Iterable[int], *, max_steps: int = 10_000,
                    invariants: Iterable[Invariant] = (), deep_every: int = 1,
                    bad_inputs: Callable[[State], Iterable] | None = None) -> PlayoutReport:
    """Play one game per seed with uniformly random decisions, checking after every step.

    ``deep_every`` > 1 runs the costly checks (JSON, copy, undo, illegal
    input) only on every n-th step, for long games; the cheap ones (actions
    and the game's invariants) always run.
    """
    report = PlayoutReport()
    invariants = list(invariants)
    for seed in seeds:
        state = make_state(seed)
        chooser = Rng(seed * 2654435761 + 1)
        for n in range(max_steps + 1):
            check_actions(state)
            for invariant in invariants:
                invariant(state)
            deep = n % deep_every == 0
            if deep:
                check_round_trip(state)
                check_illegal_refused(state, bad_inputs(state) if bad_inputs else ("no such move",))
            if state.is_terminal():
                break
            before = state.position()
            if state.is_chance_node():
                state.play_chance()
            else:
                state.apply(chooser.choice(state.legal_actions()))
            if deep:
                after = state.position()
                state.undo()
                assert state.position() == before, f"undo did not restore the position (seed {seed}, step {n})"
                state.redo()
                assert state.position() == after, f"redo did not restore the position (seed {seed}, step {n})"
        else:
            raise AssertionError(f"seed {seed}: game did not end within {max_steps} steps")
        report.games += 1
        report.steps += n
        report.lengths.append(n)
        report.winners.append(state.winner())
    return report
