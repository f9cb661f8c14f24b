"""A replay: a board on a recorded game, which the reader (or a teacher in the presenter view) steps
through move by move.

A game played out (by bots, by people at a board, or loaded from a saved game) keeps its history.
:func:`replay_board` opens a board at the start of that history, or ``start`` moves into it, and
gives the page the rest of the recorded game in the widget's ``replay`` trait:

- ``line``: the notations of the recorded steps from the board's start, chance outcomes included
  (a die, a deal), in order, which the page plays one by one as ordinary moves;
- ``shown``: the same notations as the table reads them in the log (:meth:`State.mask_notation`),
  which is how the page tells whether the board is still on the recorded game;
- ``start``: the board's step count at its start (``view.step`` there).

The board's precomputed graph holds the whole line, so the static book steps through the game
with no engine at all; chance waits for the recorded outcome (the board picks no roll itself).
The front end is ``widgets/core/presenter.js``: its **Next move of the game** button and, in the
presenter view, the arrow keys.

A replay shows the game as it was played, so a board of a game that hides something shows it in
hot seat (the hand of whoever decides, as the game reaches them), like a lesson: the recorded
moves name what they drew.
"""

from __future__ import annotations

from ..core.errors import NecroError
from ..core.game import SPECTATOR, State, load_state
from .play import HOT_SEAT


class ReplayError(NecroError):
    """A replay asked of a game with no replayable history, or from a step it does not have."""


def replay_spec(game: State, start: int = 0) -> dict:
    """The ``replay`` trait of a board opened ``start`` steps into ``game``'s history."""
    steps = game.steps[start:]
    return {
        "line": [step.action for step in steps],
        "shown": [game.mask_notation(step.action, step.player, SPECTATOR) for step in steps],
        "start": start,
    }


def replay_start(game: State, start: int = 0) -> State:
    """``game`` as it stood ``start`` steps into its history: a new state, with no step to redo."""
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(game.steps):
        raise ReplayError(f"a replay starts at a step of the game (0-{len(game.steps)}), not {start!r}")
    doc = game.to_json()
    if doc["history"] is None:
        raise ReplayError("this game has no replayable history (it was played on the fast path:"
                          " apply_unchecked); play it with apply and play_chance to replay it")
    at = game.copy()
    while len(at.steps) > start:
        at.undo()
    first = load_state(at.to_json())  # the same position and history, without the steps undone
    first.prelude = at.prelude
    return first


def replay_board(game: State, start: int = 0, depth: int = 0):
    """A board at step ``start`` of the recorded ``game`` that steps through the rest of it (see the
    module doc). ``depth``: how many steps around the start are precomputed besides the recorded
    line (whose every position the page holds)."""
    from .widget import GameWidget

    first = replay_start(game, start)
    widget = GameWidget(first, player=HOT_SEAT, auto_chance=False)
    widget.replay = replay_spec(game, start)
    return widget.explorable(depth, lines=(tuple(widget.replay["line"]),), max_bytes=None, warn=False)
