"""Combat in the game: creatures with their cards, fights as actions and chance steps, flanking,
Phase 1, death (kill points, gore, drops, a Necromancer's fall ends the game), the record in the
position (JSON, undo, replay) and the board's view of a fight."""

import json
from fractions import Fraction

import pytest

from necro.core import FormatError, IllegalAction, Rng
from necro.core.testing import random_playouts
from necro.cave_evil import examples as ex
from necro.cave_evil import fights as fx
from necro.cave_evil.creatures import ATTRIBUTES, catalogue
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.odds import advise
from necro.cave_evil.rules import RULES

from .helpers import BAD, check_combat, check_map, refused

CARDS = catalogue()
at = ex.at


card = ex.of_card


def jason(where=3, card_="II", **kw):
    return ex.squad(0, card_, at(where), card("hunched-one", **kw), card("caveling", **kw), card("ghoul", **kw))


def joanna(where=4, card_="IV"):
    return ex.squad(1, card_, at(where), card("necromonk", 5),
                    card("horned-hellion", items=["cool-stretchy-headband"]))


def example(**kw):
    """The rule book's Combat Example on the corridor: Jason's II (player 1) next to Joanna's IV (player 2)."""
    return ex.corridor([jason(), joanna()], **kw)


def logged(state, since=0):
    return [(e.rule, e.text) for step in state.steps[since:] for e in step.log]




EXAMPLE = ["fight II 1:IV", "first strength", "attacker rolls 2", "defender rolls 12", "second special",
           "attacker rolls 6", "defender rolls 7", "attacker rolls 5", "defender rolls 8"]


# ------------------------------------------------------------------ cards on the map
def test_start_squads_hold_the_necromancer_and_necromonk_cards():
    s = CaveEvil(4, setup="quick").new_initial_state(0).apply("first 1")
    for p in range(4):
        crew = {c.id: c.card for c in s.squads[f"{p}:N"].creatures}
        assert crew == {f"necromancer-{p + 1}": fx.NECROMANCER_CARDS[p], f"necromonk-{p + 1}": "necromonk"}
        assert CARDS.creature(fx.NECROMANCER_CARDS[p]).necromancer


def test_old_positions_without_cards_still_load_and_fight_with_the_card_their_id_names():
    s = CaveEvil(2, setup="quick").new_initial_state(0).apply("first 1")
    pos = s.position()
    for key in ("combat", "last_combat", "must_fight", "dead", "kill_points", "loot"):
        del pos[key]
    for sq in pos["squads"]:
        for c in sq["creatures"]:
            del c["card"]
    loaded = s.game.state_from_position(pos)
    assert all(c.card is None for sq in loaded.squads for c in sq.creatures)
    monk = loaded.squads["0:N"].creature("necromonk-1")
    assert fx.card_id_of(monk) == "necromonk"
    assert fx.card_id_of(loaded.squads["0:N"].creature("necromancer-1")) == fx.NECROMANCER_CARDS[0]
    from necro.cave_evil.movement import Creature
    assert fx.card_id_of(Creature("odd-thing", "large", 3)) is None
    assert fx.card_of(None, "large").attributes == (0,) * 6


@pytest.mark.parametrize("change, message", [
    (lambda c: c.update(card="no-such-card"), "no creature card"),
    (lambda c: c.update(card="horned-hellion"), "is medium"),
    (lambda c: c.update(card="rotten-magi"), "Necromancer"),
    (lambda c: c.update(items=["no-such-item"]), "no item"),
    (lambda c: c.update(items=["spiked-shield", "mourning-face-mace"]), "at most 1"),
])
def test_a_creature_card_must_fit_its_creature(change, message):
    s = CaveEvil(2, setup="quick").new_initial_state(0).apply("first 1")
    pos = s.position()
    monk = next(c for sq in pos["squads"] for c in sq["creatures"] if c["id"] == "necromonk-1")
    change(monk)
    with pytest.raises(FormatError, match=message):
        s.game.state_from_position(pos)


