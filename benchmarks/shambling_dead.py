"""Night of the Shambling Dead benchmark: simulated nights per second for each
player policy on one core (the fast path the survival study uses), the same
through the recorded path (validation, log, undo) for comparison, and the
time a 10,000-night study would take.

    python benchmarks/shambling_dead.py [--nights 2000] [--lookahead 20]

Figures depend on the machine (and on what else runs on it); the seeds make
the nights the same every run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.core import play  # noqa: E402
from necro.shambling_dead import ShamblingDead  # noqa: E402
from necro.shambling_dead.analysis import run_nights, summarize  # noqa: E402
from necro.shambling_dead.bots import BOTS  # noqa: E402


def fast(policy: str, nights: int) -> tuple[float, dict]:
    start = time.perf_counter()
    records = run_nights(policy, nights, seed=0)
    return nights / (time.perf_counter() - start), summarize(records)


def recorded(policy: str, nights: int) -> float:
    start = time.perf_counter()
    for seed in range(nights):
        play(ShamblingDead().new_initial_state(seed), [BOTS[policy](seed)], recorded=True)
    return nights / (time.perf_counter() - start)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=2000, help="nights per simple policy")
    parser.add_argument("--lookahead", type=int, default=20, help="nights for the lookahead policy")
    args = parser.parse_args(argv)
    print(f"{'policy':>10} | {'nights/s':>9} | {'recorded/s':>10} | {'10,000 nights':>13} | {'survival':>8}")
    print("-" * 64)
    for policy in ("stand", "charge", "cautious", "lookahead"):
        n = args.lookahead if policy == "lookahead" else args.nights
        if n <= 0:
            continue
        rate, summary = fast(policy, n)
        rec = recorded(policy, max(1, n // 10)) if policy != "lookahead" else float("nan")
        print(f"{policy:>10} | {rate:>9.1f} | {rec:>10.1f} | {10_000 / rate:>12.1f}s | "
              f"{summary['survival']:>8.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
