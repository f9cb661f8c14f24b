"""The Evils' remaining rules (issue 28 M8; audit 3 M6): the Darkest Evil Bitch and a Necromancer
hemmed in by squads or collapse (rule ce-evil-bitch, ruling ce-evil-bitch-room); why a game with
her so often ends the moment she wakes (rules ce-evil-bitch, ce-evil-bitch-none, ce-last-standing)."""

import json

import pytest

from necro.cave_evil import examples as ex
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.hexes import distance, neighbours, parse_hex

from .helpers import refused
from .test_full_game import bitch_game, end_cycle

BOTH_KILLED = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
               {"id": "ghoul-y", "card": None, "size": "medium", "owner": 0, "by": 1}]
KINDS = ["caveling", "denizen", "minion", "humanoid"]
AROUND = ["-1+9", "-1+10", "+0+8", "+1+8"]  # the open spaces beside player 1's Necromancer on +0+9


def hemmed(free=0, monster=False):
    """:func:`bitch_game` with both players holding enemy kill points (player 1 the fewer, so she comes
    for it) and player 1's squads I-IV on the open spaces round its Necromancer, ``free`` of them
    left empty; ``monster``: a Wandering Monster on the last one instead of squad IV."""
    s = bitch_game(BOTH_KILLED)
    pos = json.loads(json.dumps(s.position()))
    for card, kind, h in zip(["I", "II", "III", "IV"], KINDS, AROUND[free:]):
        pos["piles"]["piles"]["bribe"][kind] -= 1  # the creature came out of the Bribe deck
        if monster and card == "IV":
            pos["squads"].append(ex.squad(None, "A", h, ex.of_card(kind, 9)))
        else:
            pos["squads"].append(ex.squad(0, card, h, ex.of_card(kind, 9), resources={"metals": 2}))
    return CaveEvil(2, setup="quick", game="full", awakening="short").state_from_position(pos, 7)


def test_a_necromancer_hemmed_in_by_squads_sees_them_all_destroyed_as_she_comes():
    s = end_cycle(hemmed(monster=True))
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch" and s.combat["attackers"] == ["0:N"]
    assert [q.id for q in s.squads if q.hex in {parse_hex(h) for h in AROUND}] == []
    assert {f"{k}-9" for k in KINDS} <= {d["id"] for d in s.dead}
    assert s.kill_points == [3.0, 6.0]  # nobody earns kill points from her
    assert s.loot["+0+8"]["gore"] == 1 and s.loot["+0+8"]["metals"] == 2
    assert any(e.rule == "ce-evil-bitch-room" for e in s.log)
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos


def test_one_free_space_beside_it_spares_the_squads_round_it():
    s = end_cycle(hemmed(free=1))
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch"
    assert {"0:I", "0:II", "0:III"} <= set(s.squads.by_id)
    assert not any(e.rule == "ce-evil-bitch-room" for e in s.log)


def test_she_ends_the_game_as_she_wakes_unless_two_necromancers_have_enemy_kill_points():
    """Issue 28 saw every bot game with her end the moment she woke: the text's rule, not a fault.
    Whoever has no enemy kill points dies as she wakes; one survivor is the last standing and wins
    without fighting her; none, and nobody wins."""
    one = end_cycle(bitch_game(BOTH_KILLED[:1]))
    assert one.is_terminal() and one.returns() == [1.0, -1.0]
    none = end_cycle(bitch_game([]))
    assert none.is_terminal() and none.returns() in ([-1.0, -1.0], [0.0, 0.0])
    both = end_cycle(bitch_game(BOTH_KILLED))
    assert not both.is_terminal() and both.combat["evil"] == "darkest-evil-bitch"


# ------------------------------------------------------------------ the Statue's advanced reveal (audit 3 M7)
BIG = [{"id": f"dracor-x{i}", "card": None, "size": "large", "owner": 1, "by": 0} for i in range(2)] + \
      [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0}]


