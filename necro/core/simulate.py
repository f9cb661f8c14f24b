"""Seeded simulations of many games, in parallel processes, with a progress bar.

Game ``i`` of a run with seed ``S`` uses state seed ``S + i`` and bot seeds
derived from it, so any single game of a study can be replayed on its own
(``--seed S+i --games 1``). Results come back as plain dicts (one per game),
ready for a table or a plot.

A game whose state has ``survived()`` (Night of the Shambling Dead: each band
alone against the night, nobody beats anybody) is reported by survival, and by
``hour_reached()`` if it has it, instead of wins.

Everything here is checked against the games' own declarations (player range,
``options_spec``, ``bots()``): the game's constructor refuses what it refuses
elsewhere, with the same words, and ``necro simulate`` shows those words in one
line with exit status 2, as argparse does for its own mistakes.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
import textwrap
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from .bots import play
from .errors import NecroError
from .registry import GAMES, game_class

SIMULATION_DEFAULTS = {"cave-evil": {"game": "full"}}
"""Options a simulation starts from where the game's own default is not the game a player means:
Cave Evil's default is the map-and-combat game its first chapter pages teach."""


class SimulationError(NecroError):
    """A simulation asked for that cannot run: an unknown bot, more bots than seats, no games."""


def _one(job):
    game_id, players, options, bot_names, seed = job
    game = game_class(game_id)(players, **options)
    factories = game.bots()
    bots = [factories[name](seed=seed * 7919 + i) for i, name in enumerate(bot_names)]
    state = game.new_initial_state(seed)
    steps = play(state, bots)
    result = {"seed": seed, "returns": state.returns(), "winner": state.winner(), "steps": steps, "bots": bot_names}
    if hasattr(state, "survived"):
        result["survived"] = state.survived()
    if hasattr(state, "hour_reached"):
        result["hour"] = state.hour_reached()
    return result


def option_value(game_cls, name: str, text: str):
    """The declared choice of option ``name`` that ``text`` spells (``True`` for ``true``, ``6``
    for ``6``); ``text`` itself when none does, for the game to refuse with its own message."""
    spec = next((o for o in game_cls.options_spec if o.name == name), None)
    for choice in spec.choices if spec else ():
        if str(choice).lower() == text.strip().lower():
            return choice
    return text


def parse_options(game_cls, texts: list[str]) -> dict:
    """``["game=full", "cycles=6"]`` as the options dict of ``game_cls`` (values as declared)."""
    options = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise SimulationError(f"an option is NAME=VALUE, not {text!r}")
        options[name.strip()] = option_value(game_cls, name.strip(), value)
    return options


def make_game(game_id: str, players: int | None, bots: list[str], options: dict | None = None):
    """The game to simulate and one bot name per seat.

    Without ``players`` there is one seat per bot (at least the game's minimum); a shorter
    list of bots repeats over the seats, a longer one is refused. Options start from
    :data:`SIMULATION_DEFAULTS`; the game validates players and options itself (``OptionError``)."""
    bots = list(bots) or ["random"]
    game_cls = game_class(game_id)
    if players is None:
        if len(bots) > game_cls.max_players:
            raise SimulationError(f"{len(bots)} bots, one a seat, but {game_cls.title} is for at most "
                                  f"{game_cls.max_players} players")
        players = max(game_cls.min_players, len(bots))
    game = game_cls(players, **{**SIMULATION_DEFAULTS.get(game_id, {}), **(options or {})})
    if len(bots) > game.players:
        raise SimulationError(f"{len(bots)} bots for {game.players} seats: give at most one --bot per seat")
    known = game.bots()
    unknown = [name for name in dict.fromkeys(bots) if name not in known]
    if unknown:
        raise SimulationError(f"unknown bot {', '.join(map(repr, unknown))} for {game_id}; "
                              f"known: {', '.join(known)}")
    return game, [bots[i % len(bots)] for i in range(game.players)]


