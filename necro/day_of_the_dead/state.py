"""The turn of Day of the Dead as a state machine (see ``board.py`` for the data).

``queue`` lists the steps left this turn (``["fight", 3]``, ``["use", 0, 3,
1]``, ...) and ``task`` is what the game waits for now: a card drawn by
chance, the priority counter, or one player's choice. ``_advance`` pops
steps and runs the automatic ones until a task is needed, so the rules read
in the text's order: summoning (open a slot, a new spirit, the field turns
active, Unearth spirits act), fighting (slot by slot: effects, power, result,
after-fight effects, conversion), rewards (score, pass priority).

Choices that are face down at the table (the turn-1 fighter, each new
spirit, the replacement an Unearth picks) are made one player after the
other, the priority holder first; a player's view hides the other's faces,
and by default (ruling ``dotd-ruling-hidden-order``) the second chooser's
view and the log show nothing of the first card, not even its back, until
both are laid, so the two choices are simultaneous in effect.
"""

from __future__ import annotations

import bisect
from fractions import Fraction

from necro.core import CHANCE, TERMINAL, NotationError, State

from . import effects
from .board import (
    ACTS, CONVERT, KEEP, LETTERS, PASS, PLACE_AT, SLOT_PLACES, SPIRIT_PLACES, Act, act, copy_fight, empty_marks,
    is_card_id, new_fight, parse_act, slot_place,
)
from .cards import BACK_NAMES, BACK_OF_LETTER, LETTER, card_set

TURNS = 6
LIMIT = 2
_HALF = Fraction(1, 2)
DOUBLE, POWER_UP, UNEARTH = LETTER["double"], LETTER["power-up"], LETTER["unearth"]
DRAW_STEPS = {"deal": "deal", "look": "look", "dig-draw": "dig"}
"""The queued steps that wait for a draw (each ``[name, player, deck letter]``), and what the card
drawn is for (a task's ``why``)."""
TASK_RULES = {
    "fallen": "dotd-open-slot", "spirit": "dotd-spirit", "target": "dotd-unearth", "take": "dotd-unearth",
    "copy": "dotd-effect-copy", "dig": "dotd-keyword-dig", "discard": "dotd-keyword-dig",
    "convert": "dotd-convert", "after": "dotd-effect-after", "priority": "dotd-setup-priority",
}
DRAW_RULES = {"deal": "dotd-setup-deal", "look": "dotd-unearth", "dig": "dotd-keyword-dig"}
SOURCE_RULES = {"spirit": "dotd-spirit-unearth", "keyword": "dotd-keyword-unearth", "effect": "dotd-effect-unearth",
                "after": "dotd-effect-after"}


