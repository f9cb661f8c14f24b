"""Combat on the map: which squads may fight whom, the record of a fight in the position,
and what the dead leave behind. The bridge between the squads of :mod:`.movement` and
the fights of :mod:`.combat`.

A fight in the position is a self-contained **record** (JSON)::

    {"phase": 3,                          # 1: the mandatory combat of Phase 1; 3: a squad action
     "attackers": ["0:II", "0:III"],      # the attacking squads (flanking: several)
     "defenders": ["1:N"],                # the squad attacked
     "sides": {"attacker": [[{"id": "hunched-one-1", "card": "hunched-one", "size": "small"}, ...], ...],
               "defender": [[...]]},      # who fights, squad by squad, with their cards
     "control": {"attacker": "player", "defender": "player" | "wandering"},
     "order": ["strength", "special"],    # the attributes chosen (and the third, once due)
     "dice": [2, 12, 6, 7]}               # every D12 thrown, attacker's then defender's, ties included

:func:`combat_of` rebuilds the :class:`~necro.cave_evil.combat.Combat` from it by
replaying the choices and dice, so the record alone says everything that happened
round by round, even after the losers have left the map.

A creature's fighting numbers come from its card (``Creature.card``, an id of
``creatures.json``). A creature with no card (positions written before cards
existed) fights with the card its id starts with (``necromonk-2`` is a
Necromonk), a Necromancer with the first Necromancer card, and anything else as
a blank card of its size with 0 in every attribute.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

from necro.core import IllegalAction, Reader

from . import effects as ef
from .combat import ATTACKER, DEFENDER, KILL_POINTS, Combat, Fighter, Side
from .creatures import ATTRIBUTES, CreatureCard, catalogue
from .ground import Ground, Refusal
from .hexes import Hex, distance, neighbours
from .movement import MAX_HELD, Creature, Squad, Squads, hostile, is_asleep_statue, is_goat, trapped

PHASES = (1, 3)
KINDS = ("fight", "shoot")
"""A record's ``kind``; a fight or shot that subdues carries ``"subdue": true`` (rule ce-subdue)."""
CRYSTAL = "crystal"
"""A Chthonic Crystal attacked is named like a squad: ``1:crystal`` is player 2's (rules ce-crystal-attack)."""
NECROMANCER_CARDS = ("rotten-magi", "ice-dead-sorceress", "blood-sorcerer", "psychomancer-of-fire")
"""The Necromancer card of each seat (ruling ce-start-squad), unless option ``necromancers="random"``
deals the five at random (rule ce-necromancer-deal: :mod:`.wizard`)."""


# ------------------------------------------------------------------ cards
@lru_cache(maxsize=None)
def blank(size: str) -> CreatureCard:
    """A card for a creature whose card is unknown: its size, and 0 in every attribute."""
    base = catalogue().creature("necromonk")
    return replace(base, id=f"blank-{size}", name=f"unknown {size} creature", size=size, kind="creature",
                   attributes=(0,) * len(ATTRIBUTES), effects=(), pick=0)


def card_id_of(c: Creature) -> str | None:
    """The card a creature fights with: its own, else the one its id names (see the module docstring)."""
    if c.card is not None:
        return c.card
    cards = catalogue()
    if c.necromancer:
        return NECROMANCER_CARDS[0]
    best = None
    for cid in cards.creatures:
        if (c.id == cid or c.id.startswith(cid + "-")) and cards.creature(cid).size == c.size:
            if best is None or len(cid) > len(best):
                best = cid
    return best


def card_of(card_id: str | None, size: str, astral: bool = False) -> CreatureCard:
    card = catalogue().creature(card_id) if card_id is not None else blank(size)
    return astral_form(card) if astral else card


@lru_cache(maxsize=None)
def astral_form(card: CreatureCard) -> CreatureCard:
    """A Necromancer defending its crystal: its base attributes and nothing else (rule ce-crystal-astral)."""
    return replace(card, id=card.id, name=f"{card.name} (astral form)", effects=(), ranged=None)


EVIL = "evil"
"""An Awakened Evil fought as a defender is named ``evil`` in a record (rule ce-evil-bitch)."""


def is_evil(sid: str) -> bool:
    return sid == EVIL


def evil_record(squads: Squads, attacker: str, evil_card: str, answers: str = "player") -> dict:
    """A fight of squad ``attacker`` against an Awakened Evil, which fights without items and spells
    (the Darkest Evil Bitch's charm; nothing may be used on the Emperor); the attacker opens, and
    the Evil's second attribute is picked by a player (``answers="player"``) or for it, as a
    Wandering Monster's is (``"wandering"``)."""
    members = [{k: v for k, v in m.items() if k != "items"} for m in snapshot(squads[attacker])]
    return {"phase": 1, "attackers": [attacker], "defenders": [EVIL],
            "sides": {ATTACKER: [members], DEFENDER: [[{"id": evil_card, "card": evil_card, "size": "large"}]]},
            "control": {ATTACKER: "player", DEFENDER: answers}, "order": [], "dice": [], "evil": evil_card}


