"""The full game (option game="full", necro/cave_evil/turn.py): set-up's hands, spawns, resources and
the Awakening Evil; Phase 2 conjuring; invoking and meditating; Phase 4 events; the Blood Eye; the
Pit of Infinite Shadow; and seeded random games from set-up to the end with the invariants checked."""

import json

import pytest

from necro.core.testing import random_playouts
from necro.cave_evil import conjuration as cj
from necro.cave_evil import death as de
from necro.cave_evil import phases as ph
from necro.cave_evil import turn as tn
from necro.cave_evil.game import CaveEvil

from .helpers import check_map


def full(players=2, seed=0, **options):
    return CaveEvil(players, setup="quick", game="full", **options).new_initial_state(seed)


def settle_setup(state, choose=None):
    """Play chance and the resource choices until the first player's Phase 2 (conjuring)."""
    while state.queue and state.queue[0]["do"] != "conjure" or state.phase == "setup":
        if state.is_chance_node():
            state.play_chance()
        else:
            state.apply(choose(state) if choose else state.legal_actions()[0])
    return state


def conserved(state):
    """Every conjuration card is somewhere, once (piles, hands, the box, the map, the dead)."""
    if state.full and state.phase != "setup":
        opts = state.game.options
        assert +tn.conj_accounted(state) == +cj.conjuration_spec().total(opts["black_diamond"], opts["first_game"])


def test_set_up_deals_five_cards_spawns_on_every_pit_and_hides_the_evil():
    s = settle_setup(full(seed=3).apply("first 1"))
    assert [len(h) for h in s.hands] == [5, 5]
    assert all(sum(1 for x in h if x.startswith("necromonk:")) == 1 for h in s.hands)
    assert [sorted(x.split(":")[0] for x in h) for h in s.hands] == [
        ["bribe", "bribe", "construct", "necromonk", "summon"]] * 2
    assert s.evil == "pit-of-infinite-shadow" and s.track.position == 0
    assert [c.id for c in s.squads["0:N"].creatures] == ["necromancer-1"]  # the Necromonk is a card in hand
    assert sum(s.squads["0:N"].resources.values()) == 3
    spawned = [e for e in s.log if e.rule in ("ce-spawn-roll", "ce-spawn-place")]
    assert spawned and s.queue == [{"do": "conjure", "player": 0}]
    view = s.view(1)
    assert all(x.endswith(":?") for x in view["hands"][0]) and view["hands"][1] == s.hands[1]
    assert view["evil"] == "?" and "piles" not in view["piles"]
    dealt = [st.action for st in s.steps if st.action.startswith("deal 1 ")]
    assert dealt and s.mask_notation(dealt[1], -1, 1).endswith(" ?")  # player 2 never reads player 1's cards
    conserved(s)


def test_conjuring_keeps_or_trades_and_the_discard_pile_is_taken_from():
    s = settle_setup(full(seed=1).apply("first 1"))
    assert set(s.legal_actions()) == {f"conjure {d}" for d in cj.DECKS}
    s.apply("conjure bribe")
    s.force("deal 1 bribe ratman")
    s.play_chance()
    assert s.legal_actions()[0] == "keep" and "trade metals 2" in s.legal_actions()
    before = s.squads["0:N"].resources.get("metals", 0)
    s.apply("trade metals 2")
    assert s.squads["0:N"].resources.get("metals", 0) == before + 2 and s.piles.top_discard("bribe") == "ratman"
    assert s.part == "actions" and "end" in s.legal_actions()
    s.apply("end")
    while s.queue and s.queue[0]["do"] != "conjure":
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert "take bribe ratman" in s.legal_actions()
    s.apply("take bribe ratman")
    assert "bribe:ratman" in s.hands[1] and s.piles.top_discard("bribe") is None
    conserved(s)


def test_an_event_drawn_while_conjuring_waits_for_phase_4_and_the_deck_is_drawn_again():
    s = settle_setup(full(seed=1).apply("first 1"))
    s.apply("conjure abyss")
    s.force("deal 1 abyss pit-belch")
    s.play_chance()
    assert s.events == ["pit-belch"] and s.queue[0] == {"do": "deal", "player": 0, "deck": "abyss", "then": "keep"}
    assert s.mask_notation("deal 1 abyss pit-belch", -1, 1) == "deal 1 abyss pit-belch"  # events are face up
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply("keep")
    s.apply("end")  # Phase 4: the event's spawn roll on The Pit
    assert s.part == "events" and s.queue and s.queue[0]["do"] == "spawn" and s.queue[0]["at"] == "+0+0"
    assert s.conj_box["pit-belch"] == 1 and any(e.rule == "ce-event-phase4" for e in s.log)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert s.turn == 1
    conserved(s)


def test_invoking_pays_from_squad_n_moves_the_blood_eye_and_places_the_creature():
    s = at_actions(seed=1)
    monk = [a for a in s.legal_actions() if a.startswith("invoke necromonk ")]
    assert "invoke necromonk N" in monk and any(" new " in a for a in monk)
    s.apply("invoke necromonk N")
    assert [c.card for c in s.squads["0:N"].creatures] == ["rotten-magi", "necromonk"]
    assert s.track.position == 1 and s.invoking and s.squads["0:N"].acted
    assert not any(a.startswith("meditate") for a in s.legal_actions())
    assert not any(a.startswith(("dig N", "collapse N")) for a in s.legal_actions())
    conserved(s)


def test_meditating_needs_a_still_necromancer_and_keeps_the_card():
    s = at_actions(seed=2, deck="summon")
    assert "meditate construct" in s.legal_actions()
    s.apply("meditate construct")
    s.force("deal 1 construct " + next(c for c, _ in s.piles.outcomes("construct") if not cj.conjuration_spec().is_event(c)))
    s.play_chance()
    assert len(s.hands[0]) == 7 and s.squads["0:N"].acted and not s.queue
    moved = at_actions(seed=2, deck="summon")
    step = next(a for a in moved.legal_actions() if a.startswith("move N"))
    moved.apply(step)
    moved.apply(moved.legal_actions()[0])
    assert not any(a.startswith("meditate") for a in moved.legal_actions())


