"""Squad action C. Cast Spells, spells cast in combat, and the items and spells a squad carries.

**The action** (rule ce-cast): a squad of the turn player holding a spellcaster and carrying a
spell may cast it as its action in Phase 3 (``cast II slave-revolt 1:IV``; Mind Control names the
creature it seizes, ``cast II mind-control 1:IV ratman-7``). Its spellcasters cast as many spells
as they use items, each a ``cast`` of the same action. Only spells the squad carries are cast, so a
spell squad N invokes is not cast by N that turn (its action was the invoke) but may be passed to a
squad that has not acted and cast at once. A cast spell goes to the box (ruling ce-item-box). The
spells whose card is a combat modifier are cast in combat only (ruling ce-spell-combat-only); the
four the text names without an effect have the book's (ruling ce-spell-effects, :mod:`.effects`).
A spell reaches an enemy squad or Wandering Monster beside the caster or in its sight.

**In combat** (ruling ce-cast-combat): spells are announced before the dice, each side with its
attribute: ``first strength cast blinding-prism`` (the attacker, who so decides first),
``second dodge cast lightning-speed`` (the defender, having seen it). A Wandering Monster casts
every spell it can when it picks its attribute. Casting in combat takes no action.

What else lives here: the discard-after-use items used up by a fight (ruling ce-item-box).
Carrying, picking up and passing are :mod:`.picking`'s; which creature may hold what is :mod:`.loot`'s.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

from necro.core import CHANCE, IllegalAction

from . import conjuration as cj
from . import digging as dg
from . import effects as ef
from . import fights as fx
from . import loot as lt
from .basics import in_phase_3, is_evil_squad, own_squads, squad_name
from .combat import ATTACKER, DEFENDER, check_side
from .ground import Refusal
from .hexes import neighbours
from .movement import Squad, squad_id
from .sight import in_sight
from .spawn import next_marker

ACTION_SPELLS = ("incur-wrath", "mind-control", "obscene-romance", "slave-revolt")
"""The spells cast as a squad's action; every other spell is a combat modifier (ruling ce-spell-combat-only)."""

WIZARDS = ("black-wizard", "split-black-wizard")
"""The Black Wizard and its split twin: a Necromancer's own squad, which never revolts (ruling ce-spell-effects)."""

PENDING = ("d4", "attach")
"""The decisions a cast leaves pending: Mind Control's D4 (chance), the creature a permanent effect
is attached to (declared by the player receiving it)."""


def use_up(state, sid: str, members) -> None:
    """Discard-after-use items a surviving squad used in the fight are gone."""
    if fx.is_crystal(sid) or sid not in state.squads:
        return
    for cid, item in fx.spent(members):
        c = state.squads[sid].creature(cid)
        lt.take(c, item)
        state.ledger[f"item:{item}"] -= 1
        to_box(state, item)
        state.note("ce-death-drops", f"{item} is used up.")


def to_box(state, card_id: str) -> None:
    """A conjuration card used up (discard after use) leaves play for the box (ruling ce-item-box)."""
    if state.full and card_id in cj.conjuration_spec():
        state.conj_box[card_id] += 1


# ------------------------------------------------------------------ who may cast
def capacity(creatures) -> int:
    """How many spells these creatures cast: their spellcasters' item counts (rule ce-cast)."""
    cards = lt.catalogue()
    out = 0
    for c in creatures:
        card = cards.creatures.get(c.card) if c.card else None
        if card is not None and card.spellcaster:
            out += card.item_count
    return out


def cast_this_turn(state, sid: str) -> int:
    return sum(1 for x in getattr(state, "spells_cast", ()) if x == sid)


def may_cast(state, squad: Squad) -> bool:
    """Whether ``squad`` may cast one more spell now: its action not taken, or taken by casting with a
    spellcaster's item use left (rule ce-cast)."""
    done = cast_this_turn(state, squad.id)
    if squad.acted and not done:
        return False
    return done < capacity(squad.creatures)


