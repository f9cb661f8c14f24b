"""Day of the Dead as a bare loop: the yardstick for the engine's fast path (issue: engine speed).

A "game" is a whole game (the deal, six turns, the scores) with the default options (the old
spirit fills a conversion's gap face down, an Unearth spirit may pick itself, a loser beaten
outright may not be converted, a fighter replaced after its first use takes none of the uses left
unless Return brought it, Spy's and Moody's Unearth goes with the card, equal scores draw, the
book's cards), played at random by both players. (How a seat sees the face-down choices and what
it remembers change no rule, so this loop has neither.)

Plain lists and ints: a card is its index in the sorted card ids (so sorting ints sorts ids), a
line is ``[card, active]`` pairs, a place is ``(owner, slot)`` with slot 0 the spirit; no task
dictionaries, no queue of steps, no log, no action objects. Where the engine queues the small steps
of an effect (a copy, an Unearth, a Dig) at the front of its turn's queue, this loop simply calls
them, which is the same order. A decision picks ``players.randbelow(n)`` among the options listed
in the engine's order (its legal actions are sorted by notation: ``convert`` before ``keep``,
``pass`` before ``unearth``, places ``p1-slot1`` ... ``p1-spirit``, ``p2-slot1`` ...) and a
draw is ``deck[randbelow(len(deck))]`` of the sorted deck, with the engine's generators, so on the
same seed the loop and the engine driven by :func:`engine_game` play the same game
(tests/day_of_the_dead/test_reference.py checks the scores and the number of decisions, so the
reference cannot drift from the rules).
"""

from __future__ import annotations

from bisect import insort

from necro.core.rng import Rng
from necro.day_of_the_dead.cards import BACKS, card_set

TURNS = 6
LIMIT = 2
DOUBLE, POWER_UP, UNEARTH = range(3)
WHAT = "whole games, default options, random play"


def _cards():
    """Per card index: printed power, back (0 Double, 1 Power Up, 2 Unearth), effect steps as
    ``(verb, value, condition, count or quiet)``, and whether a copy may read its effect."""
    cs = card_set("book")
    ids = sorted(cs.cards)
    index = {c: i for i, c in enumerate(ids)}
    power = tuple(cs[c].power for c in ids)
    back = tuple(BACKS.index(cs[c].back) for c in ids)
    effect = tuple(tuple(_step(s) for s in cs[c].effect) for c in ids)
    copyable = tuple(bool(e) and not any(s[0] == "copy" for s in e) for e in effect)
    decks = tuple(sorted(index[c] for c in cs.decks[b]) for b in BACKS)
    return power, back, effect, copyable, decks


def _step(step: dict) -> tuple:
    verb = next(k for k in step if k not in ("if", "count", "quiet"))
    return verb, step[verb], step.get("if"), step.get("count", step.get("quiet"))


POWER, BACK, EFFECT, COPYABLE, DECKS = _cards()