def test_the_pit_of_infinite_shadow_is_won_by_jumping_in_from_the_next_cycle():
    s = settle_setup(full(seed=1).apply("first 1"))
    pos = json.loads(json.dumps(s.position()))
    pos["track"] = {"position": 59, "reveal_due": False, "revealed": True, "awakened": False, "stopped": False,
                    "doomed": False}
    pit = str(s.ground.pit())
    pos["squads"] = [dict(q, at="+1-1") if q["id"] == "0:N" else q for q in pos["squads"]]
    s = s.game.state_from_position(pos)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    s.apply("move N")
    assert f"move N {pit}" not in s.legal_actions()  # not awake yet
    s.undo()
    s.apply("end")
    while s.turn != 0:  # player 2's turn, then the cycle ends: the Blood Eye reaches the Awaken icon
        if s.is_chance_node():
            s.play_chance()
        elif s.queue:
            s.apply(s.legal_actions()[0])
        else:
            s.apply("end")
    assert s.track.awakened and any(e.rule == "ce-awaken-awaken" for e in s.log)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    s.apply("move N")
    assert f"move N {pit}" in s.legal_actions()
    s.apply(f"move N {pit}")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


@pytest.mark.parametrize("players,awakening,extra", [(2, "pit", {}), (3, "pit", {}), (4, "pit", {}), (2, "short", {}),
                                                     (3, "all", {}), (2, "advanced", {}),
                                                     (3, "all", {"battle_on": True, "hire_one": True,
                                                                 "necromancers": "random"}),
                                                     (4, "short", {"necromancers": "random"})])
def test_seeded_random_full_games_end_and_keep_every_invariant(players, awakening, extra):
    last = {}

    def eye_forward(state):
        key = id(state)
        if state.track is not None:
            assert state.track.position >= last.get(key, 0) or not state.steps
            last[key] = state.track.position

    def at_most_six_cards(state):
        for p in range(players):
            assert len(state.squads.of(p)) <= 6

    report = random_playouts(lambda seed: full(players, seed + players, awakening=awakening, **extra), range(1),
                             invariants=[
        check_map, conserved, at_most_six_cards, eye_forward], deep_every=1009, max_steps=20_000)
    assert report.games == 1 and all(n > 200 for n in report.lengths)


# ------------------------------------------------------------------ Phase 4: events, step by step
def at_actions(seed=1, players=2, deck="bribe"):
    """Player 1 in Phase 3 of the first turn, having kept the card conjured from ``deck``."""
    s = settle_setup(full(players, seed).apply("first 1"))
    s.apply(f"conjure {deck}")
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply("keep")
    return s


def with_events(state, *events, **changes):
    """The same position with ``events`` set aside for Phase 4 (taken out of the decks)."""
    pos = json.loads(json.dumps(state.position()))
    for e in events:
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(e))
        pos["piles"]["piles"][deck][e] -= 1
    pos["events"] = list(events)
    pos.update(changes)
    return state.game.state_from_position(pos, 7)


def resolve(state, choose=lambda s: s.legal_actions()[0]):
    while state.queue:
        state.play_chance() if state.is_chance_node() else state.apply(choose(state))
    return state


def test_phase_4_events_come_in_the_order_drawn_and_each_step_is_a_decision_or_a_die():
    s = with_events(at_actions(), "eye-quickens", "throneroom-spew")
    eye = s.track.position
    s.apply("end")
    assert s.track.position == eye + 1  # the Blood Eye step needs no decision
    assert s.queue[0] == {"do": "die", "sides": 4, "then": {"do": "spawn", "roll": "regular", "at": "throneroom-d4"}}
    s.force("d4 2")
    s.play_chance()
    pit = s.queue[0]["at"]
    assert pit == str(s.throneroom_numbers()[2].spawn_pits[0]) and s.queue[0]["do"] == "spawn"
    s.force("spawn rolls 1", "spawn rolls 4")
    s.play_chance()
    s.play_chance()
    assert s.loot[pit]["metals"] >= 4 and s.turn == 1  # 4 metals on Throneroom 2's pit; the turn passed
    rules = [e.rule for e in s.log if e.rule.startswith("ce-event")]
    assert rules[:4] == ["ce-event-phase4", "ce-event-phase4", "ce-event-blood-eye", "ce-event-phase4"]
    conserved(s)


def test_a_count_from_the_pit_ends_where_the_player_chooses_among_the_hexes_that_far():
    s = with_events(at_actions(), "count-from-pit")
    s.apply("end")
    s.force("d12 2")
    s.play_chance()
    assert s.queue[0]["do"] == "count"
    choices = s.legal_actions()
    assert len(choices) > 1 and all(s.ground.distance(s.ground.pit(), parse(a)) == 2 for a in choices)
    assert s.describe_action(choices[0]) == {"to": choices[0].split()[1]}
    s.apply(choices[-1])
    assert s.queue[0] == {"do": "spawn", "roll": "regular", "at": choices[-1].split()[1], "player": 0}
    resolve(s)
    conserved(s)


def parse(action):
    from necro.cave_evil.hexes import parse_hex
    return parse_hex(action.split()[-1])


def test_a_tremor_lays_a_tile_where_the_player_chooses_ignoring_the_cards_text():
    s = with_events(at_actions(), "tremor")
    laid = len(s.ground.placements)
    s.apply("end")
    s.force("excavation event-spawn", "excavation tunnel")
    s.play_chance()
    assert s.deck.discard["event-spawn"] == 1 and s.queue[0]["do"] == "tile-draw"  # the event is skipped
    s.play_chance()
    assert s.queue[0] == {"do": "tile", "player": 0, "tile": "tunnel"}
    lays = s.legal_actions()
    assert lays and all(a.startswith("lay ") for a in lays) and s.describe_action(lays[0])["hexes"]
    s.apply(lays[0])
    assert len(s.ground.placements) == laid + 1 and s.turn == 1  # and the turn has passed
    check_map(s)


