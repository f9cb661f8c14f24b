"""Set-up placements: step order, every set-up rule (legal and refused, by rule id),
relaxation when stuck, random legal set-ups and the quick layouts."""

import json
from fractions import Fraction

import pytest

from necro.core import FormatError, IllegalAction, Rng
from necro.cave_evil import setup as su
from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import ORIGIN, Hex, distance, ring, within

from .test_random_ground import check_invariants


def at(plan_or_g, text):
    """A placement written like the engine prints it: 'great-hall -1+3 r0'."""
    tile, anchor, rot = text.split()
    g = plan_or_g if isinstance(plan_or_g, Ground) else Ground.new()
    return g.placement(tile, Hex(*_hex(anchor)), int(rot[1:]))


def _hex(name):
    from necro.cave_evil.hexes import parse_hex

    h = parse_hex(name)
    return h.q, h.r


def start(players=4, first=0, **kw):
    return Ground.new(), su.new_plan(players, **kw).with_first(first)


def refused(g, plan, text, rule):
    p = at(g, text)
    refusal = su.check_placement(g, plan, p)
    assert refusal is not None and refusal.rule == rule, (text, refusal)
    assert p not in su.legal_placements(g, plan)
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        su.place(g, plan, p)
    assert err.value.rule == rule and g.to_json() == before
    return refusal


def allowed(g, plan, text):
    p = at(g, text)
    assert su.check_placement(g, plan, p) is None, (text, su.check_placement(g, plan, p))
    assert p in su.legal_placements(g, plan)
    return su.place(g, plan, p)


def quick(players, upto, first=0, **kw):
    """Ground and plan after the first ``upto`` placements of the quick layout."""
    g, plan = start(players, first, **kw)
    for p in su.quick_setup(players, first)[:upto]:
        plan = su.place(g, plan, p)
    return g, plan


def kinds(steps):
    return [(s.kind, s.player, s.owner, s.pair) for s in steps]


H, L, T, R = su.HALL, su.LAIR, su.TUNNEL, su.THRONEROOM


# --------------------------------------------------------------- the order
def test_ce_setup_order_four_players():
    steps = su.setup_steps(4, 1)
    assert [s.index for s in steps] == list(range(17))
    assert kinds(steps) == [("first", None, None, 1),
                            (H, 1, 1, 1), (L, 1, 1, 1), (H, 2, 2, 1), (L, 2, 2, 1),
                            (H, 3, 3, 1), (L, 3, 3, 1), (H, 0, 0, 1), (L, 0, 0, 1),
                            (T, 0, 0, 1), (R, 0, 0, 1), (T, 3, 3, 1), (R, 3, 3, 1),
                            (T, 2, 2, 1), (R, 2, 2, 1), (T, 1, 1, 1), (R, 1, 1, 1)]
    assert steps[2].rule == "ce-lair-at-hall" and steps[0].rule == "ce-first-player"


def test_ce_setup_three_neutral_pair_comes_first_laid_by_the_last_player():
    assert kinds(su.setup_steps(3, 0)) == [("first", None, None, 1),
                                           (T, 2, None, 1), (R, 2, None, 1),
                                           (H, 0, 0, 1), (L, 0, 0, 1), (H, 1, 1, 1), (L, 1, 1, 1),
                                           (H, 2, 2, 1), (L, 2, 2, 1),
                                           (T, 2, 2, 1), (R, 2, 2, 1), (T, 1, 1, 1), (R, 1, 1, 1),
                                           (T, 0, 0, 1), (R, 0, 0, 1)]


def test_ce_setup_two_second_pairs_in_turns_or_together():
    turns = kinds(su.setup_steps(2, 0))
    assert turns == [("first", None, None, 1), (H, 0, 0, 1), (L, 0, 0, 1), (H, 1, 1, 1), (L, 1, 1, 1),
                     (T, 1, 1, 1), (R, 1, 1, 1), (T, 0, 0, 1), (R, 0, 0, 1),
                     (T, 1, 1, 2), (R, 1, 1, 2), (T, 0, 0, 2), (R, 0, 0, 2)]
    together = kinds(su.setup_steps(2, 0, "together"))
    assert together[5:] == [(T, 1, 1, 1), (R, 1, 1, 1), (T, 1, 1, 2), (R, 1, 1, 2),
                            (T, 0, 0, 1), (R, 0, 0, 1), (T, 0, 0, 2), (R, 0, 0, 2)]
    for n in (2, 3, 4):   # four Thronerooms in play whatever the count
        assert sum(s.kind == R for s in su.setup_steps(n, 0)) == 4
    with pytest.raises(ValueError):
        su.setup_steps(5, 0)
    with pytest.raises(ValueError):
        su.setup_steps(2, 0, "sometimes")


