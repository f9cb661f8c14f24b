"""Death (the rulebook's section "Death", "Death of a Necromancer" and the Battle On!!! variant):
a squad killed leaves its gore, resources and items on its hex and its creatures to the victor as
kill points (rules ce-gore, ce-death-drops, ce-kill-points); a Necromancer dead puts its player out
(rule ce-last-standing) and its other squads go masterless, or, under Battle On!!!, plays on with its
crystal dark and may come back (rule ce-battle-on); how a crushed crystal's squads go masterless
(ruling ce-crystal-crushed-how); the
optional collapse death (rule ce-collapse-death).

This module calls the Awaken Track through ``state.advance_eye`` (a death re-reads the icons), since
:mod:`.awakening` kills through this module.
"""

from __future__ import annotations

from . import bank as bk
from . import digging as dg
from . import excavation as ex
from . import fights as fx
from . import loot as lt
from . import spells as sl
from . import wizard as wz
from .basics import CARD_ORDER, EMPEROR, NECROMANCER, PLAY, STATUE, mark_crystals
from .combat import GORE
from .movement import Creature, Squad, squad_id
from .spawn import next_marker


# ------------------------------------------------------------------ killed
def collapse_roll(state, roll: int) -> None:
    """``d12 7``: a squad caught in a collapse rolls; a 1 crushes it (optional rule ce-collapse-death)."""
    sid = state.pending["squads"][0]
    rest = state.pending["squads"][1:]
    state.pending = {"kind": "roll", "squads": rest} if rest else None
    dead = ex.collapse_roll(state.squads, sid, roll)
    if dead is None:
        state.note("ce-collapse-death", f"Squad {sid} rolls {roll} and survives the collapse.")
        return
    state.note("ce-collapse-death", f"Squad {sid} rolls a 1: crushed under the collapse.")
    state.dead.extend(fx.dead_entry(c, dead.owner, None) for c in fx.snapshot(dead))
    leave_things(state, dead)
    if sid in state.digs:
        dg.drop_dig(state, sid, "ce-dig-leave")
    if dead.has_necromancer:
        player_out(state, dead.owner)


def leave_things(state, squad: Squad) -> None:
    """A squad gone from the map other than by a lost fight leaves what it carried on its hex
    (ruling ce-loot-lost-squads)."""
    resources, items = lt.drop_all(state.loot, squad)
    if resources or items:
        state.note("ce-loot-lost-squads", f"Left on {squad.hex}: " + ", ".join(
            [f"{n} {r}" for r, n in sorted(resources.items())] + items) + ".")


# ------------------------------------------------------------------ death of a Necromancer
def destroyed(state, squad: Squad) -> None:
    """A squad whose last creature a bomb or the Goat destroyed leaves the map with what it held:
    its resources go out of play (the ledger forgets them) and its dig is dropped (rule ce-dig-leave)."""
    state.squads.remove(squad.id)
    for r, k in squad.resources.items():
        state.ledger[r] -= k
    if squad.id in state.digs:
        dg.drop_dig(state, squad.id, "ce-dig-leave")


def battles_on(state, owner: int) -> bool:
    """Under the Battle On!!! variant a player whose Necromancer dies plays on while it has squads."""
    return state.full and state.game.options["battle_on"] and any(s.card != "N" for s in state.squads.of(owner))


