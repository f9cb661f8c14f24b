"""Squads and movement: size limits, speed, stopping, spawn pits, friends, merging, breaking, collapses."""

import json

import pytest

from necro.core import FormatError, IllegalAction
from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import ORIGIN, Hex, distance
from necro.cave_evil.movement import (Creature, Squad, Squads, destinations, fits, move, move_refusal, path_to,
                                      reachable, squad_id, step, step_refusal)


def corridor():
    """The Pit Room and a corridor one hex wide running south from it: +0+3 .. +0+10."""
    g = Ground.new()
    g.place(g.placement("tunnel", Hex(0, 3)))
    g.place(g.placement("tunnel", Hex(0, 7)))
    return g


def cr(cid, size="small", speed=3, pick=0, **kw):
    return Creature(cid, size, speed, pick, **kw)


def sq(owner, card, h, *creatures):
    return Squad(squad_id(owner, card), owner, h, list(creatures), card)


def wandering(letter, h, *creatures):
    return Squad(f"w:{letter}", None, h, list(creatures), letter)


def S(q, r):
    return Hex(q, r)


def refused(g, squads, sid, to, rule, **kw):
    before = squads.to_json()
    with pytest.raises(IllegalAction) as err:
        move(g, squads, sid, to, **kw)
    assert err.value.rule == rule, err.value
    assert squads.to_json() == before
    return err.value


# ------------------------------------------------------------- squad sizes
@pytest.mark.parametrize("sizes,ok", [
    (["small"], True), (["small"] * 3, True), (["small"] * 4, False), (["medium", "small"], True),
    (["medium", "medium"], False), (["medium", "small", "small"], False), (["large"], True),
    (["large", "small"], False), (["large", "trinket", "trinket", "trinket"], True),
    (["small"] * 3 + ["trinket"] * 5, True), (["trinket"], True), (["medium"], True),
])
def test_ce_squad_size_limits(sizes, ok):
    assert fits([cr(str(i), s) for i, s in enumerate(sizes)]) is ok


def test_ce_necromancer_small_counts_against_the_limit():
    nec = cr("nec", necromancer=True)
    assert fits([nec, cr("a"), cr("b")]) and not fits([nec, cr("a"), cr("b"), cr("c")])
    assert fits([nec, cr("m", "medium")]) and not fits([nec, cr("m", "medium"), cr("c")])
    with pytest.raises(FormatError) as err:
        Squads.from_json([{"id": "0:N", "owner": 0, "card": "N", "at": "+0+2",
                           "creatures": [{"id": "nec", "size": "medium", "speed": 3, "necromancer": True}]}])
    assert "small" in err.value.reason


def test_ce_control_cards_six_per_player():
    squads = Squads([sq(0, c, Hex(i, 0)) for i, c in enumerate(("N", "I", "II"))])
    assert squads.free_cards(0) == ["III", "IV", "V"] and squads.free_cards(1) == ["N", "I", "II", "III", "IV", "V"]


# ------------------------------------------------------------------ speed
def test_ce_move_rate_slowest_creature_mikes_example():
    """A Necromonk (3) with a Shoddy Abomination (2) moves at 2."""
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 4), cr("monk", speed=3), cr("shoddy", speed=2))])
    assert squads["0:I"].rate == 2
    dest = destinations(g, squads, "0:I")
    assert dest[S(0, 6)] == 2 and S(0, 7) not in dest and dest[S(0, 2)] == 2
    refused(g, squads, "0:I", S(0, 7), "ce-move-rate")


def test_ce_open_ground_only():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 5), cr("a", speed=3))])
    reach = reachable(g, squads, "0:I")
    assert reach == {S(0, 2): 3, S(0, 3): 2, S(0, 4): 1, S(0, 6): 1, S(0, 7): 2, S(0, 8): 3}
    assert all(g.is_open(h) for h in reach)
    refused(g, squads, "0:I", S(1, 5), "ce-open-ground")     # undug, right beside it
    path = path_to(g, squads, "0:I", S(0, 8))
    assert path == [S(0, 5), S(0, 6), S(0, 7), S(0, 8)]


