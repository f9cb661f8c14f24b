"""Cave Evil's set-up placements: who lays which tile in what order, and where.

Before play the players build the cave round the Pit Room: each lays a Great
Hall and a Lair at its end, then a Tunnel and a Throneroom at its end (two of
each pair with two players, plus a neutral pair first with three). This
module is that part of the rules as pure functions over a
:class:`~necro.cave_evil.ground.Ground` and a small immutable record, the
:class:`SetupPlan`, so a game state can make every placement one decision:

- :func:`setup_steps` lists the steps for 2, 3 or 4 players once the first
  player is known (rule ce-setup-order); the first player is a chance step
  (:func:`first_player_outcomes`, rule ce-first-player);
- :func:`legal_placements` lists every legal way to lay the next step's tile,
  sorted by anchor hex and rotation; :func:`check_placement` says why one is
  refused (a :class:`~necro.cave_evil.ground.Refusal` naming the rule);
- :func:`place` lays a placement on the ground and returns the next plan;
- :func:`throneroom_numbers` numbers the four Thronerooms once all are laid;
- :func:`quick_setup` gives a ready-made legal layout (``quick_setup.json``).

Seats and directions (rule ce-seats): player ``i + 1`` sits clockwise of
player ``i``; with the map's north at the top, player 0 sits at its south
edge, then west, north and east. "Clockwise" on the map is the way a bearing
grows (north 0 degrees, east 90), seen from above.

Sizes of the choices (with the tiles of ``tiles.json``): a Hall or a Tunnel
starts on one of the 18 hexes round the Pit Room, turned one of 6 ways, so
108 candidates; a Lair whose opening touches the Hall's end has 78, a
Throneroom touching the Tunnel's end 114. Each Hall and Tunnel candidate also
looks one step ahead for room for its Lair or Throneroom (rule
ce-setup-room). In random games the lists hold 1-55 placements (up to about
150 when a Tunnel may start anywhere next to the cave, rule ce-setup-stuck)
and take a few milliseconds each.

When no placement obeys every rule, rule ce-setup-stuck relaxes them one
level at a time (:func:`stuck_level`, :func:`max_level`); the lists and
checks then follow the first level that leaves a choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from necro.core import IllegalAction, Reader, read_json_file

from .ground import OPEN, Ground, Refusal
from .hexes import ORIGIN, Hex, neighbours, parse_hex, rotate, to_xy, within
from .tiles import Placement, Tile

HERE = Path(__file__).resolve().parent
QUICK_FILE = HERE / "quick_setup.json"
QUICK_FORMAT = "cave-evil-quick-setup"

HALL, LAIR, TUNNEL, THRONEROOM = "great-hall", "lair", "tunnel", "throneroom"
FIRST = "first"
KINDS = (FIRST, HALL, LAIR, TUNNEL, THRONEROOM)
KIND_RULE = {FIRST: "ce-first-player", HALL: "ce-hall-start", LAIR: "ce-lair-at-hall",
             TUNNEL: "ce-tunnel-start", THRONEROOM: "ce-throneroom-at-tunnel"}

D12 = 12
EXTRAS = ("turns", "together")
CLEARANCES = ("gap", "no-overlap")
HALL_APART = {2: 6, 3: 3, 4: 3}
"""Least hex distance between the nearest spaces of two players' Great Halls (rule ce-hall-apart)."""

SEAT_BEARINGS = {2: (180.0, 0.0), 3: (180.0, 270.0, 0.0), 4: (180.0, 270.0, 0.0, 90.0)}
"""Where each player sits, as a compass bearing from the Pit (rule ce-seats)."""
EMPTY_SEAT = 90.0
"""With three players, the fourth seat (east) is empty (rule ce-setup-three)."""

# pairs of kinds that must keep apart (rule ce-setup-clear, applied both ways: ce-setup-both-ways)
_KEEP_CLEAR = {frozenset(k) for k in ((HALL, TUNNEL), (HALL, THRONEROOM), (LAIR, THRONEROOM),
                                      (TUNNEL, THRONEROOM), (THRONEROOM, THRONEROOM))}