# ------------------------------------------------------------------ the Combat Example, in play
def test_the_combat_example_played_on_the_map():
    s = example()
    assert "fight II 1:IV" in s.legal_actions()
    s.apply("fight II 1:IV")
    assert s.legal_actions() == [f"first {a}" for a in ATTRIBUTES] and s.current_player() == 0
    s.apply("first strength")
    assert s.is_chance_node()
    assert s.chance_outcomes() == [(f"attacker rolls {n}", Fraction(1, 12)) for n in range(1, 13)]
    assert s.legal_actions()[:3] == ["attacker rolls 1", "attacker rolls 2", "attacker rolls 3"]
    s.apply("attacker rolls 2")
    assert [a for a, _ in s.chance_outcomes()] == [f"defender rolls {n}" for n in range(1, 13)]
    s.apply("defender rolls 12")
    assert s.current_player() == 1 and s.legal_actions() == ["second special", "second weapon"]
    for action in EXAMPLE[4:]:
        s.apply(action)
    text = "\n".join(t for _, t in logged(s))
    rules = {r for r, _ in logged(s)}
    assert "attacker 19 + 2 = 21, defender 4 + 12 = 16: the attacker wins" in text
    assert "necromonk-5 3 -3 (hunched-one-1) = 0 + horned-hellion-1 7 -3 (hunched-one-1) = 4 = 4" in text
    assert "attacker 15 + 6 = 21, defender 16 + 7 = 23: the defender wins" in text
    assert "+3 (cool-stretchy-headband) = 16" in text
    assert "attacker 18 + 5 = 23, defender 8 + 8 = 16: the attacker wins" in text
    assert {"ce-combat-attacker", "ce-combat-first", "ce-combat-round", "ce-combat-total", "ce-combat-second",
            "ce-combat-third", "ce-combat-two-wins", "ce-gore", "ce-kill-points", "ce-death-drops",
            "ce-combat-halts"} <= rules
    assert rules <= {r.id for r in RULES}
    # death: Joanna's IV is gone, its card free again; Jason keeps 9 kill points (a small and a medium)
    assert "1:IV" not in s.squads and "IV" in s.squads.free_cards(1)
    assert s.kill_points == [9.0, 0.0]
    assert s.loot == {str(at(4)): {"gore": 3, "items": ["cool-stretchy-headband"]}}
    assert [(d["id"], d["by"]) for d in s.dead] == [("necromonk-5", 0), ("horned-hellion-1", 0)]
    # Jason's squad has acted and stops (rule ce-combat-halts); the game goes on
    assert all(c.acted and c.halted for c in s.squads["0:II"].creatures)
    assert s.combat is None and s.last_combat is not None and not s.is_terminal()
    check_map(s)
    check_combat(s)


def test_a_fight_round_trips_through_json_undo_and_replay_at_every_step():
    s = example()
    for action in EXAMPLE:
        s.apply(action)
        pos = s.position()
        assert json.loads(json.dumps(pos)) == pos
        again = s.game.state_from_position(pos)
        assert again.position() == pos and again.legal_actions() == s.legal_actions()
    end = s.position()
    for _ in EXAMPLE:
        s.undo()
    assert s.combat is None and s.position() == example().position()
    fresh = example().replay([{"a": a, "by": "forced" if "rolls" in a else "choice"} for a in EXAMPLE])
    assert fresh.position() == end


def test_ties_are_thrown_again_as_new_chance_steps():
    s = example().apply("fight II 1:IV").apply("first strength")
    # strength: 19 against 4; a 1 against a 16 is impossible, so tie on 4 + 12 = 16 needs 19 + x = 16... use dodge
    s = example().apply("fight II 1:IV").apply("first dodge")
    a = s.fight.tally("attacker", "dodge").total
    d = s.fight.tally("defender", "dodge").total
    assert (a, d) == (11, 8)
    s.apply("attacker rolls 1").apply("defender rolls 4")
    assert logged(s)[-1][0] == "ce-combat-tie" and s.is_chance_node()
    assert [x for x, _ in s.chance_outcomes()][0] == "attacker rolls 1"
    assert s.combat["dice"] == [1, 4] and not s.fight.rounds
    s.apply("attacker rolls 5").apply("defender rolls 2")
    assert s.fight.rounds[0].rolls == ((1, 4), (5, 2)) and s.fight.rounds[0].winner == "attacker"


def test_refusals_during_a_fight_name_their_rules():
    s = example().apply("fight II 1:IV")
    refused(s, "second special", "ce-combat-first")
    refused(s, "end", "ce-combat-to-the-end")
    refused(s, "move N", "ce-combat-to-the-end")
    refused(s, "defender rolls 3", "core-chance")
    s.apply("first strength")
    refused(s, "defender rolls 3", "ce-combat-round")
    s.apply("attacker rolls 2").apply("defender rolls 12")
    refused(s, "second dodge", "ce-combat-second")
    refused(s, "first dodge", "ce-combat-second")
    for bad in BAD:
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert info.value.rule in RULES


