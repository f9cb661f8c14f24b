"""The worm die, falling ground, the two ways to die, winning, and the FAQ restatements."""

import pytest

from necro.shovelfight import scenarios as sc
from necro.shovelfight.scenarios import build

from .helpers import play, rolls, rules_logged


def test_sf_worm_die_only_for_its_holder():
    s2 = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"]}, phase="shamble", worm=0)
    play(s2, "shamble c3>c4")
    assert s2.phase == "worm"
    s3 = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"]}, phase="shamble", worm=2)
    play(s3, "shamble c3>c4")
    assert s3.turn == 1 and s3.phase == "act"


def test_sf_worm_eats_only_dug_graves_of_that_number():
    cards = {"a1": "Ar", "a2": "Ab", "e1": "Qr", "e2": "Ab"}
    s = build(3, wizards={0: "c3", 1: "c3", 2: "c3"}, zombies={1: ["a1", "e1"]}, cards=cards,
              dug=["a1", "e1"], phase="worm", worm=0)
    play(s, "roll 1")
    assert s.fallen == {"a1"}              # a2 and e2 are Aces too, but still face down
    assert s.teams[1].zombies == ["e1"]    # the zombie on the eaten grave is lost
    s = build(3, wizards={0: "c3", 1: "c3", 2: "c3"}, cards=cards, dug=["e1"], phase="worm", worm=0)
    for face in range(1, 7):
        t = s.copy()
        play(t, f"roll {face}")
        assert not t.fallen                # Queens (and Jacks, and the Joker) are never eaten


def test_sf_worm_leap_one_hit_and_players_choice():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "2r"}, dug=["c3"], phase="worm", worm=0)
    play(s, "roll 2")
    assert s.phase == "leap" and s.current_player() == 0 and s.teams[0].hits == 1
    assert [str(a) for a in s.legal_actions()] == ["leap b2", "leap b3", "leap c2", "leap c4", "leap d2", "leap d3"]
    play(s, "leap d3")
    assert s.teams[0].wizard == "d3" and s.turn == 1


def test_sf_stranded_wizard_leaps_to_the_nearest_grave():
    s = rolls(sc.stranded_wizard())
    assert s.phase == "leap" and s.teams[0].hits == 1
    assert "leap a3" in [str(a) for a in s.legal_actions()]
    play(s, "leap a3")
    assert s.teams[0].wizard == "a3" and s.teams[0].hits == 1


def test_sf_stranded_wizard_variant_falls():
    s = rolls(sc.stranded_wizard("falls"))
    assert s.teams[0].wizard is None and s.teams[0].cause == "fell"
    assert "sf-stranded-wizard" in rules_logged(s)


def test_sf_fall_cut_off_ground_falls_with_its_zombies():
    s = rolls(sc.island_jump())
    assert {"d3", "d4", "e4", "e5"} <= s.fallen
    assert s.teams[0].zombies == []


def test_sf_fall_path_island_jump_two_hits_and_a_choice():
    s = rolls(sc.island_jump())
    assert s.phase == "land" and s.current_player() == 1
    assert s.teams[1].hits == 2
    landings = [str(a) for a in s.legal_actions()]
    assert landings == ["land b3", "land b4", "land c3", "land d2", "land e2"]
    play(s, "land e2")
    assert s.teams[1].wizard == "e2" and s.phase == "act" and s.turn == 1


def test_sf_fall_path_can_kill():
    s = sc.island_jump()
    s.teams[1].hits = 3
    rolls(s)
    assert s.teams[1].wizard is None and s.teams[1].cause == "fell"


def test_sf_split_larger_side_stays():
    s = rolls(sc.island_jump())
    assert "b1" not in s.fallen and len(s.standing()) == 16


def test_sf_split_equal_halves_more_wizards_stay():
    s = rolls(sc.split_by_wizards())
    left = {"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4"}
    assert set(s.standing()) == left
    assert s.teams[1].zombies == [] and s.teams[1].hits == 1   # zombies do not outweigh wizards
    assert s.phase == "land"


def test_sf_split_equal_wizards_more_zombies_stay():
    s = rolls(sc.split_by_zombies())
    assert set(s.standing()) == {"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4"}
    assert s.teams[1].hits == 1 and s.teams[3].hits == 2


