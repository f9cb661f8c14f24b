"""The Darkest Evil Bitch (rules ce-evil-bitch, ce-evil-bitch-none, ce-evil-roll-off): she wakes and
kills every Necromancer without enemy kill points; each cycle after she fights the squad N with the
fewest.
"""

from __future__ import annotations

from . import awaken as aw
from . import death as de
from . import fights as fx
from . import wizard as wz
from .basics import OVER, squad_name
from .hexes import neighbours
from .movement import squad_id


def wakes(state) -> None:
    """She wakes: every Necromancer without enemy kill points dies (rules ce-evil-bitch,
    ce-evil-bitch-none)."""
    enemy, _ = de.kill_points_by_kind(state)
    doomed = aw.bitch_victims(enemy, state.necromancers())
    state.note("ce-evil-bitch", "The Darkest Evil Bitch wakes: every Necromancer without enemy kill points dies"
               + (f": player{'s' if len(doomed) > 1 else ''} {', '.join(str(p + 1) for p in doomed)}." if doomed
                  else "; every one of them has some."))
    for p in doomed:
        n = state.squads.by_id.get(squad_id(p, "N"))
        if n is not None:
            state.squads.remove(n.id)
            de.bury(state, n, None, set())
        wz.kill_wizards(state, p, None)
        if p not in state.out:
            de.player_out(state, p)
    if len(state.out) == state.game.players:
        state.phase, state.turn, state.pending, state.must_fight, state.queue = OVER, None, None, [], []
        state.note("ce-evil-bitch-none", "No Necromancer is left: nobody wins.")


def each_cycle(state) -> None:
    """At the start of a cycle she fights the Necromancer squad with the fewest enemy kill points
    (then wandering ones; a roll-off if still tied: rules ce-evil-bitch, ce-evil-roll-off)."""
    enemy, wandering = de.kill_points_by_kind(state)
    tied = aw.bitch_target(enemy, wandering, state.necromancers())
    if len(tied) > 1:
        state.part = "evil"  # the turn waits for her, as for the Emperor's march (evil_emperor.emperor_cycle)
        state.queue.append({"do": "rolloff", "players": tied, "for": "bitch"})
        state.note("ce-evil-roll-off", "Players " + ", ".join(str(p + 1) for p in tied) + " tie for her attention: "
                                       "they roll a D12, the lowest is chosen.")
    else:
        bitch_attacks(state, tied[0])


def room_for_her(state, victim: int) -> None:
    """A Necromancer with no free open space beside it, hemmed in by squads, rock or collapse: she
    destroys every squad around it, whoever's, to take her place (rule ce-evil-bitch; ruling
    ce-evil-bitch-room). Nobody earns kill points; the dead leave gore and what they carried; a
    Necromancer among them is dead."""
    n = state.squads.by_id.get(squad_id(victim, "N"))
    if n is None:
        return
    around = sorted(neighbours(n.hex))
    if any(state.ground.is_open(h) and state.squads.at(h) is None for h in around):
        return
    crushed = [s for s in (state.squads.at(h) for h in around) if s is not None]
    state.note("ce-evil-bitch-room", f"Player {victim + 1}'s Necromancer is hemmed in on every side: the Darkest "
               "Evil Bitch destroys everything around it"
               + (": " + ", ".join(squad_name(state, s.id) for s in crushed) + "." if crushed else
                  " (rock and collapse only: she fights it where it stands)."))
    outs = []
    for s in crushed:
        state.squads.remove(s.id)
        de.bury(state, s, None, set())
        if s.has_necromancer and s.owner is not None:
            outs.append(s.owner)
    for p in outs:
        if p not in state.out:
            de.player_out(state, p)


def bitch_attacks(state, victim: int) -> None:
    """She appears beside ``victim``'s Necromancer and its squad N fights her (rule ce-evil-bitch),
    after destroying whatever hems it in (ruling ce-evil-bitch-room)."""
    room_for_her(state, victim)
    n = squad_id(victim, "N")
    state.turn, state.part = victim, "evil"
    state.combat = fx.evil_record(state.squads, n, "darkest-evil-bitch")
    state._fight, state.last_combat = None, None
    state.note("ce-evil-bitch", f"The Darkest Evil Bitch appears beside player {victim + 1}'s Necromancer and "
                                "fights its squad N: the squad attacks, without items or spells, under her charm "
                                "(-3 strength, dodge and armor).")
    wz.bitch_note(state, victim)
