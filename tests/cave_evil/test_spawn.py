"""Spawn rolls and where spawned things go: the two D4s, card draws past events, exact
distributions, placing Wandering Monsters (stacking, never on squads, farthest spaces),
markers, and who must answer a new monster."""

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from necro.core import FormatError, IllegalAction, NotationError
from necro.cave_evil import excavation as ex
from necro.cave_evil import loot as lt
from necro.cave_evil import spawn as sp
from necro.cave_evil.deck import Deck
from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import ORIGIN, Hex, neighbours, parse_hex
from necro.cave_evil.movement import Creature, Squad, Squads, squad_id
from necro.cave_evil.spawn_rules import SPAWN_RULE_IDS, SPAWN_RULES

RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")
EVENTS = {"slave-revolt", "incur-wrath", "fractal-spawn"}


def is_event(card: str) -> bool:
    return card in EVENTS


def S(q, r):
    return Hex(q, r)


def cr(cid, size="small", speed=3, **kw):
    return Creature(cid, size, speed, **kw)


def player(owner, card, h, *creatures):
    return Squad(squad_id(owner, card), owner, h, list(creatures or [cr(f"{owner}{card}")]), card)


def monster(letter, h, *creatures):
    return Squad(squad_id(None, letter), None, h, list(creatures), letter)


def refused(rule, fn, *args, **kw):
    with pytest.raises(IllegalAction) as err:
        fn(*args, **kw)
    assert err.value.rule == rule, err.value
    assert isinstance(err.value, ValueError)
    return err.value


def throneroom_ground():
    """The Pit Room and a Throneroom south of it, its spawn pit on +0+6 (open neighbours
    -1+6, +0+5, +1+5)."""
    g = Ground.new()
    g.place(g.placement("throneroom", S(0, 4)))
    return g


PIT2 = S(0, 6)
BESIDE_PIT2 = [S(-1, 6), S(0, 5), S(1, 5)]


# ------------------------------------------------------------------ the rolls
def test_ce_spawn_roll_every_table_entry():
    resources = {1: "metals", 2: "gore", 3: "shadowflame"}
    for first, res in resources.items():
        for second in range(1, 5):
            out = sp.result(first, second)
            assert (out.resource, out.amount, out.deck, out.is_card) == (res, second, None, False)
            assert out.text() == f"{second} {res}"
    for second, deck in {1: "bribe", 2: "construct", 3: "summon", 4: "abyss"}.items():
        out = sp.result(4, second)
        assert (out.resource, out.amount, out.deck, out.is_card) == (None, 0, deck, True)
    assert sp.result(4, 1).text() == "a card from the Bribe deck"
    assert sp.result(4, 4).text() == "a card from the Abyss deck"


@pytest.mark.parametrize("kind", sp.KINDS)
def test_every_die_is_fair_and_sums_to_one(kind):
    first = sp.first_die_outcomes(kind)
    assert sum(p for _, p in first) == 1
    for face, _ in first:
        second = sp.second_die_outcomes(kind, face)
        assert second == [(f, Fraction(1, 4)) for f in range(1, 5)]


def test_first_die_regular_excavation_beginning_alike():
    d4 = [(f, Fraction(1, 4)) for f in range(1, 5)]
    for kind in ("regular", "excavation", "beginning"):
        assert sp.first_die_outcomes(kind) == d4


def test_ce_spawn_resource_reroll_the_resource_roll_never_gives_a_card():
    assert sp.first_die_outcomes("resource") == [(f, Fraction(1, 3)) for f in (1, 2, 3)]
    refused("ce-spawn-resource-reroll", sp.result, 4, 1, "resource")
    refused("ce-spawn-resource-reroll", sp.second_die_outcomes, "resource", 4)
    dist = sp.spawn_distribution("resource", {d: Counter({"ratman": 1}) for d in sp.DECKS.values()}, is_event)
    assert all(k[0] == "resource" for k in dist) and sum(dist.values()) == 1
    assert dist[("resource", "gore", 3)] == Fraction(1, 12)
    assert len(dist) == 12