class Table:
    """One game in progress; :meth:`play` runs it to the end."""

    def __init__(self, seed: int):
        self.chance, self.players = Rng(seed), Rng(seed + 1)
        self.decisions = 0
        self.turn = 0
        self.priority = 0
        self.scores = [0, 0]
        self.hands: list[list[int]] = [[], []]
        self.slots: list[list[list]] = [[], []]
        self.spirits: list[int | None] = [None, None]
        self.decks = [list(d) for d in DECKS]
        self.discards: list[list[int]] = [[], [], []]

    # --- chance and decisions
    def choose(self, n: int) -> int:
        self.decisions += 1
        return self.players.randbelow(n)

    def draw(self, L: int) -> int | None:
        """A card from deck ``L`` (its discards reshuffled if it is empty), None if both are empty."""
        deck = self.decks[L]
        if not deck:
            if not self.discards[L]:
                return None
            deck = self.decks[L] = sorted(self.discards[L])
            self.discards[L] = []
        return deck.pop(self.chance.randbelow(len(deck)))

    def spirit_back(self, p: int) -> int | None:
        spirit = self.spirits[p]
        return None if spirit is None else BACK[spirit]

    # --- the game
    def play(self) -> tuple[list[int], int]:
        for p in (0, 1):
            for L in range(3):
                for _ in range(3):
                    insort(self.hands[p], self.draw(L))
        self.priority = self.chance.randbelow(2)
        for _ in range(TURNS):
            self.play_turn()
        return self.scores, self.decisions

    def play_turn(self) -> None:
        t = self.turn = self.turn + 1
        self.cancel, self.extra, self.cultivate, self.quiet = [], [], [], []
        order = (self.priority, 1 - self.priority)
        for p in order:  # a new slot: a card from hand on turn 1, else last turn's spirit
            hand = self.hands[p]
            if t > 1:
                self.slots[p].append([self.spirits[p], False])
                self.spirits[p] = None
            elif hand:
                self.slots[p].append([hand.pop(self.choose(len(hand))), False])
        for p in order:  # a new spirit, two of each back in play until turn 6
            hand = self.hands[p]
            if hand:
                options = hand
                if t < TURNS:
                    backs = [BACK[c] for c, _ in self.slots[p]]
                    options = [c for c in hand if backs.count(BACK[c]) < LIMIT] or hand
                card = options[self.choose(len(options))]
                hand.remove(card)
                self.spirits[p] = card
        for line in self.slots:
            for entry in line:
                entry[1] = True
        for p in order:
            if self.spirit_back(p) == UNEARTH:
                self.unearth(p, False)
        for k in range(t, 0, -1):
            self.fight(k, order)
        for p in (0, 1):
            self.scores[p] += sum(POWER[c] for c, up in self.slots[p] if up)
        self.priority = 1 - self.priority

    def fight(self, k: int, order: tuple[int, int]) -> None:
        self.bonus, self.stopped, self.won, self.after = [0, 0], [False, False], None, []
        for p in order:
            self.effects(p, k)
        entries = (self.slots[0][k - 1], self.slots[1][k - 1])
        winner = self.won
        if winner is None:
            power = []
            for p in (0, 1):
                printed = POWER[entries[p][0]]
                power.append(printed + self.bonus[p] + sum(n * printed for q, s, n in self.cultivate if q == p and s == k)
                             + 2 * (self.spirit_back(p) == POWER_UP))
            winner = 0 if power[0] > power[1] else 1 if power[1] > power[0] else -1
        if winner >= 0:
            entries[1 - winner][1] = False
        while self.after:  # Spy and Moody, the priority holder's first: pass or unearth
            entry = next((a for a in self.after if a[0] == self.priority), self.after[0])
            self.after.remove(entry)
            owner, _, card = entry
            if self.slots[owner][k - 1][0] == card and self.choose(2) == 1:  # only while the card is there
                self.start_unearth(owner, owner, k)
        loser = 1 - winner
        # no conversion after an outright win (the Challenge FAQ: no other part of fighting)
        if winner >= 0 and self.won is None and self.spirits[loser] is not None and self.choose(2) == 0:
            line = self.slots[loser]
            card = line.pop(k - 1)[0]
            line.append([self.spirits[loser], False])
            self.spirits[loser] = card
            if BACK[card] == UNEARTH:
                self.unearth(loser, False)

    def effects(self, p: int, k: int) -> None:
        if self.won is not None or k in self.cancel:
            return
        uses = 1 + (self.spirit_back(p) == DOUBLE) + sum(n for q, s, n in self.extra if q == p and s == k)
        self.acting = self.slots[p][k - 1][0]
        for i in range(uses):
            if self.won is not None:
                return
            card = self.slots[p][k - 1][0]  # an effect may have replaced it: then the uses left lapse
            if i and card != self.acting:  # (the Spook FAQ), unless Return brought it (see run)
                return
            if not self.stopped[p] and card not in self.quiet:
                self.run(p, k, card)

    def run(self, p: int, k: int, src: int) -> None:
        """Every step of ``src``'s printed effect, for ``p``'s fighter in slot ``k``."""
        for verb, value, cond, extra in EFFECT[src]:
            if self.won is not None or self.stopped[p]:
                return
            if cond and not self.holds(p, k, cond):
                continue
            if verb == "power":
                self.bonus[p] += value
            elif verb == "power_per":
                self.bonus[p] += value * self.count(p, extra)
            elif verb == "gain":
                self.scores[p] += value
            elif verb == "gain_div":
                self.scores[p] += self.scores[p] // value
            elif verb in ("drain", "drain_div"):
                q = 1 - p
                self.scores[q] -= min(value if verb == "drain" else self.scores[q] // value, self.scores[q])
            elif verb == "win":
                self.won = p
            elif verb == "stop":
                self.stopped[1 - p] = True
            elif k == 1 and verb in ("cancel_next", "extra_next", "cultivate"):
                pass  # no next fight this turn
            elif verb == "cancel_next":
                if k - 1 not in self.cancel:
                    self.cancel.append(k - 1)
            elif verb == "extra_next":
                self.extra.append((p, k - 1, value))
            elif verb == "cultivate":
                self.cultivate.append((p, k - 1, value))
            elif verb == "copy":
                me = self.slots[p][k - 1][0]
                sides = (p,) if value == "own" else (1 - p,) if value == "opponent" else (0, 1)
                options = sorted(c for q in sides for c, up in self.slots[q] if up and c != me and COPYABLE[c])
                if options:
                    card = options[self.choose(len(options))]
                    if extra and card not in self.quiet:
                        self.quiet.append(card)
                    self.run(p, k, card)
            elif verb == "return":
                entry = self.slots[p][k - 1]
                pile = self.discards[BACK[entry[0]]]
                if pile:
                    new = pile.pop()
                    pile.append(entry[0])
                    entry[0] = self.acting = new  # the Return FAQ: the newcomer takes the uses left
            elif verb == "unearth":
                if value == "self":
                    self.start_unearth(p, p, k)
                else:
                    self.unearth(p, value == "any")
            elif verb == "dig":
                self.dig(p)
            elif not any(a[:2] == (p, value) for a in self.after):  # after: spy or moody, with its card
                self.after.append((p, value, self.slots[p][k - 1][0]))

    def holds(self, p: int, k: int, cond: str) -> bool:
        if cond == "behind":
            return self.scores[p] < self.scores[1 - p]
        if cond == "ahead":
            return self.scores[p] > self.scores[1 - p]
        if cond == "priority":
            return self.priority == p
        if cond == "no-priority":
            return self.priority != p
        if cond == "opp-stronger":
            return POWER[self.slots[1 - p][k - 1][0]] > POWER[self.slots[p][k - 1][0]]
        if cond == "opp-weaker":
            return POWER[self.slots[1 - p][k - 1][0]] < POWER[self.slots[p][k - 1][0]]
        if cond == "first-fight":
            return k == len(self.slots[p])
        if cond == "last-fight":
            return k == 1
        return self.spirit_back(p) == {"spirit-double": DOUBLE, "spirit-power-up": POWER_UP,
                                       "spirit-unearth": UNEARTH}[cond]

    def count(self, p: int, what: str) -> int:
        side = p if what.startswith("own") else 1 - p
        if what.endswith("hand"):
            return len(self.hands[side])
        active = what.endswith("active")
        return sum(1 for _, up in self.slots[side] if up == active)

    # --- Unearth and Dig
    def unearth(self, chooser: int, anyone: bool) -> None:
        """Pick a card in play (the chooser's own, or ``anyone``'s) and unearth it."""
        places = []
        for q in (0, 1) if anyone else (chooser,):
            places += [(q, k) for k in range(1, len(self.slots[q]) + 1)]
            if self.spirits[q] is not None:
                places.append((q, 0))
        if places:
            owner, k = places[self.choose(len(places))]
            self.start_unearth(chooser, owner, k)

    def start_unearth(self, chooser: int, owner: int, k: int) -> None:
        """Look at three cards of the back of the card at ``(owner, k)`` and put one in its place."""
        target = self.spirits[owner] if k == 0 else self.slots[owner][k - 1][0]
        L = BACK[target]
        looking = [c for c in (self.draw(L), self.draw(L), self.draw(L)) if c is not None]
        if not looking:
            return
        card = sorted(looking)[self.choose(len(looking))]
        looking.remove(card)
        if k == 0:
            self.spirits[owner] = card
        else:
            self.slots[owner][k - 1][0] = card
        self.discards[L].append(target)
        self.discards[L].extend(looking)

    def dig(self, p: int) -> None:
        options = [L for L in range(3) if self.decks[L] or self.discards[L]]
        if not options:
            return
        L = options[self.choose(len(options))]
        card = self.draw(L)
        hand = self.hands[p]
        if card is not None:
            insort(hand, card)
        mine = [c for c in hand if BACK[c] == L]
        if mine:
            card = mine[self.choose(len(mine))]
            hand.remove(card)
            self.discards[L].append(card)


def play(seed: int) -> tuple[list[int], int]:
    """One random game: ``(scores, decisions)``. Chance draws from ``Rng(seed)`` (the state's
    generator), the players from ``Rng(seed + 1)``."""
    return Table(seed).play()


def engine_game(seed: int) -> tuple[list[int], int]:
    """The same random game on the engine's fast path: ``(scores, decisions)``."""
    from necro.core.bots import random_playout
    from necro.day_of_the_dead import DayOfTheDead

    state = DayOfTheDead().new_initial_state(seed)
    decisions = random_playout(state, Rng(seed + 1))
    return list(state.scores), decisions