def test_wandering_monsters_move_one_at_a_time_up_to_the_die_or_their_speed():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "w:A", "owner": None, "at": "+2-1", "card": "A",
                          "creatures": [{"id": "ratman-a-1", "card": "ratman", "size": "small", "speed": 3,
                                         "pick": 1}]})
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    s = with_events(s.game.state_from_position(pos, 7), "monsters-roam")
    s.apply("end")
    s.force("d12 9")
    s.play_chance()
    assert s.queue[0]["do"] == "wander" and s.queue[0]["left"] == ["w:A"]
    moves = s.legal_actions()
    assert moves[-1] == "wander w:A stay" and all(
        s.ground.distance(s.squads["w:A"].hex, parse(a)) <= 3 for a in moves[:-1])  # its speed 3, not 9
    s.apply(moves[0])
    assert str(s.squads["w:A"].hex) == moves[0].split()[2]
    conserved(s)


def test_a_wandering_squad_of_mixed_speeds_moves_together_then_the_faster_go_on():
    """Rule ce-event-wander (audit 3 W3): on a roll of 4 a squad of a Shoddy Abomination (speed 2)
    and a Ratman (speed 4) moves 2 spaces together; then the Ratman may split off and go 2 more."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "w:A", "owner": None, "at": "+2-1", "card": "A", "creatures": [
        {"id": "shoddy-abomination-a-1", "card": "shoddy-abomination", "size": "small", "speed": 2, "pick": 0},
        {"id": "ratman-a-1", "card": "ratman", "size": "small", "speed": 4, "pick": 1}]})
    for card in ("shoddy-abomination", "ratman"):
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(card))
        pos["piles"]["piles"][deck][card] -= 1
    s = with_events(s.game.state_from_position(pos, 7), "monsters-roam")
    s.apply("end")
    s.force("d12 4")
    s.play_chance()
    start = s.squads["w:A"].hex
    together = [a for a in s.legal_actions() if a != "wander w:A stay"]
    assert max(s.ground.distance(start, parse(a)) for a in together) == 2
    far = next(a for a in together if s.ground.distance(start, parse(a)) == 2)
    s.apply(far)
    assert s.queue and s.queue[0]["do"] == "wander", "the Ratman may go on alone"
    on = [a for a in s.legal_actions() if a != "wander w:A stay"]
    assert on and max(s.ground.distance(parse(far), parse(a)) for a in on) == 2
    s.apply(on[0])
    ratman = next(q for q in s.squads if any(c.id == "ratman-a-1" for c in q.creatures))
    assert ratman.wandering and ratman.id != "w:A" and str(ratman.hex) == on[0].split()[2]
    assert [c.id for c in s.squads["w:A"].creatures] == ["shoddy-abomination-a-1"]
    conserved(s)


def test_an_excavation_spawn_brings_resources_to_the_diggers_and_cards_to_the_far_end():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    steps = [{"do": "spawn", "roll": "excavation", "digger": "0:N", "at": "+0+7", "far": ["+0+7"], "player": 0}]
    s = s.game.state_from_position(dict(pos, queue=steps), 7)
    before = dict(s.squads["0:N"].resources)
    s.force("spawn rolls 2", "spawn rolls 3")
    s.play_chance()
    s.play_chance()
    assert s.squads["0:N"].resources.get("gore", 0) == before.get("gore", 0) + 3
    s = s.game.state_from_position(dict(pos, queue=steps), 7)
    s.force("spawn rolls 4", "spawn rolls 1", "draw bribe ratman")
    s.play_chance()
    s.play_chance()
    s.play_chance()
    assert s.squads.at(parse("x +0+7")) is not None and s.squads.at(parse("x +0+7")).wandering
    conserved(s)


# ------------------------------------------------------------------ advanced rules
def test_advanced_discard_boxes_a_hand_card_for_one_resource_of_its_deck():
    s = at_actions()
    assert not any(a.startswith("discard") for a in s.legal_actions())  # off unless chosen
    s = CaveEvil(2, setup="quick", game="full", discard=True).state_from_position(s.position(), 7)
    options = [a for a in s.legal_actions() if a.startswith("discard")]
    bribe = next(x.split(":")[1] for x in s.hands[0] if x.startswith("bribe:") and cj.deck_of(x.split(":")[1]) == "bribe")
    assert f"discard {bribe}" in options and not any(a == "discard necromonk" for a in options)
    metals = s.squads["0:N"].resources.get("metals", 0)
    s.apply(f"discard {bribe}")
    assert s.squads["0:N"].resources.get("metals", 0) == metals + 1 and s.conj_box[bribe] >= 1
    conserved(s)


def test_the_sacrifice_example_cave_serpent_beside_the_necromancer_and_vapor_in_its_squad():
    """The text's example: a Cave Serpent next to the Necromancer gives its cost, 3 metals and
    2 gore; then the Vapor in squad N gives 1 metals and 3 shadowflame, in the same action."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    n["creatures"].append({"id": "vapor-1-1", "card": "vapor", "size": "trinket", "speed": 4})
    n["resources"] = {}
    pos["squads"].append({"id": "0:I", "owner": 0, "at": "+0+8", "card": "I", "creatures": [
        {"id": "cave-serpent-1-1", "card": "cave-serpent", "size": "medium", "speed": 4}]})
    for card in ("vapor", "cave-serpent"):
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(card))
        pos["piles"]["piles"][deck][card] -= 1
    s = CaveEvil(2, setup="quick", game="full", sacrifice=True).state_from_position(pos, 7)
    assert {"sacrifice cave-serpent-1-1", "sacrifice vapor-1-1"} <= set(s.legal_actions())
    s.apply("sacrifice cave-serpent-1-1")
    assert s.squads["0:N"].resources == {"metals": 3, "gore": 2} and "0:I" not in s.squads
    assert "sacrifice vapor-1-1" in s.legal_actions() and not any(a.startswith(("invoke", "meditate"))
                                                                  for a in s.legal_actions())
    s.apply("sacrifice vapor-1-1")
    assert s.squads["0:N"].resources == {"metals": 4, "gore": 2, "shadowflame": 3}
    assert s.conj_box["cave-serpent"] == 1 and s.conj_box["vapor"] == 1
    conserved(s)


