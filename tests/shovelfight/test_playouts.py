"""Seeded random playouts over every player count, JSON round trips and hostile input.

The default run plays a few hundred games; the big soak (2000 games, deep
checks every 40 steps, about six CPU minutes) is marked slow and runs only when
asked for:

    pytest -m slow tests/shovelfight        (or NECRO_SOAK=1 pytest tests/shovelfight)
"""

import copy
import json
import os
from collections import Counter

import pytest

from necro.core import FormatError, RandomBot, load_state, play
from necro.core.testing import random_playouts
from necro.shovelfight import Shovelfight
from necro.shovelfight import scenarios as sc
from necro.shovelfight.board import deck

from .invariants import Accounting, check_static


def bad_inputs(state):
    yes = ["no such move", "dig dig", "hit W9", "step z9", "shamble a1>a1", "joker", "roll 7", "keep e9"]
    if state.phase == "act":
        yes.append("stop")
    return yes


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_playouts_deep_checked(players):
    """Every contract check (JSON, copy, undo/redo, refused input) on a few whole games."""
    report = random_playouts(lambda seed: Shovelfight(players).new_initial_state(seed), range(4),
                             invariants=[Accounting()], deep_every=7, bad_inputs=bad_inputs)
    assert report.games == 4
    assert all(w is None or 0 <= w < players for w in report.winners)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_random_games_keep_the_invariants(players):
    """Many cheaper games: invariants after every step, on the unchecked fast path too."""
    winners = set()
    for seed in range(60):
        s = Shovelfight(players, stranded="falls" if seed % 3 == 0 else "nearest",
                        team_size="eight" if seed % 2 else "unlimited",
                        start="choose" if seed % 5 == 1 else "fixed",
                        last_stand="nobody" if seed % 7 == 3 else "share").new_initial_state(seed)
        bots = [RandomBot(seed * 10 + i) for i in range(players)]
        for _ in range(5000):
            check_static(s)
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.resolve_chance_unchecked()
            else:
                s.apply_unchecked(bots[s.current_player()].choose(s))
        assert s.is_terminal()
        winners.add(s.winner())
    assert len(winners) >= 3  # different seats win different games


def test_random_playouts_with_chosen_start_graves():
    report = random_playouts(lambda seed: Shovelfight(5, start="choose").new_initial_state(seed), range(2),
                             invariants=[Accounting()], deep_every=7, bad_inputs=bad_inputs)
    assert report.games == 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_soak_thousands_of_games(players, request):
    """2000 games, deep-checked every 40 steps: about six CPU minutes. ``./dev.sh test`` (and so
    CI) sets NECRO_SOAK=1; a plain ``pytest`` run skips it unless asked (``-m slow``)."""
    if "slow" not in (request.config.getoption("markexpr") or "") and not os.environ.get("NECRO_SOAK"):
        pytest.skip("the soak runs with -m slow or NECRO_SOAK=1")
    random_playouts(lambda seed: Shovelfight(players).new_initial_state(seed), range(1000, 1500),
                    invariants=[Accounting()], deep_every=40, bad_inputs=bad_inputs)


def test_json_round_trip_with_history_and_undo():
    s = Shovelfight(5).new_initial_state(seed=11)
    bots = [RandomBot(i) for i in range(5)]
    for _ in range(150):
        if s.is_terminal():
            break
        s.play_chance() if s.is_chance_node() else s.apply(bots[s.current_player()].choose(s))
    text = json.dumps(s.to_json())
    loaded = load_state(text)
    assert loaded == s and [x.action for x in loaded.steps] == [x.action for x in s.steps]
    last = loaded.undo()
    assert last.action == s.steps[-1].action and len(loaded.steps) == len(s.steps) - 1
    while loaded.can_undo():
        loaded.undo()
    assert loaded.phase == "first" and set(loaded.cards.values()) == {None}
    loaded.replay(s.to_json()["history"])
    assert loaded == s


@pytest.mark.parametrize("name", sorted(sc.SCENARIOS))
def test_scenarios_round_trip(name):
    s = sc.SCENARIOS[name]()
    again = Shovelfight(s.game.players, **s.game.options).state_from_position(json.loads(json.dumps(s.position())))
    assert again == s


def _mutations(value, path=()):
    """Every way of breaking one field of a JSON document."""
    junk = [None, -1, 10**12, "x", "zz9", [], {}, [None], True, 1.5]
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _mutations(v, path + (k,))
        yield path, "__drop__"
        yield path, "__extra__"
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _mutations(v, path + (i,))
    for j in junk:
        if j != value:
            yield path, j


def _set(doc, path, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value if not isinstance(value, str) or not value.startswith("__") else doc
    target = doc
    for k in path[:-1]:
        target = target[k]
    if value == "__drop__":
        if isinstance(target, dict):
            target.pop(path[-1], None)
    elif value == "__extra__":
        if isinstance(target[path[-1]], dict):
            target[path[-1]]["bogus"] = 1
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize("name", ["island_jump", "crowded_grave", "split_by_chance"])
def test_hostile_positions_give_format_errors(name):
    s = sc.SCENARIOS[name]()
    if s.is_chance_node():
        while s.forced:
            s.play_chance()
    good = s.position()
    game = Shovelfight(s.game.players, **s.game.options)
    refused = 0
    for path, value in _mutations(good):
        doc = _set(good, path, value)
        try:
            loaded = game.state_from_position(doc)
        except FormatError as exc:
            refused += 1
            assert exc.path.startswith("position")
            continue
        check_static(loaded)  # whatever is accepted is a sound position
    assert refused > 100


def test_load_refuses_a_history_that_does_not_match():
    s = Shovelfight(3).new_initial_state(seed=2)
    s.apply("first 1")
    doc = s.to_json()
    doc["position"]["teams"][0]["hits"] = 2
    with pytest.raises(FormatError):
        load_state(doc)


def test_bots_are_registered():
    bots = Shovelfight(3).bots()
    assert {"random", "heuristic"} <= set(bots)
    s = Shovelfight(3).new_initial_state(seed=1)
    play(s, [bots["heuristic"](seed=i) for i in range(3)])
    assert s.is_terminal()


def test_split_parts_must_not_overlap():
    s = sc.split_by_chance()
    s.play_chance()
    doc = s.position()
    doc["split"]["parts"] = [["a1"], ["a1"]]
    with pytest.raises(FormatError) as info:
        Shovelfight(4).state_from_position(doc)
    assert info.value.path == "position.split.parts"


def test_a_masked_view_loads_back_with_the_unseen_cards_left_to_chance():
    """A view hides the face-down cards (null); loaded back it is a position whose face-down
    graves nobody knows, each dug one dealt by chance from the rest of the deck."""
    s = sc.ace_push()
    s.apply("dig")
    seen = s.view(0)
    assert seen["graves"]["c3"] == "Ab" and seen["graves"]["a1"] is None
    again = Shovelfight(3).state_from_position(seen)
    assert again.cards["c3"] == "Ab" and again.cards["a1"] is None
    assert Counter(again.unseen()) == Counter(deck(3)) - Counter(c for c in again.cards.values() if c)


def test_a_position_with_more_copies_of_a_card_than_the_deck_is_refused():
    doc = sc.ace_push().position()
    doc["graves"] = {g: "Jo" for g in doc["graves"]}
    with pytest.raises(FormatError) as info:
        Shovelfight(3).state_from_position(doc)
    assert info.value.path == "position.graves" and "Jo" in str(info.value)
