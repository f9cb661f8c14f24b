"""Cave Evil combat benchmark: combats resolved per second and exact-odds computations per second.

    python benchmarks/cave_evil_combat.py [--sides 200] [--seconds 2]

A pool of seeded random match-ups (one or two legal squads a side, drawn from the card file,
sometimes with items and a spell) is fought over and over: each combat is set up from its
sides (checks and all twelve tallies), the attacker opens with a random attribute, the
defender replies at random and the dice come from a seeded generator. The exact odds are
``odds.advise`` (six openings, both replies each) on the same match-ups, with and without the
sides' tallies already made. Figures depend on the machine; the seeds make the work the same.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.cave_evil.combat import Combat, fight_random, side  # noqa: E402
from necro.cave_evil.creatures import catalogue  # noqa: E402
from necro.cave_evil.odds import advise  # noqa: E402
from necro.core import Rng  # noqa: E402

SHAPES = [("large",), ("medium",), ("medium", "small"), ("small",), ("small", "small"), ("small", "small", "small")]
ITEMS = ("cool-stretchy-headband", "spiked-shield", "mourning-face-mace", "opposition-mirror")


def random_side(rng: Rng, control: str = "player"):
    cards = catalogue()
    pool = [c for c in cards.creatures.values() if c.kind != "awakened-evil"]
    squads = []
    for _ in range(1 + (rng.randbelow(4) == 0)):
        shape = rng.choice(SHAPES) + ("trinket",) * rng.randbelow(2)
        squads.append([rng.choice([c for c in pool if c.size == size]).id for size in shape])
    members = [cards.creature(c) for sq in squads for c in sq]
    hands = sum(c.item_count for c in members if c.item_use)
    spells = ["blinding-prism"] if any(c.spellcaster for c in members) and rng.randbelow(3) == 0 else []
    items = [i for i in ITEMS if rng.randbelow(3) == 0][:max(0, hands - len(spells))]
    return side(*squads, items=items, spells=spells, control=control)


def matchups(count: int, seed: int = 1) -> list:
    rng = Rng(seed)
    return [(random_side(rng), random_side(rng, rng.choice(["player", "wandering"]))) for _ in range(count)]


def timed(fn, seconds: float) -> tuple[float, float, int]:
    """Calls of ``fn`` per wall second and per CPU second, and how many were made."""
    start, cpu, n = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - start < seconds:
        n += fn()
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return n / wall, n / used, n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, default=200, help="random match-ups in the pool")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    args = parser.parse_args(argv)
    pool = matchups(args.sides)
    combats = [Combat(a, d) for a, d in pool]
    rng = Rng(7)
    rounds = []

    def fight_all():
        for a, d in pool:
            rounds.append(len(fight_random(a, d, rng).rounds))
        return len(pool)

    def odds_all():
        for a, d in pool:
            advise(a, d)
        return len(pool)

    def odds_tallied():
        for c in combats:
            advise(c)
        return len(combats)

    per_s, per_cpu, n = timed(fight_all, args.seconds)
    print(f"combats resolved: {per_s:,.0f}/s ({per_cpu:,.0f}/cpu-s; {n:,} combats, "
          f"{sum(rounds) / len(rounds):.2f} rounds on average, {len(pool)} match-ups)")
    per_s, per_cpu, n = timed(odds_all, args.seconds)
    print(f"exact odds (advise: 6 openings x 2 replies, from the sides): {per_s:,.0f}/s ({per_cpu:,.0f}/cpu-s)")
    per_s, per_cpu, n = timed(odds_tallied, args.seconds)
    print(f"exact odds on a combat already set up (tallies made): {per_s:,.0f}/s ({per_cpu:,.0f}/cpu-s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