def carried(squad: Squad, action: bool = True) -> list[str]:
    """The spells the squad carries (each once), those cast as an action or those cast in combat."""
    cards = lt.catalogue()
    return sorted({i for c in squad.creatures for i in c.items
                   if cards.item(i).kind == "spell" and (i in ACTION_SPELLS) == action})


def targets(state, squad: Squad, spell: str) -> list[str]:
    """The squads the spell may strike: enemy squads and Wandering Monsters (Slave Revolt: enemy
    squads without a Necromancer, off any crystal) beside the caster or in its sight; never an
    Awakened Evil (ruling ce-spell-effects)."""
    seen = set(neighbours(squad.hex)) | set(in_sight(state.ground, squad))
    crystals = set(state.crystals().values())
    out = []
    for s in sorted(state.squads.by_id.values(), key=lambda x: x.id):
        if s.owner == state.turn or s.hex not in seen or is_evil_squad(state, s.id) or not s.creatures:
            continue
        if spell == "slave-revolt" and (s.wandering or s.has_necromancer or s.hex in crystals
                                        or any(c.card in WIZARDS for c in s.creatures)):
            continue
        out.append(s.id)
    return out


def cast_options(state) -> list[str]:
    """Casting as a squad's action (rule ce-cast): every spell carried by a squad that may cast, at
    every squad it reaches (Mind Control: at every creature there but a Necromancer)."""
    if not state.full or not in_phase_3(state):
        return []
    out = []
    for squad in own_squads(state):
        spells = carried(squad)
        if not spells or not may_cast(state, squad):
            continue
        for spell in spells:
            if spell == "mind-control" and not ef.markers_free(state):
                continue
            for tid in targets(state, squad, spell):
                if spell == "mind-control":
                    out += [f"cast {squad.card} {spell} {tid} {c.id}" for c in state.squads[tid].creatures
                            if not c.necromancer]
                else:
                    out.append(f"cast {squad.card} {spell} {tid}")
    return out


def cast_refusal(state, g) -> Refusal | None:
    """Why ``cast CARD SPELL TARGET [CREATURE]`` is refused now (None: legal)."""
    card, spell, tid, cid = g
    if not state.full:
        return Refusal("ce-game-full", "spells are cast in the full game")
    sid = squad_id(state.turn, card)
    if sid not in state.squads:
        return Refusal("ce-control-cards", f"player {state.turn + 1} has no squad on card {card}")
    squad = state.squads[sid]
    if spell not in lt.catalogue().items or lt.catalogue().item(spell).kind != "spell":
        return Refusal("ce-cast", f"{spell!r} is not a spell card")
    if spell not in ACTION_SPELLS:
        return Refusal("ce-spell-combat-only", f"{spell} changes a fight: it is cast in combat, with an attribute")
    if not in_phase_3(state):
        return Refusal("ce-cast", "spells are cast as an action in Phase 3, with nothing else under way")
    if not capacity(squad.creatures):
        return Refusal("ce-cast", f"squad {card} has no spellcaster")
    if spell not in carried(squad):
        return Refusal("ce-cast", f"squad {card} does not carry {spell}: only spells the squad carries are cast")
    if not may_cast(state, squad):
        return Refusal("ce-cast", f"squad {card} has taken its action, or its spellcasters have cast all they can")
    if spell == "mind-control" and not ef.markers_free(state):
        return Refusal("ce-turn-markers", "both sets of Turn Markers are in use: no more timed effects now")
    if tid not in targets(state, squad, spell):
        return Refusal("ce-cast", f"{spell} cannot reach {tid} from squad {card}: an enemy beside it or in its sight"
                       + (", without a Necromancer, off any crystal" if spell == "slave-revolt" else ""))
    if (cid is not None) != (spell == "mind-control"):
        return Refusal("ce-cast", "Mind Control names the creature it seizes; no other spell does")
    if cid is not None and cid not in [c.id for c in state.squads[tid].creatures if not c.necromancer]:
        return Refusal("ce-spell-effects", f"no creature {cid} but a Necromancer in {tid}")
    return None


