"""The tiles file: counts from the component list, shapes, features, provenance, validation."""

import copy
import json

import pytest

from necro.core import FormatError, IllegalAction
from necro.cave_evil.hexes import ORIGIN, Hex, adjacent, distance, neighbours, rotate, within
from necro.cave_evil.rules import RULES
from necro.cave_evil.tiles import TILES_FILE, Placement, load_tiles, tile_set, tiles_from_json

TILES = tile_set()
RAW = json.loads(TILES_FILE.read_text(encoding="utf-8"))

# The component list: "4 Lairs, 2 Temples, 2 Shrines, 6 Thronerooms, 8 Halls, 26 Tunnels,
# 4 Crooks, 4 Alcoves, 4 Antechambers, and 12 Single Tiles" (72 in all).
BOX = {"lair": 4, "temple": 2, "shrine": 2, "throneroom": 6, "great-hall": 8, "tunnel": 26,
       "crook": 4, "alcove": 4, "antechamber": 4, "single": 12}


def connected(hexes):
    hexes = set(hexes)
    seen, todo = set(), [next(iter(hexes))]
    while todo:
        h = todo.pop()
        if h not in seen:
            seen.add(h)
            todo.extend(n for n in neighbours(h) if n in hexes)
    return seen == hexes


def test_ce_components_box_counts():
    assert {t.id: t.count for t in TILES.in_box()} == BOX
    assert sum(t.count for t in TILES.in_box()) == TILES.box_total == 72


def test_the_pit_room_is_printed_at_the_centre_with_the_pit():
    room = TILES["pit-room"]
    assert room.printed and room.count == 1 and room not in TILES.in_box()
    assert set(room.spaces) == set(within(ORIGIN, 2)) and room.spawn_pits == (ORIGIN,)


@pytest.mark.parametrize("tile", list(TILES), ids=lambda t: t.id)
def test_every_tile_is_a_connected_shape_from_its_first_space(tile):
    assert tile.spaces[0] == ORIGIN
    assert len(set(tile.spaces)) == len(tile.spaces)
    assert connected(tile.spaces)
    assert set(tile.spawn_pits) <= set(tile.spaces)


def test_ce_spawn_pits_one_in_each_throneroom_shrine_temple_and_the_pit():
    pits = {t.id: len(t.spawn_pits) for t in TILES}
    assert pits == {"pit-room": 1, "throneroom": 1, "shrine": 1, "temple": 1, "lair": 0, "great-hall": 0,
                    "tunnel": 0, "alcove": 0, "crook": 0, "antechamber": 0, "single": 0}
    # a pit is never the first space, which an excavation puts next to the diggers
    assert all(ORIGIN not in t.spawn_pits for t in TILES if not t.printed)


def test_ce_tile_single_is_one_space():
    assert TILES["single"].spaces == (ORIGIN,)


def test_ce_lair_ten_interior_spaces_behind_an_opening_three_wide():
    lair = TILES["lair"]
    parts = lair.lair
    assert len(lair.spaces) == 10 and lair.spaces[0] in parts.opening
    assert len(parts.opening) == 3
    a, b, c = sorted(parts.opening)
    assert adjacent(a, b) and adjacent(b, c) and distance(a, c) == 2  # a straight row of three
    assert parts.crystal in lair.spaces and parts.crystal not in parts.opening
    assert not set(parts.shell) & set(lair.spaces)


@pytest.mark.parametrize("rotation", range(6))
def test_ce_lair_shell_seals_everything_but_the_opening(rotation):
    p = TILES["lair"].placement(Hex(3, -2), rotation)
    interior, shell, opening = set(p.spaces), set(p.shell), set(p.opening)
    ring = {n for h in interior for n in neighbours(h)} - interior
    mouth = ring - shell
    assert shell <= ring and len(mouth) == 4
    for h in mouth:  # in front of the opening, touching opening spaces only, at most two of them
        touching = [n for n in neighbours(h) if n in interior]
        assert touching and set(touching) <= opening and len(touching) <= 2
    assert {n for h in mouth for n in neighbours(h)} & interior == opening


def test_ce_shape_lair_crystal_at_the_back():
    lair = TILES["lair"]
    far = max(min(distance(h, o) for o in lair.lair.opening) for h in lair.spaces)
    assert min(distance(lair.lair.crystal, o) for o in lair.lair.opening) == far == 2


def test_halls_and_tunnels_have_an_end_away_from_the_first_space():
    for tid in ("great-hall", "tunnel"):
        t = TILES[tid]
        assert t.end in t.spaces and t.end != ORIGIN
        assert distance(ORIGIN, t.end) == max(distance(ORIGIN, h) for h in t.spaces)
    assert all(t.end is None for t in TILES if t.id not in ("great-hall", "tunnel"))
    # a hall's first and end spaces are single spaces: each touches the next row only
    hall = TILES["great-hall"]
    for h in (ORIGIN, hall.end):
        assert sum(1 for n in neighbours(h) if n in hall.spaces) == 2


