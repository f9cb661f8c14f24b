"""The Evil Black Old Goat (rules ce-evil-goat, ce-evil-goat-decider; ruling ce-evil-goat-how):
asleep, a Necromancer with 27 enemy kill points may kneel before him and win; awake, he rampages
each cycle and tears apart whatever comes beside him, and only a Necromancer alone may slay him.
"""

from __future__ import annotations

from . import awaken as aw
from . import death as de
from . import evils as evs
from . import fights as fx
from . import spells as sl
from .basics import GOAT, OVER, in_phase_3, squad_title
from .hexes import neighbours
from .movement import Squad, is_goat, squad_id


def goat_squad(state) -> Squad | None:
    """The Goat's squad on the map (None: not raised)."""
    return next((s for s in state.squads if is_goat(s)), None)


def raise_goat(state) -> None:
    """The Goat sits on The Pit, asleep, once his card is turned up (rule ce-evil-goat)."""
    evs.clear_pit(state)
    evs.raise_on_pit(state, GOAT, 3, "The Evil Black Old Goat sits on The Pit as monster {m}. Asleep, he neither "
                                "fights nor stops anyone; a Necromancer with 27 enemy kill points may kneel "
                                "beside him and win.")


def wakes(state) -> None:
    """He wakes in a rage (rule ce-evil-goat): from the next cycle he rampages; whatever stands beside
    him now is torn apart."""
    if goat_squad(state) is None:
        raise_goat(state)
    state.note("ce-evil-goat", "The Goat wakes in a rage: from the next cycle he rampages, and tears apart "
                               "any squad that comes beside him. Only a Necromancer may fight him now.")
    goat_feeds(state)


def goat_options(state) -> list[str]:
    """Kneeling before the sleeping Goat with 27 enemy kill points, or slaying the awake one
    (rules ce-evil-goat, ce-evil-goat-how): squad N next to him, in Phase 3."""
    goat = goat_squad(state)
    n = state.squads.by_id.get(squad_id(state.turn, "N"))
    if goat is None or n is None or goat.hex not in neighbours(n.hex) or not in_phase_3(state):
        return []
    if not state.track.awakened:
        enemy, _ = de.kill_points_by_kind(state)
        return ["kneel N"] if enemy[state.turn] >= aw.GOAT_BLESSING and not state.power_turn else []
    return ["slay N"] if not n.acted and not state.power_turn else []  # no Evil defeated in a power's turn (ce-power)


def kneel(state) -> None:
    """``kneel N``: blessed by the sleeping Goat, the player wins (rule ce-evil-goat)."""
    p = state.turn
    state.note("ce-evil-goat", f"Player {p + 1}'s Necromancer kneels before the laughing Goat and is blessed: "
                               f"player {p + 1} wins.")
    state.winner_player = p
    state.phase, state.turn, state.pending, state.must_fight, state.queue = OVER, None, None, [], []


def slay(state) -> None:
    """``slay N``: the Necromancer attacks the awake Goat alone (rules ce-evil-goat, ce-evil-goat-how);
    its companions are torn apart first."""
    n = state.squads[squad_id(state.turn, "N")]
    eviscerate(state, n)
    for c in n.creatures:
        c.acted = c.halted = True
    state.part = "evil-fight"
    state.combat = fx.evil_record(state.squads, n.id, GOAT, answers="wandering")
    state._fight, state.last_combat = None, None
    state.note("ce-evil-goat", f"Player {state.turn + 1}'s Necromancer attacks the Goat alone, with its raw "
                               "attributes.")


def eviscerate(state, squad: Squad) -> None:
    """The awake Goat tears a squad apart without a fight (rule ce-evil-goat): its cards go to the box,
    what it carries back to the stock; a Necromancer is spared, and only its companions die."""
    doomed = [c for c in squad.creatures if not c.necromancer]
    if not doomed:
        return
    for c in doomed:
        for item in c.items:
            state.ledger[f"item:{item}"] -= 1
            sl.to_box(state, item)
        sl.to_box(state, c.card)
        state.dead_to_box.append(c.id)
    squad.creatures = [c for c in squad.creatures if c.necromancer]
    if not squad.creatures:
        de.destroyed(state, squad)
    state.note("ce-evil-goat", f"The Goat eviscerates {', '.join(c.id for c in doomed)}: to the box.")


