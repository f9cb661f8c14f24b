"""Squad action D. Excavation / Collapse, and advanced action K. Flank Excavation (rules ce-dig-*,
ce-excavate-*, ce-collapse-*, ce-flank-excavation): declaring a dig, digging on (with helpers), the
card turned up, the tile laid, the step onto it, the spawn its card asks for; a dig dropped or
abandoned. The dig's own stages are :mod:`.excavation`'s; the collapse's death roll is
:func:`necro.cave_evil.death.collapse_roll`.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import bank as bk
from . import excavation as ex
from .basics import own_squads
from .ground import Refusal
from .hexes import Hex, parse_hex
from .movement import squad_id
from .tiles import a_an


def placements(state, dig):
    """The legal placements of the dig's tile, one per distinct result: a tile that looks the
    same turned (a Single) is offered at its least rotation only."""
    out, seen = [], set()
    for p in ex.placements(state.ground, state.squads, dig, state.deck.spec):
        key = _shape_key(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def canonical_place(state, anchor: Hex, rotation: int) -> int:
    """The least rotation that lays the finishing dig's tile exactly as ``rotation`` does."""
    dig = state.finishing()
    card = ex.tile_card(dig, state.deck.spec) if dig is not None else None
    if card is None:
        return rotation
    side = "open" if dig.mode == "excavate" else "collapse"
    key = _shape_key(state.ground.placement(card.tile, anchor, rotation, side))
    for r in range(rotation):
        if _shape_key(state.ground.placement(card.tile, anchor, r, side)) == key:
            return r
    return rotation


def helper_sets(state, dig) -> list[tuple[str, ...]]:
    """The sets of helpers the dig may go on with: none, or (flank excavation) any of the
    adjacent own squads that may help."""
    if ex.continue_refusal(state.ground, state.squads, dig, (), True, state.digs):
        return []
    out = [()]
    if not state.game.options["flank"]:
        return out
    helpers = [s.id for s in own_squads(state) if s.id != dig.squad and
               ex.continue_refusal(state.ground, state.squads, dig, (s.id,), True, state.digs) is None]
    for mask in range(1, 1 << len(helpers)):
        out.append(tuple(h for i, h in enumerate(helpers) if mask >> i & 1))
    return out


# ------------------------------------------------------------------ I. declare
def declare(state, kind, g, action) -> None:
    """``dig N`` / ``collapse N``: squad N declares a dig (rule ce-dig-declare); its card is drawn next."""
    sid = squad_id(state.turn, g[1])
    mode = "excavate" if g[0] == "dig" else "collapse"
    refusal = ex.declare_refusal(state.ground, state.squads, sid, mode, state.digs) or bk.rock_refusal(state, sid)
    if refusal:
        raise IllegalAction(action, refusal.rule, refusal.reason)
    state.pending = {"kind": "declare", "squad": sid, "mode": mode}
    state.note("ce-dig-declare", f"Squad {g[1]} declares {'an excavation' if mode == 'excavate' else 'a collapse'}.")


def draw(state, kind, g, action) -> None:
    """``face-down C`` / ``draw C``: the declared dig's card (face down, or turned up at once by an
    immediate excavator: rule ce-dig-immediate), or another card after an event (rule ce-dig-finish)."""
    if state.pending is not None:
        apply_declare(state, g[0])
    elif kind == "draw":
        dig = ex.redraw(state.finishing(), state.deck, g[0])
        state.digs[dig.squad] = dig
        note_reveal(state, dig)
    else:  # pragma: no cover - a face-down card is drawn only for a declared dig
        raise IllegalAction(action, "core-legal", "not an action")


def apply_declare(state, card_id: str) -> None:
    """The declared dig begins with its card (rules ce-dig-declare, ce-dig-immediate)."""
    pending, state.pending = state.pending, None
    sid = pending["squad"]
    card = state.squads[sid].card
    dig = ex.declare(state.ground, state.squads, sid, pending["mode"], state.deck, card_id, state.digs)
    state.digs[sid] = dig
    if dig.stage == "digging":
        state.note("ce-dig-declare", f"A card goes face down on squad {card}'s dig, with {dig.rocks} rocks.")
    else:
        state.note("ce-dig-immediate", f"Squad {card} digs through at once.")
        note_reveal(state, dig)