@pytest.mark.parametrize("keep, stays", [("keep a1", "a1"), ("keep d1", "d1")])
def test_sf_split_all_equal_chance_decides(keep, stays):
    s = rolls(sc.split_by_chance())
    assert s.is_chance_node() and [str(a) for a, _ in s.chance_outcomes()] == ["keep a1", "keep d1"]
    assert all(p == 0.5 for _, p in s.chance_outcomes())
    play(s, keep)
    assert stays in s.standing() and len(s.standing()) == 9


def test_sf_split_many_only_one_part_stays():
    s = rolls(sc.three_way_split())
    assert set(s.standing()) == {"c1", "c2", "c3", "c4", "c5"}
    assert s.teams[1].hits == 1 and s.teams[2].hits == 1
    assert "sf-split-many" in rules_logged(s)


def test_sf_death_and_chomped_keeps_zombies():
    s = build(3, wizards={0: "c3", 1: "c2", 2: "e5"}, zombies={0: ["b2"], 1: ["a1", "a5"]},
              hits={1: 4}, phase="shamble")
    play(s, "shamble b2>c2")
    assert s.teams[1].wizard is None and s.teams[1].cause == "zombie"
    assert s.teams[1].zombies == ["a1", "a5"]   # still in play for player 2
    assert {"sf-death", "sf-chomped"} <= rules_logged(s)


def test_sf_whacked_shovel_kill_takes_over_the_team():
    s = sc.shovel_takeover()
    play(s, "shovel W2", "roll 5")
    assert s.teams[1].wizard is None and s.teams[1].zombies == []
    assert sorted(s.teams[0].zombies) == ["a3", "c3", "c3", "e2", "e2"]
    assert "sf-whacked" in rules_logged(s)


def test_sf_whacked_with_eight_tokens_converts_only_what_fits():
    s = build(3, wizards={0: "c3", 1: "c3", 2: "a1"}, hits={1: 4}, zombies={0: ["b2"] * 6, 1: ["e2"] * 3},
              team_size="eight")
    play(s, "shovel W2", "roll 5")
    assert len(s.teams[0].zombies) == 8 and s.teams[1].zombies == []


def test_sf_ghost_turn_shambles_and_rolls_without_a_wizard():
    s = build(3, wizards={0: "c3", 1: "a1", 2: None}, zombies={2: ["e3"]}, turn=1, worm=2, used=["dig"],
              cards={"a1": "Qr"}, dug=["a1"])
    play(s, "move", "roll 1", "stop")
    assert s.turn == 2 and s.phase == "shamble"     # no wizard action for player 3
    play(s, "shamble e3>e4")
    assert s.phase == "worm"
    assert "sf-ghost-turn" in rules_logged(s)


def test_sf_empty_turn_passed_over():
    s = build(3, wizards={0: "c3", 1: "a1", 2: None}, turn=1, worm=1, used=["dig"],
              cards={"a1": "Qr"}, dug=["a1"])
    play(s, "move", "roll 1", "stop", "roll 6")
    assert s.turn == 0 and "sf-empty-turn" in rules_logged(s)


def test_sf_worm_always_rolled_by_a_player_with_nothing():
    s = rolls(sc.worm_after_death())
    assert "b2" in s.fallen and s.teams[0].zombies == []
    assert s.turn == 0 and s.phase == "act"
    # and reaching that turn from the previous one goes through the roll
    t = build(3, wizards={0: "a1", 1: "e1", 2: None}, turn=1, worm=2, used=["dig"], cards={"e1": "Qr"},
              dug=["e1"])
    play(t, "move", "roll 1", "stop")
    assert t.turn == 2 and t.phase == "worm" and "sf-worm-always" in rules_logged(t)


def test_sf_win_last_wizard_standing():
    s = build(3, wizards={0: "c3", 1: "c3", 2: None}, hits={1: 4})
    play(s, "shovel W2", "roll 6")
    assert s.is_terminal() and s.winner() == 0 and s.returns() == [1.0, 0.0, 0.0]
    assert "Game over: player 1 wins." == s.status()


