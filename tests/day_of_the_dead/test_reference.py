"""The bare reference loop of benchmarks/reference/day_of_the_dead.py plays the engine's games.

The speed benchmark (benchmarks/speed.py) compares the engine's fast path with that loop; this
keeps the comparison honest: on the same seeds both play the same random games (the same scores
after six turns and the same number of decisions), so the loop follows the same rules and rulings
as the engine.
"""

from __future__ import annotations

import pytest

from tests.references import load


@pytest.fixture(scope="module")
def reference():
    return load("day_of_the_dead")


def test_the_reference_plays_the_engines_games(reference):
    games = [(reference.play(seed), reference.engine_game(seed)) for seed in range(120)]
    assert all(mine == engine for mine, engine in games)
    # both players win some of these games, and they are of many lengths
    scores = [score for (score, _), _ in games]
    assert any(a > b for a, b in scores) and any(a < b for a, b in scores)
    assert len({decisions for (_, decisions), _ in games}) >= 10


@pytest.mark.parametrize("verb", ["copy", "dig", "return"])
def test_a_changed_rule_would_be_seen(reference, monkeypatch, verb):
    """The comparison can fail: a reference whose cards with an effect of ``verb`` (a copy, a Dig,
    a Return) use it no more parts from the engine on some seed."""
    effect = tuple(tuple(s for s in e if s[0] != verb) for e in reference.EFFECT)
    monkeypatch.setattr(reference, "EFFECT", effect)
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(60))


def test_the_comparison_sees_who_takes_the_uses_left(reference, monkeypatch):
    """The reference does not copy the engine's reading: with a Double spirit's repeat run by whatever
    card the slot holds (the reading before dotd-ruling-replaced-uses), it parts from the engine."""
    def effects(self, p, k):
        if self.won is not None or k in self.cancel:
            return
        uses = 1 + (self.spirit_back(p) == reference.DOUBLE) + sum(n for q, s, n in self.extra if q == p and s == k)
        for _ in range(uses):
            if self.won is not None:
                return
            card = self.slots[p][k - 1][0]
            if not self.stopped[p] and card not in self.quiet:
                self.run(p, k, card)

    monkeypatch.setattr(reference.Table, "effects", effects)
    assert any(reference.play(seed) != reference.engine_game(seed) for seed in range(300))
