"""The seeded simulator and the `necro simulate` command, on a real game."""

import json

import pytest

from necro import cli
from necro.core.simulate import simulate, summarize


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


def test_cli_simulate_prints_json(capsys):
    assert cli.main(["simulate", "graveyard-shift", "--games", "3", "--seed", "2", "--processes", "1", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["games"] == 3 and len(out["games"]) == 3


def test_cli_version(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("necro ")
