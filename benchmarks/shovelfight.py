"""Shovelfight benchmark: random-playout speed per player count, and the heuristic bot's
win rate against random players.

    python benchmarks/shovelfight.py [--games 200] [--duel 200]

Prints a table. Figures depend on the machine; the seeds make the games the same
every run. In the duel, one heuristic bot sits in a seat that rotates from game
to game and the other seats are random bots; a seat's fair share is 1/players.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.core import RandomBot, play  # noqa: E402
from necro.shovelfight import Shovelfight  # noqa: E402
from necro.shovelfight.bots import HeuristicBot  # noqa: E402


def speed(players: int, games: int) -> tuple[float, float, float, float]:
    """Games per wall-clock second, games per CPU second (steady on a busy machine),
    steps per CPU second and steps per game."""
    start, cpu = time.perf_counter(), time.process_time()
    steps = 0
    for seed in range(games):
        s = Shovelfight(players).new_initial_state(seed)
        steps += play(s, [RandomBot(seed * 10 + i) for i in range(players)])
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, games / used, steps / used, steps / games


def duel(players: int, games: int) -> tuple[float, int]:
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        bots = [HeuristicBot(seed) if i == seat else RandomBot(seed * 10 + i) for i in range(players)]
        s = Shovelfight(players).new_initial_state(10_000 + seed)
        play(s, bots)
        wins += s.returns()[seat]
    return wins / games, games


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per player count (speed)")
    parser.add_argument("--duel", type=int, default=200, help="heuristic-vs-random games per player count")
    args = parser.parse_args(argv)
    print(f"{'players':>7} | {'games/s':>8} | {'games/cpu-s':>11} | {'steps/cpu-s':>11} | {'steps/game':>10} | "
          f"{'heuristic win rate':>18} | {'fair share':>10}")
    print("-" * 98)
    for players in (3, 4, 5, 6):
        gps, gpc, spc, length = speed(players, args.games)
        rate, n = duel(players, args.duel) if args.duel else (float("nan"), 0)
        print(f"{players:>7} | {gps:>8.1f} | {gpc:>11.1f} | {spc:>11.0f} | {length:>10.1f} | "
              f"{rate:>11.1%} of {n:<4} | {1 / players:>10.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
