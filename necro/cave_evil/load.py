"""Loading a Cave Evil position from JSON: every part validated, and the parts checked
against each other (the set-up pieces are the ground's first tiles, squads stand on
open or collapsed ground, each dig belongs to a squad, every excavation card is in
exactly one place, the pending decision is possible).

A position (``CaveEvilState.position()``)::

    {"phase": "setup" | "play" | "over",
     "setup": {...},            # the set-up plan (setup.SetupPlan.to_json)
     "ground": {"placements": [...]},
     "squads": [...],           # movement.Squads.to_json
     "deck": {"pile": {...}, "discard": {...}},
     "digs": [...],             # excavation.Dig.to_json, one per digging squad
     "events": [...],           # events set aside this turn (for Phase 4)
     "boxed": {...},            # events gone to the box
     "turn": 0, "cycle": 1,     # whose turn, which cycle (null / 0 during set-up)
     "pending": null | {"kind": "move", "squad": "0:N"}
                     | {"kind": "break", "squad": "0:N", "creatures": ["necromonk-1"]}
                     | {"kind": "declare", "squad": "0:N", "mode": "excavate"}
                     | {"kind": "roll", "squads": ["1:N"]},
     "out": [],                 # players whose Necromancer is dead
     "combat": null | {...},    # the fight under way (fights.py's record)
     "last_combat": null | {...},   # the last fight finished this turn (same record)
     "must_fight": ["0:II"],    # Phase 1: squads that must still fight (rule ce-combat-phase1)
     "dead": [{"id": "necromonk-2", "card": "necromonk", "size": "small", "owner": 1, "by": 0}],
     "kill_points": [3.0, 0.0], # per player: the sum over the creatures it killed (rule ce-kill-points)
     "loot": {"+3-2": {"gore": 3, "items": []}}}   # on the map (metals, shadowflame too): loot.py

The last six keys came with combat; a position without them loads as one with no
fight, nobody dead and nothing on the ground. A creature may name its card
(``"card": "necromonk"``): it must be a creature card of ``creatures.json`` of the
creature's size, a Necromancer's card for the Necromancer and no other.
"""

from __future__ import annotations

import json
from collections import Counter

from . import awaken as aw
from . import conjuration as cj
from . import dread as dr
from . import effects as ef
from . import excavation as ex
from . import fights as fx
from . import loot as lt
from . import protectors as px
from . import setup as su
from . import spells as sl
from . import turn as tn
from . import wizard as wz
from .basics import FINISHING, OVER, PHASES, PLAY, SETUP, full_deck
from .creatures import catalogue
from .deck import Deck
from .ground import UNDUG, Ground
from .hexes import parse_hex
from .movement import SIZES, Squads, destinations, move_refusal

KEYS = ("phase", "setup", "ground", "squads", "deck", "digs", "events", "boxed", "turn", "cycle", "pending", "out",
        "combat", "last_combat", "must_fight", "items_used", "dead", "kill_points", "loot", "effects", "spells_cast", "dread")
FULL_KEYS = ("piles", "hands", "track", "evil", "part", "queue", "invoking", "sacrificing", "abandoned", "invoked_into", "cycle_invoked",
             "conj_box", "winner", "awake_cycle", "after_evil", "powers_used", "power_turn",
             "focus", "focus_holder", "march_left", "dead_to_box", "fallen")
"""The full game's part of a position (option game="full": turn.py)."""
FULL_KEYS += wz.KEYS  # the dealt Necromancer cards, the split wizards' action (wizard.py)
PROTECTOR_KEYS = ("protector_deck", "homes", "roused", "guard")
"""With the Protectors (option protectors): the Protector deck, each Protector's pit, those woken
this turn and by whom, the one attacking now (protectors.py)."""


_PLANS: dict[str, su.SetupPlan] = {}


