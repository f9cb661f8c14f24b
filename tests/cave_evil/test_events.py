"""Event cards: the data, its validation, the step vocabulary, and the map helpers of Phase 4."""

import copy
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

import necro.cave_evil
from necro.core import FormatError, IllegalAction
from necro.cave_evil import scenarios
from necro.cave_evil import setup as su
from necro.cave_evil.deck import deck_spec
from necro.cave_evil.event_rules import EVENT_RULE_IDS, EVENT_RULES
from necro.cave_evil.events import (CONJURATION_EVENTS, DICE, DOES, EVENTS_FILE, REQUIRED, ROLLS, WHERE, Effect,
                                    EventCard, count_origin, count_spaces, describe, die_of, event, event_spec,
                                    events_from_json, every_pit, load_events, pit_of_throneroom, tile_placements,
                                    wander_limits, wanderers)
from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import Hex, distance, neighbours
from necro.cave_evil.movement import Creature, Squad, Squads
from necro.cave_evil.rules import RULES

from .test_movement import corridor

S = Hex
SPEC = event_spec()
RAW = json.loads(EVENTS_FILE.read_text(encoding="utf-8"))
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")
PACKAGE = Path(necro.cave_evil.__file__).resolve().parent


def raw_with(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def entry(data, event_id):
    return next(e for e in data["events"] if e["id"] == event_id)


def refused(change, *words):
    with pytest.raises(FormatError) as err:
        events_from_json(raw_with(change))
    for w in words:
        assert w in str(err.value), str(err.value)
    return err.value


@lru_cache(maxsize=1)
def _quick():
    return scenarios.quick(players=2)


def quick_ground():
    return _quick().ground.copy()


# ------------------------------------------------------------------ the data
def test_ce_event_data_every_shared_id_and_every_excavation_event_is_there():
    assert len(CONJURATION_EVENTS) == 12 and set(REQUIRED) <= set(SPEC.cards)
    for c in deck_spec():
        if c.is_event:
            assert c.event in SPEC, c.id
    assert [c.id for c in SPEC][:2] == ["pit-belch", "throneroom-spew"]  # file order kept


def test_ce_event_data_every_card_is_ours_with_a_reason():
    for c in SPEC:
        assert isinstance(c, EventCard) and c.provenance == "book" and c.why.strip() and c.name and c.text
        assert 1 <= len(c.effects) <= 6 and all(isinstance(e, Effect) for e in c.effects)


def test_the_data_uses_the_whole_vocabulary():
    steps = [e for c in SPEC for e in c.effects]
    assert {e.do for e in steps} == set(DOES)
    assert {e.at for e in steps if e.do == "spawn"} == set(WHERE)
    assert {e.roll for e in steps if e.do == "spawn"} == set(ROLLS)
    assert {e.die for e in steps if e.do == "wander"} == set(DICE)
    assert all(1 <= e.spaces <= 3 for e in steps if e.do == "blood-eye")


def test_the_balance_the_text_suggests():
    spawning = [c.id for c in SPEC if any(e.do == "spawn" for e in c.effects)]
    assert len(spawning) > len(SPEC) / 2  # most events call for spawn rolls
    assert [e.do for e in event("eye-quickens").effects] == ["blood-eye"]
    for nasty in ("fractal-rift", "abyss-vomit"):
        assert len(event(nasty).effects) >= 3
    assert any(e.roll == "resource" for c in SPEC for e in c.effects)  # "a few events" ask for resources


def test_the_excavation_deck_events_do_what_their_family_says():
    assert any(e.do == "spawn" for e in event("spawn").effects)
    assert any(e.do == "tile" for e in event("tiles").effects)
    assert any(e.do == "wander" for e in event("wander").effects)
    assert any(e.counts for e in event("count").effects)


def test_a_step_reads_back_from_its_json():
    e = event("abyss-vomit").effects[0]
    assert e == Effect("spawn", roll="regular", at="the-pit", times=2)
    assert e.to_json() == {"do": "spawn", "roll": "regular", "at": "the-pit", "times": 2}
    assert Effect("wander", die="d12").to_json() == {"do": "wander", "die": "d12"}
    assert Effect("blood-eye", spaces=2).to_json() == {"do": "blood-eye", "spaces": 2}
    assert Effect("tile", times=3).to_json() == {"do": "tile", "times": 3}
    for c in SPEC:
        for e in c.effects:
            assert Effect.from_json(json.loads(json.dumps(e.to_json()))) == e
    with pytest.raises(FormatError, match="step.die"):
        Effect.from_json({"do": "wander", "die": "d20"}, "step")


def test_the_spec_round_trips_through_json():
    again = events_from_json(json.loads(json.dumps(SPEC.to_json())))
    assert again == SPEC and again is not SPEC


def test_times_defaults_to_once():
    def drop(d):
        del entry(d, "tremor")["effects"][0]["times"]
    assert events_from_json(raw_with(drop))["tremor"].effects[0].times == 1


def test_an_unknown_event_is_refused_naming_the_rule():
    with pytest.raises(IllegalAction) as err:
        event("rain-of-frogs")
    assert err.value.rule == "ce-event-data"


# ------------------------------------------------------------------ hostile JSON
def test_refuses_what_is_not_an_events_file():
    with pytest.raises(FormatError, match="expected an object"):
        events_from_json([])
    refused(lambda d: d.update(format="cave-evil-tiles"), "format")
    refused(lambda d: d.update(version=2), "version")
    refused(lambda d: d.update(cards=[]), "unknown key", "'cards'")
    refused(lambda d: d.update(events=[]), "events", "between 1")


def test_refuses_a_missing_required_event():
    err = refused(lambda d: d["events"].remove(entry(d, "fractal-rift")), "fractal-rift", "ce-event-data")
    assert err.path == "events.events"
    refused(lambda d: d["events"].remove(entry(d, "wander")), "missing", "wander")


def test_refuses_a_duplicate_or_malformed_id():
    refused(lambda d: d["events"].append(copy.deepcopy(entry(d, "tremor"))), "used twice")
    refused(lambda d: entry(d, "tremor").update(id="Tremor"), "lowercase")
    refused(lambda d: entry(d, "tremor").update(id="trem--or"), "lowercase")
    refused(lambda d: entry(d, "tremor").update(id=7), "expected a string")


def test_refuses_bad_text_fields():
    refused(lambda d: entry(d, "tremor").update(text="two\nlines"), "one line")
    refused(lambda d: entry(d, "tremor").update(why="  "), "one line")
    refused(lambda d: entry(d, "tremor").update(provenance="rumour"), "'rumour' is not one of")
    refused(lambda d: entry(d, "tremor").pop("provenance"), "provenance", "missing")
    refused(lambda d: entry(d, "tremor").update(colour="red"), "unknown key", "colour")


def test_refuses_bad_steps_with_the_path_to_them():
    err = refused(lambda d: entry(d, "pit-belch")["effects"][0].update(at="the-moon"), "'the-moon' is not one of")
    assert err.path.endswith("].effects[0].at")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].update(do="explode"), "'explode' is not one of")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].update(die="d4"), "a spawn step takes only", "die")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].update(roll="excavation"), "'excavation' is not one of")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].update(times=0), "out of range")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].update(times="2"), "expected an integer")
    refused(lambda d: entry(d, "pit-belch")["effects"][0].pop("roll"), "roll", "missing")
    refused(lambda d: entry(d, "tremor")["effects"][0].update(times=4), "out of range")
    refused(lambda d: entry(d, "monsters-roam")["effects"][0].update(die="d6"), "'d6' is not one of")
    refused(lambda d: entry(d, "monsters-roam")["effects"][0].update(times=2), "a wander step takes only")
    refused(lambda d: entry(d, "eye-quickens")["effects"][0].update(spaces=4), "out of range")
    refused(lambda d: entry(d, "eye-quickens")["effects"][0].update(spaces=True), "expected an integer")
    refused(lambda d: entry(d, "eye-quickens").update(effects=[]), "between 1")
    refused(lambda d: entry(d, "eye-quickens").update(effects=[{"do": "tile"}] * 7), "between 1 and 6")
    refused(lambda d: entry(d, "eye-quickens").update(effects=["spawn"]), "expected an object")


