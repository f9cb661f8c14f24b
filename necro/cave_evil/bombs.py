"""Bombs (the rulebook's "Bombs"; rules ce-bomb, ce-bomb-when; rulings ce-bomb-how, ce-bomb-spares,
ce-bomb-defence): a bomb card thrown from its squad destroys everything within its radius.

In notation, ``bomb II at +3-2``: squad II throws the bomb one of its creatures carries onto the
hex +3-2. The card (creatures.json, field ``bomb``) gives how far it is thrown (``range``) and how
far the blast reaches from where it lands (``radius``). It is a squad action of the turn player in
Phase 3, or, in a fight where the player's squad defends, the defender's answer in place of
choosing the second attribute (the fight then stops). Everything in the blast is destroyed:
creatures (but those whose card is ``bomb_immune``, and the Awakened Evils), what they carry, and
the resources and cards lying on those hexes; squads inside a collapsed space are spared, and so
is whatever lies there. Bombed creatures are dead as in a lost fight: the bomber's player keeps
the enemies and Wandering Monsters as kill points, not its own; a Necromancer killed follows the
death rules (:func:`necro.cave_evil.death.player_out`). No gore spills: the blast leaves nothing.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import death as de
from . import digging as dg
from . import fights as fx
from . import loot as lt
from . import spells as sl
from .basics import squad_name
from .creatures import catalogue
from .fighting import defending_player
from .hexes import Hex, distance, parse_hex, within
from .movement import Squad, squad_id, trapped


def bomb_of(squad: Squad):
    """``(creature, item id)`` of the first bomb the squad's creatures carry (None: none)."""
    items = catalogue().items
    for c in squad.creatures:
        for i in c.items:
            if i in items and items[i].bomb is not None:
                return c, i
    return None


def targets(state, squad: Squad) -> list[Hex]:
    """Where squad ``squad`` may throw its bomb (ruling ce-bomb-how): open hexes within the card's
    range that a line of sight reaches (rock and Large Items block it; its own hex too)."""
    held = bomb_of(squad)
    if held is None or trapped(state.ground, squad):
        return []
    bomb = catalogue().item(held[1]).bomb
    large = lt.large_hexes(state.loot)
    return [h for h in sorted(state.ground.open_hexes()) if distance(squad.hex, h) <= bomb.range
            and (h == squad.hex or state.ground.line_of_sight(squad.hex, h, large))]


def _may_throw(squad: Squad) -> bool:
    return not any(c.acted or c.halted for c in squad.creatures)


def bomb_options(state) -> list[str]:
    """The turn player's bombs in Phase 3 (rule ce-bomb-when): each squad that has not acted and
    carries a bomb, at every hex it can reach."""
    out = []
    for squad in sorted(state.squads.of(state.turn), key=lambda s: s.id):
        if _may_throw(squad):
            out += [f"bomb {squad.card} at {h}" for h in targets(state, squad)]
    return out


def defence_options(state) -> list[str]:
    """In a fight, the defending player's bombs, in place of choosing the second attribute (ruling
    ce-bomb-defence): each defending squad of that player carrying one."""
    player = defending_player(state)
    if player is None or state.combat.get("evil"):
        return []
    out = []
    for sid in state.combat["defenders"]:
        if sid in state.squads and state.squads[sid].owner == player:
            out += [f"bomb {state.squads[sid].card} at {h}" for h in targets(state, state.squads[sid])]
    return out


def explain_bomb(state, g) -> tuple[str, str]:
    """Why ``bomb C at H`` is refused now."""
    if state.combat is not None:
        if state.fight.decision() != "second":
            return "ce-bomb-defence", "in a fight a bomb is the defender's answer, in place of choosing the second attribute"
        return "ce-bomb-defence", f"no squad {g[0]} of the defending player defends here with a bomb that reaches {g[1]}"
    sid = squad_id(state.turn, g[0])
    if sid not in state.squads:
        return "ce-control-cards", f"player {state.turn + 1} has no squad on card {g[0]}"
    squad = state.squads[sid]
    if bomb_of(squad) is None:
        return "ce-bomb", f"no creature of squad {g[0]} carries a bomb"
    if not _may_throw(squad):
        return "ce-one-action", f"squad {g[0]} has already acted or stopped this turn"
    if trapped(state.ground, squad):
        return "ce-collapse-trapped", f"squad {g[0]} is trapped in a collapse"
    if state.pending is not None or state.finishing() is not None or state.must_fight or state.queue:
        return "ce-bomb-when", "a bomb is thrown in Phase 3, with nothing else under way"
    return "ce-bomb-how", (f"{g[1]} is not open ground within the bomb's range of squad {g[0]} with a clear line "
                           "(rock and Large Items block it)")