def _plan(r, ground: Ground) -> su.SetupPlan:
    """:func:`setup.plan_from_json`, remembered: re-checking every set-up piece (with its look-ahead)
    is the slow part of a load, and undo loads often. A set-up already checked against the
    same first tiles of the ground is the same plan (it is immutable)."""
    laid = r.value.get("laid") if isinstance(r.value, dict) else None
    key = None
    if isinstance(laid, list):
        key = json.dumps([r.value, [p.to_json() for p in ground.placements[:1 + len(laid)]]], sort_keys=True)
        if key in _PLANS:
            return _PLANS[key]
    plan = su.plan_from_json(r.value, ground, r.path)
    if key is not None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def load_into(state, r) -> None:
    """Read position ``r`` into ``state``, every part checked and checked against the others."""
    game = state.game
    n = game.players
    opts = game.options
    full = opts["game"] == "full"
    protectors = full and opts["protectors"]
    _refuse_a_view(r)
    r.obj(allowed=KEYS + (FULL_KEYS if full else ()) + (PROTECTOR_KEYS if protectors else ()))
    phase, ground, plan = _read_map(r, n, opts)
    squads, cards = _read_squads(r, n, ground)
    out, turn, cycle = _read_players(r, n, opts, full, phase, plan, squads)
    deck, digs, events, boxed = _read_digs(r, n, full, protectors, ground, squads, turn)
    pending = _read_pending(r, opts, full, phase, ground, squads, deck, digs, turn)
    items_used = _read_items_used(r)
    combat, last, must = _read_fights(r, phase, pending, digs, ground, squads, turn, items_used)
    dead, points = _read_dead(r, n, cards, squads)
    loot = _read_loot(r, ground, cards)
    state.phase, state.ground, state.plan, state.squads, state.deck = phase, ground, plan, squads, deck
    state.combat, state.last_combat, state.must_fight = combat, last, must
    state.items_used = items_used
    state.effects = ef.read(r, squads, n)
    state.dread = dr.from_json(r, squads)
    state.spells_cast = [x.str(max_length=40) for x in r.get("spells_cast", []).list(max_length=16)]
    if any(not x.startswith(f"{turn}:") for x in state.spells_cast):  # the squad may have merged or died since
        r["spells_cast"].fail("spells cast this turn are the turn player's squads' (rule ce-cast)")
    state.dead, state.kill_points, state.loot = dead, points, loot
    state.digs, state.events, state.boxed = digs, events, boxed
    state.turn, state.cycle, state.pending, state.out = turn, cycle, pending, out
    _load_full(state, r, full, phase)
    wz.load(state, r)


def _read_map(r, n: int, opts):
    """The phase, the ground and the set-up plan, checked against each other (rules ce-setup-order,
    ce-excavate-start, ce-components)."""
    phase = r["phase"].str(choices=PHASES)
    ground = Ground.from_json(r["ground"].value, r["ground"].path)
    plan = _plan(r["setup"], ground)
    if plan.players != n:
        r["setup"]["players"].fail(f"this game is for {n} players")
    if plan.clearance != opts["clearance"] or plan.extras != opts["extras"]:
        r["setup"].fail("the set-up rulings must be the game's options (clearance, extras)")
    laid = 1 + len(plan.laid)
    if phase == SETUP and plan.complete:
        r["phase"].fail("set-up is complete: the phase is play or over")
    if phase == PLAY and not plan.complete:
        r["phase"].fail("play begins once set-up is complete (rule ce-setup-order)")
    if not plan.complete and len(ground.placements) != laid:
        r["ground"].fail("during set-up only the set-up tiles lie on the map (rule ce-setup-order)")
    for i, p in enumerate(ground.placements[laid:], laid):
        if p.tile.is_lair or p.tile.printed:
            r["ground"]["placements"][i].fail(f"a {p.tile.name} is never dug up (rule ce-excavate-start)")
    for tile_id, k in ground.used().items():
        if k > ground.tiles[tile_id].count:
            r["ground"].fail(f"{k} {ground.tiles[tile_id].name} tiles, but the box holds "
                             f"{ground.tiles[tile_id].count} (rule ce-components)")

    return phase, ground, plan


