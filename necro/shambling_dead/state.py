"""The night as a state machine.

The whole control flow of a night is data: ``queue`` is the list of steps
still to do this night (``("assault", 0, "F", 1)``, ``("round", 0, 2)``, ...)
and ``task`` is what the state is waiting for right now: a card, a die, or a
player's decision. ``_advance`` pops steps and runs the automatic ones (the
Narrator's moves are rules of the engine, not decisions) until a card, a die
or a decision is needed. Because both are plain JSON, any moment of the night,
mid-battle included, saves, loads, copies and undoes exactly.

Every compound decision is broken into small steps (one wound, one placement,
one figure moved), so each step's legal options stay short enough to list.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from necro.core import CHANCE, TERMINAL, IllegalAction, NotationError, SharedActions, State

from .board import FRONT, OTHER, SUPPORT, ZONE_NAMES, ZONES, Board, fig_name
from .deck import Deck
from .load import load_position
from .tables import (DECK, DECK_SET, EVENT_RULES, EVENTS, GAUNTLET_STRENGTH, HOURS, JOKER, STRENGTH,
                     card_value, crt, is_black, is_heart)

CHANCE_KINDS = frozenset(("card", "die", "event"))
TWO_DICE = frozenset(("drag2", "wild2"))
STAND_ONLY_EVENTS = (5, 10)
_D6 = [Fraction(1, 6)] * 6
# queued steps that need no "is anybody left?" check first: setup, and steps inside a
# battle (the battle itself checks at the end of each round, as the rules say)
_UNCHECKED = frozenset(("setup", "place", "round", "strike", "round-end", "battle-end", "battle-close",
                        "charge-check"))
_2D6 = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


class Act(NamedTuple):
    """An action: ``verb`` plus up to two arguments; ``str()`` is its notation.

    Figures are named ``s<id>`` (survivors, Hero included) and ``z<id>``
    (zombies); zones ``F`` and ``S``; cards like ``7S``, ``AH``, ``10D``, ``JK``.
    """

    verb: str
    a: object = None
    b: object = None

    def __str__(self):
        v, a, b = self.verb, self.a, self.b
        if v in ("wound", "flee", "drag", "lose"):
            return f"{v} s{a}"
        if v == "engage":
            return f"engage s{a} z{b}"
        if v == "move":
            return f"move s{a} {b}"
        if a is None:
            return v
        return f"{v} {a}"


STAND, CHARGE, DONE = Act("stand"), Act("counter-charge"), Act("done")
_DRAW = {c: Act("draw", c) for c in DECK}
_ROLL1 = [Act("d6", i) for i in range(7)]
_ROLL2 = [Act("2d6", i) for i in range(13)]
PLACE = {zone: Act("place", zone) for zone in ZONES}


# the actions ``verb <figure id>``, made once and shared: a night lists a hundred or so wound
# options, a study millions
_WOUND, _FLEE, _DRAG, _LOSE = (SharedActions(Act, verb) for verb in ("wound", "flee", "drag", "lose"))


def _fig_id(text: str, prefix: str) -> int:
    if len(text) < 2 or text[0] != prefix or not text[1:].isdigit() or len(text) > 6:
        raise ValueError(text)
    return int(text[1:])


def parse_act(text: str) -> Act:
    """Turn notation back into an :class:`Act` (syntax only; legality is checked later)."""
    if not isinstance(text, str):
        raise NotationError(text, "core-notation", "an action is written as text")
    parts = text.split()
    try:
        verb = parts[0]
        if parts in (["stand"], ["counter-charge"], ["done"]):
            return Act(verb)
        if verb in ("wound", "flee", "drag", "lose") and len(parts) == 2:
            return Act(verb, _fig_id(parts[1], "s"))
        if verb == "engage" and len(parts) == 3:
            return Act(verb, _fig_id(parts[1], "s"), _fig_id(parts[2], "z"))
        if verb == "move" and len(parts) == 3 and parts[2] in ZONES:
            return Act(verb, _fig_id(parts[1], "s"), parts[2])
        if verb == "place" and len(parts) == 2 and parts[1] in ZONES:
            return Act(verb, parts[1])
        if verb == "draw" and len(parts) == 2 and parts[1] in DECK_SET:
            return Act(verb, parts[1])
        if verb in ("d6", "2d6", "event") and len(parts) == 2 and parts[1].isdigit() and len(parts[1]) <= 2:
            return Act(verb, int(parts[1]))
    except (ValueError, IndexError):
        pass
    raise NotationError(text, "core-notation", f"{text!r} is not an action of Night of the Shambling Dead")


class ShamblingState(State):
    """A night for 1-4 players, each on their own board, with the engine as Narrator."""

    # ----------------------------------------------------------------- setup
    def setup(self) -> None:
        n = self.game.players
        self.hour = 0
        self.events: list[int] = []
        self.decks = [Deck() for _ in range(1 if self.game.options["deck"] == "shared" else n)]
        self.boards = [Board() for _ in range(n)]
        self.task: dict | None = None
        self.over = False
        self.queue: list[tuple] = [("setup", p) for p in range(n)] + [("turn",)]
        self._acts = None
        self._advance()

    # ------------------------------------------------------------- queries
    @property
    def event(self) -> int | None:
        """The event being played this hour (1-10 on the track), or None before hour 1."""
        return self.events[self.hour - 1] if 0 < self.hour <= len(self.events) else None

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        task = self.task
        if task is None:  # only between steps of _apply; never seen from outside
            return TERMINAL
        if task["k"] in CHANCE_KINDS:
            return CHANCE
        return task["p"]

    def returns(self) -> list[float]:
        """Survivors alive at dawn per player (0 for a player whose night ended early)."""
        return [0.0 if b.out else float(len(b.survivors())) for b in self.boards]

    def survived(self) -> list[bool]:
        """Per player: did the band see the dawn (the goal of this solo game, where nobody wins
        against anybody)? The simulator reports this instead of wins."""
        return [b.out is None and b.has_survivors() for b in self.boards]

    def hour_reached(self) -> list[int]:
        """Per player, how far into the night the band got: the hour its night ended in, HOURS + 1
        for a band that saw the dawn (or, before the end, the hour now for a band still playing)."""
        return [b.out[0] if b.out else HOURS + 1 if self.over else self.hour for b in self.boards]

    def _deck(self, p: int) -> Deck:
        return self.decks[0] if len(self.decks) == 1 else self.decks[p]

    # -------------------------------------------------------- flow machine
    def _advance(self) -> None:
        """Run automatic steps until a card, a die or a real decision is awaited.

        ``queue`` and ``boards`` are read once: steps change them in place (``_later``), and the
        one step that replaces the queue (``_lose`` of the last player) also ends the night."""
        queue, boards = self.queue, self.boards
        while True:
            task = self.task
            if task is not None:
                k = task["k"]
                if k in CHANCE_KINDS or k == "stance" or (k == "reorder" and not task["moved"]):
                    # a stance, or a reorder before any move, always has two options or more: they are
                    # listed when asked (a rollout's stand policy answers them without the list)
                    return
                acts = self._legal_actions()
                if len(acts) == 1:
                    self._decide(acts[0])
                    continue
                self._acts = acts  # cached until the next change (see _legal_actions)
                return
            if self.over:
                return
            if not queue:
                self.over = True
                return
            item = queue.pop(0)
            verb = item[0]
            if len(item) > 1 and verb not in _UNCHECKED:
                board = boards[item[1]]
                if board.out:
                    continue
                if not board.has_survivors():
                    if board.has_zombies():
                        self._lose(item[1], "nsd-sudden-death", "the zombies hold the board")
                    else:
                        self._lose(item[1], "nsd-ruling-no-survivors", "nobody is left")
                    continue
            _STEPS[verb](self, *item[1:])

    def _later(self, *items) -> None:
        self.queue[0:0] = items

    def _lose(self, p: int, rule: str, why: str) -> None:
        b = self.boards[p]
        b.out = [self.hour, why]
        b.pairs = []
        b.eng0 = set()
        b.stance = None
        b.chargers = []
        self.note(rule, f"Player {p + 1}'s night is over in hour {self.hour}: {why}.")
        if all(x.out for x in self.boards):
            self.over = True
            self.task = None
            self.queue = []
            self.note(rule, "No player is left on the board: the night is over.")

    # --- the hours
    def _step_setup(self, p: int) -> None:
        self._later(("place", p, 1), *[("place", p, 0)] * 9)

    def _step_place(self, p: int, hero: int) -> None:
        self.task = {"k": "place", "p": p, "hero": hero}

    def _step_turn(self) -> None:
        self.hour += 1
        if self.game.options["narration"] == "event-deck" and self.hour < HOURS:
            self.task = {"k": "event"}
        else:
            self._start_event(self.hour if self.game.options["narration"] == "track" else HOURS)

    def _start_event(self, event: int) -> None:
        self.events.append(event)
        title = EVENTS[event][0]
        self.note(EVENT_RULES[event], f"Hour {self.hour}: {title}.")
        ps = [p for p, b in enumerate(self.boards) if not b.out]
        steps: list[tuple] = []
        if event in (1, 8):
            steps += [("gauntlet", p) for p in ps]
        elif event in (2, 4, 9):
            steps += [("assault", p, FRONT, 2 if event == 9 else 1) for p in ps]
            if event == 4:
                steps += [("replace", p) for p in ps]
        elif event == 3:
            steps += [("dissent", p) for p in ps]
        elif event in (5, 10):
            steps += [("within", p) for p in ps]
        elif event == 6:
            steps += [("assault", p, SUPPORT, 1) for p in ps]
        elif event == 7:
            steps += [("replace", p) for p in ps] + [("assault", p, FRONT, 1) for p in ps]
        steps += [("battle", p) for p in ps]
        steps += [("guard", p) for p in ps] if event == 10 else [("reorder", p) for p in ps]
        steps.append(("endturn",))
        self._later(*steps)

    def _step_endturn(self) -> None:
        if self.hour >= HOURS:
            for p, b in enumerate(self.boards):
                if not b.out and not b.has_survivors():
                    self._lose(p, "nsd-ruling-no-survivors", "nobody is left")
            alive = [f"player {p + 1}: {len(b.survivors())}" for p, b in enumerate(self.boards) if not b.out]
            self.over = True
            self.note("nsd-ruling-dawn", "Dawn. Survivors at the end of the night: "
                      + (", ".join(alive) if alive else "none") + ".")
        else:
            self._later(("turn",))

    def _card(self, p: int, **ctx) -> None:
        self._refill(self._deck(p))
        self.task = {"k": "card", "p": p, **ctx}

    def _refill(self, deck: Deck) -> None:
        """Before any draw, an empty pile takes the discards back (shuffled: the draw is chance)."""
        if not deck.pile:
            deck.pile, deck.discard = deck.discard, []
            self.note("nsd-ruling-deck-out", "The deck is empty: the discards are reshuffled.")

    def _step_gauntlet(self, p: int) -> None:
        self.task = {"k": "die", "p": p, "why": "gauntlet"}

    def _step_assault(self, p: int, zone: str, n: int) -> None:
        self._card(p, why="assault", zone=zone, left=n, sum=0)

    def _step_replace(self, p: int) -> None:
        self._card(p, why="replace")

    def _step_dissent(self, p: int) -> None:
        self._card(p, why="dissent")

    def _step_within(self, p: int) -> None:
        b = self.boards[p]
        b.turned = 0
        ids = [f[0] for f in b.survivors() if f[2] == 1]
        if not ids:
            self.note("nsd-enemy-within", f"Player {p + 1} has no wounded survivor: nobody can turn.")
            return
        self._card(p, why="within", ids=ids, i=0)

    def _step_guard(self, p: int) -> None:
        b = self.boards[p]
        if not b.turned:
            self.note("nsd-brave-new-dawn", f"Nobody turned on player {p + 1}'s board: the Guard holds fire.")
            return
        self._card(p, why="guard", ids=[f[0] for f in b.survivors()], i=0)

    def _step_reorder(self, p: int) -> None:
        b = self.boards[p]
        if not b.heroes():
            self.note("nsd-reorder-hero", f"Player {p + 1} has no living Hero: nobody may be reordered.")
            return
        self.task = {"k": "reorder", "p": p, "moved": []}

    # --- battle
    def _settle(self, p: int) -> list[str]:
        """Zombies in a zone without survivors move into the other zone; returns the zones entered."""
        b = self.boards[p]
        entered = []
        for zone in ZONES:
            # survivors first: a zone nearly always has one, found at once, where looking for the
            # zombies of a zone that has none reads every figure (this runs at every round's end)
            if not b.has_survivors(zone) and b.has_zombies(zone) and b.has_survivors(OTHER[zone]):
                moving = b.zombies(zone)
                for f in moving:
                    f[3] = OTHER[zone]
                moved = {f[0] for f in moving}
                b.pairs = [q for q in b.pairs if q[1] not in moved]
                entered.append(OTHER[zone])
                self.note("nsd-zone-wipe", f"No survivor holds player {p + 1}'s {ZONE_NAMES[zone]}: "
                          f"{len(moving)} zombie(s) move into {ZONE_NAMES[OTHER[zone]]}.")
        return entered

    def _step_battle(self, p: int) -> None:
        b = self.boards[p]
        if not b.has_zombies():
            return
        self._settle(p)
        b.stance, b.chargers, b.pairs, b.eng0 = "stand", [], [], set()
        zf = len(b.zombies(FRONT))
        zs = len(b.zombies(SUPPORT))
        self.note("nsd-battle", f"Player {p + 1} fights {zf} zombie(s) in the Front Line and {zs} in Support.")
        if zf and b.has_survivors(FRONT) and self.event not in STAND_ONLY_EVENTS:
            self.task = {"k": "stance", "p": p}
        else:
            if zf and self.event in STAND_ONLY_EVENTS:
                self.note("nsd-ruling-enemy-within", "This hour the survivors can only stand and receive.")
            self._stand(p)

    def _rounds(self, p: int) -> None:
        self._later(("round", p, 1), ("round", p, 2), ("round", p, 3), ("battle-end", p))

    def _stand(self, p: int) -> None:
        self.boards[p].stance = "stand"
        self._narrator_place(p, FRONT)
        self._narrator_place(p, SUPPORT)
        self._rounds(p)

    def _narrator_place(self, p: int, zone: str) -> None:
        """The Narrator's policy: each free zombie to the survivor with fewest zombies on it."""
        b = self.boards[p]
        survivors = b.survivors(zone)
        if not survivors:
            return
        held = {q[1] for q in b.pairs}  # zombies in contact (a figure's id is unique on its board)
        free = [f for f in b.figs if f[1] == "Z" and f[3] == zone and f[0] not in held]
        if free:
            # each survivor's rank [zombies on it, -wounds, is Hero, id]: the first gets the next zombie
            # (plain lists compared by min: this runs for every zone of every round of the night)
            ranks = {f[0]: [0, -f[2], f[1] == "H", f[0]] for f in survivors}
            for q in b.pairs:
                if q[0] in ranks:
                    ranks[q[0]][0] += 1
            ranks = list(ranks.values())
            for z in free:
                target = min(ranks)
                target[0] += 1
                b.pairs.append([target[3], z[0]])
            if self.notes is not None:
                self.note("nsd-narrator-placement", f"The Narrator puts {len(free)} zombie(s) in contact in "
                          f"{ZONE_NAMES[zone]}: " + ", ".join(f"{fig_name(z)} on s{q[0]}" for z, q in
                                                             zip(free, b.pairs[-len(free):])) + ".")
        if self.game.options["outnumbered"] == "join" and (zone == SUPPORT or b.stance == "stand"):
            engaged = b.engaged()
            for f in survivors:
                if f[0] not in engaged and b.has_zombies(zone):
                    self._join(p, f)
                    self.note("nsd-ruling-outnumbered", f"s{f[0]} doubles up on a zombie.")

    def _join(self, p: int, fig) -> None:
        """A survivor moves into contact with the zombie of its zone that has the fewest attackers."""
        b = self.boards[p]
        zombies = b.zombies(fig[3])
        z = min(zombies, key=lambda f: (b.attackers(f[0]), -f[2], f[0]))
        b.pairs.append([fig[0], z[0]])

    def _step_charge_check(self, p: int) -> None:
        b = self.boards[p]
        behind = [f for f in b.survivors(FRONT) if f[2] == 0 and f[0] not in b.chargers]
        if behind:
            self.task = {"k": "die", "p": p, "why": "drag2"}

    def _hero_charging(self, b: Board) -> bool:
        return any(f[1] == "H" and f[0] in b.chargers for f in b.figs)

    def _step_round(self, p: int, r: int) -> None:
        b = self.boards[p]
        if not b.has_zombies():
            return
        b.eng0 = b.engaged()
        if self.notes is not None:
            self.note("nsd-rounds", f"Round {r} of player {p + 1}'s battle.")
        if b.stance == "charge":
            order = [(FRONT, "P"), (FRONT, "Z"), (SUPPORT, "Z"), (SUPPORT, "P")]
        else:
            order = [(FRONT, "Z"), (SUPPORT, "Z"), (FRONT, "P"), (SUPPORT, "P")]
        zones = {f[3] for f in b.figs if f[1] == "Z"}
        self._later(*[("strike", p, z, s) for z, s in order if z in zones], ("round-end", p, r))

    def strength(self, p: int, zone: str, side: str) -> int:
        """Combat strength of ``side`` (``P`` survivors, ``Z`` zombies) in ``zone`` now."""
        # counts as len() of a list: quicker than sum() over a generator, and this runs at every strike
        b = self.boards[p]
        if side == "Z":
            engaged = {q[1] for q in b.pairs}
            return len([f for f in b.figs if f[1] == "Z" and f[3] == zone and f[0] in engaged])
        engaged = {q[0] for q in b.pairs}
        fighting = [f for f in b.figs if f[1] != "Z" and f[3] == zone and f[0] in engaged]
        if zone == SUPPORT:
            return len(fighting)
        total = sum(STRENGTH[f[1]][f[2]] for f in fighting)
        if total:
            total += len([f for f in b.figs if f[1] != "Z" and f[3] == SUPPORT and f[2] == 0])
        return total

    def _step_strike(self, p: int, zone: str, side: str) -> None:
        s = self.strength(p, zone, side)
        if s:
            self.task = {"k": "die", "p": p, "why": "crt", "zone": zone, "side": side, "strength": s}

    def _step_round_end(self, p: int, r: int) -> None:
        b = self.boards[p]
        for zone in self._settle(p):
            if zone == FRONT and b.stance == "charge":
                b.stance = "stand"
                self.note("nsd-zone-wipe", "The Front Line now stands and receives.")
        if not b.has_survivors() and b.has_zombies():
            self._lose(p, "nsd-sudden-death", "the zombies hold the board")
            return
        # victors move on: survivors that fought and lost every opponent, then free zombies
        engaged = b.engaged()
        for zone in ZONES:
            if not b.has_zombies(zone):
                continue
            for f in b.survivors(zone):
                if f[0] in b.eng0 and f[0] not in engaged:
                    self._join(p, f)
                    self.note("nsd-ruling-re-engage", f"s{f[0]} has no opponent left and engages another zombie.")
            self._narrator_place(p, zone)
        b.eng0 = set()

    def _step_battle_end(self, p: int) -> None:
        b = self.boards[p]
        if b.stance is not None and b.chargers:
            if any(f[0] in b.chargers for f in b.figs):
                self._later(("battle-close", p))
                self.task = {"k": "die", "p": p, "why": "wild2"}
                return
            self.note("nsd-wild-charge", "No counter-charger is left alive to run wild.")
        self._step_battle_close(p)

    def _step_battle_close(self, p: int) -> None:
        b = self.boards[p]
        b.pairs, b.eng0, b.stance, b.chargers = [], set(), None, []
        if b.has_zombies() and not b.has_survivors():
            self._lose(p, "nsd-sudden-death", "the zombies hold the board")
        elif b.has_zombies():
            self.note("nsd-held-at-bay", f"{len(b.zombies())} zombie(s) are held at bay on player "
                      f"{p + 1}'s board until next hour.")

    # ----------------------------------------------------------- decisions
    def _legal_actions(self):
        if self._acts is not None:
            return self._acts
        t = self.task
        if t is None or t["k"] in CHANCE_KINDS:
            return []
        k = t["k"]
        b = self.boards[t["p"]]
        cap = self.game.options["front_cap"]
        if k == "stance":
            return [CHARGE, STAND]
        if k == "place":
            return [PLACE[FRONT], PLACE[SUPPORT]] if b.front_count() < cap else [PLACE[SUPPORT]]
        if k == "engage":
            zombies = b.zombies(FRONT)
            counts = {z[0]: 0 for z in zombies}
            for q in b.pairs:
                if q[1] in counts:
                    counts[q[1]] += 1
            low = min(counts.values())
            acts = [Act("engage", f[0], z[0]) for f in b.survivors(FRONT) if f[0] not in b.chargers
                    for z in zombies if counts[z[0]] == low]
            return acts + [DONE] if b.chargers else acts
        if k == "drag":
            return [_DRAG[f[0]] for f in b.survivors(FRONT) if f[2] == 0 and f[0] not in b.chargers]
        if k == "wound":
            ids = set(t["elig"])
            elig = [f for f in b.figs if f[0] in ids and f[1] != "Z"]
            if t["six"] and any(f[1] == "H" for f in elig):
                elig = [f for f in elig if f[1] == "H"]
            return [_WOUND[f[0]] for f in elig]
        if k == "flee":
            return [_FLEE[f[0]] for f in b.survivors()]
        if k == "lose":
            return [_LOSE[f[0]] for f in b.survivors() if f[0] in b.chargers]
        if k == "reorder":
            room = b.front_count() < cap
            acts = [Act("move", f[0], OTHER[f[3]]) for f in b.survivors()
                    if f[0] not in t["moved"] and (f[3] == FRONT or room)]
            return acts + [DONE]
        raise AssertionError(k)  # pragma: no cover

    def _decide(self, act: Act) -> None:
        t = self.task
        p = t["p"]
        b = self.boards[p]
        k = t["k"]
        if k == "place":
            kind = "H" if t["hero"] else "S"
            f = b.add(kind, act.a)
            self.task = None
            self.note("nsd-ruling-setup" if self.hour == 0 else "nsd-ruling-reinforcements",
                      f"Player {p + 1} places {'the Hero' if t['hero'] else 'a survivor'} s{f[0]} in "
                      f"{ZONE_NAMES[act.a]}.")
        elif k == "stance":
            self.task = None
            if act == STAND:
                self.note("nsd-stand-and-receive", f"Player {p + 1} stands and receives.")
                self._stand(p)
            else:
                self.note("nsd-counter-charge", f"Player {p + 1} counter-charges!")
                b.stance = "charge"
                self._narrator_place(p, SUPPORT)
                self.task = {"k": "engage", "p": p}
                self._rounds(p)
                self._later(("charge-check", p))  # before the rounds: _later puts steps first
        elif k == "engage":
            if act == DONE:
                self.task = None
                self.note("nsd-counter-charge", f"Player {p + 1} charges with " + ", ".join(
                    f"s{i}" for i in b.chargers) + ".")
            else:
                b.pairs.append([act.a, act.b])
                b.chargers.append(act.a)
                if not any(f[0] not in b.chargers for f in b.survivors(FRONT)):
                    self.task = None
                    self.note("nsd-counter-charge", f"Player {p + 1} charges with the whole Front Line.")
        elif k == "drag":
            f = b.fig(act.a)
            b.chargers.append(f[0])
            self._join(p, f)
            self.note("nsd-charge-drag", f"s{f[0]} is dragged into the charge.")
            t["left"] -= 1
            if t["left"] <= 0 or not self._legal_actions():
                self.task = None
        elif k == "wound":
            f = b.fig(act.a)
            if t["six"] and f[1] == "H":
                t["six"] = False
            self._wound(p, f, "nsd-wound-allocation")
            t["left"] -= 1
            self._wounds_left()
        elif k == "flee":
            b.remove(act.a)
            self.note("nsd-dissention", f"s{act.a} flees into the night. Screams follow.")
            t["left"] -= 1
            if t["left"] <= 0 or not b.has_survivors():
                self.task = None
        elif k == "lose":
            b.remove(act.a)
            b.chargers.remove(act.a)
            self.note("nsd-wild-charge", f"s{act.a} chases the dead into the dark and is lost.")
            t["left"] -= 1
            if t["left"] <= 0 or not any(f[0] in b.chargers for f in b.figs):
                self.task = None
        elif k == "reorder":
            if act == DONE:
                self.task = None
                if t["moved"]:
                    self.note("nsd-reorder", f"Player {p + 1} reorders: moved " + ", ".join(
                        f"s{i}" for i in t["moved"]) + ".")
            else:
                f = b.fig(act.a)
                f[3] = act.b
                t["moved"].append(f[0])

    def _wound(self, p: int, f, rule: str) -> None:
        b = self.boards[p]
        f[2] += 1
        who = ("Hero " if f[1] == "H" else "") + fig_name(f) if self.notes is not None else ""
        if f[2] >= 2:
            b.remove(f[0])
            if f[1] == "Z":
                self.note("nsd-two-wounds", f"{who} is destroyed.")
            else:
                self.note("nsd-two-wounds", f"{who} is killed.")
                if f[1] == "H" and not b.heroes():
                    self.note("nsd-reorder-hero", f"Player {p + 1}'s Hero is dead: no more reordering.")
        else:
            self.note(rule, f"{who} is wounded.")

    def _wounds_left(self) -> None:
        """After a wound: finish the task, or take every remaining wound at once when forced."""
        t = self.task
        b = self.boards[t["p"]]
        ids = set(t["elig"])
        elig = [f for f in b.figs if f[0] in ids and f[1] != "Z"]
        if t["left"] <= 0 or not elig:
            self.task = None
            return
        room = sum(2 - f[2] for f in elig)
        if t["left"] >= room and not (t["six"] and len([f for f in elig if f[1] == "H"]) > 1):
            self.note("nsd-wound-allocation", "Every figure that can be wounded must take all it can.")
            for f in elig:
                while f[2] < 2 and f in b.figs:
                    self._wound(t["p"], f, "nsd-wound-allocation")
            self.task = None

    def _start_wounds(self, p: int, wounds: int, elig: list[int], six: bool) -> None:
        if wounds <= 0 or not elig:
            return
        self.task = {"k": "wound", "p": p, "left": wounds, "elig": elig, "six": six}
        b = self.boards[p]
        ids = set(elig)
        if six and any(f[1] == "H" for f in b.figs if f[0] in ids):
            self.note("nsd-hero-six", "A six: the Hero must take the first wound.")
        self._wounds_left()

    def _narrator_wounds(self, p: int, zone: str, wounds: int) -> None:
        b = self.boards[p]
        elig = [f for f in b.figs if f[1] == "Z" and f[3] == zone and f[0] in b.eng0]
        for _ in range(wounds):
            if not elig:
                break
            fresh = [f for f in elig if f[2] == 0]
            target = fresh[0] if fresh else elig[0]
            self._wound(p, target, "nsd-narrator-wounds")
            if target[2] >= 2:
                elig.remove(target)

    # --------------------------------------------------------------- chance
    def chance_outcomes(self):
        t = self.task
        k = t["k"]
        if k == "card":
            pile = self._deck(t["p"]).pile
            prob = Fraction(1, len(pile))
            return [(_DRAW[c], prob) for c in pile]
        if k == "die":
            if t["why"] in TWO_DICE:
                return [(_ROLL2[s], q) for s, q in _2D6.items()]
            return [(_ROLL1[i + 1], q) for i, q in enumerate(_D6)]
        left = [e for e in range(1, HOURS) if e not in self.events]
        return [(Act("event", e), Fraction(1, len(left))) for e in left]

    def sample_chance(self, rng):
        t = self.task
        k = t["k"]
        if k == "card":
            return _DRAW[rng.choice(self._deck(t["p"]).pile)]
        if k == "die":
            if t["why"] in TWO_DICE:
                return _ROLL2[rng.randbelow(6) + rng.randbelow(6) + 2]
            return _ROLL1[rng.randbelow(6) + 1]
        return Act("event", rng.choice([e for e in range(1, HOURS) if e not in self.events]))

    def is_legal(self, action) -> bool:
        if self.current_player() != CHANCE:
            return action in set(self._legal_actions())
        t = self.task
        if not isinstance(action, Act):
            return False
        if t["k"] == "card":
            return action.verb == "draw" and action.a in self._deck(t["p"]).pile
        if t["k"] == "die":
            if t["why"] in TWO_DICE:
                return action.verb == "2d6" and 2 <= action.a <= 12
            return action.verb == "d6" and 1 <= action.a <= 6
        return action.verb == "event" and 1 <= action.a < HOURS and action.a not in self.events

    def _apply(self, action) -> None:
        self._acts = None
        if self.task["k"] in CHANCE_KINDS:
            self._chance(action)
        else:
            self._decide(action)
        self._advance()

    def _chance(self, act: Act) -> None:
        t = self.task
        k = t["k"]
        if k == "event":
            self.task = None
            self._start_event(act.a)
            return
        p = t["p"]
        b = self.boards[p]
        if k == "card":
            card = act.a
            deck = self._deck(p)
            deck.pile.remove(card)
            if card == JOKER:
                deck.pile, deck.discard = list(DECK), []
                self.note("nsd-joker", "The Joker! Every card goes back and the deck is reshuffled; "
                          "the card is drawn again.")
                return
            self._card_effect(p, b, t, card)
            if self.task is t:
                # The same draw goes on (hour 9's two cards, a chain of turnings): an empty pile
                # takes the discards back first, without this card, which is still on the table.
                self._refill(deck)
            deck.discard.append(card)
            return
        value = act.a
        why = t["why"]
        if why == "crt":
            self._strike(p, t, value)
        elif why == "gauntlet":
            w = crt(value, GAUNTLET_STRENGTH)
            self.task = None
            self.note("nsd-gauntlet", f"Player {p + 1} runs the gauntlet: rolled {value} at strength 10, "
                      f"{w} wound(s).")
            self._start_wounds(p, w, [f[0] for f in b.survivors()], value == 6)
        elif why == "flee":
            n = min(value // 2, len(b.survivors()))
            self.note("nsd-dissention", f"Rolled {value}: {n} survivor(s) of player {p + 1} will flee.")
            self.task = {"k": "flee", "p": p, "left": n} if n else None
        elif why == "drag2":
            bonus = 1 if self._hero_charging(b) else 0
            total = value + bonus
            if total <= 7:
                self.note("nsd-charge-drag", f"Rolled {value}{' +1 for the Hero' if bonus else ''} = {total}: "
                          "more survivors are swept into the charge.")
                self.task = {"k": "die", "p": p, "why": "drag1"}
            else:
                self.note("nsd-charge-drag", f"Rolled {value}{' +1 for the Hero' if bonus else ''} = {total}: "
                          "the others hold back.")
                self.task = None
        elif why == "drag1":
            behind = [f for f in b.survivors(FRONT) if f[2] == 0 and f[0] not in b.chargers]
            n = min(value, len(behind))
            self.note("nsd-charge-drag", f"Rolled {value}: {n} more survivor(s) must join the charge.")
            self.task = {"k": "drag", "p": p, "left": n} if n else None
        elif why == "wild2":
            bonus = 1 if self._hero_charging(b) else 0
            total = value + bonus
            if total >= 7:
                self.note("nsd-wild-charge", f"Wild charge roll {value}{' +1 for the Hero' if bonus else ''} = "
                          f"{total}: the chargers hold their ground.")
                self.task = None
            else:
                self.note("nsd-wild-charge", f"Wild charge roll {value}{' +1 for the Hero' if bonus else ''} = "
                          f"{total}: some chargers pursue into the night.")
                self.task = {"k": "die", "p": p, "why": "wild1"}
        elif why == "wild1":
            alive = [f for f in b.figs if f[0] in b.chargers]
            n = min(value, len(alive))
            self.note("nsd-wild-charge", f"Rolled {value}: {n} charger(s) are lost in a wild charge.")
            self.task = {"k": "lose", "p": p, "left": n}

    def _strike(self, p: int, t: dict, die: int) -> None:
        zone, side, s = t["zone"], t["side"], t["strength"]
        w = crt(die, s)
        self.task = None
        if self.notes is not None:
            who = "The zombies" if side == "Z" else f"Player {p + 1}'s survivors"
            self.note("nsd-crt", f"{who} in {ZONE_NAMES[zone]} strike at strength {s}, roll {die}: {w} wound(s).")
        if not w:
            return
        b = self.boards[p]
        if side == "Z":
            elig = [f[0] for f in b.figs if f[1] != "Z" and f[3] == zone and f[0] in b.eng0]
            self._start_wounds(p, w, elig, die == 6)
        else:
            self._narrator_wounds(p, zone, w)

    def _card_effect(self, p: int, b: Board, t: dict, card: str) -> None:
        why = t["why"]
        colour = "black" if is_black(card) else "red"
        if why == "assault":
            t["sum"] += card_value(card)
            t["left"] -= 1
            if t["left"] > 0:
                self.note("nsd-final-assault", f"Player {p + 1} draws {card}.")
                return
            n = t["sum"]
            cap = self.game.options["zombie_cap"]
            if cap:
                n = max(0, min(n, cap - len(b.zombies())))
            for _ in range(n):
                b.add("Z", t["zone"])
            self.task = None
            rule = "nsd-surprise-assault" if t["zone"] == SUPPORT else "nsd-assault"
            capped = f" (the supply allows {n})" if n != t["sum"] else ""
            self.note(rule, f"Player {p + 1} draws {card}: {t['sum']} zombie(s){capped} attack the "
                      f"{ZONE_NAMES[t['zone']]}.")
        elif why == "replace":
            self.task = None
            if is_heart(card):
                n = card_value(card)
                hero = card == "10H"
                self.note("nsd-reinforcements", f"Player {p + 1}'s Replacement card is {card}: {n} fresh "
                          f"survivor(s) arrive.")
                if hero:
                    self.note("nsd-ten-of-hearts", "The ten of hearts: one of them is a new Hero.")
                self._later(*[("place", p, 1 if hero and i == 0 else 0) for i in range(n)])
            else:
                self.note("nsd-reinforcements", f"Player {p + 1}'s Replacement card is {card}: no help comes.")
        elif why == "dissent":
            if is_black(card):
                self.note("nsd-dissention", f"Player {p + 1} draws {card}, black: some survivors want out.")
                self.task = {"k": "die", "p": p, "why": "flee"}
            else:
                self.note("nsd-dissention", f"Player {p + 1} draws {card}, red: the band holds together.")
                self.task = None
        elif why in ("within", "guard"):
            fid = t["ids"][t["i"]]
            f = b.fig(fid)
            if f is not None and is_black(card):
                if why == "within":
                    zone = f[3]
                    b.remove(fid)
                    z = b.add("Z", zone)
                    b.turned += 1
                    self.note("nsd-enemy-within", f"{card} for s{fid}, black: "
                              f"{'the Hero ' if f[1] == 'H' else ''}s{fid} turns into zombie {fig_name(z)}!")
                    if f[1] == "H" and not b.heroes():
                        self.note("nsd-reorder-hero", f"Player {p + 1}'s Hero has turned: no more reordering.")
                else:
                    b.remove(fid)
                    self.note("nsd-brave-new-dawn",
                              f"{card} for s{fid}, black: the National Guard shoots s{fid}.")
            elif f is not None:
                rule = "nsd-enemy-within" if why == "within" else "nsd-brave-new-dawn"
                self.note(rule, f"{card} for s{fid}, {colour}: s{fid} is spared.")
            t["i"] += 1
            if t["i"] >= len(t["ids"]):
                self.task = None

    # ------------------------------------------------------------ contract
    def parse_action(self, text):
        return parse_act(text)

    def action_rule(self, action) -> str:
        t = self.task
        if t is None:
            return "core-end"
        k = t["k"]
        if k == "card":
            return {"assault": "nsd-surprise-assault" if t.get("zone") == SUPPORT else "nsd-assault",
                    "replace": "nsd-reinforcements", "dissent": "nsd-dissention",
                    "within": "nsd-enemy-within", "guard": "nsd-brave-new-dawn"}[t["why"]]
        if k == "die":
            return {"crt": "nsd-crt", "gauntlet": "nsd-gauntlet", "flee": "nsd-dissention",
                    "drag2": "nsd-charge-drag", "drag1": "nsd-charge-drag", "wild2": "nsd-wild-charge",
                    "wild1": "nsd-wild-charge"}[t["why"]]
        return {"event": "nsd-event-deck", "stance": "nsd-counter-charge" if action == CHARGE
                else "nsd-stand-and-receive", "place": "nsd-ruling-setup" if self.hour == 0
                else "nsd-ruling-reinforcements", "engage": "nsd-counter-charge", "drag": "nsd-charge-drag",
                "wound": "nsd-wound-allocation", "flee": "nsd-dissention", "lose": "nsd-wild-charge",
                "reorder": "nsd-reorder"}[k]

    def explain_illegal(self, action) -> tuple[str, str]:
        t = self.task
        if self.current_player() == CHANCE:
            verb = action.verb if isinstance(action, Act) else None
            if t["k"] == "card" and verb == "draw":
                return "nsd-deck", f"{action.a} is not in the deck now (drawn earlier and not reshuffled)"
            if t["k"] == "die" and verb in ("d6", "2d6"):
                two = t["why"] in TWO_DICE
                return "core-chance", (f"this roll is {'2d6, 2 to 12' if two else 'one die, 1 to 6'}, "
                                       f"not {verb} {action.a}")
            return "core-chance", f"chance is deciding: {self._waiting()}"
        k = t["k"]
        b = self.boards[t["p"]]
        verb = action.verb if isinstance(action, Act) else None
        expected = {"place": "place", "stance": ("stand", "counter-charge"), "engage": ("engage", "done"),
                    "drag": "drag", "wound": "wound", "flee": "flee", "lose": "lose",
                    "reorder": ("move", "done")}[k]
        if verb not in (expected if isinstance(expected, tuple) else (expected,)):
            return "core-turn", f"the decision now is: {self._waiting()}"
        cap_text = f"the Front Line already holds {self.game.options['front_cap']} survivors"
        if k == "place":
            return "nsd-front-cap", cap_text
        if k == "reorder":
            if action.a in t["moved"]:
                return "nsd-ruling-reorder-once", f"s{action.a} has already moved in this reorder"
            if action.b == FRONT and b.front_count() >= self.game.options["front_cap"]:
                return "nsd-front-cap", cap_text
            return "nsd-reorder", f"s{action.a} is not a survivor of this board, or is already there"
        if k == "engage":
            f = b.fig(action.a)
            if f is None or f[1] == "Z" or f[3] != FRONT:
                return "nsd-counter-charge", f"s{action.a} is not a survivor in the Front Line"
            if f[0] in b.chargers:
                return "nsd-counter-charge", f"s{action.a} is already charging"
            if verb == "done":
                return "nsd-counter-charge", "at least one survivor must charge"
            return "nsd-counter-charge", "every zombie must have an attacker before any gets a second"
        if k == "wound":
            if t["six"] and b.heroes():
                return "nsd-hero-six", "the die showed 6: the Hero takes the first wound"
            return "nsd-wounds-engaged", f"s{action.a} was not in contact at the start of the round"
        if k == "drag":
            return "nsd-charge-drag", f"s{action.a} is not an unwounded survivor left behind in the Front Line"
        if k == "lose":
            return "nsd-wild-charge", f"s{action.a} did not take part in the counter-charge"
        return "core-legal", f"s{action.a} is not a survivor of this board"

    def _waiting(self) -> str:
        t = self.task
        if t is None:
            return "nothing"
        k = t["k"]
        if k == "event":
            return "the Narrator draws this hour's event"
        p = f"player {t['p'] + 1}"
        if k == "card":
            why = t["why"]
            if why in ("within", "guard"):
                who = "the Narrator" if why == "within" else "the National Guard"
                return f"{who} draws a card for {p}'s s{t['ids'][t['i']]}"
            return {"assault": f"the Narrator draws a card of zombies for {p}",
                    "replace": f"the Narrator draws {p}'s Replacement card",
                    "dissent": f"the Narrator draws a dissention card for {p}"}[why]
        if k == "die":
            why = t["why"]
            if why == "crt":
                return (f"the {'zombies' if t['side'] == 'Z' else 'survivors'} of {p} roll to strike "
                        f"in {ZONE_NAMES[t['zone']]} at strength {t['strength']}")
            return {"gauntlet": f"{p} rolls for the gauntlet", "flee": f"{p} rolls how many flee",
                    "drag2": f"{p} rolls 2d6 to hold back the others", "drag1": f"{p} rolls how many join",
                    "wild2": f"{p} rolls 2d6 for the wild charge", "wild1": f"{p} rolls how many run wild"}[why]
        if k == "place":
            return f"{p} places {'the Hero' if t['hero'] else 'a survivor'}"
        if k == "stance":
            return f"{p} chooses to stand and receive or to counter-charge"
        if k == "engage":
            return f"{p} puts survivors in contact with zombies"
        if k == "reorder":
            return f"{p} may move survivors between zones"
        what = {"drag": "survivor(s) dragged into the charge", "wound": "wound(s) to give out",
                "flee": "survivor(s) who flee", "lose": "charger(s) lost in the wild charge"}[k]
        return f"{p} picks: {t['left']} {what}"

    def status(self) -> str:
        if self.over:
            alive = [f"player {p + 1}: {len(b.survivors())}" for p, b in enumerate(self.boards) if not b.out]
            return "The night is over. Survivors: " + (", ".join(alive) if alive else "none") + "."
        hour = f"Hour {self.hour}, {EVENTS[self.event][0]}: " if self.event else "Before the night: "
        text = self._waiting()
        return hour + text[0].upper() + text[1:] + "."

    def describe_action(self, action) -> dict:
        t = self.task
        if t is None or not isinstance(action, Act):
            return {}
        hint: dict = {"kind": action.verb}
        if "p" in t:
            hint["player"] = t["p"]
        if action.verb == "draw":
            card = action.a
            hint["card"] = card
            hint["black"] = is_black(card)
            hint["joker"] = card == JOKER
        elif action.verb in ("d6", "2d6"):
            hint["roll"] = action.a
            if t.get("why") == "crt":
                hint["wounds"] = crt(action.a, t["strength"])
        elif action.verb in ("wound", "flee", "drag", "lose", "move", "engage"):
            hint["fig"] = f"s{action.a}"
            f = self.boards[t["p"]].fig(action.a)
            if f is not None:
                hint["zone"] = f[3]
                if action.verb == "wound":
                    hint["effect"] = "killed" if f[2] == 1 else "wounded"
            if action.verb == "engage":
                hint["target"] = f"z{action.b}"
            if action.verb == "move":
                hint["to"] = action.b
        elif action.verb == "place":
            hint["zone"] = action.a
        hint["text"] = self._hint_text(action, hint)
        return hint

    def _hint_text(self, action, hint) -> str:
        v = action.verb
        if v == "draw":
            card = action.a
            return "the Joker: reshuffle everything and draw again" if card == JOKER else \
                f"draw {card} ({'black' if hint['black'] else 'red'}, value {card_value(card)})"
        if v in ("d6", "2d6"):
            return f"roll {action.a}" + (f": {hint['wounds']} wound(s)" if "wounds" in hint else "")
        if v == "wound":
            return f"s{action.a} is {hint.get('effect', 'wounded')}"
        return {"stand": "wait for the zombies: they strike first",
                "counter-charge": "charge the Front Line zombies and strike first (risking a wild charge)",
                "done": "finish this step", "engage": f"s{action.a} charges z{action.b}",
                "flee": f"s{action.a} runs off into the night", "drag": f"s{action.a} is swept into the charge",
                "lose": f"s{action.a} chases into the dark and is lost",
                "move": f"move s{action.a} to {ZONE_NAMES.get(action.b, action.b)}",
                "place": f"place the newcomer in {ZONE_NAMES.get(action.a, action.a)}",
                "event": f"this hour's event: {EVENTS[action.a][0] if action.a in EVENTS else action.a}"}.get(v, str(action))

    # -------------------------------------------------------------- JSON
    def position(self) -> dict:
        task = None
        if self.task is not None:
            task = {k: (list(v) if isinstance(v, list) else v) for k, v in self.task.items()}
        return {
            "hour": self.hour,
            "events": list(self.events),
            "decks": [{"pile": list(d.pile), "discard": list(d.discard)} for d in self.decks],
            "boards": [b.to_json() for b in self.boards],
            "queue": [list(i) for i in self.queue],
            "task": task,
            "over": self.over,
        }

    def _copy_position_from(self, other: "ShamblingState") -> None:
        self.hour = other.hour
        self.events = list(other.events)
        self.decks = [d.copy() for d in other.decks]
        self.boards = [b.copy() for b in other.boards]
        self.queue = list(other.queue)
        t = other.task
        self.task = None if t is None else {k: (list(v) if isinstance(v, list) else v) for k, v in t.items()}
        self.over = other.over
        self._acts = other._acts

    def _load_position(self, r) -> None:
        self._acts = None
        load_position(self, r)


def check_illegal(state: ShamblingState, text: str) -> IllegalAction:
    """The error ``state.apply(text)`` would raise (for tests and the book)."""
    try:
        state.copy().apply(text)
    except IllegalAction as exc:
        return exc
    raise AssertionError(f"{text!r} is legal")


# queued step -> its method, looked up once (the loop in _advance runs ~250 times a night)
_STEPS = {name[len("_step_"):].replace("_", "-"): fn for name, fn in vars(ShamblingState).items()
          if name.startswith("_step_")}
