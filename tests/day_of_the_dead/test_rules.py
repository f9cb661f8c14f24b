"""Every rule and ruling of rules.py, each by a test that fails if the rule is broken.

Each test names the rule ids it checks in its docstring; the last test makes sure every id of
the rule book is named by some test here.
"""

import ast
import json
import pathlib
import re
from fractions import Fraction

import pytest

from necro.core import CHANCE, SPECTATOR, IllegalAction
from necro.core.rng import Rng
from necro.day_of_the_dead import RULES, DayOfTheDead
from necro.day_of_the_dead import scenarios as sc
from necro.day_of_the_dead.cards import card_set
from necro.day_of_the_dead.state import check_illegal

from .helpers import hands, lines, name, names, new, play, rules_of, table, texts

def dealt(seed=0, **options):
    """A new game once the deal and the priority draw are done (turn 1, first decision)."""
    return play(new(seed, **options))


def backs(state, cards):
    return sorted(state.cs[c].back for c in cards)


# ------------------------------------------------------------------ components and set-up
def test_components_three_decks_of_38_by_back():
    """dotd-components"""
    cs = card_set()
    assert len(cs.cards) == 114
    for back, letter in (("double", "D"), ("power-up", "P"), ("unearth", "U")):
        deck = cs.decks[back]
        assert len(deck) == 38 and all(c.startswith(letter) and cs[c].back == back for c in deck)
    # the named cards have the backs the text states or implies (Oaf: Double; Anger, Paranoid and Spook share
    # the Unearth back in the Spook FAQ), and each deck is 36 characters, its plain 7 three times
    assert [c.back for c in cs.by_name("Oaf")] == ["double"] * 3
    for shared in ("Anger", "Paranoid", "Spook"):
        assert [c.back for c in cs.by_name(shared)] == ["unearth"], shared
    for back in ("double", "power-up", "unearth"):
        assert len({cs[c].name for c in cs.decks[back]}) == 36


def test_deal_nine_cards_three_of_each_back_scores_zero():
    """dotd-setup-deal, dotd-setup-priority"""
    for seed in range(5):
        s = dealt(seed)
        assert s.turn == 1 and s.scores == [0, 0]
        for p in (0, 1):
            assert len(s.hands[p]) == 9
            assert backs(s, s.hands[p]) == ["double"] * 3 + ["power-up"] * 3 + ["unearth"] * 3
        assert sum(len(v) for v in s.decks.values()) == 114 - 18
        assert rules_of(s).count("dotd-setup-deal") == 18
        assert "dotd-setup-priority" in rules_of(s)


def test_priority_is_chance_one_half_each():
    """dotd-setup-priority"""
    s = new(0)
    for _ in range(18):
        s.play_chance()
    assert s.current_player() == CHANCE and s.task["do"] == "priority"
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes == {"priority 1": Fraction(1, 2), "priority 2": Fraction(1, 2)}
    s.apply("priority 2")
    assert s.priority == 1 and s.current_player() == 1
    assert "Player 2 takes the priority counter." in texts(s)
    firsts = {dealt(seed).priority for seed in range(12)}
    assert firsts == {0, 1}


def test_draws_are_chance_over_the_cards_left():
    """dotd-setup-deal"""
    s = new(0)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 38 and all(p == Fraction(1, 38) for _, p in outcomes)
    s.apply("draw D05")
    assert s.hands[0] == ["D05"] and "D05" not in s.decks["D"]
    assert len(s.chance_outcomes()) == 37
    assert check_illegal(s, "draw D05").rule == "dotd-setup-deal"


# ------------------------------------------------------------------ summoning
def test_six_turns_each_opened_by_a_log_line():
    """dotd-turn"""
    s = dealt(1)
    first = s.priority
    rng = Rng(5)
    while not s.is_terminal():
        s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))
    holders = [1 + (first + k) % 2 for k in range(6)]
    assert lines(s, "dotd-turn") == [f"Turn {k + 1} of 6 begins; player {holders[k]} has priority." for k in range(6)]
    assert s.turn == 6 and len(s.slots[0]) == len(s.slots[1]) == 6


def test_turn_1_opens_slot_1_with_a_card_from_hand_face_down():
    """dotd-open-slot, dotd-spirit"""
    s = sc.summoning_turn_1()
    assert s.task["do"] == "fallen" and s.current_player() == 0
    dealt_hand = len(s.hands[0])
    play(s, "fallen Oaf")
    assert names(s, 0) == [("Oaf", False)] and "Oaf" not in [name(s, c) for c in s.hands[0]]
    assert lines(s, "dotd-open-slot") == ["Player 1 lays a card face down in slot 1; its back shows once player 2 "
                                          "has chosen too."]
    play(s, "fallen Anger")
    assert lines(s, "dotd-open-slot")[1] == ("Player 2 lays an Unearth card face down in slot 1; player 1's, laid "
                                             "at the same time, is a Double card.")
    assert s.task["do"] == "spirit" and s.current_player() == 0
    play(s, "spirit Hoard")
    assert name(s, s.spirits[0]) == "Hoard" and len(s.hands[0]) == dealt_hand - 2
    assert lines(s, "dotd-spirit") == ["Player 1 lays a card face down as the new spirit; its back shows once "
                                       "player 2 has chosen too."]


def test_later_turns_open_the_slot_with_last_turns_spirit():
    """dotd-open-slot"""
    s = sc.summoning_turn_1()
    play(s, "fallen Oaf", "fallen Anger", "spirit Hoard", "spirit Greed", "keep")
    assert s.turn == 2
    assert names(s, 0) == [("Oaf", False), ("Hoard", False)] and s.spirits[0] is None
    assert names(s, 1) == [("Anger", True), ("Greed", False)] and s.spirits[1] is None, "Anger won: still face up"
    opened = lines(s, "dotd-open-slot")[-2:]
    assert opened == ["Player 2 moves last turn's spirit (a Double card) face down into new slot 2.",
                      "Player 1 moves last turn's spirit (a Power Up card) face down into new slot 2."]


