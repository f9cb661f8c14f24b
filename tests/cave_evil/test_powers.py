"""The once-per-game powers against the Awakened Evils (issue 28, audit 3 W1, W2): no power is
used against the Emperor or the Goat, and a turn that used one defeats no Awakened Evil."""

import json

from necro.cave_evil import conjuration as cj
from necro.cave_evil.hexes import neighbours, parse_hex

from .test_full_game import attacker_wins, end_cycle, full, goat_game, settle_setup

EMPEROR = {"id": "eternal-evil-emperor-1", "card": "eternal-evil-emperor", "size": "large", "speed": 4}
RATMAN = {"id": "ratman-z-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}


def psychomancer_beside(*others):
    """Four players, seed 2: player 4's Psychomancer of Fire with ``others`` (squad id, creature) on
    the open hexes beside it, its turn's actions under way, the Emperor risen."""
    s = full(4, seed=2, awakening="all").apply("first 1")
    settle_setup(s)
    pos = json.loads(json.dumps(s.position()))
    n4 = next(q for q in pos["squads"] if q["id"] == "3:N")
    assert n4["creatures"][0]["card"] == "psychomancer-of-fire"
    near = [str(h) for h in sorted(neighbours(parse_hex(n4["at"]))) if s.ground.is_open(h)]
    for (sid, creature), at in zip(others, near):
        pos["squads"].append({"id": sid, "owner": None, "at": at, "card": sid[2:], "creatures": [creature]})
        deck = next((d for d in cj.DECKS if pos["piles"]["piles"][d].get(creature["card"])), None)
        if deck:
            pos["piles"]["piles"][deck][creature["card"]] -= 1
    pos["evil"] = "eternal-evil-emperor"
    pos["track"] = dict(pos["track"], position=60, revealed=True, awakened=True, stopped=True)
    pos["turn"], pos["queue"], pos["part"] = 3, [], "actions"
    return s.game.state_from_position(pos, 7)


def test_the_psychomancers_blast_is_never_used_against_the_emperor():
    s = psychomancer_beside(("w:Y", EMPEROR))
    assert "blast N" not in s.legal_actions()
    rule, _ = s.explain_illegal("blast N")
    assert rule == "ce-power-blast"
    s = psychomancer_beside(("w:Y", EMPEROR), ("w:Z", RATMAN))
    s.apply("blast N")
    assert "w:Z" not in s.squads and "w:Y" in s.squads and not s.is_terminal() and s.winner_player is None


def goat_beside_n(eye=47):
    """The awake Goat, player 1's Rotten Magi (squad N) beside him, its turn's actions under way."""
    s = end_cycle(goat_game(eye=eye, revealed=True))
    pos = json.loads(json.dumps(s.position()))
    goat = s.goat()
    beside = next(str(h) for h in sorted(s.ground.graph.neighbors(goat.hex)) if s.squads.at(h) is None
                  and h not in s.ground.spawn_pits)
    pos["squads"] = [dict(q, at=beside) if q["id"] == "0:N" else q for q in pos["squads"]]
    pos["turn"], pos["queue"], pos["part"], pos["after_evil"] = 0, [], "actions", None
    return s.game.state_from_position(pos, 7)


def test_the_psychomancers_blast_is_never_used_against_the_goat():
    """Audit 3 W1: player 1's Necromancer, now the Psychomancer of Fire, stands beside the awake Goat.
    Him alone it may not blast; beside a monster as well, the blast burns the monster and spares him
    (rule ce-power-blast)."""
    s = goat_beside_n()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    n["creatures"][0]["card"] = "psychomancer-of-fire"
    t = s.game.state_from_position(pos, 7)
    assert "blast N" not in t.legal_actions() and t.explain_illegal("blast N")[0] == "ce-power-blast"
    free = next(str(h) for h in sorted(t.ground.graph.neighbors(t.squads["0:N"].hex))
                if t.squads.at(h) is None and h not in t.ground.spawn_pits)
    pos["squads"].append({"id": "w:Z", "owner": None, "at": free, "card": "Z", "creatures": [RATMAN]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
    pos["piles"]["piles"][deck]["ratman"] -= 1
    t = s.game.state_from_position(pos, 7)
    goat = t.goat()
    t.apply("blast N")
    assert "w:Z" not in t.squads and t.goat() is not None and t.goat().hex == goat.hex
    assert not t.is_terminal() and t.winner_player is None


def test_a_turn_that_used_a_power_does_not_slay_the_goat():
    s = goat_beside_n()
    goat = s.goat()
    assert "slay N" in s.legal_actions()
    again = [a for a in s.legal_actions() if a.startswith("teleport N ")
             and parse_hex(a.split()[2]) in neighbours(goat.hex)]
    s.apply(again[0])  # the Rotten Magi teleports, to stand beside the Goat again
    assert s.power_turn and "slay N" not in s.legal_actions()
    assert s.explain_illegal("slay N")[0] == "ce-power"


def test_without_a_power_the_goat_is_slain_and_wins():
    s = goat_beside_n()
    s.apply("slay N")
    s.apply("first strength")
    attacker_wins(s)
    assert s.is_terminal() and s.winner_player == 0


def test_a_turn_that_used_a_power_does_not_fight_the_emperor():
    s = psychomancer_beside(("w:Y", EMPEROR), ("w:Z", RATMAN))
    assert "fight N w:Y" in s.legal_actions()
    s.apply("blast N")
    assert s.power_turn and "fight N w:Y" not in s.legal_actions()
    assert s.explain_illegal("fight N w:Y")[0] == "ce-power"


def test_a_turn_that_used_a_power_does_not_fight_the_emperor_as_a_flanking_defender():
    """Fighting a Wandering Monster beside the Emperor, both next to the attacker, draws him in as a
    defender (rule ce-flank-wandering): not in a turn that used a power (rule ce-power), though the
    same fight is open on another turn."""
    s = psychomancer_beside(("w:Z", RATMAN), ("w:Y", EMPEROR))
    assert "fight N w:Z" in s.legal_actions()
    s.apply("fight N w:Z")
    assert EMPEROR["id"] in json.dumps(s.combat["sides"]["defender"])
    pos = json.loads(json.dumps(psychomancer_beside(("w:Z", RATMAN), ("w:Y", EMPEROR)).position()))
    pos["power_turn"], pos["powers_used"] = True, [3]
    s = psychomancer_beside().game.state_from_position(pos, 7)
    assert "fight N w:Z" not in s.legal_actions()
    assert s.explain_illegal("fight N w:Z")[0] == "ce-power"


def test_a_turn_that_used_a_power_does_not_shoot_at_the_emperor():
    s = psychomancer_beside(("w:Y", EMPEROR))
    n, y = s.squads["3:N"].hex, s.squads["w:Y"].hex
    pos = json.loads(json.dumps(s.position()))
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("caveling"))
    pos["piles"]["piles"][deck]["caveling"] -= 1
    shots = []
    for h in sorted(h for h, d in s.ground.distances_from(y).items() if d == 2 and s.squads.at(h) is None
                    and h not in neighbours(n)):
        trial = json.loads(json.dumps(pos))
        trial["squads"].append({"id": "3:II", "owner": 3, "at": str(h), "card": "II",
                                "creatures": [{"id": "caveling-4-1", "card": "caveling", "size": "small", "speed": 3}]})
        t = s.game.state_from_position(trial, 7)
        if "shoot II w:Y" in t.legal_actions():
            shots.append(trial)
    assert shots
    shots[0]["power_turn"], shots[0]["powers_used"] = True, [3]
    t = s.game.state_from_position(shots[0], 7)
    assert "shoot II w:Y" not in t.legal_actions()
    assert t.explain_illegal("shoot II w:Y")[0] == "ce-power"


def sorceress_facing(at: str):
    """Two players: player 2's Ice Dead Sorceress (N on +0-9) at her actions, player 1's ratman squad II on ``at``."""
    from .test_full_game import at_actions
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "0:II", "owner": 0, "at": at, "card": "II", "creatures": [
        {"id": "ratman-1-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
    pos["piles"]["piles"][deck]["ratman"] -= 1
    pos["turn"] = 1
    s = s.game.state_from_position(pos, 7)
    while s.queue or s.part != "actions":
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    return s


def test_the_sorceress_reaches_3_spaces_as_the_crow_flies_and_no_further():
    from necro.cave_evil.hexes import distance
    s = sorceress_facing("+1-8")
    n = s.squads["1:N"].hex
    far = next(h for h, d in sorted(s.ground.distances_from(n).items()) if distance(n, h) == 4 and s.squads.at(h) is None
               and h not in s.ground.spawn_pits and h not in s.ground.crystals)
    s = sorceress_facing(str(far))
    assert "enthrall N 0:II" not in s.legal_actions()
    assert s.explain_illegal("enthrall N 0:II")[0] == "ce-power-enthrall-range"


def test_the_blast_leaves_what_the_burnt_carried_on_their_spaces():
    s = psychomancer_beside(("w:Z", RATMAN))
    z = str(s.squads["w:Z"].hex)
    s.apply("blast N")
    assert s.position()["loot"][z]["gore"] >= 1
    assert any(e.rule == "ce-power-blast-loot" for e in s.log)


def test_the_blast_kills_an_enemy_necromancer_and_puts_its_player_out():
    s = psychomancer_beside()
    n4 = s.squads["3:N"].hex
    spot = next(h for h in sorted(neighbours(n4)) if s.ground.is_open(h) and s.squads.at(h) is None
                and h not in s.ground.spawn_pits and h not in s.ground.crystals)
    pos = json.loads(json.dumps(s.position()))
    pos["squads"] = [dict(q, at=str(spot)) if q["id"] == "0:N" else q for q in pos["squads"]]
    s = s.game.state_from_position(pos, 7)
    s.apply("blast N")
    assert "0:N" not in s.squads and 0 in s.out and not s.is_terminal()
    assert s.kill_points[3] > 0


def test_the_rotten_magi_may_move_before_or_after_teleporting():
    from .test_full_game import at_actions
    s = at_actions()
    s.apply("move N")
    s.apply(next(a for a in s.legal_actions() if a.startswith("move N ")))
    assert s.squads["0:N"].creatures[0].moved
    assert any(a.startswith("teleport N ") for a in s.legal_actions())
    t = at_actions()
    t.apply(next(a for a in t.legal_actions() if a.startswith("teleport N ")))
    assert "move N" in t.legal_actions()


def test_a_squad_that_walked_up_to_the_emperor_in_a_power_turn_owes_no_fight():
    """Found by the computer players' benchmark (Emperor, seed 2): after a power, a squad that walked
    up to the Emperor could neither fight him (rule ce-power) nor end the turn (rule ce-combat-must),
    and the game never ended. A foe that may not be fought this turn is owed nothing."""
    pos = json.loads(json.dumps(psychomancer_beside(("w:Y", EMPEROR)).position()))
    n = next(q for q in pos["squads"] if q["id"] == "3:N")
    n["creatures"][0]["moved"] = 1
    owed = psychomancer_beside().game.state_from_position(pos, 7)
    assert "end" not in owed.legal_actions() and "fight N w:Y" in owed.legal_actions()
    pos["power_turn"], pos["powers_used"] = True, [3]
    s = owed.game.state_from_position(pos, 7)
    assert "fight N w:Y" not in s.legal_actions() and "end" in s.legal_actions()
    s.apply("end")
# ------------------------------------------------------------------ the defender's answer (ruling ce-power-when)
def attacked(card: str, defender_at: str = "+0+5", attacker_at: str = "+0+6", extra=()):
    """Player 1's squad I (a Ghoul) at ``attacker_at`` has attacked player 2's squad N (its Necromancer of
    ``card`` alone, at ``defender_at``) and opened with strength: player 2 answers before the dice."""
    from necro.cave_evil import examples as ex
    n2 = ex.squad(1, "N", defender_at, ex.creature("necromancer-2", necromancer=True, card=card))
    s = ex.full_table([ex.necromancer(0, "+0+9"), n2, ex.squad(0, "I", attacker_at, ex.of_card("ghoul", 1)), *extra])
    s.apply("fight I 1:N")
    s.apply("first strength")
    return s


def _round_trip(s):
    again = s.game.state_from_position(json.loads(json.dumps(s.position())), 5)
    assert again.position() == s.position() and again.legal_actions() == s.legal_actions()
    return again


def test_the_sorceress_enthralls_the_squad_attacking_her():
    """Rule text: the Sorceress may use her power 'when it is being attacked'; the attacker changes sides and
    the fight is off."""
    s = attacked("ice-dead-sorceress")
    assert s.current_player() == 1 and not s.is_chance_node()
    assert s.legal_actions() == ["defender casts nothing", "enthrall N 0:I"]
    assert s.action_rule("enthrall N 0:I") == "ce-power-enthrall"
    _round_trip(s).apply("enthrall N 0:I")
    at = s.squads["0:I"].hex
    s.apply("enthrall N 0:I")
    assert s.combat is None and "0:I" not in s.squads and s.squads["1:I"].hex == at
    assert s.squads["1:I"].creatures[0].card == "ghoul" and s.powers_used == [1] and s.power_turn
    assert s.current_player() == 0 and any(e.rule == "ce-power-when" for e in s.log[-3:])
    _round_trip(s)
    s.undo()
    assert s.combat is not None and "0:I" in s.squads and s.current_player() == 1


def test_the_defender_may_keep_its_power_and_fight():
    s = attacked("ice-dead-sorceress")
    s.apply("defender casts nothing")
    assert s.is_chance_node() and 1 not in s.powers_used
    assert any(e.rule == "ce-power-when" for e in s.log[-1:])


def test_the_psychomancer_blasts_its_attackers():
    s = attacked("psychomancer-of-fire")
    assert s.legal_actions() == ["blast N", "defender casts nothing"]
    s.apply("blast N")
    assert s.combat is None and "0:I" not in s.squads and s.kill_points[1] > 0 and s.powers_used == [1]
    assert s.current_player() == 0


def test_the_rotten_magi_teleports_away_from_an_attack():
    s = attacked("rotten-magi")
    away = [a for a in s.legal_actions() if a.startswith("teleport N ")]
    assert away and s.legal_actions()[0] == "defender casts nothing"
    s.apply(away[0])
    assert s.combat is None and str(s.squads["1:N"].hex) == away[0].split()[2]
    assert s.powers_used == [1] and s.current_player() == 0


def test_no_power_is_offered_once_used():
    s = attacked("psychomancer-of-fire")
    assert "blast N" in s.legal_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["powers_used"] = [1]
    s = s.game.state_from_position(pos, 5)
    assert s.is_chance_node() and "blast N" not in s.legal_actions()
    assert s.explain_illegal("blast N")[0] == "ce-power"


def test_a_power_in_a_fight_is_only_the_defenders_answer():
    s = attacked("psychomancer-of-fire")
    s.apply("defender casts nothing")
    assert s.explain_illegal("blast N")[0] == "ce-power-when"


GOAT = {"id": "evil-black-old-goat-1", "card": "evil-black-old-goat", "size": "large", "speed": 4}


def psychomancer_attacked_beside(monster: dict, helping: bool, joins: bool = True):
    """Player 1's squad I (a Caveling) attacks player 4's Psychomancer of Fire (the four-player game of
    :func:`psychomancer_beside`) with ``monster`` beside it: beside the Psychomancer only (it helps the
    attacker) or beside both (it defends too); the attacker has opened with strength."""
    s = psychomancer_beside(("w:Y", monster))
    pos = json.loads(json.dumps(s.position()))
    n, y = s.squads["3:N"].hex, s.squads["w:Y"].hex
    at = next(h for h in sorted(neighbours(n)) if s.ground.is_open(h) and s.squads.at(h) is None
              and h not in s.ground.spawn_pits and (h in neighbours(y)) != helping)
    pos["squads"].append({"id": "0:I", "owner": 0, "at": str(at), "card": "I",
                          "creatures": [{"id": "caveling-1-1", "card": "caveling", "size": "small", "speed": 3}]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("caveling"))
    pos["piles"]["piles"][deck]["caveling"] -= 1
    pos["turn"] = 0
    s = s.game.state_from_position(pos, 7)
    s.apply("fight I 3:N")
    assert ("w:Y" in s.combat["attackers" if helping else "defenders"]) == joins
    s.apply("first strength")
    return s


def test_no_power_answers_a_fight_with_the_emperor_or_the_goat_in_it():
    s = psychomancer_attacked_beside(RATMAN, helping=True)  # a mere monster: the blast is offered
    assert s.current_player() == 3 and "blast N" in s.legal_actions()
    for helping in (True, False):
        s = psychomancer_attacked_beside(EMPEROR, helping)
        assert s.is_chance_node() and "blast N" not in s.legal_actions()
        assert s.explain_illegal("blast N")[0] == "ce-power-when"
        # the Goat takes no side in a fight beside him (rule ce-evil-goat): the fight is a plain one
        s = psychomancer_attacked_beside(GOAT, helping, joins=False)
        assert s.current_player() == 3 and "blast N" in s.legal_actions()


def test_the_defenders_powers_play_out_under_the_harness():
    """Random play from positions where player 2's Necromancer (each power in turn) is attacked: every
    step's actions listed and refused as the contract says, the position round-tripped through JSON,
    undo and redo restoring it, chance written in notation; the defender's power is used along the way."""
    from necro.cave_evil import examples as ex
    from necro.core.rng import Rng
    from necro.core.testing import checked_playout

    used = set()
    bad = ("no such move", "blast N", "enthrall N 0:I", "teleport N +0+1", "defender casts nothing")
    for seed, card in enumerate(("ice-dead-sorceress", "psychomancer-of-fire", "rotten-magi") * 2):
        n2 = ex.squad(1, "N", "+0+5", ex.creature("necromancer-2", necromancer=True, card=card))
        s = ex.full_table([ex.necromancer(0, "+0+9"), n2, ex.squad(0, "I", "+0+6", ex.of_card("ghoul", 1))])
        pick = Rng(seed)

        def choose(s):
            legal = s.legal_actions()
            keen = [a for a in legal if a.startswith(("fight I 1:N", "first ", "blast", "enthrall", "teleport"))
                    and (s.combat is not None or not a.startswith(("blast", "enthrall", "teleport")))]
            action = pick.choice(keen) if keen and pick.randbelow(10) < 8 else pick.choice(legal)
            if s.combat is not None and action.split()[0] in ("blast", "enthrall", "teleport"):
                used.add(action.split()[0])
            return action

        checked_playout(s, choose, stop_after=59, label=f"{card}, seed {seed}: ",
                        bad_inputs=lambda s: [b for b in bad if b not in s.legal_actions()])
    assert used == {"blast", "enthrall", "teleport"}


def test_the_rotten_magi_teleports_away_from_a_shot_and_the_sorceress_enthralls_the_shooter():
    """A shot is a fight too: the target's player answers before the dice."""
    from necro.cave_evil import examples as ex
    for card in ("rotten-magi", "ice-dead-sorceress"):
        n2 = ex.squad(1, "N", "+0+5", ex.creature("necromancer-2", necromancer=True, card=card))
        s = ex.full_table([ex.necromancer(0, "+0+9"), n2, ex.squad(0, "I", "+0+7", ex.of_card("caveling", 1))])
        s.apply("shoot I 1:N")
        s.apply(s.legal_actions()[0])  # the shooter's first attribute, fixed by its card
        answer = next(a for a in s.legal_actions() if a.startswith(("teleport", "enthrall")))
        s.apply(answer)
        assert s.combat is None and s.powers_used == [1] and s.current_player() == 0
        assert ("0:I" in s.squads) == (card == "rotten-magi")


def test_the_map_and_combat_game_has_no_powers_in_its_fights():
    from necro.cave_evil import examples as ex
    n2 = ex.squad(1, "N", "+0+5", ex.creature("necromancer-2", necromancer=True, card="ice-dead-sorceress"))
    s = ex.table([ex.necromancer(0, "+0+9"), n2, ex.squad(0, "I", "+0+6", ex.of_card("ghoul", 1))])
    s.apply("fight I 1:N")
    s.apply("first strength")
    assert s.is_chance_node()


def test_ce_power_when_an_enthralled_squad_fights_its_former_master_in_phase_1():
    """Audit 3 (untested), ruling ce-power-when: player 1's squad I attacks the Sorceress, who enthralls it;
    beside player 1's squad II it is now an enemy, which player 1 may attack first but need not; if it
    does not, the squad must fight squad II in Phase 1 of player 2's next turn (rule ce-combat-phase1)."""
    from necro.cave_evil import examples as ex
    s = attacked("ice-dead-sorceress", extra=[ex.squad(0, "II", "+0+7", ex.of_card("ratman", 1))])
    s.apply("enthrall N 0:I")
    assert s.squads["1:I"].hex == parse_hex("+0+6") and s.squads["1:I"].owner == 1
    assert s.turn == 0 and {"fight II 1:I", "end"} <= set(s.legal_actions())
    s.apply("end")
    while s.turn == 0 or s.is_chance_node() or s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert s.turn == 1 and s.must_fight == ["1:I"]
    assert s.legal_actions() == ["fight I 0:II"]
    assert s.explain_illegal("end")[0] == "ce-combat-phase1"
    s.apply("fight I 0:II")
    assert s.combat["attackers"] == ["1:I"] and s.combat["defenders"] == ["0:II"]


def test_a_power_may_stand_in_for_the_fight_a_squad_owes():
    """Ruling ce-power-when (rule ce-combat-must): player 1's Rotten Magi walks up to a monster and owes
    it a fight, so the turn may not end; teleporting away settles it."""
    from .test_full_game import at_actions
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    n = s.squads["0:N"].hex
    two_off = next(h for h, d in sorted(s.ground.distances_from(n).items()) if d == 2 and s.squads.at(h) is None
                   and h not in s.ground.spawn_pits)
    pos["squads"].append({"id": "w:Z", "owner": None, "at": str(two_off), "card": "Z", "creatures": [RATMAN]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
    pos["piles"]["piles"][deck]["ratman"] -= 1
    s = s.game.state_from_position(pos, 7)
    s.apply("move N")
    s.apply(next(a for a in s.legal_actions() if a.startswith("move N ") and parse_hex(a.split()[2]) in neighbours(two_off)))
    assert "end" not in s.legal_actions() and s.explain_illegal("end")[0] == "ce-combat-must"
    away = next(a for a in s.legal_actions() if a.startswith("teleport N ")
                and not any(s.squads.at(h) for h in neighbours(parse_hex(a.split()[2]))))
    s.apply(away)
    assert "end" in s.legal_actions() and s.powers_used == [0]
