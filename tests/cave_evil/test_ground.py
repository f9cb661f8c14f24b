"""The ground: open, undug and collapsed hexes, placement refusals, the open-ground graph, JSON."""

import json

import pytest

from necro.core import FormatError, IllegalAction
from necro.cave_evil.ground import COLLAPSED, MAP_RADIUS, OPEN, UNDUG, Ground, load_ground
from necro.cave_evil.hexes import ORIGIN, Hex, distance, neighbours, within

NORTH_TUNNEL = ("tunnel", Hex(0, -3), 3)     # +0-3 .. +0-6, straight north from the Pit Room
NORTH_LAIR = ("lair", Hex(0, -7), 3)         # opening facing south onto the tunnel's end


def grown():
    """The Pit Room, a tunnel north from it and a Lair at the tunnel's end."""
    g = Ground.new()
    g.place(g.placement(*NORTH_TUNNEL))
    g.place(g.placement(*NORTH_LAIR))
    return g


def refused(g, p, rule, **kw):
    before = g.to_json(), set(g.open_hexes())
    with pytest.raises(IllegalAction) as err:
        g.place(p, **kw)
    assert err.value.rule == rule, err.value
    assert (g.to_json(), g.open_hexes()) == before  # nothing changed
    return err.value


def graph_matches(g):
    opened = g.open_hexes()
    assert set(g.graph.nodes) == opened
    edges = {frozenset((a, b)) for a in opened for b in neighbours(a) if b in opened}
    assert {frozenset(e) for e in g.graph.edges} == edges


# --------------------------------------------------------------- the map
def test_ce_pit_room_new_ground_is_the_pit_room_only():
    g = Ground.new()
    assert g.open_hexes() == set(within(ORIGIN, 2))
    assert g.pit() == ORIGIN and set(g.spawn_pits) == {ORIGIN}
    assert g.status_of(Hex(0, 3)) == UNDUG and g.status_of(ORIGIN) == OPEN
    assert g.tile_at(Hex(1, 1)).tile.id == "pit-room" and g.tile_at(Hex(0, 5)) is None
    assert g.used() == {}
    graph_matches(g)


def test_ce_map_size_is_for_drawing_only():
    g = Ground.new()
    assert g.on_map(Hex(0, MAP_RADIUS)) and not g.on_map(Hex(0, MAP_RADIUS + 1))
    far = g.placement("tunnel", Hex(0, MAP_RADIUS - 1))
    g.place(far)  # tiles may run off the map (the grid goes on)
    assert g.is_open(Hex(0, MAP_RADIUS + 2))


def test_ce_open_ground_reachability_distance_and_paths():
    g = grown()
    crystal = g.lairs()[0].crystal
    assert g.is_open(crystal) and crystal in g.reachable(ORIGIN)
    assert g.distance(ORIGIN, Hex(0, -6)) == 6
    path = g.shortest_path(ORIGIN, crystal)
    assert path[0] == ORIGIN and path[-1] == crystal and len(path) == g.distance(ORIGIN, crystal) + 1
    assert all(g.is_open(h) for h in path) and all(distance(a, b) == 1 for a, b in zip(path, path[1:]))
    assert g.distance(ORIGIN, crystal) > distance(ORIGIN, crystal) - 1
    near = g.distances_from(ORIGIN, cutoff=3)
    assert max(near.values()) == 3 and Hex(0, -3) in near and Hex(0, -4) not in near
    # a tile laid apart is open but cut off
    g.place(g.placement("alcove", Hex(6, 0)))
    assert g.is_open(Hex(6, 0)) and Hex(6, 0) not in g.reachable(ORIGIN)
    assert g.distance(ORIGIN, Hex(6, 0)) is None and g.shortest_path(ORIGIN, Hex(6, 0)) is None
    assert g.reachable(Hex(9, 9)) == set() and g.distances_from(Hex(9, 9)) == {}
    assert g.distance(ORIGIN, Hex(9, 9)) is None
    graph_matches(g)


