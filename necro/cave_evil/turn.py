"""The full game's turn (Cave Evil part III) as a queue of small steps.

The map-and-combat game (option ``game="map"``) has no hands, decks, spawns or
Blood Eye. The full game (``game="full"``) adds them, and most of what it adds
is a *procedure*: deal five cards to each player, roll a spawn on every pit,
draw until a card that is not an event shows, resolve each event of the turn
step by step. Each such procedure is a list of steps in ``state.queue``; the
step at its head says who decides now (chance, or a player) and what may be
done. The state asks this module while the queue is not empty, and plays its
ordinary turn (moves, digs, fights, invoking: each in its section's module, the
package docstring's map) when it is.

A step is a plain dict, saved as is in the position: ``{"do": "deal",
"player": 0, "deck": "bribe", "then": "hand"}``. The kinds, with the notation
of the decision each one asks for:

==============  ========  ============================================================
``deal``        chance    ``deal 1 bribe ratman``: a card for player 1 (a hand, a
                          conjuration, a meditation); an event is set aside or boxed
                          and the same deck deals again
``keep``        player    ``keep`` the conjured card, or ``trade metals 3`` for one of
                          the amounts of its cost (rule ce-conj-one-resource)
``conjure``     player    ``conjure summon`` (draw) or ``take bribe ratman`` (the top
                          card of a discard pile, kept: rule ce-conj-discard-pile)
``resources``   player    ``start gore gore metals``: the three resources of set-up
``awakening``   chance    ``evil pit-of-infinite-shadow``, face down (shown as ``evil ?``)
``spawn``       chance    ``spawn rolls 2``, twice: the main roll (rule ce-spawn-roll)
``spawn-draw``  chance    ``draw abyss vapor``: the card a spawn brings, events skipped
``spot``        player    ``spot +3-2``: where a spawned monster or item goes
``event``       (none)    expands into its card's steps (events.json)
``die``         chance    ``d4 3`` / ``d12 7``: the die an event step rolls first
``count``       player    ``count +1-5``: where a count of spaces ends
``tile-draw``   chance    ``excavation tunnel``: a tile for an event (events skipped)
``tile``        player    ``lay +4-1 r2`` or ``lay nothing`` when nothing fits
``wander``      player    ``wander w:A +2-3`` / ``wander w:A stay``, one monster at a time
``necromancer`` chance    ``necromancer 1 black-wizard``: a Necromancer card dealt at
                          random (option ``necromancers="random"``: :mod:`.wizard`)
==============  ========  ============================================================

Everything here is a function of the state; nothing is random: dice and draws
are the state's chance outcomes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations_with_replacement

from necro.core import CHANCE, IllegalAction

from . import awaken as aw
from . import awakening as ak
from . import bank as bk
from . import conjuration as cj
from . import events as ev
from . import evil_bitch as ebitch
from . import evil_emperor as eemp
from . import evil_goat as egoat
from . import evils as evs
from . import fights as fx
from . import loot as lt
from . import picking as pk
from . import protectors as px
from . import spawn as sp
from . import wizard as wz
from .basics import EVIL_RULE, is_evil_squad, push
from .creatures import catalogue
from .hexes import Hex, parse_hex
from .invoking import hand_cards  # noqa: F401 - read here by the board's tests and the chapters (its old home)
from .movement import RESOURCE_NAMES, Squad, _search, is_goat, squad_id
from .powers import POWERS  # noqa: F401 - read here by the turn chapter (its old home)

CHANCE_STEPS = ("deal", "awakening", "spawn", "spawn-draw", "die", "tile-draw", "rolloff", "lair", "goat", "protector",
                wz.DEAL)
PLAYER_STEPS = ("keep", "conjure", "resources", "spot", "count", "tile", "wander", "focus", "trot")
AUTOMATIC_STEPS = ("event", "eye", "march", "rampage")
KINDS = CHANCE_STEPS + PLAYER_STEPS + AUTOMATIC_STEPS
STEP_RULE = {"deal": "ce-conj-deck-draw", "keep": "ce-conj-one-resource", "conjure": "ce-phase-conjure",
             "resources": "ce-start-resources", "awakening": "ce-awaken-draw", "spawn": "ce-spawn-roll",
             "spawn-draw": "ce-spawn-roll", "spot": "ce-spawn-place", "event": "ce-event-phase4",
             "die": "ce-event-steps", "count": "ce-event-count", "tile-draw": "ce-event-tiles",
             "tile": "ce-event-tiles", "wander": "ce-event-wander", "eye": "ce-event-blood-eye",
             "rolloff": "ce-evil-roll-off", "lair": "ce-evil-emperor-lair", "focus": "ce-evil-emperor-control",
             "march": "ce-evil-emperor", "goat": "ce-evil-goat", "trot": "ce-evil-goat-decider",
             "protector": "ce-protector-draw", wz.DEAL: "ce-necromancer-deal", "rampage": "ce-evil-goat"}
NOTATION = re.compile(
    r"^(?:deal [1-4] [a-z]+ [a-z0-9-]+|keep|trade (?:metals|gore|shadowflame) \d{1,2}|conjure [a-z]+|take [a-z]+ [a-z0-9-]+"
    r"|start (?:metals|gore|shadowflame)(?: (?:metals|gore|shadowflame)){2}|evil [a-z0-9?-]+|spawn rolls \d"
    r"|draw (?:bribe|construct|summon|abyss) [a-z0-9-]+|(?:spot|count) [+-]\d{1,6}[+-]\d{1,6}|d\d{1,2} \d{1,2}"
    r"|(?:excavation|protector) [a-z0-9-]+|rolloff [1-4]|lair [1-4]|focus [1-4]|goat [1-4]|trot [+\d,-]{4,80}|lay (?:nothing|[+-]\d{1,6}[+-]\d{1,6} r[0-5])|wander w:[A-Z]{1,4} (?:stay|[+-]\d{1,6}[+-]\d{1,6})|necromancer [1-4] [a-z-]+)$")
"""The notation of every step's outcome or choice, for telling a well-formed action from noise."""
START_RESOURCES = 3
"""Each Necromancer starts with any three single resources (set-up step 13)."""


