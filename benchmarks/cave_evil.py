"""Cave Evil benchmark: legal-move generation on a crowded late-game map, random games per second,
and full games (option game="full") per minute between computer players.

    python benchmarks/cave_evil.py [--games 40] [--players 4] [--positions 200] [--full 20] [--full-only]
                                   [--matchups both|random|heuristic]

The crowded map comes from seeded random play by diggers that dig on whenever they can
(the ``digger`` bot's chooser) over 20 cycles; the legal actions of the decisions met in
its last half are generated again and again (the state's cache cleared each time).
Random games use the random bot for every seat, default options (6 cycles), set-up
included. Figures depend on the machine; the seeds make the games the same every run.

The full-game section plays ``--full`` seeded games (quick set-up, the Pit of Infinite
Shadow) for 2, 3 and 4 players, random against random and one ``heuristic`` bot against
random ones (its seat turning from game to game), on the fast path (no log, no undo). It
prints games per minute (per CPU minute too, steady on a busy machine), how the games ended
(a leap into the Pit, the last Necromancer standing, doom when the Blood Eye passes the
Reveal icon a second time), who won, and the length in steps (chance draws included) and
in cycles: median and range. The games are those of the tests' seeded series, so
``--full-only --full 100 --matchups heuristic`` gives the win counts quoted in
``tests/cave_evil/test_full_bots.py``. ``--full-only`` skips the map-game figures.
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
from necro.cave_evil.bots import HeuristicBot, eager  # noqa: E402


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


def ending(state) -> str:
    """How a full game ended: ``pit`` (a Necromancer leapt into the Pit of Infinite Shadow), ``evil``
    (another Awakened Evil gave the win), ``last`` (the last Necromancer standing), ``doom`` (the
    Blood Eye's second pass of the Reveal icon) or ``none`` (no Necromancer left)."""
    if state.winner_player is not None:
        return "pit" if state.evil == "pit-of-infinite-shadow" else "evil"
    if state.track.doomed:
        return "doom"
    return "last" if len(state.out) == state.game.players - 1 else "none"


def full_games(players: int, count: int, heuristic: bool) -> dict:
    """Games 0 to ``count - 1`` of the seeded series of ``tests/cave_evil/test_full_bots.py``: game
    ``i`` is dealt from seed ``1000 + i``; with ``heuristic`` seat ``i % players`` is the heuristic
    bot (seed ``i``), every other seat ``k`` a random bot (seed ``10 i + k``)."""
    start, cpu = time.perf_counter(), time.process_time()
    ends, wins, steps, cycles = {}, 0, [], []
    for i in range(count):
        seat = i % players if heuristic else None
        bots = [HeuristicBot(i) if k == seat else RandomBot(i * 10 + k) for k in range(players)]
        s = CaveEvil(players, setup="quick", game="full").new_initial_state(1000 + i)
        steps.append(play(s, bots))
        cycles.append(s.cycle)
        how = ending(s)
        ends[how] = ends.get(how, 0) + 1
        if seat is not None and s.returns()[seat] == 1.0:
            wins += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return {"per_min": 60 * count / wall, "per_cpu_min": 60 * count / used, "ends": ends, "wins": wins,
            "steps": sorted(steps), "cycles": sorted(cycles), "games": count}


def _spread(values: list[int]) -> str:
    return f"{values[len(values) // 2]} [{values[0]}-{values[-1]}]"


def full_section(count: int, matchups: str = "both") -> None:
    print(f"full games (quick set-up, Pit of Infinite Shadow), {count} a line, fast path:")
    print(f"{'players':>7} | {'seats':<20} | {'games/min':>9} | {'/cpu-min':>8} | {'pit':>4} | {'last':>4} | "
          f"{'doom':>4} | {'heuristic won':>13} | {'steps: median [range]':>22} | {'cycles':>12}")
    print("-" * 128)
    for players in (2, 3, 4):
        for heuristic in {"both": (False, True), "random": (False,), "heuristic": (True,)}[matchups]:
            r = full_games(players, count, heuristic)
            seats = "heuristic v random" if heuristic else "random v random"
            won = f"{r['wins']}/{r['games']}" if heuristic else "-"
            print(f"{players:>7} | {seats:<20} | {r['per_min']:>9.1f} | {r['per_cpu_min']:>8.1f} | "
                  f"{r['ends'].get('pit', 0):>4} | {r['ends'].get('last', 0):>4} | {r['ends'].get('doom', 0):>4} | "
                  f"{won:>13} | {_spread(r['steps']):>22} | {_spread(r['cycles']):>12}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per line")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players on the crowded map")
    parser.add_argument("--positions", type=int, default=200, help="decisions of the crowded game to time")
    parser.add_argument("--full", type=int, default=20, help="full games per line (0: none)")
    parser.add_argument("--full-only", action="store_true", help="only the full-game section")
    parser.add_argument("--matchups", choices=("both", "random", "heuristic"), default="both",
                        help="full games: random v random, heuristic v random, or both")
    args = parser.parse_args(argv)
    if args.full_only:
        full_section(args.full, args.matchups)
        return 0
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
    if args.full:
        full_section(args.full, args.matchups)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
