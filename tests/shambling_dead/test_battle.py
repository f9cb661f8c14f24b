"""Battle rules, each test named after the rule id it checks."""

import pytest

from necro.core import IllegalAction
from necro.shambling_dead import scenarios as sc

from .helpers import acts, board, night, play, rest_of_hour, rules_of, survivors, zombies


def battle(*figs, hour=2, **options):
    return night(hour, [board(*figs)], rest_of_hour(), **options)


def test_nsd_battle_only_with_zombies():
    s = night(2, [board("H0F", "S0F")], rest_of_hour())
    assert s.task["k"] == "reorder"  # no zombie: straight to the end of the hour


def test_nsd_stand_and_receive_one_per_survivor_before_doubling():
    s = battle("H0F", "S0F", "S1F", "Z0F", "Z0F", "Z0F", "Z0F", "Z0F")
    s.apply("stand")
    b = s.boards[0]
    per = sorted(b.zombies_on(f[0]) for f in b.survivors())
    assert per == [1, 2, 2]
    # the Narrator policy: the extra zombies go to the wounded survivor before the Hero
    assert b.zombies_on(3) == 2 and b.zombies_on(1) == 1
    assert "nsd-narrator-placement" in rules_of(s)


def test_nsd_narrator_placement_prefers_wounded_then_non_heroes():
    s = battle("H0F", "S0F", "S1F", "Z0F")
    s.apply("stand")
    assert s.boards[0].pairs == [[3, 4]]


def test_nsd_ruling_outnumbered_contact_only_engaged_fight():
    s = battle("H0F", "S0F", "S0F", "S0S", "Z0F")
    s.apply("stand")
    # one zombie engages one survivor (a non-Hero); strength = 2 + 1 support
    assert s.strength(0, "F", "P") == 3
    assert s.strength(0, "F", "Z") == 1


def test_nsd_ruling_outnumbered_join_variant():
    s = battle("H0F", "S0F", "S0F", "S0S", "Z0F", outnumbered="join")
    s.apply("stand")
    assert s.strength(0, "F", "P") == 3 + 2 + 2 + 1


def test_nsd_strength_and_support_bonus():
    s = battle("H0F", "H1F", "S0F", "S1F", "S0S", "S0S", "S1S", "Z0F", "Z0F", "Z0F", "Z0F")
    s.apply("stand")
    # Hero 3, wounded Hero 2, survivor 2, wounded survivor 1; +1 per fresh survivor in Support (2)
    assert s.strength(0, "F", "P") == 3 + 2 + 2 + 1 + 2
    assert s.strength(0, "F", "Z") == 4


def test_nsd_support_strength_is_one_each():
    s = night(6, [board("S0F", "H0S", "S0S", "S1S", "Z0S", "Z0S", "Z0S")], rest_of_hour())
    assert s.strength(0, "S", "P") == 3  # the Hero fights at 1 in Support
    assert s.strength(0, "S", "Z") == 3


def test_nsd_support_stand_no_counter_charge_in_support():
    s = night(6, [board("S0F", "H0S", "S0S", "Z0S", "Z0S")], rest_of_hour())
    assert s.is_chance_node()  # no stance decision: Support always stands
    assert "nsd-stand-and-receive" not in rules_of(s) and s.task["why"] == "crt"


def test_nsd_strike_order_zombies_first_when_standing():
    s = battle("H0F", "S0F", "Z0F")
    s.apply("stand")
    assert s.task == {"k": "die", "p": 0, "why": "crt", "zone": "F", "side": "Z", "strength": 1}


def test_nsd_strike_order_survivors_first_after_counter_charge():
    s = sc.charge_clears_all()
    play(s, "engage s1 z7", "engage s2 z8")
    assert s.task["side"] == "P" and s.task["strength"] == 9


def test_nsd_ruling_strike_order_two_zones():
    s = night(6, [board("H0F", "S0F", "S0S", "S0S", "Z0F", "Z0S")], rest_of_hour())
    s.apply("stand")
    order = []
    for _ in range(4):
        order.append((s.task["zone"], s.task["side"]))
        s.apply("d6 1")
    assert order == [("F", "Z"), ("S", "Z"), ("F", "P"), ("S", "P")]


