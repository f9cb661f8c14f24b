"""Excavation and collapse: declaring, digging on, finishing, placing, stepping, abandoning."""

import functools
import json
from collections import Counter

import pytest

from necro.core import FormatError, IllegalAction, Rng
from necro.cave_evil import examples
from necro.cave_evil import excavation as ex
from necro.cave_evil import scenarios as sc
from necro.cave_evil.deck import Deck
from necro.cave_evil.ground import COLLAPSED, OPEN, UNDUG, Ground
from necro.cave_evil.hexes import ORIGIN, Hex, neighbours
from necro.cave_evil.movement import Creature, Squad, Squads, destinations, move, move_refusal, squad_id

from .test_random_ground import check_invariants


def S(q, r):
    return Hex(q, r)


def cr(cid, size="small", speed=3, pick=0, **kw):
    return Creature(cid, size, speed, pick, **kw)


def sq(owner, card, h, *creatures):
    return Squad(squad_id(owner, card), owner, h, list(creatures), card)


def tunnel_ground():
    """The Pit Room and a tunnel +0+3 .. +0+6 south of it; +0+6 is its dead end."""
    g = Ground.new()
    g.place(g.placement("tunnel", S(0, 3)))
    return g


def next_turn(squads, digs=()):
    squads.new_turn(0)
    return [ex.new_turn(d) for d in digs]


def refused(rule, fn, *args, **kw):
    with pytest.raises(IllegalAction) as err:
        fn(*args, **kw)
    assert err.value.rule == rule, err.value
    return err.value


# ------------------------------------------------------------------ declare
def test_ce_dig_declare_cjs_example():
    """Pick-axe speed 2: three rocks on a face-down card, then two come off next turn."""
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("cj", pick=2))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    assert (dig.rocks, dig.stage, dig.card, dig.mode, dig.at) == (3, "digging", "tunnel", "excavate", S(0, 6))
    assert len(deck) == 41 and not deck.discard
    assert squads["0:I"].acted and move_refusal(g, squads, "0:I").rule == "ce-move-halted"
    refused("ce-dig-continue", ex.continue_dig, g, squads, dig, deck)        # not again this turn
    [dig] = next_turn(squads, [dig])
    dig = ex.continue_dig(g, squads, dig, deck)
    assert dig.rocks == 1 and dig.stage == "digging"


def test_ce_dig_add_wendys_example():
    """A Necromonk (1) takes one rock; a Rat Man (1) joins and the last two come off."""
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "II", S(0, 6), cr("monk", pick=1)), sq(0, "III", S(0, 4), cr("ratman", pick=1))])
    dig = ex.declare(g, squads, "0:II", "excavate", deck, "tunnel")
    [dig] = next_turn(squads, [dig])
    dig = ex.continue_dig(g, squads, dig, deck)
    assert dig.rocks == 2
    [dig] = next_turn(squads, [dig])
    move(g, squads, "0:III", S(0, 6))                 # the Rat Man walks into the digging squad
    assert ex.abandoned(g, squads, dig) is None and ex.speed(squads, dig) == 2
    dig = ex.continue_dig(g, squads, dig, deck)
    assert dig.rocks == 0 and dig.stage == "place"


def test_ce_dig_declare_defaults_to_excavating():
    """Saying nothing means excavating (rule ce-dig-declare): the bare ``dig N`` declares an
    excavation (only ``collapse N`` names the other kind), and a declaration with no word is
    judged as an excavation, so inside the Pit Room, where only a collapse is possible, it is refused."""
    g = tunnel_ground()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1)), sq(0, "III", S(1, 0), cr("c", pick=1))])
    assert ex.declare_refusal(g, squads, "0:I") is None
    assert ex.declare_refusal(g, squads, "0:III", "collapse") is None
    assert ex.declare_refusal(g, squads, "0:III").rule == "ce-dig-declare"
    for word, mode, said in (("dig", "excavate", "an excavation"), ("collapse", "collapse", "a collapse")):
        s = sc.digger()
        assert word + " N" in s.legal_actions()
        s.apply(word + " N").play_chance()
        assert s.digs["0:N"].mode == mode
        assert ("ce-dig-declare", f"Squad N declares {said}.") in [(e.rule, e.text) for e in s.log]