def test_moving_spends_points_and_a_squad_can_move_in_legs():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=3))])
    done = move(g, squads, "0:I", S(0, 5))
    assert done.cost == 2 and squads["0:I"].hex == S(0, 5) and squads["0:I"].left == 1
    assert set(destinations(g, squads, "0:I")) == {S(0, 4), S(0, 6)}
    move(g, squads, "0:I", S(0, 6))
    assert move_refusal(g, squads, "0:I").rule == "ce-move-rate"
    squads.new_turn(0)
    assert squads["0:I"].left == 3


# ------------------------------------------------------- enemies and stops
def test_ce_move_stop_next_to_an_enemy():
    g = corridor()
    g.place(g.placement("single", S(1, 6)))      # an open pocket beside the corridor, not joined to it
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=5)), sq(1, "I", S(1, 6), cr("e"))])
    dest = destinations(g, squads, "0:I")
    assert S(0, 6) in dest and S(0, 7) not in dest and S(0, 8) not in dest   # (0,6) touches the enemy
    done = move(g, squads, "0:I", S(0, 6))
    assert done.stopped and squads["0:I"].left == 0
    assert move_refusal(g, squads, "0:I").rule == "ce-move-engaged"
    refused(g, squads, "0:I", S(0, 5), "ce-move-engaged")


def test_ce_move_stop_also_for_wandering_monsters_and_for_them():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=5)), wandering("B", S(0, 9), cr("rat", speed=6))])
    dest = destinations(g, squads, "0:I")
    assert S(0, 8) in dest and S(0, 7) in dest and S(0, 9) not in dest and S(0, 10) not in dest
    refused(g, squads, "0:I", S(0, 9), "ce-move-occupied")
    # a Wandering Monster moved by an event stops next to a player's squad
    wdest = destinations(g, squads, "w:B")
    assert wdest[S(0, 4)] == 5 and S(0, 3) not in wdest and S(0, 2) not in wdest


def test_ce_move_engaged_a_squad_next_to_an_enemy_cannot_walk_off():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 5), cr("a")), sq(1, "I", S(0, 6), cr("e"))])
    assert reachable(g, squads, "0:I") == {} and destinations(g, squads, "0:I") == {}
    refused(g, squads, "0:I", S(0, 3), "ce-move-engaged")


def test_ce_collapse_trapped_enemies_are_walked_past_and_cannot_move():
    g = corridor()
    g.place(g.placement("single", S(1, 6), 0, "collapse"))   # rubble beside the corridor
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=5)), sq(1, "I", S(1, 6), cr("e"))])
    dest = destinations(g, squads, "0:I")
    assert S(0, 8) in dest and dest[S(0, 8)] == 5       # walks right past the trapped enemy
    move(g, squads, "0:I", S(0, 7))
    assert not move_refusal(g, squads, "0:I")
    assert move_refusal(g, squads, "1:I").rule == "ce-collapse-trapped"
    refused(g, squads, "1:I", S(0, 6), "ce-collapse-trapped")
    assert step_refusal(g, squads, "1:I", S(0, 6)).rule == "ce-collapse-trapped"


def test_ce_move_halted_after_an_action():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", halted=True))])
    refused(g, squads, "0:I", S(0, 4), "ce-move-halted")


# ------------------------------------------------------------- spawn pits
def test_ce_move_pit_crossed_but_never_stopped_on():
    g = Ground.new()
    squads = Squads([sq(0, "I", S(0, 1), cr("a", speed=2))])
    reach = reachable(g, squads, "0:I")
    dest = destinations(g, squads, "0:I")
    assert reach[ORIGIN] == 1 and ORIGIN not in dest
    assert dest[S(0, -1)] == 2                       # only through the Pit is it two steps
    assert path_to(g, squads, "0:I", S(0, -1))[1] == ORIGIN
    refused(g, squads, "0:I", ORIGIN, "ce-move-pit")