def statue_game(dead=BIG, eye=23, awakening="advanced"):
    """Player 1 in Phase 3, the Statue face down, the Blood Eye one space short of the 2-player Reveal
    icon (24); ``dead``: player 1's kills (21 kill points by default)."""
    from .test_full_game import at_actions
    pos = json.loads(json.dumps(at_actions().position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=eye, revealed=False)
    pos["dead"] = list(dead)
    pos["kill_points"] = [sum({"small": 3, "medium": 6, "large": 9}[d["size"]] for d in dead if d["by"] == p)
                          for p in range(2)]
    return CaveEvil(2, setup="quick", game="full", awakening=awakening).state_from_position(pos, 7)


def beside_the_statue(s):
    """Player 1's turn again, its Necromancer on a space beside the Pit, a Ratman (Wandering Monster Z)
    on the space across the Pit from it."""
    pit = s.ground.pit()
    free = [h for h in sorted(neighbours(pit)) if s.ground.is_open(h) and s.squads.at(h) is None]
    mine, theirs = free[0], next(h for h in free if distance(h, free[0]) == 2)
    pos = json.loads(json.dumps(s.position()))
    pos["turn"] = 0
    next(q for q in pos["squads"] if q["id"] == "0:N")["at"] = str(mine)
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    pos["squads"].append(ex.squad(None, "Z", theirs, ex.of_card("ratman", 9)))
    s = s.game.state_from_position(pos, 7)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    return s


def test_revealed_in_advanced_play_the_statue_is_set_on_the_pit_and_nobody_fights_it():
    s = end_cycle(statue_game())
    statue = next(q for q in s.squads if q.hex == s.ground.pit())
    assert statue.creatures[0].card == "darkest-statue-asleep" and not s.track.awakened
    s = beside_the_statue(s)
    statue = next(q for q in s.squads if q.hex == s.ground.pit())
    assert not any(a.split()[-1] == statue.id for a in s.legal_actions() if a.startswith(("fight", "hire", "subdue")))
    refused(s, f"fight N {statue.id}", "ce-evil-statue")


def test_outside_advanced_play_the_reveal_is_ignored():
    s = end_cycle(statue_game(awakening="all"))
    assert s.squads.at(s.ground.pit()) is None or s.squads.at(s.ground.pit()).creatures[0].card != "darkest-statue-asleep"


def test_a_necromancer_with_18_kill_points_bathes_the_statue_and_its_eyes_strike():
    s = beside_the_statue(end_cycle(statue_game()))
    assert "bathe N w:Z" in s.legal_actions()
    s.apply("bathe N w:Z")
    assert s.kill_points[0] == 3.0 and [d["id"] for d in s.dead] == ["ratman-x"]  # the two Dracors' 18 to the box
    assert s.combat["stare"] and s.combat["defenders"] == ["w:Z"] and s.legal_actions() == ["first weapon"]
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos)), 7).position() == pos
    s.apply("first weapon")
    while s.combat is not None:
        if s.is_chance_node():
            s.force("attacker rolls 12" if "attacker" in s.chance_outcomes()[0][0] else "defender rolls 1")
            s.play_chance()
        else:
            s.apply(s.legal_actions()[0])
    assert "w:Z" not in s.squads and s.kill_points == [3.0, 0.0]  # nobody earns the Ratman's points
    assert s.squads.at(s.ground.pit()) is not None  # the Statue stays
    refused(s, "bathe N w:Z", "ce-evil-statue-bath")  # squad N has taken its action


def test_a_bath_needs_18_kill_points_and_the_necromancer_beside_the_statue():
    s = beside_the_statue(end_cycle(statue_game(dead=BIG[:1] + BIG[2:])))
    assert not any(a.startswith("bathe") for a in s.legal_actions())
    refused(s, "bathe N w:Z", "ce-evil-statue")


def test_the_statue_wakes_where_it_stands_and_can_be_fought_but_not_bathed():
    s = beside_the_statue(end_cycle(statue_game()))
    pos = json.loads(json.dumps(s.position()))
    pos["track"] = dict(pos["track"], position=47, revealed=True)  # one short of the Awaken icon
    s = end_cycle(s.game.state_from_position(pos, 7))
    statue = s.squads.at(s.ground.pit())
    assert s.track.awakened and statue.creatures[0].card == "darkest-statue-of-death"
    assert statue.creatures[0].id == "darkest-statue-of-death-1"
    assert not any(a.startswith("bathe") for a in s.legal_actions())


def test_the_bath_and_the_stare_keep_the_engine_contract():
    """Every step from the bath to the stare's end: legal actions, round trip, refusals, chance
    notation, undo and redo (the shared harness's checks, on a stretch of play)."""
    from necro.core import Rng
    from necro.core.testing import check_actions, check_chance_notation, check_illegal_refused, check_round_trip

    from .helpers import check_combat
    for seed in range(3):
        s, rng = beside_the_statue(end_cycle(statue_game())), Rng(seed)
        s.apply("bathe N w:Z")
        while s.combat is not None:
            check_actions(s)
            check_round_trip(s, history=True)
            check_illegal_refused(s, ("bathe N w:Z", "no such move"))
            check_combat(s)
            before = s.position()
            if s.is_chance_node():
                check_chance_notation(s)
                s.play_chance()
            else:
                s.apply(rng.choice(s.legal_actions()))
            after = s.position()
            s.undo()
            assert s.position() == before
            s.redo()
            assert s.position() == after
        check_combat(s)