# ------------------------------------------------------------------ who may fight
def test_a_squad_attacks_only_an_adjacent_enemy_once_a_turn():
    s = ex.corridor([jason(3), joanna(5)])
    assert not [a for a in s.legal_actions() if a.startswith("fight")]
    refused(s, "fight II 1:IV", "ce-combat-attacker")
    refused(s, "fight V 1:IV", "ce-control-cards")
    # once a turn: squad II, between player 2's IV and player 3's V (who does not flank player 2's
    # squad), fights IV, wins, and may not then fight V as well
    s = ex.corridor([jason(3), joanna(4), ex.squad(2, "V", at(2), card("ratman", 2))], players=3)
    assert {"fight II 1:IV", "fight II 2:V"} <= set(s.legal_actions())
    s.apply("fight II 1:IV")
    assert s.combat["defenders"] == ["1:IV"]
    _win_fight(s)
    assert "1:IV" not in s.squads and "0:II" in s.squads and "2:V" in s.squads
    assert not [a for a in s.legal_actions() if a.startswith("fight")]
    refused(s, "fight II 2:V", "ce-one-action")


def test_a_trapped_squad_neither_fights_nor_is_fought():
    s = example()
    pos = s.position()
    pos["ground"]["placements"].append({"tile": "single", "at": str(at(4)), "turn": 0, "side": "collapse"})
    s = s.game.state_from_position(pos)
    refused(s, "fight II 1:IV", "ce-collapse-trapped")


def test_flanking_squads_attack_together_and_all_spend_their_action():
    two = ex.squad(0, "III", at(5), card("ghoul", 2))
    s = ex.corridor([jason(3), joanna(4), two])
    fights = [a for a in s.legal_actions() if a.startswith("fight")]
    assert fights == ["fight II 1:IV", "fight II,III 1:IV", "fight III 1:IV"]
    s.apply("fight II,III 1:IV")
    assert logged(s)[0][0] == "ce-flank"
    t = s.fight.tally("attacker", "strength")
    assert t.total == 4 + 4 + 11 + 11 and [p.fighter for p in t.parts][-1] == "ghoul-2"
    assert all(c.acted and c.halted for sid in ("0:II", "0:III") for c in s.squads[sid].creatures)
    s.apply("first strength").apply("attacker rolls 1").apply("defender rolls 1")
    s.apply("second weapon").apply("attacker rolls 1").apply("defender rolls 1")
    assert "1:IV" not in s.squads and s.kill_points[0] == 9.0


def test_a_flanker_must_stand_next_to_the_defender():
    far = ex.squad(0, "III", at(1), card("ghoul", 2))
    s = ex.corridor([jason(3), joanna(4), far])
    refused(s, "fight II,III 1:IV", "ce-flank")


def test_losing_flank_attackers_all_die_and_the_defender_scores():
    weak = [ex.squad(0, "II", at(3), card("vapor")), ex.squad(0, "III", at(5), card("brain-sentry"))]
    s = ex.corridor(weak + [joanna(4)])
    s.apply("fight II,III 1:IV").apply("first strength")
    s.apply("attacker rolls 1").apply("defender rolls 12").apply("second weapon")
    s.apply("attacker rolls 1").apply("defender rolls 12")
    assert "0:II" not in s.squads and "0:III" not in s.squads
    assert s.kill_points == [0.0, 1.5 + 3.0]
    assert s.loot[str(at(5))]["gore"] == 1 and str(at(3)) not in s.loot  # a trinket leaves no gore
    check_combat(s)


def test_a_wandering_monster_defends_with_its_own_second_choice_and_is_worth_less():
    monster = ex.squad(None, "A", at(4), card("insectoid"))
    s = ex.corridor([jason(3), monster])
    s.apply("fight II w:A").apply("first strength").apply("attacker rolls 12").apply("defender rolls 1")
    assert logged(s)[-1][0] == "ce-wandering-second"
    assert s.is_chance_node() and len(s.fight.order) == 2
    rounds = {a: advise(s.fight).rounds for a in ()}
    del rounds
    s.apply("attacker rolls 12").apply("defender rolls 1")
    assert "w:A" not in s.squads and s.kill_points == [2.0, 0.0]
    assert s.dead[0]["owner"] is None