def test_ce_move_pit_stop_a_pit_next_to_an_enemy_is_closed():
    g = Ground.new()
    squads = Squads([sq(0, "I", S(0, 1), cr("a", speed=2)), sq(1, "I", S(1, -1), cr("e"))])
    assert ORIGIN not in reachable(g, squads, "0:I")
    assert S(0, -1) not in destinations(g, squads, "0:I")


# ----------------------------------------------------- friends and merging
def test_ce_move_through_friends_only_within_size_limits_mikes_example():
    """Two smalls cannot pass a lone medium in a tunnel; one small can, or join it."""
    g = corridor()
    squads = Squads([sq(0, "II", S(0, 3), cr("a"), cr("b")), sq(0, "III", S(0, 5), cr("m", "medium"))])
    assert S(0, 6) not in reachable(g, squads, "0:II") and S(0, 5) not in destinations(g, squads, "0:II")
    refused(g, squads, "0:II", S(0, 6), "ce-move-through")  # a friend too full to pass, not an enemy
    refused(g, squads, "0:II", S(0, 5), "ce-move-through")
    single = Squads([sq(0, "II", S(0, 3), cr("a")), sq(0, "III", S(0, 5), cr("m", "medium"))])
    assert destinations(g, single, "0:II")[S(0, 6)] == 3
    assert S(0, 5) in destinations(g, single, "0:II")


def test_ce_merge_first_example_remaining_points_carry_over():
    """Squad I (rate 3) moves 2 to merge into Squad V: the merged squad has 1 point left."""
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=3)), sq(0, "V", S(0, 5), cr("v1", speed=3), cr("v2", speed=4))])
    done = move(g, squads, "0:I", S(0, 5))
    assert done.merged and done.squad == "0:V" and "0:I" not in squads
    assert squads["0:V"].rate == 3 and squads["0:V"].left == 1
    assert [c.id for c in squads["0:V"].creatures] == ["v1", "v2", "a"]
    assert "I" in squads.free_cards(0)


def test_ce_merge_second_example_the_slowest_member_limits():
    """Squad II (rate 4) moves 1 into Squad III, whose slowest has 2: only 2 more."""
    g = corridor()
    squads = Squads([sq(0, "II", S(0, 4), cr("a", speed=4)), sq(0, "III", S(0, 5), cr("slow", speed=2))])
    move(g, squads, "0:II", S(0, 5))
    assert squads["0:III"].left == 2
    assert max(destinations(g, squads, "0:III").values()) == 2


def test_ce_merge_jasons_shoddy_abomination():
    """A Shoddy (speed 2) leaves Squad I for Squad II next to it; Squad II then has 1 step."""
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 4), cr("shoddy", speed=2), cr("b", speed=2), cr("c", speed=2)),
                     sq(0, "II", S(0, 5), cr("monk", speed=3))])
    done = move(g, squads, "0:I", S(0, 5), creatures=["shoddy"])
    assert done.broke and done.merged and done.squad == "0:II"
    assert squads["0:II"].left == 1 and len(squads["0:I"].creatures) == 2
    assert set(destinations(g, squads, "0:II")) == {S(0, 6)}   # one step; (0,4) holds Squad I, full
    move(g, squads, "0:II", S(0, 6))


def test_ce_merge_hillarys_squad_joins_the_necromancer():
    """Squad I (speeds 6 and 4) moves 3 to join the Necromancer (3): 1 step left, 3 next turn."""
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("fast", speed=6), cr("four", speed=4)),
                     sq(0, "N", S(0, 6), cr("nec", speed=3, necromancer=True))])
    done = move(g, squads, "0:I", S(0, 6))
    assert done.squad == "0:N" and squads["0:N"].left == 1 and "0:I" not in squads
    squads.new_turn(0)
    assert squads["0:N"].left == 3