def _read_squads(r, n: int, ground):
    """The squads on open or collapsed ground, off the spawn pits, their creatures' cards checked."""
    squads = Squads.from_json(r["squads"].value, r["squads"].path, players=n)
    cards = catalogue()
    raw_pending = r.value.get("pending") if isinstance(r.value, dict) else None
    stepping_off = raw_pending.get("squad") if isinstance(raw_pending, dict) and \
        raw_pending.get("kind") in ("off-pit", "subdued") else None
    for item, squad in zip(r["squads"].list(), squads.to_json()):
        s = squads[squad["id"]]
        if ground.status_of(s.hex) == UNDUG or s.hex in ground.shell:
            item["at"].fail(f"{s.hex} is undug rock: squads stand on open or collapsed ground (rule ce-open-ground)")
        if s.owner is not None and s.hex in ground.spawn_pits and s.id != stepping_off:
            # only a squad just hired or subdued there stands on one, and it steps off at once
            item["at"].fail(f"{s.hex} is a spawn pit: a player's squad never ends a move on one "
                            "(rules ce-move-pit, ce-hire-pit)")
        for cr, c in zip(item["creatures"].list(), s.creatures):
            for i_r, i in zip(cr.get("items", []).list(), c.items):
                if i not in cards.items:
                    i_r.fail(f"no item or spell card {i!r} in creatures.json")
            if c.card is None:
                continue
            if c.card not in cards.creatures:
                cr["card"].fail(f"no creature card {c.card!r} in creatures.json")
            card = cards.creature(c.card)
            if card.size != c.size:
                cr["size"].fail(f"a {card.name} is {card.size} (rule ce-creature-sizes)")
            if lt.hands_used(c.items) > card.item_count:  # trinket items take no room (ce-item-trinket)
                cr["items"].fail(f"a {card.name} holds at most {card.item_count} items and spells (rule ce-creature-items)")
            if card.necromancer != c.necromancer:
                cr["card"].fail("the Necromancer, and only it, has a Necromancer card (rule ce-creature-necromancer)")
    return squads, cards


def _read_players(r, n: int, opts, full: bool, phase: str, plan, squads):
    """Who is out, whose turn, which cycle; every player in the game with its squad N, no enemy on a
    crystal."""
    out_r = r["out"]
    out = sorted({x.int(0, n - 1) for x in out_r.list(max_length=n)})
    if len(out) != len(out_r.value):
        out_r.fail("a player is listed twice")
    if phase != OVER and len(out) >= n - 1 and plan.complete:
        out_r.fail("with one Necromancer left standing the game is over (rule ce-last-standing)")
    turn_r = r["turn"].optional()
    turn = None if turn_r is None else turn_r.int(0, n - 1)
    cycle = r["cycle"].int(0, 10_000 if full else opts["cycles"])
    if phase == PLAY:
        if turn is None or turn in out:
            r["turn"].fail("in play it is the turn of a player still in the game")
        if cycle < 1:
            r["cycle"].fail("cycles count from 1")
    elif turn is not None:
        r["turn"].fail("no player has a turn outside play")
    if phase == SETUP:
        if len(squads) or cycle:
            r.fail("during set-up no squad is on the map and no cycle has begun")
    elif plan.complete:
        for p in range(n):
            mine = squads.of(p)
            if p in out and mine:
                r["squads"].fail(f"player {p + 1}'s Necromancer is dead: no squad of theirs is left")
            fallen = r.get("fallen", []).value if full else []
            if p not in out and not any(s.card == "N" for s in mine) and p not in (fallen or []):
                r["squads"].fail(f"player {p + 1} has no Necromancer squad (N) on the map")
            crystal = plan.pieces(su.LAIR, p)[0].placement.crystal
            there = squads.at(crystal)
            if p not in out and p not in (fallen or []) and there is not None and there.owner != p:
                r["squads"].fail(f"squad {there.id} stands on player {p + 1}'s Chthonic Crystal at {crystal}: "
                                 "no enemy ever stands there (rule ce-crystal-attack)")

    return out, turn, cycle