def test_bad_faces_and_kinds_are_refused():
    for face in (0, 5, True, "2", 2.0, None):
        refused("ce-spawn-roll", sp.result, face, 1)
        refused("ce-spawn-roll", sp.result, 1, face)
    refused("ce-spawn-roll", sp.first_die_outcomes, "weird")
    refused("ce-spawn-roll", sp.second_die_outcomes, "regular", 7)


def test_spawn_result_json_round_trip_and_refusals():
    for first in range(1, 5):
        for second in range(1, 5):
            out = sp.result(first, second)
            assert sp.SpawnResult.from_json(out.to_json()) == out and out.copy() == out
    assert sp.result(2, 3).to_json() == {"resource": "gore", "amount": 3}
    assert sp.result(4, 2).to_json() == {"deck": "construct"}
    for bad in ({"deck": "necromonk"}, {"resource": "gold", "amount": 1}, {"resource": "gore", "amount": 5},
                {"deck": "bribe", "amount": 1}, {"resource": "card", "amount": 1}, {}, [], {"deck": "bribe", "x": 1}):
        with pytest.raises(FormatError):
            sp.SpawnResult.from_json(bad)
    for bad in (dict(), dict(resource="gore", amount=0), dict(deck="bribe", resource="gore", amount=1),
                dict(deck="awakening")):
        with pytest.raises(ValueError):
            sp.SpawnResult(**bad)


def test_notation_and_readable_faces():
    assert [a for a, _ in sp.roll_actions()] == [f"spawn rolls {n}" for n in range(1, 5)]
    assert [a for a, _ in sp.roll_actions("resource")] == ["spawn rolls 1", "spawn rolls 2", "spawn rolls 3"]
    assert sp.roll_actions("regular", 4) == [(f"spawn rolls {n}", Fraction(1, 4)) for n in range(1, 5)]
    for n in range(1, 5):
        assert sp.parse_roll(sp.roll_notation(n)) == n
    for bad in ("spawn rolls 5", "spawn rolls 0", "spawn roll 2", "rolls 2", 3, "spawn rolls 2 "):
        with pytest.raises(NotationError):
            sp.parse_roll(bad)
    assert sp.face_text(2) == "2 = gore"
    assert sp.face_text(4) == "4 = a card"
    assert sp.face_text(3, first=2) == "3 = 3 gore"
    assert sp.face_text(1, first=4) == "1 = Bribe deck"
    assert sp.face_text(4, first=4) == "4 = Abyss deck"


# --------------------------------------------------------------- card draws
def _kept(pile: Counter) -> dict:
    """The card finally kept, by playing the draws one at a time: an event goes to the box and
    the player draws again (exact, by recursion)."""
    out: dict = {}
    for card, p in sp.draw_outcomes(pile):
        if is_event(card):
            rest = pile.copy()
            rest[card] -= 1
            for c, q in _kept(+rest).items():
                out[c] = out.get(c, 0) + p * q
        else:
            out[card] = out.get(card, 0) + p
    return out


def test_ce_spawn_events_ignored_draws_past_events_in_proportion():
    pile = Counter({"ratman": 2, "hunched-one": 1, "slave-revolt": 2, "incur-wrath": 1})
    kept = dict(sp.card_draw_outcomes(pile, is_event))
    assert kept == {"hunched-one": Fraction(1, 3), "ratman": Fraction(2, 3)}
    assert kept == _kept(pile)      # the one-step shortcut is the card-by-card process
    assert dict(sp.draw_outcomes(pile)) == {"hunched-one": Fraction(1, 6), "incur-wrath": Fraction(1, 6),
                                            "ratman": Fraction(1, 3), "slave-revolt": Fraction(1, 3)}


def test_ce_spawn_deck_empty_a_deck_of_events_brings_nothing():
    assert sp.card_draw_outcomes(Counter({"slave-revolt": 3}), is_event) == []
    assert sp.card_draw_outcomes(Counter(), is_event) == []
    decks = {"bribe": Counter({"slave-revolt": 1}), "construct": Counter({"ghoul": 1}),
             "summon": Counter({"vapor": 1}), "abyss": Counter()}
    dist = sp.spawn_distribution("regular", decks, is_event)
    assert dist[("nothing", "bribe", None)] == dist[("nothing", "abyss", None)] == Fraction(1, 16)
    assert sum(dist.values()) == 1


