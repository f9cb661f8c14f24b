"""What the players see: notation masked (face-down cards, the Awakening Evil, other hands), a
player's view of the position with its secrets hidden, the board's decorations (the map, reach,
the fight) and the hints an action gives the board.
"""

from __future__ import annotations

from collections import Counter

from necro.core import NotationError

from . import bombs as bm
from . import conjuration as cj
from . import excavation as ex
from . import fights as fx
from . import turn as tn
from .basics import WORDS
from .board import card_faces, full_view
from .ground import MAP_RADIUS
from .loot import large_hexes
from .hexes import parse_hex
from .movement import destinations, reachable, squad_id
from .notation import parse
from .sight import sight_table


def mask_notation(state, notation: str, player: int, viewer: int) -> str:
    """The card a dig draws face down stays hidden from everyone, its digger too; a card dealt
    to a player's hand (or drawn to conjure) from everyone else, unless it is an event (laid face
    up); the Awakening Evil from everyone until it is revealed (then the log says which)."""
    if notation.startswith("face-down "):
        return "face-down ?"
    if notation.startswith("evil "):
        return "evil ?"
    if notation.startswith("deal "):
        _, who, deck, card = notation.split()
        if int(who) - 1 != viewer and not cj.conjuration_spec().is_event(card):
            return f"deal {who} {deck} ?"
    return notation


def describe_action(state, action) -> dict:
    """What the board shows for an action: the hexes, tile, target or card it concerns (display
    only)."""
    try:
        kind, g = parse(action)
    except NotationError:
        return {}
    if state.queue:
        return tn.hint(state, action)
    if kind == "invoke":
        n = state.squads.by_id.get(squad_id(state.turn, g[3] or "N"))
        to = g[2] if g[2] else (str(state.squads[squad_id(state.turn, g[1])].hex)
                                if squad_id(state.turn, g[1]) in state.squads else None)
        return {"to": to, "card": g[0], "from": str(n.hex) if n else None} if to else {"card": g[0]}
    if kind == "setup":
        p = state.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
        hint = {"tile": p.tile.id, "hexes": [str(h) for h in p.covers]}
        if p.shell:  # a Lair's shell stays rock: the board draws it apart from the spaces
            hint["shell"], hint["crystal"] = [str(h) for h in p.shell], str(p.crystal)
        if p.spawn_pits:
            hint["pits"] = [str(h) for h in p.spawn_pits]
        return hint
    if kind == "place":
        dig = state.finishing()
        card = ex.tile_card(dig, state.deck.spec) if dig else None
        if card is not None:
            p = state.ground.placement(card.tile, parse_hex(g[0]), int(g[1]),
                                       "open" if dig.mode == "excavate" else "collapse")
            hint = {"tile": p.tile.id, "side": p.side, "hexes": [str(h) for h in p.spaces]}
            if p.spawn_pits:
                hint["pits"] = [str(h) for h in p.spawn_pits]
            return hint
    if kind == "move-to" and g[2]:
        return {"to": g[1], "via": g[2]}
    if kind in ("move-to", "break-to", "step"):
        return {"to": g[1] if kind == "move-to" else g[-1]}
    if kind == "abandon" and g[1]:  # a creature walking away (advanced rule 5)
        return {"to": g[1], "creature": g[0]}
    if kind == "hire" and g[2] and g[1] in state.squads:
        return {"squads": [squad_id(state.turn, g[0])], "target": g[1], "to": g[3], "creature": g[2]}
    if kind in ("hire", "subdue") and g[1] in state.squads:
        hint = {"squads": [squad_id(state.turn, c) for c in g[0].split(",")], "target": g[1],
                "to": str(state.squads[g[1]].hex)}
        if kind == "subdue" and g[2]:
            hint["shot"] = True
        return hint
    if kind == "bathe" and g[0] in state.squads:  # the Statue's eyes strike from The Pit
        return {"squads": [squad_id(state.turn, "N")], "target": g[0], "to": str(state.squads[g[0]].hex), "shot": True}
    if kind in ("fight", "shoot", "fight-apart"):
        where = state.squads[g[1]].hex if g[1] in state.squads else (
            state.crystals().get(fx.crystal_owner(g[1])) if fx.is_crystal(g[1]) else None)
        if where is not None:
            hint = {"squads": [squad_id(state.turn, c) for c in g[0].split(",")], "target": g[1], "to": str(where)}
            if kind == "shoot":
                hint["shot"] = True
            if kind == "fight-apart":
                hint["apart"] = True
            return hint
    if kind == "cast" and g[2] in state.squads:  # a spell cast as an action: caster, target, card (spells.py)
        return {"squads": [squad_id(state.turn, g[0])], "target": g[2], "to": str(state.squads[g[2]].hex),
                "card": g[1]}
    if kind == "bomb":  # the hexes the blast would reach (rule ce-bomb)
        return {"squads": [squad_id(state.current_player(), g[0])], "to": g[1],
                "blast": [str(h) for h in bm.blast_hexes(state, g[0], parse_hex(g[1]))]}
    return {}