def _read_digs(r, n: int, full: bool, protectors: bool, ground, squads, turn):
    """The Excavation Deck, the digs, the events set aside and boxed: every card in one place."""
    deck = Deck.from_json(r["deck"].value, r["deck"].path, protectors=protectors)
    digs = {}
    for item in r["digs"].list(max_length=6 * n):
        dig = ex.dig_from_json(item.value, item.path, ground, deck.spec)
        if dig.squad not in squads or squads[dig.squad].wandering:
            item["squad"].fail(f"no player's squad {dig.squad} is on the map")
        if dig.squad in digs:
            item["squad"].fail(f"squad {dig.squad} has two digs")
        if dig.stage == "done":
            item["stage"].fail("a finished dig is no longer kept")
        if dig.stage in FINISHING and squads[dig.squad].owner != turn:
            item["stage"].fail("a dig is finished only on its owner's turn")
        if ex.abandoned(ground, squads, dig):
            item.fail(f"this dig is abandoned: {ex.abandoned(ground, squads, dig).reason}")
        digs[dig.squad] = dig
    if sum(1 for d in digs.values() if d.stage in FINISHING) > 1:
        r["digs"].fail("only one dig is finished at a time")
    spec = deck.spec
    event_ids = [c.id for c in spec if c.is_event] + (list(cj.EVENTS) if full else [])
    events = [e.str(choices=event_ids) for e in r["events"].list(max_length=50)]
    boxed_r = r["boxed"].obj()
    boxed = Counter()
    for card_id in boxed_r.value:
        if card_id not in spec or not spec[card_id].is_event:
            boxed_r[card_id].fail("only event cards go to the box")
        boxed[card_id] = boxed_r[card_id].int(0, 42)
    found = Counter(deck.pile) + Counter(deck.discard) + Counter(e for e in events if e in spec) + Counter(boxed)
    for dig in digs.values():
        if dig.card is not None:
            found[dig.card] += 1
        found.update(dig.events)
    if +found != full_deck(protectors):
        r["deck"].fail("every excavation card must be in exactly one place (pile, discards, digs, set aside, box)")

    return deck, digs, events, boxed


