"""The bare reference loop of benchmarks/reference/graveyard_shift.py plays the engine's games.

The speed benchmark (benchmarks/speed.py) compares the engine's fast path with that loop; this
keeps the comparison honest: on the same seeds both play the same random games, move for move,
so the loop follows the same rules and rulings as the engine.
"""

from __future__ import annotations

import pytest

from tests.references import load


@pytest.fixture(scope="module")
def reference():
    return load("graveyard_shift")


@pytest.mark.parametrize("rounds", [1, 3])
def test_the_reference_plays_the_engines_games(reference, rounds):
    games = [(reference.play(seed, rounds), reference.engine_game(seed, rounds)) for seed in range(60)]
    assert all(mine == engine for mine, engine in games)
    # both players win some of these games
    results = [r for (found, _), _ in games for r in found]
    assert {0, 1} <= set(results)


def test_a_changed_rule_would_be_seen(reference, monkeypatch):
    """The comparison can fail: a reference that lists kinds in another order (so its players
    choose other parts to keep and to put back) parts from the engine on some seed."""
    monkeypatch.setattr(reference, "KINDS", "LCHB")
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(60))