def simulate(game_id: str, bots: list[str], games: int = 100, seed: int = 0, players: int | None = None,
             options: dict | None = None, processes: int | None = None, progress: bool = True) -> list[dict]:
    """Play ``games`` seeded games; ``bots`` names one bot per seat (see :func:`make_game`)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be 1 or more, not {games!r}")
    if processes is not None and processes < 1:
        raise SimulationError(f"the number of processes must be 1 or more, not {processes!r}")
    game, names = make_game(game_id, players, bots, options)
    jobs = [(game_id, game.players, dict(game.options), names, seed + i) for i in range(games)]
    processes = min(len(jobs), processes or os.cpu_count() or 1)
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
    """Wins per seat, draws, mean game length and mean returns; for a survival game also, per
    seat, the games survived, the mean hour reached (``hour_reached``, the dawn included) and how
    many games were lost in each hour. Wins and draws count ``winner()`` as the game defines it
    (a survival game's is the seat with most survivors, so a solo night always has one): the
    table leaves them out for such a game, the JSON keeps them as before."""
    seats = len(results[0]["returns"]) if results else 0
    games = len(results)
    summary = {
        "games": games,
        "wins": [sum(1 for r in results if r["winner"] == seat) for seat in range(seats)],
        "draws": sum(1 for r in results if r["winner"] is None),
        "mean_steps": sum(r["steps"] for r in results) / games if results else 0,
        "bots": results[0]["bots"] if results else [],
        "mean_returns": [sum(r["returns"][seat] for r in results) / games for seat in range(seats)],
    }
    if results and "survived" in results[0]:
        summary["survived"] = [sum(1 for r in results if r["survived"][seat]) for seat in range(seats)]
    if results and "survived" in results[0] and "hour" in results[0]:
        summary["mean_hour"] = [sum(r["hour"][seat] for r in results) / games for seat in range(seats)]
        lost = [Counter(r["hour"][seat] for r in results if not r["survived"][seat]) for seat in range(seats)]
        summary["lost_in_hour"] = [dict(sorted(hours.items())) for hours in lost]
    return summary


# ------------------------------------------------------------------ the command line

def _first_sentence(doc: str | None) -> str:
    """The docstring's first sentence as plain text: no reST markup, no "(see ...)" pointer."""
    text = " ".join((doc or "").split("\n\n")[0].split())
    text = re.sub(r":\w+:`~?([\w.]+)`", r"\1", text).replace("``", "")
    end = text.find(". ")
    text = text if end < 0 else text[: end + 1]
    return re.sub(r" \(see [^)]*\)", "", text)


def describe_bot(factory) -> str:
    """One line about a bot: its own docstring, or its class's when the factory is a plain
    function, with the settings its constructor takes (``level=1``, ``rollouts=16``)."""
    bot = factory(seed=0)
    doc = vars(factory).get("__doc__") if inspect.isclass(factory) else factory.__doc__  # its own, not inherited
    text = _first_sentence(doc or inspect.getdoc(type(bot))) or type(bot).__name__
    params = inspect.signature(type(bot).__init__).parameters
    settings = [f"{name}={getattr(bot, name)!r}" for name in params
                if name not in ("self", "seed") and getattr(bot, name, None) is not None
                and not isinstance(getattr(bot, name), (tuple, list, dict))]
    return text + (f" ({', '.join(settings)})" if settings else "")


def describe_game(game_id: str, detailed: bool = False) -> str:
    """A game's section of ``necro simulate --help``: players, bots, options (one line each;
    ``detailed`` adds each option's explanation)."""
    game_cls = game_class(game_id)
    low, high = game_cls.min_players, game_cls.max_players
    players = f"{low} players" if low == high else f"{low}-{high} players"
    lines = [f"{game_id} ({game_cls.title}): {players}"]
    lines.append("  bots:")
    factories = game_cls(None, **SIMULATION_DEFAULTS.get(game_id, {})).bots()
    width = max(map(len, factories))
    for name, factory in factories.items():
        lines += textwrap.wrap(describe_bot(factory), 79, initial_indent=f"    {name:<{width}}  ",
                               subsequent_indent=" " * (width + 6))
    if game_cls.options_spec:
        lines.append("  options (--option NAME=VALUE; the default first):")
    defaults = SIMULATION_DEFAULTS.get(game_id, {})
    for o in game_cls.options_spec:
        default = defaults.get(o.name, o.default)
        choices = [default] + [c for c in o.choices if c != default]
        note = f" (the game's own default: {o.default})" if o.name in defaults else ""
        lines.append(f"    {o.name}={'|'.join(map(str, choices))}{note}")
        if detailed:
            lines += textwrap.wrap(o.help, 76, initial_indent=" " * 6, subsequent_indent=" " * 6)
    return "\n".join(lines)


def build_parser(detailed_game: str | None = None) -> argparse.ArgumentParser:
    games = [detailed_game] if detailed_game else sorted(GAMES)
    epilog = "\n\n".join(describe_game(g, detailed=bool(detailed_game)) for g in games)
    if not detailed_game:
        epilog += "\n\n(necro simulate GAME --help explains each option of GAME.)"
    parser = argparse.ArgumentParser(
        prog="necro simulate", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(
            "Play many seeded games between bots and report each seat's wins (for Night of the "
            "Shambling Dead, where every band plays alone against the night: how often it survives "
            "and how far into the night it gets).", 79),
        epilog=epilog)
    parser.add_argument("game", choices=sorted(GAMES), metavar="GAME", help="one of: " + ", ".join(sorted(GAMES)))
    parser.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="game i is dealt from seed S+i and its bots are seeded from that, so one game "
                             "replays alone with --seed S+i --games 1 (default 0)")
    parser.add_argument("--players", type=int, default=None, metavar="P",
                        help="seats at the table (default: one per --bot, at least the game's minimum)")
    parser.add_argument("--bot", action="append", default=None, metavar="NAME",
                        help="the bot of the next seat, repeated seat by seat; a shorter list repeats over "
                             "the seats, a longer one is refused (default: random in every seat)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, repeated for several (default: the game's defaults, except "
                             "Cave Evil plays game=full)")
    parser.add_argument("--processes", type=int, default=None, metavar="K",
                        help="worker processes (default: one per CPU core, at most one per game); the "
                             "results do not depend on it")
    parser.add_argument("--format", choices=("table", "json"), default="table",
                        help="a table for people (default), or JSON: the summary and every game")
    return parser