# ------------------------------------------------------------------ who decides
def head(state) -> dict:
    return state.queue[0]


def who(state) -> int:
    step = head(state)
    if step["do"] in CHANCE_STEPS:
        return CHANCE
    return step.get("player", state.turn)


def outcomes(state) -> list[tuple[str, Fraction]]:
    """The chance outcomes of the step at the head of the queue."""
    step = head(state)
    kind = step["do"]
    if kind == "deal":
        cards = state.piles.necromonk_outcomes() if step["deck"] == cj.NECROMONK else state.piles.outcomes(step["deck"])
        return [(f"deal {step['player'] + 1} {step['deck']} {c}", p) for c, p in cards]
    if kind == "awakening":
        opts = state.game.options
        if opts["awakening"] == "pit":
            return [("evil pit-of-infinite-shadow", Fraction(1))]
        return [(f"evil {e}", p) for e, p in aw.awakening_outcomes(opts["awakening"] == "short",
                                                                      opts["awakening"] == "advanced")]
    if kind == "spawn":
        faces = (sp.first_die_outcomes(step["roll"]) if "first" not in step
                 else sp.second_die_outcomes(step["roll"], step["first"]))
        return [(f"spawn rolls {f}", p) for f, p in faces]
    if kind == "spawn-draw":
        return [(f"draw {step['deck']} {c}", p) for c, p in state.piles.outcomes(step["deck"])]
    if kind == "die":
        n = step["sides"]
        return [(f"d{n} {f}", Fraction(1, n)) for f in range(1, n + 1)]
    if kind == "tile-draw":
        return [(f"excavation {c}", p) for c, p in state.deck.outcomes()]
    if kind == "rolloff":
        return [(f"rolloff {p + 1}", q) for p, q in aw.roll_off_outcomes(step["players"])]
    if kind == "goat":
        return [(f"goat {f}", Fraction(1, 4)) for f in range(1, 5)]
    if kind == "protector":
        return [(f"protector {c}", p) for c, p in px.draw_outcomes(state.protector_deck)]
    if kind == wz.DEAL:
        return wz.deal_outcomes(state, step)
    if kind == "lair":
        alive = state.order()
        return [(f"lair {p + 1}", q) for p, q in aw.emperor_fallback_outcomes(state.plan.first, alive,
                                                                              state.game.players)]
    raise ValueError(f"step {kind!r} is not a chance step")


def actions(state) -> list[str]:
    """The choices of the player deciding the step at the head of the queue, in a stable order."""
    step = head(state)
    kind = step["do"]
    if kind in CHANCE_STEPS:
        return []
    if kind == "keep":
        return ["keep"] + [f"trade {r} {n}" for r, n in cj.resource_choices(step["card"])]
    if kind == "conjure":
        out = [f"conjure {d}" for d in cj.DECKS if state.piles.outcomes(d)]
        out += [f"take {d} {state.piles.top_discard(d)}" for d in cj.DECKS if state.piles.top_discard(d)]
        return out
    if kind == "resources":
        return [f"start {' '.join(c)}" for c in combinations_with_replacement(RESOURCE_NAMES, START_RESOURCES)]
    if kind in ("spot", "count"):
        return [f"{kind} {h}" for h in step["hexes"]]
    if kind == "focus":
        return [f"focus {p + 1}" for p in state.order()]
    if kind == "trot":
        return ["trot " + ",".join(path) for path in step["paths"]]
    if kind == "tile":
        tiles = evs.evil_placements(state, step) if "evil" in step else _event_tiles(state, step["tile"])
        return [f"lay {p.anchor} r{p.rotation}" for p in tiles] or ["lay nothing"]
    if kind == "wander":
        sid = step["left"][0]
        return [f"wander {sid} {h}" for h in sorted(_wander_stops(state, step))] + [f"wander {sid} stay"]
    raise ValueError(f"step {kind!r} has no choices")