def limit_table(turn=3):
    """Player 1 has two Double cards in line and chooses a spirit from Nemesis, Hoard, Clod."""
    line0 = ["Oaf", "Oaf", "Lug", "Clod", "Lug", "Clod"][:turn]
    line1 = ["Mail Zombie", "Sack Zombie", "Catacomb Courier", "Coffee Break Wraith", "Sorting Skeleton",
             "Risen Temp"][:turn]
    return table([line0, line1], (None, None),
                 (("Nemesis", "Hoard", "Mud-Caked Zombie", "Twin"), ("Greed", "Grief", "Spy", "Cancel")), start="spirit")


def test_back_limit_refuses_a_third_card_of_a_back_and_leaves_the_state_unchanged():
    """dotd-back-limit"""
    s = limit_table()
    nemesis = s.cs.first("Nemesis")
    assert [s.cs[a.arg].name for a in s.legal_actions()] == ["Hoard", "Mud-Caked Zombie"]
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(f"spirit {nemesis}")
    assert info.value.rule == "dotd-back-limit" and "two Double cards" in info.value.reason
    assert s.to_json() == before
    # a card that is not in hand is refused for that reason, not the limit
    assert check_illegal(s, "spirit D30").rule == "dotd-spirit"


def test_back_limit_lifted_on_turn_6():
    """dotd-back-limit: a hand-made line with one Power Up card, so that before turn 6 only Hoard would fit"""
    line0 = ["Oaf", "Oaf", "Lug", "Clod", "Clod", "Spy"]
    line1 = ["Mail Zombie", "Sack Zombie", "Catacomb Courier", "Coffee Break Wraith", "Sorting Skeleton", "Risen Temp"]
    hand = (("Nemesis", "Hoard", "Mud-Caked Zombie"), ("Greed", "Grief", "Spook"))
    before = table([line0[:5], line1[:5]], (None, None), hand, start="spirit")
    assert [before.cs[a.arg].name for a in before.legal_actions()] == ["Hoard"]
    s = table([line0, line1], (None, None), hand, start="spirit")
    assert [s.cs[a.arg].name for a in s.legal_actions()] == ["Nemesis", "Hoard", "Mud-Caked Zombie"]
    play(s, "spirit Nemesis")
    assert backs(s, s.in_play(0)).count("double") == 3


def test_no_legal_spirit_any_card_may_be_played():
    """dotd-ruling-no-legal-spirit"""
    s = table([["Oaf", "Nemesis", "Lug"], ["Lug", "Clod", "Oaf"]], (None, None),
              (("Greed", "Twin", "Alchemy", "Cancel"), ("Spy", "Troll", "Famine", "Clod")), start="spirit")
    assert sorted(s.cs[a.arg].name for a in s.legal_actions()) == ["Alchemy", "Cancel", "Greed", "Twin"]


def test_field_becomes_active_spirits_stay_face_down():
    """dotd-activate"""
    s = table([["Lug", "Clod"], ["Oaf", "Lug"]], (None, None), hands(), start="spirit")
    assert all(not up for line in s.slots for _, up in line)
    play(s, "spirit Skeleton Clerk")
    assert s.view(1)["spirits"][0] is None, "player 2 chooses as if at once: nothing of player 1's spirit yet"
    play(s, "spirit Rubber Stamp Mummy")
    assert "The field becomes active: 1: Lug (7) v Oaf (7); 2: Clod (7) v Lug (7)." in texts(s)
    assert s.steps[-1].log[1].rule == "dotd-activate"


def test_unearth_spirit_acts_at_once_priority_first():
    """dotd-spirit-unearth"""
    s = table([["Lug"], ["Oaf"]], ("Hoard", "Greed"), hands(("Spy",), ("Spook",)), priority=1, turn=1,
              start="turn")  # turn 2 begins: the Hoard and Greed spirits open slot 2
    play(s, "spirit Spook", "spirit Spy")
    assert s.task["do"] == "target" and s.current_player() == 1, "player 2 has priority: unearths first"
    assert lines(s, "dotd-spirit-unearth") == ["Player 2's spirit has an Unearth back: it acts now."]
    play(s, "unearth Oaf")
    assert s.task["do"] == "take"
    play(s, str(s.legal_actions()[0]))
    assert s.task["do"] == "target" and s.current_player() == 0, "then player 1's Unearth spirit"
    assert lines(s, "dotd-spirit-unearth")[-1] == "Player 1's spirit has an Unearth back: it acts now."
    assert s.fight is None, "both act before the first fight"


# ------------------------------------------------------------------ fighting
def test_fights_go_from_the_newest_slot_down():
    """dotd-fight-order, dotd-next-fight"""
    s = table([["Lug", "Clod"], ["Clod", "Oaf"]], ("Oaf", "Lug"), hands(), turn=2, start="turn")
    play(s, "spirit Postal Ghoul", "spirit Mail Carrier Mummy")  # turn 3: the spirits have opened slot 3
    assert lines(s, "dotd-fight-order") == ["Fight in slot 3: Oaf (7) v Lug (7).", "Fight in slot 2: Clod (7) v Oaf (7).",
                                            "Fight in slot 1: Lug (7) v Clod (7)."]


def test_effects_priority_holder_first():
    """dotd-effects, dotd-ruling-effect-order"""
    for priority in (0, 1):
        s = table([["Mail Zombie"], ["Parcel Mummy"]], (None, None), hands(), priority=priority, start="spirit")
        play(s, *["spirit Postal Ghoul", "spirit Mail Carrier Mummy"][::1 - 2 * priority])
        used = [t for t in lines(s, "dotd-effects") if "uses its effect" in t]
        first = ["Player 1's Mail Zombie", "Player 2's Parcel Mummy"][priority]
        assert used[0].startswith(first) and len(used) == 2


