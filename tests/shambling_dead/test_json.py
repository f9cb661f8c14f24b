"""Saving, loading, copying, and hostile JSON."""

import json

import pytest

from necro.core import FormatError, IllegalAction, NotationError, load_state
from necro.core.rng import Rng
from necro.core.testing import json_paths
from necro.shambling_dead import ShamblingDead
from necro.shambling_dead import scenarios as sc
from necro.shambling_dead.bots import CautiousReorder
from necro.shambling_dead.state import parse_act

from .helpers import board, night, rest_of_hour


def mid_battle():
    s = ShamblingDead().new_initial_state(3)
    bot = CautiousReorder(3)
    while not (s.boards[0].pairs and s.is_chance_node()):
        s.play_chance() if s.is_chance_node() else s.apply(bot.choose(s))
    return s


def test_round_trip_mid_battle_with_history_and_undo():
    s = mid_battle()
    loaded = load_state(json.dumps(s.to_json()), ShamblingDead)
    assert loaded == s and loaded.rng == s.rng
    loaded.undo()
    s.undo()
    assert loaded == s


@pytest.mark.parametrize("name", list(sc.SCENARIOS))
def test_scenarios_round_trip(name):
    s = sc.SCENARIOS[name]()
    assert load_state(s.dumps(), ShamblingDead) == s
    assert s.copy() == s


def test_notation_round_trip():
    for text in ("stand", "counter-charge", "done", "wound s3", "flee s12", "drag s2", "lose s4",
                 "engage s1 z7", "move s3 F", "place S", "draw 10H", "draw JK", "d6 4", "2d6 11", "event 3"):
        assert str(parse_act(text)) == text
    for bad in ("", "wound z3", "engage s1 s2", "move s3 X", "draw 11H", "d6 x", "fly", "wound s", 5):
        with pytest.raises(NotationError):
            parse_act(bad)


def test_illegal_is_refused_and_state_unchanged():
    s = sc.hero_six()
    before = s.to_json()
    for bad in ("stand", "d6 7", "wound s1", "2d6 6"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_json() == before


HOSTILE = [
    ("hour", 11), ("hour", "1"), ("events", [1, 1]), ("events", [2]), ("decks", []),
    ("decks", [{"pile": ["AS"], "discard": []}]), ("decks", [{"pile": ["AS"] * 41, "discard": []}]),
    ("boards", [{}]), ("boards", [board("H0F", "H0F")]), ("queue", [["teleport", 0]]), ("queue", [["battle", 5]]),
    ("queue", [["round", 0, 9]]), ("task", {"k": "wound", "p": 0}), ("task", {"k": "card", "p": 0, "why": "x"}),
    ("task", {"k": "stance", "p": 1}), ("task", {"k": "reorder", "p": 0, "moved": "x"}), ("task", []), ("over", "yes"),
    ("task", {"k": "flee", "p": 0, "left": 1, "extra": 1}),
]


@pytest.mark.parametrize("key,value", HOSTILE)
def test_hostile_positions_give_format_errors_with_a_path(key, value):
    s = night(2, [board("H0F", "S0F", "Z0F")], rest_of_hour())
    pos = s.position()
    pos[key] = value
    with pytest.raises(FormatError) as info:
        ShamblingDead().state_from_position(pos)
    assert info.value.path.startswith("position")


def test_hostile_board_details():
    base = night(2, [board("H0F", "S0F", "Z0F")], rest_of_hour()).position()
    mutations = [
        lambda b: b["figs"].append([9, "X", 0, "F"]),
        lambda b: b["figs"].append([9, "S", 2, "F"]),
        lambda b: b["figs"].append([9, "S", 0, "Q"]),
        lambda b: b.update(pairs=[[3, 1]]),
        lambda b: b.update(pairs=[[1, 3], [1, 3]]),
        lambda b: b.update(next=1),
        lambda b: b.update(stance="run"),
        lambda b: b.update(chargers=[1, 1]),
        lambda b: b["figs"].extend([[10 + i, "S", 0, "F"] for i in range(6)]),
        lambda b: b.update(out=[3]),
    ]
    for mutate in mutations:
        pos = json.loads(json.dumps(base))
        mutate(pos["boards"][0])
        with pytest.raises(FormatError) as info:
            ShamblingDead().state_from_position(pos)
        assert info.value.path.startswith("position.boards[0]")


def _junk(rng):
    return rng.choice([None, -1, 0, 1, 3, 10**9, "x", "F", "Z", "AS", [], [1], [1, "S", 0, "F"], {}, {"k": "die"},
                       True, 2.5])


def test_fuzzed_positions_never_crash():
    """Replace random parts of real positions by junk: a FormatError or a good load, nothing else."""
    rng = Rng(77)
    sources = [mid_battle().position()] + [f().position() for f in sc.SCENARIOS.values()]
    for n in range(600):
        pos = json.loads(json.dumps(sources[n % len(sources)]))
        paths = [p for p in json_paths(pos) if p]
        target = rng.choice(paths)
        node = pos
        for key in target[:-1]:
            node = node[key]
        node[target[-1]] = _junk(rng)
        try:
            s = ShamblingDead().state_from_position(pos)
        except FormatError:
            continue
        # a position that loads must be playable
        for _ in range(50):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.play_chance()
            else:
                s.apply(s.legal_actions()[0])


def test_refused_chance_outcomes_name_their_rule():
    from necro.shambling_dead.state import check_illegal

    s = sc.joker_mid_turn()
    assert check_illegal(s, "draw 5S").rule == "nsd-deck"  # already drawn this hour
    assert "1 to 6" in check_illegal(sc.hero_six(), "2d6 7").reason