def test_extended_timing_moves_the_blood_eye_only_after_cycles_without_invoking():
    plain, longer = full(seed=1), full(seed=1, extended=True)
    for s in (plain, longer):
        settle_setup(s.apply("first 1"))
        while s.cycle == 1:
            if s.is_chance_node():
                s.play_chance()
            elif s.queue:
                s.apply(s.legal_actions()[0])
            else:
                monk = [a for a in s.legal_actions() if a == "invoke necromonk N"]
                s.apply(monk[0] if monk else "end")
    assert plain.track.position == 2 + 1 and longer.track.position == 2  # two Necromonks invoked


def test_a_first_game_leaves_the_suggested_cards_out():
    spec = cj.conjuration_spec()
    first = full(seed=1, first_game=True)
    assert +first.piles.accounted() == +spec.total(False, True) and spec.total(False, True) != spec.total(False)
    settle_setup(first.apply("first 1"))
    conserved(first)


def test_black_diamond_cards_are_in_the_decks_only_when_chosen():
    spec = cj.conjuration_spec()
    plain, diamonds = full(seed=1).piles, full(seed=1, black_diamond=True).piles
    assert sum(len(p) for p in (diamonds.accounted() - plain.accounted()).items()) > 0
    assert +plain.accounted() == +spec.total(False)


# ------------------------------------------------------------------ the Darkest Evil Bitch
def bitch_game(dead, eye=47):
    """Player 1 in Phase 3, the Darkest Evil Bitch face up, the Blood Eye one space short of the
    2-player Awaken icon (48), ``dead``: creatures killed so far (kill points)."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-evil-bitch"
    pos["track"] = dict(pos["track"], position=eye, revealed=True)
    pos["dead"] = dead
    pos["kill_points"] = [sum({"small": 3, "medium": 6, "large": 9}[d["size"]] for d in dead if d["by"] == p)
                          for p in range(2)]
    return CaveEvil(2, setup="quick", game="full", awakening="short").state_from_position(pos, 7)


def end_cycle(s, stop=lambda s: False):
    """End turns (resolving queued steps) until the cycle changes (or ``stop`` says so); what an Evil
    pushed off The Pit stays on the first free hex beside it (ruling ce-evil-statue-how)."""
    cycle = s.cycle
    while s.cycle == cycle and not s.is_terminal() and s.combat is None and not stop(s):
        if s.is_chance_node():
            s.play_chance()
        elif s.queue:
            s.apply(_first_choice(s))
        else:
            s.apply("end")
    while s.queue and "off" in s.queue[0] and not stop(s):
        s.apply(_first_choice(s))
    return s


def _first_choice(s):
    """The first legal choice of a queued step; for what left The Pit, the hex it was first put on."""
    return f"spot {s.queue[0]['off']}" if "off" in s.queue[0] else s.legal_actions()[0]


def test_the_bitch_wakes_and_every_necromancer_without_enemy_kill_points_dies():
    s = end_cycle(bitch_game([{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0}]))
    assert s.is_terminal() and s.out == [1] and s.returns() == [1.0, -1.0]
    assert any(e.rule == "ce-evil-bitch" and "without enemy kill points" in e.text for e in s.log)


def test_each_cycle_she_fights_the_necromancer_with_fewest_enemy_kill_points_and_her_defeat_wins():
    dead = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
            {"id": "ghoul-y", "card": None, "size": "medium", "owner": 0, "by": 1}]
    s = end_cycle(bitch_game(dead))
    assert s.track.awakened and s.track.stopped  # the track stops for her
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch"
    assert s.combat["attackers"] == ["0:N"] and s.turn == 0  # player 1 has 3 enemy points, player 2 has 6
    assert s.legal_actions()[0].startswith("first ")
    from necro.cave_evil.creatures import catalogue
    magi = catalogue().creature(s.squads["0:N"].creatures[0].card)
    assert [c.id for c in s.squads["0:N"].creatures] == ["necromancer-1"]
    assert s.fight.tally("attacker", "strength").total == magi.attribute("strength") - 3  # her charm binds
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos
    s.apply("first strength")
    s.force("attacker rolls 12", "defender rolls 1")
    s.play_chance()
    s.play_chance()
    assert s.current_player() == 1  # her opponent picks her second attribute
    s.apply(s.legal_actions()[0])
    s.force("attacker rolls 12", "defender rolls 1")
    s.play_chance()
    s.play_chance()
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_a_tie_for_her_attention_waits_on_a_roll_off_in_a_position_that_loads():
    """Rule ce-evil-roll-off: equal enemy and wandering kill points, so the tied players roll a D12
    and the lowest fights her. The turn waits in its Evil part while they roll; the soak's seed-0
    game 54 reached this position with no part, and its loader refused it."""
    dead = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
            {"id": "ratman-y", "card": None, "size": "small", "owner": 0, "by": 1}]
    s = end_cycle(bitch_game(dead))
    assert s.is_chance_node() and s.queue[0]["do"] == "rolloff" and s.part == "evil"
    pos = json.loads(json.dumps(s.position()))
    again = s.game.state_from_position(pos)
    assert again.position() == pos
    again.force("rolloff 2")
    again.play_chance()
    assert again.combat["evil"] == "darkest-evil-bitch" and again.combat["attackers"] == ["1:N"] and again.turn == 1


def attacker_wins(s):
    """Play the fight under way to its end, the attacker rolling 12s and the defender 1s."""
    while s.combat is not None:
        if s.is_chance_node():
            s.force(s.chance_outcomes()[-1 if s.chance_outcomes()[0][0].startswith("attacker") else 0][0])
            s.play_chance()
        else:
            s.apply(s.legal_actions()[0])


def she_wins(s):
    """The Darkest Evil Bitch wins her fight under way: the squad rolls 1s, she rolls 12s."""
    s.apply("first strength")
    s.force("attacker rolls 1", "defender rolls 12")
    s.play_chance()
    s.play_chance()
    s.apply(s.legal_actions()[0])
    s.force("attacker rolls 1", "defender rolls 12")
    s.play_chance()
    s.play_chance()


def test_when_she_wins_that_necromancer_is_out_and_the_cycle_goes_on():
    dead = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
            {"id": "ghoul-y", "card": None, "size": "medium", "owner": 0, "by": 1}]
    s = end_cycle(bitch_game(dead))
    she_wins(s)
    assert s.out == [0] and s.is_terminal() and s.returns() == [-1.0, 1.0]  # two players: the other stands alone


# ------------------------------------------------------------------ the Darkest Statue of Death
def test_the_statue_wakes_on_the_pit_is_fought_not_hired_and_its_eyes_win_at_home():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=47, revealed=True)
    s = end_cycle(CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7))
    statue = s.squads.at(s.ground.pit())
    assert statue is not None and statue.wandering and statue.creatures[0].card == "darkest-statue-of-death"
    assert s.track.awakened and not s.track.stopped  # the Blood Eye goes on: doom still threatens
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    crystal = str(s.crystals()[0])
    step = next(str(h) for h in s.ground.graph.neighbors(s.crystals()[0]) if s.squads.at(h) is None)
    n["at"], n["creatures"][0]["items"] = step, ["glowing-eyes"]
    pos["turn"] = 0
    s = s.game.state_from_position(pos, 7)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    s.apply("move N")
    s.apply(f"move N {crystal}")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert any(e.rule == "ce-evil-statue" and "Glowing Eyes" in e.text for e in s.log)


def test_a_slain_statue_leaves_its_eyes_on_the_pit():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=48, revealed=True, awakened=True)
    pos["squads"].append({"id": "w:S", "owner": None, "at": "+0+0", "card": "S", "creatures": [
        {"id": "darkest-statue-of-death-1", "card": "darkest-statue-of-death", "size": "large", "speed": 0}]})
    pos["squads"].append({"id": "0:I", "owner": 0, "at": "+1-1", "card": "I", "creatures": [
        {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3}]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ghoul"))
    pos["piles"]["piles"][deck]["ghoul"] -= 1
    s = CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7)
    assert "hire I w:S" not in s.legal_actions() and "subdue I w:S" not in s.legal_actions()
    assert "fight I w:S" in s.legal_actions()
    s.apply("fight I w:S")
    s.apply("first strength")
    attacker_wins(s)  # the attacker rolls 12s, the Statue 1s
    assert "w:S" not in s.squads and "glowing-eyes" in s.loot["+0+0"]["items"] and s.loot["+0+0"]["gore"] >= 3
    conserved(s)


# ------------------------------------------------------------------ the Necromancers' powers
def test_the_rotten_magi_teleports_its_squad_once_through_rock():
    s = at_actions()
    assert s.squads["0:N"].creatures[0].card == "rotten-magi"
    jumps = [a for a in s.legal_actions() if a.startswith("teleport N ")]
    assert jumps and all(parse(a) not in s.ground.spawn_pits for a in jumps)
    far = max(jumps, key=lambda a: s.ground.distance(s.squads["0:N"].hex, parse(a)) or 99)
    s.apply(far)
    assert s.squads["0:N"].hex == parse(far) and s.powers_used == [0]
    assert not any(a.startswith("teleport") for a in s.legal_actions())
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos


def digging_necromancer():
    """Phase 3 with squad N (a ratman beside the Necromancer, pick 1) digging at -8-1."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    n["at"] = "-8-1"
    n["creatures"].append({"id": "ratman-1-1", "card": "ratman", "size": "small", "speed": 4, "pick": 1})
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    s = s.game.state_from_position(pos)
    s.apply("dig N")
    while s.is_chance_node():
        s.play_chance()
    return s


