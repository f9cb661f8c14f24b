"""Excavation and collapse: the three-part dig action, as small data and pure steps.

A squad with an excavator digs in three parts (rule ce-dig-declare and on):

1. **declare** (its action for the turn): excavate or collapse; the top
   Excavation card goes face down on the squad with three rocks on it;
2. **continue** (its action on each later turn): take off as many rocks as
   the squad's pick-axe speeds add up to (rule ce-dig-continue);
3. **finish**, as soon as no rock is left, in the same action: the card is
   flipped; an event is set aside for Phase 4 and another card drawn until
   one shows a tile (rule ce-dig-finish); the tile is laid next to the
   squad, tunnel side up into undug rock or black side up onto open ground
   (rules ce-excavate-start, ce-collapse-start), or the dig fails if it fits
   nowhere (rule ce-excavate-fails); after an excavation the squad may take
   one step onto the new ground (rule ce-dig-step).

A squad whose pick-axe speeds add up to 4 or more declares and finishes in
one go (rule ce-dig-immediate).

A dig in progress is a :class:`Dig`: frozen, JSON-able, one per digging
squad. Each function takes the pieces it needs (ground, squads, deck) and
either lists the legal choices for the next decision or applies one,
refusing an illegal one with :class:`~necro.core.IllegalAction` naming the
rule (nothing is changed then). Chance is explicit: every draw from the
Excavation Deck is a card id the caller got from
:meth:`~necro.cave_evil.deck.Deck.outcomes` (rolled or forced).

The stages of a dig, in :attr:`Dig.stage`:

- ``digging``: rocks remain; the squad must continue on its next turn;
- ``draw``: the flipped card was an event; a new card must be drawn;
- ``place``: a tile card is face up; the player picks a placement
  (:func:`placements`) or, if there is none, the dig fails (:func:`fail`);
- ``step``: an excavation's tile is down; the squad may step onto it;
- ``done``: finished, failed or abandoned; the card is in the discards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from necro.core import IllegalAction, Reader
from necro.core.rng import die

from .creatures import catalogue
from .deck import Card, Deck, DeckSpec, Spawn, deck_spec
from .ground import Ground, Refusal
from .hexes import Hex, distance, neighbours, read_hex
from .movement import Squads, engaged, step, step_refusal
from .tiles import SIDES, Placement, a_an

MODES = ("excavate", "collapse")
STAGES = ("digging", "draw", "place", "step", "done")
ROCKS = 3
"""Rocks put on a freshly declared dig (rule ce-dig-declare)."""
IMMEDIATE = 4
"""Pick-axe speed from which a squad digs in one action (rule ce-dig-immediate)."""


@dataclass(frozen=True)
class Dig:
    """One squad's dig in progress."""

    squad: str
    mode: str
    at: Hex                         # where the squad stood when it declared
    card: str | None                # the card on the dig (face down while digging)
    rocks: int = ROCKS
    stage: str = "digging"
    events: tuple[str, ...] = ()    # events flipped or drawn while finishing, for Phase 4
    worked: bool = True             # declared or continued this turn
    momentum: bool = True           # may step onto the new ground (rule ce-dig-immediate-step)
    placed: Placement | None = None

    def to_json(self) -> dict:
        data = {"squad": self.squad, "mode": self.mode, "at": str(self.at), "card": self.card,
                "rocks": self.rocks, "stage": self.stage, "events": list(self.events),
                "worked": self.worked, "momentum": self.momentum}
        if self.placed is not None:
            data["placed"] = self.placed.to_json()
        return data