def test_declare_refusals_name_their_rules():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1)), sq(0, "II", S(0, 4), cr("b")),
                     sq(0, "III", S(1, 0), cr("c", pick=1)), sq(0, "IV", S(-1, 0), cr("d", pick=1, acted=True)),
                     Squad("w:B", None, S(0, 5), [cr("rat", pick=2)], "B")])
    assert ex.declare_refusal(g, squads, "0:II").rule == "ce-dig-excavator"       # no pick-axe
    assert ex.declare_refusal(g, squads, "w:B").rule == "ce-dig-excavator"        # not a player's
    assert ex.declare_refusal(g, squads, "0:III").rule == "ce-dig-declare"        # inside the Pit Room
    assert ex.declare_refusal(g, squads, "0:IV").rule == "ce-one-action"
    assert ex.declare_refusal(g, squads, "0:I", "tunnelling").rule == "ce-dig-declare"
    assert ex.declare_refusal(g, squads, "0:I", digs={"0:I": None}).rule == "ce-dig-busy"
    assert ex.declare_options(g, squads, "0:III") == ["collapse"]
    refused("ce-dig-excavator", ex.declare, g, squads, "0:II", "excavate", deck, "tunnel")
    assert len(deck) == 42                                                       # nothing drawn
    refused("ce-deck-draw", ex.declare, g, squads, "0:I", "excavate", deck, "shrine")


def test_ce_dig_declare_collapse_needs_open_ground_beside_the_squad():
    g = tunnel_ground()
    g.place(g.placement("single", S(5, 5)))           # a lone open hex, all rock round it
    squads = Squads([sq(0, "I", S(5, 5), cr("a", pick=1))])
    assert ex.declare_options(g, squads, "0:I") == ["excavate"]
    assert ex.declare_refusal(g, squads, "0:I", "collapse").rule == "ce-dig-declare-collapse"


# ----------------------------------------------------------------- continue
def test_ce_dig_continue_or_lose_the_dig():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    assert ex.end_turn(dig) is None
    [dig] = next_turn(squads, [dig])
    assert ex.end_turn(dig).rule == "ce-dig-continue"
    dig = ex.abandon(dig, deck)
    assert dig.stage == "done" and deck.discard == Counter({"crook": 1})
    refused("ce-dig-busy", ex.abandon, dig, deck)
    refused("ce-dig-continue", ex.continue_dig, g, squads, dig, deck)