def test_teleporting_out_of_a_dig_abandons_it():
    """Rule ce-dig-busy (audit 3 W8): the Rotten Magi takes its digging squad away; the dig is given
    up, its card discarded unseen, not left behind on the old hex."""
    s = digging_necromancer()
    assert s.digs["0:N"].stage == "digging"
    jump = next(a for a in s.legal_actions() if a.startswith("teleport N "))
    s.apply(jump)
    assert "0:N" not in s.digs or s.digs["0:N"].stage != "digging"
    assert "ce-dig-busy" in [line.rule for line in s.steps[-1].log]
    conserved(s)


def test_the_ice_dead_sorceress_takes_an_enemy_squad_within_three_spaces():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    n2 = next(q for q in pos["squads"] if q["id"] == "1:N")
    pos["squads"].append({"id": "0:II", "owner": 0, "at": "+1-8", "card": "II", "creatures": [
        {"id": "ratman-1-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
    pos["piles"]["piles"][deck]["ratman"] -= 1
    pos["turn"] = 1
    s = s.game.state_from_position(pos, 7)
    assert s.squads["1:N"].creatures[0].card == "ice-dead-sorceress" and n2["at"] == "+0-9"
    while s.queue or s.part != "actions":
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert "enthrall N 0:II" in s.legal_actions() and "enthrall N 0:N" not in s.legal_actions()
    s.apply("enthrall N 0:II")
    assert "0:II" not in s.squads and s.squads["1:I"].creatures[0].id == "ratman-1-1"
    conserved(s)


def test_the_psychomancer_burns_everything_beside_it_but_its_own_squad():
    s = full(4, seed=2).apply("first 1")
    settle_setup(s)
    pos = json.loads(json.dumps(s.position()))
    n4 = next(q for q in pos["squads"] if q["id"] == "3:N")
    assert n4["creatures"][0]["card"] == "psychomancer-of-fire"
    from necro.cave_evil.hexes import neighbours, parse_hex
    near = [str(h) for h in sorted(neighbours(parse_hex(n4["at"]))) if s.ground.is_open(h)][:2]
    pos["squads"].append({"id": "w:Z", "owner": None, "at": near[0], "card": "Z", "creatures": [
        {"id": "ratman-z-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1}]})
    pos["squads"].append({"id": "3:I", "owner": 3, "at": near[1], "card": "I", "creatures": [
        {"id": "ghoul-4-1", "card": "ghoul", "size": "small", "speed": 3}]})
    for card in ("ratman", "ghoul"):
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(card))
        pos["piles"]["piles"][deck][card] -= 1
    pos["turn"], pos["queue"], pos["part"] = 3, [], "actions"
    s = s.game.state_from_position(pos, 7)
    assert "blast N" in s.legal_actions()
    s.apply("blast N")
    assert "w:Z" not in s.squads and "3:I" not in s.squads and "3:N" in s.squads
    assert s.kill_points[3] == 1.0  # a wandering small; its own dead earn nothing
    conserved(s)


# ------------------------------------------------------------------ the Eternal Evil Emperor
def emperor_game(dead=()):
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "eternal-evil-emperor"
    pos["track"] = dict(pos["track"], position=47, revealed=True)
    pos["dead"] = list(dead)
    pos["kill_points"] = [sum({"small": 3, "medium": 6, "large": 9}[d["size"]] for d in dead if d["by"] == p)
                          for p in range(2)]
    return CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7)


def test_the_emperor_rises_on_the_pit_and_from_the_next_cycle_marches_on_his_prey():
    s = end_cycle(emperor_game(), stop=lambda s: s.queue[:1] == [{"do": "lair"}])
    em = s.emperor()
    assert em is not None and em.hex == s.ground.pit() and s.track.stopped
    assert s.queue[0] == {"do": "lair"} and s.cycle == 2  # the next cycle: nobody has enemy kill points
    s.force("lair 1")
    s.play_chance()
    assert s.focus == 0 and s.focus_holder is None
    n = s.squads["0:N"]
    assert s.combat is None  # the audit: this check used to sit under an if, and could pass unchecked
    assert s.ground.distance(s.emperor().hex, n.hex) is not None
    from necro.cave_evil.hexes import distance
    assert distance(s.emperor().hex, n.hex) <= distance(s.ground.pit(), n.hex) - 4  # he marched 4 spaces nearer
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos
    conserved(s)


def test_the_player_with_most_enemy_kill_points_declares_the_prey_and_killing_him_wins():
    dead = [{"id": "ratman-x", "card": None, "size": "small", "owner": 0, "by": 1}]
    s = end_cycle(emperor_game(dead), stop=lambda s: s.queue[:1] == [{"do": "focus", "player": 1}])
    assert s.queue[0] == {"do": "focus", "player": 1} and s.current_player() == 1
    assert s.legal_actions() == ["focus 1", "focus 2"]
    s.apply("focus 1")
    assert s.focus == 0 and s.focus_holder == 1
    for _ in range(12):  # march on, cycle after cycle, until he reaches player 1's squad N or crystal
        if s.combat is not None or s.is_terminal() or 0 in s.out:
            break
        end_cycle(s)
        while s.queue:
            s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert s.combat is not None and 0 not in s.out  # he reached his prey (this ran under an if, unchecked)
    assert s.combat["evil"] == "eternal-evil-emperor" and s.combat["control"]["defender"] == "wandering"
    s.apply("first strength")
    attacker_wins(s)
    assert s.is_terminal() and s.winner_player == 0


# ------------------------------------------------------------------ the Evil Black Old Goat (advanced)
def goat_game(dead=(), eye=23, revealed=False):
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "evil-black-old-goat"
    pos["track"] = dict(pos["track"], position=eye, revealed=revealed)
    pos["dead"] = list(dead)
    pos["kill_points"] = [sum({"small": 3, "medium": 6, "large": 9}[d["size"]] for d in dead if d["by"] == p)
                          for p in range(2)]
    return CaveEvil(2, setup="quick", game="full", awakening="advanced").state_from_position(pos, 7)


def test_the_revealed_goat_sits_on_the_pit_and_a_necromancer_with_27_enemy_points_kneels_and_wins():
    dead = [{"id": f"dracor-x{i}", "card": None, "size": "large", "owner": 1, "by": 0} for i in range(3)]
    s = end_cycle(goat_game(dead))  # the Reveal icon (24 with two players): the Goat is placed
    goat = s.goat()
    assert goat is not None and goat.hex == s.ground.pit() and not s.track.awakened
    pos = json.loads(json.dumps(s.position()))
    beside = next(str(h) for h in sorted(s.ground.graph.neighbors(goat.hex)) if s.squads.at(h) is None)
    pos["squads"] = [dict(q, at=beside) if q["id"] == "0:N" else q for q in pos["squads"]]
    pos["turn"] = 0
    s = s.game.state_from_position(pos, 7)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    assert "kneel N" in s.legal_actions() and not any(a.endswith(goat.id) for a in s.legal_actions())
    s.apply("kneel N")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_the_awake_goat_rampages_each_cycle_and_tears_apart_squads_beside_him():
    s = end_cycle(goat_game(eye=47, revealed=True))  # 48 is the Awaken icon; he is placed as he wakes
    assert s.goat() is not None and s.track.awakened
    s = end_cycle(s, stop=lambda s: s.queue[:1] == [{"do": "goat"}])
    assert s.queue[0] == {"do": "goat"}
    start = s.goat().hex
    s.force("goat 1")  # north
    s.play_chance()
    from necro.cave_evil.hexes import distance
    assert s.goat().hex != start and distance(start, s.goat().hex) <= 3
    pos = json.loads(json.dumps(s.position()))
    beside = next(str(h) for h in sorted(s.ground.graph.neighbors(s.goat().hex)) if s.squads.at(h) is None
                  and h not in s.ground.spawn_pits)
    pos["squads"].append({"id": "0:III", "owner": 0, "at": beside, "card": "III", "creatures": [
        {"id": "ratman-1-9", "card": "ratman", "size": "small", "speed": 3, "pick": 1}]})
    deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get("ratman"))
    pos["piles"]["piles"][deck]["ratman"] -= 1
    s = s.game.state_from_position(pos, 7)
    assert "0:III" not in s.squads and s.conj_box["ratman"] >= 1  # eviscerated, to the box
    conserved(s)


def test_only_a_necromancer_fights_the_awake_goat_its_companions_torn_apart_first():
    s = end_cycle(goat_game(eye=47, revealed=True))
    pos = json.loads(json.dumps(s.position()))
    goat = s.goat()
    beside = next(str(h) for h in sorted(s.ground.graph.neighbors(goat.hex)) if s.squads.at(h) is None
                  and h not in s.ground.spawn_pits)
    pos["squads"] = [dict(q, at=beside) if q["id"] == "0:N" else q for q in pos["squads"]]
    pos["turn"], pos["queue"], pos["part"], pos["after_evil"] = 0, [], "actions", None
    s = s.game.state_from_position(pos, 7)
    assert "slay N" in s.legal_actions() and not any(a.startswith(("fight", "shoot")) for a in s.legal_actions())
    s.apply("slay N")
    assert s.combat["evil"] == "evil-black-old-goat" and s.combat["attackers"] == ["0:N"]
    s.apply("first strength")
    attacker_wins(s)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_advanced_abandoning_turns_a_squad_or_one_creature_into_a_wandering_monster():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "0:I", "owner": 0, "at": "+0+7", "card": "I", "creatures": [
        {"id": "ratman-1-1", "card": "ratman", "size": "small", "speed": 3, "pick": 1},
        {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3}], "resources": {"gore": 1}})
    for card in ("ratman", "ghoul"):
        deck = next(d for d in cj.DECKS if pos["piles"]["piles"][d].get(card))
        pos["piles"]["piles"][deck][card] -= 1
    s = CaveEvil(2, setup="quick", game="full", abandon=True).state_from_position(pos, 7)
    firsts = {" ".join(a.split()[:2]) for a in s.legal_actions() if a.startswith("abandon")}
    assert {"abandon I", "abandon ratman-1-1", "abandon ghoul-1-1"} <= firsts
    assert "abandon N" not in firsts and "abandon necromancer-1" not in firsts
    way = next(a for a in s.legal_actions() if a.startswith("abandon ratman-1-1 "))
    one = s.copy().apply(way)
    wild = next(x for x in one.squads if x.wandering)
    assert [c.id for c in wild.creatures] == ["ratman-1-1"] and str(wild.hex) == way.split()[2]
    s.apply("abandon I")
    wild = next(x for x in s.squads if x.wandering)
    assert [c.id for c in wild.creatures] == ["ratman-1-1", "ghoul-1-1"] and wild.resources == {"gore": 1} and "0:I" not in s.squads
    conserved(s)


def test_advanced_hiring_one_creature_out_of_a_monster_squad():
    from necro.cave_evil import examples as ex
    base = [ex.squad(0, "II", ex.at(3), ex.of_card("dracor"), resources={"metals": 9, "gore": 9, "shadowflame": 9}),
            ex.squad(None, "A", ex.at(4), ex.of_card("ratman"), ex.of_card("ghoul"))]
    plain = ex.corridor(base)
    assert not any(len(a.split()) > 3 for a in plain.legal_actions() if a.startswith("hire"))
    s = ex.corridor(base, hire_one=True)
    ones = [a for a in s.legal_actions() if a.startswith("hire II w:A ratman-1 ")]
    assert ones and s.describe_action(ones[0])["creature"] == "ratman-1"
    s.apply(ones[0])
    new = next(q for q in s.squads if q.owner == 0 and q.card != "II" and q.card != "N")
    assert [c.id for c in new.creatures] == ["ratman-1"] and [c.id for c in s.squads["w:A"].creatures] == ["ghoul-1"]
    assert s.squads["0:II"].acted and f"fight {new.card} w:A" in s.legal_actions()


# ------------------------------------------------------------------ Battle On!!!
def test_battle_on_a_player_plays_on_without_its_necromancer_and_may_bring_it_back():
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "0:II", "owner": 0, "at": "+0-8", "card": "II", "creatures": [
        {"id": "necromonk-1-1", "card": "necromonk", "size": "small", "speed": 3, "pick": 1}]})
    pos["squads"] = [q for q in pos["squads"] if q["id"] != "0:N"]
    pos["squads"].append({"id": "0:N", "owner": 0, "at": "+0+9", "card": "N", "creatures": [
        {"id": "necromancer-1", "card": "rotten-magi", "size": "small", "speed": 3, "necromancer": True}]})
    pos["piles"]["necromonks"]["necromonk"] -= 1
    pos["hands"][0] = [x for x in pos["hands"][0] if not x.startswith("necromonk:")]
    s = CaveEvil(2, setup="quick", game="full", battle_on=True).state_from_position(pos, 7)
    n = s.squads.remove("0:N")  # the Necromancer dies (as in a lost fight)
    de.bury(s, n, None, set())
    de.player_out(s, 0)
    assert s.fallen == [0] and s.out == [] and "0:II" in s.squads and 0 not in s.crystals()
    assert not s.is_terminal()
    pos = json.loads(json.dumps(s.position()))
    again = s.game.state_from_position(pos, 7)
    assert again.fallen == [0]
    assert "fight II 1:crystal" in again.legal_actions()  # a spellcaster beside player 2's crystal
    again.apply("fight II 1:crystal")
    again.apply(again.legal_actions()[0])
    attacker_wins(again)
    assert again.is_terminal() and again.returns() == [1.0, -1.0] and again.fallen == []
    assert any(e.rule == "ce-battle-on" and "back from the dead" in e.text for e in again.log)


def fallen_with_one_squad(players):
    """Player 1, in Phase 3 of its turn under Battle On!!!, has lost its Necromancer and plays on with squad II
    alone (a necromonk)."""
    s = at_actions(players=players)
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "0:II", "owner": 0, "at": "+0-8", "card": "II", "creatures": [
        {"id": "necromonk-1-1", "card": "necromonk", "size": "small", "speed": 3, "pick": 1}]})
    pos["piles"]["necromonks"]["necromonk"] -= 1
    pos["hands"][0] = [x for x in pos["hands"][0] if not x.startswith("necromonk:")]
    s = CaveEvil(players, setup="quick", game="full", battle_on=True).state_from_position(pos, 7)
    de.bury(s, s.squads.remove("0:N"), None, set())
    de.player_out(s, 0)
    assert s.fallen == [0] and s.out == [] and s.turn == 0
    return s


