"""The lesson board's Python side (necro/widget/lesson.py): a board on the lesson's start, its
``lesson`` trait (the steps and the game's rule links), and a precomputed graph that holds the
lesson's whole main line, so the lesson plays in a page with no engine at all."""

from pathlib import Path

import pytest

from necro.book.chapter import lesson
from necro.core.lesson import LessonError, read_lesson, validate
from necro.widget.lesson import lesson_board
from necro.widget.view import expand_view

FIRST_GAME = Path(__file__).resolve().parents[2] / "book" / "graveyard-shift" / "lessons" / "first-game.json"


def test_the_lesson_board_carries_the_lesson_and_its_rule_links():
    board = lesson(FIRST_GAME)
    spec = board.lesson
    assert spec["id"] == "graveyard-shift/first-game" and len(spec["steps"]) == len(read_lesson(FIRST_GAME).steps)
    assert "start" not in spec  # the board's engine holds the position
    # where a reset returns, from which the page counts the step the lesson's moves will reach
    assert spec["start_step"] == board.view["step"] == len(board.state.steps) == 1
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


# ------------------------------------------------ a game that hides the other hand
HIDDEN = {"format": "necro-lesson", "version": 1, "id": "day-of-the-dead/probe", "game": "day-of-the-dead",
          "title": "probe", "seat": 0, "start": {"scenario": "summoning-turn-1"},
          "steps": [
              {"text": "Lay Oaf.", "ask": "move", "expect": ["fallen D01"], "then": ["fallen D08"]},
              {"text": "Grief as spirit.", "ask": "move", "expect": ["spirit P02"], "then": ["spirit D09"]},
              {"text": "Player 2 lost slot 1.", "ask": "predict", "question": "What fills slot 1?",
               "options": ["Troll, the old spirit", "Greed again"], "answer": 0, "explain": "The old spirit.",
               "rule": "dotd-convert", "play": ["convert"]},
              {"text": "Turn 2.", "ask": "read", "then": ["spirit P08"]},
              {"text": "Hoard.", "ask": "move", "expect": ["spirit P06"]},
          ]}


def hand_shown(view, seat):
    """The cards of ``seat``'s hand a view names (a hidden card is only its back, one letter)."""
    return [card for card in view["position"]["hands"][seat] if len(card) > 1]


def test_a_lesson_in_a_hidden_information_game_shows_the_learners_seat_only():
    """The board looks through the learner's eyes at every position of the stored line, yet the
    line goes on through the other player's moves, stored apart from the decisions it offers."""
    from necro.widget.view import node_views

    board = lesson_board(HIDDEN)
    assert board.viewer == 0 and board.view["seat"] == 0
    views = node_views(board.graph)
    assert len(views) == len(read_lesson(HIDDEN).line()) + 1
    assert all(not hand_shown(view, 1) and hand_shown(view, 0) for view in views)
    end = expand_view(board.graph, read_lesson(HIDDEN).line())
    assert end["status"].startswith("Turn 2 of 6") and end["seat"] == 0
    replies = [node["line"] for node in board.graph["nodes"] if "line" in node]
    assert [[(x["a"], x.get("m")) for x in line] for line in replies] == [
        [("fallen D08", "fallen D")], [("spirit D09", "spirit D")], [("convert", None)], [("spirit P08", "spirit P")]]
    # player 2's choices are never offered to the learner, not even the open ones (convert or keep)
    assert all(view["to_move"] == 0 for node, view in zip(board.graph["nodes"], views) if node["actions"])
    # the log says what the table saw: player 2's card by its back
    assert any("Player 2 lays a Double card" in entry["text"] for entry in end["log"])


def test_a_hidden_information_lesson_plays_with_a_kernel_through_the_learners_eyes():
    """Live, the board sends the lesson's moves one by one (the learner's, then the replies), as
    the front end does; every view is the learner's, and none names player 2's hand."""
    board = lesson_board(HIDDEN)
    for notation in read_lesson(HIDDEN).line():
        board.handle({"type": "act", "a": notation})
        assert board.error == ""
        assert board.view["seat"] == 0 and not hand_shown(board.view, 1)
    assert board.state.position() == validate(read_lesson(HIDDEN)).position()
    # player 2 converts or keeps, in the open, but the choice is the lesson's: the kernel lists none of it
    assert board.view["to_move"] == 1 and board.view["actions"] == [] and board.view["hidden_choices"]
    assert board.act("convert") or board.act("keep")  # and plays it when the lesson says


def test_a_hidden_information_lesson_plays_in_the_pages_engine_too():
    """In the static book served over http the page's own engine answers once it has started: it
    must hold the real hands, not a new deal of what the learner cannot see, since the lesson's
    replies name player 2's cards. The engine plays the whole line and shows the learner's seat."""
    from necro.widget.browser import Session

    board = lesson_board(HIDDEN)
    assert board.engine["sealed"] is False and board.engine["player"] == 0
    session = Session(board.engine, bot_seats=board.bot_seats, auto_chance=board.auto_chance,
                      path=read_lesson(HIDDEN).line(), advance=False)
    assert session.view["seat"] == 0 and not hand_shown(session.view, 1)
    shown = expand_view(board.graph, read_lesson(HIDDEN).line())
    assert session.view["status"] == shown["status"]
    assert session.view["to_move"] == 1 and session.view["actions"] == shown["actions"] == []  # the lesson's choice
