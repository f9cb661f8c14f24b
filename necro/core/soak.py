"""Seeded soak runs over a game's option combinations, to find crashes and positions the
loader refuses (``benchmarks/cave_evil_soak.py`` runs them; Cave Evil's tests run a sample).

Cave Evil has about six million combinations of player count and options, too many to play
each. Most faults need one option value, or two together, so the soak plays a *pairwise
covering set*: rows of player count and options in which every pair of values of two factors
meets at least once (:func:`pairwise_rows`, built greedily and deterministically from a seed).
Game ``i`` of a run with seed ``S`` has state seed ``S + i`` and plays the rows in turn (see
:func:`jobs`), so every pass over the rows covers every pair again with new dice, and any game
can be played again alone from its :class:`Job`.

A game's options do not all matter in every mode: Cave Evil's map game reads none of the full
game's options (hands, Evils, advanced rules, Protectors...), and its full game ignores the map
game's cycle limit. :data:`SCOPES` splits such a game in modes, each covered on its own with
only the options it reads, so a pair of full-game options is met in a full game and not
wasted on a map game that ignores both. Each scope names the computer players that sit at its
table, mixed (one in two seats a stronger bot, the others random, the seats turning from game
to game), so that games end without a random player's meandering, and odd play still comes.

A share of the games (``check_share``) plays on the validated path under the shared playout
harness (:func:`necro.core.testing.checked_playout`: legal actions, JSON round trip, copy,
undo and redo, illegal input, chance notation, the whole history replayed at the end); the
others play on the fast path, as the simulator does, their position put through the loader
every 25 steps and at the end (``Job.probe_every``).
"""

from __future__ import annotations

import json
import re
import time
import traceback
from dataclasses import asdict, dataclass, field
from itertools import combinations

from .registry import game_class
from .rng import Rng
from .testing import LoaderRefusal, check_round_trip, checked_playout


@dataclass(frozen=True)
class Scope:
    """One mode of a game for the soak: options fixed to a value, the options varied (None: all
    the others) and the bots that play it (seat ``s`` of game ``i`` gets ``bots[(i + s) % len]``)."""

    fixed: dict = field(default_factory=dict)
    vary: tuple[str, ...] | None = None
    bots: tuple[str, ...] = ("random",)
    weight: int = 1
    """Games of this scope in every ``sum of weights`` games of the run."""


SCOPES: dict[str, tuple[Scope, ...]] = {
    "cave-evil": (
        # the full game: every option it reads (the cycle limit is the map game's)
        Scope({"game": "full"}, ("awakening", "black_diamond", "first_game", "discard", "sacrifice", "hire_one",
                                 "abandon", "battle_on", "protectors", "extended", "setup", "clearance", "extras",
                                 "collapse_death", "flank", "necromancers", "bank", "evil_digging"), ("heuristic", "random"), weight=3),
        # the map game: set-up, digging, moving and fighting to a cycle limit (one game in four)
        Scope({"game": "map"}, ("setup", "clearance", "extras", "collapse_death", "flank", "cycles", "hire_one", "bank"),
              ("digger", "random")),
    ),
    "graveyard-shift": (Scope(bots=("greedy", "random")),),
    "shovelfight": (Scope(bots=("heuristic", "random")),),
    "shambling-dead": (Scope(bots=("stand", "charge", "cautious", "random")),),
    "day-of-the-dead": (Scope(bots=("mc-fast", "random")),),
}
"""How each game is soaked; a game not listed is one scope, every option varied, random bots."""


