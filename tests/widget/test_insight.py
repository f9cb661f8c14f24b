"""The optional insight panel: a table Python computes per position (GameWidget(insight=...))."""

import json

import pytest

from necro.core.game import CHANCE
from necro.widget import GameWidget, expand_view
from necro.widget.view import check_insight
from tests.core.toy import Toy


def bank_odds(state):
    """A table at the bank-or-pass decision only (the toy's player decision)."""
    if state.is_terminal() or state.current_player() == CHANCE:
        return None
    return {"title": "Bank or pass?", "columns": ["Choice", "Score after"],
            "rows": [["bank", 1], ["pass", "0"]], "note": "computed in Python"}


def toy(seed=0):
    return Toy().new_initial_state(seed=seed)


def test_insight_is_in_the_view_at_the_decision_only():
    w = GameWidget(toy(), auto_chance=False, insight=bank_odds)
    assert "insight" not in w.view  # a chance node: no table
    w.act("2")
    assert w.view["insight"] == {"title": "Bank or pass?", "columns": ["Choice", "Score after"],
                                 "rows": [["bank", 1], ["pass", "0"]], "note": "computed in Python"}
    json.dumps(w.view)
    w.undo()
    assert "insight" not in w.view
    plain = GameWidget(toy(), auto_chance=False)
    plain.act("2")
    assert "insight" not in plain.view


def test_insight_does_not_change_the_repr():
    a, b = GameWidget(toy(), insight=bank_odds), GameWidget(toy())
    assert repr(a) == repr(b)


def test_graph_nodes_carry_the_insight_only_where_there_is_one():
    w = GameWidget(toy(), auto_chance=False, insight=bank_odds).explorable(depth=2)
    g = w.graph
    with_table = [n for n in g["nodes"] if "insight" in n["view"]]
    assert with_table and all(n["view"]["insight"]["title"] == "Bank or pass?" for n in with_table)
    assert all(n["view"].get("to_move") != "chance" for n in with_table)
    assert "insight" not in g["nodes"][g["root"]]["view"]
    for path in ([], ["2"], ["3", "bank"]):
        live = GameWidget(toy(), auto_chance=False, insight=bank_odds)
        for notation in path:
            live.act(notation)
        assert expand_view(g, path) == live.view, path
    bare = GameWidget(toy(), auto_chance=False).explorable(depth=2)
    # the graph grows by the tables and nothing else
    tables = sum(len(',"insight":' + json.dumps(n["view"]["insight"], separators=(",", ":"))) for n in with_table)
    assert w.graph_size() - bare.graph_size() == tables


def test_the_shambling_dead_odds_panel_at_a_stand_or_counter_charge_decision():
    from necro.shambling_dead.analysis import odds_insight
    from necro.shambling_dead.scenarios import board, night, rest_of_hour

    s = night(2, [board("H0F", "S1F", "S1F", "S0S", *["Z0F"] * 5)], rest_of_hour())
    w = GameWidget(s, insight=odds_insight).explorable(depth=1)
    assert [row[0] for row in w.view["insight"]["rows"]] == ["stand", "counter-charge"]
    root = w.graph["nodes"][w.graph["root"]]
    assert root["view"]["insight"] == w.view["insight"]
    assert sum("insight" in n["view"] for n in w.graph["nodes"]) == 1
    w.act("stand")
    assert "insight" not in w.view
    w.undo()
    assert w.view["insight"] == root["view"]["insight"]


def test_bad_insights_are_refused():
    with pytest.raises(TypeError):
        GameWidget(toy(), insight="odds")
    with pytest.raises(TypeError):
        check_insight(["not", "a", "dict"])
    with pytest.raises(ValueError):
        check_insight({"title": "t", "columns": ["a", "b"], "rows": [["only one"]]})
    assert check_insight({"title": 3, "rows": [[True, 0.5]]}) == {"title": "3", "columns": [],
                                                               "rows": [["True", 0.5]]}
