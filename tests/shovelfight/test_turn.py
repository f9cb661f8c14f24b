"""The turn: two wizard actions, digging and both charts, the shovel, the shamble."""

import pytest

from necro.core import IllegalAction
from necro.shovelfight import scenarios as sc
from necro.shovelfight.scenarios import build

from .helpers import play, rules_logged, texts


def refused(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, info.value
    assert state.to_json() == before


def test_sf_turn_phases_in_order():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"]}, worm=0, cards={"c2": "3r"})
    assert s.phase == "act"
    play(s, "move", "roll 1", "step c2", "dig")
    assert s.phase == "shamble"
    play(s, "shamble c3>c4")
    assert s.phase == "worm" and s.is_chance_node()  # player 1 holds the worm die
    play(s, "roll 6")
    assert s.turn == 1 and s.phase == "act"
    refused(s, "shamble c4>c5", "sf-turn")


def test_sf_two_actions_never_the_same_twice():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c2": "3b"})
    play(s, "move", "roll 2", "step c2")
    assert s.phase == "act" and s.used == ["move"]
    assert [str(a) for a in s.legal_actions()] == ["dig"]  # not move again; nothing here to shovel
    refused(s, "move", "sf-two-actions")
    play(s, "dig")
    # two actions taken: no third, and with no zombie and no worm die the turn passes at once
    assert (s.turn, s.phase, s.used) == (1, "act", [])
    assert s.teams[0].wizard == "c2" and "c2" in s.dug


def test_sf_two_actions_in_either_order():
    s = build(3, wizards={0: "c3", 1: "c3", 2: "e5"}, cards={"c3": "3b"})
    play(s, "dig")
    assert s.phase == "act" and [str(a) for a in s.legal_actions()] == ["move", "shovel W2"]
    play(s, "shovel W2", "roll 1")
    assert s.turn == 1  # dig then shovel: two actions, the move was never taken
    s = build(3, wizards={0: "c3", 1: "c3", 2: "e5"}, cards={"c3": "3b"})
    play(s, "shovel W2", "roll 1")
    refused(s, "shovel W2", "sf-two-actions")
    play(s, "dig")
    assert s.turn == 1


def test_sf_second_action_missing_after_a_move():
    # c2 is dug and nothing else stands there: after moving there, no second action exists
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, dug=["c2"], cards={"c2": "2r"})
    play(s, "move", "roll 1", "step c2")
    assert s.turn == 1 and "sf-second-action" in rules_logged(s)


@pytest.mark.parametrize("face, steps", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_sf_move_halve_rounding_up(face, steps):
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"})
    play(s, "move", f"roll {face}")
    assert s.phase == "step" and s.steps_left == steps
    for _ in range(steps - 1):
        play(s, "step " + ("c4" if s.teams[0].wizard == "c3" else "c3"))
    assert s.phase == "step"
    play(s, "step d3")
    assert s.phase == "act"  # steps used up: on to the second action


def test_sf_move_may_stop_early_and_only_to_adjacent_graves():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, fallen=["c2"])
    play(s, "move", "roll 6")
    assert sorted(str(a)[5:] for a in s.legal_actions() if a.verb == "step") == ["b2", "b3", "c4", "d2", "d3"]
    refused(s, "step c2", "sf-move")   # fallen
    refused(s, "step e5", "sf-move")   # not adjacent
    play(s, "stop")
    assert s.teams[0].wizard == "c3" and s.phase == "act"


def test_sf_dig_only_an_undug_grave_under_your_wizard():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, dug=["c3"], cards={"c3": "Qr"})
    refused(s, "dig", "sf-dig")
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "Qr"})
    play(s, "dig")
    assert "c3" in s.dug


def test_sf_colour_chart_lid_pants_and_joker():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "3r"})
    play(s, "dig")
    assert (s.teams[0].lids, s.teams[0].pants, s.teams[0].figures) == (1, 0, 0)
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "3b"}, lids={0: 1})
    play(s, "dig")  # the pants complete the waiting lid instead of starting a second half
    assert (s.teams[0].lids, s.teams[0].pants, s.teams[0].figures) == (0, 0, 1)
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "3b"}, pants={0: 1})
    play(s, "dig")
    assert (s.teams[0].lids, s.teams[0].pants) == (0, 2)
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "Jo", "c2": "3r"}, fallen=["c2"])
    before = (s.teams[0].lids, s.teams[0].pants)
    play(s, "dig")
    assert (s.teams[0].lids, s.teams[0].pants) == before


def test_sf_stick_figure_raises_a_zombie_and_takes_the_worm():
    s = sc.completing_a_figure()
    play(s, "dig")
    t = s.teams[0]
    assert t.figures == 1 and t.pants == 0 and "c3" in t.zombies and s.worm == 0
    assert "sf-stick-figure" in rules_logged(s)


