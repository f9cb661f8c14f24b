"""Necromancer Shovelfight as a bare loop: the yardstick for the engine's fast path (issue: engine speed).

Plain lists, ints and short tuples; no validation, no log, no action objects; graves are numbered
in reading order (which is also the order of their names, so sorted numbers list options in the
engine's order). The default options and rulings (fixed start graves, a stranded wizard leaps to
the nearest grave, a falling wizard crosses grave by grave, no zombie limit, last wizards dying
together share the win) and the engine's
way of chaining a turn (after an action, after a hit, after a fall: ``then``) are followed step by
step, because *where* the game checks for its end decides who shares a win.

It plays random games with the same generator calls as the engine driven by :func:`engine_game`
(every roll, and each dug grave's card, from ``Rng(seed)``, the players from
``Rng(seed + 1).randbelow`` over the options in the engine's stable order), so on the same seed
both play the same game
(tests/shovelfight/test_reference.py checks it): the reference cannot drift from the rules.
"""

from __future__ import annotations

from collections import Counter
from copy import deepcopy
from heapq import heappop, heappush

from necro.core.rng import Rng

WHAT = "4-player games, default options, random play"

BIG_PILE = ("Ar", "Ab", "Ab", "3r", "3b", "3b", "5r", "5b", "5b", "2r", "2r", "2b", "4r", "4r", "4b",
            "6r", "6r", "6b", "Qr", "Qr", "Qb", "Qb", "Jo")
LITTLE_PILE = ("Ar", "2b", "3r", "4b", "5r", "6b", "Jr", "Jb")
STARTS = {3: ("b1", "d1", "c5"), 4: ("b1", "d1", "d4", "b4"), 5: ("a1", "d1", "g1", "f5", "b5"),
          6: ("a1", "d1", "g1", "g4", "d5", "a4")}
COLOUR = {c: (None if c == "Jo" else c[1]) for c in BIG_PILE + LITTLE_PILE}
RANK = {c: ("Jo" if c == "Jo" else "Q" if c[0] in "QJ" else c[0]) for c in COLOUR}
WORM = {c: (1 if c[0] == "A" else int(c[0]) if c[0].isdigit() else 0) for c in COLOUR}
CHOICE_CARDS = ("A", "2", "4", "5", "Jo")  # cards whose effect the digger chooses
FALLING = ("leap", "split", "land")  # decisions inside one worm roll or fall (sf-simultaneous)
FAR = 1000  # the cost of stepping on a falling grave: one hit outweighs any number of leaps


def board(players: int) -> tuple[list[str], list[tuple[int, ...]]]:
    """Grave names and neighbours (by number) of the staggered board."""
    sizes = (5, 4, 5, 4, 5) if players <= 4 else (4, 5, 4, 5, 4, 5, 4)
    names, xy = [], []
    for c, size in enumerate(sizes):
        for r in range(size):
            names.append(f"{'abcdefg'[c]}{r + 1}")
            xy.append((c, 2 * r + (size == 4)))
    near = [tuple(j for j, (cb, yb) in enumerate(xy)
                  if (ca == cb and abs(ya - yb) == 2) or (abs(ca - cb) == 1 and abs(ya - yb) == 1))
            for ca, ya in xy]
    return names, near


