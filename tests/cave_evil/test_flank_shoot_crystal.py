"""Flanking defenders and the text's Wandering Monster cases, ranged combat along line of sight,
and attacks on a Chthonic Crystal: each rule with the text's cases, in play on the map."""

import json

import pytest

from necro.core import RandomBot, Rng, play
from necro.core.testing import random_playouts
from necro.cave_evil import examples as ex
from necro.cave_evil import fights as fx
from necro.cave_evil.creatures import catalogue

from .helpers import check_combat, check_map, refused

CARDS = catalogue()
at = ex.at
sq = ex.squad


card = ex.of_card


def fights(state):
    return [a for a in state.legal_actions() if a.startswith(("fight", "shoot"))]




def rules_logged(state, since=0):
    return [e.rule for step in state.steps[since:] for e in step.log]


def win(state, attacker=True):
    """Play the fight under way to its end: the attacker (or the defender) takes two rounds."""
    a, d = (12, 1) if attacker else (1, 12)
    while state.combat is not None:
        step = state.fight.decision()
        if step in ("first", "second"):
            state.apply(state.legal_actions()[0])
        else:
            state.apply(f"attacker rolls {a}").apply(f"defender rolls {d}")
    return state


# ------------------------------------------------------------------ flanking defenders (in the Pit Room)
def jason_and_cj():
    """The text's example: Jason's IV and II both next to CJ's II; CJ's III next to Jason's II only."""
    return ex.table([sq(0, "IV", "+1-2", card("ghoul")), sq(0, "II", "+2-1", card("ratman")),
                     sq(1, "II", "+1-1", card("necromonk", 5)), sq(1, "III", "+3-2", card("hunched-one"))])


def test_the_texts_example_cannot_flank_and_pairs_off():
    s = jason_and_cj()
    assert fights(s) == ["fight II 1:II", "fight II 1:III", "fight IV 1:II"]
    refused(s.copy(), "fight II,IV 1:II", "ce-flank-pair")
    one = s.copy().apply("fight IV 1:II")
    assert one.combat["defenders"] == ["1:II"]
    two = s.copy().apply("fight II 1:III")  # CJ's II is left to Jason's IV
    assert two.combat["defenders"] == ["1:III"]


def test_once_the_partner_has_acted_the_neighbour_defends_too():
    s = jason_and_cj().apply("fight IV 1:II")
    win(s, attacker=False)  # Jason's IV dies; CJ's II stands
    assert "0:IV" not in s.squads
    s.apply("fight II 1:III")
    assert s.combat["defenders"] == ["1:III", "1:II"]
    assert "ce-flank-defend" in rules_logged(s)


def test_one_squad_next_to_two_enemy_squads_fights_both():
    s = ex.table([sq(0, "II", "+2-1", card("ghoul")), sq(1, "II", "+1-1", card("necromonk", 5)),
                  sq(1, "III", "+3-2", card("hunched-one"))])
    s.apply("fight II 1:II")
    assert s.combat["defenders"] == ["1:II", "1:III"]
    assert s.fight.tally("defender", "special").total == 8 + 7
    win(s)
    assert "1:II" not in s.squads and "1:III" not in s.squads and s.kill_points == [6.0, 0.0]
    check_combat(s)


def test_a_monster_beside_the_attacker_defends_with_the_enemy():
    """Case 1: the squad stands next to a Wandering Monster and an enemy squad: both defend,
    whichever is attacked; the enemy player answers for the side."""
    s = ex.table([sq(0, "II", "+1-1", card("ghoul")), sq(1, "II", "+1-2", card("necromonk", 5)),
                  sq(None, "A", "+2-1", card("insectoid"))])
    a = s.copy().apply("fight II 1:II")
    assert a.combat["defenders"] == ["1:II", "w:A"] and "ce-flank-wandering" in rules_logged(a)
    b = s.copy().apply("fight II w:A")
    assert b.combat["defenders"] == ["w:A", "1:II"] and b.combat["control"]["defender"] == "player"
    assert rules_logged(b).count("ce-flank-wandering") == 1 and "ce-flank-defend" not in rules_logged(b)
    b.apply("first strength").apply("attacker rolls 1").apply("defender rolls 12")
    assert b.current_player() == 1 and b.legal_actions() == ["second special", "second weapon"]
    b.apply("second weapon").apply("attacker rolls 1").apply("defender rolls 12")
    assert "0:II" not in b.squads and b.kill_points == [0.0, 3.0]  # the player on the winning side scores
    check_combat(b)