def lose_last_squad(s):
    """Player 1's last squad dies in its own turn (as in a lost fight), and play runs on (the soak's games 1032
    and 226: the player was put out, but its turn went on, or the game with one player left)."""
    de.bury(s, s.squads.remove("0:II"), None, set())
    ph.settle(s)
    assert s.fallen == [] and s.out == [0]
    s.game.state_from_position(json.loads(json.dumps(s.position())), 7)  # the loader takes it


def test_battle_on_a_fallen_player_losing_its_last_squad_in_its_turn_is_out_and_its_turn_ends():
    s = fallen_with_one_squad(3)
    lose_last_squad(s)
    assert not s.is_terminal() and s.turn == 1


def test_battle_on_a_fallen_player_losing_its_last_squad_leaves_the_last_player_standing():
    s = fallen_with_one_squad(2)
    lose_last_squad(s)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_a_turn_ending_with_its_player_out_leaves_the_evil_at_the_cycle_start_with_a_player_in_the_game(monkeypatch):
    """The cycle's last player dies in its own turn and an awake Evil acts before the next cycle's first turn (the
    soak's games 226 and 502: the Emperor's focus, the Goat's rampage): the turn rests with the cycle's first player,
    never with the player out (the loader's check, position.turn)."""
    s = at_actions(players=3)
    first, last = s.order()[0], s.order()[-1]
    s.turn = last
    de.bury(s, s.squads.remove(f"{last}:N"), None, set())
    de.player_out(s, last)
    monkeypatch.setattr(ph.ak, "evil_each_cycle", lambda state: True)  # an Evil acts, and the turn waits for it
    ph.next_turn(s)
    assert s.after_evil == first and s.turn == first and last in s.out


