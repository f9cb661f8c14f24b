"""Golden playthroughs: seeded games of every game, hashed, to prove that a move of code is only a move.

A refactor (issue 24 moved Cave Evil's engine into modules named after its rulebook) must not change
one decision, one log line or one rule id. So before such a move we record, for every game and several
option sets, seeded games played two ways, and keep their fingerprints in ``tests/golden/<game>.json``:

- the recorded path (``apply`` with validation, ``play_chance``): the fingerprint covers every step's
  notation, player, rule id, how it was decided, every log line with its rule id, the legal actions
  and the position after each step, and the final saved game;
- the fast path (``apply_unchecked``, ``resolve_chance_unchecked``, the simulator's path): the final
  position and the generator's counter.

Decisions are uniform choices from a generator seeded by the game's seed, so the same engine always
plays the same game. A game is cut after ``steps`` decisions to bound the time; the cut is recorded.

A deliberate rules change does change the fingerprints of its game: re-record that game with

    python -m tests.golden --write GAME      # or --write all

and say in the commit why its games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import sys

from necro.core.bots import play
from necro.core.registry import GAMES, game_class
from necro.core.rng import Rng

HERE = pathlib.Path(__file__).parent / "golden"

# (players, options, seeds, steps): a few option sets per game, chosen to reach each game's
# variant code; Cave Evil gets the most because it has the most code to move.
CONFIGS: dict[str, list[tuple[int, dict, range, int]]] = {
    "graveyard-shift": [
        (2, {}, range(6), 400),
        (2, {"rounds": 1, "next_round": "alternate", "master_takes": "top", "put_back": "capacity",
             "pass_over": "stop", "enter_on_pawn": "forbidden", "entrance_extra_turn": False}, range(4), 400),
    ],
    "shovelfight": [
        (3, {}, range(6), 600),
        (4, {"start": "choose", "stranded": "falls", "team_size": "eight", "last_stand": "nobody"}, range(4), 600),
        (6, {}, range(3), 600),
    ],
    "shambling-dead": [
        (1, {}, range(6), 600),
        (2, {"front_cap": 10, "deck": "own", "outnumbered": "join", "narration": "event-deck", "zombie_cap": 10},
         range(4), 600),
        (4, {}, range(2), 600),
    ],
    "day-of-the-dead": [
        (2, {}, range(8), 600),
        (2, {"spirit_fills": "active", "unearth_spirit": False, "win_convert": False, "final_tie": "fighters"},
         range(6), 600),
    ],
    "cave-evil": [
        (2, {}, range(4), 500),
        (3, {"collapse_death": True, "flank": True, "clearance": "gap"}, range(3), 500),
        (4, {"setup": "quick", "cycles": 2}, range(2), 500),
        (2, {"game": "full"}, range(5), 500),
        (3, {"game": "full", "awakening": "all", "setup": "quick", "first_game": True}, range(3), 500),
        (4, {"game": "full", "awakening": "short", "setup": "quick", "cycles": 2}, range(2), 500),
        (2, {"game": "full", "awakening": "advanced", "setup": "quick", "discard": True, "sacrifice": True,
             "hire_one": True, "abandon": True, "extended": True, "flank": True, "collapse_death": True}, range(4), 500),
        (3, {"game": "full", "awakening": "advanced", "setup": "quick", "black_diamond": True, "battle_on": True,
             "protectors": True, "necromancers": "random", "extras": "together"}, range(4), 500),
        (2, {"game": "full", "awakening": "pit", "battle_on": True, "protectors": True, "necromancers": "random",
             "cycles": 12, "setup": "quick"}, range(3), 500),
    ],
}

# Whole games between a game's own computer players (its bot code moves too), to the end: random
# decisions seldom reach Cave Evil's Awakening, its bots do. (players, options, seeds, bot name)
BOT_CONFIGS: dict[str, list[tuple[int, dict, range, str]]] = {
    "cave-evil": [
        (2, {"game": "full", "awakening": "advanced", "setup": "quick"}, range(6), "heuristic"),
        (3, {"game": "full", "awakening": "all", "setup": "quick", "battle_on": True, "protectors": True,
             "necromancers": "random", "abandon": True, "hire_one": True, "sacrifice": True}, range(3), "heuristic"),
        (4, {"game": "full", "awakening": "advanced", "setup": "quick", "flank": True, "black_diamond": True},
         range(2), "heuristic"),
    ],
}


def _digest(h, value) -> None:
    h.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
    h.update(b"\n")


def recorded(game_id: str, players: int, options: dict, seed: int, steps: int) -> dict:
    """The fingerprint of one game on the validated, recorded path."""
    state = game_class(game_id)(players, **options).new_initial_state(seed)
    chooser = Rng(seed * 2654435761 + 7)
    h = hashlib.sha256()
    _digest(h, [[e.rule, e.text] for e in state.log])
    n = 0
    while not state.is_terminal() and n < steps:
        if state.is_chance_node():
            state.play_chance()
        else:
            state.apply(chooser.choice(state.legal_actions()))
        step = state.steps[-1]
        _digest(h, [step.action, step.player, step.rule, step.by, step.rng, [e.to_json() for e in step.log]])
        _digest(h, [str(a) for a in state.legal_actions()])
        _digest(h, state.position())
        n += 1
    _digest(h, state.to_json())
    return {"steps": n, "terminal": state.is_terminal(), "sha256": h.hexdigest()}


def fast(game_id: str, players: int, options: dict, seed: int, steps: int) -> dict:
    """The fingerprint of one game on the simulator's fast path."""
    state = game_class(game_id)(players, **options).new_initial_state(seed)
    chooser = Rng(seed * 2654435761 + 11)
    n = 0
    while not state.is_terminal() and n < 4 * steps:
        if state.is_chance_node():
            state.resolve_chance_unchecked()
        else:
            state.apply_unchecked(chooser.choice(state.legal_actions()))
        n += 1
    h = hashlib.sha256()
    _digest(h, [state.position(), state.rng.to_json(), state.is_terminal()])
    return {"steps": n, "sha256": h.hexdigest()}