def dig_from_json(data, path: str, ground: Ground, spec: DeckSpec | None = None) -> Dig:
    """A validated :class:`Dig` (its placement, if any, must be on the ground)."""
    spec = spec if spec is not None else deck_spec()
    r = Reader(data, path).obj(allowed=("squad", "mode", "at", "card", "rocks", "stage", "events",
                                        "worked", "momentum", "placed"))
    sid = r["squad"].str(max_length=40)
    mode = r["mode"].str(choices=MODES)
    at = read_hex(r["at"])
    card_r = r["card"].optional()
    card = card_r.str(choices=list(spec.cards)) if card_r else None
    rocks = r["rocks"].int(0, ROCKS)
    stage = r["stage"].str(choices=STAGES)
    events = tuple(e.str(choices=[c.id for c in spec if c.is_event]) for e in r["events"].list(max_length=50))
    worked = r["worked"].bool()
    momentum = r["momentum"].bool()
    if (stage == "digging") != (rocks > 0):
        r["rocks"].fail("rocks remain exactly while the dig is in its digging stage")
    if stage in ("digging", "place", "step") and card is None:
        r["card"].fail(f"a dig in its {stage} stage has a card")
    if card is not None and stage in ("place", "step") and spec[card].is_event:
        r["card"].fail("an event is set aside, never laid as a tile")
    if stage == "draw" and card is not None:
        r["card"].fail("a dig waiting for a new card has none")
    placed = None
    if r.has("placed"):
        p = r["placed"].obj(allowed=("tile", "at", "turn", "side"))
        tile_id = p["tile"].str(max_length=40)
        if tile_id not in ground.tiles:
            p["tile"].fail(f"no tile is called {tile_id!r}")
        placed = ground.placement(tile_id, read_hex(p["at"]), p["turn"].int(0, 5), p.get("side", "open").str(choices=SIDES))
        if placed not in ground.placements:
            p.fail("this placement is not on the ground")
    if (stage == "step") != (placed is not None):
        r.fail("a dig has a placement exactly when it is at its step")
    return Dig(sid, mode, at, card, rocks, stage, events, worked, momentum, placed)


def _refuse(what, refusal: Refusal | None):
    if refusal:
        raise IllegalAction(what, refusal.rule, refusal.reason)


# ------------------------------------------------------------------ declare
def declare_refusal(ground: Ground, squads: Squads, sid: str, mode: str = "excavate", digs=()) -> Refusal | None:
    """Why squad ``sid`` may not declare a dig (``mode`` excavate or collapse) now."""
    if mode not in MODES:
        return Refusal("ce-dig-declare", f"a dig is one of {', '.join(MODES)}")
    if sid not in squads:
        return Refusal("ce-dig-excavator", f"there is no squad {sid}")
    squad = squads[sid]
    if squad.wandering:
        return Refusal("ce-dig-excavator", "only a player's squads dig")
    if squad.pick <= 0:
        return Refusal("ce-dig-excavator", f"squad {sid} has no creature with a pick-axe")
    if sid in digs:
        return Refusal("ce-dig-busy", f"squad {sid} is already digging")
    if squad.acted:
        return Refusal("ce-one-action", f"squad {sid} has already taken its action this turn")
    if mode == "excavate" and not any(ground.is_diggable(n) for n in neighbours(squad.hex)):
        return Refusal("ce-dig-declare", f"no undug or collapsed hex touches squad {sid} at {squad.hex}")
    if mode == "collapse" and not any(ground.is_open(n) for n in neighbours(squad.hex)):
        return Refusal("ce-dig-declare-collapse", f"no open hex touches squad {sid} at {squad.hex} to bury")
    return None


def declare_options(ground: Ground, squads: Squads, sid: str, digs=()) -> list[str]:
    """The modes squad ``sid`` may declare now (excavate first: the default, rule ce-dig-declare)."""
    return [m for m in MODES if declare_refusal(ground, squads, sid, m, digs) is None]


def declare(ground: Ground, squads: Squads, sid: str, mode: str, deck: Deck, card: str, digs=()) -> Dig:
    """Squad ``sid`` declares a dig and draws ``card`` face down (the chance outcome of the
    draw); three rocks go on it, or none for an immediate excavator, whose dig goes straight
    on to finishing. The squad's action is spent and it may not move again this turn."""
    _refuse(f"dig {sid} {mode}", declare_refusal(ground, squads, sid, mode, digs))
    squad = squads[sid]
    drawn = deck.draw(card)
    immediate = squad_speed(squad) >= IMMEDIATE
    momentum = squad.left >= 1 if immediate else True
    for c in squad.creatures:
        c.acted = c.halted = True
    dig = Dig(sid, mode, squad.hex, drawn.id, 0 if immediate else ROCKS, "digging", (), True, momentum)
    return _reveal(dig, deck.spec) if immediate else dig


def _reveal(dig: Dig, spec: DeckSpec) -> Dig:
    """The rocks are gone: turn the card up; an event is set aside and a new card is needed."""
    card = spec[dig.card]
    if card.is_event:
        return replace(dig, card=None, rocks=0, stage="draw", events=dig.events + (card.id,))
    return replace(dig, rocks=0, stage="place")