def test_spawn_distribution_exact_values():
    decks = {"bribe": Counter({"ratman": 2, "hunched-one": 1, "slave-revolt": 3}),
             "construct": Counter({"ghoul": 1}),
             "summon": Counter({"vapor": 1, "dracor": 1, "fractal-spawn": 5}),
             "abyss": Counter({"taker": 3, "blinding-prism": 1})}
    for kind in ("regular", "excavation", "beginning"):
        dist = sp.spawn_distribution(kind, decks, is_event)
        assert sum(dist.values()) == 1
        assert dist[("resource", "gore", 3)] == Fraction(1, 16)
        assert dist[("card", "bribe", "ratman")] == Fraction(1, 4) * Fraction(1, 4) * Fraction(2, 3)
        assert dist[("card", "construct", "ghoul")] == Fraction(1, 16)
        assert dist[("card", "summon", "dracor")] == Fraction(1, 32)
        assert dist[("card", "abyss", "blinding-prism")] == Fraction(1, 64)
        assert not any(k[2] in EVENTS for k in dist)
        assert sum(p for k, p in dist.items() if k[0] == "resource") == Fraction(3, 4)
    with pytest.raises(ValueError):
        sp.spawn_distribution("regular", {"bribe": Counter()}, is_event)


# --------------------------------------------------------------- the example
def test_jasons_beginning_spawn_example():
    """The Pit has spawned a Caveling under marker A. Jason rolls for a Throneroom: 2 (gore), then
    3: three gore on its pit. For the next Throneroom: 4 (a card), then 1 (Bribe); he draws an
    event, which goes, then a Ratman, laid on that pit under marker B."""
    g = throneroom_ground()
    other = g.placement("throneroom", S(4, -4))
    g.place(other)
    squads, loot = Squads(), {}
    sp.spawn_creature(squads, "caveling", ORIGIN, "A")
    first_pit, second_pit = other.spawn_pits[0], PIT2

    assert sp.face_text(2) == "2 = gore" and sp.face_text(3, first=2) == "3 = 3 gore"
    gore = sp.result(2, 3, "beginning")
    sp.put_resources(gore, loot, squads, at=first_pit)
    assert loot == {str(first_pit): {"gore": 3, "items": []}}

    card = sp.result(4, 1, "beginning")
    assert card.deck == "bribe" and sp.face_text(1, first=4) == "1 = Bribe deck"
    bribe = Counter({"ratman": 1, "hunched-one": 2, "slave-revolt": 1})
    assert ("slave-revolt", Fraction(1, 4)) in sp.draw_outcomes(bribe)        # the event can come up...
    bribe["slave-revolt"] -= 1                                               # ...and goes to the box
    assert dict(sp.card_draw_outcomes(bribe, is_event))["ratman"] == Fraction(1, 3)
    assert sp.monster_spots(g, squads, second_pit, "small") == [second_pit]
    marker = sp.next_marker(squads)
    assert marker == "B"
    w = sp.spawn_creature(squads, "ratman", second_pit, marker)
    assert (w.id, w.card, w.hex, w.owner) == ("w:B", "B", second_pit, None)
    [rat] = w.creatures
    assert (rat.id, rat.card, rat.size, rat.speed) == ("ratman-b-1", "ratman", "small", 4)
    assert sp.frozen(g, w) and sp.frozen(g, squads["w:A"])


# ------------------------------------------------------------------ placement
def test_ce_spawn_place_on_the_spot_when_empty():
    g, squads = throneroom_ground(), Squads()
    for size in ("large", "medium", "small", "trinket"):
        assert sp.monster_spots(g, squads, PIT2, size) == [PIT2]