def test_ce_shape_tunnel_straight_so_a_throneroom_can_touch_two_spaces_at_most():
    tunnel = TILES["tunnel"].placement(ORIGIN)
    spaces = set(tunnel.spaces)
    assert sorted(spaces) == [Hex(0, k) for k in range(4)]
    # any hex touches at most two spaces of a straight tunnel
    assert max(sum(1 for n in neighbours(h) if n in spaces) for h in within(ORIGIN, 6) if h not in spaces) == 2
    # and some Throneroom by the tunnel's end touches it, without overlapping, at two spaces at most
    fits = [p for a in within(tunnel.end, 2) for r in range(6)
            for p in [TILES["throneroom"].placement(a, r)]
            if not set(p.spaces) & spaces and 1 <= len({n for h in p.spaces for n in neighbours(h)} & spaces) <= 2
            and any(adjacent(h, tunnel.end) for h in p.spaces)]
    assert fits


def test_shrine_and_temple_are_the_large_tiles():
    sizes = {t.id: len(t.spaces) for t in TILES.in_box()}
    assert sizes["temple"] > sizes["shrine"] > sizes["throneroom"]
    assert sizes["temple"] == max(sizes.values())


@pytest.mark.parametrize("tile", [t for t in TILES], ids=lambda t: t.id)
def test_provenance_and_a_ruling_for_every_chosen_shape(tile):
    prov = dict(tile.provenance)
    assert prov["count"] == "rules"
    assert tile.why and "\n" not in tile.why
    if prov["shape"] == "book":
        rule_id = "ce-pit-room-shape" if tile.printed else f"ce-shape-{tile.id}"
        assert rule_id in RULES and RULES[rule_id].kind == "ruling"
    else:
        assert tile.id == "single"


# ------------------------------------------------------------- placements
@pytest.mark.parametrize("tile", [t for t in TILES], ids=lambda t: t.id)
def test_placements_keep_the_shape_and_put_the_first_space_on_the_anchor(tile):
    anchor = Hex(5, -3)
    for r in range(6):
        p = tile.placement(anchor, r)
        assert p.spaces[0] == anchor and len(set(p.covers)) == len(tile.covers)
        assert p.spaces == tuple(rotate(o, r) + anchor for o in tile.spaces)
        assert all(distance(a, b) == distance(x, y)
                   for (a, x) in zip(p.spaces, tile.spaces) for (b, y) in zip(p.spaces, tile.spaces))
        assert len(p.spawn_pits) == len(tile.spawn_pits)


def test_black_side_is_the_mirror_image_without_features():
    crook, hall = TILES["crook"], TILES["great-hall"]
    for tile in (crook, hall):  # not symmetric: the black side is no rotation of the front
        fronts = {frozenset(tile.placement(ORIGIN, r).spaces) for r in range(6)}
        assert frozenset(tile.placement(ORIGIN, 0, "collapse").spaces) not in fronts
    for tid in ("tunnel", "throneroom", "shrine", "temple", "alcove", "antechamber", "single"):
        fronts = {frozenset(TILES[tid].placement(ORIGIN, r).spaces) for r in range(6)}
        assert frozenset(TILES[tid].placement(ORIGIN, 0, "collapse").spaces) in fronts
    black = TILES["throneroom"].placement(Hex(1, 1), 2, "collapse")
    assert black.spawn_pits == () and black.spaces[0] == Hex(1, 1)
    assert TILES["tunnel"].placement(ORIGIN, 0, "collapse").end is None


def test_lairs_and_the_pit_room_have_no_black_side():
    for tid in ("lair", "pit-room"):
        with pytest.raises(IllegalAction) as err:
            TILES[tid].placement(ORIGIN, 0, "collapse")
        assert err.value.rule == "ce-black-side"


@pytest.mark.parametrize("rotation", [-1, 6, 1.0, True, "2"])
def test_bad_rotations_are_refused(rotation):
    with pytest.raises(ValueError):
        Placement(TILES["tunnel"], ORIGIN, rotation)
    with pytest.raises(ValueError):
        Placement(TILES["tunnel"], ORIGIN, 0, "sideways")


def test_placement_notation():
    p = TILES["crook"].placement(Hex(2, -1), 3, "collapse")
    assert str(p) == "crook +2-1 r3 black"
    assert p.to_json() == {"tile": "crook", "at": "+2-1", "turn": 3, "side": "collapse"}


# ------------------------------------------------------------- validation
def tile_of(data, tid):
    return next(t for t in data["tiles"] if t["id"] == tid)


