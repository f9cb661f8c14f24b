"""Graveyard Shift benchmark: playout speed, the strong bot's speed, seeded win rates.

Run ``python benchmarks/graveyard_shift.py [--matches N] [--processes P]``.
Every figure comes from seeded games, so a rerun on the same machine plays
the same games (timings vary with the machine and its load; the strong
bot's moves depend on how deep it gets within its time budget, so on a
loaded machine its results can differ slightly).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from necro.core import RandomBot  # noqa: E402
from necro.graveyard_shift import GraveyardShift  # noqa: E402
from necro.graveyard_shift.bots import WIN, GreedyBot, StrongBot  # noqa: E402

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot,
        "strong-2": lambda seed: StrongBot(seed, level=2)}


def play_match(job):
    """One seeded match; returns the winner seat, per-round (starter, winner) and move timings."""
    names, seed, options = job
    state = GraveyardShift(**options).new_initial_state(seed)
    bots = [BOTS[name](seed=seed * 7919 + i) for i, name in enumerate(names)]
    rounds, times, nodes = [], {0: [], 1: []}, {0: 0, 1: 0}
    starter = None
    while not state.is_terminal():
        if state.is_chance_node():
            starter = state.pos.starter
            state.resolve_chance_unchecked()
            continue
        seat = state.current_player()
        before = len(state.pos.results)
        choices = len(state.pos.legal())
        t0 = time.perf_counter()
        action = bots[seat].choose(state)
        elapsed = time.perf_counter() - t0
        if choices > 1:
            times[seat].append(elapsed)
            nodes[seat] += getattr(bots[seat], "nodes", 0)
        state.apply_unchecked(action)
        if len(state.pos.results) > before:
            rounds.append((starter, state.pos.results[-1]))
    return {"winner": state.winner(), "rounds": rounds, "times": times, "nodes": nodes}


def playout_speed(seconds: float = 3.0) -> tuple[float, float]:
    """Random-vs-random matches per second, and decisions per second, on the fast path."""
    game = GraveyardShift()
    start, matches, steps = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(matches)
        bots = [RandomBot(matches), RandomBot(matches + 1)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance_unchecked()
            else:
                state.apply_unchecked(bots[state.current_player()].choose(state))
                steps += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, steps / elapsed


def pairing(a: str, b: str, matches: int, processes: int, seed: int = 0, options=None):
    """``matches`` seeded matches, ``a`` in seat 1 for even seeds and seat 2 for odd ones."""
    jobs = [((a, b) if i % 2 == 0 else (b, a), seed + i, options or {}) for i in range(matches)]
    with ProcessPoolExecutor(processes) as pool:
        results = list(pool.map(play_match, jobs))
    wins = sum(1 for i, r in enumerate(results) if r["winner"] == (0 if i % 2 == 0 else 1))
    draws = sum(1 for r in results if r["winner"] is None)
    a_times = [t for i, r in enumerate(results) for t in r["times"][0 if i % 2 == 0 else 1]]
    a_nodes = sum(r["nodes"][0 if i % 2 == 0 else 1] for i, r in enumerate(results))
    rounds = [rd for r in results for rd in r["rounds"]]
    return {"wins": wins, "draws": draws, "matches": matches, "times": a_times, "nodes": a_nodes, "rounds": rounds}


def proof_horizon(job):
    """Strong self-play of one round: for each decision, moves left in the round and
    whether the search proved the result (a forced win or loss within its horizon)."""
    seed, budget = job
    state = GraveyardShift(rounds=1).new_initial_state(seed)
    bots = [StrongBot(seed * 2, node_budget=budget), StrongBot(seed * 2 + 1, node_budget=budget)]
    marks = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance_unchecked()
            continue
        bot = bots[state.current_player()]
        many = len(state.pos.legal()) > 1
        action = bot.choose(state)
        if many:
            marks.append((state.pos.plies, abs(bot.last_value) > WIN - 1000))
        state.apply_unchecked(action)
    end = state.pos.plies
    return [(end - plies, proved) for plies, proved in marks]


def first_player_rate(rounds) -> str:
    decided = [(s, w) for s, w in rounds if w is not None]
    if not decided:
        return "-"
    return f"{sum(1 for s, w in decided if s == w) / len(decided):.0%} of {len(decided)}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per pairing with the strong bot")
    parser.add_argument("--cheap-matches", type=int, default=400, help="matches per pairing without it")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)

    per_second, decisions = playout_speed()
    print("Graveyard Shift benchmark (seeded; default options: 3-round matches)")
    print(f"random playouts: {per_second:8.1f} matches/s   {decisions:10.0f} decisions/s")
    print()
    print(f"{'pairing':<22}{'matches':>8}{'wins':>7}{'draws':>7}{'win rate':>10}"
          f"{'s/move':>9}{'max s':>8}{'nodes/s':>9}{'starter wins round':>22}")
    pairings = [("greedy", "random", args.cheap_matches), ("random", "random", args.cheap_matches),
                ("greedy", "greedy", args.cheap_matches), ("strong-2", "greedy", args.matches),
                ("strong", "random", args.matches), ("strong", "greedy", args.matches)]
    for a, b, n in pairings:
        t0 = time.perf_counter()
        r = pairing(a, b, n, args.processes)
        times = r["times"]
        mean = sum(times) / len(times) if times else 0.0
        worst = max(times) if times else 0.0
        nps = r["nodes"] / sum(times) if times and r["nodes"] else 0.0
        rate = r["wins"] / (n - r["draws"]) if n > r["draws"] else 0.0
        nps_text = f"{nps:9.0f}" if nps else f"{'-':>9}"
        print(f"{a + ' v ' + b:<22}{n:>8}{r['wins']:>7}{r['draws']:>7}{rate:>10.0%}"
              f"{mean:>9.3f}{worst:>8.3f}{nps_text}{first_player_rate(r['rounds']):>22}"
              f"   ({time.perf_counter() - t0:.0f} s)", flush=True)
    print()
    rounds = args.matches
    with ProcessPoolExecutor(args.processes) as pool:
        marks = [m for game in pool.map(proof_horizon, [(1000 + i, 10_000) for i in range(rounds)]) for m in game]
    print(f"How far the search proves results (strong self-play, 10,000 positions a move, {rounds} rounds):")
    print(f"{'moves left in the round':<26}{'decisions':>10}{'result proved':>15}")
    for lo, hi in ((1, 2), (3, 4), (5, 6), (7, 10), (11, 20), (21, 999)):
        bucket = [proved for left, proved in marks if lo <= left <= hi]
        if bucket:
            label = f"{lo}-{hi}" if hi < 999 else f"{lo}+"
            print(f"{label:<26}{len(bucket):>10}{sum(bucket) / len(bucket):>15.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
