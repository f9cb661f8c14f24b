"""Seeded soak over a game's option combinations: crashes and positions the loader refuses.

    python benchmarks/cave_evil_soak.py --games 2700 --seed 0 --processes 2 --check-share 0.1   # the issue's 2,000 full games
    python benchmarks/cave_evil_soak.py --game shovelfight --games 200
    python benchmarks/cave_evil_soak.py --one '{"game":"cave-evil","players":3,...}'   # one game again

Plays ``--games`` seeded games of a pairwise covering set of the game's player counts and
options (every pair of values of two factors meets; :mod:`necro.core.soak`), with mixed bots
(a stronger bot and random players, the seats turning), a share of them (``--check-share``) on
the validated path under the shared playout harness (JSON round trip of every position, copy,
undo and redo, illegal input, chance notation, the whole history replayed at the end), the
rest on the fast path (their position put through the loader every 25 steps). Prints the games
played, the covering, how many games raised (exception), broke a harness check (contract),
reached a position their own loader refuses (loader) or did not end; the faults by kind, each
with the first games it failed and a line that plays each again; then games per second (wall
and CPU).
The exit status is 1 when any game failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from necro.core import soak  # noqa: E402
from necro.core.registry import GAMES  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="cave-evil")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--check-share", type=float, default=0.1,
                        help="share of the games played on the validated path under the harness's checks")
    parser.add_argument("--deep-every", type=int, default=1,
                        help="in checked games, the costly checks (round trip, undo, ...) every n-th step")
    parser.add_argument("--max-steps", type=int, default=50_000)
    parser.add_argument("--show", type=int, default=3, help="reproduction lines printed for each kind of fault")
    parser.add_argument("--one", metavar="JOB", help="play one game again, from the JSON a reproduction line gives")
    args = parser.parse_args(argv)

    if args.one:
        result = soak.play_job(soak.Job.from_json(args.one))
        print(f"{result['outcome']}: {result['steps']} steps, {result['cpu']:.1f} CPU s")
        if result["outcome"] != "ok":
            print(soak.reproduction(result))
        return 0 if result["outcome"] == "ok" else 1

    scopes = soak.covering(args.game, args.seed)
    print(f"{args.game}: {args.games} games, seed {args.seed}, {args.check_share:.0%} checked"
          f" (deep checks every {args.deep_every} steps), {args.processes} process(es)")
    for scope, rows in scopes:
        factors = soak.scope_factors(args.game, scope)
        print(f"  scope {scope.fixed or 'all'}: {len(rows)} rows cover all pairs of {len(factors)} factors"
              f" ({', '.join(factors)}); bots {'/'.join(scope.bots)}, weight {scope.weight}")
    todo = soak.jobs(args.game, args.games, args.seed, args.check_share, args.deep_every, args.max_steps)
    wall, cpu0 = time.perf_counter(), time.process_time()
    results = []
    if args.processes <= 1:
        for k, job in enumerate(todo):
            results.append(soak.play_job(job))
            if sys.stderr.isatty():
                print(f"\r{k + 1}/{len(todo)}", end="", file=sys.stderr)
    else:
        with ProcessPoolExecutor(args.processes) as pool:
            results = list(pool.map(soak.play_job, todo, chunksize=1))
    wall = time.perf_counter() - wall
    cpu = sum(r["cpu"] for r in results) or (time.process_time() - cpu0)
    if sys.stderr.isatty():
        print(file=sys.stderr)

    outcomes = Counter(r["outcome"] for r in results)
    checked = [r for r in results if r["job"].checked]
    by_scope = Counter(str(r["job"].options.get("game", "")) or "all" for r in results)
    steps = sum(r["steps"] for r in results)
    print(f"games: {len(results)} ({', '.join(f'{k} {v}' for k, v in sorted(by_scope.items()))}); "
          f"{len(checked)} checked; {steps:,} steps")
    for what in ("exception", "loader", "contract", "unfinished"):
        print(f"{what}: {outcomes[what]}")
    failed = [r for r in results if r["outcome"] != "ok"]
    kinds = Counter(soak.fault_kind(r) for r in failed)
    if kinds:
        print(f"faults by kind (games; the first {args.show} of each with a line that plays it again):")
        for kind, n in kinds.most_common():
            print(f"  {n:5d}  {kind}")
            for r in [r for r in failed if soak.fault_kind(r) == kind][:args.show]:
                print("         " + soak.reproduction(r).replace("\n", "\n         "))
    fast = [r for r in results if not r["job"].checked]
    print(f"time: {wall:.1f} s wall, {cpu:.1f} CPU s; {len(results) / wall:.2f} games/s wall, "
          f"{len(results) / cpu:.2f} games per CPU s")
    if fast and checked:
        print(f"  fast path {sum(r['cpu'] for r in fast) / len(fast):.2f} CPU s a game, "
              f"validated and checked {sum(r['cpu'] for r in checked) / len(checked):.2f}")
    return 0 if outcomes["ok"] == len(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