def apply_cast(state, kind, g, action) -> None:
    """``cast II SPELL TARGET``: the squad's action (rule ce-cast); the spell goes to the box."""
    refusal = cast_refusal(state, g)
    if refusal:
        raise IllegalAction(action, refusal.rule, refusal.reason)
    card, spell, tid, cid = g
    sid = squad_id(state.turn, card)
    squad = state.squads[sid]
    holder = next(c for c in squad.creatures if spell in c.items)
    lt.take(holder, spell)
    state.ledger[f"item:{spell}"] -= 1
    to_box(state, spell)
    for c in squad.creatures:
        c.acted = True
    state.spells_cast = list(getattr(state, "spells_cast", [])) + [sid]
    state.note("ce-cast", f"Squad {card} casts {lt.catalogue().item(spell).name} on {squad_name(state, tid)}; "
                          "the card goes to the box.")
    target = state.squads[tid]
    if spell == "slave-revolt":
        revolt(state, target)
    elif spell == "mind-control":
        state.pending = {"kind": "d4", "creature": cid, "card": spell, "by": state.turn}
    elif len(target.creatures) == 1:
        ef.attach(state, target.creatures[0].id, spell, state.turn)
    else:
        state.pending = {"kind": "attach", "squad": tid, "card": spell, "by": state.turn}


def revolt(state, target: Squad) -> None:
    """Slave Revolt (ruling ce-spell-effects): the squad throws off its master and becomes a Wandering
    Monster where it stands, with what it carries, under the first free marker letter."""
    if target.id in state.digs:
        dg.drop_dig(state, target.id, "ce-dig-leave")
    state.squads.remove(target.id)
    letter = next_marker(state.squads, ("N",))
    for c in target.creatures:
        c.moved, c.acted, c.halted = 0, False, False
    state.squads.add(Squad(squad_id(None, letter), None, target.hex, target.creatures, letter,
                           dict(target.resources)))
    state.must_fight = [s for s in state.must_fight if s != target.id]
    state.note("ce-spell-effects", f"Slave Revolt: player {target.owner + 1}'s squad {target.card} at {target.hex} "
                                   f"throws off its master and becomes Wandering Monster {letter}.")


# ------------------------------------------------------------------ what a cast leaves pending
def pending_player(state) -> int:
    """Who decides the pending cast: chance rolls Mind Control's D4; the player receiving a permanent
    effect declares its creature (rule ce-effect-permanent; the caster, for a Wandering Monster)."""
    p = state.pending
    if p["kind"] == "d4":
        return CHANCE
    owner = state.squads[p["squad"]].owner
    return p["by"] if owner is None else owner


def pending_actions(state) -> list[str]:
    p = state.pending
    if p["kind"] == "d4":
        return []
    return [f"attach {c.id}" for c in state.squads[p["squad"]].creatures]


def pending_outcomes(state):
    """Mind Control's D4, each face a quarter."""
    return [(f"d4 {n}", Fraction(1, 4)) for n in range(1, 5)]


def apply_d4(state, kind, g, action) -> None:
    """``d4 3``: Mind Control holds its creature for that many turns (a Turn Marker: ruling ce-turn-markers)."""
    p = state.pending
    if p is None or p["kind"] != "d4":
        raise IllegalAction(action, "ce-turn-markers", "no D4 is to be rolled now")
    n = int(g[0])
    if not 1 <= n <= 4:
        raise IllegalAction(action, "ce-turn-markers", "a D4 shows 1 to 4")
    state.pending = None
    ef.attach(state, p["creature"], p["card"], p["by"], n)


def apply_attach(state, kind, g, action) -> None:
    """``attach ratman-7``: the receiving player declares the creature the card is attached to (rule
    ce-effect-permanent)."""
    p = state.pending
    if p is None or p["kind"] != "attach":
        raise IllegalAction(action, "ce-effect-permanent", "no permanent effect is being attached now")
    if g[0] not in [c.id for c in state.squads[p["squad"]].creatures]:
        raise IllegalAction(action, "ce-effect-permanent", f"{g[0]} is not a creature of {p['squad']}")
    state.pending = None
    ef.attach(state, g[0], p["card"], p["by"])


