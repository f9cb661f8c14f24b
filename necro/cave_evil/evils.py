"""What the Awakened Evils share: rising on The Pit (whoever stood there is pushed aside: ruling
ce-evil-statue-how), and digging through rock with the Single tiles left in the box (rulings
ce-evil-emperor-how, ce-evil-goat-how).
"""

from __future__ import annotations

from . import loot as lt
from .basics import EVIL_RULE, amounts, squad_title
from .movement import Creature, Squad, squad_id
from .spawn import next_marker


def clear_pit(state) -> None:
    """Whatever stands or lies on The Pit moves beside it (the text; ruling ce-evil-statue-how): a
    squad to the first free hex beside it (with none free, the nearest free open hex), what lay on
    The Pit with it."""
    pit = state.ground.pit()
    there = state.squads.at(pit)
    pile = state.loot.get(str(pit))
    if there is None and not pile:
        return
    free = sorted((d, h) for h, d in state.ground.distances_from(pit).items()
                  if d > 0 and h not in state.ground.spawn_pits and (there is None or state.squads.at(h) is None))
    to = free[0][1]
    if there is not None:
        state.squads.remove(there.id)
        there.hex = to
        state.squads.add(there)
        state.note(EVIL_RULE.get(state.evil, "ce-evil-statue"),
                   f"{squad_title(state, there.id)} is pushed off The Pit to {to}.")
    if pile:
        del state.loot[str(pit)]
        heap = {k: v for k, v in pile.items() if k != "items" and v}
        lt.put(state.loot, str(to), heap, pile.get("items", ()))
        what = ", ".join([amounts(heap)] * bool(heap) + list(pile.get("items", ())))
        state.note(EVIL_RULE.get(state.evil, "ce-evil-statue"), f"What lay on The Pit ({what}) is moved off The Pit to {to}.")


def raise_on_pit(state, card: str, speed: int, text: str) -> None:
    """The Evil ``card`` rises on The Pit as a Wandering Monster under the next free marker."""
    pit = state.ground.pit()
    marker = next_marker(state.squads)
    state.squads.add(Squad(squad_id(None, marker), None, pit, [Creature(f"{card}-1", "large", speed, card=card)],
                           marker))
    state.note(EVIL_RULE[card], text.format(m=marker))


def singles_left(state) -> bool:
    """Whether a Single tile is left in the box for an Evil that digs (rulings ce-evil-emperor-how,
    ce-evil-goat-how): with none, it keeps to dug ground."""
    return state.ground.used()["single"] < state.ground.tiles["single"].count
