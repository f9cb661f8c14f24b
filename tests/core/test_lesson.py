"""Lessons are data checked against the engine (necro/core/lesson.py): every lesson file of the
book replays on its engine, and the validator refuses a lesson whose moves, outcomes or rules
the engine does not know."""

import copy
import json
from pathlib import Path

import pytest

from necro.core.lesson import LessonError, load_lesson, read_lesson, validate

BOOK = Path(__file__).resolve().parents[2] / "book"
LESSONS = sorted(BOOK.glob("*/lessons/*.json"))
FIRST_GAME = BOOK / "graveyard-shift" / "lessons" / "first-game.json"


def test_the_book_has_lessons():
    assert FIRST_GAME in LESSONS


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_lesson_replays_on_its_engine(path):
    lesson = load_lesson(path)
    assert lesson.doc["id"] == f"{path.parent.parent.name}/{path.stem}"
    assert any(step["ask"] == "predict" for step in lesson.steps)


def test_the_first_game_ends_in_a_win_for_the_learner():
    end = validate(read_lesson(FIRST_GAME))
    assert end.is_terminal() and end.winner() == 0


def doc():
    return json.loads(FIRST_GAME.read_text(encoding="utf-8"))


PREDICT = next(i for i, s in enumerate(doc()["steps"]) if s["ask"] == "predict")


def refused(document, where):
    with pytest.raises(LessonError) as caught:
        load_lesson(document)
    assert caught.value.where.startswith(where), caught.value
    return str(caught.value)


def test_an_illegal_expected_move_is_refused():
    bad = doc()
    bad["steps"][1]["expect"] = ["a1-c1"]  # two squares with an empty cart
    message = refused(bad, "steps[1].expect[0]")
    assert "refused by the engine" in message and "gs-move-empty" in message


def test_an_expected_move_of_the_wrong_player_is_refused():
    bad = doc()
    del bad["steps"][0]["then"]  # then step 1 would be player 2's turn
    refused(bad, "steps[1]")


def test_an_alternative_expected_move_must_leave_the_rest_playable():
    bad = doc()
    take = next(i for i, s in enumerate(bad["steps"]) if s.get("expect") == ["take H"])
    bad["steps"][take]["expect"] = ["take H", "take L"]  # then "put H c4" is fine, "put L a2" is not
    del bad["steps"][take]["other"]
    refused(bad, f"steps[{take + 1}].expect[0]")


def test_an_other_move_must_be_legal_and_not_expected():
    bad = doc()
    bad["steps"][1]["other"] = {"a1-d4": "far away"}
    refused(bad, "steps[1].other")


def test_unknown_rules_are_refused_in_fields_and_prose():
    bad = doc()
    predict = next(i for i, s in enumerate(bad["steps"]) if s["ask"] == "predict")
    bad["steps"][predict]["rule"] = "gs-no-such-rule"
    refused(bad, f"steps[{predict}].rule")
    bad = doc()
    bad["steps"][0]["text"] += " (rule gs-flying-carts)"
    refused(bad, "steps[0].text")


def test_a_forced_outcome_must_be_one_the_engine_lists():
    bad = doc()
    bad["start"] = {"scenario": "opening", "options": {"rounds": 3}}
    # a round's end deals the next round: a deal that is no deal of the sixteen parts is refused
    last = bad["steps"][-1]
    last["then"] = ["deal B.B.B.BB.BB.B.B.BB.BB.B.B.B"]
    refused(bad, f"steps[{len(bad['steps']) - 1}].then[0]")
    last["then"] = ["deal B.C.H.BL.CH.L.B.HC.LB.C.H.L"]
    load_lesson(bad)


@pytest.mark.parametrize("change, where", [
    (lambda d: d.pop("steps"), "steps"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["steps"][0].update(ask="dance"), "steps[0].ask"),
    (lambda d: d["steps"][0].update(expect=[]), "steps[0].expect"),
    (lambda d: d["steps"][PREDICT].update(answer=5), f"steps[{PREDICT}].answer"),
    (lambda d: d["steps"][PREDICT].pop("play"), f"steps[{PREDICT}]"),
    (lambda d: d["steps"][PREDICT].update(options=["only one"]), f"steps[{PREDICT}].options"),
    (lambda d: d["start"].update(position={}), "start"),
    (lambda d: d["start"].update(scenario="nowhere"), "start.scenario"),
])
def test_malformed_lessons_are_refused_with_the_place(change, where):
    bad = copy.deepcopy(doc())
    change(bad)
    refused(bad, where)


# ------------------------------------------------- every game's scenario builders
def scenario_cases():
    from necro.core.lesson import scenarios
    from necro.core.registry import GAMES

    return [(game_id, name) for game_id in GAMES for name in sorted(scenarios(game_id))]


def start_doc(game_id, start):
    return {"format": "necro-lesson", "version": 1, "id": f"{game_id}/probe", "game": game_id, "title": "probe",
            "start": start, "steps": [{"text": "look", "ask": "read"}]}


@pytest.mark.parametrize("game_id, name", scenario_cases(), ids="/".join)
def test_a_lesson_starts_from_any_scenario_of_any_game(game_id, name):
    """The builders differ (``game=``, ``**options``, neither): a lesson names any of them."""
    from necro.core.lesson import scenarios

    state = read_lesson(start_doc(game_id, {"scenario": name})).start_state()
    assert state.game.id == game_id
    assert state.position() == scenarios(game_id)[name]().position()


@pytest.mark.parametrize("game_id, name, option", [
    ("graveyard-shift", "opening", {"rounds": 1}),                 # the builder takes game=
    ("day-of-the-dead", "summoning-turn-1", {"spirit_fills": "active"}),  # **options
    ("shovelfight", "joker_cut", {"stranded": "falls"}),           # neither: set up again with the options
    ("cave-evil", "failed-dig", {"black_diamond": True}),
    ("shambling-dead", "hero-six", None),
])
def test_the_lessons_options_reach_the_game_whatever_the_builder(game_id, name, option):
    from necro.core.registry import game_class

    spec = game_class(game_id).options_spec
    if option is None or not set(option) <= {o.name for o in spec}:  # any option of the game, not its default
        first = spec[0]
        option = {first.name: next(c for c in first.choices if c != first.default)}
    state = read_lesson(start_doc(game_id, {"scenario": name, "options": option})).start_state()
    assert {k: state.game.options[k] for k in option} == option


def test_an_option_that_does_not_fit_the_scenarios_position_is_refused_with_the_place():
    doc_ = start_doc("cave-evil", {"scenario": "failed-dig", "options": {"game": "full"}})
    with pytest.raises(LessonError) as caught:
        read_lesson(doc_).start_state()
    assert caught.value.where == "start.options"


def test_arguments_a_builder_does_not_take_are_refused_with_the_place():
    doc_ = start_doc("day-of-the-dead", {"scenario": "summoning-turn-1", "args": {"game": None, "colour": "red"}})
    with pytest.raises(LessonError) as caught:
        read_lesson(doc_).start_state()
    assert caught.value.where.startswith("start")
