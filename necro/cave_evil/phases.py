"""The turn and its phases, and the cycle (rules ce-turn-order, ce-combat-phase1,
ce-phase-conjure, ce-phase-actions, ce-event-phase4, ce-cycle-limit, ce-last-standing):

1. Combat against adjacent enemies (:func:`start_turn` lists the squads that must fight);
2. Conjure Forbidden Knowledge (:func:`conjure_phase` queues it: :mod:`.turn`'s ``conjure`` step);
3. Squad Actions (each action in its module: the package docstring's map);
4. Event Outcomes (:func:`phase4` queues the turn's events: :mod:`.turn`, :mod:`.events`).

:func:`settle` runs the game on after every action to the next decision: digs that fail or finish,
the end of set-up, the Awakened Evils' wins, players out, the turn's parts.
"""

from __future__ import annotations

from . import awaken as aw
from . import awakening as ak
from . import conjuration as cj
from . import digging as dg
from . import dread as dr
from . import effects as ef
from . import evil_goat as egoat
from . import evil_statue as estatue
from . import excavation as ex
from . import fighting as fg
from . import fights as fx
from . import guarding as gd
from . import protectors as px
from . import setup as su
from . import setup_play as sp_
from . import turn as tn
from .basics import GOAT, OVER, PLAY, SETUP, STATUE
from .combat import DEFENDER


def end_turn(state) -> None:
    """The turn player ends the turn (rule ce-turn-order): digs not dug on lapse, finished digs put
    away, the turn's marks cleared, the Blood Eye's reveal turned; the next player's turn."""
    player = state.turn
    for sid, dig in list(state.digs.items()):
        squad = state.squads.by_id.get(sid)
        if squad is not None and squad.owner == player and ex.end_turn(dig):
            state.digs[sid] = ex.abandon(dig, state.deck)
            state.note("ce-dig-continue", f"Squad {state.squads[sid].card} did not dig on: its dig lapses.")
    dg.collect_done(state)
    if state.events:
        for e in state.events:  # each to its own deck's box: a conjured event is no excavation card
            (state.conj_box if e in cj.conjuration_spec() else state.boxed)[e] += 1
        why = ("the turn ended before its Phase 4" if state.full
               else "the map-and-combat game has no Phase 4 (ruling ce-game-full)")
        state.note("ce-events-later", f"Events set aside this turn ({', '.join(state.events)}) go to the box "
                                      f"unresolved: {why}.")
        state.events = []
    state.note("ce-turn-order", f"Player {player + 1} ends the turn.")
    ef.turn_over(state, player)  # the Turn Markers of its effects count down (ruling ce-turn-markers)
    state.spells_cast = []
    state.last_combat = None
    state.roused = {}
    if state.full:
        state.part, state.invoking, state.sacrificing, state.invoked_into = None, False, False, []
        state.abandoned = []
        state.power_turn = False
        state.track, turned = aw.end_of_turn(state.track)
        if turned:
            ak.reveal(state)
    if state.dread["must"]:
        dr.turn_passes(state, player)
    next_turn(state)
    if state.dread["must"]:
        dr.turn_begins(state)


def next_turn(state) -> None:
    """The next player in the game, clockwise; after the last, the cycle ends (the Blood Eye
    advances, an awake Evil acts: :mod:`.awakening`) or, in the map-and-combat game, the cycle
    limit ends the game (rule ce-cycle-limit)."""
    order = su.clockwise(state.game.players, state.plan.first)
    i = order.index(state.turn)
    while True:
        i += 1
        if i == len(order):
            i = 0
            state.note("ce-turn-order", f"Cycle {state.cycle} ends.")
            if state.full:
                ak.end_cycle(state)
                if state.phase == OVER:
                    return
                state.cycle += 1
                while order[i] in state.out:
                    i += 1
                if state.turn in state.out:  # the turn just ended was of a player put out in it: while the
                    state.turn = order[i]    # Evil acts, the turn rests with the cycle's first player instead
                if ak.evil_each_cycle(state):
                    state.after_evil = order[i]
                    return
                break
            elif state.cycle >= state.game.options["cycles"]:
                state.phase, state.turn = OVER, None
                state.note("ce-cycle-limit", f"The {state.game.options['cycles']}-cycle limit is reached: "
                                             "the game ends with no winner.")
                return
            state.cycle += 1
        if order[i] not in state.out:
            break
    start_turn(state, order[i])


