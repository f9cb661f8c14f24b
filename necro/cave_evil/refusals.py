"""Why an action is refused (:meth:`CaveEvilState.explain_illegal`): the rule and the reason, for
any well-formed notation the state does not list now. Each section's own checks stay in its
module (hiring, subduing, fighting, shooting, digging...); this module asks them in turn.
"""

from __future__ import annotations

from necro.core import CHANCE, IllegalAction, NotationError

from . import astral as worm
from . import bank as bk
from . import bombs as bm
from . import digging as dg
from . import dread as dr
from . import evil_statue as estatue
from . import excavation as ex
from . import fighting as fg
from . import hiring as hi
from . import invoking as inv
from . import moving as mv
from . import picking as pk
from . import powers as pw
from . import ripping as rp
from . import setup_play as sp_
from . import shooting as sh
from . import spells as sl
from . import subduing as sb
from . import turn as tn
from . import wizard as wz
from .basics import ADVANCED_RULE, LOOT_KINDS, PLAY, SETUP, in_phase_3
from .hexes import parse_hex
from .movement import move, move_refusal, squad_id
from .notation import parse


def explain_illegal(state, action) -> tuple[str, str]:
    """The rule and the reason ``action`` is refused now (any notation, well-formed or not)."""
    try:
        kind, g = parse(action)
    except NotationError as exc:
        return exc.rule, exc.reason
    if state.queue:
        return tn.explain(state, action)
    if state.full and kind in ("move", "move-to") and state.phase == PLAY:
        sid = squad_id(state.turn, g[0])
        if kind == "move-to" and state.power_turn and state.evil == "pit-of-infinite-shadow" and \
                state.track.awakened and parse_hex(g[1]) == state.ground.pit():
            return "ce-power", "no Awakened Evil is conquered on a turn its Necromancer used its power"
        if inv.move_refusal(state, sid):
            return inv.move_refusal(state, sid)
    if kind == "step":
        return "core-legal", "no procedure is under way that asks for this (a deal, a spawn, an event...)"
    if kind in fg.OWED_BARS and state.phase == PLAY and state.combat is None and state.pending is None:
        owed = fg.owed_refusal(state, kind, g)
        if owed:
            return owed
    if kind in ("invoke", "meditate"):
        return inv.explain_invoke(state, kind, g)
    if kind in ("cast", "attach", "d4", "answer") or (kind == "choose" and g[2]):
        return sl.explain(state, kind, g)
    if kind == "abandon":
        return "ce-adv-abandon", ("advanced rule 5 is not in play" if not state.game.options["abandon"] else
                                  "only the turn player's squads other than N (none holding a Necromancer), or a "
                                  "creature of a squad of several, walking its whole movement left away from its "
                                  "squad (abandon ratman-1-1 +2-3: where the count of spaces ends), in Phase 3")
    if kind == "bathe":
        refusal = estatue.bath_refusal(state, g[0])
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    if kind == "goat":
        if state.power_turn:
            return "ce-power", "no Awakened Evil is defeated in a turn its Necromancer used its once-per-game power"
        return "ce-evil-goat", ("no Goat sits beside this Necromancer, or not now: kneel before the sleeping Goat "
                                "with 27 enemy kill points, slay the awake one with squad N's action")
    if kind == "bomb" and state.phase == PLAY:
        return bm.explain_bomb(state, g)
    if kind == "power":
        if not state.full:
            return "ce-game-full", "the Necromancers' powers belong to the full game"
        if state.combat is not None:
            return pw.defence_refusal(state, g)
        if state.turn in state.powers_used:
            return "ce-power", "this Necromancer has used its once-per-game power already"
        power = pw.power_of(state, state.turn)
        if power != g[0]:
            return "ce-power", f"this Necromancer's power is {power or 'not played by the engine'}, not {g[0]}"
        if g[0] == "split" and in_phase_3(state):
            return wz.split_refusal(state, g[1])
        if g[0] == "enthrall" and in_phase_3(state) and g[1] in state.squads and not pw.within_reach(state, g[1]):
            return "ce-power-enthrall-range", (f"{g[1]} is more than {pw.ENTHRALL} spaces away as the crow flies, "
                                               "or no open way joins it to the Sorceress")
        return "ce-power-" + g[0], "not there, or not now (Phase 3, on its own turn)"
    if kind in ("discard", "sacrifice"):
        rule = ADVANCED_RULE[kind]
        if not state.game.options[kind]:
            return rule, f"advanced rule {'1' if kind == 'discard' else '2'} is not in play (option {kind}=True)"
        return rule, ("not now, or not that card: only cards of the hand in Phase 3" if kind == "discard" else
                      "squad N's action, on its player's creatures with a cost, items and spells in squad N or "
                      "a squad next to it")
    player = state.current_player()
    if player == CHANCE and kind not in ("first", "face-down", "draw", "d12", "die"):
        return "core-turn", "chance decides now"
    if player != CHANCE and kind in ("first", "face-down", "draw", "d12", "die"):
        return "core-chance", "only chance decides that"
    if state.phase == SETUP:
        return sp_.explain_setup(state, kind, g)
    if kind == "first":
        return "ce-first-player", "the first player is already known"
    if kind in ("face-down", "draw"):
        return "ce-deck-draw", f"no {g[0]!r} card is left to draw, or the draw is not that kind"
    if kind == "d12":
        return "ce-collapse-death", "a D12 shows 1 to 12"
    if state.combat is not None and kind == "pass":
        if squad_id(state.turn, g[1]) in state.combat["defenders"] or (
                state.current_player() != state.turn and squad_id(state.current_player(), g[1]) in state.combat["defenders"]):
            return "ce-pass-defender", f"squad {g[1]} is defending in the fight under way: nothing is passed to it"
        return "ce-loot-when", "passing waits until the fight is over"
    if state.combat is not None or kind in ("choose", "die"):
        return fg.explain_combat(state, kind, g)
    dig = state.finishing()
    if kind in LOOT_KINDS and (state.pending is not None or dig is not None):
        return "ce-loot-when", "picking up, passing and dropping wait until this move or dig is settled"
    if state.pending is not None or dig is not None:
        return explain_pending(state, kind, g, dig)
    return explain_turn(state, kind, g)