def test_ce_merge_acted_an_acted_newcomer_stops_the_dig_going_on():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1)), sq(0, "II", S(0, 4), cr("b", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    [dig] = next_turn(squads, [dig])
    squads["0:II"].creatures[0].acted = True
    move(g, squads, "0:II", S(0, 6))
    refused("ce-merge-acted", ex.continue_dig, g, squads, dig, deck)


def test_ce_dig_busy_moving_the_digging_squad_abandons_the_dig():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    [dig] = next_turn(squads, [dig])
    assert ex.abandoned(g, squads, dig) is None
    move(g, squads, "0:I", S(0, 4))
    assert ex.abandoned(g, squads, dig).rule == "ce-dig-busy"
    refused("ce-dig-busy", ex.continue_dig, g, squads, dig, deck)


def test_ce_dig_leave_one_digger_must_stay():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("digger", pick=1), cr("guard"), cr("helper", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    [dig] = next_turn(squads, [dig])
    move(g, squads, "0:I", S(0, 4), creatures=["guard"])
    move(g, squads, "0:I", S(0, 5), creatures=["helper"])
    assert ex.abandoned(g, squads, dig) is None and ex.speed(squads, dig) == 1
    dig = ex.continue_dig(g, squads, dig, deck)
    # having dug this turn, nobody in the squad moves
    assert move_refusal(g, squads, "0:I").rule == "ce-move-halted"
    [dig] = next_turn(squads, [dig])
    squads2 = Squads.from_json(squads.to_json())
    squads2["0:I"].creatures.append(cr("guard2"))
    move(g, squads2, "0:I", S(0, 5), creatures=["digger"])          # the last digger leaves
    assert ex.abandoned(g, squads2, dig).rule == "ce-dig-leave"
    squads2.remove("0:I")
    assert ex.abandoned(g, squads2, dig).rule == "ce-dig-leave"


def test_an_attacked_digging_squad_that_survives_digs_on():
    """Defending is not the squad's action, so nothing about the dig changes (rule ce-dig-continue):
    player 1's squad II, digging on the corridor, is attacked on player 2's turn and wins the fight;
    its dig stands, rocks and card untouched, and on its own turn it digs on."""
    digger = examples.squad(0, "II", examples.at(3), examples.of_card("hunched-one"),
                            examples.of_card("caveling"), examples.of_card("ghoul"))
    foe = examples.squad(1, "IV", examples.at(4), examples.of_card("necromonk", 5), examples.of_card("horned-hellion"))
    s = examples.corridor([digger, foe], turn=1, digs=[examples.dig("0:II", examples.at(3), "crook")])
    s.apply("fight IV 0:II")
    while s.combat is not None:  # the attacker throws 1s, the defender 12s
        legal = s.legal_actions()
        s.apply({"attacker": "attacker rolls 1", "defender": "defender rolls 12"}.get(legal[0].split()[0], legal[0]))
    assert "1:IV" not in s.squads and "0:II" in s.squads        # a fight was fought, and the digger won it
    assert (s.digs["0:II"].card, s.digs["0:II"].rocks, s.digs["0:II"].stage) == ("crook", 3, "digging")
    s.apply("end")
    assert s.current_player() == 0 and "continue II" in s.legal_actions()
    s.apply("continue II")
    assert s.digs["0:II"].rocks == 2 and "ce-dig-continue" in [e.rule for e in s.steps[-1].log]


# ------------------------------------------------------------------- finish
def test_ce_dig_finish_events_are_set_aside_and_cards_redrawn():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=3))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "event-spawn")
    [dig] = next_turn(squads, [dig])
    dig = ex.continue_dig(g, squads, dig, deck)
    assert dig.stage == "draw" and dig.card is None and dig.events == ("event-spawn",)
    assert ex.draw_outcomes(dig, deck) == deck.outcomes() and ex.placements(g, squads, dig) == []
    refused("ce-dig-finish", ex.fail, g, squads, dig, deck)
    dig = ex.redraw(dig, deck, "event-count")
    assert dig.stage == "draw" and dig.events == ("event-spawn", "event-count")
    dig = ex.redraw(dig, deck, "great-hall")
    assert dig.stage == "place" and dig.card == "great-hall"
    refused("ce-dig-finish", ex.redraw, dig, deck, "tunnel")
    assert not deck.discard and len(deck) == 39       # the events left the deck for Phase 4
    assert ex.draw_outcomes(dig, deck) == []


def test_ce_excavate_start_every_option_starts_on_undug_rock_beside_the_squad():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    options = ex.placements(g, squads, dig)
    assert options and all(p.side == "open" and p.tile.id == "crook" for p in options)
    assert {p.spaces[0] for p in options} <= {n for n in neighbours(S(0, 6)) if g.status_of(n) == UNDUG}
    far = g.placement("crook", S(0, 9))
    refused("ce-excavate-start", ex.place, g, squads, dig, far, deck)
    refused("ce-dig-finish", ex.place, g, squads, dig, g.placement("tunnel", S(0, 7)), deck)
    assert len(g.placements) == 2


def find(g, tile, by, side, rule, squads=()):
    for anchor in neighbours(by):
        for turn in range(6):
            p = g.placement(tile, anchor, turn, side)
            refusal = (g.excavation_refusal if side == "open" else g.collapse_refusal)(p, by, squads)
            if refusal and refusal.rule == rule:
                return p
    raise AssertionError(f"no {tile} placement refused by {rule}")