def hint(state, action: str) -> dict:
    """What the board shows for a step's choice: the hex it names (``to``), a tile's spaces, the
    card concerned."""
    step = head(state)
    words = action.split()
    if step["do"] in ("spot", "count") or (step["do"] == "wander" and words[-1] != "stay"):
        return {"to": words[-1], **({"card": step["card"]} if "card" in step else {})}
    if step["do"] == "tile" and action != "lay nothing":
        p = state.ground.placement(step["tile"], parse_hex(words[1]), int(words[2][1:]), "open")
        return {"tile": p.tile.id, "side": "open", "hexes": [str(h) for h in p.spaces]}
    if step["do"] == "conjure" and words[0] == "take":
        return {"card": words[2], "deck": words[1]}
    return {}


def legal(state, action: str) -> bool:
    if who(state) == CHANCE:
        return any(a == action for a, _ in outcomes(state))
    return action in actions(state)


def rule(state, action: str | None = None) -> str:
    step = head(state)
    if "off" in step:
        return "ce-evil-statue-how"
    return EVIL_RULE[step["evil"]] if "evil" in step else STEP_RULE[step["do"]]


def status(state) -> str:
    return step_text(head(state))


def step_text(step: dict) -> str:
    """A sentence on what a queued step decides (the status line; the board's queue)."""
    kind = step["do"]
    text = {
        "deal": f"Player {step.get('player', 0) + 1} is dealt a card from the {step.get('deck')} deck.",
        "keep": f"Player {step.get('player', 0) + 1} keeps the card drawn or trades it for resources.",
        "conjure": f"Phase 2: player {step.get('player', 0) + 1} conjures (draws from a deck or takes a face-up card).",
        "resources": f"Set-up: player {step.get('player', 0) + 1} takes three resources.",
        "awakening": "Set-up: the Awakening Evil card is drawn face down.",
        "spawn": f"A spawn roll at {step.get('at') or step.get('digger')}.",
        "spawn-draw": f"A spawn draws from the {step.get('deck')} deck.",
        "spot": ("Where does what was pushed off The Pit go?" if "off" in step
                 else "Where does the spawned card go?"),
        "die": f"An event rolls a D{step.get('sides')}.",
        "count": "Where does the count end?",
        "tile-draw": ("An excavation tile is drawn for the Evil's way." if "evil" in step
                      else "An event draws an excavation tile."),
        "tile": (f"Player {step.get('player', 0) + 1} lays the tile in the Evil's way." if "evil" in step
                 else "Where does the event's tile go?"),
        "rampage": "The Goat rampages on.",
        "rolloff": "Tied players roll a D12 to settle who the Evil picks.",
        "lair": "A D4 over the Lairs names the Emperor's prey.",
        "focus": f"Player {step.get('player', 0) + 1} declares the Emperor's prey.",
        "goat": "The first player rolls a D4 for the Goat's rampage.",
        "protector": f"A Protector card is drawn for the spawn pit at {step.get('at')}.",
        "trot": f"Player {step.get('player', 0) + 1} steers the Goat's rampage.",
        "wander": f"Wandering Monster {step.get('left', ['?'])[0]} may move up to {step.get('roll')} spaces.",
        wz.DEAL: f"Set-up: player {step.get('player', 0) + 1} is dealt a Necromancer card.",
    }
    return text.get(kind, kind)


def explain(state, action) -> tuple[str, str]:
    if who(state) == CHANCE:
        return "core-chance", "only chance decides that"
    options = actions(state)
    return rule(state), f"now: {status(state)} One of: {', '.join(options[:6])}{' ...' if len(options) > 6 else ''}"


# ------------------------------------------------------------------ playing a step
def apply(state, action: str) -> None:
    """Play ``action`` (already checked legal) on the step at the head of the queue."""
    step = state.queue.pop(0)
    kind = step["do"]
    getattr(_Apply, kind.replace("-", "_"))(state, step, action)
    run_automatic(state)


