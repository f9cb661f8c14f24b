"""The first-game lesson (book/shambling-dead/lessons/first-game.json) says what the engine will
do at each prediction: the numbers in its text must be the engine's, played on its main line."""

from pathlib import Path

from necro.core.lesson import load_lesson, step_actions

LESSON = Path(__file__).resolve().parents[2] / "book" / "shambling-dead" / "lessons" / "first-game.json"


def log_of_each_step():
    """``(step, the log lines its main-line actions wrote)`` for every step of the lesson."""
    lesson = load_lesson(LESSON)
    state = lesson.start_state()
    for step in lesson.steps:
        before = len(state.steps)
        for action in step_actions(step):
            state.apply(action)
        yield step, [entry.text for s in state.steps[before:] for entry in s.log]


def test_the_predictions_come_true_on_the_engine():
    said = {step["title"]: lines for step, lines in log_of_each_step()}
    assert "Player 1 runs the gauntlet: rolled 4 at strength 10, 2 wound(s)." in said["Hour 1: a gauntlet"]
    six = said["The zombies strike"]
    assert six[:3] == ["The zombies in Front Line strike at strength 6, roll 6: 3 wound(s).",
                       "A six: the Hero must take the first wound.", "Hero s1 is wounded."]
    back = said["Your survivors strike back"]
    assert back[0] == "Player 1's survivors in Front Line strike at strength 12, roll 5: 3 wound(s)."
    assert not any("destroyed" in line for line in back)  # three zombies wounded, none falls
    rounds = said["Rounds 2 and 3"]
    for zombies_miss in ("strength 6, roll 2: 0 wound(s)", "strength 5, roll 3: 0 wound(s)"):
        assert any(zombies_miss in line for line in rounds), zombies_miss
    assert rounds[-1] == "1 zombie(s) are held at bay on player 1's board until next hour."


def test_the_lesson_ends_in_hour_3_with_the_whole_band_and_one_zombie_held_at_bay():
    lesson = load_lesson(LESSON)
    state = lesson.start_state()
    for action in lesson.line():
        state.apply(action)
    board = state.boards[0]
    assert state.hour == 3 and len(board.survivors()) == 10
    assert [f[2] for f in board.zombies()] == [1]  # one zombie, wounded: it strikes at strength 1
    assert state.status().endswith("roll to strike in Front Line at strength 1.")