def test_ce_merge_keeps_the_necromancers_card():
    g = corridor()
    squads = Squads([sq(0, "N", S(0, 3), cr("nec", necromancer=True)), sq(0, "I", S(0, 4), cr("a"))])
    done = move(g, squads, "0:N", S(0, 4))
    assert done.squad == "0:N" and "0:I" not in squads and squads["0:N"].hex == S(0, 4)
    assert len(squads["0:N"].creatures) == 2


def test_ce_merge_acted_a_creature_that_acted_blocks_the_squads_action():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", acted=True)), sq(0, "II", S(0, 4), cr("b"))])
    assert not squads["0:II"].acted
    move(g, squads, "0:I", S(0, 4))
    assert squads["0:II"].acted


# ----------------------------------------------------------------- breaking
def test_ce_break_movement_the_fast_creature_goes_on():
    """Speeds 5 and 2 move 2 together; the fast one breaks away with 3 points left."""
    g = corridor()
    squads = Squads([sq(0, "II", S(0, 3), cr("fast", speed=5), cr("slow", speed=2))])
    move(g, squads, "0:II", S(0, 5))
    assert move_refusal(g, squads, "0:II").rule == "ce-move-rate"
    dest = destinations(g, squads, "0:II", creatures=["fast"])
    assert max(dest.values()) == 3 and S(0, 8) in dest and S(0, 9) not in dest
    done = move(g, squads, "0:II", S(0, 8), creatures=["fast"])
    assert done.broke and done.squad == "0:I" and squads["0:I"].card == "I" and squads["0:I"].hex == S(0, 8)
    assert [c.id for c in squads["0:II"].creatures] == ["slow"]


def test_ce_break_needs_a_free_control_card():
    g = corridor()
    others = [sq(0, c, h, cr(c.lower() + "x")) for c, h in
              zip(("I", "III", "IV", "V"), (S(-2, 0), S(-2, 1), S(-2, 2), S(-1, -1)))]
    nec = sq(0, "N", S(2, -2), cr("nec", necromancer=True))
    squads = Squads([sq(0, "II", S(0, 3), cr("fast", speed=5), cr("slow", speed=2)), nec, *others])
    assert squads.free_cards(0) == []
    refused(g, squads, "0:II", S(0, 5), "ce-break", creatures=["fast"])
    # only joining a friendly squad is left, which needs no card
    dest = destinations(g, squads, "0:II", creatures=["fast"])
    assert dest and all(squads.at(h) is not None and squads.at(h).owner == 0 for h in dest)
    done = move(g, squads, "0:II", S(-2, 2), creatures=["fast"])
    assert done.merged and done.squad == "0:IV" and len(squads["0:IV"].creatures) == 2


def test_ce_break_the_necromancer_never_leaves_its_card():
    g = corridor()
    squads = Squads([sq(0, "N", S(0, 3), cr("nec", necromancer=True), cr("a"))])
    refused(g, squads, "0:N", S(0, 5), "ce-break", creatures=["nec"])
    done = move(g, squads, "0:N", S(0, 5), creatures=["a"], card="III")
    assert done.squad == "0:III"
    refused(g, squads, "0:N", S(0, 2), "ce-break", creatures=["ghost"])
    wild = Squads([wandering("B", S(0, 3), cr("r1"), cr("r2"))])
    refused(g, wild, "w:B", S(0, 5), "ce-break", creatures=["r1"])


def test_breaking_onto_a_taken_card_is_refused():
    g = corridor()
    squads = Squads([sq(0, "II", S(0, 3), cr("a"), cr("b")), sq(0, "I", S(-1, 0), cr("c"))])
    refused(g, squads, "0:II", S(0, 5), "ce-break", creatures=["a"], card="I")
    refused(g, squads, "0:II", S(0, 5), "ce-break", creatures=["a"], card="N")


# ---------------------------------------------------------- refusals, misc
def test_illegal_destinations_name_their_rules():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", speed=3)), sq(1, "II", S(-2, 0), cr("e"))])
    refused(g, squads, "0:I", S(0, 3), "ce-move-rate")        # nowhere
    refused(g, squads, "0:I", S(5, 5), "ce-open-ground")
    refused(g, squads, "0:I", S(0, 7), "ce-move-rate")        # four steps


