"""The Narration Track, cards, reinforcements, reordering and the dawn."""

import pytest

from necro.core import IllegalAction, OptionError
from necro.shambling_dead import ShamblingDead
from necro.shambling_dead import scenarios as sc
from necro.shambling_dead.tables import DECK

from .helpers import acts, board, new, night, play, rest_of_hour, rules_of, survivors, zombies


def test_nsd_equipment_and_ruling_setup():
    s = new()
    assert s.task == {"k": "place", "p": 0, "hero": 1} and acts(s) == ["place F", "place S"]
    for _ in range(6):
        s.apply("place F")
    assert acts(s) == ["place S"] or s.task["k"] != "place"
    b = s.boards[0]
    assert len(b.survivors()) == 10 and len(b.heroes()) == 1
    assert b.front_count() == 6 and s.hour == 1  # the last four had to go to Support
    assert "nsd-ruling-setup" in rules_of(s)


def test_nsd_front_cap_refuses_a_seventh():
    s = night(4, [board(*["S0F"] * 6)], [["replace", 0], ["reorder", 0], ["endturn"]])
    s.apply("draw 3H")
    assert acts(s) == []  or s.task["k"] != "place"  # forced: all three go to Support
    assert s.boards[0].front_count() == 6 and len(survivors(s, zone="S")) == 3
    s2 = night(1, [board(*["S0F"] * 6, "H0S")], [["reorder", 0], ["endturn"]])
    with pytest.raises(IllegalAction) as info:
        s2.apply("move s7 F")
    assert info.value.rule == "nsd-front-cap"


def test_nsd_ruling_front_cap_option_ten():
    s = night(1, [board(*["S0F"] * 6, "H0S")], [["reorder", 0], ["endturn"]], front_cap=10)
    s.apply("move s7 F")
    assert s.boards[0].front_count() == 7
    with pytest.raises(OptionError):
        ShamblingDead(1, front_cap=8)


def test_nsd_track_fixed_order_and_dawn_ends():
    from necro.core.bots import play as play_bots
    from necro.shambling_dead.bots import AlwaysStand

    for seed in range(8):
        s = new(seed=seed)
        play_bots(s, [AlwaysStand(seed)], recorded=True)
        assert s.is_terminal()
        assert s.events == list(range(1, len(s.events) + 1))
        if not s.boards[0].out:
            assert s.events == list(range(1, 11)) and "nsd-ruling-dawn" in rules_of(s)


def test_nsd_event_deck_variant():
    from necro.core.bots import play as play_bots
    from necro.shambling_dead.bots import CautiousReorder

    seen = set()
    for seed in range(12):
        s = new(seed=seed, narration="event-deck")
        play_bots(s, [CautiousReorder(seed)], recorded=True)
        assert len(set(s.events)) == len(s.events)
        if len(s.events) == 10:
            assert s.events[-1] == 10
        seen.add(tuple(s.events[:2]))
    assert len(seen) > 1


def test_nsd_gauntlet_strength_ten():
    s = night(1, [board("H0F", "S0F", "S0S")], [["gauntlet", 0], *rest_of_hour()])
    assert s.task["why"] == "gauntlet"
    s.apply("d6 4")  # CRT strength 10, die 4: 2 wounds, spread by the player over anyone
    assert s.task["k"] == "wound" and s.task["left"] == 2 and acts(s) == ["wound s1", "wound s2", "wound s3"]


def test_nsd_gauntlet_six_hits_the_hero():
    s = night(8, [board("H0S", "S0F", "S0F")], [["gauntlet", 0], *rest_of_hour()])
    s.apply("d6 6")  # 4 wounds at strength 10
    assert s.boards[0].heroes()[0][2] >= 1 or not s.boards[0].heroes()
    assert "nsd-hero-six" in rules_of(s)


def test_nsd_assault_card_value_zombies():
    s = night(2, [board("H0F", "S0F")], [["assault", 0, "F", 1], *rest_of_hour()])
    s.apply("draw 7C")
    assert len(zombies(s, zone="F")) == 7 and s.task["k"] == "stance"
    s2 = night(2, [board("H0F", "S0F")], [["assault", 0, "F", 1], *rest_of_hour()])
    s2.apply("draw AD")
    assert len(zombies(s2)) == 1