def goat_feeds(state) -> None:
    """The awake Goat eviscerates every squad beside him (rule ce-evil-goat)."""
    goat = goat_squad(state)
    if goat is None or not state.track.awakened:
        return
    for s in list(state.squads):
        if s.id != goat.id and s.hex in neighbours(goat.hex) and s.id in state.squads:
            eviscerate(state, s)


def goat_cycle(state) -> bool:
    """From the cycle after he wakes, each cycle begins with his rampage (a D4 for the way). Whether
    it was queued."""
    goat = goat_squad(state)
    if goat is None or state.awake_cycle is None or state.cycle <= state.awake_cycle:
        return False
    state.part = "evil"
    state.queue.append({"do": "goat"})
    return True


def goat_runs(state, d4: int) -> None:
    """The first player's D4 names the Goat's way (rule ce-evil-goat); where no hex line runs
    that way, the player with most kill points steers (rule ce-evil-goat-decider)."""
    direction = aw.goat_direction(d4)
    paths = sorted(set(aw.goat_paths(goat_squad(state).hex, direction)))
    state.note("ce-evil-goat", f"The D4 shows {d4}: the Goat rampages {direction}.")
    if len(paths) == 1:
        return rampage(state, list(paths[0]), state.order()[0])
    deciders = aw.goat_decider(state.kill_points, state.order())
    if len(deciders) > 1:
        state.queue.insert(0, {"do": "rolloff", "players": deciders, "for": "goat",
                               "paths": [[str(h) for h in p] for p in paths]})
    else:
        state.queue.insert(0, {"do": "trot", "player": deciders[0], "paths": [[str(h) for h in p] for p in paths]})


def rampage(state, path: list, player: int) -> None:
    """The Goat runs along ``path``, tearing apart every squad he comes beside and running on
    (rule ce-evil-goat); rock in his way is dug with an Excavation tile that ``player`` (who threw
    his D4 or steered him) lays there, and he runs on over it (ruling ce-evil-dig-who). He stops
    before a Necromancer, a Chthonic Crystal or rock he cannot dig (ruling ce-evil-goat-how)."""
    goat = goat_squad(state)
    for i, h in enumerate(path):
        there = state.squads.at(h)
        if there is not None:
            state.note("ce-evil-goat-how", f"{squad_title(state, there.id)} stands in his way: the Goat stops.")
            break
        if h in state.ground.crystals:  # ruling ce-evil-goat-how: a crystal halts him as a squad would
            state.note("ce-evil-goat-how", f"A Chthonic Crystal stands in his way at {h}: the Goat stops.")
            break
        if not state.ground.is_open(h):
            if evs.digs_tiles(state):
                if not evs.may_dig(state, GOAT, h):
                    state.note("ce-evil-goat-how", f"The Goat cannot break through at {h}: he stops.")
                    break
                return evs.dig_for(state, GOAT, h, player,
                                   {"do": "rampage", "path": [str(x) for x in path[i:]], "player": player})
            p = state.ground.placement("single", h, 0, "open")
            if not evs.singles_left(state) or state.ground.refusal(p, state.squads.player_hexes()) is not None:
                state.note("ce-evil-dig-singles", f"The Goat cannot break through at {h}: he stops.")
                break
            state.ground.place(p, state.squads.player_hexes())
            state.note("ce-evil-dig-singles", f"The Goat blasts through the rock to {h}.")
        state.squads.relocate(goat.id, h)
        goat_feeds(state)
    state.note("ce-evil-goat", f"The Goat stands at {goat.hex}.")