def start_turn(state, player: int) -> None:
    """``player``'s turn begins: its squads fresh, its digs go on, and Phase 1 lists the squads next
    to enemies, which must fight first (rule ce-combat-phase1)."""
    state.turn = player
    state.items_used = []  # items serve again (rule ce-item-once)
    state.part = "conjure" if state.full else None
    state.squads.new_turn(player)
    for sid, dig in list(state.digs.items()):
        squad = state.squads.by_id.get(sid)
        if squad is not None and squad.owner == player:
            state.digs[sid] = ex.new_turn(dig)
    state.note("ce-turn-order", f"Cycle {state.cycle}: player {player + 1}'s turn.")
    state.must_fight = fx.must_fight(state.ground, state.squads, player)
    if state.must_fight:
        state.note("ce-combat-phase1", "Phase 1: " + ", ".join(f"squad {state.squads[s].card}" for s in state.must_fight)
                   + " began the turn next to an enemy and must fight first.")


GO_ON, STOP = "go on", "stop"
"""What a step of :func:`settle` tells it: look again from the top, or wait for a decision (None:
nothing to do here, ask the next step)."""


def settle(state) -> None:
    """Run on to the next decision: the end of set-up, the Evils' deeds and wins, queued procedures,
    a Wandering Monster's choice in a fight, the end of Phase 1, failed and finished digs, players
    out, the Evil's fight at the start of a cycle, and the turn's parts (conjuring, events)."""
    if state.homes:
        state.homes = {sid: h for sid, h in state.homes.items()
                       if sid in state.squads and px.is_protector(state.squads[sid])}
        state.roused = {sid: t for sid, t in state.roused.items() if sid in state.homes}
    while True:
        if state.phase == SETUP:
            if _settle_setup(state) == GO_ON:
                continue
            return
        if state.phase != PLAY:
            return
        for step in SETTLE_STEPS:
            outcome = step(state)
            if outcome is not None:
                break
        else:
            return
        if outcome == STOP:
            return


def _settle_setup(state):
    """Set-up runs on: play begins once the cave is built, or the game ends if a step cannot be
    laid."""
    step = state.plan.next_step()
    if step is None:
        sp_.start_play(state)
        start_turn(state, state.plan.first)
        return GO_ON
    sp_.check_stuck(state, step)
    return STOP


def _game_over(state) -> None:
    """The game is over: nobody decides anything more."""
    state.phase, state.turn, state.pending, state.must_fight, state.queue = OVER, None, None, [], []


def _evil_won(state):
    """The awake Goat feeds; an Awakened Evil conquered ends the game (its module set the winner)."""
    if state.full and state.evil == GOAT and state.combat is None and egoat.goat_squad(state) is not None:
        egoat.goat_feeds(state)
    if state.full and state.winner_player is not None:
        _game_over(state)
        state.combat = None
        return STOP
    return None


def _procedure(state):
    """A queued procedure (:mod:`.turn`) plays its automatic steps, then waits for its decision."""
    if not state.queue:
        return None
    if any(d.stage == "done" for d in state.digs.values()):
        dg.collect_done(state)
    tn.run_automatic(state)
    if state.queue or state.phase != PLAY:
        return STOP
    return GO_ON


def _fight_under_way(state):
    """A fight waits for its decision; a defending Wandering Monster picks its second attribute (every
    attribute if it holds a Stabbist, ruling ce-stabbist-how)."""
    if state.combat is None:
        return None
    while state.fight.chooser() == DEFENDER and state.combat["control"][DEFENDER] == "wandering":
        fg.monster_second(state)
    return STOP


def _protector_done(state):
    """The Protector's attack is over (ruling ce-protector-attack): the turn ends as asked."""
    if state.guard is not None and not state.must_fight:
        state.guard = None
        if state.turn not in state.out:
            phase4(state)
            return GO_ON
    return None


def _phase1_over(state) -> None:
    """Squads that must fight and no longer can (their foe gone) are let off (rule ce-combat-phase1)."""
    if state.must_fight:
        keep = [s for s in state.must_fight if s in state.squads and
                fx.targets(state.ground, state.squads, state.squads[s])]
        if keep != state.must_fight:
            state.must_fight = keep
            if not keep:
                state.note("ce-combat-phase1", "Phase 1 is over: the squads may now act.")
            state._cache = None
    return None


def _digs_settled(state):
    """A dig that can draw no card or lay its tile nowhere fails; finished digs are put away; a
    collapse's death rolls all made."""
    dig = state.finishing()
    if dig is not None and state.pending is None and dg.fails(state, dig):
        return GO_ON
    if any(d.stage == "done" for d in state.digs.values()):
        dg.collect_done(state)
        return GO_ON
    if state.pending is not None and state.pending["kind"] == "roll" and not state.pending["squads"]:
        state.pending = None
        return GO_ON
    return None