def run_automatic(state) -> None:
    """Play the steps nobody decides at the head of the queue: an event card becomes its steps,
    a Blood Eye step moves the Blood Eye."""
    if state.queue and state.queue[0]["do"] == "wander":  # monsters gone meanwhile (the Goat) wander no more
        left = [sid for sid in state.queue[0]["left"] if sid in state.squads]
        if left:
            state.queue[0] = dict(state.queue[0], left=left)
        else:
            state.queue.pop(0)
    while state.queue and (state.queue[0]["do"] in AUTOMATIC_STEPS or
                           (state.queue[0]["do"] in CHANCE_STEPS and not outcomes(state))):
        step = state.queue.pop(0)
        if step["do"] == "event":
            _expand_event(state, step)
        elif step["do"] == "march":
            eemp.march(state, step["left"])
        elif step["do"] == "rampage":
            egoat.rampage(state, [parse_hex(h) for h in step["path"]], step["player"])
        elif step["do"] == "eye":
            ak.advance_eye(state, step["spaces"], "ce-event-blood-eye")
        else:  # a draw from an empty deck (rule ce-conj-refill, ce-deck-draw)
            rule = {"deal": "ce-conj-refill", "spawn-draw": "ce-conj-refill", "protector": "ce-protector-draw"}
            state.note(rule.get(step["do"], "ce-deck-draw"), "There is nothing left to draw: this step brings nothing.")