def player_out(state, owner: int) -> None:
    """A Necromancer has died: its player is out, and the rest of its squads turn into Wandering
    Monsters where they stand (rule ce-last-standing); under
    Battle On!!! it plays on with them instead, its crystal dark (rule ce-battle-on). A split Black
    Wizard lives on while one of its halves does (rule ce-power-split-death)."""
    if owner in state.out:  # a player already out is not put out twice
        return
    leaderless(state, owner)
    if wz.survives(state, owner):
        return
    if owner not in state.fallen and battles_on(state, owner):
        state.fallen.append(owner)
        state.fallen.sort()
        mark_crystals(state)
        state.advance_eye(0, "ce-awaken-adjust")
        state.note("ce-battle-on", f"Player {owner + 1}'s Necromancer is dead, but the battle goes on: player "
                                   f"{owner + 1} plays on with its squads, its crystal dark.")
        return
    if owner in state.fallen:
        state.fallen.remove(owner)
    state.out.append(owner)
    state.out.sort()
    mark_crystals(state)
    if state.full:
        state.advance_eye(0, "ce-awaken-adjust")
    state.note("ce-last-standing", f"Player {owner + 1}'s Necromancer is dead: player {owner + 1} is out.")
    free_creatures(state, owner, "ce-last-standing")
    state.must_fight = [sid for sid in state.must_fight if sid in state.squads]


def leaderless(state, owner: int) -> None:
    """Creatures of squad N that outlive their Necromancer (a bomb-immune one after a blast, rule
    ce-bomb) leave the N card, which is the Necromancer's alone (rule ce-control-cards): they go on as
    a squad on the owner's first free card (ruling ce-battle-on), so that under Battle On!!!
    they are among the squads the player plays on with (rule ce-battle-on), and otherwise turn
    Wandering Monster with the rest (rule ce-last-standing). With no card free they turn Wandering
    Monster at once (rule ce-last-standing: a creature nobody controls wanders)."""
    squad = state.squads.by_id.get(squad_id(owner, "N"))
    if squad is None or any(c.necromancer for c in squad.creatures):
        return
    free = [c for c in state.squads.free_cards(owner) if c != "N"]
    if free:
        wz.move_to_card(state, squad, free[0])
        state.note("ce-battle-on", f"Player {owner + 1}'s Necromancer is dead; the rest of squad N at {squad.hex} "
                                   f"goes on as squad {free[0]}.")
        return
    letter = to_wandering(state, squad)
    state.note("ce-last-standing", f"Player {owner + 1}'s Necromancer is dead and no control card is free: the "
                                   f"rest of squad N at {squad.hex} becomes Wandering Monster {letter}.")


def revive(state, player: int, squads: list, at) -> None:
    """Battle On!!! (rule ce-battle-on): a fallen player's squad with a spellcaster that crushes an
    enemy crystal brings its Necromancer back: the spellcaster gives way to it, the squad becomes
    squad N on the crushed crystal's hex, and the player's own crystal burns again."""
    cards = lt.catalogue()
    for sid in squads:
        squad = state.squads[sid]
        caster = next((c for c in squad.creatures if c.card in cards.creatures and cards.creature(c.card).spellcaster
                       and not c.necromancer), None)
        if caster is None:
            continue
        state.squads.remove(sid)
        if sid in state.digs:
            dg.drop_dig(state, sid, "ce-dig-leave")
        sl.to_box(state, caster.card)
        for item in caster.items:
            state.ledger[f"item:{item}"] -= 1
            sl.to_box(state, item)
        magus = Creature(f"necromancer-{player + 1}-r{len(state.steps)}", necromancer=True,
                         card=wz.card_of(state, player), **NECROMANCER)
        crew = [magus] + [c for c in squad.creatures if c is not caster]
        to = at if at is not None and state.squads.at(at) is None else squad.hex
        state.squads.add(Squad(squad_id(player, "N"), player, to, crew, "N", dict(squad.resources)))
        state.fallen.remove(player)
        mark_crystals(state)
        state.note("ce-battle-on", f"Player {player + 1}'s {caster.id} gives way to the Necromancer, back from the "
                                   f"dead at {to}: its crystal burns again.")
        return


