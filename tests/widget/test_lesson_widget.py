"""The lesson board's Python side (necro/widget/lesson.py): a board on the lesson's start, its
``lesson`` trait (the steps and the game's rule links), and a precomputed graph that holds the
lesson's whole main line, so the lesson plays in a page with no engine at all."""

from pathlib import Path

import pytest

from necro.book.chapter import lesson
from necro.core.lesson import LessonError, read_lesson
from necro.widget.view import expand_view

FIRST_GAME = Path(__file__).resolve().parents[2] / "book" / "graveyard-shift" / "lessons" / "first-game.json"


def test_the_lesson_board_carries_the_lesson_and_its_rule_links():
    board = lesson(FIRST_GAME)
    spec = board.lesson
    assert spec["id"] == "graveyard-shift/first-game" and len(spec["steps"]) == len(read_lesson(FIRST_GAME).steps)
    assert "start" not in spec  # the board's engine holds the position
    href, title = spec["rules"]["gs-sow"]
    assert href.endswith("graveyard-shift/index.html#gs-sow") and title == "Dropping parts on the way"
    assert board.auto_chance is False  # a lesson forces its own dice and cards


def test_the_graph_follows_the_lesson_to_its_end():
    board = lesson(FIRST_GAME)
    line = read_lesson(FIRST_GAME).line()
    view = expand_view(board.graph, line)
    assert view["terminal"] and "player 1 wins" in view["status"]
    # off the line only the start's moves are known: the engine answers the rest
    assert board.graph["depth"] == 0


def test_a_faulty_lesson_makes_no_board(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(FIRST_GAME.read_text(encoding="utf-8").replace('"expect": ["a1-b1"]', '"expect": ["a1-c1"]'))
    with pytest.raises(LessonError, match="steps\\[1\\].expect\\[0\\]"):
        lesson(bad)