def test_nsd_rounds_three_then_held_at_bay():
    s = battle("H0F", "S0F", "Z0F", "Z0F")
    s.apply("stand")
    n = 0
    while s.is_chance_node():
        s.apply("d6 1")  # nobody hurts anybody
        n += 1
    assert n == 6  # three rounds, two strikes each
    assert len(zombies(s)) == 2 and "nsd-held-at-bay" in rules_of(s)
    assert s.task["k"] == "reorder" and s.boards[0].pairs == []


def test_nsd_ruling_held_zombies_fight_next_hour():
    s = night(3, [board("H0F", "S0F", "Z0F")], [["dissent", 0], *rest_of_hour()])
    s.apply("draw 2H")  # red: nobody flees, but the held zombie still fights
    assert "nsd-battle" in rules_of(s) and s.task["k"] == "stance"


def test_nsd_wounds_engaged_only_and_excess_lost():
    s = battle("H0F", "S0F", "S0F", "S0S", "Z0F")
    s.apply("stand")
    engaged = s.boards[0].pairs[0][0]
    s.apply("d6 6")  # strength 1, roll 6: one wound, only the engaged survivor can take it
    f = s.boards[0].fig(engaged)
    assert f[2] == 1 and sum(g[2] for g in survivors(s)) == 1


def test_nsd_wound_allocation_player_chooses_and_refusal_names_rule():
    s = sc.hero_six()
    s.apply("d6 6")
    assert acts(s) == ["wound s1", "wound s2", "wound s3"]
    with pytest.raises(IllegalAction) as info:
        s.apply("wound s4")
    assert info.value.rule == "nsd-wounds-engaged"


def test_nsd_hero_six():
    s = sc.hero_six()
    s.apply("d6 6")
    assert s.boards[0].fig(1)[2] == 1
    assert "nsd-hero-six" in rules_of(s)


def test_nsd_hero_six_not_without_six():
    s = sc.hero_six()
    s.apply("d6 5")  # strength 3, roll 5: 1 wound, the player chooses freely
    assert s.task["k"] == "wound" and not s.task["six"]


def test_nsd_hero_six_only_if_hero_can_be_wounded():
    s = battle("H0S", "S0F", "S0F", "Z0F", "Z0F")
    s.apply("stand")
    s.apply("d6 6")  # strength 2, 6: 1 wound; the Hero is in Support, not engaged
    assert s.boards[0].fig(1)[2] == 0 and "nsd-hero-six" not in rules_of(s)


def test_nsd_two_wounds_kill_survivors_and_zombies():
    s = battle("H0F", "S1F", "Z1F")
    s.apply("stand")
    s.apply("d6 6")  # the zombie wounds its opponent, the wounded survivor: killed
    assert "nsd-two-wounds" in rules_of(s)
    # the Hero was not in contact, so the survivors cannot strike back this round;
    # the victorious zombie moves on to the Hero for round 2
    assert s.task["side"] == "Z" and s.boards[0].pairs == [[1, 3]]
    s.apply("d6 1")
    s.apply("d6 6")  # Hero 3: roll 6 at 3 = 2 wounds on the wounded zombie
    assert zombies(s) == []


def test_nsd_narrator_wounds_spread_over_fresh_zombies_first():
    s = battle("H0F", "S0F", "S0F", "S0F", "Z1F", "Z0F", "Z0F")
    s.apply("stand")
    s.apply("d6 1")
    s.apply("d6 6")  # strength 6 (3 engaged) -> 3 wounds: two fresh zombies wounded, then the wounded one dies
    assert sorted(f[2] for f in zombies(s)) == [1, 1]


def test_nsd_zone_wipe_zombies_move_into_support():
    s = sc.front_line_wiped()
    s.apply("d6 5")
    assert not survivors(s, zone="F")
    # no survivor in the Front Line any more: the zombies break into Support
    assert all(f[3] == "S" for f in zombies(s))
    assert "nsd-zone-wipe" in rules_of(s)
    assert s.task["zone"] == "S" and s.task["side"] == "Z"


def test_nsd_sudden_death():
    s = battle("S1F", "Z0F", "Z0F", "Z0F")
    s.apply("stand")
    s.apply("d6 6")
    assert s.boards[0].out and s.is_terminal()
    assert "nsd-sudden-death" in rules_of(s)
    assert s.returns() == [0.0]