def test_ce_first_player_chance_and_ties():
    assert su.first_player_outcomes(3) == [(0, Fraction(1, 3)), (1, Fraction(1, 3)), (2, Fraction(1, 3))]
    assert su.first_player_from_rolls([4, 11, 9]) == 1
    assert su.first_player_from_rolls([12, 3, 12, 7]) == [0, 2]      # tied: roll again
    with pytest.raises(ValueError):
        su.first_player_from_rolls([13, 2])
    plan = su.new_plan(4)
    assert plan.next_step().kind == "first" and plan.laid == ()
    g = Ground.new()
    assert su.check_placement(g, plan, at(g, "great-hall -1+3 r0")).rule == "ce-setup-order"
    assert su.legal_placements(g, plan) == []
    plan = plan.with_first(2)
    assert plan.next_step().player == 2 and plan.last == 1
    with pytest.raises(IllegalAction) as err:
        plan.with_first(1)
    assert err.value.rule == "ce-setup-order"
    with pytest.raises(IllegalAction) as err:
        su.new_plan(2).with_first(2)
    assert err.value.rule == "ce-first-player"


def test_ce_seats_and_bearings_run_clockwise():
    assert su.bearing(Hex(0, -3)) == pytest.approx(0) and su.bearing(Hex(0, 3)) == pytest.approx(180)
    assert su.bearing(Hex(3, -3)) == pytest.approx(60) and su.bearing(Hex(-3, 3)) == pytest.approx(240)
    for n, seats in su.SEAT_BEARINGS.items():
        assert len(seats) == n and seats[0] == 180.0
        # each next player sits a quarter or half turn further clockwise
        steps = [(b - a) % 360 for a, b in zip(seats, seats[1:])]
        assert all(s in (90.0, 180.0) for s in steps)
    assert su.EMPTY_SEAT not in su.SEAT_BEARINGS[3] and su.EMPTY_SEAT in su.SEAT_BEARINGS[4]
    assert su.clockwise(4, 3) == [3, 0, 1, 2]


def test_ce_setup_order_refuses_steps_out_of_turn_and_after_the_end():
    g, plan = start(4)
    later = plan.steps[3]
    assert su.check_placement(g, plan, at(g, "great-hall -1+3 r0"), later).rule == "ce-setup-order"
    assert su.legal_placements(g, plan, later) == []
    g, plan = quick(4, 16)
    assert plan.complete and plan.next_step() is None
    assert su.check_placement(g, plan, at(g, "tunnel +0+9 r0")).rule == "ce-setup-order"
    assert su.legal_placements(g, plan) == [] and su.stuck_level(g, plan) == 0


def test_ce_setup_tile_names_the_tile_and_the_side():
    g, plan = start(4)
    refused(g, plan, "tunnel -1+3 r0", "ce-setup-tile")
    black = g.placement(H, Hex(-1, 3), 0, "collapse")
    assert su.check_placement(g, plan, black).rule == "ce-setup-tile"
    assert su.check_placement(g, plan, "great-hall -1+3 r0").rule == "ce-setup-tile"


# ------------------------------------------------------------ Great Halls
def test_ce_hall_start_next_to_the_room_touching_at_most_two():
    g, plan = start(4)
    refused(g, plan, "great-hall +0+4 r0", "ce-hall-start")            # one hex out from the room
    r = refused(g, plan, "great-hall -3+0 r0", "ce-hall-start")         # hugging the room
    assert "touches 7" in r.reason
    refused(g, plan, "great-hall -3+0 r4", "ce-hall-start")             # three room hexes
    allowed(g, plan, "great-hall -1+3 r0")
    legal = su.legal_placements(*start(4))
    assert len(legal) == 42 and all(distance(p.spaces[0], ORIGIN) == 3 for p in legal)


@pytest.mark.parametrize("players,near,far", [(4, "great-hall +2+1 r0", "great-hall +3+0 r0"),
                                              (2, "great-hall +3-2 r4", "great-hall +1-3 r3")])
