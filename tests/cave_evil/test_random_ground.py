"""Property test: random legal placements (seeded) never break the ground's invariants."""

import pytest

from necro.core import Rng
from necro.cave_evil.ground import COLLAPSED, OPEN, UNDUG, Ground
from necro.cave_evil.hexes import ORIGIN, Hex, neighbours, within


def check_invariants(g: Ground) -> None:
    # the graph is exactly the open hexes and their adjacencies
    opened = g.open_hexes()
    assert set(g.graph.nodes) == opened
    assert {frozenset(e) for e in g.graph.edges} == {
        frozenset((a, b)) for a in opened for b in neighbours(a) if b in opened}
    # no placement covers a pit, Lair or shell laid before it
    protected: set[Hex] = set()
    status: dict[Hex, str] = {}
    for p in g.placements:
        assert not set(p.covers) & protected, f"{p} covers protected ground"
        protected |= set(p.spawn_pits) | (set(p.covers) if p.tile.is_lair else set())
        for h in p.spaces:
            status[h] = COLLAPSED if p.side == "collapse" else OPEN
    # the statuses are what replaying the tiles by hand gives
    assert g.status == status
    assert set(g.spawn_pits) | set(g.interior) | set(g.shell) == protected
    for h, i in g.spawn_pits.items():
        assert g.is_open(h) and g.tile_at(h) is g.placements[i]
    for h, i in g.interior.items():
        assert g.is_open(h) and g.placements[i].tile.is_lair and g.top[h] == i
    for h, i in g.shell.items():
        assert g.status_of(h) == UNDUG and g.top[h] == i and h not in g.graph
    # each hex's top tile covers it, and no later tile does
    covers = [set(p.covers) for p in g.placements]
    for h, i in g.top.items():
        assert h in covers[i]
        assert not any(h in c for c in covers[i + 1:])


@pytest.mark.parametrize("seed", range(20))
def test_random_legal_placements_keep_the_invariants(seed):
    rng = Rng(seed)
    g = Ground.new()
    diggable = [t.id for t in g.tiles.in_box() if not t.is_lair]
    done = {"lair": 0, "dig": 0, "collapse": 0}
    for _ in range(60):
        opened = sorted(g.open_hexes())
        squads = {rng.choice(opened) for _ in range(3)}
        roll = rng.randbelow(10)
        if roll == 0:
            p = g.placement("lair", rng.choice(within(ORIGIN, 9)), rng.randbelow(6))
            if g.refusal(p) is None:
                g.place(p)
                done["lair"] += 1
        elif roll <= 7:
            edge = [h for h in opened if any(not g.is_open(n) for n in neighbours(h))]
            by = rng.choice(edge)
            legal = g.legal_excavations(rng.choice(diggable), by, squads)
            if legal:
                p = rng.choice(legal)
                assert not set(p.spawn_pits) & squads
                g.excavate(p.tile.id, p.anchor, p.rotation, by, squads)
                done["dig"] += 1
        else:
            by = rng.choice(opened)
            legal = g.legal_collapses(rng.choice(diggable), by, squads)
            if legal:
                p = rng.choice(legal)
                g.collapse(p.tile.id, p.anchor, p.rotation, by, squads)
                done["collapse"] += 1
        check_invariants(g)
    assert done["dig"] >= 20 and done["collapse"] >= 2, done
    assert Ground.from_json(g.to_json()) == g


def test_the_random_runs_meet_every_kind_of_placement():
    """Across the seeds above, Lairs, spawn pits and collapses all turn up (else the test is idle)."""
    kinds = set()
    for seed in range(20):
        rng = Rng(seed)
        g = Ground.new()
        for _ in range(30):
            p = g.placement("lair", rng.choice(within(ORIGIN, 9)), rng.randbelow(6))
            if g.refusal(p) is None:
                g.place(p)
                kinds.add("lair")
                break
        for tid in ("throneroom", "shrine", "temple"):
            by = Hex(0, 2)
            legal = g.legal_excavations(tid, by)
            if legal:
                g.place(rng.choice(legal))
                kinds.add("pit")
        if g.legal_collapses("tunnel", Hex(0, 1)):
            kinds.add("collapse")
        check_invariants(g)
    assert kinds == {"lair", "pit", "collapse"}