def test_refuses_an_excavation_event_that_breaks_its_family():
    refused(lambda d: entry(d, "count")["effects"][0].update(at="the-pit"), "'count' event must do what")
    refused(lambda d: entry(d, "tiles").update(effects=[{"do": "wander", "die": "d4"}]), "'tiles' event")


def test_load_events_reads_a_file_and_refuses_broken_json(tmp_path):
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(RAW), encoding="utf-8")
    assert load_events(good) == SPEC
    bad = tmp_path / "broken.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(FormatError, match="not JSON"):
        load_events(bad)


# ------------------------------------------------------------------ the log
def test_describe_gives_one_line_per_step():
    assert describe(Effect("spawn", roll="regular", at="the-pit")) == "One Spawn Roll on The Pit."
    assert describe(Effect("spawn", roll="resource", at="every-pit", times=2)) == \
        "Two Resource Spawn Rolls on each spawn pit, The Pit first."
    assert "D4" in describe(Effect("spawn", roll="regular", at="throneroom-d4", times=2))
    assert "own D4" in describe(Effect("spawn", roll="regular", at="throneroom-d4", times=2))
    line = describe(Effect("spawn", roll="regular", at="count-from-necromancer", times=2))
    assert "D12" in line and "Necromancer" in line and "counted anew" in line
    assert describe(Effect("tile", times=2)).startswith("Lay two Excavation tiles")
    assert describe(Effect("wander", die="d12")).startswith("Roll a D12: every Wandering Monster")
    assert describe(Effect("blood-eye", spaces=1)) == "The Blood Eye advances one space on the Awaken Track."
    assert describe(Effect("blood-eye", spaces=3)).endswith("three spaces on the Awaken Track.")
    for c in SPEC:
        assert len(c.lines()) == len(c.effects) and all("\n" not in x and x.endswith(".") for x in c.lines())


