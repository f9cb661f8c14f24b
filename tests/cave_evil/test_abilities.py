"""Creature abilities the cards state (issue 28 M6; audit 2 M2): the Attacktite tears the defending
squad apart and fights each of its creatures separately, its whole squad in each combat (rules
ce-attacktite, ce-attacktite-how)."""

from necro.core.testing import random_playouts
from necro.cave_evil import examples as ex
from necro.cave_evil.creatures import ATTRIBUTES

from .helpers import check_combat, refused

card, at = ex.of_card, ex.at
WIN = ["first strength", "attacker rolls 12", "defender rolls 1", "second special", "attacker rolls 12",
       "defender rolls 1"]
LOSE = ["first strength", "attacker rolls 1", "defender rolls 12", "second special", "attacker rolls 1",
        "defender rolls 12"]


def arena(seed=0, ripper="attacktite"):
    """Player 1's Attacktite and Caveling (squad II) beside player 2's three smalls (squad IV)."""
    return ex.corridor([ex.squad(0, "II", at(3), card(ripper, 2 if ripper == "ghoul" else 1), card("caveling")),
                        ex.squad(1, "IV", at(4), card("ghoul"), card("caveling", 2), card("hunched-one"))])


def ids(state):
    return {c.id for sq in state.squads for c in sq.creatures} | {d["id"] for d in state.dead}



def play(state, actions):
    for a in actions:
        state.apply(a)
    return state


def test_an_attacktite_squad_may_tear_the_defenders_apart():
    s = arena()
    assert s.legal_actions().index("fight II 1:IV apart") == s.legal_actions().index("fight II 1:IV") + 1
    s.apply("fight II 1:IV apart")
    assert [m["id"] for m in s.combat["sides"]["defender"][0]] == ["ghoul-1"]
    assert [m["id"] for m in s.combat["sides"]["attacker"][0]] == ["attacktite-1", "caveling-1"]
    assert any(e.rule == "ce-attacktite" for e in s.steps[-1].log)


def test_each_combat_won_kills_one_creature_and_the_next_is_fought_at_once():
    s = play(arena(), ["fight II 1:IV apart"] + WIN)
    assert [c.id for c in s.squads["1:IV"].creatures] == ["caveling-2", "hunched-one-1"]
    assert [d["id"] for d in s.dead] == ["ghoul-1"] and s.kill_points[0] > 0
    assert s.combat is not None and [m["id"] for m in s.combat["sides"]["defender"][0]] == ["caveling-2"]
    check_combat(s, ids(arena()))
    loaded = s.game.state_from_position(s.position())
    assert loaded.position() == s.position() and loaded.legal_actions() == s.legal_actions()
    play(s, WIN)
    assert [c.id for c in s.squads["1:IV"].creatures] == ["hunched-one-1"]
    play(s, WIN)  # the last creature: the squad dies as a whole
    assert "1:IV" not in s.squads and s.combat is None
    assert sorted(d["id"] for d in s.dead) == ["caveling-2", "ghoul-1", "hunched-one-1"]
    check_combat(s, ids(arena()))


def test_a_combat_lost_kills_the_attackers_and_spares_the_rest():
    s = play(arena(), ["fight II 1:IV apart"] + WIN + LOSE)
    assert "0:II" not in s.squads and s.combat is None
    assert [c.id for c in s.squads["1:IV"].creatures] == ["caveling-2", "hunched-one-1"]
    assert s.kill_points[1] > 0
    check_combat(s, ids(arena()))
    s.undo()
    assert s.combat is not None and "0:II" in s.squads


def test_only_an_attacktite_tears_apart_and_only_a_squad_of_several():
    refused(arena(ripper="ghoul"), "fight II 1:IV apart", "ce-attacktite")
    lone = ex.corridor([ex.squad(0, "II", at(3), card("attacktite")), ex.squad(1, "IV", at(4), card("ghoul"))])
    assert "fight II 1:IV apart" not in lone.legal_actions()
    refused(lone, "fight II 1:IV apart", "ce-attacktite")


def test_torn_apart_fights_keep_the_engine_contract():
    report = random_playouts(arena, range(4), invariants=[lambda s: check_combat(s, ids(arena()))], max_steps=400)
    assert report.games == 4


# ------------------------------------------------------------------ the Stabbist (issue 28 audit 3 M8)
def stab_arena(stabbist_owner=1):
    """Player 1's Ghoul and Caveling (squad II) beside a squad IV holding a Stabbist: player 2's, or a
    Wandering Monster's (``stabbist_owner`` None)."""
    return ex.corridor([ex.squad(0, "II", at(3), card("ghoul"), card("caveling")),
                        ex.squad(stabbist_owner, "IV" if stabbist_owner is not None else "A", at(4), card("stabbist"))])


