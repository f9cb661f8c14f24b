"""Squad action C. Cast Spells, and the items and spells a squad carries.

Casting is not played yet (issue 28 brings it here): today this module holds the carried cards'
bookkeeping that the fights need, a discard-after-use item or spell used up and gone to the box
(ruling ce-item-box). Carrying, picking up and passing are :mod:`.picking`'s; which creature may
hold what is :mod:`.loot`'s.
"""

from __future__ import annotations

from . import conjuration as cj
from . import fights as fx
from . import loot as lt


def use_up(state, sid: str, members) -> None:
    """Discard-after-use items a surviving squad used in the fight are gone."""
    if fx.is_crystal(sid) or sid not in state.squads:
        return
    for cid, item in fx.spent(members):
        c = state.squads[sid].creature(cid)
        lt.take(c, item)
        state.ledger[f"item:{item}"] -= 1
        to_box(state, item)
        state.note("ce-death-drops", f"{item} is used up.")


def to_box(state, card_id: str) -> None:
    """A conjuration card used up (discard after use) leaves play for the box (ruling ce-item-box)."""
    if state.full and card_id in cj.conjuration_spec():
        state.conj_box[card_id] += 1