def test_ce_spawn_stack_three_smalls_yes_a_fourth_goes_beside():
    g = throneroom_ground()
    squads = Squads([monster("A", PIT2, cr("a"), cr("b"))])
    assert sp.monster_spots(g, squads, PIT2, "small") == [PIT2]      # must stack: no choice
    w = sp.spawn_creature(squads, "ratman", PIT2, "C")
    assert w.id == "w:A" and len(w.creatures) == 3 and "w:C" not in squads   # marker A kept
    assert sp.monster_spots(g, squads, PIT2, "small") == BESIDE_PIT2
    assert sp.monster_spots(g, squads, PIT2, "medium") == BESIDE_PIT2
    assert sp.monster_spots(g, squads, PIT2, "trinket") == [PIT2]    # trinkets do not count
    refused("ce-spawn-stack", sp.spawn_creature, squads, "ghoul", PIT2)


def test_small_and_medium_stack_a_large_does_not():
    g = throneroom_ground()
    squads = Squads([monster("A", PIT2, cr("a"))])
    assert sp.monster_spots(g, squads, PIT2, "medium") == [PIT2]
    assert sp.monster_spots(g, squads, PIT2, "large") == BESIDE_PIT2
    sp.spawn_creature(squads, "horned-hellion", PIT2)
    assert [c.size for c in squads["w:A"].creatures] == ["small", "medium"]


def test_ce_spawn_not_on_squads_never_onto_a_player_squad():
    g = throneroom_ground()
    squads = Squads([player(0, "I", S(0, 5))])
    # the pit itself never holds a player squad, so use a plain space of the room as the spawn point
    assert sp.monster_spots(g, squads, S(0, 5), "small") == [S(-1, 5), S(-1, 6), S(0, 4), S(1, 4), S(1, 5)]
    refused("ce-spawn-not-on-squads", sp.spawn_creature, squads, "ratman", S(0, 5))
    # beside the pit: the player's squad on +0+5 is skipped
    assert sp.monster_spots(g, Squads([player(0, "I", S(0, 5)), monster("A", PIT2, cr("x", "large"))]),
                            PIT2, "small") == [S(-1, 6), S(1, 5)]


def test_ce_spawn_not_on_squads_nor_onto_a_chthonic_crystal():
    from .test_full_game import full, settle_setup

    s = settle_setup(full(2, 1).apply("first 1"))
    crystal = next(h for h, owner in s.ground.crystals.items() if owner == 0)
    spots = sp.monster_spots(s.ground, Squads(), crystal, "small")
    assert spots and crystal not in spots and all(h in neighbours(crystal) for h in spots)


def test_ce_spawn_adjacent_may_join_a_monster_beside_but_no_pit_nor_rock():
    g = throneroom_ground()
    squads = Squads([monster("A", PIT2, cr("big", "large")), monster("B", S(0, 5), cr("s1")),
                     monster("C", S(1, 5), cr("l2", "large")), player(1, "II", S(-1, 6))])
    assert sp.monster_spots(g, squads, PIT2, "small") == [S(0, 5)]       # joins B; C is full; II is a player
    assert sp.monster_spots(g, squads, PIT2, "large") == [S(-1, 5), S(0, 4), S(1, 4)]   # nearer ones all taken
    # on the Pit: the six neighbours are open, none is a pit; rock never counts
    assert sp.monster_spots(g, Squads([monster("A", ORIGIN, cr("x", "large"))]), ORIGIN, "small") == \
        sorted(neighbours(ORIGIN))
    # a spawn point with another pit next to it: that pit is skipped
    spots = sp.monster_spots(g, Squads([monster("A", S(0, 5), cr("x", "large"))]), S(0, 5), "small")
    assert spots == [S(-1, 5), S(-1, 6), S(0, 4), S(1, 4), S(1, 5)]


def test_blocked_spawn_point_sends_the_monster_beside():
    """An Awakened Evil sitting on the Pit: anything spawned there goes beside it."""
    g = Ground.new()
    assert sp.monster_spots(g, Squads(), ORIGIN, "small", blocked=[ORIGIN]) == sorted(neighbours(ORIGIN))
    assert sp.monster_spots(g, Squads(), ORIGIN, "small", blocked=[ORIGIN, S(0, 1)]) == \
        sorted(h for h in neighbours(ORIGIN) if h != S(0, 1))