def test_a_monster_that_wins_earns_nobody_kill_points():
    monster = ex.squad(None, "A", at(4), card("dracor"))
    s = ex.corridor([ex.squad(0, "II", at(3), card("ratman")), monster])
    s.apply("fight II w:A").apply("first strength").apply("attacker rolls 1").apply("defender rolls 12")
    s.apply("attacker rolls 1").apply("defender rolls 12")
    assert "0:II" not in s.squads and s.kill_points == [0.0, 0.0]
    assert ("ce-kill-points-monster", "A Wandering Monster won: nobody earns kill points.") in logged(s)
    assert s.dead[0]["by"] is None


# ------------------------------------------------------------------ Phase 1
def test_squads_that_start_a_turn_next_to_an_enemy_must_fight_first():
    s = ex.corridor([jason(3), joanna(4)], turn=1)
    s.apply("end")  # player 2 ends; player 1's turn begins with II next to IV
    assert s.must_fight == ["0:II"]
    assert s.legal_actions() == ["fight II 1:IV"]
    assert any(r == "ce-combat-phase1" for r, _ in logged(s))
    refused(s, "end", "ce-combat-phase1")
    refused(s, "move N", "ce-combat-phase1")
    s.apply("fight II 1:IV")
    assert s.combat["phase"] == 1
    for a in EXAMPLE[1:]:
        s.apply(a)
    assert s.must_fight == [] and "end" in s.legal_actions()
    # issue 28 W3: a squad that fought in Phase 1 neither moves nor acts in Phase 3 (rule ce-combat-halts)
    assert not [a for a in s.legal_actions() if a.split()[1:2] == ["II"] and a.split()[0] in
                ("move", "break", "dig", "collapse", "fight", "shoot", "hire", "subdue")]
    refused(s, "dig II", "ce-one-action")


def test_phase_1_with_two_squads_lets_the_player_pick_the_order():
    other = ex.squad(1, "V", at(7), card("ratman", 2))
    mine = ex.squad(0, "III", at(8), card("ghoul", 2))
    s = ex.corridor([jason(3), joanna(4), other, mine], turn=1)
    s.apply("end")
    assert s.must_fight == ["0:II", "0:III"]
    assert s.legal_actions() == ["fight II 1:IV", "fight III 1:V"]
    s.apply("fight III 1:V").apply("first strength").apply("attacker rolls 12").apply("defender rolls 1")
    s.apply("second weapon").apply("attacker rolls 12").apply("defender rolls 1")
    assert s.must_fight == ["0:II"] and s.legal_actions() == ["fight II 1:IV"]


# ------------------------------------------------------------------ the end of a Necromancer
def test_killing_the_last_enemy_necromancer_wins_the_game():
    s = ex.corridor([ex.necromancer(0, at(3)), ex.necromancer(1, at(4))])
    s.apply("fight N 1:N").apply("first strength")
    for _ in range(2):
        s.apply("attacker rolls 12").apply("defender rolls 1")
        if not s.is_terminal() and s.current_player() == 1:
            s.apply("second special")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.winner() == 0
    assert s.out == [1] and not s.squads.of(1)
    assert {"ce-last-standing", "ce-death"} & {r for r, _ in logged(s)}
    assert s.kill_points == [6.0, 0.0]


def test_ce_last_standing_a_necromancer_falling_in_a_fight_leaves_its_other_squads_wandering():
    """Issue 28 W4: only the losing squad dies; the dead Necromancer's other creatures turn into
    Wandering Monsters where they stand, as after a crushed crystal, and earn nobody kill points."""
    s = ex.corridor([ex.necromancer(0, at(3)), ex.necromancer(1, at(4)), ex.necromancer(2, at(11)),
                     ex.squad(1, "II", at(8), card("ratman", 2))], players=3)
    s.apply("fight N 1:N").apply("first strength").apply("attacker rolls 12").apply("defender rolls 1")
    s.apply("second special").apply("attacker rolls 12").apply("defender rolls 1")
    assert not s.is_terminal() and s.out == [1] and "1:II" not in s.squads
    wanderer = s.squads.at(at(8))
    assert wanderer is not None and wanderer.wandering and wanderer.owner is None
    assert [c.id for c in wanderer.creatures] == ["ratman-2"]
    assert s.kill_points == [6.0, 0.0, 0.0]
    assert not [d for d in s.dead if d["id"] == "ratman-2"]
    assert any(e.rule == "ce-last-standing" and "Wandering Monster" in e.text for e in s.log)
    check_combat(s)


