"""Squad actions E. Combat and F. Flanking Combat, as the state plays them (rules ce-combat-*,
ce-flank-*, ce-crystal-*): a fight declared (Phase 1's fights first), the attributes chosen, the dice
rolled, and the fight's end: the losers die (:mod:`.death`), a subdued monster is captured
(:mod:`.subduing`), a missed shot spares its shooters, a crushed crystal takes its Necromancer,
a winning Protector goes home. The combat arithmetic is :mod:`.combat`; the sides and the record
are :mod:`.fights`; a shot is :mod:`.shooting`.
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import astral as worm
from . import awakening as ak
from . import death as de
from . import digging as dg
from . import fights as fx
from . import guarding as gd
from . import loot as lt
from . import picking as pk
from . import ripping as rp
from . import spells as sl
from . import subduing as sb
from . import wizard as wz
from .basics import EMPEROR, meets_emperor, squad_name
from .combat import ATTACKER, DEFENDER
from .creatures import ATTRIBUTES
from .movement import squad_id
from .odds import round_odds


def defending_player(state) -> int | None:
    """The player who answers for the defending side: the crystal's owner, else the owner of its
    first squad that a player owns (None: Wandering Monsters only)."""
    if state.combat.get("evil"):  # her opponents answer for her: the next player on (ruling ce-evil-bitch-second)
        order = state.order()
        return order[(order.index(state.turn) + 1) % len(order)]
    for sid in state.combat["defenders"]:
        if fx.is_crystal(sid):
            return fx.crystal_owner(sid)
        if sid in state.squads and state.squads[sid].owner is not None:
            return state.squads[sid].owner
    return None


def explain_combat(state, kind, g) -> tuple[str, str]:
    """Why an action is refused while a fight is under way, or a fight's choice or die
    when none is."""
    combat = state.fight
    if combat is None:
        return "ce-combat-first", "no combat is under way"
    step = combat.decision()
    if kind == "die":
        who = "attacker" if fx.pending_die(state.combat) is None else "defender"
        if g[0] != who:
            return "ce-combat-round", f"the {who} rolls now"
        return "ce-combat-round", "a D12 shows 1 to 12"
    if kind != "choose":
        return "ce-combat-to-the-end", "a combat goes on until one side has won two rounds"
    if g[0] != step:
        if step == "roll":
            return "ce-combat-round", "the attribute is chosen: the dice are to be rolled"
        if combat.stabbist and step in ("first", "second", "third"):
            return "ce-stabbist", f"the Stabbist's side picks the {step} attribute now"
        rule = "ce-combat-first" if step == "first" else "ce-combat-second"
        return rule, f"the {'attacker picks the first' if step == 'first' else 'defender picks the second'} attribute now"
    try:
        fx.combat_of(state.combat).choose(g[1])
    except IllegalAction as exc:
        return exc.rule, exc.reason
    return "core-legal", "not now"  # pragma: no cover


def explain_fight(state, g) -> tuple[str, str]:
    """Why ``fight ...`` is refused (rules ce-combat-attacker, ce-combat-phase1, ce-flank, ce-
    crystal-attack)."""
    cards = g[0].split(",")
    attackers = [squad_id(state.turn, c) for c in cards]
    for sid, card in zip(attackers, cards):
        if sid not in state.squads:
            return "ce-control-cards", f"player {state.turn + 1} has no squad on card {card}"
    phase = 1 if state.must_fight else 3
    refusal = fx.fight_refusal(state.ground, state.squads, state.turn, attackers, g[1], phase, state.must_fight or None,
                               state.crystals())
    if refusal:
        return refusal.rule, refusal.reason
    if state.power_turn and meets_emperor(state, attackers, g[1]):
        return "ce-power", "no Awakened Evil is defeated in a turn its Necromancer used its once-per-game power"
    return "ce-flank", "name the attacking squads in card order (N, I, II, III, IV, V)"


def owed(state) -> list[str]:
    """The turn player's squads that walked up to an enemy squad or a Wandering Monster this turn
    before taking an action, and so must fight it now (rule ce-combat-must): each has moved, has not
    acted, and has a foe beside it (a squad that has acted may walk up and wait: the Death section's
    NOTE); or, moved or not, has not acted and has beside it a Wandering Monster its player abandoned
    this turn (advanced rule 5, ce-adv-abandon). A Protector is left out: it makes its own attack as the turn's actions end (ruling
    ce-protector-attack). So is a foe that may not be fought this turn: in a turn that used a
    once-per-game power nobody fights the Emperor, as target or flanking defender (rule ce-power), so
    a squad beside him owes nothing (else it could neither fight nor end the turn)."""
    if state.turn is None or state.must_fight or state.guard is not None:
        return []
    return [s.id for s in state.squads.of(state.turn)
            if not s.acted and any(t not in state.homes and (any(c.moved for c in s.creatures)
                                                                            or t in state.abandoned)
                                   and not (state.power_turn and meets_emperor(state, [s.id], t))
                                   for t in fx.targets(state.ground, state.squads, s))]


OWED_BARS = ("declare", "continue", "invoke", "meditate", "sacrifice", "cast")
"""What a squad owing a fight may not do first: dig, collapse, cast a spell, or (squad N) invoke,
meditate or sacrifice; fighting, hiring, subduing, shooting, a Necromancer's power or the Goat's slaying,
picking up and passing stay open (rule ce-combat-must)."""


def owed_refusal(state, kind, g, due=None) -> tuple[str, str] | None:
    """Why ``end`` or another action must wait for a fight owed (rule ce-combat-must); None: it need
    not (``due``: :func:`owed`, if known)."""
    due = owed(state) if due is None else due
    if not due:
        return None
    names = ", ".join(state.squads[s].card for s in due)
    if kind == "end":
        return "ce-combat-must", f"squad {names} walked up to a foe: next to an enemy combat must take place this turn"
    if kind not in OWED_BARS:
        return None
    card = g[1] if kind == "declare" else (g[0] if kind in ("continue", "cast") else "N")
    if squad_id(state.turn, card) in due:
        return "ce-combat-must", (f"squad {card} walked up to a foe: it must fight it (or hire or subdue a "
                                  "Wandering Monster) before anything else")
    return None


def apply_fight(state, attackers: list[str], did: str, subdue: bool = False) -> None:
    """``fight II,III 1:IV`` (or a subdue): the fight is set up with every squad it draws in (rules
    ce-combat-attacker, ce-combat-phase1, ce-flank, ce-crystal-attack); in either phase the
    attackers neither move nor act again this turn (rule ce-combat-halts)."""
    phase = 1 if state.must_fight else 3
    crystals = state.crystals()
    refusal = fx.fight_refusal(state.ground, state.squads, state.turn, attackers, did, phase, state.must_fight or None,
                               crystals)
    if refusal:
        raise IllegalAction(f"fight {did}", refusal.rule, refusal.reason)
    side, defenders = fx.engagement(state.ground, state.squads, state.turn, attackers, did, phase, crystals)
    for sid in defenders:  # a monster that stood there before the items did takes them up now (ruling ce-wandering-pick)
        if sid in state.squads:
            pk.monster_takes_up(state, state.squads[sid])
    state.combat = fx.new_record(state.squads, side, did, phase, defenders)
    if any(d in state.squads and any(c.card == EMPEROR for c in state.squads[d].creatures) for d in defenders):
        for members in state.combat["sides"][ATTACKER]:  # nothing may be used on the Emperor (ce-evil-emperor)
            for m in members:
                m.pop("items", None)
    state.items_used += fx.once_a_turn(state.combat, state.items_used)
    if subdue:
        state.combat["subdue"] = True
    state._fight = None
    state.last_combat = None
    cards = [state.squads[a].card for a in attackers]
    who = f"Squad {cards[0]}" if len(cards) == 1 else "Squads " + ", ".join(cards[:-1]) + f" and {cards[-1]}"
    where = crystals[fx.crystal_owner(did)] if fx.is_crystal(did) else state.squads[did].hex
    text = f"{who} attack{'s' if len(cards) == 1 else ''} {squad_name(state, did)} at {where}"
    if phase == 1:
        if subdue:
            text = text.replace(" attacks ", " tries to subdue ", 1)
        if state.guard is not None:
            state.note("ce-protector-attack", f"{text}, as the Protector's attack demands.")
        else:
            state.note("ce-combat-phase1", f"Phase 1: {text}, as {'it' if len(cards) == 1 else 'they'} must.")
        state.must_fight = [s for s in state.must_fight if s not in attackers]
    else:
        rule = "ce-crystal-attack" if fx.is_crystal(did) else ("ce-flank" if len(cards) > 1 else "ce-combat-attacker")
        if subdue:
            rule, text = "ce-subdue", text.replace(" attacks ", " tries to subdue ", 1)
        state.note(rule, text + ".")
    note_sides(state, side[len(attackers):], defenders)
    spend_action(state, attackers, who, len(cards))  # Phase 1's fighters sit out Phase 3 too (ce-combat-halts)
    pay_to_use(state)


def pay_to_use(state) -> None:
    """Pay to Use items (rule ce-item-pay, ruling ce-item-pay-how): each one a side of the fight just
    set up would use is paid for from its carrier's squad; one its squad cannot pay for (or a
    Wandering Monster's) is only carried: it leaves the record and the turn's record of items used."""
    cards = lt.catalogue()
    record = state.combat
    for role, sids in ((ATTACKER, record["attackers"]), (DEFENDER, record["defenders"])):
        for sid, members in zip(sids, record["sides"][role]):
            squad = state.squads.by_id.get(sid)
            for f in members:
                for item in fx.used_items([f])[0]:
                    price = dict(cards.item(item).pay)
                    if not price:
                        continue
                    cost = ", ".join(f"{n} {r}" for r, n in price.items())
                    if squad is not None and squad.owner is not None and lt.affords(squad, price):
                        lt.pay(squad, price)
                        state.ledger.subtract(price)
                        state.note("ce-item-pay", f"{f['id']} pays {cost} to use {item}.")
                        continue
                    f["items"].remove(item)
                    if not f["items"]:
                        del f["items"]
                    key = f"{f['id']}:{item}"
                    if key in state.items_used:
                        del state.items_used[len(state.items_used) - 1 - state.items_used[::-1].index(key)]
                    state.note("ce-item-pay-how", f"{f['id']} cannot pay {cost} for {item}: it only carries it.")
    state._fight = None


def note_sides(state, helpers, defenders) -> None:
    """Log who else fights: squads defending with the target, monsters helping the attacker,
    the astral form of a crystal."""
    for sid in defenders:
        if fx.is_crystal(sid):
            state.note("ce-crystal-astral", f"Player {fx.crystal_owner(sid) + 1}'s Necromancer defends its crystal "
                                            "in its astral form: 12 in every attribute, nothing else.")
        elif sid != defenders[0] and fx.is_crystal(defenders[0]):
            state.note("ce-crystal-astral", f"{squad_name(state, sid)[0].upper() + squad_name(state, sid)[1:]} "
                                            "stands on the crystal and defends it too.")
        elif sid != defenders[0]:
            name = squad_name(state, sid)
            monster = state.squads[sid].wandering or defenders[0] not in state.squads or state.squads[defenders[0]].wandering
            state.note("ce-flank-wandering" if monster else "ce-flank-defend",
                       f"{name[0].upper() + name[1:]} stands next to the attackers and defends too.")
    for sid in helpers:
        state.note("ce-flank-wandering-help", f"{squad_name(state, sid)} stands next to the defender only: "
                                              "it fights on the attacker's side.")


def apply_choose(state, which: str, attribute: str) -> None:
    """``first strength`` / ``second special``: the attacker's or the defender's attribute (rules
    ce-combat-first, ce-combat-second); ``third armor`` too against a Stabbist, whose side picks all three
    (rule ce-stabbist)."""
    combat = state.fight
    if combat.decision() != which:
        rule = "ce-stabbist" if combat.stabbist or which == "third" else (
            "ce-combat-first" if which == "first" else "ce-combat-second")
        raise IllegalAction(f"{which} {attribute}", rule, f"no {which} attribute is to be chosen now")
    combat.choose(attribute)
    state.combat["order"] = list(combat.order)
    if combat.stabbist:
        state.note("ce-stabbist", f"The defending Stabbist's side picks {attribute} for round {len(combat.order)}.")
    elif which == "first":
        state.note("ce-combat-first", f"The attacker opens with {attribute}.")
    else:
        state.note("ce-combat-second", f"The defender picks {attribute} for round 2.")


def apply_die(state, who: str, n: int) -> None:
    """``attacker rolls 2`` / ``defender rolls 12``: a round's dice; a tie is rolled again, two
    rounds won end the fight (rules ce-combat-round, ce-combat-tie, ce-combat-third)."""
    combat = state.fight
    pending = fx.pending_die(state.combat)
    if combat.decision() != "roll" or (who == "attacker") != (pending is None):
        raise IllegalAction(f"{who} rolls {n}", "ce-combat-round", "not that die now")
    state.combat["dice"].append(n)
    if who == "attacker":
        return
    done = combat.roll(pending, n)
    if done is None:
        a = combat.tally(ATTACKER, combat.attribute).total
        d = combat.tally(DEFENDER, combat.attribute).total
        state.note("ce-combat-tie", f"{combat.attribute.capitalize()}: attacker {a} + {pending} = {a + pending}, "
                                    f"defender {d} + {n} = {d + n}: a tie, both roll again.")
        return
    for rule, text in fx.fight_lines(combat, done):
        state.note(rule, text)
    state.combat["order"] = list(combat.order)
    if combat.winner is None and len(combat.rounds) == 2 and not combat.stabbist:
        state.note("ce-combat-third", f"One round each: a third round is fought with {combat.order[2]}.")
    if combat.winner is not None:
        finish_fight(state)


def spend_action(state, attackers, who: str, n: int) -> None:
    """The squads have taken their one action: they neither act nor move again this turn (rules
    ce-one-action, ce-combat-halts)."""
    for a in attackers:
        for c in state.squads[a].creatures:
            c.acted = c.halted = True
    state.note("ce-combat-halts", f"{who} {'has' if n == 1 else 'have'} taken "
                                  f"{'its' if n == 1 else 'their'} action and will not move again this turn.")


# ------------------------------------------------------------------ the end of a fight
def finish_fight(state) -> None:
    """Two rounds won (rule ce-combat-two-wins). Against an Awakened Evil, its own end
    (:func:`necro.cave_evil.awakening.finish_evil_fight`); a Wandering Monster beaten in a subdue
    is captured (rule ce-subdue); otherwise the losers die and leave their gore and items on their
    hexes, their creatures going to the winner as kill points. A shot that loses spares its shooters
    unless the target shot back (rules ce-shoot-miss, ce-shoot-defence); a crystal that loses is
    crushed (rule ce-crystal-crushed), attackers that lose to one die (rule ce-crystal-fail)."""
    record, combat = state.combat, state.fight
    result = combat.result()
    if record.get("evil"):
        ak.finish_evil_fight(state, record, combat, result)
        return
    wins = combat.wins(result.winner)
    score = f"{wins} rounds to {len(combat.rounds) - wins}"
    if record.get("subdue") and result.winner == ATTACKER:
        _subdued(state, record, score)
        return
    if record.get("astral") and worm.struck(state, record, result.winner):
        return  # the Astral Worm's strike failed: the main combat begins (rule ce-astral-worm)
    if record.get("apart") is not None and result.winner == ATTACKER and rp.torn(state, record, score):
        return  # one creature of a squad torn apart dies; the next is fought (rule ce-attacktite)
    end = _the_end(state, record, result)
    _announce(state, end, result.winner, score)
    points, outs = _the_losers_die(state, record, end)
    for sid, members in zip(end["won"], record["sides"][result.winner]):
        sl.use_up(state, sid, members)
    if end["spared"]:
        for sid, members in zip(end["losers"], record["sides"][end["lose_role"]]):
            sl.use_up(state, sid, members)
    crushed = end["crushed"]
    if crushed is not None:
        points += _crystal_crushed(state, crushed, end["by"], outs)
    if not end["spared"]:
        de.award_kill_points(state, end["by"], points)
    state.last_combat, state.combat, state._fight = record, None, None
    for owner in outs:
        if owner == crushed and not de.battles_on(state, owner):
            de.free_creatures(state, owner)
        de.player_out(state, owner)
    if crushed is not None and end["by"] is not None and end["by"] in state.fallen:
        de.revive(state, end["by"], [s for s in record["attackers"] if s in state.squads], end["crystal_hex"])
    for sid in end["won"]:
        if sid in state.homes and sid in state.squads:
            gd.protector_home(state, sid)
    state.must_fight = [s for s in state.must_fight if s in state.squads]
    dg.check_abandoned(state)


def _subdued(state, record, score: str) -> None:
    """The attacker won a subdue: the monster is captured, not killed (rules ce-subdue, ce-subdue-after)."""
    state.note("ce-subdue", f"The attacker wins {score}: the monster is subdued, not killed.")
    for role in (ATTACKER, DEFENDER):
        for sid, members in zip(record["attackers" if role == ATTACKER else "defenders"], record["sides"][role]):
            sl.use_up(state, sid, members)
    state.last_combat, state.combat, state._fight = record, None, None
    sb.capture(state, record["defenders"][0])
    state.must_fight = [s for s in state.must_fight if s in state.squads]
    dg.check_abandoned(state)


def _the_end(state, record, result) -> dict:
    """Who lost and who won, who earns the kill points (``by``: the winning side's first player, or a
    crystal's owner), whether a missed shot spares its shooters, and the crystal fought, if one."""
    lose_role = DEFENDER if result.winner == ATTACKER else ATTACKER
    won = record["defenders"] if result.winner == DEFENDER else record["attackers"]
    crystal = fx.is_crystal(record["defenders"][0])
    return {
        "lose_role": lose_role,
        "losers": record["attackers"] if result.winner == DEFENDER else record["defenders"],
        "won": won,
        "crystal": crystal,
        "crystal_hex": state.crystals().get(fx.crystal_owner(record["defenders"][0])) if crystal else None,
        "by": next((fx.crystal_owner(s) if fx.is_crystal(s) else state.squads[s].owner for s in won
                    if fx.is_crystal(s) or state.squads[s].owner is not None), None),
        "spared": (record.get("kind") == "shoot" and result.winner == DEFENDER and not crystal
                   and record.get("defence") != "ranged"),
        "crushed": None,
    }


def _announce(state, end: dict, winner: str, score: str) -> None:
    """The fight's result in the log: a missed shot, a crystal that holds or is crushed, or the dead."""
    losers = end["losers"]
    if end["spared"]:
        state.note("ce-shoot-miss", f"The defender wins {score}: the shot misses, and the shooters live.")
    elif end["crystal"] and winner == DEFENDER:
        state.note("ce-crystal-fail", f"The crystal holds, {score}: the attackers are destroyed.")
    elif end["crystal"]:
        guard = [squad_name(state, s) for s in losers[1:]]
        state.note("ce-crystal-crushed", f"The attacker wins {score}: {squad_name(state, losers[0])} is crushed"
                   + (f", and {', '.join(guard)} dies with it." if guard else "."))
    else:
        state.note("ce-combat-two-wins", f"The {winner} wins {score}: "
                   + ", ".join(squad_name(state, s) for s in losers) + " dies.")


def _the_losers_die(state, record, end: dict) -> tuple[float, list[int]]:
    """The losing squads are buried (not a missed shot's shooters); a crystal among them is marked
    crushed. Returns the kill points earned and the players whose Necromancer died."""
    points, outs = 0.0, []
    hexes = {state.squads[s].hex for s in end["losers"] if s in state.squads}
    where = "ce-gore-where" if len(hexes) > 1 else "ce-gore"  # each on its own hex
    for sid, members in zip(end["losers"], record["sides"][end["lose_role"]]):
        if fx.is_crystal(sid):
            end["crushed"] = fx.crystal_owner(sid)
            continue
        if end["spared"]:
            continue
        squad = state.squads.remove(sid)
        points += de.bury(state, squad, end["by"], set(fx.spent(members)), where)
        if squad.has_necromancer:
            outs.append(squad.owner)
    return points, outs


def _crystal_crushed(state, crushed: int, by, outs: list[int]) -> float:
    """A crushed crystal's Necromancer dies wherever it stands, with its squad N, and a split Black
    Wizard's halves with it (rules ce-crystal-crushed, ce-power-split-death). Returns the kill points."""
    points = 0.0
    if crushed not in outs:
        n = state.squads[squad_id(crushed, "N")]
        state.note("ce-crystal-crushed", f"Player {crushed + 1}'s crystal is crushed: its Necromancer dies wherever "
                                         f"it stands ({n.hex}), with its squad N.")
        state.squads.remove(n.id)
        points += de.bury(state, n, by, set())
        outs.append(crushed)
    return points + wz.kill_wizards(state, crushed, by)


def monster_second(state) -> None:
    """A Wandering Monster defending picks the second attribute itself (ruling ce-wandering-second):
    the neighbour of the first where the attacker's round chance is lower; the first on the ring if equal."""
    combat = state.fight
    chances = round_odds(combat)
    pick = min(combat.choices(), key=lambda a: (chances[a], ATTRIBUTES.index(a)))
    combat.choose(pick)
    state.combat["order"] = list(combat.order)
    state.note("ce-wandering-second", f"The Wandering Monster picks {pick} for round {len(combat.order)}.")