# ------------------------------------------------------------------ II. continue (K. flank excavation)
def dig_on(state, kind, g, action) -> None:
    """``continue N`` (``continue N with I``: advanced action K, Flank Excavation): squad N digs on
    (rules ce-dig-continue, ce-flank-excavation)."""
    sid = squad_id(state.turn, g[0])
    helpers = tuple(squad_id(state.turn, c) for c in (g[1].split(",") if g[1] else ()))
    dig = ex.continue_dig(state.ground, state.squads, state.digs[sid], state.deck, helpers,
                          state.game.options["flank"], state.digs)
    state.digs[sid] = dig
    extra = f" with {g[1]}" if g[1] else ""
    state.note("ce-flank-excavation" if helpers else "ce-dig-continue",
               f"Squad {g[0]} digs on{extra}: {dig.rocks} rock{'s' if dig.rocks != 1 else ''} left.")
    if dig.stage != "digging":
        note_reveal(state, dig)


# ------------------------------------------------------------------ III. finish
def note_reveal(state, dig) -> None:
    """The dig's card turned up: an event set aside (another is drawn), or the tile to lay."""
    if dig.stage == "draw":
        state.note("ce-dig-finish", f"The card is an event ({dig.events[-1]}): set aside; another is drawn.")
    elif dig.stage == "place":
        card = state.deck.spec[dig.card]
        state.note("ce-dig-finish", f"The card shows {a_an(state.ground.tiles[card.tile].name)}.")


def apply_place(state, anchor: Hex, rotation: int) -> None:
    """``place +4-1 r2``: the dig's tile laid, open or black side up (rules ce-excavate-start,
    ce-collapse-start), with what it brings: riders, a spawn (rule ce-spawn-excavation), a Protector
    (rule ce-protector-draw), squads caught in a collapse (rules ce-collapse-trapped, ce-collapse-death)."""
    dig = state.finishing()
    card = ex.tile_card(dig, state.deck.spec)
    side = "open" if dig.mode == "excavate" else "collapse"
    p = state.ground.placement(card.tile, anchor, rotation, side)
    dig, placed = ex.place(state.ground, state.squads, dig, p, state.deck)
    state.digs[dig.squad] = dig
    rule = "ce-excavate-start" if side == "open" else "ce-collapse-start"
    state.note(rule, f"The {p.tile.name} is laid {'tunnel' if side == 'open' else 'black'} side up: {p}.")
    if placed.riders:
        state.note("ce-dig-ride", f"On the new tile: squad{'s' if len(placed.riders) > 1 else ''} "
                                  f"{', '.join(placed.riders)}.")
    if placed.spawn is not None and state.full and placed.spawn.roll != "none":
        queue_dig_spawn(state, dig.squad, placed)
    elif placed.spawn is not None and placed.spawn.roll != "none":
        state.note("ce-dig-spawn", "The card asks for a spawn roll: the map-and-combat game leaves it out "
                                   "(the full game rolls it).")
    if placed.protector and state.protectors and placed.placement.spawn_pits:
        state.queue.insert(0, {"do": "protector", "at": str(placed.placement.spawn_pits[0])})
        state.note("ce-protector-draw", f"The {p.tile.name} has a guardian: a Protector card is drawn for its "
                                        "spawn pit, before the spawn rolls.")
    if placed.caught:
        state.note("ce-collapse-trapped", f"Caught in the collapse: {', '.join(placed.caught)}.")
        if state.game.options["collapse_death"]:
            state.pending = {"kind": "roll", "squads": list(placed.caught)}


def take_step(state, kind, g, action) -> None:
    """``step +4-1`` / ``stay``: the diggers step onto the new tile or stay (rule ce-dig-step)."""
    dig = state.finishing()
    to = parse_hex(g[0]) if kind == "step" else None
    state.digs[dig.squad] = ex.take_step(state.ground, state.squads, dig, to, state.deck)
    card = state.squads[dig.squad].card if dig.squad in state.squads else dig.squad
    state.note("ce-dig-step", f"Squad {card} steps onto {to}." if to else f"Squad {card} stays where it dug.")


def fails(state, dig) -> bool:
    """Whether the dig being finished fails now: no card left to draw, or its tile fits nowhere or is
    all on the map (rules ce-excavate-fails, ce-dig-no-tile)."""
    if dig.stage == "draw" and not ex.draw_outcomes(dig, state.deck):
        state.digs[dig.squad] = ex.fail(state.ground, state.squads, dig, state.deck)
        state.note("ce-excavate-fails", "No excavation card is left to draw: the dig fails.")
        return True
    if dig.stage == "place" and not placements(state, dig):
        tile = state.ground.tiles[ex.tile_card(dig, state.deck.spec).tile]
        state.digs[dig.squad] = ex.fail(state.ground, state.squads, dig, state.deck)
        if state.ground.used()[tile.id] >= tile.count:
            state.note("ce-dig-no-tile", f"Every {tile.name} is already on the map: the dig fails "
                                         "and the card is discarded.")
        else:
            state.note("ce-excavate-fails", f"The {tile.name} fits nowhere next to the diggers: the dig "
                                            "fails and the card is discarded.")
        return True
    return False


