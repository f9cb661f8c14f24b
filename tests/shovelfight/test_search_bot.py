"""The search bot plays legal moves and knows only what its player knows: neither the face-down
cards nor the state's future dice change its choice (it deals and rolls its own)."""

from __future__ import annotations

from collections import Counter

from necro.core import Rng
from necro.shovelfight import Shovelfight
from necro.shovelfight.bots import SearchBot


def positions(count: int):
    """States with several legal actions, from random games."""
    found = []
    for seed in range(40):
        s = Shovelfight(4).new_initial_state(seed)
        chooser = Rng(seed)
        while not s.is_terminal() and len(found) < count:
            if s.is_chance_node():
                s.resolve_chance_unchecked()
                continue
            actions = s.legal_actions()
            if len(actions) > 2 and chooser.randbelow(6) == 0:
                found.append(s.copy())
            s.apply_unchecked(chooser.choice(actions))
    return found


def test_the_search_bot_neither_peeks_nor_changes_the_state():
    for s in positions(6):
        before = s.position()
        choice = SearchBot(1, samples=2, horizon=10).choose(s)
        assert choice in s.legal_actions() and s.position() == before
        # the same table with the face-down cards laid knowingly (as a scenario may) and other
        # dice to come
        other = s.copy()
        hidden = [g for g in other.board.graves if g not in other.dug]
        pool = sorted(Counter(other.unseen()).elements())
        Rng(7).shuffle(pool)
        for g, card in zip(hidden, pool):
            other.cards[g] = card
        assert hidden and other.position() != s.position()
        other.rng = Rng(12345)
        assert SearchBot(1, samples=2, horizon=10).choose(other) == choice
