"""Cave Evil computer players against each Awakening Evil: how often the heuristic bot wins, and how
the games end.

    python benchmarks/cave_evil_bots.py [--games 5] [--players 2] [--evils pit,bitch,statue,emperor,goat]
                                        [--matchups random,self] [--seed 0]

For each of the five Awakening Evils (the Pit of Infinite Shadow, the Darkest Evil Bitch, the
Darkest Statue of Death, the Eternal Evil Emperor, the Evil Black Old Goat) it plays ``--games``
seeded full games (option ``game="full"``, quick set-up, ``awakening="advanced"``: all five are
shuffled, so no bot knows the card before it is turned up) with the Evil's card forced at the set-up
draw. Two match-ups:

- ``random``: one heuristic bot against random players, its seat turning from game to game; a
  win is the heuristic seat's;
- ``self``: heuristic bots in every seat; a win is any seat's (a game some player wins, against
  one ending in doom or with nobody left).

A line per Evil and match-up: games, wins, how the games ended (``pit``: a leap into the Pit of
Infinite Shadow; ``evil``: another Awakened Evil conquered: the Bitch or the Emperor killed, the
Statue's eyes carried home, the Goat knelt before or slain; ``last``: the last Necromancer
standing; ``doom``: the Blood Eye passed the Reveal icon a second time; ``none``: nobody left), the
cycle the Evil woke (median), the game's length in cycles (median), once-per-game powers the
heuristic seats used per game, and CPU seconds a game. Game ``i`` of an Evil is dealt from seed ``seed + i``; the
heuristic bot of seat ``k`` has seed ``10 i + k``, a random bot ``10 i + k + 5``. Fast path (no log,
no undo). A game the engine cannot finish is counted apart and named.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from necro.cave_evil import CaveEvil  # noqa: E402
from necro.cave_evil.bots import HeuristicBot  # noqa: E402
from necro.core import RandomBot  # noqa: E402

EVILS = {"pit": "pit-of-infinite-shadow", "bitch": "darkest-evil-bitch", "statue": "darkest-statue-of-death",
         "emperor": "eternal-evil-emperor", "goat": "evil-black-old-goat"}
ENDS = ("pit", "evil", "last", "doom", "none")
STEP_BOUND = 20_000


def ending(state) -> str:
    """How a full game ended (one of :data:`ENDS`)."""
    if state.winner_player is not None:
        return "pit" if state.evil == EVILS["pit"] else "evil"
    if state.track.doomed:
        return "doom"
    return "last" if len(state.out) == state.game.players - 1 else "none"


def one_game(evil: str, players: int, matchup: str, game: int, seed: int) -> dict:
    """Game ``game`` against the Evil ``evil`` (a card id): its ending, whether the heuristic bot (or
    any seat, in self-play) won, the cycles, powers used and CPU seconds."""
    seat = game % players
    bots = [HeuristicBot(10 * game + k) if matchup == "self" or k == seat else RandomBot(10 * game + k + 5)
            for k in range(players)]
    state = CaveEvil(players, setup="quick", game="full", awakening="advanced").new_initial_state(seed + game)
    cpu, woke = time.process_time(), None
    for _ in range(STEP_BOUND):
        if state.is_terminal():
            break
        if state.is_chance_node():
            if state.queue and state.queue[0]["do"] == "awakening":
                state.apply_unchecked(f"evil {evil}")
            else:
                state.resolve_chance_unchecked()
        else:
            state.apply_unchecked(bots[state.current_player()].choose(state))
        if woke is None and state.track is not None and state.track.awakened:
            woke = state.cycle
    else:
        raise RuntimeError(f"game did not end within {STEP_BOUND} steps")
    returns = state.returns()
    won = any(r == 1.0 for r in returns) if matchup == "self" else returns[seat] == 1.0
    return {"end": ending(state), "won": won, "cycles": state.cycle, "woke": woke,
            "powers": sum(1 for k in state.powers_used if matchup == "self" or k == seat), "cpu": time.process_time() - cpu}


def run(evil: str, players: int, matchup: str, games: int, seed: int) -> dict:
    rows, errors = [], []
    for i in range(games):
        try:
            rows.append(one_game(EVILS[evil], players, matchup, i, seed))
        except Exception as e:  # noqa: BLE001 - an engine fault in one game: named, the run goes on
            errors.append(f"game {i}: {type(e).__name__} {e}")
    return {"rows": rows, "errors": errors}


def _median(values) -> str:
    values = [v for v in values if v is not None]
    return f"{statistics.median(values):g}" if values else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per Evil and match-up")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--evils", default=",".join(EVILS), help="comma-separated: " + ", ".join(EVILS))
    parser.add_argument("--matchups", default="random,self", help="comma-separated: random, self")
    parser.add_argument("--seed", type=int, default=0, help="game i is dealt from seed + i")
    args = parser.parse_args(argv)
    evils = args.evils.split(",")
    matchups = args.matchups.split(",")
    for name in evils + matchups:
        if name not in EVILS and name not in ("random", "self"):
            parser.error(f"unknown Evil or match-up {name!r}")
    print(f"{args.players}-player full games, awakening=advanced with the Evil forced, {args.games} a line, "
          f"seeds {args.seed}-{args.seed + args.games - 1}:")
    head = (f"{'Evil':<8} | {'match-up':<18} | {'won':>6} | " + " | ".join(f"{e:>4}" for e in ENDS)
            + f" | {'woke':>4} | {'cycles':>6} | {'powers':>6} | {'cpu s':>5}")
    print(head)
    print("-" * len(head))
    total_cpu, totals = 0.0, {}
    for evil in evils:
        for matchup in matchups:
            r = run(evil, args.players, matchup, args.games, args.seed)
            rows = r["rows"]
            ends = {e: sum(x["end"] == e for x in rows) for e in ENDS}
            won = sum(x["won"] for x in rows)
            cpu = sum(x["cpu"] for x in rows)
            total_cpu += cpu
            t = totals.setdefault(matchup, [0, 0])
            t[0] += won
            t[1] += len(rows)
            label = "heuristic v random" if matchup == "random" else "heuristic v itself"
            print(f"{evil:<8} | {label:<18} | {f'{won}/{len(rows)}':>6} | "
                  + " | ".join(f"{ends[e]:>4}" for e in ENDS)
                  + f" | {_median(x['woke'] for x in rows):>4} | {_median(x['cycles'] for x in rows):>6} | "
                  f"{sum(x['powers'] for x in rows) / max(1, len(rows)):>6.2f} | "
                  f"{cpu / max(1, len(rows)):>5.1f}", flush=True)
            for line in r["errors"]:
                print(f"{'':<8} | engine fault, not counted: {line}", flush=True)
    print("in all: " + ", ".join(f"{m} {w}/{n}" for m, (w, n) in totals.items()) + f"; {total_cpu:.0f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