def _read_pending(r, opts, full: bool, phase: str, ground, squads, deck, digs, turn):
    """The decision pending, if one: possible now."""
    pending = None
    pending_r = r["pending"].optional()
    if pending_r is not None:
        if phase != PLAY:
            r["pending"].fail("a pending decision belongs to play")
        pending_r.obj(allowed=("kind", "squad", "mode", "squads", "creatures", "creature", "card", "by"))
        kind = pending_r["kind"].str(choices=("move", "break", "declare", "roll", "off-pit", "subdued") + sl.PENDING)
        if any(d.stage in FINISHING for d in digs.values()):
            r["pending"].fail("a dig is being finished: nothing else is pending")
        if kind in sl.PENDING:
            if not full:
                r["pending"].fail("spells are cast in the full game (rule ce-cast)")
            pending = sl.read_pending(pending_r, kind, squads, turn)
        elif kind in ("off-pit", "subdued"):
            sid = pending_r["squad"].str(max_length=40)
            if sid not in squads or squads[sid].owner != turn or (
                    kind == "off-pit" and squads[sid].hex not in ground.spawn_pits):
                pending_r["squad"].fail(f"{sid} is not a squad of the player whose turn it is on a spawn pit (rule ce-hire-pit)")
            if kind == "subdued" and not all(c.acted and c.halted for c in squads[sid].creatures):
                pending_r["squad"].fail(f"a subdued squad ({sid}) neither moves nor acts this turn (rule ce-subdue-after)")
            pending = {"kind": kind, "squad": sid}
        elif kind in ("move", "break", "declare"):
            sid = pending_r["squad"].str(max_length=40)
            if sid not in squads or squads[sid].owner != turn:
                pending_r["squad"].fail(f"{sid} is not a squad of the player whose turn it is")
            pending = {"kind": kind, "squad": sid}
            if kind == "move" and not destinations(ground, squads, sid) and not full:  # full: perhaps a leap (ce-evil-pit)
                pending_r.fail(f"squad {sid} has nowhere to move")
            if kind == "break":
                names = [x.str(max_length=40) for x in pending_r["creatures"].list(min_length=1, max_length=8)]
                refusal = move_refusal(ground, squads, sid, names)
                if refusal:
                    pending_r["creatures"].fail(f"{refusal.reason} (rule {refusal.rule})")
                if len(names) >= len(squads[sid].creatures) or not destinations(ground, squads, sid, names):
                    pending_r["creatures"].fail(f"these creatures cannot break away from squad {sid} now (rule ce-break)")
                pending["creatures"] = names
            if kind == "declare":
                mode = pending_r["mode"].str(choices=ex.MODES)
                refusal = ex.declare_refusal(ground, squads, sid, mode, digs)
                if refusal:
                    pending_r.fail(f"{refusal.reason} (rule {refusal.rule})")
                if not deck.outcomes():
                    pending_r.fail("no excavation card is left to draw")
                pending["mode"] = mode
        else:
            if not opts["collapse_death"]:
                pending_r.fail("the collapse death roll is an optional rule not in play (ce-collapse-death)")
            ids = [x.str(max_length=40) for x in pending_r["squads"].list(min_length=1, max_length=24)]
            for sid in ids:
                if sid not in squads:
                    pending_r["squads"].fail(f"no squad {sid} is on the map")
            pending = {"kind": "roll", "squads": ids}

    return pending


def _read_fights(r, phase: str, pending, digs, ground, squads, turn, items_used):
    """The fight under way, the last fight of the turn, Phase 1's squads that must still fight."""
    combat_r = r.get("combat", None).optional()
    combat = None
    if combat_r is not None:
        if phase != PLAY:
            combat_r.fail("a fight belongs to play")
        if pending is not None or any(d.stage in FINISHING for d in digs.values()):
            combat_r.fail("a fight under way leaves nothing else pending")
        combat = fx.record_from_json(combat_r, squads, finished=False, items_used=items_used)
        if combat["attackers"] == [fx.EVIL]:
            pass  # the Emperor falls upon a Wandering Monster, the moving player opening for him (ce-evil-emperor-how)
        elif (squads[combat["attackers"][0]].owner != turn and not combat.get("stare")) or \
                any(squads[a].owner not in (turn, None) for a in combat["attackers"]):
            combat_r["attackers"].fail("the attackers are squads of the player whose turn it is, and Wandering Monsters "
                                       "helping them (rules ce-combat-attacker, ce-flank-wandering-help)")
    last_r = r.get("last_combat", None).optional()
    last = fx.record_from_json(last_r, None, finished=True) if last_r is not None else None
    must = []
    for x in r.get("must_fight", []).list(max_length=6):
        sid = x.str(max_length=40)
        if sid not in squads or squads[sid].owner != turn or not fx.targets(ground, squads, squads[sid]):
            x.fail(f"{sid} is not a squad of the player whose turn it is standing next to an enemy")
        if sid in must:
            x.fail("a squad is listed twice")
        must.append(sid)
    # A hire or subdue in Phase 1 ends with the new squad's own step (off its pit, or into a friendly
    # squad) while the other squads still owe their fights: that step is part of the fight just
    # ended, so it alone may be pending beside them (rules ce-hire-pit, ce-subdue-after).
    aftermath = pending is not None and pending["kind"] in ("off-pit", "subdued")
    if must and ((pending is not None and not aftermath) or any(d.stage in FINISHING for d in digs.values())):
        r["must_fight"].fail("in Phase 1 only fights come first (rule ce-combat-phase1)")
    return combat, last, must


