"""The Necrotic Devil's dread (black-diamond card; rule ce-necrotic-devil, ruling ce-necrotic-devil-how).

The text's deeper explanation: when a Necrotic Devil appears near a player's creatures that are not of
the Necro, Demon or Undead species, that player must move those squads out of its range on their next
turn. The text gives no range: the card's ``dread`` field (ours, provenance "book") says 2 hexes.

Played here: whenever a Necrotic Devil arrives on the map (spawned, invoked; watched after every action,
only with the black-diamond cards in play), every squad of another player within its range holding a
creature of none of those species owes it a move out. The duty falls due at the start of that player's
next turn (the current player's own squads: its following turn); in that turn ``end`` is refused, naming
the rule, while such a squad still stands within the Devil's range and a move of its own could take it
out. A squad that cannot get out (hemmed in, or halted by a fight) is excused. The duty ends with that
turn, or when the Devil or the squad is gone.

State: ``state.dread`` ``{"seen": [Devil creature ids on the map], "must": {squad id: {"devil": id,
"due": bool}}}`` (absent from saves that have no Devil).
"""

from __future__ import annotations

from necro.core import IllegalAction
from necro.core.reader import Reader

from .creatures import catalogue
from .hexes import distance
from .movement import destinations

NECROTIC_DEVIL = "necrotic-devil"
SPARED = frozenset(("necro", "demon", "undead"))
"""The species the Devil does not drive away (rule ce-necrotic-devil)."""


def empty() -> dict:
    return {"seen": [], "must": {}}


def reach() -> int:
    """The Devil's range, from its card (ours: the text gives none)."""
    return catalogue().creature(NECROTIC_DEVIL).dread


def devils(state) -> dict:
    """``{creature id: squad}`` of every Necrotic Devil on the map."""
    return {c.id: s for s in state.squads for c in s.creatures if c.card == NECROTIC_DEVIL}


def dreads(squad) -> bool:
    """Whether the squad holds a creature of none of the spared species (a Necromancer is of the Necro kind)."""
    cards = catalogue()
    for c in squad.creatures:
        if c.necromancer or c.card is None or c.card not in cards.creatures:
            continue
        if not SPARED & set(cards.creature(c.card).species):
            return True
    return False


def watch(state) -> None:
    """After an action: a Devil new on the map puts the squads near it under its dread; duties whose
    Devil or squad is gone lapse (rule ce-necrotic-devil)."""
    now = devils(state)
    dread = state.dread
    for cid, devil in now.items():
        if cid in dread["seen"]:
            continue
        near = [s for s in state.squads if s.owner is not None and s.owner != devil.owner
                and distance(s.hex, devil.hex) <= reach() and dreads(s)]
        for s in near:
            dread["must"][s.id] = {"devil": cid, "due": False}
        if near:
            state.note("ce-necrotic-devil", f"The Necrotic Devil {cid} appears: "
                       + ", ".join(f"player {s.owner + 1}'s squad {s.card}" for s in near)
                       + f" must leave its range ({reach()} hexes) on {'its' if len(near) == 1 else 'their'} "
                         "player's next turn.")
    dread["seen"] = sorted(now)
    for sid, duty in list(dread["must"].items()):
        if sid not in state.squads.by_id or duty["devil"] not in now:
            del dread["must"][sid]


def turn_passes(state, ended: int) -> None:
    """Player ``ended`` ended its turn: its duties due are done with. Called again once the next
    player's turn begins, whose duties fall due."""
    must = state.dread["must"]
    for sid, duty in list(must.items()):
        owner = state.squads.by_id[sid].owner if sid in state.squads.by_id else None
        if duty["due"] and owner == ended:
            del must[sid]


def turn_begins(state) -> None:
    for sid, duty in state.dread["must"].items():
        if sid in state.squads.by_id and state.squads.by_id[sid].owner == state.turn:
            duty["due"] = True


def stuck(state) -> list[str]:
    """The turn player's squads that owe the Devil a move now and could still make it: within its
    range, with a destination out of it."""
    out = []
    if not state.dread["must"]:
        return out
    now = devils(state)
    for sid, duty in sorted(state.dread["must"].items()):
        squad = state.squads.by_id.get(sid)
        devil = now.get(duty["devil"])
        if not duty["due"] or squad is None or devil is None or squad.owner != state.turn:
            continue
        if distance(squad.hex, devil.hex) > reach():
            continue
        if any(distance(h, devil.hex) > reach() for h in destinations(state.ground, state.squads, sid)):
            out.append(sid)
    return out


def end_refusal(state) -> tuple[str, str] | None:
    """Why ``end`` is refused: a squad owes the Devil a move (rule ce-necrotic-devil); None: it is not."""
    left = stuck(state)
    if not left:
        return None
    names = ", ".join(state.squads[s].card for s in left)
    return "ce-necrotic-devil", f"squad {names} must first move out of the Necrotic Devil's range ({reach()} hexes)"


def check_end(state) -> None:
    refusal = end_refusal(state)
    if refusal:
        raise IllegalAction("end", *refusal)


def to_json(state) -> dict:
    d = state.dread
    if not d["seen"] and not d["must"]:
        return {}
    return {"dread": {"seen": list(d["seen"]), "must": {k: dict(v) for k, v in sorted(d["must"].items())}}}


def copy(d: dict) -> dict:
    return {"seen": list(d["seen"]), "must": {k: dict(v) for k, v in d["must"].items()}}


def from_json(r: Reader, squads) -> dict:
    """The dread record of a position, checked: the Devils seen stand on the map, the squads owing them
    a move are players' squads (saves from before it have none: the Devils on the map count as seen)."""
    on_map = sorted(c.id for s in squads for c in s.creatures if c.card == NECROTIC_DEVIL)
    d_r = r.get("dread", None).optional()
    if d_r is None:
        return {"seen": on_map, "must": {}}
    d_r.obj(allowed=("seen", "must"))
    seen = [x.str(max_length=40) for x in d_r["seen"].list(max_length=20)]
    if sorted(seen) != on_map:
        d_r["seen"].fail("the Necrotic Devils seen are those on the map (rule ce-necrotic-devil)")
    must = {}
    m_r = d_r["must"].obj()
    for sid in sorted(m_r.value):
        e = m_r[sid].obj(allowed=("devil", "due"))
        devil = e["devil"].str(choices=tuple(on_map) or ("-",))
        if sid not in squads.by_id or squads.by_id[sid].owner is None:
            m_r[sid].fail(f"{sid} is no player's squad on the map")
        must[sid] = {"devil": devil, "due": e["due"].bool()}
    return {"seen": seen, "must": must}
