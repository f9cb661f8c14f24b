"""A small, seedable, serialisable random generator.

Engines never call :mod:`random`. Chance is drawn from an :class:`Rng` kept
inside the state, so a game is reproducible from its seed and the generator's
position travels with the position in JSON. The generator is counter-based
(SplitMix64 of ``seed`` and a counter): its whole state is two integers, and
it gives the same numbers on every platform and Python version.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng:
    """Counter-based generator: number k of seed s is splitmix64(s, k)."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int = 0, counter: int = 0):
        if not isinstance(seed, int) or not isinstance(counter, int) or counter < 0:
            raise ValueError("Rng needs an integer seed and a non-negative counter")
        self.seed = seed & _MASK
        self.counter = counter

    def next64(self) -> int:
        value = _splitmix64(_splitmix64(self.seed) ^ self.counter)
        self.counter += 1
        return value

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so unbiased)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        """Pick from ``(outcome, probability)`` pairs, exactly by rational weights.

        When every probability is exactly ``1/len(outcomes)`` (a die, a fair pick) the weights
        below would all be 1 and their sum ``len(outcomes)``: the draw is ``randbelow`` of that,
        taken here without the rational arithmetic (the same draw, so games replay alike).
        """
        uniform = _uniform(len(outcomes))
        if all(p is uniform or p == uniform for _, p in outcomes):
            return outcomes[self.randbelow(len(outcomes))][0]
        probs = [Fraction(p) for _, p in outcomes]
        denominator = 1
        for p in probs:
            denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
        weights = [int(p * denominator) for p in probs]
        pick = self.randbelow(sum(weights))
        for (outcome, _), weight in zip(outcomes, weights):
            if pick < weight:
                return outcome
            pick -= weight
        raise AssertionError("weights exhausted")  # pragma: no cover

    def counted(self, outcomes: Sequence[tuple[T, int]]) -> T:
        """Pick from ``(outcome, copies)`` pairs, each as likely as its copies: the very draw
        :meth:`weighted` makes from the probabilities ``copies / total`` (the same generator
        call, so games replay alike), in integers, for a pick from a pile of cards."""
        share = 0
        for _, copies in outcomes:
            share = _gcd(share, copies)
        pick = self.randbelow(sum(copies for _, copies in outcomes) // share)
        for outcome, copies in outcomes:
            if pick < copies // share:
                return outcome
            pick -= copies // share
        raise AssertionError("weights exhausted")  # pragma: no cover

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data) -> "Rng":
        return cls(int(data[0]), int(data[1]))

    def copy(self) -> "Rng":
        return Rng(self.seed, self.counter)

    def __eq__(self, other):
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __repr__(self):
        return f"Rng(seed={self.seed}, counter={self.counter})"


@lru_cache(maxsize=64)
def _uniform(n: int) -> Fraction | None:
    """The probability of each of ``n`` equally likely outcomes (None for no outcome)."""
    return Fraction(1, n) if n else None


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def die(sides: int = 6) -> list[tuple[int, Fraction]]:
    """The outcomes of one fair die, for ``chance_outcomes``."""
    p = _uniform(sides)  # one shared (immutable) Fraction, which :meth:`Rng.weighted` spots at once
    return [(face, p) for face in range(1, sides + 1)]