def mutate(fn):
    data = copy.deepcopy(RAW)
    fn(data)
    return data


HOSTILE = {
    "not an object": (lambda d: d.clear() or d.update(x=1), "tiles"),
    "wrong format": (lambda d: d.update(format="other"), "tiles.format"),
    "newer version": (lambda d: d.update(version=2), "tiles.version"),
    "box total off": (lambda d: d.update(box_total=71), "tiles.box_total"),
    "tiles not a list": (lambda d: d.update(tiles={}), "tiles.tiles"),
    "unknown key": (lambda d: tile_of(d, "tunnel").update(colour="red"), "tiles.tiles[4]"),
    "bad id": (lambda d: tile_of(d, "tunnel").update(id="Tunnel!"), "tiles.tiles[4].id"),
    "duplicate id": (lambda d: tile_of(d, "crook").update(id="tunnel"), "tiles.tiles[6].id"),
    "count not int": (lambda d: tile_of(d, "tunnel").update(count="26"), "tiles.tiles[4].count"),
    "first space moved": (lambda d: tile_of(d, "tunnel").update(spaces=["+0+1", "+0+0"]),
                          "tiles.tiles[4].spaces[0]"),
    "bad hex name": (lambda d: tile_of(d, "tunnel")["spaces"].append("1,2"), "tiles.tiles[4].spaces[4]"),
    "hex twice": (lambda d: tile_of(d, "tunnel")["spaces"].append("+0+1"), "tiles.tiles[4].spaces"),
    "disconnected": (lambda d: tile_of(d, "tunnel")["spaces"].append("+5+5"), "tiles.tiles[4].spaces"),
    "no spaces": (lambda d: tile_of(d, "tunnel").update(spaces=[]), "tiles.tiles[4].spaces"),
    "pit off the tile": (lambda d: tile_of(d, "throneroom").update(spawn_pits=["+4+4"]),
                         "tiles.tiles[3].spawn_pits"),
    "end off the tile": (lambda d: tile_of(d, "tunnel").update(end="+0+9"), "tiles.tiles[4].end"),
    "opening of two": (lambda d: tile_of(d, "lair")["lair"].update(opening=["+0+0", "+1+0"]),
                       "tiles.tiles[1].lair.opening"),
    "bent opening": (lambda d: tile_of(d, "lair")["lair"].update(opening=["-1+0", "+0+0", "+0+1"]),
                     "tiles.tiles[1].lair.opening"),
    "crystal outside": (lambda d: tile_of(d, "lair")["lair"].update(crystal="+5+0"), "tiles.tiles[1].lair.crystal"),
    "leaky shell": (lambda d: tile_of(d, "lair")["lair"]["shell"].remove("-3+2"), "tiles.tiles[1].lair.shell"),
    "shell far away": (lambda d: tile_of(d, "lair")["lair"]["shell"].append("+9+9"), "tiles.tiles[1].lair.shell"),
    "shell inside": (lambda d: tile_of(d, "lair")["lair"]["shell"].append("+0+1"), "tiles.tiles[1].lair.shell"),
    "lair with a pit": (lambda d: tile_of(d, "lair").update(spawn_pits=["+0+1"]), "tiles.tiles[1].spawn_pits"),
    "provenance unknown": (lambda d: tile_of(d, "tunnel")["provenance"].update(shape="guess"),
                           "tiles.tiles[4].provenance.shape"),
    "provenance missing": (lambda d: tile_of(d, "tunnel")["provenance"].pop("shape"),
                           "tiles.tiles[4].provenance.shape"),
    "two-line why": (lambda d: tile_of(d, "tunnel").update(why="one\ntwo"), "tiles.tiles[4].why"),
    "empty why": (lambda d: tile_of(d, "tunnel").update(why=" "), "tiles.tiles[4].why"),
    "two printed": (lambda d: tile_of(d, "single").update(printed=True, count=0) or d.update(box_total=60),
                    "tiles.tiles"),
    "huge shape": (lambda d: tile_of(d, "tunnel").update(spaces=[f"+0+{k}" for k in range(100)]),
                   "tiles.tiles[4].spaces"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_hostile_tile_files_are_refused_with_a_path(case):
    fn, path = HOSTILE[case]
    with pytest.raises(FormatError) as err:
        tiles_from_json(mutate(fn))
    assert err.value.path == path, err.value


def test_the_packaged_file_loads_and_a_broken_file_is_refused(tmp_path):
    assert load_tiles() == TILES
    bad = tmp_path / "tiles.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FormatError):
        load_tiles(bad)
    bad.write_text(json.dumps(mutate(lambda d: d.update(box_total=3))), encoding="utf-8")
    with pytest.raises(FormatError) as err:
        load_tiles(bad)
    assert err.value.path == "tiles.box_total"
