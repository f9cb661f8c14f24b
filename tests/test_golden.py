"""The golden playthroughs (tests/golden.py) replay exactly as recorded.

A failure here means the engine now plays some seeded game differently. If that is a deliberate rules
change, re-record that game's fingerprints (``python -m tests.golden --write GAME``) in the same commit
and say why; if the change was meant to be a pure move of code, it is not one.
"""

import json

import pytest

from tests import golden


def _params():
    for game_id in golden.CONFIGS:
        for p, o, s, n in golden.cases(game_id):
            yield pytest.param(game_id, golden.case_key(p, o, s), "play", (p, o, s, n), id=f"{game_id}-{p}p-{s}-{len(o)}")
        for p, o, s, b in golden.bot_cases(game_id):
            yield pytest.param(game_id, golden.case_key(p, o, s, b), "bots", (p, o, s, b),
                               id=f"{game_id}-{b}-{p}p-{s}-{len(o)}")


@pytest.fixture(scope="module")
def recorded_files():
    return {game_id: golden.load(game_id) for game_id in golden.CONFIGS}


def test_every_golden_file_holds_exactly_the_configured_games(recorded_files):
    for game_id, data in recorded_files.items():
        want = {golden.case_key(p, o, s) for p, o, s, _ in golden.cases(game_id)}
        want |= {golden.case_key(p, o, s, b) for p, o, s, b in golden.bot_cases(game_id)}
        assert set(data) == want, f"{game_id}: re-record with python -m tests.golden --write {game_id}"


@pytest.mark.parametrize("game_id,key,kind,case", list(_params()))
def test_a_golden_game_replays_as_recorded(recorded_files, game_id, key, kind, case):
    want = recorded_files[game_id][key]
    if kind == "bots":
        assert golden.botgame(game_id, *case) == want["bots"], f"{game_id} {key}: the bots' game changed"
        return
    players, options, seed, steps = case
    assert golden.recorded(game_id, players, options, seed, steps) == want["recorded"], \
        f"{game_id} {key}: the recorded game changed ({json.dumps(want['recorded'])})"
    assert golden.fast(game_id, players, options, seed, steps) == want["fast"], \
        f"{game_id} {key}: the fast-path game changed"
