"""The computer players: what they believe, and where they spend their rollouts."""

from collections import Counter

from necro.core import Rng
from necro.core.bots import play as play_bots
from necro.day_of_the_dead import DayOfTheDead
from necro.day_of_the_dead import scenarios as sc
from necro.day_of_the_dead.bots import BOTS, MonteCarloBot, determinize, determinize_old

from .helpers import play


def test_the_bot_keeps_in_mind_a_fighter_it_saw_fall():
    """dotd-ruling-memory: Oaf lost to Anger face up; player 2's worlds keep it where it lies (the old
    bot redealt it among the Double cards it cannot see: right 9 times in 200)."""
    s = sc.oaf_v_anger()
    oaf = s.slots[0][0][0]
    rng = Rng(1)
    assert all(determinize(s, 1, rng).slots[0][0][0] == oaf for _ in range(200))
    assert sum(determinize_old(s, 1, rng).slots[0][0][0] == oaf for _ in range(200)) < 50
    # what it did not see is still dealt anew: player 1's hand
    assert len({tuple(determinize(s, 1, rng).hands[0]) for _ in range(20)}) > 1


def test_the_second_chooser_believes_nothing_of_the_first_card():
    """dotd-ruling-hidden-order: choosing its spirit after player 1, the bot's worlds have player 1's
    card back in hand and player 1 choosing after it; the old bot kept the card's back in place."""
    s = sc.summoning_turn_1()
    play(s, "fallen Oaf", "fallen Anger", "spirit Hoard")
    assert s.task == {"do": "spirit", "p": 1}
    hoard = s.spirits[0]
    rng = Rng(2)
    worlds = [determinize(s, 1, rng) for _ in range(40)]
    assert all(w.spirits[0] is None and len(w.hands[0]) == len(s.hands[0]) + 1 for w in worlds)
    assert all(w.queue[0] == ["choose", 0, "spirit"] for w in worlds)
    assert Counter(w.hands[0].count(hoard) for w in worlds)[0] > 0, "Hoard itself is dealt anew too"
    assert all(determinize_old(s, 1, rng).spirits[0][0] == "P" for _ in range(10)), "the old bot saw the back"
    w = worlds[0]
    w.apply_unchecked(w.legal_actions()[0])
    assert w.task == {"do": "spirit", "p": 0}, "player 1 then chooses"


def test_rollouts_go_to_the_close_options():
    """Successive halving: every option gets a share, the finalists most; a decision between two gets
    them all, and a close call gets more than the budget."""
    s = sc.greed()
    s.forced.clear()
    values = MonteCarloBot(0, rollouts=48, extra=0).values(s)
    counts = sorted(n for _, n in values.values())
    assert len(values) == 6 and counts[-1] == counts[-2] > counts[0] >= 4
    assert sum(counts) <= 48 + 6
    close = MonteCarloBot(0, rollouts=48, extra=96).values(s)
    assert sum(n for _, n in close.values()) > 48


def test_the_same_worlds_for_every_option():
    """Common random numbers: two options that lead to the same game get the same value."""
    s = sc.oaf_v_anger()
    bot = MonteCarloBot(3, rollouts=16, extra=0)
    world = bot._world(s, 0)
    a, b = s.legal_actions()
    assert bot._rollout(world, a, 0) == bot._rollout(world, a, 0)


def test_every_bot_plays_whole_games_from_both_seats():
    assert set(BOTS) == {"random", "mc", "mc-fast", "mc-old"}
    for seat, name in enumerate(("mc-fast", "mc-old")):
        bots = [BOTS["random"](seed=1), BOTS["random"](seed=2)]
        bots[seat] = BOTS[name](seed=3)
        s = DayOfTheDead().new_initial_state(7)
        play_bots(s, bots)
        assert s.is_terminal()
