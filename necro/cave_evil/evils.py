"""What the Awakened Evils share: rising on The Pit (whoever stood there is pushed aside: ruling
ce-evil-statue-how), and digging through rock in their way with Excavation tiles (rules
ce-evil-emperor, ce-evil-goat; ruling ce-evil-dig-who), or with option evil_digging="singles" the
Single tiles left in the box (ruling ce-evil-dig-singles).
"""

from __future__ import annotations

from . import loot as lt
from .basics import EMPEROR, EVIL_RULE, amounts, squad_title
from .hexes import Hex, parse_hex
from .movement import Creature, Squad, squad_id
from .spawn import next_marker


def clear_pit(state) -> None:
    """Whatever stands or lies on The Pit moves beside it (the text; ruling ce-evil-statue-how): a
    squad to a free hex beside it (with none free, the nearest free open hex), what lay on The Pit
    with it. It goes at once to the first such hex; where there is more than one, the current player
    (between turns, the player who just ended the turn or the cycle) then picks the hex, a ``spot``
    step at the head of the queue (:func:`move_off_pit`)."""
    pit = state.ground.pit()
    there = state.squads.at(pit)
    pile = state.loot.get(str(pit))
    if there is None and not pile:
        return
    free = sorted((d, h) for h, d in state.ground.distances_from(pit).items()
                  if d > 0 and h not in state.ground.spawn_pits and (there is None or state.squads.at(h) is None))
    to = free[0][1]
    nearest = [str(h) for d, h in free if d == free[0][0]]
    step = {"do": "spot", "player": state.turn, "hexes": nearest, "off": str(to)}
    if there is not None:
        state.squads.remove(there.id)
        there.hex = to
        state.squads.add(there)
        step["pushed"] = there.id
        state.note(EVIL_RULE.get(state.evil, "ce-evil-statue"),
                   f"{squad_title(state, there.id)} is pushed off The Pit to {to}.")
    if pile:
        del state.loot[str(pit)]
        heap = {k: v for k, v in pile.items() if k != "items" and v}
        lt.put(state.loot, str(to), heap, pile.get("items", ()))
        step["pile"] = {**heap, "items": list(pile.get("items", ()))}
        what = ", ".join([amounts(heap)] * bool(heap) + list(pile.get("items", ())))
        state.note(EVIL_RULE.get(state.evil, "ce-evil-statue"), f"What lay on The Pit ({what}) is moved off The Pit to {to}.")
    if len(nearest) > 1 and state.turn is not None:
        state.queue.insert(0, step)


def move_off_pit(state, step: dict, to: str) -> None:
    """The player picks where what was pushed off The Pit goes (ruling ce-evil-statue-how): the squad
    (if it is still there: the waking Goat may have torn it apart) and the pile move from the hex they
    were first put on, ``step["off"]``, to ``to``."""
    if to == step["off"]:
        state.note("ce-evil-statue-how", f"Player {step['player'] + 1} leaves what left The Pit on {to}.")
        return
    sid = step.get("pushed")
    if sid in state.squads and state.squads[sid].hex == parse_hex(step["off"]):
        state.squads.relocate(sid, parse_hex(to))
        state.note("ce-evil-statue-how", f"Player {step['player'] + 1} moves {squad_title(state, sid)} off The Pit "
                                         f"to {to}.")
    pile = step.get("pile")
    if pile:
        heap = {k: v for k, v in pile.items() if k != "items"}
        for r, n in heap.items():
            lt.remove(state.loot, step["off"], r, n)
        for item in pile["items"]:
            lt.remove(state.loot, step["off"], item=item)
        lt.put(state.loot, to, heap, pile["items"])
        state.note("ce-evil-statue-how", f"Player {step['player'] + 1} lays what lay on The Pit on {to}.")


def raise_on_pit(state, card: str, speed: int, text: str) -> None:
    """The Evil ``card`` rises on The Pit as a Wandering Monster under the next free marker."""
    pit = state.ground.pit()
    marker = next_marker(state.squads)
    state.squads.add(Squad(squad_id(None, marker), None, pit, [Creature(f"{card}-1", "large", speed, card=card)],
                           marker))
    state.note(EVIL_RULE[card], text.format(m=marker))