def test_ce_hall_apart_by_the_nearest_spaces(players, near, far):
    g, plan = start(players)
    plan = allowed(g, plan, "great-hall -1+3 r0")
    plan = su.place(g, plan, su.legal_placements(g, plan)[0])       # its Lair
    first = set(plan.laid[0].placement.spaces)
    apart = su.HALL_APART[players]
    gap = lambda p: min(distance(a, b) for a in first for b in p.spaces)  # noqa: E731
    assert gap(at(g, near)) == apart - 1 and gap(at(g, far)) == apart
    refused(g, plan, near, "ce-hall-apart")
    allowed(g, plan, far)


def test_ce_hall_apart_measure_is_exactly_three_steps():
    g, plan = quick(4, 2)
    hall = set(plan.laid[0].placement.spaces)
    for p in su.legal_placements(g, plan):
        assert min(distance(a, b) for a in hall for b in p.spaces) >= 3
    assert any(min(distance(a, b) for a in hall for b in p.spaces) == 3 for p in su.legal_placements(g, plan))


# ------------------------------------------------------------------ Lairs
def test_ce_lair_at_hall_end():
    g, plan = start(4)
    plan = allowed(g, plan, "great-hall -1+3 r0")
    end = plan.laid[0].placement.end
    assert end == Hex(0, 6)
    refused(g, plan, "lair -3+7 r0", "ce-lair-at-hall")                 # opening away from the end
    legal = su.legal_placements(g, plan)
    assert 1 <= len(legal) <= 108
    for p in legal:
        touching = [h for h in p.spaces if distance(h, end) == 1]
        assert 1 <= len(touching) <= 2 and set(touching) <= set(p.opening)
    allowed(g, plan, str(legal[0]))
    assert plan.laid[0].placement.end == end


def test_ce_setup_room_a_hall_leaves_room_for_its_lair():
    g, plan = start(4)
    # rock is already dug here and there, so that no Lair fits past this Hall's end
    for h in (Hex(-2, 8), Hex(0, 8), Hex(2, 6), Hex(-2, 6), Hex(2, 4), Hex(1, 8), Hex(-1, 8)):
        g.place(g.placement("single", h))
    refused(g, plan, "great-hall -1+3 r0", "ce-setup-room")
    assert at(g, "great-hall -1+3 r0") not in su.legal_placements(g, plan)
    # and without the rubble it is fine
    g2, plan2 = start(4)
    allowed(g2, plan2, "great-hall -1+3 r0")


# ------------------------------------------------- Tunnels and Thronerooms
def test_ce_tunnel_start_and_ce_setup_ends():
    g, plan = quick(4, 8)
    assert plan.next_step().kind == T and plan.next_step().player == 3
    refused(g, plan, "tunnel +3+1 r5", "ce-tunnel-start")       # one hex out from the room
    # the same four hexes with the end touching the room and the first space out: refused
    p = at(g, "tunnel +3+0 r5")                                  # +3+0 .. +6+0, first space next to the room
    q = at(g, "tunnel +6+0 r2")
    assert set(q.spaces) == set(p.spaces) and q.end == p.spaces[0]
    assert su.check_placement(g, plan, p) is None
    refused(g, plan, "tunnel +6+0 r2", "ce-tunnel-start")
    # along the room is fine: the text limits only Halls to two room hexes
    along = allowed(g, plan, "tunnel +1+2 r4")
    assert all(distance(h, ORIGIN) <= 4 for h in along.laid[-1].placement.spaces)


def test_ce_tunnel_clear_of_halls_and_ce_setup_clear():
    g, plan = quick(4, 8)                                 # the four Halls and Lairs are down
    hall = plan.pieces(H, 0)[0].placement                 # +0+3 .. +1+6 side south
    refused(g, plan, "tunnel +1+2 r1", "ce-tunnel-clear")                 # over the Hall
    touching = at(g, "tunnel +1+2 r0")
    assert min(distance(a, b) for a in hall.spaces for b in touching.spaces) == 1
    assert su.check_placement(g, plan, touching) is None                 # may touch (no-overlap)
    g2, plan2 = quick(4, 8, clearance="gap")
    assert su.check_placement(g2, plan2, touching).rule == "ce-tunnel-clear"   # a hex of rock between


