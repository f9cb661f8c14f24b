"""The Excavation Deck: its contents against the text and the tiles, validation, and the deck in play."""

import copy
import json
from collections import Counter
from fractions import Fraction

import pytest

from necro.core import FormatError, IllegalAction, Rng
from necro.cave_evil.deck import (DECK_FILE, SETUP_USE, Deck, deck_from_json, deck_spec, load_deck)
from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import Hex
from necro.cave_evil.rules import RULES
from necro.cave_evil.tiles import tile_set

SPEC = deck_spec()
RAW = json.loads(DECK_FILE.read_text(encoding="utf-8"))
TILES = tile_set()


def raw_with(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def card(data, card_id):
    return next(c for c in data["cards"] if c["id"] == card_id)


# ----------------------------------------------------------------- contents
def test_ce_excavation_deck_has_42_cards_with_events():
    base = SPEC.contents()
    assert sum(base.values()) == SPEC.base_total == 42
    events = [c for c in SPEC if c.is_event and c.expansion is None]
    assert events and sum(c.count for c in events) >= 1
    assert all(c.tile is None and c.spawn is None for c in events)


def test_ce_deck_contents_every_tile_card_fits_the_box_after_set_up():
    shown = Counter()
    for c in SPEC:
        if c.tile:
            shown[c.tile] += c.count
    for tile_id, n in shown.items():
        assert n <= TILES[tile_id].count - SETUP_USE.get(tile_id, 0), tile_id
    assert not any(TILES[c.tile].is_lair or TILES[c.tile].printed for c in SPEC if c.tile)
    # set-up's worst case: four Lairs and Halls (4 players), four Thronerooms and Tunnels
    assert SETUP_USE == {"lair": 4, "great-hall": 4, "throneroom": 4, "tunnel": 4}


def test_the_great_hall_card_of_the_text_calls_for_an_excavation_spawn_roll():
    """The tile-placing example: a Great Hall card that 'requires an Excavation Spawn Roll'."""
    halls = [c for c in SPEC if c.tile == "great-hall"]
    assert halls and all(c.spawn.roll == "excavation" and c.spawn.times == 1 for c in halls)
    assert dict(halls[0].provenance)["spawn"] == "rules"


def test_most_tile_cards_call_for_the_basic_excavation_spawn():
    base = [c for c in SPEC if c.tile and c.expansion is None]
    basic = sum(c.count for c in base if c.spawn.roll == "excavation")
    assert basic > sum(c.count for c in base) / 2
    assert {c.spawn.roll for c in base} == {"excavation", "resource", "none"}


def test_ce_deck_protectors_four_black_diamond_cards_find_shrines_and_temples():
    extra = SPEC.contents(protectors=True) - SPEC.contents()
    assert sum(extra.values()) == 4
    assert {SPEC[c].tile for c in extra} == {"shrine", "temple"}
    for c in extra:
        assert SPEC[c].protector and SPEC[c].spawn.at == "spawn-pit" and SPEC[c].spawn.times in (2, 3)
    assert not any(c.tile in ("shrine", "temple") for c in SPEC if c.expansion is None)


def test_every_card_says_where_it_comes_from_and_why():
    for c in SPEC:
        prov = dict(c.provenance)
        assert prov["count"] in ("rules", "book")
        assert ("tile" in prov) == (c.kind == "tile") and ("event" in prov) == c.is_event
        assert c.why and "\n" not in c.why


def test_every_tile_card_can_be_dug_from_the_pit_room():
    g = Ground.new()
    for c in SPEC:
        if c.tile:
            assert g.legal_excavations(c.tile, Hex(0, 2)), c.id


def test_the_deck_rule_ids_exist():
    for rule in ("ce-excavation-deck", "ce-deck-contents", "ce-deck-protectors", "ce-deck-draw", "ce-deck-reshuffle"):
        assert rule in RULES


# --------------------------------------------------------------- validation
BAD = [
    ("total", lambda d: card(d, "tunnel").update(count=13), "base_total", "add up to 43"),
    ("no events", lambda d: (card(d, "tunnel").update(count=18),
                             d.update(cards=[c for c in d["cards"] if c["kind"] != "event"])), "cards", "holds event cards"),
    ("lair", lambda d: card(d, "single").update(tile="lair"), "cards[9].tile", "never found by digging"),
    ("pit room", lambda d: card(d, "single").update(tile="pit-room"), "cards[9].tile", "never found"),
    ("unknown tile", lambda d: card(d, "single").update(tile="cellar"), "cards[9].tile", "no tile is called"),
    ("twice", lambda d: card(d, "crook-vein").update(id="crook"), "cards[3].id", "used twice"),
    ("bad id", lambda d: card(d, "crook-vein").update(id="Crook Vein"), "cards[3].id", "lowercase"),
    ("thronerooms", lambda d: (card(d, "throneroom").update(count=3), card(d, "single").update(count=2)),
     "cards", "only 2 are left"),
    ("no provenance", lambda d: card(d, "alcove")["provenance"].pop("spawn"), "cards[4].provenance.spawn", "rules or book"),
    ("bad provenance", lambda d: card(d, "alcove")["provenance"].update(count="guess"), "cards[4].provenance.count", "'rules'"),
    ("why", lambda d: card(d, "alcove").update(why="two\nlines"), "cards[4].why", "one-line"),
    ("event tile", lambda d: card(d, "event-count").update(tile="tunnel"), "cards[13].tile", "an event card"),
    ("event kind", lambda d: card(d, "event-count").update(event="party"), "cards[13].event", "'spawn'"),
    ("none rolls", lambda d: card(d, "single")["spawn"].update(times=1), "cards[9].spawn.times", "0 times"),
    ("pit spawn", lambda d: card(d, "tunnel")["spawn"].update(at="spawn-pit"), "cards[0].spawn.at", "no spawn pit"),
    ("protector", lambda d: card(d, "throneroom").update(protector=True), "cards[8].protector", "black-diamond"),
    ("expansion size", lambda d: card(d, "temple").update(count=1), "cards", "exactly four"),
    ("key", lambda d: card(d, "tunnel").update(colour="red"), "cards[0]", "unknown key"),
    ("format", lambda d: d.update(format="tiles"), "format", "is not one of"),
]


@pytest.mark.parametrize("name,change,path,reason", BAD, ids=[b[0] for b in BAD])
def test_the_loader_refuses_bad_decks_with_a_path(name, change, path, reason):
    with pytest.raises(FormatError) as err:
        deck_from_json(raw_with(change), "deck")
    assert err.value.path == f"deck.{path}", err.value
    assert reason in err.value.reason


def test_the_packaged_file_loads_and_a_broken_file_is_a_format_error(tmp_path):
    assert load_deck().contents() == SPEC.contents()
    bad = tmp_path / "deck.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(FormatError):
        load_deck(bad)


# ------------------------------------------------------------------ in play
def test_ce_deck_draw_outcomes_are_the_remaining_cards_weighted():
    deck = Deck.new()
    outcomes = dict(deck.outcomes())
    assert sum(outcomes.values()) == 1
    assert outcomes["tunnel"] == Fraction(12, 42) and outcomes["event-count"] == Fraction(1, 42)
    deck.draw("event-count")
    outcomes = dict(deck.outcomes())
    assert "event-count" not in outcomes and outcomes["tunnel"] == Fraction(12, 41) and len(deck) == 41


def test_drawing_a_card_that_is_not_left_is_refused():
    deck = Deck.new()
    deck.draw("event-count")
    with pytest.raises(IllegalAction) as err:
        deck.draw("event-count")
    assert err.value.rule == "ce-deck-draw"
    with pytest.raises(IllegalAction):
        deck.draw("shrine")  # only with the Protectors
    assert Deck.new(protectors=True).draw("shrine").tile == "shrine"


def test_ce_deck_reshuffle_when_the_pile_runs_out():
    deck = Deck.new()
    for card_id, n in list(deck.pile.items()):
        for _ in range(n):
            deck.draw(card_id)
    assert len(deck) == 0 and deck.outcomes() == []
    with pytest.raises(IllegalAction) as err:
        deck.draw_random(Rng(0))
    assert err.value.rule == "ce-deck-draw"
    deck.put_in_discard("tunnel")
    deck.put_in_discard("crook")
    assert dict(deck.outcomes()) == {"crook": Fraction(1, 2), "tunnel": Fraction(1, 2)}
    drawn = deck.draw_random(Rng(3))
    assert drawn.id in ("tunnel", "crook") and len(deck) == 1 and not deck.discard


def test_random_draws_are_seeded():
    a, b = Deck.new(), Deck.new()
    ra, rb = Rng(7), Rng(7)
    assert [a.draw_random(ra).id for _ in range(20)] == [b.draw_random(rb).id for _ in range(20)]
    assert a == b


def test_deck_json_round_trip_and_refusals():
    deck = Deck.new()
    deck.draw("tunnel")
    deck.put_in_discard("tunnel")
    deck.draw("event-spawn")
    back = Deck.from_json(json.loads(json.dumps(deck.to_json())))
    assert back == deck and back.to_json() == deck.to_json()
    with pytest.raises(FormatError) as err:
        Deck.from_json({"pile": {"tunnel": 12}, "discard": {"tunnel": 1}})
    assert "only 12" in err.value.reason
    with pytest.raises(FormatError) as err:
        Deck.from_json({"pile": {"temple": 1}, "discard": {}})
    assert err.value.path == "deck.pile.temple"
    with pytest.raises(FormatError):
        Deck.from_json({"pile": {"tunnel": -1}, "discard": {}})
