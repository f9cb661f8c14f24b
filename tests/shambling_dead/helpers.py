"""Shared helpers for the Night of the Shambling Dead tests."""

import json

from necro.shambling_dead import ShamblingDead
from necro.shambling_dead.scenarios import board, night, rest_of_hour  # noqa: F401
from necro.shambling_dead.tables import DECK


def rules_of(state, since=0):
    """Rule ids of the log lines written since step ``since``."""
    return [e.rule for step in state.steps[since:] for e in step.log]


def texts(state, since=0):
    return [e.text for step in state.steps[since:] for e in step.log]


def survivors(state, p=0, zone=None):
    return state.boards[p].survivors(zone)


def zombies(state, p=0, zone=None):
    return state.boards[p].zombies(zone)


def acts(state):
    return [str(a) for a in state.legal_actions()]


def play(state, *moves):
    for m in moves:
        state.apply(m)
    return state


def new(players=1, seed=0, **options):
    return ShamblingDead(players, **options).new_initial_state(seed)


def check_invariants(state):
    """Facts that hold after every step of every night."""
    pos = state.position()
    cap = state.game.options["front_cap"]
    for d in state.decks:
        assert sorted(d.pile + d.discard) == sorted(DECK), "the 41 cards are conserved"
    for b in state.boards:
        ids = [f[0] for f in b.figs]
        assert len(ids) == len(set(ids)) and all(i < b.nxt for i in ids)
        assert all(f[2] in (0, 1) for f in b.figs), "a living figure carries 0 or 1 wound"
        assert b.front_count() <= cap, "Front Line cap held"
        for s, z in b.pairs:
            fs, fz = b.fig(s), b.fig(z)
            assert fs[1] != "Z" and fz[1] == "Z" and fs[3] == fz[3], "contacts join a survivor and a zombie of one zone"
        if b.out:
            assert not b.pairs
    json.dumps(pos)
    assert state.is_terminal() or state.task is not None


LOSSES = ("is killed", "flees into the night", "and is lost", "Guard shoots", "turns into zombie")


def check_accounting(state):
    """Survivors on each board change only as the last step's log says
    (placed newcomers in, deaths, flights, wild chargers, Guard shots, turned out)."""
    if not state.steps or not state._undo:
        return
    before = json.loads(state._undo[-1])[0]
    log = [e.text for e in state.steps[-1].log]
    for p, b in enumerate(state.boards):
        was = sum(1 for f in before["boards"][p]["figs"] if f[1] != "Z")
        now = len(b.survivors())
        tag = f"Player {p + 1} places"
        placed = sum(1 for t in log if t.startswith(tag))
        if state.game.players == 1:
            gone = sum(1 for t in log if any(w in t for w in LOSSES))
            assert now == was + placed - gone, (was, placed, gone, now, log)
        else:
            assert now <= was + placed
