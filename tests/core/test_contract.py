import json

import pytest

from necro.core import FormatError, IllegalAction, NothingToUndo, OptionError, load_state
from necro.core.explore import explore
from necro.core.testing import random_playouts

from .toy import Toy


def test_chance_is_explicit_and_seeded():
    a = Toy().new_initial_state(seed=5)
    b = Toy().new_initial_state(seed=5)
    assert a.is_chance_node() and a.legal_actions() == [1, 2, 3]
    a.play_chance()
    b.play_chance()
    assert a == b and a.steps[-1].by == "roll"


def test_forced_outcome_and_log_rule_ids():
    s = Toy().new_initial_state()
    s.force("3").play_chance()
    s.apply("bank")
    assert s.scores == [3, 0]
    assert [(e.rule, e.text) for e in s.log] == [("toy-roll", "rolled 3"), ("toy-bank", "player 1 banks 3")]
    assert s.steps[0].by == "forced"


def test_illegal_action_names_rule_and_leaves_state():
    s = Toy().new_initial_state()
    s.apply(2)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply("fly")
    assert isinstance(info.value, ValueError)
    assert info.value.rule == "core-notation" and "fly" in str(info.value)
    assert s.to_json() == before


def test_undo_redo_reproduces_rolls():
    s = Toy().new_initial_state(seed=9)
    s.play_chance().apply("bank").play_chance()
    after = s.position()
    s.undo()
    s.undo()
    s.redo()
    s.redo()
    assert s.position() == after
    while s.can_undo():
        s.undo()
    with pytest.raises(NothingToUndo):
        s.undo()


def test_json_round_trip_and_replay():
    s = Toy(target=8).new_initial_state(seed=3)
    for _ in range(5):
        s.play_chance().apply("bank")
    loaded = load_state(json.dumps(s.to_json()), Toy)
    assert loaded == s and loaded.game.options["target"] == 8 and loaded.can_undo()
    loaded.undo()
    assert loaded != s


@pytest.mark.parametrize("mutate, path", [
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d["position"].update(scores=[1]), "scores"),
    (lambda d: d["history"].append({"a": "bank", "by": "choice"}), "history"),
    (lambda d: d["history"][0].update(a="9"), "history[0]"),
    (lambda d: d["game"]["options"].update(target=7), "options"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["position"].update(turn="x"), "turn"),
])
def test_broken_json_gives_clear_errors(mutate, path):
    s = Toy().new_initial_state(seed=1)
    s.play_chance().apply("pass")
    doc = s.to_json()
    mutate(doc)
    with pytest.raises(FormatError) as info:
        load_state(doc, Toy)
    assert path in str(info.value)


def test_not_json_at_all():
    with pytest.raises(FormatError):
        load_state("{nope", Toy)


def test_options_validated():
    with pytest.raises(OptionError):
        Toy(target=5)
    with pytest.raises(OptionError):
        Toy(speed=1)
    with pytest.raises(OptionError):
        Toy(players=3)


def test_random_playouts_harness_runs_and_catches_bugs():
    report = random_playouts(lambda seed: Toy().new_initial_state(seed), range(20))
    assert report.games == 20

    def broken(state):
        assert max(state.scores) < 3, "score too high"

    with pytest.raises(AssertionError, match="score too high"):
        random_playouts(lambda seed: Toy().new_initial_state(seed), range(5), invariants=[broken])


def test_explore_graph_dedupes_and_labels_edges():
    s = Toy().new_initial_state()
    graph = explore(s, depth=2)
    root = graph["nodes"][graph["root"]]
    assert [e["a"] for e in root["edges"]] == ["1", "2", "3"]
    assert {e["p"] for e in root["edges"]} == {"1/3"}
    child = graph["nodes"][root["edges"][0]["to"]]
    assert [e["a"] for e in child["edges"]] == ["bank", "pass"]
    assert child["edges"][0]["log"] == [["toy-bank", "player 1 banks 1"]]
    keys = {json.dumps(n["view"], sort_keys=True) for n in graph["nodes"]}
    assert len(keys) == len(graph["nodes"])


def test_state_from_hand_written_position():
    s = Toy().state_from_position({"scores": [5, 0], "turn": 0, "roll": 2})
    s.apply("bank")
    assert s.is_terminal() and s.winner() == 0
    with pytest.raises(IllegalAction) as info:
        s.apply("bank")
    assert info.value.rule == "core-end"
    with pytest.raises(FormatError):
        Toy().state_from_position({"scores": [5, 0], "turn": 3, "roll": 2})


def test_a_checked_playout_may_stop_before_the_end():
    """``stop_after`` plays only the first steps, checked (a rule's own playout from a position built
    for it); without it, a game that has not ended within ``max_steps`` is a failure."""
    from necro.core.testing import checked_playout

    s = Toy().new_initial_state(seed=1)
    assert checked_playout(s, lambda s: s.legal_actions()[-1], stop_after=3) == 3
    assert len(s.steps) == 3 and not s.is_terminal()
    with pytest.raises(AssertionError, match="did not end within 3 steps"):
        checked_playout(Toy().new_initial_state(seed=1), lambda s: s.legal_actions()[-1], max_steps=3)