def botgame(game_id: str, players: int, options: dict, seed: int, bot: str) -> dict:
    """The fingerprint of one whole game between ``bot`` players, recorded: log, rules and end."""
    game = game_class(game_id)(players, **options)
    state = game.new_initial_state(seed)
    bots = [game.bots()[bot](seed=seed * 10 + seat) for seat in range(players)]
    play(state, bots, recorded=True)
    h = hashlib.sha256()
    for step in state.steps:
        _digest(h, [step.action, step.player, step.rule, step.by, step.rng, [e.to_json() for e in step.log]])
    _digest(h, state.to_json())
    return {"steps": len(state.steps), "returns": state.returns(), "sha256": h.hexdigest()}


def cases(game_id: str):
    """Every (players, options, seed, steps) of a game, in a stable order."""
    for players, options, seeds, steps in CONFIGS[game_id]:
        for seed in seeds:
            yield players, options, seed, steps


def bot_cases(game_id: str):
    """Every (players, options, seed, bot) of a game's whole bot games."""
    for players, options, seeds, bot in BOT_CONFIGS.get(game_id, ()):
        for seed in seeds:
            yield players, options, seed, bot


def case_key(players: int, options: dict, seed: int, bot: str | None = None) -> str:
    key = {"players": players, "options": options, "seed": seed}
    if bot:
        key["bot"] = bot
    return json.dumps(key, sort_keys=True)


def record(game_id: str) -> dict:
    data = {case_key(p, o, s): {"recorded": recorded(game_id, p, o, s, n), "fast": fast(game_id, p, o, s, n)}
            for p, o, s, n in cases(game_id)}
    data.update({case_key(p, o, s, b): {"bots": botgame(game_id, p, o, s, b)} for p, o, s, b in bot_cases(game_id)})
    return data


def path(game_id: str) -> pathlib.Path:
    return HERE / f"{game_id}.json"


def load(game_id: str) -> dict:
    return json.loads(path(game_id).read_text())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n")[0])
    parser.add_argument("--write", nargs="+", metavar="GAME", required=True,
                        help="games whose fingerprints to record anew ('all' for every game)")
    args = parser.parse_args(argv)
    games = list(GAMES) if args.write == ["all"] else args.write
    HERE.mkdir(exist_ok=True)
    for game_id in games:
        if game_id not in CONFIGS:
            parser.error(f"unknown game {game_id!r}; games: {', '.join(CONFIGS)}")
        data = record(game_id)
        path(game_id).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"{game_id}: {len(data)} games recorded in {path(game_id)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
