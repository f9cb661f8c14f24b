"""Exact combat odds: the round chance from two D12s, whole combats, the best opening, and a seeded simulation."""

import copy
import math
from fractions import Fraction

import pytest

from necro.core import Rng
from necro.cave_evil.combat import ATTACKER, Combat, fight_random, neighbours, side, third
from necro.cave_evil.creatures import ATTRIBUTES
from necro.cave_evil.odds import advise, chance_now, first_odds, round_odds, round_win, win_in_order

MATCHUPS = [
    (["ghoul"], ["horned-hellion"]),
    (["necromonk", "ratman"], ["cave-serpent"]),
    (["hunched-one", "caveling", "ghoul"], ["necromonk", "horned-hellion"]),
]


def sides(pair, items=()):
    return side(pair[0]), side(pair[1], items=items)


# ------------------------------------------------------------------ one round
@pytest.mark.parametrize("margin", range(-14, 15))
def test_round_win_matches_counting_all_144_throws(margin):
    wins = sum(1 for a in range(1, 13) for d in range(1, 13) if margin + a > d)
    ties = sum(1 for a in range(1, 13) for d in range(1, 13) if margin + a == d)
    assert round_win(margin) == Fraction(wins, 144 - ties)


def test_round_win_landmarks():
    assert round_win(0) == Fraction(1, 2)
    assert round_win(1) == Fraction(78, 133)
    assert round_win(11) == 1 and round_win(-11) == 0, "11 ahead: the worst throw only ties"
    for m in range(-15, 16):
        assert round_win(m) + round_win(-m) == 1
        assert round_win(m) <= round_win(m + 1)


def test_round_odds_of_the_combat_example():
    jason, joanna = side(["hunched-one", "caveling", "ghoul"]), side(["necromonk", "horned-hellion"],
                                                                       items=["cool-stretchy-headband"])
    rounds = round_odds(jason, joanna)
    assert rounds["strength"] == 1          # 19 against 4: Joanna's 12 was never enough
    assert rounds["special"] == round_win(15 - 16)
    assert rounds["weapon"] == round_win(18 - 8)


# ------------------------------------------------------------------ whole combats
def test_win_in_order_is_the_majority_of_three_and_ignores_the_order_of_the_last_two():
    rng = Rng(3)
    for _ in range(200):
        p = [Fraction(rng.randbelow(101), 100) for _ in range(3)]
        majority = p[0] * p[1] + p[0] * p[2] + p[1] * p[2] - 2 * p[0] * p[1] * p[2]
        assert win_in_order(*p) == majority == win_in_order(p[0], p[2], p[1]) == win_in_order(p[2], p[0], p[1])


def exact_by_dice(combat, memo=None):
    """The attacker's chance, by walking the combat itself over every throw (ties thrown again),
    the defender picking its worst reply for the attacker: an independent check of odds.py."""
    memo = {} if memo is None else memo
    key = (tuple(combat.order), tuple(r.winner for r in combat.rounds))
    if key in memo:
        return memo[key]
    step = combat.decision()
    if step == "over":
        value = Fraction(int(combat.winner == ATTACKER))
    elif step == "second":
        options = []
        for s in combat.choices():
            child = copy.deepcopy(combat)
            child.choose(s)
            options.append(exact_by_dice(child, memo))
        value = min(options)
    else:
        total = acc = Fraction(0)
        for (a, d), p in combat.dice():
            child = copy.deepcopy(combat)
            if child.roll(a, d) is None:
                continue
            total += p
            acc += p * exact_by_dice(child, memo)
        value = acc / total
    memo[key] = value
    return value


@pytest.mark.parametrize("pair", MATCHUPS[:2], ids=["ghoul-v-hellion", "monks-v-serpent"])
def test_first_odds_agree_with_walking_every_throw(pair):
    attacker, defender = sides(pair)
    advice = advise(attacker, defender)
    for first in ("strength", "bloodthirst", advice.best):
        c = Combat(attacker, defender)
        c.choose(first)
        assert exact_by_dice(c) == advice.win(first) == first_odds(round_odds(c), first).win


@pytest.mark.parametrize("pair", MATCHUPS, ids=["ghoul-v-hellion", "monks-v-serpent", "example"])
def test_the_defenders_reply_never_changes_the_attackers_chance(pair):
    advice = advise(*sides(pair))
    for opening in advice.openings:
        (s1, w1), (s2, w2) = opening.replies
        assert {s1, s2} == set(neighbours(opening.first)) and w1 == w2 == opening.win
        assert opening.reply == s1  # equal chances: the first neighbour on the ring


def test_the_defenders_reply_does_change_how_long_a_combat_lasts():
    advice = advise(*sides(MATCHUPS[0]))
    lengths = [dict(o.two_rounds) for o in advice.openings]
    assert any(len(set(d.values())) == 2 for d in lengths)


def test_advise_lists_all_six_openings_and_picks_the_best():
    advice = advise(*sides(MATCHUPS[1]))
    assert [o.first for o in advice.openings] == list(ATTRIBUTES)
    best = max(o.win for o in advice.openings)
    assert advice.win() == best and advice.best == "dodge"
    # the chance depends only on the opening's three attributes
    rounds = dict(advice.rounds)
    for o in advice.openings:
        left, right = neighbours(o.first)
        assert o.win == win_in_order(rounds[o.first], rounds[left], rounds[right])


