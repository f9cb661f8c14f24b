"""Survival analysis: studies, intervals, battle odds, and the lookahead policy."""

from fractions import Fraction

import pytest

from necro.shambling_dead.analysis import battle_odds, run_nights, study, summarize, wilson
from necro.shambling_dead.bots import Lookahead

from .helpers import board, night, rest_of_hour


def stance_position():
    return night(2, [board("H0F", "S0F", "S0F", "S0S", "S0S", "Z0F", "Z0F", "Z0F")], rest_of_hour())


def test_battle_odds_exact_distributions_sum_to_one():
    odds = battle_odds(stance_position())
    assert set(odds) == {"stand", "counter-charge"}
    for entry in odds.values():
        assert entry["method"] == "exact"
        assert sum(entry["dist"].values()) == Fraction(1)
        assert 0 <= entry["overrun"] <= 1 and 0 < entry["survivors"] <= 5


def test_battle_odds_simulated_agrees_with_exact():
    exact = battle_odds(stance_position())
    sim = battle_odds(stance_position(), budget=0, samples=3000, seed=4)
    for choice in exact:
        assert sim[choice]["method"].startswith("simulated")
        assert abs(sim[choice]["survivors"] - exact[choice]["survivors"]) < 0.15


def test_battle_odds_only_at_a_stance_decision():
    with pytest.raises(ValueError):
        battle_odds(night(1, [board("H0F")], [["gauntlet", 0], *rest_of_hour()]))


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 2) == 0.19
    assert wilson(0, 10)[0] == 0.0


def test_study_is_reproducible_and_summarized():
    a = run_nights("stand", 20, seed=5)
    b = run_nights("stand", 20, seed=5)
    assert a == b
    s = summarize(a)
    assert s["nights"] == 20 and s["survival_ci"][0] <= s["survival"] <= s["survival_ci"][1]
    assert sum(s["deaths_by_hour"].values()) + round(s["survival"] * 20) == 20
    res = study(["stand", "charge"], 10, progress=False)
    assert set(res) == {"stand", "charge"}


def test_lookahead_plays_legal_nights():
    records = run_nights("lookahead", 2, seed=1, rollouts=2)
    assert len(records) == 2 and all(0 <= r["survivors"] for r in records)
    assert Lookahead(0).name == "lookahead"


def test_paired_comparison_needs_the_same_nights():
    from necro.shambling_dead.analysis import paired, reach

    a = run_nights("stand", 6, seed=3)
    b = run_nights("charge", 6, seed=3)
    mean, lo, hi = paired(a, b)
    assert lo <= mean <= hi
    assert paired(a, a) == (0.0, 0.0, 0.0)
    assert reach({"hour": 11, "survivors": 4}) == 15 and reach({"hour": 6, "survivors": 0}) == 6
    with pytest.raises(ValueError):
        paired(a, run_nights("stand", 6, seed=4))