def test_ce_lair_interior_open_shell_solid_and_sealed():
    g = grown()
    lair = g.lairs()[0]
    assert all(g.is_open(h) and g.interior[h] == 2 for h in lair.spaces)
    assert all(g.status_of(h) == UNDUG and g.shell[h] == 2 and g.tile_at(h) is lair for h in lair.shell)
    # from the open ground outside, the interior is entered through its opening only
    inside = set(lair.spaces)
    doors = {h for h in inside for n in neighbours(h) if g.is_open(n) and n not in inside}
    assert doors <= set(lair.opening) and doors


# ----------------------------------------------------------- refusals
def test_ce_protect_pit():
    g = grown()
    err = refused(g, g.placement("single", ORIGIN), "ce-protect-pit")
    assert "+0+0" in err.reason
    refused(g, g.placement("tunnel", Hex(0, -2), 0), "ce-protect-pit")  # running over the Pit


def test_ce_protect_lair_and_shell():
    g = grown()
    lair = g.lairs()[0]
    refused(g, g.placement("single", lair.crystal), "ce-protect-lair")
    refused(g, g.placement("single", lair.shell[0]), "ce-protect-shell")
    refused(g, g.placement("tunnel", lair.shell[3], 0, "collapse"), "ce-protect-shell")


def test_ce_lair_ground_lairs_only_on_undug_rock():
    g = grown()
    refused(g, g.placement("lair", Hex(0, 2), 0), "ce-lair-ground")     # over the Pit Room's edge
    refused(g, g.placement("lair", Hex(1, -4), 1), "ce-lair-ground")    # over the tunnel
    g.place(g.placement("lair", Hex(0, 6), 0))                          # clear rock: fine


def test_ce_pit_room_only_once():
    g = Ground.new()
    refused(g, g.placement("pit-room", Hex(20, 0)), "ce-pit-room")
    with pytest.raises(IllegalAction) as err:
        Ground().place(Ground().placement("tunnel", ORIGIN))
    assert err.value.rule == "ce-pit-room"


def test_ce_pit_under_squad():
    g = Ground.new()
    room = g.placement("throneroom", Hex(0, 3), 0)
    refused(g, room, "ce-pit-under-squad", squads=[room.spawn_pits[0]])
    g.place(room, squads=[room.spaces[1]])  # squads on other spaces are fine


def test_ce_overlap_later_tiles_may_cover_earlier_ones_but_not_their_pits():
    """The rule book's example: a Great Hall dug across part of a Throneroom, missing its pit."""
    g = Ground.new()
    room = g.place(g.placement("throneroom", Hex(0, 3), 0))
    hall = next(p for p in (g.placement("great-hall", a, r) for a in within(Hex(0, 4), 3) for r in range(6))
                if set(p.spaces) & set(room.spaces) and g.refusal(p) is None)
    g.place(hall)
    assert g.tile_at(room.spawn_pits[0]) is room
    assert any(g.tile_at(h) is hall for h in room.spaces)
    over_pit = next(p for p in (g.placement("great-hall", a, r) for a in within(Hex(0, 4), 3) for r in range(6))
                    if room.spawn_pits[0] in p.spaces)
    refused(g, over_pit, "ce-protect-pit")


def test_ce_pit_room_cover_only_the_pit_is_protected():
    g = Ground.new()
    assert g.pit_room.tile.id == "pit-room" and set(g.pit_room.spaces) == set(within(ORIGIN, 2))
    across = g.placement("tunnel", Hex(2, -2), 3)          # along the room's north-east edge
    assert set(across.spaces) & set(g.pit_room.spaces) and ORIGIN not in across.spaces
    g.place(across)
    g.collapse("single", Hex(1, 0), 0, Hex(1, 1))
    assert g.status_of(Hex(1, 0)) == COLLAPSED and g.tile_at(ORIGIN) is g.pit_room
    with pytest.raises(IllegalAction) as err:
        g.collapse("single", ORIGIN, 0, Hex(0, 1))
    assert err.value.rule == "ce-protect-pit"


