"""The Darkest Statue of Death (rule ce-evil-statue; rulings ce-evil-statue-basic, -how): it stands
on The Pit, any squad may fight it with everything it has; whoever brings its Glowing Eyes to their
own crystal wins.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import awaken as aw
from . import conjuration as cj
from . import evils as evs
from . import fights as fx
from . import loot as lt
from .basics import STATUE, in_phase_3, squad_name
from .combat import DEFENDER
from .ground import Refusal
from .hexes import distance, lines, neighbours
from .movement import STATUE_ASLEEP, is_goat, squad_id, trapped


def raise_statue(state) -> None:
    """The awake Statue stands on The Pit, a foe any squad may fight with everything it has
    (rule ce-evil-statue; ruling ce-evil-statue-basic: without the advanced reveal it is placed
    as it wakes)."""
    if wake_in_place(state):
        return
    evs.clear_pit(state)
    evs.raise_on_pit(state, STATUE, 0, "The Darkest Statue of Death stands on The Pit as monster {m}: any squad "
                                       "may fight it with everything it has. Whoever brings its eyes to their own "
                                       "crystal wins.")


def eyes_home(state) -> int | None:
    """The player whose squad stands on its own crystal holding the Statue's eyes (rule ce-evil-statue)."""
    crystals = state.crystals()
    for s in state.squads:
        if s.owner is not None and crystals.get(s.owner) == s.hex and any(lt.EYES in c.items for c in s.creatures):
            return s.owner
    return None


def eyes_won(state) -> bool:
    """Whether a player has brought the Glowing Eyes home, and so wins (rule ce-evil-statue)."""
    home = eyes_home(state)
    if home is None:
        return False
    state.winner_player = home
    state.note("ce-evil-statue", f"Player {home + 1}'s squad brings the Glowing Eyes onto its crystal: "
                                 f"player {home + 1} wins.")
    return True


# ------------------------------------------------------------------ advanced play: the reveal and the bath
def advanced(state) -> bool:
    """Whether the Statue's reveal is played (advanced play: ``awakening="advanced"``; ruling
    ce-evil-statue-basic: other games ignore it)."""
    return state.game.options.get("awakening") == "advanced"


def asleep(state):
    """The revealed Statue standing on The Pit before it wakes (None: not there)."""
    return next((s for s in state.squads if any(c.card == STATUE_ASLEEP for c in s.creatures)), None)


def reveal_statue(state) -> None:
    """Revealed in advanced play, the Statue is set on The Pit, whatever stood there moving beside it;
    nobody fights it or stops beside it until it wakes (rule ce-evil-statue)."""
    evs.clear_pit(state)
    evs.raise_on_pit(state, STATUE, 0, "The Darkest Statue of Death is set on The Pit as monster {m}. Until it "
                                       "wakes nobody fights it and squads pass beside it freely; a Necromancer "
                                       "beside it with 18 kill points may bathe it and aim its eyes.")
    asleep_now = state.squads.at(state.ground.pit())
    asleep_now.creatures[0].card = STATUE_ASLEEP  # the same creature, marked not yet awake


def wake_in_place(state) -> bool:
    """The revealed Statue wakes where it stands (rule ce-evil-statue): True if it was on the map."""
    statue = asleep(state)
    if statue is None:
        return False
    statue.creatures[0].card = STATUE
    state.note("ce-evil-statue", f"The Darkest Statue of Death wakes on The Pit as monster {statue.card}: no more "
                                 "baths; any squad may fight it with everything it has. Whoever brings its eyes to "
                                 "their own crystal wins.")
    return True


def stare_targets(state, statue) -> list[str]:
    """The squads the Statue's eyes may strike: within 8 spaces, with a line to them that no rock and
    no other squad blocks (the first squad on the path the Necromancer picks; rules ce-evil-statue,
    ce-line-of-sight). Not the Goat, nor a squad trapped in a collapse."""
    out = []
    for t in state.squads:
        if t.id == statue.id or is_goat(t) or trapped(state.ground, t) or distance(statue.hex, t.hex) > aw.STATUE_RANGE:
            continue
        for ln in lines(statue.hex, t.hex):
            if all(state.ground.is_open(h) and state.squads.at(h) is None for h in ln[1:-1]):
                out.append(t.id)
                break
    return out


