"""The shared random-playout harness every game plugs into.

In the spirit of OpenSpiel's random simulation test: play many seeded games
choosing uniformly among legal actions (chance drawn from the state), and
after every step check the contract itself, plus the game's own invariants:

- legal actions are well formed: sorted in the state's order, notations
  unique, each notation parses back to its action;
- an illegal input raises ``IllegalAction`` (a ``ValueError``) and leaves the
  state unchanged;
- every chance outcome listed is taken back by its notation, through ``apply`` and through
  ``force`` (``check_chance_notation``);
- the position's JSON document round-trips to an equal state, and copies are equal; at the end
  the whole history is replayed from the saved game once, and every position it passes through
  is compared (``check_round_trip``);
- undo returns the earlier position and redo the later one;
- the game ends within a bound of steps.

It lives in the package (not under tests/) so each game's tests import it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .errors import IllegalAction, NecroError
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
    before = state.to_json(history=False), len(state.steps)  # the history, kept apart, is not listed at each step
    for bad in bad_inputs:
        try:
            state.apply(bad)
        except IllegalAction as exc:
            assert isinstance(exc, ValueError)
            assert exc.rule and exc.reason
        else:
            raise AssertionError(f"illegal input {bad!r} was accepted")
        assert (state.to_json(history=False), len(state.steps)) == before, f"refusing {bad!r} changed the state"


class LoaderRefusal(AssertionError):
    """A document the state itself wrote that its game's loader refuses: legal play reached a
    position the strict loader calls impossible (one of the two is wrong)."""


def check_round_trip(state: State, history: bool = True) -> State:
    """The state's JSON document loads back to an equal state; returns the loaded state.

    ``history=False`` saves the position alone (start and history left out): the loader
    validates it and must restore the same position, generator and forced queue. That costs
    about one position, so the harness runs it at every deep step.

    ``history=True`` saves the whole game: the loader replays every step from the start
    (validating each) and refuses a history that does not lead to the stored position. Beyond
    that, the replay's own undo snapshots are compared with this state's, so one check at the
    end of a game proves that every position the game passed through (with its generator and
    forced queue) is reproduced by the replay, which a check of the last position alone would
    not. One such check costs as much as the game so far, so the harness runs it once, at the
    end, rather than at every step (that made a long validated game cost the square of its
    length).
    """
    text = json.dumps(state.to_json(history=history))
    try:
        loaded = load_state(text, type(state.game))
    except NecroError as exc:
        what = "saved game" if history and state._recorded else "position"
        raise LoaderRefusal(f"the loader refuses the {what} legal play reached: {exc}") from None
    assert loaded == state, "JSON round trip changed the position"
    assert loaded.rng == state.rng and loaded.forced == state.forced
    if history and state._recorded:
        assert [s.action for s in loaded.steps] == [s.action for s in state.steps]
        for k, (replayed, played) in enumerate(zip(loaded._undo, state._undo)):
            if replayed != played and json.loads(replayed) != json.loads(played):
                raise AssertionError(f"replaying the saved game gives another position before step {k + 1}")
    assert state.copy() == state, "copy is not equal"
    return loaded


def check_chance_notation(state: State, applied: int | None = 1) -> None:
    """At a chance node, every outcome :meth:`State.chance_outcomes` lists is taken back by its
    notation (a listed outcome that its own notation cannot set is one a reader's "I pick every
    roll" board, a scenario or a saved game cannot set), and the probabilities are positive and
    sum to 1. The state is not changed. A node whose outcomes are not listed (a shuffle) has
    nothing to check.

    Every outcome's notation goes through the validation that ``apply(notation)`` and
    ``force(notation)`` then ``play_chance()`` both run before applying (the notation parsed
    back to the outcome, then found legal). ``applied`` of them (None: all; by default one, a
    different one at each step of the game, so a game tries them all in turn) are then taken all
    the way on copies, once by ``apply`` and once by ``force`` and ``play_chance``, which must
    lead to the same position. Applying every outcome of every chance node copied the state
    some ten times a node, which made the check the costliest of the harness.
    """
    if not state.is_chance_node():
        return
    outcomes = state.chance_outcomes()
    if outcomes is None:
        return
    assert outcomes, f"a chance node lists no outcome: {state.status()}"
    assert all(p > 0 for _, p in outcomes), f"an outcome has no positive probability: {outcomes}"
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"the probabilities do not sum to 1: {outcomes}"
    for outcome, _ in outcomes:
        text = str(outcome)
        try:
            action = state._coerce(text)
            state._check(action)
        except NecroError as exc:
            raise AssertionError(f"chance lists {text!r} but apply() and force() refuse its notation: {exc}") from None
        assert action == outcome, f"chance lists {outcome!r} but its notation {text!r} is read as {action!r}"
    start = len(state.steps) % len(outcomes)
    tried = outcomes if applied is None else (outcomes[start:] + outcomes[:start])[:applied]
    for outcome, _ in tried:
        text = str(outcome)
        taken = state.copy()
        try:
            taken.apply(text)
        except NecroError as exc:
            raise AssertionError(f"chance lists {text!r} but apply() refuses its notation: {exc}") from None
        if state.forced:  # an outcome queued already comes first; force() would not reach this one
            continue
        forced = state.copy().force(text)
        try:
            forced.play_chance()
        except NecroError as exc:
            raise AssertionError(f"chance lists {text!r} but force() then play_chance() refuses it: {exc}") from None
        assert not forced.forced, f"forcing {text!r} left it queued"
        assert forced.position() == taken.position() and forced.rng == taken.rng, \
            f"forcing {text!r} and applying it lead to different positions"


def checked_playout(state: State, choose: Callable[[State], object], *, max_steps: int = 10_000,
                    invariants: Iterable[Invariant] = (), deep_every: int = 1,
                    bad_inputs: Callable[[State], Iterable] | None = None, chance_notation: bool = True,
                    label: str = "", stop_after: int | None = None) -> int:
    """Play ``state`` to its end, ``choose(state)`` deciding for the players and the state's own
    generator for chance, checking the contract after every step; returns the steps taken.
    ``stop_after``: stop there, ended or not (a rule's tests playing out only the first steps
    from a position built to reach that rule).

    The cheap checks (legal actions and ``invariants``) run at every step. ``deep_every`` > 1
    runs the costly ones (the position's JSON round trip, copy, undo and redo, illegal input,
    the chance outcomes' notations) only on every n-th step. The saved game's whole history is
    replayed once at the end (see :func:`check_round_trip`). ``chance_notation=False`` leaves out
    :func:`check_chance_notation` (on by default for every game).
    """
    invariants = list(invariants)
    for n in range(max_steps + 1):
        check_actions(state)
        for invariant in invariants:
            invariant(state)
        deep = n % deep_every == 0
        if deep:
            check_round_trip(state, history=False)
            check_illegal_refused(state, bad_inputs(state) if bad_inputs else ("no such move",))
            if chance_notation:
                check_chance_notation(state)
        if state.is_terminal() or n == stop_after:
            break
        before = state.position()
        if state.is_chance_node():
            state.play_chance()
        else:
            state.apply(choose(state))
        if deep:
            after = state.position()
            state.undo()
            assert state.position() == before, f"undo did not restore the position ({label}step {n})"
            state.redo()
            assert state.position() == after, f"redo did not restore the position ({label}step {n})"
    else:
        raise AssertionError(f"{label}game did not end within {max_steps} steps")
    check_round_trip(state, history=True)
    return n


def random_playouts(make_state: Callable[[int], State], seeds: Iterable[int], *, max_steps: int = 10_000,
                    invariants: Iterable[Invariant] = (), deep_every: int = 1,
                    bad_inputs: Callable[[State], Iterable] | None = None,
                    chance_notation: bool = True) -> PlayoutReport:
    """Play one game per seed with uniformly random decisions, checked by :func:`checked_playout`."""
    report = PlayoutReport()
    invariants = list(invariants)
    for seed in seeds:
        state = make_state(seed)
        chooser = Rng(seed * 2654435761 + 1)
        n = checked_playout(state, lambda s: chooser.choice(s.legal_actions()), max_steps=max_steps,
                            invariants=invariants, deep_every=deep_every, bad_inputs=bad_inputs,
                            chance_notation=chance_notation, label=f"seed {seed}: ")
        report.games += 1
        report.steps += n
        report.lengths.append(n)
        report.winners.append(state.winner())
    return report