def test_nsd_final_assault_two_cards():
    s = night(9, [board("H0F", "S0F")], [["assault", 0, "F", 2], *rest_of_hour()])
    play(s, "draw 9S", "draw 8H")
    assert len(zombies(s, zone="F")) == 17


def test_nsd_ruling_zombie_supply_cap():
    s = night(9, [board("H0F", "S0F", "Z0F")], [["assault", 0, "F", 2], *rest_of_hour()], zombie_cap=10)
    play(s, "draw 9S", "draw 8H")
    assert len(zombies(s)) == 10


def test_nsd_surprise_assault_in_support():
    s = night(6, [board("H0F", "S0S", "S0S")], [["assault", 0, "S", 1], *rest_of_hour()])
    s.apply("draw 3S")
    assert len(zombies(s, zone="S")) == 3 and s.is_chance_node()  # Support stands: no stance choice


def test_nsd_surprise_assault_with_empty_support_moves_to_front():
    s = night(6, [board("H0F", "S0F")], [["assault", 0, "S", 1], *rest_of_hour()])
    s.apply("draw 2S")
    assert len(zombies(s, zone="F")) == 2 and "nsd-zone-wipe" in rules_of(s)


@pytest.mark.parametrize("card,die,flee", [("3S", 5, 2), ("3C", 1, 0), ("3H", None, 0), ("9D", None, 0)])
def test_nsd_dissention(card, die, flee):
    s = sc.dissention()
    s.apply(f"draw {card}")
    if die is not None:
        assert s.task["why"] == "flee"
        s.apply(f"d6 {die}")
    for _ in range(flee):
        assert s.task["k"] == "flee"
        s.apply(acts(s)[-1])  # not the Hero (s1), so the reorder still happens
    assert len(survivors(s)) == 5 - flee
    assert s.task["k"] == "reorder"


def test_nsd_saviours_cards_in_order():
    s = night(4, [board("H0F", "S0F", "S0S")], [["assault", 0, "F", 1], ["replace", 0], *rest_of_hour()])
    s.apply("draw 2S")
    assert s.task["why"] == "replace"
    s.apply("draw 3H")
    assert s.task["k"] == "place"
    play(s, "place S", "place F", "place S")
    assert len(survivors(s)) == 6 and s.task["k"] == "stance"


def test_nsd_down_in_flames_replacement_first():
    s = night(7, [board("H0F", "S0F")], [["replace", 0], ["assault", 0, "F", 1], *rest_of_hour()])
    assert s.task["why"] == "replace"
    s.apply("draw 2C")  # not a heart: nobody comes
    assert s.task["why"] == "assault" and "nsd-reinforcements" in rules_of(s)


def test_nsd_reinforcements_hearts_only():
    for card, n in (("AH", 1), ("6H", 6), ("6D", 0), ("6S", 0)):
        s = night(4, [board("H0F")], [["replace", 0], ["reorder", 0], ["endturn"]])
        s.apply(f"draw {card}")
        for _ in range(n):
            s.apply("place S")
        assert len(survivors(s)) == 1 + n


def test_nsd_ten_of_hearts_brings_a_hero():
    s = sc.ten_of_hearts()
    s.apply("draw 10H")
    assert s.task == {"k": "place", "p": 0, "hero": 1}
    for _ in range(10):
        if s.task["k"] == "place":
            s.apply("place S")
    b = s.boards[0]
    assert len(b.heroes()) == 1 and len(b.survivors()) == 13
    assert "nsd-ten-of-hearts" in rules_of(s)


def test_nsd_joker_reshuffles_this_turns_cards_too():
    s = sc.joker_mid_turn()
    assert "5S" in s.decks[0].discard
    s.apply("draw JK")
    assert sorted(s.decks[0].pile) == sorted(DECK) and s.decks[0].discard == []
    assert s.task["why"] == "assault" and s.task["left"] == 1 and s.task["sum"] == 5
    s.apply("draw 5S")  # the same 5 can come again
    assert len(zombies(s)) == 10 and "nsd-joker" in rules_of(s)


def test_nsd_joker_redraws_for_the_same_survivor():
    s = sc.enemy_within()
    s.apply("draw JK")
    assert s.task["ids"][s.task["i"]] == 2 and len(s.decks[0].pile) == 41


