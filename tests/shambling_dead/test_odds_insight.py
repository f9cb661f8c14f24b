"""The odds table the widget shows at a stand-or-counter-charge decision."""

import time

from necro.shambling_dead import analysis
from necro.shambling_dead.analysis import battle_odds, odds_insight

from .helpers import board, night, rest_of_hour


def stance_position():
    return night(2, [board("H0F", "S1F", "S1F", "S0S", *["Z0F"] * 5)], rest_of_hour())


def test_odds_insight_rows_match_battle_odds():
    state = stance_position()
    table = odds_insight(state)
    odds = battle_odds(state)
    assert table["columns"][0] == "Choice" and len(table["columns"]) == 5 and table["note"]
    assert [row[0] for row in table["rows"]] == list(odds) == ["stand", "counter-charge"]
    for row in table["rows"]:
        o = odds[row[0]]
        assert row[1:] == [f"{o['overrun']:.1%}", f"{o['survivors']:.2f}", f"{o['zombies']:.2f}", "exact"]
        assert all(len(row) == len(table["columns"]) for row in table["rows"])
    assert table["rows"][0][1] != table["rows"][1][1]  # this position tells the two apart


def test_odds_insight_says_when_the_odds_are_simulated():
    table = odds_insight(stance_position(), budget=0, samples=200, seed=3)
    odds = battle_odds(stance_position(), budget=0, samples=200, seed=3)
    assert [row[4] for row in table["rows"]] == ["simulated (n=200 battles)"] * 2
    assert table["rows"][0][2] == f"{odds['stand']['survivors']:.2f}"


def test_odds_insight_is_none_off_the_decision():
    state = stance_position()
    state.apply("stand")
    assert odds_insight(state) is None
    assert odds_insight(night(1, [board("H0F")], [["gauntlet", 0], *rest_of_hour()])) is None


def test_odds_insight_is_cached_by_position(monkeypatch):
    state = stance_position()
    odds_insight(state)
    calls = []
    monkeypatch.setattr(analysis, "battle_odds", lambda *a, **k: calls.append(a))
    again = stance_position()  # another object, the same position
    start = time.perf_counter()
    assert odds_insight(again) == odds_insight(state)
    assert calls == [] and time.perf_counter() - start < 0.1
    state.apply("counter-charge")
    state.undo()  # back at the decision: still cached
    odds_insight(state)
    assert calls == []