class _Apply:
    """One function per kind of step: what its outcome or choice does."""

    @staticmethod
    def deal(state, step, action):
        card_id = action.split()[3]
        p, deck = step["player"], step["deck"]
        card = state.piles.draw_necromonk(card_id) if deck == cj.NECROMONK else state.piles.draw(deck, card_id)
        then = step["then"]
        if card.is_event:
            name = ev.event(card_id).name
            if then == "hand":  # the starting hand: events go to the box (rule ce-starting-hand)
                state.conj_box[card_id] += 1
                state.note("ce-starting-hand", f"Player {p + 1} is dealt an event ({name}): it goes to the box "
                                               f"and the {deck} deck deals again.")
            else:  # conjuring or meditating: set aside for Phase 4, draw again (rule ce-fractal-spawn)
                state.events.append(card_id)
                state.note("ce-fractal-spawn", f"Player {p + 1} draws an event ({name}): it waits for Phase 4, "
                                               f"and the {deck} deck is drawn again.")
            if state.piles.outcomes(deck) if deck != cj.NECROMONK else state.piles.necromonk_outcomes():
                push(state, step)
            else:
                state.note("ce-conj-refill", f"The {deck} deck has nothing left to draw.")
            return
        if then == "keep":
            push(state, {"do": "keep", "player": p, "deck": deck, "card": card_id})
            state.note("ce-phase-conjure", f"Player {p + 1} draws a card from the {deck} deck and looks at it.")
            return
        state.hands[p].append(f"{deck}:{card_id}")
        state.hands[p].sort()
        state.note("ce-starting-hand" if then == "hand" else "ce-meditate",
                   f"Player {p + 1} takes a card from the {deck} deck into their hand.")

    @staticmethod
    def keep(state, step, action):
        p, deck, card_id = step["player"], step["deck"], step["card"]
        name = cj.conjuration_spec()[card_id].name
        if action == "keep":
            state.hands[p].append(f"{deck}:{card_id}")
            state.hands[p].sort()
            state.note("ce-phase-conjure", f"Player {p + 1} keeps the card.")
        else:
            _, resource, n = action.split()
            state.piles.discard(deck, card_id)
            n_squad = state.squads.by_id.get(squad_id(p, "N"))
            if n_squad is not None:
                got = bk.pay(state, resource, int(n), "the discarded card")
                lt.add_resources(n_squad.resources, {resource: got})
                state.ledger[resource] += got
            state.note("ce-conj-one-resource", f"Player {p + 1} discards {name} face up for {n} {resource}.")
        state.part = "actions"

    @staticmethod
    def conjure(state, step, action):
        verb, deck, *rest = action.split()
        p = step["player"]
        if verb == "conjure":
            push(state, {"do": "deal", "player": p, "deck": deck, "then": "keep"})
            return
        card = state.piles.take_discard(deck)
        state.hands[p].append(f"{deck}:{card.id}")
        state.hands[p].sort()
        state.note("ce-conj-discard-pile", f"Player {p + 1} takes {card.name}, face up, from the {deck} discard pile "
                                           "and must keep it.")
        state.part = "actions"

    @staticmethod
    def resources(state, step, action):
        p = step["player"]
        got = Counter(action.split()[1:])
        n = state.squads[squad_id(p, "N")]
        lt.add_resources(n.resources, dict(got))
        state.ledger.update(got)
        state.note("ce-start-resources", f"Player {p + 1}'s Necromancer takes "
                   + ", ".join(f"{k} {r}" for r, k in sorted(got.items())) + ".")

    @staticmethod
    def awakening(state, step, action):
        state.evil = action.split()[1]
        state.note("ce-awaken-draw", "The Awakening Evil card is drawn and laid face down by the Awaken icon.")

    @staticmethod
    def spawn(state, step, action):
        face = int(action.split()[2])
        if "first" not in step:
            push(state, dict(step, first=face))
            return
        res = sp.result(step["first"], face, step["roll"])
        where = step.get("at")
        if not res.is_card:  # what the bank still holds (rule ce-bank)
            got = bk.pay(state, res.resource, res.amount, "the spawn")
            if not got:
                return
            res = res if got == res.amount else replace(res, amount=got)
        if not res.is_card:
            if step.get("digger") and step["digger"] in state.squads:
                sp.put_resources(res, state.loot, state.squads, digger=step["digger"])
                state.note("ce-spawn-excavation", f"The spawn brings {res.text()}: to the digging squad.")
            elif parse_hex(where) in _evil_seats(state):  # beside the Evil, the spawning player's choice
                hexes = sorted(state.ground.graph.neighbors(parse_hex(where)))
                push(state, {"do": "spot", "player": step.get("player", state.turn), "hexes": [str(h) for h in hexes],
                             "resources": {res.resource: res.amount}})
                return
            else:
                sp.put_resources(res, state.loot, state.squads, at=parse_hex(where))
                state.note("ce-spawn-roll", f"The spawn brings {res.text()}, laid on {where}.")
            state.ledger[res.resource] += res.amount
            return
        state.note("ce-spawn-roll", f"The spawn brings {res.text()}.")
        push(state, {"do": "spawn-draw", "deck": res.deck, "at": where, "far": step.get("far"),
                     "player": step.get("player", state.turn)})

    @staticmethod
    def spawn_draw(state, step, action):
        card_id = action.split()[2]
        deck = step["deck"]
        card = state.piles.draw(deck, card_id)
        if card.is_event:  # ruling ce-spawn-events-ignored: to the box, draw again
            state.conj_box[card_id] += 1
            state.note("ce-spawn-events-ignored", f"An event ({ev.event(card_id).name}) is skipped: it goes to the box.")
            if state.piles.outcomes(deck):
                push(state, step)
            return
        points = [parse_hex(h) for h in (step.get("far") or [step["at"]])]
        evils = _evil_seats(state)
        if card.kind == "creature":
            size = catalogue().creature(card_id).size
            hexes = sp.excavation_spots(state.ground, state.squads, points, size, blocked=evils)  # with a Protector
            # when it fits, else beside it (rule ce-protector-draw)
        else:  # an item or spell lies where it spawns, or beside the Evil sitting there
            hexes = sorted({n for h in points for n in ([h] if h not in evils else state.ground.graph.neighbors(h))})
        if not hexes:
            state.conj_box[card_id] += 1
            state.note("ce-spawn-nowhere", f"{card.name} has nowhere to go: it goes to the box.")
            return
        if len(hexes) == 1:
            _place_spawn(state, card_id, hexes[0])
        else:
            push(state, {"do": "spot", "player": step.get("player", state.turn), "card": card_id, "deck": deck,
                         "hexes": [str(h) for h in hexes]})

    @staticmethod
    def protector(state, step, action):
        """A Protector takes up its post on the new pit (rule ce-protector-draw); if a squad stands
        there, on the nearest free space instead; with none, its card goes back to the box."""
        card_id = action.split()[1]
        state.protector_deck[card_id] -= 1
        state.protector_deck = +state.protector_deck
        pit = parse_hex(step["at"])
        spots = sp.monster_spots(state.ground, state.squads, pit, catalogue().creature(card_id).size,
                                 blocked={s.hex for s in state.squads})  # it stands alone
        name = catalogue().creature(card_id).name
        if not spots:
            state.protector_deck[card_id] += 1
            state.note("ce-protector-draw", f"{name} finds no free space near its pit: it goes back to its deck.")
            return
        marker = sp.next_marker(state.squads)
        guard = px.place(state.squads, card_id, spots[0], marker, taken={d["id"] for d in state.dead})
        state.homes[guard.id] = pit
        state.note("ce-protector-draw", f"{name} rises on {spots[0]} as Protector {marker}, guarding the pit at {pit}.")

    @staticmethod
    def spot(state, step, action):
        if "off" in step:  # what an Awakened Evil pushed off The Pit (ruling ce-evil-statue-how)
            evs.move_off_pit(state, step, action.split()[1])
            if state.part == "conjure" and state.turn is not None and not state.queue:  # the turn just began:
                fight = fx.must_fight(state.ground, state.squads, state.turn)  # Phase 1 from where they stand now
                if fight != state.must_fight:
                    state.must_fight = fight
                    state.note("ce-combat-phase1", "Phase 1: " + (", ".join(
                        f"squad {state.squads[s].card}" for s in fight) + " must fight first." if fight else
                        "no squad must fight now."))
            return
        if "card" not in step:  # resources spawned where an Evil sits (rules ce-evil-goat, ce-evil-statue)
            (resource, amount), = step["resources"].items()
            lt.put(state.loot, action.split()[1], {resource: amount})
            state.ledger[resource] += amount
            state.note("ce-spawn-roll", f"The spawn brings {amount} {resource}, laid beside the Evil on "
                                        f"{action.split()[1]}.")
            return
        _place_spawn(state, step["card"], parse_hex(action.split()[1]))

    @staticmethod
    def die(state, step, action):
        face = int(action.split()[1])
        then = step["then"]
        if then["do"] == "wander":
            left = [sid for sid in ev.wanderers(state.ground, state.squads, state.homes) if not is_evil_squad(state, sid)]
            state.note("ce-event-wander", f"The wander die shows {face}: " +
                       (f"Wandering Monsters {', '.join(left)} may move up to {face} spaces."
                        if left else "no Wandering Monster can move."))
            if left:
                push(state, {"do": "wander", "player": state.turn, "roll": face, "left": left})
            return
        if then["at"] == "throneroom-d4":
            thrones = state.throneroom_numbers()
            try:
                pit = ev.pit_of_throneroom(state.ground, thrones, face)
            except IllegalAction:
                state.note("ce-event-throneroom", f"The D4 shows {face}: there is no Throneroom {face}; nothing spawns.")
                return
            state.note("ce-event-throneroom", f"The D4 shows {face}: Throneroom {face}'s pit at {pit} spawns.")
            push(state, _spawn_step(state, then["roll"], pit))
            return
        n_squad = state.squads.by_id.get(squad_id(state.turn, "N"))
        origin = ev.count_origin(state.ground, then["at"], n_squad.hex if n_squad else None)
        hexes = ev.count_spaces(state.ground, origin, face)
        state.note("ce-event-count", f"The D12 shows {face}: the count starts at {origin}.")
        if not hexes:
            return
        if len(hexes) == 1:
            push(state, _spawn_step(state, then["roll"], hexes[0]))
        else:
            push(state, {"do": "count", "player": state.turn, "roll": then["roll"], "hexes": [str(h) for h in hexes]})

    @staticmethod
    def count(state, step, action):
        push(state, _spawn_step(state, step["roll"], parse_hex(action.split()[1])))

    @staticmethod
    def tile_draw(state, step, action):
        card_id = action.split()[1]
        card = state.deck.draw(card_id)
        if "evil" in step:  # the Emperor's or the Goat's way (rules ce-evil-emperor, ce-evil-goat)
            state.deck.put_in_discard(card_id)
            if card.is_event:
                state.note(EVIL_RULE[step["evil"]], "An event card comes up: it is discarded, and another is drawn.")
                if state.deck.outcomes():
                    push(state, step)
                return
            push(state, {"do": "tile", "player": step["player"], "tile": card.tile, "evil": step["evil"],
                         "at": step["at"]})
            return
        if card.is_event:  # ruling ce-event-redraw-where: discarded, and draw again
            state.deck.put_in_discard(card_id)
            state.note("ce-event-redraw-where", "An event card comes up while drawing a tile: it is discarded.")
            if state.deck.outcomes():
                push(state, step)
            return
        state.deck.put_in_discard(card_id)
        push(state, {"do": "tile", "player": state.turn, "tile": card.tile})

    @staticmethod
    def tile(state, step, action):
        if "evil" in step:
            evs.evil_lays(state, step, action)
            return
        if action == "lay nothing":
            state.note("ce-event-tiles-where", f"The {step['tile']} fits nowhere: nothing is laid.")
            return
        _, anchor, rot = action.split()
        p = state.ground.placement(step["tile"], parse_hex(anchor), int(rot[1:]), "open")
        state.ground.place(p, state.squads.player_hexes())
        state.note("ce-event-tiles", f"The event lays the {p.tile.name}: {p}.")

    @staticmethod
    def rolloff(state, step, action):
        p = int(action.split()[1]) - 1
        if step.get("for") == "goat":
            state.note("ce-evil-roll-off", f"Player {p + 1} wins the roll-off and steers the Goat.")
            push(state, {"do": "trot", "player": p, "paths": step["paths"]})
            return
        if step.get("for") == "emperor":
            state.note("ce-evil-roll-off", f"Player {p + 1} wins the roll-off.")
            push(state, {"do": "focus", "player": p})
            return
        state.note("ce-evil-roll-off", f"Player {p + 1} loses the roll-off.")
        ebitch.bitch_attacks(state, p)

    necromancer = staticmethod(wz.apply_deal)

    @staticmethod
    def goat(state, step, action):
        egoat.goat_runs(state, int(action.split()[1]))

    @staticmethod
    def trot(state, step, action):
        state.note("ce-evil-goat-decider", f"Player {step['player'] + 1} steers the Goat.")
        egoat.rampage(state, [parse_hex(h) for h in action.split()[1].split(",")], step["player"])

    @staticmethod
    def lair(state, step, action):
        eemp.declare_focus(state, None, int(action.split()[1]) - 1)

    @staticmethod
    def focus(state, step, action):
        eemp.declare_focus(state, step["player"], int(action.split()[1]) - 1)

    @staticmethod
    def wander(state, step, action):
        _, sid, where = action.split()
        left = [s for s in step["left"][1:] if s in state.squads]
        if left:
            push(state, {k: v for k, v in dict(step, left=left).items() if k not in ("split", "spent")})
        if where != "stay":
            to = parse_hex(where)
            squad, group, _ = _wander_group(state, step)
            cost = _wander_stops(state, step)[to]
            if len(group) == len(squad.creatures):
                state.squads.remove(sid)
                squad.hex = to
                state.squads.add(squad)
                state.note("ce-event-wander", f"Wandering Monster {squad.card} moves to {to}.")
                pk.monster_takes_up(state, squad)
            else:  # the faster ones split off as a squad of their own (rule ce-event-wander)
                squad.creatures = [c for c in squad.creatures if c not in group]
                marker = sp.next_marker(state.squads)
                squad = state.squads.add(Squad(f"w:{marker}", None, to, group, marker))
                state.note("ce-event-wander", f"{', '.join(c.id for c in group)} split off as Wandering Monster "
                                              f"{marker} and go on to {to}.")
                pk.monster_takes_up(state, squad)
            spent = step.get("spent", 0) + cost
            limits = ev.wander_limits(squad, step["roll"])
            faster = [c.id for c in squad.creatures if limits[c.id] > spent]
            if faster and len(faster) < len(squad.creatures):
                push(state, {"do": "wander", "player": step["player"], "roll": step["roll"], "left": [squad.id],
                             "split": faster, "spent": spent})


