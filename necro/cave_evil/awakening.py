"""The Awakening: the Blood Eye on the Awaken Track (rules ce-blood-eye-*, ce-awaken-reveal,
ce-awaken-awaken, ce-awaken-doom), the Evil turned up and woken, what each Evil does at the start of
a cycle, and the end of a fight against an Evil. Each Evil's own deeds are in its module:
:mod:`.evil_pit`, :mod:`.evil_bitch`, :mod:`.evil_statue`, :mod:`.evil_emperor`, :mod:`.evil_goat`
(what they share: :mod:`.evils`); the track's data is :mod:`.awaken`.
"""

from __future__ import annotations

from . import awaken as aw
from . import death as de
from . import evil_bitch as ebitch
from . import evil_emperor as eemp
from . import evil_goat as egoat
from . import evil_pit as epit
from . import evil_statue as estatue
from . import fights as fx
from .basics import EMPEROR, GOAT, OVER, PLAY, STATUE, squad_name
from .combat import ATTACKER


def advance_eye(state, spaces: int, rule: str) -> None:
    """Move the Blood Eye and play what it sets off (rules ce-blood-eye-invoke, ce-blood-eye-cycle,
    ce-awaken-reveal, ce-awaken-awaken, ce-awaken-doom); 0 spaces re-reads the icons after a death."""
    if state.track is None or state.track.doomed or state.phase == OVER:
        return
    if len(state.order()) < 2:  # the last player standing has won: the track no longer matters
        return
    # the icons follow the living Necromancers; under Battle On!!! fewer than two may be left while the
    # fallen play on, and the track then keeps its 2-player icons (ruling ce-battle-on)
    alive = max(2, len(state.necromancers()))
    evil = aw.awaken_data()[state.evil] if state.evil else None
    stops = bool(evil and evil.awakened and evil.awakened.track_stops)
    before = state.track.position
    state.track, happened = aw.advance(state.track, spaces, alive, track_stops=stops)
    if state.track.position != before:
        moved = state.track.position - before
        state.note(rule, f"The Blood Eye moves {moved} space{'s' if moved != 1 else ''}: "
                         f"{state.track.position} in all.")
    for what in happened:
        if what == "reveal":
            state.note("ce-awaken-reveal", "The Blood Eye reaches the Reveal icon: the Awakening Evil card is "
                                           "turned up at the end of this turn.")
        elif what == "awaken":
            state.awake_cycle = state.cycle
            state.note("ce-awaken-awaken", f"The Blood Eye reaches the Awaken icon: {evil_name(state)} awakens.")
            awaken_effects(state)
        elif what == "doom":
            state.note("ce-awaken-doom", "The Blood Eye passes the Reveal icon a second time: every Necromancer "
                                         "is destroyed, and nobody wins.")
            state.phase, state.turn, state.pending, state.must_fight, state.queue = OVER, None, None, [], []


def end_cycle(state) -> None:
    """The end of a cycle in the full game: the Blood Eye advances (rule ce-blood-eye-cycle); a card
    due to be revealed is turned at once (ruling ce-awaken-reveal-when)."""
    advance_eye(state, aw.cycle_end_spaces(state.cycle_invoked, state.game.options["extended"]),
                "ce-awaken-extended" if state.game.options["extended"] else "ce-blood-eye-cycle")
    state.cycle_invoked = False
    if state.phase == OVER:
        return
    state.track, turned = aw.end_of_turn(state.track)
    if turned:
        reveal(state)


def evil_name(state) -> str:
    """The Awakening Evil's name (``the Awakening Evil`` while none is drawn)."""
    return aw.awaken_data()[state.evil].name if state.evil else "the Awakening Evil"


def reveal(state) -> None:
    """The Awakening Evil card is turned up (rule ce-awaken-reveal); the Goat sits on The Pit at
    once."""
    state.note("ce-awaken-reveal", f"The Awakening Evil card is turned up: {evil_name(state)}.")
    if state.evil == GOAT and egoat.goat_squad(state) is None:
        egoat.raise_goat(state)
    if state.evil == STATUE and estatue.advanced(state) and estatue.asleep(state) is None:
        estatue.reveal_statue(state)