def test_ce_spawn_nowhere_next_nearest_then_none():
    g = throneroom_ground()
    full = [monster(m, h, cr(m.lower(), "large")) for m, h in zip("ABCD", [PIT2] + BESIDE_PIT2)]
    squads = Squads(full)
    ring2 = sp.monster_spots(g, squads, PIT2, "small")
    assert ring2 == [S(-1, 5), S(0, 4), S(1, 4)]
    assert all(g.distance(PIT2, h) == 2 for h in ring2)
    every = [h for h in g.reachable(PIT2)]
    jammed = Squads([monster(f"X{i}", h, cr(f"x{i}", "large")) for i, h in enumerate(sorted(every))])
    assert sp.monster_spots(g, jammed, PIT2, "small") == []
    assert sp.monster_spots(g, jammed, PIT2, "trinket") == [PIT2]       # a trinket still fits


def test_a_spawn_point_must_be_dug_ground():
    g = throneroom_ground()
    refused("ce-spawn-place", sp.monster_spots, g, Squads(), S(0, 3), "small")
    refused("ce-spawn-place", sp.excavation_spots, g, Squads(), [], "small")
    with pytest.raises(ValueError):
        sp.monster_spots(g, Squads(), PIT2, "huge")


def test_ce_spawn_excavation_resources_to_the_diggers_cards_to_the_far_end():
    """A digger on +0+2 opens a tunnel south to +0+6: the dead end is farthest. Gore goes to
    the digging squad; a monster to +0+6; with a squad riding there, beside it; then further."""
    g, deck = Ground.new(), Deck.new()
    squads = Squads([player(0, "I", S(0, 2), cr("mole", pick=4))])
    dig = ex.declare(g, squads, "0:I", "excavate", deck, "tunnel")
    tunnel = g.placement("tunnel", S(0, 3), 0)
    dig, placed = ex.place(g, squads, dig, tunnel, deck)
    assert placed.far == (S(0, 6),)
    loot = {}
    sp.put_resources(sp.result(2, 3, "excavation"), loot, squads, digger="0:I")
    assert squads["0:I"].resources == {"gore": 3} and loot == {}
    assert sp.excavation_spots(g, squads, placed.far, "small") == [S(0, 6)]
    squads.add(player(1, "II", S(0, 6)))
    assert sp.excavation_spots(g, squads, placed.far, "small") == [S(0, 5)]
    squads.add(monster("A", S(0, 5), cr("l", "large")))
    assert sp.excavation_spots(g, squads, placed.far, "small") == [S(0, 4)]
    refused("ce-spawn-excavation", sp.put_resources, sp.result(1, 1), loot, squads, digger="w:A")
    with pytest.raises(ValueError):
        sp.put_resources(sp.result(1, 1), loot, squads)
    with pytest.raises(ValueError):
        sp.put_resources(sp.result(4, 1), loot, squads, at=S(0, 6))


def test_excavation_spots_pick_among_equally_far_spaces():
    g = throneroom_ground()
    far = [S(-1, 6), S(0, 5)]
    assert sp.excavation_spots(g, Squads(), far, "small") == far
    squads = Squads([player(0, "I", S(0, 5))])
    assert sp.excavation_spots(g, squads, far, "small") == [S(-1, 6)]


def test_spawn_item_lies_on_the_spot_even_on_a_pit():
    loot = {}
    sp.spawn_item(loot, "spiked-shield", PIT2)
    sp.put_resources(sp.result(3, 2), loot, Squads(), at=PIT2)
    assert loot == {str(PIT2): {"gore": 0, "items": ["spiked-shield"], "shadowflame": 2}}
    refused("ce-spawn-place", sp.spawn_item, loot, "ratman", PIT2)


# -------------------------------------------------------------------- markers
def test_ce_spawn_markers_first_free_letter_in_box_order():
    squads = Squads()
    assert sp.next_marker(squads) == "A"
    squads.add(monster("A", S(0, 1), cr("a")))
    squads.add(player(0, "I", S(0, 2)))                        # player cards are not markers
    assert sp.next_marker(squads) == "B"
    assert sp.next_marker(squads, used=["B", "C"]) == "D"       # loot markers count too
    assert sp.next_marker(Squads(), used="ABCDEFGHI") == "K"    # no J in the box
    assert "J" not in sp.BOX_LETTERS and len(sp.BOX_LETTERS) == 15