def test_sf_dig_order_colour_before_number():
    # A red Ace completes a figure (zombie raised on c3) before the Ace pushes a foe's zombie
    # onto c3, where it may hit that fresh zombie.
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={1: ["c2"]}, cards={"c3": "Ar"}, pants={0: 1})
    play(s, "dig")
    # the colour chart has acted in full (figure, zombie, worm die) while the number chart's choice waits
    assert s.phase == "card" and s.teams[0].zombies == ["c3"] and s.teams[0].figures == 1 and s.worm == 0
    rules = [e.rule for e in s.steps[-1].log]
    assert rules.index("sf-colour-chart") < rules.index("sf-stick-figure")
    play(s, "ace Z2 c2>c3")
    assert s.phase == "hit" and s.current_player() == 0
    assert [str(a) for a in s.legal_actions()] == ["hit W1", "hit Z1"]


def test_sf_card_ace_and_the_digger_chooses_the_hit():
    s = sc.ace_push()
    play(s, "dig", "ace Z2 d2>d1")
    assert s.phase == "hit" and s.current_player() == 0
    assert sorted(str(a) for a in s.legal_actions()) == ["hit W2", "hit Z3"]  # never its own team's zombie
    play(s, "hit W2")
    assert s.teams[1].hits == 1 and s.teams[1].zombies == ["d1"]


def test_sf_card_choices_nothing_to_act_on():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "Ab"})
    play(s, "dig")
    assert s.phase == "act" and "sf-card-choices" in rules_logged(s)


def test_sf_card_two_moves_a_zombie_that_still_shambles():
    s = build(3, wizards={0: "c3", 1: "c2", 2: "e5"}, zombies={0: ["b2"]}, cards={"c3": "2b"}, used=["move"])
    play(s, "dig")
    assert s.phase == "card"
    play(s, "two b2>c2")  # arrives on player 2's wizard: the only target, hit at once
    assert s.teams[1].hits == 1
    assert s.phase == "shamble" and s.left == ["c2"]
    play(s, "shamble c2>c3")
    assert s.teams[0].hits == 1  # hits again: only player 1's own wizard is on c3


def test_sf_card_three_adds_a_box():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "3r"})
    play(s, "dig")
    assert s.teams[0].boxes == 6 and s.teams[0].left == 6


def test_sf_card_four_converts_a_foes_zombie():
    s = sc.completing_a_figure()
    play(s, "dig", "four Z2 b3")
    assert s.teams[1].zombies == [] and sorted(s.teams[0].zombies) == ["b3", "c3"]


def test_sf_card_five_shoves_a_foes_wizard():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "5b"})
    play(s, "dig")
    options = sorted(str(a) for a in s.legal_actions())
    assert options == ["five W2 a2", "five W2 b1", "five W3 d4", "five W3 e4"]
    play(s, "five W3 d4")
    assert s.teams[2].wizard == "d4" and s.teams[2].hits == 0


def test_sf_card_six_explosion_hits_all_around():
    s = sc.explosion()
    play(s, "dig")
    assert s.teams[1].hits == 1 and s.teams[2].hits == 1 and s.teams[0].hits == 0
    assert s.teams[0].zombies == [] and s.teams[1].zombies == []
    assert s.teams[2].zombies == ["c3"]  # the dug grave itself is spared


def test_sf_card_queen_raises_and_takes_the_worm():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "Qb"}, worm=2)
    play(s, "dig")
    assert s.teams[0].zombies == ["c3"] and s.worm == 0
    s = build(5, wizards={0: "d3", 1: "a1", 2: "g1", 3: "a4", 4: "g4"}, cards={"d3": "Jb"}, worm=1)
    play(s, "dig")
    assert s.teams[0].zombies == ["d3"] and s.worm == 0  # a Jack acts as a Queen


def test_sf_card_joker_cuts_the_board_in_two():
    s = sc.joker_cut()
    play(s, "dig")
    assert s.phase == "card" and "joker c2 c3" in [str(a) for a in s.legal_actions()]
    play(s, "joker c2 c3")
    right = {"d1", "d2", "d3", "d4", "e1", "e2", "e3", "e4"}
    assert right | {"c2", "c3"} <= s.fallen
    assert s.teams[1].zombies == []             # lost with the right half
    assert s.teams[1].hits == 2                 # e1, then d1, before leaping the hole at c1
    assert s.teams[1].wizard == "b1" and s.teams[2].wizard == "a4"
    assert s.phase == "act" and s.turn == 0     # player 1 still has a second action


def test_sf_card_joker_with_a_single_neighbour():
    fallen = ["b2", "b3", "c2", "c4", "d2"]
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "Jo"}, fallen=fallen)
    play(s, "dig")
    assert [str(a) for a in s.legal_actions()] == ["joker d3"]


def test_sf_shovel_three_or_more_hits():
    s = sc.shovel_takeover()
    play(s, "shovel Z1", "roll 2")
    assert s.teams[0].zombies == ["c3"] and "misses" in texts(s)[-1]
    s = sc.shovel_takeover()
    play(s, "shovel Z1", "roll 3")
    assert s.teams[0].zombies == []