def pairwise_rows(factors: dict[str, tuple], seed: int = 0, candidates: int = 30) -> list[dict]:
    """Rows (one value per factor) in which every pair of values of two factors appears at
    least once: a greedy covering in the manner of AETG. Each new row is the best of
    ``candidates`` tries, each begun from a pair not yet covered and filled factor by factor
    (in a shuffled order) with the value that covers most new pairs. Deterministic for a seed."""
    names = list(factors)
    sizes = [len(factors[n]) for n in names]
    uncovered = {(i, a, j, b) for i, j in combinations(range(len(names)), 2)
                 for a in range(sizes[i]) for b in range(sizes[j])}
    rng = Rng(seed)

    def new_pairs(row: dict) -> int:
        return sum((i, row[i], j, row[j]) in uncovered for i, j in combinations(sorted(row), 2))

    rows = []
    while uncovered:
        pool = sorted(uncovered)
        best, best_gain = None, -1
        for _ in range(candidates):
            i, a, j, b = pool[rng.randbelow(len(pool))]
            row = {i: a, j: b}
            rest = [k for k in range(len(names)) if k not in row]
            rng.shuffle(rest)
            for k in rest:
                gains = [sum(_pair(k, v, m, row[m]) in uncovered for m in row) for v in range(sizes[k])]
                top = max(gains)
                row[k] = rng.choice([v for v, g in enumerate(gains) if g == top])
            gain = new_pairs(row)
            if gain > best_gain:
                best, best_gain = row, gain
        uncovered -= {(i, best[i], j, best[j]) for i, j in combinations(range(len(names)), 2)}
        rows.append({names[k]: factors[names[k]][v] for k, v in sorted(best.items())})
    return rows


def _pair(k: int, v: int, m: int, w: int) -> tuple:
    """The pair (factor ``k`` at value ``v``, factor ``m`` at ``w``), the lower factor first."""
    return (k, v, m, w) if k < m else (m, w, k, v)


def missing_pairs(factors: dict[str, tuple], rows: list[dict]) -> list[tuple]:
    """The pairs of values of two factors that no row holds (empty for a covering set)."""
    met = {(a, row[a], b, row[b]) for row in rows for a, b in combinations(factors, 2)}
    return [(a, x, b, y) for a, b in combinations(factors, 2) for x in factors[a] for y in factors[b]
            if (a, x, b, y) not in met]


def scope_factors(game_id: str, scope: Scope) -> dict[str, tuple]:
    """The factors of one scope: the player count, then each option it varies."""
    cls = game_class(game_id)
    spec = {o.name: o for o in cls.options_spec}
    names = scope.vary if scope.vary is not None else tuple(n for n in spec if n not in scope.fixed)
    return {"players": tuple(range(cls.min_players, cls.max_players + 1)), **{n: spec[n].choices for n in names}}


def covering(game_id: str, seed: int = 0) -> list[tuple[Scope, list[dict]]]:
    """Each scope of the game with its pairwise rows."""
    return [(scope, pairwise_rows(scope_factors(game_id, scope), seed * 1000 + k))
            for k, scope in enumerate(SCOPES.get(game_id, (Scope(),)))]


@dataclass(frozen=True)
class Job:
    """One soak game, enough to play it again alone."""

    game: str
    players: int
    options: dict
    seed: int
    bots: tuple[str, ...]
    checked: bool
    deep_every: int = 1
    max_steps: int = 50_000
    bot_seeds: tuple[int, ...] | None = None
    """Each seat's bot seed; None: ``seed * 7919 + seat``, as ``necro simulate`` seeds them."""
    probe_every: int = 25
    """On the fast path, the position alone goes through its JSON round trip every n-th step and
    at the end (0: never): a cheap look for positions the loader refuses in every game, where the
    checked games look at every one."""

    def to_json(self) -> str:
        data = asdict(self)
        if self.bot_seeds is None:
            del data["bot_seeds"]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Job":
        data = json.loads(text)
        seeds = data.get("bot_seeds")
        return cls(**{**data, "bots": tuple(data["bots"]), "bot_seeds": None if seeds is None else tuple(seeds)})