def bury(state, squad: Squad, by, gone, where: str = "ce-gore") -> float:
    """A squad killed: its creatures go to the dead, its gore and items to its hex (``where``: the
    rule the log names for that, ruling ce-gore-where when a fight kills squads on several hexes),
    its dig is dropped. Returns the kill points its death earns ``by``."""
    members = fx.snapshot(squad)  # the whole squad dies, shooters' companions too
    entries = [fx.dead_entry(c, squad.owner, by) for c in members]
    state.dead.extend(entries)
    gore = sum(GORE[c["size"]] for c in members)
    key = str(squad.hex)
    resources, drops = lt.drop_all(state.loot, squad, gone)
    for _, item in gone:  # used up in the lost fight: out of play, so out of the ledger too
        state.ledger[f"item:{item}"] -= 1
        sl.to_box(state, item)
    if any(c["card"] == EMPEROR for c in members) and by is not None and state.phase == PLAY:
        state.winner_player = by  # the first to kill the Emperor wins (rule ce-evil-emperor)
        state.note("ce-evil-emperor", f"The Eternal Evil Emperor falls: player {by + 1} wins.")
    if any(c["card"] == STATUE for c in members):  # its eyes are torn out (rule ce-evil-statue)
        lt.put(state.loot, str(state.ground.pit()), items=[lt.EYES])
        state.ledger[f"item:{lt.EYES}"] += 1
        state.note("ce-evil-statue", "The Statue falls: its Glowing Eyes are torn out and lie on The Pit.")
    gore = bk.pay(state, "gore", gore, "the slain's gore") if gore else 0
    if gore:
        lt.put(state.loot, key, {"gore": gore})
        state.ledger["gore"] += gore
        state.note(where, f"{gore} gore spills on {key}.")
    if drops or resources:
        state.note("ce-death-drops", f"Left on {key}: " + ", ".join(
            [f"{n} {r}" for r, n in sorted(resources.items())] + drops) + ".")
    if squad.id in state.digs:
        dg.drop_dig(state, squad.id, "ce-dig-leave")
    return sum(fx.points_of(e) for e in entries) if by is not None else 0.0


def free_creatures(state, owner: int, rule: str = "ce-crystal-crushed") -> None:
    """A dead Necromancer's player (a crushed crystal's, or one killed otherwise: ``rule``): every
    squad it still has turns Wandering Monster where it stands, under the first free marker letters
    (rule ce-last-standing, ruling ce-crystal-crushed-how)."""
    for s in sorted(state.squads.of(owner), key=lambda x: CARD_ORDER[x.card]):
        letter = to_wandering(state, s)
        state.note(rule, f"Player {owner + 1}'s squad {s.card} at {s.hex} is masterless: "
                                         f"it becomes Wandering Monster {letter}.")


def to_wandering(state, squad: Squad) -> str:
    """A masterless player squad turns Wandering Monster where it stands, under the first free marker
    letter (returned); its dig is dropped and what its creatures did this turn forgotten."""
    if squad.id in state.digs:
        dg.drop_dig(state, squad.id, "ce-dig-leave")
    state.squads.remove(squad.id)
    letter = next_marker(state.squads, ("N",))  # never N: that card is the Necromancer's (and past Z: AA...)
    for c in squad.creatures:
        c.moved, c.acted, c.halted = 0, False, False
    state.squads.add(Squad(squad_id(None, letter), None, squad.hex, squad.creatures, letter, dict(squad.resources)))
    return letter


# ------------------------------------------------------------------ kill points
def kill_points_by_kind(state) -> tuple[list[float], list[float]]:
    """Each player's enemy and wandering kill points (rule ce-kill-points), from the dead."""
    n = state.game.players
    enemy, wandering = [0.0] * n, [0.0] * n
    for d in state.dead:
        if d["by"] is not None:
            (enemy if d["owner"] is not None else wandering)[d["by"]] += fx.points_of(d)
    return enemy, wandering


def award_kill_points(state, by, points: float) -> None:
    """The winner keeps the slain creatures as kill points (rules ce-kill-points, ce-kill-points-monster)."""
    if by is not None:
        state.kill_points[by] += points
        state.note("ce-kill-points", f"Player {by + 1} keeps the slain creatures: {points:g} kill points "
                                     f"({state.kill_points[by]:g} in all).")
    else:
        state.note("ce-kill-points-monster", "A Wandering Monster won: nobody earns kill points.")