def test_ce_spawn_marker_letters_beyond_the_box():
    assert sp.next_marker(Squads(), used=sp.BOX_LETTERS) == "Q"
    alphabet = [chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) != "J"]
    assert sp.next_marker(Squads(), used=alphabet) == "AA"
    assert sp.next_marker(Squads(), used=alphabet + ["AA", "AB"]) == "AC"
    assert sp.next_marker(Squads(), used=alphabet + ["A" + x for x in alphabet]) == "BA"


# ------------------------------------------------------------------- creatures
def test_spawn_creature_ids_markers_and_refusals():
    squads = Squads([player(0, "I", S(0, 2))])
    a = sp.spawn_creature(squads, "ratman", S(0, 1))
    assert a.id == "w:A" and a.creatures[0].id == "ratman-a-1"
    b = sp.spawn_creature(squads, "ratman", S(1, 0), "B", taken=["ratman-b-1"])
    assert b.creatures[0].id == "ratman-b-2"                     # the dead keep their ids
    sp.spawn_creature(squads, "ratman", S(1, 0))
    assert [c.id for c in squads["w:B"].creatures] == ["ratman-b-2", "ratman-b-1"]
    refused("ce-spawn-markers", sp.spawn_creature, squads, "ghoul", S(-1, 0), "A")
    refused("ce-spawn-markers", sp.spawn_creature, squads, "ghoul", S(-1, 0), "a")
    refused("ce-spawn-place", sp.spawn_creature, squads, "spiked-shield", S(-1, 0))
    refused("ce-spawn-place", sp.spawn_creature, squads, "rotten-magi", S(-1, 0))
    refused("ce-spawn-place", sp.spawn_creature, squads, "no-such-card", S(-1, 0))
    refused("ce-spawn-not-on-squads", sp.spawn_creature, squads, "ghoul", S(0, 2))
    before = squads.to_json()
    refused("ce-spawn-stack", sp.spawn_creature, Squads([monster("A", S(0, 1), cr("x", "large"))]), "ghoul", S(0, 1))
    assert squads.to_json() == before
    assert Squads.from_json(squads.to_json()) == squads          # spawned squads save and load


def test_ce_spawn_frozen_only_wandering_monsters_on_pits():
    g = throneroom_ground()
    squads = Squads([monster("A", PIT2, cr("a")), monster("B", S(0, 5), cr("b"))])
    assert sp.frozen(g, squads["w:A"]) and not sp.frozen(g, squads["w:B"])
    assert not sp.frozen(g, player(0, "I", PIT2))


# --------------------------------------------------------------- who answers
def test_answering_player_beside_one_player_or_nobody():
    squads = Squads([player(2, "I", S(0, 2))])
    assert sp.answering_player(squads, S(0, 1), current=0, order=[0, 1, 2, 3]) == 2
    assert sp.answering_player(squads, S(0, 4), current=0, order=[0, 1, 2, 3]) is None
    squads.add(monster("A", S(1, 1), cr("m")))
    assert sp.answering_player(squads, S(2, 0), current=0, order=[0, 1, 2, 3]) is None   # monsters never answer


def test_ce_spawn_between_the_player_who_plays_next():
    """Player 0 digs; the new monster lands between player 1's and player 3's squads: player 1
    plays next. Seen from player 2's turn, player 3 comes first."""
    squads = Squads([player(1, "I", S(0, 2)), player(3, "I", S(0, 0))])
    assert sp.answering_player(squads, S(0, 1), current=0, order=[0, 1, 2, 3]) == 1
    assert sp.answering_player(squads, S(0, 1), current=2, order=[0, 1, 2, 3]) == 3
    assert sp.answering_player(squads, S(0, 1), current=1, order=[0, 1, 2, 3]) == 3   # the current player last
    squads.add(player(0, "II", S(1, 0)))
    assert sp.answering_player(squads, S(0, 1), current=0, order=[0, 1, 2, 3]) == 1
    assert sp.answering_player(squads, S(0, 1), current=0, order=[0, 3]) == 3          # player 1 is out
    only_current = Squads([player(0, "II", S(1, 0))])
    assert sp.answering_player(only_current, S(0, 1), current=0, order=[0, 1]) == 0
    with pytest.raises(ValueError):
        sp.answering_player(squads, S(0, 1), current=5, order=[0, 1])


