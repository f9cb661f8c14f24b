"""The soak's plan (necro/core/soak.py): pairwise covering sets, reproducible jobs, and a small
seeded sample of every game but Cave Evil (whose sample is tests/cave_evil/test_soak_sample.py)."""

import pytest

from necro.core import soak
from necro.core.registry import GAMES, game_class


def test_a_greedy_covering_meets_every_pair_in_few_rows_and_is_the_same_for_a_seed():
    factors = {"a": (0, 1, 2), "b": (False, True), "c": ("x", "y", "z", "w"), "d": (1, 2)}
    rows = soak.pairwise_rows(factors, seed=3)
    assert not soak.missing_pairs(factors, rows)
    assert 12 <= len(rows) <= 16  # at least 3 x 4 rows; all 96 combinations would be 48
    assert rows == soak.pairwise_rows(factors, seed=3)
    assert soak.missing_pairs(factors, rows[:-1])  # every row adds a pair


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_scope_of_every_game_covers_all_pairs_of_its_player_counts_and_options(game_id):
    cls = game_class(game_id)
    for scope, rows in soak.covering(game_id, seed=0):
        factors = soak.scope_factors(game_id, scope)
        assert not soak.missing_pairs(factors, rows)
        for row in rows:
            row = dict(row)
            cls(row.pop("players"), **scope.fixed, **row)  # every row is a valid game
        assert set(scope.bots) <= set(cls().bots())


def test_cave_evil_covers_its_full_and_map_games_apart_with_the_options_each_reads():
    (full, full_rows), (map_, map_rows) = soak.covering("cave-evil", seed=0)
    assert full.fixed == {"game": "full"} and map_.fixed == {"game": "map"}
    assert "cycles" not in soak.scope_factors("cave-evil", full)
    assert {"battle_on", "abandon", "necromancers", "awakening", "protectors"} <= set(soak.scope_factors("cave-evil", full))
    options = {o.name for o in soak.game_class("cave-evil").options_spec}
    varied = set(soak.scope_factors("cave-evil", full)) | set(soak.scope_factors("cave-evil", map_))
    assert options - {"game"} <= varied, "every Cave Evil option is soaked in some scope (a new option joins SCOPES)"
    assert len(full_rows) >= 4 * 3 and len(map_rows) >= 8 * 3  # awakening x players, cycles x players
    jobs = soak.jobs("cave-evil", 400, seed=0, check_share=0.1)
    assert sum(j.options["game"] == "full" for j in jobs) == 300
    assert 20 <= sum(j.checked for j in jobs) <= 60 and {j.options["game"] for j in jobs if j.checked} == {"full", "map"}
    assert all(set(j.bots) == {"heuristic", "random"} for j in jobs if j.options["game"] == "full")


def test_a_job_plays_again_from_its_json():
    job = soak.jobs("graveyard-shift", 3, seed=5)[2]
    assert soak.Job.from_json(job.to_json()) == job
    assert soak.play_job(job)["steps"] == soak.play_job(soak.Job.from_json(job.to_json()))["steps"]
    seeded = soak.Job(**{**job.__dict__, "bot_seeds": (1, 2)})
    assert soak.Job.from_json(seeded.to_json()) == seeded


@pytest.mark.parametrize("game_id", sorted(set(GAMES) - {"cave-evil"}))
def test_a_seeded_soak_sample_of_every_other_game_comes_through(game_id):
    jobs = soak.jobs(game_id, 8, seed=0, check_share=0.25)
    assert any(j.checked for j in jobs)
    for job in jobs:
        result = soak.play_job(job)
        assert result["outcome"] == "ok", soak.reproduction(result)


def test_the_soak_names_a_crash_with_a_line_that_plays_it_again(monkeypatch):
    job = soak.jobs("graveyard-shift", 1, seed=0, check_share=0)[0]
    state_class = game_class("graveyard-shift").state_class
    original = state_class.apply_unchecked
    calls = []

    def crash_at_ten(self, action):
        calls.append(action)
        if len(calls) == 10:
            raise KeyError("boom")
        return original(self, action)

    monkeypatch.setattr(state_class, "apply_unchecked", crash_at_ten)
    result = soak.play_job(job)
    assert result["outcome"] == "exception" and "KeyError" in result["error"]
    line = soak.reproduction(result)
    assert f"seed={job.seed}" in line and "path=fast" in line and job.to_json() in line


def test_failures_of_one_fault_are_counted_together():
    def result(error):
        return {"outcome": "loader", "error": error}

    one = soak.fault_kind(result("squad w:C stands on player 2's Chthonic Crystal at +0-9: no enemy ever stands there"))
    two = soak.fault_kind(result("squad w:G stands on player 1's Chthonic Crystal at -4-6: no enemy ever stands there"))
    other = soak.fault_kind(result("squad 2:N is not on the map as the fight records it"))
    assert one == two != other and one.startswith("loader: ")