def test_placements_respect_pits_and_squads_on_new_pits():
    g, deck = Ground.new(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 2), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "throneroom")
    over_pit = find(g, "temple", S(0, 2), "open", "ce-protect-pit")
    assert ORIGIN in over_pit.covers
    options = ex.placements(g, squads, dig)
    target = next(p for p in options if g.is_open(p.spawn_pits[0]) and p.spawn_pits[0] != S(0, 2))
    squads.add(sq(1, "II", target.spawn_pits[0], cr("x")))
    assert target not in ex.placements(g, squads, dig)
    refused("ce-pit-under-squad", ex.place, g, squads, dig, target, deck)
    squads.remove("1:II")
    squads.add(Squad("w:C", None, target.spawn_pits[0], [cr("rat")], "C"))   # monsters do not count
    assert target in ex.placements(g, squads, dig)


def test_joannas_great_hall_rides_over_a_squad_and_a_throneroom():
    """Event first, then a Great Hall: laid from undug rock beside her diggers, over part of a
    Throneroom but never its pit, carrying Jason's Squad II; an Excavation Spawn Roll follows
    at the far end; she does not take her step."""
    g, deck = Ground.new(), Deck.new()
    by = S(0, 2)
    halls = [p for p in g.legal_excavations("great-hall", by)]
    found = None
    for hall in halls:
        for anchor in sorted({h for p in [hall] for h in p.spaces} | {n for h in hall.spaces for n in neighbours(h)}):
            for turn in range(6):
                room = g.placement("throneroom", anchor, turn)
                shared = set(room.spaces) & set(hall.spaces)
                if (g.refusal(room) is None and shared and room.spawn_pits[0] not in hall.spaces
                        and hall.spaces[0] not in room.spaces and not set(room.spaces) & set(g.open_hexes())):
                    found = hall, room
                    break
            if found:
                break
        if found:
            break
    hall, room = found
    g.place(room)
    jason_at = sorted(set(room.spaces) & set(hall.spaces) - set(room.spawn_pits))[0]
    squads = Squads([sq(0, "I", by, cr("hunched", pick=3)), sq(1, "II", jason_at, cr("j"))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "event-tiles")
    [dig] = next_turn(squads, [dig])
    dig = ex.continue_dig(g, squads, dig, deck)
    dig = ex.redraw(dig, deck, "great-hall")
    options = ex.placements(g, squads, dig)
    assert hall in options
    assert not any(room.spawn_pits[0] in p.covers for p in options)
    dig, placed = ex.place(g, squads, dig, hall, deck)
    assert placed.riders == ("1:II",) and squads["1:II"].hex == jason_at and g.is_open(jason_at)
    assert placed.spawn.roll == "excavation" and placed.caught == () and not placed.protector
    far = max(g.distance(by, h) for h in hall.spaces)
    assert placed.far and all(g.distance(by, h) == far for h in placed.far)
    assert dig.stage == "step" and dig.events == ("event-tiles",)
    dig = ex.take_step(g, squads, dig, None, deck)
    assert dig.stage == "done" and squads["0:I"].hex == by and deck.discard == Counter({"great-hall": 1})
    check_invariants(g)


def test_ce_excavate_fails_when_the_tile_fits_nowhere():
    """From a Lair's crystal every open neighbour is Lair: a collapse can start nowhere."""
    g, deck = Ground.new(), Deck.new()
    g.place(g.placement("tunnel", S(0, -3), 3))
    g.place(g.placement("lair", S(0, -7), 3))
    crystal = g.lairs()[0].crystal
    squads = Squads([sq(0, "N", crystal, cr("nec", necromancer=True), cr("mole", pick=4))])
    assert ex.declare_options(g, squads, "0:N") == ["collapse"]       # steel and Lair all round
    assert ex.declare_refusal(g, squads, "0:N").rule == "ce-dig-declare"
    dig = ex.declare(g, squads, "0:N", "collapse", deck, "tunnel")
    assert dig.stage == "place" and ex.placements(g, squads, dig) == []
    p = find(g, "tunnel", crystal, "collapse", "ce-protect-lair")
    refused("ce-protect-lair", ex.place, g, squads, dig, p, deck)
    dig = ex.fail(g, squads, dig, deck)
    assert dig.stage == "done" and deck.discard == Counter({"tunnel": 1})
    # the squad must begin again (next turn)
    next_turn(squads)
    assert ex.declare_refusal(g, squads, "0:N", "collapse") is None


def test_fail_is_refused_while_the_tile_can_be_laid():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    refused("ce-excavate-fails", ex.fail, g, squads, dig, deck)
    dig = ex.abandon(dig, deck)
    refused("ce-excavate-fails", ex.fail, g, squads, dig, deck)


def test_ce_dig_no_tile_when_the_box_has_none_left():
    g, deck = tunnel_ground(), Deck.new()
    for i in range(6):
        g.place(g.placement("throneroom", S(20 + 6 * (i % 3), 6 * (i // 3))))
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "throneroom")
    assert ex.placements(g, squads, dig) == []
    refused("ce-dig-no-tile", ex.place, g, squads, dig, g.placement("throneroom", S(0, 7)), deck)
    assert ex.fail(g, squads, dig, deck).stage == "done"


# -------------------------------------------------------------------- steps
def test_ce_dig_step_one_space_onto_the_new_tile():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    for _ in range(3):
        [dig] = next_turn(squads, [dig])
        dig = ex.continue_dig(g, squads, dig, deck)
    p = g.placement("tunnel", S(0, 7))
    dig, placed = ex.place(g, squads, dig, p, deck)
    assert ex.step_options(g, squads, dig) == [S(0, 7)]        # halted by digging, yet it may step
    refused("ce-dig-step", ex.take_step, g, squads, dig, S(0, 8), deck)
    dig = ex.take_step(g, squads, dig, S(0, 7), deck)
    assert squads["0:I"].hex == S(0, 7) and dig.stage == "done"
    refused("ce-dig-step", ex.take_step, g, squads, dig, S(0, 8), deck)
    assert move_refusal(g, squads, "0:I").rule == "ce-move-halted"   # and no further


def test_ce_dig_immediate_finishes_at_once():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 4), cr("a", pick=2), cr("b", pick=2))])
    move(g, squads, "0:I", S(0, 6))
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    assert dig.rocks == 0 and dig.stage == "place" and dig.momentum
    dig, _ = ex.place(g, squads, dig, g.placement("tunnel", S(0, 7)), deck)
    assert ex.step_options(g, squads, dig) == [S(0, 7)]