def awaken_effects(state) -> None:
    """What the Evil does as it wakes (rules ce-evil-pit, ce-evil-bitch, ce-evil-statue, ce-evil-goat,
    ce-evil-emperor): each Evil's module says."""
    wake = WAKES.get(state.evil)
    if wake is not None:
        wake(state)
    else:
        state.note("ce-awaken-awaken", f"{evil_name(state)}'s deeds are not played by this engine yet: the game "
                                       "goes on until a Necromancer stands alone or the Blood Eye's second pass.")


WAKES = {"pit-of-infinite-shadow": epit.wakes, "darkest-evil-bitch": ebitch.wakes, STATUE: estatue.raise_statue,
         GOAT: egoat.wakes, EMPEROR: eemp.wakes}
"""Each Awakening Evil's deeds as it wakes, by its card."""


def evil_each_cycle(state) -> bool:
    """At the start of a cycle an awake Evil acts: the Emperor marches, the Goat rampages, the Darkest
    Evil Bitch fights a Necromancer (each Evil's module). Whether anything was set up (the cycle's
    first turn waits for it)."""
    if not state.track.awakened or state.phase != PLAY or not state.necromancers() or len(state.order()) < 2:
        return False
    if state.evil == EMPEROR:
        return eemp.emperor_cycle(state)
    if state.evil == GOAT:
        return egoat.goat_cycle(state)
    if state.evil != "darkest-evil-bitch":
        return False
    ebitch.each_cycle(state)
    return True


def finish_evil_fight(state, record, combat, result) -> None:
    """A fight against the Darkest Evil Bitch, the Emperor or the Goat is over: a squad that wins
    conquers the Evil and its player wins (rules ce-evil-bitch, ce-evil-emperor, ce-evil-goat); one
    that loses dies, and the Emperor walks on (ruling ce-evil-emperor-how)."""
    if record["attackers"] == [fx.EVIL]:
        return emperor_beat_monster(state, record, combat, result)
    victim = state.squads[record["attackers"][0]].owner
    wins = combat.wins(result.winner)
    score = f"{wins} rounds to {len(combat.rounds) - wins}"
    state.last_combat, state.combat, state._fight = record, None, None
    rule, name = {EMPEROR: ("ce-evil-emperor", "the Eternal Evil Emperor"),
                  GOAT: ("ce-evil-goat", "the Evil Black Old Goat")}.get(
        record["evil"], ("ce-evil-bitch", "the Darkest Evil Bitch"))
    if result.winner == ATTACKER:
        state.note(rule, f"Player {victim + 1}'s {squad_name(state, record['attackers'][0]).split('s ', 1)[-1]} "
                         f"defeats {name}, {score}: player {victim + 1} wins.")
        state.winner_player = victim
        state.phase, state.turn, state.must_fight, state.queue = OVER, None, [], []
        return
    squad = state.squads.remove(record["attackers"][0])
    state.note(rule, f"{name[0].upper() + name[1:]} wins, {score}: player {victim + 1}'s squad {squad.card} dies.")
    de.bury(state, squad, None, set())
    if squad.has_necromancer:
        de.player_out(state, victim)
    if record["evil"] == EMPEROR and state.march_left > 0 and state.phase == PLAY:
        state.queue.insert(0, {"do": "march", "left": state.march_left})
    state.march_left = 0


def emperor_beat_monster(state, record, combat, result) -> None:
    """The Emperor's fight with a Wandering Monster in his way is over (rule ce-evil-emperor; ruling
    ce-evil-emperor-how): the monster that loses dies, nobody earning its kill points, and he walks
    on; if he loses he dies, and nobody wins by it."""
    wins = combat.wins(result.winner)
    score = f"{wins} rounds to {len(combat.rounds) - wins}"
    state.last_combat, state.combat, state._fight = record, None, None
    if result.winner == ATTACKER:
        squad = state.squads.remove(record["defenders"][0])
        state.note("ce-evil-emperor", f"The Emperor wins, {score}: Wandering Monster {squad.card} dies, and "
                                      "nobody earns its kill points.")
        de.bury(state, squad, None, set())
        if state.march_left > 0 and state.phase == PLAY:
            state.queue.insert(0, {"do": "march", "left": state.march_left})
    else:
        em = eemp.emperor(state)
        state.note("ce-evil-emperor-how", f"The Wandering Monster wins, {score}: the Eternal Evil Emperor dies, and "
                                          "nobody wins by it.")
        if em is not None:
            state.squads.remove(em.id)
            de.bury(state, em, None, set())
    state.march_left = 0