def emperor_on_monster(squads: Squads, monster: str, evil_card: str) -> dict:
    """The Emperor falls upon Wandering Monster ``monster`` in his way (rule ce-evil-emperor; ruling
    ce-evil-emperor-how): he attacks, the moving player opening for him; the monster defends with its
    creatures alone (nothing is used on him), its second attribute picked as a Wandering Monster's."""
    members = [{k: v for k, v in m.items() if k != "items"} for m in snapshot(squads[monster])]
    return {"phase": 1, "attackers": [EVIL], "defenders": [monster],
            "sides": {ATTACKER: [[{"id": evil_card, "card": evil_card, "size": "large"}]], DEFENDER: [members]},
            "control": {ATTACKER: "player", DEFENDER: "wandering"}, "order": [], "dice": [], "evil": evil_card}


def crystal_id(owner: int) -> str:
    return f"{owner}:{CRYSTAL}"


def is_crystal(sid: str) -> bool:
    return sid.endswith(":" + CRYSTAL)


def crystal_owner(sid: str) -> int:
    return int(sid.split(":")[0])


# ------------------------------------------------------------------ ranged creatures
def rangers(s: Squad, reach: int | None = None) -> list[Creature]:
    """The creatures of ``s`` with a ranged combat ability, those whose range covers ``reach``
    spaces if given (rules ce-shoot, ce-shoot-range)."""
    out = []
    for c in s.creatures:
        r = card_of(card_id_of(c), c.size).ranged
        if r is not None and (reach is None or r.range >= reach):
            out.append(c)
    return out


# ------------------------------------------------------------------ who may fight
def fighter_refusal(ground: Ground, squads: Squads, sid: str, player: int, phase: int) -> Refusal | None:
    """Why squad ``sid`` may not attack now (for ``player``, in ``phase``)."""
    if sid not in squads:
        return Refusal("ce-control-cards", f"there is no squad {sid}")
    s = squads[sid]
    if s.owner != player:
        return Refusal("ce-combat-attacker", f"squad {sid} is not one of player {player + 1}'s squads")
    if trapped(ground, s):
        return Refusal("ce-collapse-trapped", f"squad {sid} is trapped in a collapse and cannot fight")
    if phase == 3 and s.acted:
        return Refusal("ce-one-action", f"squad {sid} has already taken its action this turn")
    return None


def target_refusal(ground: Ground, squads: Squads, attacker: Squad, did: str) -> Refusal | None:
    """Why ``attacker`` may not attack squad ``did``."""
    if did not in squads:
        return Refusal("ce-combat-attacker", f"there is no squad {did} to attack")
    d = squads[did]
    if not hostile(attacker, d):
        return Refusal("ce-combat-attacker", f"squad {did} is a friend of squad {attacker.id}")
    if trapped(ground, d):
        return Refusal("ce-collapse-trapped", f"squad {did} is trapped in a collapse: it neither fights nor is fought")
    if is_goat(d):
        return Refusal("ce-evil-goat", "only a Necromancer fights the Evil Black Old Goat, once it is awake (slay N)")
    if is_asleep_statue(d):
        return Refusal("ce-evil-statue", "nobody fights the Statue before it wakes")
    if d.hex not in neighbours(attacker.hex):
        return Refusal("ce-combat-attacker", f"squad {attacker.id} does not stand next to squad {did}")
    return None


def targets(ground: Ground, squads: Squads, s: Squad) -> list[str]:
    """The squads ``s`` stands next to and could attack (enemies and Wandering Monsters, not trapped)."""
    if trapped(ground, s):
        return []
    out = []
    for n in neighbours(s.hex):
        d = squads.at(n)
        if d is not None and target_refusal(ground, squads, s, d.id) is None:
            out.append(d.id)
    return sorted(out)


def fight_options(ground: Ground, squads: Squads, player: int, phase: int, only=None,
                  order=None, crystals: dict[int, Hex] | None = None) -> list[tuple[tuple[str, ...], str]]:
    """Every fight ``player`` may start: ``(attackers, defender)``, the attackers any non-empty
    set of its able squads next to the defender (flanking, rule ce-flank) that need not pair off
    (rule ce-flank-pair); in Phase 3 also enemy crystals (rule ce-crystal-attack). ``only``: squads
    that must take part in at least one (Phase 1: the squads that must fight)."""
    able = [s for s in squads.of(player) if fighter_refusal(ground, squads, s.id, player, phase) is None]
    key = order or (lambda sid: sid)
    by_target: dict[str, list[str]] = {}
    for s in able:
        for did in targets(ground, squads, s):
            by_target.setdefault(did, []).append(s.id)
        if phase == 3 and crystals:
            for owner in crystals:
                if crystal_refusal(squads, s, crystal_id(owner), crystals) is None:
                    by_target.setdefault(crystal_id(owner), []).append(s.id)
    out = []
    for did in sorted(by_target):
        group = sorted(by_target[did], key=key)
        for mask in range(1, 1 << len(group)):
            chosen = tuple(g for i, g in enumerate(group) if mask >> i & 1)
            if only is not None and not set(chosen) & set(only):
                continue
            if len(chosen) > 1 and not is_crystal(did):
                att, dfd = engagement(ground, squads, player, chosen, did, phase, crystals)
                if pair_refusal(squads, att, dfd):
                    continue
            out.append((chosen, did))
    return out