class Match:
    """One game's position; its methods mirror the engine's rules, one for one."""

    __slots__ = ("n", "near", "graves", "cards", "unseen", "dug", "fallen", "wiz", "boxes", "hits",
                 "zombies", "lids", "pants", "out", "worm", "turn", "used", "steps", "target", "card",
                 "at", "left", "queue", "then", "split", "phase", "moment")

    def __init__(self, players: int):
        names, self.near = board(players)
        self.n, self.graves, self.cards = players, range(len(names)), [None] * len(names)
        # the cards nobody has seen, by name: a dug grave's card is drawn from them (sf-deal-when-dug)
        self.unseen = dict(sorted(Counter(BIG_PILE if players <= 4 else BIG_PILE + LITTLE_PILE).items()))
        self.dug, self.fallen = [False] * len(names), [False] * len(names)
        self.wiz = [names.index(g) for g in STARTS[players]]
        self.zombies = [[g] for g in self.wiz]
        self.boxes, self.hits = [5] * players, [0] * players
        self.lids, self.pants, self.out = [0] * players, [0] * players, [None] * players
        self.used, self.left, self.queue = [], [], []
        self.worm = self.turn = self.steps = self.moment = 0
        self.target = self.card = self.at = self.then = self.split = None
        self.phase = "first"

    # ------------------------------------------------------------ queries
    def around(self, g):
        fallen = self.fallen
        return [x for x in self.near[g] if not fallen[x]]

    def alive(self) -> int:
        return sum(w is not None for w in self.wiz)

    def decided(self) -> bool:
        if self.phase == "over":
            return True
        if self.alive() <= 1:
            self.phase = "over"
            return True
        return False

    def options(self) -> list:
        """The decision's options, in the engine's order (by notation)."""
        phase, p = self.phase, self.turn
        if phase == "act":
            here, used, out = self.wiz[p], self.used, []
            if "dig" not in used and not self.dug[here]:
                out.append(("dig",))
            if "move" not in used:
                out.append(("move",))
            if "shovel" not in used:
                out += [("shovel", 0, q) for q in range(self.n) if q != p and self.wiz[q] == here]
                out += [("shovel", 1, q) for q in range(self.n) if here in self.zombies[q]]
            return out
        if phase == "step":
            return [("step", g) for g in self.around(self.wiz[p])] + [("stop",)]
        if phase == "hit":
            return self.targets(self.at[0], self.at[1])
        if phase == "shamble":
            return [(z, g) for z in sorted(set(self.left)) for g in self.around(z)]
        if phase == "card":
            return self.card_choices()
        if phase == "leap":
            return self.leap_options(self.queue[0])
        return self.queue[0][1]  # land

    def targets(self, g, owner):
        """What a zombie of ``owner`` arriving on ``g`` may hit: ``(0, q)`` a wizard, ``(1, q)`` a zombie."""
        n = self.n
        return ([(0, q) for q in range(n) if self.wiz[q] == g]
                + [(1, q) for q in range(n) if q != owner and g in self.zombies[q]])

    def card_choices(self) -> list:
        p, card, n = self.turn, self.card, self.n
        if card == "A":
            return [(q, z, g) for q in range(n) if q != p for z in sorted(set(self.zombies[q]))
                    for g in self.around(z)]
        if card == "2":
            return [(z, g) for z in sorted(set(self.zombies[p])) for g in self.around(z)]
        if card == "4":
            return [(q, z) for q in range(n) if q != p for z in sorted(set(self.zombies[q]))]
        if card == "5":
            return [(q, g) for q in range(n) if q != p and self.wiz[q] is not None
                    for g in self.around(self.wiz[q])]
        near = self.around(self.wiz[p])  # the Joker
        out = [(near[0],)] if len(near) == 1 else []
        return out + [(a, b) for i, a in enumerate(near) for b in near[i + 1:]]

    def leap_options(self, q):
        near = self.around(self.wiz[q])
        if near:
            return near
        return self.escape(self.wiz[q], (), {g for g in self.graves if not self.fallen[g]})[1]

    def escape(self, start, falling, solid, adjacent=False):
        """Fewest hits, then fewest leaps, from ``start`` to solid ground: with ``adjacent`` grave by
        grave (a leap lands on a neighbour, or across one missing grave; sf-fall-path's default),
        falling back to, or else, over the whole grid with holes free."""
        if not solid:
            return 0, []
        if adjacent:
            found = self.grave_by_grave(start, falling, solid)
            if found[1]:
                return found
        d0 = FAR if start in falling else 0
        dist, heap, best = {start: d0}, [(d0, start)], {}
        while heap:
            d, g = heappop(heap)
            if d > dist[g]:
                continue
            for t in self.near[g]:
                if t in solid:
                    if d + 1 < best.get(t, d + 2):
                        best[t] = d + 1
                else:
                    e = d + 1 + (FAR if t in falling else 0)
                    if e < dist.get(t, e + 1):
                        dist[t] = e
                        heappush(heap, (e, t))
        if not best:
            return 0, []
        low = min(best.values())
        return low // FAR, sorted(t for t, c in best.items() if c == low)

    def grave_by_grave(self, start, falling, solid):
        near = self.near
        d0 = FAR if start in falling else 0
        dist, heap, best = {start: d0}, [(d0, start)], {}
        while heap:
            d, g = heappop(heap)
            if d > dist[g]:
                continue
            for h in near[g]:
                for t in ((h,) if h in falling or h in solid else near[h]):
                    if t in solid:
                        if d + 1 < best.get(t, d + 2):
                            best[t] = d + 1
                    elif t in falling and t != g:
                        e = d + 1 + FAR
                        if e < dist.get(t, e + 1):
                            dist[t] = e
                            heappush(heap, (e, t))
        if not best:
            return 0, []
        low = min(best.values())
        return low // FAR, sorted(t for t, c in best.items() if c == low)

    # ------------------------------------------------------------ hits
    def hit(self, kind, q, g, cause, by):
        if kind:
            self.zombies[q].remove(g)
            return
        self.hits[q] = min(self.boxes[q], self.hits[q] + 1)
        if self.hits[q] >= self.boxes[q]:
            self.kill(q, cause, by)

    def kill(self, q, cause, by):
        grave, self.wiz[q], self.out[q] = self.wiz[q], None, self.moment
        if cause == "shovel" and by is not None and by != q:  # whacked: its pieces become the killer's zombies
            self.zombies[by] += [grave] + self.zombies[q]
            self.zombies[q] = []

    # ------------------------------------------------------------ the turn
    def start_turn(self, p):
        self.turn, self.used, self.left = p, [], []
        if self.wiz[p] is not None:
            self.phase = "act"
        else:
            self.start_shamble()

    def end_turn(self):
        if self.decided():
            return
        self.used = []
        for k in range(1, self.n + 1):
            q = (self.turn + k) % self.n
            if self.wiz[q] is not None or self.zombies[q] or self.worm == q:
                self.start_turn(q)
                return

    def after_action(self):
        if self.decided():
            return
        if self.wiz[self.turn] is None or len(self.used) >= 2:
            self.start_shamble()
            return
        self.phase = "act"
        if not self.options():
            self.start_shamble()

    def go_on(self, then):
        if self.decided():
            return
        if then == "act":
            self.after_action()
        elif then == "shamble":
            self.go_on_shambling()
        else:
            self.end_turn()

    def act(self, option):
        verb = option[0]
        self.used.append(verb)
        if verb == "move":
            self.phase = "move"
        elif verb == "shovel":
            self.target, self.phase = option[1:], "shovel"
        else:
            self.dig(self.turn)

    def roll_move(self, face):
        self.steps, self.phase = (face + 1) // 2, "step"
        if not self.around(self.wiz[self.turn]):
            self.after_action()

    def step(self, option):
        if option[0] == "stop":
            self.after_action()
            return
        g = self.wiz[self.turn] = option[1]
        self.steps -= 1
        if self.steps == 0 or not self.around(g):
            self.after_action()

    def roll_shovel(self, face):
        (kind, q), self.target = self.target, None
        if face >= 3:
            self.hit(kind, q, self.wiz[self.turn], "shovel", self.turn)
        self.after_action()

    def dig(self, p):
        if self.cards[self.wiz[p]] is None:
            self.phase = "turn"
            return
        self.turned(p)

    def turn_over(self, card):
        """Chance has dealt the dug grave's card (from the unseen ones, by copies)."""
        unseen = self.unseen
        if unseen[card] == 1:
            del unseen[card]
        else:
            unseen[card] -= 1
        self.cards[self.wiz[self.turn]] = card
        self.turned(self.turn)

    def turned(self, p):
        grave = self.wiz[p]
        card = self.cards[grave]
        self.dug[grave] = True
        c = COLOUR[card]
        if c is not None:
            half, other = (self.lids, self.pants) if c == "r" else (self.pants, self.lids)
            if other[p]:
                other[p] -= 1
                self.raise_zombie(p)
                self.worm = p
            else:
                half[p] += 1
        r = RANK[card]
        if r == "3":
            self.boxes[p] += 1
        elif r == "6":
            for g in self.around(grave):  # the explosion: zombies first, then wizards
                wizards = [q for q in range(self.n) if self.wiz[q] == g]
                for q in range(self.n):
                    self.zombies[q] = [z for z in self.zombies[q] if z != g]
                for q in wizards:
                    self.hit(0, q, g, "blast", p)
        elif r == "Q":
            self.raise_zombie(p)
            self.worm = p
        elif r in CHOICE_CARDS:
            self.card = r
            if self.card_choices():
                self.phase = "card"
                return
        self.card = None
        self.after_action()

    def raise_zombie(self, p):
        if self.wiz[p] is not None:
            self.zombies[p].append(self.wiz[p])

    def choose_card(self, option):
        p, card, self.card = self.turn, self.card, None
        if card in ("A", "2"):
            owner, src, dst = option if card == "A" else (p,) + option
            zs = self.zombies[owner]
            zs.remove(src)
            zs.append(dst)
            self.arrive(owner, dst, p, "act")
            return
        if card == "4":
            q, g = option
            self.zombies[q].remove(g)
            self.zombies[p].append(g)
        elif card == "5":
            self.wiz[option[0]] = option[1]
        else:
            self.fall_check(list(option), "act")
            return
        self.after_action()

    def arrive(self, owner, g, decider, then):
        targets = self.targets(g, owner)
        if len(targets) == 1:
            self.hit(*targets[0], g, "zombie", owner)
        elif targets:
            self.at, self.then, self.phase = (g, owner), then, "hit"
            return
        self.go_on(then)

    def choose_hit(self, option):
        (g, owner), self.at = self.at, None
        self.hit(option[0], option[1], g, "zombie", owner)
        then, self.then = self.then, None
        self.go_on(then)

    # -- the shamble
    def start_shamble(self):
        self.left = [z for z in self.zombies[self.turn] if self.around(z)]
        if self.left:
            self.phase = "shamble"
        else:
            self.worm_phase()

    def shamble(self, option):
        src, dst = option
        self.left.remove(src)
        zs = self.zombies[self.turn]
        zs.remove(src)
        zs.append(dst)
        self.arrive(self.turn, dst, self.turn, "shamble")

    def go_on_shambling(self):
        if self.left:
            self.phase = "shamble"
        else:
            self.worm_phase()

    # -- the worm die and falling ground
    def worm_phase(self):
        self.left = []
        if self.worm == self.turn:
            self.phase = "worm"
        else:
            self.end_turn()

    def roll_worm(self, face):
        cards, dug, fallen = self.cards, self.dug, self.fallen
        eaten = [g for g in self.graves if dug[g] and not fallen[g] and WORM[cards[g]] == face]
        if not eaten:
            self.end_turn()
            return
        leapers = []
        for g in eaten:
            wizards = [q for q in range(self.n) if self.wiz[q] == g]
            for q in range(self.n):
                self.zombies[q] = [z for z in self.zombies[q] if z != g]
            for q in wizards:
                self.hit(0, q, g, "worms", None)
                if self.wiz[q] is not None:
                    leapers.append(q)
        for g in eaten:
            fallen[g] = True
        self.queue = sorted(leapers, key=lambda q: (q - self.turn) % self.n)
        self.then = "end"
        self.leaps()

    def leaps(self):
        queue = self.queue
        while queue:
            q = queue[0]
            if self.wiz[q] is None:
                queue.pop(0)
                continue
            if not self.around(self.wiz[q]) and all(self.fallen):
                self.hits[q] = self.boxes[q]
                self.kill(q, "fell", None)
                queue.pop(0)
                continue
            options = self.leap_options(q)
            if len(options) == 1:
                self.wiz[q] = options[0]
                queue.pop(0)
                continue
            self.phase = "leap"
            return
        self.fall_check([], self.then)

    def leap(self, g):
        self.wiz[self.queue.pop(0)] = g
        self.leaps()

    def fall_check(self, extra, then):
        self.queue, self.then = [], None
        solid = [g for g in self.graves if not self.fallen[g] and g not in extra]
        pieces = self.parts(solid)
        if len(pieces) <= 1:
            if extra:
                self.fall(pieces[0] if pieces else [], extra, then)
            else:
                self.go_on(then)
            return
        keys = [self.part_key(x) for x in pieces]
        best = max(keys)
        tied = [x for x, k in zip(pieces, keys) if k == best]
        if len(tied) == 1:
            self.fall(tied[0], extra, then)
            return
        self.split, self.then, self.phase = (tied, extra), then, "split"

    def parts(self, solid):
        """Connected parts of ``solid``, each sorted, by their first grave."""
        todo, out = set(solid), []
        for g in solid:
            if g in todo:
                todo.discard(g)
                part, frontier = [g], [g]
                while frontier:
                    for t in self.near[frontier.pop()]:
                        if t in todo:
                            todo.discard(t)
                            part.append(t)
                            frontier.append(t)
                out.append(sorted(part))
        return out

    def part_key(self, part):
        cells = set(part)
        return (len(part), sum(w in cells for w in self.wiz),
                sum(z in cells for zs in self.zombies for z in zs))

    def keep(self, i):
        (tied, extra), self.split = self.split, None
        then, self.then = self.then, None
        self.fall(tied[i], extra, then)

    def fall(self, stay, extra, then):
        stay = set(stay)
        falling = {g for g in self.graves if not self.fallen[g] and g not in stay}
        for q in range(self.n):
            self.zombies[q] = [z for z in self.zombies[q] if z not in falling]
        landings = []
        for k in range(self.n):
            q = (self.turn + k) % self.n
            if self.wiz[q] not in falling:
                continue
            hits, options = self.escape(self.wiz[q], falling, stay, adjacent=True)
            if not options:
                self.hits[q] = self.boxes[q]
                self.kill(q, "fell", None)
                continue
            self.hits[q] = min(self.boxes[q], self.hits[q] + hits)
            if self.hits[q] >= self.boxes[q]:
                self.kill(q, "fell", None)
            else:
                landings.append((q, options))
        for g in falling:
            self.fallen[g] = True
        self.queue, self.then = landings, then
        self.landings()

    def landings(self):
        while self.queue:
            q, options = self.queue[0]
            if len(options) == 1:
                self.wiz[q] = options[0]
                self.queue.pop(0)
                continue
            self.phase = "land"
            return
        then, self.then = self.then, None
        self.go_on(then)

    def land(self, g):
        self.wiz[self.queue.pop(0)[0]] = g
        self.landings()

    def judge(self):
        """The end check after every action: at most one wizard standing ends the game, except
        that a last wizard still leaping or landing in the fall that killed the others plays it
        out, unless it is sure to come through alive (then it lands where it safely can)."""
        if self.phase == "over":
            return
        alive = [p for p in range(self.n) if self.wiz[p] is not None]
        if len(alive) > 1:
            return
        if alive and self.phase in FALLING:
            last = alive[0]
            if self.phase == "split":
                if not all(self.survives(last, Match.keep, i) for i in range(len(self.split[0]))):
                    return
            else:
                safe = [g for g in self.options() if self.survives(last, DECISIONS[self.phase], g)]
                if not safe:
                    return
                self.wiz[last] = safe[0]
        self.phase = "over"

    def survives(self, last, do, option) -> bool:
        """Whether ``last`` is sure to come through the rest of this fall alive after ``option``."""
        branch = deepcopy(self)
        do(branch, option)
        branch.judge()
        return branch.phase == "over" and branch.wiz[last] is not None

    def returns(self) -> list[float]:
        out = [0.0] * self.n
        alive = [p for p in range(self.n) if self.wiz[p] is not None]
        if alive:
            out[alive[0]] = 1.0
            return out
        last = max(o or 0 for o in self.out)
        sharing = [p for p in range(self.n) if self.out[p] == last]
        for p in sharing:
            out[p] = 1.0 / len(sharing)
        return out

    def summary(self):
        return self.returns(), [(h, b, len(z)) for h, b, z in zip(self.hits, self.boxes, self.zombies)]