def test_two_wandering_squads_are_not_enemies():
    g = corridor()
    squads = Squads([wandering("B", S(0, 3), cr("r1")), wandering("C", S(0, 5), cr("r2"))])
    dest = destinations(g, squads, "w:B")
    assert S(0, 4) in dest and S(0, 5) in dest and S(0, 6) in dest


def test_step_is_one_free_step_under_the_movement_rules():
    g = corridor()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", halted=True)), sq(0, "II", S(0, 5), cr("m", "large"))])
    assert step_refusal(g, squads, "0:I", S(0, 5)).rule == "ce-dig-step"
    assert step_refusal(g, squads, "0:I", S(1, 3)).rule == "ce-open-ground"
    step(g, squads, "0:I", S(0, 4))
    assert squads["0:I"].hex == S(0, 4)
    assert step_refusal(g, squads, "0:I", S(0, 5)).rule == "ce-move-through"
    pit = Squads([sq(0, "I", S(0, 1), cr("a"))])
    assert step_refusal(Ground.new(), pit, "0:I", ORIGIN).rule == "ce-move-pit"


def test_squads_json_round_trip_and_refusals():
    squads = Squads([sq(0, "N", S(0, 3), cr("nec", necromancer=True), cr("a", pick=1, moved=2, acted=True)),
                     wandering("B", S(0, 6), cr("rat", speed=2))])
    back = Squads.from_json(json.loads(json.dumps(squads.to_json())))
    assert back == squads and back["0:N"].creatures[1].moved == 2
    base = squads.to_json()
    bad = [
        (lambda d: d[1].update(at="+0+3"), "squads[1].at", "two squads"),
        (lambda d: d[0]["creatures"].extend([{"id": "x", "size": "small", "speed": 1}] * 1 + [
            {"id": "y", "size": "small", "speed": 1}]), "squads[0].creatures", "do not fit"),
        (lambda d: d[0].update(id="0:I"), "squads[0].id", "is called"),
        (lambda d: d[1]["creatures"][0].update(id="nec"), "squads[1].creatures[0].id", "two places"),
        (lambda d: d[1]["creatures"][0].update(size="huge"), "squads[1].creatures[0].size", "not one of"),
        (lambda d: d[0].update(card=None), "squads[0].card", "control cards"),
    ]
    for change, path, reason in bad:
        data = json.loads(json.dumps(base))
        change(data)
        with pytest.raises(FormatError) as err:
            Squads.from_json(data)
        assert err.value.path == path and reason in err.value.reason, err.value


def test_adding_a_squad_checks_the_hex_and_the_size():
    squads = Squads([sq(0, "I", S(0, 3), cr("a"))])
    with pytest.raises(IllegalAction) as err:
        squads.add(sq(0, "II", S(0, 3), cr("b")))
    assert err.value.rule == "ce-move-occupied"
    with pytest.raises(IllegalAction) as err:
        squads.add(sq(0, "II", S(0, 4), cr("b", "large"), cr("c")))
    assert err.value.rule == "ce-squad-size"


def test_costs_are_shortest_ways_over_open_ground():
    g = Ground.new()
    squads = Squads([sq(0, "I", S(2, -2), cr("a", speed=4))])
    reach = reachable(g, squads, "0:I")
    assert reach == {h: g.distance(S(2, -2), h) for h in g.open_hexes() if 0 < g.distance(S(2, -2), h) <= 4}
    assert all(c >= distance(S(2, -2), h) for h, c in reach.items())


def test_ce_move_stop_is_still_named_when_an_enemy_bars_the_way():
    g = corridor()
    squads = Squads([sq(0, "II", S(0, 3), cr("a", speed=4)), sq(1, "III", S(1, 4), cr("e"))])
    refused(g, squads, "0:II", S(0, 6), "ce-move-stop")
