"""The engines' fast paths against bare reference loops of the same rules, in one run.

Run ``python benchmarks/speed.py [--seconds S] [--games id ...]``. For each game with a reference
loop in ``benchmarks/reference/`` (plain lists and ints, no validation, no log, no action objects,
the same rulings), games (random play, or a fixed policy where the module's ``WHAT`` says so) are
played by the reference and by the engine's fast path (``legal_actions`` or the game's own policy,
``apply_unchecked``, ``resolve_chance_unchecked``), on the same seeds, in alternating slices of CPU
time so a busy machine slows both alike. It prints games per CPU second
for each and the ratio engine time / reference time: the target is at most 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

REFERENCES = {"graveyard-shift": "reference.graveyard_shift", "shovelfight": "reference.shovelfight",
              "shambling-dead": "reference.shambling_dead", "day-of-the-dead": "reference.day_of_the_dead",
              "cave-evil": "reference.cave_evil"}
"""Game id -> module of ``benchmarks/reference`` with ``play(seed)`` and ``engine_game(seed)``."""


def rate(play, seconds: float, first_seed: int) -> tuple[int, float]:
    """Games played by ``play(seed)`` in ``seconds`` of CPU time: ``(games, cpu seconds)``."""
    start = time.process_time()
    games = 0
    while time.process_time() - start < seconds:
        play(first_seed + games)
        games += 1
    return games, time.process_time() - start


def measure(module, seconds: float, slices: int = 6) -> tuple[float, float]:
    """Reference and engine games per CPU second, alternating ``slices`` slices of each."""
    totals = {"reference": [0, 0.0], "engine": [0, 0.0]}
    for i in range(slices):
        for name, play in (("reference", module.play), ("engine", module.engine_game)):
            games, cpu = rate(play, seconds / slices, 100_000 * i)
            totals[name][0] += games
            totals[name][1] += cpu
    return tuple(g / cpu for g, cpu in totals.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="CPU seconds per side and game")
    parser.add_argument("--games", nargs="*", default=list(REFERENCES), choices=list(REFERENCES))
    args = parser.parse_args()
    print(f"{'game':18} {'reference/s':>12} {'engine/s':>10} {'ratio':>6}")
    for game_id in args.games:
        module = importlib.import_module(REFERENCES[game_id])
        reference, engine = measure(module, args.seconds)
        print(f"{game_id:18} {reference:12,.0f} {engine:10,.0f} {reference / engine:6.2f}"
              f"   ({module.WHAT})")


if __name__ == "__main__":
    main()
