"""Every entry of the rule book's FAQ, played through its scenario with the FAQ's numbers."""

import pytest

from necro.day_of_the_dead import scenarios as sc

from .helpers import hands, lines, name, names, play, rules_of, texts

FAQ_ENTRIES = ("alchemy", "cancel", "challenge", "greed", "grief", "moody", "control", "cultivate", "famine",
               "forget", "nemesis", "return", "spook", "spy", "troll", "vampire")


FAQ_CARD = {"nemesis": "Nemesis", "return": "Return"}
"""The card each FAQ table is about (its entry's name, but for these two)."""


def test_one_scenario_per_faq_entry_puts_its_card_on_the_table():
    """Each FAQ entry has its table, and the table is about that entry: its card is in a line, and
    played out it uses its effect."""
    assert tuple(sc.FAQ) == FAQ_ENTRIES
    for key, fn in sc.FAQ.items():
        assert sc.SCENARIOS[key] is fn
        state = fn()
        card = FAQ_CARD.get(key, key.capitalize())
        assert card in [state.cs[c].name for line in state.slots for c, _ in line], key
        state.forced.clear()
        while not state.is_terminal() and state.turn < 2:
            state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[0])
        used = [e.text for e in state.prelude] + texts(state)
        assert any(f"{card} uses its effect" in t for t in used), key


def test_the_chapters_scenarios_are_there_and_start_where_their_text_says():
    """The scenarios the chapters open: a new game at the deal; the book's examples waiting for the
    decision their text discusses."""
    assert sc.SCENARIOS["opening"]().is_chance_node()
    assert sc.SCENARIOS["oaf-v-anger"]().task == {"do": "convert", "p": 0, "slot": 1}
    assert sc.SCENARIOS["summoning-turn-1"]().task == {"do": "fallen", "p": 0}
    assert sc.SCENARIOS["unearth-oaf"]().task == {"do": "spirit", "p": 0}
    assert sc.SCENARIOS["turn-5-conversion"]().task["do"] == "convert"


def uses(state, card_name, since=0):
    """How many times ``card_name``'s own effect was used (first use and repeats)."""
    return sum(1 for t in texts(state, since) if f"'s {card_name} uses its effect" in t)


# ------------------------------------------------------------------ Greed, Famine: Double re-reads the score
def test_greed_39_gains_3_then_4_to_46():
    s = play(sc.greed(), "spirit Oaf", "spirit Lug")
    gains = [t for t in lines(s, "dotd-effect-points") if t.startswith("Greed")]
    assert gains == ["Greed: player 1 gains 3 points (42).", "Greed: player 1 gains 4 points (46)."]
    assert s.scores[0] == 46
    assert "dotd-double" in rules_of(s)


def test_greed_without_double_gains_once():
    s = play(sc.greed(), "spirit Hoard", "spirit Lug")
    assert s.scores[0] == 42


def test_famine_31_v_34_takes_6_then_nothing():
    s = play(sc.famine(), "spirit Oaf", "spirit Grief")
    famine = [t for t in lines(s, "dotd-effect-points") if t.startswith("Famine")]
    assert famine[0] == "Famine: player 2 loses 6 points (28)."
    assert "nothing happens" in famine[1] and "behind" in famine[1]
    assert s.scores == [31, 28]


def test_famine_21_v_34_takes_6_then_5_to_23():
    s = play(sc.famine(21), "spirit Oaf", "spirit Grief")
    famine = [t for t in lines(s, "dotd-effect-points") if t.startswith("Famine")]
    assert famine == ["Famine: player 2 loses 6 points (28).", "Famine: player 2 loses 5 points (23)."]
    assert s.scores == [21, 23]


# ------------------------------------------------------------------ Challenge, Nemesis: the fight just ends
def test_challenge_wins_once_without_comparing_and_the_opponent_never_acts():
    s = play(sc.challenge(), "spirit Oaf", "spirit Oaf")
    assert uses(s, "Challenge") == 1, "no Double repeat after an outright win"
    assert uses(s, "Grief") == 0, "the opponent (without priority) never uses its effect"
    assert s.scores == [12, 10], "10 and Challenge's 2 at rewards: Grief would have taken 3 points"
    assert "dotd-convert" not in rules_of(s), "no other part of fighting: no conversion either"
    assert "dotd-compare" in rules_of(s) and not [t for t in texts(s) if t.startswith("Power ")], "no power compared"
    assert "dotd-effect-win" in rules_of(s) and "dotd-double" not in rules_of(s)
    assert names(s, 0)[0] == ("Challenge", True) and names(s, 1)[0] == ("Grief", False)