# ------------------------------------------------------------------ the board's view
def test_the_view_carries_the_fight_and_the_odds():
    s = example()
    assert "fight" not in s.decorate_view(s.position())["map"]
    s.apply("fight II 1:IV")
    v = s.decorate_view(s.position())["map"]["fight"]
    assert json.loads(json.dumps(v)) == v
    assert v["decision"] == "first" and v["choices"] == list(ATTRIBUTES) and v["ring"] == list(ATTRIBUTES)
    names = [c["name"] for sq in v["sides"]["attacker"]["squads"] for c in sq["creatures"]]
    assert names == ["Hunched One", "Caveling", "Ghoul"]
    assert v["sides"]["defender"]["items"] == ["cool-stretchy-headband"]
    assert v["totals"]["attacker"]["strength"] == 19 and v["totals"]["defender"]["strength"] == 4
    advice = advise(s.fight)
    assert v["odds"]["best"] == advice.best
    assert {o["first"]: o["win"]["exact"] for o in v["odds"]["openings"]} == \
        {o.first: str(o.win) for o in advice.openings}
    for a in EXAMPLE[1:4]:
        s.apply(a)
    v = s.decorate_view(s.position())["map"]["fight"]
    r1 = v["rounds"][0]
    assert r1["rolls"] == [[2, 12]] and r1["scores"] == [21, 16] and r1["winner"] == "attacker"
    assert r1["defender"]["parts"][0] == {"fighter": "necromonk-5", "printed": 3,
                                          "mods": [["hunched-one-1", -3]], "value": 0}
    assert v["decision"] == "second" and v["choices"] == ["weapon", "special"]
    for a in EXAMPLE[4:]:
        s.apply(a)
    v = s.decorate_view(s.position())["map"]["fight"]
    assert v["finished"] and v["result"]["winner"] == "attacker" and v["result"]["gore"] == 3
    assert v["result"]["kill_points"] == 9.0
    s.apply("end")
    assert "fight" not in s.decorate_view(s.position())["map"]


# ------------------------------------------------------------------ seeded random combats
def arena(seed):
    """Both players' squads packed round the corridor's middle: fights at once, Phase 1 next turn."""
    rng = Rng(seed)
    pool = [c for c in CARDS.creatures.values() if c.kind == "creature" and c.size in ("small", "medium")]
    squads = [ex.necromancer(0, at(0)), ex.necromancer(1, at(11))]
    for i, card_ in enumerate(("I", "II", "III", "IV")):
        for owner in (0, 1):
            pick = pool[rng.randbelow(len(pool))]
            where = 2 + 2 * i + owner
            squads.append(ex.squad(owner, card_, at(where),
                                   ex.creature(f"{pick.id}-{owner}{i}", pick.size, pick.movement, card=pick.id)))
    state = ex.corridor(squads, seed=seed, cycles=4)
    state.roster = [c.id for s in state.squads for c in s.creatures]  # copies keep it (for the invariant)
    return state


def test_seeded_random_combats_keep_the_invariants():
    def invariants(state):
        check_map(state)
        check_combat(state, state.roster)

    report = random_playouts(arena, range(6), invariants=[invariants], deep_every=4, bad_inputs=lambda s: [b for b in BAD if b not in s.legal_actions()],
                             max_steps=3000)
    assert report.games == 6
    fought = 0
    for seed in range(6):
        s = arena(seed)
        from necro.core import RandomBot, play
        play(s, [RandomBot(seed), RandomBot(seed + 1)])
        invariants(s)
        fought += len(s.dead)
    assert fought >= 6


# ------------------------------------------------------------------ a squad that walks up must fight
def walked_up():
    """Jason's II (no action yet) walks up to Joanna's IV in Phase 3 and stops beside it."""
    s = ex.corridor([ex.squad(0, "II", at(1), card("hunched-one"), card("caveling"), card("ghoul")),
                     ex.squad(1, "IV", at(5), card("necromonk", 5), card("horned-hellion"))])
    s.apply("move II").apply(f"move II {at(4)}")
    return s