def test_a_defending_stabbist_picks_every_attribute():
    s = stab_arena()
    s.apply("fight II 1:IV")
    assert s.current_player() == 1
    assert sorted(s.legal_actions()) == sorted(f"first {a}" for a in ATTRIBUTES)
    s.apply("first weapon")
    assert s.steps[-1].rule == "ce-stabbist" and s.steps[-1].log[-1].rule == "ce-stabbist"
    s.apply("attacker rolls 1")
    s.apply("defender rolls 12")
    assert s.current_player() == 1
    assert sorted(s.legal_actions()) == sorted(f"second {a}" for a in ATTRIBUTES if a != "weapon")  # any, not only neighbours
    s.apply("second dodge")
    for a in ("attacker rolls 12", "defender rolls 1"):
        s.apply(a)
    assert s.current_player() == 1 and sorted(s.legal_actions()) == ["third armor", "third bloodthirst",
                                                                     "third special", "third strength"]
    refused(s, "third weapon", "ce-stabbist")
    refused(s, "third dodge", "ce-stabbist")
    s.apply("third strength")
    assert s.fight.order == ["weapon", "dodge", "strength"]
    loaded = s.game.state_from_position(s.position())
    assert loaded.position() == s.position() and loaded.legal_actions() == s.legal_actions()
    s.undo()
    assert "third strength" in s.legal_actions() and s.fight.order == ["weapon", "dodge"]
    s.apply("third strength")
    for a in ("attacker rolls 12", "defender rolls 1"):
        s.apply(a)
    assert s.combat is None and "1:IV" not in s.squads


def test_the_attacker_picks_nothing_against_a_stabbist():
    s = stab_arena()
    s.apply("fight II 1:IV")
    refused(s, "second dodge", "ce-stabbist")
    plain = ex.corridor([ex.squad(0, "II", at(3), card("ghoul")), ex.squad(1, "IV", at(4), card("caveling"))])
    plain.apply("fight II 1:IV")
    assert plain.current_player() == 0 and plain.legal_actions()[0] == "first strength"


def test_a_wandering_stabbist_picks_where_the_attacker_is_weakest():
    from necro.cave_evil.odds import round_odds

    s = stab_arena(None)
    s.apply("fight II w:A")
    assert s.current_player() != 1 and s.fight.order  # picked for it at once
    chances = round_odds(s.fight)
    assert s.fight.order[0] == min(ATTRIBUTES, key=lambda a: (chances[a], ATTRIBUTES.index(a)))
    assert any(e.rule == "ce-wandering-second" for e in s.steps[-1].log)


def test_stabbist_fights_keep_the_engine_contract():
    report = random_playouts(lambda seed: stab_arena(), range(6), invariants=[check_combat], max_steps=300)
    assert report.games == 6


# ------------------------------------------------------------------ the Astral Worm (issue 28 audit 3 M8)
def worm_arena(*target, owner=1):
    """Player 1's Astral Worm and Ghoul (squad II) beside squad IV (player 2's, or a Wandering Monster's)."""
    target = target or (card("caveling"),)
    return ex.corridor([ex.squad(0, "II", at(3), card("astral-worm"), card("ghoul")),
                        ex.squad(owner, "IV" if owner is not None else "A", at(4), *target)])


def test_an_astral_worm_strikes_a_lone_creature_with_special_and_kills_it():
    s = worm_arena()
    assert "fight II 1:IV astral" in s.legal_actions()
    s.apply("fight II 1:IV astral")
    assert s.steps[-1].rule == "ce-astral-worm"
    assert [m["card"] for m in s.combat["sides"]["attacker"][0]] == ["astral-worm"]
    assert s.fight.order == ["special"] and s.current_player() != 0  # the dice, no choice
    loaded = s.game.state_from_position(s.position())
    assert loaded.position() == s.position() and loaded.legal_actions() == s.legal_actions()
    play(s, ["attacker rolls 12", "defender rolls 1"])  # one round decides it
    assert s.combat is None and "1:IV" not in s.squads and s.kill_points[0] > 0
    assert any(e.rule == "ce-astral-worm" and "dies" in e.text for e in s.steps[-1].log)
    check_combat(s, ids(worm_arena()))
    s.undo()
    assert s.combat is not None and "1:IV" in s.squads


def test_a_failed_strike_leads_to_the_main_combat_of_the_whole_squad():
    s = play(worm_arena(), ["fight II 1:IV astral", "attacker rolls 1", "defender rolls 12"])
    assert "1:IV" in s.squads and "0:II" in s.squads and s.combat is not None
    assert [m["card"] for m in s.combat["sides"]["attacker"][0]] == ["astral-worm", "ghoul"]
    assert s.current_player() == 0 and "first strength" in s.legal_actions()
    loaded = s.game.state_from_position(s.position())
    assert loaded.position() == s.position() and loaded.legal_actions() == s.legal_actions()
    play(s, WIN)
    assert "1:IV" not in s.squads and s.combat is None