def test_challenge_needs_a_stronger_opponent():
    """Challenge (2) against the weaker Nemesis (1) does not win: Nemesis, acting second, wins outright."""
    s = play(sc.table([["Challenge"], ["Nemesis"]], (None, None), hands(("Oaf",), ("Lug",)), start="spirit"),
             "spirit Oaf", "spirit Lug")
    assert lines(s, "dotd-effect-win")[:2] == [
        "Challenge: nothing happens, since it needs that the opposing fighter's printed power is higher.",
        "Challenge: nothing happens, since it needs that the opposing fighter's printed power is higher."]
    assert "Player 2 wins the fight without comparing power." in texts(s)
    assert names(s, 0)[0] == ("Challenge", False) and names(s, 1)[0] == ("Nemesis", True)
    assert "Player 1 scores 0 for active fighters (0 in all)." in texts(s)


def test_nemesis_with_priority_stops_vampire_from_acting():
    s = play(sc.nemesis(), "spirit Oaf", "spirit Lug")
    assert uses(s, "Nemesis") == 1 and uses(s, "Vampire") == 0
    assert s.scores == [11, 10] and "Player 1 wins the fight without comparing power." in texts(s)


def test_nemesis_without_priority_lets_vampire_act_first():
    s = play(sc.nemesis(priority=1), "spirit Lug", "spirit Oaf")
    assert uses(s, "Vampire") == 1 and uses(s, "Nemesis") == 1
    assert s.scores == [9, 10], "Vampire took 2 of player 1's 10; Nemesis's 1 at rewards"
    assert "Player 1 wins the fight without comparing power." in texts(s)


# ------------------------------------------------------------------ Grief, Vampire: nothing below 0
def test_grief_takes_nothing_from_an_opponent_at_zero():
    s = play(sc.grief(), "spirit Oaf", "spirit Lug")
    grief = [t for t in lines(s, "dotd-effect-points") if t.startswith("Grief")]
    assert len(grief) == 2 and all("loses 0 points (0)" in t for t in grief)
    assert s.scores == [0, 0]


def test_grief_takes_three_when_there_are_points():
    s = play(sc.table([["Grief"], ["Clod"]], (None, None), hands(("Hoard",), ("Lug",)), scores=(0, 5),
                      start="spirit"), "spirit Hoard", "spirit Lug")
    assert s.scores == [0, 2]


def test_vampire_at_zero_still_gets_its_power():
    s = play(sc.vampire(), "spirit Oaf", "spirit Oaf")
    assert s.scores[1] == 7, "player 2 lost nothing: only Clod's 7 at rewards"
    assert s.steps and [t for t in texts(s) if t.startswith("Vampire: player 2 loses 0 points")]
    assert [t for t in texts(s) if t == "Vampire: +2 power for player 1."]
    assert "Power 7 v 7" in " ".join(lines(s, "dotd-tie"))


# ------------------------------------------------------------------ Troll
def test_troll_cannot_stop_an_opponent_with_priority():
    s = play(sc.troll(), "spirit Lug", "spirit Hoard")
    assert uses(s, "Anger") == 1 and "Anger: +5 power for player 2." in texts(s)
    assert s.fight["power"] == [5, 10] and s.fight["winner"] == 1


def test_troll_with_priority_stops_anger():
    s = play(sc.troll(priority=0), "spirit Hoard", "spirit Lug")
    assert uses(s, "Anger") == 0 and "Anger cannot use its effect: it was stopped." in texts(s)
    assert "Power 5 v 5: a tie, both fighters stay active." in texts(s)


# ------------------------------------------------------------------ Return
def test_return_with_double_uses_the_new_fighters_effect():
    s = play(sc.return_(), "spirit Oaf", "spirit Oaf")
    assert "Return goes to the discard pile and Anger (3) takes its place, active." in texts(s)
    assert "Player 1's Anger uses its effect again (Double spirit): +5 power." in texts(s)
    assert s.fight["power"] == [8, 7] and names(s, 0) == [("Anger", True)]
    assert [name(s, c) for c in s.discards["U"]] == ["Return"]


def test_return_without_double_swaps_but_anger_does_not_act():
    s = play(sc.return_(), "spirit Hoard", "spirit Oaf")
    assert s.fight["power"] == [5, 7]


def test_return_with_an_empty_pile_does_nothing():
    s = play(sc.return_(pile=()), "spirit Oaf", "spirit Oaf")
    empty = lines(s, "dotd-effect-return")
    assert len(empty) == 2 and all("empty, so nothing happens" in t for t in empty)
    assert names(s, 0) == [("Return", False)] and s.discards["U"] == []
    assert s.fight["power"] == [4, 7]