def test_sf_simultaneous_share_or_nobody():
    s = rolls(sc.last_two_fall_together())
    assert s.is_terminal() and s.returns() == [0.5, 0.5, 0.0] and s.winner() is None
    s = rolls(sc.last_two_fall_together("nobody"))
    assert s.is_terminal() and s.returns() == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("leaper", [0, 1, 2])
@pytest.mark.parametrize("ways", [1, 2])
def test_sf_simultaneous_a_last_leap_into_the_fall_shares_the_win(leaper, ways):
    """The rival dies to the worms, the leaper lands on ground that falls and takes its last
    box: one worm roll, one shared win, whether the leap had one way (decided at once) or two
    (a decision in between), whichever seat leaps and whoever's turn it is."""
    s = rolls(sc.last_leap_into_the_fall(leaper, ways))
    rival = 1 - leaper if leaper < 2 else 1
    if ways == 2:
        assert s.phase == "leap" and s.current_player() == leaper and not s.is_terminal()
        assert [str(a) for a in s.legal_actions()] == ["leap d4", "leap e5"]
        play(s, "leap e5")
    assert s.is_terminal() and s.teams[leaper].cause == "fell" and s.teams[rival].cause == "worms"
    if ways == 2:  # the worm roll went on past a decision: it remembers when it began to kill
        assert s.since == s.teams[rival].out < s.teams[leaper].out
    else:
        assert s.since is None and s.teams[rival].out == s.teams[leaper].out
    expected = [0.0, 0.0, 0.0]
    expected[leaper] = expected[rival] = 0.5
    assert s.returns() == expected and s.status().endswith("share the win.")


def test_sf_simultaneous_the_other_leap_shares_it_too():
    s = rolls(sc.last_leap_into_the_fall(1, 2))
    play(s, "leap d4")
    assert s.returns() == [0.5, 0.5, 0.0]


def test_sf_simultaneous_nobody_variant_after_a_leap():
    s = rolls(sc.last_leap_into_the_fall(0, 2, last_stand="nobody"))
    play(s, "leap d4")
    assert s.is_terminal() and s.returns() == [0.0, 0.0, 0.0]


def test_sf_simultaneous_a_last_wizard_with_a_safe_leap_wins_at_once():
    """With e3 still standing the leaper can get away: the game ends on the worm roll, the
    wizard landing on the safe grave, as the player would choose."""
    s = rolls(sc.last_leap_into_the_fall(0, 3))
    assert s.is_terminal() and s.returns() == [1.0, 0.0, 0.0] and s.teams[0].wizard == "e3"


def test_sf_simultaneous_a_position_mid_fall_with_one_wizard_loads():
    s = rolls(sc.last_leap_into_the_fall(0, 2))
    again = type(s).from_json(s.to_json())
    assert again.phase == "leap" and again.position() == s.position()
    play(again, "leap d4")
    assert again.returns() == [0.5, 0.5, 0.0]


def test_sf_any_stack_many_pieces_one_grave():
    s = sc.crowded_grave()
    wizards, zombies = s.pieces_on("c2")
    assert wizards == [0, 1] and len(zombies) == 4


def test_sf_no_max_zombies():
    s = sc.zombie_horde()
    play(s, "dig")
    assert len(s.teams[0].zombies) == 13


def test_sf_team_size_eight_variant():
    s = sc.zombie_horde_capped()
    play(s, "dig")
    assert len(s.teams[0].zombies) == 8 and "sf-team-size" in rules_logged(s)


def test_sf_empty_turn_scenario():
    s = sc.empty_seat()
    play(s, "move")
    s.play_chance()
    play(s, "stop")
    assert s.turn == 0 and "sf-empty-turn" in rules_logged(s)


def test_sf_worm_eats_never_jacks_nor_the_joker():
    cards = {"c2": "Jr", "d3": "Jb", "e2": "Jo", "b2": "3r"}
    s = build(5, wizards={0: "a1", 1: "d1", 2: "g1", 3: "f5", 4: "b5"}, cards=cards, dug=list(cards),
              phase="worm", worm=0)
    for face in range(1, 7):
        t = play(s.copy(), f"roll {face}")
        assert t.fallen == ({"b2"} if face == 3 else set()), face


