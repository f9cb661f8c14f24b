"""Helpers the chapter notebooks share: print what the rules did, show a refusal, make a board.

A chapter cell shows the engine at work in a line or two: ``play(state,
"move I", "move I +3-2")`` prints the log lines those actions wrote, each with
its rule id; ``refuse(state, "move I +9-9")`` prints why the engine says no;
``board(state, "move I")`` is a widget on the position after an opening, with
as many steps precomputed for the static book as fit its byte budget;
``playground(state)`` links to that position on the book's playground page;
``lesson("lessons/first-game.json")`` is a lesson board (see ``book/lessons-guide.md``);
``replay(state)`` a board that steps through the game ``state`` recorded (see
:mod:`necro.widget.replay`).
"""

from __future__ import annotations

import html
import pathlib

from necro.core import IllegalAction, State
from necro.widget import GameWidget
from necro.widget.links import playground_link
from necro.widget.play import TABLE_UNLESS_ONE_HUMAN


def show_log(state: State, since: int = 0) -> None:
    """Print the log lines written since step ``since``, each with its rule id."""
    for step in state.steps[since:]:
        for line in step.log:
            print(f"[{line.rule}] {line.text}")


def play(state: State, *actions: str) -> State:
    """Apply ``actions`` (chance outcomes too, by their notation), print what they logged and
    return the state."""
    start = len(state.steps)
    for action in actions:
        state.apply(action)
    show_log(state, start)
    return state


def refuse(state: State, *actions: str) -> None:
    """Play ``actions`` on a copy and print the refusal (with its rule) of the first one refused,
    or that they are all legal."""
    state = state.copy()
    for action in actions:
        try:
            state.apply(action)
        except IllegalAction as refused:
            print(refused)
            return
    print(" then ".join(actions) + ": legal")


def board(state: State, *opening: str, depth: int = 2, budget: int = 150_000, max_nodes: int = 400,
          player=TABLE_UNLESS_ONE_HUMAN) -> GameWidget:
    """A widget on ``state`` after the ``opening`` actions (played on a copy), precomputed
    ``depth`` steps deep for the static book, or less deep if that is over ``budget`` bytes.
    ``player`` as :class:`~necro.widget.GameWidget`'s: a lesson that opens the hands passes
    :data:`~necro.widget.HOT_SEAT`."""
    state = state.copy()
    for action in opening:
        state.apply(action)
    return GameWidget(state, player=player).explorable(depth, max_nodes=max_nodes, max_bytes=budget, warn=False)


class PlaygroundLink:
    """A link from a chapter page (``book/<game>/``) to ``state`` on the playground page, where a
    reader changes the position, shares it or plays it out. Shown as a plain HTML link in the page
    and as one stable line of text in the notebook (so nbval compares it)."""

    def __init__(self, state: State, text: str = "Open this position in the playground"):
        self.href = playground_link(state)
        self.text = text

    def _repr_html_(self) -> str:
        return (f'<p class="necro-playground-link"><a href="{html.escape(self.href, quote=True)}">'
                f"{html.escape(self.text)}</a>: change it, share it, or play it out.</p>")

    def __repr__(self) -> str:
        return f"{self.text} (a link)"


def playground(state: State, *opening: str, text: str = "Open this position in the playground") -> PlaygroundLink:
    """A link to the playground on ``state`` after the ``opening`` actions (played on a copy)."""
    state = state.copy()
    for action in opening:
        state.apply(action)
    return PlaygroundLink(state, text)


def lesson(path) -> GameWidget:
    """The lesson board of the lesson file at ``path`` (relative to the chapter), checked against
    the engine first (see :mod:`necro.core.lesson` and :mod:`necro.widget.lesson`)."""
    from necro.widget.lesson import lesson_board

    return lesson_board(pathlib.Path(path))


def replay(state: State, start: int = 0) -> GameWidget:
    """A board at step ``start`` of the recorded game ``state`` that steps through the rest of it,
    move by move (its **Next move of the game** button, and the arrow keys in the presenter view),
    in the static book too (see :mod:`necro.widget.replay`)."""
    from necro.widget.replay import replay_board

    return replay_board(state, start)


def exercise(path) -> GameWidget:
    """The board of the exercise file at ``path`` (relative to the chapter): a lesson of kind
    ``exercise``, whose every answer the loader computes with the engine (:mod:`necro.core.checks`)."""
    from necro.core.lesson import LessonError, read_lesson

    if read_lesson(pathlib.Path(path)).doc.get("kind") != "exercise":
        raise LessonError("kind", f"{path} is not an exercise (\"kind\": \"exercise\")")
    return lesson(path)