def test_a_monster_beside_the_defender_only_helps_the_attacker():
    """Case 2: the monster is next to the enemy attacked, not to the attacker: it adds to the attack,
    and dies with the attackers if they lose."""
    s = ex.table([sq(0, "II", "+1-2", card("ghoul")), sq(1, "II", "+1-1", card("necromonk", 5)),
                  sq(None, "A", "+2-1", card("insectoid"))])
    s.apply("fight II 1:II")
    assert s.combat["attackers"] == ["0:II", "w:A"] and s.combat["defenders"] == ["1:II"]
    assert "ce-flank-wandering-help" in rules_logged(s)
    assert s.fight.tally("attacker", "strength").total == 11 + 5
    pos = s.position()
    assert s.game.state_from_position(pos).position() == pos
    lost = win(s.copy(), attacker=False)
    assert "w:A" not in lost.squads and lost.kill_points == [0.0, 3.0 + 2.0]
    won = win(s.copy())
    assert "w:A" in won.squads and won.kill_points == [3.0, 0.0]
    for t in (lost, won):
        check_combat(t)


def test_two_monsters_beside_the_attacker_defend_together_and_the_attacker_opens():
    """Case 4: monsters next to the attacking squad flank-defend; the attacker still picks the first
    attribute and the monsters answer the second for themselves."""
    s = ex.table([sq(0, "II", "+1-1", card("ghoul")), sq(None, "A", "+1-2", card("ratman")),
                  sq(None, "B", "+2-1", card("insectoid"))])
    s.apply("fight II w:A")
    assert s.combat["defenders"] == ["w:A", "w:B"] and s.combat["control"]["defender"] == "wandering"
    assert s.current_player() == 0 and len(s.legal_actions()) == 6
    s.apply("first strength").apply("attacker rolls 12").apply("defender rolls 1")
    assert "ce-wandering-second" in rules_logged(s) and s.is_chance_node()


def test_a_third_players_squad_stays_out_of_the_defence():
    s = ex.table([sq(0, "II", "+1-1", card("ghoul")), sq(1, "II", "+1-2", card("necromonk", 5)),
                  sq(2, "II", "+2-1", card("ratman"))], players=3)
    s.apply("fight II 1:II")
    assert s.combat["defenders"] == ["1:II"]


def test_a_real_flank_is_still_allowed_when_nothing_pairs_off():
    s = ex.table([sq(0, "II", "+1-2", card("ghoul")), sq(0, "III", "+2-1", card("ratman")),
                  sq(1, "II", "+1-1", card("necromonk", 5))])
    assert "fight II,III 1:II" in fights(s)


# ------------------------------------------------------------------ ranged combat (the corridor)
def shooter(where=3):
    return sq(0, "II", at(where), card("hunched-one"), card("caveling"), card("ghoul"))


def test_only_the_ranged_creature_shoots_and_opens_with_its_attribute():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("necromonk", 5), card("horned-hellion"))])
    assert fights(s) == ["shoot II 1:IV"]
    s.apply("shoot II 1:IV")
    assert [f["id"] for f in s.combat["sides"]["attacker"][0]] == ["caveling-1"]
    assert s.legal_actions() == ["first weapon"]
    refused(s.copy(), "first strength", "ce-shoot-first")
    assert s.fight.tally("defender", "weapon").total == 2 + 6
    assert all(c.acted and c.halted for c in s.squads["0:II"].creatures)


def test_a_missed_shot_spares_the_shooters():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("necromonk", 5), card("horned-hellion"))])
    win(s.apply("shoot II 1:IV"), attacker=False)
    assert "0:II" in s.squads and s.kill_points == [0.0, 0.0] and not s.dead
    assert "ce-shoot-miss" in rules_logged(s)


def test_a_hit_kills_the_whole_target():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("necromonk", 5), card("horned-hellion"))])
    win(s.apply("shoot II 1:IV"))
    assert "1:IV" not in s.squads and s.kill_points == [9.0, 0.0]
    check_combat(s)


def test_a_target_with_a_ranged_creature_shoots_back_and_can_kill_the_shooters():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("caveling", 2), card("ratman"))])
    s.apply("shoot II 1:IV")
    assert s.combat["defence"] == "ranged" and [f["id"] for f in s.combat["sides"]["defender"][0]] == ["caveling-2"]
    win(s, attacker=False)
    assert "0:II" not in s.squads and s.kill_points == [0.0, 9.0]  # the whole shooting squad dies
    check_combat(s)


