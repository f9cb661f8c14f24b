"""Seeded random nights with the shared harness, the game's invariants after every step."""

import pytest

from necro.core.bots import play as play_bots
from necro.core.testing import random_playouts
from necro.shambling_dead import ShamblingDead
from necro.shambling_dead.bots import BOTS
from necro.shambling_dead.rules import RULES

from .helpers import check_accounting, check_invariants


def bad_inputs(state):
    return ("no such move", "wound s999", "engage s1 z1", "move s999 F", "draw QH", "d6 7", "2d6 1", "place X")


def test_random_nights_one_player():
    report = random_playouts(lambda seed: ShamblingDead().new_initial_state(seed), range(30),
                             invariants=[check_invariants, check_accounting], deep_every=5, bad_inputs=bad_inputs)
    assert report.games == 30


@pytest.mark.parametrize("players,options", [
    (2, {}),
    (3, {"deck": "own", "outnumbered": "join"}),
    (2, {"narration": "event-deck", "front_cap": 10, "zombie_cap": 10}),
])
def test_random_nights_variants(players, options):
    report = random_playouts(lambda seed: ShamblingDead(players, **options).new_initial_state(seed), range(4),
                             invariants=[check_invariants, check_accounting], deep_every=25, bad_inputs=bad_inputs)
    assert report.games == 4


@pytest.mark.parametrize("bot", ["stand", "charge", "cautious"])
def test_policy_nights_keep_invariants_and_log_known_rules(bot):
    for seed in range(15):
        s = ShamblingDead(2).new_initial_state(seed)
        bots = [BOTS[bot](seed), BOTS[bot](seed + 1)]
        while not s.is_terminal():
            if s.is_chance_node():
                s.play_chance()
            else:
                s.apply(bots[s.current_player()].choose(s))
            check_invariants(s)
        assert all(e.rule in RULES for e in s.log)
        assert s.returns() == [0.0 if b.out else float(len(b.survivors())) for b in s.boards]


def test_fast_path_gives_the_same_night():
    for seed in range(10):
        a = ShamblingDead().new_initial_state(seed)
        b = ShamblingDead().new_initial_state(seed)
        play_bots(a, [BOTS["cautious"](seed)], recorded=True)
        play_bots(b, [BOTS["cautious"](seed)], recorded=False)
        assert a.position() == b.position()
