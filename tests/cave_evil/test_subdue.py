"""Subduing Wandering Monsters (rules ce-subdue, ce-subdue-after, ce-subdue-alone): a combat whose
win captures instead of kills, an empty control card, a subdued squad that neither moves nor acts
but may join a friendly squad or must leave its spawn pit, and dies if it cannot."""

import json

import pytest

from necro.core import FormatError
from necro.cave_evil import examples as ex

from .helpers import check_combat, check_loot, check_map, refused

at = ex.at
WIN = ("first strength", "attacker rolls 12", "defender rolls 1", "attacker rolls 12", "defender rolls 1")
LOSE = ("first strength", "attacker rolls 1", "defender rolls 12", "attacker rolls 1", "defender rolls 12")


card = ex.of_card




def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def dracor_and_ratman(**kw):
    return ex.corridor([ex.squad(0, "II", at(3), card("dracor")),
                        ex.squad(None, "A", at(4), card("ratman"), resources={"metals": 1})], **kw)


def test_a_won_subdue_captures_the_monster_without_killing_it():
    s = dracor_and_ratman()
    assert {"fight II w:A", "subdue II w:A"} <= set(s.legal_actions())
    play(s, "subdue II w:A", *WIN)
    assert s.combat is None and s.last_combat["subdue"] is True
    assert "w:A" not in s.squads and s.squads["0:I"].hex == at(4)
    assert [c.id for c in s.squads["0:I"].creatures] == ["ratman-1"] and s.squads["0:I"].resources == {"metals": 1}
    assert s.dead == [] and s.kill_points == [0.0, 0.0] and s.loot == {}  # no death, no points, no gore
    assert s.squads["0:II"].acted  # the subdue was the squad's action
    check_combat(s, ["necromancer-1", "necromonk-1", "necromancer-2", "necromonk-2", "dracor-1", "ratman-1"])
    check_loot(s)


def test_a_lost_subdue_kills_the_squad_as_any_lost_fight():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ratman")), ex.squad(None, "A", at(4), card("dracor"))])
    play(s, "subdue II w:A", *LOSE[:3])
    while s.combat is not None:
        s.apply(next(a for a in ("second special", "attacker rolls 1", "defender rolls 12") if a in s.legal_actions()
                     or a in dict(s.chance_outcomes())))
    assert "0:II" not in s.squads and "w:A" in s.squads
    assert [d["id"] for d in s.dead] == ["ratman-1"]


def test_a_subdued_squad_neither_moves_nor_acts_but_may_join_a_friend():
    s = ex.corridor([ex.squad(0, "II", at(3), card("dracor")), ex.squad(0, "III", at(5), card("ghoul")),
                     ex.squad(None, "A", at(4), card("ratman"))])
    play(s, "subdue II w:A", *WIN)
    assert s.pending == {"kind": "subdued", "squad": "0:I"}
    assert s.legal_actions() == [f"move I {at(5)}", "stay"]
    refused(s.copy(), "end", "ce-subdue-after")
    refused(s.copy(), f"move I {at(3)}", "ce-subdue-after")  # the Dracor has no room
    stay = play(s.copy(), "stay")
    assert stay.pending is None and "move I" not in stay.legal_actions()
    assert not [a for a in stay.legal_actions() if a.split()[:2] in (["dig", "I"], ["fight", "I"])]
    refused(stay, "move I", "ce-move-halted")
    join = play(s.copy(), f"move I {at(5)}")
    assert [c.id for c in join.squads["0:III"].creatures] == ["ghoul-1", "ratman-1"] and "0:I" not in join.squads
    pos = json.loads(json.dumps(s.position()))
    assert s.game.state_from_position(pos, 0).legal_actions() == s.legal_actions()
    bad = json.loads(json.dumps(pos))
    bad["pending"]["squad"] = "0:III"  # the Ghoul is no subdued squad
    with pytest.raises(FormatError):
        s.game.state_from_position(bad, 0)