def test_ce_evil_statue_the_eyes_fall_where_their_carrier_dies():
    """Audit 3 (untested): the Statue slain, player 1's Ghoul carries its Glowing Eyes (+0+6) and loses a
    fight with player 2's Dracor: the eyes lie on the Ghoul's hex, not back on The Pit, still in play."""
    from .helpers import check_combat

    eyes = dict(ex.of_card("ghoul", 1), items=["glowing-eyes"])
    s = ex.full_table([ex.squad(0, "I", "+0+6", eyes), ex.squad(1, "I", "+0+5", ex.of_card("dracor", 1))])
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=48, revealed=True, awakened=True)
    s = s.game.state_from_position(pos, 7)
    pit = str(s.ground.pit())
    s.apply("fight I 1:I")
    while s.combat is not None:  # the attacker rolls 1s, the defender 12s
        if s.is_chance_node():
            outcomes = [o for o, _ in s.chance_outcomes()]
            s.force(outcomes[0] if outcomes[0].startswith("attacker") else outcomes[-1])
            s.play_chance()
        else:
            s.apply(s.legal_actions()[0])
    assert "0:I" not in s.squads and "1:I" in s.squads
    assert s.loot["+0+6"]["items"] == ["glowing-eyes"] and "glowing-eyes" not in s.loot.get(pit, {}).get("items", [])
    assert s.ledger["item:glowing-eyes"] == 1
    check_combat(s)


def test_ce_evil_emperor_a_new_prey_is_named_when_his_prey_dies():
    """Audit 3 (untested), rule ce-evil-emperor: three players, the Emperor hunting player 2 for player 1
    (most enemy kill points). Player 1's Dracor kills player 2's Necromancer; at the start of the next
    cycle player 1, still with most enemy kill points, names a new prey among the living, and he marches
    on it (were the dead prey kept, he would hunt nobody and stand still)."""
    from .test_full_game import at_actions, attacker_wins, conserved

    s = at_actions(players=3)
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "eternal-evil-emperor"
    pos["track"] = dict(pos["track"], position=60, revealed=True, awakened=True, stopped=True)
    pos["awake_cycle"], pos["focus"], pos["focus_holder"] = 1, 1, 0
    pos["dead"] = [{"id": "ratman-x", "card": None, "size": "small", "owner": 2, "by": 0}]
    pos["kill_points"] = [3.0, 0.0, 0.0]
    emperor = ex.creature("eternal-evil-emperor-1", "large", 4, card="eternal-evil-emperor")
    pos["squads"] += [ex.squad(None, "E", "+2+3", emperor), ex.squad(0, "I", "-9+5", ex.of_card("dracor", 1))]
    pos["piles"]["piles"]["summon"]["dracor"] -= 1
    s = CaveEvil(3, setup="quick", game="full", awakening="all").state_from_position(pos, 7)
    conserved(s)
    s.apply("fight I 1:N")
    attacker_wins(s)
    assert s.out == [1] and s.emperor().hex == parse_hex("+2+3")
    s = end_cycle(s, stop=lambda s: bool(s.queue) and s.queue[0].get("do") in ("focus", "march", "lair"))
    assert s.cycle == 2 and s.queue[0] == {"do": "focus", "player": 0}
    assert s.current_player() == 0 and s.legal_actions() == ["focus 1", "focus 3"]
    s.apply("focus 3")
    assert s.focus == 2 and s.focus_holder == 0
    while s.queue and s.combat is None:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    prey = s.squads["2:N"].hex
    assert distance(s.emperor().hex, prey) < distance(parse_hex("+2+3"), prey)  # he marched on player 3
    conserved(s)