def test_ce_dig_immediate_step_needs_movement_left():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 3), cr("a", pick=4))])
    move(g, squads, "0:I", S(0, 6))                   # all three points spent
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    assert not dig.momentum
    dig, _ = ex.place(g, squads, dig, g.placement("tunnel", S(0, 7)), deck)
    assert dig.stage == "done" and ex.step_options(g, squads, dig) == []
    # had the step been pending, it would be refused by the rule
    pending = ex.Dig("0:I", "excavate", S(0, 6), "tunnel", 0, "step", momentum=False,
                     placed=g.placements[-1])
    refused("ce-dig-immediate-step", ex.take_step, g, squads, pending, S(0, 7), deck)


# ----------------------------------------------------------------- collapse
def test_collapse_buries_open_ground_traps_squads_and_gives_no_step():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 2), cr("a", pick=4)), sq(1, "I", S(0, 5), cr("e")),
                     Squad("w:B", None, S(0, 4), [cr("rat")], "B")])
    dig = ex.declare(g, squads, "0:I", "collapse", deck, "event-count")
    assert dig.stage == "draw" and dig.events == ("event-count",)   # events still set aside
    dig = ex.redraw(dig, deck, "tunnel")
    options = ex.placements(g, squads, dig)
    assert options and all(p.side == "collapse" and g.is_open(p.spaces[0]) for p in options)
    p = g.placement("tunnel", S(0, 3), 0, "collapse")
    assert p in options
    dig, placed = ex.place(g, squads, dig, p, deck)
    assert placed.caught == ("1:I", "w:B") and placed.spawn is None and placed.far == ()
    assert dig.stage == "done" and deck.discard == Counter({"tunnel": 1})
    assert g.status_of(S(0, 4)) == COLLAPSED and S(0, 4) not in g.graph
    assert move_refusal(g, squads, "1:I").rule == "ce-collapse-trapped"
    check_invariants(g)
    # an excavation over the rubble frees them
    g.place(g.placement("tunnel", S(0, 3)))
    assert g.status_of(S(0, 5)) == OPEN
    # free again, and so is the monster beside it: now they must deal with each other
    assert move_refusal(g, squads, "1:I").rule == "ce-move-engaged"