def test_with_no_friend_beside_it_the_subdued_squad_simply_stays():
    s = play(dracor_and_ratman(), "subdue II w:A", *WIN)
    assert s.pending is None and s.squads["0:I"].acted and s.squads["0:I"].left == 0


def test_a_subdued_monster_on_a_spawn_pit_must_step_off_and_dies_if_it_cannot():
    s = ex.table([ex.squad(0, "II", "+1-1", card("dracor")), ex.squad(None, "A", "+0+0", card("ratman"))])
    play(s, "subdue II w:A", *WIN)
    acts = s.legal_actions()
    assert s.pending == {"kind": "subdued", "squad": "0:I"} and "stay" not in acts and len(acts) == 5
    play(s, "move I +0+1")
    assert s.squads["0:I"].hex.q == 0 and s.squads["0:I"].hex.r == 1
    # the pit's other neighbours: two full squads of player 1 beside the Dracor, three enemies beyond
    ring = [ex.squad(0, "I", "+0-1", card("dracor", 1)), ex.squad(0, "III", "+1+0", card("dracor", 3))] + [
        ex.squad(1, c, h, card("dracor", 5 + i)) for i, (c, h) in enumerate(zip(("I", "II", "III"), ("+0+1", "-1+1", "-1+0")))]
    stuck = ex.table([ex.squad(0, "II", "+1-1", card("dracor", 9)), ex.squad(None, "A", "+0+0", card("ratman"))] + ring)
    play(stuck, "subdue II w:A", *WIN)
    assert "0:IV" not in stuck.squads and [d["id"] for d in stuck.dead] == ["ratman-1"]
    assert stuck.kill_points[0] == 1.0 and stuck.loot["+0+0"]["gore"] == 1
    assert any(e.rule == "ce-subdue-after" and "dies" in e.text for e in stuck.log)
    check_loot(stuck)


def test_subduing_needs_an_empty_control_card_and_a_fight_nobody_else_joins():
    crowd = [ex.squad(0, c, at(i), card("ratman", i)) for i, c in ((6, "I"), (7, "III"), (8, "IV"), (9, "V"))]
    s = ex.corridor([ex.squad(0, "II", at(3), card("dracor")), ex.squad(None, "A", at(4), card("ratman"))] + crowd)
    refused(s, "subdue II w:A", "ce-hire-card")
    assert "fight II w:A" in s.legal_actions() and "subdue II w:A" not in s.legal_actions()
    herd = ex.table([ex.squad(0, "II", "+1-1", card("dracor")), ex.squad(None, "A", "+1-2", card("ratman")),
                     ex.squad(None, "B", "+2-1", card("ratman", 2))])
    refused(herd, "subdue II w:A", "ce-subdue-alone")  # monster B, beside the Dracor too, would defend as well
    refused(dracor_and_ratman(), "subdue II 1:N", "core-notation")


def test_two_squads_flanking_a_monster_may_subdue_it_together():
    s = ex.table([ex.squad(0, "II", "+1-1", card("ghoul")), ex.squad(0, "III", "+1+0", card("ratman", 2)),
                  ex.squad(None, "A", "+2-1", card("ratman"))])
    assert {"subdue II w:A", "subdue III w:A", "subdue II,III w:A"} <= set(s.legal_actions())
    play(s, "subdue II,III w:A", *WIN)
    assert s.last_combat["attackers"] == ["0:II", "0:III"] and s.last_combat["subdue"] is True
    assert "w:A" not in s.squads and [c.id for c in s.squads["0:I"].creatures] == ["ratman-1"]
    assert s.squads["0:II"].acted and s.squads["0:III"].acted  # the subdue was both squads' action
    check_combat(s)
    check_map(s)


