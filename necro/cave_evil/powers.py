"""The Necromancers' once-per-game powers (rules ce-power, ce-power-teleport, ce-power-blast,
ce-power-enthrall, ce-power-split; ruling ce-power-when): a free activity of Phase 3 on the
Necromancer's own turn, and the defending player's answer when a fight or a shot falls on one of
its squads (the answer before the dice, beside ``defender casts ...``: :func:`defence_options`).
The Black Wizard's split is :mod:`.wizard`'s.
"""

from __future__ import annotations

from . import death as de
from . import digging as dg
from . import spells as sl
from . import wizard as wz
from .basics import EMPEROR, in_phase_3, squad_name
from .combat import DEFENDER
from .fighting import defending_player
from .hexes import Hex, distance, neighbours, parse_hex
from .movement import Squad, is_goat, squad_id

POWERS = {"rotten-magi": "teleport", "psychomancer-of-fire": "blast", "ice-dead-sorceress": "enthrall",
          wz.BLACK_WIZARD: "split"}
"""Each Necromancer card's once-per-game ability (rules ce-power-teleport, ce-power-blast,
ce-power-enthrall, ce-power-split); the Blood Sorcerer's four items are on its card. The Black
Wizard plays only when the cards are dealt at random (rule ce-necromancer-deal)."""
TELEPORT, ENTHRALL = 5, 3


def power_of(state, player: int) -> str | None:
    """``player``'s Necromancer's once-per-game power (``teleport``, ``blast``, ``enthrall``,
    ``split``; None: none the engine plays)."""
    n = state.squads.by_id.get(squad_id(player, "N"))
    magus = next((c for c in n.creatures if c.necromancer), None) if n else None
    return POWERS.get(magus.card) if magus else None


def power_options(state) -> list[str]:
    """The turn player's once-per-game ability, if unused (rule ce-power): a free activity of
    Phase 3. Ruling ce-power-when: played on its own turn only."""
    p = state.turn
    if not in_phase_3(state) or p in state.powers_used:
        return []
    power = power_of(state, p)
    n = state.squads.by_id.get(squad_id(p, "N"))
    if power == "teleport":
        return [f"teleport N {h}" for h in sorted(_teleport_spots(state, n))]
    if power == "split":
        return wz.split_options(state, n)
    if power == "blast":
        return ["blast N"] if _blast_victims(state, n) else []
    if power == "enthrall":
        return _enthrall_options(state, p)
    return []


def _enthrall_options(state, p: int) -> list[str]:
    """``enthrall N 1:II`` for every enemy squad without a Necromancer the Sorceress of player ``p``
    reaches, when ``p`` has a control card free for it (rule ce-power-enthrall)."""
    if not [c for c in state.squads.free_cards(p) if c != "N"]:
        return []
    return [f"enthrall N {s.id}" for s in state.squads
            if s.owner not in (None, p) and not s.has_necromancer and within_reach(state, s.id, p)]


def defence_options(state) -> list[str]:
    """The defending player's power, offered beside ``defender casts ...`` when a fight or a shot
    falls on its squads, the attacker's first attribute known and no die thrown (ruling
    ce-power-when): the Sorceress enthralls a squad she reaches (an attacker, for one); the
    Psychomancer blasts when an attacking squad stands beside it; the Rotten Magi teleports squad N
    away when N is the squad attacked. Never the Black Wizard's split (it changes nothing in the
    fight), never in a fight with an Awakened Evil, the Emperor or the Goat in it (rule ce-power), and
    not in the map-and-combat game, which has no powers."""
    record = state.combat
    if not state.full or record is None or not record["order"] or record["dice"] or record["control"][DEFENDER] != "player" \
            or DEFENDER in record.get("cast", {}) or record.get("evil") or record.get("stare"):
        return []
    p = defending_player(state)
    if p is None or p in state.powers_used or p in state.out:
        return []
    fighters = [state.squads[s] for s in record["attackers"] + record["defenders"] if s in state.squads]
    if any(is_goat(s) or any(c.card == EMPEROR for c in s.creatures) for s in fighters):
        return []
    n = state.squads.by_id.get(squad_id(p, "N"))
    if n is None:
        return []
    power = power_of(state, p)
    if power == "teleport" and record["defenders"][0] == n.id:
        return [f"teleport N {h}" for h in sorted(_teleport_spots(state, n))]
    if power == "blast" and any(state.squads[a].hex in neighbours(n.hex) for a in record["attackers"] if a in state.squads):
        return ["blast N"]
    if power == "enthrall":
        return _enthrall_options(state, p)
    return []


def defence_refusal(state, g) -> tuple[str, str]:
    """Why a power is refused while a fight is under way (ruling ce-power-when)."""
    p = defending_player(state)
    if p in state.powers_used:
        return "ce-power", "this Necromancer has used its once-per-game power already"
    if not defence_options(state):
        return "ce-power-when", ("in a fight a power is the defending player's answer, given with 'defender casts "
                                 "...' once the attacker has opened and before the dice, and never in a fight with "
                                 "an Awakened Evil, the Emperor or the Goat")
    return "ce-power-when", ("not this power or not there: the Sorceress enthralls a squad she reaches, the "
                             "Psychomancer blasts attackers beside it, the Rotten Magi teleports squad N when N is "
                             "attacked")


