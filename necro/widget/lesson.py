"""The lesson board: a :class:`~necro.widget.GameWidget` that walks the reader through a lesson.

A lesson is data (:mod:`necro.core.lesson`); this module checks it against the engine, starts a
board on its start position and gives the page what the front end (``widgets/core/lesson.js``)
needs in the widget's ``lesson`` trait: the lesson's text and moves, and the links and titles of
the game's rules, so a refusal or an explanation links to the rule in the book. The board's
precomputed graph holds the lesson's whole main line, so a page with no engine at all (a book
opened from ``file://``) still plays the lesson; an off-script move is answered by the lesson,
an illegal one by the engine (or the graph's refusal).

In a game that hides something (hands, face-down cards) the board shows the learner's seat only;
the other players' moves and hidden draws on the lesson's line are stored in the graph apart from
the decisions (a node's ``line``, see :func:`necro.widget.view.build_graph`), so the lesson plays
them while the page holds no other hand.
"""

from __future__ import annotations

from ..core.lesson import Lesson, load_lesson
from .play import HOT_SEAT
from .view import rule_link, rule_title


def lesson_spec(lesson: Lesson, state) -> dict:
    """The ``lesson`` trait of a board: the lesson's document, ``rules`` (``{id: [href, title]}``
    for every rule of its game) and ``start_step``, the step count of its start (where a reset
    returns), from which the board counts the step its lesson's moves will reach."""
    doc = {key: value for key, value in lesson.doc.items() if key not in ("format", "version", "start")}
    doc["rules"] = {rule.id: [rule_link(state, rule.id), rule_title(state, rule.id)] for rule in state.game.rules}
    doc["start_step"] = len(state.steps)
    return doc


def lesson_board(source, depth: int = 0):
    """A lesson board for ``source`` (a lesson file's path, its JSON text or its dict), checked
    against the engine first (:class:`~necro.core.lesson.LessonError` names the faulty step).
    ``depth``: how many steps around the start are precomputed besides the lesson's main line."""
    from .widget import GameWidget

    lesson = load_lesson(source)
    state = lesson.start_state()
    # In a game that hides something the board looks through the learner's eyes only: the other
    # hands stay hidden, and the lesson plays their replies (the graph stores those moves apart).
    # With nothing hidden, the hot seat shows the same and names whoever decides.
    player = lesson.seat if state.hides_something() else HOT_SEAT
    widget = GameWidget(state, player=player, auto_chance=False)
    widget.sealed = False  # the page's engine plays the lesson's replies: it keeps the real hands
    # The learner decides for their own seat only: the other seats' choices are the lesson's to play,
    # listed neither in the stored graph nor by a kernel or the page's engine.
    widget.others_unlisted = player is not HOT_SEAT
    widget.refresh()
    widget.lesson = lesson_spec(lesson, state)
    return widget.explorable(depth, lines=(lesson.line(),), max_bytes=None, warn=False,
                             others_unlisted=widget.others_unlisted)