# ------------------------------------------------------------------ what stood on The Pit (issue 28 D8)
def _on_the_pit(s):
    """``s`` with a Ghoul (Wandering Monster A) on The Pit, beside the gore already lying there."""
    from necro.cave_evil import conjuration as cj
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "w:A", "owner": None, "at": str(s.ground.pit()), "card": "A", "creatures": [
        {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3}]})
    pos["piles"]["piles"][next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ghoul"))]["ghoul"] -= 1
    return s.game.state_from_position(pos, 7)


def _pushed_off(s):
    """Play on to the step where the player picks the hex for what was pushed off The Pit."""
    s = end_cycle(s, stop=lambda s: bool(s.queue) and "off" in s.queue[0])
    assert s.queue and "off" in s.queue[0], "no choice of hex for what left The Pit"
    return s


def _pick_far_hex(s, player=1):
    """The player who ended the cycle (player 2: state.turn there; ``player``, 0-based) picks among the
    free hexes beside The Pit; the squad and the gore end on the chosen hex, not the provisional one; the
    step survives a JSON round trip and undo."""
    from necro.core.testing import check_round_trip
    pit = s.ground.pit()
    step = s.queue[0]
    assert s.current_player() == player and step["player"] == player
    free = sorted(str(h) for h in neighbours(pit) if s.ground.is_open(h) and h not in s.ground.spawn_pits
                  and (s.squads.at(h) is None or s.squads.at(h).id == "w:A"))
    assert sorted(a.split()[1] for a in s.legal_actions()) == free and len(free) > 1
    check_round_trip(s, history=True)
    gore = s.loot[step["off"]]["gore"]
    to = next(h for h in free if h != step["off"])
    before = s.position()
    s.apply(f"spot {to}")
    assert s.squads["w:A"].hex == parse_hex(to) and s.loot[to]["gore"] == gore and step["off"] not in s.loot
    assert any(e.rule == "ce-evil-statue-how" and to in e.text for e in s.log)
    after = s.position()
    s.undo()
    assert s.position() == before
    s.redo()
    assert s.position() == after
    return s


def test_the_current_player_moves_what_stood_on_the_pit_as_the_goat_is_revealed():
    from .test_full_game import goat_game
    _pick_far_hex(_pushed_off(_on_the_pit(goat_game(eye=23))))


def test_the_current_player_moves_what_stood_on_the_pit_as_the_emperor_rises():
    from .test_full_game import emperor_game
    s = _pick_far_hex(_pushed_off(_on_the_pit(emperor_game())))
    assert s.queue[:1] == [{"do": "lair"}]  # his march goes on after the choice


def test_the_current_player_moves_what_stood_on_the_pit_as_the_statue_is_revealed():
    _pick_far_hex(_pushed_off(_on_the_pit(statue_game())))


def test_the_current_player_moves_what_stood_on_the_pit_as_the_statue_wakes():
    from .test_full_game import at_actions
    pos = json.loads(json.dumps(at_actions().position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=47, revealed=True)
    s = CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7)
    s = _pick_far_hex(_pushed_off(_on_the_pit(s)))
    assert s.squads.at(s.ground.pit()).creatures[0].card == "darkest-statue-of-death"


def test_an_evil_risen_mid_turn_lets_the_player_on_turn_move_what_stood_on_the_pit_and_play_on():
    """Ruling ce-evil-statue-how, mid-turn: invoking moves the Blood Eye onto the Awaken icon (48 with two
    players) in player 1's Phase 3; the Emperor rises on The Pit and player 1, whose turn it is, picks
    where the Ghoul pushed off it goes, then goes on with the turn."""
    from .test_full_game import emperor_game
    s = _on_the_pit(emperor_game())
    s.apply("invoke rotting-mud N")
    assert s.track.position == 48 and s.queue[0]["do"] == "spot" and s.queue[0]["player"] == 0
    assert s.current_player() == 0 and s.turn == 0 and s.part == "actions"
    s = _pick_far_hex(s, player=0)
    assert not s.queue and s.turn == 0 and "end" in s.legal_actions()


def _a_squad_two_from_the_pit(s):
    """``s`` with player 1's squad I (a Ghoul) at +0+2, two spaces from The Pit at +0+0: beside +0+1, one
    of the hexes beside The Pit, and not beside the first free one (-1+0)."""
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "0:I", "owner": 0, "at": "+0+2", "card": "I", "creatures": [
        {"id": "ghoul-1-2", "card": "ghoul", "size": "small", "speed": 3}]})
    pos["piles"]["piles"]["construct"]["ghoul"] -= 1
    return s.game.state_from_position(pos, 7)


@pytest.mark.parametrize("to, owed", [("+0+1", ["0:I"]), ("+1-1", [])])
def test_phase_1_is_counted_again_from_where_the_pushed_monster_is_put(to, owed):
    """Rule ce-combat-phase1 after ruling ce-evil-statue-how: the Goat revealed at the cycle's end pushes
    the Ghoul off The Pit as player 1's turn begins; the squads that must fight first are those beside
    the monster where player 2 puts it, not where it first landed."""
    from .test_full_game import goat_game
    s = _pushed_off(_a_squad_two_from_the_pit(_on_the_pit(goat_game(eye=23))))
    assert s.turn == 0 and s.part == "conjure" and s.must_fight == [] and s.current_player() == 1
    s.apply(f"spot {to}")
    assert s.must_fight == owed and s.current_player() == 0
    assert ("fight I w:A" in s.legal_actions()) == bool(owed)


