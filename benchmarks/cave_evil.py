"""Cave Evil benchmark: legal-move generation on a crowded late-game map, and random games per second.

    python benchmarks/cave_evil.py [--games 40] [--players 4] [--positions 200]

The crowded map comes from seeded random play by diggers that dig on whenever they can
(the ``digger`` bot's chooser) over 20 cycles; the legal actions of the decisions met in
its last half are generated again and again (the state's cache cleared each time).
Random games use the random bot for every seat, default options (6 cycles), set-up
included. Figures depend on the machine; the seeds make the games the same every run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.cave_evil import CaveEvil  # noqa: E402
from necro.cave_evil import setup as su  # noqa: E402
from necro.core import RandomBot, Rng, play  # noqa: E402
from necro.cave_evil.bots import eager  # noqa: E402


def crowded(players: int, seed: int = 1) -> list:
    """Copies of every decision (not chance) in the second half of an eager 20-cycle game."""
    state = CaveEvil(players, cycles=20, flank=True).new_initial_state(seed)
    rng = Rng(seed)
    seen = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.play_chance()
            continue
        if state.cycle > 10:
            seen.append(state.copy())
        state.apply(eager(state, rng))
    print(f"crowded map: {len(state.ground.placements)} tiles, {len(state.ground.open_hexes())} open hexes, "
          f"{len(state.squads)} squads, {len(seen)} decisions in cycles 11-20")
    return seen


def generation(states: list, positions: int) -> tuple[float, float, dict]:
    """Legal-action lists generated per second (and per CPU second), with the mean list size by kind."""
    picks = [states[i * len(states) // positions] for i in range(positions)] if len(states) > positions else states
    sizes: dict[str, list[int]] = {}
    start, cpu = time.perf_counter(), time.process_time()
    n = 0
    while time.perf_counter() - start < 2.0:
        for s in picks:
            s._cache = None
            actions = s.legal_actions()
            n += 1
            kind = ("move to" if s.pending else "place/step" if s.finishing() else "turn")
            sizes.setdefault(kind, []).append(len(actions))
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return n / wall, n / used, {k: sum(v) / len(v) for k, v in sizes.items()}


def games(players: int, count: int, recorded: bool, setup: str = "placement") -> tuple[float, float]:
    """Random games per second and steps per game."""
    start = time.perf_counter()
    steps = 0
    for seed in range(count):
        s = CaveEvil(players, setup=setup).new_initial_state(seed)
        steps += play(s, [RandomBot(seed * 10 + k) for k in range(players)], recorded=recorded)
    return count / (time.perf_counter() - start), steps / count


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per line")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players on the crowded map")
    parser.add_argument("--positions", type=int, default=200, help="decisions of the crowded game to time")
    args = parser.parse_args(argv)
    per_s, per_cpu, sizes = generation(crowded(args.players), args.positions)
    mean = ", ".join(f"{k} {v:.1f}" for k, v in sorted(sizes.items()))
    print(f"legal-action generation, crowded {args.players}-player map: {per_s:.0f} lists/s "
          f"({per_cpu:.0f}/cpu-s); mean options: {mean}")
    setups = ["placement"] + (["quick"] if su.QUICK_FILE.exists() else [])
    for setup in setups:
        for players in (2, 3, 4):
            for recorded in (False, True):
                n = args.games if not recorded else max(1, args.games // 4)
                gps, length = games(players, n, recorded, setup)
                path = "recorded" if recorded else "fast path"
                print(f"random games, {players} players, {setup} set-up, {path}: {gps:.1f} games/s, "
                      f"{length:.0f} steps a game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