def _last_standing(state):
    """The game ends with nobody able to come back (rule ce-battle-on) or one player left (rule
    ce-last-standing)."""
    alive = [p for p in range(state.game.players) if p not in state.out]
    if state.full and state.fallen and len(alive) > 1 and not state.necromancers():
        _game_over(state)
        state.note("ce-battle-on", "No Necromancer is left alive and no crystal burns: nobody can come back, "
                                   "and nobody wins.")
        return STOP
    if len(alive) <= 1:
        state.phase, state.turn, state.pending, state.must_fight = OVER, None, None, []
        if alive and alive[0] in state.fallen:
            state.note("ce-battle-on", f"Player {alive[0] + 1} is the last with anything on the map, and wins.")
        elif alive:
            state.note("ce-last-standing", f"Player {alive[0] + 1}'s Necromancer is the last standing.")
        return STOP
    return None


def _statue_won(state):
    """A squad has brought the Statue's Glowing Eyes home (rule ce-evil-statue; never on a power's
    turn)."""
    if state.full and state.evil == STATUE and state.combat is None and not state.power_turn:
        if estatue.eyes_won(state):
            _game_over(state)
            return STOP
    return None


def _cycle_starts(state):
    """The Evil's fight at the start of a cycle is over: the cycle's first turn begins."""
    if state.after_evil is not None and state.combat is None and not state.queue:
        order = state.order()
        first = state.after_evil if state.after_evil in order else order[0]
        state.after_evil = None
        start_turn(state, first)
        return GO_ON
    return None


def _player_gone(state):
    """The turn of a player just put out ends; a fallen player with no squad left is out (rule
    ce-battle-on), and settling looks again, since that may end its turn or the game."""
    if state.turn in state.out and state.pending is None and state.finishing() is None:
        end_turn(state)
        return GO_ON
    perished = [f for f in state.fallen if not state.squads.of(f)]
    for p in perished:
        state.fallen.remove(p)
        state.out.append(p)
        state.out.sort()
        state.note("ce-battle-on", f"Player {p + 1} has no squad left: its flame has perished.")
    # look again from the top: its turn, if it was its own, ends, and one player left wins (ce-last-standing)
    return GO_ON if perished else None


def _turn_parts(state):
    """The full game's turn goes on through its parts: Phase 2 conjuring, then Phase 4's end."""
    if not (state.full and state.pending is None and state.finishing() is None and not state.must_fight):
        return None
    if state.part == "conjure":
        conjure_phase(state)
        return GO_ON
    if state.part == "events":
        end_turn(state)
        return GO_ON
    return None


def conjure_phase(state) -> None:
    """Phase 2, Conjure Forbidden Knowledge (rule ce-phase-conjure): the turn player draws from a deck
    or takes a face-up card (the queued ``conjure`` step); a fallen player has no Necromancer to
    conjure with (rule ce-battle-on)."""
    if state.turn in state.fallen:
        state.part = "actions"
        state.note("ce-battle-on", f"Player {state.turn + 1} has no Necromancer: no conjuring this turn.")
    elif any(state.piles.outcomes(d) or state.piles.top_discard(d) for d in cj.DECKS):
        state.queue.append({"do": "conjure", "player": state.turn})
        state.note("ce-phase-conjure", f"Phase 2: player {state.turn + 1} conjures.")
    else:
        state.part = "actions"
        state.note("ce-phase-conjure", "Phase 2: every Conjuration Deck and discard pile is empty.")


SETTLE_STEPS = (_evil_won, _procedure, _fight_under_way, _protector_done, _phase1_over, _digs_settled,
                _last_standing, _statue_won, _cycle_starts, _player_gone, _turn_parts)
"""The steps of :func:`settle` in play, in the order they are asked."""


def phase4(state) -> None:
    """Phase 4 (rule ce-event-phase4): the events of this turn, in the order drawn, each then boxed."""
    state.part = "events"
    for e in state.events:
        if e in cj.conjuration_spec():
            state.conj_box[e] += 1
            state.queue.append({"do": "event", "card": e})
        else:
            state.boxed[e] += 1
            state.queue.append({"do": "event", "card": state.deck.spec[e].event})
    if state.events:
        state.note("ce-event-phase4", f"Phase 4: {len(state.events)} event{'s' if len(state.events) > 1 else ''} "
                                      "to resolve, in the order drawn.")
    state.events = []


def apply_end(state, kind, g, action) -> None:
    """``end``: the turn player ends Phase 3. In the full game a Protector it woke may attack first
    (ruling ce-protector-attack), then Phase 4 resolves the turn's events; the map-and-combat game
    has no Phase 4."""
    dr.check_end(state)  # squads owing the Necrotic Devil a move go first (rule ce-necrotic-devil)
    if state.full and gd.protector_attacks(state):
        pass
    elif state.full:
        phase4(state)
    else:
        end_turn(state)
