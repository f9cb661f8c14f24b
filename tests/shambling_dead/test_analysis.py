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


def _apply_loop(state, policy, hourly):
    """What a rollout does, one state._apply at a time (the reference for its inlined loop)."""
    from necro.core import Rng
    from necro.shambling_dead.state import CHANCE_KINDS

    seed, hour = state.rng.seed, state.hour
    while not state.over:
        if hourly and state.hour != hour:
            hour = state.hour
            state.rng = Rng(seed + hour)
        task = state.task
        state._apply(state.sample_chance(state.rng) if task["k"] in CHANCE_KINDS else policy.choose(state))
    return state.position()


@pytest.mark.parametrize("hourly", [False, True])
def test_a_rollout_plays_the_night_apply_would(hourly):
    from necro.shambling_dead import ShamblingDead
    from necro.shambling_dead.bots import AlwaysStand, fast_copy, rollout

    ends = set()
    for seed in range(12):
        start = ShamblingDead().new_initial_state(seed)
        fast, slow = fast_copy(start, 100 + seed), fast_copy(start, 100 + seed)
        rollout(fast, AlwaysStand(0), 0, hourly)
        assert fast.position() == _apply_loop(slow, AlwaysStand(0), hourly)
        ends.add(str(fast.position()))
    assert len(ends) > 6  # the nights differ: the comparison above can fail


def test_hourly_rollouts_draw_each_hour_from_its_own_generator():
    from necro.core import Rng
    from necro.shambling_dead import ShamblingDead
    from necro.shambling_dead.bots import AlwaysStand, fast_copy, rollout
    from necro.shambling_dead.state import CHARGE, STAND

    state = ShamblingDead().new_initial_state(7)
    while state.task["k"] != "stance":
        state.apply(state.sample_chance(state.rng) if state.is_chance_node() else state.legal_actions()[-1])
    for first in (STAND, CHARGE):
        sim = fast_copy(state, 1234)
        sim.apply_unchecked(first)
        rollout(sim, AlwaysStand(0), 0, hourly=True)
        last_hour = 1234 + sim.hour if sim.hour != state.hour else 1234
        assert sim.rng.seed == Rng(last_hour).seed
        plain = fast_copy(state, 1234)
        plain.apply_unchecked(first)
        rollout(plain, AlwaysStand(0), 0)
        assert plain.rng.seed == Rng(1234).seed


def test_lookahead_stops_a_comparison_no_alternative_leads():
    look = Lookahead(3)
    played = []
    look._scores = lambda state, first, seeds: played.append(len(seeds)) or [1.0] * len(seeds)
    counter = look.rng.counter
    choice, means = look._compare(None, [("a", None), ("b", None)])
    assert choice == "a" and played == [2, 2] and means == [1.0, 1.0]
    assert look.rng.counter == counter + 16  # all the seeds are drawn: the next decision gets the same ones
    full = Lookahead(3, checks=())
    played.clear()
    full._scores = lambda state, first, seeds: played.append(len(seeds)) or [1.0] * len(seeds)
    full._compare(None, [("a", None), ("b", None)])
    assert played == [16, 16]


def test_lookahead_takes_a_clearly_better_alternative():
    look = Lookahead(3)
    look._scores = lambda state, first, seeds: [float(first) + (i % 2) for i in range(len(seeds))]
    choice, means = look._compare(None, [("a", 0), ("b", 3)])
    assert choice == "b" and means == [0.5, 3.5]
