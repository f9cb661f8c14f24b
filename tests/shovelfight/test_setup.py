"""Set-up: the deck, the staggered board, start graves, first player, worm die, boxes."""

from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest

from necro.core import CHANCE, IllegalAction
from necro.shovelfight import Shovelfight
from necro.shovelfight import scenarios as sc
from necro.shovelfight.board import BIG_PILE, LITTLE_PILE, board_for, colour, deck, rank

from .helpers import started


def test_sf_deck_big_pile_has_23_cards_in_the_stated_colours():
    cards = Counter(deck(3))
    assert len(deck(3)) == len(deck(4)) == 23
    for r in "A35":
        assert (cards[r + "r"], cards[r + "b"]) == (1, 2)
    for r in "246":
        assert (cards[r + "r"], cards[r + "b"]) == (2, 1)
    assert cards["Qr"] == cards["Qb"] == 2 and cards["Jo"] == 1


def test_sf_deck_five_and_six_players_add_the_little_pile():
    assert len(deck(5)) == len(deck(6)) == 31
    full = Counter(deck(6))
    for r in "A23456":  # the whole set of A-6 is now in: two red, two black
        assert full[r + "r"] == full[r + "b"] == 2
    assert sum(1 for c in deck(6) if rank(c) == "Q") == 6  # Queens and the Jacks that act as Queens


def test_sf_jack_colours_one_red_one_black():
    jacks = [c for c in LITTLE_PILE if c[0] == "J"]
    assert sorted(colour(c) for c in jacks) == ["b", "r"]
    assert "Jo" in BIG_PILE and colour("Jo") is None


@pytest.mark.parametrize("players, sizes", [(3, (5, 4, 5, 4, 5)), (4, (5, 4, 5, 4, 5)),
                                            (5, (4, 5, 4, 5, 4, 5, 4)), (6, (4, 5, 4, 5, 4, 5, 4))])
def test_sf_board_staggered_columns_hold_the_deck(players, sizes):
    board = board_for(players)
    per_column = Counter(g[0] for g in board.graves)
    assert tuple(per_column[c] for c in "abcdefg"[:len(sizes)]) == sizes
    assert len(board.graves) == len(deck(players))
    degrees = {g: len(board.neighbours[g]) for g in board.graves}
    assert max(degrees.values()) == 6 and min(degrees.values()) >= 2
    # an inner grave touches exactly six; adjacency is symmetric and the board is one piece
    inner = "c3" if players <= 4 else "d3"
    assert degrees[inner] == 6
    assert all(a in board.neighbours[b] for a in board.graves for b in board.neighbours[a])
    assert nx.is_connected(board.graph)


def test_sf_board_no_card_is_known_until_it_is_dug():
    """Ruling sf-deal-when-dug: the shuffled deck lies face down, so the game starts with every
    grave unknown and chance deals a grave's card when it is dug, from the cards nobody has seen,
    each as likely as its copies among them."""
    s = Shovelfight(4).new_initial_state(seed=7)
    assert s.phase == "first" and set(s.cards.values()) == {None}
    assert Counter(s.unseen()) == Counter(deck(4))
    s.apply("first 1")
    assert "sf-board" in {e.rule for e in s.steps[-1].log}
    s.apply("dig")
    assert s.phase == "turn" and s.is_chance_node() and s.cards[s.teams[0].wizard] is None
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert sum(outcomes.values()) == 1 and len(outcomes) == len(set(deck(4)))
    assert outcomes["turn Qb"] == Fraction(Counter(deck(4))["Qb"], 23)
    # an outcome that is not among the unseen cards is refused, naming the rule
    with pytest.raises(IllegalAction) as info:
        s.apply("turn Kh")
    assert info.value.rule == "sf-dig" and s.phase == "turn"
    s.apply("turn Qb")
    grave = s.teams[0].wizard
    assert s.cards[grave] == "Qb" and grave in s.dug and s.unseen()["Qb"] == Counter(deck(4))["Qb"] - 1
    assert s.steps[-1].rule == "sf-dig" and s.steps[-1].player == CHANCE


def test_a_card_laid_face_down_knowingly_is_turned_over_with_no_chance():
    """A scenario or an edited position may put a known card face down: digging it shows it."""
    s = sc.ace_push()
    assert s.cards["c3"] == "Ab" and "c3" not in s.dug
    s.apply("dig")
    assert s.phase != "turn" and "c3" in s.dug


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_sf_start_graves_spread_and_with_a_zombie(players):
    s = started(players)
    board = s.board
    graves = [t.wizard for t in s.teams]
    assert len(set(graves)) == players
    assert all(t.zombies == [t.wizard] for t in s.teams)  # sf-teams: one wizard, one zombie to start
    for a in graves:
        assert not any(b in board.neighbours[a] for b in graves)


@pytest.mark.parametrize("players", [3, 6])
def test_sf_first_player_is_chance_and_play_goes_left(players):
    s = Shovelfight(players).new_initial_state()
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"first {p}" for p in range(1, players + 1)]
    assert all(p == Fraction(1, players) for _, p in outcomes)
    s.apply("first 2")
    assert s.turn == 1 and s.current_player() == 1


def test_sf_worm_holder_is_the_player_going_last():
    assert started(4, first=1).worm == 3
    assert started(4, first=3).worm == 1


def test_sf_hit_boxes_five_each():
    s = started(5)
    assert all(t.boxes == 5 and t.hits == 0 and t.left == 5 for t in s.teams)


def test_sf_teams_one_wizard_each():
    s = started(6)
    assert len(s.alive()) == 6


def test_sf_start_graves_variant_players_choose_in_turn():
    s = Shovelfight(4, start="choose").new_initial_state(seed=1)
    s.apply("first 3")
    assert s.phase == "place" and s.current_player() == 2
    assert [str(a) for a in s.legal_actions()] == ["start b1", "start b4", "start c5", "start d1", "start d4"]
    s.apply("start c5")
    assert s.current_player() == 3 and s.teams[2].zombies == ["c5"]
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply("start c5")  # taken
    assert info.value.rule == "sf-start-graves" and s.to_json() == before
    s.apply("start b1").apply("start d1").apply("start d4")
    assert s.phase == "act" and s.turn == 2 and s.worm == 1
    assert sorted(t.wizard for t in s.teams) == ["b1", "c5", "d1", "d4"]


@pytest.mark.parametrize("players", [2, 7, 0, "4", True])
def test_three_to_six_players_only(players):
    from necro.core import OptionError

    with pytest.raises(OptionError, match="3-6 players"):
        Shovelfight(players)


@pytest.mark.parametrize("players, graves, columns", [(3, 23, 5), (6, 31, 7)])
def test_the_smallest_and_largest_games_start(players, graves, columns):
    s = started(players)
    assert len(s.board.graves) == graves and s.board.columns == columns and len(s.alive()) == players
    assert s.legal_actions()


def test_a_saved_game_for_seven_is_refused():
    from necro.core import FormatError, load_state

    doc = started(6).to_json()
    doc["game"]["players"] = 7
    with pytest.raises(FormatError, match="players"):
        load_state(doc)