def test_sf_shovel_target_own_zombie_but_not_own_wizard():
    s = sc.own_zombie_shovel()
    assert [str(a) for a in s.legal_actions()] == ["move", "shovel Z1"]
    refused(s, "shovel W1", "sf-shovel-target")
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"})
    assert [a.verb for a in s.legal_actions()] == ["dig", "move"]  # nothing else on c3


def test_sf_shamble_every_zombie_moves_once():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["b2", "b2", "d4"]}, phase="shamble")
    assert s.left == ["b2", "b2", "d4"]
    play(s, "shamble b2>b1")
    refused(s, "shamble b1>b2", "sf-shamble")  # a zombie that moved does not move again
    play(s, "shamble d4>d3", "shamble b2>a2")
    assert s.turn == 1 and sorted(s.teams[0].zombies) == ["a2", "b1", "d3"]


def test_sf_zombie_hit_owner_chooses_never_a_friend():
    s = sc.crowded_grave()
    play(s, "shamble b2>c2")
    assert s.phase == "hit" and s.current_player() == 0
    assert [str(a) for a in s.legal_actions()] == ["hit W1", "hit W2", "hit Z2", "hit Z3"]
    refused(s, "hit Z1", "sf-zombie-hit")
    play(s, "hit Z3")
    assert s.teams[2].zombies == [] and s.phase == "shamble"


def test_sf_zombie_hit_nothing_when_only_friends_there():
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["b2", "c2"]}, phase="shamble")
    play(s, "shamble b2>c2")
    assert s.phase == "shamble" and sorted(s.teams[0].zombies) == ["c2", "c2"]


def test_sf_hit_zombie_leaves_wizard_checks_box():
    s = build(3, wizards={0: "c3", 1: "c2", 2: "e5"}, zombies={0: ["b2"], 2: ["c2"]}, phase="shamble")
    play(s, "shamble b2>c2", "hit W2")
    assert s.teams[1].hits == 1 and s.teams[1].left == 4
    s = build(3, wizards={0: "c3", 1: "c2", 2: "e5"}, zombies={0: ["b2"], 2: ["c2"]}, phase="shamble")
    play(s, "shamble b2>c2", "hit Z3")
    assert s.teams[2].zombies == []


def test_sf_lost_zombies_return_to_the_pile():
    # With eight tokens, a zombie shovelled off the board can be raised again.
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"] * 8}, cards={"c3": "Qb"},
              team_size="eight")
    play(s, "shovel Z1", "roll 6")
    assert len(s.teams[0].zombies) == 7
    play(s, "dig")
    assert len(s.teams[0].zombies) == 8


def test_sf_stranded_zombie_stays():
    s = sc.stranded_zombie()
    play(s, "move")
    s.play_chance()
    assert s.teams[0].zombies == ["c3"] and s.teams[1].hits == 0
    assert "sf-stranded-zombie" in rules_logged(s) and s.turn == 1


def test_sf_second_action_scenario():
    s = sc.no_second_action()
    play(s, "move")
    s.play_chance()
    play(s, "step c2")
    assert s.turn == 1 and "sf-second-action" in rules_logged(s)


def test_sf_lost_zombies_scenario():
    s = sc.lost_zombie_returns()
    play(s, "shovel Z1")
    s.play_chance()
    play(s, "dig")
    assert len(s.teams[0].zombies) == 8 and "sf-team-size" not in rules_logged(s)


def test_sf_dig_order_scenario():
    s = sc.red_ace_order()
    play(s, "dig", "ace Z2 c2>c3", "hit Z1")
    assert s.teams[0].figures == 1 and s.teams[0].zombies == []


def test_sf_shovel_hit_that_does_not_kill_checks_one_box():
    s = build(3, wizards={0: "c3", 1: "c3", 2: "e5"}, zombies={1: ["a1", "e2"]})
    play(s, "shovel W2", "roll 3")
    t = s.teams[1]
    assert (t.wizard, t.hits, t.left, t.zombies) == ("c3", 1, 4, ["a1", "e2"])
    assert s.teams[0].zombies == [] and "sf-whacked" not in rules_logged(s)
    assert s.phase == "act" and s.turn == 0  # player 1 still has a second action


def test_sf_second_action_none_for_a_wizard_that_died_in_its_first():
    """Player 1, one box left, digs a black Ace and pushes player 2's zombie onto its own
    grave, where player 1's wizard is the only thing to hit: it dies in its first action."""
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["a5"], 1: ["c2"]}, hits={0: 4},
              cards={"c3": "Ab"})
    play(s, "dig", "ace Z2 c2>c3")
    assert s.teams[0].wizard is None and s.teams[0].cause == "zombie"
    assert s.used == ["dig"] and s.phase == "shamble" and s.left == ["a5"]  # its zombie still shambles