def test_the_strike_is_only_for_a_worm_against_a_lone_mortal_creature():
    refused(worm_arena(card("caveling"), card("ghoul", 2)), "fight II 1:IV astral", "ce-astral-worm")
    plain = ex.corridor([ex.squad(0, "II", at(3), card("ghoul")), ex.squad(1, "IV", at(4), card("caveling"))])
    refused(plain, "fight II 1:IV astral", "ce-astral-worm")
    assert not any(a.endswith("astral") for a in plain.legal_actions())
    emperor = worm_arena(card("eternal-evil-emperor"), owner=None)
    assert "fight II w:A" in emperor.legal_actions()
    assert not any(a.endswith("astral") for a in emperor.legal_actions())
    refused(emperor, "fight II w:A astral", "ce-evil-emperor")
    lone_necromancer = ex.corridor([ex.squad(0, "II", at(3), card("astral-worm")), ex.necromancer(1, at(4), monk=False)])
    assert "fight II 1:N" in lone_necromancer.legal_actions()
    refused(lone_necromancer, "fight II 1:N astral", "ce-astral-worm-how")
    monster = worm_arena(owner=None)
    assert "fight II w:A astral" in monster.legal_actions()


def test_astral_strikes_keep_the_engine_contract():
    report = random_playouts(lambda seed: worm_arena(), range(6), invariants=[lambda s: check_combat(s, ids(worm_arena()))],
                             max_steps=300)
    assert report.games == 6


# ------------------------------------------------------------------ Mind Chanter, Brain Sentry (issue 28 audit 3 M8)
def test_the_mind_chanter_and_brain_sentry_are_marked_not_played_with_a_ruling():
    from necro.cave_evil.creatures import catalogue
    from necro.cave_evil.rules import RULES

    ruling = next(r for r in RULES if r.id == "ce-mind-abilities")
    assert ruling.kind == "ruling"
    for cid in ("mind-chanter", "brain-sentry"):
        c = catalogue().creature(cid)
        assert c.effects == () or not c.effects
        assert "not played (ruling ce-mind-abilities)" in c.notes


# ------------------------------------------------------------------ the Necrotic Devil (issue 28 audit 3 M8)
def devil_table():
    """Full game with the black-diamond cards, player 1 in Phase 3 holding a Necrotic Devil and 8
    shadowflame in squad N (+0+9); player 2's Caveling (squad IV, +0+6) and Ghoul (squad III, -2+9), each
    2 hexes from +0+8, where the Devil may be invoked."""
    import json

    sq = ex.squad
    s = ex.full_table([sq(0, "N", "+0+9", ex.creature("necromancer-1", necromancer=True, card="rotten-magi"),
                          resources={"shadowflame": 8}),
                       sq(1, "IV", "+0+6", card("caveling", 1)), sq(1, "III", "-2+9", card("ghoul", 1))],
                      black_diamond=True)
    pos = json.loads(json.dumps(s.position()))
    mine, theirs = pos["hands"]
    mine.remove("summon:elder-shadow")
    theirs.remove("summon:necrotic-devil")
    mine.append("summon:necrotic-devil")
    theirs.append("summon:elder-shadow")
    mine.sort()
    theirs.sort()
    return s.game.state_from_position(pos, 1)


def to_player(s, player):
    s.apply("end")
    while s.turn != player or s.queue or s.is_chance_node() or s.part != "actions":
        if s.is_chance_node():
            s.play_chance()
            continue
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.startswith(("keep", "conjure"))), "end" if "end" in legal else legal[0]))
    return s


def test_a_necrotic_devil_appearing_drives_other_species_out_of_its_range():
    s = devil_table()
    s.apply("invoke necrotic-devil new +0+8")
    assert any(e.rule == "ce-necrotic-devil" for e in s.steps[-1].log)
    assert sorted(s.dread["must"]) == ["1:IV"]  # the Ghoul is undead: spared
    assert "end" in s.legal_actions()  # player 1's own turn: nothing owed
    loaded = s.game.state_from_position(s.position())
    assert loaded.position() == s.position() and loaded.dread == s.dread
    s.undo()
    assert s.dread["must"] == {} and s.dread["seen"] == []
    s.apply("invoke necrotic-devil new +0+8")
    to_player(s, 1)
    assert "end" not in s.legal_actions() and "move IV" in s.legal_actions()
    refused(s, "end", "ce-necrotic-devil")
    loaded = s.game.state_from_position(s.position())
    assert loaded.legal_actions() == s.legal_actions()
    s.apply("move IV")
    far = [a for a in s.legal_actions() if a in ("move IV +0+5", "move IV +1+4", "move IV +0+4")]
    assert far, s.legal_actions()
    s.apply(far[0])
    assert "end" in s.legal_actions()
    s.apply("end")
    while s.turn == 1:  # Phase 4, if any, then the turn passes: the duty is over
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert s.dread["must"] == {}


def test_without_the_black_diamond_cards_no_devil_is_watched():
    plain = ex.full_table([])
    assert not plain.game.options["black_diamond"] and plain.dread == {"seen": [], "must": {}}


def test_a_squad_that_cannot_leave_the_devils_range_is_excused():
    import json

    s = devil_table()
    s.apply("invoke necrotic-devil new +0+8")
    to_player(s, 1)
    pos = json.loads(json.dumps(s.position()))
    squad = next(q for q in pos["squads"] if q["id"] == "1:IV")
    squad["creatures"][0].update(acted=True, halted=True)  # as after a fight this turn: it moves no more
    halted = s.game.state_from_position(pos, 1)
    assert halted.dread["must"] and "move IV" not in halted.legal_actions()
    assert "end" in halted.legal_actions()
