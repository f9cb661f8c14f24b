"""Survival analysis: how often does a band live to see the dawn?

- :func:`run_nights` plays many seeded solo nights with one policy on the fast
  path (no log, no undo) and returns one small record per night;
- :func:`summarize` turns records into the figures the chapter reports, each
  with a 95% confidence interval: survival rate (Wilson interval), survivors
  at dawn (mean, normal interval), and the hour that ends most nights;
- :func:`study` runs several policies (optionally on several processes) with
  a tqdm progress bar;
- :func:`battle_odds` answers the question a player asks at the table: "if I
  stand, or if I counter-charge, how does this hour's battle end?", exactly
  (every die enumerated, with the policy's choices) when the battle is small
  enough, else by a seeded simulation;
- :func:`odds_insight` is the same answer as a table for the widget
  (``GameWidget(state, insight=odds_insight)``), cached by position.

Night ``i`` of a study with seed ``S`` uses state seed ``S + i`` and policy
seed ``S + i`` too, so any single night can be replayed and watched.

Command line: ``python -m necro.shambling_dead.analysis --nights 10000``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

from .board import FRONT
from .bots import BOTS, CautiousReorder, fast_copy
from .game import ShamblingDead
from .state import CHANCE_KINDS, CHARGE, STAND
from .tables import HOURS

Z95 = 1.959964


def play_fast(state, bots) -> None:
    """Play to dawn on the fast path: no log, no history (what a study wants)."""
    state.notes = None
    state._recorded = False
    while not state.over:
        task = state.task
        if task["k"] in CHANCE_KINDS:
            action = state.sample_chance(state.rng)
        else:
            action = bots[task["p"]].choose(state)
        state._apply(action)


def run_nights(policy: str, nights: int, seed: int = 0, options: dict | None = None, progress=None,
               **policy_args) -> list[dict]:
    """One record per solo night: ``{"seed", "survived", "survivors", "hour"}``
    (``hour``: when the night ended for the band, 11 if it saw the dawn)."""
    game = ShamblingDead(1, **(options or {}))
    factory = BOTS[policy]
    records = []
    for i in range(nights):
        s = seed + i
        state = game.new_initial_state(s)
        play_fast(state, [factory(seed=s, **policy_args)])
        alive = state.survived()[0]
        records.append({"seed": s, "survived": alive, "survivors": int(state.returns()[0]),
                        "hour": state.hour_reached()[0]})
        if progress is not None:
            progress.update()
    return records


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (good even near 0 or 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def summarize(records: list[dict]) -> dict:
    """Survival rate, survivors at dawn and the deadliest hour, with 95% intervals."""
    n = len(records)
    won = sum(r["survived"] for r in records)
    mean, lo, hi = mean_ci([r["survivors"] for r in records])
    deaths = Counter(r["hour"] for r in records if not r["survived"])
    worst, worst_n = max(deaths.items(), key=lambda kv: (kv[1], -kv[0])) if deaths else (None, 0)
    return {
        "nights": n,
        "survival": won / n, "survival_ci": wilson(won, n),
        "survivors": mean, "survivors_ci": (lo, hi),
        "survivors_if_alive": (sum(r["survivors"] for r in records if r["survived"]) / won) if won else 0.0,
        "deadliest_hour": worst, "deadliest_share": worst_n / n if n else 0.0,
        "deadliest_ci": wilson(worst_n, n),
        "deaths_by_hour": {h: deaths.get(h, 0) for h in range(1, HOURS + 1)},
    }


def reach(record: dict) -> int:
    """How far a band got: the hour its night ended, or 11 plus its survivors at dawn.

    Most nights end in the dark, so survival alone hardly tells two policies
    apart on a few hundred nights; this finer measure still ranks any band
    that saw the dawn above any that did not."""
    return record["hour"] + record["survivors"]


def paired(base: list[dict], other: list[dict], z: float = Z95) -> tuple[float, float, float]:
    """Mean difference of :func:`reach` (other - base) over the same seeded nights, with its interval."""
    if [r["seed"] for r in base] != [r["seed"] for r in other]:
        raise ValueError("paired comparisons need the same nights (seeds)")
    return mean_ci([reach(b) - reach(a) for a, b in zip(base, other)], z)


def _job(args):
    policy, nights, seed, options, policy_args = args
    return run_nights(policy, nights, seed, options, **policy_args)


def study(policies, nights: int = 1000, seed: int = 0, options: dict | None = None, processes: int = 1,
          progress: bool = True, policy_args: dict | None = None) -> dict[str, dict]:
    """Summaries per policy over the same seeded nights (common random numbers)."""
    policy_args = policy_args or {}
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=nights * len(policies), desc="nights", file=sys.stderr)
    out = {}
    for policy in policies:
        extra = policy_args.get(policy, {})
        if processes <= 1:
            records = run_nights(policy, nights, seed, options, bar, **extra)
        else:
            chunk = max(1, nights // (processes * 4))
            jobs = [(policy, min(chunk, nights - k), seed + k, options, extra) for k in range(0, nights, chunk)]
            records = []
            with ProcessPoolExecutor(processes) as pool:
                for part in pool.map(_job, jobs):
                    records += part
                    if bar is not None:
                        bar.update(len(part))
        out[policy] = {"records": records, "summary": summarize(records)}
    if bar is not None:
        bar.close()
    return out


# ---------------------------------------------------------------- battle odds
def _battle_over(state, p: int) -> bool:
    b = state.boards[p]
    return state.over or b.out is not None or b.stance is None


def _outcome(state, p: int) -> tuple[int, int]:
    b = state.boards[p]
    if b.out is not None:
        return (0, len(b.zombies()))
    return (len(b.survivors()), len(b.zombies()))


class _TooBig(Exception):
    pass


def _enumerate(state, p: int, policy, memo: dict, budget: list) -> dict:
    """Exact distribution of (survivors, zombies) when this battle ends."""
    if _battle_over(state, p):
        return {_outcome(state, p): Fraction(1)}
    key = json.dumps([state.boards[p].to_json(), state.task, state.queue[:8]], separators=(",", ":"))
    if key in memo:
        return memo[key]
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig
    dist: dict = {}
    if state.task["k"] in CHANCE_KINDS:
        for action, prob in state.chance_outcomes():
            child = fast_copy(state, 0)
            child._apply(action)
            for outcome, q in _enumerate(child, p, policy, memo, budget).items():
                dist[outcome] = dist.get(outcome, 0) + prob * q
    else:
        child = fast_copy(state, 0)
        child._apply(policy.choose(child))
        dist = _enumerate(child, p, policy, memo, budget)
    memo[key] = dist
    return dist


def _simulate(state, p: int, policy, samples: int, seed: int) -> dict:
    counts: Counter = Counter()
    for i in range(samples):
        sim = fast_copy(state, seed * 1_000_003 + i)
        while not _battle_over(sim, p):
            task = sim.task
            sim._apply(sim.sample_chance(sim.rng) if task["k"] in CHANCE_KINDS else policy.choose(sim))
        counts[_outcome(sim, p)] += 1
    return {k: Fraction(v, samples) for k, v in counts.items()}


def battle_odds(state, policy=None, budget: int = 20_000, samples: int = 4000, seed: int = 0) -> dict:
    """At a stand-or-counter-charge decision: how this hour's battle ends with each choice.

    Returns ``{"stand": {...}, "counter-charge": {...}}``; each entry has
    ``overrun`` (chance the board falls), ``survivors`` and ``zombies``
    (expected numbers when the battle ends), ``dist`` (survivors left ->
    probability) and ``method`` ("exact" or "simulated, n=..."). The player's
    later choices in the battle (who engages, who takes wounds) follow
    ``policy`` (default: the cautious policy's answers).
    """
    if state.task is None or state.task["k"] != "stance":
        raise ValueError("battle odds are asked at a stand-or-counter-charge decision")
    policy = policy or CautiousReorder(seed)
    p = state.task["p"]
    result = {}
    for choice in (STAND, CHARGE):
        start = fast_copy(state, seed)
        start._apply(choice)
        try:
            dist = _enumerate(start, p, policy, {}, [budget])
            method = "exact"
        except _TooBig:
            dist = _simulate(start, p, policy, samples, seed)
            method = f"simulated, n={samples}, seed={seed}"
        survivors: dict[int, Fraction] = {}
        for (alive, _), q in dist.items():
            survivors[alive] = survivors.get(alive, 0) + q
        result[str(choice)] = {
            "overrun": float(sum(q for (alive, _), q in dist.items() if alive == 0)),
            "survivors": float(sum(alive * q for (alive, _), q in dist.items())),
            "zombies": float(sum(z * q for (_, z), q in dist.items())),
            "dist": {k: survivors[k] for k in sorted(survivors)},
            "method": method,
        }
    return result


ODDS_CACHE_SIZE = 64
_odds_cache: dict[str, dict] = {}


def _method_text(method: str) -> str:
    return "exact" if method == "exact" else "simulated (" + method.split(", ")[1] + " battles)"


def odds_insight(state, budget: int = 20_000, samples: int = 4000, seed: int = 0) -> dict | None:
    """:func:`battle_odds` as a widget insight table, at a stand-or-counter-charge decision.

    One row per choice: chance of being overrun, expected survivors and
    zombies when the battle ends, and whether the figures are exact or
    simulated. None at any other point of the game. Answers are cached by
    position and game options (the odds take up to a few seconds), so the
    widget's redraws and undo/redo do not compute them again. ``budget``,
    ``samples`` and ``seed`` go to :func:`battle_odds` (bind them with
    ``functools.partial`` for a widget).
    """
    task = getattr(state, "task", None)
    if not isinstance(task, dict) or task.get("k") != "stance" or getattr(state, "over", False):
        return None
    key = json.dumps([state.game.options, state.position(), budget, samples, seed],
                     sort_keys=True, separators=(",", ":"))
    odds = _odds_cache.get(key)
    if odds is None:
        odds = battle_odds(state, budget=budget, samples=samples, seed=seed)
        if len(_odds_cache) >= ODDS_CACHE_SIZE:
            _odds_cache.pop(next(iter(_odds_cache)))
        _odds_cache[key] = odds
    who = f" (Player {task['p'] + 1})" if state.game.players > 1 else ""
    return {
        "title": f"This hour's battle{who}: stand or counter-charge?",
        "columns": ["Choice", "Overrun", "Survivors", "Zombies", "Method"],
        "rows": [[choice, f"{o['overrun']:.1%}", f"{o['survivors']:.2f}", f"{o['zombies']:.2f}",
                  _method_text(o["method"])] for choice, o in odds.items()],
        "note": "Overrun: the chance the board falls in this battle. Survivors, zombies: how many are"
                " left on average when it ends (an overrun board counts 0 survivors). Later choices in the"
                " battle (who engages, who takes wounds) follow the cautious policy.",
    }


def front_strength(state, p: int = 0) -> int:
    """Fresh Front Line strength (for quick comparisons in the chapter)."""
    from .tables import STRENGTH

    b = state.boards[p]
    return sum(STRENGTH[f[1]][f[2]] for f in b.survivors(FRONT))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m necro.shambling_dead.analysis",
                                     description="Survival study of Night of the Shambling Dead policies.")
    parser.add_argument("--nights", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", action="append", default=None,
                        help="policy to study (repeat); default: stand, charge, cautious")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the summaries to this file")
    args = parser.parse_args(argv)
    policies = args.policy or ["stand", "charge", "cautious"]
    results = study(policies, args.nights, args.seed, processes=args.processes, progress=sys.stderr.isatty())
    for name, res in results.items():
        s = res["summary"]
        lo, hi = s["survival_ci"]
        print(f"{name:10s} survival {s['survival']:.1%} [{lo:.1%}, {hi:.1%}]  survivors at dawn "
              f"{s['survivors']:.2f} [{s['survivors_ci'][0]:.2f}, {s['survivors_ci'][1]:.2f}]  deadliest hour "
              f"{s['deadliest_hour']} ({s['deadliest_share']:.1%} of nights)")
    first = policies[0]
    for name in policies[1:]:
        mean, lo, hi = paired(results[first]["records"], results[name]["records"])
        print(f"{name} - {first}, same nights: hour reached + survivors {mean:+.3f} [{lo:+.3f}, {hi:+.3f}]")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({k: v["summary"] for k, v in results.items()}, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