def test_die_of_each_step():
    assert die_of(Effect("spawn", roll="regular", at="throneroom-d4")) == 4
    assert die_of(Effect("spawn", roll="regular", at="count-from-pit")) == 12
    assert die_of(Effect("spawn", roll="regular", at="the-pit")) is None
    assert die_of(Effect("wander", die="d4")) == 4 and die_of(Effect("wander", die="d12")) == 12
    assert die_of(Effect("tile")) is None and die_of(Effect("blood-eye", spaces=1)) is None


# ------------------------------------------------------------------ pits
def test_ce_event_steps_every_pit_the_pit_first_then_in_the_order_laid():
    g = quick_ground()
    pits = every_pit(g)
    assert pits[0] == g.pit() and set(pits) == set(g.spawn_pits) and len(pits) == 5
    assert [g.spawn_pits[h] for h in pits] == sorted(g.spawn_pits[h] for h in pits)
    assert every_pit(Ground.new()) == [S(0, 0)]


def test_ce_event_throneroom_a_d4_names_a_numbered_throneroom():
    state = _quick()
    g, thrones = state.ground, su.throneroom_numbers(state.plan)
    pits = [pit_of_throneroom(g, thrones, k) for k in (1, 2, 3, 4)]
    assert len(set(pits)) == 4 and set(pits) == set(every_pit(g)[1:])
    for k, pit in zip((1, 2, 3, 4), pits):
        assert pit in thrones[k].spaces
    for bad in (0, 5, True, "1"):
        with pytest.raises(IllegalAction) as err:
            pit_of_throneroom(g, thrones, bad)
        assert err.value.rule == "ce-event-throneroom"
    with pytest.raises(IllegalAction, match="no Throneroom 2"):
        pit_of_throneroom(g, {1: thrones[1]}, 2)
    with pytest.raises(IllegalAction, match="not on this ground"):
        pit_of_throneroom(Ground.new(), thrones, 1)


def test_ce_event_throneroom_a_collapsed_throneroom_keeps_its_pit():
    state = _quick()
    g, thrones = quick_ground(), su.throneroom_numbers(state.plan)
    room = thrones[1]
    pit = room.spawn_pits[0]
    for h in room.spaces:
        if h != pit:
            g.place(g.placement("single", h, 0, "collapse"))
    assert all(g.status_of(h) == "collapsed" for h in room.spaces if h != pit)
    assert pit_of_throneroom(g, thrones, 1) == pit and g.is_open(pit)


# ------------------------------------------------------------------ counting
def test_ce_event_count_each_space_further_out_over_dug_ground():
    g = corridor()  # the Pit Room, and a corridor +0+3 .. +0+10 south of it
    assert count_spaces(g, S(0, 10), 3) == [S(0, 7)]
    assert count_spaces(g, S(0, 0), 0) == [S(0, 0)]
    assert count_spaces(g, S(0, 0), 1) == sorted(neighbours(S(0, 0)))


def test_ce_event_count_never_loops_back():
    g = corridor()
    # from the corridor's middle the count runs to either end, never back past its start
    assert count_spaces(g, S(0, 6), 3) == [S(0, 3), S(0, 9)]
    # from the foot of the corridor, 9 spaces north end in the Pit Room, never back down the corridor
    ends = count_spaces(g, S(0, 10), 9)
    assert ends and all(distance(S(0, 0), h) <= 2 and distance(S(0, 10), h) == 9 for h in ends)


