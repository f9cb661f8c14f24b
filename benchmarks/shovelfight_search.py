"""Shovelfight: the search bot (determinized Monte Carlo over the hidden cards) against the
heuristic bot it was built to beat.

    python benchmarks/shovelfight_search.py [--games 100] [--players 4] [--samples 4] [--horizon 20]
        [--policy heuristic]

One bot under test sits in a seat that rotates from game to game; the other seats are heuristic
bots. Each seed is played twice, once with the search bot in that seat and once with a heuristic
bot there (the same deal and the same first player), so the two win shares are paired: the
heuristic's share is what that seat gets among equals (about 1/players), the margin is what the
search adds. Heuristic bots among themselves can circle for ever (nobody closes in), so a game
still going after ``--cap`` steps is called a draw: each seat gets 1/players, and the number of
such games is printed. Prints both shares with a 95% interval, and CPU seconds per game.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.shovelfight import Shovelfight  # noqa: E402
from necro.shovelfight.bots import HeuristicBot, SearchBot  # noqa: E402


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1)
    return mean, 1.96 * math.sqrt(var / len(values))


def share(players: int, games: int, make, cap: int) -> tuple[list[float], float, int]:
    """The return of the seat played by ``make(seed)`` in each game, CPU s per game and the
    number of games called a draw at the cap."""
    results, capped = [], 0
    start = time.process_time()
    for seed in range(games):
        seat = seed % players
        bots = [make(seed) if i == seat else HeuristicBot(seed * 10 + i) for i in range(players)]
        s = Shovelfight(players).new_initial_state(20_000 + seed)
        for _ in range(cap):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.resolve_chance_unchecked()
            else:
                s.apply_unchecked(bots[s.current_player()].choose(s))
        if s.is_terminal():
            results.append(s.returns()[seat])
        else:
            results.append(1 / players)
            capped += 1
    return results, (time.process_time() - start) / games, capped


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=4, help="sampled worlds per decision")
    parser.add_argument("--horizon", type=int, default=20, help="steps of rollout play after each tried action")
    parser.add_argument("--cap", type=int, default=3000, help="steps after which a game is a draw")
    parser.add_argument("--policy", default="heuristic", choices=("heuristic", "random"),
                        help="how every player plays during a rollout")
    args = parser.parse_args(argv)
    rows = [("heuristic", lambda seed: HeuristicBot(seed)),
            ("search", lambda seed: SearchBot(seed, args.samples, args.horizon, args.policy))]
    print(f"{args.players} players, {args.games} games, seat rotating, other seats heuristic; "
          f"search: {args.samples} worlds x {args.horizon} steps of {args.policy} play")
    found = []
    for name, make in rows:
        results, cpu, capped = share(args.players, args.games, make, args.cap)
        mean, half = interval(results)
        print(f"{name:10} win share {mean:6.1%} +- {half:5.1%}   ({cpu:5.2f} CPU s/game, "
              f"{capped} drawn at the cap)")
        found.append(results)
    margin, half = interval([b - a for a, b in zip(*found)])
    print(f"margin     {margin:+6.1%} +- {half:5.1%}   (search minus heuristic, seed by seed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