def _table(game_id: str, game, seed: int, summary: dict) -> str:
    changed = [f"{k}={v}" for k, v in game.options.items()
               if v != next(o.default for o in game.options_spec if o.name == k)]
    players = f"{game.players} player" + ("s" if game.players != 1 else "")
    lines = [f"{game_id}: {summary['games']} games, {players}, seed {seed}"
             + (f", options {' '.join(changed)}" if changed else "")]
    n = summary["games"]
    for seat, bot in enumerate(summary["bots"]):
        if "survived" in summary:
            alive = summary["survived"][seat]
            line = (f"  seat {seat + 1} ({bot}): survived {alive} of {n} games ({alive / n:.1%}), "
                    f"{summary['mean_returns'][seat]:.2f} survivors at dawn on average")
            lost = summary["lost_in_hour"][seat] if "lost_in_hour" in summary else {}
            if lost:
                mean = sum(h * c for h, c in lost.items()) / sum(lost.values())
                counts = ", ".join(f"{c} in hour {h}" for h, c in lost.items())
                line += f"\n    lost: {counts} (mean hour {mean:.2f})"
            lines.append(line)
        else:
            wins = summary["wins"][seat]
            lines.append(f"  seat {seat + 1} ({bot}): {wins} wins ({wins / n:.1%})")
    if "survived" not in summary:
        lines.append(f"  no single winner: {summary['draws']}")
    lines.append(f"  mean steps per game: {summary['mean_steps']:.1f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    asks_help = any(a in ("-h", "--help") for a in argv)
    detailed = next((a for a in argv if a in GAMES), None) if asks_help else None
    parser = build_parser(detailed)
    args = parser.parse_args(argv)
    try:
        options = parse_options(game_class(args.game), args.option)
        game, _ = make_game(args.game, args.players, args.bot or [], options)
        results = simulate(args.game, args.bot or [], args.games, args.seed, args.players, options,
                           processes=args.processes, progress=sys.stderr.isatty())
    except NecroError as exc:
        parser.error(str(exc))
    summary = summarize(results)
    if args.format == "json":
        summary.update(game=args.game, players=game.players, options=game.options, seed=args.seed)
        print(json.dumps({"summary": summary, "games": results}))
    else:
        print(_table(args.game, game, args.seed, summary))
    return 0