# ------------------------------------------------------------------ helpers
def _spawn_step(state, roll: str, at: Hex) -> dict:
    return {"do": "spawn", "roll": roll, "at": str(at), "player": state.turn}


def _evil_seats(state) -> set[Hex]:
    """Where an Awakened Evil sits (the Goat, the Statue, the Emperor): anything spawned there is
    placed beside it instead, the spawning player's choice (rules ce-evil-goat, ce-evil-statue)."""
    return {s.hex for s in state.squads if is_evil_squad(state, s.id) or is_goat(s)}


def _place_spawn(state, card_id: str, at: Hex) -> None:
    """A spawned creature becomes a Wandering Monster on ``at``; an item or spell lies there."""
    name = cj.conjuration_spec()[card_id].name
    if cj.conjuration_spec()[card_id].kind == "creature":
        taken = {d["id"] for d in state.dead}
        squad = sp.spawn_creature(state.squads, card_id, at, taken=taken)
        state.note("ce-spawn-place", f"{name} appears on {at} as Wandering Monster {squad.card}.")
    else:
        sp.spawn_item(state.loot, card_id, at)
        state.ledger[f"item:{card_id}"] += 1
        state.note("ce-spawn-place", f"{name} lies on {at}.")
        squad = state.squads.at(at)
    if squad is not None:
        pk.monster_takes_up(state, squad)


