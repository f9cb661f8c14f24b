"""The bare reference loop of benchmarks/reference/shambling_dead.py plays the engine's nights.

The speed benchmark (benchmarks/speed.py) compares the engine's fast path with that loop; this
keeps the comparison honest: on the same seeds both play the same solo nights with the stand
policy (the same chance draws, so the same hour the night ends, the same survivors at dawn and
the same number of decisions), so the loop follows the same rules and rulings as the engine.
"""

from __future__ import annotations

import pytest

from tests.references import load


@pytest.fixture(scope="module")
def reference():
    return load("shambling_dead")


def test_the_reference_plays_the_engines_nights(reference):
    nights = [(reference.play(seed), reference.engine_game(seed)) for seed in range(150)]
    assert all(mine == engine for mine, engine in nights)
    # the nights end in many hours, and some bands see the dawn
    hours = {hour for (hour, _, _), _ in nights}
    assert len(hours) >= 6 and reference.HOURS + 1 in hours
    assert any(alive for (_, alive, _), _ in nights)


def test_a_changed_rule_would_be_seen(reference, monkeypatch):
    """The comparison can fail: a reference where wounded survivors fight at full strength
    parts from the engine on some night."""
    monkeypatch.setattr(reference, "STRENGTH", {"S": (2, 2), "H": (3, 3)})
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(60))