def _read_items_used(r) -> list[str]:
    """The items used in fights this turn, ``creature:item`` (``@hex:item`` for one dropped since;
    rule ce-item-once); saves from before this record have none."""
    used_r = r.get("items_used", [])
    used = [x.str(max_length=100) for x in used_r.list(max_length=200)]
    for x, key in zip(used_r.list(), used):
        if ":" not in key:
            x.fail("an item used is written creature:item")
    return used


def _read_dead(r, n: int, cards, squads):
    """The dead, and the kill points they earned (rule ce-kill-points)."""
    dead, seen = [], {c.id for s in squads for c in s.creatures}
    for e in r.get("dead", []).list(max_length=500):
        e.obj(allowed=("id", "card", "size", "owner", "by"))
        card_r = e["card"].optional()
        card = card_r.str(max_length=40) if card_r is not None else None
        if card is not None and card not in cards.creatures:
            e["card"].fail(f"no creature card {card!r} in creatures.json")
        owner_r, by_r = e["owner"].optional(), e["by"].optional()
        entry = {"id": e["id"].str(max_length=40), "card": card, "size": e["size"].str(choices=SIZES),
                 "owner": owner_r.int(0, n - 1) if owner_r is not None else None,
                 "by": by_r.int(0, n - 1) if by_r is not None else None}
        if entry["id"] in seen:
            e["id"].fail(f"creature {entry['id']!r} is dead and somewhere else too")
        if entry["by"] is not None and entry["by"] == entry["owner"]:
            e["by"].fail("nobody kills their own creatures in combat")
        seen.add(entry["id"])
        dead.append(entry)
    points_r = r.get("kill_points", [0.0] * n)
    points = [_points(x) for x in points_r.list(length=n)]
    for p in range(n):
        owed = sum(fx.points_of(e) for e in dead if e["by"] == p)
        if points[p] != owed:
            points_r.fail(f"player {p + 1} has {points[p]:g} kill points but killed creatures worth {owed:g} "
                          "(rule ce-kill-points)")
    return dead, points


def _read_loot(r, ground, cards):
    """What lies on the map: resources and item or spell cards, on dug ground."""
    loot = {}
    loot_r = r.get("loot", {}).obj()
    for key in loot_r.value:
        spot = loot_r[key].obj(allowed=("metals", "gore", "shadowflame", "items"))
        try:
            h = parse_hex(key)
        except ValueError:
            loot_r[key].fail(f"{key!r} is not a hex name like +1-2")
        if ground.status_of(h) == UNDUG:
            loot_r[key].fail(f"{key} is undug rock: nothing lies there")
        items = [i.str(max_length=40) for i in spot.get("items", []).list(max_length=20)]
        for i_r, i in zip(spot.get("items", []).list(), items):
            if i not in cards.items:
                i_r.fail(f"no item or spell card {i!r} in creatures.json")
        amounts = {k: spot.get(k, 0).int(0, 999) for k in ("metals", "gore", "shadowflame")}
        if not any(amounts.values()) and not items:
            spot.fail("an empty spot is not kept")
        loot[str(h)] = {"gore": amounts["gore"], "items": sorted(items),
                        **{k: amounts[k] for k in ("metals", "shadowflame") if amounts[k]}}
    return loot