def apply_bomb(state, card: str, at: str) -> None:
    """``bomb II at +3-2``: the bomb is thrown and goes off (rules ce-bomb, ce-bomb-when)."""
    target = parse_hex(at)
    defending = state.combat is not None
    player = state.current_player()
    sid = squad_id(player, card)
    options = defence_options(state) if defending else bomb_options(state)
    if f"bomb {card} at {target}" not in options:
        raise IllegalAction(f"bomb {card} at {at}", *explain_bomb(state, (card, at)))
    squad = state.squads[sid]
    carrier, item = bomb_of(squad)
    if defending:
        stop_fight(state)
    else:
        for c in squad.creatures:
            c.acted = c.halted = True
    lt.take(carrier, item)
    state.ledger[f"item:{item}"] -= 1
    sl.to_box(state, item)
    radius = catalogue().item(item).bomb.radius
    name = squad_name(state, sid)
    state.note("ce-bomb", f"{name[:1].upper() + name[1:]} throws a bomb at {target}: everything within {radius} "
                          f"space{'s' if radius != 1 else ''} is destroyed.")
    blast(state, player, target, radius)


def blast_hexes(state, card: str, at: Hex) -> list[Hex]:
    """The hexes a bomb of squad ``card`` (the deciding player's) thrown at ``at`` would blast,
    collapsed spaces left out (for the board)."""
    squad = state.squads.by_id.get(squad_id(state.current_player(), card))
    held = bomb_of(squad) if squad is not None else None
    if held is None:
        return []
    return zone(state, at, catalogue().item(held[1]).bomb.radius)


def zone(state, center: Hex, radius: int) -> list[Hex]:
    """The hexes within ``radius`` of ``center`` a blast reaches: a collapsed space is spared (rule ce-bomb)."""
    return [h for h in within(center, radius) if state.ground.status_of(h) != "collapsed"]


def stop_fight(state) -> None:
    """A defender's bomb stops the fight under way: nobody wins it, the attackers have spent their
    action, nothing used in it is used up (ruling ce-bomb-defence). An unfinished fight is not kept as
    the last one: a kept fight is a finished one (the loader holds to it)."""
    state.last_combat, state.combat, state._fight = None, None, None
    state.note("ce-bomb-defence", "The defender answers with a bomb: the fight stops.")


def spared(card_id: str | None) -> bool:
    """Whether a creature of this card survives a blast (ruling ce-bomb-spares): its card says it is
    immune, or it is an Awakened Evil."""
    cards = catalogue().creatures
    if card_id not in cards:
        return False
    card = cards[card_id]
    return card.bomb_immune or card.kind == "awakened-evil"


def blast(state, player: int, center: Hex, radius: int) -> None:
    """Destroy everything within ``radius`` of ``center`` but what stands in a collapsed space
    (rule ce-bomb): creatures (kill points to ``player`` for the others' dead), what they carry,
    what lies on the map there."""
    hit = set(zone(state, center, radius))
    points, outs, gone = 0.0, [], []
    for squad in sorted(state.squads, key=lambda s: s.id):
        if squad.hex not in hit:
            continue
        doomed = [c for c in squad.creatures if not spared(c.card)]
        if not doomed:
            continue
        by = player if squad.owner != player else None  # its own dead earn nothing
        entries = [fx.dead_entry(m, squad.owner, by) for m in fx.snapshot(squad, {c.id for c in doomed})]
        state.dead.extend(entries)
        points += sum(fx.points_of(e) for e in entries) if by is not None else 0.0
        for c in doomed:
            for item in c.items:
                state.ledger[f"item:{item}"] -= 1
                sl.to_box(state, item)
        gone.append(", ".join(c.id for c in doomed))
        if any(c.necromancer for c in doomed):
            outs.append(squad.owner)
        squad.creatures = [c for c in squad.creatures if c not in doomed]
        if not squad.creatures:
            de.destroyed(state, squad)
    lost = []
    for key in sorted(state.loot):
        if parse_hex(key) in hit:
            spot = state.loot.pop(key)
            for item in spot["items"]:
                state.ledger[f"item:{item}"] -= 1
                sl.to_box(state, item)
            for r in lt.RESOURCES:
                if spot.get(r, 0):
                    state.ledger[r] -= spot[r]
            lost.append(key)
    state.note("ce-bomb", ("Destroyed: " + "; ".join(gone) + "." if gone else "No creature is hit.")
               + (f" Everything lying on {', '.join(lost)} is gone." if lost else ""))
    if points:
        de.award_kill_points(state, player, points)
    for owner in sorted(set(o for o in outs if o is not None)):
        de.player_out(state, owner)
    state.must_fight = [s for s in state.must_fight if s in state.squads]
    dg.check_abandoned(state)
