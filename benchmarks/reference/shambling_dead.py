"""Night of the Shambling Dead as a bare loop: the yardstick for the engine's fast path (issue: engine speed).

A "game" is one solo night with the default options (Front Line cap 6, shared deck, survivors
without a zombie stay out of the fight, the fixed Narration Track, no zombie supply limit) played
by the ``stand`` policy of ``necro/shambling_dead/bots.py``: stand and receive, Hero and newcomers
to the Front Line while there is room, wounds to the already wounded first (the Hero last), the
most expendable flee first, never reorder. The Narrator's moves are the engine's rules.

Plain lists, strings and ints: a figure is ``[id, kind, wounds, zone]``, contact a list of
``[survivor id, zombie id]`` pairs; no task dictionaries, no queue of steps, no log, no action
objects. Chance draws come from ``Rng(seed)`` with the engine's calls (a card is
``pile[randbelow(len(pile))]``, a die ``randbelow(6) + 1``), so on the same seed the loop and the
engine driven by :func:`engine_game` play the same night (tests/shambling_dead/test_reference.py
checks it, with the number of decisions, so the reference cannot drift from the rules).

The stand policy needs no counter-charge, so the charge rules (engage, drag, wild charge) are not
here; random play would need them and every option's legal list in the engine's order, for little
more evidence than these nights give.
"""

from __future__ import annotations

from necro.core.rng import Rng

DECK = tuple(r + s for s in "SCHD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")) + ("JK",)
VALUE = {c: (1 if c[0] == "A" else int(c[:-1])) for c in DECK if c != "JK"}
CRT = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6),
    (0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6),
    (0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7),
    (0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7, 7),
    (1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8),
)
STRENGTH = {"S": (2, 1), "H": (3, 2)}
FRONT_CAP = 6
HOURS = 10
WHAT = "solo nights, default options, stand-and-receive policy"


class Over(Exception):
    """The band's night has ended (raised where the engine's ``_lose`` runs)."""


