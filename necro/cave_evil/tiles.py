"""Cave Evil's tiles as data: ``tiles.json``, loaded and validated.

The rule text lists how many tiles of each kind the box holds and says a few
things about some of them (a Lair has ten interior spaces behind one opening
three hexes wide; Thronerooms, Shrines and Temples have a spawn pit; Halls
and Tunnels have an end), but the shapes themselves were only in pictures
the text lost. So the shapes live in a data file an owner of the game can
correct, and each tile records which of its facts are the text's
(``"rules"``) and which are ours (``"book"``), with a one-line reason; the
rulings are also in :mod:`necro.cave_evil.rules` (``ce-shape-...``).

A tile in the file::

    {"id": "tunnel", "name": "Tunnel", "count": 26,
     "spaces": ["+0+0", "+0+1", "+0+2", "+0+3"],      # the first space is +0+0
     "end": "+0+3",                                   # optional
     "spawn_pits": [...],                             # optional, among the spaces
     "lair": {"opening": [...], "crystal": "...", "shell": [...]},   # Lairs only
     "printed": true,                                 # the Pit Room: on the map, not in the box
     "provenance": {"count": "rules", "shape": "book"}, "why": "..."}

Offsets are hex names (:mod:`necro.cave_evil.hexes`) from the first space.
A Lair's ``spaces`` are its interior; its ``shell`` (the corrupted steel
round it) is covered by the tile too but is never open ground.

A :class:`Placement` is one tile laid on the map: the first space on an
``anchor`` hex, turned ``rotation`` times 60 degrees clockwise about it, on
its tunnel side (``"open"``) or its black side (``"collapse"``, the mirror
image: rule ce-black-side).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from necro.core import IllegalAction, Reader, read_json_file

from .hexes import ORIGIN, Hex, neighbours, read_hex, reflect, rotate

HERE = Path(__file__).resolve().parent
TILES_FILE = HERE / "tiles.json"
FORMAT = "cave-evil-tiles"
VERSION = 1

PROVENANCE = ("rules", "book")
ASPECTS = ("count", "shape", "spawn_pits", "end", "lair")
SIDES = ("open", "collapse")
TILE_KEYS = ("id", "name", "count", "spaces", "spawn_pits", "end", "lair", "printed", "provenance", "why")
MAX_SPACES = 64
_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class LairParts:
    """What only a Lair has: its opening, its crystal and its impenetrable shell."""

    opening: tuple[Hex, ...]
    crystal: Hex
    shell: tuple[Hex, ...]


@dataclass(frozen=True)
class Tile:
    """One kind of tile, with its shape as offsets from its first space (``+0+0``)."""

    id: str
    name: str
    count: int
    spaces: tuple[Hex, ...]
    spawn_pits: tuple[Hex, ...] = ()
    end: Hex | None = None
    lair: LairParts | None = None
    printed: bool = False
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""

    @property
    def is_lair(self) -> bool:
        return self.lair is not None

    @property
    def covers(self) -> tuple[Hex, ...]:
        """Every offset the tile lies on: its spaces, then a Lair's shell."""
        return self.spaces + (self.lair.shell if self.lair else ())

    def placement(self, anchor: Hex, rotation: int = 0, side: str = "open") -> "Placement":
        """This tile laid with its first space on ``anchor`` (see :class:`Placement`)."""
        return Placement(self, anchor, rotation, side)


