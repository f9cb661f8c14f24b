"""The Eternal Evil Emperor (rules ce-evil-emperor, ce-evil-emperor-control, ce-evil-emperor-lair;
ruling ce-evil-emperor-how): he rises on The Pit and each cycle marches on a Necromancer, digging
and fighting on the way; whoever kills him wins.
"""

from __future__ import annotations

from collections import deque

from . import awaken as aw
from . import death as de
from . import evils as evs
from . import fights as fx
from . import wizard as wz
from .basics import EMPEROR, squad_name
from .ground import MAP_RADIUS
from .hexes import ORIGIN, Hex, distance, neighbours
from .movement import Squad, squad_id


def wakes(state) -> None:
    """He rises on The Pit (rule ce-evil-emperor); whoever stood there is pushed aside."""
    evs.clear_pit(state)
    evs.raise_on_pit(state, EMPEROR, 4, "The Eternal Evil Emperor rises on The Pit as monster {m}. From the next "
                                        "cycle on he marches on a Necromancer each cycle; whoever kills him wins.")


def emperor(state) -> Squad | None:
    """The Emperor's squad on the map (None: not risen, or dead)."""
    return next((s for s in state.squads if any(c.card == EMPEROR for c in s.creatures)), None)


def emperor_cycle(state) -> bool:
    """The start of a cycle under the Emperor (rules ce-evil-emperor, ce-evil-emperor-control,
    ce-evil-emperor-lair): who declares his focus, then his march. Whether anything was queued."""
    if emperor(state) is None or state.awake_cycle is None or state.cycle <= state.awake_cycle:
        return False
    state.part = "evil"
    alive = state.necromancers()
    enemy, _ = de.kill_points_by_kind(state)
    choosers = aw.emperor_chooser(enemy, alive, state.focus_holder)
    if not choosers:
        if state.focus in alive:
            state.queue.append({"do": "march", "left": 4})
        else:
            state.queue.append({"do": "lair"})
            state.note("ce-evil-emperor-lair", "Nobody has enemy kill points: a D4 over the Lairs names his prey.")
    elif len(choosers) > 1:
        state.queue.append({"do": "rolloff", "players": choosers, "for": "emperor"})
        state.note("ce-evil-roll-off", "Players " + ", ".join(str(p + 1) for p in choosers) + " tie for the most "
                                      "enemy kill points: they roll a D12, the highest declares his prey.")
    elif choosers[0] == state.focus_holder and state.focus in alive:
        state.queue.append({"do": "march", "left": 4})
    else:
        state.queue.append({"do": "focus", "player": choosers[0]})
    return True


def declare_focus(state, holder: int | None, prey: int) -> None:
    """His prey is named, by the player who declares it or by the Lair roll (``holder`` None): he
    marches (rules ce-evil-emperor-control, ce-evil-emperor-lair)."""
    state.focus_holder, state.focus = holder, prey
    state.note("ce-evil-emperor", (f"Player {holder + 1} declares" if holder is not None else "The roll names")
               + f" player {prey + 1}'s Necromancer as the Emperor's prey.")
    state.queue.insert(0, {"do": "march", "left": 4})


def mover(state) -> int:
    """The player who plays the Emperor's march (the text's *moving player*: ruling
    ce-evil-emperor-how): whoever declared his prey, or, when the Lair roll named it, the first
    player of the cycle."""
    order = state.order()
    return state.focus_holder if state.focus_holder in order else order[0]