def _event_tiles(state, tile_id: str):
    return ev.tile_placements(state.ground, tile_id, state.squads.player_hexes())


def _wander_group(state, step: dict) -> tuple[Squad, list, int]:
    """The wandering squad a wander step moves, the creatures that go (all of it, or after it
    moved together the faster ones, ``split``), and how far they may go now: the roll capped by
    each one's movement rate (ruling ce-event-wander-reach), less what they went together."""
    squad = state.squads[step["left"][0]]
    group = [c for c in squad.creatures if c.id in step["split"]] if "split" in step else list(squad.creatures)
    limits = ev.wander_limits(squad, step["roll"])
    return squad, group, min(limits[c.id] for c in group) - step.get("spent", 0)


def _wander_stops(state, step: dict) -> dict[Hex, int]:
    """Where a wandering squad (or its faster creatures, going on) may go on a wander step: as far
    as the roll and its slowest creature allow (ruling ce-event-wander-reach), stopping as any
    squad must; creatures of mixed speeds go together, then the faster split off (rule
    ce-event-wander)."""
    squad, group, budget = _wander_group(state, step)
    if budget <= 0:
        return {}
    reach = _search(state.ground, state.squads, squad, group, budget)
    return {h: c for h, c in reach.stops.items() if state.squads.at(h) is None}