def _clear_rule(new: str, old: str) -> str:
    """The rule that keeps a new piece of kind ``new`` clear of an earlier ``old``."""
    if new == TUNNEL and old == HALL:
        return "ce-tunnel-clear"
    if new == THRONEROOM:
        return "ce-throneroom-clear"
    return "ce-setup-both-ways"     # the text states it the other way round


def bearing(h: Hex, about: Hex = ORIGIN) -> float:
    """Compass bearing of ``h`` from ``about`` in degrees, clockwise from north (0 <= b < 360)."""
    x0, y0 = to_xy(about)
    x, y = to_xy(h)
    return math.degrees(math.atan2(x - x0, -(y - y0))) % 360.0


def _arc(a: float, b: float) -> float:
    """The smaller angle between two bearings."""
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


# ------------------------------------------------------------------ steps
@dataclass(frozen=True)
class SetupStep:
    """One step of set-up: the first-player roll, or one tile for one player to lay.

    ``player`` decides (None for the roll); ``owner`` is whose piece it is
    (None for the neutral pair of a three-player game); ``pair`` counts a
    player's Tunnel-Throneroom pairs (2 in a two-player game).
    """

    index: int
    kind: str
    player: int | None = None
    owner: int | None = None
    pair: int = 1

    @property
    def tile(self) -> str | None:
        return None if self.kind == FIRST else self.kind

    @property
    def rule(self) -> str:
        return KIND_RULE[self.kind]

    def __str__(self) -> str:
        if self.kind == FIRST:
            return "roll for the first player"
        whose = "the neutral" if self.owner is None else f"player {self.owner + 1}'s"
        extra = f" (pair {self.pair})" if self.pair > 1 else ""
        by = "" if self.owner == self.player else f", laid by player {self.player + 1}"
        return f"{whose} {self.kind.replace('-', ' ')}{extra}{by}"


def clockwise(players: int, start: int) -> list[int]:
    """The players in playing order (clockwise) from ``start``."""
    return [(start + k) % players for k in range(players)]


def setup_steps(players: int, first: int, extras: str = "turns") -> tuple[SetupStep, ...]:
    """Every step of set-up in order, for ``players`` players once ``first`` is known
    (rules ce-setup-order, ce-setup-two, ce-setup-three)."""
    if players not in HALL_APART:
        raise ValueError("Cave Evil's set-up is for 2-4 players")
    if not 0 <= first < players:
        raise ValueError(f"the first player is 0-{players - 1}")
    if extras not in EXTRAS:
        raise ValueError(f"extras is one of {EXTRAS}")
    last = (first - 1) % players
    raw: list[tuple] = [(FIRST, None, None, 1)]
    if players == 3:
        raw += [(TUNNEL, last, None, 1), (THRONEROOM, last, None, 1)]
    for p in clockwise(players, first):
        raw += [(HALL, p, p, 1), (LAIR, p, p, 1)]
    back = [(last - k) % players for k in range(players)]       # counter-clockwise from the last
    pairs = 2 if players == 2 else 1
    if extras == "turns":
        for k in range(1, pairs + 1):
            raw += [x for p in back for x in ((TUNNEL, p, p, k), (THRONEROOM, p, p, k))]
    else:
        raw += [x for p in back for k in range(1, pairs + 1) for x in ((TUNNEL, p, p, k), (THRONEROOM, p, p, k))]
    return tuple(SetupStep(i, kind, player, owner, pair) for i, (kind, player, owner, pair) in enumerate(raw))


def first_player_outcomes(players: int) -> list[tuple[int, Fraction]]:
    """The first player as a chance outcome: every player equally likely (rule ce-first-player).

    Highest D12 wins and ties roll again, so by symmetry each player is first
    with probability 1/n; a state may draw the first player directly, or
    roll the dice with :func:`first_player_from_rolls`.
    """
    return [(p, Fraction(1, players)) for p in range(players)]