def test_ce_throneroom_at_tunnel_end_touching_two_of_its_spaces():
    g, plan = quick(4, 9)
    tunnel = plan.laid[-1].placement
    assert plan.next_step().kind == R
    legal = su.legal_placements(g, plan)
    assert legal
    for p in legal:
        assert any(distance(h, tunnel.end) == 1 for h in p.spaces)
        assert sum(1 for t in tunnel.spaces if any(distance(t, h) == 1 for h in p.spaces)) <= 2
    far = g.placement(R, tunnel.end + (tunnel.end - tunnel.spaces[0]) + (tunnel.end - tunnel.spaces[0]), 0)
    assert su.check_placement(g, plan, far).rule == "ce-throneroom-at-tunnel"
    # alongside the tunnel: touches it, and its end, but three of its spaces
    side = [p for p in (g.placement(R, a, r) for a in within(tunnel.end, 3) for r in range(6))
            if su.check_placement(g, plan, p) and su.check_placement(g, plan, p).rule == "ce-throneroom-at-tunnel"
            and "more than two" in su.check_placement(g, plan, p).reason]
    assert side
    allowed(g, plan, str(legal[0]))


def test_ce_throneroom_clear_of_other_pieces():
    g, plan = quick(4, 15)                               # one Throneroom to go
    tunnel = plan.laid[-1].placement
    others = [x for x in plan.laid if x.placement != tunnel]
    candidates = [g.placement(R, a, r) for a in within(tunnel.end, 3) for r in range(6)]
    rules = {}
    for p in candidates:
        ref = su.check_placement(g, plan, p)
        rules.setdefault(ref.rule if ref else None, []).append(p)
    assert rules.get(None)
    for p in rules[None]:
        for x in others:
            assert not set(p.covers) & set(x.hexes)
    # gap reading: legal ones keep a hex of rock from every other piece
    g2, plan2 = quick(4, 15, clearance="gap")
    legal = su.legal_placements(g2, plan2)
    assert legal and su.stuck_level(g2, plan2) == 0
    for p in legal:
        for x in others:
            assert min(distance(a, b) for a in p.spaces for b in x.hexes) >= 2
    touching = [p for p in rules[None] if p not in legal]
    assert touching, "some Throneroom legal when touching is allowed should be refused with a gap"
    assert su.check_placement(g2, plan2, touching[0]).rule == "ce-throneroom-clear"


def test_ce_setup_three_neutral_tunnel_points_at_the_empty_seat():
    g, plan = start(3, 0)
    step = plan.next_step()
    assert step.kind == T and step.owner is None and step.player == 2
    refused(g, plan, "tunnel +0+3 r0", "ce-setup-three")                  # pointing south
    legal = su.legal_placements(g, plan)
    assert legal and all(45 < su.bearing(p.end) < 135 for p in legal)
    plan = allowed(g, plan, str(legal[0]))
    assert plan.next_step().kind == R and plan.next_step().owner is None


def test_ce_setup_both_ways_halls_keep_clear_of_the_neutral_pair():
    g, plan = start(3, 0, clearance="gap")
    plan = su.place(g, plan, su.legal_placements(g, plan)[0])
    plan = su.place(g, plan, su.legal_placements(g, plan)[0])
    # a Hall next to the neutral Tunnel, legal for every other rule
    beside = [p for p in (g.placement(H, a, r) for a in ring(ORIGIN, 3) for r in range(6))
              if su.check_placement(g, plan, p) and su.check_placement(g, plan, p).rule == "ce-setup-both-ways"]
    assert beside
    gaps = {min(distance(a, b) for a in p.spaces for b in x.hexes) for p in beside for x in plan.laid[:1]}
    assert 1 in gaps and max(gaps) <= 1            # touching (or over) the neutral Tunnel
    for p in su.legal_placements(g, plan):
        for x in plan.laid:
            assert min(distance(a, b) for a in p.spaces for b in x.hexes) >= 2