def test_ce_collapse_self_a_collapse_may_bury_its_own_diggers():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 4), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "collapse", deck, "tunnel")
    self_burial = [p for p in ex.placements(g, squads, dig) if S(0, 4) in p.spaces]
    assert self_burial
    dig, placed = ex.place(g, squads, dig, self_burial[0], deck)
    assert placed.caught == ("0:I",)


def test_ce_collapse_death_one_d12_per_caught_squad():
    outcomes = ex.collapse_roll_outcomes()
    assert [o for o, _ in outcomes] == list(range(1, 13)) and sum(p for _, p in outcomes) == 1
    squads = Squads([sq(0, "I", S(0, 4), cr("a"), cr("b"))])
    assert ex.collapse_roll(squads, "0:I", 7) is None and "0:I" in squads
    dead = ex.collapse_roll(squads, "0:I", 1)
    assert dead.id == "0:I" and len(dead.creatures) == 2 and "0:I" not in squads
    refused("ce-collapse-death", ex.collapse_roll, squads, "0:I", 1)
    refused("ce-collapse-death", ex.collapse_roll, Squads(), "0:I", 13)


# -------------------------------------------------------------------- flank
def test_ce_flank_excavation_helpers_add_their_picks():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1)), sq(0, "II", S(0, 5), cr("b", pick=1)),
                     sq(0, "III", S(0, 3), cr("c", pick=1)), sq(1, "I", S(1, 1), cr("e", pick=1))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    [dig] = next_turn(squads, [dig])
    assert ex.continue_refusal(g, squads, dig, ["0:II"]).rule == "ce-flank-excavation"       # not in play
    for helpers in (["0:III"], ["1:I"], ["0:II", "0:II"], ["0:I"], ["0:X"]):
        assert ex.continue_refusal(g, squads, dig, helpers, flank=True).rule == "ce-flank-excavation", helpers
    assert ex.continue_refusal(g, squads, dig, ["0:II"], flank=True, digs={"0:II": None}).rule == "ce-flank-excavation"
    dig = ex.continue_dig(g, squads, dig, deck, ["0:II"], flank=True)
    assert dig.rocks == 1 and squads["0:II"].acted and squads["0:II"].left == 0
    p = ex.Dig("0:I", "excavate", S(0, 6), "tunnel", 2, "digging", worked=False)
    assert ex.continue_refusal(g, squads, p, ["0:II"], flank=True).rule == "ce-dig-busy"  # acted, not dug: given up (U5)


# --------------------------------------------------------------------- JSON
def test_dig_json_round_trip_and_refusals():
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "event-spawn")
    dig = ex.redraw(dig, deck, "tunnel")
    dig, _ = ex.place(g, squads, dig, g.placement("tunnel", S(0, 7)), deck)
    for d in (dig, ex.Dig("0:I", "collapse", S(0, 6), "crook", 2, "digging", worked=False)):
        assert ex.dig_from_json(json.loads(json.dumps(d.to_json())), "dig", g) == d
    base = dig.to_json()
    bad = [
        (dict(rocks=2), "dig.rocks", "digging stage"),
        (dict(stage="draw"), "dig.card", "has none"),
        (dict(card=None), "dig.card", "has a card"),
        (dict(card="event-count"), "dig.card", "set aside"),
        (dict(placed={"tile": "tunnel", "at": "+4+4", "turn": 0, "side": "open"}), "dig.placed", "not on the ground"),
        (dict(stage="done", card=None), "dig", "exactly when"),
        (dict(mode="dig"), "dig.mode", "not one of"),
        (dict(events=["tunnel"]), "dig.events[0]", "not one of"),
        (dict(at="here"), "dig.at", "hex name"),
    ]
    for change, path, reason in bad:
        data = dict(base, **change)
        with pytest.raises(FormatError) as err:
            ex.dig_from_json(data, "dig", g)
        assert err.value.path == path and reason in err.value.reason, (change, err.value)