def emperor_path(state, start: Hex, goals: set) -> list[Hex]:
    """His way to the nearest goal: through open ground, squads (he fights them) and rock, which he
    digs (rule ce-evil-emperor); with option evil_digging="singles", only rock a Single may be laid
    on (ruling ce-evil-dig-singles). [] if there is none."""
    players = state.squads.player_hexes()
    tiles = evs.digs_tiles(state)
    singles = evs.singles_left(state)
    pit = state.ground.pit()

    def passable(h):
        if state.ground.is_open(h):
            return True
        if distance(ORIGIN, h) > MAP_RADIUS + 3:
            return False
        if tiles:
            return h != pit and h not in state.ground.crystals
        return singles and state.ground.refusal(state.ground.placement("single", h, 0, "open"), players) is None

    parent, todo = {start: None}, deque([start])
    while todo:
        h = todo.popleft()
        if h in goals:
            out = [h]
            while parent[out[-1]] is not None:
                out.append(parent[out[-1]])
            return out[::-1]
        for n in sorted(neighbours(h)):
            if n not in parent and passable(n):
                parent[n] = h
                todo.append(n)
    return []


def march(state, left: int) -> None:
    """The Emperor walks up to ``left`` more spaces toward his prey's squad N or crystal, whichever
    is nearer (rule ce-evil-emperor; ruling ce-evil-emperor-how), fighting every squad in his way,
    player's or Wandering Monster, and digging through rock with Excavation tiles."""
    em = emperor(state)
    if em is None or state.focus not in state.necromancers():
        return
    n = state.squads.by_id.get(squad_id(state.focus, "N"))
    crystal = state.crystals().get(state.focus)
    goals = ({h for h in neighbours(n.hex)} if n is not None else set()) | ({crystal} if crystal else set())
    path = emperor_path(state, em.hex, goals)
    if len(path) <= 1 and n is not None and n.hex in neighbours(em.hex):
        return emperor_fights(state, n, 0)
    for h in path[1:]:
        if left <= 0:
            break
        there = state.squads.at(h)
        if there is not None:  # he fights any squad in his way, a Wandering Monster too (rule ce-evil-emperor)
            return emperor_fights(state, there, left)
        if not state.ground.is_open(h):
            if evs.digs_tiles(state):
                if not evs.may_dig(state, EMPEROR, h):
                    break
                return evs.dig_for(state, EMPEROR, h, mover(state), {"do": "march", "left": left})
            if not evs.singles_left(state):
                break
            state.ground.place(state.ground.placement("single", h, 0, "open"), state.squads.player_hexes())
            state.note("ce-evil-dig-singles", f"The Emperor digs through to {h}.")
        state.squads.relocate(em.id, h)
        left -= 1
        if h == crystal:
            state.note("ce-evil-emperor", f"The Emperor crushes player {state.focus + 1}'s Chthonic Crystal.")
            victim = state.focus
            nn = state.squads.by_id.get(squad_id(victim, "N"))
            if nn is not None:
                state.squads.remove(nn.id)
                de.bury(state, nn, None, set())
            wz.kill_wizards(state, victim, None)
            de.free_creatures(state, victim)
            de.player_out(state, victim)
            return
        if n is not None and n.hex in neighbours(h):
            return emperor_fights(state, n, 0)
    state.note("ce-evil-emperor", f"The Emperor stops at {em.hex}.")


def emperor_fights(state, squad: Squad, left: int) -> None:
    """He falls upon ``squad`` (rule ce-evil-emperor); ``left``: the spaces he still walks if he wins.
    A player's squad fights him with nothing but its creatures, its player opening; a Wandering
    Monster defends against him, the moving player opening for him (ruling ce-evil-emperor-how)."""
    state.part = "evil"
    state.march_left = left
    if squad.owner is None:
        state.turn = mover(state)
        state.combat = fx.emperor_on_monster(state.squads, squad.id, EMPEROR)
        text = (f"the monster defends with no items or spells, and player {state.turn + 1} opens for him")
    else:
        state.turn = squad.owner
        state.combat = fx.evil_record(state.squads, squad.id, EMPEROR, answers="wandering")
        text = "the squad fights him with no items or spells, its player opening"
    state._fight, state.last_combat = None, None
    state.note("ce-evil-emperor", f"The Emperor, now at {emperor(state).hex}, falls upon {squad_name(state, squad.id)} "
                                  f"at {squad.hex}: {text}.")
