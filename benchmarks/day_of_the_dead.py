"""Day of the Dead benchmark: random games per second (fast path and recorded path),
and the Monte Carlo bots' win rates, seeded, seats alternated.

    python benchmarks/day_of_the_dead.py [--games 1000] [--duel 100] [--mc-duel 40] [--vs-old 200]
        [--fast-vs-old 100] [--no-speed]

``--vs-old N`` plays N games of ``mc`` (the bot since 2026-11-27: memory, simultaneous face-down
choices, rollouts spent where the choice is close) against ``mc-old`` (the bot before), with the
95% interval of the win rate; ``--fast-vs-old N`` the same with ``mc-fast``, which spends less CPU a
game than ``mc-old``.

Prints a table. Figures depend on the machine; the seeds make the games the same
every run. A draw counts half a win.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.core import RandomBot, play  # noqa: E402
from necro.day_of_the_dead import DayOfTheDead  # noqa: E402
from necro.day_of_the_dead.bots import BOTS  # noqa: E402


def speed(games: int, recorded: bool) -> tuple[float, float, float]:
    """Games per wall-clock second, games per CPU second, and steps per game."""
    start, cpu = time.perf_counter(), time.process_time()
    steps = 0
    for seed in range(games):
        s = DayOfTheDead().new_initial_state(seed)
        steps += play(s, [RandomBot(2 * seed), RandomBot(2 * seed + 1)], recorded=recorded)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu), steps / games


def duel(bot: str, against: str, games: int) -> tuple[float, float, float]:
    """Win rate of ``bot`` (draws half), the half-width of its 95% interval, and CPU seconds per game."""
    score, squares, cpu = 0.0, 0.0, time.process_time()
    for seed in range(games):
        seat = seed % 2
        bots = [None, None]
        bots[seat] = BOTS[bot](seed=seed)
        bots[1 - seat] = BOTS[against](seed=seed + 500)
        s = DayOfTheDead().new_initial_state(20_000 + seed)
        play(s, bots)
        result = (s.returns()[seat] + 1) / 2
        score += result
        squares += result * result
    mean = score / games
    spread = 1.96 * (max(0.0, squares / games - mean * mean) / max(1, games - 1)) ** 0.5
    return mean, spread, (time.process_time() - cpu) / games


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games (speed)")
    parser.add_argument("--duel", type=int, default=100, help="mc-fast and mc against random")
    parser.add_argument("--mc-duel", type=int, default=40, help="mc against mc-fast")
    parser.add_argument("--vs-old", type=int, default=0, help="mc against mc-old (the bot before 2026-11-27)")
    parser.add_argument("--fast-vs-old", type=int, default=0,
                        help="mc-fast (less CPU a game than mc-old) against mc-old")
    parser.add_argument("--no-speed", action="store_true", help="skip the random games")
    args = parser.parse_args(argv)
    for recorded in (False, True) if not args.no_speed else ():
        n = args.games if not recorded else max(1, args.games // 5)
        gps, gpc, length = speed(n, recorded)
        path = "recorded (validation, log, undo)" if recorded else "fast path (apply_unchecked)"
        print(f"random games, {path}: {gps:.0f} games/s, {gpc:.0f} games/cpu-s, {length:.0f} steps a game")
    for bot, against, games in (("mc-fast", "random", args.duel), ("mc", "random", args.duel),
                                ("mc", "mc-fast", args.mc_duel), ("mc", "mc-old", args.vs_old),
                                ("mc-fast", "mc-old", args.fast_vs_old)):
        if games:
            rate, spread, secs = duel(bot, against, games)
            print(f"{bot} v {against}: wins {rate:.1%} +- {spread:.1%} of {games} games (seats alternated, draws "
                  f"half), {secs:.2f} cpu-s a game (both bots)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