def singles_left(state) -> bool:
    """Whether a Single tile is left in the box for an Evil that digs a Single at a time (ruling
    ce-evil-dig-singles): with none, it keeps to dug ground."""
    return state.ground.used()["single"] < state.ground.tiles["single"].count


# ------------------------------------------------------------------ digging with Excavation tiles
def digs_tiles(state) -> bool:
    """Whether the Emperor and the Goat dig with Excavation tiles, as the text has it (option
    evil_digging="tiles", the default), or a Single at a time (ruling ce-evil-dig-singles)."""
    return state.game.options.get("evil_digging", "tiles") == "tiles"


def may_dig(state, evil: str, at: Hex) -> bool:
    """Whether ``evil`` may dig into ``at`` now: rock (undug or collapsed) with a card left to draw;
    the Goat not into a Lair's steel shell, which only the Emperor melts (rules ce-evil-emperor,
    ce-evil-goat)."""
    if state.ground.is_open(at) or not state.deck.outcomes():
        return False
    return evil == EMPEROR or at not in state.ground.shell


def dig_for(state, evil: str, at: Hex, player: int, then: dict) -> None:
    """``evil`` stands before rock at ``at``: the top Excavation card is drawn (events discarded, drawn
    again), ``player`` lays its tile with its first space on ``at``, then ``then`` (the rest of the
    march or rampage) goes on (rules ce-evil-emperor, ce-evil-goat; ruling ce-evil-dig-who)."""
    state.queue[0:0] = [{"do": "tile-draw", "evil": evil, "at": str(at), "player": player}, then]
    state.note(EVIL_RULE[evil], f"Rock at {at} is in the way: player {player + 1} draws the top Excavation card "
                                "and lays its tile there, the card's text ignored.")


def evil_placements(state, step: dict) -> list:
    """The ways the Evil's drawn tile may be laid: tunnel side up, its first space on the rock in
    its way, one per distinct result; the Emperor's over spawn pits, Lairs and shells too (ruling
    ce-evil-dig-who). Empty when the tile fits nowhere or every tile of the kind is on the map."""
    tile = state.ground.tiles[step["tile"]]
    if state.ground.used()[tile.id] >= tile.count:
        return []
    at, squads = parse_hex(step["at"]), state.squads.player_hexes()
    out, seen = [], set()
    for rotation in range(6):
        p = state.ground.placement(tile.id, at, rotation, "open")
        refusal = (state.ground.evil_refusal(p, squads) if step["evil"] == EMPEROR
                   else state.ground.refusal(p, squads))
        key = (frozenset(p.spaces), frozenset(p.spawn_pits), p.end)
        if refusal is None and key not in seen:
            seen.add(key)
            out.append(p)
    return out


def evil_lays(state, step: dict, action: str) -> None:
    """``lay +1-2 r3`` (the tile goes down, the Evil goes on) or ``lay nothing`` (it fits nowhere: the
    Evil stops for this cycle, ruling ce-evil-dig-who)."""
    rule = EVIL_RULE[step["evil"]]
    if action == "lay nothing":
        if state.queue and state.queue[0]["do"] in ("march", "rampage"):
            state.queue.pop(0)
        state.note(rule, f"The {state.ground.tiles[step['tile']].name} fits nowhere there: the "
                         f"{'Emperor' if step['evil'] == EMPEROR else 'Goat'} stops.")
        return
    _, anchor, rot = action.split()
    p = state.ground.placement(step["tile"], parse_hex(anchor), int(rot[1:]), "open")
    if step["evil"] == EMPEROR:
        state.ground.place_for_evil(p, state.squads.player_hexes())
    else:
        state.ground.place(p, state.squads.player_hexes())
    state.note(rule, f"Player {step['player'] + 1} lays the {p.tile.name} for the "
                     f"{'Emperor' if step['evil'] == EMPEROR else 'Goat'}: {p}.")