# ----------------------------------------------------------------- continue
def squad_speed(squad) -> int:
    """A squad's excavation speed (rule ce-dig-excavator): its creatures' pick-axes and those of the
    items they carry (ruling ce-dig-item-pick: an item's pick-axe adds speed to a squad that digs,
    but makes no squad an excavator)."""
    items = catalogue().items
    return squad.pick + sum(items[i].pick for c in squad.creatures for i in c.items if i in items)


def speed(squads: Squads, dig: Dig, helpers=()) -> int:
    """Rocks this action removes: the digging squad's pick-axe speeds plus any flank helpers'."""
    return squad_speed(squads[dig.squad]) + sum(squad_speed(squads[h]) for h in helpers)


def continue_refusal(ground: Ground, squads: Squads, dig: Dig, helpers=(), flank: bool = False, digs=()) -> Refusal | None:
    """Why the dig may not be continued now (``helpers``: adjacent squads flank-digging,
    an advanced option: rule ce-flank-excavation)."""
    if dig.stage != "digging":
        return Refusal("ce-dig-continue", "this dig has no rocks left to remove")
    gone = abandoned(ground, squads, dig)
    if gone:
        return gone
    if dig.worked:
        return Refusal("ce-dig-continue", f"squad {dig.squad} has already dug this turn")
    squad = squads[dig.squad]
    if squad.acted:
        return Refusal("ce-merge-acted", f"squad {dig.squad} holds a creature that has already acted this turn")
    helpers = list(helpers)
    if helpers and not flank:
        return Refusal("ce-flank-excavation", "flank excavation is an advanced rule not in play")
    if len(set(helpers)) != len(helpers):
        return Refusal("ce-flank-excavation", "a squad helps only once")
    for h in helpers:
        if h not in squads or h == dig.squad:
            return Refusal("ce-flank-excavation", f"{h} is not another squad")
        helper = squads[h]
        if helper.owner != squad.owner:
            return Refusal("ce-flank-excavation", f"squad {h} is not the digger's own")
        if helper.hex not in neighbours(squad.hex):
            return Refusal("ce-flank-excavation", f"squad {h} is not next to the digging squad")
        if helper.pick <= 0:
            return Refusal("ce-flank-excavation", f"squad {h} has no pick-axe")
        if helper.acted or h in digs:
            return Refusal("ce-flank-excavation", f"squad {h} has already acted or is digging on its own")
    return None


def continue_dig(ground: Ground, squads: Squads, dig: Dig, deck: Deck, helpers=(), flank: bool = False, digs=()) -> Dig:
    """Remove as many rocks as the squad's (and helpers') pick-axe speeds add up to; with none
    left the card is flipped at once. The squad and its helpers have acted and stop moving."""
    _refuse(f"dig {dig.squad} continue", continue_refusal(ground, squads, dig, helpers, flank, digs))
    rocks = max(0, dig.rocks - speed(squads, dig, helpers))
    for sid in (dig.squad, *helpers):
        for c in squads[sid].creatures:
            c.acted = c.halted = True
    dig = replace(dig, rocks=rocks, worked=True)
    return _reveal(dig, deck.spec) if rocks == 0 else dig


def abandoned(ground: Ground, squads: Squads, dig: Dig) -> Refusal | None:
    """Why a dig in its digging stage has been abandoned (None if it still stands): the squad
    is gone, has moved off the hex it dug from, has taken another action instead of digging on
    (the card goes "immediately"), or has no digger left (rules ce-dig-busy, ce-dig-leave). The caller then calls :func:`abandon`."""
    if dig.stage != "digging":
        return None
    if dig.squad not in squads:
        return Refusal("ce-dig-leave", f"squad {dig.squad} is gone")
    squad = squads[dig.squad]
    if squad.hex != dig.at:
        return Refusal("ce-dig-busy", f"squad {dig.squad} moved away from its dig")
    if not dig.worked and squad.creatures and all(c.acted for c in squad.creatures):
        return Refusal("ce-dig-busy", f"squad {dig.squad} took another action instead of digging on")
    if squad.pick <= 0:
        return Refusal("ce-dig-leave", f"no creature with a pick-axe is left in squad {dig.squad}")
    return None


