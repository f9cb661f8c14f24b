"""The seeded simulator and the `necro simulate` command, on a real game."""

import json

import pytest

from necro import cli
from necro.core.errors import OptionError
from necro.core.simulate import SimulationError, describe_bot, make_game, option_value, simulate, summarize
from necro.shovelfight import Shovelfight


def test_simulation_is_reproducible_and_parallel_matches_serial():
    serial = simulate("graveyard-shift", ["random"], games=6, seed=11, processes=1, progress=False)
    parallel = simulate("graveyard-shift", ["random"], games=6, seed=11, processes=2, progress=False)
    assert serial == parallel
    assert [r["seed"] for r in serial] == list(range(11, 17))
    summary = summarize(serial)
    assert summary["games"] == 6 and sum(summary["wins"]) + summary["draws"] == 6
    other = simulate("graveyard-shift", ["random"], games=6, seed=12, processes=1, progress=False)
    assert other[:5] == serial[1:]


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("graveyard-shift", ["telepath"], games=1, progress=False)


def test_make_game_seats_one_bot_a_seat_and_repeats_a_short_list():
    game, names = make_game("shovelfight", None, ["heuristic"] * 4)
    assert game.players == 4 and names == ["heuristic"] * 4
    assert make_game("shovelfight", None, [])[1] == ["random"] * 3
    assert make_game("shovelfight", 6, ["heuristic", "random"])[1] == ["heuristic", "random"] * 3
    with pytest.raises(SimulationError, match="5 bots for 4 seats"):
        make_game("shovelfight", 4, ["random"] * 5)
    with pytest.raises(OptionError, match="3-6 players, not 2"):
        make_game("shovelfight", 2, [])


def test_cave_evil_is_simulated_as_the_full_game_unless_asked():
    assert make_game("cave-evil", None, [])[0].options["game"] == "full"
    assert make_game("cave-evil", None, [], {"game": "map"})[0].options["game"] == "map"


def test_option_values_are_read_as_the_game_declares_them():
    assert option_value(Shovelfight, "start", "choose") == "choose"
    from necro.cave_evil import CaveEvil

    assert option_value(CaveEvil, "cycles", "12") == 12 and option_value(CaveEvil, "flank", "TRUE") is True
    assert option_value(CaveEvil, "cycles", "7") == "7"  # left for the game to refuse


@pytest.mark.parametrize("games", [0, -1])
def test_no_games_is_refused(games):
    with pytest.raises(SimulationError, match="games must be 1 or more"):
        simulate("graveyard-shift", ["random"], games=games, progress=False)


def test_a_bot_made_by_a_function_is_described_by_its_class_and_settings():
    from necro.day_of_the_dead import DayOfTheDead

    bots = DayOfTheDead().bots()
    assert describe_bot(bots["mc-fast"]) == (describe_bot(bots["mc"]).replace("rollouts=48", "rollouts=16")
                                             .replace("extra=96", "extra=32"))
    assert describe_bot(bots["mc-fast"]).startswith("Flat Monte Carlo")


def test_cli_simulate_prints_json(capsys):
    assert cli.main(["simulate", "graveyard-shift", "--games", "3", "--seed", "2", "--processes", "1", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["games"] == 3 and len(out["games"]) == 3


def test_cli_version(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("necro ")