@dataclass(frozen=True)
class Placement:
    """A tile laid on the map: which hexes it covers and what lies where.

    On the black side (``side="collapse"``) the tile is flipped over: its
    outline is mirrored (rule ce-black-side) and it shows rubble only, so it
    has no spawn pits, no end and no Lair parts. Lairs and the printed Pit
    Room have no black side.
    """

    tile: Tile
    anchor: Hex
    rotation: int = 0
    side: str = "open"
    # (the hexes below are worked out once, on first use: placements are immutable)

    def __post_init__(self):
        if isinstance(self.rotation, bool) or not isinstance(self.rotation, int) or not 0 <= self.rotation < 6:
            raise ValueError("a rotation is 0-5 steps of 60 degrees clockwise")
        if self.side not in SIDES:
            raise ValueError(f"a tile's side is one of {SIDES}")
        if self.side == "collapse" and (self.tile.is_lair or self.tile.printed):
            raise IllegalAction(str(self), "ce-black-side", f"a {self.tile.name} has no black side to collapse with")

    def _at(self, offset: Hex) -> Hex:
        if self.side == "collapse":
            offset = reflect(offset)
        return rotate(offset, self.rotation) + self.anchor

    @cached_property
    def spaces(self) -> tuple[Hex, ...]:
        """The tile's spaces on the map, first space first (a Lair's interior)."""
        return tuple(self._at(o) for o in self.tile.spaces)

    @cached_property
    def shell(self) -> tuple[Hex, ...]:
        return tuple(self._at(o) for o in self.tile.lair.shell) if self.tile.lair else ()

    @cached_property
    def covers(self) -> tuple[Hex, ...]:
        """Every hex the tile lies on: spaces and shell."""
        return self.spaces + self.shell

    @cached_property
    def spawn_pits(self) -> tuple[Hex, ...]:
        return () if self.side == "collapse" else tuple(self._at(o) for o in self.tile.spawn_pits)

    @cached_property
    def end(self) -> Hex | None:
        return None if (self.side == "collapse" or self.tile.end is None) else self._at(self.tile.end)

    @cached_property
    def opening(self) -> tuple[Hex, ...]:
        return tuple(self._at(o) for o in self.tile.lair.opening) if self.tile.lair else ()

    @cached_property
    def crystal(self) -> Hex | None:
        return self._at(self.tile.lair.crystal) if self.tile.lair else None

    def __str__(self) -> str:
        flip = " black" if self.side == "collapse" else ""
        return f"{self.tile.id} {self.anchor} r{self.rotation}{flip}"

    def to_json(self) -> dict:
        return {"tile": self.tile.id, "at": str(self.anchor), "turn": self.rotation, "side": self.side}