def shot_targets(ground: Ground, squads: Squads, shooter: Squad, crystals: dict[int, Hex] | None = None,
                 large=()) -> list[str]:
    """What squad ``shooter`` can shoot at now: the squads (and crystals) a clear line reaches
    within the range of at least one of its ranged creatures; a squad met on the way is the
    target instead of what stands behind it (rules ce-shoot, ce-los-squads); ``large``: the hexes
    where a Large Item lies, which block a line (rule ce-line-of-sight)."""
    from .sight import clear_line, shot

    if trapped(ground, shooter) or not rangers(shooter):
        return []
    out = set()
    for t in squads:
        if t.id == shooter.id:
            continue
        for hit in shot(ground, squads, shooter.id, t.hex, large):
            h = squads[hit]
            if hostile(shooter, h) and not trapped(ground, h) and not is_goat(h) and not is_asleep_statue(h) \
                    and rangers(shooter, distance(shooter.hex, h.hex)):
                out.add(hit)
    for owner, c in (crystals or {}).items():
        if owner != shooter.owner and rangers(shooter, distance(shooter.hex, c)) and clear_line(ground, squads, shooter.id, c, large):
            out.add(crystal_id(owner))
    return sorted(out)


def shoot_refusal(ground: Ground, squads: Squads, player: int, shooters, did: str,
                  crystals: dict[int, Hex] | None = None, large=()) -> Refusal | None:
    """Why ``shooters`` may not shoot at ``did`` now (a Phase 3 action)."""
    from .sight import shot

    if len(set(shooters)) != len(shooters) or not shooters:
        return Refusal("ce-shoot", "name each shooting squad once")
    for sid in shooters:
        refusal = fighter_refusal(ground, squads, sid, player, 3)
        if refusal:
            return refusal
        s = squads[sid]
        if not rangers(s):
            return Refusal("ce-shoot", f"squad {s.card} has no creature with a ranged combat ability")
        if did in shot_targets(ground, squads, s, crystals, large):
            continue
        if is_crystal(did):
            if crystal_owner(did) not in (crystals or {}) or crystal_owner(did) == player:
                return Refusal("ce-crystal-attack", f"there is no enemy crystal {did} to shoot at")
            aim = crystals[crystal_owner(did)]
        elif did not in squads:
            return Refusal("ce-combat-attacker", f"there is no squad {did} to shoot at")
        else:
            d = squads[did]
            if not hostile(s, d):
                return Refusal("ce-combat-attacker", f"squad {did} is a friend of squad {s.card}")
            if trapped(ground, d):
                return Refusal("ce-collapse-trapped", f"squad {did} is trapped in a collapse: it neither fights nor is fought")
            aim = d.hex
        from .sight import clear_line
        hits = [did] if is_crystal(did) and clear_line(ground, squads, sid, aim, large) else \
            [h for h in shot(ground, squads, sid, aim, large) if not is_crystal(did)]
        if did not in hits:
            if hits:
                return Refusal("ce-los-squads", f"squad {hits[0]} stands in the way: the shot would hit it instead")
            return Refusal("ce-line-of-sight", f"squad {s.card} has no clear line to {aim}: rock, a Large Item or a "
                                               "friend is in the way")
        longest = max(card_of(card_id_of(c), c.size).ranged.range for c in rangers(s))
        return Refusal("ce-shoot-range", f"{aim} is {distance(s.hex, aim)} spaces from squad {s.card}, "
                                         f"beyond its range of {longest}")
    return None


def shoot_options(ground: Ground, squads: Squads, player: int, order=None,
                  crystals: dict[int, Hex] | None = None, large=()) -> list[tuple[tuple[str, ...], str]]:
    """Every shot ``player`` may take: ``(shooters, target)``, the shooters any non-empty set of
    its able squads that can each hit the target (rule ce-shoot)."""
    key = order or (lambda sid: sid)
    by_target: dict[str, list[str]] = {}
    for s in squads.of(player):
        if fighter_refusal(ground, squads, s.id, player, 3) is None:
            for did in shot_targets(ground, squads, s, crystals, large):
                by_target.setdefault(did, []).append(s.id)
    out = []
    for did in sorted(by_target):
        group = sorted(by_target[did], key=key)
        for mask in range(1, 1 << len(group)):
            out.append((tuple(g for i, g in enumerate(group) if mask >> i & 1), did))
    return out


def fight_refusal(ground: Ground, squads: Squads, player: int, attackers, did: str, phase: int,
                  only=None, crystals: dict[int, Hex] | None = None) -> Refusal | None:
    """Why ``attackers`` (squad ids) may not attack ``did`` now."""
    if len(set(attackers)) != len(attackers) or not attackers:
        return Refusal("ce-flank", "name each attacking squad once")
    for sid in attackers:
        refusal = fighter_refusal(ground, squads, sid, player, phase)
        if refusal:
            return refusal
        if is_crystal(did):
            if phase == 1:
                return Refusal("ce-combat-phase1", "Phase 1 is for the squads next to enemies: crystals wait for Phase 3")
            refusal = crystal_refusal(squads, squads[sid], did, crystals or {})
            if refusal:
                return refusal
            continue
        refusal = target_refusal(ground, squads, squads[sid], did)
        if refusal:
            if len(attackers) > 1 and did in squads and squads[did].hex not in neighbours(squads[sid].hex):
                return Refusal("ce-flank", f"{refusal.reason}: only squads next to the defender join in")
            return refusal
    if only is not None and not set(attackers) & set(only):
        return Refusal("ce-combat-phase1", "first every squad that began the turn next to an enemy must fight: "
                                           + ", ".join(sorted(only)))
    if len(attackers) > 1 and not is_crystal(did):
        return pair_refusal(squads, *engagement(ground, squads, player, attackers, did, phase, crystals))
    return None