def jobs(game_id: str, games: int, seed: int = 0, check_share: float = 0.1, deep_every: int = 1,
         max_steps: int = 50_000) -> list[Job]:
    """The run's games, state seed ``seed + i`` for game ``i``. The scopes take turns by their
    weights (Cave Evil: three full games, then a map game); each scope's games go through its
    rows in order, again and again, so each pass over a scope's rows meets every pair of its
    values. A game is checked with probability ``check_share``, drawn from its seed."""
    scopes = covering(game_id, seed)
    turns = [k for k, (scope, _) in enumerate(scopes) for _ in range(scope.weight)]
    played = [0] * len(scopes)
    out = []
    for i in range(games):
        k = turns[i % len(turns)]
        scope, rows = scopes[k]
        row = dict(rows[played[k] % len(rows)])
        played[k] += 1
        players = row.pop("players")
        checked = Rng(seed + i, 1).randbelow(1 << 20) < check_share * (1 << 20)  # not in step with the scopes' turns
        names = tuple(scope.bots[(i + s) % len(scope.bots)] for s in range(players))
        out.append(Job(game_id, players, {**scope.fixed, **row}, seed + i, names, checked, deep_every, max_steps))
    return out


def play_job(job: Job) -> dict:
    """Play one soak game; a result with ``outcome`` one of ``ok``, ``exception`` (the engine or
    a bot raised), ``loader`` (the loader refused a document the game wrote), ``contract`` (a
    harness check failed) or ``unfinished`` (no end within ``max_steps``)."""
    start = time.process_time()
    game = game_class(job.game)(job.players, **job.options)
    factories = game.bots()
    seeds = job.bot_seeds or [job.seed * 7919 + s for s in range(len(job.bots))]
    bots = [factories[name](seed=seeds[s]) for s, name in enumerate(job.bots)]
    state = game.new_initial_state(job.seed)
    done = 0  # steps taken on the fast path
    result = {"job": job, "steps": 0, "outcome": "ok", "error": None}
    try:
        if job.checked:
            result["steps"] = checked_playout(state, lambda s: bots[s.current_player()].choose(s),
                                              max_steps=job.max_steps, deep_every=job.deep_every,
                                              label=f"seed {job.seed}: ")
        else:
            while not state.is_terminal():
                if done >= job.max_steps:
                    raise AssertionError(f"seed {job.seed}: game did not end within {job.max_steps} steps")
                if state.is_chance_node():
                    state.resolve_chance_unchecked()
                else:
                    state.apply_unchecked(bots[state.current_player()].choose(state))
                done += 1
                if job.probe_every and (done % job.probe_every == 0 or state.is_terminal()):
                    check_round_trip(state, history=False)
            result["steps"] = done
    except LoaderRefusal as exc:
        result.update(outcome="loader", error=str(exc))
    except AssertionError as exc:
        result.update(outcome="unfinished" if "did not end within" in str(exc) else "contract", error=str(exc))
    except Exception as exc:  # a soak counts every crash, whatever its type
        result.update(outcome="exception", error=f"{type(exc).__name__}: {exc}",
                      where=traceback.extract_tb(exc.__traceback__)[-1].name)
    if result["outcome"] != "ok":
        result["steps"] = len(state.steps) if job.checked else done
    result["cpu"] = time.process_time() - start
    result["winner"] = state.winner() if result["outcome"] == "ok" else None
    return result


def reproduction(result: dict) -> str:
    """A line that names a failed game and how to play it again."""
    job = result["job"]
    defaults = {o.name: o.default for o in game_class(job.game).options_spec}
    changed = {k: v for k, v in job.options.items() if defaults.get(k) != v}
    path = "validated" if job.checked else "fast"
    seeds = f" bot_seeds={list(job.bot_seeds)}" if job.bot_seeds else ""
    where = f" (in {result['where']})" if result.get("where") else ""
    return (f"{job.game} players={job.players} options={changed} seed={job.seed} step={result['steps']} "
            f"bots={','.join(job.bots)}{seeds} path={path}: {result['error']}{where}\n"
            f"    again: python benchmarks/cave_evil_soak.py --one '{job.to_json()}'")


def fault_kind(result: dict) -> str:
    """A failed game's error with its particulars (hexes, squads, paths, numbers) blanked, so that
    the games one fault fails are counted together."""
    text = re.sub(r"[+-]\d+[+-]\d+", "<hex>", result["error"] or "")
    text = re.sub(r"\b(?:\d:[A-Z]+|w:[A-Z]+)\b", "<squad>", text)
    text = re.sub(r"\[\d+\]|\d+", "#", text)
    return f"{result['outcome']}: {text[:200]}"