def test_nsd_re_engage_victors_move_on():
    s = battle("H0F", "S0F", "S0F", "Z1F", "Z0F")
    s.apply("stand")
    s.apply("d6 1")
    s.apply("d6 6")  # strength 2+2+0 -> 2 wounds... spread: fresh zombie wounded, then wounded one killed
    b = s.boards[0]
    assert len(b.zombies()) == 1
    assert all(b.zombies_on(f[0]) <= 1 for f in b.survivors())
    assert any(r in ("nsd-ruling-re-engage", "nsd-narrator-placement") for r in rules_of(s))


def test_nsd_counter_charge_every_zombie_before_doubling_up():
    s = battle("H0F", "S0F", "S0F", "Z0F", "Z0F")
    s.apply("counter-charge")
    s.apply("engage s1 z4")
    with pytest.raises(IllegalAction) as info:
        s.apply("engage s2 z4")
    assert info.value.rule == "nsd-counter-charge"
    s.apply("engage s2 z5")
    assert "engage s3 z4" in acts(s) and "done" in acts(s)


def test_nsd_counter_charge_shields_the_wounded():
    s = battle("H0F", "S1F", "Z0F")
    s.apply("counter-charge")
    s.apply("engage s1 z3")
    s.apply("done")  # only a wounded survivor left behind: no drag roll
    assert s.task["why"] == "crt" and s.task["side"] == "P"
    assert s.boards[0].zombies_on(2) == 0


@pytest.mark.parametrize("roll,hero,dragged", [(7, False, True), (8, False, False), (6, True, True),
                                               (7, True, False)])
def test_nsd_charge_drag(roll, hero, dragged):
    s = battle("H0F", "S0F", "S0F", "Z0F", "Z0F")
    s.apply("counter-charge")
    s.apply("engage s1 z4" if hero else "engage s2 z4")
    s.apply("done")
    assert s.task["why"] == "drag2"
    s.apply(f"2d6 {roll}")
    if dragged:
        assert s.task["why"] == "drag1"
        s.apply("d6 5")  # as many as there are: both fresh survivors left behind must join
        assert s.task["k"] == "drag" and s.task["left"] == 2
        s.apply(acts(s)[0])  # the player picks the first; the last one is forced
        assert "nsd-charge-drag" in rules_of(s)
        assert len(s.boards[0].chargers) == 3
    else:
        assert s.task["why"] == "crt" and len(s.boards[0].chargers) == 1


def test_nsd_wild_charge_even_when_every_zombie_died():
    s = sc.charge_clears_all()
    play(s, "engage s1 z7", "engage s2 z8", "d6 6")
    assert zombies(s) == []
    assert s.task["why"] == "wild2"
    s.apply("2d6 5")  # 5 + 1 for the Hero = 6: below 7
    assert s.task["why"] == "wild1"
    s.apply("d6 1")
    assert acts(s) == ["lose s1", "lose s2"]
    s.apply("lose s2")
    assert len(survivors(s)) == 5 and "nsd-wild-charge" in rules_of(s)


def test_nsd_wild_charge_seven_holds():
    s = sc.charge_clears_all()
    play(s, "engage s1 z7", "engage s2 z8", "d6 6", "2d6 6")  # 6 + 1 = 7: hold
    assert s.task["k"] == "reorder" and len(survivors(s)) == 6


def test_nsd_ruling_hero_present_means_charging():
    s = battle("H0F", "S0F", "Z1F")
    s.apply("counter-charge")
    play(s, "engage s2 z3", "done", "2d6 12", "d6 6")  # survivor 2 + bonus 0: 6 -> 1 wound kills
    assert s.task["why"] == "wild2"
    s.apply("2d6 6")  # the Hero stayed back: no +1, 6 < 7
    assert s.task["why"] == "wild1"


def test_nsd_ruling_enemy_within_stand_only():
    s = night(5, [board("H0F", "S0F", "Z0F")], [["within", 0], *rest_of_hour()])
    # nobody wounded: no cards; the held zombie is fought standing
    assert "nsd-ruling-enemy-within" in rules_of(s) or s.task["k"] != "stance"
    assert s.task["k"] == "die"
