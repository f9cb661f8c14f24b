"""Invariants checked after every step of the random playouts."""

from collections import Counter

from necro.core import CHANCE
from necro.shovelfight.board import deck, parts

# log rules that may take zombies off the board, or put them on it
REMOVE = {"sf-hit", "sf-worm-eats", "sf-fall", "sf-whacked"}
ADD = {"sf-stick-figure", "sf-card-queen", "sf-whacked", "sf-start-graves"}


def check_static(s):
    """What must hold in any position, whatever came before."""
    n = s.game.players
    assert len(s.teams) == n
    for p, t in enumerate(s.teams):
        assert 0 <= t.hits <= t.boxes, "hit boxes never go negative"
        assert t.boxes >= 5
        assert not (t.lids and t.pants), "a waiting lid and pants always make a figure"
        if t.wizard is None and s.phase not in ("first", "place"):
            assert t.out is not None and t.cause is not None and t.out <= s.moment
        else:
            assert t.hits < t.boxes and t.out is None
            if t.wizard in s.fallen:
                assert p in s.in_the_air(), "only a leaping or landing wizard is over fallen ground"
        for z in t.zombies:
            assert z not in s.fallen, "no zombie on a fallen grave"
    assert s.fallen <= set(s.board.graves)
    assert (s.then is not None) == (s.phase in ("hit", "leap", "land", "split")), "a continuation only while one is pending"
    assert all(s.cards[g] is not None for g in s.dug)
    # the deck is conserved: a card lies on at most as many graves as it has copies, and the
    # cards nobody has seen are exactly the rest (sf-deal-when-dug)
    known = Counter(c for c in s.cards.values() if c is not None)
    assert known + Counter(s.unseen()) == Counter(deck(n))
    assert sum(s.unseen().values()) == sum(1 for c in s.cards.values() if c is None)
    if s.phase not in ("first", "place", "leap", "land", "split", "over"):
        assert len(parts(s.board, s.standing())) <= 1, "the graveyard is one piece between falls"
    if s.is_terminal():
        assert len(s.alive()) <= 1, "the game ends with at most one wizard standing"
        assert abs(sum(s.returns()) - (1.0 if s.game.options["last_stand"] == "share" else sum(s.returns()))) < 1e-9
    else:
        # a last wizard may still be leaping or landing in the fall that killed the others
        # (sf-simultaneous): the game ends when the ground settles
        assert len(s.alive()) >= 2 or s.phase in ("first", "place") or (
            len(s.alive()) == 1 and s.phase in ("leap", "land", "split"))
    if s.current_player() != CHANCE and not s.is_terminal():
        assert s.legal_actions()


class Accounting:
    """Zombies on the board change only when a logged rule says so, wizards only die once."""

    def __init__(self):
        self.key = None

    def __call__(self, s):
        check_static(s)
        key = (id(s), len(s.steps))
        zombies = sum(len(t.zombies) for t in s.teams)
        dead = {p for p, t in enumerate(s.teams) if t.wizard is None and t.out is not None}
        if self.key is not None and self.key[0] == key[0] and key[1] == self.key[1] + 1:
            rules = {e.rule for e in s.steps[-1].log}
            if zombies < self.zombies:
                assert rules & REMOVE, f"zombies vanished without a rule: {s.steps[-1]}"
            if zombies > self.zombies:
                assert rules & ADD, f"zombies appeared without a rule: {s.steps[-1]}"
            assert self.dead <= dead, "a dead wizard came back"
            if dead - self.dead:
                assert rules & {"sf-death", "sf-whacked", "sf-stranded-wizard"}
        self.key, self.zombies, self.dead = key, zombies, dead