def test_a_creature_hired_out_of_a_monster_squad_must_take_on_the_rest_or_join_the_hirer():
    """Advanced rule 4 (ce-adv-hire-one): the hired creature steps beside its old squad and fights, hires
    or subdues the rest of it; or it steps into the hiring squad, which deals with the rest next Phase 1."""
    from necro.cave_evil import examples as ex
    base = [ex.squad(0, "II", ex.at(3), ex.of_card("caveling"), resources={"metals": 9, "gore": 9, "shadowflame": 9}),
            ex.squad(None, "A", ex.at(4), ex.of_card("ratman"), ex.of_card("ghoul"))]
    s = ex.corridor(base, hire_one=True)
    aside = s.copy().apply(f"hire II w:A ratman-1 {ex.at(5)}")
    new = next(q for q in aside.squads if q.owner == 0 and q.card not in ("II", "N"))
    assert "end" not in aside.legal_actions()
    assert aside.explain_illegal("end")[0] == "ce-combat-must"
    assert {a.split()[0] for a in aside.legal_actions() if a.split()[1:2] == [new.card]} <= {"fight", "hire", "subdue"}
    assert f"fight {new.card} w:A" in aside.legal_actions()
    assert any(e.rule == "ce-adv-hire-one" and "must" in e.text for e in aside.log)
    join = f"hire II w:A ratman-1 {ex.at(3)}"  # a small joins a small
    big = ex.corridor([ex.squad(0, "II", ex.at(3), ex.of_card("dracor"), resources={"metals": 9, "gore": 9, "shadowflame": 9}), base[1]], hire_one=True)
    assert f"hire II w:A ratman-1 {ex.at(5)}" in big.legal_actions()
    assert f"hire II w:A ratman-1 {ex.at(3)}" not in big.legal_actions()  # a large squad has no room
    assert join in s.legal_actions()
    s.apply(join)
    assert [c.id for c in s.squads["0:II"].creatures] == ["caveling-1", "ratman-1"]
    assert s.squads["0:II"].acted and "end" in s.legal_actions()


