"""Shovelfight's edit mode: every editable field takes a good value and refuses a bad one in words.

The refusals are the loader's (necro/shovelfight/load.py), named after the control by
necro.core.edit: the editor itself checks nothing.
"""

from __future__ import annotations

from collections import Counter

import pytest

from necro.core import edit
from necro.core.edit import EditError
from necro.core.errors import FormatError
from necro.shovelfight import scenarios as sc


def plain():
    """Player 1 to act on c3; player 2 on a1 with two zombies on b2, player 3 on e5."""
    return sc.build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"], 1: ["b2", "b2"]},
                    cards={"c3": "Ab", "a2": "3r"})


def refused(state, control, value, words):
    with pytest.raises(EditError, match=words) as caught:
        edit.edit(state, control, value)
    assert caught.value.control == control
    return caught.value


def digging_an_ace():
    """Player 1 has dug the black Ace on c3: its choice is pending (phase card)."""
    s = sc.ace_push()
    s.apply("dig")
    assert s.phase == "card" and s.card == "A"
    return s


# ------------------------------------------------------------ graves
def test_swapping_two_cards_keeps_the_deck():
    s = plain()
    after = edit.edit(s, "card.c3", "a2").position()
    assert after["graves"]["c3"] == "3r" and after["graves"]["a2"] == "Ab"
    assert Counter(after["graves"].values()) == Counter(s.position()["graves"].values())
    assert edit.edit(s, "card.c3", "").position() == s.position(), "leave it: nothing changes"


def test_laying_a_known_card_face_down_or_leaving_it_to_chance():
    """A face-down grave takes any card nobody has seen yet, or none (then chance deals it when
    dug); a card with no copy left is refused by the deck rule, in words."""
    s = plain()
    control = next(c for c in edit.controls(s) if c.id == "lay.b3")
    offered = [v for v, _ in control.choices]
    assert offered == [""] + sorted(s.unseen()) and "Jo" in offered and "3r" not in offered  # a2 holds the one 3r
    laid = edit.edit(s, "lay.b3", "Jo")
    assert laid.cards["b3"] == "Jo" and Counter(laid.unseen()) == Counter(s.unseen()) - Counter(["Jo"])
    assert "Jo" not in [v for v, _ in next(c for c in edit.controls(laid) if c.id == "lay.b4").choices]
    assert edit.edit(laid, "lay.b3", "").cards["b3"] is None
    refused(laid, "lay.b4", "Jo", "not one of the choices")  # its one copy lies on b3
    refused(s, "dug.b3", True, "its card must be given")


def test_a_swap_under_a_pending_card_is_refused():
    known = edit.edit(digging_an_ace(), "lay.a3", "Jo")
    refused(known, "card.c3", "a3", "pending only while the wizard stands on that dug card")


def test_turning_a_card_face_up_and_down():
    s = plain()
    up = edit.edit(s, "dug.a2", True)
    assert "a2" in up.position()["dug"]
    assert "a2" not in edit.edit(up, "dug.a2", False).position()["dug"]


def test_turning_down_the_card_being_resolved_is_refused():
    refused(digging_an_ace(), "dug.c3", False, "pending only while the wizard stands on that dug card")


def test_a_grave_falls_and_stands_again():
    s = plain()
    fell = edit.edit(s, "fallen.d4", True)
    assert fell.position()["fallen"] == ["d4"]
    assert edit.edit(fell, "fallen.d4", False).position()["fallen"] == []


def test_ground_cut_off_from_the_graveyard_is_refused():
    s = edit.edit(plain(), "fallen.b1", True)
    refused(s, "fallen.a2", True, "the standing graves hold together")


def test_a_wizard_on_a_fallen_grave_is_refused_plainly():
    s = plain()
    error = refused(s, "fallen.a1", True, "a1 has fallen; only a wizard about to leap or land may be there")
    assert "Ground of a1 fallen" in str(error)
    refused(s, "fallen.b2", True, "'b2' is not a grave still standing")


# ------------------------------------------------------------ wizards
def test_a_wizard_moves_to_another_grave():
    assert edit.edit(plain(), "wizard.0", "d3").position()["teams"][0]["wizard"] == "d3"


def test_a_wizard_moved_onto_a_fallen_grave_is_refused():
    s = edit.edit(plain(), "fallen.d4", True)
    refused(s, "wizard.0", "d4", "d4 has fallen; only a wizard about to leap or land may be there")


def test_hits_checked_off():
    assert edit.edit(plain(), "hits.1", 4).position()["teams"][1]["hits"] == 4


def test_every_box_checked_is_refused_on_a_living_wizard():
    refused(plain(), "hits.1", 5, "a wizard on the board must be alive")