def read_pending(pending_r, kind: str, squads, turn: int) -> dict:
    """A pending cast decision read back from JSON, checked (the caster is the turn player)."""
    card = pending_r["card"].str(choices=tuple(ef.LASTING))
    by = pending_r["by"].int(turn, turn)
    if kind == "d4":
        cid = pending_r["creature"].str(max_length=40)
        if card != "mind-control" or not any(c.id == cid for s in squads.by_id.values() for c in s.creatures):
            pending_r.fail("Mind Control's D4 is rolled for a creature on the map (rule ce-turn-markers)")
        return {"kind": kind, "creature": cid, "card": card, "by": by}
    sid = pending_r["squad"].str(max_length=40)
    if sid not in squads or ef.LASTING[card].timed:
        pending_r.fail("a permanent effect is attached to a creature of a squad on the map (rule ce-effect-permanent)")
    return {"kind": kind, "squad": sid, "card": card, "by": by}


def explain(state, kind, g) -> tuple[str, str]:
    """Why a cast, an attach or a D4 is refused now."""
    if kind == "cast":
        refusal = cast_refusal(state, g)
        return (refusal.rule, refusal.reason) if refusal else ("ce-cast", "not now")
    if kind == "attach":
        return "ce-effect-permanent", "no permanent effect is being attached now, or not to that creature"
    if kind in ("answer", "choose"):
        return "ce-cast-combat", ("spells are cast in combat before the dice: the attacker with its first attribute "
                                  "('first strength cast ...'), then the defender ('defender casts ...'), each only "
                                  "the spells its fighters carry, within its spellcasters' item use")
    return "ce-turn-markers", "no D4 is to be rolled now"


# ------------------------------------------------------------------ spells in combat
def _names(record: dict, role: str) -> list[str]:
    return record["attackers"] if role == ATTACKER else record["defenders"]


def combat_spells(record: dict, role: str) -> list[str]:
    """The combat spells the fighters of ``role`` carry, one entry per card, sorted."""
    cards = lt.catalogue()
    return sorted(i for members in record["sides"][role] for f in members for i in f.get("items", ())
                  if cards.item(i).kind == "spell" and i not in ACTION_SPELLS)


def _after(record: dict, role: str, spells) -> dict:
    """The record with ``spells`` cast by ``role``: taken from their carriers, named under ``cast``."""
    out = _copy(record)
    for spell in spells:
        for members in out["sides"][role]:
            f = next((f for f in members if spell in f.get("items", ())), None)
            if f is not None:
                left = list(f["items"])
                left.remove(spell)
                if left:
                    f["items"] = left
                else:
                    del f["items"]
                break
    cast = out.setdefault("cast", {})
    cast[role] = sorted(cast.get(role, []) + list(spells))
    return out


def _copy(record: dict) -> dict:
    return json.loads(json.dumps(record))


def castable(record: dict, role: str) -> list[tuple[str, ...]]:
    """Every set of combat spells ``role`` may cast in this fight (ruling ce-cast-combat): spells its
    fighters carry, within its spellcasters' item use and its hands (rule ce-spell-cast); none
    against an Awakened Evil, nor by a side that has announced already."""
    if record.get("evil") or role in record.get("cast", {}):
        return []
    spells = combat_spells(record, role)
    out = []
    for k in range(1, len(spells) + 1):
        for combo in sorted(set(combinations(spells, k))):
            try:
                check_side(fx.side_of(_after(record, role, combo), role), role)
            except IllegalAction:
                continue
            out.append(combo)
    return out


def combat_choices(state, step: str, choices) -> list[str]:
    """``first strength cast blinding-prism``: the attacker's first attribute with the spells it casts
    (ruling ce-cast-combat)."""
    if step != "first" or state.combat["control"][ATTACKER] != "player" or state.fight.stabbist:
        return []  # against a Stabbist the defender opens: the attacker casts nothing (ruling ce-stabbist-how)
    return [f"first {a} cast {','.join(combo)}" for combo in castable(state.combat, ATTACKER) for a in choices]