def test_oaf_v_anger_9_v_13():
    """dotd-power, dotd-power-up, dotd-double, dotd-compare (the rule book's fighting example)"""
    s = sc.summoning_turn_1()
    play(s, "fallen Oaf", "fallen Anger", "spirit Hoard", "spirit Greed")
    assert s.fight["power"] == [9, 13]
    assert [0, "Power Up spirit", 2] in s.fight["parts"] and [0, "printed (Oaf)", 7] in s.fight["parts"]
    assert s.fight["parts"].count([1, "Anger", 5]) == 1 and [1, "Anger again", 5] in s.fight["parts"]
    assert lines(s, "dotd-double") == ["Player 2's Anger uses its effect again (Double spirit): +5 power."]
    assert "Power 9 v 13: player 2's Anger wins; Oaf falls face down." in lines(s, "dotd-compare")
    assert names(s, 0) == [("Oaf", False)] and names(s, 1) == [("Anger", True)]
    loaded = sc.oaf_v_anger()
    assert loaded.fight["power"] == [9, 13]


@pytest.mark.parametrize("spirits,power", [(("Nemesis", "Troll"), [7, 13]), (("Nemesis", "Lug"), [7, 10]),
                                           (("Hoard", "Lug"), [9, 10]), (("Hoard", "Troll"), [9, 13])])
def test_double_repeats_and_power_up_adds_two(spirits, power):
    """dotd-double, dotd-power-up, dotd-power"""
    s = table([["Oaf"], ["Anger"]], (None, None), hands((spirits[0],), (spirits[1],)), start="spirit")
    play(s, f"spirit {spirits[0]}", f"spirit {spirits[1]}")
    assert s.fight["power"] == power
    assert ("dotd-double" in rules_of(s)) == (spirits[1] == "Troll")


def test_tie_both_stay_active_and_both_score():
    """dotd-tie, dotd-score"""
    s = table([["Oaf"], ["Lug"]], (None, None), hands(), start="spirit")
    play(s, "spirit Skeleton Clerk", "spirit Rubber Stamp Mummy")
    assert "Power 7 v 7: a tie, both fighters stay active." in lines(s, "dotd-tie")
    assert "Player 1 scores 7 for active fighters (7 in all)." in lines(s, "dotd-score")
    assert "Player 2 scores 7 for active fighters (7 in all)." in lines(s, "dotd-score")
    assert s.turn == 2 and s.scores == [7, 7]


def test_loser_without_conversion_stays_fallen_and_scores_nothing():
    """dotd-compare, dotd-score"""
    s = table([["Lug", "Oaf"], ["Clod", "Anger"]], ("Nemesis", "Spy"), hands(n=4), fight=2, scores=(3, 4))
    # Anger 8 beats Oaf 7 (already resolved on load); player 1 keeps Oaf in line
    assert s.task == {"do": "convert", "p": 0, "slot": 2}
    play(s, "keep")
    assert "Player 1 keeps the loser in line." in texts(s)
    assert "Player 1 scores 7 for active fighters (10 in all)." in lines(s, "dotd-score"), "only Lug (tie)"
    assert "Player 2 scores 10 for active fighters (14 in all)." in lines(s, "dotd-score")


def test_rewards_score_printed_power_not_the_fight_power():
    """dotd-score"""
    s = table([["Anger"], ["Oaf"]], (None, None), hands(extra0=("Greed",)), start="spirit")
    play(s, "spirit Greed", "spirit Rubber Stamp Mummy")
    assert s.fight["power"] == [13, 7]
    play(s, "keep")
    assert "Player 1 scores 3 for active fighters (3 in all)." in lines(s, "dotd-score")


def test_priority_passes_at_the_end_of_each_turn():
    """dotd-pass-priority"""
    s = table([["Oaf"], ["Lug"]], (None, None), hands(), start="spirit", priority=1)
    play(s, "spirit Rubber Stamp Mummy", "spirit Skeleton Clerk")
    assert s.priority == 0 and lines(s, "dotd-pass-priority") == ["Priority passes to player 1."]
    assert s.current_player() == 0


def test_turn_5_conversion_example():
    """dotd-convert (the rule book's turn-5 example: slots 4 and 5 move down, the old spirit fills slot 5)"""
    s = sc.turn_5_conversion()
    assert s.task == {"do": "convert", "p": 0, "slot": 3}
    before = [name(s, c) for c, _ in s.slots[0]]
    assert before == ["Lug", "Hoard", "Grief", "Oaf", "Vampire"]
    play(s, "convert")
    assert [n for n, _ in names(s, 0)] == ["Lug", "Hoard", "Oaf", "Vampire", "Moody"]
    assert names(s, 0)[2:] == [("Oaf", True), ("Vampire", True), ("Moody", False)]
    assert name(s, s.spirits[0]) == "Grief"
    assert lines(s, "dotd-convert")[0] == ("Player 1 pulls Grief out of slot 3: slots 4-5 move down one, the old "
                                           "spirit, Moody, fills slot 5 face down, and Grief becomes the new spirit.")


def test_oaf_converts_and_hoard_takes_its_place():
    """dotd-convert (the turn-1 example: Power Up takes Oaf's place, Oaf becomes a Double spirit)"""
    s = sc.oaf_v_anger()
    play(s, "convert")
    assert s.turn == 2 and names(s, 0) == [("Hoard", False), ("Oaf", False)], "the Oaf spirit opened slot 2"
    assert "Player 1 pulls Oaf out of slot 1: the old spirit, Hoard, fills slot 1 face down, and Oaf becomes the new " \
           "spirit." in texts(s)


def test_conversion_into_an_unearth_spirit_acts_at_once():
    """dotd-convert, dotd-spirit-unearth"""
    s = table([["Lug", "Compost Ghoul"], ["Clod", "Lug"]], ("Oaf", "Hoard"), hands(n=4), fight=2)
    assert s.task == {"do": "convert", "p": 0, "slot": 2}
    play(s, "convert")
    assert "The new spirit has an Unearth back: it acts now." in lines(s, "dotd-spirit-unearth")
    assert s.task["do"] == "target" and s.task["source"] == "spirit"


