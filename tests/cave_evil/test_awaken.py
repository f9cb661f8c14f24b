"""The Awaken Track, the Blood Eye and the five Awakening Evils (necro.cave_evil.awaken)."""

import copy
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from necro.core import FormatError, IllegalAction
from necro.cave_evil.awaken import (AWAKEN_FILE, BITCH_BINDING, GOAT_BLESSING, GOAT_MOVEMENT, STATUE_BATH,
                                    STATUE_RANGE, Track, adjust, advance, awaken_data, awaken_from_json,
                                    awakening_outcomes, bitch_target, bitch_victims, cycle_end_spaces,
                                    emperor_chooser, emperor_fallback_lair_roll, emperor_fallback_outcomes,
                                    end_of_turn, goat_decider, goat_direction, goat_next_hexes, goat_paths,
                                    invoke_spaces, lair_order, load_awaken, roll_off, roll_off_outcomes)
from necro.cave_evil.awaken_rules import AWAKEN_RULES
from necro.cave_evil.creatures import catalogue
from necro.cave_evil.hexes import Hex, to_xy
from necro.cave_evil.rules import RULES

DATA = awaken_data()
LAYOUT = DATA.track
RAW = json.loads(AWAKEN_FILE.read_text(encoding="utf-8"))
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")
PIT, BITCH, STATUE, EMPEROR, GOAT = ("pit-of-infinite-shadow", "darkest-evil-bitch", "darkest-statue-of-death",
                                     "eternal-evil-emperor", "evil-black-old-goat")