# ------------------------------------------------------------------ Alchemy, Cultivate: the new next fighter
def test_alchemy_extra_use_goes_to_the_unearthed_fighter():
    s = sc.alchemy()
    assert s.marks["extra"] == [[0, 1, 1]]
    play(s, "unearth Mail Zombie", "take Shambling Intern")
    assert names(s, 0)[0] == ("Shambling Intern", False)
    assert uses(s, "Shambling Intern") == 2
    assert "dotd-effect-next" in rules_of(s)
    assert s.fight["power"] == [4, 7], "8 - 2 - 2"


def test_alchemy_a_strong_replacement_gets_the_extra_use_too():
    s = play(sc.alchemy(), "unearth Mail Zombie", "take Zombie Courier")
    assert uses(s, "Zombie Courier") == 2 and s.fight["power"] == [14, 7]


def test_cultivate_checks_the_unearthed_fighter():
    s = sc.cultivate()
    assert s.marks["cultivate"] == [[0, 1, 1]]
    play(s, "take Moldy Mummy")
    assert names(s, 0)[0] == ("Moldy Mummy", True)
    assert [0, "next-fighter bonus", 9] in s.fight["parts"]
    assert s.fight["power"] == [18, 7], "9 printed + 9 bonus; the replacement does not use its -3"


def test_cultivate_with_a_small_replacement():
    s = play(sc.cultivate(), "take Spy")
    assert s.fight["power"] == [10, 7]


# ------------------------------------------------------------------ Cancel
def test_cancel_holds_after_an_unearth_and_the_effects_can_still_be_copied():
    s = sc.cancel()
    assert s.marks["cancel"] == [2]
    play(s, "convert", "unearth Anger", "take Envious Wraith")
    assert "dotd-spirit-unearth" in rules_of(s)
    assert names(s, 1)[1] == ("Envious Wraith", False)
    assert len(lines(s, "dotd-effect-cancel")) == 2
    assert uses(s, "Envious Wraith") == 0 and uses(s, "Parcel Mummy") == 0
    assert s.fight["power"] == [5, 0], "Parcel Mummy 3 + Power Up 2, no +4; Envious Wraith 0"
    n = len(s.steps)
    play(s, "keep", "copy Parcel Mummy")
    assert "Twin copies Parcel Mummy." in texts(s, n)
    assert s.fight["slot"] == 1 and s.fight["power"] == [8, 7]


# ------------------------------------------------------------------ Control, Forget
def test_control_cannot_copy_oaf_copies_anger_twice_and_anger_recovers_next_turn():
    s = sc.control()
    assert [s.cs[a.arg].name for a in s.legal_actions()] == ["Anger"], "Oaf has no effect to copy"
    play(s, "copy Anger", "copy Anger")
    assert texts(s).count("Anger: +5 power for player 1.") == 2
    assert s.fight["power"] == [12, 9]
    play(s, "keep")
    assert "Anger has lost its effect for this turn (it was copied)." in texts(s)
    assert s.fight["slot"] == 1 and s.fight["power"] == [7, 5], "Anger 3 + Power Up 2, no +5"
    play(s, "keep")
    assert s.turn == 3 and s.marks["quiet"] == [], "Anger gets its effect back on the next turn"
    # Turn 3 without Control in the way (swapped for the Lug in hand): Anger uses its +5 again.
    pos = s.position()
    i = [s.cs[c].name for c in pos["hands"][0]].index("Lug")
    assert s.cs[pos["slots"][0][1][0]].name == "Control"
    pos["hands"][0][i], pos["slots"][0][1][0] = pos["slots"][0][1][0], pos["hands"][0][i]
    s = s.game.state_from_position(pos)
    play(s, "spirit Troll", "spirit Grief", "keep", "keep")
    assert s.fight["slot"] == 1 and "Player 2's Anger uses its effect: +5 power." in texts(s)


def test_forget_copies_route_walker_twice_and_silences_it_for_the_turn():
    s = sc.forget()
    assert [s.cs[a.arg].name for a in s.legal_actions()] == ["Route Walker"], "Oaf has no effect to copy"
    play(s, "copy Route Walker", "copy Route Walker")
    assert s.fight["power"] == [12, 9]
    play(s, "keep", "keep")
    assert s.fight["slot"] == 1 and s.fight["power"] == [2, 9]
    assert uses(s, "Route Walker") == 0


# ------------------------------------------------------------------ Spook
def test_spook_on_itself_brings_paranoid_and_wins():
    s = play(sc.spook(), "unearth Spook", "take Paranoid")
    assert names(s, 0) == [("Paranoid", True)]
    assert s.fight["power"] == [9, 8], "Paranoid's printed 9, its own effect unused"


def test_spook_on_anger_keeps_angers_bonus_for_paranoid():
    s = sc.spook()
    assert s.fight["bonus"] == [0, 5], "Anger (priority) has already used its +5"
    play(s, "unearth Anger", "take Paranoid")
    assert names(s, 1) == [("Paranoid", True)]
    assert s.fight["power"] == [2, 14], "9 printed + Anger's 5"
    assert "dotd-effect-unearth" in rules_of(s)