def test_new_spirit_counts_from_the_next_fight_and_several_conversions_a_turn():
    """dotd-ruling-conversions"""
    # Player 1's spirit is Hoard (Power Up); slot 2 Oaf loses to Anger and becomes a Double spirit, so
    # in slot 1 Mail Zombie's +3 is doubled. Slot 1 loses too and may be converted again.
    s = table([["Mail Zombie", "Oaf"], ["Famine", "Anger"]], ("Hoard", "Greed"), hands(n=4), fight=2)
    assert s.fight["power"] == [9, 13] and s.task == {"do": "convert", "p": 0, "slot": 2}
    play(s, "convert")
    assert name(s, s.spirits[0]) == "Oaf"
    assert s.fight["slot"] == 1 and s.fight["power"] == [10, 3], "Mail Zombie 4 + 3 + 3 (Double), no Power Up"
    # Player 1 loses both fights and converts twice in one turn.
    s2 = table([["Lug", "Oaf"], ["Zombie Courier", "Anger"]], ("Hoard", "Greed"), hands(n=4), fight=2)
    play(s2, "convert")
    assert s2.fight["power"] == [7, 14], "Lug without the Power Up spirit it no longer has"
    assert s2.task == {"do": "convert", "p": 0, "slot": 1}
    play(s2, "convert")
    assert len(lines(s2, "dotd-convert")) == 2
    assert lines(s2, "dotd-convert")[1].endswith("the old spirit, Oaf, fills slot 2 face down, and Lug becomes the "
                                                  "new spirit.")
    assert s2.turn == 3 and names(s2, 0) == [("Hoard", False), ("Oaf", False), ("Lug", False)]


def test_unearth_keeps_the_state_and_discards_three():
    """dotd-unearth, dotd-ruling-unearth-timing (the rule book's Unearth example: Oaf, Oaf, Nemesis)"""
    s = sc.unearth_oaf()
    play(s, "spirit Spook", "spirit Greed", "unearth Oaf")
    assert s.task["do"] == "take" and sorted(name(s, c) for c in s.looking) == ["Nemesis", "Oaf", "Oaf"]
    assert names(s, 0) == [("Oaf", True)], "the unearthed card stays in place until the choice"
    assert s.discards["D"] == []
    play(s, "take Nemesis")
    assert names(s, 0)[0] == ("Nemesis", True)
    assert sorted(name(s, c) for c in s.discards["D"]) == ["Oaf", "Oaf", "Oaf"] and s.looking == []
    assert s.discards["D"][0] == s.cs.first("Oaf"), "the replaced card goes first, the two others on top"


def test_unearth_a_fallen_card_stays_fallen_and_a_spirit_stays_spirit():
    """dotd-unearth, dotd-ruling-unearth-self"""
    s = sc.spy()  # Spy lost: fallen
    play(s, "unearth Spy", "take Moldy Mummy")
    assert names(s, 0)[0] == ("Moldy Mummy", False)
    t = table([["Lug"], ["Oaf"]], (None, None), hands(("Spook",)), start="spirit", force=("Spy", "Clod", "Clod"))
    play(t, "spirit Spook", "spirit Rubber Stamp Mummy")
    assert t.task["options"] == ["p1-slot1", "p1-spirit"]
    assert sorted(name(t, t.card_at(o)) for o in t.task["options"]) == ["Lug", "Spook"]
    play(t, "unearth Spook", "take Spy")
    assert ("Player 1 puts an Unearth card face down as the spirit for player 1; Spook and the other cards "
            "looked at are discarded.") in texts(t)
    assert t.turn == 2 and names(t, 0)[1] == ("Spy", False), "Spy was the spirit: it opens slot 2"
    assert len(lines(t, "dotd-spirit-unearth")) == 2, "the new Unearth spirit does not act again"


def test_unearth_spirit_option_off_it_cannot_pick_itself():
    """dotd-ruling-unearth-self (variant)"""
    t = table([["Lug"], ["Oaf"]], (None, None), hands(("Spook",)), start="spirit", unearth_spirit=False)
    play(t, "spirit Spook", "spirit Rubber Stamp Mummy")
    assert t.task["options"] == ["p1-slot1"]
    assert check_illegal(t, "unearth p1-spirit").rule == "dotd-spirit-unearth"


def test_dig_draws_from_any_deck_then_discards_that_back():
    """dotd-keyword-dig"""
    s = table([["Memo Poltergeist"], ["Lug"]], (None, None), hands(), start="spirit")
    play(s, "spirit Skeleton Clerk", "spirit Rubber Stamp Mummy")
    assert s.task["do"] == "dig" and [str(a) for a in s.legal_actions()] == ["dig D", "dig P", "dig U"]
    hand = list(s.hands[0])
    play(s, "dig P")
    assert s.task["do"] == "discard" and len(s.hands[0]) == len(hand) + 1
    drawn = (set(s.hands[0]) - set(hand)).pop()
    assert drawn[0] == "P"
    assert all(a.arg[0] == "P" for a in s.legal_actions())
    assert check_illegal(s, f"discard {s.cs.first('Coffee Break Wraith')}").rule == "dotd-keyword-dig"
    play(s, f"discard {drawn}")
    assert sorted(s.hands[0]) == sorted(hand) and s.discards["P"] == [drawn]
    assert "dotd-keyword-dig" in rules_of(s)


def test_empty_deck_is_reshuffled_from_its_discard_pile():
    """dotd-reshuffle, dotd-ruling-reshuffle: at the next draw from the empty deck"""
    s = table([["Memo Poltergeist"], ["Lug"]], (None, None), hands(), start="spirit")
    pos = s.position()
    pos["discards"]["U"] = pos["decks"]["U"]
    pos["decks"]["U"] = []
    s = DayOfTheDead().state_from_position(pos)
    pile = list(s.discards["U"])
    play(s, "spirit Skeleton Clerk", "spirit Rubber Stamp Mummy")
    s.apply("dig U")
    assert s.discards["U"] == [] and sorted(s.decks["U"]) == sorted(pile)
    assert s.is_chance_node() and len(s.chance_outcomes()) == len(pile)
    assert lines(s, "dotd-ruling-reshuffle") == [f"The Unearth deck is empty: its discard pile ({len(pile)} cards) "
                                                 "is shuffled into a new deck as this card is drawn."]


