"""The ground of the necropolis: which hexes are dug, and which tile lies where.

Every hex of the (unbounded) grid is in one of three states (rule ce-ground):

- ``undug``: solid rock, the default; nothing moves through it;
- ``open``: a space of an excavation tile (or of the printed Pit Room), where
  squads move and see;
- ``collapsed``: under a tile laid black side up. It is rock again, and can be
  dug again like undug rock (rule ce-collapse-undug), but unlike undug rock
  it can hold what was caught in the collapse.

Tiles are laid on top of each other, so the ground keeps every placement in
order and, for each hex, the latest tile covering it. Some hexes are never
covered again once laid: spawn pits (the Pit included), and a Lair's interior
and its shell of corrupted steel (rules ce-protect-pit, ce-protect-lair,
ce-protect-shell). A Lair's shell is covered by its tile but stays solid.

The open hexes form a networkx graph, updated with every placement, so
reachability, distances and shortest paths over open ground are graph
queries (movement in the next step counts hexes over open ground).

The whole ground is its list of placements: the JSON form stores just that
list and loading replays it, so a document can only describe ground that
legal placements could have made.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

import networkx as nx

from necro.core import FormatError, IllegalAction, Reader

from .hexes import ORIGIN, Hex, neighbours, read_hex, within
from .hexes import line_of_sight as _line_of_sight
from .tiles import PIT_ROOM, SIDES, Placement, TileSet, tile_set

UNDUG, OPEN, COLLAPSED = "undug", "open", "collapsed"
STATUSES = (UNDUG, OPEN, COLLAPSED)

MAP_RADIUS = 12
"""How far from the Pit the printed map reaches (rule ce-map-size); for drawing only."""

MAX_PLACEMENTS = 1000  # a document must stay finite; a game lays far fewer tiles


@dataclass(frozen=True)
class Refusal:
    """Why a placement is not allowed: the rule and a reason in plain words."""

    rule: str
    reason: str


class Ground:
    """The map as play changes it. Start with :meth:`new` (the Pit Room at the centre)."""

    def __init__(self, tiles: TileSet | None = None):
        self.tiles = tiles if tiles is not None else tile_set()
        self.status: dict[Hex, str] = {}          # hexes that are not undug
        self.placements: list[Placement] = []
        self.top: dict[Hex, int] = {}             # hex -> index of the latest placement covering it
        self.spawn_pits: dict[Hex, int] = {}      # hex -> index of the placement that brought it
        self.interior: dict[Hex, int] = {}        # Lair interior hex -> the Lair's placement index
        self.shell: dict[Hex, int] = {}           # Lair shell hex -> the Lair's placement index
        self.graph = nx.Graph()                   # open hexes, edges between neighbours
        self.crystals: dict[Hex, int] = {}        # Chthonic Crystal hex -> its Necromancer's player (set by the
                                                  # game from the set-up plan; no enemy stops there: ce-crystal-attack)
        self.evil: set[int] = set()               # placements laid by the Eternal Evil Emperor, over pits, Lairs
                                                  # and their shells if need be (rule ce-evil-emperor)

    @classmethod
    def new(cls, tiles: TileSet | None = None) -> "Ground":
        """Ground with only the Pit Room, printed at the centre of the map (rule ce-pit-room)."""
        ground = cls(tiles)
        ground.place(ground.placement(PIT_ROOM, ORIGIN))
        return ground

    # ------------------------------------------------------------- queries
    def status_of(self, h: Hex) -> str:
        return self.status.get(h, UNDUG)

    def is_open(self, h: Hex) -> bool:
        return self.status.get(h) == OPEN

    def is_diggable(self, h: Hex) -> bool:
        """Undug or collapsed, and not a Lair's steel shell: where an excavation may start."""
        return self.status.get(h) != OPEN and h not in self.shell

    def open_hexes(self) -> set[Hex]:
        return {h for h, s in self.status.items() if s == OPEN}

    def collapsed_hexes(self) -> set[Hex]:
        return {h for h, s in self.status.items() if s == COLLAPSED}

    def tile_at(self, h: Hex) -> Placement | None:
        """The latest tile covering ``h`` (a Lair for its shell), or None."""
        i = self.top.get(h)
        return None if i is None else self.placements[i]

    def lairs(self) -> list[Placement]:
        return [p for p in self.placements if p.tile.is_lair]

    @property
    def pit_room(self) -> Placement:
        """The printed Pit Room (always the first placement)."""
        return self.placements[0]

    def pit(self) -> Hex:
        """The Pit: the spawn pit of the Pit Room."""
        return self.pit_room.spawn_pits[0]

    def on_map(self, h: Hex) -> bool:
        """Whether ``h`` is on the printed map (tiles may still go beyond it)."""
        return h in _MAP

    def used(self) -> Counter:
        """How many tiles of each kind lie on the map (covered ones too)."""
        return Counter(p.tile.id for p in self.placements if not p.tile.printed)

    # ----------------------------------------------------- open ground graph
    def reachable(self, start: Hex) -> set[Hex]:
        """The open hexes joined to ``start`` by open ground (empty if it is not open)."""
        if start not in self.graph:
            return set()
        return set(nx.node_connected_component(self.graph, start))

    def distance(self, a: Hex, b: Hex) -> int | None:
        """Steps from ``a`` to ``b`` over open ground, or None if there is no way."""
        try:
            return nx.shortest_path_length(self.graph, a, b)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None

    def shortest_path(self, a: Hex, b: Hex) -> list[Hex] | None:
        """One shortest way from ``a`` to ``b`` over open ground (ends included), or None."""
        try:
            return nx.shortest_path(self.graph, a, b)
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return None

    def distances_from(self, start: Hex, cutoff: int | None = None) -> dict[Hex, int]:
        """Steps over open ground from ``start`` to every open hex within ``cutoff``."""
        if start not in self.graph:
            return {}
        return dict(nx.single_source_shortest_path_length(self.graph, start, cutoff=cutoff))

    def line_of_sight(self, a: Hex, b: Hex, blockers: Iterable[Hex] = ()) -> bool:
        """Whether a line from the centre of ``a`` reaches the centre of ``b`` (rule
        ce-line-of-sight): every hex between them must be open and not among ``blockers``
        (squads and large items, which the next step supplies)."""
        blockers = set(blockers)
        return _line_of_sight(a, b, lambda h: not self.is_open(h) or h in blockers)

    # ----------------------------------------------------------- placement
    def placement(self, tile_id: str, anchor: Hex, rotation: int = 0, side: str = "open") -> Placement:
        """A placement of the tile ``tile_id`` (not yet checked against the ground)."""
        return self.tiles[tile_id].placement(anchor, rotation, side)

    def refusal(self, p: Placement, squads: Iterable[Hex] = ()) -> Refusal | None:
        """Why ``p`` may not be laid on this ground (None if it may), whatever laid it.

        ``squads`` are the hexes of player squads: a new spawn pit may not
        land under one (rule ce-pit-under-squad).
        """
        if p.tile.printed and self.placements:
            return Refusal("ce-pit-room", "the Pit Room is printed on the map; there is only one")
        if not p.tile.printed and not self.placements:
            return Refusal("ce-pit-room", "the Pit Room is laid first, at the centre")
        for h in p.covers:
            if h in self.spawn_pits:
                return Refusal("ce-protect-pit", f"it would cover the spawn pit at {h}")
            if h in self.interior:
                return Refusal("ce-protect-lair", f"it would cover {h}, inside a Lair")
            if h in self.shell:
                return Refusal("ce-protect-shell", f"it would cover {h}, in the steel shell round a Lair")
        if p.tile.is_lair:
            for h in p.covers:
                if self.status_of(h) != UNDUG or h in self.top:
                    return Refusal("ce-lair-ground", f"a Lair is laid on undug rock only, and {h} is not")
        squads = set(squads)
        for h in p.spawn_pits:
            if h in squads:
                return Refusal("ce-pit-under-squad", f"its spawn pit would land under the squad at {h}")
        return None

    def excavation_refusal(self, p: Placement, by: Hex, squads: Iterable[Hex] = ()) -> Refusal | None:
        """Why ``p`` may not be dug by the squad on ``by`` (None if it may).

        The first space goes on an undug (or collapsed) hex next to the squad,
        tunnel side up (rule ce-excavate-start); then the general rules apply.
        """
        if p.side != "open":
            return Refusal("ce-excavate-start", "an excavation lays its tile tunnel side up")
        if p.tile.is_lair or p.tile.printed:
            return Refusal("ce-excavate-start", f"a {p.tile.name} is never dug up")
        first = p.spaces[0]
        if first not in neighbours(by):
            return Refusal("ce-excavate-start", f"the first space {first} is not next to the squad at {by}")
        if self.is_open(first):
            return Refusal("ce-excavate-start", f"the first space {first} is already open, not undug")
        return self.refusal(p, squads)

    def collapse_refusal(self, p: Placement, by: Hex, squads: Iterable[Hex] = ()) -> Refusal | None:
        """Why ``p`` may not be collapsed by the squad on ``by`` (None if it may).

        The tile goes black side up with its first space on an open hex next to
        the squad (rule ce-collapse-start); beyond that it may run over open and
        undug ground alike.
        """
        if p.side != "collapse":
            return Refusal("ce-collapse-start", "a collapse lays its tile black side up")
        first = p.spaces[0]
        if first not in neighbours(by):
            return Refusal("ce-collapse-start", f"the first space {first} is not next to the squad at {by}")
        if not self.is_open(first):
            return Refusal("ce-collapse-start", f"the first space {first} is not open ground")
        return self.refusal(p, squads)

    def evil_refusal(self, p: Placement, squads: Iterable[Hex] = ()) -> Refusal | None:
        """Why the Eternal Evil Emperor may not lay ``p`` (None if he may). He lays his tiles over
        spawn pits, inside Lairs and on their steel shells (rule ce-evil-emperor), but never over The
        Pit or a Chthonic Crystal, nor a new spawn pit under a player's squad (ruling
        ce-evil-emperor-how)."""
        if p.tile.printed or p.tile.is_lair or p.side != "open":
            return Refusal("ce-evil-emperor", f"the Emperor lays excavation tiles tunnel side up, not {p.tile.name}s")
        pit = self.pit() if self.placements else None
        for h in p.covers:
            if h == pit:
                return Refusal("ce-evil-emperor-how", f"it would cover The Pit at {h}")
            if h in self.crystals:
                return Refusal("ce-evil-emperor-how", f"it would cover the Chthonic Crystal at {h}")
        squads = set(squads)
        for h in p.spawn_pits:
            if h in squads:
                return Refusal("ce-pit-under-squad", f"its spawn pit would land under the squad at {h}")
        return None

    def place_for_evil(self, p: Placement, squads: Iterable[Hex] = ()) -> Placement:
        """Lay the Emperor's tile ``p`` (checked by :meth:`evil_refusal`): the spawn pits, Lair spaces
        and shell it covers are plain ground from now on."""
        self._lay_unless(p, self.evil_refusal(p, squads))
        self.evil.add(len(self.placements) - 1)
        self._uncover(p)
        return p

    def _uncover(self, p: Placement) -> None:
        for h in p.spaces:
            for protected in (self.spawn_pits, self.interior, self.shell):
                if protected.get(h, len(self.placements) - 1) != len(self.placements) - 1:
                    del protected[h]

    def place(self, p: Placement, squads: Iterable[Hex] = ()) -> Placement:
        """Lay ``p`` (checked by :meth:`refusal`); IllegalAction names the rule if refused."""
        return self._lay_unless(p, self.refusal(p, squads))

    def excavate(self, tile_id: str, anchor: Hex, rotation: int, by: Hex, squads: Iterable[Hex] = ()) -> Placement:
        p = self.placement(tile_id, anchor, rotation, "open")
        return self._lay_unless(p, self.excavation_refusal(p, by, squads))

    def collapse(self, tile_id: str, anchor: Hex, rotation: int, by: Hex, squads: Iterable[Hex] = ()) -> Placement:
        p = self.placement(tile_id, anchor, rotation, "collapse")
        return self._lay_unless(p, self.collapse_refusal(p, by, squads))

    def _lay_unless(self, p: Placement, refusal: Refusal | None) -> Placement:
        """Lay ``p``, or raise IllegalAction with the refusal's rule (the ground unchanged)."""
        if refusal:
            raise IllegalAction(str(p), refusal.rule, refusal.reason)
        self._lay(p)
        return p

    def legal_excavations(self, tile_id: str, by: Hex, squads: Iterable[Hex] = ()) -> list[Placement]:
        """Every way the squad on ``by`` may lay ``tile_id`` by digging (empty: the dig fails,
        rule ce-excavate-fails). Sorted by first space, then rotation."""
        squads = set(squads)
        out = []
        for anchor in sorted(neighbours(by)):
            for rotation in range(6):
                p = self.placement(tile_id, anchor, rotation, "open")
                if self.excavation_refusal(p, by, squads) is None:
                    out.append(p)
        return out

    def legal_collapses(self, tile_id: str, by: Hex, squads: Iterable[Hex] = ()) -> list[Placement]:
        """Every way the squad on ``by`` may lay ``tile_id`` black side up."""
        if self.tiles[tile_id].is_lair or self.tiles[tile_id].printed:
            return []
        squads = set(squads)
        out = []
        for anchor in sorted(neighbours(by)):
            for rotation in range(6):
                p = self.placement(tile_id, anchor, rotation, "collapse")
                if self.collapse_refusal(p, by, squads) is None:
                    out.append(p)
        return out

    def _lay(self, p: Placement) -> None:
        index = len(self.placements)
        self.placements.append(p)
        new = COLLAPSED if p.side == "collapse" else OPEN
        for h in p.spaces:
            self._set(h, new)
            self.top[h] = index
        for h in p.shell:
            self.shell[h] = index
            self.top[h] = index
        for h in p.spawn_pits:
            self.spawn_pits[h] = index
        if p.tile.is_lair:
            for h in p.spaces:
                self.interior[h] = index

    def _set(self, h: Hex, new: str) -> None:
        old = self.status.get(h, UNDUG)
        if old == new:
            return
        self.status[h] = new
        if new == OPEN:
            self.graph.add_node(h)
            self.graph.add_edges_from((h, n) for n in neighbours(h) if self.status.get(n) == OPEN)
        elif old == OPEN:
            self.graph.remove_node(h)

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict:
        return {"placements": [p.to_json() for p in self.placements], **({"evil": sorted(self.evil)} if self.evil else {})}

    @classmethod
    def from_json(cls, data, path: str = "ground", tiles: TileSet | None = None) -> "Ground":
        """Rebuild ground by replaying its placements, each checked by :meth:`refusal`.

        The first placement must be the Pit Room at the centre; any later one
        the rules forbid is refused with a FormatError naming it and the rule.
        """
        ground = cls(tiles)
        r = Reader(data, path).obj(allowed=("placements", "evil"))
        items = r["placements"].list(min_length=1, max_length=MAX_PLACEMENTS)
        evil = {x.int(1, len(items) - 1) for x in r.get("evil", []).list(max_length=MAX_PLACEMENTS)}
        for i, item in enumerate(items):
            item.obj(allowed=("tile", "at", "turn", "side"))
            tile_id = item["tile"].str(max_length=40)
            if tile_id not in ground.tiles:
                item["tile"].fail(f"no tile is called {tile_id!r}")
            anchor = read_hex(item["at"])
            rotation = item["turn"].int(0, 5)
            side = item.get("side", "open").str(choices=SIDES)
            if i == 0 and (tile_id != PIT_ROOM or anchor != ORIGIN or rotation != 0):
                item.fail("the first placement is the Pit Room at +0+0, turn 0 (rule ce-pit-room)")
            try:
                p = ground.placement(tile_id, anchor, rotation, side)
            except IllegalAction as exc:
                item.fail(f"{exc.reason} (rule {exc.rule})")
            refusal = ground.evil_refusal(p) if i in evil else ground.refusal(p)
            if refusal:
                item.fail(f"{refusal.reason} (rule {refusal.rule})")
            ground._lay(p)
            if i in evil:
                ground.evil.add(i)
                ground._uncover(p)
        return ground

    def copy(self) -> "Ground":
        clone = Ground(self.tiles)
        clone.status = dict(self.status)
        clone.placements = list(self.placements)
        clone.top = dict(self.top)
        clone.spawn_pits = dict(self.spawn_pits)
        clone.interior = dict(self.interior)
        clone.shell = dict(self.shell)
        clone.graph = self.graph.copy()
        clone.crystals = dict(self.crystals)
        clone.evil = set(self.evil)
        return clone

    def __eq__(self, other):
        return isinstance(other, Ground) and other.placements == self.placements and other.evil == self.evil

    __hash__ = None

    def __repr__(self):
        return f"<Ground: {len(self.placements)} tiles, {len(self.open_hexes())} open hexes>"


_MAP = frozenset(within(ORIGIN, MAP_RADIUS))


def load_ground(data, path: str = "ground") -> Ground:
    """:meth:`Ground.from_json`, also accepting a JSON string."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise FormatError(path, f"not JSON: {exc}") from None
    return Ground.from_json(data, path)
