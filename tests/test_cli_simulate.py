"""`necro simulate` on the command line: mistakes in one line with exit status 2, the player
count inferred from the bots, game options, the help text, survival for Shambling Dead."""

import json

import pytest

from necro import cli
from necro.core.registry import GAMES, game_class


def run_json(capsys, *args):
    assert cli.main(["simulate", *args, "--processes", "1", "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("args, message", [
    (["graveyard-shift", "--bot", "telepath"],
     "unknown bot 'telepath' for graveyard-shift; known: random, greedy, strong, strong-1, strong-2, strong-3"),
    (["graveyard-shift", "--players", "9"], "Graveyard Shift is for 2 players, not 9"),
    (["shovelfight", "--players", "2"], "Necromancer Shovelfight is for 3-6 players, not 2"),
    (["shambling-dead", "--players", "5"], "Night of the Shambling Dead is for 1-4 players, not 5"),
    (["graveyard-shift", "--games", "0"], "the number of games must be 1 or more, not 0"),
    (["graveyard-shift", "--games", "-1"], "the number of games must be 1 or more, not -1"),
    (["graveyard-shift", "--processes", "-3"], "the number of processes must be 1 or more, not -3"),
    (["graveyard-shift", "--processes", "0"], "the number of processes must be 1 or more, not 0"),
    (["shovelfight", "--players", "3"] + ["--bot", "random"] * 4, "4 bots for 3 seats"),
    (["graveyard-shift"] + ["--bot", "random"] * 3, "3 bots, one a seat, but Graveyard Shift is for at most 2"),
    (["cave-evil", "--option", "game=whole"], "option game='whole' must be one of ('map', 'full')"),
    (["cave-evil", "--option", "cycles=7"], "option cycles='7' must be one of (1, 2, 3, 4, 6, 8, 12, 20)"),
    (["cave-evil", "--option", "colour=red"], "Cave Evil has no option 'colour'; options: game, awakening"),
    (["cave-evil", "--option", "cycles"], "an option is NAME=VALUE, not 'cycles'"),
    (["no-such-game"], "argument GAME: invalid choice: 'no-such-game'"),
])
def test_mistakes_are_one_line_and_exit_status_2(capsys, args, message):
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("usage: necro simulate")
    assert err.splitlines()[-1].startswith(f"necro simulate: error: {message}")


def test_players_are_inferred_from_the_bots(capsys):
    # four bots and no --players: four-player Shovelfight, no bot dropped
    out = run_json(capsys, "shovelfight", "--games", "1", *["--bot", "random"] * 3, "--bot", "heuristic")
    assert out["summary"]["players"] == 4 and len(out["games"][0]["returns"]) == 4
    assert out["summary"]["bots"] == ["random", "random", "random", "heuristic"]
    # one bot: the game's fewest players; a short list repeats over the seats given
    assert run_json(capsys, "shovelfight", "--games", "1")["summary"]["bots"] == ["random"] * 3
    out = run_json(capsys, "shovelfight", "--games", "1", "--players", "5", "--bot", "heuristic", "--bot", "random")
    assert out["summary"]["bots"] == ["heuristic", "random", "heuristic", "random", "heuristic"]
    assert run_json(capsys, "shambling-dead", "--games", "1", "--bot", "stand", "--bot", "charge")["summary"]["players"] == 2


def test_table_names_players_and_changed_options(capsys):
    assert cli.main(["simulate", "graveyard-shift", "--games", "2", "--processes", "1",
                     "--option", "rounds=1", "--option", "master_takes=top"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "graveyard-shift: 2 games, 2 players, seed 0, options rounds=1 master_takes=top"


def test_options_take_their_declared_types(capsys):
    out = run_json(capsys, "cave-evil", "--games", "1", "--option", "game=map", "--option", "cycles=1",
                   "--option", "flank=true")
    options = out["summary"]["options"]
    assert options["game"] == "map" and options["cycles"] == 1 and options["flank"] is True


def test_cave_evil_simulates_the_full_game(capsys):
    # the map game's default ended every game with no single winner; the full game has one
    out = run_json(capsys, "cave-evil", "--games", "1", "--bot", "heuristic", "--bot", "random",
                   "--option", "setup=quick")
    assert out["summary"]["options"]["game"] == "full"
    assert out["summary"]["wins"] == [1, 0] and out["summary"]["draws"] == 0


def test_shambling_dead_reports_survival_not_wins(capsys):
    # nights 24-27 with the stand policy: the band dies in hours 4, 6 and 6, and sees the dawn once
    args = ["shambling-dead", "--games", "4", "--seed", "24", "--bot", "stand"]
    assert cli.main(["simulate", *args, "--processes", "1"]) == 0
    table = capsys.readouterr().out
    assert "wins" not in table and "no single winner" not in table
    assert "seat 1 (stand): survived 1 of 4 games (25.0%), 1.00 survivors at dawn on average" in table
    assert "lost: 1 in hour 4, 2 in hour 6 (mean hour 5.33)" in table
    out = run_json(capsys, *args)
    assert [g["survived"] for g in out["games"]] == [[False], [False], [True], [False]]
    assert [g["hour"] for g in out["games"]] == [[4], [6], [11], [6]]  # 11: the dawn
    summary = out["summary"]
    assert summary["survived"] == [1] and summary["mean_hour"] == [6.75] and summary["mean_returns"] == [1.0]
    assert summary["lost_in_hour"] == [{"4": 1, "6": 2}]


def test_help_lists_bots_players_options_and_what_each_argument_means(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "--help"])
    assert info.value.code == 0
    text = capsys.readouterr().out
    lines = [line.strip() for line in text.splitlines()]
    for game_id in GAMES:
        cls = game_class(game_id)
        players = cls.min_players if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        assert f"{game_id} ({cls.title}): {players} players" in lines
        for bot in cls().bots():
            assert any(line.startswith(f"{bot}  ") for line in lines), (game_id, bot)
        for option in cls.options_spec:
            assert any(line.startswith(f"{option.name}=") for line in lines), (game_id, option.name)
    assert "game=full|map (the game's own default: map)" in lines
    flat = " ".join(text.split())
    for words in ("--games N how many games (default 100)", "seed S+i", "--players P seats at the table",
                  "a shorter list repeats over the seats", "--processes K worker processes"):
        assert words in flat


def test_help_of_one_game_explains_its_options(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "shovelfight", "--help"])
    flat = " ".join(capsys.readouterr().out.split())
    assert "shovelfight (Necromancer Shovelfight): 3-6 players" in flat
    assert "Wizards start on fixed graves seat by seat" in flat
    assert "graveyard-shift (" not in flat


def test_a_reader_that_stops_early_gets_no_traceback():
    """`necro simulate ... | head -1`: the pipe closes under the table; the command ends quietly."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "from necro.cli import main; raise SystemExit(main())",
                             "simulate", "graveyard-shift", "--games", "30"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader leaves before the table is printed
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err