def test_ce_combat_must_a_squad_that_walks_up_to_an_enemy_fights_this_turn():
    s = walked_up()
    legal = s.legal_actions()
    assert "fight II 1:IV" in legal
    assert not {"end", "dig II", "collapse II"} & set(legal), legal
    refused(s, "end", "ce-combat-must")
    refused(s, "dig II", "ce-combat-must")
    refused(s, "collapse II", "ce-combat-must")
    s.apply("fight II 1:IV")
    assert s.combat["phase"] == 3 and s.combat["attackers"] == ["0:II"]  # the walker attacks, as the text says


def test_ce_combat_must_other_squads_may_still_act_and_an_acted_squad_owes_nothing():
    s = ex.corridor([ex.squad(0, "II", at(1), card("hunched-one"), card("caveling"), card("ghoul")),
                     ex.squad(0, "III", at(8), card("ratman", 2)),
                     ex.squad(1, "IV", at(5), card("necromonk", 5), card("horned-hellion"))])
    s.apply("move II").apply(f"move II {at(4)}")
    assert "move III" in s.legal_actions()  # a second squad may come up to flank
    s.apply("move III").apply(f"move III {at(6)}")
    assert "fight II,III 1:IV" in s.legal_actions() and "end" not in s.legal_actions()
    s.apply("fight II,III 1:IV")
    for a in ("first strength", "attacker rolls 12", "defender rolls 1", "second special", "attacker rolls 12",
              "defender rolls 1"):
        s.apply(a)
    assert "end" in s.legal_actions()


def test_ce_combat_must_beside_a_wandering_monster_hire_or_subdue_may_replace_the_fight():
    s = ex.corridor([ex.squad(0, "II", at(1), card("hunched-one"), card("caveling"), card("ghoul")),
                     ex.squad(None, "A", at(5), card("ratman"))])
    s.apply("move II").apply(f"move II {at(4)}")
    legal = s.legal_actions()
    assert "end" not in legal and "dig II" not in legal
    assert any(a.startswith("fight II") for a in legal) and any(a.startswith("subdue II") for a in legal)


# ------------------------------------------------------------------ an item once a turn
LOSE = ("first strength", "attacker rolls 1", "defender rolls 12", "second special", "attacker rolls 1",
        "defender rolls 12")


def test_ce_items_used_an_item_counts_in_one_fight_a_turn():
    """Issue 28 W5 (audit 3): an item is used once a turn, by one creature. Joanna's IV beats
    squad II with its headband; attacked again the same turn by squad III, it fights without it."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("ratman")), joanna(4), ex.squad(0, "III", at(5), card("ghoul"))])
    s.apply("fight II 1:IV")
    assert fx.used_items([f for m in s.combat["sides"]["defender"] for f in m])[0] == ["cool-stretchy-headband"]
    for a in LOSE:
        s.apply(a)
    assert "0:II" not in s.squads and "1:IV" in s.squads
    assert s.position()["items_used"] == ["horned-hellion-1:cool-stretchy-headband"]
    again = s.game.state_from_position(s.position())
    assert again.position() == s.position()
    s.apply("fight III 1:IV")
    assert fx.used_items([f for m in s.combat["sides"]["defender"] for f in m])[0] == []
    assert list(s.squads["1:IV"].creature("horned-hellion-1").items) == ["cool-stretchy-headband"]  # still held
    pos = json.loads(json.dumps(s.position()))  # the fight under way records IV without the headband it holds: it
    assert s.game.state_from_position(pos).position() == pos  # loads (the soak's seed-0 game 60 was refused)
    pos["items_used"] = []  # but a record leaving out an item not used this turn does not
    with pytest.raises(FormatError, match="not on the map as the fight records it"):
        s.game.state_from_position(pos)


def test_ce_items_used_the_record_is_cleared_each_turn_and_old_positions_load():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ratman")), joanna(4), ex.squad(0, "III", at(7), card("ghoul"))])
    s.apply("fight II 1:IV")
    for a in LOSE:
        s.apply(a)
    pos = s.position()
    old = {k: v for k, v in pos.items() if k != "items_used"}  # a save from before the record existed
    assert s.game.state_from_position(old).position() == old
    s.apply("end")
    assert "items_used" not in s.position()


def _win_fight(s):
    """Play the fight under way to the attacker's win (the attacker throws 12, the defender 1)."""
    while s.combat is not None:
        legal = s.legal_actions()
        s.apply(legal[-1] if legal[0].startswith("attacker rolls") else legal[0])