# ---------------------------------------------------------------- stuck
def test_ce_setup_stuck_a_tunnel_may_start_next_to_the_cave():
    g, plan = quick(4, 8)
    # rubble round the whole Pit Room: no Tunnel can start next to it
    for h in ring(ORIGIN, 3):
        if g.status_of(h) == "undug":
            g.place(g.placement("single", h))
    assert su.stuck_level(g, plan) == 1 and su.max_level(plan.next_step(), plan) == 1
    legal = su.legal_placements(g, plan)
    assert legal and all(distance(p.spaces[0], ORIGIN) > 3 for p in legal)
    assert su.check_placement(g, plan, legal[0]) is None
    # with somewhere next to the room free, the same kind of start is refused
    g2, plan2 = quick(4, 8)
    assert su.stuck_level(g2, plan2) == 0
    away = [p for p in su.legal_placements(g, plan) if g2.refusal(p) is None
            and all(g2.status_of(h) == "undug" for h in p.spaces)]
    assert away and su.check_placement(g2, plan2, away[0]).rule == "ce-tunnel-start"


def test_ce_setup_stuck_halls_come_closer_one_hex_at_a_time():
    g, plan = start(2, 0)
    plan = su.place(g, plan, at(g, "great-hall -1+3 r0"))
    plan = su.place(g, plan, su.legal_placements(g, plan)[0])
    hall = set(plan.laid[0].placement.spaces)
    # fill every start far enough away; only hexes 3-4 from the first Hall remain
    for h in ring(ORIGIN, 3):
        if g.status_of(h) == "undug" and min(distance(h, a) for a in hall) >= 5:
            g.place(g.placement("single", h))
    level = su.stuck_level(g, plan)
    assert level >= 1
    legal = su.legal_placements(g, plan)
    assert legal
    assert min(min(distance(a, b) for a in hall for b in p.spaces) for p in legal) == 6 - level


def test_random_legal_setups_never_stick():
    """The relaxations keep every random set-up going (also with the strict gap reading)."""
    for players in (2, 3, 4):
        for seed in range(3):
            g, plan = random_setup(players, seed, "gap")
            assert plan.complete


# --------------------------------------------------------- random set-ups
def random_setup(players, seed, clearance="no-overlap"):
    rng = Rng(seed)
    g = Ground.new()
    plan = su.new_plan(players, clearance).with_first(rng.choice([p for p, _ in su.first_player_outcomes(players)]))
    while not plan.complete:
        legal = su.legal_placements(g, plan)
        assert legal, f"stuck at {plan.next_step()}"
        assert legal == sorted(legal, key=lambda p: (p.anchor, p.rotation))
        plan = su.place(g, plan, rng.choice(legal))
    return g, plan


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_random_legal_setups_complete_and_keep_the_invariants(players, seed):
    g, plan = random_setup(players, seed)
    assert plan.complete and len(plan.laid) == len(plan.steps) - 1
    check_invariants(g)
    assert su.open_all_reachable(g)
    assert g.reachable(ORIGIN) == g.open_hexes()
    pits = set(g.spawn_pits)
    assert len(pits) == 5                        # the Pit and four Thronerooms
    assert len(g.lairs()) == players
    for lair in g.lairs():
        assert lair.crystal in g.reachable(ORIGIN)
    numbers = su.throneroom_numbers(plan)
    assert sorted(numbers) == [1, 2, 3, 4]
    # replaying the pieces through check_placement gives the same cave
    g2, plan2 = su.replay(players, plan.first, [x.placement for x in plan.laid])
    assert g2 == g and plan2 == plan


def test_legal_placements_agree_with_check_placement():
    """Every candidate near the contact hexes: legal exactly when check_placement accepts it."""
    g, plan = quick(3, 6)
    for upto in (6, 9, 10):
        g, plan = quick(3, upto)
        step = plan.next_step()
        legal = su.legal_placements(g, plan)
        assert legal
        for a in within(ORIGIN, 9):
            for r in range(6):
                p = g.placement(step.kind, a, r)
                assert (su.check_placement(g, plan, p) is None) == (p in legal), (step, p)


