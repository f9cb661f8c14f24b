"""Cave Evil benchmark: legal-move generation on a crowded late-game map, random games per second,
and full games (option game="full") per minute between computer players.

    python benchmarks/cave_evil.py [--games 40] [--players 4] [--positions 200] [--full 20] [--full-only]
                                   [--matchups both|random|heuristic] [--awakening pit|short|all|advanced]

The crowded map comes from seeded random play by diggers that dig on whenever they can
(the ``digger`` bot's chooser) over 20 cycles; the legal actions of the decisions met in
its last half are generated again and again (the state's cache cleared each time).
Random games use the random bot for every seat, default options (6 cycles), set-up
included. Figures depend on the machine; the seeds make the games the same every run.

The full-game section plays ``--full`` seeded games (quick set-up; the Awakening Evils
shuffled as ``--awakening`` says, the Pit of Infinite Shadow alone by default) for 2, 3 and
4 players, random against random and one ``heuristic`` bot against random ones (its seat
turning from game to game), on the fast path (no log, no undo). It prints games per minute
(per CPU minute too, steady on a busy machine), how the games ended (a leap into the Pit,
another Awakened Evil conquered, the last Necromancer standing, doom when the Blood Eye
passes the Reveal icon a second time, or nobody left), who won, and the length in steps
(chance draws included) and in cycles: median and range; with another shuffle than the Pit
alone, a line per Evil drawn follows: how many games it came up in and how many of them the
heuristic bot won. The games are those of the tests' seeded series, so ``--full-only
--full 100 --matchups heuristic`` (with ``--awakening short``, ``all`` or ``advanced``)
gives the win counts quoted in ``tests/cave_evil/test_full_bots.py``. ``--full-only`` skips
the map-game figures. A game the engine cannot finish (an exception) is counted apart and
named, so that the rest of a long run still reports.
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


EVILS = {"pit-of-infinite-shadow": "Pit", "darkest-evil-bitch": "Bitch", "darkest-statue-of-death": "Statue",
         "eternal-evil-emperor": "Emperor", "evil-black-old-goat": "Goat"}


def ending(state) -> str:
    """How a full game ended: ``pit`` (a Necromancer leapt into the Pit of Infinite Shadow), ``evil``
    (another Awakened Evil gave the win), ``last`` (the last Necromancer standing), ``doom`` (the
    Blood Eye's second pass of the Reveal icon) or ``none`` (no Necromancer left)."""
    if state.winner_player is not None:
        return "pit" if state.evil == "pit-of-infinite-shadow" else "evil"
    if state.track.doomed:
        return "doom"
    return "last" if len(state.out) == state.game.players - 1 else "none"


def full_games(players: int, count: int, heuristic: bool, awakening: str = "pit") -> dict:
    """Games 0 to ``count - 1`` of the seeded series of ``tests/cave_evil/test_full_bots.py``: game
    ``i`` is dealt from seed ``1000 + i``; with ``heuristic`` seat ``i % players`` is the heuristic
    bot (seed ``i``), every other seat ``k`` a random bot (seed ``10 i + k``)."""
    start, cpu = time.perf_counter(), time.process_time()
    ends, wins, steps, cycles, evils, errors = {}, 0, [], [], {}, []
    for i in range(count):
        seat = i % players if heuristic else None
        bots = [HeuristicBot(i) if k == seat else RandomBot(i * 10 + k) for k in range(players)]
        s = CaveEvil(players, setup="quick", game="full", awakening=awakening).new_initial_state(1000 + i)
        try:
            steps.append(play(s, bots))
        except Exception as e:  # noqa: BLE001 - an engine fault in one game: named below, the run goes on
            errors.append(f"game {i}: {type(e).__name__} {e}")
            continue
        cycles.append(s.cycle)
        how = ending(s)
        ends[how] = ends.get(how, 0) + 1
        won = seat is not None and s.returns()[seat] == 1.0
        wins += won
        tally = evils.setdefault(EVILS.get(s.evil, s.evil), [0, 0])
        tally[0] += 1
        tally[1] += won
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return {"per_min": 60 * count / wall, "per_cpu_min": 60 * count / used, "ends": ends, "wins": wins,
            "steps": sorted(steps), "cycles": sorted(cycles), "games": len(steps), "evils": evils, "errors": errors}


def _spread(values: list[int]) -> str:
    return f"{values[len(values) // 2]} [{values[0]}-{values[-1]}]" if values else "-"


def full_section(count: int, matchups: str = "both", awakening: str = "pit") -> None:
    shuffled = "the Pit of Infinite Shadow" if awakening == "pit" else f"awakening={awakening}"
    print(f"full games (quick set-up, {shuffled}), {count} a line, fast path:")
    print(f"{'players':>7} | {'seats':<20} | {'games/min':>9} | {'/cpu-min':>8} | {'pit':>4} | {'evil':>4} | "
          f"{'last':>4} | {'doom':>4} | {'none':>4} | {'heuristic won':>13} | {'steps: median [range]':>22} | "
          f"{'cycles':>12}")
    print("-" * 142)
    for players in (2, 3, 4):
        for heuristic in {"both": (False, True), "random": (False,), "heuristic": (True,)}[matchups]:
            r = full_games(players, count, heuristic, awakening)
            seats = "heuristic v random" if heuristic else "random v random"
            won = f"{r['wins']}/{r['games']}" if heuristic else "-"
            e = r["ends"]
            print(f"{players:>7} | {seats:<20} | {r['per_min']:>9.1f} | {r['per_cpu_min']:>8.1f} | "
                  f"{e.get('pit', 0):>4} | {e.get('evil', 0):>4} | {e.get('last', 0):>4} | {e.get('doom', 0):>4} | "
                  f"{e.get('none', 0):>4} | {won:>13} | {_spread(r['steps']):>22} | {_spread(r['cycles']):>12}",
                  flush=True)
            if awakening != "pit":
                print(f"{'':>7} | {'by Evil drawn':<20} | " + ", ".join(
                    f"{name} {w}/{n}" if heuristic else f"{name} {n}"
                    for name, (n, w) in sorted(r["evils"].items())), flush=True)
            for line in r["errors"]:
                print(f"{'':>7} | engine fault, not counted: {line}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games per line")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players on the crowded map")
    parser.add_argument("--positions", type=int, default=200, help="decisions of the crowded game to time")
    parser.add_argument("--full", type=int, default=20, help="full games per line (0: none)")
    parser.add_argument("--full-only", action="store_true", help="only the full-game section")
    parser.add_argument("--matchups", choices=("both", "random", "heuristic"), default="both",
                        help="full games: random v random, heuristic v random, or both")
    parser.add_argument("--awakening", choices=("pit", "short", "all", "advanced"), default="pit",
                        help="full games: the Awakening Evils shuffled (the game's option of that name)")
    args = parser.parse_args(argv)
    if args.full_only:
        full_section(args.full, args.matchups, args.awakening)
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
        full_section(args.full, args.matchups, args.awakening)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
