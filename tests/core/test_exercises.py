"""Exercises at the end of each game's FAQ / edge-case page (``book/<game>/exercises/*.json``): every
question's right answer is computed by the engine (``check``, necro/core/checks.py), and the loader
refuses a file whose author's answer disagrees with it. So these tests fail when an author types
a wrong answer, and when a rules change alters one."""

import copy
import json
from pathlib import Path

import pytest

from necro.core.checks import CheckError, compute, options_matching
from necro.core.lesson import LessonError, load_lesson, read_lesson

BOOK = Path(__file__).resolve().parents[2] / "book"
EXERCISES = sorted(BOOK.glob("*/exercises/*.json"))
GAMES = ("graveyard-shift", "shovelfight", "shambling-dead", "day-of-the-dead", "cave-evil")
SHOVEL = BOOK / "shovelfight" / "exercises" / "shovel-takeover.json"


def ids(path):
    return str(path.relative_to(BOOK))


def questions(doc):
    return [i for i, step in enumerate(doc["steps"]) if step["ask"] in ("answer", "predict")]


def test_every_game_has_three_to_five_exercises():
    counts = {game: sum(1 for p in EXERCISES if p.parent.parent.name == game) for game in GAMES}
    assert all(3 <= n <= 5 for n in counts.values()), counts


@pytest.mark.parametrize("path", EXERCISES, ids=ids)
def test_every_exercise_replays_and_its_answers_are_the_engines(path):
    exercise = load_lesson(path)
    game = path.parent.parent.name
    assert exercise.doc["kind"] == "exercise"
    assert exercise.doc["id"] == f"{game}/exercises/{path.stem}"
    assert questions(exercise.doc) and all("check" in exercise.steps[i] for i in questions(exercise.doc))


@pytest.mark.parametrize("path", EXERCISES, ids=ids)
def test_any_other_answer_is_refused_by_the_engine(path):
    """Each question's check tells its options apart: the author's answer moved to any other
    option makes the loader refuse the file, naming the step."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    for i in questions(doc):
        for other in range(len(doc["steps"][i]["options"])):
            if other == doc["steps"][i]["answer"]:
                continue
            bad = copy.deepcopy(doc)
            bad["steps"][i]["answer"] = other
            with pytest.raises(LessonError) as caught:
                load_lesson(bad)
            assert caught.value.where == f"steps[{i}].answer", caught.value
            assert "the engine computes" in caught.value.reason


@pytest.mark.parametrize("path", EXERCISES, ids=ids)
def test_every_exercise_is_on_its_games_page(path):
    """Shown once, as ``exercise("exercises/<name>.json")`` in a chapter of its own game."""
    cell = f'exercise("exercises/{path.name}")'
    pages = [nb for nb in path.parent.parent.glob("*.ipynb")
             if any(cell in "".join(c["source"]) for c in json.loads(nb.read_text(encoding="utf-8"))["cells"])]
    assert len(pages) == 1, pages


def doc():
    return json.loads(SHOVEL.read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, where, said", [
    (lambda d: d["steps"][0].pop("check"), "steps[0].check", "is missing"),
    (lambda d: d["steps"][0]["check"].update(values=[1, 2]), "steps[0].check.values", "one value for each"),
    (lambda d: d["steps"][0]["check"].update(values=[1, 5, 4, 5]), "steps[0].check", "exactly one"),
    (lambda d: d["steps"][0]["check"].update(compute="guess"), "steps[0].check", "must be one of"),
    (lambda d: d["steps"][0]["check"].update(path="teams.7.zombies"), "steps[0].check", "no '7'"),
    (lambda d: d.update(kind="quiz"), "kind", "must be one of"),
    (lambda d: d["steps"].__setitem__(0, {"text": "read me", "ask": "read"}), "steps", "at least one question"),
    (lambda d: d["steps"].extend([{"text": "more", "ask": "read"}] * 4), "steps", "at most"),
])
def test_malformed_exercises_are_refused_with_the_place(change, where, said):
    bad = doc()
    change(bad)
    with pytest.raises(LessonError) as caught:
        load_lesson(bad)
    assert caught.value.where == where and said in caught.value.reason, caught.value


def test_a_lesson_question_may_carry_a_check_too():
    """The check is part of the lesson format: the Graveyard Shift lesson's question on where the
    pawn went, checked by the engine (``pawns.0`` is null: off the map), right and then wrong."""
    lesson = json.loads((BOOK / "graveyard-shift" / "lessons" / "first-game.json").read_text(encoding="utf-8"))
    step = next(s for s in lesson["steps"] if s["ask"] == "answer" and "pawn" in s["question"])
    assert step["answer"] == 1
    step["check"] = {"compute": "position", "path": "pawns.0", "values": ["a1", None, "b1"]}
    load_lesson(lesson)
    step["check"]["values"] = [None, "off", "b1"]
    with pytest.raises(LessonError, match="the author's answer is option B, but the engine computes None: option A"):
        load_lesson(lesson)


def test_the_computations():
    state = read_lesson(SHOVEL).start_state()
    assert compute({"compute": "legal", "move": "shovel W2"}, state) is True
    assert compute({"compute": "legal", "move": "shamble c3>c2"}, state) is False
    assert compute({"compute": "refused", "move": "shovel W2"}, state) is None
    assert compute({"compute": "refused", "move": "shovel W3"}, state) == "sf-shovel-target"
    assert compute({"compute": "to_act"}, state) == 0
    assert compute({"compute": "count_legal"}, state) == 4
    assert compute({"compute": "winner"}, state) is None
    assert compute({"compute": "position", "path": "teams.1.zombies.len"}, state) == 3
    assert compute({"compute": "position", "path": "teams.-1.wizard"}, state) == "a1"
    since = len(state.log)
    state.apply("shovel W2").apply("roll 5")
    assert compute({"compute": "logged", "rule": "sf-whacked-takeover"}, state, since) is True
    assert compute({"compute": "logged", "rule": "sf-whacked-takeover"}, state, len(state.log)) is False
    shovel = {"compute": "log", "rule": "sf-shovel", "match": r"^Rolled (\d+)"}
    assert compute(shovel, state, since) == 5
    assert compute({**shovel, "match": r"^Rolled (\d+) and more"}, state, since) is None
    with pytest.raises(CheckError, match="needs 'move'"):
        compute({"compute": "legal"}, state)
    with pytest.raises(CheckError, match="capture"):
        compute({**shovel, "match": "Rolled"}, state, since)


def test_true_is_not_one():
    """A yes/no check does not match an option valued 1 or 0, nor the reverse; 9 matches 9.0."""
    check = {"values": [1, True, 0, False, 9]}
    assert options_matching(check, True) == [1] and options_matching(check, 1) == [0]
    assert options_matching(check, False) == [3] and options_matching(check, 9.0) == [4]