def test_ce_event_count_short_ends_where_the_longest_ways_end():
    g = corridor()
    assert count_spaces(g, S(0, 7), 5) == [S(0, 2)]  # 5 north; south runs out after 3
    ends = count_spaces(g, S(0, 8), 12)
    assert ends and all(distance(S(0, 8), h) == 10 for h in ends)  # the Pit Room's far rim


def test_ce_event_count_short_a_buried_origin_counts_from_the_nearest_open_ground():
    g = corridor()
    g.place(g.placement("single", S(0, 9), 0, "collapse"))
    g.place(g.placement("single", S(0, 10), 0, "collapse"))
    assert count_spaces(g, S(0, 10), 4) == [S(0, 8)]  # nothing open beside it: the nearest open space
    g = corridor()
    g.place(g.placement("single", S(0, 10), 0, "collapse"))
    assert count_spaces(g, S(0, 10), 4) == [S(0, 6)]  # an open neighbour: the count goes on as usual


def test_an_open_origin_with_no_way_out_stays_put():
    g = Ground.new()
    g.place(g.placement("single", S(9, 0)))
    assert count_spaces(g, S(9, 0), 5) == [S(9, 0)]


def test_count_spaces_refuses_a_negative_count():
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError):
            count_spaces(corridor(), S(0, 0), bad)


def _monotone_reach(g, origin, n):
    """An independent statement of the counting rule: the open hexes a monotone walk of exactly
    ``n`` steps can end on (each step to a neighbour one further from the origin)."""
    @lru_cache(maxsize=None)
    def walk(h):
        if h == origin:
            return True
        return g.is_open(h) and any(walk(m) for m in neighbours(h) if distance(origin, m) == distance(origin, h) - 1)
    ring = {origin} if n == 0 else {h for h in g.open_hexes() if distance(origin, h) == n}
    return sorted(h for h in ring if walk(h))


def test_ce_event_count_from_the_pit_on_a_whole_cave():
    """The card-lingo example: a D12 rolled and counted from the Pit, for every face."""
    g = quick_ground()
    pit = count_origin(g, "count-from-pit", None)
    assert pit == g.pit()
    for face in range(1, 13):
        ends = count_spaces(g, pit, face)
        assert ends and all(g.is_open(h) for h in ends)
        reach = next(k for k in range(face, -1, -1) if _monotone_reach(g, pit, k))
        assert ends == _monotone_reach(g, pit, reach), face
        assert reach == face or not _monotone_reach(g, pit, reach + 1)


def test_ce_event_count_origin():
    g = corridor()
    assert count_origin(g, "count-from-necromancer", S(0, 7)) == S(0, 7)
    assert count_origin(g, "count-from-necromancer", None) == S(0, 0)  # no Necromancer: The Pit
    assert count_origin(g, "count-from-pit", S(0, 7)) == S(0, 0)
    with pytest.raises(ValueError):
        count_origin(g, "the-pit", S(0, 7))


# ------------------------------------------------------------------ tiles
def test_ce_event_tiles_where_next_to_dug_ground_and_never_over_a_pit():
    g = corridor()
    ways = tile_placements(g, "tunnel")
    assert ways
    for p in ways:
        first = p.spaces[0]
        assert p.side == "open" and g.is_diggable(first) and any(g.is_open(n) for n in neighbours(first))
        assert S(0, 0) not in p.covers
    # a tunnel running straight south from the corridor's foot fits; one starting on open ground never
    assert any(p.spaces[0] == S(0, 11) for p in ways)
    assert not any(g.is_open(p.spaces[0]) for p in ways)
    # ways that cross the corridor are allowed, as for an excavation
    assert any(any(g.is_open(h) for h in p.spaces[1:]) for p in ways)


def test_ce_event_tiles_where_a_new_pit_never_under_a_player_squad():
    g = corridor()
    free = tile_placements(g, "throneroom")
    under = {p.spawn_pits[0] for p in free} & g.open_hexes()
    assert under  # some Throneroom would put its pit on the corridor
    squad_at = sorted(under)[0]
    assert all(p.spawn_pits[0] != squad_at for p in tile_placements(g, "throneroom", [squad_at]))


