"""Cave Evil as a game: set-up decisions, turns, digs, movement, JSON and views."""

import functools
import json
from collections import Counter
from fractions import Fraction

import pytest

from necro.core import CHANCE, FormatError, IllegalAction, NotationError, OptionError, load_state
from necro.cave_evil import scenarios as sc
from necro.cave_evil import setup as su
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.hexes import Hex, parse_hex, ring
from necro.cave_evil.basics import PLAY, SETUP, full_deck

from .helpers import check_map

QUICK = pytest.mark.skipif(not su.QUICK_FILE.exists(), reason="quick_setup.json is not written yet")


@functools.lru_cache(maxsize=None)
def _digger_position() -> str:
    return json.dumps(sc.digger().position())


def digger(force=(), **options):
    """:func:`scenarios.digger`, built once and loaded from its position."""
    return CaveEvil(2, **options).state_from_position(json.loads(_digger_position())).force(*force)


def refused(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, (action, info.value.rule, info.value.reason)
    assert state.to_json() == before
    return info.value


def texts(state):
    return [e.text for e in state.log]


def rules_logged(state):
    return [e.rule for e in state.log]


# ------------------------------------------------------------------- the game
def test_game_players_and_options():
    assert CaveEvil.id == "cave-evil" and CaveEvil.title == "Cave Evil"
    for n in (2, 3, 4):
        assert CaveEvil(n).players == n
    for n in (1, 5):
        with pytest.raises(OptionError):
            CaveEvil(n)
    with pytest.raises(OptionError):
        CaveEvil(2, cycles=7)
    for option in CaveEvil.options_spec:
        assert option.rule.startswith("ce-") and option.default in option.choices
    assert set(CaveEvil(2).bots()) == {"random", "digger", "heuristic"}


def test_the_digger_bot_fills_the_map_where_random_play_does_not():
    from necro.core import play

    def dug(bot):
        """Tiles laid by digs in four 20-cycle games of two such bots."""
        game = CaveEvil(2, setup="quick", cycles=20)
        laid = 0
        for seed in range(4):
            state = game.new_initial_state(seed)
            play(state, [game.bots()[bot](seed), game.bots()[bot](seed + 10)])
            laid += len(state.ground.placements) - 1 - len(state.plan.to_json()["laid"])  # not the Pit Room, not set-up
        return laid

    assert dug("digger") >= 3 * max(1, dug("random"))


# -------------------------------------------------------------------- set-up
def test_the_first_player_is_a_chance_step():
    s = CaveEvil(3).new_initial_state()
    assert s.current_player() == CHANCE and s.phase == SETUP
    assert s.chance_outcomes() == [(f"first {k}", Fraction(1, 3)) for k in (1, 2, 3)]
    s.force("first 2").play_chance()
    assert s.plan.first == 1 and s.steps[-1].by == "forced"
    assert s.steps[-1].rule == "ce-first-player"
    refused(s, "first 1", "core-chance")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_steps_come_in_the_texts_order(players):
    first = players - 1
    s = CaveEvil(players).new_initial_state(players)
    s.apply(f"first {first}")
    expected = su.setup_steps(players, first - 1)[1:]
    for step in expected:
        assert s.phase == SETUP and s.current_player() == step.player
        actions = s.legal_actions()
        word = {"great-hall": "hall"}.get(step.kind, step.kind)
        assert actions and all(a.startswith(word + " ") for a in actions)
        assert len(actions) <= 300
        s.apply(actions[len(actions) // 2])
        assert s.steps[-1].rule == step.rule
    assert s.phase == PLAY and s.turn == first - 1 and s.cycle == 1
    if players == 3:
        assert s.plan.laid[0].owner is None and s.plan.laid[0].kind == su.TUNNEL
    check_map(s)


def test_setup_refusals_name_their_rules():
    s = CaveEvil(2).new_initial_state()
    s.apply("first 1")
    refused(s, "hall +9+9 r0", "ce-hall-start")            # not at the Pit Room
    refused(s, "lair +3+0 r0", "ce-setup-tile")             # a Great Hall comes first
    refused(s, "move N", "ce-setup-order")
    refused(s, "end", "ce-setup-order")
    refused(s, "place +3+0 r0", "ce-setup-order")
    with pytest.raises(NotationError):
        s.apply("hall somewhere")
    s.apply(s.legal_actions()[0])
    refused(s, "lair +20+20 r0", "ce-lair-at-hall")         # not at the end of the hall
    s.apply(s.legal_actions()[0])
    # player 2's hall: some candidates round the Pit Room are too near player 1's (6 hexes in a 2-player game)
    legal = set(s.legal_actions())
    rules = set()
    for h in ring(Hex(0, 0), 3):
        for r in range(6):
            a = f"hall {h} r{r}"
            if a not in legal:
                rules.add(s.explain_illegal(a)[0])
    assert "ce-hall-apart" in rules


def test_setup_notation_reads_back_normalised():
    s = CaveEvil(2).new_initial_state()
    s.apply("first 1")
    a = s.legal_actions()[0]
    word, at, rot = a.split()
    h = parse_hex(at)
    assert s.parse_action(f"{word} {h.q:+03d}{h.r:+d} {rot}") == a


def test_necromancers_start_on_their_crystals():
    s = sc.built(4, first=2, seed=1)
    assert s.turn == 1 and s.cycle == 1
    for p in range(4):
        lair = s.plan.pieces(su.LAIR, p)[0].placement
        squad = s.squads[f"{p}:N"]
        assert squad.hex == lair.crystal and squad.has_necromancer and squad.pick == 1
        assert [c.size for c in squad.creatures] == ["small", "small"]
    assert "ce-start-squad" in rules_logged(s) and "ce-throneroom-numbers" in rules_logged(s)


@QUICK
@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_layouts(players):
    for first in range(1, players + 1):
        s = sc.quick(players, first)
        assert s.phase == PLAY and s.turn == first - 1 and s.cycle == 1
        assert [x.placement for x in s.plan.laid] == su.quick_setup(players, first - 1)
        assert len(s.steps) == 1 and "ce-quick-setup" in rules_logged(s)
        check_map(s)
    # the same cave whoever goes first
    assert {str(p) for p in sc.quick(players, 1).ground.placements} == \
        {str(p) for p in sc.quick(players, players).ground.placements}


# ---------------------------------------------------------------- movement
def test_moving_picks_the_squad_then_the_hex():
    s = digger()
    start = s.squads["0:N"].hex
    s.apply("move N")
    dests = s.legal_actions()
    assert dests and all(a.startswith("move N ") for a in dests)
    assert s.current_player() == 0
    refused(s, "end", "ce-move-rate")
    refused(s, "move N +20+20", "ce-open-ground")
    far = max(dests, key=lambda a: s.ground.distance(start, parse_hex(a.split()[2])))
    s.apply(far)
    squad = s.squads["0:N"]
    assert squad.hex == parse_hex(far.split()[2]) and s.pending is None
    assert all(c.moved == s.ground.distance(start, squad.hex) for c in squad.creatures)
    assert "ce-move-rate" in rules_logged(s)
    # spend the rest of the movement, then no more moves
    while "move N" in s.legal_actions():
        s.apply("move N")
        s.apply(s.legal_actions()[0])
    assert squad.left == 0
    refused(s, "move N", "ce-move-rate")


def test_moves_of_squads_one_does_not_have_are_refused():
    s = digger()
    refused(s, "move II", "ce-control-cards")
    refused(s, "dig III", "ce-control-cards")
    refused(s, "place +0+0 r0", "ce-dig-finish")
    refused(s, "d12 4", "core-chance")


def test_turns_go_clockwise_and_the_game_ends_after_the_cycle_limit():
    s = sc.built(3, first=2, seed=2, cycles=2)
    order = []
    while not s.is_terminal():
        order.append((s.cycle, s.turn))
        s.apply("end")
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]
    assert s.returns() == [0.0, 0.0, 0.0] and s.winner() is None
    assert rules_logged(s)[-1] == "ce-cycle-limit"
    assert s.legal_actions() == []
    refused(s, "end", "core-end")


def test_ce_break_the_necromonk_breaks_away_as_a_new_squad():
    s = digger()
    start = s.squads["0:N"].hex
    assert "break N necromonk-1" in s.legal_actions()
    assert not any(a.startswith("break N necromancer") for a in s.legal_actions())
    s.apply("break N necromonk-1")
    dests = s.legal_actions()
    assert dests and all(a.startswith("break N necromonk-1 ") for a in dests)
    refused(s, "move N +20+20", "ce-break")
    refused(s, "break N necromonk-1 +20+20", "ce-open-ground")
    view = s.decorate_view(s.position())
    assert set(view["map"]["reach"]["stops"]) == {a.split()[3] for a in dests}
    assert json.loads(json.dumps(s.position()))["pending"] == {"kind": "break", "squad": "0:N",
                                                               "creatures": ["necromonk-1"]}
    assert s.game.state_from_position(s.position()) == s
    far = max(dests, key=lambda a: s.ground.distance(start, parse_hex(a.split()[3])))
    s.apply(far)
    monk, nec = s.squads["0:I"], s.squads["0:N"]
    assert [c.id for c in monk.creatures] == ["necromonk-1"] and monk.hex == parse_hex(far.split()[3])
    assert [c.id for c in nec.creatures] == ["necromancer-1"] and nec.hex == start
    assert rules_logged(s)[-1] == "ce-break"
    assert "reach" not in s.decorate_view(s.position())["map"]
    # the Necromancer alone cannot "break away": that is a move
    refused(s, "break N necromancer-1", "ce-break")
    # the monk spent its movement (ce-break-movement): no more breaking or moving for it
    assert not any(a.startswith(("break I", "move I")) for a in s.legal_actions())
    s.undo()
    assert "0:I" not in s.squads and s.pending == {"kind": "break", "squad": "0:N", "creatures": ["necromonk-1"]}


def test_ce_break_back_into_a_friendly_squad_merges():
    s = digger()
    s.apply("break N necromonk-1")
    near = min(s.legal_actions(), key=lambda a: s.ground.distance(s.squads["0:N"].hex, parse_hex(a.split()[3])))
    s.apply(near)                          # one step away, as squad I
    s.apply("move N")
    s.apply(f"move N {s.squads['0:I'].hex}")   # the Necromancer's squad walks onto it: they merge
    assert "0:I" not in s.squads and len(s.squads["0:N"].creatures) == 2
    assert rules_logged(s)[-1] == "ce-merge"


def test_ce_break_with_no_free_control_card_only_into_friends():
    s = digger()
    pos = s.position()
    here = s.squads["0:N"].hex
    far = [h for h in sorted(s.ground.open_hexes()) if s.ground.distance(here, h) and s.ground.distance(here, h) > 6
           and h not in s.ground.spawn_pits and s.squads.at(h) is None]
    for card, h in zip(("I", "II", "III", "IV", "V"), far[::7]):
        pos["squads"].append({"id": f"0:{card}", "owner": 0, "at": str(h),
                              "creatures": [{"id": f"imp-{card.lower()}", "size": "small", "speed": 1}], "card": card})
    s = s.game.state_from_position(pos)
    assert not any(a.startswith("break N") for a in s.legal_actions())
    refused(s, "break N necromonk-1", "ce-break")


def test_ce_dig_leave_the_last_pick_axe_breaking_away_abandons_the_dig():
    s = digger(force=["face-down crook"])
    s.apply("dig N")
    s.play_chance()
    assert not any(a.startswith("break N") for a in s.legal_actions())  # it dug this turn: nobody moves
    s.apply("end")
    s.apply("end")
    s.apply("break N necromonk-1")
    s.apply(s.legal_actions()[0])
    assert "0:N" not in s.digs and s.deck.discard["crook"] == 1
    assert "ce-dig-leave" in rules_logged(s)
    check_map(s)


# -------------------------------------------------------------------- digs
def test_a_dig_in_three_parts_with_forced_draws():
    s = digger()
    at = s.squads["0:N"].hex
    s.apply("dig N")
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert sum(q for _, q in outcomes) == 1 and all(a.startswith("face-down ") for a, _ in outcomes)
    assert dict(outcomes)["face-down tunnel"] == Fraction(12, 42)
    s.force("face-down tunnel").play_chance()
    dig = s.digs["0:N"]
    assert (dig.card, dig.rocks, dig.stage) == ("tunnel", 3, "digging")
    # the card is hidden from everyone, in the position views and in the log
    for viewer in (0, 1):
        view = s.view(viewer)
        assert view["digs"][0]["card"] == "?" and view["deck"]["face_down"] == 1
        assert sum(view["deck"]["pile"].values()) == 42
        assert s.mask_notation(s.steps[-1].action, CHANCE, viewer) == "face-down ?"
    assert not any("tunnel" in t for t in texts(s)[-2:])
    refused(s, "continue N", "ce-dig-continue")                 # not twice in a turn
    refused(s, "move N", "ce-move-halted")                       # digging ends its movement
    s.apply("end")
    s.apply("end")
    s.apply("continue N")
    assert s.digs["0:N"].rocks == 2
    s.apply("end")
    s.apply("end")
    s.apply("continue N")
    s.apply("end")
    s.apply("end")
    s.apply("continue N")                                         # the last rock: the card turns up
    dig = s.digs["0:N"]
    assert dig.stage == "place" and s.current_player() == 0
    placements = s.legal_actions()
    assert placements and all(a.startswith("place ") for a in placements)
    refused(s, "end", "ce-dig-finish")
    refused(s, "place +40+40 r0", "ce-excavate-start")
    s.apply(placements[0])
    assert s.ground.placements[-1].tile.id == "tunnel"
    steps = s.legal_actions()
    assert "stay" in steps
    onto = [a for a in steps if a.startswith("step ")]
    if onto:
        s.apply(onto[0])
        assert s.squads["0:N"].hex == parse_hex(onto[0].split()[1]) != at
    else:
        s.apply("stay")
    assert "0:N" not in s.digs and s.deck.discard["tunnel"] == 1
    assert s.legal_actions() == ["end"] or "end" in s.legal_actions()
    check_map(s)


def test_an_event_is_set_aside_and_another_card_drawn():
    s = digger(force=["face-down event-spawn"])
    s.apply("dig N")
    s.play_chance()
    for _ in range(2):
        s.apply("end")
        s.apply("end")
        s.apply("continue N")
    s.apply("end")
    s.apply("end")
    s.apply("continue N")
    assert s.current_player() == CHANCE and s.digs["0:N"].stage == "draw"
    assert all(a.startswith("draw ") for a in s.legal_actions())
    s.force("draw event-tiles", "draw crook").play_chance()
    assert s.current_player() == CHANCE
    s.play_chance()
    assert s.digs["0:N"].events == ("event-spawn", "event-tiles") and s.digs["0:N"].stage == "place"
    s.apply(s.legal_actions()[0])
    if s.digs:
        s.apply("stay")
    assert s.events == ["event-spawn", "event-tiles"]
    s.apply("end")
    assert s.boxed == Counter({"event-spawn": 1, "event-tiles": 1}) and s.events == []
    assert "ce-events-later" in rules_logged(s)
    check_map(s)


def test_a_dig_not_continued_lapses_and_moving_abandons_it():
    s = digger(force=["face-down crook"])
    s.apply("dig N")
    s.play_chance()
    s.apply("end")
    s.apply("end")
    s.apply("end")                                               # did not dig on
    assert "0:N" not in s.digs and s.deck.discard["crook"] == 1
    assert "ce-dig-continue" in rules_logged(s)
    s.apply("end")
    s.force("face-down antechamber")
    s.apply("dig N")
    s.play_chance()
    s.apply("end")
    s.apply("end")
    s.apply("move N")
    s.apply(s.legal_actions()[0])
    assert "0:N" not in s.digs and s.deck.discard["antechamber"] == 1
    assert "ce-dig-busy" in rules_logged(s)
    check_map(s)


def test_a_dig_that_fits_nowhere_fails():
    s = sc.failed_dig()
    assert s.digs["0:N"].rocks == 1
    s.apply("continue N")
    assert "0:N" not in s.digs and s.deck.discard["great-hall"] == 1
    assert rules_logged(s)[-1] == "ce-excavate-fails"
    assert s.legal_actions() == ["end"] or "end" in s.legal_actions()
    check_map(s)


def test_an_immediate_excavator_digs_through_at_once():
    s = sc.immediate(force=["draw alcove"])
    assert s.squads["0:N"].pick == 5
    s.apply("dig N")
    assert all(a.startswith("draw ") for a, _ in s.chance_outcomes())
    s.play_chance()
    assert s.digs["0:N"].stage == "place" and "ce-dig-immediate" in rules_logged(s)
    s.apply(s.legal_actions()[-1])
    assert s.ground.placements[-1].tile.id == "alcove"
    if s.digs:
        assert "stay" in s.legal_actions()
        s.apply("stay")
    check_map(s)


def test_collapse_death_buries_a_necromancer():
    s = sc.face_to_face(collapse_death=True, force=["d12 1"])
    victim = s.squads["1:N"].hex
    s.apply("continue N")
    s.apply(f"place {victim} r0")
    assert s.current_player() == CHANCE and s.chance_outcomes()[0] == ("d12 1", Fraction(1, 12))
    s.play_chance()
    assert s.is_terminal() and s.out == [1] and s.returns() == [1.0, -1.0] and s.winner() == 0
    assert "ce-last-standing" in rules_logged(s)
    check_map(s)


def test_without_collapse_death_the_caught_squad_is_trapped():
    s = sc.face_to_face()
    victim = s.squads["1:N"].hex
    s.apply("continue N")
    s.apply(f"place {victim} r0")
    assert s.current_player() == 0 and s.ground.status_of(victim) == "collapsed"
    s.apply("end")
    assert s.turn == 1
    refused(s, "move N", "ce-collapse-trapped")


def test_flank_excavation_is_an_option():
    s = digger(force=["face-down tunnel"])
    pos = s.position()
    at = s.squads["0:N"].hex
    beside = next(h for h in sorted(s.ground.graph.neighbors(at)) if h not in s.ground.spawn_pits)
    pos["squads"].append({"id": "0:I", "owner": 0, "at": str(beside), "card": "I",
                          "creatures": [{"id": "rat-1", "size": "small", "speed": 3, "pick": 1}]})
    for flank, expect in ((False, ["continue N"]), (True, ["continue N", "continue N with I"])):
        t = CaveEvil(2, flank=flank).state_from_position(pos).force("face-down tunnel")
        t.apply("dig N")
        t.play_chance()
        t.apply("end")
        t.apply("end")
        assert [a for a in t.legal_actions() if a.startswith("continue")] == expect
        if flank:
            t.apply("continue N with I")
            assert t.digs["0:N"].rocks == 1 and "ce-flank-excavation" in rules_logged(t)
        else:
            refused(t, "continue N with I", "ce-flank-excavation")


# -------------------------------------------------------------------- JSON
def round_trip(s):
    loaded = load_state(json.dumps(s.to_json()), CaveEvil)
    assert loaded == s and loaded.position() == s.position()
    again = CaveEvil(s.game.players, **s.game.options).state_from_position(s.position())
    assert again.position() == s.position()
    return loaded


def test_json_round_trips_at_every_kind_of_moment():
    s = CaveEvil(2).new_initial_state(5)
    round_trip(s)
    s.apply("first 2")
    s.apply(s.legal_actions()[3])
    round_trip(s)
    s = digger(force=["face-down tunnel"])
    s.apply("move N")
    round_trip(s)
    s.undo()
    s.apply("dig N")
    round_trip(s)
    s.play_chance()
    loaded = round_trip(s)
    assert loaded.forced == s.forced
    loaded.undo()
    assert loaded.current_player() == CHANCE


def test_copies_are_independent():
    s = digger()
    c = s.copy()
    c.apply("move N")
    c.apply(c.legal_actions()[0])
    assert c.squads["0:N"].hex != s.squads["0:N"].hex and c != s
    assert s.copy() == s


def mutated(base, change):
    pos = json.loads(json.dumps(base.position()))
    change(pos)
    return pos


def hostile_cases(s):
    n = next(i for i, x in enumerate(s.position()["squads"]) if x["id"] == "0:N")

    def squad(pos):
        return pos["squads"][n]

    return {
        "unknown key": lambda p: p.update(extra=1),
        "bad phase": lambda p: p.update(phase="combat"),
        "squad on rock": lambda p: squad(p).update(at="+30+30"),
        "a card twice": lambda p: p["deck"]["discard"].update(tunnel=1),
        "a card missing": lambda p: p["deck"]["pile"].update(tunnel=11),
        "turn of nobody": lambda p: p.update(turn=None),
        "cycle beyond the limit": lambda p: p.update(cycle=99),
        "dig of no squad": lambda p: p["digs"].append(
            {"squad": "0:IV", "mode": "excavate", "at": "+0+0", "card": None, "rocks": 0, "stage": "draw",
             "events": [], "worked": True, "momentum": True}),
        "pending move of a rival": lambda p: p.update(pending={"kind": "move", "squad": "1:N"}),
        "the Necromancer breaking away": lambda p: p.update(
            pending={"kind": "break", "squad": "0:N", "creatures": ["necromancer-1"]}),
        "the whole squad breaking away": lambda p: p.update(
            pending={"kind": "break", "squad": "0:N", "creatures": ["necromancer-1", "necromonk-1"]}),
        "a stranger breaking away": lambda p: p.update(
            pending={"kind": "break", "squad": "0:N", "creatures": ["ghoul-9"]}),
        "pending of no kind": lambda p: p.update(pending={"kind": "fight", "squad": "0:N"}),
        "a roll without the option": lambda p: p.update(pending={"kind": "roll", "squads": ["0:N"]}),
        "a tile card in the box": lambda p: p.update(boxed={"tunnel": 1}),
        "not an event set aside": lambda p: p.update(events=["tunnel"]),
        "necromancer missing": lambda p: p["squads"].pop(n),
        "setup not done": lambda p: p["setup"]["laid"].pop(),
        "a lair dug up": lambda p: p["ground"]["placements"].append({"tile": "lair", "at": "+30+30", "turn": 0}),
        "pile of no cards": lambda p: p["deck"]["pile"].update(gold=1),
        "players out twice": lambda p: p.update(out=[1, 1]),
        "wrong player count": lambda p: p["setup"].update(players=3),
        "not json types": lambda p: p.update(cycle="one"),
    }


@pytest.mark.parametrize("case", list(hostile_cases(digger())))
def test_hostile_positions_are_refused(case):
    s = digger()
    pos = mutated(s, hostile_cases(s)[case])
    with pytest.raises(FormatError):
        s.game.state_from_position(pos)


def test_a_hostile_setup_position_is_refused():
    s = CaveEvil(2).new_initial_state()
    s.apply("first 1")
    s.apply(s.legal_actions()[0])
    for change in (lambda p: p["ground"]["placements"].append({"tile": "tunnel", "at": "+0+9", "turn": 0}),
                   lambda p: p["setup"].update(first=5),
                   lambda p: p["squads"].append({"id": "0:N", "owner": 0, "at": "+0+0", "card": "N",
                                                 "creatures": [{"id": "n", "size": "small", "speed": 3,
                                                                "necromancer": True}]}),
                   lambda p: p.update(phase="play")):
        with pytest.raises(FormatError):
            s.game.state_from_position(mutated(s, change))


def test_full_deck_is_the_packaged_base_deck():
    assert sum(full_deck().values()) == 42


@pytest.mark.parametrize("players", [2, 4])
def test_the_quick_option_lays_a_layout_file(players, tmp_path, monkeypatch):
    """The quick set-up path, on a stand-in layout file made from a cave built step by step
    (so it runs whether or not the packaged layouts exist yet)."""
    built = sc.built(players, first=1, seed=3)
    layouts = {str(n): su.by_seat(sc.built(n, first=1, seed=3).plan) for n in (2, 3, 4)}
    path = tmp_path / "quick_setup.json"
    path.write_text(json.dumps({"format": su.QUICK_FORMAT, "version": 1, "layouts": layouts}))
    monkeypatch.setattr(su, "QUICK_FILE", path)
    su._quick_data.cache_clear()
    try:
        s = sc.quick(players, first=1, seed=3)
        assert s.phase == PLAY and len(s.steps) == 1 and s.turn == 0
        assert s.ground.placements == built.ground.placements
        assert s.squads == built.squads
        assert "ce-quick-setup" in rules_logged(s)
        round_trip(s)
    finally:
        su._quick_data.cache_clear()


def test_ce_dig_no_tile_is_the_rule_logged_when_the_box_is_empty():
    from necro.cave_evil.examples import at, corridor, creature, dig, squad

    rooms = [{"tile": "antechamber", "at": str(Hex(7, r)), "turn": 0} for r in (-11, -9)] + \
            [{"tile": "antechamber", "at": str(Hex(5, r)), "turn": 0} for r in (-10, -8)]
    s = corridor([squad(0, "I", at(5), creature("necromonk", pick=1))], tiles=rooms,
                 digs=[dig("0:I", at(5), "antechamber", rocks=1)])
    s.apply("continue I")
    texts = [(e.rule, e.text) for e in s.log]
    assert ("ce-dig-finish", "The card shows an Antechamber.") in texts
    assert texts[-1][0] == "ce-dig-no-tile" and "0:I" not in s.digs
    assert s.deck.discard["antechamber"] == 1
