"""Computer players for Day of the Dead.

``random`` picks any legal action. The others are flat Monte Carlo over the
information a seat has: before its rollouts a bot *determinizes* the position
(the cards it cannot see, the opponent's hand and face-down cards and the
decks, are dealt again at random among themselves, back by back), plays the
rest of the game at random after each of its options, and takes the option
that did best. None reads a card it could not see at the table.

``mc`` (the default, since 2026-11-27) and ``mc-fast`` (a third of its
rollouts) keep in mind every card the seat has seen (``state.seen``: a fighter
that lost, a face-down card it chose for the opponent; ruling
``dotd-ruling-memory``), and when the opponent has laid the first card of a
face-down pair they treat it as still in hand, chosen after theirs (ruling
``dotd-ruling-hidden-order``). They compare the options on the same redealt
worlds and the same dice (common random numbers) and spend the rollouts by
successive halving: every option gets a share, the better half more, and so
on; if the last two are still too close to tell apart, both get more worlds,
up to ``extra`` rollouts more. A point of final margin counts 1/20 of a win,
so a sure gain of a few points is seen even when it wins no more rollouts. ``mc-old`` is the bot as it was before: a fresh
deal for every rollout, the rollouts split evenly, memory of nothing, the
first card of a pair seen by its back; it stays for comparison
(``benchmarks/day_of_the_dead.py --vs-old``).
"""

from __future__ import annotations

from necro.core import RandomBot, Rng
from necro.core.bots import play, random_playout

from .board import LETTERS


def _referenced(state) -> set[str]:
    """Card ids the turn's bookkeeping names (kept in place when dealing unknowns)."""
    found: set[str] = set()

    def walk(v):
        if isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, str) and len(v) == 3 and v[0] in LETTERS:
            found.add(v)

    walk(state.queue)
    walk(state.task)
    walk(state.marks)
    if state.fight is not None:
        walk(state.fight["after"])
        walk(state.fight["acting"])
    return found


def _redeal(s, player: int, rng: Rng, fixed: set[str]):
    """Deal every card of ``s`` that ``player`` cannot see, and that is not in ``fixed``, at random
    among the places of such cards of the same back (in place)."""
    other = 1 - player
    places: dict[str, list] = {L: [] for L in LETTERS}  # (container, index) per unseen card
    for i, c in enumerate(s.hands[other]):
        if c not in fixed:
            places[c[0]].append((s.hands[other], i))
    for entry in s.slots[other]:
        if not entry[1] and entry[0] not in fixed:
            places[entry[0][0]].append((entry, 0))
    if s.spirits[other] and s.spirits[other] not in fixed:
        places[s.spirits[other][0]].append((s.spirits, other))
    for L in LETTERS:
        for i, c in enumerate(s.decks[L]):
            if c not in fixed:
                places[L].append((s.decks[L], i))
    for L in LETTERS:
        cards = [box[i] for box, i in places[L]]
        rng.shuffle(cards)
        for (box, i), c in zip(places[L], cards):
            box[i] = c
        s.decks[L].sort()
    s.hands[other].sort()
    return s


def determinize_old(state, player: int, rng: Rng):
    """``mc-old``'s world: a copy of ``state`` with every card ``player`` cannot see now redealt,
    those it saw fall included (a fast copy, without history)."""
    return _redeal(state.copy_fast(), player, rng, _referenced(state))


def determinize(state, player: int, rng: Rng):
    """A copy of ``state`` (fast, without history) as ``player`` may believe it: every card it
    cannot see and does not remember (``state.seen``) is redealt at random among the places of such
    cards of its back; the opponent's first card of a face-down pair, which ``player`` may not see
    yet, goes back to its owner's hand, that choice coming after ``player``'s."""
    s = state.copy_fast()
    other = 1 - player
    withheld = state.first_card_withheld(player)
    if withheld is not None:
        kind = state.task["do"]
        if kind == "spirit":
            s.spirits[other] = None
        else:
            s.slots[other].pop()
        s.hands[other].append(withheld)
        s.queue.insert(0, ["choose", other, kind])
    fixed = _referenced(state) - {withheld}
    if state.memory:
        fixed |= set(state.seen[player])
    return _redeal(s, player, rng, fixed)


def _value(s, me: int, margin_weight: float) -> float:
    return s.returns()[me] + margin_weight * (s.scores[me] - s.scores[1 - me])