def _load_full(state, r, full: bool, phase: str) -> None:
    """The full game's fields (turn.py), checked; the map-and-combat game has none of them."""
    n = state.game.players
    state.full = full
    state.queue, state.hands, state.evil, state.part = [], [[] for _ in range(n)], None, None
    state.invoking, state.invoked_into, state.cycle_invoked, state.sacrificing = False, [], False, False
    state.abandoned = []
    state.conj_box, state.winner_player, state.awake_cycle, state.after_evil = Counter(), None, None, None
    state.powers_used, state.power_turn = [], False
    state.focus = state.focus_holder = None
    state.march_left = 0
    state.dead_to_box = []
    state.fallen = []
    state.piles = state.track = None
    state.protectors = full and state.game.options["protectors"]
    state.protector_deck, state.homes, state.roused, state.guard = Counter(), {}, {}, None
    if not full:
        return
    if state.protectors:
        _load_protectors(state, r)
    spec = cj.conjuration_spec()
    advanced = state.game.options["black_diamond"]
    state.piles = cj.Piles.from_json(r["piles"].value, r["piles"].path, black_diamond=advanced,
                                     first_game=state.game.options["first_game"])
    hands_r = r["hands"].list(length=n)
    for p, h_r in enumerate(hands_r):
        for x in h_r.list(max_length=200):
            entry = x.str(max_length=80)
            deck, _, card = entry.partition(":")
            if deck not in cj.DECKS + (cj.NECROMONK,) or card not in spec or spec.is_event(card):
                x.fail(f"{entry!r} is not a card in a hand: 'deck:card', a creature, item or spell of that deck")
            state.hands[p].append(entry)
        state.hands[p].sort()
    state.track = aw.Track.from_json(r["track"].value, r["track"].path)
    evil_r = r["evil"].optional()
    state.evil = evil_r.str(choices=tuple(aw.awaken_data().evils)) if evil_r is not None else None
    if state.track.revealed and state.evil is None:
        r["evil"].fail("a revealed Awakening Evil is known (rule ce-awaken-reveal)")
    part_r = r["part"].optional()
    state.part = part_r.str(choices=("conjure", "actions", "events", "evil", "evil-fight")) if part_r is not None else None
    if phase == PLAY and state.part is None:
        r["part"].fail("in play the turn is in a part: conjure, actions or events")
    state.queue = [tn.check_step(q) for q in r["queue"].list(max_length=200)]
    state.invoking = r["invoking"].bool()
    state.sacrificing = r.get("sacrificing", False).bool()
    state.abandoned = [x.str(max_length=12) for x in r.get("abandoned", []).list(max_length=30)]
    state.invoked_into = [x.str(max_length=12) for x in r["invoked_into"].list(max_length=6)]
    state.cycle_invoked = r["cycle_invoked"].bool()
    box_r = r["conj_box"].obj()
    for card_id in box_r.value:
        if card_id not in spec:
            box_r[card_id].fail(f"no conjuration card {card_id!r}")
        state.conj_box[card_id] = box_r[card_id].int(0, 99)
    w_r = r["winner"].optional()
    state.winner_player = w_r.int(0, n - 1) if w_r is not None else None
    state.powers_used = sorted({x.int(0, n - 1) for x in r.get("powers_used", []).list(max_length=4)})
    state.power_turn = r.get("power_turn", False).bool()
    for key in ("focus", "focus_holder"):
        x = r.get(key, None).optional()
        setattr(state, key, x.int(0, n - 1) if x is not None else None)
    state.march_left = r.get("march_left", 0).int(0, 20)
    state.dead_to_box = [x.str(max_length=60) for x in r.get("dead_to_box", []).list(max_length=500)]
    state.fallen = sorted({x.int(0, n - 1) for x in r.get("fallen", []).list(max_length=4)})
    e_r = r.get("after_evil", None).optional()
    state.after_evil = e_r.int(0, n - 1) if e_r is not None else None
    a_r = r["awake_cycle"].optional()
    state.awake_cycle = a_r.int(0, 10_000) if a_r is not None else None
    total = spec.total(advanced, state.game.options["first_game"])
    seen = tn.conj_accounted(state)
    over = {c: k for c, k in seen.items() if k > total[c]}
    if over:
        r.fail(f"more conjuration cards than the game holds: {over}")