def _next_to(a: Squad, b_hex: Hex) -> bool:
    return b_hex in neighbours(a.hex)


def engagement(ground: Ground, squads: Squads, player: int, attackers, did: str, phase: int,
               crystals: dict[int, Hex] | None = None) -> tuple[list[str], list[str]]:
    """Who fights in a hand-to-hand fight of ``attackers`` against ``did``: ``(attacking side,
    defending side)``, squad ids, the chosen attackers and the target first.

    - a crystal is defended by its Necromancer's astral form and the owner's squad standing on it
      (rule ce-crystal-astral), nobody else;
    - otherwise, squads hostile to the attacker that stand next to an attacking squad defend with
      the target (rules ce-flank-defend, ce-flank-wandering): the target owner's squads and Wandering
      Monsters (when the target is a Wandering Monster, the squads of a single enemy player too:
      ruling ce-flank-defend-owner); but not a squad that another able squad of the attacker
      stands next to: that one is left to be fought separately (rules ce-flank-pair, ce-flank-pair-how);
    - a Wandering Monster next to an enemy target and not next to any attacker helps the attacker
      (rule ce-flank-wandering-help);
    - the Statue asleep on The Pit takes no side: nobody fights it before it wakes (rule ce-evil-statue);
    - nor does the Goat: asleep he "will not engage in Combat", awake he eviscerates whoever comes next
      to him rather than fight (rule ce-evil-goat).
    """
    attackers = list(attackers)
    if is_crystal(did):
        owner = crystal_owner(did)
        guard = squads.at(crystals[owner]) if crystals and owner in crystals else None
        keep = guard is not None and guard.owner == owner and any(not c.necromancer for c in guard.creatures)
        return attackers, [did] + ([guard.id] if keep else [])
    d = squads[did]
    mine = [squads[a] for a in attackers]
    spare = [s for s in squads.of(player) if s.id not in attackers
             and fighter_refusal(ground, squads, s.id, player, phase) is None]
    near = [s for s in sorted(squads, key=lambda x: x.id) if s.id != did and s.owner != player
            and not trapped(ground, s) and not is_asleep_statue(s) and not is_goat(s)
            and any(_next_to(a, s.hex) for a in mine)]
    side_owner = d.owner
    if side_owner is None:
        owners = {s.owner for s in near if s.owner is not None}
        side_owner = owners.pop() if len(owners) == 1 else None
    joiners = [s.id for s in near if (s.owner is None or s.owner == side_owner)
               and not any(_next_to(x, s.hex) for x in spare)]
    helpers = []
    if d.owner is not None:
        helpers = [s.id for s in sorted(squads, key=lambda x: x.id) if s.wandering and not trapped(ground, s)
                   and not is_asleep_statue(s) and not is_goat(s) and _next_to(s, d.hex)
                   and not any(_next_to(a, s.hex) for a in mine)
                   and s.id not in joiners]
    return attackers + helpers, [did] + joiners


def pair_refusal(squads: Squads, attackers, defenders) -> Refusal | None:
    """A flank attack is refused when its attackers and the squads defending could instead be
    paired off into two or more separate fights, each attacker next to its own enemy (rules
    ce-flank-pair, ce-flank-pair-how)."""
    mine = [squads[a] for a in attackers if a in squads and not squads[a].wandering]
    theirs = [squads[d] for d in defenders if d in squads]
    if len(mine) < 2 or len(theirs) < 2:
        return None
    for a in mine:
        for b in mine:
            if a is b:
                continue
            for x in theirs:
                for y in theirs:
                    if x is not y and _next_to(a, x.hex) and _next_to(b, y.hex):
                        return Refusal("ce-flank-pair", f"squads {a.card} and {b.card} face squads {_label(x)} and "
                                                        f"{_label(y)}: they fight separately")
    return None


def _label(s: Squad) -> str:
    return s.id if s.wandering else s.card


def crystal_refusal(squads: Squads, attacker: Squad, did: str, crystals: dict[int, Hex]) -> Refusal | None:
    """Why ``attacker`` may not attack the crystal ``did`` hand to hand."""
    owner = crystal_owner(did)
    if owner not in crystals:
        return Refusal("ce-crystal-attack", f"player {owner + 1} has no crystal left to attack")
    if owner == attacker.owner:
        return Refusal("ce-crystal-attack", "nobody attacks their own crystal")
    if not _next_to(attacker, crystals[owner]):
        return Refusal("ce-crystal-attack", f"squad {attacker.card} does not stand next to the crystal at {crystals[owner]}")
    return None


def must_fight(ground: Ground, squads: Squads, player: int) -> list[str]:
    """The player's squads that stand next to an enemy or a Wandering Monster they could attack
    (Phase 1 makes them fight first: rule ce-combat-phase1)."""
    return sorted(s.id for s in squads.of(player) if targets(ground, squads, s))


# ------------------------------------------------------------------ the record
def snapshot(s: Squad, only=None) -> list[dict]:
    """Who fights in squad ``s``: each creature's id, card, size and the items it holds
    (``only``: just these creatures, by id)."""
    out = []
    for c in s.creatures:
        if only is not None and c.id not in only:
            continue
        entry = {"id": c.id, "card": card_id_of(c), "size": c.size}
        if c.items:
            entry["items"] = list(c.items)
        out.append(entry)
    return out