# -------------------------------------------------- numbers, JSON, quick
def test_ce_throneroom_numbers_start_nearest_the_first_player_and_go_clockwise():
    for first in range(4):
        g, plan = quick(4, 16, first)
        numbers = su.throneroom_numbers(plan)
        seat = su.SEAT_BEARINGS[4][first]
        bearings = [su._bearing_xy(*su.centre(numbers[n])) for n in (1, 2, 3, 4)]
        assert min(su._arc(b, seat) for b in bearings) == su._arc(bearings[0], seat)
        turns = [(b - bearings[0]) % 360 for b in bearings]
        assert turns == sorted(turns) and turns[0] == 0
    g0, p0 = quick(4, 16, 0)
    g2, p2 = quick(4, 16, 2)
    assert g0.to_json()["placements"] != g2.to_json()["placements"]            # another order of laying
    assert set(map(str, su.throneroom_numbers(p0).values())) == set(map(str, su.throneroom_numbers(p2).values()))
    assert su.throneroom_numbers(p0) != su.throneroom_numbers(p2)
    with pytest.raises(ValueError):
        su.throneroom_numbers(su.new_plan(4))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("clearance", ["no-overlap", "gap"])
def test_ce_quick_setup_replays_for_every_first_player(players, clearance):
    for first in range(players):
        for extras in su.EXTRAS:
            g, plan = Ground.new(), su.new_plan(players, clearance, extras).with_first(first)
            for p in su.quick_setup(players, first, extras):
                assert su.stuck_level(g, plan) == 0        # the full rules, never relaxed
                assert su.check_placement(g, plan, p) is None, (plan.next_step(), p)
                assert p in su.legal_placements(g, plan)
                plan = su.place(g, plan, p)
            assert plan.complete
            check_invariants(g)
            assert su.open_all_reachable(g)


def test_ce_quick_setup_halls_face_their_seats():
    for players in (2, 3, 4):
        g, plan = quick(players, 99)
        for p in range(players):
            lair = plan.pieces(L, p)[0].placement
            assert su._arc(su.bearing(lair.crystal), su.SEAT_BEARINGS[players][p]) < 45


def test_plan_json_round_trip_and_refusals():
    g, plan = quick(3, 7)
    data = json.loads(json.dumps(plan.to_json()))
    assert su.plan_from_json(data, g) == plan
    bad = dict(data, laid=data["laid"][:2] + [data["laid"][3]])
    with pytest.raises(FormatError):
        su.plan_from_json(bad, g)
    other = dict(data, laid=data["laid"][:6])
    with pytest.raises(FormatError):                  # the ground holds a seventh piece elsewhere
        su.plan_from_json(dict(other, laid=other["laid"][:5] + [data["laid"][6]]), g)
    assert su.plan_from_json(data, g, check=False) == plan            # the fast path for snapshots
    with pytest.raises(FormatError):
        su.plan_from_json(bad, g, check=False)
    swapped = dict(data, laid=[data["laid"][1]] + data["laid"][1:])
    with pytest.raises(FormatError):                   # a Lair where the Hall's step is
        su.plan_from_json(swapped, g, check=False)
    # a piece the ground holds but the set-up rules forbid: only the full check sees it
    g3 = Ground.new()
    g3.place(g3.placement(T, Hex(3, -3), 5))          # the neutral Tunnel's step, but no Throneroom next
    g3.place(g3.placement(R, Hex(0, 9), 0))
    doc = dict(data, laid=[g3.placements[1].to_json(), g3.placements[2].to_json()])
    assert len(su.plan_from_json(doc, g3, check=False).laid) == 2
    with pytest.raises(FormatError, match="ce-throneroom-at-tunnel"):
        su.plan_from_json(doc, g3)
    fresh = su.plan_from_json(su.new_plan(2).to_json(), Ground.new())
    assert fresh.first is None and fresh.next_step().kind == "first"


def test_ce_setup_both_ways_a_later_tunnel_keeps_clear_of_thronerooms():
    g, plan = quick(3, 10, clearance="gap")                # the neutral and player 3's pairs are down
    assert plan.next_step().kind == T and plan.next_step().owner == 1
    r = refused(g, plan, "tunnel +3-2 r5", "ce-setup-both-ways")
    assert "throneroom +8-3 r3" in r.reason                # the neutral Throneroom
    g2, plan2 = quick(3, 10)                               # touching is fine without the gap
    allowed(g2, plan2, "tunnel +3-2 r5")


def test_ce_throneroom_clear_of_another_tunnel():
    g, plan = quick(3, 13, clearance="gap")                 # player 1's Throneroom is next
    assert plan.next_step().kind == R and plan.next_step().owner == 0
    r = refused(g, plan, "throneroom +7-3 r0", "ce-throneroom-clear")
    assert "tunnel +3-3 r5" in r.reason                     # the neutral Tunnel, not its own