def abandon(dig: Dig, deck: Deck) -> Dig:
    """Give the dig up: its face-down card goes to the discards unseen (events drawn while
    finishing stay set aside). Used when the squad moves, acts otherwise, loses its last
    digger or lets a turn pass without digging (rules ce-dig-busy, ce-dig-leave, ce-dig-continue)."""
    if dig.stage == "done":
        raise IllegalAction(f"dig {dig.squad} abandon", "ce-dig-busy", "this dig is already over")
    if dig.card is not None:
        deck.put_in_discard(dig.card)
    return replace(dig, card=None, rocks=0, stage="done", placed=None)


def new_turn(dig: Dig) -> Dig:
    """The digging player's turn begins: the squad has not dug yet this turn."""
    return replace(dig, worked=False)


def end_turn(dig: Dig) -> Refusal | None:
    """At the end of the digging player's turn: why the dig lapses (not continued), or None."""
    if dig.stage == "digging" and not dig.worked:
        return Refusal("ce-dig-continue", f"squad {dig.squad} did not go on digging this turn")
    return None


# ------------------------------------------------------------------- finish
def draw_outcomes(dig: Dig, deck: Deck) -> list[tuple[str, Fraction]]:
    """The chance outcomes of the redraw a dig waits for (empty: nothing left, the dig fails)."""
    if dig.stage != "draw":
        return []
    return deck.outcomes()


def redraw(dig: Dig, deck: Deck, card: str) -> Dig:
    """Draw ``card`` (the chance outcome) after an event: another event is set aside too."""
    if dig.stage != "draw":
        raise IllegalAction(f"dig {dig.squad} draw {card}", "ce-dig-finish", "this dig is not waiting for a card")
    drawn = deck.draw(card)
    return _reveal(replace(dig, card=drawn.id), deck.spec)


def tile_card(dig: Dig, spec: DeckSpec | None = None) -> Card | None:
    spec = spec if spec is not None else deck_spec()
    return spec[dig.card] if dig.card is not None and dig.stage in ("place", "step") else None


def placement_refusal(ground: Ground, squads: Squads, dig: Dig, p: Placement, spec: DeckSpec | None = None) -> Refusal | None:
    """Why ``p`` may not finish this dig."""
    card = tile_card(dig, spec)
    if dig.stage != "place" or card is None:
        return Refusal("ce-dig-finish", "this dig has no tile to lay now")
    if p.tile.id != card.tile:
        return Refusal("ce-dig-finish", f"the card shows {a_an(ground.tiles[card.tile].name)}, not {a_an(p.tile.name)}")
    if ground.used()[card.tile] >= ground.tiles[card.tile].count:
        return Refusal("ce-dig-no-tile", f"every {ground.tiles[card.tile].name} is already on the map")
    if dig.mode == "excavate":
        return ground.excavation_refusal(p, dig.at, squads.player_hexes())
    return ground.collapse_refusal(p, dig.at, squads.player_hexes())


def placements(ground: Ground, squads: Squads, dig: Dig, spec: DeckSpec | None = None) -> list[Placement]:
    """Every legal way to lay the dig's tile (empty: the dig fails, rule ce-excavate-fails)."""
    card = tile_card(dig, spec)
    if dig.stage != "place" or card is None:
        return []
    if ground.used()[card.tile] >= ground.tiles[card.tile].count:
        return []
    if dig.mode == "excavate":
        return ground.legal_excavations(card.tile, dig.at, squads.player_hexes())
    return ground.legal_collapses(card.tile, dig.at, squads.player_hexes())


@dataclass(frozen=True)
class Placed:
    """What laying a dig's tile did, for the caller to carry on with.

    ``riders``: squads on hexes the tile covers (they stay where they are, on
    top of it: rule ce-dig-ride); ``caught``: for a collapse, the squads now
    trapped (each rolls a D12 under the optional rule ce-collapse-death);
    ``spawn``: the spawn roll the card asks for (None for a collapse, whose
    card text is ignored: rule ce-dig-spawn); ``far``: the new tile's spaces
    farthest from the diggers, where spawned cards go.
    """

    placement: Placement
    riders: tuple[str, ...]
    caught: tuple[str, ...]
    spawn: Spawn | None
    far: tuple[Hex, ...]
    protector: bool = False


