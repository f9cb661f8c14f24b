"""Seeded random games with the shared harness, and the map's invariants after every step."""

import pytest

from necro.core import RandomBot, play
from necro.core.testing import random_playouts
from necro.cave_evil import setup as su
from necro.cave_evil.game import CaveEvil

from .helpers import BAD, check_combat, check_map, play_eager


def bad_inputs(state):
    legal = set(state.legal_actions())
    return [b for b in BAD if b not in legal]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_from_the_start(players):
    """Uniform random decisions from the roll for the first player to the cycle limit, or until a
    single Necromancer is left; every creature card is on the map or among the dead."""
    ids = [f"{k}-{p + 1}" for p in range(players) for k in ("necromancer", "necromonk")]

    def conserved(state):
        if state.phase != "setup":
            check_combat(state, ids)

    report = random_playouts(lambda seed: CaveEvil(players, cycles=6).new_initial_state(seed), range(4),
                             invariants=[check_map, conserved], deep_every=5, bad_inputs=bad_inputs, max_steps=3000)
    assert report.games == 4 and min(report.lengths) > 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_on_a_crowded_map(players):
    """Eager diggers fill the map for a while, then the harness plays on at random."""
    def make(seed):
        state = CaveEvil(players, cycles=12, collapse_death=seed % 2 == 1, flank=True).new_initial_state(seed)
        return play_eager(state, seed, until=lambda s: s.cycle >= 9)

    report = random_playouts(make, range(10, 13), invariants=[check_map], deep_every=3,
                             bad_inputs=bad_inputs, max_steps=3000)
    assert report.games == 3 and min(report.lengths) > 10


@pytest.mark.skipif(not su.QUICK_FILE.exists(), reason="quick_setup.json is not written yet")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_from_the_quick_layouts(players):
    report = random_playouts(lambda seed: CaveEvil(players, setup="quick", cycles=2).new_initial_state(seed),
                             range(1), invariants=[check_map], deep_every=11, bad_inputs=bad_inputs)
    assert report.games == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_path_games_keep_the_invariants(players):
    """Unrecorded games (the simulator's path), eager and uniform, end and keep the map sound."""
    for seed in range(3):
        state = CaveEvil(players, cycles=8, collapse_death=True).new_initial_state(seed)
        play_eager(state, seed, recorded=False)
        assert state.is_terminal()
        check_map(state)
        state = CaveEvil(players, cycles=4).new_initial_state(seed)
        play(state, [RandomBot(seed + k) for k in range(players)])
        assert state.is_terminal()
        returns = state.returns()
        assert returns == [0.0] * players or sorted(returns) == [-1.0] * (players - 1) + [1.0]
        check_map(state)


def test_eager_games_dig_collapse_and_fail():
    """The eager games do reach every part of a dig."""
    seen = set()
    for seed in range(4):
        state = CaveEvil(3, cycles=12).new_initial_state(seed)
        play_eager(state, seed)
        seen |= {e.rule for e in state.log}
    assert {"ce-dig-declare", "ce-dig-continue", "ce-dig-finish", "ce-excavate-start", "ce-dig-step",
            "ce-move-rate", "ce-cycle-limit"} <= seen


@pytest.mark.parametrize("players", [2, 4])
def test_every_refusal_names_a_rule(players):
    """Actions legal at some moment of a game, offered at other moments, are refused with a
    rule of the rule book (and leave the state as it was)."""
    import re
    from pathlib import Path

    from necro.core import IllegalAction, Rng
    from necro.cave_evil.rules import RULES

    # set-up's own ids are checked against the rule book by test_rules (they are its author's to add)
    known = {r.id for r in RULES} | set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9]", Path(su.__file__).read_text()))

    game = CaveEvil(players, cycles=4, collapse_death=True, flank=True)
    pool = sorted({s.action for s in play_eager(game.new_initial_state(players), players).steps} | set(BAD))
    state = game.new_initial_state(players + 1)
    rng = Rng(7)
    while not state.is_terminal():
        if rng.randbelow(3) == 0:
            legal = set(state.legal_actions())
            before = state.position()
            picks = list(pool)
            rng.shuffle(picks)
            for action in picks[:20]:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    state.apply(action)
                assert info.value.rule in known, (action, info.value.rule)
                assert info.value.reason
            assert state.position() == before
        play_eager(state, rng.randbelow(1000), steps=1)