def used_items(members) -> tuple[list[str], list[str]]:
    """The items a side uses in combat, and the cards its creatures only carry (ruling ce-items-used):
    each creature that can use items uses the item cards it holds, up to its count (any creature a
    trinket). Spells are only carried here: a spell counts once cast, named in the record's ``cast``
    (ruling ce-cast-combat, :mod:`.spells`); a bomb is thrown, never used in a fight's totals (rule
    ce-bomb), so it is only carried too."""
    cards = catalogue()
    used, carried = [], []
    for f in members:
        card = card_of(f["card"], f["size"])
        hands = card.item_count if card.item_use else 0
        for i in f.get("items", ()):
            item = cards.item(i)
            if item.kind == "item" and item.bomb is None and (item.trinket or hands > 0):
                used.append(i)
                hands -= 0 if item.trinket else 1
            else:
                carried.append(i)
    return used, carried


def once_a_turn(record: dict, used_before) -> list[str]:
    """Items are used once a turn, by one creature (rule ce-item-once): the items the fighters of
    ``record`` already used in a fight this turn (``used_before``: ``creature:item`` keys) are
    taken out of the record, so they neither count nor are spent again; returns the keys of the
    items this fight uses."""
    left = Counter(used_before)
    now = []
    for role in (ATTACKER, DEFENDER):
        for members in record["sides"][role]:
            for f in members:
                kept = []
                for i in f.get("items", ()):
                    if left[f"{f['id']}:{i}"] > 0:
                        left[f"{f['id']}:{i}"] -= 1
                    else:
                        kept.append(i)
                if "items" in f:
                    f["items"] = kept
                    if not kept:
                        del f["items"]
                used, _ = used_items([f])
                now.extend(f"{f['id']}:{i}" for i in used)
    return now


def astral_member(owner: int, squads: Squads) -> dict:
    """The astral form of player ``owner``'s Necromancer, as a fighter of the record (rule ce-crystal-astral)."""
    n = next((c for s in squads.of(owner) for c in s.creatures if c.necromancer), None)
    card = card_id_of(n) if n is not None else NECROMANCER_CARDS[owner]
    return {"id": f"astral-{owner + 1}", "card": card, "size": "small", "astral": True}


def new_record(squads: Squads, attackers, did: str, phase: int, defenders=None, kind: str = "fight",
               ground: Ground | None = None) -> dict:
    """The record of a fight about to begin (nothing chosen, no die thrown). ``attackers`` and
    ``defenders``: every squad on each side (:func:`engagement`; the target alone by default);
    ``kind="shoot"``: a shot, where only the shooters' ranged creatures fight and the target
    defends with its ranged creatures if one reaches a shooter (rules ce-shoot, ce-shoot-defence)."""
    defenders = list(defenders) if defenders is not None else [did]
    shots = kind == "shoot"
    if shots:
        aim = squads[did].hex
        att = [snapshot(squads[a], {c.id for c in rangers(squads[a], distance(squads[a].hex, aim))}) for a in attackers]
    else:
        att = [snapshot(squads[a]) for a in attackers]
    dfd, defence = [], None
    for sid in defenders:
        if is_crystal(sid):
            dfd.append([astral_member(crystal_owner(sid), squads)])
        elif shots:
            d = squads[sid]
            near = min(distance(squads[a].hex, d.hex) for a in attackers)
            back = rangers(d, near)
            defence = "ranged" if back else None
            dfd.append(snapshot(d, {c.id for c in back}) if back else snapshot(d))
        elif is_crystal(defenders[0]):  # the owner's squad on the crystal: the Necromancer is the astral form
            dfd.append([m for m in snapshot(squads[sid]) if not squads[sid].creature(m["id"]).necromancer])
        else:
            dfd.append(snapshot(squads[sid]))
    owners = {squads[x].owner for x in defenders if x in squads} | {0 for x in defenders if is_crystal(x)}
    record = {"phase": phase, "attackers": list(attackers), "defenders": defenders,
              "sides": {ATTACKER: att, DEFENDER: dfd},
              "control": {ATTACKER: "player", DEFENDER: "player" if owners - {None} else "wandering"},
              "order": [], "dice": []}
    if shots:
        record["kind"] = "shoot"
        if defence:
            record["defence"] = defence
    return record


def shot_record(squads: Squads, shooters, did: str, crystals: dict[int, Hex], defenders) -> dict:
    """:func:`new_record` of a shot: at a crystal, the shooters' rangers within reach of it
    against the astral form and the squad on the crystal (rules ce-shoot, ce-crystal-astral)."""
    if not is_crystal(did):
        return new_record(squads, shooters, did, 3, kind="shoot")
    aim = crystals[crystal_owner(did)]
    record = new_record(squads, shooters, did, 3, defenders, kind="fight")
    record["sides"][ATTACKER] = [snapshot(squads[a], {c.id for c in rangers(squads[a], distance(squads[a].hex, aim))})
                                 for a in shooters]
    record["kind"] = "shoot"
    return record


def firsts_of(record: dict) -> tuple[str, ...] | None:
    """The attributes a shot may open with: those the shooting creatures' cards require, if any
    (rule ce-shoot-first); None: any of the six."""
    if record.get("kind") != "shoot":
        return None
    need = {card_of(f["card"], f["size"]).ranged.attribute for m in record["sides"][ATTACKER] for f in m
            if card_of(f["card"], f["size"]).ranged is not None}
    need.discard(None)
    return tuple(a for a in ATTRIBUTES if a in need) or None