def test_nsd_ruling_deck_out_reshuffles_discards():
    s = night(2, [board("H0F", "S0F")], [["assault", 0, "F", 1], *rest_of_hour()], pile=[])
    assert len(s.decks[0].pile) == 41 and "nsd-ruling-deck-out" in rules_of(s) or s.task["why"] == "assault"
    assert len(s.decks[0].pile) == 41


def test_nsd_enemy_within_black_turns():
    s = sc.enemy_within()
    s.apply("draw 4S")  # s2 (wounded, Front Line) turns
    b = s.boards[0]
    assert b.fig(2) is None and len(b.zombies("F")) == 1 and b.turned == 1
    s.apply("draw 4H")  # s4 spared
    assert b.fig(4) is not None
    assert s.is_chance_node()  # straight into the battle: stand and receive only
    assert "nsd-ruling-enemy-within" in rules_of(s)


def test_nsd_ruling_enemy_within_turned_hero_stops_reordering():
    s = night(5, [board("H1F", "S0S")], [["within", 0], *rest_of_hour()])
    s.apply("draw 2C")
    assert not s.boards[0].heroes() and "nsd-reorder-hero" in rules_of(s)


def test_nsd_brave_new_dawn_guard_shoots_on_black():
    s = sc.dawn_with_the_guard()
    s.apply("draw 2S")  # s2 turns
    while s.task and s.task["k"] == "die":
        s.apply("d6 1")  # a quiet battle
    assert s.task["why"] == "guard" and s.task["ids"] == [1, 3, 4]
    play(s, "draw 3C", "draw 3H", "draw 5H")
    assert s.is_terminal() and len(survivors(s)) == 2
    assert s.returns() == [2.0] and s.survived() == [True]


def test_nsd_ruling_guard_holds_fire_without_turning():
    s = sc.dawn_with_the_guard()
    s.apply("draw 2H")
    while not s.is_terminal():
        s.apply("d6 1")
    assert s.returns() == [3.0] or s.returns() == [4.0]
    assert "Guard holds fire" in " ".join(e.text for e in s.log)


def test_nsd_ruling_dawn_score():
    s = night(10, [board("H0F", "S0F"), board(out=[7, "the zombies hold the board"])],
              [["within", 0], ["battle", 0], ["guard", 0], ["endturn"]])
    assert s.is_terminal() and s.returns() == [2.0, 0.0] and s.winner() == 0


def test_nsd_reorder_moves_once_each():
    s = night(1, [board("H0F", "S1F", "S0S")], [["reorder", 0], ["endturn"]])
    s.apply("move s2 S")
    with pytest.raises(IllegalAction) as info:
        s.apply("move s2 F")
    assert info.value.rule == "nsd-ruling-reorder-once"
    s.apply("move s3 F")
    assert acts(s) == ["done", "move s1 S"]


def test_nsd_reorder_hero_dead_stops_reordering():
    s = sc.hero_falls()
    s.apply("d6 5")  # one wound on the wounded Hero: dead
    assert not s.boards[0].heroes()
    while s.task["k"] == "die":
        s.apply("d6 1")
    assert s.hour == 5 and s.task["k"] == "card"  # hour 4 ended with no reorder
    assert "nsd-reorder-hero" in rules_of(s)


def test_nsd_ruling_shared_deck_and_own_decks():
    s = sc.two_players_one_deck()
    assert len(acts(s)) == 5
    s.apply("draw 10S")
    assert s.task["p"] == 1 and "draw 10S" not in acts(s) and len(acts(s)) == 4
    s2 = night(2, [board("H0F"), board("H0F")], [["assault", 0, "F", 1], ["assault", 1, "F", 1],
                                                 ["battle", 0], ["battle", 1], ["endturn"]], deck="own")
    s2.apply("draw 4S")
    assert "draw 4S" in acts(s2) and len(s2.decks) == 2


def test_nsd_ruling_no_survivors():
    s = night(3, [board("S0F")], [["dissent", 0], *rest_of_hour()])
    play(s, "draw 2S", "d6 2")  # one flees: the last one
    assert s.is_terminal() and s.boards[0].out and "nsd-ruling-no-survivors" in rules_of(s)
