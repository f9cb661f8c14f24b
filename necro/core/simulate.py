"""Seeded simulations of many games, in parallel processes, with a progress bar.

Game ``i`` of a run with seed ``S`` uses state seed ``S + i`` and bot seeds
derived from it, so any single game of a study can be replayed on its own.
Results come back as plain dicts (one per game), ready for a table or a plot.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from .bots import play
from .registry import GAMES, game_class


def _one(job):
    game_id, players, options, bot_names, seed = job
    game = game_class(game_id)(players, **options)
    factories = game.bots()
    bots = [factories[name](seed=seed * 7919 + i) for i, name in enumerate(bot_names)]
    state = game.new_initial_state(seed)
    steps = play(state, bots)
    return {"seed": seed, "returns": state.returns(), "winner": state.winner(), "steps": steps, "bots": bot_names}


def simulate(game_id: str, bots: list[str], games: int = 100, seed: int = 0, players: int | None = None,
             options: dict | None = None, processes: int | None = None, progress: bool = True) -> list[dict]:
    """Play ``games`` seeded games; ``bots`` names one bot per seat (cycled if shorter)."""
    game = game_class(game_id)(players, **(options or {}))
    names = [bots[i % len(bots)] for i in range(game.players)]
    unknown = sorted(set(names) - set(game.bots()))
    if unknown:
        raise ValueError(f"unknown bot(s) {unknown} for {game_id}; known: {sorted(game.bots())}")
    jobs = [(game_id, game.players, dict(game.options), names, seed + i) for i in range(games)]
    processes = processes or min(len(jobs), os.cpu_count() or 1)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(jobs), desc=f"{game_id} games", file=sys.stderr)
    results = []
    if processes <= 1:
        for job in jobs:
            results.append(_one(job))
            if bar:
                bar.update()
    else:
        with ProcessPoolExecutor(processes) as pool:
            for result in pool.map(_one, jobs, chunksize=max(1, len(jobs) // (processes * 8))):
                results.append(result)
                if bar:
                    bar.update()
    if bar:
        bar.close()
    return results


def summarize(results: list[dict]) -> dict:
    """Wins per seat, draws and mean game length."""
    seats = len(results[0]["returns"]) if results else 0
    wins = [sum(1 for r in results if r["winner"] == seat) for seat in range(seats)]
    return {
        "games": len(results),
        "wins": wins,
        "draws": sum(1 for r in results if r["winner"] is None),
        "mean_steps": sum(r["steps"] for r in results) / len(results) if results else 0,
        "bots": results[0]["bots"] if results else [],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="necro simulate", description="Play many seeded games between bots.")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", action="append", default=None, help="bot per seat, repeat for each seat (default random)")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--format", choices=("table", "json"), default="table")
    args = parser.parse_args(argv)
    results = simulate(args.game, args.bot or ["random"], args.games, args.seed, args.players,
                       processes=args.processes, progress=sys.stderr.isatty())
    summary = summarize(results)
    if args.format == "json":
        print(json.dumps({"summary": summary, "games": results}))
    else:
        print(f"{args.game}: {summary['games']} games, seed {args.seed}")
        for seat, (bot, wins) in enumerate(zip(summary["bots"], summary["wins"])):
            print(f"  seat {seat + 1} ({bot}): {wins} wins ({wins / summary['games']:.1%})")
        print(f"  no single winner: {summary['draws']}")
        print(f"  mean steps per game: {summary['mean_steps']:.1f}")
    return 0