def spent(members) -> list[tuple[str, str]]:
    """``(creature id, item)`` for the discard-after-use items a side used in a combat: they are gone after it."""
    cards = catalogue()
    out = []
    for f in members:
        used, _ = used_items([f])
        out.extend((f["id"], i) for i in used if cards.item(i).use == "discard")
    return out


def side_of(record: dict, role: str) -> Side:
    squads = tuple(tuple(Fighter(f["id"], card_of(f["card"], f["size"], f.get("astral", False))) for f in members)
                   for members in record["sides"][role])
    used, _ = used_items([f for members in record["sides"][role] for f in members])
    cast = record.get("cast", {}).get(role, ())  # spells cast in this fight (ruling ce-cast-combat)
    return Side(squads, items=tuple(catalogue().item(i) for i in used), spells=tuple(catalogue().item(i) for i in cast),
                extra=ef.extras(record, role), control=record["control"][role])


def combat_of(record: dict) -> Combat:
    """The :class:`Combat` the record describes, replayed choice by choice and die by die."""
    combat = Combat(side_of(record, ATTACKER), side_of(record, DEFENDER), firsts_of(record),
                    single=bool(record.get("astral")))
    order, dice = list(record["order"]), list(record["dice"])
    chosen = 0
    while True:
        step = combat.decision()
        if step in ("first", "second", "third"):  # the third chosen only against a Stabbist (rule ce-stabbist)
            if chosen >= len(order):
                break
            combat.choose(order[chosen])
            chosen += 1
        elif step == "roll":
            if chosen < len(combat.order):
                chosen = len(combat.order)  # the third attribute, set by the combat itself
            if len(dice) < 2:
                break
            combat.roll(dice.pop(0), dice.pop(0))
        else:
            break
    return combat


def pending_die(record: dict) -> int | None:
    """The attacker's die thrown for the round being fought, while the defender's is awaited."""
    return record["dice"][-1] if len(record["dice"]) % 2 else None


def _fighter_from_json(f: Reader, role: str) -> dict:
    """One fighter of a recorded side: its creature card, size, the items it uses, its astral form."""
    f.obj(allowed=("id", "card", "size", "items", "astral"))
    card_r = f["card"].optional()
    card = card_r.str(max_length=40) if card_r is not None else None
    if card is not None and card not in catalogue().creatures:
        f["card"].fail(f"no creature card {card!r} in creatures.json")
    member = {"id": f["id"].str(max_length=40), "card": card,
              "size": f["size"].str(choices=("large", "medium", "small", "trinket"))}
    items = [x.str(max_length=40) for x in f.get("items", []).list(max_length=MAX_HELD)]
    for x_r, x in zip(f.get("items", []).list(), items):
        if x not in catalogue().items:
            x_r.fail(f"no item or spell card {x!r} in creatures.json")
    if items:
        member["items"] = items
    if f.get("astral", False).bool():
        if role != DEFENDER or items or card is None or not catalogue().creature(card).necromancer:
            f.fail("only a Necromancer's astral form, with no items, defends a crystal (rule ce-crystal-astral)")
        member["astral"] = True
    return member