def place(ground: Ground, squads: Squads, dig: Dig, p: Placement, deck: Deck) -> tuple[Dig, Placed]:
    """Lay the dig's tile as ``p``. An excavation then waits for the squad's optional step
    (:func:`step_options`); a collapse is done."""
    _refuse(f"dig {dig.squad} place {p}", placement_refusal(ground, squads, dig, p, deck.spec))
    card = deck.spec[dig.card]
    if dig.mode == "excavate":
        ground.excavate(p.tile.id, p.anchor, p.rotation, dig.at, squads.player_hexes())
    else:
        ground.collapse(p.tile.id, p.anchor, p.rotation, dig.at, squads.player_hexes())
    covered = set(p.spaces)
    riders = tuple(sorted(s.id for s in squads if s.hex in covered))
    caught = riders if dig.mode == "collapse" else ()
    spawn = card.spawn if dig.mode == "excavate" else None
    placed = Placed(p, riders, caught, spawn, farthest(ground, p, dig.at) if spawn else (),
                    card.protector and dig.mode == "excavate")
    dig = replace(dig, stage="step", placed=p)
    if dig.mode == "collapse" or not step_options(ground, squads, dig):
        dig = _done(dig, deck)
    return dig, placed


def farthest(ground: Ground, p: Placement, by: Hex) -> tuple[Hex, ...]:
    """The spaces of ``p`` farthest from ``by`` over open ground (rule ce-dig-spawn-far)."""
    far = ground.distances_from(by)
    best = {h: far.get(h, distance(by, h)) for h in p.spaces}
    top = max(best.values())
    return tuple(sorted(h for h, d in best.items() if d == top))


def fail(ground: Ground, squads: Squads, dig: Dig, deck: Deck) -> Dig:
    """The dig fails: its tile fits nowhere, or no card is left to draw (rule ce-excavate-fails).
    The card is discarded; the squad must start again."""
    if dig.stage == "place" and placements(ground, squads, dig, deck.spec):
        raise IllegalAction(f"dig {dig.squad} fail", "ce-excavate-fails", "the tile can still be laid")
    if dig.stage == "draw" and deck.outcomes():
        raise IllegalAction(f"dig {dig.squad} fail", "ce-dig-finish", "a card must be drawn first")
    if dig.stage not in ("place", "draw"):
        raise IllegalAction(f"dig {dig.squad} fail", "ce-excavate-fails", "this dig is not being finished")
    return _done(dig, deck)


def step_options(ground: Ground, squads: Squads, dig: Dig) -> list[Hex]:
    """Where the excavators may step: a space of the new tile next to them (rule ce-dig-step)."""
    if dig.stage != "step" or dig.mode != "excavate" or not dig.momentum or dig.squad not in squads:
        return []
    squad = squads[dig.squad]
    if engaged(ground, squads, squad):
        return []
    return [h for h in sorted(dig.placed.spaces)
            if h in neighbours(squad.hex) and step_refusal(ground, squads, dig.squad, h) is None]


def take_step(ground: Ground, squads: Squads, dig: Dig, to: Hex | None, deck: Deck) -> Dig:
    """Step onto ``to`` (or stay, with None); the dig is then done."""
    if dig.stage != "step":
        raise IllegalAction(f"dig {dig.squad} step", "ce-dig-step", "the squad has no step to take now")
    if to is not None:
        options = step_options(ground, squads, dig)
        if to not in options:
            refusal = step_refusal(ground, squads, dig.squad, to) if dig.squad in squads else None
            if refusal is None:
                refusal = Refusal("ce-dig-step", f"{to} is not a space of the new tile next to the squad")
            if not dig.momentum:
                refusal = Refusal("ce-dig-immediate-step", "the squad used up its movement before digging")
            _refuse(f"dig {dig.squad} step {to}", refusal)
        step(ground, squads, dig.squad, to)
    return _done(dig, deck)


def _done(dig: Dig, deck: Deck) -> Dig:
    if dig.card is not None:
        deck.put_in_discard(dig.card)
    return replace(dig, card=None, stage="done", placed=None)


# ------------------------------------------------------------- collapse death
def collapse_roll_outcomes() -> list[tuple[int, Fraction]]:
    """A D12 for each squad caught in a collapse (optional rule ce-collapse-death)."""
    return die(12)


def collapse_roll(squads: Squads, sid: str, roll: int):
    """Apply a caught squad's D12: on a 1 the whole squad dies and is taken off the map
    (returned, for the caller's death procedure); otherwise None."""
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 12:
        raise IllegalAction(f"roll {roll}", "ce-collapse-death", "a D12 shows 1 to 12")
    if sid not in squads:
        raise IllegalAction(f"roll {roll}", "ce-collapse-death", f"there is no squad {sid}")
    return squads.remove(sid) if roll == 1 else None