def defender_to_answer(state) -> bool:
    """Whether a player's defending side, the attacker's first attribute known and no die thrown yet,
    is still to announce the spells it casts (ruling ce-cast-combat)."""
    record = state.combat
    return bool(record is not None and record["order"] and not record["dice"]
                and record["control"][DEFENDER] == "player" and "defender" not in record.get("cast", {})
                and combat_spells(record, DEFENDER) and castable(record, DEFENDER))


def answers(state) -> list[str]:
    """``defender casts nothing``, ``defender casts blinding-prism``: the defender's announcement."""
    return ["defender casts nothing"] + [f"defender casts {','.join(c)}" for c in castable(state.combat, DEFENDER)]


def before_choose(state, g, action) -> None:
    """``first strength cast lightning-speed``: the attacker's spells are cast as it picks its first
    attribute (the pick itself is :func:`necro.cave_evil.fighting.apply_choose`)."""
    which, attribute, spells = g
    if spells:
        if which != "first" or state.fight is None or state.fight.decision() != "first" \
                or attribute not in state.fight.choices():
            raise IllegalAction(action, "ce-cast-combat", "the attacker casts with its first attribute; the defender "
                                                          "announces its own before the dice ('defender casts ...')")
        cast_in_combat(state, ATTACKER, spells.split(","))


def after_choose(state, g) -> None:
    """The first attribute picked: a Wandering Monster defending casts what it can (ruling ce-cast-combat)."""
    if g[0] == "first" and state.combat is not None and state.combat["control"][DEFENDER] == "wandering":
        monster_casts(state)


def apply_answer(state, kind, g, action) -> None:
    """``defender casts ...``: the defending player's spells, announced before the dice (ruling ce-cast-combat)."""
    if not defender_to_answer(state):
        raise IllegalAction(action, "ce-cast-combat", "no defender is to announce spells now")
    if g[0] == "nothing":
        state.combat.setdefault("cast", {})[DEFENDER] = []
        state.note("ce-cast-combat", "The defender casts no spell.")
    else:
        cast_in_combat(state, DEFENDER, g[0].split(","))


def cast_in_combat(state, role: str, spells) -> None:
    """``role`` casts ``spells`` in the fight under way: taken from their carriers (and the squads on
    the map), named in the record, gone to the box (rules ce-spell-cast, ce-item-box)."""
    record = state.combat
    if tuple(sorted(spells)) not in castable(record, role):
        raise IllegalAction(",".join(spells), "ce-cast-combat",
                            "the side cannot cast these: spells its fighters carry, within its spellcasters' item use")
    new = _after(record, role, sorted(spells))
    for sid, old, now in zip(_names(record, role), record["sides"][role], new["sides"][role]):
        if sid not in state.squads:
            continue
        for f_old, f_new in zip(old, now):
            for spell in set(f_old.get("items", ())):
                gone = list(f_old.get("items", ())).count(spell) - list(f_new.get("items", ())).count(spell)
                for _ in range(gone):
                    lt.take(state.squads[sid].creature(f_old["id"]), spell)
                    state.ledger[f"item:{spell}"] -= 1
                    to_box(state, spell)
    record.clear()
    record.update(new)
    state._fight = None
    who = "The attacker" if role == ATTACKER else "The defender"
    names = ", ".join(lt.catalogue().item(s).name for s in sorted(spells))
    state.note("ce-cast-combat", f"{who} casts {names} before the dice; the card{'s go' if len(spells) > 1 else ' goes'} "
                                 "to the box.")


def monster_casts(state) -> None:
    """A Wandering Monster defending casts the most spells it can, the first such set (ruling ce-cast-combat)."""
    combos = castable(state.combat, DEFENDER)
    if combos:
        best = max(len(c) for c in combos)
        cast_in_combat(state, DEFENDER, next(c for c in combos if len(c) == best))