ROLLS = {"move": Match.roll_move, "shovel": Match.roll_shovel, "worm": Match.roll_worm}
DECISIONS = {"act": Match.act, "step": Match.step, "hit": Match.choose_hit, "shamble": Match.shamble,
             "card": Match.choose_card, "leap": Match.leap, "land": Match.land}


def play(seed: int, players: int = 4):
    """One random game: ``(returns, [(hits, boxes, zombies) per player], decisions)``. Every roll
    and dug card comes from ``Rng(seed)`` (the state's generator), the players from ``Rng(seed + 1)``."""
    chance, chooser = Rng(seed), Rng(seed + 1)
    m = Match(players)
    first = chance.randbelow(players)
    m.worm = (first - 1) % players
    m.moment = 1
    m.start_turn(first)
    decisions = 0
    while m.phase != "over":
        phase = m.phase
        if phase not in FALLING:
            m.moment += 1  # every action is a moment, but a worm roll or a fall is one whole moment
        if phase in ROLLS:
            ROLLS[phase](m, chance.randbelow(6) + 1)
        elif phase == "split":
            m.keep(chance.randbelow(len(m.split[0])))
        elif phase == "turn":
            m.turn_over(chance.counted(list(m.unseen.items())))
        else:
            options = m.options()
            DECISIONS[phase](m, options[chooser.randbelow(len(options))])
            decisions += 1
        m.judge()
    returns, teams = m.summary()
    return returns, teams, decisions


def engine_game(seed: int, players: int = 4):
    """The same random game on the engine's fast path, summed up as :func:`play` does."""
    from necro.core.bots import random_playout
    from necro.shovelfight import Shovelfight

    state = Shovelfight(players).new_initial_state(seed)
    decisions = random_playout(state, Rng(seed + 1))
    return state.returns(), [(t.hits, t.boxes, len(t.zombies)) for t in state.teams], decisions