def explain_pending(state, kind, g, dig):
    """Why an action is refused while a decision is pending (a squad stepping or moving) or a dig is
    being finished: the section concerned says."""
    pending = state.pending
    explain = PENDING.get(pending["kind"]) if pending is not None else None
    if explain is not None:
        return explain(state, kind, g)
    if dig is None:
        return "core-legal", "not a legal action now"
    return dg.explain_finishing(state, kind, g, dig)


PENDING = {"subdued": sb.explain_subdued, "off-pit": hi.explain_off_pit, "move": mv.explain_moving,
           "break": mv.explain_breaking}
"""Who explains a refusal while each kind of decision is pending."""


def explain_turn(state, kind, g):
    """Why an action of the turn (no fight, move or dig under way) is refused: each section's own
    check."""
    if kind in ("place", "step", "stay"):
        return "ce-dig-finish", "no dig is being finished"
    if kind == "subdue":
        refusal = sb.subdue_refusal(state, [squad_id(state.turn, c) for c in g[0].split(",")], g[1], bool(g[2]))
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    if kind == "hire":
        refusal = hi.hire_refusal(state, squad_id(state.turn, g[0]), g[1], *( (g[2],) if g[2] else ()))
        if refusal is None and g[2]:
            return "ce-adv-hire-one", (f"{g[3]} is neither a free hex beside Wandering Monster {g[1]} nor the "
                                      "hiring squad's hex with room for the creature")
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    if kind == "fight":
        return fg.explain_fight(state, g)
    if kind == "fight-apart":
        refusal = rp.apart_refusal(state, [squad_id(state.turn, g[0])], g[1])
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    if kind == "fight-astral":
        refusal = worm.astral_refusal(state, [squad_id(state.turn, g[0])], g[1])
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    if kind == "shoot":
        return sh.explain_shoot(state, g)
    if state.must_fight:
        return "ce-combat-phase1", ("Phase 1: first every squad that began the turn next to an enemy must fight ("
                                    + ", ".join(state.squads[s].card for s in state.must_fight) + ")")
    owed = fg.owed_refusal(state, kind, g)
    if owed:
        return owed
    if kind == "end" and dr.end_refusal(state):
        return dr.end_refusal(state)
    if kind == "setup":
        return "ce-setup-order", "set-up is over"
    if kind in LOOT_KINDS:
        refusal = pk.loot_refusal(state, kind, g)
        return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
    card = g[0] if kind in ("move", "move-to", "break", "break-to", "continue") else (g[1] if kind == "declare" else None)
    sid = squad_id(state.turn, card) if card else None
    if sid is not None and sid not in state.squads:
        return "ce-control-cards", f"player {state.turn + 1} has no squad on card {card}"
    if kind in ("move", "move-to"):
        refusal = move_refusal(state.ground, state.squads, sid)
        if refusal:
            return refusal.rule, refusal.reason
        if kind == "move":
            return "ce-move-rate", f"squad {card} has nowhere to go"
        try:
            move(state.ground, state.squads.copy(), sid, parse_hex(g[1]))
        except IllegalAction as exc:
            return exc.rule, exc.reason
        return "ce-move-rate", "pick the squad first (move N), then its hex"
    if kind in ("break", "break-to"):
        ids = g[1].split(",")
        refusal = move_refusal(state.ground, state.squads, sid, ids)
        if refusal:
            return refusal.rule, refusal.reason
        if len(ids) < len(state.squads[sid].creatures) and not inv.may_break(state, state.squads[sid]):
            return "ce-invoke-move", (f"squad {card} received an invoked creature this turn: it may move, but does "
                                      "not break into separate squads until next turn")
        if len(ids) >= len(state.squads[sid].creatures):
            return "ce-break", f"{g[1]} is all of squad {card}: to move the whole squad, move {card}"
        if kind == "break":
            return "ce-break", f"{g[1]} have nowhere to go from squad {card}"
        rule, reason = mv.explain_move(state, sid, parse_hex(g[2]), ids)
        return (rule, reason) if rule != "core-legal" else ("ce-break", f"pick the creatures first (break {card} {g[1]}), then their hex")
    if kind == "declare":
        mode = "excavate" if g[0] == "dig" else "collapse"
        refusal = ex.declare_refusal(state.ground, state.squads, sid, mode, state.digs) or bk.rock_refusal(state, sid)
        return (refusal.rule, refusal.reason) if refusal else ("ce-dig-declare", "not now")
    if kind == "continue":
        if sid not in state.digs:
            return "ce-dig-continue", f"squad {card} has no dig to go on with"
        helpers = tuple(squad_id(state.turn, c) for c in (g[1].split(",") if g[1] else ()))
        if any(h not in state.squads for h in helpers):
            return "ce-flank-excavation", "a helper is not one of your squads"
        refusal = ex.continue_refusal(state.ground, state.squads, state.digs[sid], helpers,
                                      state.game.options["flank"], state.digs)
        return (refusal.rule, refusal.reason) if refusal else ("ce-dig-continue", "not now")
    if kind == "first":
        return "ce-first-player", "the first player is already known"
    return "core-legal", "not a legal action now"
