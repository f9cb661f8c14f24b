"""The Black Wizard: the Necromancer cards dealt at random (option necromancers="random", rule
ce-necromancer-deal) and its once-per-game split (rules ce-power-split ...): the shared
Necromancer action, squad N passing to the other wizard, the Darkest Evil Bitch one wizard a
cycle, and no Awakened Evil won on the turn of the split."""

import json
from fractions import Fraction

import pytest

from necro.core import IllegalAction
from necro.cave_evil import death as de
from necro.cave_evil import wizard as wz
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.hexes import neighbours, parse_hex

from .helpers import check_combat
from .test_full_game import conserved, end_cycle, settle_setup, she_wins


def game(players=2, **options):
    return CaveEvil(players, setup="quick", game="full", necromancers="random", **options)


def dealt(players=2, cards=("black-wizard", "rotten-magi"), seed=1, **options):
    """Set up with ``cards`` dealt to players 1, 2...; player 1 in Phase 3 of the first turn."""
    s = game(players, **options).new_initial_state(seed).apply("first 1")
    s.force(*(f"necromancer {p + 1} {c}" for p, c in enumerate(cards)))
    settle_setup(s)
    s.apply("conjure bribe")
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply("keep")
    return s


def split(s):
    """Player 1's Black Wizard splits onto the first space offered; returns the new squad's id."""
    action = next(a for a in s.legal_actions() if a.startswith("split N "))
    s.apply(action)
    return f"0:{action.split()[2]}"


def reload(s, **changes):
    pos = json.loads(json.dumps(s.position()))
    pos.update(changes)
    return s.game.state_from_position(pos, 7)


def refused(s, action, rule):
    before = s.position()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.rule == rule, (action, info.value.rule, info.value.reason)
    assert s.position() == before
    return info.value


# ------------------------------------------------------------------ the deal
def test_by_seat_nobody_deals_and_the_position_has_no_new_keys():
    s = CaveEvil(2, setup="quick", game="full").new_initial_state(1).apply("first 1")
    assert s.queue[0]["do"] == "deal" and not any(q["do"] == wz.DEAL for q in s.queue)
    assert "necromancers" not in s.position() and wz.card_of(s, 1) == "ice-dead-sorceress"


def test_the_five_cards_are_dealt_one_per_player_each_undealt_card_as_likely():
    s = game(3).new_initial_state(1).apply("first 2")
    assert s.queue[:3] == [{"do": "necromancer", "player": p} for p in (1, 2, 0)]
    first = s.chance_outcomes()
    assert first == [(f"necromancer 2 {c}", Fraction(1, 5)) for c in wz.CARDS]
    assert s.action_rule(first[0][0]) == "ce-necromancer-deal"
    s.apply("necromancer 2 black-wizard")
    assert s.chance_outcomes() == [(f"necromancer 3 {c}", Fraction(1, 4)) for c in wz.CARDS[:4]]
    with pytest.raises(IllegalAction):
        s.apply("necromancer 3 black-wizard")  # dealt already
    s.apply("necromancer 3 blood-sorcerer")
    assert [o for o, _ in s.chance_outcomes()] == ["necromancer 1 rotten-magi", "necromancer 1 ice-dead-sorceress",
                                                  "necromancer 1 psychomancer-of-fire"]
    s.apply("necromancer 1 psychomancer-of-fire")
    assert s.necro_cards == ["psychomancer-of-fire", "black-wizard", "blood-sorcerer"]
    assert [next(c.card for c in s.squads[f"{p}:N"].creatures if c.necromancer) for p in range(3)] == s.necro_cards
    assert any(e.rule == "ce-necromancer-deal" and "Black Wizard" in e.text for e in s.log)
    back = reload(s)
    assert back.position() == s.position() and back.necro_cards == s.necro_cards