# ------------------------------------------------------------------ Spy, Moody: fallen if lost, active if won
def test_spy_lost_replacement_is_fallen_and_hidden():
    s = play(sc.spy(), "unearth Spy", "take Moldy Mummy")
    assert names(s, 0) == [("Moldy Mummy", False)]
    assert s.view(1)["slots"][0][0] == ["U", "fallen"]
    play(s, "keep")
    assert s.scores[0] == 0


def test_spy_won_replacement_is_active_and_scores():
    s = play(sc.spy(won=True), "unearth Spy", "take Moldy Mummy")
    assert names(s, 0) == [("Moldy Mummy", True)]
    play(s, "keep")
    assert "Player 1 scores 9 for active fighters (9 in all)." in texts(s)


def test_spy_may_stay():
    s = play(sc.spy(won=True), "pass", "keep")
    assert names(s, 0)[0] == ("Spy", True) and s.scores[0] == 5


def test_moody_won_the_opponent_decides_you_choose_active_replacement():
    s = sc.moody()
    assert s.current_player() == 1, "the opponent decides whether Moody is unearthed"
    play(s, "unearth Moody")
    assert s.task["do"] == "take" and s.current_player() == 0, "Moody's owner picks the replacement"
    assert "Player 1 unearths their own Moody (slot 1) at player 2's wish." in texts(s)
    play(s, "take Heavy Lifter", "keep")
    assert names(s, 0)[0] == ("Heavy Lifter", True)
    assert "Player 1 scores 9 for active fighters (9 in all)." in texts(s)


def test_moody_lost_replacement_is_fallen():
    s = play(sc.moody(won=False), "unearth Moody", "take Heavy Lifter")
    assert names(s, 0) == [("Heavy Lifter", False)]
    assert s.view(1)["slots"][0][0] == ["P", "fallen"]


@pytest.mark.parametrize("key", FAQ_ENTRIES)
def test_faq_tables_play_on_to_the_end(key):
    """Each table can be played out (hands last to turn 6) and logs only known rules."""
    from necro.day_of_the_dead import RULES

    s = sc.FAQ[key]()
    s.forced.clear()  # the forced draws fit the FAQ's line of play, not the first legal actions
    for _ in range(400):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.play_chance()
        else:
            s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.turn == 6
    assert all(e.rule in RULES for e in s.log)


# ------------------------------------------------------------------ cases the audit found untested
def test_power_up_example_oaf_9_beats_anger_8():
    """The rule book's Power Up example: Oaf 7 + 2 beats Anger's 3 + 5 when Anger has no Double spirit."""
    s = sc.table([["Oaf"], ["Anger"]], ("Hoard", "Clod"), hands(n=5))
    assert s.fight["power"] == [9, 8] and s.fight["winner"] == 0
    assert names(s, 1)[0] == ("Anger", False)


def test_spook_with_priority_on_a_fighter_yet_to_act_the_replacement_acts():
    """Spook (priority) unearths the opposing Lug before it acted: the replacement uses its own effect
    (the Spook FAQ's "no effect" is for a card that has already used it)."""
    s = sc.table([["Spook"], ["Lug"]], ("Hoard", "Clod"), hands(n=5), force=("Heavy Lifter", "Lug", "Lug"))
    play(s, "unearth Lug", "take Heavy Lifter")
    assert names(s, 1)[0][0] == "Heavy Lifter"
    assert [t for t in texts(s) if t.startswith("Player 2's Heavy Lifter uses its effect")]


def test_control_with_priority_silences_the_opposing_fighter_in_the_same_fight():
    """Control copies Anger's +5 and silences it: Anger, in the same fight, uses no effect."""
    s = sc.table([["Control"], ["Anger"]], ("Hoard", "Clod"), hands(n=5))
    assert s.task["do"] == "copy"
    play(s, f"copy {s.cs.first('Anger')}")
    assert "Anger has lost its effect for this turn (it was copied)." in texts(s)
    control = s.cs[s.cs.first("Control")].power
    assert s.fight["power"] == [control + 5 + 2, 3]


def test_spy_on_a_tie_its_replacement_is_active():
    """A tie makes both fighters winners, so Spy's replacement comes in active and scores."""
    s = sc.table([["Spy"], ["Lug"]], ("Hoard", "Clod"), hands(n=5),
                 force=("Moldy Mummy", "Job Swap Ghost", "Dirt Nap Zombie"))
    assert s.fight["winner"] == -1 and s.task["do"] == "after"
    play(s, "unearth Spy", "take Moldy Mummy")
    assert names(s, 0)[0] == ("Moldy Mummy", True)