# ---------------------------------------------------- excavation, collapse
def test_ce_excavate_start():
    g = grown()
    squad = Hex(0, -4)
    with pytest.raises(IllegalAction) as err:
        g.excavate("tunnel", Hex(3, -4), 0, squad)          # not next to the squad
    assert err.value.rule == "ce-excavate-start"
    with pytest.raises(IllegalAction) as err:
        g.excavate("tunnel", Hex(0, -5), 1, squad)          # already open
    assert err.value.rule == "ce-excavate-start"
    with pytest.raises(IllegalAction) as err:
        g.excavate("lair", Hex(1, -5), 0, squad)            # Lairs are never dug up
    assert err.value.rule == "ce-excavate-start"
    p = g.excavate("tunnel", Hex(1, -5), 2, squad)
    assert p.spaces[0] == Hex(1, -5) and all(g.is_open(h) for h in p.spaces)
    assert g.excavation_refusal(g.placement("tunnel", Hex(1, -6), 2, "collapse"), Hex(0, -5)).rule \
        == "ce-excavate-start"


def test_legal_excavations_are_exactly_the_unrefused_ones():
    g = grown()
    squad = Hex(1, -6)  # beside the tunnel's end, next to the Lair's shell
    g.place(g.placement("single", squad))
    for tid in ("temple", "tunnel", "single", "great-hall"):
        legal = g.legal_excavations(tid, squad)
        candidates = [g.placement(tid, a, r) for a in sorted(neighbours(squad)) for r in range(6)]
        assert legal == [p for p in candidates if g.excavation_refusal(p, squad) is None]
        assert all(p.spaces[0] in neighbours(squad) and not g.is_open(p.spaces[0]) for p in legal)
        assert not any(set(p.covers) & (set(g.shell) | set(g.interior) | set(g.spawn_pits)) for p in legal)
    rules = {g.excavation_refusal(p, squad).rule for p in
             (g.placement("temple", a, r) for a in neighbours(squad) for r in range(6))
             if g.excavation_refusal(p, squad)}
    assert {"ce-protect-shell", "ce-excavate-start"} <= rules


def test_ce_excavate_fails_when_every_way_is_blocked():
    g = grown()
    lair = g.lairs()[0]
    # a squad in the Lair: its only undug neighbours are shell, so nothing can be dug
    assert g.legal_excavations("single", lair.crystal) == []
    assert g.legal_excavations("tunnel", Hex(0, 0)) == []   # no undug hex next to the Pit


def test_ce_collapse_start_and_collapsed_ground():
    g = grown()
    squad = Hex(0, -4)
    with pytest.raises(IllegalAction) as err:
        g.collapse("single", Hex(1, -5), 0, squad)           # undug: nothing to bury
    assert err.value.rule == "ce-collapse-start"
    with pytest.raises(IllegalAction) as err:
        g.collapse("single", Hex(0, -7), 0, Hex(0, -6))      # the Lair's opening
    assert err.value.rule == "ce-protect-lair"
    assert g.collapse_refusal(g.placement("single", Hex(0, -5)), squad).rule == "ce-collapse-start"
    assert g.legal_collapses("lair", squad) == []
    crystal = g.lairs()[0].crystal
    g.collapse("single", Hex(0, -5), 0, squad)
    assert g.status_of(Hex(0, -5)) == COLLAPSED and not g.is_open(Hex(0, -5))
    assert crystal not in g.reachable(ORIGIN) and g.distance(ORIGIN, crystal) is None
    assert g.collapsed_hexes() == {Hex(0, -5)}
    graph_matches(g)
    # ce-collapse-undug: collapsed rock may be dug again
    assert g.is_diggable(Hex(0, -5))
    g.excavate("single", Hex(0, -5), 0, squad)
    assert g.is_open(Hex(0, -5)) and crystal in g.reachable(ORIGIN)
    graph_matches(g)


def test_a_collapse_may_run_over_undug_ground():
    g = grown()
    legal = g.legal_collapses("crook", Hex(0, -4))
    assert legal and all(p.side == "collapse" and g.is_open(p.spaces[0]) for p in legal)
    p = next(p for p in legal if any(not g.is_open(h) for h in p.spaces))
    g.place(p)
    assert all(g.status_of(h) == COLLAPSED for h in p.spaces)
    graph_matches(g)