def test_an_extra_box_needs_a_dug_three():
    s = plain()
    refused(s, "boxes.0", 6, "comes from a dug Three: 1 extra box")
    dug = edit.edit(s, "dug.a2", True)
    assert edit.edit(dug, "boxes.0", 6).position()["teams"][0]["boxes"] == 6
    refused(dug, "boxes.0", 4, "a whole number from 5")


def test_no_controls_for_a_dead_wizard():
    s = sc.empty_seat()
    ids = [c.id for c in edit.controls(s)]
    assert "wizard.0" in ids and "wizard.2" not in ids and "hits.2" not in ids


# ------------------------------------------------------------ zombies
def test_a_zombie_moves_or_goes_back_to_the_supply():
    s = plain()
    moved = edit.edit(s, "zombie.1.b2", "c2").position()
    assert moved["teams"][1]["zombies"] == ["b2", "c2"]
    off = edit.edit(s, "zombie.1.b2", "supply2").position()
    assert off["teams"][1]["zombies"] == ["b2"]


def test_a_zombie_on_a_fallen_grave_is_refused():
    s = edit.edit(plain(), "fallen.d4", True)
    refused(s, "zombie.1.b2", "d4", "'d4' is not a grave still standing")


def test_a_zombie_comes_back_from_the_supply():
    s = plain()
    assert edit.edit(s, "supply.2", "e4").position()["teams"][2]["zombies"] == ["e4"]


def test_a_ninth_zombie_is_refused_under_the_eight_token_variant():
    s = sc.lost_zombie_returns()
    refused(s, "supply.0", "c2", "with team_size='eight' a team has at most 8 zombies")
    # without the variant there is no maximum
    assert len(edit.edit(edit.edit(s, "option.team_size", "unlimited"), "supply.0", "c2")
               .position()["teams"][0]["zombies"]) == 9


def test_a_zombie_moved_in_the_shamble_still_has_to_shamble():
    s = sc.crowded_grave()
    assert s.phase == "shamble" and s.left == ["b2", "c2"]
    moved = edit.edit(s, "zombie.0.b2", "a1").position()
    assert moved["left"] == ["a1", "c2"] and moved["teams"][0]["zombies"] == ["a1", "c2"]
    gone = edit.edit(s, "zombie.0.c2", "supply1").position()
    assert gone["left"] == ["b2"]


# ------------------------------------------------------------ the turn
def test_whose_turn():
    assert edit.edit(plain(), "turn", 1).position()["turn"] == 1


def test_a_dead_player_takes_no_wizard_action():
    refused(sc.empty_seat(), "turn", 2, "a dead wizard takes no wizard action")


def test_the_phase_goes_to_the_shamble_with_every_zombie_to_move():
    s = edit.edit(plain(), "used", ["dig"])
    shamble = edit.edit(s, "phase", "shamble").position()
    assert shamble["phase"] == "shamble" and shamble["left"] == ["c3"] and shamble["used"] == ["dig"]
    back = edit.edit(edit.edit(s, "phase", "shamble"), "phase", "act").position()
    assert back["phase"] == "act" and back["used"] == [] and back["left"] == []


def test_the_worm_phase_needs_the_worm_die():
    s = plain()
    refused(s, "phase", "worm", "only the player holding the worm die rolls it")
    held = edit.edit(s, "worm", 0)
    assert edit.edit(held, "phase", "worm").position()["phase"] == "worm"


def test_actions_used():
    assert edit.edit(plain(), "used", ["shovel"]).position()["used"] == ["shovel"]
    refused(plain(), "used", ["move", "dig"], "an act phase has used at most one")


def test_the_worm_die_changes_hands():
    assert edit.edit(plain(), "worm", 1).position()["worm"] == 1
    refused(sc.worm_after_death(), "worm", 0, "only the player holding the worm die rolls it")


def test_no_turn_controls_before_play_or_after_it():
    from necro.shovelfight import Shovelfight

    fresh = Shovelfight(3).new_initial_state(1)
    ids = [c.id for c in edit.controls(fresh)]
    assert "turn" not in ids and "card.a1" not in ids and "dug.a1" not in ids and "wizard.0" in ids


# ------------------------------------------------------------ the loader's new checks
def test_the_loader_refuses_a_shovel_aimed_at_nothing_there():
    s = sc.own_zombie_shovel()
    s.apply("shovel Z1")
    position = s.position()
    position["teams"][0]["zombies"] = []
    with pytest.raises(FormatError, match="the shovel's target stands on the wizard's grave"):
        s.game.state_from_position(position)


def test_the_loader_refuses_a_leaping_wizard_on_solid_ground():
    s = sc.stranded_wizard()
    s.play_chance()
    assert s.phase == "leap"
    position = s.position()
    position["fallen"].remove("c3")
    with pytest.raises(FormatError, match="stands on ground that has fallen"):
        s.game.state_from_position(position)
