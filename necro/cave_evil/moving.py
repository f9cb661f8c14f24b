"""The extra activity Movement (rules ce-move-*, ce-merge, ce-break): a squad picks its hex, a
group breaks away, a squad crossing a spawn pit picks up what lies there. Reach and paths are
:mod:`.movement`'s; this module plays them on the state.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import digging as dg
from . import evil_pit as epit
from . import hiring as hi
from . import invoking as inv
from . import loot as lt
from . import picking as pk
from . import subduing as sb
from .hexes import Hex, parse_hex
from .movement import Squad, crossings, destinations, move, squad_id


# ------------------------------------------------------------------ the actions
def choose_squad(state, kind, g, action) -> None:
    """``move N``: squad N is picked; its hex comes next."""
    state.pending = {"kind": "move", "squad": squad_id(state.turn, g[0])}


def move_to(state, kind, g, action) -> None:
    """``move N +3-2``: a subdued squad steps (:mod:`.subduing`), a hired squad steps off its pit
    (:mod:`.hiring`), a Necromancer leaps into the awake Pit (:mod:`.evil_pit`), or the squad moves."""
    pending = state.pending
    if pending is not None and pending["kind"] == "subdued":
        sb.step_subdued(state, kind, g, action)
    elif pending is not None and pending["kind"] == "off-pit":
        hi.step_off_pit(state, kind, g, action)
    elif epit.may_jump(state, squad_id(state.turn, g[0])) and parse_hex(g[1]) == state.ground.pit():
        epit.jump(state, squad_id(state.turn, g[0]))
    else:
        apply_move(state, squad_id(state.turn, g[0]), parse_hex(g[1]), parse_hex(g[2]) if g[2] else None)


def choose_breakaway(state, kind, g, action) -> None:
    """``break N a,b``: the creatures breaking away are picked; their hex comes next."""
    state.pending = {"kind": "break", "squad": squad_id(state.turn, g[0]), "creatures": g[1].split(",")}


def break_to(state, kind, g, action) -> None:
    """``break N a,b +3-2``: they go."""
    apply_break(state, squad_id(state.turn, g[0]), g[1].split(","), parse_hex(g[2]))


# ------------------------------------------------------------------ where a squad may go
def breakaways(state, squad: Squad) -> list[tuple[str, ...]]:
    """The groups of creatures that may break away from ``squad`` now and go somewhere
    (rule ce-break): every part of the squad but the whole, never the Necromancer."""
    if not inv.may_break(state, squad):
        return []
    movable = [c.id for c in squad.creatures if not c.necromancer]
    out = []
    for mask in range(1, 1 << len(movable)):
        group = tuple(c for i, c in enumerate(movable) if mask >> i & 1)
        if len(group) < len(squad.creatures) and destinations(state.ground, state.squads, squad.id, group):
            out.append(group)
    return out


def pit_crossings(state, sid: str) -> dict:
    """The spawn pits with something lying on them that squad ``sid`` can cross on its way,
    each with where it may stop afterwards (rule ce-move-pit; movement.crossings)."""
    pits = [h for h in state.ground.spawn_pits if lt.has_loot(state.loot, str(h))]
    return crossings(state.ground, state.squads, sid, pits) if pits else {}


def explain_move(state, sid: str, to: Hex, ids=None) -> tuple[str, str]:
    """The rule and reason a move (or breakaway) of ``sid`` to ``to`` is refused, tried on a copy."""
    try:
        move(state.ground, state.squads.copy(), sid, to, ids)
    except IllegalAction as exc:
        return exc.rule, exc.reason
    return "core-legal", f"{to} is a legal destination, but not now"


def apply_move(state, sid: str, to: Hex, via: Hex | None = None) -> None:
    """Squad ``sid`` moves to ``to`` (over the spawn pit ``via``, picking up what lies there: rule
    ce-move-pit), joining a friendly squad there (rule ce-merge), stopping next to an enemy (rule
    ce-move-stop); a Necromancer that moves halts the squads it invoked into, and a squad it invoked
    into that moves halts the Necromancer (rule ce-invoke-move)."""
    card, wizard = state.squads[sid].card, state.squads[sid].has_necromancer
    if via is not None and (state.pending is None or state.pending.get("squad") != sid
                            or not lt.has_loot(state.loot, str(via))):
        raise IllegalAction(f"move {card} {to} via {via}", *_explain_via(state, (card, str(to), str(via))))
    moved = move(state.ground, state.squads, sid, to, via=via)
    state.pending = None
    keeper = state.squads[moved.squad].card
    inv.after_move(state, card, wizard)
    if via is not None:
        pk.pick_all(state, state.squads[moved.squad], str(via))
    text = f"Squad {card} moves to {to} ({moved.cost} step{'s' if moved.cost != 1 else ''})"
    if moved.merged:
        text += f" and joins squad {keeper}"
        state.note("ce-merge", text + ".")
    else:
        state.note("ce-move-rate", text + ".")
    if moved.stopped:
        state.note("ce-move-stop", f"Squad {keeper} stops next to an enemy.")
    dg.check_abandoned(state)


def apply_break(state, sid: str, ids: list[str], to: Hex) -> None:
    """Creatures ``ids`` break away from squad ``sid`` to ``to``, as a new squad or joining one (rules
    ce-break, ce-merge)."""
    card = state.squads[sid].card
    moved = move(state.ground, state.squads, sid, to, ids)
    state.pending = None
    keeper = state.squads[moved.squad].card
    steps = f"{moved.cost} step{'s' if moved.cost != 1 else ''}"
    who = ", ".join(ids)
    if moved.merged:
        state.note("ce-merge", f"{who} break{'s' if len(ids) == 1 else ''} away from squad {card} to {to} "
                               f"({steps}) and join{'s' if len(ids) == 1 else ''} squad {keeper}.")
    else:
        state.note("ce-break", f"{who} break{'s' if len(ids) == 1 else ''} away from squad {card} to {to} "
                               f"({steps}) as squad {keeper}.")
    if moved.stopped:
        state.note("ce-move-stop", f"Squad {keeper} stops next to an enemy.")
    dg.check_abandoned(state)


def explain_moving(state, kind, g) -> tuple[str, str]:
    """Why an action is refused while a squad is on the move: name its hex."""
    pending = state.pending
    sid = pending["squad"]
    card = state.squads[sid].card
    if kind != "move-to" or g[0] != card:
        return "ce-move-rate", f"squad {card} is on the move: name the hex it goes to (move {card} +q+r)"
    to, via = parse_hex(g[1]), (parse_hex(g[2]) if g[2] else None)
    if via is not None and not lt.has_loot(state.loot, str(via)):
        return "ce-move-pit", f"nothing lies at {via} to pick up on the way: name the destination only"
    try:
        move(state.ground, state.squads.copy(), sid, to, via=via)
    except IllegalAction as exc:
        return exc.rule, exc.reason
    return "ce-move-rate", f"{to} is not a destination of squad {card}"  # pragma: no cover


def explain_breaking(state, kind, g) -> tuple[str, str]:
    """Why an action is refused while creatures break away: name their hex."""
    pending = state.pending
    sid, ids = pending["squad"], pending["creatures"]
    card, names = state.squads[sid].card, ",".join(ids)
    if kind != "break-to" or g[0] != card or g[1] != names:
        return "ce-break", f"{names} are breaking away from squad {card}: name the hex they go to (break {card} {names} +q+r)"
    return explain_move(state, sid, parse_hex(g[2]), ids)


def _explain_via(state, g) -> tuple[str, str]:
    """Why a move over a spawn pit is refused: no move is pending for that squad, or nothing lies there."""
    pending = state.pending
    if pending is not None and pending["kind"] == "move":
        return explain_moving(state, "move-to", g)
    if pending is not None and pending["kind"] == "break":
        return explain_breaking(state, "move-to", g)
    return "core-legal", "not a legal action now"