@pytest.mark.parametrize("verb", ["shoot II w:A", "subdue II w:A by shot"])
def test_ce_shoot_defence_a_ranged_wandering_monster_always_shoots_back(verb):
    """Audit 2 T2 (rule text: a Wandering Monster shot at, or subdued by a shot, that has a ranged
    ability automatically uses it): nobody is asked; only its Caveling defends, and when it wins
    the shooters die. The same monster without a ranged creature merely makes the shot miss."""
    s = ex.corridor([shooter(), sq(None, "A", at(6), card("caveling", 2), card("ratman"))])
    s.apply(verb)
    assert s.combat["defence"] == "ranged" and s.combat["control"]["defender"] == "wandering"
    assert [f["id"] for f in s.combat["sides"]["defender"][0]] == ["caveling-2"]
    assert s.legal_actions() == ["first weapon"]  # the shooter opens; the monster's side decides nothing
    win(s, attacker=False)
    assert "0:II" not in s.squads and "w:A" in s.squads and s.kill_points == [0.0, 0.0]
    assert "ce-shoot-defence" in rules_logged(s)
    check_combat(s)
    plain = ex.corridor([shooter(), sq(None, "A", at(6), card("ghoul", 2), card("ratman"))])
    plain.apply(verb)
    assert "defence" not in plain.combat
    win(plain, attacker=False)
    assert "0:II" in plain.squads and "w:A" in plain.squads  # a plain miss (rule ce-shoot-miss)


def test_the_first_squad_on_the_line_is_the_target_and_range_counts():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("necromonk", 5)), sq(1, "III", at(5), card("ratman"))])
    assert fights(s) == ["shoot II 1:III"]
    refused(s.copy(), "shoot II 1:IV", "ce-los-squads")
    far = ex.corridor([shooter(), sq(1, "IV", at(7), card("necromonk", 5))])
    assert fights(far) == []
    refused(far, "shoot II 1:IV", "ce-shoot-range")


def test_a_friend_in_the_way_spoils_the_shot_and_only_rangers_shoot():
    s = ex.corridor([shooter(), sq(0, "III", at(4), card("ratman")), sq(1, "IV", at(6), card("necromonk", 5))])
    refused(s, "shoot II 1:IV", "ce-line-of-sight")
    s = ex.corridor([sq(0, "II", at(3), card("ghoul")), sq(1, "IV", at(5), card("necromonk", 5))])
    refused(s, "shoot II 1:IV", "ce-shoot")


def test_two_shooting_squads_flank_and_shots_wait_for_phase_3():
    s = ex.corridor([shooter(3), sq(0, "III", at(9), card("caveling", 3)), sq(1, "IV", at(6), card("necromonk", 5))])
    assert "shoot II,III 1:IV" in fights(s)
    s.apply("shoot II,III 1:IV")
    assert [f["id"] for m in s.combat["sides"]["attacker"] for f in m] == ["caveling-1", "caveling-3"]
    waiting = ex.corridor([shooter(3), sq(1, "IV", at(4), card("necromonk", 5)),
                           sq(1, "V", at(6), card("ratman"))], turn=1).apply("end")
    assert waiting.must_fight and not [a for a in fights(waiting) if a.startswith("shoot")]
    refused(waiting, "shoot II 1:V", "ce-shoot-alone")


def test_a_shot_round_trips_through_json_and_undo():
    s = ex.corridor([shooter(), sq(1, "IV", at(6), card("caveling", 2), card("ratman"))])
    start = s.position()
    for a in ("shoot II 1:IV", "first weapon", "attacker rolls 3", "defender rolls 5"):
        s.apply(a)
        pos = s.position()
        assert json.loads(json.dumps(pos)) == pos
        again = s.game.state_from_position(pos)
        assert again.position() == pos and again.legal_actions() == s.legal_actions()
    while s.steps:
        s.undo()
    assert s.position() == start


# ------------------------------------------------------------------ the Chthonic Crystal
def raiders(players=2, extra=()):
    """Player 1's squad II next to player 2's crystal (+0-9 with two players, -10+5 with three)."""
    spot = "+0-8" if players == 2 else "-9+4"
    return ex.corridor([sq(0, "II", spot, card("ghoul"), card("caveling")), sq(1, "III", at(6), card("ratman")),
                        *extra], players=players)