class MonteCarloBot:
    """Flat Monte Carlo over believed worlds, options compared on the same worlds, rollouts spent by
    successive halving (see the module docstring): about ``rollouts`` random games a decision."""

    name = "mc"

    def __init__(self, seed: int = 0, rollouts: int = 48, margin_weight: float = 1 / 20, extra: int | None = None):
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.extra = 2 * rollouts if extra is None else extra
        """Rollouts a close call may add to the budget (a clear one adds none)."""
        self.margin_weight = margin_weight
        """How much a point of final margin counts beside a win (1): a small gain that wins no more
        games in the rollouts still counts, which keeps close choices from being decided by noise."""

    def _world(self, state, me: int):
        return determinize(state, me, self.rng), self.rng.next64(), self.rng.next64()

    def _rollout(self, world, action, me: int) -> float:
        base, chance, players = world
        s = base.copy_fast()
        s.rng = Rng(chance)
        s.apply_unchecked(action)
        random_playout(s, Rng(players))
        return _value(s, me, self.margin_weight)

    def values(self, state) -> dict:
        """Each option's mean value over the worlds it was tried on, and how many (for tests and
        the book): ``{action: (mean, rollouts)}``."""
        actions = state.legal_actions()
        me = state.current_player()
        n = len(actions)
        budget = max(self.rollouts, 2 * n)
        rounds = max(1, (n - 1).bit_length())  # halvings down to the last two
        alive = list(range(n))
        results: list[list[float]] = [[] for _ in range(n)]  # per option, its value in world 0, 1, ...
        worlds: list = []
        spent = 0

        def run(options, need):
            nonlocal spent
            while len(worlds) < need:
                worlds.append(self._world(state, me))
            for i in options:
                done = len(results[i])
                results[i] += [self._rollout(worlds[j], actions[i], me) for j in range(done, need)]
                spent += need - done

        def mean(i):
            return sum(results[i]) / len(results[i])

        for r in range(rounds):
            # the first round, every option, gets half the budget (a couple of rollouts could drop a good
            # option by bad luck); the later rounds share the rest equally
            share = budget // 2 if r == 0 and rounds > 1 else (budget - spent) // (rounds - r)
            run(alive, len(results[alive[0]]) + max(1, share // len(alive)))
            if r < rounds - 1:
                alive.sort(key=lambda i: -mean(i))  # stable: ties keep the legal order
                alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
        # a close call between the last two: more worlds for both, up to ``extra`` more rollouts in all,
        # until their difference world by world is clear (two standard errors)
        alive.sort(key=lambda i: -mean(i))
        a, b = alive[:2] if len(alive) > 1 else (alive[0], None)
        while b is not None and spent < budget + self.extra:
            diffs = [x - y for x, y in zip(results[a], results[b])]
            m = sum(diffs) / len(diffs)
            var = sum((d - m) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            if m * m * len(diffs) > 4 * var:
                break
            run((a, b), len(results[a]) + 8)
            if mean(b) > mean(a):
                a, b = b, a
        return {actions[i]: (mean(i), len(results[i])) for i in range(n) if results[i]}

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = self.values(state)
        most = max(count for _, count in values.values())
        finalists = [a for a in actions if values[a][1] == most]
        return max(finalists, key=lambda a: values[a][0])  # max keeps the first of equals


class OldMonteCarloBot:
    """The ``mc`` bot before 2026-11-27, kept for comparison: ``rollouts`` split evenly among the
    options, each rollout on a fresh deal that remembers nothing (:func:`determinize_old`); the
    final margin only breaks ties between equal win counts."""

    name = "mc-old"

    def __init__(self, seed: int = 0, rollouts: int = 48):
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self._policy = RandomBot(seed + 1)

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player()
        per = max(2, self.rollouts // len(actions))
        best, best_value = actions[0], None
        for action in actions:
            total = 0.0
            for _ in range(per):
                s = determinize_old(state, me, self.rng)
                s.rng = Rng(self.rng.next64())
                s.apply_unchecked(action)
                play(s, [self._policy, self._policy])
                total += _value(s, me, 1 / 1000)  # the margin only breaks ties between equal win counts
            value = total / per
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best


def mc(seed: int = 0, **kw):
    return MonteCarloBot(seed=seed, **kw)


def mc_fast(seed: int = 0, **kw):
    bot = MonteCarloBot(seed=seed, rollouts=16, **kw)
    bot.name = "mc-fast"
    return bot


def mc_old(seed: int = 0, **kw):
    return OldMonteCarloBot(seed=seed, **kw)


BOTS = {"random": RandomBot, "mc": mc, "mc-fast": mc_fast, "mc-old": mc_old}