class Night:
    def __init__(self, seed: int):
        self.rng = Rng(seed)
        self.figs: list[list] = []
        self.nxt = 1
        self.pairs: list[list[int]] = []
        self.pile, self.discard = list(DECK), []
        self.hour = 0
        self.decisions = 0

    # --- chance
    def card(self, more: bool = False) -> str:
        """Draw a card (the Joker puts every card back and is drawn again). With ``more``, the
        same draw goes on: an empty pile takes the discards back before this card joins them."""
        while True:
            pile = self.pile
            card = pile.pop(self.rng.randbelow(len(pile)))
            if card != "JK":
                if more and not self.pile:
                    self.pile, self.discard = self.discard, []
                self.discard.append(card)
                return card
            self.pile, self.discard = list(DECK), []

    def die(self) -> int:
        return self.rng.randbelow(6) + 1

    def new_card_task(self) -> None:
        """The engine turns the discards over when a card task starts on an empty pile."""
        if not self.pile:
            self.pile, self.discard = self.discard, []

    # --- figures
    def add(self, kind, zone):
        f = [self.nxt, kind, 0, zone]
        self.nxt += 1
        self.figs.append(f)
        return f

    def remove(self, fid):
        self.figs = [f for f in self.figs if f[0] != fid]
        self.pairs = [q for q in self.pairs if fid not in q]

    def wound(self, f):
        f[2] += 1
        if f[2] >= 2:
            self.remove(f[0])

    def survivors(self, zone=None):
        return [f for f in self.figs if f[1] != "Z" and (zone is None or f[3] == zone)]

    def zombies(self, zone=None):
        return [f for f in self.figs if f[1] == "Z" and (zone is None or f[3] == zone)]

    def has_zombies(self, zone=None) -> bool:
        for f in self.figs:
            if f[1] == "Z" and (zone is None or f[3] == zone):
                return True
        return False

    def has_survivors(self, zone=None) -> bool:
        for f in self.figs:
            if f[1] != "Z" and (zone is None or f[3] == zone):
                return True
        return False

    def check(self) -> None:
        """Before each step of an hour: a band with nobody left has lost."""
        if not self.has_survivors():
            raise Over

    # --- decisions of the stand policy
    def place(self, hero: bool) -> None:
        if sum(1 for f in self.figs if f[1] != "Z" and f[3] == "F") < FRONT_CAP:
            self.decisions += 1
            zone = "F"
        else:
            zone = "S"
        self.add("H" if hero else "S", zone)

    def wounds(self, w: int, elig: list[int], six: bool) -> None:
        if w <= 0 or not elig:
            return
        ids = set(elig)
        while True:
            live = [f for f in self.figs if f[0] in ids and f[1] != "Z"]
            if w <= 0 or not live:
                return
            heroes = [f for f in live if f[1] == "H"]
            if w >= sum(2 - f[2] for f in live) and not (six and len(heroes) > 1):
                for f in live:
                    while f[2] < 2 and f in self.figs:
                        self.wound(f)
                return
            options = heroes if six and heroes else live
            if len(options) > 1:
                self.decisions += 1
            f = min(options, key=lambda f: (f[1] == "H", -f[2], f[0]))
            if six and f[1] == "H":
                six = False
            self.wound(f)
            w -= 1

    # --- the hours
    def assault(self, zone: str, n: int) -> None:
        self.check()
        self.new_card_task()
        total = sum(VALUE[self.card(more=i < n - 1)] for i in range(n))
        for _ in range(total):
            self.add("Z", zone)

    def replace(self) -> None:
        self.check()
        self.new_card_task()
        card = self.card()
        if card[-1] == "H":
            for i in range(VALUE[card]):
                self.place(card == "10H" and i == 0)

    def within(self, guard: bool) -> int:
        """The Enemy Within (or, with ``guard``, the National Guard): a card per survivor."""
        self.check()
        ids = [f[0] for f in self.survivors() if guard or f[2] == 1]
        if not ids:
            return 0
        self.new_card_task()
        turned = 0
        for i, fid in enumerate(ids):
            card = self.card(more=i < len(ids) - 1)
            f = next((f for f in self.figs if f[0] == fid), None)
            if f is not None and card[-1] in "SC":
                self.remove(fid)
                if not guard:
                    self.add("Z", f[3])
                    turned += 1
        return turned

    def settle(self) -> None:
        for zone, other in (("F", "S"), ("S", "F")):
            moving = self.zombies(zone)
            if moving and not self.has_survivors(zone) and self.has_survivors(other):
                for f in moving:
                    f[3] = other
                moved = {f[0] for f in moving}
                self.pairs = [q for q in self.pairs if q[1] not in moved]

    def narrator_place(self, zone: str) -> None:
        survivors = self.survivors(zone)
        if not survivors:
            return
        engaged = {i for q in self.pairs for i in q}
        ranks = {f[0]: [0, -f[2], f[1] == "H", f[0]] for f in survivors}
        for q in self.pairs:
            if q[0] in ranks:
                ranks[q[0]][0] += 1
        ranks = list(ranks.values())
        for z in self.figs:
            if z[1] == "Z" and z[3] == zone and z[0] not in engaged:
                t = min(ranks)
                t[0] += 1
                self.pairs.append([t[3], z[0]])

    def strike(self, zone: str, side: str, eng0: set) -> None:
        if side == "Z":
            engaged = {q[1] for q in self.pairs}
            s = sum(1 for f in self.figs if f[1] == "Z" and f[3] == zone and f[0] in engaged)
        else:
            engaged = {q[0] for q in self.pairs}
            fighting = [f for f in self.figs if f[1] != "Z" and f[3] == zone and f[0] in engaged]
            if zone == "S":
                s = len(fighting)
            else:
                s = sum(STRENGTH[f[1]][f[2]] for f in fighting)
                if s:
                    s += sum(1 for f in self.figs if f[1] != "Z" and f[3] == "S" and f[2] == 0)
        if not s:
            return
        d = self.die()
        w = CRT[d - 1][min(s, 20) - 1]
        if not w:
            return
        if side == "Z":
            self.wounds(w, [f[0] for f in self.figs if f[1] != "Z" and f[3] == zone and f[0] in eng0], d == 6)
        else:
            elig = [f for f in self.figs if f[1] == "Z" and f[3] == zone and f[0] in eng0]
            for _ in range(w):
                if not elig:
                    break
                fresh = [f for f in elig if f[2] == 0]
                target = fresh[0] if fresh else elig[0]
                self.wound(target)
                if target[2] >= 2:
                    elig.remove(target)

    def battle(self, event: int) -> None:
        self.check()
        if not self.has_zombies():
            return
        self.settle()
        self.pairs = []
        if self.has_zombies("F") and self.has_survivors("F") and event not in (5, 10):
            self.decisions += 1  # stand or counter-charge: the policy stands
        self.narrator_place("F")
        self.narrator_place("S")
        for _ in range(3):
            if not self.has_zombies():
                continue
            eng0 = {i for q in self.pairs for i in q}
            zones = {f[3] for f in self.figs if f[1] == "Z"}
            for zone, side in (("F", "Z"), ("S", "Z"), ("F", "P"), ("S", "P")):
                if zone in zones:
                    self.strike(zone, side, eng0)
            # round end
            self.settle()
            if self.has_zombies() and not self.has_survivors():
                raise Over
            engaged = {i for q in self.pairs for i in q}
            for zone in ("F", "S"):
                if not self.has_zombies(zone):
                    continue
                zs = self.zombies(zone)
                for f in self.survivors(zone):
                    if f[0] in eng0 and f[0] not in engaged:
                        z = min(zs, key=lambda z: (sum(1 for q in self.pairs if q[1] == z[0]), -z[2], z[0]))
                        self.pairs.append([f[0], z[0]])
                self.narrator_place(zone)
        self.pairs = []
        if self.has_zombies() and not self.has_survivors():
            raise Over

    def night(self) -> None:
        self.place(True)
        for _ in range(9):
            self.place(False)
        for hour in range(1, HOURS + 1):
            self.hour = event = hour
            turned = 0
            if event in (1, 8):
                self.check()
                d = self.die()
                self.wounds(CRT[d - 1][9], [f[0] for f in self.survivors()], d == 6)
            elif event in (2, 4, 9):
                self.assault("F", 2 if event == 9 else 1)
                if event == 4:
                    self.replace()
            elif event == 3:
                self.check()
                self.new_card_task()
                if self.card()[-1] in "SC":
                    n = min(self.die() // 2, len(self.survivors()))
                    for _ in range(n):
                        options = self.survivors()
                        if not options:
                            break
                        if len(options) > 1:
                            self.decisions += 1
                        f = min(options, key=lambda f: (f[1] == "H", -f[2], f[3] == "F", f[0]))
                        self.remove(f[0])
            elif event in (5, 10):
                turned = self.within(False)
            elif event == 6:
                self.assault("S", 1)
            elif event == 7:
                self.replace()
                self.assault("F", 1)
            self.battle(event)
            if event == 10:
                self.check()
                if turned:
                    self.within(True)
            else:
                self.check()
                if any(f[1] == "H" for f in self.figs):
                    self.decisions += 1  # reorder: the policy is done at once
        if not self.has_survivors():
            raise Over


def play(seed: int) -> tuple[int, int, int]:
    """One night: ``(hour the night ended (11: dawn), survivors at dawn, decisions)``."""
    night = Night(seed)
    try:
        night.night()
    except Over:
        return night.hour, 0, night.decisions
    return HOURS + 1, len(night.survivors()), night.decisions


def engine_game(seed: int) -> tuple[int, int, int]:
    """The same night on the engine's fast path, the ``stand`` bot deciding."""
    from necro.shambling_dead import ShamblingDead
    from necro.shambling_dead.bots import AlwaysStand

    state = ShamblingDead().new_initial_state(seed)
    bot = AlwaysStand(seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance_unchecked()
        else:
            state.apply_unchecked(bot.choose(state))
            decisions += 1
    b = state.boards[0]
    if b.out:
        return b.out[0], 0, decisions
    return HOURS + 1, len(b.survivors()), decisions