def apply_defence_answer(state, kind, g, action) -> None:
    """``defender casts nothing`` where the defender has no spell to announce but a power it keeps:
    the answer before the dice is given (ruling ce-power-when); else the spells' answer
    (:func:`necro.cave_evil.spells.apply_answer`)."""
    if g[0] == "nothing" and not sl.defender_to_answer(state) and defence_options(state):
        state.combat.setdefault("cast", {})[DEFENDER] = []
        state.note("ce-power-when", "The defender casts no spell and keeps its Necromancer's power.")
        return
    sl.apply_answer(state, kind, g, action)


def defender_answers(state) -> bool:
    """Whether the defending player answers before the dice now: spells to announce (ruling
    ce-cast-combat) or a power to use (ruling ce-power-when)."""
    return sl.defender_to_answer(state) or bool(defence_options(state))


def answers(state) -> list[str]:
    """The defender's answer before the dice: ``defender casts ...`` and its power's lines."""
    return sl.answers(state) + defence_options(state)


def _call_off(state, why: str) -> None:
    """The fight under way ends with no winner: the attackers have spent their action (ruling
    ce-power-when, as a bomb's defence: ruling ce-bomb-defence). It is no finished fight for the board
    to show (``last_combat`` keeps only those)."""
    state.last_combat, state.combat, state._fight = None, None, None
    state.note("ce-power-when", f"{why}: the fight is off.")


def within_reach(state, sid: str, player: int | None = None) -> bool:
    """Whether squad ``sid`` is within the Ice Dead Sorceress's 3 spaces (ruling ce-power-enthrall-range):
    as the crow flies, with some open way between them (``player``: hers, the turn player's by default)."""
    n = state.squads.by_id.get(squad_id(state.turn if player is None else player, "N"))
    there = state.squads[sid].hex
    return n is not None and distance(n.hex, there) <= ENTHRALL and state.ground.distance(n.hex, there) is not None


def _blast_victims(state, n: Squad) -> list[Squad]:
    """Whom the Psychomancer's blast burns (rule ce-power-blast): every squad beside it but the
    Emperor and the Goat, asleep or awake: no once-per-game ability is used against the Emperor, nor
    in a fight with the Goat (rules ce-evil-emperor, ce-evil-goat). The Statue may be blasted."""
    return [s for s in state.squads if s.id != n.id and s.hex in neighbours(n.hex)
            and not is_goat(s) and not any(c.card == EMPEROR for c in s.creatures)]


def _teleport_spots(state, n: Squad) -> list[Hex]:
    """Where the Rotten Magi may take its squad (rule ce-power-teleport): up to 5 spaces away as the
    crow flies, through rock, onto open ground with nobody on it, never a spawn pit or an enemy crystal."""
    out = []
    for h in state.ground.open_hexes():
        if 0 < distance(n.hex, h) <= TELEPORT and state.squads.at(h) is None and h not in state.ground.spawn_pits \
                and state.ground.crystals.get(h, n.owner) == n.owner:
            out.append(h)
    return out


def apply_power(state, verb: str, target: str | None) -> None:
    """``teleport N +1-2``, ``blast N``, ``enthrall N 2:III``, ``split N II +2-3``: the power used,
    once per game (rules ce-power-teleport, ce-power-blast, ce-power-enthrall, ce-power-split); in a
    fight, the defending player's answer (ruling ce-power-when)."""
    p = state.current_player()
    record = state.combat
    if record is not None and (verb != "enthrall" or target in record["attackers"] + record["defenders"]):
        _call_off(state, f"Player {p + 1} answers with its Necromancer's power")  # before anyone dies or moves
    n = state.squads[squad_id(p, "N")]
    state.powers_used.append(p)
    state.powers_used.sort()
    state.power_turn = True
    if verb == "teleport":
        to = parse_hex(target)
        state.squads.relocate(n.id, to)
        for c in n.creatures:
            c.halted = False
        state.note("ce-power-teleport", f"Player {p + 1}'s Rotten Magi vanishes with its squad and appears at {to}.")
        dg.check_abandoned(state)  # a dig it was making is given up (rule ce-dig-busy)
    elif verb == "split":
        wz.apply_split(state, n, target)
    elif verb == "blast":
        victims = _blast_victims(state, n)
        state.note("ce-power-blast", f"Player {p + 1}'s Psychomancer of Fire burns everything beside it: "
                   + ", ".join(squad_name(state, s.id) for s in victims) + ".")
        points, outs = 0.0, []
        for s in victims:
            state.squads.remove(s.id)
            points += de.bury(state, s, p if s.owner != p else None, set())  # its own dead earn nothing
            if s.has_necromancer:
                outs.append(s.owner)
        state.kill_points[p] += points
        if points:
            state.note("ce-kill-points", f"Player {p + 1} keeps the slain: {points:g} kill points "
                                         f"({state.kill_points[p]:g} in all).")
        if victims:
            state.note("ce-power-blast-loot", "What the burnt squads carried lies on their spaces with their gore.")
        for owner in outs:
            de.player_out(state, owner)
    else:
        prey = state.squads.remove(target)
        card = [c for c in state.squads.free_cards(p) if c != "N"][0]
        state.squads.add(Squad(squad_id(p, card), p, prey.hex, prey.creatures, card, dict(prey.resources)))
        if target in state.digs:
            dg.drop_dig(state, target, "ce-dig-leave")
        state.note("ce-power-enthrall", f"Player {p + 1}'s Ice Dead Sorceress takes {squad_name(state, target)} for "
                                        f"good: it is now squad {card}.")
    if record is not None:  # Phase 1's fights still owed are the turn player's squads still on the map
        state.must_fight = [s for s in state.must_fight if s in state.squads and state.squads[s].owner == state.turn]
