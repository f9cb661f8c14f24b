"""The generator's weighted draw: its shortcut for equally likely outcomes draws exactly what the
rational arithmetic draws, so saved games replay the same."""

import math
from fractions import Fraction

from necro.core import Rng
from necro.core.rng import die


def slow_weighted(rng, outcomes):
    """The general rule, without the shortcut."""
    probs = [Fraction(p) for _, p in outcomes]
    denominator = 1
    for p in probs:
        denominator = denominator * p.denominator // math.gcd(denominator, p.denominator)
    pick = rng.randbelow(sum(int(p * denominator) for p in probs))
    for (outcome, _), p in zip(outcomes, probs):
        if pick < int(p * denominator):
            return outcome
        pick -= int(p * denominator)


def test_uniform_draws_match_the_general_rule():
    cases = [die(6), die(4), [("a", Fraction(1, 3))] * 3, [("a", 0.25), ("b", 0.25), ("c", 0.25), ("d", 0.25)],
             [("a", Fraction(1, 2)), ("b", Fraction(1, 4)), ("c", Fraction(1, 4))], [("x", 1)]]
    for outcomes in cases:
        fast, slow = Rng(7), Rng(7)
        assert [fast.weighted(outcomes) for _ in range(200)] == [slow_weighted(slow, outcomes) for _ in range(200)]
        assert fast == slow


def test_equal_but_unnormalised_weights_take_the_general_rule():
    # two outcomes of weight 2 each: the general rule draws below 4, not below 2
    outcomes = [("a", 2), ("b", 2)]
    fast, slow = Rng(3), Rng(3)
    assert [fast.weighted(outcomes) for _ in range(50)] == [slow_weighted(slow, outcomes) for _ in range(50)]


def test_counted_draws_exactly_as_weighted_does():
    """A pick by copies is the pick weighted() makes from copies/total: same outcome, same
    generator call, whatever the counts (all alike, with a common factor, or coprime)."""
    maker = Rng(3)
    for case in range(300):
        counts = [1 + maker.randbelow(4) * (1 + case % 3) for _ in range(1 + maker.randbelow(8))]
        pairs = [(f"c{i}", k) for i, k in enumerate(counts)]
        total = sum(counts)
        by_copies, by_chance = Rng(case, 7), Rng(case, 7)
        for _ in range(5):
            assert by_copies.counted(pairs) == by_chance.weighted([(o, Fraction(k, total)) for o, k in pairs])
        assert by_copies.counter == by_chance.counter