def _refuse_a_view(r) -> None:
    """A player's view (:meth:`CaveEvilState.hide`) is not a position: its hidden cards show as
    ``?`` and the decks as counts. Say so plainly instead of failing on the first odd key."""
    value = r.value if isinstance(r.value, dict) else {}
    hidden = []
    if any(isinstance(d, dict) and d.get("card") == "?" for d in value.get("digs") or []):
        hidden.append("a face-down excavation card")
    if isinstance(value.get("piles"), dict) and "left" in value["piles"]:
        hidden.append("what the decks hold")
    if any(isinstance(x, str) and x.endswith(":?") for h in value.get("hands") or [] if isinstance(h, list) for x in h):
        hidden.append("another player's hand")
    if value.get("evil") == "?":
        hidden.append("the face-down Awakening Evil")
    if hidden:
        r.fail("this is a player's view, which hides " + ", ".join(hidden) +
               ": load the full position (state.position(), or a saved game) instead")


def _load_protectors(state, r) -> None:
    """The Protectors' fields: every Protector card in its deck, on guard, subdued or dead, once;
    each on guard with its pit (one without a pit was subdued and set free again: a Wandering
    Monster now, ruling ce-protector-subdue); those woken by the turn player's squads; the one attacking now,
    with the squad that must fight it (rules ce-protector-*)."""
    cards = px.cards()
    deck_r = r.get("protector_deck", dict(px.new_deck())).obj()
    for card_id in deck_r.value:
        if card_id not in cards:
            deck_r[card_id].fail(f"no Protector card {card_id!r}")
        state.protector_deck[card_id] = deck_r[card_id].int(0, 1)
    state.protector_deck = +state.protector_deck
    seen = Counter(state.protector_deck)
    seen.update(c.card for s in state.squads for c in s.creatures if c.card in cards)
    seen.update(d["card"] for d in state.dead if d["card"] in cards)
    if seen != Counter(cards):
        r["protector_deck"].fail("each Protector card is in exactly one place: the deck, the map or the dead "
                                 "(rule ce-protector)")
    homes_r = r.get("homes", {}).obj()
    for sid in homes_r.value:
        if sid not in state.squads or not px.is_protector(state.squads[sid]):
            homes_r[sid].fail(f"{sid} is not a Protector on the map")
        h = parse_hex(homes_r[sid].str(max_length=20))
        if h not in state.ground.spawn_pits:
            homes_r[sid].fail(f"{h} is not a spawn pit")
        state.homes[sid] = h
    roused_r = r.get("roused", {}).obj()
    for sid in roused_r.value:
        woke = roused_r[sid].str(max_length=20)
        if sid not in state.homes or not _turn_squad(state, woke):
            roused_r[sid].fail(f"{sid} is a Protector woken by a squad of the player whose turn it is")
        state.roused[sid] = woke
    g_r = r.get("guard", None).optional()
    if g_r is not None:
        state.guard = g_r.str(max_length=20)
        if state.guard not in state.homes or not (state.must_fight or state.combat):
            g_r.fail("the Protector attacking is on the map, with a squad that must fight it or a fight under way")


def _turn_squad(state, sid: str) -> bool:
    """Whether ``sid`` is (or was, this turn) a squad of the player whose turn it is: the squad that
    woke a Protector may since have died fighting it, and the Protector stays woken for the turn
    (ruling ce-protector-wake: at most once a turn)."""
    if sid in state.squads:
        return state.squads[sid].owner == state.turn
    return state.turn is not None and sid.startswith(f"{state.turn}:") and len(sid) > len(f"{state.turn}:")


def _points(r) -> float:
    """Kill points: a number of halves, never negative."""
    v = r.value
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100000 or (2 * v) % 1:
        r.fail("kill points are a count of halves, 0 or more")
    return float(v)