class DayOfTheDeadState(State):
    """Two necromancers, six turns: the whole game from the deal to the winner."""

    # Log text is built only under ``if self.notes is not None``: on the fast path
    # (``apply_unchecked``) there is no log to write to, and building its sentences cost a quarter
    # of a random game.

    candidates_in_order = True
    """Every list of choices is built in notation order: hands and decks are kept sorted, places
    are listed ``p1-slot1`` ... ``p1-spirit``, ``p2-slot1`` ..., ``convert`` before ``keep``."""

    # ----------------------------------------------------------------- set-up
    def setup(self) -> None:
        self.cs = card_set(self.game.options["cards"])
        self.turn = 0
        self.priority: int | None = None
        self.scores = [0, 0]
        self.hands: list[list[str]] = [[], []]
        self.slots: list[list[list]] = [[], []]
        self.spirits: list[str | None] = [None, None]
        self.decks = {L: list(self.cs.sorted_decks[BACK_OF_LETTER[L]]) for L in LETTERS}
        self.discards: dict[str, list[str]] = {L: [] for L in LETTERS}
        self.looking: list[str] = []
        self.marks = empty_marks()
        self.fight: dict | None = None
        self.task: dict | None = None
        self.over = False
        self.memory = True  # whether ``seen`` is kept (False for positions saved before it existed)
        self.seen: list[list[str]] = [[], []]
        self.queue = [["deal", p, L] for p in (0, 1) for L in LETTERS for _ in range(3)] + [["priority"], ["turn"]]
        self._advance()

    # ------------------------------------------------------------ small helpers
    def who(self, p: int) -> str:
        return f"player {p + 1}"

    def a_back(self, card_or_letter: str) -> str:
        """"a Double card", "an Unearth card": the back of a card (or of a deck letter)."""
        name = BACK_NAMES[BACK_OF_LETTER[card_or_letter[0]]]
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} card"

    def back(self, card: str) -> str:
        return self.cs[card].back

    def label(self, card: str) -> str:
        c = self.cs[card]
        return f"{c.name} ({c.power})"

    def order(self) -> tuple[int, int]:
        """The players in priority order."""
        first = self.priority or 0
        return first, 1 - first

    def queue_front(self, items: list) -> None:
        """Do the steps ``items`` next, before the rest of the queue: :meth:`_advance` runs them
        after this step.

        A step may also run such steps at once, as :meth:`_advance` would run them (the fast path
        for a fight's many small steps: no queue traffic). If one of them waits for a choice, or
        queues steps of its own (which come first), the rest are queued after those (see
        :meth:`_queue_rest`). So a step queues its next steps last, with no task set (see
        :meth:`_q_after`).
        """
        self.queue[0:0] = items

    def _queue_rest(self, size: int, rest: list) -> None:
        """Queue the steps ``rest`` after those a step run at once has just queued (the queue was
        ``size`` long before it)."""
        at = len(self.queue) - size
        self.queue[at:at] = rest

    def in_play(self, p: int) -> list[str]:
        cards = [c for c, _ in self.slots[p]]
        if self.spirits[p]:
            cards.append(self.spirits[p])
        return cards

    def place_of(self, card: str):
        """``(owner, slot number or 0 for the spirit)`` of a card in play, else None."""
        for p in (0, 1):
            if self.spirits[p] == card:
                return p, 0
            for i, (c, _) in enumerate(self.slots[p]):
                if c == card:
                    return p, i + 1
        return None

    def places(self, p: int) -> list[str]:
        """The places of ``p``'s cards in play in notation order: ``p1-slot1`` ... ``p1-spirit``."""
        n = len(self.slots[p])
        names = SLOT_PLACES[p][:n] if n <= len(SLOT_PLACES[p]) else [slot_place(p, k) for k in range(1, n + 1)]
        if self.spirits[p]:
            names.append(SPIRIT_PLACES[p])
        return names

    def place_name(self, card: str) -> str:
        """Where a card in play lies, as Unearth notation names it: ``p2-slot3``, ``p1-spirit``."""
        return slot_place(*self.place_of(card))

    def card_at(self, place: str) -> str | None:
        """The card at a place named like ``p2-slot3`` or ``p1-spirit`` (None if there is none)."""
        p, k = PLACE_AT[place]
        if k == 0:
            return self.spirits[p]
        return self.slots[p][k - 1][0] if k <= len(self.slots[p]) else None

    def spirit_back(self, p: int) -> str | None:
        spirit = self.spirits[p]
        return BACK_OF_LETTER[spirit[0]] if spirit else None  # an id starts with its back's letter

    def spirit_is(self, p: int, letter: str) -> bool:
        """Whether ``p``'s spirit has the back of deck ``letter`` (as ``spirit_back``, without the name)."""
        spirit = self.spirits[p]
        return spirit is not None and spirit[0] == letter

    def spirit_choices(self, p: int) -> list[str]:
        """Hand cards that keep at most two of each back in play (any card on turn 6)."""
        hand = self.hands[p]
        if self.turn >= TURNS:
            return list(hand)
        # the letters of the backs in play (an id starts with its back's letter): those seen once,
        # and those seen twice, which are full (LIMIT is two); a plain loop, asked at every spirit
        spirit = self.spirits[p]
        seen, full = (spirit[0] if spirit else ""), ""
        for card, _ in self.slots[p]:
            if card[0] in seen:
                full += card[0]
            else:
                seen += card[0]
        if not full:
            return list(hand)
        return [c for c in hand if c[0] not in full] or list(hand)

    # ------------------------------------------------------------- the contract
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        task = self.task
        if task is None or task["do"] in ("draw", "priority"):
            return CHANCE
        return task["p"]

    # the two questions every playout asks at each step, answered without current_player's detour
    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        task = self.task
        return not self.over and (task is None or task["do"] in ("draw", "priority"))

    def chance_outcomes(self):
        task = self.task
        if task["do"] == "priority":
            return [(Act("priority", "1"), _HALF), (Act("priority", "2"), _HALF)]
        deck = self.decks[task["L"]]
        p = Fraction(1, len(deck))
        return [(Act("draw", c), p) for c in deck]

    def sample_chance(self, rng):
        task = self.task
        if task["do"] == "priority":
            return act("priority", str(1 + rng.randbelow(2)))
        deck = self.decks[task["L"]]
        return act("draw", deck[rng.randbelow(len(deck))])

    def legal_actions(self):
        """As :meth:`State.legal_actions`, answered at once: every list, the draws and the priority
        counter's two outcomes included, is built in its stable order here (a playout asks this at
        every decision, so the generic detour through ``current_player`` showed)."""
        if self.over:
            return []
        task = self.task
        kind = task["do"]
        if kind == "convert":  # the most frequent choice (most fights have a loser)
            return [CONVERT, KEEP]
        # list(map(table.__getitem__, args)): the shared actions, with no comprehension's frame
        if kind == "spirit":
            return list(map(ACTS["spirit"].__getitem__, self.spirit_choices(task["p"])))
        if kind == "take":
            return list(map(ACTS["take"].__getitem__, sorted(self.looking)))
        if kind == "target":
            return list(map(ACTS["unearth"].__getitem__, task["options"]))
        return self._rare_actions(task, kind)

    def _rare_actions(self, task: dict, kind: str) -> list:
        """The legal actions of the choices a playout meets a few times a game at most."""
        p = task.get("p")
        if kind == "priority":
            return [act("priority", "1"), act("priority", "2")]
        if kind == "draw":
            draw = ACTS["draw"]
            return [draw[c] for c in self.decks[task["L"]]]
        if kind == "fallen":
            return list(map(ACTS["fallen"].__getitem__, self.hands[p]))
        if kind == "copy":
            copy = ACTS["copy"]
            return [copy[c] for c in sorted(task["options"])]
        if kind == "dig":
            dig = ACTS["dig"]
            return [dig[L] for L in LETTERS if self.decks[L] or self.discards[L]]
        if kind == "discard":
            discard = ACTS["discard"]
            return [discard[c] for c in self.hands[p] if c[0] == task["L"]]
        if kind == "after":
            return [PASS, act("unearth", task["place"])]
        raise AssertionError(f"unknown task {kind}")  # pragma: no cover

    _legal_actions = legal_actions

    def resolve_chance_unchecked(self) -> None:
        """As :meth:`State.resolve_chance_unchecked`: the very draw :meth:`sample_chance` would make
        (the same call to the generator), taken from the deck at once, with no action object built
        and looked up again (a playout makes some fifty draws a game).

        Most draws come in runs (the deal's eighteen, an Unearth's three looks): when the next
        queued step is another draw from a deck that is not empty, the state waits for that draw
        at once, as :meth:`_advance` and :meth:`_draw` would make it wait, without their detour.
        """
        task = self.task
        if task["do"] != "draw":
            super().resolve_chance_unchecked()
            return
        self.notes = None
        self._recorded = False
        deck = self.decks[task["L"]]
        card = deck.pop(self.rng.randbelow(len(deck)))
        self.task = None
        if task["why"] == "look":  # as _receive, with no log to write
            self.looking.append(card)
        else:
            bisect.insort(self.hands[task["p"]], card)
        queue = self.queue
        if queue:
            step = queue[0]  # ["deal", p, L], ["look", chooser, L], ["dig-draw", p, L], ...
            why = DRAW_STEPS.get(step[0])
            if why is not None and self.decks[step[2]]:
                del queue[0]
                self.task = {"do": "draw", "L": step[2], "p": step[1], "why": why}
                return
        self._advance()

    def is_legal(self, action) -> bool:
        if not isinstance(action, Act) or self.over:
            return False
        task = self.task
        if task["do"] == "draw":
            return action.verb == "draw" and action.arg in self.decks[task["L"]]
        return action in self.legal_actions()

    def parse_action(self, text):
        return parse_act(text)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        a, b = self.scores
        if a == b and self.game.options["final_tie"] == "fighters":
            a, b = (sum(1 for _, up in line if up) for line in self.slots)
        if a == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if a > b else [-1.0, 1.0]

    # ----------------------------------------------------------- the machine
    def _apply(self, action: Act) -> None:
        task = self.task
        self.task = None
        self._TAKEN[task["do"]](self, task, action)
        self._advance()

    def apply_unchecked(self, action: Act) -> None:
        """As :meth:`State.apply_unchecked` (no validation, no log, no history), with
        :meth:`_apply`'s three lines written out: a playout takes some sixty decisions a game."""
        self.notes = None
        self._recorded = False
        task = self.task
        self.task = None
        self._TAKEN[task["do"]](self, task, action)
        self._advance()

    def _advance(self) -> None:
        steps, queue = self._STEPS, self.queue  # one list for the whole game (see _q_turn)
        while self.task is None and not self.over:
            if not queue:
                raise AssertionError("the turn's queue ran dry")  # pragma: no cover
            item = queue.pop(0)
            step = steps[item[0]]
            # a plain call for the usual lengths: step(self, *item[1:]) would copy the item first,
            # and a playout runs some 150 steps a game
            n = len(item)
            if n == 3:
                step(self, item[1], item[2])
            elif n == 2:
                step(self, item[1])
            elif n == 1:
                step(self)
            else:
                step(self, *item[1:])

    def _draw(self, L: str, p: int, why: str) -> None:
        """Wait for chance to draw from deck ``L`` (reshuffling its discards if it is empty)."""
        if not self.decks[L]:
            if not self.discards[L]:
                self.note("dotd-ruling-empty-deck", f"The {BACK_NAMES[BACK_OF_LETTER[L]]} deck and its discard "
                          "pile are both empty: nothing is drawn.")
                return
            self.decks[L] = sorted(self.discards[L])
            self.discards[L] = []
            self.note("dotd-ruling-reshuffle", f"The {BACK_NAMES[BACK_OF_LETTER[L]]} deck is empty: its discard "
                      f"pile ({len(self.decks[L])} cards) is shuffled into a new deck as this card is drawn.")
        self.task = {"do": "draw", "L": L, "p": p, "why": why}

    def _drawn(self, task: dict, action: Act) -> None:
        card = action.arg
        self.decks[task["L"]].remove(card)
        self._receive(task, card)

    def _priority_taken(self, task: dict, action: Act) -> None:
        self.priority = int(action.arg) - 1
        if self.notes is not None:
            self.note("dotd-setup-priority", f"{self.who(self.priority).capitalize()} takes the priority counter.")

    def _receive(self, task: dict, card: str) -> None:
        """The card ``task`` drew (already out of its deck) goes where the draw was for: the cards
        an Unearth looks at, else the hand."""
        L, p, why = task["L"], task["p"], task["why"]
        if why == "look":
            self.looking.append(card)
            if self.notes is not None:
                self.note("dotd-unearth", f"{self.who(p).capitalize()} looks at the next "
                          f"{BACK_NAMES[BACK_OF_LETTER[L]]} card from the deck.")
        else:
            bisect.insort(self.hands[p], card)
            if self.notes is not None:
                self.note(DRAW_RULES[why], f"{self.who(p).capitalize()} draws {self.a_back(L)}.")

    # -- queued steps: set-up and summoning
    def _q_deal(self, p: int, L: str) -> None:
        self._draw(L, p, "deal")

    def _q_priority(self) -> None:
        self.task = {"do": "priority"}

    def _q_turn(self) -> None:
        self.turn += 1
        self.marks = empty_marks()
        self.fight = None
        t = self.turn
        first, second = self.order()
        if self.notes is not None:
            self.note("dotd-turn", f"Turn {t} of {TURNS} begins; {self.who(first)} has priority.")
        if t == 1:
            opening = [["choose", first, "fallen"], ["choose", second, "fallen"]]
        else:  # the two "open" steps, run at once (see queue_front): they never wait
            opening = ()
            self._q_open(first)
            self._q_open(second)
        self.queue[:] = [*opening, ["choose", first, "spirit"], ["choose", second, "spirit"], ["activate"],
                         ["spirit-unearth", first], ["spirit-unearth", second],
                         *[["fight", k] for k in range(t, 0, -1)], ["rewards"], ["end-turn"]]

    def _q_open(self, p: int) -> None:
        spirit = self.spirits[p]
        self.slots[p].append([spirit, False])
        self.spirits[p] = None
        if self.notes is not None:
            self.note("dotd-open-slot", f"{self.who(p).capitalize()} moves last turn's spirit ({self.a_back(spirit)}) "
                      f"face down into new slot {len(self.slots[p])}.")

    def _q_choose(self, p: int, kind: str) -> None:
        if not self.hands[p]:
            self.note(TASK_RULES[kind], f"{self.who(p).capitalize()} has no card in hand to play.")
            return
        self.task = {"do": kind, "p": p}

    def _q_activate(self) -> None:
        for line in self.slots:
            for entry in line:
                entry[1] = True
        seen = self.seen
        if seen[0] or seen[1]:  # the lines are face up now: only a spirit can still be a remembered face-down card
            self.seen = [[c for c in seen[p] if c == self.spirits[1 - p]] for p in (0, 1)]
        if self.notes is not None:
            pairs = [f"{k}: {self.label(a[0])} v {self.label(b[0])}"
                     for k, (a, b) in enumerate(zip(self.slots[0], self.slots[1]), start=1)]
            self.note("dotd-activate", "The field becomes active: " + "; ".join(pairs) + ".")

    def _q_spirit_unearth(self, p: int) -> None:
        if self.spirit_is(p, UNEARTH):
            if self.notes is not None:
                self.note("dotd-spirit-unearth", f"{self.who(p).capitalize()}'s spirit has an Unearth back: it acts now.")
            self._q_unearth(p, "own", "spirit")  # one step, run at once (see queue_front)

    # -- queued steps: fighting
    def _q_fight(self, k: int) -> None:
        self.fight = new_fight(k)
        first = self.priority or 0  # as order()
        second = 1 - first
        if self.notes is not None:
            a, b = self.slots[0][k - 1][0], self.slots[1][k - 1][0]
            self.note("dotd-fight-order", f"Fight in slot {k}: {self.label(a)} v {self.label(b)}.")
        # the steps effects first, effects second, compare, run at once (see queue_front); the lists
        # of those left are built only if one waits
        queue = self.queue
        size = len(queue)
        self._q_effects(first, k)
        if self.task is not None or len(queue) != size:
            self._queue_rest(size, [["effects", second, k], ["compare", k]])
            return
        self._q_effects(second, k)
        if self.task is not None or len(queue) != size:
            self._queue_rest(size, [["compare", k]])
            return
        self._q_compare(k)

    def _q_effects(self, p: int, k: int) -> None:
        if self.fight["won"] is not None:
            return
        if k in self.marks["cancel"]:
            if self.notes is not None:
                self.note("dotd-effect-cancel", f"{self.who(p).capitalize()}'s fighter uses no effect: this fight was "
                          "cancelled.")
            return
        extra = self.marks["extra"]
        spirit = self.spirits[p]  # as spirit_is(p, DOUBLE), written out: every fighter asks
        uses = 1 + (spirit is not None and spirit[0] == DOUBLE) + (sum(n for q, s, n in extra if q == p and s == k)
                                                                   if extra else 0)
        if uses == 1:  # the usual case: nothing left to queue if it waits
            self._q_use(p, k, 0)
            return
        if self.game.options["replaced_uses"] == "lapse":  # whose uses these are (dotd-ruling-replaced-uses)
            self.fight["acting"][p] = self.slots[p][k - 1][0]
        queue = self.queue
        size = len(queue)  # the uses run at once (see queue_front)
        for i in range(uses):
            self._q_use(p, k, i)
            if self.task is not None or len(queue) != size:
                if i + 1 < uses:
                    self._queue_rest(size, [["use", p, k, j] for j in range(i + 1, uses)])
                return

    def _q_use(self, p: int, k: int, i: int) -> None:
        f = self.fight
        if f["won"] is not None:
            return
        card = self.slots[p][k - 1][0]
        if i:
            acting = f["acting"][p]
            if acting is not None and card != acting:  # (acting is kept only when uses lapse)
                # a newcomer after the slot's first use takes none of the rest (the Spook FAQ)
                if acting and self.notes is not None:
                    self.note("dotd-ruling-replaced-uses", f"{self.cs[card].name} came in after {self.cs[acting].name} "
                              "used its effect: the remaining uses lapse, and its printed power counts.")
                f["acting"][p] = ""  # lapsed: said once
                return
        c = self.cs.cards[card]
        if f["stopped"][p] or card in self.marks["quiet"]:
            if i == 0 and self.notes is not None:  # said once, not again for each repeat
                if f["stopped"][p]:
                    self.note("dotd-effect-stop", f"{c.name} cannot use its effect: it was stopped.")
                else:
                    self.note("dotd-effect-copy", f"{c.name} has lost its effect for this turn (it was copied).")
            return
        if self.notes is not None:
            double = self.spirit_back(p) == "double"
            rule = "dotd-effects" if i == 0 else "dotd-double" if (i == 1 and double) else "dotd-effect-next"
            again = "" if i == 0 else " again (Double spirit)" if rule == "dotd-double" else " again (extra use)"
            if c.effect:
                self.note(rule, f"{self.who(p).capitalize()}'s {c.name} uses its effect{again}: {c.text}")
            elif i == 0:
                self.note(rule, f"{c.name} has no effect.")
        steps = len(c.effect)
        if steps <= 1:  # the usual case: nothing left to queue if it waits
            if steps:
                effects.run(self, p, k, card, 0, i)
            return
        queue, run, stopped = self.queue, effects.run, f["stopped"]
        size = len(queue)  # the steps run at once (see queue_front)
        for j in range(steps):
            if f["won"] is not None or stopped[p]:
                return  # as _q_step: the fight is over, or this fighter was stopped
            run(self, p, k, card, j, i)
            if self.task is not None or len(queue) != size:
                if j + 1 < steps:
                    self._queue_rest(size, [["step", p, k, card, n, i] for n in range(j + 1, steps)])
                return

    def _q_step(self, p: int, k: int, src: str, j: int, i: int) -> None:
        f = self.fight
        if f["won"] is not None or f["stopped"][p]:
            return
        effects.run(self, p, k, src, j, i)

    def _q_compare(self, k: int) -> None:
        f = self.fight
        entries = (self.slots[0][k - 1], self.slots[1][k - 1])
        if f["won"] is not None:
            winner = f["won"]
            if self.notes is not None:
                self.note("dotd-effect-win", f"{self.who(winner).capitalize()} wins the fight without comparing power.")
        else:
            power = f["power"] = [0, 0]
            cards, parts, cultivate = self.cs.cards, f["parts"], self.marks["cultivate"]
            for p in (0, 1):  # each part added to the fight's breakdown: printed power first, then the marks
                c = cards[entries[p][0]]
                parts.insert(0, [p, f"printed ({c.name})", c.power])
                total = c.power + f["bonus"][p]
                for q, s, n in cultivate:
                    if q == p and s == k:
                        parts.append([p, "next-fighter bonus", n * c.power])
                        total += n * c.power
                spirit = self.spirits[p]
                if spirit is not None and spirit[0] == POWER_UP:  # as spirit_is(p, POWER_UP), written out
                    parts.append([p, "Power Up spirit", 2])
                    total += 2
                power[p] = total
            winner = 0 if power[0] > power[1] else 1 if power[1] > power[0] else -1
            if winner < 0:
                if self.notes is not None:
                    self.note("dotd-tie", f"Power {power[0]} v {power[1]}: a tie, both fighters stay active.")
        f["winner"] = winner
        if winner >= 0:
            loser = 1 - winner
            entries[loser][1] = False
            if self.memory:  # the winner's player saw the loser face up: it remembers it
                self.seen[winner].append(entries[loser][0])
            if f["power"] is not None:
                if self.notes is not None:
                    self.note("dotd-compare", f"Power {f['power'][0]} v {f['power'][1]}: {self.who(winner)}'s "
                              f"{self.cs[entries[winner][0]].name} wins; {self.cs[entries[loser][0]].name} falls face down.")
            else:
                if self.notes is not None:
                    self.note("dotd-compare", f"{self.cs[entries[loser][0]].name} falls face down.")
        if f["after"]:  # after, then convert, run at once (see queue_front); no Spy or Moody, no after step
            size = len(self.queue)
            self._q_after(k)
            if self.task is not None or len(self.queue) != size:
                self._queue_rest(size, [["convert", k]])
                return
        self._q_convert(k)

    def _q_after(self, k: int) -> None:
        f = self.fight
        while f["after"]:
            entry = min(f["after"], key=lambda x: x[0] != self.priority)  # the priority holder's first
            f["after"].remove(entry)
            owner, kind = entry[0], entry[1]
            card = self.slots[owner][k - 1][0]
            if len(entry) > 2 and card != entry[2] and self.game.options["after_unearth"] == "card":
                if self.notes is not None:
                    self.note("dotd-ruling-after-card", f"{self.cs[entry[2]].name} has left slot {k}: its "
                              "after-fight Unearth goes with it, and the card there now stays.")
                continue
            if f["won"] is not None and self.notes is not None:
                self.note("dotd-ruling-after-outright", f"{self.cs[card].name} used its effect before the fight "
                          "ended outright: its after-fight Unearth is still offered.")
            decider = owner if kind == "spy" else 1 - owner
            self.task = {"do": "after", "p": decider, "owner": owner, "place": slot_place(owner, k), "kind": kind}
            self.queue_front([["after", k]])  # the next Spy or Moody, once this choice is made
            return

    def _q_convert(self, k: int) -> None:
        f = self.fight
        if f["winner"] is None or f["winner"] < 0:
            return
        if f["won"] is not None and not self.game.options["win_convert"]:
            if self.notes is not None:
                self.note("dotd-ruling-win-convert", "After an outright win no other part of the fight happens: "
                          "the loser stays in line.")
            return
        loser = 1 - f["winner"]
        if self.spirits[loser] is None:
            return
        self.task = {"do": "convert", "p": loser, "slot": k}

    def _q_rewards(self) -> None:
        for p in (0, 1):
            cards = self.cs.cards
            points = sum([cards[c].power for c, up in self.slots[p] if up])
            self.scores[p] += points
            if self.notes is not None:
                self.note("dotd-score", f"{self.who(p).capitalize()} scores {points} for active fighters "
                          f"({self.scores[p]} in all).")

    def _q_end_turn(self) -> None:
        self.priority = 1 - self.priority
        if self.notes is not None:
            self.note("dotd-pass-priority", f"Priority passes to {self.who(self.priority)}.")
        if self.turn < TURNS:
            self._q_turn()  # the next turn at once: nothing waits in between (it sets the whole queue)
            return
        self.over = True
        if self.notes is not None:
            a, b = self.scores
            if a != b:
                self.note("dotd-win", f"After six turns {self.who(0 if a > b else 1)} wins, {max(a, b)} to {min(a, b)}.")
            elif self.returns() != [0.0, 0.0]:
                self.note("dotd-ruling-final-tie", f"Tied at {a}: {self.who(self.winner())} has more active "
                          "fighters and wins (variant).")
            else:
                self.note("dotd-ruling-final-tie", f"Tied at {a}: the game is a draw.")

    # -- queued steps: Unearth, Dig
    def _q_unearth(self, chooser: int, scope: str, source: str) -> None:
        options = self.places(chooser) if scope == "own" else self.places(0) + self.places(1)
        if source == "spirit" and not self.game.options["unearth_spirit"]:
            options = [place for place in options if place != f"p{chooser + 1}-spirit"]
        if not options:
            if self.notes is not None:
                self.note(SOURCE_RULES[source], "There is no card to unearth.")
            return
        self.task = {"do": "target", "p": chooser, "options": options, "source": source}

    def start_unearth(self, chooser: int, place: str, source: str, wish: int | None = None) -> None:
        """Unearth the card at ``place``: look at the next three cards of its back, then pick the one
        that takes its place (``wish``: the player who asked for it, after a Moody fight)."""
        target = self.card_at(place)
        if self.notes is not None:
            owner, k = PLACE_AT[place]
            where = "spirit" if k == 0 else f"slot {k}"
            whose = "their own" if owner == chooser else f"{self.who(owner)}'s"
            asked = f" at {self.who(wish)}'s wish" if wish is not None and wish != chooser else ""
            self.note(SOURCE_RULES[source], f"{self.who(chooser).capitalize()} unearths {whose} "
                      f"{self._shown(target, chooser)} ({where}){asked}.")
        L = target[0]
        self.queue_front([["look", chooser, L]] * 3 + [["replace", chooser, place, source]])

    def _shown(self, card: str, viewer: int) -> str:
        """A card's name if it is face up (or the chooser's own), else only its back."""
        place = self.place_of(card)
        if place is not None:
            owner, k = place
            up = k > 0 and self.slots[owner][k - 1][1]
            if not up and owner != viewer:
                return f"face-down {BACK_NAMES[self.back(card)]} card"
        return self.cs[card].name

    def _q_look(self, chooser: int, L: str) -> None:
        self._draw(L, chooser, "look")

    def _q_replace(self, chooser: int, target: str, source: str) -> None:
        if not self.looking:
            if self.notes is not None:
                self.note("dotd-ruling-empty-deck", "No card could be drawn: the unearthed card stays.")
            return
        self.task = {"do": "take", "p": chooser, "target": target, "source": source}

    def _q_dig(self, p: int) -> None:
        if any(self.decks[L] or self.discards[L] for L in LETTERS):
            self.task = {"do": "dig", "p": p}

    def _q_dig_draw(self, p: int, L: str) -> None:
        self._draw(L, p, "dig")

    def _q_dig_discard(self, p: int, L: str) -> None:
        if any(c[0] == L for c in self.hands[p]):
            self.task = {"do": "discard", "p": p, "L": L}

    _STEPS = {
        "deal": _q_deal, "priority": _q_priority, "turn": _q_turn, "open": _q_open, "choose": _q_choose,
        "activate": _q_activate, "spirit-unearth": _q_spirit_unearth, "fight": _q_fight, "effects": _q_effects,
        "use": _q_use, "step": _q_step, "compare": _q_compare, "after": _q_after, "convert": _q_convert,
        "rewards": _q_rewards, "end-turn": _q_end_turn, "unearth": _q_unearth, "look": _q_look,
        "replace": _q_replace, "dig": _q_dig, "dig-draw": _q_dig_draw, "dig-discard": _q_dig_discard,
    }
    STEP_ARGS = {
        "deal": "pL", "priority": "", "turn": "", "open": "p", "choose": "pK", "activate": "",
        "spirit-unearth": "p", "fight": "k", "effects": "pk", "use": "pki", "step": "pkcii", "compare": "k",
        "after": "k", "convert": "k", "rewards": "", "end-turn": "", "unearth": "pSO", "look": "pL",
        "replace": "pwO", "dig": "p", "dig-draw": "pL", "dig-discard": "pL",
    }
    """Each queued step's arguments, for validating loaded positions: p a player, k a slot, i a
    count, c a card id, w a place in play (``p2-slot3``), L a deck letter, K a choice kind, S an unearth
    scope, O an unearth source. Unearths keep places, not ids, so no hidden card is named."""

    # -- decisions: one handler a kind of task, called with the task and the action taken
    def _decide_convert(self, task: dict, action: Act) -> None:
        if action == CONVERT:
            self._convert(task["p"], task["slot"])
        elif self.notes is not None:
            self.note("dotd-convert", f"{self.who(task['p']).capitalize()} keeps the loser in line.")

    def _decide_fallen(self, task: dict, action: Act) -> None:
        p, card = task["p"], action.arg
        self.hands[p].remove(card)
        self.slots[p].append([card, False])
        if self.notes is not None:
            self._note_laid(p, "fallen", card, "face down in slot 1")

    def _decide_spirit(self, task: dict, action: Act) -> None:
        p, card = task["p"], action.arg
        self.hands[p].remove(card)
        self.spirits[p] = card
        if self.notes is not None:
            self._note_laid(p, "spirit", card, "face down as the new spirit")

    def _note_laid(self, p: int, kind: str, card: str, where: str) -> None:
        """Log a face-down card laid from hand. With simultaneous choices (``dotd-ruling-hidden-order``)
        the first of the pair is logged without its back, and the second line tells both backs."""
        rule = TASK_RULES[kind]
        Who = self.who(p).capitalize()
        if self.game.options["face_down_choices"] != "simultaneous":
            self.note(rule, f"{Who} lays {self.a_back(card)} {where}.")
        elif self.queue and self.queue[0] == ["choose", 1 - p, kind] and self.hands[1 - p]:
            self.note(rule, f"{Who} lays a card {where}; its back shows once {self.who(1 - p)} has chosen too.")
        else:
            first = self.spirits[1 - p] if kind == "spirit" else (self.slots[1 - p] or [[None]])[-1][0]
            both = (f"; {self.who(1 - p)}'s, laid at the same time, is {self.a_back(first)}"
                    if first and p != self.priority else "")
            self.note(rule, f"{Who} lays {self.a_back(card)} {where}{both}.")

    def first_card_withheld(self, viewer: int) -> str | None:
        """The card the other player laid first that ``viewer`` may not see yet (see
        :meth:`first_choice_withheld`), else None."""
        if not self.first_choice_withheld(viewer):
            return None
        first = 1 - viewer
        if self.task["do"] == "spirit":
            return self.spirits[first]
        return self.slots[first][-1][0] if self.slots[first] else None

    def first_choice_withheld(self, viewer: int) -> bool:
        """Whether ``viewer`` is choosing the second card of a face-down pair (the turn-1 fighter, a
        new spirit) while the first is laid: with simultaneous choices (``dotd-ruling-hidden-order``)
        nothing of that first card, not even its back, is shown to them yet."""
        task = self.task
        return (task is not None and task["do"] in ("fallen", "spirit") and task["p"] == viewer
                and viewer != self.priority and self.game.options["face_down_choices"] == "simultaneous")

    def _decide_target(self, task: dict, action: Act) -> None:
        self.start_unearth(task["p"], action.arg, task["source"])

    def _decide_take(self, task: dict, action: Act) -> None:
        self._take(task["p"], task["target"], action.arg)

    def _decide_copy(self, task: dict, action: Act) -> None:
        p, k, card = task["p"], task["slot"], action.arg
        if task["quiet"] and card not in self.marks["quiet"]:
            self.marks["quiet"].append(card)
        if self.notes is not None:
            lost = "; it loses its effect for the rest of the turn" if task["quiet"] else ""
            self.note("dotd-effect-copy", f"{task['name']} copies {self.cs[card].name}{lost}.")
        self.queue_front([["step", p, k, card, j, task["use"]] for j in range(len(self.cs[card].effect))])

    def _decide_dig(self, task: dict, action: Act) -> None:
        p, L = task["p"], action.arg
        if self.notes is not None:
            self.note("dotd-keyword-dig", f"{self.who(p).capitalize()} digs in the {BACK_NAMES[BACK_OF_LETTER[L]]} deck.")
        self.queue_front([["dig-draw", p, L], ["dig-discard", p, L]])

    def _decide_discard(self, task: dict, action: Act) -> None:
        p, card = task["p"], action.arg
        self.hands[p].remove(card)
        self.discards[card[0]].append(card)
        if self.notes is not None:
            self.note("dotd-keyword-dig", f"{self.who(p).capitalize()} discards {self.cs[card].name}.")

    def _decide_after(self, task: dict, action: Act) -> None:
        if action != PASS:
            self.start_unearth(task["owner"], task["place"], "after", wish=task["p"])
        elif self.notes is not None:
            name = self.cs[self.card_at(task["place"])].name
            self.note("dotd-effect-after", f"{self.who(task['p']).capitalize()} does not have {name} unearthed.")

    _TAKEN = {
        "draw": _drawn, "priority": _priority_taken, "convert": _decide_convert, "fallen": _decide_fallen,
        "spirit": _decide_spirit, "target": _decide_target, "take": _decide_take, "copy": _decide_copy,
        "dig": _decide_dig, "discard": _decide_discard, "after": _decide_after,
    }
    """What taking an action does, by the kind of task it answers (see :meth:`_apply`)."""

    def _take(self, chooser: int, place: str, card: str) -> None:
        """``card``, one of those looked at, replaces the unearthed card at ``place``."""
        owner, k = PLACE_AT[place]
        self.looking.remove(card)
        if k == 0:
            target = self.spirits[owner]
            self.spirits[owner] = card
            up = False
        else:
            entry = self.slots[owner][k - 1]
            target, entry[0] = entry[0], card
            up = entry[1]
        L = target[0]
        self.discards[L].append(target)
        self.discards[L].extend(self.looking)
        self.looking = []
        if self.memory:
            seen = self.seen
            if seen[0] or seen[1]:
                self._forget(target)
            if chooser != owner and not up:  # the chooser knows the face-down card it put there
                seen[chooser].append(card)
        if self.notes is not None:
            where = "as the spirit" if k == 0 else f"in slot {k}, {'active' if up else 'fallen'}"
            shown = self.cs[card].name if up else f"{self.a_back(card)} face down"
            self.note("dotd-unearth", f"{self.who(chooser).capitalize()} puts {shown} {where} for {self.who(owner)}; "
                      f"{self.cs[target].name} and the other cards looked at are discarded.")
            if k == 0 and L == UNEARTH:
                self.note("dotd-ruling-unearthed-spirit", "The new spirit came by an Unearth, not by summoning or "
                          "a conversion: it does not act this turn.")

    def _forget(self, card: str) -> None:
        """``card`` left play (to a discard pile): nobody remembers it as a face-down card any more."""
        for known in self.seen:
            if card in known:
                known.remove(card)

    def _convert(self, p: int, k: int) -> None:
        line = self.slots[p]
        loser = line.pop(k - 1)[0]
        old = self.spirits[p]
        up = self.game.options["spirit_fills"] == "active"
        line.append([old, up])
        self.spirits[p] = loser
        if up and self.memory:  # face up now: no longer a face-down card to remember
            self._forget(old)
        if self.notes is not None:
            moved = ("" if k >= len(line) else f"slot {k + 1} moves down one, " if k + 1 == len(line)
                     else f"slots {k + 1}-{len(line)} move down one, ")
            self.note("dotd-convert", f"{self.who(p).capitalize()} pulls {self.cs[loser].name} out of slot {k}: {moved}"
                      f"the old spirit, {self.cs[old].name}, fills slot {len(line)} "
                      f"{'active' if up else 'face down'}, and {self.cs[loser].name} becomes the new spirit.")
        if self.cs.cards[loser].back == "unearth":
            if self.notes is not None:
                self.note("dotd-spirit-unearth", "The new spirit has an Unearth back: it acts now.")
            self._q_unearth(p, "own", "spirit")  # one step, run at once (see queue_front)

    # -- effects that change cards (called from effects.run)
    def ask_copy(self, p: int, k: int, whose: str, quiet: bool, use: int, name: str) -> None:
        me = self.slots[p][k - 1][0]
        sides = {"own": (p,), "opponent": (1 - p,), "any": (0, 1)}[whose]
        options = sorted(c for q in sides for c, up in self.slots[q]
                         if up and c != me and self.cs.cards[c].copyable)
        if not options:
            if self.notes is not None:
                self.note("dotd-effect-copy", f"{name}: no active fighter has an effect it could copy.")
            return
        self.task = {"do": "copy", "p": p, "slot": k, "quiet": quiet, "use": use, "name": name,
                     "options": options}

    def return_fighter(self, p: int, k: int, name: str) -> None:
        entry = self.slots[p][k - 1]
        L = entry[0][0]
        pile = self.discards[L]
        if not pile:
            if self.notes is not None:
                self.note("dotd-effect-return", f"{name}: the {BACK_NAMES[BACK_OF_LETTER[L]]} discard pile is empty, "
                          "so nothing happens.")
            return
        new = pile.pop()
        pile.append(entry[0])
        if self.memory:
            self._forget(entry[0])
        entry[0] = new
        if self.fight["acting"][p]:  # the Return FAQ: the newcomer takes the remaining uses
            self.fight["acting"][p] = new
        if self.notes is not None:
            self.note("dotd-effect-return", f"{name} goes to the discard pile and {self.label(new)} takes its place, active.")

    # ----------------------------------------------------------- explanations
    def action_rule(self, action) -> str:
        task = self.task
        if task is None:
            return super().action_rule(action)
        if task["do"] == "draw":
            return DRAW_RULES[task["why"]]
        return TASK_RULES[task["do"]]

    def explain_illegal(self, action) -> tuple[str, str]:
        task = self.task
        if not isinstance(action, Act):
            return "core-notation", "not a Day of the Dead action"
        kind = task["do"]
        rule = DRAW_RULES[task["why"]] if kind == "draw" else TASK_RULES[kind]
        wanted = self._waiting()
        expected = {"fallen": "fallen", "spirit": "spirit", "target": "unearth", "take": "take", "copy": "copy",
                    "dig": "dig", "discard": "discard", "draw": "draw", "priority": "priority"}.get(kind)
        if kind == "convert" and action.verb not in ("convert", "keep"):
            return rule, f"the game is waiting for this: {wanted}"
        if kind == "after" and action.verb not in ("pass", "unearth"):
            return rule, f"the game is waiting for this: {wanted}"
        if expected and action.verb != expected:
            return rule, f"the game is waiting for this: {wanted}"
        card, p = action.arg, task.get("p")
        if kind == "draw":
            return rule, f"{card} is not in the {BACK_NAMES[BACK_OF_LETTER[task['L']]]} deck now"
        if kind in ("fallen", "spirit", "discard") and card not in self.hands[p]:
            return rule, f"{card} is not in {self.who(p)}'s hand"
        if kind == "spirit":
            return "dotd-back-limit", (f"{self.who(p)} already has two {BACK_NAMES[self.back(card)]} cards in play "
                                       "(the limit is lifted only on turn 6)")
        if kind == "discard":
            return rule, f"Dig discards a card with the back of the deck drawn from ({task['L']})"
        if kind == "take":
            return rule, f"{card} is not among the cards being looked at"
        if kind == "target":
            return SOURCE_RULES[task["source"]], f"the card at {card} is not one this Unearth may pick"
        if kind == "copy":
            return "dotd-ruling-copy", f"{card} is not an active fighter with an effect that can be copied"
        if kind == "after":
            return rule, f"only the fighter at {task['place']} may be unearthed here"
        return rule, "not possible now"

    def _waiting(self) -> str:
        task = self.task
        if self.over:
            return "the game is over"
        kind, p = task["do"], task.get("p")
        Who = self.who(p).capitalize() if p is not None else ""
        if kind == "priority":
            return "chance gives the priority counter to a player"
        if kind == "draw":
            what = {"deal": "is dealt", "look": "looks at", "dig": "digs up"}[task["why"]]
            return f"{Who} {what} a card from the {BACK_NAMES[BACK_OF_LETTER[task['L']]]} deck"
        return {
            "fallen": f"{Who} lays a card from hand face down in slot 1",
            "spirit": f"{Who} lays a card from hand face down as the new spirit",
            "target": f"{Who} picks a card to unearth",
            "take": f"{Who} picks the card that replaces {place_words(task.get('target', 'p1-spirit'))}",
            "copy": f"{Who} picks the fighter whose effect {task.get('name')} copies",
            "dig": f"{Who} picks the deck to dig in",
            "discard": f"{Who} discards a card with the back just drawn",
            "convert": f"{Who} may turn the fallen fighter of slot {task.get('slot')} into the new spirit",
            "after": f"{Who} may have the fighter of {place_words(task.get('place', 'p1-spirit'))} unearthed",
        }[kind]

    def status(self) -> str:
        a, b = self.scores
        if self.over:
            winner = self.winner()
            result = "a draw" if winner is None else f"player {winner + 1} wins"
            return f"Game over after six turns ({a}-{b}): {result}."
        head = f"Turn {self.turn} of {TURNS} ({a}-{b})" if self.turn else "Set-up"
        return f"{head}: {self._waiting()}."

    def describe_action(self, action) -> dict:
        task = self.task
        if task is None or not isinstance(action, Act):
            return {}
        kind = task["do"]
        card = action.arg if is_card_id(action.arg) else None
        hint = {"kind": kind}
        if action.verb == "unearth":  # a place: tell the card only if the chooser may see it
            card = self.card_at(action.arg)
            owner, k = self.place_of(card)
            hint["owner"], hint["slot"] = owner, k
            if owner == task["p"] or (k > 0 and self.slots[owner][k - 1][1]):
                hint["card"] = card
        elif card:
            hint["card"] = card
            place = self.place_of(card)
            if place:
                hint["owner"], hint["slot"] = place
        name = self.cs[card].name if card else None
        text = {
            "fallen": f"lay {name} face down in slot 1",
            "spirit": f"make {name} the new spirit ({BACK_NAMES[self.back(card)]} back)" if card else "",
            "take": f"put {name} in the unearthed card's place",
            "copy": f"copy {name}'s effect",
            "discard": f"discard {name}",
            "draw": f"{name} is drawn",
        }.get(kind)
        if kind == "target":
            owner, k = self.place_of(card)
            hidden = owner != task["p"] and (k == 0 or not self.slots[owner][k - 1][1])
            where = "spirit" if k == 0 else f"slot {k}"
            text = (f"unearth {self.who(owner)}'s face-down {BACK_NAMES[self.back(card)]} card ({where})" if hidden
                    else f"unearth {name} ({where})")
        elif kind == "dig":
            text = f"dig in the {BACK_NAMES[BACK_OF_LETTER[action.arg]]} deck"
        elif kind == "convert":
            text = "turn the loser into the new spirit" if action == CONVERT else "keep the loser in line"
        elif kind == "after":
            text = "unearth it" if action.verb == "unearth" else "let it stay"
        elif kind == "priority":
            text = f"player {action.arg} starts with priority"
        if text:
            hint["text"] = text
        return hint

    # ------------------------------------------------------------------ JSON
    def position(self) -> dict:
        return {
            "turn": self.turn,
            "priority": self.priority,
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
            "slots": [[[c, "active" if up else "fallen"] for c, up in line] for line in self.slots],
            "spirits": list(self.spirits),
            "decks": {L: list(self.decks[L]) for L in LETTERS},
            "discards": {L: list(self.discards[L]) for L in LETTERS},
            "looking": list(self.looking),
            "marks": {k: [list(x) if isinstance(x, list) else x for x in v] for k, v in self.marks.items()},
            "fight": copy_fight(self.fight),
            "queue": [list(item) for item in self.queue],
            "task": None if self.task is None else _copy_task(self.task),
            "over": self.over,
            **({"seen": [list(v) for v in self.seen]} if self.memory else {}),
        }

    def _copy_position_from(self, other: "DayOfTheDeadState") -> None:
        self.cs = other.cs
        self.scores = list(other.scores)
        self.hands = [list(h) for h in other.hands]
        self.slots = [[list(e) for e in line] for line in other.slots]
        self.spirits = list(other.spirits)
        self.decks = {L: list(v) for L, v in other.decks.items()}
        self.discards = {L: list(v) for L, v in other.discards.items()}
        self.looking = list(other.looking)
        self.marks = {k: [list(x) if isinstance(x, list) else x for x in v] for k, v in other.marks.items()}
        self.fight = copy_fight(other.fight)
        self.queue = [list(item) for item in other.queue]
        self.task = None if other.task is None else _copy_task(other.task)
        self.memory = other.memory
        self.seen = [list(v) for v in other.seen]

    def copy_fast(self) -> "DayOfTheDeadState":
        """A copy of the position alone (no history, no undo, no log): for search and rollouts."""
        clone = object.__new__(type(self))
        clone.game = self.game
        clone.rng = self.rng.copy()
        clone.forced, clone.steps, clone._undo, clone._redo = [], [], [], []
        clone.notes, clone._recorded, clone._start = None, False, None
        clone.turn, clone.priority, clone.over = self.turn, self.priority, self.over
        clone._copy_position_from(self)
        return clone

    def _load_position(self, r) -> None:
        from .load import load_position

        load_position(self, r)

    def _load_checked(self, position, path: str) -> None:
        """Load a position from outside (a file, the editor) and check it can be played out.

        The queue and the task are the engine's own bookkeeping; a hand-edited
        one can be well formed yet impossible (a fight in a slot that does not
        exist, a spirit to lay from an empty hand). Rather than list every such
        case, three quick playouts from the position must reach the end.
        """
        super()._load_checked(position, path)
        from .load import check_playable

        check_playable(self, path)

    # ---------------------------------------------------------------- views
    def redeal_unseen(self, viewer: int, rng):
        """The other player's hand, face-down cards and the decks dealt anew by back (see
        :func:`~necro.day_of_the_dead.load.redealt`), the generator and forced draws kept."""
        from .load import redealt

        state = self.game.state_from_position(redealt(self.position(), viewer, rng))
        state.rng, state.forced = self.rng.copy(), list(self.forced)
        return state

    def hide(self, position: dict, player: int) -> dict:
        """What ``player`` sees: the other's hand, face-down cards and the decks show only their backs;
        while ``player`` chooses the second card of a face-down pair, the first is still in its
        owner's hand (see :meth:`first_choice_withheld`)."""
        from .load import mask, unlay_first_choice

        if self.first_choice_withheld(player):
            position = unlay_first_choice(position, player)
        return mask(position, player)

    def decorate_view(self, position: dict) -> dict:
        """Add the faces of every card the view shows (name, power, back, effect text, provenance)."""
        from .load import faces

        position = dict(position)
        position["cards"] = faces(self.cs, position)
        # a view shows how many cards each deck holds, never which (as at the table)
        position["decks"] = {L: [L] * len(v) for L, v in position["decks"].items()}
        return position

    def mask_notation(self, notation: str, player: int, viewer: int) -> str:
        """A step's notation as ``viewer`` may read it in the log: draws and the other player's
        face-down choices show only the card's back."""
        verb, _, arg = notation.partition(" ")
        if is_card_id(arg) and (verb == "draw" or (verb in ("fallen", "spirit", "take") and player != viewer)):
            if verb in ("fallen", "spirit") and arg == self.first_card_withheld(viewer):
                return verb  # the pair's first card: not even its back until both are laid
            return f"{verb} {arg[0]}"
        return notation

    # ---------------------------------------------------------------- text
    def __str__(self) -> str:
        from .load import diagram

        return diagram(self)


def place_words(place: str) -> str:
    """``p2-slot3`` as words: "player 2's slot 3" (never the card's name, which may be secret)."""
    where = "spirit" if place.endswith("spirit") else f"slot {place[-1]}"
    return f"player {place[1]}'s {where}"


def _copy_task(task: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in task.items()}


def check_illegal(state: DayOfTheDeadState, text: str):
    """The IllegalAction that applying ``text`` raises (for tests and the book), or None."""
    try:
        state.apply(text)
    except NotationError as exc:
        return exc
    except ValueError as exc:
        return exc
    state.undo()
    return None
