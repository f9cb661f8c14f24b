"""Computer players for Day of the Dead.

``random`` picks any legal action. ``mc`` is flat Monte Carlo over the
information it may have: before each rollout it *determinizes* the position
(the cards it cannot see, the opponent's hand and face-down cards and the
decks, are dealt again at random among themselves, back by back), then plays
the rest of the game at random from each of its options, and takes the option
that won most often. It never reads a card it could not see at the table.
"""

from __future__ import annotations

from necro.core import RandomBot, Rng
from necro.core.bots import play

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
    return found


def determinize(state, player: int, rng: Rng):
    """A copy of ``state`` in which every card ``player`` cannot see is redealt at random
    among the places of unseen cards of the same back (a fast copy, without history)."""
    s = state.copy_fast()
    other = 1 - player
    fixed = _referenced(state)
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


class MonteCarloBot:
    """Flat Monte Carlo with determinization: ``rollouts`` random games per decision in all."""

    name = "mc"

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
                s = determinize(state, me, self.rng)
                s.rng = Rng(self.rng.next64())
                s.apply_unchecked(action)
                play(s, [self._policy, self._policy])
                result = s.returns()[me]
                margin = s.scores[me] - s.scores[1 - me]
                total += result + margin / 1000.0  # the margin only breaks ties between equal win counts
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


BOTS = {"random": RandomBot, "mc": mc, "mc-fast": mc_fast}