def test_a_half_dealt_position_reads_back_and_a_card_dealt_twice_is_refused():
    s = game(2).new_initial_state(1).apply("first 1").apply("necromancer 1 black-wizard")
    assert reload(s).chance_outcomes() == s.chance_outcomes()
    pos = json.loads(json.dumps(s.position()))
    pos["necromancers"] = ["black-wizard", "black-wizard"]
    with pytest.raises(Exception):
        s.game.state_from_position(pos, 7)


def test_a_position_saved_before_the_deal_existed_reads_as_seat_cards():
    s = dealt(cards=("rotten-magi", "ice-dead-sorceress"))
    pos = json.loads(json.dumps(s.position()))
    del pos["necromancers"]
    old = CaveEvil(2, setup="quick", game="full").state_from_position(pos, 7)
    assert old.necro_cards == ["rotten-magi", "ice-dead-sorceress"]


# ------------------------------------------------------------------ the split
def test_the_black_wizard_splits_once_onto_a_free_space_beside_squad_n():
    s = dealt()
    n = s.squads["0:N"]
    options = [a for a in s.legal_actions() if a.startswith("split ")]
    assert options and all(a.split()[2] == "I" for a in options)
    assert all(parse_hex(a.split()[3]) in neighbours(n.hex) for a in options)
    assert s.action_rule(options[0]) == "ce-power-split"
    sid = split(s)
    twin = s.squads[sid]
    assert [c.card for c in s.squads["0:N"].creatures] == [wz.SPLIT]
    assert [(c.card, c.necromancer, c.moved, c.acted) for c in twin.creatures] == [(wz.SPLIT, True, 0, False)]
    assert s.powers_used == [0] and s.power_turn
    assert not any(a.startswith("split ") for a in s.legal_actions())
    assert f"move {twin.card}" in s.legal_actions()  # the new wizard may move and act at once
    refused(s, "split N II " + str(n.hex), "ce-power")  # once per game
    back = reload(s)
    assert back.position() == s.position() and back.legal_actions() == s.legal_actions()
    conserved(s)
    check_combat(s)


def test_only_the_black_wizard_splits_and_the_refusals_name_their_rule():
    s = dealt(cards=("rotten-magi", "black-wizard"))
    assert not any(a.startswith("split ") for a in s.legal_actions())
    refused(s, "split N I +0+8", "ce-power")
    s = dealt()
    far = next(str(h) for h in s.ground.open_hexes() if h not in neighbours(s.squads["0:N"].hex))
    refused(s, f"split N I {far}", "ce-power-split-how")
    refused(s, "split N III " + next(a for a in s.legal_actions() if a.startswith("split")).split()[3],
            "ce-power-split-how")


def test_the_split_needs_an_empty_control_card():
    s = dealt()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    spots = [h for h in s.ground.open_hexes() if s.squads.at(h) is None and h not in s.ground.spawn_pits
             and s.ground.crystals.get(h) is None and parse_hex(n["at"]) not in neighbours(h)][:5]
    for card, h in zip(("I", "II", "III", "IV", "V"), spots):
        pos["squads"].append({"id": f"0:{card}", "owner": 0, "at": str(h), "card": card, "creatures": [
            {"id": f"rock-{card}", "size": "small", "speed": 3}]})
    s = s.game.state_from_position(pos, 7)
    assert not any(a.startswith("split ") for a in s.legal_actions())
    refused(s, "split N I " + str(next(iter(neighbours(parse_hex(n["at"]))))), "ce-power-split")


# ------------------------------------------------------------------ one Necromancer action a turn
def test_the_split_wizards_share_one_necromancer_action_a_turn():
    s = dealt()
    sid = split(s)
    card = s.squads[sid].card
    assert f"meditate bribe from {card}" in s.legal_actions() and "meditate bribe" in s.legal_actions()
    assert s.action_rule(f"meditate bribe from {card}") == "ce-meditate"
    s.apply(f"meditate bribe from {card}")
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert not any(a.startswith(("invoke ", "meditate ")) for a in s.legal_actions())
    refused(s, "meditate summon", "ce-power-split-action")
    refused(s, "invoke necromonk N", "ce-power-split-action")
    assert s.position()["caster"] == [s.cycle, 0, card]
    back = reload(s)
    assert back.legal_actions() == s.legal_actions()
    # the next turn the action is free again
    s.apply("end")
    end_cycle(s)
    while s.queue or s.part != "actions":
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert s.turn == 0 and not s.must_fight
    assert "meditate bribe" in s.legal_actions() and f"meditate bribe from {card}" in s.legal_actions()