def test_a_necromancer_that_meditated_does_not_move_this_turn():
    """Movement ends for the turn once the Necromancer meditates (rule ce-meditate; audit 2 T1, audit 1 T7)."""
    s = at_actions(seed=2, deck="summon")
    assert "move N" in s.legal_actions()
    s.apply("meditate construct")
    s.force("deal 1 construct " + next(c for c, _ in s.piles.outcomes("construct") if not cj.conjuration_spec().is_event(c)))
    s.play_chance()
    assert "move N" not in s.legal_actions()
    assert all(c.halted for c in s.squads["0:N"].creatures)


def test_the_statues_eyes_brought_home_win_nothing_in_a_turn_that_used_a_power():
    """Rule ce-power: no Awakened Evil is conquered in the turn its Necromancer used its power (audit 3, untested)."""
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["evil"] = "darkest-statue-of-death"
    pos["track"] = dict(pos["track"], position=47, revealed=True)
    s = end_cycle(CaveEvil(2, setup="quick", game="full", awakening="all").state_from_position(pos, 7))
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    crystal = str(s.crystals()[0])
    step = next(str(h) for h in s.ground.graph.neighbors(s.crystals()[0]) if s.squads.at(h) is None)
    n["at"], n["creatures"][0]["items"] = step, ["glowing-eyes"]
    pos["turn"], pos["power_turn"], pos["powers_used"] = 0, True, [0]
    s = s.game.state_from_position(pos, 7)
    while s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    s.apply("move N")
    s.apply(f"move N {crystal}")
    assert not s.is_terminal() and s.winner_player is None