def _expand_event(state, step: dict) -> None:
    """An event card's steps, in order, at the head of the queue (rule ce-event-steps)."""
    card = ev.event(step["card"])
    state.note("ce-event-phase4", f"Event: {card.name}. " + " ".join(ev.describe(e) for e in card.effects))
    steps = []
    for e in card.effects:
        for _ in range(e.times if e.do in ("spawn", "tile") else 1):
            if e.do == "spawn" and e.at == "the-pit":
                steps.append(_spawn_step(state, e.roll, state.ground.pit()))
            elif e.do == "spawn" and e.at == "every-pit":
                steps += [_spawn_step(state, e.roll, h) for h in ev.every_pit(state.ground)]
            elif e.do == "spawn":
                steps.append({"do": "die", "sides": ev.die_of(e), "then": {"do": "spawn", "roll": e.roll, "at": e.at}})
            elif e.do == "tile":
                if state.deck.outcomes():
                    steps.append({"do": "tile-draw"})
            elif e.do == "wander":
                steps.append({"do": "die", "sides": ev.DICE[e.die], "then": {"do": "wander"}})
            elif e.do == "blood-eye":
                steps.append({"do": "eye", "spaces": e.spaces})
    push(state, *steps)


def setup_steps(state) -> list[dict]:
    """What the full game adds once the cave is built (set-up steps 10-13): the starting hands
    (rule ce-starting-hand), a spawn roll on every spawn pit (rule ce-spawn-beginning), three
    resources for each Necromancer (rule ce-start-resources) and the Awakening Evil, face down
    (rule ce-awaken-draw)."""
    order = state.order()
    steps = wz.deal_steps(state)  # option necromancers="random" (rule ce-necromancer-deal)
    steps += [{"do": "deal", "player": p, "deck": d, "then": "hand"} for p in order for d in cj.starting_hand_plan()]
    steps += [{"do": "spawn", "roll": "beginning", "at": str(h), "player": order[0]} for h in ev.every_pit(state.ground)]
    steps += [{"do": "resources", "player": p} for p in order]
    steps.append({"do": "awakening"})
    return steps


# ------------------------------------------------------------------ JSON and views
_STEP_TEXT = re.compile(r"^[a-z0-9+:,-]{1,40}$")


def check_step(r) -> dict:
    """A queued step read back from JSON, with its kind and keys checked."""
    r.obj()
    kind = r["do"].str(choices=KINDS)
    out = {}
    for key, value in r.value.items():
        if not isinstance(key, str) or len(key) > 12:
            r.fail("step keys are short names")
        if isinstance(value, (dict, list, int, str)) or value is None:
            out[key] = value
        else:
            r[key].fail("a step holds numbers, words, lists and small objects")
    if kind in ("deal", "keep", "conjure", "resources", "spot", "count", "tile", "wander", "focus", "trot", wz.DEAL):
        if kind not in ("tile", "wander", "count", "spot") or "player" in out:
            r["player"].int(0, 3)
    return out


def conj_accounted(state) -> Counter:
    """Every conjuration card wherever it is: the decks and discard piles, the hands, a card
    being looked at, the events waiting for Phase 4, the box, creatures and items in play and
    the dead. In a game played from set-up this equals ``ConjurationSpec.total``."""
    spec = cj.conjuration_spec()
    out = state.piles.accounted() if state.piles is not None else Counter()
    for hand in state.hands:
        out.update(x.split(":", 1)[1] for x in hand)
    out.update(q["card"] for q in state.queue if q["do"] in ("keep", "spot") and q.get("card") in spec)
    out.update(e for e in state.events if e in spec)
    out += state.conj_box
    for s in state.squads:
        for c in s.creatures:
            if c.card in spec and not c.necromancer:
                out[c.card] += 1
            out.update(i for i in c.items if i in spec)
    for spot in state.loot.values():
        out.update(i for i in spot["items"] if i in spec)
    out.update(d["card"] for d in state.dead if d.get("card") in spec)
    return out


def mask_hand(entry: str) -> str:
    deck, _, _ = entry.partition(":")
    return f"{deck}:?"


# ------------------------------------------------------------------ the Necromancers' once-per-game powers