def test_a_wizard_split_off_after_squad_n_invoked_takes_no_necromancer_action_that_turn():
    s = dealt()
    s.apply("invoke necromonk N")
    sid = split(s)
    card = s.squads[sid].card
    assert not any(a.endswith(f"from {card}") for a in s.legal_actions())
    assert f"move {card}" in s.legal_actions()
    refused(s, f"meditate bribe from {card}", "ce-power-split-action")


def test_the_wizard_away_from_n_invokes_beside_itself_paying_from_its_own_squad():
    s = dealt()
    sid = split(s)
    card = s.squads[sid].card
    invokes = [a for a in s.legal_actions() if a.startswith("invoke necromonk new") and a.endswith(f"from {card}")]
    assert invokes and all(parse_hex(a.split()[3]) in neighbours(s.squads[sid].hex) for a in invokes)
    s.apply(invokes[0])
    assert s.squads[sid].acted and not s.squads["0:N"].acted
    assert not any(a.startswith("invoke ") and not a.endswith(f"from {card}") for a in s.legal_actions())
    conserved(s)


def test_a_wizard_walking_into_squad_n_joins_it_and_n_keeps_its_card():
    s = dealt()
    sid = split(s)
    card = s.squads[sid].card
    n = s.squads["0:N"].hex
    s.apply(f"move {card}")
    assert f"move {card} {n}" in s.legal_actions()
    s.apply(f"move {card} {n}")
    assert sid not in s.squads and [c.card for c in s.squads["0:N"].creatures] == [wz.SPLIT, wz.SPLIT]
    assert reload(s).position() == s.position()


# ------------------------------------------------------------------ death
def loses_a_fight(s, sid):
    """Squad ``sid`` of player 1 attacks a Wandering Monster set beside it and loses, both rounds."""
    pos = json.loads(json.dumps(s.position()))
    me = s.squads[sid]
    spot = next(h for h in sorted(neighbours(me.hex)) if s.ground.is_open(h) and s.squads.at(h) is None
                and h not in s.ground.spawn_pits and s.ground.crystals.get(h) is None)
    pos["squads"].append({"id": "w:Z", "owner": None, "at": str(spot), "card": "Z", "creatures": [
        {"id": "brute-z", "size": "small", "speed": 3}]})
    s = s.game.state_from_position(pos, 7)
    s.apply(f"fight {me.card} w:Z")
    return attacker_loses(s)


def attacker_loses(s):
    """Play the fight under way with the attacker rolling 1s and the defender 12s."""
    while s.combat is not None:
        if s.is_chance_node():
            s.force("attacker rolls 1" if s.chance_outcomes()[0][0].startswith("attacker") else "defender rolls 12")
            s.play_chance()
        else:
            s.apply(s.legal_actions()[0])
    return s


def test_when_squad_n_s_wizard_dies_the_other_takes_the_n_card_where_it_stands():
    s = dealt()
    sid = split(s)
    where = s.squads[sid].hex
    s = loses_a_fight(s, "0:N")
    assert s.out == [] and sid not in s.squads and s.squads["0:N"].hex == where
    assert s.squads["0:N"].creatures[0].card == wz.SPLIT
    assert any(e.rule == "ce-power-split-death" for e in s.log)
    assert reload(s).position() == s.position()
    check_combat(s)
    s.apply("end")
    s = end_cycle(s, stop=lambda s: s.turn == 0 and s.part == "actions" and not s.queue)
    assert not s.is_terminal() and s.turn == 0 and s.must_fight == ["0:N"]  # the monster is still beside it
    s.apply("fight N w:Z")
    s = attacker_loses(s)
    assert s.out == [0] and s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_when_the_other_wizard_dies_squad_n_plays_on():
    s = dealt()
    sid = split(s)
    s = loses_a_fight(s, sid)
    assert s.out == [] and "0:N" in s.squads and wz.wizards(s, 0) == [s.squads["0:N"]]
    assert any(e.rule == "ce-power-split-death" for e in s.log)