# ------------------------------------------------------------------ a dig ended otherwise
def drop_dig(state, sid: str, rule: str) -> None:
    """Squad ``sid``'s dig is dropped (its squad gone: rule ce-dig-leave); its events are set aside."""
    dig = state.digs.pop(sid)
    if dig.stage != "done":
        dig = ex.abandon(dig, state.deck)
    state.events.extend(dig.events)
    state.note(rule, f"Squad {sid}'s dig is abandoned.")


def drop_busy(state) -> None:
    """Digs whose squads took another action instead of digging on are dropped at once, their
    card and rocks discarded "immediately" (rule ce-dig-busy)."""
    for sid, dig in list(state.digs.items()):
        refusal = ex.abandoned(state.ground, state.squads, dig)
        if refusal and sid in state.squads and state.squads[sid].hex == dig.at:
            drop_dig(state, sid, refusal.rule)


def check_abandoned(state) -> None:
    """Digs whose squads have left them, or can no longer dig on, are abandoned (rule ce-dig-leave)."""
    for sid, dig in list(state.digs.items()):
        refusal = ex.abandoned(state.ground, state.squads, dig)
        if refusal:
            state.digs[sid] = ex.abandon(dig, state.deck)
            state.note(refusal.rule, f"Squad {sid}'s dig is abandoned: {refusal.reason}.")


def collect_done(state) -> None:
    """Finished digs are put away; the events their cards turned up wait for Phase 4."""
    for sid, dig in list(state.digs.items()):
        if dig.stage == "done":
            del state.digs[sid]
            state.events.extend(dig.events)


def queue_dig_spawn(state, sid: str, placed) -> None:
    """Rule ce-spawn-excavation: the card's spawn rolls, resources to the diggers, cards to the new
    tile's farthest spaces (a Shrine's or Temple's on its spawn pit)."""
    kind = placed.spawn.roll
    if placed.spawn.at == "spawn-pit" and placed.placement.spawn_pits:
        where = {"at": str(placed.placement.spawn_pits[0])}
    else:
        where = {"at": str(placed.far[0]), "far": [str(h) for h in placed.far]}
    steps = [{"do": "spawn", "roll": "excavation" if kind == "excavation" else kind, "digger": sid,
              "player": state.turn, **where} for _ in range(placed.spawn.times)]
    state.queue[0:0] = steps
    state.note("ce-spawn-excavation", f"The card asks for {placed.spawn.times} "
                                      f"{'Excavation' if kind == 'excavation' else kind.capitalize()} Spawn Roll"
                                      f"{'s' if placed.spawn.times > 1 else ''}.")


def _shape_key(p) -> tuple:
    """What a placement looks like on the map: two rotations with one key lay the same tile."""
    return frozenset(p.spaces), frozenset(p.spawn_pits), p.end, p.side


def explain_finishing(state, kind, g, dig) -> tuple[str, str]:
    """Why an action is refused while a dig is being finished (its tile laid, its step taken)."""
    if dig.stage == "place":
        if kind != "place":
            return "ce-dig-finish", "the dig's tile is to be laid now (place +q+r rN)"
        card = ex.tile_card(dig, state.deck.spec)
        p = state.ground.placement(card.tile, parse_hex(g[0]), int(g[1]),
                                   "open" if dig.mode == "excavate" else "collapse")
        refusal = ex.placement_refusal(state.ground, state.squads, dig, p, state.deck.spec)
        return (refusal.rule, refusal.reason) if refusal else ("ce-dig-finish", "not a legal placement")
    if dig.stage == "step":
        if kind != "step":
            return "ce-dig-step", "the diggers may step onto the new tile, or stay"
        refusal = ex.step_refusal(state.ground, state.squads, dig.squad, parse_hex(g[0]))
        if not dig.momentum:
            refusal = Refusal("ce-dig-immediate-step", "the squad used up its movement before digging")
        return (refusal.rule, refusal.reason) if refusal else ("ce-dig-step", "not a space of the new tile next to the squad")
    return "core-turn", "chance decides now"  # pragma: no cover
