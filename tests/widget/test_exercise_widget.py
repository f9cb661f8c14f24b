"""The exercise board (``necro.book.chapter.exercise``): a lesson board whose ``lesson`` trait says
it is an exercise, holding the whole line its question plays out, so a page with no engine still
answers it; a lesson file is not taken for an exercise."""

from pathlib import Path

import pytest

from necro.book.chapter import exercise
from necro.core.lesson import LessonError, read_lesson
from necro.widget.view import expand_view

BOOK = Path(__file__).resolve().parents[2] / "book"
TAKEOVER = BOOK / "shovelfight" / "exercises" / "shovel-takeover.json"


def test_the_exercise_board_carries_its_kind_and_its_played_out_line():
    board = exercise(TAKEOVER)
    assert board.lesson["kind"] == "exercise" and board.lesson["id"] == "shovelfight/exercises/shovel-takeover"
    assert board.lesson["steps"][0]["check"]["compute"] == "position"
    view = expand_view(board.graph, read_lesson(TAKEOVER).line())
    assert view["log"][-1]["rule"] == "sf-whacked-takeover"  # the takeover the question is about
    assert len(view["position"]["teams"][0]["zombies"]) == 5


def test_a_lesson_is_not_an_exercise():
    with pytest.raises(LessonError, match="not an exercise"):
        exercise(BOOK / "graveyard-shift" / "lessons" / "first-game.json")