# ----------------------------------------------------------- property test
def _finish(g, squads, dig, deck, rng, stats):
    while dig.stage == "draw":
        outcomes = ex.draw_outcomes(dig, deck)
        if not outcomes:
            return ex.fail(g, squads, dig, deck), []
        dig = ex.redraw(dig, deck, rng.weighted(outcomes))
    caught = []
    if dig.stage == "place":
        options = ex.placements(g, squads, dig)
        if not options:
            stats["failed"] += 1
            return ex.fail(g, squads, dig, deck), []
        p = rng.choice(options)
        before = {h for h in p.covers if h in g.spawn_pits or h in g.interior or h in g.shell}
        assert not before
        dig, placed = ex.place(g, squads, dig, p, deck)
        stats[dig.mode] += 1
        caught = list(placed.caught)
        if dig.stage == "step":
            options = ex.step_options(g, squads, dig)
            dig = ex.take_step(g, squads, dig, rng.choice(options + [None]), deck)
    return dig, caught


def _check(g, squads, digs, deck, aside):
    check_invariants(g)
    assert set(g.graph.nodes) == g.open_hexes()
    for d in digs.values():
        assert 0 <= d.rocks <= ex.ROCKS and d.stage == "digging"
    held = Counter(d.card for d in digs.values() if d.card)
    assert sum(deck.pile.values()) + sum(deck.discard.values()) + sum(held.values()) + len(aside) == 42
    hexes = [s.hex for s in squads]
    assert len(hexes) == len(set(hexes))
    for s in squads:
        assert g.status_of(s.hex) in (OPEN, COLLAPSED)
        if s.owner is not None and g.is_open(s.hex):
            assert s.hex not in g.spawn_pits


@functools.lru_cache(maxsize=None)
def random_run(seed) -> Counter:
    """A seeded run of 40 turns of three digging squads doing random legal things; checks
    the invariants after every squad's turn and returns what happened."""
    rng = Rng(seed)
    g, deck = Ground.new(), Deck.new()
    g.place(g.placement("lair", S(0, -7), 3))
    g.place(g.placement("tunnel", S(0, -3), 3))
    spots = [S(2, 0), S(-2, 2), S(0, 2), S(1, -2)]
    squads = Squads([sq(0, c, h, cr(f"{c}a", speed=rng.randbelow(4) + 1, pick=rng.randbelow(3) + 1),
                        cr(f"{c}b", speed=3, pick=rng.randbelow(3) * (c != "III")))
                     for c, h in zip(("I", "II", "III"), spots)])
    squads.add(Squad("w:B", None, spots[3], [cr("rat")], "B"))
    digs, aside = {}, []
    stats = Counter()
    for turn in range(40):
        squads.new_turn(0)
        digs = {k: ex.new_turn(d) for k, d in digs.items()}
        for s in list(squads.of(0)):
            if s.id not in squads:
                continue
            roll = rng.randbelow(6)
            if roll == 0:
                dest = sorted(destinations(g, squads, s.id))
                if dest:
                    move(g, squads, s.id, rng.choice(dest))
                    stats["moves"] += 1
            elif s.id in digs:
                if ex.continue_refusal(g, squads, digs[s.id]) is None:
                    digs[s.id] = ex.continue_dig(g, squads, digs[s.id], deck)
                    stats["continued"] += 1
            else:
                modes = ex.declare_options(g, squads, s.id, digs)
                if modes and deck.outcomes():
                    mode = rng.choice(modes)
                    digs[s.id] = ex.declare(g, squads, s.id, mode, deck, rng.weighted(deck.outcomes()), digs)
            if s.id in digs and digs[s.id].stage != "digging":
                dig, caught = _finish(g, squads, digs.pop(s.id), deck, rng, stats)
                aside.extend(dig.events)
                for c in caught:                       # the optional D12, half the time
                    if rng.randbelow(2) and c in squads and ex.collapse_roll(squads, c, rng.randbelow(12) + 1):
                        stats["buried"] += 1
            for k in list(digs):
                if ex.abandoned(g, squads, digs[k]):
                    ex.abandon(digs.pop(k), deck)
                    stats["abandoned"] += 1
            _check(g, squads, digs, deck, aside)
        for k in list(digs):
            if ex.end_turn(digs[k]):
                ex.abandon(digs.pop(k), deck)
        _check(g, squads, digs, deck, aside)
    return stats