# -------------------------------------------------------- line of sight
def test_ce_line_of_sight_over_open_ground():
    g = grown()
    assert g.line_of_sight(ORIGIN, Hex(0, -6))
    assert not g.line_of_sight(ORIGIN, Hex(0, -6), blockers=[Hex(0, -3)])   # a squad in the way
    assert not g.line_of_sight(Hex(2, 0), Hex(2, -5))                         # through undug rock
    g.collapse("single", Hex(0, -5), 0, Hex(0, -4))
    assert not g.line_of_sight(Hex(0, -4), Hex(0, -6))                        # through a collapse


# ------------------------------------------------------------------ JSON
def test_json_round_trip():
    g = grown()
    g.excavate("crook", Hex(1, -5), 2, Hex(0, -4))
    g.collapse("single", Hex(0, -5), 0, Hex(0, -4))
    doc = json.loads(json.dumps(g.to_json()))
    back = Ground.from_json(doc)
    assert back == g and back.status == g.status and back.top == g.top
    assert back.shell == g.shell and back.interior == g.interior and back.spawn_pits == g.spawn_pits
    graph_matches(back)
    assert load_ground(json.dumps(doc)) == g
    clone = g.copy()
    clone.excavate("single", Hex(0, -5), 0, Hex(0, -4))
    assert clone != g and g.status_of(Hex(0, -5)) == COLLAPSED


def _doc(*extra):
    return {"placements": [{"tile": "pit-room", "at": "+0+0", "turn": 0, "side": "open"}, *extra]}


HOSTILE = {
    "not an object": ([], "ground"),
    "unknown key": ({"placements": [], "extra": 1}, "ground"),
    "no placements": ({"placements": []}, "ground.placements"),
    "no pit room first": ({"placements": [{"tile": "tunnel", "at": "+0+3", "turn": 0}]}, "ground.placements[0]"),
    "pit room elsewhere": ({"placements": [{"tile": "pit-room", "at": "+1+0", "turn": 0}]}, "ground.placements[0]"),
    "unknown tile": (_doc({"tile": "moat", "at": "+0+3", "turn": 0}), "ground.placements[1].tile"),
    "bad hex": (_doc({"tile": "tunnel", "at": "0,3", "turn": 0}), "ground.placements[1].at"),
    "turn six": (_doc({"tile": "tunnel", "at": "+0+3", "turn": 6}), "ground.placements[1].turn"),
    "turn as text": (_doc({"tile": "tunnel", "at": "+0+3", "turn": "1"}), "ground.placements[1].turn"),
    "bad side": (_doc({"tile": "tunnel", "at": "+0+3", "turn": 0, "side": "up"}), "ground.placements[1].side"),
    "extra key": (_doc({"tile": "tunnel", "at": "+0+3", "turn": 0, "by": 1}), "ground.placements[1]"),
    "over the pit": (_doc({"tile": "single", "at": "+0+0", "turn": 0}), "ground.placements[1]"),
    "collapsed lair": (_doc({"tile": "lair", "at": "+0+5", "turn": 0, "side": "collapse"}), "ground.placements[1]"),
    "second pit room": (_doc({"tile": "pit-room", "at": "+9+0", "turn": 0}), "ground.placements[1]"),
    "into a lair": (_doc({"tile": "lair", "at": "+0+6", "turn": 0}, {"tile": "single", "at": "+0+7", "turn": 0}),
                    "ground.placements[2]"),
    "too many": ({"placements": [{"tile": "pit-room", "at": "+0+0", "turn": 0}] * 1001}, "ground.placements"),
    "placement not an object": (_doc("tunnel +0+3 r0"), "ground.placements[1]"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_hostile_ground_documents_are_refused_with_a_path(case):
    doc, path = HOSTILE[case]
    with pytest.raises(FormatError) as err:
        Ground.from_json(doc)
    assert err.value.path == path, err.value


def test_refusals_in_documents_name_the_rule():
    with pytest.raises(FormatError) as err:
        Ground.from_json(HOSTILE["over the pit"][0])
    assert "ce-protect-pit" in err.value.reason
    with pytest.raises(FormatError):
        load_ground("{nope")