def test_keyword_unearth_on_a_fighter():
    """dotd-keyword-unearth"""
    s = table([["Lug", "Redirect Revenant"], ["Clod", "Oaf"]], ("Hoard", "Spy"), hands(n=4), fight=2)
    assert s.task["do"] == "target" and s.task["p"] == 0
    assert s.task["options"] == ["p1-slot1", "p1-slot2", "p1-spirit"], "own cards only"
    play(s, "unearth Lug")
    assert "dotd-keyword-unearth" in rules_of(s)


# ------------------------------------------------------------------ the effect vocabulary
def test_effect_power_and_points_rule_ids():
    """dotd-effect-power, dotd-effect-points"""
    s = table([["Bone Stamper"], ["Grudge Clerk"]], (None, None), hands(), scores=(5, 5), start="spirit")
    play(s, "spirit Postal Ghoul", "spirit Mail Carrier Mummy")
    assert "Bone Stamper: +4 power for player 1." in lines(s, "dotd-effect-power")
    assert "Bone Stamper: player 1 gains 1 point (6)." in lines(s, "dotd-effect-points")
    assert "Grudge Clerk: player 1 loses 1 point (5)." in lines(s, "dotd-effect-points")
    assert "Power 8 v 8: a tie, both fighters stay active." in texts(s), "2 + 4 + 2 v 4 + 2 + 2"


def test_effect_win_stop_cancel_next_copy_return_unearth_after_rule_ids():
    """dotd-effect-win, dotd-effect-stop, dotd-effect-cancel, dotd-effect-next, dotd-effect-copy,
    dotd-effect-return, dotd-effect-unearth, dotd-effect-after: each verb does what its rule says,
    logged under that rule (the FAQ tests hold the numbers)"""
    s = play(sc.challenge(), "spirit Oaf", "spirit Oaf")
    assert lines(s, "dotd-effect-win") == ["Challenge: player 1 wins the fight outright; it ends here.",
                                           "Player 1 wins the fight without comparing power."]
    s = play(sc.troll(priority=0), "spirit Hoard", "spirit Lug")
    assert lines(s, "dotd-effect-stop") == ["Troll: player 2's fighter uses no more effects in this fight.",
                                            "Anger cannot use its effect: it was stopped."]
    s = play(sc.cancel(), "keep")
    assert lines(s, "dotd-effect-cancel") == ["Player 1's fighter uses no effect: this fight was cancelled.",
                                              "Player 2's fighter uses no effect: this fight was cancelled."]
    s = play(sc.alchemy(), "unearth Mail Zombie", "take Shambling Intern")
    assert lines(s, "dotd-effect-next") == ["Player 1's Shambling Intern uses its effect again (extra use): -2 power."]
    s = play(sc.forget(), "copy Route Walker")
    assert lines(s, "dotd-effect-copy") == ["Forget copies Route Walker; it loses its effect for the rest of the turn."]
    s = play(sc.return_(), "spirit Oaf", "spirit Oaf")
    assert lines(s, "dotd-effect-return") == ["Return goes to the discard pile and Anger (3) takes its place, active."]
    assert names(s, 0)[0][0] == "Anger"
    s = play(sc.spook(), "unearth Anger")
    assert lines(s, "dotd-effect-unearth") == ["Player 1 unearths player 2's Anger (slot 1)."]
    assert s.task == {"do": "take", "p": 0, "target": "p2-slot1", "source": "effect"}, "the Spook's owner picks"
    s = play(sc.spy(), "pass")
    assert lines(s, "dotd-effect-after") == ["Player 1 does not have Spy unearthed."]
    assert names(s, 0)[0] == ("Spy", False)


def test_copy_reads_active_fighters_and_never_another_copier():
    """dotd-ruling-copy"""
    # Photocopy Phantom (any) may copy Anger (active) but not Twin (a copier), Oaf (no effect),
    # nor the face-down Clod in slot 1; a silenced card may still be copied.
    s = table([["Grief", "Twin", "Photocopy Phantom"], ["Clod", "Anger", "Oaf"]], ("Hoard", "Lug"), hands(n=3),
              fight=3, fallen=((1,), (1,)))
    assert s.task["do"] == "copy"
    assert sorted(name(s, c) for c in s.task["options"]) == ["Anger"]
    assert check_illegal(s, f"copy {s.cs.first('Twin')}").rule == "dotd-ruling-copy"


def test_spy_and_moody_come_before_conversion_priority_first():
    """dotd-ruling-effect-order"""
    s = sc.moody(won=False)
    assert s.task["do"] == "after", "Moody's after-effect is asked before Moody's owner may convert"
    play(s, "pass")
    assert s.task == {"do": "convert", "p": 0, "slot": 1}


# ------------------------------------------------------------------ options (rulings both ways)
def test_spirit_fills_fallen_by_default_active_as_a_variant():
    """dotd-ruling-spirit-fills"""
    s = sc.oaf_v_anger()
    play(s, "convert")
    assert "Player 1 scores 0 for active fighters (0 in all)." in lines(s, "dotd-score")
    v = sc.oaf_v_anger(spirit_fills="active")
    play(v, "convert")
    assert "the old spirit, Hoard, fills slot 1 active" in " ".join(lines(v, "dotd-convert"))
    assert "Player 1 scores 5 for active fighters (5 in all)." in lines(v, "dotd-score")


