"""The bare reference loop of benchmarks/reference/shovelfight.py plays the engine's games.

The speed benchmark (benchmarks/speed.py) compares the engine's fast path with that loop; this
keeps the comparison honest: on the same seeds both play the same random games, decision for
decision (same count, same results, same hits, boxes and zombies at the end), so the loop follows
the same rules and rulings as the engine.
"""

from __future__ import annotations

import pytest

from tests.references import load


@pytest.fixture(scope="module")
def reference():
    return load("shovelfight")


@pytest.mark.parametrize("players, seeds", [(3, 30), (4, 80), (5, 20), (6, 20)])
def test_the_reference_plays_the_engines_games(reference, players, seeds):
    games = [(reference.play(seed, players), reference.engine_game(seed, players)) for seed in range(seeds)]
    assert all(mine == engine for mine, engine in games)
    # different seats win these games
    winners = {returns.index(1.0) for (returns, _, _), _ in games if 1.0 in returns}
    assert len(winners) >= 2


@pytest.mark.parametrize("seed", [349, 450])
def test_the_reference_ends_a_fall_as_the_engine_does(reference, seed):
    """Two 5-player games where the last wizards die in one worm roll after a leap decision
    (ruling sf-simultaneous): 349 ends in a three-way share, 450 in a two-way share where the
    engine once gave the leaping wizard the win. The loop judges the end as the engine does."""
    mine, engine = reference.play(seed, 5), reference.engine_game(seed, 5)
    assert mine == engine and 1.0 not in mine[0]


def test_a_changed_rule_would_be_seen(reference, monkeypatch):
    """The comparison can fail: a reference whose Joker does nothing (no graves fall) parts from
    the engine on some seed."""
    monkeypatch.setattr(reference, "CHOICE_CARDS", ("A", "2", "4", "5"))
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(40))
