"""Shared helpers of the Cave Evil game tests: invariants, and play by the digger bot's choices."""

from __future__ import annotations

import pytest

from necro.core import IllegalAction, Rng
from necro.cave_evil.bots import eager
from necro.cave_evil.ground import UNDUG
from necro.cave_evil.basics import FINISHING, PLAY, full_deck

from .test_random_ground import check_invariants

BAD = ("no such move", "move V +0+0", "dig IV", "continue II with III", "hall +0+0 r0", "place +0+0 r0",
       "step +0+0", "first 9", "d12 13", "face-down nothing", "draw nothing", "fight V 1:N", "fight II,V w:A",
       "first dodge", "second armor", "attacker rolls 13", "defender rolls 3")


def check_map(state) -> None:
    """The map invariants: tiles never over a spawn pit, a Lair or its shell; the ground graph is
    the open hexes; rocks never negative; every excavation card in exactly one place; no more
    tiles of a kind than the box holds; squads on open or collapsed ground."""
    g = state.ground
    check_invariants(g)
    for tile_id, n in g.used().items():
        assert n <= g.tiles[tile_id].count, tile_id
    for dig in state.digs.values():
        assert 0 <= dig.rocks <= 3 and (dig.rocks > 0) == (dig.stage == "digging")
        assert dig.stage != "done"
    assert sum(1 for d in state.digs.values() if d.stage in FINISHING) <= 1
    assert state.accounted() == full_deck(getattr(state, "protectors", False)), "an excavation card is missing or in two places"
    for s in state.squads:
        assert g.status_of(s.hex) != UNDUG and s.hex not in g.shell
    if state.phase == PLAY:
        for p in range(state.game.players):
            assert (p in state.out or p in getattr(state, "fallen", [])) != any(s.card == "N" for s in state.squads.of(p))
    check_combat(state)


def check_combat(state, conserved=None) -> None:
    """The combat invariants: every creature is on the map or dead, never both nor twice (cards
    conserved; with ``conserved``, exactly those ids); the dead hold no control card (no squad of
    theirs is left); each player's kill points are the sum over the creatures they killed; nobody
    killed their own; a player who is out has no squad; a fight under way involves squads on the map."""
    from necro.cave_evil.fights import points_of

    on_map = [c.id for s in state.squads for c in s.creatures]
    dead = [d["id"] for d in state.dead]
    assert len(set(on_map)) == len(on_map) and len(set(dead)) == len(dead)
    assert not set(on_map) & set(dead), "a dead creature is still on a control card"
    if conserved is not None:
        assert set(on_map) | set(dead) == set(conserved), "a creature card appeared or vanished"
    for p in range(state.game.players):
        assert state.kill_points[p] == sum(points_of(d) for d in state.dead if d["by"] == p)
        if p in state.out:
            assert not state.squads.of(p)
    assert all(d["by"] is None or d["by"] != d["owner"] for d in state.dead)
    for spot in state.loot.values():
        amounts = [spot.get(r, 0) for r in ("metals", "gore", "shadowflame")]
        assert min(amounts) >= 0 and (any(amounts) or spot["items"])
    for s in state.squads:
        assert all(n > 0 for n in s.resources.values())
    check_loot(state)
    if state.combat is not None:
        for sid in state.combat["attackers"] + state.combat["defenders"]:
            if sid.endswith(":crystal"):  # a crystal attacked: its owner is still in the game
                assert int(sid.split(":")[0]) in state.crystals()
            elif sid == "evil":  # an Awakened Evil fought (the Bitch, the Emperor, the Goat)
                assert state.combat.get("evil")
            else:
                assert sid in state.squads


def check_loot(state) -> None:
    """Loot is conserved: everything carried or lying on the map is what the rules put in play
    (gore spilled by the dead, less items used up and resources paid), and only creatures whose
    cards hold items hold any, within their counts."""
    from necro.cave_evil import loot as lt

    assert lt.holdings(state.squads, state.loot) == +state.ledger, "loot appeared or vanished"
    for s in state.squads:
        for c in s.creatures:
            if c.items and c.card is not None and set(c.items) != {lt.EYES}:
                assert lt.item_count(c) >= 1 and lt.hands_used(c.items) <= lt.item_count(c), (c.id, c.items)


def play_eager(state, seed: int, steps: int | None = None, recorded: bool = True, until=None):
    """Play on with :func:`eager` choices (chance from the state) for ``steps`` steps, until
    ``until(state)`` holds, or to the end."""
    rng = Rng(seed)
    n = 0
    while not state.is_terminal() and (steps is None or n < steps) and not (until and until(state)):
        if state.is_chance_node():
            state.play_chance() if recorded else state.resolve_chance_unchecked()
        else:
            a = eager(state, rng)
            state.apply(a) if recorded else state.apply_unchecked(a)
        n += 1
    return state


def refused(state, action, rule):
    """``action`` is refused naming ``rule`` (one of the rule book's), and the state is unchanged."""
    from necro.cave_evil.rules import RULES

    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, (action, info.value.rule, info.value.reason)
    assert rule in RULES, rule
    assert state.to_json() == before
    return info.value