def raw_with(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def evil_entry(data, evil_id):
    return next(e for e in data["evils"] if e["id"] == evil_id)


def refused(rule, fn, *args, **kwargs):
    with pytest.raises(IllegalAction) as exc:
        fn(*args, **kwargs)
    assert exc.value.rule == rule, exc.value
    return exc.value


# ================================================================== the data
def test_the_five_evils_and_their_flags():
    assert list(DATA.evils) == [PIT, BITCH, STATUE, EMPEROR, GOAT]
    assert [e.id for e in DATA.evils.values() if e.advanced] == [GOAT]
    assert [e.id for e in DATA.evils.values() if e.revealed.advanced] == [STATUE]
    assert [e.id for e in DATA.evils.values() if e.awakened.track_stops] == [BITCH, EMPEROR]
    assert DATA.short_game == (PIT, BITCH)
    assert DATA[PIT].card is None and DATA[PIT].win.how == "enter-pit" and DATA[PIT].win.starts == "next-cycle"
    assert DATA[BITCH].awakened.kills == "no-enemy-kill-points"
    assert DATA[GOAT].awakened.eviscerates and DATA[GOAT].win.squad_eviscerated and DATA[GOAT].win.by == "necromancer"
    assert DATA[EMPEROR].awakened.digs == "anywhere" and DATA[GOAT].awakened.digs == "undug"
    assert DATA[STATUE].win.how == "eyes-to-crystal" and DATA[STATUE].win.once_per_game
    assert not any(DATA[e].win.once_per_game for e in (BITCH, EMPEROR, GOAT))
    assert not any(DATA[e].win.items for e in (BITCH, EMPEROR, GOAT))


def test_the_texts_numbers():
    statue, goat, bitch = DATA[STATUE].revealed.offer, DATA[GOAT], DATA[BITCH]
    assert (STATUE_BATH, STATUE_RANGE, GOAT_BLESSING, GOAT_MOVEMENT) == (18, 8, 27, 3)
    assert (statue.kind, statue.kill_points, statue.counts, statue.spends) == ("bath", STATUE_BATH, "any", True)
    assert (statue.shot.range, statue.shot.attribute) == (STATUE_RANGE, "weapon")
    offer = goat.revealed.offer
    assert (offer.kind, offer.kill_points, offer.counts, offer.wins) == ("blessing", GOAT_BLESSING, "enemy", True)
    assert goat.awakened.movement == GOAT_MOVEMENT == catalogue().creature(GOAT).movement
    assert dict(bitch.win.binding) == BITCH_BINDING == {"strength": -3, "dodge": -3, "armor": -3}
    assert bitch.win.attacker == "necromancer" and bitch.win.second_attribute == "opponents"
    assert not bitch.win.flank and bitch.win.by == "necromancer-squad"


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_the_numbers_and_names_are_in_the_rule_text():
    text = re.sub(r"\s+", " ", RULE_TEXT.read_text(encoding="utf-8"))
    for phrase in ("18 total Kill Points", "27 Enemy Kill Points", "Range of 8 spaces", "entire 3 movement points",
                   "Binding -3 Strength, Dodge and Armor", "Pit of Infinite Shadow and Darkest Evil Bitch"):
        assert phrase in text, phrase
    for evil in DATA.evils.values():
        assert evil.name in text, evil.name


def test_every_entry_says_where_it_comes_from():
    for evil in DATA.evils.values():
        assert {g for g, _ in evil.provenance} == {"revealed", "awakened", "win"}
        assert evil.why
    for n, icons in LAYOUT.icons.items():
        assert dict(icons.provenance).keys() == {"reveal", "awaken"} and icons.why
    assert dict(LAYOUT.provenance) == {"length": "book", "start": "rules"}


def test_the_track_layout():
    """Reveal midway; awaken on completing the circuit with 4, earlier with 2-3 (rule ce-awaken-track-data)."""
    assert LAYOUT.length == 60 and LAYOUT.start == 0
    assert (LAYOUT.reveal(4), LAYOUT.awaken(4), LAYOUT.doom(4)) == (30, 60, 90)
    for n in (2, 3):
        assert (LAYOUT.reveal(n), LAYOUT.awaken(n), LAYOUT.doom(n)) == (24, 48, 84)
        assert LAYOUT.awaken(n) < LAYOUT.awaken(4)


# ================================================================== the set-up draw
def test_the_hidden_evil_is_drawn_from_the_right_deck():
    assert awakening_outcomes(short_game=True, advanced=True) == [(PIT, Fraction(1, 2)), (BITCH, Fraction(1, 2))]
    assert awakening_outcomes(short_game=True, advanced=False) == [(PIT, Fraction(1, 2)), (BITCH, Fraction(1, 2))]
    basic = awakening_outcomes(short_game=False, advanced=False)
    assert [e for e, _ in basic] == [PIT, BITCH, STATUE, EMPEROR] and {q for _, q in basic} == {Fraction(1, 4)}
    full = awakening_outcomes(short_game=False, advanced=True)
    assert [e for e, _ in full] == [PIT, BITCH, STATUE, EMPEROR, GOAT] and sum(q for _, q in full) == 1


# ================================================================== moving the Blood Eye
def test_invoking_moves_one_space_per_creature():
    """The text's Invoke Example: 3 creatures, 2 items and a spell move the Blood Eye 3 spaces."""
    assert invoke_spaces(3) == 3 and invoke_spaces(0) == 0
    for bad in (-1, True, 1.5):
        with pytest.raises(ValueError):
            invoke_spaces(bad)


def test_cycle_end_and_the_extended_game():
    assert cycle_end_spaces(invoked_this_cycle=False, extended=False) == 1
    assert cycle_end_spaces(invoked_this_cycle=True, extended=False) == 1
    assert cycle_end_spaces(invoked_this_cycle=False, extended=True) == 1
    assert cycle_end_spaces(invoked_this_cycle=True, extended=True) == 0


def test_the_extended_game_is_slower():
    """Four cycles invoking 2, 0, 1, 0 creatures: 7 spaces normally, 5 with advanced rule 6."""
    def play(extended):
        t = Track()
        for invoked in (2, 0, 1, 0):
            t, _ = advance(t, invoke_spaces(invoked), 4)
            t, _ = advance(t, cycle_end_spaces(invoked > 0, extended), 4)
        return t.position
    assert (play(False), play(True)) == (7, 5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_onto_and_past_the_reveal_icon(players):
    reveal = LAYOUT.reveal(players)
    t, ev = advance(Track(reveal - 2), 1, players)
    assert ev == [] and not t.reveal_due and t.position == reveal - 1
    onto, ev = advance(t, 1, players)
    assert ev == ["reveal"] and onto.reveal_due and not onto.revealed and onto.position == reveal
    past, ev = advance(t, 3, players)
    assert ev == ["reveal"] and past.reveal_due and past.position == reveal + 2
    # the card turns at the end of the turn, once
    turned, now = end_of_turn(past)
    assert now and turned.revealed and not turned.reveal_due
    assert end_of_turn(turned) == (turned, False)
    again, ev = advance(turned, 1, players)
    assert ev == [] and again.revealed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_onto_and_past_the_awaken_icon(players):
    awaken = LAYOUT.awaken(players)
    t = Track(awaken - 1, revealed=True)
    onto, ev = advance(t, 1, players)
    assert ev == ["awaken"] and onto.awakened and onto.position == awaken
    past, ev = advance(t, 4, players)
    assert ev == ["awaken"] and past.awakened and past.position == awaken + 3
    nothing, ev = advance(onto, 1, players)
    assert ev == [] and nothing.awakened


def test_the_awaken_icon_comes_earlier_with_fewer_players():
    t = Track(47, revealed=True)
    assert advance(t, 1, 3)[1] == ["awaken"] and advance(t, 1, 2)[1] == ["awaken"]
    assert advance(t, 1, 4)[1] == []


def test_reveal_and_awaken_in_one_move():
    """A card still waiting to be turned is turned as the Evil wakes (rule ce-awaken-reveal-when)."""
    t, ev = advance(Track(29), 31, 4)
    assert ev == ["reveal", "awaken"] and t.revealed and t.awakened and not t.reveal_due
    due, _ = advance(Track(29), 1, 4)
    t, ev = advance(due, 30, 4)
    assert ev == ["awaken"] and t.revealed and not t.reveal_due


@pytest.mark.parametrize("players", [2, 3, 4])
def test_doom_on_the_second_pass_of_the_reveal_icon(players):
    doom = LAYOUT.length + LAYOUT.reveal(players)
    awake, _ = advance(Track(), LAYOUT.awaken(players), players)
    assert awake.awakened and not awake.doomed
    t, ev = advance(awake, doom - 1 - awake.position, players)
    assert ev == [] and t.position == doom - 1
    end, ev = advance(t, 1, players)
    assert ev == ["doom"] and end.doomed and end.position == doom
    over, ev = advance(t, 5, players)      # the Blood Eye stops at the icon
    assert ev == ["doom"] and over.position == doom
    refused("ce-awaken-doom", advance, end, 1, players)
    refused("ce-awaken-doom", advance, end, 0, players)


def test_a_whole_game_in_one_move():
    t, ev = advance(Track(), 500, 4)
    assert ev == ["reveal", "awaken", "doom"] and t.position == 90 and t.doomed


def test_the_bitch_and_the_emperor_stop_the_track():
    """Rule ce-awaken-stop: the Blood Eye stays on the Awaken icon and doom never comes."""
    t, ev = advance(Track(58, revealed=True), 5, 4, track_stops=True)
    assert ev == ["awaken"] and t.stopped and t.position == 60
    assert advance(t, 100, 4) == (t, [])
    assert adjust(t, 2) == (t, [])
    goat, _ = advance(Track(58, revealed=True), 5, 4, track_stops=False)
    assert not goat.stopped and goat.position == 63


def test_never_backwards():
    t = Track(10)
    refused("ce-awaken-track", advance, t, -1, 4)
    refused("ce-awaken-track", advance, t, True, 4)
    refused("ce-awaken-track", advance, t, 1.0, 4)
    assert t == Track(10)


def test_icons_for_a_number_of_players_the_track_has_not():
    refused("ce-awaken-adjust", advance, Track(), 1, 1)
    refused("ce-awaken-adjust", advance, Track(), 1, 5)


# ------------------------------------------------------------ a Necromancer dies
def test_adjust_fires_a_reveal_icon_already_passed():
    t, ev = advance(Track(), 26, 4)
    assert ev == [] and not t.reveal_due
    t, ev = adjust(t, 3)
    assert ev == ["reveal"] and t.reveal_due and t.position == 26
    assert adjust(end_of_turn(t)[0], 3)[1] == []


def test_adjust_fires_an_awaken_icon_already_passed():
    t = Track(50, revealed=True)
    after, ev = adjust(t, 3)
    assert ev == ["awaken"] and after.awakened and after.position == 50
    stopped, ev = adjust(t, 2, track_stops=True)
    assert ev == ["awaken"] and stopped.stopped and stopped.position == 50


def test_adjust_can_bring_doom():
    t = Track(86, revealed=True, awakened=True)
    assert advance(t, 0, 4) == (t, [])
    end, ev = adjust(t, 3)
    assert ev == ["doom"] and end.doomed and end.position == 86


def test_adjust_with_nothing_passed():
    t = Track(20)
    assert adjust(t, 2) == (t, [])
    t, ev = advance(t, 4, 3)
    assert ev == ["reveal"]


# ------------------------------------------------------------ the value type
def test_space_and_lap():
    assert Track(0).space() == 0 and Track(65, revealed=True, awakened=True).space() == 5
    assert Track(59).lap() == 0 and Track(60, revealed=True, awakened=True).lap() == 1


def test_track_json_round_trip():
    states = [Track()]
    for step, players, stops in ((25, 4, False), (5, 4, False), (31, 4, False), (29, 4, False), (26, 3, True)):
        t = states[-1] if not states[-1].doomed else Track()
        t, _ = advance(t, step, players, track_stops=stops)
        states.append(t)
    states.append(end_of_turn(advance(Track(), 30, 4)[0])[0])
    states.append(advance(Track(58, revealed=True), 9, 4, track_stops=True)[0])
    assert any(s.doomed for s in states) and any(s.stopped for s in states) and any(s.reveal_due for s in states)
    for s in states:
        data = json.loads(json.dumps(s.to_json()))
        back = Track.from_json(data)
        assert back == s and back.copy() == s and back.to_json() == data


BASE = Track().to_json()
HOSTILE_TRACKS = [
    ([], "expected an object"),
    ({k: v for k, v in BASE.items() if k != "doomed"}, "missing"),
    ({**BASE, "position": "3"}, "expected an integer"),
    ({**BASE, "position": True}, "expected an integer"),
    ({**BASE, "position": -1}, "out of range"),
    ({**BASE, "position": 91}, "out of range"),
    ({**BASE, "revealed": 1}, "expected true or false"),
    ({**BASE, "extra": 1}, "unknown key"),
    ({**BASE, "position": 30, "reveal_due": True, "revealed": True}, "already face up"),
    ({**BASE, "position": 60, "awakened": True}, "has been revealed"),
    ({**BASE, "position": 30, "revealed": True, "stopped": True}, "only an awake Evil"),
    ({**BASE, "position": 40}, "past every Reveal icon"),
    ({**BASE, "position": 10, "revealed": True}, "no Reveal icon yet"),
    ({**BASE, "position": 60, "revealed": True}, "past every Awaken icon"),
    ({**BASE, "position": 40, "revealed": True, "awakened": True}, "no Awaken icon yet"),
    ({**BASE, "position": 70, "revealed": True, "awakened": True, "stopped": True}, "stopped track"),
    ({**BASE, "position": 90, "revealed": True, "awakened": True}, "a second time"),
    ({**BASE, "position": 70, "revealed": True, "awakened": True, "doomed": True}, "not passed the Reveal icon twice"),
    ({**BASE, "position": 80, "revealed": True, "doomed": True}, "after the Evil is awake"),
]


@pytest.mark.parametrize("data,reason", HOSTILE_TRACKS)
def test_hostile_track_json(data, reason):
    with pytest.raises(FormatError) as exc:
        Track.from_json(data)
    assert reason in str(exc.value), exc.value


def test_a_track_between_the_icons_of_different_counts_loads_either_way():
    """At 26 a 3-player game has passed its Reveal icon, a 4-player game not yet."""
    assert Track.from_json({**Track().to_json(), "position": 26}) == Track(26)
    assert Track.from_json({**Track().to_json(), "position": 26, "reveal_due": True}).reveal_due


# ================================================================== hostile data files
def _set(path, value):
    def change(data):
        *head, last = path
        node = data
        for key in head:
            node = evil_entry(node, key) if key in DATA.evils and "evils" in node else node[key]
        if value is _DELETE:
            del node[last]
        else:
            node[last] = value
    return change


_DELETE = object()

HOSTILE_DATA = [
    (["format"], "other", "is not one of"),
    (["surprise"], 1, "unknown key"),
    (["track", "length"], 5, "out of range"),
    (["track", "icons", "4", "awaken"], 30, "after the Reveal icon"),
    (["track", "icons", "4", "awaken"], 61, "out of range"),
    (["track", "icons", "2", "awaken"], 55, "no later than with 3"),
    (["track", "icons", "3", "reveal"], 31, "no later than with 4"),
    (["track", "icons", "5"], {"reveal": 1, "awaken": 2}, "unknown key"),
    (["track", "icons", "4", "provenance", "reveal"], "guess", "is not one of"),
    (["track", "provenance", "start"], _DELETE, "say where this comes from"),
    (["track", "why"], "two\nlines", "one-line"),
    (["short_game"], [PIT], "expected 2 items"),
    (["short_game"], [PIT, GOAT], "need no advanced play"),
    (["short_game"], [PIT, PIT], "named twice"),
    (["short_game"], [PIT, "nobody"], "need no advanced play"),
    ([GOAT, "card"], "ghoul", "no awakened-evil card"),
    ([GOAT, "awakened", "movement"], 4, "moves 3, not 4"),
    ([STATUE, "revealed", "offer", "shot", "range"], 9, "does not shoot 9"),
    ([BITCH, "win", "binding"], {"strength": -3}, "binds"),
    ([BITCH, "win", "binding"], {"luck": -3}, "unknown key"),
    ([BITCH, "win", "binding"], {"strength": 3, "dodge": -3, "armor": -3}, "out of range"),
    ([PIT, "win", "items"], False, "no fight"),
    ([EMPEROR, "card"], None, "needs its creature card"),
    ([EMPEROR, "win", "flank"], _DELETE, "missing"),
    ([EMPEROR, "awakened", "each_cycle"], "dance", "is not one of"),
    ([EMPEROR, "awakened", "track_stops"], "yes", "expected true or false"),
    ([STATUE, "revealed", "on_pit"], False, "set on_pit"),
    ([STATUE, "revealed", "offer", "shot"], None, "buys a shot"),
    ([GOAT, "revealed", "offer", "wins"], False, "wins the game"),
    ([GOAT, "provenance", "win"], _DELETE, "say where this comes from"),
    ([GOAT, "id"], "Goat", "lowercase"),
    ([GOAT, "id"], BITCH, "used twice"),
]


@pytest.mark.parametrize("path,value,reason", HOSTILE_DATA)
def test_hostile_awaken_json(path, value, reason):
    with pytest.raises(FormatError) as exc:
        awaken_from_json(raw_with(_set(path, value)))
    assert reason in str(exc.value), exc.value


def test_a_deck_of_advanced_evils_only_is_refused():
    def change(data):
        for e in data["evils"]:
            e["advanced"] = True
    with pytest.raises(FormatError, match="deck would be empty"):
        awaken_from_json(raw_with(change))


def test_load_awaken_reads_files(tmp_path):
    good = tmp_path / "awaken.json"
    good.write_text(json.dumps(RAW), encoding="utf-8")
    assert load_awaken(good) == DATA
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FormatError, match="not JSON"):
        load_awaken(bad)


# ================================================================== who the Evils pick
def test_roll_offs():
    assert roll_off({0: 5, 2: 9, 3: 9}) == [2, 3]
    assert roll_off({0: 5, 2: 9, 3: 1}) == [2]
    assert roll_off({0: 5, 2: 9, 3: 1}, lowest=True) == [3]
    assert roll_off_outcomes([3, 1]) == [(1, Fraction(1, 2)), (3, Fraction(1, 2))]
    for bad in ({}, {0: 0}, {0: 13}, {0: True}):
        with pytest.raises(ValueError):
            roll_off(bad)


def test_the_bitch_kills_players_without_enemy_kill_points():
    assert bitch_victims([0, 3, 0, 1.5], alive=[0, 1, 2, 3]) == [0, 2]
    assert bitch_victims([0, 3, 0, 1.5], alive=[1, 3]) == []
    assert bitch_victims([0, 0], alive=[0, 1]) == [0, 1]     # rule ce-evil-bitch-none


def test_the_bitch_picks_the_fewest_enemy_kill_points():
    assert bitch_target([6, 3, 9, 1.5], [0, 0, 0, 5], alive=[0, 1, 2, 3]) == [3]
    assert bitch_target([6, 3, 9, 1.5], [0, 0, 0, 5], alive=[0, 1, 2]) == [1]


def test_the_bitch_breaks_ties_by_wandering_kill_points_then_the_lowest_d12():
    assert bitch_target([3, 3, 9, 3], [2, 0.5, 0, 1], alive=[0, 1, 2, 3]) == [1]
    tied = bitch_target([3, 3, 9, 3], [1, 1, 0, 1], alive=[0, 1, 2, 3])
    assert tied == [0, 1, 3]
    assert roll_off({0: 7, 1: 2, 3: 11}, lowest=True) == [1]


def test_target_functions_refuse_nonsense():
    for args in (([1, 2], [0, 0], []), ([1, 2], [0, 0], [2]), ([1, -1], [0, 0], [0, 1]),
                 ([1, "x"], [0, 0], [0, 1]), ([1, 2], [0], [0, 1]), ([1, 2], [0, None], [0, 1])):
        with pytest.raises(ValueError):
            bitch_target(*args)
    with pytest.raises(ValueError):
        emperor_chooser([1, True], [0, 1])


def test_the_emperor_is_steered_by_the_most_enemy_kill_points():
    assert emperor_chooser([3, 9, 6, 0], alive=[0, 1, 2, 3]) == [1]
    assert emperor_chooser([3, 9, 9, 0], alive=[0, 1, 2, 3]) == [1, 2]       # they roll, highest declares
    assert emperor_chooser([3, 9, 9, 0], alive=[0, 2, 3]) == [2]
    assert emperor_chooser([0, 0, 0], alive=[0, 1, 2]) == []                 # the lair roll


def test_the_emperors_focus_changes_hands_only_for_more():
    """Rule ce-evil-emperor-control."""
    assert emperor_chooser([9, 9, 3], alive=[0, 1, 2], current=0) == [0]
    assert emperor_chooser([9, 10.5, 3], alive=[0, 1, 2], current=0) == [1]
    assert emperor_chooser([9, 12, 12], alive=[0, 1, 2], current=0) == [1, 2]
    assert emperor_chooser([9, 6, 3], alive=[1, 2], current=0) == [1]        # the controller died


def test_the_emperors_lair_roll():
    """Lairs counted clockwise from the first player's; rerolled past the last (rule ce-evil-emperor-lair)."""
    assert [emperor_fallback_lair_roll(d, 2, [0, 1, 2, 3], 4) for d in (1, 2, 3, 4)] == [2, 3, 0, 1]
    assert [emperor_fallback_lair_roll(d, 1, [0, 1, 2], 3) for d in (1, 2, 3, 4)] == [1, 2, 0, None]
    assert [emperor_fallback_lair_roll(d, 0, [0, 1], 2) for d in (1, 2, 3, 4)] == [0, 1, None, None]
    assert [emperor_fallback_lair_roll(d, 0, [0, 2, 3], 4) for d in (1, 2, 3, 4)] == [0, 2, 3, None]
    assert lair_order(1, [0, 2, 3], 4) == [2, 3, 0]                          # the first player is dead
    assert emperor_fallback_outcomes(1, [0, 2, 3], 4) == [(2, Fraction(1, 3)), (3, Fraction(1, 3)),
                                                           (0, Fraction(1, 3))]
    assert sum(q for _, q in emperor_fallback_outcomes(0, [0, 1, 2, 3], 4)) == 1
    for bad in (0, 5, True):
        with pytest.raises(ValueError):
            emperor_fallback_lair_roll(bad, 0, [0, 1], 2)
    with pytest.raises(ValueError):
        lair_order(0, [0, 4], 4)


# ------------------------------------------------------------ the Goat
def test_the_goats_d4():
    assert [goat_direction(d) for d in (1, 2, 3, 4)] == ["north", "east", "south", "west"]
    for bad in (0, 5, True, "1"):
        with pytest.raises(ValueError):
            goat_direction(bad)
    with pytest.raises(ValueError):
        goat_next_hexes(Hex(0, 0), Hex(0, 0), "up")


def _bearing(a: Hex, b: Hex) -> float:
    (ax, ay), (bx, by) = to_xy(a), to_xy(b)
    return math.degrees(math.atan2(bx - ax, -(by - ay))) % 360


@pytest.mark.parametrize("start", [Hex(0, 0), Hex(3, -5), Hex(-2, 1)])
def test_north_and_south_are_straight(start):
    for direction, bearing in (("north", 0), ("south", 180)):
        (path,) = goat_paths(start, direction)
        assert len(path) == GOAT_MOVEMENT
        assert all(abs(_bearing(start, h) - bearing) < 1e-9 for h in path)


@pytest.mark.parametrize("start", [Hex(0, 0), Hex(3, -5), Hex(-2, 1)])
def test_east_and_west_zigzag_along_the_line(start):
    """Rule ce-evil-goat-move: within half a row of the line; four ways to go three steps."""
    half_row = math.sqrt(3) / 2
    for direction, sign in (("east", 1), ("west", -1)):
        paths = goat_paths(start, direction)
        assert len(paths) == 4 and len(set(paths)) == 4
        sx, sy = to_xy(start)
        for path in paths:
            prev = start
            for h in path:
                x, y = to_xy(h)
                assert (x - to_xy(prev)[0]) * sign == pytest.approx(1.5)
                assert abs(y - sy) <= half_row + 1e-9
                prev = h
            assert to_xy(path[-1])[0] - sx == pytest.approx(sign * 4.5)
        assert len(goat_next_hexes(start, start, direction)) == 2            # on the line: a choice
        off = goat_next_hexes(start, paths[0][0], direction)
        assert len(off) == 1                                                 # off it: back toward it


def test_who_steers_the_goat():
    assert goat_decider([3, 10.5, 4], alive=[0, 1, 2]) == [1]
    assert goat_decider([3, 10.5, 10.5], alive=[0, 1, 2]) == [1, 2]
    assert goat_decider([3, 10.5, 10.5], alive=[0, 2]) == [2]


# ================================================================== the rules
def test_rule_ids_are_unique_and_joined_the_rule_book():
    ids = [r.id for r in AWAKEN_RULES]
    assert len(ids) == len(set(ids))
    assert all(RULES[i] == r for i, r in zip(ids, AWAKEN_RULES))
    assert all(i.startswith("ce-") for i in ids)


def test_rulings_give_the_alternative():
    for rule in AWAKEN_RULES:
        if rule.kind in ("ruling", "variant") and rule.id != "ce-awaken-extended":
            assert "Alternative" in rule.summary, rule.id
    kinds = {r.id: r.kind for r in AWAKEN_RULES}
    assert kinds["ce-awaken-extended"] == "variant" and kinds["ce-awaken-track-data"] == "ruling"
    for needed in ("ce-awaken-track", "ce-blood-eye-invoke", "ce-blood-eye-cycle", "ce-awaken-reveal",
                   "ce-awaken-awaken", "ce-awaken-adjust", "ce-awaken-doom", "ce-awaken-draw", "ce-awaken-short",
                   "ce-evil-pit", "ce-evil-bitch", "ce-evil-statue", "ce-evil-emperor", "ce-evil-goat"):
        assert kinds[needed] == "rule", needed


def test_every_rule_the_code_names_exists():
    known = {r.id for r in AWAKEN_RULES} | {r.id for r in RULES}
    for path in (Path(__file__).parents[2] / "necro/cave_evil/awaken.py", AWAKEN_FILE):
        named = set(re.findall(r"\bce-[a-z0-9]+(?:-[a-z0-9]+)*", path.read_text(encoding="utf-8")))
        assert named and named <= known, named - known
