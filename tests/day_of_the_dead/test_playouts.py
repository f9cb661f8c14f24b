"""Seeded random games with the shared harness, and this game's invariants after every step."""

import json
import re
from collections import Counter

import pytest

from necro.core.bots import RandomBot
from necro.core.bots import play as play_bots
from necro.core.testing import random_playouts
from necro.day_of_the_dead import RULES, DayOfTheDead
from necro.day_of_the_dead import scenarios as sc
from necro.day_of_the_dead.board import LETTERS
from necro.day_of_the_dead.cards import card_set

ALL_CARDS = Counter(list(card_set().cards))
SCORE = re.compile(r"^Player ([12]) scores (\d+) for active fighters \((\d+) in all\)\.$")
POINTS = re.compile(r"player ([12]) (gains|loses) (\d+) points? \((\d+)\)")


def places(state):
    """Every card id on the table, once for each place it is in."""
    found = [c for hand in state.hands for c in hand]
    found += [c for line in state.slots for c, _ in line]
    found += [c for c in state.spirits if c is not None]
    found += [c for L in LETTERS for c in state.decks[L]]
    found += [c for L in LETTERS for c in state.discards[L]]
    found += list(state.looking)
    return found


def check_cards(state):
    """Each of the 114 cards is in exactly one place; decks and piles hold only their own back."""
    assert Counter(places(state)) == ALL_CARDS, "a card is missing or in two places"
    for L in LETTERS:
        assert all(c[0] == L for c in state.decks[L] + state.discards[L])


def check_backs(state):
    """At most two cards of a back in play (line and spirit) before turn 6; and since every card that
    leaves a hand or the table is replaced by one of its back (Unearth, Return, Dig), a player's hand and
    table together always hold three cards of each back, once the deal is done."""
    if state.turn == 0:
        return
    for p in (0, 1):
        in_play = Counter(state.cs[c].back for c in state.in_play(p))
        if state.turn < 6:
            assert max(in_play.values(), default=0) <= 2, (p, in_play, state.status())
        else:
            assert max(in_play.values(), default=0) <= 3
        if not (state.task and state.task["do"] == "discard" and state.task["p"] == p):  # mid-Dig: one more
            total = in_play + Counter(state.cs[c].back for c in state.hands[p])
            assert total == Counter({"double": 3, "power-up": 3, "unearth": 3}), (p, total, state.status())


def check_lines(state):
    """Both lines have the same length, the turn number (or one less before the new slot opens); the
    one legitimate exception is turn 1 between the two face-down cards, laid one player after the other."""
    a, b = (len(line) for line in state.slots)
    if state.task and state.task["do"] == "fallen":
        assert state.turn == 1 and (a, b)[state.task["p"]] == 0 and (a + b) in (0, 1)
        return
    assert a == b <= state.turn and a >= state.turn - 1


def start_scores(state):
    return json.loads(state._start)[0]["scores"]


def start_turn(state):
    return json.loads(state._start)[0]["turn"]


def check_scores(state):
    """Scores are never negative and are exactly the start plus the points the log reports,
    and each log line's running total is the score at that moment."""
    scores = list(start_scores(state))
    for entry in (e for step in state.steps for e in step.log):  # the prelude is in the start scores
        if entry.rule == "dotd-score":
            m = SCORE.match(entry.text)
            assert m, entry.text
            p, n, total = int(m[1]) - 1, int(m[2]), int(m[3])
            scores[p] += n
            assert scores[p] == total, entry.text
        elif entry.rule == "dotd-effect-points" and "nothing happens" not in entry.text:
            m = POINTS.search(entry.text)
            assert m, entry.text
            p, n, total = int(m[1]) - 1, int(m[3]), int(m[4])
            scores[p] += n if m[2] == "gains" else -n
            assert scores[p] == total, entry.text
        else:
            assert not POINTS.search(entry.text), f"points changed under {entry.rule}: {entry.text}"
    assert scores == state.scores, (scores, state.scores)
    assert min(state.scores) >= 0


def check_log_and_end(state):
    unknown = {e.rule for e in state.log} - {r.id for r in RULES}
    assert not unknown, unknown
    if state.is_terminal():
        assert state.turn == 6 and len(state.slots[0]) == 6 and state.queue == [] and state.task is None
        started = [e.text for e in state.log if e.rule == "dotd-turn"]
        assert len(started) == 6 - start_turn(state)


def check_memory(state):
    """What a player remembers (dotd-ruling-memory) is always one of the other player's face-down cards
    in play, each at most once (test_rules checks what is remembered)."""
    if not state.memory:
        return
    for p, known in enumerate(state.seen):
        other = 1 - p
        hidden = {c for c, up in state.slots[other] if not up} | {state.spirits[other]} - {None}
        assert set(known) <= hidden and len(set(known)) == len(known), (p, known, hidden)


INVARIANTS = [check_cards, check_backs, check_lines, check_scores, check_log_and_end, check_memory]


def bad_inputs(state):
    return ("no such move", "spirit D99", "draw X01", "take Z12", "dig Q", "priority 3", "convert now", "keep it")


def test_random_games():
    report = random_playouts(lambda seed: DayOfTheDead().new_initial_state(seed), range(30), invariants=INVARIANTS,
                             deep_every=20, bad_inputs=bad_inputs)
    assert report.games == 30
    assert all(n > 60 for n in report.lengths)
    assert set(report.winners) >= {0, 1}


@pytest.mark.parametrize("options", [
    {"spirit_fills": "active", "final_tie": "fighters"},
    {"unearth_spirit": False, "win_convert": False},
])
def test_random_games_with_the_variants(options):
    report = random_playouts(lambda seed: DayOfTheDead(**options).new_initial_state(seed), range(100, 110),
                             invariants=INVARIANTS, deep_every=10, bad_inputs=bad_inputs)
    assert report.games == 10


def test_random_games_from_every_scenario():
    """The scenarios' tables played on at random (their forced draws dropped): the same invariants,
    except the back limit, which a hand-made table need not keep."""
    makers = list(sc.SCENARIOS.values())

    def make(i):
        state = makers[i % len(makers)]()
        state.forced.clear()
        return state

    finishing = [n for n, f in sc.SCENARIOS.items() if n in sc.FAQ or n in ("opening", "turn-5-conversion")]
    indexes = [i for i, n in enumerate(sc.SCENARIOS) if n in finishing]
    report = random_playouts(make, indexes, invariants=[check_cards, check_lines, check_scores, check_log_and_end],
                             deep_every=20, bad_inputs=bad_inputs)
    assert report.games == len(indexes)


def test_fast_path_gives_the_same_final_position():
    for seed in range(20):
        a = DayOfTheDead().new_initial_state(seed)
        b = DayOfTheDead().new_initial_state(seed)
        play_bots(a, [RandomBot(seed), RandomBot(seed + 1)], recorded=True)
        play_bots(b, [RandomBot(seed), RandomBot(seed + 1)], recorded=False)
        assert a.is_terminal() and b.is_terminal()
        assert a.position() == b.position(), seed
        assert a.returns() == b.returns()
        assert not b.can_undo() and b.to_json()["history"] is None
