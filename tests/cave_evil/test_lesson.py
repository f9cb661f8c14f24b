"""The Cave Evil lesson (book/cave-evil/lessons/first-game.json, at the top of book/cave-evil/learn.ipynb)
teaches the full game, not the map-and-combat one: two players, the Necromancer alone on its crystal
at the start and the Necromonk a card of the hand; its main line goes through the first dig and the
first fight, with a prediction at each (issue 27). tests/core/test_lesson.py replays it step by step."""

import json
from pathlib import Path

from necro.cave_evil import CaveEvil
from necro.core.lesson import read_lesson, step_actions, validate

LESSON = Path(__file__).resolve().parents[2] / "book" / "cave-evil" / "lessons" / "first-game.json"

# How the start position was made: the quick two-player cave of the full game, player 1 first, the
# hands dealt and the set-up spawn rolls forced (the Pit spawns a Ratman, one Throneroom a Craven Ghoul).
SETUP = [
    "first 1",
    "deal 1 necromonk necromonk", "deal 1 bribe marcid-master", "deal 1 bribe ratman",
    "deal 1 construct ghoul", "deal 1 summon horned-hellion",
    "deal 2 necromonk necromonk", "deal 2 bribe hunched-one", "deal 2 bribe caveling",
    "deal 2 construct raised-undead", "deal 2 summon unknown-shadow",
    "spawn rolls 4", "spawn rolls 1", "draw bribe ratman",
    "spawn rolls 3", "spawn rolls 1",
    "spawn rolls 2", "spawn rolls 3",
    "spawn rolls 4", "spawn rolls 2", "draw construct craven-ghoul",
    "spawn rolls 1", "spawn rolls 2",
]


def lesson():
    return read_lesson(LESSON)


def test_the_start_is_reached_by_play_from_the_full_games_set_up():
    doc = json.loads(LESSON.read_text(encoding="utf-8"))
    state = CaveEvil(2, **doc["start"]["options"]).new_initial_state(1)
    for action in SETUP:
        state.apply(action)
    assert state.position() == doc["start"]["position"]


def test_it_is_the_full_two_player_game_with_the_necromancer_alone_and_the_necromonk_in_hand():
    start = lesson().start_state()
    assert start.game.options["game"] == "full" and start.game.players == 2
    assert [c.id for c in start.squads["0:N"].creatures] == ["necromancer-1"]
    assert "necromonk:necromonk" in start.hands[0]
    assert lesson().seat == 0 and start.current_player() == 0


def test_the_main_line_goes_through_the_first_dig_and_the_first_fight():
    start, end = lesson().start_state(), validate(lesson())
    assert len(end.ground.placements) == len(start.ground.placements) + 1  # the Alcove dug open
    assert end.kill_points == [1.0, 0.0]  # the Denizen killed by squad I
    assert "w:C" not in end.squads and end.cycle == 3 and not end.is_terminal()
    assert end.track.position == 5  # three creatures invoked, two cycles ended


def test_there_is_a_prediction_at_the_dig_and_at_a_combat_round():
    steps = lesson().steps
    plays = [" ".join(step_actions(s)) for s in steps if s["ask"] == "predict"]
    assert any(p.startswith("continue ") for p in plays)
    assert any("attacker rolls" in p for p in plays)
    assert 12 <= len(steps) <= 20 and 10 <= lesson().doc["minutes"] <= 15