# ------------------------------------------------------------------ the rules
def test_spawn_rule_ids_are_new_and_well_formed():
    from necro.cave_evil.rules import RULES

    ids = [r.id for r in SPAWN_RULES]
    assert len(ids) == len(set(ids)) == len(SPAWN_RULE_IDS)
    assert all(i.startswith("ce-spawn-") for i in ids)
    for r in SPAWN_RULES:
        assert r.id not in RULES or RULES[r.id] == r, f"{r.id} clashes with another rule"
        if r.kind == "ruling":
            assert "Our " in r.summary and "lternative" in r.summary, r.id
    assert {r.kind for r in SPAWN_RULES} == {"rule", "ruling"}


def test_every_rule_the_spawn_module_names_exists():
    from necro.cave_evil.rules import RULES

    text = Path(sp.__file__).read_text(encoding="utf-8")
    named = set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9]", text))
    assert {"ce-spawn-roll", "ce-spawn-stack", "ce-spawn-not-on-squads"} <= named
    missing = sorted(n for n in named if n not in SPAWN_RULE_IDS and n not in RULES)
    assert not missing, missing


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_spawn_rules_are_in_our_own_words():
    """No run of eight words of a summary appears in the rule text."""
    def words(text):
        return re.findall(r"[a-z0-9]+", text.lower())

    source = " " + " ".join(words(RULE_TEXT.read_text(encoding="utf-8"))) + " "
    for r in SPAWN_RULES:
        w = words(r.summary)
        for i in range(len(w) - 7):
            assert f" {' '.join(w[i:i + 8])} " not in source, (r.id, w[i:i + 8])


# ------------------------------------------------------------------ a Wandering Monster's items
def _full_start():
    """A full game's first turn, every procedure done; with what ``start`` lay on the map and the
    cards it took out of the piles."""
    from necro.cave_evil.game import CaveEvil

    s = CaveEvil(2, game="full", setup="quick").new_initial_state(0)
    while s.is_chance_node() or s.queue:
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    return s


def _with(s, loot, squads=(), queue=()):
    import json

    pos = json.loads(json.dumps(s.position()))
    for h, items in loot.items():
        pos["loot"][str(h)] = {"gore": 1, "items": items}
        for i in items:
            pos["piles"]["piles"]["bribe"][i] -= 1
    for sq in squads:
        pos["squads"].append(sq)
        for c in sq["creatures"]:
            pos["piles"]["piles"]["bribe"][c["card"]] -= 1
    pos["piles"]["piles"]["bribe"] = {k: v for k, v in pos["piles"]["piles"]["bribe"].items() if v}
    pos["queue"] = list(queue)
    return s.game.state_from_position(pos, 7)


def test_ce_wandering_pick_a_spawned_monster_takes_up_the_items_and_spells_on_its_space():
    """Issue 28 (audit 3 M1): a Rotten Lich (two items, a Spellcaster) spawned where a Spiked Shield
    and the spell Deceit lie takes both up; it fights with the shield and carries the spell; the
    gore stays on the ground."""
    from necro.cave_evil import fights as fx

    s = _full_start()
    h = min(x for x in s.ground.open_hexes() if s.squads.at(x) is None and x not in s.ground.spawn_pits)
    t = _with(s, {h: ["deceit", "spiked-shield"]},
              queue=[{"do": "spawn-draw", "deck": "construct", "at": str(h), "far": None, "player": s.current_player()}])
    t.force("draw construct rotten-lich")
    t.play_chance()
    lich = t.squads.at(h)
    assert lich.wandering and lich.creatures[0].items == ("deceit", "spiked-shield")
    assert t.loot[str(h)] == {"gore": 1, "items": []}
    assert fx.used_items(fx.snapshot(lich)) == (["spiked-shield"], ["deceit"])
    assert any(e.rule == "ce-wandering-pick" for e in t.steps[-1].log)
    assert t.ledger == lt.holdings(t.squads, t.loot)