def hide(state, position: dict, player: int) -> dict:
    """A dig's face-down card is hidden from everyone: the view shows ``"?"`` on the dig and
    counts the card among the unseen ones of the pile (as the table would)."""
    if "hands" in position:
        position = hide_full(state, position, player)
    hidden = [d for d in position["digs"] if d["stage"] == "digging" and d["card"]]
    if not hidden:
        return position
    position = dict(position)
    deck = dict(position["deck"])
    pile = Counter(deck["pile"])
    digs = []
    for d in position["digs"]:
        if d["stage"] == "digging" and d["card"]:
            pile[d["card"]] += 1
            d = dict(d, card="?")
        digs.append(d)
    deck["pile"] = dict(sorted(pile.items()))
    deck["face_down"] = len(hidden)
    position["deck"], position["digs"] = deck, digs
    return position


def hide_full(state, position: dict, player: int) -> dict:
    """The full game's secrets: other players' hands (their decks show, not the cards), a card
    being looked at before it is kept, the face-down Awakening Evil, and what lies in the decks
    (only how many cards each has; the discard piles are face up)."""
    position = dict(position)
    position["hands"] = [h if p == player else [tn.mask_hand(x) for x in h] for p, h in enumerate(position["hands"])]
    position["queue"] = [dict(q, card="?") if q["do"] == "keep" and q.get("player") != player else q
                         for q in position["queue"]]
    if not position["track"]["revealed"] and position["evil"] is not None:
        position["evil"] = "?"
    piles = position["piles"]
    position["piles"] = {"left": {d: sum(piles["piles"][d].values()) for d in piles["piles"]},
                         "discards": piles["discards"], "necromonks": sum(piles["necromonks"].values())}
    return position


def decorate_view(state, position: dict) -> dict:
    """Add ``map`` for the board (display only, not saved): the map's radius; per hex not
    undug, its status and top tile; spawn pits; each Lair's interior, shell and Chthonic
    Crystal by owner; Thronerooms numbered in the order laid; tile names; each squad's line
    of sight (sight.sight_table); while a move or breakaway is pending, ``reach``: the
    hexes it may stop on (with their cost) and those it may only pass over; and while a fight
    is under way (or just over, this turn), ``fight`` (fights.view: sides, ring, rounds with
    totals broken down, dice, odds); and the board's card faces and control cards
    (board.card_faces)."""
    g = state.ground
    laid = state.plan.pieces("lair")
    hexes = {str(h): {"s": s, "t": g.placements[g.top[h]].tile.id} for h, s in g.status.items()}
    lairs, thrones = [], []
    for i, p in enumerate(g.placements):
        if p.tile.is_lair:
            who = next((x.owner for x in laid if x.placement == p), None)
            lairs.append({"owner": who, "crystal": str(p.crystal), "spaces": [str(h) for h in p.spaces],
                          "shell": [str(h) for h in p.shell if g.shell.get(h) == i]})
        elif p.tile.id == "throneroom" and p.side == "open":
            thrones.append({"n": len(thrones) + 1, "spaces": [str(h) for h in p.spaces]})
    position = dict(position)
    position["map"] = {"radius": MAP_RADIUS, "hexes": hexes, "pits": [str(h) for h in sorted(g.spawn_pits)],
                       "lairs": lairs, "thrones": thrones,
                       "names": {p.tile.id: p.tile.name for p in g.placements},
                       "sight": sight_table(g, state.squads, large_hexes(state.loot))}
    if state.pending is not None and state.pending["kind"] in ("move", "break"):
        sid, ids = state.pending["squad"], state.pending.get("creatures")
        stops = destinations(g, state.squads, sid, ids)
        over = set(reachable(g, state.squads, sid, ids)) - set(stops)
        position["map"]["reach"] = {"squad": sid, "stops": {str(h): c for h, c in sorted(stops.items())},
                                    "over": [str(h) for h in sorted(over)]}
    if state.combat is not None or state.last_combat is not None:
        position["map"]["fight"] = fx.view(state.combat or state.last_combat, finished=state.combat is None)
    position["map"].update(card_faces(state))
    if state.full:
        position["map"]["full"] = full_view(state, position)
    return position