def record_from_json(r: Reader, squads: Squads | None, finished: bool, items_used=()) -> dict:
    """A validated fight record; ``squads`` (a live fight): its squads must be on the map as recorded,
    each fighter holding the items the record gives it and, besides, only items it already used in a
    fight this turn (``items_used``, ``creature:item`` keys: rule ce-item-once, :func:`once_a_turn`)."""
    r.obj(allowed=("phase", "kind", "subdue", "defence", "attackers", "defenders", "sides", "control", "order", "dice",
                   "evil", "cast", "effects", "apart", "stare", "astral"))
    phase = r["phase"].int(1, 3)
    kind = r.get("kind", "fight").str(choices=KINDS + ("subdue",))
    subdue = r.get("subdue", False).bool() or kind == "subdue"  # "kind": "subdue" is how positions said it before shots could subdue
    kind = "fight" if kind == "subdue" else kind
    defence = r.get("defence", None).optional()
    defence = defence.str(choices=("ranged",)) if defence is not None else None
    if defence and kind != "shoot":
        r["defence"].fail("ranged defence answers a shot only (rule ce-shoot-defence)")
    if phase not in PHASES:
        r["phase"].fail("a fight belongs to Phase 1 or Phase 3")
    attackers = [x.str(max_length=40) for x in r["attackers"].list(min_length=1, max_length=6)]
    defenders = [x.str(max_length=40) for x in r["defenders"].list(min_length=1, max_length=6)]
    sides_r = r["sides"].obj(allowed=(ATTACKER, DEFENDER))
    sides = {}
    for role, names in ((ATTACKER, attackers), (DEFENDER, defenders)):
        groups = sides_r[role].list(min_length=len(names), max_length=len(names))
        sides[role] = []
        for g in groups:
            sides[role].append([_fighter_from_json(f, role) for f in g.list(min_length=1, max_length=20)])
    control_r = r["control"].obj(allowed=(ATTACKER, DEFENDER))
    control = {ATTACKER: control_r[ATTACKER].str(choices=("player",)),
               DEFENDER: control_r[DEFENDER].str(choices=("player", "wandering"))}
    order = [x.str(choices=ATTRIBUTES) for x in r["order"].list(max_length=3)]
    dice = [x.int(1, 12) for x in r["dice"].list(max_length=200)]
    record = {"phase": phase, "attackers": attackers, "defenders": defenders, "sides": sides,
              "control": control, "order": order, "dice": dice}
    if kind != "fight":
        record["kind"] = kind
    _read_casts(r, record)
    evil_r = r.get("evil", None).optional()
    if evil_r is not None:
        record["evil"] = evil_r.str(choices=tuple(c.id for c in catalogue().creatures.values()
                                                  if c.kind == "awakened-evil"))
        if EVIL not in (defenders[0], attackers[0]) or len(attackers) != 1 or len(defenders) != 1:
            r["defenders"].fail("a squad fights an Awakened Evil alone (rule ce-evil-bitch)")
        if attackers == [EVIL] and (record["evil"] != "eternal-evil-emperor" or control[DEFENDER] != "wandering"):
            r["attackers"].fail("only the Emperor attacks, and only a Wandering Monster in his way (rule ce-evil-emperor)")
    elif EVIL in defenders or EVIL in attackers:
        r["defenders"].fail("'evil' names an Awakened Evil, which the record must give (rule ce-evil-bitch)")
    if subdue:
        record["subdue"] = True
        if len(defenders) != 1 or control[DEFENDER] != "wandering":
            r.fail("squads subdue one Wandering Monster, with nobody else defending it (rule ce-subdue-alone)")
    if defence:
        record["defence"] = defence
    if r.get("stare", False).bool():  # the bathed Statue's eyes strike (rule ce-evil-statue)
        if kind != "shoot" or len(attackers) != 1 or len(defenders) != 1 or subdue or defence:
            r["stare"].fail("the Statue's stare is a shot of its own at one squad (rule ce-evil-statue)")
        record["stare"] = True
    apart_r = r.get("apart", None).optional()
    if apart_r is not None:  # an Attacktite's squad tears the defenders apart (rule ce-attacktite)
        record["apart"] = [x.str(max_length=40) for x in apart_r.list(max_length=5)]
        if len(attackers) != 1 or len(defenders) != 1 or len(sides[DEFENDER][0]) != 1 or subdue or kind != "fight":
            r["apart"].fail("a squad torn apart fights one creature at a time, one squad against it (rule ce-attacktite)")
    if r.get("astral", False).bool():  # the Astral Worm's strike before the fight (rule ce-astral-worm)
        if len(attackers) != 1 or len(defenders) != 1 or len(sides[DEFENDER][0]) != 1 or subdue or kind != "fight" \
                or [f["card"] for f in sides[ATTACKER][0]] != ["astral-worm"] or order[:1] != ["special"]:
            r["astral"].fail("the Astral Worm strikes alone, with special, at a squad of one creature (rule ce-astral-worm)")
        record["astral"] = True
    for sid in attackers:
        if is_crystal(sid):
            r["attackers"].fail("a crystal only defends (rule ce-crystal-astral)")
    for i, sid in enumerate(defenders):
        if is_crystal(sid) != any(f.get("astral") for f in sides[DEFENDER][i]) or (is_crystal(sid) and i):
            r["defenders"].fail("a crystal, named first, and its astral form go together (rule ce-crystal-astral)")
    try:
        combat = combat_of(record)
    except IllegalAction as exc:
        r.fail(f"these choices and dice are not a combat: {exc.reason} (rule {exc.rule})")
    if list(combat.order) != order or 2 * sum(len(x.rolls) for x in combat.rounds) + len(combat._ties) * 2 \
            + (1 if pending_die(record) is not None else 0) != len(dice):
        r.fail("these choices and dice do not follow one another as a combat does")
    if finished != (combat.winner is not None):
        r.fail("a finished fight is kept as last_combat, one under way as combat")
    if squads is not None:
        for role, names in ((ATTACKER, attackers), (DEFENDER, defenders)):
            for sid, members in zip(names, sides[role]):
                if is_crystal(sid) or is_evil(sid):
                    continue
                there = snapshot(squads[sid]) if sid in squads else []
                if record.get("evil") or (role == ATTACKER and any(  # an Evil's foe fights without items
                        d in squads and any(c.card == "eternal-evil-emperor" for c in squads[d].creatures)
                        for d in defenders)):  # (evil_record; the Emperor attacked: fighting.apply_fight)
                    there = [{k: v for k, v in m.items() if k != "items"} for m in there]
                if sid not in squads or any(not _holds(m, there, items_used) for m in members):
                    r["sides"][role].fail(f"squad {sid} is not on the map as the fight records it")
    return record


def _holds(member: dict, there: list[dict], items_used) -> bool:
    """Whether fighter ``member`` of a record stands in its squad (``there``, its snapshot) as
    recorded: the same creature, holding the record's items and, besides, only items already used
    this turn (``items_used``), which :func:`once_a_turn` took out of the record."""
    spare = Counter(items_used)
    for m in there:
        if {k: v for k, v in m.items() if k != "items"} == {k: v for k, v in member.items() if k != "items"}:
            held, recorded = Counter(m.get("items", ())), Counter(member.get("items", ()))
            return not recorded - held and all(spare[f"{m['id']}:{i}"] >= k for i, k in (held - recorded).items())
    return False