def test_a_squad_holding_an_item_that_attacks_the_emperor_keeps_a_loadable_position():
    """Found by the soak (game 21 of the sample): nothing is used on the Emperor, so the fight records
    its attackers without their items; the loader must read that record back."""
    from necro.core.testing import check_round_trip

    from .test_full_game import at_actions
    pos = json.loads(json.dumps(at_actions().position()))
    pos["evil"] = "eternal-evil-emperor"
    pos["track"] = dict(pos["track"], position=48, revealed=True, awakened=True, stopped=True)
    pos["squads"].append({"id": "w:A", "owner": None, "at": "+0+0", "card": "A", "creatures": [
        {"id": "eternal-evil-emperor-1", "card": "eternal-evil-emperor", "size": "large", "speed": 4}]})
    pos["squads"].append({"id": "0:I", "owner": 0, "at": "+1-1", "card": "I", "creatures": [
        {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3, "items": ["dagger"]}]})
    pos["piles"]["piles"]["construct"]["ghoul"] -= 1
    pos["piles"]["piles"]["bribe"]["dagger"] -= 1
    pos["loot"].pop("+0+0", None)
    s = CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7)
    s.apply("fight I w:A")
    assert s.combat["sides"]["attacker"] == [[{"id": "ghoul-1-1", "card": "ghoul", "size": "small"}]]
    check_round_trip(s, history=False)


def test_the_computer_player_pushes_a_monster_off_the_pit_far_from_its_necromancer():
    """The heuristic bot answers the choice: a monster pushed off The Pit goes as far from its own
    Necromancer as the spaces beside The Pit allow."""
    from .test_full_game import emperor_game
    s = _pushed_off(_on_the_pit(emperor_game()))
    p = s.current_player()
    n = s.squads[f"{p}:N"].hex
    choice = s.game.bots()["heuristic"](seed=0).choose(s)
    far = max(distance(parse_hex(a.split()[1]), n) for a in s.legal_actions())
    assert choice in s.legal_actions() and distance(parse_hex(choice.split()[1]), n) == far


def test_ce_evil_statue_asleep_takes_no_side_in_a_fight_beside_it():
    """Soak seed 1473: a Necromancer beside the sleeping Statue attacked a squad next to it, and the
    Statue, a Wandering Monster beside the attacker, joined the defence and died in the fight. Asleep,
    nobody fights it (rule ce-evil-statue): it neither defends nor helps, and stays on The Pit."""
    s = beside_the_statue(end_cycle(statue_game()))
    statue = s.squads.at(s.ground.pit())
    mine = s.squads["0:N"]
    spot = next(h for h in sorted(neighbours(mine.hex)) if s.ground.is_open(h) and s.squads.at(h) is None
                and h != s.ground.pit())
    pos = json.loads(json.dumps(s.position()))
    next(q for q in pos["squads"] if q["id"] == "w:Z")["at"] = str(spot)
    s = s.game.state_from_position(pos, 7)
    s.apply("fight N w:Z")
    assert s.combat["defenders"] == ["w:Z"] and statue.id not in s.combat["attackers"]


def test_ce_evil_goat_takes_no_side_in_a_fight_beside_it():
    """The revealed Goat "will not engage in Combat" (rule ce-evil-goat): a Necromancer beside him
    attacks a Ratman next to both; the Goat, a Wandering Monster beside the attacker, neither defends
    nor helps, and stays on The Pit."""
    from .test_full_game import goat_game
    s = beside_the_statue(end_cycle(goat_game(eye=23)))
    goat = s.squads.at(s.ground.pit())
    assert goat.creatures[0].card == "evil-black-old-goat"
    mine = s.squads["0:N"]
    spot = next(h for h in sorted(neighbours(mine.hex)) if s.ground.is_open(h) and s.squads.at(h) is None
                and h != s.ground.pit() and distance(h, s.ground.pit()) == 1)
    pos = json.loads(json.dumps(s.position()))
    next(q for q in pos["squads"] if q["id"] == "w:Z")["at"] = str(spot)
    s = s.game.state_from_position(pos, 7)
    s.apply("fight N w:Z")
    assert s.combat["defenders"] == ["w:Z"] and goat.id not in s.combat["attackers"]