def test_chance_now_follows_the_combat_and_averages_over_the_next_throw():
    attacker, defender = sides(MATCHUPS[0])
    c = Combat(attacker, defender)
    assert chance_now(c) == advise(attacker, defender).win()
    c.choose("special")
    assert chance_now(c) == advise(attacker, defender).win("special")
    for _ in range(3):  # a fair martingale: the chance now is the mean of the chances after the throw
        if c.decision() == "second":
            c.choose(c.choices()[0])
        if c.decision() == "over":
            break
        now = chance_now(c)
        total = acc = Fraction(0)
        for (a, d), p in c.dice():
            child = copy.deepcopy(c)
            if child.roll(a, d) is not None:
                total += p
                acc += p * chance_now(child)
        assert acc / total == now
        c.roll(12, 1)
    assert chance_now(c) in (0, 1)


# ------------------------------------------------------------------ a seeded simulation
@pytest.mark.parametrize("pair,first", [(MATCHUPS[0], "bloodthirst"), (MATCHUPS[1], "weapon"),
                                        (MATCHUPS[2], "dodge")], ids=["ghoul", "monks", "example"])
def test_a_seeded_simulation_agrees_with_the_exact_odds(pair, first):
    attacker, defender = sides(pair)
    exact = float(advise(attacker, defender).win(first))
    rng = Rng(2024)
    n = 3000
    won = sum(fight_random(attacker, defender, rng, first=first).winner == ATTACKER for _ in range(n))
    sigma = math.sqrt(exact * (1 - exact) / n)
    assert abs(won / n - exact) < 4 * sigma, (won / n, exact)


def test_a_seeded_simulation_of_single_rounds():
    attacker, defender = sides(MATCHUPS[1])
    rounds = round_odds(attacker, defender)
    rng = Rng(99)
    n = 4000
    for first in ("strength", "armor"):
        won = 0
        for _ in range(n):
            c = Combat(attacker, defender)
            c.choose(first)
            while (r := c.roll_random(rng)) is None:
                pass
            won += r.winner == ATTACKER
        p = float(rounds[first])
        assert abs(won / n - p) < 4 * math.sqrt(p * (1 - p) / n), (first, won / n, p)


def test_third_is_consistent_with_odds_replies():
    rounds = {a: Fraction(i + 1, 8) for i, a in enumerate(ATTRIBUTES)}
    for first in ATTRIBUTES:
        o = first_odds(rounds, first)
        for second, win in o.replies:
            assert win == win_in_order(rounds[first], rounds[second], rounds[third(first, second)])


# ------------------------------------------------------------------ against a Stabbist (rule ce-stabbist)
def _minimax(c: Combat) -> Fraction:
    """The attacker's chance by brute force: the Stabbist's side minimising at every pick, the dice averaged."""
    step = c.decision()
    if step == "over":
        return Fraction(int(c.winner == ATTACKER))
    if step in ("first", "second", "third"):
        best = None
        for a in c.choices():
            child = copy.deepcopy(c)
            child.choose(a)
            p = _minimax(child)
            best = p if best is None else min(best, p)
        return best
    rounds = round_odds(c)
    p = rounds[c.attribute]
    won, lost = copy.deepcopy(c), copy.deepcopy(c)
    won.roll(12, 1) if won.tally(ATTACKER, c.attribute).total + 12 > won.tally("defender", c.attribute).total + 1 \
        else pytest.skip("a margin no die overcomes")
    lost.roll(1, 12) if lost.tally(ATTACKER, c.attribute).total + 1 < lost.tally("defender", c.attribute).total + 12 \
        else pytest.skip("a margin no die overcomes")
    return p * _minimax(won) + (1 - p) * _minimax(lost)


def test_a_stabbist_picks_the_three_weakest_attributes_for_the_attacker_and_overrides_a_shot():
    attacker, defender = side(["ghoul", "ratman"]), side(["caveling"], ["stabbist"])  # a flank: two squads
    c = Combat(attacker, defender, firsts=("weapon",))
    assert c.stabbist and c.chooser() == "defender" and c.choices() == ATTRIBUTES
    rounds = round_odds(c)
    assert advise(c).win() == chance_now(c) == _minimax(c)
    weakest = sorted(ATTRIBUTES, key=lambda a: (rounds[a], ATTRIBUTES.index(a)))[:3]
    assert advise(c).best in weakest
    c.choose("strength")
    assert chance_now(c) == _minimax(c)
    c.roll(12, 1)
    assert c.chooser() == "defender" and len(c.choices()) == 5  # any attribute left, not only neighbours
    assert chance_now(c) == _minimax(c)
    c.choose("armor")
    c.roll(1, 12)
    assert c.decision() == "third" and set(c.choices()) == set(ATTRIBUTES) - {"strength", "armor"}
    assert chance_now(c) == _minimax(c)
    c.choose("special")
    assert [r.chosen_by for r in c.rounds] == ["defender", "defender"]


def test_fight_random_against_a_stabbist_uses_three_different_attributes():
    attacker, defender = side(["ghoul"]), side(["stabbist"])
    rng = Rng(7)
    apart = 0
    for _ in range(200):
        res = fight_random(attacker, defender, rng)
        names = [r.attribute for r in res.rounds]
        assert len(set(names)) == len(names)
        apart += names[1] not in neighbours(names[0])
    assert apart > 0  # the Stabbist's picks need not be neighbours


def test_the_astral_worms_strike_is_one_round_of_special():
    attacker, defender = side(["astral-worm"]), side(["caveling"])
    c = Combat(attacker, defender, single=True)
    c.choose("special")
    assert chance_now(c) == advise(c).win() == round_odds(c)["special"]
    c.roll(1, 12)
    assert c.decision() == "over" and c.winner == "defender" and chance_now(c) == 0