def _read_casts(r: Reader, record: dict) -> None:
    """The spells each side cast in the fight and the lasting effects on its fighters (rulings
    ce-cast-combat, ce-effect-permanent), checked."""
    cast_r = r.get("cast", None).optional()
    if cast_r is not None:
        cast_r.obj(allowed=(ATTACKER, DEFENDER))
        record["cast"] = {}
        for role in sorted(cast_r.value):
            spells = [x.str(max_length=40) for x in cast_r[role].list(max_length=8)]  # []: announced none
            if any(s not in catalogue().items or catalogue().item(s).kind != "spell" for s in spells):
                cast_r[role].fail("only spell cards are cast (rule ce-spell-cast)")
            record["cast"][role] = spells
    marks = ef.record_marks(r)
    if marks is not None:
        fighters = {f["id"] for role in record["sides"].values() for m in role for f in m}
        if not set(marks) <= fighters:
            r["effects"].fail("lasting effects belong to the fight's own fighters (rule ce-effect-permanent)")
        record["effects"] = marks


def fight_lines(combat: Combat, rnd) -> list[tuple[str, str]]:
    """Log lines for a finished round: the round (its rule), then both totals broken down."""
    return [("ce-combat-round", rnd.describe()[0].upper() + rnd.describe()[1:] + "."),
            ("ce-combat-total", f"Attacker: {rnd.attacker.describe()}."),
            ("ce-combat-total", f"Defender: {rnd.defender.describe()}.")]


def dead_entry(c: dict, owner, by) -> dict:
    return {"id": c["id"], "card": c["card"], "size": c["size"], "owner": owner, "by": by}


def points_of(entry: dict) -> float:
    """Kill points one dead creature earns its killer (rule ce-kill-points)."""
    return KILL_POINTS["wandering" if entry["owner"] is None else "enemy"][entry["size"]]


# ------------------------------------------------------------------ the board's view
def _tally_json(t) -> dict:
    return {"total": t.total, "text": t.describe(),
            "parts": [{"fighter": p.fighter, "printed": p.printed, "mods": [list(m) for m in p.modifiers],
                       "value": p.value} for p in t.parts],
            "flat": [list(f) for f in t.flat]}


def _chance(x) -> dict:
    return {"p": round(float(x), 4), "exact": str(x)}


def view(record: dict, finished: bool = False) -> dict:
    """What the board shows of a fight (display only): both sides with their creatures' names and
    attributes, the ring and the attributes chosen, every round fought (totals broken down by
    creature and modifier, the dice, ties included, and who won), the round under way, whose
    decision is next, the attacker's odds (odds.advise) and, once over, the outcome."""
    from .odds import advise, chance_now

    combat = combat_of(record)
    sides = {}
    for role in (ATTACKER, DEFENDER):
        used, carried = used_items([f for m in record["sides"][role] for f in m])
        sides[role] = {
            "control": record["control"][role], "items": used, "carried": carried,
            "spells": list(record.get("cast", {}).get(role, ())),
            "squads": [{"squad": sid, "creatures": [
                {"id": f["id"], "card": f["card"], "name": card_of(f["card"], f["size"], f.get("astral", False)).name,
                 "size": f["size"], "attributes": dict(zip(ATTRIBUTES, card_of(f["card"], f["size"]).attributes)),
                 "items": list(f.get("items", ()))} for f in members]}
                for sid, members in zip(record["attackers" if role == ATTACKER else "defenders"],
                                        record["sides"][role])]}
    totals = {role: {a: combat.tally(role, a).total for a in ATTRIBUTES} for role in (ATTACKER, DEFENDER)}
    rounds = [{"number": r.number, "attribute": r.attribute, "chosen_by": r.chosen_by, "rolls": [list(x) for x in r.rolls],
               "scores": list(r.scores), "winner": r.winner, ATTACKER: _tally_json(r.attacker),
               DEFENDER: _tally_json(r.defender)} for r in combat.rounds]
    out = {"phase": record["phase"], "kind": record.get("kind", "fight"), "attackers": record["attackers"], "defenders": record["defenders"],
           "sides": sides, "ring": list(ATTRIBUTES), "order": list(combat.order), "totals": totals,
           "rounds": rounds, "decision": combat.decision(), "choices": list(combat.choices()), "stabbist": combat.stabbist,
           "wins": {ATTACKER: combat.wins(ATTACKER), DEFENDER: combat.wins(DEFENDER)}, "finished": finished}
    if combat.attribute is not None and combat.winner is None:
        a = combat.attribute
        out["current"] = {"number": len(combat.rounds) + 1, "attribute": a,
                          ATTACKER: _tally_json(combat.tally(ATTACKER, a)), DEFENDER: _tally_json(combat.tally(DEFENDER, a)),
                          "ties": [list(x) for x in combat._ties], "die": pending_die(record)}
    advice = advise(combat)
    out["odds"] = {"best": advice.best, "rounds": {a: _chance(p) for a, p in advice.rounds},
                   "openings": [{"first": o.first, "win": _chance(o.win), "reply": o.reply,
                                 "replies": {s: _chance(p) for s, p in o.replies}} for o in advice.openings],
                   "now": _chance(chance_now(combat))}
    if combat.winner is not None:
        res = combat.result()
        out["result"] = {"winner": res.winner, "dead": [f.id for f in res.dead], "gore": res.gore,
                         "kill_points": res.kill_points, "kind": res.kill_kind, "dropped": list(res.dropped)}
    return out