def test_ce_event_tiles_never_into_a_lair():
    state = _quick()
    g = state.ground
    lair_hexes = set(g.interior) | set(g.shell)
    ways = tile_placements(g, "great-hall", state.squads.player_hexes())
    assert ways and not any(set(p.covers) & lair_hexes for p in ways)


def test_ce_event_tiles_where_nothing_when_the_box_is_empty():
    g = corridor()
    g.place(g.placement("shrine", S(-8, 0)))
    assert tile_placements(g, "shrine")
    g.place(g.placement("shrine", S(8, 0)))
    assert tile_placements(g, "shrine") == []
    with pytest.raises(IllegalAction) as err:
        tile_placements(g, "lair")
    assert err.value.rule == "ce-event-tiles"


# ------------------------------------------------------------------ wandering monsters
def cr(cid, speed=3, card=None):
    return Creature(cid, "small", speed, card=card)


def test_ce_event_wander_frozen_monsters_on_pits_may_move_trapped_ones_not():
    g = corridor()
    g.place(g.placement("single", S(0, 10), 0, "collapse"))
    squads = Squads([
        Squad("w:A", None, S(0, 0), [cr("rat")], "A"),            # frozen on The Pit
        Squad("w:B", None, S(0, 5), [cr("bat")], "B"),
        Squad("w:C", None, S(0, 10), [cr("mole")], "C"),          # caught in a collapse
        Squad("w:D", None, S(0, 7), [cr("guard", card="abysmal-gore-beast")], "D"),  # a Protector on guard
        Squad("w:E", None, S(0, 8), [cr("freed", card="old-mold-mouth")], "E"),  # one subdued, then set free
        Squad("0:N", 0, S(0, 3), [cr("necro")], "N"),
    ])
    assert wanderers(g, squads, guards={"w:D": S(0, 7)}) == ["w:A", "w:B", "w:E"]


def test_ce_event_wander_reach_the_roll_caps_each_creature_at_its_speed():
    squad = Squad("w:A", None, S(0, 5), [cr("slow", 2), cr("fast", 4)], "A")
    assert wander_limits(squad, 3) == {"slow": 2, "fast": 3}
    assert wander_limits(squad, 12) == {"slow": 2, "fast": 4}
    for bad in (0, -2, True):
        with pytest.raises(ValueError):
            wander_limits(squad, bad)


# ------------------------------------------------------------------ the rules
ASKED = ("ce-event-cards", "ce-event-data", "ce-event-phase4", "ce-event-redraw-phase4", "ce-event-excavated-only",
         "ce-event-count", "ce-event-count-short", "ce-event-wander", "ce-event-tiles", "ce-event-box",
         "ce-fractal-spawn")


def test_event_rule_ids_are_new_unique_and_complete():
    assert len(set(EVENT_RULE_IDS)) == len(EVENT_RULE_IDS)
    assert all(i.startswith("ce-") for i in EVENT_RULE_IDS)
    assert set(ASKED) <= set(EVENT_RULE_IDS)
    defined_elsewhere = set()
    for path in PACKAGE.glob("*.py"):
        if path.name != "event_rules.py":
            defined_elsewhere |= set(re.findall(r'Rule\(\s*"(ce-[a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert "ce-count-away" in defined_elsewhere  # the search finds the other modules' rules
    assert not sorted(set(EVENT_RULE_IDS) & defined_elsewhere)


def test_every_event_ruling_says_the_alternative():
    rulings = [r for r in EVENT_RULES if r.kind == "ruling"]
    assert len(rulings) >= 8
    for r in rulings:
        assert "Alternative:" in r.summary and ("Our" in r.summary), r.id
    assert {r.kind for r in EVENT_RULES} == {"rule", "ruling"}


def test_every_rule_id_the_event_modules_name_exists():
    known = {r.id for r in RULES} | set(EVENT_RULE_IDS)
    for name in ("events.py", "event_rules.py", "events.json"):
        named = set(re.findall(r"\bce-[a-z0-9-]*[a-z0-9]", (PACKAGE / name).read_text(encoding="utf-8")))
        assert not sorted(named - known), name


def _words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_event_rules_and_cards_are_in_our_own_words():
    source = " " + " ".join(_words(RULE_TEXT.read_text(encoding="utf-8"))) + " "
    texts = [(r.id, r.summary) for r in EVENT_RULES] + [(c.id, c.text + " " + c.why) for c in SPEC]
    for who, text in texts:
        words = _words(text)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert f" {run} " not in source, (who, run)