def test_win_convert_off_by_default_on_as_a_variant():
    """dotd-ruling-win-convert: the Challenge FAQ skips 'any of the other parts of fighting', conversion
    (step D of fighting) included; the loser still falls."""
    s = play(sc.nemesis(), "spirit Oaf", "spirit Lug")
    assert lines(s, "dotd-ruling-win-convert") == ["After an outright win no other part of the fight happens: the "
                                                   "loser stays in line."]
    assert s.turn == 2 and names(s, 1)[0] == ("Vampire", False) and "dotd-convert" not in rules_of(s)
    v = play(sc.nemesis(win_convert=True), "spirit Oaf", "spirit Lug")
    assert v.task == {"do": "convert", "p": 1, "slot": 1}


def last_turn(scores, **options):
    """Turn 6 at the spirit choice. Every fight is 7 v 9 for player 2 (a Power Up spirit), so player 1
    ends with no active fighter and player 2 scores 7 + 7 + 7 + 4 + 5 + 2 = 32."""
    s = table([["Oaf", "Oaf", "Oaf", "Lug", "Lug", "Lug"],
               ["Clod", "Clod", "Clod", "Mail Zombie", "Skeleton Clerk", "Route Walker"]],
              (None, None), (("Nemesis",), ("Hoard",)), scores=scores, start="spirit", **options)
    play(s, "spirit Nemesis", "spirit Hoard", *["keep"] * 6)
    assert s.is_terminal() and s.turn == 6
    return s


def test_six_turns_then_the_higher_score_wins():
    """dotd-win, dotd-turn"""
    s = last_turn((40, 0))
    assert s.scores == [40, 32] and s.winner() == 0 and s.returns() == [1.0, -1.0]
    assert lines(s, "dotd-win") == ["After six turns player 1 wins, 40 to 32."]
    assert s.legal_actions() == [] and check_illegal(s, "keep").rule == "core-end"
    s = last_turn((30, 0))
    assert s.winner() == 1 and lines(s, "dotd-win") == ["After six turns player 2 wins, 32 to 30."]


def test_final_tie_is_a_draw_or_more_active_fighters():
    """dotd-ruling-final-tie"""
    s = last_turn((32, 0))
    assert s.scores == [32, 32] and s.winner() is None and s.returns() == [0.0, 0.0]
    assert lines(s, "dotd-ruling-final-tie") == ["Tied at 32: the game is a draw."]
    assert lines(s, "dotd-win") == []
    v = last_turn((32, 0), final_tie="fighters")
    assert v.winner() == 1 and v.returns() == [-1.0, 1.0]
    assert lines(v, "dotd-ruling-final-tie") == ["Tied at 32: player 2 has more active fighters and wins (variant)."]


# ------------------------------------------------------------------ rulings on the card set and hidden choices
def test_deck_size_ruling_36_characters_and_a_plain_7_three_times():
    """dotd-ruling-deck-size"""
    cs = card_set()
    for back, plain in (("double", "Oaf"), ("power-up", "Lug"), ("unearth", "Clod")):
        deck_names = [cs[c].name for c in cs.decks[back]]
        assert len(set(deck_names)) == 36
        assert deck_names.count(plain) == 3 and cs[cs.first(plain)].power == 7 and not cs[cs.first(plain)].effect


def test_card_set_ruling_provenance_and_the_option():
    """dotd-ruling-card-set"""
    cs = card_set()
    assert {c.provenance for c in cs.cards.values()} == {"rules", "faq", "book"}
    for faq_name in ("Alchemy", "Cancel", "Challenge", "Greed", "Grief", "Moody", "Control", "Cultivate", "Famine",
                     "Forget", "Return", "Spook", "Spy", "Troll", "Vampire", "Paranoid"):
        assert cs[cs.first(faq_name)].provenance == "faq", faq_name
    assert cs[cs.first("Oaf")].provenance == "rules" and cs[cs.first("Anger")].provenance == "rules"
    assert DayOfTheDead().options["cards"] == "book"
    with pytest.raises(ValueError):
        DayOfTheDead(cards="real")


def test_nemesis_is_in_the_double_deck():
    """dotd-ruling-nemesis-back"""
    cs = card_set()
    assert [c.back for c in cs.by_name("Nemesis")] == ["double"]
    assert cs[cs.first("Nemesis")].effect == ({"win": True},)


def test_hidden_order_the_second_chooser_sees_nothing_of_the_first_card():
    """dotd-ruling-hidden-order: simultaneous in effect. Player 2 chooses while player 1's card is, in
    player 2's view, log and notation, still in player 1's hand: not even its back shows."""
    s = sc.summoning_turn_1()
    hand = [c[0] for c in s.hands[0]]
    play(s, "fallen Oaf")
    assert s.current_player() == 1
    view = s.view(1)
    assert view["slots"][0] == [] and view["hands"][0] == hand, "player 1's card is still in hand for player 2"
    assert s.mask_notation(s.steps[-1].action, 0, 1) == "fallen"
    assert s.mask_notation(s.steps[-1].action, 0, 0) == s.steps[-1].action
    assert "Double" not in " ".join(texts(s, len(s.steps) - 1))
    DayOfTheDead().state_from_position(view)  # the view is a position of its own: player 1 chooses after
    play(s, "fallen Anger")
    assert s.view(1)["slots"][0] == [["D", "fallen"]] and s.mask_notation(s.steps[0].action, 0, 1) == "fallen D"
    play(s, "spirit Hoard")
    assert s.current_player() == 1 and s.view(1)["spirits"][0] is None
    assert "Hoard" not in json.dumps(s.decorate_view(s.view(1))["cards"])
    assert s.view(0)["spirits"][0] is not None and s.view(SPECTATOR)["spirits"][0] == "P"
    play(s, "spirit Greed")
    assert s.view(1)["spirits"][0] == "P"