def test_a_crystal_is_attacked_by_squads_next_to_it_and_defended_by_the_astral_form():
    s = raiders(extra=[sq(0, "III", "-1-8", card("dracor"))])
    assert {"fight II 1:crystal", "fight II,III 1:crystal", "fight III 1:crystal", "shoot II 1:crystal"} <= set(fights(s))
    s.apply("fight II 1:crystal")
    assert s.combat["defenders"] == ["1:crystal", "1:N"]  # the squad on the crystal defends it too
    sides = s.combat["sides"]["defender"]
    assert sides[0] == [{"id": "astral-2", "card": fx.NECROMANCER_CARDS[1], "size": "small", "astral": True}]
    assert [f["id"] for f in sides[1]] == ["necromonk-2"]  # the Necromancer counts once
    assert s.fight.tally("defender", "special").total == 12 + 8
    pos = s.position()
    assert s.game.state_from_position(pos).position() == pos
    refused(raiders(), "fight N 1:crystal", "ce-crystal-attack")


def test_a_failed_attack_on_a_crystal_destroys_the_attackers():
    s = win(raiders().apply("fight II 1:crystal"), attacker=False)
    assert "0:II" not in s.squads and s.kill_points == [0.0, 6.0] and "ce-crystal-fail" in rules_logged(s)
    shot = win(raiders().apply("shoot II 1:crystal"), attacker=False)
    assert "0:II" not in shot.squads  # a failed shot at a crystal is fatal too
    check_combat(s)


def test_a_crushed_crystal_kills_the_necromancer_and_frees_its_creatures():
    s = raiders(players=3, extra=[sq(1, "IV", at(9), card("ghoul", 4)), sq(None, "A", at(0), card("ratman", 9))])
    s.apply("fight II 1:crystal")
    win(s)
    assert s.out == [1] and not s.is_terminal() and "1:N" not in s.squads
    wandering = {x.id: [c.id for c in x.creatures] for x in s.squads if x.wandering}
    assert wandering == {"w:A": ["ratman-9"], "w:B": ["ratman-1"], "w:C": ["ghoul-4"]}
    assert s.kill_points[0] == 6.0 and {d["id"] for d in s.dead} == {"necromancer-2", "necromonk-2"}
    assert "ce-crystal-crushed" in rules_logged(s)
    check_map(s)
    check_combat(s)


def test_a_crystal_does_not_force_a_phase_1_fight():
    s = raiders()
    pos = s.position()
    pos["squads"] = [x for x in pos["squads"] if x["id"] != "1:N"]
    pos["squads"].append(sq(1, "N", at(11), card("ratman", 7), {"id": "necromancer-2", "size": "small", "speed": 3,
                                                                     "necromancer": True, "card": fx.NECROMANCER_CARDS[1]}))
    s = s.game.state_from_position(pos)
    s.apply("end").apply("end")
    assert not s.must_fight and "fight II 1:crystal" in fights(s)
    assert s.copy().apply("fight II 1:crystal").combat["defenders"] == ["1:crystal"]


def test_no_enemy_stops_on_a_crystal_but_its_own_squads_may():
    """Rule ce-crystal-attack: an enemy squad never stops on a player's crystal, nor is loaded there;
    its owner's squads may walk onto it. Ruling ce-crystal-cross: an enemy may walk across it."""
    s = raiders()
    pos = s.position()
    pos["squads"] = [x for x in pos["squads"] if x["id"] != "1:N"]
    pos["squads"].append(sq(1, "N", at(11), {"id": "necromancer-2", "size": "small", "speed": 3,
                                             "necromancer": True, "card": fx.NECROMANCER_CARDS[1]}))
    s = s.game.state_from_position(pos)
    crystal = s.crystals()[1]
    assert str(crystal) == "+0-9" and s.squads.at(crystal) is None
    assert f"move II {crystal}" not in s.copy().apply("move II").legal_actions()
    refused(s.copy().apply("move II"), f"move II {crystal}", "ce-crystal-attack")
    enemy_on_it = dict(pos, squads=[x if x["id"] != "0:II" else dict(x, at=str(crystal)) for x in pos["squads"]])
    with pytest.raises(ValueError, match="Chthonic Crystal") as exc:
        s.game.state_from_position(enemy_on_it)
    assert "ce-crystal-attack" in str(exc.value)
    # player 2's squad IV, two steps off, walks onto its own crystal on its player's turn
    own = s.game.state_from_position(dict(pos, turn=1, squads=pos["squads"] + [sq(1, "IV", "-2-8", card("ghoul", 4))]))
    own.apply("move IV")
    assert f"move IV {crystal}" in own.legal_actions()
    own.apply(f"move IV {crystal}")
    assert own.squads.at(crystal).id == "1:IV" and own.crystals()[1] == crystal
    # an enemy crosses it: from +1-9, squad II reaches -1-9 over the crystal in 2 steps (3 round it)
    across = s.game.state_from_position(dict(pos, squads=[x if x["id"] != "0:II" else dict(x, at="+1-9")
                                                           for x in pos["squads"]]))
    speed = across.squads["0:II"].left
    across.apply("move II").apply("move II -1-9")
    assert str(across.squads["0:II"].hex) == "-1-9" and across.squads["0:II"].left == speed - 2