def test_ce_item_once_an_item_passed_after_its_fight_serves_no_one_else_that_turn():
    """Issue 28 (ce-item-once leftover): the item itself is used once a turn. Squad II wins with its
    headband and passes it to squad III, which fights next: the headband does not count again."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("horned-hellion", items=["cool-stretchy-headband"])),
                     ex.squad(0, "III", at(4), card("horned-hellion", 2)),
                     ex.squad(None, "A", at(2), card("ratman")), ex.squad(None, "B", at(5), card("ratman", 2))])
    s.apply("fight II w:A")
    _win_fight(s)
    s.apply("pass II III cool-stretchy-headband")
    assert s.position()["items_used"] == ["horned-hellion-2:cool-stretchy-headband"]
    s.apply("fight III w:B")
    assert fx.used_items([f for m in s.combat["sides"]["attacker"] for f in m])[0] == []


def test_ce_item_once_an_item_dropped_and_picked_up_stays_used():
    s = ex.corridor([ex.squad(0, "II", at(3), card("horned-hellion", items=["cool-stretchy-headband"])),
                     ex.squad(None, "A", at(2), card("ratman"))])
    s.apply("fight II w:A")
    _win_fight(s)
    s.apply("drop II cool-stretchy-headband")
    assert s.position()["items_used"] == [f"@{at(3)}:cool-stretchy-headband"]
    s.apply("pick II cool-stretchy-headband")
    assert s.position()["items_used"] == ["horned-hellion-1:cool-stretchy-headband"]
    assert s.game.state_from_position(s.position()).position() == s.position()


# ------------------------------------------------------------------ Pay to Use
def test_ce_item_pay_each_use_is_paid_by_the_carriers_squad():
    """Issue 28 (audit 3 M3): the Tome of Elder Darkness is Pay to Use (1 shadowflame a use): a squad
    that can pay uses it and pays, though the tome was found, not invoked; one that cannot only carries it."""
    tome = CARDS.item("tome-of-elder-darkness")
    assert tome.use == "pay" and dict(tome.pay) == {"shadowflame": 1} and tome.source("pay") == "book"

    def fight(resources):
        s = ex.corridor([ex.squad(0, "II", at(3), card("horned-hellion", items=["tome-of-elder-darkness"]),
                                  resources=resources), ex.squad(None, "A", at(4), card("ratman"))])
        s.apply("fight II w:A")
        return s

    s = fight({"shadowflame": 2})
    assert fx.used_items([f for m in s.combat["sides"]["attacker"] for f in m])[0] == ["tome-of-elder-darkness"]
    assert s.squads["0:II"].resources.get("shadowflame") == 1
    assert ("ce-item-pay", "horned-hellion-1 pays 1 shadowflame to use tome-of-elder-darkness.") in logged(s, len(s.steps) - 1)
    assert s.game.state_from_position(s.position()).position() == s.position()
    s = fight({})
    assert fx.used_items([f for m in s.combat["sides"]["attacker"] for f in m]) == ([], [])
    assert "tome-of-elder-darkness" in s.squads["0:II"].creatures[0].items and "items_used" not in s.position()


def test_ce_item_pay_how_a_wandering_monster_never_pays():
    s = ex.corridor([ex.squad(0, "II", at(3), card("ratman")),
                     ex.squad(None, "A", at(4), card("horned-hellion", items=["tome-of-elder-darkness"]),
                              resources={"shadowflame": 3})])
    s.apply("fight II w:A")
    assert fx.used_items([f for m in s.combat["sides"]["defender"] for f in m])[0] == []


def test_ce_wandering_items_a_monster_on_an_item_fights_with_it():
    """Issue 28 (audit 3 M1, its reproduction): a wandering Necromonk on a hex holding a Spiked Shield
    takes it up when attacked and defends with it."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("ghoul")), ex.squad(None, "A", at(4), card("necromonk", 5))],
                    loot={at(4): {"items": ["spiked-shield"]}})
    s.apply("fight II w:A")
    assert fx.used_items([f for m in s.combat["sides"]["defender"] for f in m])[0] == ["spiked-shield"]
    assert str(at(4)) not in s.loot