def test_hidden_order_in_turn_as_a_variant_shows_the_back():
    """dotd-ruling-hidden-order, variant: the second chooser sees the first card's back."""
    s = sc.summoning_turn_1(face_down_choices="in-turn")
    play(s, "fallen Oaf")
    assert s.view(1)["slots"][0] == [["D", "fallen"]]
    assert s.mask_notation(s.steps[-1].action, 0, 1) == "fallen D"
    assert lines(s, "dotd-open-slot") == ["Player 1 lays a Double card face down in slot 1."]


def test_every_rule_id_is_checked_by_a_test_here():
    """Each rule's id is named in the docstring of a test that asserts something about it (a test's
    first line of code is not its docstring, so an id named only in a comment or a string elsewhere
    does not count), and every id a test names is a rule."""
    tree = ast.parse(pathlib.Path(__file__).read_text(encoding="utf-8"))
    tests = [f for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test_")]
    named = set()
    for f in tests:
        doc = ast.get_docstring(f) or ""
        asserts = [n for n in ast.walk(f) if isinstance(n, ast.Assert)]
        if asserts and f.name != "test_every_rule_id_is_checked_by_a_test_here":
            named |= set(re.findall(r"dotd-[a-z0-9-]+[a-z0-9]", doc))
    missing = [r.id for r in RULES.own() if r.id not in named]
    assert not missing, missing
    assert not named - {r.id for r in RULES.own()}, "a docstring names a rule that does not exist"


def _literals_in_code(path: pathlib.Path) -> set[str]:
    """The string constants of a module's code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(n) is not None}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs}


def test_every_rule_the_engine_logs_is_asserted_in_test_code():
    """A rule the engine writes in its log is named in the code of a test (a log line looked up by its
    id), not only in a docstring: naming it is not checking it."""
    engine = set()
    for path in (pathlib.Path(__file__).parents[2] / "necro" / "day_of_the_dead").glob("*.py"):
        if path.name in ("state.py", "effects.py"):  # where the log is written
            engine |= {v for v in _literals_in_code(path) if v.startswith("dotd-")}
    tested = set()
    for path in pathlib.Path(__file__).parent.glob("test_*.py"):
        tested |= _literals_in_code(path)
    logged = sorted(r.id for r in RULES.own() if r.id in engine)
    assert len(logged) > 30
    missing = [r for r in logged if r not in tested]
    assert not missing, missing


# ------------------------------------------------------------------ rulings of 2026-11-27 (issue 25)
def spook_replaces_itself_under_double(**options):
    """Spook (priority, Double spirit Oaf) unearths itself on its first use and takes Paranoid (9)."""
    s = table([["Spook"], ["Lug"]], (None, None), hands(("Oaf",), ()), start="spirit",
              force=("Paranoid", "Clod", "Clod"), **options)
    return play(s, "spirit Oaf", "spirit Rubber Stamp Mummy", "unearth Spook", "take Paranoid")


def test_a_replacement_takes_none_of_the_uses_left():
    """dotd-ruling-replaced-uses, dotd-effect-unearth: the Spook FAQ, a card replacing one that already
    used its effect does not use it, its printed power counts: Paranoid 9, not 9 - 1 from its own effect
    run as the Double repeat."""
    s = spook_replaces_itself_under_double()
    assert s.fight["power"] == [9, 7]
    assert not [t for t in texts(s) if "Paranoid uses" in t]
    assert lines(s, "dotd-ruling-replaced-uses") == ["Paranoid came in after Spook used its effect: the remaining "
                                                     "uses lapse, and its printed power counts."]
    v = spook_replaces_itself_under_double(replaced_uses="newcomer")  # the variant: the old reading
    assert v.fight["power"] == [8, 7] and "dotd-ruling-replaced-uses" not in rules_of(v)


def test_a_self_unearthing_card_under_double_passes_no_use_on():
    """dotd-ruling-replaced-uses, dotd-keyword-unearth: the book's Temp Zombie ("Unearth this fighter")
    under a Double spirit: the card it brings in does not run its effect as the repeat."""
    s = table([["Temp Zombie"], ["Lug"]], (None, None), hands(("Oaf",), ()), start="spirit",
              force=("Heavy Lifter", "Lug", "Lug"))
    play(s, "spirit Oaf", "spirit Rubber Stamp Mummy", "take Heavy Lifter")
    heavy = s.cs[s.cs.first("Heavy Lifter")]
    assert not [t for t in texts(s) if "Heavy Lifter uses" in t]
    assert s.fight["power"][0] == heavy.power and "dotd-ruling-replaced-uses" in rules_of(s)


def test_alchemy_extra_use_lapses_for_a_card_brought_in_after_the_first_use():
    """dotd-ruling-replaced-uses, dotd-effect-next: Alchemy promised slot 1 an extra use; Temp Zombie
    there unearths itself on its first use, so the newcomer gets no extra use (brought in before the
    first use, it would get them all: the Alchemy FAQ, test_faq)."""
    s = table([["Temp Zombie", "Alchemy"], ["Lug", "Clod"]], ("Hoard", "Oaf"), hands(n=4), fight=2,
              force=("Heavy Lifter",))
    play(s, "keep", "take Heavy Lifter")
    assert "dotd-ruling-replaced-uses" in rules_of(s)
    assert not [t for t in texts(s) if "Heavy Lifter uses" in t]


def test_return_under_double_the_newcomer_takes_the_use_left():
    """dotd-ruling-replaced-uses, dotd-effect-return: Return's own FAQ is the exception: Anger brought
    in by Return uses its +5 as the Double repeat (8 v 7)."""
    s = play(sc.return_(), "spirit Oaf", "spirit Oaf")
    assert "Anger: +5 power for player 1." in texts(s) and "dotd-ruling-replaced-uses" not in rules_of(s)
    assert s.fight["power"] == [8, 7]


def spy_replaced_by_spook(**options):
    s = table([["Spy"], ["Spook"]], (None, None), hands(), start="spirit", force=("Moldy Mummy", "Clod", "Clod"),
              **options)
    return play(s, "spirit Postal Ghoul", "spirit Mail Carrier Mummy", "unearth Spy", "take Moldy Mummy")


def test_spys_unearth_goes_with_spy():
    """dotd-ruling-after-card, dotd-effect-after: the opponent's Spook replaced Spy during the fight;
    its owner is not offered Spy's Unearth for Moldy Mummy."""
    s = spy_replaced_by_spook()
    assert s.task is None or s.task["do"] != "after"
    assert lines(s, "dotd-ruling-after-card") == ["Spy has left slot 1: its after-fight Unearth goes with it, "
                                                  "and the card there now stays."]
    v = spy_replaced_by_spook(after_unearth="slot")
    assert v.task["do"] == "after" and v.task["place"] == "p1-slot1"


def test_spy_still_unearths_after_an_outright_win():
    """dotd-ruling-after-outright: Spy (priority) used its effect, then the opponent's Nemesis won
    outright; Spy's owner is still offered its Unearth."""
    s = table([["Spy"], ["Nemesis"]], ("Oaf", "Troll"), hands(n=5))
    assert s.task["do"] == "after" and s.task["p"] == 0 and s.fight["won"] == 1
    assert [e.text for e in s.prelude if e.rule == "dotd-ruling-after-outright"] == [
        "Spy used its effect before the fight ended outright: its after-fight Unearth is still offered."]


def test_an_unearth_spirit_brought_by_an_unearth_does_not_act():
    """dotd-ruling-unearthed-spirit, dotd-ruling-unearth-self: the Unearth spirit picks itself and takes
    another Unearth card, which does not act in turn."""
    s = sc.unearth_oaf()
    s.forced.clear()
    play(s, "spirit Spook", "spirit Greed", "unearth Spook")
    take = next(a for a in s.legal_actions() if s.cs[a.arg].back == "unearth")
    s.apply(str(take))
    assert "dotd-unearth" in rules_of(s)
    assert lines(s, "dotd-ruling-unearthed-spirit") == ["The new spirit came by an Unearth, not by summoning or a "
                                                        "conversion: it does not act this turn."]
    assert s.task is None or s.task["do"] != "target"


def test_a_drain_larger_than_the_score_takes_what_is_there():
    """dotd-ruling-drain-clamp: Grief takes 3; the opponent has 1 and goes to 0."""
    s = play(table([["Grief"], ["Clod"]], (None, None), hands(("Hoard",), ("Lug",)), scores=(0, 1), start="spirit"),
             "spirit Hoard", "spirit Lug")
    assert lines(s, "dotd-ruling-drain-clamp") == ["Grief: player 2 loses 1 point (0) (a score never goes below 0)."]


def test_nothing_is_drawn_from_an_empty_deck_and_pile():
    """dotd-ruling-empty-deck: a deck and its pile both empty (only a custom deck can do it): an Unearth
    with nothing to look at leaves the card in place (a Dig offers only decks with cards)."""
    u = table([["Lug", "Redirect Revenant"], ["Clod", "Oaf"]], ("Hoard", "Spy"), hands(n=4), fight=2)
    u.decks["P"], u.discards["P"] = [], []
    play(u, "unearth Lug")
    assert lines(u, "dotd-ruling-empty-deck") == [
        "The Power Up deck and its discard pile are both empty: nothing is drawn.",
        "The Power Up deck and its discard pile are both empty: nothing is drawn.",
        "The Power Up deck and its discard pile are both empty: nothing is drawn.",
        "No card could be drawn: the unearthed card stays."]
    assert names(u, 0)[0][0] == "Lug"


def test_a_player_remembers_a_fighter_that_fell():
    """dotd-ruling-memory: Oaf loses to Anger; player 2 saw it and remembers it, while the board still
    shows it face down; a card that leaves play is forgotten; memory survives JSON."""
    s = sc.oaf_v_anger()
    oaf = s.slots[0][0][0]
    assert s.seen == [[], [oaf]] and s.task["do"] == "convert"
    assert s.view(1)["slots"][0][0] == ["D", "fallen"] and "seen" not in s.view(1)
    again = s.game.state_from_position(s.position())
    assert again.seen == [[], [oaf]] and again.memory
    s.apply("convert")  # Oaf becomes the spirit: still remembered
    assert s.seen == [[], [oaf]] and oaf in s.in_play(0)
    t = sc.unearth_oaf()
    t.forced.clear()
    play(t, "spirit Spook", "spirit Greed", "unearth Oaf")
    play(t, str(t.legal_actions()[0]))
    assert oaf not in t.seen[1], "a card unearthed out of play is forgotten"


def test_saves_from_before_the_rulings_of_2026_11_27_load_with_their_rules():
    """dotd-ruling-replaced-uses, dotd-ruling-after-card, dotd-ruling-win-convert: a saved game lists
    its options; one written before these options existed is loaded with the rules it was played
    under, so its history replays (here a Spook replacing itself under Double, the old reading)."""
    s = spook_replaces_itself_under_double(replaced_uses="newcomer", after_unearth="slot", win_convert=True,
                                           face_down_choices="in-turn")
    doc = s.to_json()
    for key in ("replaced_uses", "after_unearth", "face_down_choices"):
        del doc["game"]["options"][key]
    for position in (doc["start"][0], doc["position"]):
        position.pop("seen", None)
        if position["fight"]:
            position["fight"].pop("acting")
            position["fight"]["after"] = [x[:2] for x in position["fight"]["after"]]
    loaded = DayOfTheDead.state_class.from_json(json.loads(json.dumps(doc)))
    assert loaded.game.options["replaced_uses"] == "newcomer" and loaded.game.options["win_convert"] is True
    assert loaded.fight["power"] == [8, 7] and not loaded.memory and "seen" not in loaded.position()
    doc["game"]["options"].update(replaced_uses="lapse")
    with pytest.raises(ValueError):
        DayOfTheDead.state_class.from_json(doc)
    fresh = DayOfTheDead.state_class.from_json(json.loads(spook_replaces_itself_under_double().dumps()))
    assert fresh.game.options["replaced_uses"] == "lapse" and fresh.memory