def bath_refusal(state, target: str | None = None) -> Refusal | None:
    """Why the turn player's Necromancer may not bathe the Statue now (rule ce-evil-statue; ruling
    ce-evil-statue-bath); with ``target``, also why its eyes may not strike that squad."""
    statue = asleep(state)
    if statue is None:
        return Refusal("ce-evil-statue", "no revealed Statue stands on The Pit (advanced play, before it wakes)")
    if not in_phase_3(state) or state.turn is None:
        return Refusal("ce-evil-statue-bath", "the Statue is bathed in Phase 3, with nothing else under way")
    n = state.squads.by_id.get(squad_id(state.turn, "N"))
    if n is None or not any(c.necromancer for c in n.creatures) or statue.hex not in neighbours(n.hex):
        return Refusal("ce-evil-statue", "the Necromancer must stand beside the Statue to bathe it")
    if n.acted:
        return Refusal("ce-evil-statue-bath", "bathing the Statue is squad N's action, and it has acted this turn")
    if state.kill_points[state.turn] < aw.STATUE_BATH:
        return Refusal("ce-evil-statue", f"bathing the Statue takes {aw.STATUE_BATH} kill points "
                                         f"(player {state.turn + 1} has {state.kill_points[state.turn]:g})")
    if target is not None and target not in stare_targets(state, statue):
        return Refusal("ce-evil-statue", f"the eyes reach squads within {aw.STATUE_RANGE} spaces on a clear line: "
                                         f"{target} is not one of them")
    return None


def bath_options(state) -> list[str]:
    """``bathe N 2:III``: every squad the bathed Statue's eyes may strike (rule ce-evil-statue)."""
    if bath_refusal(state) is not None:
        return []
    return [f"bathe N {t}" for t in stare_targets(state, asleep(state))]


def boxed_kills(dead: list[dict], player: int) -> list[int]:
    """Which of ``player``'s kill-point cards go to the box for a bath (ruling ce-evil-statue-bath):
    worth at least 18 and as little over as possible (among equal sums, the first set found going
    through the cards in the order they were killed).
    Indexes into ``dead``."""
    mine = [i for i, d in enumerate(dead) if d["by"] == player]
    need = int(aw.STATUE_BATH * 2)
    best: dict[int, tuple[int, ...]] = {0: ()}  # half points reached -> the cards (earliest first)
    for i in mine:
        worth = int(fx.points_of(dead[i]) * 2)
        for total, cards in sorted(best.items(), reverse=True):
            if total >= need:
                continue
            key = total + worth
            if key not in best:
                best[key] = cards + (i,)
    enough = min(t for t in best if t >= need)
    return list(best[enough])


def bathe(state, target: str) -> None:
    """``bathe N 2:III``: the Necromancer bathes the Statue in 18 kill points' worth of its kills, whose
    cards go to the box, and the Statue's eyes strike ``target``: a shot with weapon that earns
    nobody kill points, and that the Statue survives whatever its outcome (rule ce-evil-statue;
    ruling ce-evil-statue-bath)."""
    refusal = bath_refusal(state, target)
    if refusal:
        raise IllegalAction(f"bathe N {target}", refusal.rule, refusal.reason)
    p, statue = state.turn, asleep(state)
    gone = boxed_kills(state.dead, p)
    spent = sum(fx.points_of(state.dead[i]) for i in gone)
    spec = cj.conjuration_spec()
    for i in sorted(gone, reverse=True):
        card = state.dead.pop(i).get("card")
        if card in spec:
            state.conj_box[card] += 1
    state.kill_points[p] -= spent
    for c in state.squads[squad_id(p, "N")].creatures:
        c.acted = True
    state.note("ce-evil-statue", f"Player {p + 1}'s Necromancer bathes the Statue in {spent:g} kill points "
                                 f"({len(gone)} card{'s' if len(gone) != 1 else ''} to the box): its eyes shine on "
                                 f"{squad_name(state, target)}.")
    record = fx.new_record(state.squads, [statue.id], target, 3, kind="shoot")
    record["sides"][DEFENDER] = [fx.snapshot(state.squads[target])]  # the whole squad defends; the Statue is
    record.pop("defence", None)                                       # never hurt by the answer
    record["stare"] = True
    state.combat, state._fight, state.last_combat = record, None, None