def test_a_crushed_crystal_kills_both_wizards():
    s = dealt()
    sid = split(s)
    n = s.squads.remove("0:N")
    de.bury(s, n, 1, set())
    s.kill_points[1] += wz.kill_wizards(s, 0, 1)
    assert sid not in s.squads and not wz.wizards(s, 0)
    de.player_out(s, 0)
    assert s.out == [0]


# ------------------------------------------------------------------ the Darkest Evil Bitch
def bitch_split_game():
    """Player 1 (the Black Wizard, split, 3 enemy kill points) against player 2 (6): the Bitch
    face up, the Blood Eye one space short of the Awaken icon."""
    s = dealt(awakening="short")
    split(s)
    dead = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
            {"id": "ghoul-y", "card": None, "size": "medium", "owner": 0, "by": 1}]
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-evil-bitch"
    pos["track"] = dict(pos["track"], position=47, revealed=True)
    pos["dead"] = dead
    pos["kill_points"] = [3.0, 6.0]
    return s.game.state_from_position(pos, 7)


def test_the_bitch_fights_the_split_wizards_at_the_start_of_separate_cycles():
    s = end_cycle(bitch_split_game())
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch" and s.combat["attackers"] == ["0:N"]
    assert any(e.rule == "ce-power-split-bitch" for e in s.log)
    cycle = s.cycle
    she_wins(s)
    assert s.out == [] and not s.is_terminal() and len(wz.wizards(s, 0)) == 1  # the other wizard took card N
    assert s.combat is None
    s = end_cycle(s)
    assert s.cycle == cycle + 1 and s.combat is not None and s.combat["attackers"] == ["0:N"]
    she_wins(s)
    assert s.out == [0] and s.is_terminal() and s.returns() == [-1.0, 1.0]


# ------------------------------------------------------------------ never on the turn an Evil is won
def test_no_pit_leap_on_the_turn_of_the_split():
    s = dealt()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    pit = s.ground.pit()
    n["at"] = str(next(h for h in sorted(neighbours(pit)) if s.squads.at(h) is None))
    pos["evil"] = "pit-of-infinite-shadow"
    pos["track"] = dict(pos["track"], position=48, revealed=True, awakened=True)
    pos["awake_cycle"] = 0
    s = s.game.state_from_position(pos, 7)
    s.apply("move N")
    assert f"move N {pit}" in s.legal_actions()  # without the split, the leap wins
    s = s.game.state_from_position(pos, 7)
    split(s)
    s.apply("move N")
    assert f"move N {pit}" not in s.legal_actions()
    refused(s, f"move N {pit}", "ce-power")


# ------------------------------------------------------------------ the bots
def test_the_heuristic_black_wizard_splits_in_the_pit_race_and_plays_only_legal_actions():
    from necro.core import RandomBot
    from necro.cave_evil.bots import HeuristicBot

    s = game(2).new_initial_state(1).apply("first 1").force("necromancer 1 black-wizard")
    bots = [HeuristicBot(0), RandomBot(1)]
    while not s.is_terminal() and len(s.steps) < 5000:
        if s.is_chance_node():
            s.play_chance()
            continue
        action = bots[s.current_player()].choose(s)
        assert action in s.legal_actions(), (action, s.status())
        s.apply(action)
    assert s.is_terminal() and any(e.rule == "ce-power-split" for e in s.log)
