"""The bare combat loop of benchmarks/reference/cave_evil.py fights the engine's combats.

The speed benchmark (benchmarks/speed.py) compares the engine's fast path (``fight_random``) with
that loop; this keeps the comparison honest: on the same seeds both fight the same match-ups with
the same chance draws, and agree on the winner, every round's attribute and totals, the number of
throws, the dead, kill points, gore and the cards dropped, so the loop follows the engine's rules.
"""

from __future__ import annotations

import pytest

from tests.references import load


@pytest.fixture(scope="module")
def reference():
    return load("cave_evil")


def test_the_reference_fights_the_engines_combats(reference):
    combats = [(reference.play(seed), reference.engine_game(seed)) for seed in range(600)]
    assert all(mine == engine for mine, engine in combats)
    # diverse combats: both sides win, in two rounds and in three, after ties, with every opening,
    # floored totals, dead monsters (no kill points) and dead players' creatures, dropped cards
    results = [mine for mine, _ in combats]
    assert {(winner, len(rounds)) for winner, rounds, *_ in results} == {
        (role, n) for role in ("attacker", "defender") for n in (2, 3)}
    assert any(throws > len(rounds) for _, rounds, throws, *_ in results)
    assert {rounds[0][0] for _, rounds, *_ in results} == set(reference.RING)
    assert any(0 in (ta, td) for _, rounds, *_ in results for _, ta, td in rounds)
    assert {points == 0 for *_, points, _, _ in results} == {True, False}
    assert any(dropped for *_, dropped in results)


@pytest.mark.parametrize("mutation", ["gore", "floor"])
def test_a_changed_rule_would_be_seen(reference, monkeypatch, mutation):
    """The comparison can fail: a reference where a slain trinket leaves gore (against ruling
    ce-gore-trinket), or where bound creatures go below zero (against rule ce-combat-floor),
    parts from the engine on some combat."""
    if mutation == "gore":
        monkeypatch.setitem(reference.GORE, "trinket", 1)
    else:
        monkeypatch.setattr(reference, "FLOOR", -100)
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(200))