# ------------------------------------------------------------------ seeded random play
def melee(seed):
    """Both players' squads (random cards, Cavelings among them) crowded in the Pit Room, with
    player 2's crystal guarded nearby: flanks, shots and crystal attacks in random play."""
    rng = Rng(seed)
    pool = [c.id for c in CARDS.creatures.values() if c.kind == "creature" and c.size in ("small", "medium")]
    pool += ["caveling"] * 4
    spots = ["+1-2", "+2-1", "+1-1", "+3-2", "+2-2", "+1+0", "+0+1", "-1+1", "+0-1", "+2+0"]
    squads = [sq(0, "N", "+0-8", card("ratman", 90), ex.creature("necromancer-1", necromancer=True,
                                                                 card=fx.NECROMANCER_CARDS[0]))]
    for i, where in enumerate(spots):
        owner = None if i == 9 else i % 2
        name = "A" if owner is None else ("I", "II", "III", "IV", "V")[i // 2]
        pick = pool[rng.randbelow(len(pool))]
        squads.append(sq(owner, name, where, card(pick, 10 + i)))
    state = ex.table(squads, seed=seed, cycles=3)
    state.roster = [c.id for s in state.squads for c in s.creatures]
    return state


def test_seeded_random_melees_keep_the_invariants_and_reach_the_new_rules():
    def invariants(state):
        check_map(state)
        check_combat(state, state.roster)

    report = random_playouts(melee, range(8), invariants=[invariants], deep_every=3, max_steps=3000)
    assert report.games == 8
    seen = set()
    for seed in range(8):
        s = melee(seed)
        play(s, [RandomBot(seed), RandomBot(seed + 1)])  # the fast path, unrecorded
        invariants(s)
        s, rng = melee(seed), Rng(seed)
        while not s.is_terminal():  # recorded, to read the log
            s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))
        invariants(s)
        seen |= {e.rule for e in s.log}
    assert {"ce-flank-defend", "ce-shoot", "ce-crystal-attack"} & seen == {"ce-flank-defend", "ce-shoot",
                                                                          "ce-crystal-attack"}, seen


def test_a_flanked_side_that_dies_leaves_each_squads_gore_on_its_own_hex():
    """Ruling ce-gore-where: two monster squads killed in one fight, each leaves its gore where it stood."""
    s = ex.table([sq(0, "II", "+1-1", card("ghoul")), sq(None, "A", "+1-2", card("ratman")),
                  sq(None, "B", "+2-1", card("insectoid"))])
    s.apply("fight II w:A")
    win(s)
    loot = s.position()["loot"]
    assert loot["+1-2"]["gore"] >= 1 and loot["+2-1"]["gore"] >= 1
    assert rules_logged(s).count("ce-gore-where") == 2 and "ce-gore" not in rules_logged(s)


def test_shooters_that_name_different_attributes_open_with_either():
    """Ruling ce-shoot-first-mixed: a Caveling (weapon) and Magicians (special) shooting together."""
    s = ex.corridor([sq(0, "II", at(3), card("caveling"), card("magicians-of-liazzu")),
                     sq(1, "IV", at(6), card("necromonk", 5), card("horned-hellion"))])
    s.apply("shoot II 1:IV")
    assert s.legal_actions() == ["first special", "first weapon"]
    refused(s.copy(), "first strength", "ce-shoot-first-mixed")


def test_an_enemy_may_walk_across_a_crystal_without_stopping_on_it():
    """Ruling ce-crystal-cross: some hex is reached more cheaply through player 2's empty crystal."""
    import networkx as nx
    from necro.cave_evil.movement import destinations
    s = raiders()
    pos = s.position()
    pos["squads"] = [x if x["id"] != "0:II" else dict(x, at="+1-9") for x in pos["squads"] if x["id"] != "1:N"]
    pos["squads"].append(sq(1, "N", at(11), {"id": "necromancer-2", "size": "small", "speed": 3,
                                             "necromancer": True, "card": fx.NECROMANCER_CARDS[1]}))
    s = s.game.state_from_position(pos)
    crystal, start = s.crystals()[1], s.squads["0:II"].hex
    reach = destinations(s.ground, s.squads, "0:II")
    assert crystal not in reach
    around = s.ground.graph.copy()
    around.remove_node(crystal)
    lengths = nx.single_source_shortest_path_length(around, start)
    assert any(lengths.get(h, 99) > cost for h, cost in reach.items())