def first_player_from_rolls(rolls: dict[int, int] | list[int]) -> int | list[int]:
    """Who goes first given one D12 per player: the winner, or the tied players who roll again."""
    rolls = dict(enumerate(rolls)) if isinstance(rolls, list) else dict(rolls)
    if not rolls or any(not 1 <= v <= D12 for v in rolls.values()):
        raise ValueError("each roll is a D12: 1-12")
    best = max(rolls.values())
    top = sorted(p for p, v in rolls.items() if v == best)
    return top[0] if len(top) == 1 else top


# ------------------------------------------------------------------ the plan
@dataclass(frozen=True)
class Laid:
    """A set-up piece on the ground: its step and its placement."""

    step: SetupStep
    placement: Placement

    @property
    def kind(self) -> str:
        return self.step.kind

    @property
    def owner(self) -> int | None:
        return self.step.owner

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """What keeps apart from other pieces: the spaces (and a Lair's shell)."""
        return self.placement.covers


@dataclass(frozen=True)
class SetupPlan:
    """Where set-up stands: players, rulings chosen, first player and the pieces laid.

    Immutable: :meth:`with_first` and :func:`place` return new plans.
    ``clearance`` is how far apart pieces that must be "one hex away" keep
    (rule ce-setup-clear: ``gap``, a hex of rock between them; ``no-overlap``,
    touching allowed). ``extras`` orders a two-player game's second pairs
    (rule ce-setup-two).
    """

    players: int
    first: int | None = None
    clearance: str = "no-overlap"
    extras: str = "turns"
    laid: tuple[Laid, ...] = ()
    steps: tuple[SetupStep, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        if isinstance(self.players, bool) or self.players not in HALL_APART:
            raise ValueError("Cave Evil is for 2-4 players")
        if self.clearance not in CLEARANCES:
            raise ValueError(f"clearance is one of {CLEARANCES}")
        if self.extras not in EXTRAS:
            raise ValueError(f"extras is one of {EXTRAS}")
        steps = ((SetupStep(0, FIRST),) if self.first is None
                 else setup_steps(self.players, self.first, self.extras))
        object.__setattr__(self, "steps", steps)
        if self.laid and self.first is None:
            raise ValueError("no tile is laid before the first player is known")

    # ---------------------------------------------------------- queries
    @property
    def hall_apart(self) -> int:
        return HALL_APART[self.players]

    @property
    def gap(self) -> int:
        """Least distance between the nearest hexes of pieces that keep clear (2 or 1)."""
        return 2 if self.clearance == "gap" else 1

    @property
    def last(self) -> int | None:
        return None if self.first is None else (self.first - 1) % self.players

    def next_step(self) -> SetupStep | None:
        """The step to take now, or None once set-up is complete."""
        if self.first is None:
            return self.steps[0]
        i = 1 + len(self.laid)
        return self.steps[i] if i < len(self.steps) else None

    @property
    def complete(self) -> bool:
        return self.next_step() is None

    def pieces(self, kind: str | None = None, owner: int | None | str = "any") -> list[Laid]:
        return [x for x in self.laid if (kind is None or x.kind == kind) and (owner == "any" or x.owner == owner)]

    def partner(self, step: SetupStep) -> Laid | None:
        """The piece a Lair or Throneroom is laid at the end of: the step just before it."""
        if step.kind not in (LAIR, THRONEROOM) or step.index < 2:
            return None
        i = step.index - 2          # laid[k] is step k + 1
        return self.laid[i] if 0 <= i < len(self.laid) else None

    def with_first(self, first: int) -> "SetupPlan":
        if self.first is not None:
            raise IllegalAction(f"first {first + 1}", "ce-setup-order", "the first player is already known")
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.players:
            raise IllegalAction(f"first {first}", "ce-first-player", f"the first player is one of 1-{self.players}")
        return replace(self, first=first)

    # -------------------------------------------------------------- JSON
    def to_json(self) -> dict:
        return {"players": self.players, "first": self.first, "clearance": self.clearance,
                "extras": self.extras, "laid": [x.placement.to_json() for x in self.laid]}


def new_plan(players: int, clearance: str = "no-overlap", extras: str = "turns") -> SetupPlan:
    return SetupPlan(players, None, clearance, extras)


# ------------------------------------------------------------ the checks
class _Context:
    """What a step's checks need, worked out once per (ground, plan, step)."""

    def __init__(self, ground: Ground, plan: SetupPlan, step: SetupStep, level: int = 0):
        self.ground, self.plan, self.step, self.level = ground, plan, step, level
        self.covered = set(ground.top) | set(ground.status)     # any hex a tile lies on
        self.room = set(ground.pit_room.spaces)
        self.room_edge = {n for h in self.room for n in neighbours(h)} - self.room
        self.apart = max(1, plan.hall_apart - level) if step.kind == HALL else plan.hall_apart
        self.gap = 1 if level > _base_level(step, plan) else plan.gap
        if step.kind == TUNNEL and level:
            # rule ce-setup-stuck: a Tunnel with nowhere to go may start next to any open space
            cave = ground.open_hexes() - set(ground.interior)
            self.starts = {n for h in cave for n in neighbours(h)} - cave
        else:
            self.starts = self.room_edge
        self.partner = plan.partner(step)
        # hexes too near earlier pieces, per rule, for this step's kind (and its follower's)
        self.zones = {kind: self._zones(kind) for kind in (step.kind, _FOLLOWER.get(step.kind))
                      if kind}

    def _zones(self, kind: str) -> list[tuple[str, str, set[Hex], Laid]]:
        """(rule, reason, hexes, piece): where a new piece of ``kind`` may not lie."""
        plan, out = self.plan, []
        for x in plan.laid:
            if kind == HALL and x.kind == HALL:
                if x.owner == self.step.owner:
                    continue
                reach = self.apart - 1
                rule, why = "ce-hall-apart", f"within {reach} of player {x.owner + 1}'s Great Hall"
            elif frozenset((kind, x.kind)) in _KEEP_CLEAR:
                reach = self.gap - 1
                rule = _clear_rule(kind, x.kind)
                why = f"{'touching' if reach else 'under'} the {x.kind.replace('-', ' ')} {x.placement}"
            else:
                continue
            zone = {n for h in x.hexes for n in within(h, reach)} if reach > 0 else set(x.hexes)
            out.append((rule, why, zone, x))
        return out

    # one step of look-ahead: is there a legal follower at the end of this piece?
    def follower_fits(self, p) -> bool:
        kind = _FOLLOWER.get(p.tile.id)
        if kind is None:
            return True
        tile = self.ground.tiles[kind]
        extra = set(p.covers)
        for anchor, r in _candidates(tile, kind, p):
            if self.free(tile, anchor, r, extra) and self.check_piece(_Cand(tile, anchor, r), kind, p, extra) is None:
                return True
        return False

    def free(self, tile: Tile, anchor: Hex, r: int, extra=frozenset()) -> bool:
        """Quick test: every hex the tile would cover is undug and untouched (rule ce-setup-undug)."""
        covered = self.covered
        spaces, shell = _turned(tile, r)[:2]
        for offs in (spaces, shell):
            for o in offs:
                h = Hex(anchor.q + o.q, anchor.r + o.r)
                if h in covered or h in extra:
                    return False
        return True

    def check_piece(self, p: Placement, kind: str, partner: Placement | None,
                    extra: set[Hex] = frozenset()) -> Refusal | None:
        """The kind's own rules (the tile and side are already right)."""
        if kind in (HALL, TUNNEL):
            first = p.spaces[0]
            if first not in self.starts and first not in self.covered:
                rule = "ce-hall-start" if kind == HALL else "ce-tunnel-start"
                where = "the cave" if self.level and kind == TUNNEL else "the Pit Room"
                return Refusal(rule, f"its first space {first} is not next to {where}")
            if kind == HALL:
                touched = {n for h in p.spaces for n in neighbours(h) if n in self.room}
                if len(touched) > 2:
                    return Refusal("ce-hall-start", f"it touches {len(touched)} hexes of the Pit Room, more than two")
            if kind == TUNNEL and self.step.owner is None and self.step.kind == TUNNEL:
                b = bearing(p.end)
                if _arc(b, EMPTY_SEAT) >= 45.0:
                    return Refusal("ce-setup-three", f"its end {p.end} lies at bearing {b:.0f}, not in the "
                                                     f"quarter of the empty seat (east, 45-135 degrees)")
        else:
            end = partner.end
            if kind == LAIR:
                if not any(n in p.opening for n in neighbours(end)):
                    return Refusal("ce-lair-at-hall", f"its opening does not touch the hall's end {end}")
                touching = [n for n in neighbours(end) if n in p.spaces]
                if len(touching) > 2:
                    return Refusal("ce-lair-at-hall", f"{len(touching)} of its spaces touch the hall's end, more than two")
            else:
                if not any(n in p.spaces for n in neighbours(end)):
                    return Refusal("ce-throneroom-at-tunnel", f"it does not touch the tunnel's end {end}")
                near = {h for h in partner.spaces if any(n in p.spaces for n in neighbours(h))}
                if len(near) > 2:
                    return Refusal("ce-throneroom-at-tunnel",
                                   f"it touches {len(near)} spaces of its tunnel, more than two")
        zones = self.zones.get(kind)
        if zones is None:
            zones = self.zones[kind] = self._zones(kind)
        for rule, why, zone, x in zones:
            if kind == THRONEROOM and x.placement == partner:
                continue
            for h in p.covers:
                if h in zone:
                    return Refusal(rule, f"{h} is {why}")
        for h in p.covers:
            if h in self.covered or h in extra:
                return Refusal("ce-setup-undug", f"{h} is not undug rock: set-up tiles never overlap")
        return None


_FOLLOWER = {HALL: LAIR, TUNNEL: THRONEROOM}


class _Cand:
    """A candidate placement as bare hexes (cheaper than a Placement while searching)."""

    __slots__ = ("tile", "anchor", "rotation", "spaces", "covers", "opening", "end")

    def __init__(self, tile: Tile, anchor: Hex, rotation: int):
        spaces, shell, opening, end = _turned(tile, rotation)
        self.tile, self.anchor, self.rotation = tile, anchor, rotation
        self.spaces = tuple(anchor + o for o in spaces)
        self.covers = self.spaces + tuple(anchor + o for o in shell)
        self.opening = tuple(anchor + o for o in opening)
        self.end = None if end is None else anchor + end

    def placement(self) -> Placement:
        return self.tile.placement(self.anchor, self.rotation)


_TURNED: dict = {}


def _turned(tile: Tile, r: int) -> tuple:
    """The tile's spaces, shell, opening and end, turned ``r`` steps (offsets from the anchor)."""
    key = (id(tile), r)
    found = _TURNED.get(key)
    if found is None or found[0] is not tile:
        turn = lambda hexes: tuple(rotate(o, r) for o in hexes)  # noqa: E731
        lair = tile.lair
        found = _TURNED[key] = (tile, turn(tile.spaces), turn(lair.shell) if lair else (),
                                turn(lair.opening) if lair else (),
                                None if tile.end is None else rotate(tile.end, r))
    return found[1:]


def _candidates(tile: Tile, kind: str, partner, room_edge: set[Hex] | None = None) -> list[tuple[Hex, int]]:
    """Every (anchor, rotation) that could meet the kind's contact rule, sorted by anchor, rotation:
    Halls and Tunnels start next to the Pit Room, a Lair's opening or a Throneroom's space
    touches its partner's end."""
    if kind in (HALL, TUNNEL):
        return sorted((a, r) for a in room_edge for r in range(6))
    end = partner.end
    return [(Hex(end.q + a.q, end.r + a.r), r) for a, r in _around_end(tile, kind)]


_AROUND: dict = {}


def _around_end(tile: Tile, kind: str) -> list[tuple[Hex, int]]:
    """The candidates of :func:`_candidates` for an end at +0+0 (translation keeps the order)."""
    key = (id(tile), kind)
    found = _AROUND.get(key)
    if found is None or found[0] is not tile:
        which = 2 if kind == LAIR else 0
        pairs = {(t - o, r) for r in range(6) for t in neighbours(ORIGIN) for o in _turned(tile, r)[which]}
        found = _AROUND[key] = (tile, sorted(pairs))
    return found[1]


def _base_level(step: SetupStep, plan: SetupPlan) -> int:
    if step.kind == HALL:
        return plan.hall_apart - 1
    return 1 if step.kind == TUNNEL and step.owner is not None else 0


def max_level(step: SetupStep, plan: SetupPlan) -> int:
    """How far rule ce-setup-stuck may relax ``step``, one level at a time: a Hall's spacing
    comes down by one hex per level (to 1), a player's Tunnel may start next to any open
    space of the cave; last, with clearance ``gap``, pieces need only not overlap."""
    return _base_level(step, plan) + (1 if plan.clearance == "gap" else 0)


def _legal_at(ground: Ground, plan: SetupPlan, step: SetupStep, level: int) -> Iterator[Placement]:
    """The legal placements at one level of rule ce-setup-stuck, in order, found lazily."""
    ctx = _Context(ground, plan, step, level)
    tile = ground.tiles[step.kind]
    partner = ctx.partner.placement if ctx.partner else None
    for anchor, r in _candidates(tile, step.kind, partner, ctx.starts):
        if not ctx.free(tile, anchor, r):
            continue
        c = _Cand(tile, anchor, r)
        if ctx.check_piece(c, step.kind, partner) is None and ctx.follower_fits(c):
            p = c.placement()
            if ground.refusal(p) is None:
                yield p


def _check_at(ground: Ground, plan: SetupPlan, step: SetupStep, p: Placement, level: int) -> Refusal | None:
    ctx = _Context(ground, plan, step, level)
    partner = ctx.partner.placement if ctx.partner else None
    refusal = ctx.check_piece(p, step.kind, partner)
    if refusal:
        return refusal
    if not ctx.follower_fits(p):
        return Refusal("ce-setup-room", f"no {_FOLLOWER[step.kind].replace('-', ' ')} could then be laid at its end")
    return None


def _check_step(plan: SetupPlan, step: SetupStep | None) -> tuple[SetupStep | None, Refusal | None]:
    step = plan.next_step() if step is None else step
    if step is None:
        return None, Refusal("ce-setup-order", "set-up is complete")
    if step.kind == FIRST:
        return step, Refusal("ce-setup-order", "the first player is rolled for before any tile is laid")
    if step != plan.next_step():
        return step, Refusal("ce-setup-order", f"the step now is {plan.next_step()}, not {step}")
    return step, None


def check_placement(ground: Ground, plan: SetupPlan, p: Placement, step: SetupStep | None = None) -> Refusal | None:
    """Why ``p`` may not be laid at ``step`` (the plan's next step by default); None if it may."""
    step, refusal = _check_step(plan, step)
    if refusal:
        return refusal
    if not isinstance(p, Placement):
        return Refusal("ce-setup-tile", "not a tile placement")
    if p.tile.id != step.kind:
        return Refusal("ce-setup-tile", f"this step lays a {step.kind.replace('-', ' ')}, not a {p.tile.name}")
    if p.side != "open":
        return Refusal("ce-setup-tile", "set-up tiles are laid tunnel side up")
    refusal = ground.refusal(p)
    if refusal:
        return refusal
    strict = _check_at(ground, plan, step, p, 0)
    if strict is None:
        return None
    level = stuck_level(ground, plan, step)
    if level <= 0:
        return strict
    return _check_at(ground, plan, step, p, level)


def stuck_level(ground: Ground, plan: SetupPlan, step: SetupStep | None = None) -> int:
    """0 if the step has a legal placement under the full rules; else the least relaxation of
    rule ce-setup-stuck that gives one (-1 if even the last gives none)."""
    step, refusal = _check_step(plan, step)
    if refusal:
        return 0
    for level in range(max_level(step, plan) + 1):
        if next(_legal_at(ground, plan, step, level), None) is not None:
            return level
    return -1


def legal_placements(ground: Ground, plan: SetupPlan, step: SetupStep | None = None) -> list[Placement]:
    """Every legal placement for ``step`` (the next step by default), sorted by anchor and rotation.

    If the full rules leave none, the relaxations of rule ce-setup-stuck apply in turn.
    """
    step, refusal = _check_step(plan, step)
    if refusal:
        return []
    for level in range(max_level(step, plan) + 1):
        out = list(_legal_at(ground, plan, step, level))
        if out:
            return out
    return []


def place(ground: Ground, plan: SetupPlan, p: Placement) -> SetupPlan:
    """Lay ``p`` as the next step (checked) and return the plan after it; IllegalAction names the rule."""
    refusal = check_placement(ground, plan, p)
    if refusal:
        raise IllegalAction(str(p), refusal.rule, refusal.reason)
    ground.place(p)
    return replace(plan, laid=plan.laid + (Laid(plan.next_step(), p),))


# --------------------------------------------------------- throneroom numbers
def centre(p: Placement) -> tuple[float, float]:
    pts = [to_xy(h) for h in p.spaces]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def _bearing_xy(x: float, y: float) -> float:
    return math.degrees(math.atan2(x, -y)) % 360.0


def throneroom_numbers(plan: SetupPlan) -> dict[int, Placement]:
    """Thronerooms 1-4 (rule ce-throneroom-numbers): 1 is the one whose middle lies in the
    bearing nearest the first player's seat, then clockwise round the Pit."""
    if plan.first is None:
        raise ValueError("the first player is not known yet")
    seat = SEAT_BEARINGS[plan.players][plan.first]
    rooms = [x.placement for x in plan.pieces(THRONEROOM)]
    if not rooms:
        return {}
    bearings = {i: _bearing_xy(*centre(p)) for i, p in enumerate(rooms)}
    # nearest by angle; a tie goes to the one clockwise of the seat
    one = min(bearings, key=lambda i: (_arc(bearings[i], seat), (bearings[i] - seat) % 360.0, i))
    start = bearings[one]
    order = sorted(bearings, key=lambda i: ((bearings[i] - start) % 360.0, i))
    return {n + 1: rooms[i] for n, i in enumerate(order)}


# ---------------------------------------------------------------- replay
def replay(players: int, first: int, placements: Iterable[Placement | dict], clearance: str = "no-overlap",
           extras: str = "turns", ground: Ground | None = None) -> tuple[Ground, SetupPlan]:
    """Lay ``placements`` step by step from the start, each checked (IllegalAction if one is refused)."""
    ground = Ground.new() if ground is None else ground
    plan = new_plan(players, clearance, extras).with_first(first)
    for item in placements:
        p = item if isinstance(item, Placement) else _placement_from_json(ground, item)
        plan = place(ground, plan, p)
    return ground, plan


def _placement_from_json(ground: Ground, data) -> Placement:
    return ground.placement(data["tile"], parse_hex(data["at"]), int(data["turn"]), data.get("side", "open"))


def plan_from_json(data, ground: Ground, path: str = "setup", check: bool = True) -> SetupPlan:
    """A plan rebuilt from :meth:`SetupPlan.to_json`, its pieces matched against ``ground``
    (which must hold them, after the Pit Room, in the same order).

    With ``check`` (the default) every piece is replayed through
    :func:`check_placement`, about a tenth of a second for a whole set-up;
    ``check=False`` only matches each piece to its step and to the ground, for
    positions this engine wrote itself (undo snapshots, copies).
    """
    r = Reader(data, path).obj(allowed=("players", "first", "clearance", "extras", "laid"))
    players = r["players"].int(2, 4)
    first = r["first"].optional()
    first = None if first is None else first.int(0, players - 1)
    plan = new_plan(players, r.get("clearance", "no-overlap").str(choices=CLEARANCES),
                    r.get("extras", "turns").str(choices=EXTRAS))
    if first is not None:
        plan = plan.with_first(first)
    items = r["laid"].list(max_length=max(1, len(plan.steps) - 1))
    if items and first is None:
        r["laid"].fail("no tile is laid before the first player is known")
    replayed = Ground.new(ground.tiles) if check else None
    for i, item in enumerate(items):
        item.obj(allowed=("tile", "at", "turn", "side"))
        try:
            p = _placement_from_json(ground, item.value)
        except (KeyError, ValueError, TypeError) as exc:
            item.fail(f"not a placement: {exc}")
        if check:
            refusal = check_placement(replayed, plan, p)
            if refusal:
                item.fail(f"{refusal.reason} (rule {refusal.rule})")
            plan = place(replayed, plan, p)
        else:
            step = plan.next_step()
            if p.tile.id != step.kind or p.side != "open":
                item.fail(f"step {step.index} lays a {step.kind}, tunnel side up (rule ce-setup-tile)")
            plan = replace(plan, laid=plan.laid + (Laid(step, p),))
        if i + 1 >= len(ground.placements) or ground.placements[i + 1] != p:
            item.fail("the ground does not hold this piece at this place in its order")
    return plan


# ------------------------------------------------------------- quick set-up
@lru_cache(maxsize=1)
def _quick_data() -> dict:
    data = read_json_file(QUICK_FILE)
    r = Reader(data, QUICK_FILE.stem).obj(allowed=("format", "version", "about", "layouts"))
    r["format"].str(choices=[QUICK_FORMAT])
    r["version"].int(1, 1)
    layouts = r["layouts"].obj(allowed=("2", "3", "4"))
    out = {}
    for key in ("2", "3", "4"):
        lay = layouts[key].obj(allowed=("neutral", "seats"))
        seats = [[x.obj(allowed=("tile", "at", "turn", "side")).value for x in s.list()]
                 for s in lay["seats"].list(length=int(key))]
        neutral = [x.value for x in lay.get("neutral", []).list(max_length=2)]
        out[int(key)] = {"neutral": neutral, "seats": seats}
    return out


def quick_setup(players: int, first: int, extras: str = "turns") -> list[Placement]:
    """A ready-made layout (rule ce-quick-setup) as placements in step order for this first player.

    The layout is stored by seat, so it is the same cave whoever rolls
    highest; only the order of laying changes.
    """
    layout = _quick_data()[players]
    tiles = Ground.new().tiles
    steps = setup_steps(players, first, extras)
    taken = {p: 0 for p in range(players)}
    neutral = 0
    out = []
    for step in steps[1:]:
        if step.owner is None:
            item = layout["neutral"][neutral]
            neutral += 1
        else:
            item = layout["seats"][step.owner][taken[step.owner]]
            taken[step.owner] += 1
        out.append(tiles[item["tile"]].placement(parse_hex(item["at"]), item["turn"], item.get("side", "open")))
    return out


def by_seat(plan: SetupPlan) -> dict:
    """A complete plan's pieces stored by seat, as ``quick_setup.json`` holds them."""
    seats = [[] for _ in range(plan.players)]
    neutral = []
    for x in plan.laid:
        (neutral if x.owner is None else seats[x.owner]).append(x.placement.to_json())
    return {"neutral": neutral, "seats": seats}


def open_all_reachable(ground: Ground) -> bool:
    """Whether every open hex is joined to the Pit over open ground (set-up keeps it so)."""
    return ground.reachable(ground.pit()) == {h for h, s in ground.status.items() if s == OPEN}