def test_a_shot_may_subdue_a_monster_where_it_stands():
    s = ex.corridor([ex.squad(0, "II", at(3), card("hunched-one"), card("caveling"), card("ghoul")),
                     ex.squad(None, "A", at(6), card("ratman"))])
    assert "subdue II w:A by shot" in s.legal_actions() and "subdue II w:A" not in s.legal_actions()
    s.apply("subdue II w:A by shot")
    assert s.combat["kind"] == "shoot" and s.combat["subdue"] is True and s.legal_actions() == ["first weapon"]
    assert any(e.rule == "ce-subdue" and "to subdue" in e.text for e in s.log)
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos
    play(s, "first weapon", *WIN[1:])
    assert "w:A" not in s.squads and s.squads["0:I"].hex == at(6)  # subdued where it stood
    assert s.kill_points == [0.0, 0.0] and not s.dead
    missed = ex.corridor([ex.squad(0, "II", at(3), card("hunched-one"), card("caveling"), card("ghoul")),
                          ex.squad(None, "A", at(6), card("ratman"))])
    play(missed, "subdue II w:A by shot", "first weapon", *LOSE[1:])
    assert "0:II" in missed.squads and "w:A" in missed.squads  # a missed shot spares the shooters (ce-shoot-miss)
    refused(dracor_and_ratman(), "subdue II w:A by shot", "ce-shoot")


def test_positions_that_said_kind_subdue_still_load():
    s = play(dracor_and_ratman(), "subdue II w:A", "first strength")
    pos = json.loads(json.dumps(s.position()))
    del pos["combat"]["subdue"]
    pos["combat"]["kind"] = "subdue"
    again = s.game.state_from_position(pos)
    assert again.combat["subdue"] is True and again.position() == s.position()


def test_phase_1_a_squad_that_must_fight_may_subdue_instead():
    s = dracor_and_ratman(turn=1)
    s.apply("end")
    assert "subdue II w:A" in s.legal_actions()
    play(s, "subdue II w:A", *WIN)
    assert s.must_fight == [] and "0:I" in s.squads
    assert s.squads["0:II"].acted and "move II" not in s.legal_actions()  # issue 28 W3: it stays put in Phase 3


def test_phase_1_a_subdued_squad_steps_while_another_squad_still_owes_its_fight():
    """Soak games 1008 and 1556 (issue 28): a Phase 1 subdue leaves the subdued squad's step pending
    beside a squad that must still fight; that position is legal and must load (rule ce-subdue-after)."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("dracor")), ex.squad(0, "III", at(5), card("ghoul")),
                     ex.squad(None, "A", at(4), card("ratman")), ex.squad(None, "B", at(6), card("ratman", 2))], turn=1)
    s.apply("end")
    assert s.must_fight == ["0:II", "0:III"]
    play(s, "subdue II w:A", *WIN)
    assert s.pending == {"kind": "subdued", "squad": "0:I"} and s.must_fight == ["0:III"]
    pos = json.loads(json.dumps(s.position()))
    again = s.game.state_from_position(pos, 0)
    assert again.position() == s.position() and again.legal_actions() == [f"move I {at(5)}", "stay"]
    play(again, "stay")
    assert again.must_fight == ["0:III"] and again.legal_actions() == ["fight III w:B", "subdue III w:B"]
    bad = json.loads(json.dumps(pos))
    bad["pending"] = {"kind": "move", "squad": "0:N"}  # a move still waits for Phase 3
    with pytest.raises(FormatError, match="only fights come first"):
        s.game.state_from_position(bad, 0)


def test_random_play_with_monsters_to_subdue_keeps_the_invariants():
    from necro.core.testing import random_playouts

    def make(seed):
        return ex.table([ex.squad(0, "II", "+1-1", card("dracor")), ex.squad(0, "III", "+2-2", card("ghoul")),
                         ex.squad(None, "A", "+0+0", card("ratman")), ex.squad(None, "B", "+2-1", card("ratman", 2)),
                         ex.squad(1, "II", "-1+0", card("horned-hellion")),
                         ex.squad(None, "C", "-1+1", card("ghoul", 3))], cycles=3, seed=seed)

    seen = set()

    def note(state):
        if state.steps:
            seen.add(state.steps[-1].rule)

    report = random_playouts(make, range(10), invariants=[check_map, note], deep_every=3, max_steps=3000)
    assert report.games == 10
    assert {"ce-subdue"} <= seen