def test_sf_chomped_a_wizard_blown_up_keeps_its_zombies():
    s = build(3, wizards={0: "c3", 1: "c2", 2: "e5"}, zombies={1: ["a1", "e1"]}, hits={1: 4}, cards={"c3": "6b"})
    play(s, "dig")
    t = s.teams[1]
    assert t.wizard is None and t.cause == "blast" and t.zombies == ["a1", "e1"]
    assert sorted(s.teams[0].zombies) == []  # nothing goes to the digger: only a shovel takes a team
    assert {"sf-death", "sf-chomped"} <= rules_logged(s) and "sf-whacked" not in rules_logged(s)


def test_sf_joker_wizards_on_dropped_graves_fall_and_leap():
    """Ruling sf-joker-wizards: a wizard standing on a grave the Joker drops is on falling
    ground: one hit for that grave, then it leaps to solid ground like any falling wizard."""
    s = sc.joker_drops_a_wizard()
    play(s, "dig", "joker c2 c3")
    assert s.teams[1].hits == 1 and s.phase == "land" and s.current_player() == 1
    assert [str(a) for a in s.legal_actions()] == ["land b1", "land b2"]
    assert "sf-joker-wizards" in rules_logged(s)
    play(s, "land b1")
    assert s.teams[1].wizard == "b1" and s.phase == "act" and s.turn == 0


@pytest.mark.parametrize("turn, order", [(0, [0, 1]), (1, [1, 0]), (2, [0, 1])])
def test_sf_leap_order_one_at_a_time_in_turn_order(turn, order):
    """Ruling sf-leap-order: two wizards on the eaten c3 leap one after the other, starting
    with the player whose turn it is, then to the left; the second sees where the first went."""
    s = build(3, wizards={0: "c3", 1: "c3", 2: "a1"}, cards={"c3": "2r"}, dug=["c3"], phase="worm",
              turn=turn, worm=turn)
    play(s, "roll 2")
    assert "sf-leap-order" in rules_logged(s)
    for p in order:
        assert s.phase == "leap" and s.current_player() == p
        play(s, "leap d3")
    assert s.teams[0].wizard == s.teams[1].wizard == "d3" and s.phase != "leap"


def test_sf_whacked_takeover_is_not_a_choice():
    """Ruling sf-whacked-takeover: the whacker's zombies replace the dead team at once; the game
    asks nothing and goes on to the whacker's second action."""
    s = sc.shovel_takeover()
    play(s, "shovel W2", "roll 5")
    assert s.phase == "act" and s.current_player() == 0 and s.used == ["shovel"]
    assert [a.verb for a in s.legal_actions()] == ["dig", "move"]
    assert "sf-whacked-takeover" in rules_logged(s)


def _split_after_the_rival_died(hits):
    """The worms eat b3 (player 2's wizard dies there) and d3: columns a, c and e fall apart,
    c and e tie and chance keeps one. Player 1's wizard on a3 escapes to c with one hit, to e
    across c with two."""
    s = build(3, wizards={0: "a3", 1: "b3", 2: None}, hits={0: hits, 1: 4}, cards={"b3": "5b", "d3": "5r"},
              dug=["b3", "d3"], fallen=["a1", "b1", "b2", "b4", "d1", "d2", "d4"], phase="worm", turn=0, worm=0)
    return play(s, "roll 5")


@pytest.mark.parametrize("keep, returns", [("keep c1", [1.0, 0.0, 0.0]), ("keep e1", [0.5, 0.5, 0.0])])
def test_sf_simultaneous_chance_decides_whether_the_last_wizard_falls_too(keep, returns):
    s = _split_after_the_rival_died(3)  # two boxes left: the far side would take both
    assert s.phase == "split" and s.is_chance_node() and s.alive() == [0]
    play(s, keep)
    assert s.is_terminal() and s.returns() == returns


def test_sf_simultaneous_a_last_wizard_safe_whatever_chance_keeps_wins_at_once():
    s = _split_after_the_rival_died(0)
    assert s.is_terminal() and s.returns() == [1.0, 0.0, 0.0]
