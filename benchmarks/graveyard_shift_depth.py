"""Graveyard Shift: the strong bot after the speed work against the bot as it was, same time budget.

Run ``python benchmarks/graveyard_shift_depth.py [--matches N] [--seconds S]``. The earlier bot
is the module ``necro/graveyard_shift/bots.py`` as of commit ``ad6e3e8`` (read from git), whose
evaluation measured distances with a loop; both play on the same rules engine. Matches are
seeded, seats alternate, and each move gets the same wall-clock budget, so the faster bot
searches deeper: the script prints the depths reached and the results.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from necro.graveyard_shift import GraveyardShift  # noqa: E402
from necro.graveyard_shift.bots import StrongBot  # noqa: E402

BEFORE = "ad6e3e8"


def earlier_bots():
    """The bots module as it was at ``BEFORE`` (its relative imports made absolute)."""
    source = subprocess.run(["git", "show", f"{BEFORE}:necro/graveyard_shift/bots.py"], cwd=HERE,
                            capture_output=True, text=True, check=True).stdout
    source = source.replace("from .board import", "from necro.graveyard_shift.board import")
    module = types.ModuleType("earlier_bots")
    exec(compile(source, "earlier_bots.py", "exec"), module.__dict__)
    return module


def match(seed: int, bots) -> tuple[int | None, dict]:
    state = GraveyardShift().new_initial_state(seed)
    depths = {0: [], 1: []}
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance_unchecked()
            continue
        seat = state.current_player()
        bot = bots[seat]
        action = bot.choose(state)
        if len(state.pos.legal()) > 1:
            depths[seat].append(bot.depth_reached)
        state.apply_unchecked(action)
    return state.winner(), depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.2, help="time budget per move")
    args = parser.parse_args()
    old = earlier_bots()
    wins = {"now": 0, "before": 0, "drawn": 0}
    depth = {"now": [], "before": []}
    for i in range(args.matches):
        now, before = StrongBot(seed=i, seconds=args.seconds), old.StrongBot(seed=i, seconds=args.seconds)
        seats = (now, before) if i % 2 == 0 else (before, now)
        names = ("now", "before") if i % 2 == 0 else ("before", "now")
        winner, depths = match(1000 + i, seats)
        wins["drawn" if winner is None else names[winner]] += 1
        for seat in (0, 1):
            depth[names[seat]] += depths[seat]
    for name in ("now", "before"):
        d = depth[name]
        print(f"{name:6}: mean depth {statistics.mean(d):.2f}, median {statistics.median(d)}, "
              f"{len(d)} moves searched")
    print(f"matches: now won {wins['now']}, before won {wins['before']}, drawn {wins['drawn']} "
          f"of {args.matches} (seeded, seats alternating, {args.seconds} s a move)")


if __name__ == "__main__":
    main()