@dataclass(frozen=True)
class TileSet:
    """Every kind of tile, by id, in file order."""

    tiles: dict
    box_total: int

    def __getitem__(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def __contains__(self, tile_id) -> bool:
        return tile_id in self.tiles

    def __iter__(self):
        return iter(self.tiles.values())

    def in_box(self) -> list[Tile]:
        """The tiles that come in the box (everything but the printed Pit Room)."""
        return [t for t in self.tiles.values() if not t.printed]


# ------------------------------------------------------------------ loading
def _hexes(r: Reader, min_length: int = 0) -> tuple[Hex, ...]:
    items = r.list(min_length=min_length, max_length=MAX_SPACES)
    out = tuple(read_hex(x) for x in items)
    if len(set(out)) != len(out):
        r.fail("a hex is listed twice")
    return out


def _connected(hexes) -> bool:
    hexes = set(hexes)
    if not hexes:
        return True
    seen, todo = set(), [next(iter(hexes))]
    while todo:
        h = todo.pop()
        if h in seen:
            continue
        seen.add(h)
        todo.extend(n for n in neighbours(h) if n in hexes and n not in seen)
    return seen == hexes


def _in_a_row(hexes) -> bool:
    """Whether the hexes form one straight line of neighbours."""
    hexes = sorted(hexes)
    if len(hexes) < 2:
        return True
    step = hexes[1] - hexes[0]
    if step not in {n - ORIGIN for n in neighbours(ORIGIN)}:
        return False
    return all(b - a == step for a, b in zip(hexes, hexes[1:]))


def _lair(r: Reader, spaces: tuple[Hex, ...]) -> LairParts:
    r.obj(allowed=("opening", "crystal", "shell"))
    opening = _hexes(r["opening"])
    if len(opening) != 3 or not _in_a_row(opening):
        r["opening"].fail("a Lair's opening is three interior spaces in a straight row")
    if not set(opening) <= set(spaces):
        r["opening"].fail("the opening must be among the Lair's spaces")
    crystal = read_hex(r["crystal"])
    if crystal not in spaces:
        r["crystal"].fail("the crystal must be one of the Lair's spaces")
    shell = _hexes(r["shell"], min_length=1)
    if set(shell) & set(spaces):
        r["shell"].fail("the shell and the interior overlap")
    ring = {n for h in spaces for n in neighbours(h)} - set(spaces)
    if not set(shell) <= ring:
        r["shell"].fail("every shell hex must touch the interior")
    # Sealed: from outside, the interior is reached only through the opening.
    for h in ring - set(shell):
        inside = [n for n in neighbours(h) if n in spaces]
        if any(n not in opening for n in inside):
            r["shell"].fail(f"the interior is open at {h}, which is not in front of the opening")
    return LairParts(opening, crystal, shell)


def _tile(r: Reader) -> Tile:
    r.obj(allowed=TILE_KEYS)
    tile_id = r["id"].str(max_length=40)
    if not _ID.match(tile_id):
        r["id"].fail("a tile id is lowercase words joined by hyphens")
    name = r["name"].str(max_length=40)
    count = r["count"].int(0, 100)
    spaces = _hexes(r["spaces"], min_length=1)
    if spaces[0] != ORIGIN:
        r["spaces"][0].fail("the first space is +0+0: offsets are measured from it")
    if not _connected(spaces):
        r["spaces"].fail("a tile's spaces must be connected")
    pits = _hexes(r.get("spawn_pits", []))
    if not set(pits) <= set(spaces):
        r["spawn_pits"].fail("spawn pits must be among the tile's spaces")
    end = None
    if r.has("end"):
        end = read_hex(r["end"])
        if end not in spaces:
            r["end"].fail("the end space must be one of the tile's spaces")
    lair = _lair(r["lair"], spaces) if r.has("lair") else None
    if lair and pits:
        r["spawn_pits"].fail("a Lair has no spawn pit")
    printed = r.get("printed", False).bool()
    prov = r["provenance"].obj(allowed=ASPECTS)
    provenance = tuple((k, prov[k].str(choices=PROVENANCE)) for k in ASPECTS if prov.has(k))
    for needed in ("count", "shape"):
        if not prov.has(needed):
            prov[needed].fail("say where this comes from: rules or book")
    why = r["why"].str(max_length=300)
    if not why.strip() or "\n" in why:
        r["why"].fail("give a one-line reason")
    return Tile(tile_id, name, count, spaces, pits, end, lair, printed, provenance, why)


def tiles_from_json(data, path: str = "tiles") -> TileSet:
    """A validated :class:`TileSet` from the parsed JSON of a tiles file."""
    r = Reader(data, path).obj(allowed=("format", "version", "about", "box_total", "tiles"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    box_total = r["box_total"].int(0, 1000)
    tiles: dict[str, Tile] = {}
    for item in r["tiles"].list(min_length=1, max_length=100):
        tile = _tile(item)
        if tile.id in tiles:
            item["id"].fail(f"tile id {tile.id!r} is used twice")
        tiles[tile.id] = tile
    counted = sum(t.count for t in tiles.values() if not t.printed)
    if counted != box_total:
        r["box_total"].fail(f"the tiles in the box add up to {counted}, not {box_total}")
    if sum(1 for t in tiles.values() if t.printed) != 1 or not next(t for t in tiles.values() if t.printed).spawn_pits:
        r["tiles"].fail("exactly one tile, the Pit Room, is printed on the map, with the Pit as a spawn pit")
    return TileSet(tiles, box_total)


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read and validate a tiles file (the packaged ``tiles.json`` by default)."""
    path = Path(path) if path else TILES_FILE
    return tiles_from_json(read_json_file(path), path.stem)


@lru_cache(maxsize=1)
def tile_set() -> TileSet:
    """The packaged tiles, loaded once."""
    return load_tiles()


PIT_ROOM = "pit-room"


def a_an(name: str) -> str:
    """A tile's name with its article, for the log: "a Tunnel", "an Alcove"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name