@pytest.mark.parametrize("seed", range(12))
def test_random_digs_and_collapses_keep_every_invariant(seed):
    stats = random_run(seed)
    assert stats["excavate"] + stats["collapse"] >= 5, stats


def test_the_random_runs_meet_every_kind_of_dig_ending():
    total = sum((random_run(seed) for seed in range(12)), Counter())
    for kind in ("excavate", "collapse", "failed", "abandoned", "buried", "moves", "continued"):
        assert total[kind], (kind, total)


def test_the_random_runs_meet_collapses_steps_and_abandons():
    total = Counter()
    for seed in range(12):
        stats = Counter()
        rng = Rng(seed)
        g, deck = Ground.new(), Deck.new()
        squads = Squads([sq(0, "I", S(0, 2), cr("a", pick=4))])
        for _ in range(6):
            squads.new_turn(0)
            modes = ex.declare_options(g, squads, "0:I")
            dig = ex.declare(g, squads, "0:I", rng.choice(modes), deck, rng.weighted(deck.outcomes()))
            dig, _ = _finish(g, squads, dig, deck, rng, stats)
            if not ex.declare_options(g, squads, "0:I"):
                break
        total += stats
    assert total["excavate"] and total["collapse"], total


def test_ce_deck_protectors_a_shrine_find_spawns_on_its_pit_and_calls_a_protector():
    g, deck = Ground.new(), Deck.new(protectors=True)
    squads = Squads([sq(0, "I", S(0, 2), cr("a", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "shrine")
    p = ex.placements(g, squads, dig)[0]
    dig, placed = ex.place(g, squads, dig, p, deck)
    assert placed.protector and placed.spawn.at == "spawn-pit" and placed.spawn.times == 2
    assert g.is_open(p.spawn_pits[0]) and p.spawn_pits[0] in g.spawn_pits
    refused("ce-deck-draw", ex.declare, g, Squads([sq(0, "II", S(0, 2), cr("b", pick=4))]), "0:II",
            "excavate", Deck.new(), "shrine")


def test_ce_dig_busy_another_action_discards_the_dig_at_once():
    """Audit 1 U5: the text discards the card and rocks "immediately" when a digging squad takes
    another action: here squad N invokes instead of digging on; the dig is gone at once, not at
    the end of the turn."""

    from .test_full_game import digging_necromancer
    from .test_invoking import actions_again

    s = digging_necromancer()
    card = s.digs["0:N"].card
    s = actions_again(s)
    assert s.digs["0:N"].stage == "digging"
    discarded = s.deck.discard[card]
    s.apply(next(a for a in s.legal_actions() if a.startswith("invoke ")))
    assert "0:N" not in s.digs or s.digs["0:N"].stage != "digging"
    assert s.deck.discard[card] == discarded + 1
    assert "ce-dig-busy" in [line.rule for line in s.steps[-1].log]


# ----------------------------------------------------------------- items with a pick-axe
def test_ce_dig_excavator_an_item_with_a_pick_axe_adds_to_the_squad_speed():
    """Issue 28 (audit 1 M2): the Bludgeon's pick-axe (1) adds to its carrier's squad: a squad of one
    pick-axe creature carrying it takes off two rocks a turn, not one."""
    g, deck = tunnel_ground(), Deck.new()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", pick=1, card="necromonk", items=("bludgeon",)))])
    assert ex.squad_speed(squads["0:I"]) == 2
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "crook")
    [dig] = next_turn(squads, [dig])
    dig = ex.continue_dig(g, squads, dig, deck)
    assert dig.rocks == 1


def test_ce_dig_item_pick_an_item_makes_no_squad_an_excavator():
    g = tunnel_ground()
    squads = Squads([sq(0, "I", S(0, 6), cr("a", card="ghoul", items=("bludgeon",)))])
    assert ex.declare_refusal(g, squads, "0:I", "excavate").rule == "ce-dig-excavator"