def test_ce_wandering_pick_a_monster_that_stops_on_an_item_after_a_wander_takes_it_up():
    s = _full_start()
    spots = sorted(x for x in s.ground.open_hexes() if s.squads.at(x) is None and x not in s.ground.spawn_pits)
    start = spots[0]
    lich = {"id": "w:Q", "owner": None, "at": str(start), "card": "Q",
            "creatures": [{"id": "young-lich-q-1", "card": "young-lich", "size": "small", "speed": 3}]}
    p = s.current_player()
    probe = _with(s, {}, [lich], [{"do": "wander", "player": p, "roll": 3, "left": ["w:Q"]}])
    to = next(a.split()[2] for a in probe.legal_actions() if not a.endswith("stay"))
    t = _with(s, {to: ["dagger"]}, [lich], [{"do": "wander", "player": p, "roll": 3, "left": ["w:Q"]}])
    t.apply(f"wander w:Q {to}")
    assert t.squads["w:Q"].creatures[0].items == ("dagger",) and str(to) in t.loot


def test_ce_spawn_frozen_a_monster_off_its_pit_never_stops_on_one_again():
    """Audit 3 (untested), rules ce-spawn-frozen, ce-event-wander-frozen: a Ratman waits on the spawn pit
    -4+6; a wander event takes it off to -4+5 (it might also have stayed, frozen); at the next wander its
    own pit, one space away, is no longer a place it may stop, though it may cross it to -5+6."""
    import json

    from necro.cave_evil import examples as ex

    from .test_full_game import at_actions, conserved, with_events

    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append(ex.squad(None, "A", "-4+6", ex.of_card("ratman", 9)))
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    s = with_events(s.game.state_from_position(pos, 7), "monsters-roam")
    pit = S(-4, 6)
    assert pit in s.ground.spawn_pits and sp.frozen(s.ground, s.squads["w:A"])

    def roam(state):
        state.apply("end")
        state.force("d12 4")
        state.play_chance()
        assert state.queue[0]["do"] == "wander"
        return [a for a in state.legal_actions() if a.startswith("wander w:A ")]

    first = roam(s)
    assert "wander w:A stay" in first and "wander w:A -4+5" in first
    s.apply("wander w:A -4+5")
    while s.queue or s.is_chance_node():
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    s = with_events(s, "monsters-roam")  # player 2's turn: another wander
    while s.part != "actions" or s.queue or s.is_chance_node():
        s.play_chance() if s.is_chance_node() else s.apply(s.legal_actions()[0])
    again = roam(s)
    assert s.squads["w:A"].hex == S(-4, 5) and not sp.frozen(s.ground, s.squads["w:A"])
    assert "wander w:A -4+6" not in again and {"wander w:A -5+6", "wander w:A stay"} <= set(again)
    assert not any(parse_hex(a.split()[2]) in s.ground.spawn_pits for a in again if not a.endswith(" stay"))
    assert s.explain_illegal("wander w:A -4+6")[0] == "ce-event-wander"
    conserved(s)


def test_a_wandering_monster_under_marker_n_is_a_loadable_position():
    """Found by the soak (game 17 of the sample): N is one of the box's marker letters (ruling
    ce-spawn-marker-letters), so a Wandering Monster under it is no Necromancer's squad N."""
    import json

    from .test_full_game import at_actions
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    pos["squads"].append({"id": "w:N", "owner": None, "at": "+2-1", "card": "N", "creatures": [
        {"id": "ghoul-1-1", "card": "ghoul", "size": "small", "speed": 3}]})
    pos["piles"]["piles"]["construct"]["ghoul"] -= 1
    assert s.game.state_from_position(pos, 7).squads["w:N"].owner is None
